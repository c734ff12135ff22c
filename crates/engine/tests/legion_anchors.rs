//! Published and hand-derived values the Legion engine must reproduce exactly.

use crate::support::q;
use crate::support::{under, GREEDY};
use holodice_engine::dist::Dist;
use holodice_engine::legion::attack::{attack, LegionAttack};
use holodice_engine::legion::Edition;
use holodice_engine::legion::Scenario;
use num_rational::BigRational;

fn run(attacker: &str, defender: &str, guardian: Option<&str>, edition: Edition) -> LegionAttack {
    let s = Scenario::parse(attacker, defender, guardian).unwrap();
    attack(&under(&s, edition, GREEDY)).unwrap()
}

fn mean(d: &Dist) -> BigRational {
    d.mean()
}

#[test]
fn one_red_die_with_surge_to_hit_averages_seven_eighths() {
    // Crit 1 + surge 1 + hit 5 of 8 faces.
    let a = run(
        "1 red, surge hit",
        "white defense",
        None,
        Edition::Crb20260529,
    );
    assert_eq!(mean(&a.attack_results), q(7, 8));
}

#[test]
fn mixed_pool_with_surge_to_crit_has_published_hit_and_crit_means() {
    // 2 red + 2 black + 2 white, surge→crit: E[hits] = 2·5/8 + 2·3/8 + 2·1/8 = 9/4 and
    // E[crits] = 6 · 2/8 = 3/2. Armor cancels every hit and Pierce 99 every block, so the
    // wounds are exactly the crits.
    let a = run(
        "2 red, 2 black, 2 white, surge crit",
        "white defense",
        None,
        Edition::Crb20260529,
    );
    assert_eq!(mean(&a.attack_results), q(9, 4) + q(3, 2));
    let crits = run(
        "2 red, 2 black, 2 white, surge crit, Pierce 99",
        "red defense, Armor",
        None,
        Edition::Crb20260529,
    );
    assert_eq!(mean(&crits.wounds), q(3, 2));
}

#[test]
fn an_aim_rerolls_blanks_and_unconvertible_surges() {
    // One white die, no surge chart: hit or crit on 2 of 8; otherwise the aim rerolls it.
    // P = 1/4 + 3/4 · 1/4 = 7/16.
    let a = run(
        "1 white, aim 1",
        "white defense",
        None,
        Edition::Crb20260529,
    );
    assert_eq!(a.attack_results.prob(1), q(7, 16));
    // With a surge token the surge converts and is kept: P = 3/8 + 5/8 · 3/8 = 39/64.
    let a = run(
        "1 white, aim 1, surge tokens 1",
        "white defense",
        None,
        Edition::Crb20260529,
    );
    assert_eq!(a.attack_results.prob(1), q(39, 64));
}

#[test]
fn one_die_against_one_defense_die() {
    // Red attack die, no surge chart: hit or crit 6/8. Red defense blocks on 3 of 6.
    let a = run("1 red", "red defense", None, Edition::Crb20260529);
    assert_eq!(a.wounds.prob(1), q(6, 8) * q(3, 6));
}

#[test]
fn cover_cancels_hits_outright_in_2021_and_by_rolling_in_2024() {
    // One red die with surge→hit: a hit with 6/8, a crit with 1/8 (crits ignore cover).
    // 2021, light cover: every hit is cancelled, so only crits remain.
    let a = run(
        "1 red, surge hit",
        "white defense, cover light",
        None,
        Edition::Rrg2021,
    );
    assert_eq!(a.attack_results.prob(1), q(7, 8));
    assert_eq!(mean(&a.wounds), q(1, 8) * q(5, 6));
    // 2024, light cover: a hit survives unless its white cover die shows a block (1 of 6).
    let a = run(
        "1 red, surge hit",
        "white defense, cover light",
        None,
        Edition::Crb20260529,
    );
    assert_eq!(mean(&a.wounds), (q(6, 8) * q(5, 6) + q(1, 8)) * q(5, 6));
    // 2024, heavy cover: block or surge (2 of 6) cancels.
    let a = run(
        "1 red, surge hit",
        "white defense, cover heavy",
        None,
        Edition::Crb20260529,
    );
    assert_eq!(mean(&a.wounds), (q(6, 8) * q(4, 6) + q(1, 8)) * q(5, 6));
}

#[test]
fn guardian_takes_hits_and_deflect_wounds_the_attacker() {
    // One red die, surge→hit: 6/8 hit, 1/8 crit. The guardian (white defense, Deflect) takes the
    // hit and rolls: surge (1/6) is a block by Deflect and wounds the attacker; block (1/6);
    // blank (4/6) wounds the guardian. The defender faces only a crit.
    let a = run(
        "1 red, surge hit",
        "red defense",
        Some("Guardian 1, white defense, Deflect"),
        Edition::Crb20260529,
    );
    assert_eq!(mean(a.guardian_wounds.as_ref().unwrap()), q(6, 8) * q(4, 6));
    assert_eq!(mean(&a.attacker_wounds), q(6, 8) * q(1, 6));
    assert_eq!(mean(&a.wounds), q(1, 8) * q(3, 6));
}

#[test]
fn guardian_on_a_melee_attack_is_refused() {
    let s = Scenario::parse(
        "1 red, melee",
        "red defense",
        Some("Guardian 1, red defense"),
    )
    .unwrap();
    let e = attack(&under(&s, Edition::Crb20260529, GREEDY)).unwrap_err();
    assert!(e.to_string().contains("no effect in melee"), "{e}");
}

