//! LackeyCCG set files: the card lists of the SWTCG plugin (`plugins/starwars/sets/*.txt` in
//! LackeyCCG's folder), tab-separated text whose first line names the columns.
//!
//! Columns are read by name, never by position, so older files with fewer columns read too: a
//! missing or empty column is no value. Name and Type are needed; Set, Subtype, Cost, Speed,
//! Power, Health and Text are read when present; the others (ImageFile, Usage's rulings, Script,
//! …) are not. Rows of type Space, Ground, Character (or several, `Ground/Character`) and
//! Subordinate are units; others (Battle, Mission, Equipment, …) are cards a SPEC can't name.

use super::abilities::{read_card, Facts};
use super::card::{Card, Printing};
use super::patterns::Patterns;
use super::spec::{parse_item, MAX_VALUE};
use super::unit::{Arena, Unit};
use crate::data::DataError;
use std::borrow::Cow;
use std::collections::HashMap;

/// The most rows a set file may have (the largest real one, every set at once, has about 7,000).
pub const MAX_ROWS: usize = 100_000;
/// The most columns a line may have (real files have 14 to 17).
pub const MAX_COLUMNS: usize = 64;
/// The longest line, in bytes (real rows, rulings included, stay under 4 KiB).
pub const MAX_LINE: usize = 16 * 1024;

/// Whether `text` is a set file: its first line is tab-separated and names a Name column.
pub fn is_set_file(text: &str) -> bool {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let first = text.lines().next().unwrap_or("");
    first.contains('\t')
        && first
            .split('\t')
            .any(|c| c.trim().eq_ignore_ascii_case("name"))
}

/// The cards of the set file `text` (read from `file`), one per row, in order; any error rejects
/// the file whole.
pub(crate) fn read(file: &str, text: &str) -> Result<Vec<Card>, DataError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let fail = |line: usize, item: Option<&str>, message: String| DataError {
        file: file.to_string(),
        line,
        column: None,
        item: item.map(str::to_string),
        message,
    };
    // The header and MAX_ROWS rows: counted before any row is read.
    if text.lines().nth(MAX_ROWS + 1).is_some() {
        let message = format!("more than {MAX_ROWS} rows, the limit for a set file");
        return Err(fail(MAX_ROWS + 2, None, message));
    }
    let mut lines = text.lines().enumerate().map(|(i, l)| (i + 1, l));
    let (_, header) = lines.next().unwrap_or((1, ""));
    let columns = Columns::read(fields(header).map_err(|m| fail(1, None, m))?)
        .map_err(|m| fail(1, None, m))?;
    let stem = file_stem(file);
    let mut cards = Vec::new();
    for (number, line) in lines {
        let row = Row {
            columns: &columns,
            fields: fields(line).map_err(|m| fail(number, None, m))?,
        };
        if row.fields.iter().all(|f| f.trim().is_empty()) {
            continue;
        }
        let name = row.get("name");
        if name.is_empty() {
            return Err(fail(number, None, "the row has no Name".into()));
        }
        let card = row
            .card(&name, file, number, &stem)
            .map_err(|m| fail(number, Some(&name), m))?;
        cards.push(card);
    }
    Ok(cards)
}

/// A line's tab-separated fields, refused past the line and column limits.
fn fields(line: &str) -> Result<Vec<&str>, String> {
    if line.len() > MAX_LINE {
        return Err(format!(
            "the line is {} bytes, over the limit of {MAX_LINE} for a set file",
            line.len()
        ));
    }
    let fields: Vec<&str> = line.split('\t').take(MAX_COLUMNS + 1).collect();
    if fields.len() > MAX_COLUMNS {
        return Err(format!(
            "more than {MAX_COLUMNS} tab-separated columns, the limit for a set file"
        ));
    }
    Ok(fields)
}

/// The file's name without its directory and extension: the set of rows that name none.
fn file_stem(file: &str) -> String {
    std::path::Path::new(file)
        .file_stem()
        .map_or_else(String::new, |s| s.to_string_lossy().into_owned())
}

