//! Steps 1 and 2: form the pool, roll it and reroll it with aim and observation tokens, greedily
//! or as the optimal planner decides.

use super::faces::{planner_weights, rolled_of, surge_is, weights_of, Weights};
use super::greedy;
use super::resolve::Resolver;
use super::state::Rolled;
use super::Play;
use crate::legion::optimal::Planner;
use crate::legion::units::Attacker;
use crate::states::{Rolls, States};
use std::rc::Rc;

/// The dice after the rerolls. A surge that the chart will turn into a crit (or into a hit, when
/// Critical X cannot claim it) is as good as that result and is never rerolled, so it is counted
/// with the hits and crits ("kept" dice); otherwise surges stay apart.
pub(super) fn rolled(resolver: &Rc<Resolver>, play: Play) -> States<Rolled> {
    let a = &resolver.d.s.attacker;
    let weights = weights_of(surge_is(a));
    let rolls = &resolver.rolls;
    match play.goal() {
        _ if a.aim + a.observation == 0 => unrerolled(a, &weights, rolls),
        Some(objective) => {
            let terminal = resolver.terminal(objective);
            Planner::new(a, planner_weights(&weights), terminal)
                .play()
                .map(|d| rolled_of(d, a))
        }
        None => greedy::rerolled(a, &weights),
    }
}

/// Nothing is rerolled, so colour never matters: count results straight away (a colour without
/// dice changes nothing).
fn unrerolled(a: &Attacker, weights: &Weights, rolls: &Rolls) -> States<Rolled> {
    let mut rolled = States::certain(Rolled {
        hits: 0,
        crits: 0,
        surges: 0,
        aims: 0,
    });
    for (c, (w, split)) in weights.iter().enumerate() {
        if a.dice[c] == 0 {
            continue;
        }
        let roll = rolls.roll(a.dice[c], &[w[0], w[1], split[0], split[1]]);
        rolled = rolled.and_then_each(
            |_| &*roll,
            |r, k| {
                let mut r = r.clone();
                r.surges += k[1];
                r.crits += k[2];
                r.hits += k[3];
                r
            },
        );
    }
    rolled
}
