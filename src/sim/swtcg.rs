//! One SWTCG attack, simulated die by die.
//!
//! The keywords of both units are read from their transforms (`data/swtcg/keywords.yaml`) into
//! plain numbers; then each trial plays the attack as the rules reference orders it: roll the
//! power dice one at a time, roll Fury's extra dice if the initial roll showed its face, add
//! Critical Hit's bonus, prevent (Absorb, then Parry and Evade), place counters (Double Damage),
//! discard, and resolve Riposte against the attacker. Every reading is the one `docs/rules.md`
//! states, switched by the [`Rules`] given.

use super::{default_workers, run, Samples};
use crate::error::Error;
use crate::swtcg::keywords::{Effect, Keyword, Roll, Side, Stat, Target, Transform};
use crate::swtcg::rules::Rules;
use crate::swtcg::spec::{Item, Unit};
use rand::rngs::ChaCha8Rng;
use rand::RngExt;

/// Sides of the SWTCG attack die.
const SIDES: u8 = 6;
/// A die hits when its natural face plus Accuracy reaches this, unless the defender's Armor
/// (its threshold keyword) raises it.
const HIT_ON: i64 = 4;

/// A natural-face trigger in play: its face, which roll it reads, what it does, and its X
/// (several sources of the same keyword add up).
#[derive(Debug, Clone)]
struct Trigger {
    name: String,
    face: u8,
    roll: Roll,
    effect: Effect,
    amount: i64,
}

/// One unit's numbers for this attack.
#[derive(Debug, Clone)]
struct UnitState {
    power: Option<i64>,
    health: Option<i64>,
    damage: i64,
    tapped: bool,
    evade: i64,
    absorb: i64,
    multiplier: i64,
    ferocity: bool,
    resilience: i64,
    stealth: bool,
}

impl Default for UnitState {
    fn default() -> Self {
        UnitState {
            power: None,
            health: None,
            damage: 0,
            tapped: false,
            evade: 0,
            absorb: 0,
            multiplier: 1,
            ferocity: false,
            resilience: 0,
            stealth: false,
        }
    }
}

/// Everything a trial needs, read once from the two units and the rules.
#[derive(Debug, Clone)]
struct Setup {
    att: UnitState,
    def: UnitState,
    /// Attack dice for power (after Shields and Resilience).
    dice: i64,
    accuracy: i64,
    hit_on: i64,
    triggers: Vec<Trigger>,
    auto_hit: bool,
    fury_dice_trigger: bool,
    crit_needs_hit: bool,
    crit_preventable: bool,
    prevent_before_double: bool,
    double_all: bool,
    riposte_after_discard: bool,
}

