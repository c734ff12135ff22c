//! Timings of Legion sequences (`legion::sequence`), against the attacks they are made of.
//!
//! - `two attacks` against `its two single attacks`: a greedy sequence of two everyday pools
//!   (up to 12 dice each, aims, a surge chart) on a 4-mini unit in cover, and the same two
//!   attacks made once each; target: the sequence within 3 times the two single attacks
//!   (issue 38).
//! - `until wiped, 6 minis`: an everyday attack repeated on a 6-mini unit until it is wiped (at
//!   most 30 attacks); target under 50 ms native (issue 38).
//! - `two attacks, optimal for the wipe` against `its two single attacks, optimal for the wipe`
//!   (each alone for its mean wounds: one attack has no wipe to play for): the same
//!   two attacks planned together for the chance to wipe (backward induction over the unit's
//!   states), and each alone under the optimal policy.
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

/// The two attacks as a sequence, and each made alone, under `choices`' policy.
fn two_attacks(c: &mut Criterion, name: &str, choices: &Scenario) {
    c.bench_function(&format!("two attacks{name}"), |b| {
        b.iter(|| {
            let two = black_box(&[FIRST, SECOND]);
            let gained = SuppressionGained::Hits;
            sequence(two, DEFENDER, None, Cards::builtin(), choices, gained).unwrap()
        })
    });
    c.bench_function(&format!("its two single attacks{name}"), |b| {
        b.iter(|| {
            for spec in [FIRST, SECOND] {
                let s = Scenario::parse(black_box(spec), DEFENDER, None).unwrap();
                attack(&Scenario {
                    policy: choices.policy,
                    ..s
                })
                .unwrap();
            }
        })
    });
}

fn benches(c: &mut Criterion) {
    let choices = Scenario::parse("1 red", "white defense", None).unwrap();
    let cards = Cards::builtin();
    two_attacks(c, "", &choices);
    let optimal = Scenario {
        policy: Policy::Optimal,
        objective: Objective::Destroy,
        ..choices.clone()
    };
    two_attacks(c, ", optimal for the wipe", &optimal);
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
