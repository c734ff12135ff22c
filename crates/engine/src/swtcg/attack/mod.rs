//! One SWTCG attack, in the rulebook's order of steps.
//!
//! [`run`] is the list of steps: declare (target, interception, arena), roll (with triggered
//! extra dice), re-roll (Lucky), assign hits (Overkill), pending damage, prevention, placement,
//! discard triggers (Area Damage, Avenge, Bounty), attack ends (Riposte, Retaliate, Backfire,
//! Overload). The units' keywords compile into numbers once, when the attack is declared
//! (`units.rs`). The attack roll is one [`NaturalRoll`], the joint distribution of hits and the
//! natural faces seen; each of its outcomes leads to a deterministic [`Out`], and dice of
//! damage, independent of the attack roll, extend it. Every reported quantity is an exact
//! function of the resulting states (`outcome.rs`).

pub mod choose;
mod damage;
mod declare;
mod limits;
mod outcome;
mod scenario;
pub mod sequence;
mod size;
mod units;

pub use damage::{dice, DiceResult};
pub(crate) use declare::refuse_conditionals;
pub use limits::{cost, MAX_DAMAGE_WORDS, MAX_DAMAGE_WORK, MAX_DICE, MAX_EXTRA_PRODUCT};
pub use outcome::{Attack, Out};
pub use scenario::{objective, Scenario};
pub use size::{size, Size};

use super::keywords::{attack_die, Again, Effect, Roll, Target, When};
use super::lucky;
use super::rules::Rules;
use super::unit::Unit;
use crate::dice::{Faces, NaturalRoll};
use crate::error::{Error, Input, Message};
use crate::policy::Objective;
use crate::states::States;
use damage::{place, source, DamageDice, Instance, Placed};
use declare::{
    damage_dice_notes, declared_notes, in_play, intercept, secondary, sides, unit_notes,
    unused_keyword_notes,
};
use sequence::FollowUp;
use units::{stats_of, Compiled, Guard, Trigger, UnitStats};

/// The exact outcome of one attack by `attacker` on `defender` under `rules`.
///
/// ```
/// use holodice_engine::swtcg::{attack::attack, rules::Rules, unit::Unit};
/// let a = Unit::parse("attacker", "Power 3, Critical Hit 1").unwrap();
/// let d = Unit::parse("defender", "Health 4").unwrap();
/// let r = attack(&a, &d, &Rules::default()).unwrap();
/// // Hits average 3/2; Critical Hit adds 1 with P(at least one six) = 91/216.
/// assert_eq!(r.damage.mean().to_string(), "415/216");
/// ```
pub fn attack(attacker: &Unit, defender: &Unit, rules: &Rules) -> Result<Attack, Error> {
    run(&Scenario::new(
        attacker.clone(),
        defender.clone(),
        rules.clone(),
    ))
}

/// Whether an attack is one of a sequence's, which lists its attacks itself: Double Strike and
/// Tenacity then make no second attack of their own.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Made {
    /// On its own: the second attack Double Strike or Tenacity allows follows it.
    OnItsOwn,
    /// As one of a sequence's attacks (or an option weighed by its one attack).
    InSequence,
}

/// The exact outcome of the attack a [`Scenario`] describes: the rulebook's steps in order.
pub fn run(s: &Scenario) -> Result<Attack, Error> {
    chosen(s, Made::OnItsOwn).map_err(|e| e.limit_of(Input::Attacker))
}

/// [`run`] for one of a sequence's attacks: no second attack of its own.
pub(crate) fn run_in_sequence(s: &Scenario) -> Result<Attack, Error> {
    chosen(s, Made::InSequence).map_err(|e| e.limit_of(Input::Attacker))
}

