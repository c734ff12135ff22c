//! A table for people and as JSON: its title, its caption (everything the numbers depend on),
//! its grid and its JSON contract.

use super::{fraction, SCHEMA};
use crate::render::{Cell, Grid};
use holodice_engine::policy::Policy;
use holodice_engine::table::{Game, Stat, Table};

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

/// The row label, and the column label with a column axis.
fn labels(t: &Table) -> (&str, Option<&str>) {
    (&t.rows.name, t.cols.as_ref().map(|c| c.name.as_str()))
}

/// The table as the renderers take it: a header with the row label (and column label) then
/// each column's value; each row its value then its cells (a whole-number mode stays whole).
pub fn grid(t: &Table) -> Grid {
    let (row_label, col_label) = labels(t);
    let corner = match col_label {
        Some(c) => format!("{row_label} \\ {c}"),
        None => row_label.to_string(),
    };
    let mut header = vec![corner];
    if t.cols.is_none() {
        header.push(t.stat.name());
    } else {
        header.extend(t.col_values().iter().map(|c| c.to_string()));
    }
    let rows = t
        .row_values()
        .iter()
        .zip(&t.cells)
        .map(|(r, cells)| {
            let cells = cells.iter().map(|v| match t.stat {
                Stat::Mode if v.is_integer() => Cell::Label(v.to_string()),
                Stat::Mean | Stat::Mode => Cell::Decimal(v.clone()),
                Stat::Destroyed
                | Stat::Wiped
                | Stat::Suppressed
                | Stat::Panicked
                | Stat::AtLeast(_)
                | Stat::Pmf(_) => Cell::Chance(v.clone()),
            });
            std::iter::once(Cell::Label(r.to_string()))
                .chain(cells)
                .collect()
        })
        .collect();
    Grid {
        title: title(t),
        caption: caption(t),
        legend: Vec::new(),
        header,
        rows,
        json: json(t),
    }
}

/// The table as JSON: labels and values, and every cell as an exact fraction string.
pub fn json(t: &Table) -> serde_json::Value {
    let cells: Vec<Vec<String>> = t
        .cells
        .iter()
        .map(|r| r.iter().map(fraction).collect())
        .collect();
    let (row_label, col_label) = labels(t);
    serde_json::json!({
        "schema": SCHEMA,
        "title": title(t),
        "caption": caption(t),
        "stat": t.stat.name(),
        "rows": {"label": row_label, "values": t.row_values()},
        "cols": {"label": col_label, "values": t.col_values()},
        "cells": cells,
    })
}
