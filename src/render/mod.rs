//! Renderers: one trait, one small file per output format.

mod csv;
mod html;
mod json;
mod latex;
mod markdown;
mod text;
mod yaml;

use crate::dist::to_f64;
use crate::report::{fraction, Report};
use crate::table::{Stat, Table};
use num_rational::BigRational;

/// Turns a query's report, or a table, into the text of one output format.
pub trait Renderer {
    fn render(&self, report: &Report, options: &Options) -> String;
    fn render_table(&self, table: &Table, options: &Options) -> String;
}

/// Choices that apply to every format.
#[derive(Debug, Clone, Copy)]
pub struct Options {
    /// Show exact fractions beside (or instead of) decimals.
    pub exact: bool,
    /// Decimal places of table cells shown as decimals.
    pub digits: usize,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            exact: false,
            digits: 3,
        }
    }
}

/// The output formats.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    Text,
    Json,
    Yaml,
    Csv,
    Markdown,
    Latex,
    Html,
}

impl Format {
    /// The renderer for this format.
    pub fn renderer(self) -> Box<dyn Renderer> {
        match self {
            Format::Text => Box::new(text::Text),
            Format::Json => Box::new(json::Json),
            Format::Yaml => Box::new(yaml::Yaml),
            Format::Csv => Box::new(csv::Csv),
            Format::Markdown => Box::new(markdown::Markdown),
            Format::Latex => Box::new(latex::Latex),
            Format::Html => Box::new(html::Html),
        }
    }
}

/// A probability as a percentage for people, e.g. `41.67%`; tiny non-zero values stay visible.
pub(crate) fn percent(p: &BigRational) -> String {
    let v = to_f64(p) * 100.0;
    if v > 0.0 && v < 0.005 {
        "<0.01%".to_string()
    } else {
        format!("{v:.2}%")
    }
}

/// A probability for a table cell: a percentage, with the exact fraction after it when asked.
pub(crate) fn cell(p: &BigRational, options: &Options) -> String {
    if options.exact {
        format!("{} ({})", percent(p), fraction(p))
    } else {
        percent(p)
    }
}

/// A mean for people: 3 decimals, and the exact fraction when asked.
pub(crate) fn mean(m: &BigRational, options: &Options) -> String {
    let v = format!("{:.3}", to_f64(m));
    if options.exact {
        format!("{v} ({})", fraction(m))
    } else {
        v
    }
}

/// A table cell as text: the exact fraction with `exact`, else a decimal with `digits` places
/// (a mode is a whole number either way).
pub(crate) fn table_cell(table: &Table, v: &BigRational, options: &Options) -> String {
    if options.exact || (table.stat == Stat::Mode && v.is_integer()) {
        fraction(v)
    } else {
        format!("{:.*}", options.digits, to_f64(v))
    }
}

/// The header row of a table: the row label (and column label), then each column's value.
pub(crate) fn table_header(table: &Table) -> Vec<String> {
    let corner = match &table.col_label {
        Some(c) => format!("{} \\ {c}", table.row_label),
        None => table.row_label.clone(),
    };
    let mut header = vec![corner];
    if table.cols.is_empty() {
        header.push(table.stat.name());
    } else {
        header.extend(table.cols.iter().map(|c| c.to_string()));
    }
    header
}

/// Each body row: the row's value, then its cells.
pub(crate) fn table_rows(table: &Table, options: &Options) -> Vec<Vec<String>> {
    table
        .rows
        .iter()
        .zip(&table.cells)
        .map(|(r, cells)| {
            std::iter::once(r.to_string())
                .chain(cells.iter().map(|v| table_cell(table, v, options)))
                .collect()
        })
        .collect()
}
