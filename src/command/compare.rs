//! `holodice swtcg compare` and `holodice legion compare`: several loadouts, one grid.

use super::legion_args::{LegionCardArgs, LegionChoices};
use super::legion_sequence::Gained;
use super::output::{render, Answer, OutputArgs};
use super::swtcg_args::{ChoiceArgs, RuleArgs, UnitArgs, UnitReader};
use super::Files;
use crate::error::Error;
use crate::plot;
use crate::report::compare::{self, CompareAnswer, Loadout};
use crate::report::context::{Context, LegionContext, SwtcgContext};
use crate::report::{matchup, squeeze, Shown};
#[cfg(feature = "native")]
use clap::Args;
use holodice_engine::compare::{label, MAX_LOADOUTS};
use holodice_engine::error::{self as engine, Input};
use holodice_engine::game::{Game, Legion, LegionSequences, SequenceQuery, Swtcg};
use holodice_engine::legion::{self, Scenario as LegionScenario};
use holodice_engine::swtcg::{self, attack::Scenario, cards::Cards};
use serde::Deserialize;
use std::borrow::Cow;
use std::sync::Arc;

#[cfg(feature = "native")]
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

#[cfg(feature = "native")]
pub(super) const LEGION_HELP: &str = "Each --attacker is compared against each --defender, in \
the order given (A, B, …; at most 10 loadouts), under the same edition and policy. Rows: the \
mean wounds and P(≥ k) for each k. --plot draws one P(≥ k) curve per loadout.

--sequence \"SPEC ; SPEC ; …\" is a loadout of several attacks on the defender, made in order as \
`legion sequence` makes them (the unit's wounds, minis, suppression and tokens carried from one \
to the next; --policy optimal plans each whole sequence for --objective, which may be wipe). \
With a --sequence, every loadout is a sequence (an --attacker one of one attack; the wounds \
stop at the unit's), the --attacker loadouts first; a sequence's points are its unit's when \
every attack's unit has the same, for the per-100-points rows.

Examples:
  holodice legion compare --attacker \"5 red, surge crit\" \\
      --attacker \"4 red, surge crit, aim 1\" \\
      --defender \"white defense, cover light\"
  holodice legion compare --attacker \"4 black, Pierce 1\" \\
      --defender \"red defense\" --defender \"red defense, Impervious\"
  holodice legion compare --defender \"@Stormtroopers\" \\
      --sequence \"4 red, surge hit, melee ; 4 red, surge hit, melee\" \\
      --sequence \"4 red, surge hit, aim 2, melee\"
";

#[derive(Debug, Deserialize)]
#[cfg_attr(feature = "native", derive(Args))]
#[serde(rename_all = "kebab-case")]
pub struct SwtcgCompareArgs {
    /// An attacking unit (repeat: one loadout each), e.g. "Power 5, Accuracy 1"
    #[cfg_attr(feature = "native", arg(long, value_name = "SPEC", required = true))]
    attacker: Vec<String>,
    /// A defending unit (repeat: every attacker attacks each), e.g. "Health 4, Armor"
    #[cfg_attr(feature = "native", arg(long, value_name = "SPEC"))]
    defender: Vec<String>,
    #[cfg_attr(feature = "native", command(flatten))]
    #[serde(flatten)]
    choices: ChoiceArgs,
    #[cfg_attr(feature = "native", command(flatten))]
    #[serde(flatten)]
    rules: RuleArgs,
    #[cfg_attr(feature = "native", command(flatten))]
    #[serde(flatten)]
    units: UnitArgs,
    #[cfg_attr(feature = "native", command(flatten))]
    #[serde(flatten)]
    output: OutputArgs,
}

