//! End-to-end tests of the `holodice` binary: the JSON contract, the other output formats, the
//! one-line errors for bad input, and the keyword and rule listings.
//!
//! Every expected probability here is worked out by hand (the derivation is in a comment beside
//! it), never copied from the program's output.

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Zero};
use serde_json::Value;
use std::process::Output;

use crate::common::*;

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

const GAME: &str = "swtcg";

/// `holodice GAME attack --attacker A --defender D [extra...]`.
fn attack(attacker: &str, defender: &str, extra: &[&str]) -> Output {
    holodice(&attack_args(GAME, attacker, defender, extra))
}

/// Runs an attack that must succeed and returns its stdout.
fn attack_ok(attacker: &str, defender: &str, extra: &[&str]) -> String {
    game_attack_ok(GAME, attacker, defender, extra)
}

/// The JSON document of an attack that must succeed.
fn attack_json(attacker: &str, defender: &str, extra: &[&str]) -> Value {
    game_attack_json(GAME, attacker, defender, extra)
}

/// P(X = k) for k = 0..=n when X ~ Binomial(n, p), computed here from C(n, k) pᵏ (1−p)ⁿ⁻ᵏ.
fn binomial(n: u32, p: &BigRational) -> Vec<(i64, BigRational)> {
    let miss = BigRational::one() - p;
    let mut c = BigInt::one();
    (0..=n)
        .map(|k| {
            if k > 0 {
                c = &c * BigInt::from(n - k + 1) / BigInt::from(k);
            }
            let term = BigRational::from_integer(c.clone())
                * num_traits::pow(p.clone(), k as usize)
                * num_traits::pow(miss.clone(), (n - k) as usize);
            (i64::from(k), term)
        })
        .filter(|(_, t)| !t.is_zero())
        .collect()
}

/// Asserts the failure contract: exit status 2, nothing on stdout, exactly one line on stderr
/// that starts with "holodice: error:" and contains every `needle`. Returns that line.
fn attack_error(attacker: &str, defender: &str, needles: &[&str]) -> String {
    assert_user_error(
        &[
            "swtcg",
            "attack",
            "--attacker",
            attacker,
            "--defender",
            defender,
        ],
        needles,
    )
}

/// Attacks covering every kind of reported value, for the contract's invariants.
const SCENARIOS: &[(&str, &str, &[&str])] = &[
    ("Power 3", "Health 2", &[]),
    ("Power 3", "", &[]),
    ("Power 0", "Health 1", &[]),
    ("Power 2, Critical Hit 1", "Health 9", &[]),
    ("Power 4", "Armor", &[]),
    ("Power 1, Fury 1, Critical Hit 1", "Health 2", &[]),
    (
        "Power 5, Accuracy 1, Critical Hit 2, Focus 1, Foresight",
        "Health 4, Armor, Parry 1, Riposte 2, Absorb 1, Resilience 1",
        &[],
    ),
    (
        "Power 6, Double Damage, Health 2, Absorb 1",
        "Health 5, Evade 1, Shields 1, Riposte 1",
        &["--rule", "double-damage=all-damage"],
    ),
    ("Power 6, Accuracy -3", "", &["--rule", "auto-hit=yes"]),
];

// ---------------------------------------------------------------------------------------------
// 1. The JSON contract
// ---------------------------------------------------------------------------------------------

#[test]
fn json_output_is_one_object_with_hits_damage_and_attacker_damage_distributions() {
    for (attacker, defender, extra) in SCENARIOS {
        let doc = attack_json(attacker, defender, extra);
        assert!(doc.is_object(), "{attacker} vs {defender}: not an object");
        for key in ["hits", "damage", "attacker_damage"] {
            let dist = &doc[key];
            assert!(
                dist.is_object(),
                "{attacker} vs {defender}: no {key} object"
            );
            assert!(dist["pmf"].is_object(), "{key}.pmf is not an object");
            assert!(
                !dist["pmf"].as_object().unwrap().is_empty(),
                "{key}.pmf is empty"
            );
            assert!(dist["mean"].is_string(), "{key}.mean is not a string");
        }
    }
}

