//! One attacker against every unit card: what a player asks of a list ("what does this do to
//! each unit it may meet?"), computed exactly, one attack per defending unit.

use super::attack::{attack, cost, MAX_OPTIMAL_WORK};
use super::cards::{Cards, Kind};
use super::scenario::Scenario;
use crate::dist::Dist;
use crate::error::{Error, Input, Message};
use num_rational::BigRational;

/// The work all the matchups of one query may take, summed as each attack estimates it before
/// it runs: as much as the largest attack under the optimal policy may (some 8 s at most; the
/// greedy policy's matchups take well under a second).
pub const MAX_MATCHUPS_WORK: u64 = MAX_OPTIMAL_WORK;

/// The attacker against one defending unit.
#[derive(Debug, Clone)]
pub struct Matchup {
    /// The defending card, as a SPEC names it.
    pub defender: String,
    pub faction: Option<String>,
    /// What the defending unit costs.
    pub points: Option<u32>,
    pub wounds: Dist,
    /// The chance to wipe it, when its wounds per mini are known.
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
    keep: impl Fn(&super::cards::Card) -> bool,
) -> Result<Vec<Matchup>, Error> {
    matchups_within(attacker, extra, cards, choices, keep, MAX_MATCHUPS_WORK)
}

fn matchups_within(
    attacker: &str,
    extra: &str,
    cards: &Cards,
    choices: &Scenario,
    keep: impl Fn(&super::cards::Card) -> bool,
    limit: u64,
) -> Result<Vec<Matchup>, Error> {
    let units: Vec<_> = cards
        .all()
        .iter()
        .filter(|c| c.kind == Kind::Unit && keep(c))
        .collect();
    let mut queries = Vec::with_capacity(units.len());
    for c in &units {
        let name = cards.spec_name(c);
        let defender = match extra.trim() {
            "" => format!("@{name}"),
            more => format!("@{name}, {more}"),
        };
        let s = Scenario::parse_with(attacker, &defender, None, cards)?;
        queries.push((
            name,
            Scenario {
                edition: choices.edition,
                policy: choices.policy,
                objective: choices.objective,
                ..s
            },
        ));
    }
    let work = queries.iter().try_fold(0u64, |sum, (_, s)| {
        Ok::<_, Error>(sum.saturating_add(cost(s)?))
    })?;
    if work > limit {
        return Err(Error::too_large(Message::about(Input::Attacker).text(
            format!(
                "{} matchups take about {work} steps of work, over the limit of {limit} for one \
             query: filter the defenders (by faction or rank) or give a smaller attack",
                queries.len()
            ),
        )));
    }
    queries
        .into_iter()
        .zip(units)
        .map(|((defender, s), card)| {
            let a = attack(&s)?;
            Ok(Matchup {
                defender,
                faction: card.faction.clone(),
                points: card.cost,
                wiped: a.losses.as_ref().map(|l| l.wiped.clone()),
                wounds: a.wounds,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::legion::units::{Attacker, Defender};

    #[test]
    fn the_work_is_refused_past_the_limit_before_any_attack() {
        let choices = Scenario::new(Attacker::default(), Defender::default(), None);
        let all = |_: &super::super::cards::Card| true;
        let e = matchups_within("4 red, aim 1", "", Cards::builtin(), &choices, all, 1)
            .unwrap_err()
            .to_string();
        assert!(e.contains("over the limit of 1 for one query"), "{e}");
        let found = matchups("4 red, aim 1", "", Cards::builtin(), &choices, all).unwrap();
        assert!(found.len() > 150);
    }
}
