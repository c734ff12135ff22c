//! The gate computations pass: at most `workers` run at once, off the async threads; others wait
//! up to `queue_wait` in order of arrival, then are turned away, so the server stays up and small
//! queries keep being answered while heavy ones run.

use std::future::Future;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::Semaphore;

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
    /// How long a client may take to send its body.
    pub body_time: Duration,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            workers: std::thread::available_parallelism().map_or(1, usize::from),
            queue_wait: Duration::from_secs(3),
            max_waiting: 256,
            compute_time: Duration::from_secs(60),
            body_time: Duration::from_secs(10),
        }
    }
}

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
    waiting: AtomicUsize,
}

impl Gate {
    pub(super) fn new(limits: Limits) -> Gate {
        Gate {
            permits: Arc::new(Semaphore::new(limits.workers)),
            waiting: AtomicUsize::new(0),
            limits,
        }
    }

    pub(super) fn limits(&self) -> &Limits {
        &self.limits
    }

    /// Runs `work` on a blocking thread once a worker is free.
    pub(super) async fn run<T, F>(&self, work: F) -> Result<T, Refusal>
    where
        T: Send + 'static,
        F: FnOnce() -> T + Send + 'static,
    {
        let permit = {
            if self.waiting.fetch_add(1, Ordering::SeqCst) >= self.limits.max_waiting {
                self.waiting.fetch_sub(1, Ordering::SeqCst);
                return Err(Refusal::Busy);
            }
            let permit = timeout(
                self.limits.queue_wait,
                Arc::clone(&self.permits).acquire_owned(),
            )
            .await;
            self.waiting.fetch_sub(1, Ordering::SeqCst);
            match permit {
                Some(Ok(p)) => p,
                _ => return Err(Refusal::Busy),
            }
        };
        // The permit goes with the work: a computation that outlives its answer still counts.
        let task = tokio::task::spawn_blocking(move || {
            let _permit = permit;
            work()
        });
        match timeout(self.limits.compute_time, task).await {
            None => Err(Refusal::TooLong),
            Some(Err(_)) => Err(Refusal::Failed),
            Some(Ok(v)) => Ok(v),
        }
    }
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

    #[tokio::test]
    async fn work_runs_and_answers() {
        let gate = Gate::new(limits(1, 1000));
        assert_eq!(gate.run(|| 6 * 7).await, Ok(42));
    }

    #[tokio::test]
    async fn a_request_waits_for_a_busy_worker_then_is_turned_away() {
        let gate = Arc::new(Gate::new(limits(1, 50)));
        let (release, hold) = std::sync::mpsc::channel::<()>();
        let busy = {
            let gate = Arc::clone(&gate);
            tokio::spawn(async move { gate.run(move || hold.recv().is_ok()).await })
        };
        // Until the first computation holds the only worker, a second one could slip in.
        while gate.permits.available_permits() > 0 {
            tokio::task::yield_now().await;
        }
        assert_eq!(gate.run(|| ()).await, Err(Refusal::Busy));
        release.send(()).unwrap();
        assert_eq!(busy.await.unwrap(), Ok(true));
        assert_eq!(gate.run(|| 1).await, Ok(1));
    }

    #[tokio::test]
    async fn no_more_than_the_stated_number_wait() {
        let gate = Gate::new(Limits {
            max_waiting: 0,
            ..limits(1, 1000)
        });
        assert_eq!(gate.run(|| ()).await, Err(Refusal::Busy));
    }

    #[tokio::test]
    async fn a_panic_is_a_failure_not_a_crash() {
        let gate = Gate::new(limits(1, 1000));
        assert_eq!(
            gate.run(|| -> u8 { panic!("a bug") }).await,
            Err(Refusal::Failed)
        );
        assert_eq!(gate.run(|| 2).await, Ok(2));
    }

    #[tokio::test]
    async fn a_computation_past_its_time_is_answered_as_too_long() {
        let gate = Gate::new(Limits {
            compute_time: Duration::from_millis(10),
            ..limits(1, 1000)
        });
        let (release, hold) = std::sync::mpsc::channel::<()>();
        assert_eq!(
            gate.run(move || hold.recv().is_ok()).await,
            Err(Refusal::TooLong)
        );
        release.send(()).unwrap();
    }
}
