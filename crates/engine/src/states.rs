//! Distributions over arbitrary states: the engine for multi-step procedures (roll, reroll,
//! convert, cancel) where each step depends on the whole state so far. Equal states merge, and
//! all weights share one denominator, as in [`crate::dist`].

use crate::dist::{binomial_row, Dist};
use crate::weights::{Weight as _, U256};
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
/// Weights are `u128` while the denominator fits (a small attack's `8^dice · 6^defense` does),
/// [`U256`] while it fits 256 bits (a 20-dice attack's does), and big integers beyond: a step
/// whose denominator would overflow its width switches its whole table to the next, so answers
/// are exact either way and most skip big-integer arithmetic.
///
/// ```
/// use holodice_engine::states::States;
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
    Wide(Weighted<S, U256>),
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

impl<S: Hash + Eq + Clone, W: Clone + Default + for<'a> AddAssign<&'a W>> Weighted<S, W> {
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

impl<S: Hash + Eq, W> Weighted<S, W> {
    /// The same weights in another type that holds them all.
    fn converted<V>(self, f: impl Fn(W) -> V) -> Weighted<S, V> {
        Weighted {
            weights: self.weights.into_iter().map(|(s, w)| (s, f(w))).collect(),
            denominator: f(self.denominator),
        }
    }
}

impl<S: Hash + Eq> Table<S> {
    /// The table in the narrowest width its denominator fits.
    fn narrowest(big: Weighted<S, BigUint>) -> Table<S> {
        if u128::try_from(&big.denominator).is_ok() {
            let small = |w: BigUint| u128::try_from(&w).expect("a weight is at most the sum");
            Table::Small(big.converted(small))
        } else if U256::holds(&big.denominator) {
            Table::Wide(big.converted(|w| U256::from_big(&w)))
        } else {
            Table::Big(big)
        }
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
        let mut denominator = BigUint::default();
        for (s, w) in pairs {
            if !w.is_zero() {
                denominator += &w;
                *weights.entry(s).or_default() += w;
            }
        }
        assert!(!denominator.is_zero(), "a distribution needs mass");
        States {
            table: Table::narrowest(Weighted {
                weights,
                denominator,
            }),
        }
    }

    /// States with [`U256`] weights, in `u128` when their sum fits.
    ///
    /// # Panics
    /// If every weight is zero, or their sum passes 256 bits.
    pub(crate) fn from_wide(pairs: Vec<(S, U256)>) -> States<S> {
        let mut weights: HashMap<S, U256> =
            HashMap::with_capacity_and_hasher(pairs.len(), Default::default());
        let mut denominator = U256::default();
        for (s, w) in pairs.into_iter().filter(|p| p.1 != U256::default()) {
            denominator += &w;
            *weights.entry(s).or_default() += &w;
        }
        assert!(denominator != U256::default(), "a distribution needs mass");
        let wide = Weighted {
            weights,
            denominator,
        };
        States {
            table: match denominator.to_u128() {
                Some(_) => Table::Small(wide.converted(|w| w.to_u128().expect("at most the sum"))),
                None => Table::Wide(wide),
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
            Table::Wide(t) => Box::new(t.weights.iter().map(|(s, w)| (s, w.to_big()))),
            Table::Big(t) => Box::new(t.weights.iter().map(|(s, w)| (s, w.clone()))),
        }
    }

    /// The common denominator of the weights.
    pub fn denominator(&self) -> BigUint {
        match &self.table {
            Table::Small(t) => BigUint::from(t.denominator),
            Table::Wide(t) => t.denominator.to_big(),
            Table::Big(t) => t.denominator.clone(),
        }
    }

    /// Whether the weights are [`U256`]s (the denominator passed `u128`, not 256 bits).
    pub fn is_wide(&self) -> bool {
        matches!(self.table, Table::Wide(_))
    }

    /// Whether the weights are big integers (the denominator passed 256 bits).
    pub fn is_big(&self) -> bool {
        matches!(self.table, Table::Big(_))
    }

    /// The number of distinct states.
    pub fn len(&self) -> usize {
        match &self.table {
            Table::Small(t) => t.weights.len(),
            Table::Wide(t) => t.weights.len(),
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
                Table::Wide(t) => Table::Wide(t.map(f)),
                Table::Big(t) => Table::Big(t.map(f)),
            },
        }
    }

