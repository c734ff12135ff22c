//! Closed forms the attack must reproduce exactly, at pool sizes no brute force can reach.

use crate::support::q;
use holodice_engine::swtcg::{attack::attack, rules::Rules, unit::Unit};
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Pow};

fn run(attacker: &str, defender: &str) -> holodice_engine::swtcg::attack::Attack {
    attack(
        &Unit::parse("attacker", attacker).unwrap(),
        &Unit::parse("defender", defender).unwrap(),
        &Rules::default(),
    )
    .unwrap()
}

/// (5/6)^n: the chance that n dice show no given face.
fn none_of_a_face(n: u32) -> BigRational {
    Pow::pow(q(5, 6), n)
}

#[test]
fn expected_hits_are_power_times_hitting_faces_over_six() {
    for power in [0, 1, 7, 40] {
        for accuracy in -4..=4 {
            for armor in [false, true] {
                let hit_on = if armor { 5 } else { 4 };
                let faces = (1..=6).filter(|f| f + accuracy >= hit_on).count() as i64;
                let a = run(
                    &format!("Power {power}, Accuracy {accuracy}"),
                    if armor { "Armor" } else { "" },
                );
                assert_eq!(
                    a.hits.mean(),
                    q(power * faces, 6),
                    "{power} {accuracy} {armor}"
                );
                // Hits are binomial: variance n·p·(1−p).
                assert_eq!(a.hits.variance(), q(power * faces * (6 - faces), 36));
            }
        }
    }
}

#[test]
fn critical_hit_fires_with_one_minus_five_sixths_to_the_n() {
    for n in [1u32, 10, 100, 500] {
        let a = run(&format!("Power {n}, Critical Hit 3"), "");
        let p = BigRational::one() - none_of_a_face(n);
        assert_eq!(a.triggers, vec![("Critical Hit".to_string(), p.clone())]);
        // E[damage] = n/2 + 3·P(at least one six).
        assert_eq!(a.damage.mean(), q(i64::from(n), 2) + q(3, 1) * p);
    }
}

#[test]
fn fury_adds_its_dice_with_the_chance_of_a_natural_four() {
    // E[hits] = n·h/6 + F·h/6·(1 − (5/6)^n), h = 3 faces hitting on 4+.
    let n = 300;
    let a = run(&format!("Power {n}, Fury 3"), "");
    let fury = BigRational::one() - none_of_a_face(n);
    assert_eq!(a.hits.mean(), q(i64::from(n), 2) + q(3, 2) * fury.clone());
    assert_eq!(a.triggers, vec![("Fury".to_string(), fury)]);
    assert_eq!(a.hits.max(), i64::from(n) + 3);
}

#[test]
fn large_pools_hit_with_binomial_probabilities() {
    // 200 dice hitting on 4+: P(hits = k) = C(200, k) / 2^200, from factorials.
    let n = 200u32;
    let a = run(&format!("Power {n}"), "");
    let fact = |k: u32| (1..=k).fold(BigInt::one(), |f, i| f * BigInt::from(i));
    for k in [0u32, 1, 57, 100, 199, 200] {
        let c = fact(n) / (fact(k) * fact(n - k));
        let want = BigRational::new(c, BigInt::from(2).pow(n));
        assert_eq!(a.hits.prob(i64::from(k)), want, "k = {k}");
    }
    let total: BigRational = a.hits.pmf().into_iter().map(|(_, p)| p).sum();
    assert!(total.is_integer() && total == BigRational::one());
}

#[test]
fn shields_remove_dice_and_power_never_goes_below_zero() {
    let a = run("Power 2, Fury 1", "Shields 3");
    assert_eq!(a.dice, 0);
    assert_eq!(a.hits.max(), 0);
    assert_eq!(a.triggers, vec![("Fury".to_string(), q(0, 1))]);
}

#[test]
fn focus_and_parry_read_one_natural_face_each() {
    let n = 50u32;
    let a = run(&format!("Power {n}, Focus 2"), "Parry 1");
    let once = BigRational::one() - none_of_a_face(n);
    assert_eq!(a.focus_power.unwrap().mean(), q(2, 1) * once.clone());
    assert_eq!(
        a.triggers,
        vec![
            ("Focus".to_string(), once.clone()),
            ("Parry".to_string(), once)
        ]
    );
}
