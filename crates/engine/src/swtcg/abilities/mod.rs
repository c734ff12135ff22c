//! Card text: what holodice makes of the abilities a set file prints for a card (its Text
//! column, abilities separated by `|`).
//!
//! An ability that is exactly a keyword the SPEC parser knows (`Critical Hit 1`, `Armor`,
//! `Bombard 3.`, `Avenge 4 (reminder text)`) becomes that item; one its unit pays for as it
//! attacks or is attacked (`Pay 2 Force -> Evade 2`) becomes a `pay:` item (costs.rs); text about
//! the unit's own state and attacks (`As long as this unit has 3 or less damage counters on it,
//! it gets Shields 1`, `Fury X, where X is …`, `Whenever NAME attacks, choose one: …`) becomes
//! the SPEC items that test it (state.rs); anything else is kept by its text in the unit's
//! `notes`, to be reported as not modelled, with a word on what it is when holodice can tell it
//! changes no dice of this unit (given to other units only, grants.rs). Keyword names come only
//! from the keyword data, so a keyword added there is read from card text with no change here.

mod costs;
mod grants;
mod state;
mod text;

use super::spec::read_item;
use super::unit::{Arena, Condition, Item, Unit};
use grants::{each_of_your, equipped, makes_unit, pilot_grants, switch, to_others};
use state::Effect;
use text::{split_list, strip_word, tidy};

/// What a card's abilities give: its own items, its Switch items, and what it grants to the
/// unit it is stacked under (INSERT, a Pilot's grants, an Equipment's), each unit's `notes`
/// holding the texts not modelled.
#[derive(Debug, Default)]
pub(crate) struct Abilities {
    /// The card's own items.
    pub spec: Unit,
    /// Its Switch items, each under its arena.
    pub switch: Unit,
    /// What it grants to the unit it is stacked under, if it grants anything.
    pub insert: Option<Unit>,
}

/// What the reader knows of a card besides its text: its name, which its text uses for it
/// (`Din` for Din Djarin (I)), its type and subtype, which say whether it is one of the kinds an
/// ability names (`Each of your Tuskens …`), and a unit's arenas.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Facts<'a> {
    /// The card's name as printed.
    pub name: &'a str,
    /// Its type as printed (`Character`, `Ground/Character`).
    pub kind: &'a str,
    /// Its subtype as printed (`Tusken`).
    pub subtype: &'a str,
    /// A unit's arenas, in the order its type names them (Switch follows that order).
    pub arenas: &'a [Arena],
    /// An Equipment's abilities are all about the unit it is attached to.
    pub equipment: bool,
}

/// Reads a card's Text column.
pub(crate) fn read_card(text: &str, facts: &Facts) -> Abilities {
    let mut read = Abilities {
        insert: facts.equipment.then(Unit::default),
        ..Abilities::default()
    };
    for ability in text.split('|').map(str::trim).filter(|a| !a.is_empty()) {
        if facts.equipment {
            equipped(
                ability,
                read.insert.get_or_insert_with(Unit::default),
                facts,
            );
            continue;
        }
        if let Some(rest) = strip_word(ability, "INSERT:") {
            add(rest, read.insert.get_or_insert_with(Unit::default), facts);
        } else if let Some(grants) = pilot_grants(ability) {
            let insert = read.insert.get_or_insert_with(Unit::default);
            for grant in grants {
                add(grant, insert, facts);
            }
        } else if let Some(rest) = strip_word(ability, "Switch:") {
            switch(ability, rest, facts.arenas, &mut read);
        } else {
            add(ability, &mut read.spec, facts);
        }
    }
    read
}

/// What one ability's text gives its unit.
enum Reading {
    /// Items the unit has (with their tests, X, choices).
    Has(Unit),
    /// Items the unit has when it pays for them as it attacks or is attacked.
    Paid(Unit),
    /// Items the unit has, and a note on the rest of the text, which changes no dice of it.
    Partly(Unit, String),
    /// A keyword followed by effect text (`Foresight: Gain 2 Force.`): only the keyword counts.
    Keyword(Item),
    /// Nothing holodice models, noted as this text.
    Noted(String),
}

