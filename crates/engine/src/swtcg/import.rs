//! LackeyCCG set files made into holodice's own card file: the facts of every unit (name, sets,
//! number, side, type, subtype, cost, speed, power, health) and the SPEC items holodice reads
//! from its text, with how many of its abilities it does not model, and nothing else: no card
//! text, no rulings, no image names. `cargo xtask import-swtcg-lackey FILE…` writes what
//! [`lackey_facts`] makes to `data/swtcg/cards.yaml`.

use super::abilities::{read_card, Facts};
use super::card::{Card, Printing};
use super::cards::Cards;
use super::patterns::Patterns;
use super::sets::{Sets, SETS_FILE};
use super::unit::{Arena, Condition, Unit};
use crate::data::DataError;
use crate::error::Message;
use serde_json::{json, Map, Value};

/// What the written file starts with.
const HEADER: &str =
    "# The facts of the units of LackeyCCG's SWTCG set files (data/swtcg/SOURCE.md), made by
# `cargo xtask import-swtcg-lackey FILE...` from the set files: do not edit by hand.
";

/// The units of the set files `files` (name and text of each, read in order, reprints joined
/// as `--cards` joins them) as holodice's YAML card file; each unit's set must be one of `sets`
/// (the built-in `data/swtcg/sets.yaml`), which says its name, maker and formats.
///
/// ```
/// use holodice_engine::swtcg::{import::lackey_facts, sets::Sets};
/// let set = "Name\tSet\tSide\tType\tSubtype\tCost\tSpeed\tPower\tHealth\tNumber\tText\n\
///            Made-up Ace (A)\tZZ\tL\tSpace\tStarfighter\t4\t50\t3\t3\t7\t\
///            Accuracy 1 | When Ace attacks, draw a card.\n\
///            A Battle Card\tZZ\tN\tBattle\t\t\t\t\t\t8\tDraw 2 cards.\n";
/// let sets = Sets::load("sets.yaml", "formats: []\nsets:\n  - code: ZZ\n    maker: IDC\n");
/// let yaml = lackey_facts(&[("ZZ.txt", set)], &sets.unwrap()).unwrap();
/// assert!(yaml.contains("name: Made-up Ace (A)") && yaml.contains("spec: Accuracy 1"));
/// assert!(yaml.contains("unmodelled:\n  - cards in deck, hand and discard"));
/// assert!(!yaml.contains("draw a card"));
/// assert!(!yaml.contains("Battle"));
/// ```
pub fn lackey_facts(files: &[(&str, &str)], sets: &Sets) -> Result<String, DataError> {
    let mut cards = Cards::default();
    for (file, text) in files {
        cards.add(Cards::load(file, text)?);
    }
    let units: Vec<(&Card, &Printing)> = cards
        .all()
        .iter()
        .filter_map(|card| Some((card, card.printing.as_ref().filter(|p| p.unit)?)))
        .collect();
    if let Some((card, p)) = units.iter().find(|(_, p)| sets.set(&p.sets[0]).is_none()) {
        return Err(DataError {
            line: card.line,
            item: Some(card.name.clone()),
            ..DataError::of_file(
                &card.file,
                format!(
                    "set '{}' is not in {SETS_FILE}: add it there (its code, name, maker and \
                     formats) first",
                    p.sets[0]
                ),
            )
        });
    }
    let units: Vec<Value> = units.into_iter().map(|(c, p)| facts(c, p)).collect();
    let fail = |message: String| DataError::of_file("the set files", message);
    let yaml = serde_yaml::to_string(&units).map_err(|e| fail(e.to_string()))?;
    Ok(format!("{HEADER}{yaml}"))
}

/// One unit's facts and what holodice reads from its text.
fn facts(card: &Card, p: &Printing) -> Value {
    let facts = Facts {
        name: &card.name,
        kind: &p.kind,
        subtype: p.subtype.as_deref().unwrap_or(""),
        arenas: &p.arenas,
        equipment: false,
    };
    let read = read_card(&p.text, &facts);
    let mut kept = Map::new();
    let mut put = |field: &str, value: Value| {
        let empty = value.is_null() || value == json!("");
        if !empty || (field == "insert" && read.insert.is_some()) {
            kept.insert(field.into(), value);
        }
    };
    put("name", json!(card.name));
    put("sets", json!(p.sets));
    put("number", printed(&p.number));
    put("side", json!(p.side));
    put("type", json!(p.kind));
    put("subtype", json!(p.subtype));
    for (field, value) in [
        ("cost", &p.cost),
        ("speed", &p.speed),
        ("power", &p.power),
        ("health", &p.health),
    ] {
        put(field, printed(value));
    }
    put("spec", json!(read.spec.describe()));
    put("switch", switch(&read.switch));
    put("insert", json!(read.insert.as_ref().map(Unit::describe)));
    let labels = |notes: &[Message]| {
        let labels: Vec<&str> = notes.iter().map(|n| label(&n.to_string())).collect();
        json!(Some(labels).filter(|l| !l.is_empty()))
    };
    put("unmodelled", labels(&read.spec.notes));
    let grants = read.insert.as_ref().map_or(&[][..], |i| &i.notes);
    put("unmodelled_grants", labels(grants));
    Value::Object(kept)
}

/// The pattern label of an ability not modelled.
fn label(ability: &str) -> &'static str {
    &Patterns::builtin().classify(ability).label
}

/// A number as printed: a YAML number when it is one, else the text (`*`, `X`).
fn printed(value: &Option<String>) -> Value {
    match value {
        Some(v) => v.parse::<u64>().map_or_else(|_| json!(v), |n| json!(n)),
        None => Value::Null,
    }
}

/// The Switch items of each arena, as the card file's `switch` field gives them.
fn switch(unit: &Unit) -> Value {
    let mut by_arena = Map::new();
    for arena in [Arena::Space, Arena::Ground, Arena::Character] {
        let items: Vec<String> = unit
            .entries()
            .into_iter()
            .filter(|(when, _)| *when == Some(Condition::Arena(arena)))
            .map(|(_, item)| item.describe())
            .collect();
        if !items.is_empty() {
            by_arena.insert(arena.name().into(), json!(items.join(", ")));
        }
    }
    match by_arena.is_empty() {
        true => Value::Null,
        false => Value::Object(by_arena),
    }
}
