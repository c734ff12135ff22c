//! A load run against `holodice serve` on loopback; `cargo bench --bench serve_load` (CI never
//! runs it). Several phases of concurrent clients, each client sending its query again as soon as
//! it is answered: small queries alone, small queries while heavy ones run, and a flood of heavy
//! queries. For each phase it prints the answers by status, latency percentiles per kind of
//! query, and the server's peak memory.
//!
//! HOLODICE_LOAD_CLIENTS (default 200) and HOLODICE_LOAD_SECONDS (default 10) bound each phase.

use axum::body::Bytes;
use axum::http::{Request, Uri};
use http_body_util::{BodyExt, Full};
use hyper_util::client::legacy::Client;
use hyper_util::rt::TokioExecutor;
use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// A query answered in microseconds.
const SMALL: &str =
    r#"{"attacker": "Power 5, Accuracy 1, Critical Hit 2", "defender": "Health 4, Armor"}"#;
/// A heavy query, made new each time as an attacker would (another health, other spacing,
/// another `digits`) so that no memory of earlier ones can recognise it: Lucky on both sides
/// under the optimal policy, near its stated limit (about 0.2 s alone).
fn heavy_query(n: usize) -> String {
    let spaces = " ".repeat(1 + n % 3);
    format!(
        r#"{{"attacker": "Power 15,{spaces}Lucky 15, Critical Hit 1, Fury 1, Focus 1, Backfire 1", "defender": "Lucky 15, Parry 1, Riposte 1, Health {}", "policy": "optimal", "rule": ["lucky-first=defender"], "digits": {}}}"#,
        5 + n % 20,
        n % 10
    )
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Small,
    Heavy,
}

struct Sample {
    kind: Kind,
    status: u16,
    latency: Duration,
}

struct Server {
    child: Child,
    base: String,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn start(workers: Option<&str>) -> Server {
    let mut args = vec!["serve", "--addr", "127.0.0.1:0"];
    args.extend(workers.map(|w| ["--workers", w]).into_iter().flatten());
    let mut child = Command::new(env!("CARGO_BIN_EXE_holodice"))
        .args(&args)
        .stdout(Stdio::piped())
        .spawn()
        .expect("holodice serve starts");
    let mut out = BufReader::new(child.stdout.take().expect("stdout"));
    let mut line = String::new();
    out.read_line(&mut line).expect("a first line");
    let base = line
        .split_whitespace()
        .find(|w| w.starts_with("http://"))
        .expect("the URL")
        .trim_end_matches('/')
        .to_string();
    std::thread::spawn(move || std::io::copy(&mut out, &mut std::io::sink()));
    Server { child, base }
}

/// The server's peak resident memory since the last reset, in MiB, and a reset for the next.
fn peak_mib(pid: u32) -> f64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    let kib: f64 = status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap_or(f64::NAN);
    let _ = std::fs::write(format!("/proc/{pid}/clear_refs"), "5");
    kib / 1024.0
}

async fn phase(base: &str, small: usize, heavy: usize, seconds: u64) -> Vec<Sample> {
    let client: Client<_, Full<Bytes>> = Client::builder(TokioExecutor::new())
        .pool_max_idle_per_host(small + heavy)
        .build_http();
    let url: Uri = format!("{base}/api/v1/swtcg/attack").parse().unwrap();
    let deadline = Instant::now() + Duration::from_secs(seconds);
    let mut tasks = Vec::new();
    for i in 0..small + heavy {
        let (kind, uri) = match i < heavy {
            true => (Kind::Heavy, url.clone()),
            false => (Kind::Small, url.clone()),
        };
        let client = client.clone();
        tasks.push(tokio::spawn(async move {
            let mut samples = Vec::new();
            let mut n = i * 1000;
            while Instant::now() < deadline {
                n += 1;
                let body = match kind {
                    Kind::Heavy => Bytes::from(heavy_query(n)),
                    Kind::Small => Bytes::from_static(SMALL.as_bytes()),
                };
                let request = Request::post(uri.clone())
                    .header("content-type", "application/json")
                    .body(Full::new(body))
                    .unwrap();
                let sent = Instant::now();
                let status = match client.request(request).await {
                    Ok(r) => {
                        let status = r.status().as_u16();
                        let _ = r.into_body().collect().await;
                        status
                    }
                    Err(_) => 0,
                };
                samples.push(Sample {
                    kind,
                    status,
                    latency: sent.elapsed(),
                });
                if status == 503 {
                    // As Retry-After asks, more or less.
                    tokio::time::sleep(Duration::from_millis(500)).await;
                }
            }
            samples
        }));
    }
    let mut all = Vec::new();
    for t in tasks {
        all.extend(t.await.unwrap());
    }
    all
}

