//! A request's options checked as the command line checks its own, with the same lines, and
//! read into the object serde makes the command's arguments from. The checks come in clap's
//! order: each value as given (its possible values, its number and bounds), then what the
//! options ask of each other (conflicts, then what is required), a game's subcommand before its
//! command.

use super::options::{Kind, Opt};
use super::params::Rejection;
use crate::command::{parse_alpha, usage_line};
use serde_json::{Map, Value};

/// An option a request gives: its definition and its values (none for a flag).
pub(crate) struct Supplied<'a> {
    /// The option.
    pub opt: &'a Opt,
    /// Its values, in the order given.
    pub values: Vec<String>,
}

/// One command of the command line (a command, or its game's subcommand): the options it takes
/// and those a request gives it, in the order given.
pub(crate) struct Level<'a> {
    /// Every option and argument it takes, in the order the command line defines them.
    pub options: Vec<&'a Opt>,
    /// The options given.
    pub given: Vec<Supplied<'a>>,
}

/// The arguments a request gives a command (`outer`) and its game's subcommand (`inner`, with
/// its name), checked in clap's order, as the object serde reads the command's arguments from:
/// every option present, those not given at their defaults.
pub(crate) fn read(
    outer: &Level,
    inner: Option<(&str, &Level)>,
) -> Result<Map<String, Value>, Rejection> {
    let outer_values = outer.values()?;
    let inner = match inner {
        Some((name, level)) => {
            let values = level.values()?;
            level.validate()?;
            Some((name, level.object(values)?))
        }
        None => None,
    };
    outer.validate()?;
    let mut object = outer.object(outer_values)?;
    if let Some((name, o)) = inner {
        object.insert(name.to_string(), Value::Object(o));
    }
    Ok(object)
}

impl Level<'_> {
    /// Each given option's value, typed, in the order given: the first that is not valid is
    /// refused.
    fn values(&self) -> Result<Vec<Value>, Rejection> {
        self.given
            .iter()
            .map(|s| match s.opt.kind {
                Kind::Flag => Ok(Value::Bool(true)),
                Kind::One => typed(s.opt, &s.values[0]),
                Kind::Many => s.values.iter().map(|v| typed(s.opt, v)).collect(),
            })
            .collect()
    }

    /// What the options ask of each other: none given with one it conflicts with, then every
    /// one required given.
    fn validate(&self) -> Result<(), Rejection> {
        self.conflicts()?;
        self.required()
    }

    fn present(&self, key: &str) -> bool {
        self.given.iter().any(|s| s.opt.key == key)
    }

    /// The given options `opt` conflicts with (either one saying so), in the order given.
    fn clashes(&self, opt: &Opt) -> Vec<&Opt> {
        let mut with: Vec<&Opt> = Vec::new();
        for s in self.given.iter().filter(|s| s.opt.key != opt.key) {
            let clash = opt.conflicts.contains(&s.opt.key) || s.opt.conflicts.contains(&opt.key);
            if clash && !with.iter().any(|o| o.key == s.opt.key) {
                with.push(s.opt);
            }
        }
        with
    }

    fn conflicts(&self) -> Result<(), Rejection> {
        for s in &self.given {
            let head = format!(
                "error: the argument '{}' cannot be used with",
                s.opt.display
            );
            let text = match self.clashes(s.opt).as_slice() {
                [] => continue,
                [one] => format!("{head} '{}'", one.display),
                many => many.iter().fold(head + ":", |t, o| t + "\n  " + &o.display),
            };
            return Err(refusal(&text, &s.opt.display));
        }
        Ok(())
    }

    /// `opt` and what it requires, and what that requires, in turn.
    fn requirements<'o>(&'o self, opt: &'o Opt) -> Vec<&'o Opt> {
        let mut found: Vec<&Opt> = Vec::new();
        let mut next = vec![opt];
        while let Some(o) = next.pop() {
            for key in &o.requires {
                if let Some(r) = self.options.iter().find(|r| r.key == *key) {
                    if !found.iter().any(|f| f.key == r.key) {
                        found.push(r);
                        next.push(r);
                    }
                }
            }
        }
        found
    }

    /// Every option required and not given is missing, unless it conflicts with one given; so
    /// is one required unless others are, when none of them is given. The line lists them as
    /// clap does: each required one after what it requires, then the missing ones, given ones
    /// left out, the arguments last.
    fn required(&self) -> Result<(), Rejection> {
        let mut graph: Vec<&Opt> = self
            .options
            .iter()
            .copied()
            .filter(|o| o.required)
            .collect();
        for s in &self.given {
            for r in self.requirements(s.opt) {
                if !graph.iter().any(|g| g.key == r.key) {
                    graph.push(r);
                }
            }
        }
        let mut missing: Vec<&Opt> = (graph.iter().copied())
            .filter(|o| !self.present(&o.key) && self.clashes(o).is_empty())
            .collect();
        missing.extend(self.options.iter().copied().filter(|o| {
            !self.present(&o.key)
                && !o.required_unless.is_empty()
                && !o.required_unless.iter().any(|k| self.present(k))
        }));
        if missing.is_empty() {
            return Ok(());
        }
        let mut listed: Vec<&str> = Vec::new();
        let unrolled = graph.iter().flat_map(|g| {
            let mut each = self.requirements(g);
            each.push(g);
            each
        });
        for o in unrolled.chain(missing) {
            if !self.present(&o.key) && !listed.contains(&o.display.as_str()) {
                listed.push(&o.display);
            }
        }
        listed.sort_by_key(|d| !d.starts_with("--"));
        let text = listed.iter().fold(
            "error: the following required arguments were not provided:".to_string(),
            |t, d| t + "\n  " + d,
        );
        Err(refusal(&text, listed[0]))
    }

    /// Every option, at its value if given, its default if not.
    fn object(&self, values: Vec<Value>) -> Result<Map<String, Value>, Rejection> {
        let mut object = Map::new();
        for o in &self.options {
            let value = match self.given.iter().position(|s| s.opt.key == o.key) {
                Some(i) => values[i].clone(),
                None => default(o)?,
            };
            object.insert(o.key.clone(), value);
        }
        Ok(object)
    }
}

