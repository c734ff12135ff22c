//! `holodice swtcg|legion simulate`: physical dice rolled by the independent simulators, beside
//! the exact answer.

use super::legion_args::{self as legion, LegionArgs};
use super::legion_sequence::{Sequence, SequenceArgs};
use super::output::{Answer, FormatArg, OutputArgs};
use super::swtcg_args::{AttackUnits, ChoiceArgs, RuleArgs, UnitArgs, UnitReader};
use super::Files;
use crate::error::Error;
use crate::report::{self, Shown};
#[cfg(feature = "native")]
use clap::Args;
use holodice_engine::error::{self as engine, Input};
use holodice_engine::game::Policy;
use holodice_engine::game::{Game, Legion, Simulated, Swtcg};
use holodice_engine::legion::Scenario as LegionScenario;
use holodice_engine::sim::compare::{self, Compared};
use holodice_engine::sim::swtcg::Simulation;
use holodice_engine::sim::SequenceSimulation;
use holodice_engine::swtcg::attack::{Attack, Scenario};
use holodice_engine::swtcg::{cards::Cards, rules::Rules, unit::Unit};
use serde::Deserialize;

/// What `simulate` adds to the attack's arguments.
#[derive(Debug, Deserialize)]
#[cfg_attr(feature = "native", derive(Args))]
#[serde(rename_all = "kebab-case")]
pub struct SimulateArgs {
    /// How many attacks to roll
    #[cfg_attr(feature = "native", arg(long, default_value_t = 100_000))]
    trials: u64,
    /// The random seed: the same seed gives the same rolls on every machine
    #[cfg_attr(feature = "native", arg(long, default_value_t = 0))]
    seed: u64,
    /// Significance level of the chi-square test against the exact distribution
    #[cfg_attr(feature = "native", arg(long, default_value_t = 1e-6, value_parser = super::parse_alpha))]
    alpha: f64,
}

/// The arguments of `swtcg simulate` that only an attack reads: none goes with --count.
#[cfg(feature = "native")]
const ATTACK_ONLY: [&str; 9] = [
    "attacker",
    "defender",
    "secondary",
    "interceptor",
    "mode",
    "policy",
    "objective",
    "enhance",
    "given",
];

/// `swtcg simulate`: an attack with every argument `swtcg attack` takes, or with `--count`
/// the dice of damage `swtcg dice` takes.
#[derive(Debug, Deserialize)]
#[cfg_attr(feature = "native", derive(Args))]
#[serde(rename_all = "kebab-case")]
#[cfg_attr(feature = "native", command(after_long_help = SWTCG_HELP))]
pub struct SimulateSwtcgArgs {
    /// The attacking unit, e.g. "Power 5, Accuracy 1, Critical Hit 2, Fury 1"
    #[cfg_attr(
        feature = "native",
        arg(long, value_name = "SPEC", required_unless_present = "count")
    )]
    attacker: Option<String>,
    /// The defending unit, e.g. "Health 4, Armor, Shields 1, Damage 1" (default: no keywords)
    #[cfg_attr(feature = "native", arg(long, value_name = "SPEC"))]
    defender: Option<String>,
    /// Another unit in the defender's arena: Overkill's extra hits and Area Damage go to it
    #[cfg_attr(feature = "native", arg(long, value_name = "SPEC"))]
    secondary: Option<String>,
    /// A unit that takes the attack: it needs Intercept, or the defender Redirect (the
    /// attacker's Precision keeps the attack on the defender)
    #[cfg_attr(feature = "native", arg(long, value_name = "SPEC"))]
    interceptor: Option<String>,
    #[cfg_attr(feature = "native", command(flatten))]
    #[serde(flatten)]
    choices: ChoiceArgs,
    /// Simulate with the Enhance effects paid ('enhance: ITEM' items, or a card's enhance field)
    #[cfg_attr(feature = "native", arg(long))]
    enhance: bool,
    /// Instead of an attack, this many dice of damage at --target on their own (Ambush), as
    /// `swtcg dice` computes them
    #[cfg_attr(feature = "native", arg(
        long,
        value_name = "X",
        allow_negative_numbers = true,
        requires = "target",
        conflicts_with_all = ATTACK_ONLY
    ))]
    count: Option<i64>,
    /// The unit the --count dice are rolled at
    #[cfg_attr(feature = "native", arg(long, value_name = "SPEC", requires = "count", conflicts_with_all = ATTACK_ONLY))]
    target: Option<String>,
    /// The --count dice's source has Ferocity: their damage can't be prevented
    #[cfg_attr(feature = "native", arg(long, requires = "count", conflicts_with_all = ATTACK_ONLY))]
    unpreventable: bool,
    #[cfg_attr(feature = "native", command(flatten))]
    #[serde(flatten)]
    output: OutputArgs,
    #[cfg_attr(feature = "native", command(flatten))]
    #[serde(flatten)]
    rules: RuleArgs,
    #[cfg_attr(feature = "native", command(flatten))]
    #[serde(flatten)]
    units: UnitArgs,
    #[cfg_attr(feature = "native", command(flatten))]
    #[serde(flatten)]
    simulate: SimulateArgs,
}

