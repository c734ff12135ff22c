//! `holodice table`: one statistic over ranges of SPEC items.

use super::output::{render, Answer, FormatArg};
use super::Files;
use crate::error::Error;
use crate::plot;
use crate::render::Options;
#[cfg(feature = "native")]
use clap::{Args, ValueEnum};
use holodice_engine::error as engine;
use holodice_engine::table::{self, TableSpec};
use serde::Deserialize;
use std::path::PathBuf;

#[cfg(feature = "native")]
pub(super) const HELP: &str = "A RANGE item is a SPEC item with an inclusive range in place of its \
number: 'Power 1..10', 'Accuracy -1..2', 'red 1..6', 'terrain cover 0..2'. Each cell is the attack query \
with the base SPECs plus that row's and column's item (replacing the same item in the base SPEC). \
SWTCG items go to the attacker unless prefixed 'defender:' ('defender: Health 1..6'); Legion \
items go to the SPEC their keyword belongs to, or use the prefix.

STAT (of the damage in SWTCG, the wounds in Legion): mean, atleast:K, pmf:K, mode; or the \
chance the defender is destroyed (SWTCG) or wiped (Legion: its wounds per mini known).

Legion sequences: with --attack SPEC repeated (in place of --attacker), each cell is those \
attacks made in order on the defender, as `legion sequence` makes them (its wounds, minis, \
suppression and tokens carried; --policy optimal plans the whole sequence for --objective, \
which may be wipe); the statistic is of the total wounds, or suppressed or panicked (the \
chance the defender ends so). Attacker items of --rows and --cols go to every attack.

A table spec file (--spec FILE, YAML) has the fields game, title, attacker, attacks, defender, \
guardian, rows, cols, stat, rules, edition, policy, objective; data/tables/ holds examples.

Examples:
  holodice table swtcg --rows \"Power 1..10\" --cols \"Accuracy -1..2\" \\
      --stat mean --format markdown
  holodice table swtcg --defender \"Health 4\" --rows \"Power 1..8\" \\
      --cols \"Critical Hit 0..2\" --stat destroyed
  holodice table legion --defender \"white defense, surge block\" \\
      --rows \"red 1..6\" --cols \"terrain cover 0..2\" --stat mean
  holodice table legion --attack \"@Stormtroopers, range 2\" --attack \"@Stormtroopers, range 2\" \\
      --defender \"@Rebel Troopers, cover light\" --rows \"aim 0..2\" --stat wiped
  holodice table --spec data/tables/swtcg-destroy-health-4.yaml --plot destroy.svg
";

#[derive(Debug, Deserialize)]
#[cfg_attr(feature = "native", derive(Args))]
#[serde(rename_all = "kebab-case")]
pub struct TableArgs {
    /// The game: swtcg or legion (or given by --spec)
    #[cfg_attr(feature = "native", arg(value_enum, required_unless_present = "spec"))]
    game: Option<GameArg>,
    /// A YAML table spec file; the table's other options come from it
    #[cfg_attr(feature = "native", arg(long, value_name = "FILE", value_hint = clap::ValueHint::FilePath, conflicts_with_all = ["game", "rows", "cols", "attacker", "attacks", "defender", "guardian", "stat", "rules", "edition", "policy", "objective"]))]
    spec: Option<PathBuf>,
    /// The base attacker SPEC
    #[cfg_attr(feature = "native", arg(long, value_name = "SPEC", default_value = ""))]
    attacker: String,
    /// Legion: each cell is a sequence of these attacks on the defender, in order (repeat; as
    /// `legion sequence --attack`); attacker items of --rows and --cols go to every attack
    #[cfg_attr(
        feature = "native",
        arg(long = "attack", value_name = "SPEC", conflicts_with = "attacker")
    )]
    #[serde(rename = "attack")]
    attacks: Vec<String>,
    /// The base defender SPEC
    #[cfg_attr(feature = "native", arg(long, value_name = "SPEC", default_value = ""))]
    defender: String,
    /// A guarding unit (Legion)
    #[cfg_attr(feature = "native", arg(long, value_name = "SPEC"))]
    guardian: Option<String>,
    /// The row item and its range, e.g. "Power 1..10"
    #[cfg_attr(
        feature = "native",
        arg(long, value_name = "ITEM RANGE", required_unless_present = "spec")
    )]
    rows: Option<String>,
    /// The column item and its range, e.g. "Accuracy -1..2"
    #[cfg_attr(feature = "native", arg(long, value_name = "ITEM RANGE"))]
    cols: Option<String>,
    /// The statistic in each cell: mean, atleast:K, pmf:K, mode (of the damage or wounds),
    /// destroyed (SWTCG), wiped (Legion), suppressed or panicked (a Legion sequence)
    #[cfg_attr(feature = "native", arg(long, default_value = "mean"))]
    stat: String,
    /// SWTCG rule options, e.g. --rule auto-hit=yes (repeatable)
    #[cfg_attr(feature = "native", arg(long = "rule", value_name = "NAME=VALUE"))]
    #[serde(rename = "rule")]
    rules: Vec<String>,
    /// Legion rules edition: crb-2026-05-29 (default), crb-2025-11-24 or rrg-2021
    #[cfg_attr(feature = "native", arg(long))]
    edition: Option<String>,
    /// Who makes the players' choices (Legion's rerolls and tokens, SWTCG's Lucky): greedy or
    /// optimal
    #[cfg_attr(feature = "native", arg(long))]
    policy: Option<String>,
    /// What the optimal policy maximises: mean or atleast:K (and destroy for SWTCG)
    #[cfg_attr(feature = "native", arg(long))]
    objective: Option<String>,
    /// Output format (svg: the table as a chart, one curve per column)
    #[cfg_attr(feature = "native", arg(long, value_enum, default_value_t = FormatArg::Text))]
    format: FormatArg,
    /// Exact fractions in every cell (JSON is always exact)
    #[cfg_attr(feature = "native", arg(long))]
    exact: bool,
    /// Decimal places of cells shown as decimals
    #[cfg_attr(feature = "native", arg(long, default_value_t = 3, value_parser = clap::value_parser!(u8).range(0..=20)))]
    digits: u8,
    /// Also draw the table as an SVG chart (one curve per column) in this file
    #[cfg_attr(feature = "native", arg(long, value_name = "FILE.svg", value_hint = clap::ValueHint::FilePath))]
    plot: Option<PathBuf>,
}

