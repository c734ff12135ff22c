//! One SWTCG attack, or dice of damage on their own, simulated die by die.
//!
//! The keywords of every unit are read from their transforms (`data/swtcg/keywords.yaml`) into
//! plain numbers (`units.rs`); the attack is declared once (`declare.rs`: interception, legality,
//! power, Lucky's order); then each trial plays it as the rules reference orders it: roll the
//! power dice one at a time, roll Fury's extra dice if the initial roll showed its face, let
//! each side's Lucky re-roll (`roll.rs`), move Overkill's hits, add Critical Hit's bonus,
//! prevent (Absorb, Deflect, then Parry and Evade), place counters (Double Damage), discard
//! (Area Damage, Avenge) and end the attack (Riposte, Retaliate, Backfire, Overload) with dice
//! of damage rolled one at a time (`resolve.rs`, `damage.rs`). Every reading is the one
//! `docs/rules.md` states, switched by the rule options given.
//!
//! Before an attack is declared its units are settled as the exact engine settles them: items that
//! read the game state (`Fury X, X = damage counters`, `if damage <= 4: Shields 2`, `if attacking:
//! …`, `opponent loses: Armor`) become plain items against the unit's counters and role
//! ([`Unit::in_state`](crate::swtcg::unit::Unit::in_state)). That is reading the SPEC, not attack
//! mechanics: the settled keywords are then read and rolled here like any others. Double Strike's
//! and Tenacity's second attack settles the units again, with the counters the first attack left in
//! that trial (`follow_up.rs`).
//!
//! Lucky's greedy choices follow the orders `docs/rules.md` gives, die by die (Reroll: every
//! die the order lists). Under the optimal policy the simulator still rolls every die itself:
//! it asks the exact engine's policy (`swtcg::lucky::OptimalPolicy`)
//! only which dice each side re-rolls, weighing rolls by its own reading of the damage. A
//! unit's choice (`choose: A / B and C`) is a policy decision too, asked of the exact engine
//! as each attack starts: the option its policy takes, weighing every option by its exact
//! attack (greedy: the most expected counters; optimal: the objective), through
//! `attack::settled`. Nothing else of the exact engine is used.

mod damage;
mod declare;
mod follow_up;
mod resolve;
mod roll;
mod units;
mod variables;

use super::{default_workers, run, Samples};
use crate::dice::Faces;
use crate::error::{Error, Input, Message};
use crate::swtcg::attack::Scenario;
use crate::swtcg::keywords::Effect;
use crate::swtcg::rules::Rules;
use crate::swtcg::unit::Unit;
use declare::Plan;
use follow_up::{Pair, Player};
use rand::rngs::ChaCha8Rng;
use resolve::Outcome;
use units::{Role, Stats};
use variables::Variable;

/// A simulation, checked and ready to run: what one trial rolls and the variables it reports.
#[derive(Debug, Clone)]
pub struct Simulation {
    what: What,
    variables: Vec<(String, Variable)>,
}

#[derive(Debug, Clone)]
enum What {
    /// An attack, and the two attacks Double Strike or Tenacity make, when it has either.
    Attack(Box<Plan>, Option<Pair>),
    /// Dice of damage at a unit on their own: how many, and whether the source has Ferocity.
    Dice(i64, Box<Stats>, bool),
}

impl Simulation {
    /// One attack as `s` describes it: the attacker, defender, secondary unit, interceptor,
    /// mode, Lucky's policy and objective, rule options and carried power.
    ///
    /// It reports every variable the exact result of the same scenario reports that a trial
    /// can show, with the same key: `damage`, `destroyed`, `hits`, `attacker_damage`,
    /// `attacker_destroyed`, `secondary_damage`, `secondary_destroyed`, `triggers.KEYWORD` (1
    /// when it fired), `focus_power`, `absorb_power`, `attacker_absorb_power`,
    /// `deflect_damage`, `attacker_deflect_damage`, `stun`, `defender_stun`, `surge`,
    /// `attacker_surge`, `bounty` (1 when it fired) and `defender_resilience`; and `foresight`,
    /// the number Foresight predicts (hits, or pending damage under foresight=damage), whose
    /// most likely value is the exact result's best prediction.
    ///
    /// Refuses what the exact engine refuses for the rules' sake (a missing power, discarded or
    /// protected units, an interceptor that can't take the attack, conditional items left
    /// unsettled, an objective that can't be read) with its message. Its size limits, which
    /// keep exact answers prompt, are not applied, but for the optimal policy's pool and for
    /// units that choose: those decisions come from the exact engine.
    pub fn attack(s: &Scenario) -> Result<Simulation, Error> {
        // Refused as the exact engine refuses: its limits concern the attacker.
        let plan = declare::declare(s).map_err(|e| e.limit_of(Input::Attacker))?;
        let pair = Pair::of(s, &plan).map_err(|e| e.limit_of(Input::Attacker))?;
        Ok(Simulation {
            variables: variables::of_attack(&plan, pair.as_ref()),
            what: What::Attack(Box::new(plan), pair),
        })
    }

