//! Pools of numbered dice that hit on some faces and remember which natural faces showed.
//!
//! Keywords such as Fury or Critical Hit trigger on "at least one natural f". A pool tracks exactly
//! the faces the present keywords need, so the state is (hits, set of tracked faces seen): at most
//! `(n + 1) · 2^k` entries, computed in closed form rather than die by die.

use crate::dist::{binomial_row, powers, Dist};
use crate::joint::Joint;
use crate::states::States;
use ndarray::{ArrayD, IxDyn};
use num_bigint::BigUint;
use num_rational::BigRational;
use num_traits::Zero;
use std::collections::HashMap;
use std::hash::Hash;

/// The set of natural faces that showed at least once; bit `f` stands for face `f`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Faces(u16);

impl Faces {
    /// The set as bits (bit `f` for face `f`), so it can be an outcome of a distribution.
    pub fn bits(self) -> i64 {
        i64::from(self.0)
    }

    /// The set with these bits; the inverse of [`Faces::bits`].
    pub fn from_bits(bits: i64) -> Faces {
        Faces(bits as u16)
    }

    /// Whether face `f` showed at least once.
    pub fn contains(self, f: u8) -> bool {
        f < 16 && self.0 & (1 << f) != 0
    }
}

/// The joint distribution of the number of hits and the tracked natural faces seen.
///
/// ```
/// use holodice_engine::dice::NaturalRoll;
/// // Two d6 hitting on 4+, remembering natural sixes.
/// let roll = NaturalRoll::pool(2, 6, |f| f >= 4, &[6], &[6]);
/// // Both hit and at least one is a six: 6,4 6,5 6,6 4,6 5,6 of 36.
/// let p = roll.prob_where(|hits, seen| hits == 2 && seen.contains(6));
/// assert_eq!(p.to_string(), "5/36");
/// ```
#[derive(Clone, Debug)]
pub struct NaturalRoll {
    tracked: Vec<u8>,
    /// Axes: hits (from 0), then the index of the seen set (bit `i` = `tracked[i]` seen).
    joint: Joint,
}

impl NaturalRoll {
    /// `n` dice with faces `1..=sides`; a face hits when `hits(face)`. The mask layout follows
    /// `tracked`, and only faces in `counted` (a subset of `tracked`) are recorded, so rolls that
    /// count different faces can still be combined.
    ///
    /// # Panics
    /// If more than 8 faces are tracked or `counted` has a face not in `tracked`.
    pub fn pool(
        n: u32,
        sides: u8,
        hits: impl Fn(u8) -> bool,
        tracked: &[u8],
        counted: &[u8],
    ) -> NaturalRoll {
        assert!(tracked.len() <= 8, "at most 8 tracked faces");
        let masks = 1usize << tracked.len();
        let counted_bits: Vec<usize> = counted
            .iter()
            .map(|f| {
                tracked
                    .iter()
                    .position(|t| t == f)
                    .expect("counted faces are tracked")
            })
            .collect();
        let k = counted_bits.len();
        let hit_faces: Vec<bool> = (1..=sides).map(&hits).collect();
        let total_hits = hit_faces.iter().filter(|&&h| h).count() as u32;
        let total_misses = u32::from(sides) - total_hits;
        let row = binomial_row(n);
        let mut power_tables: HashMap<u32, Vec<BigUint>> = HashMap::new();
        let mut rows: HashMap<(u32, u32), Vec<BigUint>> = HashMap::new();

        // g[S][h]: ways with no face of S (a subset of the counted faces) and h hits; subsets
        // leaving the same numbers of hitting and missing faces share one row.
        let mut g: Vec<Vec<BigUint>> = (0..1usize << k)
            .map(|s| {
                let (mut a, mut b) = (total_hits, total_misses);
                for (j, &bit) in counted_bits.iter().enumerate() {
                    if s & (1 << j) != 0 {
                        if hit_faces[usize::from(tracked[bit] - 1)] {
                            a -= 1;
                        } else {
                            b -= 1;
                        }
                    }
                }
                for base in [a, b] {
                    power_tables.entry(base).or_insert_with(|| powers(base, n));
                }
                rows.entry((a, b))
                    .or_insert_with(|| {
                        let (pa, pb) = (&power_tables[&a], &power_tables[&b]);
                        (0..=n as usize)
                            .map(|h| &row[h] * &pa[h] * &pb[n as usize - h])
                            .collect()
                    })
                    .clone()
            })
            .collect();
        // Möbius inversion, one face at a time: afterwards g[S] counts the ways in which exactly
        // the faces of S are absent. Every intermediate count is of real outcomes, so never negative.
        for j in 0..k {
            for s in 0..1usize << k {
                if s & (1 << j) == 0 {
                    let (lo, hi) = g.split_at_mut(s | (1 << j));
                    for (x, y) in lo[s].iter_mut().zip(&hi[0]) {
                        *x -= y;
                    }
                }
            }
        }
        let width = n as usize + 1;
        let mut weights = vec![BigUint::zero(); width * masks];
        for (s, counts) in g.into_iter().enumerate() {
            let present = counted_bits
                .iter()
                .enumerate()
                .filter(|(j, _)| s & (1 << j) == 0)
                .fold(0usize, |m, (_, &bit)| m | (1 << bit));
            for (h, c) in counts.into_iter().enumerate() {
                weights[h * masks + present] = c;
            }
        }
        NaturalRoll::from_flat(
            tracked.to_vec(),
            width,
            weights,
            BigUint::from(sides).pow(n),
        )
    }

