//! The listing of `holodice legion units`: each unit's and upgrade's statistics, keywords and
//! weapons as read from the card files, as a grid every table format draws, with its JSON
//! contract (docs/cards.md).

use crate::render::{Cell, Grid};
use holodice_engine::data;
use holodice_engine::error::quote;
use holodice_engine::legion::cards::{same, Card, Cards, Kind, Reach, Stats, Weapon, NO_CARDS};
use holodice_engine::legion::units::{AttackSurge, DefenseDie};
use holodice_engine::Error;
use serde_json::{json, Value};

/// The grid's columns; a cell listing several things puts one per line.
const HEADER: [&str; 12] = [
    "card", "type", "minis", "wounds", "defense", "courage", "speed", "surges", "keywords",
    "weapons", "id", "file",
];

/// The units and upgrades whose name or title contains `query` (any case; all without one).
pub fn catalog(cards: &Cards, query: Option<&str>) -> Result<Grid, Error> {
    if cards.is_empty() {
        return Err(Error::input(
            NO_CARDS.replace(" to name units with '@Name'", ""),
        ));
    }
    let wanted = query.unwrap_or("");
    let matches = |c: &&Card| {
        let text = format!("{} {}", c.name, c.title.as_deref().unwrap_or(""));
        contains(&text, wanted)
    };
    let listed: Vec<&Card> = cards
        .all()
        .iter()
        .filter(|c| c.kind != Kind::Other)
        .filter(matches)
        .collect();
    if listed.is_empty() {
        return Err(Error::input(no_match(cards, wanted)));
    }
    let title = match query {
        Some(q) => format!("Legion units and upgrades matching '{}'", quote(q)),
        None => "Legion units and upgrades".into(),
    };
    Ok(Grid {
        title,
        caption: format!("{} cards", listed.len()),
        legend: Vec::new(),
        header: HEADER.iter().map(|h| h.to_string()).collect(),
        rows: listed.iter().map(|c| row(cards, c)).collect(),
        json: json!({
            "schema": 1,
            "query": query,
            "cards": listed.iter().map(|c| card_json(cards, c)).collect::<Vec<_>>(),
        }),
    })
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
fn no_match(cards: &Cards, query: &str) -> String {
    let names = cards.all().iter().map(|c| c.name.as_str());
    match data::nearest(query, names) {
        Some(near) => format!(
            "no unit or upgrade name contains '{}'; did you mean '{near}'?",
            quote(query)
        ),
        None => format!(
            "no unit or upgrade name contains '{}' (holodice legion units lists them all)",
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
        st.map(|s| defense(s.defense).to_string())
            .unwrap_or_default(),
        st.map(|s| s.courage.map_or("—".into(), |c| c.to_string()))
            .unwrap_or_default(),
        number(|s| s.speed),
        st.map(|s| {
            format!(
                "attack: {}, defense: {}",
                attack_surge(s.surge),
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
        c.id.clone(),
        c.file.clone(),
    ];
    cells.into_iter().map(Cell::Label).collect()
}

/// A defense die's colour in the listing's words.
fn defense(d: DefenseDie) -> &'static str {
    match d {
        DefenseDie::Red => "red",
        DefenseDie::White => "white",
    }
}

/// An attack surge chart in the listing's words.
fn attack_surge(s: AttackSurge) -> &'static str {
    match s {
        AttackSurge::None => "none",
        AttackSurge::Hit => "hit",
        AttackSurge::Crit => "crit",
    }
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
        dice(w.dice),
        if keywords.is_empty() {
            String::new()
        } else {
            format!("; {}", keywords.join(", "))
        }
    )
}

/// `2 red, 1 white`, or `no dice`.
fn dice(d: [u32; 3]) -> String {
    let parts: Vec<String> = ["red", "black", "white"]
        .iter()
        .zip(d)
        .filter(|(_, n)| *n > 0)
        .map(|(c, n)| format!("{n} {c}"))
        .collect();
    if parts.is_empty() {
        "no dice".into()
    } else {
        parts.join(", ")
    }
}

/// One card in the JSON contract: every key always present (`null` or empty when it has none).
fn card_json(cards: &Cards, c: &Card) -> Value {
    let stats = c.stats.as_ref().map(|s| {
        json!({
            "minis": s.minis,
            "wounds": s.wounds,
            "defense": defense(s.defense),
            "courage": s.courage,
            "speed": s.speed,
            "attack_surge": attack_surge(s.surge),
            "defense_surge": block(s.surge_block),
        })
    });
    json!({
        "id": c.id,
        "spec_name": cards.spec_name(c),
        "name": c.name,
        "title": c.title,
        "faction": c.faction,
        "type": c.kind_text(),
        "subtype": c.subtype,
        "file": c.file,
        "stats": stats,
        "keywords": keywords(c),
        "weapons": c.weapons.iter().map(weapon_json).collect::<Vec<_>>(),
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
