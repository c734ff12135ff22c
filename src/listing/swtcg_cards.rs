//! The card listing of `holodice swtcg cards`: each card's printed data and what holodice read
//! from its text (SPEC items, paid items, the texts not modelled), as a grid every table format
//! draws, with its JSON contract.

use crate::render::{Cell, Grid};
use crate::report::answer::{Answer, View};
use holodice_engine::data;
use holodice_engine::error::quote;
use holodice_engine::error::{Input, Message};
use holodice_engine::swtcg::card::{Card, Printing};
use holodice_engine::swtcg::cards::{key, Cards};
use holodice_engine::swtcg::keywords::Stat;
use holodice_engine::swtcg::sets::{Format, Sets};
use holodice_engine::swtcg::unit::{Condition, Unit};
use holodice_engine::Error;
use serde::Serialize;

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
pub fn catalog(cards: &Cards, filter: &Filter, sources: &[String]) -> Result<CardsAnswer, Error> {
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
    Ok(CardsAnswer {
        schema: 1,
        query: filter.text.map(str::to_string),
        cards: listed.iter().map(|c| ListedCard::new(cards, c)).collect(),
        of: cards.all().len(),
        sources: sources.to_vec(),
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
            .map(|u| (described(u), crate::command::notes(&u.notes))),
        unmodelled: crate::command::notes(&card.spec.notes),
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

/// `swtcg cards`' answer: the cards listed.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(
    feature = "native",
    derive(schemars::JsonSchema),
    schemars(rename = "SwtcgCardsSearchAnswer")
)]
pub struct CardsAnswer {
    schema: u32,
    query: Option<String>,
    cards: Vec<ListedCard>,
    /// How many cards there are in all, and the `--cards` files they come from besides the
    /// built-in ones, for people.
    #[serde(skip)]
    of: usize,
    #[serde(skip)]
    sources: Vec<String>,
}

/// One card in the JSON contract: every key always present (`null` or empty when it has none).
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(
    feature = "native",
    derive(schemars::JsonSchema),
    schemars(rename = "SwtcgCard")
)]
struct ListedCard {
    name: String,
    file: String,
    line: usize,
    sets: Vec<String>,
    formats: Vec<&'static str>,
    spec_name: String,
    spec: String,
    number: Option<String>,
    side: Option<String>,
    #[serde(rename = "type")]
    kind: Option<String>,
    subtype: Option<String>,
    unit: bool,
    arenas: Vec<&'static str>,
    cost: Option<Printed>,
    speed: Option<Printed>,
    power: Option<Printed>,
    health: Option<Printed>,
    items: Vec<String>,
    paid: Vec<String>,
    switch: Vec<String>,
    enhance: Vec<String>,
    insert: Option<Insert>,
    stack: Vec<String>,
    not_modelled: Vec<String>,
}

/// What a card grants when stacked, and the grants not modelled.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(
    feature = "native",
    derive(schemars::JsonSchema),
    schemars(rename = "SwtcgInsert")
)]
struct Insert {
    items: Vec<String>,
    not_modelled: Vec<String>,
}

/// A number as printed: JSON has it as a number when it is a whole one, people as printed.
#[derive(Debug, Clone)]
struct Printed(String);

impl Serialize for Printed {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self.0.parse::<i64>() {
            Ok(n) => s.serialize_i64(n),
            Err(_) => s.serialize_str(&self.0),
        }
    }
}

#[cfg(feature = "native")]
impl schemars::JsonSchema for Printed {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "SwtcgPrinted".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "description": "A number as printed: an integer when it is one, else the printed text (\"X\").",
            "type": ["integer", "string"],
        })
    }
}

impl ListedCard {
    fn new(cards: &Cards, card: &Card) -> ListedCard {
        let read = read(card);
        let p = card.printing.as_ref();
        let (power, health) = statistics(card);
        let printed = |f: fn(&Printing) -> &Option<String>| p.and_then(|p| f(p).clone());
        ListedCard {
            name: card.name.clone(),
            file: card.file.clone(),
            line: card.line,
            sets: p.map_or(Vec::new(), |p| p.sets.clone()),
            formats: formats(card),
            spec_name: cards.spec_name(card),
            spec: card.spec.describe(),
            number: printed(|p| &p.number),
            side: printed(|p| &p.side),
            kind: p.map(|p| p.kind.clone()),
            subtype: printed(|p| &p.subtype),
            unit: p.is_none_or(|p| p.unit),
            arenas: p.map_or(Vec::new(), |p| p.arenas.iter().map(|a| a.name()).collect()),
            cost: printed(|p| &p.cost).map(Printed),
            speed: printed(|p| &p.speed).map(Printed),
            power: power.map(Printed),
            health: health.map(Printed),
            items: read.items,
            paid: read.paid,
            switch: read.switch,
            enhance: read.enhance,
            insert: (read.insert).map(|(items, not_modelled)| Insert {
                items,
                not_modelled,
            }),
            stack: card.stack.clone(),
            not_modelled: read.unmodelled,
        }
    }

    /// The file a card comes from: the built-in data, or the `--cards` file and line.
    fn from(&self) -> String {
        match self.file == holodice_engine::swtcg::cards::CARDS_FILE {
            true => "built in".into(),
            false => format!("{}:{}", self.file, self.line),
        }
    }

    /// The card's row of the grid; what is not modelled also says what stacking would add.
    fn row(&self) -> Vec<Cell> {
        let text = |v: &Option<String>| v.clone().unwrap_or_default();
        let shown = |v: &Option<Printed>| v.as_ref().map(|p| p.0.clone()).unwrap_or_default();
        let mut unmodelled = self.not_modelled.clone();
        if let Some(i) = &self.insert {
            unmodelled.extend(i.not_modelled.iter().map(|n| format!("when stacked: {n}")));
        }
        let cells = [
            self.name.clone(),
            self.sets.join(", "),
            self.formats.join(", "),
            text(&self.number),
            text(&self.side),
            self.kind.clone().unwrap_or_else(|| "YAML card".into()),
            text(&self.subtype),
            shown(&self.cost),
            shown(&self.speed),
            shown(&self.power),
            shown(&self.health),
            self.items.join(", "),
            self.paid.join(", "),
            self.switch.join(", "),
            self.enhance.join(", "),
            self.insert
                .as_ref()
                .map(|i| i.items.join(", "))
                .unwrap_or_default(),
            self.stack.join(", "),
            unmodelled.join("\n"),
            self.from(),
        ];
        cells.into_iter().map(Cell::Label).collect()
    }
}

impl Answer for CardsAnswer {
    fn view(&self) -> View {
        let title = match &self.query {
            Some(q) => format!("SWTCG cards matching '{}'", quote(q)),
            None => "SWTCG cards".to_string(),
        };
        let caption = format!(
            "{} of {} cards, from the built-in cards ({}){}",
            self.cards.len(),
            self.of,
            BUILT_IN_SOURCE,
            self.sources
                .iter()
                .map(|s| format!(", {s}"))
                .collect::<String>()
        );
        View::Grid(Grid {
            title,
            caption,
            legend: Vec::new(),
            header: HEADER.iter().map(|h| h.to_string()).collect(),
            rows: self.cards.iter().map(ListedCard::row).collect(),
        })
    }
}
