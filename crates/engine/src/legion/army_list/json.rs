//! The common JSON list format (the swlegion TTS "List Import Format": Legion HQ 2's
//! `generateTTSJSONText`, Tabletop Admiral's export, what Longshanks takes), read as Legion
//! HQ 2's `convertJsonToList` matches names: a unit by `cardName title` or its `ttsName` (any
//! case), an upgrade by its `cardName` or `ttsName`, a counterpart among its unit's upgrades by
//! `cardName title`; and by the export's special names (`jsonNames` of list-cards.yaml).
//!
//! What the format leaves open, holodice decides so: a unit repeated N times in a row (the
//! export writes one entry per copy) is one entry of count N; upgrades go into the unit's slots
//! in the order of its upgrade bar (as Legion HQ sorts them), a loadout card into the slot of
//! the equipped upgrade of its type; the upgrades named after a counterpart are the
//! counterpart's; of upgrades sharing a name, the one the unit may take; "Standing Orders",
//! which every list has, is left out of the commands; the mode is the battlefield deck's
//! `scenario` (`standard`, `skirmish`); a battle card Legion HQ's data lacks is kept by name
//! with a note (the format still names older battle cards), while an unknown unit, upgrade or
//! command card refuses the list; an `armyFaction` of `""` (what Legion HQ 2 writes for a
//! mercenary list) or any other is an unknown faction.

use super::list_cards::{ListCardKind, ListCards};
use super::{mode_of, ArmyList, ListCard, ListUnit, MAX_UNITS};
use crate::error::{quote, Error};
use crate::legion::cards::{same, Card, Cards, Kind};
use crate::legion::fitting::{fits, Truth};
use serde::Deserialize;

/// The list as the format writes it (other fields, such as the export's point total, ignored).
#[derive(Deserialize)]
struct RawList {
    #[serde(default)]
    listname: Option<String>,
    #[serde(default)]
    title: Option<String>,
    #[serde(rename = "armyFaction", default)]
    army_faction: Option<String>,
    #[serde(rename = "battleForce", default)]
    battle_force: Option<String>,
    #[serde(rename = "commandCards", default)]
    command_cards: Vec<String>,
    #[serde(default)]
    contingencies: Vec<String>,
    #[serde(default)]
    units: Vec<RawUnit>,
    #[serde(rename = "battlefieldDeck", default)]
    battlefield_deck: Option<RawDeck>,
}

/// One unit entry.
#[derive(Deserialize, PartialEq)]
struct RawUnit {
    name: String,
    #[serde(default)]
    upgrades: Vec<String>,
    #[serde(default)]
    loadout: Vec<String>,
}

/// The battlefield deck: its scenario and its cards by kind.
#[derive(Deserialize)]
struct RawDeck {
    #[serde(default)]
    scenario: Option<String>,
    #[serde(flatten)]
    cards: serde_json::Map<String, serde_json::Value>,
}

/// The format's factions and Legion HQ's.
const FACTIONS: [(&str, &str); 4] = [
    ("rebel", "rebels"),
    ("empire", "empire"),
    ("republic", "republic"),
    ("separatist", "separatists"),
];

/// The card every list holds, which Legion HQ leaves out of a list's commands.
const STANDING_ORDERS: &str = "Standing Orders";

/// Reads a JSON list.
pub fn read(text: &str, cards: &Cards, list_cards: &ListCards) -> Result<ArmyList, Error> {
    let raw: RawList = serde_json::from_str(text)
        .map_err(|e| Error::input(format!("not a JSON army list: {e}")))?;
    if raw.units.len() > MAX_UNITS {
        return Err(Error::too_large(format!(
            "{} units is over the limit of {MAX_UNITS} for one list",
            raw.units.len()
        )));
    }
    let faction = raw.army_faction.as_deref().and_then(|f| {
        let found = FACTIONS
            .iter()
            .find(|(j, _)| j.eq_ignore_ascii_case(f.trim()));
        found.map(|(_, legion)| legion.to_string())
    });
    let scenario = raw
        .battlefield_deck
        .as_ref()
        .and_then(|d| d.scenario.as_deref());
    let max_points = match scenario {
        Some("standard") => Some(1000),
        Some("skirmish") => Some(600),
        _ => None,
    };
    let mut notes = vec![];
    let battle_force = raw
        .battle_force
        .filter(|f| !f.trim().is_empty())
        .map(|f| match list_cards.battle_force(&f) {
            Some(force) => force.name.clone(),
            None => {
                notes.push(format!("unknown battle force '{}'", quote(&f)));
                f
            }
        });
    Ok(ArmyList {
        title: raw.listname.or(raw.title).filter(|t| !t.trim().is_empty()),
        faction,
        mode: max_points.and_then(mode_of),
        max_points,
        battle_force,
        units: units(&raw.units, cards, list_cards)?,
        commands: command_cards(&raw.command_cards, list_cards)?,
        contingencies: command_cards(&raw.contingencies, list_cards)?,
        battle_cards: battle_cards(raw.battlefield_deck.as_ref(), list_cards, &mut notes),
        notes,
    })
}

/// The units, identical entries in a row merged into one of their count.
fn units(raw: &[RawUnit], cards: &Cards, list_cards: &ListCards) -> Result<Vec<ListUnit>, Error> {
    let mut out: Vec<(&RawUnit, ListUnit)> = vec![];
    for entry in raw {
        match out.last_mut() {
            Some((last, unit)) if *last == entry => unit.count += 1,
            _ => out.push((entry, unit(entry, cards, list_cards)?)),
        }
    }
    Ok(out.into_iter().map(|(_, u)| u).collect())
}

