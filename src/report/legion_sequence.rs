//! The report of a Legion sequence: the unit after every attack (wounds, minis, suppression)
//! and each attack as the unit met it.

use super::legion::{guardian_losses, guardian_wounds, shared_context, unit_losses, wiped};
use super::{squeeze, Entry, Report, Value};
use holodice_engine::legion::sequence::{LegionSequence, SuppressionGained};
use holodice_engine::legion::Scenario;

/// The report of `attacks` (SPECs, in order) on `defender` (and its `guardian`), under `choices`' edition and
/// policy and the suppression reading `gained`.
pub fn sequence_report(
    attacks: &[&str],
    defender: &str,
    guardian: Option<&str>,
    choices: &Scenario,
    gained: SuppressionGained,
    until_wiped: bool,
    r: &LegionSequence,
) -> Report {
    let mut entries = vec![Entry::new(
        "defender",
        "Defender",
        Value::Text(squeeze(defender)),
    )];
    if let Some(g) = guardian {
        entries.push(Entry::new("guardian", "Guardian", Value::Text(squeeze(g))));
    }
    entries.extend([Entry::new(
        "wounds",
        "Wounds on the defender",
        Value::Dist(r.wounds.clone()),
    )]);
    entries.extend(r.losses.iter().flat_map(unit_losses));
    entries.extend(r.guardian_wounds.as_ref().map(guardian_wounds));
    entries.extend(r.guardian_losses.iter().flat_map(guardian_losses));
    entries.extend([
        Entry::new(
            "suppression",
            "Suppression tokens on the defender after the last attack",
            Value::Dist(r.suppression.clone()),
        ),
        Entry::new(
            "suppressed",
            "Chance the defender is suppressed (tokens at its courage or more)",
            Value::Prob(r.suppressed.clone()),
        ),
        Entry::new(
            "panicked",
            "Chance the defender panics (tokens at twice its courage or more)",
            Value::Prob(r.panicked.clone()),
        ),
        match until_wiped {
            // Until wiped, the attacks needed say it at once: the list is a detail.
            true => Entry {
                detail: true,
                ..Entry::list("attacks", "Attacks, in order", attack_entries(attacks, r))
            },
            false => Entry::list("attacks", "Attacks, in order", attack_entries(attacks, r)),
        },
        suppression_gained(gained),
    ]);
    if until_wiped {
        entries.splice(1..1, until_wiped_entries(attacks, r));
    }
    entries.extend(shared_context(None, choices).0);
    let title = match until_wiped {
        true => "Legion attacks until the unit is wiped (exact)",
        false => "Legion attack sequence (exact)",
    };
    Report {
        title: title.into(),
        headline: headline(r, until_wiped),
        entries,
        notes: crate::command::notes(&r.notes),
    }
}

/// When a ranged attack gives a suppression token, as every sequence's answer says it.
pub fn suppression_gained(gained: SuppressionGained) -> Entry {
    Entry::new(
        "suppression_gained",
        "A ranged attack gives a suppression token",
        Value::Text(gained.name().into()),
    )
}

/// The attacks needed to wipe the unit: the chance each is the one, the chance it outlasts the
/// cap, and their mean given a wipe.
fn until_wiped_entries(attacks: &[&str], r: &LegionSequence) -> Vec<Entry> {
    let Some((by, survives)) = r.attacks_to_wipe() else {
        return Vec::new();
    };
    let mut needed: Vec<Entry> = (by.into_iter().enumerate())
        .map(|(k, p)| {
            let n = (k + 1).to_string();
            Entry::new(&n, &format!("{n}:"), Value::Prob(p))
        })
        .collect();
    needed.push(Entry::new("survives", "survives", Value::Prob(survives)));
    let mut entries = vec![
        Entry::new("attacker", "Attacker", Value::Text(squeeze(attacks[0]))),
        Entry::new(
            "cap",
            "Most attacks (the cap)",
            Value::Int(attacks.len() as i64),
        ),
        Entry::new(
            "attacks_to_wipe",
            "Attacks needed to wipe the unit",
            Value::Group(needed),
        ),
    ];
    if let Some(mean) = r.mean_attacks_to_wipe() {
        entries.push(Entry::new(
            "mean_attacks_to_wipe",
            "Mean attacks to wipe the unit, given it is wiped",
            Value::Number(mean),
        ));
    }
    entries
}

/// Each attack: its SPEC, the wounds it deals the unit and the chance it wipes it.
fn attack_entries(attacks: &[&str], r: &LegionSequence) -> Vec<Entry> {
    (attacks.iter().zip(&r.attacks).enumerate())
        .map(|(i, (spec, a))| {
            let mut items = vec![
                Entry::new("attacker", "attacker", Value::Text(squeeze(spec))),
                Entry::new("wounds", "wounds", Value::Dist(a.wounds.clone())),
            ];
            if let Some(w) = &a.wiped_by {
                items.push(Entry::new(
                    "wiped_by",
                    "wipes the unit",
                    Value::Prob(w.clone()),
                ));
            }
            let n = (i + 1).to_string();
            Entry::new(&n, &format!("{n}:"), Value::Group(items))
        })
        .collect()
}

/// The chance to wipe the unit (when its minis are known; until wiped, the mean attacks it
/// takes), the mean wounds, the chance it is suppressed.
fn headline(r: &LegionSequence, until_wiped: bool) -> Vec<Entry> {
    if let Some(mean) = r.mean_attacks_to_wipe().filter(|_| until_wiped) {
        let outlasts = r.attacks_to_wipe().map(|(_, s)| s).unwrap_or_default();
        return vec![
            Entry::new(
                "mean_attacks_to_wipe",
                "Mean attacks to wipe the unit",
                Value::Number(mean),
            ),
            Entry::new(
                "survives",
                "Chance it outlasts the cap",
                Value::Prob(outlasts),
            ),
        ];
    }
    let wiped = r.losses.as_ref().map(|l| wiped(&l.wiped));
    wiped
        .into_iter()
        .chain([
            Entry::new(
                "mean_wounds",
                "Mean wounds on the defender",
                Value::Number(r.wounds.mean()),
            ),
            Entry::new(
                "suppressed",
                "Chance the defender is suppressed",
                Value::Prob(r.suppressed.clone()),
            ),
        ])
        .collect()
}
