//! The page as players use it, in headless Chromium on `holodice serve`: attacks built with the
//! controls alone, units with their weapons and upgrades picked from the built-in cards, pinned
//! results kept in the link, the share image, the matchups table and the worked example. Every
//! number is compared with what the command line prints for the same SPECs.
//!
//! Ignored unless asked for (`cargo test -- --ignored`, as `.ci/run` does), as tests/browser.rs.

use crate::browser::{browser, cli_line, cli_rows, query, Browser};
use crate::common::{
    attack_args, fraction, game_attack_json, holodice, holodice_ok, pmf_strings, stderr, stdout,
};
use crate::page_compare::compared;
use fantoccini::key::Key;

/// The SPEC field `css` holds, once `ready` holds of it.
async fn spec(b: &Browser, css: &str, ready: impl Fn(&str) -> bool) -> String {
    for _ in 0..200 {
        let value = b
            .find(css)
            .await
            .prop("value")
            .await
            .unwrap()
            .unwrap_or_default();
        if ready(&value) {
            return value;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    b.find(css)
        .await
        .prop("value")
        .await
        .unwrap()
        .unwrap_or_default()
}

/// Picks the card named `name` in the unit picker of `controls`, found by typing `search`.
async fn pick(b: &Browser, controls: &str, search: &str, name: &str) {
    b.type_into(&format!("{controls} input.pick"), search).await;
    let options = format!("{controls} .suggestions li");
    b.find(&options).await;
    let script = format!(
        "return Array.from(document.querySelectorAll('{options}'))\
         .findIndex(li => li.querySelector('.choice').textContent === {name:?}) + 1;"
    );
    let at = b.js(&script).await.as_i64().unwrap();
    assert!(at > 0, "{name} is offered for {search:?}");
    b.click(&format!("{options}:nth-child({at})")).await;
}

/// Clicks `button` of `controls` `times` times.
async fn press(b: &Browser, controls: &str, button: &str, times: usize) {
    for _ in 0..times {
        b.click(&format!("{controls} button[aria-label=\"{button}\"]"))
            .await;
    }
}

/// The headline and the distribution's rows once the answer to the form's query is in.
async fn answer(b: &Browser, before: &str) -> (String, Vec<Vec<String>>) {
    b.settled("#result").await;
    let headline = b
        .text_when("#headline", |t| !t.is_empty() && t != before)
        .await;
    (headline, b.dist_rows().await)
}

#[tokio::test(flavor = "multi_thread")]
#[ignore = "drives Debian's chromium: cargo test -- --ignored (CI does)"]
async fn a_legion_attack_built_with_the_controls_alone_is_the_command_lines_answer() {
    let b = browser().await;
    b.open("/?game=legion").await;
    let attacker = "#legion-attacker-controls";
    let defender = "#legion-defender-controls";
    press(&b, attacker, "More red", 4).await;
    b.click(&format!("{attacker} input[data-item=\"surge crit\"]"))
        .await;
    press(&b, attacker, "More aim", 1).await;
    b.click(&format!("{defender} input[data-item=\"white defense\"]"))
        .await;
    b.click(&format!("{defender} input[data-item=\"surge block\"]"))
        .await;
    b.click(&format!("{defender} input[data-item=\"cover light\"]"))
        .await;
    let a = spec(&b, "#legion-attacker", |v| v.contains("aim")).await;
    let d = spec(&b, "#legion-defender", |v| v.contains("cover")).await;
    assert_eq!(a, "4 red, surge crit, aim 1");
    assert_eq!(d, "white defense, surge block, cover light");
    b.click("#form-legion button[type=submit]").await;
    let (headline, rows) = answer(&b, "").await;
    let args = attack_args("legion", &a, &d, &[]);
    let mean = cli_line(&args, "Mean wounds on the defender:");
    assert_eq!(headline, format!("Mean wounds: {mean}"));
    assert_eq!(headline, "Mean wounds: 2.309", "the README's figure");
    assert_eq!(rows, cli_rows(&args));
    // A control taken back takes its item out.
    press(&b, attacker, "Less aim", 1).await;
    let a = spec(&b, "#legion-attacker", |v| !v.contains("aim")).await;
    assert_eq!(a, "4 red, surge crit");
    b.close().await;
}

#[tokio::test(flavor = "multi_thread")]
#[ignore = "drives Debian's chromium: cargo test -- --ignored (CI does)"]
async fn typing_a_spec_moves_the_controls_to_match_it() {
    let b = browser().await;
    b.open("/?game=legion").await;
    b.type_into(
        "#legion-attacker",
        "3 BLACK, Surge Crit, aims 2, Pierce 1, weapon X",
    )
    .await;
    let attacker = "#legion-attacker-controls";
    let value = |item: &str| format!("{attacker} input[data-item=\"{item}\"]");
    let black = b.find(&value("black")).await.prop("value").await.unwrap();
    assert_eq!(black.as_deref(), Some("3"));
    let aim = b.find(&value("aim")).await.prop("value").await.unwrap();
    assert_eq!(aim.as_deref(), Some("2"), "an alias is its item");
    let crit = b
        .find(&value("surge crit"))
        .await
        .prop("checked")
        .await
        .unwrap();
    assert_eq!(crit.as_deref(), Some("true"));
    let pierce = b.find(&value("Pierce")).await.prop("value").await.unwrap();
    assert_eq!(pierce.as_deref(), Some("1"));
    // A control leaves the items it does not stand for as they were typed.
    press(&b, attacker, "More black", 1).await;
    let a = spec(&b, "#legion-attacker", |v| v.contains("4 black")).await;
    assert_eq!(a, "4 black, Surge Crit, aims 2, Pierce 1, weapon X");
    b.close().await;
}

#[tokio::test(flavor = "multi_thread")]
#[ignore = "drives Debian's chromium: cargo test -- --ignored (CI does)"]
async fn a_unit_its_upgrade_and_weapon_are_picked_and_the_pool_they_make_is_shown() {
    let b = browser().await;
    b.open("/?game=legion").await;
    let attacker = "#legion-attacker-controls";
    pick(&b, attacker, "stormtroopers", "Stormtroopers").await;
    let slot = b
        .find(&format!("{attacker} select[data-slot=\"heavy weapon\"]"))
        .await;
    slot.select_by_value("DLT-19 Stormtrooper").await.unwrap();
    b.click(&format!(
        "{attacker} .weapons input[value=\"DLT-19 Blaster Rifle\"]"
    ))
    .await;
    pick(
        &b,
        "#legion-defender-controls",
        "luke jedi",
        "Luke Skywalker (Jedi Knight)",
    )
    .await;
    let a = spec(&b, "#legion-attacker", |v| v.contains("weapon")).await;
    let d = spec(&b, "#legion-defender", |v| v.starts_with('@')).await;
    assert_eq!(
        a,
        "@Stormtroopers (ay), +@DLT-19 Stormtrooper, weapon DLT-19 Blaster Rifle"
    );
    assert_eq!(d, "@Luke Skywalker (Jedi Knight)");
    b.click("#form-legion button[type=submit]").await;
    let (headline, rows) = answer(&b, "").await;
    let args = attack_args("legion", &a, &d, &[]);
    let mean = cli_line(&args, "Mean wounds on the defender:");
    assert!(
        headline.starts_with("Chance to wipe the unit:"),
        "{headline}"
    );
    let subline = b.find("#subline").await.text().await.unwrap();
    assert!(
        subline.starts_with(&format!("Mean wounds: {mean}")),
        "{subline}"
    );
    assert_eq!(rows, cli_rows(&args));
    // What the SPECs became, as the command line says it.
    let pool = b.text_when("#resolved", |t| !t.is_empty()).await;
    let weapons = cli_line(&args, "    Weapons:");
    assert!(pool.contains(&weapons), "{weapons} in {pool}");
    assert!(
        pool.contains("DLT-19 Blaster Rifle (1–4): 2 red × 1"),
        "{pool}"
    );
    b.close().await;
}

#[tokio::test(flavor = "multi_thread")]
#[ignore = "drives Debian's chromium: cargo test -- --ignored (CI does)"]
async fn a_link_with_three_pins_shows_all_three_beside_the_command_lines_numbers() {
    let b = browser().await;
    let defender = "white defense, cover light";
    let pinned = [
        "5 red, surge crit",
        "4 red, surge crit, aim 1",
        "6 black, surge hit",
    ];
    let mut pairs = vec![
        ("game", "legion".to_string()),
        ("attacker", "3 red".to_string()),
        ("defender", defender.to_string()),
    ];
    for attacker in pinned {
        let pin: String = form_urlencoded::Serializer::new(String::new())
            .extend_pairs([
                ("game", "legion"),
                ("attacker", attacker),
                ("defender", defender),
            ])
            .finish();
        pairs.push(("pin", pin));
    }
    let pairs: Vec<(&str, &str)> = pairs.iter().map(|(k, v)| (*k, v.as_str())).collect();
    b.open(&query(&pairs)).await;
    // Pins that name no card go by their SPECs.
    let header = b
        .text_when("#compare-table thead", |t| t.contains(pinned[2]))
        .await;
    for attacker in pinned {
        assert!(header.contains(attacker), "{header}");
    }
    assert!(header.contains("Now: 3 red"), "{header}");
    let means: Vec<String> = serde_json::from_value(
        b.js(
            "return Array.from(document.querySelectorAll('#compare-table tbody tr')[1].cells)\
              .slice(1).map(c => c.querySelector('.value').textContent);",
        )
        .await,
    )
    .unwrap();
    let cli: Vec<String> = pinned
        .iter()
        .chain(["3 red"].iter())
        .map(|a| {
            cli_line(
                &attack_args("legion", a, defender, &[]),
                "Mean wounds on the defender:",
            )
        })
        .collect();
    assert_eq!(means, cli);
    let lines = b.js("return document.querySelectorAll('#chart polyline').length;");
    assert_eq!(lines.await, 4, "three pins and the result shown");
    b.close().await;
}

#[tokio::test(flavor = "multi_thread")]
#[ignore = "drives Debian's chromium: cargo test -- --ignored (CI does)"]
async fn the_share_image_is_a_png_of_the_result_card() {
    let b = browser().await;
    b.open(&query(&[
        ("game", "swtcg"),
        ("attacker", "Power 5, Accuracy 1, Critical Hit 2"),
        ("defender", "Health 4, Armor"),
    ]))
    .await;
    b.text_when("#headline", |t| !t.is_empty()).await;
    b.click("#share").await;
    let href = b
        .find("#share-download")
        .await
        .attr("href")
        .await
        .unwrap()
        .unwrap();
    let data = href
        .strip_prefix("data:image/png;base64,")
        .expect("a PNG data URL");
    let bytes = decode_base64(data);
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n", "the PNG signature");
    assert_eq!(&bytes[12..16], b"IHDR");
    let width = u32::from_be_bytes(bytes[16..20].try_into().unwrap());
    let height = u32::from_be_bytes(bytes[20..24].try_into().unwrap());
    assert_eq!((width, height), (1200, 675));
    let download = b
        .find("#share-download")
        .await
        .attr("download")
        .await
        .unwrap();
    assert_eq!(download.as_deref(), Some("holodice.png"));
    b.close().await;
}

#[tokio::test(flavor = "multi_thread")]
#[ignore = "drives Debian's chromium: cargo test -- --ignored (CI does)"]
async fn a_long_caption_is_fitted_to_the_share_image_in_few_measures() {
    // A 16,000-character line: cut to the image's width by halving, so a few dozen measures of
    // text (one per character, 16,000, froze the page for 17 s).
    let b = browser().await;
    b.open("/").await;
    let measured = b.js("const long = 'Power 5, Accuracy 1, '.repeat(800);\
         let count = 0;\
         const measure = CanvasRenderingContext2D.prototype.measureText;\
         CanvasRenderingContext2D.prototype.measureText = function (t) { count += 1; \
           return measure.call(this, t); };\
         return import('./js/share.js').then(({ shareImage }) => {\
           const url = shareImage({ title: long, headline: long, subline: long, \
             lines: [long], series: [], link: long });\
           CanvasRenderingContext2D.prototype.measureText = measure;\
           return [url.startsWith('data:image/png;base64,'), count];\
         });");
    let (png, count): (bool, u64) = serde_json::from_value(measured.await).unwrap();
    assert!(png);
    assert!(count < 400, "{count} measures of text");
    b.close().await;
}

/// Standard base64, as a data: URL holds it.
fn decode_base64(text: &str) -> Vec<u8> {
    let alphabet = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut bits = 0u32;
    let mut count = 0;
    let mut out = Vec::new();
    for c in text.bytes().filter(|&c| c != b'=') {
        let v = alphabet.iter().position(|&a| a == c).expect("base64") as u32;
        bits = (bits << 6) | v;
        count += 6;
        if count >= 8 {
            count -= 8;
            out.push((bits >> count) as u8);
            bits &= (1 << count) - 1;
        }
    }
    out
}

#[tokio::test(flavor = "multi_thread")]
#[ignore = "drives Debian's chromium: cargo test -- --ignored (CI does)"]
async fn matchups_are_a_table_of_every_unit_sorted_by_any_column() {
    let b = browser().await;
    let attacker = "@Stormtroopers, range 2";
    b.open(&query(&[
        ("view", "matchups"),
        ("attacker", attacker),
        ("with", "cover light"),
    ]))
    .await;
    b.text_when("#matchups-table tbody", |t| !t.is_empty())
        .await;
    let table = |column: usize| {
        format!(
            "return Array.from(document.querySelectorAll('#matchups-table tbody tr'))\
             .map(r => r.cells[{column}].textContent);"
        )
    };
    let names: Vec<String> = serde_json::from_value(b.js(&table(0)).await).unwrap();
    let out = stdout(&holodice(&[
        "legion",
        "matchups",
        "--attacker",
        attacker,
        "--with",
        "cover light",
        "--format",
        "json",
    ]));
    let cli: serde_json::Value = serde_json::from_str(&out).unwrap();
    let cli_names: Vec<&str> = cli["matchups"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["defender"].as_str().unwrap())
        .collect();
    assert_eq!(names, cli_names, "the engine's order, every unit");
    // Sorted by the chance to wipe, most likely first, then the other way.
    b.click("#matchups-table th:nth-child(6) button").await;
    let sort = b
        .find("#matchups-table th:nth-child(6)")
        .await
        .attr("aria-sort")
        .await;
    assert_eq!(sort.unwrap().as_deref(), Some("descending"));
    let wipes: Vec<String> = serde_json::from_value(b.js(&table(5)).await).unwrap();
    let value = |p: &str| match p {
        "n/a" => -1.0,
        "<0.01%" => 0.00001,
        ">99.99%" => 99.99999,
        _ => p.trim_end_matches('%').parse::<f64>().unwrap(),
    };
    assert!(
        wipes.windows(2).all(|w| value(&w[0]) >= value(&w[1])),
        "{wipes:?}"
    );
    b.click("#matchups-table th:nth-child(6) button").await;
    let wipes: Vec<String> = serde_json::from_value(b.js(&table(5)).await).unwrap();
    assert!(
        wipes.windows(2).all(|w| value(&w[0]) <= value(&w[1])),
        "{wipes:?}"
    );
    // A defender opens its attack.
    b.click("#matchups-table tbody tr:first-child a").await;
    let url = b.client.current_url().await.unwrap();
    let defender = url
        .query_pairs()
        .find(|(k, _)| k == "defender")
        .unwrap()
        .1
        .into_owned();
    assert!(defender.starts_with('@'), "{defender}");
    b.close().await;
}

#[tokio::test(flavor = "multi_thread")]
#[ignore = "drives Debian's chromium: cargo test -- --ignored (CI does)"]
async fn the_first_visit_shows_a_worked_example_and_what_can_be_typed() {
    let b = browser().await;
    b.open("/").await;
    let example = b.text_when("#example", |t| !t.is_empty()).await;
    assert!(example.contains("What can I type?"), "{example}");
    let attacker = b
        .find("#swtcg-attacker")
        .await
        .prop("value")
        .await
        .unwrap()
        .unwrap();
    let defender = b
        .find("#swtcg-defender")
        .await
        .prop("value")
        .await
        .unwrap()
        .unwrap();
    let args = attack_args("swtcg", &attacker, &defender, &[]);
    let destroy = cli_line(&args, "Chance to destroy the defender:");
    let headline = b.text_when("#headline", |t| !t.is_empty()).await;
    assert_eq!(headline, format!("Chance to destroy: {destroy}"));
    // The Legion tab shows its own example's answer.
    b.click("#tab-legion").await;
    let legion = b
        .text_when("#headline", |t| {
            t.starts_with("Chance to wipe") || t.starts_with("Mean wounds")
        })
        .await;
    assert!(!legion.is_empty());
    // "What can I type?" lists every item from the engine's tables, with what it does.
    b.click("#example .help-link").await;
    let open = b.js("return document.getElementById('help').open;");
    assert_eq!(open.await, true);
    let help = b.text_when("#help-tables", |t| t.contains("Pierce")).await;
    assert!(help.contains("Critical Hit"), "SWTCG's items too");
    b.find("#help-close")
        .await
        .send_keys(&Key::Enter.to_string())
        .await
        .unwrap();
    let open = b.js("return document.getElementById('help').open;");
    assert_eq!(open.await, false);
    b.close().await;
}

/// The arguments of `holodice legion sequence --defender D --attack A... [extra...]`.
fn sequence_args<'a>(defender: &'a str, attacks: &[&'a str], extra: &[&'a str]) -> Vec<&'a str> {
    let mut args = vec!["legion", "sequence", "--defender", defender];
    for attack in attacks {
        args.extend(["--attack", attack]);
    }
    args.extend_from_slice(extra);
    args
}

