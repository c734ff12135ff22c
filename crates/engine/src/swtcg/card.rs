//! One SWTCG card as holodice read it: its items, what it grants when stacked, its Switch and
//! Enhance effects, its stack, and for a set-file card the card as printed.

use super::keywords::normalize;
use super::unit::{Arena, Unit};

/// One card, its SPECs parsed when its file was loaded. The `notes` of `spec` and `insert` hold
/// the abilities of a set-file card that holodice does not model, by their text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Card {
    /// Its name, as `@NAME` in a SPEC names it.
    pub name: String,
    /// Where the card is defined: stacks are checked when the card is used, as the stacked
    /// cards may come from another file.
    pub file: String,
    /// The line of `file` it starts on.
    pub line: usize,
    /// The unit it is: its items, conditional ones included.
    pub spec: Unit,
    /// What the card grants to the unit it is stacked under; only such cards can be stacked.
    pub insert: Option<Unit>,
    /// The Switch effects, each item conditioned on its arena.
    pub switch: Unit,
    /// The Enhance effects, each item conditioned on the cost being paid.
    pub enhance: Unit,
    /// The names of the cards stacked under it.
    pub stack: Vec<String>,
    /// The card as a set file prints it; `None` for a YAML card.
    pub printing: Option<Printing>,
    /// The pattern labels (`data/swtcg/patterns.yaml`) of the abilities it has, then of those it grants,
    /// that holodice does not model: what `swtcg coverage` counts.
    pub patterns: Vec<String>,
}

/// A set-file card as printed: what `swtcg cards` lists beside its items, and what tells a
/// reprint from another card of the same name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Printing {
    /// The sets it is printed in: reprints of the same card are one card.
    pub sets: Vec<String>,
    /// Its collector number in its first set, as printed (`12`; promos may have none).
    pub number: Option<String>,
    /// Its side: `light`, `dark` or `neutral`.
    pub side: Option<String>,
    /// Its type as printed: `Character`, `Ground/Character`, `Battle`, ….
    pub kind: String,
    /// Its subtype as printed: `Rebel Starfighter`, `Sith Lord`, ….
    pub subtype: Option<String>,
    /// Whether it is a unit, one a SPEC can name.
    pub unit: bool,
    /// A unit's arenas, in the order its type names them.
    pub arenas: Vec<Arena>,
    /// Its numbers as printed: a whole number, `*` or `X`; `None` when not printed.
    pub cost: Option<String>,
    /// Its speed as printed.
    pub speed: Option<String>,
    /// Its power as printed.
    pub power: Option<String>,
    /// Its health as printed.
    pub health: Option<String>,
    /// Its abilities as printed; empty for a card from a file that keeps no text (the built-in
    /// cards).
    pub text: String,
}

impl Printing {
    /// Whether `self`, from a later file, takes the place of `earlier`, from another file: a
    /// printing in one of its sets, or the same card from a file without its text.
    pub(crate) fn supersedes(&self, earlier: &Printing) -> bool {
        let shared_set = self
            .sets
            .iter()
            .any(|s| earlier.sets.iter().any(|e| e.eq_ignore_ascii_case(s)));
        shared_set || (earlier.text.is_empty() && self.facts() == earlier.facts())
    }

    /// What makes two printings the same card in play: type, numbers and text, the text's
    /// letters and digits only (a set file's promo row may differ from its card's row in spacing
    /// and punctuation alone, as KAE's Meetra Surik (B) does).
    pub(crate) fn identity(&self) -> String {
        let words: String = self.text.chars().filter(|c| c.is_alphanumeric()).collect();
        format!("{}\t{}", self.facts(), words.to_lowercase())
    }

    /// Its type and numbers: the same card, whether its file keeps its text or not.
    fn facts(&self) -> String {
        let number = |n: &Option<String>| n.clone().unwrap_or_default();
        [
            normalize(&self.kind),
            number(&self.cost),
            number(&self.speed),
            number(&self.power),
            number(&self.health),
        ]
        .join("\t")
    }
}
