//! Text for people: each variable as a table with bars, probabilities as percentages.

use super::{body, cell, chances, dist_mean, mean, scalar, text_rows, ForPeople, Grid, Options};
use crate::report::{Entry, Report, Value};
use holodice_engine::dist::Dist;

pub struct Text;

const BAR_WIDTH: f64 = 40.0;
/// Long tables drop rows below this probability (they would print as 0.00%).
const SHOWN_ABOVE: f64 = 0.00005;
const SHORT_TABLE: usize = 40;

impl ForPeople for Text {
    fn report(&self, report: &Report, options: &Options) -> String {
        let mut out = format!("{}\n", report.title);
        for e in &report.headline {
            entry(&mut out, e, options);
        }
        if !report.headline.is_empty() {
            out.push('\n');
        }
        for e in &body(report, options) {
            entry(&mut out, e, options);
        }
        for n in &report.notes {
            out.push_str(&format!("note: {n}\n"));
        }
        out
    }

    fn grid(&self, grid: &Grid, options: &Options) -> String {
        let rows = text_rows(grid, options);
        let widths: Vec<usize> = (0..grid.header.len())
            .map(|i| {
                std::iter::once(&grid.header[i])
                    .chain(rows.iter().map(|r| &r[i]))
                    .map(|c| c.chars().count())
                    .max()
                    .unwrap_or(0)
            })
            .collect();
        // A comparison's rows are named in words, which read best aligned left.
        let words = !grid.legend.is_empty();
        let line = |cells: &[String]| {
            let padded: Vec<String> = cells
                .iter()
                .zip(&widths)
                .enumerate()
                .map(|(i, (c, w))| match i == 0 && words {
                    true => format!("{c:<w$}"),
                    false => format!("{c:>w$}"),
                })
                .collect();
            format!("  {}\n", padded.join("  "))
        };
        let mut out = format!("{}\n", grid.title);
        for (label, what) in &grid.legend {
            out.push_str(&format!("  {label}: {what}\n"));
        }
        out.push_str(&format!("{}\n\n", grid.caption));
        out.push_str(&line(&grid.header));
        for r in &rows {
            out.push_str(&line(r));
        }
        out
    }
}

/// A grid as one block per row, for rows too wide for a table (the card listing): the row's
/// label, then each non-empty cell under its column's name, a cell's lines listed below it.
pub(crate) fn records(grid: &Grid, options: &Options) -> String {
    let mut out = format!("{}\n{}\n", grid.title, grid.caption);
    for row in text_rows(grid, options) {
        out.push_str(&format!("\n{}\n", row[0]));
        for (name, cell) in grid.header.iter().zip(&row).skip(1) {
            match cell.lines().count() {
                0 => {}
                1 => out.push_str(&format!("  {name}: {cell}\n")),
                _ => {
                    out.push_str(&format!("  {name}:\n"));
                    cell.lines()
                        .for_each(|l| out.push_str(&format!("    {l}\n")));
                }
            }
        }
    }
    out
}

fn entry(out: &mut String, e: &Entry, options: &Options) {
    match &e.value {
        Value::Dist(d) => table(out, &e.label, d, options),
        Value::Prob(p) => out.push_str(&format!("{}: {}\n", e.label, cell(p, options))),
        Value::Int(i) => out.push_str(&format!("{}: {i}\n", e.label)),
        Value::Text(t) => out.push_str(&format!("{}: {t}\n", e.label)),
        Value::Number(x) => out.push_str(&format!("{}: {}\n", e.label, mean(x, options))),
        Value::Group(g)
            if g.iter()
                .any(|i| matches!(&i.value, Value::Group(s) if !s.is_empty())) =>
        {
            out.push_str(&format!("\n{}\n", e.label));
            for item in g {
                match &item.value {
                    Value::Group(sub) => {
                        out.push_str(&format!("  {}\n", item.label));
                        for s in sub {
                            let v = scalar(&s.value, options);
                            out.push_str(&format!("    {}: {v}\n", s.label));
                        }
                    }
                    v => out.push_str(&format!("  {}: {}\n", item.label, scalar(v, options))),
                }
            }
        }
        Value::Group(g) => {
            let items: Vec<String> = g
                .iter()
                .map(|item| match &item.value {
                    Value::Prob(p) => format!("{} {}", item.label, cell(p, options)),
                    Value::Int(i) => format!("{} {i}", item.label),
                    Value::Text(t) => format!("{}={t}", item.label),
                    Value::Number(x) => format!("{} {}", item.label, mean(x, options)),
                    Value::Dist(d) => format!("{} mean {}", item.label, dist_mean(d, options)),
                    Value::Group(_) => item.label.clone(),
                })
                .collect();
            out.push_str(&format!("{}: {}\n", e.label, items.join(", ")));
        }
    }
}

fn table(out: &mut String, label: &str, d: &Dist, options: &Options) {
    if d.min() == d.max() {
        out.push_str(&format!("\n{label}: always {}\n", d.min()));
        return;
    }
    out.push_str(&format!("\n{label} (mean {})\n", dist_mean(d, options)));
    let all = chances::rows(d, options);
    let top = all.iter().map(|r| r.p).fold(0.0, f64::max);
    let long = all.len() > SHORT_TABLE;
    let rows: Vec<[String; 4]> = all
        .into_iter()
        .filter(|r| !long || r.p >= SHOWN_ABOVE)
        .map(|r| {
            let bar = "█".repeat((r.p / top * BAR_WIDTH).round() as usize);
            [r.x.to_string(), r.exactly, r.at_least, bar]
        })
        .collect();
    let total = d.support().count();
    let w0 = rows.iter().map(|r| r[0].len()).max().unwrap_or(1).max(1);
    let w1 = rows.iter().map(|r| r[1].len()).max().unwrap_or(1).max(6);
    let w2 = rows.iter().map(|r| r[2].len()).max().unwrap_or(1).max(6);
    out.push_str(&format!(
        "  {:>w0$}  {:>w1$}  {:>w2$}\n",
        "k", "P(=k)", "P(≥k)"
    ));
    for [x, p, ge, bar] in &rows {
        out.push_str(&format!("  {x:>w0$}  {p:>w1$}  {ge:>w2$}  {bar}\n"));
    }
    if rows.len() < total {
        out.push_str(&format!(
            "  ({} outcomes below 0.005% not shown)\n",
            total - rows.len()
        ));
    }
}
