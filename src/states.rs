//! Distributions over arbitrary states: the engine for multi-step procedures (roll, reroll,
//! convert, cancel) where each step depends on the whole state so far. Equal states merge, and
//! all weights share one denominator, as in [`crate::dist`].

use crate::dist::{binomial_row, Dist};
use num_bigint::BigUint;
use num_integer::Integer;
use num_traits::{One, Zero};
use rustc_hash::FxHashMap as HashMap;
use std::cell::RefCell;
use std::hash::Hash;
use std::rc::Rc;

/// `P(state) = weight / denominator`, the weights adding up to the denominator.
///
/// ```
/// use holodice::states::States;
/// // A coin; on heads flip again. Count heads.
/// let first = States::from_weights([(0, 1u32.into()), (1, 1u32.into())]);
/// let both = first.and_then(|&h| {
///     if h == 1 {
///         States::from_weights([(1, 1u32.into()), (2, 1u32.into())])
///     } else {
///         States::certain(0)
///     }
/// });
/// assert_eq!(both.to_dist(|&h| h).prob(2).to_string(), "1/4");
/// ```
#[derive(Debug, Clone)]
pub struct States<S> {
    weights: HashMap<S, BigUint>,
    denominator: BigUint,
}

impl<S: Hash + Eq + Clone> States<S> {
    /// The state `s` with certainty.
    pub fn certain(s: S) -> States<S> {
        States {
            weights: HashMap::from_iter([(s, BigUint::one())]),
            denominator: BigUint::one(),
        }
    }

    /// States with integer weights; the denominator is their sum.
    ///
    /// # Panics
    /// If every weight is zero.
    pub fn from_weights(pairs: impl IntoIterator<Item = (S, BigUint)>) -> States<S> {
        let mut weights: HashMap<S, BigUint> = HashMap::default();
        let mut denominator = BigUint::zero();
        for (s, w) in pairs {
            if !w.is_zero() {
                denominator += &w;
                *weights.entry(s).or_default() += w;
            }
        }
        assert!(!denominator.is_zero(), "a distribution needs mass");
        States {
            weights,
            denominator,
        }
    }

    /// Every state with its integer weight (over the common denominator).
    pub fn weights(&self) -> impl Iterator<Item = (&S, &BigUint)> {
        self.weights.iter()
    }

    /// The common denominator of the weights.
    pub fn denominator(&self) -> &BigUint {
        &self.denominator
    }

    /// The number of distinct states.
    pub fn len(&self) -> usize {
        self.weights.len()
    }

    /// Whether there are no states (never true of a built distribution).
    pub fn is_empty(&self) -> bool {
        self.weights.is_empty()
    }

    /// A deterministic step: each state becomes `f(state)`; equal results merge.
    pub fn map<T: Hash + Eq + Clone>(&self, f: impl Fn(&S) -> T) -> States<T> {
        let mut weights: HashMap<T, BigUint> =
            HashMap::with_capacity_and_hasher(self.weights.len(), Default::default());
        for (s, w) in &self.weights {
            *weights.entry(f(s)).or_default() += w;
        }
        States {
            weights,
            denominator: self.denominator.clone(),
        }
    }

    /// A random step: each state continues with its own distribution of next states. Branch
    /// denominators are brought to their least common multiple.
    pub fn and_then<T: Hash + Eq + Clone>(&self, f: impl Fn(&S) -> States<T>) -> States<T> {
        let branches: Vec<(&BigUint, States<T>)> =
            self.weights.iter().map(|(s, w)| (w, f(s))).collect();
        let common = branches.iter().fold(BigUint::one(), |l, (_, b)| {
            // Branches mostly share a denominator: skip the gcd when it already divides.
            if (&l % &b.denominator).is_zero() {
                l
            } else {
                l.lcm(&b.denominator)
            }
        });
        let mut weights: HashMap<T, BigUint> = HashMap::default();
        for (w, branch) in branches {
            let scale = w * (&common / &branch.denominator);
            for (t, v) in branch.weights {
                *weights.entry(t).or_default() += v * &scale;
            }
        }
        States {
            weights,
            denominator: &self.denominator * common,
        }
    }

    /// The distribution of one integer function of the state.
    pub fn to_dist(&self, f: impl Fn(&S) -> i64) -> Dist {
        Dist::from_refs(
            self.weights.iter().map(|(s, w)| (f(s), w)).collect(),
            self.denominator.clone(),
        )
    }
}

