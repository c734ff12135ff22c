//! End-to-end tests of the SWTCG keywords beyond the attack roll: dice of damage, second units,
//! other arenas, Lucky, card files, Switch, Enhance and sequences, through the `holodice` binary.
//!
//! Every expected probability is worked out by hand in the comment beside it, never copied from
//! the program's output. The brute-force oracles (tests/swtcg_oracle.rs, tests/swtcg_sequence.rs)
//! cover random mixes; these pin the command-line contract and one small case of each reading.

use serde_json::Value;

use crate::common::*;

fn attack_json(attacker: &str, defender: &str, extra: &[&str]) -> Value {
    game_attack_json("swtcg", attacker, defender, extra)
}

fn json_of(args: &[&str]) -> Value {
    let out = holodice(args);
    assert_eq!(out.status.code(), Some(0), "{args:?}: {}", stderr(&out));
    let doc: Value = serde_json::from_str(&stdout(&out)).expect("JSON output");
    check_distribution_objects(&doc, &format!("{args:?}"));
    doc
}

fn attack_error(attacker: &str, defender: &str, extra: &[&str], needles: &[&str]) {
    assert_user_error(&attack_args("swtcg", attacker, defender, extra), needles);
}

fn prob(doc: &Value, key: &str) -> String {
    probability(&doc[key]).to_string()
}

fn notes(doc: &Value) -> Vec<String> {
    doc["notes"]
        .as_array()
        .map(|a| {
            a.iter()
                .filter_map(|n| n.as_str().map(String::from))
                .collect()
        })
        .unwrap_or_default()
}

// ---------------------------------------------------------------------------------------------
// Dice of damage
// ---------------------------------------------------------------------------------------------

#[test]
fn dice_command_hits_on_five_against_armor() {
    // Two dice at Armor hit on 5+: p = 1/3 each. 0: 4/9, 1: 2·1/3·2/3 = 4/9, 2: 1/9.
    let doc = json_of(&[
        "swtcg",
        "dice",
        "--count",
        "2",
        "--target",
        "Health 2, Armor",
        "--format",
        "json",
    ]);
    assert_eq!(
        pmf_strings(&doc["damage"]),
        expected(&[(0, "4/9"), (1, "4/9"), (2, "1/9")])
    );
    assert_eq!(prob(&doc, "destroyed"), "1/9");
}

#[test]
fn dice_command_prevention_applies_unless_unpreventable() {
    // One die at 4+ (1/2); Evade 1 prevents its damage, unless the source has Ferocity.
    let args = ["swtcg", "dice", "--count", "1", "--target", "Evade 1"];
    let doc = json_of(&[&args[..], &["--format", "json"]].concat());
    assert_eq!(pmf_strings(&doc["damage"]), expected(&[(0, "1")]));
    let doc = json_of(&[&args[..], &["--format", "json", "--unpreventable"]].concat());
    assert_eq!(
        pmf_strings(&doc["damage"]),
        expected(&[(0, "1/2"), (1, "1/2")])
    );
}

#[test]
fn dice_command_refuses_bad_counts() {
    let base = ["swtcg", "dice", "--target", "Health 2"];
    assert_user_error(&[&base[..], &["--count", "-1"]].concat(), &["--count -1"]);
    assert_user_error(
        &[&base[..], &["--count", "5000"]].concat(),
        &["limit of 2000"],
    );
}

#[test]
fn retaliate_rolls_at_the_attacker_when_the_attack_ends() {
    // Retaliate 1 against an attacker with Armor: one die hitting on 5+, 1/3.
    let doc = attack_json("Power 1, Health 1, Armor", "Retaliate 1", &[]);
    assert_eq!(
        pmf_strings(&doc["attacker_damage"]),
        expected(&[(0, "2/3"), (1, "1/3")])
    );
    assert_eq!(prob(&doc, "attacker_destroyed"), "1/3");
}

