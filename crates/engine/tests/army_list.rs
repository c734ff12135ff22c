//! Army lists: Legion HQ 2 links and JSON lists read into one list, its link written back, its
//! points, notes and errors, and each unit's SPEC.
//!
//! The fixture links are built by hand with Legion HQ 2's encoder (`generateLink`): `POINTS:`
//! and the battle force's code, then `{count}{unit id}{slots}`, `_{loadout}`, `+1{counterpart
//! id}{slots}`, the command cards padded to six, the contingencies, the battle cards. Card ids,
//! names and costs are read from data/legion/cards.yaml and data/legion/list-cards.yaml.

use holodice_engine::legion::army_list::{ArmyList, ListCard, ListUnit};
use holodice_engine::legion::cards::Cards;
use holodice_engine::legion::Scenario;
use proptest::prelude::*;

fn read(text: &str) -> ArmyList {
    ArmyList::read(text, Cards::builtin()).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn error(text: &str) -> String {
    match ArmyList::read(text, Cards::builtin()) {
        Ok(list) => panic!("{text} read: {list:?}"),
        Err(e) => e.to_string(),
    }
}

fn slots(ids: &[&str]) -> Vec<Option<String>> {
    let id = |s: &&str| (!s.is_empty()).then(|| s.to_string());
    ids.iter().map(id).collect()
}

fn unit(card: &str, count: u32, upgrades: &[&str]) -> ListUnit {
    ListUnit {
        card: card.into(),
        count,
        upgrades: slots(upgrades),
        loadout: vec![],
        counterpart: None,
    }
}

/// Empire, 1000 points: Iden Versio (kg) with an empty command slot, Duck and Cover (dh),
/// Tenacity (df), Targeting Scopes (dc), a loadout of Tenacity, Duck and Cover and
/// Environmental Gear (de), and her ID10 (lw, one empty comms slot); two Stormtroopers (ay)
/// with DLT-19 (ej), Targeting Scopes and Impact Grenades (dk); four commands (Assault bj,
/// Push bk, Ambush bl, Pinned Down cb) padded to six; Marked Targets (Ac) and Cunning
/// Deployment (yv).
const INFERNO: &str = "https://legionhq2.com/list/empire/1000:1kg0dhdfdc_0dfdhde+1lw0,\
                       2ayej0dcdk,bj,bk,bl,cb,,,Ac,yv";
/// Rebels, no prefix: Rebel Troopers (ah) with Z-6 (ed), Rebel Trooper Captain (jo, which adds
/// a training slot), Environmental Gear, Impact Grenades and Duck and Cover in the added
/// slot; Leia (ab) with two empty command slots; six commands and Covering Fire (ch) as a
/// contingency.
const HOTH: &str = "https://legionhq2.com/list/rebels/1ahedjodedkdh,1ab00dhdc,ce,cl,cr,bj,bk,bl,ch";
/// Republic, 501st Legion (5t): Clone Captain Rex (fy), three Clone Trooper Infantry (fz)
/// with all six slots empty, two commands padded to six.
const FIVE_O_FIRST: &str =
    "https://legionhq2.com/list/republic/5t:1fy0dhdcdedk,3fz000000,jt,ir,,,,";
/// Separatists, 1000 points, Separatist Invasion (si): General Grievous (ia), two B1 Battle
/// Droids (gx), three commands, Destroy Enemy Base (Ab).
const INVASION: &str =
    "https://legionhq2.com/list/separatists/1000:si:1ia00dfde,2gx000,hk,hl,im,,,,Ab";
/// Mercenary, 600 points, Shadow Collective (sc): Din Djarin (tk) with Grogu (tn), Black Sun
/// Enforcers (rb), one command.
const COLLECTIVE: &str =
    "https://legionhq2.com/list/mercenary/600:sc:1tkdhdf0dcde0+1tn,1rb00dcdk,bj,,,,,";
/// Empire, 1600 points, Blizzard Force (bf): three Stormtroopers with Stormtrooper Captain (jn,
/// whose added slot the decoder does not add), Darth Vader (at), six commands, two battle
/// cards.
const BLIZZARD: &str =
    "https://legionhq2.com/list/empire/1600:bf:3ay0jn00,1at0000,bm,br,bw,jc,je,fq,Ac,yv";
/// Rebels, 1000 points: Luke Skywalker (Jedi Knight, fm), two Rebel Troopers, two commands
/// padded to six, Sorry About the Mess (cs) as a contingency, two battle cards.
const SKYWALKER: &str =
    "https://legionhq2.com/list/rebels/1000:1fm000dh,2ah0000,cq,bl,,,,,cs,Ad,yw";
/// Empire, no commands at all: six empty segments.
const BARE: &str = "https://legionhq2.com/list/empire/1ay0000,,,,,,";

const FIXTURES: [&str; 8] = [
    INFERNO,
    HOTH,
    FIVE_O_FIRST,
    INVASION,
    COLLECTIVE,
    BLIZZARD,
    SKYWALKER,
    BARE,
];

#[test]
fn every_fixture_link_reads_and_writes_back_unchanged() {
    for link in FIXTURES {
        assert_eq!(read(link).link(), link);
    }
}

#[test]
fn a_link_gives_units_slots_loadout_and_counterpart() {
    let list = read(INFERNO);
    let mut iden = unit("kg", 1, &["", "dh", "df", "dc"]);
    iden.loadout = slots(&["", "df", "dh", "de"]);
    iden.counterpart = Some(Box::new(unit("lw", 1, &[""])));
    assert_eq!(
        list.units,
        vec![iden, unit("ay", 2, &["ej", "", "dc", "dk"])]
    );
    assert_eq!(list.faction.as_deref(), Some("empire"));
    assert_eq!(list.max_points, Some(1000));
    assert_eq!(list.mode.as_deref(), Some("standard mode"));
    let command = |id: &str, name: &str, pips| ListCard {
        id: Some(id.into()),
        name: name.into(),
        pips: Some(pips),
    };
    let expected = vec![
        command("bj", "Assault", 3),
        command("bk", "Push", 2),
        command("bl", "Ambush", 1),
        command("cb", "Pinned Down", 2),
    ];
    assert_eq!(list.commands, expected);
    let battle: Vec<&str> = list.battle_cards.iter().map(|c| c.name.as_str()).collect();
    assert_eq!(battle, ["Marked Targets", "Cunning Deployment"]);
    assert!(list.contingencies.is_empty());
}

#[test]
fn an_upgrade_that_adds_a_slot_adds_one_unless_it_is_the_stormtrooper_captain() {
    // As the decoder does: Rebel Trooper Captain (jo) appends an empty slot; Stormtrooper
    // Captain (jn) does not.
    let rebels = read("rebels/1ah0jo");
    assert_eq!(rebels.units[0].upgrades, slots(&["", "jo", ""]));
    let empire = read("empire/1ay0jn");
    assert_eq!(empire.units[0].upgrades, slots(&["", "jn"]));
    assert_eq!(
        read(HOTH).units[0].upgrades,
        slots(&["ed", "jo", "de", "dk", "dh"])
    );
}

#[test]
fn commands_past_the_six_slots_are_contingencies() {
    let hoth = read(HOTH);
    assert_eq!(hoth.commands.len(), 6);
    let names: Vec<&str> = hoth.contingencies.iter().map(|c| c.name.as_str()).collect();
    assert_eq!(names, ["Covering Fire"]);
    let luke = read(SKYWALKER);
    let commands: Vec<&str> = luke.commands.iter().map(|c| c.name.as_str()).collect();
    assert_eq!(commands, ["Son of Skywalker", "Ambush"]);
    assert_eq!(luke.contingencies[0].name, "Sorry About the Mess");
    assert_eq!(luke.battle_cards.len(), 2);
}

#[test]
fn prefixes_give_points_mode_and_battle_force() {
    let republic = read(FIVE_O_FIRST);
    assert_eq!(republic.battle_force.as_deref(), Some("501st Legion"));
    assert_eq!(republic.max_points, None);
    let invasion = read(INVASION);
    assert_eq!(
        invasion.battle_force.as_deref(),
        Some("Separatist Invasion")
    );
    assert_eq!(invasion.max_points, Some(1000));
    let collective = read(COLLECTIVE);
    assert_eq!(collective.mode.as_deref(), Some("500-point mode"));
    assert_eq!(
        collective.battle_force.as_deref(),
        Some("Shadow Collective")
    );
    let blizzard = read(BLIZZARD);
    assert_eq!(blizzard.mode.as_deref(), Some("grand army mode"));
    assert_eq!(blizzard.battle_force.as_deref(), Some("Blizzard Force"));
}

#[test]
fn a_mercenary_link_without_a_battle_force_is_shadow_collective() {
    let list = read("mercenary/1rb00dcdk");
    assert_eq!(list.battle_force.as_deref(), Some("Shadow Collective"));
}

#[test]
fn links_read_leniently() {
    let plain = read(INFERNO);
    let forms = [
        INFERNO.replace("https://", "http://"),
        INFERNO.replace("https://", "https://www."),
        format!("{INFERNO}/"),
        INFERNO
            .replace(',', "%2C")
            .replace(':', "%3A")
            .replacen("https%3A", "https:", 1),
        INFERNO.replace("https://legionhq2.com/list/", ""),
        format!("  {INFERNO}\n"),
    ];
    for form in forms {
        assert_eq!(read(&form), plain, "{form}");
    }
    let bare = read(&INFERNO.replace("https://legionhq2.com/list/empire/", ""));
    assert_eq!(bare.faction, None);
    assert_eq!(bare.units, plain.units);
}

#[test]
fn old_counterpart_segments_are_skipped() {
    let list = read("empire/1kg0000,1lw,1ay0000");
    let cards: Vec<&str> = list.units.iter().map(|u| u.card.as_str()).collect();
    assert_eq!(cards, ["kg", "ay"]);
}

/// Inferno as Legion HQ 2's JSON export writes it: one entry per copy, upgrades by card name,
/// the counterpart among its unit's upgrades, Standing Orders among the commands.
const INFERNO_JSON: &str = r#"{
    "author": "Legion HQ",
    "listname": "Inferno",
    "points": 265,
    "armyFaction": "empire",
    "commandCards": ["Assault", "Push", "Ambush", "Pinned Down", "Standing Orders"],
    "contingencies": [],
    "units": [
        {"name": "Iden Versio Inferno Squad Leader",
         "upgrades": ["Duck and Cover", "Tenacity", "Targeting Scopes", "Iden's ID10 Seeker Droid"],
         "loadout": ["Tenacity", "Duck and Cover", "Environmental Gear"]},
        {"name": "Stormtroopers",
         "upgrades": ["DLT-19 Stormtrooper", "Targeting Scopes", "Impact Grenades"], "loadout": []},
        {"name": "Stormtroopers",
         "upgrades": ["DLT-19 Stormtrooper", "Targeting Scopes", "Impact Grenades"], "loadout": []}
    ],
    "battlefieldDeck": {"conditions": ["Cunning Deployment"], "deployment": [],
        "objective": ["Marked Targets"], "scenario": "standard"}
}"#;

