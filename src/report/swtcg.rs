//! The reports of SWTCG queries: every variable an attack, dice of damage or a sequence
//! reports, with its stable key and its label for people.

use super::{Entry, Report, Value};
use holodice_engine::dist::Dist;
use holodice_engine::game::{Objective, Policy};
use holodice_engine::swtcg::attack::choose::{self, Chosen};
use holodice_engine::swtcg::attack::{Attack, DiceResult, Scenario};
use holodice_engine::swtcg::sequence::{self, Attackers, Sequence, SequenceResult};
use holodice_engine::swtcg::unit::Unit;
use holodice_engine::swtcg::{key_of, keywords, rules};
use num_rational::BigRational;
use num_traits::Zero;

/// The chance to destroy the unit that took the damage, or without Health its mean counters.
fn headline(target: &str, damage: &Dist, destroyed: &Option<BigRational>) -> Vec<Entry> {
    vec![match destroyed {
        Some(p) => Entry::new(
            "destroyed",
            &format!("Chance to destroy the {target}"),
            Value::Prob(p.clone()),
        ),
        None => Entry::new(
            "mean_damage",
            &format!("Mean damage counters on the {target}"),
            Value::Number(damage.mean()),
        ),
    }]
}

/// The report of one attack: every reported variable, the scenario and the rules used.
pub fn attack_report(s: &Scenario, a: &Attack) -> Report {
    // The keys stay; the labels say which unit took the attack.
    let target = if a.intercepted {
        "interceptor"
    } else {
        "defender"
    };
    let mut entries = scenario_entries(s, a);
    entries.extend(damage_entries(a, target));
    entries.extend(trigger_entries(a));
    entries.extend(choice_entries(s, a));
    entries.push(rules_entry(&s.rules));
    Report {
        title: "SWTCG attack (exact)".to_string(),
        headline: attack_headline(a, target),
        entries,
        notes: crate::command::notes(&a.notes),
    }
}

/// What the report restates of its query: the units, the mode, and the dice power gives.
fn scenario_entries(s: &Scenario, a: &Attack) -> Vec<Entry> {
    let unit = |key: &str, label: &str, u: &Unit| Entry::new(key, label, Value::Text(u.describe()));
    let mut entries = vec![
        unit("attacker", "Attacker", &s.attacker),
        unit("defender", "Defender", &s.defender),
    ];
    entries.extend((s.interceptor.as_ref()).map(|u| unit("interceptor", "Interceptor", u)));
    entries.extend((s.secondary.as_ref()).map(|u| unit("secondary", "Secondary unit", u)));
    let mode = s.mode.map(|m| Value::Text(m.name().into()));
    entries.extend(mode.map(|m| Entry::new("mode", "Mode", m)));
    entries.push(Entry::new(
        "dice",
        "Attack dice for power",
        Value::Int(a.dice),
    ));
    entries
}

/// The damage on each unit the attack reaches, and the chances to destroy them; `target` is the
/// unit that took the attack.
fn damage_entries(a: &Attack, target: &str) -> Vec<Entry> {
    let dist = |key: &str, label: &str, d: &Dist| Entry::new(key, label, Value::Dist(d.clone()));
    let prob =
        |key: &str, label: &str, p: &BigRational| Entry::new(key, label, Value::Prob(p.clone()));
    let mut entries = vec![dist(
        "damage",
        &format!("Damage counters on the {target}"),
        &a.damage,
    )];
    let destroyed = format!("Chance to destroy the {target}");
    entries.extend((a.destroyed.as_ref()).map(|p| prob("destroyed", &destroyed, p)));
    entries.push(dist("hits", "Hits of the final attack roll", &a.hits));
    entries.push(dist(
        "attacker_damage",
        "Damage counters on the attacker",
        &a.attacker_damage,
    ));
    entries.extend(
        (a.attacker_destroyed.as_ref())
            .map(|p| prob("attacker_destroyed", "Chance the attacker is destroyed", p)),
    );
    entries.extend((a.secondary_damage.as_ref()).map(|d| {
        dist(
            "secondary_damage",
            "Damage counters on the secondary unit",
            d,
        )
    }));
    entries.extend((a.secondary_destroyed.as_ref()).map(|p| {
        prob(
            "secondary_destroyed",
            "Chance to destroy the secondary unit",
            p,
        )
    }));
    entries
}

