//! Unit SPECs: `"Power 5, Accuracy 1, Critical Hit 2"`, comma-separated and case-insensitive.
//!
//! Besides keyword items a SPEC may name a card (`@Red Squadron X-wing`, expanded in place) and
//! condition an item on the unit's arena (`space: Accuracy 1`, Switch), on its Enhance cost being
//! paid (`enhance: Critical Hit 2`) or on an ability being paid for as it attacks or is attacked
//! (`pay: Evade 2`, a card's `Pay 2 Force -> Evade 2`); [`Unit::resolve`] settles the conditions.

use super::keywords::{Keywords, ValueKind};
use super::state::{parse_entry, stat_change_form, Entry};
use super::unit::{Condition, Item, Unit, LOSES};
use crate::error::quote;
use crate::error::{Error, Message};
use crate::names::{did_you_mean, elsewhere, Game};

/// The largest number any SPEC item may carry: far beyond real cards, small enough to compute.
pub const MAX_VALUE: i64 = 10_000;

/// What `@Name` names: a collection of cards that writes a card's items into a unit.
pub trait Expand {
    /// Adds the items of the card called `name` to `unit`, or says why it can't.
    fn expand(&self, name: &str, unit: &mut Unit) -> Result<(), Message>;
}

/// What a SPEC may contain where it is parsed.
#[derive(Clone, Copy)]
pub(crate) struct Syntax<'a> {
    /// The cards `@Name` can name; `None` where naming a card is not allowed.
    pub cards: Option<&'a dyn Expand>,
    /// Whether `space:` / `enhance:` prefixes are allowed (not where the condition is implied).
    pub conditions: bool,
}

impl Unit {
    /// Parses a SPEC whose `@Name` items name cards of `cards`.
    pub fn parse_with(role: &str, spec: &str, cards: &dyn Expand) -> Result<Unit, Error> {
        let syntax = Syntax {
            cards: Some(cards),
            conditions: true,
        };
        let unit = Unit::parse_syntax(spec, syntax);
        let unit = unit.and_then(
            |u| match (u.x, u.stateful.iter().find(|s| s.per.is_some())) {
                (None, Some(s)) => Err((
                    s.describe(),
                    Message::from(format!(
                        "its value is X, but the SPEC says not what X is: add 'X = N' or 'X = \
                     damage counters' (the card's text says what X counts), as in '{}, X = 2'",
                        s.describe()
                    )),
                )),
                _ => Ok(u),
            },
        );
        unit.map_err(|(item, message)| Error::Spec {
            role: role.to_string(),
            item,
            message,
        })
    }

    /// Parses a SPEC; an error is the offending item and what is wrong with it.
    pub(crate) fn parse_syntax(spec: &str, syntax: Syntax) -> Result<Unit, (String, Message)> {
        let mut unit = Unit::default();
        if spec.trim().is_empty() {
            return Ok(unit);
        }
        for raw in crate::names::items(spec) {
            let raw = raw.trim();
            unit.parse_entry(raw, syntax)
                .map_err(|message| (raw.to_string(), message))?;
        }
        Ok(unit)
    }

    fn parse_entry(&mut self, text: &str, syntax: Syntax) -> Result<(), Message> {
        if let Some(name) = text.strip_prefix('@') {
            let cards = syntax
                .cards
                .ok_or("a card's items can't name another card (@Name)")?;
            return cards.expand(name.trim(), self);
        }
        self.parse_item_entry(text, syntax)
            .map_err(|e| elsewhere(Game::Swtcg, text).unwrap_or_else(|| e.into()))
    }

