//! The commands, one request type each. clap parses them from the command line; the API reads
//! them with serde, after checking a request against a table of the same definitions
//! (`data/api/options.json`, built from clap's), so every option, default, limit and message
//! exists once. [`prepare`] reads any of them once (SPECs parsed, files read) into a
//! [`Prepared`] value, whose estimate and run are its methods; [`execute`] does both steps at
//! once. Reading files is the caller's, through [`Files`]: the command line reads them, the
//! server refuses.

pub(crate) mod army;
mod check;
mod compare;
mod legion;
mod legion_args;
mod legion_sequence;
mod matchups;
mod output;
mod serve;
mod simulate;
mod swtcg;
mod swtcg_args;
mod table;

#[cfg(feature = "native")]
pub(crate) use check::CheckAnswer;
pub use check::{read_samples, CheckArgs};
pub use legion::LegionCommand;
#[cfg(feature = "native")]
pub(crate) use matchups::MatchupsAnswer;
pub use output::{Answer, FormatArg, OutputArgs};
pub use serve::ServeArgs;
pub use swtcg::SwtcgCommand;
pub use table::TableArgs;

use crate::error::Error;
#[cfg(feature = "native")]
use clap::error::ErrorKind;
#[cfg(feature = "native")]
use clap::{CommandFactory, Parser, Subcommand, ValueEnum};
use holodice_engine::error::{self as engine, Input, Message};
use holodice_engine::legion::cards::Cards as LegionCards;
use holodice_engine::swtcg::cards::Cards;
use serde::Deserialize;
use std::borrow::Cow;
use std::io::{BufRead, Read};
use std::path::{Path, PathBuf};

/// The command line: a command and its options.
#[cfg(feature = "native")]
#[derive(Debug, Parser)]
#[command(
    name = "holodice",
    version,
    about = "Exact odds for Star Wars tabletop dice",
    long_about = "Exact odds for Star Wars tabletop dice.\n\n\
        holodice computes exact probability distributions (fractions, never sampling) for attacks \
        in the Star Wars Trading Card Game and Star Wars: Legion, and tables of them.\n\n\
        Examples:\n  \
        holodice swtcg attack --attacker \"Power 5, Accuracy 1, Critical Hit 2\" \\\n      \
        --defender \"Health 4, Armor\"\n  \
        holodice legion attack --attacker \"4 red, surge crit, aim 1\" \\\n      \
        --defender \"white defense, cover light\"\n  \
        holodice table swtcg --rows \"Power 1..10\" --cols \"Accuracy -1..2\" \\\n      \
        --stat mean --format markdown\n  \
        holodice check --samples sim.csv swtcg --attacker \"Power 3\" \\\n      \
        --defender \"Health 2\"\n  \
        holodice serve"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

/// Every command of the command line.
#[derive(Debug, Deserialize)]
#[cfg_attr(feature = "native", derive(Subcommand))]
#[serde(rename_all = "kebab-case")]
pub enum Command {
    /// Star Wars Trading Card Game
    #[cfg_attr(feature = "native", command(subcommand))]
    Swtcg(SwtcgCommand),
    /// Star Wars: Legion
    #[cfg_attr(feature = "native", command(subcommand))]
    Legion(LegionCommand),
    /// A table of one statistic over ranges of SPEC items, for rulebooks and guides
    #[cfg_attr(feature = "native", command(after_long_help = table::HELP))]
    Table(TableArgs),
    /// Test samples of an attack (a simulator's output, dice rolled at a table) against its exact
    /// distribution
    #[cfg_attr(feature = "native", command(after_long_help = check::HELP))]
    Check(CheckArgs),
    /// Serve the web page and the JSON API on this machine
    #[cfg_attr(feature = "native", command(after_long_help = serve::HELP))]
    Serve(ServeArgs),
}

/// The largest card file `--cards` reads: seven times Legion HQ's `cards.json` (about 600 KB),
/// the largest card file there is. A file's parsed form takes some 30 times its size, so the
/// size is refused before any parse: 24 MB of cards took 722 MB before the card count refused it.
pub const MAX_CARD_FILE: u64 = 4 << 20;
/// The largest table spec `--spec` reads.
pub const MAX_SPEC_FILE: u64 = 1 << 20;
/// The most `--samples` input `check` reads, a line at a time (memory follows the outcomes).
pub const MAX_SAMPLES_INPUT: u64 = holodice_engine::gof::MAX_INPUT;

/// The size limit of the input an option reads.
pub fn input_limit(flag: &str) -> u64 {
    match flag {
        "--samples" => MAX_SAMPLES_INPUT,
        "--spec" => MAX_SPEC_FILE,
        _ => MAX_CARD_FILE,
    }
}

/// Where a command's input files come from.
pub trait Files {
    /// `path`, given to the option `flag` (`--cards`, `--spec`, `--samples`), to read from.
    fn open(&self, flag: &str, path: &Path) -> Result<Box<dyn BufRead + '_>, Error>;

