//! The SWTCG keyword listing of `holodice swtcg keywords`: every keyword with its value, the
//! side and step it acts in, how holodice models it, and the rule options that change it.

use holodice_engine::swtcg::keywords::{
    Again, Effect, Keywords, Roll, Side, Stat, Step, Target, Transform, ValueKind, When,
};
use holodice_engine::swtcg::rules;
use serde::Serialize;

/// A step's name in the attack order, for documentation and listings.
pub fn step_name(step: Step) -> &'static str {
    match step {
        Step::Unit => "unit statistic",
        Step::Declare => "1. attack declared",
        Step::Roll => "2. attack roll",
        Step::Reroll => "3. re-roll",
        Step::Assign => "4. assign hits",
        Step::Pending => "5. pending damage",
        Step::Prevent => "6. damage prevention",
        Step::Place => "7. place counters",
        Step::Discard => "8. discard triggers",
        Step::End => "9. attack ends",
        Step::Later => "after the attack",
        Step::Outside => "outside attacks",
    }
}

/// How the engine models a transform, for people: the listing's "model" column.
pub fn model(transform: &Transform) -> String {
    match transform {
        Transform::Stat { .. }
        | Transform::StatChange { .. }
        | Transform::HitShift
        | Transform::HitThreshold { .. }
        | Transform::Power { .. }
        | Transform::PowerWhenDamaged
        | Transform::PowerAndHealth
        | Transform::Consume
        | Transform::PerOpponentUnit
        | Transform::Counters => stats(transform),
        Transform::Trigger { face, roll, effect } => trigger(*face, *roll, *effect),
        Transform::PreventUpTo
        | Transform::Absorb
        | Transform::Deflect
        | Transform::Persuade
        | Transform::Protect
        | Transform::Unpreventable
        | Transform::PreventUnpreventable => prevention(transform).into(),
        Transform::DiceOfDamage { .. }
        | Transform::StandaloneDice
        | Transform::Overload
        | Transform::MultiplyDamage { .. }
        | Transform::Overkill
        | Transform::Stun
        | Transform::Surge
        | Transform::Bounty => damage(transform),
        Transform::Reroll
        | Transform::RerollAll
        | Transform::SecretRoll
        | Transform::PredictHits => rerolls(transform).into(),
        Transform::AttackAgain { .. }
        | Transform::Intercept
        | Transform::Redirect
        | Transform::CannotBeIntercepted
        | Transform::LegalIfTappedOrDamaged
        | Transform::OtherArena { .. } => flow(transform),
        Transform::NoDiceEffect { reason } => format!("no effect on dice: {reason}"),
    }
}

/// Unit statistics, and what changes the attack's power or the unit's health.
fn stats(transform: &Transform) -> String {
    match transform {
        Transform::Stat { stat } => match stat {
            Stat::Power => "one attack die per point",
            Stat::Health => "the unit is discarded when its counters reach it",
            Stat::Damage => "damage counters already on the unit",
            Stat::Tapped => "the unit is tapped (Stealth no longer protects it)",
        }
        .into(),
        Transform::StatChange { stat } => {
            let stat = if *stat == Stat::Health {
                "health"
            } else {
                "power"
            };
            format!("adds X to the unit's {stat} (written '+2 {stat}', '-1 {stat}')")
        }
        Transform::HitShift => "adds X to every attack die (natural faces unchanged)".into(),
        Transform::HitThreshold { at } => {
            format!("attack dice and dice of damage hit this unit on {at} or more")
        }
        Transform::Power { factor } => power(*factor),
        Transform::PowerWhenDamaged => "X more power (or -X less) while the unit has at least X \
            counters; for a defender, the chance it survives with them is reported"
            .into(),
        Transform::PowerAndHealth => "+X power and +X health".into(),
        Transform::Consume => "+X power and +X health for X face-down cards beneath it (none if \
            X is left out); the chance the attack consumes one is reported"
            .into(),
        Transform::PerOpponentUnit => "+X power and +X health for X of the opponent's units in \
            the arena (left out: the units of the query)"
            .into(),
        Transform::Counters => "counters of this kind on the unit: X and 'if' tests count them \
            ('X = mastery counters', 'if mastery counters >= 1: ...')"
            .into(),
        _ => unreachable!("{transform:?} is no statistic"),
    }
}

/// The attacker's power changed by `factor`·X (Shields: −X).
fn power(factor: i64) -> String {
    match factor {
        -1 => "the attacker rolls X fewer dice (power floored at 0)".into(),
        ..0 => format!(
            "the attacker rolls {}X fewer dice (power floored at 0)",
            -factor
        ),
        _ => format!("the attacker rolls {factor}·X more dice"),
    }
}

