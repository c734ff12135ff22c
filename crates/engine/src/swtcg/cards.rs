//! Cards: named units, so that a SPEC can say `@Red Squadron X-Wing` instead of spelling out the
//! card's items, Switch and Enhance effects and stack. The built-in cards are the units of 27
//! set files ([`super::import`]); a card file is holodice's YAML or a LackeyCCG set file
//! ([`super::set_file`]), told apart by its content.

use super::card::{Card, Printing};
use super::keywords::normalize;
use super::patterns::Patterns;
use super::set_file;
use super::spec::{Expand, Syntax};
use super::unit::{Arena, Condition, Unit};
use crate::data::{self, DataError};
use crate::error::{quote, Error, Input, Message};
use crate::names::{did_you_mean, holding, spelt, unquoted};
use serde::Deserialize;
use std::collections::{HashMap, HashSet};
use std::sync::OnceLock;

/// Where the built-in cards are defined, as their `file` says.
pub const CARDS_FILE: &str = "data/swtcg/cards.yaml";
const CARDS_YAML: &str = include_str!("../../../../data/swtcg/cards.yaml");

/// A stack holds 4 cards: the unit on top and at most this many under it.
pub const MAX_STACKED: usize = 3;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCard {
    name: String,
    #[serde(default)]
    spec: String,
    switch: Option<RawSwitch>,
    insert: Option<String>,
    #[serde(default)]
    stack: Vec<String>,
    enhance: Option<String>,
    /// A printed card's facts (the built-in cards, made from set files): given with `type`.
    #[serde(default)]
    sets: Vec<String>,
    number: Option<serde_yaml::Value>,
    side: Option<String>,
    #[serde(rename = "type")]
    kind: Option<String>,
    subtype: Option<String>,
    cost: Option<serde_yaml::Value>,
    speed: Option<serde_yaml::Value>,
    power: Option<serde_yaml::Value>,
    health: Option<serde_yaml::Value>,
    /// The pattern labels (data/swtcg/patterns.yaml) of a printed card's abilities that
    /// holodice does not model, and of what it grants when stacked: the file keeps no text, so
    /// results say how many and of what kind.
    #[serde(default)]
    unmodelled: Vec<String>,
    #[serde(default)]
    unmodelled_grants: Vec<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSwitch {
    space: Option<String>,
    ground: Option<String>,
    character: Option<String>,
}

/// Why `@Name` names no single card.
enum Lookup {
    /// No card is called that.
    Unknown,
    /// Several are, or the one called that can't be used: what to write instead.
    Problem(String),
}

/// The cards `@Name` can name: the built-in ones, then any `--cards FILE` added in order.
///
/// `@Name` expands to the card's `spec`, then the `insert` items of the cards in its `stack`,
/// then its Switch and Enhance items (so that a paid or arena-specific statistic wins). A name
/// without its version (`Darth Vader` for `Darth Vader (A)`) names its only version; a name
/// printed differently in several sets takes its set (`Darth Vader (A) [PROMO]`).
///
/// ```
/// use holodice_engine::swtcg::{cards::Cards, unit::{Arena, Unit}};
/// let mut cards = Cards::builtin().clone();
/// // A unit of my own with a built-in pilot stacked under it (the pilot grants Critical Hit 2).
/// let mine = "- name: Ace Pilot\n  spec: Power 5, Health 3\n  stack: [TIE Fighter Elite Pilot]\n";
/// cards.add(Cards::load("mine.yaml", mine).unwrap());
/// let unit = Unit::parse_with("attacker", "@ace pilot, Accuracy 1", &cards).unwrap();
/// assert_eq!(unit.describe(), "Power 5, Health 3, Critical Hit 2, Accuracy 1");
/// let err = Unit::parse_with("attacker", "@Ace Pilto", &cards).unwrap_err();
/// assert!(err.to_string().ends_with("unknown card 'Ace Pilto'; did you mean 'Ace Pilot'?"));
/// ```
#[derive(Debug, Clone, Default)]
pub struct Cards {
    list: Vec<Card>,
    /// The cards of each name (see [`key`]): one, or a set file's different printings.
    by_name: HashMap<String, Vec<usize>>,
    /// Each set-file card by its name and [`Printing::identity`], to find reprints at once.
    printed: HashMap<(String, String), usize>,
    /// Each set-file card with each of its sets, to add a reprint's set at once.
    in_set: HashSet<(usize, String)>,
}

/// How names are compared: any case, any spacing, either apostrophe.
pub fn key(name: &str) -> String {
    normalize(name).replace(['’', '‘'], "'")
}

impl Cards {
    /// The cards shipped in the binary.
    pub fn builtin() -> &'static Cards {
        static CARDS: OnceLock<Cards> = OnceLock::new();
        CARDS.get_or_init(|| {
            Cards::load(CARDS_FILE, CARDS_YAML)
                .unwrap_or_else(|e| panic!("the embedded card data is malformed: {e}"))
        })
    }

    /// Parses and validates a card file (`text`, read from `file`), YAML or a set file; any error
    /// rejects it whole.
    pub fn load(file: &str, text: &str) -> Result<Cards, DataError> {
        if set_file::is_set_file(text) {
            let mut cards = Cards::default();
            for card in set_file::read(file, text)? {
                cards.add_printing(card);
            }
            return Ok(cards);
        }
        Cards::load_yaml(file, text)
    }

    fn load_yaml(file: &str, text: &str) -> Result<Cards, DataError> {
        let raw: Vec<RawCard> = data::parse(file, text)?;
        let mut cards = Cards::default();
        let lines = name_lines(text);
        let mut seen: HashMap<&str, usize> = HashMap::new();
        for r in &raw {
            let nth = seen.entry(r.name.as_str()).or_insert(0);
            let line = lines
                .get(r.name.as_str())
                .and_then(|l| l.get(*nth))
                .copied();
            *nth += 1;
            let fail = |message: String| DataError {
                line: line.unwrap_or(1),
                ..data::item_error(file, text, &r.name, message)
            };
            let card = Card::from_raw(r, file, line.unwrap_or(1)).map_err(fail)?;
            // A name printed in other sets is another printing (R2-D2 (U) of TMW and of TROS).
            let other_sets = |first: &Card| match (&first.printing, &card.printing) {
                (Some(a), Some(b)) => !b.sets.iter().any(|s| a.sets.contains(s)),
                _ => false,
            };
            let same_name = cards.by_name.get(&key(&card.name)).into_iter().flatten();
            let clash = same_name.map(|&i| &cards.list[i]).find(|c| !other_sets(c));
            if let Some(first) = clash {
                return Err(fail(format!(
                    "the card is defined twice in this file (first as '{}' at line {})",
                    first.name, first.line
                )));
            }
            cards.push(card);
        }
        // Stacked cards from other files are checked when the card is used.
        for card in &cards.list {
            for under in card.stack.iter().filter_map(|s| cards.get(s)) {
                if under.insert.is_none() {
                    return Err(DataError {
                        line: card.line,
                        ..data::item_error(
                            file,
                            text,
                            &card.name,
                            format!(
                                "stack: '{}' has no insert; only cards with INSERT can be stacked",
                                under.name
                            ),
                        )
                    });
                }
            }
        }
        Ok(cards)
    }

    /// Adds the cards of a later file (newer data wins): a card of the same name replaces the
    /// earlier ones, except that a printed card replaces only the printings of its sets (or the
    /// same card from a file without text, as the built-in ones are) and joins the others, as
    /// a reprint or a printing to pick by set.
    pub fn add(&mut self, other: Cards) {
        let dropped: HashSet<usize> = other
            .list
            .iter()
            .flat_map(|card| self.replaced_by(card))
            .collect();
        if !dropped.is_empty() {
            let list = std::mem::take(&mut self.list);
            *self = Cards::default();
            let kept = list
                .into_iter()
                .enumerate()
                .filter(|(i, _)| !dropped.contains(i));
            for (_, card) in kept {
                self.push(card);
            }
        }
        for card in other.list {
            // A name has one YAML card or only printed cards: its first card tells which.
            let printed = |i: &Vec<usize>| self.list[i[0]].printing.is_some();
            match self.by_name.get(&key(&card.name)) {
                Some(p) if printed(p) && card.printing.is_some() => self.add_printing(card),
                _ => self.push(card),
            }
        }
    }

    /// The cards that `card`, from a later file, replaces.
    fn replaced_by<'a>(&'a self, card: &'a Card) -> impl Iterator<Item = usize> + 'a {
        let earlier = self.by_name.get(&key(&card.name));
        earlier.into_iter().flatten().copied().filter(move |&i| {
            match (&card.printing, &self.list[i].printing) {
                (Some(new), Some(old)) => self.list[i].file != card.file && new.supersedes(old),
                _ => true,
            }
        })
    }

    fn push(&mut self, card: Card) {
        let at = self.list.len();
        let name = key(&card.name);
        if let Some(p) = &card.printing {
            self.printed.insert((name.clone(), p.identity()), at);
            self.in_set.extend(p.sets.iter().map(|s| (at, s.clone())));
        }
        self.by_name.entry(name).or_default().push(at);
        self.list.push(card);
    }

    /// Adds a set-file card: to the sets of the same card if it is there, else as a printing.
    fn add_printing(&mut self, card: Card) {
        let printing = card.printing.as_ref().expect("a set-file card");
        let identity = (key(&card.name), printing.identity());
        let Some(&i) = self.printed.get(&identity) else {
            return self.push(card);
        };
        let sets = &mut self.list[i]
            .printing
            .as_mut()
            .expect("a set-file card")
            .sets;
        for set in &printing.sets {
            if !sets.contains(set) {
                sets.push(set.clone());
            }
        }
    }

    /// Every card, in the order first defined.
    pub fn all(&self) -> &[Card] {
        &self.list
    }

    /// The card called `name` (any case, any spacing); of several printings, the first.
    pub fn get(&self, name: &str) -> Option<&Card> {
        self.by_name.get(&key(name)).map(|p| &self.list[p[0]])
    }

    /// How a SPEC names `card`: its name (quoted when it holds a comma), with its set when the
    /// name has several printings (`R2-D2 (U) [TROS]`).
    pub fn spec_name(&self, card: &Card) -> String {
        let name = spelt(&card.name);
        let several = self
            .by_name
            .get(&key(&card.name))
            .is_some_and(|p| p.len() > 1);
        match (several, sets(card).first()) {
            (true, Some(set)) => format!("{name} [{set}]"),
            _ => name,
        }
    }

    /// "Unknown card", with the unit cards whose names hold `name` (those that start with it
    /// first, then the shortest), or else the nearest name.
    fn unknown(&self, name: &str) -> Message {
        let units = (self.list.iter()).filter(|c| c.printing.as_ref().is_none_or(|p| p.unit));
        let names = holding(name, units, |c| &c.name, |_| false, |c| self.spec_name(c));
        let near = match names.is_empty() {
            true => self.nearest(name).map(|n| vec![n.to_string()]),
            false => Some(names),
        };
        match near {
            Some(near) => format!("unknown card '{}'; {}", quote(name), did_you_mean(&near)).into(),
            None => no_card(&format!("unknown card '{}'", quote(name))),
        }
    }

    /// The card name nearest to a misspelt one, if any is near enough to be a likely meaning.
    pub fn nearest(&self, name: &str) -> Option<&str> {
        data::nearest(&key(name), self.list.iter().map(|c| c.name.as_str()))
    }

    /// The one card `name` names: exactly, as its only version, or with its set (`Name [SET]`).
    fn find(&self, name: &str) -> Result<&Card, Lookup> {
        let name = unquoted(name);
        let (base, set) = match split_set(name) {
            Some((base, set)) if !self.by_name.contains_key(&key(name)) => {
                (unquoted(base), Some(set))
            }
            _ => (name, None),
        };
        let printings = match self.by_name.get(&key(base)) {
            Some(p) => p,
            None => self.only_version(base)?,
        };
        self.printing(printings, set)
    }

    /// The printings of the one card whose name is `base` and a version (`Darth Vader (A)`).
    fn only_version(&self, base: &str) -> Result<&Vec<usize>, Lookup> {
        let prefix = format!("{} (", key(base));
        let mut versions: Vec<(&str, &Vec<usize>)> = self
            .by_name
            .iter()
            .filter(|(k, _)| k.starts_with(&prefix))
            .map(|(_, p)| (self.list[p[0]].name.as_str(), p))
            .collect();
        versions.sort_unstable_by_key(|&(name, _)| name);
        match versions.as_slice() {
            [] => Err(Lookup::Unknown),
            [(_, p)] => Ok(p),
            many => {
                let names: Vec<String> = many.iter().map(|&(n, _)| spelt(n)).collect();
                Err(Lookup::Problem(format!(
                    "'{}' names {} versions: {}; write one, as in '@{}'",
                    quote(base),
                    names.len(),
                    listed(&names),
                    names[0]
                )))
            }
        }
    }

    /// The one of `printings` in `set` (any, when not given).
    fn printing(&self, printings: &[usize], set: Option<&str>) -> Result<&Card, Lookup> {
        let first = &self.list[printings[0]];
        let name = &spelt(&first.name);
        let chosen: Vec<&Card> = printings
            .iter()
            .map(|&i| &self.list[i])
            .filter(|c| set.is_none_or(|s| sets(c).iter().any(|t| t.eq_ignore_ascii_case(s))))
            .collect();
        match (chosen.as_slice(), set) {
            ([card], _) => Ok(card),
            ([], Some(_)) if first.printing.is_none() => Err(Lookup::Problem(format!(
                "'{name}' comes from a YAML card file, which has no sets: write '@{name}'"
            ))),
            ([], Some(s)) => {
                let all = distinct_sets(printings.iter().map(|&i| &self.list[i]));
                Err(Lookup::Problem(format!(
                    "'{name}' is not printed in set '{}'; it is in {}: write '@{name} [{}]'",
                    quote(s),
                    listed(&all),
                    all[0]
                )))
            }
            (several, Some(s)) => {
                let rows: Vec<String> = several
                    .iter()
                    .map(|c| format!("{}:{}", c.file, c.line))
                    .collect();
                Err(Lookup::Problem(format!(
                    "'{name}' is printed {} different ways in set {s} ({}): correct the set \
                     file, or write the unit's items in the SPEC",
                    several.len(),
                    listed(&rows)
                )))
            }
            (several, None) => {
                let all = distinct_sets(several.iter().copied());
                Err(Lookup::Problem(format!(
                    "'{name}' is printed {} different ways, in {}: write one with its set, as \
                     in '@{name} [{}]'",
                    several.len(),
                    listed(&all),
                    all[0]
                )))
            }
        }
    }
}