/// The attack with the units' choices taken ([`choose`]) and their state settled; a second
/// attack (Double Strike) starts from `s` itself, so it chooses again.
fn chosen(s: &Scenario, made: Made) -> Result<Attack, Error> {
    let (taken, chosen) = take_choices(s, made)?;
    let first = (!chosen.is_empty()).then_some(&taken.attacker);
    let mut attack = steps(&taken, s, first, made)?;
    let rule = choose::rule(s.policy, s.objective);
    for c in &chosen {
        attack.notes.push(
            format!(
                "choice of the {}: {} (of {}); {rule}",
                c.role,
                c.option,
                c.options.join(" / ")
            )
            .into(),
        );
    }
    attack.chosen = chosen;
    Ok(attack)
}

/// `s` with each unit's choices taken as the policy takes them ([`choose`]: every option's
/// exact attack weighed), its state not yet settled, and what was taken; `s` itself when no
/// unit chooses.
fn take_choices(s: &Scenario, made: Made) -> Result<(Scenario, Vec<choose::Chosen>), Error> {
    if !choose::any(s) {
        return Ok((s.clone(), Vec::new()));
    }
    choose::choose(s, made, |t, both| match both {
        false => steps(t, t, None, Made::InSequence),
        true => steps(t, s, Some(&t.attacker), Made::OnItsOwn),
    })
}

/// The scenario whose attack [`run`] (or [`run_in_sequence`], by `made`) makes: each unit's
/// choices taken by the policy and its state settled. The simulator plays the attack it
/// describes: the choice is a policy decision it asks of the exact engine, as it asks the
/// optimal policy's re-rolls.
pub(crate) fn settled(s: &Scenario, made: Made) -> Result<Scenario, Error> {
    take_choices(s, made)?.0.in_state()
}

/// The scenario with each unit's choices taken, its state not yet settled: the attacker a
/// Double Strike's or Tenacity's first attack is made with ([`steps`]' `first`).
pub(crate) fn choices_taken(s: &Scenario) -> Result<Scenario, Error> {
    Ok(take_choices(s, Made::OnItsOwn)?.0)
}

/// The steps of [`run`], on `taken`, a scenario whose choices are taken, its state settled
/// first; `origin` is the scenario as given, which a second attack starts from.
fn steps(
    taken: &Scenario,
    origin: &Scenario,
    first: Option<&Unit>,
    made: Made,
) -> Result<Attack, Error> {
    let s = &taken.in_state()?;
    let a = declare(s)?;
    let roll = roll(&a)?;
    let outcomes = roll.to_states(|hits, seen| a.resolve(hits, seen));
    let outcomes = Ends::new(&a).apply(outcomes);
    let outcomes = discarded_by_state(taken, a.intercepted, outcomes);
    let mut attack = outcome::report(&a, outcomes);
    attack.follow_up = attack_again(&a, origin, first, made, &mut attack.notes)?;
    Ok(attack)
}

/// The outcomes with the units that the counters they took discard once their state is
/// settled again ([`units::discarded_in_state`]) marked destroyed. Such a discard comes after
/// the attack, so its discard triggers (Bounty, Avenge, Area Damage) do not fire in it.
fn discarded_by_state(taken: &Scenario, intercepted: bool, outcomes: States<Out>) -> States<Out> {
    let def = match (&taken.interceptor, intercepted) {
        (Some(i), true) => i,
        _ => &taken.defender,
    };
    let att = &taken.attacker;
    if att.stateful.is_empty() && def.stateful.is_empty() {
        return outcomes;
    }
    let (attackers, defending) = declare::opponents(taken);
    let start = |u: &Unit| u.stat(super::keywords::Stat::Damage).unwrap_or(0);
    let (att_start, def_start) = (start(att), start(def));
    outcomes.map(|o| {
        let mut o = o.clone();
        let state = super::state::Role::Defending;
        o.destroyed |= units::discarded_in_state(def, def_start + o.counters, state, attackers);
        let state = super::state::Role::Attacking;
        let hurt = att_start + o.attacker_counters;
        o.attacker_destroyed |= units::discarded_in_state(att, hurt, state, defending);
        o
    })
}

