//! Legion units from card data: Legion HQ's `cards.json` loads whole, every unit attacks with
//! each of its weapons and defends, pool formation (weapons, minis, upgrades and the keywords
//! that change dice) gives the dice counted by hand, and wounds become minis defeated.
//!
//! The behaviour tests read `tests/fixtures/legion-hq/cards.json`: the facts of 20 of Legion
//! HQ's cards in its own format (tests/fixtures/legion-hq/SOURCE.md). The tests of the whole
//! file read `../shared/data/legion-hq/` beside the repository; they are ignored unless asked for
//! (`cargo test -- --ignored`, as CI does), so a plain clone passes and says it skipped them.
//! Statistics quoted in comments were read from the card data. Every expected probability is
//! worked out by hand in a comment. The dice (docs/legion.md):
//!   red attack d8: crit 1, surge 1, hit 5, blank 1; black: 1, 1, 3, 3; white: 1, 1, 1, 5
//!   red defense d6: block 3, surge 1, blank 2; white defense d6: block 1, surge 1, blank 4

use holodice_engine::dist::Dist;
use holodice_engine::legion::attack::{attack, LegionAttack};
use holodice_engine::legion::cards::{Cards, Kind, Reach};
use holodice_engine::legion::Scenario;
use std::sync::OnceLock;

use crate::common::*;

/// The fixture's path: a few of Legion HQ's cards, in its format.
fn cards_path() -> String {
    format!(
        "{}/tests/fixtures/legion-hq/cards.json",
        env!("CARGO_MANIFEST_DIR")
    )
}

/// The fixture's cards, loaded once.
fn cards() -> &'static Cards {
    static CARDS: OnceLock<Cards> = OnceLock::new();
    CARDS.get_or_init(|| load(&cards_path(), "the fixture is in the repository"))
}

/// Legion HQ's whole card file, beside the repository; a missing file fails the (ignored) test
/// that asked for it with what to put where.
fn shared_cards() -> &'static Cards {
    static CARDS: OnceLock<Cards> = OnceLock::new();
    CARDS.get_or_init(|| {
        let path = format!(
            "{}/../shared/data/legion-hq/cards.json",
            env!("CARGO_MANIFEST_DIR")
        );
        load(&path, "clone the shared data next to the repository")
    })
}

fn load(path: &str, fix: &str) -> Cards {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| {
        panic!("these tests need Legion HQ's card data at {path} ({e}): {fix}")
    });
    Cards::load(path, &text).unwrap_or_else(|e| panic!("{path} is refused: {e}"))
}

fn parse(attacker: &str, defender: &str) -> Result<Scenario, holodice_engine::Error> {
    Scenario::parse_with(attacker, defender, None, cards())
}

fn run(attacker: &str, defender: &str) -> LegionAttack {
    let s = parse(attacker, defender).unwrap_or_else(|e| panic!("{attacker} / {defender}: {e}"));
    attack(&s).unwrap()
}

fn dice(attacker: &str, defender: &str) -> [u32; 3] {
    parse(attacker, defender)
        .unwrap_or_else(|e| panic!("{attacker} / {defender}: {e}"))
        .attacker
        .dice
}

fn error(attacker: &str, defender: &str) -> String {
    parse(attacker, defender)
        .map(|s| panic!("{attacker} / {defender} should be refused, got {s:?}"))
        .unwrap_err()
        .to_string()
}

#[test]
#[ignore = "reads ../shared/data/legion-hq/cards.json: cargo test -- --ignored (CI does)"]
fn every_unit_and_upgrade_of_legion_hq_loads() {
    let cards = shared_cards();
    let units = cards.all().iter().filter(|c| c.kind == Kind::Unit).count();
    let upgrades = cards
        .all()
        .iter()
        .filter(|c| c.kind == Kind::Upgrade)
        .count();
    assert!(
        units > 150 && upgrades > 400,
        "{units} units, {upgrades} upgrades"
    );
    for c in cards.all().iter().filter(|c| c.kind == Kind::Unit) {
        assert!(c.stats.is_some(), "{} has its stats", c.full_name());
    }
}

#[test]
#[ignore = "reads ../shared/data/legion-hq/cards.json: cargo test -- --ignored (CI does)"]
fn every_unit_attacks_with_each_weapon_and_defends() {
    let cards = shared_cards();
    let parse = |a: &str, d: &str| Scenario::parse_with(a, d, None, cards);
    let mut attacks = 0;
    let mut unaccounted = Vec::new();
    for c in cards.all().iter().filter(|c| c.kind == Kind::Unit) {
        let name = cards.spec_name(c);
        for w in &c.weapons {
            let overrun = if w.reach == Reach::Overrun {
                ", overrun"
            } else {
                ""
            };
            let spec = format!("@{name}, weapon {}{overrun}", w.name);
            match parse(&spec, "white defense") {
                Ok(s) => {
                    let a = attack(&s).unwrap_or_else(|e| panic!("{spec}: {e}"));
                    unaccounted.extend(
                        (a.notes.iter().map(ToString::to_string))
                            .filter(|n| n.contains("not modelled")),
                    );
                    attacks += 1;
                }
                // A weapon printed without dice (Legion HQ's Mark II Medium Blaster) is refused
                // with that reason.
                Err(e) if w.dice == [0, 0, 0] => assert!(e.to_string().contains("no dice"), "{e}"),
                // The Bad Batch's minis all come from upgrades.
                Err(e) if c.stats.as_ref().is_some_and(|s| s.minis == 0) => {
                    assert!(e.to_string().contains("+@UPGRADE"), "{e}")
                }
                Err(e) => panic!("{spec}: {e}"),
            }
        }
        let s = parse("1 red, surge hit", &format!("@{name}"))
            .unwrap_or_else(|e| panic!("@{name} defending: {e}"));
        let a = attack(&s).unwrap();
        unaccounted.extend(
            (a.notes.iter().map(ToString::to_string)).filter(|n| n.contains("not modelled")),
        );
    }
    assert!(attacks > 250, "{attacks} attacks");
    unaccounted.sort();
    unaccounted.dedup();
    assert!(
        unaccounted.is_empty(),
        "card keywords unaccounted for:\n{}",
        unaccounted.join("\n")
    );
}

#[test]
fn stormtroopers_e11_against_white_defense() {
    // Stormtroopers: 4 minis, E-11 1 white (range 1–3), surge hit. Each die is a result with
    // 3/8 (crit, surge, hit); each result is blocked by a white die with 1/6, so each mini
    // wounds with 3/8 · 5/6 = 5/16 and wounds ~ Binomial(4, 5/16):
    // P(0) = 11^4/16^4 = 14641/65536, P(4) = 5^4/16^4 = 625/65536, mean 4 · 5/16 = 5/4.
    let a = run("@Stormtroopers, range 2", "white defense");
    assert_eq!(a.wounds.prob(0), fraction("14641/65536"));
    assert_eq!(a.wounds.prob(4), fraction("625/65536"));
    assert_eq!(a.wounds.mean(), fraction("5/4"));
    // One mini: 5/16.
    let one = run("@Stormtroopers, range 2, minis 1", "white defense");
    assert_eq!(one.wounds.prob(1), fraction("5/16"));
}

#[test]
fn luke_jedi_knight_defends_with_deflect() {
    // Luke Skywalker (Jedi Knight): red defense, no defense surge, Deflect, Immune: Pierce,
    // 1 mini of 7 wounds. One red die with surge hit is a result with 7/8; against a ranged
    // attack Deflect makes the surge a block, so the red die blocks 4/6: P(wound) = 7/8 · 2/6
    // = 7/24. Deflect wounds the attacker when the defense die shows a surge: 7/8 · 1/6 = 7/48.
    let a = run("1 red, surge hit", "@Luke Skywalker (Jedi Knight)");
    assert_eq!(a.wounds.prob(1), fraction("7/24"));
    assert_eq!(a.attacker_wounds.prob(1), fraction("7/48"));
    let losses = a.losses.unwrap();
    assert_eq!(losses.wiped, fraction("0"));
    assert_eq!(losses.minis_defeated.prob(0), fraction("1"));
    assert!(a
        .notes
        .iter()
        .any(|n| n.to_string().starts_with("Disengage: no effect on dice")));
}

