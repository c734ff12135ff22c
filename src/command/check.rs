//! `holodice check`: samples of an attack tested against its exact distribution.

use super::legion_args::LegionAttackArgs;
use super::legion_sequence::{Sequence, SequenceArgs};
use super::output::{Answer, FormatArg, OutputArgs};
use super::swtcg_args::{self as swtcg, SwtcgAttackArgs};
use super::Files;
use crate::error::Error;
use crate::report::fit::FitAnswer;
use crate::report::Shown;
#[cfg(feature = "native")]
use clap::{Args, Subcommand, ValueEnum};
use holodice_engine::error::{self as engine, Input};
use holodice_engine::game::{Legion, Simulated, Swtcg};
use holodice_engine::gof;
use holodice_engine::legion::cards::Cards as LegionCards;
use holodice_engine::legion::Scenario as LegionScenario;
use holodice_engine::policy::Policy;
use holodice_engine::sim::compare;
use holodice_engine::swtcg::attack::Scenario;
use holodice_engine::swtcg::cards::Cards;
use indexmap::IndexMap;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::io::{BufRead, Read};
use std::path::PathBuf;

#[cfg(feature = "native")]
pub(super) const HELP: &str = "The samples FILE (\"-\" reads standard input) holds one integer \
outcome per line, or outcome,count rows; blank lines are ignored, and so is a first line \
'outcome' or 'outcome,count'. The variable is the attack's main outcome unless --variable says \
otherwise: SWTCG damage (or hits, attacker_damage), Legion wounds (or attack_results, \
attacker_wounds, guardian_wounds), a Legion sequence's wounds (or any variable `legion \
simulate-sequence` reports: minis_defeated, wiped, suppression, suppressed, panicked, \
guardian_wounds, attacks_needed, attacks.N.wounds, …). After the game come the arguments of its \
attack command (see 'holodice check swtcg --help'), or for legion-sequence those of `legion \
sequence`.

The test bins the possible outcomes in order, merging neighbours until each bin expects at least \
5 samples, and compares the counts with the exact expectations (Pearson's chi-square, or the \
G-test), with bins - 1 degrees of freedom. An observed outcome of probability 0 is reported as \
impossible and fails the check whatever the p-value.

Exit status: 0 when the samples are consistent with the exact distribution, 1 when they are \
rejected (p-value below --alpha, or an impossible outcome), 2 for bad input.

Examples:
  holodice check --samples sim.csv swtcg --attacker \"Power 3\" \\
      --defender \"Health 2\"
  my-simulator | holodice check --samples - --format json legion \\
      --attacker \"4 red, surge crit\" --defender \"white defense, cover light\"
  holodice check --samples suppression.txt legion-sequence --variable suppression \\
      --defender \"@Rebel Troopers\" --attack \"@Stormtroopers\" --attack \"@Stormtroopers\"
";

#[derive(Debug, Deserialize)]
#[cfg_attr(feature = "native", derive(Args))]
#[serde(rename_all = "kebab-case")]
pub struct CheckArgs {
    /// The samples: one integer outcome per line, or outcome,count rows ("-" reads standard
    /// input)
    #[cfg_attr(feature = "native", arg(long, value_name = "FILE", value_hint = clap::ValueHint::FilePath))]
    samples: PathBuf,
    /// The significance level: the samples are rejected when the p-value is below it
    #[cfg_attr(feature = "native", arg(long, value_name = "A", default_value = "1e-6", value_parser = super::parse_alpha))]
    alpha: f64,
    /// The test of fit
    #[cfg_attr(feature = "native", arg(long, value_enum, default_value_t = TestArg::ChiSquare))]
    test: TestArg,
    /// Output format: text or json (may also be given after the game's arguments) [default:
    /// text]
    #[cfg_attr(feature = "native", arg(long, value_enum))]
    format: Option<CheckFormatArg>,
    #[cfg_attr(feature = "native", command(subcommand))]
    #[serde(flatten)]
    scenario: CheckScenario,
}

#[derive(Debug, Deserialize)]
#[cfg_attr(feature = "native", derive(Subcommand))]
#[serde(rename_all = "kebab-case")]
enum CheckScenario {
    /// A SWTCG attack, given as to `holodice swtcg attack`
    #[cfg_attr(feature = "native", command(
        after_long_help = swtcg::attack_help(),
        mut_arg("format", check_format_help),
        mut_arg("enhance", |a| a.help("The samples are of the attack with the Enhance effects paid \
            ('enhance: ITEM' items, or a card's enhance field)")),
        mut_arg("exact", |a| a.hide(true)),
        mut_arg("digits", |a| a.hide(true)),
        mut_arg("verbose", |a| a.hide(true)),
        mut_arg("plot", |a| a.hide(true))
    ))]
    Swtcg(CheckSwtcgArgs),
    /// A Legion attack, given as to `holodice legion attack`
    #[cfg_attr(feature = "native", command(
        after_long_help = super::legion_args::HELP,
        mut_arg("format", check_format_help),
        mut_arg("exact", |a| a.hide(true)),
        mut_arg("digits", |a| a.hide(true)),
        mut_arg("verbose", |a| a.hide(true)),
        mut_arg("plot", |a| a.hide(true))
    ))]
    Legion(CheckLegionArgs),
    /// A Legion sequence of attacks on one unit, given as to `holodice legion sequence`
    #[cfg_attr(feature = "native", command(
        name = "legion-sequence",
        after_long_help = super::legion_sequence::HELP,
        mut_arg("format", check_format_help),
        mut_arg("exact", |a| a.hide(true)),
        mut_arg("digits", |a| a.hide(true)),
        mut_arg("verbose", |a| a.hide(true)),
        mut_arg("plot", |a| a.hide(true))
    ))]
    LegionSequence(CheckSequenceArgs),
}