fn percentile(sorted: &[Duration], q: f64) -> String {
    if sorted.is_empty() {
        return "—".into();
    }
    let i = ((sorted.len() as f64 - 1.0) * q).round() as usize;
    format!("{:.1}", sorted[i].as_secs_f64() * 1000.0)
}

fn report(name: &str, samples: &[Sample], seconds: u64, peak: f64) {
    for kind in [Kind::Small, Kind::Heavy] {
        let of: Vec<&Sample> = samples.iter().filter(|s| s.kind == kind).collect();
        if of.is_empty() {
            continue;
        }
        let count = |status: u16| of.iter().filter(|s| s.status == status).count();
        let mut answered: Vec<Duration> = of
            .iter()
            .filter(|s| s.status == 200)
            .map(|s| s.latency)
            .collect();
        answered.sort();
        let other = of.len() - count(200) - count(503);
        println!(
            "| {name} | {} | {} | {:.0}/s | {} | {} | {} | {} | {} | {} | {peak:.0} MiB |",
            if kind == Kind::Small {
                "small"
            } else {
                "heavy"
            },
            count(200),
            count(200) as f64 / seconds as f64,
            count(503),
            other,
            percentile(&answered, 0.5),
            percentile(&answered, 0.9),
            percentile(&answered, 0.99),
            answered
                .last()
                .map_or("—".into(), |d| format!("{:.1}", d.as_secs_f64() * 1000.0)),
        );
    }
}

fn main() {
    let clients: usize = std::env::var("HOLODICE_LOAD_CLIENTS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(200);
    let seconds: u64 = std::env::var("HOLODICE_LOAD_SECONDS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(10);
    let runtime = tokio::runtime::Runtime::new().unwrap();
    println!(
        "{clients} clients, {seconds} s a phase, {} cores; latencies of answered (200) queries in ms",
        std::thread::available_parallelism().map_or(1, usize::from)
    );
    println!(
        "| phase | query | answered | rate | 503 | other | p50 | p90 | p99 | max | peak memory |"
    );
    println!("|---|---|---|---|---|---|---|---|---|---|---|");
    for workers in [None, Some("1")] {
        let server = start(workers);
        let pid = server.child.id();
        let with = workers.map_or(String::new(), |w| format!(", --workers {w}"));
        peak_mib(pid);
        let phases = [
            ("small only", clients, 0),
            ("2 heavy attackers", clients - 10, 2),
            ("8 heavy attackers", clients - 10, 8),
            ("heavy flood", 0, clients),
        ];
        for (name, small, heavy) in phases {
            let samples = runtime.block_on(phase(&server.base, small, heavy, seconds));
            report(&format!("{name}{with}"), &samples, seconds, peak_mib(pid));
        }
        // The server is still up, and answers at once.
        let after = runtime.block_on(phase(&server.base, 1, 0, 1));
        let ok = after.iter().all(|s| s.status == 200);
        println!(
            "after the phases{with}: {} small queries, all answered: {ok}",
            after.len()
        );
    }
}