/// Where each named column is, by its name in lower case.
struct Columns(HashMap<String, usize>);

impl Columns {
    fn read(header: Vec<&str>) -> Result<Columns, String> {
        let mut index = HashMap::new();
        for (i, name) in header.iter().enumerate() {
            let name = name.trim().to_lowercase();
            if !name.is_empty() {
                index.entry(name).or_insert(i);
            }
        }
        if !index.contains_key("type") {
            return Err(format!(
                "the header names no Type column (it names: {}); a set file's first line names \
                 its columns, as in 'Name<TAB>Set<TAB>Type<TAB>…'",
                header.join(", ").trim()
            ));
        }
        Ok(Columns(index))
    }
}

/// One row, its fields read by column name.
struct Row<'a> {
    columns: &'a Columns,
    fields: Vec<&'a str>,
}

impl Row<'_> {
    /// The value in `column`, without spaces or spreadsheet quoting; empty if absent.
    fn get(&self, column: &str) -> Cow<'_, str> {
        let field = self.columns.0.get(column).and_then(|&i| self.fields.get(i));
        unquote(field.copied().unwrap_or("").trim())
    }

    fn card(&self, name: &str, file: &str, line: usize, stem: &str) -> Result<Card, String> {
        let kind = self.get("type").into_owned();
        let arenas = unit_arenas(&kind, &self.get("subtype"));
        // A unit's numbers are checked; other cards' are only listed, as printed.
        let printed = |column: &str, label: &str| match arenas {
            Some(_) => number(label, &self.get(column)),
            None => Ok(Some(self.get(column).into_owned()).filter(|v| !v.is_empty())),
        };
        let (cost, speed) = (printed("cost", "Cost")?, printed("speed", "Speed")?);
        let (power, health) = (printed("power", "Power")?, printed("health", "Health")?);
        let text = self.get("text").into_owned();
        let equipment = kind.to_ascii_lowercase().starts_with("equipment");
        let facts = Facts {
            name,
            kind: &kind,
            subtype: &self.get("subtype"),
            arenas: arenas.as_deref().unwrap_or(&[]),
            equipment,
        };
        let read = read_card(&text, &facts);
        let mut spec = match arenas {
            Some(_) => statistics(name, &power, &health),
            None => Unit::default(),
        };
        spec.append(&read.spec, None);
        let grants = read.insert.iter().flat_map(|i| &i.notes);
        let patterns = Patterns::builtin();
        let labels = read.spec.notes.iter().chain(grants);
        let labels = labels
            .map(|n| patterns.classify(&n.to_string()).label.clone())
            .collect();
        spec.notes.extend(read.spec.notes);
        let set = Some(self.get("set").into_owned()).filter(|s| !s.is_empty());
        let given = |column: &str| Some(self.get(column).into_owned()).filter(|v| !v.is_empty());
        Ok(Card {
            name: name.to_string(),
            file: file.to_string(),
            line,
            spec,
            insert: read.insert,
            switch: read.switch,
            enhance: Unit::default(),
            stack: Vec::new(),
            patterns: labels,
            printing: Some(Printing {
                sets: vec![set.unwrap_or_else(|| stem.to_string())],
                number: given("number"),
                side: given("side").map(|s| side(&s)),
                kind,
                subtype: given("subtype"),
                unit: arenas.is_some(),
                arenas: arenas.unwrap_or_default(),
                cost,
                speed,
                power,
                health,
                text,
            }),
        })
    }
}

/// A unit's Power and Health items; a value its text sets (`*`, `X`) is noted instead.
pub(crate) fn statistics(name: &str, power: &Option<String>, health: &Option<String>) -> Unit {
    let mut unit = Unit::default();
    for (stat, value) in [("Power", power), ("Health", health)] {
        match value.as_deref() {
            None => {}
            Some(n) if n.bytes().all(|b| b.is_ascii_digit()) => {
                let item = parse_item(&format!("{stat} {n}")).expect("a checked number");
                unit.push(None, item);
            }
            Some(v) => unit.notes.push(
                format!(
                    "{stat} {v}: the card's text sets it; give it after the card, as in \
                 '@{name}, {stat} 5'"
                )
                .into(),
            ),
        }
    }
    unit
}

