//! End-to-end tests of `holodice check`: samples against the exact distribution of an attack.
//!
//! Samples come from the files under tests/fixtures/check/ (exact frequencies worked out by hand,
//! the derivations beside the tests) or from a small deterministic dice simulator written here,
//! once right and once with a known rules mistake. Every expected statistic is computed by hand
//! from the counts, never copied from the program's output.

use serde_json::Value;
use std::io::Write;
use std::process::{Command, Output, Stdio};

use crate::common::*;

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

fn fixture(name: &str) -> String {
    format!("{}/tests/fixtures/check/{name}", env!("CARGO_MANIFEST_DIR"))
}

/// `holodice args...` with `input` on standard input.
fn holodice_stdin(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_holodice"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the holodice binary runs");
    let mut stdin = child.stdin.take().expect("stdin is piped");
    // The binary may exit before reading (a bad argument): a broken pipe is then expected.
    let _ = stdin.write_all(input.as_bytes());
    drop(stdin);
    child.wait_with_output().expect("the holodice binary ends")
}

/// Asserts the exit status and that stderr is empty, and returns stdout.
fn expect_status(out: &Output, status: i32, what: &str) -> String {
    assert_eq!(
        out.status.code(),
        Some(status),
        "{what}: exit status; stdout:\n{}\nstderr: {}",
        stdout(out),
        stderr(out)
    );
    assert!(
        out.stderr.is_empty(),
        "{what}: a check that ran prints nothing on stderr, got {}",
        stderr(out)
    );
    stdout(out)
}

fn json(text: &str) -> Value {
    serde_json::from_str(text).unwrap_or_else(|e| panic!("not one JSON document ({e}):\n{text}"))
}

fn f(v: &Value) -> f64 {
    v.as_f64().unwrap_or_else(|| panic!("{v} is not a number"))
}

fn close(a: f64, b: f64, tol: f64) -> bool {
    (a - b).abs() <= tol
}

/// SplitMix64: a small deterministic generator, so the simulated samples are the same on every
/// run and machine.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn d6(&mut self) -> i64 {
        (self.next() % 6) as i64 + 1
    }
}

/// A SWTCG attack simulator for Power, Accuracy and Critical Hit against a defender without
/// keywords: each die hits when its face plus Accuracy is 4 or more; Critical Hit adds its value
/// when a die shows a natural six. `crit_needs_hit` is the known mistake: it fires only on a six
/// that also hits. Returns one damage outcome per line.
fn simulate_swtcg(
    seed: u64,
    trials: usize,
    power: usize,
    accuracy: i64,
    critical: i64,
    crit_needs_hit: bool,
) -> String {
    let mut rng = Rng(seed);
    let mut out = String::from("outcome\n");
    for _ in 0..trials {
        let faces: Vec<i64> = (0..power).map(|_| rng.d6()).collect();
        let hits = faces.iter().filter(|&&f| f + accuracy >= 4).count() as i64;
        let six = faces
            .iter()
            .any(|&f| f == 6 && (!crit_needs_hit || f + accuracy >= 4));
        let damage = hits + if six { critical } else { 0 };
        out.push_str(&format!("{damage}\n"));
    }
    out
}

// ---------------------------------------------------------------------------------------------
// (a) Exact frequencies are consistent
// ---------------------------------------------------------------------------------------------