#[test]
fn a_dlt19_mini_alone_reaches_range_4_and_wipes_two_minis() {
    // Range 4: the E-11 (1–3) is out of reach; the DLT-19 Stormtrooper's DLT-19 (2 red,
    // 1–4, Impact 1) is the pool. Each red die wounds with 7/8 · 5/6 = 35/48 against white
    // defense; two one-wound minis are wiped by 2 wounds: (35/48)^2 = 1225/2304.
    let attacker = "@Stormtroopers, +@DLT-19 Stormtrooper, range 4";
    assert_eq!(dice(attacker, "white defense"), [2, 0, 0]);
    let a = run(attacker, "white defense, wounds 1, minis 2");
    let losses = a.losses.unwrap();
    assert_eq!(losses.wiped, fraction("1225/2304"));
    assert_eq!(losses.minis_defeated, a.wounds);
    // At range 3 every mini fires: 4 E-11s and the DLT-19.
    assert_eq!(
        dice(
            "@Stormtroopers, +@DLT-19 Stormtrooper, range 3",
            "white defense"
        ),
        [2, 0, 4]
    );
}

#[test]
fn minis_defeated_follow_the_wounded_mini_first() {
    // Wounds ~ Binomial(4, 5/16) (above), over 65536: P0 14641, P1 26620, P2 18150, P3 5500,
    // P4 625. Two minis of 2 wounds, one wound token: w wounds defeat min(w + 1, 4) / 2 minis,
    // so 0 → 0; 1, 2 → 1; 3, 4 → 2. Wiped = P(w ≥ 3) = 6125/65536.
    let a = run(
        "@Stormtroopers, range 2",
        "white defense, wounds 2, minis 2, wounded 1",
    );
    let l = a.losses.unwrap();
    assert_eq!(l.minis_defeated.prob(0), fraction("14641/65536"));
    assert_eq!(l.minis_defeated.prob(1), fraction("22385/32768"));
    assert_eq!(l.minis_defeated.prob(2), fraction("6125/65536"));
    assert_eq!(l.wiped, fraction("6125/65536"));
    assert!(error("1 red", "white defense, wounds 2, wounded 2").contains("give fewer than 2"));
    // Without wounds per mini, wound tokens only count for Vaapad Mastery: no minis reported.
    assert!(run("1 red", "white defense, wounded 1").losses.is_none());
}

#[test]
fn spray_adds_the_weapon_once_per_defending_mini() {
    // The Flametrooper's Flamethrower: 1 black, Spray. Against the 4 Stormtroopers: 4 black;
    // against 'minis 3': 3; with the defender's minis unknown, 1 and a note.
    let flame = "@Stormtroopers, +@Flametrooper, weapon Flamethrower";
    assert_eq!(dice(flame, "@Stormtroopers"), [0, 4, 0]);
    assert_eq!(dice(flame, "white defense, minis 3"), [0, 3, 0]);
    let s = parse(flame, "white defense").unwrap();
    assert_eq!(s.attacker.dice, [0, 1, 0]);
    assert!(s.notes.iter().any(|n| n.contains("add 'minis N'")));
    // A plain SPEC's Spray multiplies its whole pool.
    assert_eq!(
        dice("2 black, 1 white, Spray", "white defense, minis 2"),
        [0, 4, 2]
    );
}

#[test]
fn anti_materiel_upgrades_against_vehicles_only() {
    // Jetpack Rockets: 4 black, Anti-Material 4 (Legion HQ's spelling), range 3–4; one mini.
    let rockets = "@Stormtroopers, +@Jetpack Rockets, weapon Jetpack Rockets, minis 1";
    assert_eq!(dice(rockets, "red defense, vehicle"), [4, 0, 0]);
    assert_eq!(dice(rockets, "@AT-ST"), [4, 0, 0]);
    assert_eq!(dice(rockets, "red defense, trooper"), [0, 4, 0]);
    let s = parse(rockets, "red defense").unwrap();
    assert_eq!(s.attacker.dice, [0, 4, 0]);
    assert!(s
        .notes
        .iter()
        .any(|n| n.contains("add 'trooper' or 'vehicle'")));
    // Anti-Personnel 2 on a plain pool against a trooper: whites first, then blacks.
    assert_eq!(
        dice(
            "1 black, 1 white, Anti-Personnel 2",
            "white defense, trooper"
        ),
        [1, 1, 0]
    );
}

#[test]
fn assault_needs_within_1_and_cumbersome_needs_moved() {
    // Proton Charge: 1 red, 1 black, 1 white, Assault 1: within 1 the white becomes black.
    let charge = "@Stormtroopers, +@Proton Charge Saboteur, weapon Proton Charge";
    assert_eq!(
        dice(&format!("{charge}, within 1"), "white defense"),
        [1, 2, 0]
    );
    let s = parse(charge, "white defense").unwrap();
    assert_eq!(s.attacker.dice, [1, 1, 1]);
    assert!(s.notes.iter().any(|n| n.contains("add 'within 1'")));
    // HH-12 Rocket Launcher: 3 black, Cumbersome, range 2–4: after a move, 3 white.
    let hh12 = "@Stormtroopers, +@HH-12 Stormtrooper, range 4";
    assert_eq!(dice(hh12, "white defense"), [0, 3, 0]);
    assert_eq!(dice(&format!("{hh12}, moved"), "white defense"), [0, 0, 3]);
}

/// An attack of the built-in cards (every Legion HQ card).
fn built_in(attacker: &str, defender: &str) -> LegionAttack {
    let s = Scenario::parse(attacker, defender, None)
        .unwrap_or_else(|e| panic!("{attacker} / {defender}: {e}"));
    attack(&s).unwrap()
}

#[test]
fn two_different_effects_each_upgrade_the_same_die() {
    // The rulebook forbids a second upgrade of a die only "by the same effect": Anti-Materiel 1
    // makes the white die black, Assault 1 then makes it red. A red die: 5 hits and a crit of 8
    // (no surge chart), so results {0: 1/4, 1: 3/4}; white defense blocks 1 of 6 (no surge
    // chart): a wound 3/4 × 5/6 = 5/8.
    let a = built_in(
        "1 white, Anti-Materiel 1, Assault 1, within 1",
        "white defense, vehicle",
    );
    assert_eq!(
        (a.attack_results.prob(1), a.wounds.prob(1)),
        (fraction("3/4"), fraction("5/8"))
    );
    // Proton Charge (1 red, 1 black, 1 white; Blast, Impact 6, Assault 1) with Tank Hunting
    // Munitions (Anti-Material 2, Impact 2) against a vehicle within 1: Anti-Material 2 makes
    // the white black and the black red, Assault 1 the last black red: 3 red. The Rebel
    // Commandos' surges are hits, so each die scores 7/8, and Impact 8 makes every hit a crit
    // that the AT-ST's Armor can't cancel; its white defense with surge block stops 2 of 6:
    // each die wounds 7/8 × 4/6 = 7/12, 3 × 7/12 = 7/4 (2 red and a black: 19/12).
    let commandos = "@Rebel Commandos, +@Proton Charge Saboteur, +@Tank Hunting Munitions, \
                     range 1, within 1, minis 1";
    let s = Scenario::parse(commandos, "@AT-ST", None).unwrap();
    assert_eq!(s.attacker.dice, [3, 0, 0]);
    assert_eq!(built_in(commandos, "@AT-ST").wounds.mean(), fraction("7/4"));
}

#[test]
fn a_sidearm_without_a_kind_is_the_kind_of_its_weapon() {
    // The T-Series Tactical Droid's only weapon (the E-5, 1 red, range 1–3) carries Sidearm:
    // the droid keeps to its own ranged weapon and, in melee, uses the B1s' Bludgeon (1 white),
    // as the rulebook's own example has it. 6 B1s and the droid: 7 white dice, each a wound
    // with (1 hit + 1 crit)/8 × 5/6 (white defense, no surge chart) = 5/24.
    let melee = built_in(
        "@B1 Battle Droids, +@T-Series Tactical Droid, melee",
        "white defense",
    );
    assert_eq!(melee.wounds.pmf(), Dist::binomial(7, 5, 24).pmf());
    let one = built_in(
        "@B1 Battle Droids, +@T-Series Tactical Droid, melee, minis 1",
        "white defense",
    );
    assert_eq!(one.wounds.mean(), fraction("5/24"));
    // At range it fires its own E-5 (1 red), the B1s theirs (1 white each).
    let s = Scenario::parse(
        "@B1 Battle Droids, +@T-Series Tactical Droid, range 2",
        "white defense",
        None,
    )
    .unwrap();
    assert_eq!(s.attacker.dice, [1, 0, 6]);
    // The Viper Recon Droid's weapon (range 1 and more) carries Sidearm too: in melee the droid
    // uses its unit's melee weapon.
    let viper = Scenario::parse(
        "@B1 Battle Droids, +@Viper Recon Droid, melee, minis 1",
        "white defense",
        None,
    )
    .unwrap();
    assert_eq!(viper.attacker.dice, [0, 0, 1]);
}

