//! The options each endpoint takes, as data: `data/api/options.json`, read from the command
//! line's definitions ([`from_command_line`], natively) and committed, so that the API checks a
//! request's keys without clap, which the page's engine leaves out. A test builds the table
//! again and fails when the committed one differs, so it never drifts from the command line.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::sync::OnceLock;

/// The committed table.
const TABLE: &str = include_str!("../../data/api/options.json");

/// The options of every endpoint and listing, read once.
pub(crate) fn table() -> &'static [Entry] {
    static ENTRIES: OnceLock<Vec<Entry>> = OnceLock::new();
    ENTRIES.get_or_init(|| serde_json::from_str(TABLE).expect("data/api/options.json is a table"))
}

/// The options of the endpoint or listing at `path` (under /api/v1/).
pub(crate) fn entry(path: &str) -> &'static Entry {
    table()
        .iter()
        .find(|e| e.path == path)
        .unwrap_or_else(|| panic!("data/api/options.json has no '{path}'"))
}

/// One endpoint's or listing's command and the options it takes.
#[derive(Debug, Serialize, Deserialize, PartialEq)]
pub(crate) struct Entry {
    /// The path under /api/v1/.
    pub path: String,
    /// The subcommands it runs, as on the command line.
    pub command: Vec<String>,
    /// The game given as the command's argument (`table`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game: Option<Opt>,
    /// The command's options, in the order the command line defines them.
    pub options: Vec<Opt>,
    /// The game's subcommands and their options (`check`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub games: Vec<Game>,
}

impl Entry {
    /// The subcommand of `game` (`check swtcg`).
    pub fn subcommand(&self, game: &str) -> Option<&Game> {
        self.games.iter().find(|g| g.name == game)
    }
}

/// A game's subcommand of `check` and its options.
#[derive(Debug, Serialize, Deserialize, PartialEq)]
pub(crate) struct Game {
    /// Its name on the command line: swtcg or legion.
    pub name: String,
    /// Its options, in the order the command line defines them.
    pub options: Vec<Opt>,
}

/// One option: how a request gives it, what it accepts and what it needs.
#[derive(Debug, Serialize, Deserialize, PartialEq)]
pub(crate) struct Opt {
    /// The request's key: the long option (`attacker`), or the argument's name (`game`).
    pub key: String,
    /// How messages show it, as the command line's do: `--attacker <SPEC>`.
    pub display: String,
    /// The name of its value (`SPEC`, `N`); none for a flag.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub value_name: Option<String>,
    /// A flag, one value or a value per use.
    pub kind: Kind,
    /// It must be given.
    #[serde(default, skip_serializing_if = "is_false")]
    pub required: bool,
    /// It must be given unless one of these keys is.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub required_unless: Vec<String>,
    /// Its value when not given, as the command line writes it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub default: Option<String>,
    /// The values it accepts, when it accepts only these.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub values: Vec<String>,
    /// Other names of those values: each alias and the value it names.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub aliases: BTreeMap<String, String>,
    /// Its values match in any case.
    #[serde(default, skip_serializing_if = "is_false")]
    pub ignore_case: bool,
    /// The number it takes, and its bounds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub number: Option<Number>,
    /// It names a file: no request may give it.
    #[serde(default, skip_serializing_if = "is_false")]
    pub file: bool,
    /// Help leaves it out (the API index too).
    #[serde(default, skip_serializing_if = "is_false")]
    pub hidden: bool,
    /// The keys it cannot be given with.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub conflicts: Vec<String>,
    /// The keys that must be given with it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub requires: Vec<String>,
}

/// How an option is given.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub(crate) enum Kind {
    /// On or off, with no value.
    Flag,
    /// One value.
    One,
    /// A value each time it is given (a request's list).
    Many,
}

/// A numeric option's type and bounds.
#[derive(Debug, Serialize, Deserialize, PartialEq)]
pub(crate) struct Number {
    /// The Rust type it is read into: `u8`, `u16` (integers) or `f64`.
    #[serde(rename = "type")]
    pub kind: String,
    /// The least value it accepts.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min: Option<i64>,
    /// The greatest value it accepts.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max: Option<i64>,
}

fn is_false(b: &bool) -> bool {
    !b
}

/// The table as the command line defines it today, in the committed file's form.
#[cfg(feature = "native")]
pub fn from_command_line() -> String {
    let entries: Vec<Entry> = generate::entries();
    serde_json::to_string_pretty(&entries).expect("the table serializes") + "\n"
}

#[cfg(feature = "native")]
mod generate {
    //! The table read from clap's definitions of the command line.

    use super::{Entry, Game, Kind, Number, Opt};
    use crate::api::params::{Game as Given, ENDPOINTS, LISTINGS};
    use crate::command::Cli;
    use clap::{ArgAction, CommandFactory};
    use std::any::TypeId;
    use std::path::PathBuf;

    /// Every endpoint's and listing's entry.
    pub(super) fn entries() -> Vec<Entry> {
        let mut cli = Cli::command();
        cli.build();
        let endpoints = ENDPOINTS.iter().map(|e| (e.path, e.command, e.game));
        let listings = LISTINGS.iter().map(|e| (e.path, e.command, e.game));
        endpoints
            .chain(listings)
            .map(|(path, command, game)| entry(&cli, path, command, game))
            .collect()
    }

