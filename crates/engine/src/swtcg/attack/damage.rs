//! Damage on one unit: prevention, counters, and dice of damage (Retaliate, Ambush, …), which
//! are not attacks.

use super::units::{receives_damage, stats_of, Compiled, Guard, UnitStats};
use super::{Scenario, MAX_DICE};
use crate::dist::Dist;
use crate::error::{Error, Input, Message};
use crate::states::States;
use crate::swtcg::keywords::{attack_die, Effect, Target, Transform, When};
use crate::swtcg::unit::Unit;
use num_rational::BigRational;

/// Checks a count of dice of damage from `what` (a keyword; `None` for dice rolled on their own,
/// whose count is an input) against the limit.
fn check_dice(what: Option<&str>, x: i64) -> Result<(), Error> {
    let about = |text: &str| {
        let start = format!("{x} dice of damage (");
        let m = match what {
            Some(keyword) => Message::from(start + keyword),
            None => Message::about(Input::Count).text(start).name(Input::Count),
        };
        m.text(text)
    };
    if x < 0 {
        return Err(Error::input(about(
            "): give a whole number of dice, 0 or more",
        )));
    }
    if x > MAX_DICE {
        return Err(Error::too_large(about(&format!(
            ") is over the limit of {MAX_DICE}"
        ))));
    }
    Ok(())
}

/// The dice of damage one attack may roll, each X summed over its sources (0: none).
#[derive(Debug, Clone, Copy)]
pub(super) struct DamageDice {
    /// The defender's, at the attacker when the attack ends (not from another arena).
    pub retaliate: i64,
    /// The original defender's, when an interceptor took the attack: it was attacked too.
    pub original_retaliate: i64,
    /// The attacker's, at the secondary unit when the defender is discarded.
    pub area: i64,
    /// The defender's, at the attacker when the defender is discarded.
    pub avenge: i64,
    /// The attacker's, at itself, with the natural face of the initial roll that triggers it.
    pub backfire: Option<(u8, i64)>,
    /// The attacker's, at itself.
    pub overload: i64,
}

impl DamageDice {
    pub fn of(s: &Scenario, c: &Compiled, original: Option<&UnitStats>) -> DamageDice {
        let (att, def) = (&c.att, &c.def);
        let retaliate = |u: &UnitStats| match s.mode {
            Some(_) => 0,
            None => u.dice_of(Target::Attacker, When::AttackEnds),
        };
        DamageDice {
            retaliate: retaliate(def),
            original_retaliate: original.map_or(0, retaliate),
            area: match s.secondary {
                Some(_) => att.dice_of(Target::Secondary, When::Discard),
                None => 0,
            },
            avenge: def.dice_of(Target::Attacker, When::Discard),
            backfire: c.trigger(Effect::DiceToSelf),
            overload: att.overload,
        }
    }

    /// Each roll by name with its X, those that are 0 left out.
    pub fn named(&self) -> Vec<(&'static str, i64)> {
        [
            ("Retaliate", self.retaliate),
            ("the original defender's Retaliate", self.original_retaliate),
            ("Area Damage", self.area),
            ("Avenge", self.avenge),
            ("Backfire", self.backfire.map_or(0, |b| b.1)),
            ("Overload", self.overload),
        ]
        .into_iter()
        .filter(|r| r.1 > 0)
        .collect()
    }

    /// Each roll within the dice limit.
    pub fn check(&self) -> Result<(), Error> {
        self.named()
            .iter()
            .try_for_each(|(what, x)| check_dice(Some(what), *x))
    }

    /// Whether any of them lands on the attacker.
    pub fn at_attacker(&self) -> bool {
        self.retaliate > 0
            || self.original_retaliate > 0
            || self.avenge > 0
            || self.backfire.is_some()
            || self.overload > 0
    }
}

/// Damage counters placed on one unit by one instance of damage.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq, Hash)]
pub(super) struct Placed {
    pub counters: i64,
    pub absorbed: i64,
    pub deflected: i64,
    pub persuaded: i64,
}

