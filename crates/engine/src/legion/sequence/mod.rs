//! Several Legion attacks on one defending unit, in order, exactly: each attack meets the unit as
//! the attacks before it left it. What carries is the wounds it has taken (a wound token on its
//! current mini, the minis it has left; a wiped unit takes no more), its suppression tokens (a
//! ranged attack gives one, Suppressive one more), which raise its cover once it is suppressed
//! and give Danger Sense its dice, its dodge tokens (spent, and one back with Nimble), its
//! shield tokens (flipped by Ion or to cancel results) and its surge tokens (spent on defense
//! surges). A guardian carries its wounds (wiped, it guards no more) and the dodge and surge
//! tokens it spent. Each attack is `legion attack` itself, made once for every state of the
//! unit that changes it.

mod optimal;
mod step;

use super::attack::{cost, Play, MAX_OPTIMAL_WORK};
use super::cards::Cards;
use super::minis::{losses, Losses};
use super::scenario::Scenario;
use super::units::Defender;
use crate::dist::Dist;
use crate::error::{Error, Input, Message};
use crate::policy::{Objective, Policy};
use num_bigint::BigUint;
use num_rational::BigRational;
use num_traits::{One, Zero};
use optimal::Plan;
use std::collections::{BTreeMap, HashMap};
use step::{add, Carried, Carry, Gives, Step};

/// The most attacks one sequence makes (an attack repeated until the unit is wiped included).
pub const MAX_ATTACKS: usize = 100;

/// The most work one sequence may take: each attack's estimate, times the states the unit may
/// be in when it comes, summed before any attack is made (as much as one optimal attack may).
pub const MAX_SEQUENCE_WORK: u64 = MAX_OPTIMAL_WORK;

/// The most steps one sequence takes carrying the unit's states: for each attack, the states it
/// may meet times the outcomes each may have, summed, bounded before any attack is made (each a
/// product of exact weights: some 2 s at most).
pub(crate) const MAX_SEQUENCE_STEPS: u64 = 5_000_000;

/// When a ranged attack gives the defender its suppression token: a reading, named.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum SuppressionGained {
    /// When its attack roll holds a hit or a crit once surges are converted (the rules
    /// reference: "a ranged attack with hits"); Suppressive's token comes with every ranged
    /// attack.
    #[default]
    Hits,
    /// After every ranged attack, whatever it rolled.
    Always,
}

impl SuppressionGained {
    /// The name commands and results use: `hits`, `always`.
    pub fn name(self) -> &'static str {
        match self {
            SuppressionGained::Hits => "hits",
            SuppressionGained::Always => "always",
        }
    }
}

/// The exact outcome of a sequence of attacks on one unit.
#[derive(Debug, Clone)]
pub struct LegionSequence {
    /// Wounds the unit takes over the whole sequence (at most what wipes it).
    pub wounds: Dist,
    /// Minis defeated and the chance every one is, when its wounds per mini are known.
    pub losses: Option<Losses>,
    /// Suppression tokens on the unit after the last attack (those it started with included).
    pub suppression: Dist,
    /// The chance its suppression reaches its courage (it is suppressed); 0 for a unit without
    /// courage.
    pub suppressed: BigRational,
    /// The chance its suppression reaches twice its courage (it panics); 0 for a unit without
    /// courage.
    pub panicked: BigRational,
    /// Each attack as the unit met it, in order.
    pub attacks: Vec<SequenceAttack>,
    /// Wounds on the guardian over the whole sequence, when one is given (at most what wipes it).
    pub guardian_wounds: Option<Dist>,
    /// Its minis defeated and the chance every one is, when its wounds per mini are known.
    pub guardian_losses: Option<Losses>,
    /// What the computation assumed or ignored, each line once.
    pub notes: Vec<Message>,
}

impl LegionSequence {
    /// For each attack (from the first), the chance it is the one that wipes the unit, and the
    /// chance the unit outlasts the last; `None` when its wounds per mini are not known.
    pub fn attacks_to_wipe(&self) -> Option<(Vec<BigRational>, BigRational)> {
        let by: Vec<BigRational> = (self.attacks.iter())
            .map(|a| a.wiped_by.clone())
            .collect::<Option<_>>()?;
        let wiped: BigRational = by.iter().sum();
        Some((by, BigRational::one() - wiped))
    }

