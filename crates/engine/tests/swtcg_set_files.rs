//! LackeyCCG set files as card files, through the library API: columns read by name, units and
//! their numbers, abilities read into SPEC items, paid items and notes, reprints, versions, and
//! errors that name the file, the line and the card. Every card here is made up.

use crate::support::worded_notes;
use holodice_engine::swtcg::cards::Cards;
use holodice_engine::swtcg::keywords::{Keywords, Stat, Transform, ValueKind};
use holodice_engine::swtcg::unit::{Arena, Paid, Unit};

/// The header of today's set files.
const HEADER: &str = "Name\tSet\tImageFile\tSide\tType\tSubtype\tCost\tSpeed\tPower\tHealth\t\
                      Rarity\tNumber\tUsage\tText\tScript\tClassification\tDraftRarity";

/// A row under [`HEADER`]: name, set, type, cost, speed, power, health, usage, text.
fn row(fields: [&str; 9]) -> String {
    let [name, set, kind, cost, speed, power, health, usage, text] = fields;
    [
        name, set, "IMG001", "D", kind, "Made Up", cost, speed, power, health, "R", "1", usage,
        text, "", "", "",
    ]
    .join("\t")
}

fn set_file(rows: &[String]) -> String {
    format!("{HEADER}\n{}\n", rows.join("\n"))
}

fn load(file: &str, text: &str) -> Cards {
    let mut cards = crate::support::example_cards();
    cards.add(Cards::load(file, text).unwrap_or_else(|e| panic!("{e}")));
    cards
}

fn unit(spec: &str, cards: &Cards) -> Unit {
    Unit::parse_with("attacker", spec, cards).unwrap_or_else(|e| panic!("{e}"))
}

fn spec_err(spec: &str, cards: &Cards) -> String {
    Unit::parse_with("attacker", spec, cards)
        .unwrap_err()
        .to_string()
}

fn load_err(file: &str, text: &str) -> String {
    Cards::load(file, text).unwrap_err().to_string()
}

fn duelist() -> String {
    row([
        "Kel Varro (A)",
        "ZZ",
        "Character",
        "6",
        "40",
        "2",
        "5",
        "Rulings are not abilities: Accuracy 3",
        "Critical Hit 1 | Pay 2 Force -> Evade 1 | As long as Kel is attacking a unique \
         Character, Kel gets +1 power.",
    ])
}

#[test]
fn todays_header_gives_units_their_numbers_and_abilities() {
    let cards = load("ZZ.txt", &set_file(&[duelist()]));
    let kel = unit("@Kel Varro (A)", &cards);
    assert_eq!(
        kel.describe(),
        "Power 2, Health 5, Critical Hit 1, pay: Evade 1"
    );
    assert_eq!(
        worded_notes(&kel.notes),
        ["Kel Varro (A): not modelled: As long as Kel is attacking a unique Character, Kel gets \
          +1 power."]
    );
    let card = cards.get("kel varro (a)").unwrap();
    assert_eq!((card.file.as_str(), card.line), ("ZZ.txt", 2));
    let p = card.printing.as_ref().unwrap();
    assert_eq!(p.sets, ["ZZ"]);
    assert_eq!(
        (p.cost.as_deref(), p.speed.as_deref()),
        (Some("6"), Some("40"))
    );
    assert_eq!(p.arenas, [Arena::Character]);
}

#[test]
fn an_old_shorter_header_is_read_by_column_name() {
    // No Set, ImageFile or Speed column, and the columns in another order.
    let text = "Type\tName\tHealth\tPower\tText\nSpace\tRust Hauler\t6\t3\tShields 1\n";
    let cards = load("OLDSET.txt", text);
    assert_eq!(
        unit("@Rust Hauler", &cards).describe(),
        "Power 3, Health 6, Shields 1"
    );
    let p = cards.get("Rust Hauler").unwrap().printing.clone().unwrap();
    assert_eq!(
        p.sets,
        ["OLDSET"],
        "a file without a Set column names the set"
    );
    assert_eq!(p.speed, None);
}

#[test]
fn empty_and_missing_columns_are_no_value() {
    // A header ending in a tab (an empty column name), as files listing every set have.
    let text = "Name\tSet\tType\tPower\tHealth\tText\t\n\
                Quiet Scout\tZZ\tGround\t\t3\t\t\n\
                \t\t\t\t\t\t\n";
    let cards = load("ZZ.txt", text);
    assert_eq!(unit("@Quiet Scout", &cards).describe(), "Health 3");
    // Without a Text column, units have their numbers only.
    let cards = load("ZZ.txt", "Name\tType\tPower\nBare Drone\tCharacter\t1\n");
    assert_eq!(unit("@Bare Drone", &cards).describe(), "Power 1");
}

