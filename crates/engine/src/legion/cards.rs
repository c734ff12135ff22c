//! Legion unit and upgrade cards, so that a SPEC can say `@Stormtroopers` instead of spelling
//! out the unit's dice, surge charts, wounds, minis, keywords and weapons. A card file is Legion
//! HQ's `cards.json` (an object of cards keyed by id) or holodice's YAML list of cards with the
//! same field names: JSON is YAML, so one reader takes both, told apart by the top level.

use super::requirements::Requirement;
use super::units::UnitType;
use super::units::{AttackSurge, DefenseDie};
use crate::data::{self, DataError};
use crate::error::{quote, Input, Message};
pub use crate::names::spelt;
use crate::names::{did_you_mean, holding};
use serde::Deserialize;
use std::collections::HashMap;
use std::sync::OnceLock;

/// The most cards one file may hold (Legion HQ's has about 900).
pub(crate) const MAX_CARDS: usize = 20_000;
/// The most weapons one card may carry (Legion HQ's cards carry at most 3).
pub(crate) const MAX_WEAPONS: usize = 8;
/// The most keywords one card or weapon may carry.
pub(crate) const MAX_KEYWORDS: usize = 64;
/// The largest number a card's statistic, range or dice count may hold.
pub(crate) const MAX_STAT: u32 = 100;

/// What a card is: units, upgrades and counterparts are read; the others (command and battle
/// cards) are known by name only.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// A unit card: statistics, weapons, keywords and an upgrade bar (`@Name`).
    Unit,
    /// An upgrade card a unit equips in a slot of its bar (`+@Name`).
    Upgrade,
    /// A mini that joins its unit as an upgrade's does (C-3PO, Iden's ID10): a SPEC names it
    /// with `+@`, as an upgrade.
    Counterpart,
    /// A command or battle card: known by name only.
    Other,
}

impl Kind {
    /// Whether a card of this kind answers a search for `asked`: `+@` (an upgrade) names a
    /// counterpart too, since both join a unit.
    pub fn answers(self, asked: Kind) -> bool {
        self == asked || (asked == Kind::Upgrade && self == Kind::Counterpart)
    }

    /// The kind in words, for messages and listings.
    pub fn text(self) -> &'static str {
        match self {
            Kind::Unit => "unit",
            Kind::Upgrade => "upgrade",
            Kind::Counterpart => "counterpart",
            Kind::Other => "command or battle",
        }
    }
}

/// A keyword as a card prints it: a name, maybe with a number or a text (`Weak Point 1: Rear`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CardKeyword {
    /// The keyword's name: `Weak Point`.
    pub name: String,
    /// What follows the name, if anything: `1: Rear`.
    pub value: Option<KeywordValue>,
}

/// A keyword's value: a number, or a text holodice keeps for the notes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum KeywordValue {
    /// A number, as keywords with an X print it: `Impact 2`.
    Number(u32),
    /// Any other text: `1: Rear` of `Weak Point 1: Rear`.
    Text(String),
}

impl CardKeyword {
    /// The keyword as the card prints it: `Impact 2`, `Weak Point 1: Rear`.
    pub fn describe(&self) -> String {
        match &self.value {
            None => self.name.clone(),
            Some(KeywordValue::Number(n)) => format!("{} {n}", self.name),
            Some(KeywordValue::Text(t)) => format!("{} {t}", self.name),
        }
    }
}

/// A unit card's statistics.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Stats {
    /// Minis (0 when they all come from upgrades, as The Bad Batch's).
    pub minis: u32,
    /// Wounds per mini (`hp`; 0 when the card doesn't give one).
    pub wounds: u32,
    /// The defense die the unit rolls.
    pub defense: DefenseDie,
    /// `None` for a courage of "—" (Legion HQ writes 0 or -1): the unit is never suppressed.
    pub courage: Option<u32>,
    /// Speed: how far the unit moves.
    pub speed: u32,
    /// What the attack surge chart converts a surge to, if anything.
    pub surge: AttackSurge,
    /// Whether the defense surge chart converts a surge to a block.
    pub surge_block: bool,
}

/// Which ranges a weapon reaches.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reach {
    /// From `min` to `max` (0 is melee; no `max` reaches any range).
    Span {
        /// The shortest range reached (0 for melee).
        min: u32,
        /// The longest range reached; `None` for any.
        max: Option<u32>,
    },
    /// No range at all: an overrun weapon (Legion HQ writes `[null]`).
    Overrun,
}

impl Reach {
    /// Whether the weapon reaches range `r` (0 for melee).
    pub fn reaches(self, r: u32) -> bool {
        match self {
            Reach::Span { min, max } => min <= r && max.is_none_or(|m| r <= m),
            Reach::Overrun => false,
        }
    }

    /// As the card shows it: `melee`, `1–3`, `2+`, `overrun`.
    pub fn describe(self) -> String {
        match self {
            Reach::Overrun => "overrun".into(),
            Reach::Span {
                min: 0,
                max: Some(0),
            } => "melee".into(),
            Reach::Span { min, max: None } => format!("{}+", shown(min)),
            Reach::Span { min, max: Some(m) } if m == min => shown(min),
            Reach::Span { min, max: Some(m) } => format!("{}–{m}", shown(min)),
        }
    }
}

