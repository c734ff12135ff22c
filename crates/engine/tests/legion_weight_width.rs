//! Exactness on both sides of each switch of weights (src/states.rs), from `u128` to 256 bits
//! and from 256 bits to big integers: `n` red dice with surge hit against white defense wound
//! independently, each with probability 7/8 · 5/6 = 35/48, so the wounds are binomial over 48^n.
//! That denominator fits `u128` up to 22 dice and not from 23; both sides are checked against
//! the closed form. Rerolled dice against white defense pass 256 bits within the dice allowed:
//! their wounds are checked against an independent recursion over the blanks. The greedy
//! rerolls and the optimal play choose their weights up front from a bound on their
//! denominators, checked on both sides against the same recursion.

use crate::support::{optimal, under, Play, GREEDY};
use holodice_engine::legion::attack::attack;
use holodice_engine::legion::Edition;
use holodice_engine::legion::Scenario;
use holodice_engine::policy::Objective;
use num_bigint::{BigInt, BigUint};
use num_rational::BigRational;

/// C(n, k) 35^k 13^(n - k) / 48^n.
fn binomial(n: u32, k: u32) -> BigRational {
    let choose = (0..k).fold(BigUint::from(1u32), |c, i| c * (n - i) / (i + 1));
    let w = choose * BigUint::from(35u32).pow(k) * BigUint::from(13u32).pow(n - k);
    BigRational::new(BigInt::from(w), BigInt::from(BigUint::from(48u32).pow(n)))
}

fn assert_binomial_wounds(n: u32) {
    let s = Scenario::parse(&format!("{n} red, surge hit"), "white defense", None).unwrap();
    let a = attack(&under(&s, Edition::Crb20260529, GREEDY)).unwrap();
    for k in 0..=n {
        assert_eq!(
            a.wounds.prob(i64::from(k)),
            binomial(n, k),
            "{n} dice, {k} wounds"
        );
    }
}

#[test]
fn wounds_are_exact_where_the_denominator_just_fits_u128() {
    assert!(BigUint::from(48u32).pow(22).bits() <= 128);
    assert_binomial_wounds(22);
}

#[test]
fn wounds_are_exact_where_the_denominator_just_passes_u128() {
    assert!(BigUint::from(48u32).pow(23).bits() > 128);
    assert_binomial_wounds(23);
}

/// P(blanks = b) after `n` red dice with surge crit (a blank is 1 face of 8, every other face a
/// result) and greedy rerolls: each token picks up min(blanks, capacity) blanks and rolls them.
fn rerolled_blanks(n: u32, capacities: &[u32]) -> Vec<BigRational> {
    let q = |a: i64, b: i64| BigRational::new(a.into(), b.into());
    let roll =
        |m: u32| -> Vec<BigRational> { (0..=m).map(|k| binomial_with(m, k, 1, 7, 8)).collect() };
    let mut blanks = roll(n);
    for &cap in capacities {
        let mut next = vec![q(0, 1); n as usize + 1];
        for (b, p) in blanks.iter().enumerate() {
            let m = (b as u32).min(cap);
            for (k, r) in roll(m).into_iter().enumerate() {
                next[b - m as usize + k] += p * r;
            }
        }
        blanks = next;
    }
    blanks
}

/// C(m, k) x^k y^(m - k) / side^m.
fn binomial_with(m: u32, k: u32, x: u32, y: u32, side: u32) -> BigRational {
    let choose = (0..k).fold(BigUint::from(1u32), |c, i| c * (m - i) / (i + 1));
    let w = choose * BigUint::from(x).pow(k) * BigUint::from(y).pow(m - k);
    BigRational::new(BigInt::from(w), BigInt::from(BigUint::from(side).pow(m)))
}

/// Optimal play rerolls every blank it can, as greedy does: a blank is never worth keeping, and
/// against white defense without cover a hit is worth a crit.
fn assert_rerolled_results(n: u32, precise: u32, aims: u32, observations: u32, policy: Play) {
    let spec =
        format!("{n} red, surge crit, aim {aims}, Precise {precise}, observation {observations}");
    let s = Scenario::parse(&spec, "white defense", None).unwrap();
    let a = attack(&under(&s, Edition::Crb20260529, policy)).unwrap();
    let mut capacities = vec![2 + precise; aims as usize];
    capacities.extend(std::iter::repeat_n(1, observations as usize));
    for (b, p) in rerolled_blanks(n, &capacities).iter().enumerate() {
        let results = i64::from(n) - b as i64;
        assert_eq!(
            &a.attack_results.prob(results),
            p,
            "{spec}: {results} results"
        );
    }
}

