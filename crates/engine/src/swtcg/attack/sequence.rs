//! Several attacks in order against one defender, each starting from what the earlier ones left:
//! counters on both sides, power carried to the next attack (Focus, Absorb, Surge; Persuade takes
//! some), Stun's penalty, Resilience (through the counters). States merge after every attack, so
//! the answer is exact and its size follows the number of distinct states, not the number of dice
//! paths.

use super::choose::Chosen;
use super::units::discarded_in_state;
use super::{run_in_sequence, size, Out, Scenario, Size};
use crate::dist::Dist;
use crate::error::{Error, Input, Message};
use crate::policy::{Objective, Policy};
use crate::states::States;
use crate::swtcg::keywords::{Again, Mode, Stat};
use crate::swtcg::rules::Rules;
use crate::swtcg::state::Role;
use crate::swtcg::unit::Unit;
use num_rational::BigRational;
use num_traits::{One, Zero};
use rustc_hash::FxHashMap;
use std::rc::Rc;

/// The most attacks one sequence may hold.
pub const MAX_ATTACKS: usize = 100;

/// A sequence evaluates one exact attack per distinct starting point (counters, carried power);
/// each costs about its dice + 1 (ten times that with Lucky re-rolls), and their sum may not
/// exceed this: a couple of seconds at worst.
pub const MAX_WORK: u64 = 75_000;

/// Merging the states after an attack multiplies each weight, whose length grows with every
/// attack: the sum over attacks of states carried or reached × 64-bit words of the weights may
/// not exceed this, about a second.
pub const MAX_MERGE_WORK: u64 = 50_000_000;

/// A sequence keeps each attack it evaluates (one per distinct starting point) for the later
/// attacks that start there again, with its exact outcomes: the bytes they take, estimated per
/// outcome as its state and map entry plus the words of its weight, may not exceed this.
pub const MAX_KEPT: u64 = 60_000_000;

/// What an outcome kept costs besides its weight's words: its state and its map entry, with
/// the slack a growing map leaves.
const KEPT_STATE_BYTES: u64 = 2 * std::mem::size_of::<(Out, num_bigint::BigUint)>() as u64;

/// The most states from which all attacks together may attack (each is evaluated, merged and
/// reported); states where the sequence has ended are only carried and don't count.
pub const MAX_STATES: usize = 10_000;

/// Who attacks, in order.
#[derive(Debug, Clone)]
pub enum Attackers {
    /// One unit attacking `n` times: its counters, carried power and Stun penalty follow it.
    Same(Unit, usize),
    /// Different units, one attack each: only Surge's power passes on, to the next attacker.
    Each(Vec<Unit>),
}

/// A sequence of attacks on one defender.
#[derive(Debug, Clone)]
pub struct Sequence {
    /// Who attacks, in order.
    pub attackers: Attackers,
    /// The unit every attack is made on.
    pub defender: Unit,
    /// An attack into the other arena (Bombard, Ion Cannon), for every attack.
    pub mode: Option<Mode>,
    /// How Lucky's re-rolls and the units' choices are picked, in each attack.
    pub policy: Policy,
    /// What the optimal policy maximises for the attacker, in each attack.
    pub objective: Objective,
    /// The rule options in force.
    pub rules: Rules,
    /// When the sequence stops.
    pub until: Until,
}

/// When a sequence stops.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Until {
    /// After all its attacks.
    #[default]
    AllAttacks,
    /// Once every path has ended (the defender, or a repeated attacker, destroyed): the attacks
    /// are a cap, not a count.
    Destroyed,
    /// The same, and sooner where the next attack would pass a limit: the attacks made are then
    /// the cap.
    DestroyedWithinLimits,
}

/// The state between two attacks.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
struct Between {
    /// Counters on the defender (including those it started with).
    defender: i64,
    defender_destroyed: bool,
    /// Counters on the attacker (one attacker attacking again only).
    attacker: i64,
    attacker_destroyed: bool,
    /// Power for the next attack only (Focus, Absorb, Surge, less Persuade).
    next_power: i64,
    /// Power the attacker lost until the end of the battle (the defender's Stun).
    stunned: i64,
}

