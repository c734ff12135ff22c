//! The report of a Legion sequence: the unit after every attack (wounds, minis, suppression)
//! and each attack as the unit met it.

use super::legion::shared_context;
use super::{squeeze, Entry, Report, Value};
use holodice_engine::legion::sequence::{LegionSequence, SuppressionGained};
use holodice_engine::legion::Scenario;

/// The report of `attacks` (SPECs, in order) on `defender`, under `choices`' edition and
/// policy and the suppression reading `gained`.
pub fn sequence_report(
    attacks: &[String],
    defender: &str,
    choices: &Scenario,
    gained: SuppressionGained,
    r: &LegionSequence,
) -> Report {
    let mut entries = vec![
        Entry::new("defender", "Defender", Value::Text(squeeze(defender))),
        Entry::new(
            "wounds",
            "Wounds on the defender",
            Value::Dist(r.wounds.clone()),
        ),
    ];
    if let (Some(minis), Some(wiped)) = (&r.minis_defeated, &r.wiped) {
        entries.push(Entry::new(
            "minis_defeated",
            "Minis defeated",
            Value::Dist(minis.clone()),
        ));
        entries.push(Entry::new(
            "wiped",
            "Chance to wipe the unit",
            Value::Prob(wiped.clone()),
        ));
    }
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
        Entry::list("attacks", "Attacks, in order", attack_entries(attacks, r)),
        Entry::new(
            "suppression_gained",
            "A ranged attack gives a suppression token",
            Value::Text(gained.name().into()),
        ),
    ]);
    entries.extend(shared_context(None, choices).0);
    Report {
        title: "Legion attack sequence (exact)".into(),
        headline: headline(r),
        entries,
        notes: r.notes.clone(),
    }
}

/// Each attack: its SPEC, the wounds it deals the unit and the chance it wipes it.
fn attack_entries(attacks: &[String], r: &LegionSequence) -> Vec<Entry> {
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

/// The chance to wipe the unit (when its minis are known), the mean wounds, the chance it is
/// suppressed.
fn headline(r: &LegionSequence) -> Vec<Entry> {
    let wiped = r
        .wiped
        .as_ref()
        .map(|w| Entry::new("wiped", "Chance to wipe the unit", Value::Prob(w.clone())));
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