#[test]
fn json_probabilities_are_exact_reduced_fraction_strings() {
    for (attacker, defender, extra) in SCENARIOS {
        let doc = attack_json(attacker, defender, extra);
        for (key, value) in doc.as_object().unwrap() {
            if value.get("pmf").is_some() {
                pmf(value);
                fraction(value["mean"].as_str().expect("mean is a string"));
                if let Some(v) = value.get("variance") {
                    fraction(v.as_str().expect("variance is a string"));
                }
                if let Some(tail) = value.get("at_least").and_then(Value::as_object) {
                    tail.values().for_each(|p| {
                        probability(p);
                    });
                }
            } else if key == "destroyed" || key == "attacker_destroyed" {
                probability(value);
            } else if key == "triggers" {
                for p in value.as_object().expect("triggers is an object").values() {
                    probability(p);
                }
            }
        }
    }
    // The integers 0 and 1 are bare: a certain outcome and an impossible destruction.
    let doc = attack_json("Power 0", "Health 1", &[]);
    assert_eq!(doc["hits"]["pmf"]["0"], "1");
    assert_eq!(doc["hits"]["mean"], "0");
    assert_eq!(doc["destroyed"], "0");
}

#[test]
fn json_every_distribution_sums_to_one_with_its_mean_and_upper_tail() {
    for (attacker, defender, extra) in SCENARIOS {
        let doc = attack_json(attacker, defender, extra);
        check_distribution_objects(&doc, &format!("{attacker} vs {defender} {extra:?}"));
    }
}

#[test]
fn json_destroyed_is_present_only_when_the_defender_has_health() {
    let with = attack_json("Power 3", "Health 2", &[]);
    assert!(with["destroyed"].is_string(), "destroyed missing: {with}");
    for defender in ["", "Armor", "Evade 1, Tapped"] {
        let without = attack_json("Power 3", defender, &[]);
        assert!(
            without.get("destroyed").is_none(),
            "defender {defender:?} has no Health, yet destroyed = {}",
            without["destroyed"]
        );
    }
}

#[test]
fn json_power_3_against_health_2_is_binomial_three_halves() {
    // Three d6 hitting on 4+: each hits with 1/2, so hits ~ Binomial(3, 1/2):
    // P(k) = C(3,k)/8 → 1/8, 3/8, 3/8, 1/8. Damage = hits (no keywords). Health 2 is destroyed
    // with P(hits ≥ 2) = 3/8 + 1/8 = 1/2.
    let doc = attack_json("Power 3", "Health 2", &[]);
    let want = expected(&[(0, "1/8"), (1, "3/8"), (2, "3/8"), (3, "1/8")]);
    assert_eq!(pmf_strings(&doc["hits"]), want);
    assert_eq!(pmf_strings(&doc["damage"]), want);
    assert_eq!(pmf(&doc["hits"]), binomial(3, &q(1, 2)));
    assert_eq!(doc["hits"]["mean"], "3/2");
    assert_eq!(doc["destroyed"], "1/2");
    assert_eq!(doc["dice"], 3);
    // Nothing damages the attacker.
    assert_eq!(pmf_strings(&doc["attacker_damage"]), expected(&[(0, "1")]));
}

#[test]
fn json_critical_hit_adds_one_damage_when_any_natural_six_shows() {
    // Two dice: hits ~ Binomial(2, 1/2), mean 1. Critical Hit 1 adds 1 damage when at least one
    // natural six shows: 1 − (5/6)² = 11/36. Mean damage = 1 + 11/36 = 47/36.
    // Damage pmf over the 36 equally likely pairs:
    //   0: both dice 1–3 (9 pairs)                                    → 9/36 = 1/4
    //   1: one die 4–5, the other 1–3 (2·2·3 = 12)                     → 12/36 = 1/3
    //   2: a 6 and a 1–3 (2·3 = 6), or both 4–5 (4)                    → 10/36 = 5/18
    //   3: both hit with at least one 6 (9 − 4 = 5)                   → 5/36
    // Health 9 can't be destroyed by at most 3 damage.
    let doc = attack_json("Power 2, Critical Hit 1", "Health 9", &[]);
    assert_eq!(doc["damage"]["mean"], "47/36");
    assert_eq!(
        pmf_strings(&doc["damage"]),
        expected(&[(0, "1/4"), (1, "1/3"), (2, "5/18"), (3, "5/36")])
    );
    assert_eq!(doc["triggers"]["critical_hit"], "11/36");
    assert_eq!(doc["hits"]["mean"], "1");
    assert_eq!(doc["destroyed"], "0");
}