impl Expand for Cards {
    /// Appends the items of the card called `name` to `unit` (the `@Name` item).
    fn expand(&self, name: &str, unit: &mut Unit) -> Result<(), Message> {
        if name.is_empty() {
            return Err("'@' needs a card name, as in '@Red Squadron X-wing'".into());
        }
        let card = self.find(name).map_err(|e| match e {
            Lookup::Problem(message) => message.into(),
            Lookup::Unknown => self.unknown(name),
        })?;
        if let Some(p) = card.printing.as_ref().filter(|p| !p.unit) {
            return Err(format!(
                "'{}' ({}:{}) is a card of type {}, not a unit: only Space, Ground, Character \
                 and Subordinate cards attack and defend",
                card.name, card.file, card.line, p.kind
            )
            .into());
        }
        unit.append(&card.spec, None);
        unit.notes.extend(unmodelled(card, &card.spec));
        let mut stacked = Vec::new();
        for s in &card.stack {
            let problem = match self.find(s) {
                Ok(
                    under @ Card {
                        insert: Some(insert),
                        ..
                    },
                ) => {
                    unit.append(insert, None);
                    let grants = Some(insert.describe()).filter(|g| !g.is_empty());
                    let grants = grants.unwrap_or_else(|| "nothing modelled".into());
                    stacked.push(format!("{} (INSERT: {grants})", under.name));
                    unit.notes.extend(unmodelled(under, insert));
                    continue;
                }
                Ok(under) => format!(
                    "'{}' has no insert; only cards with INSERT can be stacked",
                    under.name
                )
                .into(),
                Err(Lookup::Problem(message)) => message.into(),
                Err(Lookup::Unknown) => no_card(&format!("'{s}' is not a card")),
            };
            let place = format!(
                "card '{}' ({}:{}): stack: ",
                card.name, card.file, card.line
            );
            return Err(Message::from(place).then(problem));
        }
        if !stacked.is_empty() {
            unit.notes
                .push(format!("stacked under {}: {}", card.name, stacked.join(", ")).into());
        }
        unit.append(&card.switch, None);
        unit.append(&card.enhance, None);
        Ok(())
    }
}