/// Adds what `ability` gives to `unit`, noting what is not modelled.
fn add(ability: &str, unit: &mut Unit, facts: &Facts) {
    let reading = read(ability, facts);
    let given = match &reading {
        Reading::Has(u) | Reading::Paid(u) | Reading::Partly(u, _) => Some(u),
        _ => None,
    };
    if given.is_some_and(|u| !x_fits(unit, u)) {
        unit.notes.push(ability.trim().into());
        return;
    }
    match reading {
        Reading::Has(items) => unit.append(&items, None),
        Reading::Paid(items) => unit.append(&items, Some(Condition::Paid)),
        Reading::Partly(items, note) => {
            unit.append(&items, None);
            unit.notes.push(note.into());
        }
        Reading::Keyword(item) => {
            unit.notes.push(
                format!(
                    "{} (only '{}' is modelled)",
                    ability.trim(),
                    item.keyword.name
                )
                .into(),
            );
            unit.push(None, item);
        }
        Reading::Noted(note) => unit.notes.push(note.into()),
    }
}

/// Whether a unit can take items that count X: a unit has one X, so two abilities whose X counts
/// different things can't both be read.
fn x_fits(unit: &Unit, new: &Unit) -> bool {
    let uses_x = |u: &Unit| u.x.is_some() || u.stateful.iter().any(|s| s.per.is_some());
    !uses_x(unit) || !uses_x(new) || (unit.x.is_some() && unit.x == new.x)
}

fn read(ability: &str, facts: &Facts) -> Reading {
    let text = tidy(ability);
    if let Some(items) = plain(text) {
        return Reading::Has(unit_of_items(items));
    }
    if let Some(reading) = costs::paid(text, facts) {
        return reading;
    }
    if let Some(item) = keyword_with_effect(text) {
        return Reading::Keyword(item);
    }
    let own = [
        state::choice,
        state::as_long_as,
        state::loses,
        state::reroll,
        |t: &str, f: &Facts| state::own_effect(t, f, Effect::default()),
    ];
    if let Some(unit) = own.iter().find_map(|r| r(text, facts)) {
        return Reading::Has(unit);
    }
    if let Some((unit, speed)) = state::x_counted(text, facts) {
        return match speed {
            false => Reading::Has(unit),
            true => {
                let note = format!(
                    "{} (only '{}' is modelled; speed changes no dice)",
                    ability.trim(),
                    unit.describe()
                );
                Reading::Partly(unit, note)
            }
        };
    }
    if let Some((unit, items)) = each_of_your(text, facts) {
        let note = format!(
            "{} (its own: {items}; what the others get is not modelled)",
            ability.trim()
        );
        return Reading::Partly(unit, note);
    }
    if to_others(text) {
        return Reading::Noted(format!("{} (given to other units only)", ability.trim()));
    }
    if makes_unit(text) {
        return Reading::Noted(format!("{} (makes another unit)", ability.trim()));
    }
    match read_item(text) {
        Ok(item) => Reading::Keyword(item),
        Err(_) => Reading::Noted(ability.trim().to_string()),
    }
}

/// A keyword without X heading effect text (`Reserves: …`, `Bounty: …`): the effect is the
/// keyword's, never the unit's own items, so no other reading is tried.
fn keyword_with_effect(text: &str) -> Option<Item> {
    let (head, _) = text.split_once(':')?;
    let item = read_item(head.trim()).ok()?;
    (item.keyword.value == crate::swtcg::keywords::ValueKind::None).then_some(item)
}

/// Plain items as a unit.
fn unit_of_items(items: Vec<Item>) -> Unit {
    let mut unit = Unit::default();
    items.into_iter().for_each(|i| unit.push(None, i));
    unit
}

/// Keywords and nothing else: one item, or a list of them (`Absorb 1 and Deflect 1`).
fn plain(text: &str) -> Option<Vec<Item>> {
    if let Some(item) = exact_item(text) {
        return Some(vec![item]);
    }
    let parts = split_list(text);
    if parts.len() < 2 {
        return None;
    }
    parts.into_iter().map(|p| exact_item(tidy(p))).collect()
}