#[test]
fn a_json_list_gives_the_units_of_the_same_link() {
    let json = read(INFERNO_JSON);
    let link = read(INFERNO);
    assert_eq!(json.units, link.units);
    assert_eq!(json.commands, link.commands);
    assert_eq!(json.title.as_deref(), Some("Inferno"));
    assert_eq!(json.faction.as_deref(), Some("empire"));
    assert_eq!(json.max_points, Some(1000));
    let battle: Vec<&str> = json.battle_cards.iter().map(|c| c.name.as_str()).collect();
    assert_eq!(battle, ["Cunning Deployment", "Marked Targets"]);
}

#[test]
fn a_json_list_reads_titled_counterparts_tts_names_and_special_names() {
    // The export writes a titled counterpart as `cardName title}` (a stray brace); C-3PO
    // Human-Cyborg Relations is ji. The Bad Batch's Echo is written "Echo (The Bad Batch)".
    let json = r#"{"armyFaction": "rebel", "commandCards": ["Standing Orders"],
        "units": [{"name": "Leia Organa Fearless and Inventive",
                   "upgrades": ["C-3PO Human-Cyborg Relations}"]},
                  {"name": "Stormtroopers Heavy Response Unit", "upgrades": []}]}"#;
    let list = read(json);
    assert_eq!(list.units[0].counterpart.as_ref().unwrap().card, "ji");
    assert_eq!(list.units[1].card, "sr");
    assert!(list.commands.is_empty());
    assert_eq!(list.faction.as_deref(), Some("rebels"));
}

