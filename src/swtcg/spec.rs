//! Unit SPECs: `"Power 5, Accuracy 1, Critical Hit 2"`, comma-separated and case-insensitive.
//!
//! Besides keyword items a SPEC may name a card (`@Red Squadron X-wing`, expanded in place) and
//! condition an item on the unit's arena (`space: Accuracy 1`, Switch), on its Enhance cost being
//! paid (`enhance: Critical Hit 2`) or on an ability being paid for as it attacks or is attacked
//! (`pay: Evade 2`, a card's `Pay 2 Force -> Evade 2`); [`Unit::resolve`] settles the conditions.

use super::cards::Cards;
use super::keywords::{Keyword, Keywords, Stat, Transform, ValueKind};
use crate::error::quote;
use crate::error::Error;
use std::str::FromStr;

/// The largest number any SPEC item may carry: far beyond real cards, small enough to compute.
pub const MAX_VALUE: i64 = 10_000;

/// One understood SPEC item.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Item {
    pub keyword: &'static Keyword,
    /// X, 0 for keywords that take no value, or [`Item::UNCOUNTED`].
    pub value: i64,
}

impl Item {
    /// The value of an optional X left out: the keyword counts for itself.
    pub const UNCOUNTED: i64 = -1;

    /// The item in its canonical spelling.
    pub fn describe(&self) -> String {
        match self.keyword.value {
            ValueKind::None => self.keyword.name.clone(),
            ValueKind::Optional if self.value == Item::UNCOUNTED => self.keyword.name.clone(),
            _ => format!("{} {}", self.keyword.name, self.value),
        }
    }
}

/// The arena a unit is in: Switch effects differ by arena.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Arena {
    Space,
    Ground,
    Character,
}

impl Arena {
    pub const ALL: [Arena; 3] = [Arena::Space, Arena::Ground, Arena::Character];

    /// The arena called `name` (any case, surrounding spaces ignored).
    pub fn parse(name: &str) -> Option<Arena> {
        Arena::ALL
            .into_iter()
            .find(|a| a.name().eq_ignore_ascii_case(name.trim()))
    }

    /// The arena's name as SPECs and `--arena` spell it.
    pub fn name(self) -> &'static str {
        match self {
            Arena::Space => "space",
            Arena::Ground => "ground",
            Arena::Character => "character",
        }
    }
}

/// Lets clap read `--arena` directly.
impl FromStr for Arena {
    type Err = String;

    fn from_str(s: &str) -> Result<Arena, String> {
        Arena::parse(s)
            .ok_or_else(|| format!("unknown arena '{s}'; write space, ground or character"))
    }
}

/// When a conditional item applies.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Condition {
    /// While the unit is in this arena (Switch).
    Arena(Arena),
    /// When the unit's Enhance cost is paid.
    Enhanced,
    /// When the unit pays for the ability as it attacks or is attacked (`Pay 2 Force -> Evade 2`).
    Paid,
}

impl Condition {
    fn parse(prefix: &str) -> Option<Condition> {
        match prefix.trim().to_ascii_lowercase().as_str() {
            "enhance" => Some(Condition::Enhanced),
            "pay" => Some(Condition::Paid),
            _ => Arena::parse(prefix).map(Condition::Arena),
        }
    }

    /// The SPEC prefix that writes it (`space`, `enhance`, `pay`).
    pub fn prefix(self) -> &'static str {
        match self {
            Condition::Arena(a) => a.name(),
            Condition::Enhanced => "enhance",
            Condition::Paid => "pay",
        }
    }
}

/// Which optional costs a unit pays when it is settled: they are the player's choice, so each
/// command says which it assumed (`--enhance`, `--pay`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Paid {
    /// Its Enhance cost (`enhance:` items).
    pub enhance: bool,
    /// Its paid abilities (`pay:` items).
    pub abilities: bool,
}

impl Paid {
    /// Nothing paid.
    pub const NONE: Paid = Paid {
        enhance: false,
        abilities: false,
    };
}

