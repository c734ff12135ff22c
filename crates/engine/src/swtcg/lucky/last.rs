//! The last side's search: its best re-roll of the dice it sees, found from what re-rolls leave
//! rather than from the re-rolls themselves.
//!
//! A re-roll's value depends only on what it leaves: the final faces kept, counting and other
//! dice to roll, hits kept. Classes fall in four groups (counting or not, hitting or missing);
//! the final faces kept fix how many dice of each natural may go (all of one not kept, all but
//! at least one of one kept), so each group re-rolls a range of dice, and for given counting
//! and other dice the hits kept form a range too: every outcome is met once, by ranges, with no
//! list of re-rolls to build, sort or remember. The outcomes of the free dice are listed once
//! with their slots, and each view of them (locked dice adding a slot) reads down the list.
//! Outcomes alike but for their hits kept form a row; when the values rise (or fall) with the
//! hits on every line, as they do for damage, a view reads one value per row, not per outcome.

use super::{Counts, Dice, Engine, CLASSES};
use rustc_hash::FxHashMap as HashMap;

/// Dice re-rolled per group, as ranges: counting hits, counting misses, other hits, other
/// misses.
type Ranges = [(i32, i32); 4];

/// What a re-roll leaves: final faces kept, counting and other dice to roll, hits kept.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Outcome {
    mask: u8,
    counting: u8,
    other: u8,
    hits: u8,
}

/// Which way the last side's values run along the hits kept, on every line of the settled
/// values (final faces, counting and other dice to roll). Rising or falling, a row of outcomes
/// (all but their hits kept alike) is best at one end: the search reads one value per row.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Slope {
    Rising,
    Falling,
    Mixed,
}

impl Slope {
    /// The slope of `signed`, in lines of `len` hits, each ending at its first `NaN` (hits past
    /// the pool).
    pub(super) fn of(signed: &[f64], len: usize) -> Slope {
        let pairs = || signed.chunks(len).flat_map(|l| l.windows(2));
        let pairs = || pairs().filter(|w| !w[1].is_nan());
        if pairs().all(|w| w[0] <= w[1]) {
            Slope::Rising
        } else if pairs().all(|w| w[0] >= w[1]) {
            Slope::Falling
        } else {
            Slope::Mixed
        }
    }

    /// From a row's best end to its next outcome: one hit fewer kept when rising, one more
    /// when falling (without a slope, rows hold one outcome).
    fn step(self) -> i32 {
        match self {
            Slope::Falling => 1,
            _ => -1,
        }
    }
}

/// Outcomes alike but for their hits kept: the best end's slot (the locked dice's part not
/// added yet) and outcome, and how many outcomes the row holds from that end, a hit kept apart.
/// Slots fit 32 bits: within the optimal policy's limit the settled values are under a million.
#[derive(Debug, Clone, Copy)]
pub(super) struct Row {
    slot: u32,
    outcome: Outcome,
    width: u8,
}

/// Every outcome of re-rolling some of the free dice, by rows; without a slope each outcome
/// is a row.
pub(super) type Listing = Vec<Row>;

/// The last side's best outcomes and their values, per free dice and final faces locked, by
/// locked hits.
pub(super) type Lasts = HashMap<(Counts, u8), Vec<(f64, Outcome)>>;

/// Values within this of the best tie with it.
const TIE: f64 = 1e-12;