impl Unit {
    /// Parses a SPEC; `role` ("attacker", "defender") names the SPEC in errors. `@Name` names a
    /// built-in card.
    ///
    /// ```
    /// use holodice_engine::swtcg::unit::Unit;
    /// let u = Unit::parse("attacker", "power 5, ACCURACY -1, Critical Hit: 2").unwrap();
    /// assert_eq!(u.describe(), "Power 5, Accuracy -1, Critical Hit 2");
    /// let e = Unit::parse("attacker", "Power 5, Acuracy 1").unwrap_err();
    /// assert!(e.to_string().contains("did you mean 'Accuracy 1'"));
    /// // ROTJ's Red Squadron X-Wing, 2 power and 2 health as printed, given 5 power.
    /// let x = Unit::parse("attacker", "@red squadron x-wing, Power 5").unwrap();
    /// assert_eq!(x.describe(), "Power 2, Health 2, Critical Hit 1, Shields 1, Power 5");
    /// ```
    pub fn parse(role: &str, spec: &str) -> Result<Unit, Error> {
        Unit::parse_with(role, spec, Cards::builtin())
    }
}

impl Card {
    fn from_raw(r: &RawCard, file: &str, line: usize) -> Result<Card, String> {
        let name = r.name.trim();
        if name.is_empty() {
            return Err("a card needs a name".into());
        }
        if name.starts_with(['@', '"']) {
            return Err("a card name can't start with '@' or '\"' (SPECs read those)".into());
        }
        // Switch and Enhance values are already conditioned, so they take no prefix.
        let parse = |field: &str, spec: &str, conditions: bool| {
            let syntax = Syntax {
                cards: None,
                conditions,
            };
            Unit::parse_syntax(spec, syntax)
                .map_err(|(item, message)| format!("{field}, item '{}': {message}", quote(&item)))
        };
        let printing = printed(r)?;
        let mut spec = match &printing {
            Some(p) if p.unit => set_file::statistics(name, &p.power, &p.health),
            _ => Unit::default(),
        };
        spec.append(&parse("spec", &r.spec, true)?, None);
        spec.notes
            .extend(not_kept(&r.unmodelled, "of its abilities")?);
        let mut insert = r
            .insert
            .as_deref()
            .map(|i| parse("insert", i, true))
            .transpose()?;
        if let Some(insert) = &mut insert {
            insert
                .notes
                .extend(not_kept(&r.unmodelled_grants, "of what it grants")?);
        }
        let mut switch = Unit::default();
        if let Some(s) = &r.switch {
            for (arena, value) in [
                (Arena::Space, &s.space),
                (Arena::Ground, &s.ground),
                (Arena::Character, &s.character),
            ] {
                let Some(value) = value.as_deref() else {
                    continue;
                };
                if !value.trim().eq_ignore_ascii_case("none") {
                    let field = format!("switch {}", arena.name());
                    let items = parse(&field, value, false)?;
                    switch.append(&items, Some(Condition::Arena(arena)));
                }
            }
        }
        let mut enhance = Unit::default();
        if let Some(e) = &r.enhance {
            enhance.append(&parse("enhance", e, false)?, Some(Condition::Enhanced));
        }
        if r.stack.len() > MAX_STACKED {
            return Err(format!(
                "stack: a stack holds 4 cards, the unit and at most {MAX_STACKED} under it; \
                 this one stacks {}",
                r.stack.len()
            ));
        }
        if r.stack.iter().any(|s| normalize(s) == normalize(name)) {
            return Err("stack: a card can't be stacked under itself".into());
        }
        Ok(Card {
            name: name.to_string(),
            file: file.to_string(),
            line,
            spec,
            insert,
            switch,
            enhance,
            stack: r.stack.clone(),
            printing,
            patterns: [&r.unmodelled, &r.unmodelled_grants]
                .into_iter()
                .flatten()
                .cloned()
                .collect(),
        })
    }
}