/// An attack once declared: both units' numbers (after any interception), its dice, and what
/// the later steps read.
struct Declared<'s> {
    s: &'s Scenario,
    c: Compiled,
    secondary: Option<UnitStats>,
    intercepted: bool,
    /// The defender an interceptor took the attack from: its Retaliate still answers.
    original: Option<UnitStats>,
    /// Attack dice rolled for power.
    dice: i64,
    /// The extra dice initial-roll triggers (Fury) may add.
    extra: i64,
    damage_dice: DamageDice,
    /// The natural faces some trigger reads, sorted.
    tracked: Vec<u8>,
    notes: Vec<Message>,
}

/// 1. Attack declared: the units must be in play and the target legal (Stealth); an interceptor
///    may take the attack (Intercept, Redirect, unless Precision); the arena sets the power
///    (Bombard, Ion Cannon). The keywords compile, and every limit is checked before the work.
fn declare(s: &Scenario) -> Result<Declared<'_>, Error> {
    refuse_conditionals(s)?;
    let mut notes = unit_notes(s);
    notes.extend(unused_keyword_notes(s));
    if stats_of(&s.defender).hidden() {
        return Err(Error::illegal(
            "the defender has Stealth and is untapped with no damage counters, so it can't be \
             attacked (add 'Tapped' or 'Damage 1' to its SPEC if it is)",
        ));
    }
    let (defender, intercepted) = intercept(s, &mut notes)?;
    let mut c = Compiled::new(&s.attacker, defender);
    notes.append(&mut c.notes);
    let mut secondary = secondary(s, &mut notes);
    notes.extend(sides(s, &mut c, secondary.as_mut(), intercepted));
    let power = limits::attack_power(s, &c.att)?;
    in_play(&c, secondary.as_ref())?;
    notes.extend(declared_notes(s, &c));
    let original = intercepted.then(|| stats_of(&s.defender));
    let damage_dice = DamageDice::of(s, &c, original.as_ref());
    notes.extend(damage_dice_notes(s, &c, secondary.is_some()));
    damage_dice.check()?;
    let (dice, extra) = limits::attack_dice(s, &c, power)?;
    // Reroll: any number of the dice, so every die the attack rolls (a Lucky beside it adds
    // nothing).
    for side in [&mut c.att, &mut c.def] {
        if side.reroll_all {
            side.lucky = dice + extra;
        }
    }
    let mut tracked: Vec<u8> = c.triggers.iter().map(|t| t.face).collect();
    tracked.sort_unstable();
    tracked.dedup();
    limits::damage_work(&damage_dice.named(), dice + extra, tracked.len())?;
    Ok(Declared {
        s,
        c,
        secondary,
        intercepted,
        original,
        dice,
        extra,
        damage_dice,
        tracked,
        notes,
    })
}

/// 2. Roll attack dice: one per point of power (Shields, Resilience, Overload and power carried
///    from earlier attacks change it), then the extra dice of initial-roll triggers (Fury).
fn roll(a: &Declared) -> Result<NaturalRoll, Error> {
    let hits = |face: u8| a.hits(face);
    let (initial, final_faces) = (a.read_on(Roll::Initial), a.read_on(Roll::Final));
    let extra: Vec<(u8, u32)> =
        a.c.triggers
            .iter()
            .filter(|t| t.effect == Effect::ExtraDice)
            .map(|t| (t.face, t.amount as u32))
            .collect();
    let pool = lucky::Pool {
        power_dice: a.dice as u32,
        sides: attack_die().faces.len() as u8,
        hits: &hits,
        tracked: &a.tracked,
        initial: &initial,
        final_faces: &final_faces,
        extra: &extra,
        extra_count_final: a.s.rules.fury_dice_triggers(),
    };
    if a.rerolls() {
        reroll(a, &pool)
    } else {
        Ok(roll_without_rerolls(&pool))
    }
}