/// An item that applies only under its condition.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Conditional {
    pub when: Condition,
    pub item: Item,
    /// How many of the unit's plain items come before it: order decides which statistic wins.
    pub at: usize,
}

/// A unit as a SPEC describes it: its items in the order given.
///
/// Conditional items are kept apart so that code reading `items` sees only what surely applies;
/// [`Unit::resolve`] merges the ones that apply back in their place.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Unit {
    pub items: Vec<Item>,
    pub conditional: Vec<Conditional>,
    /// For the reader: what was stacked under the unit and how its conditions were settled.
    pub notes: Vec<String>,
}

/// What a SPEC may contain where it is parsed.
#[derive(Clone, Copy)]
pub(crate) struct Syntax<'a> {
    /// The cards `@Name` can name; `None` where naming a card is not allowed.
    pub cards: Option<&'a Cards>,
    /// Whether `space:` / `enhance:` prefixes are allowed (not where the condition is implied).
    pub conditions: bool,
}

impl Unit {
    /// Parses a SPEC; `role` ("attacker", "defender") names the SPEC in errors. `@Name` names a
    /// built-in card.
    ///
    /// ```
    /// use holodice::swtcg::spec::Unit;
    /// let u = Unit::parse("attacker", "power 5, ACCURACY -1, Critical Hit: 2").unwrap();
    /// assert_eq!(u.describe(), "Power 5, Accuracy -1, Critical Hit 2");
    /// let e = Unit::parse("attacker", "Power 5, Acuracy 1").unwrap_err();
    /// assert!(e.to_string().contains("did you mean 'Accuracy 1'"));
    /// let x = Unit::parse("attacker", "@red squadron x-wing, Power 5").unwrap();
    /// assert_eq!(x.describe(), "Power 4, Health 4, Accuracy 1, Power 5");
    /// ```
    pub fn parse(role: &str, spec: &str) -> Result<Unit, Error> {
        Unit::parse_with(role, spec, Cards::builtin())
    }

    /// Parses a SPEC whose `@Name` items name cards of `cards`.
    pub fn parse_with(role: &str, spec: &str, cards: &Cards) -> Result<Unit, Error> {
        let syntax = Syntax {
            cards: Some(cards),
            conditions: true,
        };
        Unit::parse_syntax(spec, syntax).map_err(|(item, message)| Error::Spec {
            role: role.to_string(),
            item,
            message,
        })
    }

    /// Parses a SPEC; an error is the offending item and what is wrong with it.
    pub(crate) fn parse_syntax(spec: &str, syntax: Syntax) -> Result<Unit, (String, String)> {
        let mut unit = Unit::default();
        if spec.trim().is_empty() {
            return Ok(unit);
        }
        for raw in spec.split(',') {
            let raw = raw.trim();
            unit.parse_entry(raw, syntax)
                .map_err(|message| (raw.to_string(), message))?;
        }
        Ok(unit)
    }

    fn parse_entry(&mut self, text: &str, syntax: Syntax) -> Result<(), String> {
        if let Some(name) = text.strip_prefix('@') {
            let cards = syntax
                .cards
                .ok_or("a card's items can't name another card (@Name)")?;
            return cards.expand(name.trim(), self);
        }
        let condition = text
            .split_once(':')
            .and_then(|(head, rest)| Some((Condition::parse(head)?, rest.trim())));
        let Some((when, rest)) = condition else {
            let item = parse_item(text)?;
            self.items.push(item);
            return Ok(());
        };
        let prefix = when.prefix();
        if !syntax.conditions {
            return Err(format!(
                "'{prefix}:' can't be used here: the item's condition is already given"
            ));
        }
        if rest.starts_with('@') {
            return Err(format!(
                "a card can't be conditioned; write its items with '{prefix}:' instead"
            ));
        }
        if rest
            .split_once(':')
            .and_then(|(h, _)| Condition::parse(h))
            .is_some()
        {
            return Err(
                "an item takes one condition (space, ground, character, enhance or pay)".into(),
            );
        }
        if rest.is_empty() {
            return Err(format!(
                "'{prefix}:' needs an item, as in '{prefix}: Accuracy 1'"
            ));
        }
        self.push(Some(when), parse_item(rest)?);
        Ok(())
    }

