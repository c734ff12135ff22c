//! The table-driven reading of requests against clap's: every request is also turned into the
//! command line the API built before (the oracle: `--key=value` arguments parsed by clap), and
//! both must give the same command, or refuse it with the same line and key.

use super::*;
use crate::command::{usage_message, Cli};
use clap::{ArgAction, CommandFactory, FromArgMatches};
use proptest::prelude::*;

/// What a request became: the command (its `Debug`) and samples, or the refusal.
type Outcome = Result<(String, Option<String>), (String, Option<String>)>;

fn table_driven(endpoint: &Endpoint, pairs: Pairs) -> Outcome {
    command(endpoint, pairs)
        .map(|p| (format!("{:?}", p.command), p.samples))
        .map_err(|r| (r.message, r.field))
}

fn oracle(endpoint: &Endpoint, pairs: Pairs) -> Outcome {
    through_clap(endpoint, pairs)
        .map(|p| (format!("{:?}", p.command), p.samples))
        .map_err(|r| (r.message, r.field))
}

fn tree() -> clap::Command {
    let mut tree = Cli::command();
    tree.build();
    tree
}

fn subcommand<'a>(mut c: &'a clap::Command, path: &[&str]) -> &'a clap::Command {
    for name in path {
        c = c.find_subcommand(name).expect("a subcommand");
    }
    c
}

fn names_a_file(arg: &clap::Arg) -> bool {
    matches!(
        arg.get_value_hint(),
        clap::ValueHint::FilePath | clap::ValueHint::AnyPath | clap::ValueHint::DirPath
    ) || arg.get_value_parser().type_id() == std::any::TypeId::of::<std::path::PathBuf>()
}

fn names_a_file_of(c: &clap::Command, key: &str) -> bool {
    std::iter::once(c)
        .chain(c.get_subcommands())
        .flat_map(|c| c.get_arguments())
        .any(|a| a.get_long() == Some(key) && names_a_file(a))
}

fn clap_options(c: &clap::Command) -> impl Iterator<Item = (&str, &clap::Arg)> {
    c.get_arguments().filter_map(|a| {
        let long = a.get_long()?;
        let usable = !matches!(long, "help" | "version") && !names_a_file(a);
        usable.then_some((long, a))
    })
}

/// The API's reading before the table: the request as a command line, parsed by clap.
fn through_clap(endpoint: &Endpoint, pairs: Pairs) -> Result<Parsed, Rejection> {
    let entry = options::entry(endpoint.path);
    let tree = tree();
    let outer = subcommand(&tree, endpoint.command);
    let special = Special::take(endpoint, pairs)?;
    if let Some((key, _)) = special.rest.iter().find(|(k, _)| names_a_file_of(outer, k)) {
        return Err(file_key(key));
    }
    let inner = match (endpoint.game, special.game) {
        (Game::Fixed, _) | (Game::Argument, Some(_)) => None,
        (Game::Subcommand, Some(g)) => Some(subcommand(outer, &[g])),
        (_, None) => {
            return Err(Rejection::new(
                format!("{} needs 'game': {}", endpoint.path, endpoint.game.listed()),
                Some("game"),
            ))
        }
    };
    let (mut outer_args, mut inner_args) = (Vec::new(), Vec::new());
    for (key, given) in &special.rest {
        let (arg, into) = match clap_options(outer).find(|(l, _)| l == key) {
            Some((_, arg)) => (arg, &mut outer_args),
            None => match inner.and_then(|c| clap_options(c).find(|(l, _)| l == key)) {
                Some((_, arg)) => (arg, &mut inner_args),
                None => {
                    let game = special.game.and_then(|g| entry.subcommand(g));
                    return Err(unknown(endpoint, entry, game, key));
                }
            },
        };
        into.extend(tokens(key, arg, given)?);
    }
    if !special.rest.iter().any(|(k, _)| k == "format") {
        outer_args.push("--format=json".to_string());
    }
    let mut argv: Vec<String> = std::iter::once("holodice")
        .chain(endpoint.command.iter().copied())
        .map(str::to_string)
        .collect();
    match endpoint.game {
        Game::Fixed => argv.extend(outer_args),
        Game::Argument => {
            argv.extend(special.game.map(str::to_string));
            argv.extend(outer_args);
        }
        Game::Subcommand => {
            argv.push("--samples=request".into());
            argv.extend(outer_args);
            argv.extend(special.game.map(str::to_string));
            argv.extend(inner_args);
        }
    }
    let samples = samples(endpoint, special.samples)?;
    let parsed = tree
        .clone()
        .try_get_matches_from(argv)
        .and_then(|m| Cli::from_arg_matches(&m))
        .map_err(|e| Rejection {
            message: usage_message(&e).unwrap_or_else(|| "the request asks for help".to_string()),
            field: invalid_key(&e),
        })?;
    Ok(Parsed {
        command: parsed.command,
        samples,
    })
}

