//! The page: plain HTML, CSS and JavaScript from `web/`, embedded in the binary, no build step.
//! The same files make the static site (`cargo xtask site`), which adds the engine compiled to
//! WebAssembly; served here, without it, the page asks this server's API.

use axum::http::header;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use tower_http::compression::CompressionLayer;

/// Each file of `web/` (but the static site's service worker) with its route and media type,
/// listed by the build script (`build.rs`).
const FILES: &[(&str, &str, &[u8])] = include!(concat!(env!("OUT_DIR"), "/page_files.rs"));

/// The page's files, brotli- or gzip-compressed when the browser accepts it (the API's answers
/// are not: the server bounds the answers it holds by their size as written).
pub(super) fn routes<S: Clone + Send + Sync + 'static>() -> Router<S> {
    FILES
        .iter()
        .fold(Router::new(), |router, &(path, media_type, bytes)| {
            router.route(path, get(move || async move { file(media_type, bytes) }))
        })
        .layer(CompressionLayer::new().br(true).gzip(true))
}

fn file(media_type: &'static str, bytes: &'static [u8]) -> Response {
    let headers = [
        (header::CONTENT_TYPE, media_type),
        (header::CACHE_CONTROL, "no-cache"),
    ];
    (headers, bytes).into_response()
}