#[derive(Debug, Deserialize)]
#[cfg_attr(feature = "native", derive(Args))]
#[serde(rename_all = "kebab-case")]
struct CheckSwtcgArgs {
    /// The variable the samples are of
    #[cfg_attr(feature = "native", arg(long, value_enum, default_value_t = SwtcgVariable::Damage))]
    variable: SwtcgVariable,
    #[cfg_attr(feature = "native", command(flatten))]
    #[serde(flatten)]
    attack: SwtcgAttackArgs,
}

#[derive(Debug, Deserialize)]
#[cfg_attr(feature = "native", derive(Args))]
#[serde(rename_all = "kebab-case")]
struct CheckLegionArgs {
    /// The variable the samples are of
    #[cfg_attr(feature = "native", arg(long, value_enum, default_value_t = LegionVariable::Wounds))]
    variable: LegionVariable,
    #[cfg_attr(feature = "native", command(flatten))]
    #[serde(flatten)]
    attack: LegionAttackArgs,
}

#[derive(Debug, Deserialize)]
#[cfg_attr(feature = "native", derive(Args))]
#[serde(rename_all = "kebab-case")]
struct CheckSequenceArgs {
    /// The variable the samples are of: wounds, minis_defeated, wiped, suppression, suppressed,
    /// panicked, guardian_wounds, guardian_minis_defeated, guardian_wiped, attacks_needed or
    /// attacks.N.wounds (N from 1), as `legion simulate-sequence` names them
    #[cfg_attr(
        feature = "native",
        arg(long, value_name = "NAME", default_value = "wounds")
    )]
    variable: String,
    #[cfg_attr(feature = "native", command(flatten))]
    #[serde(flatten)]
    sequence: SequenceArgs,
}

#[derive(Clone, Copy, Debug, Deserialize)]
#[cfg_attr(feature = "native", derive(ValueEnum))]
#[serde(rename_all = "kebab-case")]
enum TestArg {
    /// Pearson's chi-square: the sum of (observed - expected)^2 / expected
    ChiSquare,
    /// The likelihood-ratio G-test: 2 times the sum of observed ln(observed / expected)
    GTest,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug, Deserialize)]
#[cfg_attr(feature = "native", derive(ValueEnum))]
#[serde(rename_all = "kebab-case")]
enum CheckFormatArg {
    Text,
    Json,
}