/// 3. Re-roll: Lucky on either side, each die chosen by the policy for the objective.
fn reroll(a: &Declared, pool: &lucky::Pool) -> Result<NaturalRoll, Error> {
    let s = a.s;
    if let (Objective::Destroy, None) = (s.objective, a.c.def.health) {
        return Err(Error::input(
            Message::flag(Input::Objective)
                .text(" destroy needs the defender's Health: add one, as in ")
                .name(Input::Defender)
                .text(" 'Health 4'"),
        ));
    }
    let value = |h: i64, seen: Faces| -> f64 {
        let o = a.resolve(h, seen);
        match s.objective {
            Objective::Mean => o.counters as f64,
            Objective::Destroy => f64::from(u8::from(o.destroyed)),
            Objective::AtLeast(k) => f64::from(u8::from(o.counters >= k)),
        }
    };
    let rerolls = lucky::Rerolls {
        attacker: a.c.att.lucky as u32,
        defender: a.c.def.lucky as u32,
        attacker_first: s.rules.attacker_rerolls_first(),
        reroll_again: s.rules.reroll_twice(),
        policy: s.policy,
    };
    lucky::roll(pool, &rerolls, &value)
}

impl Declared<'_> {
    /// Steps 4 to 7 for one result of the final roll: `hits` hits, these natural faces seen.
    fn resolve(&self, hits: i64, seen: Faces) -> Out {
        let moved = self.assign_hits(hits, seen);
        let (pending, unpreventable) = self.pending_damage(hits - moved, seen);
        let placed = self.placement(pending, unpreventable, self.prevention(seen));
        let overkill = self.overkill_damage(moved);
        let mut o = Out {
            hits,
            pending,
            seen: seen.bits(),
            counters: placed.counters,
            destroyed: self.destroys(placed.counters),
            absorbed: placed.absorbed,
            deflected: placed.deflected,
            persuaded: placed.persuaded,
            secondary: overkill.counters,
            deflect_spent: if overkill.deflected > 0 {
                source::ATTACKER_AT_SECONDARY
            } else {
                0
            },
            focus: self.c.fired(Effect::NextPower, seen, |_| true),
            ..Out::default()
        };
        // Riposte acts when the attack ends (step 9), but reads nothing rolled after the attack
        // roll: it is settled with the roll's outcome, before any dice of damage.
        self.riposte(&mut o);
        o
    }

    /// 4. Assign hits: Overkill moves hits beyond the defender's remaining health to the
    ///    secondary unit: all of them (overkill=all), or as many as still destroy the defender.
    fn assign_hits(&self, hits: i64, seen: Faces) -> i64 {
        let excess = match (&self.secondary, self.remaining()) {
            (Some(_), Some(r)) if self.c.att.overkill => (hits - r).max(0),
            _ => 0,
        };
        if self.s.rules.overkill_all() {
            return excess;
        }
        (1..=excess)
            .rev()
            .find(|&k| {
                let (pending, unpreventable) = self.pending_damage(hits - k, seen);
                let placed = self.placement(pending, unpreventable, self.prevention(seen));
                self.destroys(placed.counters)
            })
            .unwrap_or(0)
    }

    /// 5. Pending damage: the hits kept on the defender plus bonus damage (Critical Hit), and
    ///    how much of it can't be prevented (Ferocity; Critical Hit's bonus by the rules).
    fn pending_damage(&self, kept: i64, seen: Faces) -> (i64, i64) {
        let bonus = self
            .c
            .fired(Effect::BonusDamage, seen, |t| self.bonus_counts(t));
        let pending = kept + bonus;
        let unpreventable = if self.c.att.unpreventable {
            pending
        } else if self.s.rules.critical_hit_preventable() {
            0
        } else {
            bonus
        };
        (pending, unpreventable)
    }

    /// 6. Damage prevention: the defender's Absorb, Deflect and Evade, and Parry if the final
    ///    roll shows its natural face.
    fn prevention(&self, seen: Faces) -> (Guard, i64) {
        (
            self.c.def.guard,
            self.c.fired(Effect::Prevent, seen, |_| true),
        )
    }

    /// 7. Place damage counters (Double Damage), after or before prevention by the rules.
    fn placement(&self, pending: i64, unpreventable: i64, prevention: (Guard, i64)) -> Placed {
        let (guard, parry) = prevention;
        place(
            pending,
            unpreventable,
            guard,
            parry,
            self.c.att.multiplier,
            self.s.rules.prevent_before_double(),
        )
    }

    /// Overkill's damage on the secondary unit: the ability's, not dice, so only its Evade,
    /// Absorb and Deflect apply, and not attack damage on the defending unit, so Double Damage
    /// doubles it only under double-damage=all-damage.
    fn overkill_damage(&self, moved: i64) -> Placed {
        self.secondary.as_ref().map_or(Placed::default(), |sec| {
            let rules = &self.s.rules;
            let fixed = if self.c.att.unpreventable { moved } else { 0 };
            let multiplier = if rules.double_damage_all() {
                self.c.att.multiplier
            } else {
                1
            };
            let prevent_first = rules.prevent_before_double();
            place(moved, fixed, sec.guard, 0, multiplier, prevent_first)
        })
    }
}

