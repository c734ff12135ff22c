//! The page's engine in the browser: the JSON API's answers, computed where the page runs. The
//! page's Web Worker calls [`answer`] with the path and body it would send to `holodice serve`,
//! and gets the same status and JSON, so the page runs from any static host and offline.

use holodice::api::{self, Listings, Reply};
use holodice_engine::legion::cards::Cards as LegionCards;
use holodice_engine::swtcg::cards::Cards;
use std::sync::OnceLock;
use wasm_bindgen::prelude::wasm_bindgen;

/// holodice's version, as the page shows it.
#[wasm_bindgen]
pub fn version() -> String {
    env!("CARGO_PKG_VERSION").to_string()
}

/// The reply to a request for `path` under /api/v1/ (a listing, or an endpoint with its JSON
/// `body`), as the JSON text `{"status": 200, "type": "application/json", "body": "..."}`.
#[wasm_bindgen]
pub fn answer(path: &str, body: &str) -> String {
    let r = reply(path, body);
    serde_json::json!({"status": r.status, "type": r.media_type, "body": r.body}).to_string()
}

/// The reply itself: what `holodice serve` answers to the same request, without its gate.
pub fn reply(path: &str, body: &str) -> Reply {
    static LISTINGS: OnceLock<Listings> = OnceLock::new();
    let cards = Cards::builtin();
    let listings = LISTINGS.get_or_init(|| Listings::new(cards));
    api::answer(
        path,
        body.as_bytes(),
        cards,
        LegionCards::builtin(),
        listings,
    )
}