    /// Adds an item at the end, conditional or not.
    pub(crate) fn push(&mut self, when: Option<Condition>, item: Item) {
        match when {
            None => self.items.push(item),
            Some(when) => self.conditional.push(Conditional {
                when,
                item,
                at: self.items.len(),
            }),
        }
    }

    /// Adds every item of `other` at the end, in its order, as `when` if given.
    pub(crate) fn append(&mut self, other: &Unit, when: Option<Condition>) {
        for (w, item) in other.entries() {
            self.push(when.or(w), item.clone());
        }
    }

    /// Every item in SPEC order, with its condition if it has one.
    pub(crate) fn entries(&self) -> Vec<(Option<Condition>, &Item)> {
        let mut out = Vec::with_capacity(self.items.len() + self.conditional.len());
        let mut conditional = self.conditional.iter().peekable();
        for (i, item) in self.items.iter().enumerate() {
            while let Some(c) = conditional.next_if(|c| c.at <= i) {
                out.push((Some(c.when), &c.item));
            }
            out.push((None, item));
        }
        out.extend(conditional.map(|c| (Some(c.when), &c.item)));
        out
    }

    /// Whether the unit has items that apply only with its Enhance cost paid.
    pub fn has_enhance(&self) -> bool {
        self.has(Condition::Enhanced)
    }

    /// Whether the unit has abilities it pays for as it attacks or is attacked (`pay:` items).
    pub fn has_paid(&self) -> bool {
        self.has(Condition::Paid)
    }

    fn has(&self, when: Condition) -> bool {
        self.conditional.iter().any(|c| c.when == when)
    }

    /// The items conditioned on `when`, described.
    pub fn conditioned(&self, when: Condition) -> Vec<String> {
        self.conditional
            .iter()
            .filter(|c| c.when == when)
            .map(|c| c.item.describe())
            .collect()
    }

    /// The unit in `arena`, with the optional costs `paid` paid: the conditional items that
    /// apply become plain items in their place, the others are dropped, and `notes` say which.
    ///
    /// ```
    /// use holodice::swtcg::spec::{Arena, Paid, Unit};
    /// let u = Unit::parse("attacker", "Power 3, space: Accuracy 1, enhance: Power 5").unwrap();
    /// assert!(u.resolve(None, Paid::NONE).is_err()); // the arena decides Accuracy 1
    /// let paid = Paid { enhance: true, ..Paid::NONE };
    /// let space = u.resolve(Some(Arena::Space), paid).unwrap();
    /// assert_eq!(space.describe(), "Power 3, Accuracy 1, Power 5");
    /// ```
    pub fn resolve(&self, arena: Option<Arena>, paid: Paid) -> Result<Unit, Error> {
        let switched = |a: Arena| self.conditioned(Condition::Arena(a));
        let has_switch = Arena::ALL.into_iter().any(|a| !switched(a).is_empty());
        if has_switch && arena.is_none() {
            let items: Vec<String> = self
                .entries()
                .into_iter()
                .filter_map(|(w, item)| match w {
                    Some(Condition::Arena(a)) => Some(format!("{}: {}", a.name(), item.describe())),
                    _ => None,
                })
                .collect();
            return Err(Error::Input(format!(
                "the unit's Switch items ({}) depend on its arena; give --arena space|ground|character",
                items.join(", ")
            )));
        }
        let mut unit = Unit {
            notes: self.notes.clone(),
            ..Unit::default()
        };
        for (when, item) in self.entries() {
            let applies = match when {
                None => true,
                Some(Condition::Arena(a)) => Some(a) == arena,
                Some(Condition::Enhanced) => paid.enhance,
                Some(Condition::Paid) => paid.abilities,
            };
            if applies {
                unit.items.push(item.clone());
            }
        }
        if let (true, Some(arena)) = (has_switch, arena) {
            let here = switched(arena);
            let mut note = if here.is_empty() {
                format!("Switch: no {} effects", arena.name())
            } else {
                format!(
                    "Switch: {} effects apply ({})",
                    arena.name(),
                    here.join(", ")
                )
            };
            let dropped: Vec<String> = Arena::ALL
                .into_iter()
                .filter(|&a| a != arena)
                .filter_map(|a| {
                    let items = switched(a);
                    (!items.is_empty()).then(|| format!("{} ({})", a.name(), items.join(", ")))
                })
                .collect();
            if !dropped.is_empty() {
                note.push_str(&format!("; dropped: {}", dropped.join(", ")));
            }
            unit.notes.push(note);
        }
        let costs = [
            (
                Condition::Enhanced,
                "Enhance",
                paid.enhance,
                "swtcg attack --enhance evaluates both",
            ),
            (
                Condition::Paid,
                "Paid abilities",
                paid.abilities,
                "--pay all pays them",
            ),
        ];
        for (when, what, applied, how) in costs {
            let items = self.conditioned(when).join(", ");
            if items.is_empty() {
                continue;
            }
            unit.notes.push(if applied {
                format!("{what} paid: {items} applied")
            } else {
                format!("{what} not paid: {items} not applied ({how})")
            });
        }
        Ok(unit)
    }