#[test]
fn retaliate_resolves_even_when_its_unit_is_discarded() {
    // The defender (Health 1) is discarded on a hit (1/2); Retaliate still rolls: 1/2.
    let doc = attack_json("Power 1", "Health 1, Retaliate 1", &[]);
    assert_eq!(prob(&doc, "destroyed"), "1/2");
    assert_eq!(
        pmf_strings(&doc["attacker_damage"]),
        expected(&[(0, "1/2"), (1, "1/2")])
    );
}

#[test]
fn backfire_needs_a_natural_three_in_the_initial_roll() {
    // P(the die shows 3) = 1/6, then one die at the attacker hits on 4+: 1/12.
    let doc = attack_json("Power 1, Health 1, Backfire 1", "", &[]);
    assert_eq!(prob(&doc, "attacker_destroyed"), "1/12");
    assert_eq!(probability(&doc["triggers"]["backfire"]).to_string(), "1/6");
}

#[test]
fn overload_adds_power_and_rolls_at_itself() {
    // Power 1 + Overload 1 = 2 dice: damage mean 1. One die at itself: destroyed 1/2.
    let doc = attack_json("Power 1, Health 1, Overload 1", "", &[]);
    assert_eq!(doc["dice"], 2);
    assert_eq!(doc["damage"]["mean"], "1");
    assert_eq!(prob(&doc, "attacker_destroyed"), "1/2");
}

#[test]
fn avenge_answers_the_discard_of_its_ally() {
    // The defender (Health 1) is discarded with 1/2; then one die at the attacker: 1/4.
    let doc = attack_json("Power 1", "Health 1, Avenge 1", &[]);
    assert_eq!(
        pmf_strings(&doc["attacker_damage"]),
        expected(&[(0, "3/4"), (1, "1/4")])
    );
}

#[test]
fn deflect_prevents_and_reports_the_damage_it_may_send() {
    // Two dice: 0 hits 1/4, 1 hit 1/2 (deflected), 2 hits 1/4 (one deflected, one placed).
    let doc = attack_json("Power 2", "Deflect 1", &[]);
    assert_eq!(
        pmf_strings(&doc["damage"]),
        expected(&[(0, "3/4"), (1, "1/4")])
    );
    assert_eq!(
        pmf_strings(&doc["deflect_damage"]),
        expected(&[(0, "1/4"), (1, "3/4")])
    );
}

#[test]
fn stun_surge_and_bounty_report_their_chances() {
    // One die: counters on the defender with 1/2, which discards it (Health 1).
    let doc = attack_json("Power 1, Stun 2, Bounty", "Health 1, Surge 1", &[]);
    for key in ["stun", "surge", "bounty"] {
        assert_eq!(prob(&doc, key), "1/2", "{key}");
    }
    // The defender's Stun answers when its Riposte lands: a natural 2 (1/6).
    let doc = attack_json("Power 1", "Riposte 1, Stun 1", &[]);
    assert_eq!(prob(&doc, "defender_stun"), "1/6");
}

// ---------------------------------------------------------------------------------------------
// Second units and other arenas
// ---------------------------------------------------------------------------------------------

#[test]
fn overkill_moves_hits_beyond_the_defenders_health() {
    // Two dice vs Health 1: on 2 hits (1/4) one hit moves, and the defender is still discarded.
    let doc = attack_json(
        "Power 2, Overkill",
        "Health 1",
        &["--secondary", "Health 3"],
    );
    assert_eq!(
        pmf_strings(&doc["secondary_damage"]),
        expected(&[(0, "3/4"), (1, "1/4")])
    );
    assert_eq!(
        pmf_strings(&doc["damage"]),
        expected(&[(0, "1/4"), (1, "3/4")])
    );
    assert_eq!(prob(&doc, "destroyed"), "3/4");
}

