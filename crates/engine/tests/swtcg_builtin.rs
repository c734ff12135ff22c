//! The built-in SWTCG cards: the facts of the units of 27 LackeyCCG set files, made by the
//! converter (`swtcg::import`), read back as printed cards, and replaced by a newer `--cards`
//! file. The tests that read the set files in `../shared` are ignored unless asked for.

use crate::support::worded_notes;
use holodice_engine::swtcg::cards::Cards;
use holodice_engine::swtcg::import::lackey_facts;
use holodice_engine::swtcg::sets::Sets;
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

/// The made-up set's metadata.
fn zz() -> Sets {
    Sets::load(
        "sets.yaml",
        "formats: []\nsets:\n  - code: ZZ\n    maker: IDC\n",
    )
    .unwrap()
}

#[test]
fn a_unit_of_a_set_not_in_the_sets_data_is_refused() {
    let set = made_up_set().replace("\tZZ\t", "\tQQ\t");
    let err = lackey_facts(&[("QQ.txt", &set)], &zz()).unwrap_err();
    assert_eq!((err.file.as_str(), err.line), ("QQ.txt", 2));
    assert!(
        err.message
            .starts_with("set 'QQ' is not in data/swtcg/sets.yaml"),
        "{err}"
    );
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
    let yaml = lackey_facts(&[("ZZ.txt", &made_up_set())], &zz()).unwrap();
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
    assert!(kel.spec.notes[0]
        .to_string()
        .starts_with("1 of its abilities"));
}

