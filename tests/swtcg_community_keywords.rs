//! The community glossary's keywords (the LackeyCCG plugin's `scripts/keywords.txt`) through the
//! `holodice` binary: one small case of each, its answer worked out by hand in the comment
//! beside it. The brute-force oracle (tests/swtcg_oracle.rs) covers random mixes.

use serde_json::Value;

use crate::common::*;

fn attack(attacker: &str, defender: &str, extra: &[&str]) -> Value {
    game_attack_json("swtcg", attacker, defender, extra)
}

fn prob(doc: &Value, key: &str) -> String {
    probability(&doc[key]).to_string()
}

fn notes(doc: &Value) -> String {
    doc["notes"].to_string()
}

#[test]
fn fortitude_prevents_damage_from_ferocity() {
    // Two dice hit on 4+. Ferocity: Evade 1 can't stop anything, one hit destroys: 1 - 1/4.
    let doc = attack("Power 2, Ferocity", "Health 1, Evade 1", &[]);
    assert_eq!(prob(&doc, "destroyed"), "3/4");
    // Fortitude lets Evade 1 stop one: both dice must hit.
    let doc = attack("Power 2, Ferocity", "Health 1, Evade 1, Fortitude", &[]);
    assert_eq!(prob(&doc, "destroyed"), "1/4");
}

#[test]
fn persuade_prevents_and_reports_the_power_the_attacker_loses() {
    // Two dice; Persuade 1 stops one hit: counters max(h - 1, 0): 1 only when both hit (1/4).
    // It prevents 1 whenever at least one die hits: 3/4.
    let doc = attack("Power 2", "Health 5, Persuade 1", &[]);
    assert_eq!(
        pmf_strings(&doc["damage"]),
        expected(&[(0, "3/4"), (1, "1/4")])
    );
    assert_eq!(
        pmf_strings(&doc["persuade_power"]),
        expected(&[(0, "1/4"), (1, "3/4")])
    );
}

#[test]
fn persuade_carries_to_the_attackers_next_attack_in_a_sequence() {
    // Power 2 twice against Persuade 1. First: 2 hits (1/4) place 1 counter, and any hit costs
    // the second attack a die. Second: with 2 dice (first missed both, 1/4) it places 1 counter
    // with 1/4; with 1 die it places none. P(1 counter in all) = 1/4 + 1/4·1/4 = 5/16.
    let out = holodice_ok(&[
        "swtcg",
        "sequence",
        "--attacker",
        "Power 2",
        "--attacks",
        "2",
        "--defender",
        "Health 9, Persuade 1",
        "--format",
        "json",
    ]);
    let doc: Value = serde_json::from_str(&out).unwrap();
    let after = &doc["counters_after"]["2"];
    assert_eq!(pmf_strings(after), expected(&[(0, "11/16"), (1, "5/16")]));
}

#[test]
fn protect_on_the_secondary_guards_the_defender() {
    // Three dice, Health 2: two hits destroy (1/2). Protect 1 from the secondary unit stops one:
    // all three must hit (1/8).
    let doc = attack("Power 3", "Health 2", &[]);
    assert_eq!(prob(&doc, "destroyed"), "1/2");
    let doc = attack(
        "Power 3",
        "Health 2",
        &["--secondary", "Health 3, Protect 1"],
    );
    assert_eq!(prob(&doc, "destroyed"), "1/8");
}

#[test]
fn protect_on_the_defender_guards_the_secondary_from_overkill() {
    // Accuracy 3 hits on every face: 3 hits. Health 1 keeps 1; Overkill moves 2 to the
    // secondary, whose ally's Protect 1 stops one: 1 counter.
    let doc = attack(
        "Power 3, Accuracy 3, Overkill",
        "Health 1, Protect 1",
        &["--secondary", "Health 9"],
    );
    assert_eq!(pmf_strings(&doc["secondary_damage"]), expected(&[(1, "1")]));
}

#[test]
fn cunning_keeps_the_defenders_lucky_blind() {
    // One die against Health 1. The defender's Lucky 1 re-rolls a hit (greedy): destroyed only
    // if both rolls hit, 1/4. Against Cunning it re-rolls nothing: 1/2.
    let doc = attack("Power 1", "Health 1, Lucky 1", &[]);
    assert_eq!(prob(&doc, "destroyed"), "1/4");
    let doc = attack("Power 1, Cunning", "Health 1, Lucky 1", &[]);
    assert_eq!(prob(&doc, "destroyed"), "1/2");
    assert!(notes(&doc).contains("Cunning"), "{}", notes(&doc));
}

