//! YAML: the same document as the JSON output.

use super::{Options, Renderer};
use crate::report::Report;
use crate::table::Table;

pub struct Yaml;

impl Renderer for Yaml {
    fn render(&self, report: &Report, _: &Options) -> String {
        serde_yaml::to_string(&report.to_json()).expect("JSON values serialize as YAML")
    }

    fn render_table(&self, table: &Table, _: &Options) -> String {
        serde_yaml::to_string(&table.to_json()).expect("JSON values serialize as YAML")
    }
}
