//! The gate computations pass: at most `workers` run at once, on blocking threads; others wait
//! up to `queue_wait` in order of arrival, then are turned away, so the server stays up.
//!
//! Queries seen to be heavy (still running after `heavy_after`) pass a second gate when they come
//! again, even while the first still runs: at most `workers - 1` of them run at once, so one worker stays free and small queries
//! keep being answered while heavy ones run. A heavy query not seen before runs as any other.

use std::collections::HashSet;
use std::future::Future;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

/// The server's bounds on concurrency and time.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    /// Computations at once.
    pub workers: usize,
    /// How long a request waits for a worker before it is turned away with 503.
    pub queue_wait: Duration,
    /// Requests that may wait at once; more are turned away at once.
    pub max_waiting: usize,
    /// How long the answer to one computation is awaited (the work itself is bounded by the
    /// commands' stated limits).
    pub compute_time: Duration,
    /// How long a client may take to send a request's headers, and then its body.
    pub request_time: Duration,
    /// A computation still running after this long makes its query heavy.
    pub heavy_after: Duration,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            workers: std::thread::available_parallelism().map_or(1, usize::from),
            queue_wait: Duration::from_secs(3),
            max_waiting: 256,
            compute_time: Duration::from_secs(60),
            request_time: Duration::from_secs(10),
            heavy_after: Duration::from_millis(100),
        }
    }
}

/// How many heavy queries are remembered; the memory starts afresh when it is full.
const REMEMBERED: usize = 4096;

/// Why a computation did not give an answer.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Refusal {
    /// Every worker stayed busy for the whole wait, or too many requests were waiting.
    Busy,
    /// The computation ran past `compute_time`.
    TooLong,
    /// The computation panicked: a bug, reported as such.
    Failed,
}

pub(super) struct Gate {
    limits: Limits,
    permits: Arc<Semaphore>,
    heavy_permits: Arc<Semaphore>,
    waiting: AtomicUsize,
    heavy: Arc<Mutex<HashSet<String>>>,
}

impl Gate {
    pub(super) fn new(limits: Limits) -> Gate {
        Gate {
            permits: Arc::new(Semaphore::new(limits.workers)),
            heavy_permits: Arc::new(Semaphore::new(limits.workers.saturating_sub(1).max(1))),
            waiting: AtomicUsize::new(0),
            heavy: Arc::default(),
            limits,
        }
    }

    pub(super) fn limits(&self) -> &Limits {
        &self.limits
    }

    /// Runs `work`, the query `key`, on a blocking thread once a worker is free.
    pub(super) async fn run<T, F>(&self, key: String, work: F) -> Result<T, Refusal>
    where
        T: Send + 'static,
        F: FnOnce() -> T + Send + 'static,
    {
        let waiting =
            Waiting::enter(&self.waiting, self.limits.max_waiting).ok_or(Refusal::Busy)?;
        let known_heavy = lock(&self.heavy).contains(&key);
        let permits = self.admit(known_heavy).await;
        drop(waiting);
        let permits = Arc::new(Mutex::new(permits.ok_or(Refusal::Busy)?));
        // The permits go with the work: a computation that outlives its answer, or its client,
        // still counts until it ends.
        let held = Arc::clone(&permits);
        let mut task = tokio::task::spawn_blocking(move || {
            let _held = held;
            work()
        });
        let quick = timeout(self.limits.heavy_after, &mut task).await;
        let done = match quick {
            Some(done) => Some(done),
            None => {
                // Still running: the query is heavy from now on, and this run counts among the
                // heavy ones if there is room (it runs on either way, and holds the place until
                // it ends, whether or not its client waits).
                self.remember(key);
                if let Ok(heavy) = Arc::clone(&self.heavy_permits).try_acquire_owned() {
                    lock(&permits).push(heavy);
                }
                drop(permits);
                let left = self
                    .limits
                    .compute_time
                    .saturating_sub(self.limits.heavy_after);
                timeout(left, task).await
            }
        };
        match done {
            None => Err(Refusal::TooLong),
            Some(Err(_)) => Err(Refusal::Failed),
            Some(Ok(v)) => Ok(v),
        }
    }

    fn remember(&self, key: String) {
        let mut known = lock(&self.heavy);
        if known.len() >= REMEMBERED {
            known.clear();
        }
        known.insert(key);
    }