#[test]
fn ram_turns_blanks_then_hits_into_crits() {
    // One white die, Ram 1: a blank (5/8) or a surge with no chart (1/8) becomes a crit, a hit
    // (1/8) becomes a crit, a crit stays: always a crit. Against Armor with Pierce 99 every crit
    // wounds, so the attack always wounds.
    let a = run(
        "1 white, Ram 1, Pierce 99",
        "red defense, Armor",
        None,
        Edition::Crb20260529,
    );
    assert_eq!(a.wounds.prob(1), q(1, 1));
}

#[test]
fn duelists_gain_pierce_or_immunity_in_melee() {
    // One red die in melee with an aim: it is a hit or crit with 6/8, and the aim is spent
    // rerolling no die; a blank or surge is rerolled (the aim is spent) and lands with 6/8. The
    // aim spent in the reroll step gives Duelist its Pierce either way, and red defense's blocks
    // (3 of 6) are cancelled: the single die always wounds once it lands.
    let attacker = run(
        "1 red, melee, aim 1, Duelist",
        "red defense",
        None,
        Edition::Crb20260529,
    );
    let landed_first = q(6, 8);
    let landed_on_reroll = q(2, 8) * q(6, 8);
    assert_eq!(attacker.wounds.prob(1), landed_first + landed_on_reroll);
    // A defending Duelist with a dodge: it spends the dodge (cancelling the single hit), or, if
    // the die is a crit, spends it for Immune: Pierce, so Pierce 1 never lands.
    let defender = run(
        "1 red, melee, Pierce 1",
        "red defense, dodge 1, Duelist",
        None,
        Edition::Crb20260529,
    );
    assert_eq!(defender.wounds.prob(1), q(1, 8) * q(3, 6));
}

#[test]
fn marksman_spends_the_aims_left_after_rerolls() {
    // One red die with surge→hit and one aim, against Armor with Pierce 99 (only crits wound).
    // A crit (1/8) wounds. A hit or surge (6/8) is not worth rerolling, so the aim is left for
    // Marksman, which turns the hit into a crit. A blank (1/8) is rerolled (the aim is spent)
    // and wounds only as a crit (1/8). P = 1/8 + 6/8 + 1/8 · 1/8 = 57/64.
    let a = run(
        "1 red, surge hit, aim 1, Marksman, Pierce 99",
        "red defense, Armor",
        None,
        Edition::Crb20260529,
    );
    assert_eq!(a.wounds.prob(1), q(57, 64));
    // With Lethal the greedy attacker keeps the aim for Pierce instead of a hit→crit upgrade.
    let a = run(
        "1 red, surge hit, aim 1, Marksman, Lethal 1",
        "red defense",
        None,
        Edition::Crb20260529,
    );
    // Hit or crit (7/8): no reroll, Lethal turns the aim into Pierce 1, which beats any block.
    // Blank (1/8): rerolled, 7/8 to land, no aim left, so red defense blocks half.
    assert_eq!(a.wounds.prob(1), q(7, 8) + q(1, 8) * q(7, 8) * q(3, 6));
}

#[test]
fn unconcerned_takes_no_cover_and_not_regs_no_backup() {
    // One red die scores 6/8 (crit or hit; the surge is a blank without a chart); a white
    // defense die blocks 1/6 (its surge does not convert): a wound with 6/8 × 5/6 = 5/8.
    for defender in [
        "white defense, cover heavy, Unconcerned",
        "white defense, Backup, We're Not Regs",
    ] {
        let a = run("1 red", defender, None, Edition::Crb20260529);
        assert_eq!(a.wounds.prob(1), q(5, 8), "{defender}");
    }
    // Backup cancels the only hit (a crit is not a hit: 1/8 × 5/6 = 5/48 remains).
    let a = run("1 red", "white defense, Backup", None, Edition::Crb20260529);
    assert_eq!(a.wounds.prob(1), q(5, 48));
}

#[test]
fn sniper_team_cancels_a_lone_crit_for_a_sure_wound() {
    // `1 red, Sniper Team` (a red die can't be upgraded) against red defense in heavy cover
    // (crb-2026-05-29). A crit (1/8) alone: greedy cancels the die for a sure wound. A hit (5/8)
    // meets a white cover die (block or surge cancels it: 2/6), then the red defense die
    // (block 3/6; its surge does not convert): 5/8 · 4/6 · 1/2 = 5/24. Total 1/8 + 5/24 = 1/3.
    let a = run(
        "1 red, Sniper Team",
        "red defense, cover heavy",
        None,
        Edition::Crb20260529,
    );
    assert_eq!(a.wounds.prob(1), q(1, 3));
    // The cancelled crit still counts as an attack result: 6/8 as without Sniper Team.
    assert_eq!(a.attack_results.prob(1), q(3, 4));
    // A white die is upgraded to black: crit 1/8 → a wound; hits 3/8 · 4/6 · 1/2 = 1/8.
    let a = run(
        "1 white, Sniper Team",
        "red defense, cover heavy",
        None,
        Edition::Crb20260529,
    );
    assert_eq!(a.wounds.prob(1), q(1, 4));
    // Moved: no upgrade, no cancelling: white crit 1/8 · 1/2, hit 1/8 · 4/6 · 1/2.
    let a = run(
        "1 white, Sniper Team, moved",
        "red defense, cover heavy",
        None,
        Edition::Crb20260529,
    );
    assert_eq!(a.wounds.prob(1), q(1, 16) + q(1, 24));
}