#[test]
fn inspired_and_consume_add_power_and_health() {
    // Inspired 1: two dice against Health 2: both must hit, 1/4.
    let doc = attack("Power 1, Inspired 1", "Health 2", &[]);
    assert_eq!(prob(&doc, "destroyed"), "1/4");
    // On the defender, +1 health: two dice against Health 1 + 1: 1/4.
    let doc = attack("Power 2", "Health 1, Inspired 1", &[]);
    assert_eq!(prob(&doc, "destroyed"), "1/4");
    // Consume 1: one card beneath, +1 power: 1/4, and Consume takes a card when it destroys.
    let doc = attack("Power 1, Consume 1", "Health 2", &[]);
    assert_eq!(prob(&doc, "destroyed"), "1/4");
    assert_eq!(prob(&doc, "consume"), "1/4");
    // Bare Consume: no card beneath yet: one die against Health 1, 1/2.
    let doc = attack("Power 1, Consume", "Health 1", &[]);
    assert_eq!(prob(&doc, "consume"), "1/2");
}

#[test]
fn intimidation_counts_the_opponents_units_of_the_query() {
    // The defender and the secondary unit are the opponent's: +2 power, three dice against
    // Health 3: 1/8.
    let doc = attack(
        "Power 1, Intimidation",
        "Health 3",
        &["--secondary", "Health 5"],
    );
    assert_eq!(prob(&doc, "destroyed"), "1/8");
    assert!(notes(&doc).contains("counts 2"), "{}", notes(&doc));
    // A number says how many: Intimidation 1 is two dice against Health 2: 1/4.
    let doc = attack("Power 1, Intimidation 1", "Health 2", &[]);
    assert_eq!(prob(&doc, "destroyed"), "1/4");
}

#[test]
fn forewarning_reports_the_defenders_best_prediction() {
    // Two dice: 1 hit is the likeliest count, with 1/2.
    let doc = attack("Power 2", "Health 9, Forewarning", &[]);
    assert_eq!(doc["forewarning"]["prediction"], 1);
    assert_eq!(
        probability(&doc["forewarning"]["probability"]).to_string(),
        "1/2"
    );
}

#[test]
fn negative_resilience_costs_power_once_damaged() {
    // Resilience -1 with a counter on it: one die fewer, 1/2 against Health 1; undamaged, two
    // dice: 3/4.
    let doc = attack("Power 2, Resilience -1, Damage 1", "Health 1", &[]);
    assert_eq!(prob(&doc, "destroyed"), "1/2");
    let doc = attack("Power 2, Resilience -1", "Health 1", &[]);
    assert_eq!(prob(&doc, "destroyed"), "3/4");
}

#[test]
fn barrage_attacks_a_character_with_its_x() {
    // Barrage 1: one die, whatever the Power: 1/2 against Health 1.
    let doc = attack("Power 5, Barrage 1", "Health 1", &["--mode", "barrage"]);
    assert_eq!(prob(&doc, "destroyed"), "1/2");
    assert_user_error(
        &attack_args(
            "swtcg",
            "Power 5, Barrage 1",
            "Health 1",
            &["--mode", "barrage", "--arena", "character"],
        ),
        &["--arena space or --arena ground"],
    );
}

#[test]
fn double_strike_attacks_again_while_the_defender_survives() {
    // One die against Health 1: the first attack destroys with 1/2; otherwise the second is
    // made (1/2) and destroys with 1/2: 3/4 in all.
    let doc = attack("Power 1, Double Strike", "Health 1", &[]);
    let f = &doc["follow_up"];
    assert_eq!(f["keyword"], "Double Strike");
    assert_eq!(probability(&f["made"]).to_string(), "1/2");
    assert_eq!(probability(&f["destroyed"]).to_string(), "3/4");
    assert_eq!(prob(&doc, "destroyed"), "1/2");
}

#[test]
fn tenacity_attacks_again_only_after_little_damage() {
    // Tenacity 1: a second attack only when the first placed no counter (1/2); one die can't
    // place two counters, so Health 2 is never destroyed.
    let doc = attack("Power 1, Tenacity 1", "Health 2", &[]);
    assert_eq!(probability(&doc["follow_up"]["made"]).to_string(), "1/2");
    assert_eq!(probability(&doc["follow_up"]["destroyed"]).to_string(), "0");
    // Tenacity 2: one counter is fewer than 2, so the second attack is always made: both dice
    // must hit, 1/4.
    let doc = attack("Power 1, Tenacity 2", "Health 2", &[]);
    assert_eq!(probability(&doc["follow_up"]["made"]).to_string(), "1");
    assert_eq!(
        probability(&doc["follow_up"]["destroyed"]).to_string(),
        "1/4"
    );
}