/// The result of a sequence.
#[derive(Debug, Clone)]
pub struct SequenceResult {
    /// Counters on the defender after each attack.
    pub counters_after: Vec<Dist>,
    /// P(the defender is destroyed by attack k or earlier), for each k.
    pub destroyed_by: Vec<BigRational>,
    /// P(the attacker of a repeated attack is destroyed by attack k or earlier).
    pub attacker_destroyed_by: Option<Vec<BigRational>>,
    /// The most attacks the sequence could make: its attacks, or fewer where
    /// [`Until::DestroyedWithinLimits`] stopped at a limit.
    pub cap: usize,
    /// What the computation assumed or ignored, for the reader.
    pub notes: Vec<Message>,
}

impl SequenceResult {
    /// P(exactly k attacks destroy the defender), for k = 1, 2, …: the "shots to kill".
    pub fn shots_to_kill(&self) -> Vec<BigRational> {
        let mut before = BigRational::zero();
        self.destroyed_by
            .iter()
            .map(|p| {
                let here = p - &before;
                before = p.clone();
                here
            })
            .collect()
    }

    /// P(the defender survives every attack).
    pub fn survives(&self) -> BigRational {
        BigRational::one() - self.destroyed_by.last().cloned().unwrap_or_default()
    }

    /// The number of attacks that destroy the defender, given that these attacks do; `None`
    /// when they never do.
    pub fn attacks_needed(&self) -> Option<Dist> {
        Dist::from_probs((1..).zip(self.shots_to_kill()))
    }
}

/// Evaluates the attacks in order.
///
/// ```
/// use holodice_engine::swtcg::{rules::Rules, sequence::*, unit::Unit};
/// let a = Unit::parse("attacker", "Power 1").unwrap();
/// let d = Unit::parse("defender", "Health 2").unwrap();
/// let s = Sequence {
///     attackers: Attackers::Same(a, 2),
///     defender: d,
///     mode: None,
///     policy: Default::default(),
///     objective: Default::default(),
///     rules: Rules::default(),
///     until: Default::default(),
/// };
/// let r = sequence(&s).unwrap();
/// // One die per attack hitting on 4+: both must hit.
/// assert_eq!(r.destroyed_by[1].to_string(), "1/4");
/// ```
pub fn sequence(s: &Sequence) -> Result<SequenceResult, Error> {
    run_sequence(s).map_err(|e| e.limit_of(Input::Attacks))
}

fn run_sequence(s: &Sequence) -> Result<SequenceResult, Error> {
    let count = check(s)?;
    let mut run = Run::new(s);
    let mut cap = count;
    for k in 0..count {
        match run.attack(k) {
            Ok(true) if k == 0 && s.until != Until::DestroyedWithinLimits => {
                run.check_predicted_merge(count)?
            }
            Ok(true) => {}
            Ok(false) => break,
            Err(Error::TooLarge(_)) if s.until == Until::DestroyedWithinLimits && k > 0 => {
                cap = k;
                break;
            }
            Err(e) => return Err(e),
        }
    }
    let mut notes = Vec::new();
    if cap < count {
        notes.push(
            Message::from(format!(
                "the attacks stop at {cap}, not {count}: the next would pass the sequence's \
                 limits ({MAX_STATES} states, {MAX_WORK} dice evaluated, {MAX_KEPT} bytes kept, \
                 {MAX_MERGE_WORK} units of merging); give "
            ))
            .name(Input::Attacks)
            .text(" N for a cap of your own"),
        );
    }
    for n in run.attacks.notes {
        if !notes.contains(&n) {
            notes.push(n);
        }
    }
    Ok(SequenceResult {
        counters_after: run.counters_after,
        destroyed_by: run.destroyed_by,
        attacker_destroyed_by: run.attacker_health.map(|_| run.attacker_destroyed_by),
        cap,
        notes,
    })
}