/// A printed card's facts, checked as a set file's are; `None` for a card without a `type`.
fn printed(r: &RawCard) -> Result<Option<Printing>, String> {
    let Some(kind) = r.kind.as_deref().map(str::trim) else {
        let facts = [&r.number, &r.cost, &r.speed, &r.power, &r.health];
        if facts.iter().any(|f| f.is_some()) || r.side.is_some() || !r.sets.is_empty() {
            return Err(
                "number, side, sets, cost, speed, power and health are a printed card's and \
                 need its type (Character, Space, …); a card of your own gives its Power and \
                 Health in spec"
                    .into(),
            );
        }
        return Ok(None);
    };
    let subtype = r.subtype.clone().filter(|s| !s.trim().is_empty());
    let arenas = set_file::unit_arenas(kind, subtype.as_deref().unwrap_or(""));
    let unit = arenas.is_some();
    let value = |field: &str, v: &Option<serde_yaml::Value>| -> Result<Option<String>, String> {
        let Some(text) = as_text(field, v)? else {
            return Ok(None);
        };
        match unit {
            true => set_file::number(field, &text),
            false => Ok(Some(text).filter(|t| !t.is_empty())),
        }
    };
    Ok(Some(Printing {
        sets: r.sets.clone(),
        number: as_text("number", &r.number)?,
        side: r.side.as_deref().map(set_file::side),
        kind: kind.to_string(),
        subtype,
        unit,
        arenas: arenas.unwrap_or_default(),
        cost: value("cost", &r.cost)?,
        speed: value("speed", &r.speed)?,
        power: value("power", &r.power)?,
        health: value("health", &r.health)?,
        text: String::new(),
    }))
}

