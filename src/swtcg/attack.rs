//! One SWTCG attack, in the rulebook's order of steps.
//!
//! The keywords of both units first compile into the numbers each step needs (`Compiled`); then
//! [`attack`] walks the steps: declare, roll (with triggered extra dice), pending damage,
//! prevention, counters, discard, attack end. The random part is one [`NaturalRoll`], the joint
//! distribution of hits and the natural faces seen; every reported quantity is an exact function
//! of it.

use super::keywords::{attack_die, Effect, Keyword, Roll, Side, Stat, Transform};
use super::rules::Rules;
use super::spec::{Item, Unit};
use crate::dice::{Faces, NaturalRoll};
use crate::dist::Dist;
use crate::error::Error;
use num_rational::BigRational;

/// The most attack dice one attack may roll (power plus extra dice): an exact answer for this
/// many takes about a second.
pub const MAX_DICE: i64 = 2_000;

/// Extra dice (Fury) combine with every outcome of the power dice, so their cost is the product
/// (power dice + 1) × (extra dice + 1), which may not exceed this.
pub const MAX_EXTRA_PRODUCT: i64 = 20_000;

/// The exact outcome of one attack.
#[derive(Debug, Clone)]
pub struct Attack {
    /// Attack dice rolled for power, after Shields and other power changes (extra dice excluded).
    pub dice: i64,
    /// Hits of the final attack roll.
    pub hits: Dist,
    /// Damage counters this attack places on the defender.
    pub damage: Dist,
    /// Damage counters placed on the attacker (Riposte).
    pub attacker_damage: Dist,
    /// P(the defender is discarded), when its Health is known.
    pub destroyed: Option<BigRational>,
    /// P(the attacker is discarded), when its Health is known.
    pub attacker_destroyed: Option<BigRational>,
    /// Each natural-face trigger present, with the probability that it fires.
    pub triggers: Vec<(String, BigRational)>,
    /// Power the attacker gains for its next attack (Focus).
    pub focus_power: Option<Dist>,
    /// Power the defender gains for its next attack (its Absorb).
    pub absorb_power: Option<Dist>,
    /// Power the attacker gains for its next attack by absorbing Riposte damage.
    pub attacker_absorb_power: Option<Dist>,
    /// Foresight: the best prediction and the chance it is right.
    pub foresight: Option<(i64, BigRational)>,
    /// P(the defender survives with enough counters for its Resilience).
    pub defender_resilience: Option<BigRational>,
    /// What the computation assumed or ignored, for the reader.
    pub notes: Vec<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Role {
    Attacker,
    Defender,
}

impl Role {
    fn name(self) -> &'static str {
        match self {
            Role::Attacker => "attacker",
            Role::Defender => "defender",
        }
    }
}

/// One unit's numbers, after its keywords are read.
#[derive(Debug, Default)]
struct UnitStats {
    power: Option<i64>,
    health: Option<i64>,
    damage: i64,
    tapped: bool,
    evade: i64,
    absorb: i64,
    multiplier: i64,
    unpreventable: bool,
    resilience: i64,
    stealth: bool,
    foresight: bool,
}

#[derive(Debug, Clone)]
struct Trigger {
    keyword: String,
    face: u8,
    roll: Roll,
    effect: Effect,
    amount: i64,
}

#[derive(Debug)]
struct Compiled {
    att: UnitStats,
    def: UnitStats,
    accuracy: i64,
    hit_on: i64,
    power_change: i64,
    triggers: Vec<Trigger>,
    notes: Vec<String>,
}

impl Compiled {
    fn new(attacker: &Unit, defender: &Unit) -> Result<Compiled, Error> {
        let mut c = Compiled {
            att: UnitStats {
                multiplier: 1,
                ..UnitStats::default()
            },
            def: UnitStats {
                multiplier: 1,
                ..UnitStats::default()
            },
            accuracy: 0,
            hit_on: attack_die().hit_on,
            power_change: 0,
            triggers: Vec::new(),
            notes: Vec::new(),
        };
        for item in &attacker.items {
            c.read(Role::Attacker, item)?;
        }
        for item in &defender.items {
            c.read(Role::Defender, item)?;
        }
        Ok(c)
    }

