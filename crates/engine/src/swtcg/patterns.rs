//! The patterns of card abilities holodice does not model (`data/swtcg/patterns.yaml`): a label
//! for each such ability, computed from its text when a set file is read, so that the built-in
//! cards, which keep no text, still say what kind of ability each one is and whether it could
//! change an attack's dice (`holodice swtcg coverage`).

use super::keywords::normalize;
use crate::data::{self, DataError};
use serde::Deserialize;
use std::sync::OnceLock;

/// Where the patterns are defined.
pub(crate) const PATTERNS_FILE: &str = "data/swtcg/patterns.yaml";
const PATTERNS_YAML: &str = include_str!("../../../../data/swtcg/patterns.yaml");

/// One pattern: its label, whether it can change an attack's dice, and the phrases that find it.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Pattern {
    /// What kind of ability it is, as the coverage listing names it.
    pub label: String,
    /// Whether abilities of this kind can change an attack's dice.
    pub dice: bool,
    /// The phrases that find it (none in the last pattern, which takes every text left).
    any: Vec<String>,
}

/// The patterns, in the order they are tried.
#[derive(Debug, Clone)]
pub(crate) struct Patterns(Vec<Pattern>);

impl Patterns {
    /// The patterns shipped in the binary.
    pub(crate) fn builtin() -> &'static Patterns {
        static PATTERNS: OnceLock<Patterns> = OnceLock::new();
        PATTERNS.get_or_init(|| {
            Patterns::load(PATTERNS_FILE, PATTERNS_YAML)
                .unwrap_or_else(|e| panic!("the embedded pattern data is malformed: {e}"))
        })
    }

    /// Parses and checks a patterns file: labels once each, and only the last pattern, which
    /// takes every text left, without phrases.
    pub(crate) fn load(file: &str, text: &str) -> Result<Patterns, DataError> {
        let list: Vec<Pattern> = data::parse(file, text)?;
        let fail = |p: &Pattern, message: &str| {
            data::keyed_error(file, text, ("label", &p.label), message.into())
        };
        let Some(last) = list.last().filter(|p| p.any.is_empty()) else {
            let message = "the last pattern takes every text left: give it 'any: []'";
            return Err(DataError::of_file(file, message.into()));
        };
        for (i, p) in list.iter().enumerate() {
            if list[..i].iter().any(|q| q.label == p.label) {
                return Err(fail(p, "the label is given twice"));
            }
            if p.any.is_empty() && p != last {
                return Err(fail(p, "only the last pattern may have no phrases"));
            }
        }
        Ok(Patterns(list))
    }

    /// The pattern of an ability's text: the first with a phrase the text contains.
    pub(crate) fn classify(&self, ability: &str) -> &Pattern {
        let text = normalize(ability);
        self.0
            .iter()
            .find(|p| p.any.is_empty() || p.any.iter().any(|phrase| text.contains(phrase)))
            .expect("the last pattern takes every text")
    }

    /// The pattern labelled `label`.
    pub(crate) fn get(&self, label: &str) -> Option<&Pattern> {
        self.0.iter().find(|p| p.label == label)
    }

    /// Every pattern, in order.
    pub(crate) fn all(&self) -> &[Pattern] {
        &self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_ability_takes_the_first_pattern_whose_phrase_it_contains() {
        let p = Patterns::builtin();
        let label = |text: &str| p.classify(text).label.as_str();
        assert_eq!(
            label("As long as this unit has 4 or less damage counters on it, it gets Shields 2"),
            "conditional statistics"
        );
        assert_eq!(label("+1  Speed."), "speed");
        assert_eq!(
            label("Whenever Jango attacks, choose one: Accuracy 1; Critical Hit 2"),
            "choice per attack"
        );
        assert_eq!(label("Wave a flag."), "other");
        assert!(!p.classify("Draw a card.").dice && p.classify("Wave a flag.").dice);
    }

    #[test]
    fn a_pattern_without_phrases_must_come_last() {
        let text = "- label: a\n  dice: true\n  any: []\n- label: b\n  dice: false\n  any: []\n";
        let err = Patterns::load("p.yaml", text).unwrap_err();
        assert_eq!((err.line, err.item.as_deref()), (1, Some("a")));
        let err = Patterns::load("p.yaml", "- label: a\n  dice: true\n  any: [x]\n").unwrap_err();
        assert!(err.message.contains("give it 'any: []'"), "{err}");
    }
}
