//! Exact distributions over integer outcomes.
//!
//! Every weight is an integer over one common denominator, so sums and convolutions are integer
//! arithmetic; `BigRational` appears only when a probability leaves the type (per-entry rational
//! arithmetic was measured 60–170× slower).

use num_bigint::{BigInt, BigUint};
use num_integer::Integer;
use num_rational::BigRational;
use num_traits::{One, ToPrimitive, Zero};
use std::sync::OnceLock;

/// A probability distribution over integers: `P(X = offset + i) = weights[i] / denominator`.
///
/// The weights always add up to the denominator, and the first and last weights are non-zero.
/// The denominator need not be reduced: a pool of `n` d6 keeps `6^n`.
///
/// ```
/// use holodice_engine::dist::Dist;
/// let d6 = Dist::uniform(&[1, 2, 3, 4, 5, 6]);
/// let two = d6.add(&d6);
/// assert_eq!(two.prob(7).to_string(), "1/6");
/// assert_eq!(two.mean().to_string(), "7");
/// ```
#[derive(Clone, Debug)]
pub struct Dist {
    offset: i64,
    weights: Vec<BigUint>,
    denominator: BigUint,
    /// Whether the denominator's only prime factors are 2 and 3, found on first use.
    smooth: OnceLock<bool>,
}

impl PartialEq for Dist {
    /// Equal as distributions, whatever the denominators.
    fn eq(&self, other: &Self) -> bool {
        self.offset == other.offset
            && self.weights.len() == other.weights.len()
            && self
                .weights
                .iter()
                .zip(&other.weights)
                .all(|(a, b)| a * &other.denominator == b * &self.denominator)
    }
}

impl Eq for Dist {}

impl Dist {
    /// The distribution that is `value` with certainty.
    pub fn constant(value: i64) -> Dist {
        Dist::raw(value, vec![BigUint::one()], BigUint::one())
    }

    /// Each listed outcome equally likely (a die's faces; repeats weigh more).
    ///
    /// # Panics
    /// If `faces` is empty.
    pub fn uniform(faces: &[i64]) -> Dist {
        Dist::from_pairs(faces.iter().map(|&f| (f, BigUint::one())))
            .expect("a die needs at least one face")
    }

    /// The 0/1 variable "it happens", for an event of probability `p` (in [0, 1]).
    pub fn bernoulli(p: &BigRational) -> Dist {
        let (n, d) = (p.numer().magnitude().clone(), p.denom().magnitude().clone());
        Dist::from_pairs([(0, &d - &n), (1, n)]).expect("a probability has mass")
    }

    /// Outcomes with non-negative exact weights, scaled to sum to 1 (a conditional
    /// distribution). `None` if all weights are zero.
    ///
    /// ```
    /// use holodice_engine::dist::Dist;
    /// use num_rational::BigRational;
    /// let w = |n: i64, d: i64| BigRational::new(n.into(), d.into());
    /// let d = Dist::from_probs([(1, w(1, 4)), (2, w(1, 12))]).unwrap();
    /// assert_eq!(d.prob(1).to_string(), "3/4");
    /// ```
    pub fn from_probs(pairs: impl IntoIterator<Item = (i64, BigRational)>) -> Option<Dist> {
        let pairs: Vec<(i64, BigRational)> = pairs.into_iter().collect();
        let lcm = pairs
            .iter()
            .fold(BigInt::one(), |l, (_, p)| l.lcm(p.denom()));
        Dist::from_pairs(pairs.into_iter().map(|(x, p)| {
            let w = (p * BigRational::from_integer(lcm.clone())).to_integer();
            (x, w.to_biguint().unwrap_or_default())
        }))
    }

