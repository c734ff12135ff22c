//! The library's errors: all of them are the user's input or the shipped data, never a bug.
//!
//! An error says which input of the query it concerns ([`Error::input`]: a server names the
//! field), and its message keeps the inputs it names apart from its text ([`Message`]), so that
//! each front end words them its own way: `--defender` on the command line.

use crate::names::Game;
use std::fmt;

/// An input of a query that an error concerns or a message names: a unit's SPEC or an option.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Input {
    /// The attacking unit's SPEC.
    Attacker,
    /// The defending unit's SPEC.
    Defender,
    /// Another unit in the defender's arena (SWTCG), that Overkill and Area Damage reach.
    Secondary,
    /// A unit that takes the attack in the defender's place (SWTCG's Intercept, Redirect).
    Interceptor,
    /// A unit guarding the defender (Legion's Guardian).
    Guardian,
    /// The unit dice of damage are rolled at.
    Target,
    /// What the optimal policy plays for: the mean, at least K, destroying or wiping.
    Objective,
    /// Who makes the choices the rules leave to the players: greedy or optimal.
    Policy,
    /// SWTCG's attack mode: Cannon or Barrage makes the attack into the other arena.
    Mode,
    /// The SWTCG attacker's arena, for items written for one arena.
    Arena,
    /// Which side's paid abilities are paid (SWTCG's `pay:` items).
    Pay,
    /// Whether SWTCG's Enhance effects are paid.
    Enhance,
    /// A rule option, `NAME=VALUE`.
    Rule,
    /// The Legion rulebook followed.
    Edition,
    /// How many dice of damage.
    Count,
    /// How many attacks a sequence makes.
    Attacks,
    /// A sequence's attacker attacks until the defender is destroyed.
    UntilDestroyed,
    /// A Legion sequence's attacks, each an attacker SPEC.
    Attack,
    /// A Legion sequence's attack repeats until the defender is wiped.
    UntilWiped,
    /// The statistic a table's cells show.
    Stat,
    /// A table's row item and its range.
    Rows,
    /// A table's column item and its range.
    Cols,
    /// How many attacks a simulator rolls.
    Trials,
    /// Observed outcomes checked against an exact distribution.
    Samples,
    /// The variable samples are of.
    Variable,
    /// Card files.
    Cards,
    /// Legion attack dice as rolled, before the rerolls.
    Rolled,
    /// Legion attack results once surges are converted.
    Converted,
    /// The Legion unit whose upgrades are listed.
    UpgradesFor,
    /// The SWTCG format whose cards are listed.
    Legal,
}

impl Input {
    /// Every input.
    pub const ALL: [Input; 30] = [
        Input::Attacker,
        Input::Defender,
        Input::Secondary,
        Input::Interceptor,
        Input::Guardian,
        Input::Target,
        Input::Objective,
        Input::Policy,
        Input::Mode,
        Input::Arena,
        Input::Pay,
        Input::Enhance,
        Input::Rule,
        Input::Edition,
        Input::Count,
        Input::Attacks,
        Input::UntilDestroyed,
        Input::Attack,
        Input::UntilWiped,
        Input::Stat,
        Input::Rows,
        Input::Cols,
        Input::Trials,
        Input::Samples,
        Input::Variable,
        Input::Cards,
        Input::Rolled,
        Input::Converted,
        Input::UpgradesFor,
        Input::Legal,
    ];

    /// The input's key: the command line's long option and the API's key.
    pub fn key(self) -> &'static str {
        match self {
            Input::Attacker => "attacker",
            Input::Defender => "defender",
            Input::Secondary => "secondary",
            Input::Interceptor => "interceptor",
            Input::Guardian => "guardian",
            Input::Target => "target",
            Input::Objective => "objective",
            Input::Policy => "policy",
            Input::Mode => "mode",
            Input::Arena => "arena",
            Input::Pay => "pay",
            Input::Enhance => "enhance",
            Input::Rule => "rule",
            Input::Edition => "edition",
            Input::Count => "count",
            Input::Attacks => "attacks",
            Input::UntilDestroyed => "until-destroyed",
            Input::Attack => "attack",
            Input::UntilWiped => "until-wiped",
            Input::Stat => "stat",
            Input::Rows => "rows",
            Input::Cols => "cols",
            Input::Trials => "trials",
            Input::Samples => "samples",
            Input::Variable => "variable",
            Input::Cards => "cards",
            Input::Rolled => "rolled",
            Input::Converted => "converted",
            Input::UpgradesFor => "upgrades-for",
            Input::Legal => "legal",
        }
    }

    /// The input a key names.
    pub fn of_key(key: &str) -> Option<Input> {
        Input::ALL.into_iter().find(|i| i.key() == key)
    }
}