    /// A roll from weights per `(hits, mask over tracked)` cell, for engines that build the
    /// joint distribution themselves; hits run from 0 to `width - 1`.
    pub(crate) fn from_cells(
        tracked: &[u8],
        width: usize,
        cells: impl IntoIterator<Item = ((usize, usize), BigUint)>,
        denominator: BigUint,
    ) -> NaturalRoll {
        let masks = 1usize << tracked.len();
        let mut weights = vec![BigUint::zero(); width * masks];
        for ((hits, mask), w) in cells {
            weights[hits * masks + mask] += w;
        }
        NaturalRoll::from_flat(tracked.to_vec(), width, weights, denominator)
    }

    fn from_flat(
        tracked: Vec<u8>,
        width: usize,
        weights: Vec<BigUint>,
        denominator: BigUint,
    ) -> NaturalRoll {
        let masks = 1usize << tracked.len();
        let array = ArrayD::from_shape_vec(IxDyn(&[width, masks]), weights)
            .expect("shape matches the weights");
        NaturalRoll {
            tracked,
            joint: Joint::new(vec![0, 0], array, denominator),
        }
    }

    fn faces_of(&self, mask: usize) -> Faces {
        Faces(
            self.tracked
                .iter()
                .enumerate()
                .filter(|(i, _)| mask & (1 << i) != 0)
                .fold(0, |m, (_, &f)| m | (1 << f)),
        )
    }

    /// Where `face` showed, roll `extra` too (its hits add, its faces join the seen set); elsewhere
    /// nothing more is rolled. Both rolls must share one layout of tracked faces.
    pub fn extend_if(&self, face: u8, extra: &NaturalRoll) -> NaturalRoll {
        assert_eq!(self.tracked, extra.tracked, "one layout of tracked faces");
        let bit = self.tracked.iter().position(|&t| t == face);
        let masks = 1usize << self.tracked.len();
        let (w1, w2) = (self.joint.weights(), extra.joint.weights());
        let (n1, n2) = (w1.shape()[0], w2.shape()[0]);
        let (w1, w2) = (
            w1.as_slice().expect("standard layout"),
            w2.as_slice().expect("standard layout"),
        );
        let width = n1 + n2 - 1;
        let d2 = extra.joint.denominator();
        let more: Vec<(usize, usize, &BigUint)> = w2
            .iter()
            .enumerate()
            .filter(|(_, b)| !b.is_zero())
            .map(|(j, b)| (j / masks, j % masks, b))
            .collect();
        let mut out = vec![BigUint::zero(); width * masks];
        // One scratch number whose buffer is reused: no allocation per product.
        let mut product = BigUint::zero();
        for (i, a) in w1.iter().enumerate().filter(|(_, a)| !a.is_zero()) {
            let (h1, m1) = (i / masks, i % masks);
            if bit.is_some_and(|b| m1 & (1 << b) != 0) {
                for &(h2, m2, b) in &more {
                    product.clone_from(a);
                    product *= b;
                    out[(h1 + h2) * masks + (m1 | m2)] += &product;
                }
            } else {
                // Only this cell lands here: without the face nothing else is rolled.
                out[i] = a * d2;
            }
        }
        NaturalRoll::from_flat(
            self.tracked.clone(),
            width,
            out,
            self.joint.denominator() * d2,
        )
    }

