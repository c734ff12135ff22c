//! `holodice swtcg compare` and `holodice legion compare`: several loadouts, one grid.

use super::legion::LegionChoices;
use super::output::{render, Answer, OutputArgs, Rendered};
use super::swtcg::{ChoiceArgs, RuleArgs, UnitArgs, UnitReader};
use super::Files;
use crate::compare::{label, Comparison, Loadout, MAX_LOADOUTS, MAX_WORDS, MAX_WORK};
use crate::legion::{self, spec::Scenario as LegionScenario};
use crate::report::{matchup, squeeze};
use crate::swtcg::{self, attack::Scenario, cards::Cards};
use crate::{plot, Error};
use clap::Args;

pub(super) const SWTCG_HELP: &str = "Each --attacker is compared against each --defender, in \
the order given (A, B, …; at most 10 loadouts), under the same rule options and policy. Rows: \
the mean damage counters, the chance to destroy (defenders with Health), and P(≥ k) for each k. \
--plot draws one P(≥ k) curve per loadout.

Examples:
  holodice swtcg compare --attacker \"Power 5, Accuracy 1\" \\
      --attacker \"Power 5, Critical Hit 2\" --defender \"Health 4, Armor\"
  holodice swtcg compare --attacker \"Power 6\" --defender \"Health 5\" \\
      --defender \"Health 5, Parry 1\" --format markdown --plot compare.svg
";

pub(super) const LEGION_HELP: &str = "Each --attacker is compared against each --defender, in \
the order given (A, B, …; at most 10 loadouts), under the same edition and policy. Rows: the \
mean wounds and P(≥ k) for each k. --plot draws one P(≥ k) curve per loadout.

Examples:
  holodice legion compare --attacker \"5 red, surge crit\" \\
      --attacker \"4 red, surge crit, aim 1\" \\
      --defender \"white defense, cover light\"
  holodice legion compare --attacker \"4 black, Pierce 1\" \\
      --defender \"red defense\" --defender \"red defense, Impervious\"
";

#[derive(Args)]
pub struct SwtcgCompareArgs {
    /// An attacking unit (repeat: one loadout each), e.g. "Power 5, Accuracy 1"
    #[arg(long, value_name = "SPEC", required = true)]
    attacker: Vec<String>,
    /// A defending unit (repeat: every attacker attacks each), e.g. "Health 4, Armor"
    #[arg(long, value_name = "SPEC")]
    defender: Vec<String>,
    #[command(flatten)]
    choices: ChoiceArgs,
    #[command(flatten)]
    rules: RuleArgs,
    #[command(flatten)]
    units: UnitArgs,
    #[command(flatten)]
    output: OutputArgs,
}

#[derive(Args)]
pub struct LegionCompareArgs {
    /// An attacking unit (repeat: one loadout each), e.g. "4 red, surge crit, aim 1"
    #[arg(long, value_name = "SPEC", required = true)]
    attacker: Vec<String>,
    /// A defending unit (repeat: every attacker attacks each), e.g. "white defense, cover light"
    #[arg(long, value_name = "SPEC", required = true)]
    defender: Vec<String>,
    /// A unit guarding every defender, e.g. "Guardian 2, red defense, surge block"
    #[arg(long, value_name = "SPEC")]
    guardian: Option<String>,
    #[command(flatten)]
    cards: super::legion::LegionCardArgs,
    #[command(flatten)]
    choices: LegionChoices,
    #[command(flatten)]
    output: OutputArgs,
}

/// Every attacker against every defender, in order; refused unless there are 2 to 10.
fn pairs<'a>(
    attackers: &'a [String],
    defenders: &'a [String],
) -> Result<Vec<(&'a str, &'a str)>, Error> {
    let pairs: Vec<(&str, &str)> = attackers
        .iter()
        .flat_map(|a| defenders.iter().map(move |d| (a.as_str(), d.as_str())))
        .collect();
    match pairs.len() {
        0 | 1 => Err(Error::Input(
            "compare needs two loadouts or more: give a second --attacker or --defender".into(),
        )),
        n if n > MAX_LOADOUTS => Err(Error::TooLarge(format!(
            "{} attackers × {} defenders make {n} loadouts, over the limit of {MAX_LOADOUTS}: \
             compare fewer at once",
            attackers.len(),
            defenders.len()
        ))),
        _ => Ok(pairs),
    }
}

/// Where in a comparison an error arose: "loadout B (Power 3 against Health 2)".
fn loadout(i: usize, attacker: &str, defender: &str) -> String {
    format!("loadout {} ({})", label(i), matchup(attacker, defender))
}

/// The comparison in the chosen format, with one P(≥ k) curve per loadout for --plot.
fn finish(c: &Comparison, output: &OutputArgs) -> Result<Answer, Error> {
    let svg = || {
        let (x, series) = c.curves();
        let title = format!("{} comparison", c.game);
        plot::curves_svg(&title, c.variable, "P(≥ k)", &x, &series)
    };
    render(
        Rendered::Grid(&c.grid()),
        output.format,
        output.options(),
        output.plot.as_ref(),
        svg,
    )
}

