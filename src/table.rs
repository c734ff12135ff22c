//! Tables of one statistic over a range of one or two SPEC items: "expected damage by Power and
//! Accuracy", "Legion wounds by red dice and cover". Each cell is an ordinary attack query.

use crate::error::Error;
use crate::legion::{self, attack::Edition, attack::Policy};
use crate::render::{Cell, Grid};
use crate::swtcg::{self, rules::Rules, spec::Unit};
use num_rational::BigRational;
use serde::Deserialize;

/// The most cells one table may have.
pub const MAX_CELLS: usize = 10_000;

/// The most work the cells of one table may add up to, in the units of
/// [`swtcg::attack::cost`] and [`legion::attack::cost`]: a few seconds.
pub const MAX_WORK: u64 = 15_000_000;

/// The attack one cell asks about.
enum CellQuery {
    Swtcg(Box<swtcg::attack::Scenario>),
    Legion(Box<legion::spec::Scenario>),
}

/// Which game the cells are queries of.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Game {
    Swtcg,
    Legion,
}

/// The statistic in each cell, of the damage (SWTCG) or the wounds (Legion).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stat {
    Mean,
    Destroyed,
    AtLeast(i64),
    Pmf(i64),
    Mode,
}

impl Stat {
    /// Parses `mean`, `destroyed`, `atleast:K`, `pmf:K` or `mode`.
    pub fn parse(text: &str) -> Result<Stat, Error> {
        let t = text.trim().to_lowercase();
        let number = |k: &str| -> Result<i64, Error> {
            k.trim()
                .parse()
                .map_err(|_| Error::Input(format!("--stat {text}: '{k}' is not a whole number")))
        };
        match t.split_once(':') {
            None if t == "mean" => Ok(Stat::Mean),
            None if t == "destroyed" => Ok(Stat::Destroyed),
            None if t == "mode" => Ok(Stat::Mode),
            Some(("atleast", k)) => Ok(Stat::AtLeast(number(k)?)),
            Some(("pmf", k)) => Ok(Stat::Pmf(number(k)?)),
            _ => Err(Error::Input(format!(
                "--stat '{text}' is not a statistic: use mean, destroyed, atleast:K, pmf:K or mode"
            ))),
        }
    }

    /// The spelling `parse` reads.
    pub fn name(self) -> String {
        match self {
            Stat::Mean => "mean".into(),
            Stat::Destroyed => "destroyed".into(),
            Stat::AtLeast(k) => format!("atleast:{k}"),
            Stat::Pmf(k) => format!("pmf:{k}"),
            Stat::Mode => "mode".into(),
        }
    }

    fn describe(self, game: Game) -> String {
        let what = match game {
            Game::Swtcg => "damage",
            Game::Legion => "wounds",
        };
        match self {
            Stat::Mean => format!("expected {what}"),
            Stat::Destroyed => "chance to destroy the defender".into(),
            Stat::AtLeast(k) => format!("P({what} ≥ {k})"),
            Stat::Pmf(k) => format!("P({what} = {k})"),
            Stat::Mode => format!("most likely {what}"),
        }
    }
}

/// Which SPEC a range item belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    Attacker,
    Defender,
    Guardian,
}

/// One axis: a SPEC item with an inclusive range in place of its number.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Axis {
    pub target: Target,
    /// The item's name as written, e.g. "Power".
    pub name: String,
    pub values: Vec<i64>,
}

