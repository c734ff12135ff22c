//! `legion army`: real lists read from their Legion HQ 2 links, and every cell the single
//! `legion attack` of its two SPECs.

use crate::common::{fraction, holodice, holodice_ok, stderr};
use num_rational::BigRational;
use serde_json::Value;

/// An Imperial list as Legion HQ 2's generateLink writes it: Darth Vader (Dark Lord of the
/// Sith), 2 Stormtroopers with a DLT-19 Stormtrooper, Snowtroopers, an AT-ST with an AT-ST
/// Mortar Launcher in its first hardpoint and 74-Z Speeder Bikes; no command cards (6 empty).
const EMPIRE: &str =
    "https://legionhq2.com/list/empire/1at0000,2ayej000,1az0000,1bg0fi000,1bf0,,,,,,";

/// A Rebel list: Luke Skywalker (Hero of the Rebellion), 2 Rebel Troopers with a Z-6 Trooper,
/// Fleet Troopers, an AT-RT and a T-47 Airspeeder.
const REBELS: &str =
    "https://legionhq2.com/list/rebels/1ad0000,2ahed000,1ai0000,1ao00,1ap000,,,,,,";

fn json(args: &[&str]) -> Value {
    serde_json::from_str(&holodice_ok(args)).unwrap()
}

/// `legion army` with `args`, as JSON.
fn army(args: &[&str]) -> Value {
    json(&[&["legion", "army"], args, &["--format", "json"]].concat())
}

/// `legion army` of one list against Rebel Troopers at range 2, as JSON.
fn against_rebel_troopers(list: &str) -> Value {
    army(&[
        "--list",
        list,
        "--range",
        "2",
        "--against",
        "@Rebel Troopers",
    ])
}

/// `legion attack` of two SPECs, as JSON.
fn single(attacker: &str, defender: &str) -> Value {
    json(&[
        "legion",
        "attack",
        "--attacker",
        attacker,
        "--defender",
        defender,
        "--format",
        "json",
    ])
}

/// An exact fraction as JSON gives it (`"n/d"`).
fn ratio(v: &Value) -> BigRational {
    fraction(v.as_str().unwrap())
}

/// Every band of every pairing: the two SPECs, and the cell's mean wounds and chance to wipe.
fn cells(answer: &Value) -> Vec<(String, String, Value, Value)> {
    let mut out = Vec::new();
    for p in answer["pairings"].as_array().unwrap() {
        for b in p["bands"].as_array().unwrap() {
            if b.get("refused").is_none() {
                let spec = |k: &str| b[k].as_str().unwrap().to_string();
                out.push((
                    spec("attacker"),
                    spec("defender"),
                    b["mean_wounds"].clone(),
                    b["wiped"].clone(),
                ));
            }
        }
    }
    out
}

/// Each cell is `legion attack` of its SPECs, exactly.
fn each_cell_is_its_single_attack(answer: &Value) {
    let found = cells(answer);
    assert!(found.len() >= 10, "{} cells", found.len());
    for (attacker, defender, mean, wiped) in found {
        let one = single(&attacker, &defender);
        assert_eq!(one["wounds"]["mean"], mean, "{attacker} → {defender}");
        assert_eq!(one["wiped"], wiped, "{attacker} → {defender}");
    }
}

#[test]
fn every_matrix_cell_of_two_real_lists_is_its_single_attack() {
    let answer = army(&["--list", EMPIRE, "--vs-list", REBELS]);
    assert_eq!(answer["pairings"].as_array().unwrap().len(), 5 * 5);
    each_cell_is_its_single_attack(&answer);
}

#[test]
fn every_row_against_the_default_profiles_is_its_single_attack_under_cover() {
    let answer = army(&["--list", REBELS, "--with", "cover light"]);
    let against = answer["against"].as_array().unwrap();
    assert!(against.iter().any(|a| a["name"] == "white-die corps"));
    each_cell_is_its_single_attack(&answer);
}

#[test]
fn the_best_band_is_the_one_with_the_most_mean_wounds() {
    let answer = army(&["--list", EMPIRE, "--against", "@Rebel Troopers"]);
    for p in answer["pairings"].as_array().unwrap() {
        let mean = |b: &Value| ratio(&b["mean_wounds"]);
        let ok: Vec<&Value> = p["bands"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|b| b.get("refused").is_none())
            .collect();
        let best = ok.iter().map(|b| mean(b)).max().unwrap();
        let named = ok.iter().find(|b| b["band"] == p["best"]).unwrap();
        assert_eq!(mean(named), best, "{p}");
    }
}

#[test]
fn the_list_is_read_back_with_its_points_and_link() {
    let answer = against_rebel_troopers(EMPIRE);
    let list = &answer["list"];
    // Hand-summed from the card costs: Vader 170, 2 × (Stormtroopers 42 + DLT-19 20),
    // Snowtroopers 42, AT-ST 145 + Mortar Launcher 5, 74-Z Speeder Bikes 70.
    assert_eq!(list["points"], 170 + 2 * (42 + 20) + 42 + 145 + 5 + 70);
    assert_eq!(list["link"], EMPIRE);
    assert_eq!(list["units"][1]["count"], 2);
    assert_eq!(list["units"][1]["upgrades"][0], "DLT-19 Stormtrooper");
    assert_eq!(answer["range"], "range 2");
}

