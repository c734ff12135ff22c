//! Legion HQ's card data made into holodice's own card file: the facts of every unit, upgrade
//! and counterpart card (ids, names, titles, faction, affiliation, rank, type and subtype, cost,
//! statistics, weapons, keywords with their values, upgrade bar, the slots a card adds and which
//! units may take an upgrade), in Legion HQ's field names, and nothing else: no change history,
//! no image names. `cargo xtask
//! import-legion-hq FILE` writes what [`legion_hq_facts`] makes to `data/legion/cards.yaml`.

use crate::data::DataError;
use serde_json::{Map, Value};

/// The fields kept, in the order they are written.
const FACTS: [&str; 17] = [
    "id",
    "cardName",
    "title",
    "cardType",
    "cardSubtype",
    "faction",
    "affiliation",
    "affiliations",
    "rank",
    "cost",
    "isUnique",
    "stats",
    "weapons",
    "keywords",
    "upgradeBar",
    "additionalUpgradeSlots",
    "requirements",
];

/// The card types kept.
const TYPES: [&str; 3] = ["unit", "upgrade", "counterpart"];

/// What the written file starts with.
const HEADER: &str =
    "# The facts of Legion HQ's unit, upgrade and counterpart cards (data/legion/SOURCE.md),
# made by `cargo xtask import-legion-hq FILE` from Legion HQ's cards.json: do not edit by hand.
";

/// Legion HQ's `cards.json` (an object of cards keyed by id) as holodice's YAML card file, the
/// cards in the file's order.
///
/// ```
/// use holodice_engine::legion::import::legion_hq_facts;
/// let json = r#"{"ay": {"cardName": "Squad", "cardType": "unit", "imageName": "x.webp",
///   "history": [{"date": "1 May 2025", "description": "cost changed"}],
///   "stats": {"minicount": 4, "hp": 1, "defense": "w", "courage": 1}}}"#;
/// let yaml = legion_hq_facts("cards.json", json).unwrap();
/// assert!(yaml.contains("id: ay") && yaml.contains("minicount: 4"));
/// let upgrade = r#"{"ej": {"cardName": "DLT-19 Stormtrooper", "cardType": "upgrade",
///   "requirements": [{"cardName": "Stormtroopers"}]}}"#;
/// let yaml = legion_hq_facts("cards.json", upgrade).unwrap();
/// assert!(yaml.contains("requirements:\n  - cardName: Stormtroopers"));
/// assert!(!yaml.contains("history") && !yaml.contains("imageName"));
/// ```
pub fn legion_hq_facts(file: &str, text: &str) -> Result<String, DataError> {
    let fail = |message: String| DataError::of_file(file, message);
    let top: Value = serde_json::from_str(text).map_err(|e| DataError {
        line: e.line(),
        column: Some(e.column()),
        ..fail(format!("not Legion HQ's cards.json: {e}"))
    })?;
    let Value::Object(cards) = top else {
        return Err(fail(
            "Legion HQ's cards.json is an object of cards keyed by id".into(),
        ));
    };
    let kept: Vec<Value> = cards
        .into_iter()
        .filter(|(_, card)| {
            let kind = card.get("cardType").and_then(Value::as_str);
            kind.is_some_and(|k| TYPES.contains(&k))
        })
        .map(|(id, card)| facts(id, &card))
        .collect();
    let yaml = serde_yaml::to_string(&kept).map_err(|e| fail(e.to_string()))?;
    Ok(format!("{HEADER}{yaml}"))
}

/// One card's facts, its id from its key when it gives none; requirements only when there are
/// some (`[]` is any unit, as no requirements is).
fn facts(id: String, card: &Value) -> Value {
    let mut kept = Map::new();
    for field in FACTS {
        match (field, card.get(field)) {
            ("requirements", Some(Value::Array(none))) if none.is_empty() => {}
            (_, Some(v)) if !v.is_null() => {
                kept.insert(field.into(), v.clone());
            }
            ("id", _) => {
                kept.insert("id".into(), Value::String(id.clone()));
            }
            _ => {}
        }
    }
    Value::Object(kept)
}
