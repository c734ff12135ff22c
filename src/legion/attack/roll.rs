//! Steps 1 and 2: form the pool, roll it and reroll it with aim and observation tokens, greedily
//! or as the optimal planner decides.

use super::greedy;
use super::resolve::Resolver;
use super::state::Rolled;
use super::Play;
use crate::legion::dice::attack_dice;
use crate::legion::optimal::{Dice, Planner};
use crate::legion::units::{AttackSurge, Attacker};
use crate::states::{Rolls, States};
use std::rc::Rc;

/// Per colour: weights of (blank, surge, kept), and of (crit, hit) among kept dice.
pub(super) type Weights = Vec<([u32; 3], [u32; 2])>;

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

/// What a die showing a surge is as good as while rerolling.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SurgeIs {
    /// A crit: surge crit.
    Crit,
    /// A hit: surge hit without Critical X.
    Hit,
    /// A blank: no chart, no Critical X and no surge tokens, so no surge converts.
    Blank,
    /// A surge, kept apart: some convert, and which is for later steps to say.
    Surge,
}

/// What a surge is as good as, when the chart settles it (or nothing can convert it).
pub(super) fn surge_is(a: &Attacker) -> SurgeIs {
    match a.surge {
        AttackSurge::Crit => SurgeIs::Crit,
        AttackSurge::Hit if a.critical == 0 => SurgeIs::Hit,
        AttackSurge::None if a.surges_converted() == 0 => SurgeIs::Blank,
        _ => SurgeIs::Surge,
    }
}

/// Per colour: weights of (blank, surge, kept), and of (crit, hit) among kept dice, with settled
/// surges folded into the result they become.
pub(super) fn weights_of(surge_is: SurgeIs) -> Weights {
    attack_dice()
        .iter()
        .map(|f| {
            let (blank, crit, hit, surge) = match surge_is {
                SurgeIs::Crit => (f.blank, f.crit + f.surge, f.hit, 0),
                SurgeIs::Hit => (f.blank, f.crit, f.hit + f.surge, 0),
                SurgeIs::Blank => (f.blank + f.surge, f.crit, f.hit, 0),
                SurgeIs::Surge => (f.blank, f.crit, f.hit, f.surge),
            };
            ([blank, surge, crit + hit], [crit, hit])
        })
        .collect()
}

/// The planner's weights per colour: blank, surge, hit, crit.
pub(super) fn planner_weights(weights: &Weights) -> [[u32; 4]; 3] {
    [0, 1, 2].map(|c| {
        let (w, split) = weights[c];
        [w[0], w[1], split[1], split[0]]
    })
}

/// Aim tokens left after the rerolls, kept in the state only when something later reads them
/// (Lethal and Marksman spend them; Duelist asks whether any was spent); otherwise every state
/// says `a.aim`, so equal rolls merge.
pub(super) fn aims_left(a: &Attacker, aims: u32) -> u32 {
    if aims_matter(a) {
        aims
    } else {
        a.aim
    }
}

/// Whether something after the rerolls reads the aim tokens left: Lethal and Marksman spend
/// them, Duelist asks whether any was spent.
pub(super) fn aims_matter(a: &Attacker) -> bool {
    a.lethal > 0 || a.marksman || (a.duelist && a.melee)
}

/// The totals of a fully known roll.
pub(super) fn rolled_of(d: &Dice, a: &Attacker) -> Rolled {
    let total = |f: usize| d.faces.iter().map(|c| c[f]).sum();
    Rolled {
        hits: total(2),
        crits: total(3),
        surges: total(1),
        aims: aims_left(a, d.aims),
    }
}