/// What the keywords that fire during the attack give: their chances, the power they carry to
/// the next attacks, and the predictions.
fn trigger_entries(a: &Attack) -> Vec<Entry> {
    let mut entries = Vec::new();
    if !a.triggers.is_empty() {
        let group = (a.triggers.iter())
            .map(|(name, p)| Entry::new(&key_of(name), name, Value::Prob(p.clone())))
            .collect();
        entries.push(Entry::new(
            "triggers",
            "Trigger chances",
            Value::Group(group),
        ));
    }
    entries.extend(carried_power_entries(a));
    entries.extend(power_chance_entries(a));
    for (key, label, p) in [
        ("bounty", "Chance the Bounty is gained", &a.bounty),
        ("consume", "Chance Consume takes a card", &a.consume),
    ] {
        entries.extend(
            p.as_ref()
                .map(|p| Entry::new(key, label, Value::Prob(p.clone()))),
        );
    }
    for (key, label, prediction) in [
        ("foresight", "Foresight", &a.foresight),
        ("forewarning", "Forewarning", &a.forewarning),
    ] {
        entries.extend(prediction.as_ref().map(|(k, p)| {
            let best = Entry::new("prediction", "best prediction", Value::Int(*k));
            let right = Entry::new("probability", "right with", Value::Prob(p.clone()));
            Entry::new(key, label, Value::Group(vec![best, right]))
        }));
    }
    entries
}

/// The power and damage the attack leaves for what comes next (Focus, Absorb, Deflect,
/// Persuade), each a distribution.
fn carried_power_entries(a: &Attack) -> Vec<Entry> {
    [
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
        (
            "deflect_damage",
            "Damage the defender's Deflect may send to a unit of its choice",
            &a.deflect_damage,
        ),
        (
            "attacker_deflect_damage",
            "Damage the attacker's Deflect may send to a unit of its choice",
            &a.attacker_deflect_damage,
        ),
        (
            "persuade_power",
            "Power the attacker loses for its next attack (Persuade)",
            &a.persuade_power,
        ),
    ]
    .into_iter()
    .filter_map(|(key, label, d)| Some(Entry::new(key, label, Value::Dist(d.clone()?))))
    .collect()
}

/// The chances that Stun takes, or Surge gives, X power.
fn power_chance_entries(a: &Attack) -> Vec<Entry> {
    [
        (
            "stun",
            "Chance the attacker's Stun gives the defender",
            &a.stun,
        ),
        (
            "defender_stun",
            "Chance the defender's Stun gives the attacker",
            &a.defender_stun,
        ),
        (
            "surge",
            "Chance the defender's Surge gives a unit",
            &a.surge,
        ),
        (
            "attacker_surge",
            "Chance the attacker's Surge gives a unit",
            &a.attacker_surge,
        ),
    ]
    .into_iter()
    .filter_map(|(key, label, fired)| {
        let (x, p) = fired.as_ref()?;
        let sign = if key.ends_with("stun") { "-" } else { "+" };
        let label = format!("{label} {sign}{x} power");
        Some(Entry::new(key, &label, Value::Prob(p.clone())))
    })
    .collect()
}

/// What the units chose, the second attack a keyword makes, Resilience, and the Lucky
/// re-rolls with the policy that made them.
fn choice_entries(s: &Scenario, a: &Attack) -> Vec<Entry> {
    let mut entries = Vec::new();
    if !a.chosen.is_empty() {
        entries.push(choices_entry(s, &a.chosen));
    }
    entries.extend(a.follow_up.as_ref().map(follow_up_entry));
    entries.extend((a.defender_resilience.as_ref()).map(|p| {
        Entry::new(
            "defender_resilience",
            "Chance the defender survives with its Resilience active",
            Value::Prob(p.clone()),
        )
    }));
    entries.extend(a.lucky.map(|(att, def)| {
        rerolls_entry(
            s.policy,
            s.objective,
            vec![
                Entry::new("attacker_lucky", "attacker's Lucky", Value::Int(att)),
                Entry::new("defender_lucky", "defender's Lucky", Value::Int(def)),
            ],
        )
    }));
    entries
}

