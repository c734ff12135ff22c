//! `swtcg compare` and `legion compare`: loadouts side by side, each column the single attack's
//! answer, with hand-derived anchors.

use crate::common::{
    assert_user_error, fraction, game_attack_json, holodice, holodice_ok, pmf, probability, q,
    stdout,
};
use num_rational::BigRational;
use serde_json::Value;

fn compare_json(game: &str, units: &[(&str, &str)]) -> Value {
    let mut args = vec![game, "compare", "--format", "json"];
    for (flag, spec) in units {
        args.extend([*flag, *spec]);
    }
    serde_json::from_str(&holodice_ok(&args)).unwrap()
}

#[test]
fn swtcg_loadouts_are_every_attacker_against_every_defender_in_order() {
    let c = compare_json(
        "swtcg",
        &[
            ("--attacker", "Power 1"),
            ("--attacker", "Power 2"),
            ("--defender", "Health 1"),
            ("--defender", "Health 1, Armor"),
        ],
    );
    assert_eq!(c["schema"], 1);
    let loadouts = c["loadouts"].as_array().unwrap();
    let order: Vec<(&str, &str, &str)> = loadouts
        .iter()
        .map(|l| {
            (
                l["label"].as_str().unwrap(),
                l["attacker"].as_str().unwrap(),
                l["defender"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        order,
        [
            ("A", "Power 1", "Health 1"),
            ("B", "Power 1", "Health 1, Armor"),
            ("C", "Power 2", "Health 1"),
            ("D", "Power 2", "Health 1, Armor"),
        ]
    );
    // By hand: a die hits on 4+ (1/2), on 5+ against Armor (1/3); one hit destroys Health 1.
    let destroyed: Vec<BigRational> = loadouts
        .iter()
        .map(|l| probability(&l["destroyed"]))
        .collect();
    assert_eq!(destroyed, [q(1, 2), q(1, 3), q(3, 4), q(5, 9)]);
    assert_eq!(
        fraction(loadouts[2]["damage"]["mean"].as_str().unwrap()),
        q(1, 1)
    );
    // Each column is the single attack's answer for that pair.
    for l in loadouts {
        let attacker = l["attacker"].as_str().unwrap();
        let defender = l["defender"].as_str().unwrap();
        let single = game_attack_json("swtcg", attacker, defender, &[]);
        assert_eq!(
            pmf(&l["damage"]),
            pmf(&single["damage"]),
            "{attacker} vs {defender}"
        );
        assert_eq!(l["destroyed"], single["destroyed"]);
    }
}

#[test]
fn legion_loadouts_vary_attackers_and_defenders() {
    let c = compare_json(
        "legion",
        &[
            ("--attacker", "1 red"),
            ("--attacker", "1 black"),
            ("--attacker", "1 white"),
            ("--defender", "white defense"),
            ("--defender", "red defense"),
        ],
    );
    let loadouts = c["loadouts"].as_array().unwrap();
    assert_eq!(loadouts.len(), 6);
    // By hand: red 6/8 hit or crit, black 4/8, white 2/8 (surges blank); a white defense die
    // blocks on 1/6 (its surge is blank), a red one on 3/6.
    let wound: Vec<BigRational> = loadouts
        .iter()
        .map(|l| probability(&l["wounds"]["pmf"]["1"]))
        .collect();
    assert_eq!(
        wound,
        [q(5, 8), q(3, 8), q(5, 12), q(1, 4), q(5, 24), q(1, 8)]
    );
    assert_eq!(c["edition"], "crb-2026-05-29");
    assert_eq!(c["policy"], "greedy");
    for l in loadouts {
        let attacker = l["attacker"].as_str().unwrap();
        let defender = l["defender"].as_str().unwrap();
        let single = game_attack_json("legion", attacker, defender, &[]);
        assert_eq!(
            pmf(&l["wounds"]),
            pmf(&single["wounds"]),
            "{attacker} vs {defender}"
        );
    }
}

#[test]
fn text_puts_the_loadouts_side_by_side_under_their_letters() {
    let out = holodice(&[
        "swtcg",
        "compare",
        "--attacker",
        "Power 2",
        "--attacker",
        "Power 3",
        "--defender",
        "Health 2",
    ]);
    let text = stdout(&out);
    assert!(text.starts_with("SWTCG comparison (exact)\n"), "{text}");
    assert!(text.contains("  A: Power 2 against Health 2\n"), "{text}");
    assert!(text.contains("  B: Power 3 against Health 2\n"), "{text}");
    assert!(text.contains("rules: all at their defaults"), "{text}");
    let row = |name: &str| -> Vec<String> {
        let line = text
            .lines()
            .find(|l| l.trim_start().starts_with(name))
            .unwrap_or_else(|| panic!("a {name} row in {text}"));
        line[line.find(name).unwrap() + name.len()..]
            .split_whitespace()
            .map(String::from)
            .collect()
    };
    // Two dice: both hit 1/4; three: at least two of three, 1/2. Mean: half the dice.
    assert_eq!(row("chance to destroy"), ["25.00%", "50.00%"]);
    assert_eq!(
        row("mean damage counters on the defender"),
        ["1.000", "1.500"]
    );
    // Three counters are impossible with two dice: exactly 0%, not a rounded one.
    assert_eq!(row("P(≥3)"), ["0%", "12.50%"]);
}

#[test]
fn the_chart_draws_one_curve_per_loadout() {
    let dir = crate::common::scratch("compare-chart");
    let path = dir.join("compare.svg");
    let out = holodice(&[
        "legion",
        "compare",
        "--attacker",
        "2 red",
        "--attacker",
        "2 black",
        "--attacker",
        "2 white",
        "--defender",
        "white defense",
        "--plot",
        path.to_str().unwrap(),
    ]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        crate::common::stderr(&out)
    );
    let svg = std::fs::read_to_string(&path).unwrap();
    let doc = roxmltree::Document::parse(&svg).expect("the chart is well-formed XML");
    let lines = doc
        .descendants()
        .filter(|n| n.has_tag_name("polyline"))
        .count();
    assert!(
        lines >= 3,
        "one curve per loadout (and legend swatches): {lines}"
    );
    for name in [
        "A: 2 red against white defense",
        "C: 2 white against white defense",
    ] {
        assert!(svg.contains(name), "{name} in the legend");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

// hardening: compare-loadouts
#[test]
fn comparisons_need_two_to_ten_loadouts_and_name_a_bad_spec() {
    assert_user_error(
        &["swtcg", "compare", "--attacker", "Power 2"],
        &["two loadouts", "--attacker or --defender"],
    );
    let mut args = vec!["swtcg", "compare"];
    let specs: Vec<String> = (1..=11).map(|p| format!("Power {p}")).collect();
    for s in &specs {
        args.extend(["--attacker", s.as_str()]);
    }
    assert_user_error(&args, &["11 loadouts", "limit of 10"]);
    assert_user_error(
        &[
            "swtcg",
            "compare",
            "--attacker",
            "Power 2",
            "--attacker",
            "Powr 3",
        ],
        &["attacker SPEC", "did you mean 'Power 3'?"],
    );
    assert_user_error(
        &[
            "legion",
            "compare",
            "--attacker",
            "1 red",
            "--attacker",
            "2 red",
        ],
        &["--defender"],
    );
    // An attack's own refusal names its loadout.
    assert_user_error(
        &[
            "swtcg",
            "compare",
            "--attacker",
            "Power 3",
            "--attacker",
            "Power 90, Lucky 1",
            "--defender",
            "Health 6",
        ],
        &[
            "loadout B (Power 90, Lucky 1 against Health 6): ",
            "at most 64 attack dice",
        ],
    );
}

#[test]
fn legion_sequences_are_compared_as_loadouts_of_their_whole_sequence() {
    // On 2 minis of 1 wound, white defense, each red die in melee wounds with 5/8: one die
    // deals 5/8 on average and never wipes; two attacks of one die wipe with (5/8)², and their
    // mean is 2 × 5/8.
    let c = compare_json(
        "legion",
        &[
            ("--attacker", "1 red, melee"),
            ("--sequence", "1 red, melee ; 1 red, melee"),
            ("--defender", "white defense, wounds 1, minis 2"),
        ],
    );
    let loadouts = c["loadouts"].as_array().unwrap();
    assert_eq!(loadouts[1]["attacker"], "1 red, melee then 1 red, melee");
    let means: Vec<BigRational> = (loadouts.iter())
        .map(|l| fraction(l["wounds"]["mean"].as_str().unwrap()))
        .collect();
    assert_eq!(means, [q(5, 8), q(5, 4)]);
    assert_eq!(probability(&loadouts[0]["wiped"]), q(0, 1));
    assert_eq!(probability(&loadouts[1]["wiped"]), q(25, 64));
    // A wrong attack in a sequence says which attack it is.
    assert_user_error(
        &[
            "legion",
            "compare",
            "--sequence",
            "1 red ; Bogus",
            "--sequence",
            "1 red",
            "--defender",
            "white defense",
        ],
        &["attack 2: attacker SPEC", "Bogus"],
    );
}
