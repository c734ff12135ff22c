//! How cost grows with the number of dice: prints markdown tables of the in-process time of one
//! exact attack (the median of repeated runs) for SWTCG at 10 to 2,000 dice and Legion at 2 to
//! 30 dice, for docs/performance.md.
//!
//! ```text
//! cargo run --release --example growth
//! ```

use holodice_engine::legion::attack::attack as legion_attack;
use holodice_engine::legion::Scenario;
use holodice_engine::swtcg::attack::attack as swtcg_attack;
use holodice_engine::swtcg::{rules::Rules, unit::Unit};
use std::hint::black_box;
use std::time::{Duration, Instant};

/// Powers up to 1,998: with Fury 2's extra dice, 2,000 dice, the largest pool accepted.
const SWTCG_POWERS: [u32; 9] = [10, 20, 50, 100, 200, 500, 1000, 1500, 1998];
const LEGION_DICE: [u32; 10] = [2, 4, 6, 8, 10, 12, 15, 20, 25, 30];

/// SWTCG shapes: the attacker's keywords after its Power, and the defender.
const SWTCG_SHAPES: [(&str, &str); 2] = [
    ("Critical Hit 2, Fury 2", "Health 3000"),
    (
        "Accuracy 1, Critical Hit 2, Fury 2",
        "Health 3000, Armor, Parry 1",
    ),
];

/// Legion shapes: the attacker's keywords after its dice (a third of each colour), and the
/// defender; all greedy. The last has no surge chart, so surges stay apart per colour through
/// the rerolls: the slowest shape.
const LEGION_SHAPES: [(&str, &str); 4] = [
    ("surge hit, Pierce 1", "red defense, surge block"),
    (
        "surge crit, aim 2, Pierce 1",
        "white defense, surge block, cover light, dodge 1",
    ),
    (
        "aim 2, Critical 1, Pierce 1",
        "red defense, cover heavy, dodge 1, Uncanny Luck 2, suppression 2, Danger Sense 2",
    ),
    ("aim 2, Pierce 1", "red defense"),
];

fn main() {
    let only = std::env::args().nth(1);
    if only.as_deref() != Some("legion") {
        swtcg_table();
    }
    if only.as_deref() != Some("swtcg") {
        legion_table();
    }
}

fn swtcg_table() {
    println!("| SWTCG power | {} |", header(&SWTCG_SHAPES));
    println!("|---|---|---|");
    for power in SWTCG_POWERS {
        let cells: Vec<String> = SWTCG_SHAPES
            .iter()
            .map(|(keywords, defender)| {
                let a = Unit::parse("attacker", &format!("Power {power}, {keywords}")).unwrap();
                let d = Unit::parse("defender", defender).unwrap();
                let rules = Rules::default();
                cell(|| {
                    swtcg_attack(&a, &d, &rules)
                        .map(|_| ())
                        .map_err(|e| e.to_string())
                })
            })
            .collect();
        println!("| {power} | {} |", cells.join(" | "));
    }
}

fn legion_table() {
    println!("\n| Legion dice | {} |", header(&LEGION_SHAPES));
    println!("|---|---|---|---|---|");
    for n in LEGION_DICE {
        let pool = format!(
            "{} red, {} black, {} white",
            n.div_ceil(3),
            (n + 1) / 3,
            n / 3
        );
        let cells: Vec<String> = LEGION_SHAPES
            .iter()
            .map(|(keywords, defender)| {
                let s = Scenario::parse(&format!("{pool}, {keywords}"), defender, None).unwrap();
                cell(|| legion_attack(&s).map(|_| ()).map_err(|e| e.to_string()))
            })
            .collect();
        println!("| {n} | {} |", cells.join(" | "));
    }
}

fn header(shapes: &[(&str, &str)]) -> String {
    let names: Vec<String> = shapes
        .iter()
        .map(|(a, d)| format!("{a} against {d}"))
        .collect();
    names.join(" | ")
}

/// The median time of one run, or "refused" when the engine refuses the query.
fn cell(run: impl Fn() -> Result<(), String>) -> String {
    if run().is_err() {
        return "refused".into();
    }
    let start = Instant::now();
    let mut times = Vec::new();
    while times.len() < 3 || (start.elapsed() < Duration::from_millis(500) && times.len() < 1000) {
        let t = Instant::now();
        black_box(run()).ok();
        times.push(t.elapsed().as_secs_f64());
    }
    times.sort_by(f64::total_cmp);
    format_seconds(times[times.len() / 2])
}

fn format_seconds(s: f64) -> String {
    match s {
        s if s >= 1.0 => format!("{s:.2} s"),
        s if s >= 1e-3 => format!("{:.3} ms", s * 1e3),
        s => format!("{:.1} µs", s * 1e6),
    }
}
