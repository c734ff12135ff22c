//! A table for people and as JSON: its title, its caption (everything the numbers depend on),
//! its grid and its JSON contract.

use super::answer::{Answer, View};
use super::values::Fraction;
use super::SCHEMA;
use crate::render::{Cell, Grid};
use holodice_engine::policy::Policy;
use holodice_engine::table::{Game, Stat, Table};
use serde::Serialize;

/// The variable every cell's statistic is of.
fn variable(game: Game) -> &'static str {
    match game {
        Game::Swtcg => "damage",
        Game::Legion => "wounds",
    }
}

/// The spec's title, or "Expected damage by Power and Accuracy".
pub fn title(t: &Table) -> String {
    t.spec.title.clone().unwrap_or_else(|| {
        let by = match &t.cols {
            Some(c) => format!(" by {} and {}", t.rows.name, c.name),
            None => format!(" by {}", t.rows.name),
        };
        format!(
            "{}{by}",
            capitalize(&t.stat.describe(variable(t.spec.game)))
        )
    })
}

/// The statistic, the base SPECs, the axes and the options: everything the numbers depend on.
pub fn caption(t: &Table) -> String {
    let spec = &t.spec;
    let attacker = match spec.attacks.is_empty() {
        true => format!("attacker: {}", or_none(&spec.attacker)),
        false => format!("attacks in sequence: {}", spec.attacks.join(", then ")),
    };
    let mut caption = format!(
        "{}; {attacker}; defender: {}",
        t.stat.describe(variable(spec.game)),
        or_none(&spec.defender)
    );
    if let Some(g) = &spec.guardian {
        caption.push_str(&format!("; guardian: {g}"));
    }
    caption.push_str(&format!("; rows: {}", t.rows.describe()));
    if let Some(c) = &t.cols {
        caption.push_str(&format!("; columns: {}", c.describe()));
    }
    caption.push_str(&format!("; {}", context(t)));
    caption
}

/// What the numbers depend on besides the SPECs: SWTCG's rule options and Lucky's policy,
/// Legion's edition and policy.
fn context(t: &Table) -> String {
    let o = &t.options;
    match t.spec.game {
        Game::Swtcg => {
            let rules = super::swtcg::rules_line(&o.rules);
            match o.policy {
                Policy::Greedy => format!("{rules}; Lucky: greedy policy"),
                Policy::Optimal => format!(
                    "{rules}; Lucky: optimal policy, objective {}",
                    o.objective.name()
                ),
            }
        }
        Game::Legion => format!(
            "edition {}, policy {}",
            o.edition.name(),
            super::legion::policy_name(o.policy, o.objective)
        ),
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

/// `table`'s answer: the labels and values of both axes and every cell as an exact fraction.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "native", derive(schemars::JsonSchema))]
pub struct TableAnswer {
    schema: u32,
    title: String,
    caption: String,
    stat: String,
    rows: Axis,
    cols: Axis,
    cells: Vec<Vec<Fraction>>,
    /// How people read the cells (JSON has them all exact).
    #[serde(skip)]
    shape: Shape,
}

/// One axis: the item's name (`null` for a table without columns) and its values.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "native", derive(schemars::JsonSchema))]
struct Axis {
    label: Option<String>,
    values: Vec<i64>,
}

/// How a cell is shown to people.
#[derive(Debug, Clone, Copy)]
enum Shape {
    /// A mode: whole when it is, else as a statistic.
    Mode,
    /// A statistic (a mean).
    Decimal,
    /// A probability.
    Chance,
}

impl TableAnswer {
    pub fn new(t: &Table) -> TableAnswer {
        TableAnswer {
            schema: SCHEMA,
            title: title(t),
            caption: caption(t),
            stat: t.stat.name(),
            rows: Axis {
                label: Some(t.rows.name.clone()),
                values: t.row_values().to_vec(),
            },
            cols: Axis {
                label: t.cols.as_ref().map(|c| c.name.clone()),
                values: t.col_values().to_vec(),
            },
            cells: (t.cells.iter())
                .map(|r| r.iter().map(Fraction::from).collect())
                .collect(),
            shape: match t.stat {
                Stat::Mode => Shape::Mode,
                Stat::Mean => Shape::Decimal,
                Stat::Destroyed
                | Stat::Wiped
                | Stat::Suppressed
                | Stat::Panicked
                | Stat::AtLeast(_)
                | Stat::Pmf(_) => Shape::Chance,
            },
        }
    }

    /// A header with the row label (and column label) then each column's value, or the
    /// statistic without columns.
    fn header(&self) -> Vec<String> {
        let row_label = self.rows.label.clone().unwrap_or_default();
        match &self.cols.label {
            Some(c) => std::iter::once(format!("{row_label} \\ {c}"))
                .chain(self.cols.values.iter().map(|v| v.to_string()))
                .collect(),
            None => vec![row_label, self.stat.clone()],
        }
    }

    fn cell(&self, v: &Fraction) -> Cell {
        match self.shape {
            Shape::Mode if v.0.is_integer() => Cell::Label(v.0.to_string()),
            Shape::Mode | Shape::Decimal => Cell::Decimal(v.0.clone()),
            Shape::Chance => Cell::Chance(v.0.clone()),
        }
    }
}

impl Answer for TableAnswer {
    /// Each row its value then its cells.
    fn view(&self) -> View {
        let rows = (self.rows.values.iter())
            .zip(&self.cells)
            .map(|(r, cells)| {
                std::iter::once(Cell::Label(r.to_string()))
                    .chain(cells.iter().map(|v| self.cell(v)))
                    .collect()
            })
            .collect();
        View::Grid(Grid {
            title: self.title.clone(),
            caption: self.caption.clone(),
            legend: Vec::new(),
            header: self.header(),
            rows,
        })
    }
}
