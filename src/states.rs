//! Distributions over arbitrary states: the engine for multi-step procedures (roll, reroll,
//! convert, cancel) where each step depends on the whole state so far. Equal states merge, and
//! all weights share one denominator, as in [`crate::dist`].

use crate::dist::{binomial_row, Dist};
use num_bigint::BigUint;
use num_integer::Integer;
use num_traits::{One, Zero};
use rustc_hash::FxHashMap as HashMap;
use std::borrow::Cow;
use std::cell::RefCell;
use std::hash::Hash;
use std::ops::AddAssign;
use std::rc::Rc;
use std::sync::OnceLock;

/// `P(state) = weight / denominator`, the weights adding up to the denominator.
///
/// Weights are `u128` while the denominator fits (a small attack's `8^dice · 6^defense` does)
/// and big integers beyond: a step whose denominator would overflow switches its whole table to
/// big integers, so answers are exact either way and small ones skip big-integer arithmetic.
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
    table: Table<S>,
}

/// The weights in the narrowest integer type their denominator fits.
#[derive(Debug, Clone)]
enum Table<S> {
    Small(Weighted<S, u128>),
    Big(Weighted<S, BigUint>),
}

/// Weights of one integer type over their common denominator.
#[derive(Debug, Clone)]
struct Weighted<S, W> {
    weights: HashMap<S, W>,
    denominator: W,
}

/// What a weight type needs for the steps: sums and products (that never overflow: every sum
/// and product is at most the denominator, checked before a step starts).
pub(crate) trait Weight:
    Clone + Default + PartialEq + From<u128> + for<'a> AddAssign<&'a Self> + 'static
{
    fn times(self, by: &Self) -> Self;
    /// `self · by`, without making `by` a weight first.
    fn scaled(&self, by: u128) -> Self;
    /// States with these weights, which add up to at most the type's largest value.
    fn states<S: Hash + Eq + Clone>(pairs: Vec<(S, Self)>) -> States<S>;
    /// `base^k`.
    fn power(base: u32, k: u32) -> Self;
    /// The rows `C(m, 0..=m)` for every `m` up to `n` (at most 64 in `u128`).
    fn binomial_rows(n: u32) -> Cow<'static, [Vec<Self>]>;
}

impl Weight for u128 {
    fn times(self, by: &u128) -> u128 {
        self * by
    }

    fn scaled(&self, by: u128) -> u128 {
        self * by
    }

    fn states<S: Hash + Eq + Clone>(pairs: Vec<(S, u128)>) -> States<S> {
        States::from_small(pairs)
    }

    fn power(base: u32, k: u32) -> u128 {
        u128::from(base).pow(k)
    }

    /// Pascal's triangle to row 64, made once: small rolls are made often.
    fn binomial_rows(n: u32) -> Cow<'static, [Vec<u128>]> {
        static ROWS: OnceLock<Vec<Vec<u128>>> = OnceLock::new();
        let rows = ROWS.get_or_init(|| {
            let mut rows = vec![vec![1u128]];
            for m in 1..=64 {
                let last: &Vec<u128> = &rows[m - 1];
                let mut row = vec![1u128; m + 1];
                for k in 1..m {
                    row[k] = last[k - 1] + last[k];
                }
                rows.push(row);
            }
            rows
        });
        Cow::Borrowed(&rows[..=n as usize])
    }
}

impl Weight for BigUint {
    fn times(self, by: &BigUint) -> BigUint {
        self * by
    }

    fn scaled(&self, by: u128) -> BigUint {
        self * by
    }

    fn states<S: Hash + Eq + Clone>(pairs: Vec<(S, BigUint)>) -> States<S> {
        States::from_weights(pairs)
    }

    fn power(base: u32, k: u32) -> BigUint {
        BigUint::from(base).pow(k)
    }

    fn binomial_rows(n: u32) -> Cow<'static, [Vec<BigUint>]> {
        Cow::Owned((0..=n).map(binomial_row).collect())
    }
}

