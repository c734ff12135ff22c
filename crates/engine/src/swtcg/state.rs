//! Items that read the game state: a value X counted from the unit's counters or given
//! (`Fury X, X = damage counters`, `+X power, X = mastery counters`, `Lucky X, X = 2`), and
//! items that apply only while a test on that state holds (`if damage <= 4: Shields 2`,
//! `if defending: Lucky 2`). They stay apart from a unit's plain items until an attack settles
//! them against the unit's counters ([`Unit::in_state`]), so a sequence, which adds counters
//! between attacks, settles them again for each attack.

use super::keywords::{Keyword, Keywords, Stat, Transform, ValueKind};
use super::spec::{strip_word, MAX_VALUE};
use super::unit::{Condition, Item, Unit};
use crate::error::quote;

/// What X or a test counts on the unit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Count {
    /// Its counters of a kind: `Damage` or a named kind (`Mastery Counters`).
    Counters(&'static Keyword),
    /// The unit's X (`X = …`).
    X,
}

impl Count {
    fn parse(text: &str) -> Option<Count> {
        let t = text.trim();
        if t.eq_ignore_ascii_case("x") {
            return Some(Count::X);
        }
        let bare = t.strip_suffix(" counters").unwrap_or(t);
        let keywords = Keywords::builtin();
        [t, bare, &format!("{bare} counters")]
            .into_iter()
            .filter_map(|name| keywords.get(name))
            .find(|k| counts(k))
            .map(Count::Counters)
    }

    fn describe(self) -> String {
        match self {
            Count::X => "X".into(),
            Count::Counters(k) if k.name == "Damage" => "damage counters".into(),
            Count::Counters(k) => k.name.to_lowercase(),
        }
    }
}

/// Whether a keyword counts counters on its unit: Damage and the named counters.
fn counts(k: &Keyword) -> bool {
    matches!(
        k.transform,
        Transform::Stat { stat: Stat::Damage } | Transform::Counters
    )
}

/// What the unit's X is: a number, or a count of its counters.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum XIs {
    /// A number given (`X = 2`).
    Number(i64),
    /// Its counters of this kind (`X = damage counters`, `X = mastery counters`).
    Count(&'static Keyword),
}

/// An item's value from X: `times`·X + `plus` (`X`, `X+1`, `2X`, `-X`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PerX {
    /// X's factor (2 in `2X+1`, −1 in `-X`).
    pub times: i64,
    /// The number added (1 in `2X+1`).
    pub plus: i64,
}

impl PerX {
    /// `X`, `X+1`, `X-1`, `2X`, `2X+1`, `-X`, `+X`: none of these, `None`.
    fn parse(text: &str) -> Option<PerX> {
        let t: String = text.chars().filter(|c| !c.is_whitespace()).collect();
        let t = t.to_ascii_lowercase();
        let (head, tail) = t.split_once('x')?;
        let times = match head {
            "" | "+" => 1,
            "-" => -1,
            n => n.parse().ok().filter(|n: &i64| n.abs() <= MAX_VALUE)?,
        };
        let plus = match tail {
            "" => 0,
            n => n
                .strip_prefix('+')
                .unwrap_or(n)
                .parse()
                .ok()
                .filter(|n: &i64| {
                    n.abs() <= MAX_VALUE && (n.is_negative() || tail.starts_with('+'))
                })?,
        };
        Some(PerX { times, plus })
    }

    fn describe(self) -> String {
        let head = match self.times {
            1 => "X".to_string(),
            -1 => "-X".to_string(),
            n => format!("{n}X"),
        };
        match self.plus {
            0 => head,
            n => format!("{head}{n:+}"),
        }
    }
}

/// A test on the unit's state or role.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Test {
    /// Its count compared with a number: `damage <= 4`, `mastery counters >= 1`.
    Compare(Count, Cmp, i64),
    /// While it attacks.
    Attacking,
    /// While it is attacked (or receives damage).
    Defending,
}

/// A comparison of a test.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cmp {
    /// `<=`
    AtMost,
    /// `>=`
    AtLeast,
    /// `<`
    Less,
    /// `>`
    More,
    /// `=`
    Equal,
}