/// The JSON answer of a command line that must succeed.
pub(crate) fn cli_json(args: &[&str]) -> serde_json::Value {
    let mut args = args.to_vec();
    args.extend(["--format", "json"]);
    serde_json::from_str(&holodice_ok(&args)).unwrap()
}

/// The rows of the table `css` as the page shows them, a cell each.
async fn table_rows(b: &Browser, css: &str) -> Vec<Vec<String>> {
    let script = format!(
        "return Array.from(document.querySelectorAll('{css} tbody tr'))\
         .map(r => Array.from(r.cells).map(c => c.textContent.trim()));"
    );
    serde_json::from_value(b.js(&script).await).unwrap()
}

/// The distribution table's exact fractions, [k, P(=k), P(≥k)] (shown with "Show exact
/// fractions").
async fn exact_rows(b: &Browser) -> Vec<Vec<String>> {
    b.click("#show-exact").await;
    let rows = b.dist_rows().await;
    b.click("#show-exact").await;
    rows.into_iter()
        .map(|r| {
            let last = |cell: &str| cell.split_whitespace().last().unwrap().to_string();
            vec![r[0].clone(), last(&r[1]), last(&r[2])]
        })
        .collect()
}

/// The engine's distribution object as the same rows of fractions.
fn json_rows(dist: &serde_json::Value) -> Vec<Vec<String>> {
    pmf_strings(dist)
        .into_iter()
        .map(|(k, p)| {
            let ge = dist["at_least"][k.to_string()].as_str().unwrap();
            vec![k.to_string(), p, ge.to_string()]
        })
        .collect()
}

