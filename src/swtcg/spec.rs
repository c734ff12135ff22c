//! Unit SPECs: `"Power 5, Accuracy 1, Critical Hit 2"`, comma-separated and case-insensitive.

use super::keywords::{Keyword, Keywords, Stat, Transform, ValueKind};
use crate::error::Error;

/// The largest number any SPEC item may carry: far beyond real cards, small enough to compute.
pub const MAX_VALUE: i64 = 10_000;

/// One understood SPEC item.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Item {
    pub keyword: &'static Keyword,
    /// X, or 0 for keywords that take no value.
    pub value: i64,
}

impl Item {
    /// The item in its canonical spelling.
    pub fn describe(&self) -> String {
        match self.keyword.value {
            ValueKind::None => self.keyword.name.clone(),
            _ => format!("{} {}", self.keyword.name, self.value),
        }
    }
}

/// A unit as a SPEC describes it: its items in the order given.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Unit {
    pub items: Vec<Item>,
}

impl Unit {
    /// Parses a SPEC; `role` ("attacker", "defender") names the SPEC in errors.
    ///
    /// ```
    /// use holodice::swtcg::spec::Unit;
    /// let u = Unit::parse("attacker", "power 5, ACCURACY -1, Critical Hit: 2").unwrap();
    /// assert_eq!(u.describe(), "Power 5, Accuracy -1, Critical Hit 2");
    /// let e = Unit::parse("attacker", "Power 5, Acuracy 1").unwrap_err();
    /// assert!(e.to_string().contains("did you mean 'Accuracy'"));
    /// ```
    pub fn parse(role: &str, spec: &str) -> Result<Unit, Error> {
        if spec.trim().is_empty() {
            return Ok(Unit::default());
        }
        let items = spec
            .split(',')
            .map(|raw| {
                parse_item(raw.trim()).map_err(|message| Error::Spec {
                    role: role.to_string(),
                    item: raw.trim().to_string(),
                    message,
                })
            })
            .collect::<Result<_, _>>()?;
        Ok(Unit { items })
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

    /// The SPEC in canonical spelling.
    pub fn describe(&self) -> String {
        self.items
            .iter()
            .map(Item::describe)
            .collect::<Vec<_>>()
            .join(", ")
    }
}

fn parse_item(text: &str) -> Result<Item, String> {
    if text.is_empty() {
        return Err("empty item (two commas in a row?)".into());
    }
    let keywords = Keywords::builtin();
    let (name, value_text) = match text.split_once(':') {
        Some((name, rest)) => (name.trim(), Some(rest.trim())),
        None => match text.rsplit_once(char::is_whitespace) {
            Some((name, last)) if looks_numeric(last) => (name.trim(), Some(last)),
            _ => (text, None),
        },
    };
    let keyword = keywords
        .get(name)
        .ok_or_else(|| match keywords.nearest(name) {
            Some(near) => format!("unknown keyword '{name}'; did you mean '{near}'?"),
            None => {
                format!("unknown keyword '{name}' (holodice swtcg keywords lists the known ones)")
            }
        })?;
    let kw = &keyword.name;
    let value = match (keyword.value, value_text) {
        (ValueKind::None, None) => 0,
        // A colon after a keyword without X introduces its effect text ("Foresight: Gain 2 Force").
        (ValueKind::None, Some(rest)) if text.contains(':') && !looks_numeric(rest) => 0,
        (ValueKind::None, Some(_)) => {
            return Err(format!("{kw} takes no value; write just '{kw}'"))
        }
        (_, None) | (_, Some("")) => {
            return Err(format!("{kw} needs a value, as in '{kw} 1'"));
        }
        (kind, Some(v)) => {
            let v: i64 = v.trim_start_matches('+').parse().map_err(|_| {
                if looks_numeric(v) {
                    format!("{v} is over the limit of {MAX_VALUE} for {kw}")
                } else {
                    format!("'{v}' is not a whole number; write it as in '{kw} 2'")
                }
            })?;
            if kind == ValueKind::Count && v < 0 {
                return Err(format!("{kw} can't be negative"));
            }
            if v.unsigned_abs() > MAX_VALUE.unsigned_abs() {
                return Err(format!("{v} is over the limit of {MAX_VALUE} for {kw}"));
            }
            v
        }
    };
    Ok(Item { keyword, value })
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
        assert!(err("Powr 5").contains("did you mean 'Power'"));
        assert!(err("Power five").contains("unknown keyword 'Power five'"));
        assert!(err("Critical Hit: x").contains("not a whole number"));
    }
}
