//! The gate computations pass, scheduled by their estimated work (`Prepared::cost`, the same
//! estimates the limits use), never by their text.
//!
//! A query whose estimate passes `heavy_work` is heavy. At most `workers` computations run at
//! once; heavy ones take at most `workers - 1` of them, so a worker is always left for small
//! queries (with one worker, small queries get a lane of their own beside it), and run at a lower
//! CPU priority. Waiting requests are bounded by the work they would start: small ones by what
//! the workers do in `queue_wait` (each counted as at least `REQUEST_WORK`), heavy ones by
//! `queue_wait` of it per heavy worker, and per client (no more heavy requests at once than there
//! are heavy workers); a count bounds them too, past what connections can hold. A request waits
//! up to `queue_wait`, then is turned away; whatever happens to it, every count it touched is
//! restored as it is dropped, and a computation it started keeps its worker until it ends.

use std::collections::HashMap;
use std::future::Future;
use std::net::IpAddr;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

/// The server's bounds on concurrency, time and memory.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    /// Connections open at once; more wait in the system's queue until one closes. Past 7/8 of
    /// them, every open connection is asked to close once idle.
    pub connections: usize,
    /// KiB that answers of 64 KiB or more, held until their clients have read them, may add up
    /// to; past it a large answer is refused (503) until others are read or their clients time
    /// out.
    pub held_answers_kib: usize,
    /// Computations at once (with one, small queries get a second lane).
    pub workers: usize,
    /// How long a request waits for a worker before it is turned away with 503.
    pub queue_wait: Duration,
    /// Requests that may wait at once, whatever their work; more are turned away at once.
    pub max_waiting: usize,
    /// How long the answer to one computation is awaited (the work itself is bounded by the
    /// commands' stated limits).
    pub compute_time: Duration,
    /// How long a client may take to send a request's headers, and then its body.
    pub request_time: Duration,
    /// How long a client may leave an answer unread, a write at a time.
    pub write_time: Duration,
    /// The estimated work (units of `Game::cost`, about 0.2 µs each) past which a query is heavy.
    pub heavy_work: u64,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            connections: 512,
            held_answers_kib: 256 * 1024,
            workers: std::thread::available_parallelism().map_or(1, usize::from),
            queue_wait: Duration::from_secs(3),
            // Twice the connections open at once: the work waiting is the bound that acts.
            max_waiting: 1024,
            compute_time: Duration::from_secs(60),
            request_time: Duration::from_secs(10),
            write_time: Duration::from_secs(10),
            // About 10 ms of estimated work.
            heavy_work: 50_000,
        }
    }
}

/// Units of estimated work a microsecond of a worker's time holds.
const UNITS_PER_MICROSECOND: u64 = 5;

/// The least work a request counts for while it waits: about 100 µs, what reading, parsing
/// and answering it take beside its computation.
const REQUEST_WORK: u64 = 500;

/// Why a computation did not give an answer.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Refusal {
    /// Every worker stayed busy for the whole wait, too many requests were waiting, or the
    /// client already has as many heavy queries as there are heavy workers.
    Busy,
    /// The computation ran past `compute_time`.
    TooLong,
    /// The computation panicked: a bug, reported as such.
    Failed,
}

pub(super) struct Gate {
    limits: Limits,
    /// Every computation takes one of these.
    workers: Arc<Semaphore>,
    lanes: usize,
    /// A heavy computation also takes one of these.
    heavy: Arc<Semaphore>,
    heavy_workers: usize,
    waiting: AtomicUsize,
    /// The estimated work of the small requests waiting.
    small_waiting: AtomicU64,
    /// The estimated work of the heavy requests waiting.
    heavy_waiting: AtomicU64,
    /// Heavy requests waiting or running, per client.
    clients: Arc<Mutex<HashMap<IpAddr, usize>>>,
}

