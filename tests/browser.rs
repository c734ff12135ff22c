//! The page in a real browser: `holodice serve` on loopback, headless Chromium driven through
//! ChromeDriver. Every number the page shows is compared with what the command line prints.
//!
//! Needs Debian's `chromium` and `chromium-driver` (or HOLODICE_CHROMIUM and
//! HOLODICE_CHROMEDRIVER), so the tests are ignored unless asked for (`cargo test -- --ignored`,
//! as `.ci/run` does); asked for without a browser, they fail saying what to install.

use crate::common::{attack_args, holodice, serve, stderr, stdout, Served};
use fantoccini::{elements::Element, key::Key, Client, ClientBuilder, Locator};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// A child process killed when the test ends, however it ends.
struct Killed(Child);

impl Drop for Killed {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn tool(var: &str, default: &str) -> Option<PathBuf> {
    let path = std::env::var_os(var).map_or_else(|| PathBuf::from(default), PathBuf::from);
    path.exists().then_some(path)
}

/// A browser session on the page.
pub(crate) struct Browser {
    pub(crate) client: Client,
    base: String,
    _driver: Killed,
    _server: Option<Served>,
    _profile: PathBuf,
}

/// A browser on the page `holodice serve` serves.
pub(crate) async fn browser() -> Browser {
    let server = serve(&[]);
    let base = format!("http://{}/", server.host);
    browser_at(base, Some(server)).await
}

/// A browser on the page at `base` (kept up by `server`, if it is holodice's).
pub(crate) async fn browser_at(base: String, server: Option<Served>) -> Browser {
    let tools = (
        tool("HOLODICE_CHROMEDRIVER", "/usr/bin/chromedriver"),
        tool("HOLODICE_CHROMIUM", "/usr/bin/chromium"),
    );
    let (Some(chromedriver), Some(chromium)) = tools else {
        panic!(
            "the browser tests need Debian's chromium and chromium-driver (or HOLODICE_CHROMIUM \
             and HOLODICE_CHROMEDRIVER)"
        );
    };
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let driver = Killed(
        Command::new(chromedriver)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver starts"),
    );
    let profile =
        std::env::temp_dir().join(format!("holodice-chromium-{}-{port}", std::process::id()));
    let mut caps = serde_json::Map::new();
    caps.insert(
        "goog:chromeOptions".into(),
        serde_json::json!({
            "binary": chromium,
            "args": ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--disable-quic", "--no-first-run", "--disable-background-networking",
                     "--disable-component-update", "--disable-sync", "--window-size=1200,1000",
                     format!("--user-data-dir={}", profile.display())],
        }),
    );
    let connector = hyper_util::client::legacy::connect::HttpConnector::new();
    let deadline = Instant::now() + Duration::from_secs(20);
    let client = loop {
        match ClientBuilder::new(connector.clone())
            .capabilities(caps.clone())
            .connect(&format!("http://127.0.0.1:{port}"))
            .await
        {
            Ok(c) => break c,
            Err(e) if Instant::now() > deadline => panic!("chromedriver answers: {e}"),
            Err(_) => tokio::time::sleep(Duration::from_millis(100)).await,
        }
    };
    Browser {
        client,
        base,
        _driver: driver,
        _server: server,
        _profile: profile,
    }
}

