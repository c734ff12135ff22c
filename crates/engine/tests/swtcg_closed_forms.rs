//! Closed forms the attack must reproduce exactly, at pool sizes no brute force can reach.

use crate::support::q;
use holodice_engine::swtcg::{
    attack::{attack, Attack},
    rules::Rules,
    unit::Unit,
};
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

/// P(k hits of n dice) for dice hitting independently with `p`: C(n, k) p^k (1 − p)^(n − k).
fn binomial(n: u32, p: &BigRational) -> Vec<(i64, BigRational)> {
    let fact = |k: u32| (1..=k).fold(BigInt::one(), |f, i| f * BigInt::from(i));
    let miss = BigRational::one() - p;
    (0..=n)
        .map(|k| {
            let c = BigRational::from_integer(fact(n) / (fact(k) * fact(n - k)));
            (i64::from(k), c * Pow::pow(p, k) * Pow::pow(&miss, n - k))
        })
        .filter(|(_, pk)| *pk != BigRational::from_integer(0.into()))
        .collect()
}

fn run_with(attacker: &str, defender: &str, readings: &[&str]) -> Attack {
    let mut rules = Rules::default();
    for r in readings {
        rules.set(r).unwrap();
    }
    attack(
        &Unit::parse("attacker", attacker).unwrap(),
        &Unit::parse("defender", defender).unwrap(),
        &rules,
    )
    .unwrap()
}

#[test]
fn reroll_makes_every_die_hit_with_its_own_closed_form() {
    // Reroll re-rolls any number of dice: the attacker every miss, the defender every hit, so
    // the dice stay independent. On 4+: the attacker's 1/2 + 1/2 · 1/2 = 3/4; the defender's
    // 1/2 · 1/2 = 1/4; both, the attacker first, 3/4 · 1/2 = 3/8; the defender first,
    // 1/4 + 3/4 · 1/2 = 5/8; each die re-rolled once at most (reroll-twice=no), the defender
    // re-rolls only the first roll's hits: 1/2 · 1/2 + 1/2 · 1/2 = 1/2. Against Armor (5+) the
    // attacker's 1/3 + 2/3 · 1/3 = 5/9.
    for n in [1u32, 7, 40] {
        let power = format!("Power {n}");
        let reroll = format!("Power {n}, Reroll");
        let cases: [(&str, &str, &[&str], BigRational); 6] = [
            (&reroll, "", &[], q(3, 4)),
            (&power, "Reroll", &[], q(1, 4)),
            (&reroll, "Reroll", &[], q(3, 8)),
            (&reroll, "Reroll", &["lucky-first=defender"], q(5, 8)),
            (&reroll, "Reroll", &["reroll-twice=no"], q(1, 2)),
            (&reroll, "Armor", &[], q(5, 9)),
        ];
        for (a, d, readings, p) in cases {
            let got = run_with(a, d, readings);
            assert_eq!(got.hits.pmf(), binomial(n, &p), "{a} vs {d} {readings:?}");
        }
        // Each side is listed with every die to re-roll.
        assert_eq!(
            run_with(&reroll, "Lucky 1", &[]).lucky,
            Some((i64::from(n), 1))
        );
    }
}

#[test]
fn optimal_reroll_for_destroy_rerolls_every_miss() {
    // A miss re-rolled can only gain, so the optimum re-rolls them all: P(destroy Health h) is
    // P(Bin(n, 3/4) ≥ h).
    use holodice_engine::policy::{Objective, Policy};
    use holodice_engine::swtcg::attack::{run, Scenario};
    let (n, h) = (20u32, 15i64);
    let s = Scenario {
        policy: Policy::Optimal,
        objective: Objective::Destroy,
        ..Scenario::new(
            Unit::parse("attacker", &format!("Power {n}, Reroll")).unwrap(),
            Unit::parse("defender", &format!("Health {h}")).unwrap(),
            Rules::default(),
        )
    };
    let want: BigRational = binomial(n, &q(3, 4))
        .into_iter()
        .filter(|(k, _)| *k >= h)
        .map(|(_, p)| p)
        .sum();
    assert_eq!(run(&s).unwrap().destroyed, Some(want));
}
