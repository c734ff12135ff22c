//! A second, independent implementation of one attack of each game, by simulation.
//!
//! The exact engines count outcomes; this module rolls physical dice one by one with a seeded
//! random generator and applies the rules step by step, die by die, as a player at the table
//! would. It shares nothing with the exact engines but the parsed scenarios (a SWTCG
//! [`Scenario`](crate::swtcg::attack::Scenario) of units with their keywords, a Legion
//! [`Scenario`](crate::legion::Scenario)) and, under the optimal policies, the policies'
//! decisions (which dice to re-roll), never their distributions; so agreement between the two
//! is evidence that both read the rules the same way.
//!
//! # Determinism
//!
//! Results depend only on `(trials, seed)`: never on the machine or on the number of threads.
//! The trials are cut into chunks of [`CHUNK`] trials; chunk `i` draws from a
//! [`ChaCha8Rng`] seeded with `seed_from_u64(seed)` on stream `i` (ChaCha is portable, and each
//! stream is an independent sequence), and the chunks' counts are merged in chunk order. Worker
//! threads (one per available core) pull chunks from a shared counter.

pub mod compare;
pub mod legion;
pub mod swtcg;

pub use legion::{simulate_legion, SequenceSimulation};
pub use swtcg::simulate_swtcg;

use crate::error::{Error, Input, Message};
use rand::rngs::ChaCha8Rng;
use rand::SeedableRng;
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;

/// Trials per chunk: each chunk has its own random stream, derived from the seed and its index.
pub const CHUNK: u64 = 65_536;

/// The most trials one simulation may roll.
pub const MAX_TRIALS: u64 = 100_000_000;

/// The most dice one simulation may roll in all, trials × dice a trial rolls at most: about 2 to
/// 4 s on two cores.
pub const MAX_DICE_ROLLED: u64 = 100_000_000;

/// Refuses a simulation of no trials or more than [`MAX_TRIALS`], before anything else.
pub fn check_trials(trials: u64) -> Result<(), Error> {
    if trials == 0 || trials > MAX_TRIALS {
        return Err(Error::too_large(
            Message::flag(Input::Trials).text(format!(" {trials}: give 1 to {MAX_TRIALS}")),
        ));
    }
    Ok(())
}

/// Refuses, before rolling, a simulation whose trials × `dice` (a bound of the dice one trial
/// rolls) pass [`MAX_DICE_ROLLED`].
pub fn check_dice_rolled(trials: u64, dice: i64) -> Result<(), Error> {
    let dice = dice.max(1).unsigned_abs();
    if trials.saturating_mul(dice) > MAX_DICE_ROLLED {
        return Err(Error::too_large(
            Message::flag(Input::Trials)
                .text(format!(
                    " {trials}: {trials} trials × {dice} dice is over the limit of \
                     {MAX_DICE_ROLLED} dice rolled; give "
                ))
                .name(Input::Trials)
                .text(format!(" {} or fewer", MAX_DICE_ROLLED / dice)),
        ));
    }
    Ok(())
}

/// Outcomes of `trials` simulated attacks: for each reported variable, counts of each integer
/// outcome.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Samples {
    /// The attacks simulated.
    pub trials: u64,
    /// `(key, counts)`: the key as in the attack JSON; counts of each outcome that occurred.
    pub variables: Vec<(String, BTreeMap<i64, u64>)>,
}

impl Samples {
    /// The counts of the variable `key`, if it is reported.
    pub fn get(&self, key: &str) -> Option<&BTreeMap<i64, u64>> {
        self.variables
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, counts)| counts)
    }

    /// The sample mean of the variable `key` (`None` if it is not reported or no trial ran).
    pub fn mean(&self, key: &str) -> Option<f64> {
        let counts = self.get(key)?;
        if self.trials == 0 {
            return None;
        }
        let sum: f64 = counts.iter().map(|(&x, &n)| x as f64 * n as f64).sum();
        Some(sum / self.trials as f64)
    }

    /// The fraction of trials in which the variable `key` equalled `x`.
    pub fn frequency(&self, key: &str, x: i64) -> Option<f64> {
        let counts = self.get(key)?;
        if self.trials == 0 {
            return None;
        }
        Some(counts.get(&x).copied().unwrap_or(0) as f64 / self.trials as f64)
    }
}

/// Outcomes below this are counted in a plain array; larger or negative ones in a map.
const DENSE: i64 = 1 << 12;

/// Counts of one variable within one chunk.
#[derive(Debug, Default)]
struct Counts {
    dense: Vec<u64>,
    sparse: BTreeMap<i64, u64>,
}

impl Counts {
    #[inline]
    fn add(&mut self, x: i64) {
        if (0..DENSE).contains(&x) {
            let i = x as usize;
            if i >= self.dense.len() {
                self.dense.resize(i + 1, 0);
            }
            self.dense[i] += 1;
        } else {
            *self.sparse.entry(x).or_default() += 1;
        }
    }

    fn merge_into(&self, total: &mut BTreeMap<i64, u64>) {
        for (x, &n) in self.dense.iter().enumerate() {
            if n > 0 {
                *total.entry(x as i64).or_default() += n;
            }
        }
        for (&x, &n) in &self.sparse {
            *total.entry(x).or_default() += n;
        }
    }
}

