//! The page's engine in the browser: the JSON API's answers, computed where the page runs. The
//! page's Web Worker calls [`answer`] with the path and body it would send to `holodice serve`,
//! and gets the same status and JSON, so the page runs from any static host and offline.

use holodice::api::{self, Reply};
use wasm_bindgen::prelude::wasm_bindgen;

/// holodice's version, as the page shows it.
#[wasm_bindgen]
pub fn version() -> String {
    env!("CARGO_PKG_VERSION").to_string()
}

/// A reply as the page's worker reads it: the HTTP status, media type and body `holodice
/// serve` would send, as one object (the body is the answer's JSON, parsed once, by the page).
#[wasm_bindgen(getter_with_clone)]
pub struct WorkerReply {
    /// The HTTP status: 200, or the 4xx of a refused request.
    pub status: u16,
    /// The body's media type (`application/json`, or the format a request asks for).
    #[wasm_bindgen(js_name = "type")]
    pub media_type: String,
    /// The answer or the error, as the server's body.
    pub body: String,
}

/// The reply to a request for `path` under /api/v1/ (a listing, or an endpoint with its JSON
/// `body`).
#[wasm_bindgen]
pub fn answer(path: &str, body: &str) -> WorkerReply {
    let r = reply(path, body);
    WorkerReply {
        status: r.status,
        media_type: r.media_type.to_string(),
        body: r.body,
    }
}

/// The reply itself: what `holodice serve` answers to the same request, without its gate.
pub fn reply(path: &str, body: &str) -> Reply {
    api::answer_builtin(path, body)
}