/// The dice of damage of steps 8 and 9, each rolled once for all the outcomes to share; the
/// two steps run together on each outcome of step 7, in one pass over the outcomes.
struct Ends<'a> {
    a: &'a Declared<'a>,
    area: Option<Instance>,
    avenge: Option<Instance>,
    retaliate: Option<Instance>,
    original: Option<Instance>,
    backfire: Option<Instance>,
    overload: Option<Instance>,
}

impl<'a> Ends<'a> {
    fn new(a: &'a Declared<'a>) -> Ends<'a> {
        let (att, def, d) = (&a.c.att, &a.c.def, &a.damage_dice);
        let area = a.secondary.as_ref().filter(|_| d.area > 0).map(|sec| {
            let at = source::ATTACKER_AT_SECONDARY;
            a.instance(at, d.area, sec, att.unpreventable, att.multiplier)
        });
        let from_defender = source::DEFENDER_AT_ATTACKER;
        let (fierce, double) = (def.unpreventable, def.multiplier);
        let original = a.original.as_ref().and_then(|o| {
            let x = d.original_retaliate;
            a.at_attacker(source::NONE, x, o.unpreventable, o.multiplier)
        });
        let own = |x: i64| a.at_attacker(source::ITSELF, x, att.unpreventable, 1);
        Ends {
            a,
            area,
            avenge: a.at_attacker(source::NONE, d.avenge, false, 1),
            retaliate: a.at_attacker(from_defender, d.retaliate, fierce, double),
            original,
            backfire: d.backfire.and_then(|(_, x)| own(x)),
            overload: own(d.overload),
        }
    }

    /// Steps 8 and 9 on every outcome of step 7, when they roll any dice.
    fn apply(&self, outcomes: States<Out>) -> States<Out> {
        let dice = [
            &self.area,
            &self.avenge,
            &self.retaliate,
            &self.original,
            &self.backfire,
            &self.overload,
        ];
        if dice.iter().all(|d| d.is_none()) {
            return outcomes;
        }
        outcomes.and_then(|o| self.attack_ends(Faces::from_bits(o.seen), self.discard_triggers(o)))
    }

    /// 8. Discard triggers: if the defender is discarded, the attacker's Area Damage rolls at
    ///    the secondary unit and the defender's Avenge at the attacker (Bounty is read off
    ///    `destroyed`).
    fn discard_triggers(&self, o: &Out) -> States<Out> {
        let states = States::certain(o.clone());
        if !o.destroyed {
            return states;
        }
        let states = then(states, &self.area, |o, p| o.secondary += p.counters);
        then(states, &self.avenge, |o, p| {
            self.a.hurt_attacker(o, p, By::Another)
        })
    }

    /// 9. The attack ends: after Riposte ([`Declared::riposte`]), the dice of damage of
    ///    Retaliate (the original defender's too after an interception), Backfire (if the
    ///    initial roll, whose faces are `seen`, shows its natural face) and Overload, each an
    ///    instance of damage of its own.
    fn attack_ends(&self, seen: Faces, states: States<Out>) -> States<Out> {
        let a = self.a;
        let hurt = |by: By| move |o: &mut Out, p: Placed| a.hurt_attacker(o, p, by);
        let states = then(states, &self.retaliate, hurt(By::Defender));
        let states = then(states, &self.original, hurt(By::Another));
        let states = match a.damage_dice.backfire {
            Some((face, _)) if seen.contains(face) => {
                then(states, &self.backfire, hurt(By::Itself))
            }
            _ => states,
        };
        then(states, &self.overload, hurt(By::Itself))
    }
}