#[test]
fn the_dug_in_card_acts_as_the_dug_in_item() {
    // Dug In: cover is rolled with red defense dice. 2 red with surge hit: a crit 1/8 (cover
    // can't cancel it), a hit 6/8 that light cover cancels on a red block (3 of 6), so 1/2 of
    // each die is left; the Mark II Medium Blaster Trooper defends with white and surge block
    // (2 of 6): each die wounds 1/2 × 4/6 = 1/3, Binomial(2, 1/3) = {0: 4/9, 1: 4/9, 2: 1/9}.
    let card = built_in(
        "2 red, surge hit",
        "@Mark II Medium Blaster Trooper, +@Dug In, cover light",
    );
    let expected = [(0, "4/9"), (1, "4/9"), (2, "1/9")].map(|(k, p)| (k, fraction(p)));
    assert_eq!(card.wounds.pmf(), expected);
    let item = built_in(
        "2 red, surge hit",
        "@Mark II Medium Blaster Trooper, Dug In, cover light",
    );
    assert_eq!(item.wounds.pmf(), expected);
    // Attacking, it changes no dice, and says so.
    let s = Scenario::parse("@Stormtroopers, +@Dug In", "white defense", None).unwrap();
    assert!(
        s.notes
            .iter()
            .any(|n| n.contains("Dug In") && n.contains("only for the defender")),
        "{:?}",
        s.notes
    );
}

#[test]
fn every_upgrade_without_keywords_or_weapons_acts_or_says_why_not() {
    use holodice_engine::legion::card_effects::CardEffects;
    // The upgrade cards Legion HQ's data gives neither keywords nor weapons, and that add no
    // mini (a heavy weapon or personnel card's mini acts): each has an entry in
    // data/legion/card-effects.yaml, and every entry names such a card.
    let built_in = Cards::builtin();
    let bare: Vec<_> = (built_in.all().iter())
        .filter(|c| c.kind == Kind::Upgrade && c.keywords.is_empty() && c.weapons.is_empty())
        .filter(|c| !c.adds_mini())
        .collect();
    assert!(bare.len() > 80, "{}", bare.len());
    let effects = CardEffects::builtin();
    for c in &bare {
        assert!(effects.of(&c.name).is_some(), "{} has no entry", c.name);
    }
    for name in effects.cards() {
        assert!(
            bare.iter().any(|c| c.name == name),
            "{name} is no such card"
        );
    }
    // On a defender, each acts (the unit changes) or a note names it with why it doesn't.
    let alone = Scenario::parse("1 red", "@Stormtroopers", None).unwrap();
    for c in &bare {
        let spec = format!("@Stormtroopers, +@{}", built_in.spec_name(c));
        let s = Scenario::parse("1 red", &spec, None).unwrap_or_else(|e| panic!("{spec}: {e}"));
        let said = s.notes.iter().any(|n| {
            n.contains(&c.name) && (n.contains("no effect on dice") || n.contains("not modelled"))
        });
        assert!(
            said || s.defender != alone.defender,
            "{}: {:?}",
            c.name,
            s.notes
        );
    }
    // A card file's bare upgrade that the table doesn't list is not modelled, with a note.
    let file = "- {cardName: Mystery Gear, cardType: upgrade, cardSubtype: gear}";
    let mut cards = built_in.clone();
    cards.add(Cards::load("mystery.yaml", file).unwrap());
    let s = Scenario::parse_with("1 red", "@Stormtroopers, +@Mystery Gear", None, &cards).unwrap();
    assert!(
        s.notes
            .iter()
            .any(|n| n.contains("not modelled: Mystery Gear")),
        "{:?}",
        s.notes
    );
}

#[test]
fn sniper_team_upgrades_every_die_of_a_lone_weapon() {
    // DLT-19x Sniper Rifle: 1 black, 2 white, range 2–5, High Velocity, Sniper Team. Alone at
    // range 5 and not moved: each die upgraded, [0, 1, 2] → [1, 2, 0]; moved: unchanged.
    let sniper = "@Stormtroopers, +@DLT-19x Sniper, range 5";
    let s = parse(sniper, "white defense").unwrap();
    assert_eq!(s.attacker.dice, [1, 2, 0]);
    assert!(s.attacker.high_velocity);
    assert_eq!(
        dice(&format!("{sniper}, moved"), "white defense"),
        [0, 1, 2]
    );
}

#[test]
fn vaapad_long_shot_overrun_and_immune_range_1() {
    // Mace Windu's Vaapad Mastery: one white die per wound token, at most 3; his first weapon
    // is his melee weapon, Windu's Lightsaber.
    let mace = cards()
        .find("Mace Windu (Jedi Council)", Kind::Unit)
        .unwrap();
    let w = mace.weapons[0].dice;
    let pool = |wounded: u32| {
        let a = run(
            &format!("@Mace Windu (Jedi Council), melee, wounded {wounded}"),
            "white defense",
        );
        a.attack_results.max()
    };
    // Every die can crit, so the most results is the number of dice.
    let total = i64::from(w[0] + w[1] + w[2]);
    assert_eq!(pool(0), total);
    assert_eq!(pool(2), total + 2);
    assert_eq!(pool(5), total + 3);
    // Defending, a wound token adds a white defense die: fewer wounds, and no refusal.
    let defended = |wounded: u32| {
        run(
            "2 red, surge hit",
            &format!("@Mace Windu (Jedi Council), wounded {wounded}"),
        )
        .wounds
        .mean()
    };
    assert!(defended(1) < defended(0));
    // Luke's Blaster (1–2, Long Shot) reaches range 3 for an aim token.
    let s = parse(
        "@Luke Skywalker (Hero of the Rebellion), range 3, aim 1",
        "white defense",
    )
    .unwrap();
    assert_eq!((s.attacker.dice, s.attacker.aim), ([1, 3, 0], 0));
    assert!(error(
        "@Luke Skywalker (Hero of the Rebellion), range 3",
        "white defense"
    )
    .contains("Long Shot needs an aim token"));
    // Swoop Bike Riders' Vibro-Ax (overrun, 1 red 2 white) joins an overrun attack once.
    assert_eq!(
        dice("@Swoop Bike Riders, overrun", "white defense"),
        [1, 0, 2]
    );
    // The T-47 is Immune: Range 1 Weapons: the Flamethrower (0–1) can't be aimed at it.
    assert!(error(
        "@Stormtroopers, +@Flametrooper, weapon Flamethrower",
        "@T-47 Airspeeder"
    )
    .contains("Immune: Range 1 Weapons"));
}

#[test]
fn card_conditions_stay_notes_until_the_spec_states_them() {
    // Luke (Jedi Knight) has Charge and only a melee weapon: the attack is melee because of the
    // weapon, and Charge is a note, not a condition turned on.
    let s = parse("@Luke Skywalker (Jedi Knight)", "white defense").unwrap();
    assert!(s.attacker.melee);
    assert!(s
        .notes
        .iter()
        .any(|n| n.contains("Charge") && n.contains("add 'Charge'")));
    // Commander Skywalker's Lightsaber & Horn has Ram 1: only with 'moved'.
    let horn = "@Luke Skywalker (Commander Skywalker), melee";
    let s = parse(horn, "white defense").unwrap();
    assert_eq!(s.attacker.ram, 0);
    assert!(s.notes.iter().any(|n| n.contains("add 'moved'")));
    assert_eq!(
        parse(&format!("{horn}, moved"), "white defense")
            .unwrap()
            .attacker
            .ram,
        1
    );
}

#[test]
fn card_keywords_naming_tokens_or_terrain_are_not_tokens_or_terrain() {
    // The T-47's Cover 1 is the Cover keyword, not light terrain cover.
    let d = parse("1 red", "@T-47 Airspeeder").unwrap().defender;
    assert_eq!((d.cover, d.cover_keyword), (0, 1));
    // The Stormtrooper Specialist's "Surge Token" names a token type: no tokens.
    let s = parse(
        "@Stormtroopers, +@Stormtrooper Specialist, range 2",
        "white defense",
    )
    .unwrap();
    assert_eq!(s.attacker.surge_tokens, 0);
    assert!(s.notes.iter().any(|n| n.contains("Surge Token")));
}

#[test]
fn names_are_picked_by_title_and_misspellings_get_the_nearest() {
    let e = error("@Luke Skywalker", "white defense");
    for title in [
        "Hero of the Rebellion",
        "Jedi Knight",
        "Commander Skywalker",
    ] {
        assert!(e.contains(title), "{e}");
    }
    assert!(parse("@luke skywalker (jedi-knight)", "white defense").is_ok());
    assert!(error("@Stromtroopers", "white defense").contains("did you mean 'Stormtroopers'?"));
    assert!(error("@DLT-19 Stormtrooper", "white defense").contains("+@DLT-19 Stormtrooper"));
    assert!(error("@Stormtroopers, weapon E-12", "white defense").contains("E-11 Blaster Rifle"));
    let no_cards = Scenario::parse_with("@Stormtroopers", "white defense", None, Cards::none());
    assert!(no_cards.unwrap_err().to_string().contains("cards.json"));
}

