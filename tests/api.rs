//! The HTTP API against its router, without a network: every endpoint answers what the command
//! line prints for the same arguments, and every error has its status and the command line's line.

use crate::common::{holodice, stderr, stdout};
use axum::body::Body;
use axum::http::{header, Method, Request, StatusCode};
use axum::response::Response;
use holodice::server::{router, Config, Limits};
use holodice_engine::swtcg::cards::Cards;
use http_body_util::BodyExt;
use serde_json::{json, Value};
use std::time::Duration;
use tower::ServiceExt;

async fn send(config: Config, request: Request<Body>) -> Response {
    router(config)
        .oneshot(request)
        .await
        .expect("the router answers")
}

fn post(path: &str, body: impl Into<Body>) -> Request<Body> {
    Request::post(path)
        .header(header::CONTENT_TYPE, "application/json")
        .body(body.into())
        .unwrap()
}

fn get(path: &str) -> Request<Body> {
    Request::get(path).body(Body::empty()).unwrap()
}

async fn text(response: Response) -> String {
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    String::from_utf8(bytes.to_vec()).expect("UTF-8")
}

/// The status, the content type and the body of a request to the default server.
async fn call(request: Request<Body>) -> (StatusCode, String, String) {
    let r = send(Config::default(), request).await;
    let status = r.status();
    let media = r
        .headers()
        .get(header::CONTENT_TYPE)
        .map(|v| v.to_str().unwrap().to_string())
        .unwrap_or_default();
    (status, media, text(r).await)
}

/// The status, content type and body (lossily as text) of a request that may answer bytes.
async fn call_bytes(request: Request<Body>) -> (StatusCode, String, String) {
    let r = send(Config::default(), request).await;
    let status = r.status();
    let media = r.headers()[header::CONTENT_TYPE]
        .to_str()
        .unwrap()
        .to_string();
    let bytes = r.into_body().collect().await.unwrap().to_bytes();
    (status, media, String::from_utf8_lossy(&bytes).into_owned())
}

async fn post_json(path: &str, body: Value) -> (StatusCode, Value) {
    let (status, media, body) = call(post(path, body.to_string())).await;
    assert_eq!(media, "application/json", "{path}: {body}");
    (status, serde_json::from_str(&body).expect("JSON"))
}

/// What the command line prints on stdout for `args`, which must succeed.
fn cli_json(args: &[&str]) -> Value {
    let out = holodice(args);
    assert_eq!(out.status.code(), Some(0), "{args:?}: {}", stderr(&out));
    serde_json::from_str(&stdout(&out)).expect("JSON")
}

/// The one line the command line prints on stderr for `args`, without its program name.
fn cli_error(args: &[&str]) -> String {
    let out = holodice(args);
    assert_eq!(out.status.code(), Some(2), "{args:?}");
    let line = stderr(&out);
    let line = line.trim_end().strip_prefix("holodice: error: ").unwrap();
    line.strip_suffix("; see 'holodice --help'")
        .unwrap_or(line)
        .to_string()
}

#[tokio::test]
async fn every_endpoint_answers_the_json_the_command_line_prints() {
    let cases: Vec<(&str, Value, Vec<&str>)> = vec![
        (
            "swtcg/attack",
            json!({"attacker": "Power 5, Accuracy 1, Critical Hit 2", "defender": "Health 4, Armor"}),
            vec![
                "swtcg",
                "attack",
                "--attacker",
                "Power 5, Accuracy 1, Critical Hit 2",
                "--defender",
                "Health 4, Armor",
            ],
        ),
        (
            "swtcg/attack",
            json!({"attacker": "Power 5, Overkill, Lucky 1", "defender": "Health 2, Lucky 1",
                   "secondary": "Health 3", "rule": ["overkill=all", "lucky-first=defender"],
                   "policy": "optimal", "objective": "destroy", "exact": true}),
            vec![
                "swtcg",
                "attack",
                "--attacker",
                "Power 5, Overkill, Lucky 1",
                "--defender",
                "Health 2, Lucky 1",
                "--secondary",
                "Health 3",
                "--rule",
                "overkill=all",
                "--rule",
                "lucky-first=defender",
                "--policy",
                "optimal",
                "--objective",
                "destroy",
            ],
        ),
        (
            "swtcg/dice",
            json!({"count": 3, "target": "Health 2, Armor", "unpreventable": false}),
            vec![
                "swtcg",
                "dice",
                "--count",
                "3",
                "--target",
                "Health 2, Armor",
            ],
        ),
        (
            "swtcg/sequence",
            json!({"attacker": ["Power 4, Focus 2", "Power 3"], "defender": "Health 5, Armor"}),
            vec![
                "swtcg",
                "sequence",
                "--attacker",
                "Power 4, Focus 2",
                "--attacker",
                "Power 3",
                "--defender",
                "Health 5, Armor",
            ],
        ),
        (
            "legion/attack",
            json!({"attacker": "2 red, 1 black, surge hit, aim 1",
                   "defender": "white defense, cover light",
                   "rolled": "1 red hit, 1 red blank, 1 black surge"}),
            vec![
                "legion",
                "attack",
                "--attacker",
                "2 red, 1 black, surge hit, aim 1",
                "--defender",
                "white defense, cover light",
                "--rolled",
                "1 red hit, 1 red blank, 1 black surge",
            ],
        ),
        (
            "legion/attack",
            json!({"attacker": "4 red, 2 black, surge crit, aim 1, Pierce 1",
                   "defender": "white defense, surge block, cover light, dodge 1",
                   "guardian": "Guardian 2, red defense, surge block",
                   "edition": "amg-2021", "policy": "optimal", "objective": "atleast:3"}),
            vec![
                "legion",
                "attack",
                "--attacker",
                "4 red, 2 black, surge crit, aim 1, Pierce 1",
                "--defender",
                "white defense, surge block, cover light, dodge 1",
                "--guardian",
                "Guardian 2, red defense, surge block",
                "--edition",
                "amg-2021",
                "--policy",
                "optimal",
                "--objective",
                "atleast:3",
            ],
        ),
        (
            "legion/sequence",
            json!({"defender": "@Rebel Troopers, cover light",
                   "attack": ["@Stormtroopers, range 2", "1 red, melee"],
                   "suppression-gained": "always"}),
            vec![
                "legion",
                "sequence",
                "--defender",
                "@Rebel Troopers, cover light",
                "--attack",
                "@Stormtroopers, range 2",
                "--attack",
                "1 red, melee",
                "--suppression-gained",
                "always",
            ],
        ),
        (
            "table",
            json!({"game": "swtcg", "defender": "Health 4", "rows": "Power 1..6",
                   "cols": "Critical Hit 0..2", "stat": "destroyed"}),
            vec![
                "table",
                "swtcg",
                "--defender",
                "Health 4",
                "--rows",
                "Power 1..6",
                "--cols",
                "Critical Hit 0..2",
                "--stat",
                "destroyed",
            ],
        ),
    ];
    for (path, body, args) in cases {
        let (status, answer) = post_json(&format!("/api/v1/{path}"), body.clone()).await;
        assert_eq!(status, StatusCode::OK, "{path} {body}: {answer}");
        let mut with_json = args.clone();
        with_json.extend(["--format", "json"]);
        assert_eq!(answer, cli_json(&with_json), "{path} {body}");
    }
}

