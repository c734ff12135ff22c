//! The first visit's worked examples answered before the site is published: the site's
//! `examples.json` is `web/examples.json` with each example's answer, computed here by the same
//! engine the page runs, so a first visit shows its answer while the engine still downloads.

use holodice::api::{self, Listings};
use holodice_engine::legion::cards::Cards as LegionCards;
use holodice_engine::swtcg::cards::Cards;
use serde_json::Value;

/// The endpoint each view's example asks.
fn endpoint(view: &str) -> Option<&'static str> {
    match view {
        "swtcg" => Some("swtcg/attack"),
        "legion" => Some("legion/attack"),
        "matchups" => Some("legion/matchups"),
        _ => None,
    }
}

/// `examples` (the text of web/examples.json) with an `answer` beside each example's query.
pub fn answered(examples: &str) -> Result<String, String> {
    let mut all: Value =
        serde_json::from_str(examples).map_err(|e| format!("web/examples.json: {e}"))?;
    let views = all
        .as_object_mut()
        .ok_or("web/examples.json: not an object of views")?;
    let cards = Cards::builtin();
    let listings = Listings::new(cards);
    for (view, example) in views.iter_mut() {
        let path = endpoint(view).ok_or(format!("web/examples.json: no view '{view}'"))?;
        let body = example["query"].to_string();
        let reply = api::answer(
            path,
            body.as_bytes(),
            cards,
            LegionCards::builtin(),
            &listings,
        );
        if reply.status != 200 {
            return Err(format!("web/examples.json, {view}: {}", reply.body.trim()));
        }
        let answer: Value = serde_json::from_str(&reply.body).map_err(|e| e.to_string())?;
        example["answer"] = answer;
    }
    serde_json::to_string(&all).map_err(|e| e.to_string())
}
