//! Card names inside SPECs, the same in both games: a SPEC's items are split at commas, so a
//! name holding a comma is written in double quotes (`@"Destroyer Droid, P Series"`). And what
//! both games' errors suggest for a name they don't know: the other game, when the item is its
//! (`elsewhere`), the names a partial one starts or is held in (`longer_names`, `holding`),
//! worded one way (`did_you_mean`).

/// A SPEC's items: split at commas, but not inside double quotes (`+@"A, B"` names one card).
pub(crate) fn items(spec: &str) -> Vec<&str> {
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
pub(crate) fn joined(items: &[&str]) -> String {
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
pub(crate) fn unquoted(name: &str) -> &str {
    let name = name.trim();
    name.strip_prefix('"')
        .and_then(|n| n.strip_suffix('"'))
        .map_or(name, str::trim)
}

/// The two games whose SPECs holodice reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Game {
    /// The Star Wars Trading Card Game.
    Swtcg,
    /// Star Wars: Legion.
    Legion,
}

impl Game {
    /// The game's key: the command line's subcommand and the API's word for it.
    pub fn key(self) -> &'static str {
        match self {
            Game::Swtcg => "swtcg",
            Game::Legion => "legion",
        }
    }

    /// The game's name in messages.
    pub fn name(self) -> &'static str {
        match self {
            Game::Swtcg => "SWTCG",
            Game::Legion => "Legion",
        }
    }

    /// The name with its article: "an SWTCG", "a Legion".
    fn a(self) -> &'static str {
        match self {
            Game::Swtcg => "an SWTCG",
            Game::Legion => "a Legion",
        }
    }

    fn other(self) -> Game {
        match self {
            Game::Swtcg => Game::Legion,
            Game::Legion => Game::Swtcg,
        }
    }

    /// Whether `game` knows `name` as an item's name, with a value or without.
    fn knows(self, name: &str) -> bool {
        match self {
            Game::Swtcg => crate::swtcg::keywords::Keywords::builtin()
                .get(name)
                .is_some(),
            Game::Legion => crate::legion::items::knows_name(name),
        }
    }

    /// Whether this game knows the name `item` gives, whatever its value, or names that
    /// start with it ("surge 1": Legion's "surge tokens").
    fn knows_name_of(self, item: &str) -> bool {
        match self {
            Game::Swtcg => {
                !matches!(crate::swtcg::spec::read_item(item), Err(None))
                    || crate::swtcg::spec::starts_names(item)
            }
            Game::Legion => {
                crate::legion::items::knows_name(&crate::legion::items::split(item).0)
                    || crate::legion::items::starts_names(item)
            }
        }
    }

    /// Every name of the item `item` reads as in this game, value and all, if it reads as one.
    fn names_of(self, item: &str) -> Option<Vec<String>> {
        let keyword = |name: &String, aliases: &Vec<String>| {
            std::iter::once(name).chain(aliases).cloned().collect()
        };
        match self {
            Game::Swtcg => crate::swtcg::spec::read_item(item)
                .ok()
                .map(|i| keyword(&i.keyword.name, &i.keyword.aliases)),
            Game::Legion => crate::legion::items::lookup(item)
                .ok()
                .map(|(k, _)| keyword(&k.name, &k.aliases)),
        }
    }
}

/// What a SPEC of `this` game is told of an item whose name it doesn't know but that reads as
/// an item of the other game ("Power 5" given to Legion): which game it is of and where to give
/// it, the message saying that game for the page to offer. `None` when the other game doesn't
/// read it either, or when its item shares a name with one of this game (Legion's Critical,
/// SWTCG's Critical Hit, also called Critical) or starts one (Legion's "surge tokens" for
/// SWTCG's Surge): that is a misspelling of this game's item.
///
/// The one place either game's parser consults the other's item table, so that neither game's
/// module depends on the other's for it.
pub(crate) fn elsewhere(this: Game, item: &str) -> Option<crate::error::Message> {
    let other = this.other();
    if this.knows_name_of(item) {
        return None;
    }
    let names = other.names_of(item)?;
    if names.iter().any(|n| this.knows(n)) {
        return None;
    }
    let text = format!(
        "{} item, not {} one: give it to holodice {} (the page's {} tab)",
        other.a(),
        this.a(),
        other.key(),
        other.name()
    );
    Some(crate::error::Message::from(text).of_game(other))
}

