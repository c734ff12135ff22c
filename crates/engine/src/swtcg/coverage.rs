//! How much of the cards' dice-relevant text holodice models, counted per set and per format:
//! what `holodice swtcg coverage` reports, so a player knows which results to trust.

use super::card::Card;
use super::cards::Cards;
use super::patterns::Patterns;
use super::sets::Sets;
use std::collections::BTreeMap;

/// The counts of a group of units (a set's, a format's).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Coverage {
    /// What is counted: a set's code or a format's label.
    pub name: String,
    /// The units counted.
    pub units: usize,
    /// Units whose every ability not modelled has no effect on an attack's dice.
    pub fully_modelled: usize,
    /// Units with any ability not modelled (dice-relevant or not).
    pub with_notes: usize,
    /// Each pattern of the abilities not modelled, how many there are and whether it can change
    /// the dice: the most common first.
    pub patterns: Vec<(String, usize, bool)>,
}

impl Coverage {
    fn count(&mut self, card: &Card, patterns: &Patterns) {
        self.units += 1;
        self.fully_modelled += usize::from(fully_modelled(card, patterns));
        let grants = card.insert.iter().flat_map(|i| &i.notes);
        self.with_notes += usize::from(card.spec.notes.iter().chain(grants).next().is_some());
        for label in &card.patterns {
            let dice = patterns.get(label).is_none_or(|p| p.dice);
            match self.patterns.iter_mut().find(|(l, _, _)| l == label) {
                Some((_, n, _)) => *n += 1,
                None => self.patterns.push((label.clone(), 1, dice)),
            }
        }
    }

    fn sort(mut self) -> Coverage {
        self.patterns
            .sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
        self
    }
}

/// Whether a unit's dice-relevant text is all modelled: its printed power and health are numbers
/// and each of its abilities not modelled has a pattern without effect on the dice.
fn fully_modelled(card: &Card, patterns: &Patterns) -> bool {
    let number = |n: &Option<String>| n.as_ref().is_none_or(|n| n.parse::<u64>().is_ok());
    let printed = card
        .printing
        .as_ref()
        .is_none_or(|p| number(&p.power) && number(&p.health));
    printed
        && card
            .patterns
            .iter()
            .all(|l| patterns.get(l).is_some_and(|p| !p.dice))
}

/// The coverage of the units of `cards` that `keep` keeps: per set (in the order of `sets`, then
/// any other set by code), and per format of `sets` that allows any of them.
pub fn coverage(
    cards: &Cards,
    sets: &Sets,
    keep: impl Fn(&Card) -> bool,
) -> (Vec<Coverage>, Vec<Coverage>) {
    let patterns = Patterns::builtin();
    let units = cards
        .all()
        .iter()
        .filter(|c| c.printing.as_ref().is_some_and(|p| p.unit) && keep(c));
    let mut by_set: BTreeMap<(usize, String), Coverage> = BTreeMap::new();
    let mut by_format: Vec<Coverage> = sets
        .formats
        .iter()
        .map(|f| Coverage {
            name: f.label.clone(),
            ..Coverage::default()
        })
        .collect();
    for card in units {
        let printed = &card.printing.as_ref().expect("a unit is printed").sets;
        for set in printed {
            let order = sets.sets.iter().position(|s| &s.code == set);
            let entry = by_set
                .entry((order.unwrap_or(usize::MAX), set.clone()))
                .or_insert_with(|| Coverage {
                    name: set.clone(),
                    ..Coverage::default()
                });
            entry.count(card, patterns);
        }
        for (format, total) in sets.formats.iter().zip(&mut by_format) {
            if format.allows(printed) {
                total.count(card, patterns);
            }
        }
    }
    let by_set = by_set.into_values().map(Coverage::sort).collect();
    let by_format = by_format
        .into_iter()
        .filter(|f| f.units > 0)
        .map(Coverage::sort)
        .collect();
    (by_set, by_format)
}