#[derive(Debug, Deserialize)]
#[cfg_attr(feature = "native", derive(Args))]
#[serde(rename_all = "kebab-case")]
pub struct LegionCompareArgs {
    /// An attacking unit (repeat: one loadout each), e.g. "4 red, surge crit, aim 1"
    #[cfg_attr(
        feature = "native",
        arg(long, value_name = "SPEC", required_unless_present = "sequences")
    )]
    attacker: Vec<String>,
    /// Attacks in sequence on the defender (repeat: one loadout each), their SPECs separated
    /// by ';', e.g. "@Wookiee Warriors, melee ; @Wookiee Warriors, melee"
    #[cfg_attr(feature = "native", arg(long = "sequence", value_name = "SPEC ; SPEC"))]
    #[serde(rename = "sequence")]
    sequences: Vec<String>,
    /// A defending unit (repeat: every attacker attacks each), e.g. "white defense, cover light"
    #[cfg_attr(feature = "native", arg(long, value_name = "SPEC", required = true))]
    defender: Vec<String>,
    /// A unit guarding every defender, e.g. "Guardian 2, red defense, surge block"
    #[cfg_attr(feature = "native", arg(long, value_name = "SPEC"))]
    guardian: Option<String>,
    /// With --sequence: when a ranged attack gives the defender a suppression token, hits or
    /// always (as legion sequence's)
    #[cfg_attr(feature = "native", arg(long, value_enum, default_value_t = Gained::Hits))]
    suppression_gained: Gained,
    #[cfg_attr(feature = "native", command(flatten))]
    #[serde(flatten)]
    cards: LegionCardArgs,
    #[cfg_attr(feature = "native", command(flatten))]
    #[serde(flatten)]
    choices: LegionChoices,
    #[cfg_attr(feature = "native", command(flatten))]
    #[serde(flatten)]
    output: OutputArgs,
}

/// Each loadout's attacker and defender, as given.
type Pairs<'a> = Vec<(&'a str, &'a str)>;

/// Every attacker against every defender, in order; refused unless there are 2 to 10.
fn pairs<'a>(attackers: &'a [String], defenders: &'a [String]) -> Result<Pairs<'a>, engine::Error> {
    let pairs: Vec<(&str, &str)> = attackers
        .iter()
        .flat_map(|a| defenders.iter().map(move |d| (a.as_str(), d.as_str())))
        .collect();
    match pairs.len() {
        0 | 1 => Err(engine::Error::input(
            "compare needs two loadouts or more: give a second --attacker or --defender",
        )),
        n if n > MAX_LOADOUTS => Err(engine::Error::too_large(format!(
            "{} attackers × {} defenders make {n} loadouts, over the limit of {MAX_LOADOUTS}: \
             compare fewer at once",
            attackers.len(),
            defenders.len()
        ))
        .limit_of(Input::Attacker)),
        _ => Ok(pairs),
    }
}

