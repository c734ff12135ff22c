//! JSON: the machine contract, exact fractions as `"n/d"` strings.

use super::{Options, Renderer};
use crate::report::Report;

pub struct Json;

impl Renderer for Json {
    fn render(&self, report: &Report, _: &Options) -> String {
        let mut s = serde_json::to_string_pretty(&report.to_json()).expect("JSON values serialize");
        s.push('\n');
        s
    }
}
