//! Joint distributions of several integer outcomes, as a dense array of integer weights.

use crate::dist::Dist;
use ndarray::{ArrayD, IxDyn};
use num_bigint::{BigInt, BigUint};
use num_rational::BigRational;
use num_traits::Zero;

/// `P(X₀ = offsets[0] + i₀, X₁ = offsets[1] + i₁, …) = weights[[i₀, i₁, …]] / denominator`.
///
/// Outcomes that travel together (hits and the natural faces seen, damage on two units) must stay
/// joint until the last step that combines them; marginals are taken only for the report.
///
/// ```
/// use holodice_engine::dist::Dist;
/// use holodice_engine::joint::Joint;
/// let d6 = Dist::uniform(&[1, 2, 3, 4, 5, 6]);
/// let two = Joint::independent(&[&d6, &d6]);
/// assert_eq!(two.map(|x| x[0] + x[1]), d6.add(&d6));
/// assert_eq!(two.marginal(1), d6);
/// ```
#[derive(Clone, Debug)]
pub struct Joint {
    offsets: Vec<i64>,
    weights: ArrayD<BigUint>,
    denominator: BigUint,
}

impl Joint {
    /// Builds from a dense array whose weights add up to `denominator`.
    ///
    /// # Panics
    /// If the weights do not add up to the denominator, or the offsets do not match the array.
    pub fn new(offsets: Vec<i64>, weights: ArrayD<BigUint>, denominator: BigUint) -> Joint {
        assert_eq!(offsets.len(), weights.ndim(), "one offset per axis");
        let total: BigUint = weights.iter().sum();
        assert_eq!(total, denominator, "weights must add up to the denominator");
        let weights = if weights.is_standard_layout() {
            weights
        } else {
            weights.as_standard_layout().into_owned()
        };
        Joint {
            offsets,
            weights,
            denominator,
        }
    }

    /// The joint distribution of independent variables.
    pub fn independent(dists: &[&Dist]) -> Joint {
        let offsets: Vec<i64> = dists.iter().map(|d| d.min()).collect();
        let shape: Vec<usize> = dists
            .iter()
            .map(|d| (d.max() - d.min()) as usize + 1)
            .collect();
        let weights = ArrayD::from_shape_fn(IxDyn(&shape), |idx| {
            dists
                .iter()
                .enumerate()
                .map(|(axis, d)| d.weight(d.min() + idx[axis] as i64))
                .product()
        });
        let denominator = dists.iter().map(|d| d.denominator().clone()).product();
        Joint::new(offsets, weights, denominator)
    }

    /// The number of variables.
    pub fn ndim(&self) -> usize {
        self.weights.ndim()
    }

    /// The common denominator of the weights.
    pub fn denominator(&self) -> &BigUint {
        &self.denominator
    }

    pub(crate) fn weights(&self) -> &ArrayD<BigUint> {
        &self.weights
    }

    /// Calls `f` with the coordinates and weight of every outcome of non-zero weight.
    fn for_each<'a>(&'a self, mut f: impl FnMut(&[i64], &'a BigUint)) {
        let shape = self.weights.shape();
        let mut coords = self.offsets.clone();
        let flat = self.weights.as_slice().expect("built in standard layout");
        for (i, w) in flat.iter().enumerate() {
            if w.is_zero() {
                continue;
            }
            let mut rest = i;
            for axis in (0..shape.len()).rev() {
                coords[axis] = self.offsets[axis] + (rest % shape[axis]) as i64;
                rest /= shape[axis];
            }
            f(&coords, w);
        }
    }

    /// The distribution of one function of all the variables.
    pub fn map(&self, f: impl Fn(&[i64]) -> i64) -> Dist {
        let mut mapped: Vec<(i64, &BigUint)> = Vec::new();
        self.for_each(|c, w| mapped.push((f(c), w)));
        Dist::from_refs(mapped, self.denominator.clone())
    }

    /// The distribution of variable `axis` alone.
    pub fn marginal(&self, axis: usize) -> Dist {
        self.map(|c| c[axis])
    }

    /// The probability that the variables satisfy `pred`.
    pub fn prob_where(&self, pred: impl Fn(&[i64]) -> bool) -> BigRational {
        let mut w = BigUint::zero();
        self.for_each(|c, x| {
            if pred(c) {
                w += x;
            }
        });
        BigRational::new(BigInt::from(w), BigInt::from(self.denominator.clone()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn independent_marginals_recover_the_factors() {
        let a = Dist::uniform(&[0, 1, 1]);
        let b = Dist::uniform(&[-2, 3, 3, 3]);
        let j = Joint::independent(&[&a, &b]);
        assert_eq!(j.marginal(0), a);
        assert_eq!(j.marginal(1), b);
        assert_eq!(
            j.prob_where(|c| c[0] == 1 && c[1] == 3),
            a.prob(1) * b.prob(3)
        );
    }

    #[test]
    fn map_of_independent_sum_is_the_convolution() {
        let a = Dist::uniform(&[1, 2, 3]);
        let b = Dist::uniform(&[0, 10]);
        let j = Joint::independent(&[&a, &b]);
        assert_eq!(j.map(|c| c[0] + c[1]), a.add(&b));
    }
}
