//! Which upgrades a unit may take, as a list builder offers them: for each slot of the unit's
//! upgrade bar (and each slot an upgrade it may take adds), the upgrade cards of that slot type
//! whose faction and `requirements` the unit meets.
//!
//! Legion HQ writes a requirement as a small language (docs/cards.md): an object of the unit's
//! facts that must all hold (`{"cardName": "Stormtroopers"}`, `{"cardSubtype": "clone trooper",
//! "rank": "corps"}`), a list led by `AND`, `OR` or `NOT` of objects and lists, a list of one
//! object, or `[]` for any unit. Every fact is read from the unit card; the one fact no card
//! gives, its Force affinity (`forceAffinity`, the original format's `"dark side": true`), is
//! unknown: a requirement that turns on it is offered, and says it was not checked.

use super::cards::{same, Card, Cards, Kind};
use super::units::DefenseDie;
use std::collections::HashMap;

/// The deepest nesting of lists a requirement may have (Legion HQ's need 3).
pub const MAX_NESTING: usize = 16;

/// A requirement as Legion HQ writes it, read and checked when its file was loaded.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum Requirement {
    /// No requirement (`[]`, or none given): any unit.
    #[default]
    Any,
    /// An object: every one of its facts holds.
    Facts(Vec<Fact>),
    Not(Box<Requirement>),
    And(Vec<Requirement>),
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

/// Whether a unit meets a requirement: yes, no, or unknown (it turns on a fact no card gives).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Truth {
    Yes,
    No,
    Unknown,
}

impl Truth {
    fn of(b: bool) -> Truth {
        match b {
            true => Truth::Yes,
            false => Truth::No,
        }
    }

    /// Both hold: no if either is no, else unknown if either is.
    pub fn and(self, other: Truth) -> Truth {
        match (self, other) {
            (Truth::No, _) | (_, Truth::No) => Truth::No,
            (Truth::Yes, Truth::Yes) => Truth::Yes,
            _ => Truth::Unknown,
        }
    }

    /// Either holds: yes if either is yes, else unknown if either is.
    pub fn or(self, other: Truth) -> Truth {
        match (self, other) {
            (Truth::Yes, _) | (_, Truth::Yes) => Truth::Yes,
            (Truth::No, Truth::No) => Truth::No,
            _ => Truth::Unknown,
        }
    }
}

impl std::ops::Not for Truth {
    type Output = Truth;

    /// The opposite; unknown stays unknown.
    fn not(self) -> Truth {
        match self {
            Truth::Yes => Truth::No,
            Truth::No => Truth::Yes,
            Truth::Unknown => Truth::Unknown,
        }
    }
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

    /// Whether `unit` meets the requirement.
    pub fn check(&self, unit: &Card) -> Truth {
        match self {
            Requirement::Any => Truth::Yes,
            Requirement::Facts(facts) => facts.iter().fold(Truth::Yes, |t, f| t.and(f.check(unit))),
            Requirement::Not(r) => !r.check(unit),
            Requirement::And(rs) => rs.iter().fold(Truth::Yes, |t, r| t.and(r.check(unit))),
            Requirement::Or(rs) => rs.iter().fold(Truth::No, |t, r| t.or(r.check(unit))),
        }
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
    /// Whether `unit` has this fact.
    pub fn check(&self, unit: &Card) -> Truth {
        let is = |have: Option<&str>, want: &str| {
            Truth::of(have.is_some_and(|h| h.trim().eq_ignore_ascii_case(want.trim())))
        };
        match self {
            Fact::Name(n) => Truth::of(same(&unit.name, n)),
            Fact::Title(t) => Truth::of(unit.title.as_deref().is_some_and(|u| same(u, t))),
            Fact::Subtype(s) => is(Some(&unit.subtype), s),
            Fact::Faction(f) => is(unit.faction.as_deref(), f),
            Fact::Rank(r) => is(unit.rank.as_deref(), r),
            Fact::Affiliation(a) => is(unit.affiliation.as_deref(), a),
            Fact::Keywords(ks) => Truth::of(
                ks.iter()
                    .all(|k| unit.keywords.iter().any(|uk| same(&uk.name, k))),
            ),
            Fact::Slots(slots) => Truth::of(slots.iter().all(|s| unit.has_slot(s))),
            Fact::Defense(d) => Truth::of(unit.stats.as_ref().is_some_and(|s| s.defense == *d)),
            Fact::ForceAffinity(_) | Fact::Picture(_) => Truth::Unknown,
        }
    }

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

/// Whether `unit` may take `upgrade`: the unit meets its requirements, and an upgrade of a
/// faction (Legion HQ's upgrades for one army) goes to a unit of that faction or with it among
/// its affiliations (the armies a mercenary joins); for a mercenary unit without it, unknown,
/// since battle forces, which the cards don't give, let mercenaries into other armies.
pub fn fits(unit: &Card, upgrade: &Card) -> Truth {
    if upgrade.kind != Kind::Upgrade {
        return Truth::No;
    }
    let is = |have: Option<&str>, want: &str| have.is_some_and(|h| h.eq_ignore_ascii_case(want));
    let army = match upgrade.faction.as_deref().map(str::trim) {
        None | Some("") => Truth::Yes,
        Some(f) if is(unit.faction.as_deref(), f) => Truth::Yes,
        Some(f) if unit.affiliations.iter().any(|a| is(Some(a), f)) => Truth::Yes,
        Some(_) if is(unit.faction.as_deref(), "mercenary") => Truth::Unknown,
        Some(_) => Truth::No,
    };
    army.and(upgrade.requirements.check(unit))
}

/// An upgrade that fits a slot.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Fitting<'a> {
    pub card: &'a Card,
    /// Whether it was checked to fit; `false` when that turns on what no card gives (a Force
    /// affinity, a mercenary's battle force): offered, as a list builder that can't tell would.
    pub checked: bool,
}

/// One slot type of a unit, with the upgrades that fit it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Slot<'a> {
    /// The slot type, as upgrades name it: `heavy weapon`, `personnel`, `force`, …
    pub slot: String,
    /// How many slots of the type the unit's bar has (the slots the unit card adds counted);
    /// 0 for a slot only an upgrade adds.
    pub count: usize,
    /// The fitting upgrades that add a slot of this type when equipped.
    pub added_by: Vec<&'a Card>,
    /// The upgrades of the slot type that fit the unit, by name.
    pub upgrades: Vec<Fitting<'a>>,
}