impl Cmp {
    const ALL: [(&'static str, Cmp); 5] = [
        ("<=", Cmp::AtMost),
        (">=", Cmp::AtLeast),
        ("<", Cmp::Less),
        (">", Cmp::More),
        ("=", Cmp::Equal),
    ];

    fn holds(self, a: i64, b: i64) -> bool {
        match self {
            Cmp::AtMost => a <= b,
            Cmp::AtLeast => a >= b,
            Cmp::Less => a < b,
            Cmp::More => a > b,
            Cmp::Equal => a == b,
        }
    }

    fn symbol(self) -> &'static str {
        Cmp::ALL
            .iter()
            .find(|(_, c)| *c == self)
            .map_or("=", |(s, _)| s)
    }
}

impl Test {
    /// `damage <= 4`, `mastery counters >= 1`, `X = 0`, `attacking`, `defending`.
    fn parse(text: &str) -> Result<Test, String> {
        let t = text.trim();
        if t.eq_ignore_ascii_case("attacking") {
            return Ok(Test::Attacking);
        }
        if t.eq_ignore_ascii_case("defending") {
            return Ok(Test::Defending);
        }
        let bad = || {
            format!(
                "'if {}:' is no test; write 'if damage <= 4:', 'if mastery counters >= 1:', \
                 'if attacking:' or 'if defending:'",
                quote(t)
            )
        };
        let (at, symbol, cmp) = Cmp::ALL
            .iter()
            .find_map(|(s, c)| t.find(s).map(|at| (at, *s, *c)))
            .ok_or_else(bad)?;
        let count = Count::parse(&t[..at]).ok_or_else(bad)?;
        let n: i64 = t[at + symbol.len()..]
            .trim()
            .parse()
            .ok()
            .filter(|n: &i64| n.abs() <= MAX_VALUE)
            .ok_or_else(bad)?;
        Ok(Test::Compare(count, cmp, n))
    }

    fn describe(self) -> String {
        match self {
            Test::Attacking => "attacking".into(),
            Test::Defending => "defending".into(),
            Test::Compare(count, cmp, n) => format!("{} {} {n}", count.describe(), cmp.symbol()),
        }
    }
}

/// An item that reads the game state: applied only while `test` holds, its value from X when
/// `per` is given.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Stateful {
    /// A condition [`Unit::resolve`] settles (arena, Enhance, paid), before the state's.
    pub when: Option<Condition>,
    /// The test on the unit's state that must hold (`if damage <= 4:`).
    pub test: Option<Test>,
    /// The item applied; its value is replaced when `per` is given.
    pub item: Item,
    /// The item's value from X (`Fury X`, `+2X power`).
    pub per: Option<PerX>,
    /// How many of the unit's plain items come before it.
    pub at: usize,
}

impl Stateful {
    /// The item as a SPEC writes it, its condition's prefix first.
    pub fn describe(&self) -> String {
        let mut out = String::new();
        if let Some(w) = self.when {
            out.push_str(&format!("{}: ", w.prefix()));
        }
        if let Some(t) = self.test {
            out.push_str(&format!("if {}: ", t.describe()));
        }
        out.push_str(&match self.per {
            None => self.item.describe(),
            Some(per) => describe_with(&self.item, &per.describe()),
        });
        out
    }
}

/// An item written with its value as text (`X+1`), in its canonical spelling.
fn describe_with(item: &Item, value: &str) -> String {
    match stat_change(item.keyword) {
        Some(stat) => {
            let sign = if value.starts_with('-') { "" } else { "+" };
            format!("{sign}{value} {stat}")
        }
        None => format!("{} {value}", item.keyword.name),
    }
}

/// The statistic a `+N power` / `+N health` item changes.
pub(crate) fn stat_change(k: &Keyword) -> Option<&'static str> {
    match k.transform {
        Transform::StatChange { stat: Stat::Power } => Some("power"),
        Transform::StatChange { stat: Stat::Health } => Some("health"),
        _ => None,
    }
}

/// What one SPEC item that may read the state is.
pub(crate) enum Entry {
    Plain(Item),
    Stateful(Stateful),
    X(XIs),
}

