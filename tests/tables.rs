//! Tables: the published ones never drift from the engine, and the command refuses bad input
//! with one line and exit status 2.

use holodice::render::{Format, Options};
use holodice_engine::table::{compute, TableSpec};
use std::path::Path;

use crate::common::{assert_user_error, holodice, stderr};

fn published_markdown(spec_path: &Path) -> String {
    let text = std::fs::read_to_string(spec_path).unwrap();
    let spec: TableSpec =
        holodice_engine::data::parse(&spec_path.display().to_string(), &text).unwrap();
    let table = compute(&spec).unwrap();
    Format::Markdown.renderer().render(
        &holodice::report::table::TableAnswer::new(&table),
        &Options::default(),
    )
}

#[test]
fn published_tables_are_byte_identical_to_what_the_engine_computes() {
    let mut specs: Vec<_> = std::fs::read_dir("data/tables")
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "yaml"))
        .collect();
    specs.sort();
    assert!(specs.len() >= 6, "data/tables/ ships tables for both games");
    for spec in specs {
        let stem = spec.file_stem().unwrap().to_string_lossy().into_owned();
        let doc = format!("docs/tables/{stem}.md");
        let published = std::fs::read_to_string(&doc).unwrap_or_default();
        assert!(
            published == published_markdown(&spec),
            "{doc} differs from the engine: regenerate it with \
             `holodice table --spec {} --format markdown > {doc}`",
            spec.display()
        );
    }
}

#[test]
fn both_games_have_published_tables() {
    let names: Vec<String> = std::fs::read_dir("docs/tables")
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert!(names.iter().any(|n| n.starts_with("swtcg-")));
    assert!(names.iter().any(|n| n.starts_with("legion-")));
}

#[test]
fn bad_ranges_stats_and_sizes_exit_two_with_one_line() {
    let t = |rows: &str, stat: &str| {
        ["table", "swtcg", "--rows", rows, "--stat", stat].map(String::from)
    };
    for (rows, stat, needle) in [
        ("Power 5..1", "mean", "starts after it ends"),
        ("Power a..3", "mean", "not a whole number"),
        ("Power 3", "mean", "as in 'Power 1..10'"),
        ("Power 1..3", "median", "not a statistic"),
        ("Power 1..20000", "mean", "limit of 10000"),
    ] {
        let args = t(rows, stat);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        assert_user_error(&args, &[needle]);
    }
    assert_user_error(
        &[
            "table",
            "swtcg",
            "--rows",
            "Power 1..200",
            "--cols",
            "Accuracy 1..51",
        ],
        &["limit of 10000"],
    );
    assert_user_error(
        &[
            "table",
            "legion",
            "--defender",
            "white defense",
            "--rows",
            "red 1..2",
            "--stat",
            "destroyed",
        ],
        &["for SWTCG tables"],
    );
}

