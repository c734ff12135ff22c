//! JSON: the machine contract, exact fractions as `"n/d"` strings.

use super::{Grid, Options, Renderer};
use crate::report::Report;

pub struct Json;

impl Renderer for Json {
    fn render(&self, report: &Report, _: &Options) -> String {
        pretty(&report.to_json())
    }

    fn render_grid(&self, grid: &Grid, _: &Options) -> String {
        pretty(&grid.json)
    }
}

fn pretty(value: &serde_json::Value) -> String {
    let mut s = serde_json::to_string_pretty(value).expect("JSON values serialize");
    s.push('\n');
    s
}
