//! The rule option listing of `holodice swtcg rules`.

use holodice_engine::swtcg::rules::OPTIONS;
use serde::Serialize;

/// Every rule option, its values and default, and what it decides, for people.
pub fn text() -> String {
    OPTIONS
        .iter()
        .map(|o| {
            format!(
                "{} = {} (default {})\n    {}\n",
                o.name,
                o.values.join(" | "),
                o.values[0],
                o.summary
            )
        })
        .collect()
}

/// A rule option as JSON: name, values, default, summary and the keywords it touches.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(
    feature = "native",
    derive(schemars::JsonSchema),
    schemars(rename = "SwtcgRule")
)]
pub struct ListedOption {
    name: &'static str,
    values: &'static [&'static str],
    default: &'static str,
    summary: &'static str,
    keywords: &'static [&'static str],
}

/// Every rule option as JSON.
pub fn json() -> Vec<ListedOption> {
    OPTIONS
        .iter()
        .map(|o| ListedOption {
            name: o.name,
            values: o.values,
            default: o.values[0],
            summary: o.summary,
            keywords: o.keywords,
        })
        .collect()
}