/// A range number as cards show it: 0 is melee.
fn shown(r: u32) -> String {
    match r {
        0 => "melee".into(),
        r => r.to_string(),
    }
}

/// One weapon of a card.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Weapon {
    /// The weapon's name as the card prints it.
    pub name: String,
    /// The ranges it reaches.
    pub reach: Reach,
    /// Dice per colour: red, black, white.
    pub dice: [u32; 3],
    /// The weapon's keywords (Pierce 1, Impact 2, …).
    pub keywords: Vec<CardKeyword>,
}

impl Weapon {
    /// Whether the weapon carries the keyword `name` (any case).
    pub fn has(&self, name: &str) -> bool {
        self.keywords.iter().any(|k| same(&k.name, name))
    }
}

/// One card, read and checked when its file was loaded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Card {
    /// Legion HQ's id (`ay`), or `#N` for the Nth card of a YAML list without one.
    pub id: String,
    /// The card's name: `Luke Skywalker`.
    pub name: String,
    /// The card's title, for unique and titled cards: `Jedi Knight`.
    pub title: Option<String>,
    /// The name Legion HQ gives the card in the JSON list format when `name title` would not
    /// tell it apart (`ttsName`: `Combat Armor (Rebel)`), so that such lists read.
    pub tts_name: Option<String>,
    /// Legion HQ's faction (`empire`, `rebels`, …): it tells untitled cards of one name apart.
    pub faction: Option<String>,
    /// Legion HQ's `affiliation` of a unit (`Clan Wren`, `raider`, …), which requirements name.
    pub affiliation: Option<String>,
    /// Legion HQ's `affiliations`: the other factions' armies a mercenary may join.
    pub affiliations: Vec<String>,
    /// A unit's rank (`corps`, `commander`, …), as Legion HQ gives it.
    pub rank: Option<String>,
    /// The points the card costs, when the file gives them.
    pub cost: Option<u32>,
    /// Unit, upgrade, counterpart or another card.
    pub kind: Kind,
    /// `trooper`, `ground vehicle`, … for units; `heavy weapon`, `personnel`, … for upgrades.
    pub subtype: String,
    /// The card's keywords, as printed (the unit's, or those an upgrade gives it).
    pub keywords: Vec<CardKeyword>,
    /// A unit's statistics; `None` for upgrades.
    pub stats: Option<Stats>,
    /// The card's weapons, in the card's order.
    pub weapons: Vec<Weapon>,
    /// A unit's upgrade bar, its slots in order and in lower case (`heavy weapon`, `force`, …).
    pub upgrade_bar: Vec<String>,
    /// The upgrade slots the card adds to its unit (`additionalUpgradeSlots`), in lower case.
    pub adds_slots: Vec<String>,
    /// Which units may take an upgrade (Legion HQ's `requirements`).
    pub requirements: Requirement,
    /// The file it was read from.
    pub file: String,
}

impl Card {
    /// The card as a SPEC names it: `Luke Skywalker (Jedi Knight)`.
    pub fn full_name(&self) -> String {
        match &self.title {
            Some(t) => format!("{} ({t})", self.name),
            None => self.name.clone(),
        }
    }

    /// Whether the card's upgrade bar has a slot of type `slot` (any case): a Force slot makes
    /// a unit a Force user for Jedi Hunter.
    pub(crate) fn has_slot(&self, slot: &str) -> bool {
        self.upgrade_bar
            .iter()
            .any(|s| s.eq_ignore_ascii_case(slot.trim()))
    }

    /// Whether an upgrade adds a mini to its unit (heavy weapon and personnel upgrades).
    pub fn adds_mini(&self) -> bool {
        match self.kind {
            Kind::Upgrade => ["heavy weapon", "personnel"].contains(&self.subtype.as_str()),
            Kind::Counterpart => true,
            _ => false,
        }
    }

    /// The unit type Anti-Materiel and Anti-Personnel ask about, from the card's subtype.
    pub(crate) fn unit_type(&self) -> Option<UnitType> {
        match () {
            _ if self.subtype.contains("vehicle") => Some(UnitType::Vehicle),
            _ if self.subtype.contains("trooper") => Some(UnitType::Trooper),
            _ => None,
        }
    }
}

/// Names compare in any case, ignoring punctuation and spacing.
fn key(name: &str) -> String {
    name.chars()
        .filter(|c| c.is_alphanumeric())
        .collect::<String>()
        .to_lowercase()
}

/// Whether two names are the same, in any case and ignoring punctuation and spacing.
pub fn same(a: &str, b: &str) -> bool {
    key(a) == key(b)
}

/// The cards `@Name` can name: the built-in ones and the `--cards` files, in order.
#[derive(Debug, Clone, Default)]
pub struct Cards {
    list: Vec<Card>,
    by_name: HashMap<String, Vec<usize>>,
    /// The files read, for messages.
    files: Vec<String>,
    /// Units a file gives without statistics (the original Legion HQ's K-2SO): read past, so
    /// that one incomplete card never refuses a file, and refused only by a SPEC that names one.
    set_aside: Vec<SetAside>,
}