    fn entry(cli: &clap::Command, path: &str, command: &[&str], game: Given) -> Entry {
        let c = subcommand(cli, command);
        let positional = |c: &clap::Command| c.get_positionals().next().map(|a| option(c, a));
        Entry {
            path: path.to_string(),
            command: command.iter().map(|s| s.to_string()).collect(),
            game: (game == Given::Argument).then(|| positional(c)).flatten(),
            options: options(c),
            games: match game {
                Given::Subcommand => (game.names().iter())
                    .map(|g| Game {
                        name: g.to_string(),
                        options: options(subcommand(c, &[g])),
                    })
                    .collect(),
                _ => Vec::new(),
            },
        }
    }

    fn subcommand<'a>(mut c: &'a clap::Command, path: &[&str]) -> &'a clap::Command {
        for name in path {
            c = c
                .find_subcommand(name)
                .unwrap_or_else(|| panic!("the command line has no command '{name}'"));
        }
        c
    }

    /// The long options of `c`, less help and version.
    fn options(c: &clap::Command) -> Vec<Opt> {
        c.get_arguments()
            .filter(|a| {
                a.get_long()
                    .is_some_and(|l| !matches!(l, "help" | "version"))
            })
            .map(|a| option(c, a))
            .collect()
    }

    fn option(c: &clap::Command, a: &clap::Arg) -> Opt {
        let kind = match a.get_action() {
            ArgAction::SetTrue => Kind::Flag,
            ArgAction::Append => Kind::Many,
            _ => Kind::One,
        };
        let values: Vec<_> = a.get_possible_values();
        let debug = format!("{a:?}");
        Opt {
            key: key(a),
            display: a.to_string(),
            value_name: (kind != Kind::Flag)
                .then(|| a.get_value_names().map(|v| v[0].to_string()))
                .flatten(),
            kind,
            required: a.is_required_set(),
            required_unless: keys(c, &ids(&debug, "r_unless")),
            default: (kind != Kind::Flag)
                .then(|| a.get_default_values().first())
                .flatten()
                .map(|d| d.to_string_lossy().into_owned()),
            values: (values.iter())
                .filter(|v| !v.is_hide_set())
                .map(|v| v.get_name().to_string())
                .collect(),
            aliases: (values.iter())
                .flat_map(|v| {
                    let name = v.get_name().to_string();
                    let aliases = v.get_name_and_aliases().skip(1).map(str::to_string);
                    aliases.map(move |alias| (alias, name.clone()))
                })
                .collect(),
            ignore_case: a.is_ignore_case_set(),
            number: number(a),
            file: names_a_file(a),
            hidden: a.is_hide_set(),
            conflicts: c.get_arg_conflicts_with(a).into_iter().map(key).collect(),
            requires: keys(c, &ids(&debug, "requires")),
        }
    }

    /// An argument's key: its long option, or its name.
    fn key(a: &clap::Arg) -> String {
        a.get_long().unwrap_or(a.get_id().as_str()).to_string()
    }

    fn keys(c: &clap::Command, ids: &[String]) -> Vec<String> {
        ids.iter()
            .map(|id| {
                let arg = c.get_arguments().find(|a| a.get_id() == id.as_str());
                arg.map_or_else(|| id.clone(), key)
            })
            .collect()
    }

    /// The argument ids listed in the field `field` of clap's `Debug` of an argument: clap has
    /// no getter for what an argument requires or is required unless.
    fn ids(debug: &str, field: &str) -> Vec<String> {
        let Some(start) = debug.find(&format!(" {field}: [")) else {
            return Vec::new();
        };
        let list = &debug[start + field.len() + 4..];
        let list = &list[..list.find(']').unwrap_or(0)];
        list.split('"')
            .skip(1)
            .step_by(2)
            .map(str::to_string)
            .collect()
    }

    /// Whether an option names a file to read or write.
    fn names_a_file(arg: &clap::Arg) -> bool {
        matches!(
            arg.get_value_hint(),
            clap::ValueHint::FilePath | clap::ValueHint::AnyPath | clap::ValueHint::DirPath
        ) || arg.get_value_parser().type_id() == TypeId::of::<PathBuf>()
    }

    /// The type of a numeric option and its bounds, found by offering its parser the least and
    /// the greatest 64-bit integers (clap has no getter for a range either).
    fn number(a: &clap::Arg) -> Option<Number> {
        let parser = a.get_value_parser();
        let id = parser.type_id();
        let kind = [
            (TypeId::of::<u8>(), "u8"),
            (TypeId::of::<u16>(), "u16"),
            (TypeId::of::<i64>(), "i64"),
            (TypeId::of::<usize>(), "usize"),
            (TypeId::of::<f64>(), "f64"),
        ]
        .into_iter()
        .find(|(t, _)| id == *t)?
        .1;
        if kind == "f64" {
            return Some(Number {
                kind: kind.into(),
                min: None,
                max: None,
            });
        }
        let probe = clap::Command::new("probe")
            .no_binary_name(true)
            .arg(clap::Arg::new("n").long("n").value_parser(parser.clone()));
        let bound = |n: i64| {
            let e = probe
                .clone()
                .try_get_matches_from([format!("--n={n}")])
                .err()?;
            let text = e.to_string();
            let range = text.split(" is not in ").nth(1)?.lines().next()?;
            let (min, max) = range.split_once("..=")?;
            Some((min.parse().ok()?, max.parse().ok()?))
        };
        let (min, max) = bound(i64::MIN).or_else(|| bound(i64::MAX)).unzip();
        Some(Number {
            kind: kind.into(),
            min,
            max,
        })
    }
}
