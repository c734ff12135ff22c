//! Legion HQ's upgrade requirements: which units an upgrade card is for, read and checked when
//! a card file is loaded, and put in a few words for listings. [`fitting`](super::fitting)
//! checks them against a unit.
//!
//! Legion HQ writes a requirement as a small language (docs/cards.md): an object of the unit's
//! facts that must all hold (`{"cardName": "Stormtroopers"}`, `{"cardSubtype": "clone trooper",
//! "rank": "corps"}`), a list led by `AND`, `OR` or `NOT` of objects and lists, a list of one
//! object, or `[]` for any unit. Every fact is one a unit card gives but its Force affinity
//! (`forceAffinity`, the original format's `"dark side": true`), which no card gives.

use super::units::DefenseDie;

/// The deepest nesting of lists a requirement may have (Legion HQ's need 3).
pub(crate) const MAX_NESTING: usize = 16;

/// A requirement as Legion HQ writes it, read and checked when its file was loaded.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum Requirement {
    /// No requirement (`[]`, or none given): any unit.
    #[default]
    Any,
    /// An object: every one of its facts holds.
    Facts(Vec<Fact>),
    /// `["NOT", …]`: the requirement does not hold.
    Not(Box<Requirement>),
    /// `["AND", …]`: every requirement holds.
    And(Vec<Requirement>),
    /// `["OR", …]`: at least one requirement holds.
    Or(Vec<Requirement>),
}

/// One fact of a requirement's object, about the unit that would take the upgrade.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Fact {
    /// `cardName`: the unit's name.
    Name(String),
    /// `title`.
    Title(String),
    /// `cardSubtype`: `trooper`, `clone trooper`, `ground vehicle`, …
    Subtype(String),
    /// `faction`: the unit's own faction (a mercenary's affiliations don't count).
    Faction(String),
    /// `rank`: `corps`, `special`, …
    Rank(String),
    /// `affiliation`: Legion HQ's `affiliation` of the unit (`Clan Wren`, `raider`, …).
    Affiliation(String),
    /// `keywords`: the unit has each of these keywords (by name, any value).
    Keywords(Vec<String>),
    /// `upgradeBar`: the unit's upgrade bar has each of these slots.
    Slots(Vec<String>),
    /// `stats: {defense: w}`: the unit's defense die.
    Defense(DefenseDie),
    /// `forceAffinity` (`light side`, `dark side`), or the original format's `"light side":
    /// true`: no card gives a unit's affinity, so it can't be checked.
    ForceAffinity(String),
    /// The original Legion HQ's `imageName`: the unit whose card picture it names (`Maul2.jpeg`,
    /// for The Darksaber), which no card fact says: unknown, as a Force affinity.
    Picture(String),
}

/// The fields a requirement's object may name, for messages.
const FIELDS: &str = "cardName, title, cardSubtype, faction, rank, affiliation, keywords, \
upgradeBar, stats (defense), forceAffinity";

/// The operators a requirement's list may start with.
const OPERATORS: [&str; 3] = ["AND", "OR", "NOT"];

impl Requirement {
    /// Reads Legion HQ's `requirements` (docs/cards.md); an unknown operator or field, or a
    /// shape Legion HQ doesn't write, is refused with what is wrong.
    ///
    /// ```
    /// use holodice_engine::legion::requirements::Requirement;
    /// let json: serde_yaml::Value = serde_yaml::from_str(
    ///     r#"["AND", {"cardSubtype": "clone trooper"}, ["OR", {"rank": "corps"}, {"rank": "special"}]]"#,
    /// ).unwrap();
    /// let r = Requirement::read(&json).unwrap();
    /// assert_eq!(r.describe().unwrap(), "clone trooper and (corps or special)");
    /// let bad: serde_yaml::Value = serde_yaml::from_str(r#"[{"colour": "red"}]"#).unwrap();
    /// assert!(Requirement::read(&bad).unwrap_err().contains("unknown field 'colour'"));
    /// ```
    pub fn read(value: &serde_yaml::Value) -> Result<Requirement, String> {
        read(value, 0)
    }

