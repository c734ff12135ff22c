//! Errors that teach, written from what a player typed: an item of the other game says which
//! game it is of, a partial card name suggests the cards that hold it, and a token item given
//! in a near-miss form suggests its full form. Both games.

use holodice_engine::error::Input;
use holodice_engine::legion::Scenario;
use holodice_engine::names::Game;
use holodice_engine::swtcg::unit::Unit;
use holodice_engine::Error;

fn legion(attacker: &str, defender: &str) -> Error {
    Scenario::parse(attacker, defender, None).unwrap_err()
}

fn swtcg(attacker: &str) -> Error {
    Unit::parse("attacker", attacker).unwrap_err()
}

const TO_SWTCG: &str = "an SWTCG item, not a Legion one: give it to holodice swtcg (the page's \
                        SWTCG tab)";
const TO_LEGION: &str = "a Legion item, not an SWTCG one: give it to holodice legion (the page's \
                         Legion tab)";

#[test]
fn power_5_given_to_legion_says_it_is_an_swtcg_item_and_names_the_game() {
    let e = legion("Power 5", "white defense");
    assert_eq!(
        e.to_string(),
        format!("attacker SPEC, item 'Power 5': {TO_SWTCG}")
    );
    assert_eq!(e.game(), Some(Game::Swtcg));
    assert_eq!(e.concerns(), Some(Input::Attacker));
    for (attacker, defender, item) in [
        ("4 red, Accuracy 1", "white defense", "Accuracy 1"),
        ("4 red, Double Strike", "white defense", "Double Strike"),
        ("4 red, power 5", "white defense", "power 5"),
        ("4 red", "white defense, Evade 2", "Evade 2"),
        ("4 red", "white defense, Health 3", "Health 3"),
    ] {
        let e = legion(attacker, defender);
        assert!(
            e.to_string()
                .ends_with(&format!("item '{item}': {TO_SWTCG}")),
            "{e}"
        );
        assert_eq!(e.game(), Some(Game::Swtcg), "{e}");
    }
}

#[test]
fn four_red_given_to_swtcg_says_it_is_a_legion_item_and_names_the_game() {
    let e = swtcg("4 red");
    assert_eq!(
        e.to_string(),
        format!("attacker SPEC, item '4 red': {TO_LEGION}")
    );
    assert_eq!(e.game(), Some(Game::Legion));
    for item in [
        "white defense",
        "surge crit",
        "aim 1",
        "Pierce 1",
        "surge tokens 2",
        "dodge 1",
        "Immune: Pierce",
    ] {
        let e = swtcg(&format!("Power 3, {item}"));
        assert_eq!(
            e.to_string(),
            format!("attacker SPEC, item '{item}': {TO_LEGION}")
        );
        assert_eq!(e.game(), Some(Game::Legion), "{e}");
    }
}

#[test]
fn words_both_games_use_teach_this_games_item_not_the_other_game() {
    // Legion's Critical is SWTCG's Critical Hit (which SWTCG also calls Critical).
    let e = legion("4 red, Critical Hit 2", "white defense");
    assert_eq!(
        e.to_string(),
        "attacker SPEC, item 'Critical Hit 2': unknown item 'Critical Hit'; did you mean \
         'Critical 2'?"
    );
    assert_eq!(e.game(), None);
    // SWTCG's Surge X; Legion's surge tokens.
    let e = legion("4 red, surge 1", "white defense");
    assert!(
        e.to_string()
            .ends_with("unknown item 'surge'; did you mean 'surge tokens 1'?"),
        "{e}"
    );
    assert_eq!(e.game(), None);
    // Known in this game, with the wrong value: the value is what is wrong.
    let e = swtcg("Power 3, Armor 2");
    assert!(
        e.to_string()
            .ends_with("Armor takes no value; write just 'Armor'"),
        "{e}"
    );
    assert_eq!(e.game(), None);
    let e = legion("4 red", "white defense, Deflect 2");
    assert!(e.to_string().ends_with("'Deflect' takes no number"), "{e}");
    assert_eq!(e.game(), None);
    // Legion's Ion X; SWTCG's Ion Cannon X.
    let e = swtcg("Power 3, Ion 2");
    assert!(
        e.to_string()
            .ends_with("unknown keyword 'Ion'; did you mean 'Ion Cannon 2'?"),
        "{e}"
    );
    assert_eq!(e.game(), None);
    // Neither game's: no game.
    assert_eq!(legion("4 red, Frobnicate 2", "white defense").game(), None);
    assert_eq!(swtcg("Frobnicate 2").game(), None);
}

