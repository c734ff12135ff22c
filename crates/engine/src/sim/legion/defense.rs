//! Steps 6 to 8: roll defense dice, reroll them (Soresu Mastery, Uncanny Luck), Deflect, convert
//! defense surges, Impervious and Pierce, compare results. Soresu Mastery's greedy choice
//! compares exact mean wounds, which the simulator computes itself from the dice on the table
//! ([`wound_sum`]).

use super::declare::Sim;
use super::dice::{
    pick_blanks_then_surges, roll_defense, roll_defense_dice, shown, Block, DBlank, DSurge,
    Defense, DefenseRoll, WHITE_DEFENSE,
};
use super::Trial;
use crate::legion::units::Defender;
use num_bigint::BigUint;
use rustc_hash::FxHashMap as HashMap;

/// What a unit's wounds depend on once its defense dice are rolled.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(super) struct Wounding {
    /// Hits and crits it defends against.
    pub results: u32,
    /// The Pierce that cancels its blocks (0 when it is immune).
    pub pierce: u32,
    /// Every surge is a block.
    pub all_convert: bool,
    pub surge_tokens: u32,
}

impl Wounding {
    pub(super) fn convertible(&self) -> u32 {
        if self.all_convert {
            u32::MAX
        } else {
            self.surge_tokens
        }
    }

    /// The surge tokens spent on `surges` showing: one on each surge the chart leaves, as far
    /// as they go, while a hit or crit is left to block.
    pub(super) fn tokens_spent(&self, surges: u32) -> u32 {
        match self.all_convert || self.results == 0 {
            true => 0,
            false => surges.min(self.surge_tokens),
        }
    }

    pub(super) fn wounds(&self, blocks: u32, surges: u32) -> u32 {
        let blocks = blocks + surges.min(self.convertible());
        let blocks = blocks - self.pierce.min(blocks);
        self.results.saturating_sub(blocks)
    }
}

/// The wounds summed over every way `random` fresh dice (their faces) can fall beside dice
/// already showing `fixed` (blocks, surges), each way counted once per face combination: the
/// mean wounds times 6^(random dice).
pub(super) fn wound_sum(w: &Wounding, fixed: [u32; 2], random: &[&[Defense; 6]]) -> BigUint {
    let mut ways: HashMap<[u32; 2], BigUint> = HashMap::default();
    ways.insert(fixed, BigUint::from(1u32));
    for faces in random {
        let mut next: HashMap<[u32; 2], BigUint> = HashMap::default();
        for (shown, n) in &ways {
            for face in faces.iter() {
                let mut shown = *shown;
                match face {
                    Block => shown[0] += 1,
                    DSurge => shown[1] += 1,
                    DBlank => {}
                }
                *next.entry(shown).or_default() += n;
            }
        }
        ways = next;
    }
    ways.iter()
        .map(|(shown, n)| n * BigUint::from(w.wounds(shown[0], shown[1])))
        .sum()
}

/// Whether mean `a / 6^da` exceeds mean `b / 6^db`.
pub(super) fn exceeds(a: &BigUint, da: usize, b: &BigUint, db: usize) -> bool {
    let six = BigUint::from(6u32);
    a * six.pow(db as u32) > b * six.pow(da as u32)
}

impl Sim {
    /// Rolls the defender's dice, rerolls them, and counts the wounds on each side.
    pub(super) fn defend(&self, t: &mut Trial) {
        let d = &self.s.defender;
        let w = self.wounding(t);
        self.roll_defense(t, &w);
        // Uncanny Luck X would reroll up to X dice: blanks, then surges that won't convert,
        // the unit's dice before Vaapad's.
        pick_uncanny(&mut t.table.defense, d.uncanny_luck, w.convertible());
        let soresu = self.soresu(t, &w);
        let roll = &mut t.table.defense;
        for r in roll.iter_mut() {
            if soresu || r.picked {
                r.face = roll_defense(t.rng, self.faces(r));
            }
            r.picked = false;
        }
        let [blocks, surges, _] = shown(roll.iter().map(|r| r.face));
        // Deflect's wound, checked before converting.
        t.out.attacker_wounds += self.deflect_wounds(d, surges);
        // 7–8. Convert, Pierce (unless immune), wounds.
        t.out.surges = w.tokens_spent(surges);
        t.out.wounds = w.wounds(blocks, surges);
    }

    /// What the defender's wounds depend on: its immunities, Impervious (crb-2026-05-29 lowers the
    /// Pierce left by 1, known now), and the surges that convert.
    fn wounding(&self, t: &mut Trial) -> Wounding {
        let d = &self.s.defender;
        if self.impervious() && !self.edition.impervious_rolls_dice() {
            t.pierce = t.pierce.saturating_sub(1);
        }
        Wounding {
            results: t.hits + t.crits,
            pierce: if self.immune(t.dodged) { 0 } else { t.pierce },
            all_convert: d.surge_block
                || self.deflects(d)
                || (d.block && t.dodged)
                || (d.hold_the_line && self.melee)
                || d.complete_the_mission,
            surge_tokens: d.surge_tokens,
        }
    }

    /// The defender is immune to Pierce (Duelist: in melee, having spent a dodge token).
    fn immune(&self, dodged: bool) -> bool {
        let d = &self.s.defender;
        !self.makashi
            && (d.immune_pierce
                || (d.immune_melee_pierce && self.melee)
                || (d.duelist && self.melee && dodged))
    }