/// A unit card set aside for lack of statistics.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SetAside {
    /// Legion HQ's id of the card.
    pub id: String,
    /// The card's name, with its title in parentheses when it has one.
    pub full_name: String,
    /// The card's name alone.
    pub name: String,
    /// The file it was read from.
    pub file: String,
}

/// The built-in cards' file, and its text (made by `cargo xtask import-legion-hq`).
const BUILTIN_FILE: &str = "data/legion/cards.yaml";
const BUILTIN: &str = include_str!("../../../../data/legion/cards.yaml");

impl Cards {
    /// No cards at all.
    pub fn none() -> &'static Cards {
        static NONE: OnceLock<Cards> = OnceLock::new();
        NONE.get_or_init(Cards::default)
    }

    /// The cards shipped in the binary: every unit, upgrade and counterpart card of Legion
    /// HQ's data (data/legion/SOURCE.md), which `--cards` files add to or replace.
    ///
    /// ```
    /// use holodice_engine::legion::cards::{Cards, Kind};
    /// let luke = Cards::builtin().find("Luke Skywalker (Jedi Knight)", Kind::Unit).unwrap();
    /// assert_eq!(luke.file, "data/legion/cards.yaml");
    /// ```
    pub fn builtin() -> &'static Cards {
        static BUILT_IN: OnceLock<Cards> = OnceLock::new();
        BUILT_IN.get_or_init(|| {
            Cards::load(BUILTIN_FILE, BUILTIN)
                .unwrap_or_else(|e| panic!("the built-in Legion cards are malformed: {e}"))
        })
    }

    /// Whether `text` is a Legion card file rather than an SWTCG one: Legion cards have a
    /// `cardName` field, which no SWTCG format has.
    pub fn is_legion_file(text: &str) -> bool {
        text.contains("cardName")
    }

    /// Every card, in the order read.
    pub fn all(&self) -> &[Card] {
        &self.list
    }

    /// The card with Legion HQ's id `id`, as army lists name cards.
    pub fn by_id(&self, id: &str) -> Option<&Card> {
        self.list.iter().find(|c| c.id == id)
    }

    /// The units set aside for lack of statistics, in the order read.
    pub fn set_aside(&self) -> &[SetAside] {
        &self.set_aside
    }

    /// One line naming the units set aside, file by file; `None` when there are none.
    pub fn set_aside_note(&self) -> Option<String> {
        let mut files: Vec<&str> = self.set_aside.iter().map(|c| c.file.as_str()).collect();
        files.dedup();
        let per_file: Vec<String> = files
            .iter()
            .map(|f| {
                let named: Vec<String> = (self.set_aside.iter().filter(|c| c.file == *f))
                    .map(|c| format!("{} ({})", c.full_name, c.id))
                    .collect();
                format!("{f}: {}", named.join(", "))
            })
            .collect();
        (!per_file.is_empty()).then(|| {
            format!(
                "units set aside, their card giving no statistics (a SPEC naming one is \
                 refused): {}",
                per_file.join("; ")
            )
        })
    }

    /// Whether no file was read.
    pub fn is_empty(&self) -> bool {
        self.files.is_empty()
    }

    /// Parses and checks a card file; any malformed unit or upgrade refuses it whole, naming
    /// the file, the card's id and its name.
    pub fn load(file: &str, text: &str) -> Result<Cards, DataError> {
        let fail = |message: String| DataError::of_file(file, message);
        let top: serde_yaml::Value = data::parse(file, text)?;
        let entries: Vec<(String, serde_yaml::Value)> = match top {
            serde_yaml::Value::Mapping(m) => m.into_iter().map(|(k, v)| (id_text(&k), v)).collect(),
            serde_yaml::Value::Sequence(s) => s
                .into_iter()
                .enumerate()
                .map(|(i, v)| (format!("#{}", i + 1), v))
                .collect(),
            _ => {
                return Err(fail(
                    "a Legion card file is Legion HQ's cards.json (an object of cards keyed by \
                     id) or a YAML list of cards"
                        .into(),
                ))
            }
        };
        if entries.len() > MAX_CARDS {
            return Err(fail(format!(
                "{} cards is over the limit of {MAX_CARDS} for one file",
                entries.len()
            )));
        }
        let mut cards = Cards {
            files: vec![file.to_string()],
            ..Cards::default()
        };
        for (id, value) in entries {
            match read_card(file, text, id, value)? {
                Read::Card(card) => cards.push(*card),
                Read::SetAside(card) => cards.set_aside.push(card),
            }
        }
        Ok(cards)
    }

    /// Adds the cards of a later file: newer data wins, so a card with the same id (Legion
    /// HQ's; a YAML list's positions are no ids), or else of the same kind, name and title,
    /// replaces the earlier one.
    pub fn add(&mut self, other: Cards) {
        self.files.extend(other.files);
        self.set_aside.extend(other.set_aside);
        let mut by_id: HashMap<String, usize> = (self.list.iter().enumerate())
            .map(|(i, c)| (c.id.clone(), i))
            .collect();
        for card in other.list {
            let same_id = match card.id.starts_with('#') {
                true => None,
                false => by_id.get(&card.id).copied(),
            };
            let same_card = same_id.or_else(|| {
                self.by_name.get(&key(&card.name)).and_then(|at| {
                    at.iter().copied().find(|&i| {
                        let c = &self.list[i];
                        c.kind == card.kind
                            && c.title.as_deref().map(key) == card.title.as_deref().map(key)
                    })
                })
            });
            by_id.insert(card.id.clone(), same_card.unwrap_or(self.list.len()));
            match same_card {
                Some(i) => self.replace(i, card),
                None => self.push(card),
            }
        }
    }

    /// Puts `card` at `i`, indexed by its name.
    fn replace(&mut self, i: usize, card: Card) {
        let old = key(&self.list[i].name);
        if old != key(&card.name) {
            if let Some(at) = self.by_name.get_mut(&old) {
                at.retain(|&j| j != i);
            }
            self.by_name.entry(key(&card.name)).or_default().push(i);
        }
        self.list[i] = card;
    }

    /// Appends a card and indexes it by name.
    fn push(&mut self, card: Card) {
        self.by_name
            .entry(key(&card.name))
            .or_default()
            .push(self.list.len());
        self.list.push(card);
    }

    /// The name a SPEC gives `card` by: its name (quoted when it holds a comma), with what tells
    /// it from the others of its name and kind in parentheses when there are others.
    pub fn spec_name(&self, card: &Card) -> String {
        let same_name: Vec<&Card> = self
            .by_name
            .get(&key(&card.name))
            .into_iter()
            .flatten()
            .map(|&i| &self.list[i])
            .filter(|c| c.kind == card.kind)
            .collect();
        let name = spelt(&card.name);
        match (same_name.len(), &card.title) {
            (1, None) => name,
            (1, Some(t)) => format!("{name} ({t})"),
            _ => format!("{name} ({})", label(card, &same_name)),
        }
    }

    /// The card of `kind` that `wanted` names: `Name` or `Name (Title)`. The message says why
    /// none is: no files, an unknown name (with the nearest), an ambiguous one (with its titles).
    pub fn find(&self, wanted: &str, kind: Kind) -> Result<&Card, Message> {
        self.find_suggesting(wanted, kind, &|_| false)
    }

    /// The card of `kind` that `wanted` names, as [`Cards::find`]; an unknown name's message
    /// suggests the cards `unfit` refuses last (the upgrades the unit at hand may not take).
    pub(crate) fn find_suggesting(
        &self,
        wanted: &str,
        kind: Kind,
        unfit: &dyn Fn(&Card) -> bool,
    ) -> Result<&Card, Message> {
        if self.is_empty() {
            return Err(no_cards().text(" to name units with '@Name'"));
        }
        // A name may hold parentheses itself ("The Darksaber (Maul)"): the whole text first.
        let whole = self
            .by_name
            .get(&key(wanted))
            .is_some_and(|at| at.iter().any(|&i| self.list[i].kind.answers(kind)));
        let (name, title) = match whole {
            true => (wanted.trim(), None),
            false => split_title(wanted),
        };
        let of_kind: Vec<&Card> = self
            .by_name
            .get(&key(name))
            .into_iter()
            .flatten()
            .map(|&i| &self.list[i])
            .filter(|c| c.kind.answers(kind))
            .collect();
        if of_kind.is_empty() {
            return Err(self.unknown(wanted, name, kind, unfit).into());
        }
        // What is in parentheses tells the cards apart: a title, a faction or an id.
        let told: Vec<&Card> = match title {
            Some(t) => of_kind
                .iter()
                .copied()
                .filter(|c| {
                    key(&label(c, &of_kind)) == key(t)
                        || c.title.as_deref().is_some_and(|ct| same(ct, t))
                        || c.faction.as_deref().is_some_and(|f| same(f, t))
                        || c.id == t.trim()
                })
                .collect(),
            None => of_kind.clone(),
        };
        // Of several, the one without a title is the card the name alone means.
        let untitled: Vec<&Card> = told.iter().copied().filter(|c| c.title.is_none()).collect();
        match (told.as_slice(), untitled.as_slice()) {
            ([one], _) | ([_, _, ..], [one]) => Ok(one),
            _ => Err(self.ambiguous(name, title, kind, &of_kind).into()),
        }
    }

    /// "Several cards have that name": each, spelt as a SPEC must give it.
    fn ambiguous(&self, name: &str, title: Option<&str>, kind: Kind, cards: &[&Card]) -> String {
        let at = match kind {
            Kind::Upgrade | Kind::Counterpart => "+@",
            _ => "@",
        };
        let spelt: Vec<String> = cards
            .iter()
            .map(|c| format!("{at}{}", self.spec_name(c)))
            .collect();
        let asked = match title {
            Some(t) => format!("no '{}' is '{}'", quote(name), quote(t)),
            None => format!("'{}' names {} cards", quote(name), cards.len()),
        };
        format!("{asked}; name one of them: {}", spelt.join(", "))
    }

    /// "Unknown card", with the names of that kind that hold it or else the nearest, or what
    /// the name is instead.
    fn unknown(
        &self,
        wanted: &str,
        name: &str,
        kind: Kind,
        unfit: &dyn Fn(&Card) -> bool,
    ) -> String {
        let what = kind_name(kind);
        if let Some(c) = self.set_aside.iter().find(|c| same(&c.name, name)) {
            return format!(
                "{} ({}) in {} gives no statistics (defense, wounds, courage), so it was set \
                 aside: name the built-in card, or give a card file that has them",
                c.full_name, c.id, c.file
            );
        }
        if let Some(other) = self
            .by_name
            .get(&key(name))
            .and_then(|at| at.first())
            .map(|&i| &self.list[i])
        {
            return match (kind, other.kind) {
                (Kind::Unit, Kind::Upgrade) => format!(
                    "'{}' is an upgrade card: add it to a unit with '+@{}'",
                    other.name, other.name
                ),
                (Kind::Unit, Kind::Counterpart) => {
                    let named: Vec<String> = (self.by_name.get(&key(name)).into_iter().flatten())
                        .map(|&i| &self.list[i])
                        .filter(|c| c.kind == Kind::Counterpart)
                        .map(|c| format!("'+@{}'", self.spec_name(c)))
                        .collect();
                    format!(
                        "'{}' is a counterpart card: add it to its unit with {}",
                        other.name,
                        named.join(" or ")
                    )
                }
                (Kind::Upgrade, Kind::Unit) => format!(
                    "'{}' is a unit card: name it with '@{}'",
                    other.name, other.name
                ),
                _ => format!(
                    "'{}' is a {} card, not a {what}",
                    other.name,
                    other.kind_text()
                ),
            };
        }
        let held = self.holding(name, kind, unfit);
        if !held.is_empty() {
            let comma = match held.iter().any(|n| n.contains(',')) {
                true => " (a name with a comma goes in double quotes)",
                false => "",
            };
            return format!(
                "unknown Legion {what} '{}'; {}{comma}",
                quote(wanted),
                did_you_mean(&held)
            );
        }
        let names = self
            .list
            .iter()
            .filter(|c| c.kind.answers(kind))
            .map(|c| c.name.as_str());
        match data::nearest(name, names) {
            Some(near) if near.contains(',') => format!(
                "unknown Legion {what} '{}'; did you mean '{}'? (a name with a comma goes in \
                 double quotes)",
                quote(wanted),
                spelt(near)
            ),
            Some(near) => format!(
                "unknown Legion {what} '{}'; did you mean '{near}'?",
                quote(wanted)
            ),
            None => format!(
                "unknown Legion {what} '{}' (holodice legion units lists the cards read)",
                quote(wanted)
            ),
        }
    }
}