    /// Outcomes with integer weights; the denominator is their sum. `None` if all weights are zero.
    pub fn from_pairs(pairs: impl IntoIterator<Item = (i64, BigUint)>) -> Option<Dist> {
        let pairs: Vec<(i64, BigUint)> = pairs.into_iter().filter(|(_, w)| !w.is_zero()).collect();
        let lo = pairs.iter().map(|p| p.0).min()?;
        let hi = pairs.iter().map(|p| p.0).max()?;
        let mut weights = vec![BigUint::zero(); (hi - lo) as usize + 1];
        let mut denominator = BigUint::zero();
        for (x, w) in pairs {
            denominator += &w;
            weights[(x - lo) as usize] += w;
        }
        Some(Dist::raw(lo, weights, denominator))
    }

    /// Builds from dense weights starting at `offset` over `denominator`.
    ///
    /// # Panics
    /// If the weights do not add up to the denominator (a programming error, never user input).
    pub(crate) fn from_dense(offset: i64, weights: Vec<BigUint>, denominator: BigUint) -> Dist {
        let total: BigUint = weights.iter().sum();
        assert_eq!(total, denominator, "weights must add up to the denominator");
        let mut d = Dist::raw(offset, weights, denominator);
        d.trim();
        d
    }

    /// [`Dist::from_dense`] of `u128` weights, checked against the denominator in `u128`
    /// before any big integer is made.
    pub(crate) fn from_small_dense(offset: i64, weights: &[u128], denominator: u128) -> Dist {
        let total = weights.iter().try_fold(0u128, |t, &w| t.checked_add(w));
        assert_eq!(
            total,
            Some(denominator),
            "weights must add up to the denominator"
        );
        let mut d = Dist::raw(
            offset,
            weights.iter().map(|&w| BigUint::from(w)).collect(),
            BigUint::from(denominator),
        );
        d.trim();
        d
    }

    /// Outcomes with borrowed weights that add up to `denominator`; equal outcomes merge. Adding
    /// in place by reference avoids a clone per weight, most of the cost of a marginal.
    pub(crate) fn from_refs(pairs: Vec<(i64, &BigUint)>, denominator: BigUint) -> Dist {
        let lo = pairs
            .iter()
            .map(|p| p.0)
            .min()
            .expect("a distribution has mass");
        let hi = pairs
            .iter()
            .map(|p| p.0)
            .max()
            .expect("a distribution has mass");
        let mut weights = vec![BigUint::zero(); (hi - lo) as usize + 1];
        for (x, w) in pairs {
            weights[(x - lo) as usize] += w;
        }
        Dist::from_dense(lo, weights, denominator)
    }

    /// Number of successes among `n` independent trials that each succeed on `hits` of `sides`
    /// equally likely faces: the binomial closed form, one term per outcome.
    ///
    /// ```
    /// use holodice_engine::dist::Dist;
    /// // 3 dice hitting on 4+: P(all three hit) = 1/8.
    /// assert_eq!(Dist::binomial(3, 3, 6).prob(3).to_string(), "1/8");
    /// ```
    pub fn binomial(n: u32, hits: u32, sides: u32) -> Dist {
        assert!(hits <= sides && sides > 0);
        let misses = sides - hits;
        let hit_pow = powers(hits, n);
        let miss_pow = powers(misses, n);
        let weights = binomial_row(n)
            .into_iter()
            .enumerate()
            .map(|(k, c)| c * &hit_pow[k] * &miss_pow[n as usize - k])
            .collect();
        Dist::from_dense(0, weights, BigUint::from(sides).pow(n))
    }

    fn trim(&mut self) {
        let first = self.weights.iter().position(|w| !w.is_zero()).unwrap_or(0);
        let last = self.weights.iter().rposition(|w| !w.is_zero()).unwrap_or(0);
        self.weights.truncate(last + 1);
        self.weights.drain(..first);
        self.offset += first as i64;
    }

    /// The common denominator of the weights (not necessarily reduced).
    pub fn denominator(&self) -> &BigUint {
        &self.denominator
    }

    /// The smallest possible outcome.
    pub fn min(&self) -> i64 {
        self.offset
    }