impl Browser {
    pub(crate) async fn open(&self, path_and_query: &str) {
        let url = format!("{}{}", self.base, path_and_query.trim_start_matches('/'));
        self.client.goto(&url).await.unwrap();
        // The page has built its controls and read its URL.
        let deadline = Instant::now() + Duration::from_secs(20);
        while self
            .js("return document.documentElement.dataset.ready === 'yes';")
            .await
            != true
        {
            assert!(Instant::now() < deadline, "the page never got ready: {url}");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    pub(crate) async fn find(&self, css: &str) -> Element {
        self.client
            .wait()
            .at_most(Duration::from_secs(20))
            .for_element(Locator::Css(css))
            .await
            .unwrap_or_else(|e| panic!("{css}: {e}"))
    }

    /// The text of `css` once `ready` holds of it (the page answers asynchronously).
    pub(crate) async fn text_when(&self, css: &str, ready: impl Fn(&str) -> bool) -> String {
        let deadline = Instant::now() + Duration::from_secs(20);
        loop {
            let text = self.find(css).await.text().await.unwrap_or_default();
            if ready(&text) || Instant::now() > deadline {
                return text;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    pub(crate) async fn js(&self, script: &str) -> serde_json::Value {
        self.client.execute(script, vec![]).await.unwrap()
    }

    pub(crate) async fn type_into(&self, css: &str, text: &str) {
        let input = self.find(css).await;
        input.clear().await.unwrap();
        input.send_keys(text).await.unwrap();
    }

    /// Clicks `css`, brought to the middle of the window first: the page's answer bar sticks to
    /// the window's top, over whatever is scrolled under it.
    pub(crate) async fn click(&self, css: &str) {
        let element = self.find(css).await;
        let centred = "arguments[0].scrollIntoView({ block: 'center' });";
        let arg = serde_json::to_value(&element).unwrap();
        self.client.execute(centred, vec![arg]).await.unwrap();
        element.click().await.unwrap();
    }

    /// Waits until `section` shows the answer to its form's query: shown, and not marked stale
    /// (the page answers live: after a change, an earlier answer is shown, marked, until then).
    pub(crate) async fn settled(&self, section: &str) {
        let script = format!(
            "const s = document.querySelector({section:?});\
             return !s.hidden && !s.classList.contains('stale');"
        );
        until(self, &script, &format!("{section} shows the form's answer")).await;
    }

    /// The rows of the distribution table as the page shows them: [k, P(=k), P(≥k)].
    pub(crate) async fn dist_rows(&self) -> Vec<Vec<String>> {
        let rows = self.js(
            "return Array.from(document.querySelectorAll('#dist-table tbody tr'))\
             .map(r => Array.from(r.cells).map(c => c.textContent.trim()));",
        );
        serde_json::from_value(rows.await).unwrap()
    }

    pub(crate) async fn close(self) {
        let _ = self.client.close().await;
    }
}

/// The rows of the first distribution table in the command line's text output.
pub(crate) fn cli_rows(args: &[&str]) -> Vec<Vec<String>> {
    let out = holodice(args);
    assert_eq!(out.status.code(), Some(0), "{args:?}: {}", stderr(&out));
    stdout(&out)
        .lines()
        .skip_while(|l| !l.trim_start().starts_with("k "))
        .skip(1)
        .take_while(|l| {
            l.split_whitespace()
                .next()
                .is_some_and(|k| k.parse::<i64>().is_ok())
        })
        .map(|l| l.split_whitespace().take(3).map(str::to_string).collect())
        .collect()
}

/// The line of the command line's text output that starts with `label`, less the label.
pub(crate) fn cli_line(args: &[&str], label: &str) -> String {
    let out = stdout(&holodice(args));
    out.lines()
        .find_map(|l| l.strip_prefix(label))
        .unwrap_or_else(|| panic!("{args:?} prints {label:?}:\n{out}"))
        .trim()
        .to_string()
}

pub(crate) fn query(pairs: &[(&str, &str)]) -> String {
    let encoded: String = form_urlencoded::Serializer::new(String::new())
        .extend_pairs(pairs)
        .finish();
    format!("/?{encoded}")
}

#[tokio::test(flavor = "multi_thread")]
#[ignore = "drives Debian's chromium: cargo test -- --ignored (CI does)"]
async fn a_shared_link_opens_its_tab_and_shows_the_command_lines_numbers() {
    let b = browser().await;
    let (attacker, defender) = ("Power 5, Accuracy 1, Critical Hit 2", "Health 4, Armor");
    b.open(&query(&[
        ("game", "swtcg"),
        ("attacker", attacker),
        ("defender", defender),
    ]))
    .await;
    let args = attack_args("swtcg", attacker, defender, &[]);
    let destroy = cli_line(&args, "Chance to destroy the defender:");
    let headline = b.text_when("#headline", |t| !t.is_empty()).await;
    assert_eq!(headline, format!("Chance to destroy: {destroy}"));
    assert_eq!(headline, "Chance to destroy: 58.10%", "the README's figure");
    assert_eq!(b.dist_rows().await, cli_rows(&args));
    let command = b.find("#command").await.text().await.unwrap();
    assert_eq!(
        command,
        "holodice swtcg attack --attacker 'Power 5, Accuracy 1, Critical Hit 2' --defender \
         'Health 4, Armor'"
    );

    // A large attack: fractions far beyond 2^53, the same percentages to the last digit.
    let (attacker, defender) = ("Power 60, Critical Hit 2, Fury 1", "Health 40, Parry 1");
    b.open(&query(&[
        ("game", "swtcg"),
        ("attacker", attacker),
        ("defender", defender),
        ("rule", "critical-hit-needs-hit=yes"),
    ]))
    .await;
    b.text_when("#headline", |t| !t.is_empty()).await;
    let args = attack_args(
        "swtcg",
        attacker,
        defender,
        &["--rule", "critical-hit-needs-hit=yes"],
    );
    // The command line leaves out of long tables the outcomes under 0.005%.
    let shown: Vec<Vec<String>> = (b.dist_rows().await)
        .into_iter()
        .filter(|r| r[1] != "<0.01%" && r[1] != "0.00%")
        .collect();
    assert_eq!(shown, cli_rows(&args));
    let rule = b.find("#rule-critical-hit-needs-hit").await;
    assert_eq!(rule.prop("value").await.unwrap().as_deref(), Some("yes"));

    // A paid ability, paid: two dice against Health 1 with Evade 1 both must hit (1/4).
    b.open(&query(&[
        ("game", "swtcg"),
        ("attacker", "Power 2"),
        ("defender", "Health 1, pay: Evade 1"),
        ("pay", "all"),
    ]))
    .await;
    let headline = b.text_when("#headline", |t| !t.is_empty()).await;
    assert_eq!(headline, "Chance to destroy: 25.00%");
    let pay = b.find("#swtcg-pay").await;
    assert_eq!(pay.prop("value").await.unwrap().as_deref(), Some("all"));

    b.open(&query(&[
        ("game", "legion"),
        ("attacker", "4 red, surge crit, aim 1"),
        ("defender", "white defense, surge block, cover light"),
    ]))
    .await;
    let headline = b.text_when("#headline", |t| !t.is_empty()).await;
    assert_eq!(headline, "Mean wounds: 2.309", "the README's figure");
    let subline = b.find("#subline").await.text().await.unwrap();
    assert_eq!(subline, "At least 1 wound: 96.79%");
    let selected = b.find("#tab-legion").await.attr("aria-selected").await;
    assert_eq!(selected.unwrap().as_deref(), Some("true"));

    // A defender of known minis: the chance to wipe it heads the answer, as on the command line.
    let (attacker, defender) = ("2 red, surge hit", "white defense, wounds 1, minis 2");
    b.open(&query(&[
        ("game", "legion"),
        ("attacker", attacker),
        ("defender", defender),
    ]))
    .await;
    let args = attack_args("legion", attacker, defender, &[]);
    let wipe = cli_line(&args, "Chance to wipe the unit:");
    let headline = b
        .text_when("#headline", |t| t.starts_with("Chance to wipe"))
        .await;
    assert_eq!(headline, format!("Chance to wipe the unit: {wipe}"));
    b.close().await;
}

#[tokio::test(flavor = "multi_thread")]
#[ignore = "drives Debian's chromium: cargo test -- --ignored (CI does)"]
async fn typing_specs_and_submitting_computes_and_puts_the_query_in_the_url() {
    let b = browser().await;
    b.open("/").await;
    b.type_into("#swtcg-attacker", "Power 3, Fury 1").await;
    b.type_into("#swtcg-defender", "Health 2").await;
    b.find("#swtcg-defender")
        .await
        .send_keys(&Key::Enter.to_string())
        .await
        .unwrap();
    let args = attack_args("swtcg", "Power 3, Fury 1", "Health 2", &[]);
    let want = format!(
        "Chance to destroy: {}",
        cli_line(&args, "Chance to destroy the defender:")
    );
    assert_eq!(b.text_when("#headline", |t| t == want).await, want);
    let url = b.client.current_url().await.unwrap();
    let pairs: Vec<(String, String)> = url.query_pairs().into_owned().collect();
    assert!(
        pairs.contains(&("attacker".into(), "Power 3, Fury 1".into())),
        "{url}"
    );
    assert!(pairs.contains(&("game".into(), "swtcg".into())), "{url}");

    // Completion: the item being typed, by keyboard.
    b.type_into("#swtcg-attacker", "Power 4, Crit").await;
    let option = b.text_when("#swtcg-attacker-list", |t| !t.is_empty()).await;
    assert!(option.starts_with("Critical Hit"), "{option}");
    let input = b.find("#swtcg-attacker").await;
    input.send_keys(&Key::Down.to_string()).await.unwrap();
    input.send_keys(&Key::Enter.to_string()).await.unwrap();
    input.send_keys("1").await.unwrap();
    let value = input.prop("value").await.unwrap().unwrap();
    assert_eq!(value, "Power 4, Critical Hit 1");
    b.close().await;
}

#[tokio::test(flavor = "multi_thread")]
#[ignore = "drives Debian's chromium: cargo test -- --ignored (CI does)"]
async fn a_pinned_result_is_compared_with_the_next_one() {
    let b = browser().await;
    b.open(&query(&[
        ("game", "swtcg"),
        ("attacker", "Power 4, Accuracy 1"),
        ("defender", "Health 3"),
    ]))
    .await;
    let first = b.text_when("#headline", |t| !t.is_empty()).await;
    b.click("#pin").await;
    b.type_into("#swtcg-attacker", "Power 4, Critical Hit 2")
        .await;
    b.click("#form-swtcg button[type=submit]").await;
    // The answer to the query typed, not to a state on the way (the page answers live).
    let want = swtcg_headline("Power 4, Critical Hit 2", "Health 3");
    let second = b.text_when("#headline", |t| t == want).await;
    assert_ne!(first, second);
    let header = b
        .text_when("#compare-table thead", |t| t.contains("Now"))
        .await;
    assert!(header.starts_with("Power 4, Accuracy 1"), "{header}");
    assert!(header.contains("Now: Power 4, Critical Hit 2"), "{header}");
    // Each side's chance to destroy, as the command line prints it for that loadout.
    let row = b.text_when("#compare-table tbody", |t| !t.is_empty()).await;
    for attacker in ["Power 4, Accuracy 1", "Power 4, Critical Hit 2"] {
        let args = attack_args("swtcg", attacker, "Health 3", &[]);
        let p = cli_line(&args, "Chance to destroy the defender:");
        assert!(row.contains(&p), "{attacker}: {p} in {row}");
    }
    let lines = b.js("return document.querySelectorAll('#chart polyline').length;");
    assert_eq!(lines.await, 2, "both results on one chart");
    // The pin is in the URL, so a shared link keeps the comparison.
    let url = b.client.current_url().await.unwrap();
    let pins: Vec<String> = url
        .query_pairs()
        .filter(|(k, _)| k == "pin")
        .map(|(_, v)| v.into_owned())
        .collect();
    assert_eq!(
        pins,
        ["game=swtcg&attacker=Power+4%2C+Accuracy+1&defender=Health+3"]
    );
    b.click("#compare-table .unpin").await;
    let hidden = b.js("return document.getElementById('compare').hidden;");
    assert_eq!(hidden.await, true);
    b.close().await;
}

#[tokio::test(flavor = "multi_thread")]
#[ignore = "drives Debian's chromium: cargo test -- --ignored (CI does)"]
async fn a_misspelt_keyword_is_explained_beside_its_field_in_the_command_lines_words() {
    let b = browser().await;
    b.open("/").await;
    b.type_into("#swtcg-attacker", "Power 5, Acuracy 1").await;
    b.click("#form-swtcg button[type=submit]").await;
    let shown = b
        .text_when("#swtcg-attacker-error", |t| !t.is_empty())
        .await;
    let out = holodice(&["swtcg", "attack", "--attacker", "Power 5, Acuracy 1"]);
    let line = stderr(&out);
    let cli = line.trim_end().strip_prefix("holodice: error: ").unwrap();
    assert_eq!(shown, cli);
    assert!(shown.contains("did you mean 'Accuracy 1'?"), "{shown}");
    let invalid = b.find("#swtcg-attacker").await.attr("aria-invalid").await;
    assert_eq!(invalid.unwrap().as_deref(), Some("true"));
    // Fixed, the error goes away.
    b.type_into("#swtcg-attacker", "Power 5, Accuracy 1").await;
    b.click("#form-swtcg button[type=submit]").await;
    // The worked example's defender is still in the form.
    let want = swtcg_headline("Power 5, Accuracy 1", "@Vader's TIE Fighter (B)");
    assert_eq!(b.text_when("#headline", |t| t == want).await, want);
    let left = b.js("return document.querySelectorAll('.field-error').length;");
    assert_eq!(left.await, 0);
    b.close().await;
}

#[tokio::test(flavor = "multi_thread")]
#[ignore = "drives Debian's chromium: cargo test -- --ignored (CI does)"]
async fn a_table_link_shows_the_table_and_copies_it_as_markdown() {
    let b = browser().await;
    let pairs = [
        ("view", "table"),
        ("game", "swtcg"),
        ("defender", "Health 4"),
        ("rows", "Power 1..4"),
        ("cols", "Critical Hit 0..1"),
        ("stat", "destroyed"),
    ];
    b.open(&query(&pairs)).await;
    b.text_when("#table-cells tbody", |t| !t.is_empty()).await;
    let cells = b.js(
        "return Array.from(document.querySelectorAll('#table-cells tbody tr'))\
         .map(r => Array.from(r.cells).map(c => c.textContent.trim()));",
    );
    let cells: Vec<Vec<String>> = serde_json::from_value(cells.await).unwrap();
    let args = [
        "table",
        "swtcg",
        "--defender",
        "Health 4",
        "--rows",
        "Power 1..4",
        "--cols",
        "Critical Hit 0..1",
        "--stat",
        "destroyed",
    ];
    let cli: Vec<Vec<String>> = stdout(&holodice(&args))
        .lines()
        .skip(4)
        .map(|l| l.split_whitespace().map(str::to_string).collect())
        .collect();
    assert_eq!(cells, cli);
    b.click("#copy-markdown").await;
    let copied = b
        .text_when("#table-result .copied", |t| !t.is_empty())
        .await;
    assert!(!copied.is_empty());
    let text = b
        .find("#copy-text")
        .await
        .prop("value")
        .await
        .unwrap()
        .unwrap();
    let mut markdown_args = args.to_vec();
    markdown_args.extend(["--format", "markdown"]);
    assert_eq!(text, stdout(&holodice(&markdown_args)));
    b.close().await;
}

#[tokio::test(flavor = "multi_thread")]
#[ignore = "drives Debian's chromium: cargo test -- --ignored (CI does)"]
async fn an_army_link_shows_the_matrix_the_command_line_prints_and_a_cell_opens_its_attack() {
    let b = browser().await;
    let empire = "https://legionhq2.com/list/empire/1at0000,2ayej000,1bg0fi000,,,,,,";
    let rebels = "https://legionhq2.com/list/rebels/1ad0000,2ahed000,1ap000,,,,,,";
    let pairs = [
        ("view", "army"),
        ("list", empire),
        ("vs-list", rebels),
        ("range", "2"),
    ];
    b.open(&query(&pairs)).await;
    b.text_when("#army-table tbody", |t| !t.is_empty()).await;
    let cells = b.js(
        "return Array.from(document.querySelectorAll('#army-table tbody tr'))\
         .map(r => Array.from(r.cells).map(c => c.textContent.trim()));",
    );
    let cells: Vec<Vec<String>> = serde_json::from_value(cells.await).unwrap();
    let args = [
        "legion",
        "army",
        "--list",
        empire,
        "--vs-list",
        rebels,
        "--range",
        "2",
    ];
    let text = stdout(&holodice(&args));
    let two_spaces = |l: &str| -> Vec<String> {
        l.trim()
            .split("  ")
            .map(str::trim)
            .filter(|c| !c.is_empty())
            .map(str::to_string)
            .collect()
    };
    let cli: Vec<Vec<String>> = text
        .lines()
        .skip(4)
        .filter(|l| !l.trim().is_empty())
        .map(two_spaces)
        .collect();
    assert_eq!(cells, cli);
    b.click("#army-table tbody a").await;
    b.text_when("#headline", |t| !t.is_empty()).await;
    let url = b.js("return location.search;").await;
    assert!(url.as_str().unwrap().contains("game=legion"), "{url}");
    b.close().await;
}

#[tokio::test(flavor = "multi_thread")]
#[ignore = "drives Debian's chromium: cargo test -- --ignored (CI does)"]
async fn the_page_fits_a_phone_and_works_by_keyboard() {
    let b = browser().await;
    b.client.set_window_size(390, 844).await.unwrap();
    let legion_pin = "game=legion&attacker=5+red&defender=white+defense";
    let views = [
        query(&[
            ("game", "swtcg"),
            ("attacker", "Power 6, Critical Hit 1"),
            ("defender", "Health 5"),
        ]),
        query(&[
            ("game", "legion"),
            (
                "attacker",
                "@Stormtroopers, +@DLT-19 Stormtrooper, range 3, aim 1",
            ),
            ("defender", "@Luke Skywalker (Jedi Knight), dodge 1"),
            ("pin", legion_pin),
        ]),
        query(&[
            ("game", "legion"),
            ("attack", "@Stormtroopers"),
            ("attack", "@Stormtroopers, +@DLT-19 Stormtrooper, range 3"),
            ("defender", "@Rebel Troopers, cover light"),
            ("charge", "true"),
            ("pin", legion_pin),
        ]),
        query(&[
            ("view", "matchups"),
            ("attacker", "@Stormtroopers, range 2"),
        ]),
        query(&[
            ("view", "army"),
            (
                "list",
                "https://legionhq2.com/list/empire/1at0000,2ayej000,,,,,,",
            ),
        ]),
    ];
    for view in &views {
        b.open(view).await;
        let shown = if view.contains("matchups") {
            "#matchups-table tbody"
        } else if view.contains("army") {
            "#army-table tbody"
        } else {
            "#headline"
        };
        b.text_when(shown, |t| !t.is_empty()).await;
        // Every control open, as a player may have them.
        b.js("document.querySelectorAll('details').forEach(d => d.open = true);")
            .await;
        let overflow = b.js(
            "return document.documentElement.scrollWidth - document.documentElement.clientWidth;",
        );
        assert_eq!(
            overflow.await,
            0,
            "no sideways scrolling at phone width: {view}"
        );
        // Touch targets: every visible button, field and choice is at least 44 px high.
        let small = b.js(
            "return Array.from(document.querySelectorAll('button, select, \
             input:not([type=checkbox]):not([type=radio]), .toggle, .option'))\
             .filter(e => e.getClientRects().length && e.getBoundingClientRect().height < 44)\
             .map(e => e.outerHTML.slice(0, 80));",
        );
        assert_eq!(small.await, serde_json::json!([]), "{view}");
        // The chart's labels are legible: at least 12 px as drawn.
        if !view.contains("matchups") && !view.contains("army") {
            let smallest = b.js(
                "return Math.min(...Array.from(document.querySelectorAll('#chart text'))\
                 .map(t => t.getBoundingClientRect().height));",
            );
            let px = smallest.await.as_f64().unwrap();
            assert!(px >= 12.0, "chart labels {px} px high");
            // The chart's text alternative is the table of the same numbers.
            let described = b.js(
                "const id = document.querySelector('#chart svg').getAttribute('aria-describedby');\
                 return document.getElementById(id).querySelectorAll('tbody tr').length;",
            );
            assert!(described.await.as_u64().unwrap() > 1);
        }
    }
    // The tabs follow the arrow keys.
    b.find("#tab-swtcg")
        .await
        .send_keys(&Key::Right.to_string())
        .await
        .unwrap();
    let focused = b.js("return document.activeElement.id;");
    assert_eq!(focused.await, "tab-legion");
    let hidden = b.js("return document.getElementById('panel-legion').hidden;");
    assert_eq!(hidden.await, false);
    // Every control has a name a screen reader says.
    let unnamed = b.js(
        "return Array.from(document.querySelectorAll('input, select, button'))\
         .filter(e => e.type !== 'hidden' && !(e.labels && e.labels.length)\
                 && !e.getAttribute('aria-label') && !e.textContent.trim())\
         .map(e => e.outerHTML.slice(0, 80));",
    );
    assert_eq!(unnamed.await, serde_json::json!([]));
    b.close().await;
}

/// Opens the link of an SWTCG attack and waits for its answer: the headline, the command line's.
pub(crate) async fn open_swtcg(b: &Browser, attacker: &str, defender: &str) -> String {
    b.open(&query(&[
        ("game", "swtcg"),
        ("attacker", attacker),
        ("defender", defender),
    ]))
    .await;
    let want = swtcg_headline(attacker, defender);
    b.text_when("#headline", |t| t == want).await
}

/// The headline the page shows for an SWTCG attack: the command line's chance to destroy.
pub(crate) fn swtcg_headline(attacker: &str, defender: &str) -> String {
    let args = attack_args("swtcg", attacker, defender, &[]);
    format!(
        "Chance to destroy: {}",
        cli_line(&args, "Chance to destroy the defender:")
    )
}

/// Where `css` is in the window: [top, bottom, the window's height, how far it is scrolled].
async fn placed(b: &Browser, css: &str) -> (f64, f64, f64, f64) {
    let script = format!(
        "const r = document.querySelector({css:?}).getBoundingClientRect();\
         return [r.top, r.bottom, window.innerHeight, window.scrollY];"
    );
    let v: Vec<f64> = serde_json::from_value(b.js(&script).await).unwrap();
    (v[0], v[1], v[2], v[3])
}

/// Whether `css` is shown whole in the first screen of the window.
async fn in_window(b: &Browser, css: &str) -> bool {
    let (top, bottom, height, _) = placed(b, css).await;
    top >= 0.0 && bottom <= height
}

/// The answer section's stale note: whether the section is marked, and the note's words.
async fn stale_note(b: &Browser) -> (bool, String) {
    let v = b.js(
        "const r = document.getElementById('result'); const n = r.querySelector('.stale-note');\
         return [r.classList.contains('stale') && !n.hidden, n.textContent];",
    );
    serde_json::from_value(v.await).unwrap()
}

/// Whether the answer bar is shown (not hidden, nor stepped aside as the headline is in view).
async fn bar_shown(b: &Browser) -> bool {
    let script = "const bar = document.getElementById('answer-bar');\
                  return !bar.hidden && getComputedStyle(bar).visibility === 'visible';";
    b.js(script).await == true
}

/// The answer bar's headline: its words and its number.
async fn bar_text(b: &Browser) -> String {
    let text = b.js(
        "const bar = document.getElementById('answer-bar');\
         return bar.querySelector('.bar-label').textContent + ' ' + bar.querySelector('.bar-value').textContent;",
    );
    text.await.as_str().unwrap().to_string()
}

/// Sets a field's text at once, as a paste does: one change, one query.
pub(crate) async fn paste(b: &Browser, css: &str, text: &str) {
    let script = format!(
        "const f = document.querySelector({css:?}); f.value = {text:?};\
         f.dispatchEvent(new Event('input', {{ bubbles: true }}));"
    );
    b.js(&script).await;
}

/// Waits until `ready` holds of the page (a script returning true), or panics saying `what`.
pub(crate) async fn until(b: &Browser, script: &str, what: &str) {
    let deadline = Instant::now() + Duration::from_secs(20);
    while b.js(script).await != true {
        assert!(Instant::now() < deadline, "{what}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[tokio::test(flavor = "multi_thread")]
#[ignore = "drives Debian's chromium: cargo test -- --ignored (CI does)"]
async fn a_stepper_change_updates_the_headline_without_pressing_compute() {
    let b = browser().await;
    let first = open_swtcg(&b, "Power 4", "Health 3").await;
    b.click("#swtcg-attacker-controls button[aria-label='More Power']")
        .await;
    let spec = b.find("#swtcg-attacker").await.prop("value").await;
    assert_eq!(spec.unwrap().as_deref(), Some("Power 5"));
    let want = swtcg_headline("Power 5", "Health 3");
    assert_ne!(want, first);
    assert_eq!(b.text_when("#headline", |t| t == want).await, want);
    assert!(!stale_note(&b).await.0, "the answer is the form's");
    // The URL follows the live query.
    let url = b.client.current_url().await.unwrap();
    let pairs: Vec<(String, String)> = url.query_pairs().into_owned().collect();
    assert!(
        pairs.contains(&("attacker".into(), "Power 5".into())),
        "{url}"
    );
    b.close().await;
}

#[tokio::test(flavor = "multi_thread")]
#[ignore = "drives Debian's chromium: cargo test -- --ignored (CI does)"]
async fn a_phone_size_shared_link_shows_its_headline_within_the_first_viewport() {
    let b = browser().await;
    b.client.set_window_size(390, 844).await.unwrap();
    let (attacker, defender) = (
        "@Stormtroopers, +@DLT-19 Stormtrooper, range 3, aim 1",
        "@Rebel Troopers, cover light",
    );
    b.open(&query(&[
        ("game", "legion"),
        ("attacker", attacker),
        ("defender", defender),
    ]))
    .await;
    let args = attack_args("legion", attacker, defender, &[]);
    let want = format!(
        "Chance to wipe the unit: {}",
        cli_line(&args, "Chance to wipe the unit:")
    );
    assert_eq!(b.text_when("#headline", |t| t == want).await, want);
    let (top, bottom, height, scrolled) = placed(&b, "#headline").await;
    assert!(
        top >= 0.0 && bottom <= height,
        "the headline at {top}..{bottom} of {height}"
    );
    assert!(scrolled > 0.0, "the form above the answer is scrolled past");
    // The answer in view, the bar is not needed.
    assert!(!bar_shown(&b).await);
    b.close().await;
}

#[tokio::test(flavor = "multi_thread")]
#[ignore = "drives Debian's chromium: cargo test -- --ignored (CI does)"]
async fn a_desktop_shared_link_opens_scrolled_to_its_answer_and_a_first_visit_at_the_top() {
    let b = browser().await;
    let (attacker, defender) = ("4 red, surge crit, aim 1", "white defense, cover light");
    b.open(&query(&[
        ("game", "legion"),
        ("attacker", attacker),
        ("defender", defender),
    ]))
    .await;
    let args = attack_args("legion", attacker, defender, &[]);
    let want = format!(
        "Mean wounds: {}",
        cli_line(&args, "Mean wounds on the defender:")
    );
    assert_eq!(b.text_when("#headline", |t| t == want).await, want);
    assert!(
        in_window(&b, "#headline").await,
        "{:?}",
        placed(&b, "#headline").await
    );
    assert!(
        placed(&b, "#headline").await.3 > 0.0,
        "scrolled to the answer"
    );
    // A table link: its table in view.
    b.open(&query(&[
        ("view", "table"),
        ("game", "swtcg"),
        ("defender", "Health 4"),
        ("rows", "Power 1..4"),
        ("cols", "Critical Hit 0..1"),
    ]))
    .await;
    b.text_when("#table-cells tbody", |t| !t.is_empty()).await;
    assert!(
        in_window(&b, "#table-title").await,
        "{:?}",
        placed(&b, "#table-title").await
    );
    // The first visit: the worked example, the page at its top.
    b.open("/").await;
    let example = swtcg_headline("@Luke's X-Wing (A)", "@Vader's TIE Fighter (B)");
    assert_eq!(b.text_when("#headline", |t| t == example).await, example);
    assert_eq!(placed(&b, "#headline").await.3, 0.0);
    b.close().await;
}

#[tokio::test(flavor = "multi_thread")]
#[ignore = "drives Debian's chromium: cargo test -- --ignored (CI does)"]
async fn on_a_phone_the_answer_bar_keeps_the_headline_in_view_and_taps_to_the_answer() {
    let b = browser().await;
    b.client.set_window_size(390, 844).await.unwrap();
    let (attacker, defender) = ("Power 6, Critical Hit 1", "Health 5");
    let want = open_swtcg(&b, attacker, defender).await;
    // Back at the form's top, the bar above it holds the answer: the same words and number.
    b.js("window.scrollTo(0, 0);").await;
    let deadline = Instant::now() + Duration::from_secs(20);
    while !bar_shown(&b).await {
        assert!(Instant::now() < deadline, "the bar shows");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(bar_text(&b).await, want);
    assert!(in_window(&b, "#answer-bar").await);
    let bars = b.js("return document.querySelectorAll('#answer-bar rect').length;");
    let rows = b.dist_rows().await.len();
    assert_eq!(bars.await, rows, "one bar of the sparkline per outcome");
    // Scrolled down the form, it stays at the window's top; a change shows the new answer there,
    // the page not scrolled by it.
    b.js("window.scrollTo(0, 600);\
          document.querySelector(\"#swtcg-attacker-controls button[aria-label='More Power']\").click();")
        .await;
    let next = swtcg_headline("Power 7, Critical Hit 1", defender);
    let deadline = Instant::now() + Duration::from_secs(20);
    while bar_text(&b).await != next {
        assert!(
            Instant::now() < deadline,
            "the bar shows {}",
            bar_text(&b).await
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let (top, _, _, scrolled) = placed(&b, "#answer-bar").await;
    assert_eq!(
        (top, scrolled),
        (0.0, 600.0),
        "stuck at the top; live answers never scroll"
    );
    // Tapped, it brings the answer into view and steps aside.
    b.click("#answer-bar").await;
    until(
        &b,
        "const r = document.getElementById('headline').getBoundingClientRect();\
         return r.top >= 0 && r.bottom <= innerHeight;",
        "the headline in view",
    )
    .await;
    let deadline = Instant::now() + Duration::from_secs(20);
    while bar_shown(&b).await {
        assert!(Instant::now() < deadline, "the bar steps aside");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    b.close().await;
}

#[tokio::test(flavor = "multi_thread")]
#[ignore = "drives Debian's chromium: cargo test -- --ignored (CI does)"]
async fn an_error_typed_live_marks_the_answer_stale_and_fixing_it_updates_the_answer() {
    let b = browser().await;
    let first = open_swtcg(&b, "Power 5", "Health 4").await;
    b.type_into("#swtcg-attacker", "Power 5, Acuracy 1").await;
    let shown = b
        .text_when("#swtcg-attacker-error", |t| !t.is_empty())
        .await;
    let out = holodice(&["swtcg", "attack", "--attacker", "Power 5, Acuracy 1"]);
    let line = stderr(&out);
    assert_eq!(
        shown,
        line.trim_end().strip_prefix("holodice: error: ").unwrap()
    );
    let (stale, note) = stale_note(&b).await;
    assert!(stale, "the answer shown is the earlier query's");
    assert!(note.starts_with("Stale:"), "{note}");
    assert_eq!(b.find("#headline").await.text().await.unwrap(), first);
    // Fixed, the answer follows and the error and the stale mark go.
    b.type_into("#swtcg-attacker", "Power 5, Accuracy 1").await;
    let want = swtcg_headline("Power 5, Accuracy 1", "Health 4");
    assert_eq!(b.text_when("#headline", |t| t == want).await, want);
    until(
        &b,
        "return document.querySelectorAll('.field-error').length === 0;",
        "no error",
    )
    .await;
    assert!(!stale_note(&b).await.0);
    b.close().await;
}

#[tokio::test(flavor = "multi_thread")]
#[ignore = "drives Debian's chromium: cargo test -- --ignored (CI does)"]
async fn a_heavy_query_waits_for_compute_with_its_line_and_compute_then_answers_it() {
    let b = browser().await;
    let first = open_swtcg(&b, "Power 5", "Health 4").await;
    // Over the live limit by the engine's estimate (tests/api.rs: over 1,300,000 units).
    let heavy = "Power 1500, Critical Hit 2";
    paste(&b, "#swtcg-attacker", heavy).await;
    let line = b
        .text_when("#form-swtcg .live-note", |t| !t.is_empty())
        .await;
    assert!(
        line.starts_with("This query is heavy (about ")
            && line.ends_with(" s here): press Compute."),
        "{line}"
    );
    let (stale, note) = stale_note(&b).await;
    assert!(stale && note.contains("waits for Compute"), "{note}");
    assert_eq!(b.find("#headline").await.text().await.unwrap(), first);
    b.click("#form-swtcg button[type=submit]").await;
    let want = swtcg_headline(heavy, "Health 4");
    assert_eq!(b.text_when("#headline", |t| t == want).await, want);
    assert!(!stale_note(&b).await.0);
    let hidden = b.js("return document.querySelector('#form-swtcg .live-note').hidden;");
    assert_eq!(hidden.await, true);
    b.close().await;
}

#[tokio::test(flavor = "multi_thread")]
#[ignore = "drives Debian's chromium: cargo test -- --ignored (CI does)"]
async fn quick_successive_changes_show_only_the_last_querys_answer() {
    let b = browser().await;
    b.open(&query(&[
        ("game", "swtcg"),
        ("attacker", "Power 3"),
        ("defender", "Health 3"),
    ]))
    .await;
    b.text_when("#headline", |t| t == swtcg_headline("Power 3", "Health 3"))
        .await;
    // The answer to Power 4 comes late, after the answers asked after it (whatever the
    // cancelling of its request), and every headline shown from here is kept.
    b.js(
        "const fetched = window.fetch;\
         const late = (r) => r.text().then((t) => new Promise((ok) => setTimeout(() =>\
           ok(new Response(t, { status: r.status, headers: r.headers })), 1500)));\
         window.fetch = (url, init) => fetched(url, init).then((r) =>\
           String(url).endsWith('api/v1/swtcg/attack') && init.body.includes('Power 4') ? late(r) : r);\
         window.shown = [];\
         new MutationObserver(() => window.shown.push(document.getElementById('headline').textContent))\
           .observe(document.getElementById('headline'), { childList: true, characterData: true, subtree: true });",
    )
    .await;
    let more = "#swtcg-attacker-controls button[aria-label='More Power']";
    b.click(more).await;
    // Power 4's query is sent, and waits; Power 5 and 6 follow at once.
    until(
        &b,
        "return location.search.includes('Power+4');",
        "Power 4 asked",
    )
    .await;
    let twice = format!("const m = document.querySelector({more:?}); m.click(); m.click();");
    b.js(&twice).await;
    let want = swtcg_headline("Power 6", "Health 3");
    assert_eq!(b.text_when("#headline", |t| t == want).await, want);
    // Power 4's answer has come meanwhile and was not shown.
    tokio::time::sleep(Duration::from_millis(2000)).await;
    let shown: Vec<String> = serde_json::from_value(b.js("return window.shown;").await).unwrap();
    assert!(shown.iter().all(|h| *h == want), "{shown:?}");
    assert_eq!(b.find("#headline").await.text().await.unwrap(), want);
    // Nor did its cancelling say anything.
    let said = b.js(
        "return document.querySelector('#form-swtcg .form-error').hidden\
         && !document.querySelector('#form-swtcg .field-error');",
    );
    assert_eq!(said.await, true);
    let url = b.js("return location.search;").await;
    assert!(url.as_str().unwrap().contains("Power+6"), "{url}");
    b.close().await;
}