/// The command line's lines about each attack of a sequence: its mean wounds and the chance
/// it wipes the unit, as [mean, chance] in order.
fn cli_attack_lines(args: &[&str]) -> Vec<[String; 2]> {
    let out = holodice_ok(args);
    let value = |prefix: &str| -> Vec<String> {
        out.lines()
            .filter_map(|l| l.strip_prefix(prefix))
            .map(str::to_string)
            .collect()
    };
    let means = value("    wounds: mean ");
    let wipes = value("    wipes the unit: ");
    assert_eq!(means.len(), wipes.len(), "{out}");
    means.into_iter().zip(wipes).map(|(m, w)| [m, w]).collect()
}

/// The headline and the line under it once the answer to the form's query, headed `starts`, is in.
async fn headlines(b: &Browser, starts: &str) -> (String, String) {
    b.settled("#result").await;
    let headline = b.text_when("#headline", |t| t.starts_with(starts)).await;
    (headline, b.find("#subline").await.text().await.unwrap())
}

#[tokio::test(flavor = "multi_thread")]
#[ignore = "drives Debian's chromium: cargo test -- --ignored (CI does)"]
async fn attack_again_builds_a_sequence_whose_numbers_are_the_command_lines() {
    let b = browser().await;
    b.open("/?game=legion").await;
    let first = "#legion-attacker-controls";
    let defender = "#legion-defender-controls";
    press(&b, first, "More red", 4).await;
    b.click(&format!("{first} input[data-item=\"surge crit\"]"))
        .await;
    pick(&b, defender, "rebel troopers", "Rebel Troopers").await;
    b.click(&format!("{defender} input[data-item=\"cover light\"]"))
        .await;
    // The second attack starts as the first again, with controls of its own.
    b.click("#legion-attack-again").await;
    let second = "#legion-attack-2-controls";
    let again = spec(&b, "#legion-attack-2", |v| v.contains("red")).await;
    assert_eq!(again, "4 red, surge crit");
    press(&b, second, "Less red", 2).await;
    press(&b, second, "More aim", 1).await;
    let a1 = spec(&b, "#legion-attacker", |v| v.contains("red")).await;
    let a2 = spec(&b, "#legion-attack-2", |v| v.contains("aim")).await;
    let d = spec(&b, "#legion-defender", |v| v.contains("cover")).await;
    assert_eq!(
        a1, "4 red, surge crit",
        "the first attack is left as it was"
    );
    assert_eq!(a2, "2 red, surge crit, aim 1");
    assert_eq!(d, "@Rebel Troopers, cover light");
    let legends = b.js(
        "return Array.from(document.querySelectorAll('#legion-attacks legend'))\
         .filter(l => l.parentElement.classList.contains('attack')).map(l => l.textContent);",
    );
    assert_eq!(legends.await, serde_json::json!(["Attack 1", "Attack 2"]));
    b.click("#form-legion button[type=submit]").await;

    let args = sequence_args(&d, &[&a1, &a2], &[]);
    let (headline, subline) = headlines(&b, "Chance to wipe").await;
    let wipe = cli_line(&args, "Chance to wipe the unit:");
    assert_eq!(headline, format!("Chance to wipe the unit: {wipe}"));
    let mean = cli_line(&args, "Mean wounds on the defender:");
    let suppressed = cli_line(&args, "Chance the defender is suppressed:");
    let panicked = cli_line(
        &args,
        "Chance the defender panics (tokens at twice its courage or more):",
    );
    for part in [
        format!("Mean wounds: {mean}"),
        format!("Suppressed: {suppressed}"),
        format!("Panicked: {panicked}"),
    ] {
        assert!(subline.contains(&part), "{part} in {subline}");
    }
    // The chart's table is the total wounds, to the exact fraction.
    assert_eq!(b.dist_rows().await, cli_rows(&args));
    let json = cli_json(&args);
    assert_eq!(exact_rows(&b).await, json_rows(&json["wounds"]));
    // Each attack's row.
    let attacks = table_rows(&b, "#attacks-table").await;
    let lines = cli_attack_lines(&args);
    assert_eq!(attacks.len(), 2);
    for (i, (row, [mean, wipes])) in attacks.iter().zip(&lines).enumerate() {
        let attacker = json["attacks"][i]["attacker"].as_str().unwrap();
        assert_eq!(row[0], (i + 1).to_string());
        assert_eq!(row[1], attacker);
        assert_eq!(&row[2], mean);
        assert_eq!(&row[4], wipes);
    }
    let command = b.find("#command").await.text().await.unwrap();
    assert_eq!(
        command,
        "holodice legion sequence --attack '4 red, surge crit' --attack '2 red, surge crit, aim 1' \
         --defender '@Rebel Troopers, cover light'"
    );
    let url = b.client.current_url().await.unwrap();
    let attacks: Vec<String> = url
        .query_pairs()
        .filter(|(k, _)| k == "attack")
        .map(|(_, v)| v.into_owned())
        .collect();
    assert_eq!(attacks, [a1.as_str(), a2.as_str()]);

    // Removed, the first attack goes and the second takes its place: one attack, as before.
    b.click("#legion-attacks button[aria-label=\"Remove attack 1\"]")
        .await;
    let a = spec(&b, "#legion-attacker", |v| v.contains("aim")).await;
    assert_eq!(a, "2 red, surge crit, aim 1");
    let more = b.js("return document.querySelectorAll('#legion-attacks fieldset.attack').length;");
    assert_eq!(more.await, 1);
    b.click("#form-legion button[type=submit]").await;
    let want = format!(
        "Chance to wipe the unit: {}",
        cli_line(
            &attack_args("legion", &a, &d, &[]),
            "Chance to wipe the unit:"
        )
    );
    assert_eq!(b.text_when("#headline", |t| t == want).await, want);
    let command = b.find("#command").await.text().await.unwrap();
    assert!(
        command.starts_with("holodice legion attack --attacker"),
        "{command}"
    );
    // The page builds up to 8 attacks, and says so.
    for _ in 0..7 {
        b.click("#legion-attack-again").await;
    }
    let count = b.js("return document.querySelectorAll('#legion-attacks fieldset.attack').length;");
    assert_eq!(count.await, 8);
    let again = b.find("#legion-attack-again").await.prop("disabled").await;
    assert_eq!(again.unwrap().as_deref(), Some("true"));
    let limit = b.find("#legion-attack-limit").await.text().await.unwrap();
    assert!(limit.starts_with("At most 8 attacks here"), "{limit}");
    b.close().await;
}

