//! Cards: named units in YAML files, so that a SPEC can say `@Red Squadron X-wing` instead of
//! spelling out the card's items, Switch and Enhance effects and stack.

use super::keywords::normalize;
use super::spec::{Arena, Condition, Syntax, Unit};
use crate::data::{self, DataError};
use crate::error::quote;
use serde::Deserialize;
use std::collections::HashMap;
use std::sync::OnceLock;

const CARDS_FILE: &str = "data/swtcg/cards.yaml";
const CARDS_YAML: &str = include_str!("../../data/swtcg/cards.yaml");

/// A stack holds 4 cards: the unit on top and at most this many under it.
pub const MAX_STACKED: usize = 3;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCard {
    name: String,
    #[serde(default)]
    spec: String,
    switch: Option<RawSwitch>,
    insert: Option<String>,
    #[serde(default)]
    stack: Vec<String>,
    enhance: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSwitch {
    space: Option<String>,
    ground: Option<String>,
    character: Option<String>,
}

/// One card, its SPECs parsed when its file was loaded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Card {
    pub name: String,
    /// Where the card is defined: stacks are checked when the card is used, as the stacked
    /// cards may come from another file.
    pub file: String,
    pub line: usize,
    pub spec: Unit,
    /// What the card grants to the unit it is stacked under; only such cards can be stacked.
    pub insert: Option<Unit>,
    /// The Switch effects, each item conditioned on its arena.
    pub switch: Unit,
    /// The Enhance effects, each item conditioned on the cost being paid.
    pub enhance: Unit,
    /// The names of the cards stacked under it.
    pub stack: Vec<String>,
}

/// The cards `@Name` can name: the built-in ones, then any `--cards FILE` added in order.
///
/// `@Name` expands to the card's `spec`, then the `insert` items of the cards in its `stack`,
/// then its Switch and Enhance items (so that a paid or arena-specific statistic wins).
///
/// ```
/// use holodice::swtcg::{cards::Cards, spec::{Arena, Unit}};
/// let mut cards = Cards::builtin().clone();
/// let mine = "- name: Ace Pilot\n  spec: Power 5, Health 3\n  stack: [R2 Astromech]\n";
/// cards.add(Cards::load("mine.yaml", mine).unwrap());
/// let unit = Unit::parse_with("attacker", "@ace pilot, Accuracy 1", &cards).unwrap();
/// assert_eq!(unit.describe(), "Power 5, Health 3, Evade 1, Accuracy 1");
/// let err = Unit::parse_with("attacker", "@Ace Pilto", &cards).unwrap_err();
/// assert!(err.to_string().ends_with("unknown card 'Ace Pilto'; did you mean 'Ace Pilot'?"));
/// ```
#[derive(Debug, Clone, Default)]
pub struct Cards {
    list: Vec<Card>,
    by_name: HashMap<String, usize>,
}

impl Cards {
    /// The cards shipped in the binary.
    pub fn builtin() -> &'static Cards {
        static CARDS: OnceLock<Cards> = OnceLock::new();
        CARDS.get_or_init(|| {
            Cards::load(CARDS_FILE, CARDS_YAML)
                .unwrap_or_else(|e| panic!("the embedded card data is malformed: {e}"))
        })
    }

    /// Parses and validates a card file (`text`, read from `file`); any error rejects it whole.
    pub fn load(file: &str, text: &str) -> Result<Cards, DataError> {
        let raw: Vec<RawCard> = data::parse(file, text)?;
        let mut cards = Cards::default();
        let lines = name_lines(text);
        let mut seen: HashMap<&str, usize> = HashMap::new();
        for r in &raw {
            let nth = seen.entry(r.name.as_str()).or_insert(0);
            let line = lines
                .get(r.name.as_str())
                .and_then(|l| l.get(*nth))
                .copied();
            *nth += 1;
            let fail = |message: String| DataError {
                line: line.unwrap_or(1),
                ..data::item_error(file, text, &r.name, message)
            };
            let card = Card::from_raw(r, file, line.unwrap_or(1)).map_err(fail)?;
            if let Some(first) = cards.get(&card.name) {
                return Err(fail(format!(
                    "the card is defined twice in this file (first as '{}' at line {})",
                    first.name, first.line
                )));
            }
            cards
                .by_name
                .insert(normalize(&card.name), cards.list.len());
            cards.list.push(card);
        }
        // Stacked cards from other files are checked when the card is used.
        for card in &cards.list {
            for under in card.stack.iter().filter_map(|s| cards.get(s)) {
                if under.insert.is_none() {
                    return Err(DataError {
                        line: card.line,
                        ..data::item_error(
                            file,
                            text,
                            &card.name,
                            format!(
                                "stack: '{}' has no insert; only cards with INSERT can be stacked",
                                under.name
                            ),
                        )
                    });
                }
            }
        }
        Ok(cards)
    }

    /// Adds the cards of a later file: a card of the same name replaces the earlier one.
    pub fn add(&mut self, other: Cards) {
        for card in other.list {
            let key = normalize(&card.name);
            match self.by_name.get(&key) {
                Some(&i) => self.list[i] = card,
                None => {
                    self.by_name.insert(key, self.list.len());
                    self.list.push(card);
                }
            }
        }
    }

    /// Every card, in the order first defined.
    pub fn all(&self) -> &[Card] {
        &self.list
    }

    /// The card called `name` (any case, any spacing).
    pub fn get(&self, name: &str) -> Option<&Card> {
        self.by_name.get(&normalize(name)).map(|&i| &self.list[i])
    }

    /// The card name nearest to a misspelt one, if any is near enough to be a likely meaning.
    pub fn nearest(&self, name: &str) -> Option<&str> {
        data::nearest(&normalize(name), self.list.iter().map(|c| c.name.as_str()))
    }

    /// Appends the items of the card called `name` to `unit` (the `@Name` item).
    pub(crate) fn expand(&self, name: &str, unit: &mut Unit) -> Result<(), String> {
        if name.is_empty() {
            return Err("'@' needs a card name, as in '@Red Squadron X-wing'".into());
        }
        let card = self.get(name).ok_or_else(|| match self.nearest(name) {
            Some(near) => format!("unknown card '{}'; did you mean '{near}'?", quote(name)),
            None => {
                format!(
                    "unknown card '{}' (give the file that defines it with --cards FILE)",
                    quote(name)
                )
            }
        })?;
        unit.append(&card.spec, None);
        let mut stacked = Vec::new();
        for s in &card.stack {
            let problem = match self.get(s) {
                Some(Card {
                    name,
                    insert: Some(insert),
                    ..
                }) => {
                    unit.append(insert, None);
                    stacked.push(format!("{name} (INSERT: {})", insert.describe()));
                    continue;
                }
                Some(under) => format!(
                    "'{}' has no insert; only cards with INSERT can be stacked",
                    under.name
                ),
                None => {
                    format!("'{s}' is not a card (give the file that defines it with --cards FILE)")
                }
            };
            return Err(format!(
                "card '{}' ({}:{}): stack: {problem}",
                card.name, card.file, card.line
            ));
        }
        if !stacked.is_empty() {
            unit.notes.push(format!(
                "stacked under {}: {}",
                card.name,
                stacked.join(", ")
            ));
        }
        unit.append(&card.switch, None);
        unit.append(&card.enhance, None);
        Ok(())
    }
}