/// A printed value as text: a YAML number or string; `None` when not given.
fn as_text(field: &str, v: &Option<serde_yaml::Value>) -> Result<Option<String>, String> {
    match v {
        None | Some(serde_yaml::Value::Null) => Ok(None),
        Some(serde_yaml::Value::String(s)) => Ok(Some(s.trim().to_string())),
        Some(serde_yaml::Value::Number(n)) => Ok(Some(n.to_string())),
        Some(_) => Err(format!("{field}: a number, or * or X")),
    }
}

/// The note for the abilities not modelled of a card whose file keeps no text, by their pattern
/// labels, which must be known ones.
fn not_kept(labels: &[String], what: &str) -> Result<Option<Message>, String> {
    let patterns = Patterns::builtin();
    if let Some(unknown) = labels.iter().find(|l| patterns.get(l).is_none()) {
        let labels = patterns.all().iter().map(|p| p.label.as_str());
        let near = data::nearest(unknown, labels)
            .map(|n| format!("; did you mean '{n}'?"))
            .unwrap_or_default();
        return Err(format!(
            "unmodelled: '{}' is not a pattern of {}{near}",
            quote(unknown),
            super::patterns::PATTERNS_FILE
        ));
    }
    Ok((!labels.is_empty()).then(|| {
        Message::from(format!(
            "{} {what} ({}; holodice's card data keeps no card text; ",
            labels.len(),
            labels.join(", ")
        ))
        .name(Input::Cards)
        .text(" with the card's set file lists them)")
    }))
}

