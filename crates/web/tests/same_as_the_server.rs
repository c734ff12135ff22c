//! The page's engine answers what `holodice serve` answers: for every request the page makes
//! (its listings, the cards and the upgrades that fit a unit, its attack, sequence, matchups and
//! table forms, the table's copies as Markdown and CSV, the estimates, and errors), the same
//! status, media type and body, byte for byte.

use axum::body::Body;
use axum::http::{header, Request};
use holodice::server::{router, Config};
use http_body_util::BodyExt;
use tower::ServiceExt;

/// The server's status, media type and body for `path`, POSTed `body` (GET when empty).
async fn served(path: &str, body: &str) -> (u16, String, String) {
    let uri = format!("/api/v1/{path}").trim_end_matches('/').to_string();
    let request = match body {
        "" => Request::get(uri).body(Body::empty()),
        _ => Request::post(uri)
            .header(header::CONTENT_TYPE, "application/json")
            .body(Body::from(body.to_string())),
    };
    let r = router(Config::default())
        .oneshot(request.unwrap())
        .await
        .unwrap();
    let status = r.status().as_u16();
    let media = r.headers()[header::CONTENT_TYPE]
        .to_str()
        .unwrap()
        .to_string();
    let bytes = r.into_body().collect().await.unwrap().to_bytes();
    (status, media, String::from_utf8(bytes.to_vec()).unwrap())
}

fn in_the_browser(path: &str, body: &str) -> (u16, String, String) {
    let r = holodice_web::reply(path, body);
    (r.status, r.media_type.to_string(), r.body)
}

#[tokio::test]
async fn every_request_the_page_makes_is_answered_as_the_server_answers_it() {
    let requests = [
        ("", ""),
        ("swtcg/keywords", ""),
        ("legion/keywords", ""),
        ("swtcg/cards/search", r#"{"format": "json"}"#),
        (
            "swtcg/cards/search",
            r#"{"legal": "mandoverse", "side": "dark"}"#,
        ),
        ("swtcg/coverage", r#"{"legal": "standard"}"#),
        ("swtcg/rules", ""),
        ("variables", ""),
        // Not the page's, but the npm package's: the schema it serves as the server does.
        ("schema", ""),
        (
            "swtcg/attack",
            r#"{"attacker": "Power 5, Accuracy 1, Critical Hit 2", "defender": "Health 4, Armor"}"#,
        ),
        (
            "swtcg/attack",
            r#"{"attacker": "Power 60, Critical Hit 2, Fury 1", "defender": "Health 40, Parry 1", "rule": ["critical-hit-needs-hit=yes"]}"#,
        ),
        (
            "swtcg/attack",
            r#"{"attacker": "@Luke Skywalker (A)", "defender": "Health 4", "policy": "optimal"}"#,
        ),
        (
            "legion/attack",
            r#"{"attacker": "4 red, 2 black, surge crit, aim 1, Pierce 1", "defender": "red defense, dodge 1, cover light", "guardian": "white defense, Guardian 2"}"#,
        ),
        (
            "legion/attack",
            r#"{"attacker": "3 red, aim 1", "defender": "white defense", "policy": "optimal"}"#,
        ),
        (
            "table",
            r#"{"game": "swtcg", "rows": "Power 3..6", "columns": "Health 2..4", "stat": "destroyed"}"#,
        ),
        (
            "table",
            r#"{"game": "swtcg", "rows": "Power 3..6", "columns": "Health 2..4", "format": "markdown"}"#,
        ),
        (
            "table",
            r#"{"game": "legion", "rows": "1..3 red", "columns": "white defense", "format": "csv"}"#,
        ),
        ("legion/units", r#"{"format": "json"}"#),
        (
            "legion/units",
            r#"{"upgrades-for": "ay", "format": "json"}"#,
        ),
        (
            "legion/attack",
            r#"{"attacker": "@Stormtroopers (ay), +@DLT-19 Stormtrooper, weapon DLT-19 Blaster Rifle", "defender": "@Rebel Troopers, cover light"}"#,
        ),
        (
            "legion/sequence",
            r#"{"attack": ["@Stormtroopers, range 2", "4 red, aim 1"], "defender": "@Rebel Troopers, cover light", "charge": true, "suppression-gained": "always"}"#,
        ),
        (
            "legion/sequence",
            r#"{"attack": ["@Stormtroopers, range 2"], "defender": "@Rebel Troopers", "until-wiped": true, "attacks": "5"}"#,
        ),
        (
            "legion/sequence",
            r#"{"attack": ["4 red", "2 black, Pirece 1"], "defender": "white defense"}"#,
        ),
        (
            "legion/matchups",
            r#"{"attacker": "@Stormtroopers, range 2", "with": "cover light", "sort": "wiped"}"#,
        ),
        ("swtcg/attack", r#"{"attacker": "Power 5, Acuracy 1"}"#),
        (
            "legion/attack",
            r#"{"attacker": "4 red", "defender": "blue defense"}"#,
        ),
        ("swtcg/attack", r#"{"attacker": "Power 5000"}"#),
        (
            "swtcg/attack",
            r#"{"attacker": "Power 5", "plot": "x.svg"}"#,
        ),
        ("swtcg/attack", "not json"),
        ("swtcg/nothing", "{}"),
        // The estimates the page asks before it answers live, and their errors.
        (
            "estimate/swtcg/attack",
            r#"{"attacker": "Power 50", "defender": "Health 4"}"#,
        ),
        (
            "estimate/legion/sequence",
            r#"{"attack": ["@Stormtroopers, range 2", "4 red, aim 1"], "defender": "@Rebel Troopers"}"#,
        ),
        (
            "estimate/legion/matchups",
            r#"{"attacker": "@Stormtroopers, range 2"}"#,
        ),
        ("estimate/legion/attack", r#"{"atacker": "4 red"}"#),
        ("estimate/swtcg/atack", r#"{"attacker": "Power 5"}"#),
    ];
    for (path, body) in requests {
        let server = served(path, body).await;
        assert_eq!(in_the_browser(path, body), server, "{path} {body}");
    }
}
