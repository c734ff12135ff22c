//! Renderers: one trait, one small file per output format.

mod csv;
mod json;
mod markdown;
mod text;
mod yaml;

use crate::dist::to_f64;
use crate::report::{fraction, Report};
use num_rational::BigRational;

/// Turns a report into the text of one output format.
pub trait Renderer {
    fn render(&self, report: &Report, options: &Options) -> String;
}

/// Choices that apply to every format.
#[derive(Debug, Clone, Copy, Default)]
pub struct Options {
    /// Show exact fractions beside (or instead of) decimals.
    pub exact: bool,
}

/// The output formats.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    Text,
    Json,
    Yaml,
    Csv,
    Markdown,
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
