//! The rule option listing of `holodice swtcg rules`.

use holodice_engine::swtcg::rules::OPTIONS;

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

/// Every rule option as JSON: name, values, default, summary and the keywords it touches.
pub fn json() -> serde_json::Value {
    OPTIONS
        .iter()
        .map(|o| {
            serde_json::json!({
                "name": o.name,
                "values": o.values,
                "default": o.values[0],
                "summary": o.summary,
                "keywords": o.keywords,
            })
        })
        .collect()
}