impl Card {
    fn from_raw(r: &RawCard, file: &str, line: usize) -> Result<Card, String> {
        let name = r.name.trim();
        if name.is_empty() {
            return Err("a card needs a name".into());
        }
        if name.contains(',') || name.starts_with('@') {
            return Err(
                "a card name can't contain ',' or start with '@' (SPECs read those)".into(),
            );
        }
        // Switch and Enhance values are already conditioned, so they take no prefix.
        let parse = |field: &str, spec: &str, conditions: bool| {
            let syntax = Syntax {
                cards: None,
                conditions,
            };
            Unit::parse_syntax(spec, syntax)
                .map_err(|(item, message)| format!("{field}, item '{}': {message}", quote(&item)))
        };
        let spec = parse("spec", &r.spec, true)?;
        let insert = r
            .insert
            .as_deref()
            .map(|i| parse("insert", i, true))
            .transpose()?;
        let mut switch = Unit::default();
        if let Some(s) = &r.switch {
            for (arena, value) in [
                (Arena::Space, &s.space),
                (Arena::Ground, &s.ground),
                (Arena::Character, &s.character),
            ] {
                let Some(value) = value.as_deref() else {
                    continue;
                };
                if !value.trim().eq_ignore_ascii_case("none") {
                    let field = format!("switch {}", arena.name());
                    let items = parse(&field, value, false)?;
                    switch.append(&items, Some(Condition::Arena(arena)));
                }
            }
        }
        let mut enhance = Unit::default();
        if let Some(e) = &r.enhance {
            enhance.append(&parse("enhance", e, false)?, Some(Condition::Enhanced));
        }
        if r.stack.len() > MAX_STACKED {
            return Err(format!(
                "stack: a stack holds 4 cards, the unit and at most {MAX_STACKED} under it; \
                 this one stacks {}",
                r.stack.len()
            ));
        }
        if r.stack.iter().any(|s| normalize(s) == normalize(name)) {
            return Err("stack: a card can't be stacked under itself".into());
        }
        Ok(Card {
            name: name.to_string(),
            file: file.to_string(),
            line,
            spec,
            insert,
            switch,
            enhance,
            stack: r.stack.clone(),
        })
    }
}

/// The lines of the cards of each name, in order, found as data::item_error finds the first: by
/// their `name:` key. One pass, so loading is linear in the cards.
fn name_lines(text: &str) -> HashMap<&str, Vec<usize>> {
    let mut lines: HashMap<&str, Vec<usize>> = HashMap::new();
    for (i, l) in text.lines().enumerate() {
        let l = l.trim_start().trim_start_matches('-').trim_start();
        if let Some(v) = l.strip_prefix("name:") {
            lines
                .entry(v.trim().trim_matches(['"', '\'']))
                .or_default()
                .push(i + 1);
        }
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_shipped_card_expands() {
        let cards = Cards::builtin();
        assert!((6..=8).contains(&cards.all().len()));
        for card in cards.all() {
            let mut unit = Unit::default();
            cards
                .expand(&card.name, &mut unit)
                .unwrap_or_else(|e| panic!("{}: {e}", card.name));
        }
        let shuttle = &cards.get("imperial patrol shuttle").unwrap().switch;
        assert_eq!(
            shuttle.describe(),
            "space: Shields 1, ground: Power 5, ground: Accuracy -1"
        );
    }

    #[test]
    fn names_may_not_hold_what_specs_read() {
        for name in ["\"A, B\"", "\"@A\"", "\" \""] {
            let text = format!("- name: {name}\n  spec: Power 1\n");
            let err = Cards::load("c.yaml", &text).unwrap_err().to_string();
            assert!(err.contains("a card"), "{err}");
        }
    }

    #[test]
    fn card_lines_count_repeated_names() {
        let text = "- name: A\n- spec: x\n  name: 'A'\n";
        assert_eq!(name_lines(text)["A"], [1, 3]);
    }
}