/// The chance to destroy the unit that took the attack, and with a second attack (Fury,
/// Double Strike, ...) the chance it is destroyed by then.
fn attack_headline(a: &Attack, target: &str) -> Vec<Entry> {
    let mut head = headline(target, &a.damage, &a.destroyed);
    if let Some(f) = &a.follow_up {
        head.extend(f.destroyed.as_ref().map(|p| {
            Entry::new(
                "destroyed_after_follow_up",
                &format!(
                    "Chance to destroy it with the second attack ({})",
                    f.keyword
                ),
                Value::Prob(p.clone()),
            )
        }));
    }
    head
}

/// The options the units' choices took (`choose:`), and the policy's rule.
fn choices_entry(s: &Scenario, chosen: &[Chosen]) -> Entry {
    let of_role = |role: &str, among: &[Chosen]| among.iter().filter(|d| d.role == role).count();
    let mut group: Vec<Entry> = chosen
        .iter()
        .enumerate()
        .map(|(at, c)| {
            // A unit with several choices numbers them: attacker_1, attacker_2, ….
            let key = match of_role(c.role, chosen) {
                1 => c.role.to_string(),
                _ => format!("{}_{}", c.role, of_role(c.role, &chosen[..=at])),
            };
            let label = format!("{}'s choice (of {})", c.role, c.options.join(" / "));
            Entry::new(&key, &label, Value::Text(c.option.clone()))
        })
        .collect();
    group.push(Entry::new(
        "rule",
        "taken by",
        Value::Text(choose::rule(s.policy, s.objective)),
    ));
    Entry::new("choices", "Choices", Value::Group(group))
}

/// The second attack Double Strike or Tenacity allows: its chance and both attacks' result.
fn follow_up_entry(f: &sequence::FollowUp) -> Entry {
    let mut group = vec![
        Entry::new("keyword", "allowed by", Value::Text(f.keyword.clone())),
        Entry::new("made", "chance it is made", Value::Prob(f.made.clone())),
        Entry::new(
            "damage",
            "damage counters of both attacks",
            Value::Dist(f.counters.clone()),
        ),
    ];
    if let Some(p) = &f.destroyed {
        group.push(Entry::new(
            "destroyed",
            "chance to destroy the defender with either",
            Value::Prob(p.clone()),
        ));
    }
    if !f.chosen.is_empty() {
        let taken = f.chosen.iter().map(|(c, p)| {
            let key = format!("{}_{}", c.role, key_of(&c.option));
            let label = format!("{}'s choice {}", c.role, c.option);
            Entry::new(&key, &label, Value::Prob(p.clone()))
        });
        group.push(Entry::new(
            "choices",
            "chance of each choice in the second attack",
            Value::Group(taken.collect()),
        ));
    }
    Entry::new(
        "follow_up",
        "Second attack on the same defender",
        Value::Group(group),
    )
}

/// The report of dice of damage rolled on their own.
pub fn dice_report(target: &Unit, r: &DiceResult) -> Report {
    let mut entries = vec![
        Entry::new("target", "Target", Value::Text(target.describe())),
        Entry::new("count", "Dice of damage", Value::Int(r.count)),
        Entry::new(
            "damage",
            "Damage counters on the target",
            Value::Dist(r.damage.clone()),
        ),
    ];
    if let Some(p) = &r.destroyed {
        entries.push(Entry::new(
            "destroyed",
            "Chance to destroy the target",
            Value::Prob(p.clone()),
        ));
    }
    entries.push(Entry::new("hits", "Hits", Value::Dist(r.hits.clone())));
    for (key, label, d) in [
        (
            "absorb_power",
            "Power for the target's next attack (Absorb)",
            &r.absorb_power,
        ),
        (
            "deflect_damage",
            "Damage the target's Deflect may send to a unit of its choice",
            &r.deflect_damage,
        ),
    ] {
        if let Some(d) = d {
            entries.push(Entry::new(key, label, Value::Dist(d.clone())));
        }
    }
    if let Some((x, p)) = &r.surge {
        entries.push(Entry::new(
            "surge",
            &format!("Chance the target's Surge gives a unit +{x} power"),
            Value::Prob(p.clone()),
        ));
    }
    Report {
        title: "SWTCG dice of damage (exact)".to_string(),
        headline: headline("target", &r.damage, &r.destroyed),
        entries,
        notes: crate::command::notes(&r.notes),
    }
}

