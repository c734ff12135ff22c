//! Step 1, the attack declared: who takes it, whether it is legal, how many dice it rolls; and
//! every number the later steps need, settled once before any die is rolled.
//!
//! The units are first settled as the exact engine settles them ([`attack::settled`]): each
//! unit's choice (`choose: A / B`) taken as the policy takes it, then its items that read the
//! game state (`Fury X, X = damage counters`, `if damage <= 4: Shields 2`, `opponent loses:
//! Armor`) made plain against its counters and role ([`Scenario::in_state`]). That is reading
//! the input, not the attack's mechanics: the settled units' keywords are then read here like
//! any others.

use super::units::{Role, RollKeywords, Stats};
use crate::error::{Error, Input, Message};
use crate::policy::{Objective, Policy};
use crate::swtcg::attack::{self, refuse_conditionals, Made, Scenario};
use crate::swtcg::keywords::{Effect, Roll, Target, When};
use crate::swtcg::lucky::{self, Side};
use crate::swtcg::rules::Rules;
use crate::swtcg::unit::Unit;

/// The rule options a trial reads, looked up once.
#[derive(Debug, Clone, Copy)]
pub(super) struct Readings {
    pub auto_hit: bool,
    pub fury_dice_trigger: bool,
    pub crit_needs_hit: bool,
    pub crit_preventable: bool,
    pub prevent_first: bool,
    pub double_all: bool,
    pub foresight_damage: bool,
    pub riposte_after_discard: bool,
    pub reroll_twice: bool,
    pub overkill_all: bool,
    pub tenacity_damage: bool,
}

impl Readings {
    fn of(rules: &Rules) -> Readings {
        Readings {
            auto_hit: rules.auto_hit(),
            fury_dice_trigger: rules.fury_dice_triggers(),
            crit_needs_hit: rules.critical_hit_needs_hit(),
            crit_preventable: rules.critical_hit_preventable(),
            prevent_first: rules.prevent_before_double(),
            double_all: rules.double_damage_all(),
            foresight_damage: rules.foresight_damage(),
            riposte_after_discard: rules.riposte_after_discard(),
            reroll_twice: rules.reroll_twice(),
            overkill_all: rules.overkill_all(),
            tenacity_damage: rules.tenacity_counts_damage(),
        }
    }
}

/// Everything a trial needs.
#[derive(Debug, Clone)]
pub(super) struct Plan {
    pub att: Stats,
    /// The unit that takes the attack: the defender, or the interceptor that took it.
    pub def: Stats,
    pub secondary: Option<Stats>,
    pub roll: RollKeywords,
    /// The attacker's power (or its X into another arena), and the power it carries in.
    pub power: i64,
    pub carried: i64,
    /// Attack dice for power.
    pub dice: i64,
    /// The extra dice the roll's triggers may add (Fury): with the power dice, the most a side
    /// may re-roll.
    pub extra: i64,
    /// Dice of damage: the defender's Retaliate (none against another arena), Avenge, and the
    /// attacker's Area Damage (none without a secondary unit).
    pub retaliate: i64,
    pub avenge: i64,
    pub area: i64,
    /// The defender an interceptor took the attack from: it was attacked too, and its
    /// Retaliate answers.
    pub original: Option<Stats>,
    /// Lucky's two steps in order, each side with its X, whatever the dice ([`Plan::lucky`]).
    pub lucky_order: [(Side, i64); 2],
    pub policy: Policy,
    pub objective: Objective,
    pub readings: Readings,
}

/// Declares the attack `s` describes once its units are settled ([`attack::settled`]);
/// refuses what the rules (and so the exact engine) refuse.
pub(super) fn declare(s: &Scenario) -> Result<Plan, Error> {
    let s = attack::settled(s, Made::OnItsOwn)?;
    let plan = plan(&s)?;
    check_lucky(&s, &plan)?;
    Ok(plan)
}