impl Axis {
    /// Parses `"Power 1..10"`, `"defender: Health 2..6"`, `"cover 0..2"`.
    pub fn parse(flag: &str, text: &str, game: Game) -> Result<Axis, Error> {
        let bad = |message: String| Error::Input(format!("{flag} '{text}': {message}"));
        let (prefix, rest) = match text.split_once(':') {
            Some((p, r))
                if ["attacker", "defender", "guardian"]
                    .contains(&p.trim().to_lowercase().as_str()) =>
            {
                (Some(p.trim().to_lowercase()), r.trim())
            }
            _ => (None, text.trim()),
        };
        let (name, range) = rest
            .rsplit_once(char::is_whitespace)
            .filter(|(_, r)| r.contains(".."))
            .ok_or_else(|| bad("write an item and a range, as in 'Power 1..10'".into()))?;
        let (lo, hi) = range.split_once("..").expect("checked above");
        let number = |s: &str| {
            s.trim().parse::<i64>().map_err(|_| {
                bad(format!(
                    "'{s}' is not a whole number; write the range as in 1..10"
                ))
            })
        };
        let (lo, hi) = (number(lo)?, number(hi)?);
        if lo > hi {
            return Err(bad(format!("the range starts after it ends ({lo} > {hi})")));
        }
        if (hi - lo) as u128 + 1 > MAX_CELLS as u128 {
            return Err(bad(format!("over the limit of {MAX_CELLS} values")));
        }
        let name = name.trim().to_string();
        let target = match prefix.as_deref() {
            Some("attacker") => Target::Attacker,
            Some("defender") => Target::Defender,
            Some("guardian") => Target::Guardian,
            _ => default_target(game, &name),
        };
        Ok(Axis {
            target,
            name,
            values: (lo..=hi).collect(),
        })
    }

    fn describe(&self) -> String {
        let (lo, hi) = (self.values[0], self.values[self.values.len() - 1]);
        let prefix = match self.target {
            Target::Attacker => "",
            Target::Defender => "defender: ",
            Target::Guardian => "guardian: ",
        };
        format!("{prefix}{} {lo}..{hi}", self.name)
    }
}

/// SWTCG items go to the attacker unless prefixed; Legion items go where their keyword belongs.
fn default_target(game: Game, name: &str) -> Target {
    match game {
        Game::Swtcg => Target::Attacker,
        Game::Legion => match legion::spec::roles_of(&format!("{name} 1")) {
            Some(roles) if !roles.contains(&legion::spec::Role::Attacker) => Target::Defender,
            _ => Target::Attacker,
        },
    }
}

/// Everything a table needs; a YAML table spec file holds the same fields.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TableSpec {
    pub game: Game,
    #[serde(default)]
    pub title: Option<String>,
    #[serde(default)]
    pub attacker: String,
    #[serde(default)]
    pub defender: String,
    #[serde(default)]
    pub guardian: Option<String>,
    pub rows: String,
    #[serde(default)]
    pub cols: Option<String>,
    pub stat: String,
    #[serde(default)]
    pub rules: Vec<String>,
    #[serde(default)]
    pub edition: Option<String>,
    #[serde(default)]
    pub policy: Option<String>,
    #[serde(default)]
    pub objective: Option<String>,
}

/// A computed table: `cells[row][col]`, one column when there is no column axis.
#[derive(Debug, Clone)]
pub struct Table {
    pub title: String,
    /// The base SPECs, rule options, policy and edition: everything the numbers depend on.
    pub caption: String,
    pub stat: Stat,
    pub row_label: String,
    pub col_label: Option<String>,
    pub rows: Vec<i64>,
    pub cols: Vec<i64>,
    pub cells: Vec<Vec<BigRational>>,
}