#[derive(Clone, Copy, Debug, Deserialize)]
#[cfg_attr(feature = "native", derive(ValueEnum))]
#[serde(rename_all = "kebab-case")]
enum SwtcgVariable {
    /// Hits of the final attack roll
    Hits,
    /// Damage counters placed on the defender
    Damage,
    /// Damage counters placed on the attacker (Riposte)
    #[cfg_attr(
        feature = "native",
        value(name = "attacker_damage", alias = "attacker-damage")
    )]
    #[serde(rename = "attacker_damage")]
    AttackerDamage,
}

#[derive(Clone, Copy, Debug, Deserialize)]
#[cfg_attr(feature = "native", derive(ValueEnum))]
#[serde(rename_all = "kebab-case")]
enum LegionVariable {
    /// Wounds on the defender
    Wounds,
    /// Hits plus crits after rerolls and surge conversion
    #[cfg_attr(
        feature = "native",
        value(name = "attack_results", alias = "attack-results")
    )]
    #[serde(rename = "attack_results")]
    AttackResults,
    /// Wounds on the attacker (Deflect, Djem So)
    #[cfg_attr(
        feature = "native",
        value(name = "attacker_wounds", alias = "attacker-wounds")
    )]
    #[serde(rename = "attacker_wounds")]
    AttackerWounds,
    /// Wounds on the guardian (needs --guardian)
    #[cfg_attr(
        feature = "native",
        value(name = "guardian_wounds", alias = "guardian-wounds")
    )]
    #[serde(rename = "guardian_wounds")]
    GuardianWounds,
}

/// The attack commands' --format, as `check` takes it after the game.
#[cfg(feature = "native")]
fn check_format_help(a: clap::Arg) -> clap::Arg {
    a.help("Output format: text or json (as before the game) [default: text]")
        .hide_possible_values(true)
        .hide_default_value(true)
}

/// `check`'s answer: the game and variable tested, what the samples are of (the SPECs, the
/// rule options), and the test's result.
#[derive(Debug, Serialize)]
#[cfg_attr(feature = "native", derive(schemars::JsonSchema))]
pub(crate) struct CheckAnswer {
    schema: u32,
    game: &'static str,
    variable: String,
    /// What the samples are of, for people: "Legion attack".
    #[serde(skip)]
    what: String,
    #[serde(flatten)]
    context: IndexMap<&'static str, String>,
    /// How the samples are named, for people: the file, or the request's samples.
    #[serde(skip)]
    source: String,
    #[serde(flatten)]
    fit: FitAnswer,
}

impl CheckAnswer {
    /// The samples `observed` (named `source`) tested with `test` against `exact`.
    fn new(
        exact: Exact,
        observed: &BTreeMap<i64, u64>,
        test: TestArg,
        alpha: f64,
        source: String,
    ) -> CheckAnswer {
        let fit = match test {
            TestArg::ChiSquare => gof::chi_square(observed, &exact.dist),
            TestArg::GTest => gof::g_test(observed, &exact.dist),
        };
        CheckAnswer {
            schema: crate::report::SCHEMA,
            game: exact.game,
            variable: exact.variable,
            what: exact.what,
            context: (exact.context.into_iter())
                .filter_map(|(k, v)| v.map(|v| (k, crate::report::squeeze(&v))))
                .collect(),
            source,
            fit: FitAnswer::new(&fit, alpha),
        }
    }

    /// For people: what was checked, its context lines (the empty ones left out), the
    /// samples, then the test's result.
    fn text(&self) -> String {
        let mut s = format!("Check of {} samples: {}\n", self.what, self.variable);
        for (k, v) in self.context.iter().filter(|(_, v)| !v.is_empty()) {
            let k = k.replace('_', " ");
            s.push_str(&format!("{}{}: {v}\n", k[..1].to_uppercase(), &k[1..]));
        }
        let samples = self.fit.samples();
        s.push_str(&format!("Samples: {samples} from {}\n\n", self.source));
        s + &self.fit.text()
    }
}