    /// A worker, and for a known heavy query a place among the heavy ones, within the wait.
    async fn admit(&self, heavy: bool) -> Option<Vec<OwnedSemaphorePermit>> {
        let deadline = tokio::time::Instant::now() + self.limits.queue_wait;
        let mut held = Vec::new();
        let gates = [heavy.then_some(&self.heavy_permits), Some(&self.permits)];
        for gate in gates.into_iter().flatten() {
            let wait = deadline.saturating_duration_since(tokio::time::Instant::now());
            held.push(
                timeout(wait, Arc::clone(gate).acquire_owned())
                    .await?
                    .ok()?,
            );
        }
        Some(held)
    }
}

/// A place among the waiting requests, given back when it is dropped: when the request is
/// admitted, turned away, or dropped while it waits (its client gone).
struct Waiting<'a>(&'a AtomicUsize);

impl<'a> Waiting<'a> {
    /// A place, if fewer than `most` already wait.
    fn enter(count: &'a AtomicUsize, most: usize) -> Option<Waiting<'a>> {
        let place = Waiting(count);
        (count.fetch_add(1, Ordering::SeqCst) < most).then_some(place)
    }
}

impl Drop for Waiting<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

/// What a mutex holds (names, permits), even if a thread panicked while holding it.
fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

async fn timeout<F: Future>(limit: Duration, f: F) -> Option<F::Output> {
    tokio::time::timeout(limit, f).await.ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn limits(workers: usize, wait_ms: u64) -> Limits {
        Limits {
            workers,
            queue_wait: Duration::from_millis(wait_ms),
            ..Limits::default()
        }
    }

    /// Runs `gate.run` on a job that holds its worker until `release` is sent to.
    fn hold(
        gate: &Arc<Gate>,
        key: &str,
    ) -> (
        std::sync::mpsc::Sender<()>,
        tokio::task::JoinHandle<Result<bool, Refusal>>,
    ) {
        let (release, wait) = std::sync::mpsc::channel::<()>();
        let gate = Arc::clone(gate);
        let key = key.to_string();
        let task = tokio::spawn(async move { gate.run(key, move || wait.recv().is_ok()).await });
        (release, task)
    }

    async fn until_free(gate: &Gate, n: usize) {
        while gate.permits.available_permits() != n {
            tokio::task::yield_now().await;
        }
    }

    /// Every count the gate keeps is back where it started, once the work held has ended.
    async fn until_restored(gate: &Gate) {
        let heavy = gate.limits.workers.saturating_sub(1).max(1);
        let restored = timeout(Duration::from_secs(10), async {
            while gate.permits.available_permits() != gate.limits.workers
                || gate.heavy_permits.available_permits() != heavy
                || gate.waiting.load(Ordering::SeqCst) != 0
            {
                tokio::time::sleep(Duration::from_millis(1)).await;
            }
        });
        assert!(
            restored.await.is_some(),
            "the gate's counts were not restored"
        );
    }

    /// Waits until `n` requests wait for a worker; a count that never gets there fails the
    /// test rather than hangs it.
    async fn until_waiting(gate: &Gate, n: usize) {
        let reached = timeout(Duration::from_secs(10), async {
            while gate.waiting.load(Ordering::SeqCst) != n {
                tokio::time::sleep(Duration::from_millis(1)).await;
            }
        });
        let count = gate.waiting.load(Ordering::SeqCst);
        assert!(reached.await.is_some(), "{count} wait, not {n}");
    }

    // hardening: server-hang-up
    #[tokio::test]
    async fn a_request_dropped_while_it_waits_for_a_worker_gives_back_its_place() {
        let gate = Arc::new(Gate::new(Limits {
            max_waiting: 2,
            ..limits(1, 60_000)
        }));
        let (release, busy) = hold(&gate, "a");
        until_free(&gate, 0).await;
        // Far more hang-ups than places: each is taken off the count as its client goes.
        for _ in 0..50 {
            let (_, waiter) = hold(&gate, "b");
            until_waiting(&gate, 1).await;
            waiter.abort();
            assert!(waiter.await.unwrap_err().is_cancelled());
            until_waiting(&gate, 0).await;
        }
        release.send(()).unwrap();
        assert_eq!(busy.await.unwrap(), Ok(true));
        until_restored(&gate).await;
        assert_eq!(gate.run("c".into(), || 1).await, Ok(1));
    }

    #[tokio::test]
    async fn a_known_heavy_query_dropped_while_it_waits_for_a_heavy_place_gives_it_back() {
        let gate = Arc::new(Gate::new(Limits {
            heavy_after: Duration::from_millis(5),
            ..limits(2, 60_000)
        }));
        let (release, first) = hold(&gate, "heavy");
        while gate.heavy_permits.available_permits() > 0 {
            tokio::time::sleep(Duration::from_millis(1)).await;
        }
        // The second copy waits for the heavy place the first holds, then its client goes.
        let (_, second) = hold(&gate, "heavy");
        until_waiting(&gate, 1).await;
        second.abort();
        assert!(second.await.unwrap_err().is_cancelled());
        release.send(()).unwrap();
        assert_eq!(first.await.unwrap(), Ok(true));
        until_restored(&gate).await;
    }

    #[tokio::test]
    async fn a_request_dropped_while_its_work_runs_holds_its_worker_until_the_work_ends() {
        // Dropped before `heavy_after` (the quick wait) and after it (the heavy one).
        for heavy_after in [60_000, 5] {
            let gate = Arc::new(Gate::new(Limits {
                heavy_after: Duration::from_millis(heavy_after),
                ..limits(2, 60_000)
            }));
            let (release, running) = hold(&gate, "q");
            until_free(&gate, 1).await;
            if heavy_after < 1000 {
                while gate.heavy_permits.available_permits() > 0 {
                    tokio::time::sleep(Duration::from_millis(1)).await;
                }
            }
            running.abort();
            assert!(running.await.unwrap_err().is_cancelled());
            // The work goes on without its client, and still counts.
            assert_eq!(gate.permits.available_permits(), 1);
            if heavy_after < 1000 {
                assert_eq!(gate.heavy_permits.available_permits(), 0);
            }
            release.send(()).unwrap();
            until_restored(&gate).await;
        }
    }

    #[tokio::test]
    async fn work_runs_and_answers() {
        let gate = Gate::new(limits(1, 1000));
        assert_eq!(gate.run("q".into(), || 6 * 7).await, Ok(42));
    }

    #[tokio::test]
    async fn a_request_waits_for_a_busy_worker_then_is_turned_away() {
        let gate = Arc::new(Gate::new(limits(1, 50)));
        let (release, busy) = hold(&gate, "a");
        until_free(&gate, 0).await;
        assert_eq!(gate.run("b".into(), || ()).await, Err(Refusal::Busy));
        release.send(()).unwrap();
        assert_eq!(busy.await.unwrap(), Ok(true));
        assert_eq!(gate.run("c".into(), || 1).await, Ok(1));
    }

    #[tokio::test]
    async fn no_more_than_the_stated_number_wait() {
        let gate = Gate::new(Limits {
            max_waiting: 0,
            ..limits(1, 1000)
        });
        assert_eq!(gate.run("q".into(), || ()).await, Err(Refusal::Busy));
    }

    #[tokio::test]
    async fn a_panic_is_a_failure_not_a_crash() {
        let gate = Gate::new(limits(1, 1000));
        let failed = gate.run("q".into(), || -> u8 { panic!("a bug") }).await;
        assert_eq!(failed, Err(Refusal::Failed));
        assert_eq!(gate.run("q".into(), || 2).await, Ok(2));
    }

    // hardening: server-compute
    #[tokio::test]
    async fn a_computation_past_its_time_is_answered_as_too_long() {
        let gate = Gate::new(Limits {
            compute_time: Duration::from_millis(10),
            ..limits(1, 1000)
        });
        let (release, wait) = std::sync::mpsc::channel::<()>();
        let late = gate.run("q".into(), move || wait.recv().is_ok()).await;
        assert_eq!(late, Err(Refusal::TooLong));
        release.send(()).unwrap();
    }

    #[tokio::test]
    async fn a_heavy_query_leaves_a_worker_for_the_others_while_it_runs() {
        let gate = Arc::new(Gate::new(Limits {
            heavy_after: Duration::from_millis(10),
            ..limits(2, 50)
        }));
        let (release, first) = hold(&gate, "heavy");
        // Once it has run past `heavy_after`, it is known and counts among the heavy ones.
        while gate.heavy_permits.available_permits() > 0 {
            tokio::time::sleep(Duration::from_millis(1)).await;
        }
        assert!(lock(&gate.heavy).contains("heavy"));
        // A second copy waits for the first, and is turned away; another query runs at once.
        assert_eq!(gate.run("heavy".into(), || ()).await, Err(Refusal::Busy));
        assert_eq!(gate.run("small".into(), || 3).await, Ok(3));
        release.send(()).unwrap();
        assert_eq!(first.await.unwrap(), Ok(true));
        // Known heavy, it runs alone among the heavy ones, and then answers as any other.
        assert_eq!(gate.run("heavy".into(), || 4).await, Ok(4));
    }
}
