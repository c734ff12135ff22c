//! Timings of one exact SWTCG attack (`swtcg::attack::attack`), default rules.
//!
//! - `power 200, Accuracy, Armor, Critical Hit, Fury, Parry`: target under 2 ms.
//! - `power 1000, Accuracy, Armor, Critical Hit, Fury, Parry`: target under 100 ms.
//! - `power 20, every modelled keyword`: no target; tracks the cost of all keywords at once.
//!
//! Only the attack is timed: the units and rules are built beforehand.

use criterion::{criterion_group, criterion_main, Criterion};
use holodice::swtcg::{attack::attack, rules::Rules, spec::Unit};
use std::hint::black_box;
use std::time::Duration;

fn bench_attack(c: &mut Criterion, name: &str, attacker: &str, defender: &str) {
    let attacker = Unit::parse("attacker", attacker).unwrap();
    let defender = Unit::parse("defender", defender).unwrap();
    let rules = Rules::default();
    c.bench_function(name, |b| {
        b.iter(|| attack(black_box(&attacker), black_box(&defender), &rules).unwrap())
    });
}

fn swtcg_attack(c: &mut Criterion) {
    bench_attack(
        c,
        "power 200, Accuracy, Armor, Critical Hit, Fury, Parry",
        "Power 200, Accuracy 1, Critical Hit 2, Fury 2",
        "Health 150, Armor, Parry 1",
    );
    bench_attack(
        c,
        "power 1000, Accuracy, Armor, Critical Hit, Fury, Parry",
        "Power 1000, Accuracy 1, Critical Hit 2, Fury 2",
        "Health 700, Armor, Parry 1",
    );
    bench_attack(
        c,
        "power 20, every modelled keyword",
        "Power 20, Accuracy 1, Critical Hit 2, Fury 2, Focus 1, Foresight, Double Damage",
        "Health 12, Armor, Shields 1, Parry 1, Riposte 1, Evade 1, Absorb 1",
    );
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(5));
    targets = swtcg_attack
}
criterion_main!(benches);