/// The context lines, the game and variable names and the exact distribution of a check.
struct Exact {
    game: &'static str,
    /// What the samples are of, for people: "Legion attack".
    what: String,
    variable: String,
    context: Vec<(&'static str, Option<String>)>,
    dist: holodice_engine::dist::Dist,
}

impl Exact {
    /// The exact distribution of `variable` in the attack `query` (`absent` when the attack
    /// has none), with the context lines `context` gives from the outcome.
    fn of<G: Shown + Simulated>(
        query: &G::Query,
        variable: &'static str,
        absent: impl Fn() -> Error,
        context: impl Fn(&G::Outcome) -> Vec<(&'static str, Option<String>)>,
    ) -> Result<Exact, Error> {
        let outcome = G::attack(query)?;
        let dist = G::variables(query, &outcome)
            .into_iter()
            .find(|(key, _)| key == variable)
            .map(|(_, d)| d)
            .ok_or_else(absent)?;
        Ok(Exact {
            game: G::KEY,
            what: format!("{} attack", G::NAME),
            variable: variable.to_string(),
            context: context(&outcome),
            dist,
        })
    }
}

fn swtcg_exact(c: &CheckSwtcgArgs, query: &Scenario) -> Result<Exact, Error> {
    let (s, a) = (&c.attack, &c.attack.attack);
    let variable = match c.variable {
        SwtcgVariable::Hits => "hits",
        SwtcgVariable::Damage => "damage",
        SwtcgVariable::AttackerDamage => "attacker_damage",
    };
    let context = |result: &holodice_engine::swtcg::attack::Attack| {
        let lucky = result.lucky.map(|_| match query.policy {
            Policy::Greedy => "greedy policy (docs/rules.md)".to_string(),
            Policy::Optimal => format!("optimal policy ({})", query.objective.name()),
        });
        vec![
            ("attacker", Some(a.attacker.clone())),
            ("defender", Some(a.defender.clone())),
            ("secondary", s.secondary.clone()),
            ("interceptor", s.interceptor.clone()),
            ("mode", query.mode.map(|m| m.name().to_string())),
            (
                "rules",
                (!a.rules.given.is_empty()).then(|| a.rules.given.join(", ")),
            ),
            ("enhance", s.enhance.then(|| "paid".to_string())),
            ("Lucky re-rolls", lucky),
        ]
    };
    let absent = || engine::Error::input(format!("{variable}: no such variable")).into();
    Exact::of::<Swtcg>(query, variable, absent, context)
}

fn legion_exact(c: &CheckLegionArgs, query: &LegionScenario) -> Result<Exact, Error> {
    let (s, on_table) = (&c.attack.units, &c.attack);
    let variable = match c.variable {
        LegionVariable::Wounds => "wounds",
        LegionVariable::AttackResults => "attack_results",
        LegionVariable::AttackerWounds => "attacker_wounds",
        LegionVariable::GuardianWounds => "guardian_wounds",
    };
    let context = |_: &holodice_engine::legion::attack::LegionAttack| {
        vec![
            ("attacker", Some(s.attacker.clone())),
            ("defender", Some(s.defender.clone())),
            ("guardian", s.guardian.clone()),
            ("rolled", on_table.rolled.clone()),
            ("converted", on_table.converted.clone()),
            ("edition", Some(query.edition.name().to_string())),
            (
                "policy",
                Some(crate::report::legion::policy_name(
                    query.policy,
                    query.objective,
                )),
            ),
        ]
    };
    let absent = || {
        engine::Error::about(
            Some(Input::Variable),
            "--variable guardian_wounds needs a guardian: give --guardian SPEC",
        )
        .into()
    };
    Exact::of::<Legion>(query, variable, absent, context)
}

/// The sequence's variable the check tests (see [`sequence_variable`]), its exact distribution.
fn sequence_exact(c: &CheckSequenceArgs, q: &Sequence) -> Result<Exact, Error> {
    let s = &c.sequence;
    let variable = c.variable.trim();
    let result = s.exact(q)?;
    let dist = compare::legion_sequence(&result)
        .into_iter()
        .find(|(key, _)| key == variable)
        .map(|(_, d)| d)
        .ok_or_else(|| {
            engine::Error::about(
                Some(Input::Variable),
                format!(
                    "--variable {variable}: this sequence has none (minis_defeated, wiped and \
                     attacks_needed need the defender's wounds per mini; guardian_wounds a \
                     --guardian, and its wounds per mini for guardian_minis_defeated and \
                     guardian_wiped)"
                ),
            )
        })?;
    let attacks = match s.until_wiped {
        true => format!(
            "{}, until wiped (at most {})",
            q.attacks[0],
            q.attacks.len()
        ),
        false => q.attacks.join("; "),
    };
    Ok(Exact {
        game: "legion",
        what: "Legion attack sequence".to_string(),
        variable: variable.to_string(),
        context: vec![
            ("defender", Some(s.defender.clone())),
            ("guardian", s.guardian.clone()),
            ("attacks", Some(attacks)),
            ("suppression_gained", Some(s.gained().name().to_string())),
            ("edition", Some(q.choices.edition.name().to_string())),
            (
                "policy",
                Some(crate::report::legion::policy_name(
                    q.choices.policy,
                    q.choices.objective,
                )),
            ),
        ],
        dist,
    })
}

/// The variables of a sequence of `attacks` attacks: refuses any other name, before the
/// sequence is computed.
fn sequence_variable(name: &str, attacks: usize) -> Result<(), Error> {
    const NAMES: [&str; 10] = [
        "wounds",
        "minis_defeated",
        "wiped",
        "suppression",
        "suppressed",
        "panicked",
        "guardian_wounds",
        "guardian_minis_defeated",
        "guardian_wiped",
        "attacks_needed",
    ];
    let attack = (name
        .strip_prefix("attacks.")
        .and_then(|n| n.strip_suffix(".wounds")))
    .map(|n| {
        n.parse::<usize>()
            .ok()
            .filter(|n| (1..=attacks).contains(n))
    });
    match (NAMES.contains(&name), attack) {
        (true, _) | (_, Some(Some(_))) => Ok(()),
        (false, Some(None)) => Err(engine::Error::about(
            Some(Input::Variable),
            format!("--variable {name}: the sequence makes attacks 1 to {attacks}: give attacks.1.wounds to attacks.{attacks}.wounds"),
        ).into()),
        (false, None) => Err(engine::Error::about(
            Some(Input::Variable),
            format!(
                "--variable {name}: not a variable of a sequence; give {} or attacks.N.wounds",
                NAMES.join(", ")
            ),
        ).into()),
    }
}

/// The attack whose samples a check tests, read but not computed.
enum Tested {
    /// An SWTCG attack.
    Swtcg(Box<CheckSwtcgArgs>, Box<Scenario>),
    /// A Legion attack.
    Legion(Box<CheckLegionArgs>, Box<LegionScenario>),
    /// A Legion sequence.
    Sequence(Box<CheckSequenceArgs>, Box<Sequence<'static>>),
}

/// `check`, read: the attack, the samples and the test.
pub(super) struct Check {
    tested: Tested,
    format: CheckFormatArg,
    /// The samples' counts, or why they could not be read: that error comes after the exact
    /// distribution's, as the check computes that first.
    observed: Result<BTreeMap<i64, u64>, Error>,
    /// How the samples are named: the file, or the request's samples.
    source: String,
    /// The significance level.
    alpha: f64,
    test: TestArg,
}

impl Check {
    pub(super) fn read(a: CheckArgs, cards: &Cards, files: &dyn Files) -> Result<Check, Error> {
        let (format, tested) = match a.scenario {
            CheckScenario::Swtcg(c) => {
                let format = check_format(a.format, &c.attack.attack.output)?;
                // The attack `swtcg attack` answers first: Enhance paid as --enhance says.
                let (units, setting, pay) = c.attack.read(cards, files)?;
                let query = units.scenario(&setting, c.attack.enhance, pay)?;
                if c.attack.enhance && !units.enhanceable() {
                    return Err(swtcg::no_enhance());
                }
                (format, Tested::Swtcg(c.into(), query.into()))
            }
            CheckScenario::Legion(c) => {
                let format = check_format(a.format, &c.attack.units.output)?;
                let query = c.attack.setup(LegionCards::builtin(), files)?;
                (format, Tested::Legion(c.into(), query.into()))
            }
            CheckScenario::LegionSequence(c) => {
                let format = check_format(a.format, &c.sequence.output)?;
                let q = c.sequence.read(LegionCards::builtin(), files)?;
                sequence_variable(c.variable.trim(), q.attacks.len())?;
                (format, Tested::Sequence(c.into(), q.into()))
            }
        };
        let source = files.describe("--samples", &a.samples);
        let observed = (files.open("--samples", &a.samples))
            .and_then(|mut input| read_samples(&source, &mut *input));
        Ok(Check {
            tested,
            format,
            observed,
            source,
            alpha: a.alpha,
            test: a.test,
        })
    }

