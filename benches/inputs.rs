//! The input paths #15 bounded: a card file of 30,000 cards (loaded in one pass), samples of
//! 100,000 distinct outcomes read a line at a time and tested, a refused query's limits (table
//! work, a sequence's merge) found before the work, and an aim whose Precise exceeds the pool
//! (its choices stop at the dice there are).

use criterion::{criterion_group, criterion_main, Criterion};
use holodice_engine::dist::Dist;
use holodice_engine::legion;
use holodice_engine::policy::Policy;
use holodice_engine::swtcg::{
    cards::Cards,
    sequence::{sequence, Attackers, Sequence},
    unit::Unit,
};
use holodice_engine::table::{compute, Game, TableSpec};
use std::time::Duration;

fn inputs(c: &mut Criterion) {
    let cards: String = (0..30_000)
        .map(|i| format!("- name: Card {i}\n  spec: Power {}, Health 3\n", i % 10 + 1))
        .collect();
    c.bench_function("load a card file of 30000 cards", |b| {
        b.iter(|| Cards::load("many.yaml", &cards).unwrap())
    });
    let samples: String = (0..100_000).map(|i| format!("{i},1\n")).collect();
    let exact = Dist::uniform(&[0, 1, 1, 2]);
    c.bench_function("read and test 100000 distinct outcomes", |b| {
        b.iter(|| {
            let observed =
                holodice::command::read_samples("s.csv", &mut samples.as_bytes()).unwrap();
            let fit = holodice_engine::gof::chi_square(&observed, &exact);
            holodice::report::fit::FitAnswer::new(&fit, 1e-6).text()
        })
    });
}

fn refusals(c: &mut Criterion) {
    let table = TableSpec {
        game: Game::Swtcg,
        title: None,
        attacker: "Fury 1, Focus 1, Backfire 1".into(),
        attacks: vec![],
        defender: "Parry 1, Riposte 1".into(),
        guardian: None,
        rows: "Power 1..100".into(),
        cols: Some("Critical Hit 1..100".into()),
        stat: "mean".into(),
        rules: vec![],
        edition: None,
        policy: None,
        objective: None,
    };
    c.bench_function("refuse a 100 × 100 table over its work limit", |b| {
        b.iter(|| compute(&table).unwrap_err())
    });
    let s = Sequence {
        attackers: Attackers::Same(
            Unit::parse("attacker", "Power 700, Critical Hit 2, Fury 2").unwrap(),
            100,
        ),
        defender: Unit::parse("defender", "Health 99").unwrap(),
        mode: None,
        policy: Default::default(),
        objective: Default::default(),
        rules: Default::default(),
        until: Default::default(),
    };
    let pool = legion::Scenario {
        policy: Policy::Optimal,
        ..legion::Scenario::parse("4 white, aim 6, Precise 100", "white defense", None).unwrap()
    };
    c.bench_function("Legion optimal, 4 white, aim 6, Precise 100", |b| {
        b.iter(|| legion::attack::attack(&pool).unwrap())
    });
    let mut group = c.benchmark_group("slow");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(10));
    group.bench_function("refuse a sequence over its merge limit", |b| {
        b.iter(|| sequence(&s).unwrap_err())
    });
    group.finish();
}

criterion_group!(benches, inputs, refusals);
criterion_main!(benches);