    /// The requirement in a few words, `None` for none: `Stormtroopers`, `clone trooper and
    /// (corps or special)`, `Imperial Special Forces and not title Inferno Squad`; a fact that
    /// can't be checked says so (`dark side (not checked)`).
    pub fn describe(&self) -> Option<String> {
        match self {
            Requirement::Any => None,
            r => Some(r.words(None)),
        }
    }

    /// The words, in parentheses when inside another operator.
    fn words(&self, inside: Option<Op>) -> String {
        let (op, parts): (Op, Vec<String>) = match self {
            Requirement::Any => return "any unit".into(),
            Requirement::Facts(facts) if facts.is_empty() => return "any unit".into(),
            Requirement::Facts(facts) => (Op::And, fact_words(facts)),
            Requirement::Not(r) => return format!("not {}", r.words(Some(Op::Not))),
            Requirement::And(rs) => (Op::And, rs.iter().map(|r| r.words(Some(Op::And))).collect()),
            Requirement::Or(rs) => (Op::Or, rs.iter().map(|r| r.words(Some(Op::Or))).collect()),
        };
        let text = parts.join(op.joint());
        match (parts.len(), inside) {
            (2.., Some(outer)) if outer != op => format!("({text})"),
            _ => text,
        }
    }
}

/// An operator, for the words' parentheses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Op {
    And,
    Or,
    Not,
}

impl Op {
    fn joint(self) -> &'static str {
        match self {
            Op::Or => " or ",
            _ => " and ",
        }
    }
}

/// An object's facts in words; a name and a title of one object read `Name (Title)`.
fn fact_words(facts: &[Fact]) -> Vec<String> {
    let title = facts.iter().find_map(|f| match f {
        Fact::Title(t) => Some(t.as_str()),
        _ => None,
    });
    let named = facts.iter().any(|f| matches!(f, Fact::Name(_)));
    facts
        .iter()
        .filter(|f| !(named && matches!(f, Fact::Title(_))))
        .flat_map(|f| match (f, title) {
            (Fact::Name(n), Some(t)) => vec![format!("{n} ({t})")],
            (f, _) => f.words(),
        })
        .collect()
}

impl Fact {
    /// The fact in words (several for a list of keywords or slots).
    fn words(&self) -> Vec<String> {
        match self {
            Fact::Name(n) => vec![n.clone()],
            Fact::Title(t) => vec![format!("title {t}")],
            Fact::Subtype(s) | Fact::Faction(s) | Fact::Rank(s) => vec![s.clone()],
            Fact::Affiliation(a) => vec![format!("affiliation {a}")],
            Fact::Keywords(ks) => ks.iter().map(|k| format!("keyword {k}")).collect(),
            Fact::Slots(ss) => ss.iter().map(|s| format!("{s} slot")).collect(),
            Fact::Defense(d) => vec![format!("{} defense", d.word())],
            Fact::ForceAffinity(side) => vec![format!("{side} (not checked)")],
            Fact::Picture(p) => vec![format!("the unit pictured {p} (not checked)")],
        }
    }
}

/// A requirement, `depth` lists deep.
fn read(value: &serde_yaml::Value, depth: usize) -> Result<Requirement, String> {
    use serde_yaml::Value;
    if depth > MAX_NESTING {
        return Err(format!("requirements nested over {MAX_NESTING} lists deep"));
    }
    match value {
        Value::Null => Ok(Requirement::Any),
        Value::Mapping(m) => facts(m),
        Value::Sequence(items) => match items.as_slice() {
            [] => Ok(Requirement::Any),
            [Value::String(op), operands @ ..] => {
                let operands = operands
                    .iter()
                    .map(|o| operand(o, depth))
                    .collect::<Result<Vec<_>, _>>()?;
                match (op.as_str(), operands.len()) {
                    ("NOT", 1) => Ok(Requirement::Not(Box::new(
                        operands.into_iter().next().unwrap(),
                    ))),
                    ("NOT", n) => Err(format!(
                        "requirements: NOT takes one object or list, not {n}"
                    )),
                    ("AND" | "OR", 0) => Err(format!(
                        "requirements: {op} needs objects or lists after it"
                    )),
                    ("AND", _) => Ok(Requirement::And(operands)),
                    ("OR", _) => Ok(Requirement::Or(operands)),
                    _ => Err(format!(
                        "requirements: unknown operator '{}': Legion HQ's are {}",
                        crate::error::quote(op),
                        OPERATORS.join(", ")
                    )),
                }
            }
            [Value::Mapping(m)] => facts(m),
            [Value::Mapping(_), ..] => {
                Err("requirements: several objects without AND or OR before them: say which".into())
            }
            _ => Err("requirements: a list starts with AND, OR or NOT, or holds one object".into()),
        },
        _ => Err("requirements are a list (or one object) of the unit's facts".into()),
    }
}

