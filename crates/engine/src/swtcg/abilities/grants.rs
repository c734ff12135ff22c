//! Abilities about other units: what a card grants to the unit it is stacked under (a Pilot's
//! bullets, an Equipment's `Equipped unit gets …`), its Switch parts, and abilities given to
//! other units of its side (`Each of your Tuskens gets …`, `One of your other units gets …`) or
//! making another unit (`Take 1 … Subordinate …`), which change this unit's dice only when it is
//! among the receivers.

use super::state::{keyword_entries, unit_of};
use super::text::{has_word, sentences, split_at_word, split_list, strip_word, tidy, words};
use super::{add, plain, Abilities, Facts};
use crate::error::Message;
use crate::swtcg::unit::{Arena, Condition, Unit};

/// `Switch: A/B/C`: the items of each of the unit's arenas, in the order its type names them.
pub(super) fn switch(ability: &str, rest: &str, arenas: &[Arena], read: &mut Abilities) {
    let parts: Vec<&str> = rest.split('/').collect();
    if parts.len() != arenas.len() {
        read.spec.notes.push(ability.into());
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
                    .push(format!("Switch, {}: {text}", arena.name()).into()),
            }
        }
    }
}

/// A Switch part's items; `None` (no effect in that arena) reads as no items.
fn read_switched(text: &str) -> Option<Vec<crate::swtcg::unit::Item>> {
    if tidy(text).eq_ignore_ascii_case("none") {
        return Some(Vec::new());
    }
    plain(tidy(text))
}