#[test]
fn a_json_upgrade_is_found_by_tts_name_or_as_the_one_its_unit_may_take() {
    // Combat Armor is two gear cards: Cc (ttsName "Combat Armor (Rebel)", for Rebel Officers
    // and Agents) and Cd ("Combat Armor (Empire)", for Imperial Officers and Agents). The
    // Imperial Officer unit (Cb) has doctrine, command, two training, armament and two gear
    // slots.
    let json = r#"{"armyFaction": "empire", "units": [
        {"name": "Imperial Officer", "upgrades": ["Combat Armor"]},
        {"name": "Imperial Officer", "upgrades": ["Combat Armor (Rebel)"]}]}"#;
    let list = read(json);
    assert_eq!(list.units[0].card, "Cb");
    assert_eq!(
        list.units[0].upgrades,
        slots(&["", "", "", "", "", "Cd", ""])
    );
    assert_eq!(
        list.units[1].upgrades,
        slots(&["", "", "", "", "", "Cc", ""])
    );
    assert!(list
        .notes
        .iter()
        .any(|n| n.ends_with("may not take Combat Armor")));
}

#[test]
fn points_are_the_card_costs_summed() {
    // Iden 115 + Duck and Cover 2 + Tenacity 6 + Targeting Scopes 4 + ID10 0 = 127;
    // Stormtroopers 42 + DLT-19 20 + Targeting Scopes 4 + Impact Grenades 3 = 69, twice.
    let cards = Cards::builtin();
    let inferno = read(INFERNO);
    assert_eq!(inferno.units[0].points(cards), 127);
    assert_eq!(inferno.units[1].points(cards), 69);
    assert_eq!(inferno.points(cards), 127 + 2 * 69);
    // Rebel Troopers 40 + Z-6 20 + Captain 9 + Environmental Gear 2 + Impact Grenades 3 +
    // Duck and Cover 2 = 76; Leia 75 + 2 + 4 = 81.
    assert_eq!(read(HOTH).points(cards), 76 + 81);
    // Din Djarin 95 + 2 + 6 + 4 + 2 = 109, Grogu 17; Black Sun Enforcers 50 + 4 + 3 = 57.
    assert_eq!(read(COLLECTIVE).points(cards), 109 + 17 + 57);
    // Stormtroopers 42 + Stormtrooper Captain 10, three times; Darth Vader 170.
    assert_eq!(read(BLIZZARD).points(cards), 3 * 52 + 170);
}

