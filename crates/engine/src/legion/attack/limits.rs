//! The limits one attack has, checked against the scenario before any work.

use super::declare::{declared, Declared};
use super::faces::SurgeIs;
use super::{faces, Play};
use crate::error::{Error, Input, Message};
use crate::legion::scenario::Scenario;
use crate::legion::units::Attacker;

/// The most attack dice one attack may roll.
pub(crate) const MAX_DICE: u32 = 30;

/// The most reroll tokens (aim and observation) one attack may spend.
pub(crate) const MAX_TOKENS: u32 = 6;

/// The most defense dice one roll may have (results plus Danger Sense, Vaapad and Impervious
/// dice).
pub(crate) const MAX_DEFENSE_DICE: u32 = 40;

/// Rerolls keep a table of each colour's blanks (and surges that convert, without a surge
/// chart): its states, times the aims spent when something later reads them (greedy) or the
/// tokens (optimal, a table of values per token), may not exceed this, which keeps memory under
/// 100 MB.
pub(crate) const MAX_REROLL_STATES: u64 = 1_000_000;

/// Greedy rerolls go through every state of that table for each token, over every outcome of
/// the dice the token picks up: that work may not exceed this, which keeps an answer near a
/// second (30 dice, 6 aims with Precise 3, Critical 5 and Lethal 1 make 603 million: 1.4 s).
pub(crate) const MAX_REROLL_WORK: u64 = 400_000_000;

/// The optimal policy weighs, for every state of the dice, every way a token can pick up to its
/// capacity (2 + Precise for an aim) of them, over every outcome of the reroll: the states times
/// those ways and outcomes may not exceed this, which keeps an answer near a second.
pub const MAX_OPTIMAL_WORK: u64 = 100_000_000;

/// The faces n dice of a colour can show to the optimal policy, counted with surges apart even
/// where the chart (or nothing converting) settles them and the planner leaves them out: the
/// bound that keeps memory under 100 MB for every shape (without surges apart, the planner's
/// tables of values per kept dice grow faster than its states).
fn optimal_splits(n: u64) -> u64 {
    (n + 1) * (n + 2) * (n + 3) / 6
}

/// An upper bound of the optimal policy's work: states of the dice × tokens × the ways a token
/// of the largest capacity picks dice, each weighted by the outcomes of rerolling them.
fn optimal_work(a: &Attacker) -> (u64, u32) {
    // Per colour, picking n dice: the splits among blanks, surges and hits × their outcomes.
    let pick = |n: u64| {
        if n == 0 {
            1
        } else {
            (n + 1) * optimal_splits(n)
        }
    };
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
    let states = optimal_splits(r) * optimal_splits(b) * optimal_splits(w);
    let tokens = u64::from(a.aim + a.observation) + 1;
    (
        states.saturating_mul(tokens).saturating_mul(per_state),
        capacity,
    )
}

/// How much work the attack is, checked against every limit one attack has, without making it:
/// its dice, tokens and defense dice, and the states its rerolls (and the optimal policy's
/// choices) go through. In the units of SWTCG's `cost` (about five a microsecond), for
/// bounding many attacks at once (a table, a comparison) and scheduling them: a fit of measured
/// times (docs/performance.md, within about 5 times either way) on the attack dice, greedy's
/// reroll steps, the optimal policy's states per token and its choices.
pub fn cost(s: &Scenario) -> Result<u64, Error> {
    work(s).map(|w| units(w.rest + w.rerolls))
}

/// An attack's estimated work in microseconds, split by what a batch of attacks may share.
#[derive(Debug, Clone, Copy)]
pub(super) struct Work {
    /// The greedy rerolls, which attacks of one declared attacker share (see `batch.rs`).
    pub rerolls: f64,
    /// The rest of the attack.
    pub rest: f64,
}

/// The work of [`cost`], checked against every limit one attack has, with the errors `cost`
/// gives.
pub(super) fn work(s: &Scenario) -> Result<Work, Error> {
    work_of(s).map_err(|e| e.limit_of(Input::Attacker))
}

fn work_of(s: &Scenario) -> Result<Work, Error> {
    let play = Play::of(s)?;
    let declared = declared(s, false);
    let a = &declared.s.attacker;
    let dice = check_dice(&declared)?;
    let dice2 = f64::from(dice).powi(2);
    let tokens_spent = u64::from(a.aim + a.observation);
    let alone = |rest: f64| Work { rerolls: 0.0, rest };
    if tokens_spent == 0 {
        return Ok(alone(9.0 + 0.5 * dice2));
    }
    let (states, work) = reroll_work(a, &play);
    if states > MAX_REROLL_STATES {
        return Err(Error::too_large(format!(
            "rerolling this pool keeps {states} states, over the limit of {MAX_REROLL_STATES}: \
             use fewer dice or tokens (a surge chart, or fewer colours, also helps)"
        )));
    }
    if work > MAX_REROLL_WORK {
        return Err(Error::too_large(format!(
            "rerolling this pool takes {work} steps, over the limit of {MAX_REROLL_WORK}: \
             use fewer dice, tokens or Precise"
        )));
    }
    if !matches!(play, Play::Optimal(_)) {
        return Ok(Work {
            rerolls: 0.019 * work as f64,
            rest: 4.0 + 0.6 * dice2,
        });
    }
    let (choices, capacity) = optimal_work(a);
    if choices > MAX_OPTIMAL_WORK {
        return Err(Error::too_large(
            Message::about(Input::Attacker)
                .text(format!(
                    "the optimal policy weighs {choices} ways to spend this pool's tokens (aims \
                     pick up to {capacity} dice: 2 + Precise), over the limit of \
                     {MAX_OPTIMAL_WORK}: use a lower Precise, fewer dice or tokens, or "
                ))
                .name(Input::Policy)
                .text(" greedy"),
        ));
    }
    let per_token = (states * tokens_spent) as f64;
    // Lethal, Marksman and Duelist read the aims left: every end of the search weighs them.
    Ok(alone(match faces::aims_matter(a) {
        true => 55.0 + 21.0 * dice2 + 0.029 * per_token + 2.9e-4 * choices as f64,
        false => 18.0 + 4.0 * dice2 + 0.027 * per_token + 3.3e-5 * choices as f64,
    }))
}