#[test]
fn overkill_keeps_the_hits_the_kill_needs_and_moves_all_on_request() {
    // Health 1 with Evade 1: a kill needs 2 counters, so with 2 hits (1/4) nothing moves under
    // keep-kill; under overkill=all one hit moves and the defender survives.
    let base = ["--secondary", "Health 3"];
    let doc = attack_json("Power 2, Overkill", "Health 1, Evade 1", &base);
    assert_eq!(pmf_strings(&doc["secondary_damage"]), expected(&[(0, "1")]));
    assert_eq!(prob(&doc, "destroyed"), "1/4");
    let all = [&base[..], &["--rule", "overkill=all"]].concat();
    let doc = attack_json("Power 2, Overkill", "Health 1, Evade 1", &all);
    assert_eq!(
        pmf_strings(&doc["secondary_damage"]),
        expected(&[(0, "3/4"), (1, "1/4")])
    );
    assert_eq!(prob(&doc, "destroyed"), "0");
}

#[test]
fn area_damage_rolls_at_the_secondary_after_a_discard() {
    // Discard 1/2, then one die at the secondary (Health 1): 1/4.
    let doc = attack_json(
        "Power 1, Area Damage 1",
        "Health 1",
        &["--secondary", "Health 1"],
    );
    assert_eq!(prob(&doc, "secondary_destroyed"), "1/4");
    assert!(doc["secondary"].is_string());
}

#[test]
fn interceptor_takes_the_attack_with_its_own_keywords() {
    // The interceptor has Armor: one die hits on 5+, 1/3, and its Health 1 makes that a discard.
    let doc = attack_json(
        "Power 1",
        "Health 5",
        &["--interceptor", "Health 1, Intercept, Armor"],
    );
    assert_eq!(prob(&doc, "destroyed"), "1/3");
    // Redirect on the defender moves it too.
    let doc = attack_json(
        "Power 1",
        "Health 5, Redirect",
        &["--interceptor", "Health 1"],
    );
    assert_eq!(prob(&doc, "destroyed"), "1/2");
    // Precision keeps it on the defender (Health 5: one die can't discard it).
    let doc = attack_json(
        "Power 1, Precision",
        "Health 5",
        &["--interceptor", "Health 1, Intercept"],
    );
    assert_eq!(prob(&doc, "destroyed"), "0");
    assert!(notes(&doc).iter().any(|n| n.contains("Precision")));
}

#[test]
fn an_interceptor_needs_intercept_or_redirect() {
    attack_error(
        "Power 1",
        "Health 5",
        &["--interceptor", "Health 1"],
        &["Intercept", "Redirect"],
    );
}

#[test]
fn bombard_attacks_with_its_own_power_and_escapes_retaliate() {
    // Bombard 3 rolls 3 dice whatever Power says; Retaliate does not answer it.
    let doc = attack_json("Power 1, Bombard 3", "Retaliate 2", &["--mode", "bombard"]);
    assert_eq!(doc["dice"], 3);
    assert_eq!(pmf_strings(&doc["attacker_damage"]), expected(&[(0, "1")]));
    assert_eq!(doc["mode"], "bombard");
    attack_error("Power 1", "", &["--mode", "ion-cannon"], &["Ion Cannon X"]);
    attack_error(
        "Power 1, Bombard 1",
        "",
        &["--mode", "bombard", "--arena", "ground"],
        &["--arena space"],
    );
}

// ---------------------------------------------------------------------------------------------
// Lucky
// ---------------------------------------------------------------------------------------------

/// P(the single attack die ends as a hit) for these options.
fn one_die_hit(attacker: &str, defender: &str, extra: &[&str]) -> String {
    let doc = attack_json(attacker, defender, extra);
    probability(&doc["hits"]["at_least"]["1"]).to_string()
}

