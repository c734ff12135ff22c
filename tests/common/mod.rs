//! Helpers shared by the command-line test files: running the binary, reading the JSON
//! contract's exact fractions, and the one-line error contract.
// Each test file uses its own subset of these helpers.
#![allow(dead_code)]

pub mod files;

use num_bigint::BigInt;
use num_integer::Integer;
use num_rational::BigRational;
use num_traits::{One, Zero};
use serde_json::Value;
use std::process::{Command, Output};
use std::str::FromStr;

pub fn holodice(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_holodice"))
        .args(args)
        .output()
        .expect("the holodice binary runs")
}

/// The fraction n/d.
pub fn q(n: i64, d: i64) -> BigRational {
    BigRational::new(n.into(), d.into())
}

/// A fresh directory for one test's files, named after the test file and `name`.
pub fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("holodice-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// What a run that must succeed prints.
pub fn holodice_ok(args: &[&str]) -> String {
    let out = holodice(args);
    assert_eq!(out.status.code(), Some(0), "{args:?}: {}", stderr(&out));
    stdout(&out)
}

pub fn stdout(out: &Output) -> String {
    String::from_utf8(out.stdout.clone()).expect("stdout is UTF-8")
}

pub fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

pub fn is_canonical_natural(s: &str) -> bool {
    !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()) && (s == "0" || !s.starts_with('0'))
}

/// Parses a fraction as the JSON contract spells it, asserting it is canonical: `"n/d"` with
/// `gcd(n, d) = 1` and `d > 1`, or a bare integer (`"0"`, `"1"`, `"-3"`), never spaces.
pub fn fraction(s: &str) -> BigRational {
    assert!(
        !s.chars().any(char::is_whitespace),
        "fraction {s:?} holds whitespace"
    );
    let (num, den) = match s.split_once('/') {
        Some((n, d)) => (n, Some(d)),
        None => (s, None),
    };
    let magnitude = num.strip_prefix('-').unwrap_or(num);
    assert!(
        is_canonical_natural(magnitude) && !(num.starts_with('-') && magnitude == "0"),
        "numerator of {s:?} is not a canonical integer"
    );
    if let Some(den) = den {
        assert!(
            is_canonical_natural(den),
            "denominator of {s:?} is not canonical"
        );
        let n = BigInt::from_str(num).unwrap();
        let d = BigInt::from_str(den).unwrap();
        assert!(d > BigInt::one(), "{s:?}: an integer must be written bare");
        assert!(!n.is_zero(), "{s:?}: zero must be written \"0\"");
        assert!(n.gcd(&d).is_one(), "{s:?} is not reduced");
    }
    let parsed = BigRational::from_str(s).unwrap_or_else(|e| panic!("{s:?}: {e:?}"));
    assert_eq!(parsed.to_string(), s, "round trip of {s:?}");
    parsed
}

/// A fraction string that must also be a probability, in [0, 1].
pub fn probability(v: &Value) -> BigRational {
    let s = v
        .as_str()
        .unwrap_or_else(|| panic!("probability {v} is not a string"));
    let p = fraction(s);
    assert!(
        p >= BigRational::zero() && p <= BigRational::one(),
        "{s} is not a probability"
    );
    p
}

/// A distribution object's pmf as (outcome, probability) pairs, in increasing outcome order.
pub fn pmf(dist: &Value) -> Vec<(i64, BigRational)> {
    let obj = dist["pmf"]
        .as_object()
        .unwrap_or_else(|| panic!("no pmf object in {dist}"));
    let mut pairs: Vec<(i64, BigRational)> = obj
        .iter()
        .map(|(k, v)| {
            let x: i64 = k
                .parse()
                .unwrap_or_else(|_| panic!("pmf key {k:?} is not an integer"));
            assert_eq!(x.to_string(), *k, "pmf key {k:?} is not canonical");
            (x, probability(v))
        })
        .collect();
    pairs.sort_by_key(|(x, _)| *x);
    pairs
}

/// The pmf given as (outcome, "fraction") pairs, for comparisons with hand-worked values.
pub fn pmf_strings(dist: &Value) -> Vec<(i64, String)> {
    pmf(dist)
        .into_iter()
        .map(|(x, p)| (x, p.to_string()))
        .collect()
}

pub fn expected(pairs: &[(i64, &str)]) -> Vec<(i64, String)> {
    pairs.iter().map(|(x, p)| (*x, p.to_string())).collect()
}

pub fn assert_user_error(args: &[&str], needles: &[&str]) -> String {
    let out = holodice(args);
    let err = stderr(&out);
    assert_eq!(
        out.status.code(),
        Some(2),
        "{args:?}: exit status (stderr {err:?})"
    );
    assert!(
        out.stdout.is_empty(),
        "{args:?}: nothing on stdout, got {:?}",
        stdout(&out)
    );
    assert!(
        err.ends_with('\n') && err.matches('\n').count() == 1,
        "{args:?}: stderr must be exactly one line, got {err:?}"
    );
    assert!(
        err.starts_with("holodice: error:"),
        "{args:?}: stderr must start with 'holodice: error:', got {err:?}"
    );
    for needle in needles {
        assert!(
            err.contains(needle),
            "{args:?}: stderr should mention {needle:?}, got {err:?}"
        );
    }
    err
}

