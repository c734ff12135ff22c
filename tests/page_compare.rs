//! The comparison as players read it, in headless Chromium on `holodice serve`: pins named by
//! their units (renamed in the link, never sent to the engine), each value's difference from the
//! result shown, the chart's axis titles and values on hover, tap and focus, the text summary,
//! and three pins on a phone. Every number is compared with what the command line prints.
//!
//! Ignored unless asked for (`cargo test -- --ignored`, as `.ci/run` does), as tests/browser.rs.

use crate::browser::{browser, cli_line, cli_rows, query, Browser};
use crate::common::{attack_args, fraction};
use crate::page::cli_json;
use fantoccini::actions::{InputSource, MouseActions, PointerAction, TouchActions};
use fantoccini::key::Key;
use num_rational::BigRational;
use num_traits::{Signed, ToPrimitive, Zero};

const DEFENDER: &str = "@Rebel Troopers, cover light";
const NOW: &str = "@Stormtroopers, range 2";
const PINS: [&str; 3] = [
    "@Stormtroopers, +@DLT-19 Stormtrooper, range 2",
    "@Shoretroopers, range 2",
    "@Scout Troopers, range 2",
];

/// A pin's text for a link: a Legion attack of `attacker` on the defender, with `extra` keys.
fn pin(attacker: &str, extra: &[(&str, &str)]) -> String {
    form_urlencoded::Serializer::new(String::new())
        .extend_pairs([
            ("game", "legion"),
            ("attacker", attacker),
            ("defender", DEFENDER),
        ])
        .extend_pairs(extra)
        .finish()
}

/// The link of the attack `NOW` with `pins` (pin texts) after it.
fn link(pins: &[String]) -> String {
    let mut pairs = vec![
        ("game", "legion"),
        ("attacker", NOW),
        ("defender", DEFENDER),
    ];
    pairs.extend(pins.iter().map(|p| ("pin", p.as_str())));
    query(&pairs)
}

/// The command line's JSON answer of `attacker` on the defender.
fn cli(attacker: &str) -> serde_json::Value {
    cli_json(&attack_args("legion", attacker, DEFENDER, &[]))
}

/// The texts of the comparison's column headers, once `ready` holds of the header row.
async fn headers(b: &Browser, ready: impl Fn(&str) -> bool) -> Vec<String> {
    b.text_when("#compare-table thead", ready).await;
    let texts = b.js(
        "return Array.from(document.querySelectorAll('#compare-table thead th .pin-name'))\
         .map(n => n.textContent);",
    );
    serde_json::from_value(texts.await).unwrap()
}

/// The comparison's rows: [label, [value, difference or ""] per column].
pub(crate) async fn compared(b: &Browser) -> Vec<(String, Vec<(String, String)>)> {
    let rows = b.js(
        "return Array.from(document.querySelectorAll('#compare-table tbody tr')).map(r => [\
           r.cells[0].textContent,\
           Array.from(r.cells).slice(1).map(c => {\
             const v = c.querySelector('.value'); const d = c.querySelector('.delta');\
             return [v ? v.textContent : c.textContent, d ? d.lastChild.textContent : ''];\
           })]);",
    );
    serde_json::from_value(rows.await).unwrap()
}

/// A difference of chances as the page prints it: percentage points, signed.
fn pp(d: &BigRational) -> String {
    if d.is_zero() {
        return "±0 pp".into();
    }
    let v = d.abs().to_f64().unwrap() * 100.0;
    let sign = if d.is_negative() { "−" } else { "+" };
    if v < 0.005 {
        format!("{sign}<0.01 pp")
    } else {
        format!("{sign}{v:.2} pp")
    }
}

/// A difference of means as the page prints it: signed, three decimals.
fn signed_mean(d: &BigRational) -> String {
    let sign = if d.is_negative() { "−" } else { "+" };
    format!("{sign}{:.3}", d.abs().to_f64().unwrap())
}

/// A fraction of the command line's JSON at `path` (keys, then the fraction's key).
fn at(answer: &serde_json::Value, path: &[&str]) -> BigRational {
    let v = path.iter().fold(answer, |v, k| &v[*k]);
    fraction(v.as_str().unwrap_or_else(|| panic!("{path:?} in {answer}")))
}