/// Every cell's query, each checked against one attack's limits and their work summed against
/// [`MAX_WORK`] before any is computed; then the cells, row by row. An error names its cell.
fn cells(query: &Query, rows: &Axis, cols: Option<&Axis>) -> Result<Vec<Vec<BigRational>>, Error> {
    let col_values: Vec<Option<i64>> = match cols {
        None => vec![None],
        Some(c) => c.values.iter().copied().map(Some).collect(),
    };
    let place = |r: i64, c: Option<i64>| match (cols, c) {
        (Some(axis), Some(v)) => format!("row {} {r}, column {} {v}", rows.name, axis.name),
        _ => format!("row {} {r}", rows.name),
    };
    let mut planned = Vec::with_capacity(rows.values.len());
    let (mut total, mut largest) = (0u64, (0u64, String::new()));
    for &r in &rows.values {
        let mut line = Vec::with_capacity(col_values.len());
        for &c in &col_values {
            let axes: Vec<(&Axis, i64)> = std::iter::once((rows, r)).chain(cols.zip(c)).collect();
            let cell = query
                .cell_query(&axes)
                .map_err(|e| e.within(&place(r, c)))?;
            let cost = query.cost(&cell).map_err(|e| e.within(&place(r, c)))?;
            total = total.saturating_add(cost);
            if cost > largest.0 {
                largest = (cost, place(r, c));
            }
            line.push((cell, r, c));
        }
        planned.push(line);
    }
    if total > MAX_WORK {
        return Err(Error::TooLarge(format!(
            "this table's cells add up to {total} units of work, over the limit of {MAX_WORK} \
             (the largest cell, {}, is {}): use shorter ranges, or fewer keywords that trigger \
             on natural faces",
            largest.1, largest.0
        )));
    }
    planned
        .into_iter()
        .map(|line| {
            line.into_iter()
                .map(|(cell, r, c)| query.value(&cell).map_err(|e| e.within(&place(r, c))))
                .collect()
        })
        .collect()
}

/// Computes every cell of a table.
///
/// ```
/// use holodice::table::{compute, Game, TableSpec};
/// let spec = TableSpec {
///     game: Game::Swtcg, title: None, attacker: String::new(), defender: String::new(),
///     guardian: None, rows: "Power 1..3".into(), cols: None, stat: "mean".into(),
///     rules: vec![], edition: None, policy: None, objective: None,
/// };
/// let t = compute(&spec).unwrap();
/// // Half the dice hit: 1/2, 1, 3/2.
/// assert_eq!(t.cells[2][0].to_string(), "3/2");
/// ```
pub fn compute(spec: &TableSpec) -> Result<Table, Error> {
    let stat = Stat::parse(&spec.stat)?;
    let rows = Axis::parse("--rows", &spec.rows, spec.game)?;
    let cols = spec
        .cols
        .as_deref()
        .map(|c| Axis::parse("--cols", c, spec.game))
        .transpose()?;
    let n_cols = cols.as_ref().map_or(1, |c| c.values.len());
    if rows.values.len().saturating_mul(n_cols) > MAX_CELLS {
        return Err(Error::TooLarge(format!(
            "a table of {} × {n_cols} cells is over the limit of {MAX_CELLS}",
            rows.values.len()
        )));
    }
    let query = Query::new(spec, stat)?;
    let cells = cells(&query, &rows, cols.as_ref())?;
    let mut caption = format!(
        "{}; attacker: {}; defender: {}",
        stat.describe(spec.game),
        or_none(&spec.attacker),
        or_none(&spec.defender)
    );
    if let Some(g) = &spec.guardian {
        caption.push_str(&format!("; guardian: {g}"));
    }
    caption.push_str(&format!("; rows: {}", rows.describe()));
    if let Some(c) = &cols {
        caption.push_str(&format!("; columns: {}", c.describe()));
    }
    caption.push_str(&format!("; {}", query.context()));
    Ok(Table {
        title: spec.title.clone().unwrap_or_else(|| {
            let by = cols
                .as_ref()
                .map(|c| format!(" by {} and {}", rows.name, c.name))
                .unwrap_or_else(|| format!(" by {}", rows.name));
            format!("{}{by}", capitalize(&stat.describe(spec.game)))
        }),
        caption,
        stat,
        row_label: rows.name.clone(),
        col_label: cols.as_ref().map(|c| c.name.clone()),
        rows: rows.values.clone(),
        cols: cols.map(|c| c.values).unwrap_or_default(),
        cells,
    })
}