/// The checks every distribution object of the JSON contract must pass: its pmf sums to exactly
/// 1, its mean is the sum of outcome times probability, and `at_least` is the pmf's upper tail.
pub fn check_distribution_objects(doc: &Value, context: &str) {
    for (key, value) in doc.as_object().expect("one JSON object") {
        if value.get("pmf").is_none() {
            continue;
        }
        let pairs = pmf(value);
        let total: BigRational = pairs.iter().map(|(_, p)| p.clone()).sum();
        assert_eq!(
            total,
            BigRational::one(),
            "{context}: {key}.pmf sums to {total}"
        );
        let mean: BigRational = pairs
            .iter()
            .map(|(x, p)| BigRational::from_integer((*x).into()) * p)
            .sum();
        assert_eq!(
            fraction(value["mean"].as_str().unwrap()),
            mean,
            "{context}: {key}.mean"
        );
        if let Some(tail) = value.get("at_least") {
            for (x, _) in &pairs {
                let want: BigRational = pairs
                    .iter()
                    .filter(|(y, _)| y >= x)
                    .map(|(_, p)| p.clone())
                    .sum();
                assert_eq!(
                    probability(&tail[x.to_string()]),
                    want,
                    "{context}: {key}.at_least[{x}]"
                );
            }
        }
    }
}

/// The arguments of `holodice GAME attack --attacker A --defender D [extra...]`.
pub fn attack_args<'a>(
    game: &'a str,
    attacker: &'a str,
    defender: &'a str,
    extra: &[&'a str],
) -> Vec<&'a str> {
    let mut args = vec![
        game,
        "attack",
        "--attacker",
        attacker,
        "--defender",
        defender,
    ];
    args.extend_from_slice(extra);
    args
}

/// Runs an attack of `game` that must succeed and returns its stdout.
pub fn game_attack_ok(game: &str, attacker: &str, defender: &str, extra: &[&str]) -> String {
    let out = holodice(&attack_args(game, attacker, defender, extra));
    assert_eq!(
        out.status.code(),
        Some(0),
        "attacker {attacker:?}, defender {defender:?}, {extra:?}: stderr {}",
        stderr(&out)
    );
    assert!(
        out.stderr.is_empty(),
        "a successful run prints nothing on stderr, got {}",
        stderr(&out)
    );
    stdout(&out)
}

/// The JSON document of an attack of `game` that must succeed.
pub fn game_attack_json(game: &str, attacker: &str, defender: &str, extra: &[&str]) -> Value {
    let mut args = vec!["--format", "json"];
    args.extend_from_slice(extra);
    let text = game_attack_ok(game, attacker, defender, &args);
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("not one JSON document ({e}):\n{text}"))
}

/// `holodice serve` started on a free loopback port; killed when dropped, however the test ends.
pub struct Served {
    pub child: std::process::Child,
    /// `127.0.0.1:PORT`, from the URL it printed.
    pub host: String,
    /// Whatever it prints after its URL.
    pub output: std::io::BufReader<std::process::ChildStdout>,
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Starts `holodice serve --addr 127.0.0.1:0 [extra...]` and reads the loopback URL it prints.
pub fn serve(extra: &[&str]) -> Served {
    use std::io::BufRead;
    let mut child = Command::new(env!("CARGO_BIN_EXE_holodice"))
        .args(["serve", "--addr", "127.0.0.1:0"])
        .args(extra)
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("holodice serve starts");
    let mut output = std::io::BufReader::new(child.stdout.take().expect("its stdout"));
    let mut first = String::new();
    output.read_line(&mut first).expect("a first line");
    let host = first
        .split_whitespace()
        .find_map(|w| w.strip_prefix("http://127.0.0.1:"))
        .map(|port| format!("127.0.0.1:{}", port.trim_end_matches('/')))
        .unwrap_or_else(|| panic!("a loopback URL, got {first:?}"));
    Served {
        child,
        host,
        output,
    }
}

/// A file the code generates and the repository commits (`data/api/options.json`, the schema)
/// equals what the code builds today; `HOLODICE_CORPUS=record` writes it anew instead, and the
/// failure says so, with `filter`, the tests that record it.
pub fn assert_generated(file: &str, built: &str, what: &str, filter: &str) {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(file);
    if std::env::var("HOLODICE_CORPUS").is_ok_and(|v| v == "record") {
        std::fs::write(&path, built).unwrap_or_else(|e| panic!("{file} not written: {e}"));
        return;
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{file}: {e}"));
    let first = (built.lines().zip(committed.lines()))
        .position(|(b, c)| b != c)
        .map_or_else(|| "its length".to_string(), |n| format!("line {}", n + 1));
    assert!(
        built == committed,
        "{file} differs from {what} at {first}: record it again with HOLODICE_CORPUS=record \
         cargo test --test tests {filter}"
    );
}
