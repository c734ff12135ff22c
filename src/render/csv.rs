//! CSV: data rows under one header line, nothing else, so that spreadsheets read it as it is.
//! A report's rows are its distributions (a chance is a 0/1 variable); the units, rule options
//! and notes are in the JSON output.

use super::{decimal, ForPeople, Grid, Options};
use crate::report::{Entry, Report, Value};
use holodice_engine::dist::Dist;

pub struct Csv;

impl ForPeople for Csv {
    fn report(&self, report: &Report, options: &Options) -> String {
        let mut out = String::from("variable,outcome,probability,at_least\n");
        rows(&mut out, "", &report.entries, options);
        out
    }

    fn grid(&self, grid: &Grid, options: &Options) -> String {
        let line =
            |cells: Vec<String>| cells.iter().map(|c| field(c)).collect::<Vec<_>>().join(",");
        // A comparison's columns are named by what they compare, not by their letters.
        let mut header = grid.header.clone();
        for (i, (label, what)) in grid.legend.iter().enumerate() {
            if let Some(h) = header.get_mut(i + 1) {
                *h = format!("{label}: {what}");
            }
        }
        let mut out = line(header);
        out.push('\n');
        for r in &grid.rows {
            out.push_str(&line(r.iter().map(|c| c.data(options)).collect()));
            out.push('\n');
        }
        out
    }
}

/// Quotes a field when it holds a comma, a quote or a line break; ≥ is spelt >= for programs
/// that read CSV in a legacy encoding.
fn field(s: &str) -> String {
    let s = &s.replace('≥', ">=");
    if s.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

fn dist_rows(out: &mut String, key: &str, d: &Dist, options: &Options) {
    for ((x, p), (_, at_least)) in d.pmf().into_iter().zip(d.at_least_all()) {
        out.push_str(&format!(
            "{},{x},{},{}\n",
            field(key),
            decimal(&p, options),
            decimal(&at_least, options)
        ));
    }
}

fn rows(out: &mut String, prefix: &str, entries: &[Entry], options: &Options) {
    for e in entries {
        let key = format!("{prefix}{}", e.key);
        match &e.value {
            Value::Dist(d) => dist_rows(out, &key, d, options),
            Value::Prob(p) => dist_rows(out, &key, &Dist::bernoulli(p), options),
            Value::Group(g) => rows(out, &format!("{key}."), g, options),
            Value::Int(_) | Value::Text(_) | Value::Number(_) => {}
        }
    }
}