/// Power 3 against a defender without Armor: each die hits on 4+ (p = 1/2), so damage is
/// Binomial(3, 1/2) = 1/8, 3/8, 3/8, 1/8; the fixture holds 10,000 samples in exactly those
/// proportions: 1250, 3750, 3750, 1250. Chi-square 0 on 3 degrees of freedom, p-value 1.
#[test]
fn exact_frequencies_are_consistent() {
    let path = fixture("power3-health2-exact.csv");
    let base = ["check", "--samples", &path];
    let scenario = ["swtcg", "--attacker", "Power 3", "--defender", "Health 2"];
    let args: Vec<&str> = base.iter().chain(&scenario).copied().collect();
    let text = expect_status(&holodice(&args), 0, "exact frequencies, text");
    for needle in [
        "damage",
        "Attacker: Power 3",
        "Samples: 10000",
        "outcome  observed  expected",
        "Test: chi-square, statistic 0.0000, 3 degrees of freedom, p-value 1",
        "Verdict: consistent",
    ] {
        assert!(text.contains(needle), "missing {needle:?} in:\n{text}");
    }

    let args: Vec<&str> = base
        .iter()
        .chain(&["--format", "json"])
        .chain(&scenario)
        .copied()
        .collect();
    let j = json(&expect_status(
        &holodice(&args),
        0,
        "exact frequencies, JSON",
    ));
    for key in [
        "observed",
        "expected",
        "statistic",
        "dof",
        "p_value",
        "alpha",
        "consistent",
        "impossible",
    ] {
        assert!(j.get(key).is_some(), "JSON lacks {key:?}: {j}");
    }
    for (k, n) in [("0", 1250), ("1", 3750), ("2", 3750), ("3", 1250)] {
        assert_eq!(j["observed"][k], n);
        assert_eq!(f(&j["expected"][k]), f64::from(n));
    }
    assert_eq!(f(&j["statistic"]), 0.0);
    assert_eq!(j["dof"], 3);
    assert!(f(&j["p_value"]) > 0.999_999);
    assert_eq!(f(&j["alpha"]), 1e-6);
    assert_eq!(j["consistent"], true);
    assert_eq!(j["impossible"], serde_json::json!([]));
    assert_eq!(j["variable"], "damage");
    assert_eq!(j["test"], "chi-square");

    // The same with the G-test, and --format given after the game as for `swtcg attack`.
    let args: Vec<&str> = base
        .iter()
        .chain(&["--test", "g-test"])
        .chain(&scenario)
        .chain(&["--format", "json"])
        .copied()
        .collect();
    let j = json(&expect_status(&holodice(&args), 0, "G-test"));
    assert_eq!(j["test"], "G-test");
    assert_eq!(f(&j["statistic"]), 0.0);
}

/// A correct simulator of the same attack passes too (a control for the simulator below).
#[test]
fn a_correct_simulator_passes() {
    // Power 4, Accuracy 1, Critical Hit 2: hits on natural 3+, and 2 more on any natural six.
    let samples = simulate_swtcg(7, 10_000, 4, 1, 2, false);
    let out = holodice_stdin(
        &[
            "check",
            "--samples",
            "-",
            "swtcg",
            "--attacker",
            "Power 4, Accuracy 1, Critical Hit 2",
        ],
        &samples,
    );
    let text = expect_status(&out, 0, "correct simulator");
    assert!(text.contains("Samples: 10000 from --samples - (standard input)"));
}

// ---------------------------------------------------------------------------------------------
// (b), (f) A simulator with a known mistake is rejected; samples on standard input
// ---------------------------------------------------------------------------------------------

/// Power 4, Accuracy −3, Critical Hit 2: no die can hit (a natural 6 − 3 = 3 < 4), but Critical
/// Hit fires on any natural six, so damage is 2 with probability 1 − (5/6)^4 = 671/1296 and 0
/// otherwise. A simulator that wrongly makes the six hit first never fires Critical Hit: all its
/// 10,000 samples are 0. With p₀ = 625/1296, p₂ = 671/1296 and N = 10,000:
/// X² = (N − N p₀)²/(N p₀) + (N p₂)²/(N p₂) = N p₂²/p₀ + N p₂ = N p₂/p₀ = 10,000 · 671/625
/// = 10,736, on 1 degree of freedom.
#[test]
fn a_simulator_whose_critical_hit_needs_a_hit_is_rejected() {
    let samples = simulate_swtcg(1, 10_000, 4, -3, 2, true);
    assert!(samples.lines().skip(1).all(|l| l == "0"));
    let args = [
        "check",
        "--samples",
        "-",
        "--format",
        "json",
        "swtcg",
        "--attacker",
        "Power 4, Accuracy -3, Critical Hit 2",
    ];
    let j = json(&expect_status(
        &holodice_stdin(&args, &samples),
        1,
        "wrong simulator",
    ));
    assert_eq!(j["consistent"], false);
    assert_eq!(j["impossible"], serde_json::json!([]));
    assert_eq!(j["dof"], 1);
    assert!(close(f(&j["statistic"]), 10_736.0, 1e-6), "{j}");
    assert!(f(&j["p_value"]) < 1e-6);
    assert_eq!(j["observed"]["0"], 10_000);
    assert_eq!(j["observed"]["2"], 0);
    // N p₂ = 10,000 · 671/1296.
    assert!(close(
        f(&j["expected"]["2"]),
        10_000.0 * 671.0 / 1296.0,
        1e-6
    ));

    // The text verdict says why.
    let text_args = [
        "check",
        "--samples",
        "-",
        "swtcg",
        "--attacker",
        "Power 4, Accuracy -3, Critical Hit 2",
    ];
    let text = expect_status(&holodice_stdin(&text_args, &samples), 1, "text verdict");
    assert!(text.contains("Verdict: rejected (p-value"), "{text}");

    // The same simulator with the rule right passes.
    let right = simulate_swtcg(1, 10_000, 4, -3, 2, false);
    expect_status(&holodice_stdin(&text_args, &right), 0, "right simulator");
}

