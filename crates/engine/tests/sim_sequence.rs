//! The simulator of Legion sequences against the exact `legion::sequence`: for scenarios that
//! exercise every item a unit carries from one attack to the next (suppression raising cover
//! and giving Danger Sense its dice, dodge tokens with Nimble and Block, shield tokens, surge
//! tokens, the minis Spray counts, the wound tokens Vaapad Mastery reads, a guardian's wounds,
//! tokens and wipe, attacks until the unit is wiped), every simulated variable must agree with
//! the exact distribution of the same key (`sim.rs`'s checks: means and frequencies within 5
//! standard errors, no impossible outcome, the chi-square test at alpha = 1e-6).

use crate::sim::{same_variables, trials, unnamed};
use holodice_engine::legion::cards::Cards;
use holodice_engine::legion::sequence::{sequence, SuppressionGained};
use holodice_engine::legion::{Edition, Scenario};
use holodice_engine::policy::Policy;
use holodice_engine::sim::{compare, SequenceSimulation};
use holodice_engine::vocabulary::Vocabulary;
use holodice_engine::Error;

const TRIALS: u64 = 20_000;

/// A sequence: its attacks in order, the defender, the guardian, the edition and the reading of
/// when a ranged attack suppresses.
struct Case {
    attacks: &'static [&'static str],
    defender: &'static str,
    guardian: Option<&'static str>,
    edition: Edition,
    gained: SuppressionGained,
}

const fn case(attacks: &'static [&'static str], defender: &'static str) -> Case {
    Case {
        attacks,
        defender,
        guardian: None,
        edition: Edition::Crb20260529,
        gained: SuppressionGained::Hits,
    }
}

fn choices(edition: Edition) -> Scenario {
    Scenario {
        edition,
        ..Scenario::parse("1 red", "white defense", None).unwrap()
    }
}

/// The simulation of `c` against its exact sequence; each disagreement described.
fn problems(c: &Case, seed: u64) -> Vec<String> {
    let choices = choices(c.edition);
    let cards = Cards::builtin();
    let exact = sequence(c.attacks, c.defender, c.guardian, cards, &choices, c.gained).unwrap();
    let sim = SequenceSimulation::new(c.attacks, c.defender, c.guardian, cards, &choices, c.gained)
        .unwrap();
    let name = format!(
        "{:?} on [{}] guarded by {:?}",
        c.attacks, c.defender, c.guardian
    );
    let samples = sim.run(trials(TRIALS), seed).unwrap();
    let variables = compare::legion_sequence(&exact);
    let keys = variables.iter().map(|(k, _)| k.as_str());
    let mut problems = unnamed(&name, Vocabulary::legion(), keys);
    problems.extend(same_variables(&name, samples, variables));
    problems
}

fn agree(cases: &[Case], seed: u64) {
    let found: Vec<String> = (cases.iter().zip(seed..))
        .flat_map(|(c, seed)| problems(c, seed))
        .collect();
    assert!(found.is_empty(), "{}", found.join("\n"));
}

#[test]
fn simulated_suppression_raises_cover_and_gives_danger_sense_its_dice() {
    let ranged = &["2 red", "2 red, Suppressive", "3 black"];
    agree(
        &[
            case(
                ranged,
                "white defense, wounds 1, minis 4, courage 1, cover light",
            ),
            case(
                ranged,
                "red defense, wounds 2, minis 3, courage 2, Danger Sense 2",
            ),
            Case {
                gained: SuppressionGained::Always,
                ..case(
                    &["1 white", "2 red, melee", "1 white"],
                    "white defense, courage 1, cover light",
                )
            },
            Case {
                edition: Edition::Rrg2021,
                ..case(
                    ranged,
                    "white defense, wounds 1, minis 4, courage 2, cover light",
                )
            },
        ],
        7100,
    );
}