/// A natural face in a roll that triggers an effect X times.
fn trigger(face: u8, roll: Roll, effect: Effect) -> String {
    let roll = match roll {
        Roll::Initial => "initial roll (power dice)",
        Roll::Final => "final roll (extra dice included)",
    };
    let effect = match effect {
        Effect::ExtraDice => "roll X extra attack dice",
        Effect::BonusDamage => "X more damage",
        Effect::Prevent => "prevent X damage",
        Effect::DamageAttacker => "X damage to the attacker when the attack ends",
        Effect::NextPower => "+X power for the next attack (reported; carried in sequences)",
        Effect::DiceToSelf => "X dice of damage to this unit when the attack ends",
    };
    format!("natural {face} in the {roll}: {effect}")
}

/// Damage prevention, and damage that can't be prevented.
fn prevention(transform: &Transform) -> &'static str {
    match transform {
        Transform::PreventUpTo => "prevents up to X damage to this unit",
        Transform::Absorb => "prevents up to X damage to this unit; the power it gains is reported",
        Transform::Deflect => {
            "prevents up to X damage to this unit, once per source of damage; the amount it may \
            send elsewhere is reported"
        }
        Transform::Persuade => {
            "prevents up to X damage to this unit; the power the attacker loses for its next \
            attack is reported, and carried in sequences"
        }
        Transform::Protect => {
            "prevents up to X damage to the defender when on the --secondary unit, or to the \
            --secondary unit when on the defender"
        }
        Transform::Unpreventable => "its damage can't be prevented",
        Transform::PreventUnpreventable => {
            "its prevention also stops damage that can't be prevented (Ferocity)"
        }
        _ => unreachable!("{transform:?} is no prevention"),
    }
}

/// Dice of damage, counters placed, and what the attack does to units other than the defender.
fn damage(transform: &Transform) -> String {
    match transform {
        Transform::DiceOfDamage { at, when } => dice_of_damage(*at, *when),
        Transform::StandaloneDice => {
            "X dice of damage outside attacks: holodice swtcg dice --count X --target SPEC".into()
        }
        Transform::Overload => "+X power for this attack; X dice of damage to itself".into(),
        Transform::MultiplyDamage { factor } => {
            format!("{factor} counters for each damage not prevented")
        }
        Transform::Overkill => "hits beyond the defender's remaining health go to the \
            --secondary unit (Critical Hit's bonus stays); the secondary's Evade, Absorb and \
            Deflect apply"
            .into(),
        Transform::Stun => "when its damage places counters, the damaged unit gets -X power: \
            chance reported, carried in sequences"
            .into(),
        Transform::Surge => "when another unit places counters on it, +X power to a unit: \
            chance reported, carried in sequences"
            .into(),
        Transform::Bounty => "the chance the attack discards the defender is reported".into(),
        _ => unreachable!("{transform:?} is no damage"),
    }
}

/// X dice of damage to a unit other than the defender, at a point of the attack.
fn dice_of_damage(at: Target, when: When) -> String {
    let unit = match at {
        Target::Attacker => "the attacker",
        Target::Secondary => "the --secondary unit",
    };
    let when = match (at, when) {
        (Target::Attacker, When::Discard) => {
            "when the attack discards the defender (an ally's Avenge: write it in the defender's \
            SPEC)"
        }
        (_, When::Discard) => "when the attack discards the defender",
        (_, When::AttackEnds) => "when the attack ends",
    };
    format!("X dice of damage (4+, 5+ against Armor) to {unit} {when}")
}

/// Re-rolls, and what the attack roll lets players see or predict.
fn rerolls(transform: &Transform) -> &'static str {
    match transform {
        Transform::Reroll => {
            "re-roll up to X attack dice (its own, or the attacker's when defending), by \
            --policy greedy or optimal"
        }
        Transform::RerollAll => {
            "re-roll any number of the attack dice (the policy chooses which, as for Lucky)"
        }
        Transform::SecretRoll => {
            "the defender's Lucky can't see the dice: it re-rolls nothing (a blind re-roll \
            leaves the odds as they are)"
        }
        Transform::PredictHits => "best prediction of the hits and its probability",
        _ => unreachable!("{transform:?} is no re-roll"),
    }
}