#[test]
fn a_converted_unit_attacks_and_defends_as_its_set_file_row_does() {
    let set = made_up_set();
    let from_set = with("ZZ.txt", &set);
    let built = with(
        "facts.yaml",
        &lackey_facts(&[("ZZ.txt", &set)], &zz()).unwrap(),
    );
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
    let mut cards = with(
        "facts.yaml",
        &lackey_facts(&[("ZZ.txt", &set)], &zz()).unwrap(),
    );
    // Newer data: Kel Varro (A) now has 3 power in set ZZ; no choice of printing is asked for.
    let newer = set.replace("\t6\t40\t2\t5\t", "\t6\t40\t3\t5\t");
    cards.add(Cards::load("ZZ-2.txt", &newer).unwrap());
    assert!(describe("@Kel Varro (A)", &cards).starts_with("Power 3"));
    let kel = cards.get("Kel Varro (A)").unwrap();
    assert_eq!(kel.file, "ZZ-2.txt");
    assert!(
        kel.spec.notes[0].to_string().contains("draw a card"),
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
    assert!(Unit::parse_with("attacker", "@A", &cards).unwrap().notes[0]
        .to_string()
        .contains("Power *"));
}

/// `../shared/data/swtcg-lackey`, beside the repository.
fn shared_dir() -> String {
    format!(
        "{}/../../../shared/data/swtcg-lackey",
        env!("CARGO_MANIFEST_DIR")
    )
}

/// Every set file in `../shared/data/swtcg-lackey` (the files whose first line names a Type
/// column), by file name, as `cargo xtask import-swtcg-lackey DIR` reads them.
fn shared_sets() -> Vec<(String, String)> {
    let dir = shared_dir();
    let entries = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{dir}: {e} (clone the shared data next to the repository)"));
    let mut sets: Vec<(String, String)> = entries
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .map(|p| {
            (
                p.display().to_string(),
                std::fs::read_to_string(&p).unwrap(),
            )
        })
        .filter(|(_, text)| {
            text.lines()
                .next()
                .is_some_and(|h| h.split('\t').any(|c| c == "Type"))
        })
        .collect();
    sets.sort();
    sets
}

#[test]
#[ignore = "reads ../shared/data/swtcg-lackey: cargo test -- --ignored (CI does)"]
fn the_built_in_cards_are_what_the_converter_makes_of_every_set_file() {
    let sets = shared_sets();
    assert_eq!(
        sets.len(),
        27,
        "the 27 set files of ../shared/data/swtcg-lackey"
    );
    let named: Vec<(&str, &str)> = sets.iter().map(|(f, t)| (f.as_str(), t.as_str())).collect();
    let made = lackey_facts(&named, Sets::builtin()).unwrap();
    let committed = include_str!("../../../data/swtcg/cards.yaml");
    assert!(
        made == committed,
        "data/swtcg/cards.yaml is stale: cargo xtask import-swtcg-lackey ../shared/data/swtcg-lackey"
    );
}

/// The distinct names of a set file's unit rows, read here without the importer: the Type column
/// found by its header name, a unit type (one arena or several, `Ground/Character`, trailing
/// spaces allowed) or Subordinate.
fn unit_names(text: &str) -> std::collections::BTreeSet<String> {
    let mut lines = text.split('\n').map(|l| l.trim_end_matches('\r'));
    let header: Vec<&str> = lines.next().unwrap().split('\t').collect();
    let at = |name: &str| header.iter().position(|c| *c == name).unwrap();
    let (name, kind) = (at("Name"), at("Type"));
    let arenas = ["Space", "Ground", "Character"];
    lines
        .map(|l| l.split('\t').collect::<Vec<_>>())
        .filter(|row| row.len() == header.len())
        .filter(|row| {
            let t = row[kind].trim();
            t == "Subordinate" || t.split('/').all(|a| arenas.contains(&a))
        })
        .map(|row| row[name].trim().to_lowercase())
        .collect()
}

#[test]
#[ignore = "reads ../shared/data/swtcg-lackey: cargo test -- --ignored (CI does)"]
fn every_set_files_units_are_built_in_with_their_set() {
    let built_in = Cards::builtin();
    let mut total = 0;
    for (file, text) in shared_sets() {
        let code = file.rsplit('/').next().unwrap().trim_end_matches(".txt");
        let names = unit_names(&text);
        let in_set: std::collections::BTreeSet<String> = built_in
            .all()
            .iter()
            .filter(|c| c.printing.as_ref().unwrap().sets.iter().any(|s| s == code))
            .map(|c| c.name.to_lowercase())
            .collect();
        assert_eq!(in_set, names, "{code}");
        total += names.len();
    }
    assert_eq!(total, built_in.all().len());
}

/// formats.txt's formats: each label with its sets, read here with plain string search.
fn lackey_formats() -> Vec<(String, Vec<String>)> {
    let path = format!("{}/formats.txt", shared_dir());
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let inner = |s: &str, tag: &str| {
        let open = format!("<{tag}>");
        s.split(&open)
            .skip(1)
            .map(|r| {
                r.split(&format!("</{tag}>"))
                    .next()
                    .unwrap()
                    .trim()
                    .to_string()
            })
            .collect::<Vec<_>>()
    };
    inner(&text, "format")
        .iter()
        .map(|f| (inner(f, "label")[0].clone(), inner(f, "set")))
        .collect()
}

#[test]
#[ignore = "reads ../shared/data/swtcg-lackey: cargo test -- --ignored (CI does)"]
fn the_formats_and_makers_are_those_of_formats_txt() {
    use holodice_engine::swtcg::sets::Maker;
    let sets = Sets::builtin();
    let lackey = lackey_formats();
    assert_eq!(sets.formats.len(), lackey.len());
    for (format, (label, listed)) in sets.formats.iter().zip(&lackey) {
        assert_eq!(&format.label, label);
        let mut ours: Vec<&String> = format.sets.iter().chain(&format.not_built_in).collect();
        let mut theirs: Vec<&String> = listed.iter().collect();
        ours.sort();
        theirs.sort();
        assert_eq!(ours, theirs, "{label}");
    }
    // WotC's sets are exactly the WOTC format's; SITH is the IDC's.
    let wotc = &lackey.iter().find(|(l, _)| l == "WOTC").unwrap().1;
    for set in &sets.sets {
        assert_eq!(
            set.maker == Maker::WotC,
            wotc.contains(&set.code),
            "{}",
            set.code
        );
    }
    assert_eq!(sets.set("SITH").unwrap().maker, Maker::Idc);
    // The sets built in are the set files there.
    let mut files: Vec<String> = shared_sets()
        .iter()
        .map(|(f, _)| {
            f.rsplit('/')
                .next()
                .unwrap()
                .trim_end_matches(".txt")
                .to_string()
        })
        .collect();
    let mut codes: Vec<String> = sets.sets.iter().map(|s| s.code.clone()).collect();
    files.sort();
    codes.sort();
    assert_eq!(codes, files);
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
        let set = &card.printing.as_ref().unwrap().sets[0];
        // X = 0 for a card that leaves X to the player ("Fury X, where X is the number of …").
        let spec = format!(
            "@{} [{set}], X = 0",
            holodice_engine::names::spelt(&card.name)
        );
        let (a, b) = (
            Unit::parse_with("attacker", &spec, built_in).unwrap(),
            Unit::parse_with("attacker", &spec, &from_sets).unwrap(),
        );
        assert_eq!(a.describe(), b.describe(), "{spec}");
        // The set file's notes give each ability not modelled; the built-in card their number.
        let (a_notes, b_notes) = (worded_notes(&a.notes), worded_notes(&b.notes));
        let stat = |n: &&String| n.contains("the card's text sets it");
        let (a_stats, b_stats) = (a_notes.iter().filter(stat), b_notes.iter().filter(stat));
        assert!(a_stats.eq(b_stats), "{spec}");
        let unmodelled = b_notes.iter().filter(|n| !stat(n)).count();
        let counted: Vec<&String> = a_notes.iter().filter(|n| !stat(n)).collect();
        match unmodelled {
            0 => assert!(counted.is_empty(), "{spec}: {counted:?}"),
            n => assert!(
                counted.len() == 1 && counted[0].contains(&format!(": {n} of its abilities")),
                "{spec}: {counted:?}"
            ),
        }
        let built = built_in
            .all()
            .iter()
            .find(|c| c.name == card.name && c.printing.as_ref().unwrap().sets.contains(set));
        assert_eq!(built.unwrap().patterns, card.patterns, "{spec}");
        count += 1;
    }
    assert_eq!(count, built_in.all().len());
}