/// Parses an item that may read the state: `if TEST: ITEM`, an X value, `+N power`, `X = …`.
pub(crate) fn parse_entry(text: &str) -> Result<Entry, String> {
    let t = text.trim();
    if let Some(rest) = strip_word(t, "if ") {
        let (test, item) = rest
            .split_once(':')
            .ok_or("'if' needs a test and an item, as in 'if damage <= 4: Shields 2'")?;
        let test = Test::parse(test)?;
        let item = item.trim();
        if item.is_empty() {
            return Err(
                "'if TEST:' needs an item after it, as in 'if damage <= 4: Shields 2'".into(),
            );
        }
        return Ok(Entry::Stateful(match parse_entry(item)? {
            Entry::Plain(item) => Stateful {
                when: None,
                test: Some(test),
                item,
                per: None,
                at: 0,
            },
            Entry::Stateful(s) if s.test.is_none() => Stateful {
                test: Some(test),
                ..s
            },
            Entry::Stateful(_) => return Err("an item takes one test".into()),
            Entry::X(_) => {
                return Err("X is defined once, with no test ('X = damage counters')".into())
            }
        }));
    }
    if let Some(rest) = x_definition(t) {
        return x_is(rest).map(Entry::X);
    }
    if let Some(change) = stat_change_item(t) {
        return Ok(change);
    }
    let (name, value) = match t.rsplit_once(char::is_whitespace) {
        Some((name, value)) if value.to_ascii_lowercase().contains('x') && !name.ends_with(':') => {
            (name, value)
        }
        _ => return super::spec::parse_item(t).map(Entry::Plain),
    };
    let Some(per) = PerX::parse(value) else {
        return super::spec::parse_item(t).map(Entry::Plain);
    };
    let item = super::spec::parse_item(&format!("{name} 1"))?;
    if item.keyword.value == ValueKind::None {
        return Err(format!("{} takes no value", item.keyword.name));
    }
    Ok(Entry::Stateful(Stateful {
        when: None,
        test: None,
        item,
        per: Some(per),
        at: 0,
    }))
}

/// The text after `X =` or `X:`.
/// `X N` too, as a table's rows write their items (`--rows "X 1..3"`).
fn x_definition(t: &str) -> Option<&str> {
    let rest = t.strip_prefix(['X', 'x'])?;
    let numbered = rest.starts_with(char::is_whitespace) && rest.trim().parse::<i64>().is_ok();
    if numbered {
        return Some(rest.trim());
    }
    let rest = rest.trim_start();
    rest.strip_prefix('=')
        .or_else(|| rest.strip_prefix(':'))
        .map(str::trim)
}

/// `3`, `damage counters`, `mastery counters`.
fn x_is(text: &str) -> Result<XIs, String> {
    if let Ok(n) = text.parse::<i64>() {
        return match (0..=MAX_VALUE).contains(&n) {
            true => Ok(XIs::Number(n)),
            false => Err(format!(
                "X = {n}: X is a whole number from 0 to {MAX_VALUE}"
            )),
        };
    }
    match Count::parse(text) {
        Some(Count::Counters(k)) => Ok(XIs::Count(k)),
        _ => Err(format!(
            "X = '{}': write a number or counters on the unit, as in 'X = 2', 'X = damage \
             counters' or 'X = mastery counters'",
            quote(text)
        )),
    }
}

/// The keyword and value text of a change of power or health as cards write it (`+2 power`,
/// `-1 health`, `+X power`), if `text` is one.
pub(crate) fn stat_change_form(text: &str) -> Option<(&'static Keyword, &str)> {
    let (value, stat) = text.trim().rsplit_once(char::is_whitespace)?;
    let stat = stat.to_ascii_lowercase();
    if !(stat == "power" || stat == "health") || !value.starts_with(['+', '-']) {
        return None;
    }
    let keyword = Keywords::builtin()
        .all()
        .iter()
        .find(|k| stat_change(k) == Some(stat.as_str()))
        .expect("the keyword data defines the power and health changes");
    Some((keyword, value))
}

/// `+X power`, `+2X+1 health`: a change of power or health by X.
fn stat_change_item(t: &str) -> Option<Entry> {
    let (keyword, value) = stat_change_form(t)?;
    let per = PerX::parse(value)?;
    let item = Item { keyword, value: 0 };
    Some(Entry::Stateful(Stateful {
        when: None,
        test: None,
        item,
        per: Some(per),
        at: 0,
    }))
}

/// The role a unit's state is settled in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    /// The unit attacks.
    Attacking,
    /// The unit is attacked (or receives damage).
    Defending,
}

