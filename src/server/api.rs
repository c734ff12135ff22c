//! The JSON API under /api/v1/: one endpoint per command, the listings, and errors as
//! `{"error": "<the command line's line>", "field": "<the key it is about>"}`.

use super::gate::{Gate, Refusal};
use super::Config;
use crate::api::params::{self, Endpoint, Rejection, ENDPOINTS};
use crate::api::{Listings, Reply, Request, ESTIMATE, MAX_BODY};
use axum::body::Body;
use axum::body::Bytes;
use axum::extract::{RawQuery, State};
use axum::http::{header, HeaderMap, HeaderValue, Method, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, MethodRouter};
use axum::Extension;
use axum::Router;
use holodice_engine::legion::cards::Cards as LegionCards;
use holodice_engine::swtcg::cards::Cards;
use http_body_util::{BodyExt, LengthLimitError, Limited};
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::Arc;

/// What the handlers share: the cards `@Name` may name, the gate, the listing answers given.
pub(super) struct App {
    cards: &'static Cards,
    legion_cards: &'static LegionCards,
    gate: Gate,
    /// KiB of large answers not yet read.
    held: Arc<tokio::sync::Semaphore>,
    /// The answers of listing endpoints already given, by request ([`remembered`]).
    answered: std::sync::Mutex<std::collections::HashMap<String, Reply>>,
}

/// The most listing answers a server keeps (the page asks for one, the same every time).
const MAX_REMEMBERED: usize = 64;

impl App {
    pub(super) fn new(config: Config) -> App {
        App {
            cards: config.cards,
            legion_cards: config.legion_cards,
            gate: Gate::new(config.limits),
            held: Arc::new(tokio::sync::Semaphore::new(config.limits.held_answers_kib)),
            answered: Default::default(),
        }
    }
}

pub(super) fn routes(app: Arc<App>) -> Router {
    let mut router = Router::new();
    for e in ENDPOINTS {
        router = router.route(
            &format!("/api/v1/{}", e.path),
            endpoint_route(e, Asked::Answer),
        );
        router = router.route(
            &format!("/api/v1/{ESTIMATE}{}", e.path),
            endpoint_route(e, Asked::Estimate),
        );
    }
    // Every listing is computed here, at start, and served from memory: the first GET of one
    // waits for nothing.
    let listings = Listings::new(app.cards);
    for (path, body) in listings.iter() {
        let body = body.to_string();
        let listing = move || async move { json_response(StatusCode::OK, body) };
        let route = if path.is_empty() {
            "/api/v1".to_string()
        } else {
            format!("/api/v1/{path}")
        };
        router = router.route(&route, get(listing).fallback(|| wrong_method("GET")));
    }
    router.with_state(app)
}

/// What a route of an endpoint gives: the answer, or the estimate of the work it would take.
#[derive(Clone, Copy)]
enum Asked {
    Answer,
    Estimate,
}

/// An endpoint's route: POST with a JSON body (within the body limit), and GET with a query
/// where the endpoint takes one; other methods are told which it takes.
fn endpoint_route(e: &'static Endpoint, asked: Asked) -> MethodRouter<Arc<App>> {
    let post = move |State(app): State<Arc<App>>,
                     peer: Option<Extension<Peer>>,
                     headers: HeaderMap,
                     body: Body| async move {
        let pairs = match read_body(&app, &headers, body).await {
            Ok(bytes) => params::from_json(&bytes),
            Err(response) => return response,
        };
        respond(&app, e, asked, client(peer), pairs).await
    };
    let mut methods: MethodRouter<Arc<App>> = axum::routing::post(post);
    let mut allow = "POST";
    if e.get {
        let query = move |State(app): State<Arc<App>>,
                          peer: Option<Extension<Peer>>,
                          method: Method,
                          RawQuery(q): RawQuery| async move {
            // HEAD would compute the answer only to drop it.
            if method == Method::HEAD {
                return wrong_method("GET, POST").await;
            }
            let pairs = Ok(params::from_query(&q.unwrap_or_default()));
            respond(&app, e, asked, client(peer), pairs).await
        };
        methods = methods.get(query);
        allow = "GET, POST";
    }
    methods.fallback(move || wrong_method(allow))
}

/// The answer through the gate, or the estimate at once: estimating is parsing, no
/// computation, so it passes no gate (the gate itself estimates every request the same way
/// before it waits).
async fn respond(
    app: &App,
    e: &'static Endpoint,
    asked: Asked,
    client: IpAddr,
    pairs: Result<params::Pairs, Rejection>,
) -> Response {
    match asked {
        Asked::Answer => compute(app, e, client, pairs).await,
        Asked::Estimate => estimate(app, e, pairs),
    }
}

/// The work a request would take, or the 400 its endpoint would give it.
fn estimate(app: &App, endpoint: &Endpoint, pairs: Result<params::Pairs, Rejection>) -> Response {
    match Request::parse(endpoint, pairs, app.cards, app.legion_cards) {
        Ok(request) => response(request.estimate()),
        Err(reply) => response(reply),
    }
}

