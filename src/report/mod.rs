//! What each command answers: one typed answer per command (in the files here), which JSON and
//! YAML serialize, and its view for people, a [`Report`] (a title, a headline and named entries)
//! or a grid, which the other formats render.

pub mod answer;
pub(crate) mod army;
pub mod compare;
pub mod context;
pub mod entries;
pub mod fit;
pub mod legion;
pub mod legion_sequence;
pub mod resolved;
pub mod simulate;
pub mod swtcg;
pub mod table;
pub mod values;

use compare::Outcome;
use holodice_engine::dist::Dist;
use holodice_engine::game::{Game, Legion, Swtcg};
use num_rational::BigRational;

/// How a game's results are named: its JSON key, and the keys and labels of the variable it
/// compares and of the chance to destroy (or wipe) the defender.
pub trait Shown: Game {
    /// `swtcg`, `legion`.
    const KEY: &'static str;

    /// What the attacking unit of `query` costs, when its cards say.
    fn points(_query: &Self::Query) -> Option<u32> {
        None
    }

    /// One attack's result in a comparison, keyed as this game names it.
    fn compared(damage: Dist, destroyed: Option<BigRational>, points: Option<u32>) -> Outcome {
        Outcome::legion(damage, destroyed, points)
    }
}

impl Shown for Swtcg {
    const KEY: &'static str = "swtcg";

    /// No SWTCG card costs points.
    fn compared(damage: Dist, destroyed: Option<BigRational>, _: Option<u32>) -> Outcome {
        Outcome::swtcg(damage, destroyed)
    }
}

impl Shown for holodice_engine::game::LegionSequences {
    const KEY: &'static str = "legion";

    /// The unit's points when every attack is of units of the same points (one unit's
    /// activation).
    fn points(query: &Self::Query) -> Option<u32> {
        query.points()
    }
}

impl Shown for Legion {
    const KEY: &'static str = "legion";

    fn points(query: &Self::Query) -> Option<u32> {
        query
            .provenance
            .points(holodice_engine::legion::items::Role::Attacker)
    }
}

/// A reported value.
#[derive(Debug, Clone)]
pub enum Value {
    /// A random variable.
    Dist(Dist),
    /// A probability.
    Prob(BigRational),
    /// A whole number.
    Int(i64),
    /// Free text.
    Text(String),
    /// An exact number that is not a probability (a mean).
    Number(BigRational),
    /// Named values that belong together (trigger chances, rule options).
    Group(Vec<Entry>),
}

/// A named value of a view: `key` is the answer's key for it (the headline's entries are not
/// repeated below it), `label` the phrase for people.
#[derive(Debug, Clone)]
pub struct Entry {
    pub key: String,
    pub label: String,
    pub value: Value,
    /// Outputs for people show it only with `--verbose`: a list the headline sums up or, inside
    /// a group, an option at its default (they say "others at their defaults" instead).
    pub detail: bool,
}

impl Entry {
    pub fn new(key: &str, label: &str, value: Value) -> Entry {
        Entry {
            key: key.to_string(),
            label: label.to_string(),
            value,
            detail: false,
        }
    }

    /// An entry outputs for people show only with `--verbose`.
    pub fn detail(key: &str, label: &str, value: Value) -> Entry {
        Entry {
            detail: true,
            ..Entry::new(key, label, value)
        }
    }
}

/// One query's results for people: the view of an attack's or a sequence's answer.
#[derive(Debug, Clone)]
pub struct Report {
    pub title: String,
    /// What a reader wants first (the chance to destroy, the mean wounds): outputs for people
    /// print it under the title and don't repeat an entry of the same key.
    pub headline: Vec<Entry>,
    pub entries: Vec<Entry>,
    pub notes: Vec<String>,
}

/// The version of the JSON and YAML outputs' shape: keys may be added within a version, never
/// renamed or removed.
pub const SCHEMA: u32 = 1;

/// Text on one line, its words separated by single spaces: a SPEC as reports and captions
/// show it.
pub fn squeeze(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// An attacker and its defender in one phrase, "Power 5 against Health 4", or the attacker alone
/// when there is no defender SPEC.
pub fn matchup(attacker: &str, defender: &str) -> String {
    match (attacker.trim(), defender.trim()) {
        (a, "") => a.to_string(),
        (a, d) => format!("{a} against {d}"),
    }
}

/// An exact fraction as the JSON contract spells it: reduced `"n/d"`, or `"n"` for integers.
pub fn fraction(p: &BigRational) -> String {
    p.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fractions_are_reduced_and_integers_bare() {
        let half = BigRational::new(3.into(), 6.into());
        assert_eq!(fraction(&half), "1/2");
        assert_eq!(fraction(&BigRational::new(0.into(), 5.into())), "0");
        assert_eq!(fraction(&BigRational::new(4.into(), 4.into())), "1");
    }
}