impl Cards {
    /// The SPEC names of the cards of `kind` whose names hold the partial `name` (those that
    /// `unfit` refuses last; of those alike, the ones that start with it, then the shortest), at
    /// most [`SUGGESTED`]: the name alone where it names the card.
    fn holding(&self, name: &str, kind: Kind, unfit: &dyn Fn(&Card) -> bool) -> Vec<String> {
        let spell = |c: &Card| {
            let alone = (self.find(&c.name, kind)).is_ok_and(|found| std::ptr::eq(found, c));
            match alone {
                true => spelt(&c.name),
                false => self.spec_name(c),
            }
        };
        let of_kind = self.list.iter().filter(|c| c.kind.answers(kind));
        holding(name, of_kind, |c| &c.name, unfit, spell)
    }
}

impl Card {
    /// The card's type in words, for messages and listings.
    pub fn kind_text(&self) -> &'static str {
        self.kind.text()
    }
}

/// What a query needing cards is told when no card file is given.
pub fn no_cards() -> Message {
    Message::from("no Legion cards are loaded: give ")
        .name(Input::Cards)
        .text(
            " cards.json (Legion HQ's open card data, the list builder's cards.json; \
             docs/cards.md says where)",
        )
}

/// A kind of card in words, for messages.
fn kind_name(kind: Kind) -> &'static str {
    match kind {
        Kind::Unit => "unit",
        Kind::Upgrade => "upgrade",
        Kind::Counterpart => "counterpart",
        Kind::Other => "card",
    }
}

