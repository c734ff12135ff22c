//! Many attacks at once, sharing the work they have in common: what a table of matchups or an
//! army against an army asks, where one attacker meets many defenders.
//!
//! Two things are shared. Attacks of one *profile* ([`profile`]: their scenarios equal once
//! what only the report reads is set aside) are made once, each scenario then getting its own
//! losses and notes. And under the greedy policy, steps 1 to 3 (the roll, its rerolls, surges
//! converted, Marksman, Jar'Kai Mastery, Sniper Team's choice) read only the attacker as
//! declared and the results on the table, so they are made once per such attacker and
//! continued against each profile (steps 4 to 8). The optimal policy's choices weigh what the
//! defender makes of the dice, so each of its profiles is made whole. Independent pieces run on
//! every core with the `parallel` feature.

use super::declare::Declared;
use super::limits::{units, work};
use super::resolve::Resolver;
use super::state::Results;
use super::{checked, converted, defended, greedy_declared, makashi_chosen, reported};
use super::{LegionAttack, Play};
use crate::error::Error;
use crate::legion::on_table::OnTable;
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
/// `cost` counts them, though `attack_many` does no work for them.
pub fn cost_many(scenarios: &[Scenario]) -> Result<u64, Error> {
    let profiles: Vec<Scenario> = scenarios.iter().map(profile).collect();
    let (_, firsts) = groups(&profiles);
    let works = (firsts.iter())
        .map(|&i| Ok((greedy_declared(&profiles[i]), work(&profiles[i])?)))
        .collect::<Result<Vec<_>, Error>>()?;
    let (_, rolls) = groups(works.iter().map(|(d, _)| (d.s.policy, rolling(d))));
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
    /// The units as the greedy policy declares them; `None` under the optimal policy.
    declared: Option<Declared>,
}

impl Plan {
    fn new(s: Scenario) -> Result<Plan, Error> {
        let play = checked(&s)?;
        let declared = (play == Play::Greedy).then(|| greedy_declared(&s));
        Ok(Plan { s, play, declared })
    }

    /// The attack, continued from steps 1 to 3 made for another profile of the same declared
    /// attacker under the greedy policy, or made whole.
    fn attack(self, rolled: Option<&States<Results>>) -> LegionAttack {
        match (self.declared, rolled) {
            (Some(d), Some(converted)) => {
                defended(&Resolver::new(d, &self.play), converted.clone(), &self.play)
            }
            _ => makashi_chosen(&self.s, &self.play).1,
        }
    }
}

/// The attack of each profile, or why it is refused, the greedy policy's steps 1 to 3 made
/// once per declared attacker.
fn attacks(profiles: Vec<Scenario>) -> Vec<Result<LegionAttack, Error>> {
    let plans: Vec<Result<Plan, Error>> = profiles.into_iter().map(Plan::new).collect();
    let sharing = plans.iter().enumerate().map(|(i, p)| {
        let declared = p.as_ref().ok().and_then(|p| p.declared.as_ref());
        declared.map(rolling).ok_or(i)
    });
    let (rolled_by, firsts) = groups(sharing);
    let rolled: Vec<Option<States<Results>>> = parallel::map(firsts, |i| {
        let d = plans[i].as_ref().ok()?.declared.clone()?;
        Some(converted(&Resolver::new(d, &Play::Greedy), &Play::Greedy))
    });
    let jobs: Vec<_> = plans.into_iter().zip(rolled_by).collect();
    parallel::map(jobs, |(plan, g)| plan.map(|p| p.attack(rolled[g].as_ref())))
}

/// What steps 1 to 3 read under the greedy policy: the attacker as declared and the results on
/// the table.
fn rolling(d: &Declared) -> (&Attacker, &Option<OnTable>) {
    (&d.s.attacker, &d.s.on_table)
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