    /// An entry that is no card: an item, perhaps with its condition, or a choice.
    fn parse_item_entry(&mut self, text: &str, syntax: Syntax) -> Result<(), String> {
        if let Some(options) = choice_options(text) {
            return self.parse_choice(options);
        }
        if let Some(names) = strip_word(text, LOSES) {
            return self.parse_loses(names);
        }
        let condition = text
            .split_once(':')
            .and_then(|(head, rest)| Some((Condition::parse(head)?, rest.trim())));
        let Some((when, rest)) = condition else {
            return self.add_entry(None, text);
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
        self.add_entry(Some(when), rest)
    }

    /// Adds an item that may read the game state (`if …:`, a value of X, `X = …`).
    fn add_entry(&mut self, when: Option<Condition>, text: &str) -> Result<(), String> {
        match parse_entry(text)? {
            Entry::Plain(item) => self.push(when, item),
            Entry::Stateful(s) => self.push_stateful(when, s),
            Entry::X(_) if when.is_some() => {
                return Err("X is defined with no condition ('X = damage counters')".into())
            }
            Entry::X(x) => self.x = Some(x),
        }
        Ok(())
    }

    /// `opponent loses: Armor and Lucky`: keywords the other unit of an attack loses for it.
    fn parse_loses(&mut self, names: &str) -> Result<(), String> {
        for name in names.split(" and ").map(str::trim) {
            let keyword = Keywords::builtin()
                .get(name)
                .ok_or_else(|| match Keywords::builtin().nearest(name) {
                    Some(near) => format!(
                        "'{LOSES}' names keywords; '{}' is none: did you mean '{near}'?",
                        quote(name)
                    ),
                    None => format!("'{LOSES}' names keywords; '{}' is none", quote(name)),
                })?;
            self.strips.push(keyword);
        }
        Ok(())
    }

    /// `choose: A / B and C`: each option's items, joined by "and".
    fn parse_choice(&mut self, options: &str) -> Result<(), String> {
        let syntax = Syntax {
            cards: None,
            conditions: false,
        };
        let parsed = options
            .split('/')
            .map(|option| {
                let spec = option.split(" and ").collect::<Vec<_>>().join(",");
                let spec = spec.replace(" AND ", ",");
                if spec.trim().is_empty() {
                    return Err(
                        "an option of 'choose:' is empty; write 'choose: Accuracy 1 / \
                                Critical Hit 2'"
                            .to_string(),
                    );
                }
                let unit = Unit::parse_syntax(&spec, syntax)
                    .map_err(|(item, m)| format!("option '{}' of 'choose:': {m}", quote(&item)))?;
                match unit.choices.is_empty() {
                    true => Ok(unit),
                    false => Err("a choice's option can't hold another choice".to_string()),
                }
            })
            .collect::<Result<Vec<Unit>, String>>()?;
        if parsed.len() < 2 {
            return Err(
                "'choose:' needs two options or more, split by '/', as in 'choose: Accuracy 1 / \
                 Critical Hit 2 / Fury 3 and Overkill'"
                    .into(),
            );
        }
        if parsed.len() > MAX_OPTIONS {
            return Err(format!("'choose:' takes at most {MAX_OPTIONS} options"));
        }
        self.choices.push(parsed);
        Ok(())
    }
}

/// The most options one choice may have, and the most choices a unit may have: every
/// combination of options is an attack to evaluate.
pub const MAX_OPTIONS: usize = 8;

/// `text` after a leading `prefix` (any case), trimmed, if it starts with it.
pub(crate) fn strip_word<'a>(text: &'a str, prefix: &str) -> Option<&'a str> {
    let head = text.get(..prefix.len())?;
    head.eq_ignore_ascii_case(prefix)
        .then(|| text[prefix.len()..].trim())
}

/// The options of a `choose:` entry, if it is one.
fn choice_options(text: &str) -> Option<&str> {
    let (head, rest) = text.split_once(':')?;
    head.trim()
        .eq_ignore_ascii_case("choose")
        .then_some(rest.trim())
}

/// One keyword item (`Critical Hit 2`, `Armor`), as a SPEC writes it.
pub(crate) fn parse_item(text: &str) -> Result<Item, String> {
    read_item(text).map_err(|e| e.unwrap_or_else(|| unknown_keyword(text)))
}

/// The message for an item whose keyword is unknown, with the known ones it likely meant.
fn unknown_keyword(text: &str) -> String {
    let (name, value_text) = split_item(text);
    let near = suggestion(Keywords::builtin(), name, value_text, text.contains(':'));
    match near.is_empty() {
        false => format!("unknown keyword '{}'; {}", quote(name), did_you_mean(&near)),
        true => format!(
            "unknown keyword '{}' (holodice swtcg keywords lists the known ones)",
            quote(name)
        ),
    }
}

/// Whether the words of `text` start the names of keywords that take its value, if it has one
/// ("Ion 2": "Ion Cannon"): it is a partial name of this game's, not an item of the other's.
pub(crate) fn starts_names(text: &str) -> bool {
    let (name, value) = split_item(text);
    !Keywords::builtin().longer(name, value.is_some()).is_empty()
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
    let (name, value_text) = match stat_change_form(text) {
        Some((keyword, value)) => (keyword.name.as_str(), Some(value)),
        None => split_item(text),
    };
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

/// The whole items a misspelt one most likely meant: a number glued to a keyword split off
/// ("Power5" → "Power 5"), else the keywords whose names start with it ("Ion 2" → "Ion
/// Cannon 2"), else the nearest keyword, each with the value given.
fn suggestion(keywords: &Keywords, name: &str, value: Option<&str>, colon: bool) -> Vec<String> {
    let glued = name.trim_end_matches(|c: char| c.is_ascii_digit());
    let glued = glued.strip_suffix(['+', '-']).unwrap_or(glued);
    if value.is_none() && glued.len() < name.len() {
        if let Some(k) = keywords.get(glued.trim()) {
            return vec![format!("{} {}", k.name, &name[glued.len()..])];
        }
    }
    let longer = keywords.longer(name, value.is_some());
    let near = match longer.is_empty() {
        true => keywords.nearest(name).into_iter().collect(),
        false => longer,
    };
    let valued = |near: &str| match value {
        Some(v) if colon => format!("{near}: {v}"),
        Some(v) => format!("{near} {v}"),
        None => near.to_string(),
    };
    near.into_iter().map(valued).collect()
}

fn looks_numeric(s: &str) -> bool {
    let digits = s.strip_prefix(['+', '-']).unwrap_or(s);
    !digits.is_empty() && digits.chars().all(|c| c.is_ascii_digit())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::swtcg::keywords::Stat;
    use crate::swtcg::unit::{Arena, Paid};

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
            unpaid.notes[1].worded(&|i| format!("--{}", i.key())),
            "Paid abilities not paid: Evade 2 not applied (--pay all pays them)"
        );
        let paid = Paid {
            abilities: true,
            ..Paid::NONE
        };
        let r = u.resolve(None, paid).unwrap();
        assert_eq!(r.describe(), "Health 3, Evade 2");
        assert_eq!(
            r.notes[1].to_string(),
            "Paid abilities paid: Evade 2 applied"
        );
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
