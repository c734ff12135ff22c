//! Renderers: one trait, one small file per output format.

mod chances;
mod csv;
mod html;
mod json;
mod latex;
mod markdown;
mod text;
mod yaml;

pub(crate) use chances::dist_mean;
pub(crate) use text::records;

use crate::report::answer::{Printable, View};
use crate::report::{fraction, Entry, Report, Value};
use holodice_engine::dist::to_f64;
use num_rational::BigRational;
use num_traits::{One, Zero};

/// Turns a command's answer into the text of one format.
pub trait Renderer {
    fn render(&self, answer: &dyn Printable, options: &Options) -> String;
}

/// A format for people: it renders an answer's view, a report or a grid.
pub trait ForPeople {
    fn report(&self, report: &Report, options: &Options) -> String;
    fn grid(&self, grid: &Grid, options: &Options) -> String;
}

impl<T: ForPeople> Renderer for T {
    fn render(&self, answer: &dyn Printable, options: &Options) -> String {
        match answer.view() {
            View::Report(r) => self.report(&r, options),
            View::Grid(g) => self.grid(&g, options),
        }
    }
}

/// A titled grid of cells: what tables, comparisons and listings look like to people.
#[derive(Debug, Clone)]
pub struct Grid {
    pub title: String,
    /// Everything the numbers depend on (base SPECs, rule options, a legend).
    pub caption: String,
    /// What the columns' labels stand for (a comparison's loadouts), for formats that show it
    /// apart from the caption.
    pub legend: Vec<(String, String)>,
    pub header: Vec<String>,
    /// Each row starts with its label.
    pub rows: Vec<Vec<Cell>>,
}

/// One cell of a grid; each format shows it its own way.
#[derive(Debug, Clone)]
pub enum Cell {
    Label(String),
    /// A table's statistic: `--digits` decimals, or the exact fraction with `--exact`.
    Decimal(BigRational),
    /// A table's probability: as [`Cell::Decimal`], but `0` and `1` only when impossible or
    /// certain, and `<0.001` or `>0.999` (to `--digits`) for what would round to them.
    Chance(BigRational),
    /// A probability: a percentage for people, a decimal in CSV.
    Prob(BigRational),
    /// A mean: 3 decimals for people, `--digits` decimals in CSV.
    Mean(BigRational),
}

impl Cell {
    /// The cell for people.
    pub(crate) fn text(&self, options: &Options) -> String {
        match self {
            Cell::Label(l) => l.clone(),
            Cell::Decimal(v) => decimal(v, options),
            Cell::Chance(p) => chance(p, options),
            Cell::Prob(p) => cell(p, options),
            Cell::Mean(m) => mean(m, options),
        }
    }

    /// The cell for data (CSV): a plain decimal, or the exact fraction with `--exact`.
    pub(crate) fn data(&self, options: &Options) -> String {
        match self {
            Cell::Label(l) => l.clone(),
            Cell::Decimal(v) | Cell::Chance(v) | Cell::Prob(v) | Cell::Mean(v) => {
                decimal(v, options)
            }
        }
    }
}

/// A probability as a decimal for people, with the convention of [`percent`]: `0` and `1` only
/// when impossible or certain, `<0.001` and `>0.999` (to `--digits`) for what rounds to them.
pub(crate) fn chance(p: &BigRational, options: &Options) -> String {
    if options.exact || p.is_zero() || p.is_one() {
        return fraction(p);
    }
    let unit = 10f64.powi(-(options.digits as i32));
    let shown = format!("{:.*}", options.digits, to_f64(p));
    let rounded = shown.parse::<f64>().unwrap_or(f64::NAN);
    if rounded == 0.0 {
        format!("<{unit:.*}", options.digits)
    } else if rounded == 1.0 {
        format!(">{:.*}", options.digits, 1.0 - unit)
    } else {
        shown
    }
}

/// `--digits` decimals, or the exact fraction with `--exact`.
pub(crate) fn decimal(v: &BigRational, options: &Options) -> String {
    if options.exact {
        fraction(v)
    } else {
        format!("{:.*}", options.digits, to_f64(v))
    }
}