/// Results computed once per key: a step that many states share (the same dice rolled, the same
/// defense faced) is built once and mapped into each.
#[derive(Debug)]
pub struct Memo<K, V> {
    done: RefCell<HashMap<K, Rc<V>>>,
}

impl<K: Hash + Eq + Clone, V> Default for Memo<K, V> {
    fn default() -> Self {
        Memo {
            done: RefCell::new(HashMap::default()),
        }
    }
}

impl<K: Hash + Eq + Clone, V> Memo<K, V> {
    /// The value for `key`, computed by `make` the first time only.
    pub fn get(&self, key: K, make: impl FnOnce(&K) -> V) -> Rc<V> {
        if let Some(v) = self.done.borrow().get(&key) {
            return Rc::clone(v);
        }
        let v = Rc::new(make(&key));
        self.done.borrow_mut().insert(key, Rc::clone(&v));
        v
    }
}

/// Multinomial rolls ([`roll_counts`]), each built once.
#[derive(Debug, Default)]
pub struct Rolls(Memo<(u32, Vec<u32>), States<Vec<u32>>>);

impl Rolls {
    /// `n` dice with these face weights, as counts per face.
    pub fn roll(&self, n: u32, faces: &[u32]) -> Rc<States<Vec<u32>>> {
        self.0.get((n, faces.to_vec()), |(n, f)| roll_counts(*n, f))
    }
}

/// Counts of each face when `n` dice with the given face weights are rolled: every composition
/// of `n`, weighted by its multinomial coefficient. Denominator (sum of weights)^n.
///
/// ```
/// use holodice::states::roll_counts;
/// // Two coins: (2 heads), (1, 1) twice, (2 tails).
/// let r = roll_counts(2, &[1, 1]);
/// assert_eq!(r.to_dist(|c| c[0] as i64).prob(1).to_string(), "1/2");
/// ```
pub fn roll_counts(n: u32, faces: &[u32]) -> States<Vec<u32>> {
    let mut out = Vec::new();
    let mut counts = vec![0u32; faces.len()];
    compositions(n, 0, faces, &mut counts, BigUint::one(), &mut out);
    States::from_weights(out)
}

/// Fills `counts[i..]` with every split of `left` dice, multiplying in C(left, k) · face^k.
fn compositions(
    left: u32,
    i: usize,
    faces: &[u32],
    counts: &mut Vec<u32>,
    weight: BigUint,
    out: &mut Vec<(Vec<u32>, BigUint)>,
) {
    if i + 1 == faces.len() {
        counts[i] = left;
        let w = weight * BigUint::from(faces[i]).pow(left);
        out.push((counts.clone(), w));
        return;
    }
    let row = binomial_row(left);
    for (k, c) in row.iter().enumerate() {
        counts[i] = k as u32;
        let w = &weight * c * BigUint::from(faces[i]).pow(k as u32);
        compositions(left - k as u32, i + 1, faces, counts, w, out);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn multinomial_counts_match_enumeration() {
        // Three d8 with faces weighted 1, 1, 5, 1: compare with all 8^3 sequences.
        let faces = [1u32, 1, 5, 1];
        let r = roll_counts(3, &faces);
        let labels: Vec<usize> = faces
            .iter()
            .enumerate()
            .flat_map(|(i, &f)| std::iter::repeat_n(i, f as usize))
            .collect();
        let mut brute: HashMap<Vec<u32>, u32> = HashMap::default();
        for a in &labels {
            for b in &labels {
                for c in &labels {
                    let mut k = vec![0u32; 4];
                    for &x in [a, b, c] {
                        k[x] += 1;
                    }
                    *brute.entry(k).or_default() += 1;
                }
            }
        }
        assert_eq!(r.denominator, BigUint::from(512u32));
        assert_eq!(r.len(), brute.len());
        for (k, n) in brute {
            assert_eq!(r.weights[&k], BigUint::from(n), "{k:?}");
        }
    }

    #[test]
    fn and_then_scales_unequal_denominators() {
        // Heads: roll a d4, tails: a d6; P(1) = 5/24.
        let coin = States::from_weights([(true, 1u32.into()), (false, 1u32.into())]);
        let die = coin.and_then(|&heads| {
            let sides = if heads { 4 } else { 6 };
            States::from_weights((1..=sides).map(|f| (f, BigUint::one())))
        });
        let d = die.to_dist(|&f| f);
        assert_eq!(d.prob(1).to_string(), "5/24");
        assert_eq!(d.prob(6).to_string(), "1/12");
    }
}
