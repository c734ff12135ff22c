//! JSON: the machine contract, exact fractions as `"n/d"` strings.

use super::{Options, Renderer};
use crate::report::Report;
use crate::table::Table;

pub struct Json;

impl Renderer for Json {
    fn render(&self, report: &Report, _: &Options) -> String {
        pretty(&report.to_json())
    }

    fn render_table(&self, table: &Table, _: &Options) -> String {
        pretty(&table.to_json())
    }
}

fn pretty(value: &serde_json::Value) -> String {
    let mut s = serde_json::to_string_pretty(value).expect("JSON values serialize");
    s.push('\n');
    s
}