/// The value of the form field `css`.
async fn value(b: &Browser, css: &str) -> String {
    let field = b.find(css).await;
    field.prop("value").await.unwrap().unwrap_or_default()
}

#[tokio::test(flavor = "multi_thread")]
#[ignore = "drives Debian's chromium: cargo test -- --ignored (CI does)"]
async fn a_shared_sequence_link_reopens_its_attacks_and_options_with_the_same_answer() {
    let b = browser().await;
    let (a1, a2, d) = (
        "@Fleet Troopers",
        "@Rebel Troopers, range 2",
        "@Stormtroopers, cover light",
    );
    b.open(&query(&[
        ("game", "legion"),
        ("attack", a1),
        ("attack", a2),
        ("defender", d),
        ("charge", "true"),
        ("suppression-gained", "always"),
    ]))
    .await;
    let args = sequence_args(
        d,
        &[a1, a2],
        &["--charge", "--suppression-gained", "always"],
    );
    let (headline, subline) = headlines(&b, "Chance to wipe").await;
    let wipe = cli_line(&args, "Chance to wipe the unit:");
    assert_eq!(headline, format!("Chance to wipe the unit: {wipe}"));
    let rows = b.dist_rows().await;
    assert_eq!(rows, cli_rows(&args));
    // The form holds the sequence: both attacks, Charge ticked, the reading chosen.
    assert_eq!(value(&b, "#legion-attacker").await, a1);
    assert_eq!(value(&b, "#legion-attack-2").await, a2);
    let charge = b.find("#legion-charge").await.prop("checked").await;
    assert_eq!(charge.unwrap().as_deref(), Some("true"));
    assert_eq!(value(&b, "#legion-suppression-gained").await, "always");
    let open = b.js("return document.getElementById('legion-activation').open;");
    assert_eq!(open.await, true, "the options a link sets are shown");
    let card = b.text_when("#legion-charge-card", |t| !t.is_empty()).await;
    assert_eq!(card, "Fleet Troopers has Charge.");
    // Charge's two attacks, then the second unit's, as the engine made them.
    let json = cli_json(&args);
    let attackers: Vec<String> = table_rows(&b, "#attacks-table")
        .await
        .into_iter()
        .map(|r| r[1].clone())
        .collect();
    let cli: Vec<&str> = json["attacks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["attacker"].as_str().unwrap())
        .collect();
    assert_eq!(attackers, cli);
    assert_eq!(attackers.len(), 3);
    // The page's own link (its keys as the form writes them) opens the same answer.
    let url = b.client.current_url().await.unwrap();
    b.open(&format!("/?{}", url.query().unwrap())).await;
    let reopened = headlines(&b, "Chance to wipe").await;
    assert_eq!(reopened, (headline, subline));
    assert_eq!(b.dist_rows().await, rows);
    b.close().await;
}

#[tokio::test(flavor = "multi_thread")]
#[ignore = "drives Debian's chromium: cargo test -- --ignored (CI does)"]
async fn a_pinned_sequence_is_compared_beside_a_pinned_attack() {
    let b = browser().await;
    let (a, d) = ("@Stormtroopers, range 2", "@Rebel Troopers, cover light");
    b.open(&query(&[
        ("game", "legion"),
        ("attacker", a),
        ("defender", d),
    ]))
    .await;
    let first = b.text_when("#headline", |t| !t.is_empty()).await;
    b.click("#pin").await;
    b.click("#legion-attack-again").await;
    b.click("#form-legion button[type=submit]").await;
    b.text_when("#subline", |t| t.contains("Suppressed")).await;
    b.click("#pin").await;
    // Named by their cards: the sequence's attacker twice, and shown now.
    let names = b
        .text_when("#compare-table thead", |t| t.contains("×2"))
        .await;
    assert!(names.starts_with("Stormtroopers"), "{names}");
    assert!(names.contains("Now: Stormtroopers ×2"), "{names}");
    let table = table_rows(&b, "#compare-table").await;
    let values = compared(&b).await;
    let row = |label: &str| -> Vec<String> {
        let found = values.iter().find(|r| r.0 == label);
        let cells = &found.unwrap_or_else(|| panic!("{label} in {values:?}")).1;
        cells.iter().map(|(v, _)| v.clone()).collect()
    };
    let attack = attack_args("legion", a, d, &[]);
    let sequence = sequence_args(d, &[a, a], &[]);
    let cli = |label: &str| {
        [
            cli_line(&attack, &format!("{label} on the defender:")),
            cli_line(&sequence, &format!("{label} on the defender:")),
        ]
    };
    assert_eq!(row("Mean wounds"), cli("Mean wounds"));
    assert_eq!(
        row("Chance to wipe"),
        [
            cli_line(&attack, "Chance to wipe the unit:"),
            cli_line(&sequence, "Chance to wipe the unit:")
        ]
    );
    // What only a sequence has: a dash for the attack.
    let suppressed = cli_line(&sequence, "Chance the defender is suppressed:");
    assert_eq!(row("Suppressed"), ["—".to_string(), suppressed]);
    assert_eq!(row("Panicked")[0], "—");
    let lines = b.js("return document.querySelectorAll('#chart polyline').length;");
    assert_eq!(lines.await, 3, "the result shown and both pins");
    // Both pins are in the link, the sequence's as its attacks, and reopen as they were.
    let url = b.client.current_url().await.unwrap();
    let pins: Vec<String> = url
        .query_pairs()
        .filter(|(k, _)| k == "pin")
        .map(|(_, v)| v.into_owned())
        .collect();
    assert_eq!(pins.len(), 2);
    assert!(pins[0].contains("attacker="), "{pins:?}");
    assert_eq!(pins[1].matches("attack=").count(), 2, "{pins:?}");
    b.open(&format!("/?{}", url.query().unwrap())).await;
    b.text_when("#compare-table thead", |t| t.contains("×2"))
        .await;
    assert_eq!(table_rows(&b, "#compare-table").await, table);
    assert_ne!(b.find("#headline").await.text().await.unwrap(), first);
    b.close().await;
}

#[tokio::test(flavor = "multi_thread")]
#[ignore = "drives Debian's chromium: cargo test -- --ignored (CI does)"]
async fn until_wiped_charts_the_attacks_needed_as_the_command_line_counts_them() {
    let b = browser().await;
    let (a, d) = ("@Stormtroopers, range 2", "@Rebel Troopers, cover light");
    b.open(&query(&[
        ("game", "legion"),
        ("attacker", a),
        ("defender", d),
    ]))
    .await;
    b.text_when("#headline", |t| !t.is_empty()).await;
    b.click("#legion-activation summary").await;
    b.click("#legion-until-wiped").await;
    b.type_into("#legion-attacks-cap", "5").await;
    b.click("#form-legion button[type=submit]").await;
    let args = sequence_args(d, &[a], &["--until-wiped", "--attacks", "5"]);
    let (headline, subline) = headlines(&b, "Mean attacks").await;
    let needed = cli_line(&args, "Mean attacks to wipe the unit:");
    assert_eq!(headline, format!("Mean attacks to wipe the unit: {needed}"));
    let outlasts = cli_line(&args, "Chance it outlasts the cap:");
    assert!(
        subline.starts_with(&format!("Chance it outlasts the cap: {outlasts}")),
        "{subline}"
    );
    // The chart's table: the chance each attack is the one that wipes the unit, as the command
    // line lists them, and the chance it needs at least that many (outlasting the cap counts).
    let listed = cli_line(&args, "Attacks needed to wipe the unit:");
    let shown: Vec<String> = (b.dist_rows().await)
        .iter()
        .map(|r| format!("{}: {}", r[0], r[1]))
        .collect();
    assert_eq!(format!("{}, survives {outlasts}", shown.join(", ")), listed);
    let json = cli_json(&args);
    let needed = &json["attacks_to_wipe"];
    let survives = fraction(needed["survives"].as_str().unwrap());
    let want: Vec<Vec<String>> = (1..=5)
        .map(|k| {
            let p = |j: i32| fraction(needed[j.to_string()].as_str().unwrap());
            let ge = (k..=5).map(p).fold(survives.clone(), |s, x| s + x);
            vec![k.to_string(), p(k).to_string(), ge.to_string()]
        })
        .collect();
    assert_eq!(exact_rows(&b).await, want);
    let caption = b.find("#chart-caption").await.text().await.unwrap();
    assert!(
        caption.starts_with("Attacks needed to wipe the unit"),
        "{caption}"
    );
    let command = b.find("#command").await.text().await.unwrap();
    assert_eq!(
        command,
        "holodice legion sequence --attack '@Stormtroopers, range 2' --defender '@Rebel Troopers, \
         cover light' --until-wiped --attacks 5"
    );
    b.close().await;
}

#[tokio::test(flavor = "multi_thread")]
#[ignore = "drives Debian's chromium: cargo test -- --ignored (CI does)"]
async fn an_error_in_a_later_attack_is_shown_beside_it_and_the_answer_marked_stale() {
    let b = browser().await;
    let d = "@Rebel Troopers";
    b.open(&query(&[
        ("game", "legion"),
        ("attack", "4 red"),
        ("attack", "2 black"),
        ("defender", d),
    ]))
    .await;
    b.text_when("#headline", |t| !t.is_empty()).await;
    let stale = "return [document.getElementById('result').classList.contains('stale'), \
                 !document.querySelector('#result .stale-note').hidden];";
    assert_eq!(b.js(stale).await, serde_json::json!([false, false]));
    b.type_into("#legion-attack-2", "2 black, Pirece 1").await;
    b.click("#form-legion button[type=submit]").await;
    let shown = b
        .text_when("#legion-attack-2-error", |t| !t.is_empty())
        .await;
    let out = holodice(&sequence_args(d, &["4 red", "2 black, Pirece 1"], &[]));
    let line = stderr(&out);
    assert_eq!(
        shown,
        line.trim_end().strip_prefix("holodice: error: ").unwrap()
    );
    assert!(shown.starts_with("attack 2:"), "{shown}");
    assert_eq!(b.js(stale).await, serde_json::json!([true, true]));
    b.type_into("#legion-attack-2", "2 black, Pierce 1").await;
    b.click("#form-legion button[type=submit]").await;
    b.text_when("#subline", |t| !t.is_empty()).await;
    for _ in 0..100 {
        if b.js(stale).await == serde_json::json!([false, false]) {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    assert_eq!(b.js(stale).await, serde_json::json!([false, false]));
    b.close().await;
}

#[tokio::test(flavor = "multi_thread")]
#[ignore = "drives Debian's chromium: cargo test -- --ignored (CI does)"]
async fn swtcg_changes_and_choices_stay_as_typed_beside_the_power_stepper() {
    let b = browser().await;
    b.open("/?game=swtcg").await;
    let typed = "Power 3, +2 power, choose: Accuracy 1 / Critical Hit 2";
    b.type_into("#swtcg-attacker", typed).await;
    let controls = "#swtcg-attacker-controls";
    let power = format!("{controls} input[data-item=\"Power\"]");
    let shown = b.find(&power).await.prop("value").await.unwrap();
    assert_eq!(shown.as_deref(), Some("3"), "'+2 power' is no Power 2");
    press(&b, controls, "More Power", 1).await;
    let a = spec(&b, "#swtcg-attacker", |v| v.contains("Power 4")).await;
    assert_eq!(a, "Power 4, +2 power, choose: Accuracy 1 / Critical Hit 2");
    b.close().await;
}

#[tokio::test(flavor = "multi_thread")]
#[ignore = "drives Debian's chromium: cargo test -- --ignored (CI does)"]
async fn the_swtcg_pickers_offer_the_cards_of_the_format_chosen() {
    let b = browser().await;
    b.open("/?game=swtcg").await;
    let controls = "#swtcg-attacker-controls";
    // R2-D2 (U) is printed in TMW (Standard, The Mandalorian Way, Mandoverse) and TROS
    // (Standard, RES): Mandoverse offers the TMW printing alone.
    b.find("#swtcg-legal option[value=Mandoverse]").await;
    b.js(
        "const s = document.querySelector('#swtcg-legal'); s.value = 'Mandoverse'; \
          s.dispatchEvent(new Event('change')); return null;",
    )
    .await;
    pick(&b, controls, "r2-d2 (u)", "R2-D2 (U)").await;
    let attacker = spec(&b, "#swtcg-attacker", |v| v.contains("R2-D2")).await;
    assert!(attacker.contains("@R2-D2 (U) [TMW]"), "{attacker}");
    b.find("#swtcg-legal option[value=Standard]").await;
    b.js(
        "const s = document.querySelector('#swtcg-legal'); s.value = 'Standard'; \
          s.dispatchEvent(new Event('change')); return null;",
    )
    .await;
    b.type_into(&format!("{controls} input.pick"), "r2-d2 (u)")
        .await;
    b.find(&format!("{controls} .suggestions li")).await;
    let script = format!(
        "return Array.from(document.querySelectorAll('{controls} .suggestions li'))\
         .map(li => li.textContent);"
    );
    let both = b.js(&script).await.to_string();
    assert!(both.contains("TMW") && both.contains("TROS"), "{both}");
    b.close().await;
}

/// Opens the keyword lists of every unit's controls (the steppers inside are then clickable).
async fn open_keywords(b: &Browser) {
    b.js("document.querySelectorAll('details.keywords').forEach(d => d.open = true); return null;")
        .await;
}

/// The value `controls` shows for the item `name` (a stepper's number, a checkbox's "on"),
/// and whether the control is marked as the card's.
async fn shown(b: &Browser, controls: &str, name: &str) -> (String, bool) {
    let script = format!(
        "const i = document.querySelector('{controls} input[data-item=\"{name}\"]'); \
         return [i.type === 'checkbox' ? (i.checked ? 'on' : '') : i.value, \
                 i.closest('.control').classList.contains('from-card')];"
    );
    serde_json::from_value(b.js(&script).await).unwrap()
}

/// The keywords the command line says a unit's cards gave it (not its weapons', not the
/// SPEC's), added up by name as the engine adds them: {"Precise": "1", "Armor": "on"}.
fn cli_card_keywords(resolved: &serde_json::Value) -> std::collections::BTreeMap<String, String> {
    let text = resolved["keywords"].as_str().unwrap_or_default();
    let mut items = Vec::new();
    let (mut depth, mut start) = (0, 0);
    for (i, c) in text.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => depth -= 1,
            ',' if depth == 0 => {
                items.push(text[start..i].trim());
                start = i + 1;
            }
            _ => {}
        }
    }
    items.push(text[start..].trim());
    let mut given = std::collections::BTreeMap::<String, String>::new();
    for item in items.into_iter().filter(|i| !i.is_empty()) {
        let (keyword, source) = item.split_once(" (").unwrap();
        if source.starts_with("weapon ") || source == "SPEC)" {
            continue;
        }
        match keyword
            .rsplit_once(' ')
            .filter(|(_, n)| n.parse::<u32>().is_ok())
        {
            Some((name, n)) => {
                let before: u32 = given.get(name).map_or(0, |v| v.parse().unwrap());
                let sum = before + n.parse::<u32>().unwrap();
                given.insert(name.to_string(), sum.to_string());
            }
            None => {
                given.insert(keyword.to_string(), "on".into());
            }
        }
    }
    given
}

/// The keyword controls of `controls` marked as the card's, with the values they show.
async fn card_marked_keywords(
    b: &Browser,
    controls: &str,
) -> std::collections::BTreeMap<String, String> {
    let script = format!(
        "return Array.from(document.querySelectorAll('{controls} details.keywords .from-card input'))\
         .map(i => [i.dataset.item, i.type === 'checkbox' ? 'on' : i.value]);"
    );
    let pairs: Vec<(String, String)> = serde_json::from_value(b.js(&script).await).unwrap();
    pairs.into_iter().collect()
}

#[tokio::test(flavor = "multi_thread")]
#[ignore = "drives Debian's chromium: cargo test -- --ignored (CI does)"]
async fn the_precise_stepper_shows_the_cards_precise_for_stormtroopers() {
    let b = browser().await;
    b.open("/?game=legion").await;
    let attacker = "#legion-attacker-controls";
    pick(&b, attacker, "stormtroopers", "Stormtroopers").await;
    let a = spec(&b, "#legion-attacker", |v| v.contains("Stormtroopers")).await;
    assert_eq!(a, "@Stormtroopers (ay)");
    assert_eq!(shown(&b, attacker, "Precise").await, ("1".into(), true));
    open_keywords(&b).await;
    // What a screen reader says: the label less what is hidden from it.
    let said = b
        .js(&format!(
            "const l = document.querySelector('{attacker} input[data-item=\"Precise\"]')\
             .closest('.control').querySelector('label').cloneNode(true); \
             l.querySelectorAll('[aria-hidden]').forEach(e => e.remove()); \
             return l.textContent.replace(/\\s+/g, ' ').trim();"
        ))
        .await;
    assert_eq!(said, "Precise 1 (from the card)");
    // One "+" makes Precise 2: the card's 1 and a typed 1, which the engine adds.
    press(&b, attacker, "More Precise", 1).await;
    let a = spec(&b, "#legion-attacker", |v| v.contains("Precise")).await;
    assert_eq!(a, "@Stormtroopers (ay), Precise 1");
    assert_eq!(shown(&b, attacker, "Precise").await, ("2".into(), true));
    // The stepper can't go below the card's value, which no SPEC item lowers.
    press(&b, attacker, "Less Precise", 2).await;
    let a = spec(&b, "#legion-attacker", |v| !v.contains("Precise")).await;
    assert_eq!(a, "@Stormtroopers (ay)");
    assert_eq!(shown(&b, attacker, "Precise").await, ("1".into(), true));
    press(&b, attacker, "More Precise", 1).await;
    press(&b, attacker, "More aim", 1).await;
    press(&b, attacker, "More range", 2).await;
    let a = spec(&b, "#legion-attacker", |v| v.contains("range 2")).await;
    assert_eq!(a, "@Stormtroopers (ay), Precise 1, aim 1, range 2");
    let d = "@Rebel Troopers";
    b.type_into("#legion-defender", d).await;
    b.click("#form-legion button[type=submit]").await;
    let (headline, rows) = answer(&b, "").await;
    let args = attack_args("legion", &a, d, &[]);
    let wipe = cli_line(&args, "Chance to wipe the unit:");
    assert_eq!(headline, format!("Chance to wipe the unit: {wipe}"));
    assert_eq!(rows, cli_rows(&args));
    let subline = b.find("#subline").await.text().await.unwrap();
    let mean = cli_line(&args, "Mean wounds on the defender:");
    assert!(
        subline.starts_with(&format!("Mean wounds: {mean}")),
        "{subline}"
    );
    // The typed Precise counts: without it the command line's mean is the card's alone.
    let card_only = "@Stormtroopers (ay), aim 1, range 2";
    let without = cli_line(
        &attack_args("legion", card_only, d, &[]),
        "Mean wounds on the defender:",
    );
    assert_ne!(mean, without);
    b.close().await;
}

#[tokio::test(flavor = "multi_thread")]
#[ignore = "drives Debian's chromium: cargo test -- --ignored (CI does)"]
async fn the_keyword_controls_marked_as_the_cards_are_the_keywords_the_engine_says_they_gave() {
    let b = browser().await;
    // A DLT-19's Impact is its weapon's (applied when it joins the pool), not the unit's; Echo's
    // card gives the unit Critical 1 and Lethal 1 beside its weapon's.
    let defender = "@Rebel Troopers";
    for attacker in [
        "@Stormtroopers (ay), +@DLT-19 Stormtrooper, range 3",
        "@Clone Trooper Infantry, +@Echo (ARC Marksman), range 2",
    ] {
        b.open(&query(&[
            ("game", "legion"),
            ("attacker", attacker),
            ("defender", defender),
        ]))
        .await;
        b.text_when("#headline", |t| !t.is_empty()).await;
        let answer = game_attack_json("legion", attacker, defender, &[]);
        let engine = cli_card_keywords(&answer["resolved"]["attacker"]);
        assert!(!engine.is_empty(), "{attacker}: {}", answer["resolved"]);
        let page = card_marked_keywords(&b, "#legion-attacker-controls").await;
        assert_eq!(page, engine, "{attacker}");
    }
    b.close().await;
}

#[tokio::test(flavor = "multi_thread")]
#[ignore = "drives Debian's chromium: cargo test -- --ignored (CI does)"]
async fn swtcg_power_and_health_steppers_show_the_picked_cards_values() {
    let b = browser().await;
    b.open("/?game=swtcg").await;
    let controls = "#swtcg-attacker-controls";
    // Luke's X-Wing (A): Power 3, Health 2, Accuracy 1, Shields 1.
    pick(&b, controls, "luke's x-wing (a)", "Luke's X-Wing (A)").await;
    let a = spec(&b, "#swtcg-attacker", |v| v.contains("Luke")).await;
    assert_eq!(a, "@Luke's X-Wing (A)");
    assert_eq!(shown(&b, controls, "Power").await, ("3".into(), true));
    assert_eq!(shown(&b, controls, "Health").await, ("2".into(), true));
    assert_eq!(shown(&b, controls, "Accuracy").await, ("1".into(), true));
    open_keywords(&b).await;
    // A statistic given after the card overrides it; Accuracy adds, so -1 makes 0.
    press(&b, controls, "More Power", 2).await;
    press(&b, controls, "Less Accuracy", 1).await;
    let a = spec(&b, "#swtcg-attacker", |v| v.contains("Accuracy")).await;
    assert_eq!(a, "@Luke's X-Wing (A), Power 5, Accuracy -1");
    assert_eq!(shown(&b, controls, "Power").await, ("5".into(), true));
    assert_eq!(shown(&b, controls, "Accuracy").await, ("0".into(), true));
    // Back to the card's Power: no item.
    press(&b, controls, "Less Power", 2).await;
    let a = spec(&b, "#swtcg-attacker", |v| !v.contains("Power")).await;
    assert_eq!(a, "@Luke's X-Wing (A), Accuracy -1");
    press(&b, controls, "More Power", 1).await;
    let a = spec(&b, "#swtcg-attacker", |v| v.contains("Power 4")).await;
    let d = "@Vader's TIE Fighter (B)";
    b.type_into("#swtcg-defender", d).await;
    let defender = "#swtcg-defender-controls";
    assert_eq!(shown(&b, defender, "Health").await, ("2".into(), true));
    b.click("#form-swtcg button[type=submit]").await;
    let (headline, rows) = answer(&b, "").await;
    let args = attack_args("swtcg", &a, d, &[]);
    let destroy = cli_line(&args, "Chance to destroy the defender:");
    assert_eq!(headline, format!("Chance to destroy: {destroy}"));
    assert_eq!(rows, cli_rows(&args));
    b.close().await;
}

#[tokio::test(flavor = "multi_thread")]
#[ignore = "drives Debian's chromium: cargo test -- --ignored (CI does)"]
async fn a_paid_ability_is_a_visible_toggle_and_its_note_names_the_toggle() {
    let b = browser().await;
    b.open("/?game=swtcg").await;
    let paid = "return document.querySelector('#form-swtcg fieldset.paid').hidden;";
    assert_eq!(b.js(paid).await, true, "no unit has a paid ability yet");
    let a = "Power 4";
    b.type_into("#swtcg-attacker", a).await;
    // Vader's TIE Fighter (A): Power 3, Health 2, pay: Evade 2.
    let defender = "#swtcg-defender-controls";
    pick(
        &b,
        defender,
        "vader's tie fighter (a)",
        "Vader's TIE Fighter (A)",
    )
    .await;
    let d = spec(&b, "#swtcg-defender", |v| v.contains("Vader")).await;
    assert_eq!(
        b.js(paid).await,
        false,
        "the card's paid ability shows the toggles"
    );
    assert_eq!(shown(&b, defender, "Evade").await, (String::new(), false));
    b.click("#form-swtcg button[type=submit]").await;
    let (before, _) = answer(&b, "").await;
    let args = attack_args("swtcg", a, &d, &[]);
    let destroy = cli_line(&args, "Chance to destroy the defender:");
    assert_eq!(before, format!("Chance to destroy: {destroy}"));
    let notes = b
        .text_when("#notes", |t| t.contains("Paid abilities"))
        .await;
    assert!(!notes.contains("--pay"), "{notes}");
    assert!(
        notes.contains(
            "ticking “The attacker pays its abilities' Force costs” and “The defender pays its \
             abilities' Force costs” pays them"
        ),
        "{notes}"
    );
    // Ticked, the defender pays: its Evade 2 is the card's, and the answer is --pay defender's.
    b.click("#swtcg-pay-defender").await;
    assert_eq!(shown(&b, defender, "Evade").await, ("2".into(), true));
    b.click("#form-swtcg button[type=submit]").await;
    let (headline, rows) = answer(&b, &before).await;
    let args = attack_args("swtcg", a, &d, &["--pay", "defender"]);
    let destroy = cli_line(&args, "Chance to destroy the defender:");
    assert_eq!(headline, format!("Chance to destroy: {destroy}"));
    assert_eq!(rows, cli_rows(&args));
    let url = b.js("return location.search;").await;
    assert!(url.as_str().unwrap().contains("pay=defender"), "{url}");
    // A link that pays both ticks both.
    b.open(&query(&[
        ("game", "swtcg"),
        ("attacker", a),
        ("defender", &d),
        ("pay", "all"),
    ]))
    .await;
    let ticked = "return ['attacker', 'defender'].map(s => document.getElementById('swtcg-pay-' + s).checked);";
    assert_eq!(b.js(ticked).await, serde_json::json!([true, true]));
    b.close().await;
}

#[tokio::test(flavor = "multi_thread")]
#[ignore = "drives Debian's chromium: cargo test -- --ignored (CI does)"]
async fn attack_again_and_a_matchups_control_answer_live_without_compute() {
    let b = browser().await;
    let (a, d) = ("@Stormtroopers, range 2", "@Rebel Troopers, cover light");
    b.open(&query(&[
        ("game", "legion"),
        ("attacker", a),
        ("defender", d),
    ]))
    .await;
    headlines(&b, "Chance to wipe").await;
    // Attack again: the sequence of two attacks is answered as `legion sequence` answers it.
    b.click("#legion-attack-again").await;
    let args = sequence_args(d, &[a, a], &[]);
    let want = format!(
        "Chance to wipe the unit: {}",
        cli_line(&args, "Chance to wipe the unit:")
    );
    assert_eq!(b.text_when("#headline", |t| t == want).await, want);
    b.settled("#result").await;
    assert_eq!(b.dist_rows().await, cli_rows(&args));
    // Removed again, the one attack's answer.
    b.click("#legion-attacks button[aria-label=\"Remove attack 2\"]")
        .await;
    let one = format!(
        "Chance to wipe the unit: {}",
        cli_line(
            &attack_args("legion", a, d, &[]),
            "Chance to wipe the unit:"
        )
    );
    assert_eq!(b.text_when("#headline", |t| t == one).await, one);

    // Matchups: a token for every defender, from its control, re-answers the table.
    b.open(&query(&[("view", "matchups"), ("attacker", a)]))
        .await;
    b.settled("#matchups-result").await;
    b.click("#matchups-with-controls button[aria-label=\"More dodge\"]")
        .await;
    let with = b
        .find("#matchups-with")
        .await
        .prop("value")
        .await
        .unwrap()
        .unwrap();
    assert_eq!(with, "dodge 1");
    // The command line's table, row for row, once the page has answered the change.
    let out = stdout(&holodice(&[
        "legion",
        "matchups",
        "--attacker",
        a,
        "--with",
        &with,
    ]));
    let cli: Vec<Vec<String>> = (out.lines().skip(4))
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            (l.trim().split("  ").map(str::trim))
                .filter(|c| !c.is_empty())
                .map(str::to_string)
                .collect()
        })
        .collect();
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    while table_rows(&b, "#matchups-table").await != cli {
        assert!(
            std::time::Instant::now() < deadline,
            "{:?}",
            table_rows(&b, "#matchups-table").await.first()
        );
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    b.settled("#matchups-result").await;
    b.close().await;
}