/// The address a connection comes from, put in each of its requests' extensions.
#[derive(Debug, Clone, Copy)]
pub(super) struct Peer(pub SocketAddr);

/// The client a request came from; unspecified for a request handed to the router directly.
fn client(peer: Option<Extension<Peer>>) -> IpAddr {
    peer.map_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED), |Extension(Peer(a))| {
        a.ip()
    })
}

/// The key a listing endpoint's answer is kept under: its keys and values, in order; `None`
/// for other endpoints and for requests that are refused before they run.
fn remembered(endpoint: &Endpoint, pairs: &Result<params::Pairs, Rejection>) -> Option<String> {
    let mut pairs = pairs.as_ref().ok().filter(|_| endpoint.listing)?.clone();
    pairs.sort_by(|a, b| a.0.cmp(&b.0));
    Some(format!("{pairs:?}"))
}

/// Runs a request's command through the gate, scheduled by its estimated work, and answers
/// with its output or its error.
async fn compute(
    app: &App,
    endpoint: &'static Endpoint,
    client: IpAddr,
    pairs: Result<params::Pairs, Rejection>,
) -> Response {
    let key = remembered(endpoint, &pairs);
    if let Some(reply) = key
        .as_ref()
        .and_then(|k| app.answered.lock().ok()?.get(k).cloned())
    {
        return answer_response(app, reply);
    }
    let request = match Request::parse(endpoint, pairs, app.cards, app.legion_cards) {
        Ok(r) => r,
        Err(reply) => return response(reply),
    };
    let work = request.cost();
    let ran = app.gate.run(client, work, move || request.run()).await;
    if let (Some(key), Ok(reply)) = (key, &ran) {
        if let Ok(mut answered) = app.answered.lock() {
            if reply.status == 200 && answered.len() < MAX_REMEMBERED {
                answered.insert(key, reply.clone());
            }
        }
    }
    match ran {
        Ok(reply) if reply.status == 200 => answer_response(app, reply),
        Ok(reply) => response(reply),
        Err(Refusal::Busy) => {
            let mut r = error(
                StatusCode::SERVICE_UNAVAILABLE,
                &format!(
                    "the server is busy: {} computations are running and others are waiting; \
                     try again in a moment",
                    app.gate.limits().workers
                ),
                None,
            );
            r.headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
            r
        }
        Err(Refusal::TooLong) => error(
            StatusCode::SERVICE_UNAVAILABLE,
            &format!(
                "the query ran past the server's {} s: ask a smaller one",
                app.gate.limits().compute_time.as_secs()
            ),
            None,
        ),
        Err(Refusal::Failed) => error(
            StatusCode::INTERNAL_SERVER_ERROR,
            "holodice failed on this query: a bug; please report it with the request",
            None,
        ),
    }
}

/// The body, whole, if it is within the limits of size and time.
async fn read_body(app: &App, headers: &HeaderMap, body: Body) -> Result<Vec<u8>, Response> {
    let too_large = || {
        error(
            StatusCode::PAYLOAD_TOO_LARGE,
            &format!(
                "the body is over {} KiB: send a smaller request",
                MAX_BODY / 1024
            ),
            None,
        )
    };
    // A page elsewhere may send a form or plain text to this server without asking; JSON needs
    // its permission (CORS).
    let media = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split(';').next())
        .map(str::trim);
    if !media.is_some_and(|m| m.eq_ignore_ascii_case("application/json")) {
        return Err(error(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "send the body as JSON, with the header Content-Type: application/json (or ask with \
             GET and a query string)",
            None,
        ));
    }
    let declared = headers
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    if declared.is_some_and(|n| n > MAX_BODY as u64) {
        return Err(too_large());
    }
    let limit = app.gate.limits().request_time;
    let read = tokio::time::timeout(limit, Limited::new(body, MAX_BODY).collect()).await;
    match read {
        Err(_) => Err(error(
            StatusCode::REQUEST_TIMEOUT,
            &format!("the body took over {} s to arrive", limit.as_secs()),
            None,
        )),
        Ok(Err(e)) if e.downcast_ref::<LengthLimitError>().is_some() => Err(too_large()),
        Ok(Err(e)) => Err(error(
            StatusCode::BAD_REQUEST,
            &format!("the body could not be read: {e}"),
            None,
        )),
        Ok(Ok(collected)) => Ok(collected.to_bytes().to_vec()),
    }
}

/// The answer, a large one held against `held_answers_kib` until its client has read it.
fn answer_response(app: &App, answer: Reply) -> Response {
    let kib = answer.body.len() / 1024;
    if kib < 64 {
        return typed(StatusCode::OK, answer.media_type, answer.body);
    }
    let permits = u32::try_from(kib).unwrap_or(u32::MAX);
    let Ok(permit) = Arc::clone(&app.held).try_acquire_many_owned(permits) else {
        let mut r = error(
            StatusCode::SERVICE_UNAVAILABLE,
            &format!(
                "the server holds {} MiB of answers its clients have not read yet: try again in a \
                 moment",
                app.gate.limits().held_answers_kib / 1024
            ),
            None,
        );
        r.headers_mut()
            .insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
        return r;
    };
    let body = Held {
        rest: Bytes::from(answer.body),
        _permit: permit,
    };
    (
        StatusCode::OK,
        [(header::CONTENT_TYPE, answer.media_type)],
        Body::new(body),
    )
        .into_response()
}