/// The arenas of a unit type, in the order it names them (`Ground/Character`); a Subordinate's
/// are at the head of its subtype (`Ground/Character - Pirate Droid`). `None` for cards that are
/// not units.
pub(crate) fn unit_arenas(kind: &str, subtype: &str) -> Option<Vec<Arena>> {
    let arenas: Option<Vec<Arena>> = kind.split('/').map(Arena::parse).collect();
    if arenas.is_some() {
        return arenas;
    }
    kind.trim().eq_ignore_ascii_case("subordinate").then(|| {
        let head = subtype.split(['-', '–']).next().unwrap_or("");
        head.split('/').filter_map(Arena::parse).collect()
    })
}

/// A card's side as a word: set files write `L`, `D` or `N`; any other value is kept as given.
pub(crate) fn side(value: &str) -> String {
    match value.to_ascii_uppercase().as_str() {
        "L" | "LIGHT" => "light".into(),
        "D" | "DARK" => "dark".into(),
        "N" | "NEUTRAL" => "neutral".into(),
        _ => value.to_string(),
    }
}

/// A unit's number as printed: a whole number (`7`, or `7.0` as some files write it), or `*` or
/// `X` for one its text sets; `None` when empty.
pub(crate) fn number(column: &str, value: &str) -> Result<Option<String>, String> {
    if value.is_empty() {
        return Ok(None);
    }
    if value == "*" || value.eq_ignore_ascii_case("x") {
        return Ok(Some(value.to_ascii_uppercase()));
    }
    let whole = match value.split_once('.') {
        Some((n, zeros)) if zeros.bytes().all(|b| b == b'0') => n,
        _ => value,
    };
    if whole.is_empty() || !whole.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!(
            "{column} '{}' is not a whole number (nor * or X, for a value the card's text sets)",
            crate::error::quote(value)
        ));
    }
    match whole.parse::<i64>() {
        Ok(n) if n <= MAX_VALUE => Ok(Some(n.to_string())),
        _ => Err(format!(
            "{column} {} is over the limit of {MAX_VALUE}",
            crate::error::quote(whole)
        )),
    }
}

/// A field as a spreadsheet quotes it (`"a ""b"" c"`), unquoted.
fn unquote(field: &str) -> Cow<'_, str> {
    match field
        .strip_prefix('"')
        .and_then(|f| f.strip_suffix('"'))
        .filter(|_| field.len() >= 2)
    {
        Some(inner) => Cow::Owned(inner.replace("\"\"", "\"")),
        None => Cow::Borrowed(field),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_read_as_printed_or_are_refused() {
        assert_eq!(number("Power", "7.0").unwrap().as_deref(), Some("7"));
        assert_eq!(number("Cost", "x").unwrap().as_deref(), Some("X"));
        assert_eq!(number("Speed", "").unwrap(), None);
        for bad in ["4.5", "-1", "6x", "."] {
            assert!(
                number("Power", bad)
                    .unwrap_err()
                    .contains("not a whole number"),
                "{bad}"
            );
        }
        assert!(number("Health", "10001")
            .unwrap_err()
            .contains("over the limit of 10000"));
    }

    #[test]
    fn unit_types_give_their_arenas_in_order() {
        use Arena::*;
        assert_eq!(
            unit_arenas("Ground/Character", ""),
            Some(vec![Ground, Character])
        );
        assert_eq!(unit_arenas("Battle", ""), None);
        assert_eq!(
            unit_arenas("Subordinate", "Ground/Charcter - Farmer"),
            Some(vec![Ground])
        );
    }

    #[test]
    fn spreadsheet_quotes_are_undone() {
        assert_eq!(unquote("\"a \"\"b\"\" c\""), "a \"b\" c");
        assert_eq!(unquote("\""), "\"");
        assert_eq!(unquote("plain"), "plain");
    }
}
