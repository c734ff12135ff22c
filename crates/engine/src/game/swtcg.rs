//! SWTCG's attack as the features over both games use it.

use super::{Game, Simulated, Tabulated};
use super::{Options, Target};
use crate::dist::Dist;
use crate::error::{Error, Message};
use crate::policy::Objective;
use crate::sim::swtcg::Simulation;
use crate::sim::Samples;
use crate::swtcg::attack::{self, Attack, Scenario};
use crate::swtcg::key_of;
use crate::swtcg::unit::Unit;
use crate::vocabulary::Vocabulary;
use num_rational::BigRational;

/// The Star Wars Trading Card Game.
pub struct Swtcg;

impl Game for Swtcg {
    const NAME: &'static str = "SWTCG";

    fn vocabulary() -> &'static Vocabulary {
        Vocabulary::swtcg()
    }
    type Query = Scenario;
    type Outcome = Attack;

    fn objective(text: &str) -> Result<Objective, Error> {
        attack::objective(text)
    }

    fn cost(query: &Scenario) -> Result<u64, Error> {
        attack::cost(query)
    }

    fn words(query: &Scenario) -> Result<u64, Error> {
        Ok(attack::size(query)?.damage_words())
    }

    fn attack(query: &Scenario) -> Result<Attack, Error> {
        attack::run(query)
    }

    fn damage(outcome: &Attack) -> &Dist {
        &outcome.damage
    }

    fn destroyed(outcome: &Attack) -> Option<&BigRational> {
        outcome.destroyed.as_ref()
    }

    fn notes(outcome: &Attack) -> &[Message] {
        &outcome.notes
    }
}

impl Simulated for Swtcg {
    /// Foresight and Forewarning as the distribution of what they predict: their best
    /// prediction is that distribution's most likely value.
    fn variables(query: &Scenario, a: &Attack) -> Vec<(String, Dist)> {
        let chance = |key: &str, p: &Option<BigRational>| {
            p.as_ref().map(|p| (key.to_string(), Dist::bernoulli(p)))
        };
        let dist = |key: &str, d: &Option<Dist>| d.as_ref().map(|d| (key.to_string(), d.clone()));
        let damage = query.rules.foresight_damage();
        let predicted = |key: &str, p: &Option<(i64, BigRational)>| {
            p.as_ref().map(|_| {
                let d = a
                    .outcomes
                    .to_dist(|o| if damage { o.pending } else { o.hits });
                (key.to_string(), d)
            })
        };
        let fired = |key: &str, f: &Option<(i64, BigRational)>| {
            f.as_ref()
                .map(|(_, p)| (key.to_string(), Dist::bernoulli(p)))
        };
        let v = Vocabulary::swtcg();
        let mut out = vec![
            Some((v.damage.clone(), a.damage.clone())),
            chance(&v.destroyed, &a.destroyed),
            Some(("hits".to_string(), a.hits.clone())),
            Some(("attacker_damage".to_string(), a.attacker_damage.clone())),
            chance("attacker_destroyed", &a.attacker_destroyed),
            dist("secondary_damage", &a.secondary_damage),
            chance("secondary_destroyed", &a.secondary_destroyed),
        ];
        out.extend(
            a.triggers
                .iter()
                .map(|(name, p)| Some((format!("triggers.{}", key_of(name)), Dist::bernoulli(p)))),
        );
        out.extend([
            dist("focus_power", &a.focus_power),
            dist("absorb_power", &a.absorb_power),
            dist("attacker_absorb_power", &a.attacker_absorb_power),
            dist("deflect_damage", &a.deflect_damage),
            dist("attacker_deflect_damage", &a.attacker_deflect_damage),
            fired("stun", &a.stun),
            fired("defender_stun", &a.defender_stun),
            fired("surge", &a.surge),
            fired("attacker_surge", &a.attacker_surge),
            chance("bounty", &a.bounty),
            predicted("foresight", &a.foresight),
            predicted("forewarning", &a.forewarning),
            dist("persuade_power", &a.persuade_power),
            chance("consume", &a.consume),
        ]);
        if let Some(f) = &a.follow_up {
            out.extend([
                chance("follow_up.made", &Some(f.made.clone())),
                Some(("follow_up.damage".to_string(), f.counters.clone())),
                chance("follow_up.destroyed", &f.destroyed),
            ]);
        }
        out.push(chance("defender_resilience", &a.defender_resilience));
        out.into_iter().flatten().collect()
    }

    fn dice_rolled(query: &Scenario, _: &Attack) -> Result<i64, Error> {
        Ok(Simulation::attack(query)?.most_dice())
    }

    fn simulate(query: &Scenario, trials: u64, seed: u64) -> Result<Samples, Error> {
        Ok(Simulation::attack(query)?.run(trials, seed))
    }
}

impl Tabulated for Swtcg {
    fn cell(
        options: &Options,
        attackers: &[&str],
        defender: &str,
        _: Option<&str>,
    ) -> Result<Scenario, Error> {
        let attacker = super::one(attackers)?;
        Ok(Scenario {
            policy: options.policy,
            objective: options.objective,
            ..Scenario::new(
                Unit::parse("attacker", attacker)?,
                Unit::parse("defender", defender)?,
                options.rules.clone(),
            )
        })
    }

    fn target(_: &str) -> Target {
        Target::Attacker
    }

    fn item_name(item: &str) -> Option<String> {
        Unit::parse("table", item)
            .ok()
            .and_then(|u| u.items.first().map(|i| i.keyword.name.clone()))
    }

    fn written_out(target: Target, spec: &str) -> Result<String, Error> {
        let role = match target {
            Target::Attacker => "attacker",
            _ => "defender",
        };
        // Quote-aware, as a SPEC is read: a card named with a comma stays one item.
        let items = crate::names::items(spec)
            .into_iter()
            .map(|i| match i.trim() {
                card if card.starts_with('@') => Unit::parse(role, card).map(|u| u.describe()),
                plain => Ok(plain.to_string()),
            })
            .collect::<Result<Vec<_>, Error>>()?;
        Ok(items.join(", "))
    }
}