/// What tells a card from the others of its name (`cards`), in parentheses after the name:
/// its title, else its faction, else its id, whichever is its own.
fn label(card: &Card, cards: &[&Card]) -> String {
    let unique = |f: fn(&Card) -> Option<String>| {
        let mine = f(card)?;
        let shared = cards
            .iter()
            .filter(|c| f(c).as_deref().map(key) == Some(key(&mine)))
            .count();
        (shared == 1).then_some(mine)
    };
    unique(|c| c.title.clone())
        .or_else(|| unique(|c| c.faction.clone()))
        .unwrap_or_else(|| card.id.clone())
}

/// `Name (Title)` split into its name and title; a quoted name (`"A, B" (Title)`) unquoted.
fn split_title(wanted: &str) -> (&str, Option<&str>) {
    let wanted = wanted.trim();
    if let Some((name, after)) = wanted
        .strip_prefix('"')
        .and_then(|rest| rest.split_once('"'))
    {
        let after = after.trim();
        let title = after
            .strip_prefix('(')
            .and_then(|a| a.strip_suffix(')'))
            .map(str::trim);
        // Not a quoted name when more follows it: a name may start with a quote itself.
        if after.is_empty() || title.is_some() {
            return (name.trim(), title);
        }
    }
    if let Some(open) = wanted
        .strip_suffix(')')
        .and_then(|w| w.rfind('(').map(|i| (w, i)))
    {
        let (w, i) = open;
        return (w[..i].trim(), Some(w[i + 1..].trim()));
    }
    (wanted, None)
}

