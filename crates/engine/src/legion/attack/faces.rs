//! How the rerolls count the dice: what a surge is as good as, each colour's weights of the
//! faces that matter, and the aim tokens a state keeps.

use super::state::Rolled;
use crate::legion::dice::attack_dice;
use crate::legion::optimal::Dice;
use crate::legion::units::{AttackSurge, Attacker};

/// Per colour: weights of (blank, surge, kept), and of (crit, hit) among kept dice.
pub(super) type Weights = Vec<([u32; 3], [u32; 2])>;

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