/// The random generator of chunk `index`: derived from `(seed, index)` only.
fn chunk_rng(seed: u64, index: u64) -> ChaCha8Rng {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    rng.set_stream(index);
    rng
}

/// Runs one chunk: `len` trials of a fresh trial function, counted per variable.
fn run_chunk<F, M>(vars: usize, seed: u64, index: u64, len: u64, make: &M) -> Vec<Counts>
where
    M: Fn() -> F,
    F: FnMut(&mut ChaCha8Rng, &mut [i64]),
{
    let mut rng = chunk_rng(seed, index);
    let mut trial = make();
    let mut counts: Vec<Counts> = (0..vars).map(|_| Counts::default()).collect();
    let mut out = vec![0i64; vars];
    for _ in 0..len {
        trial(&mut rng, &mut out);
        for (c, &x) in counts.iter_mut().zip(&out) {
            c.add(x);
        }
    }
    counts
}

/// The number of worker threads to use: one per available core.
fn default_workers() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// Runs `trials` trials in chunks on up to `workers` threads. `make` builds a trial function
/// (with its own scratch space) for each chunk; a trial writes one outcome per key into its
/// output slice. The result depends on `(trials, seed)` only.
pub(crate) fn run<F, M>(keys: &[&str], trials: u64, seed: u64, workers: usize, make: M) -> Samples
where
    M: Fn() -> F + Sync,
    F: FnMut(&mut ChaCha8Rng, &mut [i64]),
{
    let chunks = trials.div_ceil(CHUNK);
    let len_of = |i: u64| CHUNK.min(trials - i * CHUNK);
    let workers = workers
        .max(1)
        .min(usize::try_from(chunks).unwrap_or(usize::MAX));
    let mut done: Vec<(u64, Vec<Counts>)> = if workers <= 1 {
        (0..chunks)
            .map(|i| (i, run_chunk(keys.len(), seed, i, len_of(i), &make)))
            .collect()
    } else {
        let next = AtomicU64::new(0);
        let results = Mutex::new(Vec::with_capacity(chunks as usize));
        std::thread::scope(|scope| {
            for _ in 0..workers {
                scope.spawn(|| loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= chunks {
                        break;
                    }
                    let counts = run_chunk(keys.len(), seed, i, len_of(i), &make);
                    results.lock().expect("a worker panicked").push((i, counts));
                });
            }
        });
        results.into_inner().expect("a worker panicked")
    };
    done.sort_by_key(|(i, _)| *i);
    let mut variables: Vec<(String, BTreeMap<i64, u64>)> = keys
        .iter()
        .map(|k| (k.to_string(), BTreeMap::new()))
        .collect();
    for (_, counts) in &done {
        for ((_, total), c) in variables.iter_mut().zip(counts) {
            c.merge_into(total);
        }
    }
    Samples { trials, variables }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::RngExt;

    fn dice_sum(trials: u64, seed: u64, workers: usize) -> Samples {
        run(&["sum", "six"], trials, seed, workers, || {
            |rng: &mut ChaCha8Rng, out: &mut [i64]| {
                let a: i64 = rng.random_range(1..=6);
                let b: i64 = rng.random_range(1..=6);
                out[0] = a + b;
                out[1] = i64::from(a == 6);
            }
        })
    }

    #[test]
    fn results_do_not_depend_on_the_number_of_workers() {
        let trials = 3 * CHUNK + 17;
        let one = dice_sum(trials, 7, 1);
        assert_eq!(one, dice_sum(trials, 7, 2));
        assert_eq!(one, dice_sum(trials, 7, 5));
        assert_eq!(one.trials, trials);
        for (_, counts) in &one.variables {
            assert_eq!(counts.values().sum::<u64>(), trials);
        }
        assert_ne!(one, dice_sum(trials, 8, 2));
    }

    #[test]
    fn counts_and_statistics() {
        let s = dice_sum(10_000, 1, 2);
        assert_eq!(s.get("sum").unwrap().keys().min(), Some(&2));
        assert_eq!(s.get("sum").unwrap().keys().max(), Some(&12));
        assert!((s.mean("sum").unwrap() - 7.0).abs() < 0.1);
        assert!((s.frequency("six", 1).unwrap() - 1.0 / 6.0).abs() < 0.02);
        assert!(s.get("nothing").is_none());
        let empty = dice_sum(0, 1, 2);
        assert_eq!(empty.trials, 0);
        assert!(empty.mean("sum").is_none());
        assert!(empty.get("sum").unwrap().is_empty());
    }

    #[test]
    fn large_and_negative_outcomes_are_counted() {
        let s = run(&["x"], 100, 3, 1, || {
            let mut i = 0i64;
            move |_: &mut ChaCha8Rng, out: &mut [i64]| {
                i += 1;
                out[0] = if i % 2 == 0 { -5 } else { DENSE + 3 };
            }
        });
        let c = s.get("x").unwrap();
        assert_eq!(c.get(&-5), Some(&50));
        assert_eq!(c.get(&(DENSE + 3)), Some(&50));
    }
}
