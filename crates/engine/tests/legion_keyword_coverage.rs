//! Every keyword on Legion HQ's cards is accounted for by the Legion keyword table
//! (`data/legion/keywords.yaml`): modelled, or named in a result's notes as having no effect on
//! one attack's dice, or refused as not modelled yet.
//!
//! The card data is Legion HQ's (MIT) and is not part of this repository: the tests read it from
//! `../shared/data/legion-hq/cards.json`, next to the repository, and so are ignored unless asked
//! for (`cargo test -- --ignored`, as CI does).

use holodice_engine::legion::items::{Keywords, Status};
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;

/// As the SPEC lookup compares names: case and runs of spaces ignored.
fn normalize(name: &str) -> String {
    name.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

fn cards() -> Value {
    let path =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data/legion-hq/cards.json");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "this test needs Legion HQ's card data at {} ({e}); put a copy of Legion HQ's \
             cards.json there",
            path.display()
        )
    });
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{} is not JSON: {e}", path.display()))
}

/// Whether a keyword's value is a number (`3` or `"3"`); text such as `"Aim 1"` or `"X"` is not.
fn numeric(value: Option<&Value>) -> bool {
    match value {
        Some(Value::Number(_)) => true,
        Some(Value::String(s)) => !s.is_empty() && s.trim().chars().all(|c| c.is_ascii_digit()),
        _ => false,
    }
}

/// Every keyword on unit, upgrade and counterpart cards and on their weapons: its name as the
/// data spells it → (whether it appears with a number, without one) → the cards it is on.
fn card_keywords() -> BTreeMap<String, BTreeMap<bool, BTreeSet<String>>> {
    let cards = cards();
    let cards = cards.as_object().expect("cards.json is an object of cards");
    let mut out: BTreeMap<String, BTreeMap<bool, BTreeSet<String>>> = BTreeMap::new();
    for card in cards.values() {
        let kind = card["cardType"].as_str().unwrap_or_default();
        if !["unit", "upgrade", "counterpart"].contains(&kind) {
            continue;
        }
        let label = format!(
            "{} ({})",
            card["cardName"].as_str().unwrap_or("?"),
            card["id"].as_str().unwrap_or("?")
        );
        let weapons = card["weapons"].as_array().into_iter().flatten();
        let lists = std::iter::once(&card["keywords"]).chain(weapons.map(|w| &w["keywords"]));
        for keyword in lists.filter_map(Value::as_array).flatten() {
            let (name, valued) = match keyword {
                Value::String(name) => (name.clone(), false),
                Value::Object(k) => (
                    k["name"]
                        .as_str()
                        .expect("a keyword has a name")
                        .to_string(),
                    numeric(k.get("value")),
                ),
                other => panic!("{label}: keyword {other} is neither a name nor {{name, value}}"),
            };
            out.entry(name)
                .or_default()
                .entry(valued)
                .or_default()
                .insert(label.clone());
        }
    }
    out
}

/// The table's names and aliases, each with whether it takes a number, and its status.
fn table() -> BTreeMap<(String, bool), Status> {
    let mut out = BTreeMap::new();
    for k in Keywords::builtin().all() {
        let valued = k.value != holodice_engine::swtcg::keywords::ValueKind::None;
        for name in std::iter::once(&k.name).chain(&k.aliases) {
            out.insert((normalize(name), valued), k.status);
        }
    }
    out
}

#[test]
#[ignore = "reads ../shared/data/legion-hq/cards.json: cargo test -- --ignored (CI does)"]
fn every_keyword_on_the_cards_is_in_the_keyword_table() {
    let found = card_keywords();
    assert!(
        found.len() >= 180,
        "the card data has its keywords ({} names found)",
        found.len()
    );
    let table = table();
    let known = |name: &str| {
        let n = normalize(name);
        table.contains_key(&(n.clone(), true)) || table.contains_key(&(n, false))
    };
    let missing: Vec<String> = found
        .iter()
        .filter(|(name, _)| !known(name))
        .map(|(name, uses)| {
            let on: Vec<&String> = uses.values().flatten().take(3).collect();
            format!("{name} (on {on:?})")
        })
        .collect();
    assert!(
        missing.is_empty(),
        "{} keywords of the card data are not in data/legion/keywords.yaml:\n{}",
        missing.len(),
        missing.join("\n")
    );
}

