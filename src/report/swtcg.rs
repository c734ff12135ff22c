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
    let mut entries = vec![
        Entry::new("attacker", "Attacker", Value::Text(s.attacker.describe())),
        Entry::new("defender", "Defender", Value::Text(s.defender.describe())),
    ];
    for (key, label, unit) in [
        ("interceptor", "Interceptor", &s.interceptor),
        ("secondary", "Secondary unit", &s.secondary),
    ] {
        if let Some(u) = unit {
            entries.push(Entry::new(key, label, Value::Text(u.describe())));
        }
    }
    if let Some(mode) = s.mode {
        entries.push(Entry::new("mode", "Mode", Value::Text(mode.name().into())));
    }
    entries.push(Entry::new(
        "dice",
        "Attack dice for power",
        Value::Int(a.dice),
    ));
    // The keys stay; the labels say which unit took the attack.
    let target = if a.intercepted {
        "interceptor"
    } else {
        "defender"
    };
    entries.push(Entry::new(
        "damage",
        &format!("Damage counters on the {target}"),
        Value::Dist(a.damage.clone()),
    ));
    if let Some(p) = &a.destroyed {
        entries.push(Entry::new(
            "destroyed",
            &format!("Chance to destroy the {target}"),
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
    if let Some(d) = &a.secondary_damage {
        entries.push(Entry::new(
            "secondary_damage",
            "Damage counters on the secondary unit",
            Value::Dist(d.clone()),
        ));
    }
    if let Some(p) = &a.secondary_destroyed {
        entries.push(Entry::new(
            "secondary_destroyed",
            "Chance to destroy the secondary unit",
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
    ] {
        if let Some(d) = d {
            entries.push(Entry::new(key, label, Value::Dist(d.clone())));
        }
    }
    for (key, label, fired) in [
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
    ] {
        if let Some((x, p)) = fired {
            let sign = if key.ends_with("stun") { "-" } else { "+" };
            entries.push(Entry::new(
                key,
                &format!("{label} {sign}{x} power"),
                Value::Prob(p.clone()),
            ));
        }
    }
    for (key, label, p) in [
        ("bounty", "Chance the Bounty is gained", &a.bounty),
        ("consume", "Chance Consume takes a card", &a.consume),
    ] {
        if let Some(p) = p {
            entries.push(Entry::new(key, label, Value::Prob(p.clone())));
        }
    }
    for (key, label, prediction) in [
        ("foresight", "Foresight", &a.foresight),
        ("forewarning", "Forewarning", &a.forewarning),
    ] {
        if let Some((k, p)) = prediction {
            entries.push(Entry::new(
                key,
                label,
                Value::Group(vec![
                    Entry::new("prediction", "best prediction", Value::Int(*k)),
                    Entry::new("probability", "right with", Value::Prob(p.clone())),
                ]),
            ));
        }
    }
    if !a.chosen.is_empty() {
        entries.push(choices_entry(s, &a.chosen));
    }
    if let Some(f) = &a.follow_up {
        entries.push(follow_up_entry(f));
    }
    if let Some(p) = &a.defender_resilience {
        entries.push(Entry::new(
            "defender_resilience",
            "Chance the defender survives with its Resilience active",
            Value::Prob(p.clone()),
        ));
    }
    if let Some((att, def)) = a.lucky {
        entries.push(rerolls_entry(
            s.policy,
            s.objective,
            vec![
                Entry::new("attacker_lucky", "attacker's Lucky", Value::Int(att)),
                Entry::new("defender_lucky", "defender's Lucky", Value::Int(def)),
            ],
        ));
    }
    entries.push(rules_entry(&s.rules));
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
    Report {
        title: "SWTCG attack (exact)".to_string(),
        headline: head,
        entries,
        notes: crate::command::notes(&a.notes),
    }
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
    let (attackers, n) = match &s.attackers {
        Attackers::Same(u, n) => (format!("{} (attacks {n} times)", u.describe()), *n),
        Attackers::Each(list) => (
            list.iter()
                .map(Unit::describe)
                .collect::<Vec<_>>()
                .join(" | "),
            list.len(),
        ),
    };
    let numbered = |values: &mut dyn Iterator<Item = Value>| -> Vec<Entry> {
        values
            .enumerate()
            .map(|(k, v)| Entry::new(&(k + 1).to_string(), &format!("{}:", k + 1), v))
            .collect()
    };
    let last = r.counters_after.last().expect("a sequence has an attack");
    let mut shots = numbered(&mut r.shots_to_kill().into_iter().map(Value::Prob));
    shots.push(Entry::new(
        "survives",
        "survives",
        Value::Prob(r.survives()),
    ));
    let until = s.until != sequence::Until::AllAttacks;
    let (attackers, attacks_label) = match until {
        true => (
            attackers.replace(&format!("attacks {n} times"), "attacks until destroyed"),
            "Most attacks (the cap)",
        ),
        false => (attackers, "Attacks"),
    };
    // Until destroyed, the per-attack lists are details: the attacks needed say it at once.
    let per_attack = |key: &str, label: &str, value: Value| match until {
        true => Entry::detail(key, label, value),
        false => Entry::new(key, label, value),
    };
    let mut entries = vec![
        Entry::new("attackers", "Attackers", Value::Text(attackers)),
        Entry::new("defender", "Defender", Value::Text(s.defender.describe())),
        Entry::new(
            "attacks",
            attacks_label,
            Value::Int(if until { r.cap } else { n } as i64),
        ),
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
            Value::Group(numbered(
                &mut r.destroyed_by.iter().cloned().map(Value::Prob),
            )),
        ),
        per_attack(
            "shots_to_kill",
            "Attacks needed to destroy the defender",
            Value::Group(shots),
        ),
        per_attack(
            "counters_after",
            "Counters on the defender after attack",
            Value::Group(numbered(
                &mut r.counters_after.iter().cloned().map(Value::Dist),
            )),
        ),
    ];
    if let Some(by) = &r.attacker_destroyed_by {
        entries.push(Entry::new(
            "attacker_destroyed_by",
            "Chance the attacker is destroyed by attack",
            Value::Group(numbered(&mut by.iter().cloned().map(Value::Prob))),
        ));
    }
    let lucky = |u: &Unit| {
        u.items
            .iter()
            .any(|i| i.keyword.transform == keywords::Transform::Reroll)
    };
    let any_lucky = lucky(&s.defender)
        || match &s.attackers {
            Attackers::Same(u, _) => lucky(u),
            Attackers::Each(list) => list.iter().any(lucky),
        };
    if any_lucky {
        entries.push(rerolls_entry(s.policy, s.objective, vec![]));
    }
    if let Some(mode) = s.mode {
        entries.push(Entry::new("mode", "Mode", Value::Text(mode.name().into())));
    }
    entries.push(rules_entry(&s.rules));
    let headline = match until {
        true => until_destroyed(r, &mut entries),
        false => entries
            .iter()
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