/// An option's value when not given: its default, or none (off, no value, an empty list).
fn default(o: &Opt) -> Result<Value, Rejection> {
    Ok(match (o.kind, &o.default) {
        (Kind::Flag, _) => Value::Bool(false),
        (Kind::One, Some(d)) => typed(o, d)?,
        (Kind::One, None) => Value::Null,
        (Kind::Many, Some(d)) => Value::Array(vec![typed(o, d)?]),
        (Kind::Many, None) => Value::Array(Vec::new()),
    })
}

/// One value as the option reads it: one of its possible values (its name), a number in its
/// bounds, or text.
fn typed(o: &Opt, raw: &str) -> Result<Value, Rejection> {
    if !o.values.is_empty() {
        let same = |name: &str| match o.ignore_case {
            true => name.eq_ignore_ascii_case(raw),
            false => name == raw,
        };
        let named = (o.values.iter().find(|v| same(v)))
            .or_else(|| o.aliases.iter().find(|(a, _)| same(a)).map(|(_, v)| v));
        return named
            .map(|v| Value::String(v.clone()))
            .ok_or_else(|| invalid(o, raw));
    }
    let Some(number) = &o.number else {
        return Ok(Value::String(raw.to_string()));
    };
    let fail = |why: String| {
        let text = format!("error: invalid value '{raw}' for '{}': {why}", o.display);
        refusal(&text, &o.display)
    };
    match number.kind.as_str() {
        // The one real-valued option: a significance level.
        "f64" => parse_alpha(raw).map(Value::from).map_err(fail),
        "usize" => (raw.parse::<usize>())
            .map(Value::from)
            .map_err(|e| fail(e.to_string())),
        _ => {
            let n: i64 = raw
                .parse()
                .map_err(|e: std::num::ParseIntError| fail(e.to_string()))?;
            let (min, max) = (
                number.min.unwrap_or(i64::MIN),
                number.max.unwrap_or(i64::MAX),
            );
            match (min..=max).contains(&n) {
                true => Ok(Value::from(n)),
                false => Err(fail(format!("{n} is not in {min}..={max}"))),
            }
        }
    }
}

/// A value that is none of an option's possible values: those values, and the nearest.
fn invalid(o: &Opt, raw: &str) -> Rejection {
    let mut text = match raw.is_empty() {
        true => format!(
            "error: a value is required for '{}' but none was supplied",
            o.display
        ),
        false => format!("error: invalid value '{raw}' for '{}'", o.display),
    };
    text += &format!("\n  [possible values: {}]", o.values.join(", "));
    if let Some(near) = similar(raw, &o.values) {
        text += &format!("\n\n  tip: a similar value exists: '{near}'");
    }
    refusal(&text, &o.display)
}

/// The possible value most like `raw` by Jaro similarity, over 0.7 (the last of equals), as
/// clap suggests one.
fn similar<'a>(raw: &str, values: &'a [String]) -> Option<&'a str> {
    let mut best: Option<(f64, &str)> = None;
    for v in values {
        let likeness = strsim::jaro(raw, v);
        if likeness > 0.7 && best.is_none_or(|(b, _)| likeness >= b) {
            best = Some((likeness, v));
        }
    }
    best.map(|(_, v)| v)
}

/// A refusal worded as clap words it (`text`, as clap writes it, on one line), about the option
/// shown as `display` (`--policy <POLICY>`; an argument names no key).
fn refusal(text: &str, display: &str) -> Rejection {
    let key = display
        .strip_prefix("--")
        .and_then(|k| k.split([' ', '=']).next());
    Rejection {
        message: usage_line(text),
        field: key.map(str::to_string),
    }
}