    /// The largest possible outcome.
    pub fn max(&self) -> i64 {
        self.offset + self.weights.len() as i64 - 1
    }

    /// The integer weight of `x` over [`Dist::denominator`].
    pub fn weight(&self, x: i64) -> BigUint {
        if x < self.offset {
            return BigUint::zero();
        }
        self.weights
            .get((x - self.offset) as usize)
            .cloned()
            .unwrap_or_default()
    }

    /// Outcomes with non-zero probability, in increasing order, with their weights.
    pub fn support(&self) -> impl Iterator<Item = (i64, &BigUint)> + '_ {
        self.weights
            .iter()
            .enumerate()
            .filter(|(_, w)| !w.is_zero())
            .map(move |(i, w)| (self.offset + i as i64, w))
    }

    fn raw(offset: i64, weights: Vec<BigUint>, denominator: BigUint) -> Dist {
        Dist {
            offset,
            weights,
            denominator,
            smooth: OnceLock::new(),
        }
    }

    /// `w / denominator`, reduced. Dice denominators are products of 2s and 3s; for those,
    /// stripping the common 2s and 3s reduces the fraction, far faster than a general gcd on
    /// numbers of thousands of bits.
    fn ratio(&self, w: BigUint) -> BigRational {
        let smooth = *self.smooth.get_or_init(|| {
            let d = &self.denominator >> self.denominator.trailing_zeros().unwrap_or(0);
            let (d, _) = strip_threes(d, BigUint::zero());
            d.is_one()
        });
        if !smooth || w.is_zero() {
            return BigRational::new(BigInt::from(w), BigInt::from(self.denominator.clone()));
        }
        let twos = w
            .trailing_zeros()
            .unwrap_or(0)
            .min(self.denominator.trailing_zeros().unwrap_or(0));
        let (n, d) = strip_threes(w >> twos, &self.denominator >> twos);
        BigRational::new_raw(BigInt::from(n), BigInt::from(d))
    }

    /// P(X = x), exactly.
    pub fn prob(&self, x: i64) -> BigRational {
        self.ratio(self.weight(x))
    }

    /// The probability mass function as exact fractions, over the support.
    pub fn pmf(&self) -> Vec<(i64, BigRational)> {
        self.support()
            .map(|(x, w)| (x, self.ratio(w.clone())))
            .collect()
    }

    /// P(X ≥ k).
    pub fn at_least(&self, k: i64) -> BigRational {
        self.ratio(
            self.support()
                .filter(|(x, _)| *x >= k)
                .map(|(_, w)| w)
                .sum(),
        )
    }

    /// P(X ≥ x) for every outcome `x` of the support, summed once from the top.
    pub fn at_least_all(&self) -> Vec<(i64, BigRational)> {
        self.tail_weights()
            .into_iter()
            .map(|(x, w)| (x, self.ratio(w)))
            .collect()
    }

    /// The weight of X ≥ x for every outcome `x` of the support, in increasing order, summed
    /// once from the top.
    pub fn tail_weights(&self) -> Vec<(i64, BigUint)> {
        let mut tail = BigUint::zero();
        let mut out: Vec<(i64, BigUint)> = self
            .support()
            .collect::<Vec<_>>()
            .into_iter()
            .rev()
            .map(|(x, w)| {
                tail += w;
                (x, tail.clone())
            })
            .collect();
        out.reverse();
        out
    }

    /// P(X ≤ k): the cumulative distribution function.
    pub fn cdf(&self, k: i64) -> BigRational {
        self.ratio(
            self.support()
                .filter(|(x, _)| *x <= k)
                .map(|(_, w)| w)
                .sum(),
        )
    }

    /// The probability of the outcomes that satisfy `pred`.
    pub fn prob_where(&self, pred: impl Fn(i64) -> bool) -> BigRational {
        self.ratio(
            self.support()
                .filter(|(x, _)| pred(*x))
                .map(|(_, w)| w)
                .sum(),
        )
    }

    /// The mean, `E[X]`.
    pub fn mean(&self) -> BigRational {
        let total: BigInt = self
            .support()
            .map(|(x, w)| BigInt::from(x) * BigInt::from(w.clone()))
            .sum();
        BigRational::new(total, BigInt::from(self.denominator.clone()))
    }

    /// The variance, `Var[X] = E[X²] − E[X]²`.
    pub fn variance(&self) -> BigRational {
        let second: BigInt = self
            .support()
            .map(|(x, w)| BigInt::from(x) * BigInt::from(x) * BigInt::from(w.clone()))
            .sum();
        let m = self.mean();
        BigRational::new(second, BigInt::from(self.denominator.clone())) - &m * &m
    }

    /// The most likely outcome; the smallest one when several tie.
    pub fn mode(&self) -> i64 {
        let best = self.weights.iter().max().expect("never empty");
        self.offset + self.weights.iter().position(|w| w == best).unwrap_or(0) as i64
    }

    /// The smallest outcome `x` with P(X ≤ x) ≥ `p`, for `p` in [0, 1].
    pub fn quantile(&self, p: &BigRational) -> i64 {
        let mut acc = BigUint::zero();
        for (x, w) in self.support() {
            acc += w;
            if self.ratio(acc.clone()) >= *p {
                return x;
            }
        }
        self.max()
    }

    /// The probabilities as `f64`, over the support.
    ///
    /// ```
    /// use holodice_engine::dist::Dist;
    /// assert_eq!(Dist::uniform(&[0, 1, 1, 1]).pmf_f64(), vec![(0, 0.25), (1, 0.75)]);
    /// ```
    pub fn pmf_f64(&self) -> Vec<(i64, f64)> {
        let d = BigInt::from(self.denominator.clone());
        self.support()
            .map(|(x, w)| {
                let raw = BigRational::new_raw(BigInt::from(w.clone()), d.clone());
                (x, to_f64(&raw))
            })
            .collect()
    }

    /// The distribution of `X + Y` for independent `X` (self) and `Y`.
    pub fn add(&self, other: &Dist) -> Dist {
        let mut weights = vec![BigUint::zero(); self.weights.len() + other.weights.len() - 1];
        for (i, a) in self.weights.iter().enumerate() {
            if a.is_zero() {
                continue;
            }
            for (j, b) in other.weights.iter().enumerate() {
                if !b.is_zero() {
                    weights[i + j] += a * b;
                }
            }
        }
        Dist::raw(
            self.offset + other.offset,
            weights,
            &self.denominator * &other.denominator,
        )
    }

    /// The sum of `n` independent copies: the binomial closed form when there are two outcomes,
    /// repeated squaring (log₂ n convolutions) otherwise.
    ///
    /// ```
    /// use holodice_engine::dist::Dist;
    /// let coin = Dist::uniform(&[0, 1]);
    /// assert_eq!(coin.repeat(10).prob(5).to_string(), "63/256");
    /// ```
    pub fn repeat(&self, n: u32) -> Dist {
        if n == 0 {
            return Dist::constant(0);
        }
        if self.weights.len() == 2 || (self.weights.len() > 2 && self.support().count() == 2) {
            return self.repeat_two_valued(n);
        }
        let mut result = Dist::constant(0);
        let mut base = self.clone();
        let mut k = n;
        loop {
            if k & 1 == 1 {
                result = result.add(&base);
            }
            k >>= 1;
            if k == 0 {
                return result;
            }
            base = base.add(&base);
        }
    }

    fn repeat_two_valued(&self, n: u32) -> Dist {
        let lo = self.min();
        let step = self.max() - lo;
        let (w_lo, w_hi) = (&self.weights[0], self.weights.last().expect("two outcomes"));
        let lo_pow = powers_big(w_lo, n);
        let hi_pow = powers_big(w_hi, n);
        let row = binomial_row(n);
        Dist::from_pairs(row.into_iter().enumerate().map(|(k, c)| {
            (
                lo * n as i64 + step * k as i64,
                c * &hi_pow[k] * &lo_pow[n as usize - k],
            )
        }))
        .expect("a two-valued pool has mass")
    }

    /// The distribution of `f(X)`; outcomes that map together merge.
    pub fn map(&self, f: impl Fn(i64) -> i64) -> Dist {
        Dist::from_pairs(self.support().map(|(x, w)| (f(x), w.clone())))
            .expect("a distribution has mass")
    }

    /// Outcome-dependent continuation: for each outcome `x`, roll `f(x)`; the result is the mixture.
    ///
    /// ```
    /// use holodice_engine::dist::Dist;
    /// // Roll a d6; on a 6 roll it again and add.
    /// let d6 = Dist::uniform(&[1, 2, 3, 4, 5, 6]);
    /// let exploding = d6.and_then(|x| if x == 6 { d6.map(|y| 6 + y) } else { Dist::constant(x) });
    /// assert_eq!(exploding.mean().to_string(), "49/12");
    /// ```
    pub fn and_then(&self, f: impl Fn(i64) -> Dist) -> Dist {
        let branches: Vec<(&BigUint, Dist)> = self.support().map(|(x, w)| (w, f(x))).collect();
        let common = branches
            .iter()
            .fold(BigUint::one(), |l, (_, d)| l.lcm(&d.denominator));
        let pairs = branches.iter().flat_map(|(w, d)| {
            let scale = *w * (&common / &d.denominator);
            d.support().map(move |(y, v)| (y, v * &scale))
        });
        // The weights add up to denominator × common, so that is the new denominator.
        Dist::from_pairs(pairs).expect("a distribution has mass")
    }
}