/// "did you mean 'A'?", or of several "did you mean one of 'A', 'B' or 'C'?".
pub(crate) fn did_you_mean(options: &[impl AsRef<str>]) -> String {
    let quoted: Vec<String> = options
        .iter()
        .map(|o| format!("'{}'", o.as_ref()))
        .collect();
    match quoted.as_slice() {
        [] => String::new(),
        [one] => format!("did you mean {one}?"),
        [first @ .., last] => format!("did you mean one of {} or {last}?", first.join(", ")),
    }
}

/// The most names a suggestion lists.
pub(crate) const SUGGESTED: usize = 3;

/// What `spellings` (a name or alias, and the name to suggest for it) suggest for `words` that
/// name no item but start longer names ("surge" starts "surge tokens"): each once, at most
/// [`SUGGESTED`], in the spellings' order.
pub(crate) fn longer_names<'a>(
    words: &str,
    spellings: impl IntoIterator<Item = (&'a str, &'a str)>,
) -> Vec<&'a str> {
    let start = format!("{} ", loose(words));
    let mut found: Vec<&str> = Vec::new();
    for (spelling, name) in spellings {
        if loose(spelling).starts_with(&start) && !found.contains(&name) {
            found.push(name);
        }
    }
    found.truncate(SUGGESTED);
    found
}