fn tokens(key: &str, arg: &clap::Arg, given: &Given) -> Result<Vec<String>, Rejection> {
    let fail = |m: &str| Err(Rejection::new(format!("'{key}' {m}"), Some(key)));
    let flag = |on: bool| {
        Ok(if on {
            vec![format!("--{key}")]
        } else {
            Vec::new()
        })
    };
    match (arg.get_action(), given) {
        (ArgAction::SetTrue, Given::Flag(b)) => flag(*b),
        (ArgAction::SetTrue, Given::Values(v)) if v.len() == 1 => {
            match v[0].trim().to_lowercase().as_str() {
                "" | "true" | "1" | "yes" | "on" => flag(true),
                "false" | "0" | "no" | "off" => flag(false),
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

fn endpoint(path: &str) -> &'static Endpoint {
    ENDPOINTS
        .iter()
        .chain(LISTINGS)
        .find(|e| e.path == path)
        .unwrap()
}

fn agree(path: &str, pairs: Pairs) {
    let e = endpoint(path);
    let (ours, clap) = (table_driven(e, pairs.clone()), oracle(e, pairs.clone()));
    assert_eq!(ours, clap, "{path} {pairs:?}");
}

fn json(path: &str, body: &str) {
    agree(path, from_json(body.as_bytes()).expect("a JSON object"));
}

#[test]
fn valid_requests_of_every_option_kind_make_the_same_command() {
    json("swtcg/attack", r#"{"attacker": "Power 5"}"#);
    json(
        "swtcg/attack",
        r#"{"attacker": "Power 5", "defender": "Health 3", "format": "yaml", "exact": true,
            "digits": 20, "verbose": "yes", "rule": ["overkill=all", "auto-hit=yes"],
            "arena": "space", "pay": "all", "mode": "bombard", "policy": "optimal",
            "objective": "destroy", "enhance": true, "secondary": "Health 2"}"#,
    );
    json(
        "swtcg/dice",
        r#"{"count": -3, "target": "Health 2", "unpreventable": "on"}"#,
    );
    json(
        "swtcg/sequence",
        r#"{"attacker": ["Power 3", "Power 4"], "defender": "Health 9", "attacks": 7}"#,
    );
    json(
        "swtcg/compare",
        r#"{"attacker": ["Power 3", "Power 4"], "defender": ["Health 9"]}"#,
    );
    json(
        "swtcg/cards/search",
        r#"{"name": "vader", "side": "dark", "arena": "space", "legal": "standard", "format": "csv"}"#,
    );
    json("swtcg/coverage", r#"{"set": "ANH", "legal": "wotc"}"#);
    json(
        "legion/attack",
        r#"{"attacker": "4 red", "defender": "white defense", "edition": "RRG-2021", "rolled": "4 red hits"}"#,
    );
    json(
        "legion/attack",
        r#"{"attacker": "4 red", "defender": "white defense", "edition": "amg-2024"}"#,
    );
    json(
        "legion/sequence",
        r#"{"attack": ["4 red"], "defender": "white defense", "until-wiped": true, "attacks": 100, "suppression-gained": "always"}"#,
    );
    json(
        "legion/units",
        r#"{"name": "storm", "type": "unit", "rank": "corps", "format": "json"}"#,
    );
    json(
        "legion/matchups",
        r#"{"attacker": "4 red", "with": "cover light", "sort": "wipe"}"#,
    );
    json(
        "legion/army",
        r#"{"list": "x", "against": ["white defense"], "range": "2", "stat": "wipe", "sort": "best"}"#,
    );
    json(
        "legion/compare",
        r#"{"sequence": ["4 red ; 4 red"], "defender": ["white defense"]}"#,
    );
    json(
        "table",
        r#"{"game": "legion", "rows": "red 1..3", "attack": ["4 red"], "digits": 0}"#,
    );
    json(
        "table",
        r#"{"game": "SWTCG ", "rows": "Power 1..3", "stat": "destroyed"}"#,
    );
    json(
        "check",
        r#"{"game": "swtcg", "samples": "1\n2", "attacker": "Power 3", "variable": "attacker-damage", "alpha": "0.01", "test": "g-test"}"#,
    );
    json(
        "check",
        r#"{"game": "legion", "samples": [1, 2], "attacker": "4 red", "defender": "white defense", "variable": "guardian_wounds", "exact": true, "format": "text"}"#,
    );
    for listing in LISTINGS {
        agree(listing.path, Vec::new());
    }
}

#[test]
fn refusals_of_every_kind_have_the_same_line_and_key() {
    // Possible values: wrong, empty, near one, in another case.
    json(
        "swtcg/attack",
        r#"{"attacker": "Power 5", "format": "pdf"}"#,
    );
    json(
        "swtcg/attack",
        r#"{"attacker": "Power 5", "format": "jsn"}"#,
    );
    json("swtcg/attack", r#"{"attacker": "Power 5", "format": ""}"#);
    json(
        "swtcg/attack",
        r#"{"attacker": "Power 5", "format": "JSON"}"#,
    );
    json(
        "legion/attack",
        r#"{"attacker": "4 red", "defender": "x", "edition": "rrg-2012"}"#,
    );
    json("legion/units", r#"{"type": "units"}"#);
    json(
        "check",
        r#"{"game": "swtcg", "samples": "1", "attacker": "Power 3", "variable": "damag"}"#,
    );
    // Numbers: not one, out of bounds, too large, empty.
    json("swtcg/attack", r#"{"attacker": "Power 5", "digits": 99}"#);
    json(
        "swtcg/attack",
        r#"{"attacker": "Power 5", "digits": "six"}"#,
    );
    json("swtcg/attack", r#"{"attacker": "Power 5", "digits": -1}"#);
    json(
        "swtcg/dice",
        r#"{"count": "99999999999999999999", "target": "Health 2"}"#,
    );
    json("swtcg/dice", r#"{"count": "", "target": "Health 2"}"#);
    json(
        "swtcg/sequence",
        r#"{"attacker": "Power 3", "attacks": -2}"#,
    );
    json(
        "legion/sequence",
        r#"{"attack": "4 red", "defender": "x", "until-wiped": true, "attacks": 0}"#,
    );
    json(
        "check",
        r#"{"game": "swtcg", "samples": "1", "attacker": "Power 3", "alpha": "2"}"#,
    );
    // Required, alone and several.
    json("swtcg/attack", r#"{}"#);
    json("legion/attack", r#"{}"#);
    json("legion/attack", r#"{"defender": "white defense"}"#);
    json("legion/compare", r#"{}"#);
    json("legion/army", r#"{}"#);
    json("table", r#"{"game": "swtcg"}"#);
    json("check", r#"{"game": "legion", "samples": "1"}"#);
    // Conflicts and requires.
    json(
        "legion/attack",
        r#"{"attacker": "4 red", "defender": "x", "rolled": "a", "converted": "b"}"#,
    );
    json(
        "legion/sequence",
        r#"{"attack": "4 red", "defender": "x", "charge": true, "until-wiped": true}"#,
    );
    json(
        "legion/sequence",
        r#"{"attack": "4 red", "defender": "x", "attacks": 5}"#,
    );
    json("legion/sequence", r#"{"defender": "x", "attacks": 5}"#);
    json(
        "legion/units",
        r#"{"upgrades-for": "x", "faction": "empire", "type": "unit", "rank": "corps"}"#,
    );
    json(
        "legion/army",
        r#"{"list": "x", "against": ["a"], "vs-list": "y"}"#,
    );
    json(
        "table",
        r#"{"game": "legion", "rows": "red 1..2", "attacker": "4 red", "attack": ["4 red"]}"#,
    );
    // Several problems at once: values first, then conflicts, then what is required.
    json(
        "legion/sequence",
        r#"{"charge": true, "until-wiped": true, "format": "pdf"}"#,
    );
    json(
        "legion/sequence",
        r#"{"charge": true, "until-wiped": true}"#,
    );
    json(
        "check",
        r#"{"game": "legion", "samples": "1", "alpha": "x", "variable": "nope"}"#,
    );
    json(
        "check",
        r#"{"game": "legion", "samples": "1", "format": "csv", "rolled": "a"}"#,
    );
    // Keys: unknown, files, flags and lists of the wrong shape.
    json(
        "swtcg/attack",
        r#"{"attacker": "Power 5", "defendr": "Health 3"}"#,
    );
    json(
        "swtcg/attack",
        r#"{"attacker": "Power 5", "cards": "/etc/passwd"}"#,
    );
    json(
        "check",
        r#"{"game": "swtcg", "samples": "1", "attacker": "Power 3", "plot": "x"}"#,
    );
    json(
        "swtcg/attack",
        r#"{"attacker": "Power 5", "exact": "perhaps"}"#,
    );
    json("swtcg/attack", r#"{"attacker": ["Power 5", "Power 3"]}"#);
    json("swtcg/attack", r#"{"attacker": "Power 5", "digits": true}"#);
    json("swtcg/attack", r#"{"attacker": [], "format": []}"#);
    json("table", r#"{"rows": "Power 1..2"}"#);
    json("check", r#"{"game": "swtcg", "attacker": "Power 3"}"#);
    // Values that look like options or hold line breaks stay values.
    json("swtcg/dice", r#"{"count": -1, "target": "--help"}"#);
    json(
        "swtcg/attack",
        r#"{"attacker": "Power 5", "format": "a\nUsage: b"}"#,
    );
    json(
        "swtcg/attack",
        r#"{"attacker": "Power 5", "policy": "optimal\n\n  x"}"#,
    );
}

/// Every key an entry knows (files, hidden and the game's among them), and a few it does not.
fn all_keys(path: &str) -> Vec<String> {
    let entry = options::entry(path);
    let games = entry.games.iter().flat_map(|g| &g.options);
    let mut keys: Vec<String> = entry
        .options
        .iter()
        .chain(games)
        .map(|o| o.key.clone())
        .collect();
    keys.extend(["game", "samples", "help", "bogus"].map(String::from));
    keys.dedup();
    keys
}

/// Values to draw from: every option's possible values and defaults, numbers in and out of
/// bounds, near misses and text.
fn all_values() -> Vec<String> {
    let mut values: Vec<String> = [
        "",
        "x",
        "JSON",
        "jsn",
        "Text",
        "0",
        "1",
        "20",
        "21",
        "100",
        "101",
        "-1",
        "+5",
        "1e-3",
        "0.5",
        "99999999999999999999",
        "Power 3",
        "4 red",
        "white defense",
        "Health 2",
        "swtcg",
        "legion",
        "true",
        "false",
        "a b",
        "rrg-2021",
        "RRG-2021",
        "greedy",
        "optimall",
    ]
    .map(String::from)
    .to_vec();
    for o in options::table().iter().flat_map(|e| &e.options) {
        values.extend(o.values.iter().cloned());
        values.extend(o.aliases.keys().cloned());
        values.extend(o.default.iter().cloned());
    }
    values.sort();
    values.dedup();
    values
}

fn request() -> impl Strategy<Value = (&'static str, Pairs)> {
    let paths: Vec<&'static str> = ENDPOINTS.iter().map(|e| e.path).collect();
    let values = all_values();
    (prop::sample::select(paths)).prop_flat_map(move |path| {
        let keys = all_keys(path);
        let given = prop_oneof![
            any::<bool>().prop_map(Given::Flag),
            prop::collection::vec(prop::sample::select(values.clone()), 0..3)
                .prop_map(Given::Values),
        ];
        let pair = (prop::sample::select(keys), given);
        (Just(path), prop::collection::vec(pair, 0..7))
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]
    #[test]
    fn random_requests_are_read_as_clap_reads_them((path, pairs) in request()) {
        let mut seen = std::collections::HashSet::new();
        let pairs: Pairs = pairs.into_iter().filter(|(k, _)| seen.insert(k.clone())).collect();
        let e = endpoint(path);
        prop_assert_eq!(table_driven(e, pairs.clone()), oracle(e, pairs.clone()), "{} {:?}", path, pairs);
    }
}
