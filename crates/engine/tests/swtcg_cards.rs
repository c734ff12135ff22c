//! Card files and the SPEC items that use them: `@Name`, Switch (`space:`), Enhance
//! (`enhance:`) and stacks of INSERT cards, through the library API.

use crate::support::{example_cards, worded, worded_notes};
use holodice_engine::data::DataError;
use holodice_engine::swtcg::cards::Cards;
use holodice_engine::swtcg::unit::{Arena, Paid, Unit};
use holodice_engine::Error;

const MINE: &str = "\
# my cards
- name: Ace Pilot
  spec: Power 5, Health 3
  stack: [Hyperdrive Booster]

- name: Hyperdrive Booster
  spec: Health 1
  insert: Evade 2, Accuracy 1

- name: Landing Craft
  spec: Power 2, Health 4
  switch: {space: Shields 1, ground: Power 4}

- name: Sith Apprentice
  spec: Power 4, Health 4
  enhance: Power 6, Critical Hit 2
";

fn mine() -> Cards {
    let mut cards = example_cards();
    cards.add(Cards::load("mine.yaml", MINE).unwrap());
    cards
}

fn load_err(text: &str) -> DataError {
    Cards::load("bad.yaml", text).unwrap_err()
}

fn spec_of(spec: &str, cards: &Cards) -> String {
    Unit::parse_with("attacker", spec, cards)
        .unwrap()
        .describe()
}

fn spec_err(spec: &str, cards: &Cards) -> String {
    worded(&Unit::parse_with("attacker", spec, cards).unwrap_err())
}

#[test]
fn at_name_expands_in_place_and_later_items_override() {
    let u = Unit::parse_with(
        "attacker",
        "Critical Hit 1, @Red Squadron X-wing, Power 6, Accuracy 1",
        &example_cards(),
    )
    .unwrap();
    assert_eq!(
        u.describe(),
        "Critical Hit 1, Power 4, Health 4, Accuracy 1, Power 6, Accuracy 1"
    );
    assert_eq!(
        u.stat(holodice_engine::swtcg::keywords::Stat::Power),
        Some(6)
    );
    // Names are matched ignoring case and extra spaces.
    let same = Unit::parse_with("attacker", "@  red squadron   X-WING", &example_cards()).unwrap();
    assert_eq!(same.describe(), "Power 4, Health 4, Accuracy 1");
}

#[test]
fn unknown_card_suggests_the_nearest_name() {
    let cards = mine();
    assert_eq!(
        spec_err("Power 2, @Red Squadron X-wnig", &cards),
        "attacker SPEC, item '@Red Squadron X-wnig': unknown card 'Red Squadron X-wnig'; \
         did you mean 'Red Squadron X-wing'?"
    );
    assert!(spec_err("@Ace Pliot", &cards).ends_with("did you mean 'Ace Pilot'?"));
    assert!(spec_err("@Zzyzx Qwfp", &cards)
        .ends_with("unknown card 'Zzyzx Qwfp' (give the file that defines it with --cards FILE)"));
    assert!(spec_err("@", &cards).contains("'@' needs a card name"));
}

#[test]
fn malformed_yaml_gives_file_line_and_column() {
    let e = load_err("- name: A\n  spec: Power 1\n- name: B\n  powr: 4\n");
    assert_eq!((e.file.as_str(), e.line), ("bad.yaml", 4), "{e}");
    assert!(e.column.is_some(), "{e}");
    assert!(e.to_string().starts_with("bad.yaml:4:"), "{e}");
    assert!(e.to_string().contains("unknown field `powr`"), "{e}");
    let e = load_err("- name: A\n  switch: {space: Armor, hyperspace: Armor}\n");
    assert_eq!(e.line, 2, "{e}");
    assert!(e.to_string().contains("hyperspace"), "{e}");
    let e = load_err("- name: A\n  spec: [Power 1\n");
    assert!(e.line >= 2 && e.column.is_some(), "{e}");
}

