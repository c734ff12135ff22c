//! `holodice legion matchups`: one attacker against every built-in unit (and those of
//! `--cards`), as one grid sorted by mean wounds or chance to wipe.

use super::legion_args::{LegionCardArgs, LegionChoices};
use super::output::{render, OutputArgs};
use super::Files;
use crate::error::Error;
use crate::listing::legion_units::Filter;
use crate::render::{Cell, Grid};
use crate::report::answer::{Answer, View};
use crate::report::context::LegionContext;
use crate::report::values::Fraction;
use crate::report::{squeeze, SCHEMA};
#[cfg(feature = "native")]
use clap::{Args, ValueEnum};
use holodice_engine::error as engine;
use holodice_engine::legion::cards::Cards;
use holodice_engine::legion::matchups::{plan, Matchup, Planned};
use holodice_engine::legion::Scenario;
use serde::{Deserialize, Serialize};

#[cfg(feature = "native")]
pub(super) const HELP: &str = "Attacks every unit card with the attacker: the built-in cards \
(every unit of Legion HQ's data) and those of --cards, each defender as its card gives it, plus \
--with (cover and tokens for all of them). Each matchup is an exact attack, as `legion attack` \
computes it; the grid sorts them by mean wounds (or --sort wiped: the chance to wipe the unit), \
best first, and gives each defender's points. --faction and --rank keep some defenders. The work \
of all the matchups is estimated before any runs and refused past a limit.

Examples:
  holodice legion matchups --attacker \"@Stormtroopers, +@DLT-19 Stormtrooper, range 3\"
  holodice legion matchups --attacker \"4 red, surge crit, aim 1\" \\
      --with \"cover light, dodge 1\" --faction rebels --sort wiped
";

#[derive(Debug, Deserialize)]
#[cfg_attr(feature = "native", derive(Args))]
#[serde(rename_all = "kebab-case")]
pub struct MatchupsArgs {
    /// The attacking unit, e.g. "@Stormtroopers, range 2, aim 1" or "4 red, surge crit"
    #[cfg_attr(feature = "native", arg(long, value_name = "SPEC"))]
    attacker: String,
    /// Items every defender gets besides its card: cover and tokens, e.g. "cover light, dodge 1"
    #[cfg_attr(
        feature = "native",
        arg(long = "with", value_name = "ITEMS", default_value = "")
    )]
    with: String,
    /// Only defenders of this faction: empire, rebels, republic, separatists, mercenary, …
    #[cfg_attr(feature = "native", arg(long))]
    faction: Option<String>,
    /// Only defenders of this rank: commander, operative, corps, special, support, heavy
    #[cfg_attr(feature = "native", arg(long))]
    rank: Option<String>,
    /// The order: mean wounds, or the chance to wipe the unit (defenders with no wounds per
    /// mini last), best first
    #[cfg_attr(feature = "native", arg(long, value_enum, default_value_t = Sort::Mean))]
    sort: Sort,
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

#[derive(Clone, Copy, PartialEq, Eq, Debug, Deserialize)]
#[cfg_attr(feature = "native", derive(ValueEnum))]
#[serde(rename_all = "kebab-case")]
enum Sort {
    /// Mean wounds on the defender
    Mean,
    /// The chance to wipe the defender
    Wiped,
}

/// `legion matchups`, read: the cards and the choices every matchup is made under.
pub(super) struct Matchups<'c> {
    /// The cards `@Name` can name, the `--cards` files' with them.
    cards: std::borrow::Cow<'c, Cards>,
    choices: Scenario,
    /// The arguments as given: what the answer shows and how it is printed.
    args: MatchupsArgs,
}

impl<'c> Matchups<'c> {
    pub(super) fn read(
        a: MatchupsArgs,
        cards: &'c Cards,
        files: &dyn Files,
    ) -> Result<Matchups<'c>, Error> {
        Ok(Matchups {
            cards: a.cards.read(cards, files)?,
            choices: a.choices.scenario()?,
            args: a,
        })
    }

    /// The work the query's attacks take, each estimated as `legion attack` estimates it: the
    /// matchups are parsed and estimated here as [`Matchups::run`] does before it runs them.
    pub(super) fn cost(&self) -> Result<u64, engine::Error> {
        Ok(planned(&self.args, &self.cards, &self.choices)?.work())
    }

    pub(super) fn run(self) -> Result<super::Answer, Error> {
        let a = &self.args;
        let planned = planned(a, &self.cards, &self.choices)?;
        if planned.is_empty() {
            return Err(engine::Error::input(
                "no unit card has that faction and rank: holodice legion units --faction F --rank R \
                 lists them",
            ).into());
        }
        let mut found = planned.run();
        sort(&mut found, a.sort);
        let answer = MatchupsAnswer::new(a, &found, LegionContext::new(None, &self.choices));
        render(
            &answer,
            a.output.format,
            a.output.options(),
            a.output.plot.as_ref(),
            || Err(engine::Error::input("matchups draw no chart: choose another --format").into()),
        )
    }
}

