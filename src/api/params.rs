//! A request's keys and values become a command's arguments: `{"attacker": "Power 5", "rule":
//! ["overkill=all"], "exact": true}` is `--attacker=Power 5 --rule=overkill=all --exact`, parsed
//! by the command line's own definitions. Keys are the long options; options that name files are
//! refused, so no request reads or writes a file on the server.

use crate::command::{one_line, usage_message, Cli, Command};
use clap::{ArgAction, CommandFactory, FromArgMatches};
use serde_json::Value;
use std::path::PathBuf;
use std::sync::OnceLock;

/// One API endpoint that runs a command.
pub(crate) struct Endpoint {
    /// The path under /api/v1/.
    pub path: &'static str,
    /// The subcommands it runs, as on the command line.
    pub command: &'static [&'static str],
    /// How the game is given: as the command's argument (table) or its subcommand (check).
    pub game: Game,
    /// Whether a query string can carry the request (a URL is a query).
    pub get: bool,
    /// Whether it lists cards: its answer depends on the request and the cards alone, which
    /// never change while a server runs, so a server keeps the answers it gave (the page's
    /// engine, which has no server, reads no further).
    #[cfg_attr(not(feature = "native"), allow(dead_code))]
    pub listing: bool,
}

#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Game {
    Fixed,
    Argument,
    Subcommand,
}

pub(crate) const ENDPOINTS: &[Endpoint] = &[
    Endpoint {
        path: "swtcg/attack",
        command: &["swtcg", "attack"],
        game: Game::Fixed,
        get: true,
        listing: false,
    },
    Endpoint {
        path: "swtcg/dice",
        command: &["swtcg", "dice"],
        game: Game::Fixed,
        get: true,
        listing: false,
    },
    Endpoint {
        path: "swtcg/sequence",
        command: &["swtcg", "sequence"],
        game: Game::Fixed,
        get: true,
        listing: false,
    },
    Endpoint {
        path: "swtcg/compare",
        command: &["swtcg", "compare"],
        game: Game::Fixed,
        get: true,
        listing: false,
    },
    Endpoint {
        path: "swtcg/cards/search",
        command: &["swtcg", "cards"],
        game: Game::Fixed,
        get: true,
        listing: true,
    },
    Endpoint {
        path: "swtcg/coverage",
        command: &["swtcg", "coverage"],
        game: Game::Fixed,
        get: true,
        listing: true,
    },
    Endpoint {
        path: "legion/attack",
        command: &["legion", "attack"],
        game: Game::Fixed,
        get: true,
        listing: false,
    },
    Endpoint {
        path: "legion/sequence",
        command: &["legion", "sequence"],
        game: Game::Fixed,
        get: true,
        listing: false,
    },
    Endpoint {
        path: "legion/units",
        command: &["legion", "units"],
        game: Game::Fixed,
        get: true,
        listing: true,
    },
    Endpoint {
        path: "legion/matchups",
        command: &["legion", "matchups"],
        game: Game::Fixed,
        get: true,
        listing: false,
    },
    Endpoint {
        path: "legion/army",
        command: &["legion", "army"],
        game: Game::Fixed,
        get: true,
        listing: false,
    },
    Endpoint {
        path: "legion/compare",
        command: &["legion", "compare"],
        game: Game::Fixed,
        get: true,
        listing: false,
    },
    Endpoint {
        path: "table",
        command: &["table"],
        game: Game::Argument,
        get: true,
        listing: false,
    },
    Endpoint {
        path: "check",
        command: &["check"],
        game: Game::Subcommand,
        get: false,
        listing: false,
    },
];

/// The games a table or check is of.
const GAMES: &[&str] = &["swtcg", "legion"];

/// A request that never reached its command: the line to show and the key it is about.
#[derive(Debug)]
pub(crate) struct Rejection {
    pub message: String,
    pub field: Option<String>,
}

impl Rejection {
    /// A rejection; user text it echoes stays on one line.
    fn new(message: String, field: Option<&str>) -> Rejection {
        Rejection {
            message: one_line(&message),
            field: field.map(str::to_string),
        }
    }
}

/// A key's value as given: a JSON boolean, or text (one value or several).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Given {
    Flag(bool),
    Values(Vec<String>),
}

pub(crate) type Pairs = Vec<(String, Given)>;