#[test]
fn bad_spec_in_a_card_names_file_line_and_card() {
    let text = "- name: A\n  spec: Power 1\n\n- name: Sloppy Gunship\n  spec: Power 4, Acuracy 1\n";
    assert_eq!(
        load_err(text).to_string(),
        "bad.yaml:4: item 'Sloppy Gunship': spec, item 'Acuracy 1': unknown keyword 'Acuracy'; \
         did you mean 'Accuracy 1'?"
    );
    let in_switch = "- name: B\n  switch: {ground: \"Power\"}\n";
    assert_eq!(
        load_err(in_switch).to_string(),
        "bad.yaml:1: item 'B': switch ground, item 'Power': Power needs a value, as in 'Power 1'"
    );
    let in_enhance = "- name: C\n  enhance: \"space: Lucky 1\"\n";
    assert!(load_err(in_enhance).to_string().starts_with(
        "bad.yaml:1: item 'C': enhance, item 'space: Lucky 1': 'space:' can't be used here"
    ));
    let at_name = "- name: D\n  spec: \"@Red Squadron X-wing\"\n";
    assert!(load_err(at_name)
        .to_string()
        .contains("a card's items can't name another card (@Name)"));
}

#[test]
fn duplicate_names_in_one_file_are_rejected() {
    let text = "- name: Twin\n  spec: Power 1\n- name: Other\n  spec: Power 2\n- name: TWIN\n  spec: Power 3\n";
    assert_eq!(
        load_err(text).to_string(),
        "bad.yaml:5: item 'TWIN': the card is defined twice in this file (first as 'Twin' at line 1)"
    );
}

#[test]
fn later_cards_file_replaces_a_card_of_the_same_name() {
    let mut cards = mine();
    let first = Cards::load("a.yaml", "- name: Patrol Boat\n  spec: Power 2\n").unwrap();
    let second = Cards::load("b.yaml", "- name: patrol  boat\n  spec: Power 5\n").unwrap();
    cards.add(first);
    cards.add(second);
    let u = Unit::parse_with("attacker", "@Patrol Boat", &cards).unwrap();
    assert_eq!(u.describe(), "Power 5");
    assert_eq!(cards.get("Patrol Boat").unwrap().file, "b.yaml");
    // A user file replaces a built-in card too; the built-in cards themselves are unchanged:
    // ROTJ prints Red Squadron X-Wing with 2 power, 2 health, Critical Hit 1 and Shields 1.
    cards.add(Cards::load("c.yaml", "- name: Red Squadron X-wing\n  spec: Power 9\n").unwrap());
    assert_eq!(spec_of("@Red Squadron X-wing", &cards), "Power 9");
    assert_eq!(
        Unit::parse("attacker", "@Red Squadron X-wing")
            .unwrap()
            .describe(),
        "Power 2, Health 2, Critical Hit 1, Shields 1"
    );
}

#[test]
fn stack_grants_insert_items_and_says_so() {
    let cards = mine();
    let u = Unit::parse_with("attacker", "@Ace Pilot", &cards).unwrap();
    assert_eq!(u.describe(), "Power 5, Health 3, Evade 2, Accuracy 1");
    assert_eq!(
        worded_notes(&u.notes),
        ["stacked under Ace Pilot: Hyperdrive Booster (INSERT: Evade 2, Accuracy 1)"]
    );
    // The INSERT card on its own is just its spec.
    assert_eq!(spec_of("@Hyperdrive Booster", &cards), "Health 1");
    // A built-in stack of two cards.
    let y = Unit::parse_with("defender", "@Gold Squadron Y-wing", &cards).unwrap();
    assert_eq!(
        y.describe(),
        "Power 3, Health 5, Armor, Evade 1, Critical Hit 1"
    );
}

#[test]
fn stacking_a_card_without_insert_is_an_error() {
    let same_file =
        "- name: Carrier\n  spec: Power 3\n  stack: [Fighter]\n- name: Fighter\n  spec: Power 2\n";
    assert_eq!(
        load_err(same_file).to_string(),
        "bad.yaml:1: item 'Carrier': stack: 'Fighter' has no insert; only cards with INSERT can be stacked"
    );
    // A stacked card from another file is checked when the unit is used.
    let mut cards = mine();
    cards.add(
        Cards::load(
            "carrier.yaml",
            "- name: Carrier\n  spec: Power 3\n  stack: [Red Squadron X-wing, Drone]\n",
        )
        .unwrap(),
    );
    assert_eq!(
        spec_err("@Carrier", &cards),
        "attacker SPEC, item '@Carrier': card 'Carrier' (carrier.yaml:1): stack: \
         'Red Squadron X-wing' has no insert; only cards with INSERT can be stacked"
    );
    let mut cards = mine();
    cards.add(Cards::load("carrier.yaml", "- name: Carrier\n  stack: [Drone]\n").unwrap());
    assert!(spec_err("@Carrier", &cards).ends_with(
        "stack: 'Drone' is not a card (give the file that defines it with --cards FILE)"
    ));
    let itself = "- name: Ouroboros\n  insert: Evade 1\n  stack: [ouroboros]\n";
    assert!(load_err(itself)
        .to_string()
        .contains("can't be stacked under itself"));
}