#[test]
fn an_over_points_list_reads_with_a_note() {
    // Darth Vader 170 twice, Darth Vader (The Emperor's Apprentice) 155, Iden 115: 610.
    let list = read("empire/600:2at0000,1fn0000,1kg0000");
    assert_eq!(list.units.len(), 3);
    assert!(list
        .notes
        .contains(&"the list's 610 points are over its 600".to_string()));
}

#[test]
fn an_upgrade_the_unit_may_not_take_reads_with_a_note() {
    // Z-6 Trooper is for Rebel Troopers only.
    let list = read("empire/1ayed000");
    assert_eq!(list.units[0].upgrades[0].as_deref(), Some("ed"));
    assert!(
        list.notes
            .iter()
            .any(|n| n == "Stormtroopers may not take Z-6 Trooper"),
        "{:?}",
        list.notes
    );
}

#[test]
fn a_unit_or_command_of_another_faction_reads_with_a_note() {
    let list = read("empire/1ah0000,ce");
    assert!(list
        .notes
        .contains(&"Rebel Troopers is a rebels unit; the list's faction is empire".to_string()));
    let command = "the command card Somebody Has to Save Our Skins is a rebels card; the list's \
                   faction is empire";
    assert!(
        list.notes.contains(&command.to_string()),
        "{:?}",
        list.notes
    );
}

#[test]
fn more_upgrades_than_slots_and_an_unknown_battle_force_read_with_notes() {
    // B1 Battle Droids have three slots.
    let list = read("separatists/zq:1gxdcdedkdh");
    assert_eq!(list.battle_force.as_deref(), Some("zq"));
    assert!(list
        .notes
        .iter()
        .any(|n| n.contains("unknown battle-force code 'zq'")));
    assert!(list
        .notes
        .contains(&"B1 Battle Droids has 4 upgrades for 3 slots".to_string()));
    assert_eq!(
        list.link(),
        "https://legionhq2.com/list/separatists/zq:1gxdcdedkdh,,,,,,"
    );
}

#[test]
fn the_counterparts_upgrades_left_off_the_spec_are_noted() {
    let list = read("empire/1kg0000+1lwdc");
    assert!(list
        .notes
        .iter()
        .any(|n| n.contains("counterpart Iden's ID10 Seeker Droid's upgrades")));
    assert_eq!(
        list.units[0].spec(Cards::builtin()),
        "@Iden Versio (Inferno Squad Leader), +@Iden's ID10 Seeker Droid"
    );
}