/// The second attack Double Strike or Tenacity allows on the same defender, right after the
/// first: made only while the defender and the attacker survive, and for Tenacity X only when
/// the first placed fewer than X counters.
#[derive(Debug, Clone)]
pub struct FollowUp {
    /// The keyword that allows it.
    pub keyword: String,
    /// P(the second attack is made).
    pub made: BigRational,
    /// Counters both attacks place on the defender.
    pub counters: Dist,
    /// P(the defender is destroyed by the first attack or the second), when it has Health.
    pub destroyed: Option<BigRational>,
    /// The options the units' choices take in the second attack, each with its chance (they
    /// are taken again from where the first attack left the units).
    pub chosen: Vec<(Chosen, BigRational)>,
}

/// The attack `s` describes followed by the second attack `keyword` allows (`again`; for
/// Tenacity, when the first placed fewer than `limit` counters), as a sequence of two:
/// counters, carried power and Stun pass from the first to the second. `first`, when given,
/// is the attacker of the first attack (its choices already taken); the second is `s`'s.
pub(crate) fn follow_up(
    s: &Scenario,
    first: Option<&Unit>,
    keyword: &str,
    again: Again,
    limit: i64,
) -> Result<FollowUp, Error> {
    let seq = Sequence {
        attackers: Attackers::Same(s.attacker.clone(), 2),
        defender: s.defender.clone(),
        mode: s.mode,
        policy: s.policy,
        objective: s.objective,
        rules: s.rules.clone(),
        until: Until::AllAttacks,
    };
    let mut run = Run::new(&seq);
    run.attacks.first = first.cloned();
    let start = match &run.states.weights().next() {
        Some((b, _)) => b.defender,
        None => 0,
    };
    run.attack(0)?;
    let allowed = |b: &Between| again == Again::Always || b.defender - start < limit;
    let made = run
        .states
        .to_dist(|b| i64::from(!ended(b) && allowed(b)))
        .prob(1);
    let before = run.states.clone();
    run.attack_from(1, allowed)?;
    let chosen = second_choices(&run, &before, allowed);
    Ok(FollowUp {
        keyword: keyword.into(),
        made,
        counters: run.states.to_dist(|b| b.defender - start),
        destroyed: s
            .defender
            .stat(Stat::Health)
            .map(|_| run.destroyed_by[1].clone()),
        chosen,
    })
}

/// The chance of each option the second attack's choices take, over the states `before` it
/// from which it is made.
fn second_choices(
    run: &Run,
    before: &States<Between>,
    made: impl Fn(&Between) -> bool,
) -> Vec<(Chosen, BigRational)> {
    let total = BigRational::from_integer(before.denominator().into());
    let mut out: Vec<(Chosen, BigRational)> = Vec::new();
    for (b, w) in before.weights().filter(|(b, _)| !ended(b) && made(b)) {
        let Some(step) = run.attacks.memo.get(&Attacks::key(0, b)) else {
            continue;
        };
        let p = BigRational::from_integer(w.into()) / &total;
        for c in &step.chosen {
            match out.iter_mut().find(|(o, _)| o == c) {
                Some((_, q)) => *q += &p,
                None => out.push((c.clone(), p.clone())),
            }
        }
    }
    out
}

/// The number of attacks, refused outside 1 to [`MAX_ATTACKS`], and an objective a sequence
/// can follow.
fn check(s: &Sequence) -> Result<usize, Error> {
    if s.objective != Objective::Mean {
        return Err(Error::input(
            Message::flag(Input::Objective)
                .text(format!(
                    " {}: a sequence plays each attack's Lucky re-rolls for that attack's \
                     expected counters; use ",
                    s.objective.name()
                ))
                .name(Input::Objective)
                .text(" mean (a whole-sequence objective is not computed)"),
        ));
    }
    let count = match &s.attackers {
        Attackers::Same(_, n) => *n,
        Attackers::Each(list) => list.len(),
    };
    if count == 0 || count > MAX_ATTACKS {
        return Err(Error::too_large(format!(
            "a sequence holds 1 to {MAX_ATTACKS} attacks; this one has {count}"
        )));
    }
    Ok(count)
}