#[test]
fn simulated_dodge_shield_and_surge_tokens_carry_as_the_exact_sequence_says() {
    agree(
        &[
            case(
                &["3 red"; 3],
                "red defense, dodge 1, Nimble, wounds 3, minis 2",
            ),
            case(
                &["2 black"; 3],
                "white defense, dodge 2, Block, Outmaneuver, courage none",
            ),
            case(
                &["3 red, Ion 1", "3 red", "2 red, melee"],
                "red defense, Shielded 3, wounds 9",
            ),
            case(
                &["3 black"; 3],
                "white defense, surge tokens 2, wounds 2, minis 3",
            ),
        ],
        7200,
    );
}

#[test]
fn simulated_minis_lost_shrink_spray_and_wound_tokens_feed_vaapad() {
    agree(
        &[
            case(&["1 red, Spray"; 3], "white defense, wounds 1, minis 4"),
            case(
                &["4 red"; 3],
                "white defense, Vaapad Mastery, wounds 4, wounded 1",
            ),
        ],
        7300,
    );
}

#[test]
fn simulated_guardian_carries_its_wounds_and_tokens_until_it_is_wiped() {
    let attacks = &["4 red", "3 red, melee", "4 red", "4 red"];
    agree(
        &[
            Case {
                guardian: Some("Guardian 2, white defense, wounds 1, minis 2"),
                ..case(attacks, "red defense, wounds 1, minis 3")
            },
            Case {
                guardian: Some("Guardian 3, red defense, Soresu Mastery, dodge 1, surge tokens 1"),
                ..case(&["4 red, Pierce 1"; 3], "white defense, wounds 2, minis 2")
            },
        ],
        7400,
    );
}

#[test]
fn simulated_attacks_until_wiped_need_as_many_attacks_as_the_exact_distribution() {
    agree(
        &[case(
            &["2 red"; 6],
            "white defense, wounds 1, minis 3, cover light",
        )],
        7500,
    );
}

#[test]
fn a_simulated_sequence_depends_on_its_seed_and_not_on_its_workers() {
    let choices = choices(Edition::Crb20260529);
    let attacks = &["3 red", "2 red, Suppressive"];
    let defender = "white defense, dodge 1, Nimble, wounds 1, minis 3";
    let guardian = Some("Guardian 1, white defense");
    let gained = SuppressionGained::Hits;
    let sim = SequenceSimulation::new(
        attacks,
        defender,
        guardian,
        Cards::builtin(),
        &choices,
        gained,
    )
    .unwrap();
    let trials = holodice_engine::sim::CHUNK + 77;
    let one = sim.run_with(trials, 3, 1).unwrap();
    assert_eq!(one, sim.run_with(trials, 3, 4).unwrap());
    assert_eq!(one, sim.run(trials, 3).unwrap());
    assert_ne!(one, sim.run(trials, 4).unwrap());
}

#[test]
fn the_simulator_of_sequences_refuses_the_optimal_policy_and_a_guardian_of_melee_attacks() {
    let cards = Cards::builtin();
    let optimal = Scenario {
        policy: Policy::Optimal,
        ..choices(Edition::Crb20260529)
    };
    let gained = SuppressionGained::Hits;
    let one = &["2 red"];
    let e = SequenceSimulation::new(one, "white defense", None, cards, &optimal, gained).err();
    assert!(matches!(e, Some(Error::Input(_))), "{e:?}");
    assert!(e.unwrap().to_string().contains("plays greedy"));
    let choices = choices(Edition::Crb20260529);
    let melee = &["2 red, melee"];
    let guardian = Some("Guardian 1, white defense");
    let e =
        SequenceSimulation::new(melee, "white defense", guardian, cards, &choices, gained).err();
    assert!(matches!(e, Some(Error::Illegal(_))), "{e:?}");
    let e = SequenceSimulation::new(&[], "white defense", None, cards, &choices, gained).err();
    assert!(matches!(e, Some(Error::TooLarge(_))), "{e:?}");
}
