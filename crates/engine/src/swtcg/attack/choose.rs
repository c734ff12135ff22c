//! Choices made as a unit attacks or is attacked (`choose: Accuracy 1 / Critical Hit 2 / Fury 3
//! and Overkill`): each combination of options is an attack of its own, and the policy takes
//! one. The greedy policy's fixed rule: the attacker takes the option with the most expected
//! damage counters on the defender, the defender the least (first listed on a tie). The
//! optimal policy takes the best for `--objective`: the attacker maximises it, the defender
//! minimises it, each attack on its own (a Double Strike's second attack chooses again, from
//! where the first left it).

use super::{Attack, Scenario};
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
type Combination = (Unit, Vec<(String, Vec<String>)>);

/// Every combination of `unit`'s options, its choices removed (a unit without any: itself).
pub(super) fn combinations(unit: &Unit) -> Vec<Combination> {
    let base = Unit {
        choices: Vec::new(),
        ..unit.clone()
    };
    let mut out: Vec<Combination> = vec![(base, Vec::new())];
    for options in &unit.choices {
        let names: Vec<String> = options.iter().map(describe_option).collect();
        out = out
            .into_iter()
            .flat_map(|(u, taken)| {
                let names = &names;
                options.iter().zip(names).map(move |(o, name)| {
                    let mut u = u.clone();
                    u.append(o, None);
                    let mut taken = taken.clone();
                    taken.push((name.clone(), names.clone()));
                    (u, taken)
                })
            })
            .collect();
    }
    out
}

/// An option as `choose:` writes it.
pub(super) fn describe_option(option: &Unit) -> String {
    option.describe().replace(", ", " and ")
}

/// The combinations of both units, refused past [`MAX_COMBINATIONS`].
pub(super) fn all(s: &Scenario) -> Result<(Vec<Combination>, Vec<Combination>), Error> {
    let (att, def) = (combinations(&s.attacker), combinations(&s.defender));
    if att.len().saturating_mul(def.len()) > MAX_COMBINATIONS {
        return Err(Error::too_large(format!(
            "the units' choices make {} combinations of options to evaluate, over the limit of \
             {MAX_COMBINATIONS}: write the options taken instead",
            att.len() * def.len()
        )));
    }
    Ok((att, def))
}

/// The attack with each unit's choice taken by the policy: the attacker's option best against
/// the defender's best answer to it. `attack(t, both)` makes the attack of a scenario without
/// choices, with the second attack a Double Strike allows when `both`: the optimal policy
/// weighs a first attack's option by both attacks (when only the attacker chooses), as the
/// second then takes the best option from where the first left it.
pub(super) fn choose(
    s: &Scenario,
    attack: impl Fn(&Scenario, bool) -> Result<Attack, Error>,
) -> Result<(Scenario, Vec<Chosen>), Error> {
    let (att, def) = all(s)?;
    let both = s.policy == Policy::Optimal && !s.alone && s.defender.choices.is_empty();
    let mut best: Option<(BigRational, usize, usize)> = None;
    for (i, (a, _)) in att.iter().enumerate() {
        let mut worst: Option<(BigRational, usize)> = None;
        for (j, (d, _)) in def.iter().enumerate() {
            let trial = Scenario {
                attacker: a.clone(),
                defender: d.clone(),
                alone: true,
                ..s.clone()
            };
            let w = worth(&attack(&trial, both)?, s.policy, s.objective);
            if worst
                .as_ref()
                .is_none_or(|(v, _)| w.cmp(v) == Ordering::Less)
            {
                worst = Some((w, j));
            }
        }
        let (w, j) = worst.expect("a unit has one combination at least");
        if best
            .as_ref()
            .is_none_or(|(v, _, _)| w.cmp(v) == Ordering::Greater)
        {
            best = Some((w, i, j));
        }
    }
    let (_, i, j) = best.expect("a unit has one combination at least");
    let mut chosen = Vec::new();
    for (role, taken) in [("attacker", &att[i].1), ("defender", &def[j].1)] {
        for (option, options) in taken {
            chosen.push(Chosen {
                role,
                option: option.clone(),
                options: options.clone(),
            });
        }
    }
    let scenario = Scenario {
        attacker: att[i].0.clone(),
        defender: def[j].0.clone(),
        ..s.clone()
    };
    Ok((scenario, chosen))
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
