//! Loading game data from YAML, with errors that name the file, the line and the item.

pub use crate::error::DataError;
use serde::de::DeserializeOwned;

/// The deepest nesting a data file may have: the formats need a handful of levels, and a
/// parser's time grows with depth.
pub const MAX_DEPTH: usize = 32;

/// The embedded keyword tables, each with the JSON that build.rs converted it to.
const EMBEDDED: [(&str, &str); 2] = [
    (
        include_str!("../../../data/legion/keywords.yaml"),
        include_str!(concat!(env!("OUT_DIR"), "/data_legion_keywords.json")),
    ),
    (
        include_str!("../../../data/swtcg/keywords.yaml"),
        include_str!(concat!(env!("OUT_DIR"), "/data_swtcg_keywords.json")),
    ),
];

/// Parses `text` (the contents of `file`) as YAML into `T`. A UTF-8 byte-order mark is skipped;
/// nesting deeper than [`MAX_DEPTH`] is refused before parsing. An embedded keyword table is
/// read from its JSON form, which is about twenty times cheaper, unless that fails.
pub fn parse<T: DeserializeOwned>(file: &str, text: &str) -> Result<T, DataError> {
    if let Some(Ok(parsed)) = embedded_json(text) {
        return Ok(parsed);
    }
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    if let Some((line, depth)) = too_deep(text) {
        return Err(DataError {
            file: file.to_string(),
            line,
            column: None,
            item: None,
            message: format!(
                "nested {depth} levels deep, over the limit of {MAX_DEPTH}: card and table files \
                 need only a few"
            ),
        });
    }
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

/// `text` read from its JSON form, when it is an embedded keyword table.
fn embedded_json<T: DeserializeOwned>(text: &str) -> Option<serde_json::Result<T>> {
    EMBEDDED
        .iter()
        .find(|(yaml, _)| *yaml == text)
        .map(|(_, json)| serde_json::from_str(json))
}

/// The first line where YAML nesting passes [`MAX_DEPTH`], and the depth there: flow brackets
/// (`[`, `{`) outside quotes plus block levels (indentation and `- ` items). A quick scan that
/// errs toward counting more, so the parser never meets deeper nesting.
fn too_deep(text: &str) -> Option<(usize, usize)> {
    let mut flow: usize = 0;
    for (i, line) in text.lines().enumerate() {
        let content = line.trim_start_matches([' ', '-']);
        let indent = line.len() - content.len();
        let block = indent / 2 + 1;
        let mut quote: Option<char> = None;
        for c in content.chars() {
            match (quote, c) {
                (Some(q), c) if c == q => quote = None,
                (Some(_), _) => {}
                (None, '\'' | '"') => quote = Some(c),
                (None, '#') => break,
                (None, '[' | '{') => flow += 1,
                (None, ']' | '}') => flow = flow.saturating_sub(1),
                _ => {}
            }
            if flow + block > MAX_DEPTH {
                return Some((i + 1, flow + block));
            }
        }
        if block > MAX_DEPTH {
            return Some((i + 1, block));
        }
    }
    None
}

/// An error about entry `index` of the `count` entries of the list in `text`, called `name`:
/// located at the line where that entry starts, whatever its style (`- {name: ...}` too) and
/// whether or not another entry shares its name; at its `name:` key when the entries found are
/// not as many as the list's.
pub fn entry_error(
    file: &str,
    text: &str,
    (index, count): (usize, usize),
    name: &str,
    message: String,
) -> DataError {
    let named = item_error(file, text, name, message);
    let lines = entry_lines(text);
    match lines.len() == count {
        true => DataError {
            line: lines[index],
            ..named
        },
        false => named,
    }
}

/// The line of each entry of a list file: where its `- ` starts, at the indentation of the
/// list's first entry. Entries may share a name (Armor, Armor 1), so an entry is found by its
/// place rather than its name.
fn entry_lines(text: &str) -> Vec<usize> {
    let mut indent = None;
    text.lines()
        .enumerate()
        .filter(|(_, l)| {
            let l = l.trim_start_matches('\u{feff}');
            let content = l.trim_start();
            if content != "-" && !content.starts_with("- ") {
                return false;
            }
            let at = l.len() - content.len();
            *indent.get_or_insert(at) == at
        })
        .map(|(i, _)| i + 1)
        .collect()
}

/// An error about the list item called `name` in `text`: located at the line of its `name:` key.
pub fn item_error(file: &str, text: &str, name: &str, message: String) -> DataError {
    keyed_error(file, text, ("name", name), message)
}

/// An error about the list item whose `key` is `value` in `text`: located at that key's line.
pub fn keyed_error(
    file: &str,
    text: &str,
    (key, value): (&str, &str),
    message: String,
) -> DataError {
    let line = text
        .lines()
        .position(|l| {
            let l = l.trim_start().trim_start_matches('-').trim_start();
            l.strip_prefix(key)
                .and_then(|r| r.strip_prefix(':'))
                .is_some_and(|v| v.trim().trim_matches(['"', '\'']) == value)
        })
        .map_or(1, |i| i + 1);
    DataError {
        file: file.to_string(),
        line,
        column: None,
        item: Some(value.to_string()),
        message,
    }
}

/// Longer than any name a suggestion is looked for.
const NAME_LENGTH: usize = 100;

/// The candidate nearest to a misspelt `wanted`, if one is near enough to be what was meant:
/// within two edits (one for short names: a swap of neighbours counts as one), or sharing a
/// long enough start (Jaro–Winkler ≥ 0.85).
pub fn nearest<'a>(wanted: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    // Names are short: a long text is no misspelling of one (and comparing it would be slow).
    if wanted.len() > NAME_LENGTH {
        return None;
    }
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
    fn deep_nesting_is_refused_before_parsing_and_a_bom_is_skipped() {
        let deep = format!("- name: {}A{}\n", "[".repeat(64_000), "]".repeat(64_000));
        let err = parse::<Vec<Item>>("deep.yaml", &deep).unwrap_err();
        assert!(err.to_string().contains("over the limit of 32"), "{err}");
        let indented: String = (0..40).map(|i| format!("{}a:\n", "  ".repeat(i))).collect();
        assert!(parse::<serde_yaml::Value>("i.yaml", &indented).is_err());
        let items: Vec<Item> = parse("bom.yaml", "\u{feff}- name: A\n").unwrap();
        assert_eq!(items[0].name, "A");
        // Brackets inside quotes are text, not nesting.
        let quoted = format!("- name: '{}'\n", "[".repeat(100));
        assert!(parse::<Vec<Item>>("q.yaml", &quoted).is_ok());
    }

    #[test]
    fn embedded_tables_read_from_json_equal_the_yaml() {
        use crate::{legion, swtcg};
        let [(legion_yaml, _), (swtcg_yaml, _)] = EMBEDDED;
        let json: Vec<legion::items::Keyword> = embedded_json(legion_yaml).unwrap().unwrap();
        let yaml: Vec<legion::items::Keyword> = serde_yaml::from_str(legion_yaml).unwrap();
        assert_eq!(json, yaml);
        assert!(json.len() > 200);
        let json: Vec<swtcg::keywords::Keyword> = embedded_json(swtcg_yaml).unwrap().unwrap();
        let yaml: Vec<swtcg::keywords::Keyword> = serde_yaml::from_str(swtcg_yaml).unwrap();
        assert_eq!(json, yaml);
        assert!(json.len() > 50);
        // Any other text, even a copy with one change, is read as YAML.
        let edited = legion_yaml.replacen("red", "Red", 1);
        assert!(embedded_json::<Vec<legion::items::Keyword>>(&edited).is_none());
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
