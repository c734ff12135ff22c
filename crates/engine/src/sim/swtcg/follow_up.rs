//! Double Strike and Tenacity: the second attack on the same defender, simulated as the exact
//! engine computes it: two attacks on the defender alone (no secondary unit, interceptor or
//! carried power), the second made only while both units stand (and, for Tenacity X, after a
//! first attack that placed fewer than X counters, or under `tenacity-counts=damage` did less
//! than X damage after prevention), from where the first left them: counters on
//! both, the power the attacker carries (Focus, its Absorb, its Surge, less the defender's
//! Persuade) and the defender's Stun.

use super::declare::{declare, Plan};
use super::resolve::{Outcome, Twice};
use super::roll::Die;
use crate::dice::Faces;
use crate::error::Error;
use crate::swtcg::attack::Scenario;
use crate::swtcg::keywords::{Again, Transform};
use crate::swtcg::lucky::OptimalPolicy;
use crate::swtcg::unit::Item;
use rand::rngs::ChaCha8Rng;
use std::collections::HashMap;
use std::sync::Arc;

/// The first of the two attacks, and the rule for the second.
#[derive(Debug, Clone)]
pub(super) struct Pair {
    first: Arc<Plan>,
    again: Again,
    x: i64,
}

/// Where the second attack starts: counters on the attacker and on the defender, and the
/// power the attacker carries into it.
type Start = (i64, i64, i64);

impl Pair {
    /// The pair of attacks `s`'s attacker makes, if it has Double Strike or Tenacity.
    pub fn of(s: &Scenario) -> Result<Option<Pair>, Error> {
        let again = |i: &Item| matches!(i.keyword.transform, Transform::AttackAgain { .. });
        if !s.attacker.items.iter().any(again) {
            return Ok(None);
        }
        let alone = Scenario {
            secondary: None,
            interceptor: None,
            carried_power: 0,
            ..s.clone()
        };
        let first = declare(&alone)?;
        Ok(first.att.again.map(|(again, x)| Pair {
            first: Arc::new(first),
            again,
            x,
        }))
    }

    /// Whether the defender of the two attacks has Health (the one attacked alone: not an
    /// interceptor that took the first attack of the query).
    pub fn defender_has_health(&self) -> bool {
        self.first.def.health.is_some()
    }

    /// Where the second attack starts after `o`, when it is made.
    fn start(&self, o: &Outcome) -> Option<Start> {
        let p = &self.first;
        let allowed = match self.again {
            Again::Always => true,
            Again::LessThanX => self.tenacity_count(o) < self.x,
        };
        if o.destroyed || o.attacker_destroyed || !allowed {
            return None;
        }
        let surge = if o.attacker_hurt { p.att.surge } else { 0 };
        let stun = if o.hurt_by_defender { p.def.stun } else { 0 };
        let carried = surge + o.focus + o.attacker.absorbed - o.defender.persuaded - stun;
        Some((
            p.att.damage + o.attacker.counters,
            p.def.damage + o.defender.counters,
            carried,
        ))
    }

    /// What Tenacity compares with X: the counters the first attack placed, or the damage
    /// prevention left, which Double Damage then doubled when it acts after prevention.
    fn tenacity_count(&self, o: &Outcome) -> i64 {
        let r = &self.first.readings;
        match r.tenacity_damage && r.prevent_first {
            true => o.defender.counters / self.first.att.multiplier.max(1),
            false => o.defender.counters,
        }
    }

    /// The second attack's plan from `start`: no third attack of its own.
    fn second(&self, (attacker, defender, carried): Start) -> Plan {
        let mut p = (*self.first).clone();
        p.att.damage = attacker;
        p.def.damage = defender;
        p.att.again = None;
        p.carried = carried;
        p.dice = p.dice_for(attacker, carried);
        p
    }
}

/// One worker's pair of attacks: the first's optimal re-rolls, and each second attack's plan
/// and re-rolls by where it starts, made once.
pub(super) struct Player {
    pair: Pair,
    first: Option<OptimalPolicy<'static>>,
    seconds: HashMap<Start, (Arc<Plan>, Option<OptimalPolicy<'static>>)>,
}

/// A plan's optimal re-rolls, weighing rolls by its own reading of the objective.
fn optimal(plan: &Arc<Plan>) -> Option<OptimalPolicy<'static>> {
    let p = Arc::clone(plan);
    plan.optimal(move |hits: i64, seen: Faces| p.objective_value(hits, seen.bits() as u16))
}

impl Player {
    pub fn new(pair: &Pair) -> Player {
        Player {
            first: optimal(&pair.first),
            pair: pair.clone(),
            seconds: HashMap::new(),
        }
    }

    /// Plays both attacks.
    pub fn play(&mut self, rng: &mut ChaCha8Rng, table: &mut Vec<Die>) -> Twice {
        let first = &self.pair.first;
        let rolled = first.roll(rng, table, self.first.as_ref());
        let o = first.resolve(rng, &rolled);
        let mut twice = Twice {
            made: false,
            counters: o.defender.counters,
            destroyed: o.destroyed,
        };
        let Some(start) = self.pair.start(&o) else {
            return twice;
        };
        let pair = &self.pair;
        let (plan, policy) = self.seconds.entry(start).or_insert_with(|| {
            let plan = Arc::new(pair.second(start));
            let policy = optimal(&plan);
            (plan, policy)
        });
        let rolled = plan.roll(rng, table, policy.as_ref());
        let o = plan.resolve(rng, &rolled);
        twice.made = true;
        twice.counters += o.defender.counters;
        twice.destroyed = o.destroyed;
        twice
    }
}
