//! The limits of one attack, checked before the work they bound; [`cost`] sums that work for
//! queries of many attacks (tables).

use super::damage::DamageDice;
use super::units::{Compiled, UnitStats};
use super::Scenario;
use crate::error::{Error, Input, Message};
use crate::swtcg::keywords::Effect;

/// The most attack dice one attack may roll (power plus extra dice): an exact answer for this
/// many takes about a second.
pub const MAX_DICE: i64 = 2_000;

/// Extra dice (Fury) combine with every outcome of the power dice, so their cost is the product
/// (power dice + 1) × (extra dice + 1), which may not exceed this.
pub const MAX_EXTRA_PRODUCT: i64 = 20_000;

/// Dice of damage branch every outcome of the attack roll, so (attack dice + 1) × (X + 1) for
/// each roll of them may not exceed this: about a second at worst.
pub const MAX_DAMAGE_WORK: i64 = 200_000;

/// The joint states dice of damage make (attack outcomes × their rolls × the tracked faces'
/// subsets), each counted as the 64-bit words of its weight plus 8 for its key and map entry, may
/// not exceed this: about 80 MB and half a second at worst.
pub const MAX_DAMAGE_WORDS: u64 = 3_500_000;

/// What a state costs besides its weight's words: its key, its map entry, its copies.
const STATE_WORDS: u64 = 8;

/// The attacker's power: its Power, or with --mode its Bombard or Ion Cannon X.
pub(super) fn attack_power(s: &Scenario, att: &UnitStats) -> Result<i64, Error> {
    let Some(mode) = s.mode else {
        return att.power.ok_or_else(|| {
            Error::input(
                Message::about(Input::Attacker)
                    .text("the attacker SPEC has no power: add one, as in ")
                    .name(Input::Attacker)
                    .text(" 'Power 5'"),
            )
        });
    };
    let (name, flag) = (mode.keyword(), mode.name());
    let xs: Vec<i64> = att
        .other_arena
        .iter()
        .filter(|a| a.0 == mode)
        .map(|a| a.1)
        .collect();
    if xs.is_empty() {
        return Err(Error::input(Message::flag(Input::Mode).text(format!(
            " {flag} needs {name} X in the attacker SPEC, as in '{name} 3'"
        ))));
    }
    Ok(xs.iter().sum())
}

/// The attack dice rolled for power and the extra dice Fury may add, within [`MAX_DICE`] and
/// [`MAX_EXTRA_PRODUCT`].
pub(super) fn attack_dice(s: &Scenario, c: &Compiled, power: i64) -> Result<(i64, i64), Error> {
    let att = &c.att;
    let resilience = if att.resilience_active(att.damage) {
        att.resilience
    } else {
        0
    };
    let dice = (power
        + att.bonus
        + att.more_power
        + resilience
        + att.overload
        + c.power_change
        + s.carried_power)
        .max(0);
    let extra: i64 = c
        .triggers
        .iter()
        .filter(|t| t.effect == Effect::ExtraDice)
        .map(|t| t.amount)
        .sum();
    if dice + extra > MAX_DICE {
        return Err(Error::too_large(format!(
            "{} attack dice is over the limit of {MAX_DICE} for one attack",
            dice + extra
        )));
    }
    if (dice + 1) * (extra + 1) > MAX_EXTRA_PRODUCT {
        return Err(Error::too_large(format!(
            "{extra} extra dice on top of {dice} attack dice is over the limit: (attack dice + 1) × \
             (extra dice + 1) may be at most {MAX_EXTRA_PRODUCT}"
        )));
    }
    Ok((dice, extra))
}