/// What `swtcg simulate` prints after its options, in --help.
#[cfg(feature = "native")]
pub(super) const SWTCG_HELP: &str = "The simulator rolls every die itself, with its own \
implementation of the rules (crates/engine/src/sim/swtcg/), and reports each variable the exact answer reports: \
damage, destroyed, hits, attacker_damage and, when they apply, attacker_destroyed, \
secondary_damage, secondary_destroyed, triggers.KEYWORD, focus_power, absorb_power, \
attacker_absorb_power, deflect_damage, attacker_deflect_damage, stun, defender_stun, surge, \
attacker_surge, bounty, persuade_power, consume, defender_resilience, follow_up.made, \
follow_up.damage, follow_up.destroyed (Double Strike's or Tenacity's two attacks, played on \
their own), and foresight and forewarning (the number predicted: its most likely value is the \
exact answer's best prediction). Chances are 0/1 variables. Lucky \
re-rolls follow --policy: the greedy orders of docs/rules.md die by die, or the optimal \
policy's choices for the dice actually rolled. With --count X --target SPEC it rolls X dice \
of damage on their own, as `holodice swtcg dice` computes them.

Examples:
  holodice swtcg simulate --attacker \"Power 6, Critical Hit 1, Lucky 1\" \\
      --defender \"Health 5, Retaliate 2\" --policy optimal --trials 200000
  holodice swtcg simulate --attacker \"Power 5, Overkill, Area Damage 1\" \\
      --defender \"Health 2\" --secondary \"Health 3, Armor\"
  holodice swtcg simulate --count 3 --target \"Health 2, Armor, Evade 1\"
";

#[derive(Debug, Deserialize)]
#[cfg_attr(feature = "native", derive(Args))]
#[serde(rename_all = "kebab-case")]
pub struct SimulateLegionArgs {
    #[cfg_attr(feature = "native", command(flatten))]
    #[serde(flatten)]
    attack: LegionArgs,
    #[cfg_attr(feature = "native", command(flatten))]
    #[serde(flatten)]
    simulate: SimulateArgs,
}

/// `legion simulate-sequence`: every argument `legion sequence` takes.
#[derive(Debug, Deserialize)]
#[cfg_attr(feature = "native", derive(Args))]
#[serde(rename_all = "kebab-case")]
#[cfg_attr(feature = "native", command(
    after_long_help = LEGION_SEQUENCE_HELP,
    mut_arg("trials", |a| a.help("How many sequences to roll"))
))]
pub struct SimulateSequenceArgs {
    #[cfg_attr(feature = "native", command(flatten))]
    #[serde(flatten)]
    sequence: SequenceArgs,
    #[cfg_attr(feature = "native", command(flatten))]
    #[serde(flatten)]
    simulate: SimulateArgs,
}

/// What `legion simulate-sequence` prints after its options, in --help.
#[cfg(feature = "native")]
const LEGION_SEQUENCE_HELP: &str = "The simulator rolls every die of every attack itself, \
trial by trial, with its own implementation of the rules (crates/engine/src/sim/legion/): each \
attack meets the unit as the attacks before it left it (its wounds and minis left, wound \
tokens, suppression, dodge, shield and surge tokens, its guardian's wounds and tokens) and \
leaves it as its own dice say. It reports each variable the exact `legion sequence` reports, \
with the same keys: wounds, and with the defender's wounds per mini minis_defeated and wiped; \
with a guardian guardian_wounds (guardian_minis_defeated, guardian_wiped); suppression, \
suppressed and panicked; with the wounds per mini attacks_needed, the attack that wipes the \
unit (one more than the attacks made when it survives them: the exact answer's \
attacks_to_wipe and survives); and attacks.N.wounds for each attack N. Chances are 0/1 \
variables. It plays the greedy policy: --policy optimal is refused.

