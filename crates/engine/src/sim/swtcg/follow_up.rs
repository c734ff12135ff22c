//! Double Strike and Tenacity: the second attack on the same defender, simulated as the exact
//! engine computes it: two attacks on the defender alone (no secondary unit, interceptor or
//! carried power), the second made only while both units stand (and, for Tenacity X, after a
//! first attack that placed fewer than X counters, or under `tenacity-counts=damage` did less
//! than X damage after prevention), from where the first left them: counters on
//! both, the power the attacker carries (Focus, its Absorb, its Surge, less the defender's
//! Persuade) and the defender's Stun.
//!
//! Each attack of the two starts from the units as given, with the counters then on them: its
//! items that read the state are settled again (`Fury X, X = damage counters`, `if damage <= 4:
//! Shields 2`) and each unit chooses again, as in the exact engine. A trial's second attack is
//! declared, settled and chosen once per worker for each place it starts from.

use super::declare::{declare, plan, Plan};
use super::resolve::{Outcome, Twice};
use super::roll::Die;
use crate::dice::Faces;
use crate::error::Error;
use crate::swtcg::attack::{self, Made, Scenario};
use crate::swtcg::keywords::{Again, Stat};
use crate::swtcg::lucky::OptimalPolicy;
use rand::rngs::ChaCha8Rng;
use std::collections::HashMap;
use std::sync::Arc;

/// The first of the two attacks, and the rule for the second.
#[derive(Debug, Clone)]
pub(super) struct Pair {
    first: Arc<Plan>,
    /// The two attacks' scenario as given (the defender alone): each attack settles it again.
    alone: Arc<Scenario>,
    again: Again,
    /// Tenacity's bound: the second attack follows a first that placed fewer counters.
    limit: i64,
    /// Whether the defender as given has Health: the exact result then reports whether either
    /// attack discarded it.
    health: bool,
}

/// Where the second attack starts: counters on the attacker and on the defender, and the
/// power the attacker carries into it.
type Start = (i64, i64, i64);

impl Pair {
    /// The pair of attacks `s`'s attacker makes, if its attack `main` has Double Strike or
    /// Tenacity once settled (a choice may give it).
    pub fn of(s: &Scenario, main: &Plan) -> Result<Option<Pair>, Error> {
        let Some((again, x)) = main.att.again else {
            return Ok(None);
        };
        let alone = Scenario {
            secondary: None,
            interceptor: None,
            carried_power: 0,
            ..s.clone()
        };
        // The first attack is made with the attacker as the attack chose (under the optimal
        // policy weighed over both attacks), as the exact engine makes it; the second chooses
        // again from where the first left it.
        let first = declare(&Scenario {
            attacker: attack::choices_taken(s)?.attacker,
            ..alone.clone()
        })?;
        // Tenacity's X counts damage after prevention, which Double Damage then multiplied
        // into counters when it acts after prevention: the attack's own, as the exact engine
        // reads it.
        let r = &main.readings;
        let limit = match r.tenacity_damage && r.prevent_first {
            true => x.saturating_mul(main.att.multiplier),
            false => x,
        };
        Ok(Some(Pair {
            first: Arc::new(first),
            health: s.defender.stat(Stat::Health).is_some(),
            alone: Arc::new(alone),
            again,
            limit,
        }))
    }

    /// Whether the defender of the two attacks has Health (the one attacked alone: not an
    /// interceptor that took the first attack of the query).
    pub fn defender_has_health(&self) -> bool {
        self.health
    }

    /// Where the second attack starts after `o`, when it is made.
    fn start(&self, o: &Outcome) -> Option<Start> {
        let p = &self.first;
        let allowed = match self.again {
            Again::Always => true,
            Again::LessThanX => o.defender.counters < self.limit,
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

    /// The second attack's plan from `start`: the units as given with their counters then,
    /// settled and choosing again, and no third attack of its own. `None` where the exact
    /// engine refuses that attack (a unit whose settled Health its counters already reach, an
    /// option past its limits): the second attack is not made.
    fn second(&self, (attacker, defender, carried): Start) -> Option<Plan> {
        let s = Scenario {
            attacker: self.alone.attacker.with_damage(attacker),
            defender: self.alone.defender.with_damage(defender),
            carried_power: carried,
            ..(*self.alone).clone()
        };
        let mut p = plan(&attack::settled(&s, Made::InSequence).ok()?).ok()?;
        p.att.again = None;
        Some(p)
    }
}

/// One worker's pair of attacks: the first's optimal re-rolls, and each second attack's plan
/// and re-rolls by where it starts, made once (`None`: not made from there).
pub(super) struct Player {
    pair: Pair,
    first: Option<OptimalPolicy<'static>>,
    seconds: HashMap<Start, Option<Second>>,
}

/// A second attack's plan and its optimal re-rolls.
type Second = (Arc<Plan>, Option<OptimalPolicy<'static>>);

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
        let second = self.seconds.entry(start).or_insert_with(|| {
            let plan = Arc::new(pair.second(start)?);
            let policy = optimal(&plan);
            Some((plan, policy))
        });
        let Some((plan, policy)) = second else {
            return twice;
        };
        let rolled = plan.roll(rng, table, policy.as_ref());
        let o = plan.resolve(rng, &rolled);
        twice.made = true;
        twice.counters += o.defender.counters;
        twice.destroyed = o.destroyed;
        twice
    }
}