/// The refusal of a sequence whose merges pass [`MAX_MERGE_WORK`] by attack `k` (from 0).
fn merge_refusal(k: usize) -> Error {
    Error::too_large(format!(
        "this sequence's exact weights grow too large to merge by attack {} (over the limit of \
         {MAX_MERGE_WORK} units: states × 64-bit words of their weights): give fewer attacks, or \
         less power or Health",
        k + 1
    ))
}

/// An attack's starting point: the attacker, counters on the defender and on the attacker,
/// and the power carried less Stun's.
type Key = (usize, i64, i64, i64);

/// One attack's outcomes from one starting point, with the X of the defender's Stun and of the
/// attacker's Surge.
struct Step {
    outcomes: States<Out>,
    stun: i64,
    surge: i64,
    /// The options the units' choices took for this attack.
    chosen: Vec<Chosen>,
}

/// The attacks of a sequence, evaluated once per distinct starting point (attacker, counters on
/// both units, power carried), with the dice they cost.
struct Attacks<'a> {
    s: &'a Sequence,
    same: bool,
    memo: FxHashMap<Key, Rc<Step>>,
    /// The attacker of the first attack, when it differs from the others' (a Double Strike
    /// whose first attack took its choice): attacker 1 in the keys.
    first: Option<Unit>,
    /// The bounds of attacks to be made, read by the limits before the work.
    sizes: FxHashMap<Key, Size>,
    work: u64,
    /// The memo's size in [`MAX_KEPT`]'s units.
    kept: u64,
    notes: Vec<Message>,
}