// ---------------------------------------------------------------------------------------------
// (c) Legion: cover that cancels crits (a wrong reading) against the engine
// ---------------------------------------------------------------------------------------------

/// Attacker "2 red, surge crit", defender "red defense, cover light", edition amg-2021 (cover
/// cancels hits outright; crits ignore it).
///
/// A red attack die shows a crit on 1 face, a surge (→ crit) on 1, a hit on 5 and a blank on 1
/// of 8: C = 1/4, H = 5/8, B = 1/8. For two dice (in 64ths): CC 4, CH 20, CB 4, HH 25, HB 10,
/// BB 1. Light cover cancels one hit; each remaining result is then blocked by a red defense die
/// with probability 3/6 = 1/2 (its surge is a blank without surge block), so wounds are
/// Binomial(remaining, 1/2).
///
/// - Right (cover cancels hits only): remaining = crits + max(hits − 1, 0): 2 for CC, 1 for CH,
///   CB, HH, 0 for HB, BB. P(2 remain) = 4/64, P(1) = 49/64, P(0) = 11/64; wounds:
///   P(2) = 4/64 · 1/4 = 2/128, P(1) = 4/64 · 1/2 + 49/64 · 1/2 = 53/128, P(0) = 73/128.
/// - Wrong (cover cancels a crit too): remaining = max(crits + hits − 1, 0): 1 for CC, CH, HH,
///   0 for CB, HB, BB. P(1 remain) = 49/64, P(0) = 15/64; wounds: P(1) = 49/128,
///   P(0) = 79/128, never 2.
///
/// The fixture holds the wrong reading's exact frequencies for N = 12,800: 7900 zeros and 4900
/// ones. Against the engine's 7300, 5300, 200:
/// X² = 600²/7300 + 400²/5300 + 200²/200 = 49.315 + 30.189 + 200 = 279.504, 2 degrees of
/// freedom, p = e^(−X²/2) ≈ 1.6e-61.
#[test]
fn legion_cover_cancelling_crits_is_rejected() {
    let path = fixture("legion-cover-cancels-crits.csv");
    let scenario = [
        "legion",
        "--attacker",
        "2 red, surge crit",
        "--defender",
        "red defense, cover light",
        "--edition",
        "amg-2021",
    ];
    let args: Vec<&str> = ["check", "--samples", &path, "--format", "json"]
        .iter()
        .chain(&scenario)
        .copied()
        .collect();
    let j = json(&expect_status(&holodice(&args), 1, "wrong cover reading"));
    for (k, e) in [("0", 7300.0), ("1", 5300.0), ("2", 200.0)] {
        assert!(close(f(&j["expected"][k]), e, 1e-9), "{k}: {j}");
    }
    let x2 = 600.0f64.powi(2) / 7300.0 + 400.0f64.powi(2) / 5300.0 + 200.0;
    assert!(close(f(&j["statistic"]), x2, 1e-9), "{j}");
    assert!(close(x2, 279.504, 1e-3));
    assert_eq!(j["dof"], 2);
    assert!(close(f(&j["p_value"]), (-x2 / 2.0).exp(), 1e-70), "{j}");
    assert_eq!(j["consistent"], false);
    assert_eq!(j["edition"], "rrg-2021");
    assert_eq!(j["variable"], "wounds");

    // The G-test rejects it too.
    let args: Vec<&str> = ["check", "--samples", &path, "--test", "g-test"]
        .iter()
        .chain(&scenario)
        .copied()
        .collect();
    let text = expect_status(&holodice(&args), 1, "wrong cover reading, G-test");
    assert!(text.contains("Test: G-test"), "{text}");

    // The right reading's exact frequencies pass.
    let right = "outcome,count\n0,7300\n1,5300\n2,200\n";
    let args: Vec<&str> = ["check", "--samples", "-"]
        .iter()
        .chain(&scenario)
        .copied()
        .collect();
    expect_status(&holodice_stdin(&args, right), 0, "right cover reading");
}

/// `--variable` picks another variable of the attack: a red die's results before cover are
/// hits + crits, 7/8 per die with surge crit, so 1 die gives P(1) = 7/8.
#[test]
fn legion_other_variables() {
    let base = [
        "check",
        "--samples",
        "-",
        "--format",
        "json",
        "legion",
        "--attacker",
        "1 red, surge crit",
        "--defender",
        "white defense",
    ];
    let args: Vec<&str> = base
        .iter()
        .chain(&["--variable", "attack_results"])
        .copied()
        .collect();
    let j = json(&expect_status(
        &holodice_stdin(&args, "0,100\n1,700\n"),
        0,
        "attack results",
    ));
    assert_eq!(j["variable"], "attack_results");
    assert_eq!(f(&j["expected"]["1"]), 700.0);
    assert_eq!(f(&j["statistic"]), 0.0);

    // No guardian, no guardian wounds.
    let args: Vec<&str> = base
        .iter()
        .chain(&["--variable", "guardian_wounds"])
        .copied()
        .collect();
    let out = holodice_stdin(&args, "0\n");
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("--guardian"), "{}", stderr(&out));
}

