//! Legion HQ's card data made into holodice's own card file: the facts of every unit, upgrade
//! and counterpart card (ids, names, titles, faction, affiliation, rank, type and subtype, cost,
//! statistics, weapons, keywords with their values, upgrade bar, the slots a card adds and which
//! units may take an upgrade), in Legion HQ's field names, and nothing else: no change history,
//! no image names. `cargo xtask
//! import-legion-hq FILE` writes what [`legion_hq_facts`] makes to `data/legion/cards.yaml`,
//! and what [`list_card_facts`] makes (the command and battle cards an army list names, and
//! the names and codes Legion HQ 2's list formats use) to `data/legion/list-cards.yaml`.

use crate::data::DataError;
use serde_json::{Map, Value};

/// The fields kept, in the order they are written.
const FACTS: [&str; 18] = [
    "id",
    "cardName",
    "title",
    "ttsName",
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
    let kept: Vec<Value> = of_types(file, text, &TYPES)?
        .into_iter()
        .map(|(id, card)| kept_fields(id, &card, &FACTS))
        .collect();
    let yaml = serde_yaml::to_string(&kept).map_err(|e| DataError::of_file(file, e.to_string()))?;
    Ok(format!("{HEADER}{yaml}"))
}

/// The cards of Legion HQ's `cards.json` whose `cardType` is one of `types`, in the file's
/// order, keyed by id.
fn of_types(file: &str, text: &str, types: &[&str]) -> Result<Vec<(String, Value)>, DataError> {
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
    Ok(cards
        .into_iter()
        .filter(|(_, card)| {
            let kind = card.get("cardType").and_then(Value::as_str);
            kind.is_some_and(|k| types.contains(&k))
        })
        .collect())
}

/// The fields kept of a command or battle card: what a list names it by and what tells a list
/// may hold it (`cardSubtype` is a command card's pips, a battle card's kind).
const LIST_FACTS: [&str; 6] = [
    "id",
    "cardName",
    "cardType",
    "cardSubtype",
    "faction",
    "commander",
];

/// The card types an army list names besides its units.
const LIST_TYPES: [&str; 2] = ["command", "battle"];

/// The names Legion HQ 2's JSON export (`generateTTSJSONText` in `src/constants/listExporters.js`,
/// its `idToName`) gives cards in place of their `cardName`, by id.
const JSON_NAMES: [(&str, &str); 23] = [
    ("nc", "Offensive Stance"),
    ("dz", "A-180 Config"),
    ("ea", "A-300 Config"),
    ("kh", "A-280-CFE Config"),
    ("gn", "E-11D Config"),
    ("np", "J-19 Bo-rifle"),
    ("Ci", "Clear Conditions"),
    ("Cl", "War Weary"),
    ("Dj", "Battle Lines"),
    ("ff", "Ax-108 \"Ground Buzzer\""),
    ("fg", "Mo/Dk Power Harpoon"),
    ("bh", "TX-225 GAVw Occupier Combat Assault Tank"),
    ("on", "LAAT/le Patrol Transport"),
    ("oo", "LAAT/le Patrol Transport"),
    ("ig", "CM-0/93 Trooper"),
    ("kd", "Z-6 Phase II Trooper"),
    ("kt", "\"Bunker Buster\" Shells"),
    ("le", "EMP \"Droid Poppers\""),
    ("lw", "Iden's ID10 Seeker Droid"),
    ("sr", "Stormtroopers Heavy Response Unit"),
    ("uj", "The Darksaber (Gideon)"),
    ("rq", "The Darksaber (Maul)"),
    ("xw", "Echo (The Bad Batch)"),
];

/// Legion HQ 2's battle forces (`src/constants/battleForcesDict.js`): name, the code its list
/// links give it (`linkId`) and its faction.
const BATTLE_FORCES: [(&str, &str, &str); 10] = [
    ("501st Legion", "5t", "republic"),
    ("Blizzard Force", "bf", "empire"),
    ("Bright Tree Village", "btv", "rebels"),
    ("Echo Base Defenders", "ebd", "rebels"),
    ("Experimental Droids", "exd", "separatists"),
    ("Imperial Remnant", "ir", "empire"),
    ("Separatist Invasion", "si", "separatists"),
    ("Shadow Collective", "sc", "mercenary"),
    ("Tempest Force", "tf", "empire"),
    ("Wookiee Defenders", "wd", "republic"),
];

/// What the list cards' file starts with.
const LIST_HEADER: &str =
    "# The facts of Legion HQ's command and battle cards, and the names and codes Legion HQ 2's
# list formats use (data/legion/SOURCE.md), made by `cargo xtask import-legion-hq FILE` from
# Legion HQ's cards.json and Legion HQ 2's list exporter and battle forces: do not edit by hand.
";

/// Legion HQ's `cards.json` as holodice's file of the cards an army list names besides its
/// units: `cards` (command and battle cards: id, name, type, pips or kind, faction,
/// commander), `jsonNames` (the JSON export's names by id) and `battleForces` (name, link
/// code, faction).
///
/// ```
/// use holodice_engine::legion::import::list_card_facts;
/// let json = r#"{"bj": {"cardName": "Assault", "cardType": "command", "cardSubtype": "3",
///   "faction": "", "commander": "", "imageName": "Assault.webp"},
///   "ay": {"cardName": "Stormtroopers", "cardType": "unit"}}"#;
/// let yaml = list_card_facts("cards.json", json).unwrap();
/// assert!(yaml.contains("cardName: Assault") && !yaml.contains("Stormtroopers\n"));
/// assert!(yaml.contains("code: 5t") && !yaml.contains("imageName"));
/// ```
pub fn list_card_facts(file: &str, text: &str) -> Result<String, DataError> {
    let cards: Vec<Value> = of_types(file, text, &LIST_TYPES)?
        .into_iter()
        .map(|(id, card)| kept_fields(id, &card, &LIST_FACTS))
        .collect();
    let names: Map<String, Value> = JSON_NAMES
        .iter()
        .map(|(id, name)| (id.to_string(), Value::String(name.to_string())))
        .collect();
    let forces: Vec<Value> = BATTLE_FORCES
        .iter()
        .map(|(name, code, faction)| {
            serde_json::json!({"name": name, "code": code, "faction": faction})
        })
        .collect();
    let all = serde_json::json!({"cards": cards, "jsonNames": names, "battleForces": forces});
    let yaml = serde_yaml::to_string(&all).map_err(|e| DataError::of_file(file, e.to_string()))?;
    Ok(format!("{LIST_HEADER}{yaml}"))
}

/// The `fields` of one card that it gives, in that order, its id from its key when it gives
/// none; requirements only when there are some (`[]` is any unit, as no requirements is).
fn kept_fields(id: String, card: &Value, fields: &[&str]) -> Value {
    let mut kept = Map::new();
    for &field in fields {
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
