//! Legion HQ 2's list links (`https://legionhq2.com/list/{faction}/{hash}`), read as its
//! decoder (`convertHashToList` in `src/components/listLoadAndHash.js`) reads them and written
//! as its encoder (`generateLink`) writes them.
//!
//! The hash: optional `POINTS:` and `BATTLEFORCECODE:` prefixes, then comma-separated segments.
//! A unit segment is `{count digit}{unit id}` and its upgrade slots (`0` empty, else a
//! two-letter card id), `_` and its loadout the same way, `+1{counterpart id}` and the
//! counterpart's slots. Segments of two characters or none are command cards (six slots,
//! padded with empty segments), then contingencies, then battle cards.

use super::list_cards::{is_card_id, ListCardKind, ListCards};
use super::{mode_of, ArmyList, ListCard, ListUnit, MAX_UNITS};
use crate::error::{quote, Error};
use crate::legion::cards::{Card, Cards, Kind};

/// Where Legion HQ 2's list links point.
const LIST_PATH: &str = "https://legionhq2.com/list";
/// Legion HQ's factions, as its links name them.
const FACTIONS: [&str; 5] = ["rebels", "empire", "republic", "separatists", "mercenary"];
/// The command card slots a link pads to.
const COMMAND_SLOTS: usize = 6;
/// Counterpart segments of old links, which the decoder skips.
const OLD_COUNTERPARTS: [&str; 3] = ["1lw", "1ji", "1jj"];
/// The one upgrade whose added slot the decoder does not add (Stormtrooper Captain).
const NO_ADDED_SLOT: &str = "jn";

/// Reads a link: a full URL, `faction/hash` or a bare hash (its faction unknown).
pub fn read(text: &str, cards: &Cards, list_cards: &ListCards) -> Result<ArmyList, Error> {
    let decoded = percent_decoded(text.trim());
    let (faction, hash) = split_faction(&decoded)?;
    let mut list = ArmyList {
        title: None,
        faction: faction.map(str::to_string),
        mode: None,
        max_points: None,
        battle_force: None,
        units: vec![],
        commands: vec![],
        contingencies: vec![],
        battle_cards: vec![],
        notes: vec![],
    };
    let body = read_prefixes(hash, &mut list, list_cards);
    let segments: Vec<&str> = (body.split(','))
        .filter(|s| !OLD_COUNTERPARTS.contains(s))
        .collect();
    let (units, others): (Vec<&str>, Vec<&str>) = segments.iter().partition(|s| s.len() > 2);
    if units.len() > MAX_UNITS {
        return Err(Error::too_large(format!(
            "{} units is over the limit of {MAX_UNITS} for one list",
            units.len()
        )));
    }
    list.units = (units.iter())
        .map(|s| unit_segment(s, cards))
        .collect::<Result<_, _>>()?;
    read_cards(&others, &mut list, cards, list_cards)?;
    if list.faction.as_deref() == Some("mercenary") && list.battle_force.is_none() {
        list.battle_force = list_cards.battle_force("sc").map(|f| f.name.clone());
    }
    Ok(list)
}

