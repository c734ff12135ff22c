//! Several attacks in order against one defender, each starting from what the earlier ones left:
//! counters on both sides, power carried to the next attack (Focus, Absorb, Surge), Stun's
//! penalty, Resilience (through the counters). States merge after every attack, so the answer is
//! exact and its size follows the number of distinct states, not the number of dice paths.

use super::attack::{run, Objective, Out, Scenario};
use super::keywords::{Keywords, Mode, Stat};
use super::lucky::Policy;
use super::rules::Rules;
use super::spec::{Item, Unit};
use crate::dist::Dist;
use crate::error::Error;
use crate::states::{Memo, States};
use num_rational::BigRational;
use num_traits::{One, Zero};

/// The most attacks one sequence may hold.
pub const MAX_ATTACKS: usize = 100;

/// A sequence evaluates one exact attack per distinct starting point (counters, carried power);
/// each costs about its dice + 1 (ten times that with Lucky re-rolls), and their sum may not
/// exceed this: a couple of seconds at worst.
pub const MAX_WORK: u64 = 75_000;

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
    pub attackers: Attackers,
    pub defender: Unit,
    pub mode: Option<Mode>,
    pub policy: Policy,
    pub objective: Objective,
    pub rules: Rules,
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
    /// Power for the next attack only (Focus, Absorb, Surge).
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
    pub notes: Vec<String>,
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

fn with_damage(unit: &Unit, counters: i64) -> Unit {
    let damage = Keywords::builtin()
        .get("Damage")
        .expect("the keyword data defines Damage");
    let mut u = unit.clone();
    u.items.push(Item {
        keyword: damage,
        value: counters,
    });
    u
}