#[tokio::test(flavor = "multi_thread")]
#[ignore = "drives Debian's chromium: cargo test -- --ignored (CI does)"]
async fn a_pin_is_named_by_its_units_and_can_be_renamed_in_the_link() {
    let b = browser().await;
    b.open(&link(&[pin(PINS[0], &[]), pin(PINS[2], &[])])).await;
    // Named by the cards the engine resolved, without `@` and Legion HQ ids ("(ay)", "(ba)").
    let names = headers(&b, |t| t.contains("Now")).await;
    assert_eq!(
        names,
        [
            "Stormtroopers + DLT-19 Stormtrooper",
            "Scout Troopers",
            "Now: Stormtroopers"
        ]
    );
    let title =
        b.js("return document.querySelector('#compare-table thead th[data-pin=\"0\"]').title;");
    assert_eq!(title.await, format!("{} against {DEFENDER}", PINS[0]));
    // Renamed by keyboard: the pencil, the new name, Enter.
    b.find("#compare-table th[data-pin='0'] .rename")
        .await
        .send_keys(&Key::Enter.to_string())
        .await
        .unwrap();
    // The field opens with the name selected, so typing replaces it (WebDriver's clear would
    // leave the field, which keeps what it holds).
    let field = b.find("#compare-table .rename-field").await;
    field
        .send_keys(&format!("Blue squad{}", Key::Enter))
        .await
        .unwrap();
    let names = headers(&b, |t| t.contains("Blue squad")).await;
    assert_eq!(names[0], "Blue squad");
    let focused = b.js("return document.activeElement.getAttribute('aria-label');");
    assert_eq!(focused.await, "Rename Blue squad");
    let url = b.client.current_url().await.unwrap();
    let pins: Vec<String> = url
        .query_pairs()
        .filter(|(k, _)| k == "pin")
        .map(|(_, v)| v.into_owned())
        .collect();
    assert_eq!(
        pins,
        [pin(PINS[0], &[("name", "Blue squad")]), pin(PINS[2], &[])]
    );
    // Reopened, the name stays, and the pin's numbers are the command line's: the engine never
    // saw `name` (it refuses keys it does not know, and the pin would be missing).
    b.open(&format!("/?{}", url.query().unwrap())).await;
    let names = headers(&b, |t| t.contains("Now")).await;
    assert_eq!(
        names,
        ["Blue squad", "Scout Troopers", "Now: Stormtroopers"]
    );
    let rows = compared(&b).await;
    let means: Vec<&str> = rows
        .iter()
        .find(|(label, _)| label == "Mean wounds")
        .unwrap()
        .1
        .iter()
        .map(|(v, _)| v.as_str())
        .collect();
    let cli_means: Vec<String> = [PINS[0], PINS[2], NOW]
        .iter()
        .map(|a| {
            cli_line(
                &attack_args("legion", a, DEFENDER, &[]),
                "Mean wounds on the defender:",
            )
        })
        .collect();
    assert_eq!(means, cli_means);
    // The legend and the share card call it so too.
    let legend = b.find("#legend").await.text().await.unwrap();
    assert!(
        legend.contains("Blue squad: @Stormtroopers, +@DLT-19"),
        "{legend}"
    );
    // An empty name gives the default back, and the link drops it.
    b.click("#compare-table th[data-pin='0'] .rename").await;
    let field = b.find("#compare-table .rename-field").await;
    field
        .send_keys(&format!("{}{}", Key::Backspace, Key::Enter))
        .await
        .unwrap();
    let names = headers(&b, |t| !t.contains("Blue squad")).await;
    assert_eq!(names[0], "Stormtroopers + DLT-19 Stormtrooper");
    let search = b.js("return location.search;").await;
    assert!(!search.as_str().unwrap().contains("name"), "{search}");
    b.close().await;
}

