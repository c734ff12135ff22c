//! What an attack leads to: each outcome of the dice ([`Out`]), and the exact distributions the
//! reader sees ([`Attack`]), read from the joint outcomes.

use super::sequence::FollowUp;
use super::units::UnitStats;
use super::Declared;
use crate::dice::Faces;
use crate::dist::Dist;
use crate::error::Message;
use crate::states::States;
use crate::swtcg::keywords::Effect;
use num_rational::BigRational;

/// What one outcome of the dice does. Counters are damage counters placed by this attack.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct Out {
    /// Hits of the final attack roll.
    pub hits: i64,
    /// Pending damage on the defender (hits kept on it plus Critical Hit's bonus).
    pub pending: i64,
    /// The tracked natural faces seen, as [`Faces::bits`].
    pub seen: i64,
    /// Damage counters placed on the defender.
    pub counters: i64,
    /// Whether the defender's counters reach its health.
    pub destroyed: bool,
    /// Damage the defender's Absorb took (its power for its next attack).
    pub absorbed: i64,
    /// Damage the defender's Deflect prevented (it may send that much elsewhere).
    pub deflected: i64,
    /// Counters on the secondary unit (Overkill, Area Damage).
    pub secondary: i64,
    /// Damage counters placed on the attacker (Riposte, Retaliate, Avenge, Backfire, Overload).
    pub attacker_counters: i64,
    /// Damage the attacker's Absorb took (its power for its next attack).
    pub attacker_absorbed: i64,
    /// Damage the attacker's Deflect prevented (it may send that much elsewhere).
    pub attacker_deflected: i64,
    /// Power the attacker gains for its next attack (Focus).
    pub focus: i64,
    /// Whether another unit placed counters on the attacker (its Surge).
    pub attacker_hurt: bool,
    /// Whether the defender's own damage placed counters on the attacker (the defender's Stun).
    pub hurt_by_defender: bool,
    /// Power the attacker loses for its next attack (the defender's Persuade).
    pub persuaded: i64,
    /// Whether the attacker's counters reach its health.
    pub attacker_destroyed: bool,
    /// The sources of damage whose instance a receiver's Deflect already met (the bits of
    /// `damage::source`): it meets each source once.
    pub deflect_spent: u8,
}

/// The exact outcome of one attack.
#[derive(Debug, Clone)]
pub struct Attack {
    /// Attack dice rolled for power, after Shields and other power changes (extra dice excluded).
    pub dice: i64,
    /// Hits of the final attack roll.
    pub hits: Dist,
    /// Damage counters this attack places on the defender.
    pub damage: Dist,
    /// Damage counters placed on the attacker (Riposte, Retaliate, Avenge, Backfire, Overload).
    pub attacker_damage: Dist,
    /// P(the defender is discarded), when its Health is known.
    pub destroyed: Option<BigRational>,
    /// P(the attacker is discarded), when its Health is known.
    pub attacker_destroyed: Option<BigRational>,
    /// Counters on the secondary unit (Overkill, Area Damage), when one is given.
    pub secondary_damage: Option<Dist>,
    /// P(the secondary unit is discarded), when it is given with Health.
    pub secondary_destroyed: Option<BigRational>,
    /// Each natural-face trigger present, with the probability that it fires.
    pub triggers: Vec<(String, BigRational)>,
    /// Power the attacker gains for its next attack (Focus).
    pub focus_power: Option<Dist>,
    /// Power the defender gains for its next attack (its Absorb).
    pub absorb_power: Option<Dist>,
    /// Power the attacker gains for its next attack by absorbing damage.
    pub attacker_absorb_power: Option<Dist>,
    /// Damage the defender's Deflect may send to a unit of its choice.
    pub deflect_damage: Option<Dist>,
    /// Damage the attacker's Deflect may send to a unit of its choice.
    pub attacker_deflect_damage: Option<Dist>,
    /// P(the attacker's Stun gives the defender -X power), with X.
    pub stun: Option<(i64, BigRational)>,
    /// P(the defender's Stun gives the attacker -X power), with X.
    pub defender_stun: Option<(i64, BigRational)>,
    /// P(the defender's Surge gives a unit +X power), with X.
    pub surge: Option<(i64, BigRational)>,
    /// P(the attacker's Surge gives a unit +X power), with X.
    pub attacker_surge: Option<(i64, BigRational)>,
    /// P(the attacker gains its Bounty: the attack discards the defender).
    pub bounty: Option<BigRational>,
    /// Foresight: the best prediction and the chance it is right.
    pub foresight: Option<(i64, BigRational)>,
    /// Forewarning (the defender's prediction): the best prediction and the chance it is right.
    pub forewarning: Option<(i64, BigRational)>,
    /// Power the attacker loses for its next attack (the defender's Persuade).
    pub persuade_power: Option<Dist>,
    /// P(the attacker's Consume takes a card: the attack discards the defender).
    pub consume: Option<BigRational>,
    /// The second attack Double Strike or Tenacity allows.
    pub follow_up: Option<FollowUp>,
    /// P(the defender survives with enough counters for its Resilience).
    pub defender_resilience: Option<BigRational>,
    /// Whether the interceptor took the attack.
    pub intercepted: bool,
    /// Lucky on each side (attacker, defender), when any re-roll happens.
    pub lucky: Option<(i64, i64)>,
    /// The joint outcomes everything above is read from (sequences carry them on).
    pub outcomes: States<Out>,
    /// The options each unit's choices took (`choose:`), by the policy.
    pub chosen: Vec<super::choose::Chosen>,
    /// What the computation assumed or ignored, for the reader.
    pub notes: Vec<Message>,
}