/// The work of dice of damage: each roll of them branches every outcome of the attack roll, so
/// (attack dice + 1) × (X + 1) for each, within [`MAX_DAMAGE_WORK`]; and those states, once
/// per subset of the `faces` tracked, hold weights as long as all the dice rolled, within
/// [`MAX_DAMAGE_WORDS`].
pub(super) fn damage_work(rolls: &[(&str, i64)], dice: i64, faces: usize) -> Result<i64, Error> {
    if rolls.is_empty() {
        return Ok(dice + 1);
    }
    let work = rolls
        .iter()
        .fold(dice + 1, |w, r| w.saturating_mul(r.1 + 1));
    let named = || {
        let named: Vec<String> = rolls.iter().map(|(n, x)| format!("{n} {x}")).collect();
        named.join(", ")
    };
    if work > MAX_DAMAGE_WORK {
        return Err(Error::too_large(format!(
            "dice of damage ({}) combine with every outcome of {dice} attack dice: (attack \
             dice + 1) × (X + 1) for each may be at most {MAX_DAMAGE_WORK}; lower the power or X",
            named()
        )));
    }
    let rolled = rolls.iter().fold(dice, |d, r| d.saturating_add(r.1));
    let words = (work.unsigned_abs() << faces).saturating_mul(weight_words(rolled) + STATE_WORDS);
    if words > MAX_DAMAGE_WORDS {
        return Err(Error::too_large(format!(
            "dice of damage ({}) combine with every outcome of {dice} attack dice into \
             {words} words of exact states, over the limit of {MAX_DAMAGE_WORDS}; lower the \
             power or X",
            named()
        )));
    }
    Ok(work)
}

/// The 64-bit words of an exact weight over `dice` d6s: about 2.6 bits a die.
fn weight_words(dice: i64) -> u64 {
    dice.unsigned_abs() / 25 + 1
}

/// How much work the attack a [`Scenario`] describes is, checked against every limit one attack
/// has, without making it: its dice (with Fury's) and the length of their weights, the tracked
/// natural faces (each doubles the states), dice of damage and Lucky. About 5 million units a
/// second; for bounding many attacks at once (a table).
pub fn cost(s: &Scenario) -> Result<u64, Error> {
    each_combination(s, |s| cost_of(&s.in_state()?))
        .map(|costs| costs.into_iter().fold(0, u64::saturating_add))
        .map_err(|e| e.limit_of(Input::Attacker))
}

/// `f` of each combination of the units' choices ([`super::choose`]): the scenario itself when
/// they have none.
pub(super) fn each_combination<T>(
    s: &Scenario,
    f: impl Fn(&Scenario) -> Result<T, Error>,
) -> Result<Vec<T>, Error> {
    if !super::choose::any(s) {
        return Ok(vec![f(s)?]);
    }
    let rows = super::choose::all(s)?;
    let mut out = Vec::new();
    let mut illegal = None;
    // A combination under which the attack can't be made is no option ([`super::choose`]).
    for (t, _) in rows.iter().flatten() {
        match f(t) {
            Err(e @ Error::Illegal(_)) => illegal = Some(e),
            r => out.push(r?),
        }
    }
    match (out.is_empty(), illegal) {
        (true, Some(e)) => Err(e),
        _ => Ok(out),
    }
}

fn cost_of(s: &Scenario) -> Result<u64, Error> {
    let c = Compiled::new(&s.attacker, &s.defender);
    let power = attack_power(s, &c.att)?;
    let (dice, extra) = attack_dice(s, &c, power)?;
    let mut faces: Vec<u8> = c.triggers.iter().map(|t| t.face).collect();
    faces.sort_unstable();
    faces.dedup();
    let work = damage_work(
        &DamageDice::of(s, &c, None).named(),
        dice + extra,
        faces.len(),
    )?;
    let lucky = c.att.lucky + c.def.lucky;
    if lucky > 0 {
        let reads = c.triggers.iter().map(|t| (t.face, t.roll));
        crate::swtcg::lucky::check_size(dice + extra, reads, s.policy)?;
    }
    // Longer weights, longer arithmetic past a few dozen dice.
    let length = weight_words(dice + extra);
    let cost =
        (work.unsigned_abs() * length).saturating_mul(extra.unsigned_abs() + 1) << faces.len();
    Ok(if lucky > 0 {
        cost.saturating_mul(LUCKY_COST)
    } else {
        cost
    })
}

/// Lucky's re-rolls cost about this many times the attack without them (at its dice limits).
const LUCKY_COST: u64 = 50;