impl<S: Hash + Eq + Clone, W: Weight> Weighted<S, W> {
    fn map<T: Hash + Eq>(&self, f: impl Fn(&S) -> T) -> Weighted<T, W> {
        let mut weights: HashMap<T, W> =
            HashMap::with_capacity_and_hasher(self.weights.len(), Default::default());
        for (s, w) in &self.weights {
            *weights.entry(f(s)).or_default() += w;
        }
        Weighted {
            weights,
            denominator: self.denominator.clone(),
        }
    }
}

impl<T: Hash + Eq, W: Weight> Weighted<T, W> {
    /// No weights yet, over 1.
    fn zero() -> Weighted<T, W> {
        Weighted {
            weights: HashMap::default(),
            denominator: W::from(1),
        }
    }

    /// The same weights over `denominator`, a multiple of the present one.
    fn rescale(&mut self, denominator: W)
    where
        W: std::ops::Div<Output = W>,
    {
        if denominator != self.denominator {
            let factor = denominator.clone() / self.denominator.clone();
            for w in self.weights.values_mut() {
                *w = std::mem::take(w).times(&factor);
            }
            self.denominator = denominator;
        }
    }
}

impl<S> Weighted<S, u128> {
    fn into_big(self) -> Weighted<S, BigUint>
    where
        S: Hash + Eq,
    {
        Weighted {
            weights: self
                .weights
                .into_iter()
                .map(|(s, w)| (s, BigUint::from(w)))
                .collect(),
            denominator: BigUint::from(self.denominator),
        }
    }
}

impl<S: Hash + Eq> Weighted<S, BigUint> {
    /// The same weights in `u128`, when the denominator fits.
    fn to_small(&self) -> Option<Weighted<S, u128>>
    where
        S: Clone,
    {
        let denominator = u128::try_from(&self.denominator).ok()?;
        let weights = self
            .weights
            .iter()
            .map(|(s, w)| {
                (
                    s.clone(),
                    u128::try_from(w).expect("a weight is at most the sum"),
                )
            })
            .collect();
        Some(Weighted {
            weights,
            denominator,
        })
    }
}

impl<S: Hash + Eq + Clone> States<S> {
    /// The state `s` with certainty.
    pub fn certain(s: S) -> States<S> {
        States {
            table: Table::Small(Weighted {
                weights: HashMap::from_iter([(s, 1)]),
                denominator: 1,
            }),
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
        let big = Weighted {
            weights,
            denominator,
        };
        States {
            table: match big.to_small() {
                Some(small) => Table::Small(small),
                None => Table::Big(big),
            },
        }
    }

    /// States with `u128` weights that add up to at most `u128::MAX`.
    fn from_small(pairs: Vec<(S, u128)>) -> States<S> {
        let mut weights: HashMap<S, u128> =
            HashMap::with_capacity_and_hasher(pairs.len(), Default::default());
        let mut denominator = 0;
        for (s, w) in pairs.into_iter().filter(|p| p.1 != 0) {
            denominator += w;
            *weights.entry(s).or_default() += w;
        }
        assert!(denominator != 0, "a distribution needs mass");
        States {
            table: Table::Small(Weighted {
                weights,
                denominator,
            }),
        }
    }

    /// Every state with its integer weight (over the common denominator).
    pub fn weights(&self) -> Box<dyn Iterator<Item = (&S, BigUint)> + '_> {
        match &self.table {
            Table::Small(t) => Box::new(t.weights.iter().map(|(s, &w)| (s, BigUint::from(w)))),
            Table::Big(t) => Box::new(t.weights.iter().map(|(s, w)| (s, w.clone()))),
        }
    }

    /// The common denominator of the weights.
    pub fn denominator(&self) -> BigUint {
        match &self.table {
            Table::Small(t) => BigUint::from(t.denominator),
            Table::Big(t) => t.denominator.clone(),
        }
    }

    /// Whether the weights are big integers (the denominator passed `u128`).
    pub fn is_big(&self) -> bool {
        matches!(self.table, Table::Big(_))
    }