impl Setup {
    fn new(attacker: &Unit, defender: &Unit, rules: &Rules) -> Result<Setup, Error> {
        // Keywords whose dice this simulator does not roll are refused, in SPEC order.
        for item in attacker.items.iter().chain(&defender.items) {
            let reason = match &item.keyword.transform {
                Transform::Reroll => "the simulator does not re-roll dice",
                Transform::Overload
                | Transform::DiceOfDamage {
                    at: Target::Attacker,
                    ..
                }
                | Transform::Trigger {
                    effect: Effect::DiceToSelf,
                    ..
                } => "the simulator does not roll dice of damage",
                Transform::Deflect => "the simulator does not model Deflect's prevention",
                Transform::PowerAndHealth
                | Transform::Consume
                | Transform::PerOpponentUnit
                | Transform::PreventUnpreventable
                | Transform::Persuade
                | Transform::Protect
                | Transform::SecretRoll
                | Transform::AttackAgain { .. } => "the simulator does not model it yet",
                _ => continue,
            };
            return Err(Error::NotModelled {
                keyword: item.keyword.name.clone(),
                reason: reason.into(),
            });
        }
        let mut att = UnitState::default();
        let mut def = UnitState::default();
        let mut accuracy = 0;
        let mut hit_on = HIT_ON;
        let mut power_change = 0;
        let mut triggers: Vec<Trigger> = Vec::new();
        for (attacking, unit) in [(true, attacker), (false, defender)] {
            for item in &unit.items {
                let Item { keyword, value: x } = *item;
                let Keyword { name, side, .. } = keyword;
                let acts = match side {
                    Side::Either => true,
                    Side::Attacker => attacking,
                    Side::Defender => !attacking,
                };
                if !acts {
                    continue;
                }
                let me = if attacking { &mut att } else { &mut def };
                match &keyword.transform {
                    Transform::Stat { stat } => match stat {
                        Stat::Power => me.power = Some(x),
                        Stat::Health => me.health = Some(x),
                        Stat::Damage => me.damage = x,
                        Stat::Tapped => me.tapped = true,
                    },
                    Transform::HitShift => accuracy += x,
                    // The attacker's Armor meets only dice of damage, which are refused above.
                    Transform::HitThreshold { at } if !attacking => hit_on = hit_on.max(*at),
                    Transform::Power { factor } => power_change += factor * x,
                    Transform::PowerWhenDamaged => me.resilience += x,
                    Transform::Trigger { face, roll, effect } => {
                        if x == 0 {
                            continue;
                        }
                        match triggers.iter_mut().find(|t| t.name == *name) {
                            Some(t) => t.amount += x,
                            None => triggers.push(Trigger {
                                name: name.clone(),
                                face: *face,
                                roll: *roll,
                                effect: *effect,
                                amount: x,
                            }),
                        }
                    }
                    Transform::PreventUpTo => me.evade += x,
                    Transform::Absorb => me.absorb += x,
                    Transform::MultiplyDamage { factor } => {
                        me.multiplier = me.multiplier.max(*factor)
                    }
                    Transform::Unpreventable => me.ferocity = true,
                    Transform::LegalIfTappedOrDamaged => me.stealth = true,
                    // Nothing here changes the variables simulated: interception, other arenas
                    // and second units are not part of a simulated attack, Foresight predicts,
                    // Stun, Surge and Bounty act elsewhere. Listed one by one, so that a new
                    // transform must be decided here rather than pass unnoticed.
                    Transform::HitThreshold { .. }
                    | Transform::CannotBeIntercepted
                    | Transform::PredictHits
                    | Transform::Overkill
                    | Transform::Stun
                    | Transform::Surge
                    | Transform::Bounty
                    | Transform::DiceOfDamage { .. }
                    | Transform::StandaloneDice
                    | Transform::OtherArena { .. }
                    | Transform::Intercept
                    | Transform::Redirect
                    | Transform::NoDiceEffect { .. } => {}
                    Transform::Reroll
                    | Transform::Overload
                    | Transform::Deflect
                    | Transform::PowerAndHealth
                    | Transform::Consume
                    | Transform::PerOpponentUnit
                    | Transform::PreventUnpreventable
                    | Transform::Persuade
                    | Transform::Protect
                    | Transform::SecretRoll
                    | Transform::AttackAgain { .. } => {
                        unreachable!("refused above")
                    }
                }
            }
        }

        // 1. Attack declared: the attacker needs power; discarded units and a protected Stealth
        //    defender can't take part.
        let power = att.power.ok_or_else(|| {
            Error::Input(
                "the attacker SPEC has no power: add one, as in --attacker 'Power 5'".into(),
            )
        })?;
        for (role, unit) in [("attacker", &att), ("defender", &def)] {
            if let Some(h) = unit.health {
                if unit.damage >= h {
                    return Err(Error::Illegal(format!(
                        "the {role} has {} damage counters, at least its health {h}: it is \
                         discarded",
                        unit.damage
                    )));
                }
            }
        }
        if def.stealth && !def.tapped && def.damage == 0 {
            return Err(Error::Illegal(
                "the defender has Stealth and is untapped with no damage counters".into(),
            ));
        }
        let resilience = if att.resilience > 0 && att.damage >= att.resilience {
            att.resilience
        } else {
            0
        };
        Ok(Setup {
            dice: (power + resilience + power_change).max(0),
            att,
            def,
            accuracy,
            hit_on,
            triggers,
            auto_hit: rules.auto_hit(),
            fury_dice_trigger: rules.fury_dice_triggers(),
            crit_needs_hit: rules.critical_hit_needs_hit(),
            crit_preventable: rules.critical_hit_preventable(),
            prevent_before_double: rules.prevent_before_double(),
            double_all: rules.double_damage_all(),
            riposte_after_discard: rules.riposte_after_discard(),
        })
    }

