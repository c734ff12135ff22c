//! `cargo xtask corpus [DIR]`: the exact scenario corpus for simulator authors
//! (docs/simulators.md). Each line is a request, the engine's own answer to it through
//! `holodice::api` (no maths here beyond the tolerances) and the tolerances a simulator of N
//! samples may allow itself. The scenarios come from a plain enumeration and a fixed-seed
//! generator written out below, never from the card data's order, so the same commit writes the
//! same bytes and v1 keeps its meaning (a new meaning is a new folder, `corpus/v2/`).

use holodice::api::{self, Listings};
use holodice_engine::legion::cards::Cards as LegionCards;
use holodice_engine::swtcg::cards::Cards;
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, ToPrimitive, Zero};
use serde_json::{json, Map, Value};
use std::path::{Path, PathBuf};
use std::time::Instant;

/// The corpus version: its folder (`corpus/v1/`) and each line's `corpus`.
const VERSION: u64 = 1;

/// The seed of the scenarios' generator, committed: changing it is a new corpus version.
const SEED: u64 = 0x4855_4c4f_4449_4345;

/// The most estimated work (`estimate/<endpoint>`'s `work`) a scenario may have: a line past it
/// is skipped, so the tests that recompute every line stay quick in debug builds.
const MAX_WORK: u64 = 20_000;

/// The two-sided significance of the tolerances, `holodice check`'s default `--alpha`, and its
/// normal quantile z (the 1 - alpha/2 quantile of the standard normal).
const ALPHA: f64 = 1e-6;
const Z: f64 = 4.891_638_475_714_779;

/// The sample counts the tolerances are given for.
const SAMPLES: [u64; 3] = [10_000, 100_000, 1_000_000];

/// The Legion editions, one file each.
const EDITIONS: [&str; 3] = ["crb-2026-05-29", "crb-2025-11-24", "rrg-2021"];

/// Writes the corpus files into `dir` (default `corpus/v1/` of the repository).
pub fn write(dir: Option<&str>) -> Result<(), String> {
    let dir = dir.map_or_else(
        || PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../corpus/v1"),
        PathBuf::from,
    );
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let engine = Engine::new();
    let mut files = vec![("swtcg".to_string(), None, swtcg())];
    for edition in EDITIONS {
        files.push((format!("legion-{edition}"), Some(edition), legion(edition)));
    }
    for (stem, edition, scenarios) in files {
        let started = Instant::now();
        let (text, tally) = engine.lines(&stem, edition, scenarios)?;
        let path = dir.join(format!("{stem}.jsonl"));
        std::fs::write(&path, &text).map_err(|e| format!("{}: {e}", path.display()))?;
        println!(
            "corpus: {} ({} bytes, {:.1} s): {tally}",
            shown(&path),
            text.len(),
            started.elapsed().as_secs_f64()
        );
    }
    Ok(())
}

fn shown(path: &Path) -> String {
    path.canonicalize()
        .unwrap_or_else(|_| path.to_path_buf())
        .display()
        .to_string()
}

/// One scenario before the engine answers it: its id within its file, its kind and request.
struct Scenario {
    id: String,
    kind: &'static str,
    endpoint: &'static str,
    request: Map<String, Value>,
}

impl Scenario {
    fn new(id: String, kind: &'static str, endpoint: &'static str, request: Value) -> Scenario {
        let Value::Object(request) = request else {
            unreachable!("requests are objects")
        };
        Scenario {
            id,
            kind,
            endpoint,
            request,
        }
    }
}

/// What became of a scenario: a line, or skipped because the engine refuses it or because it
/// is past [`MAX_WORK`].
enum Outcome {
    Kept,
    Refused,
    Heavy,
}

