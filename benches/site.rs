//! The static site's budgets, measured (CI never runs it): `cargo xtask site DIR`, then
//! `HOLODICE_SITE_DIR=DIR cargo bench --bench site`. Serves DIR with a plain file server on
//! loopback and drives headless Chromium (Debian's chromium and chromium-driver) to print:
//! - the files' sizes gzipped (budget: 2 MB in all, 1.5 MB the engine) and as the site's own
//!   `.br` files, which a file server that serves them sends;
//! - a cold share link's time to its answer, in a new browser each time (budget: 1.5 s);
//! - a first visit's time to its first answer over an imitated slow 4G link (DevTools' "Slow
//!   4G": 562.5 ms latency, 1.44 Mbit/s), the files compressed (budget: 5 s) and as they are;
//! - a warm small query's time from click to chart (budget: 20 ms);
//! - the benchmark scenarios in the browser beside the same requests natively, in process, in
//!   one run (budget: within 3 times).

#[path = "../tests/common/files.rs"]
#[allow(dead_code)]
mod files;

use fantoccini::{Client, ClientBuilder};
use files::{FileServer, Link, Serving};
use holodice::api::{self, Listings};
use holodice_engine::legion::cards::Cards as LegionCards;
use holodice_engine::swtcg::cards::Cards;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// Requests of the engine benchmarks and the load run: path and JSON body.
const SCENARIOS: &[(&str, &str, &str)] = &[
    (
        "README attack",
        "swtcg/attack",
        r#"{"attacker": "Power 5, Accuracy 1, Critical Hit 2", "defender": "Health 4, Armor"}"#,
    ),
    (
        "Power 200, Critical Hit 2, Fury 2",
        "swtcg/attack",
        r#"{"attacker": "Power 200, Accuracy 1, Critical Hit 2, Fury 2", "defender": "Health 150, Armor, Parry 1"}"#,
    ),
    (
        "Power 1000, Critical Hit 2, Fury 2",
        "swtcg/attack",
        r#"{"attacker": "Power 1000, Accuracy 1, Critical Hit 2, Fury 2", "defender": "Health 700, Armor, Parry 1"}"#,
    ),
    (
        "Lucky 15 both sides, optimal",
        "swtcg/attack",
        r#"{"attacker": "Power 15, Lucky 15, Critical Hit 1, Fury 1, Focus 1, Backfire 1", "defender": "Lucky 15, Parry 1, Riposte 1, Health 10", "policy": "optimal", "rule": ["lucky-first=defender"]}"#,
    ),
    (
        "Legion 4 red, 2 black, guardian",
        "legion/attack",
        r#"{"attacker": "4 red, 2 black, surge crit, aim 1, Pierce 1", "defender": "red defense, dodge 1, cover light", "guardian": "white defense, Guardian 2"}"#,
    ),
    (
        "Legion optimal, 4 white, aim 6, Precise 100",
        "legion/attack",
        r#"{"attacker": "4 white, aim 6, Precise 100", "defender": "white defense", "policy": "optimal"}"#,
    ),
    (
        "Legion matchups greedy everyday",
        "legion/matchups",
        r#"{"attacker": "3 black, 5 red, 8 white, surge hit, aim 2, Precise 2, Critical 3, Lethal 1"}"#,
    ),
    (
        "Legion army 10 x 10, range 2",
        "legion/army",
        r#"{"list": "https://legionhq2.com/list/empire/1at0000,1au000,1ayej000,1az0000,1bb00000,1bd000000,1be00,1bf0,1bg0fi000,1hg00000,,,,,,", "vs-list": "https://legionhq2.com/list/rebels/1ad0000,1ac000,1ahed000,1ai0000,1aj00000,1ak00000,1an00,1ao00,1ap000,1gv00000,,,,,,", "range": "2", "attacker-with": "aim 1"}"#,
    ),
    (
        "Legion army 10 x 10, every band",
        "legion/army",
        r#"{"list": "https://legionhq2.com/list/empire/1at0000,1au000,1ayej000,1az0000,1bb00000,1bd000000,1be00,1bf0,1bg0fi000,1hg00000,,,,,,", "vs-list": "https://legionhq2.com/list/rebels/1ad0000,1ac000,1ahed000,1ai0000,1aj00000,1ak00000,1an00,1ao00,1ap000,1gv00000,,,,,,", "attacker-with": "aim 1"}"#,
    ),
    (
        "10 x 10 table",
        "table",
        r#"{"game": "swtcg", "attacker": "Critical Hit 1, Fury 1", "defender": "Health 4, Parry 1", "rows": "Power 1..10", "cols": "Accuracy -4..5", "stat": "destroyed"}"#,
    ),
];

