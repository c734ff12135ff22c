//! The rows of docs/hardening.md that no other test file covers: each bound holds, is checked
//! before the work, and says what it is. Every row of the table carries a `hardening: ID` mark
//! on its test, here or elsewhere (tests/docs.rs checks).

use crate::common::{assert_user_error, holodice, scratch, stderr};
use std::io::Write;
use std::process::{Command, Stdio};

/// The one-line refusal of an attack that reads a card file holding `contents`.
fn card_file_error(name: &str, contents: &[u8], needles: &[&str]) -> String {
    let dir = scratch(name);
    let cards = dir.join(format!("{name}.yaml"));
    std::fs::write(&cards, contents).unwrap();
    let args = [
        "swtcg",
        "attack",
        "--attacker",
        "Power 2",
        "--cards",
        cards.to_str().unwrap(),
    ];
    let err = assert_user_error(&args, needles);
    std::fs::remove_dir_all(&dir).unwrap();
    err
}

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_holodice"))
}

/// Runs holodice with `input` on standard input, written from another thread.
fn with_stdin(
    args: &[&str],
    input: impl FnOnce(&mut dyn Write) + Send + 'static,
) -> std::process::Output {
    let mut child = bin()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || input(&mut stdin));
    let out = child.wait_with_output().unwrap();
    let _ = writer.join();
    out
}

// hardening: full-stderr
#[test]
fn an_error_on_a_full_stderr_is_status_2() {
    let full = std::fs::File::create("/dev/full").expect("Linux has /dev/full");
    let status = bin()
        .args(["swtcg", "attack", "--attacker", "Powr 3"])
        .stderr(full)
        .status()
        .unwrap();
    assert_eq!(status.code(), Some(2));
}

// hardening: plot-target
#[test]
fn plot_leaves_what_is_not_a_regular_file_alone() {
    let dir = scratch("plot-target");
    let target = dir.join("target.svg");
    std::fs::write(&target, "mine").unwrap();
    let link = dir.join("link.svg");
    std::os::unix::fs::symlink(&target, &link).unwrap();
    for path in [link.to_str().unwrap(), "/dev/null", dir.to_str().unwrap()] {
        assert_user_error(
            &["swtcg", "attack", "--attacker", "Power 2", "--plot", path],
            &["is not a regular file", "give a new file name"],
        );
    }
    assert!(std::fs::symlink_metadata(&link)
        .unwrap()
        .file_type()
        .is_symlink());
    assert_eq!(std::fs::read_to_string(&target).unwrap(), "mine");
    std::fs::remove_dir_all(&dir).unwrap();
}

// hardening: plot-partial
#[test]
fn a_plot_that_cannot_be_written_leaves_no_temporary_file() {
    let dir = scratch("plot-partial");
    let missing = dir.join("no-such-dir").join("chart.svg");
    assert_user_error(
        &[
            "swtcg",
            "attack",
            "--attacker",
            "Power 2",
            "--plot",
            missing.to_str().unwrap(),
        ],
        &["cannot write --plot"],
    );
    let left: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .filter(|n| n.to_string_lossy().ends_with(".partial"))
        .collect();
    assert!(left.is_empty(), "{left:?}");
    std::fs::remove_dir_all(&dir).unwrap();
}

// hardening: plot-temporary
#[test]
fn a_plot_never_writes_through_a_planted_link_and_concurrent_runs_each_write_it_whole() {
    let dir = scratch("plot-temporary");
    let chart = dir.join("chart.svg");
    // A link at the name the temporary file once had, pointing at a file of someone else's.
    let victim = dir.join("victim.txt");
    std::fs::write(&victim, "mine").unwrap();
    std::os::unix::fs::symlink(&victim, dir.join(".chart.svg.partial")).unwrap();
    // Twelve runs writing one chart at once: each exits 0 and the chart is whole.
    let runs: Vec<_> = (0..12)
        .map(|_| {
            std::process::Command::new(env!("CARGO_BIN_EXE_holodice"))
                .args(["swtcg", "attack", "--attacker", "Power 3", "--plot"])
                .arg(&chart)
                .stdout(std::process::Stdio::null())
                .stderr(std::process::Stdio::piped())
                .spawn()
                .unwrap()
        })
        .collect();
    for run in runs {
        let out = run.wait_with_output().unwrap();
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    }
    assert_eq!(std::fs::read_to_string(&victim).unwrap(), "mine");
    let svg = std::fs::read_to_string(&chart).unwrap();
    assert!(
        svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"),
        "{svg}"
    );
    let left: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".partial") && n != ".chart.svg.partial")
        .collect();
    assert!(left.is_empty(), "{left:?}");
    std::fs::remove_dir_all(&dir).unwrap();
}

