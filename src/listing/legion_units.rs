//! The listing of `holodice legion units`: each unit's and upgrade's statistics, keywords,
//! weapons, upgrade bar and requirements as read from the card files, as a grid every table
//! format draws, with its JSON contract (docs/cards.md); and with `--upgrades-for`, the upgrades
//! that fit one unit, slot by slot.

use crate::render::{Cell, Grid};
use crate::report::answer::{Answer, View};
use holodice_engine::data;
use holodice_engine::error::{quote, Input, Message};
use holodice_engine::legion::cards::{no_cards, same, Card, Cards, Kind, Reach, Stats, Weapon};
use holodice_engine::legion::fitting::{upgrades_for, Slot};
use holodice_engine::legion::units::describe_dice;
use holodice_engine::Error;
use serde::Serialize;

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
pub fn catalog(cards: &Cards, filter: &Filter) -> Result<UnitsAnswer, Error> {
    let query = filter.text;
    if cards.is_empty() {
        return Err(Error::input(no_cards()));
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
    Ok(UnitsAnswer {
        schema: 1,
        query: query.map(str::to_string),
        cards: listed.iter().map(|c| ListedCard::new(cards, c)).collect(),
        unit: None,
        slots: None,
        title,
        set_aside: cards.set_aside_note(),
    })
}

/// `--upgrades-for NAME`: the unit card NAME names (as a SPEC's `@NAME`, or its id), and the
/// upgrades that fit it, slot type by slot type (those whose name or title contains `query`).
pub fn upgrades(cards: &Cards, wanted: &str, query: Option<&str>) -> Result<UnitsAnswer, Error> {
    if cards.is_empty() {
        return Err(Error::input(no_cards()));
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
    let name = cards.spec_name(unit);
    let mut title = format!("Legion upgrades for {name}");
    if let Some(q) = query {
        title.push_str(&format!(" matching '{}'", quote(q)));
    }
    let slots: Vec<ListedSlot> = slots.iter().map(|s| ListedSlot::new(cards, s)).collect();
    Ok(UnitsAnswer {
        schema: 1,
        query: query.map(str::to_string),
        cards: slots.iter().flat_map(|s| s.upgrades.clone()).collect(),
        unit: Some(ListedCard::new(cards, unit)),
        slots: Some(slots),
        title,
        set_aside: None,
    })
}

/// The unit card `wanted` names, as a SPEC's `@NAME` does, or by its id alone.
fn unit_named<'a>(cards: &'a Cards, wanted: &str) -> Result<&'a Card, Error> {
    cards.find(wanted, Kind::Unit).or_else(|e| {
        let by_id = cards
            .all()
            .iter()
            .find(|c| c.kind == Kind::Unit && !c.id.starts_with('#') && c.id == wanted.trim());
        by_id.ok_or_else(|| Error::Input(Message::flag(Input::UpgradesFor).text(": ").then(e)))
    })
}

/// The caption of `--upgrades-for`: the unit's slots, how many upgrades fit, and how many of
/// them are offered unchecked.
fn slots_caption(slots: &[ListedSlot]) -> String {
    let bar: Vec<String> = slots.iter().map(slot_words).collect();
    let fit = match slots.iter().map(|s| s.upgrades.len()).sum() {
        1 => "1 upgrade fits".to_string(),
        n => format!("{n} upgrades fit"),
    };
    let mut caption = match bar.is_empty() {
        true => format!("its upgrade bar has no slots; {fit}"),
        false => format!("slots: {}; {fit}", bar.join("; ")),
    };
    let unchecked: usize = slots.iter().map(|s| s.unchecked.len()).sum();
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
fn slot_words(s: &ListedSlot) -> String {
    let by = s.added_by.join(", ");
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

/// `legion units`' answer: the cards listed and, with `--upgrades-for`, the unit and its slots
/// (`null` without).
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(
    feature = "native",
    derive(schemars::JsonSchema),
    schemars(rename = "LegionUnitsAnswer")
)]
pub struct UnitsAnswer {
    schema: u32,
    query: Option<String>,
    cards: Vec<ListedCard>,
    unit: Option<ListedCard>,
    slots: Option<Vec<ListedSlot>>,
    /// What was asked for, for people.
    #[serde(skip)]
    title: String,
    /// The card files set aside, for people.
    #[serde(skip)]
    set_aside: Option<String>,
}

/// One card in the JSON contract: every key always present (`null` or empty when it has none).
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(
    feature = "native",
    derive(schemars::JsonSchema),
    schemars(rename = "LegionCard")
)]
struct ListedCard {
    id: String,
    spec_name: String,
    name: String,
    title: Option<String>,
    faction: Option<String>,
    rank: Option<String>,
    cost: Option<u32>,
    #[serde(rename = "type")]
    kind: &'static str,
    subtype: String,
    file: String,
    stats: Option<ListedStats>,
    keywords: Vec<String>,
    weapons: Vec<ListedWeapon>,
    upgrade_bar: Vec<String>,
    adds_slots: Vec<String>,
    requirements: Option<String>,
}

