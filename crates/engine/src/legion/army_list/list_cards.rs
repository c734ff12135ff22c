//! The cards an army list names besides its units (command and battle cards), and the names
//! and codes Legion HQ 2's list formats use: `data/legion/list-cards.yaml`, made by `cargo
//! xtask import-legion-hq` (facts only), built into the binary as the unit cards are.

use crate::data::{self, DataError};
use crate::legion::cards::same;
use serde::Deserialize;
use std::collections::BTreeMap;
use std::sync::OnceLock;

/// The built-in file, and its text.
const BUILTIN_FILE: &str = "data/legion/list-cards.yaml";
const BUILTIN: &str = include_str!("../../../../../data/legion/list-cards.yaml");

/// What a command or battle card is: a command card's pips tell its order in the hand; a
/// battle card's kind tells the deck it goes in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum ListCardKind {
    Command {
        pips: u32,
    },
    /// `primary`, `secondary`, `advantage` (or the older `objective`, `deployment`, `condition`).
    Battle {
        kind: String,
    },
}

/// One command or battle card's facts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct ListCardFact {
    pub id: String,
    pub name: String,
    pub kind: ListCardKind,
    /// The army that may take it; `None` for any army.
    pub faction: Option<String>,
    /// The commanders a command card belongs to (empty for a generic card).
    pub commanders: Vec<String>,
}

/// A Legion HQ 2 battle force: its name, the code its list links give it, its faction.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub(crate) struct BattleForce {
    pub name: String,
    pub code: String,
    pub faction: String,
}

/// The list cards' file, read and checked.
#[derive(Debug, Clone, Default)]
pub(crate) struct ListCards {
    cards: Vec<ListCardFact>,
    /// The JSON export's names that are not `cardName title`, by card id.
    json_names: BTreeMap<String, String>,
    battle_forces: Vec<BattleForce>,
}

/// The file as written.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFile {
    cards: Vec<RawCard>,
    #[serde(rename = "jsonNames")]
    json_names: BTreeMap<String, String>,
    #[serde(rename = "battleForces")]
    battle_forces: Vec<BattleForce>,
}

/// One card as written.
#[derive(Deserialize)]
struct RawCard {
    id: String,
    #[serde(rename = "cardName")]
    card_name: String,
    #[serde(rename = "cardType")]
    card_type: String,
    #[serde(rename = "cardSubtype")]
    card_subtype: String,
    #[serde(default)]
    faction: Option<String>,
    #[serde(default)]
    commander: Option<Commander>,
}

/// A command card's commander: one name, or several.
#[derive(Deserialize)]
#[serde(untagged)]
enum Commander {
    One(String),
    Several(Vec<String>),
}

/// The battle card kinds Legion HQ gives.
const BATTLE_KINDS: [&str; 6] = [
    "primary",
    "secondary",
    "advantage",
    "objective",
    "deployment",
    "condition",
];

/// Whether `id` is shaped as Legion HQ's card ids are: two letters.
pub(crate) fn is_card_id(id: &str) -> bool {
    id.len() == 2 && id.bytes().all(|b| b.is_ascii_alphabetic())
}