/// Where in a comparison an error arose: "loadout B (Power 3 against Health 2)".
fn loadout(i: usize, (attacker, defender): (&str, &str)) -> String {
    format!("loadout {} ({})", label(i), matchup(attacker, defender))
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

/// One game's loadouts: each query with its SPECs (as the error names it) and its units as the
/// comparison shows them.
struct Loadouts<G: Shown> {
    specs: Vec<(String, String)>,
    shown: Vec<(String, String)>,
    queries: Vec<G::Query>,
}

/// The comparison of the loadouts, in the chosen format, with one P(≥ k) curve per loadout for
/// --plot; `context` gives what the attacks share, from the queries and their outcomes.
fn compare<G: Shown>(
    l: Loadouts<G>,
    context: impl Fn(&[G::Query], &[G::Outcome]) -> Context,
    output: &OutputArgs,
) -> Result<Answer, Error> {
    let place = |i: usize| loadout(i, (&l.specs[i].0, &l.specs[i].1));
    let outcomes = holodice_engine::compare::outcomes::<G>(&l.queries, place)?;
    let context = context(&l.queries, &outcomes);
    let notes = outcomes
        .iter()
        .flat_map(|o| super::notes(G::notes(o)))
        .collect();
    let loadouts = (l.shown.into_iter().enumerate())
        .zip(&outcomes)
        .zip(&l.queries)
        .map(|(((i, (attacker, defender)), o), q)| {
            let result = G::compared(G::damage(o).clone(), G::destroyed(o).cloned(), G::points(q));
            Loadout::new(i, attacker, defender, result)
        })
        .collect();
    let words = G::vocabulary();
    let variable = words.short(&words.damage);
    let phrases = compare::Phrases {
        game: G::NAME,
        variable: variable.clone(),
        destroyed: words.short(&words.destroyed),
        caption: with_notes(context.line(), notes),
    };
    let c = CompareAnswer::new(loadouts, context, phrases);
    let svg = || {
        let (x, series) = c.curves();
        let title = format!("{} comparison", G::NAME);
        plot::curves_svg(&title, &variable, "P(≥ k)", &x, &series)
    };
    render(
        &c,
        output.format,
        output.options(),
        output.plot.as_ref(),
        svg,
    )
}

/// `swtcg compare`, read: each loadout's attack.
pub(super) struct SwtcgCompare {
    loadouts: Loadouts<Swtcg>,
    output: OutputArgs,
}

impl SwtcgCompare {
    pub(super) fn read(
        a: SwtcgCompareArgs,
        cards: &Cards,
        files: &dyn Files,
    ) -> Result<SwtcgCompare, Error> {
        // No defender given is one without keywords.
        let defenders = match a.defender.is_empty() {
            true => vec![String::new()],
            false => a.defender.clone(),
        };
        let pairs = pairs(&a.attacker, &defenders)?;
        let reader = UnitReader::new(&a.units, a.choices.mode(), cards, files)?;
        let setting = a.choices.read(&a.rules)?;
        let queries = pairs
            .iter()
            .map(|(attacker, defender)| {
                Ok(setting.attack(
                    reader.unit("attacker", attacker, true)?,
                    reader.unit("defender", defender, false)?,
                ))
            })
            .collect::<Result<Vec<_>, Error>>()?;
        let loadouts = Loadouts {
            specs: pairs
                .iter()
                .map(|(a, d)| (a.to_string(), d.to_string()))
                .collect(),
            shown: queries
                .iter()
                .map(|s| (s.attacker.describe(), s.defender.describe()))
                .collect(),
            queries,
        };
        Ok(SwtcgCompare {
            loadouts,
            output: a.output,
        })
    }

    pub(super) fn cost(&self) -> Result<u64, engine::Error> {
        work::<Swtcg>(&self.loadouts.queries, &self.output)
    }

    pub(super) fn run(self) -> Result<Answer, Error> {
        let context = |queries: &[Scenario], outcomes: &[swtcg::attack::Attack]| {
            let lucky = outcomes.iter().any(|o| o.lucky.is_some());
            Context::Swtcg(SwtcgContext::new(&queries[0], lucky))
        };
        compare(self.loadouts, context, &self.output)
    }
}

/// The attacks' work, refused past the comparison's limits as its run would be, and their
/// printing's, summed.
fn work<G: Game>(queries: &[G::Query], output: &OutputArgs) -> Result<u64, engine::Error> {
    let attacks = holodice_engine::compare::estimate::<G>(queries, |i| i.to_string())?;
    queries.iter().try_fold(attacks, |sum, q| {
        Ok(sum.saturating_add(output.render_cost(G::words(q)?)))
    })
}

/// `legion compare`, read: each loadout's attack or sequence.
pub(super) struct LegionCompare {
    loadouts: LegionLoadouts,
    /// The guardian SPEC every loadout's defender has, as given.
    guardian: Option<String>,
    output: OutputArgs,
}

/// The loadouts of `legion compare`: attacks, or sequences when any is one.
enum LegionLoadouts {
    /// One attack each.
    Attacks(Loadouts<Legion>),
    /// Sequences of attacks (an `--attacker` one of one attack).
    Sequences(Loadouts<LegionSequences>),
}

impl LegionCompare {
    pub(super) fn read(
        a: LegionCompareArgs,
        cards: &legion::cards::Cards,
        files: &dyn Files,
    ) -> Result<LegionCompare, Error> {
        let loadouts = match a.sequences.is_empty() {
            true => LegionLoadouts::Attacks(legion_loadouts(&a, cards, files)?),
            false => LegionLoadouts::Sequences(sequence_loadouts(&a, cards, files)?),
        };
        Ok(LegionCompare {
            loadouts,
            guardian: a.guardian,
            output: a.output,
        })
    }

    pub(super) fn cost(&self) -> Result<u64, engine::Error> {
        match &self.loadouts {
            LegionLoadouts::Attacks(l) => work::<Legion>(&l.queries, &self.output),
            LegionLoadouts::Sequences(l) => work::<LegionSequences>(&l.queries, &self.output),
        }
    }

    pub(super) fn run(self) -> Result<Answer, Error> {
        let guardian = self.guardian.as_deref();
        match self.loadouts {
            LegionLoadouts::Attacks(l) => {
                let context = |queries: &[LegionScenario], _: &[legion::attack::LegionAttack]| {
                    Context::Legion(LegionContext::new(guardian, &queries[0]))
                };
                compare(l, context, &self.output)
            }
            LegionLoadouts::Sequences(l) => {
                let context =
                    |queries: &[SequenceQuery], _: &[legion::sequence::LegionSequence]| {
                        let shared = LegionContext::new(guardian, &queries[0].choices);
                        Context::Legion(shared.with_gained(queries[0].gained))
                    };
                compare(l, context, &self.output)
            }
        }
    }
}

/// Every loadout of a Legion comparison.
fn legion_loadouts(
    a: &LegionCompareArgs,
    cards: &legion::cards::Cards,
    files: &dyn Files,
) -> Result<Loadouts<Legion>, Error> {
    let pairs = pairs(&a.attacker, &a.defender)?;
    let choices = a.choices.read()?;
    let cards = a.cards.read(cards, files)?;
    let queries = pairs
        .iter()
        .map(|(attacker, defender)| {
            let s = LegionScenario::parse_with(attacker, defender, a.guardian.as_deref(), &cards)?;
            Ok(choices.apply(s))
        })
        .collect::<Result<Vec<_>, Error>>()?;
    Ok(Loadouts {
        specs: pairs
            .iter()
            .map(|(a, d)| (a.to_string(), d.to_string()))
            .collect(),
        shown: pairs
            .iter()
            .map(|(a, d)| (squeeze(a), squeeze(d)))
            .collect(),
        queries,
    })
}

/// Every loadout of a Legion comparison of sequences: the --attacker ones (one attack each),
/// then the --sequence ones.
fn sequence_loadouts(
    a: &LegionCompareArgs,
    cards: &legion::cards::Cards,
    files: &dyn Files,
) -> Result<Loadouts<LegionSequences>, Error> {
    let attackers: Vec<String> = a.attacker.iter().chain(&a.sequences).cloned().collect();
    let pairs: Vec<Specs> = pairs(&attackers, &a.defender)?
        .into_iter()
        .map(|(a, d)| (a.to_string(), d.to_string()))
        .collect();
    let choices = a.choices.scenario()?;
    // The built-in cards are shared as they are; other cards once for every loadout.
    let cards = match a.cards.read(cards, files)? {
        Cow::Borrowed(c) if std::ptr::eq(c, legion::cards::Cards::builtin()) => None,
        c => Some(Arc::new(c.into_owned())),
    };
    let queries = (pairs.iter())
        .map(|(attacker, defender)| SequenceQuery {
            attacks: attacker.split(';').map(|s| s.trim().to_string()).collect(),
            defender: defender.clone(),
            guardian: a.guardian.clone(),
            gained: a.suppression_gained.reading(),
            choices: choices.clone(),
            cards: cards.clone(),
        })
        .collect();
    Ok(Loadouts {
        shown: (pairs.iter())
            .map(|(a, d)| (squeeze(&a.replace(';', " then")), squeeze(d)))
            .collect(),
        specs: pairs,
        queries,
    })
}

/// A loadout's attacker (or attacks, separated by ';') and defender, as given.
type Specs = (String, String);