    /// The check's work: its attack's.
    pub(super) fn cost(&self) -> Result<u64, engine::Error> {
        use holodice_engine::game::Game;
        match &self.tested {
            Tested::Swtcg(_, query) => Swtcg::cost(query),
            Tested::Legion(_, query) => Legion::cost(query),
            Tested::Sequence(c, q) => c.sequence.estimate(q),
        }
    }

    /// The exact distribution of the chosen variable, the samples, the test; `rejected` when
    /// the samples are not consistent with the exact distribution.
    pub(super) fn run(self) -> Result<Answer, Error> {
        let exact = match &self.tested {
            Tested::Swtcg(c, query) => swtcg_exact(c, query)?,
            Tested::Legion(c, query) => legion_exact(c, query)?,
            Tested::Sequence(c, q) => sequence_exact(c, q)?,
        };
        let observed = self.observed?;
        let answer = CheckAnswer::new(exact, &observed, self.test, self.alpha, self.source);
        let (body, format) = match self.format {
            CheckFormatArg::Json => {
                let json = serde_json::to_string_pretty(&answer).expect("typed answers serialize");
                (json + "\n", FormatArg::Json)
            }
            CheckFormatArg::Text => (answer.text(), FormatArg::Text),
        };
        let mut printed = Answer::new(body, format.media_type());
        printed.rejected = !answer.fit.consistent();
        Ok(printed)
    }
}

/// The output format of `check`, given before the game or (as for the attack commands) after
/// it; the attack commands' --exact and --plot have no meaning here.
fn check_format(
    before: Option<CheckFormatArg>,
    after: &OutputArgs,
) -> Result<CheckFormatArg, Error> {
    if after.plot.is_some() {
        return Err(engine::Error::input(
            "check draws no chart: remove --plot (the attack command draws one)",
        )
        .into());
    }
    if after.exact {
        return Err(engine::Error::input(
            "check prints counts, not exact fractions: remove --exact",
        )
        .into());
    }
    if after.verbose {
        return Err(
            engine::Error::input("check prints every option it used: remove --verbose").into(),
        );
    }
    match (before, after.format) {
        (Some(f), FormatArg::Text) => Ok(f),
        (None, FormatArg::Text) => Ok(CheckFormatArg::Text),
        (None, FormatArg::Json) => Ok(CheckFormatArg::Json),
        (Some(_), _) => Err(engine::Error::input(
            "check: --format is given before and after the game; give it once",
        )
        .into()),
        (None, other) => Err(engine::Error::input(format!(
            "check prints --format text or json, not {}",
            other.name()
        ))
        .into()),
    }
}

/// The samples `input` holds, read a line at a time (at most [`gof::MAX_LINE`] + 1 bytes of
/// each, so a long line costs no more), counted as they come.
pub fn read_samples(source: &str, input: &mut dyn BufRead) -> Result<BTreeMap<i64, u64>, Error> {
    let mut samples = gof::Samples::new(source);
    let mut buf = Vec::new();
    loop {
        buf.clear();
        let n = input
            .take(gof::MAX_LINE as u64 + 1)
            .read_until(b'\n', &mut buf)
            .map_err(|e| Error::File(format!("cannot read {source}: {e}")))?;
        if n == 0 {
            return Ok(samples.counts()?);
        }
        samples.line(&buf)?;
    }
}
