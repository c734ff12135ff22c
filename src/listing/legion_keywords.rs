//! The Legion item listing of `holodice legion keywords`: every SPEC item, the roles that take
//! it, the step of the attack sequence it acts in, whether it is modelled, and what it does.

use holodice_engine::legion::items::{Keywords, Status};
use holodice_engine::swtcg::keywords::ValueKind;
use serde::Serialize;

/// One item's row of the coverage table: the words both listings print. As JSON, `model` is
/// always a string: what a modelled item does, and for any other item the same text as its
/// `status` (so a tooltip can show `model` for every item). `control` says how the page offers
/// the item (`keyword`, `dice`, `token`, `condition`, `unit`, `choice` with its `group`, or
/// `text`: typed only); `group` is null but for a choice; `takes_value` says whether it takes
/// a number N (so the page reads no prose).
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(
    feature = "native",
    derive(schemars::JsonSchema),
    schemars(rename = "LegionKeyword")
)]
pub struct CoverageRow {
    name: String,
    aliases: Vec<String>,
    n: &'static str,
    roles: Vec<&'static str>,
    step: String,
    status: String,
    model: String,
    control: &'static str,
    group: Option<String>,
    takes_value: bool,
    /// `model` says what the item does (else it repeats `status`, which says why not).
    #[serde(skip)]
    has_model: bool,
}

fn coverage_rows() -> impl Iterator<Item = CoverageRow> {
    Keywords::builtin().all().iter().map(|k| {
        let reason = k.reason.as_deref().unwrap_or_default();
        let status = match k.status {
            Status::Modelled => "modelled".to_string(),
            Status::NoDiceEffect => format!("no effect on dice: {reason}"),
            Status::NotModelled => format!("refused, not modelled yet: {reason}"),
            Status::Ambiguous => format!("refused as ambiguous: {}", reason.replace("{N}", "N")),
        };
        let model = k.model.clone().filter(|_| k.status == Status::Modelled);
        CoverageRow {
            name: k.name.clone(),
            aliases: k.aliases.clone(),
            n: match k.value {
                ValueKind::None => "—",
                _ => "N ≥ 0",
            },
            roles: k.roles.iter().map(|r| r.name()).collect(),
            step: k.step.clone(),
            has_model: model.is_some(),
            model: model.unwrap_or_else(|| status.clone()),
            status,
            control: k.control.name(),
            group: k.group.clone(),
            takes_value: k.value != ValueKind::None,
        }
    })
}

/// The SPEC item table in Markdown: item, N, SPEC, step of the sequence, status, and what a
/// modelled item does ("—" for the others: their status says why).
pub fn coverage_markdown() -> String {
    let mut out = String::from(
        "| item | N | SPEC | step | status | how holodice models it |\n\
         |---|---|---|---|---|---|\n",
    );
    for r in coverage_rows() {
        let name = if r.aliases.is_empty() {
            r.name
        } else {
            format!("{} (also {})", r.name, r.aliases.join(", "))
        };
        out.push_str(&format!(
            "| {name} | {} | {} | {} | {} | {} |\n",
            r.n,
            r.roles.join(", "),
            r.step,
            r.status,
            if r.has_model { &r.model } else { "—" }
        ));
    }
    out
}

/// The same table as JSON: one object per item.
pub fn coverage_json() -> Vec<CoverageRow> {
    coverage_rows().collect()
}