/// Places one instance of `pending` damage, of which `unpreventable` can't be prevented (unless
/// the receiver has Fortitude), on a unit with `guard` and `prevent` more (Parry). Absorb acts
/// first among the preventions, then Deflect, then Persuade, then the rest: the same damage is
/// stopped in any order, and this one gives the receiver the most power, the most damage to
/// send on, and then the attacker the most power lost.
pub(super) fn place(
    pending: i64,
    unpreventable: i64,
    guard: Guard,
    prevent: i64,
    multiplier: i64,
    prevent_first: bool,
) -> Placed {
    let unpreventable = if guard.fortitude { 0 } else { unpreventable };
    let (damage, fixed) = if prevent_first {
        (pending, unpreventable)
    } else {
        (pending * multiplier, unpreventable * multiplier)
    };
    let mut left = damage - fixed;
    let mut stop = |up_to: i64| {
        let stopped = up_to.min(left);
        left -= stopped;
        stopped
    };
    let absorbed = stop(guard.absorb);
    let deflected = stop(guard.deflect);
    let persuaded = stop(guard.persuade);
    stop(guard.evade + prevent);
    let left = fixed + left;
    Placed {
        counters: if prevent_first {
            left * multiplier
        } else {
            left
        },
        absorbed,
        deflected,
        persuaded,
    }
}

/// One instance of `x` dice of damage at a unit: 4+ hits, 5+ against Armor; the receiver's
/// prevention applies unless the source has Ferocity.
pub(super) fn dice_of_damage(
    x: i64,
    receiver: &UnitStats,
    guard: Guard,
    unpreventable: bool,
    multiplier: i64,
    prevent_first: bool,
) -> States<Placed> {
    let sides = attack_die().faces.len() as i64;
    let hitting = (sides - receiver.hit_on + 1).clamp(0, sides);
    let hits = Dist::binomial(x as u32, hitting as u32, sides as u32);
    States::from_weights(hits.support().map(|(h, w)| {
        let fixed = if unpreventable { h } else { 0 };
        (
            place(h, fixed, guard, 0, multiplier, prevent_first),
            w.clone(),
        )
    }))
}

/// The sources of damage a unit's Deflect meets once each ("only once for each source of
/// damage"), as bits of [`super::Out::deflect_spent`].
pub(super) mod source {
    /// The attacker's damage on the secondary unit: Overkill's, then Area Damage's.
    pub const ATTACKER_AT_SECONDARY: u8 = 1;
    /// The defender's damage on the attacker: Riposte, then Retaliate.
    pub const DEFENDER_AT_ATTACKER: u8 = 2;
    /// The attacker's own damage on itself: Backfire, then Overload.
    pub const ITSELF: u8 = 4;
    /// Another unit's (an ally's Avenge, the original defender's Retaliate): one instance each.
    pub const NONE: u8 = 0;
}

/// One instance of dice of damage at a unit, as it meets them with its Deflect unused, and
/// with it already spent on the same source.
pub(super) struct Instance {
    pub source: u8,
    pub fresh: States<Placed>,
    pub spent: Option<States<Placed>>,
}

impl Instance {
    /// `x` dice at `receiver` from `source`.
    pub fn new(
        source: u8,
        x: i64,
        receiver: &UnitStats,
        unpreventable: bool,
        multiplier: i64,
        prevent_first: bool,
    ) -> Instance {
        let roll =
            |guard| dice_of_damage(x, receiver, guard, unpreventable, multiplier, prevent_first);
        let spent = Guard {
            deflect: 0,
            ..receiver.guard
        };
        Instance {
            source,
            fresh: roll(receiver.guard),
            spent: (receiver.guard.deflect > 0 && source != source::NONE).then(|| roll(spent)),
        }
    }

    /// The outcomes for a receiver whose Deflect has (or hasn't) met this source yet.
    pub fn for_spent(&self, spent: u8) -> &States<Placed> {
        match &self.spent {
            Some(s) if spent & self.source != 0 => s,
            _ => &self.fresh,
        }
    }
}

/// The result of dice of damage rolled on their own (Ambush, or a Retaliate looked at alone).
#[derive(Debug, Clone)]
pub struct DiceResult {
    /// The dice of damage rolled.
    pub count: i64,
    /// Dice that hit.
    pub hits: Dist,
    /// Damage counters placed on the target, after its prevention.
    pub damage: Dist,
    /// P(the target is discarded), when its Health is known.
    pub destroyed: Option<BigRational>,
    /// Power the target gains for its next attack (its Absorb).
    pub absorb_power: Option<Dist>,
    /// Damage the target's Deflect may send to a unit of its choice.
    pub deflect_damage: Option<Dist>,
    /// P(the target's Surge gives a unit +X power: the dice placed counters), with X.
    pub surge: Option<(i64, BigRational)>,
    /// What the computation assumed or ignored, for the reader.
    pub notes: Vec<Message>,
}