    /// The number of distinct states.
    pub fn len(&self) -> usize {
        match &self.table {
            Table::Small(t) => t.weights.len(),
            Table::Big(t) => t.weights.len(),
        }
    }

    /// Whether there are no states (never true of a built distribution).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// A deterministic step: each state becomes `f(state)`; equal results merge.
    pub fn map<T: Hash + Eq + Clone>(&self, f: impl Fn(&S) -> T) -> States<T> {
        States {
            table: match &self.table {
                Table::Small(t) => Table::Small(t.map(f)),
                Table::Big(t) => Table::Big(t.map(f)),
            },
        }
    }

    /// A random step: each state continues with its own distribution of next states. Branch
    /// denominators are brought to their least common multiple; the result is in `u128` when
    /// this state's and every branch's are, and the new denominator fits. Each branch is added
    /// as soon as it is made, so that only the sum is ever held.
    pub fn and_then<T: Hash + Eq + Clone>(&self, f: impl Fn(&S) -> States<T>) -> States<T> {
        self.and_then_each(|s| f(s), |_, t: &T| t.clone())
    }

    /// [`States::and_then`] where each state `s` meets a distribution `branch(s)` (often one
    /// that many states share, such as a roll) and becomes `f(s, k)` for each of its states `k`:
    /// `self.and_then(|s| branch(s).map(|k| f(s, k)))` without building a table per state.
    pub fn and_then_each<K, B: std::borrow::Borrow<States<K>>, T: Hash + Eq + Clone>(
        &self,
        branch: impl Fn(&S) -> B,
        f: impl Fn(&S, &K) -> T,
    ) -> States<T> {
        match &self.table {
            Table::Small(t) => {
                let mut sum = Sum::Small(t.denominator, Weighted::zero());
                for (s, &w) in &t.weights {
                    sum.add_small(w, branch(s).borrow(), |k| f(s, k));
                }
                sum.finish()
            }
            Table::Big(t) => {
                let mut sum = Sum::Big(t.denominator.clone(), Weighted::zero());
                for (s, w) in &t.weights {
                    sum.add_big(w, branch(s).borrow(), |k| f(s, k));
                }
                sum.finish()
            }
        }
    }

    /// The distribution of one integer function of the state.
    pub fn to_dist(&self, f: impl Fn(&S) -> i64) -> Dist {
        match &self.table {
            Table::Small(t) => small_dist(t, f),
            Table::Big(t) => Dist::from_refs(
                t.weights.iter().map(|(s, w)| (f(s), w)).collect(),
                t.denominator.clone(),
            ),
        }
    }
}

/// The branches of an [`States::and_then`] added so far, each scaled to the least common
/// multiple of their denominators (held in the table's denominator), with the denominator of
/// the states they come from: in `u128` while that times the multiple fits.
enum Sum<T> {
    Small(u128, Weighted<T, u128>),
    Big(BigUint, Weighted<T, BigUint>),
}

impl<T: Hash + Eq + Clone> Sum<T> {
    /// Adds a branch of weight `w`, each of its states `k` as `g(k)`, switching to big
    /// integers when it or the sum needs them.
    fn add_small<K>(&mut self, w: u128, branch: &States<K>, g: impl Fn(&K) -> T) {
        if let (Sum::Small(before, sum), Table::Small(b)) = (&mut *self, &branch.table) {
            if let Some((common, factor)) = grown(*before, sum.denominator, b.denominator) {
                sum.rescale(common);
                let scale = w * factor;
                for (k, v) in &b.weights {
                    *sum.weights.entry(g(k)).or_default() += v * scale;
                }
                return;
            }
        }
        self.add_big(&BigUint::from(w), branch, g);
    }