/// Divides `a` and `b` by 3 for as long as both are divisible (all of `a`'s threes when `b` is 0),
/// 20 threes at a time where possible.
fn strip_threes(mut a: BigUint, mut b: BigUint) -> (BigUint, BigUint) {
    for p in [3u32.pow(20), 3] {
        let p = BigUint::from(p);
        loop {
            let (qa, ra) = a.div_rem(&p);
            let (qb, rb) = b.div_rem(&p);
            if !ra.is_zero() || !rb.is_zero() {
                break;
            }
            (a, b) = (qa, qb);
        }
    }
    (a, b)
}

/// A probability as `f64` (exact fractions of huge numbers may not fit a plain division).
pub fn to_f64(p: &BigRational) -> f64 {
    p.to_f64().unwrap_or(f64::NAN)
}

/// `C(n, 0..=n)`, each from the previous by an exact division.
pub(crate) fn binomial_row(n: u32) -> Vec<BigUint> {
    let mut row = Vec::with_capacity(n as usize + 1);
    let mut c = BigUint::one();
    row.push(c.clone());
    for k in 0..n {
        c = c * BigUint::from(n - k) / BigUint::from(k + 1);
        row.push(c.clone());
    }
    row
}

/// `base^0..=base^n`.
pub(crate) fn powers(base: u32, n: u32) -> Vec<BigUint> {
    powers_big(&BigUint::from(base), n)
}