/// `count` dice of damage at `target`: 4+ hits (5+ against Armor), its prevention applies.
///
/// ```
/// use holodice_engine::swtcg::{attack::dice, unit::Unit};
/// let target = Unit::parse("target", "Health 2, Armor").unwrap();
/// let r = dice(2, &target, false).unwrap();
/// // Both dice must hit on 5+: (1/3)².
/// assert_eq!(r.destroyed.unwrap().to_string(), "1/9");
/// ```
pub fn dice(count: i64, target: &Unit, unpreventable: bool) -> Result<DiceResult, Error> {
    check_dice(None, count)?;
    if !target.choices.is_empty() {
        return Err(Error::input(
            "the target SPEC has 'choose:', which is taken as a unit attacks or is attacked: \
             dice of damage are neither, so write the option that applies instead",
        ));
    }
    // Its state-reading items as the dice are rolled: it is not attacking.
    let settled = target
        .in_state(crate::swtcg::state::Role::Defending)
        .map_err(|m| Error::input(format!("the target SPEC: {m}")))?;
    let target = &settled;
    let mut t = stats_of(target);
    if let Some(h) = t.health.filter(|&h| t.damage >= h) {
        return Err(Error::illegal(format!(
            "the target already has {} damage counters, at least its health {h}: it is discarded",
            t.damage
        )));
    }
    let mut notes = target.notes.clone();
    notes.extend(t.settle("target", 0).map(Message::from));
    for item in &target.items {
        let k = item.keyword;
        if !receives_damage(&k.transform) && k.transform != Transform::Surge {
            notes.push(format!("{}: no effect on dice of damage at this unit", k.name).into());
        }
    }
    let placed = dice_of_damage(count, &t, t.guard, unpreventable, 1, true);
    let sides = attack_die().faces.len() as u32;
    let hitting = (sides as i64 - t.hit_on + 1).clamp(0, sides as i64) as u32;
    Ok(DiceResult {
        count,
        hits: Dist::binomial(count as u32, hitting, sides),
        damage: placed.to_dist(|p| p.counters),
        destroyed: t.health.map(|h| {
            placed
                .to_dist(|p| i64::from(t.damage + p.counters >= h))
                .prob(1)
        }),
        absorb_power: (t.guard.absorb > 0).then(|| placed.to_dist(|p| p.absorbed)),
        deflect_damage: (t.guard.deflect > 0).then(|| placed.to_dist(|p| p.deflected)),
        surge: (t.surge > 0).then(|| {
            let hurt = placed.to_dist(|p| i64::from(p.counters > 0)).prob(1);
            (t.surge, hurt)
        }),
        notes,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn guard(absorb: i64, deflect: i64, evade: i64) -> Guard {
        Guard {
            absorb,
            deflect,
            evade,
            ..Guard::default()
        }
    }

    fn counters(p: Placed) -> (i64, i64, i64) {
        (p.counters, p.absorbed, p.deflected)
    }

    #[test]
    fn a_negative_count_of_dice_is_refused() {
        let r = dice(-1, &Unit::default(), false);
        assert!(matches!(r, Err(Error::Input(_))), "{r:?}");
    }

    #[test]
    fn placing_damage_prevents_then_doubles() {
        // 3 pending, 1 prevented, doubled: 4 counters.
        assert_eq!(counters(place(3, 0, guard(0, 0, 1), 0, 2, true)), (4, 0, 0));
        // Doubled first: 6, then 1 prevented: 5.
        assert_eq!(
            counters(place(3, 0, guard(0, 0, 0), 1, 2, false)),
            (5, 0, 0)
        );
        // Absorb takes first, Deflect next, Evade the rest, never below the unpreventable part.
        assert_eq!(counters(place(5, 2, guard(2, 0, 9), 0, 1, true)), (2, 2, 0));
        assert_eq!(counters(place(1, 0, guard(4, 0, 0), 0, 1, true)), (0, 1, 0));
        assert_eq!(counters(place(4, 0, guard(1, 2, 0), 0, 1, true)), (1, 1, 2));
    }

    #[test]
    fn fortitude_prevents_the_unpreventable_and_persuade_comes_after_deflect() {
        let fortitude = Guard {
            fortitude: true,
            ..guard(0, 0, 2)
        };
        // 3 unpreventable, Evade 2: 3 counters without Fortitude, 1 with it.
        assert_eq!(counters(place(3, 3, guard(0, 0, 2), 0, 1, true)), (3, 0, 0));
        assert_eq!(counters(place(3, 3, fortitude, 0, 1, true)), (1, 0, 0));
        // Deflect 1 then Persuade 2 then Evade 1, 5 pending: all stopped, 2 persuaded.
        let g = Guard {
            persuade: 2,
            ..guard(0, 1, 1)
        };
        let p = place(5, 0, g, 0, 1, true);
        assert_eq!((p.counters, p.deflected, p.persuaded), (1, 1, 2));
    }
}