// ---------------------------------------------------------------------------------------------
// (d) Impossible outcomes
// ---------------------------------------------------------------------------------------------

/// Power 3 deals at most 3 damage: two samples of 5 are impossible. The other 10,000 samples
/// match the distribution exactly (p-value 1), and the check still fails.
#[test]
fn an_impossible_outcome_fails_the_check() {
    let path = fixture("power3-health2-impossible.csv");
    let scenario = ["swtcg", "--attacker", "Power 3", "--defender", "Health 2"];
    let args: Vec<&str> = ["check", "--samples", &path, "--format", "json"]
        .iter()
        .chain(&scenario)
        .copied()
        .collect();
    let j = json(&expect_status(&holodice(&args), 1, "impossible, JSON"));
    assert_eq!(j["impossible"], serde_json::json!([5]));
    assert_eq!(j["consistent"], false);
    assert_eq!(j["observed"]["5"], 2);
    assert_eq!(f(&j["expected"]["5"]), 0.0);
    assert!(f(&j["p_value"]) > 0.999_999);

    let args: Vec<&str> = ["check", "--samples", &path]
        .iter()
        .chain(&scenario)
        .copied()
        .collect();
    let text = expect_status(&holodice(&args), 1, "impossible, text");
    assert!(text.contains("impossible"), "{text}");
    assert!(
        text.contains(
            "Verdict: rejected: impossible outcome observed (probability 0): 5 (2 times)"
        ),
        "{text}"
    );

    // Damage 1 falls in the gap of a {0, 2} distribution (Critical Hit only, see above).
    let args = [
        "check",
        "--samples",
        "-",
        "--format",
        "json",
        "swtcg",
        "--attacker",
        "Power 4, Accuracy -3, Critical Hit 2",
    ];
    let j = json(&expect_status(
        &holodice_stdin(&args, "0\n2\n1\n2\n"),
        1,
        "gap",
    ));
    assert_eq!(j["impossible"], serde_json::json!([1]));
}

// ---------------------------------------------------------------------------------------------
// Binning through the command line
// ---------------------------------------------------------------------------------------------

/// 16 samples of Power 3 expect 2, 6, 6, 2: {0, 1} reaches 8 and closes, {2} is 6, and the tail
/// {3} (2 < 5) joins it: bins 0..1 and 2..3, 1 degree of freedom.
#[test]
fn small_expected_counts_merge() {
    let args = [
        "check",
        "--samples",
        "-",
        "--format",
        "json",
        "swtcg",
        "--attacker",
        "Power 3",
    ];
    let j = json(&expect_status(
        &holodice_stdin(&args, "0,2\n1,6\n2,6\n3,2\n"),
        0,
        "merging",
    ));
    let bins: Vec<(i64, i64)> = j["bins"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| (b["first"].as_i64().unwrap(), b["last"].as_i64().unwrap()))
        .collect();
    assert_eq!(bins, vec![(0, 1), (2, 3)]);
    assert_eq!(j["dof"], 1);
    assert_eq!(f(&j["statistic"]), 0.0);
}

// ---------------------------------------------------------------------------------------------
// (e) Bad input: exit 2, one line
// ---------------------------------------------------------------------------------------------

#[test]
fn a_non_integer_line_names_its_line() {
    let path = fixture("not-an-integer.csv");
    // Line 1 is the header, line 4 blank; "2.5" is line 5.
    assert_user_error(
        &[
            "check",
            "--samples",
            &path,
            "swtcg",
            "--attacker",
            "Power 3",
        ],
        &[
            "not-an-integer.csv, line 5",
            "'2.5' is not an integer outcome",
        ],
    );
}