#[test]
fn json_armor_makes_dice_hit_on_five_or_more() {
    // Against Armor a die hits on 5 or 6: p = 1/3, so hits ~ Binomial(4, 1/3):
    // 16/81, 32/81, 24/81 = 8/27, 8/81, 1/81; mean 4 · 1/3 = 4/3.
    let doc = attack_json("Power 4", "Armor", &[]);
    assert_eq!(doc["hits"]["mean"], "4/3");
    assert_eq!(doc["damage"]["mean"], "4/3");
    assert_eq!(
        pmf_strings(&doc["hits"]),
        expected(&[
            (0, "16/81"),
            (1, "32/81"),
            (2, "8/27"),
            (3, "8/81"),
            (4, "1/81")
        ])
    );
    assert_eq!(pmf(&doc["hits"]), binomial(4, &q(1, 3)));
    // Accuracy 1 against Armor: natural 4+ reaches 5, back to p = 1/2.
    let doc = attack_json("Power 2, Accuracy 1", "Armor", &[]);
    assert_eq!(doc["hits"]["mean"], "1");
}

#[test]
fn json_fury_rolls_an_extra_die_on_a_natural_four() {
    // One die. 1–3: 0 hits (1/2). 5–6: 1 hit (1/3). 4: a hit and one extra die, which hits
    // with 1/2: 2 hits with 1/6 · 1/2 = 1/12, 1 hit with 1/12.
    // P(0) = 1/2, P(1) = 1/3 + 1/12 = 5/12, P(2) = 1/12; mean 5/12 + 2/12 = 7/12.
    let doc = attack_json("Power 1, Fury 1", "", &[]);
    assert_eq!(
        pmf_strings(&doc["hits"]),
        expected(&[(0, "1/2"), (1, "5/12"), (2, "1/12")])
    );
    assert_eq!(doc["hits"]["mean"], "7/12");
    assert_eq!(doc["triggers"]["fury"], "1/6");
}

#[test]
fn json_fury_dice_count_for_critical_hit_unless_the_rule_says_no() {
    // Critical Hit fires on a natural 6 of the first die (1/6) or, by default, of Fury's extra
    // die (1/6 · 1/6 = 1/36): 7/36. Mean damage = 7/12 (hits) + 7/36 = 28/36 = 7/9.
    let doc = attack_json("Power 1, Fury 1, Critical Hit 1", "", &[]);
    assert_eq!(doc["triggers"]["critical_hit"], "7/36");
    assert_eq!(doc["damage"]["mean"], "7/9");
    // With fury-dice-triggers=no only the first die counts: 1/6; mean 7/12 + 1/6 = 3/4.
    let doc = attack_json(
        "Power 1, Fury 1, Critical Hit 1",
        "",
        &["--rule", "fury-dice-triggers=no"],
    );
    assert_eq!(doc["triggers"]["critical_hit"], "1/6");
    assert_eq!(doc["damage"]["mean"], "3/4");
}

#[test]
fn json_parry_prevents_one_damage_when_a_natural_one_shows() {
    // Two dice, Parry 1. Of 36 pairs: 2 hits (9) never show a 1 → 2 damage; 1 hit (18): the
    // miss is a 1 in 3 of them per order (6) → 0 damage, else 1 (12); 0 hits (9) → 0.
    // P(0) = 15/36 = 5/12, P(1) = 12/36 = 1/3, P(2) = 9/36 = 1/4; P(any 1) = 11/36.
    let doc = attack_json("Power 2", "Parry 1", &[]);
    assert_eq!(
        pmf_strings(&doc["damage"]),
        expected(&[(0, "5/12"), (1, "1/3"), (2, "1/4")])
    );
    assert_eq!(doc["triggers"]["parry"], "11/36");
}