/// The plan of an attack whose units are settled, without [`check_lucky`]'s refusals: a second
/// attack ([`super::follow_up`]) re-rolls greedily what the optimal search refuses.
pub(super) fn plan(s: &Scenario) -> Result<Plan, Error> {
    // Items under a condition the query can't settle: the scenario's, not the dice's, so the
    // same refusal as the exact engine's.
    refuse_conditionals(s)?;
    let (defender, moved) = taker(s)?;
    let mut roll = RollKeywords::default();
    let mut att = Stats::read(&s.attacker, Role::Attacker, Some(&mut roll));
    let mut def = Stats::read(defender, Role::Defender, Some(&mut roll));
    let mut secondary = s
        .secondary
        .as_ref()
        .map(|u| Stats::read(u, Role::Defender, None));
    let original = moved.then(|| Stats::read(&s.defender, Role::Defender, None));
    allies(s, &mut att, &mut def, secondary.as_mut(), original.as_ref());
    let power = power(s, &att)?;
    for (role, unit) in [("attacker", &att), ("defender", &def)] {
        refuse_discarded(role, unit)?;
    }
    if let Some(sec) = &secondary {
        refuse_discarded("secondary unit", sec)?;
    }
    let (att_lucky, def_lucky) = (att.lucky, def.lucky);
    let retaliate = |u: &Stats| match s.mode {
        Some(_) => 0,
        None => u.dice_of(Target::Attacker, When::AttackEnds),
    };
    let mut plan = Plan {
        retaliate: retaliate(&def),
        avenge: def.dice_of(Target::Attacker, When::Discard),
        area: match secondary {
            Some(_) => att.dice_of(Target::Secondary, When::Discard),
            None => 0,
        },
        original: original.filter(|o| retaliate(o) > 0),
        att,
        def,
        secondary,
        roll,
        power,
        carried: s.carried_power,
        dice: 0,
        extra: 0,
        lucky_order: if s.rules.attacker_rerolls_first() {
            [(Side::Attacker, att_lucky), (Side::Defender, def_lucky)]
        } else {
            [(Side::Defender, def_lucky), (Side::Attacker, att_lucky)]
        },
        policy: s.policy,
        objective: s.objective,
        readings: Readings::of(&s.rules),
    };
    plan.dice = plan.dice_for(plan.att.damage, plan.carried);
    plan.extra = plan
        .roll
        .triggers
        .iter()
        .filter(|t| t.effect == Effect::ExtraDice)
        .map(|t| t.amount)
        .fold(0, i64::saturating_add);
    Ok(plan)
}

/// What the units of a side do for each other, and what depends on how many there are:
/// Intimidation with no number counts the opponent's units the query gives (the attacker's:
/// the defender, the secondary unit and the interceptor; the others': the attacker; none
/// across arenas); Protect on the secondary unit guards the defender and the other way round,
/// and the defender an interceptor took the attack from guards it; Cunning leaves the
/// defender's Lucky nothing to see.
fn allies(
    s: &Scenario,
    att: &mut Stats,
    def: &mut Stats,
    secondary: Option<&mut Stats>,
    original: Option<&Stats>,
) {
    let across = s.mode.is_some();
    let count = |n: usize| if across { 0 } else { n as i64 };
    let theirs = 1 + usize::from(s.secondary.is_some()) + usize::from(s.interceptor.is_some());
    att.settle(count(theirs));
    def.settle(count(1));
    if let Some(sec) = secondary {
        sec.settle(count(1));
        def.guard.evade += sec.protect;
        sec.guard.evade += def.protect;
    }
    if let Some(o) = original {
        def.guard.evade += o.protect;
    }
    if att.cunning {
        def.lucky = 0;
    }
}

impl Plan {
    /// Lucky's two steps in order, each side with its X: none without power dice (extra dice
    /// need them to trigger), and no more than the attack may roll, as the exact engine
    /// counts it (Reroll: any number of dice).
    pub fn lucky(&self) -> [(Side, i64); 2] {
        let most = self.dice.saturating_add(self.extra);
        match self.dice {
            0 => [(Side::Attacker, 0), (Side::Defender, 0)],
            _ => self.lucky_order.map(|(side, x)| (side, x.min(most))),
        }
    }

    /// Attack dice for power with `damage` counters on the attacker (its Resilience reads
    /// them) and `carried` power brought in, floored at 0 once.
    pub fn dice_for(&self, damage: i64, carried: i64) -> i64 {
        let att = &self.att;
        let changes = att.bonus
            + att.more_power
            + att.resilience_at(damage)
            + att.overload
            + self.roll.power_change;
        (self.power + changes + carried).max(0)
    }
}