/// The report of an attack sequence.
pub fn sequence_report(s: &Sequence, r: &SequenceResult) -> Report {
    let until = s.until != sequence::Until::AllAttacks;
    let mut entries = sequence_entries(s, r, until);
    entries.extend((r.attacker_destroyed_by.as_ref()).map(|by| {
        Entry::new(
            "attacker_destroyed_by",
            "Chance the attacker is destroyed by attack",
            Value::Group(numbered(by.iter().cloned().map(Value::Prob))),
        )
    }));
    if any_lucky(s) {
        entries.push(rerolls_entry(s.policy, s.objective, vec![]));
    }
    let mode = s.mode.map(|m| Value::Text(m.name().into()));
    entries.extend(mode.map(|m| Entry::new("mode", "Mode", m)));
    entries.push(rules_entry(&s.rules));
    let headline = match until {
        true => until_destroyed(r, &mut entries),
        false => (entries.iter())
            .filter(|e| e.key == "destroyed")
            .cloned()
            .collect(),
    };
    Report {
        title: "SWTCG attack sequence (exact)".to_string(),
        headline,
        entries,
        notes: crate::command::notes(&r.notes),
    }
}

/// The units, the attacks, and the defender's counters and chances by the end and attack by
/// attack.
fn sequence_entries(s: &Sequence, r: &SequenceResult, until: bool) -> Vec<Entry> {
    let (attackers, attacks_label, attacks) = sequence_attackers(s, r, until);
    // Until destroyed, the per-attack lists are details: the attacks needed say it at once.
    let per_attack = |key: &str, label: &str, value: Value| match until {
        true => Entry::detail(key, label, value),
        false => Entry::new(key, label, value),
    };
    let last = r.counters_after.last().expect("a sequence has an attack");
    let mut shots = numbered(r.shots_to_kill().into_iter().map(Value::Prob));
    shots.push(Entry::new(
        "survives",
        "survives",
        Value::Prob(r.survives()),
    ));
    vec![
        Entry::new("attackers", "Attackers", Value::Text(attackers)),
        Entry::new("defender", "Defender", Value::Text(s.defender.describe())),
        Entry::new("attacks", attacks_label, Value::Int(attacks)),
        Entry::new(
            "counters",
            "Damage counters on the defender after the last attack",
            Value::Dist(last.clone()),
        ),
        Entry::new(
            "destroyed",
            "Chance the defender is destroyed by the end of the sequence",
            Value::Prob(r.destroyed_by.last().cloned().unwrap_or_default()),
        ),
        per_attack(
            "destroyed_by",
            "Chance the defender is destroyed by attack",
            Value::Group(numbered(r.destroyed_by.iter().cloned().map(Value::Prob))),
        ),
        per_attack(
            "shots_to_kill",
            "Attacks needed to destroy the defender",
            Value::Group(shots),
        ),
        per_attack(
            "counters_after",
            "Counters on the defender after attack",
            Value::Group(numbered(r.counters_after.iter().cloned().map(Value::Dist))),
        ),
    ]
}

/// The attackers as the report names them, how the count of attacks is labelled (the cap when
/// attacking until destroyed), and that count.
fn sequence_attackers(
    s: &Sequence,
    r: &SequenceResult,
    until: bool,
) -> (String, &'static str, i64) {
    let (attackers, n) = match &s.attackers {
        Attackers::Same(u, n) => (format!("{} (attacks {n} times)", u.describe()), *n),
        Attackers::Each(list) => {
            let names: Vec<String> = list.iter().map(Unit::describe).collect();
            (names.join(" | "), list.len())
        }
    };
    match until {
        true => (
            attackers.replace(&format!("attacks {n} times"), "attacks until destroyed"),
            "Most attacks (the cap)",
            r.cap as i64,
        ),
        false => (attackers, "Attacks", n as i64),
    }
}