    /// The last value given for a statistic (later items override earlier ones).
    pub fn stat(&self, stat: Stat) -> Option<i64> {
        self.items
            .iter()
            .rev()
            .find_map(|i| match i.keyword.transform {
                Transform::Stat { stat: s } if s == stat => Some(i.value),
                _ => None,
            })
    }

    /// The SPEC in canonical spelling, conditional items with their prefix.
    pub fn describe(&self) -> String {
        self.entries()
            .into_iter()
            .map(|(when, item)| match when {
                None => item.describe(),
                Some(w) => format!("{}: {}", w.prefix(), item.describe()),
            })
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// One keyword item (`Critical Hit 2`, `Armor`), as a SPEC writes it.
pub(crate) fn parse_item(text: &str) -> Result<Item, String> {
    read_item(text).map_err(|e| e.unwrap_or_else(|| unknown_keyword(text)))
}

/// The message for an item whose keyword is unknown, with the nearest known one.
fn unknown_keyword(text: &str) -> String {
    let (name, value_text) = split_item(text);
    match suggestion(Keywords::builtin(), name, value_text, text.contains(':')) {
        Some(near) => format!("unknown keyword '{}'; did you mean '{near}'?", quote(name)),
        None => format!(
            "unknown keyword '{}' (holodice swtcg keywords lists the known ones)",
            quote(name)
        ),
    }
}

/// An item's keyword name and the text of its value, if any.
fn split_item(text: &str) -> (&str, Option<&str>) {
    match text.split_once(':') {
        Some((name, rest)) => (name.trim(), Some(rest.trim())),
        None => match text.rsplit_once(char::is_whitespace) {
            Some((name, last)) if looks_numeric(last) => (name.trim(), Some(last)),
            _ => (text, None),
        },
    }
}

/// An item, or what is wrong with it: `None` when its keyword is unknown, as finding the nearest
/// name for the message is slow (card text tries many phrases that are no keyword).
pub(crate) fn read_item(text: &str) -> Result<Item, Option<String>> {
    if text.is_empty() {
        return Err(Some("empty item (two commas in a row?)".into()));
    }
    let (name, value_text) = split_item(text);
    let keyword = Keywords::builtin().get(name).ok_or(None)?;
    let kw = &keyword.name;
    let value = match (keyword.value, value_text) {
        (ValueKind::None, None) => 0,
        // A colon after a keyword without X introduces its effect text ("Foresight: Gain 2 Force").
        (ValueKind::None, Some(rest)) if text.contains(':') && !looks_numeric(rest) => 0,
        (ValueKind::None, Some(_)) => {
            return Err(Some(format!("{kw} takes no value; write just '{kw}'")))
        }
        (ValueKind::Optional, None) => Item::UNCOUNTED,
        (_, None) | (_, Some("")) => {
            return Err(Some(format!("{kw} needs a value, as in '{kw} 1'")));
        }
        (kind, Some(v)) => {
            let negative = v.starts_with('-');
            let out_of_range = |v: &str| match negative {
                true => format!("{} is below the limit of -{MAX_VALUE} for {kw}", quote(v)),
                false => format!("{} is over the limit of {MAX_VALUE} for {kw}", quote(v)),
            };
            if kind != ValueKind::Signed && negative && looks_numeric(v) {
                return Err(Some(format!("{kw} can't be negative")));
            }
            let parsed: i64 = v.trim_start_matches('+').parse().map_err(|_| {
                Some(if looks_numeric(v) {
                    out_of_range(v)
                } else {
                    format!(
                        "'{}' is not a whole number; write it as in '{kw} 2'",
                        quote(v)
                    )
                })
            })?;
            if parsed.unsigned_abs() > MAX_VALUE.unsigned_abs() {
                return Err(Some(out_of_range(v)));
            }
            parsed
        }
    };
    Ok(Item { keyword, value })
}

/// The whole item a misspelt one most likely meant: a number glued to a keyword split off
/// ("Power5" → "Power 5"), else the nearest keyword with the value given.
fn suggestion(keywords: &Keywords, name: &str, value: Option<&str>, colon: bool) -> Option<String> {
    let glued = name.trim_end_matches(|c: char| c.is_ascii_digit());
    let glued = glued.strip_suffix(['+', '-']).unwrap_or(glued);
    if value.is_none() && glued.len() < name.len() {
        if let Some(k) = keywords.get(glued.trim()) {
            return Some(format!("{} {}", k.name, &name[glued.len()..]));
        }
    }
    let near = keywords.nearest(name)?;
    Some(match value {
        Some(v) if colon => format!("{near}: {v}"),
        Some(v) => format!("{near} {v}"),
        None => near.to_string(),
    })
}

fn looks_numeric(s: &str) -> bool {
    let digits = s.strip_prefix(['+', '-']).unwrap_or(s);
    !digits.is_empty() && digits.chars().all(|c| c.is_ascii_digit())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(spec: &str) -> String {
        Unit::parse("attacker", spec).unwrap_err().to_string()
    }

    #[test]
    fn parses_values_names_and_case() {
        let u = Unit::parse("defender", " health 4 ,armor, Shields +1, Tapped, Damage 2").unwrap();
        assert_eq!(u.describe(), "Health 4, Armor, Shields 1, Tapped, Damage 2");
        assert_eq!(u.stat(Stat::Health), Some(4));
        assert_eq!(Unit::parse("x", "  ").unwrap().items.len(), 0);
    }

    #[test]
    fn later_statistics_override_earlier_ones() {
        let u = Unit::parse("attacker", "Power 3, Power 5").unwrap();
        assert_eq!(u.stat(Stat::Power), Some(5));
    }

    #[test]
    fn effect_text_after_a_colon_is_allowed_on_keywords_without_x() {
        let u = Unit::parse("attacker", "Power 2, Foresight: Gain 2 Force").unwrap();
        assert_eq!(u.describe(), "Power 2, Foresight");
    }

    #[test]
    fn bad_items_are_named_with_the_fix() {
        assert_eq!(
            err("Power 5, Critical Hit"),
            "attacker SPEC, item 'Critical Hit': Critical Hit needs a value, as in 'Critical Hit 1'"
        );
        assert!(err("Armor 2").contains("Armor takes no value"));
        assert!(err("Power -3").contains("Power can't be negative"));
        assert!(err("Power 5,,Armor").contains("empty item"));
        assert!(err("Power 99999999999999999999999").contains("over the limit"));
        assert!(err("Power 10001").contains("over the limit of 10000"));
        assert!(err("Powr 5").contains("did you mean 'Power 5'?"));
        assert!(err("Power5").contains("did you mean 'Power 5'?"));
        assert!(err("Accuracy-1").contains("did you mean 'Accuracy -1'?"));
        assert!(err("Armr").contains("did you mean 'Armor'?"));
        assert!(err("Power five").contains("unknown keyword 'Power five'"));
        assert!(err("Critical Hit: x").contains("not a whole number"));
    }

    #[test]
    fn conditional_items_keep_their_place_and_prefix() {
        let u = Unit::parse(
            "attacker",
            "Power 3, Ground: Power 6, enhance: Fury 1, Power 4",
        )
        .unwrap();
        assert_eq!(
            u.describe(),
            "Power 3, ground: Power 6, enhance: Fury 1, Power 4"
        );
        assert_eq!(u.items.len(), 2);
        assert_eq!(u.stat(Stat::Power), Some(4));
        // Resolved in place, the later Power 4 still wins.
        let paid = Paid {
            enhance: true,
            ..Paid::NONE
        };
        let r = u.resolve(Some(Arena::Ground), paid).unwrap();
        assert_eq!(r.describe(), "Power 3, Power 6, Fury 1, Power 4");
        assert_eq!(r.stat(Stat::Power), Some(4));
        assert!(u.has_enhance() && !r.has_enhance());
        // The canonical spelling reads back as the same unit.
        assert_eq!(Unit::parse("attacker", &u.describe()).unwrap(), u);
    }

    #[test]
    fn pay_items_apply_only_when_paid_and_say_so() {
        let u = Unit::parse("defender", "Health 3, PAY: Evade 2, enhance: Armor").unwrap();
        assert_eq!(u.describe(), "Health 3, pay: Evade 2, enhance: Armor");
        assert!(u.has_paid() && u.has_enhance());
        let unpaid = u.resolve(None, Paid::NONE).unwrap();
        assert_eq!(unpaid.describe(), "Health 3");
        assert_eq!(
            unpaid.notes[1],
            "Paid abilities not paid: Evade 2 not applied (--pay all pays them)"
        );
        let paid = Paid {
            abilities: true,
            ..Paid::NONE
        };
        let r = u.resolve(None, paid).unwrap();
        assert_eq!(r.describe(), "Health 3, Evade 2");
        assert_eq!(r.notes[1], "Paid abilities paid: Evade 2 applied");
        assert!(err("pay: enhance: Armor").contains("an item takes one condition"));
    }

    #[test]
    fn colons_after_keywords_still_give_values_or_effect_text() {
        assert_eq!(
            Unit::parse("a", "Critical Hit: 2").unwrap().describe(),
            "Critical Hit 2"
        );
        let u = Unit::parse("a", "space: Foresight: Gain 2 Force").unwrap();
        assert_eq!(u.describe(), "space: Foresight");
    }

    #[test]
    fn bad_conditions_are_named_with_the_fix() {
        assert_eq!(
            err("Power 3, space:"),
            "attacker SPEC, item 'space:': 'space:' needs an item, as in 'space: Accuracy 1'"
        );
        assert!(err("space: enhance: Fury 1").contains("an item takes one condition"));
        assert!(err("enhance: @Red Squadron X-wing").contains("a card can't be conditioned"));
        assert!(err("ground: Acuracy 1").contains("did you mean 'Accuracy 1'?"));
        assert!(err("hyperspace: Accuracy 1").contains("unknown keyword 'hyperspace'"));
    }

    #[test]
    fn arenas_parse_in_any_case() {
        assert_eq!(Arena::parse(" Character "), Some(Arena::Character));
        assert_eq!("GROUND".parse::<Arena>(), Ok(Arena::Ground));
        assert_eq!(Arena::parse("hyperspace"), None);
        assert!("sky"
            .parse::<Arena>()
            .unwrap_err()
            .contains("space, ground or character"));
        for a in Arena::ALL {
            assert_eq!(Arena::parse(a.name()), Some(a));
        }
    }
}