/// `micros` microseconds of work in the units of SWTCG's `cost`.
pub(super) fn units(micros: f64) -> u64 {
    (micros * 5.0).ceil() as u64
}

/// The 64-bit words the wounds' distribution may take at most, checked against the attack's
/// limits first: its outcomes (a wound per defense die at most) × the words of its weights (3
/// bits for every die rolled: the pool, the dice the tokens reroll, the defense dice).
pub fn words(s: &Scenario) -> Result<u64, Error> {
    words_of(s).map_err(|e| e.limit_of(Input::Attacker))
}

fn words_of(s: &Scenario) -> Result<u64, Error> {
    let declared = declared(s, false);
    let defense = u64::from(check_dice(&declared)?);
    let a = &declared.s.attacker;
    let rerolled = u64::from(a.aim) * u64::from(2 + a.precise) + u64::from(a.observation);
    let pool = u64::from(a.dice.iter().sum::<u32>());
    let bits = 3 * (pool + rerolled + defense);
    Ok((defense + 1) * (bits / 64 + 1))
}

/// The attack dice, tokens and defense dice against their limits; the most dice of one roll.
fn check_dice(declared: &Declared) -> Result<u32, Error> {
    let (a, d) = (&declared.s.attacker, &declared.s.defender);
    let dice: u32 = a.dice.iter().sum();
    if dice > MAX_DICE {
        return Err(Error::too_large(format!(
            "{dice} attack dice is over the limit of {MAX_DICE} for one Legion attack"
        )));
    }
    if a.aim + a.observation > MAX_TOKENS {
        return Err(Error::too_large(format!(
            "{} aim and observation tokens is over the limit of {MAX_TOKENS}",
            a.aim + a.observation
        )));
    }
    let impervious = match declared.edition.impervious_rolls_dice() {
        true if d.impervious => a.pierce + a.lethal.min(a.aim) + u32::from(a.duelist),
        _ => 0,
    };
    let vaapad = if d.vaapad { d.wounded.min(3) } else { 0 };
    let extra = d.danger_sense.min(d.suppression) + vaapad + impervious;
    if dice + extra > MAX_DEFENSE_DICE {
        return Err(Error::too_large(format!(
            "up to {} defense dice (a result each, plus Danger Sense, Vaapad and Impervious dice) \
             is over the limit of {MAX_DEFENSE_DICE}",
            dice + extra
        )));
    }
    Ok(dice + extra)
}

/// The rerolls' table, as [`MAX_REROLL_STATES`] counts it, and greedy's work through it
/// ([`MAX_REROLL_WORK`]; the optimal policy's is bounded apart). A colour's states are the
/// faces that matter while rerolling; greedy keeps at most Critical X + surge tokens surges
/// apart, without a surge chart.
fn reroll_work(a: &Attacker, play: &Play) -> (u64, u64) {
    if let Play::Optimal(_) = play {
        let states: u64 = a
            .dice
            .iter()
            .map(|&n| optimal_splits(u64::from(n)))
            .product();
        return (states * u64::from(a.aim + a.observation + 1), 0);
    }
    let cap = match faces::surge_is(a) {
        SurgeIs::Surge => a.surges_converted(),
        _ => 0,
    };
    // What m dice of a colour can show: (blanks, surges kept apart).
    let pairs = |m: u32| -> u64 { (0..=m).map(|b| u64::from(cap.min(m - b)) + 1).sum() };
    let states: u64 = a.dice.iter().map(|&n| pairs(n)).product();
    let spent = if faces::aims_matter(a) { a.aim + 1 } else { 1 };
    let outcomes = |capacity: u32| {
        let [r, b, w] = a.dice;
        let mut most = 0;
        for x in 0..=r.min(capacity) {
            for y in 0..=b.min(capacity - x) {
                let z = w.min(capacity - x - y);
                most = most.max(pairs(x) * pairs(y) * pairs(z));
            }
        }
        most
    };
    let capacity = |aim: bool| if aim { 2 + a.precise } else { 1 };
    let per_token = u64::from(a.aim) * outcomes(capacity(true))
        + u64::from(a.observation) * outcomes(capacity(false));
    let kept = states * u64::from(spent);
    (kept, kept.saturating_mul(1 + per_token))
}