    /// `count` dice of damage at `target` on their own (Ambush), as `holodice swtcg dice`
    /// computes them: each hits on 4 or more (5 against Armor) and the target's Evade, Absorb
    /// and Deflect prevent what they can unless `unpreventable` (the source's Ferocity).
    /// Reports `damage`, `destroyed`, `hits`, `absorb_power`, `deflect_damage` and `surge` as
    /// that command does.
    pub fn dice(count: i64, target: &Unit, unpreventable: bool) -> Result<Simulation, Error> {
        if count < 0 {
            return Err(Error::input(
                Message::flag(Input::Count)
                    .text(format!(" {count}: give a whole number of dice, 0 or more")),
            ));
        }
        let mut stats = Stats::read(target, Role::Defender, None);
        // No attacker: an Intimidation with no number counts no unit.
        stats.settle(0);
        if let Some(h) = stats.health.filter(|&h| stats.damage >= h) {
            return Err(Error::illegal(format!(
                "the target already has {} damage counters, at least its health {h}: it is \
                 discarded",
                stats.damage
            )));
        }
        Ok(Simulation {
            variables: variables::of_dice(&stats),
            what: What::Dice(count, Box::new(stats), unpreventable),
        })
    }

    /// The reported variables' keys, in order.
    pub fn keys(&self) -> Vec<&str> {
        self.variables.iter().map(|(k, _)| k.as_str()).collect()
    }

    /// The most dice one trial may roll: attack dice with every extra die, each Lucky's
    /// re-rolls, and every die of damage.
    pub fn most_dice(&self) -> i64 {
        let (p, pair) = match &self.what {
            What::Attack(p, pair) => (p, pair.is_some()),
            What::Dice(count, ..) => return *count,
        };
        let extra = p
            .roll
            .triggers
            .iter()
            .filter(|t| matches!(t.effect, Effect::ExtraDice | Effect::DiceToSelf));
        let lucky = p.lucky().into_iter().map(|(_, x)| x);
        let one = [p.dice, p.retaliate, p.avenge, p.area, p.att.overload]
            .into_iter()
            .chain(extra.map(|t| t.amount))
            .chain(lucky)
            .fold(0i64, i64::saturating_add);
        // Double Strike's two attacks roll about as much again each, on more power at most
        // by what the first carries in: counted as three attacks.
        if pair {
            one.saturating_mul(3)
        } else {
            one
        }
    }

    /// `trials` trials from `seed`, on every available core (the result does not depend on it).
    pub fn run(&self, trials: u64, seed: u64) -> Samples {
        self.run_with(trials, seed, default_workers())
    }

    /// [`Simulation::run`] on a given number of worker threads.
    pub fn run_with(&self, trials: u64, seed: u64, workers: usize) -> Samples {
        let keys = self.keys();
        let variables = &self.variables;
        let record = move |o: &Outcome, out: &mut [i64]| {
            for (slot, (_, v)) in out.iter_mut().zip(variables) {
                *slot = v.read(o);
            }
        };
        match &self.what {
            What::Attack(plan, pair) => {
                let value = |hits: i64, seen: Faces| plan.objective_value(hits, seen.bits() as u16);
                let value: &(dyn Fn(i64, Faces) -> f64 + Sync) = &value;
                run(&keys, trials, seed, workers, || {
                    // The decisions are memoised, and not shared between threads: one set per
                    // chunk.
                    let optimal = plan.optimal(value);
                    let mut twice = pair.as_ref().map(Player::new);
                    let mut table = Vec::new();
                    move |rng: &mut ChaCha8Rng, out: &mut [i64]| {
                        let rolled = plan.roll(rng, &mut table, optimal.as_ref());
                        let mut o = plan.resolve(rng, &rolled);
                        if let Some(player) = &mut twice {
                            o.follow_up = player.play(rng, &mut table);
                        }
                        record(&o, out);
                    }
                })
            }
            &What::Dice(count, ref target, ferocity) => run(&keys, trials, seed, workers, || {
                move |rng: &mut ChaCha8Rng, out: &mut [i64]| {
                    let (hits, placed) =
                        damage::dice_of_damage(rng, count, target, target.guard, ferocity, 1, true);
                    let o = Outcome {
                        hits,
                        defender: placed,
                        destroyed: resolve::discarded(target, placed.counters),
                        ..Outcome::default()
                    };
                    record(&o, out);
                }
            }),
        }
    }
}