Examples:
  holodice legion simulate-sequence --defender \"@Rebel Troopers, cover light\" \\
      --attack \"@Stormtroopers, range 2\" --attack \"@Stormtroopers, range 2\"
  holodice legion simulate-sequence --defender \"red defense, dodge 1, Nimble, wounds 3\" \\
      --attack \"4 black\" --until-wiped --attacks 10 --trials 200000 --seed 7
";

/// Checks what `simulate` can do with the attack's output options, and renders the comparison's
/// answer as text or JSON.
fn output(
    a: &OutputArgs,
    sim: &SimulateArgs,
    title: &str,
    context: &[(String, String)],
    compared: &[Compared],
) -> Result<Answer, Error> {
    if a.plot.is_some() {
        return Err(engine::Error::input("simulate draws no chart: drop --plot").into());
    }
    let answer = report::simulate::SimulateAnswer::new(title, context, compared, sim.alpha);
    let body = match a.format {
        FormatArg::Text => answer.text(),
        FormatArg::Json => {
            serde_json::to_string_pretty(&answer).expect("typed answers serialize") + "\n"
        }
        _ => return Err(engine::Error::input("simulate prints --format text or json").into()),
    };
    Ok(Answer::new(body, a.format.media_type()))
}

/// The attack `query`, simulated and beside its exact answer, which comes first: what it
/// refuses, simulate refuses with the same message. `context` gives the lines that say what was
/// simulated, from the exact outcome.
fn simulated<G: Shown + Simulated>(
    query: &G::Query,
    sim: &SimulateArgs,
    output_args: &OutputArgs,
    context: impl Fn(&G::Outcome) -> Vec<(String, String)>,
) -> Result<Answer, Error> {
    let exact = G::attack(query)?;
    holodice_engine::sim::check_dice_rolled(sim.trials, G::dice_rolled(query, &exact)?)?;
    let samples = G::simulate(query, sim.trials, sim.seed)?;
    let compared = compare::compare(&samples, G::variables(query, &exact));
    let title = format!("{} attack, simulated", G::NAME);
    output(output_args, sim, &title, &context(&exact), &compared)
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

/// Rolling a die of a simulation costs about 0.05 µs: a quarter of a unit of work.
fn rolling(trials: u64, dice: i64) -> u64 {
    trials.saturating_mul(dice.max(1).unsigned_abs()) / 4
}

/// `swtcg simulate`, read: the attack or the dice of damage rolled, and how.
pub(super) struct SwtcgSimulate {
    rolled: SwtcgRolled,
    simulate: SimulateArgs,
    output: OutputArgs,
}

/// What `swtcg simulate` rolls.
enum SwtcgRolled {
    /// An attack.
    Attack(Box<Scenario>),
    /// `--count` dice of damage at `target`.
    Dice {
        count: i64,
        target: Unit,
        /// The source has Ferocity.
        unpreventable: bool,
    },
}

impl SwtcgSimulate {
    pub(super) fn read(
        a: SimulateSwtcgArgs,
        cards: &Cards,
        files: &dyn Files,
    ) -> Result<SwtcgSimulate, Error> {
        holodice_engine::sim::check_trials(a.simulate.trials)?;
        let rolled = match a.count {
            Some(count) => SwtcgRolled::Dice {
                count,
                target: dice_target(&a, count, cards, files)?,
                unpreventable: a.unpreventable,
            },
            None => SwtcgRolled::Attack(attack(&a, cards, files)?.into()),
        };
        Ok(SwtcgSimulate {
            rolled,
            simulate: a.simulate,
            output: a.output,
        })
    }

    /// The exact attack's work and the dice rolled.
    pub(super) fn cost(&self) -> Result<u64, engine::Error> {
        let trials = self.simulate.trials;
        match &self.rolled {
            SwtcgRolled::Dice { count, .. } => Ok(rolling(trials, *count)),
            SwtcgRolled::Attack(s) => {
                let dice = Simulation::attack(s)?.most_dice();
                Ok(Swtcg::cost(s)?.saturating_add(rolling(trials, dice)))
            }
        }
    }

    pub(super) fn run(self) -> Result<Answer, Error> {
        match &self.rolled {
            SwtcgRolled::Attack(s) => {
                let every = self.output.format == FormatArg::Json || self.output.verbose;
                let seed = self.simulate.seed;
                let context =
                    |exact: &Attack| attack_context(s, exact.lucky.is_some(), seed, every);
                simulated::<Swtcg>(s, &self.simulate, &self.output, context)
            }
            SwtcgRolled::Dice {
                count,
                target,
                unpreventable,
            } => self.dice(*count, target, *unpreventable),
        }
    }

    /// `swtcg simulate --count X --target SPEC`: dice of damage on their own.
    fn dice(&self, count: i64, target: &Unit, unpreventable: bool) -> Result<Answer, Error> {
        let exact = holodice_engine::swtcg::attack::dice(count, target, unpreventable)?;
        let sim = Simulation::dice(count, target, unpreventable)?;
        holodice_engine::sim::check_dice_rolled(self.simulate.trials, sim.most_dice())?;
        let samples = sim.run(self.simulate.trials, self.simulate.seed);
        let compared = compare::compare(&samples, compare::swtcg_dice(&exact));
        let context = vec![
            ("target".to_string(), target.describe()),
            ("count".to_string(), count.to_string()),
            ("unpreventable".to_string(), unpreventable.to_string()),
            ("seed".to_string(), self.simulate.seed.to_string()),
        ];
        output(
            &self.output,
            &self.simulate,
            "SWTCG dice of damage, simulated",
            &context,
            &compared,
        )
    }
}

/// The attack `swtcg simulate` rolls, refused with --enhance when no unit has an Enhance
/// effect.
fn attack(a: &SimulateSwtcgArgs, cards: &Cards, files: &dyn Files) -> Result<Scenario, Error> {
    let reader = UnitReader::new(&a.units, a.choices.mode(), cards, files)?;
    let units = AttackUnits::read(
        &reader,
        a.attacker.as_deref().unwrap_or_default(),
        a.defender.as_deref().unwrap_or_default(),
        a.secondary.as_deref(),
        a.interceptor.as_deref(),
    )?;
    let setting = a.choices.read(&a.rules)?;
    let s = units.scenario(&setting, a.enhance, reader.pay)?;
    if a.enhance && !units.enhanceable() {
        return Err(super::swtcg_args::no_enhance());
    }
    Ok(s)
}

/// The unit `swtcg simulate --count X` rolls its dice at; a negative count is refused first.
fn dice_target(
    a: &SimulateSwtcgArgs,
    count: i64,
    cards: &Cards,
    files: &dyn Files,
) -> Result<Unit, Error> {
    if count < 0 {
        return Err(engine::Error::about(
            Some(Input::Count),
            format!("--count {count}: give a whole number of dice, 0 or more"),
        )
        .into());
    }
    let reader = UnitReader::new(&a.units, None, cards, files)?;
    reader.unit("target", a.target.as_deref().unwrap_or_default(), false)
}

/// `legion simulate`, read: the attack rolled.
pub(super) struct LegionSimulate {
    scenario: LegionScenario,
    /// The arguments as given: what the answer shows and how it is printed.
    args: SimulateLegionArgs,
}

impl LegionSimulate {
    pub(super) fn read(
        a: SimulateLegionArgs,
        cards: &holodice_engine::legion::cards::Cards,
        files: &dyn Files,
    ) -> Result<LegionSimulate, Error> {
        holodice_engine::sim::check_trials(a.simulate.trials)?;
        Ok(LegionSimulate {
            scenario: legion::setup(&a.attack, cards, files)?,
            args: a,
        })
    }

    /// The exact attack's work and the dice rolled (the pool, and a defense die for each
    /// result at most).
    pub(super) fn cost(&self) -> Result<u64, engine::Error> {
        let s = &self.scenario;
        let pool: u32 = s.attacker.dice.iter().sum();
        let dice = 2 * i64::from(pool);
        Ok(Legion::cost(s)?.saturating_add(rolling(self.args.simulate.trials, dice)))
    }

    pub(super) fn run(self) -> Result<Answer, Error> {
        let (a, scenario) = (&self.args, &self.scenario);
        let mut context = vec![
            ("attacker".to_string(), a.attack.attacker.trim().to_string()),
            ("defender".to_string(), a.attack.defender.trim().to_string()),
        ];
        if let Some(g) = &a.attack.guardian {
            context.push(("guardian".to_string(), g.trim().to_string()));
        }
        context.push(("edition".to_string(), scenario.edition.name().to_string()));
        context.push((
            "policy".to_string(),
            crate::report::legion::policy_name(scenario.policy, scenario.objective),
        ));
        context.push(("seed".to_string(), a.simulate.seed.to_string()));
        simulated::<Legion>(scenario, &a.simulate, &a.attack.output, |_| context.clone())
    }
}

/// `legion simulate-sequence`, read: the sequence rolled, its greedy policy checked.
pub(super) struct SequenceSimulate<'c> {
    sequence: Sequence<'c>,
    /// The arguments as given: what the answer shows and how it is printed.
    args: SimulateSequenceArgs,
}