#[derive(Debug, Clone, Serialize)]
#[cfg_attr(
    feature = "native",
    derive(schemars::JsonSchema),
    schemars(rename = "LegionCardStats")
)]
struct ListedStats {
    minis: u32,
    wounds: u32,
    defense: &'static str,
    courage: Option<u32>,
    speed: u32,
    attack_surge: &'static str,
    defense_surge: &'static str,
}

#[derive(Debug, Clone, Serialize)]
#[cfg_attr(
    feature = "native",
    derive(schemars::JsonSchema),
    schemars(rename = "LegionWeapon")
)]
struct ListedWeapon {
    name: String,
    overrun: bool,
    min_range: Option<u32>,
    max_range: Option<u32>,
    dice: Dice,
    keywords: Vec<String>,
}

#[derive(Debug, Clone, Serialize)]
#[cfg_attr(
    feature = "native",
    derive(schemars::JsonSchema),
    schemars(rename = "LegionDice")
)]
struct Dice {
    red: u32,
    black: u32,
    white: u32,
}

/// One slot type of the unit: how many it has, the cards adding one, the upgrades that fit and
/// those offered unchecked.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(
    feature = "native",
    derive(schemars::JsonSchema),
    schemars(rename = "LegionSlot")
)]
struct ListedSlot {
    slot: String,
    count: usize,
    added_by: Vec<String>,
    upgrades: Vec<ListedCard>,
    unchecked: Vec<String>,
    /// Whether each upgrade's fit was checked.
    #[serde(skip)]
    checked: Vec<bool>,
}

impl ListedCard {
    fn new(cards: &Cards, c: &Card) -> ListedCard {
        ListedCard {
            id: c.id.clone(),
            spec_name: cards.spec_name(c),
            name: c.name.clone(),
            title: c.title.clone(),
            faction: c.faction.clone(),
            rank: c.rank.clone(),
            cost: c.cost,
            kind: c.kind_text(),
            subtype: c.subtype.clone(),
            file: c.file.clone(),
            stats: c.stats.as_ref().map(ListedStats::new),
            keywords: keywords(c),
            weapons: c.weapons.iter().map(ListedWeapon::new).collect(),
            upgrade_bar: c.upgrade_bar.clone(),
            adds_slots: c.adds_slots.clone(),
            requirements: c.requirements.describe(),
        }
    }

    /// The card's row of the grid.
    fn row(&self) -> Vec<Cell> {
        let st = self.stats.as_ref();
        let number = |f: fn(&ListedStats) -> u32| st.map(|s| f(s).to_string()).unwrap_or_default();
        let cells = [
            self.spec_name.clone(),
            format!("{} ({})", self.kind, self.subtype),
            number(|s| s.minis),
            number(|s| s.wounds),
            st.map(|s| s.defense.to_string()).unwrap_or_default(),
            st.map(|s| s.courage.map_or("—".into(), |c| c.to_string()))
                .unwrap_or_default(),
            number(|s| s.speed),
            st.map(|s| format!("attack: {}, defense: {}", s.attack_surge, s.defense_surge))
                .unwrap_or_default(),
            self.keywords.join(", "),
            (self.weapons.iter())
                .map(ListedWeapon::line)
                .collect::<Vec<_>>()
                .join("\n"),
            self.upgrade_bar.join(", "),
            self.adds_slots.join(", "),
            self.requirements.clone().unwrap_or_default(),
            self.id.clone(),
            self.file.clone(),
        ];
        cells.into_iter().map(Cell::Label).collect()
    }
}