#[test]
fn abilities_split_at_bars_with_or_without_spaces() {
    let text = set_file(&[row([
        "Iron Bastion",
        "ZZ",
        "Ground",
        "8",
        "10",
        "6",
        "9",
        "",
        "Armor|Stun 2 | Bombard 3.|Avenge 1 (When one of your units is discarded, roll a die.)",
    ])]);
    let cards = load("ZZ.txt", &text);
    let u = unit("@Iron Bastion", &cards);
    assert_eq!(
        u.describe(),
        "Power 6, Health 9, Armor, Stun 2, Bombard 3, Avenge 1"
    );
    assert!(u.notes.is_empty(), "{:?}", u.notes);
}

#[test]
fn paid_abilities_are_pay_items_and_conditional_ones_are_noted() {
    let text = set_file(&[row([
        "Sable Warden",
        "ZZ",
        "Character",
        "5",
        "30",
        "4",
        "4",
        "",
        "Pay 1 Force -> Intercept | Pay 2 Force -> Absorb 1 and Deflect 1 | [tap] -> Evade 2 | \
         Pay 1 Force -> Sable Warden gets +2 power for this attack. | When Sable Warden is \
         discarded, gain 1 Force.",
    ])]);
    let cards = load("ZZ.txt", &text);
    let u = unit("@Sable Warden", &cards);
    assert_eq!(
        u.describe(),
        "Power 4, Health 4, pay: Intercept, pay: Absorb 1, pay: Deflect 1, pay: +2 power"
    );
    let notes = worded_notes(&u.notes);
    assert_eq!(notes.len(), 2, "{notes:?}");
    assert!(
        notes[0].ends_with("not modelled: [tap] -> Evade 2"),
        "{:?}",
        u.notes
    );
    let none = u.resolve(None, Paid::NONE).unwrap();
    assert_eq!(none.describe(), "Power 4, Health 4");
    assert!(worded_notes(&none.notes).last().unwrap().starts_with(
        "Paid abilities not paid: Intercept, Absorb 1, Deflect 1, +2 power not applied (--pay all"
    ));
    let all = Paid {
        abilities: true,
        ..Paid::NONE
    };
    let paid = u.resolve(None, all).unwrap();
    assert_eq!(
        paid.describe(),
        "Power 4, Health 4, Intercept, Absorb 1, Deflect 1, +2 power"
    );
    assert_eq!(
        paid.notes.last().unwrap().to_string(),
        "Paid abilities paid: Intercept, Absorb 1, Deflect 1, +2 power applied"
    );
}

#[test]
fn a_keyword_holodice_does_not_know_is_noted_and_every_known_one_is_read() {
    let text = set_file(&[row([
        "Odd Walker",
        "ZZ",
        "Ground",
        "4",
        "20",
        "3",
        "3",
        "",
        "Hyperspin 2 | Pay 1 Force -> Hyperspin 1",
    ])]);
    let u = unit("@Odd Walker", &load("ZZ.txt", &text));
    assert_eq!(u.describe(), "Power 3, Health 3");
    assert_eq!(
        worded_notes(&u.notes),
        [
            "Odd Walker: not modelled: Hyperspin 2",
            "Odd Walker: not modelled: Pay 1 Force -> Hyperspin 1"
        ]
    );
    // Nothing names keywords but their data: each one it holds reads from card text.
    for k in Keywords::builtin().all() {
        let ability = match (k.value, &k.transform) {
            (_, Transform::StatChange { stat: Stat::Power }) => "+1 power".to_string(),
            (_, Transform::StatChange { .. }) => "+1 health".to_string(),
            (ValueKind::None, _) => k.name.clone(),
            _ => format!("{} 1", k.name),
        };
        let text = set_file(&[row([
            "Probe", "ZZ", "Space", "1", "10", "1", "1", "", &ability,
        ])]);
        let u = unit("@Probe", &load("ZZ.txt", &text));
        assert!(u.notes.is_empty(), "{ability}: {:?}", u.notes);
        assert!(
            u.describe()
                .to_lowercase()
                .contains(&ability.to_lowercase()),
            "{ability}: {}",
            u.describe()
        );
    }
}