/// 10. After the attack: Double Strike or Tenacity lets the attacker attack the same defender
///     again (a sequence of two attacks, the second only where the rule allows it). Attacks
///     of a sequence ([`Made::InSequence`]) make no second attack of their own.
fn attack_again(
    a: &Declared,
    origin: &Scenario,
    first: Option<&Unit>,
    made: Made,
    notes: &mut Vec<Message>,
) -> Result<Option<FollowUp>, Error> {
    let s = origin;
    let Some((again, x)) = a.c.att.again else {
        return Ok(None);
    };
    let name = match again {
        Again::Always => "Double Strike",
        Again::LessThanX => "Tenacity",
    };
    if made == Made::InSequence {
        notes.push(
            format!(
                "{name}: a sequence makes the attacks it lists; holodice swtcg attack reports \
                 the second attack {name} allows"
            )
            .into(),
        );
        return Ok(None);
    }
    if s.secondary.is_some() || s.interceptor.is_some() || s.carried_power != 0 {
        notes.push(
            Message::from(format!(
                "{name}: its two attacks are computed on the defender alone (without "
            ))
            .name(Input::Secondary)
            .text(", ")
            .name(Input::Interceptor)
            .text(" or carried power)"),
        );
    }
    sequence::follow_up(s, first, name, again, tenacity_limit(a, x)).map(Some)
}

/// The counters below which Tenacity X allows the second attack. By default the counters
/// placed (Double Damage's included) are counted, so X itself; under `tenacity-counts=damage`
/// the damage left after prevention, which Double Damage then multiplied into counters when it
/// acts after prevention (the default `prevent-before-double=yes`).
fn tenacity_limit(a: &Declared, x: i64) -> i64 {
    let rules = &a.s.rules;
    match rules.tenacity_counts_damage() && rules.prevent_before_double() {
        true => x.saturating_mul(a.c.att.multiplier),
        false => x,
    }
}

