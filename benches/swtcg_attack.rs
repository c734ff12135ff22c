//! Timings of one exact SWTCG attack (`swtcg::attack::attack`), default rules.
//!
//! - `power 200, Accuracy, Armor, Critical Hit, Fury, Parry`: target under 2 ms.
//! - `power 1000, Accuracy, Armor, Critical Hit, Fury, Parry`: target under 100 ms.
//! - `power 1000, ... as text`: the report of that attack rendered as text, without the attack:
//!   target no more than the attack itself.
//! - `power 20, every modelled keyword`: no target; tracks the cost of all keywords at once.
//! - `10 x 10 table`: a table of 100 single attacks (Power 1..10 by Accuracy -4..5): under 50 ms.
//! - `sequence of 10 attacks, power 8 vs health 30`: under 100 ms.
//! - `power 20, dice of damage and second units`: no target; Retaliate, Backfire, Overload, Area
//!   Damage and Overkill at once.
//! - `choice of 3 with Double Strike, optimal for destroy`: a card's "choose one" of three
//!   options, each first option weighed by both attacks (a 2-attack sequence each), X from
//!   damage counters: under 50 ms.
//!
//! Only the attack is timed: the units and rules are built beforehand.

use criterion::{criterion_group, criterion_main, Criterion};
use holodice::render::{Format, Options};
use holodice::report::swtcg::AttackAnswer;
use holodice_engine::swtcg::attack::{attack, run, Scenario};
use holodice_engine::swtcg::sequence::{sequence, Attackers, Sequence};
use holodice_engine::swtcg::{rules::Rules, unit::Unit};
use holodice_engine::table::{compute, Game, TableSpec};
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

fn swtcg_render(c: &mut Criterion) {
    let unit = |role: &str, spec: &str| Unit::parse(role, spec).unwrap();
    let s = Scenario::new(
        unit("attacker", "Power 1000, Accuracy 1, Critical Hit 2, Fury 2"),
        unit("defender", "Health 700, Armor, Parry 1"),
        Rules::default(),
    );
    let a = run(&s).unwrap();
    let text = Format::Text.renderer();
    c.bench_function(
        "power 1000, Accuracy, Armor, Critical Hit, Fury, Parry, as text",
        |b| b.iter(|| text.render(&AttackAnswer::new(black_box(&s), &a), &Options::default())),
    );
}

fn swtcg_second_units(c: &mut Criterion) {
    let unit = |role: &str, spec: &str| Unit::parse(role, spec).unwrap();
    let s = Scenario {
        secondary: Some(unit("secondary", "Health 4, Evade 1")),
        ..Scenario::new(
            unit(
                "attacker",
                "Power 20, Health 6, Overkill, Area Damage 3, Overload 2, Backfire 2, Critical Hit 1",
            ),
            unit("defender", "Health 8, Retaliate 3, Riposte 1, Deflect 1"),
            Rules::default(),
        )
    };
    c.bench_function("power 20, dice of damage and second units", |b| {
        b.iter(|| run(black_box(&s)).unwrap())
    });
}

fn swtcg_sequence(c: &mut Criterion) {
    let s = Sequence {
        attackers: Attackers::Same(Unit::parse("attacker", "Power 8").unwrap(), 10),
        defender: Unit::parse("defender", "Health 30").unwrap(),
        mode: None,
        policy: Default::default(),
        objective: Default::default(),
        rules: Rules::default(),
        until: Default::default(),
    };
    c.bench_function("sequence of 10 attacks, power 8 vs health 30", |b| {
        b.iter(|| sequence(black_box(&s)).unwrap())
    });
}

fn swtcg_table(c: &mut Criterion) {
    let spec = TableSpec {
        game: Game::Swtcg,
        title: None,
        attacker: "Critical Hit 1, Fury 1".into(),
        attacks: vec![],
        defender: "Health 4, Parry 1".into(),
        guardian: None,
        rows: "Power 1..10".into(),
        cols: Some("Accuracy -4..5".into()),
        stat: "destroyed".into(),
        rules: vec![],
        edition: None,
        policy: None,
        objective: None,
    };
    c.bench_function("10 x 10 table", |b| {
        b.iter(|| compute(black_box(&spec)).unwrap())
    });
}

fn swtcg_choice(c: &mut Criterion) {
    let unit = |role: &str, spec: &str| Unit::parse(role, spec).unwrap();
    let mut s = Scenario::new(
        unit(
            "attacker",
            "Power 6, Double Strike, Fury X, X = damage counters, Damage 1, \
             choose: Accuracy 1 / Critical Hit 2 / Fury 3 and Overkill",
        ),
        unit("defender", "Health 9, if damage >= 3: Evade 1"),
        Rules::default(),
    );
    s.policy = holodice_engine::policy::Policy::Optimal;
    s.objective = holodice_engine::policy::Objective::Destroy;
    c.bench_function("choice of 3 with Double Strike, optimal for destroy", |b| {
        b.iter(|| run(black_box(&s)).unwrap())
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(5));
    targets = swtcg_attack, swtcg_render, swtcg_second_units, swtcg_sequence, swtcg_table,
        swtcg_choice
}
criterion_main!(benches);
