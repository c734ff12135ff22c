//! Card text: what holodice makes of the abilities a set file prints for a card (its Text
//! column, abilities separated by `|`).
//!
//! An ability that is exactly a keyword the SPEC parser knows (`Critical Hit 1`, `Armor`,
//! `Bombard 3.`, `Avenge 4 (reminder text)`) becomes that item; one its unit pays Force for as it
//! attacks or is attacked (`Pay 2 Force -> Evade 2`) becomes a `pay:` item; anything else is kept
//! by its text in the unit's `notes`, to be reported as not modelled. Keyword names come only
//! from the keyword data, so a keyword added there is read from card text with no change here.

use super::spec::read_item;
use super::unit::{Arena, Condition, Item, Unit};

/// What a card's abilities give: its own items, its Switch items, and what it grants to the
/// unit it is stacked under (INSERT, a Pilot's grants, an Equipment's), each unit's `notes`
/// holding the texts not modelled.
#[derive(Debug, Default)]
pub struct Abilities {
    pub spec: Unit,
    pub switch: Unit,
    pub insert: Option<Unit>,
}

/// Reads a card's Text column: `arenas` are the unit's, in the order its type names them (Switch
/// follows that order); an Equipment's abilities are all about the unit it is attached to.
pub fn read_card(text: &str, arenas: &[Arena], equipment: bool) -> Abilities {
    let mut read = Abilities {
        insert: equipment.then(Unit::default),
        ..Abilities::default()
    };
    for ability in text.split('|').map(str::trim).filter(|a| !a.is_empty()) {
        if equipment {
            equipped(ability, read.insert.get_or_insert_with(Unit::default));
            continue;
        }
        if let Some(rest) = strip_word(ability, "INSERT:") {
            add(rest, read.insert.get_or_insert_with(Unit::default));
        } else if let Some(grants) = pilot_grants(ability) {
            let insert = read.insert.get_or_insert_with(Unit::default);
            for grant in grants {
                add(grant, insert);
            }
        } else if let Some(rest) = strip_word(ability, "Switch:") {
            switch(ability, rest, arenas, &mut read);
        } else {
            add(ability, &mut read.spec);
        }
    }
    read
}

/// What one ability's text gives its unit.
enum Reading {
    /// Keywords the unit has.
    Items(Vec<Item>),
    /// Keywords the unit has when it pays for them as it attacks or is attacked.
    Paid(Vec<Item>),
    /// A keyword followed by effect text (`Foresight: Gain 2 Force.`): only the keyword counts.
    Keyword(Item),
    /// Nothing holodice models.
    Unmodelled,
}

/// Adds what `ability` gives to `unit`, noting what is not modelled.
fn add(ability: &str, unit: &mut Unit) {
    match read(ability) {
        Reading::Items(items) => items.into_iter().for_each(|i| unit.push(None, i)),
        Reading::Paid(items) => items
            .into_iter()
            .for_each(|i| unit.push(Some(Condition::Paid), i)),
        Reading::Keyword(item) => {
            unit.notes.push(format!(
                "{} (only '{}' is modelled)",
                ability.trim(),
                item.keyword.name
            ));
            unit.push(None, item);
        }
        Reading::Unmodelled => unit.notes.push(ability.trim().to_string()),
    }
}