#[test]
fn overkill_moved_hits_are_doubled_only_under_all_damage() {
    // Three hits for sure; Double Damage makes one hit enough for Health 1 (2 counters), so
    // keep-kill moves 2 hits: 2 counters on the secondary, 4 under double-damage=all-damage.
    let (a, d) = ("Power 3, Accuracy 3, Overkill, Double Damage", "Health 1");
    let doc = attack(a, d, &["--secondary", "Health 9"]);
    assert_eq!(pmf_strings(&doc["secondary_damage"]), expected(&[(2, "1")]));
    let doc = attack(
        a,
        d,
        &[
            "--secondary",
            "Health 9",
            "--rule",
            "double-damage=all-damage",
        ],
    );
    assert_eq!(pmf_strings(&doc["secondary_damage"]), expected(&[(4, "1")]));
}

#[test]
fn deflect_meets_each_source_of_damage_once() {
    // A natural 2 (1/6) makes Riposte 1 hit the attacker; its Deflect 1 stops it and is spent
    // on the defender's damage, so Retaliate's die (a hit with 1/2) then lands: 1/12. Without a
    // 2, Deflect stops Retaliate's hit instead.
    let doc = attack("Power 1, Deflect 1", "Riposte 1, Retaliate 1", &[]);
    assert_eq!(
        pmf_strings(&doc["attacker_damage"]),
        expected(&[(0, "11/12"), (1, "1/12")])
    );
}

#[test]
fn the_original_defender_retaliates_when_an_interceptor_takes_the_attack() {
    // Redirect moves the attack to the interceptor, but the defender was attacked too: its
    // Retaliate 1 rolls one die at the attacker, a counter with 1/2.
    let doc = attack(
        "Power 1",
        "Retaliate 1, Redirect",
        &["--interceptor", "Health 5"],
    );
    assert_eq!(
        pmf_strings(&doc["attacker_damage"]),
        expected(&[(0, "1/2"), (1, "1/2")])
    );
}

#[test]
fn keywords_with_no_effect_on_dice_are_named_with_the_reason() {
    for keyword in [
        "Adapt",
        "Alternative Cost",
        "Damage Control 1",
        "Deploy",
        "Equip",
        "Last Stand",
        "Pilot",
        "Reserves",
        "Velocity 10",
        "Inspiration",
    ] {
        let doc = attack(&format!("Power 1, {keyword}"), "Health 1", &[]);
        let name = keyword.trim_end_matches(|c: char| c == ' ' || c.is_ascii_digit());
        assert!(
            notes(&doc).contains(&format!("{name}: no effect on dice")),
            "{keyword}: {}",
            notes(&doc)
        );
        assert_eq!(prob(&doc, "destroyed"), "1/2", "{keyword}");
    }
}

#[test]
#[ignore = "reads ../shared/data/swtcg-lackey/keywords.txt: cargo test -- --ignored (CI does)"]
fn every_keyword_of_the_idc_glossary_is_listed_with_its_status() {
    // Only the names: the first tab-separated field of each line (the glossary's wording is not
    // holodice's to copy). `INSERT` is a keyword there too.
    let path = format!(
        "{}/../shared/data/swtcg-lackey/keywords.txt",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{path}: {e} (clone the shared data next to the repository)"));
    let names: Vec<&str> = text
        .lines()
        .filter_map(|l| l.split('\t').next())
        .map(str::trim)
        .filter(|n| !n.is_empty())
        .collect();
    assert_eq!(names.len(), 61, "the glossary's 61 lines");
    let listed: Value =
        serde_json::from_str(&holodice_ok(&["swtcg", "keywords", "--format", "json"])).unwrap();
    let listed = listed.as_array().unwrap();
    for name in names {
        let same = |v: &Value| v.as_str().is_some_and(|s| s.eq_ignore_ascii_case(name));
        let entry = listed
            .iter()
            .find(|k| same(&k["name"]) || k["aliases"].as_array().unwrap().iter().any(same))
            .unwrap_or_else(|| panic!("{name} is not in holodice swtcg keywords"));
        // Its status: modelled (how), or no effect on the dice and why.
        let model = entry["model"].as_str().unwrap();
        assert!(
            !model.is_empty() && model != "no effect on dice",
            "{name}: {model}"
        );
    }
}
