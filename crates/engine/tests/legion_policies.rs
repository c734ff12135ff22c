//! The optimal policy against the greedy one: never worse, equal where no choice matters, and
//! right on hand-derived cases.

use crate::support::q;
use crate::support::{optimal, under, worded, Play, GREEDY};
use holodice_engine::legion::attack::{attack, LegionAttack};
use holodice_engine::legion::optimal::Goal;
use holodice_engine::legion::Edition;
use holodice_engine::legion::Scenario;
use holodice_engine::policy::Objective;
use proptest::prelude::*;

fn run(attacker: &str, defender: &str, guardian: Option<&str>, policy: Play) -> LegionAttack {
    let s = Scenario::parse(attacker, defender, guardian).unwrap();
    attack(&under(&s, Edition::Crb20260529, policy)).unwrap()
}

#[test]
fn optimal_rerolls_hits_for_crits_against_armor() {
    // One red die, one aim; Armor cancels hits and Pierce 99 every block, so only a crit wounds.
    // Greedy rerolls only a blank or an unconvertible surge: 1/8 + 2/8 · 1/8 = 10/64.
    // Optimal rerolls anything but a crit: 1/8 + 7/8 · 1/8 = 15/64.
    let (a, d) = ("1 red, aim 1, Pierce 99", "red defense, Armor");
    assert_eq!(run(a, d, None, GREEDY).wounds.mean(), q(10, 64));
    let best = run(a, d, None, optimal(Objective::Mean));
    assert_eq!(best.wounds.mean(), q(15, 64));
}

#[test]
fn decisions_pick_surges_that_will_not_convert_from_the_dice_on_the_table() {
    use holodice_engine::legion::attack::OptimalPolicy;
    // Two red surges, Critical 1: one becomes a crit, the other is as good as a blank. The
    // planner counts it as one, but the decision names the dice on the table: one surge.
    let s = Scenario::parse("2 red, aim 1, Critical 1", "white defense", None).unwrap();
    let p = OptimalPolicy::new(&s, Goal::Mean);
    let choice = p.reroll(0, [[0, 2, 0, 0], [0; 4], [0; 4]], 1);
    assert_eq!(choice, Some([[0, 1, 0], [0; 3], [0; 3]]));
    // With a blank beside them, the aim picks up the blank and the surge that won't convert.
    let s = Scenario::parse("3 red, aim 1, Critical 1", "white defense", None).unwrap();
    let p = OptimalPolicy::new(&s, Goal::Mean);
    let choice = p.reroll(0, [[1, 2, 0, 0], [0; 4], [0; 4]], 1);
    assert_eq!(choice, Some([[1, 1, 0], [0; 3], [0; 3]]));
}

#[test]
fn precise_beyond_the_pool_changes_nothing_and_costs_nothing_more() {
    // Four white dice: an aim picking up 4 dice (Precise 2) or 102 (Precise 100) can pick up
    // every die either way, so the game and its answer are the same.
    let optimal = optimal(Objective::Mean);
    let d = "white defense";
    let small = run("4 white, aim 6, Precise 2", d, None, optimal);
    let large = run("4 white, aim 6, Precise 100", d, None, optimal);
    assert_eq!(small.wounds, large.wounds);
}

// hardening: legion-optimal
#[test]
fn optimal_work_counts_each_aims_capacity_before_starting() {
    use holodice_engine::legion::attack::MAX_OPTIMAL_WORK;
    // Twenty white dice, six aims each picking up to 102 dice: far past the limit, refused
    // before any work, with the fix.
    let s = Scenario::parse("20 white, aim 6, Precise 100", "white defense", None).unwrap();
    let refused =
        worded(&attack(&under(&s, Edition::Crb20260529, optimal(Objective::Mean))).unwrap_err());
    assert!(
        refused.contains(&format!("limit of {MAX_OPTIMAL_WORK}")),
        "{refused}"
    );
    assert!(
        refused.contains("2 + Precise") && refused.contains("--policy greedy"),
        "{refused}"
    );
    // The greedy policy makes no such choices: it answers.
    assert!(attack(&under(&s, Edition::Crb20260529, GREEDY)).is_ok());
}