#[test]
fn json_double_damage_doubles_what_prevention_leaves_by_default() {
    // Two dice against Evade 1: hits 0, 1, 2 with 1/4, 1/2, 1/4.
    // prevent-before-double=yes: counters 2·max(h − 1, 0) → 0 (3/4), 2 (1/4); mean 1/2.
    let doc = attack_json("Power 2, Double Damage", "Evade 1", &[]);
    assert_eq!(
        pmf_strings(&doc["damage"]),
        expected(&[(0, "3/4"), (2, "1/4")])
    );
    // prevent-before-double=no: max(2h − 1, 0) → 0 (1/4), 1 (1/2), 3 (1/4); mean 5/4.
    let doc = attack_json(
        "Power 2, Double Damage",
        "Evade 1",
        &["--rule", "prevent-before-double=no"],
    );
    assert_eq!(
        pmf_strings(&doc["damage"]),
        expected(&[(0, "1/4"), (1, "1/2"), (3, "1/4")])
    );
    assert_eq!(doc["damage"]["mean"], "5/4");
}

#[test]
fn json_shields_take_attack_dice_away() {
    // Power 3 against Shields 1 rolls 2 dice: Binomial(2, 1/2), mean 1.
    let doc = attack_json("Power 3", "Shields 1", &[]);
    assert_eq!(doc["dice"], 2);
    assert_eq!(
        pmf_strings(&doc["hits"]),
        expected(&[(0, "1/4"), (1, "1/2"), (2, "1/4")])
    );
}

#[test]
fn json_riposte_damages_the_attacker_on_a_natural_two() {
    // Two dice against Riposte 1: P(any natural 2) = 1 − (5/6)² = 11/36.
    let doc = attack_json("Power 2", "Health 1, Riposte 1", &[]);
    assert_eq!(
        pmf_strings(&doc["attacker_damage"]),
        expected(&[(0, "25/36"), (1, "11/36")])
    );
    // riposte-after-discard=no: a destroyed (hit at least once) defender does not riposte, so
    // both dice miss (1–3 each, 9 pairs) and one shows a 2 (9 − 4 pairs without a 2 = 5): 5/36.
    let doc = attack_json(
        "Power 2",
        "Health 1, Riposte 1",
        &["--rule", "riposte-after-discard=no"],
    );
    assert_eq!(
        pmf_strings(&doc["attacker_damage"]),
        expected(&[(0, "31/36"), (1, "5/36")])
    );
}

// ---------------------------------------------------------------------------------------------
// 2. The other output formats
// ---------------------------------------------------------------------------------------------

#[test]
fn yaml_output_is_the_json_document() {
    for (attacker, defender, extra) in SCENARIOS {
        let json = attack_json(attacker, defender, extra);
        let mut args = vec!["--format", "yaml"];
        args.extend_from_slice(extra);
        let text = attack_ok(attacker, defender, &args);
        let yaml: Value = serde_yaml::from_str(&text)
            .unwrap_or_else(|e| panic!("YAML does not parse ({e}):\n{text}"));
        assert_eq!(yaml, json, "{attacker} vs {defender}");
    }
}

#[test]
fn csv_has_its_header_and_exact_damage_rows_match_json() {
    let (attacker, defender) = ("Power 2, Critical Hit 1", "Health 2");
    let json = attack_json(attacker, defender, &[]);
    let text = attack_ok(attacker, defender, &["--format", "csv", "--exact"]);
    let mut lines = text.lines();
    assert_eq!(lines.next(), Some("variable,outcome,probability,at_least"));
    let damage: Vec<Vec<&str>> = lines
        .clone()
        .filter(|l| l.starts_with("damage,"))
        .map(|l| l.split(',').collect())
        .collect();
    let json_pmf = json["damage"]["pmf"].as_object().unwrap();
    assert_eq!(damage.len(), json_pmf.len(), "one damage row per outcome");
    for row in &damage {
        assert_eq!(row.len(), 4, "{row:?}");
        assert_eq!(json_pmf[row[1]], row[2], "damage = {}", row[1]);
        assert_eq!(json["damage"]["at_least"][row[1]], row[3]);
    }
    // A chance is the 0/1 variable "it happens": its row for 1 is the JSON's probability.
    let destroyed = lines
        .find(|l| l.starts_with("destroyed,1,"))
        .expect("a destroyed row");
    let p = json["destroyed"].as_str().unwrap();
    assert_eq!(destroyed, format!("destroyed,1,{p},{p}"));
    // Only data rows: no units, rules or notes, so every row has a numeric outcome.
    for row in text.lines().skip(1) {
        let fields: Vec<&str> = row.split(',').collect();
        assert_eq!(fields.len(), 4, "{row}");
        assert!(fields[1].parse::<i64>().is_ok(), "{row}");
    }
    // Without --exact the probabilities are decimals to --digits places (6 by default): damage 0
    // is both dice 1–3, 1/4.
    let text = attack_ok(attacker, defender, &["--format", "csv"]);
    assert!(
        text.lines().any(|l| l == "damage,0,0.250000,1.000000"),
        "{text}"
    );
    let text = attack_ok(attacker, defender, &["--format", "csv", "--digits", "2"]);
    assert!(text.lines().any(|l| l == "damage,0,0.25,1.00"), "{text}");
}

