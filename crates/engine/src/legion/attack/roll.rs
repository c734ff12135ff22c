//! Steps 1 and 2: form the pool, roll it (or take the roll on the table) and reroll it with aim
//! and observation tokens, greedily or as the optimal planner decides.

use super::faces::{planner_weights, rolled_of, surge_is, weights_of, SurgeIs, Weights};
use super::greedy;
use super::resolve::Resolver;
use super::state::Rolled;
use super::Play;
use crate::legion::on_table::Resumes;
use crate::legion::optimal::{Dice, Planner};
use crate::legion::units::Attacker;
use crate::states::{Rolls, States};
use std::rc::Rc;

/// The dice after the rerolls. A surge that the chart will turn into a crit (or into a hit, when
/// Critical X cannot claim it) is as good as that result and is never rerolled, so it is counted
/// with the hits and crits ("kept" dice); otherwise surges stay apart.
pub(super) fn rolled(resolver: &Rc<Resolver>, play: &Play) -> States<Rolled> {
    let a = &resolver.d.s.attacker;
    let weights = weights_of(surge_is(a));
    let rolls = &resolver.rolls;
    if let Some(t) = &resolver.d.s.on_table {
        debug_assert_eq!(t.resumes, Resumes::Reroll);
        return rerolled_from(resolver, play, &t.faces, &weights);
    }
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

/// The rerolls from a roll on the table (per colour: blanks, surges, hits, crits), its surges
/// counted as what the chart makes them, as a rolled die's are.
fn rerolled_from(
    resolver: &Rc<Resolver>,
    play: &Play,
    faces: &[[u32; 4]; 3],
    weights: &Weights,
) -> States<Rolled> {
    let a = &resolver.d.s.attacker;
    let settled = faces.map(|f| settle(f, surge_is(a)));
    match play.goal() {
        _ if a.aim + a.observation == 0 => {
            let dice = Dice {
                faces: settled,
                aims: 0,
            };
            States::certain(rolled_of(&dice, a))
        }
        Some(objective) => {
            let terminal = resolver.terminal(objective);
            let planner = Planner::new(a, planner_weights(weights), terminal);
            planner.play_from(settled).map(|d| rolled_of(d, a))
        }
        None => greedy::rerolled_from(a, weights, &settled),
    }
}

/// A colour's faces (blanks, surges, hits, crits) with its surges as good as what they become.
fn settle([blank, surge, hit, crit]: [u32; 4], surge_is: SurgeIs) -> [u32; 4] {
    match surge_is {
        SurgeIs::Crit => [blank, 0, hit, crit + surge],
        SurgeIs::Hit => [blank, 0, hit + surge, crit],
        SurgeIs::Blank => [blank + surge, 0, hit, crit],
        SurgeIs::Surge => [blank, surge, hit, crit],
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