/// A JSON object's keys and values.
pub(crate) fn from_json(body: &[u8]) -> Result<Pairs, Rejection> {
    let example = r#"e.g. {"attacker": "Power 5", "defender": "Health 4"}"#;
    if body.iter().all(u8::is_ascii_whitespace) {
        return Err(Rejection::new(
            format!("the body is empty: send a JSON object of the command's options, {example}"),
            None,
        ));
    }
    let value: Value = serde_json::from_slice(body)
        .map_err(|e| Rejection::new(format!("malformed JSON: {e}"), None))?;
    if let Some(key) = repeated_key(body) {
        return Err(Rejection::new(
            format!("'{key}' is given twice: give each key once (a list for several values)"),
            Some(&key),
        ));
    }
    let Value::Object(map) = value else {
        return Err(Rejection::new(
            format!("the body must be a JSON object of the command's options, {example}"),
            None,
        ));
    };
    let mut pairs = Vec::new();
    for (key, value) in map {
        let given = match value {
            Value::Null => continue,
            Value::Bool(b) => Given::Flag(b),
            Value::Array(items) => Given::Values(
                items
                    .iter()
                    .map(|v| scalar(v).ok_or_else(|| list_error(&key)))
                    .collect::<Result<_, _>>()?,
            ),
            other => Given::Values(vec![scalar(&other).ok_or_else(|| {
                Rejection::new(
                    format!("'{key}': give a string, a number, true or false, or a list of them"),
                    Some(&key),
                )
            })?]),
        };
        pairs.push((key, given));
    }
    Ok(pairs)
}

/// The first key a JSON object gives twice, if any (a map would keep only the last silently).
fn repeated_key(body: &[u8]) -> Option<String> {
    use serde::de::{Deserializer, IgnoredAny, MapAccess, Visitor};
    struct Repeated;
    impl<'de> Visitor<'de> for Repeated {
        type Value = Option<String>;
        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            f.write_str("a JSON object")
        }
        fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Option<String>, A::Error> {
            let mut seen = std::collections::HashSet::new();
            while let Some(key) = map.next_key::<String>()? {
                map.next_value::<IgnoredAny>()?;
                if !seen.insert(key.clone()) {
                    return Ok(Some(key));
                }
            }
            Ok(None)
        }
    }
    serde_json::Deserializer::from_slice(body)
        .deserialize_map(Repeated)
        .ok()
        .flatten()
}

fn scalar(v: &Value) -> Option<String> {
    match v {
        Value::String(s) => Some(s.clone()),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    }
}

fn list_error(key: &str) -> Rejection {
    Rejection::new(
        format!("'{key}': a list holds strings or numbers only"),
        Some(key),
    )
}

/// A query string's keys and values; a repeated key gives several values.
pub(crate) fn from_query(query: &str) -> Pairs {
    let mut pairs: Pairs = Vec::new();
    for (key, value) in form_urlencoded::parse(query.as_bytes()) {
        let value = value.into_owned();
        match pairs.iter_mut().find(|(k, _)| *k == key) {
            Some((_, Given::Values(v))) => v.push(value),
            _ => pairs.push((key.into_owned(), Given::Values(vec![value]))),
        }
    }
    pairs
}

/// What the API makes of a request for `path` (under /api/v1/): its JSON `body`, or with
/// `query` its query string, up to the command it asks for; the refusal's line otherwise. The
/// request layer without the network, for fuzzing.
pub fn parse_request(path: &str, body: &[u8], query: bool) -> Result<(), String> {
    let endpoint = ENDPOINTS
        .iter()
        .find(|e| e.path == path)
        .ok_or_else(|| format!("no endpoint {path}"))?;
    let pairs = match query {
        true => from_query(&String::from_utf8_lossy(body)),
        false => from_json(body).map_err(|r| r.message)?,
    };
    command(endpoint, pairs).map(|_| ()).map_err(|r| r.message)
}

/// The paths of the endpoints that run a command.
pub fn endpoint_paths() -> impl Iterator<Item = &'static str> {
    ENDPOINTS.iter().map(|e| e.path)
}

/// The command line's definitions, built once.
fn tree() -> &'static clap::Command {
    static TREE: OnceLock<clap::Command> = OnceLock::new();
    TREE.get_or_init(|| {
        let mut tree = Cli::command();
        tree.build();
        tree
    })
}

/// The command line parsed, by a copy of its definitions kept on each thread (building them
/// costs more than most queries).
fn parse(argv: Vec<String>) -> Result<Cli, clap::Error> {
    thread_local! {
        static PARSER: std::cell::RefCell<clap::Command> = std::cell::RefCell::new(tree().clone());
    }
    PARSER.with_borrow_mut(|parser| {
        let matches = parser.try_get_matches_from_mut(argv)?;
        Cli::from_arg_matches(&matches)
    })
}