#[test]
fn markdown_output_has_a_table_header() {
    let text = attack_ok("Power 3", "Health 2", &["--format", "markdown"]);
    assert!(text.contains("| outcome | P(= k) | P(≥ k) |"), "{text}");
    assert!(text.contains("|---:|---:|---:|"), "{text}");
    // Binomial(3, 1/2): P(1 hit) = 3/8 = 37.50%.
    assert!(text.contains("| 1 | 37.50% |"), "{text}");
}

#[test]
fn text_output_shows_the_chance_to_destroy_and_the_mean() {
    // Power 3 vs Health 2: destroyed with 1/2, mean damage 3/2.
    let text = attack_ok("Power 3", "Health 2", &[]);
    assert!(text.contains("Chance to destroy"), "{text}");
    assert!(text.contains("50.00%"), "{text}");
    assert!(text.contains("mean 1.500"), "{text}");
    let text = attack_ok("Power 3", "Health 2", &["--exact"]);
    assert!(text.contains("1.500 (3/2)"), "{text}");
    assert!(text.contains("50.00% (1/2)"), "{text}");
}

// ---------------------------------------------------------------------------------------------
// 3. Bad input: exit 2, one line on stderr, nothing on stdout
// ---------------------------------------------------------------------------------------------

#[test]
fn unknown_keyword_error_suggests_the_nearest_name() {
    attack_error(
        "Power 2, Acuracy 1",
        "",
        &["attacker", "Acuracy", "did you mean 'Accuracy 1'"],
    );
    attack_error("Power 2", "Armour", &["defender", "did you mean 'Armor'"]);
}

#[test]
fn keyword_missing_its_value_is_refused() {
    attack_error(
        "Power 2, Critical Hit",
        "",
        &["'Critical Hit'", "needs a value"],
    );
}

#[test]
fn negative_power_is_refused() {
    attack_error("Power -1", "", &["Power -1", "can't be negative"]);
}

#[test]
fn value_on_a_keyword_that_takes_none_is_refused() {
    attack_error("Power 2", "Armor 2", &["Armor 2", "takes no value"]);
}

#[test]
fn keywords_without_dice_effects_are_named_in_the_notes() {
    for name in [
        "Upkeep",
        "Hidden Cost 2",
        "Reduced Cost 1",
        "Meditate",
        "Switch",
        "INSERT",
        "Stack",
        "Enhance",
    ] {
        let doc = attack_json(&format!("Power 2, {name}"), "", &[]);
        let keyword = name.trim_end_matches(|c: char| c.is_ascii_digit() || c == ' ');
        let notes: Vec<&str> = doc["notes"]
            .as_array()
            .unwrap_or_else(|| panic!("{name}: no notes"))
            .iter()
            .filter_map(|n| n.as_str())
            .collect();
        assert!(
            notes
                .iter()
                .any(|n| n.starts_with(keyword) && n.contains("no effect on dice")),
            "{name}: {notes:?}"
        );
    }
}

