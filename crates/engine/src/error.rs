//! The library's errors: all of them are the user's input or the shipped data, never a bug.

use std::fmt;
use thiserror::Error;

/// What went wrong, in one line that names the offending item and, where possible, the fix.
#[derive(Debug, Clone, Error, PartialEq, Eq)]
pub enum Error {
    /// An item of a unit SPEC is not understood.
    #[error("{role} SPEC, item '{}': {message}", quote(item))]
    Spec {
        role: String,
        item: String,
        message: String,
    },
    /// Input that is missing, or that no command option or item reads.
    #[error("{0}")]
    Input(String),
    /// A `--rule NAME=VALUE` that names no option or no value of it.
    #[error("--rule {0}")]
    Rule(String),
    /// A keyword the engine recognises but cannot compute yet.
    #[error(
        "{keyword} is not modelled yet: {reason} (remove it from the SPEC to compute the rest)"
    )]
    NotModelled { keyword: String, reason: String },
    /// The attack is not allowed by the rules.
    #[error("illegal attack: {0}")]
    Illegal(String),
    /// A size beyond what is computed promptly.
    #[error("{0}")]
    TooLarge(String),
    /// A file named on the command line could not be read or written.
    #[error("{0}")]
    File(String),
    /// A chart could not be drawn.
    #[error("could not draw the chart: {0}")]
    Chart(String),
    /// The shipped or given game data is malformed.
    #[error(transparent)]
    Data(#[from] DataError),
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
    /// The same error, its message led by where it arose ("row Power 5, column Fury 2").
    pub fn within(self, place: &str) -> Error {
        match self {
            Error::Input(m) => Error::Input(format!("{place}: {m}")),
            Error::Illegal(m) => Error::Illegal(format!("{place}: {m}")),
            Error::TooLarge(m) => Error::TooLarge(format!("{place}: {m}")),
            Error::NotModelled { keyword, reason } => Error::NotModelled {
                keyword: format!("{place}: {keyword}"),
                reason,
            },
            other => other,
        }
    }
}

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
            write!(f, ": item '{}'", quote(item))?;
        }
        write!(f, ": {}", self.message)
    }
}

impl std::error::Error for DataError {}