#[tokio::test(flavor = "multi_thread")]
#[ignore = "drives Debian's chromium: cargo test -- --ignored (CI does)"]
async fn the_legion_power_5_error_names_swtcg_and_offers_the_switch() {
    let b = browser().await;
    let (attacker, defender) = ("Power 5, Critical Hit 2", "Health 4, Armor");
    b.open(&query(&[
        ("game", "legion"),
        ("attacker", attacker),
        ("defender", defender),
    ]))
    .await;
    let shown = b
        .text_when("#legion-attacker-error", |t| !t.is_empty())
        .await;
    let out = holodice(&attack_args("legion", attacker, defender, &[]));
    assert_eq!(out.status.code(), Some(2));
    let line = stderr(&out);
    assert_eq!(
        shown,
        line.trim_end().strip_prefix("holodice: error: ").unwrap()
    );
    assert!(shown.contains("an SWTCG item, not a Legion one"), "{shown}");
    let button = b.find("#form-legion button.game-switch").await;
    assert_eq!(button.text().await.unwrap(), "Open in SWTCG");
    button.click().await.unwrap();
    // The SWTCG tab, both SPECs carried over (SWTCG reads the defender too), computed.
    let args = attack_args("swtcg", attacker, defender, &[]);
    let destroy = cli_line(&args, "Chance to destroy the defender:");
    let headline = b
        .text_when("#headline", |t| t.starts_with("Chance to destroy"))
        .await;
    assert_eq!(headline, format!("Chance to destroy: {destroy}"));
    assert_eq!(b.dist_rows().await, cli_rows(&args));
    let selected = b.find("#tab-swtcg").await.attr("aria-selected").await;
    assert_eq!(selected.unwrap().as_deref(), Some("true"));
    assert_eq!(
        spec(&b, "#swtcg-attacker", |v| v == attacker).await,
        attacker
    );
    assert_eq!(
        spec(&b, "#swtcg-defender", |v| v == defender).await,
        defender
    );
    let url = b.js("return location.search;").await.to_string();
    assert!(url.contains("game=swtcg"), "{url}");

    // The other way: a Legion defender on the SWTCG tab opens in Legion without the SWTCG
    // attacker, which Legion doesn't read.
    let (attacker, defender) = ("Power 3", "white defense, cover light");
    b.open(&query(&[
        ("game", "swtcg"),
        ("attacker", attacker),
        ("defender", defender),
    ]))
    .await;
    let shown = b
        .text_when("#swtcg-defender-error", |t| !t.is_empty())
        .await;
    assert!(shown.contains("a Legion item, not an SWTCG one"), "{shown}");
    b.click("#form-swtcg button.game-switch").await;
    let carried = spec(&b, "#legion-defender", |v| v == defender).await;
    assert_eq!(carried, defender);
    let left = spec(&b, "#legion-attacker", |v| v != attacker).await;
    assert_ne!(left, attacker);
    b.close().await;
}

#[tokio::test(flavor = "multi_thread")]
#[ignore = "drives Debian's chromium: cargo test -- --ignored (CI does)"]
async fn a_stepper_steps_a_value_in_the_thousands_by_one() {
    let b = browser().await;
    b.open(&query(&[
        ("game", "swtcg"),
        ("attacker", "Power 1100"),
        ("defender", "Health 560"),
    ]))
    .await;
    b.click("#swtcg-attacker-controls button[aria-label='More Power']")
        .await;
    let attacker = spec(&b, "#swtcg-attacker", |v| v != "Power 1100").await;
    assert_eq!(attacker, "Power 1101");
    b.click("#swtcg-defender-controls button[aria-label='Less Health']")
        .await;
    let defender = spec(&b, "#swtcg-defender", |v| v != "Health 560").await;
    assert_eq!(defender, "Health 559");
    b.close().await;
}