    /// The attacks needed to wipe the unit, given that they do (a distribution over 1 to the
    /// attacks made); `None` when they never do or its wounds per mini are not known.
    pub fn attacks_needed(&self) -> Option<Dist> {
        let (by, _) = self.attacks_to_wipe()?;
        Dist::from_probs((by.into_iter().enumerate()).map(|(k, p)| (k as i64 + 1, p)))
    }

    /// The mean number of attacks that wipe the unit, given that they do; `None` when they
    /// never do (or its wounds per mini are not known).
    pub fn mean_attacks_to_wipe(&self) -> Option<BigRational> {
        self.attacks_needed().map(|d| d.mean())
    }
}

/// One attack repeated on the unit until it is wiped, at most `cap` times: a sequence of
/// `cap` copies, whose [`LegionSequence::attacks_to_wipe`] is the distribution of the attacks
/// needed. The unit's wounds per mini must be known.
pub fn until_wiped(
    attacker: &str,
    defender: &str,
    guardian: Option<&str>,
    cards: &Cards,
    choices: &Scenario,
    gained: SuppressionGained,
    cap: usize,
) -> Result<LegionSequence, Error> {
    let attacks = vec![attacker; cap];
    check_count(&attacks)?;
    let mut planner = Planner::new(&attacks, defender, guardian, cards, choices)?;
    planner.soonest = Some(cap);
    if planner.unit.is_none() {
        return Err(Error::input(
            Message::about(Input::Defender)
                .name(Input::UntilWiped)
                .text(
                ": the defender's wounds per mini are not known, so it is never wiped: name its \
                 card, or give 'wounds N' (and 'minis N')",
            ),
        ));
    }
    planner.work()?;
    planner.answer(gained)
}

/// One attack of a sequence, as the unit met it.
#[derive(Debug, Clone)]
pub struct SequenceAttack {
    /// Wounds this attack deals the unit (none once it is wiped).
    pub wounds: Dist,
    /// The chance this attack wipes the unit, when its wounds per mini are known.
    pub wiped_by: Option<BigRational>,
}

/// The attacks `attackers` make in order on the unit `defender`, guarded by `guardian` (SPECs
/// naming `cards`), under `choices`' edition, policy and objective (each attack's own).
/// Refused before any attack is made past [`MAX_ATTACKS`] or [`MAX_SEQUENCE_WORK`].
///
/// ```
/// use holodice_engine::legion::cards::Cards;
/// use holodice_engine::legion::sequence::{sequence, SuppressionGained};
/// use holodice_engine::legion::Scenario;
/// let choices = Scenario::parse("1 red", "white defense", None).unwrap();
/// let two = ["1 red, melee", "1 red, melee"];
/// let s = sequence(&two, "white defense, wounds 1, minis 2", None, Cards::builtin(), &choices,
///     SuppressionGained::Hits).unwrap();
/// // Each red die wounds with 6/8 × 5/6 = 5/8: both minis fall with (5/8)².
/// assert_eq!(s.losses.unwrap().wiped.to_string(), "25/64");
/// ```
pub fn sequence(
    attackers: &[&str],
    defender: &str,
    guardian: Option<&str>,
    cards: &Cards,
    choices: &Scenario,
    gained: SuppressionGained,
) -> Result<LegionSequence, Error> {
    check_count(attackers)?;
    let planner = Planner::new(attackers, defender, guardian, cards, choices)?;
    planner.work()?;
    planner.answer(gained)
}

/// The work [`sequence`] takes, estimated (and refused past its limits) before any attack is
/// made: what a server schedules the sequence by.
pub fn estimate(
    attackers: &[&str],
    defender: &str,
    guardian: Option<&str>,
    cards: &Cards,
    choices: &Scenario,
) -> Result<u64, Error> {
    check_count(attackers)?;
    Planner::new(attackers, defender, guardian, cards, choices)?.work()
}

/// 1 to [`MAX_ATTACKS`] attacks.
fn check_count(attackers: &[&str]) -> Result<(), Error> {
    match attackers.is_empty() || attackers.len() > MAX_ATTACKS {
        true => Err(Error::too_large(Message::about(Input::Attack).text(
            format!(
                "a sequence makes 1 to {MAX_ATTACKS} attacks, not {}",
                attackers.len()
            ),
        ))),
        false => Ok(()),
    }
}