#[test]
fn an_unknown_name_gives_the_nearest_card() {
    let json = r#"{"armyFaction": "empire", "units": [{"name": "Stormtrooperz"}]}"#;
    assert_eq!(
        error(json),
        "unknown Legion unit 'Stormtrooperz'; did you mean 'Stormtroopers'?"
    );
    let json = r#"{"armyFaction": "empire", "commandCards": ["Asault"]}"#;
    assert_eq!(
        error(json),
        "unknown Legion command card 'Asault'; did you mean 'Assault'?"
    );
}

#[test]
fn an_unknown_id_names_its_segment() {
    assert_eq!(
        error("empire/1ayzz000"),
        "'zz' in segment '1ayzz000' is not a card id of holodice's Legion HQ data"
    );
    assert_eq!(
        error("empire/1zz0000"),
        "'zz' in segment '1zz0000' is not a card id of holodice's Legion HQ data"
    );
    assert_eq!(
        error("empire/1ay0000,zz"),
        "segment 'zz' is not a card id of holodice's Legion HQ data"
    );
}

#[test]
fn a_malformed_hash_names_its_segment() {
    assert_eq!(
        error("empire/xay0000"),
        "segment 'xay0000': a unit starts with its count, a digit 1 to 9"
    );
    assert_eq!(
        error("empire/1ay0d"),
        "segment '1ay0d': 'd' is no upgrade slot (0, or a two-letter card id)"
    );
}

#[test]
fn garbage_is_one_line() {
    for text in [
        "hello world!",
        "{not json",
        "https://example.com/x",
        "jedi/1ay",
    ] {
        let e = error(text);
        assert!(!e.contains('\n') && !e.is_empty(), "{text}: {e}");
    }
}

#[test]
fn oversized_input_is_refused_before_reading() {
    // hardening: army-list
    let huge = format!("empire/{}", "1ay0000,".repeat(10_000));
    assert!(error(&huge).contains("over the limit of 65536"));
    let many = format!("empire/{}", vec!["1ay0000"; 101].join(","));
    assert!(error(&many).contains("101 units is over the limit of 100"));
}

/// Every unit's SPEC reads: as the attacker against white defense (a unit with several
/// weapons that fit is asked which, as any SPEC naming it is: that is the attack's choice, not
/// the SPEC's), and as the defender.
#[test]
fn every_units_spec_is_one_holodice_reads() {
    let cards = Cards::builtin();
    for link in FIXTURES {
        for unit in &read(link).units {
            let spec = unit.spec(cards);
            if let Err(e) = Scenario::parse(&spec, "white defense", None) {
                let asked = e
                    .to_string()
                    .contains("choose with 'weapon NAME' or 'range N'");
                assert!(asked, "{link}: {spec}: {e}");
            }
            Scenario::parse("4 red", &spec, None)
                .unwrap_or_else(|e| panic!("{link}: {spec} defending: {e}"));
        }
    }
}

#[test]
fn a_spec_names_the_unit_its_upgrades_and_its_counterpart() {
    let cards = Cards::builtin();
    let inferno = read(INFERNO);
    assert_eq!(
        inferno.units[0].spec(cards),
        "@Iden Versio (Inferno Squad Leader), +@Duck and Cover, +@Tenacity, +@Targeting Scopes, \
         +@Iden's ID10 Seeker Droid"
    );
    assert_eq!(
        inferno.units[0].name(cards),
        "Iden Versio (Inferno Squad Leader)"
    );
    assert_eq!(inferno.units[1].name(cards), "Stormtroopers");
}

proptest! {
    #[test]
    fn reading_never_panics_on_any_text(text in ".{0,200}") {
        let _ = ArmyList::read(&text, Cards::builtin());
    }

    #[test]
    fn reading_never_panics_on_a_mutated_link(
        which in 0..FIXTURES.len(),
        at in 0usize..200,
        with in "[ -~]{0,3}",
        cut in 0usize..3,
    ) {
        let link = FIXTURES[which];
        let at = at.min(link.len());
        let end = (at + cut).min(link.len());
        let mutated = format!("{}{with}{}", &link[..at], &link[end..]);
        let _ = ArmyList::read(&mutated, Cards::builtin());
    }
}