/// The upgrades that fit `unit`, slot type by slot type: those of its upgrade bar in the
/// bar's order (and those the unit card adds), then those the fitting upgrades add, in the
/// order met. Each slot's upgrades are the cards of its type that [`fits`] the unit, by name.
///
/// ```
/// use holodice_engine::legion::cards::{Cards, Kind};
/// use holodice_engine::legion::requirements::upgrades_for;
/// let cards = Cards::builtin();
/// let troopers = cards.find("Stormtroopers (ay)", Kind::Unit).unwrap();
/// let slots = upgrades_for(cards, troopers);
/// assert_eq!(slots[0].slot, "heavy weapon");
/// assert!(slots[0].upgrades.iter().any(|f| f.card.name == "DLT-19 Stormtrooper"));
/// ```
pub fn upgrades_for<'a>(cards: &'a Cards, unit: &Card) -> Vec<Slot<'a>> {
    let mut by_slot: HashMap<String, Vec<&'a Card>> = HashMap::new();
    for c in cards.all().iter().filter(|c| c.kind == Kind::Upgrade) {
        by_slot.entry(c.subtype.clone()).or_default().push(c);
    }
    let mut slots: Vec<Slot<'a>> = Vec::new();
    let at = |slots: &mut Vec<Slot<'a>>, slot: &str| -> usize {
        let slot = slot.trim().to_lowercase();
        match slots.iter().position(|s| s.slot == slot) {
            Some(i) => i,
            None => {
                slots.push(Slot {
                    slot,
                    count: 0,
                    added_by: Vec::new(),
                    upgrades: Vec::new(),
                });
                slots.len() - 1
            }
        }
    };
    for s in unit.upgrade_bar.iter().chain(&unit.adds_slots) {
        let i = at(&mut slots, s);
        slots[i].count += 1;
    }
    let mut i = 0;
    while i < slots.len() {
        let mut fitting: Vec<Fitting<'a>> = by_slot
            .get(&slots[i].slot)
            .into_iter()
            .flatten()
            .filter_map(|&c| match fits(unit, c) {
                Truth::No => None,
                t => Some(Fitting {
                    card: c,
                    checked: t == Truth::Yes,
                }),
            })
            .collect();
        fitting.sort_by_cached_key(|f| (f.card.full_name().to_lowercase(), f.card.id.clone()));
        for f in &fitting {
            for added in &f.card.adds_slots {
                let j = at(&mut slots, added);
                if !slots[j].added_by.iter().any(|c| std::ptr::eq(*c, f.card)) {
                    slots[j].added_by.push(f.card);
                }
            }
        }
        slots[i].upgrades = fitting;
        i += 1;
    }
    slots
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Cards from a YAML list in Legion HQ's field names.
    fn cards(yaml: &str) -> Cards {
        Cards::load("test.yaml", yaml).unwrap_or_else(|e| panic!("{e}"))
    }

    fn requirement(json: &str) -> Result<Requirement, String> {
        Requirement::read(&serde_yaml::from_str(json).unwrap())
    }

    const UNITS: &str = "