#[test]
fn bad_input_exits_2_on_one_line() {
    let p3 = ["swtcg", "--attacker", "Power 3"];
    let exact = fixture("power3-health2-exact.csv");
    let with = |pre: &[&str], post: &[&str]| -> Vec<String> {
        ["check", "--samples", exact.as_str()]
            .iter()
            .chain(pre)
            .chain(&p3)
            .chain(post)
            .map(|s| s.to_string())
            .collect()
    };
    let cases: Vec<(Vec<String>, Vec<&str>)> = vec![
        (
            with(&["--alpha", "0"], &[]),
            vec!["--alpha", "between 0 and 1"],
        ),
        (with(&["--alpha", "x"], &[]), vec!["--alpha"]),
        (with(&["--test", "t-test"], &[]), vec!["t-test"]),
        (with(&[], &["--format", "yaml"]), vec!["text or json"]),
        (
            with(&["--format", "json"], &["--format", "json"]),
            vec!["give it once"],
        ),
        (with(&[], &["--plot", "x.svg"]), vec!["--plot"]),
        (with(&[], &["--exact"]), vec!["--exact"]),
        (with(&[], &["--variable", "wounds"]), vec!["wounds"]),
        (
            vec![
                "check".into(),
                "--samples".into(),
                exact.clone(),
                "swtcg".into(),
                "--attacker".into(),
                "Powr 3".into(),
            ],
            vec!["did you mean 'Power 3'"],
        ),
        (
            vec![
                "check".into(),
                "--samples".into(),
                "/nonexistent/samples.csv".into(),
                "swtcg".into(),
                "--attacker".into(),
                "Power 3".into(),
            ],
            vec!["cannot read --samples /nonexistent/samples.csv"],
        ),
    ];
    for (args, needles) in cases {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let out = holodice(&args);
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(out.stdout.is_empty(), "{args:?}");
        assert_eq!(
            err.matches('\n').count(),
            1,
            "{args:?}: one line, got {err:?}"
        );
        assert!(err.starts_with("holodice: "), "{args:?}: {err}");
        for n in needles {
            assert!(err.contains(n), "{args:?}: {err:?} lacks {n:?}");
        }
    }
}

/// The attack is computed before the samples are read: an attack that can't be made is the
/// error, whatever the samples, and the samples' error comes once the attack is made.
#[test]
fn the_attacks_error_comes_before_the_samples() {
    let missing = "/nonexistent/samples.csv";
    let attacker = |spec: &'static str| {
        holodice(&[
            "check",
            "--samples",
            missing,
            "swtcg",
            "--attacker",
            spec,
            "--defender",
            "Health 3",
        ])
    };
    let out = attacker("Power 3, Health 2, Damage 2");
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(err.contains("illegal attack"), "{err}");
    assert!(!err.contains(missing), "{err}");
    let err = stderr(&attacker("Power 3"));
    assert!(
        err.contains(&format!("cannot read --samples {missing}")),
        "{err}"
    );
}

#[test]
fn bad_standard_input_exits_2() {
    let args = ["check", "--samples", "-", "swtcg", "--attacker", "Power 3"];
    for (input, needle) in [
        ("", "holds no samples"),
        ("outcome,count\n", "holds no samples"),
        ("1\n2,x\n", "line 2: count 'x'"),
        ("1,2,3\n", "line 1"),
    ] {
        let out = holodice_stdin(&args, input);
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{input:?}: {err}");
        assert!(err.starts_with("holodice: error: --samples - (standard input)"));
        assert!(err.contains(needle), "{input:?}: {err:?} lacks {needle:?}");
        assert_eq!(err.matches('\n').count(), 1);
    }
}

// ---------------------------------------------------------------------------------------------
// (g) Legion sequences
// ---------------------------------------------------------------------------------------------

/// `check --samples - --format json legion-sequence ARGS` on `input`.
fn check_sequence(args: &[&str], input: &str) -> Output {
    let base = [
        "check",
        "--samples",
        "-",
        "--format",
        "json",
        "legion-sequence",
    ];
    holodice_stdin(&[base.as_slice(), args].concat(), input)
}