#[tokio::test(flavor = "multi_thread")]
#[ignore = "drives Debian's chromium: cargo test -- --ignored (CI does)"]
async fn the_comparison_shows_differences_against_the_current_answer_exactly() {
    let b = browser().await;
    b.open(&link(&[pin(PINS[0], &[]), pin(PINS[1], &[])])).await;
    headers(&b, |t| t.contains("Now")).await;
    let rows = compared(&b).await;
    let row = |label: &str| -> Vec<(String, String)> {
        let found = rows.iter().find(|(l, _)| l == label);
        found
            .unwrap_or_else(|| panic!("{label} in {rows:?}"))
            .1
            .clone()
    };
    let now = cli(NOW);
    let pinned = [cli(PINS[0]), cli(PINS[1])];
    let points = |a: &serde_json::Value| {
        BigRational::from_integer(a["resolved"]["attacker"]["points"].as_i64().unwrap().into())
    };
    let hundred = BigRational::from_integer(100.into());
    // Each measure: its label, the command line's fraction of an answer, how a difference reads.
    type Measure = (
        &'static str,
        Box<dyn Fn(&serde_json::Value) -> BigRational>,
        fn(&BigRational) -> String,
    );
    let measures: Vec<Measure> = vec![
        (
            "Mean wounds",
            Box::new(|a| at(a, &["wounds", "mean"])),
            signed_mean,
        ),
        (
            "At least 1 wound",
            Box::new(|a| at(a, &["wounds", "at_least", "1"])),
            pp,
        ),
        (
            "At least 2 wounds",
            Box::new(|a| at(a, &["wounds", "at_least", "2"])),
            pp,
        ),
        ("Chance to wipe", Box::new(|a| at(a, &["wiped"])), pp),
        (
            "Mean wounds per 100 points",
            Box::new(move |a| {
                at(a, &["wounds", "mean"]) * BigRational::from_integer(100.into()) / points(a)
            }),
            signed_mean,
        ),
        (
            "At least 1 wound: chance per 100 points",
            Box::new(move |a| {
                at(a, &["wounds", "at_least", "1"]) * BigRational::from_integer(100.into())
                    / points(a)
            }),
            pp,
        ),
    ];
    for (label, value, differs) in &measures {
        let shown = row(label);
        assert_eq!(shown.len(), 3, "{label}: two pins and Now");
        assert_eq!(
            shown[2].1, "",
            "{label}: Now is what the others are measured against"
        );
        for (i, answer) in pinned.iter().enumerate() {
            let want = differs(&(value(answer) - value(&now)));
            assert_eq!(shown[i].1, want, "{label} of {}", PINS[i]);
        }
    }
    // Chances read as percentages, the chance per 100 points in percentage points.
    let wipe = cli_line(
        &attack_args("legion", PINS[0], DEFENDER, &[]),
        "Chance to wipe the unit:",
    );
    assert_eq!(row("Chance to wipe")[0].0, wipe);
    let per = at(&pinned[0], &["wounds", "at_least", "1"]) * &hundred / points(&pinned[0]);
    assert_eq!(
        row("At least 1 wound: chance per 100 points")[0].0,
        format!("{:.2} pp", per.to_f64().unwrap() * 100.0)
    );
    let cost = |a: &serde_json::Value| a["resolved"]["attacker"]["points"].as_i64().unwrap();
    assert_eq!(
        row("Points")[0],
        (
            cost(&pinned[0]).to_string(),
            format!("+{}", cost(&pinned[0]) - cost(&now))
        )
    );
    b.close().await;
}

/// The readout's lines: [what the line is about, its values].
async fn readout(b: &Browser, k: &str) -> Vec<(String, String)> {
    b.text_when("#chart-readout .at", |t| t.ends_with(&format!(": {k}")))
        .await;
    let lines = b.js(
        "return Array.from(document.querySelectorAll('#chart-readout li'))\
         .map(l => [l.querySelector('.series').textContent, l.querySelector('.values').textContent]);",
    );
    serde_json::from_value(lines.await).unwrap()
}