/// The line a card starts on, for its errors: the line of its key (Legion HQ's `"ay": {`) or
/// its `id: ay`, else the least indented line naming it (`- cardName: Name`, not a requirement
/// naming it); 1 when none does.
fn card_line(text: &str, id: &str, name: &str) -> usize {
    fn bare(l: &str) -> &str {
        l.trim_start_matches([' ', '-', '{'])
            .trim_end_matches([',', ' '])
    }
    let unquoted = |v: &str| v.trim().trim_matches(['"', '\'']).to_string();
    let by_id = (!id.starts_with('#')).then(|| {
        text.lines().position(|l| {
            let l = bare(l);
            l.starts_with(&format!("\"{id}\":"))
                || ["id:", "\"id\":"].iter().any(|k| {
                    l.strip_prefix(k)
                        .is_some_and(|v| unquoted(v.split(',').next().unwrap_or("")) == id)
                })
        })
    });
    let by_name = || {
        text.lines()
            .enumerate()
            .filter(|(_, l)| {
                let b = bare(l);
                ["cardName:", "\"cardName\":"].iter().any(|k| {
                    b.strip_prefix(k).is_some_and(|v| {
                        unquoted(v) == name || unquoted(v.split(',').next().unwrap_or("")) == name
                    })
                })
            })
            .min_by_key(|(i, l)| (l.len() - l.trim_start_matches([' ', '-']).len(), *i))
            .map(|(i, _)| i)
    };
    by_id.flatten().or_else(by_name).map_or(1, |i| i + 1)
}

/// A card's id as text, whatever type the file gives it.
fn id_text(v: &serde_yaml::Value) -> String {
    match v {
        serde_yaml::Value::String(s) => s.clone(),
        other => serde_yaml::to_string(other)
            .unwrap_or_default()
            .trim()
            .to_string(),
    }
}

/// The fields every card has, read before the rest so that only units and upgrades are checked.
#[derive(Deserialize)]
struct RawHead {
    #[serde(rename = "cardName")]
    card_name: String,
    #[serde(rename = "cardType")]
    card_type: String,
    #[serde(default)]
    id: Option<serde_yaml::Value>,
    #[serde(default)]
    title: Option<String>,
    #[serde(rename = "ttsName", default)]
    tts_name: Option<String>,
    #[serde(default)]
    faction: Option<String>,
    #[serde(default)]
    rank: Option<String>,
    #[serde(default)]
    cost: Option<serde_yaml::Value>,
}

/// A unit's or upgrade's fields, as both formats spell them (other fields are ignored).
#[derive(Deserialize)]
struct RawCard {
    #[serde(rename = "cardSubtype", default)]
    card_subtype: Option<String>,
    #[serde(default)]
    keywords: Option<Vec<RawKeyword>>,
    #[serde(default)]
    stats: Option<RawStats>,
    #[serde(default)]
    weapons: Option<Vec<RawWeapon>>,
    #[serde(rename = "upgradeBar", default)]
    upgrade_bar: Option<Vec<String>>,
    #[serde(rename = "additionalUpgradeSlots", default)]
    additional_upgrade_slots: Option<Vec<String>>,
    #[serde(default)]
    affiliation: Option<String>,
    #[serde(default)]
    affiliations: Option<Vec<String>>,
    #[serde(default)]
    requirements: Option<serde_yaml::Value>,
    /// The original Legion HQ's statistics, at the top level of a unit (docs/cards.md).
    #[serde(flatten)]
    top: RawTopStats,
}

/// A unit's statistics as the original Legion HQ's `cards.json` gives them: at the top level,
/// `defense` and `surges` in words, no minis and no weapons.
#[derive(Deserialize, Default)]
struct RawTopStats {
    #[serde(default)]
    defense: Option<String>,
    #[serde(default)]
    surges: Option<Vec<String>>,
    #[serde(default)]
    wounds: Option<i64>,
    #[serde(default)]
    courage: Option<i64>,
    #[serde(default)]
    speed: Option<i64>,
}

impl RawTopStats {
    /// The statistics in the fork's form, when the card gives them this way.
    fn stats(&self) -> Option<RawStats> {
        let defense = match self.defense.as_deref()? {
            "red" => "r",
            "white" => "w",
            other => other,
        };
        let surges = self.surges.clone().unwrap_or_default();
        let has = |s: &str| surges.iter().any(|x| x.eq_ignore_ascii_case(s));
        let hitsurge = match () {
            _ if has("crit") => "c",
            _ if has("hit") => "h",
            _ => "",
        };
        Some(RawStats {
            // The original format gives no minis: 0, "not given".
            minicount: 0,
            hp: self.wounds.unwrap_or(0),
            defense: defense.to_string(),
            courage: self.courage.unwrap_or(0),
            speed: self.speed,
            hitsurge: Some(hitsurge.into()),
            defsurge: Some(if has("block") { "b" } else { "" }.into()),
        })
    }
}

