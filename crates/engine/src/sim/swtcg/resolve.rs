//! Steps 4 to 9 of one attack, once the dice are settled: Overkill's hits, pending damage,
//! prevention and counters on the defender, the discard with Area Damage and Avenge, and the
//! attack's end with Riposte, Retaliate, Backfire and Overload reaching the attacker.

use super::damage::{dice_of_damage, Instance, Placed};
use super::declare::Plan;
use super::roll::{FaceSet, Rolled};
use super::units::{Stats, Trigger};
use crate::policy::Objective;
use crate::swtcg::keywords::{Effect, Roll, Target, When};
use rand::rngs::ChaCha8Rng;

/// What the two attacks of Double Strike or Tenacity did.
#[derive(Debug, Default, Clone, Copy)]
pub(super) struct Twice {
    /// Whether the second attack was made.
    pub made: bool,
    /// Counters both attacks placed on the defender.
    pub counters: i64,
    /// Whether either discarded it.
    pub destroyed: bool,
}

/// What one attack did: every reported variable is read from it.
#[derive(Debug, Default, Clone, Copy)]
pub(super) struct Outcome {
    pub hits: i64,
    /// Pending damage on the defender: hits kept on it plus Critical Hit's bonus.
    pub pending: i64,
    pub defender: Placed,
    pub destroyed: bool,
    pub secondary: Placed,
    pub secondary_destroyed: bool,
    pub attacker: Placed,
    pub attacker_destroyed: bool,
    /// Power the attacker gains for its next attack (Focus).
    pub focus: i64,
    /// Whether another unit placed counters on the attacker (its Surge).
    pub attacker_hurt: bool,
    /// Whether the defender's own damage placed counters on the attacker (the defender's Stun).
    pub hurt_by_defender: bool,
    /// Bit `i` when trigger `i` fired (the keyword file defines far fewer than 64 triggers).
    pub fired: u64,
    /// The two attacks of Double Strike or Tenacity, played on their own.
    pub follow_up: Twice,
}

/// What the final roll does to the defender (steps 4 to 8).
#[derive(Debug, Clone, Copy)]
pub(super) struct Strike {
    /// Hits Overkill moves to the secondary unit.
    pub moved: i64,
    pub pending: i64,
    pub placed: Placed,
    pub destroyed: bool,
}

impl Plan {
    /// Whether trigger `t` fires: its face shows in the roll it reads (and a bonus-damage
    /// trigger's six hits, under critical-hit-needs-hit=yes).
    fn fires(&self, t: &Trigger, initial: FaceSet, last: FaceSet) -> bool {
        let seen = match t.roll {
            Roll::Initial => initial,
            Roll::Final => last,
        };
        let counts =
            t.effect != Effect::BonusDamage || !self.readings.crit_needs_hit || self.hits(t.face);
        counts && seen & (1 << t.face) != 0
    }

    /// The X of the triggers with `effect` that fire, added up.
    fn fired(&self, effect: Effect, initial: FaceSet, last: FaceSet) -> i64 {
        let triggers = self.roll.triggers.iter();
        triggers
            .filter(|t| t.effect == effect && self.fires(t, initial, last))
            .map(|t| t.amount)
            .sum()
    }

    /// Steps 4 to 8 on the defender for a final roll of `hits` hits, the faces `initial` and
    /// `last` showing. Overkill moves hits beyond the defender's remaining health (all of them,
    /// or the most that still discard it); the rest, with Critical Hit's bonus, meets its
    /// prevention (Parry's too) and places counters.
    fn strike(&self, hits: i64, initial: FaceSet, last: FaceSet) -> Strike {
        let bonus = self.fired(Effect::BonusDamage, initial, last);
        let parry = self.fired(Effect::Prevent, initial, last);
        let on_defender = |kept: i64| {
            let pending = kept + bonus;
            let fixed = match (self.att.ferocity, self.readings.crit_preventable) {
                (true, _) => pending,
                (false, true) => 0,
                (false, false) => bonus,
            };
            let placed = self.instance(pending, fixed, parry).place(self.def.guard);
            (pending, placed, discarded(&self.def, placed.counters))
        };
        let excess = match (&self.secondary, self.def.health) {
            (Some(_), Some(h)) if self.att.overkill => (hits - (h - self.def.damage)).max(0),
            _ => 0,
        };
        let moved = if self.readings.overkill_all {
            excess
        } else {
            (1..=excess)
                .rev()
                .find(|&k| on_defender(hits - k).2)
                .unwrap_or(0)
        };
        let (pending, placed, destroyed) = on_defender(hits - moved);
        Strike {
            moved,
            pending,
            placed,
            destroyed,
        }
    }

    /// The attacker's damage as an instance of attack damage (its Double Damage applies).
    fn instance(&self, damage: i64, fixed: i64, parry: i64) -> Instance {
        Instance {
            damage,
            fixed,
            parry,
            multiplier: self.att.multiplier,
            prevent_first: self.readings.prevent_first,
        }
    }

    /// What the optimal policy weighs a final roll by: the objective on the defender's counters.
    /// Re-rolls never change the initial roll, so only the final faces are read.
    pub fn objective_value(&self, hits: i64, last: FaceSet) -> f64 {
        let strike = self.strike(hits, 0, last);
        let reached = match self.objective {
            Objective::Mean => return strike.placed.counters as f64,
            Objective::Destroy => strike.destroyed,
            Objective::AtLeast(k) => strike.placed.counters >= k,
        };
        f64::from(u8::from(reached))
    }

