//! Steps 6 and 7 for one instance of damage: the receiver's prevention, then its counters; and
//! dice of damage, which are no attack: each die hits on 4 or more (5 against Armor), nothing
//! else.

use super::roll::roll_die;
use super::units::{Guard, Stats};
use rand::rngs::ChaCha8Rng;

/// What one or more instances of damage did to the unit that received them.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub(super) struct Placed {
    pub counters: i64,
    /// Damage its Absorb prevented (its power for its next attack).
    pub absorbed: i64,
    /// Damage its Deflect prevented (it may send that much to a unit of its choice).
    pub deflected: i64,
    /// Damage its Persuade prevented (the power the attacker loses for its next attack).
    pub persuaded: i64,
}

impl Placed {
    pub fn add(&mut self, more: Placed) {
        self.counters += more.counters;
        self.absorbed += more.absorbed;
        self.deflected += more.deflected;
        self.persuaded += more.persuaded;
    }
}

/// How an instance of damage meets its receiver: what may not be prevented, the receiver's
/// other prevention (Parry), and the source's counters per damage (Double Damage).
#[derive(Debug, Clone, Copy)]
pub(super) struct Instance {
    pub damage: i64,
    pub fixed: i64,
    pub parry: i64,
    pub multiplier: i64,
    /// Prevention acts on the damage, then the multiplier (prevent-before-double=yes); or on
    /// the multiplied damage.
    pub prevent_first: bool,
}

impl Instance {
    /// Places the damage on a unit with `guard`, one point at a time: Absorb stops what it can,
    /// then Deflect, then Persuade, then Parry and Evade; the fixed part gets through, unless
    /// the unit has Fortitude.
    pub fn place(self, guard: Guard) -> Placed {
        let scale = if self.prevent_first {
            1
        } else {
            self.multiplier
        };
        let fixed = if guard.fortitude { 0 } else { self.fixed };
        let mut left = self.damage * scale;
        let mut preventable = (self.damage - fixed) * scale;
        let mut stopped = [0i64; 4];
        let stoppers = [
            guard.absorb,
            guard.deflect,
            guard.persuade,
            guard.evade + self.parry,
        ];
        for (mut stopper, stopped) in stoppers.into_iter().zip(&mut stopped) {
            while stopper > 0 && preventable > 0 {
                stopper -= 1;
                preventable -= 1;
                left -= 1;
                *stopped += 1;
            }
        }
        Placed {
            counters: if self.prevent_first {
                left * self.multiplier
            } else {
                left
            },
            absorbed: stopped[0],
            deflected: stopped[1],
            persuaded: stopped[2],
        }
    }
}

/// `x` dice of damage at `receiver`, rolled one at a time: the hits, and what they place on it
/// with `guard`. The source's Ferocity makes them unpreventable.
pub(super) fn dice_of_damage(
    rng: &mut ChaCha8Rng,
    x: i64,
    receiver: &Stats,
    guard: Guard,
    ferocity: bool,
    multiplier: i64,
    prevent_first: bool,
) -> (i64, Placed) {
    if x == 0 {
        return (0, Placed::default());
    }
    let hits = (0..x)
        .filter(|_| i64::from(roll_die(rng)) >= receiver.hit_on)
        .count() as i64;
    let instance = Instance {
        damage: hits,
        fixed: if ferocity { hits } else { 0 },
        parry: 0,
        multiplier,
        prevent_first,
    };
    (hits, instance.place(guard))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn place(damage: i64, fixed: i64, guard: [i64; 3], multiplier: i64, first: bool) -> Placed {
        let [absorb, deflect, evade] = guard;
        Instance {
            damage,
            fixed,
            parry: 0,
            multiplier,
            prevent_first: first,
        }
        .place(Guard {
            absorb,
            deflect,
            evade,
            ..Guard::default()
        })
    }

    fn placed(counters: i64, absorbed: i64, deflected: i64) -> Placed {
        Placed {
            counters,
            absorbed,
            deflected,
            ..Placed::default()
        }
    }

    #[test]
    fn prevention_in_order_then_double_damage() {
        // 3 damage, 1 prevented, the 2 left doubled.
        assert_eq!(place(3, 0, [0, 0, 1], 2, true), placed(4, 0, 0));
        // Doubled first, then 1 prevented.
        assert_eq!(place(3, 0, [0, 0, 1], 2, false), placed(5, 0, 0));
        // Absorb first, Deflect next, Evade the rest; the fixed part gets through.
        assert_eq!(place(5, 2, [2, 0, 9], 1, true), placed(2, 2, 0));
        assert_eq!(place(4, 0, [1, 2, 0], 1, true), placed(1, 1, 2));
        assert_eq!(place(1, 0, [4, 4, 0], 1, true), placed(0, 1, 0));
        assert_eq!(place(3, 3, [4, 4, 4], 2, false), placed(6, 0, 0));
    }
}
