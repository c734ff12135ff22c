//! The listing of `holodice legion units`: each unit's and upgrade's statistics, keywords and
//! weapons as read from the card files, as a grid every table format draws, with its JSON
//! contract (docs/cards.md).

use crate::render::{Cell, Grid};
use holodice_engine::data;
use holodice_engine::error::quote;
use holodice_engine::legion::cards::{same, Card, Cards, Kind, Reach, Stats, Weapon, NO_CARDS};
use holodice_engine::legion::units::describe_dice;
use holodice_engine::Error;
use serde_json::{json, Value};

/// The grid's columns; a cell listing several things puts one per line.
const HEADER: [&str; 12] = [
    "card", "type", "minis", "wounds", "defense", "courage", "speed", "surges", "keywords",
    "weapons", "id", "file",
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
