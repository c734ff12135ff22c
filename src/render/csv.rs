//! CSV: one row per outcome of each variable, then probabilities and context as rows.

use super::{table_header, table_rows, Options, Renderer};
use crate::dist::to_f64;
use crate::report::{fraction, Entry, Report, Value};
use crate::table::Table;
use num_rational::BigRational;

pub struct Csv;

impl Renderer for Csv {
    fn render(&self, report: &Report, options: &Options) -> String {
        let mut out = String::from("variable,outcome,probability,at_least\n");
        rows(&mut out, "", &report.entries, options);
        out
    }

    /// The caption first, as a `#` comment line (read with e.g. pandas' `comment='#'`).
    fn render_table(&self, table: &Table, options: &Options) -> String {
        let exact = Options {
            exact: options.exact,
            digits: 10,
        };
        let mut out = format!("# {}: {}\n", table.title, table.caption);
        let line =
            |cells: Vec<String>| cells.iter().map(|c| field(c)).collect::<Vec<_>>().join(",");
        out.push_str(&line(table_header(table)));
        out.push('\n');
        for r in table_rows(table, &exact) {
            out.push_str(&line(r));
            out.push('\n');
        }
        out
    }
}

fn number(p: &BigRational, options: &Options) -> String {
    if options.exact {
        fraction(p)
    } else {
        to_f64(p).to_string()
    }
}

/// Quotes a field when it holds a comma, a quote or a line break.
fn field(s: &str) -> String {
    if s.contains([',', '"', '\n']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

fn rows(out: &mut String, prefix: &str, entries: &[Entry], options: &Options) {
    for e in entries {
        let key = format!("{prefix}{}", e.key);
        match &e.value {
            Value::Dist(d) => {
                for ((x, p), (_, at_least)) in d.pmf().into_iter().zip(d.at_least_all()) {
                    out.push_str(&format!(
                        "{key},{x},{},{}\n",
                        number(&p, options),
                        number(&at_least, options)
                    ));
                }
            }
            Value::Prob(p) => out.push_str(&format!("{key},,{},\n", number(p, options))),
            Value::Int(i) => out.push_str(&format!("{key},{i},,\n")),
            Value::Text(t) => out.push_str(&format!("{key},{},,\n", field(t))),
            Value::Group(g) => rows(out, &format!("{key}."), g, options),
        }
    }
}
