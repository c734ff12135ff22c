//! The listing of `holodice legion units`: each unit's and upgrade's statistics, keywords,
//! weapons, upgrade bar and requirements as read from the card files, as a grid every table
//! format draws, with its JSON contract (docs/cards.md); and with `--upgrades-for`, the upgrades
//! that fit one unit, slot by slot.

use crate::render::{Cell, Grid};
use holodice_engine::data;
use holodice_engine::error::{quote, Input, Message};
use holodice_engine::legion::cards::{same, Card, Cards, Kind, Reach, Stats, Weapon, NO_CARDS};
use holodice_engine::legion::fitting::{upgrades_for, Fitting, Slot};
use holodice_engine::legion::units::describe_dice;
use holodice_engine::Error;
use serde_json::{json, Value};

/// The grid's columns; a cell listing several things puts one per line.
const HEADER: [&str; 15] = [
    "card",
    "type",
    "minis",
    "wounds",
    "defense",
    "courage",
    "speed",
    "surges",
    "keywords",
    "weapons",
    "upgrade bar",
    "adds slots",
    "requires",
    "id",
    "file",
];

/// What a listing keeps: name or title containing text, a faction, a card type, a rank (any
/// case; `None` keeps all).
#[derive(Debug, Default)]
pub struct Filter<'a> {
    pub text: Option<&'a str>,
    pub faction: Option<&'a str>,
    pub kind: Option<&'a str>,
    pub rank: Option<&'a str>,
}

impl Filter<'_> {
    pub(crate) fn keeps(&self, c: &Card) -> bool {
        let is = |wanted: Option<&str>, has: Option<&str>| {
            wanted.is_none_or(|w| has.is_some_and(|h| h.eq_ignore_ascii_case(w.trim())))
        };
        let text = format!("{} {}", c.name, c.title.as_deref().unwrap_or(""));
        contains(&text, self.text.unwrap_or(""))
            && is(self.faction, c.faction.as_deref())
            && is(self.kind, Some(c.kind_text()))
            && is(self.rank, c.rank.as_deref())
    }
}

/// The units and upgrades `filter` keeps.
pub fn catalog(cards: &Cards, filter: &Filter) -> Result<Grid, Error> {
    let query = filter.text;
    if cards.is_empty() {
        return Err(Error::input(
            NO_CARDS.replace(" to name units with '@Name'", ""),
        ));
    }
    let wanted = query.unwrap_or("");
    let listed: Vec<&Card> = cards
        .all()
        .iter()
        .filter(|c| c.kind != Kind::Other && filter.keeps(c))
        .collect();
    if listed.is_empty() {
        return Err(Error::input(
            unknown_value(cards, "faction", filter.faction, |c| c.faction.as_deref())
                .or_else(|| unknown_value(cards, "rank", filter.rank, |c| c.rank.as_deref()))
                .unwrap_or_else(|| match wanted.is_empty() {
                    true => "no card has all of the faction, type and rank asked for (only units \
                             have ranks)"
                        .into(),
                    false => no_match(cards, wanted),
                }),
        ));
    }
    let mut title = match query {
        Some(q) => format!("Legion units and upgrades matching '{}'", quote(q)),
        None => "Legion units and upgrades".into(),
    };
    for (what, value) in [
        ("faction", filter.faction),
        ("type", filter.kind),
        ("rank", filter.rank),
    ] {
        if let Some(v) = value {
            title.push_str(&format!(", {what} {}", quote(v)));
        }
    }
    Ok(Grid {
        title,
        caption: [
            Some(match listed.len() {
                1 => "1 card".into(),
                n => format!("{n} cards"),
            }),
            cards.set_aside_note(),
        ]
        .into_iter()
        .flatten()
        .collect::<Vec<_>>()
        .join("; "),
        legend: Vec::new(),
        header: HEADER.iter().map(|h| h.to_string()).collect(),
        rows: listed.iter().map(|c| row(cards, c)).collect(),
        json: json!({
            "schema": 1,
            "query": query,
            "cards": listed.iter().map(|c| card_json(cards, c)).collect::<Vec<_>>(),
            "unit": null,
            "slots": null,
        }),
    })
}