/// `%2C`, `%3A` and the other escapes of ASCII characters decoded; others left as written.
fn percent_decoded(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find('%') {
        out.push_str(&rest[..at]);
        let escaped = (rest.get(at + 1..at + 3))
            .and_then(|h| u8::from_str_radix(h, 16).ok())
            .filter(u8::is_ascii);
        match escaped {
            Some(byte) => {
                out.push(char::from(byte));
                rest = &rest[at + 3..];
            }
            None => {
                out.push('%');
                rest = &rest[at + 1..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// The link's faction (`None` for a bare hash) and its hash; a URL's scheme, host, `/list/`,
/// query and trailing slash left out.
fn split_faction(link: &str) -> Result<(Option<&'static str>, &str), Error> {
    let path = match link.rfind("/list/") {
        Some(at) => &link[at + "/list/".len()..],
        None if link.contains("://") || link.starts_with("www.") => {
            return Err(Error::input(format!(
                "'{}' is not a Legion HQ 2 list link (https://legionhq2.com/list/FACTION/HASH)",
                quote(link)
            )))
        }
        None => link,
    };
    let path = path
        .split(['?', '#'])
        .next()
        .unwrap_or("")
        .trim_end_matches('/');
    let Some((faction, hash)) = path.split_once('/') else {
        return Ok((None, path));
    };
    match FACTIONS
        .iter()
        .find(|f| f.eq_ignore_ascii_case(faction.trim()))
    {
        Some(f) => Ok((Some(*f), hash)),
        None => Err(Error::input(format!(
            "unknown faction '{}' in the link: give {}",
            quote(faction),
            FACTIONS.join(", ")
        ))),
    }
}

/// The hash's `POINTS:` and battle-force code prefixes read into `list`; the segments after.
/// A prefix of digits is the points (the decoder's `parseInt` would also take `5t`, 501st
/// Legion's code, for 5 points: holodice reads it as the code).
fn read_prefixes<'a>(hash: &'a str, list: &mut ArmyList, list_cards: &ListCards) -> &'a str {
    let Some((prefixes, body)) = hash.rsplit_once(':') else {
        return hash;
    };
    for prefix in prefixes.split(':').map(str::trim).filter(|p| !p.is_empty()) {
        match prefix.parse::<u32>() {
            Ok(points) => {
                list.max_points = Some(points);
                list.mode = mode_of(points);
            }
            Err(_) => match list_cards.battle_force(prefix) {
                Some(force) => list.battle_force = Some(force.name.clone()),
                None => {
                    list.battle_force = Some(prefix.to_string());
                    list.notes.push(format!(
                        "unknown battle-force code '{}': the list is read without its rules",
                        quote(prefix)
                    ));
                }
            },
        }
    }
    body
}

/// One unit segment: the unit, and its counterpart after `+`.
fn unit_segment(segment: &str, cards: &Cards) -> Result<ListUnit, Error> {
    let (main, counterpart) = match segment.split_once('+') {
        Some((m, c)) => (m, Some(c)),
        None => (segment, None),
    };
    let mut unit = unit_part(main, segment, Kind::Unit, cards)?;
    if let Some(c) = counterpart {
        unit.counterpart = Some(Box::new(unit_part(c, segment, Kind::Counterpart, cards)?));
    }
    Ok(unit)
}

/// `{count}{id}{slots}[_{loadout}]`, of a unit or a counterpart (`kind`), in `segment`.
fn unit_part(part: &str, segment: &str, kind: Kind, cards: &Cards) -> Result<ListUnit, Error> {
    let malformed = |why: &str| Error::input(format!("segment '{}': {why}", quote(segment)));
    let mut chars = part.chars();
    let count = match chars.next().and_then(|c| c.to_digit(10)) {
        Some(n @ 1..=9) => n,
        _ => return Err(malformed("a unit starts with its count, a digit 1 to 9")),
    };
    let rest = chars.as_str();
    let id = rest.get(..2).filter(|id| is_card_id(id));
    let Some(id) = id else {
        return Err(malformed("the count is followed by a two-letter unit id"));
    };
    card_of(id, kind, segment, cards)?;
    let (slots, loadout) = match rest[2..].split_once('_') {
        Some((s, l)) => (s, Some(l)),
        None => (&rest[2..], None),
    };
    Ok(ListUnit {
        card: id.to_string(),
        count,
        upgrades: read_slots(slots, segment, true, cards)?,
        loadout: match loadout {
            Some(l) => read_slots(l, segment, false, cards)?,
            None => vec![],
        },
        counterpart: None,
    })
}

/// The card of `kind` with id `id`; the error says which the id is not, and the segment.
fn card_of<'a>(id: &str, kind: Kind, segment: &str, cards: &'a Cards) -> Result<&'a Card, Error> {
    match cards.by_id(id) {
        Some(card) if card.kind == kind => Ok(card),
        Some(card) => Err(Error::input(format!(
            "'{id}' ({}) in segment '{}' is a {} card, not a {}",
            card.full_name(),
            quote(segment),
            card.kind_text(),
            kind.text()
        ))),
        None => Err(Error::input(format!(
            "'{id}' in segment '{}' is not a card id of holodice's Legion HQ data",
            quote(segment)
        ))),
    }
}

/// Upgrade slots as the decoder reads them: `0` an empty slot, else a two-letter id. An
/// equipped upgrade that adds a slot (`upgrades`, not a loadout's; not Stormtrooper Captain)
/// appends an empty one, which a later slot of the hash fills.
fn read_slots(
    text: &str,
    segment: &str,
    upgrades: bool,
    cards: &Cards,
) -> Result<Vec<Option<String>>, Error> {
    let mut slots: Vec<Option<String>> = vec![];
    let mut rest = text;
    let mut at = 0;
    while !rest.is_empty() {
        let slot = match rest.strip_prefix('0') {
            Some(after) => {
                rest = after;
                None
            }
            None => {
                let id = rest.get(..2).filter(|id| is_card_id(id)).ok_or_else(|| {
                    Error::input(format!(
                        "segment '{}': '{}' is no upgrade slot (0, or a two-letter card id)",
                        quote(segment),
                        quote(rest)
                    ))
                })?;
                rest = &rest[2..];
                Some(card_of(id, Kind::Upgrade, segment, cards)?)
            }
        };
        match at < slots.len() {
            true => slots[at] = slot.map(|c| c.id.clone()),
            false => slots.push(slot.map(|c| c.id.clone())),
        }
        if slot.is_some_and(|c| upgrades && !c.adds_slots.is_empty() && c.id != NO_ADDED_SLOT) {
            slots.push(None);
        }
        at += 1;
    }
    Ok(slots)
}

/// The command, contingency and battle card segments read into `list`: a command card in the
/// first six is a command, a later one a contingency.
fn read_cards(
    segments: &[&str],
    list: &mut ArmyList,
    cards: &Cards,
    list_cards: &ListCards,
) -> Result<(), Error> {
    for (i, &id) in segments.iter().enumerate().filter(|(_, s)| !s.is_empty()) {
        let Some(card) = list_cards.by_id(id) else {
            let not = match cards.by_id(id) {
                Some(c) => format!("is a {} card, not a command or battle card", c.kind_text()),
                None => "is not a card id of holodice's Legion HQ data".to_string(),
            };
            return Err(Error::input(format!("segment '{}' {not}", quote(id))));
        };
        let (pips, to) = match card.kind {
            ListCardKind::Command { pips } if i < COMMAND_SLOTS => (Some(pips), &mut list.commands),
            ListCardKind::Command { pips } => (Some(pips), &mut list.contingencies),
            ListCardKind::Battle { .. } => (None, &mut list.battle_cards),
        };
        to.push(ListCard {
            id: Some(card.id.clone()),
            name: card.name.clone(),
            pips,
        });
    }
    Ok(())
}

/// The list's link, as generateLink writes it: `POINTS:` when the list has a points limit,
/// the battle force's code when it has one, the units, the command cards padded to six, the
/// contingencies and the battle cards (cards without an id left out). Without a faction the
/// faction part is left out too.
pub fn write(list: &ArmyList, list_cards: &ListCards) -> String {
    let mut segments: Vec<String> = list.units.iter().map(unit_text).collect();
    let ids =
        |cards: &[ListCard]| -> Vec<String> { cards.iter().filter_map(|c| c.id.clone()).collect() };
    let commands = ids(&list.commands);
    let padding = COMMAND_SLOTS.saturating_sub(commands.len());
    segments.extend(commands);
    segments.extend(std::iter::repeat_n(String::new(), padding));
    segments.extend(ids(&list.contingencies));
    segments.extend(ids(&list.battle_cards));
    let mut prefix = String::new();
    if let Some(points) = list.max_points {
        prefix.push_str(&format!("{points}:"));
    }
    if let Some(force) = &list.battle_force {
        let code = list_cards
            .battle_force(force)
            .map_or(force.as_str(), |f| &f.code);
        prefix.push_str(&format!("{code}:"));
    }
    let faction = list
        .faction
        .as_deref()
        .map_or(String::new(), |f| format!("/{f}"));
    format!("{LIST_PATH}{faction}/{prefix}{}", segments.join(","))
}

/// One unit's segment.
fn unit_text(unit: &ListUnit) -> String {
    let mut text = format!("{}{}", unit.count, unit.card);
    push_slots(&mut text, &unit.upgrades);
    if !unit.loadout.is_empty() {
        text.push('_');
        push_slots(&mut text, &unit.loadout);
    }
    if let Some(c) = &unit.counterpart {
        text.push('+');
        text.push_str(&unit_text(c));
    }
    text
}

/// Slots as the encoder writes them: each id, or `0` for an empty slot.
fn push_slots(text: &mut String, slots: &[Option<String>]) {
    for slot in slots {
        text.push_str(slot.as_deref().unwrap_or("0"));
    }
}
