//! The notes on a list that breaks the list-building rules, which is read all the same: over
//! its points, an upgrade its unit may not take, more upgrades than slots, a unit or command
//! card of another faction, and what a unit's SPEC leaves out.

use super::list_cards::ListCards;
use super::{ArmyList, ListUnit};
use crate::legion::cards::{Card, Cards};
use crate::legion::fitting::{fits, Truth};

/// Every note on `list`, in the order of its units and cards.
pub fn notes(list: &ArmyList, cards: &Cards) -> Vec<String> {
    let mut notes = vec![];
    let points = list.points(cards);
    if let Some(max) = list.max_points.filter(|&m| points > m) {
        notes.push(format!("the list's {points} points are over its {max}"));
    }
    for unit in &list.units {
        let Some(card) = cards.by_id(&unit.card) else {
            continue;
        };
        notes.extend(faction_note(list, card));
        notes.extend(upgrade_notes(unit, card, cards));
        if let Some(c) = &unit.counterpart {
            if let Some(counterpart) = cards.by_id(&c.card) {
                notes.extend(upgrade_notes(c, counterpart, cards));
            }
            if c.upgrades.iter().any(Option::is_some) {
                notes.push(format!(
                    "{}: the counterpart {}'s upgrades are not on the unit's SPEC (a SPEC \
                     gives upgrades to the unit only)",
                    unit.name(cards),
                    c.name(cards)
                ));
            }
        }
    }
    notes.extend(command_notes(list, ListCards::builtin()));
    notes
}

/// A unit of another faction than the list's (unless that faction is among its affiliations).
fn faction_note(list: &ArmyList, card: &Card) -> Option<String> {
    let army = list.faction.as_deref()?;
    let own = card.faction.as_deref()?;
    let joins = own.eq_ignore_ascii_case(army)
        || card
            .affiliations
            .iter()
            .any(|a| a.eq_ignore_ascii_case(army));
    (!joins).then(|| {
        format!(
            "{} is a {own} unit; the list's faction is {army}",
            card.full_name()
        )
    })
}

/// The upgrades `card`'s unit may not take, and more upgrades than its slots.
fn upgrade_notes(unit: &ListUnit, card: &Card, cards: &Cards) -> Vec<String> {
    let mut notes: Vec<String> = (unit.upgrade_cards(cards))
        .filter(|u| fits(card, u) == Truth::No)
        .map(|u| format!("{} may not take {}", card.full_name(), u.full_name()))
        .collect();
    let added: usize = unit.upgrade_cards(cards).map(|u| u.adds_slots.len()).sum();
    let slots = card.upgrade_bar.len() + added;
    let taken = unit.upgrades.iter().flatten().count();
    if taken > slots {
        notes.push(format!(
            "{} has {taken} upgrades for {slots} slots",
            card.full_name()
        ));
    }
    notes
}

/// The command and contingency cards of another faction than the list's.
fn command_notes(list: &ArmyList, list_cards: &ListCards) -> Vec<String> {
    let Some(army) = list.faction.as_deref() else {
        return vec![];
    };
    (list.commands.iter().chain(&list.contingencies))
        .filter_map(|c| list_cards.by_id(c.id.as_deref()?))
        .filter(|c| {
            c.faction
                .as_deref()
                .is_some_and(|f| !f.eq_ignore_ascii_case(army))
        })
        .map(|c| {
            let of = c.faction.as_deref().unwrap_or_default();
            format!(
                "the command card {} is a {of} card; the list's faction is {army}",
                c.name
            )
        })
        .collect()
}
