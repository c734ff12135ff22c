//! What an attack depends on besides the dice.

use super::super::keywords::Keyword;
use super::super::keywords::Mode;
use super::super::rules::Rules;
use super::super::state::Role;
use super::super::unit::Unit;
use crate::error::{Error, Input, Message};
use crate::policy::{Objective, Policy};

/// Everything one attack depends on besides the dice.
#[derive(Debug, Clone, Default)]
pub struct Scenario {
    /// The attacking unit.
    pub attacker: Unit,
    /// The unit attacked.
    pub defender: Unit,
    /// Another unit in the defender's arena: Overkill's and Area Damage's target.
    pub secondary: Option<Unit>,
    /// A unit that may take the attack (Intercept, or the defender's Redirect).
    pub interceptor: Option<Unit>,
    /// An attack into the other arena (Bombard, Ion Cannon).
    pub mode: Option<Mode>,
    /// How Lucky's re-rolls and the units' choices (`choose:`) are picked.
    pub policy: Policy,
    /// What the optimal policy maximises for the attacker.
    pub objective: Objective,
    /// The rule options in force.
    pub rules: Rules,
    /// Power the attacker carries from earlier attacks (sequences): Focus, Absorb, Surge, Stun.
    pub carried_power: i64,
}

impl Scenario {
    /// The scenario with each unit's state-reading items settled ([`Unit::in_state`]): the
    /// attacker's as it attacks, the others' as they are attacked or take damage.
    pub(crate) fn in_state(&self) -> Result<Scenario, Error> {
        let plain = [&self.attacker, &self.defender]
            .into_iter()
            .chain(&self.secondary)
            .chain(&self.interceptor)
            .all(|u| u.stateful.is_empty() && u.x.is_none() && u.strips.is_empty());
        if plain {
            return Ok(self.clone());
        }
        let settle = |u: &Unit, role: &str, as_: Role| {
            u.in_state(as_)
                .map_err(|m| Error::input(format!("the {role} SPEC: {m}")))
        };
        let other = |u: &Option<Unit>, role: &str| {
            u.as_ref()
                .map(|u| settle(u, role, Role::Defending))
                .transpose()
        };
        let attacker = settle(&self.attacker, "attacker", Role::Attacking)?;
        let mut defender = settle(&self.defender, "defender", Role::Defending)?;
        let mut interceptor = other(&self.interceptor, "interceptor")?;
        lose(&mut defender, &self.attacker.strips, "defender");
        if let Some(i) = interceptor.as_mut() {
            lose(i, &self.attacker.strips, "interceptor");
        }
        let mut settled = Scenario {
            attacker,
            defender,
            secondary: other(&self.secondary, "secondary")?,
            interceptor,
            ..self.clone()
        };
        // The defending unit makes the attacker lose its keywords: the interceptor when the
        // attack moves to it (it "becomes the defending unit"), the defender otherwise.
        let moved = super::declare::intercept(&settled, &mut Vec::new()).is_ok_and(|(_, m)| m);
        let strips = match (&self.interceptor, moved) {
            (Some(i), true) => &i.strips,
            _ => &self.defender.strips,
        };
        lose(&mut settled.attacker, strips, "attacker");
        Ok(settled)
    }

    /// An ordinary attack of `attacker` on `defender`.
    pub fn new(attacker: Unit, defender: Unit, rules: Rules) -> Scenario {
        Scenario {
            attacker,
            defender,
            rules,
            ..Scenario::default()
        }
    }
}

/// Parses `mean`, `destroy` or `atleast:K`: what the optimal re-roll policy maximises for the
/// attacker (and minimises for the defender).
///
/// ```
/// use holodice_engine::policy::Objective;
/// use holodice_engine::swtcg::attack::objective;
/// assert_eq!(objective("atleast:3").unwrap(), Objective::AtLeast(3));
/// assert!(objective("max").is_err());
/// ```
pub fn objective(text: &str) -> Result<Objective, Error> {
    let t = text.trim().to_lowercase();
    match t.as_str() {
        "mean" => return Ok(Objective::Mean),
        "destroy" => return Ok(Objective::Destroy),
        _ => {}
    }
    t.strip_prefix("atleast:")
        .and_then(|k| k.trim().parse::<i64>().ok())
        .filter(|k| *k >= 0)
        .map(Objective::AtLeast)
        .ok_or_else(|| {
            Error::input(Message::flag(Input::Objective).text(format!(
                " '{text}': use mean, destroy or atleast:K (K a whole number, as in atleast:3)"
            )))
        })
}

/// `unit` without the keywords its opponent makes it lose for the attack, said in a note.
fn lose(unit: &mut Unit, keywords: &[&'static Keyword], role: &str) {
    if keywords.is_empty() {
        return;
    }
    let before = unit.items.len();
    unit.items
        .retain(|i| !keywords.iter().any(|k| std::ptr::eq(*k, i.keyword)));
    let names: Vec<&str> = keywords.iter().map(|k| k.name.as_str()).collect();
    let note = format!(
        "the {role} loses {} for this attack{}",
        names.join(" and "),
        if unit.items.len() == before {
            " (it has none)"
        } else {
            ""
        }
    );
    unit.notes.push(note.into());
}
