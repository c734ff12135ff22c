//! The text output a player reads: the headline first, the rule options only when they differ
//! from the defaults, no lines for absent units, one convention for tiny and impossible
//! chances, and help examples that copy whole from an 80-column terminal.

use crate::common::{assert_user_error, holodice_ok, stdout};
use std::process::Command;

#[test]
fn the_headline_comes_first() {
    // Two dice hitting on 4+ against Health 2: both must hit, 1/4.
    let t = holodice_ok(&[
        "swtcg",
        "attack",
        "--attacker",
        "Power 2",
        "--defender",
        "Health 2",
    ]);
    let lines: Vec<&str> = t.lines().collect();
    assert_eq!(
        lines[..2],
        [
            "SWTCG attack (exact)",
            "Chance to destroy the defender: 25.00%"
        ]
    );
    assert_eq!(
        t.matches("Chance to destroy the defender").count(),
        1,
        "said once:\n{t}"
    );
    // Without Health there is nothing to destroy: the mean counters lead.
    let t = holodice_ok(&["swtcg", "attack", "--attacker", "Power 3"]);
    assert_eq!(
        t.lines().nth(1),
        Some("Mean damage counters on the defender: 1.500")
    );
    // Legion: one red die (6/8 hit or crit) against a white die (blocks 1/6): 5/8.
    let t = holodice_ok(&[
        "legion",
        "attack",
        "--attacker",
        "1 red",
        "--defender",
        "white defense",
    ]);
    let lines: Vec<&str> = t.lines().collect();
    assert_eq!(
        lines[..3],
        [
            "Legion attack (exact)",
            "Mean wounds on the defender: 0.625",
            "Chance of at least one wound: 62.50%"
        ]
    );
}

#[test]
fn an_absent_defender_prints_no_line() {
    let t = holodice_ok(&["swtcg", "attack", "--attacker", "Power 3"]);
    assert!(!t.contains("Defender:"), "{t}");
    let json = holodice_ok(&[
        "swtcg",
        "attack",
        "--attacker",
        "Power 3",
        "--format",
        "json",
    ]);
    assert!(json.contains("\"defender\": \"\""), "JSON keeps its key");
}

#[test]
fn rules_lists_only_what_differs_from_the_defaults() {
    let base = [
        "swtcg",
        "attack",
        "--attacker",
        "Power 3",
        "--defender",
        "Health 2",
    ];
    let rules_line = |extra: &[&str]| -> String {
        let args: Vec<&str> = base.iter().chain(extra).copied().collect();
        let t = holodice_ok(&args);
        t.lines()
            .find(|l| l.starts_with("Rules:"))
            .unwrap()
            .to_string()
    };
    assert_eq!(rules_line(&[]), "Rules: all at their defaults");
    assert_eq!(
        rules_line(&["--rule", "overkill=all", "--rule", "auto-hit=yes"]),
        "Rules: auto-hit=yes, overkill=all, others at their defaults"
    );
    let verbose = rules_line(&["--verbose"]);
    for option in [
        "auto-hit=no",
        "fury-dice-triggers=yes",
        "overkill=keep-kill",
    ] {
        assert!(verbose.contains(option), "{verbose}");
    }
    // simulate says it the same way, on one line.
    let t = holodice_ok(&[
        "swtcg",
        "simulate",
        "--attacker",
        "Power 3",
        "--defender",
        "Health 2",
        "--trials",
        "100",
    ]);
    assert!(t.contains("\nrules: all at their defaults\n"), "{t}");
    assert!(!t.contains("rule auto-hit"), "{t}");
}

#[test]
fn impossible_certain_and_tiny_chances_read_differently() {
    // 20 dice: no hit is 2^-20, a chance that is not 0; at least one hit is not certain.
    let t = holodice_ok(&[
        "swtcg",
        "attack",
        "--attacker",
        "Power 20",
        "--defender",
        "Health 1",
    ]);
    assert!(t.contains("Chance to destroy the defender: >99.99%"), "{t}");
    assert!(t.contains("\n   0  <0.01%     100%"), "{t}");
    // A sequence: Power 3 can't place 4 counters in one attack, so 0% exactly.
    let t = holodice_ok(&[
        "swtcg",
        "sequence",
        "--attacker",
        "Power 3",
        "--attacks",
        "2",
        "--defender",
        "Health 4",
    ]);
    assert!(t.contains("by attack: 1: 0%, 2: "), "{t}");
}

