//! `holodice swtcg simulate` and `holodice legion simulate`: the attack's arguments plus trials
//! and a seed; observed frequencies beside the exact ones, and a goodness-of-fit verdict.

mod common;
use common::{assert_user_error, holodice, stdout};

fn json(args: &[&str]) -> serde_json::Value {
    let out = holodice(args);
    assert_eq!(out.status.code(), Some(0), "{args:?}");
    serde_json::from_str(&stdout(&out)).unwrap()
}

#[test]
fn swtcg_simulation_reports_observed_expected_and_p_value_per_variable() {
    let v = json(&[
        "swtcg",
        "simulate",
        "--attacker",
        "Power 3",
        "--defender",
        "Health 2",
        "--trials",
        "20000",
        "--seed",
        "3",
        "--format",
        "json",
    ]);
    for key in ["damage", "hits", "attacker_damage", "destroyed"] {
        let var = &v[key];
        assert!(
            var["observed"].is_object() && var["expected"].is_object(),
            "{key}: {var}"
        );
        assert!(var["p_value"].as_f64().unwrap() > 1e-6, "{key}: {var}");
    }
    // Power 3 against Health 2: damage is Binomial(3, 1/2), destroyed with 1/2.
    assert_eq!(v["damage"]["expected"]["1"], "3/8");
    assert_eq!(v["destroyed"]["expected"]["1"], "1/2");
    let observed = v["damage"]["observed"]["1"].as_f64().unwrap();
    let se = v["damage"]["standard_error"]["1"].as_f64().unwrap();
    assert!((observed - 0.375).abs() < 5.0 * se, "{observed} ± {se}");
}

#[test]
fn the_same_seed_gives_the_same_rolls() {
    let args = [
        "legion",
        "simulate",
        "--attacker",
        "3 red, aim 1",
        "--defender",
        "white defense, cover light",
        "--trials",
        "5000",
        "--seed",
        "11",
        "--format",
        "json",
    ];
    assert_eq!(json(&args), json(&args));
    let mut other = args;
    other[9] = "12";
    assert_ne!(
        json(&args)["wounds"]["observed"],
        json(&other)["wounds"]["observed"]
    );
}

#[test]
fn legion_simulation_covers_the_guardian() {
    let v = json(&[
        "legion",
        "simulate",
        "--attacker",
        "2 red, surge hit",
        "--defender",
        "red defense",
        "--guardian",
        "Guardian 1, white defense, Deflect",
        "--trials",
        "20000",
        "--format",
        "json",
    ]);
    for key in [
        "wounds",
        "attack_results",
        "attacker_wounds",
        "guardian_wounds",
    ] {
        assert!(v[key]["consistent"].as_bool().unwrap(), "{key}: {}", v[key]);
    }
    assert_eq!(v["policy"], "greedy");
}

#[test]
fn bad_simulation_requests_exit_two_with_one_line() {
    let base = ["swtcg", "simulate", "--attacker", "Power 3"];
    let with = |extra: &[&'static str]| [base.as_slice(), extra].concat();
    assert_user_error(&with(&["--trials", "0"]), &["--trials 0"]);
    assert_user_error(&with(&["--trials", "1000000000000"]), &["--trials"]);
    assert_user_error(&with(&["--format", "yaml"]), &["text or json"]);
    assert_user_error(&with(&["--plot", "x.svg"]), &["drop --plot"]);
}

// hardening: simulate-dice
#[test]
fn the_dice_rolled_in_all_are_bounded_before_rolling() {
    use holodice::command::MAX_DICE_ROLLED;
    // 2000 dice a trial: the most trials is the limit over 2000, and the message gives it.
    let most = MAX_DICE_ROLLED / 2000;
    assert_user_error(
        &[
            "swtcg",
            "simulate",
            "--attacker",
            "Power 2000",
            "--trials",
            "100000000",
        ],
        &[
            &format!("over the limit of {MAX_DICE_ROLLED} dice rolled"),
            &format!("give --trials {most} or fewer"),
        ],
    );
    // A Legion trial rolls its pool and a defense die per result: 2 × 20 here.
    let most = MAX_DICE_ROLLED / 40;
    assert_user_error(
        &[
            "legion",
            "simulate",
            "--attacker",
            "20 red",
            "--defender",
            "white defense",
            "--trials",
            "100000000",
        ],
        &[&format!("give --trials {most} or fewer")],
    );
}

/// An exact fraction as printed in JSON ("15/64", or an integer).
fn fraction(v: &serde_json::Value) -> f64 {
    let text = v.as_str().unwrap();
    match text.split_once('/') {
        Some((n, d)) => n.parse::<f64>().unwrap() / d.parse::<f64>().unwrap(),
        None => text.parse().unwrap(),
    }
}

#[test]
fn legion_simulation_plays_the_optimal_policy() {
    for (attacker, defender, exact) in [
        // Armor cancels the hit: the aim rerolls it for a crit. 1/8 + 5/8·1/8 = 15/64.
        (
            "1 red, aim 1, Pierce 99",
            "red defense, Armor",
            Some(15.0 / 64.0),
        ),
        (
            "2 red, 2 black, 1 white, aim 2, Marksman, Lethal 1",
            "red defense, Armor 1, dodge 1",
            None,
        ),
    ] {
        let v = json(&[
            "legion",
            "simulate",
            "--attacker",
            attacker,
            "--defender",
            defender,
            "--policy",
            "optimal",
            "--trials",
            "40000",
            "--seed",
            "7",
            "--format",
            "json",
        ]);
        assert_eq!(v["policy"], "optimal (mean)");
        for key in ["wounds", "attack_results", "attacker_wounds"] {
            assert!(v[key]["consistent"].as_bool().unwrap(), "{key}: {}", v[key]);
        }
        let mean = &v["wounds"]["mean"];
        let expected = fraction(&mean["expected"]);
        if let Some(exact) = exact {
            assert!((expected - exact).abs() < 1e-12, "{attacker}: {mean}");
        }
        let observed = mean["observed"].as_f64().unwrap();
        let se = mean["standard_error"].as_f64().unwrap();
        assert!(
            (observed - expected).abs() < 5.0 * se,
            "{attacker}: {observed} ± {se} against {expected}"
        );
    }
}
