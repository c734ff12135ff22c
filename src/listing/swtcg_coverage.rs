//! `holodice swtcg coverage`: per set and per format, the units, those whose dice-relevant text
//! holodice models in full, those with abilities not modelled, and the most common patterns of
//! what is not modelled (data/swtcg/patterns.yaml), as text and JSON.

use super::swtcg_cards::{empty_format, unknown_set, Filter};
use holodice_engine::swtcg::cards::Cards;
use holodice_engine::swtcg::coverage::{coverage, Coverage};
use holodice_engine::swtcg::sets::Sets;
use holodice_engine::Error;
use serde::Serialize;
use std::fmt::Write;

/// How many patterns a block of the text names.
const SHOWN: usize = 4;

/// `swtcg coverage`'s answer: the counts per set, then per format.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(
    feature = "native",
    derive(schemars::JsonSchema),
    schemars(rename = "SwtcgCoverageAnswer")
)]
pub struct CoverageAnswer {
    schema: u32,
    sets: Vec<SetCoverage>,
    formats: Vec<FormatCoverage>,
}

#[derive(Debug, Clone, Serialize)]
#[cfg_attr(
    feature = "native",
    derive(schemars::JsonSchema),
    schemars(rename = "SwtcgSetCoverage")
)]
struct SetCoverage {
    #[serde(flatten)]
    counts: Counts,
    set: String,
    name: Option<String>,
    maker: Option<String>,
    formats: Vec<String>,
}

#[derive(Debug, Clone, Serialize)]
#[cfg_attr(
    feature = "native",
    derive(schemars::JsonSchema),
    schemars(rename = "SwtcgFormatCoverage")
)]
struct FormatCoverage {
    #[serde(flatten)]
    counts: Counts,
    format: String,
}

/// The counts every set and format has.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(
    feature = "native",
    derive(schemars::JsonSchema),
    schemars(rename = "SwtcgCoverageCounts")
)]
struct Counts {
    units: usize,
    fully_modelled: usize,
    with_notes: usize,
    share_fully_modelled: String,
    not_modelled: Vec<Pattern>,
}

/// A pattern of abilities not modelled: how many there are, whether it can change the dice.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(
    feature = "native",
    derive(schemars::JsonSchema),
    schemars(rename = "SwtcgNotModelled")
)]
struct Pattern {
    pattern: String,
    abilities: usize,
    dice: bool,
}

/// The coverage of the cards `filter` keeps (its set and format), as text and its answer.
pub fn report(cards: &Cards, filter: &Filter) -> Result<(String, CoverageAnswer), Error> {
    let unknown = unknown_set(cards, filter.set).or_else(|| filter.legal.and_then(empty_format));
    if let Some(message) = unknown {
        return Err(Error::input(message));
    }
    let sets = Sets::builtin();
    let (by_set, by_format) = coverage(cards, sets, |c| filter.keeps(c));
    if by_set.is_empty() {
        return Err(Error::input(
            "no unit is printed in that set and legal in that format (holodice swtcg coverage \
             lists every set with its formats)",
        ));
    }
    let set_coverage = |c: &Coverage| {
        let set = sets.set(&c.name);
        SetCoverage {
            counts: Counts::new(c),
            set: c.name.clone(),
            name: set.and_then(|s| s.name.clone()),
            maker: set.map(|s| s.maker.name().to_string()),
            formats: (sets.formats_of(std::slice::from_ref(&c.name)).iter())
                .map(|f| f.short().to_string())
                .collect(),
        }
    };
    let answer = CoverageAnswer {
        schema: 1,
        sets: by_set.iter().map(set_coverage).collect(),
        formats: (by_format.iter())
            .map(|c| FormatCoverage {
                counts: Counts::new(c),
                format: c.name.clone(),
            })
            .collect(),
    };
    Ok((answer.text(), answer))
}

impl CoverageAnswer {
    /// For people: a block per set, then per format.
    fn text(&self) -> String {
        let mut text = String::from(
            "SWTCG coverage: the units whose dice-relevant text holodice models in full\n\
             (fully modelled: every ability it does not model has no effect on the dice, by the \
             patterns of data/swtcg/patterns.yaml; not modelled: the most common patterns, those \
             that can change the dice marked *)\n",
        );
        for s in &self.sets {
            let listed = s.formats.join(", ");
            let about: Vec<&str> = [s.name.as_deref(), s.maker.as_deref(), Some(&listed)]
                .into_iter()
                .flatten()
                .filter(|a| !a.is_empty())
                .collect();
            s.counts
                .block(&mut text, &format!("{} ({})", s.set, about.join("; ")));
        }
        text.push_str("\nBy format (of the units above)\n");
        for f in &self.formats {
            f.counts.block(&mut text, &f.format);
        }
        text
    }
}

impl Counts {
    fn new(c: &Coverage) -> Counts {
        Counts {
            units: c.units,
            fully_modelled: c.fully_modelled,
            with_notes: c.with_notes,
            share_fully_modelled: share(c),
            not_modelled: (c.patterns.iter())
                .map(|(label, n, dice)| Pattern {
                    pattern: label.clone(),
                    abilities: *n,
                    dice: *dice,
                })
                .collect(),
        }
    }

    /// One set's or format's lines.
    fn block(&self, text: &mut String, title: &str) {
        let top: Vec<String> = (self.not_modelled.iter())
            .take(SHOWN)
            .map(|p| {
                let dice = if p.dice { " *" } else { "" };
                format!("{}{dice} {}", p.pattern, p.abilities)
            })
            .collect();
        let _ = write!(
            text,
            "\n{title}\n  units: {}, fully modelled: {} ({}), with notes: {}\n",
            self.units, self.fully_modelled, self.share_fully_modelled, self.with_notes
        );
        if !top.is_empty() {
            let _ = writeln!(text, "  not modelled: {}", top.join(", "));
        }
    }
}

/// The share of units fully modelled, as a percentage with one decimal.
fn share(c: &Coverage) -> String {
    let tenths = (c.fully_modelled * 1000 + c.units / 2) / c.units.max(1);
    format!("{}.{}%", tenths / 10, tenths % 10)
}
