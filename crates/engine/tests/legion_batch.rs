//! Many attacks as one batch (`attack_many`) against the same attacks made one by one
//! (`attack`, which the oracles test): every built-in unit card as the defender, and random
//! keyword mixes; and the profile that decides which attacks a batch makes once.

use crate::legion_oracle::cases;
use crate::support::{optimal, under, Play, GREEDY};
use holodice_engine::legion::attack::LegionAttack;
use holodice_engine::legion::attack::{attack, attack_many, cost, cost_many, profile};
use holodice_engine::legion::cards::{Cards, Kind};
use holodice_engine::legion::units::{AttackSurge, DefenseDie, UnitType};
use holodice_engine::legion::{Edition, Scenario};
use holodice_engine::policy::Objective;
use holodice_engine::Error;
use proptest::prelude::*;
use proptest::test_runner::FailurePersistence;

/// Everything a caller reads of an attack, for comparing two ways of making it.
fn reported(a: &Result<LegionAttack, Error>) -> String {
    let Ok(a) = a else {
        return format!("{a:?}");
    };
    let losses = |l: &Option<holodice_engine::legion::minis::Losses>| {
        l.as_ref()
            .map(|l| (l.minis_defeated.pmf(), l.wiped.clone()))
    };
    format!(
        "{:?}",
        (
            a.attack_results.pmf(),
            a.wounds.pmf(),
            a.attacker_wounds.pmf(),
            a.guardian_wounds.as_ref().map(|w| w.pmf()),
            losses(&a.losses),
            losses(&a.guardian_losses),
            &a.notes,
        )
    )
}

/// `attack_many` of the batch equals `attack` of each scenario.
fn each_as_alone(batch: &[Scenario]) -> Result<(), TestCaseError> {
    let made = attack_many(batch);
    prop_assert_eq!(made.len(), batch.len());
    for (s, m) in batch.iter().zip(&made) {
        prop_assert_eq!(reported(m), reported(&attack(s)), "{:?}", s);
    }
    Ok(())
}

/// `attacker` against every unit card (each with `extra` items, and `guardian` beside it).
fn against_every_unit(attacker: &str, extra: &str, guardian: Option<&str>, play: Play) {
    let cards = Cards::builtin();
    let units: Vec<_> = (cards.all().iter())
        .filter(|c| c.kind == Kind::Unit)
        .collect();
    assert_eq!(units.len(), 178, "the built-in unit cards");
    let batch: Vec<Scenario> = (units.iter())
        .map(|c| {
            let defender = format!("@{}{extra}", cards.spec_name(c));
            let s = Scenario::parse_with(attacker, &defender, guardian, cards);
            under(&s.unwrap(), Edition::default(), play)
        })
        .collect();
    each_as_alone(&batch).unwrap();
}

#[test]
fn a_greedy_ranged_batch_equals_its_attacks_against_every_unit_card() {
    let attacker = "3 black, 2 red, 3 white, surge hit, aim 2, Precise 1, Critical 1, Lethal 1";
    against_every_unit(attacker, "", None, GREEDY);
}

#[test]
fn a_greedy_melee_batch_with_jedi_hunter_equals_its_attacks_against_every_unit_card() {
    // Jedi Hunter changes the declared attacker against Force users; Immune: Melee refuses.
    let attacker = "2 red, 2 white, melee, Jedi Hunter, aim 1, Pierce 1, Makashi Mastery";
    against_every_unit(attacker, ", dodge 1", None, GREEDY);
}

#[test]
fn a_greedy_batch_with_a_guardian_equals_its_attacks_against_every_unit_card() {
    let guardian = Some("Guardian 2, red defense, surge block, Deflect, wounds 3, minis 1");
    against_every_unit("4 red, 2 black, aim 1, Critical 1", "", guardian, GREEDY);
}

#[test]
fn an_optimal_ranged_batch_equals_its_attacks_against_every_unit_card() {
    let attacker = "2 red, 2 black, 1 white, surge hit, aim 1, Critical 1, Impact 1";
    against_every_unit(attacker, ", dodge 1", None, optimal(Objective::Mean));
}

#[test]
fn an_optimal_melee_batch_equals_its_attacks_against_every_unit_card() {
    let attacker = "3 red, melee, aim 1, Pierce 1, Makashi Mastery, Jedi Hunter";
    against_every_unit(attacker, "", None, optimal(Objective::AtLeast(2)));
}