impl ListCards {
    /// The built-in list cards (data/legion/SOURCE.md).
    pub fn builtin() -> &'static ListCards {
        static BUILT_IN: OnceLock<ListCards> = OnceLock::new();
        BUILT_IN.get_or_init(|| {
            ListCards::load(BUILTIN_FILE, BUILTIN)
                .unwrap_or_else(|e| panic!("the built-in Legion list cards are malformed: {e}"))
        })
    }

    /// Parses and checks a list cards' file; a malformed card refuses it, naming the file, the
    /// line and the card's id.
    pub fn load(file: &str, text: &str) -> Result<ListCards, DataError> {
        let raw: RawFile = data::parse(file, text)?;
        let fail = |id: &str, message: String| data::keyed_error(file, text, ("id", id), message);
        let cards = raw
            .cards
            .into_iter()
            .map(|c| read_card(c).map_err(|(id, m)| fail(&id, m)))
            .collect::<Result<_, _>>()?;
        if let Some((id, name)) = raw.json_names.iter().find(|(id, _)| !is_card_id(id)) {
            let message = format!("jsonNames: '{id}' is no card id (two letters)");
            return Err(data::keyed_error(file, text, (id, name), message));
        }
        if let Some(f) = raw.battle_forces.iter().find(|f| f.code.is_empty()) {
            let message = "battle force without a link code".to_string();
            return Err(data::keyed_error(file, text, ("name", &f.name), message));
        }
        Ok(ListCards {
            cards,
            json_names: raw.json_names,
            battle_forces: raw.battle_forces,
        })
    }

    /// The card with Legion HQ's id `id`.
    pub fn by_id(&self, id: &str) -> Option<&ListCardFact> {
        self.cards.iter().find(|c| c.id == id)
    }

    /// The command card (`command`) or battle card that `name` names (any case, punctuation
    /// ignored); the error names it and the nearest card of that type.
    pub fn by_name(&self, name: &str, command: bool) -> Result<&ListCardFact, String> {
        let of_type = || {
            (self.cards.iter())
                .filter(move |c| matches!(c.kind, ListCardKind::Command { .. }) == command)
        };
        if let Some(card) = of_type().find(|c| same(&c.name, name)) {
            return Ok(card);
        }
        let what = if command { "command" } else { "battle" };
        let quoted = crate::error::quote(name);
        Err(
            match data::nearest(name, of_type().map(|c| c.name.as_str())) {
                Some(near) => {
                    format!("unknown Legion {what} card '{quoted}'; did you mean '{near}'?")
                }
                None => format!("unknown Legion {what} card '{quoted}'"),
            },
        )
    }

    /// The ids the JSON export's special name `name` stands for (any case).
    pub fn json_name_ids<'a>(&'a self, name: &'a str) -> impl Iterator<Item = &'a str> + 'a {
        (self.json_names.iter())
            .filter(move |(_, n)| n.eq_ignore_ascii_case(name.trim()))
            .map(|(id, _)| id.as_str())
    }

    /// The battle force a link's code or a list's name names (any case).
    pub fn battle_force(&self, code_or_name: &str) -> Option<&BattleForce> {
        let wanted = code_or_name.trim();
        (self.battle_forces.iter()).find(|f| f.code == wanted || same(&f.name, wanted))
    }
}

/// One card read and checked; the error gives its id.
fn read_card(c: RawCard) -> Result<ListCardFact, (String, String)> {
    let fail = |m: String| Err((c.id.clone(), m));
    if !is_card_id(&c.id) {
        return fail(format!("id '{}' is not two letters", c.id));
    }
    let kind = match c.card_type.as_str() {
        "command" => match c.card_subtype.parse::<u32>() {
            Ok(pips @ 1..=4) => ListCardKind::Command { pips },
            _ => return fail(format!("pips '{}': give 1 to 4", c.card_subtype)),
        },
        "battle" if BATTLE_KINDS.contains(&c.card_subtype.as_str()) => ListCardKind::Battle {
            kind: c.card_subtype.clone(),
        },
        "battle" => return fail(format!("battle card kind '{}'", c.card_subtype)),
        other => return fail(format!("card type '{other}': give command or battle")),
    };
    let commanders = match c.commander {
        None => vec![],
        Some(Commander::One(name)) => vec![name],
        Some(Commander::Several(names)) => names,
    };
    Ok(ListCardFact {
        id: c.id,
        name: c.card_name,
        kind,
        faction: c.faction.filter(|f| !f.trim().is_empty()),
        commanders: commanders.into_iter().filter(|n| !n.is_empty()).collect(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_malformed_card_names_the_file_its_line_and_its_id() {
        let text = "cards:\n- id: bj\n  cardName: Assault\n  cardType: command\n  \
                    cardSubtype: '3'\n- id: bk\n  cardName: Push\n  cardType: command\n  \
                    cardSubtype: '7'\njsonNames: {}\nbattleForces: []\n";
        let e = ListCards::load("list-cards.yaml", text).unwrap_err();
        assert_eq!(
            e.to_string(),
            "list-cards.yaml:6: item 'bk': pips '7': give 1 to 4"
        );
    }

    #[test]
    fn the_built_in_file_reads() {
        let cards = ListCards::builtin();
        assert_eq!(cards.by_id("bj").map(|c| c.name.as_str()), Some("Assault"));
        let force = cards.battle_force("5t").map(|f| f.name.as_str());
        assert_eq!(force, Some("501st Legion"));
    }
}