/// One piece of a message: its text, or an input it names.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
enum Part {
    /// Words said as they are.
    Text(String),
    /// An input, worded by the front end.
    Name(Input),
}

/// A message for people, with the inputs it names kept apart for the front end to word, and
/// the input it concerns.
///
/// ```
/// use holodice_engine::error::{Input, Message};
/// let m = Message::flag(Input::Trials).text(" 0: give 1 to 100");
/// assert_eq!(m.concerns(), Some(Input::Trials));
/// assert_eq!(m.worded(&|i| format!("--{}", i.key())), "--trials 0: give 1 to 100");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct Message {
    about: Option<Input>,
    parts: Vec<Part>,
    /// The other game, when the message says the input is that game's (`Power 5` given to
    /// Legion): a front end offers to give it there.
    game: Option<Game>,
}

impl Message {
    /// A message about `input`, its text still to come.
    pub fn about(input: Input) -> Message {
        Message {
            about: Some(input),
            ..Message::default()
        }
    }

    /// A message about `input` that starts by naming it.
    pub fn flag(input: Input) -> Message {
        Message::about(input).name(input)
    }

    /// The message with `text` added.
    pub fn text(mut self, text: impl Into<String>) -> Message {
        self.parts.push(Part::Text(text.into()));
        self
    }

    /// The message with `input` named next.
    pub fn name(mut self, input: Input) -> Message {
        self.parts.push(Part::Name(input));
        self
    }

    /// The message with `other` after it (and its input and game, if this one has none).
    pub fn then(mut self, other: Message) -> Message {
        self.about = self.about.or(other.about);
        self.game = self.game.or(other.game);
        self.parts.extend(other.parts);
        self
    }

    /// The message, saying the input is an item of `game` (the other game).
    pub fn of_game(mut self, game: Game) -> Message {
        self.game = Some(game);
        self
    }

    /// The input the message is about, if it is about one.
    pub fn concerns(&self) -> Option<Input> {
        self.about
    }

    /// The other game, if the message says the input belongs to it.
    pub fn game(&self) -> Option<Game> {
        self.game
    }

    /// The message with `place` before it: "row Power 5: …".
    fn within(mut self, place: &str) -> Message {
        self.parts.insert(0, Part::Text(format!("{place}: ")));
        self
    }

    /// The message, its inputs worded by `word`.
    pub fn worded(&self, word: &dyn Fn(Input) -> String) -> String {
        self.parts
            .iter()
            .map(|p| match p {
                Part::Text(t) => t.clone(),
                Part::Name(i) => word(*i),
            })
            .collect()
    }
}

impl From<String> for Message {
    fn from(text: String) -> Message {
        Message::default().text(text)
    }
}

impl From<&str> for Message {
    fn from(text: &str) -> Message {
        Message::from(text.to_string())
    }
}

/// Inputs worded by their keys, as the library's own `Display` words them.
fn plain(input: Input) -> String {
    input.key().to_string()
}

impl fmt::Display for Message {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.worded(&plain))
    }
}

/// What went wrong, in one line that names the offending item and, where possible, the fix.
///
/// More kinds of error may come: a match on it needs a wildcard arm.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Error {
    /// An item of a unit SPEC is not understood.
    Spec {
        /// The unit's role: `attacker`, `defender`, … (an [`Input`]'s key).
        role: String,
        /// The item as given.
        item: String,
        /// What is wrong with it.
        message: Message,
    },
    /// Input that is missing, or that no command option or item reads.
    Input(Message),
    /// A rule option `NAME=VALUE` that names no option or no value of it.
    Rule(String),
    /// A keyword the engine recognises but cannot compute yet.
    NotModelled {
        /// The keyword as the SPEC gave it.
        keyword: String,
        /// Why it is not computed.
        reason: String,
    },
    /// The attack is not allowed by the rules.
    Illegal(Message),
    /// A size beyond what is computed promptly.
    TooLarge(Message),
    /// The shipped or given game data is malformed.
    Data(DataError),
}

/// Text quoted in a message, shortened past about 80 characters so that a huge item costs a
/// short line.
pub fn quote(text: &str) -> String {
    const LONGEST: usize = 80;
    match text.char_indices().nth(LONGEST) {
        None => text.to_string(),
        Some((end, _)) => format!("{}… ({} bytes)", &text[..end], text.len()),
    }
}

impl Error {
    /// Input that no option or item reads, or that is missing.
    pub fn input(message: impl Into<Message>) -> Error {
        Error::Input(message.into())
    }