    /// Adds a branch of weight `w`, each of its states `k` as `g(k)`, in big integers.
    fn add_big<K>(&mut self, w: &BigUint, branch: &States<K>, g: impl Fn(&K) -> T) {
        if let Sum::Small(before, sum) = self {
            let sum = std::mem::replace(sum, Weighted::zero());
            *self = Sum::Big(BigUint::from(*before), sum.into_big());
        }
        let Sum::Big(_, sum) = self else {
            unreachable!("switched above")
        };
        let denominator = match &branch.table {
            Table::Small(b) => BigUint::from(b.denominator),
            Table::Big(b) => b.denominator.clone(),
        };
        // Branches mostly share a denominator: skip the gcd when it already divides.
        if !(&sum.denominator % &denominator).is_zero() {
            sum.rescale(sum.denominator.lcm(&denominator));
        }
        let scale = w * (&sum.denominator / &denominator);
        match &branch.table {
            Table::Small(b) => {
                for (k, &v) in &b.weights {
                    *sum.weights.entry(g(k)).or_default() += BigUint::from(v) * &scale;
                }
            }
            Table::Big(b) => {
                for (k, v) in &b.weights {
                    *sum.weights.entry(g(k)).or_default() += v * &scale;
                }
            }
        }
    }

    fn finish(self) -> States<T> {
        States {
            table: match self {
                Sum::Small(before, sum) => Table::Small(Weighted {
                    denominator: before * sum.denominator,
                    weights: sum.weights,
                }),
                Sum::Big(before, sum) => Table::Big(Weighted {
                    denominator: before * sum.denominator,
                    weights: sum.weights,
                }),
            },
        }
    }
}

/// The least common multiple of `common` and `denominator`, with its quotient by `denominator`,
/// when `before` times it fits `u128` (then so does every weight of the step). `before` times
/// `common` fits already, so a denominator that divides `common` costs one division.
fn grown(before: u128, common: u128, denominator: u128) -> Option<(u128, u128)> {
    let factor = common / denominator;
    if factor * denominator == common {
        return Some((common, factor));
    }
    let factor = common / common.gcd(&denominator);
    let common = factor.checked_mul(denominator)?;
    before.checked_mul(common).map(|_| (common, factor))
}

/// [`States::to_dist`] of `u128` weights: summed in `u128` (they add up to the denominator), in
/// a dense row from the least outcome to the greatest.
fn small_dist<S>(t: &Weighted<S, u128>, f: impl Fn(&S) -> i64) -> Dist {
    let (mut lo, mut hi) = (i64::MAX, i64::MIN);
    for s in t.weights.keys() {
        let x = f(s);
        (lo, hi) = (lo.min(x), hi.max(x));
    }
    assert!(lo <= hi, "a distribution has mass");
    let mut dense = vec![0u128; (hi - lo) as usize + 1];
    for (s, &w) in &t.weights {
        dense[(f(s) - lo) as usize] += w;
    }
    Dist::from_small_dense(lo, &dense, t.denominator)
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

    /// The value for `key` when it is kept already or fewer than `room` values are, computed by
    /// `make` the first time only; `None` when the memo is full.
    fn get_within(&self, room: usize, key: K, make: impl FnOnce(&K) -> V) -> Option<Rc<V>> {
        let done = self.done.borrow();
        let fits = done.len() < room || done.contains_key(&key);
        drop(done);
        fits.then(|| self.get(key, make))
    }
}

/// A roll's counts per face, for up to four faces (those past the faces rolled count 0): a
/// fixed size spares an allocation per outcome.
pub type Counts = [u32; 4];

/// Multinomial rolls ([`roll_counts`]), each built once.
#[derive(Debug, Default)]
pub struct Rolls(Memo<(u32, Counts), States<Counts>>);

/// Rolls of at most this many dice are kept for the thread's life and shared by every
/// [`Rolls`]: a small roll costs more to build than to use, and small attacks come many at a time
/// (tables, the server).
const SHARED_DICE: u32 = 12;

/// At most this many shared rolls per thread (12 dice of four faces is 455 states), so that
/// their memory stays bounded whatever faces are asked for.
const SHARED_ROLLS: usize = 256;

