//! Many attacks at once, sharing the work they have in common: what a table of matchups or an
//! army against an army asks, where one attacker meets many defenders.
//!
//! Two things are shared. Attacks of one *profile* ([`profile`]: their scenarios equal once
//! what only the report reads is set aside) are made once, each scenario then getting its own
//! losses and notes. And the first steps of attacks by one declared attacker: under the greedy
//! policy steps 1 to 3 (the roll, its rerolls, surges converted, Marksman, Jar'Kai Mastery,
//! Sniper Team's choice) read nothing of the defender, so they are made once and continued
//! against each profile (steps 4 to 8). The optimal policy's rerolls read the defender only
//! through the value of each roll they may end on, so profiles with equal values share steps 1
//! and 2 (its conversion, which weighs the defender's dice, is made per profile). Independent
//! pieces run on every core with the `parallel` feature.

use super::declare::Declared;
use super::limits::{units, work};
use super::resolve::Resolver;
use super::roll::rolled;
use super::state::{Results, Rolled};
use super::{checked, converted, declared_once, defended, greedy_declared, makashi_chosen};
use super::{reported, LegionAttack, Play};
use crate::error::Error;
use crate::legion::on_table::{OnTable, Resumes};
use crate::legion::resolved::Provenance;
use crate::legion::scenario::Scenario;
use crate::legion::units::{Attacker, Defender};
use crate::parallel;
use crate::states::States;
use rustc_hash::FxHashMap as HashMap;
use std::hash::Hash;

/// Many attacks at once, each exactly `attack(s)`, sharing the work they have in common.
///
/// ```
/// use holodice_engine::legion::attack::{attack, attack_many};
/// use holodice_engine::legion::Scenario;
/// let s = |d: &str| Scenario::parse("4 red, aim 1", d, None).unwrap();
/// // Two defenders of one profile: the attack is made once, each losing its own minis.
/// let batch = [s("red defense, wounds 1, minis 4"), s("red defense, wounds 2, minis 3")];
/// let made = attack_many(&batch);
/// let wiped = |a: &holodice_engine::legion::attack::LegionAttack| a.losses.clone().unwrap().wiped;
/// assert_eq!(wiped(made[1].as_ref().unwrap()), wiped(&attack(&batch[1]).unwrap()));
/// ```
pub fn attack_many(scenarios: &[Scenario]) -> Vec<Result<LegionAttack, Error>> {
    let profiles: Vec<Scenario> = scenarios.iter().map(profile).collect();
    let (of, firsts) = groups(&profiles);
    let made = attacks(firsts.iter().map(|&i| profiles[i].clone()).collect());
    (scenarios.iter().zip(of))
        .map(|(s, i)| made[i].clone().map(|a| reported(s, a)))
        .collect()
}

/// The work [`attack_many`] will do, estimated before it runs: the shared work counted once.
/// In the units of [`super::cost`], which it equals for one scenario; the first scenario over
/// one attack's limits fails it, with `cost`'s error. Attacks the rules refuse are counted as
/// `cost` counts them, though `attack_many` does no work for them; so are the optimal policy's
/// rerolls, which `attack_many` shares only where it finds equal values once it runs.
pub fn cost_many(scenarios: &[Scenario]) -> Result<u64, Error> {
    let profiles: Vec<Scenario> = scenarios.iter().map(profile).collect();
    let (_, firsts) = groups(&profiles);
    let works = (firsts.iter())
        .map(|&i| Ok((greedy_declared(&profiles[i]), work(&profiles[i])?)))
        .collect::<Result<Vec<_>, Error>>()?;
    let (_, rolls) = groups(
        works
            .iter()
            .map(|(d, _)| (d.s.policy, &d.s.attacker, &d.s.on_table)),
    );
    let rerolls: f64 = rolls.iter().map(|&j| works[j].1.rerolls).sum();
    let rest: f64 = works.iter().map(|(_, w)| w.rest).sum();
    Ok(units(rest + rerolls))
}

/// A scenario as its attack's distributions read it: `s` with what only the report reads set
/// aside, so that scenarios of one profile are one attack. Set aside: each unit's wounds and
/// minis (read by [`crate::legion::minis::losses`] after the attack), its unit type and
/// Immune: Range 1 Weapons (read only as a pool forms from cards, before the scenario is
/// made), the notes and the provenance (what the report says). Everything else (the dice,
/// keywords, tokens, cover, courage, wound tokens, the edition, the policy, the results on the
/// table) stays.
pub fn profile(s: &Scenario) -> Scenario {
    let set_aside = |d: &Defender| Defender {
        wounds: None,
        minis: None,
        unit_type: None,
        immune_range_1: false,
        ..d.clone()
    };
    Scenario {
        attacker: s.attacker.clone(),
        defender: set_aside(&s.defender),
        guardian: s.guardian.as_ref().map(set_aside),
        edition: s.edition,
        policy: s.policy,
        objective: s.objective,
        on_table: s.on_table.clone(),
        provenance: Provenance::default(),
        notes: Vec::new(),
    }
}