/// Every defender's attack, parsed and estimated: the defenders `--faction` and `--rank` keep,
/// each with the `--with` items, under `choices`.
fn planned<'c>(
    a: &MatchupsArgs,
    cards: &'c Cards,
    choices: &Scenario,
) -> Result<Planned<'c>, engine::Error> {
    let filter = Filter {
        faction: a.faction.as_deref(),
        rank: a.rank.as_deref(),
        ..Filter::default()
    };
    plan(&a.attacker, &a.with, cards, choices, |c| filter.keeps(c))
}

/// Best first by the chosen statistic; ties by mean wounds, then by name; the defenders the
/// attacker can't attack last.
fn sort(found: &mut [Matchup], by: Sort) {
    let key = |m: &Matchup| {
        m.outcome.as_ref().ok().map(|o| {
            let first = match by {
                Sort::Mean => None,
                Sort::Wiped => o.wiped.clone(),
            };
            (first, o.wounds.mean())
        })
    };
    found.sort_by(|x, y| {
        key(y)
            .cmp(&key(x))
            .then_with(|| x.defender.cmp(&y.defender))
    });
}

/// `matchups`' answer: the attacker, then each defender's statistics (null where the attacker
/// can't attack it, with `refused`, the reason), then the edition and policy.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(
    feature = "native",
    derive(schemars::JsonSchema),
    schemars(rename = "LegionMatchupsAnswer")
)]
pub(crate) struct MatchupsAnswer {
    schema: u32,
    attacker: String,
    with: String,
    sort: &'static str,
    matchups: Vec<Row>,
    #[serde(flatten)]
    context: LegionContext,
}

/// One defender and what the attack does to it.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(
    feature = "native",
    derive(schemars::JsonSchema),
    schemars(rename = "LegionMatchup")
)]
struct Row {
    defender: String,
    faction: Option<String>,
    points: Option<u32>,
    mean_wounds: Option<Fraction>,
    at_least_one: Option<Fraction>,
    wiped: Option<Fraction>,
    #[serde(skip_serializing_if = "Option::is_none")]
    refused: Option<String>,
}

impl Row {
    fn new(m: &Matchup) -> Row {
        let o = m.outcome.as_ref().ok();
        Row {
            defender: m.defender.clone(),
            faction: m.faction.clone(),
            points: m.points,
            mean_wounds: o.map(|o| Fraction(o.wounds.mean())),
            at_least_one: o.map(|o| Fraction(o.wounds.at_least(1))),
            wiped: o.and_then(|o| o.wiped.clone().map(Fraction)),
            refused: m.outcome.as_ref().err().cloned(),
        }
    }

    /// The row for people: "—" for what is unknown, "n/a" for a chance to wipe a unit whose
    /// wounds per mini are unknown.
    fn cells(&self) -> Vec<Cell> {
        let text = |t: Option<String>| Cell::Label(t.unwrap_or_else(|| "—".into()));
        let mut row = vec![
            Cell::Label(self.defender.clone()),
            text(self.faction.clone()),
            text(self.points.map(|p| p.to_string())),
        ];
        row.extend(
            match (&self.refused, &self.mean_wounds, &self.at_least_one) {
                (None, Some(mean), Some(one)) => [
                    Cell::Mean(mean.0.clone()),
                    Cell::Prob(one.0.clone()),
                    (self.wiped.as_ref())
                        .map_or(Cell::Label("n/a".into()), |p| Cell::Prob(p.0.clone())),
                ],
                _ => ["refused", "—", "—"].map(|t| Cell::Label(t.into())),
            },
        );
        row
    }
}

impl MatchupsAnswer {
    fn new(a: &MatchupsArgs, found: &[Matchup], context: LegionContext) -> MatchupsAnswer {
        MatchupsAnswer {
            schema: SCHEMA,
            attacker: a.attacker.clone(),
            with: a.with.clone(),
            sort: match a.sort {
                Sort::Mean => "mean",
                Sort::Wiped => "wiped",
            },
            matchups: found.iter().map(Row::new).collect(),
            context,
        }
    }
}

impl Answer for MatchupsAnswer {
    fn view(&self) -> View {
        let header = [
            "defender",
            "faction",
            "points",
            "mean wounds",
            "P(≥1)",
            "chance to wipe",
        ];
        let legend = (self.matchups.iter())
            .filter_map(|m| {
                Some((
                    m.defender.clone(),
                    format!("refused: {}", m.refused.as_ref()?),
                ))
            })
            .collect();
        let with = match self.with.trim() {
            "" => String::new(),
            w => format!("; every defender with {}", squeeze(w)),
        };
        View::Grid(Grid {
            title: "Legion matchups (exact)".into(),
            caption: format!(
                "{} against {} units{with}; {}",
                squeeze(&self.attacker),
                self.matchups.len(),
                self.context.line()
            ),
            legend,
            header: header.iter().map(|h| h.to_string()).collect(),
            rows: self.matchups.iter().map(Row::cells).collect(),
        })
    }
}