impl Engine<'_> {
    /// The outcomes of `row` with their slots, best end first.
    fn outcomes(&self, row: &Row) -> impl Iterator<Item = (usize, Outcome)> {
        let (row, step) = (*row, self.slope.step());
        (0..i32::from(row.width)).map(move |k| {
            let slot = (row.slot as i32 + k * step) as usize;
            let hits = (i32::from(row.outcome.hits) + k * step) as u8;
            (
                slot,
                Outcome {
                    hits,
                    ..row.outcome
                },
            )
        })
    }

    /// The value of the second side's best re-roll of the dice it sees.
    pub(super) fn last(&self, d: &Dice) -> f64 {
        self.last_outcome(d).0
    }

    /// The second side's best re-roll of the dice it sees: the first in tie order of those
    /// leaving the best outcome.
    pub(super) fn last_choice(&self, d: &Dice) -> Counts {
        let (_, outcome) = self.last_outcome(d);
        self.representative(&d.free, &outcome)
    }

    /// The best outcome, with its value.
    fn last_outcome(&self, d: &Dice) -> (f64, Outcome) {
        self.learn(&d.free, &[d.locked_mask]);
        self.lasts.borrow()[&(d.free, d.locked_mask)][usize::from(d.locked_hits)]
    }

    /// Finds the best outcomes of free dice `free` with the final faces of each of `masks`
    /// locked, those not known yet, for every number of hits the other dice may add, in one
    /// search: the locked dice only shift the slots read.
    pub(super) fn learn(&self, free: &Counts, masks: &[u8]) {
        let known = self.lasts.borrow();
        let new = |m: &u8| !known.contains_key(&(*free, *m));
        if !masks.iter().any(new) {
            return;
        }
        let mut todo: Vec<u8> = masks.iter().copied().filter(new).collect();
        todo.sort_unstable();
        todo.dedup();
        drop(known);
        let seen = self.mask(&Dice {
            free: *free,
            locked_hits: 0,
            locked_mask: 0,
        });
        let mut listing = self.listing.borrow_mut();
        self.list_outcomes(free, &mut listing);
        let locked = self.settled.hits - free.iter().map(|&n| usize::from(n)).sum::<usize>();
        let mut lasts = self.lasts.borrow_mut();
        for mask in todo {
            assert_eq!(seen & mask, 0, "a natural both free and locked");
            lasts.insert((*free, mask), self.best_of(free, &listing, mask, locked));
        }
    }

    /// The best of `listing` with the final faces of `mask` locked, for each number of locked
    /// hits below `locked`, values signed back.
    fn best_of(
        &self,
        free: &Counts,
        listing: &Listing,
        mask: u8,
        locked: usize,
    ) -> Vec<(f64, Outcome)> {
        let best = |hits: usize| {
            let at = self.settled.slot(hits as u8, mask, 0, 0);
            let (value, outcome) = self.best_at(free, listing, at);
            (self.sign(1) * value, outcome)
        };
        (0..locked).map(best).collect()
    }

    /// The best of `listing` with the locked dice at slot `at`, its value signed: higher is
    /// better for the last side. The best alone wins if every other outcome is more than
    /// [`TIE`] below it; otherwise [`Engine::tie_break`] decides. A row's other outcomes are
    /// no better than its end, and only the best row's next may be within [`TIE`] of it.
    fn best_at(&self, free: &Counts, listing: &Listing, at: usize) -> (f64, Outcome) {
        let (mut top, mut second, mut best) = (f64::NEG_INFINITY, f64::NEG_INFINITY, 0);
        let signed = &self.signed[at..];
        for (i, row) in listing.iter().enumerate() {
            let value = signed[row.slot as usize];
            if value > top {
                (second, top, best) = (top, value, i);
            } else if value > second {
                second = value;
            }
        }
        if let Some((next, _)) = self.outcomes(&listing[best]).nth(1) {
            second = second.max(signed[next]);
        }
        match second >= top - TIE {
            true => self.tie_break(free, listing, at, top),
            false => (top, listing[best].outcome),
        }
    }

    /// Among outcomes within [`TIE`] of the best `top`, the tie rule's: fewest dice, then the
    /// first re-roll in tie order (more dice from earlier classes).
    fn tie_break(&self, free: &Counts, listing: &Listing, at: usize, top: f64) -> (f64, Outcome) {
        let all = listing.iter().flat_map(|row| self.outcomes(row));
        let ties = all.map(|(slot, o)| (self.signed[slot + at], o));
        let ties: Vec<(f64, Outcome)> = ties.filter(|(v, _)| *v >= top - TIE).collect();
        let dice = |o: &Outcome| o.counting + o.other;
        let fewest = ties.iter().map(|(_, o)| dice(o)).min().expect("the best");
        let fewest = ties.into_iter().filter(|(_, o)| dice(o) == fewest);
        let ranked = fewest.map(|(v, o)| (self.representative(free, &o), v, o));
        let (_, value, outcome) = ranked.max_by(|a, b| a.0.cmp(&b.0)).expect("the best");
        (value, outcome)
    }

    /// Every outcome of re-rolling some of `free`, with its slot, into `listing`: each set of
    /// naturals kept, from all of them to none.
    fn list_outcomes(&self, free: &Counts, listing: &mut Listing) {
        let present = self
            .naturals
            .iter()
            .filter(|&&(j, _)| free[j] > 0)
            .fold(0, |m, &(_, b)| m | b);
        let whole = self.ranges(free, 0);
        let hits = (0..self.classes.len()).filter(|&j| self.classes[j].hit);
        let hits = hits.map(|j| i32::from(free[j])).sum();
        // Filled as a local: pushes keep its length in a register.
        let mut rows = std::mem::take(listing);
        rows.clear();
        let mut mask = present;
        loop {
            let mut r = whole;
            for &(j, _) in self.naturals.iter().filter(|&&(_, b)| mask & b != 0) {
                let g = &mut r[self.groups[j]];
                (g.0, g.1) = (g.0 - i32::from(free[j]), g.1 - 1);
            }
            self.rolled(&r, mask, hits, &mut rows);
            if mask == 0 {
                break;
            }
            mask = (mask - 1) & present;
        }
        *listing = rows;
    }

    /// [`Engine::list_outcomes`] keeping the naturals of `mask`, with dice re-rolled in ranges `r`,
    /// of `hits` free hits: for counting and other dice to roll, the hits re-rolled range over
    /// the sum of the ranges the two kinds allow. Other dice show no natural, so their ranges
    /// start at none.
    fn rolled(&self, r: &Ranges, mask: u8, hits: i32, rows: &mut Vec<Row>) {
        let [ch, cm, oh, om] = *r;
        let budget = i32::from(self.budget);
        let s = &self.settled;
        let base = s.masks[usize::from(mask)];
        for c in ch.0 + cm.0..(ch.1 + cm.1).min(budget) + 1 {
            let (a0, a1) = (ch.0.max(c - cm.1), ch.1.min(c - cm.0));
            let first = base + s.slot(0, 0, c as u8, 0);
            for o in 0..(oh.1 + om.1).min(budget - c) + 1 {
                let (x0, x1) = ((o - om.1).max(0), oh.1.min(o));
                let slot = first + o as usize * s.hits;
                let (lo, hi) = (hits - a1 - x1, hits - a0 - x0);
                let row = |h: i32, width: i32| Row {
                    slot: (slot + h as usize) as u32,
                    outcome: Outcome {
                        mask,
                        counting: c as u8,
                        other: o as u8,
                        hits: h as u8,
                    },
                    width: width as u8,
                };
                match self.slope {
                    Slope::Rising => rows.push(row(hi, hi - lo + 1)),
                    Slope::Falling => rows.push(row(lo, hi - lo + 1)),
                    Slope::Mixed => rows.extend((lo..=hi).map(|h| row(h, 1))),
                }
            }
        }
    }

    /// The dice of class `j` a re-roll keeping the naturals of `mask` takes: a natural kept
    /// keeps at least one die, one not kept goes whole.
    fn range(&self, free: &Counts, j: usize, mask: u8) -> (i32, i32) {
        let f = i32::from(free[j]);
        match self.bits[j] {
            0 => (0, f),
            b if mask & b != 0 => (0, f - 1),
            _ => (f, f),
        }
    }

    /// [`Engine::range`] summed by group.
    fn ranges(&self, free: &Counts, mask: u8) -> Ranges {
        let mut r = [(0, 0); 4];
        for j in 0..self.classes.len() {
            let (lo, hi) = self.range(free, j, mask);
            let g = &mut r[self.groups[j]];
            (g.0, g.1) = (g.0 + lo, g.1 + hi);
        }
        r
    }

    /// The first re-roll in tie order leaving `outcome`: class by class, as many dice as the
    /// later classes still let make up the rest.
    fn representative(&self, free: &Counts, outcome: &Outcome) -> Counts {
        let mut rest = self.ranges(free, outcome.mask);
        let hits: u8 = (0..self.classes.len())
            .filter(|&j| self.classes[j].hit)
            .map(|j| free[j])
            .sum();
        let mut need = [outcome.counting, outcome.other, hits - outcome.hits].map(i32::from);
        let mut choice = [0; CLASSES];
        for (j, taken) in choice.iter_mut().enumerate().take(self.classes.len()) {
            let (lo, hi) = self.range(free, j, outcome.mask);
            let g = self.groups[j];
            (rest[g].0, rest[g].1) = (rest[g].0 - lo, rest[g].1 - hi);
            let after = |x: i32| {
                let mut n = need;
                n[usize::from(g >= 2)] -= x;
                n[2] -= if g % 2 == 0 { x } else { 0 };
                n
            };
            let x = (lo..=hi).rev().find(|&x| feasible(&rest, after(x)));
            let x = x.expect("the outcome is left by some re-roll");
            *taken = x as u8;
            need = after(x);
        }
        choice
    }
}