    /// A random step: each state continues with its own distribution of next states. Branch
    /// denominators are brought to their least common multiple; the result is in `u128` when
    /// this state's and every branch's are and the new denominator fits, in [`U256`] when every
    /// branch's is in `u128` and the new denominator fits 256 bits. Each branch is added as soon
    /// as it is made, so that only the sum is ever held.
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
            Table::Wide(t) => {
                let mut sum = Sum::Wide(t.denominator, 1, HashMap::default());
                for (s, w) in &t.weights {
                    sum.add_wide(w, branch(s).borrow(), |k| f(s, k));
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
            Table::Wide(t) => wide_dist(t, f),
            Table::Big(t) => Dist::from_refs(
                t.weights.iter().map(|(s, w)| (f(s), w)).collect(),
                t.denominator.clone(),
            ),
        }
    }
}

/// The branches of an [`States::and_then`] added so far, each scaled to the least common
/// multiple of their denominators (held in the table's denominator, or beside the weights),
/// with the denominator of the states they come from: in `u128` while that times the multiple
/// fits, then in [`U256`] while it fits 256 bits and the multiple fits `u128`.
enum Sum<T> {
    Small(u128, Weighted<T, u128>),
    Wide(U256, u128, HashMap<T, U256>),
    Big(BigUint, Weighted<T, BigUint>),
}

impl<T: Hash + Eq + Clone> Sum<T> {
    /// Adds a branch of weight `w`, each of its states `k` as `g(k)`, switching to a wider
    /// type when it or the sum needs one.
    fn add_small<K>(&mut self, w: u128, branch: &States<K>, g: impl Fn(&K) -> T) {
        if let (Sum::Small(before, sum), Table::Small(b)) = (&mut *self, &branch.table) {
            let fits = |common| before.checked_mul(common).is_some();
            if let Some((common, factor)) = grown(sum.denominator, b.denominator, fits) {
                sum.rescale(common);
                let scale = w * factor;
                for (k, v) in &b.weights {
                    *sum.weights.entry(g(k)).or_default() += v * scale;
                }
                return;
            }
        }
        self.add_wide(&U256::from(w), branch, g);
    }

    /// Adds a branch of weight `w` in [`U256`], or in big integers when the branch's weights
    /// or the sum's pass what [`Sum::Wide`] holds.
    fn add_wide<K>(&mut self, w: &U256, branch: &States<K>, g: impl Fn(&K) -> T) {
        if let Sum::Small(before, sum) = self {
            let weights = std::mem::take(&mut sum.weights);
            let weights = weights.into_iter().map(|(t, v)| (t, U256::from(v)));
            *self = Sum::Wide(U256::from(*before), sum.denominator, weights.collect());
        }
        if let (Sum::Wide(before, common, sum), Table::Small(b)) = (&mut *self, &branch.table) {
            let fits = |c| before.checked_times(c).is_some();
            if let Some((grown, factor)) = grown(*common, b.denominator, fits) {
                if grown != *common {
                    let by = grown / *common;
                    sum.values_mut().for_each(|v| *v = times(v, by));
                    *common = grown;
                }
                for (k, v) in &b.weights {
                    *sum.entry(g(k)).or_default() += &times(w, v * factor);
                }
                return;
            }
        }
        self.add_big(&w.to_big(), branch, g);
    }

