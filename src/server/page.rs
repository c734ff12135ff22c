//! The page: plain HTML, CSS and JavaScript from `web/`, embedded in the binary, no build step.

use axum::http::header;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;

const FILES: &[(&str, &str, &str)] = &[
    (
        "/",
        "text/html; charset=utf-8",
        include_str!("../../web/index.html"),
    ),
    (
        "/app.js",
        "text/javascript; charset=utf-8",
        include_str!("../../web/app.js"),
    ),
    (
        "/app.css",
        "text/css; charset=utf-8",
        include_str!("../../web/app.css"),
    ),
    (
        "/favicon.svg",
        "image/svg+xml",
        include_str!("../../web/favicon.svg"),
    ),
];

pub(super) fn routes<S: Clone + Send + Sync + 'static>() -> Router<S> {
    FILES
        .iter()
        .fold(Router::new(), |router, &(path, media_type, text)| {
            router.route(path, get(move || async move { file(media_type, text) }))
        })
}

fn file(media_type: &'static str, text: &'static str) -> Response {
    let headers = [
        (header::CONTENT_TYPE, media_type),
        (header::CACHE_CONTROL, "no-cache"),
    ];
    (headers, text).into_response()
}
