//! Choices made as a unit attacks or is attacked (`choose: Accuracy 1 / Critical Hit 2 / Fury 3
//! and Overkill`): each combination of options is an attack of its own, and the policy takes
//! one. The greedy policy's fixed rule: the attacker takes the option with the most expected
//! damage counters on the defender, the defender the least (first listed on a tie). The
//! optimal policy takes the best for `--objective`: the attacker maximises it, the defender
//! minimises it, each attack on its own (a Double Strike's second attack chooses again, from
//! where the first left it).

use super::{Attack, Made, Scenario};
use crate::error::Error;
use crate::policy::{Objective, Policy};
use crate::swtcg::unit::Unit;
use num_rational::BigRational;
use std::cmp::Ordering;

/// The most option combinations one attack may evaluate (each is an attack of its own).
pub const MAX_COMBINATIONS: usize = 64;

/// The option a unit took, for the reader.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Chosen {
    /// `attacker` or `defender`.
    pub role: &'static str,
    /// The option taken, as a SPEC writes it.
    pub option: String,
    /// Every option it could take, in order.
    pub options: Vec<String>,
}

/// One combination of a unit's options: the unit with them added, and what it chose.
type Combination = (Unit, Vec<Chosen>);

/// A scenario with every unit's options taken, and what each took.
pub(super) type Taken = (Scenario, Vec<Chosen>);

/// Every combination of `unit`'s options, its choices removed (a unit without any: itself).
fn combinations(unit: &Unit, role: &'static str) -> Vec<Combination> {
    let base = Unit {
        choices: Vec::new(),
        ..unit.clone()
    };
    let mut out: Vec<Combination> = vec![(base, Vec::new())];
    for options in &unit.choices {
        let names: Vec<String> = options.iter().map(Unit::describe_option).collect();
        out = out
            .into_iter()
            .flat_map(|(u, taken)| {
                let names = &names;
                options.iter().zip(names).map(move |(o, name)| {
                    let mut u = u.clone();
                    u.append(o, None);
                    let mut taken = taken.clone();
                    taken.push(Chosen {
                        role,
                        option: name.clone(),
                        options: names.clone(),
                    });
                    (u, taken)
                })
            })
            .collect();
    }
    out
}

/// Whether any unit of `s` chooses as it attacks or is attacked.
pub(super) fn any(s: &Scenario) -> bool {
    let others = s.interceptor.iter().chain(&s.secondary);
    [&s.attacker, &s.defender]
        .into_iter()
        .chain(others)
        .any(|u| !u.choices.is_empty())
}

/// The scenario of each combination of the units' options, grouped by the attacker's option:
/// the defending side's (the defender's and the interceptor's, which may become the defending
/// unit) within each; refused past [`MAX_COMBINATIONS`], and for a secondary unit, which is
/// not attacked.
pub(super) fn all(s: &Scenario) -> Result<Vec<Vec<Taken>>, Error> {
    if s.secondary.as_ref().is_some_and(|u| !u.choices.is_empty()) {
        return Err(Error::input(
            "the secondary unit's SPEC has 'choose:', which is taken as a unit attacks or is \
             attacked: the secondary unit is neither, so write the option that applies instead",
        ));
    }
    let att = combinations(&s.attacker, "attacker");
    let def = combinations(&s.defender, "defender");
    let int: Vec<Option<Combination>> = match &s.interceptor {
        Some(i) => combinations(i, "interceptor")
            .into_iter()
            .map(Some)
            .collect(),
        None => vec![None],
    };
    let count = att
        .len()
        .saturating_mul(def.len())
        .saturating_mul(int.len());
    if count > MAX_COMBINATIONS {
        return Err(Error::too_large(format!(
            "the units' choices make {count} combinations of options to evaluate, over the \
             limit of {MAX_COMBINATIONS}: write the options taken instead"
        )));
    }
    Ok(att
        .iter()
        .map(|(a, a_taken)| {
            let mut row = Vec::new();
            for (d, d_taken) in &def {
                for i in &int {
                    let mut taken = a_taken.clone();
                    taken.extend(d_taken.iter().cloned());
                    taken.extend(i.iter().flat_map(|i| i.1.iter().cloned()));
                    let scenario = Scenario {
                        attacker: a.clone(),
                        defender: d.clone(),
                        interceptor: i.as_ref().map(|i| i.0.clone()).or(s.interceptor.clone()),
                        ..s.clone()
                    };
                    row.push((scenario, taken));
                }
            }
            row
        })
        .collect())
}

