//! Card files on the command line: LackeyCCG set files given with --cards, '@Name (A)' and the
//! one-line errors when a name is ambiguous or a file is wrong, and --pay deciding the abilities
//! paid as units attack or are attacked. Every card here is made up.

use crate::common::{assert_user_error, game_attack_ok, holodice_ok, pmf_strings, scratch};
use serde_json::{json, Value};
use std::path::{Path, PathBuf};

const HEADER: &str = "Name\tSet\tImageFile\tSide\tType\tSubtype\tCost\tSpeed\tPower\tHealth\t\
                      Rarity\tNumber\tUsage\tText\tScript\tClassification\tDraftRarity";

/// A set file of made-up cards, written once per test under `name`.
fn set_file(name: &str) -> PathBuf {
    let rows = [
        // Power 1, Health 1; may pay 2 Force for Evade 1.
        "Dune Skimmer (A)\tZZ\tZZ001\tL\tGround\tSkiff\t3\t50\t1\t1\tC\t1\t\t\
         Pay 2 Force -> Evade 1 | When Dune Skimmer is discarded, draw a card.\t\t\t",
        "Dune Skimmer (B)\tZZ\tZZ002\tL\tGround\tSkiff\t4\t50\t2\t3\tC\t2\t\tArmor\t\t\t",
        // Power 2; may pay 1 Force for Accuracy 1.
        "Gunner Drone\tZZ\tZZ003\tD\tGround\tDroid\t3\t40\t2\t2\tC\t3\t\t\
         Pay 1 Force -> Accuracy 1\t\t\t",
        "Sand Trap\tZZ\tZZ004\tN\tBattle\t\t\t\t\t\tC\t4\t\tPay 2 Force -> Tap a unit.\t\t\t",
    ];
    let dir = scratch(name);
    let path = dir.join("ZZ.txt");
    std::fs::write(&path, format!("{HEADER}\n{}\n", rows.join("\n"))).unwrap();
    path
}

fn attack_json(file: &Path, attacker: &str, defender: &str, extra: &[&str]) -> Value {
    let mut args = vec![
        "swtcg",
        "attack",
        "--cards",
        file.to_str().unwrap(),
        "--attacker",
        attacker,
        "--defender",
        defender,
        "--format",
        "json",
    ];
    args.extend(extra);
    serde_json::from_str(&holodice_ok(&args)).unwrap()
}

fn attack_error(file: &Path, attacker: &str, defender: &str, needles: &[&str]) -> String {
    let args = [
        "swtcg",
        "attack",
        "--cards",
        file.to_str().unwrap(),
        "--attacker",
        attacker,
        "--defender",
        defender,
    ];
    assert_user_error(&args, needles)
}

fn notes(doc: &Value) -> Vec<&str> {
    doc["notes"].as_array().map_or(Vec::new(), |n| {
        n.iter().map(|n| n.as_str().unwrap()).collect()
    })
}

#[test]
fn at_name_with_its_version_picks_the_card_from_the_set_file() {
    let file = set_file("version");
    let doc = attack_json(&file, "Power 2", "@Dune Skimmer (B)", &[]);
    assert_eq!(doc["defender"], "Power 2, Health 3, Armor");
    let doc = attack_json(&file, "@gunner drone", "Health 2", &[]);
    assert_eq!(doc["attacker"], "Power 2, Health 2");
}

#[test]
fn a_name_of_several_versions_exits_2_listing_them() {
    let file = set_file("versions");
    let err = attack_error(
        &file,
        "Power 2",
        "@Dune Skimmer",
        &["'Dune Skimmer' names 2 versions: Dune Skimmer (A), Dune Skimmer (B)"],
    );
    assert!(
        err.ends_with("write one, as in '@Dune Skimmer (A)'\n"),
        "{err}"
    );
    attack_error(
        &file,
        "Power 2",
        "@Sand Trap",
        &[
            "'Sand Trap' (",
            "ZZ.txt:5) is a card of type Battle, not a unit",
        ],
    );
}

#[test]
fn a_set_file_with_a_bad_number_exits_2_naming_the_file_line_and_card() {
    let dir = scratch("bad-number");
    let path = dir.join("BAD.txt");
    let text =
        format!("{HEADER}\nBroken Walker\tZZ\tIMG\tD\tGround\t\t5\t30\tfive\t4\tC\t1\t\t\t\t\t\n");
    std::fs::write(&path, text).unwrap();
    attack_error(
        &path,
        "Power 1",
        "Health 1",
        &["BAD.txt:2: item 'Broken Walker': Power 'five' is not a whole number"],
    );
}