/// One unit entry: its card, upgrades, loadout and counterpart.
fn unit(raw: &RawUnit, cards: &Cards, list_cards: &ListCards) -> Result<ListUnit, Error> {
    let card = named(&raw.name, Kind::Unit, None, cards, list_cards)?;
    let mut own = vec![];
    let mut counterpart: Option<(&Card, Vec<&Card>)> = None;
    for name in &raw.upgrades {
        let holder = counterpart.as_ref().map_or(card, |(c, _)| *c);
        let found = named(name, Kind::Upgrade, Some(holder), cards, list_cards)?;
        match &mut counterpart {
            None if found.kind == Kind::Counterpart => counterpart = Some((found, vec![])),
            Some((_, theirs)) => theirs.push(found),
            None => own.push(found),
        }
    }
    let loadout = (raw.loadout.iter())
        .map(|n| named(n, Kind::Upgrade, Some(card), cards, list_cards))
        .collect::<Result<Vec<_>, _>>()?;
    let mut unit = slotted(card, &own, &loadout);
    unit.counterpart = counterpart.map(|(c, theirs)| Box::new(slotted(c, &theirs, &[])));
    Ok(unit)
}

/// A unit of `card` with `upgrades` in the slots of its upgrade bar (then the slots they add)
/// in order, those that fit no slot after; `loadout` beside the upgrade of its type.
fn slotted(card: &Card, upgrades: &[&Card], loadout: &[&Card]) -> ListUnit {
    let mut bar: Vec<&str> = card.upgrade_bar.iter().map(String::as_str).collect();
    bar.extend(
        upgrades
            .iter()
            .flat_map(|u| u.adds_slots.iter().map(String::as_str)),
    );
    let mut left: Vec<&Card> = upgrades.to_vec();
    let mut slots: Vec<Option<&Card>> = (bar.iter())
        .map(|slot| {
            let at = left.iter().position(|u| u.subtype == *slot)?;
            Some(left.remove(at))
        })
        .collect();
    slots.extend(left.into_iter().map(Some));
    let mut beside: Vec<&Card> = loadout.to_vec();
    let loadout_slots: Vec<Option<String>> = match loadout.is_empty() {
        true => vec![],
        false => (slots.iter())
            .map(|s| {
                let at = beside
                    .iter()
                    .position(|l| s.is_some_and(|u| u.subtype == l.subtype))?;
                Some(beside.remove(at).id.clone())
            })
            .collect(),
    };
    ListUnit {
        card: card.id.clone(),
        count: 1,
        upgrades: slots.into_iter().map(|s| s.map(|c| c.id.clone())).collect(),
        loadout: loadout_slots,
        counterpart: None,
    }
}

/// The card of `kind` that `name` names as the format names it (an upgrade's name names a
/// counterpart too, as `+@` does); of several, the one `unit` may take. The error is the card
/// finder's: the name and the nearest card.
fn named<'a>(
    name: &str,
    kind: Kind,
    unit: Option<&Card>,
    cards: &'a Cards,
    list_cards: &ListCards,
) -> Result<&'a Card, Error> {
    let special: Vec<&str> = list_cards.json_name_ids(name).collect();
    let matches = |c: &&Card| {
        c.kind.answers(kind)
            && (same(&c.name, name) && (c.kind == Kind::Upgrade || c.title.is_none())
                || c.title
                    .as_deref()
                    .is_some_and(|t| same(&format!("{} {t}", c.name), name))
                || c.tts_name.as_deref().is_some_and(|t| same(t, name))
                || special.contains(&c.id.as_str()))
    };
    let found: Vec<&Card> = cards.all().iter().filter(matches).collect();
    let fitting = |c: &&&Card| unit.is_none_or(|u| fits(u, c) != Truth::No);
    match found.iter().find(fitting).or(found.first()) {
        Some(card) => Ok(card),
        None => cards.find(name, kind).map_err(Error::input),
    }
}

/// Command cards by name, Standing Orders left out.
fn command_cards(names: &[String], list_cards: &ListCards) -> Result<Vec<ListCard>, Error> {
    (names.iter())
        .filter(|n| !same(n, STANDING_ORDERS))
        .map(|n| list_card(n, true, list_cards))
        .collect()
}

/// The battle cards of the battlefield deck, kind by kind in the order written. One that
/// Legion HQ's data lacks (TTS still names older battle cards) is kept by name, with a note.
fn battle_cards(
    deck: Option<&RawDeck>,
    list_cards: &ListCards,
    notes: &mut Vec<String>,
) -> Vec<ListCard> {
    let names = (deck.iter())
        .flat_map(|d| d.cards.values())
        .filter_map(serde_json::Value::as_array)
        .flatten()
        .filter_map(serde_json::Value::as_str);
    names
        .map(|n| {
            list_card(n, false, list_cards).unwrap_or_else(|e| {
                notes.push(format!("{e}: kept by name"));
                ListCard {
                    id: None,
                    name: n.to_string(),
                    pips: None,
                }
            })
        })
        .collect()
}

/// A command (`command`) or battle card by name; the error names it and the nearest.
fn list_card(name: &str, command: bool, list_cards: &ListCards) -> Result<ListCard, Error> {
    let special = list_cards
        .json_name_ids(name)
        .find_map(|id| list_cards.by_id(id));
    let card = match special {
        Some(card) => card,
        None => list_cards.by_name(name, command).map_err(Error::input)?,
    };
    Ok(ListCard {
        id: Some(card.id.clone()),
        name: card.name.clone(),
        pips: match card.kind {
            ListCardKind::Command { pips } => Some(pips),
            ListCardKind::Battle { .. } => None,
        },
    })
}