impl Gate {
    pub(super) fn new(limits: Limits) -> Gate {
        let heavy_workers = limits.workers.saturating_sub(1).max(1).min(limits.workers);
        let lanes = match limits.workers {
            0 => 0,
            n => n.max(heavy_workers + 1),
        };
        Gate {
            workers: Arc::new(Semaphore::new(lanes)),
            lanes,
            heavy: Arc::new(Semaphore::new(heavy_workers)),
            heavy_workers,
            waiting: AtomicUsize::new(0),
            small_waiting: AtomicU64::new(0),
            heavy_waiting: AtomicU64::new(0),
            clients: Arc::default(),
            limits,
        }
    }

    pub(super) fn limits(&self) -> &Limits {
        &self.limits
    }

    /// The estimated work `lanes` workers do within `queue_wait`: what the requests waiting
    /// for them may add up to.
    fn budget(&self, lanes: usize) -> u64 {
        let micros = u64::try_from(self.limits.queue_wait.as_micros()).unwrap_or(u64::MAX);
        micros
            .saturating_mul(UNITS_PER_MICROSECOND)
            .saturating_mul(lanes as u64)
    }

    /// Runs `job`, of estimated `work`, for `client`, on a blocking thread once a worker is free.
    pub(super) async fn run<T, F>(&self, client: IpAddr, work: u64, job: F) -> Result<T, Refusal>
    where
        T: Send + 'static,
        F: FnOnce() -> T + Send + 'static,
    {
        let heavy = work > self.limits.heavy_work;
        let waiting =
            Count::enter(&self.waiting, 1, self.limits.max_waiting).ok_or(Refusal::Busy)?;
        let place = match heavy {
            true => Some(
                ClientPlace::enter(&self.clients, client, self.heavy_workers)
                    .ok_or(Refusal::Busy)?,
            ),
            false => None,
        };
        let queued = match heavy {
            true => Work::enter(&self.heavy_waiting, work, self.budget(self.heavy_workers)),
            false => Work::enter(
                &self.small_waiting,
                work.max(REQUEST_WORK),
                self.budget(self.lanes),
            ),
        }
        .ok_or(Refusal::Busy)?;
        let permits = self.admit(heavy).await;
        drop((waiting, queued));
        let permits = permits.ok_or(Refusal::Busy)?;
        // The permits and the client's place go with the work: a computation that outlives its
        // answer, or its client, still counts until it ends.
        let task = spawn(heavy, move || {
            let _held = (permits, place);
            job()
        });
        match timeout(self.limits.compute_time, task).await {
            None => Err(Refusal::TooLong),
            Some(Err(_)) => Err(Refusal::Failed),
            Some(Ok(v)) => Ok(v),
        }
    }

    /// A worker, and for a heavy query a heavy worker first, within the wait.
    async fn admit(&self, heavy: bool) -> Option<Vec<OwnedSemaphorePermit>> {
        let deadline = tokio::time::Instant::now() + self.limits.queue_wait;
        let mut held = Vec::new();
        let gates = [heavy.then_some(&self.heavy), Some(&self.workers)];
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

/// A share of a counted amount (waiting requests), given back when it is dropped: when the
/// request is admitted, turned away, or dropped while it waits (its client gone).
struct Count<'a> {
    count: &'a AtomicUsize,
    n: usize,
}

impl<'a> Count<'a> {
    /// `n` more, if that stays within `most`.
    fn enter(count: &'a AtomicUsize, n: usize, most: usize) -> Option<Count<'a>> {
        let place = Count { count, n };
        (count.fetch_add(n, Ordering::SeqCst) < most).then_some(place)
    }
}

impl Drop for Count<'_> {
    fn drop(&mut self) {
        self.count.fetch_sub(self.n, Ordering::SeqCst);
    }
}

/// Estimated work waiting, given back when it is dropped.
struct Work<'a> {
    total: &'a AtomicU64,
    work: u64,
}