impl<'c> SequenceSimulate<'c> {
    /// The sequence; the optimal policy is refused before any work.
    pub(super) fn read(
        a: SimulateSequenceArgs,
        cards: &'c holodice_engine::legion::cards::Cards,
        files: &dyn Files,
    ) -> Result<SequenceSimulate<'c>, Error> {
        holodice_engine::sim::check_trials(a.simulate.trials)?;
        let sequence = a.sequence.read(cards, files)?;
        SequenceSimulation::check_policy(sequence.choices.policy)?;
        Ok(SequenceSimulate { sequence, args: a })
    }

    /// The exact sequence's work and the dice rolled.
    pub(super) fn cost(&self) -> Result<u64, engine::Error> {
        let (s, q) = (&self.args.sequence, &self.sequence);
        let attacks = q.attacks();
        let sim = simulation(s, q, &attacks)?;
        let exact = s.estimate(q)?;
        Ok(exact.saturating_add(rolling(self.args.simulate.trials, sim.most_dice())))
    }

    /// The sequence simulated beside its exact answer, which comes first (what it refuses, the
    /// simulation refuses with the same message).
    pub(super) fn run(self) -> Result<Answer, Error> {
        let (a, q) = (&self.args, &self.sequence);
        let s = &a.sequence;
        let exact = s.exact(q)?;
        let attacks = q.attacks();
        let sim = simulation(s, q, &attacks)?;
        holodice_engine::sim::check_dice_rolled(a.simulate.trials, sim.most_dice())?;
        let samples = sim.run(a.simulate.trials, a.simulate.seed)?;
        let compared = compare::compare(&samples, compare::legion_sequence(&exact));
        let context = sequence_context(s, q, &attacks, a.simulate.seed);
        let title = "Legion attack sequence, simulated";
        output(&s.output, &a.simulate, title, &context, &compared)
    }
}