/// The attack's flow: second attacks, legal defenders, intercept and redirect, modes.
fn flow(transform: &Transform) -> String {
    match transform {
        Transform::AttackAgain { when } => match when {
            Again::Always => {
                "a second attack on the same defender if it survives: its result is reported"
            }
            Again::LessThanX => {
                "a second attack on the same defender if this one placed fewer than X counters \
                (or did less than X damage after prevention) and it survives: its result is \
                reported"
            }
        }
        .into(),
        Transform::Intercept => {
            "as --interceptor, it becomes the defender (unless the attacker has Precision)".into()
        }
        Transform::Redirect => {
            "the attack moves to the --interceptor unit (unless the attacker has Precision)".into()
        }
        Transform::CannotBeIntercepted => {
            "the attack stays on its defender whatever --interceptor says".into()
        }
        Transform::LegalIfTappedOrDamaged => {
            "an attack on it while untapped and undamaged is refused as illegal".into()
        }
        Transform::OtherArena { mode } => format!(
            "--mode {}: an attack into the other arena with X power plus power changes",
            mode.name()
        ),
        _ => unreachable!("{transform:?} is no part of the attack's flow"),
    }
}

/// One keyword's row of the coverage table: the words both listings print, and as JSON the
/// control the page gives it (`stat`: a unit statistic; `keyword`: any other) and its value's
/// kind as flags (so the page reads no prose).
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(
    feature = "native",
    derive(schemars::JsonSchema),
    schemars(rename = "SwtcgKeyword")
)]
pub struct CoverageRow {
    name: String,
    aliases: Vec<String>,
    x: &'static str,
    #[serde(rename = "acts")]
    side: &'static str,
    step: &'static str,
    model: String,
    rules: Vec<&'static str>,
    control: &'static str,
    /// It takes a number X.
    takes_value: bool,
    /// X may be left out.
    optional: bool,
    /// X may be negative.
    signed: bool,
    /// It changes the dice (some keywords only matter off the dice).
    dice_effect: bool,
}

fn coverage_rows() -> impl Iterator<Item = CoverageRow> {
    Keywords::builtin().all().iter().map(|k| CoverageRow {
        name: k.name.clone(),
        aliases: k.aliases.clone(),
        x: match k.value {
            ValueKind::None => "—",
            ValueKind::Count => "X ≥ 0",
            ValueKind::Signed => "±X",
            ValueKind::Optional => "X ≥ 0 or none",
        },
        side: match k.side {
            Side::Attacker => "attacks",
            Side::Defender => "defends",
            Side::Either => "attacks or defends",
        },
        step: step_name(k.step),
        model: model(&k.transform),
        rules: rules::OPTIONS
            .iter()
            .filter(|o| o.keywords.contains(&k.name.as_str()))
            .map(|o| o.name)
            .collect(),
        control: match k.transform {
            Transform::Stat { .. } => "stat",
            _ => "keyword",
        },
        takes_value: k.value != ValueKind::None,
        optional: k.value == ValueKind::Optional,
        signed: k.value == ValueKind::Signed,
        dice_effect: !matches!(k.transform, Transform::NoDiceEffect { .. }),
    })
}

/// The keyword coverage table in Markdown: name, X, role, step, model, rule options.
pub fn coverage_markdown() -> String {
    let mut out = String::from(
        "| keyword | X | acts when its unit | step | how holodice models it | rule options |\n\
         |---|---|---|---|---|---|\n",
    );
    for r in coverage_rows() {
        let name = if r.aliases.is_empty() {
            r.name
        } else {
            format!("{} (also {})", r.name, r.aliases.join(", "))
        };
        let options: Vec<String> = r.rules.iter().map(|o| format!("`{o}`")).collect();
        out.push_str(&format!(
            "| {name} | {} | {} | {} | {} | {} |\n",
            r.x,
            r.side,
            r.step,
            r.model,
            options.join(" ")
        ));
    }
    out
}

/// The same table as JSON: one object per keyword.
pub fn coverage_json() -> Vec<CoverageRow> {
    coverage_rows().collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The page reads the flags, people read `x`: the two never disagree.
    #[test]
    fn the_value_flags_say_what_x_says() {
        for r in coverage_rows() {
            assert_eq!(r.takes_value, r.x != "—", "{}", r.name);
            assert_eq!(r.optional, r.x.contains("or none"), "{}", r.name);
            assert_eq!(r.signed, r.x.starts_with('±'), "{}", r.name);
            assert_eq!(
                r.dice_effect,
                !r.model.starts_with("no effect on dice"),
                "{}",
                r.name
            );
        }
    }
}