fn read(ability: &str) -> Reading {
    let text = tidy(ability);
    if let Some(items) = plain(text) {
        return Reading::Items(items);
    }
    if let Some(reading) = paid(text) {
        return reading;
    }
    match read_item(text) {
        Ok(item) => Reading::Keyword(item),
        Err(_) => Reading::Unmodelled,
    }
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

/// `Pay N Force -> KEYWORDS`: a cost in Force alone, for keywords alone, or for keywords the
/// unit gets for the attack (`Pay 2 Force -> This unit gets Ferocity for this attack`).
/// `Pay 0 Force` costs nothing, so its keywords are the unit's own.
fn paid(text: &str) -> Option<Reading> {
    let (cost, effect) = text.split_once("->")?;
    let words: Vec<String> = cost
        .split_whitespace()
        .map(str::to_ascii_lowercase)
        .collect();
    let [pay, n, force] = words.as_slice() else {
        return None;
    };
    let n: u32 = n
        .parse()
        .ok()
        .filter(|_| pay == "pay" && force == "force")?;
    let effect = tidy(effect);
    let items = plain(effect).or_else(|| plain(for_this_attack(effect)?))?;
    Some(match n {
        0 => Reading::Items(items),
        _ => Reading::Paid(items),
    })
}

/// The keywords of `This unit gets KEYWORDS for this attack`.
fn for_this_attack(effect: &str) -> Option<&str> {
    let keywords = strip_word(effect, "this unit gets")?;
    let end = keywords.len().checked_sub(" for this attack".len())?;
    let tail = keywords.get(end..)?;
    tail.eq_ignore_ascii_case(" for this attack")
        .then(|| keywords[..end].trim())
}

/// `Switch: A/B/C`: the items of each of the unit's arenas, in the order its type names them.
fn switch(ability: &str, rest: &str, arenas: &[Arena], read: &mut Abilities) {
    let parts: Vec<&str> = rest.split('/').collect();
    if parts.len() != arenas.len() {
        read.spec.notes.push(ability.to_string());
        return;
    }
    for (&arena, part) in arenas.iter().zip(parts) {
        for text in part.split(',').map(str::trim).filter(|t| !t.is_empty()) {
            match read_switched(text) {
                Some(items) => items
                    .into_iter()
                    .for_each(|i| read.switch.push(Some(Condition::Arena(arena)), i)),
                None => read
                    .spec
                    .notes
                    .push(format!("Switch, {}: {text}", arena.name())),
            }
        }
    }
}

/// A Switch part's items; `None` (no effect in that arena) reads as no items.
fn read_switched(text: &str) -> Option<Vec<Item>> {
    if tidy(text).eq_ignore_ascii_case("none") {
        return Some(Vec::new());
    }
    plain(tidy(text))
}

/// The grants of a Pilot ability, one per bullet: `[Pilot] Starfighter Pilot. The Starfighter
/// gets: * +30 speed. * Critical Hit 2.` Bullets may be ` - ` or, as the community sets write
/// them, `  -` (`gets:  -Damage Control 2  -Pay 0 Force -> Retaliate 4`); a single grant needs
/// none.
fn pilot_grants(ability: &str) -> Option<Vec<&str>> {
    let text = strip_word(ability, "[Pilot]").unwrap_or(ability);
    let (head, after) = text.split_once("Pilot.")?;
    if head.contains('.') || head.split_whitespace().count() > 4 {
        return None;
    }
    let (_, grants) = after.split_once(" gets")?;
    let grants = grants.trim_start_matches(':').trim();
    let bullets: Vec<&str> = match grants.chars().next() {
        Some('*') => grants.split('*').collect(),
        Some('-') => grants[1..]
            .split("  -")
            .flat_map(|b| b.split(" - "))
            .collect(),
        _ => split_list(grants),
    };
    Some(
        bullets
            .into_iter()
            .map(str::trim)
            .filter(|b| !b.is_empty())
            .collect(),
    )
}

/// An Equipment's ability: `Equipped unit gets …` grants its keywords to the unit it is attached
/// to; the cost to attach (`… -> Equip`) is paid by attaching it; anything else is noted,
/// grants for a kind of unit (`Equipped Squad gets …`) too, as holodice can't check the kind.
fn equipped(ability: &str, insert: &mut Unit) {
    let attach = ability.split_once("->").is_some_and(|(_, effect)| {
        let word = effect.split_whitespace().next().unwrap_or("");
        word.trim_end_matches([',', '.'])
            .eq_ignore_ascii_case("equip")
    });
    if attach {
        return;
    }
    let Some(list) = strip_word(ability, "Equipped unit gets") else {
        insert.notes.push(ability.to_string());
        return;
    };
    for part in split_list(list.trim_start_matches(':')) {
        let before = insert.notes.len();
        add(part, insert);
        if let Some(note) = insert.notes.get_mut(before) {
            *note = format!("Equipped unit gets {note}");
        }
    }
}

/// `text` without a leading `word` (any case), if it starts with it.
fn strip_word<'a>(text: &'a str, word: &str) -> Option<&'a str> {
    let head = text.get(..word.len())?;
    head.eq_ignore_ascii_case(word)
        .then(|| text[word.len()..].trim())
}