#[derive(Clone, Copy, Debug, Deserialize)]
#[cfg_attr(feature = "native", derive(ValueEnum))]
#[serde(rename_all = "kebab-case")]
enum GameArg {
    Swtcg,
    Legion,
}

/// The table the arguments ask for: the `--spec` file's, or the options'.
fn spec(a: &TableArgs, files: &dyn Files) -> Result<TableSpec, Error> {
    Ok(match &a.spec {
        Some(path) => {
            let text = files.read("--spec", path)?;
            holodice_engine::data::parse::<TableSpec>(&path.display().to_string(), &text)?
        }
        None => TableSpec {
            game: match a.game {
                Some(GameArg::Swtcg) => table::Game::Swtcg,
                Some(GameArg::Legion) => table::Game::Legion,
                None => return Err(engine::Error::input("give the game: swtcg or legion").into()),
            },
            title: None,
            attacker: a.attacker.clone(),
            attacks: a.attacks.clone(),
            defender: a.defender.clone(),
            guardian: a.guardian.clone(),
            rows: a
                .rows
                .clone()
                .ok_or_else(|| engine::Error::input("give --rows \"ITEM RANGE\""))?,
            cols: a.cols.clone(),
            stat: a.stat.clone(),
            rules: a.rules.clone(),
            edition: a.edition.clone(),
            policy: a.policy.clone(),
            objective: a.objective.clone(),
        },
    })
}

/// `table`, read: the table spec and how to print the table.
pub(super) struct Table {
    spec: TableSpec,
    /// The arguments as given: what the answer shows and how it is printed.
    args: TableArgs,
}

impl Table {
    pub(super) fn read(a: TableArgs, files: &dyn Files) -> Result<Table, Error> {
        Ok(Table {
            spec: spec(&a, files)?,
            args: a,
        })
    }

    /// The table's work, estimated before it runs.
    pub(super) fn cost(&self) -> Result<u64, engine::Error> {
        table::estimate(&self.spec)
    }

    pub(super) fn run(self) -> Result<Answer, Error> {
        let t = table::compute(&self.spec)?;
        let options = Options {
            exact: self.args.exact,
            digits: usize::from(self.args.digits),
            ..Options::default()
        };
        render(
            &crate::report::table::TableAnswer::new(&t),
            self.args.format,
            options,
            self.args.plot.as_ref(),
            || chart(&t),
        )
    }
}

/// The table as curves: one per column, or the single statistic.
fn chart(t: &table::Table) -> Result<String, Error> {
    let column = |j: usize| {
        t.cells
            .iter()
            .map(|r| holodice_engine::dist::to_f64(&r[j]))
            .collect()
    };
    let series: Vec<(String, Vec<f64>)> = match &t.cols {
        None => vec![(t.stat.name(), column(0))],
        Some(cols) => cols
            .values
            .iter()
            .enumerate()
            .map(|(j, c)| (format!("{} {c}", cols.name), column(j)))
            .collect(),
    };
    let title = crate::report::table::title(t);
    plot::curves_svg(
        &title,
        &t.rows.name,
        &t.stat.name(),
        t.row_values(),
        &series,
    )
}