    /// The text of `path`, read up to the option's [`input_limit`] and refused past it; a UTF-8
    /// byte-order mark is dropped.
    fn read(&self, flag: &str, path: &Path) -> Result<String, Error> {
        let limit = input_limit(flag);
        let mut bytes = Vec::new();
        self.open(flag, path)?
            .take(limit + 1)
            .read_to_end(&mut bytes)
            .map_err(|e| Error::File(format!("cannot read {}: {e}", self.describe(flag, path))))?;
        if bytes.len() as u64 > limit {
            let about = Input::of_key(flag.trim_start_matches('-'));
            return Err(engine::Error::too_large(format!(
                "{} is over the limit of {} MiB for {flag}",
                self.describe(flag, path),
                limit >> 20
            ))
            .limit_of(about.unwrap_or(Input::Cards))
            .into());
        }
        let text = String::from_utf8(bytes).map_err(|e| {
            Error::File(format!(
                "{} is not UTF-8 text (byte {} is not)",
                self.describe(flag, path),
                e.utf8_error().valid_up_to()
            ))
        })?;
        Ok(match text.strip_prefix('\u{feff}') {
            Some(rest) => rest.to_string(),
            None => text,
        })
    }

    /// How messages and reports name that input.
    fn describe(&self, flag: &str, path: &Path) -> String {
        if path == Path::new("-") {
            format!("{flag} - (standard input)")
        } else {
            format!("{flag} {}", path.display())
        }
    }
}

/// A command, its arguments read once (SPECs parsed, files read, options checked): its
/// estimate ([`Prepared::cost`]) and its work ([`Prepared::run`]) both start from this value,
/// so that what a server schedules by is the work it then does.
pub struct Prepared<'a>(Query<'a>);

/// A prepared command of each kind.
enum Query<'a> {
    /// `holodice swtcg …`.
    Swtcg(Box<swtcg::Prepared<'a>>),
    /// `holodice legion …`.
    Legion(legion::Prepared<'a>),
    /// `holodice table`.
    Table(Box<table::Table>),
    /// `holodice check`.
    Check(Box<check::Check>),
}

/// Reads `command`'s arguments: `cards` (SWTCG) and `legion_cards` are the units `@Name` can
/// name before the command's own `--cards`. What is wrong with them is the error its run would
/// meet first.
pub fn prepare<'a>(
    command: Command,
    cards: &'a Cards,
    legion_cards: &'a LegionCards,
    files: &dyn Files,
) -> Result<Prepared<'a>, Error> {
    Ok(Prepared(match command {
        Command::Swtcg(c) => Query::Swtcg(Box::new(swtcg::prepare(c, cards, files)?)),
        Command::Legion(c) => Query::Legion(legion::prepare(c, legion_cards, files)?),
        Command::Table(a) => Query::Table(Box::new(table::Table::read(a, files)?)),
        Command::Check(a) => Query::Check(Box::new(check::Check::read(a, cards, files)?)),
        Command::Serve(_) => {
            return Err(engine::Error::input("serve starts a server: it is not a query").into())
        }
    }))
}

impl Prepared<'_> {
    /// The work the command will take, estimated before it runs as the limits estimate it (in
    /// the units of `Game::cost`, about 0.2 µs each): what a server schedules by. Listings are
    /// 0, and so is a command whose estimate is refused, as its run will be at once.
    pub fn cost(&self) -> u64 {
        let estimate = match &self.0 {
            Query::Swtcg(p) => p.cost(),
            Query::Legion(p) => p.cost(),
            Query::Table(t) => t.cost(),
            Query::Check(c) => c.cost(),
        };
        estimate.unwrap_or(0)
    }

    /// Runs the command: what to print, or why it can't be computed.
    pub fn run(self) -> Result<Answer, Error> {
        match self.0 {
            Query::Swtcg(p) => p.run(),
            Query::Legion(p) => p.run(),
            Query::Table(t) => t.run(),
            Query::Check(c) => c.run(),
        }
    }
}

/// Reads and runs a command at once (see [`prepare`]).
pub fn execute(
    command: Command,
    cards: &Cards,
    legion_cards: &LegionCards,
    files: &dyn Files,
) -> Result<Answer, Error> {
    prepare(command, cards, legion_cards, files)?.run()
}

/// A clap error as one line (its tip kept); `None` for help and version, which print as usual.
#[cfg(feature = "native")]
pub fn usage_message(e: &clap::Error) -> Option<String> {
    if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) {
        return None;
    }
    Some(usage_line(&e.to_string()))
}

/// A usage error written as clap writes one (`error: ...`, maybe the possible values, the
/// missing arguments or a tip, then usage lines) as one line: its lines before the usage,
/// joined. The API words its refusals so too, without clap.
pub(crate) fn usage_line(text: &str) -> String {
    let lines: Vec<&str> = text
        .lines()
        .map(str::trim)
        .take_while(|l| !l.starts_with("Usage:") && !l.starts_with("For more information"))
        .filter(|l| !l.is_empty())
        .collect();
    let message = lines.iter().fold(String::new(), |m, l| {
        let glue = match () {
            _ if m.is_empty() => "",
            _ if m.ends_with(':') => " ",
            _ => "; ",
        };
        m + glue + l
    });
    one_line(message.strip_prefix("error: ").unwrap_or(&message))
}