/// The attack with each unit's choice taken by the policy: the attacker's option best against
/// the defending side's best answer to it. `attack(t, both)` makes the attack of a scenario
/// without choices, with the second attack a Double Strike allows when `both`: the optimal
/// policy weighs a first attack's option by both attacks (when only the attacker chooses, and
/// the attack is not one of a sequence's, `made`), as the second then takes the best option
/// from where the first left it.
pub(super) fn choose(
    s: &Scenario,
    made: Made,
    attack: impl Fn(&Scenario, bool) -> Result<Attack, Error>,
) -> Result<(Scenario, Vec<Chosen>), Error> {
    let rows = all(s)?;
    let defending = [&s.defender].into_iter().chain(&s.interceptor);
    let only_attacker = defending.into_iter().all(|u| u.choices.is_empty());
    let both = s.policy == Policy::Optimal && made == Made::OnItsOwn && only_attacker;
    let mut best: Option<(BigRational, &Taken)> = None;
    let mut illegal = None;
    for row in &rows {
        let mut worst: Option<(BigRational, &Taken)> = None;
        for cell in row {
            // An option under which the attack can't be made (it leaves a unit discarded before
            // it starts) is no option.
            let w = match attack(&cell.0, both) {
                Err(e @ Error::Illegal(_)) => {
                    illegal = Some(e);
                    continue;
                }
                a => worth(&a?, s.policy, s.objective),
            };
            if worst
                .as_ref()
                .is_none_or(|(v, _)| w.cmp(v) == Ordering::Less)
            {
                worst = Some((w, cell));
            }
        }
        let Some((w, cell)) = worst else {
            continue;
        };
        if best
            .as_ref()
            .is_none_or(|(v, _)| w.cmp(v) == Ordering::Greater)
        {
            best = Some((w, cell));
        }
    }
    match best {
        Some((_, (scenario, chosen))) => Ok((scenario.clone(), chosen.clone())),
        None => Err(illegal.expect("every combination was refused as illegal")),
    }
}

/// What the policy weighs an attack by: expected counters (greedy), or the objective, over
/// both attacks where a second one follows.
fn worth(a: &Attack, policy: Policy, objective: Objective) -> BigRational {
    if let (Some(f), Policy::Optimal) = (&a.follow_up, policy) {
        return match objective {
            Objective::Mean => f.counters.mean(),
            Objective::Destroy => f.destroyed.clone().unwrap_or_else(|| f.counters.mean()),
            Objective::AtLeast(k) => f.counters.at_least(k),
        };
    }
    match (policy, objective) {
        (Policy::Greedy, _) | (Policy::Optimal, Objective::Mean) => a.damage.mean(),
        (Policy::Optimal, Objective::Destroy) => {
            a.destroyed.clone().unwrap_or_else(|| a.damage.mean())
        }
        (Policy::Optimal, Objective::AtLeast(k)) => a.damage.at_least(k),
    }
}

/// The rule the policy chose by, for the reader.
pub fn rule(policy: Policy, objective: Objective) -> String {
    match (policy, objective) {
        (Policy::Greedy, _) => "the greedy policy takes the option with the most expected \
                                damage counters on the defender (the defender the fewest)"
            .into(),
        (Policy::Optimal, o) => format!(
            "the optimal policy takes the option best for the objective {} (the defender the \
             worst for it), over both attacks of a Double Strike or Tenacity",
            o.name()
        ),
    }
}