    /// Adds a branch of weight `w`, each of its states `k` as `g(k)`, in big integers.
    fn add_big<K>(&mut self, w: &BigUint, branch: &States<K>, g: impl Fn(&K) -> T) {
        match self {
            Sum::Small(before, sum) => {
                let sum = std::mem::replace(sum, Weighted::zero());
                *self = Sum::Big(BigUint::from(*before), sum.converted(BigUint::from));
            }
            Sum::Wide(before, common, sum) => {
                let weights = std::mem::take(sum).into_iter();
                let weights = weights.map(|(t, v)| (t, v.to_big())).collect();
                *self = Sum::Big(
                    before.to_big(),
                    Weighted {
                        weights,
                        denominator: BigUint::from(*common),
                    },
                );
            }
            Sum::Big(..) => {}
        }
        let Sum::Big(_, sum) = self else {
            unreachable!("switched above")
        };
        let denominator = match &branch.table {
            Table::Small(b) => BigUint::from(b.denominator),
            Table::Wide(b) => b.denominator.to_big(),
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
            Table::Wide(b) => {
                for (k, v) in &b.weights {
                    *sum.weights.entry(g(k)).or_default() += v.to_big() * &scale;
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
                Sum::Wide(before, common, weights) => Table::Wide(Weighted {
                    denominator: times(&before, common),
                    weights,
                }),
                Sum::Big(before, sum) => Table::Big(Weighted {
                    denominator: before * sum.denominator,
                    weights: sum.weights,
                }),
            },
        }
    }
}

/// `w · k`, which the step checked fits: every weight is at most the denominator.
fn times(w: &U256, k: u128) -> U256 {
    w.checked_times(k)
        .expect("a weight is at most the denominator")
}

/// The least common multiple of `common` and `denominator`, with its quotient by `denominator`,
/// when `fits` says the states' denominator times it fits their type (then so does every weight
/// of the step). That times `common` fits already, so a denominator that divides `common` costs
/// one division.
fn grown(common: u128, denominator: u128, fits: impl Fn(u128) -> bool) -> Option<(u128, u128)> {
    let factor = common / denominator;
    if factor * denominator == common {
        return Some((common, factor));
    }
    let factor = common / common.gcd(&denominator);
    let common = factor.checked_mul(denominator)?;
    fits(common).then_some((common, factor))
}

/// [`States::to_dist`] of `u128` weights: summed in `u128` (they add up to the denominator), in
/// a dense row from the least outcome to the greatest.
fn small_dist<S>(t: &Weighted<S, u128>, f: impl Fn(&S) -> i64) -> Dist {
    let (lo, dense) = dense_row(t, f);
    Dist::from_small_dense(lo, &dense, t.denominator)
}

/// [`States::to_dist`] of [`U256`] weights: summed in [`U256`], as [`small_dist`] does.
fn wide_dist<S>(t: &Weighted<S, U256>, f: impl Fn(&S) -> i64) -> Dist {
    let (lo, dense) = dense_row(t, f);
    let dense = dense.iter().map(U256::to_big).collect();
    Dist::from_dense(lo, dense, t.denominator.to_big())
}

/// The weights summed by outcome `f` in a row from the least outcome to the greatest, with the
/// least: fixed-width weights add without overflow, as they add up to the denominator.
fn dense_row<S, W>(t: &Weighted<S, W>, f: impl Fn(&S) -> i64) -> (i64, Vec<W>)
where
    W: Clone + Default + for<'a> AddAssign<&'a W>,
{
    let (mut lo, mut hi) = (i64::MAX, i64::MIN);
    for s in t.weights.keys() {
        let x = f(s);
        (lo, hi) = (lo.min(x), hi.max(x));
    }
    assert!(lo <= hi, "a distribution has mass");
    let mut dense = vec![W::default(); (hi - lo) as usize + 1];
    for (s, w) in &t.weights {
        dense[(f(s) - lo) as usize] += w;
    }
    (lo, dense)
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
/// use holodice_engine::states::roll_counts;
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
    fn weights_switch_to_256_bits_past_u128() {
        // 48^22 < 2^128 < 48^23: the 23rd trial's step switches the table to `U256`.
        assert!(BigUint::from(48u32).pow(22).bits() <= 128);
        assert!(BigUint::from(48u32).pow(23).bits() > 128);
        let fits = trials(22);
        assert!(!fits.is_wide() && !fits.is_big());
        assert_binomial(&fits, 22);
        let past = trials(23);
        assert!(past.is_wide());
        assert_binomial(&past, 23);
        // Steps after the switch stay exact.
        assert_binomial(&trials(30), 30);
    }

    #[test]
    fn weights_switch_to_big_integers_past_256_bits() {
        // 48^45 < 2^256 < 48^46: the 46th trial's step switches the table to big integers.
        assert!(BigUint::from(48u32).pow(45).bits() <= 256);
        assert!(BigUint::from(48u32).pow(46).bits() > 256);
        let fits = trials(45);
        assert!(fits.is_wide());
        assert_binomial(&fits, 45);
        let past = trials(46);
        assert!(past.is_big());
        assert_binomial(&past, 46);
        assert_binomial(&trials(50), 50);
    }

    /// A d`sides` rolled `n` times, one `and_then` each: P(total) by counting every sequence.
    fn assert_dice_totals(s: &States<u32>, n: u32, sides: u32) {
        let mut ways = vec![BigUint::one()];
        for _ in 0..n {
            let mut next = vec![BigUint::default(); ways.len() + sides as usize];
            for (t, w) in ways.iter().enumerate() {
                for f in 1..=sides as usize {
                    next[t + f] += w;
                }
            }
            ways = next;
        }
        let d = s.to_dist(|&t| i64::from(t));
        let total = BigUint::from(sides).pow(n);
        for (t, w) in ways.into_iter().enumerate() {
            let want = num_rational::BigRational::new(w.into(), total.clone().into());
            assert_eq!(d.prob(t as i64), want, "{n}d{sides}, total {t}");
        }
    }

    #[test]
    fn wide_steps_grow_the_common_denominator_on_both_sides_of_256_bits() {
        // From a table of 48^23 (in `U256`), a d4 on odd states and a d6 on even ones: the
        // common denominator grows to 12, then 12 more trials take the table past 256 bits.
        let wide = trials(23);
        assert!(wide.is_wide());
        let die = |sides: u32| States::from_weights((1..=sides).map(|f| (f, BigUint::one())));
        let mixed = wide.and_then(|&k| die(if k % 2 == 1 { 4 } else { 6 }).map(move |&f| (k, f)));
        assert!(mixed.is_wide());
        assert_eq!(mixed.denominator(), BigUint::from(48u32).pow(23) * 12u32);
        // P(k, f) = P(k) / 4 or / 6 by the parity of k.
        let row = binomial_row(23);
        let weights: HashMap<(u32, u32), BigUint> = mixed.weights().map(|(&s, w)| (s, w)).collect();
        for k in 0..=23u32 {
            let w =
                &row[k as usize] * BigUint::from(35u32).pow(k) * BigUint::from(13u32).pow(23 - k);
            let per = if k % 2 == 1 { 3u32 } else { 2 };
            for f in 1..=(if k % 2 == 1 { 4 } else { 6 }) {
                assert_eq!(weights[&(k, f)], &w * per, "k = {k}, f = {f}");
            }
        }
        // Dice rolled on a wide table: 48^23 · 6^49 < 2^256 < 48^23 · 6^50.
        let bits = |n: u32| (BigUint::from(48u32).pow(23) * BigUint::from(6u32).pow(n)).bits();
        assert!(bits(49) <= 256 && bits(50) > 256);
        let d6 = die(6);
        let roll = |n: u32| {
            (0..n).fold(wide.map(|_| 0u32), |s, _| {
                s.and_then(|&t| d6.map(move |&f| t + f))
            })
        };
        let fits = roll(49);
        assert!(fits.is_wide());
        assert_dice_totals(&fits, 49, 6);
        let past = roll(50);
        assert!(past.is_big());
        assert_dice_totals(&past, 50, 6);
    }

    #[test]
    fn wide_weights_narrow_to_u128_when_their_sum_fits() {
        let pairs = vec![(0, U256::from(u128::MAX - 1)), (1, U256::from(1u128))];
        let s = States::from_wide(pairs);
        assert!(!s.is_wide() && !s.is_big());
        assert_eq!(s.denominator(), BigUint::from(u128::MAX));
        let past = States::from_wide(vec![(0, U256::from(u128::MAX)), (1, U256::from(1u128))]);
        assert!(past.is_wide());
        assert_eq!(past.denominator(), BigUint::one() << 128u32);
        assert_eq!(past.to_dist(|&x| x).prob(1), {
            num_rational::BigRational::new(1.into(), (BigUint::one() << 128u32).into())
        });
    }

    #[test]
    fn a_branch_past_u128_makes_the_step_big() {
        // A fair coin; on heads a state of weight 2^bits - 1 against 1, on tails certain: a
        // branch in `U256` (130 bits) or in big integers (260 bits).
        for bits in [130u32, 260] {
            let coin = States::from_weights([(true, 1u32.into()), (false, 1u32.into())]);
            let big = (BigUint::one() << bits) - 1u32;
            let heavy = States::from_weights([(2, big.clone()), (1, BigUint::one())]);
            assert_eq!((heavy.is_wide(), heavy.is_big()), (bits < 256, bits > 256));
            let s = coin.and_then(|&heads| match heads {
                true => heavy.clone(),
                false => States::certain(0),
            });
            assert!(s.is_big());
            let d = s.to_dist(|&x| x);
            let total = BigUint::one() << (bits + 1);
            let q = |w: BigUint| num_rational::BigRational::new(w.into(), total.clone().into());
            assert_eq!(d.prob(2), q(big));
            assert_eq!(d.prob(1), q(BigUint::one()));
            assert_eq!(d.prob(0), q(BigUint::one() << bits));
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