#[test]
fn identical_reprints_are_one_card_of_both_sets() {
    let first = set_file(&[duelist()]);
    let reprint = first
        .replace("\tZZ\t", "\tYY\t")
        .replace("Rulings are not abilities", "Another ruling");
    let mut cards = load("ZZ.txt", &first);
    cards.add(Cards::load("YY.txt", &reprint).unwrap());
    let named: Vec<_> = cards
        .all()
        .iter()
        .filter(|c| c.name == "Kel Varro (A)")
        .collect();
    assert_eq!(named.len(), 1);
    assert_eq!(named[0].printing.as_ref().unwrap().sets, ["ZZ", "YY"]);
    assert!(unit("@Kel Varro (A)", &cards)
        .describe()
        .starts_with("Power 2"));
    // The same row twice in one file is one card too.
    let twice = set_file(&[duelist(), duelist()]);
    assert_eq!(Cards::load("ZZ.txt", &twice).unwrap().all().len(), 1);
}

#[test]
fn different_printings_of_a_name_are_picked_by_set() {
    let mut cards = load("ZZ.txt", &set_file(&[duelist()]));
    let stronger = duelist()
        .replace("\tZZ\t", "\tYY\t")
        .replace("\t2\t5\t", "\t3\t5\t");
    cards.add(Cards::load("YY.txt", &set_file(&[stronger])).unwrap());
    assert_eq!(
        spec_err("@Kel Varro (A)", &cards),
        "attacker SPEC, item '@Kel Varro (A)': 'Kel Varro (A)' is printed 2 different ways, in \
         ZZ, YY: write one with its set, as in '@Kel Varro (A) [ZZ]'"
    );
    assert!(unit("@Kel Varro (A) [yy]", &cards)
        .describe()
        .starts_with("Power 3"));
    assert!(unit("@kel varro (a)[ZZ]", &cards)
        .describe()
        .starts_with("Power 2"));
    assert!(spec_err("@Kel Varro (A) [XX]", &cards).ends_with(
        "'Kel Varro (A)' is not printed in set 'XX'; it is in ZZ, YY: write '@Kel Varro (A) [ZZ]'"
    ));
    assert!(spec_err("@Red Squadron X-wing [ZZ]", &cards)
        .ends_with("comes from a YAML card file, which has no sets: write '@Red Squadron X-wing'"));
}

#[test]
fn a_name_without_its_version_names_its_only_version() {
    let b = duelist()
        .replace("(A)", "(B)")
        .replace("\t2\t5\t", "\t3\t4\t");
    let tracker = row([
        "Lone Tracker (A)",
        "ZZ",
        "Character",
        "3",
        "30",
        "3",
        "2",
        "",
        "",
    ]);
    let cards = load("ZZ.txt", &set_file(&[duelist(), b, tracker]));
    assert_eq!(
        spec_err("Power 1, @kel varro", &cards),
        "attacker SPEC, item '@kel varro': 'kel varro' names 2 versions: Kel Varro (A), \
         Kel Varro (B); write one, as in '@Kel Varro (A)'"
    );
    assert_eq!(
        unit("@Lone Tracker", &cards).describe(),
        "Power 3, Health 2"
    );
    assert!(spec_err("@Lone Trackr", &cards).ends_with("did you mean 'Lone Tracker (A)'?"));
}

#[test]
fn cards_that_are_not_units_can_not_attack_or_defend() {
    let battle = row([
        "Sudden Volley",
        "ZZ",
        "Battle",
        "",
        "",
        "",
        "",
        "",
        "Pay 3 Force -> Tap a unit.",
    ]);
    let cards = load("ZZ.txt", &set_file(&[duelist(), battle]));
    assert_eq!(
        spec_err("@Sudden Volley", &cards),
        "attacker SPEC, item '@Sudden Volley': 'Sudden Volley' (ZZ.txt:3) is a card of type \
         Battle, not a unit: only Space, Ground, Character and Subordinate cards attack and defend"
    );
}