impl Table {
    /// The table as the renderers take it: a header with the row label (and column label) then
    /// each column's value; each row its value then its cells (a whole-number mode stays whole).
    pub fn grid(&self) -> Grid {
        let corner = match &self.col_label {
            Some(c) => format!("{} \\ {c}", self.row_label),
            None => self.row_label.clone(),
        };
        let mut header = vec![corner];
        if self.cols.is_empty() {
            header.push(self.stat.name());
        } else {
            header.extend(self.cols.iter().map(|c| c.to_string()));
        }
        let rows = self
            .rows
            .iter()
            .zip(&self.cells)
            .map(|(r, cells)| {
                let cells = cells.iter().map(|v| match self.stat {
                    Stat::Mode if v.is_integer() => Cell::Label(v.to_string()),
                    Stat::Mean | Stat::Mode => Cell::Decimal(v.clone()),
                    Stat::Destroyed | Stat::AtLeast(_) | Stat::Pmf(_) => Cell::Chance(v.clone()),
                });
                std::iter::once(Cell::Label(r.to_string()))
                    .chain(cells)
                    .collect()
            })
            .collect();
        Grid {
            title: self.title.clone(),
            caption: self.caption.clone(),
            legend: Vec::new(),
            header,
            rows,
            json: self.to_json(),
        }
    }

    /// The table as JSON: labels and values, and every cell as an exact fraction string.
    pub fn to_json(&self) -> serde_json::Value {
        let cells: Vec<Vec<String>> = self
            .cells
            .iter()
            .map(|r| r.iter().map(crate::report::fraction).collect())
            .collect();
        serde_json::json!({
            "schema": crate::report::SCHEMA,
            "title": self.title,
            "caption": self.caption,
            "stat": self.stat.name(),
            "rows": {"label": self.row_label, "values": self.rows},
            "cols": {"label": self.col_label, "values": self.cols},
            "cells": cells,
        })
    }
}

fn or_none(spec: &str) -> &str {
    if spec.trim().is_empty() {
        "(none)"
    } else {
        spec.trim()
    }
}

fn capitalize(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().collect::<String>() + c.as_str())
        .unwrap_or_default()
}

/// The fixed part of every cell's query: game, base SPECs, rules or edition and policy.
struct Query<'a> {
    spec: &'a TableSpec,
    /// The base SPECs (attacker, defender, guardian), named cards written out.
    base: [String; 3],
    stat: Stat,
    rules: Rules,
    edition: Edition,
    policy: Policy,
    /// SWTCG's Lucky re-rolls: policy and objective.
    lucky: (crate::game::Policy, crate::game::Objective),
}