#[test]
fn optimal_keeps_pierce_for_the_defender() {
    // One red die with surge→hit against a guardian that takes the hit: greedy spends Pierce 1
    // on the guardian's block, optimal keeps it; with no reroll tokens that is the only choice.
    let (a, d, g) = (
        "1 red, surge hit, Pierce 1",
        "red defense",
        Some("Guardian 1, red defense"),
    );
    let greedy = run(a, d, g, GREEDY);
    let best = run(a, d, g, optimal(Objective::Mean));
    assert_eq!(
        greedy.wounds, best.wounds,
        "a crit meets the defender's dice alone either way"
    );
    // The guardian (no surge chart) takes the hit (6/8) and a wound on a blank or a surge (3/6);
    // under greedy its block (3/6) is pierced too, so every guarded hit wounds it.
    let guardian = |r: &LegionAttack| r.guardian_wounds.as_ref().unwrap().mean();
    assert_eq!(guardian(&greedy), q(6, 8));
    assert_eq!(guardian(&best), q(6, 8) * q(3, 6));
}

#[test]
fn objectives_parse() {
    use holodice_engine::game::{Game, Legion};
    assert_eq!(Legion::objective("atleast:3"), Ok(Objective::AtLeast(3)));
    assert_eq!(Legion::objective(" Mean "), Ok(Objective::Mean));
    let refused = Legion::objective("most").unwrap_err().to_string();
    assert!(refused.contains("atleast:K"), "{refused}");
    assert!(Legion::objective("destroy").is_err());
}

/// (attacker SPEC without tokens, its reroll tokens, defender SPEC, K for atleast:K).
fn scenarios() -> impl Strategy<Value = (String, String, String, u32)> {
    (
        (0u32..=2, 0u32..=2, 0u32..=2),
        prop_oneof![Just(""), Just(", surge hit"), Just(", surge crit")],
        (0u32..=2, 0u32..=1, 0u32..=1, 0u32..=1),
        (
            any::<bool>(),
            prop_oneof![
                Just(""),
                Just(", Armor"),
                Just(", cover heavy"),
                Just(", dodge 1")
            ],
        ),
        0u32..=3,
    )
        .prop_filter("some dice", |((r, b, w), ..)| r + b + w > 0)
        .prop_map(
            |((r, b, w), surge, (aim, obs, critical, pierce), (red_def, extra), k)| {
                let attacker = format!(
                    "{r} red, {b} black, {w} white{surge}, Critical {critical}, Pierce {pierce}"
                );
                let tokens = format!(", aim {aim}, observation {obs}");
                let die = if red_def {
                    "red defense"
                } else {
                    "white defense"
                };
                (attacker, tokens, format!("{die}{extra}"), k)
            },
        )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(60))]

    #[test]
    fn optimal_is_never_worse_than_greedy((pool, tokens, defender, k) in scenarios()) {
        let attacker = pool + &tokens;
        let greedy = run(&attacker, &defender, None, GREEDY);
        let mean = run(&attacker, &defender, None, optimal(Objective::Mean));
        prop_assert!(mean.wounds.mean() >= greedy.wounds.mean(), "{} | {}", attacker, defender);
        let at_least = run(&attacker, &defender, None, optimal(Objective::AtLeast(i64::from(k))));
        prop_assert!(
            at_least.wounds.at_least(i64::from(k)) >= greedy.wounds.at_least(i64::from(k)),
            "{} | {} | at least {}", attacker, defender, k
        );
    }

    #[test]
    fn without_tokens_the_policies_agree((pool, _tokens, defender, _k) in scenarios()) {
        let greedy = run(&pool, &defender, None, GREEDY);
        let best = run(&pool, &defender, None, optimal(Objective::Mean));
        prop_assert_eq!(greedy.wounds, best.wounds);
        prop_assert_eq!(greedy.attack_results, best.attack_results);
    }
}

// hardening: compare-work
#[test]
fn a_comparison_of_optimal_attacks_is_within_its_work_limit() {
    use holodice_engine::compare::{outcomes, MAX_WORK};
    use holodice_engine::game::Legion;
    // Ten optimal attacks of about 20 ms each: about 0.2 s of work, well within the limit, so
    // the comparison answers (its estimate once put two of them past it).
    let pools = [
        "4 red, 4 black, 3 white, aim 3",
        "4 red, 4 black, 3 white, aim 2",
    ];
    let queries: Vec<Scenario> = (0..10)
        .map(|i| {
            let s = Scenario::parse(pools[i % 2], "white defense", None).unwrap();
            under(&s, Edition::Crb20260529, optimal(Objective::Mean))
        })
        .collect();
    let work: u64 = queries
        .iter()
        .map(|q| <Legion as holodice_engine::game::Game>::cost(q).unwrap())
        .sum();
    assert!(work < MAX_WORK / 10, "{work} units for about 0.2 s of work");
    assert_eq!(
        outcomes::<Legion>(&queries, |i| i.to_string())
            .unwrap()
            .len(),
        10
    );
}
