//! Loading game data from YAML, with errors that name the file, the line and the item.

use serde::de::DeserializeOwned;
use std::fmt;

/// A malformed data file: where, which item, what is wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DataError {
    pub file: String,
    pub line: usize,
    pub column: Option<usize>,
    pub item: Option<String>,
    pub message: String,
}

impl fmt::Display for DataError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.file, self.line)?;
        if let Some(c) = self.column {
            write!(f, ":{c}")?;
        }
        if let Some(item) = &self.item {
            write!(f, ": item '{item}'")?;
        }
        write!(f, ": {}", self.message)
    }
}

impl std::error::Error for DataError {}

/// Parses `text` (the contents of `file`) as YAML into `T`.
pub fn parse<T: DeserializeOwned>(file: &str, text: &str) -> Result<T, DataError> {
    serde_yaml::from_str(text).map_err(|e| {
        let loc = e.location();
        DataError {
            file: file.to_string(),
            line: loc.as_ref().map_or(1, |l| l.line()),
            column: loc.map(|l| l.column()),
            item: None,
            message: e.to_string(),
        }
    })
}

/// An error about the list item called `name` in `text`: located at the line of its `name:` key.
pub fn item_error(file: &str, text: &str, name: &str, message: String) -> DataError {
    let line = text
        .lines()
        .position(|l| {
            let l = l.trim_start().trim_start_matches('-').trim_start();
            l.strip_prefix("name:")
                .is_some_and(|v| v.trim().trim_matches(['"', '\'']) == name)
        })
        .map_or(1, |i| i + 1);
    DataError {
        file: file.to_string(),
        line,
        column: None,
        item: Some(name.to_string()),
        message,
    }
}

/// The candidate nearest to a misspelt `wanted`, if one is near enough to be what was meant:
/// within two edits (one for short names: a swap of neighbours counts as one), or sharing a
/// long enough start (Jaro–Winkler ≥ 0.85).
pub fn nearest<'a>(wanted: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let wanted = wanted.to_lowercase();
    candidates
        .into_iter()
        .map(|c| {
            let lc = c.to_lowercase();
            let edits = strsim::osa_distance(&wanted, &lc);
            (edits, strsim::jaro_winkler(&wanted, &lc), c)
        })
        .filter(|&(edits, jw, _)| edits <= if wanted.len() < 5 { 1 } else { 2 } || jw >= 0.85)
        .min_by(|a, b| a.0.cmp(&b.0).then(b.1.total_cmp(&a.1)).then(a.2.cmp(b.2)))
        .map(|(_, _, c)| c)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(serde::Deserialize, Debug)]
    struct Item {
        name: String,
    }

    #[test]
    fn well_formed_items_parse() {
        let items: Vec<Item> = parse("cards.yaml", "- name: A\n- name: B\n").unwrap();
        assert_eq!(items[1].name, "B");
    }

    #[test]
    fn syntax_errors_carry_file_line_and_column() {
        let err = parse::<Vec<Item>>("cards.yaml", "- name: A\n- name: [B\n").unwrap_err();
        assert_eq!(err.file, "cards.yaml");
        assert!(err.line >= 2, "{err}");
        assert!(err.column.is_some());
        assert!(err.to_string().starts_with("cards.yaml:"));
    }

    #[test]
    fn nearest_names_allow_small_typos_only() {
        let names = ["red", "black", "Accuracy", "Critical Hit"];
        assert_eq!(nearest("rde", names), Some("red"));
        assert_eq!(nearest("acuracy", names), Some("Accuracy"));
        assert_eq!(nearest("critcal hit", names), Some("Critical Hit"));
        assert_eq!(nearest("zzz", names), None);
    }

    #[test]
    fn item_errors_point_at_the_items_line() {
        let text = "- name: A\n  x: 1\n- name: \"B\"\n  x: 2\n";
        let err = item_error("k.yaml", text, "B", "bad".into());
        assert_eq!(err.to_string(), "k.yaml:3: item 'B': bad");
    }
}