    fn read(&mut self, role: Role, item: &Item) -> Result<(), Error> {
        let Item { keyword, value: x } = *item;
        let Keyword { name, side, .. } = keyword;
        if let Transform::NotModelled { reason } = &keyword.transform {
            return Err(Error::NotModelled {
                keyword: name.clone(),
                reason: reason.clone(),
            });
        }
        let acts = match side {
            Side::Either => true,
            Side::Attacker => role == Role::Attacker,
            Side::Defender => role == Role::Defender,
        };
        if !acts {
            self.notes.push(format!(
                "{name} on the {}: no effect here, it acts when its unit {}",
                role.name(),
                if role == Role::Attacker {
                    "defends"
                } else {
                    "attacks"
                }
            ));
            return Ok(());
        }
        let unit = match role {
            Role::Attacker => &mut self.att,
            Role::Defender => &mut self.def,
        };
        match &keyword.transform {
            Transform::Stat { stat } => match stat {
                Stat::Power => unit.power = Some(x),
                Stat::Health => unit.health = Some(x),
                Stat::Damage => unit.damage = x,
                Stat::Tapped => unit.tapped = true,
            },
            Transform::HitShift => self.accuracy += x,
            Transform::HitThreshold { at } => self.hit_on = self.hit_on.max(*at),
            Transform::Power { factor } => self.power_change += factor * x,
            Transform::PowerWhenDamaged => unit.resilience += x,
            // X = 0 is no trigger at all: nothing to track.
            Transform::Trigger { .. } if x == 0 => {}
            Transform::Trigger { face, roll, effect } => {
                match self.triggers.iter_mut().find(|t| t.keyword == *name) {
                    Some(t) => t.amount += x,
                    None => self.triggers.push(Trigger {
                        keyword: name.clone(),
                        face: *face,
                        roll: *roll,
                        effect: *effect,
                        amount: x,
                    }),
                }
            }
            Transform::PreventUpTo => unit.evade += x,
            Transform::Absorb => unit.absorb += x,
            Transform::MultiplyDamage { factor } => unit.multiplier = unit.multiplier.max(*factor),
            Transform::Unpreventable => unit.unpreventable = true,
            Transform::LegalIfTappedOrDamaged => unit.stealth = true,
            Transform::CannotBeIntercepted => self.notes.push(format!(
                "{name}: nothing intercepts this attack, so it changes nothing here"
            )),
            Transform::PredictHits => unit.foresight = true,
            Transform::NoDiceEffect { reason } => self
                .notes
                .push(format!("{name}: no effect on dice ({reason})")),
            Transform::NotModelled { .. } => unreachable!("refused above"),
        }
        Ok(())
    }

    /// The triggers that fire in this roll, their amounts added up, for one effect.
    fn fired(&self, effect: Effect, seen: Faces, counts: impl Fn(&Trigger) -> bool) -> i64 {
        self.triggers
            .iter()
            .filter(|t| t.effect == effect && seen.contains(t.face) && counts(t))
            .map(|t| t.amount)
            .sum()
    }
}

/// Damage counters placed, and how much of it the receiver's Absorb took, for `pending` damage of
/// which `unpreventable` can't be prevented. Absorb acts first among the preventions: the same
/// damage is stopped either way, and the receiver gains the most power.
fn place(
    pending: i64,
    unpreventable: i64,
    prevent: i64,
    absorb: i64,
    multiplier: i64,
    prevent_first: bool,
) -> (i64, i64) {
    let (damage, fixed) = if prevent_first {
        (pending, unpreventable)
    } else {
        (pending * multiplier, unpreventable * multiplier)
    };
    let preventable = damage - fixed;
    let absorbed = absorb.min(preventable);
    let stopped = absorbed + prevent.min(preventable - absorbed);
    let left = damage - stopped;
    let counters = if prevent_first {
        left * multiplier
    } else {
        left
    };
    (counters, absorbed)
}

/// What one (hits, faces seen) outcome of the roll leads to.
struct Outcome {
    hits: i64,
    pending: i64,
    counters: i64,
    absorbed: i64,
    attacker_counters: i64,
    attacker_absorbed: i64,
    destroyed: bool,
}