impl<'a> Query<'a> {
    fn new(spec: &'a TableSpec, stat: Stat) -> Result<Query<'a>, Error> {
        let mut rules = Rules::default();
        for r in &spec.rules {
            rules.set(r)?;
        }
        let edition = match spec.edition.as_deref().map(str::trim) {
            None => Edition::default(),
            Some(name) => Edition::ALL
                .iter()
                .find(|(_, n)| n.eq_ignore_ascii_case(name))
                .map(|(e, _)| *e)
                .ok_or_else(|| {
                    Error::Input(format!("edition '{name}': use amg-2024 or amg-2021"))
                })?,
        };
        let optimal = match spec.policy.as_deref().map(|p| p.trim().to_lowercase()) {
            None => false,
            Some(p) if p == "greedy" => false,
            Some(p) if p == "optimal" => true,
            Some(p) => return Err(Error::Input(format!("policy '{p}': use greedy or optimal"))),
        };
        let (policy, lucky) = match spec.game {
            Game::Legion => {
                let objective = spec
                    .objective
                    .as_deref()
                    .map(legion::optimal::Objective::parse)
                    .transpose()
                    .map_err(Error::Input)?
                    .unwrap_or_default();
                let policy = if optimal {
                    Policy::Optimal(objective)
                } else {
                    Policy::Greedy
                };
                (policy, Default::default())
            }
            Game::Swtcg => {
                let objective = spec
                    .objective
                    .as_deref()
                    .map(swtcg::attack::objective)
                    .transpose()?
                    .unwrap_or_default();
                let policy = if optimal {
                    crate::game::Policy::Optimal
                } else {
                    crate::game::Policy::Greedy
                };
                (Policy::Greedy, (policy, objective))
            }
        };
        if stat == Stat::Destroyed && spec.game == Game::Legion {
            return Err(Error::Input(
                "--stat destroyed is for SWTCG tables; Legion tables use mean, atleast:K, pmf:K or mode"
                    .into(),
            ));
        }
        let mut base = [
            spec.attacker.clone(),
            spec.defender.clone(),
            spec.guardian.clone().unwrap_or_default(),
        ];
        // A card's items are written out once, so that a range replaces the card's own item.
        if spec.game == Game::Swtcg {
            for (text, role) in base.iter_mut().zip(["attacker", "defender"]) {
                let items = text
                    .split(',')
                    .map(|i| match i.trim() {
                        card if card.starts_with('@') => {
                            Unit::parse(role, card).map(|u| u.describe())
                        }
                        plain => Ok(plain.to_string()),
                    })
                    .collect::<Result<Vec<_>, Error>>()?;
                *text = items.join(", ");
            }
        }
        Ok(Query {
            spec,
            base,
            stat,
            rules,
            edition,
            policy,
            lucky,
        })
    }

    /// What the numbers depend on besides the SPECs, for the caption.
    fn context(&self) -> String {
        match self.spec.game {
            Game::Swtcg => {
                let rules = crate::report::swtcg::rules_line(&self.rules);
                match self.lucky {
                    (crate::game::Policy::Greedy, _) => format!("{rules}; Lucky: greedy policy"),
                    (crate::game::Policy::Optimal, objective) => format!(
                        "{rules}; Lucky: optimal policy, objective {}",
                        objective.name()
                    ),
                }
            }
            Game::Legion => format!(
                "edition {}, policy {}",
                self.edition.name(),
                self.policy.name()
            ),
        }
    }

    /// The SPECs with the axes' items put in (replacing the same item in the base SPEC).
    fn specs(&self, axes: &[(&Axis, i64)]) -> Result<[String; 3], Error> {
        let mut specs = self.base.clone();
        for (axis, v) in axes {
            let slot = match axis.target {
                Target::Attacker => 0,
                Target::Defender => 1,
                Target::Guardian => 2,
            };
            let item = format!("{} {v}", axis.name);
            let wanted = self.item_name(&item);
            let kept: Vec<&str> = specs[slot]
                .split(',')
                .map(str::trim)
                .filter(|i| !i.is_empty() && (wanted.is_none() || self.item_name(i) != wanted))
                .collect();
            specs[slot] = kept
                .into_iter()
                .chain(std::iter::once(item.as_str()))
                .collect::<Vec<_>>()
                .join(", ");
        }
        Ok(specs)
    }

    /// The canonical name of a SPEC item, to find the one a range replaces.
    fn item_name(&self, item: &str) -> Option<String> {
        match self.spec.game {
            Game::Swtcg => Unit::parse("table", item)
                .ok()
                .and_then(|u| u.items.first().map(|i| i.keyword.name.clone())),
            Game::Legion => legion::spec::name_of(item),
        }
    }

    /// The attack one cell asks about.
    fn cell_query(&self, axes: &[(&Axis, i64)]) -> Result<CellQuery, Error> {
        let [attacker, defender, guardian] = self.specs(axes)?;
        Ok(match self.spec.game {
            Game::Swtcg => {
                let a = Unit::parse("attacker", &attacker)?;
                let d = Unit::parse("defender", &defender)?;
                CellQuery::Swtcg(Box::new(swtcg::attack::Scenario {
                    policy: self.lucky.0,
                    objective: self.lucky.1,
                    ..swtcg::attack::Scenario::new(a, d, self.rules.clone())
                }))
            }
            Game::Legion => {
                let g = self.spec.guardian.as_ref().map(|_| guardian.as_str());
                CellQuery::Legion(Box::new(legion::spec::Scenario::parse(
                    &attacker, &defender, g,
                )?))
            }
        })
    }

    /// The work of one cell, checked against one attack's limits.
    fn cost(&self, cell: &CellQuery) -> Result<u64, Error> {
        match cell {
            CellQuery::Swtcg(s) => swtcg::attack::cost(s),
            CellQuery::Legion(s) => legion::attack::cost(s, self.edition, self.policy),
        }
    }

    /// The cell's statistic.
    fn value(&self, cell: &CellQuery) -> Result<BigRational, Error> {
        match cell {
            CellQuery::Swtcg(s) => {
                let result = swtcg::attack::run(s)?;
                if self.stat == Stat::Destroyed {
                    return result.destroyed.ok_or_else(|| {
                        Error::Input(
                            "--stat destroyed needs the defender's Health, as in --defender 'Health 4'"
                                .into(),
                        )
                    });
                }
                Ok(self.of(&result.damage))
            }
            CellQuery::Legion(s) => {
                let result = legion::attack::attack(s, self.edition, self.policy)?;
                Ok(self.of(&result.wounds))
            }
        }
    }

    fn of(&self, d: &crate::dist::Dist) -> BigRational {
        match self.stat {
            Stat::Mean => d.mean(),
            Stat::AtLeast(k) => d.at_least(k),
            Stat::Pmf(k) => d.prob(k),
            Stat::Mode => BigRational::from_integer(d.mode().into()),
            Stat::Destroyed => unreachable!("answered from the attack's destroyed chance"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(game: Game, rows: &str, cols: Option<&str>, stat: &str) -> TableSpec {
        TableSpec {
            game,
            title: None,
            attacker: String::new(),
            defender: String::new(),
            guardian: None,
            rows: rows.into(),
            cols: cols.map(Into::into),
            stat: stat.into(),
            rules: vec![],
            edition: None,
            policy: None,
            objective: None,
        }
    }

    #[test]
    fn swtcg_means_follow_power_and_accuracy() {
        // Power p with Accuracy a hits on (3 + a) faces of 6: mean p · (3 + a) / 6.
        let t = compute(&spec(
            Game::Swtcg,
            "Power 0..4",
            Some("Accuracy -1..2"),
            "mean",
        ))
        .unwrap();
        for (i, p) in t.rows.iter().enumerate() {
            for (j, a) in t.cols.iter().enumerate() {
                assert_eq!(
                    t.cells[i][j],
                    BigRational::new((p * (3 + a)).into(), 6.into())
                );
            }
        }
        assert!(t
            .caption
            .contains("rows: Power 0..4; columns: Accuracy -1..2"));
    }

    #[test]
    fn range_items_replace_the_base_item() {
        let mut s = spec(Game::Swtcg, "Accuracy 1..1", None, "mean");
        s.attacker = "Power 6, Accuracy 2".into();
        // Accuracy 1 replaces Accuracy 2 (not adds to it): 6 · 4/6 = 4.
        assert_eq!(
            compute(&s).unwrap().cells[0][0],
            BigRational::from_integer(4.into())
        );
    }

    #[test]
    fn legion_items_go_to_their_own_spec() {
        let mut s = spec(Game::Legion, "red 1..2", Some("cover 0..1"), "mean");
        s.defender = "white defense".into();
        let t = compute(&s).unwrap();
        assert_eq!(t.cells.len(), 2);
        // One red die (no chart), no cover: 6/8 results, each wounds on 5/6 of white defense.
        assert_eq!(t.cells[0][0], BigRational::new(5.into(), 8.into()));
    }

    #[test]
    fn bad_tables_are_refused_with_the_fix() {
        let err = |rows: &str, stat: &str| {
            compute(&spec(Game::Swtcg, rows, None, stat))
                .unwrap_err()
                .to_string()
        };
        assert!(err("Power 5..1", "mean").contains("starts after it ends"));
        assert!(err("Power a..3", "mean").contains("not a whole number"));
        assert!(err("Power 3", "mean").contains("as in 'Power 1..10'"));
        assert!(err("Power 1..3", "median").contains("not a statistic"));
        assert!(err("Power 1..3", "destroyed").contains("needs the defender's Health"));
        let big = spec(Game::Swtcg, "Power 1..200", Some("Accuracy 1..51"), "mean");
        assert!(compute(&big)
            .unwrap_err()
            .to_string()
            .contains("limit of 10000"));
    }
}