/// A made-up card file in holodice's YAML form.
const MADE_UP: &str = "\
- cardName: Test Squad
  cardType: unit
  cardSubtype: trooper
  keywords: [Sharpshooter 1, {name: Made Up Keyword, value: 2}]
  stats: {minicount: 2, hp: 1, defense: w, courage: 1, speed: 2, hitsurge: c, defsurge: b}
  weapons:
    - {name: Long Rifle, range: [1, 3], dice: {r: 0, b: 1, w: 0}}
    - {name: Short Rifle, range: [1, 2], dice: {r: 0, b: 0, w: 1}}
";

#[test]
fn yaml_cards_load_and_several_fitting_weapons_must_be_chosen() {
    let cards = Cards::load("made-up.yaml", MADE_UP).unwrap();
    let p = |a: &str| Scenario::parse_with(a, "white defense", None, &cards);
    let e = p("@Test Squad, range 2").unwrap_err().to_string();
    assert!(e.contains("Long Rifle (1–3), Short Rifle (1–2)"), "{e}");
    assert_eq!(p("@Test Squad, range 3").unwrap().attacker.dice, [0, 2, 0]);
    let s = p("@Test Squad, weapon short rifle, Sharpshooter 1").unwrap();
    assert_eq!((s.attacker.dice, s.attacker.sharpshooter), ([0, 0, 2], 2));
    assert!(s
        .notes
        .iter()
        .any(|n| n == "Legion HQ keyword not modelled: Made Up Keyword 2 (Test Squad)"));
    let two = p("@Test Squad, weapon Long Rifle, weapon Short Rifle, Arsenal 2").unwrap();
    assert_eq!(two.attacker.dice, [0, 2, 2]);
    assert!(p("@Test Squad, weapon Long Rifle, weapon Short Rifle")
        .unwrap_err()
        .to_string()
        .contains("no Arsenal"));
}

// hardening: legion-card-count
#[test]
fn a_card_file_past_the_card_limit_is_refused_before_reading_its_cards() {
    let many = "- {cardName: C, cardType: command}\n".repeat(20_001);
    let e = Cards::load("many.yaml", &many).unwrap_err().to_string();
    assert!(e.contains("20001 cards is over the limit of 20000"), "{e}");
}

// hardening: legion-card-size
#[test]
fn bad_card_data_is_refused_with_file_id_and_name() {
    let bad = r#"{"zz": {"cardName": "Broken Unit", "cardType": "unit", "stats":
        {"minicount": 1, "hp": 1, "defense": "x", "courage": 1}}}"#;
    let e = Cards::load("broken.json", bad).unwrap_err().to_string();
    assert!(
        e.contains("broken.json") && e.contains("zz (Broken Unit)") && e.contains("defense"),
        "{e}"
    );
    let many = "- {cardName: W, cardType: upgrade, weapons: [".to_string()
        + &"{name: a, range: [1], dice: {r: 1}},".repeat(9)
        + "]}";
    assert!(Cards::load("many.yaml", &many)
        .unwrap_err()
        .to_string()
        .contains("limit of 8"));
    let big = r#"[{"cardName": "Big", "cardType": "unit", "stats": {"minicount": 101, "hp": 1,
        "defense": "r", "courage": 1}}]"#;
    let e = Cards::load("big.json", big).unwrap_err().to_string();
    assert!(e.contains("#1 (Big)") && e.contains("give 0 to 100"), "{e}");
    assert!(Cards::load("list.json", "[1, 2]").is_err());
    assert!(Cards::load("text.json", "\"cards\"").is_err());
    let deep = format!(
        "- {{cardName: Deep, cardType: upgrade, requirements: {}[]{}}}",
        "[NOT, ".repeat(17),
        "]".repeat(17)
    );
    let e = Cards::load("deep.yaml", &deep).unwrap_err().to_string();
    assert!(
        e.contains("#1 (Deep)") && e.contains("nested over 16"),
        "{e}"
    );
}

#[test]
fn the_command_line_reads_cards_and_lists_units() {
    let path = cards_path();
    let doc: serde_json::Value = serde_json::from_str(&holodice_ok(&[
        "legion",
        "attack",
        "--cards",
        &path,
        "--attacker",
        "@Stormtroopers, +@DLT-19 Stormtrooper, range 4",
        "--defender",
        "white defense, wounds 1, minis 2",
        "--format",
        "json",
    ]))
    .unwrap();
    assert_eq!(doc["wiped"], "1225/2304");
    assert_eq!(pmf_strings(&doc["minis_defeated"])[2].1, "1225/2304");
    let text = holodice_ok(&[
        "legion",
        "attack",
        "--cards",
        &path,
        "--attacker",
        "@Stormtroopers, range 2",
        "--defender",
        "@Stormtroopers",
    ]);
    assert!(text.contains("Chance to wipe the unit"), "{text}");
    let listed: serde_json::Value = serde_json::from_str(&holodice_ok(&[
        "legion",
        "units",
        "DLT-19 Stormtrooper",
        "--cards",
        &path,
        "--format",
        "json",
    ]))
    .unwrap();
    let card = &listed["cards"][0];
    assert_eq!(card["type"], "upgrade");
    assert_eq!(card["weapons"][0]["dice"]["red"], 2);
    assert_eq!(card["weapons"][0]["max_range"], 4);
    for format in ["text", "csv", "markdown", "latex", "html", "yaml"] {
        holodice_ok(&[
            "legion",
            "units",
            "stormtroopers",
            "--cards",
            &path,
            "--format",
            format,
        ]);
    }
    // Without --cards, the built-in cards: the listing says which file each card came from.
    let built_in: serde_json::Value = serde_json::from_str(&holodice_ok(&[
        "legion",
        "units",
        "DLT-19 Stormtrooper",
        "--format",
        "json",
    ]))
    .unwrap();
    assert_eq!(built_in["cards"][0]["file"], "data/legion/cards.yaml");
    assert_eq!(card["file"], path.as_str());
    holodice_ok(&[
        "legion",
        "attack",
        "--attacker",
        "@Stormtroopers, range 2",
        "--defender",
        "white defense",
    ]);
    let compared = holodice_ok(&[
        "legion",
        "compare",
        "--cards",
        &path,
        "--attacker",
        "@Stormtroopers, range 2",
        "--attacker",
        "@Stormtroopers, range 2, minis 2",
        "--defender",
        "white defense",
    ]);
    assert!(compared.contains("Legion"), "{compared}");
    // One white die (3/8 a result) against one mini of 1 wound and white defense (5/6 not
    // blocked): the chance to wipe is 5/16.
    let compared: serde_json::Value = serde_json::from_str(&holodice_ok(&[
        "legion",
        "compare",
        "--cards",
        &path,
        "--attacker",
        "@Stormtroopers, range 2, minis 1",
        "--attacker",
        "1 red",
        "--defender",
        "white defense, wounds 1",
        "--format",
        "json",
    ]))
    .unwrap();
    assert_eq!(compared["loadouts"][0]["wiped"], "5/16");
    // The simulator rolls the same formed pool: its exact side is the attack's.
    let simulated = holodice_ok(&[
        "legion",
        "simulate",
        "--cards",
        &path,
        "--attacker",
        "@Stormtroopers, range 2, minis 1",
        "--defender",
        "white defense",
        "--trials",
        "2000",
        "--format",
        "json",
    ]);
    assert!(simulated.contains("5/16"), "{simulated}");
}