/// Two melee attacks of one red die on two minis of 1 wound with white defense: a die wounds
/// when it hits or crits (6/8, no chart) and the white die blanks (5/6): 5/8, and the unit has
/// a mini left for the second die whatever the first did. Total wounds: Binomial(2, 5/8) =
/// 9/64, 30/64, 25/64, which the samples hold exactly for 6400 trials (900, 3000, 2500); the
/// second attack's wounds are 5/8 (2400 zeros, 4000 ones). Samples of a single attack's wounds
/// (the same 2400 and 4000) are not the sequence's: X² = 1500²/900 + 1000²/3000 + 2500²/2500
/// = 5333.3 on 2 degrees of freedom.
#[test]
fn check_tests_samples_of_a_sequence_variable_against_the_exact_sequence() {
    let two = [
        "--defender",
        "white defense, wounds 1, minis 2",
        "--attack",
        "1 red, melee",
        "--attack",
        "1 red, melee",
    ];
    let j = json(&expect_status(
        &check_sequence(&two, "0,900\n1,3000\n2,2500\n"),
        0,
        "the sequence's wounds",
    ));
    assert_eq!(j["variable"], "wounds");
    assert_eq!(f(&j["statistic"]), 0.0);
    assert_eq!(j["attacks"], "1 red, melee; 1 red, melee");
    let second = [two.as_slice(), &["--variable", "attacks.2.wounds"]].concat();
    let j = json(&expect_status(
        &check_sequence(&second, "0,2400\n1,4000\n"),
        0,
        "the second attack's wounds",
    ));
    assert_eq!(f(&j["expected"]["1"]), 4000.0);
    let one_attack = "0,2400\n1,4000\n";
    let j = json(&expect_status(
        &check_sequence(&two, one_attack),
        1,
        "a single attack's wounds",
    ));
    let x2 = 1500.0f64.powi(2) / 900.0 + 1000.0f64.powi(2) / 3000.0 + 2500.0;
    assert!(close(f(&j["statistic"]), x2, 1e-9), "{j}");
}

/// Two ranged attacks of one red die on a unit of courage 2: each roll holds a hit or crit with
/// 6/8 and gives a suppression token, so the tokens are Binomial(2, 3/4) = 1/16, 6/16, 9/16
/// (400, 2400, 3600 of 6400), and the unit is suppressed with 9/16.
#[test]
fn check_tests_samples_of_a_sequences_suppression() {
    let two = [
        "--defender",
        "white defense, courage 2",
        "--attack",
        "1 red",
        "--attack",
        "1 red",
    ];
    let suppression = [two.as_slice(), &["--variable", "suppression"]].concat();
    let input = "0,400\n1,2400\n2,3600\n";
    let j = json(&expect_status(
        &check_sequence(&suppression, input),
        0,
        "suppression",
    ));
    assert_eq!(f(&j["statistic"]), 0.0);
    let suppressed = [two.as_slice(), &["--variable", "suppressed"]].concat();
    let input = "0,2800\n1,3600\n";
    expect_status(&check_sequence(&suppressed, input), 0, "suppressed");
}

/// Samples the simulator of sequences rolls (crates/engine/src/sim/legion/sequence.rs) pass the
/// check of each variable they report.
#[test]
fn check_accepts_the_simulator_of_sequences_samples() {
    use holodice_engine::legion::cards::Cards;
    use holodice_engine::legion::sequence::SuppressionGained;
    use holodice_engine::legion::Scenario;
    use holodice_engine::sim::SequenceSimulation;
    let defender = "white defense, wounds 1, minis 3, courage 1, cover light, dodge 1, Nimble";
    let attacks = ["3 red", "2 red, Suppressive", "2 red"];
    let choices = Scenario::parse("1 red", "white defense", None).unwrap();
    let gained = SuppressionGained::Hits;
    let sim = SequenceSimulation::new(&attacks, defender, None, Cards::builtin(), &choices, gained)
        .unwrap();
    let samples = sim.run(20_000, 5).unwrap();
    let mut args = vec!["--defender", defender];
    for a in &attacks {
        args.extend(["--attack", a]);
    }
    for variable in [
        "wounds",
        "suppression",
        "attacks.2.wounds",
        "attacks_needed",
    ] {
        let rows: String = (samples.get(variable).unwrap().iter())
            .map(|(x, n)| format!("{x},{n}\n"))
            .collect();
        let args = [args.as_slice(), &["--variable", variable]].concat();
        expect_status(&check_sequence(&args, &rows), 0, variable);
    }
}

#[test]
fn a_sequence_variable_that_is_not_there_exits_2_on_one_line() {
    let base = [
        "check",
        "--samples",
        "-",
        "legion-sequence",
        "--defender",
        "white defense",
        "--attack",
        "1 red",
        "--attack",
        "1 red",
        "--variable",
    ];
    for (variable, needles) in [
        ("wound", &["--variable wound", "wounds, minis_defeated"][..]),
        (
            "attacks.3.wounds",
            &["attacks.1.wounds to attacks.2.wounds"][..],
        ),
        ("minis_defeated", &["wounds per mini"][..]),
        ("guardian_wounds", &["--guardian"][..]),
    ] {
        let out = holodice_stdin(&[base.as_slice(), &[variable]].concat(), "0\n");
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{variable}: {err}");
        assert_eq!(err.matches('\n').count(), 1, "{variable}: {err}");
        for n in needles {
            assert!(err.contains(n), "{variable}: {err} lacks {n}");
        }
    }
}

// ---------------------------------------------------------------------------------------------
// (h) Every argument of the attack, in the command line and the API
// ---------------------------------------------------------------------------------------------