/// Power 2 at 4+: hits are 0, 1, 2 with 1/4, 1/2, 1/4. Dune Skimmer (A) has Health 1, and Evade
/// 1 when it pays: unpaid it is destroyed by any hit (3/4); paid, only by two hits (1/4), which
/// leave 1 counter after Evade.
#[test]
fn pay_decides_whether_a_paid_evade_applies() {
    let file = set_file("pay-evade");
    let unpaid = attack_json(&file, "Power 2", "@Dune Skimmer (A)", &[]);
    assert_eq!(unpaid["destroyed"], "3/4");
    assert!(unpaid.get("without_paid").is_none());
    assert!(
        notes(&unpaid).contains(
            &"defender: Paid abilities not paid: Evade 1 not applied (--pay all pays them)"
        ),
        "{:?}",
        notes(&unpaid)
    );
    assert!(notes(&unpaid).contains(
        &"defender: Dune Skimmer (A): not modelled: When Dune Skimmer is discarded, draw a card."
    ));
    for pay in ["defender", "all"] {
        let paid = attack_json(&file, "Power 2", "@Dune Skimmer (A)", &["--pay", pay]);
        assert_eq!(paid["destroyed"], "1/4", "--pay {pay}");
        assert_eq!(
            pmf_strings(&paid["damage"]),
            [(0, "3/4".to_string()), (1, "1/4".to_string())]
        );
        assert_eq!(paid["without_paid"]["destroyed"], "3/4");
        assert!(notes(&paid).contains(&"defender: Paid abilities paid: Evade 1 applied"));
    }
    // The attacker's side paying leaves the defender's ability unpaid.
    let attacker = attack_json(
        &file,
        "Power 2",
        "@Dune Skimmer (A)",
        &["--pay", "attacker"],
    );
    assert_eq!(attacker["destroyed"], "3/4");
    assert!(attacker.get("without_paid").is_none());
}

/// Gunner Drone: Power 2, and Accuracy 1 when it pays, so its dice hit on 3+ (2/3) instead of
/// 4+ (1/2). Against Health 2 both dice must hit: (1/2)² = 1/4 unpaid, (2/3)² = 4/9 paid.
#[test]
fn pay_picks_the_side_that_pays() {
    let file = set_file("pay-side");
    let cases = [
        ("none", "1/4"),
        ("attacker", "4/9"),
        ("defender", "1/4"),
        ("all", "4/9"),
    ];
    for (pay, destroyed) in cases {
        let doc = attack_json(&file, "@Gunner Drone", "Health 2", &["--pay", pay]);
        assert_eq!(doc["destroyed"], destroyed, "--pay {pay}");
    }
}

/// Dice of damage hit on 4+ too; their target is on the defender's side: 2 dice against Dune
/// Skimmer (A) with its Evade 1 paid destroy it only when both hit (1/4).
#[test]
fn a_dice_target_pays_as_the_defenders_side() {
    let file = set_file("pay-dice");
    let args = |pay: &'static str| {
        [
            "swtcg",
            "dice",
            "--count",
            "2",
            "--cards",
            file.to_str().unwrap(),
            "--target",
            "@Dune Skimmer (A)",
            "--pay",
            pay,
            "--format",
            "json",
        ]
        .map(String::from)
    };
    let run = |pay| {
        let a = args(pay);
        let a: Vec<&str> = a.iter().map(String::as_str).collect();
        serde_json::from_str::<Value>(&holodice_ok(&a)).unwrap()
    };
    assert_eq!(run("defender")["destroyed"], "1/4");
    assert_eq!(run("attacker")["destroyed"], "3/4");
}

#[test]
fn a_pay_item_written_in_a_spec_is_paid_as_a_cards_is() {
    let file = set_file("pay-spec");
    let doc = attack_json(
        &file,
        "Power 2",
        "Health 1, pay: Evade 1",
        &["--pay", "all"],
    );
    assert_eq!(doc["destroyed"], "1/4");
    assert_eq!(doc["defender"], "Health 1, Evade 1");
}

/// A file of the repository, by its path from the top.
fn fixture(path: &str) -> String {
    format!("{}/{path}", env!("CARGO_MANIFEST_DIR"))
}

fn cards_listing(file: &Path, extra: &[&str]) -> String {
    let mut args = vec!["swtcg", "cards", "--cards", file.to_str().unwrap()];
    args.extend(extra);
    holodice_ok(&args)
}