/// The lines kept and the scenarios skipped, per kind, as `cargo xtask corpus` reports them.
#[derive(Default)]
struct Tally(Vec<(&'static str, [usize; 3])>);

impl Tally {
    fn count(&mut self, kind: &'static str, outcome: Outcome) {
        if !self.0.iter().any(|(k, _)| *k == kind) {
            self.0.push((kind, [0; 3]));
        }
        let (_, row) = self.0.iter_mut().find(|(k, _)| *k == kind).unwrap();
        row[outcome as usize] += 1;
    }
}

impl std::fmt::Display for Tally {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        let kept: usize = self.0.iter().map(|(_, r)| r[0]).sum();
        write!(f, "{kept} lines")?;
        for (kind, [lines, refused, heavy]) in &self.0 {
            write!(f, "; {kind} {lines} (refused {refused}, heavy {heavy})")?;
        }
        Ok(())
    }
}

/// The engine as the API answers: the built-in cards and the listings.
struct Engine {
    cards: &'static Cards,
    legion_cards: &'static LegionCards,
    listings: Listings,
    /// The chances the vocabulary names, per game (`destroyed`, `wiped`, `stun`, ...): the
    /// variables of `GET /api/v1/variables` less the means it names.
    chances: Map<String, Value>,
}

impl Engine {
    fn new() -> Engine {
        let cards = Cards::builtin();
        let listings = Listings::new(cards);
        let mut engine = Engine {
            cards,
            legion_cards: LegionCards::builtin(),
            listings,
            chances: Map::new(),
        };
        let vocabulary = engine.ask("variables", b"").expect("the variables listing");
        for (game, v) in vocabulary.as_object().expect("games") {
            let keys: Vec<Value> = (v["variables"].as_array().expect("variables").iter())
                .map(|var| var["key"].clone())
                .filter(|k| *k != v["mean_damage"])
                .collect();
            engine.chances.insert(game.clone(), Value::Array(keys));
        }
        engine
    }

    /// The API's JSON answer to `path`, or its error line.
    fn ask(&self, path: &str, body: &[u8]) -> Result<Value, String> {
        let reply = api::answer(path, body, self.cards, self.legion_cards, &self.listings);
        match reply.status {
            200 => serde_json::from_str(&reply.body).map_err(|e| e.to_string()),
            _ => Err(reply.body.trim().to_string()),
        }
    }

    /// The file's text: one line per scenario the engine answers within [`MAX_WORK`].
    fn lines(
        &self,
        stem: &str,
        edition: Option<&str>,
        scenarios: Vec<Scenario>,
    ) -> Result<(String, Tally), String> {
        let game = if edition.is_some() { "legion" } else { "swtcg" };
        let mut text = String::new();
        let mut tally = Tally::default();
        let mut ids = std::collections::HashSet::new();
        for s in scenarios {
            let id = format!("{stem}/{}", s.id);
            assert!(ids.insert(id.clone()), "the id {id} is given twice");
            let body = serde_json::to_vec(&s.request).expect("a request serializes");
            let work = match self.ask(&format!("{}{}", api::ESTIMATE, s.endpoint), &body) {
                Ok(estimate) => estimate["work"].as_u64().expect("the estimate's work"),
                Err(_) => {
                    tally.count(s.kind, Outcome::Refused);
                    continue;
                }
            };
            if work > MAX_WORK {
                tally.count(s.kind, Outcome::Heavy);
                continue;
            }
            let Ok(answer) = self.ask(s.endpoint, &body) else {
                tally.count(s.kind, Outcome::Refused);
                continue;
            };
            let tolerance =
                tolerance(&answer, &self.chances[game]).map_err(|e| format!("{id}: {e}"))?;
            let mut line = Map::new();
            line.insert("id".into(), id.into());
            line.insert("corpus".into(), VERSION.into());
            line.insert("game".into(), game.into());
            if let Some(edition) = edition {
                line.insert("edition".into(), edition.into());
            }
            line.insert("endpoint".into(), s.endpoint.into());
            line.insert("kind".into(), s.kind.into());
            line.insert("request".into(), Value::Object(s.request));
            line.insert("answer".into(), answer);
            line.insert("tolerance".into(), tolerance);
            text += &serde_json::to_string(&line).expect("a line serializes");
            text.push('\n');
            tally.count(s.kind, Outcome::Kept);
        }
        Ok((text, tally))
    }
}

/// The tolerances of an answer (docs/simulators.md, "Tolerances"): for each sample count N,
/// each distribution's largest z·sqrt(p(1 - p)/N) over its pmf and its mean's z·σ/sqrt(N), and
/// each chance's z·sqrt(p(1 - p)/N), rounded up to three significant digits.
fn tolerance(answer: &Value, chances: &Value) -> Result<Value, String> {
    let chances = chances.as_array().expect("the vocabulary's keys");
    let mut spreads: Vec<(String, Spread)> = Vec::new();
    for (key, value) in answer.as_object().ok_or("the answer is not an object")? {
        if let Some(pmf) = value.get("pmf").and_then(Value::as_object) {
            let mut widest = BigRational::zero();
            let (mut sum, mut sum_squares) = (BigRational::zero(), BigRational::zero());
            for (k, p) in pmf {
                let p = fraction(p)?;
                let k = BigRational::from_integer(k.parse::<BigInt>().map_err(|e| e.to_string())?);
                widest = widest.max(bernoulli(&p));
                sum += &k * &p;
                sum_squares += &k * &k * &p;
            }
            let variance = sum_squares - &sum * &sum;
            spreads.push((key.clone(), Spread::Distribution(widest, variance)));
        } else if key == "triggers" {
            let each = (value.as_object().ok_or("triggers is not an object")?.iter())
                .map(|(name, p)| Ok((name.clone(), bernoulli(&fraction(p)?))))
                .collect::<Result<_, String>>()?;
            spreads.push((key.clone(), Spread::Chances(each)));
        } else if value.is_string() && chances.iter().any(|c| c == key) {
            spreads.push((key.clone(), Spread::Chance(bernoulli(&fraction(value)?))));
        }
    }
    let mut samples = Map::new();
    for n in SAMPLES {
        let half = |x: &BigRational| up3(Z * (x.to_f64().expect("finite") / n as f64).sqrt());
        let mut at_n = Map::new();
        for (key, spread) in &spreads {
            let t = match spread {
                Spread::Distribution(widest, variance) => {
                    json!({"pmf": half(widest), "mean": half(variance)})
                }
                Spread::Chance(x) => json!(half(x)),
                Spread::Chances(each) => Value::Object(
                    each.iter()
                        .map(|(k, x)| (k.clone(), json!(half(x))))
                        .collect(),
                ),
            };
            at_n.insert(key.clone(), t);
        }
        samples.insert(n.to_string(), Value::Object(at_n));
    }
    Ok(json!({"alpha": ALPHA, "z": Z, "samples": samples}))
}

/// What a variable's tolerances are made from, exactly.
enum Spread {
    /// A distribution: its pmf's largest p(1 - p), and its variance.
    Distribution(BigRational, BigRational),
    /// A chance p (`destroyed`): p(1 - p).
    Chance(BigRational),
    /// Named chances (`triggers`): each one's p(1 - p).
    Chances(Vec<(String, BigRational)>),
}

/// p(1 - p): the variance of one sample's indicator of an outcome of chance p.
fn bernoulli(p: &BigRational) -> BigRational {
    p * (BigRational::one() - p)
}

/// An exact fraction as the API writes it: `"n/d"` or `"n"`.
fn fraction(v: &Value) -> Result<BigRational, String> {
    let text = v.as_str().ok_or_else(|| format!("{v} is not a fraction"))?;
    text.parse()
        .map_err(|_| format!("{text:?} is not a fraction"))
}

/// `x` rounded up to three significant digits (a tolerance errs on the wide side).
fn up3(x: f64) -> f64 {
    if x == 0.0 {
        return 0.0;
    }
    let digits = 2 - x.log10().floor() as i32;
    let scale = 10f64.powi(digits.abs());
    match digits >= 0 {
        true => (x * scale).ceil() / scale,
        false => (x / scale).ceil() * scale,
    }
}

/// splitmix64: a small generator whose sequence for a seed never changes (a library's may
/// between versions), so the corpus is the same wherever and whenever it is made.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A whole number from `lo` to `hi`, both included.
    fn range(&mut self, lo: i64, hi: i64) -> i64 {
        lo + (self.next() % (hi - lo + 1) as u64) as i64
    }

    /// True `percent` times in a hundred.
    fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }

    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[(self.next() % items.len() as u64) as usize]
    }
}

