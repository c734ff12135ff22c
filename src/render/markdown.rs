//! Markdown: a heading per variable with its table, for pasting into documents.

use super::{cell, mean, percent, table_header, table_rows, Options, Renderer};
use crate::report::{Entry, Report, Value};
use crate::table::Table;

pub struct Markdown;

impl Renderer for Markdown {
    fn render(&self, report: &Report, options: &Options) -> String {
        let mut out = format!("# {}\n\n", report.title);
        for e in &report.entries {
            entry(&mut out, e, options);
        }
        if !report.notes.is_empty() {
            out.push_str("## Notes\n\n");
            for n in &report.notes {
                out.push_str(&format!("- {n}\n"));
            }
            out.push('\n');
        }
        out
    }

    fn render_table(&self, table: &Table, options: &Options) -> String {
        let header = table_header(table);
        let mut out = format!("### {}\n\n", table.title);
        out.push_str(&format!("| {} |\n", header.join(" | ")));
        out.push_str(&format!("|{}\n", "---:|".repeat(header.len())));
        for r in table_rows(table, options) {
            out.push_str(&format!("| {} |\n", r.join(" | ")));
        }
        out.push_str(&format!("\n_{}_\n", table.caption));
        out
    }
}

fn entry(out: &mut String, e: &Entry, options: &Options) {
    match &e.value {
        Value::Dist(d) => {
            out.push_str(&format!("## {}\n\n", e.label));
            out.push_str("| outcome | P(= k) | P(≥ k) |\n|---:|---:|---:|\n");
            for ((x, p), (_, at_least)) in d.pmf().into_iter().zip(d.at_least_all()) {
                out.push_str(&format!(
                    "| {x} | {} | {} |\n",
                    cell(&p, options),
                    cell(&at_least, options)
                ));
            }
            out.push_str(&format!("\nMean: {}\n\n", mean(&d.mean(), options)));
        }
        Value::Prob(p) => out.push_str(&format!("**{}**: {}\n\n", e.label, cell(p, options))),
        Value::Int(i) => out.push_str(&format!("**{}**: {i}\n\n", e.label)),
        Value::Text(t) => out.push_str(&format!("**{}**: {t}\n\n", e.label)),
        Value::Group(g) => {
            out.push_str(&format!("## {}\n\n", e.label));
            for item in g {
                let v = match &item.value {
                    Value::Prob(p) if options.exact => cell(p, options),
                    Value::Prob(p) => percent(p),
                    Value::Int(i) => i.to_string(),
                    Value::Text(t) => t.clone(),
                    Value::Dist(d) => mean(&d.mean(), options),
                    Value::Group(_) => String::new(),
                };
                out.push_str(&format!("- {}: {v}\n", item.label));
            }
            out.push('\n');
        }
    }
}