#[test]
fn lucky_rerolls_follow_the_greedy_policy() {
    // The attacker re-rolls a miss: 1/2 + 1/2 · 1/2 = 3/4.
    assert_eq!(one_die_hit("Power 1, Lucky 1", "", &[]), "3/4");
    // The defender makes it re-roll a hit: 1/2 · 1/2 = 1/4.
    assert_eq!(one_die_hit("Power 1", "Lucky 1", &[]), "1/4");
    // Both, attacker first: 3/4 after the attacker, then a hit is re-rolled: 3/4 · 1/2 = 3/8.
    assert_eq!(one_die_hit("Power 1, Lucky 1", "Lucky 1", &[]), "3/8");
    // Defender first: a hit becomes 1/4 hit; a miss (3/4) is re-rolled by the attacker: 3/8.
    let first = ["--rule", "lucky-first=defender"];
    assert_eq!(one_die_hit("Power 1, Lucky 1", "Lucky 1", &first), "5/8");
    // No die re-rolled twice: a first hit is re-rolled by the defender (1/2 · 1/2), a first miss
    // by the attacker, and then it stays (1/2 · 1/2): 1/2.
    let once = ["--rule", "reroll-twice=no"];
    assert_eq!(one_die_hit("Power 1, Lucky 1", "Lucky 1", &once), "1/2");
}

#[test]
fn lucky_results_name_their_policy_and_objective() {
    let doc = attack_json(
        "Power 2, Lucky 1",
        "Health 2",
        &["--policy", "optimal", "--objective", "destroy"],
    );
    assert_eq!(doc["rerolls"]["policy"], "optimal");
    assert_eq!(doc["rerolls"]["objective"], "destroy");
    assert_eq!(doc["rerolls"]["attacker_lucky"], 1);
    // Re-rolling one miss when it matters: both hit 1/4, exactly one hit then a re-roll 1/2·1/2.
    assert_eq!(prob(&doc, "destroyed"), "1/2");
    attack_error(
        "Power 2, Lucky 1",
        "",
        &["--objective", "destroy"],
        &["Health"],
    );
    attack_error("Power 2", "", &["--objective", "most"], &["atleast:K"]);
}

// ---------------------------------------------------------------------------------------------
// Card files, Switch, Enhance
// ---------------------------------------------------------------------------------------------

