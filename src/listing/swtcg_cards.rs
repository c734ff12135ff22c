//! The card listing of `holodice swtcg cards`: each card's printed data and what holodice read
//! from its text (SPEC items, paid items, the texts not modelled), as a grid every table format
//! draws, with its JSON contract.

use crate::render::{Cell, Grid};
use holodice_engine::data;
use holodice_engine::error::quote;
use holodice_engine::swtcg::card::{Card, Printing};
use holodice_engine::swtcg::cards::{key, Cards};
use holodice_engine::swtcg::keywords::Stat;
use holodice_engine::swtcg::unit::{Condition, Unit};
use holodice_engine::Error;
use serde_json::{json, Value};

/// The grid's columns; a cell listing several things puts one per line.
const HEADER: [&str; 14] = [
    "card",
    "sets",
    "type",
    "cost",
    "speed",
    "power",
    "health",
    "items",
    "paid (--pay)",
    "Switch",
    "Enhance",
    "grants when stacked",
    "stack",
    "not modelled",
];

/// The cards whose name contains `query` (any case; all without one), read from `sources`.
pub fn catalog(cards: &Cards, query: Option<&str>, sources: &[String]) -> Result<Grid, Error> {
    let wanted = query.map(key).unwrap_or_default();
    let listed: Vec<&Card> = cards
        .all()
        .iter()
        .filter(|c| key(&c.name).contains(&wanted))
        .collect();
    if listed.is_empty() {
        return Err(Error::input(no_match(cards, query.unwrap_or(""))));
    }
    let title = match query {
        Some(q) => format!("SWTCG cards matching '{}'", quote(q)),
        None => "SWTCG cards".to_string(),
    };
    let caption = format!(
        "{} of {} cards, from the built-in examples{}",
        listed.len(),
        cards.all().len(),
        sources.iter().map(|s| format!(", {s}")).collect::<String>()
    );
    Ok(Grid {
        title,
        caption,
        legend: Vec::new(),
        header: HEADER.iter().map(|h| h.to_string()).collect(),
        rows: listed.iter().map(|c| row(c)).collect(),
        json: json!({
            "schema": 1,
            "query": query,
            "cards": listed.iter().map(|c| card_json(c)).collect::<Vec<_>>(),
        }),
    })
}

/// "No card matches", with the name nearest to what was asked.
fn no_match(cards: &Cards, query: &str) -> String {
    let names = || cards.all().iter().map(|c| c.name.as_str());
    let near = data::nearest(query, names()).or_else(|| {
        let word = data::nearest(query, names().flat_map(str::split_whitespace))?;
        names().find(|n| n.split_whitespace().any(|w| w == word))
    });
    let query = quote(query);
    match near {
        Some(near) => format!("no card name contains '{query}'; did you mean '{near}'?"),
        None => format!(
            "no card name contains '{query}' (holodice swtcg cards lists them all; add files \
             with --cards FILE)"
        ),
    }
}

/// What a card's text and fields gave, in the grid's and the JSON's terms.
struct Read {
    /// Items that always apply.
    items: Vec<String>,
    /// `pay:` items, without their prefix.
    paid: Vec<String>,
    /// Switch items, with their arena (`ground: Armor`).
    switch: Vec<String>,
    /// Enhance items, without their prefix.
    enhance: Vec<String>,
    /// What it grants when stacked, `pay:` items with their prefix, and the grants not modelled.
    insert: Option<(Vec<String>, Vec<String>)>,
    unmodelled: Vec<String>,
}

fn read(card: &Card) -> Read {
    let mut read = Read {
        items: Vec::new(),
        paid: Vec::new(),
        switch: Vec::new(),
        enhance: Vec::new(),
        insert: card
            .insert
            .as_ref()
            .map(|u| (described(u), u.notes.clone())),
        unmodelled: card.spec.notes.clone(),
    };
    for unit in [&card.spec, &card.switch, &card.enhance] {
        for (when, item) in unit.entries() {
            let item = item.describe();
            match when {
                None => read.items.push(item),
                Some(Condition::Paid) => read.paid.push(item),
                Some(Condition::Enhanced) => read.enhance.push(item),
                Some(Condition::Arena(a)) => read.switch.push(format!("{}: {item}", a.name())),
            }
        }
    }
    read
}

/// A unit's items, each with its condition's prefix.
fn described(unit: &Unit) -> Vec<String> {
    unit.entries()
        .into_iter()
        .map(|(when, item)| match when {
            Some(w) => format!("{}: {}", w.prefix(), item.describe()),
            None => item.describe(),
        })
        .collect()
}

fn row(card: &Card) -> Vec<Cell> {
    let read = read(card);
    let p = card.printing.as_ref();
    let printed = |f: fn(&Printing) -> &Option<String>| p.and_then(|p| f(p).clone());
    let (power, health) = statistics(card);
    let mut unmodelled = read.unmodelled;
    if let Some((_, notes)) = &read.insert {
        unmodelled.extend(notes.iter().map(|n| format!("when stacked: {n}")));
    }
    let cells = [
        card.name.clone(),
        p.map(|p| p.sets.join(", ")).unwrap_or_default(),
        p.map_or("YAML card".into(), |p| p.kind.clone()),
        printed(|p| &p.cost).unwrap_or_default(),
        printed(|p| &p.speed).unwrap_or_default(),
        power.unwrap_or_default(),
        health.unwrap_or_default(),
        read.items.join(", "),
        read.paid.join(", "),
        read.switch.join(", "),
        read.enhance.join(", "),
        read.insert.map(|(i, _)| i.join(", ")).unwrap_or_default(),
        card.stack.join(", "),
        unmodelled.join("\n"),
    ];
    cells.into_iter().map(Cell::Label).collect()
}

/// Power and Health as printed, or as a YAML card's items give them.
fn statistics(card: &Card) -> (Option<String>, Option<String>) {
    match &card.printing {
        Some(p) => (p.power.clone(), p.health.clone()),
        None => {
            let stat = |s| card.spec.stat(s).map(|v| v.to_string());
            (stat(Stat::Power), stat(Stat::Health))
        }
    }
}

/// One card in the JSON contract: every key always present (`null` or empty when it has none).
fn card_json(card: &Card) -> Value {
    let read = read(card);
    let p = card.printing.as_ref();
    let (power, health) = statistics(card);
    let number = |v: Option<String>| match v {
        Some(v) => v.parse::<i64>().map_or(json!(v), |n| json!(n)),
        None => Value::Null,
    };
    json!({
        "name": card.name,
        "file": card.file,
        "line": card.line,
        "sets": p.map_or(Vec::new(), |p| p.sets.clone()),
        "type": p.map(|p| p.kind.clone()),
        "unit": p.is_none_or(|p| p.unit),
        "arenas": p.map_or(Vec::new(), |p| p.arenas.iter().map(|a| a.name()).collect()),
        "cost": number(p.and_then(|p| p.cost.clone())),
        "speed": number(p.and_then(|p| p.speed.clone())),
        "power": number(power),
        "health": number(health),
        "items": read.items,
        "paid": read.paid,
        "switch": read.switch,
        "enhance": read.enhance,
        "insert": read.insert.map(|(items, notes)| json!({"items": items, "not_modelled": notes})),
        "stack": card.stack,
        "not_modelled": read.unmodelled,
    })
}
