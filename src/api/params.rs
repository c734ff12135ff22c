//! A request's keys and values become a command: `{"attacker": "Power 5", "rule":
//! ["overkill=all"], "exact": true}` gives `--attacker`, `--rule` and `--exact`. Keys are the
//! long options, checked against the options the command line defines
//! ([`super::options`], with its own messages: [`super::arguments`]) and read by serde into the
//! command's arguments, without clap; options that name files are refused, so no request reads
//! or writes a file on the server.

use super::arguments::{self, Level, Supplied};
use super::options::{self, Entry, Kind, Opt};
use crate::command::{one_line, Command};
use serde_json::{Map, Value};

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

impl Game {
    /// The games a request may name: a table's argument's, or check's subcommands (a Legion
    /// sequence's samples are checked too).
    pub(crate) fn names(self) -> &'static [&'static str] {
        match self {
            Game::Fixed => &[],
            Game::Argument => &["swtcg", "legion"],
            Game::Subcommand => &["swtcg", "legion", "legion-sequence"],
        }
    }

    /// The games, for messages: "swtcg or legion".
    fn listed(self) -> String {
        match self.names() {
            [first @ .., last] => format!("{} or {last}", first.join(", ")),
            [] => String::new(),
        }
    }
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

/// The listings that are commands, answered once (`swtcg keywords`).
pub(crate) const LISTINGS: &[Endpoint] = &[
    Endpoint {
        path: "swtcg/keywords",
        command: &["swtcg", "keywords"],
        game: Game::Fixed,
        get: true,
        listing: true,
    },
    Endpoint {
        path: "swtcg/rules",
        command: &["swtcg", "rules"],
        game: Game::Fixed,
        get: true,
        listing: true,
    },
    Endpoint {
        path: "legion/keywords",
        command: &["legion", "keywords"],
        game: Game::Fixed,
        get: true,
        listing: true,
    },
];

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

/// Whether `key` names a file in any of the entry's options: no request may give it.
fn names_a_file(entry: &Entry, key: &str) -> bool {
    let games = entry.games.iter().flat_map(|g| &g.options);
    (entry.options.iter().chain(games)).any(|o| o.key == key && o.file)
}

/// The option of `options` that `key` gives, unless it names a file.
fn usable<'a>(options: &'a [Opt], key: &str) -> Option<&'a Opt> {
    options.iter().find(|o| o.key == key && !o.file)
}

/// The samples `check` takes in the request (it needs them), as text.
fn samples(endpoint: &Endpoint, given: Option<Given>) -> Result<Option<String>, Rejection> {
    match (endpoint.game, given) {
        (Game::Subcommand, None) => Err(Rejection::new(
            "check needs 'samples': the outcomes as text, one per line (or outcome,count rows), \
             or a list of numbers"
                .into(),
            Some("samples"),
        )),
        (_, Some(given)) => samples_text(given).map(Some),
        (_, None) => Ok(None),
    }
}

/// Every key an endpoint takes, in the order the command line lists them (less those its help
/// hides).
pub(crate) fn keys(endpoint: &Endpoint) -> Vec<String> {
    let entry = options::entry(endpoint.path);
    keys_of(endpoint, entry, &entry.games)
}