const README_LINK: &str =
    "?game=swtcg&attacker=Power+5%2C+Accuracy+1%2C+Critical+Hit+2&defender=Health+4%2C+Armor";

struct Killed(Child);

impl Drop for Killed {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// The size of `path` gzipped (as a CDN compresses it on the fly) and of the `.br` beside it.
fn compressed(path: &Path) -> (usize, usize) {
    let br = PathBuf::from(format!("{}.br", path.display()));
    let br = std::fs::metadata(br).map_or(0, |m| m.len() as usize);
    (gzipped(path), br)
}

fn gzipped(path: &Path) -> usize {
    let out = Command::new("gzip")
        .args(["-9c"])
        .arg(path)
        .output()
        .expect("gzip runs");
    out.stdout.len()
}

fn files_of(dir: &Path) -> Vec<PathBuf> {
    let mut all = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let beside = path.extension().is_some_and(|e| e == "br" || e == "gz");
        match path.is_dir() {
            true => all.extend(files_of(&path)),
            false if !beside => all.push(path),
            false => {}
        }
    }
    all
}

fn sizes(dir: &Path) {
    let (mut total, mut total_br) = (0, 0);
    let (mut wasm, mut wasm_br) = (0, 0);
    for f in files_of(dir) {
        let (n, br) = compressed(&f);
        // An image is sent as it is (the site writes no .br of it).
        total += n;
        total_br += if br > 0 { br } else { n };
        if f.extension().is_some_and(|e| e == "wasm") {
            (wasm, wasm_br) = (n, br);
            println!(
                "engine: {} bytes, {n} gzipped, {br} brotli",
                std::fs::metadata(&f).unwrap().len()
            );
        }
    }
    let mb = |n: usize| n as f64 / 1e6;
    println!("| files gzipped, in all | {:.2} MB | 2 MB |", mb(total));
    println!("| the engine gzipped | {:.2} MB | 1.5 MB |", mb(wasm));
    println!("| files brotli, in all | {:.2} MB | — |", mb(total_br));
    println!("| the engine brotli | {:.2} MB | — |", mb(wasm_br));
}

/// A first visit's time to its first answer over slow 4G, in a new browser: the page with no
/// query (its worked example) and the README's share link.
async fn slow_first_visits(dir: &Path, compressed: bool) {
    let serving = Serving {
        compressed,
        link: Some(Link::SLOW_4G),
        ..Serving::default()
    };
    let how = if compressed {
        "compressed"
    } else {
        "as they are"
    };
    for (n, (what, link)) in [("first visit", ""), ("share link", README_LINK)]
        .into_iter()
        .enumerate()
    {
        let files = FileServer::serve(dir.to_path_buf(), serving);
        let (client, _driver, _profile) = chromium(20 + n + usize::from(compressed) * 2).await;
        client.goto(&format!("{}{link}", files.base)).await.unwrap();
        let ms = answered_within(&client, 60).await;
        println!("| slow 4G, files {how}: {what} to its first answer | {ms:.0} ms | 5000 ms |");
        let _ = client.close().await;
        files.stop();
    }
}

/// A new headless Chromium with an empty profile: nothing cached.
async fn chromium(n: usize) -> (Client, Killed, PathBuf) {
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let driver = Killed(
        Command::new("/usr/bin/chromedriver")
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver starts"),
    );
    let profile = std::env::temp_dir().join(format!("holodice-bench-{}-{n}", std::process::id()));
    let mut caps = serde_json::Map::new();
    caps.insert(
        "goog:chromeOptions".into(),
        serde_json::json!({
            "binary": "/usr/bin/chromium",
            "args": ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--disable-quic", "--no-first-run", "--disable-background-networking",
                     "--disable-component-update", "--disable-sync", "--window-size=1200,1000",
                     format!("--user-data-dir={}", profile.display())],
        }),
    );
    let connector = hyper_util::client::legacy::connect::HttpConnector::new();
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        match ClientBuilder::new(connector.clone())
            .capabilities(caps.clone())
            .connect(&format!("http://127.0.0.1:{port}"))
            .await
        {
            Ok(c) => return (c, driver, profile),
            Err(e) if Instant::now() > deadline => panic!("chromedriver answers: {e}"),
            Err(_) => tokio::time::sleep(Duration::from_millis(100)).await,
        }
    }
}

async fn js(client: &Client, script: &str) -> serde_json::Value {
    client.execute(script, vec![]).await.unwrap()
}

/// Milliseconds from navigation to the answer's mark, once it is there.
async fn answered(client: &Client) -> f64 {
    answered_within(client, 10).await
}

