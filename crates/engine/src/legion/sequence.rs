//! Several Legion attacks on one defending unit, in order, exactly: each attack meets the unit as
//! the attacks before it left it. What carries is the wounds it has taken (a wound token on its
//! current mini, the minis it has left; a wiped unit takes no more) and its suppression tokens
//! (a ranged attack gives one, Suppressive one more), which raise its cover once it is
//! suppressed and give Danger Sense its dice. Each attack is `legion attack` itself, made once
//! for every state the unit can be in when it comes.

use super::attack::{attack, cost, MAX_OPTIMAL_WORK};
use super::cards::Cards;
use super::minis::losses;
use super::scenario::Scenario;
use crate::dist::Dist;
use crate::error::{Error, Input, Message};
use num_rational::BigRational;
use num_traits::{One, Zero};
use std::collections::{BTreeMap, HashMap};

/// The most attacks one sequence makes.
pub const MAX_ATTACKS: usize = 12;

/// The most work one sequence may take: each attack's estimate, times the states the unit may
/// be in when it comes, summed before any attack is made (as much as one optimal attack may).
pub const MAX_SEQUENCE_WORK: u64 = MAX_OPTIMAL_WORK;

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
    pub minis_defeated: Option<Dist>,
    pub wiped: Option<BigRational>,
    /// Suppression tokens on the unit after the last attack (those it started with included).
    pub suppression: Dist,
    /// The chance its suppression reaches its courage, and twice its courage (it panics); never
    /// for a unit without courage.
    pub suppressed: BigRational,
    pub panicked: BigRational,
    pub attacks: Vec<SequenceAttack>,
    /// What the computation assumed or ignored, each line once.
    pub notes: Vec<String>,
}

/// One attack of a sequence, as the unit met it.
#[derive(Debug, Clone)]
pub struct SequenceAttack {
    /// Wounds this attack deals the unit (none once it is wiped).
    pub wounds: Dist,
    /// The chance this attack wipes the unit, when its wounds per mini are known.
    pub wiped_by: Option<BigRational>,
}

/// What one attack finds of the unit: the wounds it has taken and its suppression tokens.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
struct Carried {
    wounds: u32,
    suppression: u32,
}

/// The attacks `attackers` make in order on the unit `defender` (SPECs naming `cards`), under
/// `choices`' edition, policy and objective (each attack's own). Refused before any attack is
/// made past [`MAX_ATTACKS`] or [`MAX_SEQUENCE_WORK`], or when the defender holds what a
/// sequence does not carry yet (dodge, shield and surge tokens).
///
/// ```
/// use holodice_engine::legion::cards::Cards;
/// use holodice_engine::legion::sequence::{sequence, SuppressionGained};
/// use holodice_engine::legion::Scenario;
/// let choices = Scenario::parse("1 red", "white defense", None).unwrap();
/// let two = ["1 red, melee", "1 red, melee"];
/// let s = sequence(&two, "white defense, wounds 1, minis 2", Cards::builtin(), &choices,
///     SuppressionGained::Hits).unwrap();
/// // Each red die wounds with 6/8 × 5/6 = 5/8: both minis fall with (5/8)².
/// assert_eq!(s.wiped.unwrap().to_string(), "25/64");
/// ```
pub fn sequence(
    attackers: &[&str],
    defender: &str,
    cards: &Cards,
    choices: &Scenario,
    gained: SuppressionGained,
) -> Result<LegionSequence, Error> {
    check_count(attackers)?;
    let planner = Planner::new(attackers, defender, cards, choices)?;
    planner.work()?;
    planner.run(gained)
}

/// The work [`sequence`] takes, estimated (and refused past its limits) before any attack is
/// made: what a server schedules the sequence by.
pub fn estimate(
    attackers: &[&str],
    defender: &str,
    cards: &Cards,
    choices: &Scenario,
) -> Result<u64, Error> {
    check_count(attackers)?;
    Planner::new(attackers, defender, cards, choices)?.work()
}

