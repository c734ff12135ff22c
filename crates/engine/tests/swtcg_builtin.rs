//! The built-in SWTCG cards: the facts of the units of nine LackeyCCG set files, made by the
//! converter (`swtcg::import`), read back as printed cards, and replaced by a newer `--cards`
//! file. The tests that read the set files in `../shared` are ignored unless asked for.

use holodice_engine::swtcg::cards::Cards;
use holodice_engine::swtcg::import::lackey_facts;
use holodice_engine::swtcg::unit::Unit;

const HEADER: &str = "Name\tSet\tImageFile\tSide\tType\tSubtype\tCost\tSpeed\tPower\tHealth\t\
                      Rarity\tNumber\tUsage\tText\tScript\tClassification";

/// A made-up set file: a plain unit, a pilot with community bullets, a Switch unit, a unit
/// whose power its text sets, a name with a comma, and a card that is not a unit.
fn made_up_set() -> String {
    let rows = [
        "Kel Varro (A)\tZZ\tK1\tD\tCharacter\tMade Up Duelist\t6\t40\t2\t5\tR\t1\tA ruling\t\
         Critical Hit 1 | Pay 2 Force -> Evade 1 | When Kel attacks, draw a card.\t\t",
        "Ona Drell (A)\tZZ\tK2\tL\tCharacter\tMade Up Officer\t4\t30\t3\t4\tU\t2\t\tFrigate and \
         Fleet Pilot. The Frigate or Fleet gets:  -Damage Control 2  -Pay 0 Force -> Retaliate \
         4  -+1 speed\t\t",
        "Rust Hauler\tZZ\tK3\tN\tSpace/Ground\tMade Up Transport\t5\t20\t4\t6\tC\t3\t\tSwitch: \
         Shields 1/Armor | Pay 1 Force -> This unit gets Ferocity for this attack.\t\t",
        "Swarm Queen (A)\tZZ\tK4\tN\tGround\tMade Up Beast\t7\t10\t*\t7\tR\t4\t\tThis unit's \
         power is the number of cards in your hand.\t\t",
        "Probe, Series Q\tZZ\tK5\tD\tGround\tMade Up Droid\t2\t30\t1\t2\tC\t5\t\tStealth\t\t",
        "Sudden Storm\tZZ\tK6\tN\tBattle\t\t\t\t\t\tC\t6\t\tEach unit gets -1 power.\t\t",
    ];
    format!("{HEADER}\n{}\n", rows.join("\n"))
}

fn with(file: &str, text: &str) -> Cards {
    let mut cards = Cards::default();
    cards.add(Cards::load(file, text).unwrap_or_else(|e| panic!("{e}")));
    cards
}

fn describe(spec: &str, cards: &Cards) -> String {
    Unit::parse_with("attacker", spec, cards)
        .unwrap_or_else(|e| panic!("{spec}: {e}"))
        .describe()
}

#[test]
fn the_converter_keeps_the_facts_of_units_and_no_text() {
    let yaml = lackey_facts(&[("ZZ.txt", &made_up_set())]).unwrap();
    for text in [
        "draw a card",
        "ruling",
        "number of cards",
        "Sudden Storm",
        "K1",
        "+1 speed",
    ] {
        assert!(
            !yaml.contains(text),
            "{text:?} is text, not a fact:\n{yaml}"
        );
    }
    let cards = with("facts.yaml", &yaml);
    assert_eq!(cards.all().len(), 5, "the five units");
    let kel = cards.get("Kel Varro (A)").unwrap();
    let p = kel.printing.as_ref().unwrap();
    assert_eq!(
        (p.sets.as_slice(), p.number.as_deref(), p.side.as_deref()),
        (&["ZZ".to_string()][..], Some("1"), Some("dark"))
    );
    assert_eq!(
        (p.kind.as_str(), p.subtype.as_deref(), p.cost.as_deref()),
        ("Character", Some("Made Up Duelist"), Some("6"))
    );
    assert_eq!(kel.spec.notes.len(), 1, "{:?}", kel.spec.notes);
    assert!(kel.spec.notes[0].starts_with("1 of its abilities"));
}

#[test]
fn a_converted_unit_attacks_and_defends_as_its_set_file_row_does() {
    let set = made_up_set();
    let from_set = with("ZZ.txt", &set);
    let built = with("facts.yaml", &lackey_facts(&[("ZZ.txt", &set)]).unwrap());
    for name in ["Kel Varro (A)", "Rust Hauler", "Swarm Queen (A)"] {
        for extra in ["", ", space: Accuracy 1", ", Power 3"] {
            let spec = format!("@{name}{extra}");
            assert_eq!(
                describe(&spec, &built),
                describe(&spec, &from_set),
                "{spec}"
            );
        }
    }
    let quoted = "@\"Probe, Series Q\"";
    assert_eq!(describe(quoted, &built), "Power 1, Health 2, Stealth");
    // What the pilot grants a unit it is stacked under, read from the community bullets.
    let pilot = built.get("Ona Drell (A)").unwrap().insert.as_ref().unwrap();
    assert_eq!(pilot.describe(), "Damage Control 2, Retaliate 4");
    assert_eq!(pilot.notes.len(), 1, "+1 speed is not modelled");
    assert_eq!(
        describe("@Rust Hauler", &built),
        "Power 4, Health 6, pay: Ferocity, space: Shields 1, ground: Armor"
    );
}

