//! JSON: the machine contract, exact fractions as `"n/d"` strings.

use super::{Options, Renderer};
use crate::report::answer::Printable;

pub struct Json;

impl Renderer for Json {
    fn render(&self, answer: &dyn Printable, _: &Options) -> String {
        let mut s = serde_json::to_string_pretty(&answer.data()).expect("JSON values serialize");
        s.push('\n');
        s
    }
}