#[derive(Deserialize)]
#[serde(untagged)]
enum RawKeyword {
    Name(String),
    Valued {
        name: String,
        #[serde(default)]
        value: Option<RawValue>,
    },
}

#[derive(Deserialize)]
#[serde(untagged)]
enum RawValue {
    Number(i64),
    Text(String),
}

#[derive(Deserialize)]
struct RawStats {
    minicount: i64,
    hp: i64,
    defense: String,
    courage: i64,
    #[serde(default)]
    speed: Option<i64>,
    #[serde(default)]
    hitsurge: Option<String>,
    #[serde(default)]
    defsurge: Option<String>,
}

#[derive(Deserialize)]
struct RawWeapon {
    name: String,
    #[serde(default)]
    keywords: Option<Vec<RawKeyword>>,
    #[serde(default)]
    range: RawRange,
    dice: RawDice,
}

/// A weapon's range as Legion HQ writes it: a list (`[1, 3]`, `[null, 2]`), or once, for Iden's
/// ID10, text (`"- 1"`), read as the list of the numbers either side of its dash.
#[derive(Deserialize)]
#[serde(untagged)]
enum RawRange {
    List(Vec<Option<i64>>),
    Text(String),
}

impl Default for RawRange {
    fn default() -> Self {
        RawRange::List(Vec::new())
    }
}

impl RawRange {
    /// The range as a list; a text part that is no number is refused with the text.
    fn list(&self) -> Result<Vec<Option<i64>>, String> {
        match self {
            RawRange::List(l) => Ok(l.clone()),
            RawRange::Text(t) => {
                t.split('-')
                    .map(str::trim)
                    .map(|part| match part {
                        "" => Ok(None),
                        n => n.parse().map(Some).map_err(|_| {
                            format!("range '{}': give a list such as [1, 3]", quote(t))
                        }),
                    })
                    .collect()
            }
        }
    }
}

#[derive(Deserialize)]
struct RawDice {
    #[serde(default)]
    r: Option<i64>,
    #[serde(default)]
    b: Option<i64>,
    #[serde(default)]
    w: Option<i64>,
}

/// A card read: a card, or a unit set aside for lack of statistics.
enum Read {
    Card(Box<Card>),
    SetAside(SetAside),
}

/// Reads one card; the error names the file, the card's id and its name.
fn read_card(
    file: &str,
    text: &str,
    id: String,
    value: serde_yaml::Value,
) -> Result<Read, DataError> {
    let located = |name: &str, message: String| DataError {
        item: Some(format!("{id} ({name})")),
        line: card_line(text, &id, name),
        ..data::item_error(file, text, name, message)
    };
    let head: RawHead = serde_yaml::from_value(value.clone())
        .map_err(|e| located("?", format!("card {id}: {e}")))?;
    let id = match &head.id {
        Some(v) => id_text(v),
        None => id,
    };
    let fail = |message: String| DataError {
        item: Some(format!("{id} ({})", head.card_name)),
        line: card_line(text, &id, &head.card_name),
        ..data::item_error(file, text, &head.card_name, message)
    };
    let kind = match head.card_type.as_str() {
        "unit" => Kind::Unit,
        "upgrade" => Kind::Upgrade,
        "counterpart" => Kind::Counterpart,
        _ => Kind::Other,
    };
    let mut card = Card {
        id: id.clone(),
        name: head.card_name.clone(),
        title: head.title.clone().filter(|t| !t.trim().is_empty()),
        tts_name: head.tts_name.clone().filter(|t| !t.trim().is_empty()),
        faction: head.faction.clone(),
        affiliation: None,
        affiliations: Vec::new(),
        rank: head.rank.clone().filter(|r| !r.trim().is_empty()),
        cost: head
            .cost
            .as_ref()
            .and_then(serde_yaml::Value::as_i64)
            .and_then(|c| u32::try_from(c).ok()),
        kind,
        subtype: String::new(),
        keywords: Vec::new(),
        stats: None,
        weapons: Vec::new(),
        upgrade_bar: Vec::new(),
        adds_slots: Vec::new(),
        requirements: Requirement::Any,
        file: file.to_string(),
    };
    if kind == Kind::Other {
        return Ok(Read::Card(Box::new(card)));
    }
    let raw: RawCard = serde_yaml::from_value(value).map_err(|e| fail(e.to_string()))?;
    card.subtype = raw.card_subtype.unwrap_or_default().to_lowercase();
    let slots = |given: Option<Vec<String>>| -> Vec<String> {
        let given = given.unwrap_or_default();
        given.iter().map(|s| s.trim().to_lowercase()).collect()
    };
    card.upgrade_bar = slots(raw.upgrade_bar);
    card.adds_slots = slots(raw.additional_upgrade_slots);
    card.affiliation = raw.affiliation.filter(|a| !a.trim().is_empty());
    card.affiliations = raw.affiliations.unwrap_or_default();
    if let Some(r) = &raw.requirements {
        card.requirements = Requirement::read(r).map_err(&fail)?;
    }
    card.keywords = keywords(raw.keywords).map_err(&fail)?;
    let top = raw.top.stats();
    card.stats = match (kind, raw.stats.or(top)) {
        (Kind::Unit, Some(s)) => Some(stats(s).map_err(&fail)?),
        (Kind::Unit, None) => {
            return Ok(Read::SetAside(SetAside {
                id,
                full_name: card.full_name(),
                name: card.name,
                file: file.to_string(),
            }))
        }
        _ => None,
    };
    let weapons = raw.weapons.unwrap_or_default();
    if weapons.len() > MAX_WEAPONS {
        return Err(fail(format!(
            "{} weapons is over the limit of {MAX_WEAPONS} for one card",
            weapons.len()
        )));
    }
    card.weapons = weapons
        .into_iter()
        .map(|w| weapon(w).map_err(&fail))
        .collect::<Result<_, _>>()?;
    Ok(Read::Card(Box::new(card)))
}