#[test]
fn every_built_in_unit_attacks_and_defends_without_error() {
    use holodice_engine::swtcg::attack::{run, Scenario};
    use holodice_engine::swtcg::rules::Rules;
    use holodice_engine::swtcg::unit::{Arena, Paid};
    let cards = Cards::builtin();
    let plain = |spec: &str| Unit::parse("plain", spec).unwrap();
    let mut attacks = 0;
    for card in cards.all() {
        let p = card.printing.as_ref().expect("a built-in card is printed");
        let spec = format!(
            "@{} [{}]",
            holodice_engine::names::spelt(&card.name),
            p.sets[0]
        );
        // A statistic its text sets (`*`, `X`) or none is given, as its note asks.
        let printed = |n: &Option<String>| n.as_deref().is_some_and(|n| n.parse::<u32>().is_ok());
        let power = if printed(&p.power) { "" } else { ", Power 3" };
        let health = if printed(&p.health) { "" } else { ", Health 5" };
        // An X its text leaves to the player (`Pay X Force -> Evade X`) is given.
        let x_given = card.spec.x.is_none() && card.spec.stateful.iter().any(|s| s.per.is_some());
        let spec = match x_given {
            true => format!("{spec}, X = 2"),
            false => spec,
        };
        // In its first arena (Switch items need one), its paid abilities paid and not; tapped
        // as a defender, which a Stealth unit must be to be attacked.
        let arena = p.arenas.first().copied().unwrap_or(Arena::Ground);
        let unit = |role: &str, spec: &str, paid: Paid| {
            let unit =
                Unit::parse_with(role, spec, cards).unwrap_or_else(|e| panic!("{spec}: {e}"));
            unit.resolve(Some(arena), paid)
                .unwrap_or_else(|e| panic!("{spec}: {e}"))
        };
        for paid in [
            Paid::NONE,
            Paid {
                abilities: true,
                enhance: true,
            },
        ] {
            for (attacker, defender) in [
                (
                    unit("attacker", &format!("{spec}{power}"), paid),
                    plain("Health 5"),
                ),
                (
                    plain("Power 3"),
                    unit("defender", &format!("{spec}{health}, Tapped"), paid),
                ),
            ] {
                run(&Scenario::new(attacker, defender, Rules::default()))
                    .unwrap_or_else(|e| panic!("{spec} ({paid:?}): {e}"));
                attacks += 1;
            }
        }
    }
    assert_eq!(attacks, 4 * cards.all().len());
}

#[test]
fn a_units_x_that_only_the_player_knows_must_be_given() {
    let cards = Cards::builtin();
    let open_x = cards
        .all()
        .iter()
        .filter(|c| c.spec.x.is_none() && c.spec.stateful.iter().any(|s| s.per.is_some()))
        .collect::<Vec<_>>();
    assert!(!open_x.is_empty(), "a built-in card leaves X to the player");
    for card in open_x {
        let p = card.printing.as_ref().expect("a built-in card is printed");
        let spec = format!(
            "@{} [{}]",
            holodice_engine::names::spelt(&card.name),
            p.sets[0]
        );
        let err = Unit::parse_with("attacker", &spec, cards).unwrap_err();
        assert!(
            err.to_string().contains("the SPEC says not what X is"),
            "{spec}: {err}"
        );
        Unit::parse_with("attacker", &format!("{spec}, X = 2"), cards)
            .unwrap_or_else(|e| panic!("{spec}, X = 2: {e}"));
    }
}