/// `trials` simulated attacks by `attacker` on `defender` under `rules`, from `seed`: the
/// ordinary attack of [`Simulation::attack`].
///
/// ```
/// use holodice_engine::sim::simulate_swtcg;
/// use holodice_engine::swtcg::{rules::Rules, unit::Unit};
/// let a = Unit::parse("attacker", "Power 3").unwrap();
/// let d = Unit::parse("defender", "Health 2").unwrap();
/// let s = simulate_swtcg(&a, &d, &Rules::default(), 10_000, 1).unwrap();
/// assert!((s.mean("hits").unwrap() - 1.5).abs() < 0.05);
/// ```
pub fn simulate_swtcg(
    attacker: &Unit,
    defender: &Unit,
    rules: &Rules,
    trials: u64,
    seed: u64,
) -> Result<Samples, Error> {
    let s = Scenario::new(attacker.clone(), defender.clone(), rules.clone());
    Ok(Simulation::attack(&s)?.run(trials, seed))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::policy::Policy;

    fn unit(role: &str, spec: &str) -> Unit {
        Unit::parse(role, spec).unwrap()
    }

    fn scenario(a: &str, d: &str) -> Scenario {
        Scenario::new(unit("attacker", a), unit("defender", d), Rules::default())
    }

    #[test]
    fn same_seed_same_samples_whatever_the_workers() {
        let mut s = scenario(
            "Power 3, Critical Hit 1, Fury 1, Lucky 1, Overload 1",
            "Health 4, Parry 1, Riposte 1, Retaliate 1, Lucky 1",
        );
        let trials = super::super::CHUNK + 500;
        let greedy = Simulation::attack(&s).unwrap();
        let one = greedy.run_with(trials, 42, 1);
        assert_eq!(one, greedy.run_with(trials, 42, 2));
        assert_eq!(one, greedy.run(trials, 42));
        assert_ne!(one, greedy.run(trials, 43));
        let keys: Vec<&str> = one.variables.iter().map(|(k, _)| k.as_str()).collect();
        assert_eq!(
            &keys[..4],
            ["damage", "destroyed", "hits", "attacker_damage"]
        );
        // The optimal policy's decisions are made anew in each chunk.
        s.policy = Policy::Optimal;
        let optimal = Simulation::attack(&s).unwrap();
        assert_eq!(
            optimal.run_with(trials, 42, 1),
            optimal.run_with(trials, 42, 2)
        );
    }

    #[test]
    fn refuses_what_the_exact_engine_refuses() {
        let sim = |a: &str, d: &str| Simulation::attack(&scenario(a, d));
        assert!(matches!(sim("Accuracy 1", ""), Err(Error::Input(_))));
        assert!(matches!(sim("Power 3", "Stealth"), Err(Error::Illegal(_))));
        assert!(sim("Power 3", "Stealth, Tapped").is_ok());
        assert!(sim("Power 3", "Stealth, Damage 1").is_ok());
        assert!(matches!(
            sim("Power 3", "Health 2, Damage 2"),
            Err(Error::Illegal(_))
        ));
        assert!(matches!(
            sim("Power 3, Health 1, Damage 1", ""),
            Err(Error::Illegal(_))
        ));
        let target = unit("target", "Health 1, Damage 1");
        assert!(matches!(
            Simulation::dice(2, &target, false),
            Err(Error::Illegal(_))
        ));
        assert!(matches!(
            Simulation::dice(-1, &Unit::default(), false),
            Err(Error::Input(_))
        ));
    }

    #[test]
    fn without_health_there_is_no_destroyed_variable() {
        let sim = Simulation::attack(&scenario("Power 2", "Evade 1")).unwrap();
        let s = sim.run(100, 1);
        assert!(s.get("destroyed").is_none());
        assert_eq!(s.get("attacker_damage").unwrap().get(&0), Some(&100));
        assert_eq!(sim.keys(), ["damage", "hits", "attacker_damage"]);
    }

    #[test]
    fn double_strike_makes_a_second_attack() {
        let s = scenario("Power 3, Double Strike", "Health 4");
        assert!(Simulation::attack(&s)
            .unwrap()
            .keys()
            .contains(&"follow_up.made"));
        // A choice may give the second attack.
        let s = scenario(
            "Power 3, choose: Double Strike and Accuracy 1 / Evade 1",
            "Health 4",
        );
        let exact = crate::swtcg::attack::run(&s).unwrap();
        assert!(exact.follow_up.is_some());
        assert!(Simulation::attack(&s)
            .unwrap()
            .keys()
            .contains(&"follow_up.made"));
    }

    #[test]
    fn a_trial_rolls_at_most_its_most_dice() {
        let sim = Simulation::attack(&scenario(
            "Power 4, Fury 2, Backfire 1, Overload 1, Lucky 2",
            "Retaliate 3, Avenge 1, Lucky 1, Shields 1",
        ))
        .unwrap();
        // 4 + 1 - 1 power dice, 2 extra, 3 re-rolled, 3 + 1 + 1 + 1 dice of damage.
        assert_eq!(sim.most_dice(), 4 + 2 + 3 + 6);
        // Reroll re-rolls any number: at most every die the attack may roll, on each side.
        let sim = Simulation::attack(&scenario("Power 4, Fury 1, Reroll", "Reroll")).unwrap();
        assert_eq!(sim.most_dice(), 4 + 1 + 5 + 5);
        let dice = Simulation::dice(7, &Unit::default(), false).unwrap();
        assert_eq!(dice.most_dice(), 7);
        assert_eq!(dice.keys(), ["damage", "hits"]);
    }
}