/// The keys an endpoint takes with the subcommands `games` (check's game's, or all of them).
fn keys_of(endpoint: &Endpoint, entry: &Entry, games: &[options::Game]) -> Vec<String> {
    let mut keys: Vec<String> = Vec::new();
    if endpoint.game != Game::Fixed {
        keys.push("game".into());
    }
    if endpoint.game == Game::Subcommand {
        keys.push("samples".into());
    }
    let games = games.iter().flat_map(|g| &g.options);
    for o in (entry.options.iter().chain(games)).filter(|o| !o.hidden && !o.file) {
        if !keys.contains(&o.key) {
            keys.push(o.key.clone());
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
    let entry = options::entry(endpoint.path);
    let special = Special::take(endpoint, pairs)?;
    if let Some((key, _)) = special.rest.iter().find(|(k, _)| names_a_file(entry, k)) {
        return Err(file_key(key));
    }
    let inner = match (endpoint.game, special.game) {
        (Game::Fixed, _) | (Game::Argument, Some(_)) => None,
        (Game::Subcommand, Some(g)) => entry.subcommand(g),
        (_, None) => {
            return Err(Rejection::new(
                format!("{} needs 'game': {}", endpoint.path, endpoint.game.listed()),
                Some("game"),
            ))
        }
    };
    let (mut outer, inner_given) = given(endpoint, entry, inner, &special.rest)?;
    let samples = samples(endpoint, special.samples)?;
    let format = special.rest.iter().any(|(k, _)| k == "format");
    outer.given = placed(endpoint, entry, special.game, format, outer.given);
    let inner = inner.map(|g| {
        let level = Level {
            options: g.options.iter().collect(),
            given: inner_given,
        };
        (g.name.as_str(), level)
    });
    let object = arguments::read(&outer, inner.as_ref().map(|(n, l)| (*n, l)))?;
    let command = serde_json::from_value(nested(&entry.command, object))
        .map_err(|e| Rejection::new(format!("the options make no command: {e}"), None))?;
    Ok(Parsed { command, samples })
}

/// The object under its command's names, as serde reads a [`Command`]:
/// `{"swtcg": {"attack": {...}}}`.
fn nested(command: &[String], object: Map<String, Value>) -> Value {
    (command.iter().rev()).fold(Value::Object(object), |inner, name| {
        Value::Object(Map::from_iter([(name.clone(), inner)]))
    })
}

/// The options the keys give the command (its level, with the table's game among its
/// arguments) and its game's subcommand, in the order given.
fn given<'a>(
    endpoint: &Endpoint,
    entry: &'a Entry,
    inner: Option<&'a options::Game>,
    pairs: &Pairs,
) -> Result<(Level<'a>, Vec<Supplied<'a>>), Rejection> {
    let mut outer = Level {
        options: entry.game.iter().chain(&entry.options).collect(),
        given: Vec::new(),
    };
    let mut inner_given = Vec::new();
    for (key, given) in pairs {
        let (opt, into) = match usable(&entry.options, key) {
            Some(opt) => (opt, &mut outer.given),
            None => match inner.and_then(|g| usable(&g.options, key)) {
                Some(opt) => (opt, &mut inner_given),
                None => return Err(unknown(endpoint, entry, inner, key)),
            },
        };
        if let Some(values) = values(key, opt, given)? {
            into.push(Supplied { opt, values });
        }
    }
    Ok((outer, inner_given))
}

/// The command's options where the command line had them: the table's game first, check's
/// samples (a placeholder: the request carries them) first, and JSON unless the request has a
/// `format` key.
fn placed<'a>(
    endpoint: &Endpoint,
    entry: &'a Entry,
    game: Option<&str>,
    format: bool,
    given: Vec<Supplied<'a>>,
) -> Vec<Supplied<'a>> {
    let option = |key: &str| entry.options.iter().find(|o| o.key == key);
    let first = match endpoint.game {
        Game::Argument => entry.game.as_ref().zip(game),
        Game::Subcommand => option("samples").zip(Some("request")),
        Game::Fixed => None,
    };
    let format = option("format").filter(|_| !format).zip(Some("json"));
    let supplied = |(opt, value): (&'a Opt, &str)| Supplied {
        opt,
        values: vec![value.to_string()],
    };
    (first.map(supplied).into_iter())
        .chain(given)
        .chain(format.map(supplied))
        .collect()
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
                "game" if endpoint.game != Game::Fixed => {
                    special.game = Some(one_game(endpoint.game, &given)?)
                }
                "samples" if endpoint.game == Game::Subcommand => special.samples = Some(given),
                _ => special.rest.push((key, given)),
            }
        }
        Ok(special)
    }
}

fn one_game(game: Game, given: &Given) -> Result<&'static str, Rejection> {
    let text = match given {
        Given::Values(v) if v.len() == 1 => v[0].trim().to_lowercase(),
        _ => String::new(),
    };
    game.names()
        .iter()
        .copied()
        .find(|g| *g == text)
        .ok_or_else(|| {
            let got = match given {
                Given::Values(v) => format!("'{}'", v.join("', '")),
                Given::Flag(b) => b.to_string(),
            };
            Rejection::new(
                format!("'game': give {}, not {got}", game.listed()),
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

/// An unknown key, with the nearest one the endpoint takes with the game given (`inner`, check's
/// subcommand): another game's keys are as unknown as any.
fn unknown(
    endpoint: &Endpoint,
    entry: &Entry,
    inner: Option<&options::Game>,
    key: &str,
) -> Rejection {
    if names_a_file(entry, key) {
        return file_key(key);
    }
    let known = keys_of(endpoint, entry, inner.map_or(&[], std::slice::from_ref));
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

/// A key that names a file: the server reads and writes none.
fn file_key(key: &str) -> Rejection {
    let fix = match key {
        "cards" => "card files are given when the server starts: holodice serve --cards FILE",
        "plot" => "ask \"format\": \"svg\" for the chart itself",
        _ => "give the file's contents as the request's keys",
    };
    Rejection::new(
        format!("'{key}' names a file, and the server reads and writes none: {fix}"),
        Some(key),
    )
}

/// The values one key gives, by the kind of option it is: none for a flag that is on, and
/// `None` when it gives nothing (a flag that is off, an empty list).
fn values(key: &str, opt: &Opt, given: &Given) -> Result<Option<Vec<String>>, Rejection> {
    let fail = |m: &str| Err(Rejection::new(format!("'{key}' {m}"), Some(key)));
    let on = |b: bool| Ok(b.then(Vec::new));
    match (opt.kind, given) {
        (Kind::Flag, Given::Flag(b)) => on(*b),
        (Kind::Flag, Given::Values(v)) if v.len() == 1 => {
            match v[0].trim().to_lowercase().as_str() {
                "" | "true" | "1" | "yes" | "on" => on(true),
                "false" | "0" | "no" | "off" => on(false),
                _ => fail("is true or false"),
            }
        }
        (Kind::Flag, _) => fail("is true or false"),
        (_, Given::Flag(_)) => fail("takes a value, not true or false"),
        (Kind::One, Given::Values(v)) if v.len() > 1 => {
            fail(&format!("takes one value, not {}", v.len()))
        }
        (_, Given::Values(v)) => Ok((!v.is_empty()).then(|| v.clone())),
    }
}

#[cfg(all(test, feature = "native"))]
mod differential;

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