/// An operand of AND, OR or NOT: an object or a list.
fn operand(value: &serde_yaml::Value, depth: usize) -> Result<Requirement, String> {
    match value {
        serde_yaml::Value::Mapping(m) => facts(m),
        serde_yaml::Value::Sequence(_) => read(value, depth + 1),
        _ => Err("requirements: AND, OR and NOT are followed by objects or lists".into()),
    }
}

/// An object's facts, each field checked.
fn facts(m: &serde_yaml::Mapping) -> Result<Requirement, String> {
    use serde_yaml::Value;
    let mut facts = Vec::new();
    for (k, v) in m {
        let Value::String(field) = k else {
            return Err("requirements: a field's name is text".into());
        };
        let text = || match v {
            Value::String(s) if !s.trim().is_empty() => Ok(s.trim().to_string()),
            _ => Err(format!("requirements: {field} is a name, as text")),
        };
        let names = || match v {
            Value::Sequence(items) => items
                .iter()
                .map(|i| match i {
                    Value::String(s) if !s.trim().is_empty() => Ok(s.trim().to_string()),
                    _ => Err(format!("requirements: {field} is a list of names")),
                })
                .collect::<Result<Vec<_>, _>>(),
            _ => Err(format!("requirements: {field} is a list of names")),
        };
        let fact = match field.as_str() {
            "cardName" => Fact::Name(text()?),
            "title" => Fact::Title(text()?),
            "cardSubtype" => Fact::Subtype(text()?.to_lowercase()),
            "faction" => Fact::Faction(text()?),
            "rank" => Fact::Rank(text()?),
            "affiliation" => Fact::Affiliation(text()?),
            "keywords" => Fact::Keywords(names()?),
            "upgradeBar" => Fact::Slots(names()?.iter().map(|s| s.to_lowercase()).collect()),
            "stats" => defense(v)?,
            "forceAffinity" => match text()?.to_lowercase().as_str() {
                side @ ("light side" | "dark side") => Fact::ForceAffinity(side.into()),
                other => {
                    return Err(format!(
                        "requirements: forceAffinity is '{}': give light side or dark side",
                        crate::error::quote(other)
                    ))
                }
            },
            // The original Legion HQ's spelling: {"dark side": true}.
            side @ ("light side" | "dark side") => match v {
                Value::Bool(true) => Fact::ForceAffinity(side.into()),
                _ => return Err(format!("requirements: '{side}' is true or absent")),
            },
            // The original's {"force": true}: a Force user, which a Force slot makes.
            "force" => match v {
                Value::Bool(true) => Fact::Slots(vec!["force".into()]),
                _ => return Err("requirements: 'force' is true or absent".into()),
            },
            // The original's {"imageName": "Maul2.jpeg"}: the unit of that picture.
            "imageName" => Fact::Picture(text()?),
            other => {
                return Err(format!(
                    "requirements: unknown field '{}' (holodice reads {FIELDS})",
                    crate::error::quote(other)
                ))
            }
        };
        facts.push(fact);
    }
    Ok(Requirement::Facts(facts))
}

