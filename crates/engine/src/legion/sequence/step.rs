//! One attack of a sequence as the unit meets it, and what its outcomes leave of the unit.

use super::SuppressionGained;
use crate::error::{Error, Message};
use crate::legion::attack::{attack_for, Play, CARRIED};
use crate::legion::optimal::Scored;
use crate::legion::scenario::Scenario;
use num_bigint::BigUint;
use num_integer::Integer;
use num_traits::{One, Zero};
use std::collections::BTreeMap;

/// What one attack finds of the unit: the wounds it has taken, its suppression tokens (more than
/// it started with) and the dodge, shield and surge tokens it holds; and of its guardian, the
/// wounds it has taken and the dodge and surge tokens it holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(super) struct Carried {
    pub wounds: u32,
    pub suppression: u32,
    pub dodge: u32,
    pub shields: u32,
    pub surges: u32,
    pub guardian: [u32; 3],
}

/// The defender's tokens one attack spends, and the guardian's wounds and tokens spent.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Spent {
    pub dodges: u32,
    pub shields: u32,
    pub surges: u32,
    pub guardian: [u32; 3],
}

impl Spent {
    const NONE: Spent = Spent {
        dodges: 0,
        shields: 0,
        surges: 0,
        guardian: [0; 3],
    };

    /// The digits after the wounds of an attack's joint outcome.
    fn of([dodges, shields, surges, g0, g1, g2]: [u32; CARRIED]) -> Spent {
        Spent {
            dodges,
            shields,
            surges,
            guardian: [g0, g1, g2],
        }
    }
}

/// The suppression tokens an attack gives: a ranged one gives one when its roll holds a hit or
/// crit (or always, by the reading), and Suppressive one more.
#[derive(Debug, Clone, Copy)]
pub(super) struct Gives {
    ranged: bool,
    suppressive: bool,
    gained: SuppressionGained,
}

impl Gives {
    pub fn of(s: &Scenario, gained: SuppressionGained) -> Gives {
        Gives {
            ranged: !s.attacker.melee && !s.attacker.overrun,
            suppressive: s.attacker.suppressive,
            gained,
        }
    }

    pub fn tokens(self, hit: bool) -> u32 {
        let given = hit || self.gained == SuppressionGained::Always;
        u32::from(self.ranged && given) + u32::from(self.ranged && self.suppressive)
    }
}

/// How outcomes move the unit: the wounds that wipe it and its guardian (when known), and
/// whether a spent dodge comes back (Nimble).
#[derive(Debug, Clone, Copy)]
pub(super) struct Carry {
    pub capacity: Option<u32>,
    pub guardian_capacity: Option<u32>,
    pub nimble: bool,
}

impl Carry {
    pub fn wiped(&self, c: &Carried) -> bool {
        self.capacity.is_some_and(|cap| c.wounds >= cap)
    }

    /// Whether the guardian of `c` is wiped (it guards no more).
    pub fn guardian_wiped(&self, c: &Carried) -> bool {
        (self.guardian_capacity).is_some_and(|cap| c.guardian[0] >= cap)
    }

    /// The unit `c` after an attack dealt it `w` wounds, gave it `tokens` suppression tokens and
    /// spent `spent`: its wounds, and its guardian's, capped at what wipes it; with the wounds
    /// dealt (so capped).
    pub fn next(&self, c: &Carried, w: u32, tokens: u32, spent: &Spent) -> (Carried, u32) {
        let w = self.capacity.map_or(w, |cap| w.min(cap - c.wounds));
        let [gw, gd, gs] = c.guardian;
        let guarded = spent.guardian[0];
        let guarded = (self.guardian_capacity).map_or(guarded, |cap| guarded.min(cap - gw));
        let back = u32::from(self.nimble && spent.dodges > 0);
        let to = Carried {
            wounds: c.wounds + w,
            suppression: c.suppression + tokens,
            dodge: c.dodge - spent.dodges + back,
            shields: c.shields - spent.shields,
            surges: c.surges - spent.surges,
            guardian: [gw + guarded, gd - spent.guardian[1], gs - spent.guardian[2]],
        };
        (to, w)
    }