/// The unit that takes the attack. The attack is declared on the defender, so it must be a
/// legal target; an interceptor takes it (Intercept, or the defender's Redirect) unless the
/// attacker has Precision or the interceptor could not be attacked itself.
fn taker(s: &Scenario) -> Result<(&Unit, bool), Error> {
    let defender = Stats::read(&s.defender, Role::Defender, None);
    if defender.hidden() {
        return Err(Error::illegal(
            "the defender has Stealth and is untapped with no damage counters, so it can't be \
             attacked (add 'Tapped' or 'Damage 1' to its SPEC if it is)",
        ));
    }
    let Some(unit) = &s.interceptor else {
        return Ok((&s.defender, false));
    };
    let mut interceptor = Stats::read(unit, Role::Defender, None);
    // Its health bonus counts in whether it is still in play.
    interceptor.settle(if s.mode.is_some() { 0 } else { 1 });
    if !interceptor.intercept && !defender.redirect {
        return Err(Error::input(Message::flag(Input::Interceptor).text(
            " takes the attack only with Intercept in its SPEC or Redirect in the defender's: \
             add one of them",
        )));
    }
    let precision = Stats::read(&s.attacker, Role::Attacker, None).precision;
    Ok(
        if precision || interceptor.hidden() || interceptor.discarded() {
            (&s.defender, false)
        } else {
            (unit, true)
        },
    )
}

/// The attacker's power: its Power, or with a mode its Bombard or Ion Cannon X.
fn power(s: &Scenario, att: &Stats) -> Result<i64, Error> {
    let Some(mode) = s.mode else {
        return att.power.ok_or_else(|| {
            Error::input(
                Message::about(Input::Attacker)
                    .text("the attacker SPEC has no power: add one, as in ")
                    .name(Input::Attacker)
                    .text(" 'Power 5'"),
            )
        });
    };
    let xs: Vec<i64> = att
        .other_arena
        .iter()
        .filter(|a| a.0 == mode)
        .map(|a| a.1)
        .collect();
    if xs.is_empty() {
        let (name, flag) = (mode.keyword(), mode.name());
        return Err(Error::input(Message::flag(Input::Mode).text(format!(
            " {flag} needs {name} X in the attacker SPEC, as in '{name} 3'"
        ))));
    }
    Ok(xs.iter().sum())
}

fn refuse_discarded(role: &str, unit: &Stats) -> Result<(), Error> {
    match unit.health {
        Some(h) if unit.damage >= h => Err(Error::illegal(format!(
            "the {role} already has {} damage counters, at least its health {h}: it is discarded",
            unit.damage
        ))),
        _ => Ok(()),
    }
}

/// Refuses the re-rolls that can't be made: an objective without the defender's Health, extra
/// dice of the final roll, a pool over the optimal search's limit.
fn check_lucky(s: &Scenario, plan: &Plan) -> Result<(), Error> {
    if plan.lucky().iter().all(|&(_, x)| x == 0) {
        return Ok(());
    }
    if s.objective == Objective::Destroy && plan.def.health.is_none() {
        return Err(Error::input(
            Message::flag(Input::Objective)
                .text(" destroy needs the defender's Health: add one, as in ")
                .name(Input::Defender)
                .text(" 'Health 4'"),
        ));
    }
    let extra = plan
        .roll
        .triggers
        .iter()
        .filter(|t| t.effect == Effect::ExtraDice);
    if let Some(t) = extra.clone().find(|t| t.roll == Roll::Final) {
        return Err(Error::input(format!(
            "extra dice on a natural {} of the final roll can't be combined with Lucky: \
             re-rolls come after extra dice, so only the initial roll may trigger them",
            t.face
        )));
    }
    if s.policy == Policy::Optimal {
        // The optimal choices come from the exact engine's search, with its limit.
        let dice = plan.dice + extra.map(|t| t.amount).sum::<i64>();
        let reads = plan.roll.triggers.iter().map(|t| (t.face, t.roll));
        lucky::check_size(dice, reads, Policy::Optimal)?;
    }
    Ok(())
}