/// A sequence's attacks read once, with the unit they start on.
struct Planner<'a> {
    attackers: &'a [&'a str],
    defender: &'a str,
    guardian: Option<&'a str>,
    cards: &'a Cards,
    choices: &'a Scenario,
    /// Each attack as its SPECs give it, on the unit before any attack.
    first: Vec<Scenario>,
    /// Wounds per mini, minis and wound tokens at the start, when the wounds are known.
    unit: Option<(u32, u32, u32)>,
    /// The guardian as the ranged attacks meet it (it guards against no other).
    guardian_unit: Option<Defender>,
    /// The wounds that wipe the guardian, when one is given and its wounds are known.
    guardian_capacity: Option<u32>,
    /// For each attack, the first attack of the same SPEC: they are made once for both.
    kinds: Vec<usize>,
    /// For each attack, whether its pool counts the unit's minis (Spray): only then do the
    /// minis it has left change the attack.
    spray: Vec<bool>,
    /// Until wiped, of this many attacks (the optimal policy then plays for the fewest).
    soonest: Option<usize>,
    /// The suppression past which every attack meets the unit alike: its courage (suppressed),
    /// Danger Sense's X, and 1 (a token, in rrg-2021).
    bound: u32,
}

impl<'a> Planner<'a> {
    fn new(
        attackers: &'a [&'a str],
        defender: &'a str,
        guardian: Option<&'a str>,
        cards: &'a Cards,
        choices: &'a Scenario,
    ) -> Result<Planner<'a>, Error> {
        let kinds: Vec<usize> = (attackers.iter().enumerate())
            .map(|(i, a)| attackers[..i].iter().position(|b| b == a).unwrap_or(i))
            .collect();
        // Each SPEC read once: an attack repeated (until wiped) is its first copy's. Only the
        // ranged attacks meet the guardian.
        let mut first: Vec<Scenario> = Vec::with_capacity(attackers.len());
        for (i, a) in attackers.iter().enumerate() {
            let s = match kinds[i] == i {
                true => read(a, defender, guardian, cards)
                    .map(|s| chosen(s, choices))
                    .map_err(|e| in_attack(e, i))?,
                false => first[kinds[i]].clone(),
            };
            first.push(s);
        }
        let guardian_unit = first.iter().find_map(|s| s.guardian.clone());
        if guardian.is_some() && guardian_unit.is_none() {
            return Err(Error::illegal(
                Message::about(Input::Guardian)
                    .text(
                        "Guardian has no effect in melee or overrun attacks, and every attack \
                         here is one: it only cancels hits of ranged attacks (remove ",
                    )
                    .name(Input::Guardian)
                    .text(")"),
            ));
        }
        let d = &first[0].defender;
        let unit = d.wounds.map(|w| (w, d.minis.unwrap_or(1), d.wounded));
        let guardian_capacity = (guardian_unit.as_ref())
            .and_then(|g| Some((g.wounds? * g.minis.unwrap_or(1)).saturating_sub(g.wounded)));
        let bound = d.courage.unwrap_or(0).max(d.danger_sense).max(1);
        let counts_minis = |a: &str, s: &Scenario| {
            let one = format!("{defender}, minis 1");
            let alone = read(a, &one, guardian, cards);
            alone.map_or(true, |o| o.attacker.dice != s.attacker.dice)
        };
        let mut spray: Vec<bool> = Vec::with_capacity(attackers.len());
        for (i, (a, s)) in attackers.iter().zip(&first).enumerate() {
            let counts = match unit {
                Some((_, minis, _)) if minis > 1 && kinds[i] == i => counts_minis(a, s),
                Some((_, minis, _)) if minis > 1 => spray[kinds[i]],
                _ => false,
            };
            spray.push(counts);
        }
        Ok(Planner {
            attackers,
            defender,
            guardian,
            cards,
            choices,
            first,
            unit,
            guardian_unit,
            guardian_capacity,
            kinds,
            spray,
            bound,
            soonest: None,
        })
    }

    /// The token counts the unit and its guardian may hold (dodge, shield and surge tokens;
    /// the guardian's dodge and surge tokens, and whether it is still there).
    fn held(&self) -> u64 {
        let d = &self.first[0].defender;
        let mut tokens = vec![d.dodge, d.shielded, d.surge_tokens];
        if let Some(g) = &self.guardian_unit {
            tokens.extend([g.dodge, g.surge_tokens, 1]);
        }
        (tokens.iter()).fold(1u64, |n, &t| n.saturating_mul(u64::from(t) + 1))
    }

    /// The wounds that wipe the unit; `None` when its wounds per mini are not known.
    fn capacity(&self) -> Option<u32> {
        self.unit.map(|(w, m, k)| (w * m).saturating_sub(k))
    }

    /// Each different attack's estimate times the states it may meet (the wounds taken, the
    /// suppression up to [`Planner::bound`]), summed: refused past the limit.
    fn work(&self) -> Result<u64, Error> {
        let held = self.held();
        let mut work = match self.choices.policy {
            Policy::Optimal => self.plan_work()?,
            Policy::Greedy => 0,
        };
        for (i, s) in self.first.iter().enumerate() {
            if self.kinds[i] == i {
                let each = cost(s).map_err(|e| in_attack(e, i))?;
                let (minis, tokens) = self.unit_states(i);
                let states = u64::from(minis) * u64::from(tokens) * (u64::from(self.bound) + 1);
                let states = states.saturating_mul(held);
                work = work.saturating_add(each.saturating_mul(states));
            }
        }
        let steps = self.steps(held);
        if steps > MAX_SEQUENCE_STEPS {
            return Err(Error::too_large(Message::about(Input::Attack).text(
                format!(
                "the unit may be in so many states from attack to attack (wounds taken, tokens) \
                 that carrying them takes about {steps} steps, over the limit of \
                 {MAX_SEQUENCE_STEPS}: give fewer attacks, or a unit of fewer wounds"
            ),
            )));
        }
        // A step is about half a microsecond: 2.5 units of `Game::cost`.
        work = work.saturating_add(steps.saturating_mul(5) / 2);
        if work > MAX_SEQUENCE_WORK {
            return Err(Error::too_large(Message::about(Input::Attack).text(
                format!(
                    "these attacks, each made for every state the unit may be in when it comes, \
                 take about {work} units of work, over the limit of {MAX_SEQUENCE_WORK} for one \
                 sequence: give fewer or smaller attacks"
                ),
            )));
        }
        Ok(work)
    }

    /// The steps of carrying the unit's states, at most: before attack i the unit has taken at
    /// most the wounds of the attacks before (each at most its dice and one more), holds at
    /// most 2 suppression tokens per attack before and `held` token counts; each state meets
    /// each outcome of the attack.
    fn steps(&self, held: u64) -> u64 {
        let cap = self.capacity().map_or(u64::MAX, u64::from);
        let mut most = 0u64;
        let mut steps = 0u64;
        for (i, s) in self.first.iter().enumerate() {
            let wounds = most.min(cap) + 1;
            let states = wounds.saturating_mul(2 * i as u64 + 1).saturating_mul(held);
            let outcomes = u64::from(s.attacker.dice.iter().sum::<u32>()) + 2;
            steps = steps.saturating_add(states.saturating_mul(outcomes));
            most = most.saturating_add(outcomes - 1);
        }
        steps
    }

    /// How many minis-left and wound-token counts change attack `i`: the minis only for Spray,
    /// the tokens only for a defender with Vaapad Mastery.
    fn unit_states(&self, i: usize) -> (u32, u32) {
        let vaapad = self.first[0].defender.vaapad;
        match self.unit {
            Some((w, m, _)) => (
                if self.spray[i] { m } else { 1 },
                if vaapad { w } else { 1 },
            ),
            None => (1, 1),
        }
    }

    /// What of the unit's state attack `i` reads, as a key: the minis it has left (Spray), its
    /// wound tokens (Vaapad Mastery), the suppression it meets and its tokens.
    fn key(&self, i: usize, c: Carried) -> Key {
        let (minis, tokens) = match self.unit {
            Some((w, _, k)) => ((k + c.wounds) / w, (k + c.wounds) % w),
            None => (0, 0),
        };
        let (spray, vaapad) = self.unit_states(i);
        let [_, dodge, surges] = c.guardian;
        Key {
            kind: self.kinds[i],
            minis: if spray > 1 { minis } else { 0 },
            wound_tokens: if vaapad > 1 { tokens } else { 0 },
            unit: Carried {
                wounds: 0,
                suppression: self.met(c.suppression),
                guardian: [u32::from(self.carry().guardian_wiped(&c)), dodge, surges],
                ..c
            },
        }
    }

    /// Attack `i` on the unit as `c` leaves it: the unit's minis left (re-read, so that Spray
    /// counts them), its wound tokens, its suppression and its tokens.
    fn scenario(&self, i: usize, c: Carried) -> Result<Scenario, Error> {
        let mut s = match self.unit {
            Some((w, m, k)) if self.spray[i] && (k + c.wounds) / w > 0 => {
                let left = m - (k + c.wounds) / w;
                let defender = format!("{}, minis {left}, wounded 0", self.defender);
                let s = read(self.attackers[i], &defender, self.guardian, self.cards);
                chosen(s.map_err(|e| in_attack(e, i))?, self.choices)
            }
            _ => self.first[i].clone(),
        };
        if let Some((w, _, k)) = self.unit {
            s.defender.wounded = (k + c.wounds) % w;
        }
        s.defender.suppression = self.met(c.suppression);
        s.defender.dodge = c.dodge;
        s.defender.shielded = c.shields;
        s.defender.surge_tokens = c.surges;
        match self.carry().guardian_wiped(&c) {
            true => s.guardian = None,
            false => {
                if let Some(g) = s.guardian.as_mut() {
                    [_, g.dodge, g.surge_tokens] = c.guardian;
                }
            }
        }
        Ok(s)
    }

    /// The suppression an attack meets when the unit holds `carried` tokens more than it started
    /// with, no more than [`Planner::bound`]: past it every attack meets the unit alike.
    fn met(&self, carried: u32) -> u32 {
        (self.first[0].defender.suppression)
            .saturating_add(carried)
            .min(self.bound)
    }

    /// How outcomes move the unit.
    fn carry(&self) -> Carry {
        Carry {
            capacity: self.capacity(),
            guardian_capacity: self.guardian_capacity,
            nimble: self.first[0].defender.nimble,
        }
    }

    /// The unit before the first attack.
    fn start(&self) -> Carried {
        let (d, g) = (&self.first[0].defender, &self.guardian_unit);
        Carried {
            wounds: 0,
            suppression: 0,
            dodge: d.dodge,
            shields: d.shielded,
            surges: d.surge_tokens,
            guardian: g.as_ref().map_or([0; 3], |g| [0, g.dodge, g.surge_tokens]),
        }
    }

    /// The sequence: under the optimal policy, as planned for its whole objective; otherwise
    /// each attack as its policy plays it.
    fn answer(&self, gained: SuppressionGained) -> Result<LegionSequence, Error> {
        match self.choices.policy {
            Policy::Optimal => self.run(gained, Some(&self.plan(gained)?)),
            Policy::Greedy => self.run(gained, None),
        }
    }

    /// The attacks in order over the unit's states, as integer weights over one denominator
    /// (each attack's outcomes brought to a common one first): no fraction is reduced on the way.
    /// A state `plan` has no step for (none, or its objective decided) meets the attack its
    /// policy makes once per [`Key`] (greedy, once an optimal plan's objective is decided).
    fn run(&self, gained: SuppressionGained, plan: Option<&Plan>) -> Result<LegionSequence, Error> {
        let carry = self.carry();
        let mut states: BTreeMap<Carried, BigUint> =
            BTreeMap::from([(self.start(), BigUint::one())]);
        let mut denominator = BigUint::one();
        let mut attacks = Vec::with_capacity(self.first.len());
        let mut notes: Vec<Message> = Vec::new();
        let mut made: HashMap<Key, Step> = HashMap::new();
        for i in 0..self.first.len() {
            let gives = Gives::of(&self.first[i], gained);
            let planned = |c: &Carried| plan.and_then(|p| p.step(i, c));
            // The attack each state meets not planned (none once the unit is wiped), made once.
            let mut keys: Vec<Option<Key>> = Vec::with_capacity(states.len());
            for c in states.keys() {
                let key = (!carry.wiped(c) && planned(c).is_none()).then(|| self.key(i, *c));
                if let Some(key) = key.filter(|k| !made.contains_key(k)) {
                    let s = self.scenario(i, *c)?;
                    let play = match plan {
                        Some(_) => Play::Greedy,
                        None => Play::of(&s)?,
                    };
                    let step = Step::of(&s, gives, &play).map_err(|e| in_attack(e, i))?;
                    notes.extend(step.notes.iter().cloned());
                    made.insert(key, step);
                }
                keys.push(key);
            }
            let steps: Vec<Option<&Step>> = (states.keys().zip(&keys))
                .map(|(c, key)| key.map(|k| &made[&k]).or_else(|| planned(c)))
                .collect();
            let (next, dealt, wiped_by, common) = carry.over(&states, &steps);
            denominator *= &common;
            attacks.push(SequenceAttack {
                wounds: dist(dealt),
                wiped_by: carry.capacity.map(|_| ratio(wiped_by, &denominator)),
            });
            states = next;
        }
        if let Some(p) = plan {
            notes.extend(p.notes());
        }
        Ok(self.finish(&states, attacks, notes))
    }

    /// The sequence's totals from the states the last attack leaves.
    fn finish(
        &self,
        states: &BTreeMap<Carried, BigUint>,
        attacks: Vec<SequenceAttack>,
        mut notes: Vec<Message>,
    ) -> LegionSequence {
        let d = &self.first[0].defender;
        let total = |f: fn(&Carried) -> u32| {
            let mut by: BTreeMap<i64, BigUint> = BTreeMap::new();
            for (c, p) in states {
                add(&mut by, i64::from(f(c)), p.clone());
            }
            dist(by)
        };
        let wounds = total(|c| c.wounds);
        let guardian_wounds = (self.guardian_unit.as_ref()).map(|_| total(|c| c.guardian[0]));
        let suppression = total(|c| c.suppression).map(|s| s + i64::from(d.suppression));
        let at_least = |k: Option<u32>| match k {
            Some(k) => suppression.at_least(i64::from(k)),
            None => BigRational::zero(),
        };
        let mut seen = std::collections::HashSet::new();
        notes.retain(|n| seen.insert(n.clone()));
        let g = self.guardian_unit.as_ref();
        LegionSequence {
            losses: losses(&wounds, d),
            guardian_losses: g
                .zip(guardian_wounds.as_ref())
                .and_then(|(g, w)| losses(w, g)),
            guardian_wounds,
            suppressed: at_least(d.courage),
            panicked: at_least(d.courage.map(|c| c.saturating_mul(2))),
            wounds,
            suppression,
            attacks,
            notes,
        }
    }
}

