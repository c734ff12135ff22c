//! YAML: the same document as the JSON output.

use super::{Grid, Options, Renderer};
use crate::report::Report;

pub struct Yaml;

impl Renderer for Yaml {
    fn render(&self, report: &Report, _: &Options) -> String {
        serde_yaml::to_string(&report.to_json()).expect("JSON values serialize as YAML")
    }

    fn render_grid(&self, grid: &Grid, _: &Options) -> String {
        serde_yaml::to_string(&grid.json).expect("JSON values serialize as YAML")
    }
}