#[test]
fn cards_lists_each_card_with_what_was_read_from_its_text() {
    let file = set_file("list-text");
    let text = cards_listing(&file, &["skimmer (a"]);
    let expected = "\nDune Skimmer (A)\n  sets: ZZ\n  number: 1\n  side: light\n  type: Ground\n  \
                    subtype: Skiff\n  cost: 3\n  speed: 50\n  power: 1\n  health: 1\n  items: \
                    Power 1, Health 1\n  paid (--pay): Evade 1\n  not modelled: When Dune Skimmer \
                    is discarded, draw a card.\n  from: ";
    assert!(
        text.starts_with("SWTCG cards matching 'skimmer (a'\n1 of "),
        "{text}"
    );
    assert!(text.contains(expected), "{text}");
    assert!(text.trim_end().ends_with("ZZ.txt:2"), "{text}");
    // The built-in cards, then the files' cards, in order; a set, side and arena filter.
    let all = cards_listing(&file, &["--arena", "ground"]);
    let built_in = all.find("\n  from: built in\n").unwrap();
    let trap = all.find("\nDune Skimmer (B)\n  sets: ZZ\n").unwrap();
    assert!(built_in < trap, "{all}");
    assert!(
        !all.contains("\nSand Trap\n"),
        "a Battle card is no ground unit"
    );
    let dark = cards_listing(&file, &["--set", "zz", "--side", "dark"]);
    assert!(
        dark.contains("\n1 of ") && dark.contains("\nGunner Drone\n"),
        "{dark}"
    );
}

#[test]
fn cards_are_kept_by_the_format_players_name_in_any_case() {
    // formats.txt: WOTC is AOTC, SR, ANH, BOY, JG, ESB, RAS, PM, ROTJ, ROTS; SITH is an IDC set
    // of LEG alone, so no SITH card is WotC's.
    let wotc: Value = serde_json::from_str(&holodice_ok(&[
        "swtcg", "cards", "--legal", "wotc", "--format", "json",
    ]))
    .unwrap();
    let wotc_sets = [
        "AOTC", "SR", "ANH", "BOY", "JG", "ESB", "RAS", "PM", "ROTJ", "ROTS",
    ];
    let mut seen: Vec<&str> = Vec::new();
    for card in wotc["cards"].as_array().unwrap() {
        let set = card["sets"][0].as_str().unwrap();
        assert!(wotc_sets.contains(&set), "{set}");
        assert!(card["formats"].as_array().unwrap().contains(&json!("WOTC")));
        seen.push(set);
    }
    seen.sort_unstable();
    seen.dedup();
    assert_eq!(
        seen.len(),
        10,
        "every WotC set, PM and SR among them: {seen:?}"
    );
    // The part after " - " may be left out; the label in full works too.
    let tor = holodice_ok(&["swtcg", "cards", "--legal", "TOR", "--arena", "space"]);
    let full = holodice_ok(&[
        "swtcg",
        "cards",
        "--legal",
        "tor - the old republic",
        "--arena",
        "space",
    ]);
    assert_eq!(tor, full);
    assert!(tor.contains("\n  sets: KAE\n"), "{tor}");
    let sith = holodice_ok(&["swtcg", "cards", "--set", "SITH", "--format", "json"]);
    let sith: Value = serde_json::from_str(&sith).unwrap();
    for card in sith["cards"].as_array().unwrap() {
        assert_eq!(card["formats"], json!(["LEG - Legacy"]), "{}", card["name"]);
    }
    assert_user_error(
        &["swtcg", "cards", "--legal", "vintag"],
        &["--legal: unknown format 'vintag'; did you mean 'Vintage'?"],
    );
    // NEW's sets have no set file among LackeyCCG's: said, not an empty filter's line.
    for command in ["cards", "coverage"] {
        assert_user_error(
            &["swtcg", command, "--legal", "new"],
            &["the format NEW (NEW - New Republic and New Jedi Order) allows the sets RS, ER"],
        );
    }
}

#[test]
fn a_name_printed_differently_in_two_sets_is_named_with_its_set() {
    // R2-D2 (U): TMW prints a 3-cost Astromech Droid (1 power, 3 health), TROS a 4-cost
    // Resistance Astromech Droid (2 power, 3 health).
    assert_user_error(
        &[
            "swtcg",
            "attack",
            "--attacker",
            "@R2-D2 (U)",
            "--defender",
            "Health 3",
        ],
        &["'R2-D2 (U)' is printed 2 different ways, in TMW, TROS: write one with its set"],
    );
    let tros = game_attack_ok(
        "swtcg",
        "@R2-D2 (U) [TROS]",
        "Health 3",
        &["--format", "json"],
    );
    let tros: Value = serde_json::from_str(&tros).unwrap();
    assert_eq!(tros["dice"], 2);
    let listed = holodice_ok(&["swtcg", "cards", "r2-d2 (u)", "--format", "json"]);
    let listed: Value = serde_json::from_str(&listed).unwrap();
    let cards = listed["cards"].as_array().unwrap();
    let names: Vec<&Value> = cards.iter().map(|c| &c["spec_name"]).collect();
    assert_eq!(
        names,
        [&json!("R2-D2 (U) [TMW]"), &json!("R2-D2 (U) [TROS]")]
    );
    let tmw = game_attack_ok(
        "swtcg",
        "@r2-d2 (u) [tmw]",
        "Health 3",
        &["--format", "json"],
    );
    let tmw: Value = serde_json::from_str(&tmw).unwrap();
    assert_eq!(tmw["dice"], 1);
}