/// What an attack reads of the unit: its kind, the minis the unit has lost (with Spray), the
/// wound tokens on its mini (against Vaapad), and of the rest of the unit's state the
/// suppression it meets, its tokens, whether its guardian is wiped and the guardian's tokens.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
struct Key {
    kind: usize,
    minis: u32,
    wound_tokens: u32,
    unit: Carried,
}

/// An error of attack `i` (from 0), saying which attack it is.
fn in_attack(e: Error, i: usize) -> Error {
    let place = format!("attack {}", i + 1);
    match e {
        Error::Spec {
            role,
            item,
            message,
        } if role == "attacker" => Error::Spec {
            role: format!("{place}: attacker"),
            item,
            message,
        },
        other => other.within(&place),
    }
}

/// Attack `attacker` on `defender`, guarded by `guardian` when the attack is ranged (a guardian
/// guards against no other).
fn read(
    attacker: &str,
    defender: &str,
    guardian: Option<&str>,
    cards: &Cards,
) -> Result<Scenario, Error> {
    let alone = Scenario::parse_with(attacker, defender, None, cards)?;
    match (guardian, alone.attacker.melee || alone.attacker.overrun) {
        (Some(g), false) => Scenario::parse_with(attacker, defender, Some(g), cards),
        _ => Ok(alone),
    }
}

/// The scenario under the sequence's edition and policy. Under the optimal policy the
/// objective is the whole sequence's, which each attack is given as its own goal: its own
/// objective is only what its estimate reads.
fn chosen(s: Scenario, choices: &Scenario) -> Scenario {
    Scenario {
        edition: choices.edition,
        policy: choices.policy,
        objective: match choices.policy {
            Policy::Optimal => Objective::Mean,
            Policy::Greedy => choices.objective,
        },
        ..s
    }
}

/// `w / denominator` as a probability.
fn ratio(w: BigUint, denominator: &BigUint) -> BigRational {
    BigRational::new(w.into(), denominator.clone().into())
}

/// The distribution of integer weights (states always hold some).
fn dist(by: BTreeMap<i64, BigUint>) -> Dist {
    Dist::from_pairs(by).unwrap_or_else(|| Dist::constant(0))
}