#[test]
fn absurd_sizes_are_refused_with_the_limit() {
    attack_error("Power 5000", "", &["5000", "limit", "2000"]);
    attack_error("Power 1999, Fury 2", "", &["2001", "limit"]);
    // Fury's dice combine with every outcome of the power dice: their product is bounded.
    attack_error("Power 1000, Fury 100", "", &["100 extra dice", "20000"]);
    attack_error("Power 10001", "", &["limit of 10000"]);
    attack_error("Power 99999999999999999999999", "", &["limit"]);
}

// hardening: number-range
#[test]
fn accuracy_beyond_the_limit_is_refused() {
    attack_error(
        "Power 3, Accuracy -10001",
        "",
        &["below the limit of -10000"],
    );
    attack_error("Power 3, Accuracy 10001", "", &["over the limit of 10000"]);
    // i64::MIN: its absolute value overflows an i64; and beyond i64, on either side.
    attack_error(
        "Power 3, Accuracy -9223372036854775808",
        "",
        &["below the limit of -10000"],
    );
    attack_error(
        "Power 3, Accuracy -99999999999999999999999",
        "",
        &["below the limit of -10000"],
    );
    attack_error(
        "Power 99999999999999999999999",
        "",
        &["over the limit of 10000"],
    );
    attack_error(
        "Power -99999999999999999999999",
        "",
        &["Power can't be negative"],
    );
}

#[test]
fn attacker_without_power_is_refused() {
    attack_error("Accuracy 1", "", &["attacker", "has no power", "Power 5"]);
    attack_error("", "Health 2", &["attacker", "has no power", "Power 5"]);
}

#[test]
fn unknown_rule_option_suggests_the_nearest_name() {
    assert_user_error(
        &[
            "swtcg",
            "attack",
            "--attacker",
            "Power 2",
            "--rule",
            "auto-hitt=yes",
        ],
        &["--rule", "auto-hitt", "did you mean 'auto-hit'"],
    );
}

#[test]
fn bad_rule_value_lists_the_allowed_values() {
    assert_user_error(
        &[
            "swtcg",
            "attack",
            "--attacker",
            "Power 2",
            "--rule",
            "auto-hit=maybe",
        ],
        &["auto-hit", "'maybe'", "no, yes"],
    );
    assert_user_error(
        &[
            "swtcg",
            "attack",
            "--attacker",
            "Power 2",
            "--rule",
            "auto-hit",
        ],
        &["NAME=VALUE"],
    );
}

#[test]
fn bad_format_is_a_one_line_usage_error() {
    assert_user_error(
        &[
            "swtcg",
            "attack",
            "--attacker",
            "Power 2",
            "--format",
            "jsn",
        ],
        &["'jsn'", "--format", "json"],
    );
    assert_user_error(
        &["swtcg", "atack", "--attacker", "Power 2"],
        &["'atack'", "attack"],
    );
}

#[test]
fn missing_attacker_flag_error_names_the_flag() {
    assert_user_error(&["swtcg", "attack"], &["required", "--attacker"]);
}

#[test]
fn stealth_defender_untapped_and_undamaged_is_an_illegal_attack() {
    attack_error(
        "Power 2",
        "Health 3, Stealth",
        &["illegal attack", "Stealth"],
    );
    // Tapped or damaged, it may be attacked.
    attack_ok("Power 2", "Health 3, Stealth, Tapped", &[]);
    attack_ok("Power 2", "Health 3, Stealth, Damage 1", &[]);
}

#[test]
fn unit_whose_damage_reaches_its_health_is_an_illegal_attack() {
    attack_error(
        "Power 2",
        "Health 3, Damage 3",
        &["illegal attack", "defender"],
    );
    attack_error(
        "Power 2",
        "Health 3, Damage 4",
        &["illegal attack", "defender"],
    );
    attack_error(
        "Power 2, Health 1, Damage 1",
        "",
        &["illegal attack", "attacker"],
    );
}

#[test]
fn errors_stay_on_one_line_when_the_input_holds_a_line_break() {
    attack_error("Power 3, Foo\nBar 1", "", &["unknown keyword"]);
    assert_user_error(
        &[
            "swtcg",
            "attack",
            "--attacker",
            "Power 3",
            "--rule",
            "auto-hit=ma\nybe",
        ],
        &["auto-hit"],
    );
}