/// Milliseconds from navigation to the first answer's mark, waiting up to `seconds`.
async fn answered_within(client: &Client, seconds: u64) -> f64 {
    let script = "const m = performance.getEntriesByName('holodice-answer'); \
                  return m.length ? m[0].startTime : null;";
    for _ in 0..seconds * 40 {
        if let Some(ms) = js(client, script).await.as_f64() {
            return ms;
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    panic!("no answer within {seconds} s");
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

/// The median time of `path` and `body` natively, in process, in ms.
fn native(path: &str, body: &str, runs: usize) -> f64 {
    let listings = Listings::new(holodice_engine::swtcg::cards::Cards::builtin());
    let times = (0..runs)
        .map(|_| {
            let t = Instant::now();
            let r = api::answer(
                path,
                body.as_bytes(),
                Cards::builtin(),
                LegionCards::builtin(),
                &listings,
            );
            assert_eq!(r.status, 200, "{}", r.body);
            t.elapsed().as_secs_f64() * 1000.0
        })
        .collect();
    median(times)
}

/// The median time of the same request from the page through its Web Worker and back, in ms,
/// and the engine's own time in the worker (the mean of `runs` after as many to warm up).
async fn in_browser(client: &Client, path: &str, body: &str, runs: usize) -> (f64, f64) {
    let script = format!(
        "const engine = window.holodice.engine; \
         const times = []; for (let i = 0; i < {runs}; i++) {{ const t = performance.now(); \
         const r = await engine.call({path:?}, {body:?}); if (r.status !== 200) throw r.body; \
         times.push(performance.now() - t); }} times.sort((a, b) => a - b); \
         await engine.time({path:?}, {body:?}, {runs}); \
         const own = await engine.time({path:?}, {body:?}, {runs}); \
         return [times[Math.floor(times.length / 2)], own];"
    );
    let got = js(client, &format!("return (async () => {{ {script} }})();")).await;
    (got[0].as_f64().unwrap(), got[1].as_f64().unwrap())
}

#[tokio::main]
async fn main() {
    let dir = PathBuf::from(
        std::env::var_os("HOLODICE_SITE_DIR")
            .expect("HOLODICE_SITE_DIR: build the site with cargo xtask site DIR, then give DIR"),
    );
    println!("| budget | measured | limit |\n|---|---|---|");
    sizes(&dir);
    for compressed in [true, false] {
        slow_first_visits(&dir, compressed).await;
    }
    let files = FileServer::start(dir);
    let mut cold = Vec::new();
    for n in 0..3 {
        let (client, _driver, _profile) = chromium(n).await;
        client
            .goto(&format!("{}{README_LINK}", files.base))
            .await
            .unwrap();
        cold.push(answered(&client).await);
        let _ = client.close().await;
    }
    println!(
        "| cold share link to its answer (3 new browsers) | {:.0} ms (median; {:?}) | 1500 ms |",
        median(cold.clone()),
        cold.iter().map(|c| c.round()).collect::<Vec<_>>()
    );
    let (client, _driver, _profile) = chromium(9).await;
    client
        .goto(&format!("{}{README_LINK}", files.base))
        .await
        .unwrap();
    answered(&client).await;
    let mut warm = Vec::new();
    for _ in 0..20 {
        let ms = js(
            &client,
            "performance.clearMarks(); \
            document.querySelector('#form-swtcg button[type=submit]').click(); return true;",
        )
        .await;
        assert_eq!(ms, true);
        let script = "const a = performance.getEntriesByName('holodice-ask'); \
                      const b = performance.getEntriesByName('holodice-answer'); \
                      return a.length && b.length ? b[0].startTime - a[0].startTime : null;";
        let mut took = None;
        for _ in 0..400 {
            took = js(&client, script).await.as_f64();
            if took.is_some() {
                break;
            }
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
        warm.push(took.expect("the warm query answers"));
    }
    println!(
        "| warm small query, click to chart (20 runs) | {:.1} ms (median; max {:.1}) | 20 ms |",
        median(warm.clone()),
        warm.iter().cloned().fold(0.0, f64::max)
    );
    println!("\n| scenario | native, in process | the engine in the Web Worker | ratio | page to worker and back |\n|---|---|---|---|---|");
    for (name, path, body) in SCENARIOS {
        let n = native(path, body, 5);
        let runs = if n > 50.0 {
            3
        } else if n > 1.0 {
            11
        } else {
            201
        };
        let n = native(path, body, runs);
        let (round, own) = in_browser(&client, path, body, runs).await;
        println!(
            "| {name} | {n:.3} ms | {own:.3} ms | {:.2} | {round:.2} ms |",
            own / n
        );
    }
    let _ = client.close().await;
}