#[tokio::test]
async fn check_takes_its_samples_in_the_body() {
    let samples = "0\n1\n1\n2\n1\n0\n2\n2\n1\n1\n";
    let dir = std::env::temp_dir().join(format!("holodice-api-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("samples.txt");
    std::fs::write(&file, samples).unwrap();
    let cli = cli_json(&[
        "check",
        "--samples",
        file.to_str().unwrap(),
        "--format",
        "json",
        "swtcg",
        "--attacker",
        "Power 2",
        "--defender",
        "Health 2",
    ]);
    for given in [json!(samples), json!([0, 1, 1, 2, 1, 0, 2, 2, 1, 1])] {
        let (status, answer) = post_json(
            "/api/v1/check",
            json!({"samples": given, "game": "swtcg", "attacker": "Power 2", "defender": "Health 2"}),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{answer}");
        assert_eq!(answer, cli);
    }
    // Rejected samples are an answer, not an error.
    let (status, answer) = post_json(
        "/api/v1/check",
        json!({"samples": [7], "game": "swtcg", "attacker": "Power 2", "defender": "Health 2"}),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(answer["consistent"], json!(false), "{answer}");
    let (status, answer) = post_json(
        "/api/v1/check",
        json!({"game": "legion", "attacker": "1 red"}),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(answer["field"], "samples", "{answer}");
}

#[tokio::test]
async fn a_url_is_a_query() {
    let (status, _, body) = call(get(
        "/api/v1/swtcg/attack?attacker=Power+5%2C+Lucky+1&defender=Health+4&rule=auto-hit%3Dyes\
         &rule=reroll-twice%3Dno&policy=optimal&exact",
    ))
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let answer: Value = serde_json::from_str(&body).unwrap();
    let cli = cli_json(&[
        "swtcg",
        "attack",
        "--attacker",
        "Power 5, Lucky 1",
        "--defender",
        "Health 4",
        "--rule",
        "auto-hit=yes",
        "--rule",
        "reroll-twice=no",
        "--policy",
        "optimal",
        "--format",
        "json",
    ]);
    assert_eq!(answer, cli);
    let (status, _, body) = call(get(
        "/api/v1/legion/attack?attacker=4%20red%2C%20surge%20crit&defender=white%20defense",
    ))
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let cli = cli_json(&[
        "legion",
        "attack",
        "--attacker",
        "4 red, surge crit",
        "--defender",
        "white defense",
        "--format",
        "json",
    ]);
    assert_eq!(serde_json::from_str::<Value>(&body).unwrap(), cli);
}

#[tokio::test]
async fn other_formats_come_with_their_content_type() {
    let cases = [
        ("text", "text/plain; charset=utf-8"),
        ("csv", "text/csv; charset=utf-8"),
        ("markdown", "text/markdown; charset=utf-8"),
        ("yaml", "application/yaml; charset=utf-8"),
        ("html", "text/html; charset=utf-8"),
        ("latex", "application/x-latex; charset=utf-8"),
        ("svg", "image/svg+xml"),
    ];
    for (format, media) in cases {
        let (status, got, body) = call(post(
            "/api/v1/swtcg/attack",
            json!({"attacker": "Power 3", "defender": "Health 2", "format": format}).to_string(),
        ))
        .await;
        assert_eq!((status, got.as_str()), (StatusCode::OK, media), "{format}");
        let cli = holodice(&[
            "swtcg",
            "attack",
            "--attacker",
            "Power 3",
            "--defender",
            "Health 2",
            "--format",
            format,
        ]);
        assert_eq!(body, stdout(&cli), "{format}");
    }
}

#[tokio::test]
async fn a_chart_comes_back_inline_as_svg() {
    for (path, body) in [
        (
            "/api/v1/swtcg/attack",
            json!({"attacker": "Power 5", "format": "svg"}),
        ),
        (
            "/api/v1/table",
            json!({"game": "legion", "defender": "white defense", "rows": "red 1..3",
                   "format": "svg"}),
        ),
    ] {
        let (status, media, svg) = call(post(path, body.to_string())).await;
        assert_eq!(
            (status, media.as_str()),
            (StatusCode::OK, "image/svg+xml"),
            "{svg}"
        );
        let doc = roxmltree::Document::parse(&svg).expect("well-formed SVG");
        assert_eq!(doc.root_element().tag_name().name(), "svg");
    }
}

#[tokio::test]
async fn listings_are_the_json_the_command_line_prints() {
    for (path, args) in [
        (
            "swtcg/keywords",
            vec!["swtcg", "keywords", "--format", "json"],
        ),
        ("swtcg/rules", vec!["swtcg", "rules", "--format", "json"]),
        (
            "legion/keywords",
            vec!["legion", "keywords", "--format", "json"],
        ),
    ] {
        let (status, media, body) = call(get(&format!("/api/v1/{path}"))).await;
        assert_eq!(
            (status, media.as_str()),
            (StatusCode::OK, "application/json")
        );
        let listed: Value = serde_json::from_str(&body).unwrap();
        assert_eq!(listed, cli_json(&args), "{path}");
    }
    let (_, _, body) = call(get("/api/v1/swtcg/keywords")).await;
    let keywords: Value = serde_json::from_str(&body).unwrap();
    let critical = keywords
        .as_array()
        .unwrap()
        .iter()
        .find(|k| k["name"] == "Critical Hit")
        .expect("Critical Hit is listed");
    assert_eq!(critical["aliases"], json!(["Crit", "Critical"]));
}

#[tokio::test]
async fn the_upgrades_that_fit_a_unit_are_the_listing_the_command_line_prints() {
    let (status, answer) = post_json(
        "/api/v1/legion/units",
        json!({"upgrades-for": "Stormtroopers (ay)", "format": "json"}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(
        answer,
        cli_json(&[
            "legion",
            "units",
            "--upgrades-for",
            "Stormtroopers (ay)",
            "--format",
            "json"
        ])
    );
    assert_eq!(answer["slots"][0]["slot"], "heavy weapon");
    // A URL is a query too; a unit that isn't one is refused, naming the key.
    let (status, _, body) = call(get(
        "/api/v1/legion/units?upgrades-for=Luke+Skywalker+(Jedi+Knight)&format=json",
    ))
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let luke: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(luke["unit"]["id"], "fm");
    let (status, answer) = post_json(
        "/api/v1/legion/units",
        json!({"upgrades-for": "Stormtropers"}),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
    assert_eq!(answer["field"], "upgrades-for", "{answer}");
    assert!(
        answer["error"]
            .as_str()
            .unwrap()
            .contains("unknown Legion unit 'Stormtropers'"),
        "{answer}"
    );
}

#[tokio::test]
async fn card_names_are_the_builtin_ones_and_the_servers() {
    let mut cards = Cards::builtin().clone();
    let mine = "- name: Ace Pilot\n  spec: Power 5, Health 3, Accuracy 1\n";
    cards.add(Cards::load("mine.yaml", mine).unwrap());
    let config = Config {
        cards: Box::leak(Box::new(cards)),
        ..Config::default()
    };
    let listed: Value =
        serde_json::from_str(&text(send(config, get("/api/v1/swtcg/cards")).await).await).unwrap();
    // The listing keeps its published shape: an array of the unit cards.
    let listed = listed.as_array().unwrap();
    let names: Vec<&str> = listed.iter().map(|c| c["name"].as_str().unwrap()).collect();
    assert!(names.contains(&"Red Squadron X-Wing"), "{names:?}");
    // What a picker shows: ROTJ prints it as a Light Side Space unit, 3 to build; ROTJ is in
    // formats.txt's Vintage, World Championship 2022 and WOTC.
    let x_wing = listed
        .iter()
        .find(|c| c["name"] == "Red Squadron X-Wing")
        .unwrap();
    assert_eq!(
        (
            &x_wing["sets"],
            &x_wing["side"],
            &x_wing["type"],
            &x_wing["cost"]
        ),
        (
            &json!(["ROTJ"]),
            &json!("light"),
            &json!("Space"),
            &json!("3")
        )
    );
    assert_eq!(
        x_wing["formats"],
        json!(["Vintage", "World Championship 2022", "WOTC"])
    );
    assert_eq!(
        x_wing["spec"],
        "Power 2, Health 2, Critical Hit 1, Shields 1"
    );
    assert!(names.contains(&"Ace Pilot"), "{names:?}");
    let mut cards = Cards::builtin().clone();
    cards.add(Cards::load("mine.yaml", mine).unwrap());
    let config = Config {
        cards: Box::leak(Box::new(cards)),
        ..Config::default()
    };
    let r = send(
        config,
        post(
            "/api/v1/swtcg/attack",
            r#"{"attacker": "@Ace Pilot", "defender": "Health 2"}"#,
        ),
    )
    .await;
    assert_eq!(r.status(), StatusCode::OK);
    let answer: Value = serde_json::from_str(&text(r).await).unwrap();
    assert_eq!(answer["attacker"], "Power 5, Health 3, Accuracy 1");
}

#[tokio::test]
async fn cards_are_listed_by_the_format_players_name() {
    // TMW is in formats.txt's Standard, The Mandalorian Way and Mandoverse; none of them holds
    // a WotC set, and SITH is in none but LEG.
    let search = "/api/v1/swtcg/cards/search";
    let (status, _, body) = call(get(&format!("{search}?legal=the+mandalorian+way"))).await;
    assert_eq!(status, StatusCode::OK);
    let doc: Value = serde_json::from_str(&body).unwrap();
    let cards = doc["cards"].as_array().unwrap();
    assert!(!cards.is_empty());
    assert!(cards.iter().all(|c| c["sets"] == json!(["TMW"])), "{body}");
    let (status, _, body) = call(get(&format!("{search}?legal=wotc&set=SITH"))).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    let (status, _, body) = call(get(&format!("{search}?legal=standrd"))).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let error: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(error["field"], "legal");
    assert!(
        error["error"]
            .as_str()
            .unwrap()
            .contains("did you mean 'Standard'?"),
        "{body}"
    );
}

/// A server started with a LackeyCCG set file (made-up cards): its cards are listed, the units
/// marked as such, and its units named.
#[tokio::test]
async fn set_file_cards_are_listed_and_their_units_named() {
    let set = "Name\tSet\tType\tCost\tSpeed\tPower\tHealth\tText\n\
               Dune Skimmer (A)\tZZ\tGround\t3\t50\t2\t3\tPay 1 Force -> Evade 1\n\
               Sand Trap\tZZ\tBattle\t\t\t\t\tPay 2 Force -> Tap a unit.\n";
    let config = || {
        let mut cards = Cards::builtin().clone();
        cards.add(Cards::load("ZZ.txt", set).unwrap());
        Config {
            cards: Box::leak(Box::new(cards)),
            ..Config::default()
        }
    };
    let listed: Value = serde_json::from_str(
        &text(send(config(), get("/api/v1/swtcg/cards/search?set=ZZ")).await).await,
    )
    .unwrap();
    let units: Vec<(&str, bool)> = listed["cards"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| (c["name"].as_str().unwrap(), c["unit"].as_bool().unwrap()))
        .collect();
    assert_eq!(units, [("Dune Skimmer (A)", true), ("Sand Trap", false)]);
    let body = r#"{"attacker": "Power 1", "defender": "@Dune Skimmer"}"#;
    let r = send(config(), post("/api/v1/swtcg/attack", body)).await;
    assert_eq!(r.status(), StatusCode::OK);
    let answer: Value = serde_json::from_str(&text(r).await).unwrap();
    assert_eq!(answer["defender"], "Power 2, Health 3");
}

#[tokio::test]
async fn bad_input_gets_400_and_the_command_lines_line() {
    let cases: Vec<(&str, Value, Vec<&str>, &str)> = vec![
        (
            "swtcg/attack",
            json!({"attacker": "Powr 5", "defender": "Health 4"}),
            vec![
                "swtcg",
                "attack",
                "--attacker",
                "Powr 5",
                "--defender",
                "Health 4",
            ],
            "attacker",
        ),
        (
            "swtcg/attack",
            json!({"attacker": "Power 5", "defender": "Health 4, Armr"}),
            vec![
                "swtcg",
                "attack",
                "--attacker",
                "Power 5",
                "--defender",
                "Health 4, Armr",
            ],
            "defender",
        ),
        (
            "swtcg/attack",
            json!({"attacker": "Power 5", "rule": ["auto-hit=maybe"]}),
            vec![
                "swtcg",
                "attack",
                "--attacker",
                "Power 5",
                "--rule",
                "auto-hit=maybe",
            ],
            "rule",
        ),
        (
            "swtcg/attack",
            json!({"attacker": "Power 5", "policy": "optimall"}),
            vec![
                "swtcg",
                "attack",
                "--attacker",
                "Power 5",
                "--policy",
                "optimall",
            ],
            "policy",
        ),
        (
            "swtcg/attack",
            json!({"attacker": "Power 5000"}),
            vec!["swtcg", "attack", "--attacker", "Power 5000"],
            "attacker",
        ),
        (
            "swtcg/dice",
            json!({"count": -2, "target": "Health 2"}),
            vec!["swtcg", "dice", "--count", "-2", "--target", "Health 2"],
            "count",
        ),
        (
            "legion/attack",
            json!({"attacker": "4 red", "defender": "cover light"}),
            vec![
                "legion",
                "attack",
                "--attacker",
                "4 red",
                "--defender",
                "cover light",
            ],
            "defender",
        ),
        (
            "legion/attack",
            json!({"defender": "white defense"}),
            vec!["legion", "attack", "--defender", "white defense"],
            "attacker",
        ),
        (
            "table",
            json!({"game": "swtcg", "rows": "Power 1..10", "stat": "meen"}),
            vec!["table", "swtcg", "--rows", "Power 1..10", "--stat", "meen"],
            "stat",
        ),
    ];
    for (path, body, args, field) in cases {
        let (status, answer) = post_json(&format!("/api/v1/{path}"), body.clone()).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{path} {body}: {answer}");
        assert_eq!(answer["error"], cli_error(&args), "{path} {body}");
        let named = answer.get("field").and_then(Value::as_str).unwrap_or("");
        assert_eq!(named, field, "{path} {body}: {answer}");
    }
}

#[tokio::test]
async fn an_item_of_the_other_game_names_that_game_beside_the_field() {
    let cases = [
        (
            "legion/attack",
            json!({"attacker": "Power 5", "defender": "white defense"}),
            vec![
                "legion",
                "attack",
                "--attacker",
                "Power 5",
                "--defender",
                "white defense",
            ],
            "attacker",
            "swtcg",
        ),
        (
            "swtcg/attack",
            json!({"attacker": "Power 3", "defender": "Health 3, white defense"}),
            vec![
                "swtcg",
                "attack",
                "--attacker",
                "Power 3",
                "--defender",
                "Health 3, white defense",
            ],
            "defender",
            "legion",
        ),
        (
            "legion/sequence",
            json!({"attack": ["4 red", "4 red, Accuracy 1"], "defender": "white defense"}),
            vec![
                "legion",
                "sequence",
                "--attack",
                "4 red",
                "--attack",
                "4 red, Accuracy 1",
                "--defender",
                "white defense",
            ],
            // A sequence's attack is told by its number in the line, not by a key.
            "",
            "swtcg",
        ),
    ];
    for (path, body, args, field, game) in cases {
        let (status, answer) = post_json(&format!("/api/v1/{path}"), body.clone()).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{path} {body}: {answer}");
        assert_eq!(answer["error"], cli_error(&args), "{path} {body}");
        let named = answer.get("field").and_then(Value::as_str).unwrap_or("");
        assert_eq!(named, field, "{path} {body}: {answer}");
        assert_eq!(answer["game"], game, "{path} {body}: {answer}");
    }
    // An error of this game's items names no game.
    let body = json!({"attacker": "4 red, Critical Hit 2", "defender": "white defense"});
    let (status, answer) = post_json("/api/v1/legion/attack", body).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(answer.get("game").is_none(), "{answer}");
    assert_eq!(answer["field"], "attacker");
}

#[tokio::test]
async fn malformed_requests_get_400_with_the_fix() {
    let cases: Vec<(&str, &str, &str)> = vec![
        ("swtcg/attack", "{\"attacker\": ", "malformed JSON"),
        ("swtcg/attack", "", "the body is empty"),
        ("swtcg/attack", "[\"Power 5\"]", "must be a JSON object"),
        (
            "swtcg/attack",
            r#"{"atacker": "Power 5"}"#,
            "did you mean 'attacker'?",
        ),
        (
            "swtcg/attack",
            r#"{"attacker": "Power 5", "exact": "perhaps"}"#,
            "'exact' is true or false",
        ),
        (
            "swtcg/attack",
            r#"{"attacker": true}"#,
            "'attacker' takes a value",
        ),
        (
            "swtcg/attack",
            r#"{"attacker": ["Power 5", "Power 6"]}"#,
            "takes one value, not 2",
        ),
        (
            "swtcg/attack",
            r#"{"attacker": {"power": 5}}"#,
            "give a string, a number",
        ),
        ("table", r#"{"rows": "Power 1..3"}"#, "table needs 'game'"),
        (
            "table",
            r#"{"game": "chess", "rows": "Power 1..3"}"#,
            "give swtcg or legion, not 'chess'",
        ),
        (
            "swtcg/attack",
            r#"{"attacker": "Power 5", "help": true}"#,
            "unknown key 'help'",
        ),
    ];
    for (path, body, needle) in cases {
        let (status, media, answer) = call(post(&format!("/api/v1/{path}"), body)).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}: {answer}");
        assert_eq!(media, "application/json");
        let error: Value = serde_json::from_str(&answer).unwrap();
        let line = error["error"].as_str().unwrap();
        assert!(line.contains(needle), "{body}: {line}");
        assert!(!line.contains('\n'), "{body}: one line: {line}");
    }
}

// hardening: server-files
#[tokio::test]
async fn no_request_names_a_file() {
    for (path, body) in [
        (
            "swtcg/attack",
            json!({"attacker": "Power 5", "cards": ["/etc/passwd"]}),
        ),
        (
            "swtcg/attack",
            json!({"attacker": "Power 5", "plot": "/tmp/x.svg"}),
        ),
        (
            "table",
            json!({"spec": "data/tables/swtcg-destroy-health-4.yaml"}),
        ),
        (
            "table",
            json!({"game": "swtcg", "rows": "Power 1..2", "plot": "/dev/null"}),
        ),
        (
            "swtcg/dice",
            json!({"count": 1, "target": "@x", "cards": "/etc/hostname"}),
        ),
    ] {
        let (status, answer) = post_json(&format!("/api/v1/{path}"), body.clone()).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
        let line = answer["error"].as_str().unwrap();
        assert!(line.contains("names a file"), "{body}: {line}");
    }
}

#[tokio::test]
async fn unknown_paths_get_404_and_wrong_methods_405() {
    let (status, media, body) = call(get("/api/v1/swtcg/atack")).await;
    assert_eq!(
        (status, media.as_str()),
        (StatusCode::NOT_FOUND, "application/json")
    );
    assert!(body.contains("GET /api/v1 lists them"), "{body}");
    let (status, _, _) = call(get("/no/such/page")).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    for (method, path, allow) in [
        (Method::DELETE, "/api/v1/swtcg/attack", "GET, POST"),
        (Method::PUT, "/api/v1/legion/attack", "GET, POST"),
        (Method::GET, "/api/v1/check", "POST"),
        (Method::POST, "/api/v1/swtcg/keywords", "GET"),
    ] {
        let r = send(
            Config::default(),
            Request::builder()
                .method(method.clone())
                .uri(path)
                .body(Body::empty())
                .unwrap(),
        )
        .await;
        assert_eq!(
            r.status(),
            StatusCode::METHOD_NOT_ALLOWED,
            "{method} {path}"
        );
        assert_eq!(r.headers()[header::ALLOW], allow, "{method} {path}");
        let error: Value = serde_json::from_str(&text(r).await).unwrap();
        assert!(error["error"].is_string());
    }
}

// hardening: server-body
#[tokio::test]
async fn bodies_over_64_kib_get_413() {
    let big = format!(
        r#"{{"attacker": "Power 5", "defender": "{}"}}"#,
        " ".repeat(70_000)
    );
    let (status, _, body) = call(post("/api/v1/swtcg/attack", big.clone())).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE, "{body}");
    // Without a length given in advance, the limit holds while reading.
    let chunks: Vec<Result<String, std::io::Error>> = big
        .as_bytes()
        .chunks(1000)
        .map(|c| Ok(String::from_utf8(c.to_vec()).unwrap()))
        .collect();
    let streamed = Body::from_stream(futures_util::stream::iter(chunks));
    let (status, _, _) = call(post("/api/v1/swtcg/attack", streamed)).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);
    // Just under the limit is an ordinary request.
    let fits = format!(
        r#"{{"attacker": "Power 5", "defender": "{}"}}"#,
        " ".repeat(60_000)
    );
    let (status, _, body) = call(post("/api/v1/swtcg/attack", fits)).await;
    assert_eq!(status, StatusCode::OK, "{body}");
}

// hardening: server-queue
#[tokio::test]
async fn a_server_without_a_free_worker_answers_503_with_retry_after() {
    let config = Config {
        limits: Limits {
            workers: 0,
            queue_wait: Duration::from_millis(20),
            ..Limits::default()
        },
        ..Config::default()
    };
    let r = send(
        config,
        post("/api/v1/swtcg/attack", r#"{"attacker": "Power 5"}"#),
    )
    .await;
    assert_eq!(r.status(), StatusCode::SERVICE_UNAVAILABLE);
    assert_eq!(r.headers()[header::RETRY_AFTER], "1");
    let error: Value = serde_json::from_str(&text(r).await).unwrap();
    assert!(error["error"].as_str().unwrap().contains("busy"), "{error}");
}

#[tokio::test]
async fn responses_carry_security_headers_and_no_cors_unless_asked() {
    for path in ["/", "/app.js", "/api/v1/swtcg/rules", "/nothing"] {
        let r = send(
            Config::default(),
            Request::get(path)
                .header(header::ORIGIN, "https://elsewhere.example")
                .body(Body::empty())
                .unwrap(),
        )
        .await;
        let h = r.headers();
        let csp = h[header::CONTENT_SECURITY_POLICY].to_str().unwrap();
        assert!(
            csp.contains("default-src 'none'") && csp.contains("script-src 'self'"),
            "{path}"
        );
        assert_eq!(h[header::X_CONTENT_TYPE_OPTIONS], "nosniff", "{path}");
        assert!(
            h.get(header::ACCESS_CONTROL_ALLOW_ORIGIN).is_none(),
            "{path}"
        );
    }
    let origin = "https://tools.example";
    let config = || Config {
        cors: Some(origin.parse().unwrap()),
        ..Config::default()
    };
    let asked = |from: &str| {
        Request::get("/api/v1/swtcg/rules")
            .header(header::ORIGIN, from)
            .body(Body::empty())
            .unwrap()
    };
    let r = send(config(), asked(origin)).await;
    assert_eq!(r.headers()[header::ACCESS_CONTROL_ALLOW_ORIGIN], origin);
    // Another origin is never named: the browser refuses it the answer.
    let r = send(config(), asked("https://other.example")).await;
    let allowed = r.headers().get(header::ACCESS_CONTROL_ALLOW_ORIGIN);
    assert!(allowed.is_none_or(|v| v == origin), "{allowed:?}");
}

#[tokio::test]
async fn the_page_and_its_files_are_served_with_their_types() {
    for (path, media, needle) in [
        (
            "/",
            "text/html; charset=utf-8",
            "<script type=\"module\" src=\"app.js\"",
        ),
        (
            "/app.js",
            "text/javascript; charset=utf-8",
            "./js/engine.js",
        ),
        (
            "/js/engine.js",
            "text/javascript; charset=utf-8",
            "\"api/v1/\"",
        ),
        ("/app.css", "text/css; charset=utf-8", "@media"),
        (
            "/worker.js",
            "text/javascript; charset=utf-8",
            "engine/holodice_web.js",
        ),
        ("/favicon.svg", "image/svg+xml", "<svg"),
        (
            "/manifest.webmanifest",
            "application/manifest+json",
            "icon-512.png",
        ),
        ("/icon-192.png", "image/png", "PNG"),
    ] {
        let (status, got, body) = call_bytes(get(path)).await;
        assert_eq!((status, got.as_str()), (StatusCode::OK, media), "{path}");
        assert!(body.contains(needle), "{path} holds {needle}");
    }
    // Every file of web/ is served as it is (the static site's service worker is the site's).
    let web = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("web");
    let mut folders = vec![web.clone()];
    let mut served = 0;
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(folder).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                folders.push(path);
                continue;
            }
            let route = path
                .strip_prefix(&web)
                .unwrap()
                .to_string_lossy()
                .replace('\\', "/");
            if route == "sw.js" {
                continue;
            }
            let route = if route == "index.html" {
                String::new()
            } else {
                route
            };
            let (status, _, body) = call_bytes(get(&format!("/{route}"))).await;
            assert_eq!(status, StatusCode::OK, "/{route}");
            let file = String::from_utf8_lossy(&std::fs::read(&path).unwrap()).into_owned();
            assert!(body == file, "/{route} is web/{route} as it is");
            served += 1;
        }
    }
    assert!(served > 20, "{served} files");
}

#[tokio::test]
async fn the_pages_files_are_sent_compressed_to_a_browser_that_accepts_it() {
    let file =
        std::fs::read(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("web/app.js")).unwrap();
    for (accepted, encoding) in [("br", "br"), ("gzip", "gzip"), ("gzip, deflate, br", "br")] {
        let request = Request::get("/app.js")
            .header(header::ACCEPT_ENCODING, accepted)
            .body(Body::empty())
            .unwrap();
        let r = send(Config::default(), request).await;
        assert_eq!(r.status(), StatusCode::OK);
        assert_eq!(
            r.headers()[header::CONTENT_ENCODING],
            encoding,
            "{accepted}"
        );
        let sent = r.into_body().collect().await.unwrap().to_bytes();
        assert!(
            sent.len() * 2 < file.len(),
            "{accepted}: {} bytes",
            sent.len()
        );
        let mut plain = Vec::new();
        match encoding {
            "br" => brotli::BrotliDecompress(&mut &sent[..], &mut plain).unwrap(),
            _ => {
                std::io::Read::read_to_end(
                    &mut flate2::read::GzDecoder::new(&sent[..]),
                    &mut plain,
                )
                .unwrap();
            }
        }
        assert!(plain == file, "{accepted}: web/app.js as it is");
    }
    // Without Accept-Encoding the file is sent as it is; the API's answers never compressed.
    let r = send(Config::default(), get("/app.js")).await;
    assert!(r.headers().get(header::CONTENT_ENCODING).is_none());
    let request = Request::get("/api/v1/swtcg/rules")
        .header(header::ACCEPT_ENCODING, "gzip, br")
        .body(Body::empty())
        .unwrap();
    let r = send(Config::default(), request).await;
    assert!(r.headers().get(header::CONTENT_ENCODING).is_none());
}

#[tokio::test]
async fn the_index_lists_every_endpoint_with_the_command_lines_options() {
    let (status, _, body) = call(get("/api/v1")).await;
    assert_eq!(status, StatusCode::OK);
    let index: Value = serde_json::from_str(&body).unwrap();
    let endpoints = index["endpoints"].as_array().unwrap();
    let paths: Vec<&str> = endpoints
        .iter()
        .map(|e| e["path"].as_str().unwrap())
        .collect();
    assert_eq!(
        paths,
        [
            "/api/v1/swtcg/attack",
            "/api/v1/swtcg/dice",
            "/api/v1/swtcg/sequence",
            "/api/v1/swtcg/compare",
            "/api/v1/swtcg/cards/search",
            "/api/v1/swtcg/coverage",
            "/api/v1/legion/attack",
            "/api/v1/legion/sequence",
            "/api/v1/legion/units",
            "/api/v1/legion/matchups",
            "/api/v1/legion/army",
            "/api/v1/legion/compare",
            "/api/v1/table",
            "/api/v1/check"
        ]
    );
    // Each key is a long option of the command's help, and no file option is among them.
    for e in endpoints {
        let command: Vec<&str> = e["command"].as_str().unwrap().split(' ').skip(1).collect();
        let mut helps = vec![command.clone()];
        if command == ["check"] {
            helps.push(vec!["check", "swtcg"]);
            helps.push(vec!["check", "legion"]);
            helps.push(vec!["check", "legion-sequence"]);
        }
        let help: String = helps
            .into_iter()
            .map(|mut args| {
                args.push("--help");
                stdout(&holodice(&args))
            })
            .collect();
        for key in e["keys"].as_array().unwrap() {
            let key = key.as_str().unwrap();
            if ["game", "samples"].contains(&key) {
                continue;
            }
            assert!(help.contains(&format!("--{key}")), "{command:?}: --{key}");
            assert!(
                !["cards", "plot", "spec"].contains(&key),
                "{command:?}: {key}"
            );
        }
    }
}

#[tokio::test]
async fn the_server_docs_list_each_endpoints_keys_as_the_index_does() {
    let (_, _, body) = call(get("/api/v1")).await;
    let index: Value = serde_json::from_str(&body).unwrap();
    let docs = std::fs::read_to_string("docs/server.md").unwrap();
    for e in index["endpoints"].as_array().unwrap() {
        let path = e["path"].as_str().unwrap();
        let row = docs
            .lines()
            .find(|l| l.starts_with(&format!("| `{path}` |")))
            .unwrap_or_else(|| panic!("docs/server.md lists {path}"));
        let cells: Vec<&str> = row.split('|').map(str::trim).collect();
        let methods: Vec<&str> = e["methods"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m.as_str().unwrap())
            .collect();
        assert_eq!(cells[2], methods.join(", "), "{path}");
        let keys: Vec<&str> = e["keys"]
            .as_array()
            .unwrap()
            .iter()
            .map(|k| k.as_str().unwrap())
            .collect();
        assert_eq!(cells[4], keys.join(", "), "{path}");
    }
}

/// The estimate of `endpoint`'s request `body`: {work, live, live_limit}.
async fn estimate(endpoint: &str, body: Value) -> Value {
    let (status, answer) = post_json(&format!("/api/v1/estimate/{endpoint}"), body.clone()).await;
    assert_eq!(status, StatusCode::OK, "{endpoint} {body}: {answer}");
    let (work, limit) = (answer["work"].as_u64(), answer["live_limit"].as_u64());
    assert_eq!(
        answer["live"].as_bool(),
        Some(work.unwrap() <= limit.unwrap()),
        "{answer}"
    );
    answer
}

#[tokio::test]
async fn an_estimate_grows_with_the_query_and_a_heavy_one_is_not_live() {
    let mut works = vec![];
    for power in ["Power 5", "Power 50", "Power 500", "Power 2000"] {
        let body = json!({"attacker": format!("{power}, Critical Hit 2"), "defender": "Health 4"});
        works.push(estimate("swtcg/attack", body).await);
    }
    let work = |e: &Value| e["work"].as_u64().unwrap();
    assert!(
        works.windows(2).all(|w| work(&w[0]) < work(&w[1])),
        "{works:?}"
    );
    assert_eq!(works[0]["live"], true, "{}", works[0]);
    assert_eq!(works[3]["live"], false, "{}", works[3]);
    // Over a stated limit a query costs nothing: its run is refused at once.
    let refused = json!({"attacker": "Power 5000", "defender": "Health 4"});
    assert_eq!(estimate("swtcg/attack", refused).await["work"], 0);
    // Legion: more dice, more work; the same in the query string as in the body.
    let small = estimate(
        "legion/attack",
        json!({"attacker": "4 red", "defender": "white defense"}),
    );
    let large = estimate(
        "legion/attack",
        json!({"attacker": "12 red, 12 black", "defender": "white defense"}),
    );
    let (small, large) = (small.await, large.await);
    assert!(work(&small) < work(&large), "{small} {large}");
    let (status, _, body) = call(get(
        "/api/v1/estimate/legion/attack?attacker=4+red&defender=white+defense",
    ))
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(serde_json::from_str::<Value>(&body).unwrap(), small);
    // The index gives the limit the page runs live.
    let (_, _, index) = call(get("/api/v1")).await;
    let index: Value = serde_json::from_str(&index).unwrap();
    assert_eq!(index["limits"]["live_work"], small["live_limit"]);
    assert_eq!(index["estimate"]["path"], "/api/v1/estimate/{endpoint}");
    let docs = std::fs::read_to_string("docs/server.md").unwrap();
    let limit = format!("\"live_limit\": {}}}", small["live_limit"]);
    assert!(docs.contains(&limit), "docs/server.md gives {limit}");
}

// hardening: server-estimate
#[tokio::test]
async fn an_estimate_is_answered_at_once_with_every_worker_busy() {
    let busy = || Config {
        limits: Limits {
            workers: 0,
            queue_wait: Duration::from_millis(20),
            ..Limits::default()
        },
        ..Config::default()
    };
    let body = r#"{"attacker": "Power 500, Critical Hit 2", "defender": "Health 4"}"#;
    let computed = send(busy(), post("/api/v1/swtcg/attack", body)).await;
    assert_eq!(computed.status(), StatusCode::SERVICE_UNAVAILABLE);
    let estimated = send(busy(), post("/api/v1/estimate/swtcg/attack", body)).await;
    assert_eq!(estimated.status(), StatusCode::OK);
    let answer: Value = serde_json::from_str(&text(estimated).await).unwrap();
    assert!(answer["work"].as_u64().unwrap() > 0, "{answer}");
}

#[tokio::test]
async fn an_estimate_of_a_request_the_endpoint_refuses_is_the_endpoints_400() {
    for (path, body) in [
        ("swtcg/attack", r#"{"atacker": "Power 5"}"#),
        (
            "swtcg/attack",
            r#"{"attacker": "Power 5", "exact": "perhaps"}"#,
        ),
        ("table", r#"{"game": "chess", "rows": "Power 1..3"}"#),
        ("legion/attack", "{\"attacker\": "),
    ] {
        let refused = call(post(&format!("/api/v1/{path}"), body)).await;
        let estimated = call(post(&format!("/api/v1/estimate/{path}"), body)).await;
        assert_eq!(refused.0, StatusCode::BAD_REQUEST, "{body}");
        assert_eq!(estimated, refused, "{path} {body}");
    }
    // The endpoint's methods, body limit and paths, too.
    let (status, _, _) = call(get("/api/v1/estimate/check")).await;
    assert_eq!(status, StatusCode::METHOD_NOT_ALLOWED);
    let (status, _, body) = call(post("/api/v1/estimate/swtcg/atack", "{}")).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(
        body.contains("no endpoint POST /api/v1/estimate/swtcg/atack"),
        "{body}"
    );
    let big = format!(r#"{{"attacker": "{}"}}"#, " ".repeat(70_000));
    let (status, _, _) = call(post("/api/v1/estimate/swtcg/attack", big)).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);
}

/// Any request built from the endpoints' keys and a vocabulary of good and bad values.
fn arbitrary_request() -> impl proptest::strategy::Strategy<Value = (usize, Value)> {
    use proptest::prelude::*;
    let keys = prop::sample::select(vec![
        "attacker",
        "defender",
        "secondary",
        "interceptor",
        "guardian",
        "target",
        "count",
        "attacks",
        "rule",
        "policy",
        "objective",
        "mode",
        "arena",
        "edition",
        "format",
        "exact",
        "enhance",
        "pay",
        "game",
        "rows",
        "cols",
        "stat",
        "digits",
        "samples",
        "alpha",
        "test",
        "variable",
        "unpreventable",
        "cards",
        "plot",
        "help",
        "rolled",
        "converted",
        "attack",
        "suppression-gained",
        "",
    ]);
    let text = prop::sample::select(vec![
        "Power 3",
        "Power 2, Lucky 1, Critical Hit 1",
        "Health 2, Armor",
        "4 red, aim 1",
        "2 red hits, 1 red surge, 1 red blank",
        "99999999999 hits",
        "white defense, cover 1",
        "Guardian 1, red defense",
        "@Red Squadron X-wing",
        "Powr",
        "-1",
        "0",
        "3",
        "1e-6",
        "greedy",
        "optimal",
        "mean",
        "atleast:2",
        "json",
        "svg",
        "html",
        "swtcg",
        "legion",
        "Power 1..3",
        "red 1..2",
        "auto-hit=yes",
        "overkill",
        "--help",
        "",
        "\u{0}",
        "ü,,,",
        "1\n2\n3",
    ]);
    let value = prop_oneof![
        text.clone().prop_map(|t| json!(t)),
        any::<i64>().prop_map(|n| json!(n)),
        any::<bool>().prop_map(|b| json!(b)),
        prop::collection::vec(text, 0..3).prop_map(|v| json!(v)),
        Just(json!(null)),
        Just(json!({"nested": 1})),
        "[ -~]{0,12}".prop_map(|t| json!(t)),
    ];
    (
        0..7usize,
        prop::collection::btree_map(keys, value, 0..6)
            .prop_map(|m| Value::Object(m.into_iter().map(|(k, v)| (k.to_string(), v)).collect())),
    )
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(300))]

    /// No request, however wrong, gets a 500: an answer or a one-line error with its status.
    #[test]
    fn no_request_gets_a_500((endpoint, body) in arbitrary_request()) {
        let paths = ["swtcg/attack", "swtcg/dice", "swtcg/sequence", "legion/attack", "table",
                     "check", "swtcg/keywords", "legion/sequence"];
        let path = format!("/api/v1/{}", paths[endpoint]);
        let runtime = tokio::runtime::Runtime::new().unwrap();
        let (status, media, text) = runtime.block_on(call(post(&path, body.to_string())));
        proptest::prop_assert!(
            [StatusCode::OK, StatusCode::BAD_REQUEST, StatusCode::METHOD_NOT_ALLOWED]
                .contains(&status),
            "{path} {body}: {status} {text}"
        );
        if status != StatusCode::OK {
            proptest::prop_assert_eq!(media.as_str(), "application/json");
            let error: Value = serde_json::from_str(&text).unwrap();
            let line = error["error"].as_str().unwrap();
            proptest::prop_assert!(!line.is_empty() && !line.contains('\n'), "{}", line);
        }
    }
}