/// `what` names no card: give the file that defines it.
fn no_card(what: &str) -> Message {
    Message::from(format!("{what} (give the file that defines it with "))
        .name(Input::Cards)
        .text(" FILE)")
}

/// The sets a card is printed in; none for a YAML card.
fn sets(card: &Card) -> &[String] {
    card.printing.as_ref().map_or(&[], |p| &p.sets)
}

/// The sets `cards` are printed in, each once, in order.
fn distinct_sets<'a>(cards: impl Iterator<Item = &'a Card>) -> Vec<&'a str> {
    let mut seen = HashSet::new();
    cards
        .flat_map(sets)
        .map(String::as_str)
        .filter(|s| seen.insert(*s))
        .collect()
}

/// The notes saying which of `card`'s abilities in `unit` holodice does not model.
fn unmodelled<'a>(card: &'a Card, unit: &'a Unit) -> impl Iterator<Item = Message> + 'a {
    unit.notes
        .iter()
        .map(move |n| Message::from(format!("{}: not modelled: ", card.name)).then(n.clone()))
}

/// `Name [SET]` as the name and the set.
fn split_set(name: &str) -> Option<(&str, &str)> {
    let inner = name.trim_end().strip_suffix(']')?;
    let (base, set) = inner.rsplit_once('[')?;
    Some((base.trim(), set.trim()))
}