impl<'a> Work<'a> {
    /// `work` more, if the total stays within `budget` (a single request may always wait alone).
    fn enter(total: &'a AtomicU64, work: u64, budget: u64) -> Option<Work<'a>> {
        let before = total.fetch_add(work, Ordering::SeqCst);
        let place = Work { total, work };
        (before == 0 || before.saturating_add(work) <= budget).then_some(place)
    }
}

impl Drop for Work<'_> {
    fn drop(&mut self) {
        self.total.fetch_sub(self.work, Ordering::SeqCst);
    }
}

/// One of a client's heavy requests, waiting or running; given back when it is dropped, and the
/// client forgotten with its last one.
struct ClientPlace {
    clients: Arc<Mutex<HashMap<IpAddr, usize>>>,
    client: IpAddr,
}

impl ClientPlace {
    /// A place, if the client has fewer than `most` heavy requests.
    fn enter(
        clients: &Arc<Mutex<HashMap<IpAddr, usize>>>,
        client: IpAddr,
        most: usize,
    ) -> Option<ClientPlace> {
        let mut map = lock(clients);
        let held = map.entry(client).or_insert(0);
        if *held >= most {
            return None;
        }
        *held += 1;
        Some(ClientPlace {
            clients: Arc::clone(clients),
            client,
        })
    }
}

impl Drop for ClientPlace {
    fn drop(&mut self) {
        let mut map = lock(&self.clients);
        if let Some(held) = map.get_mut(&self.client) {
            *held -= 1;
            if *held == 0 {
                map.remove(&self.client);
            }
        }
    }
}

/// Starts `job`: a small one on the runtime's blocking threads, a heavy one on a thread of its
/// own at a lower CPU priority, so that where every core is busy the small queries' threads and
/// the server's own come first. The receiver fails if the job panicked (or no thread could start).
fn spawn<T, F>(heavy: bool, job: F) -> tokio::sync::oneshot::Receiver<T>
where
    T: Send + 'static,
    F: FnOnce() -> T + Send + 'static,
{
    let (answer, receiver) = tokio::sync::oneshot::channel();
    let run = move || {
        let _ = answer.send(job());
    };
    match heavy {
        false => drop(tokio::task::spawn_blocking(run)),
        true => {
            let named = std::thread::Builder::new().name("holodice-heavy".into());
            let _ = named.spawn(move || {
                lower_priority();
                run()
            });
        }
    }
    receiver
}

/// The calling thread's nice value raised by `HEAVY_NICENESS` (on Linux a thread's own; elsewhere
/// nothing, as there it would be the whole process's).
fn lower_priority() {
    #[cfg(target_os = "linux")]
    // SAFETY: setpriority only reads its arguments; `who` 0 is the calling thread on Linux.
    unsafe {
        let now = libc::getpriority(libc::PRIO_PROCESS, 0);
        libc::setpriority(libc::PRIO_PROCESS, 0, now + HEAVY_NICENESS);
    }
}

/// How much less CPU priority a heavy computation has than the rest of the server: at nice +10 a
/// busy thread gets about a tenth of the share of one at the server's own.
#[cfg(target_os = "linux")]
const HEAVY_NICENESS: i32 = 10;

/// What a mutex holds (the clients' counts), even if a thread panicked while holding it.
fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

