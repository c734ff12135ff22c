//! `holodice swtcg coverage`: per set and per format, the units, those whose dice-relevant text
//! holodice models in full, those with abilities not modelled, and the most common patterns of
//! what is not modelled (data/swtcg/patterns.yaml), as text and JSON.

use super::swtcg_cards::{empty_format, unknown_set, Filter};
use holodice_engine::swtcg::cards::Cards;
use holodice_engine::swtcg::coverage::{coverage, Coverage};
use holodice_engine::swtcg::sets::Sets;
use holodice_engine::Error;
use serde_json::{json, Value};
use std::fmt::Write;

/// How many patterns a block of the text names.
const SHOWN: usize = 4;

/// The coverage of the cards `filter` keeps (its set and format), as text and JSON.
pub fn report(cards: &Cards, filter: &Filter) -> Result<(String, Value), Error> {
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
    let mut text = String::from(
        "SWTCG coverage: the units whose dice-relevant text holodice models in full\n\
         (fully modelled: every ability it does not model has no effect on the dice, by the \
         patterns of data/swtcg/patterns.yaml; not modelled: the most common patterns, those \
         that can change the dice marked *)\n",
    );
    let mut set_json = Vec::new();
    for c in &by_set {
        let set = sets.set(&c.name);
        let formats: Vec<&str> = sets
            .formats_of(std::slice::from_ref(&c.name))
            .iter()
            .map(|f| f.short())
            .collect();
        let name = set.and_then(|s| s.name.as_deref());
        let maker = set.map(|s| s.maker.name());
        let listed = formats.join(", ");
        let about = [name, maker, Some(listed.as_str())];
        let about: Vec<&str> = about
            .into_iter()
            .flatten()
            .filter(|a| !a.is_empty())
            .collect();
        block(&mut text, &format!("{} ({})", c.name, about.join("; ")), c);
        let mut entry = counts(c);
        entry["set"] = json!(c.name);
        entry["name"] = json!(name);
        entry["maker"] = json!(maker);
        entry["formats"] = json!(formats);
        set_json.push(entry);
    }
    text.push_str("\nBy format (of the units above)\n");
    let mut format_json = Vec::new();
    for c in &by_format {
        block(&mut text, &c.name, c);
        let mut entry = counts(c);
        entry["format"] = json!(c.name);
        format_json.push(entry);
    }
    let json = json!({"schema": 1, "sets": set_json, "formats": format_json});
    Ok((text, json))
}

/// One set's or format's lines.
fn block(text: &mut String, title: &str, c: &Coverage) {
    let top: Vec<String> = c
        .patterns
        .iter()
        .take(SHOWN)
        .map(|(label, n, dice)| format!("{label}{} {n}", if *dice { " *" } else { "" }))
        .collect();
    let _ = write!(
        text,
        "\n{title}\n  units: {}, fully modelled: {} ({}), with notes: {}\n",
        c.units,
        c.fully_modelled,
        share(c),
        c.with_notes
    );
    if !top.is_empty() {
        let _ = writeln!(text, "  not modelled: {}", top.join(", "));
    }
}

/// The share of units fully modelled, as a percentage with one decimal.
fn share(c: &Coverage) -> String {
    let tenths = (c.fully_modelled * 1000 + c.units / 2) / c.units.max(1);
    format!("{}.{}%", tenths / 10, tenths % 10)
}

/// The counts every JSON entry has.
fn counts(c: &Coverage) -> Value {
    let patterns: Vec<Value> = c
        .patterns
        .iter()
        .map(|(label, n, dice)| json!({"pattern": label, "abilities": n, "dice": dice}))
        .collect();
    json!({
        "units": c.units,
        "fully_modelled": c.fully_modelled,
        "with_notes": c.with_notes,
        "share_fully_modelled": share(c),
        "not_modelled": patterns,
    })
}
