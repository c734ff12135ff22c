//! holodice's side of the side-by-side report (`bench/compare/`): computes the shared scenarios
//! in-process through the library and prints, for each, one JSON line with the distribution as
//! exact fractions and the median time of one computation.
//!
//! ```text
//! cargo run --release --example compare -- legion-small swtcg-60
//! ```
//!
//! The scenarios are the SPECs below; `bench/compare/scenarios.py` describes the same ones to
//! the other tools.

use holodice_engine::dist::Dist;
use holodice_engine::legion::attack::attack as legion_attack;
use holodice_engine::legion::Scenario;
use holodice_engine::swtcg::attack::attack as swtcg_attack;
use holodice_engine::swtcg::{rules::Rules, unit::Unit};
use std::hint::black_box;
use std::time::{Duration, Instant};

/// Each scenario: its name, the game, and the attacker's and defender's SPECs.
const SCENARIOS: [(&str, &str, &str, &str); 5] = [
    (
        "swtcg-60",
        "swtcg",
        "Power 60, Critical Hit 2, Fury 2",
        "Health 1000",
    ),
    (
        "swtcg-200",
        "swtcg",
        "Power 200, Critical Hit 2, Fury 2",
        "Health 1000",
    ),
    (
        "swtcg-1000",
        "swtcg",
        "Power 1000, Accuracy 1, Critical Hit 2, Fury 2",
        "Health 2000, Armor, Parry 1",
    ),
    (
        "legion-small",
        "legion",
        "4 red, 2 black, surge hit, Pierce 1",
        "red defense, surge block",
    ),
    (
        "legion-aim-cover",
        "legion",
        "2 red, 2 black, 2 white, surge crit, aim 1",
        "white defense, surge block, cover light",
    ),
];

/// How long each scenario is repeated for its median.
const BUDGET: Duration = Duration::from_secs(2);

fn main() {
    for name in std::env::args().skip(1) {
        let Some(&(_, game, attacker, defender)) = SCENARIOS.iter().find(|s| s.0 == name) else {
            let known: Vec<&str> = SCENARIOS.iter().map(|s| s.0).collect();
            eprintln!(
                "error: no scenario {name:?}; the scenarios: {}",
                known.join(", ")
            );
            std::process::exit(2);
        };
        let compute: Box<dyn Fn() -> Dist> = match game {
            "swtcg" => {
                let a = Unit::parse("attacker", attacker).expect("a valid SPEC");
                let d = Unit::parse("defender", defender).expect("a valid SPEC");
                let rules = Rules::default();
                Box::new(move || swtcg_attack(&a, &d, &rules).expect("accepted").damage)
            }
            _ => {
                let s = Scenario::parse(attacker, defender, None).expect("a valid SPEC");
                Box::new(move || legion_attack(&s).expect("accepted").wounds)
            }
        };
        let (dist, seconds) = timed(&*compute);
        let pmf: Vec<String> = dist
            .pmf()
            .into_iter()
            .filter(|(_, p)| *p.numer() != 0u32.into())
            .map(|(k, p)| format!("\"{k}\": \"{}/{}\"", p.numer(), p.denom()))
            .collect();
        println!(
            "{{\"pmf\": {{{}}}, \"seconds\": {seconds:e}}}",
            pmf.join(", ")
        );
    }
}

/// The result and the median time of one computation, over as many runs as fit the budget
/// (at least 5).
fn timed(compute: &dyn Fn() -> Dist) -> (Dist, f64) {
    let start = Instant::now();
    let mut times = Vec::new();
    let mut result = None;
    while times.len() < 5 || start.elapsed() < BUDGET {
        let t = Instant::now();
        result = Some(black_box(compute()));
        times.push(t.elapsed().as_secs_f64());
    }
    times.sort_by(f64::total_cmp);
    (result.expect("ran at least once"), times[times.len() / 2])
}