thread_local! {
    static SHARED: Memo<(u32, Counts), States<Counts>> = Memo::default();
}

impl Rolls {
    /// `n` dice with these face weights (at most four faces), as counts per face.
    pub fn roll(&self, n: u32, faces: &[u32]) -> Rc<States<Counts>> {
        let mut key = [0; 4];
        key[..faces.len()].copy_from_slice(faces);
        let make = |_: &(u32, Counts)| rolled_into(n, faces, [0; 4]);
        let shared = match n <= SHARED_DICE {
            true => SHARED.with(|m| m.get_within(SHARED_ROLLS, (n, key), make)),
            false => None,
        };
        shared.unwrap_or_else(|| self.0.get((n, key), make))
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
    rolled_into(n, faces, vec![0; faces.len()])
}

/// [`roll_counts`] into `counts`, whose first `faces.len()` entries each face fills.
fn rolled_into<C>(n: u32, faces: &[u32], mut counts: C) -> States<C>
where
    C: AsMut<[u32]> + Clone + Hash + Eq,
{
    let total: u32 = faces.iter().sum();
    // C(n, k) · face^k never passes total^n, nor (for a row built by exact division) n · 2^n.
    if n <= 64 && u128::from(total).checked_pow(n).is_some() {
        let mut out = Vec::with_capacity(splits(n, faces));
        Terms::new(n, faces).compositions(n, 0, &mut counts, 1u128, &mut out);
        return States::from_small(out);
    }
    let mut out = Vec::new();
    Terms::new(n, faces).compositions(n, 0, &mut counts, BigUint::one(), &mut out);
    States::from_weights(out)
}

/// How many ways `n` dice split among the faces of non-zero weight (capped: a capacity hint).
fn splits(n: u32, faces: &[u32]) -> usize {
    let others = faces.iter().filter(|&&f| f != 0).count().saturating_sub(1) as u64;
    // C(n + others, others), built by exact division.
    (1..=others)
        .try_fold(1u64, |c, i| Some(c.checked_mul(u64::from(n) + i)? / i))
        .map_or(1 << 16, |c| c.min(1 << 16) as usize)
}

/// The factors of a roll's multinomial terms, made once per roll rather than per term: the
/// rows of binomial coefficients up to `n`, and each face's weight to the powers up to `n`.
struct Terms<'a, W: Weight> {
    faces: &'a [u32],
    binomials: Cow<'static, [Vec<W>]>,
    powers: Vec<Vec<W>>,
}

