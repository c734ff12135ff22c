//! The dice: their faces as the rules reference prints them (written out here, so that the
//! simulator shares no table with the exact engine), and the dice on the table.

use crate::legion::units::DefenseDie;
use rand::rngs::ChaCha8Rng;
use rand::RngExt;

/// What an attack die shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Attack {
    Crit,
    Surge,
    Hit,
    Blank,
}

/// What a defense die shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Defense {
    Block,
    Surge,
    Blank,
}

pub(super) use Attack::{Blank as ABlank, Crit, Hit, Surge as ASurge};
pub(super) use Defense::{Blank as DBlank, Block, Surge as DSurge};

/// The eight faces of the red, black and white attack dice (crit, surge, hits, blanks).
pub(super) const ATTACK_DICE: [[Attack; 8]; 3] = [
    [Crit, ASurge, Hit, Hit, Hit, Hit, Hit, ABlank],
    [Crit, ASurge, Hit, Hit, Hit, ABlank, ABlank, ABlank],
    [Crit, ASurge, Hit, ABlank, ABlank, ABlank, ABlank, ABlank],
];

/// The six faces of the red and white defense dice.
pub(super) const RED_DEFENSE: [Defense; 6] = [Block, Block, Block, DSurge, DBlank, DBlank];
pub(super) const WHITE_DEFENSE: [Defense; 6] = [Block, DSurge, DBlank, DBlank, DBlank, DBlank];

pub(super) fn faces_of(die: DefenseDie) -> &'static [Defense; 6] {
    match die {
        DefenseDie::Red => &RED_DEFENSE,
        DefenseDie::White => &WHITE_DEFENSE,
    }
}

/// One attack die on the table: its colour (0 red, 1 black, 2 white), what it shows, and whether
/// it is picked up for the reroll being made.
#[derive(Debug, Clone, Copy)]
pub(super) struct Die {
    pub colour: usize,
    pub face: Attack,
    pub picked: bool,
}

/// One defense die on the table: whether it is one of Vaapad Mastery's white dice (else of the
/// unit's colour), what it shows, and whether it is picked up for a reroll.
#[derive(Debug, Clone, Copy)]
pub(super) struct DefenseRoll {
    pub vaapad: bool,
    pub face: Defense,
    pub picked: bool,
}

#[inline]
pub(super) fn roll_attack(rng: &mut ChaCha8Rng, colour: usize) -> Attack {
    ATTACK_DICE[colour][rng.random_range(0..8usize)]
}

#[inline]
pub(super) fn roll_defense(rng: &mut ChaCha8Rng, faces: &[Defense; 6]) -> Defense {
    faces[rng.random_range(0..6usize)]
}

/// Rolls `n` defense dice of `faces` onto `roll`, one at a time.
pub(super) fn roll_defense_dice(
    rng: &mut ChaCha8Rng,
    roll: &mut Vec<DefenseRoll>,
    n: u32,
    faces: &[Defense; 6],
    vaapad: bool,
) {
    for _ in 0..n {
        roll.push(DefenseRoll {
            vaapad,
            face: roll_defense(rng, faces),
            picked: false,
        });
    }
}

/// A die on the table that a reroll may pick up.
pub(super) trait Pickable {
    /// Its group (dice are picked group by group: red, black, white; the unit's dice, then
    /// Vaapad's), whether it shows a blank, a surge, and whether it is picked.
    fn parts(&mut self) -> (usize, bool, bool, &mut bool);
}

impl Pickable for Die {
    fn parts(&mut self) -> (usize, bool, bool, &mut bool) {
        let face = self.face;
        (
            self.colour,
            face == ABlank,
            face == ASurge,
            &mut self.picked,
        )
    }
}

impl Pickable for DefenseRoll {
    fn parts(&mut self) -> (usize, bool, bool, &mut bool) {
        let face = self.face;
        (
            usize::from(self.vaapad),
            face == DBlank,
            face == DSurge,
            &mut self.picked,
        )
    }
}

/// Picks up to `room` dice to reroll, group by group: the blanks, then the surges beyond the
/// `convertible` ones (counted over all the dice), as the greedy policy and Uncanny Luck do.
/// Returns how many it picked.
pub(super) fn pick_blanks_then_surges<D: Pickable>(
    dice: &mut [D],
    room: u32,
    convertible: u32,
) -> u32 {
    let surges: u32 = dice.iter_mut().map(|die| u32::from(die.parts().2)).sum();
    let mut unconvertible = surges.saturating_sub(convertible);
    let mut left = room;
    for group in 0..3 {
        for die in dice.iter_mut() {
            let (g, blank, _, picked) = die.parts();
            if left > 0 && g == group && blank {
                *picked = true;
                left -= 1;
            }
        }
        for die in dice.iter_mut() {
            let (g, _, surge, picked) = die.parts();
            if left > 0 && unconvertible > 0 && g == group && surge {
                *picked = true;
                left -= 1;
                unconvertible -= 1;
            }
        }
    }
    room - left
}

/// How many dice of `pool` show `face`.
pub(super) fn count(pool: &[Die], face: Attack) -> u32 {
    pool.iter().filter(|die| die.face == face).count() as u32
}

/// (blocks, surges, blanks) among `dice`.
pub(super) fn shown(dice: impl Iterator<Item = Defense>) -> [u32; 3] {
    let mut n = [0; 3];
    for face in dice {
        n[match face {
            Block => 0,
            DSurge => 1,
            DBlank => 2,
        }] += 1;
    }
    n
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_faces_are_those_of_the_rules() {
        let count = |faces: &[Attack], f: Attack| faces.iter().filter(|&&x| x == f).count();
        for (die, [crit, surge, hit, blank]) in
            ATTACK_DICE
                .iter()
                .zip([[1, 1, 5, 1], [1, 1, 3, 3], [1, 1, 1, 5]])
        {
            assert_eq!(
                [
                    count(die, Crit),
                    count(die, ASurge),
                    count(die, Hit),
                    count(die, ABlank)
                ],
                [crit, surge, hit, blank]
            );
        }
        let count = |faces: &[Defense], f: Defense| faces.iter().filter(|&&x| x == f).count();
        assert_eq!(
            [Block, DSurge, DBlank].map(|f| count(&RED_DEFENSE, f)),
            [3, 1, 2]
        );
        assert_eq!(
            [Block, DSurge, DBlank].map(|f| count(&WHITE_DEFENSE, f)),
            [1, 1, 4]
        );
    }
}
