//! Legion's attack as the features over both games use it.

use super::{Game, Simulated, Tabulated};
use super::{Options, Target};
use crate::dist::Dist;
use crate::error::{Error, Input, Message};
use crate::legion::attack::{self, LegionAttack};
use crate::legion::items::{name_of, roles_of, Role};
use crate::legion::Scenario;
use crate::policy::Objective;
use crate::sim::{simulate_legion, Samples};
use crate::vocabulary::Vocabulary;
use num_rational::BigRational;

/// Star Wars: Legion.
pub struct Legion;

impl Game for Legion {
    const NAME: &'static str = "Legion";

    fn vocabulary() -> &'static Vocabulary {
        Vocabulary::legion()
    }
    type Query = Scenario;
    type Outcome = LegionAttack;

    /// `mean`, `atleast:K`, or `wipe` (a sequence's chance to wipe the unit: one attack refuses it).
    fn objective(text: &str) -> Result<Objective, Error> {
        let t = text.trim().to_lowercase();
        match t.as_str() {
            "mean" => return Ok(Objective::Mean),
            "wipe" => return Ok(Objective::Destroy),
            _ => {}
        }
        t.strip_prefix("atleast:")
            .and_then(|k| k.trim().parse::<u32>().ok())
            .map(|k| Objective::AtLeast(i64::from(k)))
            .ok_or_else(|| {
                Error::input(Message::flag(Input::Objective).text(format!(
                    " '{text}' is not an objective: use 'mean', 'atleast:K' (as in 'atleast:2') \
                     or, for legion sequence, 'wipe'"
                )))
            })
    }

    fn cost(query: &Scenario) -> Result<u64, Error> {
        attack::cost(query)
    }

    fn words(query: &Scenario) -> Result<u64, Error> {
        attack::words(query)
    }

    fn attack(query: &Scenario) -> Result<LegionAttack, Error> {
        attack::attack(query)
    }

    fn damage(outcome: &LegionAttack) -> &Dist {
        &outcome.wounds
    }

    /// The chance to wipe the defender, when its wounds per mini are known.
    fn destroyed(outcome: &LegionAttack) -> Option<&BigRational> {
        outcome.losses.as_ref().map(|l| &l.wiped)
    }

    fn notes(outcome: &LegionAttack) -> &[Message] {
        &outcome.notes
    }
}

impl Simulated for Legion {
    fn variables(_: &Scenario, a: &LegionAttack) -> Vec<(String, Dist)> {
        let mut out = vec![
            (Vocabulary::legion().damage.clone(), a.wounds.clone()),
            ("attack_results".to_string(), a.attack_results.clone()),
            ("attacker_wounds".to_string(), a.attacker_wounds.clone()),
        ];
        if let Some(g) = &a.guardian_wounds {
            out.push(("guardian_wounds".to_string(), g.clone()));
        }
        out
    }

    /// The attack pool, and as many defense dice as results (at most).
    fn dice_rolled(query: &Scenario, a: &LegionAttack) -> Result<i64, Error> {
        let pool: u32 = query.attacker.dice.iter().sum();
        Ok(i64::from(pool) + a.attack_results.max())
    }

    fn simulate(query: &Scenario, trials: u64, seed: u64) -> Result<Samples, Error> {
        simulate_legion(query, trials, seed)
    }
}

impl Tabulated for Legion {
    fn cell(
        options: &Options,
        attackers: &[&str],
        defender: &str,
        guardian: Option<&str>,
    ) -> Result<Scenario, Error> {
        let attacker = super::one(attackers)?;
        Ok(Scenario {
            edition: options.edition,
            policy: options.policy,
            objective: options.objective,
            ..Scenario::parse(attacker, defender, guardian)?
        })
    }

    fn target(item: &str) -> Target {
        match roles_of(&format!("{item} 1")) {
            Some(roles) if !roles.contains(&Role::Attacker) => Target::Defender,
            _ => Target::Attacker,
        }
    }

    fn item_name(item: &str) -> Option<String> {
        name_of(item)
    }

    fn written_out(_: Target, spec: &str) -> Result<String, Error> {
        Ok(spec.to_string())
    }
}