#[test]
fn a_partial_upgrade_name_suggests_the_cards_that_start_with_it_first() {
    let e = legion("@Stormtroopers, +@DLT-19", "white defense");
    assert_eq!(
        e.to_string(),
        "attacker SPEC, item '+@DLT-19': unknown Legion upgrade 'DLT-19'; did you mean one of \
         'DLT-19 Stormtrooper', 'DLT-19x Sniper' or 'DLT-19D Trooper'?"
    );
    // Of the upgrades that hold the name, those that fit the unit come first: the DLT-19s are
    // the Empire's, the DLT-20A Trooper the Rebels'.
    let e = legion("@Rebel Troopers, +@DLT", "white defense");
    assert!(
        e.to_string()
            .contains("did you mean one of 'DLT-20A Trooper', "),
        "{e}"
    );
    let e = legion("@Stormtroopers, +@DLT", "white defense");
    assert!(
        e.to_string()
            .contains("did you mean one of 'DLT-19 Stormtrooper', "),
        "{e}"
    );
}

#[test]
fn a_partial_unit_name_suggests_the_shortest_units_that_start_with_it() {
    let e = legion("@Storm", "white defense");
    assert!(
        e.to_string().ends_with(
            "unknown Legion unit 'Storm'; did you mean one of 'Stormtroopers', 'Stormtroopers \
             (Heavy Response Unit)' or 'Stormtrooper Riot Squad'?"
        ),
        "{e}"
    );
    // A misspelling that holds no name is still the nearest name.
    let e = legion("@Stromtroopers", "white defense");
    assert!(
        e.to_string().ends_with("did you mean 'Stormtroopers'?"),
        "{e}"
    );
}

#[test]
fn swtcg_at_luke_suggests_luke_cards() {
    let e = swtcg("@Luke");
    assert_eq!(
        e.to_string(),
        "attacker SPEC, item '@Luke': unknown card 'Luke'; did you mean one of 'Luke Skywalker \
         (A)', 'Luke Skywalker (B)' or 'Luke Skywalker (C)'?"
    );
    // Punctuation aside: "Lukes" starts "Luke's X-Wing".
    let e = swtcg("@Lukes X");
    assert!(
        e.to_string()
            .contains("did you mean one of 'Luke's X-Wing (A)'"),
        "{e}"
    );
}

#[test]
fn token_items_in_a_near_miss_form_suggest_their_full_form() {
    let defender = |item: &str| legion("4 red", &format!("white defense, {item}")).to_string();
    for (typed, told) in [
        (
            "smoke 1",
            "'smoke' takes no number; did you mean 'smoke tokens 1'?",
        ),
        (
            "Shields 2",
            "'Shields' takes no number; did you mean 'Shielded 2'?",
        ),
        (
            "dodge token 1",
            "unknown item 'dodge token'; did you mean 'dodge 1'?",
        ),
        (
            "suppression token 2",
            "unknown item 'suppression token'; did you mean 'suppression 2'?",
        ),
        (
            "smoke tokens",
            "'smoke tokens' needs a number, as in 'smoke tokens 1'",
        ),
        (
            "cover",
            "'cover' could mean the terrain or the Cover keyword a card prints: write 'terrain \
             cover N' (or 'cover none', 'cover light', 'cover heavy') for the terrain, 'Cover \
             keyword N' for the keyword",
        ),
    ] {
        let e = defender(typed);
        assert_eq!(e, format!("defender SPEC, item '{typed}': {told}"));
    }
    let attacker = |item: &str| legion(&format!("4 red, {item}"), "white defense").to_string();
    assert!(attacker("aim token 1").ends_with("did you mean 'aim 1'?"));
    assert!(attacker("surge").ends_with(
        "unknown item 'surge'; did you mean one of 'surge hit', 'surge crit' or 'surge block'?"
    ));
    // SWTCG's keywords that are a word short of their name.
    assert!(swtcg("Mastery 2")
        .to_string()
        .ends_with("did you mean 'Mastery Counters 2'?"));
    assert!(swtcg("Double")
        .to_string()
        .ends_with("did you mean one of 'Double Damage' or 'Double Strike'?"));
}