/// Evaluates the attacks in order.
///
/// ```
/// use holodice::swtcg::{rules::Rules, sequence::*, spec::Unit};
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
    if s.objective != Objective::Mean {
        return Err(Error::Input(format!(
            "--objective {}: a sequence plays each attack's Lucky re-rolls for that attack's \
             expected counters; use --objective mean (a whole-sequence objective is not computed)",
            s.objective.describe()
        )));
    }
    let (count, same) = match &s.attackers {
        Attackers::Same(_, n) => (*n, true),
        Attackers::Each(list) => (list.len(), false),
    };
    if count == 0 || count > MAX_ATTACKS {
        return Err(Error::TooLarge(format!(
            "a sequence holds 1 to {MAX_ATTACKS} attacks; this one has {count}"
        )));
    }
    let attacker_at = |k: usize| match &s.attackers {
        Attackers::Same(u, _) => u,
        Attackers::Each(list) => &list[k],
    };
    let start_damage = |u: &Unit| u.stat(Stat::Damage).unwrap_or(0);
    // Only one attacker attacking again carries its counters to a discard.
    let attacker_health = attacker_at(0).stat(Stat::Health).filter(|_| same);
    let mut states = States::certain(Between {
        defender: start_damage(&s.defender),
        defender_destroyed: false,
        attacker: if same {
            start_damage(attacker_at(0))
        } else {
            0
        },
        attacker_destroyed: false,
        next_power: 0,
        stunned: 0,
    });
    // One attack's outcomes, computed once per distinct starting point.
    // Keyed by (attacker, defender's counters, attacker's counters, power carried); the value
    // holds the outcomes and the X of the defender's Stun and the attacker's Surge.
    type Key = (usize, i64, i64, i64);
    type Outcomes = Result<(States<Out>, i64, i64), Error>;
    let memo: Memo<Key, Outcomes> = Memo::default();
    let mut notes: Vec<String> = Vec::new();
    let mut counters_after = Vec::new();
    let mut destroyed_by = Vec::new();
    let mut attacker_destroyed_by = Vec::new();
    let seen_notes = std::cell::RefCell::new(Vec::<String>::new());
    let work = std::cell::Cell::new(0u64);
    let mut held = 0usize;
    let ended = |b: &Between| b.defender_destroyed || b.attacker_destroyed;
    let flexible = s.until == Until::DestroyedWithinLimits;
    let mut cap = count;
    for k in 0..count {
        // The states this attack starts from are known before it is made: the limit is checked
        // first.
        let live = states.weights().filter(|(b, _)| !ended(b)).count();
        if s.until != Until::AllAttacks && live == 0 {
            break;
        }
        if held + live > MAX_STATES {
            if flexible && k > 0 {
                cap = k;
                break;
            }
            return Err(Error::TooLarge(format!(
                "this sequence attacks from more than {MAX_STATES} states (damage counters on \
                 both units and carried power) over its first {} attacks: give fewer attacks, or \
                 less power or Health",
                k + 1
            )));
        }
        held += live;
        let unit = if same { 0 } else { k };
        let failure = std::cell::RefCell::new(None);
        states = states.and_then(|b| {
            if b.defender_destroyed || b.attacker_destroyed {
                return States::certain(b.clone());
            }
            let key = (unit, b.defender, b.attacker, b.next_power - b.stunned);
            let result = memo.get(key, |&(unit, defender, attacker, power)| {
                if work.get() > MAX_WORK {
                    return Err(Error::TooLarge(format!(
                        "this sequence reaches too many distinct states (damage counters and \
                         carried power) by attack {}, over the limit of {MAX_WORK} dice evaluated: \
                         give fewer attacks, or less power or Health",
                        k + 1
                    )));
                }
                let mut attacker_unit = attacker_at(unit).clone();
                if same {
                    attacker_unit = with_damage(&attacker_unit, attacker);
                }
                let scenario = Scenario {
                    attacker: attacker_unit,
                    defender: with_damage(&s.defender, defender),
                    mode: s.mode,
                    policy: s.policy,
                    objective: s.objective,
                    rules: s.rules.clone(),
                    carried_power: power,
                    ..Scenario::default()
                };
                run(&scenario).map(|a| {
                    let cost = a.dice.unsigned_abs() + 1;
                    work.set(work.get() + if a.lucky.is_some() { 10 * cost } else { cost });
                    seen_notes.borrow_mut().extend(a.notes.iter().cloned());
                    let stun = a.defender_stun.as_ref().map_or(0, |(x, _)| *x);
                    let surge = a.attacker_surge.as_ref().map_or(0, |(x, _)| *x);
                    (a.outcomes, stun, surge)
                })
            });
            match &*result {
                Ok((outcomes, stun, surge)) => outcomes.map(|o| Between {
                    defender: b.defender + o.counters,
                    defender_destroyed: o.destroyed,
                    attacker: if same {
                        b.attacker + o.attacker_counters
                    } else {
                        0
                    },
                    attacker_destroyed: same
                        && attacker_health.is_some_and(|h| b.attacker + o.attacker_counters >= h),
                    next_power: if o.attacker_hurt { *surge } else { 0 }
                        + if same {
                            o.focus + o.attacker_absorbed
                        } else {
                            0
                        },
                    stunned: if same && o.hurt_by_defender {
                        b.stunned + stun
                    } else {
                        b.stunned
                    },
                }),
                Err(e) => {
                    failure.borrow_mut().get_or_insert_with(|| e.clone());
                    States::certain(b.clone())
                }
            }
        });
        match failure.into_inner() {
            Some(Error::TooLarge(_)) if flexible && k > 0 => {
                cap = k;
                break;
            }
            Some(e) => return Err(e),
            None => {}
        }
        counters_after.push(states.to_dist(|b| b.defender));
        destroyed_by.push(states.to_dist(|b| i64::from(b.defender_destroyed)).prob(1));
        attacker_destroyed_by.push(states.to_dist(|b| i64::from(b.attacker_destroyed)).prob(1));
    }
    if cap < count {
        notes.push(format!(
            "the attacks stop at {cap}, not {count}: the next would pass the sequence's limits \
             ({MAX_STATES} states, {MAX_WORK} dice evaluated); give --attacks N for a cap of \
             your own"
        ));
    }
    for n in seen_notes.into_inner() {
        if !notes.contains(&n) {
            notes.push(n);
        }
    }
    Ok(SequenceResult {
        counters_after,
        destroyed_by,
        attacker_destroyed_by: attacker_health.map(|_| attacker_destroyed_by),
        cap,
        notes,
    })
}