#[test]
fn an_unwritable_plot_path_exits_two_and_leaves_nothing_behind() {
    let dir = std::env::temp_dir().join(format!("holodice-plot-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let missing = dir.join("no-such-dir").join("chart.svg");
    assert_user_error(
        &[
            "table",
            "swtcg",
            "--rows",
            "Power 1..3",
            "--plot",
            missing.to_str().unwrap(),
        ],
        &["cannot write --plot"],
    );
    assert!(!dir.join("no-such-dir").exists());
    let leftovers: Vec<_> = std::fs::read_dir(&dir).unwrap().collect();
    assert!(leftovers.is_empty(), "nothing half-written: {leftovers:?}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn table_cells_are_exact_fractions_in_json_and_with_exact() {
    // Power p hits on half the dice: the mean is p/2.
    let out = holodice(&["table", "swtcg", "--rows", "Power 1..3", "--format", "json"]);
    assert_eq!(out.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["cells"], serde_json::json!([["1/2"], ["1"], ["3/2"]]));
    assert!(v["caption"]
        .as_str()
        .unwrap()
        .contains("rules: all at their defaults"));
    let out = holodice(&[
        "table",
        "swtcg",
        "--rows",
        "Power 1..3",
        "--format",
        "csv",
        "--exact",
    ]);
    let csv = String::from_utf8(out.stdout).unwrap();
    assert_eq!(
        csv.lines().next(),
        Some("Power,mean"),
        "the header line first"
    );
    assert_eq!(csv.lines().nth(1), Some("1,1/2"));
    let out = holodice(&["table", "swtcg", "--rows", "Power 1..3", "--digits", "2"]);
    assert!(String::from_utf8(out.stdout).unwrap().contains("1.50"));
}

#[test]
fn every_table_format_but_csv_carries_the_caption() {
    for format in ["text", "markdown", "latex", "html", "json", "yaml"] {
        let out = holodice(&[
            "table",
            "legion",
            "--defender",
            "white defense",
            "--rows",
            "red 1..2",
            "--format",
            format,
        ]);
        let text = String::from_utf8(out.stdout).unwrap();
        assert_eq!(out.status.code(), Some(0), "{format}");
        assert!(
            text.contains("edition crb-2026-05-29, policy greedy"),
            "{format}: {text}"
        );
    }
}

#[test]
fn a_table_plot_has_one_curve_per_column_with_its_label() {
    let path = std::env::temp_dir().join(format!("holodice-table-{}.svg", std::process::id()));
    let out = holodice(&[
        "table",
        "swtcg",
        "--rows",
        "Power 1..4",
        "--cols",
        "Accuracy 0..2",
        "--plot",
        path.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0));
    let svg = std::fs::read_to_string(&path).unwrap();
    std::fs::remove_file(&path).unwrap();
    let doc = roxmltree::Document::parse(&svg).unwrap();
    assert_eq!(doc.root_element().tag_name().name(), "svg");
    let texts: Vec<&str> = doc.descendants().filter_map(|n| n.text()).collect();
    for label in ["Accuracy 0", "Accuracy 1", "Accuracy 2", "Power", "mean"] {
        assert!(
            texts.iter().any(|t| t.trim() == label),
            "{label} missing from {texts:?}"
        );
    }
    // One line per column, through one point per row (legend swatches have two points).
    let curves = doc
        .descendants()
        .filter(|n| n.tag_name().name() == "polyline")
        .filter(|n| {
            n.attribute("points")
                .unwrap_or("")
                .split_whitespace()
                .count()
                == 4
        })
        .count();
    assert_eq!(curves, 3);
}

#[test]
fn an_attack_plot_is_written_whole() {
    let path = std::env::temp_dir().join(format!("holodice-attack-{}.svg", std::process::id()));
    let out = holodice(&[
        "legion",
        "attack",
        "--attacker",
        "2 red",
        "--defender",
        "white defense",
        "--plot",
        path.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0));
    let svg = std::fs::read_to_string(&path).unwrap();
    std::fs::remove_file(&path).unwrap();
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let texts: Vec<&str> = doc.descendants().filter_map(|n| n.text()).collect();
    assert!(texts.iter().any(|t| t.contains("wounds on the defender")));
}

#[test]
fn swtcg_tables_state_and_use_the_lucky_policy() {
    // Power 1 vs Health 1, the defender's Lucky 1 makes a hit re-roll: greedy always does,
    // 1/2 · 1/2 = 1/4. Optimal for the defender is the same play here.
    for (policy, caption) in [
        ("greedy", "Lucky: greedy policy"),
        ("optimal", "Lucky: optimal policy, objective destroy"),
    ] {
        let out = holodice(&[
            "table",
            "swtcg",
            "--defender",
            "Health 1, Lucky 1",
            "--rows",
            "Power 1..1",
            "--stat",
            "destroyed",
            "--policy",
            policy,
            "--objective",
            "destroy",
            "--format",
            "json",
        ]);
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(v["cells"], serde_json::json!([["1/4"]]), "{policy}");
        assert!(
            v["caption"].as_str().unwrap().contains(caption),
            "{policy}: {}",
            v["caption"]
        );
    }
}

#[test]
fn table_chances_say_impossible_certain_and_tiny_apart() {
    // Health 1: Power p misses only when every die misses, 2^-p. Power 10: 1 - 1/1024 = 0.999;
    // Power 11: 1 - 1/2048 rounds to 1.000 but is not certain. Power 0 can't destroy: exactly 0.
    let out = holodice(&[
        "table",
        "swtcg",
        "--defender",
        "Health 1",
        "--rows",
        "Power 0..11",
        "--stat",
        "destroyed",
    ]);
    let text = String::from_utf8(out.stdout).unwrap();
    let cell = |power: &str| -> String {
        text.lines()
            .find_map(|l| {
                let w: Vec<&str> = l.split_whitespace().collect();
                (w.len() == 2 && w[0] == power).then(|| w[1].to_string())
            })
            .unwrap_or_else(|| panic!("a row for Power {power} in {text}"))
    };
    assert_eq!(cell("0"), "0");
    assert_eq!(cell("10"), "0.999");
    assert_eq!(cell("11"), ">0.999");
    // CSV keeps plain numbers for spreadsheets.
    let out = holodice(&[
        "table",
        "swtcg",
        "--defender",
        "Health 1",
        "--rows",
        "Power 11..11",
        "--stat",
        "destroyed",
        "--format",
        "csv",
    ]);
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "Power,destroyed\n11,1.000\n"
    );
}

// hardening: table-work
#[test]
fn a_tables_work_is_summed_and_refused_before_any_cell_is_computed() {
    use holodice_engine::table::MAX_WORK;
    // 100 × 100 attacks of up to 100 dice, six natural faces tracked: took 28 s once.
    assert_user_error(
        &[
            "table",
            "swtcg",
            "--rows",
            "Power 1..100",
            "--cols",
            "Critical Hit 1..100",
            "--attacker",
            "Fury 1, Focus 1, Backfire 1",
            "--defender",
            "Parry 1, Riposte 1",
        ],
        &[
            &format!("over the limit of {MAX_WORK}"),
            "the largest cell, row Power 100, column Critical Hit",
            "use shorter ranges",
        ],
    );
}

// hardening: table-cell-limit
#[test]
fn a_cell_over_one_attacks_limit_is_named_by_its_row_and_column() {
    // Lucky re-rolls at most 64 dice: the first cell past it is Power 65.
    assert_user_error(
        &[
            "table",
            "swtcg",
            "--rows",
            "Power 60..70",
            "--cols",
            "Critical Hit 1..3",
            "--attacker",
            "Lucky 1",
        ],
        &[
            "row Power 65, column Critical Hit 1: ",
            "at most 64 attack dice",
        ],
    );
    assert_user_error(
        &[
            "table",
            "legion",
            "--rows",
            "red 1..40",
            "--defender",
            "white defense",
        ],
        &["row red 31: ", "over the limit of 30"],
    );
}

#[test]
fn a_table_reads_a_card_whose_name_holds_a_comma_as_an_attack_does() {
    // Destroyer Droid, P Series: Power 5 (Shields 1 acts only when it defends). Each die hits
    // on 4+, 1/2 of the faces; with Accuracy 1 on 3+, 2/3: means 5/2 and 10/3.
    let out = holodice(&[
        "table",
        "swtcg",
        "--attacker",
        r#"@"Destroyer Droid, P Series""#,
        "--defender",
        "Health 5",
        "--rows",
        "Accuracy 0..1",
        "--exact",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("5/2") && text.contains("10/3"), "{text}");
}

#[test]
fn a_legion_table_reads_an_upgrade_whose_name_holds_a_comma_as_an_attack_does() {
    // Mandalorian Super Commandos: 3 minis, no attack surge; the Jetpack Rockets of "Tools of the
    // Trade, Jetpack Rockets" are 4 black dice a mini, so 12 dice that hit (hit or crit) on 4 of
    // 8 faces, and white defense dice without a surge block on 1 of 6. With no Pierce the mean
    // is 12 × 1/2 × 5/6 = 5. Pierce 1 cancels one block when there is one: 6 − (11/12)^12, the
    // chance of no block among H hits being (5/6)^H, H binomial(12, 1/2).
    let out = holodice(&[
        "table",
        "legion",
        "--attacker",
        r#"@Mandalorian Super Commandos, +@"Tools of the Trade, Jetpack Rockets", weapon Jetpack Rockets"#,
        "--defender",
        "white defense",
        "--rows",
        "Pierce 0..1",
        "--exact",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = String::from_utf8_lossy(&out.stdout);
    let rows: Vec<Vec<&str>> = text
        .lines()
        .map(|l| l.split_whitespace().collect())
        .collect();
    assert!(rows.contains(&vec!["0", "5"]), "{text}");
    assert!(
        rows.contains(&vec!["1", "50358174312815/8916100448256"]),
        "{text}"
    );
}

#[test]
fn a_legion_table_of_sequences_gives_each_cell_the_whole_sequence() {
    // Two shots of r red dice (no surge chart) on a unit of courage 1: it ends suppressed
    // unless neither roll holds a hit or crit, each with (2/8)^r: 1 − 1/16 and 1 − 1/256.
    let suppressed = holodice(&[
        "table",
        "legion",
        "--attack",
        "1 red",
        "--attack",
        "1 red",
        "--defender",
        "white defense, courage 1, wounds 2",
        "--rows",
        "red 1..2",
        "--stat",
        "suppressed",
        "--format",
        "json",
    ]);
    assert_eq!(suppressed.status.code(), Some(0), "{}", stderr(&suppressed));
    let v: serde_json::Value = serde_json::from_slice(&suppressed.stdout).unwrap();
    assert_eq!(v["cells"], serde_json::json!([["15/16"], ["255/256"]]));
    assert!(v["caption"]
        .as_str()
        .unwrap()
        .contains("attacks in sequence: 1 red, then 1 red"));
    // Two melee attacks of r red dice on 2 minis of 1 wound, white defense: each die wounds
    // with 6/8 × 5/6 = 5/8, and the unit is wiped by 2 wounds of the 2r dice: (5/8)² for one
    // die each; 1 − (3/8)⁴ − 4 (5/8)(3/8)³ for two.
    let wiped = holodice(&[
        "table",
        "legion",
        "--attack",
        "1 red, melee",
        "--attack",
        "1 red, melee",
        "--defender",
        "white defense, wounds 1, minis 2",
        "--rows",
        "red 1..2",
        "--stat",
        "wiped",
        "--format",
        "json",
    ]);
    let v: serde_json::Value = serde_json::from_slice(&wiped.stdout).unwrap();
    assert_eq!(v["cells"], serde_json::json!([["25/64"], ["3475/4096"]]));
}

#[test]
fn a_sequence_statistic_of_a_table_of_single_attacks_is_refused_in_one_line() {
    let base = [
        "table",
        "legion",
        "--defender",
        "white defense, courage 1",
        "--rows",
        "red 1..2",
    ];
    let mut args = base.to_vec();
    args.extend(["--attacker", "1 red", "--stat", "suppressed"]);
    assert_user_error(&args, &["suppressed", "--attack"]);
    assert_user_error(
        &[
            "table",
            "swtcg",
            "--attack",
            "Power 2",
            "--attack",
            "Power 2",
            "--rows",
            "Power 1..2",
        ],
        &["legion"],
    );
    assert_user_error(
        &["table", "swtcg", "--rows", "Power 1..2", "--stat", "wiped"],
        &["wiped is for Legion tables", "destroyed"],
    );
}
