//! `holodice serve`: the web page and a JSON API on the same commands as the command line.
//!
//! A request is a JSON object (or a query string) whose keys are a command's long options; it
//! becomes that command's arguments, prepared once by [`crate::command::prepare`] to be
//! estimated and then run, so every default, limit and message is the command line's. The
//! server reads no file a request names, bounds bodies, concurrency and time, and listens on
//! loopback unless told otherwise.

mod api;
mod gate;
mod page;

pub use crate::api::params::{endpoint_paths, parse_request};

use crate::command::{Files, ServeArgs};
use crate::error::Error;
use axum::http::{header, HeaderValue};
use axum::Router;
use holodice_engine::error as engine;
use holodice_engine::legion::cards::Cards as LegionCards;
use holodice_engine::swtcg::cards::Cards;
use std::borrow::Cow;
use std::future::Future;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;

pub use gate::Limits;

/// What the server answers with: its cards, its limits, the origin allowed to call it.
pub struct Config {
    /// The units `@Name` can name: the built-in cards and the `--cards` files. They live as long
    /// as the program: each request is prepared against them and run on another thread.
    pub cards: &'static Cards,
    /// The Legion units `@Name` can name: the built-in cards and the Legion `--cards` files.
    pub legion_cards: &'static LegionCards,
    pub limits: Limits,
    /// The origin allowed to call the API from a browser, if any.
    pub cors: Option<HeaderValue>,
    /// Whether requests must name this machine as their host (a loopback bind), so that a page
    /// elsewhere can't reach the server through a name it controls (DNS rebinding).
    pub local_only: bool,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            cards: Cards::builtin(),
            legion_cards: LegionCards::builtin(),
            limits: Limits::default(),
            cors: None,
            local_only: false,
        }
    }
}

