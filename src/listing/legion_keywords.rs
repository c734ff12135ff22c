//! The Legion item listing of `holodice legion keywords`: every SPEC item, the roles that take
//! it, the step of the attack sequence it acts in, whether it is modelled, and what it does.

use holodice_engine::legion::items::{Keywords, Status};
use holodice_engine::swtcg::keywords::ValueKind;

/// One item's row of the coverage table: the words both listings print.
struct CoverageRow {
    name: String,
    aliases: Vec<String>,
    n: &'static str,
    roles: Vec<&'static str>,
    step: String,
    status: String,
    /// What a modelled item does (`data/legion/keywords.yaml`'s `model`); `None` for the others,
    /// whose status says why.
    model: Option<String>,
    control: &'static str,
    group: Option<String>,
}

fn coverage_rows() -> impl Iterator<Item = CoverageRow> {
    Keywords::builtin().all().iter().map(|k| CoverageRow {
        name: k.name.clone(),
        aliases: k.aliases.clone(),
        n: match k.value {
            ValueKind::None => "—",
            _ => "N ≥ 0",
        },
        roles: k.roles.iter().map(|r| r.name()).collect(),
        step: k.step.clone(),
        status: match k.status {
            Status::Modelled => "modelled".to_string(),
            Status::NoDiceEffect => format!(
                "no effect on dice: {}",
                k.reason.as_deref().unwrap_or_default()
            ),
            Status::NotModelled => format!(
                "refused, not modelled yet: {}",
                k.reason.as_deref().unwrap_or_default()
            ),
            Status::Ambiguous => format!(
                "refused as ambiguous: {}",
                k.reason.as_deref().unwrap_or_default().replace("{N}", "N")
            ),
        },
        model: match k.status {
            Status::Modelled => k.model.clone(),
            _ => None,
        },
        control: k.control.name(),
        group: k.group.clone(),
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
            r.model.as_deref().unwrap_or("—")
        ));
    }
    out
}

/// The same table as JSON: one object per item, with the Markdown table's words. `model` is
/// always a string: what a modelled item does, and for any other item the same text as its
/// `status` (so a tooltip can show `model` for every item). `control` says how the page offers
/// the item (`keyword`, `dice`, `token`, `condition`, `unit`, `choice` with its `group`, or
/// `text`: typed only); `group` is null but for a choice.
pub fn coverage_json() -> serde_json::Value {
    coverage_rows()
        .map(|r| {
            let model = r.model.unwrap_or_else(|| r.status.clone());
            serde_json::json!({
                "name": r.name,
                "aliases": r.aliases,
                "n": r.n,
                "roles": r.roles,
                "step": r.step,
                "status": r.status,
                "model": model,
                "control": r.control,
                "group": r.group,
            })
        })
        .collect()
}