/// A large answer and its place among the answers held, given a chunk at a time: the
/// connection takes the next chunk only once it has written most of the last ones, so the place
/// is held until the client has read nearly all of the answer.
struct Held {
    rest: Bytes,
    _permit: tokio::sync::OwnedSemaphorePermit,
}

/// How much of a large answer the connection takes at a time.
const HELD_CHUNK: usize = 64 * 1024;

impl hyper::body::Body for Held {
    type Data = Bytes;
    type Error = std::convert::Infallible;

    fn poll_frame(
        mut self: std::pin::Pin<&mut Self>,
        _: &mut std::task::Context<'_>,
    ) -> std::task::Poll<Option<Result<hyper::body::Frame<Bytes>, Self::Error>>> {
        let n = self.rest.len().min(HELD_CHUNK);
        let chunk = self.rest.split_to(n);
        std::task::Poll::Ready((!chunk.is_empty()).then(|| Ok(hyper::body::Frame::data(chunk))))
    }

    fn is_end_stream(&self) -> bool {
        self.rest.is_empty()
    }

    fn size_hint(&self) -> hyper::body::SizeHint {
        hyper::body::SizeHint::with_exact(self.rest.len() as u64)
    }
}

fn json_response(status: StatusCode, body: String) -> Response {
    typed(status, "application/json", body)
}

/// A response with its status and content type.
fn typed(status: StatusCode, media_type: &'static str, body: String) -> Response {
    (status, [(header::CONTENT_TYPE, media_type)], body).into_response()
}

/// `{"error": "...", "field": "..."}` with its status.
pub(super) fn error(status: StatusCode, message: &str, field: Option<&str>) -> Response {
    response(Reply::error(status.as_u16(), message, field))
}

/// A reply of the API as an HTTP response.
fn response(reply: Reply) -> Response {
    let status = StatusCode::from_u16(reply.status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
    typed(status, reply.media_type, reply.body)
}

async fn wrong_method(allow: &'static str) -> Response {
    let mut r = error(
        StatusCode::METHOD_NOT_ALLOWED,
        &format!("this endpoint answers {allow} only"),
        None,
    );
    r.headers_mut()
        .insert(header::ALLOW, HeaderValue::from_static(allow));
    r
}

/// Any path nothing else answers.
pub(super) async fn not_found(method: Method, uri: Uri) -> Response {
    let path = uri.path();
    if path.starts_with("/api/") {
        return error(
            StatusCode::NOT_FOUND,
            &format!("no endpoint {method} {path}: GET /api/v1 lists them"),
            None,
        );
    }
    typed(
        StatusCode::NOT_FOUND,
        "text/plain; charset=utf-8",
        format!("No page at {path}: the calculator is at /\n"),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::params::Given;

    /// The body of an answer, whole.
    fn body(r: Response) -> String {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .build()
            .unwrap();
        let bytes = runtime
            .block_on(r.into_body().collect())
            .unwrap()
            .to_bytes();
        String::from_utf8(bytes.to_vec()).unwrap()
    }

    // hardening: server-listings
    #[test]
    fn a_listing_is_computed_once_then_answered_from_memory() {
        let app = App::new(Config::default());
        let endpoint = |path: &str| ENDPOINTS.iter().find(|e| e.path == path).unwrap();
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        let ask = |path: &str, pairs: Vec<(&str, &str)>| {
            let pairs = (pairs.into_iter())
                .map(|(k, v)| (k.to_string(), Given::Values(vec![v.to_string()])))
                .collect();
            let client = IpAddr::V4(Ipv4Addr::LOCALHOST);
            runtime.block_on(compute(&app, endpoint(path), client, Ok(pairs)))
        };
        let kept = || app.answered.lock().unwrap().len();
        let first = ask(
            "legion/units",
            vec![("faction", "rebels"), ("rank", "corps")],
        );
        assert_eq!(first.status(), StatusCode::OK);
        assert_eq!(kept(), 1);
        // The same request, its keys in another order: the answer kept, nothing new.
        let again = ask(
            "legion/units",
            vec![("rank", "corps"), ("faction", "rebels")],
        );
        assert_eq!(kept(), 1);
        assert_eq!(body(first), body(again));
        // A refused listing and an attack are not kept.
        let refused = ask("legion/units", vec![("faction", "rebel")]);
        assert_eq!(refused.status(), StatusCode::BAD_REQUEST);
        let attack = ask("swtcg/attack", vec![("attacker", "Power 2")]);
        assert_eq!(attack.status(), StatusCode::OK);
        assert_eq!(kept(), 1);
    }
}