impl Unit {
    /// The unit with its state-reading items settled: those whose test holds become plain items
    /// in their place, with X counted from its counters (the last value of each kind given, so
    /// a sequence's counters added later count); the others are dropped. A unit with none is
    /// returned as it is.
    ///
    /// ```
    /// use holodice_engine::swtcg::{state::Role, unit::Unit};
    /// let u = Unit::parse("defender", "Health 6, Damage 3, if damage <= 4: Shields 2, Fury X, X = damage counters").unwrap();
    /// let settled = u.in_state(Role::Defending).unwrap();
    /// assert_eq!(settled.describe(), "Health 6, Damage 3, Shields 2, Fury 3");
    /// ```
    pub fn in_state(&self, role: Role) -> Result<Unit, String> {
        if self.stateful.is_empty() && self.x.is_none() {
            return Ok(self.clone());
        }
        let count = |k: &'static Keyword| {
            self.items
                .iter()
                .rev()
                .find(|i| std::ptr::eq(i.keyword, k))
                .map_or(0, |i| i.value)
        };
        let x = match self.x {
            Some(XIs::Number(n)) => Some(n),
            Some(XIs::Count(k)) => Some(count(k)),
            None => None,
        };
        let value_of = |c: Count| match c {
            Count::Counters(k) => Ok(count(k)),
            Count::X => x.ok_or_else(no_x),
        };
        let mut unit = Unit {
            stateful: Vec::new(),
            x: None,
            ..self.clone()
        };
        let mut placed = 0;
        let mut applied = Vec::new();
        for s in &self.stateful {
            let holds = match s.test {
                None => true,
                Some(Test::Attacking) => role == Role::Attacking,
                Some(Test::Defending) => role == Role::Defending,
                Some(Test::Compare(c, cmp, n)) => cmp.holds(value_of(c)?, n),
            };
            if !holds {
                continue;
            }
            let mut item = s.item.clone();
            if let Some(per) = s.per {
                let x = x.ok_or_else(no_x)?;
                let v = per.times.saturating_mul(x).saturating_add(per.plus);
                let v = v.clamp(-MAX_VALUE, MAX_VALUE);
                item.value = match item.keyword.value {
                    ValueKind::Signed => v,
                    _ => v.max(0),
                };
            }
            unit.items.insert(s.at + placed, item.clone());
            applied.push(item);
            placed += 1;
        }
        let applied: Vec<String> = applied.iter().map(Item::describe).collect();
        let note = format!(
            "{} {}: {}",
            self.stateful
                .iter()
                .map(Stateful::describe)
                .chain(self.x.map(describe_x))
                .collect::<Vec<_>>()
                .join(", "),
            match role {
                Role::Attacking => "as it attacks",
                Role::Defending => "as it is attacked",
            },
            match applied.is_empty() {
                true => "nothing applies".to_string(),
                false => applied.join(", "),
            }
        );
        unit.notes.push(note.into());
        Ok(unit)
    }
}

fn no_x() -> String {
    "an item's value is X, but X is not given: add 'X = N' or 'X = damage counters' (the card's \
     text says what X counts)"
        .into()
}

/// `X = 2`, `X = damage counters`.
pub(crate) fn describe_x(x: XIs) -> String {
    match x {
        XIs::Number(n) => format!("X = {n}"),
        XIs::Count(k) => format!("X = {}", Count::Counters(k).describe()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn x_values_parse_and_spell_back() {
        for (text, times, plus) in [
            ("X", 1, 0),
            ("x+1", 1, 1),
            ("2X", 2, 0),
            ("-X", -1, 0),
            ("2X-1", 2, -1),
        ] {
            let per = PerX::parse(text).unwrap();
            assert_eq!((per.times, per.plus), (times, plus), "{text}");
        }
        assert_eq!(PerX::parse("X1"), None);
        assert_eq!(PerX::parse("box"), None);
        assert_eq!(PerX { times: 2, plus: -1 }.describe(), "2X-1");
    }

    #[test]
    fn tests_parse_and_spell_back() {
        let t = Test::parse("Mastery counters >= 1").unwrap();
        assert_eq!(t.describe(), "mastery counters >= 1");
        assert_eq!(
            Test::parse(" damage<=4").unwrap().describe(),
            "damage counters <= 4"
        );
        assert!(Test::parse("sunny").unwrap_err().contains("is no test"));
    }

    #[test]
    fn x_is_given_as_a_number_or_counted() {
        let x = |t: &str| match parse_entry(t) {
            Ok(Entry::X(x)) => Some(x),
            _ => None,
        };
        assert_eq!(x("X = 3"), Some(XIs::Number(3)));
        assert_eq!(x("x 2"), Some(XIs::Number(2)));
        assert_eq!(x("X: 0"), Some(XIs::Number(0)));
        assert!(matches!(x("X = damage counters"), Some(XIs::Count(k)) if k.name == "Damage"));
        assert!(matches!(x("X = mastery"), Some(XIs::Count(k)) if k.name == "Mastery Counters"));
        assert!(parse_entry("X = -1").is_err() && parse_entry("X = luck").is_err());
    }
}
