//! The variables a simulation reports, keyed as in the exact result's JSON, each read from a
//! trial's [`Outcome`]: exactly those the exact engine reports for the same query, so that each
//! can be compared.

use super::declare::Plan;
use super::follow_up::Pair;
use super::resolve::Outcome;
use super::units::Stats;
use crate::swtcg::key_of;
use crate::swtcg::keywords::Effect;
use crate::vocabulary::Vocabulary;

/// One reported variable: how a trial's outcome gives its value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Variable {
    Damage,
    Destroyed,
    Hits,
    AttackerDamage,
    AttackerDestroyed,
    SecondaryDamage,
    SecondaryDestroyed,
    /// Whether trigger `i` of the plan fired.
    Trigger(usize),
    FocusPower,
    AbsorbPower,
    AttackerAbsorbPower,
    DeflectDamage,
    AttackerDeflectDamage,
    /// Whether the attack placed counters (the attacker's Stun, the defender's Surge).
    Damaged,
    /// Whether the defender's own damage placed counters on the attacker (the defender's Stun).
    HurtByDefender,
    /// Whether another unit placed counters on the attacker (the attacker's Surge).
    AttackerHurt,
    /// What Foresight predicts under foresight=damage (hits otherwise).
    Pending,
    /// Whether the defender survives with at least `at` counters (its Resilience active), `damage`
    /// of them there before.
    Resilient {
        damage: i64,
        at: i64,
    },
    /// Damage the defender's Persuade prevented (the power the attacker loses next attack).
    PersuadePower,
    /// Double Strike's or Tenacity's second attack: whether it was made, the counters of both
    /// attacks, and whether either discarded the defender.
    SecondMade,
    BothDamage,
    EitherDestroyed,
}

impl Variable {
    /// The variable's value in a trial.
    pub fn read(self, o: &Outcome) -> i64 {
        let value = match self {
            Variable::Damage => return o.defender.counters,
            Variable::Hits => return o.hits,
            Variable::AttackerDamage => return o.attacker.counters,
            Variable::SecondaryDamage => return o.secondary.counters,
            Variable::FocusPower => return o.focus,
            Variable::AbsorbPower => return o.defender.absorbed,
            Variable::AttackerAbsorbPower => return o.attacker.absorbed,
            Variable::DeflectDamage => return o.defender.deflected,
            Variable::AttackerDeflectDamage => return o.attacker.deflected,
            Variable::Pending => return o.pending,
            Variable::PersuadePower => return o.defender.persuaded,
            Variable::BothDamage => return o.follow_up.counters,
            Variable::SecondMade => o.follow_up.made,
            Variable::EitherDestroyed => o.follow_up.destroyed,
            Variable::Destroyed => o.destroyed,
            Variable::AttackerDestroyed => o.attacker_destroyed,
            Variable::SecondaryDestroyed => o.secondary_destroyed,
            Variable::Trigger(i) => o.fired >> i & 1 != 0,
            Variable::Damaged => o.defender.counters > 0,
            Variable::HurtByDefender => o.hurt_by_defender,
            Variable::AttackerHurt => o.attacker_hurt,
            Variable::Resilient { damage, at } => {
                !o.destroyed && damage + o.defender.counters >= at
            }
        };
        i64::from(value)
    }
}

/// Reported variables, each added under the condition the exact result reports it on.
#[derive(Default)]
struct Report(Vec<(String, Variable)>);

impl Report {
    fn add(&mut self, key: &str, reported: bool, v: Variable) {
        if reported {
            self.0.push((key.to_string(), v));
        }
    }
}

