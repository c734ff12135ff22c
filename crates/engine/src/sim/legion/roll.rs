//! Steps 1 and 2: form the pool and roll it die by die, then reroll it with aim and observation
//! tokens one token at a time, picking dice greedily or as the optimal policy decides.

use super::declare::Sim;
use super::dice::{pick_blanks_then_surges, roll_attack, ABlank, ASurge, Attack, Crit, Die, Hit};
use super::Trial;
use crate::legion::attack::{OptimalPolicy, SurgeIs};
use crate::legion::units::AttackSurge;

impl Sim {
    /// The attacker's dice and Vaapad Mastery's white dice, rolled red first, then black, then
    /// white.
    pub(super) fn roll(&self, t: &mut Trial) {
        let pool = &mut t.table.attack;
        pool.clear();
        let mut dice = self.s.attacker.dice;
        dice[2] += self.vaapad_attack;
        for (colour, &n) in dice.iter().enumerate() {
            for _ in 0..n {
                pool.push(Die {
                    colour,
                    face: roll_attack(t.rng, colour),
                    picked: false,
                });
            }
        }
    }

    /// Each aim token (2 + Precise dice), then each observation token (1 die); a token that
    /// picks no die is kept, except greedy's first aim for an attacking Duelist in melee, spent
    /// on no die for Duelist's Pierce.
    pub(super) fn reroll(&self, t: &mut Trial) {
        let aim_tokens = self.aim_tokens();
        let tokens = (0..aim_tokens + self.s.attacker.observation).map(|i| i < aim_tokens);
        for (token, is_aim) in tokens.enumerate() {
            let pool = &mut t.table.attack;
            let picked = match t.optimal {
                Some(policy) => optimal_reroll(policy, token, pool, t.aims),
                None => {
                    let idle = token == 0 && is_aim && self.s.attacker.duelist && self.melee;
                    self.greedy_pick(pool, is_aim) || idle
                }
            };
            if !picked {
                continue;
            }
            if is_aim {
                t.aims -= 1;
                t.rerolled = true;
            }
            for die in pool.iter_mut().filter(|die| die.picked) {
                die.face = roll_attack(t.rng, die.colour);
                die.picked = false;
            }
        }
    }

    /// Marks the dice the greedy policy rerolls with one token: blanks, and surges beyond those
    /// that will convert; red first, then black, then white, blanks before surges in a colour.
    fn greedy_pick(&self, pool: &mut [Die], is_aim: bool) -> bool {
        let a = &self.s.attacker;
        let convertible = match self.surge {
            AttackSurge::None => self.critical + a.surge_tokens,
            AttackSurge::Hit | AttackSurge::Crit => u32::MAX,
        };
        let capacity = if is_aim { 2 + a.precise } else { 1 };
        pick_blanks_then_surges(pool, capacity, convertible) > 0
    }
}

/// Marks the dice that the optimal policy rerolls with token `token` (`picked`), presenting the
/// dice as its decisions count them (a surge the chart settles counts as the result it becomes);
/// `false` when the token is kept.
fn optimal_reroll(policy: &OptimalPolicy, token: usize, pool: &mut [Die], aims: u32) -> bool {
    // The face index a die counts as: blank, surge, hit, crit.
    let index = |face: Attack| match face {
        ABlank => 0,
        ASurge => match policy.surge_is() {
            SurgeIs::Blank => 0,
            SurgeIs::Surge => 1,
            SurgeIs::Hit => 2,
            SurgeIs::Crit => 3,
        },
        Hit => 2,
        Crit => 3,
    };
    let mut faces = [[0u32; 4]; 3];
    for die in pool.iter() {
        faces[die.colour][index(die.face)] += 1;
    }
    let Some(choice) = policy.reroll(token, faces, aims) else {
        return false;
    };
    // Blanks, surges and hits per colour; dice showing a hit before surges counted as hits
    // (the two are the same result). Crits are never rerolled.
    let mut left = choice;
    for face in [ABlank, Hit, ASurge] {
        let i = index(face);
        if i > 2 {
            continue;
        }
        for die in pool.iter_mut() {
            let n = &mut left[die.colour][i];
            if die.face == face && *n > 0 {
                die.picked = true;
                *n -= 1;
            }
        }
    }
    debug_assert_eq!(
        left, [[0; 3]; 3],
        "the policy picks dice that are on the table"
    );
    true
}
