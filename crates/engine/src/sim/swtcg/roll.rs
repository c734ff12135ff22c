//! Steps 2 and 3: the attack roll, die by die, with Fury's extra dice; then Lucky's re-rolls,
//! chosen die by die in the greedy orders of `docs/rules.md`, or asked of the optimal policy.

use super::declare::Plan;
use crate::dice::Faces;
use crate::policy::Policy;
use crate::swtcg::keywords::{Effect, Roll};
use crate::swtcg::lucky::{OptimalPolicy, Pool, Rerolls, Side, TableDie};
use rand::rngs::ChaCha8Rng;
use rand::RngExt;

/// Sides of the SWTCG attack die.
pub(super) const SIDES: u8 = 6;

/// An attack die on the table.
pub(super) type Die = TableDie;

/// A set of faces: bit `f` for face `f`.
pub(super) type FaceSet = u16;

/// The attack roll once every die is settled.
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct Rolled {
    pub hits: i64,
    /// Faces of the initial roll's power dice (Fury, Focus, Backfire read them).
    pub initial: FaceSet,
    /// Faces of the final roll's dice that count for its triggers.
    pub last: FaceSet,
}

#[inline]
pub(super) fn roll_die(rng: &mut ChaCha8Rng) -> u8 {
    rng.random_range(1..=SIDES)
}

impl Plan {
    /// Whether an attack die showing `natural` hits the defender.
    #[inline]
    pub fn hits(&self, natural: u8) -> bool {
        match natural {
            SIDES if self.readings.auto_hit => true,
            1 if self.readings.auto_hit => false,
            _ => i64::from(natural) + self.roll.accuracy >= self.def.hit_on,
        }
    }

    /// Steps 2 and 3 on the dice of `table` (emptied first): the power dice, the extra dice of
    /// initial-roll triggers, and the re-rolls.
    pub fn roll(
        &self,
        rng: &mut ChaCha8Rng,
        table: &mut Vec<Die>,
        optimal: Option<&OptimalPolicy>,
    ) -> Rolled {
        table.clear();
        for _ in 0..self.dice {
            table.push(Die {
                face: roll_die(rng),
                counts: true,
                locked: false,
            });
        }
        let initial = faces(table.iter());
        // Extra dice (Fury) where their face showed: they never trigger extra dice again, and
        // count for the final roll's triggers only under fury-dice-triggers=yes.
        for t in &self.roll.triggers {
            if t.effect != Effect::ExtraDice {
                continue;
            }
            let seen = match t.roll {
                Roll::Initial => initial,
                Roll::Final => faces(table.iter().filter(|d| d.counts)),
            };
            if seen & (1 << t.face) == 0 {
                continue;
            }
            for _ in 0..t.amount {
                table.push(Die {
                    face: roll_die(rng),
                    counts: self.readings.fury_dice_trigger,
                    locked: false,
                });
            }
        }
        for (side, x) in self.lucky() {
            self.reroll(rng, table, side, x, optimal);
        }
        Rolled {
            hits: table.iter().filter(|d| self.hits(d.face)).count() as i64,
            initial,
            last: faces(table.iter().filter(|d| d.counts)),
        }
    }

    /// One side's Lucky X: the dice it picks are rolled again, each once; under
    /// reroll-twice=no the other side may not pick them after.
    fn reroll(
        &self,
        rng: &mut ChaCha8Rng,
        table: &mut [Die],
        side: Side,
        x: i64,
        optimal: Option<&OptimalPolicy>,
    ) {
        if x == 0 {
            return;
        }
        let picked = match optimal {
            Some(policy) => policy.reroll(side, table),
            None => self.greedy(side, table, x),
        };
        for i in picked {
            table[i].face = roll_die(rng);
            table[i].locked = !self.readings.reroll_twice;
        }
    }

    /// The greedy choice: up to `x` dice the side may pick, lowest rank first.
    fn greedy(&self, side: Side, table: &[Die], x: i64) -> Vec<usize> {
        let mut ranked: Vec<((u8, u8), usize)> = table
            .iter()
            .enumerate()
            .filter(|(_, d)| !d.locked)
            .filter_map(|(i, d)| self.rank(side, d).map(|r| (r, i)))
            .collect();
        ranked.sort_unstable();
        let take = usize::try_from(x).unwrap_or(usize::MAX);
        ranked.into_iter().take(take).map(|(_, i)| i).collect()
    }