/// `--upgrades-for NAME`: the unit card NAME names (as a SPEC's `@NAME`, or its id), and the
/// upgrades that fit it, slot type by slot type (those whose name or title contains `query`).
pub fn upgrades(cards: &Cards, wanted: &str, query: Option<&str>) -> Result<Grid, Error> {
    if cards.is_empty() {
        return Err(Error::input(
            NO_CARDS.replace(" to name units with '@Name'", ""),
        ));
    }
    let unit = unit_named(cards, wanted)?;
    let keeps = |c: &Card| {
        let text = format!("{} {}", c.name, c.title.as_deref().unwrap_or(""));
        contains(&text, query.unwrap_or(""))
    };
    let slots: Vec<Slot> = upgrades_for(cards, unit)
        .into_iter()
        .map(|mut s| {
            s.upgrades.retain(|f| keeps(f.card));
            s
        })
        .collect();
    let listed: Vec<(&Slot, &Fitting)> = slots
        .iter()
        .flat_map(|s| s.upgrades.iter().map(move |f| (s, f)))
        .collect();
    let unchecked = slots
        .iter()
        .flat_map(|s| &s.upgrades)
        .filter(|f| !f.checked)
        .count();
    let name = cards.spec_name(unit);
    let mut title = format!("Legion upgrades for {name}");
    if let Some(q) = query {
        title.push_str(&format!(" matching '{}'", quote(q)));
    }
    let caption = slots_caption(cards, &slots, listed.len(), unchecked);
    let mut header: Vec<String> = HEADER.iter().map(|h| h.to_string()).collect();
    header.insert(1, "slot".into());
    Ok(Grid {
        title,
        caption,
        legend: Vec::new(),
        header,
        rows: listed
            .iter()
            .map(|(s, f)| {
                let mut r = row(cards, f.card);
                let slot = match f.checked {
                    true => s.slot.clone(),
                    false => format!("{} (not checked)", s.slot),
                };
                r.insert(1, Cell::Label(slot));
                r
            })
            .collect(),
        json: json!({
            "schema": 1,
            "query": query,
            "cards": listed.iter().map(|(_, f)| card_json(cards, f.card)).collect::<Vec<_>>(),
            "unit": card_json(cards, unit),
            "slots": slots.iter().map(|s| json!({
                "slot": s.slot,
                "count": s.count,
                "added_by": s.added_by.iter().map(|c| cards.spec_name(c)).collect::<Vec<_>>(),
                "upgrades": s.upgrades.iter().map(|f| card_json(cards, f.card)).collect::<Vec<_>>(),
                "unchecked": s.upgrades.iter().filter(|f| !f.checked)
                    .map(|f| cards.spec_name(f.card)).collect::<Vec<_>>(),
            })).collect::<Vec<_>>(),
        }),
    })
}

/// The unit card `wanted` names, as a SPEC's `@NAME` does, or by its id alone.
fn unit_named<'a>(cards: &'a Cards, wanted: &str) -> Result<&'a Card, Error> {
    cards.find(wanted, Kind::Unit).or_else(|e| {
        let by_id = cards
            .all()
            .iter()
            .find(|c| c.kind == Kind::Unit && !c.id.starts_with('#') && c.id == wanted.trim());
        by_id.ok_or_else(|| Error::Input(Message::flag(Input::UpgradesFor).text(format!(": {e}"))))
    })
}

/// The caption of `--upgrades-for`: the unit's slots, how many upgrades fit, and how many of
/// them are offered unchecked.
fn slots_caption(cards: &Cards, slots: &[Slot], fit: usize, unchecked: usize) -> String {
    let bar: Vec<String> = slots.iter().map(|s| slot_words(cards, s)).collect();
    let fit = match fit {
        1 => "1 upgrade fits".to_string(),
        n => format!("{n} upgrades fit"),
    };
    let mut caption = match bar.is_empty() {
        true => format!("its upgrade bar has no slots; {fit}"),
        false => format!("slots: {}; {fit}", bar.join("; ")),
    };
    if unchecked > 0 {
        caption.push_str(&format!(
            " ({unchecked} offered unchecked: they turn on a Force affinity or a battle force, \
             which the cards don't give)"
        ));
    }
    caption
}

/// A slot type as the caption lists it: `gear`, `command (2 slots)`, `training (added by
/// Stormtrooper Captain)`, `gear (one more with Stormtrooper Specialist)`.
fn slot_words(cards: &Cards, s: &Slot) -> String {
    let by: Vec<String> = s.added_by.iter().map(|c| cards.spec_name(c)).collect();
    let by = by.join(", ");
    match (s.count, by.is_empty()) {
        (0, _) => format!("{} (added by {by})", s.slot),
        (1, true) => s.slot.clone(),
        (n, true) => format!("{} ({n} slots)", s.slot),
        (1, false) => format!("{} (one more with {by})", s.slot),
        (n, false) => format!("{} ({n} slots, one more with {by})", s.slot),
    }
}

/// Whether `text` contains `wanted`, compared as card names are (any case, no punctuation).
fn contains(text: &str, wanted: &str) -> bool {
    let norm = |s: &str| {
        s.chars()
            .filter(|c| c.is_alphanumeric())
            .collect::<String>()
            .to_lowercase()
    };
    norm(text).contains(&norm(wanted)) || same(text, wanted)
}