/// Names in a message: all of a few, the first of many and how many there are.
fn listed(names: &[impl AsRef<str>]) -> String {
    const SHOWN: usize = 8;
    let shown: Vec<&str> = names.iter().take(SHOWN).map(AsRef::as_ref).collect();
    let shown = shown.join(", ");
    match names.len() > SHOWN {
        true => format!("{shown}, … ({} in all)", names.len()),
        false => shown,
    }
}

/// The lines of the cards of each name, in order, found as data::item_error finds the first: by
/// their `name:` key. One pass, so loading is linear in the cards.
fn name_lines(text: &str) -> HashMap<&str, Vec<usize>> {
    let mut lines: HashMap<&str, Vec<usize>> = HashMap::new();
    for (i, l) in text.lines().enumerate() {
        let l = l.trim_start().trim_start_matches('-').trim_start();
        if let Some(v) = l.strip_prefix("name:") {
            lines
                .entry(v.trim().trim_matches(['"', '\'']))
                .or_default()
                .push(i + 1);
        }
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_shipped_card_expands() {
        let cards = Cards::builtin();
        assert!(cards.all().len() > 700, "{}", cards.all().len());
        // Every card by its name and set: a name printed in several sets needs its set.
        for card in cards.all() {
            let mut unit = Unit::default();
            let name = format!("{} [{}]", spelt(&card.name), sets(card)[0]);
            cards
                .expand(&name, &mut unit)
                .unwrap_or_else(|e| panic!("{name}: {e}"));
        }
        // As ANH prints it: 8 to build, 50 speed, 6 power, 6 health, a Dark Character.
        let vader = cards.get("darth vader (a)").unwrap();
        let p = vader.printing.as_ref().unwrap();
        assert_eq!(
            (p.cost.as_deref(), p.speed.as_deref()),
            (Some("8"), Some("50"))
        );
        assert_eq!(
            (p.side.as_deref(), p.kind.as_str()),
            (Some("dark"), "Character")
        );
        assert!(vader.spec.describe().starts_with("Power 6, Health 6"));
    }

    #[test]
    fn names_may_not_start_with_what_specs_read() {
        for name in ["\"@A\"", "'\"A\"'"] {
            let text = format!("- name: {name}\n  spec: Power 1\n");
            let err = Cards::load("c.yaml", &text).unwrap_err().to_string();
            assert!(err.contains("can't start with"), "{err}");
        }
        let err = Cards::load("c.yaml", "- name: \" \"\n").unwrap_err();
        assert!(err.to_string().contains("needs a name"), "{err}");
    }

    #[test]
    fn a_name_with_a_comma_is_named_in_quotes() {
        let cards = Cards::load("c.yaml", "- name: Droid, P Series\n  spec: Power 2\n").unwrap();
        let unit = Unit::parse_with("attacker", "@\"droid, p series\", Armor", &cards).unwrap();
        assert_eq!(unit.describe(), "Power 2, Armor");
    }

    #[test]
    fn card_lines_count_repeated_names() {
        let text = "- name: A\n- spec: x\n  name: 'A'\n";
        assert_eq!(name_lines(text)["A"], [1, 3]);
    }
}