    /// Where a die stands in a side's greedy order (`None`: never picked), as `docs/rules.md`
    /// states it. The attacker picks natural 1s, hitting or not, then missing dice only: natural
    /// 2s, dice showing a face no final-roll trigger reads, other naturals (lowest first, never
    /// a 6), extra dice that don't count. The defender picks natural 6s first, hitting or not; then hitting dice
    /// only: faces no trigger reads, other naturals (lowest first, never a 1 or 2), extra dice
    /// that don't count. A natural is a counting die showing a face a final-roll trigger reads.
    fn rank(&self, side: Side, d: &Die) -> Option<(u8, u8)> {
        let natural = d.counts && self.reads_finally(d.face);
        let hit = self.hits(d.face);
        let rest = match (d.counts, natural) {
            (true, false) => (2, 0),
            (true, true) => (3, d.face),
            (false, _) => (4, 0),
        };
        match side {
            Side::Attacker if natural && d.face == 1 => Some((1, 1)),
            Side::Attacker if hit || natural && d.face == 6 => None,
            Side::Attacker if natural && d.face <= 2 => Some((1, d.face)),
            Side::Attacker => Some(rest),
            Side::Defender if natural && d.face == 6 => Some((0, 0)),
            Side::Defender if !hit || natural && d.face <= 2 => None,
            Side::Defender => Some(rest),
        }
    }

    /// The optimal policy's decisions for this attack, weighing rolls by `value`; `None` when
    /// the greedy policy chooses or nothing is re-rolled. A pool the engine's search refuses
    /// (only a second attack's, whose exact answer is refused too) is re-rolled greedily.
    pub fn optimal<'a>(&self, value: impl Fn(i64, Faces) -> f64 + 'a) -> Option<OptimalPolicy<'a>> {
        if self.policy != Policy::Optimal || self.lucky().iter().all(|&(_, x)| x == 0) {
            return None;
        }
        let triggers = &self.roll.triggers;
        let mut tracked: Vec<u8> = triggers.iter().map(|t| t.face).collect();
        tracked.sort_unstable();
        tracked.dedup();
        let read_on = |roll: Roll| -> Vec<u8> {
            let reads = |f: &u8| triggers.iter().any(|t| t.face == *f && t.roll == roll);
            tracked.iter().copied().filter(reads).collect()
        };
        let extra: Vec<(u8, u32)> = triggers
            .iter()
            .filter(|t| t.effect == Effect::ExtraDice)
            .map(|t| (t.face, u32::try_from(t.amount).unwrap_or(u32::MAX)))
            .collect();
        let x = |side: Side| {
            let (_, x) = self
                .lucky()
                .into_iter()
                .find(|s| s.0 == side)
                .unwrap_or((side, 0));
            u32::try_from(x).unwrap_or(u32::MAX)
        };
        let hits = |f: u8| self.hits(f);
        let pool = Pool {
            power_dice: u32::try_from(self.dice).unwrap_or(u32::MAX),
            sides: SIDES,
            hits: &hits,
            tracked: &tracked,
            initial: &read_on(Roll::Initial),
            final_faces: &read_on(Roll::Final),
            extra: &extra,
            extra_count_final: self.readings.fury_dice_trigger,
        };
        let rerolls = Rerolls {
            attacker: x(Side::Attacker),
            defender: x(Side::Defender),
            attacker_first: self.lucky_order[0].0 == Side::Attacker,
            reroll_again: self.readings.reroll_twice,
            policy: Policy::Optimal,
        };
        OptimalPolicy::new(&pool, &rerolls, value).ok()
    }

    /// Whether a trigger in play reads `face` on the final roll.
    fn reads_finally(&self, face: u8) -> bool {
        self.roll
            .triggers
            .iter()
            .any(|t| t.roll == Roll::Final && t.face == face)
    }
}

/// The faces the dice show.
fn faces<'a>(dice: impl Iterator<Item = &'a Die>) -> FaceSet {
    dice.fold(0, |set, d| set | 1 << d.face)
}
