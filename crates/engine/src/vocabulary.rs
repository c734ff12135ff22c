//! The variables each game reports, as data (`data/<game>/variables.yaml`): each one's key, the
//! phrase people read and what it means, and which of them comparisons measure and results lead
//! with. Reports, simulations, `check`, comparisons, tables and the page name results from here,
//! so a variable is spelled once.

use crate::data::{self, DataError};
use serde::{Deserialize, Serialize};
use std::sync::LazyLock;

/// One game's vocabulary.
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Vocabulary {
    /// The variable comparisons, tables and charts measure: `damage`, `wounds`.
    pub damage: String,
    /// The chance results lead with when it is known: `destroyed`, `wiped`.
    pub destroyed: String,
    /// What results lead with otherwise: the mean of [`Vocabulary::damage`].
    pub mean_damage: String,
    /// Every variable, in the order reports list them.
    pub variables: Vec<Variable>,
}

/// One reported variable.
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Variable {
    /// Its key in JSON, in `simulate` and in `check`.
    pub key: String,
    /// The phrase outputs for people give it; `{target}` stands for the unit the attack reached.
    pub label: String,
    /// The phrase where it is one of several results of the same unit (a comparison's row, a
    /// chart's axis), when it has one: `chance to destroy`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub short: Option<String>,
    /// What it means, for help and the page.
    pub meaning: String,
}

static SWTCG: LazyLock<Vocabulary> = LazyLock::new(|| {
    shipped(
        "data/swtcg/variables.yaml",
        include_str!("../../../data/swtcg/variables.yaml"),
    )
});

static LEGION: LazyLock<Vocabulary> = LazyLock::new(|| {
    shipped(
        "data/legion/variables.yaml",
        include_str!("../../../data/legion/variables.yaml"),
    )
});

/// A vocabulary shipped in the build; the tests load both, so this never fails in a release.
fn shipped(file: &str, text: &str) -> Vocabulary {
    Vocabulary::parse(file, text).unwrap_or_else(|e| panic!("{e}"))
}

impl Vocabulary {
    /// SWTCG's variables.
    pub fn swtcg() -> &'static Vocabulary {
        &SWTCG
    }

    /// Legion's variables.
    pub fn legion() -> &'static Vocabulary {
        &LEGION
    }

    /// Reads a vocabulary from `text` (the contents of `file`): each key once, and the
    /// variables the roles name among them.
    pub fn parse(file: &str, text: &str) -> Result<Vocabulary, DataError> {
        let v: Vocabulary = data::parse(file, text)?;
        // The line of the second listing of `key`.
        let line_of = |key: &str| {
            let needle = format!("key: {key}");
            let lines = text.lines().enumerate();
            lines
                .filter(|(_, l)| l.trim_start_matches([' ', '-']) == needle)
                .nth(1)
                .map(|(at, _)| at)
        };
        for (at, var) in v.variables.iter().enumerate() {
            if v.variables[..at].iter().any(|w| w.key == var.key) {
                return Err(DataError {
                    line: line_of(&var.key).map_or(1, |l| l + 1),
                    item: Some(var.key.clone()),
                    ..DataError::of_file(file, "the key is listed twice".into())
                });
            }
        }
        for role in [&v.damage, &v.destroyed, &v.mean_damage] {
            if v.variable(role).is_none() {
                let message = format!("`{role}` is not among the variables");
                return Err(DataError::of_file(file, message));
            }
        }
        Ok(v)
    }

    /// The variable of `key`.
    pub fn variable(&self, key: &str) -> Option<&Variable> {
        self.variables.iter().find(|v| v.key == key)
    }

    /// The short phrase for `key` ([`Variable::short`]), or its label about the defender.
    pub fn short(&self, key: &str) -> String {
        match self.variable(key).and_then(|v| v.short.clone()) {
            Some(short) => short,
            None => self.label(key, "defender"),
        }
    }

    /// The phrase for `key` about the unit `target` (`defender`, `interceptor`); the key itself
    /// when it has none.
    pub fn label(&self, key: &str, target: &str) -> String {
        self.variable(key)
            .map_or(key, |v| v.label.as_str())
            .replace("{target}", target)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_vocabularies_load() {
        assert_eq!(Vocabulary::swtcg().destroyed, "destroyed");
        assert_eq!(Vocabulary::legion().damage, "wounds");
    }

    #[test]
    fn a_key_listed_twice_is_refused_with_its_line() {
        let text = "damage: a\ndestroyed: a\nmean_damage: a\nvariables:\n  - key: a\n    label: A\n    meaning: m\n  - key: a\n    label: B\n    meaning: m\n";
        let e = Vocabulary::parse("v.yaml", text).unwrap_err();
        assert_eq!((e.line, e.item.as_deref()), (8, Some("a")));
    }

    #[test]
    fn a_role_must_name_a_variable() {
        let text = "damage: a\ndestroyed: b\nmean_damage: a\nvariables:\n  - key: a\n    label: A\n    meaning: m\n";
        let e = Vocabulary::parse("v.yaml", text).unwrap_err();
        assert!(e.message.contains("`b` is not among the variables"), "{e}");
    }

    #[test]
    fn the_label_names_the_unit_the_attack_reached() {
        let v = Vocabulary::swtcg();
        assert_eq!(
            v.label("damage", "interceptor"),
            "Damage counters on the interceptor"
        );
    }
}