/// A name as partial names are compared: lower case, apostrophes dropped, any other
/// punctuation a space between words ("Luke's X-Wing" is "lukes x wing").
fn loose(name: &str) -> String {
    let spaced: String = (name.chars())
        .filter(|c| !matches!(c, '\'' | '’' | '‘' | '@' | '"'))
        .map(|c| match c.is_alphanumeric() {
            true => c.to_lowercase().next().unwrap_or(c),
            false => ' ',
        })
        .collect();
    spaced.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The names to suggest for the partial name `wanted` among `cards`, each named by `name`:
/// those that hold it, the ones `later` says last, then the closest (in [`Partial`]'s order),
/// the shortest, in alphabetical order; each as `spelt` writes it, once, at most
/// [`SUGGESTED`]. Both games' unknown-card messages list these before any edit-distance guess.
pub(crate) fn holding<'c, C: 'c>(
    wanted: &str,
    cards: impl IntoIterator<Item = &'c C>,
    name: impl Fn(&'c C) -> &'c str,
    later: impl Fn(&'c C) -> bool,
    mut spelt: impl FnMut(&'c C) -> String,
) -> Vec<String> {
    let wanted = PartialName::new(wanted);
    let mut held: Vec<(bool, Partial, usize, &str, &C)> = (cards.into_iter())
        .filter_map(|c| {
            Some((
                later(c),
                wanted.in_name(name(c))?,
                name(c).len(),
                name(c),
                c,
            ))
        })
        .collect();
    held.sort_by(|a, b| (a.0, a.1, a.2, a.3).cmp(&(b.0, b.1, b.2, b.3)));
    let mut names: Vec<String> = Vec::new();
    for (.., c) in held {
        let spelt = spelt(c);
        if !names.contains(&spelt) {
            names.push(spelt);
        }
        if names.len() == SUGGESTED {
            break;
        }
    }
    names
}

/// How closely a card's name holds a partial one: the lower, the closer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Partial {
    /// It starts with the partial name's whole words ("DLT-19 Stormtrooper" for "DLT-19").
    Words,
    /// It starts with it ("DLT-19x Sniper" for "DLT-19").
    Start,
    /// A word of it starts with it ("Luke" in "Captain Luke").
    Word,
    /// It holds it, spaces and punctuation aside ("dlt19" in "DLT-19x Sniper").
    Within,
}

/// A partial name as cards' names are searched for it: any case, punctuation aside.
pub(crate) struct PartialName {
    loose: String,
    squashed: String,
}

impl PartialName {
    /// The partial name `wanted`, read once for the many names it is looked for in.
    pub fn new(wanted: &str) -> PartialName {
        let loose = loose(wanted);
        let squashed = loose.replace(' ', "");
        PartialName { loose, squashed }
    }

    /// How `name` holds the partial name, if it does.
    pub fn in_name(&self, name: &str) -> Option<Partial> {
        let name = loose(name);
        if self.loose.is_empty() || self.squashed.len() > name.len() {
            return None;
        }
        if let Some(rest) = name.strip_prefix(&self.loose) {
            return Some(match rest.is_empty() || rest.starts_with(' ') {
                true => Partial::Words,
                false => Partial::Start,
            });
        }
        if format!(" {name}").contains(&format!(" {}", self.loose)) {
            return Some(Partial::Word);
        }
        (name.replace(' ', ""))
            .contains(&self.squashed)
            .then_some(Partial::Within)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn items_split_at_commas_outside_quotes() {
        assert_eq!(items(r#"@"A, B", Power 3"#), [r#"@"A, B""#, " Power 3"]);
    }

    #[test]
    fn joined_items_leave_out_empty_ones() {
        assert_eq!(
            joined(&["@Stormtroopers", " ", "range 2 "]),
            "@Stormtroopers, range 2"
        );
    }

    #[test]
    fn items_of_the_other_game_say_which() {
        let m = elsewhere(Game::Legion, "Power 5").unwrap();
        assert_eq!(m.game(), Some(Game::Swtcg));
        assert!(m.to_string().starts_with("an SWTCG item, not a Legion one"));
        assert!(elsewhere(Game::Legion, "Critical Hit 2").is_none());
        assert!(elsewhere(Game::Legion, "surge 1").is_none());
        assert!(elsewhere(Game::Swtcg, "Armor 2").is_none());
    }

    #[test]
    fn suggestions_are_worded_by_their_count() {
        assert_eq!(
            did_you_mean(&["Ion Cannon 2"]),
            "did you mean 'Ion Cannon 2'?"
        );
        assert_eq!(
            did_you_mean(&["A", "B", "C"]),
            "did you mean one of 'A', 'B' or 'C'?"
        );
    }

    #[test]
    fn longer_names_start_with_the_words() {
        let spellings = [
            ("Ion Cannon", "Ion Cannon"),
            ("ion", "Ion"),
            ("Ionic", "Ionic"),
        ];
        assert_eq!(longer_names("ION", spellings), ["Ion Cannon"]);
    }

    #[test]
    fn holding_lists_the_closest_first() {
        let cards = [
            "DLT-19x Sniper",
            "DLT-19 Stormtrooper",
            "E-11D Grenade Launcher",
        ];
        let names = holding("dlt-19", cards.iter(), |c| c, |_| false, |c| c.to_string());
        assert_eq!(names, ["DLT-19 Stormtrooper", "DLT-19x Sniper"]);
    }

    #[test]
    fn partial_names_are_held_closest_first() {
        let dlt = PartialName::new("DLT-19");
        assert_eq!(dlt.in_name("DLT-19 Stormtrooper"), Some(Partial::Words));
        assert_eq!(dlt.in_name("DLT-19x Sniper"), Some(Partial::Start));
        assert_eq!(
            PartialName::new("@luke").in_name("Luke's X-Wing (A)"),
            Some(Partial::Start)
        );
        assert_eq!(
            PartialName::new("troopers").in_name("Rebel Troopers"),
            Some(Partial::Word)
        );
        assert_eq!(
            PartialName::new("dlt19").in_name("DLT-19x Sniper"),
            Some(Partial::Within)
        );
        assert_eq!(PartialName::new("Vader").in_name("Luke Skywalker"), None);
    }
}