    /// Input that no option or item reads, about `input` (a unit's SPEC, an option).
    pub fn about(input: Option<Input>, message: impl Into<String>) -> Error {
        let m = Message {
            about: input,
            ..Message::default()
        };
        Error::Input(m.text(message))
    }

    /// An attack the rules don't allow.
    pub fn illegal(message: impl Into<Message>) -> Error {
        Error::Illegal(message.into())
    }

    /// A size past a stated limit.
    pub fn too_large(message: impl Into<Message>) -> Error {
        Error::TooLarge(message.into())
    }

    /// The input the error concerns, when it is about one: the unit whose SPEC is wrong, the
    /// option it names.
    pub fn concerns(&self) -> Option<Input> {
        match self {
            Error::Spec { role, .. } => Input::of_key(role),
            Error::Rule(_) => Some(Input::Rule),
            Error::Input(m) | Error::Illegal(m) | Error::TooLarge(m) => m.concerns(),
            _ => None,
        }
    }

    /// The other game, when the error says the input is an item of it (`Power 5` given to
    /// Legion is SWTCG's): a front end offers to give it there.
    pub fn game(&self) -> Option<Game> {
        match self {
            Error::Spec { message, .. } => message.game(),
            Error::Input(m) | Error::Illegal(m) | Error::TooLarge(m) => m.game(),
            _ => None,
        }
    }

    /// The error in one line, its inputs worded by `word` (the command line's `--attacker`).
    pub fn worded(&self, word: &dyn Fn(Input) -> String) -> String {
        match self {
            Error::Spec {
                role,
                item,
                message,
            } => format!(
                "{role} SPEC, item '{}': {}",
                quote(item),
                message.worded(word)
            ),
            Error::Input(m) | Error::TooLarge(m) => m.worded(word),
            Error::Rule(m) => format!("{} {m}", word(Input::Rule)),
            Error::NotModelled { keyword, reason } => format!(
                "{keyword} is not modelled yet: {reason} (remove it from the SPEC to compute the \
                 rest)"
            ),
            Error::Illegal(m) => format!("illegal attack: {}", m.worded(word)),
            Error::Data(e) => e.to_string(),
        }
    }

    /// A limit's error said to concern `input` when it names none: the limits of an attack
    /// concern its attacker, a table's its rows.
    pub fn limit_of(self, input: Input) -> Error {
        match self {
            Error::TooLarge(m) if m.about.is_none() => Error::TooLarge(Message {
                about: Some(input),
                ..m
            }),
            other => other,
        }
    }

    /// The same error, its message led by where it arose ("row Power 5, column Fury 2").
    pub fn within(self, place: &str) -> Error {
        match self {
            Error::Input(m) => Error::Input(m.within(place)),
            Error::Illegal(m) => Error::Illegal(m.within(place)),
            Error::TooLarge(m) => Error::TooLarge(m.within(place)),
            Error::NotModelled { keyword, reason } => Error::NotModelled {
                keyword: format!("{place}: {keyword}"),
                reason,
            },
            other => other,
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.worded(&plain))
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Error::Data(e) => Some(e),
            _ => None,
        }
    }
}

impl From<DataError> for Error {
    fn from(e: DataError) -> Error {
        Error::Data(e)
    }
}

/// A malformed data file: where, which item, what is wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DataError {
    /// The file's name.
    pub file: String,
    /// The line, from 1.
    pub line: usize,
    /// The column, from 1, when the parser gives one.
    pub column: Option<usize>,
    /// The item at fault (a card's name), when there is one.
    pub item: Option<String>,
    /// What is wrong.
    pub message: String,
}

impl DataError {
    /// What is wrong with a file as a whole (no line or item to point at).
    pub fn of_file(file: &str, message: String) -> DataError {
        DataError {
            file: file.to_string(),
            line: 1,
            column: None,
            item: None,
            message,
        }
    }
}

impl fmt::Display for DataError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.file, self.line)?;
        if let Some(c) = self.column {
            write!(f, ":{c}")?;
        }
        if let Some(item) = &self.item {
            write!(f, ": item '{}'", quote(item))?;
        }
        write!(f, ": {}", quoted_shortly(&self.message))
    }
}

/// A message with each text it quotes from a file (a parser's `invalid type: string "…"`)
/// shortened as [`quote`] shortens: the line names the item, not its whole text.
fn quoted_shortly(message: &str) -> String {
    let mut out = String::with_capacity(message.len().min(400));
    let mut parts = message.split('"');
    out.push_str(parts.next().unwrap_or(""));
    let mut inside = true;
    for part in parts {
        out.push('"');
        match inside {
            true => out.push_str(&quote(part)),
            false => out.push_str(part),
        }
        inside = !inside;
    }
    out
}

impl std::error::Error for DataError {}