/// The variables of one attack, in the exact result's order.
pub(super) fn of_attack(plan: &Plan, pair: Option<&Pair>) -> Vec<(String, Variable)> {
    let (att, def) = (&plan.att, &plan.def);
    let has = |effect: Effect| plan.roll.triggers.iter().any(|t| t.effect == effect);
    // Something in this attack may damage the attacker.
    let attacker_hit = has(Effect::DamageAttacker)
        || has(Effect::DiceToSelf)
        || plan.retaliate + plan.avenge + att.overload > 0
        || plan.original.is_some();
    let secondary = plan.secondary.as_ref();
    let v = Vocabulary::swtcg();
    let mut r = Report::default();
    r.add(&v.damage, true, Variable::Damage);
    r.add(&v.destroyed, def.health.is_some(), Variable::Destroyed);
    r.add("hits", true, Variable::Hits);
    r.add("attacker_damage", true, Variable::AttackerDamage);
    r.add(
        "attacker_destroyed",
        att.health.is_some(),
        Variable::AttackerDestroyed,
    );
    r.add(
        "secondary_damage",
        secondary.is_some(),
        Variable::SecondaryDamage,
    );
    let sec_health = secondary.is_some_and(|s| s.health.is_some());
    r.add(
        "secondary_destroyed",
        sec_health,
        Variable::SecondaryDestroyed,
    );
    for (i, t) in plan.roll.triggers.iter().enumerate().take(64) {
        let key = format!("triggers.{}", key_of(&t.name));
        r.add(&key, true, Variable::Trigger(i));
    }
    r.add("focus_power", has(Effect::NextPower), Variable::FocusPower);
    r.add("absorb_power", def.guard.absorb > 0, Variable::AbsorbPower);
    let absorbs = att.guard.absorb > 0 && attacker_hit;
    r.add(
        "attacker_absorb_power",
        absorbs,
        Variable::AttackerAbsorbPower,
    );
    r.add(
        "deflect_damage",
        def.guard.deflect > 0,
        Variable::DeflectDamage,
    );
    let deflects = att.guard.deflect > 0 && attacker_hit;
    r.add(
        "attacker_deflect_damage",
        deflects,
        Variable::AttackerDeflectDamage,
    );
    r.add("stun", att.stun > 0, Variable::Damaged);
    r.add("defender_stun", def.stun > 0, Variable::HurtByDefender);
    r.add("surge", def.surge > 0, Variable::Damaged);
    r.add("attacker_surge", att.surge > 0, Variable::AttackerHurt);
    let bounty = att.bounty && def.health.is_some();
    r.add("bounty", bounty, Variable::Destroyed);
    let predicted = match plan.readings.foresight_damage {
        true => Variable::Pending,
        false => Variable::Hits,
    };
    r.add("foresight", att.foresight, predicted);
    r.add("forewarning", def.foresight, predicted);
    r.add(
        "persuade_power",
        def.guard.persuade > 0,
        Variable::PersuadePower,
    );
    let consume = att.consume && def.health.is_some();
    r.add("consume", consume, Variable::Destroyed);
    if let Some(pair) = pair {
        r.add("follow_up.made", true, Variable::SecondMade);
        r.add("follow_up.damage", true, Variable::BothDamage);
        let either = pair.defender_has_health();
        r.add("follow_up.destroyed", either, Variable::EitherDestroyed);
    }
    let (damage, at) = (def.damage, def.resilience.abs());
    r.add(
        "defender_resilience",
        at > 0,
        Variable::Resilient { damage, at },
    );
    r.0
}

/// The variables of dice of damage rolled at `target` on their own, as `swtcg dice` reports
/// them.
pub(super) fn of_dice(target: &Stats) -> Vec<(String, Variable)> {
    let v = Vocabulary::swtcg();
    let mut r = Report::default();
    r.add(&v.damage, true, Variable::Damage);
    r.add(&v.destroyed, target.health.is_some(), Variable::Destroyed);
    r.add("hits", true, Variable::Hits);
    r.add(
        "absorb_power",
        target.guard.absorb > 0,
        Variable::AbsorbPower,
    );
    r.add(
        "deflect_damage",
        target.guard.deflect > 0,
        Variable::DeflectDamage,
    );
    r.add("surge", target.surge > 0, Variable::Damaged);
    r.0
}