#[test]
fn the_server_preloads_legion_cards_with_serve_cards() {
    use std::io::{Read, Write};
    let path = cards_path();
    let served = serve(&["--workers", "1", "--cards", &path]);
    let host = served.host.clone();
    let mut stream = std::net::TcpStream::connect(&host).unwrap();
    // Stormtroopers, one mini: 5/16 to wound white defense (above).
    let body = r#"{"attacker": "@Stormtroopers, range 2, minis 1", "defender": "white defense"}"#;
    write!(
        stream,
        "POST /api/v1/legion/attack HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).unwrap();
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    assert!(answer.contains("\"1\": \"5/16\""), "{answer}");
}

#[test]
fn jedi_hunter_reads_the_defenders_force_slot() {
    // Darth Vader (The Emperor's Apprentice) has no attack surge chart and Jedi Hunter; Force
    // Throw is 2 black (Blast, Scatter). Against Luke Skywalker (Jedi Knight), whose upgrade
    // bar has a Force slot, surges become crits: each die is a result with 5/8 (crit, surge, 3
    // hits), mean 2 · 5/8 = 5/4. Against a plain SPEC defender the surge is a blank: 2 · 4/8 = 1.
    let vader = "@Darth Vader (The Emperor's Apprentice), weapon Force Throw";
    let jedi = run(vader, "@Luke Skywalker (Jedi Knight)");
    assert_eq!(jedi.attack_results.mean(), fraction("5/4"));
    let other = run(vader, "red defense");
    assert_eq!(other.attack_results.mean(), fraction("1"));
}

#[test]
#[ignore = "reads ../shared/data/legion-hq/cards.json: cargo test -- --ignored (CI does)"]
fn the_built_in_cards_are_what_the_converter_makes_of_legion_hq() {
    let path = format!(
        "{}/../shared/data/legion-hq/cards.json",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let made = holodice_engine::legion::import::legion_hq_facts(&path, &text).unwrap();
    let committed = include_str!("../data/legion/cards.yaml");
    assert!(
        made == committed,
        "data/legion/cards.yaml is stale: cargo xtask import-legion-hq {path}"
    );
    let made = holodice_engine::legion::import::list_card_facts(&path, &text).unwrap();
    let committed = include_str!("../data/legion/list-cards.yaml");
    assert!(
        made == committed,
        "data/legion/list-cards.yaml is stale: cargo xtask import-legion-hq {path}"
    );
    // Every unit, upgrade and counterpart card, each as Legion HQ gives it.
    let built_in = Cards::builtin();
    assert_eq!(built_in.all().len(), 617);
    for c in built_in.all() {
        let same = shared_cards().all().iter().find(|s| s.id == c.id).unwrap();
        assert_eq!(
            (&same.name, &same.stats, &same.weapons),
            (&c.name, &c.stats, &c.weapons)
        );
        // Which units may take an upgrade, and the facts requirements name.
        assert_eq!(
            (&same.requirements, &same.upgrade_bar, &same.adds_slots),
            (&c.requirements, &c.upgrade_bar, &c.adds_slots),
            "{}",
            c.id
        );
        assert_eq!(
            (&same.affiliation, &same.affiliations),
            (&c.affiliation, &c.affiliations)
        );
    }
}

#[test]
#[ignore = "reads ../shared/data/legion-hq/cards.json: cargo test -- --ignored (CI does)"]
fn every_legion_hq_requirement_is_read_and_every_unit_offered_its_slots() {
    use holodice_engine::legion::fitting::upgrades_for;
    use holodice_engine::legion::requirements::Requirement;
    let cards = shared_cards();
    let upgrades: Vec<_> = cards
        .all()
        .iter()
        .filter(|c| c.kind == Kind::Upgrade)
        .collect();
    let required = upgrades
        .iter()
        .filter(|c| c.requirements != Requirement::Any)
        .count();
    assert!(required > 350, "{required} upgrades with requirements");
    for unit in cards.all().iter().filter(|c| c.kind == Kind::Unit) {
        let slots = upgrades_for(cards, unit);
        for slot in &unit.upgrade_bar {
            assert!(slots.iter().any(|s| &s.slot == slot), "{}", unit.id);
        }
    }
    // Stormtroopers (ay): the DLT-19 Stormtrooper, not the Rebel Troopers' Z-6.
    let troopers = cards.find("Stormtroopers (ay)", Kind::Unit).unwrap();
    let heavy = &upgrades_for(cards, troopers)[0];
    let names: Vec<&str> = heavy
        .upgrades
        .iter()
        .map(|f| f.card.name.as_str())
        .collect();
    assert!(names.contains(&"DLT-19 Stormtrooper") && !names.contains(&"Z-6 Trooper"));
}

#[test]
fn the_built_in_cards_hold_facts_and_no_change_history() {
    let text = include_str!("../data/legion/cards.yaml");
    for field in ["history", "imageName", "description"] {
        assert!(!text.contains(&format!("{field}:")), "{field}");
    }
    // Counted from the file's own cards: units, upgrades and counterparts alike.
    let built_in = Cards::builtin();
    let units = built_in
        .all()
        .iter()
        .filter(|c| c.kind == Kind::Unit)
        .count();
    assert!(units > 150, "{units} units");
    // A --cards card with a built-in card's id replaces it: newer data wins.
    let newer = "- {id: ay, cardName: Stormtroopers, cardType: unit, cardSubtype: trooper, \
                 stats: {minicount: 9, hp: 1, defense: w, courage: 1}}";
    let mut cards = built_in.clone();
    cards.add(Cards::load("newer.yaml", newer).unwrap());
    let s = Scenario::parse_with("1 red", "@Stormtroopers", None, &cards).unwrap();
    assert_eq!(s.defender.minis, Some(9));
    assert_eq!(cards.all().len(), built_in.all().len());
}

#[test]
fn every_built_in_card_can_be_named() {
    let built_in = Cards::builtin();
    let find = |name: &str, kind: Kind| built_in.find(name, kind).map(|c| c.id.clone());
    // The same name is told apart by title, faction or id; the name alone lists each choice as
    // it must be typed.
    let e = find("AT-RT", Kind::Unit).unwrap_err().to_string();
    assert!(e.contains("@AT-RT (rebels), @AT-RT (republic)"), "{e}");
    assert_eq!(find("AT-RT (rebels)", Kind::Unit).unwrap(), "ao");
    assert_eq!(find("AT-RT (mb)", Kind::Unit).unwrap(), "mb");
    // Of two Stormtroopers (both empire), the untitled one is what the name alone means.
    assert_eq!(find("Stormtroopers (empire)", Kind::Unit).unwrap(), "ay");
    assert_eq!(
        find("Stormtroopers (Heavy Response Unit)", Kind::Unit).unwrap(),
        "sr"
    );
    assert_eq!(find("IG-100 MagnaGuard", Kind::Unit).unwrap(), "px");
    // A unit and an upgrade of one name: '@' names the unit, '+@' the upgrade.
    assert_eq!(find("Clone Trooper Infantry", Kind::Unit).unwrap(), "fz");
    assert_eq!(find("Clone Trooper Infantry", Kind::Upgrade).unwrap(), "yt");
    // A name with a comma is named in double quotes, and the nearest name says so.
    let quoted =
        "@Stormtroopers, +@\"Tools of the Trade, Jetpack Rockets\", weapon E-11 Blaster Rifle";
    assert!(Scenario::parse(quoted, "white defense", None).is_ok());
    let unquoted = Scenario::parse(
        "@Stormtroopers, +@Tools of the Trade, Jetpack Rockets",
        "white defense",
        None,
    )
    .unwrap_err()
    .to_string();
    assert!(
        unquoted.contains("'\"Tools of the Trade, Jetpack Rockets\"'"),
        "{unquoted}"
    );
    // Every unit and upgrade by the name the listing gives it.
    for c in built_in.all().iter().filter(|c| c.kind != Kind::Other) {
        let name = built_in.spec_name(c);
        assert_eq!(find(&name, c.kind), Ok(c.id.clone()), "{name}");
    }
}

#[test]
fn legion_units_lists_the_built_in_cards_by_faction_type_and_rank() {
    let listed = |args: &[&str]| -> serde_json::Value {
        let mut argv = vec!["legion", "units", "--format", "json"];
        argv.extend(args);
        serde_json::from_str(&holodice_ok(&argv)).unwrap()
    };
    let doc = listed(&["--faction", "REBELS", "--rank", "commander"]);
    let cards = doc["cards"].as_array().unwrap();
    assert!(!cards.is_empty());
    for c in cards {
        assert_eq!(
            (c["faction"].as_str(), c["rank"].as_str()),
            (Some("rebels"), Some("commander"))
        );
        assert_eq!(c["type"], "unit");
        assert!(c["cost"].as_u64().is_some_and(|p| p > 0), "{c}");
    }
    let upgrades = listed(&["--type", "upgrade", "--name", "DLT-19"]);
    assert!(upgrades["cards"]
        .as_array()
        .unwrap()
        .iter()
        .all(|c| c["type"] == "upgrade"));
    assert_user_error(
        &["legion", "units", "--faction", "rebel"],
        &["faction 'rebel'", "did you mean 'rebels'?"],
    );
    assert_user_error(
        &["legion", "units", "--type", "command"],
        &["unit", "upgrade"],
    );
}

#[test]
fn counterpart_cards_are_listed_and_join_their_unit() {
    // Legion HQ's data has 617 unit, upgrade and counterpart cards: the listing has them all,
    // the five counterparts (C-3PO twice, Iden's ID10, Grogu, Omega) among them.
    let text = include_str!("../data/legion/cards.yaml");
    let in_file = text.matches("\n  cardType: ").count();
    let listed = |args: &[&str]| -> serde_json::Value {
        let mut argv = vec!["legion", "units", "--format", "json"];
        argv.extend(args);
        serde_json::from_str(&holodice_ok(&argv)).unwrap()
    };
    assert_eq!(listed(&[])["cards"].as_array().unwrap().len(), in_file);
    let counterparts = listed(&["--type", "counterpart"]);
    let names: Vec<&str> = (counterparts["cards"].as_array().unwrap().iter())
        .map(|c| c["name"].as_str().unwrap())
        .collect();
    for name in ["C-3PO", "Iden's ID10 Seeker Droid", "Grogu", "Omega"] {
        assert!(names.contains(&name), "{name}: {names:?}");
    }
    let c3po = listed(&["C-3PO"]);
    assert_eq!(c3po["cards"].as_array().unwrap().len(), 2, "{c3po}");
    // '+@' names a counterpart as it names an upgrade; '@' says how.
    let e = assert_user_error(
        &[
            "legion",
            "attack",
            "--attacker",
            "1 red",
            "--defender",
            "@C-3PO",
        ],
        &["counterpart card", "'+@C-3PO (Made to Suffer)'"],
    );
    assert!(e.contains("'+@C-3PO (Human-Cyborg Relations)'"), "{e}");
    // Iden's ID10 (Electro-Shock: 3 white, range "- 1" in Legion HQ's data, read as 1) adds its
    // own dice to Iden Versio's at range 1.
    let s = Scenario::parse(
        "@Iden Versio, +@Iden's ID10 Seeker Droid, range 1, weapon Iden's TL-50 Repeater, \
         weapon Electro-Shock",
        "white defense",
        None,
    )
    .unwrap();
    assert_eq!(s.attacker.dice, [2, 1, 5]);
    // A counterpart's mini brings no weapon of its unit: C-3PO adds no dice to R2-D2's.
    let s = Scenario::parse(
        "@R2-D2 (Hero of a Thousand Devices), +@C-3PO (Human-Cyborg Relations)",
        "white defense",
        None,
    )
    .unwrap();
    let alone =
        Scenario::parse("@R2-D2 (Hero of a Thousand Devices)", "white defense", None).unwrap();
    assert_eq!(s.attacker.dice, alone.attacker.dice);
    // A name not found is never answered with itself.
    let e = assert_user_error(
        &["legion", "units", "C-3PO", "--faction", "empire"],
        &["no unit, upgrade or counterpart name contains 'C-3PO'"],
    );
    assert!(!e.contains("did you mean 'C-3PO'"), "{e}");
}

#[test]
fn a_result_says_what_each_card_spec_became() {
    // Stormtroopers' 4 minis each fire the E-11 (1 white), the DLT-19 mini its rifle (2 red,
    // Impact 1); Precise 1 comes from the card, aim 1 and range 3 from the SPEC.
    let doc: serde_json::Value = serde_json::from_str(&holodice_ok(&[
        "legion",
        "attack",
        "--attacker",
        "@Stormtroopers, +@DLT-19 Stormtrooper, range 3, aim 1",
        "--defender",
        "@Luke Skywalker (Jedi Knight), dodge 1",
        "--format",
        "json",
    ]))
    .unwrap();
    let a = &doc["resolved"]["attacker"];
    assert_eq!(a["cards"], "@Stormtroopers (ay), +@DLT-19 Stormtrooper");
    assert_eq!(
        a["weapons"],
        "DLT-19 Blaster Rifle (1–4): 2 red × 1; E-11 Blaster Rifle (1–3): 1 white × 4"
    );
    assert_eq!(
        (&a["dice"], &a["surge"]),
        (&"2 red, 4 white".into(), &"hit".into())
    );
    let keywords = a["keywords"].as_str().unwrap();
    for k in [
        "Precise 1 (Stormtroopers)",
        "aim 1 (SPEC)",
        "Impact 1 (weapon DLT-19 Blaster Rifle)",
    ] {
        assert!(keywords.contains(k), "{k}: {keywords}");
    }
    let d = &doc["resolved"]["defender"];
    assert_eq!(
        (&d["minis"], &d["wounds"], &d["defense"]),
        (&1.into(), &7.into(), &"red".into())
    );
    assert!(d["keywords"].as_str().unwrap().contains("dodge 1 (SPEC)"));
    // A SPEC without cards has nothing to resolve.
    let plain: serde_json::Value = serde_json::from_str(&holodice_ok(&[
        "legion",
        "attack",
        "--attacker",
        "4 red",
        "--defender",
        "white defense",
        "--format",
        "json",
    ]))
    .unwrap();
    assert!(plain.get("resolved").is_none());
}

#[test]
fn a_unit_whose_cards_change_no_dice_lists_its_keywords_as_none() {
    // The B1 Battle Droids' keywords (AI, Coordinate) act outside the attack: the headline of
    // the defending unit says "none" rather than leaving its line empty.
    let text = holodice_ok(&[
        "legion",
        "attack",
        "--attacker",
        "2 red",
        "--defender",
        "@B1 Battle Droids",
    ]);
    assert!(text.contains("    Keywords: none\n"), "{text}");
    assert!(!text.contains("Keywords: \n"), "{text}");
}

#[test]
fn points_go_with_the_result_and_the_comparison_weighs_them() {
    // Legion HQ's costs: Stormtroopers 42, DLT-19 Stormtrooper 20.
    let attack: serde_json::Value = serde_json::from_str(&holodice_ok(&[
        "legion",
        "attack",
        "--attacker",
        "@Stormtroopers, +@DLT-19 Stormtrooper, range 2",
        "--defender",
        "white defense",
        "--format",
        "json",
    ]))
    .unwrap();
    assert_eq!(attack["resolved"]["attacker"]["points"], 62);
    // One trooper with one white die (3/8 a result, 5/6 unblocked: 5/16 a wound) costs the
    // unit's 42 points: mean and P(≥1) 5/16 · 100/42 = 125/168 per 100 points.
    let compared: serde_json::Value = serde_json::from_str(&holodice_ok(&[
        "legion",
        "compare",
        "--attacker",
        "@Stormtroopers, range 2, minis 1",
        "--attacker",
        "1 red",
        "--defender",
        "white defense",
        "--format",
        "json",
    ]))
    .unwrap();
    let a = &compared["loadouts"][0];
    assert_eq!(a["points"], 42);
    assert_eq!(a["mean_wounds_per_100_points"], "125/168");
    assert_eq!(a["at_least_one_per_100_points"], "125/168");
    // A loadout given by its dice has no points, and so nothing per point.
    let b = &compared["loadouts"][1];
    assert!(b.get("points").is_none() && b.get("mean_wounds_per_100_points").is_none());
}

#[test]
fn matchups_attack_every_unit_card_sorted_best_first() {
    // One red die against the rebels' corps units, each with `extra` items.
    let rebel_corps = |extra: &[&str]| -> serde_json::Value {
        let mut args = vec!["legion", "matchups", "--attacker", "1 red"];
        args.extend(extra);
        args.extend(["--faction", "rebels", "--rank", "corps", "--format", "json"]);
        serde_json::from_str(&holodice_ok(&args)).unwrap()
    };
    let doc = rebel_corps(&[]);
    let found = doc["matchups"].as_array().unwrap();
    assert!(found.len() >= 3, "{doc}");
    let built_in = Cards::builtin();
    let mut means = Vec::new();
    for m in found {
        // One red die with no chart: a result with 6/8 (crit or hit), which a defense die
        // blocks on its blocks, and its surge with surge block: white 1 (+1), red 3 (+1) of 6.
        let name = m["defender"].as_str().unwrap();
        let card = built_in.find(name, Kind::Unit).unwrap();
        let st = card.stats.as_ref().unwrap();
        assert_eq!(card.faction.as_deref(), Some("rebels"));
        let blocks = match st.defense {
            holodice_engine::legion::units::DefenseDie::Red => 3,
            holodice_engine::legion::units::DefenseDie::White => 1,
        } + u32::from(st.surge_block);
        let want = num_rational::BigRational::new((6 * (6 - blocks)).into(), 48.into());
        assert_eq!(fraction(m["mean_wounds"].as_str().unwrap()), want, "{name}");
        assert_eq!(m["points"], card.cost.unwrap());
        means.push(want);
    }
    assert!(means.windows(2).all(|w| w[0] >= w[1]), "best first");
    // Every defender gets the --with items: heavy cover and a dodge leave one red die nothing
    // but its crit (1/8), then the defense die.
    let covered = rebel_corps(&["--with", "cover heavy, dodge 1"]);
    for m in covered["matchups"].as_array().unwrap() {
        assert!(
            fraction(m["mean_wounds"].as_str().unwrap()) <= fraction("1/8"),
            "{m}"
        );
    }
    assert_user_error(
        &[
            "legion",
            "matchups",
            "--attacker",
            "1 red",
            "--rank",
            "generals",
        ],
        &["no unit card"],
    );
}

#[test]
fn matchups_list_the_units_an_attack_cannot_reach_rather_than_failing() {
    // Immune: Melee: the unit "cannot be attacked in melee". A melee attacker's matchups keep
    // every other unit and say, for each immune one, why it is refused.
    let doc: serde_json::Value = serde_json::from_str(&holodice_ok(&[
        "legion",
        "matchups",
        "--attacker",
        "1 red, melee",
        "--format",
        "json",
    ]))
    .unwrap();
    let found = doc["matchups"].as_array().unwrap();
    let built_in = Cards::builtin();
    let immune = |name: &str| {
        let card = built_in.find(name, Kind::Unit).unwrap();
        card.keywords.iter().any(|k| k.name == "Immune: Melee")
    };
    let refused: Vec<&serde_json::Value> =
        found.iter().filter(|m| m["refused"].is_string()).collect();
    assert!(!refused.is_empty() && refused.len() < found.len());
    for m in found {
        let name = m["defender"].as_str().unwrap();
        assert_eq!(m["refused"].is_string(), immune(name), "{m}");
        match m["refused"].as_str() {
            Some(why) => {
                assert!(why.contains("Immune: Melee"), "{why}");
                assert!(m["mean_wounds"].is_null() && m["wiped"].is_null(), "{m}");
            }
            None => assert!(m["mean_wounds"].is_string(), "{m}"),
        }
    }
    // They come last, and the text names each with its reason.
    let first_refused = found.iter().position(|m| m["refused"].is_string()).unwrap();
    assert!(found[first_refused..]
        .iter()
        .all(|m| m["refused"].is_string()));
    let text = holodice_ok(&["legion", "matchups", "--attacker", "1 red, melee"]);
    let name = refused[0]["defender"].as_str().unwrap();
    assert!(
        text.contains(&format!(
            "{name}: refused: illegal attack: the defender has Immune: Melee"
        )),
        "{text}"
    );
    // A fault of the attacker's SPEC, the same for every unit, still fails the query.
    assert_user_error(
        &["legion", "matchups", "--attacker", "1 red, Bogus 2"],
        &["Bogus"],
    );
}

#[test]
fn the_original_legion_hq_format_is_read_as_it_is() {
    // The original Legion HQ's cards.json keeps a unit's statistics at its top level, words for
    // its dice and surges, no minis, no weapons and keywords without numbers.
    let path = format!(
        "{}/tests/fixtures/legion-hq-original/cards.json",
        env!("CARGO_MANIFEST_DIR")
    );
    let original = load(&path, "the fixture is in the repository");
    let leia = original.find("Leia Organa", Kind::Unit).unwrap();
    let st = leia.stats.as_ref().unwrap();
    assert_eq!((st.wounds, st.courage, st.minis), (6, Some(2), 0));
    // Attacking without dice says the file gives no weapons and how to give them.
    let bare = Scenario::parse_with("@Leia Organa", "white defense", None, &original);
    let e = bare.unwrap_err().to_string();
    assert!(
        e.contains("no weapons in") && e.contains("'@Leia Organa (Fearless and Inventive), 3 red'"),
        "{e}"
    );
    // With the dice given: 3 red, her crit surge chart; Rebel Troopers defend with white and
    // surge block (2 of 6 block): each die 7/8 a result, 4/6 unblocked, mean 3 · 7/12 = 7/4.
    let s =
        Scenario::parse_with("@Leia Organa, 3 red", "@Rebel Troopers", None, &original).unwrap();
    assert_eq!(attack(&s).unwrap().wounds.mean(), fraction("7/4"));
    // Keywords the file gives without their numbers are named, with how to give them.
    assert!(s
        .notes
        .iter()
        .any(|n| n.contains("Pierce") && n.contains("add 'Pierce N' to the SPEC")));
    // Its upgrades' requirements read as they are, the Force affinity as `{"light side": true}`.
    let words = |name: &str| {
        let card = original.find(name, Kind::Upgrade).unwrap();
        card.requirements.describe().unwrap()
    };
    assert_eq!(words("Comms Relay"), "not emplacement trooper");
    assert_eq!(words("Jedi Mind Trick"), "light side (not checked)");
    assert_eq!(words("Imperial Officer"), "corps and empire");
    // A card of the file replaces the built-in card with its id: newer data wins.
    let mut cards = Cards::builtin().clone();
    cards.add(original.clone());
    let replaced = cards
        .find("Leia Organa (Fearless and Inventive)", Kind::Unit)
        .unwrap();
    assert_eq!(replaced.file, path);
    assert!(replaced.weapons.is_empty());
}

#[test]
fn a_unit_without_statistics_is_set_aside_and_refused_only_when_named() {
    // The original Legion HQ gives K-2SO (lv) no statistics: the file is read, the card set
    // aside with one note, and only a SPEC naming it is refused.
    let path = format!(
        "{}/tests/fixtures/legion-hq-original/cards.json",
        env!("CARGO_MANIFEST_DIR")
    );
    let original = load(&path, "the fixture is in the repository");
    let aside: Vec<&str> = original.set_aside().iter().map(|c| c.id.as_str()).collect();
    assert_eq!(aside, ["lv"]);
    let s =
        Scenario::parse_with("@Leia Organa, 3 red", "@Rebel Troopers", None, &original).unwrap();
    let notes: Vec<&String> = s.notes.iter().filter(|n| n.contains("set aside")).collect();
    assert_eq!(notes.len(), 1, "{:?}", s.notes);
    assert!(
        notes[0].contains("K-2SO (Sardonic Security Droid) (lv)"),
        "{}",
        notes[0]
    );
    let e = Scenario::parse_with("3 red", "@K-2SO", None, &original)
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("K-2SO (Sardonic Security Droid) (lv)") && e.contains("no statistics"),
        "{e}"
    );
    // Beside the built-in cards, the built-in K-2SO (which has them) is the one named.
    let mut cards = Cards::builtin().clone();
    cards.add(original.clone());
    let k2 = cards.find("K-2SO", Kind::Unit).unwrap();
    assert_eq!(k2.file, "data/legion/cards.yaml");
    // The original's requirements: {"force": true} is a Force user (a Force slot);
    // {"imageName": "Maul2.jpeg"} names a unit by its card's picture, which no card says.
    let words = |name: &str| {
        let card = original.find(name, Kind::Upgrade).unwrap();
        card.requirements.describe().unwrap()
    };
    assert_eq!(words("Offensive Stance"), "force slot");
    assert_eq!(
        words("The Darksaber2"),
        "the unit pictured Maul2.jpeg (not checked)"
    );
    // The command line lists the file's cards, its caption naming the card set aside.
    let text = holodice_ok(&["legion", "units", "--cards", &path, "Leia"]);
    assert!(
        text.contains("units set aside") && text.contains("K-2SO"),
        "{text}"
    );
}

/// `legion units --upgrades-for NAME --format json` with the built-in cards.
fn upgrades_for(name: &str) -> serde_json::Value {
    serde_json::from_str(&holodice_ok(&[
        "legion",
        "units",
        "--upgrades-for",
        name,
        "--format",
        "json",
    ]))
    .unwrap()
}

/// The spec names of the upgrades `doc` lists for `slot`.
fn slot_upgrades(doc: &serde_json::Value, slot: &str) -> Vec<String> {
    let slots = doc["slots"].as_array().unwrap();
    let found = slots.iter().find(|s| s["slot"] == slot);
    let found = found.unwrap_or_else(|| panic!("no {slot} slot in {slots:?}"));
    found["upgrades"]
        .as_array()
        .unwrap()
        .iter()
        .map(|u| u["spec_name"].as_str().unwrap().to_string())
        .collect()
}

#[test]
fn stormtroopers_are_offered_their_own_heavy_weapons_slot_by_slot() {
    let doc = upgrades_for("Stormtroopers (ay)");
    assert_eq!(doc["unit"]["id"], "ay");
    assert_eq!(
        doc["unit"]["upgrade_bar"],
        serde_json::json!(["heavy weapon", "personnel", "gear", "grenades"])
    );
    // The bar's slots in its order, then the slots its personnel add (Stormtrooper Captain a
    // training slot, Imperial Comms Technician a comms slot).
    let slots: Vec<(&str, u64)> = doc["slots"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| (s["slot"].as_str().unwrap(), s["count"].as_u64().unwrap()))
        .collect();
    assert_eq!(
        &slots[..4],
        [
            ("heavy weapon", 1),
            ("personnel", 1),
            ("gear", 1),
            ("grenades", 1)
        ]
    );
    let training = doc["slots"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["slot"] == "training")
        .unwrap();
    assert_eq!(
        (&training["count"], &training["added_by"]),
        (
            &serde_json::json!(0),
            &serde_json::json!(["Stormtrooper Captain"])
        )
    );
    let heavy = slot_upgrades(&doc, "heavy weapon");
    assert!(
        heavy.contains(&"DLT-19 Stormtrooper".to_string()),
        "{heavy:?}"
    );
    assert!(!heavy.iter().any(|u| u.starts_with("Z-6")), "{heavy:?}");
    // Superior Equipment is for neither commanders nor operatives: corps Stormtroopers take it.
    assert!(slot_upgrades(&doc, "gear").contains(&"Superior Equipment".to_string()));
    // Every upgrade offered is of its slot's type, and `cards` lists them slot by slot.
    let mut all = Vec::new();
    for s in doc["slots"].as_array().unwrap() {
        for u in s["upgrades"].as_array().unwrap() {
            assert_eq!(u["subtype"], s["slot"], "{}", u["spec_name"]);
            all.push(u.clone());
        }
    }
    assert_eq!(doc["cards"], serde_json::Value::Array(all));
}

#[test]
fn a_requirement_with_or_and_not_is_read_from_the_unit_card() {
    // Jedi Knight (Keeper of the Peace) takes the doctrines of "Jedi Knight or Jedi Knight
    // General", not General of the Republic, which is the Jedi Knight General's alone.
    let jedi = upgrades_for("Jedi Knight (Keeper of the Peace)");
    let doctrines = slot_upgrades(&jedi, "doctrine");
    assert!(
        doctrines.contains(&"Jedi Negotiator".to_string()),
        "{doctrines:?}"
    );
    assert!(!doctrines.contains(&"General of the Republic".to_string()));
    // Luke Skywalker (Jedi Knight) is no "Jedi Knight" by name: no Jedi Training; his Force
    // slots qualify him for Strong in the Force, which Stormtroopers' training slot lacks.
    let luke = upgrades_for("Luke Skywalker (Jedi Knight)");
    let training = slot_upgrades(&luke, "training");
    assert!(
        training.contains(&"Strong in the Force".to_string()),
        "{training:?}"
    );
    assert!(!training.iter().any(|t| t.starts_with("Jedi Training")));
    let troopers = slot_upgrades(&upgrades_for("Stormtroopers (ay)"), "training");
    assert!(!troopers.contains(&"Strong in the Force".to_string()));
    // "Imperial Special Forces and not title Inferno Squad": the T-21 goes to the untitled
    // unit only.
    let t21 = "T-21 Special Forces Trooper".to_string();
    let plain = upgrades_for("Imperial Special Forces (mx)");
    assert!(slot_upgrades(&plain, "heavy weapon").contains(&t21));
    let inferno = upgrades_for("Imperial Special Forces (Inferno Squad)");
    assert!(!slot_upgrades(&inferno, "heavy weapon").contains(&t21));
    let t21_card = plain["cards"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["spec_name"] == t21.as_str())
        .unwrap();
    assert_eq!(
        t21_card["requirements"],
        "Imperial Special Forces and not title Inferno Squad"
    );
}

#[test]
fn force_powers_of_an_affinity_are_offered_unchecked() {
    // No card gives a unit's Force affinity: Force Choke (dark side) is offered to Luke, and
    // says it was not checked; Force Push, which requires nothing, is checked.
    let luke = upgrades_for("Luke Skywalker (Jedi Knight)");
    let force = luke["slots"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["slot"] == "force")
        .unwrap();
    assert_eq!(force["count"], 3);
    let unchecked: Vec<&str> = force["unchecked"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n.as_str().unwrap())
        .collect();
    assert!(unchecked.contains(&"Force Choke"), "{unchecked:?}");
    assert!(!unchecked.contains(&"Force Push"), "{unchecked:?}");
    let choke = force["upgrades"]
        .as_array()
        .unwrap()
        .iter()
        .find(|u| u["name"] == "Force Choke")
        .unwrap();
    assert_eq!(choke["requirements"], "dark side (not checked)");
    let text = holodice_ok(&[
        "legion",
        "units",
        "--upgrades-for",
        "Luke Skywalker (Jedi Knight)",
        "choke",
    ]);
    assert!(
        text.contains("slot: force (not checked)") && text.contains("1 upgrade fits"),
        "{text}"
    );
}

#[test]
fn every_listed_card_gives_its_upgrade_bar_added_slots_and_requirements() {
    let listed: serde_json::Value = serde_json::from_str(&holodice_ok(&[
        "legion",
        "units",
        "stormtrooper",
        "--format",
        "json",
    ]))
    .unwrap();
    assert_eq!(
        (&listed["unit"], &listed["slots"]),
        (&json_null(), &json_null())
    );
    let card = |name: &str| {
        listed["cards"]
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["spec_name"] == name)
            .unwrap_or_else(|| panic!("{name}"))
            .clone()
    };
    let troopers = card("Stormtroopers (ay)");
    assert_eq!(troopers["upgrade_bar"].as_array().unwrap().len(), 4);
    assert_eq!(
        (&troopers["adds_slots"], &troopers["requirements"]),
        (&serde_json::json!([]), &json_null())
    );
    let captain = card("Stormtrooper Captain");
    assert_eq!(
        (
            &captain["upgrade_bar"],
            &captain["adds_slots"],
            &captain["requirements"]
        ),
        (
            &serde_json::json!([]),
            &serde_json::json!(["training"]),
            &serde_json::json!("Stormtroopers")
        )
    );
    // The text shows a unit's upgrade bar.
    let text = holodice_ok(&["legion", "units", "Stormtroopers", "--rank", "corps"]);
    assert!(
        text.contains("upgrade bar: heavy weapon, personnel, gear, grenades"),
        "{text}"
    );
}