    /// Whether a die showing `natural` hits.
    #[inline]
    fn hits(&self, natural: u8) -> bool {
        if self.auto_hit && natural == SIDES {
            return true;
        }
        if self.auto_hit && natural == 1 {
            return false;
        }
        i64::from(natural) + self.accuracy >= self.hit_on
    }

    /// One attack. Returns (hits, counters on the defender, destroyed, counters on the attacker).
    fn trial(&self, rng: &mut ChaCha8Rng) -> (i64, i64, bool, i64) {
        // 2. The attack roll: the power dice, one at a time. `initial` holds the natural faces
        //    of the initial roll (power dice only), `last` those of the final roll, `hit_faces`
        //    the natural faces of final-roll dice that hit (bit f for face f).
        let mut hits = 0i64;
        let mut initial = 0u8;
        let mut hit_faces = 0u8;
        for _ in 0..self.dice {
            let natural: u8 = rng.random_range(1..=SIDES);
            initial |= 1 << natural;
            if self.hits(natural) {
                hits += 1;
                hit_faces |= 1 << natural;
            }
        }
        let mut last = initial;
        // Fury: a natural 4 in the initial roll rolls X extra dice; they never trigger Fury
        // again, and join the final roll's faces only under fury-dice-triggers=yes.
        for t in &self.triggers {
            if t.effect != Effect::ExtraDice {
                continue;
            }
            let seen = match t.roll {
                Roll::Initial => initial,
                Roll::Final => last,
            };
            if seen & (1 << t.face) == 0 {
                continue;
            }
            for _ in 0..t.amount {
                let natural: u8 = rng.random_range(1..=SIDES);
                let hit = self.hits(natural);
                if hit {
                    hits += 1;
                }
                if self.fury_dice_trigger {
                    last |= 1 << natural;
                    if hit {
                        hit_faces |= 1 << natural;
                    }
                }
            }
        }
        // A trigger fires once if its face shows in the roll it reads.
        let fired = |t: &Trigger| {
            let seen = match t.roll {
                Roll::Initial => initial,
                Roll::Final => last,
            };
            seen & (1 << t.face) != 0
        };
        let total = |effect: Effect| -> i64 {
            self.triggers
                .iter()
                .filter(|t| t.effect == effect && fired(t))
                .filter(|t| {
                    effect != Effect::BonusDamage
                        || !self.crit_needs_hit
                        || hit_faces & (1 << t.face) != 0
                })
                .map(|t| t.amount)
                .sum()
        };

        // 5. Pending damage: each hit is 1 damage, plus Critical Hit's bonus.
        let bonus = total(Effect::BonusDamage);
        let pending = hits + bonus;
        // 6. Prevention and 7. counters.
        let fixed = if self.att.ferocity {
            pending
        } else if self.crit_preventable {
            0
        } else {
            bonus
        };
        let parry = total(Effect::Prevent);
        let counters = self.place(
            pending,
            fixed,
            self.def.absorb,
            parry + self.def.evade,
            self.att.multiplier,
        );
        // 8. Discard.
        let destroyed = self
            .def
            .health
            .is_some_and(|h| self.def.damage + counters >= h);
        // 9. Attack ends: Riposte damages the attacker, met by the attacker's own Absorb and
        //    Evade unless the defender has Ferocity.
        let riposte = if destroyed && !self.riposte_after_discard {
            0
        } else {
            total(Effect::DamageAttacker)
        };
        let attacker_counters = self.place(
            riposte,
            if self.def.ferocity { riposte } else { 0 },
            self.att.absorb,
            self.att.evade,
            if self.double_all {
                self.def.multiplier
            } else {
                1
            },
        );
        (hits, counters, destroyed, attacker_counters)
    }

    /// Damage `damage` meets the receiver's prevention, one point at a time: Absorb stops what
    /// it can, then the other prevention (Parry, Evade); `fixed` of it can't be prevented. Each
    /// damage left places `multiplier` counters, doubled after prevention (default) or before it.
    /// Returns the counters placed.
    fn place(&self, damage: i64, fixed: i64, absorb: i64, prevent: i64, multiplier: i64) -> i64 {
        let scale = if self.prevent_before_double {
            1
        } else {
            multiplier
        };
        let mut left = damage * scale;
        let mut preventable = (damage - fixed) * scale;
        // Absorb first (the order changes only how much power Absorb gains, which is not
        // reported here), then Parry and Evade.
        for mut stopper in [absorb, prevent] {
            while stopper > 0 && preventable > 0 {
                stopper -= 1;
                preventable -= 1;
                left -= 1;
            }
        }
        if self.prevent_before_double {
            left * multiplier
        } else {
            left
        }
    }
}