fn powers_big(base: &BigUint, n: u32) -> Vec<BigUint> {
    let mut out = Vec::with_capacity(n as usize + 1);
    let mut p = BigUint::one();
    out.push(p.clone());
    for _ in 0..n {
        p *= base;
        out.push(p.clone());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn q(n: i64, d: i64) -> BigRational {
        BigRational::new(n.into(), d.into())
    }

    #[test]
    fn binomial_matches_repeated_convolution() {
        let die = Dist::uniform(&[0, 0, 0, 1, 1, 1]);
        let mut slow = Dist::constant(0);
        for _ in 0..7 {
            slow = slow.add(&die);
        }
        assert_eq!(Dist::binomial(7, 3, 6), slow);
        assert_eq!(die.repeat(7), slow);
    }

    #[test]
    fn repeat_by_squaring_matches_repeated_convolution() {
        let d6 = Dist::uniform(&[1, 2, 3, 4, 5, 6]);
        let mut slow = Dist::constant(0);
        for _ in 0..5 {
            slow = slow.add(&d6);
        }
        assert_eq!(d6.repeat(5), slow);
        // 3d6: 27 of 216 ways to roll a 10.
        assert_eq!(d6.repeat(3).prob(10), q(27, 216));
    }

    #[test]
    fn statistics_of_a_d6() {
        let d6 = Dist::uniform(&[1, 2, 3, 4, 5, 6]);
        assert_eq!(d6.mean(), q(7, 2));
        assert_eq!(d6.variance(), q(35, 12));
        assert_eq!(d6.at_least(5), q(1, 3));
        for (x, p) in d6.at_least_all() {
            assert_eq!(p, q(7 - x, 6));
        }
        assert_eq!(d6.cdf(2), q(1, 3));
        assert_eq!(d6.mode(), 1);
        assert_eq!(d6.quantile(&q(1, 2)), 3);
        assert_eq!(d6.quantile(&q(1, 1)), 6);
        assert_eq!(d6.quantile(&q(0, 1)), 1);
    }

    #[test]
    fn map_merges_and_keeps_total_probability() {
        let d6 = Dist::uniform(&[1, 2, 3, 4, 5, 6]);
        let hits = d6.map(|x| i64::from(x >= 4));
        assert_eq!(hits, Dist::uniform(&[0, 1]));
        let sum: BigRational = hits.pmf().into_iter().map(|(_, p)| p).sum();
        assert_eq!(sum, q(1, 1));
    }

    #[test]
    fn mixture_with_unequal_denominators() {
        // Flip a coin: heads → d4, tails → d6. P(1) = 1/2·1/4 + 1/2·1/6 = 5/24.
        let coin = Dist::uniform(&[0, 1]);
        let m = coin.and_then(|c| {
            if c == 1 {
                Dist::uniform(&[1, 2, 3, 4])
            } else {
                Dist::uniform(&[1, 2, 3, 4, 5, 6])
            }
        });
        assert_eq!(m.prob(1), q(5, 24));
        assert_eq!(m.prob(6), q(1, 12));
    }

    #[test]
    fn probabilities_come_out_reduced() {
        let fury_like =
            Dist::binomial(9, 3, 6).and_then(|h| Dist::binomial(2, 2, 6).map(|e| h + e));
        let odd =
            Dist::from_pairs([(0, 10u32.into()), (1, 15u32.into()), (2, 45u32.into())]).unwrap();
        for d in [
            &fury_like,
            &odd,
            &Dist::uniform(&[1, 2, 3, 4, 5, 6]).repeat(7),
        ] {
            for (x, p) in d.pmf().into_iter().chain(d.at_least_all()) {
                assert!(p.numer().gcd(p.denom()).is_one(), "{x}: {p} is not reduced");
                assert!(*p.denom() > BigInt::zero());
            }
            let total: BigRational = d.pmf().into_iter().map(|(_, p)| p).sum();
            assert!(total.is_one());
        }
        assert_eq!(odd.prob(1), q(3, 14));
        assert_eq!(Dist::binomial(4, 3, 6).prob(2), q(6, 16));
    }

    #[test]
    fn negative_outcomes_and_trimming() {
        let d = Dist::uniform(&[-3, 5]);
        assert_eq!(d.min(), -3);
        assert_eq!(d.max(), 5);
        assert_eq!(d.mean(), q(1, 1));
        assert_eq!(d.support().count(), 2);
        let shifted = d.map(|x| x + 3);
        assert_eq!(shifted.min(), 0);
    }
}