    /// One attack over the unit's states, each meeting its step (none once the unit is
    /// wiped), as integer weights over one denominator (the steps' brought to a common one):
    /// the states it leaves, the wounds it dealt, the weight of the states it wiped, and the
    /// common denominator the weights were multiplied by.
    pub fn over(
        &self,
        states: &Weights<Carried>,
        steps: &[Option<&Step>],
    ) -> (Weights<Carried>, Weights<i64>, BigUint, BigUint) {
        let common = (steps.iter().flatten()).fold(BigUint::one(), |l, s| l.lcm(&s.denominator));
        let mut next: Weights<Carried> = BTreeMap::new();
        let mut dealt: Weights<i64> = BTreeMap::new();
        let mut wiped_by = BigUint::zero();
        for ((c, p), step) in states.iter().zip(steps) {
            let Some(step) = step else {
                let weight = p * &common;
                add(&mut dealt, 0, weight.clone());
                add(&mut next, *c, weight);
                continue;
            };
            let scaled = p * (&common / &step.denominator);
            for (w, q, tokens, spent) in &step.outcomes {
                let (to, w) = self.next(c, *w, *tokens, spent);
                let weight = &scaled * q;
                if self.wiped(&to) {
                    wiped_by += &weight;
                }
                add(&mut dealt, i64::from(w), weight.clone());
                add(&mut next, to, weight);
            }
        }
        (next, dealt, wiped_by, common)
    }

    /// The unit `c` after outcome `o` of an attack that gives `gives`.
    pub fn after(&self, c: &Carried, o: &Scored, gives: Gives) -> Carried {
        self.next(c, o.wounds, gives.tokens(o.hit), &Spent::of(o.spent))
            .0
    }
}

/// Integer weights of outcomes, over a denominator kept apart.
pub(super) type Weights<K> = BTreeMap<K, BigUint>;

/// One outcome of a step: wounds, weight, suppression tokens given, the tokens spent.
pub(super) type Outcome = (u32, BigUint, u32, Spent);

/// One attack made on the unit in one state: its outcomes as integer weights over
/// `denominator`, and its goal's value (under a sequence's optimal policy).
pub(super) struct Step {
    pub outcomes: Vec<Outcome>,
    pub denominator: BigUint,
    pub value: f64,
    pub notes: Vec<Message>,
}

impl Step {
    /// Attack `s` under `play`. Under the greedy policy an outcome does not say whether the
    /// roll held a hit or crit, but a roll without one wounds no one and spends no token, so
    /// only that outcome splits into a roll without results (no suppression token under the
    /// `hits` reading) and one with them; a goal that reads it keeps it in each outcome.
    pub fn of(s: &Scenario, gives: Gives, play: &Play) -> Result<Step, Error> {
        let a = attack_for(s, play)?;
        let joint = &a.carried;
        let none = a.attack_results.prob(0);
        let denominator = joint.denominator().lcm(&uint(none.denom()));
        let scale = &denominator / joint.denominator();
        let none = uint(none.numer()) * (&denominator / uint(none.denom()));
        let tracked = play.tracks_hit();
        let whole = |n: i64| u32::try_from(n).unwrap_or(0);
        let mut outcomes = Vec::new();
        for (x, weight) in joint.support() {
            // The digits of [`LegionAttack::carried`], the last first.
            let hit = x % 2 == 1;
            let mut rest = x / 2;
            let mut digits = [0u32; CARRIED];
            for (d, r) in digits.iter_mut().zip(a.radix).rev() {
                *d = whole(rest % r);
                rest /= r;
            }
            let w = whole(rest);
            let weight = weight * &scale;
            let spent = Spent::of(digits);
            match (w, spent) {
                _ if tracked => outcomes.push((w, weight, gives.tokens(hit), spent)),
                (0, Spent::NONE) => {
                    let without = none.clone().min(weight.clone());
                    outcomes.push((0, weight - &without, gives.tokens(true), spent));
                    outcomes.push((0, without, gives.tokens(false), spent));
                }
                _ => outcomes.push((w, weight, gives.tokens(true), spent)),
            }
        }
        outcomes.retain(|(_, q, _, _)| !q.is_zero());
        Ok(Step {
            outcomes,
            denominator,
            value: a.value,
            notes: a.notes,
        })
    }
}

/// A non-negative integer as an unsigned one (a probability's numerator or denominator).
fn uint(n: &num_bigint::BigInt) -> BigUint {
    n.to_biguint().unwrap_or_default()
}

/// Adds weight `w` to outcome `k`.
pub(super) fn add<K: Ord>(to: &mut Weights<K>, k: K, w: BigUint) {
    *to.entry(k).or_insert_with(BigUint::zero) += w;
}