/// 1 to [`MAX_ATTACKS`] attacks.
fn check_count(attackers: &[&str]) -> Result<(), Error> {
    match attackers.is_empty() || attackers.len() > MAX_ATTACKS {
        true => Err(Error::too_large(Message::about(Input::Attacker).text(
            format!(
                "a sequence holds 1 to {MAX_ATTACKS} attacks, not {}",
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
    cards: &'a Cards,
    choices: &'a Scenario,
    /// Each attack as its SPECs give it, on the unit before any attack.
    first: Vec<Scenario>,
    /// Wounds per mini, minis and wound tokens at the start, when the wounds are known.
    unit: Option<(u32, u32, u32)>,
}

impl<'a> Planner<'a> {
    fn new(
        attackers: &'a [&'a str],
        defender: &'a str,
        cards: &'a Cards,
        choices: &'a Scenario,
    ) -> Result<Planner<'a>, Error> {
        let first = (attackers.iter().enumerate())
            .map(|(i, a)| {
                let s = Scenario::parse_with(a, defender, None, cards);
                s.map(|s| chosen(s, choices)).map_err(|e| in_attack(e, i))
            })
            .collect::<Result<Vec<_>, _>>()?;
        let d = &first[0].defender;
        for (held, what) in [
            (d.dodge, "dodge tokens"),
            (d.shielded, "Shielded tokens"),
            (d.surge_tokens, "surge tokens"),
        ] {
            if held > 0 {
                return Err(Error::input(Message::about(Input::Defender).text(format!(
                    "legion sequence does not yet carry the defender's {what} from one attack \
                     to the next: leave them out, or ask each attack alone with legion attack"
                ))));
            }
        }
        let unit = d.wounds.map(|w| (w, d.minis.unwrap_or(1), d.wounded));
        Ok(Planner {
            attackers,
            defender,
            cards,
            choices,
            first,
            unit,
        })
    }

    /// The wounds that wipe the unit; `None` when its wounds per mini are not known.
    fn capacity(&self) -> Option<u32> {
        self.unit.map(|(w, m, k)| (w * m).saturating_sub(k))
    }

    /// Each attack's estimate times the states it may meet, summed: refused past the limit.
    fn work(&self) -> Result<u64, Error> {
        let wounds_states = u64::from(self.capacity().map_or(0, |c| c) + 1);
        let mut work = 0u64;
        for (i, s) in self.first.iter().enumerate() {
            // Each earlier attack gives at most 2 suppression tokens.
            let suppression_states = 2 * i as u64 + 1;
            let states = wounds_states.saturating_mul(suppression_states);
            let each = cost(s).map_err(|e| in_attack(e, i))?;
            work = work.saturating_add(each.saturating_mul(states));
        }
        if work > MAX_SEQUENCE_WORK {
            return Err(Error::too_large(Message::about(Input::Attacker).text(
                format!(
                    "these attacks, each made for every state the unit may be in when it comes, \
                 take about {work} units of work, over the limit of {MAX_SEQUENCE_WORK} for one \
                 sequence: give fewer or smaller attacks"
                ),
            )));
        }
        Ok(work)
    }

    /// Attack `i` on the unit as `c` leaves it: the unit's minis left (re-read, so that Spray
    /// counts them), its wound tokens and its suppression.
    fn scenario(&self, i: usize, c: Carried) -> Result<Scenario, Error> {
        let mut s = match self.unit {
            Some((w, m, k)) if (k + c.wounds) / w > 0 => {
                let left = m - (k + c.wounds) / w;
                let defender = format!("{}, minis {left}, wounded 0", self.defender);
                let s = Scenario::parse_with(self.attackers[i], &defender, None, self.cards);
                chosen(s.map_err(|e| in_attack(e, i))?, self.choices)
            }
            _ => self.first[i].clone(),
        };
        if let Some((w, _, k)) = self.unit {
            s.defender.wounded = (k + c.wounds) % w;
        }
        s.defender.suppression = s.defender.suppression.saturating_add(c.suppression);
        Ok(s)
    }

    fn run(&self, gained: SuppressionGained) -> Result<LegionSequence, Error> {
        let capacity = self.capacity();
        let start = Carried {
            wounds: 0,
            suppression: 0,
        };
        let mut states: BTreeMap<Carried, BigRational> = BTreeMap::from([(start, one())]);
        let mut attacks = Vec::with_capacity(self.first.len());
        let mut notes: Vec<String> = Vec::new();
        for i in 0..self.first.len() {
            let mut next: BTreeMap<Carried, BigRational> = BTreeMap::new();
            let mut dealt: BTreeMap<i64, BigRational> = BTreeMap::new();
            let mut wiped_by = BigRational::zero();
            let mut made: HashMap<Carried, Step> = HashMap::new();
            for (c, p) in &states {
                if capacity.is_some_and(|cap| c.wounds >= cap) {
                    add(&mut next, *c, p.clone());
                    add(&mut dealt, 0, p.clone());
                    continue;
                }
                let key = Carried {
                    wounds: self.unit.map_or(0, |_| c.wounds),
                    ..*c
                };
                if let std::collections::hash_map::Entry::Vacant(e) = made.entry(key) {
                    let s = self.scenario(i, *c)?;
                    let step = Step::of(&s, gained).map_err(|e| in_attack(e, i))?;
                    notes.extend(step.notes.iter().cloned());
                    e.insert(step);
                }
                let step = &made[&key];
                for (w, q, tokens) in step.outcomes() {
                    let w = capacity.map_or(w, |cap| w.min(cap - c.wounds));
                    let to = Carried {
                        wounds: c.wounds + w,
                        suppression: c.suppression + tokens,
                    };
                    let weight = p * q;
                    if capacity.is_some_and(|cap| to.wounds >= cap) {
                        wiped_by += &weight;
                    }
                    add(&mut dealt, i64::from(w), weight.clone());
                    add(&mut next, to, weight);
                }
            }
            attacks.push(SequenceAttack {
                wounds: dist(dealt),
                wiped_by: capacity.map(|_| wiped_by),
            });
            states = next;
        }
        Ok(self.finish(&states, attacks, notes))
    }

    /// The sequence's totals from the states the last attack leaves.
    fn finish(
        &self,
        states: &BTreeMap<Carried, BigRational>,
        attacks: Vec<SequenceAttack>,
        mut notes: Vec<String>,
    ) -> LegionSequence {
        let d = &self.first[0].defender;
        let total = |f: fn(&Carried) -> u32| {
            let mut by: BTreeMap<i64, BigRational> = BTreeMap::new();
            for (c, p) in states {
                add(&mut by, i64::from(f(c)), p.clone());
            }
            dist(by)
        };
        let wounds = total(|c| c.wounds);
        let suppression = total(|c| c.suppression).map(|s| s + i64::from(d.suppression));
        let at_least = |k: Option<u32>| match k {
            Some(k) => suppression.at_least(i64::from(k)),
            None => BigRational::zero(),
        };
        let lost = losses(&wounds, d);
        let mut seen = std::collections::HashSet::new();
        notes.retain(|n| seen.insert(n.clone()));
        LegionSequence {
            minis_defeated: lost.as_ref().map(|l| l.minis_defeated.clone()),
            wiped: lost.map(|l| l.wiped),
            suppressed: at_least(d.courage),
            panicked: at_least(d.courage.map(|c| c.saturating_mul(2))),
            wounds,
            suppression,
            attacks,
            notes,
        }
    }
}

/// One attack made on the unit in one state: its wounds, the chance its roll held no hit or
/// crit, and the suppression tokens it gives.
struct Step {
    wounds: Dist,
    no_results: BigRational,
    ranged: bool,
    suppressive: bool,
    gained: SuppressionGained,
    notes: Vec<String>,
}

impl Step {
    fn of(s: &Scenario, gained: SuppressionGained) -> Result<Step, Error> {
        let a = attack(s)?;
        Ok(Step {
            no_results: a.attack_results.prob(0),
            wounds: a.wounds,
            ranged: !s.attacker.melee && !s.attacker.overrun,
            suppressive: s.attacker.suppressive,
            gained,
            notes: a.notes,
        })
    }

    /// (wounds, probability, suppression tokens given). A wound needs a hit or crit in the
    /// roll, so only "no wound" splits into a roll without results (no token under the `hits`
    /// reading) and one with them.
    fn outcomes(&self) -> Vec<(u32, BigRational, u32)> {
        let extra = u32::from(self.ranged && self.suppressive);
        let mut out = Vec::new();
        for (w, q) in self.wounds.pmf() {
            let w = u32::try_from(w).unwrap_or(0);
            let token = |given: bool| u32::from(self.ranged && given) + extra;
            match (w, self.gained) {
                (0, SuppressionGained::Hits) if self.ranged => {
                    let without = self.no_results.clone().min(q.clone());
                    let with = &q - &without;
                    out.push((0, without, token(false)));
                    out.push((0, with, token(true)));
                }
                _ => out.push((w, q, token(true))),
            }
        }
        out.retain(|(_, q, _)| !q.is_zero());
        out
    }
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

/// The scenario under the sequence's edition, policy and objective.
fn chosen(s: Scenario, choices: &Scenario) -> Scenario {
    Scenario {
        edition: choices.edition,
        policy: choices.policy,
        objective: choices.objective,
        ..s
    }
}

fn one() -> BigRational {
    BigRational::one()
}

fn add<K: Ord>(to: &mut BTreeMap<K, BigRational>, k: K, p: BigRational) {
    *to.entry(k).or_insert_with(BigRational::zero) += p;
}

/// The distribution of exact probabilities that sum to one (states always hold some).
fn dist(by: BTreeMap<i64, BigRational>) -> Dist {
    Dist::from_probs(by).unwrap_or_else(|| Dist::constant(0))
}