/// Notes of the loadouts' attacks, each once, at the end of the caption, each ending in a full
/// stop so that they read apart.
fn with_notes(line: String, notes: Vec<String>) -> String {
    let mut unique: Vec<String> = Vec::new();
    for n in notes {
        let n = match n.ends_with(['.', '!', '?']) {
            true => n,
            false => format!("{n}."),
        };
        if !unique.contains(&n) {
            unique.push(n);
        }
    }
    match unique.is_empty() {
        true => line,
        false => format!("{line}; notes: {}", unique.join(" ")),
    }
}

/// Refuses, before any attack is made, loadouts whose attacks add up to more than [`MAX_WORK`]
/// or whose distributions may grow past [`MAX_WORDS`]; an attack over its own limits is refused
/// with its loadout's name.
fn check_work(pairs: &[(&str, &str)], scenarios: &[Scenario]) -> Result<(), Error> {
    let (mut work, mut words) = (0u64, 0u64);
    for (i, ((attacker, defender), s)) in pairs.iter().zip(scenarios).enumerate() {
        let within = |e: Error| e.within(&loadout(i, attacker, defender));
        work = work.saturating_add(swtcg::attack::cost(s).map_err(within)?);
        words = words.saturating_add(swtcg::attack::size(s).map_err(within)?.damage_words());
        if words > MAX_WORDS {
            return Err(Error::TooLarge(format!(
                "these loadouts' exact distributions may grow to {words} words by loadout {}, \
                 over the limit of {MAX_WORDS} for one comparison: compare fewer or smaller \
                 attacks at once",
                label(i)
            )));
        }
    }
    if work > MAX_WORK {
        return Err(Error::TooLarge(format!(
            "these loadouts' attacks add up to {work} units of work, over the limit of \
             {MAX_WORK} for one comparison: compare fewer or smaller attacks at once"
        )));
    }
    Ok(())
}

pub(super) fn swtcg(
    a: &SwtcgCompareArgs,
    cards: &Cards,
    files: &dyn Files,
) -> Result<Answer, Error> {
    let defenders = match a.defender.is_empty() {
        true => vec![String::new()],
        false => a.defender.clone(),
    };
    let pairs = pairs(&a.attacker, &defenders)?;
    let reader = UnitReader::new(&a.units, a.choices.mode(), cards, files)?;
    let base = Scenario {
        mode: a.choices.mode(),
        policy: a.choices.policy(),
        objective: swtcg::attack::objective(&a.choices.objective)?,
        rules: a.rules.rules()?,
        ..Scenario::default()
    };
    let scenarios = pairs
        .iter()
        .map(|(attacker, defender)| {
            Ok(Scenario {
                attacker: reader.unit("attacker", attacker, true)?,
                defender: reader.unit("defender", defender, false)?,
                ..base.clone()
            })
        })
        .collect::<Result<Vec<_>, Error>>()?;
    check_work(&pairs, &scenarios)?;
    let (mut loadouts, mut notes, mut lucky) = (Vec::new(), Vec::new(), false);
    for (i, ((attacker, defender), s)) in pairs.into_iter().zip(scenarios).enumerate() {
        let result =
            swtcg::attack::run(&s).map_err(|e| e.within(&loadout(i, attacker, defender)))?;
        lucky |= result.lucky.is_some();
        notes.extend(result.notes);
        loadouts.push(Loadout {
            attacker: s.attacker.describe(),
            defender: s.defender.describe(),
            dist: result.damage,
            destroyed: result.destroyed,
        });
    }
    let (context, line) = crate::report::swtcg::shared_context(&base, lucky);
    let c = Comparison {
        game: "SWTCG",
        key: "damage",
        variable: "damage counters on the defender",
        destroyed: ("destroyed", "chance to destroy"),
        loadouts,
        context,
        context_line: with_notes(line, notes),
    };
    finish(&c, &a.output)
}

pub(super) fn legion(
    a: &LegionCompareArgs,
    cards: &legion::cards::Cards,
    files: &dyn Files,
) -> Result<Answer, Error> {
    let pairs = pairs(&a.attacker, &a.defender)?;
    let (edition, policy) = a.choices.read()?;
    let cards = a.cards.read(cards, files)?;
    let (mut loadouts, mut notes) = (Vec::new(), Vec::new());
    for (i, (attacker, defender)) in pairs.into_iter().enumerate() {
        let s = LegionScenario::parse_with(attacker, defender, a.guardian.as_deref(), &cards)?;
        let result = legion::attack::attack(&s, edition, policy)
            .map_err(|e| e.within(&loadout(i, attacker, defender)))?;
        notes.extend(result.notes);
        loadouts.push(Loadout {
            attacker: squeeze(attacker),
            defender: squeeze(defender),
            destroyed: result.losses.map(|l| l.wiped),
            dist: result.wounds,
        });
    }
    let (context, line) =
        crate::report::legion::shared_context(a.guardian.as_deref(), edition, policy);
    let c = Comparison {
        game: "Legion",
        key: "wounds",
        variable: "wounds on the defender",
        destroyed: ("wiped", "chance to wipe"),
        loadouts,
        context,
        context_line: with_notes(line, notes),
    };
    finish(&c, &a.output)
}