/// What the reader sees: the marginals of the joint outcomes.
pub(super) fn report(a: &Declared, outcomes: States<Out>) -> Attack {
    let (c, rules) = (&a.c, &a.s.rules);
    let (att, def) = (&c.att, &c.def);
    let dist = |f: &dyn Fn(&Out) -> i64| outcomes.to_dist(f);
    let prob = |f: &dyn Fn(&Out) -> bool| outcomes.to_dist(|o| i64::from(f(o))).prob(1);
    let hits = dist(&|o| o.hits);
    let triggers = c
        .triggers
        .iter()
        .map(|t| {
            let counts = t.effect != Effect::BonusDamage || a.bonus_counts(t);
            let p = prob(&|o| counts && Faces::from_bits(o.seen).contains(t.face));
            (t.keyword.clone(), p)
        })
        .collect();
    let predict = |by: &UnitStats| {
        by.foresight.then(|| {
            let predicted = if rules.foresight_damage() {
                dist(&|o| o.pending)
            } else {
                hits.clone()
            };
            let best = predicted.mode();
            (best, predicted.prob(best))
        })
    };
    // Damage on the attacker is reported only when something in this attack can cause it.
    let attacker_hit = c.has(Effect::DamageAttacker) || a.damage_dice.at_attacker();
    let with_x = |x: i64, f: &dyn Fn(&Out) -> bool| (x > 0).then(|| (x, prob(f)));
    let secondary = a.secondary.as_ref();
    Attack {
        dice: a.dice,
        damage: dist(&|o| o.counters),
        attacker_damage: if attacker_hit {
            dist(&|o| o.attacker_counters)
        } else {
            Dist::constant(0)
        },
        destroyed: def.health.map(|_| prob(&|o| o.destroyed)),
        attacker_destroyed: att.health.map(|_| prob(&|o| o.attacker_destroyed)),
        secondary_damage: secondary.map(|_| dist(&|o| o.secondary)),
        secondary_destroyed: secondary
            .and_then(|sec| sec.health.map(|h| prob(&|o| sec.damage + o.secondary >= h))),
        triggers,
        focus_power: c.has(Effect::NextPower).then(|| dist(&|o| o.focus)),
        absorb_power: (def.guard.absorb > 0).then(|| dist(&|o| o.absorbed)),
        attacker_absorb_power: (att.guard.absorb > 0 && attacker_hit)
            .then(|| dist(&|o| o.attacker_absorbed)),
        deflect_damage: (def.guard.deflect > 0).then(|| dist(&|o| o.deflected)),
        attacker_deflect_damage: (att.guard.deflect > 0 && attacker_hit)
            .then(|| dist(&|o| o.attacker_deflected)),
        stun: with_x(att.stun, &|o| o.counters > 0),
        defender_stun: with_x(def.stun, &|o| o.hurt_by_defender),
        surge: with_x(def.surge, &|o| o.counters > 0),
        attacker_surge: with_x(att.surge, &|o| o.attacker_hurt),
        bounty: (att.bounty && def.health.is_some()).then(|| prob(&|o| o.destroyed)),
        foresight: predict(att),
        forewarning: predict(def),
        persuade_power: (def.guard.persuade > 0).then(|| dist(&|o| o.persuaded)),
        consume: (att.consume && def.health.is_some()).then(|| prob(&|o| o.destroyed)),
        follow_up: None,
        defender_resilience: (def.resilience != 0)
            .then(|| prob(&|o| !o.destroyed && def.resilience_active(def.damage + o.counters))),
        intercepted: a.intercepted,
        lucky: a.rerolls().then_some((att.lucky, def.lucky)),
        hits,
        outcomes,
        chosen: Vec::new(),
        notes: a.notes.clone(),
    }
}