/// What the simulated attack was: its units, mode, Lucky's policy when a die was re-rolled,
/// the seed and the rule options.
fn attack_context(s: &Scenario, lucky: bool, seed: u64, every: bool) -> Vec<(String, String)> {
    let mut context = vec![
        ("attacker".to_string(), s.attacker.describe()),
        ("defender".to_string(), s.defender.describe()),
    ];
    for (key, unit) in [("secondary", &s.secondary), ("interceptor", &s.interceptor)] {
        if let Some(u) = unit {
            context.push((key.to_string(), u.describe()));
        }
    }
    if let Some(mode) = s.mode {
        context.push(("mode".to_string(), mode.name().to_string()));
    }
    if lucky {
        let policy = match s.policy {
            Policy::Greedy => "greedy".to_string(),
            Policy::Optimal => format!("optimal ({})", s.objective.name()),
        };
        context.push(("policy".to_string(), policy));
    }
    context.push(("seed".to_string(), seed.to_string()));
    context.extend(rules_context(&s.rules, every));
    context
}

/// The simulation of sequence `q` (its `attacks`) as arguments `s` give it.
fn simulation<'a>(
    s: &'a SequenceArgs,
    q: &'a Sequence,
    attacks: &'a [&'a str],
) -> Result<SequenceSimulation<'a>, engine::Error> {
    let guardian = s.guardian.as_deref();
    SequenceSimulation::new(
        attacks,
        &s.defender,
        guardian,
        &q.cards,
        &q.choices,
        s.gained(),
    )
}

/// What the simulated sequence was: its units, its attacks (until wiped: the one and the cap),
/// the suppression reading, edition, policy and seed.
fn sequence_context(
    s: &SequenceArgs,
    q: &Sequence,
    attacks: &[&str],
    seed: u64,
) -> Vec<(String, String)> {
    let mut context = vec![("defender".to_string(), s.defender.trim().to_string())];
    if let Some(g) = &s.guardian {
        context.push(("guardian".to_string(), g.trim().to_string()));
    }
    match s.until_wiped {
        true => context.extend([
            ("attack".to_string(), attacks[0].trim().to_string()),
            ("cap".to_string(), attacks.len().to_string()),
        ]),
        false => context.extend(
            (1..)
                .zip(attacks)
                .map(|(n, a)| (format!("attack {n}"), a.trim().to_string())),
        ),
    }
    context.extend([
        ("suppression_gained".into(), s.gained().name().into()),
        ("edition".into(), q.choices.edition.name().into()),
        ("policy".into(), "greedy".into()),
        ("seed".into(), seed.to_string()),
    ]);
    context
}
