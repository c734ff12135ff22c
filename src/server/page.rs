//! The page: plain HTML, CSS and JavaScript from `web/`, embedded in the binary, no build step.
//! The same files make the static site (`cargo xtask site`), which adds the engine compiled to
//! WebAssembly; served here, without it, the page asks this server's API.

use axum::http::header;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;

const FILES: &[(&str, &str, &[u8])] = &[
    (
        "/",
        "text/html; charset=utf-8",
        include_bytes!("../../web/index.html"),
    ),
    (
        "/app.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../../web/app.js"),
    ),
    (
        "/app.css",
        "text/css; charset=utf-8",
        include_bytes!("../../web/app.css"),
    ),
    (
        "/worker.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../../web/worker.js"),
    ),
    (
        "/favicon.svg",
        "image/svg+xml",
        include_bytes!("../../web/favicon.svg"),
    ),
    (
        "/icon-192.png",
        "image/png",
        include_bytes!("../../web/icon-192.png"),
    ),
    (
        "/icon-512.png",
        "image/png",
        include_bytes!("../../web/icon-512.png"),
    ),
    (
        "/manifest.webmanifest",
        "application/manifest+json",
        include_bytes!("../../web/manifest.webmanifest"),
    ),
];

pub(super) fn routes<S: Clone + Send + Sync + 'static>() -> Router<S> {
    FILES
        .iter()
        .fold(Router::new(), |router, &(path, media_type, bytes)| {
            router.route(path, get(move || async move { file(media_type, bytes) }))
        })
}

fn file(media_type: &'static str, bytes: &'static [u8]) -> Response {
    let headers = [
        (header::CONTENT_TYPE, media_type),
        (header::CACHE_CONTROL, "no-cache"),
    ];
    (headers, bytes).into_response()
}
