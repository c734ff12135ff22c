//! The Star Wars Trading Card Game: keywords, unit SPECs, rule options and the attack.

pub mod attack;
pub mod keywords;
pub mod rules;
pub mod spec;

use crate::report::{Entry, Report, Value};
use attack::Attack;
use rules::Rules;
use spec::Unit;

/// The snake_case key of a keyword name in JSON ("Critical Hit" → `critical_hit`).
pub fn key_of(name: &str) -> String {
    keywords::normalize(name).replace(' ', "_")
}

/// The report of one attack: every reported variable, the scenario and the rules used.
pub fn attack_report(attacker: &Unit, defender: &Unit, rules: &Rules, a: &Attack) -> Report {
    let mut entries = vec![
        Entry::new("attacker", "Attacker", Value::Text(attacker.describe())),
        Entry::new("defender", "Defender", Value::Text(defender.describe())),
        Entry::new("dice", "Attack dice for power", Value::Int(a.dice)),
        Entry::new(
            "damage",
            "Damage counters on the defender",
            Value::Dist(a.damage.clone()),
        ),
    ];
    if let Some(p) = &a.destroyed {
        entries.push(Entry::new(
            "destroyed",
            "Chance to destroy the defender",
            Value::Prob(p.clone()),
        ));
    }
    entries.push(Entry::new(
        "hits",
        "Hits of the final attack roll",
        Value::Dist(a.hits.clone()),
    ));
    entries.push(Entry::new(
        "attacker_damage",
        "Damage counters on the attacker",
        Value::Dist(a.attacker_damage.clone()),
    ));
    if let Some(p) = &a.attacker_destroyed {
        entries.push(Entry::new(
            "attacker_destroyed",
            "Chance the attacker is destroyed",
            Value::Prob(p.clone()),
        ));
    }
    if !a.triggers.is_empty() {
        let group = a
            .triggers
            .iter()
            .map(|(name, p)| Entry::new(&key_of(name), name, Value::Prob(p.clone())))
            .collect();
        entries.push(Entry::new(
            "triggers",
            "Trigger chances",
            Value::Group(group),
        ));
    }
    for (key, label, d) in [
        (
            "focus_power",
            "Power for the attacker's next attack (Focus)",
            &a.focus_power,
        ),
        (
            "absorb_power",
            "Power for the defender's next attack (Absorb)",
            &a.absorb_power,
        ),
        (
            "attacker_absorb_power",
            "Power for the attacker's next attack (Absorb)",
            &a.attacker_absorb_power,
        ),
    ] {
        if let Some(d) = d {
            entries.push(Entry::new(key, label, Value::Dist(d.clone())));
        }
    }
    if let Some((k, p)) = &a.foresight {
        entries.push(Entry::new(
            "foresight",
            "Foresight",
            Value::Group(vec![
                Entry::new("prediction", "best prediction", Value::Int(*k)),
                Entry::new("probability", "right with", Value::Prob(p.clone())),
            ]),
        ));
    }
    if let Some(p) = &a.defender_resilience {
        entries.push(Entry::new(
            "defender_resilience",
            "Chance the defender survives with its Resilience active",
            Value::Prob(p.clone()),
        ));
    }
    let rules = rules
        .values()
        .into_iter()
        .map(|(k, v)| Entry::new(k, k, Value::Text(v.to_string())))
        .collect();
    entries.push(Entry::new("rules", "Rules", Value::Group(rules)));
    Report {
        title: "SWTCG attack (exact)".to_string(),
        entries,
        notes: a.notes.clone(),
    }
}
