//! Card names inside SPECs, the same in both games: a SPEC's items are split at commas, so a
//! name holding a comma is written in double quotes (`@"Destroyer Droid, P Series"`).

/// A SPEC's items: split at commas, but not inside double quotes (`+@"A, B"` names one card).
///
/// ```
/// use holodice_engine::names::items;
/// assert_eq!(items(r#"@"A, B", Power 3"#), [r#"@"A, B""#, " Power 3"]);
/// ```
pub fn items(spec: &str) -> Vec<&str> {
    let mut items = Vec::new();
    let (mut start, mut quoted) = (0, false);
    for (i, c) in spec.char_indices() {
        match c {
            '"' => quoted = !quoted,
            ',' if !quoted => {
                items.push(&spec[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    items.push(&spec[start..]);
    items
}

/// SPEC items joined into one SPEC, the empty ones left out: a SPEC and the items added to it.
///
/// ```
/// use holodice_engine::names::joined;
/// assert_eq!(joined(&["@Stormtroopers", " ", "range 2 "]), "@Stormtroopers, range 2");
/// ```
pub fn joined(items: &[&str]) -> String {
    (items.iter().map(|i| i.trim()))
        .filter(|i| !i.is_empty())
        .collect::<Vec<_>>()
        .join(", ")
}

/// A card's name as a SPEC must give it: quoted when it holds a comma.
pub fn spelt(name: &str) -> String {
    match name.contains(',') {
        true => format!("\"{name}\""),
        false => name.to_string(),
    }
}

/// A name a SPEC quoted (`"A, B"`) without its quotes; any other name as it is.
pub fn unquoted(name: &str) -> &str {
    let name = name.trim();
    name.strip_prefix('"')
        .and_then(|n| n.strip_suffix('"'))
        .map_or(name, str::trim)
}
