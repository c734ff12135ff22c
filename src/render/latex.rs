//! LaTeX: a `table` environment per table, `tabular` per distribution, ready to `\\input`.

use super::{cell, mean, table_header, table_rows, Options, Renderer};
use crate::report::{Entry, Report, Value};
use crate::table::Table;

pub struct Latex;

/// Escapes the characters LaTeX gives a meaning to, and writes ≥ in math mode.
fn escape(s: &str) -> String {
    let mut out = String::new();
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\textbackslash{}"),
            '&' | '%' | '$' | '#' | '_' | '{' | '}' => {
                out.push('\\');
                out.push(c);
            }
            '~' => out.push_str("\\textasciitilde{}"),
            '^' => out.push_str("\\textasciicircum{}"),
            '≥' => out.push_str("$\\geq$"),
            '×' => out.push_str("$\\times$"),
            _ => out.push(c),
        }
    }
    out
}

fn tabular(out: &mut String, header: &[String], rows: &[Vec<String>]) {
    out.push_str(&format!(
        "\\begin{{tabular}}{{r|{}}}\n",
        "r".repeat(header.len() - 1)
    ));
    let line = |cells: &[String]| {
        cells
            .iter()
            .map(|c| escape(c))
            .collect::<Vec<_>>()
            .join(" & ")
            + " \\\\\n"
    };
    out.push_str(&line(header));
    out.push_str("\\hline\n");
    for r in rows {
        out.push_str(&line(r));
    }
    out.push_str("\\end{tabular}\n");
}

impl Renderer for Latex {
    fn render(&self, report: &Report, options: &Options) -> String {
        let mut out = format!("% {}\n", escape(&report.title));
        for e in &report.entries {
            entry(&mut out, e, options);
        }
        out
    }

    fn render_table(&self, table: &Table, options: &Options) -> String {
        let mut out = String::from("\\begin{table}\n\\centering\n");
        out.push_str(&format!(
            "\\caption{{{}: {}}}\n",
            escape(&table.title),
            escape(&table.caption)
        ));
        tabular(&mut out, &table_header(table), &table_rows(table, options));
        out.push_str("\\end{table}\n");
        out
    }
}

fn entry(out: &mut String, e: &Entry, options: &Options) {
    match &e.value {
        Value::Dist(d) => {
            out.push_str(&format!(
                "\n% {} (mean {})\n",
                escape(&e.label),
                escape(&mean(&d.mean(), options))
            ));
            let rows: Vec<Vec<String>> = d
                .pmf()
                .into_iter()
                .zip(d.at_least_all())
                .map(|((x, p), (_, ge))| vec![x.to_string(), cell(&p, options), cell(&ge, options)])
                .collect();
            let header = ["k".to_string(), "P(= k)".into(), "P(≥ k)".into()];
            tabular(out, &header, &rows);
        }
        Value::Prob(p) => out.push_str(&format!(
            "% {}: {}\n",
            escape(&e.label),
            escape(&cell(p, options))
        )),
        Value::Int(i) => out.push_str(&format!("% {}: {i}\n", escape(&e.label))),
        Value::Text(t) => out.push_str(&format!("% {}: {}\n", escape(&e.label), escape(t))),
        Value::Group(g) => {
            for item in g {
                entry(out, item, options);
            }
        }
    }
}
