//! What a Legion attack's `@card` SPECs became, as report entries: per unit from a card, the
//! cards, the pool's weapons and dice (or the defending unit's minis, wounds and dice), and each
//! keyword applied with where it came from.

use super::{Entry, Value};
use holodice_engine::legion::items::Role;
use holodice_engine::legion::units::{describe_dice, Defender, DefenseDie};
use holodice_engine::legion::Scenario;

/// The `resolved` entry: one group per unit that came from a card; `None` when none did.
pub fn resolved(s: &Scenario) -> Option<Entry> {
    let p = &s.provenance;
    let mut units = Vec::new();
    if p.has_cards(Role::Attacker) {
        units.push(Entry::new(
            "attacker",
            "Attacker",
            Value::Group(attacker(s)),
        ));
    }
    if p.has_cards(Role::Defender) {
        let d = defending(s, Role::Defender, &s.defender);
        units.push(Entry::new("defender", "Defender", Value::Group(d)));
    }
    if let Some(g) = s.guardian.as_ref().filter(|_| p.has_cards(Role::Guardian)) {
        let d = defending(s, Role::Guardian, g);
        units.push(Entry::new("guardian", "Guardian", Value::Group(d)));
    }
    (!units.is_empty())
        .then(|| Entry::new("resolved", "Units from their cards", Value::Group(units)))
}

/// The attacker: its cards, weapons, pool, surge chart and keywords.
fn attacker(s: &Scenario) -> Vec<Entry> {
    let p = &s.provenance;
    let weapons: Vec<String> = p
        .weapons
        .iter()
        .map(|w| {
            format!(
                "{} ({}): {} × {}",
                w.name,
                w.reach,
                describe_dice(w.dice),
                w.copies
            )
        })
        .collect();
    let a = &s.attacker;
    let mut entries = vec![cards(s, Role::Attacker)];
    entries.extend(points(s, Role::Attacker));
    entries.extend([
        text("weapons", "Weapons", weapons.join("; ")),
        text("dice", "Dice", describe_dice(a.dice)),
        text("surge", "Attack surge", a.surge.word().into()),
        applied(s, Role::Attacker),
    ]);
    entries
}

/// A defending unit (the defender or a guardian): cards, minis, wounds, dice and keywords.
fn defending(s: &Scenario, role: Role, d: &Defender) -> Vec<Entry> {
    let die = d.die.map_or("none", DefenseDie::word);
    let surge = if d.surge_block { "block" } else { "none" };
    let count = |key: &str, label: &str, n: Option<u32>| {
        n.map(|n| Entry::new(key, label, Value::Int(i64::from(n))))
    };
    let mut entries = vec![cards(s, role)];
    entries.extend(points(s, role));
    entries.extend(count("minis", "Minis", d.minis));
    entries.extend(count("wounds", "Wounds per mini", d.wounds));
    entries.extend([
        text("defense", "Defense die", die.into()),
        text("surge", "Defense surge", surge.into()),
        text(
            "courage",
            "Courage",
            d.courage.map_or("—".into(), |c| c.to_string()),
        ),
        applied(s, role),
    ]);
    entries
}

/// What the unit costs, with its upgrades, when its cards say.
fn points(s: &Scenario, role: Role) -> Option<Entry> {
    let p = s.provenance.points(role)?;
    Some(Entry::new("points", "Points", Value::Int(i64::from(p))))
}

fn cards(s: &Scenario, role: Role) -> Entry {
    let named: Vec<&str> = s.provenance.cards_of(role).collect();
    text("cards", "Cards", named.join(", "))
}

/// Every keyword or item applied, with its source: `Precise 1 (Stormtroopers)`; "none" for
/// a unit whose cards give no keyword that changes the dice.
fn applied(s: &Scenario, role: Role) -> Entry {
    let items: Vec<String> = s
        .provenance
        .applied_to(role)
        .map(|a| format!("{} ({})", a.item, a.from))
        .collect();
    let listed = match items.is_empty() {
        true => "none".to_string(),
        false => items.join(", "),
    };
    text("keywords", "Keywords", listed)
}

fn text(key: &str, label: &str, value: String) -> Entry {
    Entry::new(key, label, Value::Text(value))
}
