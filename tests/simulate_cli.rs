//! `holodice swtcg simulate` and `holodice legion simulate`: the attack's arguments plus trials
//! and a seed; observed frequencies beside the exact ones, and a goodness-of-fit verdict.

use crate::common::{assert_user_error, holodice, holodice_ok, stdout};

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

/// The simulated `swtcg simulate` arguments, as JSON; every variable must be consistent.
fn swtcg_consistent(args: &[&str]) -> serde_json::Value {
    let base = ["swtcg", "simulate", "--trials", "20000", "--format", "json"];
    let v = json(&[base.as_slice(), args].concat());
    for (key, var) in v.as_object().unwrap() {
        if var.is_object() {
            assert!(var["consistent"].as_bool().unwrap(), "{key}: {var}");
        }
    }
    v
}

#[test]
fn swtcg_simulation_takes_every_argument_of_the_attack() {
    // Lucky under the optimal policy, with its objective and order.
    let v = swtcg_consistent(&[
        "--attacker",
        "Power 4, Lucky 1, Critical Hit 1, Backfire 1",
        "--defender",
        "Health 3, Lucky 1, Retaliate 2, Parry 1",
        "--policy",
        "optimal",
        "--objective",
        "destroy",
        "--rule",
        "lucky-first=defender",
    ]);
    assert_eq!(v["policy"], "optimal (destroy)");
    assert_eq!(v["rule lucky-first"], "defender");
    for key in ["attacker_damage", "triggers.backfire", "triggers.parry"] {
        assert!(v[key].is_object(), "{key}");
    }
    // The secondary unit and interception.
    let v = swtcg_consistent(&[
        "--attacker",
        "Power 5, Overkill, Area Damage 1",
        "--defender",
        "Health 2, Redirect",
        "--interceptor",
        "Health 2, Evade 1",
        "--secondary",
        "Health 3, Armor",
    ]);
    assert_eq!(v["interceptor"], "Health 2, Evade 1");
    assert!(v["secondary_destroyed"].is_object());
    // Another arena: Bombard's X is the power, and Retaliate does not answer.
    let v = swtcg_consistent(&[
        "--attacker",
        "Power 1, Bombard 3",
        "--defender",
        "Health 3, Retaliate 2",
        "--mode",
        "bombard",
    ]);
    assert_eq!(v["mode"], "bombard");
    assert_eq!(v["attacker_damage"]["expected"]["0"], "1");
    assert_eq!(v["hits"]["mean"]["expected"], "3/2");
}

#[test]
fn swtcg_simulation_takes_each_units_choice_and_state() {
    // The greedy policy takes Critical Hit 2 (more expected counters), the optimal one for at
    // least 2 counters Accuracy 1, as the exact engine does; the simulated dice agree.
    let choose = ["--attacker", "Power 4, choose: Accuracy 1 / Critical Hit 2"];
    let v = swtcg_consistent(&[choose.as_slice(), &["--defender", "Health 5"]].concat());
    assert!(v["triggers.critical_hit"].is_object(), "{v}");
    assert_eq!(v["hits"]["mean"]["expected"], "2");
    let optimal = ["--policy", "optimal", "--objective", "atleast:2"];
    let v = swtcg_consistent(&[choose.as_slice(), &["--defender", "Health 5"], &optimal].concat());
    assert!(v["triggers.critical_hit"].is_null(), "{v}");
    assert_eq!(v["hits"]["mean"]["expected"], "8/3");
    // Double Strike's second attack settles X from the Riposte counters the first left and
    // chooses again.
    let v = swtcg_consistent(&[
        "--attacker",
        "Power 3, Health 6, Double Strike, X = damage counters, choose: Critical Hit X / Accuracy 1",
        "--defender",
        "Health 8, Riposte 2",
    ]);
    assert!(v["follow_up.damage"].is_object(), "{v}");
}