fn subcommand<'a>(mut c: &'a clap::Command, path: &[&str]) -> &'a clap::Command {
    for name in path {
        c = c
            .find_subcommand(name)
            .unwrap_or_else(|| panic!("ENDPOINTS names the command '{name}'"));
    }
    c
}

/// Whether an option names a file to read or write: no request may give it.
pub(crate) fn names_a_file(arg: &clap::Arg) -> bool {
    matches!(
        arg.get_value_hint(),
        clap::ValueHint::FilePath | clap::ValueHint::AnyPath | clap::ValueHint::DirPath
    ) || arg.get_value_parser().type_id() == std::any::TypeId::of::<PathBuf>()
}

/// Whether `key` is an option of `c`, or of a subcommand of it, that names a file.
fn names_a_file_of(c: &clap::Command, key: &str) -> bool {
    std::iter::once(c)
        .chain(c.get_subcommands())
        .flat_map(|c| c.get_arguments())
        .any(|a| a.get_long() == Some(key) && names_a_file(a))
}

/// The options a request may give to `c`: its long options, less help and files.
fn options(c: &clap::Command) -> impl Iterator<Item = (&str, &clap::Arg)> {
    c.get_arguments().filter_map(|a| {
        let long = a.get_long()?;
        let usable = !matches!(long, "help" | "version") && !names_a_file(a);
        usable.then_some((long, a))
    })
}

/// Every key an endpoint takes, in the order the command line lists them (less those its help
/// hides).
pub(crate) fn keys(endpoint: &Endpoint) -> Vec<String> {
    let c = subcommand(tree(), endpoint.command);
    let mut keys: Vec<String> = Vec::new();
    if endpoint.game != Game::Fixed {
        keys.push("game".into());
    }
    if endpoint.game == Game::Subcommand {
        keys.push("samples".into());
    }
    let games = GAMES.iter().map(|g| subcommand(c, &[g]));
    let inner: Vec<&clap::Command> = match endpoint.game {
        Game::Subcommand => games.collect(),
        _ => Vec::new(),
    };
    for cmd in std::iter::once(c).chain(inner) {
        for (long, _) in options(cmd).filter(|(_, a)| !a.is_hide_set()) {
            if !keys.iter().any(|k| k == long) {
                keys.push(long.to_string());
            }
        }
    }
    keys
}

/// What a request asks for: the command, and the samples it carries (`check`).
pub(crate) struct Parsed {
    pub command: Command,
    pub samples: Option<String>,
}

/// The command a request asks for.
pub(crate) fn command(endpoint: &Endpoint, pairs: Pairs) -> Result<Parsed, Rejection> {
    let outer = subcommand(tree(), endpoint.command);
    let special = Special::take(endpoint, pairs)?;
    if let Some((key, _)) = special.rest.iter().find(|(k, _)| names_a_file_of(outer, k)) {
        return Err(unknown(endpoint, key, outer, None));
    }
    let inner = match (endpoint.game, special.game) {
        (Game::Fixed, _) | (Game::Argument, Some(_)) => None,
        (Game::Subcommand, Some(g)) => Some(subcommand(outer, &[g])),
        (_, None) => {
            return Err(Rejection::new(
                format!("{} needs 'game': swtcg or legion", endpoint.path),
                Some("game"),
            ))
        }
    };
    let (outer_args, inner_args) = arguments(endpoint, &special.rest, outer, inner)?;
    let argv = argv(endpoint, special.game, outer_args, inner_args);
    let samples = match (endpoint.game, special.samples) {
        (Game::Subcommand, None) => {
            return Err(Rejection::new(
                "check needs 'samples': the outcomes as text, one per line (or outcome,count \
                 rows), or a list of numbers"
                    .into(),
                Some("samples"),
            ))
        }
        (_, Some(given)) => Some(samples_text(given)?),
        (_, None) => None,
    };
    let parsed = parse(argv).map_err(|e| Rejection {
        message: usage_message(&e).unwrap_or_else(|| "the request asks for help".to_string()),
        field: invalid_key(&e),
    })?;
    Ok(Parsed {
        command: parsed.command,
        samples,
    })
}

/// The keys that are not options: the game of a table or check, and check's samples.
struct Special {
    game: Option<&'static str>,
    samples: Option<Given>,
    rest: Pairs,
}

