//! The card listing of `holodice swtcg cards`: each card's printed data and what holodice read
//! from its text (SPEC items, paid items, the texts not modelled), as a grid every table format
//! draws, with its JSON contract.

use crate::render::{Cell, Grid};
use holodice_engine::data;
use holodice_engine::error::quote;
use holodice_engine::error::{Input, Message};
use holodice_engine::swtcg::card::{Card, Printing};
use holodice_engine::swtcg::cards::{key, Cards};
use holodice_engine::swtcg::keywords::Stat;
use holodice_engine::swtcg::sets::{Format, Sets};
use holodice_engine::swtcg::unit::{Condition, Unit};
use holodice_engine::Error;
use serde_json::{json, Value};

/// The grid's columns; a cell listing several things puts one per line.
const HEADER: [&str; 19] = [
    "card",
    "sets",
    "formats",
    "number",
    "side",
    "type",
    "subtype",
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
    "from",
];

/// Which cards to list: each given part must match.
#[derive(Default)]
pub struct Filter<'a> {
    /// Part of the name, in any case.
    pub text: Option<&'a str>,
    /// A set the card is printed in (`ANH`).
    pub set: Option<&'a str>,
    /// `light`, `dark` or `neutral`.
    pub side: Option<&'a str>,
    /// An arena it is a unit of (`space`).
    pub arena: Option<&'a str>,
    /// A format it is legal in: printed in one of the format's sets.
    pub legal: Option<&'a Format>,
}

/// The format `--legal` names, or the line naming the nearest.
pub fn legal(name: Option<&str>) -> Result<Option<&'static Format>, Error> {
    name.map(|n| Sets::builtin().format(n))
        .transpose()
        .map_err(|e| Error::Input(Message::flag(Input::Legal).text(format!(": {e}"))))
}

/// The line for a format none of whose sets is built in (`NEW`: its sets' files are not
/// among LackeyCCG's), rather than the line of a filter that matched nothing.
pub fn empty_format(format: &Format) -> Option<String> {
    format.sets.is_empty().then(|| {
        format!(
            "the format {} ({}) allows the sets {}, none of which is built in (no set file of \
             theirs was imported; data/swtcg/SOURCE.md lists the sets holodice has)",
            format.short(),
            format.label,
            format.not_built_in.join(", ")
        )
    })
}

impl Filter<'_> {
    pub fn keeps(&self, c: &Card) -> bool {
        let p = c.printing.as_ref();
        let same = |a: &str, b: &str| a.eq_ignore_ascii_case(b.trim());
        key(&c.name).contains(&key(self.text.unwrap_or("")))
            && self
                .set
                .is_none_or(|s| p.is_some_and(|p| p.sets.iter().any(|t| same(t, s))))
            && self.side.is_none_or(|s| {
                p.and_then(|p| p.side.as_deref())
                    .is_some_and(|d| same(d, s))
            })
            && self
                .arena
                .is_none_or(|a| p.is_some_and(|p| p.arenas.iter().any(|r| same(r.name(), a))))
            && self
                .legal
                .is_none_or(|f| p.is_some_and(|p| f.allows(&p.sets)))
    }

    /// Whether only a name is asked for.
    fn by_name_only(&self) -> bool {
        self.set.is_none() && self.side.is_none() && self.arena.is_none() && self.legal.is_none()
    }
}

/// The cards `filter` keeps, read from the built-in cards and `sources`.
pub fn catalog(cards: &Cards, filter: &Filter, sources: &[String]) -> Result<Grid, Error> {
    let listed: Vec<&Card> = cards.all().iter().filter(|c| filter.keeps(c)).collect();
    if listed.is_empty() {
        return Err(Error::input(match (filter.by_name_only(), filter.text) {
            (true, query) => no_match(cards, query.unwrap_or("")),
            (false, _) => unknown_set(cards, filter.set)
                .or_else(|| filter.legal.and_then(empty_format))
                .unwrap_or_else(|| {
                    "no card has all of the name, set, side, arena and format asked for (sides: \
                 light, dark, neutral; arenas: space, ground, character; holodice swtcg coverage \
                 lists the sets of each format)"
                        .into()
                }),
        }));
    }
    let title = match filter.text {
        Some(q) => format!("SWTCG cards matching '{}'", quote(q)),
        None => "SWTCG cards".to_string(),
    };
    let caption = format!(
        "{} of {} cards, from the built-in cards ({}){}",
        listed.len(),
        cards.all().len(),
        BUILT_IN_SOURCE,
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
            "query": filter.text,
            "cards": listed.iter().map(|c| card_json(cards, c)).collect::<Vec<_>>(),
        }),
    })
}

/// Where the built-in cards come from, as captions say it.
const BUILT_IN_SOURCE: &str =
    "the units of 27 LackeyCCG set files, 10 WotC and 17 IDC sets, data/swtcg/SOURCE.md";

/// "No card is in that set", with the sets there are.
pub fn unknown_set(cards: &Cards, set: Option<&str>) -> Option<String> {
    let set = set?;
    let mut sets: Vec<&str> = cards
        .all()
        .iter()
        .filter_map(|c| c.printing.as_ref())
        .flat_map(|p| p.sets.iter().map(String::as_str))
        .collect();
    sets.sort_unstable();
    sets.dedup();
    let known = sets.iter().any(|s| s.eq_ignore_ascii_case(set.trim()));
    (!known).then(|| {
        let near = data::nearest(&set.to_ascii_uppercase(), sets.iter().copied())
            .map(|n| format!("did you mean '{n}'? "))
            .unwrap_or_default();
        format!(
            "no card is printed in set '{}'; {near}the sets are {}",
            quote(set),
            sets.join(", ")
        )
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
        formats(card).join(", "),
        printed(|p| &p.number).unwrap_or_default(),
        printed(|p| &p.side).unwrap_or_default(),
        p.map_or("YAML card".into(), |p| p.kind.clone()),
        printed(|p| &p.subtype).unwrap_or_default(),
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
        from(card),
    ];
    cells.into_iter().map(Cell::Label).collect()
}

/// The file a card comes from: the built-in data, or the `--cards` file and line.
fn from(card: &Card) -> String {
    match card.file == holodice_engine::swtcg::cards::CARDS_FILE {
        true => "built in".into(),
        false => format!("{}:{}", card.file, card.line),
    }
}

/// The labels of the formats a card is legal in; none for a YAML card.
pub fn formats(card: &Card) -> Vec<&'static str> {
    let sets = card.printing.as_ref().map_or(&[][..], |p| &p.sets);
    let formats = Sets::builtin().formats_of(sets).into_iter();
    formats.map(|f| f.label.as_str()).collect()
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
fn card_json(cards: &Cards, card: &Card) -> Value {
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
        "formats": formats(card),
        "spec_name": cards.spec_name(card),
        "spec": card.spec.describe(),
        "number": p.and_then(|p| p.number.clone()),
        "side": p.and_then(|p| p.side.clone()),
        "type": p.map(|p| p.kind.clone()),
        "subtype": p.and_then(|p| p.subtype.clone()),
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
