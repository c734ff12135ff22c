//! Timings of one exact Legion attack (`legion::attack::attack`).
//!
//! - `20 dice, 2 aims, rolled cover, guardian, greedy`: target under 50 ms, and no slower than
//!   14.3 ms (issue #13).
//! - `20 dice, 2 aims, no surge chart, greedy`: the slow shape (surges that convert kept apart);
//!   target under 20 ms, cost growing no faster than n^3 (issue #13).
//! - `12 dice, 2 aims, optimal`: target under 2 s.
//! - `6 dice, small`: the small attack issue #13 measures other tools on; target 10 us.
//! - `optimal, 4 red, 4 black, 3 white, aim 3` and `optimal, 5 red, 4 black, 4 white, aim 1`:
//!   mixed colours without a surge chart; target under 100 ms (and 50 MiB) each (issue #13).
//! - `cards: Stormtroopers with a DLT-19 against Rebel Troopers` (greedy and optimal): real units
//!   from Legion HQ's card data, read from `../shared/data/legion-hq/cards.json` beside the
//!   repository (skipped, with a message, without it).
//! - Batches (`attack_many`) of the built-in cards: `matchups greedy everyday` (one attacker
//!   against all 178 unit cards, as `legion matchups` asks) under 150 ms; `matchups optimal
//!   dodge` (the same under the optimal policy, every defender with a dodge token) under 2 s;
//!   `100 attacks, 10 units against 10 units` (greedy) under 1 s. Each `..., one by one` makes
//!   the same attacks with `attack`, as before batches.
//! - Armies (`legion::army`): two real 10-unit lists read from their Legion HQ 2 links, every
//!   unit of one against every unit of the other with an aim token each, at range 2 (target:
//!   under 1 s) and at every range band, the lists read and the SPECs parsed inside the timing,
//!   as `legion army --vs-list` does.
//!   Run them with `--features parallel`, as the native builds are: without it a batch runs on
//!   one core.
//!
//! Only the attack is timed: the SPECs are parsed beforehand.

use criterion::{criterion_group, criterion_main, Criterion};
use holodice_engine::legion::army::{army, Band, Request, Unit};
use holodice_engine::legion::army_list::ArmyList;
use holodice_engine::legion::attack::{attack, attack_many};
use holodice_engine::legion::cards::{Cards, Kind};
use holodice_engine::legion::Scenario;
use holodice_engine::policy::Policy;
use std::hint::black_box;
use std::time::Duration;

fn bench_attack(
    c: &mut Criterion,
    name: &str,
    specs: [&str; 2],
    guardian: Option<&str>,
    policy: Policy,
) {
    let s = Scenario {
        policy,
        ..Scenario::parse(specs[0], specs[1], guardian).unwrap()
    };
    c.bench_function(name, |b| b.iter(|| attack(black_box(&s)).unwrap()));
}

/// Real units: a unit with an upgrade mini attacking a unit card.
fn bench_cards(c: &mut Criterion) {
    let path = format!(
        "{}/../../../shared/data/legion-hq/cards.json",
        env!("CARGO_MANIFEST_DIR")
    );
    let Ok(text) = std::fs::read_to_string(&path) else {
        eprintln!("skipping the card benchmarks: no Legion HQ card data at {path}");
        return;
    };
    let cards = Cards::load(&path, &text).unwrap();
    let s = Scenario::parse_with(
        "@Stormtroopers, +@DLT-19 Stormtrooper, range 3, aim 2",
        "@Rebel Troopers, dodge 1, cover light",
        None,
        &cards,
    )
    .unwrap();
    for (name, policy) in [("greedy", Policy::Greedy), ("optimal", Policy::Optimal)] {
        let s = Scenario {
            policy,
            ..s.clone()
        };
        c.bench_function(
            &format!("cards: Stormtroopers with a DLT-19 against Rebel Troopers, {name}"),
            |b| b.iter(|| attack(black_box(&s)).unwrap()),
        );
    }
}

/// Each attacker against each defender, SPECs of the built-in cards, under `policy`.
fn batch(attackers: &[&str], defenders: &[String], policy: Policy) -> Vec<Scenario> {
    let cards = Cards::builtin();
    let parsed = |a: &&str, d: &String| Scenario::parse_with(a, d, None, cards).unwrap();
    (attackers.iter())
        .flat_map(|a| defenders.iter().map(move |d| parsed(a, d)))
        .map(|s| Scenario { policy, ..s })
        .collect()
}

/// `batch` timed as one batch, and (with `one_by_one`) one attack at a time.
fn bench_batch(c: &mut Criterion, name: &str, batch: &[Scenario], one_by_one: bool) {
    c.bench_function(name, |b| b.iter(|| attack_many(black_box(batch))));
    if one_by_one {
        c.bench_function(&format!("{name}, one by one"), |b| {
            b.iter(|| batch.iter().map(attack).collect::<Vec<_>>())
        });
    }
}

