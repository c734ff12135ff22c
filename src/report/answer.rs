//! A command's answer: one typed value that JSON and YAML serialize and whose view the outputs
//! for people render.

use super::Report;
use crate::render::Grid;
use serde::Serialize;

/// What outputs for people show of an answer: one query's report, or a grid (a table, a
/// comparison, a listing).
#[derive(Debug, Clone)]
pub enum View {
    Report(Report),
    Grid(Grid),
}

/// A command's typed answer: its serialization is the JSON contract, its view what people read.
pub trait Answer: Serialize {
    /// What the outputs for people show.
    fn view(&self) -> View;
}

/// An answer as the renderers take it (object-safe: a renderer is behind `dyn`).
pub trait Printable {
    /// The answer as JSON and YAML print it.
    fn data(&self) -> serde_json::Value;
    /// What the outputs for people show.
    fn view(&self) -> View;
}

impl<T: Answer> Printable for T {
    fn data(&self) -> serde_json::Value {
        // Typed answers hold strings, numbers, maps with string keys: they always serialize.
        serde_json::to_value(self).unwrap_or(serde_json::Value::Null)
    }

    fn view(&self) -> View {
        Answer::view(self)
    }
}