impl ListedStats {
    fn new(s: &Stats) -> ListedStats {
        ListedStats {
            minis: s.minis,
            wounds: s.wounds,
            defense: s.defense.word(),
            courage: s.courage,
            speed: s.speed,
            attack_surge: s.surge.word(),
            defense_surge: block(s.surge_block),
        }
    }
}

impl ListedWeapon {
    fn new(w: &Weapon) -> ListedWeapon {
        let (min, max) = match w.reach {
            Reach::Span { min, max } => (Some(min), max),
            Reach::Overrun => (None, None),
        };
        ListedWeapon {
            name: w.name.clone(),
            overrun: w.reach == Reach::Overrun,
            min_range: min,
            max_range: max,
            dice: Dice {
                red: w.dice[0],
                black: w.dice[1],
                white: w.dice[2],
            },
            keywords: w.keywords.iter().map(|k| k.describe()).collect(),
        }
    }

    /// `E-11 Blaster Rifle (1–3): 1 white; Impact 1`.
    fn line(&self) -> String {
        let reach = match (self.overrun, self.min_range) {
            (false, Some(min)) => Reach::Span {
                min,
                max: self.max_range,
            },
            _ => Reach::Overrun,
        };
        format!(
            "{} ({}): {}{}",
            self.name,
            reach.describe(),
            describe_dice([self.dice.red, self.dice.black, self.dice.white]),
            match self.keywords.is_empty() {
                true => String::new(),
                false => format!("; {}", self.keywords.join(", ")),
            }
        )
    }
}

impl ListedSlot {
    fn new(cards: &Cards, s: &Slot) -> ListedSlot {
        ListedSlot {
            slot: s.slot.clone(),
            count: s.count,
            added_by: s.added_by.iter().map(|c| cards.spec_name(c)).collect(),
            upgrades: (s.upgrades.iter())
                .map(|f| ListedCard::new(cards, f.card))
                .collect(),
            unchecked: (s.upgrades.iter())
                .filter(|f| !f.checked)
                .map(|f| cards.spec_name(f.card))
                .collect(),
            checked: s.upgrades.iter().map(|f| f.checked).collect(),
        }
    }

    /// Each upgrade's row, after its slot.
    fn rows(&self) -> impl Iterator<Item = Vec<Cell>> + '_ {
        self.upgrades.iter().zip(&self.checked).map(|(u, checked)| {
            let slot = match checked {
                true => self.slot.clone(),
                false => format!("{} (not checked)", self.slot),
            };
            let mut r = u.row();
            r.insert(1, Cell::Label(slot));
            r
        })
    }
}

impl Answer for UnitsAnswer {
    fn view(&self) -> View {
        let mut header: Vec<String> = HEADER.iter().map(|h| h.to_string()).collect();
        let (caption, rows) = match &self.slots {
            Some(slots) => {
                header.insert(1, "slot".into());
                (
                    slots_caption(slots),
                    slots.iter().flat_map(ListedSlot::rows).collect(),
                )
            }
            None => {
                let count = match self.cards.len() {
                    1 => "1 card".into(),
                    n => format!("{n} cards"),
                };
                let caption = std::iter::once(count)
                    .chain(self.set_aside.clone())
                    .collect::<Vec<_>>()
                    .join("; ");
                (caption, self.cards.iter().map(ListedCard::row).collect())
            }
        };
        View::Grid(Grid {
            title: self.title.clone(),
            caption,
            legend: Vec::new(),
            header,
            rows,
        })
    }
}