#[test]
fn more_than_three_stacked_cards_is_an_error() {
    let four = "- name: Tower\n  spec: Power 1\n  stack: [R2 Astromech, R2 Astromech, R2 Astromech, R2 Astromech]\n";
    assert_eq!(
        load_err(four).to_string(),
        "bad.yaml:1: item 'Tower': stack: a stack holds 4 cards, the unit and at most 3 under it; \
         this one stacks 4"
    );
    let three = four.replace("R2 Astromech, R2 Astromech]", "R2 Astromech]");
    let mut cards = example_cards();
    cards.add(Cards::load("ok.yaml", &three).unwrap());
    assert_eq!(
        spec_of("@Tower", &cards),
        "Power 1, Evade 1, Evade 1, Evade 1"
    );
}

#[test]
fn switch_picks_the_arenas_items_and_requires_an_arena() {
    let cards = mine();
    let u = Unit::parse_with("attacker", "@Landing Craft, Accuracy 1", &cards).unwrap();
    assert_eq!(
        u.describe(),
        "Power 2, Health 4, space: Shields 1, ground: Power 4, Accuracy 1"
    );
    let e = u.resolve(None, Paid::NONE).unwrap_err();
    assert!(matches!(e, Error::Input(_)));
    assert_eq!(
        worded(&e),
        "the unit's Switch items (space: Shields 1, ground: Power 4) depend on its arena; \
         give --arena space|ground|character"
    );
    let ground = u.resolve(Some(Arena::Ground), Paid::NONE).unwrap();
    assert_eq!(ground.describe(), "Power 2, Health 4, Power 4, Accuracy 1");
    assert_eq!(
        worded_notes(&ground.notes),
        ["Switch: ground effects apply (Power 4); dropped: space (Shields 1)"]
    );
    let character = u.resolve(Some(Arena::Character), Paid::NONE).unwrap();
    assert_eq!(character.describe(), "Power 2, Health 4, Accuracy 1");
    assert_eq!(
        worded_notes(&character.notes),
        ["Switch: no character effects; dropped: space (Shields 1), ground (Power 4)"]
    );
    // Written directly in a SPEC, in any case; a unit without Switch items needs no arena.
    let direct = Unit::parse("attacker", "Power 3, SPACE: Accuracy 1").unwrap();
    assert_eq!(direct.describe(), "Power 3, space: Accuracy 1");
    assert_eq!(
        direct
            .resolve(Some(Arena::Space), Paid::NONE)
            .unwrap()
            .describe(),
        "Power 3, Accuracy 1"
    );
    let plain = Unit::parse("attacker", "Power 3").unwrap();
    assert_eq!(plain.resolve(None, Paid::NONE).unwrap(), plain);
}

#[test]
fn enhance_items_apply_only_when_enhanced() {
    let cards = mine();
    let u = Unit::parse_with("attacker", "@Sith Apprentice", &cards).unwrap();
    assert!(u.has_enhance());
    assert!(!Unit::parse("attacker", "Power 3").unwrap().has_enhance());
    let unpaid = u.resolve(None, Paid::NONE).unwrap();
    assert_eq!(unpaid.describe(), "Power 4, Health 4");
    assert_eq!(
        worded_notes(&unpaid.notes),
        ["Enhance not paid: Power 6, Critical Hit 2 not applied (swtcg attack --enhance evaluates both)"]
    );
    let enhanced = Paid {
        enhance: true,
        ..Paid::NONE
    };
    let paid = u.resolve(None, enhanced).unwrap();
    assert_eq!(
        paid.describe(),
        "Power 4, Health 4, Power 6, Critical Hit 2"
    );
    assert_eq!(
        worded_notes(&paid.notes),
        ["Enhance paid: Power 6, Critical Hit 2 applied"]
    );
    // The resolved unit is plain: nothing is left to resolve.
    assert!(!paid.has_enhance() && paid.conditional.is_empty());
}
