//! Timings of Lucky re-rolls (`swtcg::lucky::roll`) on an attack with Critical Hit 1 (6, final
//! roll), Parry 1 (1, final roll) and Fury 1 (4, initial roll; its die counts), hitting on 4+.
//!
//! - `optimal, power 12, Lucky 2 each`: target under 200 ms.
//! - `greedy, power 12, Lucky 2 each`: no target; the same attack with fixed choices.
//! - `optimal, 13 dice, Lucky 13 each`: the worst pool at the optimal limit before it was
//!   raised, in its slowest order: target under 100 ms.
//! - `... at the limit`: the largest worst pools accepted (`MAX_DICE_OPTIMAL`, `MAX_DICE_GREEDY`),
//!   every face its own class, in each policy's slowest order and with its slowest Lucky (as
//!   large as the pool for optimal, four dice short of it for greedy): under a second and
//!   100 MB, which is what the limits promise.
//! - `greedy, 24 dice, Lucky 24 each`: the greedy worst case at its former limit: target under
//!   100 ms.

use criterion::{criterion_group, criterion_main, Criterion};
use holodice_engine::dice::Faces;
use holodice_engine::policy::Policy;
use holodice_engine::swtcg::lucky::{roll, Pool, Rerolls, MAX_DICE_GREEDY, MAX_DICE_OPTIMAL};
use std::hint::black_box;
use std::time::Duration;

/// Damage counters: hits, one more for a Critical Hit, one fewer for a Parry.
fn damage(hits: i64, seen: Faces) -> f64 {
    (hits + i64::from(seen.contains(6)) - i64::from(seen.contains(1))).max(0) as f64
}

fn bench(c: &mut Criterion, name: &str, pool: &Pool, rerolls: Rerolls) {
    c.bench_function(name, |b| {
        b.iter(|| roll(black_box(pool), &rerolls, &damage).unwrap())
    });
}

fn swtcg_lucky(c: &mut Criterion) {
    let hits = |f: u8| f >= 4;
    let attack = |power| Pool {
        power_dice: power,
        sides: 6,
        hits: &hits,
        tracked: &[1, 4, 6],
        initial: &[4],
        final_faces: &[1, 6],
        extra: &[(4, 1)],
        extra_count_final: true,
    };
    let lucky = |x, policy| Rerolls {
        attacker: x,
        defender: x,
        attacker_first: true,
        reroll_again: false,
        policy,
    };
    for (name, policy) in [("optimal", Policy::Optimal), ("greedy", Policy::Greedy)] {
        bench(
            c,
            &format!("{name}, power 12, Lucky 2 each"),
            &attack(12),
            lucky(2, policy),
        );
    }
    // Backfire, Fury, Focus read initially (3, 4, 5), Parry, Riposte, Critical Hit finally
    // (1, 2, 6); the Fury dice don't count, so they form two more classes.
    let worst = |dice: u32| Pool {
        power_dice: dice - 2,
        sides: 6,
        hits: &hits,
        tracked: &[1, 2, 3, 4, 5, 6],
        initial: &[3, 4, 5],
        final_faces: &[1, 2, 6],
        extra: &[(4, 2)],
        extra_count_final: false,
    };
    // The slowest orders: the optimal search is slowest when the defender goes first and its
    // dice are locked (754 M instructions against 657 M with the attacker first, at 13 dice
    // before the search read rows), the greedy one when the defender goes first and the
    // attacker may re-roll them again.
    for dice in [13, MAX_DICE_OPTIMAL] {
        let name = match dice {
            MAX_DICE_OPTIMAL => "optimal at the limit",
            _ => "optimal",
        };
        bench(
            c,
            &format!("{name}, {dice} dice, Lucky {dice} each"),
            &worst(dice),
            Rerolls {
                attacker_first: false,
                ..lucky(dice, Policy::Optimal)
            },
        );
    }
    // The greedy limit before 256-bit weights, 24 dice with Lucky 24 each: target under 100 ms.
    // At the limit, Lucky a few dice short of the pool is the slowest: the re-rolled dice of the
    // last side can't all be joined by kind.
    for (dice, x) in [(24, 24), (MAX_DICE_GREEDY, MAX_DICE_GREEDY - 4)] {
        let name = match dice {
            MAX_DICE_GREEDY => "greedy at the limit",
            _ => "greedy",
        };
        bench(
            c,
            &format!("{name}, {dice} dice, Lucky {x} each"),
            &worst(dice),
            Rerolls {
                attacker_first: false,
                reroll_again: true,
                ..lucky(x, Policy::Greedy)
            },
        );
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(5));
    targets = swtcg_lucky
}
criterion_main!(benches);