impl Declared<'_> {
    /// 9. Riposte: fixed damage to the attacker, which the attacker's own prevention meets;
    ///    Double Damage doubles it only under double-damage=all-damage.
    fn riposte(&self, o: &mut Out) {
        let (att, def) = (&self.c.att, &self.c.def);
        let rules = &self.s.rules;
        let seen = Faces::from_bits(o.seen);
        let riposte = if o.destroyed && !rules.riposte_after_discard() {
            0
        } else {
            self.c.fired(Effect::DamageAttacker, seen, |_| true)
        };
        let fixed = if def.unpreventable { riposte } else { 0 };
        let multiplier = if rules.double_damage_all() {
            def.multiplier
        } else {
            1
        };
        let p = place(
            riposte,
            fixed,
            att.guard,
            0,
            multiplier,
            rules.prevent_before_double(),
        );
        self.hurt_attacker(o, p, By::Defender);
        if p.deflected > 0 {
            o.deflect_spent |= source::DEFENDER_AT_ATTACKER;
        }
    }

    /// Adds one instance of damage on the attacker to an outcome; the attacker is discarded
    /// once its counters reach its health.
    fn hurt_attacker(&self, o: &mut Out, p: Placed, by: By) {
        o.attacker_counters += p.counters;
        o.attacker_absorbed += p.absorbed;
        o.attacker_deflected += p.deflected;
        let hurt = p.counters > 0;
        o.attacker_hurt |= hurt && by != By::Itself;
        o.hurt_by_defender |= hurt && by == By::Defender;
        let att = &self.c.att;
        o.attacker_destroyed = att.discarded_with(o.attacker_counters);
    }

    /// One instance of `x` dice of damage at the attacker from `source`, if any.
    fn at_attacker(
        &self,
        source: u8,
        x: i64,
        unpreventable: bool,
        multiplier: i64,
    ) -> Option<Instance> {
        (x > 0).then(|| self.instance(source, x, &self.c.att, unpreventable, multiplier))
    }

    /// One instance of `x` dice of damage at `receiver` from `source`; the source's Double
    /// Damage counts only under double-damage=all-damage.
    fn instance(
        &self,
        source: u8,
        x: i64,
        receiver: &UnitStats,
        unpreventable: bool,
        multiplier: i64,
    ) -> Instance {
        let rules = &self.s.rules;
        let multiplier = if rules.double_damage_all() {
            multiplier
        } else {
            1
        };
        let prevent_first = rules.prevent_before_double();
        Instance::new(
            source,
            x,
            receiver,
            unpreventable,
            multiplier,
            prevent_first,
        )
    }

    /// Whether a die showing `face` hits: natural + Accuracy reaches the defender's threshold.
    fn hits(&self, face: u8) -> bool {
        match face {
            6 if self.s.rules.auto_hit() => true,
            1 if self.s.rules.auto_hit() => false,
            _ => i64::from(face) + self.c.accuracy >= self.c.def.hit_on,
        }
    }

    /// Whether a bonus-damage trigger counts: always, or only on a hitting die by the rules.
    fn bonus_counts(&self, t: &Trigger) -> bool {
        !self.s.rules.critical_hit_needs_hit() || self.hits(t.face)
    }

    /// The tracked faces some trigger reads on this roll.
    fn read_on(&self, roll: Roll) -> Vec<u8> {
        let reads = |f: u8| {
            self.c
                .triggers
                .iter()
                .any(|t| t.face == f && t.roll == roll)
        };
        self.tracked.iter().copied().filter(|&f| reads(f)).collect()
    }

    /// Whether anything is re-rolled: Lucky on either side, and power dice to re-roll (extra
    /// dice need power dice to trigger them).
    fn rerolls(&self) -> bool {
        (self.c.att.lucky, self.c.def.lucky) != (0, 0) && self.dice > 0
    }

    /// The defender's health left, when it has one.
    fn remaining(&self) -> Option<i64> {
        self.c.def.health.map(|h| h - self.c.def.damage)
    }

    fn destroys(&self, counters: i64) -> bool {
        self.remaining().is_some_and(|r| counters >= r)
    }
}

/// Applies one instance of damage, when there is one, to every state; the receiver's Deflect
/// meets its source only once.
fn then(
    states: States<Out>,
    instance: &Option<Instance>,
    f: impl Fn(&mut Out, Placed),
) -> States<Out> {
    let Some(instance) = instance else {
        return states;
    };
    states.and_then(|o| {
        instance.for_spent(o.deflect_spent).map(|p| {
            let mut o = o.clone();
            f(&mut o, *p);
            if p.deflected > 0 {
                o.deflect_spent |= instance.source;
            }
            o
        })
    })
}

/// The source of damage on the attacker: its Surge reads damage from another unit, the
/// defender's Stun damage from the defender.
#[derive(Clone, Copy, PartialEq, Eq)]
enum By {
    Defender,
    Another,
    Itself,
}

/// The attack roll with no re-rolls: power dice, then each extra-dice trigger's dice where its
/// face showed.
fn roll_without_rerolls(pool: &lucky::Pool) -> NaturalRoll {
    let extra_counts: &[u8] = if pool.extra_count_final {
        pool.final_faces
    } else {
        &[]
    };
    let mut roll = NaturalRoll::pool(
        pool.power_dice,
        pool.sides,
        pool.hits,
        pool.tracked,
        pool.tracked,
    );
    for &(face, n) in pool.extra {
        let more = NaturalRoll::pool(n, pool.sides, pool.hits, pool.tracked, extra_counts);
        roll = roll.extend_if(face, &more);
    }
    roll
}