#[test]
fn weird_specs_exit_0_or_2_and_never_panic() {
    const WEIRD: &[&str] = &[
        "",
        " ",
        ",",
        ",,,",
        " , , ",
        "Power 5,",
        ",Power 5",
        "Power 5,,Armor",
        "Power 5, Power",
        "Power 3, Power 5",
        "Accuracy +-1",
        "Power ++5",
        ":",
        "::",
        "Power 5, :",
        "Foresight: 3",
        "Foresight:",
        "Power 2, Foresight: Gain 2 Force",
        "Power:",
        "Critical Hit: x",
        "Critical Hit: -1",
        "Pöwer 5",
        "Power ٣",
        "Power 5, 🎲",
        "Ｐｏｗｅｒ ５",
        "Power 99999999999999999999999999",
        "Power -99999999999999999999",
        "Power 9223372036854775807",
        "Power -9223372036854775808",
        "Accuracy 9223372036854775807",
        "Accuracy -9223372036854775808",
        "Power 3, Accuracy 10000",
        "Power 3, Accuracy -10000",
        "Power 0",
        "Power 0, Critical Hit 10000, Double Damage",
        "Power 1, Fury 1, Fury 1, Fury 1",
        "Power 3, Health 0",
        "Power 3, Shields 10000",
        "Power 3, Resilience 10000, Damage 10000",
        "Power 10000, Fury 10000",
        "Power 5 5",
        "Power\t5",
        "Power 1e3",
        "Power 0x10",
        "\"Power 5\"",
        "Power 5; Armor",
        "power5",
        "Tapped 1",
        "Stealth",
        "Counters 1",
    ];
    let mut failures = Vec::new();
    for spec in WEIRD {
        for (attacker, defender) in [(*spec, "Health 3"), ("Power 3", *spec)] {
            let out = attack(attacker, defender, &["--format", "json"]);
            let err = stderr(&out);
            let code = out.status.code();
            if !matches!(code, Some(0 | 2)) || err.contains("panicked") {
                failures.push(format!(
                    "attacker {attacker:?}, defender {defender:?}: exit {code:?}, stderr {:?}",
                    err.lines().take(2).collect::<Vec<_>>().join(" / ")
                ));
            }
        }
    }
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}

// ---------------------------------------------------------------------------------------------
// 4. Listings and rule options
// ---------------------------------------------------------------------------------------------

const GLOSSARY: &[&str] = &[
    "Accuracy",
    "Ambush",
    "Area Damage",
    "Armor",
    "Bombard",
    "Bounty",
    "Critical Hit",
    "Double Damage",
    "Enhance",
    "Focus",
    "Foresight",
    "Fury",
    "Hidden Cost",
    "INSERT",
    "Ion Cannon",
    "Meditate",
    "Overkill",
    "Precision",
    "Reduced Cost",
    "Resilience",
    "Retaliate",
    "Riposte",
    "Shields",
    "Stack",
    "Stealth",
    "Switch",
    "Upkeep",
    "Redirect",
    "Absorb",
    "Surge",
    "Parry",
    "Lucky",
    "Evade",
    "Stun",
    "Deflect",
    "Intercept",
    "Backfire",
    "Overload",
    "Avenge",
    "Ferocity",
];

const RULE_OPTIONS: &[(&str, &str)] = &[
    ("auto-hit", "no"),
    ("fury-dice-triggers", "yes"),
    ("critical-hit-needs-hit", "no"),
    ("critical-hit-preventable", "yes"),
    ("prevent-before-double", "yes"),
    ("double-damage", "attack-only"),
    ("foresight", "hits"),
    ("riposte-after-discard", "yes"),
    ("lucky-first", "attacker"),
    ("reroll-twice", "yes"),
    ("overkill", "keep-kill"),
    ("tenacity-counts", "counters"),
];