impl Attacks<'_> {
    fn attacker(&self, unit: usize) -> &Unit {
        match &self.s.attackers {
            Attackers::Same(_, _) if unit == 1 => self.first.as_ref().expect("a first attacker"),
            Attackers::Same(u, _) => u,
            Attackers::Each(list) => &list[unit],
        }
    }

    /// Where attacker `unit` attacks from `b`: each distinct key is evaluated once.
    fn key(unit: usize, b: &Between) -> Key {
        (unit, b.defender, b.attacker, b.next_power - b.stunned)
    }

    fn scenario(&self, (unit, defender, attacker, carried): Key) -> Scenario {
        let mut unit = self.attacker(unit).clone();
        if self.same {
            unit = unit.with_damage(attacker);
        }
        Scenario {
            attacker: unit,
            defender: self.s.defender.with_damage(defender),
            mode: self.s.mode,
            policy: self.s.policy,
            objective: self.s.objective,
            rules: self.s.rules.clone(),
            carried_power: carried,
            ..Scenario::default()
        }
    }

    /// The bounds of the attack from `key`, known before it is made.
    fn size(&mut self, key: Key) -> Result<Size, Error> {
        if let Some(size) = self.sizes.get(&key) {
            return Ok(*size);
        }
        let size = size(&self.scenario(key))?;
        self.sizes.insert(key, size);
        Ok(size)
    }

    /// What the merge after attacks from `key` handles at most: its outcome states and the
    /// bits of their denominator, exact once the attack is made.
    fn reach(&mut self, key: Key) -> Result<(u64, u64), Error> {
        Ok(match self.memo.get(&key) {
            Some(step) => (
                step.outcomes.len() as u64,
                step.outcomes.denominator().bits(),
            ),
            None => {
                let size = self.size(key)?;
                (size.outcomes, size.denominator_bits)
            }
        })
    }

    /// Refuses a round of attacks from `keys`, the `k`th (from 0), whose attacks not made yet
    /// would take the dice evaluated past [`MAX_WORK`]: each is bounded by one attack's limits,
    /// their sum by this. What the memo keeps is checked attack by attack ([`Attacks::step`]),
    /// as each one made adds its actual size, far below its bound.
    fn check_round(&mut self, keys: &[Key], k: usize) -> Result<(), Error> {
        let mut new: Vec<Key> = keys
            .iter()
            .filter(|key| !self.memo.contains_key(key))
            .copied()
            .collect();
        new.sort_unstable();
        new.dedup();
        let mut work = 0u64;
        for key in new {
            work = work.saturating_add(cost(&self.size(key)?));
        }
        self.check_work(work, k)
    }

    /// The attack from `key`, the `k`th (from 0), made once: within the work
    /// [`Attacks::check_round`] checked, and refused before it is made when its outcomes, at
    /// their bound, could take what the memo keeps past [`MAX_KEPT`].
    fn step(&mut self, key: Key, k: usize) -> Result<Rc<Step>, Error> {
        if let Some(step) = self.memo.get(&key) {
            return Ok(step.clone());
        }
        let size = self.size(key)?;
        self.check_kept(kept_bytes(size.outcomes, size.words()), k)?;
        let a = run_in_sequence(&self.scenario(key))?;
        self.work += cost(&size);
        let words = a.outcomes.denominator().bits() / 64 + 1;
        self.kept += kept_bytes(a.outcomes.len() as u64, words);
        self.notes.extend(a.notes);
        let step = Rc::new(Step {
            outcomes: a.outcomes,
            stun: a.defender_stun.map_or(0, |(x, _)| x),
            surge: a.attacker_surge.map_or(0, |(x, _)| x),
            chosen: a.chosen,
        });
        self.memo.insert(key, step.clone());
        Ok(step)
    }

    /// Refuses attacks whose dice, `cost` in [`MAX_WORK`]'s units, would take the dice
    /// evaluated past it.
    fn check_work(&self, cost: u64, k: usize) -> Result<(), Error> {
        if self.work.saturating_add(cost) > MAX_WORK {
            return Err(Error::too_large(format!(
                "this sequence reaches too many distinct states (damage counters and carried \
                 power) by attack {}, over the limit of {MAX_WORK} dice evaluated: give fewer \
                 attacks, or less power or Health",
                k + 1
            )));
        }
        Ok(())
    }

    /// Refuses attacks whose outcomes, at most `bytes`, the memo couldn't keep within
    /// [`MAX_KEPT`].
    fn check_kept(&self, bytes: u64, k: usize) -> Result<(), Error> {
        if self.kept.saturating_add(bytes) > MAX_KEPT {
            return Err(Error::too_large(format!(
                "this sequence's attacks from distinct states grow too large to keep by attack \
                 {} (over the limit of {MAX_KEPT} bytes of exact outcomes): give fewer attacks, \
                 or less power or Health",
                k + 1
            )));
        }
        Ok(())
    }
}

/// What [`MAX_WORK`] counts for an attack: its dice + 1, ten times that with Lucky's re-rolls.
fn cost(size: &Size) -> u64 {
    (size.dice.unsigned_abs() + 1) * if size.rerolls { 10 } else { 1 }
}

/// The bytes [`MAX_KEPT`] counts for an attack's `outcomes` with weights `words` long.
fn kept_bytes(outcomes: u64, words: u64) -> u64 {
    outcomes.saturating_mul(KEPT_STATE_BYTES + 8 * words)
}

/// A sequence being evaluated: the states between attacks and what each attack reported.
struct Run<'a> {
    attacks: Attacks<'a>,
    /// The state before the first attack.
    start: Between,
    states: States<Between>,
    /// Only one attacker attacking again carries its counters to a discard.
    attacker_health: Option<i64>,
    /// States attacks have started from so far.
    held: usize,
    /// Merging done so far, in [`MAX_MERGE_WORK`]'s units.
    merged: u64,
    counters_after: Vec<Dist>,
    destroyed_by: Vec<BigRational>,
    attacker_destroyed_by: Vec<BigRational>,
}

fn ended(b: &Between) -> bool {
    b.defender_destroyed || b.attacker_destroyed
}