/// A number a card gives, checked against [`MAX_STAT`].
fn number(what: &str, v: i64) -> Result<u32, String> {
    u32::try_from(v)
        .ok()
        .filter(|&n| n <= MAX_STAT)
        .ok_or_else(|| format!("{what} is {v}: give 0 to {MAX_STAT}"))
}

/// A card's or weapon's keywords, numbers in text (`"2"`) read as numbers.
fn keywords(raw: Option<Vec<RawKeyword>>) -> Result<Vec<CardKeyword>, String> {
    let raw = raw.unwrap_or_default();
    if raw.len() > MAX_KEYWORDS {
        return Err(format!(
            "{} keywords is over the limit of {MAX_KEYWORDS}",
            raw.len()
        ));
    }
    raw.into_iter()
        .map(|k| {
            let (name, value) = match k {
                RawKeyword::Name(n) => (n, None),
                RawKeyword::Valued { name, value } => (name, value),
            };
            if name.trim().is_empty() {
                return Err("a keyword has an empty name".to_string());
            }
            let value = match value {
                None => None,
                Some(RawValue::Number(n)) => Some(KeywordValue::Number(number(&name, n)?)),
                Some(RawValue::Text(t)) => match t.trim().parse::<i64>() {
                    Ok(n) => Some(KeywordValue::Number(number(&name, n)?)),
                    Err(_) if t.trim().is_empty() => None,
                    Err(_) => Some(KeywordValue::Text(t.trim().to_string())),
                },
            };
            Ok(CardKeyword {
                name: name.trim().to_string(),
                value,
            })
        })
        .collect()
}

/// A unit's statistics, each checked.
fn stats(s: RawStats) -> Result<Stats, String> {
    let defense = match s.defense.as_str() {
        "r" => DefenseDie::Red,
        "w" => DefenseDie::White,
        other => return Err(format!("stats.defense is '{}': give r or w", quote(other))),
    };
    let surge = match s.hitsurge.as_deref().unwrap_or("") {
        "" => AttackSurge::None,
        "h" => AttackSurge::Hit,
        "c" => AttackSurge::Crit,
        other => {
            return Err(format!(
                "stats.hitsurge is '{}': give h, c or nothing",
                quote(other)
            ))
        }
    };
    let surge_block = match s.defsurge.as_deref().unwrap_or("") {
        "" => false,
        "b" => true,
        other => {
            return Err(format!(
                "stats.defsurge is '{}': give b or nothing",
                quote(other)
            ))
        }
    };
    Ok(Stats {
        minis: number("stats.minicount", s.minicount)?,
        wounds: number("stats.hp", s.hp)?,
        defense,
        courage: match s.courage {
            ..=0 => None,
            c => Some(number("stats.courage", c)?),
        },
        speed: number("stats.speed", s.speed.unwrap_or(0))?,
        surge,
        surge_block,
    })
}

/// A weapon: its reach read from Legion HQ's range (docs/cards.md), its dice checked.
fn weapon(w: RawWeapon) -> Result<Weapon, String> {
    let what = |field: &str| format!("weapon '{}' {field}", quote(&w.name));
    let bound = |v: Option<i64>| v.map(|n| number(&what("range"), n)).transpose();
    let range = w.range.list().map_err(|e| what(&e))?;
    let reach = match range.as_slice() {
        [] | [None] | [None, None] => Reach::Overrun,
        [Some(r)] => {
            let r = number(&what("range"), *r)?;
            Reach::Span {
                min: r,
                max: Some(r),
            }
        }
        [min, max] => Reach::Span {
            min: bound(*min)?.unwrap_or(1),
            max: bound(*max)?,
        },
        _ => return Err(format!("{} has more than two numbers", what("range"))),
    };
    if let Reach::Span {
        min,
        max: Some(max),
    } = reach
    {
        if max < min {
            return Err(format!(
                "{} ends before it starts ({min} to {max})",
                what("range")
            ));
        }
    }
    let die =
        |v: Option<i64>, colour: &str| number(&what(&format!("dice.{colour}")), v.unwrap_or(0));
    Ok(Weapon {
        dice: [
            die(w.dice.r, "r")?,
            die(w.dice.b, "b")?,
            die(w.dice.w, "w")?,
        ],
        keywords: keywords(w.keywords).map_err(|e| format!("{}: {e}", what("keywords")))?,
        reach,
        name: w.name,
    })
}
