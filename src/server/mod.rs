//! `holodice serve`: the web page and a JSON API on the same commands as the command line.
//!
//! A request is a JSON object (or a query string) whose keys are a command's long options; it
//! becomes that command's arguments and runs through [`crate::command::execute`], so every
//! default, limit and message is the command line's. The server reads no file a request names,
//! bounds bodies, concurrency and time, and listens on loopback unless told otherwise.

mod api;
mod gate;
mod page;
mod params;

pub use params::{endpoint_paths, parse_request};

use crate::command::{Files, ServeArgs};
use axum::http::{header, HeaderValue};
use axum::Router;
use holodice_engine::legion::cards::Cards as LegionCards;
use holodice_engine::swtcg::cards::Cards;
use holodice_engine::Error;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;

pub use gate::Limits;

/// What the server answers with: its cards, its limits, the origin allowed to call it.
pub struct Config {
    /// The units `@Name` can name: the built-in examples and the `--cards` files.
    pub cards: Cards,
    /// The Legion units `@Name` can name: the Legion `--cards` files.
    pub legion_cards: LegionCards,
    pub limits: Limits,
    /// The origin allowed to call the API from a browser, if any.
    pub cors: Option<HeaderValue>,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            cards: Cards::builtin().clone(),
            legion_cards: LegionCards::default(),
            limits: Limits::default(),
            cors: None,
        }
    }
}

/// The whole server as a router: the page, its assets and the API.
pub fn router(config: Config) -> Router {
    let cors = config.cors.clone();
    let app = Arc::new(api::App::new(config));
    let router = Router::new()
        .merge(page::routes())
        .merge(api::routes(app))
        .fallback(api::not_found)
        .layer(axum::middleware::map_response(security_headers));
    match cors {
        Some(origin) => router.layer(
            tower_http::cors::CorsLayer::new()
                .allow_origin(origin)
                .allow_methods([axum::http::Method::GET, axum::http::Method::POST])
                .allow_headers([header::CONTENT_TYPE]),
        ),
        None => router,
    }
}

/// Headers every response carries: nothing runs or loads but the page's own files.
async fn security_headers(mut response: axum::response::Response) -> axum::response::Response {
    let h = response.headers_mut();
    h.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(
            "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; \
             connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
        ),
    );
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    h.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    response
}

/// The `--cards` files, each SWTCG's or Legion's as its content says.
fn card_files(paths: &[PathBuf], files: &dyn Files) -> Result<(Cards, LegionCards), Error> {
    let (mut swtcg, mut legion) = (Vec::new(), Vec::new());
    for p in paths {
        match LegionCards::is_legion_file(&files.read("--cards", p)?) {
            true => legion.push(p.clone()),
            false => swtcg.push(p.clone()),
        }
    }
    let cards = crate::command::with_card_files(Cards::builtin(), &swtcg, files)?.into_owned();
    let legion = crate::command::with_legion_card_files(&LegionCards::default(), &legion, files)?
        .into_owned();
    Ok((cards, legion))
}

/// Starts the server and serves until Ctrl-C or SIGTERM.
pub fn run(args: &ServeArgs, files: &dyn Files) -> Result<(), Error> {
    let (cards, legion_cards) = card_files(&args.cards, files)?;
    let cors = args.cors.as_deref().map(origin).transpose()?;
    let mut limits = Limits::default();
    if let Some(n) = args.workers {
        limits.workers = usize::from(n);
    }
    let config = Config {
        cards,
        legion_cards,
        limits,
        cors,
    };
    // Computations are the only blocking work: one thread each, so memory freed by one is
    // reused by the next rather than kept by many threads' allocators.
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .max_blocking_threads(config.limits.workers)
        .enable_all()
        .build()
        .map_err(|e| Error::File(format!("cannot start the server: {e}")))?;
    runtime.block_on(serve(args.addr, config))
}