#[test]
fn keywords_lists_every_glossary_keyword() {
    let out = holodice(&["swtcg", "keywords"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    // The first cell of each table row, without its "(also …)" aliases.
    let names: Vec<&str> = text
        .lines()
        .filter_map(|l| l.strip_prefix("| "))
        .filter_map(|l| l.split(" | ").next())
        .map(|cell| cell.split(" (also ").next().unwrap().trim())
        .collect();
    for keyword in GLOSSARY {
        assert!(
            names.contains(keyword),
            "{keyword} is not a row of the keyword table"
        );
    }
}

#[test]
fn rules_lists_every_option_with_its_default() {
    let out = holodice(&["swtcg", "rules"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    for (name, default) in RULE_OPTIONS {
        let line = text
            .lines()
            .find(|l| l.starts_with(&format!("{name} = ")))
            .unwrap_or_else(|| panic!("{name} is not listed:\n{text}"));
        assert!(line.contains(&format!("(default {default})")), "{line}");
    }
    // The JSON report names the same options with their defaults.
    let doc = attack_json("Power 1", "", &[]);
    let rules = doc["rules"].as_object().expect("a rules object");
    assert_eq!(rules.len(), RULE_OPTIONS.len(), "{rules:?}");
    for (name, default) in RULE_OPTIONS {
        assert_eq!(rules[*name], *default, "{name}");
    }
}

#[test]
fn auto_hit_rule_lets_natural_sixes_hit_despite_negative_accuracy() {
    // Accuracy −3: a natural f hits when f − 3 ≥ 4, which no face reaches.
    let doc = attack_json("Power 6, Accuracy -3", "", &[]);
    assert_eq!(pmf_strings(&doc["hits"]), expected(&[(0, "1")]));
    assert_eq!(doc["rules"]["auto-hit"], "no");
    // auto-hit=yes: a natural 6 always hits, so hits ~ Binomial(6, 1/6): mean 6 · 1/6 = 1,
    // P(0) = (5/6)⁶ = 15625/46656, P(6) = (1/6)⁶ = 1/46656.
    let doc = attack_json("Power 6, Accuracy -3", "", &["--rule", "auto-hit=yes"]);
    assert_eq!(doc["hits"]["mean"], "1");
    assert_eq!(doc["hits"]["pmf"]["0"], "15625/46656");
    assert_eq!(doc["hits"]["pmf"]["6"], "1/46656");
    assert_eq!(pmf(&doc["hits"]), binomial(6, &q(1, 6)));
    assert_eq!(doc["rules"]["auto-hit"], "yes");
}

#[test]
fn auto_hit_rule_makes_natural_ones_miss_despite_positive_accuracy() {
    // Accuracy 5: every natural face reaches 4 (1 + 5 = 6), so all 6 dice hit.
    let doc = attack_json("Power 6, Accuracy 5", "", &[]);
    assert_eq!(pmf_strings(&doc["hits"]), expected(&[(6, "1")]));
    // auto-hit=yes: a natural 1 always misses, so hits ~ Binomial(6, 5/6), mean 5.
    let doc = attack_json("Power 6, Accuracy 5", "", &["--rule", "auto-hit=yes"]);
    assert_eq!(doc["hits"]["mean"], "5");
    assert_eq!(pmf(&doc["hits"]), binomial(6, &q(5, 6)));
}

#[test]
fn help_and_version_print_on_stdout_and_exit_zero() {
    for flag in ["--help", "--version"] {
        let out = holodice(&[flag]);
        assert_eq!(out.status.code(), Some(0), "{flag}");
        assert!(!out.stdout.is_empty(), "{flag} prints on stdout");
    }
    let out = holodice(&["swtcg", "attack", "--help"]);
    assert_eq!(out.status.code(), Some(0));
    let text = stdout(&out);
    for (name, _) in RULE_OPTIONS {
        assert!(text.contains(name), "attack --help lists {name}");
    }
}

// hardening: full-disk
#[test]
fn output_that_cannot_be_written_is_one_line_and_status_2() {
    let full = std::fs::File::create("/dev/full").expect("Linux has /dev/full");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_holodice"))
        .args([
            "swtcg",
            "attack",
            "--attacker",
            "Power 200",
            "--format",
            "json",
        ])
        .stdout(full)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.starts_with("holodice: error: cannot write the output:"),
        "{err}"
    );
    assert_eq!(err.matches('\n').count(), 1, "{err}");
}

// hardening: broken-pipe
#[test]
fn a_reader_that_stops_reading_is_not_an_error() {
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_holodice"))
        .args([
            "swtcg",
            "attack",
            "--attacker",
            "Power 2000",
            "--format",
            "json",
        ])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}