// hardening: plot-input
#[test]
fn a_plot_never_replaces_a_file_the_command_reads() {
    let dir = scratch("plot-input");
    let cards = dir.join("cards.yaml");
    let text = "- {name: Trooper, spec: \"Power 2\"}\n";
    std::fs::write(&cards, text).unwrap();
    let path = cards.to_str().unwrap();
    assert_user_error(
        &[
            "swtcg",
            "attack",
            "--attacker",
            "@Trooper",
            "--cards",
            path,
            "--plot",
            path,
        ],
        &[
            "--plot",
            "a file this command read",
            "give another file name",
        ],
    );
    assert_eq!(std::fs::read_to_string(&cards).unwrap(), text);
    std::fs::remove_dir_all(&dir).unwrap();
}

// hardening: file-quote
#[test]
fn a_card_file_error_quotes_a_short_piece_of_the_file() {
    let dir = scratch("file-quote");
    let cards = dir.join("cards.yaml");
    let long = "a".repeat(2000);
    std::fs::write(
        &cards,
        format!(
            "- {{cardName: Foo, cardType: unit, stats: {{minicount: \"{long}\", hp: 1, \
             defense: w, courage: 1}}}}\n"
        ),
    )
    .unwrap();
    let line = assert_user_error(
        &["legion", "units", "--cards", cards.to_str().unwrap()],
        &["cards.yaml:1", "item '#1 (Foo)'", "… (2000 bytes)"],
    );
    assert!(line.len() < 400, "{} bytes: {line}", line.len());
    std::fs::remove_dir_all(&dir).unwrap();
}

// hardening: card-file-size
#[test]
fn a_card_file_is_read_no_further_than_its_limit() {
    use holodice::command::MAX_CARD_FILE;
    assert_user_error(
        &[
            "swtcg",
            "attack",
            "--attacker",
            "Power 2",
            "--cards",
            "/dev/zero",
        ],
        &[&format!(
            "over the limit of {} MiB for --cards",
            MAX_CARD_FILE >> 20
        )],
    );
}

// hardening: spec-file-size
#[test]
fn a_table_spec_is_read_no_further_than_its_limit() {
    assert_user_error(
        &["table", "--spec", "/dev/zero"],
        &["over the limit of 1 MiB for --spec"],
    );
}

// hardening: samples-size
#[test]
fn samples_are_read_no_further_than_their_limit() {
    use holodice::command::MAX_SAMPLES_INPUT;
    // Lines of 4000 bytes, each one sample of 0, past the limit: refused with the fix.
    let out = with_stdin(
        &["check", "--samples", "-", "swtcg", "--attacker", "Power 3"],
        move |w| {
            let line = format!("{}0\n", " ".repeat(3999));
            for _ in 0..=(MAX_SAMPLES_INPUT / 4000) + 1 {
                if w.write_all(line.as_bytes()).is_err() {
                    break;
                }
            }
        },
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("over the limit of 128 MiB of samples"),
        "{}",
        stderr(&out)
    );
}

// hardening: samples-line
#[test]
fn a_sample_line_is_read_no_further_than_its_limit() {
    assert_user_error(
        &[
            "check",
            "--samples",
            "/dev/zero",
            "swtcg",
            "--attacker",
            "Power 3",
        ],
        &["line 1: the line is longer than 4096 bytes"],
    );
}

