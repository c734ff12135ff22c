//! `cargo xtask serve DIR [ADDR]`: the static site on this machine as a static host serves it,
//! each file brotli- or gzip-compressed when the browser accepts it (the `.br` and `.gz` files
//! `cargo xtask site` writes beside each one), on loopback unless told another address.

use axum::http::{header, HeaderValue};
use std::net::SocketAddr;
use std::path::Path;
use tower_http::services::ServeDir;
use tower_http::set_header::SetResponseHeaderLayer;

/// Where the site is served unless an address is given.
pub const ADDR: &str = "127.0.0.1:8000";

pub fn run(dir: &Path, addr: &str) -> Result<(), String> {
    if !dir.join("site.json").is_file() {
        return Err(format!(
            "{} is not a built site (it has no site.json): build one with cargo xtask site {}",
            dir.display(),
            dir.display()
        ));
    }
    let addr: SocketAddr = addr
        .parse()
        .map_err(|_| format!("'{addr}' is not an address to listen on, e.g. {ADDR}"))?;
    let files = ServeDir::new(dir).precompressed_br().precompressed_gzip();
    // A visit sees a new build at once; unchanged files come back as 304s.
    let app =
        axum::Router::new()
            .fallback_service(files)
            .layer(SetResponseHeaderLayer::overriding(
                header::CACHE_CONTROL,
                HeaderValue::from_static("no-cache"),
            ));
    let runtime = tokio::runtime::Runtime::new().map_err(|e| e.to_string())?;
    runtime.block_on(async move {
        let listener = tokio::net::TcpListener::bind(addr)
            .await
            .map_err(|e| format!("cannot listen on {addr}: {e}"))?;
        println!("serving {} at http://{addr}/ (Ctrl-C stops)", dir.display());
        axum::serve(listener, app)
            .with_graceful_shutdown(async {
                let _ = tokio::signal::ctrl_c().await;
            })
            .await
            .map_err(|e| e.to_string())
    })
}