/// `stats: {defense: w}`: the one statistic Legion HQ's requirements name.
fn defense(v: &serde_yaml::Value) -> Result<Fact, String> {
    use serde_yaml::Value;
    let Value::Mapping(m) = v else {
        return Err("requirements: stats is an object, {defense: w}".into());
    };
    let mut found = None;
    for (k, v) in m {
        match (k.as_str(), v.as_str()) {
            (Some("defense"), Some("w" | "white")) => found = Some(DefenseDie::White),
            (Some("defense"), Some("r" | "red")) => found = Some(DefenseDie::Red),
            (Some("defense"), _) => {
                return Err("requirements: stats.defense is r or w".into());
            }
            (other, _) => {
                return Err(format!(
                    "requirements: unknown field 'stats.{}' (holodice reads stats.defense)",
                    crate::error::quote(other.unwrap_or("?"))
                ))
            }
        }
    }
    found
        .map(Fact::Defense)
        .ok_or_else(|| "requirements: stats names no defense".into())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn requirement(json: &str) -> Result<Requirement, String> {
        Requirement::read(&serde_yaml::from_str(json).unwrap())
    }

    #[test]
    fn unknown_operators_fields_and_shapes_are_refused() {
        let refused = |json: &str, says: &str| {
            let e = requirement(json).unwrap_err();
            assert!(e.contains(says), "{json}: {e}");
        };
        refused(r#"["XOR", {"rank": "corps"}]"#, "unknown operator 'XOR'");
        refused(r#"["and", {"rank": "corps"}]"#, "unknown operator 'and'");
        refused(r#"[{"colour": "red"}]"#, "unknown field 'colour'");
        refused(r#"[{"stats": {"hp": 3}}]"#, "unknown field 'stats.hp'");
        refused(r#"[{"forceAffinity": "grey"}]"#, "light side or dark side");
        refused(
            r#"["NOT", {"rank": "corps"}, {"rank": "heavy"}]"#,
            "NOT takes one",
        );
        refused(r#"["AND"]"#, "needs objects or lists");
        refused(
            r#"[{"rank": "corps"}, {"rank": "heavy"}]"#,
            "without AND or OR",
        );
        refused(r#"["OR", "corps"]"#, "followed by objects or lists");
        refused(r#"[{"rank": 3}]"#, "rank is a name");
        refused(r#"[{"keywords": "Speeder"}]"#, "keywords is a list");
        refused("3", "a list (or one object)");
        let deep = format!("{}{{}}{}", "[\"NOT\", ".repeat(20), "]".repeat(20));
        refused(&deep, "nested over");
    }

    #[test]
    fn requirements_read_as_a_few_words() {
        let words = |json: &str| requirement(json).unwrap().describe();
        assert_eq!(words("[]"), None);
        assert_eq!(
            words(r#"[{"cardName": "Stormtroopers"}]"#).unwrap(),
            "Stormtroopers"
        );
        assert_eq!(
            words(r#"[{"cardName": "Scout Troopers", "title": "Strike Team"}]"#).unwrap(),
            "Scout Troopers (Strike Team)"
        );
        assert_eq!(
            words(r#"["AND", {"cardName": "Imperial Special Forces"}, ["NOT", {"title": "Inferno Squad"}]]"#)
                .unwrap(),
            "Imperial Special Forces and not title Inferno Squad"
        );
        assert_eq!(
            words(r#"["OR", {"cardSubtype": "emplacement trooper"}, ["AND", {"keywords": ["Prepared Position"]}, ["OR", {"cardSubtype": "trooper"}, {"cardSubtype": "clone trooper"}]]]"#)
                .unwrap(),
            "emplacement trooper or (keyword Prepared Position and (trooper or clone trooper))"
        );
        assert_eq!(
            words(r#"["AND", ["NOT", {"rank": "commander"}], ["NOT", {"rank": "operative"}]]"#)
                .unwrap(),
            "not commander and not operative"
        );
        assert_eq!(
            words(r#"["NOT", {"rank": "heavy", "affiliation": "raider"}]"#).unwrap(),
            "not (heavy and affiliation raider)"
        );
        assert_eq!(
            words(r#"[{"forceAffinity": "dark side"}]"#).unwrap(),
            "dark side (not checked)"
        );
        assert_eq!(
            words(r#"[{"upgradeBar": ["force"], "stats": {"defense": "w"}}]"#).unwrap(),
            "force slot and white defense"
        );
    }
}