- {cardName: Troopers, cardType: unit, cardSubtype: trooper, faction: empire, rank: corps,
   keywords: [{name: Precise, value: 1}], upgradeBar: [heavy weapon, personnel, gear],
   stats: {minicount: 4, hp: 1, defense: w, courage: 1}}
- {cardName: Clones, cardType: unit, cardSubtype: clone trooper, faction: republic,
   rank: corps, upgradeBar: [heavy weapon, gear], stats: {minicount: 4, hp: 1, defense: r,
   courage: 1}}
- {cardName: Knight, title: Jedi Knight, cardType: unit, cardSubtype: trooper,
   faction: rebels, rank: operative, upgradeBar: [force, force, training],
   stats: {minicount: 1, hp: 7, defense: r, courage: 4}}
- {cardName: Hunter, cardType: unit, cardSubtype: mandalorian trooper, faction: mercenary,
   affiliation: Clan Wren, affiliations: [rebels], rank: special, upgradeBar: [personnel],
   stats: {minicount: 3, hp: 1, defense: w, courage: 1}}
";

    fn unit<'a>(cards: &'a Cards, name: &str) -> &'a Card {
        cards.find(name, Kind::Unit).unwrap()
    }

    fn truth(json: &str, name: &str) -> Truth {
        let cards = cards(UNITS);
        requirement(json).unwrap().check(unit(&cards, name))
    }

    #[test]
    fn an_object_holds_when_all_its_facts_do() {
        assert_eq!(
            truth(r#"[{"cardName": "Troopers"}]"#, "Troopers"),
            Truth::Yes
        );
        assert_eq!(truth(r#"[{"cardName": "Troopers"}]"#, "Clones"), Truth::No);
        let corps_clones = r#"[{"cardSubtype": "clone trooper", "rank": "corps"}]"#;
        assert_eq!(truth(corps_clones, "Clones"), Truth::Yes);
        assert_eq!(truth(corps_clones, "Troopers"), Truth::No);
        let rebel_corps = r#"[{"faction": "rebels", "rank": "corps", "cardSubtype": "trooper"}]"#;
        assert_eq!(truth(rebel_corps, "Troopers"), Truth::No);
        assert_eq!(truth(r#"[{"title": "Jedi Knight"}]"#, "Knight"), Truth::Yes);
        assert_eq!(
            truth(r#"[{"affiliation": "Clan Wren"}]"#, "Hunter"),
            Truth::Yes
        );
        assert_eq!(
            truth(r#"[{"affiliation": "Clan Wren"}]"#, "Troopers"),
            Truth::No
        );
        assert_eq!(
            truth(r#"[{"keywords": ["Precise"]}]"#, "Troopers"),
            Truth::Yes
        );
        assert_eq!(
            truth(r#"[{"upgradeBar": ["force"]}]"#, "Knight"),
            Truth::Yes
        );
        assert_eq!(
            truth(r#"[{"upgradeBar": ["force"]}]"#, "Troopers"),
            Truth::No
        );
        assert_eq!(
            truth(r#"[{"stats": {"defense": "w"}}]"#, "Troopers"),
            Truth::Yes
        );
        assert_eq!(
            truth(r#"[{"stats": {"defense": "w"}}]"#, "Clones"),
            Truth::No
        );
        // A mercenary's faction is its own: its affiliations are armies, not its faction.
        assert_eq!(truth(r#"[{"faction": "rebels"}]"#, "Hunter"), Truth::No);
        assert_eq!(truth("[]", "Hunter"), Truth::Yes);
        assert_eq!(truth("[{}]", "Hunter"), Truth::Yes);
    }

    #[test]
    fn and_or_not_nest() {
        let echo = r#"["AND", {"cardSubtype": "clone trooper"},
                       ["OR", {"rank": "corps"}, {"rank": "special"}]]"#;
        assert_eq!(truth(echo, "Clones"), Truth::Yes);
        assert_eq!(truth(echo, "Troopers"), Truth::No);
        let jedi = r#"["OR", {"cardName": "Knight"}, {"cardName": "Jedi Knight General"}]"#;
        assert_eq!(truth(jedi, "Knight"), Truth::Yes);
        assert_eq!(truth(jedi, "Troopers"), Truth::No);
        let not_commanders =
            r#"["AND", ["NOT", {"rank": "commander"}], ["NOT", {"rank": "operative"}]]"#;
        assert_eq!(truth(not_commanders, "Troopers"), Truth::Yes);
        assert_eq!(truth(not_commanders, "Knight"), Truth::No);
        let not_titled = r#"["AND", {"cardName": "Knight"}, ["NOT", {"title": "Sith"}]]"#;
        assert_eq!(truth(not_titled, "Knight"), Truth::Yes);
        assert_eq!(
            truth(r#"["NOT", ["OR", {"rank": "corps"}]]"#, "Clones"),
            Truth::No
        );
    }

    #[test]
    fn a_force_affinity_is_unknown_unless_the_rest_decides() {
        assert_eq!(
            truth(r#"[{"forceAffinity": "dark side"}]"#, "Knight"),
            Truth::Unknown
        );
        assert_eq!(truth(r#"[{"dark side": true}]"#, "Knight"), Truth::Unknown);
        let and = r#"["AND", {"forceAffinity": "dark side"}, {"cardName": "Troopers"}]"#;
        assert_eq!(truth(and, "Knight"), Truth::No);
        assert_eq!(truth(and, "Troopers"), Truth::Unknown);
        let or = r#"["OR", {"forceAffinity": "light side"}, {"rank": "operative"}]"#;
        assert_eq!(truth(or, "Knight"), Truth::Yes);
        assert_eq!(
            truth(r#"["NOT", {"forceAffinity": "light side"}]"#, "Knight"),
            Truth::Unknown
        );
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

    #[test]
    fn each_slot_offers_the_upgrades_of_its_type_that_fit() {
        let yaml = format!(
            "{UNITS}
- {{cardName: Trooper Gun, cardType: upgrade, cardSubtype: heavy weapon,
   requirements: [{{cardName: Troopers}}]}}
- {{cardName: Clone Gun, cardType: upgrade, cardSubtype: heavy weapon,
   requirements: [{{cardSubtype: clone trooper}}]}}
- {{cardName: Captain, cardType: upgrade, cardSubtype: personnel, additionalUpgradeSlots: [training],
   requirements: [{{rank: corps}}]}}
- {{cardName: Aide, cardType: upgrade, cardSubtype: personnel, faction: republic}}
- {{cardName: Rebel Aide, cardType: upgrade, cardSubtype: personnel, faction: rebels}}
- {{cardName: Clan Aide, cardType: upgrade, cardSubtype: personnel, faction: mandalorians}}
- {{cardName: Drill, cardType: upgrade, cardSubtype: training}}
- {{cardName: Armour, cardType: upgrade, cardSubtype: gear}}
- {{cardName: Choke, cardType: upgrade, cardSubtype: force, requirements: [{{forceAffinity: dark side}}]}}
- {{cardName: Push, cardType: upgrade, cardSubtype: force}}
"
        );
        let cards = cards(&yaml);
        let names = |slot: &Slot| -> Vec<String> {
            slot.upgrades.iter().map(|f| f.card.name.clone()).collect()
        };
        let troopers = upgrades_for(&cards, unit(&cards, "Troopers"));
        let listed: Vec<(&str, usize)> = troopers
            .iter()
            .map(|s| (s.slot.as_str(), s.count))
            .collect();
        assert_eq!(
            listed,
            [
                ("heavy weapon", 1),
                ("personnel", 1),
                ("gear", 1),
                ("training", 0)
            ]
        );
        assert_eq!(names(&troopers[0]), ["Trooper Gun"]);
        // The republic's aide is not for an empire unit; the captain adds a training slot.
        assert_eq!(names(&troopers[1]), ["Captain"]);
        assert_eq!(names(&troopers[2]), ["Armour"]);
        assert_eq!(troopers[3].added_by[0].name, "Captain");
        assert_eq!(names(&troopers[3]), ["Drill"]);
        // A mercenary takes its affiliations' upgrades; another army's, through a battle force
        // the cards don't give, maybe: offered unchecked.
        let hunter = upgrades_for(&cards, unit(&cards, "Hunter"));
        assert_eq!(names(&hunter[0]), ["Aide", "Clan Aide", "Rebel Aide"]);
        let checked: Vec<bool> = hunter[0].upgrades.iter().map(|f| f.checked).collect();
        assert_eq!(checked, [false, false, true]);
        // Two Force slots are one slot type of count 2; the dark side power is offered unchecked.
        let knight = upgrades_for(&cards, unit(&cards, "Knight"));
        assert_eq!((knight[0].slot.as_str(), knight[0].count), ("force", 2));
        assert_eq!(names(&knight[0]), ["Choke", "Push"]);
        assert!(!knight[0].upgrades[0].checked && knight[0].upgrades[1].checked);
    }
}