/// The line for a command line that stops before its subcommand (`holodice`, `holodice swtcg`):
/// what is missing and every subcommand that may follow.
#[cfg(feature = "native")]
pub fn missing_subcommand(args: &[String]) -> String {
    let mut path = vec!["holodice".to_string()];
    let mut command = Cli::command();
    for arg in args {
        match command.find_subcommand(arg) {
            Some(sub) => {
                path.push(arg.clone());
                command = sub.clone();
            }
            None => break,
        }
    }
    let names: Vec<&str> = command
        .get_subcommands()
        .filter(|c| !c.is_hide_set() && c.get_name() != "help")
        .map(|c| c.get_name())
        .collect();
    let path = path.join(" ");
    format!(
        "'{path}' needs a command: {} (see '{path} --help')",
        names.join(", ")
    )
}

/// An error as the command line and the API print it: its inputs worded as the command's long
/// options (`--attacker`), on one line.
pub fn message(e: &Error) -> String {
    one_line(&e.worded(&flag))
}

/// Notes as the command line and the API print them: their inputs worded as the command's long
/// options (`--pay`).
pub fn notes(notes: &[Message]) -> Vec<String> {
    notes.iter().map(|n| n.worded(&flag)).collect()
}

/// An input as the command line names it: its long option.
fn flag(input: Input) -> String {
    format!("--{}", input.key())
}

/// The most characters an error line holds; a longer one is cut, and says how long it was.
pub const MAX_LINE: usize = 1000;

/// A message as one line a terminal shows as it is: line breaks and other control characters
/// (terminal escapes, NUL) written as escapes, and at most [`MAX_LINE`] characters.
pub fn one_line(message: &str) -> String {
    let mut line = String::new();
    for (i, c) in message.chars().enumerate() {
        if i == MAX_LINE {
            line.push_str(&format!("… ({} bytes in all)", message.len()));
            break;
        }
        match c {
            '\r' => line.push_str("\\r"),
            '\n' => line.push_str("\\n"),
            '\t' => line.push_str("\\t"),
            c if c.is_control() => line.push_str(&format!("\\u{{{:x}}}", u32::from(c))),
            c => line.push(c),
        }
    }
    line
}

/// The cards `@Name` can name: `base`, then the `--cards` files in order.
pub(crate) fn with_card_files<'a>(
    base: &'a Cards,
    paths: &[PathBuf],
    files: &dyn Files,
) -> Result<Cow<'a, Cards>, Error> {
    if paths.is_empty() {
        return Ok(Cow::Borrowed(base));
    }
    let mut cards = base.clone();
    for p in paths {
        let text = files.read("--cards", p)?;
        cards.add(Cards::load(&p.display().to_string(), &text)?);
    }
    Ok(Cow::Owned(cards))
}

/// The Legion cards `@Name` can name: `base`, then the `--cards` files in order; an SWTCG card
/// file is refused with what to give instead.
pub(crate) fn with_legion_card_files<'a>(
    base: &'a LegionCards,
    paths: &[PathBuf],
    files: &dyn Files,
) -> Result<Cow<'a, LegionCards>, Error> {
    if paths.is_empty() {
        return Ok(Cow::Borrowed(base));
    }
    let mut cards = base.clone();
    for p in paths {
        let text = files.read("--cards", p)?;
        if !LegionCards::is_legion_file(&text) {
            return Err(engine::Error::input(format!(
                "{} is not a Legion card file (its cards have no 'cardName'): give Legion HQ's \
                 cards.json or a YAML list of cards with its field names (docs/cards.md)",
                files.describe("--cards", p)
            ))
            .into());
        }
        cards.add(LegionCards::load(&p.display().to_string(), &text)?);
    }
    Ok(Cow::Owned(cards))
}

#[derive(Clone, Copy, Debug, Deserialize)]
#[cfg_attr(feature = "native", derive(ValueEnum))]
#[serde(rename_all = "kebab-case")]
enum PolicyArg {
    /// Fixed choices that match what players do (docs/rules.md for SWTCG, docs/legion.md)
    Greedy,
    /// Expectimax rerolls: the attacker maximises the objective, the defender minimises it
    Optimal,
}

impl PolicyArg {
    fn policy(self) -> holodice_engine::policy::Policy {
        match self {
            PolicyArg::Greedy => holodice_engine::policy::Policy::Greedy,
            PolicyArg::Optimal => holodice_engine::policy::Policy::Optimal,
        }
    }
}

/// A significance level: a number strictly between 0 and 1.
pub(crate) fn parse_alpha(s: &str) -> Result<f64, String> {
    match s.trim().parse::<f64>() {
        Ok(a) if a > 0.0 && a < 1.0 => Ok(a),
        _ => Err(format!(
            "'{s}' is not a number between 0 and 1 (exclusive), e.g. 1e-6"
        )),
    }
}
