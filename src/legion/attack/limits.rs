//! The limits one attack has, checked against the scenario before any work.

use super::declare::{declared, Declared};
use super::{roll, Edition, Policy};
use crate::error::Error;
use crate::legion::spec::Attacker;

/// The most attack dice one attack may roll.
pub const MAX_DICE: u32 = 30;

/// The most reroll tokens (aim and observation) one attack may spend.
pub const MAX_TOKENS: u32 = 6;

/// The most defense dice one roll may have (results plus Danger Sense, Vaapad and Impervious
/// dice).
pub const MAX_DEFENSE_DICE: u32 = 40;

/// Rerolls track each colour's blanks (and surges, without a surge chart): the number of such
/// states times the tokens spent may not exceed this, which keeps an answer near a second (30
/// dice of three colours without a surge chart, 2 aims and Lethal: 0.6 s, 77 MB).
pub const MAX_REROLL_WORK: u64 = 1_000_000;

/// The optimal policy weighs, for every state of the dice, every way a token can pick up to its
/// capacity (2 + Precise for an aim) of them, over every outcome of the reroll: the states times
/// those ways and outcomes may not exceed this, which keeps an answer near a second.
pub const MAX_OPTIMAL_WORK: u64 = 100_000_000;

/// An upper bound of the optimal policy's work: states of the dice × tokens × the ways a token
/// of the largest capacity picks dice, each weighted by the outcomes of rerolling them.
fn optimal_work(a: &Attacker) -> (u64, u32) {
    let per_colour = |n: u64| (n + 1) * (n + 2) * (n + 3) / 6;
    // Per colour, picking n dice: the splits among blanks, surges and hits × their outcomes.
    let pick = |n: u64| if n == 0 { 1 } else { (n + 1) * per_colour(n) };
    let capacity = if a.aim > 0 { 2 + a.precise } else { 1 };
    let [r, b, w] = a.dice.map(u64::from);
    let mut per_state: u64 = 0;
    for x in 0..=r {
        for y in 0..=b {
            for z in 0..=w {
                if (1..=u64::from(capacity)).contains(&(x + y + z)) {
                    per_state = per_state.saturating_add(pick(x) * pick(y) * pick(z));
                }
            }
        }
    }
    let states = per_colour(r) * per_colour(b) * per_colour(w);
    let tokens = u64::from(a.aim + a.observation) + 1;
    (
        states.saturating_mul(tokens).saturating_mul(per_state),
        capacity,
    )
}

/// How much work the attack is, checked against every limit one attack has, without making it:
/// its dice, tokens and defense dice, and the states its rerolls (and the optimal policy's
/// choices) go through. In the units of [`crate::swtcg::attack::cost`] (about 5 million a
/// second), for bounding many attacks at once (a table).
pub fn cost(
    s: &crate::legion::spec::Scenario,
    edition: Edition,
    policy: Policy,
) -> Result<u64, Error> {
    let declared = declared(s, edition, false);
    let a = &declared.s.attacker;
    let dice = check_dice(&declared)?;
    // A reroll state costs about thirty units of SWTCG's attack work.
    const UNIT: u64 = 30;
    let tokens_spent = u64::from(a.aim + a.observation);
    if tokens_spent == 0 {
        return Ok((u64::from(dice) + 1) * UNIT);
    }
    let work = reroll_work(a, policy) * (tokens_spent + 1);
    if work > MAX_REROLL_WORK {
        return Err(Error::TooLarge(format!(
            "rerolling this pool takes {work} steps, over the limit of {MAX_REROLL_WORK}: \
             use fewer dice or tokens (a surge chart, or fewer colours, also helps)"
        )));
    }
    if !matches!(policy, Policy::Optimal(_)) {
        return Ok(work * UNIT);
    }
    let (choices, capacity) = optimal_work(a);
    if choices > MAX_OPTIMAL_WORK {
        return Err(Error::TooLarge(format!(
            "the optimal policy weighs {choices} ways to spend this pool's tokens (aims pick up \
             to {capacity} dice: 2 + Precise), over the limit of {MAX_OPTIMAL_WORK}: use a \
             lower Precise, fewer dice or tokens, or --policy greedy"
        )));
    }
    Ok(work.max(choices / 100) * UNIT)
}

/// The attack dice, tokens and defense dice against their limits; the most dice of one roll.
fn check_dice(declared: &Declared) -> Result<u32, Error> {
    let (a, d) = (&declared.s.attacker, &declared.s.defender);
    let dice: u32 = a.dice.iter().sum();
    if dice > MAX_DICE {
        return Err(Error::TooLarge(format!(
            "{dice} attack dice is over the limit of {MAX_DICE} for one Legion attack"
        )));
    }
    if a.aim + a.observation > MAX_TOKENS {
        return Err(Error::TooLarge(format!(
            "{} aim and observation tokens is over the limit of {MAX_TOKENS}",
            a.aim + a.observation
        )));
    }
    let impervious = match declared.edition {
        Edition::Amg2021 if d.impervious => a.pierce + a.lethal.min(a.aim) + u32::from(a.duelist),
        _ => 0,
    };
    let vaapad = if d.vaapad { d.wounded.min(3) } else { 0 };
    let extra = d.danger_sense.min(d.suppression) + vaapad + impervious;
    if dice + extra > MAX_DEFENSE_DICE {
        return Err(Error::TooLarge(format!(
            "up to {} defense dice (a result each, plus Danger Sense, Vaapad and Impervious dice) \
             is over the limit of {MAX_DEFENSE_DICE}",
            dice + extra
        )));
    }
    Ok(dice + extra)
}

/// The reroll states of the pool: per colour, the faces that matter while rerolling.
fn reroll_work(a: &Attacker, policy: Policy) -> u64 {
    let surge_is = roll::surge_is(a);
    let per_colour = |n: u64| match (policy, surge_is) {
        (Policy::Optimal(_), _) => (n + 1) * (n + 2) * (n + 3) / 6,
        (Policy::Greedy, Some(_)) => n + 1,
        (Policy::Greedy, None) => (n + 1) * (n + 2) / 2,
    };
    a.dice
        .iter()
        .map(|&n| per_colour(u64::from(n)))
        .product::<u64>()
}