/// Values numbered by attack, from 1.
fn numbered(values: impl Iterator<Item = Value>) -> Vec<Entry> {
    values
        .enumerate()
        .map(|(k, v)| Entry::new(&(k + 1).to_string(), &format!("{}:", k + 1), v))
        .collect()
}

/// Whether a unit of the sequence re-rolls (Lucky): the report then says by which policy.
fn any_lucky(s: &Sequence) -> bool {
    let lucky =
        |u: &Unit| (u.items.iter()).any(|i| i.keyword.transform == keywords::Transform::Reroll);
    lucky(&s.defender)
        || match &s.attackers {
            Attackers::Same(u, _) => lucky(u),
            Attackers::Each(list) => list.iter().any(lucky),
        }
}

/// The entries of `--until-destroyed` (added after the attacks' count) and the headline: the
/// mean attacks needed and the chance the defender outlasts the cap.
fn until_destroyed(r: &SequenceResult, entries: &mut Vec<Entry>) -> Vec<Entry> {
    let cap = r.cap;
    let never = r.survives();
    let mut added = Vec::new();
    let mut headline = Vec::new();
    if let Some(needed) = r.attacks_needed() {
        let within = match never.is_zero() {
            true => String::new(),
            false => format!(", when destroyed within {cap} attacks"),
        };
        headline.push(Entry::new(
            "mean_attacks",
            &format!("Mean attacks to destroy the defender{within}"),
            Value::Number(needed.mean()),
        ));
        added.push(Entry::new(
            "attacks_needed",
            &format!("Attacks to destroy the defender{within}"),
            Value::Dist(needed),
        ));
    }
    let never = Entry::new(
        "never_destroyed",
        &format!("Chance the defender is not destroyed within {cap} attacks"),
        Value::Prob(never),
    );
    headline.push(never.clone());
    added.push(never);
    let at = entries
        .iter()
        .position(|e| e.key == "attacks")
        .map_or(0, |i| i + 1);
    entries.splice(at..at, added);
    headline
}

/// What a comparison's attacks share, as report entries and as one caption line: the rule
/// options, the mode, and the Lucky policy when a unit re-rolled.
pub fn shared_context(s: &Scenario, lucky: bool) -> (Vec<Entry>, String) {
    let mut entries = Vec::new();
    let mut line = vec![rules_line(&s.rules)];
    if let Some(mode) = s.mode {
        entries.push(Entry::new("mode", "Mode", Value::Text(mode.name().into())));
        line.push(format!("mode {}", mode.name()));
    }
    if lucky {
        entries.push(rerolls_entry(s.policy, s.objective, vec![]));
        line.push(format!(
            "Lucky: {} policy, objective {}",
            s.policy.name(),
            s.objective.name()
        ));
    }
    entries.push(rules_entry(&s.rules));
    (entries, line.join("; "))
}

/// The rule options off their defaults, in one phrase.
pub fn rules_line(rules: &rules::Rules) -> String {
    format!("rules: {}", rules.summary())
}

/// The `rerolls` entry: the policy and objective Lucky's choices followed, and `more`.
fn rerolls_entry(policy: Policy, objective: Objective, more: Vec<Entry>) -> Entry {
    let mut group = vec![
        Entry::new("policy", "policy", Value::Text(policy.name().into())),
        Entry::new("objective", "objective", Value::Text(objective.name())),
    ];
    group.extend(more);
    Entry::new("rerolls", "Re-rolls (Lucky)", Value::Group(group))
}

/// The `rules` entry of a report: every option, those at their defaults as details.
pub fn rules_entry(rules: &rules::Rules) -> Entry {
    let items = rules::OPTIONS
        .iter()
        .zip(rules.values())
        .map(|(o, (_, v))| {
            let value = Value::Text(v.to_string());
            match v == o.values[0] {
                true => Entry::detail(o.name, o.name, value),
                false => Entry::new(o.name, o.name, value),
            }
        })
        .collect();
    Entry::new("rules", "Rules", Value::Group(items))
}
