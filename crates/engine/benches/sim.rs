//! Timings of the simulator (`holodice_engine::sim`), on every available core.
//!
//! - `1,000,000 SWTCG attacks of power 6`: Power 6 with Accuracy, Critical Hit and Fury against
//!   Armor, Parry and Riposte, default rules. Target: under 2 s on two cores.
//! - `1,000,000 Legion attacks`: 4 red and 2 black dice with an aim token and Pierce against a
//!   white defense die in light cover with a guardian. No target; tracks the Legion trial's cost.
//!
//! Only the simulation is timed: the units and rules are built beforehand.

use criterion::{criterion_group, criterion_main, Criterion};
use holodice_engine::legion::Scenario;
use holodice_engine::sim::{simulate_legion, simulate_swtcg};
use holodice_engine::swtcg::{rules::Rules, unit::Unit};
use std::hint::black_box;
use std::time::Duration;

fn sim(c: &mut Criterion) {
    let attacker = Unit::parse("attacker", "Power 6, Accuracy 1, Critical Hit 1, Fury 2").unwrap();
    let defender = Unit::parse("defender", "Health 5, Armor, Parry 1, Riposte 1").unwrap();
    let rules = Rules::default();
    c.bench_function("1,000,000 SWTCG attacks of power 6", |b| {
        b.iter(|| {
            simulate_swtcg(
                black_box(&attacker),
                black_box(&defender),
                &rules,
                1_000_000,
                1,
            )
            .unwrap()
        })
    });
    let scenario = Scenario::parse(
        "4 red, 2 black, surge hit, aim 1, Pierce 1",
        "white defense, cover light, Deflect",
        Some("Guardian 2, red defense"),
    )
    .unwrap();
    c.bench_function("1,000,000 Legion attacks", |b| {
        b.iter(|| simulate_legion(black_box(&scenario), 1_000_000, 1).unwrap())
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(5));
    targets = sim
}
criterion_main!(benches);