#[test]
fn bad_numbers_name_the_file_the_line_and_the_card() {
    let bad = duelist().replace("\t2\t5\t", "\t6x\t5\t");
    assert_eq!(
        load_err(
            "bad.txt",
            &set_file(&[duelist().replace("(A)", "(B)"), bad])
        ),
        "bad.txt:3: item 'Kel Varro (A)': Power '6x' is not a whole number (nor * or X, for a \
         value the card's text sets)"
    );
    let half = duelist().replace("\t6\t40\t", "\t6\t4.5\t");
    assert!(load_err("bad.txt", &set_file(&[half]))
        .starts_with("bad.txt:2: item 'Kel Varro (A)': Speed '4.5'"));
    let huge = duelist().replace("\t2\t5\t", "\t2\t50000\t");
    assert!(load_err("bad.txt", &set_file(&[huge]))
        .ends_with("Health 50000 is over the limit of 10000"));
    // Whole numbers written as decimals read; * is a value the text sets, noted.
    let decimals = duelist().replace("\t2\t5\t", "\t2.0\t5.00\t");
    let cards = load("ok.txt", &set_file(&[decimals]));
    assert!(unit("@Kel Varro (A)", &cards)
        .describe()
        .starts_with("Power 2, Health 5"));
    let star = duelist().replace("\t2\t5\t", "\t*\t5\t");
    let u = unit("@Kel Varro (A)", &load("ok.txt", &set_file(&[star])));
    assert!(u.describe().starts_with("Health 5"), "{}", u.describe());
    assert!(
        u.notes[0]
            .to_string()
            .contains("Power *: the card's text sets it"),
        "{:?}",
        u.notes
    );
    // Cards that are not units are listed as printed.
    let battle = row(["Odd Cost", "ZZ", "Battle", "4+", "", "", "", "", ""]);
    assert!(Cards::load("ok.txt", &set_file(&[battle])).is_ok());
}

#[test]
fn rows_without_a_name_and_headers_without_a_type_are_refused() {
    assert_eq!(
        load_err("bad.txt", "Name\tSet\tPower\nA\tZZ\t1\n"),
        "bad.txt:1: the header names no Type column (it names: Name, Set, Power); a set file's \
         first line names its columns, as in 'Name<TAB>Set<TAB>Type<TAB>…'"
    );
    assert_eq!(
        load_err("bad.txt", "Name\tType\tPower\n\tSpace\t1\n"),
        "bad.txt:2: the row has no Name"
    );
}

#[test]
fn the_format_is_told_by_the_content_not_the_name() {
    let cards = load("my-cards.yaml", &set_file(&[duelist()]));
    assert!(cards.get("Kel Varro (A)").unwrap().printing.is_some());
    let cards = load("ZZ.txt", "- name: Plain Yaml\n  spec: Power 2\n");
    assert_eq!(unit("@Plain Yaml", &cards).describe(), "Power 2");
}

#[test]
fn switch_items_follow_the_arenas_its_type_names() {
    let text = set_file(&[row([
        "Shifting Strider",
        "ZZ",
        "Ground/Character",
        "6",
        "40",
        "4",
        "4",
        "",
        "Switch: Armor/Accuracy 1, +1 health, +10 speed",
    ])]);
    let u = unit("@Shifting Strider", &load("ZZ.txt", &text));
    assert_eq!(
        u.describe(),
        "Power 4, Health 4, ground: Armor, character: Accuracy 1, character: +1 health"
    );
    assert_eq!(
        worded_notes(&u.notes),
        ["Shifting Strider: not modelled: Switch, character: +10 speed"]
    );
    let ground = u.resolve(Some(Arena::Ground), Paid::NONE).unwrap();
    assert_eq!(ground.describe(), "Power 4, Health 4, Armor");
    let character = u.resolve(Some(Arena::Character), Paid::NONE).unwrap();
    assert_eq!(
        character.describe(),
        "Power 4, Health 4, Accuracy 1, +1 health"
    );
}

#[test]
fn subordinates_are_units_in_the_arenas_their_subtype_names() {
    let text = format!(
        "{HEADER}\nScrap Drone\tZZ\tIMG\tN\tSubordinate\tGround/Character - Droid\t\t50\t2\t1\tS\t\t\t\
         Switch: Critical Hit 1/Parry 1\t\t\t\n"
    );
    let u = unit("@Scrap Drone", &load("ZZ.txt", &text));
    assert_eq!(
        u.describe(),
        "Power 2, Health 1, ground: Critical Hit 1, character: Parry 1"
    );
}