/// Batches of the built-in cards: one attacker against every unit card, and ten units
/// against ten.
fn bench_batches(c: &mut Criterion) {
    let cards = Cards::builtin();
    let every = |extra: &str| -> Vec<String> {
        (cards.all().iter())
            .filter(|c| c.kind == Kind::Unit)
            .map(|c| format!("@{}{extra}", cards.spec_name(c)))
            .collect()
    };
    let everyday = ["3 black, 5 red, 8 white, surge hit, aim 2, Precise 2, Critical 3, Lethal 1"];
    let greedy = batch(&everyday, &every(""), Policy::Greedy);
    bench_batch(c, "matchups greedy everyday", &greedy, true);
    let dodge = ["4 red, 2 black, 4 white, surge hit, aim 3, Critical 2, Impact 1"];
    let optimal = batch(&dodge, &every(", dodge 1"), Policy::Optimal);
    bench_batch(c, "matchups optimal dodge", &optimal, false);
    let defenders = [
        "@Stormtroopers (ay), cover light",
        "@Rebel Troopers, dodge 1",
        "@B1 Battle Droids, cover heavy",
        "@Clone Trooper Infantry, surge tokens 1",
        "@Wookiee Warriors (Kashyyyk Defenders)",
        "@AT-ST",
        "@Darth Vader (Dark Lord of the Sith)",
        "@Luke Skywalker (Hero of the Rebellion), dodge 1",
        "@Snowtroopers, suppression 1",
        "@Imperial Death Troopers, cover light",
    ];
    let ten = batch(&TEN_ATTACKERS, &defenders.map(String::from), Policy::Greedy);
    bench_batch(c, "100 attacks, 10 units against 10 units", &ten, true);
}

/// Ten attacking units of the built-in cards, most with an upgrade that adds a weapon.
const TEN_ATTACKERS: [&str; 10] = [
    "@Stormtroopers (ay), +@DLT-19 Stormtrooper, range 2",
    "@Rebel Troopers, +@Z-6 Trooper, range 2, aim 1",
    "@Snowtroopers, +@Flametrooper, range 1",
    "@Snowtroopers, +@T-7 Ion Snowtrooper, range 2, aim 1",
    "@Wookiee Warriors (Kashyyyk Defenders), +@Bowcaster Wookiee, range 2",
    "@Scout Troopers (Strike Team), +@DLT-19x Sniper, range 3, aim 1",
    "@BARC Speeder, +@BARC Ion Gunner, range 2",
    "@AT-ST, +@AT-ST Mortar Launcher, range 3",
    "@Fleet Troopers, range 1, aim 1",
    "@Darth Vader (Dark Lord of the Sith), melee",
];

/// An Imperial list of 10 units, as Legion HQ 2 links it.
const EMPIRE: &str = "https://legionhq2.com/list/empire/1at0000,1au000,1ayej000,1az0000,1bb00000,\
1bd000000,1be00,1bf0,1bg0fi000,1hg00000,,,,,,";

/// A Rebel list of 10 units.
const REBELS: &str = "https://legionhq2.com/list/rebels/1ad0000,1ac000,1ahed000,1ai0000,1aj00000,\
1ak00000,1an00,1ao00,1ap000,1gv00000,,,,,,";

/// Every unit of [`EMPIRE`] against every unit of [`REBELS`] at `bands`, lists read inside.
fn army_of(bands: &[Band], choices: &Scenario) -> usize {
    let cards = Cards::builtin();
    let units = |link: &str| -> Vec<Unit> {
        let list = ArmyList::read(link, cards).unwrap();
        (list.units.iter())
            .map(|u| Unit {
                name: u.name(cards),
                spec: u.spec(cards),
                points: Some(u.points(cards)),
                weapons: Vec::new(),
            })
            .collect()
    };
    let (attackers, defenders) = (units(EMPIRE), units(REBELS));
    let request = Request {
        attackers: &attackers,
        defenders: &defenders,
        bands,
        attacker_with: "aim 1",
        defender_with: "",
        choices,
        cards,
    };
    army(black_box(&request)).unwrap().len()
}

fn bench_armies(c: &mut Criterion) {
    let choices = Scenario::parse("1 red", "white defense", None).unwrap();
    assert_eq!(army_of(&[Band::Range(2)], &choices), 100);
    c.bench_function("army, 10 units against 10 units, range 2", |b| {
        b.iter(|| army_of(&[Band::Range(2)], &choices))
    });
    c.bench_function("army, 10 units against 10 units, every band", |b| {
        b.iter(|| army_of(&Band::ALL, &choices))
    });
}

fn legion_attack(c: &mut Criterion) {
    bench_armies(c);
    bench_batches(c);
    bench_cards(c);
    bench_attack(
        c,
        "6 dice, small",
        [
            "4 red, 2 black, surge hit, Pierce 1",
            "red defense, surge block",
        ],
        None,
        Policy::Greedy,
    );
    bench_attack(
        c,
        "20 dice, 2 aims, rolled cover, guardian, greedy",
        [
            "7 red, 7 black, 6 white, surge crit, aim 2, Pierce 1",
            "white defense, surge block, cover light, dodge 1",
        ],
        Some("Guardian 2, red defense, surge block, Deflect"),
        Policy::Greedy,
    );
    bench_attack(
        c,
        "20 dice, 2 aims, no surge chart, greedy",
        [
            "7 red, 7 black, 6 white, aim 2, Critical 1, Pierce 1",
            "red defense, cover heavy, dodge 1, Uncanny Luck 2, suppression 2, Danger Sense 2",
        ],
        Some("Guardian 2, red defense, surge block, Deflect"),
        Policy::Greedy,
    );
    bench_attack(
        c,
        "12 dice, 2 aims, optimal",
        [
            "4 red, 4 black, 4 white, surge hit, aim 2, Pierce 1",
            "red defense, Armor 1, cover light, dodge 1",
        ],
        None,
        Policy::Optimal,
    );
    for (name, attacker) in [
        (
            "optimal, 4 red, 4 black, 3 white, aim 3",
            "4 red, 4 black, 3 white, aim 3",
        ),
        (
            "optimal, 5 red, 4 black, 4 white, aim 1",
            "5 red, 4 black, 4 white, aim 1",
        ),
    ] {
        bench_attack(c, name, [attacker, "red defense"], None, Policy::Optimal);
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(5));
    targets = legion_attack
}
criterion_main!(benches);