/// `trials` simulated attacks by `attacker` on `defender` under `rules`, from `seed`.
///
/// Reports `damage` (counters placed on the defender), `destroyed` (0 or 1, only when the
/// defender has Health), `hits` (of the final roll) and `attacker_damage` (Riposte's counters on
/// the attacker). Refuses what the exact engine refuses: keywords not modelled yet, a missing
/// Power, discarded units and an attack on a protected Stealth defender. The exact engine's size
/// limits are not applied: a simulation's cost grows only linearly with the dice.
///
/// ```
/// use holodice::sim::simulate_swtcg;
/// use holodice::swtcg::{rules::Rules, spec::Unit};
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
    simulate_swtcg_with(attacker, defender, rules, trials, seed, default_workers())
}

/// [`simulate_swtcg`] on a given number of worker threads (the result does not depend on it).
pub(crate) fn simulate_swtcg_with(
    attacker: &Unit,
    defender: &Unit,
    rules: &Rules,
    trials: u64,
    seed: u64,
    workers: usize,
) -> Result<Samples, Error> {
    let setup = Setup::new(attacker, defender, rules)?;
    let has_health = setup.def.health.is_some();
    let keys: &[&str] = if has_health {
        &["damage", "destroyed", "hits", "attacker_damage"]
    } else {
        &["damage", "hits", "attacker_damage"]
    };
    let setup = &setup;
    Ok(run(keys, trials, seed, workers, || {
        move |rng: &mut ChaCha8Rng, out: &mut [i64]| {
            let (hits, damage, destroyed, attacker_damage) = setup.trial(rng);
            if has_health {
                out[0] = damage;
                out[1] = i64::from(destroyed);
                out[2] = hits;
                out[3] = attacker_damage;
            } else {
                out[0] = damage;
                out[1] = hits;
                out[2] = attacker_damage;
            }
        }
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn unit(role: &str, spec: &str) -> Unit {
        Unit::parse(role, spec).unwrap()
    }

    #[test]
    fn same_seed_same_samples_whatever_the_workers() {
        let a = unit("attacker", "Power 6, Accuracy 1, Critical Hit 1, Fury 2");
        let d = unit("defender", "Health 5, Parry 1, Riposte 1");
        let r = Rules::default();
        let trials = super::super::CHUNK + 500;
        let one = simulate_swtcg_with(&a, &d, &r, trials, 42, 1).unwrap();
        assert_eq!(one, simulate_swtcg_with(&a, &d, &r, trials, 42, 2).unwrap());
        assert_eq!(one, simulate_swtcg(&a, &d, &r, trials, 42).unwrap());
        assert_ne!(one, simulate_swtcg(&a, &d, &r, trials, 43).unwrap());
        let keys: Vec<&str> = one.variables.iter().map(|(k, _)| k.as_str()).collect();
        assert_eq!(keys, ["damage", "destroyed", "hits", "attacker_damage"]);
    }

    #[test]
    fn refuses_what_the_exact_engine_refuses() {
        let r = Rules::default();
        let sim = |a: &str, d: &str| simulate_swtcg(&unit("a", a), &unit("d", d), &r, 10, 1);
        assert!(matches!(
            sim("Power 3, Lucky 1", ""),
            Err(Error::NotModelled { .. })
        ));
        assert!(matches!(
            sim("Power 3", "Retaliate 2"),
            Err(Error::NotModelled { .. })
        ));
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
    }

    #[test]
    fn without_health_there_is_no_destroyed_variable() {
        let s = simulate_swtcg(
            &unit("a", "Power 2"),
            &unit("d", "Evade 1"),
            &Rules::default(),
            100,
            1,
        )
        .unwrap();
        assert!(s.get("destroyed").is_none());
        assert_eq!(s.get("attacker_damage").unwrap().get(&0), Some(&100));
    }
}