/// What the readout says of each of `attackers` at `k`, from the command line's tables.
fn cli_values(attackers: &[&str], k: &str) -> Vec<String> {
    attackers
        .iter()
        .map(|a| {
            let rows = cli_rows(&attack_args("legion", a, DEFENDER, &[]));
            let row = rows.iter().find(|r| r[0] == k).unwrap();
            format!("P(= {k}) {} · P(≥ {k}) {}", row[1], row[2])
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread")]
#[ignore = "drives Debian's chromium: cargo test -- --ignored (CI does)"]
async fn the_chart_has_axis_titles_and_shows_values_on_hover_and_focus() {
    let b = browser().await;
    b.open(&link(&[pin(PINS[0], &[])])).await;
    headers(&b, |t| t.contains("Now")).await;
    let texts = b.js(
        "return Array.from(document.querySelectorAll('#chart text')).map(t => \
           [t.textContent, t.getAttribute('transform') || '']);",
    );
    let texts: Vec<(String, String)> = serde_json::from_value(texts.await).unwrap();
    assert!(
        texts.iter().any(|(t, _)| t == "Wounds on the defender"),
        "{texts:?}"
    );
    assert!(
        texts
            .iter()
            .any(|(t, r)| t == "Chance" && r.starts_with("rotate(-90")),
        "{texts:?}"
    );
    // Without colour: each line its own dash pattern, each legend sample its own marker.
    let looks = b.js(
        "return [Array.from(document.querySelectorAll('#chart polyline'))\
           .map(p => p.getAttribute('stroke-dasharray')),\
         Array.from(document.querySelectorAll('#legend .sample path')).map(p => p.getAttribute('d')),\
         document.querySelectorAll('#chart path.marker').length];",
    );
    let (dashes, markers, drawn): (Vec<String>, Vec<String>, usize) =
        serde_json::from_value(looks.await).unwrap();
    assert_eq!(dashes.len(), 2);
    assert_ne!(dashes[0], dashes[1]);
    assert_eq!(markers.len(), 2);
    assert_ne!(markers[0], markers[1]);
    assert!(drawn >= 2, "markers on the lines");
    let series = [NOW, PINS[0]];
    // Hovered over its middle, the chart says the values there.
    let svg = b.find("#chart svg").await;
    let hover = MouseActions::new("mouse".into()).then(PointerAction::MoveToElement {
        element: svg.clone(),
        duration: None,
        x: 0.0,
        y: 0.0,
    });
    b.client.perform_actions(hover).await.unwrap();
    let k = b
        .text_when("#chart-readout .at", |t| t.contains(": "))
        .await;
    let k = k.rsplit(": ").next().unwrap().to_string();
    let shown = readout(&b, &k).await;
    assert_eq!(
        shown.iter().map(|(_, v)| v.clone()).collect::<Vec<_>>(),
        cli_values(&series, &k)
    );
    assert!(shown[0].0.starts_with("Now: "), "{shown:?}");
    // Tapped near its right end, it says the values at the largest k.
    let width = b.js("return document.querySelector('#chart svg').getBoundingClientRect().width;");
    let width = width.await.as_f64().unwrap();
    let tap = TouchActions::new("finger".into())
        .then(PointerAction::MoveToElement {
            element: svg.clone(),
            duration: None,
            x: (width / 2.0 - 20.0).floor(),
            y: 0.0,
        })
        .then(PointerAction::Down { button: 0 })
        .then(PointerAction::Up { button: 0 });
    b.client.perform_actions(tap).await.unwrap();
    let shown = readout(&b, "6").await;
    assert_eq!(
        shown.iter().map(|(_, v)| v.clone()).collect::<Vec<_>>(),
        [
            "P(= 6) 0% · P(≥ 6) 0%".to_string(),
            cli_values(&[PINS[0]], "6").remove(0),
        ]
    );
    // By keyboard: Tab from the last control before it, then Home and the arrow keys.
    b.js("document.querySelectorAll('#compare-table button').forEach((e, i, all) => { if (i === all.length - 1) e.focus(); });")
        .await;
    b.client
        .active_element()
        .await
        .unwrap()
        .send_keys(&Key::Tab.to_string())
        .await
        .unwrap();
    let focused = b.js("return document.activeElement.tagName;");
    assert_eq!(focused.await, "svg");
    let chart = b.client.active_element().await.unwrap();
    chart.send_keys(&Key::Home.to_string()).await.unwrap();
    let shown = readout(&b, "0").await;
    assert_eq!(
        shown.iter().map(|(_, v)| v.clone()).collect::<Vec<_>>(),
        cli_values(&series, "0")
    );
    chart.send_keys(&Key::Right.to_string()).await.unwrap();
    let shown = readout(&b, "1").await;
    assert_eq!(
        shown.iter().map(|(_, v)| v.clone()).collect::<Vec<_>>(),
        cli_values(&series, "1")
    );
    b.close().await;
}

#[tokio::test(flavor = "multi_thread")]
#[ignore = "drives Debian's chromium: cargo test -- --ignored (CI does)"]
async fn copy_text_gives_a_summary_with_the_command_lines_numbers() {
    let b = browser().await;
    b.open(&link(&[pin(PINS[0], &[("name", "Heavy squad")])]))
        .await;
    headers(&b, |t| t.contains("Heavy squad")).await;
    b.click("#copy-summary").await;
    b.text_when("#result .copied", |t| !t.is_empty()).await;
    let text = b
        .find("#share-text")
        .await
        .prop("value")
        .await
        .unwrap()
        .unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let args = attack_args("legion", NOW, DEFENDER, &[]);
    let wipe = cli_line(&args, "Chance to wipe the unit:");
    assert_eq!(
        lines[1],
        format!("Chance to wipe the unit: {wipe}"),
        "{text}"
    );
    let mean = cli_line(&args, "Mean wounds on the defender:");
    assert!(
        lines[2].starts_with(&format!("Mean wounds: {mean} · At least 1 wound: ")),
        "{text}"
    );
    assert_eq!(lines[3], format!("{NOW} against {DEFENDER}"));
    assert_eq!(lines[4], "Compared with:");
    let pinned = cli_line(
        &attack_args("legion", PINS[0], DEFENDER, &[]),
        "Chance to wipe the unit:",
    );
    assert_eq!(
        lines[5],
        format!(
            "- Heavy squad ({} against {DEFENDER}): Chance to wipe the unit: {pinned}",
            PINS[0]
        )
    );
    let url = b.client.current_url().await.unwrap();
    assert_eq!(lines[6], url.as_str());
    assert_eq!(lines.len(), 7, "{text}");
    b.close().await;
}

#[tokio::test(flavor = "multi_thread")]
#[ignore = "drives Debian's chromium: cargo test -- --ignored (CI does)"]
async fn the_comparison_of_three_pins_fits_a_phone() {
    let b = browser().await;
    b.client.set_window_size(360, 780).await.unwrap();
    let pins: Vec<String> = PINS.iter().map(|a| pin(a, &[])).collect();
    b.open(&link(&pins)).await;
    headers(&b, |t| t.contains("Now")).await;
    let overflow =
        b.js("return document.documentElement.scrollWidth - document.documentElement.clientWidth;");
    let wide = b.js("return Array.from(document.querySelectorAll('body *')).filter(e => !e.closest('.table-scroll') && e.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5).map(e => e.tagName + '#' + e.id + '.' + e.className + ' ' + e.getBoundingClientRect().right).slice(0, 15);").await;
    assert_eq!(
        overflow.await,
        0,
        "no sideways scrolling of the page {wide}"
    );
    // Each column scrolled into view: every value of it is inside the table's box, right of the
    // row labels, and every row label is still in view.
    let hidden = b.js(
        "const box = document.querySelector('#compare .table-scroll');\
         const table = document.getElementById('compare-table');\
         const cols = table.rows[0].cells.length;\
         const out = [];\
         for (let c = 1; c < cols; c++) {\
           const head = table.rows[0].cells[c];\
           box.scrollLeft = 0;\
           box.scrollLeft = head.offsetLeft - table.rows[1].cells[0].offsetWidth;\
           const b = box.getBoundingClientRect();\
           for (const r of table.rows) {\
             const label = r.cells[0].getBoundingClientRect();\
             const cell = r.cells[c].getBoundingClientRect();\
             if (label.left < b.left - 1 || label.right > b.right + 1) out.push(`label of ${r.cells[0].textContent} at column ${c}`);\
             if (cell.left < label.right - 1 || cell.right > b.right + 1) out.push(`${r.cells[0].textContent} column ${c}`);\
           }\
         }\
         return [cols, box.clientWidth, out];",
    );
    let (cols, width, out): (usize, f64, Vec<String>) =
        serde_json::from_value(hidden.await).unwrap();
    assert_eq!(cols, 5, "three pins, Now and the labels");
    assert!(width <= 360.0, "{width}");
    assert_eq!(out, Vec::<String>::new());
    // The values are the command line's.
    let rows = compared(&b).await;
    let means: Vec<String> = rows[1].1.iter().map(|(v, _)| v.clone()).collect();
    let cli_means: Vec<String> = PINS
        .iter()
        .chain([NOW].iter())
        .map(|a| {
            cli_line(
                &attack_args("legion", a, DEFENDER, &[]),
                "Mean wounds on the defender:",
            )
        })
        .collect();
    assert_eq!(rows[1].0, "Mean wounds");
    assert_eq!(means, cli_means);
    b.close().await;
}