async fn serve(addr: SocketAddr, config: Config) -> Result<(), Error> {
    let listener = tokio::net::TcpListener::bind(addr).await.map_err(|e| {
        Error::File(format!(
            "cannot listen on {addr}: {e} (give another port, e.g. --addr 127.0.0.1:8081)"
        ))
    })?;
    let bound = listener
        .local_addr()
        .map_err(|e| Error::File(format!("cannot listen on {addr}: {e}")))?;
    let workers = config.limits.workers;
    let header_time = config.limits.request_time;
    say(&format!(
        "holodice: serving http://{}/ (Ctrl-C stops it)",
        url_host(bound)
    ));
    if bound.ip().is_unspecified() {
        say(&format!(
            "holodice: listening on every network interface: other machines can connect to port {}",
            bound.port()
        ));
    }
    say(&format!(
        "holodice: {workers} computations at once, API under /api/v1/"
    ));
    connections(listener, router(config), header_time).await;
    say("holodice: stopped");
    Ok(())
}

/// Connections open at once; more wait in the system's queue until one closes.
const MAX_CONNECTIONS: usize = 512;

/// How long open connections may take to finish once the server is asked to stop.
const STOP_TIME: std::time::Duration = std::time::Duration::from_secs(30);

/// Accepts connections until Ctrl-C or SIGTERM, at most [`MAX_CONNECTIONS`] at once, each given
/// `header_time` to send a request's headers; then lets them finish.
async fn connections(
    listener: tokio::net::TcpListener,
    app: Router,
    header_time: std::time::Duration,
) {
    use hyper_util::rt::{TokioIo, TokioTimer};
    let open = Arc::new(tokio::sync::Semaphore::new(MAX_CONNECTIONS));
    let graceful = hyper_util::server::graceful::GracefulShutdown::new();
    let mut stop = std::pin::pin!(stop_signal());
    loop {
        let accepted = tokio::select! {
            () = &mut stop => break,
            accepted = async {
                let permit = Arc::clone(&open).acquire_owned().await;
                (permit, listener.accept().await)
            } => accepted,
        };
        let (Ok(permit), Ok((stream, _))) = accepted else {
            // Out of file descriptors, say: wait a moment rather than spin.
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
            continue;
        };
        let service = hyper_util::service::TowerToHyperService::new(app.clone());
        let connection = hyper::server::conn::http1::Builder::new()
            .timer(TokioTimer::new())
            .header_read_timeout(header_time)
            .serve_connection(TokioIo::new(stream), service);
        let watched = graceful.watch(connection);
        tokio::spawn(async move {
            let _ = watched.await;
            drop(permit);
        });
    }
    let _ = tokio::time::timeout(STOP_TIME, graceful.shutdown()).await;
}

/// A line on standard output; a closed output does not stop the server.
fn say(line: &str) {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "{line}").and_then(|()| out.flush());
}

/// How a browser reaches `addr`: loopback for an unspecified address, brackets for IPv6.
fn url_host(addr: SocketAddr) -> String {
    let ip = match addr.ip() {
        ip if ip.is_unspecified() && ip.is_ipv4() => "127.0.0.1".parse().expect("an address"),
        ip if ip.is_unspecified() => "::1".parse().expect("an address"),
        ip => ip,
    };
    SocketAddr::new(ip, addr.port()).to_string()
}

/// A `--cors` origin: scheme, host and optional port, nothing after.
fn origin(text: &str) -> Result<HeaderValue, Error> {
    let bad = || {
        Error::input(format!(
            "--cors '{text}' is not an origin: give scheme, host and port only, e.g. \
             https://example.org or http://localhost:3000"
        ))
    };
    let rest = text
        .strip_prefix("https://")
        .or_else(|| text.strip_prefix("http://"))
        .ok_or_else(bad)?;
    let host_ok = !rest.is_empty()
        && rest
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "-.:[]".contains(c));
    if !host_ok {
        return Err(bad());
    }
    HeaderValue::from_str(text).map_err(|_| bad())
}

/// Ctrl-C, or SIGTERM where there are signals.
async fn stop_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {},
        () = term => {},
    }
}