impl Special {
    fn take(endpoint: &Endpoint, pairs: Pairs) -> Result<Special, Rejection> {
        let mut special = Special {
            game: None,
            samples: None,
            rest: Vec::new(),
        };
        for (key, given) in pairs {
            match key.as_str() {
                "game" if endpoint.game != Game::Fixed => special.game = Some(one_game(&given)?),
                "samples" if endpoint.game == Game::Subcommand => special.samples = Some(given),
                _ => special.rest.push((key, given)),
            }
        }
        Ok(special)
    }
}

/// The options the keys give, to the command (`outer`) or to its game's subcommand (`inner`);
/// JSON unless another format is asked for.
fn arguments(
    endpoint: &Endpoint,
    pairs: &Pairs,
    outer: &clap::Command,
    inner: Option<&clap::Command>,
) -> Result<(Vec<String>, Vec<String>), Rejection> {
    let (mut outer_args, mut inner_args) = (Vec::new(), Vec::new());
    for (key, given) in pairs {
        let (arg, into) = match options(outer).find(|(l, _)| *l == key) {
            Some((_, arg)) => (arg, &mut outer_args),
            None => match inner.and_then(|c| options(c).find(|(l, _)| *l == key)) {
                Some((_, arg)) => (arg, &mut inner_args),
                None => return Err(unknown(endpoint, key, outer, inner)),
            },
        };
        into.extend(tokens(key, arg, given)?);
    }
    if !pairs.iter().any(|(k, _)| k == "format") {
        outer_args.push("--format=json".to_string());
    }
    Ok((outer_args, inner_args))
}

/// The whole command line, the game and the options in their places.
fn argv(
    endpoint: &Endpoint,
    game: Option<&str>,
    outer_args: Vec<String>,
    inner_args: Vec<String>,
) -> Vec<String> {
    let mut argv: Vec<String> = std::iter::once("holodice")
        .chain(endpoint.command.iter().copied())
        .map(str::to_string)
        .collect();
    match endpoint.game {
        Game::Fixed => argv.extend(outer_args),
        Game::Argument => {
            argv.extend(game.map(str::to_string));
            argv.extend(outer_args);
        }
        Game::Subcommand => {
            // The samples come in the request; the command's file is a placeholder never read.
            argv.push("--samples=request".into());
            argv.extend(outer_args);
            argv.extend(game.map(str::to_string));
            argv.extend(inner_args);
        }
    }
    argv
}

fn one_game(given: &Given) -> Result<&'static str, Rejection> {
    let text = match given {
        Given::Values(v) if v.len() == 1 => v[0].trim().to_lowercase(),
        _ => String::new(),
    };
    GAMES.iter().copied().find(|g| *g == text).ok_or_else(|| {
        let got = match given {
            Given::Values(v) => format!("'{}'", v.join("', '")),
            Given::Flag(b) => b.to_string(),
        };
        Rejection::new(
            format!("'game': give swtcg or legion, not {got}"),
            Some("game"),
        )
    })
}

fn samples_text(given: Given) -> Result<String, Rejection> {
    match given {
        Given::Values(v) => Ok(v.join("\n")),
        Given::Flag(_) => Err(Rejection::new(
            "'samples': give the outcomes as text or a list of numbers, not true or false".into(),
            Some("samples"),
        )),
    }
}

/// An unknown key, with the nearest one the endpoint takes.
fn unknown(
    endpoint: &Endpoint,
    key: &str,
    outer: &clap::Command,
    inner: Option<&clap::Command>,
) -> Rejection {
    if std::iter::once(outer)
        .chain(inner)
        .any(|c| names_a_file_of(c, key))
    {
        let fix = match key {
            "cards" => "card files are given when the server starts: holodice serve --cards FILE",
            "plot" => "ask \"format\": \"svg\" for the chart itself",
            _ => "give the file's contents as the request's keys",
        };
        return Rejection::new(
            format!("'{key}' names a file, and the server reads and writes none: {fix}"),
            Some(key),
        );
    }
    let known = keys(endpoint);
    let hint = holodice_engine::data::nearest(key, known.iter().map(String::as_str))
        .map(|k| format!("did you mean '{k}'? "))
        .unwrap_or_default();
    Rejection::new(
        format!(
            "unknown key '{key}' for {}: {hint}(keys: {})",
            endpoint.path,
            known.join(", ")
        ),
        Some(key),
    )
}

