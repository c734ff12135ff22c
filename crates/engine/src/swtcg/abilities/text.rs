//! The words of card text: tidying an ability, splitting lists and sentences, finding phrases in
//! any case, and telling whether a phrase names the card itself.

use super::Facts;

pub(super) use crate::swtcg::spec::strip_word;

/// `text` without a closing `word` (any case), if it ends with it.
pub(super) fn strip_end<'a>(text: &'a str, word: &str) -> Option<&'a str> {
    let at = text.len().checked_sub(word.len())?;
    let tail = text.get(at..)?;
    tail.eq_ignore_ascii_case(word).then(|| text[..at].trim())
}

/// `text` split around the first `word` (any case).
pub(super) fn split_at_word<'a>(text: &'a str, word: &str) -> Option<(&'a str, &'a str)> {
    let at = text.to_ascii_lowercase().find(&word.to_ascii_lowercase())?;
    Some((text[..at].trim(), text[at + word.len()..].trim()))
}

/// Whether `text` holds `word` (any case).
pub(super) fn has_word(text: &str, word: &str) -> bool {
    text.to_ascii_lowercase()
        .contains(&word.to_ascii_lowercase())
}

/// An ability's text without what doesn't change it: spaces, a final period, reminder text in
/// parentheses at its end, surrounding quotes.
pub(super) fn tidy(text: &str) -> &str {
    let mut t = text.trim();
    if let Some(open) = reminder_start(t) {
        t = t[..open].trim_end();
    }
    t = t.strip_suffix('.').unwrap_or(t).trim();
    for (open, close) in [('"', '"'), ('“', '”'), ('&', '&')] {
        if let Some(inner) = t.strip_prefix(open).and_then(|r| r.strip_suffix(close)) {
            t = inner.trim();
            t = t.strip_suffix('.').unwrap_or(t).trim();
        }
    }
    t
}

/// Where a parenthesised reminder closing the text opens, if something comes before it.
fn reminder_start(text: &str) -> Option<usize> {
    let body = text.strip_suffix('.').unwrap_or(text).trim_end();
    if !body.ends_with(')') {
        return None;
    }
    let mut depth = 0usize;
    for (i, c) in body.char_indices().rev() {
        match c {
            ')' => depth += 1,
            '(' => {
                depth -= 1;
                if depth == 0 {
                    return (!body[..i].trim().is_empty()).then_some(i);
                }
            }
            _ => {}
        }
    }
    None
}

/// A list split at commas and at the word "and", outside quotes (`"…"`, `“…”`, `&…&`).
pub(super) fn split_list(text: &str) -> Vec<&str> {
    let mut parts = Vec::new();
    let (mut start, mut quoted) = (0, None::<char>);
    let mut chars = text.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        match (quoted, c) {
            (Some(close), c) if c == close => quoted = None,
            (Some(_), _) => {}
            (None, '"' | '&') => quoted = Some(c),
            (None, '“') => quoted = Some('”'),
            (None, ',') => {
                parts.push(&text[start..i]);
                start = i + 1;
            }
            (None, ' ')
                if text[i..]
                    .get(..5)
                    .is_some_and(|w| w.eq_ignore_ascii_case(" and ")) =>
            {
                parts.push(&text[start..i]);
                start = i + 5;
                chars.nth(3);
            }
            _ => {}
        }
    }
    parts.push(&text[start..]);
    parts
        .into_iter()
        .map(|p| {
            let p = p.trim();
            strip_word(p, "and ").unwrap_or(p)
        })
        .filter(|p| !p.is_empty())
        .collect()
}

/// The sentences of a text, split at a period and a space outside quotes.
pub(super) fn sentences(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let (mut start, mut quoted) = (0, None::<char>);
    let bytes = text.as_bytes();
    for (i, c) in text.char_indices() {
        match (quoted, c) {
            (Some(close), c) if c == close => quoted = None,
            (Some(_), _) => {}
            (None, '"') => quoted = Some('"'),
            (None, '“') => quoted = Some('”'),
            (None, '.') if bytes.get(i + 1) == Some(&b' ') => {
                out.push(text[start..i].trim());
                start = i + 1;
            }
            _ => {}
        }
    }
    out.push(text[start..].trim().trim_end_matches('.').trim());
    out.into_iter().filter(|s| !s.is_empty()).collect()
}

/// The card's name without its version and printing marks: `Din Djarin (I) (Promo)` is
/// `Din Djarin`.
fn base_name(name: &str) -> &str {
    let mut n = name.trim();
    while let Some(open) = n.strip_suffix(')').and_then(|r| r.rfind('(')) {
        n = n[..open].trim_end();
    }
    n
}

/// The lower-case words of a text, split at spaces, hyphens and slashes.
pub(super) fn words(text: &str) -> Vec<String> {
    text.split(|c: char| c.is_whitespace() || c == '-' || c == '/' || c == '–')
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect()
}

/// Whether `subject` is the card itself: `this unit`, a pronoun, or words of its name in order
/// (`Din` for Din Djarin (I), `Gideon's Strike Force`).
pub(super) fn is_self(subject: &str, facts: &Facts) -> bool {
    let s = subject.trim();
    let pronoun = ["this unit", "it", "he", "she", "him", "her"];
    if pronoun.iter().any(|p| s.eq_ignore_ascii_case(p)) {
        return true;
    }
    let name = words(&base_name(facts.name).replace('’', "'"));
    let subject = words(&s.replace('’', "'"));
    !subject.is_empty()
        && subject.len() <= name.len()
        && name.windows(subject.len()).any(|w| w == subject.as_slice())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_split_outside_quotes_only() {
        assert_eq!(
            split_list("A, B and \"C, and D\" and &E and F&"),
            ["A", "B", "\"C, and D\"", "&E and F&"]
        );
        assert_eq!(
            split_list("Sand and stone, and more"),
            ["Sand", "stone", "more"]
        );
    }

    #[test]
    fn sentences_split_outside_quotes() {
        assert_eq!(
            sentences("Do a thing. Then \"Say. This\" and more. End."),
            ["Do a thing", "Then \"Say. This\" and more", "End"]
        );
    }

    #[test]
    fn the_card_is_named_by_words_of_its_name_or_a_pronoun() {
        let facts = Facts {
            name: "Zed Quorn (B) (Promo)",
            ..Facts::default()
        };
        for subject in ["Zed", "zed quorn", "Quorn", "this unit", "him"] {
            assert!(is_self(subject, &facts), "{subject}");
        }
        for subject in ["Quorn Zed", "Zed Quorn Jr", "Bob", ""] {
            assert!(!is_self(subject, &facts), "{subject}");
        }
    }
}
