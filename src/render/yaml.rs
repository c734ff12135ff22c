//! YAML: the same document as the JSON output.

use super::{Options, Renderer};
use crate::report::Report;

pub struct Yaml;

impl Renderer for Yaml {
    fn render(&self, report: &Report, _: &Options) -> String {
        serde_yaml::to_string(&report.to_json()).expect("JSON values serialize as YAML")
    }
}