fn temp_file(name: &str, text: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("holodice-glossary-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn card_files_name_units_and_later_items_override() {
    let path = temp_file(
        "cards.yaml",
        "- name: Test Gunship\n  spec: Power 2, Health 3\n",
    );
    let cards = path.to_str().unwrap();
    // Power 2 overridden by Power 1: one die, mean 1/2.
    let doc = attack_json("@test gunship, Power 1", "", &["--cards", cards]);
    assert_eq!(doc["damage"]["mean"], "1/2");
    attack_error(
        "@Test Gunshp",
        "",
        &["--cards", cards],
        &["did you mean 'Test Gunship'"],
    );
}

#[test]
fn a_malformed_card_file_names_file_line_and_column() {
    let path = temp_file("bad.yaml", "- name: A\n  spec: Power 2\n  powr: 3\n");
    let cards = path.to_str().unwrap();
    let err = assert_user_error(
        &attack_args("swtcg", "Power 1", "", &["--cards", cards]),
        &["bad.yaml:3:"],
    );
    assert!(err.contains("powr"), "{err}");
}

#[test]
fn switch_items_need_an_arena_and_apply_in_it() {
    let attacker = "Power 1, space: Power 3, ground: Accuracy 3";
    attack_error(attacker, "", &[], &["--arena"]);
    let doc = attack_json(attacker, "", &["--arena", "space"]);
    assert_eq!(doc["dice"], 3);
    // Accuracy 3: every face hits.
    let doc = attack_json(attacker, "", &["--arena", "ground"]);
    assert_eq!(pmf_strings(&doc["hits"]), expected(&[(1, "1")]));
}

#[test]
fn enhance_evaluates_with_and_without_the_paid_effect() {
    // Paid: 2 dice, mean 1; unpaid: 1 die, mean 1/2.
    let doc = attack_json("Power 1, enhance: Power 2", "", &["--enhance"]);
    assert_eq!(doc["damage"]["mean"], "1");
    assert_eq!(doc["without_enhance"]["damage"]["mean"], "1/2");
    let doc = attack_json("Power 1, enhance: Power 2", "", &[]);
    assert_eq!(doc["damage"]["mean"], "1/2");
    assert!(notes(&doc).iter().any(|n| n.contains("Enhance not paid")));
    attack_error(
        "Power 1",
        "",
        &["--enhance"],
        &["no unit has an Enhance effect"],
    );
}

#[test]
fn built_in_cards_are_always_available() {
    let doc = attack_json("@Red Squadron X-wing, Damage 1", "", &[]);
    assert!(doc["attacker"].as_str().unwrap().contains("Power"));
}

// ---------------------------------------------------------------------------------------------
// Sequences
// ---------------------------------------------------------------------------------------------

fn sequence_json(extra: &[&str]) -> Value {
    json_of(&[&["swtcg", "sequence", "--format", "json"], extra].concat())
}

#[test]
fn sequence_reports_counters_destroyed_by_and_shots_to_kill() {
    // One die per attack, Health 2: destroyed by attack 2 only if both hit, 1/4.
    let doc = sequence_json(&[
        "--attacker",
        "Power 1",
        "--attacks",
        "2",
        "--defender",
        "Health 2",
    ]);
    assert_eq!(probability(&doc["destroyed_by"]["1"]).to_string(), "0");
    assert_eq!(probability(&doc["destroyed_by"]["2"]).to_string(), "1/4");
    assert_eq!(probability(&doc["shots_to_kill"]["2"]).to_string(), "1/4");
    assert_eq!(
        probability(&doc["shots_to_kill"]["survives"]).to_string(),
        "3/4"
    );
    assert_eq!(
        pmf_strings(&doc["counters_after"]["1"]),
        expected(&[(0, "1/2"), (1, "1/2")])
    );
    assert_eq!(
        pmf_strings(&doc["counters"]),
        expected(&[(0, "1/4"), (1, "1/2"), (2, "1/4")])
    );
}

#[test]
fn sequence_carries_focus_to_the_next_attack() {
    // Attack 1: one die; Focus 1 fires on a natural 5 (1/6), giving attack 2 two dice.
    // Health 1: a five is a hit and ends the sequence, so attack 2 only follows a miss (faces
    // 1-3, no five) and rolls one die: P(destroyed by 2) = 1/2 + 1/2 · 1/2 = 3/4.
    let doc = sequence_json(&[
        "--attacker",
        "Power 1, Focus 1",
        "--attacks",
        "2",
        "--defender",
        "Health 1",
    ]);
    assert_eq!(probability(&doc["destroyed_by"]["2"]).to_string(), "3/4");
    // With Health 2 the five of attack 1 lands a counter and gives attack 2 two dice:
    // by 2 = P(hit 1) · P(hit 2): faces 4, 6 (1/3) then one die (1/2): 1/6; a five (1/6) then two
    // dice with at least one hit (3/4): 1/8. Total 1/6 + 1/8 = 7/24.
    let doc = sequence_json(&[
        "--attacker",
        "Power 1, Focus 1",
        "--attacks",
        "2",
        "--defender",
        "Health 2",
    ]);
    assert_eq!(probability(&doc["destroyed_by"]["2"]).to_string(), "7/24");
}

#[test]
fn sequence_of_several_attackers_attacks_once_each() {
    // Power 1 then Power 2 against Health 2: kill by 2 = P(total hits ≥ 2) of three dice = 1/2.
    let doc = sequence_json(&[
        "--attacker",
        "Power 1",
        "--attacker",
        "Power 2",
        "--defender",
        "Health 2",
    ]);
    assert_eq!(doc["attacks"], 2);
    assert_eq!(probability(&doc["destroyed_by"]["2"]).to_string(), "1/2");
}

#[test]
fn sequence_arguments_are_checked() {
    let base = ["swtcg", "sequence", "--defender", "Health 2"];
    assert_user_error(
        &[&base[..], &["--attacker", "Power 1"]].concat(),
        &["--attacks N"],
    );
    assert_user_error(
        &[
            &base[..],
            &[
                "--attacker",
                "Power 1",
                "--attacker",
                "Power 2",
                "--attacks",
                "2",
            ],
        ]
        .concat(),
        &["drop --attacks"],
    );
    assert_user_error(
        &[&base[..], &["--attacker", "Power 1", "--attacks", "0"]].concat(),
        &["1 to 100"],
    );
    assert_user_error(
        &[&base[..], &["--attacker", "Power 1", "--attacks", "101"]].concat(),
        &["1 to 100"],
    );
    assert_user_error(
        &[
            "swtcg",
            "sequence",
            "--attacker",
            "Power 1",
            "--attacks",
            "2",
            "--defender",
            "Health 2, Stealth",
        ],
        &["Stealth"],
    );
}

#[test]
fn dice_of_damage_on_a_huge_attack_are_refused_with_the_limit() {
    attack_error(
        "Power 1000",
        "Health 10, Retaliate 1000",
        &[],
        &["Retaliate 1000", "at most 200000"],
    );
    attack_error(
        "Power 100, Overload 40, Backfire 40",
        "Retaliate 40",
        &[],
        &["Overload 40", "Backfire 40", "lower the power or X"],
    );
}

#[test]
fn sequences_too_large_to_answer_promptly_are_refused() {
    assert_user_error(
        &[
            "swtcg",
            "sequence",
            "--attacker",
            "Power 20",
            "--attacks",
            "100",
            "--defender",
            "Health 3000",
        ],
        &["give fewer attacks"],
    );
    // Each attack's re-rolls serve that attack; a whole-sequence objective is refused.
    assert_user_error(
        &[
            "swtcg",
            "sequence",
            "--attacker",
            "Power 3, Lucky 2",
            "--attacks",
            "5",
            "--defender",
            "Health 8",
            "--policy",
            "optimal",
            "--objective",
            "destroy",
        ],
        &["--objective mean"],
    );
}

#[test]
fn table_rows_replace_the_item_of_a_named_card() {
    // The same query as an attack and as a one-cell table: the row's Accuracy replaces the
    // card's (ROTJ's Royal Guards: 3 power, 2 health, Accuracy 1, Critical Hit 1).
    let attack = attack_json(
        "Power 3, Health 2, Critical Hit 1, Accuracy 0",
        "Health 3",
        &[],
    );
    let out = holodice(&[
        "table",
        "swtcg",
        "--attacker",
        "@Royal Guards",
        "--defender",
        "Health 3",
        "--rows",
        "Accuracy 0..0",
        "--format",
        "json",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let table: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(table["cells"][0][0], attack["damage"]["mean"]);
    // A card with Switch and paid items can't be tabled without settling them.
    assert_user_error(
        &[
            "table",
            "swtcg",
            "--attacker",
            "@Darth Malgus (B)",
            "--rows",
            "Power 1..2",
        ],
        &["'pay: Evade 3'", "this query can't settle it"],
    );
}

#[test]
fn options_that_change_nothing_here_are_named_in_the_notes() {
    let doc = attack_json("Power 1", "Riposte 1, Double Damage", &[]);
    assert!(notes(&doc)
        .iter()
        .any(|n| n.contains("double-damage=attack-only")));
    let doc = attack_json("Power 1, Lucky 1", "Health 1", &["--objective", "destroy"]);
    assert!(notes(&doc)
        .iter()
        .any(|n| n.contains("greedy policy does not read it")));
}

#[test]
fn dice_command_reports_surge_and_unpaid_enhance() {
    // Two dice at 4+: counters placed unless both miss, 1 − 1/4 = 3/4.
    let doc = json_of(&[
        "swtcg",
        "dice",
        "--count",
        "2",
        "--target",
        "Health 3, Surge 1, enhance: Armor",
        "--format",
        "json",
    ]);
    assert_eq!(prob(&doc, "surge"), "3/4");
    assert!(notes(&doc).iter().any(|n| n.contains("Enhance not paid")));
}