/// An ability's text without what doesn't change it: spaces, a final period, reminder text in
/// parentheses at its end, surrounding quotes.
fn tidy(text: &str) -> &str {
    let mut t = text.trim();
    if let Some(open) = reminder_start(t) {
        t = t[..open].trim_end();
    }
    t = t.strip_suffix('.').unwrap_or(t).trim();
    for (open, close) in [('"', '"'), ('“', '”'), ('&', '&')] {
        if let Some(inner) = t.strip_prefix(open).and_then(|r| r.strip_suffix(close)) {
            t = inner.trim();
            t = t.strip_suffix('.').unwrap_or(t).trim();
        }
    }
    t
}

/// Where a parenthesised reminder closing the text opens, if something comes before it.
fn reminder_start(text: &str) -> Option<usize> {
    let body = text.strip_suffix('.').unwrap_or(text).trim_end();
    if !body.ends_with(')') {
        return None;
    }
    let mut depth = 0usize;
    for (i, c) in body.char_indices().rev() {
        match c {
            ')' => depth += 1,
            '(' => {
                depth -= 1;
                if depth == 0 {
                    return (!body[..i].trim().is_empty()).then_some(i);
                }
            }
            _ => {}
        }
    }
    None
}

/// A list split at commas and at the word "and", outside quotes (`"…"`, `“…”`, `&…&`).
fn split_list(text: &str) -> Vec<&str> {
    let mut parts = Vec::new();
    let (mut start, mut quoted) = (0, None::<char>);
    let mut chars = text.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        match (quoted, c) {
            (Some(close), c) if c == close => quoted = None,
            (Some(_), _) => {}
            (None, '"' | '&') => quoted = Some(c),
            (None, '“') => quoted = Some('”'),
            (None, ',') => {
                parts.push(&text[start..i]);
                start = i + 1;
            }
            (None, ' ')
                if text[i..]
                    .get(..5)
                    .is_some_and(|w| w.eq_ignore_ascii_case(" and ")) =>
            {
                parts.push(&text[start..i]);
                start = i + 5;
                chars.nth(3);
            }
            _ => {}
        }
    }
    parts.push(&text[start..]);
    parts
        .into_iter()
        .map(|p| {
            let p = p.trim();
            strip_word(p, "and ").unwrap_or(p)
        })
        .filter(|p| !p.is_empty())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn described(text: &str) -> (String, Vec<String>) {
        let read = read_card(text, &[Arena::Character], false);
        (read.spec.describe(), read.spec.notes)
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
        assert_eq!(spec, "pay: Evade 2, pay: Absorb 1, pay: Deflect 1");
        assert_eq!(notes.len(), 3, "{notes:?}");
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
        let read = read_card("Switch: Armor/Accuracy 1, +10 speed", &arenas, false);
        assert_eq!(
            read.switch.describe(),
            "ground: Armor, character: Accuracy 1"
        );
        assert_eq!(read.spec.notes, ["Switch, character: +10 speed"]);
        let wrong = read_card("Switch: Armor", &arenas, false);
        assert_eq!(wrong.spec.notes, ["Switch: Armor"]);
    }

    #[test]
    fn pilot_and_insert_abilities_are_grants() {
        let read = read_card(
            "[Pilot] Starfighter Pilot. The Starfighter gets: * +30 speed. * Critical Hit 1. \
             * Pay 1 Force -> Intercept. | INSERT: Parry 1",
            &[Arena::Character],
            false,
        );
        let insert = read.insert.unwrap();
        assert_eq!(insert.describe(), "Critical Hit 1, pay: Intercept, Parry 1");
        assert_eq!(insert.notes, ["+30 speed."]);
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
            &[Arena::Character],
            false,
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
            &[],
            true,
        );
        let insert = read.insert.unwrap();
        assert_eq!(insert.describe(), "Accuracy 1, Parry 1, pay: Evade 1");
        assert_eq!(
            insert.notes,
            [
                "Equipped unit gets a subtype.",
                "Equipped Squad gets Armor."
            ]
        );
    }

    #[test]
    fn lists_split_outside_quotes_only() {
        assert_eq!(
            split_list("A, B and \"C, and D\" and &E and F&"),
            ["A", "B", "\"C, and D\"", "&E and F&"]
        );
        assert_eq!(
            split_list("Sand and stone, and more"),
            ["Sand", "stone", "more"]
        );
    }
}
