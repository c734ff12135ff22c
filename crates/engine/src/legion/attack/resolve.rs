//! Steps 3 to 8 as one pipeline from the rolled dice to the outcome, each step a method in the
//! file named after it; defense rolls are built once per key and shared by every call.

use super::declare::Declared;
use super::faces::aims_matter;
use super::state::{Outcome, Results, Rolled};
use super::Play;
use crate::legion::optimal::{Dice, Goal, Scored};
use crate::states::{Memo, Rolls, States};
use std::rc::Rc;

/// What a defense roll depends on: dice for results, extra dice, whether every surge converts,
/// and the Pierce that meets it.
pub(super) type DefenseKey = (u32, u32, bool, u32);

/// The attack's units and choices, with what its steps share.
pub(super) struct Resolver {
    pub d: Declared,
    pub rolls: Rc<Rolls>,
    /// Keyed by [`DefenseKey`]: (wounds, Deflect's wounds on the attacker, the defender's
    /// surge tokens spent).
    pub defenses: Memo<DefenseKey, States<(u32, u32, u32)>>,
    /// Whether the attacker spends Pierce on a guardian's blocks before the defender's.
    pub pierce_guardian_first: bool,
    /// What the optimal policy maximises; `None` under the greedy policy.
    pub objective: Option<Goal>,
    /// Whether the outcomes keep whether the attack roll held a hit or crit: only a goal that
    /// reads more than the wounds asks (otherwise states that differ by it alone merge).
    pub tracks_hit: bool,
}

impl Resolver {
    pub fn new(d: Declared, play: &Play) -> Rc<Resolver> {
        Rc::new(Resolver {
            d,
            rolls: Rc::new(Rolls::default()),
            defenses: Memo::default(),
            pierce_guardian_first: *play == Play::Greedy,
            objective: play.goal().cloned(),
            tracks_hit: play.tracks_hit(),
        })
    }

    /// Steps 3 to 8.
    pub fn resolve(&self, rolled: &States<Rolled>) -> States<Outcome> {
        self.defend(self.convert(rolled))
    }

    /// Steps 4 to 8, from converted results to the outcome.
    pub fn defend(&self, converted: States<Results>) -> States<Outcome> {
        let covered = self.cover(converted);
        let modified = self.modify(&covered);
        let guarded = self.guard(modified);
        self.defense(&guarded)
    }

    /// The objective's value of the outcomes that follow these results.
    pub fn value(&self, r: &Results, objective: &Goal) -> f64 {
        worth(&self.defend(States::certain(r.clone())), objective)
    }

    /// The objective's value of a fully known roll once the rerolls are over, memoised: what
    /// the optimal planner maximises.
    pub fn terminal(self: &Rc<Self>, objective: &Goal) -> Box<dyn Fn(&Dice) -> f64> {
        let values: Memo<Rolled, f64> = Memo::default();
        let resolver = Rc::clone(self);
        let objective = objective.clone();
        Box::new(move |d: &Dice| {
            let a = &resolver.d.s.attacker;
            *values.get(super::faces::rolled_of(d, a), |r| {
                worth(&resolver.resolve(&States::certain(r.clone())), &objective)
            })
        })
    }

    /// The objective's value of every roll the rerolls may end on (by hits, crits, surges and
    /// the aims left that later steps read), as bits: all the optimal planner reads of the
    /// defender, so attacks of one declared attacker with equal values plan the same rerolls.
    pub fn terminal_values(&self, objective: &Goal) -> Vec<u64> {
        let a = &self.d.s.attacker;
        let n: u32 = a.dice.iter().sum();
        let aims = match aims_matter(a) {
            true => 0..=a.aim,
            false => a.aim..=a.aim,
        };
        let rolls = (0..=n).flat_map(|hits| {
            (0..=n - hits).flat_map(move |crits| {
                (0..=n - hits - crits).map(move |surges| (hits, crits, surges))
            })
        });
        let rolled = rolls.flat_map(|(hits, crits, surges)| {
            aims.clone().map(move |aims| Rolled {
                hits,
                crits,
                surges,
                aims,
            })
        });
        let value = |r: Rolled| worth(&self.resolve(&States::certain(r)), objective);
        rolled.map(|r| value(r).to_bits()).collect()
    }
}

/// The objective's expected value over the outcomes (in `f64`: values only guide choices).
pub(super) fn worth(outcomes: &States<Outcome>, objective: &Goal) -> f64 {
    let total = big_f64(&outcomes.denominator());
    let sum: f64 = (outcomes.weights())
        .map(|(o, w)| big_f64(&w) * objective.score(&o.scored()))
        .sum();
    sum / total
}

fn big_f64(n: &num_bigint::BigUint) -> f64 {
    num_traits::ToPrimitive::to_f64(n).unwrap_or(f64::MAX)
}

impl Outcome {
    /// The outcome as a goal reads it.
    pub fn scored(&self) -> Scored {
        let g = self.guardian;
        Scored {
            wounds: self.wounds,
            hit: self.hit,
            spent: [
                self.dodges,
                self.shields,
                self.surges,
                g.wounds,
                g.dodges,
                g.surges,
            ],
        }
    }
}