impl<'a, W: Weight> Terms<'a, W> {
    fn new(n: u32, faces: &'a [u32]) -> Terms<'a, W> {
        let powers = faces
            .iter()
            .map(|&f| (0..=n).map(|k| W::power(f, k)).collect())
            .collect();
        Terms {
            faces,
            binomials: W::binomial_rows(n),
            powers,
        }
    }

    /// Fills `counts[i..]` with every split of `left` dice, multiplying in C(left, k) · face^k.
    /// A face of weight 0 shows on no die.
    fn compositions<C: AsMut<[u32]> + Clone>(
        &self,
        left: u32,
        i: usize,
        counts: &mut C,
        weight: W,
        out: &mut Vec<(C, W)>,
    ) {
        let powers = &self.powers[i];
        if i + 1 == self.faces.len() {
            counts.as_mut()[i] = left;
            out.push((counts.clone(), weight.times(&powers[left as usize])));
            return;
        }
        if self.faces[i] == 0 {
            counts.as_mut()[i] = 0;
            return self.compositions(left, i + 1, counts, weight, out);
        }
        for (k, c) in self.binomials[left as usize].iter().enumerate() {
            counts.as_mut()[i] = k as u32;
            let w = weight.clone().times(c).times(&powers[k]);
            self.compositions(left - k as u32, i + 1, counts, w, out);
        }
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
        assert_eq!(r.denominator(), BigUint::from(512u32));
        assert_eq!(r.len(), brute.len());
        let weights: HashMap<&Vec<u32>, BigUint> = r.weights().collect();
        for (k, n) in brute {
            assert_eq!(weights[&k], BigUint::from(n), "{k:?}");
        }
    }

    #[test]
    fn rolls_are_exact_on_both_sides_of_the_shared_size() {
        for n in [SHARED_DICE, SHARED_DICE + 1] {
            let r = Rolls::default().roll(n, &[1, 2]);
            let d = r.to_dist(|k| i64::from(k[0]));
            assert_eq!(d, Dist::binomial(n, 1, 3), "{n} dice");
            assert_eq!(r.denominator(), BigUint::from(3u32).pow(n));
            // Another attack's rolls share a small roll, and build a large one anew.
            let again = Rolls::default().roll(n, &[1, 2]);
            assert_eq!(Rc::ptr_eq(&r, &again), n <= SHARED_DICE, "{n} dice");
        }
    }

    #[test]
    fn a_full_memo_keeps_what_it_has_and_no_more() {
        let memo: Memo<u32, u32> = Memo::default();
        assert_eq!(memo.get_within(1, 7, |&k| k + 1).as_deref(), Some(&8));
        assert_eq!(memo.get_within(1, 7, |_| 0).as_deref(), Some(&8));
        assert_eq!(memo.get_within(1, 9, |&k| k + 1), None);
    }

    /// `n` trials succeeding on 35 of 48 faces, one `and_then` each: denominator 48^n.
    fn trials(n: u32) -> States<u32> {
        let trial = States::from_weights([(1, 35u32.into()), (0, 13u32.into())]);
        (0..n).fold(States::certain(0), |s, _| {
            s.and_then(|&k| trial.map(|&hit| k + hit))
        })
    }

    /// The binomial closed form: P(k) = C(n, k) 35^k 13^(n - k) / 48^n.
    fn assert_binomial(s: &States<u32>, n: u32) {
        let d = s.to_dist(|&k| i64::from(k));
        let row = binomial_row(n);
        for k in 0..=n {
            let w =
                &row[k as usize] * BigUint::from(35u32).pow(k) * BigUint::from(13u32).pow(n - k);
            let want = num_rational::BigRational::new(w.into(), BigUint::from(48u32).pow(n).into());
            assert_eq!(d.prob(i64::from(k)), want, "n = {n}, k = {k}");
        }
    }

    #[test]
    fn weights_switch_to_big_integers_past_u128() {
        // 48^22 < 2^128 < 48^23: the 23rd trial's step switches the table to big integers.
        assert!(BigUint::from(48u32).pow(22).bits() <= 128);
        assert!(BigUint::from(48u32).pow(23).bits() > 128);
        let fits = trials(22);
        assert!(!fits.is_big());
        assert_binomial(&fits, 22);
        let past = trials(23);
        assert!(past.is_big());
        assert_binomial(&past, 23);
        // Steps after the switch stay exact.
        assert_binomial(&trials(30), 30);
    }

    #[test]
    fn a_big_branch_makes_the_step_big() {
        // A fair coin; on heads a state of weight 2^130 - 1 against 1, on tails certain.
        let coin = States::from_weights([(true, 1u32.into()), (false, 1u32.into())]);
        let big = (BigUint::one() << 130u32) - 1u32;
        let heavy = States::from_weights([(2, big.clone()), (1, BigUint::one())]);
        assert!(heavy.is_big() && !coin.is_big());
        let s = coin.and_then(|&heads| {
            if heads {
                heavy.clone()
            } else {
                States::certain(0)
            }
        });
        assert!(s.is_big());
        let d = s.to_dist(|&x| x);
        let total = BigUint::one() << 131u32;
        let q = |w: BigUint| num_rational::BigRational::new(w.into(), total.clone().into());
        assert_eq!(d.prob(2), q(big));
        assert_eq!(d.prob(1), q(BigUint::one()));
        assert_eq!(d.prob(0), q(BigUint::one() << 130u32));
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