async fn timeout<F: Future>(limit: Duration, f: F) -> Option<F::Output> {
    tokio::time::timeout(limit, f).await.ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::net::Ipv4Addr;

    const HEAVY: u64 = 1_000_000;
    const SMALL: u64 = 10;

    fn client(n: u8) -> IpAddr {
        IpAddr::V4(Ipv4Addr::new(10, 0, 0, n))
    }

    fn limits(workers: usize, wait_ms: u64) -> Limits {
        Limits {
            workers,
            queue_wait: Duration::from_millis(wait_ms),
            ..Limits::default()
        }
    }

    /// Runs `gate.run` for `who` on a job of estimated `work` that holds its worker until
    /// `release` is sent to.
    fn hold(
        gate: &Arc<Gate>,
        who: IpAddr,
        work: u64,
    ) -> (
        std::sync::mpsc::Sender<()>,
        tokio::task::JoinHandle<Result<bool, Refusal>>,
    ) {
        let (release, wait) = std::sync::mpsc::channel::<()>();
        let gate = Arc::clone(gate);
        let task =
            tokio::spawn(async move { gate.run(who, work, move || wait.recv().is_ok()).await });
        (release, task)
    }

    /// Waits until `ready` holds; a count that never gets there fails the test rather than
    /// hangs it.
    async fn until(what: &str, ready: impl Fn() -> bool) {
        let reached = timeout(Duration::from_secs(10), async {
            while !ready() {
                tokio::time::sleep(Duration::from_millis(1)).await;
            }
        });
        assert!(reached.await.is_some(), "{what}: not reached");
    }

    /// Every count the gate keeps is back where it started, once the work held has ended.
    async fn until_restored(gate: &Gate) {
        until("the gate's counts restored", || {
            gate.workers.available_permits() == gate.lanes
                && gate.heavy.available_permits() == gate.heavy_workers
                && gate.waiting.load(Ordering::SeqCst) == 0
                && gate.small_waiting.load(Ordering::SeqCst) == 0
                && gate.heavy_waiting.load(Ordering::SeqCst) == 0
                && lock(&gate.clients).is_empty()
        })
        .await;
    }

    #[tokio::test]
    async fn work_runs_and_answers() {
        let gate = Gate::new(limits(1, 1000));
        assert_eq!(gate.run(client(1), SMALL, || 6 * 7).await, Ok(42));
        assert_eq!(gate.run(client(1), HEAVY, || 6 * 7).await, Ok(42));
    }

    // hardening: server-lanes
    #[cfg(target_os = "linux")]
    #[tokio::test]
    async fn heavy_work_runs_at_a_lower_cpu_priority_than_small_work() {
        // SAFETY: getpriority only reads; `who` 0 is the calling thread on Linux.
        let nice = || unsafe { libc::getpriority(libc::PRIO_PROCESS, 0) };
        let gate = Gate::new(limits(2, 1000));
        let small = gate.run(client(1), SMALL, nice).await.unwrap();
        let heavy = gate.run(client(1), HEAVY, nice).await.unwrap();
        assert_eq!(heavy, (small + HEAVY_NICENESS).min(19), "small at {small}");
        // The small query's thread was not left lowered by an earlier heavy one.
        assert_eq!(gate.run(client(1), SMALL, nice).await, Ok(small));
    }

    #[tokio::test]
    async fn a_request_waits_for_a_busy_worker_then_is_turned_away() {
        let gate = Arc::new(Gate::new(limits(2, 50)));
        let (r1, a) = hold(&gate, client(1), SMALL);
        let (r2, b) = hold(&gate, client(2), SMALL);
        until("both workers busy", || {
            gate.workers.available_permits() == 0
        })
        .await;
        assert_eq!(gate.run(client(3), SMALL, || ()).await, Err(Refusal::Busy));
        r1.send(()).unwrap();
        r2.send(()).unwrap();
        assert_eq!(a.await.unwrap(), Ok(true));
        assert_eq!(b.await.unwrap(), Ok(true));
        assert_eq!(gate.run(client(3), SMALL, || 1).await, Ok(1));
    }

    #[tokio::test]
    async fn no_more_than_the_stated_number_wait() {
        let gate = Gate::new(Limits {
            max_waiting: 0,
            ..limits(1, 1000)
        });
        assert_eq!(gate.run(client(1), SMALL, || ()).await, Err(Refusal::Busy));
    }

    #[tokio::test]
    async fn a_panic_is_a_failure_not_a_crash() {
        let gate = Gate::new(limits(1, 1000));
        let failed = gate
            .run(client(1), SMALL, || -> u8 { panic!("a bug") })
            .await;
        assert_eq!(failed, Err(Refusal::Failed));
        assert_eq!(gate.run(client(1), SMALL, || 2).await, Ok(2));
    }

    // hardening: server-compute
    #[tokio::test]
    async fn a_computation_past_its_time_is_answered_as_too_long() {
        let gate = Gate::new(Limits {
            compute_time: Duration::from_millis(10),
            ..limits(1, 1000)
        });
        let (release, wait) = std::sync::mpsc::channel::<()>();
        let late = gate
            .run(client(1), SMALL, move || wait.recv().is_ok())
            .await;
        assert_eq!(late, Err(Refusal::TooLong));
        release.send(()).unwrap();
    }

    // hardening: server-lanes
    #[tokio::test]
    async fn heavy_work_leaves_a_worker_for_small_queries_at_any_worker_count() {
        for workers in [1, 2, 4] {
            let gate = Arc::new(Gate::new(limits(workers, 50)));
            // Heavy queries of as many clients as there are workers: only the heavy lane runs.
            let held: Vec<_> = (0..workers as u8)
                .map(|i| hold(&gate, client(i + 1), HEAVY))
                .collect();
            until("the heavy lane busy", || {
                gate.heavy.available_permits() == 0
            })
            .await;
            // A small query is answered at once beside them.
            assert_eq!(gate.run(client(9), SMALL, || 3).await, Ok(3));
            for (release, _) in &held {
                let _ = release.send(());
            }
            for (_, task) in held {
                let _ = task.await.unwrap();
            }
            until_restored(&gate).await;
        }
    }

    // hardening: server-fairness
    #[tokio::test]
    async fn one_client_holds_no_more_heavy_queries_than_there_are_heavy_workers() {
        let gate = Arc::new(Gate::new(limits(2, 60_000)));
        let (release, first) = hold(&gate, client(1), HEAVY);
        until("the heavy lane busy", || {
            gate.heavy.available_permits() == 0
        })
        .await;
        // The same client's second heavy query is turned away at once, not queued.
        assert_eq!(gate.run(client(1), HEAVY, || ()).await, Err(Refusal::Busy));
        // Another client's waits its turn, and its small queries run meanwhile.
        let (other_release, other) = hold(&gate, client(2), HEAVY);
        until("the other client waiting", || {
            gate.heavy_waiting.load(Ordering::SeqCst) == HEAVY
        })
        .await;
        assert_eq!(gate.run(client(1), SMALL, || 4).await, Ok(4));
        release.send(()).unwrap();
        other_release.send(()).unwrap();
        assert_eq!(first.await.unwrap(), Ok(true));
        assert_eq!(other.await.unwrap(), Ok(true));
        until_restored(&gate).await;
    }

    // hardening: server-queue
    #[tokio::test]
    async fn heavy_requests_wait_only_while_their_work_fits_the_wait() {
        // One heavy worker and 50 ms of wait: 250,000 units may wait.
        let gate = Arc::new(Gate::new(limits(2, 50)));
        let (release, running) = hold(&gate, client(1), HEAVY);
        until("the heavy lane busy", || {
            gate.heavy.available_permits() == 0
        })
        .await;
        let (r2, waiting) = hold(&gate, client(2), 200_000);
        until("one waiting", || {
            gate.heavy_waiting.load(Ordering::SeqCst) > 0
        })
        .await;
        // More work than the wait holds is turned away at once, from any client.
        let start = std::time::Instant::now();
        assert_eq!(
            gate.run(client(3), 100_000, || ()).await,
            Err(Refusal::Busy)
        );
        assert!(start.elapsed() < Duration::from_millis(40));
        release.send(()).unwrap();
        r2.send(()).unwrap();
        assert_eq!(running.await.unwrap(), Ok(true));
        let _ = waiting.await.unwrap();
        until_restored(&gate).await;
    }

    // hardening: server-queue
    #[tokio::test]
    async fn requests_wait_while_their_work_fits_the_wait_whatever_their_number() {
        // Two workers and a minute of wait: 600,000,000 units of small queries may wait, each
        // counted as at least 500.
        let gate = Arc::new(Gate::new(Limits {
            heavy_work: u64::MAX,
            ..limits(2, 60_000)
        }));
        let held: Vec<_> = (1..=2).map(|i| hold(&gate, client(i), SMALL)).collect();
        until("both workers busy", || {
            gate.workers.available_permits() == 0
        })
        .await;
        // 400 small requests wait (more than the old cap of 256 by count)...
        let small: Vec<_> = (0..400).map(|_| hold(&gate, client(3), SMALL)).collect();
        until("400 waiting", || gate.waiting.load(Ordering::SeqCst) == 400).await;
        // ...and one that would bring the wait's work past the budget is turned away at once.
        let start = std::time::Instant::now();
        assert_eq!(
            gate.run(client(4), 600_000_000, || ()).await,
            Err(Refusal::Busy)
        );
        assert!(start.elapsed() < Duration::from_secs(30));
        for (release, _) in held.iter().chain(&small) {
            let _ = release.send(());
        }
        for (_, task) in held.into_iter().chain(small) {
            assert_eq!(task.await.unwrap(), Ok(true));
        }
        until_restored(&gate).await;
    }

    // hardening: server-hang-up
    #[tokio::test]
    async fn a_request_dropped_while_it_waits_gives_back_every_place_it_held() {
        let gate = Arc::new(Gate::new(Limits {
            max_waiting: 2,
            ..limits(2, 60_000)
        }));
        let (release, busy) = hold(&gate, client(1), HEAVY);
        let (release_small, small) = hold(&gate, client(1), SMALL);
        until("both workers busy", || {
            gate.workers.available_permits() == 0
        })
        .await;
        // Far more hang-ups than places, small and heavy: each is taken off every count as its
        // client goes.
        for i in 0..50 {
            let work = if i % 2 == 0 { SMALL } else { HEAVY };
            let (_, waiter) = hold(&gate, client(2), work);
            until("one waiting", || gate.waiting.load(Ordering::SeqCst) == 1).await;
            waiter.abort();
            assert!(waiter.await.unwrap_err().is_cancelled());
            until("none waiting", || {
                gate.waiting.load(Ordering::SeqCst) == 0
                    && gate.small_waiting.load(Ordering::SeqCst) == 0
                    && gate.heavy_waiting.load(Ordering::SeqCst) == 0
                    && !lock(&gate.clients).contains_key(&client(2))
            })
            .await;
        }
        release.send(()).unwrap();
        release_small.send(()).unwrap();
        assert_eq!(busy.await.unwrap(), Ok(true));
        assert_eq!(small.await.unwrap(), Ok(true));
        until_restored(&gate).await;
        assert_eq!(gate.run(client(3), SMALL, || 1).await, Ok(1));
    }

    #[tokio::test]
    async fn a_request_dropped_while_its_work_runs_holds_its_places_until_the_work_ends() {
        for work in [SMALL, HEAVY] {
            let gate = Arc::new(Gate::new(limits(2, 60_000)));
            let (release, running) = hold(&gate, client(1), work);
            until("running", || gate.workers.available_permits() == 1).await;
            running.abort();
            assert!(running.await.unwrap_err().is_cancelled());
            // The work goes on without its client, and still counts.
            assert_eq!(gate.workers.available_permits(), 1);
            if work == HEAVY {
                assert_eq!(gate.heavy.available_permits(), 0);
                assert!(lock(&gate.clients).contains_key(&client(1)));
            }
            release.send(()).unwrap();
            until_restored(&gate).await;
        }
    }
}