#[test]
fn coverage_counts_units_per_set_and_format() {
    // IA.txt holds 19 unit rows, all of type Character or Ground; IA is in Standard alone.
    let doc: Value = serde_json::from_str(&holodice_ok(&[
        "swtcg", "coverage", "--set", "ia", "--format", "json",
    ]))
    .unwrap();
    let sets = doc["sets"].as_array().unwrap();
    assert_eq!(sets.len(), 1);
    let ia = &sets[0];
    assert_eq!(
        (&ia["set"], &ia["maker"], &ia["units"]),
        (&json!("IA"), &json!("IDC"), &json!(19))
    );
    assert_eq!(ia["formats"], json!(["Standard"]));
    let (full, notes) = (
        ia["fully_modelled"].as_u64().unwrap(),
        ia["with_notes"].as_u64().unwrap(),
    );
    // A unit without notes is fully modelled; one with notes may be too (speed, card draw).
    assert!(full >= 19 - notes && full <= 19, "{ia}");
    let formats = doc["formats"].as_array().unwrap();
    assert_eq!(formats.len(), 1);
    assert_eq!(formats[0]["format"], "Standard");
    assert_eq!(formats[0]["units"], 19);
    // Every format's units are the cards `swtcg cards --legal` lists.
    let all: Value =
        serde_json::from_str(&holodice_ok(&["swtcg", "coverage", "--format", "json"])).unwrap();
    for format in all["formats"].as_array().unwrap() {
        let label = format["format"].as_str().unwrap();
        let listed: Value = serde_json::from_str(&holodice_ok(&[
            "swtcg", "cards", "--legal", label, "--format", "json",
        ]))
        .unwrap();
        assert_eq!(
            format["units"],
            listed["cards"].as_array().unwrap().len(),
            "{label}"
        );
    }
    let text = holodice_ok(&["swtcg", "coverage", "--legal", "standard"]);
    assert!(
        text.contains(
            "\nTMW (The Mandalorian Way; IDC; Standard, The Mandalorian Way, Mandoverse)\n"
        ),
        "{text}"
    );
    assert_user_error(
        &["swtcg", "coverage", "--legal", "standard", "--set", "ANH"],
        &["no unit is printed in that set and legal in that format"],
    );
}

#[test]
fn the_built_in_cards_are_the_units_of_27_sets_named_as_printed() {
    // As the sets print them: ANH's Darth Vader (B) is a Dark Character, 6 to build, 40 speed,
    // 6 power, 5 health; ROTJ's Red Squadron X-Wing a Space unit with 2 power and 2 health.
    let vader = holodice_ok(&["swtcg", "cards", "darth vader (b)"]);
    for line in [
        "sets: ANH",
        "side: dark",
        "type: Character",
        "cost: 6",
        "speed: 40",
    ] {
        assert!(vader.contains(&format!("\n  {line}\n")), "{line}: {vader}");
    }
    assert!(vader.contains("\n  items: Power 6, Health 5\n"), "{vader}");
    let doc: Value = serde_json::from_str(&holodice_ok(&[
        "swtcg", "cards", "--set", "ANH", "--format", "json",
    ]))
    .unwrap();
    let cards = doc["cards"].as_array().unwrap();
    assert!(cards.len() > 100, "{}", cards.len());
    assert!(cards
        .iter()
        .all(|c| c["sets"] == serde_json::json!(["ANH"])));
    assert_user_error(
        &["swtcg", "cards", "--set", "ANHH"],
        &["no card is printed in set 'ANHH'; did you mean 'ANH'?"],
    );
    let x_wing = game_attack_ok(
        "swtcg",
        "@Red Squadron X-Wing",
        "Health 9",
        &["--format", "json"],
    );
    let x_wing: Value = serde_json::from_str(&x_wing).unwrap();
    assert_eq!(x_wing["dice"], 2);
}

