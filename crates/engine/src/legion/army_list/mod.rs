//! Star Wars: Legion army lists as players keep them: a Legion HQ 2 list link, or the common
//! JSON list format (the TTS "List Import Format" that Legion HQ 2 and Tabletop Admiral export
//! and Longshanks takes), read into one typed list whose units become holodice SPECs.
//!
//! A list is read as written: what breaks a list-building rule (over the points, an upgrade the
//! unit may not take, a card of another faction) is a note, never refused or fixed. Pure: no
//! I/O; the cards are the built-in ones or those given.

mod check;
mod json;
mod link;
mod list_cards;

use crate::error::Error;
use crate::legion::cards::{Card, Cards};
use list_cards::ListCards;
use serde::Serialize;

/// The longest list text read (64 KiB): a real list is a few KiB at most.
pub(crate) const MAX_TEXT: usize = 64 * 1024;
/// The most unit entries a list may hold (a Grand Army list has about 25).
pub(crate) const MAX_UNITS: usize = 100;

/// An army list: its units with their upgrades, its command, contingency and battle cards,
/// and the notes on what breaks the list-building rules.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ArmyList {
    /// The list's name, when it has one.
    pub title: Option<String>,
    /// Legion HQ's faction: `rebels`, `empire`, `republic`, `separatists`, `mercenary`.
    pub faction: Option<String>,
    /// Legion HQ's mode: `standard mode`, `500-point mode`, `grand army mode`, …
    pub mode: Option<String>,
    /// The points the list is built to (1000 in standard mode), when the list says.
    pub max_points: Option<u32>,
    /// The battle force's name when known, else the link's code.
    pub battle_force: Option<String>,
    /// The unit entries, in the list's order.
    pub units: Vec<ListUnit>,
    /// The command cards.
    pub commands: Vec<ListCard>,
    /// The contingency cards, set aside face down for when a commander is defeated.
    pub contingencies: Vec<ListCard>,
    /// The battle cards: objective, deployment and condition.
    pub battle_cards: Vec<ListCard>,
    /// Read with a note, never refused or "fixed" silently: over the points, an upgrade the unit
    /// may not take, more upgrades than slots, a command card of another faction, a unit of
    /// another faction, an unknown battle-force code.
    pub notes: Vec<String>,
}

/// One entry of a list: a unit card taken `count` times, each copy with the same upgrades.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ListUnit {
    /// The unit (or counterpart) card's Legion HQ id.
    pub card: String,
    /// How many times the list takes it.
    pub count: u32,
    /// Slot by slot: card ids, `None` for an empty slot.
    pub upgrades: Vec<Option<String>>,
    /// The loadout upgrades, slot by slot as the upgrades are.
    pub loadout: Vec<Option<String>>,
    /// The counterpart that joins the unit (Iden Versio's ID10, C-3PO), with its own upgrades.
    pub counterpart: Option<Box<ListUnit>>,
}

/// A command, contingency or battle card of a list.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ListCard {
    /// Its Legion HQ id, when the card is known.
    pub id: Option<String>,
    /// Its name, as the list gives it.
    pub name: String,
    /// A command card's pips.
    pub pips: Option<u32>,
}

/// Legion HQ's modes by their points, in the order its decoder looks them up.
const MODES: [(u32, &str); 4] = [
    (600, "500-point mode"),
    (1000, "standard mode"),
    (1600, "grand army mode"),
    (1200, "storm tide: infantry"),
];

/// Legion HQ's mode for a list of `points` points, if it has one.
fn mode_of(points: u32) -> Option<String> {
    let found = MODES.iter().find(|(p, _)| *p == points);
    found.map(|(_, m)| m.to_string())
}

impl ArmyList {
    /// A Legion HQ 2 link (full URL, `faction/hash`, or bare hash) or a JSON list, told apart by
    /// the text (JSON starts with `{`).
    ///
    /// ```
    /// use holodice_engine::legion::army_list::ArmyList;
    /// use holodice_engine::legion::cards::Cards;
    /// let list = ArmyList::read("https://legionhq2.com/list/empire/1000:1ay00", Cards::builtin())
    ///     .unwrap();
    /// assert_eq!((list.units[0].card.as_str(), list.max_points), ("ay", Some(1000)));
    /// ```
    pub fn read(text: &str, cards: &Cards) -> Result<ArmyList, Error> {
        if text.len() > MAX_TEXT {
            return Err(Error::too_large(format!(
                "an army list of {} bytes is over the limit of {MAX_TEXT}",
                text.len()
            )));
        }
        let list_cards = ListCards::builtin();
        let mut list = match text.trim_start().starts_with('{') {
            true => json::read(text, cards, list_cards)?,
            false => link::read(text, cards, list_cards)?,
        };
        list.notes.extend(check::notes(&list, cards));
        Ok(list)
    }

    /// The Legion HQ 2 link, exactly as its generateLink would write it for this list.
    pub fn link(&self) -> String {
        link::write(self, ListCards::builtin())
    }

    /// The list's points: each unit's card cost plus its upgrades' (equipped, not loadout)
    /// and its counterpart's, times count.
    pub fn points(&self, cards: &Cards) -> u32 {
        (self.units.iter())
            .map(|u| u.points(cards).saturating_mul(u.count))
            .fold(0, u32::saturating_add)
    }
}

impl ListUnit {
    /// The holodice SPEC of one copy of the unit: `@NAME, +@UPGRADE, +@COUNTERPART` with
    /// `Cards::spec_name` names (unambiguous), equipped upgrades only; the counterpart's own
    /// upgrades can't be put on the SPEC: leave them out (the list's notes say so).
    pub fn spec(&self, cards: &Cards) -> String {
        let name = |id: &str| match cards.by_id(id) {
            Some(card) => cards.spec_name(card),
            None => id.to_string(),
        };
        let mut items = vec![format!("@{}", name(&self.card))];
        items.extend(
            self.upgrades
                .iter()
                .flatten()
                .map(|u| format!("+@{}", name(u))),
        );
        items.extend(
            self.counterpart
                .iter()
                .map(|c| format!("+@{}", name(&c.card))),
        );
        items.join(", ")
    }

    /// One copy's points, upgrades and counterpart included.
    pub fn points(&self, cards: &Cards) -> u32 {
        let cost = |id: &str| cards.by_id(id).and_then(|c| c.cost).unwrap_or(0);
        let own = (self.upgrades.iter().flatten())
            .map(|u| cost(u))
            .fold(cost(&self.card), u32::saturating_add);
        let counterpart = self.counterpart.as_ref().map_or(0, |c| c.points(cards));
        own.saturating_add(counterpart)
    }

    /// A display name: the unit's card name, with its title when it has one.
    pub fn name(&self, cards: &Cards) -> String {
        cards
            .by_id(&self.card)
            .map_or_else(|| self.card.clone(), Card::full_name)
    }

    /// Every equipped upgrade's card, for the checks.
    fn upgrade_cards<'a>(&'a self, cards: &'a Cards) -> impl Iterator<Item = &'a Card> + 'a {
        self.upgrades
            .iter()
            .flatten()
            .filter_map(|u| cards.by_id(u))
    }
}
