//! The application's errors: the engine's, and those only the application meets (the files it
//! reads and writes, the charts it draws).

use holodice_engine::error::{DataError, Input};
use holodice_engine::names::Game;
use std::fmt;

/// What went wrong in a command, the server or the command line: the user's input, a file or
/// the data, never a bug; each is one line for people.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Error {
    /// The engine refused the query: a SPEC, an option, a limit or the game data.
    Engine(holodice_engine::Error),
    /// A file could not be read or written, or the server could not listen.
    File(String),
    /// A chart could not be drawn.
    Chart(String),
}

impl Error {
    /// The input the error concerns, when it is the engine's about one (see
    /// [`holodice_engine::Error::concerns`]).
    pub fn concerns(&self) -> Option<Input> {
        match self {
            Error::Engine(e) => e.concerns(),
            _ => None,
        }
    }

    /// The other game, when the engine's error says the input is an item of it.
    pub fn game(&self) -> Option<Game> {
        match self {
            Error::Engine(e) => e.game(),
            _ => None,
        }
    }

    /// The error in one line, the inputs it names worded by `word` (the command line's
    /// `--attacker`).
    pub fn worded(&self, word: &dyn Fn(Input) -> String) -> String {
        match self {
            Error::Engine(e) => e.worded(word),
            Error::File(m) => m.clone(),
            Error::Chart(m) => format!("could not draw the chart: {m}"),
        }
    }
}

impl From<holodice_engine::Error> for Error {
    fn from(e: holodice_engine::Error) -> Error {
        Error::Engine(e)
    }
}

impl From<DataError> for Error {
    fn from(e: DataError) -> Error {
        Error::Engine(e.into())
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Engine(e) => e.fmt(f),
            other => f.write_str(&other.worded(&|i| i.key().to_string())),
        }
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Error::Engine(e) => Some(e),
            _ => None,
        }
    }
}
