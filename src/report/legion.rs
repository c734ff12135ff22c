//! The report of a Legion attack: the variables, the SPECs, and the edition and policy used.

use super::{squeeze, Entry, Report, Value};
use holodice_engine::legion::attack::LegionAttack;
use holodice_engine::legion::minis::Losses;
use holodice_engine::legion::Scenario;
use holodice_engine::policy::{Objective, Policy};

/// What a comparison's attacks share, as report entries and as one caption line.
pub fn shared_context(guardian: Option<&str>, s: &Scenario) -> (Vec<Entry>, String) {
    let mut entries = Vec::new();
    let mut line = Vec::new();
    if let Some(g) = guardian {
        let g = squeeze(g);
        line.push(format!("guardian {g}"));
        entries.push(Entry::new("guardian", "Guardian", Value::Text(g)));
    }
    line.push(format!(
        "edition {}, policy {}",
        s.edition.name(),
        policy_name(s.policy, s.objective)
    ));
    entries.extend(choices(s));
    (entries, line.join("; "))
}

/// The policy as every result names it: `greedy`, or `optimal (mean)`, `optimal (atleast:2)`.
pub fn policy_name(policy: Policy, objective: Objective) -> String {
    match (policy, objective) {
        (Policy::Greedy, _) => "greedy".into(),
        (Policy::Optimal, Objective::Destroy) => "optimal (wipe)".into(),
        (Policy::Optimal, o) => format!("optimal ({})", o.name()),
    }
}

/// The policy and edition a result was computed under.
fn choices(s: &Scenario) -> [Entry; 2] {
    [
        Entry::new(
            "policy",
            "Policy",
            Value::Text(policy_name(s.policy, s.objective)),
        ),
        Entry::new("edition", "Edition", Value::Text(s.edition.name().into())),
    ]
}

/// The report of one attack: the variables, the SPECs (and the results on the table it started
/// from), and the edition and policy used.
pub fn attack_report(specs: &[(&str, Option<&str>)], s: &Scenario, a: &LegionAttack) -> Report {
    let mut entries: Vec<Entry> = specs
        .iter()
        .filter_map(|(key, spec)| {
            spec.map(|s| {
                let label = format!("{}{}", key[..1].to_uppercase(), &key[1..]);
                Entry::new(key, &label, Value::Text(squeeze(s)))
            })
        })
        .collect();
    entries.push(Entry::new(
        "wounds",
        "Wounds on the defender",
        Value::Dist(a.wounds.clone()),
    ));
    entries.push(Entry::new(
        "attack_results",
        "Attack results (hits + crits after rerolls and surges)",
        Value::Dist(a.attack_results.clone()),
    ));
    entries.push(Entry::new(
        "attacker_wounds",
        "Wounds on the attacker (Deflect, Djem So)",
        Value::Dist(a.attacker_wounds.clone()),
    ));
    entries.extend(a.guardian_wounds.as_ref().map(guardian_wounds));
    entries.extend(losses_entries(a));
    entries.extend(super::resolved::resolved(s));
    entries.extend(choices(s));
    let headline = headline(a);
    Report {
        title: "Legion attack (exact)".into(),
        headline,
        entries,
        notes: crate::command::notes(&a.notes),
    }
}

/// The chance to wipe the defender (when its minis are known), the mean wounds and the chance
/// of at least one.
fn headline(a: &LegionAttack) -> Vec<Entry> {
    let wiped = a.losses.as_ref().map(|l| wiped(&l.wiped));
    wiped
        .into_iter()
        .chain([
            Entry::new(
                "mean_wounds",
                "Mean wounds on the defender",
                Value::Number(a.wounds.mean()),
            ),
            Entry::new(
                "wounded",
                "Chance of at least one wound",
                Value::Prob(a.wounds.at_least(1)),
            ),
        ])
        .collect()
}

/// The minis a defending unit loses and the chance to wipe it: `minis_defeated`, `wiped`.
pub(super) fn unit_losses(l: &Losses) -> [Entry; 2] {
    [
        Entry::new(
            "minis_defeated",
            "Minis defeated",
            Value::Dist(l.minis_defeated.clone()),
        ),
        wiped(&l.wiped),
    ]
}

/// The chance to wipe a defending unit, as every result names it.
pub(super) fn wiped(p: &num_rational::BigRational) -> Entry {
    Entry::new("wiped", "Chance to wipe the unit", Value::Prob(p.clone()))
}

/// The minis the defender and the guardian lose, when their wounds per mini are known.
fn losses_entries(a: &LegionAttack) -> Vec<Entry> {
    let mut entries: Vec<Entry> = a.losses.iter().flat_map(unit_losses).collect();
    entries.extend(a.guardian_losses.iter().flat_map(guardian_losses));
    entries
}

/// The wounds on a guardian: `guardian_wounds`.
pub(super) fn guardian_wounds(d: &holodice_engine::dist::Dist) -> Entry {
    Entry::new(
        "guardian_wounds",
        "Wounds on the guardian",
        Value::Dist(d.clone()),
    )
}

/// The minis a guardian loses and the chance to wipe it: `guardian_minis_defeated`,
/// `guardian_wiped`.
pub(super) fn guardian_losses(l: &Losses) -> [Entry; 2] {
    [
        Entry::new(
            "guardian_minis_defeated",
            "Guardian's minis defeated",
            Value::Dist(l.minis_defeated.clone()),
        ),
        Entry::new(
            "guardian_wiped",
            "Chance to wipe the guardian",
            Value::Prob(l.wiped.clone()),
        ),
    ]
}