#[test]
fn a_set_file_given_later_replaces_the_printing_of_its_set() {
    let set = made_up_set();
    let mut cards = with("facts.yaml", &lackey_facts(&[("ZZ.txt", &set)]).unwrap());
    // Newer data: Kel Varro (A) now has 3 power in set ZZ; no choice of printing is asked for.
    let newer = set.replace("\t6\t40\t2\t5\t", "\t6\t40\t3\t5\t");
    cards.add(Cards::load("ZZ-2.txt", &newer).unwrap());
    assert!(describe("@Kel Varro (A)", &cards).starts_with("Power 3"));
    let kel = cards.get("Kel Varro (A)").unwrap();
    assert_eq!(kel.file, "ZZ-2.txt");
    assert!(
        kel.spec.notes[0].contains("draw a card"),
        "the file's own text"
    );
    // A printing in another set joins the one there, to be picked by set.
    let other = set
        .replace("\tZZ\t", "\tYY\t")
        .replace("\t6\t40\t2\t5\t", "\t6\t40\t4\t5\t");
    cards.add(Cards::load("YY.txt", &other).unwrap());
    assert!(describe("@Kel Varro (A) [YY]", &cards).starts_with("Power 4"));
    assert!(describe("@Kel Varro (A) [ZZ]", &cards).starts_with("Power 3"));
}

#[test]
fn printed_facts_are_checked_and_need_a_type() {
    let err = |text: &str| Cards::load("bad.yaml", text).unwrap_err().to_string();
    assert!(err("- name: A\n  type: Space\n  power: 4.5\n").contains("power '4.5' is not a whole"));
    assert!(err("- name: A\n  power: 4\n").contains("need its type"));
    let ok = "- name: A\n  type: Ground\n  power: '*'\n  health: 3\n  spec: Armor\n";
    let cards = with("ok.yaml", ok);
    assert_eq!(describe("@A", &cards), "Health 3, Armor");
    assert!(Unit::parse_with("attacker", "@A", &cards).unwrap().notes[0].contains("Power *"));
}

/// The nine set files in `../shared/data/swtcg-lackey`, in the order the built-in data lists.
fn shared_sets() -> Vec<(String, String)> {
    let dir = format!(
        "{}/../../../shared/data/swtcg-lackey",
        env!("CARGO_MANIFEST_DIR")
    );
    [
        "ANH", "ESB", "ROTJ", "AOTC", "ROTS", "SITH", "JG", "BOY", "RAS",
    ]
    .iter()
    .map(|set| {
        let path = format!("{dir}/{set}.txt");
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| {
            panic!("{path}: {e} (clone the shared data next to the repository)")
        });
        (path, text)
    })
    .collect()
}

#[test]
#[ignore = "reads ../shared/data/swtcg-lackey: cargo test -- --ignored (CI does)"]
fn the_built_in_cards_are_what_the_converter_makes_of_the_nine_sets() {
    let sets = shared_sets();
    let named: Vec<(&str, &str)> = sets.iter().map(|(f, t)| (f.as_str(), t.as_str())).collect();
    let made = lackey_facts(&named).unwrap();
    let committed = include_str!("../../../data/swtcg/cards.yaml");
    assert!(
        made == committed,
        "data/swtcg/cards.yaml is stale: cargo xtask import-swtcg-lackey ../shared/data/swtcg-lackey/*.txt"
    );
}

#[test]
#[ignore = "reads ../shared/data/swtcg-lackey: cargo test -- --ignored (CI does)"]
fn every_built_in_unit_reads_as_its_set_file_row() {
    let mut from_sets = Cards::default();
    for (file, text) in shared_sets() {
        from_sets.add(Cards::load(&file, &text).unwrap());
    }
    let built_in = Cards::builtin();
    let units = from_sets
        .all()
        .iter()
        .filter(|c| c.printing.as_ref().is_some_and(|p| p.unit));
    let mut count = 0;
    for card in units {
        let spec = format!("@{}", holodice_engine::names::spelt(&card.name));
        let (a, b) = (
            Unit::parse_with("attacker", &spec, built_in).unwrap(),
            Unit::parse_with("attacker", &spec, &from_sets).unwrap(),
        );
        assert_eq!(a.describe(), b.describe(), "{spec}");
        // The set file's notes give each ability not modelled; the built-in card their number.
        let stat = |n: &&String| n.contains("the card's text sets it");
        let (a_stats, b_stats) = (a.notes.iter().filter(stat), b.notes.iter().filter(stat));
        assert!(a_stats.eq(b_stats), "{spec}");
        let unmodelled = b.notes.iter().filter(|n| !stat(n)).count();
        let counted: Vec<&String> = a.notes.iter().filter(|n| !stat(n)).collect();
        match unmodelled {
            0 => assert!(counted.is_empty(), "{spec}: {counted:?}"),
            n => assert!(
                counted.len() == 1 && counted[0].contains(&format!(": {n} of its abilities")),
                "{spec}: {counted:?}"
            ),
        }
        count += 1;
    }
    assert_eq!(count, built_in.all().len());
}