/// The arguments one key gives, by the kind of option it is.
fn tokens(key: &str, arg: &clap::Arg, given: &Given) -> Result<Vec<String>, Rejection> {
    let fail = |m: &str| Err(Rejection::new(format!("'{key}' {m}"), Some(key)));
    match (arg.get_action(), given) {
        (ArgAction::SetTrue, Given::Flag(b)) => Ok(flag(key, *b)),
        (ArgAction::SetTrue, Given::Values(v)) if v.len() == 1 => {
            match v[0].trim().to_lowercase().as_str() {
                "" | "true" | "1" | "yes" | "on" => Ok(flag(key, true)),
                "false" | "0" | "no" | "off" => Ok(flag(key, false)),
                _ => fail("is true or false"),
            }
        }
        (ArgAction::SetTrue, _) => fail("is true or false"),
        (_, Given::Flag(_)) => fail("takes a value, not true or false"),
        (ArgAction::Append, Given::Values(v)) => {
            Ok(v.iter().map(|s| format!("--{key}={s}")).collect())
        }
        (_, Given::Values(v)) if v.len() <= 1 => {
            Ok(v.iter().map(|s| format!("--{key}={s}")).collect())
        }
        (_, Given::Values(v)) => fail(&format!("takes one value, not {}", v.len())),
    }
}

fn flag(key: &str, on: bool) -> Vec<String> {
    if on {
        vec![format!("--{key}")]
    } else {
        Vec::new()
    }
}

/// The key a clap error is about, from the option it names (`--policy <POLICY>`).
fn invalid_key(e: &clap::Error) -> Option<String> {
    use clap::error::{ContextKind, ContextValue};
    let named = match e.get(ContextKind::InvalidArg) {
        Some(ContextValue::String(s)) => s.clone(),
        Some(ContextValue::Strings(v)) => v.first()?.clone(),
        _ => return None,
    };
    let key = named.strip_prefix("--")?;
    Some(key.split([' ', '=']).next()?.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn endpoint(path: &str) -> &'static Endpoint {
        ENDPOINTS.iter().find(|e| e.path == path).unwrap()
    }

    #[test]
    fn every_endpoint_names_a_command_of_the_command_line() {
        for e in ENDPOINTS {
            let keys = keys(e);
            assert!(keys.contains(&"format".to_string()), "{}", e.path);
        }
    }

    #[test]
    fn no_key_of_any_endpoint_names_a_file() {
        for e in ENDPOINTS {
            for k in keys(e) {
                assert!(
                    !["cards", "plot", "spec"].contains(&k.as_str()),
                    "{}: {k}",
                    e.path
                );
            }
        }
    }

    #[test]
    fn query_strings_repeat_keys_for_lists() {
        let pairs = from_query("attacker=Power+5%2C+Armor&rule=a%3Db&rule=c%3Dd&exact");
        assert_eq!(
            pairs,
            vec![
                (
                    "attacker".into(),
                    Given::Values(vec!["Power 5, Armor".into()])
                ),
                (
                    "rule".into(),
                    Given::Values(vec!["a=b".into(), "c=d".into()])
                ),
                ("exact".into(), Given::Values(vec!["".into()])),
            ]
        );
    }

    #[test]
    fn values_that_look_like_options_stay_values() {
        let pairs = from_json(br#"{"count": -1, "target": "--help"}"#).unwrap();
        let Ok(parsed) = command(endpoint("swtcg/dice"), pairs) else {
            panic!("parsed")
        };
        let Command::Swtcg(_) = parsed.command else {
            panic!("a SWTCG command")
        };
    }

    #[test]
    fn a_file_option_is_refused_by_name() {
        let pairs = from_json(br#"{"attacker": "Power 1", "cards": ["/etc/passwd"]}"#).unwrap();
        let Err(e) = command(endpoint("swtcg/attack"), pairs) else {
            panic!("refused")
        };
        assert!(e.message.contains("'cards' names a file"), "{}", e.message);
        assert_eq!(e.field.as_deref(), Some("cards"));
    }

    #[test]
    fn clap_errors_name_their_key() {
        let pairs = from_json(br#"{"attacker": "Power 1", "policy": "optimall"}"#).unwrap();
        let Err(e) = command(endpoint("swtcg/attack"), pairs) else {
            panic!("refused")
        };
        assert_eq!(e.field.as_deref(), Some("policy"), "{}", e.message);
        assert!(e.message.contains("optimal"), "{}", e.message);
    }
}