/// The whole server as a router: the page, its assets and the API.
pub fn router(config: Config) -> Router {
    let cors = config.cors.clone();
    let local_only = config.local_only;
    let app = Arc::new(api::App::new(config));
    let allowed = cors.clone();
    let api = api::routes(app).layer(axum::middleware::from_fn(move |request, next| {
        same_site_only(allowed.clone(), request, next)
    }));
    let mut router = Router::new()
        .merge(page::routes())
        .merge(api)
        .fallback(api::not_found);
    if local_only {
        router = router.layer(axum::middleware::from_fn(local_host));
    }
    let router = router.layer(axum::middleware::map_response(security_headers));
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

/// Whether a Host header names this machine: `localhost`, `127.0.0.1` or `[::1]`, any port.
fn is_local(host: &str) -> bool {
    let name = match host.strip_prefix('[') {
        // `[::1]` or `[::1]:PORT`, nothing else after the bracket.
        Some(v6) => match v6.split_once(']') {
            Some((ip, "")) => ip,
            Some((ip, port)) if is_port(port) => ip,
            _ => return false,
        },
        None => host.rsplit_once(':').map_or(host, |(name, port)| {
            match port.chars().all(|c| c.is_ascii_digit()) {
                true => name,
                false => host,
            }
        }),
    };
    name.eq_ignore_ascii_case("localhost")
        || name
            .parse::<std::net::IpAddr>()
            .is_ok_and(|ip| ip.is_loopback())
}

/// `:PORT`, a port number after its colon.
fn is_port(text: &str) -> bool {
    text.strip_prefix(':')
        .is_some_and(|p| !p.is_empty() && p.chars().all(|c| c.is_ascii_digit()))
}

/// Answers only requests that name this machine as their host.
async fn local_host(
    request: axum::extract::Request,
    next: axum::middleware::Next,
) -> axum::response::Response {
    let host = request
        .headers()
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .unwrap_or("");
    if is_local(host) {
        return next.run(request).await;
    }
    api::error(
        axum::http::StatusCode::MISDIRECTED_REQUEST,
        &format!(
            "this server answers this machine only (localhost, 127.0.0.1 or [::1]), not Host \
             '{}'; serve with --addr 0.0.0.0:PORT to answer others",
            crate::command::one_line(&holodice_engine::error::quote(host))
        ),
        None,
    )
}

/// Refuses an API request another site's page made (`Sec-Fetch-Site: cross-site`, which a
/// browser sends and a page can't change): a GET through `fetch` or `<img>` would otherwise
/// make this server compute for it. The `--cors` origin is let through.
async fn same_site_only(
    allowed: Option<HeaderValue>,
    request: axum::extract::Request,
    next: axum::middleware::Next,
) -> axum::response::Response {
    let headers = request.headers();
    let cross_site = headers
        .get("sec-fetch-site")
        .is_some_and(|v| v.as_bytes().eq_ignore_ascii_case(b"cross-site"));
    let from_allowed = allowed.is_some_and(|a| headers.get(header::ORIGIN) == Some(&a));
    if !cross_site || from_allowed {
        return next.run(request).await;
    }
    api::error(
        axum::http::StatusCode::FORBIDDEN,
        "another site's page asked this server to compute: the API answers this server's own \
         page, tools outside a browser, and the origin given to serve --cors",
        None,
    )
}

/// Headers every response carries: nothing runs or loads but the page's own files.
async fn security_headers(mut response: axum::response::Response) -> axum::response::Response {
    let h = response.headers_mut();
    h.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(
            "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; \
             connect-src 'self'; worker-src 'self'; manifest-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
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

/// The `--cards` files, each SWTCG's or Legion's as its content says, with the built-in cards:
/// kept for the rest of the program (the built-in ones are already).
fn card_files(
    paths: &[PathBuf],
    files: &dyn Files,
) -> Result<(&'static Cards, &'static LegionCards), Error> {
    let (mut swtcg, mut legion) = (Vec::new(), Vec::new());
    for p in paths {
        match LegionCards::is_legion_file(&files.read("--cards", p)?) {
            true => legion.push(p.clone()),
            false => swtcg.push(p.clone()),
        }
    }
    let cards = crate::command::with_card_files(Cards::builtin(), &swtcg, files)?;
    let legion = crate::command::with_legion_card_files(LegionCards::builtin(), &legion, files)?;
    Ok((kept(cards), kept(legion)))
}

/// Cards kept for the rest of the program.
fn kept<T: Clone>(cards: Cow<'static, T>) -> &'static T {
    match cards {
        Cow::Borrowed(c) => c,
        Cow::Owned(c) => Box::leak(Box::new(c)),
    }
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
        local_only: args.addr.ip().is_loopback(),
    };
    // Computations are the only blocking work: one thread each (and a lane for small queries
    // beside a single worker), so memory freed by one is reused by the next rather than kept by
    // many threads' allocators.
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .max_blocking_threads(config.limits.workers.max(2))
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
    // Listened for before the URL is printed: a signal sent once the server is announced stops
    // it cleanly, however busy the machine.
    let (stop, stop_now) = (stop_signal(), stop_signal());
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
    serve_on(listener, config, stop, stop_now).await;
    say("holodice: stopped");
    Ok(())
}

/// The most a connection buffers of what a client sends.
const MAX_READ_BUFFER: usize = 128 * 1024;

/// How long open connections may take to finish once the server is asked to stop.
const STOP_TIME: std::time::Duration = std::time::Duration::from_secs(30);

/// Serves `config` on `listener` until `stop`, at most the limits' `connections` at once,
/// each given the limits' `request_time` to send a request's headers (or, idle, the next
/// request's) and then its body, however long its computation takes, and `write_time` to take
/// each write of an answer; then stops accepting and lets
/// them finish, for at most 30 s, or stops at once on `stop_now`.
pub async fn serve_on(
    listener: tokio::net::TcpListener,
    config: Config,
    stop: impl Future<Output = ()>,
    stop_now: impl Future<Output = ()>,
) {
    let (read_time, write_time) = (config.limits.request_time, config.limits.write_time);
    let most = config.limits.connections;
    // Past this many open, every open connection is asked to close once it is idle: idle ones
    // close at once, busy ones after their answer.
    let crowded_at = most - most / 8;
    let app = router(config);
    use hyper_util::rt::{TokioIo, TokioTimer};
    use tower::ServiceExt;
    let open = Arc::new(tokio::sync::Semaphore::new(most));
    let crowded = Arc::new(tokio::sync::Notify::new());
    let (closing, closed) = tokio::sync::watch::channel(false);
    let mut stop = std::pin::pin!(stop);
    loop {
        let accepted = tokio::select! {
            () = &mut stop => break,
            accepted = async {
                let permit = Arc::clone(&open).acquire_owned().await;
                (permit, listener.accept().await)
            } => accepted,
        };
        let (Ok(permit), Ok((stream, peer))) = accepted else {
            // Out of file descriptors, say: wait a moment rather than spin.
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
            continue;
        };
        if most - open.available_permits() > crowded_at {
            crowded.notify_waiters();
        }
        // No read timeout on the stream: hyper bounds the wait for a request's headers, the
        // API the wait for its body, and nothing may cut a request the server is working on.
        let mut timed = tokio_io_timeout::TimeoutStream::new(stream);
        timed.set_write_timeout(Some(write_time));
        let service = app
            .clone()
            .map_request(move |mut r: axum::extract::Request<_>| {
                r.extensions_mut().insert(api::Peer(peer));
                r
            });
        let connection = hyper::server::conn::http1::Builder::new()
            .timer(TokioTimer::new())
            .header_read_timeout(read_time)
            .max_header_size(MAX_READ_BUFFER)
            .max_buf_size(MAX_READ_BUFFER)
            .serve_connection(
                TokioIo::new(Box::pin(timed)),
                hyper_util::service::TowerToHyperService::new(service),
            );
        let (crowded, mut closed) = (Arc::clone(&crowded), closed.clone());
        tokio::spawn(async move {
            let mut connection = std::pin::pin!(connection);
            tokio::select! {
                _ = &mut connection => {}
                () = crowded.notified() => {
                    connection.as_mut().graceful_shutdown();
                    let _ = connection.await;
                }
                _ = closed.changed() => {
                    connection.as_mut().graceful_shutdown();
                    let _ = connection.await;
                }
            }
            drop(permit);
        });
    }
    // New clients are refused from now on; the open connections finish their answers.
    drop(listener);
    let _ = closing.send(true);
    say("holodice: stopping: finishing the answers under way (Ctrl-C again stops at once)");
    let all = u32::try_from(most).unwrap_or(u32::MAX);
    tokio::select! {
        _ = tokio::time::timeout(STOP_TIME, open.acquire_many(all)) => {}
        () = stop_now => {}
    }
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
        engine::Error::input(format!(
            "--cors '{text}' is not an origin: give scheme, host and port only, e.g. \
             https://example.org or http://localhost:3000"
        ))
        .into()
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

/// Ctrl-C, or SIGTERM where there are signals: listened for from the call on, not from the
/// first poll.
#[cfg(unix)]
fn stop_signal() -> impl Future<Output = ()> {
    use tokio::signal::unix::{signal, SignalKind};
    let listen = |kind| signal(kind).ok();
    let (mut interrupt, mut term) = (
        listen(SignalKind::interrupt()),
        listen(SignalKind::terminate()),
    );
    async move {
        tokio::select! {
            () = received(interrupt.as_mut()) => {},
            () = received(term.as_mut()) => {},
        }
    }
}

/// The next delivery of a signal listened for; never, for one that could not be.
#[cfg(unix)]
async fn received(s: Option<&mut tokio::signal::unix::Signal>) {
    match s {
        Some(s) => {
            s.recv().await;
        }
        None => std::future::pending::<()>().await,
    }
}

/// Ctrl-C.
#[cfg(not(unix))]
fn stop_signal() -> impl Future<Output = ()> {
    async {
        let _ = tokio::signal::ctrl_c().await;
    }
}