/// A profile's attack, checked, before any work.
struct Plan {
    s: Scenario,
    play: Play,
    /// The units as declared, when the attack's first steps may be shared: always under the
    /// greedy policy (with Makashi Mastery whenever it may); under the optimal policy when
    /// Makashi Mastery is no choice and the dice are not given converted.
    declared: Option<Declared>,
}

/// What attacks share: under the greedy policy steps 1 to 3, under the optimal policy steps 1
/// and 2 (its conversion weighs what the defender makes of the results).
enum Shared {
    Converted(States<Results>),
    Rolled(States<Rolled>),
}

/// The key of [`Shared`]: the policy is greedy, the attacker as declared, the results on the
/// table, and the values of [`Resolver::terminal_values`] when the optimal policy rerolls.
type Sharing<'a> = (bool, &'a Attacker, &'a Option<OnTable>, Vec<u64>);

impl Plan {
    fn new(s: Scenario) -> Result<Plan, Error> {
        let play = checked(&s)?;
        let converted = s.on_table.as_ref().map(|t| t.resumes) == Some(Resumes::Cover);
        let shares = play == Play::Greedy || !converted;
        let declared = declared_once(&s, &play).filter(|_| shares);
        Ok(Plan { s, play, declared })
    }

    /// What the plan's first steps read, if they may be shared.
    fn sharing(&self) -> Option<Sharing<'_>> {
        let d = self.declared.as_ref()?;
        let a = &d.s.attacker;
        let values = match self.play.goal() {
            Some(goal) if a.aim + a.observation > 0 => {
                Resolver::new(d.clone(), &self.play).terminal_values(goal)
            }
            _ => Vec::new(),
        };
        Some((self.play == Play::Greedy, a, &d.s.on_table, values))
    }

    /// The first steps, to be shared.
    fn first_steps(&self) -> Option<Shared> {
        let resolver = Resolver::new(self.declared.clone()?, &self.play);
        Some(match self.play {
            Play::Greedy => Shared::Converted(converted(&resolver, &self.play)),
            Play::Optimal(_) => Shared::Rolled(rolled(&resolver, &self.play)),
        })
    }

    /// The attack, continued from the first steps made for a plan of the same [`Sharing`], or
    /// made whole.
    fn attack(self, shared: Option<&Shared>) -> LegionAttack {
        let Some((d, shared)) = self.declared.zip(shared) else {
            return makashi_chosen(&self.s, &self.play).1;
        };
        let resolver = Resolver::new(d, &self.play);
        let converted = match shared {
            Shared::Converted(c) => c.clone(),
            Shared::Rolled(r) => resolver.convert(r),
        };
        defended(&resolver, converted, &self.play)
    }
}

/// The attack of each profile, or why it is refused, the first steps made once per
/// [`Sharing`].
fn attacks(profiles: Vec<Scenario>) -> Vec<Result<LegionAttack, Error>> {
    let plans: Vec<Result<Plan, Error>> = profiles.into_iter().map(Plan::new).collect();
    let keys = parallel::map(plans.iter().collect(), |p| p.as_ref().ok()?.sharing());
    let alone = keys.iter().enumerate();
    let (shared_by, firsts) = groups(alone.map(|(i, k)| k.as_ref().ok_or(i)));
    let shared = parallel::map(firsts, |i| plans[i].as_ref().ok()?.first_steps());
    let jobs: Vec<_> = plans.into_iter().zip(shared_by).collect();
    parallel::map(jobs, |(plan, g)| plan.map(|p| p.attack(shared[g].as_ref())))
}

/// Items grouped by equal keys: each item's group, and each group's first item.
fn groups<K: Hash + Eq>(keys: impl IntoIterator<Item = K>) -> (Vec<usize>, Vec<usize>) {
    let mut at = HashMap::default();
    let mut firsts = Vec::new();
    let of = (keys.into_iter().enumerate())
        .map(|(i, k)| {
            *at.entry(k).or_insert_with(|| {
                firsts.push(i);
                firsts.len() - 1
            })
        })
        .collect();
    (of, firsts)
}