/// Choices that apply to every format.
#[derive(Debug, Clone)]
pub struct Options {
    /// Show exact fractions beside (or instead of) decimals.
    pub exact: bool,
    /// Decimal places of numbers shown as decimals (table cells, CSV).
    pub digits: usize,
    /// Outputs for people also show the details (rule options at their defaults).
    pub verbose: bool,
    /// An SVG chart a complete document shows inline (HTML).
    pub chart: Option<String>,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            exact: false,
            digits: 3,
            verbose: false,
            chart: None,
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

/// A probability as a percentage for people, one convention everywhere: `41.67%`; exactly
/// `0%` and `100%` only when impossible or certain; `<0.01%` and `>99.99%` for what would
/// otherwise round to them (see [`chances::percent_of`]).
pub(crate) fn percent(p: &BigRational) -> String {
    match p.numer().to_biguint() {
        Some(n) => chances::percent_of(&n, p.denom().magnitude()),
        None => "<0.01%".into(),
    }
}

/// Whether an output for people shows the entry: not an empty text (an absent unit), not a
/// detail unless verbose, not a repeat of the headline.
pub(crate) fn shown(e: &Entry, report: &Report, options: &Options) -> bool {
    !matches!(&e.value, Value::Text(t) if t.is_empty())
        && (options.verbose || !e.detail)
        && !report.headline.iter().any(|h| h.key == e.key)
}

/// The entries an output for people shows under the headline, with groups' details dropped
/// and a group whose items are all details (every rule at its default) said in one phrase.
pub(crate) fn body(report: &Report, options: &Options) -> Vec<Entry> {
    report
        .entries
        .iter()
        .filter(|e| shown(e, report, options))
        .map(|e| match &e.value {
            Value::Group(items) => {
                let kept: Vec<Entry> = items
                    .iter()
                    .filter(|i| options.verbose || !i.detail)
                    .cloned()
                    .collect();
                let value = match (kept.is_empty(), kept.len() < items.len()) {
                    (true, true) => Value::Text("all at their defaults".into()),
                    (false, true) => {
                        let mut kept = kept;
                        kept.push(Entry::new(
                            "",
                            "others at their defaults",
                            Value::Group(vec![]),
                        ));
                        Value::Group(kept)
                    }
                    _ => Value::Group(kept),
                };
                Entry { value, ..e.clone() }
            }
            _ => e.clone(),
        })
        .collect()
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

/// A value for people on one line: a group's items are listed, a distribution gives its mean.
pub(crate) fn scalar(v: &Value, options: &Options) -> String {
    match v {
        Value::Prob(p) => cell(p, options),
        Value::Int(i) => i.to_string(),
        Value::Text(t) => t.clone(),
        Value::Number(x) => mean(x, options),
        Value::Dist(d) if d.min() == d.max() => format!("always {}", d.min()),
        Value::Dist(d) => format!("mean {}", dist_mean(d, options)),
        Value::Group(items) => items
            .iter()
            .map(|i| match &i.value {
                Value::Group(sub) if !sub.is_empty() => {
                    format!("{} ({})", i.label, scalar(&i.value, options))
                }
                Value::Group(_) => i.label.clone(),
                Value::Text(t) => format!("{}={t}", i.label),
                v => format!("{} {}", i.label, scalar(v, options)),
            })
            .collect::<Vec<_>>()
            .join(", "),
    }
}

/// The distribution an entry shows as a table: one with more than one outcome.
pub(crate) fn varying(e: &Entry) -> Option<&holodice_engine::dist::Dist> {
    match &e.value {
        Value::Dist(d) if d.min() != d.max() => Some(d),
        _ => None,
    }
}

/// Each row of a distribution for people: the outcome, P(= k), P(≥ k).
pub(crate) fn dist_rows(d: &holodice_engine::dist::Dist, options: &Options) -> Vec<Vec<String>> {
    chances::rows(d, options)
        .into_iter()
        .map(|r| vec![r.x.to_string(), r.exactly, r.at_least])
        .collect()
}

/// A grid's caption with its legend first ("A: …; B: …; caption"), for formats that show both
/// in one place.
pub(crate) fn full_caption(grid: &Grid) -> String {
    grid.legend
        .iter()
        .map(|(label, what)| format!("{label}: {what}"))
        .chain(std::iter::once(grid.caption.clone()))
        .collect::<Vec<_>>()
        .join("; ")
}

/// The body rows of a grid as text for people.
pub(crate) fn text_rows(grid: &Grid, options: &Options) -> Vec<Vec<String>> {
    grid.rows
        .iter()
        .map(|r| r.iter().map(|c| c.text(options)).collect())
        .collect()
}