/// Whether dice re-rolled in ranges `r` can be `need`: counting, other, and hitting dice. The
/// counting hits `a` fix the rest (counting misses `c - a`, other hits `s - a`, other misses
/// `o - s + a`), so it is whether some `a` keeps all four in their ranges.
fn feasible(r: &Ranges, need: [i32; 3]) -> bool {
    let [c, o, s] = need;
    let lo = r[0].0.max(c - r[1].1).max(s - r[2].1).max(r[3].0 - o + s);
    let hi = r[0].1.min(c - r[1].0).min(s - r[2].0).min(r[3].1 - o + s);
    lo <= hi
}

#[cfg(test)]
mod tests {
    use super::super::{Dice, Engine, Policy, Pool, Rerolls, Side, CLASSES};
    use super::*;
    use crate::dice::Faces;

    /// Every re-roll of `d.free` the last side may make: its value and the dice it takes.
    fn every_choice(e: &Engine, d: &Dice) -> Vec<(f64, Counts)> {
        let mut out = vec![(0.0, [0; CLASSES])];
        for j in 0..e.classes.len() {
            let grown = out.iter().flat_map(|&(_, c)| {
                (0..=d.free[j]).map(move |x| {
                    let mut c = c;
                    c[j] = x;
                    (0.0, c)
                })
            });
            out = grown.collect();
        }
        let within = |c: &Counts| c.iter().map(|&n| u32::from(n)).sum::<u32>() <= e.steps[1].1;
        out.retain(|(_, c)| within(c));
        for (v, c) in &mut out {
            let mut kept = *d;
            for (k, x) in kept.free.iter_mut().zip(c.iter()) {
                *k -= x;
            }
            let (hits, mask) = (e.hits(&kept) as u8, e.mask(&kept));
            let counting = c[..e.counting].iter().sum();
            let other = c[e.counting..].iter().sum();
            *v = e.settled.values[e.settled.slot(hits, mask, counting, other)];
        }
        out
    }

