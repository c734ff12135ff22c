//! What the upgrade cards that the card data gives neither keywords nor weapons do to an attack
//! (`data/legion/card-effects.yaml`): Legion HQ's data leaves their effects in card text it
//! doesn't carry, so without this table `+@Dug In` would cost its points and do nothing, in
//! silence. Each card acts as SPEC items, or the result says it changes no dice, or a note says
//! it is not modelled.

use super::cards::{same, spelt};
use super::items;
use crate::data::{self, DataError};
use serde::Deserialize;
use std::sync::OnceLock;

/// What one such card does.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Effect {
    /// It acts as these SPEC items (`Dug In`), applied as the card's own keywords are.
    Acts(Vec<String>),
    /// It changes no dice, and why.
    NoDice(String),
    /// holodice does not model it, and why.
    NotModelled(String),
}

/// The table: each card's name and its effect, in the file's order.
#[derive(Debug, Clone, Default)]
pub struct CardEffects {
    list: Vec<(String, Effect)>,
}

const FILE: &str = "data/legion/card-effects.yaml";
const TEXT: &str = include_str!("../../../../data/legion/card-effects.yaml");

/// One entry as the file writes it.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Raw {
    card: String,
    #[serde(default)]
    acts: Option<Vec<String>>,
    #[serde(default)]
    effect: Option<String>,
    #[serde(default)]
    reason: Option<String>,
}

impl CardEffects {
    /// The table shipped in the binary.
    ///
    /// ```
    /// use holodice_engine::legion::card_effects::{CardEffects, Effect};
    /// let dug_in = CardEffects::builtin().of("Dug In").unwrap();
    /// assert_eq!(dug_in, &Effect::Acts(vec!["Dug In".into()]));
    /// ```
    pub fn builtin() -> &'static CardEffects {
        static TABLE: OnceLock<CardEffects> = OnceLock::new();
        TABLE.get_or_init(|| {
            CardEffects::load(FILE, TEXT)
                .unwrap_or_else(|e| panic!("the built-in card effects are malformed: {e}"))
        })
    }

    /// Parses and checks a table: each entry acts (as known SPEC items) or has an effect with
    /// its reason; an error names the file, the entry's line and its card.
    pub fn load(file: &str, text: &str) -> Result<CardEffects, DataError> {
        let raw: Vec<Raw> = data::parse(file, text)?;
        let count = raw.len();
        let list = (raw.into_iter().enumerate())
            .map(|(i, r)| {
                let fail = |m: String| data::entry_error(file, text, (i, count), &r.card, m);
                Ok((r.card.clone(), effect(&r).map_err(fail)?))
            })
            .collect::<Result<_, DataError>>()?;
        Ok(CardEffects { list })
    }

    /// The effect of the card named `name` (names compared as SPECs compare them).
    pub fn of(&self, name: &str) -> Option<&Effect> {
        self.list
            .iter()
            .find(|(n, _)| same(n, name))
            .map(|(_, e)| e)
    }

    /// Every card's name, as the file gives it.
    pub fn cards(&self) -> impl Iterator<Item = &str> {
        self.list.iter().map(|(n, _)| n.as_str())
    }
}

/// An entry's effect, checked.
fn effect(r: &Raw) -> Result<Effect, String> {
    let reason = || {
        r.reason
            .clone()
            .filter(|t| !t.trim().is_empty())
            .ok_or_else(|| format!("'{}': give the effect's reason", spelt(&r.card)))
    };
    match (&r.acts, r.effect.as_deref()) {
        (Some(acts), None) if !acts.is_empty() => {
            for item in acts {
                items::lookup(item).map_err(|e| format!("acts: {e}"))?;
            }
            Ok(Effect::Acts(acts.clone()))
        }
        (None, Some("no-dice")) => Ok(Effect::NoDice(reason()?)),
        (None, Some("not-modelled")) => Ok(Effect::NotModelled(reason()?)),
        (None, Some(other)) => Err(format!(
            "effect '{}': give no-dice or not-modelled",
            crate::error::quote(other)
        )),
        _ => Err("give either 'acts' (a list of SPEC items) or 'effect' with 'reason'".into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_entry_needs_known_items_or_an_effect_with_its_reason() {
        let e = |text: &str| CardEffects::load("t.yaml", text).unwrap_err().to_string();
        assert!(e("- {card: X, acts: [Bogus]}").contains("unknown item 'Bogus'"));
        assert!(e("- {card: X, effect: no-dice}").contains("give the effect's reason"));
        assert!(e("- {card: X, effect: maybe, reason: r}").contains("give no-dice or"));
        let both = "- {card: A, effect: no-dice, reason: r}\n- {card: B}";
        let found = e(both);
        assert!(
            found.contains("t.yaml:2") && found.contains("'B'"),
            "{found}"
        );
    }
}
