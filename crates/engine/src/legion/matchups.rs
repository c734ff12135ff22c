//! One attacker against every unit card: what a player asks of a list ("what does this do to
//! each unit it may meet?"), computed exactly, one attack per defending unit, as one batch
//! ([`attack_many`]): defenders of one defensive profile share an attack, and under the greedy
//! policy every defender shares the attacker's rerolls.

use super::attack::{attack_many, cost, cost_many, MAX_OPTIMAL_WORK};
use super::cards::{Card, Cards, Kind};
use super::scenario::Scenario;
use crate::dist::Dist;
use crate::error::{Error, Input, Message};
use crate::names::joined;
use num_rational::BigRational;

/// The work all the matchups of one query may take, as [`cost_many`] estimates it before they
/// run (the work they share counted once): as much as the largest attack under the optimal
/// policy may (some 8 s at most; the greedy policy's matchups take well under a second).
pub const MAX_MATCHUPS_WORK: u64 = MAX_OPTIMAL_WORK;

/// The attacker against one defending unit.
#[derive(Debug, Clone)]
pub struct Matchup {
    /// The defending card, as a SPEC names it.
    pub defender: String,
    /// The defending card's faction (Legion HQ's: `empire`, `rebels`, …).
    pub faction: Option<String>,
    /// What the defending unit costs.
    pub points: Option<u32>,
    /// The attack's result, or why the attacker can't make it on this unit (an Immune: Melee
    /// defender against a melee attacker): one such unit never fails the others.
    pub outcome: Result<Outcome, String>,
}

/// What one matchup's attack does.
#[derive(Debug, Clone)]
pub struct Outcome {
    /// The wounds the attack deals the unit.
    pub wounds: Dist,
    /// The chance to wipe the unit, when its wounds per mini are known.
    pub wiped: Option<BigRational>,
}

/// The attack `attacker` (a SPEC) makes on every unit card of `cards` (those `keep` keeps),
/// each with `extra` items added to its SPEC (cover, tokens), under `choices`' edition and
/// policy. The work is estimated for every matchup and refused past [`MAX_MATCHUPS_WORK`]
/// before any attack is made.
pub fn matchups(
    attacker: &str,
    extra: &str,
    cards: &Cards,
    choices: &Scenario,
    keep: impl Fn(&Card) -> bool,
) -> Result<Vec<Matchup>, Error> {
    Ok(plan(attacker, extra, cards, choices, keep)?.run())
}

/// A matchups query with every defender's attack parsed and estimated, not yet run: what a
/// server schedules by ([`Planned::work`]) is the work [`Planned::run`] does.
pub struct Planned<'a> {
    /// Each defender, with why its attack is refused before any work, if it is.
    rows: Vec<(&'a Card, String, Result<(), Error>)>,
    /// The attacks of the defenders not refused, in order.
    attacks: Vec<Scenario>,
    work: u64,
}

/// Parses and estimates the matchups of [`matchups`], refused past [`MAX_MATCHUPS_WORK`].
pub fn plan<'a>(
    attacker: &str,
    extra: &str,
    cards: &'a Cards,
    choices: &Scenario,
    keep: impl Fn(&Card) -> bool,
) -> Result<Planned<'a>, Error> {
    plan_within(attacker, extra, cards, choices, keep, MAX_MATCHUPS_WORK)
}

fn plan_within<'a>(
    attacker: &str,
    extra: &str,
    cards: &'a Cards,
    choices: &Scenario,
    keep: impl Fn(&Card) -> bool,
    limit: u64,
) -> Result<Planned<'a>, Error> {
    let rows: Vec<(&Card, String, Result<Scenario, Error>)> = (cards.all().iter())
        .filter(|c| c.kind == Kind::Unit && keep(c))
        .map(|c| {
            let name = cards.spec_name(c);
            let defender = joined(&[&format!("@{name}"), extra]);
            let s =
                Scenario::parse_with(attacker, &defender, None, cards).map(|s| s.under(choices));
            (c, name, s.and_then(|s| cost(&s).map(|_| s)))
        })
        .collect();
    every_one_refused(&rows)?;
    let mut attacks = Vec::new();
    let rows: Vec<_> = (rows.into_iter())
        .map(|(card, name, s)| (card, name, s.map(|s| attacks.push(s))))
        .collect();
    let work = cost_many(&attacks)?;
    if work > limit {
        return Err(Error::too_large(Message::about(Input::Attacker).text(
            format!(
                "{} matchups take about {work} steps of work, over the limit of {limit} for one \
             query: filter the defenders (by faction or rank) or give a smaller attack",
                rows.len()
            ),
        )));
    }
    Ok(Planned {
        rows,
        attacks,
        work,
    })
}

impl Planned<'_> {
    /// The work all the attacks take, estimated before they run, the work they share counted
    /// once ([`cost_many`]).
    pub fn work(&self) -> u64 {
        self.work
    }

    /// How many defenders there are.
    pub fn len(&self) -> usize {
        self.rows.len()
    }

    /// Whether no defender is kept.
    pub fn is_empty(&self) -> bool {
        self.rows.is_empty()
    }

    /// Makes every attack, as one batch.
    pub fn run(self) -> Vec<Matchup> {
        let mut made = attack_many(&self.attacks).into_iter();
        (self.rows.into_iter())
            .map(|(card, defender, s)| Matchup {
                defender,
                faction: card.faction.clone(),
                points: card.cost,
                outcome: s
                    .and_then(|()| made.next().expect("an attack per defender not refused"))
                    .map_err(|e| e.to_string())
                    .map(|a| Outcome {
                        wiped: a.losses.as_ref().map(|l| l.wiped.clone()),
                        wounds: a.wounds,
                    }),
            })
            .collect()
    }
}

/// A query that fails for every defender, as it is read or estimated, fails whole, with the
/// first defender's error: the fault is the attacker's SPEC, its size or the `--with` items,
/// not one unit.
fn every_one_refused(rows: &[(&Card, String, Result<Scenario, Error>)]) -> Result<(), Error> {
    match rows.iter().all(|(_, _, s)| s.is_err()) {
        true => match rows.first() {
            Some((_, _, Err(e))) => Err(e.clone()),
            _ => Ok(()),
        },
        false => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::legion::units::{Attacker, Defender};

    #[test]
    fn the_work_is_refused_past_the_limit_before_any_attack() {
        let choices = Scenario::new(Attacker::default(), Defender::default(), None);
        let all = |_: &Card| true;
        let e = plan_within("4 red, aim 1", "", Cards::builtin(), &choices, all, 1)
            .err()
            .unwrap()
            .to_string();
        assert!(e.contains("over the limit of 1 for one query"), "{e}");
        let found = matchups("4 red, aim 1", "", Cards::builtin(), &choices, all).unwrap();
        assert!(found.len() > 150);
    }
}