#[test]
fn the_batch_estimate_counts_shared_rerolls_once() {
    let s = |d: &str| Scenario::parse("6 red, 6 white, aim 2, Precise 1", d, None).unwrap();
    let (white, red) = (s("white defense"), s("red defense, wounds 2, minis 3"));
    assert_eq!(
        cost_many(std::slice::from_ref(&white)).unwrap(),
        cost(&white).unwrap()
    );
    let both = cost_many(&[white.clone(), red.clone(), red.clone()]).unwrap();
    assert!(both < cost(&white).unwrap() + cost(&red).unwrap(), "{both}");
    assert!(both > cost(&white).unwrap(), "{both}");
}

fn parsed(attacker: &str, defender: &str) -> Scenario {
    Scenario::parse(attacker, defender, Some("Guardian 1, white defense")).unwrap()
}

#[test]
fn what_only_the_report_reads_is_set_aside_from_the_profile() {
    let mut a = parsed("4 red, aim 1", "red defense, wounds 1, minis 4");
    let mut b = parsed("4 red, aim 1", "red defense, wounds 2, minis 3");
    b.defender.unit_type = Some(UnitType::Vehicle);
    b.defender.immune_range_1 = true;
    b.guardian.as_mut().unwrap().wounds = Some(5);
    b.guardian.as_mut().unwrap().minis = Some(2);
    a.notes.push("a note".into());
    b.provenance = Scenario::parse_with("@Stormtroopers", "red defense", None, Cards::builtin())
        .unwrap()
        .provenance;
    assert_eq!(profile(&a), profile(&b));
    let (one, other) = (attack(&a).unwrap(), attack(&b).unwrap());
    for (x, y) in [
        (&one.wounds, &other.wounds),
        (&one.attack_results, &other.attack_results),
    ] {
        assert_eq!(x.pmf(), y.pmf());
    }
    let wounds = |x: &LegionAttack| x.guardian_wounds.as_ref().unwrap().pmf();
    assert_eq!(wounds(&one), wounds(&other));
}

#[test]
fn what_changes_the_attack_stays_in_the_profile() {
    let s = parsed("4 red, aim 1", "red defense, suppression 1, courage 1");
    type Change = fn(&mut Scenario);
    let changes: [(&str, Change); 9] = [
        ("courage", |s| s.defender.courage = Some(2)),
        ("surge block", |s| s.defender.surge_block = true),
        ("dodge", |s| s.defender.dodge = 1),
        ("die", |s| s.defender.die = Some(DefenseDie::White)),
        ("wound tokens", |s| s.defender.wounded = 1),
        ("guardian's dodge", |s| {
            s.guardian.as_mut().unwrap().dodge = 1
        }),
        ("attacker's surge", |s| s.attacker.surge = AttackSurge::Crit),
        ("edition", |s| s.edition = Edition::Rrg2021),
        ("policy", |s| {
            s.policy = holodice_engine::policy::Policy::Optimal
        }),
    ];
    for (name, change) in changes {
        let mut t = s.clone();
        change(&mut t);
        assert_ne!(profile(&s), profile(&t), "{name} was set aside");
    }
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: std::env::var("PROPTEST_CASES")
            .ok()
            .and_then(|n| n.parse().ok())
            .unwrap_or(40),
        failure_persistence: None::<Box<dyn FailurePersistence>>,
        ..ProptestConfig::default()
    })]

    /// Every attacker of the cases against every defender (and guardian) of the cases, so that
    /// attackers meet several profiles and profiles several attackers.
    #[test]
    fn a_batch_of_random_keyword_mixes_equals_its_attacks(
        cs in prop::collection::vec(cases(), 1..=3),
        optimal_policy in prop::bool::weighted(0.3),
    ) {
        let play = match optimal_policy {
            true => optimal(Objective::Mean),
            false => GREEDY,
        };
        let specs: Vec<_> = cs.iter().map(|c| (c.specs(), c.edition())).collect();
        let batch: Vec<Scenario> = (specs.iter())
            .flat_map(|((a, _, _), edition)| specs.iter().map(move |((_, d, g), _)| (a, d, g, *edition)))
            .filter_map(|(a, d, g, edition)| {
                let s = Scenario::parse(a, d, g.as_deref()).ok()?;
                Some(under(&s, edition, play))
            })
            .collect();
        each_as_alone(&batch)?;
    }
}