// hardening: samples-outcomes
#[test]
fn distinct_outcomes_are_bounded() {
    use holodice_engine::gof::MAX_OUTCOMES;
    let out = with_stdin(
        &["check", "--samples", "-", "swtcg", "--attacker", "Power 3"],
        move |w| {
            for i in 0..=MAX_OUTCOMES {
                if writeln!(w, "{i}").is_err() {
                    break;
                }
            }
        },
    );
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(
        err.contains(&format!(
            "line {}: more than {MAX_OUTCOMES}",
            MAX_OUTCOMES + 1
        )),
        "{err}"
    );
}

// hardening: yaml-depth
#[test]
fn deep_nesting_is_refused_before_parsing() {
    let text = format!("- name: {}x{}\n", "[".repeat(64_000), "]".repeat(64_000));
    card_file_error(
        "deep",
        text.as_bytes(),
        &["deep.yaml:1: nested 33 levels deep, over the limit of 32"],
    );
}

// hardening: bom
#[test]
fn a_byte_order_mark_is_accepted() {
    let dir = scratch("bom");
    let cards = dir.join("cards.yaml");
    std::fs::write(&cards, "\u{feff}- name: Marked\n  spec: Power 2\n").unwrap();
    let samples = dir.join("samples.csv");
    std::fs::write(&samples, "\u{feff}outcome,count\n0,1\n1,2\n2,1\n").unwrap();
    let spec = dir.join("table.yaml");
    std::fs::write(&spec, "\u{feff}game: swtcg\nrows: Power 1..2\nstat: mean\n").unwrap();
    for args in [
        vec![
            "swtcg",
            "attack",
            "--attacker",
            "@Marked",
            "--cards",
            cards.to_str().unwrap(),
        ],
        vec![
            "check",
            "--samples",
            samples.to_str().unwrap(),
            "swtcg",
            "--attacker",
            "Power 2",
        ],
        vec!["table", "--spec", spec.to_str().unwrap()],
    ] {
        let out = holodice(&args);
        assert_eq!(out.status.code(), Some(0), "{args:?}: {}", stderr(&out));
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

// hardening: not-utf8
#[test]
fn a_file_that_is_not_utf8_is_named_with_its_byte() {
    card_file_error(
        "latin1",
        b"- name: A\xff\n",
        &["is not UTF-8 text (byte 9 is not)"],
    );
}

// hardening: card-count
#[test]
fn thirty_thousand_cards_load() {
    let dir = scratch("card-count");
    let cards = dir.join("many.yaml");
    let text: String = (0..30_000)
        .map(|i| format!("- name: Card {i}\n  spec: Power {}, Health 3\n", i % 10 + 1))
        .collect();
    std::fs::write(&cards, text).unwrap();
    let out = holodice(&[
        "swtcg",
        "attack",
        "--attacker",
        "@Card 29999",
        "--cards",
        cards.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A set file's header line, then `rows`.
fn set_file(rows: impl Iterator<Item = String>) -> String {
    let mut text = String::from("Name\tSet\tType\tPower\tHealth\tText\n");
    for row in rows {
        text.push_str(&row);
        text.push('\n');
    }
    text
}

// hardening: card-count
#[test]
fn thirty_thousand_printings_of_one_name_load_and_are_named_in_a_short_line() {
    let rows = (0..30_000).map(|i| format!("Twin\tZZ\tSpace\t{}\t{}\t", i % 100 + 1, i / 100 + 1));
    let dir = scratch("printings");
    let cards = dir.join("twins.txt");
    std::fs::write(&cards, set_file(rows)).unwrap();
    let args = [
        "swtcg",
        "attack",
        "--attacker",
        "@Twin",
        "--cards",
        cards.to_str().unwrap(),
    ];
    let err = assert_user_error(&args, &["'Twin' is printed 30000 different ways, in ZZ"]);
    assert!(err.len() < 300, "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

// hardening: set-file-rows
#[test]
fn a_set_file_is_refused_past_its_rows_before_any_is_read() {
    let rows = (0..=100_000).map(|_| "Drone\tZZ\tSpace\t1\t1\t".to_string());
    card_file_error(
        "rows",
        set_file(rows).as_bytes(),
        &["rows.yaml:100002: more than 100000 rows, the limit for a set file"],
    );
}

// hardening: set-file-columns
#[test]
fn a_set_file_line_is_refused_past_its_columns() {
    let wide = format!("Drone\tZZ\tSpace\t1\t1\t{}", "\t".repeat(64));
    card_file_error(
        "columns",
        set_file(std::iter::once(wide)).as_bytes(),
        &["columns.yaml:2: more than 64 tab-separated columns, the limit for a set file"],
    );
}

// hardening: set-file-line
#[test]
fn a_set_file_line_is_refused_past_its_length() {
    let long = format!("Drone\tZZ\tSpace\t1\t1\t{}", "Armor | ".repeat(3_000));
    card_file_error(
        "line",
        set_file(std::iter::once(long)).as_bytes(),
        &["line.yaml:2: the line is 24019 bytes, over the limit of 16384 for a set file"],
    );
}

// hardening: long-item
#[test]
fn a_long_item_is_quoted_short() {
    let text = format!("- name: X\n  spec: Power 3, {}\n", "Z".repeat(3_000_000));
    let err = card_file_error("long", text.as_bytes(), &["item 'X'", "… (3000000 bytes)"]);
    assert!(err.len() < 600, "{} bytes", err.len());
    let long = format!("Power 3, {}", "Q".repeat(100_000));
    let err = assert_user_error(
        &["swtcg", "attack", "--attacker", &long],
        &["… (100000 bytes)"],
    );
    assert!(err.len() < 600, "{} bytes", err.len());
    let long = format!("4 red, {}", "Q".repeat(100_000));
    let err = assert_user_error(
        &[
            "legion",
            "attack",
            "--attacker",
            &long,
            "--defender",
            "white defense",
        ],
        &["… (100000 bytes)"],
    );
    assert!(err.len() < 600, "{} bytes", err.len());
}

// hardening: missing-command
#[test]
fn a_missing_command_is_one_line_listing_the_commands() {
    assert_user_error(
        &[],
        &["'holodice' needs a command: swtcg, legion, table, check, serve"],
    );
    assert_user_error(
        &["swtcg"],
        &["'holodice swtcg' needs a command: attack, dice, sequence, compare, simulate"],
    );
    assert_user_error(
        &["legion"],
        &["'holodice legion' needs a command: attack, sequence, compare"],
    );
}

// hardening: swtcg-dice
#[test]
fn swtcg_attack_dice_are_bounded() {
    assert_user_error(
        &["swtcg", "attack", "--attacker", "Power 2001"],
        &["2001 attack dice is over the limit of 2000 for one attack"],
    );
}

// hardening: swtcg-extra
#[test]
fn swtcg_extra_dice_are_bounded_against_the_power_dice() {
    assert_user_error(
        &["swtcg", "attack", "--attacker", "Power 1000, Fury 30"],
        &["may be at most 20000"],
    );
}

// hardening: swtcg-damage-dice
#[test]
fn swtcg_dice_of_damage_are_bounded_against_the_attack_roll() {
    assert_user_error(
        &[
            "swtcg",
            "attack",
            "--attacker",
            "Power 1000",
            "--defender",
            "Retaliate 300",
        ],
        &["may be at most 200000; lower the power or X"],
    );
}

// hardening: swtcg-damage-words
#[test]
fn swtcg_dice_of_damage_are_bounded_by_the_length_of_their_weights() {
    // 1,901 × 21 states, twice over for the face Critical Hit reads, are within the state
    // bound, but each weight spans 1,920 dice: 79,842 states × (77 + 8) words.
    assert_user_error(
        &[
            "swtcg",
            "attack",
            "--attacker",
            "Power 1900, Critical Hit 1",
            "--defender",
            "Retaliate 20",
        ],
        &["words of exact states, over the limit of 3500000; lower the power or X"],
    );
}

// hardening: sequence-kept
#[test]
fn a_sequence_keeps_a_bounded_size_of_attacks() {
    // The first attack leaves about a hundred distinct counts short of Health 99, each the start
    // of an attack of some 500 dice whose outcomes the sequence keeps.
    assert_user_error(
        &[
            "swtcg",
            "sequence",
            "--attacker",
            "Power 500, Critical Hit 2, Fury 2",
            "--defender",
            "Health 99",
            "--attacks",
            "3",
        ],
        &["too large to keep by attack 2 (over the limit of 60000000 bytes of exact outcomes)"],
    );
}

// hardening: compare-work
#[test]
fn a_comparison_is_bounded_by_its_attacks_work_before_any_is_made() {
    // Each: 2,001 outcomes × 81 words × 3 (Fury's dice) × 8 (three faces tracked).
    let big = "Power 1998, Accuracy 1, Critical Hit 2, Fury 2";
    assert_user_error(
        &[
            "swtcg",
            "compare",
            "--attacker",
            big,
            "--attacker",
            big,
            "--attacker",
            big,
            "--defender",
            "Health 3000, Armor, Parry 1",
        ],
        &["units of work, over the limit of 8000000 for one comparison"],
    );
}

// hardening: compare-words
#[test]
fn a_comparison_is_bounded_by_the_size_of_its_distributions_before_any_attack() {
    // Each: 1,999 outcomes over 6^1998, 81 words long: 161,919 words, five over 800,000.
    let mut args = vec!["swtcg", "compare"];
    for _ in 0..5 {
        args.extend(["--attacker", "Power 1998"]);
    }
    assert_user_error(&args, &["words by loadout E, over the limit of 800000"]);
    // Refused before any attack is made: loadout A alone would be refused when made (--objective
    // destroy with Lucky needs the defender's Health), and that is not what is said.
    let mut args = vec!["swtcg", "compare", "--objective", "destroy"];
    args.extend(["--attacker", "Power 1, Lucky 1"]);
    for _ in 0..5 {
        args.extend(["--attacker", "Power 1998"]);
    }
    assert_user_error(&args, &["words by loadout F, over the limit of 800000"]);
}

// hardening: swtcg-lucky
#[test]
fn swtcg_lucky_is_bounded_by_the_states_its_policy_goes_through() {
    // The worst pool, every face its own class: Critical Hit, Parry and Riposte read on the
    // final roll, Fury (2 extra dice), Focus and Backfire on the initial one.
    let defender = "Health 40, Parry 1, Riposte 1";
    let (greedy, optimal) = (
        "Power 25, Fury 2, Focus 1, Backfire 1, Critical Hit 1, Lucky 1",
        "Power 15, Fury 2, Focus 1, Backfire 1, Critical Hit 1, Lucky 1",
    );
    assert_user_error(
        &[
            "swtcg",
            "attack",
            "--attacker",
            greedy,
            "--defender",
            defender,
        ],
        &[
            "Lucky re-rolls of 27 attack dice",
            "with the greedy policy, over the limit of 7249536",
        ],
    );
    assert_user_error(
        &[
            "swtcg",
            "attack",
            "--attacker",
            optimal,
            "--defender",
            defender,
            "--policy",
            "optimal",
        ],
        &[
            "Lucky re-rolls of 17 attack dice",
            "with the optimal policy, over the limit of 596904",
        ],
    );
    // Plain dice go through far fewer states, up to the dice a count holds.
    assert_user_error(
        &["swtcg", "attack", "--attacker", "Power 65, Lucky 1"],
        &["Lucky re-rolls are computed for at most 64 attack dice; this attack rolls 65"],
    );
}

// hardening: sequence-work
#[test]
fn a_sequence_evaluates_a_bounded_number_of_dice() {
    // One start, then 201 counts after the first attack and 401 after the second, each the start
    // of an attack of 200 dice costing 201: 201 + 201 × 201 + 401 × 201 passes 75,000 in the third.
    assert_user_error(
        &[
            "swtcg",
            "sequence",
            "--attacker",
            "Power 200",
            "--defender",
            "Health 1000",
            "--attacks",
            "10",
        ],
        &["by attack 3, over the limit of 75000 dice evaluated"],
    );
}

// hardening: sequence-attacks
#[test]
fn a_sequence_holds_at_most_100_attacks() {
    assert_user_error(
        &[
            "swtcg",
            "sequence",
            "--attacker",
            "Power 2",
            "--attacks",
            "101",
            "--defender",
            "Health 3",
        ],
        &["a sequence holds 1 to 100 attacks; this one has 101"],
    );
}

// hardening: legion-pool
#[test]
fn legion_pools_tokens_and_defense_dice_are_bounded() {
    fn legion(attacker: &str) -> Vec<&str> {
        vec![
            "legion",
            "attack",
            "--attacker",
            attacker,
            "--defender",
            "white defense",
        ]
    }
    assert_user_error(
        &legion("31 red"),
        &["31 attack dice is over the limit of 30"],
    );
    assert_user_error(
        &legion("4 red, aim 4, observation 3"),
        &["7 aim and observation tokens is over the limit of 6"],
    );
    assert_user_error(
        &[
            "legion",
            "attack",
            "--attacker",
            "30 red, Pierce 11",
            "--defender",
            "white defense, Impervious",
            "--edition",
            "amg-2021",
        ],
        &["over the limit of 40"],
    );
}

// hardening: legion-reroll
#[test]
fn legion_reroll_states_are_bounded() {
    // Critical 30 keeps every surge apart: 66 (blanks, surges) per colour of 10 dice, times the
    // 7 counts of aims spent that Lethal reads.
    assert_user_error(
        &[
            "legion",
            "attack",
            "--attacker",
            "10 red, 10 black, 10 white, aim 6, Critical 30, Lethal 1",
            "--defender",
            "white defense",
        ],
        &["keeps 2012472 states, over the limit of 1000000"],
    );
}

// hardening: legion-reroll-work
#[test]
fn legion_greedy_reroll_work_is_bounded() {
    assert_user_error(
        &[
            "legion",
            "attack",
            "--attacker",
            "10 red, 10 black, 10 white, aim 6, Precise 3, Critical 5, Lethal 1",
            "--defender",
            "white defense",
        ],
        &["takes 602633493 steps, over the limit of 400000000"],
    );
}

// hardening: table-cells
#[test]
fn a_table_holds_at_most_10000_cells() {
    assert_user_error(
        &[
            "table",
            "swtcg",
            "--rows",
            "Power 1..101",
            "--cols",
            "Accuracy 1..100",
        ],
        &["a table of 101 × 100 cells is over the limit of 10000"],
    );
}

// hardening: simulate-trials
#[test]
fn a_simulation_rolls_at_most_its_trial_limit() {
    assert_user_error(
        &[
            "swtcg",
            "simulate",
            "--attacker",
            "Power 1",
            "--trials",
            "100000001",
        ],
        &["--trials 100000001: give 1 to 100000000"],
    );
}

// hardening: full-disk
#[test]
fn help_that_cannot_be_written_is_status_2() {
    let full = std::fs::File::create("/dev/full").expect("Linux has /dev/full");
    let out = bin().arg("--help").stdout(full).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).starts_with("holodice: error: cannot write the output"));
}

// hardening: file-fifo
#[test]
fn a_fifo_given_as_an_input_file_is_refused_at_once() {
    let dir = scratch("fifo");
    let fifo = dir.join("pipe");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap();
    assert!(made.success());
    let fifo = fifo.to_str().unwrap();
    let started = std::time::Instant::now();
    for args in [
        vec!["swtcg", "attack", "--attacker", "Power 2", "--cards", fifo],
        vec!["table", "--spec", fifo],
        vec!["check", "--samples", fifo, "swtcg", "--attacker", "Power 2"],
    ] {
        assert_user_error(&args, &["is a FIFO", "- for standard input"]);
    }
    assert!(started.elapsed() < std::time::Duration::from_secs(10));
    std::fs::remove_dir_all(&dir).unwrap();
}

// hardening: plot-partial
#[test]
fn a_plot_past_the_file_size_limit_fails_in_one_line_and_leaves_no_temporary_file() {
    let dir = scratch("plot-fsize");
    let chart = dir.join("chart.svg");
    // A file-size limit of 1 KiB: the chart's write fails (rather than the signal killing the
    // command with its temporary file half written).
    let out = std::process::Command::new("sh")
        .arg("-c")
        .arg(format!(
            "ulimit -f 1 && exec '{}' swtcg attack --attacker 'Power 100' --plot '{}'",
            env!("CARGO_BIN_EXE_holodice"),
            chart.display()
        ))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("cannot write --plot"),
        "{}",
        stderr(&out)
    );
    let left: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert!(left.is_empty(), "{left:?}");
    std::fs::remove_dir_all(&dir).unwrap();
}
