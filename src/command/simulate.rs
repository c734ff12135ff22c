//! `holodice swtcg|legion simulate`: physical dice rolled by the independent simulators, beside
//! the exact answer.

use super::check::parse_alpha;
use super::legion::{self, LegionArgs};
use super::output::{Answer, FormatArg};
use super::swtcg::{self, AttackArgs};
use super::Files;
use crate::dist::Dist;
use crate::sim::compare::{self, Compared};
use crate::swtcg::{cards::Cards, rules::Rules};
use crate::Error;
use clap::Args;

/// The most trials one `simulate` may roll.
pub const MAX_TRIALS: u64 = 100_000_000;

/// The most dice one `simulate` may roll in all, trials × dice a trial rolls at most (a few
/// seconds on two cores).
pub const MAX_DICE_ROLLED: u64 = 300_000_000;

/// What `simulate` adds to the attack's arguments.
#[derive(Args)]
pub struct SimulateArgs {
    /// How many attacks to roll
    #[arg(long, default_value_t = 100_000)]
    trials: u64,
    /// The random seed: the same seed gives the same rolls on every machine
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Significance level of the chi-square test against the exact distribution
    #[arg(long, default_value_t = 1e-6, value_parser = parse_alpha)]
    alpha: f64,
}

#[derive(Args)]
pub struct SimulateSwtcgArgs {
    #[command(flatten)]
    attack: AttackArgs,
    #[command(flatten)]
    simulate: SimulateArgs,
}

#[derive(Args)]
pub struct SimulateLegionArgs {
    #[command(flatten)]
    attack: LegionArgs,
    #[command(flatten)]
    simulate: SimulateArgs,
}

/// Checks what `simulate` can do with the attack's output options, and renders the comparison.
fn output(
    a: &crate::command::OutputArgs,
    sim: &SimulateArgs,
    title: &str,
    context: &[(String, String)],
    compared: &[Compared],
) -> Result<Answer, Error> {
    if a.plot.is_some() {
        return Err(Error::Input("simulate draws no chart: drop --plot".into()));
    }
    let body = match a.format {
        FormatArg::Text => compare::to_text(title, context, compared, sim.alpha),
        FormatArg::Json => {
            let v = compare::to_json(context, compared, sim.alpha);
            serde_json::to_string_pretty(&v).expect("JSON values serialize") + "\n"
        }
        _ => return Err(Error::Input("simulate prints --format text or json".into())),
    };
    Ok(Answer::new(body, a.format.media_type()))
}

fn check_trials(sim: &SimulateArgs) -> Result<(), Error> {
    if sim.trials == 0 || sim.trials > MAX_TRIALS {
        return Err(Error::TooLarge(format!(
            "--trials {}: give 1 to {MAX_TRIALS}",
            sim.trials
        )));
    }
    Ok(())
}

/// Refuses, before rolling, a simulation whose trials × `dice` (a bound of the dice one trial
/// rolls) pass [`MAX_DICE_ROLLED`].
fn check_dice_rolled(sim: &SimulateArgs, dice: i64) -> Result<(), Error> {
    let dice = dice.max(1).unsigned_abs();
    if sim.trials.saturating_mul(dice) > MAX_DICE_ROLLED {
        return Err(Error::TooLarge(format!(
            "--trials {}: {} trials × {dice} dice is over the limit of {MAX_DICE_ROLLED} dice \
             rolled; give --trials {} or fewer",
            sim.trials,
            sim.trials,
            MAX_DICE_ROLLED / dice
        )));
    }
    Ok(())
}

/// The rule options: each as a `rule NAME` key in JSON (and with --verbose); for people, one
/// line of those that differ from the defaults.
fn rules_context(rules: &Rules, every: bool) -> Vec<(String, String)> {
    if every {
        return rules
            .values()
            .into_iter()
            .map(|(k, v)| (format!("rule {k}"), v.to_string()))
            .collect();
    }
    vec![("rules".to_string(), rules.summary())]
}

pub(super) fn swtcg(
    a: &SimulateSwtcgArgs,
    cards: &Cards,
    files: &dyn Files,
) -> Result<Answer, Error> {
    check_trials(&a.simulate)?;
    let (attacker, defender, rules) = swtcg::setup(&a.attack, cards, files)?;
    let exact = crate::swtcg::attack::attack(&attacker, &defender, &rules)?;
    // The power dice, or the final roll's with its extra dice (its hits are at most those).
    check_dice_rolled(&a.simulate, exact.dice.max(exact.hits.max()))?;
    let samples = crate::sim::simulate_swtcg(
        &attacker,
        &defender,
        &rules,
        a.simulate.trials,
        a.simulate.seed,
    )?;
    let mut dists = vec![
        ("damage".to_string(), exact.damage.clone()),
        ("hits".to_string(), exact.hits.clone()),
        ("attacker_damage".to_string(), exact.attacker_damage.clone()),
    ];
    if let Some(p) = &exact.destroyed {
        dists.push(("destroyed".to_string(), Dist::bernoulli(p)));
    }
    let compared = compare::compare(&samples, dists);
    let mut context = vec![
        ("attacker".to_string(), attacker.describe()),
        ("defender".to_string(), defender.describe()),
        ("seed".to_string(), a.simulate.seed.to_string()),
    ];
    let every = a.attack.output.format == FormatArg::Json || a.attack.output.verbose;
    context.extend(rules_context(&rules, every));
    output(
        &a.attack.output,
        &a.simulate,
        "SWTCG attack, simulated",
        &context,
        &compared,
    )
}

pub(super) fn legion(a: &SimulateLegionArgs) -> Result<Answer, Error> {
    check_trials(&a.simulate)?;
    let (scenario, edition, policy) = legion::setup(&a.attack)?;
    let exact = crate::legion::attack::attack(&scenario, edition, policy)?;
    // The attack pool, and as many defense dice as results (at most).
    let pool: u32 = scenario.attacker.dice.iter().sum();
    check_dice_rolled(&a.simulate, i64::from(pool) + exact.attack_results.max())?;
    let samples = crate::sim::simulate_legion(
        &scenario,
        edition,
        policy,
        a.simulate.trials,
        a.simulate.seed,
    )?;
    let mut dists = vec![
        ("wounds".to_string(), exact.wounds.clone()),
        ("attack_results".to_string(), exact.attack_results.clone()),
        ("attacker_wounds".to_string(), exact.attacker_wounds.clone()),
    ];
    if let Some(g) = &exact.guardian_wounds {
        dists.push(("guardian_wounds".to_string(), g.clone()));
    }
    let compared = compare::compare(&samples, dists);
    let mut context = vec![
        ("attacker".to_string(), a.attack.attacker.trim().to_string()),
        ("defender".to_string(), a.attack.defender.trim().to_string()),
    ];
    if let Some(g) = &a.attack.guardian {
        context.push(("guardian".to_string(), g.trim().to_string()));
    }
    context.push(("edition".to_string(), edition.name().to_string()));
    context.push(("policy".to_string(), policy.name()));
    context.push(("seed".to_string(), a.simulate.seed.to_string()));
    output(
        &a.attack.output,
        &a.simulate,
        "Legion attack, simulated",
        &context,
        &compared,
    )
}