#[test]
fn until_destroyed_reports_the_attacks_needed_and_the_chance_past_the_cap() {
    // Power 1 against Health 1: a geometric number of attacks, mean 2 given a kill in the cap.
    // Within 3 attacks: 1/2, 1/4, 1/8; past the cap 1/8; mean (1/2 + 2/4 + 3/8) / (7/8) = 11/7.
    let args = [
        "swtcg",
        "sequence",
        "--attacker",
        "Power 1",
        "--defender",
        "Health 1",
        "--until-destroyed",
        "--attacks",
        "3",
    ];
    let t = holodice_ok(&args);
    assert_eq!(
        t.lines().nth(1),
        Some("Mean attacks to destroy the defender, when destroyed within 3 attacks: 1.571")
    );
    assert_eq!(
        t.lines().nth(2),
        Some("Chance the defender is not destroyed within 3 attacks: 12.50%")
    );
    let mut json_args = args.to_vec();
    json_args.extend(["--format", "json"]);
    let j: serde_json::Value = serde_json::from_str(&holodice_ok(&json_args)).unwrap();
    assert_eq!(j["attacks_needed"]["mean"], "11/7");
    assert_eq!(j["attacks_needed"]["pmf"]["3"], "1/7");
    assert_eq!(j["never_destroyed"], "1/8");
    assert_user_error(
        &[
            "swtcg",
            "sequence",
            "--attacker",
            "Power 1",
            "--attacker",
            "Power 2",
            "--defender",
            "Health 1",
            "--until-destroyed",
        ],
        &["a single --attacker"],
    );
    assert_user_error(
        &[
            "swtcg",
            "sequence",
            "--attacker",
            "Power 1",
            "--until-destroyed",
        ],
        &["--defender"],
    );
    assert_user_error(
        &[
            "swtcg",
            "sequence",
            "--attacker",
            "Power 1",
            "--defender",
            "Armor",
            "--until-destroyed",
        ],
        &["no Health", "'Health 5'"],
    );
}

/// The commands whose help shows examples.
const WITH_EXAMPLES: &[&[&str]] = &[
    &[],
    &["swtcg", "attack"],
    &["swtcg", "dice"],
    &["swtcg", "sequence"],
    &["swtcg", "compare"],
    &["swtcg", "cards"],
    &["legion", "attack"],
    &["legion", "compare"],
    &["table"],
    &["check"],
    &["serve"],
];

#[test]
fn help_examples_fit_80_columns_so_they_copy_whole() {
    for command in WITH_EXAMPLES {
        let out = Command::new(env!("CARGO_BIN_EXE_holodice"))
            .args(*command)
            .arg("--help")
            .env("COLUMNS", "80")
            .output()
            .unwrap();
        let help = stdout(&out);
        let examples = help
            .split_once("Example")
            .unwrap_or_else(|| panic!("{command:?} has examples"))
            .1;
        for line in examples.lines().skip(1).take_while(|l| !l.is_empty()) {
            assert!(line.chars().count() <= 80, "{command:?}: {line}");
            // A quoted argument never breaks across lines.
            assert_eq!(line.matches('"').count() % 2, 0, "{command:?}: {line}");
            assert_eq!(line.matches('\'').count() % 2, 0, "{command:?}: {line}");
        }
    }
}

#[test]
fn a_charts_title_names_both_units() {
    let svg = holodice_ok(&[
        "swtcg",
        "attack",
        "--attacker",
        "Power 5",
        "--defender",
        "Health 4, Armor",
        "--format",
        "svg",
    ]);
    assert!(
        svg.contains("SWTCG: Power 5 against Health 4, Armor"),
        "{svg}"
    );
    let svg = holodice_ok(&[
        "legion",
        "attack",
        "--attacker",
        "2 red",
        "--defender",
        "white defense",
        "--format",
        "svg",
    ]);
    assert!(svg.contains("Legion: 2 red against white defense"), "{svg}");
}