fn json_null() -> serde_json::Value {
    serde_json::Value::Null
}

#[test]
fn upgrades_for_an_unknown_or_ambiguous_unit_is_one_line_and_exit_2() {
    assert_user_error(
        &["legion", "units", "--upgrades-for", "Stormtropers"],
        &[
            "--upgrades-for",
            "unknown Legion unit 'Stormtropers'",
            "'Stormtroopers'",
        ],
    );
    assert_user_error(
        &["legion", "units", "--upgrades-for", "Jedi Knight"],
        &[
            "'Jedi Knight' names 2 cards",
            "@Jedi Knight (Keeper of the Peace)",
        ],
    );
    assert_user_error(
        &["legion", "units", "--upgrades-for", "DLT-19 Stormtrooper"],
        &["is an upgrade card"],
    );
    assert_user_error(
        &["legion", "units", "--upgrades-for", "ay", "--rank", "corps"],
        &["cannot be used with"],
    );
    // A unit's id names it too.
    assert_eq!(
        upgrades_for("ay")["unit"]["spec_name"],
        "Stormtroopers (ay)"
    );
}

#[test]
fn a_card_files_requirements_are_read_and_bad_ones_refused_whole() {
    // The fixture, in Legion HQ's own format: its Stormtroopers take its DLT-19.
    let path = cards_path();
    let doc: serde_json::Value = serde_json::from_str(&holodice_ok(&[
        "legion",
        "units",
        "--cards",
        &path,
        "--upgrades-for",
        "Stormtroopers",
        "DLT",
        "--format",
        "json",
    ]))
    .unwrap();
    let dlt: Vec<&str> = doc["cards"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["file"].as_str().unwrap())
        .collect();
    assert_eq!(dlt, [path.as_str()]);
    // An unknown operator or field refuses the file, naming it, the card's line and the card.
    let bad = "- {cardName: Squad, cardType: unit, cardSubtype: trooper,\n   \
               stats: {minicount: 1, hp: 1, defense: w, courage: 1}}\n\
               - id: zz\n  cardName: Odd Gun\n  cardType: upgrade\n  cardSubtype: heavy weapon\n  \
               requirements: [XOR, {cardName: Squad}]\n";
    let e = Cards::load("bad.yaml", bad).unwrap_err().to_string();
    assert!(
        e.starts_with("bad.yaml:3: item 'zz (Odd Gun)'") && e.contains("unknown operator 'XOR'"),
        "{e}"
    );
    let field = bad.replace("XOR, ", "AND, {colour: red}, ");
    let e = Cards::load("bad.yaml", &field).unwrap_err().to_string();
    assert!(e.contains("unknown field 'colour'"), "{e}");
    let json = r#"{
  "zz": {"cardName": "Odd Gun", "cardType": "upgrade",
         "requirements": ["NOT", {"forceAffinity": "grey side"}]}
}"#;
    let e = Cards::load("bad.json", json).unwrap_err().to_string();
    assert!(e.starts_with("bad.json:2: item 'zz (Odd Gun)'"), "{e}");
}
