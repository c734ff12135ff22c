//! `holodice legion matchups`: one attacker against every built-in unit (and those of
//! `--cards`), as one grid sorted by mean wounds or chance to wipe.

use super::legion_args::{LegionCardArgs, LegionChoices};
use super::output::{render, OutputArgs};
use super::Files;
use crate::error::Error;
use crate::listing::legion_units::Filter;
use crate::render::{Cell, Grid};
use crate::report::{legion::shared_context, squeeze, Entry, SCHEMA};
#[cfg(feature = "native")]
use clap::{Args, ValueEnum};
use holodice_engine::error as engine;
use holodice_engine::legion::cards::Cards;
use holodice_engine::legion::matchups::{plan, Matchup, Planned};
use holodice_engine::legion::Scenario;
use serde::Deserialize;
use serde_json::{json, Value as Json};

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
        let (context, line) = shared_context(None, &self.choices);
        let grid = grid(a, &found, &context, &line);
        render(
            &grid,
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

fn grid(a: &MatchupsArgs, found: &[Matchup], context: &[Entry], line: &str) -> Grid {
    let header = [
        "defender",
        "faction",
        "points",
        "mean wounds",
        "P(≥1)",
        "chance to wipe",
    ];
    let text = |t: Option<String>| Cell::Label(t.unwrap_or_else(|| "—".into()));
    let rows = found
        .iter()
        .map(|m| {
            let mut row = vec![
                Cell::Label(m.defender.clone()),
                text(m.faction.clone()),
                text(m.points.map(|p| p.to_string())),
            ];
            row.extend(match &m.outcome {
                Ok(o) => [
                    Cell::Mean(o.wounds.mean()),
                    Cell::Prob(o.wounds.at_least(1)),
                    o.wiped
                        .clone()
                        .map_or(Cell::Label("n/a".into()), Cell::Prob),
                ],
                Err(_) => ["refused", "—", "—"].map(|t| Cell::Label(t.into())),
            });
            row
        })
        .collect();
    let legend = found
        .iter()
        .filter_map(|m| {
            let e = m.outcome.as_ref().err()?;
            Some((m.defender.clone(), format!("refused: {e}")))
        })
        .collect();
    let with = match a.with.trim() {
        "" => String::new(),
        w => format!("; every defender with {}", squeeze(w)),
    };
    Grid {
        title: "Legion matchups (exact)".into(),
        caption: format!(
            "{} against {} units{with}; {line}",
            squeeze(&a.attacker),
            found.len()
        ),
        legend,
        header: header.iter().map(|h| h.to_string()).collect(),
        rows,
        json: to_json(a, found, context),
    }
}

/// `{"schema", "attacker", "with", "sort", "matchups": [...], "policy", "edition"}`; a defender
/// the attacker can't attack has null statistics and `refused`, the reason.
fn to_json(a: &MatchupsArgs, found: &[Matchup], context: &[Entry]) -> Json {
    let fraction = |x: &num_rational::BigRational| Json::String(x.to_string());
    let matchups: Vec<Json> = found
        .iter()
        .map(|m| {
            let mut row = json!({
                "defender": m.defender,
                "faction": m.faction,
                "points": m.points,
            });
            let stats = match &m.outcome {
                Ok(o) => json!({
                    "mean_wounds": fraction(&o.wounds.mean()),
                    "at_least_one": fraction(&o.wounds.at_least(1)),
                    "wiped": o.wiped.as_ref().map(fraction),
                }),
                Err(e) => json!({
                    "mean_wounds": null,
                    "at_least_one": null,
                    "wiped": null,
                    "refused": e,
                }),
            };
            if let (Json::Object(row), Json::Object(stats)) = (&mut row, stats) {
                row.extend(stats);
            }
            row
        })
        .collect();
    let mut top = serde_json::Map::new();
    top.insert("schema".into(), json!(SCHEMA));
    top.insert("attacker".into(), json!(a.attacker));
    top.insert("with".into(), json!(a.with));
    let sort = match a.sort {
        Sort::Mean => "mean",
        Sort::Wiped => "wiped",
    };
    top.insert("sort".into(), json!(sort));
    top.insert("matchups".into(), Json::Array(matchups));
    top.extend(crate::report::entries_json(context));
    Json::Object(top)
}
