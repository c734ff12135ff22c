//! Exactness on both sides of the switch from `u128` weights to big integers (src/states.rs):
//! `n` red dice with surge hit against white defense wound independently, each with probability
//! 7/8 · 5/6 = 35/48, so the wounds are binomial over 48^n. That denominator fits `u128` up to
//! 22 dice and not from 23; both sides are checked against the closed form.

use holodice::legion::attack::{attack, Edition, Policy};
use holodice::legion::spec::Scenario;
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
    let a = attack(&s, Edition::Amg2024, Policy::Greedy).unwrap();
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