#[test]
fn swtcg_simulation_of_dice_of_damage_alone() {
    // Two dice at Armor: both hit with (1/3)², as `swtcg dice` says.
    let v = swtcg_consistent(&["--count", "2", "--target", "Health 2, Armor, Surge 1"]);
    assert_eq!(v["destroyed"]["expected"]["1"], "1/9");
    assert_eq!(v["count"], "2");
    for key in ["damage", "hits", "surge"] {
        assert!(v[key].is_object(), "{key}");
    }
    let text = holodice_ok(&[
        "swtcg",
        "simulate",
        "--count",
        "3",
        "--target",
        "Health 2, Evade 1",
        "--unpreventable",
        "--trials",
        "1000",
    ]);
    assert!(
        text.starts_with("SWTCG dice of damage, simulated\n"),
        "{text}"
    );
    assert!(text.contains("\nunpreventable: true\n"), "{text}");
}

#[test]
fn swtcg_simulation_refuses_what_the_exact_engine_refuses_and_mixed_modes() {
    let base = ["swtcg", "simulate", "--trials", "100"];
    let with = |extra: &[&'static str]| [base.as_slice(), extra].concat();
    // The exact engine's refusals, with its message.
    assert_user_error(
        &with(&[
            "--attacker",
            "Power 40, Fury 2, Focus 1, Backfire 1, Critical Hit 1, Lucky 1",
            "--policy",
            "optimal",
        ]),
        &["with the optimal policy, over the limit of 596904"],
    );
    assert_user_error(
        &with(&["--attacker", "Power 2", "--interceptor", "Health 2"]),
        &["only with Intercept in its SPEC"],
    );
    assert_user_error(
        &with(&["--attacker", "Power 2", "--enhance"]),
        &["no unit has an Enhance effect"],
    );
    // An attack or dice of damage, not both; dice need a target.
    assert_user_error(
        &with(&[
            "--count",
            "2",
            "--target",
            "Health 2",
            "--attacker",
            "Power 2",
        ]),
        &["'--count <X>' cannot be used with '--attacker <SPEC>'"],
    );
    assert_user_error(
        &with(&["--target", "Health 2", "--attacker", "Power 2"]),
        &["'--target <SPEC>' cannot be used with '--attacker <SPEC>'"],
    );
    assert_user_error(&with(&["--count", "2"]), &["--target"]);
    assert_user_error(
        &with(&["--count", "-1", "--target", "Health 2"]),
        &["--count -1: give a whole number of dice"],
    );
    assert_user_error(&with(&[]), &["--attacker"]);
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
    use holodice_engine::sim::MAX_DICE_ROLLED;
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
    // Lucky's re-rolls and every die of damage count: 10 + 2 + 3 dice here.
    let most = MAX_DICE_ROLLED / 15;
    assert_user_error(
        &[
            "swtcg",
            "simulate",
            "--attacker",
            "Power 10, Lucky 2",
            "--defender",
            "Retaliate 3",
            "--trials",
            "100000000",
        ],
        &[&format!("give --trials {most} or fewer")],
    );
    // Dice of damage alone roll their count.
    let most = MAX_DICE_ROLLED / 2000;
    assert_user_error(
        &[
            "swtcg",
            "simulate",
            "--count",
            "2000",
            "--target",
            "Health 3",
            "--trials",
            "100000000",
        ],
        &[&format!("give --trials {most} or fewer")],
    );
    // A Legion sequence's trial rolls, for each attack, its pool, and cover or a guardian's
    // dice, defense dice and their reroll per result: 2 × 4 × 10 here.
    let most = MAX_DICE_ROLLED / 80;
    assert_user_error(
        &[
            "legion",
            "simulate-sequence",
            "--attack",
            "10 red",
            "--attack",
            "10 red",
            "--defender",
            "white defense",
            "--trials",
            "100000000",
        ],
        &[&format!("give --trials {most} or fewer")],
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

/// `legion simulate-sequence ARGS --format json`, with 20,000 trials; every variable must be
/// consistent with the exact sequence.
fn sequence_consistent(args: &[&str]) -> serde_json::Value {
    let base = ["legion", "simulate-sequence", "--trials", "20000"];
    let v = json(&[base.as_slice(), args, &["--format", "json"]].concat());
    for (key, var) in v.as_object().unwrap() {
        if var.is_object() {
            assert!(var["consistent"].as_bool().unwrap(), "{key}: {var}");
        }
    }
    v
}

/// The exact `legion sequence ARGS`, as JSON.
fn exact_sequence(args: &[&str]) -> serde_json::Value {
    json(&[["legion", "sequence", "--format", "json"].as_slice(), args].concat())
}

#[test]
fn legion_sequence_simulation_reports_every_variable_of_the_exact_sequence() {
    let args = [
        "--defender",
        "white defense, wounds 1, minis 3, courage 1, dodge 1, Nimble",
        "--guardian",
        "Guardian 1, red defense, wounds 1",
        "--attack",
        "3 red",
        "--attack",
        "2 red, Suppressive",
        "--attack",
        "2 red, melee",
    ];
    let v = sequence_consistent(&args);
    let exact = exact_sequence(&args);
    for key in ["wounds", "minis_defeated", "suppression", "guardian_wounds"] {
        assert_eq!(v[key]["expected"], exact[key]["pmf"], "{key}");
    }
    for key in ["wiped", "suppressed", "panicked", "guardian_wiped"] {
        assert_eq!(v[key]["expected"]["1"], exact[key], "{key}");
    }
    for n in 1..=3 {
        let key = format!("attacks.{n}.wounds");
        assert_eq!(
            v[&key]["expected"],
            exact["attacks"][n - 1]["wounds"]["pmf"]
        );
    }
    assert_eq!(v["attack 2"], "2 red, Suppressive");
    assert_eq!(v["policy"], "greedy");
    assert_eq!(v["trials"], 20000);
}

#[test]
fn legion_sequence_simulation_until_wiped_counts_the_attacks_needed() {
    let args = [
        "--defender",
        "white defense, wounds 1, minis 2",
        "--attack",
        "2 red",
        "--until-wiped",
        "--attacks",
        "3",
    ];
    let v = sequence_consistent(&args);
    let exact = exact_sequence(&args);
    let needed = &v["attacks_needed"]["expected"];
    for n in ["1", "2", "3"] {
        assert_eq!(needed[n], exact["attacks_to_wipe"][n], "{n}");
    }
    // Surviving the three attacks is counted as needing a fourth.
    assert_eq!(needed["4"], exact["attacks_to_wipe"]["survives"]);
    assert_eq!(v["attack"], "2 red");
}

#[test]
fn the_same_seed_gives_the_same_sequence_rolls() {
    let args = [
        "legion",
        "simulate-sequence",
        "--defender",
        "white defense, wounds 1, minis 3, courage 1",
        "--attack",
        "3 red",
        "--attack",
        "3 red",
        "--trials",
        "5000",
        "--seed",
        "11",
        "--format",
        "json",
    ];
    assert_eq!(json(&args), json(&args));
    let mut other = args;
    other[11] = "12";
    assert_ne!(
        json(&args)["wounds"]["observed"],
        json(&other)["wounds"]["observed"]
    );
}

#[test]
fn bad_sequence_simulation_requests_exit_two_with_one_line() {
    let base = [
        "legion",
        "simulate-sequence",
        "--defender",
        "white defense",
        "--attack",
        "2 red",
    ];
    let with = |extra: &[&'static str]| [base.as_slice(), extra].concat();
    assert_user_error(&with(&["--trials", "0"]), &["--trials 0"]);
    assert_user_error(&with(&["--policy", "optimal"]), &["plays greedy"]);
    assert_user_error(&with(&["--plot", "x.svg"]), &["drop --plot"]);
    assert_user_error(&with(&["--format", "yaml"]), &["text or json"]);
    assert_user_error(&with(&["--until-wiped"]), &["wounds per mini"]);
    let melee = [
        "--attack",
        "2 red, melee",
        "--guardian",
        "Guardian 1, white defense",
    ];
    let melee = [&base[..4], melee.as_slice()].concat();
    assert_user_error(&melee, &["--guardian"]);
}

#[test]
fn legion_sequence_simulation_help_teaches_with_examples() {
    let help = holodice_ok(&["legion", "simulate-sequence", "--help"]);
    for needle in [
        "--attack <SPEC>",
        "--trials",
        "--seed",
        "--alpha",
        "attacks_needed",
        "attacks.N.wounds",
        "Examples:",
        "holodice legion simulate-sequence --defender",
    ] {
        assert!(help.contains(needle), "{needle}: {help}");
    }
}