/// A SPEC item with its value, or the bare keyword for a value of 0.
fn item(name: &str, value: i64) -> String {
    match value {
        0 => name.to_string(),
        v => format!("{name} {v}"),
    }
}

/// SWTCG keywords a mix may give: the name, the chance in percent, and the value's range
/// (0..0: the keyword takes no value).
type Keyword = (&'static str, u64, i64, i64);

const SWTCG_ATTACKER: &[Keyword] = &[
    ("Accuracy", 20, 1, 2),
    ("Accuracy", 6, -2, -1),
    ("Critical Hit", 25, 1, 3),
    ("Fury", 15, 1, 2),
    ("Focus", 8, 1, 2),
    ("Lucky", 10, 1, 2),
    ("Overload", 8, 1, 2),
    ("Backfire", 6, 1, 2),
    ("Stun", 6, 1, 2),
    ("Surge", 6, 1, 2),
    ("Double Damage", 8, 0, 0),
    ("Ferocity", 8, 0, 0),
    ("Bounty", 5, 0, 0),
    ("Foresight", 5, 0, 0),
    ("Overkill", 6, 0, 0),
    ("Tenacity", 4, 1, 3),
    ("Double Strike", 4, 0, 0),
];

const SWTCG_DEFENDER: &[Keyword] = &[
    ("Armor", 25, 0, 0),
    ("Shields", 15, 1, 2),
    ("Evade", 15, 1, 2),
    ("Parry", 12, 1, 2),
    ("Riposte", 10, 1, 2),
    ("Absorb", 6, 1, 2),
    ("Deflect", 6, 1, 2),
    ("Lucky", 8, 1, 1),
    ("Persuade", 5, 1, 2),
    ("Fortitude", 4, 0, 0),
    ("Double Damage", 4, 0, 0),
];

/// The SWTCG rule options and the value a mix may give each (not its default).
const SWTCG_RULES: &[&str] = &[
    "auto-hit=yes",
    "fury-dice-triggers=no",
    "critical-hit-needs-hit=yes",
    "critical-hit-preventable=no",
    "prevent-before-double=no",
    "double-damage=all-damage",
    "foresight=damage",
    "riposte-after-discard=no",
    "lucky-first=defender",
    "reroll-twice=no",
    "overkill=all",
    "tenacity-counts=damage",
];

/// The SWTCG scenarios: plain Power N against Health H (the tests' binomial slice), random mixes
/// of keywords and rule options, and a few sequences.
fn swtcg() -> Vec<Scenario> {
    let mut all = Vec::new();
    for power in 1..=12 {
        for health in 1..=6 {
            let request = json!({"attacker": format!("Power {power}"), "defender": format!("Health {health}")});
            let id = format!("plain-power{power:02}-health{health}");
            all.push(Scenario::new(id, "plain", "swtcg/attack", request));
        }
    }
    let mut rng = Rng(SEED);
    for i in 1..=220 {
        all.push(Scenario::new(
            format!("mix-{i:03}"),
            "mix",
            "swtcg/attack",
            swtcg_mix(&mut rng),
        ));
    }
    for i in 1..=16 {
        let attacks = rng.range(2, 3);
        let attackers: Vec<String> = (0..attacks)
            .map(|_| {
                let mut spec = vec![format!("Power {}", rng.range(2, 6))];
                if rng.chance(30) {
                    spec.push(item("Accuracy", 1));
                }
                if rng.chance(30) {
                    spec.push(item("Critical Hit", rng.range(1, 2)));
                }
                spec.join(", ")
            })
            .collect();
        let mut defender = vec![format!("Health {}", rng.range(3, 9))];
        if rng.chance(30) {
            defender.push("Armor".into());
        }
        let mut request = json!({"attacker": attackers, "defender": defender.join(", ")});
        if rng.chance(25) {
            request["attacker"] = json!([attackers[0]]);
            request["attacks"] = json!(rng.range(2, 5));
            request["until-destroyed"] = json!(true);
        }
        all.push(Scenario::new(
            format!("sequence-{i:02}"),
            "sequence",
            "swtcg/sequence",
            request,
        ));
    }
    all
}

fn keywords(rng: &mut Rng, table: &[Keyword], spec: &mut Vec<String>) {
    for &(name, percent, lo, hi) in table {
        let has = spec
            .iter()
            .any(|s| s == name || s.starts_with(&format!("{name} ")));
        if rng.chance(percent) && !has {
            spec.push(item(name, rng.range(lo, hi)));
        }
    }
}

fn swtcg_mix(rng: &mut Rng) -> Value {
    let mut attacker = vec![format!("Power {}", rng.range(1, 12))];
    keywords(rng, SWTCG_ATTACKER, &mut attacker);
    let health = rng.range(1, 9);
    let mut defender = Vec::new();
    if rng.chance(92) {
        defender.push(format!("Health {health}"));
        if health > 1 && rng.chance(10) {
            defender.push(item("Damage", rng.range(1, health - 1)));
        }
    }
    keywords(rng, SWTCG_DEFENDER, &mut defender);
    let mut request = Map::new();
    request.insert("attacker".into(), attacker.join(", ").into());
    if !defender.is_empty() {
        request.insert("defender".into(), defender.join(", ").into());
    }
    if attacker.iter().any(|a| a == "Overkill") {
        request.insert(
            "secondary".into(),
            format!("Health {}", rng.range(1, 3)).into(),
        );
    }
    let rules: Vec<&str> = (SWTCG_RULES.iter().copied())
        .filter(|_| rng.chance(8))
        .collect();
    if !rules.is_empty() {
        request.insert("rule".into(), json!(rules));
    }
    let lucky = attacker
        .iter()
        .chain(&defender)
        .any(|s| s.starts_with("Lucky"));
    if lucky && rng.chance(40) {
        request.insert("policy".into(), "optimal".into());
        let objectives: &[&str] = match defender.first().is_some_and(|d| d.starts_with("Health")) {
            true => &["mean", "destroy", "atleast:2"],
            false => &["mean", "atleast:2"],
        };
        request.insert("objective".into(), (*rng.pick(objectives)).into());
    }
    Value::Object(request)
}

/// Unit cards an attacker may be, each with what chooses its weapons.
const LEGION_ATTACKERS: &[&str] = &[
    "@Stormtroopers, range 2",
    "@Stormtroopers, +@DLT-19 Stormtrooper, range 3",
    "@Rebel Troopers, range 2",
    "@Rebel Troopers, +@Z-6 Trooper, range 2",
    "@Darth Vader (Dark Lord of the Sith), melee",
    "@Luke Skywalker (Hero of the Rebellion), melee",
    "@Clone Trooper Infantry, range 2",
    "@B1 Battle Droids, range 2",
    "@Imperial Death Troopers, weapon E-11D Blaster Rifle, range 2",
    "@AT-ST, range 3",
    "@Boba Fett (Infamous Bounty Hunter), range 2",
    "@Wookiee Warriors (Freedom Fighters), melee",
    "@Snowtroopers, range 1",
    "@Shoretroopers, range 3",
    "@General Grievous (Sinister Cyborg), weapon Trophy Lightsabers, melee",
    "@Obi-Wan Kenobi (Civilized Warrior), melee",
    "@E-Web Heavy Blaster Team, weapon E-Web Heavy Blaster, range 3",
    "@Mandalorian Warriors, range 2",
];

const LEGION_DEFENDERS: &[&str] = &[
    "@Rebel Troopers",
    "@Stormtroopers",
    "@Clone Trooper Infantry",
    "@B1 Battle Droids",
    "@B2 Super Battle Droids",
    "@Darth Vader (Dark Lord of the Sith)",
    "@Luke Skywalker (Hero of the Rebellion)",
    "@AT-ST",
    "@Wookiee Warriors (Freedom Fighters)",
    "@Imperial Death Troopers",
    "@Droidekas",
    "@Boba Fett (Infamous Bounty Hunter)",
    "@Shoretroopers",
];

const LEGION_ATTACK: &[Keyword] = &[
    ("aim", 30, 1, 2),
    ("observation", 8, 1, 1),
    ("surge tokens", 10, 1, 1),
    ("Precise", 8, 1, 2),
    ("Critical", 12, 1, 2),
    ("Pierce", 20, 1, 3),
    ("Impact", 15, 1, 3),
    ("Sharpshooter", 10, 1, 2),
    ("Lethal", 5, 1, 1),
    ("Ram", 5, 1, 1),
    ("Blast", 5, 0, 0),
    ("High Velocity", 5, 0, 0),
    ("Marksman", 5, 0, 0),
    ("Ion", 5, 1, 2),
    ("Primitive", 4, 0, 0),
];

const LEGION_DEFENSE: &[Keyword] = &[
    ("surge block", 40, 0, 0),
    ("dodge", 30, 1, 2),
    ("Armor", 8, 0, 0),
    ("Armor", 6, 1, 2),
    ("Impervious", 6, 0, 0),
    ("Immune: Pierce", 6, 0, 0),
    ("Uncanny Luck", 6, 1, 2),
    ("Danger Sense", 6, 1, 2),
    ("suppression", 15, 1, 2),
    ("Shielded", 6, 1, 2),
    ("Block", 5, 0, 0),
    ("Outmaneuver", 5, 0, 0),
    ("Deflect", 6, 0, 0),
    ("Backup", 5, 0, 0),
    ("Low Profile", 6, 0, 0),
    ("Dug In", 4, 0, 0),
    ("smoke tokens", 4, 1, 1),
];

/// The Legion scenarios of one edition: plain pools against each defense die (the tests'
/// binomial slice), random mixes of dice and keywords, built-in cards, the published Vader
/// example and a few sequences. Every edition gets the same requests but for `edition`.
fn legion(edition: &str) -> Vec<Scenario> {
    let mut rng = Rng(SEED);
    let mut all = legion_plain();
    all.extend(legion_examples());
    all.extend(legion_editions());
    all.extend(legion_mixes(&mut rng));
    all.extend(legion_cards(&mut rng));
    all.extend(legion_sequences(&mut rng));
    for scenario in &mut all {
        scenario.request.insert("edition".into(), edition.into());
    }
    all
}

/// Plain pools of one colour against each defense die: binomials the tests check.
fn legion_plain() -> Vec<Scenario> {
    let mut all = Vec::new();
    for colour in ["red", "black", "white"] {
        for defense in ["white", "red"] {
            for dice in 1..=8 {
                let request = json!({"attacker": format!("{dice} {colour}"), "defender": format!("{defense} defense")});
                let id = format!("plain-{dice}{colour}-{defense}");
                all.push(Scenario::new(id, "plain", "legion/attack", request));
            }
        }
    }
    all
}

/// The published example: Vader against Rebel Troopers, as printed and with `surge crit`.
fn legion_examples() -> Vec<Scenario> {
    let examples = [
        (
            "example-vader-rebel-troopers",
            "@Darth Vader (Dark Lord of the Sith), melee",
        ),
        (
            "example-vader-surge-crit-rebel-troopers",
            "@Darth Vader (Dark Lord of the Sith), melee, surge crit",
        ),
    ];
    (examples.into_iter())
        .map(|(id, attacker)| {
            let request = json!({"attacker": attacker, "defender": "@Rebel Troopers"});
            Scenario::new(id.into(), "example", "legion/attack", request)
        })
        .collect()
}

/// Where the editions differ: Impervious against Pierce, rolled cover, suppression.
fn legion_editions() -> Vec<Scenario> {
    let differences = [3, 5].iter().flat_map(|dice| {
        let impervious = (1..=3).map(move |pierce| {
            let attacker = format!("{dice} red, Pierce {pierce}");
            (
                format!("impervious-{dice}red-pierce{pierce}"),
                attacker,
                "white defense, Impervious".to_string(),
            )
        });
        let cover = ["light", "heavy"].map(|cover| {
            let defender = format!("white defense, cover {cover}");
            (
                format!("cover-{dice}black-{cover}"),
                format!("{dice} black"),
                defender,
            )
        });
        let suppressed = (
            format!("suppression-{dice}red"),
            format!("{dice} red"),
            "red defense, suppression 1, courage 2, cover light".to_string(),
        );
        impervious.chain(cover).chain([suppressed])
    });
    (differences.into_iter())
        .map(|(id, attacker, defender)| {
            let request = json!({"attacker": attacker, "defender": defender});
            Scenario::new(id, "edition", "legion/attack", request)
        })
        .collect()
}

/// Random mixes of the modelled items.
fn legion_mixes(rng: &mut Rng) -> Vec<Scenario> {
    (1..=190)
        .map(|i| {
            Scenario::new(
                format!("mix-{i:03}"),
                "mix",
                "legion/attack",
                legion_mix(rng),
            )
        })
        .collect()
}

/// Built-in cards against each other, with aim, cover and dodge now and then.
fn legion_cards(rng: &mut Rng) -> Vec<Scenario> {
    let mut all = Vec::new();
    for i in 1..=50 {
        let mut attacker = rng.pick(LEGION_ATTACKERS).to_string();
        if rng.chance(30) {
            attacker += ", aim 1";
        }
        let mut defender = rng.pick(LEGION_DEFENDERS).to_string();
        if !attacker.contains("melee") {
            defender += &format!(
                ", {}",
                rng.pick(&["cover none", "cover light", "cover heavy"])
            );
        }
        if rng.chance(25) {
            defender += ", dodge 1";
        }
        let request = json!({"attacker": attacker, "defender": defender});
        all.push(Scenario::new(
            format!("card-{i:03}"),
            "card",
            "legion/attack",
            request,
        ));
    }
    all
}

/// Two or three attacks on one unit.
fn legion_sequences(rng: &mut Rng) -> Vec<Scenario> {
    let mut all = Vec::new();
    for i in 1..=16 {
        let attacks: Vec<String> = (0..rng.range(2, 3))
            .map(|_| match rng.chance(50) {
                true => rng.pick(LEGION_ATTACKERS).to_string(),
                false => format!("{} red, surge crit", rng.range(1, 4)),
            })
            .collect();
        let defender = match rng.chance(50) {
            true => rng.pick(LEGION_DEFENDERS).to_string(),
            false => format!("white defense, wounds 1, minis {}", rng.range(3, 6)),
        };
        let request = json!({"attack": attacks, "defender": defender});
        all.push(Scenario::new(
            format!("sequence-{i:02}"),
            "sequence",
            "legion/sequence",
            request,
        ));
    }
    all
}

fn legion_mix(rng: &mut Rng) -> Value {
    let mut attacker = Vec::new();
    for colour in ["red", "black", "white"] {
        let dice = rng.range(0, 4);
        if dice > 0 || (colour == "white" && attacker.is_empty()) {
            attacker.push(format!("{} {colour}", dice.max(1)));
        }
    }
    match rng.range(0, 2) {
        0 => {}
        1 => attacker.push("surge hit".into()),
        _ => attacker.push("surge crit".into()),
    }
    keywords(rng, LEGION_ATTACK, &mut attacker);
    let melee = rng.chance(15);
    if melee {
        attacker.push("melee".into());
    }
    let mut defender = vec![format!("{} defense", rng.pick(&["white", "red"]))];
    keywords(rng, LEGION_DEFENSE, &mut defender);
    if !melee {
        defender.push(
            rng.pick(&["cover none", "cover light", "cover heavy"])
                .to_string(),
        );
    }
    if rng.chance(40) {
        defender.push(format!("wounds {}", rng.range(1, 3)));
        defender.push(format!("minis {}", rng.range(1, 6)));
    }
    let mut request = json!({"attacker": attacker.join(", "), "defender": defender.join(", ")});
    if !melee && rng.chance(10) {
        let die = rng.pick(&["white", "red"]);
        request["guardian"] = format!(
            "Guardian {}, {die} defense, wounds 1, minis 3",
            rng.range(1, 2)
        )
        .into();
    }
    if rng.chance(10) {
        request["policy"] = "optimal".into();
        request["objective"] = (*rng.pick(&["mean", "atleast:1", "atleast:3"])).into();
    }
    request
}