/// The exact outcome of one attack by `attacker` on `defender` under `rules`.
///
/// ```
/// use holodice::swtcg::{attack::attack, rules::Rules, spec::Unit};
/// let a = Unit::parse("attacker", "Power 3, Critical Hit 1").unwrap();
/// let d = Unit::parse("defender", "Health 4").unwrap();
/// let r = attack(&a, &d, &Rules::default()).unwrap();
/// // Hits average 3/2; Critical Hit adds 1 with P(at least one six) = 91/216.
/// assert_eq!(r.damage.mean().to_string(), "415/216");
/// ```
pub fn attack(attacker: &Unit, defender: &Unit, rules: &Rules) -> Result<Attack, Error> {
    let c = Compiled::new(attacker, defender)?;
    let (att, def) = (&c.att, &c.def);

    // 1. Attack declared: is the target legal?
    let power = att.power.ok_or_else(|| {
        Error::Input("the attacker SPEC has no power: add one, as in --attacker 'Power 5'".into())
    })?;
    for (role, unit) in [("attacker", att), ("defender", def)] {
        if let Some(h) = unit.health.filter(|&h| unit.damage >= h) {
            return Err(Error::Illegal(format!(
                "the {role} already has {} damage counters, at least its health {h}: it is discarded",
                unit.damage
            )));
        }
    }
    if def.stealth && !def.tapped && def.damage == 0 {
        return Err(Error::Illegal(
            "the defender has Stealth and is untapped with no damage counters, so it can't be \
             attacked (add 'Tapped' or 'Damage 1' to its SPEC if it is)"
                .into(),
        ));
    }

    // 2. Roll attack dice: one per point of power (Shields and Resilience change power), then the
    //    extra dice of initial-roll triggers (Fury).
    let resilience = if att.resilience > 0 && att.damage >= att.resilience {
        att.resilience
    } else {
        0
    };
    let dice = (power + resilience + c.power_change).max(0);
    let extra: i64 = c
        .triggers
        .iter()
        .filter(|t| t.effect == Effect::ExtraDice)
        .map(|t| t.amount)
        .sum();
    if dice + extra > MAX_DICE {
        return Err(Error::TooLarge(format!(
            "{} attack dice is over the limit of {MAX_DICE} for one attack",
            dice + extra
        )));
    }
    if (dice + 1) * (extra + 1) > MAX_EXTRA_PRODUCT {
        return Err(Error::TooLarge(format!(
            "{extra} extra dice on top of {dice} attack dice is over the limit: (attack dice + 1) × \
             (extra dice + 1) may be at most {MAX_EXTRA_PRODUCT}"
        )));
    }
    let auto_hit = rules.auto_hit();
    let hits = |face: u8| match face {
        6 if auto_hit => true,
        1 if auto_hit => false,
        _ => i64::from(face) + c.accuracy >= c.hit_on,
    };
    let mut tracked: Vec<u8> = c.triggers.iter().map(|t| t.face).collect();
    tracked.sort_unstable();
    tracked.dedup();
    let final_faces: Vec<u8> = tracked
        .iter()
        .copied()
        .filter(|&f| {
            c.triggers
                .iter()
                .any(|t| t.face == f && t.roll == Roll::Final)
        })
        .collect();
    let sides = attack_die().faces.len() as u8;
    let mut roll = NaturalRoll::pool(dice as u32, sides, hits, &tracked, &tracked);
    let extra_counts: &[u8] = if rules.fury_dice_triggers() {
        &final_faces
    } else {
        &[]
    };
    for t in c.triggers.iter().filter(|t| t.effect == Effect::ExtraDice) {
        let more = NaturalRoll::pool(t.amount as u32, sides, hits, &tracked, extra_counts);
        roll = roll.extend_if(t.face, &more);
    }

    // 3. Re-rolls and 4. assigning hits: no keyword modelled here acts in these steps.

    let needs_hit = rules.critical_hit_needs_hit();
    let bonus_counts = |t: &Trigger| !needs_hit || hits(t.face);
    let outcome = |h: i64, seen: Faces| -> Outcome {
        // 5. Pending damage: hits plus bonus damage (Critical Hit) read on the final roll.
        let bonus = c.fired(Effect::BonusDamage, seen, bonus_counts);
        let pending = h + bonus;
        // 6. Prevention (Parry's trigger, Evade, Absorb), then 7. counters (Double Damage).
        let unpreventable = if att.unpreventable {
            pending
        } else if rules.critical_hit_preventable() {
            0
        } else {
            bonus
        };
        let prevent = c.fired(Effect::Prevent, seen, |_| true) + def.evade;
        let (counters, absorbed) = place(
            pending,
            unpreventable,
            prevent,
            def.absorb,
            att.multiplier,
            rules.prevent_before_double(),
        );
        // 8. Discard.
        let destroyed = def.health.is_some_and(|h| def.damage + counters >= h);
        // 9. Attack ends: Riposte's damage to the attacker, which the attacker's own prevention
        //    meets; Double Damage doubles it only under double-damage=all-damage.
        let riposte = if destroyed && !rules.riposte_after_discard() {
            0
        } else {
            c.fired(Effect::DamageAttacker, seen, |_| true)
        };
        let (attacker_counters, attacker_absorbed) = place(
            riposte,
            if def.unpreventable { riposte } else { 0 },
            att.evade,
            att.absorb,
            if rules.double_damage_all() {
                def.multiplier
            } else {
                1
            },
            rules.prevent_before_double(),
        );
        Outcome {
            hits: h,
            pending,
            counters,
            absorbed,
            attacker_counters,
            attacker_absorbed,
            destroyed,
        }
    };
    let of = |f: &dyn Fn(&Outcome) -> i64| roll.map(|h, seen| f(&outcome(h, seen)));
    let prob = |f: &dyn Fn(&Outcome) -> bool| roll.prob_where(|h, seen| f(&outcome(h, seen)));

    let hits_dist = of(&|o| o.hits);
    let seen = roll.map(|_, seen| seen.bits());
    let triggers = c
        .triggers
        .iter()
        .map(|t| {
            let counts = t.effect != Effect::BonusDamage || bonus_counts(t);
            let p = seen.prob_where(|bits| counts && Faces::from_bits(bits).contains(t.face));
            (t.keyword.clone(), p)
        })
        .collect();
    let has = |e: Effect| c.triggers.iter().any(|t| t.effect == e);
    let foresight = att.foresight.then(|| {
        let predicted = if rules.foresight_damage() {
            of(&|o| o.pending)
        } else {
            hits_dist.clone()
        };
        let best = predicted.mode();
        (best, predicted.prob(best))
    });
    Ok(Attack {
        dice,
        damage: of(&|o| o.counters),
        attacker_damage: if has(Effect::DamageAttacker) {
            of(&|o| o.attacker_counters)
        } else {
            Dist::constant(0)
        },
        destroyed: def.health.map(|_| prob(&|o| o.destroyed)),
        attacker_destroyed: att
            .health
            .map(|h| prob(&|o| att.damage + o.attacker_counters >= h)),
        triggers,
        focus_power: has(Effect::NextPower)
            .then(|| seen.map(|bits| c.fired(Effect::NextPower, Faces::from_bits(bits), |_| true))),
        absorb_power: (def.absorb > 0).then(|| of(&|o| o.absorbed)),
        attacker_absorb_power: (att.absorb > 0 && has(Effect::DamageAttacker))
            .then(|| of(&|o| o.attacker_absorbed)),
        foresight,
        defender_resilience: (def.resilience > 0)
            .then(|| prob(&|o| !o.destroyed && def.damage + o.counters >= def.resilience)),
        hits: hits_dist,
        notes: c.notes,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placing_damage_prevents_then_doubles() {
        // 3 pending, 1 prevented, doubled: 4 counters.
        assert_eq!(place(3, 0, 1, 0, 2, true), (4, 0));
        // Doubled first: 6, then 1 prevented: 5.
        assert_eq!(place(3, 0, 1, 0, 2, false), (5, 0));
        // Absorb takes first, Evade the rest, never below the unpreventable part.
        assert_eq!(place(5, 2, 9, 2, 1, true), (2, 2));
        assert_eq!(place(1, 0, 0, 4, 1, true), (0, 1));
    }
}