/// "No card matches", with the name nearest to what was asked.
/// When no card has the `what` asked for: the values the cards have, the nearest first.
fn unknown_value(
    cards: &Cards,
    what: &str,
    wanted: Option<&str>,
    of: fn(&Card) -> Option<&str>,
) -> Option<String> {
    let wanted = wanted?;
    let mut values: Vec<&str> = cards
        .all()
        .iter()
        .filter_map(of)
        .filter(|v| !v.trim().is_empty())
        .collect();
    values.sort_unstable();
    values.dedup();
    if values.iter().any(|v| v.eq_ignore_ascii_case(wanted.trim())) {
        return None;
    }
    let near = data::nearest(wanted, values.iter().copied())
        .map(|n| format!("did you mean '{n}'? "))
        .unwrap_or_default();
    Some(format!(
        "no card has {what} '{}'; {near}the cards have: {}",
        quote(wanted),
        values.join(", ")
    ))
}

fn no_match(cards: &Cards, query: &str) -> String {
    // Never the name typed: a card of that name would have been listed.
    let names = (cards.all().iter())
        .filter(|c| c.kind != Kind::Other && !c.name.eq_ignore_ascii_case(query.trim()))
        .map(|c| c.name.as_str());
    match data::nearest(query, names) {
        Some(near) => format!(
            "no unit, upgrade or counterpart name contains '{}'; did you mean '{near}'?",
            quote(query)
        ),
        None => format!(
            "no unit, upgrade or counterpart name contains '{}' (holodice legion units lists them all)",
            quote(query)
        ),
    }
}

/// One card's row of the grid.
fn row(cards: &Cards, c: &Card) -> Vec<Cell> {
    let st = c.stats.as_ref();
    let number = |f: fn(&Stats) -> u32| st.map(|s| f(s).to_string()).unwrap_or_default();
    let cells = [
        cards.spec_name(c),
        format!("{} ({})", c.kind_text(), c.subtype),
        number(|s| s.minis),
        number(|s| s.wounds),
        st.map(|s| s.defense.word().to_string()).unwrap_or_default(),
        st.map(|s| s.courage.map_or("—".into(), |c| c.to_string()))
            .unwrap_or_default(),
        number(|s| s.speed),
        st.map(|s| {
            format!(
                "attack: {}, defense: {}",
                s.surge.word(),
                block(s.surge_block)
            )
        })
        .unwrap_or_default(),
        keywords(c).join(", "),
        c.weapons
            .iter()
            .map(weapon_line)
            .collect::<Vec<_>>()
            .join("\n"),
        c.upgrade_bar.join(", "),
        c.adds_slots.join(", "),
        c.requirements.describe().unwrap_or_default(),
        c.id.clone(),
        c.file.clone(),
    ];
    cells.into_iter().map(Cell::Label).collect()
}

/// A defense surge chart in the listing's words.
fn block(b: bool) -> &'static str {
    if b {
        "block"
    } else {
        "none"
    }
}

/// A card's keywords as printed.
fn keywords(c: &Card) -> Vec<String> {
    c.keywords.iter().map(|k| k.describe()).collect()
}

/// `E-11 Blaster Rifle (1–3): 1 white; Impact 1`.
fn weapon_line(w: &Weapon) -> String {
    let keywords: Vec<String> = w.keywords.iter().map(|k| k.describe()).collect();
    format!(
        "{} ({}): {}{}",
        w.name,
        w.reach.describe(),
        describe_dice(w.dice),
        if keywords.is_empty() {
            String::new()
        } else {
            format!("; {}", keywords.join(", "))
        }
    )
}

/// One card in the JSON contract: every key always present (`null` or empty when it has none).
fn card_json(cards: &Cards, c: &Card) -> Value {
    let stats = c.stats.as_ref().map(|s| {
        json!({
            "minis": s.minis,
            "wounds": s.wounds,
            "defense": s.defense.word(),
            "courage": s.courage,
            "speed": s.speed,
            "attack_surge": s.surge.word(),
            "defense_surge": block(s.surge_block),
        })
    });
    json!({
        "id": c.id,
        "spec_name": cards.spec_name(c),
        "name": c.name,
        "title": c.title,
        "faction": c.faction,
        "rank": c.rank,
        "cost": c.cost,
        "type": c.kind_text(),
        "subtype": c.subtype,
        "file": c.file,
        "stats": stats,
        "keywords": keywords(c),
        "weapons": c.weapons.iter().map(weapon_json).collect::<Vec<_>>(),
        "upgrade_bar": c.upgrade_bar,
        "adds_slots": c.adds_slots,
        "requirements": c.requirements.describe(),
    })
}

/// One weapon in the JSON contract.
fn weapon_json(w: &Weapon) -> Value {
    let (min, max) = match w.reach {
        Reach::Span { min, max } => (Some(min), max),
        Reach::Overrun => (None, None),
    };
    json!({
        "name": w.name,
        "overrun": w.reach == Reach::Overrun,
        "min_range": min,
        "max_range": max,
        "dice": {"red": w.dice[0], "black": w.dice[1], "white": w.dice[2]},
        "keywords": w.keywords.iter().map(|k| k.describe()).collect::<Vec<_>>(),
    })
}