    fn impervious(&self) -> bool {
        self.s.defender.impervious && !self.makashi
    }

    /// One die per hit and crit, plus Danger Sense and (before crb-2026-05-29) Impervious dice,
    /// then Vaapad
    /// Mastery's white dice.
    fn roll_defense(&self, t: &mut Trial, w: &Wounding) {
        let d = &self.s.defender;
        let impervious_dice = match self.edition.impervious_rolls_dice() {
            true if self.impervious() && !self.immune(t.dodged) => t.pool_pierce,
            _ => 0,
        };
        let extra = d.danger_sense.min(d.suppression) + impervious_dice;
        let roll = &mut t.table.defense;
        roll.clear();
        roll_defense_dice(t.rng, roll, w.results + extra, self.defense, false);
        roll_defense_dice(t.rng, roll, self.vaapad_defense, &WHITE_DEFENSE, true);
    }

    /// Soresu Mastery, against a ranged attack: reroll every die when keeping this roll (then
    /// Uncanny Luck) means more wounds than a reroll.
    fn soresu(&self, t: &mut Trial, w: &Wounding) -> bool {
        if !(self.s.defender.soresu && self.ranged) {
            return false;
        }
        let roll = &t.table.defense;
        let unit = shown(roll.iter().filter(|r| !r.vaapad).map(|r| r.face));
        let vaapad = shown(roll.iter().filter(|r| r.vaapad).map(|r| r.face));
        *t.table
            .soresu
            .entry(([unit, vaapad], *w))
            .or_insert_with(|| {
                let kept = shown(roll.iter().filter(|r| !r.picked).map(|r| r.face));
                let faces = |r| self.faces(r);
                let luck: Vec<_> = roll.iter().filter(|r| r.picked).map(faces).collect();
                let all: Vec<_> = roll.iter().map(faces).collect();
                let keep = wound_sum(w, [kept[0], kept[1]], &luck);
                let reroll = wound_sum(w, [0, 0], &all);
                exceeds(&keep, luck.len(), &reroll, all.len())
            })
    }

    /// The faces of a defense die on the table.
    fn faces(&self, r: &DefenseRoll) -> &'static [Defense; 6] {
        if r.vaapad {
            &WHITE_DEFENSE
        } else {
            self.defense
        }
    }

    /// Deflect's wounds on the attacker for `surges` showing: one if any, one per surge with
    /// Shien Mastery; none when Deflect does not act or the pool has Immune: Deflect.
    pub(super) fn deflect_wounds(&self, unit: &Defender, surges: u32) -> u32 {
        if !self.deflects(unit) || self.s.attacker.immune_deflect {
            0
        } else if unit.shien {
            surges
        } else {
            surges.min(1)
        }
    }

    /// Deflect acts: ranged attacks, not High Velocity.
    pub(super) fn deflects(&self, unit: &Defender) -> bool {
        unit.deflect && self.ranged && !self.s.attacker.high_velocity
    }
}

/// Marks the defense dice Uncanny Luck X rerolls: the unit's dice first, then Vaapad's white
/// dice; in each, blanks, then surges beyond the `convertible` ones (counted over all dice).
fn pick_uncanny(roll: &mut [DefenseRoll], luck: u32, convertible: u32) {
    pick_blanks_then_surges(roll, luck, convertible);
}

#[cfg(test)]
mod tests {
    use super::super::dice::RED_DEFENSE;
    use super::*;

    #[test]
    fn soresu_compares_exact_means() {
        // One red die: kept, a non-block wounds for sure (1); rerolled, with 1/2.
        let w = Wounding {
            results: 1,
            pierce: 0,
            all_convert: false,
            surge_tokens: 0,
        };
        let reroll = wound_sum(&w, [0, 0], &[&RED_DEFENSE]);
        assert_eq!(reroll, BigUint::from(3u32));
        assert!(exceeds(&BigUint::from(1u32), 0, &reroll, 1));
        // Two white dice and Uncanny Luck 1: a block and a blank kept (the blank rerolled by
        // Uncanny Luck) mean 5/6, a reroll 10/6; two blanks kept mean 11/6.
        let w = Wounding { results: 2, ..w };
        let reroll = wound_sum(&w, [0, 0], &[&WHITE_DEFENSE, &WHITE_DEFENSE]);
        let one = wound_sum(&w, [1, 0], &[&WHITE_DEFENSE]);
        let none = wound_sum(&w, [0, 0], &[&WHITE_DEFENSE]);
        assert_eq!((one.clone(), none.clone()), (5u32.into(), 11u32.into()));
        assert!(!exceeds(&one, 1, &reroll, 2));
        assert!(exceeds(&none, 1, &reroll, 2));
        // Ties keep: two equal means do not exceed each other.
        assert!(!exceeds(&reroll, 2, &reroll, 2));
    }

    #[test]
    fn uncanny_luck_picks_the_units_dice_before_vaapads() {
        let die = |vaapad, face| DefenseRoll {
            vaapad,
            face,
            picked: false,
        };
        let mut roll = [die(true, DBlank), die(false, DSurge), die(false, DBlank)];
        pick_uncanny(&mut roll, 2, 0);
        assert_eq!(roll.map(|r| r.picked), [false, true, true]);
        let mut roll = [die(true, DBlank), die(false, DSurge), die(false, DBlank)];
        pick_uncanny(&mut roll, 2, 1);
        assert_eq!(roll.map(|r| r.picked), [true, false, true]);
    }
}