/// A keyword with its value and no effect text after a colon.
fn exact_item(text: &str) -> Option<Item> {
    let effect_text = text
        .split_once(':')
        .is_some_and(|(_, rest)| rest.trim().parse::<i64>().is_err());
    (!effect_text).then(|| read_item(text).ok()).flatten()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::Message;

    const CHARACTER: Facts = Facts {
        name: "Zed Quorn (B)",
        kind: "Character",
        subtype: "Tusken Rebel Warrior",
        arenas: &[Arena::Character],
        equipment: false,
    };

    fn described(text: &str) -> (String, Vec<String>) {
        let read = read_card(text, &CHARACTER);
        (read.spec.describe(), texts(&read.spec.notes))
    }

    /// Notes that name no input, as text.
    fn texts(notes: &[Message]) -> Vec<String> {
        notes.iter().map(ToString::to_string).collect()
    }

    fn in_arenas(arenas: &[Arena]) -> Facts<'_> {
        Facts {
            arenas,
            ..CHARACTER
        }
    }

    #[test]
    fn exact_keywords_become_items_and_the_rest_is_noted() {
        let (spec, notes) =
            described("Critical Hit 1 | Armor|Bombard 3. | When this unit attacks, draw a card.");
        assert_eq!(spec, "Critical Hit 1, Armor, Bombard 3");
        assert_eq!(notes, ["When this unit attacks, draw a card."]);
    }

    #[test]
    fn reminder_text_and_quotes_are_not_part_of_the_ability() {
        let (spec, notes) =
            described("Stun 2 (A damaged unit gets -2 power (for a turn).) | \"Evade 1\"");
        assert_eq!(spec, "Stun 2, Evade 1");
        assert!(notes.is_empty());
    }

    #[test]
    fn force_paid_keywords_are_pay_items() {
        let (spec, notes) = described(
            "Pay 2 Force -> Evade 2 | Pay 1 Force -> Absorb 1 and Deflect 1 | \
             Pay 1 Force -> This unit gets +2 power. | [tap] -> Evade 1 | Pay X Force -> Evade X",
        );
        assert_eq!(
            spec,
            "pay: Evade X, pay: Evade 2, pay: Absorb 1, pay: Deflect 1, pay: +2 power"
        );
        assert_eq!(notes, ["[tap] -> Evade 1"]);
    }

    #[test]
    fn a_keyword_with_effect_text_counts_and_says_so() {
        let (spec, notes) = described("Foresight: Gain 2 Force. | Critical Hit: 2");
        assert_eq!(spec, "Foresight, Critical Hit 2");
        assert_eq!(
            notes,
            ["Foresight: Gain 2 Force. (only 'Foresight' is modelled)"]
        );
    }

    #[test]
    fn switch_parts_follow_the_arenas_of_the_type() {
        let arenas = [Arena::Ground, Arena::Character];
        let read = read_card("Switch: Armor/Accuracy 1, +10 speed", &in_arenas(&arenas));
        assert_eq!(
            read.switch.describe(),
            "ground: Armor, character: Accuracy 1"
        );
        assert_eq!(texts(&read.spec.notes), ["Switch, character: +10 speed"]);
        let wrong = read_card("Switch: Armor", &in_arenas(&arenas));
        assert_eq!(texts(&wrong.spec.notes), ["Switch: Armor"]);
    }

    #[test]
    fn pilot_and_insert_abilities_are_grants() {
        let read = read_card(
            "[Pilot] Starfighter Pilot. The Starfighter gets: * +30 speed. * Critical Hit 1. \
             * Pay 1 Force -> Intercept. | INSERT: Parry 1",
            &CHARACTER,
        );
        let insert = read.insert.unwrap();
        assert_eq!(insert.describe(), "Critical Hit 1, pay: Intercept, Parry 1");
        assert_eq!(texts(&insert.notes), ["+30 speed."]);
        assert!(read.spec.items.is_empty() && read.spec.notes.is_empty());
        let dashes =
            pilot_grants("Transport Pilot. The Transport gets:   - Lucky 1  - Accuracy -1");
        assert_eq!(dashes.unwrap(), ["Lucky 1", "Accuracy -1"]);
        assert!(pilot_grants("This unit can have an extra Pilot.").is_none());
    }

    #[test]
    fn community_pilot_bullets_are_grants_and_pay_0_force_is_free() {
        let read = read_card(
            "Frigate and Fleet Pilot. The Frigate or Fleet gets:  -Damage Control 2  \
             -Pay 0 Force -> Retaliate 4   -Pay 2 Force -> Evade 3  -+2 power",
            &CHARACTER,
        );
        let insert = read.insert.unwrap();
        assert_eq!(
            insert.describe(),
            "Damage Control 2, Retaliate 4, pay: Evade 3, +2 power"
        );
        assert!(insert.notes.is_empty(), "{:?}", insert.notes);
    }

    #[test]
    fn keywords_paid_for_this_attack_are_pay_items() {
        let (spec, notes) = described(
            "Pay 2 Force -> This unit gets Ferocity for this attack. | Pay 1 Force -> this \
             unit gets Critical Hit 2 and Accuracy 1 for this attack | Pay 1 Force -> This \
             unit gets +2 power for this attack. | Pay 1 Force -> This unit gets +10 speed \
             for this attack.",
        );
        assert_eq!(
            spec,
            "pay: Ferocity, pay: Critical Hit 2, pay: Accuracy 1, pay: +2 power"
        );
        assert_eq!(notes.len(), 1, "{notes:?}");
    }

    #[test]
    fn equipment_grants_to_any_unit_apply_and_others_are_noted() {
        let read = read_card(
            "Pay 2 Force -> Equip | Equipped unit gets Accuracy 1, Parry 1 and \"Pay 1 Force -> \
             Evade 1.\" and a subtype. | Equipped Squad gets Armor.",
            &Facts {
                equipment: true,
                ..Facts::default()
            },
        );
        let insert = read.insert.unwrap();
        assert_eq!(insert.describe(), "Accuracy 1, Parry 1, pay: Evade 1");
        assert_eq!(
            texts(&insert.notes),
            [
                "Equipped unit gets a subtype.",
                "Equipped Squad gets Armor."
            ]
        );
    }

    #[test]
    fn costs_that_leave_the_unit_as_it_is_make_pay_items() {
        let (spec, notes) = described(
            "Discard a card from your hand -> Absorb 3 | Remove 1 counter from your Resource \
             -> Parry 2 | Put 1 damage counter on this unit -> Evade 2",
        );
        assert_eq!(spec, "pay: Absorb 3, pay: Parry 2");
        assert_eq!(notes, ["Put 1 damage counter on this unit -> Evade 2"]);
    }

    #[test]
    fn the_card_is_named_by_its_name_in_its_text() {
        let (spec, notes) = described(
            "Pay 2 Force -> Zed gets Accuracy 2 and Precision for this attack. | Pay 1 Force \
             -> Quorn gets Double Strike until end of turn | Pay 1 Force -> Bob gets Armor for \
             this attack",
        );
        assert_eq!(spec, "pay: Accuracy 2, pay: Precision, pay: Double Strike");
        assert_eq!(notes.len(), 1, "{notes:?}");
    }

    #[test]
    fn x_counted_from_counters_on_the_unit() {
        let (spec, notes) = described("Fury X, where X is the number of damage counters on Zed.");
        assert_eq!(spec, "Fury X, X = damage counters");
        assert!(notes.is_empty());
        let (spec, _) = described(
            "Pay 2 Force -> Evade X+1, where X is the number of mastery counters on Zed Quorn",
        );
        assert_eq!(spec, "pay: Evade X+1, X = mastery counters");
        let (spec, _) = described("Zed gets -1 power for each captivity counter on him.");
        assert_eq!(spec, "-X power, X = captivity counters");
        let (spec, notes) =
            described("Zed gets +10 speed and +2 power for each mastery counter on him.");
        assert_eq!(spec, "+2X power, X = mastery counters");
        assert_eq!(
            notes,
            [
                "Zed gets +10 speed and +2 power for each mastery counter on him. (only '+2X \
              power, X = mastery counters' is modelled; speed changes no dice)"
            ]
        );
        // Counted on another unit: noted.
        let (spec, notes) = described("Fury X, where X is the number of damage counters on Bob");
        assert_eq!((spec.as_str(), notes.len()), ("", 1));
    }

    #[test]
    fn an_x_the_player_knows_is_left_for_the_spec_to_give() {
        let (spec, notes) =
            described("Parry X, where X is the number of units your opponent has in this arena");
        assert_eq!(spec, "Parry X");
        assert!(notes.is_empty());
    }

    #[test]
    fn two_abilities_counting_x_apart_keep_the_second_noted() {
        let (spec, notes) = described(
            "Fury X, where X is the number of damage counters on Zed | Parry X, where X is the \
             number of mastery counters on Zed",
        );
        assert_eq!(spec, "Fury X, X = damage counters");
        assert_eq!(notes.len(), 1);
    }

    #[test]
    fn counters_on_the_unit_are_tests() {
        let (spec, notes) = described(
            "As long as this unit has 3 or less damage counters on it, it gets Shields 1 and \
             +1 power. | As long as Zed has 1 or more redemption counters on him, he gets Lucky \
             1 | This unit gets +2 power as long as there are no damage counters on it. | As \
             long as this unit has no damage counters on it, this unit gets Armor",
        );
        assert_eq!(
            spec,
            "if damage counters <= 3: Shields 1, if damage counters <= 3: +1 power, if \
             redemption counters >= 1: Lucky 1, if damage counters <= 0: +2 power, if damage \
             counters <= 0: Armor"
        );
        assert!(notes.is_empty(), "{notes:?}");
        let (_, notes) = described("As long as Bob is in any arena, Zed gets Lucky 1.");
        assert_eq!(notes.len(), 1);
    }

    #[test]
    fn the_units_role_is_a_test() {
        let (spec, notes) = described(
            "Zed gets Lucky 1 when defending | This unit gets Accuracy 1 while attacking | Pay \
             1 Force -> Zed gets Parry 1 when defending for this attack | Zed gets Armor when \
             attacking a Droid",
        );
        assert_eq!(
            spec,
            "if defending: Lucky 1, if attacking: Accuracy 1, pay: if defending: Parry 1"
        );
        assert_eq!(notes.len(), 1);
    }

    #[test]
    fn choices_of_keywords_are_choose_items() {
        let (spec, notes) = described(
            "Whenever Zed attacks, choose one: Accuracy 1; Lucky 2; or Fury 1 and Overkill. It \
             gets the chosen abilities for that attack.",
        );
        assert_eq!(spec, "choose: Accuracy 1 / Lucky 2 / Fury 1 and Overkill");
        assert!(notes.is_empty());
        for text in [
            "When the battle phase starts, choose one: Zed gets Armor until end of turn. Or: \
             Zed gets Lucky 1 until end of turn.",
            "When the Character battle step starts, choose one: this unit gets Armor or Lucky \
             1 until end of turn.",
        ] {
            assert_eq!(described(text).0, "choose: Armor / Lucky 1", "{text}");
        }
        let speed = "When the battle phase starts, choose one: Zed gets +20 speed until end of \
                     turn, or Zed gets +2 power until end of turn.";
        assert_eq!(described(speed).1.len(), 1);
    }

    #[test]
    fn abilities_taken_from_the_other_unit_and_rerolls() {
        let (spec, notes) = described(
            "Whenever Zed attacks, the defending unit loses Armor and Shields for that attack. | \
             When you roll Zed's attack dice, you may reroll any number of those dice",
        );
        assert_eq!(
            spec,
            "Reroll, opponent loses: Armor, opponent loses: Shields"
        );
        assert!(notes.is_empty());
    }

    #[test]
    fn grants_to_its_kind_are_its_own_and_to_others_change_no_dice_of_it() {
        let (spec, notes) = described(
            "Each of your Tuskens gets Lucky 3. | Each of your Rebel Characters gets +2 power | \
             Each of your Droids gets Shields 2 | Each of your other Rebels gets Fury 3. | Tap -> \
             One of your other Characters gets Accuracy 1 until end of turn.",
        );
        assert_eq!(spec, "Lucky 3, +2 power");
        assert_eq!(
            notes,
            [
                "Each of your Tuskens gets Lucky 3. (its own: Lucky 3; what the others get is not \
                 modelled)",
                "Each of your Rebel Characters gets +2 power (its own: +2 power; what the others \
                 get is not modelled)",
                "Each of your Droids gets Shields 2",
                "Each of your other Rebels gets Fury 3. (given to other units only)",
                "Tap -> One of your other Characters gets Accuracy 1 until end of turn. (given to \
                 other units only)",
            ]
        );
        let (_, notes) =
            described("Each of your other Rebels gets Fury 3, and this unit gets Armor");
        assert!(!notes[0].contains("given to"), "{notes:?}");
    }

    #[test]
    fn making_a_subordinate_is_another_units_ability() {
        let (_, notes) = described(
            "Pay 2 Force -> Take 1 30/2/2 Made-up Guard Subordinate with \"Armor\" and put it \
             into the Ground arena. Play only during your build step. | When you deploy this \
             unit, you may pay 1 Force. If you do, take 1 20/1/1 Made-up Scout Subordinate and \
             put it into the Character arena. | Tap -> Take 1 20/1/1 Made-up Helper Subordinate \
             with \"Tap -> One of your Characters gets Lucky 1\" and put it into the Character \
             arena.",
        );
        assert!(notes[0].ends_with("(makes another unit)"), "{notes:?}");
        assert!(notes[1].ends_with("(makes another unit)"), "{notes:?}");
        assert!(!notes[2].contains("makes another"), "{notes:?}");
    }

    #[test]
    fn keyword_effect_text_is_never_read_as_the_units_own() {
        let (spec, notes) = described("Reserves: Tap -> One of your other units gets Armor.");
        assert_eq!(spec, "Reserves");
        assert!(notes[0].ends_with("(only 'Reserves' is modelled)"));
    }

    #[test]
    fn every_reading_spells_back_as_the_same_spec() {
        let read = read_card(
            "Whenever Zed attacks, choose one: Accuracy 1; Lucky 2 | Fury X, where X is the \
             number of damage counters on Zed | As long as Zed has 2 or more mastery counters on \
             him, he gets Armor | Pay 1 Force -> Zed gets Lucky 1 when defending for this attack \
             | Whenever Zed attacks, the defending unit loses Armor for that attack",
            &CHARACTER,
        );
        let spec = read.spec.describe();
        assert_eq!(Unit::parse("card", &spec).unwrap().describe(), spec);
    }
}