/// The SWTCG attack whose Lucky re-rolls the policies choose differently: the attacker's Lucky
/// and Critical Hit against the defender's Lucky, for the chance to destroy.
const LUCKY: [&str; 4] = [
    "--attacker",
    "Power 4, Lucky 1, Critical Hit 1",
    "--defender",
    "Health 3, Lucky 1",
];

/// Its damage under `--policy optimal --objective destroy`, as `holodice swtcg attack` prints
/// it (destroyed 367/864); the greedy policy's is 7/64, 55/288, 145/576, 307/1296, 25/162,
/// 49/864 (destroyed 43/96).
const OPTIMAL_DAMAGE: [(i64, i64, i64); 6] = [
    (0, 1, 16),
    (1, 11, 72),
    (2, 311, 864),
    (3, 305, 2592),
    (4, 245, 1296),
    (5, 17, 144),
];

/// Samples of the optimal policy's damage in its exact proportions: 40 times the pmf's common
/// denominator, 2592.
fn optimal_rows() -> String {
    let n = 40 * 2592;
    (OPTIMAL_DAMAGE.iter())
        .map(|(k, num, den)| format!("{k},{}\n", n * num / den))
        .collect()
}

/// What the API's `check` answers `request`: its status and JSON.
fn api_check(request: &Value) -> (u16, Value) {
    use holodice::api::{self, Listings};
    let cards = holodice_engine::swtcg::cards::Cards::builtin();
    let legion_cards = holodice_engine::legion::cards::Cards::builtin();
    let body = serde_json::to_vec(request).unwrap();
    let reply = api::answer("check", &body, cards, legion_cards, &Listings::new(cards));
    (reply.status, json(&reply.body))
}

#[test]
fn check_swtcg_takes_the_policy_swtcg_attack_takes() {
    let base = ["check", "--samples", "-", "--format", "json", "swtcg"];
    let optimal = ["--policy", "optimal", "--objective", "destroy"];
    let args = [base.as_slice(), &LUCKY, &optimal].concat();
    let j = json(&expect_status(
        &holodice_stdin(&args, &optimal_rows()),
        0,
        "the optimal policy's samples",
    ));
    assert_eq!(f(&j["statistic"]), 0.0, "{j}");
    assert_eq!(j["Lucky re-rolls"], "optimal policy (destroy)", "{j}");
    let greedy = [base.as_slice(), &LUCKY].concat();
    let j = json(&expect_status(
        &holodice_stdin(&greedy, &optimal_rows()),
        1,
        "the optimal policy's samples against the greedy one",
    ));
    assert_eq!(j["Lucky re-rolls"], "greedy policy (docs/rules.md)", "{j}");
}

#[test]
fn the_apis_check_takes_the_policy_swtcg_attack_takes() {
    let mut request = serde_json::json!({
        "game": "swtcg",
        "attacker": LUCKY[1],
        "defender": LUCKY[3],
        "samples": optimal_rows(),
    });
    let (status, greedy) = api_check(&request);
    assert_eq!(status, 200, "{greedy}");
    assert_eq!(greedy["consistent"], false, "{greedy}");
    request["policy"] = "optimal".into();
    request["objective"] = "destroy".into();
    let (status, optimal) = api_check(&request);
    assert_eq!(status, 200, "{optimal}");
    assert_eq!(optimal["consistent"], true, "{optimal}");
    assert_eq!(f(&optimal["statistic"]), 0.0, "{optimal}");
}

/// `--enhance` is checked as `swtcg attack` checks it: refused when no unit has an Enhance
/// effect.
#[test]
fn check_swtcg_refuses_enhance_as_the_attack_does() {
    let args = ["--attacker", "Power 2", "--enhance"];
    let out = holodice_stdin(
        &[&["check", "--samples", "-", "swtcg"][..], &args].concat(),
        "0\n",
    );
    let attack = holodice(&[&["swtcg", "attack"][..], &args].concat());
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(stderr(&out), stderr(&attack));
    assert!(stderr(&out).contains("--enhance: no unit has an Enhance effect"));
}

