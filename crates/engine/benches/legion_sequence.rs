//! Timings of Legion sequences (`legion::sequence`), against the attacks they are made of.
//!
//! - `two attacks` against `its two single attacks`: a greedy sequence of two everyday pools
//!   (up to 12 dice each, aims, a surge chart) on a 4-mini unit in cover, and the same two
//!   attacks made once each; target: the sequence within 3 times the two single attacks
//!   (issue 38).
//! - `until wiped, 6 minis`: an everyday attack repeated on a 6-mini unit until it is wiped (at
//!   most 30 attacks); target under 50 ms native (issue 38).
//! - `two attacks, optimal for the wipe` against `its two single attacks, optimal`: the same
//!   two attacks planned together for the chance to wipe (backward induction over the unit's
//!   states), and each alone under the optimal policy for its mean.
//!
//! Each run parses its SPECs, as a query does.

use criterion::{criterion_group, criterion_main, Criterion};
use holodice_engine::legion::attack::attack;
use holodice_engine::legion::cards::Cards;
use holodice_engine::legion::sequence::{sequence, until_wiped, SuppressionGained};
use holodice_engine::legion::Scenario;
use holodice_engine::policy::{Objective, Policy};
use std::hint::black_box;
use std::time::Duration;

const DEFENDER: &str = "white defense, surge block, cover light, courage 1, wounds 1, minis 4";
const FIRST: &str = "6 red, 4 black, 2 white, surge hit, aim 1";
const SECOND: &str = "4 black, 6 white, surge crit, aim 2";

fn benches(c: &mut Criterion) {
    let choices = Scenario::parse("1 red", "white defense", None).unwrap();
    let cards = Cards::builtin();
    c.bench_function("two attacks", |b| {
        b.iter(|| {
            sequence(
                black_box(&[FIRST, SECOND]),
                DEFENDER,
                None,
                cards,
                &choices,
                SuppressionGained::Hits,
            )
            .unwrap()
        })
    });
    c.bench_function("its two single attacks", |b| {
        b.iter(|| {
            for spec in [FIRST, SECOND] {
                let s = Scenario::parse(black_box(spec), DEFENDER, None).unwrap();
                attack(&s).unwrap();
            }
        })
    });
    let optimal = Scenario {
        policy: Policy::Optimal,
        objective: Objective::Destroy,
        ..choices.clone()
    };
    c.bench_function("two attacks, optimal for the wipe", |b| {
        b.iter(|| {
            sequence(
                black_box(&[FIRST, SECOND]),
                DEFENDER,
                None,
                cards,
                &optimal,
                SuppressionGained::Hits,
            )
            .unwrap()
        })
    });
    c.bench_function("its two single attacks, optimal", |b| {
        b.iter(|| {
            for spec in [FIRST, SECOND] {
                let s = Scenario::parse(black_box(spec), DEFENDER, None).unwrap();
                attack(&Scenario {
                    policy: Policy::Optimal,
                    ..s
                })
                .unwrap();
            }
        })
    });
    c.bench_function("until wiped, 6 minis", |b| {
        b.iter(|| {
            until_wiped(
                black_box("@Stormtroopers, +@DLT-19 Stormtrooper, range 3, aim 1"),
                "@Rebel Troopers, minis 6, cover light",
                None,
                cards,
                &choices,
                SuppressionGained::Hits,
                30,
            )
            .unwrap()
        })
    });
}

criterion_group! {
    name = sequences;
    config = Criterion::default().measurement_time(Duration::from_secs(4)).sample_size(20);
    targets = benches
}
criterion_main!(sequences);