#[test]
fn cards_json_is_a_contract_with_every_key_always_there() {
    let file = set_file("list-json");
    let doc: Value = serde_json::from_str(&cards_listing(
        &file,
        &["dune", "--set", "ZZ", "--format", "json"],
    ))
    .unwrap();
    assert_eq!(doc["schema"], 1);
    assert_eq!(doc["query"], "dune");
    let cards = doc["cards"].as_array().unwrap();
    assert_eq!(cards.len(), 2);
    let keys = [
        "name",
        "file",
        "line",
        "sets",
        "formats",
        "spec_name",
        "spec",
        "number",
        "side",
        "type",
        "subtype",
        "unit",
        "arenas",
        "cost",
        "speed",
        "power",
        "health",
        "items",
        "paid",
        "switch",
        "enhance",
        "insert",
        "stack",
        "not_modelled",
    ];
    for card in cards {
        let mut got: Vec<&str> = card
            .as_object()
            .unwrap()
            .keys()
            .map(String::as_str)
            .collect();
        got.sort_unstable();
        let mut want = keys.to_vec();
        want.sort_unstable();
        assert_eq!(got, want);
    }
    let a = &cards[0];
    assert_eq!(a["name"], "Dune Skimmer (A)");
    assert_eq!(a["line"], 2);
    assert_eq!(a["sets"], serde_json::json!(["ZZ"]));
    assert_eq!(a["type"], "Ground");
    assert_eq!(a["arenas"], serde_json::json!(["ground"]));
    assert_eq!(
        (a["cost"].as_i64(), a["power"].as_i64()),
        (Some(3), Some(1))
    );
    assert_eq!(a["items"], serde_json::json!(["Power 1", "Health 1"]));
    assert_eq!(a["paid"], serde_json::json!(["Evade 1"]));
    assert_eq!(a["insert"], Value::Null);
    assert_eq!(
        a["not_modelled"],
        serde_json::json!(["When Dune Skimmer is discarded, draw a card."])
    );
    assert_eq!(
        (&a["number"], &a["side"], &a["subtype"]),
        (
            &serde_json::json!("1"),
            &serde_json::json!("light"),
            &serde_json::json!("Skiff")
        )
    );
    // A YAML card: no set, no printed type, its numbers from its items.
    let yaml: Value = serde_json::from_str(&holodice_ok(&[
        "swtcg",
        "cards",
        "r2 astromech",
        "--cards",
        &fixture("tests/fixtures/swtcg/cards.yaml"),
        "--format",
        "json",
    ]))
    .unwrap();
    let r2 = &yaml["cards"][0];
    assert_eq!(
        (r2["type"].is_null(), r2["unit"].as_bool()),
        (true, Some(true))
    );
    assert_eq!(r2["insert"]["items"], serde_json::json!(["Evade 1"]));
    assert_eq!(r2["power"], 1);
}

#[test]
fn cards_draws_its_table_in_the_other_formats() {
    let file = set_file("list-formats");
    let csv = cards_listing(&file, &["gunner", "--set", "ZZ", "--format", "csv"]);
    let mut lines = csv.lines();
    assert!(lines
        .next()
        .unwrap()
        .starts_with("card,sets,formats,number,side,type,subtype,cost,speed,power,health,items,"));
    let row = lines.next().unwrap();
    assert!(
        row.starts_with(
            "Gunner Drone,ZZ,,3,dark,Ground,Droid,3,40,2,2,\"Power 2, Health 2\",Accuracy 1,,,,,,"
        ),
        "{row}"
    );
    let md = cards_listing(&file, &["skimmer (a)", "--format", "markdown"]);
    assert!(
        md.contains("| Dune Skimmer (A) | ZZ |  | 1 | light | Ground | Skiff | 3 | 50 | 1 | 1 |"),
        "{md}"
    );
    let html = cards_listing(&file, &["trap", "--format", "html"]);
    assert!(html.contains("Sand Trap"), "{html}");
    assert_user_error(
        &["swtcg", "cards", "--format", "svg"],
        &["invalid value 'svg' for '--format <FORMAT>'"],
    );
}

#[test]
fn cards_without_a_match_exits_2_with_the_nearest_name() {
    let file = set_file("list-none");
    let path = file.to_str().unwrap();
    assert_user_error(
        &["swtcg", "cards", "gunnr", "--cards", path],
        &["no card name contains 'gunnr'; did you mean 'Gunner Drone'?"],
    );
    assert_user_error(
        &["swtcg", "cards", "zzzzzzzz"],
        &["no card name contains 'zzzzzzzz' (holodice swtcg cards lists them all"],
    );
}