/// One red die already rolled as a hit, on white defense: it wounds unless the white die blocks
/// (1 block face of 6, no surge block), 1/6 and 5/6, which 100 and 500 samples hold exactly.
/// The attack not resumed wounds with 6/8 · 5/6 = 5/8, so the same samples are rejected there:
/// X² = 125²/225 + 125²/375 = 111.1 on one degree of freedom.
#[test]
fn check_legion_takes_the_dice_legion_attack_starts_from() {
    let base = ["check", "--samples", "-", "--format", "json", "legion"];
    let units = ["--attacker", "1 red", "--defender", "white defense"];
    let rolled = [base.as_slice(), &units, &["--rolled", "1 red hit"]].concat();
    let j = json(&expect_status(
        &holodice_stdin(&rolled, "0,100\n1,500\n"),
        0,
        "the resumed attack",
    ));
    assert_eq!(f(&j["statistic"]), 0.0, "{j}");
    assert_eq!(j["rolled"], "1 red hit", "{j}");
    let j = json(&expect_status(
        &holodice_stdin(&[base.as_slice(), &units].concat(), "0,100\n1,500\n"),
        1,
        "the attack from its roll",
    ));
    let x2 = 125.0f64.powi(2) / 225.0 + 125.0f64.powi(2) / 375.0;
    assert!(close(f(&j["statistic"]), x2, 1e-9), "{j}");
    let (status, api) = api_check(&serde_json::json!({
        "game": "legion", "attacker": "1 red", "defender": "white defense",
        "converted": "1 hit", "samples": "0,100\n1,500\n",
    }));
    assert_eq!(
        (status, &api["consistent"]),
        (200, &Value::Bool(true)),
        "{api}"
    );
}

/// The API checks a Legion sequence as `check legion-sequence` does: the two melee attacks of
/// `check_tests_samples_of_a_sequence_variable_against_the_exact_sequence`, whose wounds are
/// Binomial(2, 5/8) (900, 3000, 2500 of 6400) and whose second attack's are 5/8.
#[test]
fn the_apis_check_takes_a_legion_sequence() {
    let mut request = serde_json::json!({
        "game": "legion-sequence",
        "defender": "white defense, wounds 1, minis 2",
        "attack": ["1 red, melee", "1 red, melee"],
        "samples": "0,900\n1,3000\n2,2500\n",
    });
    let (status, j) = api_check(&request);
    assert_eq!(status, 200, "{j}");
    assert_eq!(
        (&j["variable"], f(&j["statistic"])),
        (&"wounds".into(), 0.0),
        "{j}"
    );
    request["samples"] = "0,2400\n1,4000\n".into();
    let (_, j) = api_check(&request);
    assert_eq!(j["consistent"], false, "a single attack's wounds: {j}");
    request["variable"] = "attacks.2.wounds".into();
    let (_, j) = api_check(&request);
    assert_eq!(j["consistent"], true, "the second attack's wounds: {j}");
    request["game"] = "swtcg-sequence".into();
    let (status, j) = api_check(&request);
    assert_eq!(status, 400);
    assert_eq!(
        j["error"],
        "'game': give swtcg, legion or legion-sequence, not 'swtcg-sequence'"
    );
}

/// An unknown key is told with the keys of the game's subcommand only: another game's key is
/// as unknown as any, and the hint is among the game's keys.
#[test]
fn the_apis_unknown_check_key_names_the_games_keys() {
    let swtcg = "game, samples, alpha, test, format, variable, attacker, defender, rule, arena, \
                 pay, secondary, interceptor, mode, policy, objective, enhance";
    for (request, field, message) in [
        (
            serde_json::json!({"game": "swtcg", "attacker": "Power 3", "guardian": "Guardian 1",
                               "samples": "0"}),
            "guardian",
            format!("unknown key 'guardian' for check: (keys: {swtcg})"),
        ),
        (
            serde_json::json!({"game": "swtcg", "attacker": "Power 3", "polcy": "optimal",
                               "samples": "0"}),
            "polcy",
            format!("unknown key 'polcy' for check: did you mean 'policy'? (keys: {swtcg})"),
        ),
        (
            serde_json::json!({"game": "legion", "attacker": "1 red", "secondary": "Health 1",
                               "defender": "white defense", "samples": "0"}),
            "secondary",
            "unknown key 'secondary' for check: (keys: game, samples, alpha, test, format, \
             variable, attacker, defender, guardian, edition, policy, objective, rolled, \
             converted)"
                .to_string(),
        ),
    ] {
        let (status, j) = api_check(&request);
        assert_eq!(status, 400, "{request}: {j}");
        assert_eq!(j["field"], field, "{request}");
        assert_eq!(j["error"], message, "{request}");
    }
}

/// The command line's parser already knows each game's options: the other game's is refused.
#[test]
fn check_refuses_the_other_games_option() {
    let out = holodice_stdin(
        &[
            "check",
            "--samples",
            "-",
            "swtcg",
            "--attacker",
            "Power 3",
            "--guardian",
            "x",
        ],
        "0\n",
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("unexpected argument '--guardian'"),
        "{}",
        stderr(&out)
    );
}