    /// The documented rule, from every re-roll: the best value; within [`TIE`] of it, the
    /// fewest dice, then the most from earlier classes.
    fn by_the_rule(e: &Engine, d: &Dice) -> (f64, Counts) {
        let sign = e.sign(1);
        let choices = every_choice(e, d);
        let top = choices
            .iter()
            .map(|(v, _)| sign * v)
            .fold(f64::MIN, f64::max);
        let size = |c: &Counts| c.iter().map(|&n| u32::from(n)).sum::<u32>();
        let near = choices.into_iter().filter(|(v, _)| sign * v >= top - TIE);
        let best = near.min_by(|a, b| size(&a.1).cmp(&size(&b.1)).then(b.1.cmp(&a.1)));
        best.expect("re-rolling nothing")
    }

    /// Every free dice up to `most` per class and `dice` in all, with every locked hits and
    /// final faces the rest can show, none of them free.
    fn every_view(e: &Engine, most: u8, dice: u8) -> Vec<Dice> {
        let empty = Dice {
            free: [0; CLASSES],
            locked_hits: 0,
            locked_mask: 0,
        };
        let mut views = vec![empty];
        for j in 0..e.classes.len() {
            let grown = views.iter().flat_map(|&d| {
                (0..=most).map(move |x| {
                    let mut d = d;
                    d.free[j] = x;
                    d
                })
            });
            views = grown
                .filter(|d| d.free.iter().sum::<u8>() <= dice)
                .collect();
        }
        let finals = e.bits.iter().fold(0, |m, b| m | b);
        let mut out = Vec::new();
        for d in views {
            let left = dice - d.free.iter().sum::<u8>();
            for locked_hits in 0..=left {
                for locked_mask in 0..=finals {
                    let shown = locked_mask.count_ones() <= u32::from(left);
                    if locked_mask & !finals == 0 && locked_mask & e.mask(&d) == 0 && shown {
                        out.push(Dice {
                            locked_hits,
                            locked_mask,
                            ..d
                        });
                    }
                }
            }
        }
        out
    }