    /// Steps 4 to 9 for the settled dice.
    pub fn resolve(&self, rng: &mut ChaCha8Rng, rolled: &Rolled) -> Outcome {
        let Rolled {
            hits,
            initial,
            last,
        } = *rolled;
        let strike = self.strike(hits, initial, last);
        let mut o = Outcome {
            hits,
            pending: strike.pending,
            defender: strike.placed,
            destroyed: strike.destroyed,
            focus: self.fired(Effect::NextPower, initial, last),
            ..Outcome::default()
        };
        for (i, t) in self.roll.triggers.iter().enumerate().take(64) {
            o.fired |= u64::from(self.fires(t, initial, last)) << i;
        }
        if let Some(sec) = &self.secondary {
            // Overkill's hits are the ability's damage, not dice nor attack damage on the
            // defending unit: the secondary's Armor, Shields and Parry don't meet them, its
            // other prevention does, and Double Damage only under double-damage=all-damage.
            let fixed = if self.att.ferocity { strike.moved } else { 0 };
            let moved = Instance {
                multiplier: self.other_damage(self.att.multiplier),
                ..self.instance(strike.moved, fixed, 0)
            };
            o.secondary = moved.place(sec.guard);
        }
        if o.destroyed {
            self.discard(rng, &mut o);
        }
        self.attack_ends(rng, rolled, &mut o);
        o.attacker_destroyed = discarded(&self.att, o.attacker.counters);
        o.secondary_destroyed = self
            .secondary
            .as_ref()
            .is_some_and(|sec| discarded(sec, o.secondary.counters));
        o
    }

    /// The other units' damage multiplier: their Double Damage counts only under
    /// double-damage=all-damage.
    fn other_damage(&self, multiplier: i64) -> i64 {
        if self.readings.double_all {
            multiplier
        } else {
            1
        }
    }

    /// Step 8, the defender discarded: the attacker's Area Damage at the secondary unit, the
    /// defender's ally's Avenge at the attacker (neither Ferocity nor Double Damage of the
    /// defender's applies to an ally's dice).
    fn discard(&self, rng: &mut ChaCha8Rng, o: &mut Outcome) {
        let first = self.readings.prevent_first;
        if let Some(sec) = self.secondary.as_ref().filter(|_| self.area > 0) {
            let multiplier = self.other_damage(self.att.multiplier);
            // Deflect meets each source once: Overkill's damage came from the attacker too.
            let guard = sec.guard.deflect_spent(o.secondary.deflected > 0);
            let ferocity = self.att.ferocity;
            let (_, placed) =
                dice_of_damage(rng, self.area, sec, guard, ferocity, multiplier, first);
            o.secondary.add(placed);
        }
        if self.avenge > 0 {
            let guard = self.att.guard;
            let (_, placed) = dice_of_damage(rng, self.avenge, &self.att, guard, false, 1, first);
            o.attacker.add(placed);
            o.attacker_hurt |= placed.counters > 0;
        }
    }

    /// Step 9: the defender's Riposte (fixed damage, unless a discarded defender's Riposte is
    /// void) and Retaliate, the attacker's own Backfire and Overload, each an instance of damage
    /// the attacker's prevention meets.
    fn attack_ends(&self, rng: &mut ChaCha8Rng, rolled: &Rolled, o: &mut Outcome) {
        let first = self.readings.prevent_first;
        let riposte = if o.destroyed && !self.readings.riposte_after_discard {
            0
        } else {
            self.fired(Effect::DamageAttacker, rolled.initial, rolled.last)
        };
        let by_defender = self.other_damage(self.def.multiplier);
        let riposte = Instance {
            damage: riposte,
            fixed: if self.def.ferocity { riposte } else { 0 },
            parry: 0,
            multiplier: by_defender,
            prevent_first: first,
        }
        .place(self.att.guard);
        // The attacker's Deflect meets each source once: Riposte and Retaliate are the
        // defender's, Backfire and Overload its own.
        let guard = self.att.guard.deflect_spent(riposte.deflected > 0);
        let ferocity = self.def.ferocity;
        let (_, retaliate) = dice_of_damage(
            rng,
            self.retaliate,
            &self.att,
            guard,
            ferocity,
            by_defender,
            first,
        );
        for placed in [riposte, retaliate] {
            o.attacker.add(placed);
            o.attacker_hurt |= placed.counters > 0;
            o.hurt_by_defender |= placed.counters > 0;
        }
        if let Some(original) = &self.original {
            let x = original.dice_of(Target::Attacker, When::AttackEnds);
            let multiplier = self.other_damage(original.multiplier);
            let (_, placed) = dice_of_damage(
                rng,
                x,
                &self.att,
                self.att.guard,
                original.ferocity,
                multiplier,
                first,
            );
            o.attacker.add(placed);
            o.attacker_hurt |= placed.counters > 0;
        }
        let mut spent = false;
        for x in [
            self.fired(Effect::DiceToSelf, rolled.initial, rolled.last),
            self.att.overload,
        ] {
            let guard = self.att.guard.deflect_spent(spent);
            let ferocity = self.att.ferocity;
            let (_, placed) = dice_of_damage(rng, x, &self.att, guard, ferocity, 1, first);
            spent |= placed.deflected > 0;
            o.attacker.add(placed);
        }
    }
}

/// Whether a unit is discarded once `counters` more are on it (never without Health).
pub(super) fn discarded(unit: &Stats, counters: i64) -> bool {
    unit.health.is_some_and(|h| unit.damage + counters >= h)
}
