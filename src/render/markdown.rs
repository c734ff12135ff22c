//! Markdown: a heading per variable with its table, for pasting into documents.

use super::{body, dist_mean, dist_rows, scalar, text_rows, ForPeople, Grid, Options};
use crate::report::{Entry, Report, Value};

pub struct Markdown;

impl ForPeople for Markdown {
    fn report(&self, report: &Report, options: &Options) -> String {
        let mut out = format!("# {}\n\n", report.title);
        for e in report.headline.iter().chain(&body(report, options)) {
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

    fn grid(&self, grid: &Grid, options: &Options) -> String {
        let mut out = format!("### {}\n\n", grid.title);
        out.push_str(&format!("| {} |\n", grid.header.join(" | ")));
        // A comparison's rows are named in words, aligned left; numbers align right.
        let first = if grid.legend.is_empty() {
            "---:|"
        } else {
            ":---|"
        };
        let rest = "---:|".repeat(grid.header.len() - 1);
        out.push_str(&format!("|{first}{rest}\n"));
        for r in text_rows(grid, options) {
            let cells: Vec<String> = r.iter().map(|c| cell(c)).collect();
            out.push_str(&format!("| {} |\n", cells.join(" | ")));
        }
        if !grid.legend.is_empty() {
            out.push('\n');
        }
        for (label, what) in &grid.legend {
            out.push_str(&format!("- **{label}**: {what}\n"));
        }
        out.push_str(&format!("\n_{}_\n", grid.caption));
        out
    }
}

/// A grid cell inside a table row: its pipes escaped, its lines as line breaks.
fn cell(text: &str) -> String {
    text.replace('|', "\\|").replace('\n', "<br>")
}

fn entry(out: &mut String, e: &Entry, options: &Options) {
    match &e.value {
        Value::Dist(d) if d.min() == d.max() => {
            out.push_str(&format!("**{}**: always {}\n\n", e.label, d.min()));
        }
        Value::Dist(d) => {
            out.push_str(&format!("## {}\n\n", e.label));
            out.push_str("| outcome | P(= k) | P(≥ k) |\n|---:|---:|---:|\n");
            for r in dist_rows(d, options) {
                out.push_str(&format!("| {} |\n", r.join(" | ")));
            }
            out.push_str(&format!("\nMean: {}\n\n", dist_mean(d, options)));
        }
        Value::Group(g) => {
            out.push_str(&format!("## {}\n\n", e.label));
            for item in g {
                match &item.value {
                    Value::Group(sub) => {
                        out.push_str(&format!("- {}\n", item.label));
                        for s in sub {
                            let v = scalar(&s.value, options);
                            out.push_str(&format!("  - {}: {v}\n", s.label));
                        }
                    }
                    v => out.push_str(&format!("- {}: {}\n", item.label, scalar(v, options))),
                }
            }
            out.push('\n');
        }
        v => out.push_str(&format!("**{}**: {}\n\n", e.label, scalar(v, options))),
    }
}