#[test]
fn pilots_and_equipment_stacked_in_a_yaml_card_grant_their_keywords() {
    let pilot = row([
        "Ace Navigator",
        "ZZ",
        "Character",
        "3",
        "30",
        "2",
        "2",
        "",
        "[Pilot] Starfighter Pilot. The Starfighter gets: * +30 speed. * Critical Hit 1. \
         * Pay 1 Force -> Evade 1.",
    ]);
    let module = row([
        "Targeting Module",
        "ZZ",
        "Equipment",
        "2",
        "",
        "",
        "",
        "",
        "Pay 2 Force -> Equip | Equipped unit gets Accuracy 1 and \"Whenever this unit attacks, \
         draw a card.\" | Equipped Squad gets Armor.",
    ]);
    let mut cards = load("ZZ.txt", &set_file(&[pilot, module]));
    let yaml = "- name: Lancer Fighter\n  spec: Power 3, Health 3\n  \
                stack: [Ace Navigator, Targeting Module]\n";
    cards.add(Cards::load("mine.yaml", yaml).unwrap());
    let u = unit("@Lancer Fighter", &cards);
    assert_eq!(
        u.describe(),
        "Power 3, Health 3, Critical Hit 1, pay: Evade 1, Accuracy 1"
    );
    assert_eq!(
        worded_notes(&u.notes),
        [
            "Ace Navigator: not modelled: +30 speed.",
            "Targeting Module: not modelled: Equipped unit gets \"Whenever this unit attacks, \
             draw a card.\"",
            "Targeting Module: not modelled: Equipped Squad gets Armor.",
            "stacked under Lancer Fighter: Ace Navigator (INSERT: Critical Hit 1, pay: Evade 1), \
             Targeting Module (INSERT: Accuracy 1)",
        ]
    );
    // The pilot on its own is a Character; its Pilot ability is not its own.
    assert_eq!(
        unit("@Ace Navigator", &cards).describe(),
        "Power 2, Health 2"
    );
}

#[test]
fn insert_abilities_are_granted_only_when_stacked() {
    let text = set_file(&[row([
        "Nite Sentry (A)",
        "ZZ",
        "Character",
        "5",
        "40",
        "4",
        "4",
        "",
        "Armor | INSERT: Parry 1",
    ])]);
    let mut cards = load("ZZ.txt", &text);
    assert_eq!(
        unit("@Nite Sentry (A)", &cards).describe(),
        "Power 4, Health 4, Armor"
    );
    let yaml = "- name: Nite Sentry (B)\n  spec: Power 6, Health 5\n  stack: [Nite Sentry (A)]\n";
    cards.add(Cards::load("mine.yaml", yaml).unwrap());
    assert_eq!(
        unit("@Nite Sentry (B)", &cards).describe(),
        "Power 6, Health 5, Parry 1"
    );
}

#[test]
fn yaml_and_set_cards_of_one_name_replace_each_other_in_file_order() {
    let mut cards = load("ZZ.txt", &set_file(&[duelist()]));
    let fix = "- name: Kel Varro (A)\n  spec: Power 2, Health 5, Critical Hit 2\n";
    cards.add(Cards::load("fix.yaml", fix).unwrap());
    assert_eq!(
        unit("@Kel Varro (A)", &cards).describe(),
        "Power 2, Health 5, Critical Hit 2"
    );
    cards.add(Cards::load("ZZ.txt", &set_file(&[duelist()])).unwrap());
    assert!(unit("@Kel Varro (A)", &cards)
        .describe()
        .ends_with("pay: Evade 1"));
    // A YAML card replaces every printing of its name.
    let other = duelist()
        .replace("\tZZ\t", "\tYY\t")
        .replace("\t2\t5\t", "\t3\t5\t");
    cards.add(Cards::load("YY.txt", &set_file(&[other])).unwrap());
    cards.add(Cards::load("fix.yaml", fix).unwrap());
    let named = cards
        .all()
        .iter()
        .filter(|c| c.name == "Kel Varro (A)")
        .count();
    assert_eq!(named, 1);
    assert!(unit("@Kel Varro (A)", &cards)
        .describe()
        .ends_with("Critical Hit 2"));
    assert!(unit("@Red Squadron X-wing", &cards)
        .describe()
        .starts_with("Power 4"));
}

#[test]
fn spreadsheet_quotes_and_windows_line_ends_read() {
    let quoted = row([
        "Kel Varro (A)",
        "ZZ",
        "Character",
        "6",
        "40",
        "2",
        "5",
        "",
        "\"Critical Hit 1 | Say \"\"hello\"\". | Pay 2 Force -> Evade 1\"",
    ]);
    let text = set_file(&[quoted]).replace('\n', "\r\n");
    let u = unit("@Kel Varro (A)", &load("ZZ.txt", &text));
    assert_eq!(
        u.describe(),
        "Power 2, Health 5, Critical Hit 1, pay: Evade 1"
    );
    assert_eq!(
        worded_notes(&u.notes),
        ["Kel Varro (A): not modelled: Say \"hello\"."]
    );
}