/// The grants of a Pilot ability, one per bullet: `[Pilot] Starfighter Pilot. The Starfighter
/// gets: * +30 speed. * Critical Hit 2.` Bullets may be ` - ` or, as the community sets write
/// them, `  -` (`gets:  -Damage Control 2  -Pay 0 Force -> Retaliate 4`); a single grant needs
/// none.
pub(super) fn pilot_grants(ability: &str) -> Option<Vec<&str>> {
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
pub(super) fn equipped(ability: &str, insert: &mut Unit, facts: &Facts) {
    let attach = ability.split_once("->").is_some_and(|(_, effect)| {
        let word = effect.split_whitespace().next().unwrap_or("");
        word.trim_end_matches([',', '.'])
            .eq_ignore_ascii_case("equip")
    });
    if attach {
        return;
    }
    let Some(list) = strip_word(ability, "Equipped unit gets") else {
        insert.notes.push(ability.into());
        return;
    };
    for part in split_list(list.trim_start_matches(':')) {
        let before = insert.notes.len();
        add(part, insert, facts);
        if let Some(note) = insert.notes.get_mut(before) {
            *note = Message::from("Equipped unit gets ").then(std::mem::take(note));
        }
    }
}

/// The words of a text outside quotes.
fn unquoted(text: &str) -> String {
    let mut out = String::new();
    let mut quoted = None::<char>;
    for c in text.chars() {
        match (quoted, c) {
            (Some(close), c) if c == close => quoted = None,
            (Some(_), _) => {}
            (None, '"') => quoted = Some('"'),
            (None, '“') => quoted = Some('”'),
            (None, c) => out.push(c),
        }
    }
    out
}

/// One sentence, perhaps followed by sentences that only say when it is played (`Play only
/// during your build step`): that sentence.
fn one_sentence(text: &str) -> Option<&str> {
    let parts = sentences(text);
    let (first, rest) = parts.split_first()?;
    rest.iter()
        .all(|s| strip_word(s, "play only").is_some())
        .then_some(*first)
}

/// The effect of an ability after its cost, if the cost doesn't touch the unit's counters:
/// `Tap, Pay 1 Force -> EFFECT`, or the whole text without one.
fn after_cost(text: &str) -> Option<&str> {
    match text.split_once("->") {
        Some((cost, effect)) => {
            (!has_word(cost, "counter") && !has_word(cost, "damage")).then(|| effect.trim())
        }
        None => Some(text),
    }
}

/// `[COST ->] [As long as this unit is in the ARENA arena,] Each of your other KINDS gets …`
/// (`One of your other …`): given to other units of its side only, so not to this one.
pub(super) fn to_others(text: &str) -> bool {
    let Some(effect) = one_sentence(text).and_then(after_cost) else {
        return false;
    };
    let effect = match strip_word(effect, "as long as this unit is in the ") {
        Some(rest) => match split_at_word(rest, " arena, ") {
            Some((_, effect)) => effect,
            None => return false,
        },
        None => effect,
    };
    let receivers = ["each of your other ", "one of your other "];
    let plain = unquoted(effect);
    receivers.iter().any(|r| strip_word(effect, r).is_some())
        && (has_word(&plain, " gets ") || has_word(&plain, " get "))
        && !["this unit", "opponent", "->", " and you ", "each other"]
            .iter()
            .any(|w| has_word(&plain, w))
}

/// `[COST ->] Take N … Subordinate with "…" and put it into … arena[. Play only …]`, or `When
/// you deploy this unit, [you may pay N Force. If you do,] take …`: makes another unit, whose
/// abilities are its own; not when what it is given names the player's or the opponent's units
/// (`with "One of your other Characters gets Lucky 1"`), which may reach this unit or the one it
/// fights.
pub(super) fn makes_unit(text: &str) -> bool {
    let main = match strip_word(text, "when you deploy this unit, ") {
        Some(rest) => deployed_take(rest),
        None => one_sentence(text).and_then(after_cost),
    };
    let Some(take) = main.and_then(|m| strip_word(m, "take ")) else {
        return false;
    };
    let plain = unquoted(take);
    has_word(&plain, "subordinate")
        && has_word(&plain, " put ")
        && plain.trim_end().to_ascii_lowercase().ends_with("arena")
        && !has_word(take, "opponent")
        && !has_word(take, "your")
        && !["this unit", ", and ", " then ", "->"]
            .iter()
            .any(|w| has_word(&plain, w))
}

/// The sentence that takes a unit as the card is deployed: `take …`, or `If you do, take …`
/// after `you may pay …`, perhaps followed by when it is played.
fn deployed_take(rest: &str) -> Option<&str> {
    let parts = sentences(rest);
    let (take, tail): (&str, &[&str]) = match parts.as_slice() {
        [pay, take, tail @ ..] if strip_word(pay, "you may pay ").is_some() => {
            let take: &str = take;
            (strip_word(take, "if you do, ")?, tail)
        }
        [take, tail @ ..] => (take, tail),
        [] => return None,
    };
    tail.iter()
        .all(|s| strip_word(s, "play only").is_some())
        .then_some(take)
}

/// A plural kind in the singular: `Tuskens` is `tusken`, `Children` `child`.
fn singular(word: &str) -> String {
    let w = word.to_lowercase();
    if w == "children" {
        return "child".into();
    }
    if let Some(stem) = w.strip_suffix("ies") {
        return format!("{stem}y");
    }
    match w.strip_suffix('s') {
        Some(stem) if !stem.ends_with('s') => stem.to_string(),
        _ => w,
    }
}

/// `Each of your KINDS gets ITEMS`, the card one of KINDS (its type and subtype name each word
/// of one of them, `Rebel Characters` a Character with the Rebel subtype, `units` any): ITEMS
/// are its own (returned with their SPEC), what the others get not modelled. `None` when the card
/// is none of them, the kinds are qualified (`other`, `with …`, an arena) or ITEMS are more than
/// keywords.
pub(super) fn each_of_your(text: &str, facts: &Facts) -> Option<(Unit, String)> {
    let parts = sentences(text);
    let [sentence] = parts.as_slice() else {
        return None;
    };
    let sentence: &str = sentence;
    let rest = strip_word(sentence, "each of your ")?;
    let (kinds, items) = split_at_word(rest, " gets ").or_else(|| split_at_word(rest, " get "))?;
    let kinds = super::text::strip_end(kinds, " in this arena").unwrap_or(kinds);
    if kinds.contains(['"', '“']) || has_word(kinds, "other") || has_word(kinds, " with ") {
        return None;
    }
    let own: Vec<String> = words(&format!("{} {}", facts.kind, facts.subtype))
        .iter()
        .map(|w| singular(w))
        .collect();
    let groups = kinds
        .split(", ")
        .flat_map(|g| g.split(" and "))
        .flat_map(|g| g.split(" or "));
    let is_one = groups.map(words).any(|group| {
        !group.is_empty()
            && group
                .iter()
                .map(|w| singular(w))
                .all(|w| w == "unit" || own.contains(&w))
    });
    let entries = keyword_entries(tidy(items))?;
    let unit = unit_of(&entries).filter(|_| is_one)?;
    Some((unit, entries.join(", ")))
}