impl<'a> Run<'a> {
    fn new(s: &'a Sequence) -> Run<'a> {
        let same = matches!(s.attackers, Attackers::Same(..));
        let attacks = Attacks {
            s,
            same,
            memo: FxHashMap::default(),
            first: None,
            sizes: FxHashMap::default(),
            work: 0,
            kept: 0,
            notes: Vec::new(),
        };
        let first = attacks.attacker(0);
        let start_damage = |u: &Unit| u.stat(Stat::Damage).unwrap_or(0);
        let start = Between {
            defender: start_damage(&s.defender),
            defender_destroyed: false,
            attacker: if same { start_damage(first) } else { 0 },
            attacker_destroyed: false,
            next_power: 0,
            stunned: 0,
        };
        Run {
            attacker_health: first.stat(Stat::Health).filter(|_| same),
            attacks,
            states: States::certain(start.clone()),
            start,
            held: 0,
            merged: 0,
            counters_after: Vec::new(),
            destroyed_by: Vec::new(),
            attacker_destroyed_by: Vec::new(),
        }
    }

    /// Makes the `k`th attack (from 0), each limit checked before the work it bounds; `false`
    /// when a sequence run until destroyed has nothing left to attack.
    fn attack(&mut self, k: usize) -> Result<bool, Error> {
        self.attack_from(k, |_| true)
    }

    /// The same, from the states where the sequence goes on and `goes_on` holds.
    fn attack_from(&mut self, k: usize, goes_on: impl Fn(&Between) -> bool) -> Result<bool, Error> {
        let live: Vec<Between> = self
            .states
            .weights()
            .map(|(b, _)| b)
            .filter(|b| !ended(b) && goes_on(b))
            .cloned()
            .collect();
        if self.attacks.s.until != Until::AllAttacks && live.is_empty() {
            return Ok(false);
        }
        self.check_states(live.len(), k)?;
        let unit = match (self.attacks.same, &self.attacks.first) {
            (true, Some(_)) if k == 0 => 1,
            (true, _) => 0,
            (false, _) => k,
        };
        let keys: Vec<Key> = live.iter().map(|b| Attacks::key(unit, b)).collect();
        self.attacks.check_round(&keys, k)?;
        let bounds = keys
            .iter()
            .map(|&key| self.attacks.reach(key))
            .collect::<Result<Vec<_>, Error>>()?;
        self.check_merge(self.merge_work(&bounds), k)?;
        let mut steps = FxHashMap::default();
        for (b, key) in live.into_iter().zip(keys) {
            steps.insert(b, self.attacks.step(key, k)?);
        }
        let reached: Vec<(u64, u64)> = steps
            .values()
            .map(|st| (st.outcomes.len() as u64, st.outcomes.denominator().bits()))
            .collect();
        self.merged = self.merged.saturating_add(self.merge_work(&reached));
        self.states = self.states.and_then(|b| match steps.get(b) {
            None => States::certain(b.clone()),
            Some(step) => step.outcomes.map(|o| self.next(b, o, step)),
        });
        self.record();
        Ok(true)
    }

    /// Refuses an attack that would start from more states than [`MAX_STATES`] allows in all.
    fn check_states(&mut self, live: usize, k: usize) -> Result<(), Error> {
        self.held += live;
        if self.held > MAX_STATES {
            return Err(Error::too_large(format!(
                "this sequence attacks from more than {MAX_STATES} states (damage counters on \
                 both units and carried power) over its first {} attacks: give fewer attacks, or \
                 less power or Health",
                k + 1
            )));
        }
        Ok(())
    }

    /// The merge after attacks reaching, from each live state, `reached` outcome states with
    /// denominators of these bits: every state carried or reached is a product of weights as
    /// long as the denominators so far.
    fn merge_work(&self, reached: &[(u64, u64)]) -> u64 {
        let carried = (self.states.len() - reached.len()) as u64;
        let outcomes: u64 = reached.iter().map(|r| r.0).sum();
        let branch_bits = reached.iter().map(|r| r.1).max().unwrap_or(0);
        let limbs = (self.states.denominator().bits() + branch_bits) / 64 + 1;
        (carried + outcomes).saturating_mul(limbs)
    }

    /// Refuses attacks whose merge, `work` at most, would pass [`MAX_MERGE_WORK`]: checked
    /// before the attacks are made.
    fn check_merge(&self, work: u64, k: usize) -> Result<(), Error> {
        if self.merged.saturating_add(work) > MAX_MERGE_WORK {
            return Err(merge_refusal(k));
        }
        Ok(())
    }

    /// Refuses, right after the first attack, a sequence of `count` whose merges must pass
    /// [`MAX_MERGE_WORK`] by a later attack, before the work of the attacks between.
    fn check_predicted_merge(&mut self, count: usize) -> Result<(), Error> {
        match self.predicted_merge_refusal(count)? {
            Some(k) => Err(merge_refusal(k)),
            None => Ok(()),
        }
    }

    /// The first attack (from 0) whose merge a lower bound proves to pass [`MAX_MERGE_WORK`],
    /// if one within `count` does. The bound holds when one attacker attacks again and the first
    /// attack may leave the starting state as it was: that state then starts every attack, its
    /// step rolls the same dice each time, so the denominator gains at least that step's
    /// denominator per attack, and each merge handles at least the states that step reaches
    /// plus the ended states, which are carried for good.
    fn predicted_merge_refusal(&mut self, count: usize) -> Result<Option<usize>, Error> {
        let start = self.start.clone();
        let repeats = self.states.weights().any(|(b, _)| *b == start);
        if !self.attacks.same || !repeats || ended(&start) {
            return Ok(None);
        }
        let step = self.attacks.step(Attacks::key(0, &start), 1)?;
        let ended_states = self.states.weights().filter(|(b, _)| ended(b)).count() as u64;
        let handled = ended_states + step.outcomes.len() as u64;
        let step_bits = step.outcomes.denominator().bits();
        let mut merged = self.merged;
        for k in 1..count as u64 {
            let bits = k * step_bits.saturating_sub(1) + 1;
            let limbs = (bits + step_bits) / 64 + 1;
            merged = merged.saturating_add(handled.saturating_mul(limbs));
            if merged > MAX_MERGE_WORK {
                return Ok(Some(k as usize));
            }
        }
        Ok(None)
    }

    /// The state after an attack from `b` that ended in `o`.
    fn next(&self, b: &Between, o: &Out, step: &Step) -> Between {
        let same = self.attacks.same;
        let attacker = if same {
            b.attacker + o.attacker_counters
        } else {
            0
        };
        let surge = if o.attacker_hurt { step.surge } else { 0 };
        let own = if same {
            o.focus + o.attacker_absorbed - o.persuaded
        } else {
            0
        };
        let defender = b.defender + o.counters;
        let s = self.attacks.s;
        let opponents = if s.mode.is_some() { 0 } else { 1 };
        let attacker_discarded = match &s.attackers {
            Attackers::Same(u, _) => discarded_in_state(u, attacker, Role::Attacking, opponents),
            Attackers::Each(_) => false,
        };
        Between {
            defender,
            defender_destroyed: o.destroyed
                || discarded_in_state(&s.defender, defender, Role::Defending, opponents),
            attacker,
            attacker_destroyed: same && (o.attacker_destroyed || attacker_discarded),
            next_power: surge + own,
            stunned: b.stunned
                + if same && o.hurt_by_defender {
                    step.stun
                } else {
                    0
                },
        }
    }

    /// What the attack just made left: counters, and who is destroyed.
    fn record(&mut self) {
        let states = &self.states;
        self.counters_after.push(states.to_dist(|b| b.defender));
        self.destroyed_by
            .push(states.to_dist(|b| i64::from(b.defender_destroyed)).prob(1));
        self.attacker_destroyed_by
            .push(states.to_dist(|b| i64::from(b.attacker_destroyed)).prob(1));
    }
}
