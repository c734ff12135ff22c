//! YAML: the same document as the JSON output.

use super::{Options, Renderer};
use crate::report::answer::Printable;

pub struct Yaml;

impl Renderer for Yaml {
    fn render(&self, answer: &dyn Printable, _: &Options) -> String {
        serde_yaml::to_string(&answer.data()).expect("JSON values serialize as YAML")
    }
}
