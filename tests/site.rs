//! The static site (`cargo xtask site DIR`) in headless Chromium, served by a plain file server
//! on loopback and no holodice process: the engine runs in the page's Web Worker, answers as the
//! command line does (built-in units and their upgrades, and sequences, too), asks nothing of
//! `/api`, and answers new queries once the server is gone.
//!
//! Needs a built site in HOLODICE_SITE_DIR (`.ci/run` builds one) and the browser of
//! tests/browser.rs, so it is ignored unless asked for (`cargo test -- --ignored`, as CI does);
//! asked for without them, it fails saying what is missing.

use crate::browser::{
    browser_at, cli_line, cli_rows, open_swtcg, query, swtcg_headline, until, Browser,
};
use crate::common::files::{FileServer, Serving};
use crate::common::{attack_args, holodice, holodice_ok, stderr};
use std::path::PathBuf;
use std::time::Duration;

/// The built site in HOLODICE_SITE_DIR.
fn site() -> PathBuf {
    let dir = std::env::var_os("HOLODICE_SITE_DIR").map(PathBuf::from);
    dir.filter(|d| d.join("engine/holodice_web_bg.wasm").exists())
        .expect("HOLODICE_SITE_DIR holds no built site: build one with `cargo xtask site DIR`")
}

/// A Chrome DevTools command and its parameters, through ChromeDriver's `goog/cdp/execute`.
#[derive(Debug)]
pub(crate) struct DevTools(pub(crate) &'static str, pub(crate) serde_json::Value);

impl fantoccini::wd::WebDriverCompatibleCommand for DevTools {
    fn endpoint(
        &self,
        base: &url::Url,
        session: Option<&str>,
    ) -> Result<url::Url, url::ParseError> {
        base.join(&format!(
            "session/{}/goog/cdp/execute",
            session.unwrap_or_default()
        ))
    }

    fn method_and_body(&self, _: &url::Url) -> (axum::http::Method, Option<String>) {
        let body = serde_json::json!({"cmd": self.0, "params": self.1}).to_string();
        (axum::http::Method::POST, Some(body))
    }
}

async fn on_the_site() -> (Browser, FileServer) {
    let files = FileServer::start(site());
    let b = browser_at(files.base.clone(), None).await;
    (b, files)
}

/// Opens the share link of `game`'s attack: its headline once the answer is in, and the table's
/// rows beside the command line's.
async fn attack_link(
    b: &Browser,
    game: &str,
    attacker: &str,
    defender: &str,
) -> (String, Vec<Vec<String>>, Vec<Vec<String>>) {
    b.open(&query(&[
        ("game", game),
        ("attacker", attacker),
        ("defender", defender),
    ]))
    .await;
    let headline = b.text_when("#headline", |t| !t.is_empty()).await;
    let cli = cli_rows(&attack_args(game, attacker, defender, &[]));
    (headline, b.dist_rows().await, cli)
}

#[tokio::test(flavor = "multi_thread")]
#[ignore = "needs a built site and Debian's chromium: cargo test -- --ignored (CI does)"]
async fn the_static_site_computes_in_the_browser_as_the_command_line_does_and_offline() {
    let (b, files) = on_the_site().await;
    // The README's share link.
    let (attacker, defender) = ("Power 5, Accuracy 1, Critical Hit 2", "Health 4, Armor");
    let (headline, rows, cli) = attack_link(&b, "swtcg", attacker, defender).await;
    assert_eq!(headline, "Chance to destroy: 58.10%", "the README's figure");
    assert_eq!(rows, cli);
    let about = b.text_when("#about", |t| t.contains("browser")).await;
    assert!(
        about.starts_with("holodice 0.1.0 · Legion rules: crb-2026-05-29"),
        "{about}"
    );

    // A Legion link.
    let (attacker, defender) = (
        "4 red, 2 black, surge crit, aim 1, Pierce 1",
        "red defense, dodge 1, cover light",
    );
    let (headline, rows, cli) = attack_link(&b, "legion", attacker, defender).await;
    let args = attack_args("legion", attacker, defender, &[]);
    let mean = cli_line(&args, "Mean wounds on the defender:");
    assert_eq!(headline, format!("Mean wounds: {mean}"));
    assert_eq!(rows, cli);

    // Built-in units in the browser: the picked cards, their upgrade in its slot, the same odds.
    let (attacker, defender) = (
        "@Stormtroopers, +@DLT-19 Stormtrooper, range 3",
        "@Rebel Troopers, cover light",
    );
    let (headline, rows, cli) = attack_link(&b, "legion", attacker, defender).await;
    let args = attack_args("legion", attacker, defender, &[]);
    let wipe = cli_line(&args, "Chance to wipe the unit:");
    assert_eq!(headline, format!("Chance to wipe the unit: {wipe}"));
    assert_eq!(rows, cli);
    let slot = b
        .find("#legion-attacker-controls select[data-slot=\"heavy weapon\"]")
        .await;
    let chosen = b
        .text_when("#legion-attacker-controls .facts", |t| !t.is_empty())
        .await;
    assert!(chosen.contains("42 points"), "{chosen}");
    assert_eq!(
        slot.prop("value").await.unwrap().as_deref(),
        Some("DLT-19 Stormtrooper")
    );

    // Several attacks on one unit, as `legion sequence` makes them.
    let (first, second) = ("@Stormtroopers, range 2", "4 red, surge crit");
    b.open(&query(&[
        ("game", "legion"),
        ("attack", first),
        ("attack", second),
        ("defender", defender),
    ]))
    .await;
    let headline = b.text_when("#headline", |t| !t.is_empty()).await;
    let args = [
        "legion",
        "sequence",
        "--defender",
        defender,
        "--attack",
        first,
        "--attack",
        second,
    ];
    let wipe = cli_line(&args, "Chance to wipe the unit:");
    assert_eq!(headline, format!("Chance to wipe the unit: {wipe}"));
    assert_eq!(b.dist_rows().await, cli_rows(&args));

    // A misspelt keyword: the command line's own line.
    b.open("/").await;
    b.type_into("#swtcg-attacker", "Power 5, Acuracy 1").await;
    b.click("#form-swtcg button[type=submit]").await;
    let error = b
        .text_when("#swtcg-attacker-error", |t| !t.is_empty())
        .await;
    let out = holodice(&["swtcg", "attack", "--attacker", "Power 5, Acuracy 1"]);
    let cli = stderr(&out);
    assert_eq!(
        error,
        cli.trim_end().strip_prefix("holodice: error: ").unwrap()
    );

    // A long query says it is working and can be cancelled; the next one answers.
    b.open(&query(&[
        ("view", "table"),
        ("game", "swtcg"),
        (
            "attacker",
            "Power 15, Lucky 15, Critical Hit 1, Fury 1, Focus 1, Backfire 1",
        ),
        ("defender", "Lucky 15, Parry 1, Riposte 1"),
        ("rows", "Health 1..30"),
        ("cols", "Power 14..15"),
    ]))
    .await;
    b.click("#form-table .working .cancel").await;
    let said = b
        .text_when("#form-table .form-error", |t| !t.is_empty())
        .await;
    assert_eq!(said, "Cancelled.");
    b.type_into("#table-rows", "Health 1..3").await;
    b.click("#form-table button[type=submit]").await;
    let cells = b.text_when("#table-result", |t| t.contains("5.886")).await;
    assert!(cells.contains("Health"), "{cells}");

    let asked = files.asked();
    assert!(asked.iter().all(|p| !p.contains("api/")), "{asked:?}");

    // Offline: with the file server gone, a new query still answers.
    let kept = b.js("return navigator.serviceWorker.ready.then(() => true)");
    assert_eq!(kept.await, true);
    for _ in 0..100 {
        let controlled = b
            .js("return navigator.serviceWorker.controller !== null;")
            .await;
        if controlled == true {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    // The browser can install it: Chromium finds nothing missing.
    let errors = b
        .client
        .issue_cmd(DevTools(
            "Page.getInstallabilityErrors",
            serde_json::json!({}),
        ))
        .await
        .unwrap();
    assert_eq!(
        errors["installabilityErrors"],
        serde_json::json!([]),
        "{errors}"
    );
    files.stop();
    let (attacker, defender) = ("Power 7, Critical Hit 1", "Health 5, Parry 1");
    let (headline, rows, cli) = attack_link(&b, "swtcg", attacker, defender).await;
    let args = attack_args("swtcg", attacker, defender, &[]);
    let destroy = cli_line(&args, "Chance to destroy the defender:");
    assert_eq!(headline, format!("Chance to destroy: {destroy}"));
    assert_eq!(rows, cli);
    b.close().await;
}

/// Copies the built site to a scratch folder of its own, to change as a new release would.
fn copy_site(to: &std::path::Path) {
    fn copy(from: &std::path::Path, to: &std::path::Path) {
        std::fs::create_dir_all(to).unwrap();
        for entry in std::fs::read_dir(from).unwrap() {
            let entry = entry.unwrap();
            let path = entry.path();
            match path.is_dir() {
                true => copy(&path, &to.join(entry.file_name())),
                false => {
                    std::fs::copy(&path, to.join(entry.file_name())).unwrap();
                }
            }
        }
    }
    copy(&site(), to);
}

/// The names of the page's offline caches.
async fn caches(b: &Browser) -> Vec<String> {
    let names = b.js("return caches.keys();").await;
    serde_json::from_value(names).unwrap()
}

#[tokio::test(flavor = "multi_thread")]
#[ignore = "needs a built site and Debian's chromium: cargo test -- --ignored (CI does)"]
async fn a_new_release_reaches_a_returning_visitor_through_a_cdns_caching() {
    // A visit to release 1, served with docs/deploy.md's CDN headers (scripts kept an hour).
    let dir = crate::common::scratch("site-release");
    copy_site(&dir);
    let files = FileServer::like_a_cdn(dir.clone());
    let b = browser_at(files.base.clone(), None).await;
    b.open("/").await;
    let first = b.js("return navigator.serviceWorker.ready.then(() => caches.keys());");
    let first: Vec<String> = serde_json::from_value(first.await).unwrap();
    assert_eq!(first.len(), 1, "{first:?}");
    // Release 2: a changed script and the service worker's new cache name.
    let app = dir.join("app.js");
    let mut script = std::fs::read_to_string(&app).unwrap();
    script.push_str("\nwindow.holodiceRelease = 2;\n");
    std::fs::write(&app, script).unwrap();
    let worker = std::fs::read_to_string(dir.join("sw.js")).unwrap();
    let renamed = worker.replace(&first[0], &format!("{}-2", first[0]));
    assert_ne!(renamed, worker);
    std::fs::write(dir.join("sw.js"), renamed).unwrap();
    // The returning visitor: the page checks its worker, the new one installs and takes over.
    b.open("/").await;
    let deadline = std::time::Instant::now() + Duration::from_secs(30);
    while caches(&b).await != [format!("{}-2", first[0])] {
        assert!(
            std::time::Instant::now() < deadline,
            "{:?}",
            caches(&b).await
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    // The next visit runs release 2's script, not the hour-old copy in the HTTP cache.
    b.open("/").await;
    let release =
        b.js("return window.holodiceRelease === undefined ? null : window.holodiceRelease;");
    assert_eq!(release.await, 2);
    b.close().await;
    files.stop();
    std::fs::remove_dir_all(&dir).unwrap();
}

#[tokio::test(flavor = "multi_thread")]
#[ignore = "needs a built site and Debian's chromium: cargo test -- --ignored (CI does)"]
async fn the_static_site_computes_without_a_readable_site_json() {
    // A host that lost site.json, or serves something else at its name: no API answers there,
    // so the page runs its own engine all the same.
    for broken in [None, Some("<html>not JSON</html>")] {
        let dir = crate::common::scratch("site-json");
        copy_site(&dir);
        match broken {
            None => std::fs::remove_file(dir.join("site.json")).unwrap(),
            Some(text) => std::fs::write(dir.join("site.json"), text).unwrap(),
        }
        let files = FileServer::start(dir.clone());
        let b = browser_at(files.base.clone(), None).await;
        let (headline, rows, cli) = attack_link(&b, "swtcg", "Power 5", "Health 4").await;
        let destroy = cli_line(
            &attack_args("swtcg", "Power 5", "Health 4", &[]),
            "Chance to destroy the defender:",
        );
        assert_eq!(
            headline,
            format!("Chance to destroy: {destroy}"),
            "{broken:?}"
        );
        assert_eq!(rows, cli);
        b.close().await;
        files.stop();
        std::fs::remove_dir_all(&dir).unwrap();
    }
}

#[test]
#[ignore = "needs a built site: cargo test -- --ignored (CI does)"]
fn the_sites_worked_examples_carry_the_answers_the_command_line_gives() {
    let text = std::fs::read_to_string(site().join("examples.json")).unwrap();
    let examples: serde_json::Value = serde_json::from_str(&text).unwrap();
    let commands = [
        ("swtcg", ["swtcg", "attack"]),
        ("legion", ["legion", "attack"]),
        ("matchups", ["legion", "matchups"]),
    ];
    for (view, command) in commands {
        let query = examples[view]["query"].as_object().unwrap();
        let mut args: Vec<String> = command.iter().map(|w| w.to_string()).collect();
        for (key, value) in query {
            args.extend([format!("--{key}"), value.as_str().unwrap().to_string()]);
        }
        args.extend(["--format".into(), "json".into()]);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let cli: serde_json::Value = serde_json::from_str(&holodice_ok(&args)).unwrap();
        assert_eq!(examples[view]["answer"], cli, "{view}");
    }
}

#[tokio::test(flavor = "multi_thread")]
#[ignore = "needs a built site and Debian's chromium: cargo test -- --ignored (CI does)"]
async fn the_static_site_answers_live_and_a_newer_query_stops_the_one_its_worker_runs() {
    let (b, files) = on_the_site().await;
    // Attacks of some 0.4 s in the page's engine, within its live limit.
    let attack = |power: u32| format!("Power {power}, Critical Hit 2");
    let defender = "Health 560";
    open_swtcg(&b, &attack(1100), defender).await;
    b.js(
        "const e = window.holodice.engine; const restart = e.restart.bind(e);\
         window.restarts = 0; e.restart = () => { window.restarts += 1; restart(); };",
    )
    .await;
    // A stepper asks 100 ms after its change (typing waits 300 ms, about as long as Power 1101
    // takes here): Power 1101 computes in the worker, and the next step stops it.
    let more = "#swtcg-attacker-controls button[aria-label='More Power']";
    b.click(more).await;
    until(
        &b,
        "return location.search.includes('Power+1101') && window.holodice.engine.waiting.size > 0;",
        "Power 1101 computing",
    )
    .await;
    b.click(more).await;
    let want = swtcg_headline(&attack(1102), defender);
    assert_eq!(b.text_when("#headline", |t| t == want).await, want);
    let restarts = b.js("return window.restarts;").await;
    assert!(
        restarts.as_u64().unwrap() >= 1,
        "the worker restarted: {restarts}"
    );
    // The new worker answers the next change, a control's, and nothing said stale or cancelled.
    b.click("#swtcg-defender-controls button[aria-label='More Damage']")
        .await;
    let spec = b.find("#swtcg-defender").await.prop("value").await.unwrap();
    let spec = spec.unwrap();
    assert_eq!(spec, "Health 560, Damage 1");
    let next = swtcg_headline(&attack(1102), &spec);
    assert_ne!(next, want);
    assert_eq!(b.text_when("#headline", |t| t == next).await, next);
    let quiet = b.js(
        "return document.querySelector('#form-swtcg .form-error').hidden\
         && !document.getElementById('result').classList.contains('stale');",
    );
    assert_eq!(quiet.await, true);
    let asked = files.asked();
    assert!(asked.iter().all(|p| !p.contains("api/")), "{asked:?}");
    b.close().await;
    files.stop();
}

#[tokio::test(flavor = "multi_thread")]
#[ignore = "needs a built site and Debian's chromium: cargo test -- --ignored (CI does)"]
async fn the_site_served_compressed_sends_the_engine_compressed_and_answers_as_the_command_line_does(
) {
    let serving = Serving {
        compressed: true,
        ..Serving::default()
    };
    let files = FileServer::serve(site(), serving);
    let b = browser_at(files.base.clone(), None).await;
    let (attacker, defender) = ("Power 5, Accuracy 1, Critical Hit 2", "Health 4, Armor");
    let (headline, rows, cli) = attack_link(&b, "swtcg", attacker, defender).await;
    assert_eq!(headline, "Chance to destroy: 58.10%", "the README's figure");
    assert_eq!(rows, cli);
    // The page downloads the engine (the preload its index.html starts) and hands it to its
    // worker: brotli's bytes came over the wire for the 4.7 MB module.
    let sizes = b
        .js("const e = performance.getEntriesByType('resource')\
               .find((r) => r.name.endsWith('engine/holodice_web_bg.wasm'));\
             return e ? [e.encodedBodySize, e.decodedBodySize] : null;")
        .await;
    let [sent, module] = [&sizes[0], &sizes[1]].map(|v| v.as_u64().unwrap());
    let br = std::fs::metadata(site().join("engine/holodice_web_bg.wasm.br"))
        .unwrap()
        .len();
    assert_eq!(sent, br, "{sizes}");
    assert!(module > 3 * sent, "{sizes}");
    // Once, before the service worker (registered once the engine runs) keeps every file.
    let asked = files.asked();
    let before = asked.iter().take_while(|p| p.as_str() != "/sw.js");
    let engine = before.filter(|p| p.ends_with(".wasm")).count();
    assert_eq!(engine, 1, "the engine is asked for once: {asked:?}");
    let at = |path: &str| asked.iter().position(|p| p == path).unwrap();
    assert!(
        at("/engine/holodice_web_bg.wasm") < at("/js/engine.js"),
        "asked for as the page starts, before its scripts: {asked:?}"
    );
    b.close().await;
    files.stop();
}

#[tokio::test(flavor = "multi_thread")]
#[ignore = "needs a built site and Debian's chromium: cargo test -- --ignored (CI does)"]
async fn a_first_visit_shows_its_examples_answer_before_the_engine_has_downloaded() {
    // The engine is held back 30 s, as a slow link would hold it.
    let serving = Serving {
        late: Some(("holodice_web_bg.wasm", Duration::from_secs(30))),
        ..Serving::default()
    };
    let files = FileServer::serve(site(), serving);
    let b = browser_at(files.base.clone(), None).await;
    b.client.goto(&files.base).await.unwrap();
    let headline = b.text_when("#headline", |t| !t.is_empty()).await;
    let examples: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(site().join("examples.json")).unwrap())
            .unwrap();
    let query = &examples["swtcg"]["query"];
    let (attacker, defender) = (
        query["attacker"].as_str().unwrap(),
        query["defender"].as_str().unwrap(),
    );
    let args = attack_args("swtcg", attacker, defender, &[]);
    let destroy = cli_line(&args, "Chance to destroy the defender:");
    assert_eq!(headline, format!("Chance to destroy: {destroy}"));
    assert_eq!(b.dist_rows().await, cli_rows(&args));
    let started = b.js("return window.holodice.engine.local;").await;
    assert_eq!(started, false, "the engine has not started yet");
    let spec = b.find("#swtcg-attacker").await.prop("value").await.unwrap();
    assert_eq!(spec.as_deref(), Some(attacker));
    b.close().await;
    files.stop();
}