/// A keyword that has no effect on the dice, or is refused, is found both with a number and
/// without one wherever the cards give it so: the lookup's key is (name, has a number).
#[test]
#[ignore = "reads ../shared/data/legion-hq/cards.json: cargo test -- --ignored (CI does)"]
fn unmodelled_keywords_are_found_with_and_without_a_number_as_the_cards_give_them() {
    let table = table();
    let mut missing = vec![];
    for (name, uses) in card_keywords() {
        let n = normalize(&name);
        let statuses: Vec<Status> = [true, false]
            .iter()
            .filter_map(|&v| table.get(&(n.clone(), v)).copied())
            .collect();
        // A spelling refused as ambiguous is never read from a card: the card's keyword is
        // renamed first (its Cover X is `Cover keyword X`).
        let settled = [Status::Modelled, Status::Ambiguous];
        if statuses.is_empty() || statuses.iter().any(|s| settled.contains(s)) {
            continue;
        }
        for (valued, on) in uses {
            if !table.contains_key(&(n.clone(), valued)) {
                let how = if valued {
                    "with a number"
                } else {
                    "without a number"
                };
                missing.push(format!("{name} {how} (on {:?})", on.first().unwrap()));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "the keyword table lacks these forms:\n{}",
        missing.join("\n")
    );
}

/// A SPEC naming a keyword that has no effect on dice computes, and the result's notes name it
/// with its reason, in every SPEC the keyword may appear in.
#[test]
#[ignore = "reads ../shared/data/legion-hq/cards.json: cargo test -- --ignored (CI does)"]
fn keywords_without_dice_effects_are_named_in_the_notes() {
    use holodice_engine::legion::items::Role;
    use holodice_engine::legion::Scenario;
    let mut checked = 0;
    for k in Keywords::builtin().all() {
        if k.status != Status::NoDiceEffect {
            continue;
        }
        let item = match k.value {
            holodice_engine::swtcg::keywords::ValueKind::None => k.name.clone(),
            _ => format!("{} 1", k.name),
        };
        for role in &k.roles {
            let with = |base: &str| format!("{base}, {item}");
            let (a, d, g) = match role {
                Role::Attacker => (with("4 red"), "red defense".to_string(), None),
                Role::Defender => ("4 red".to_string(), with("red defense"), None),
                Role::Guardian => (
                    "4 red".to_string(),
                    "red defense".to_string(),
                    Some(with("Guardian 1, red defense")),
                ),
            };
            let s = Scenario::parse(&a, &d, g.as_deref())
                .unwrap_or_else(|e| panic!("{item} as {role:?}: {e}"));
            let note = format!(
                "{}: no effect on dice ({})",
                k.name,
                k.reason.as_deref().unwrap()
            );
            assert!(s.notes.contains(&note), "{item} as {role:?}: {:?}", s.notes);
            checked += 1;
        }
    }
    assert!(checked >= 100, "{checked} keywords checked");
}

#[test]
#[ignore = "reads ../shared/data/legion-hq/cards.json: cargo test -- --ignored (CI does)"]
fn no_card_keyword_is_refused_as_not_modelled() {
    let table = table();
    let refused: Vec<String> = card_keywords()
        .into_keys()
        .filter(|name| {
            let n = normalize(name);
            [true, false]
                .iter()
                .any(|&v| table.get(&(n.clone(), v)) == Some(&Status::NotModelled))
        })
        .collect();
    assert!(
        refused.is_empty(),
        "card keywords still refused as not modelled: {refused:?}"
    );
}