/// The wounds after `n` red dice with surge crit and greedy rerolls against white defense: each
/// result wounds unless its defense die blocks (1 face of 6), and the weights are on the given
/// side of 256 bits (their denominator 8^(dice + the tokens' capacities) · 7^dice · 6^dice).
fn assert_rerolled_wounds(n: u32, precise: u32, aims: u32, observations: u32, wide: bool) {
    let spec =
        format!("{n} red, surge crit, aim {aims}, Precise {precise}, observation {observations}");
    let s = Scenario::parse(&spec, "white defense", None).unwrap();
    let a = attack(&under(&s, Edition::Crb20260529, GREEDY)).unwrap();
    assert_eq!(a.wounds.denominator().bits() <= 256, wide, "{spec}");
    let mut capacities = vec![2 + precise; aims as usize];
    capacities.extend(std::iter::repeat_n(1, observations as usize));
    let mut wounds = vec![BigRational::from_integer(0.into()); n as usize + 1];
    for (b, p) in rerolled_blanks(n, &capacities).iter().enumerate() {
        let results = n - b as u32;
        for (w, sum) in wounds.iter_mut().enumerate().take(results as usize + 1) {
            *sum += p * binomial_with(results, w as u32, 5, 1, 6);
        }
    }
    for (w, p) in wounds.iter().enumerate() {
        assert_eq!(&a.wounds.prob(w as i64), p, "{spec}: {w} wounds");
    }
}

#[test]
fn wounds_are_exact_where_the_denominator_just_fits_256_bits() {
    // 26 dice + 4 aims of capacity 3: 8^38 · 42^26 < 2^255.
    let bound = BigUint::from(8u32).pow(38) * BigUint::from(42u32).pow(26);
    assert!(bound.bits() <= 255);
    assert_rerolled_wounds(26, 1, 4, 0, true);
}

#[test]
fn wounds_are_exact_where_the_denominator_just_passes_256_bits() {
    // 26 dice + 4 aims of capacity 3 + 1 observation token: 8^39 · 42^26 > 2^257.
    let bound = BigUint::from(8u32).pow(39) * BigUint::from(42u32).pow(26);
    assert!(bound.bits() > 257);
    assert_rerolled_wounds(26, 1, 4, 1, false);
}

// Greedy rerolls are in `u128` when 8^(dice + the tokens' capacities) · 7^dice fits (a red die
// with surge crit splits its kept dice 2 crits : 5 hits); when only 8^(dice + the tokens'
// capacities) does, the table of the rerolls stays in `u128` and the split of the kept dice is
// summed in 256 bits; big integers beyond. The optimal play is in `u128` when 8^(dice + the
// tokens' capacities) fits.

#[test]
fn greedy_rerolls_are_exact_where_their_bound_just_fits_u128() {
    // 16 dice + 3 aims of capacity 3 + 2 observation tokens: 8^27 · 7^16 < 2^126.
    assert!(BigUint::from(8u32).pow(27) * BigUint::from(7u32).pow(16) < BigUint::from(1u32) << 128);
    assert_rerolled_results(16, 1, 3, 2, GREEDY);
}

#[test]
fn greedy_rerolls_are_exact_where_their_bound_just_passes_u128() {
    // 16 dice + 3 aims of capacity 3 + 3 observation tokens: 8^28 · 7^16 > 2^128.
    assert!(BigUint::from(8u32).pow(28) * BigUint::from(7u32).pow(16) > BigUint::from(1u32) << 128);
    assert_rerolled_results(16, 1, 3, 3, GREEDY);
}

#[test]
fn greedy_rerolls_are_exact_where_their_table_just_fits_u128() {
    // 30 dice + 4 aims of capacity 3: 8^42 = 2^126, the split in 256 bits.
    assert_rerolled_results(30, 1, 4, 0, GREEDY);
}

#[test]
fn greedy_rerolls_are_exact_where_their_table_just_passes_u128() {
    // 30 dice + 4 aims of capacity 3 + 1 observation token: 8^43 = 2^129.
    assert_rerolled_results(30, 1, 4, 1, GREEDY);
}

#[test]
fn optimal_play_is_exact_where_its_bound_just_fits_u128() {
    // 28 dice + 4 aims of capacity 3 + 2 observation tokens: 8^42 = 2^126.
    assert_rerolled_results(28, 1, 4, 2, optimal(Objective::Mean));
}

#[test]
fn optimal_play_is_exact_where_its_bound_just_passes_u128() {
    // 29 dice + 4 aims of capacity 3 + 2 observation tokens: 8^43 = 2^129.
    assert_rerolled_results(29, 1, 4, 2, optimal(Objective::Mean));
}