    /// The distribution of `f(hits, faces seen)`.
    pub fn map(&self, f: impl Fn(i64, Faces) -> i64) -> Dist {
        self.joint.map(|c| f(c[0], self.faces_of(c[1] as usize)))
    }

    /// The outcomes as merged states `f(hits, faces seen)`, for steps that need more than one
    /// number of each outcome.
    pub fn to_states<S: Hash + Eq + Clone>(&self, f: impl Fn(i64, Faces) -> S) -> States<S> {
        let masks = 1usize << self.tracked.len();
        let w = self.joint.weights();
        let cells = w.as_slice().expect("standard layout");
        States::from_weights(cells.iter().enumerate().filter(|(_, w)| !w.is_zero()).map(
            |(i, w)| {
                let hits = (i / masks) as i64;
                (f(hits, self.faces_of(i % masks)), w.clone())
            },
        ))
    }

    /// The probability that `(hits, faces seen)` satisfies `pred`.
    pub fn prob_where(&self, pred: impl Fn(i64, Faces) -> bool) -> BigRational {
        self.joint
            .prob_where(|c| pred(c[0], self.faces_of(c[1] as usize)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use num_bigint::BigInt;

    fn q(n: i64, d: i64) -> BigRational {
        BigRational::new(BigInt::from(n), BigInt::from(d))
    }

    /// Enumerates every face sequence: the definition the closed form must match.
    fn enumerate(n: u32, hit: impl Fn(u8) -> bool, tracked: &[u8]) -> Vec<(i64, u16, u32)> {
        let mut out = Vec::new();
        let total = 6u32.pow(n);
        for code in 0..total {
            let (mut c, mut hits, mut seen) = (code, 0i64, 0u16);
            for _ in 0..n {
                let face = (c % 6) as u8 + 1;
                c /= 6;
                hits += i64::from(hit(face));
                if tracked.contains(&face) {
                    seen |= 1 << face;
                }
            }
            out.push((hits, seen, total));
        }
        out
    }

    #[test]
    fn pool_matches_enumeration() {
        let tracked = [1, 4, 6];
        for n in 0..=4 {
            let roll = NaturalRoll::pool(n, 6, |f| f >= 5, &tracked, &tracked);
            let all = enumerate(n, |f| f >= 5, &tracked);
            for hits in 0..=i64::from(n) {
                for seen in 0..8u16 {
                    let mask: u16 = (0..3)
                        .filter(|i| seen & (1 << i) != 0)
                        .fold(0, |m, i| m | (1 << tracked[i]));
                    let count = all
                        .iter()
                        .filter(|(h, s, _)| *h == hits && *s == mask)
                        .count() as i64;
                    let p = roll.prob_where(|h, f| h == hits && f == Faces(mask));
                    assert_eq!(p, q(count, 6i64.pow(n)), "n={n} hits={hits} seen={mask:b}");
                }
            }
        }
    }

    #[test]
    fn uncounted_faces_are_never_seen() {
        let roll = NaturalRoll::pool(3, 6, |f| f >= 4, &[4, 6], &[6]);
        assert_eq!(roll.prob_where(|_, f| f.contains(4)), q(0, 1));
        assert_eq!(roll.prob_where(|_, f| f.contains(6)), q(91, 216));
    }

    #[test]
    fn extension_only_where_the_face_showed() {
        // One die; on a natural 4 roll one more. Hits on 4+.
        let first = NaturalRoll::pool(1, 6, |f| f >= 4, &[4], &[4]);
        let extra = NaturalRoll::pool(1, 6, |f| f >= 4, &[4], &[]);
        let both = first.extend_if(4, &extra);
        let hits = both.map(|h, _| h);
        // 2 hits: the 4 then a hit (1/6 · 1/2); 1 hit: 5 or 6 (1/3), or 4 then a miss (1/12).
        assert_eq!(hits.prob(2), q(1, 12));
        assert_eq!(hits.prob(1), q(5, 12));
        assert_eq!(hits.prob(0), q(1, 2));
    }
}