    /// The pool of the tests below: naturals and plain dice of every group.
    fn pool() -> Pool<'static> {
        Pool {
            power_dice: 3,
            sides: 6,
            hits: &|f: u8| f >= 4,
            tracked: &[1, 2, 3, 4, 6],
            initial: &[3, 4],
            final_faces: &[1, 2, 6],
            extra: &[(4, 2)],
            extra_count_final: false,
        }
    }

    fn rerolls(attacker_first: bool, lucky: u32) -> Rerolls {
        Rerolls {
            attacker: lucky,
            defender: lucky,
            attacker_first,
            reroll_again: true,
            policy: Policy::Optimal,
        }
    }

    /// Checks the last side's every view against [`by_the_rule`] in `e`, and in `all`, an
    /// engine alike that searches every locked final faces of a free dice at once.
    fn check_every_view(e: &Engine, all: &Engine) {
        let views = every_view(e, 2, 5);
        for same in views.chunk_by(|a, b| a.free == b.free) {
            let masks: Vec<u8> = same.iter().map(|d| d.locked_mask).collect();
            all.learn(&same[0].free, &masks);
        }
        for d in views {
            let (v, choice) = by_the_rule(e, &d);
            assert_eq!((e.last(&d), e.last_choice(&d)), (v, choice), "{d:?}");
            assert_eq!((all.last(&d), all.last_choice(&d)), (v, choice), "{d:?}");
        }
    }

    #[test]
    fn the_last_side_picks_by_the_tie_rule_among_every_re_roll() {
        // Capped values tie along the hits and grow with them: the attacker's rise, the
        // defender's fall. Uneven ones don't.
        let capped: &dyn Fn(i64, Faces) -> f64 = &|h, seen| {
            (h + i64::from(seen.contains(6)) - i64::from(seen.contains(1))).min(2) as f64
        };
        let uneven: &dyn Fn(i64, Faces) -> f64 = &|h, seen| ((h * 7 + seen.bits()) % 5) as f64;
        let slopes = |attacker_last: bool| match attacker_last {
            true => [Slope::Rising, Slope::Mixed],
            false => [Slope::Falling, Slope::Mixed],
        };
        for (k, value) in [capped, uneven].into_iter().enumerate() {
            for (attacker_first, lucky) in [(true, 3), (false, 2), (true, 5)] {
                let r = rerolls(attacker_first, lucky);
                let [e, all] = [0, 1].map(|_| Engine::new(&pool(), &r, Box::new(value)));
                assert_eq!(e.steps[0].0 == Side::Attacker, attacker_first);
                assert_eq!(e.slope, slopes(!attacker_first)[k]);
                check_every_view(&e, &all);
            }
        }
    }

    /// Settled values far apart between rows and flat between two and more hits within one:
    /// the only ties are inside rows, which the search sees at the best row's next outcome.
    #[test]
    fn a_tie_inside_the_best_row_goes_to_the_tie_rule() {
        for (attacker_first, up) in [(false, true), (false, false), (true, true), (true, false)] {
            let r = rerolls(attacker_first, 3);
            let mut engines = [0, 1].map(|_| Engine::new(&pool(), &r, Box::new(|_, _| 0.0)));
            for e in &mut engines {
                // Lines in a scrambled order, far apart.
                let line = |slot: usize| ((slot / e.settled.hits) as f64 * 0.618034).fract();
                let hits = |slot: usize| (slot % e.settled.hits).min(2) as f64;
                let values = e.settled.values.iter().enumerate().map(|(slot, v)| {
                    let along = if up { hits(slot) } else { -hits(slot) };
                    v + 1e5 * line(slot) + along
                });
                e.settled.values = values.collect();
                let sign = e.sign(1);
                e.signed = e.settled.values.iter().map(|v| sign * v).collect();
                e.slope = Slope::of(&e.signed, e.settled.hits);
                let rising = up == (e.steps[1].0 == Side::Attacker);
                let slope = [Slope::Falling, Slope::Rising][usize::from(rising)];
                assert_eq!(e.slope, slope);
            }
            check_every_view(&engines[0], &engines[1]);
        }
    }
}