#[test]
fn a_melee_band_on_a_vehicle_that_cannot_be_engaged_is_a_refused_cell_not_an_error() {
    let answer = army(&["--list", EMPIRE, "--vs-list", REBELS, "--range", "melee"]);
    let airspeeder = (answer["pairings"].as_array().unwrap().iter())
        .find(|p| {
            p["defender"] == "T-47 Airspeeder"
                && p["attacker"] == "Darth Vader (Dark Lord of the Sith)"
        })
        .unwrap();
    let refused = airspeeder["bands"][0]["refused"].as_str().unwrap();
    assert!(refused.contains("Immune: Melee"), "{refused}");
}

#[test]
fn an_upgrade_the_unit_may_not_take_is_read_with_a_note() {
    // The Ax-108 "Ground Buzzer" is a T-47 Airspeeder's hardpoint, not an AT-ST's.
    let list = "https://legionhq2.com/list/empire/1bg0ff000,,,,,,";
    let answer = against_rebel_troopers(list);
    let notes = answer["list"]["notes"].as_array().unwrap();
    assert!(
        notes
            .iter()
            .any(|n| n.as_str().unwrap().contains("Ground Buzzer")),
        "{notes:?}"
    );
    assert_eq!(
        answer["list"]["units"][0]["upgrades"][0],
        "Ax-108 \"Ground Buzzer\""
    );
}

#[test]
fn an_unknown_card_id_in_a_link_is_one_line_naming_it() {
    let out = holodice(&[
        "legion",
        "army",
        "--list",
        "https://legionhq2.com/list/empire/1zz0000",
    ]);
    assert_eq!(out.status.code(), Some(2));
    let e = stderr(&out);
    assert_eq!(e.trim().lines().count(), 1, "{e}");
    assert!(e.contains("zz"), "{e}");
}

#[test]
fn a_bad_band_names_the_valid_ones() {
    let out = holodice(&["legion", "army", "--list", EMPIRE, "--range", "5"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("give 1, 2, 3, 4"), "{}", stderr(&out));
}

#[test]
fn the_text_matrix_names_both_armies_units() {
    let text = holodice_ok(&[
        "legion",
        "army",
        "--list",
        EMPIRE,
        "--vs-list",
        REBELS,
        "--range",
        "2",
    ]);
    for name in [
        "Darth Vader",
        "Snowtroopers",
        "Rebel Troopers",
        "T-47 Airspeeder",
    ] {
        assert!(text.contains(name), "{name}: {text}");
    }
}

#[test]
fn a_json_list_from_a_file_reads_as_the_same_list_by_link() {
    // As Legion HQ 2's generateTTSJSONText writes it: a unit with count 2 is two entries.
    let text = r#"{"author": "Legion HQ", "listname": "Vader's fist", "points": 294,
      "armyFaction": "empire", "commandCards": ["Standing Orders"], "contingencies": [],
      "units": [
        {"name": "Darth Vader Dark Lord of the Sith", "upgrades": [], "loadout": []},
        {"name": "Stormtroopers", "upgrades": ["DLT-19 Stormtrooper"], "loadout": []},
        {"name": "Stormtroopers", "upgrades": ["DLT-19 Stormtrooper"], "loadout": []}],
      "battlefieldDeck": {"conditions": [], "deployment": [], "objective": [], "scenario": "standard"}}"#;
    let file = crate::common::scratch("army").join("list.json");
    std::fs::write(&file, text).unwrap();
    let path = file.to_str().unwrap();
    let by_file = army(&[
        "--list-file",
        path,
        "--range",
        "2",
        "--against",
        "@Rebel Troopers",
    ]);
    let link = "https://legionhq2.com/list/empire/1at0000,2ayej000,,,,,,";
    let by_link = against_rebel_troopers(link);
    assert_eq!(by_file["list"]["units"], by_link["list"]["units"]);
    assert_eq!(by_file["list"]["title"], "Vader's fist");
    assert_eq!(by_file["pairings"], by_link["pairings"]);
}

#[test]
fn a_unit_whose_weapons_need_choosing_takes_the_choice_with_the_most_mean_wounds() {
    // Iden Versio (Inferno Squad Leader), id kg: two ranged weapons fit range 2 and her one mini
    // adds one, so `range 2` alone is refused; each weapon chosen is an attack.
    let list = "empire/1kg00000,,,,,,";
    let answer = against_rebel_troopers(list);
    let cell = &answer["pairings"][0]["bands"][0];
    let best = ["Iden's DLT-20A Rifle", "Iden's TL-50 Repeater"]
        .iter()
        .map(|w| {
            let attacker = format!("@Iden Versio (Inferno Squad Leader), range 2, weapon {w}");
            ratio(&single(&attacker, "@Rebel Troopers")["wounds"]["mean"])
        })
        .max()
        .unwrap();
    assert_eq!(ratio(&cell["mean_wounds"]), best, "{cell}");
    assert!(
        cell["attacker"].as_str().unwrap().contains("weapon"),
        "{cell}"
    );
}
