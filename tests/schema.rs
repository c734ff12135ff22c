//! The API's JSON Schema (`data/api/schema.json`): built again from the code, it must equal the
//! committed file; it has an entry for every endpoint and listing; and every JSON answer the API
//! corpus recorded has the top-level keys its schema requires, and no other. (CI validates the
//! corpus fully with Python's jsonschema: tests/schema/validate.py.) When the answers' types or
//! the options change, record it again with `HOLODICE_CORPUS=record cargo test --test tests
//! schema` and review the diff.

use crate::common::assert_generated;
use serde_json::{Map, Value};
use std::collections::BTreeSet;
use std::path::Path;

fn committed() -> Value {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("data/api/schema.json");
    let text = std::fs::read_to_string(path).expect("data/api/schema.json");
    serde_json::from_str(&text).expect("data/api/schema.json is JSON")
}

#[test]
fn the_committed_schema_is_the_codes() {
    let built = holodice::api::schema::generate();
    assert_generated(
        "data/api/schema.json",
        &built,
        "the code's schema",
        "schema",
    );
}

/// Every path the API answers under /api/v1/: its endpoints, and the listings its index lists
/// (and the index itself, "").
fn paths() -> Vec<String> {
    let index: Value = serde_json::from_str(&listing("")).expect("the index is JSON");
    let listings = index["listings"].as_array().expect("the index's listings");
    let listed = listings.iter().map(|l| {
        let l = l.as_str().expect("a path");
        l.strip_prefix("/api/v1/")
            .expect("under /api/v1/")
            .to_string()
    });
    (holodice::api::params::endpoint_paths().map(str::to_string))
        .chain(listed)
        .chain([String::new()])
        .collect()
}

fn listing(path: &str) -> String {
    let cards = holodice_engine::swtcg::cards::Cards::builtin();
    let legion = holodice_engine::legion::cards::Cards::builtin();
    let listings = holodice::api::Listings::new(cards);
    let reply = holodice::api::answer(path, b"", cards, legion, &listings);
    assert_eq!(reply.status, 200, "{path}: {}", reply.body);
    reply.body
}

#[test]
fn every_endpoint_and_listing_has_a_request_and_an_answer() {
    let schema = committed();
    let entries = schema["properties"].as_object().expect("the paths");
    for path in paths() {
        let entry = &entries
            .get(&path)
            .unwrap_or_else(|| panic!("no entry for '{path}'"));
        for part in ["request", "answer", "error"] {
            let target = entry["properties"][part]["$ref"].as_str();
            let target = target.unwrap_or_else(|| panic!("'{path}' has no {part} reference"));
            resolve(&schema, target);
        }
    }
    assert_eq!(entries.len(), paths().len(), "an entry for no path");
}

#[test]
fn the_api_serves_the_committed_schema() {
    let served: Value = serde_json::from_str(&listing("schema")).expect("the schema is JSON");
    assert!(
        served == committed(),
        "GET /api/v1/schema is not data/api/schema.json"
    );
}

/// The definition a `#/$defs/Name` reference names.
fn resolve<'a>(schema: &'a Value, reference: &str) -> &'a Value {
    let name = reference
        .strip_prefix("#/$defs/")
        .unwrap_or_else(|| panic!("{reference} is not a definition"));
    let def = &schema["$defs"][name];
    assert!(!def.is_null(), "no definition {name}");
    def
}

/// `s`, its reference followed.
fn followed<'a>(schema: &'a Value, s: &'a Value) -> &'a Value {
    match s["$ref"].as_str() {
        Some(r) => followed(schema, resolve(schema, r)),
        None => s,
    }
}

/// What is wrong with the top-level keys of `answer` by `s` (for a list, of each item): a key
/// required and missing, or one the schema doesn't have where it allows no other.
fn misfits(schema: &Value, s: &Value, answer: &Value) -> Vec<String> {
    let s = followed(schema, s);
    if let Value::Array(items) = answer {
        let item = &s["items"];
        assert!(item.is_object(), "a list answer whose schema is no list");
        return items
            .iter()
            .flat_map(|a| misfits(schema, item, a))
            .collect();
    }
    let Value::Object(object) = answer else {
        return vec![format!("not an object: {answer}")];
    };
    let mut wrong: Vec<String> = missing(schema, s, object)
        .into_iter()
        .map(|k| format!("'{k}' is required and missing"))
        .collect();
    let allowed = allowed(schema, s);
    assert!(
        s.get("patternProperties").is_none(),
        "no answer is keyed by pattern"
    );
    for (key, value) in object.iter().filter(|(k, _)| !allowed.contains(*k)) {
        match others(schema, s) {
            Some(Value::Bool(false)) => wrong.push(format!("'{key}' is not in the schema")),
            // The only open answer (check's) takes other keys of text: its inputs.
            Some(other) if other["type"] == "string" && !value.is_string() => {
                wrong.push(format!("'{key}' is not text"))
            }
            Some(_) => {}
            None => panic!("the schema leaves the answer open: close it"),
        }
    }
    wrong
}

/// What `s` says of keys it doesn't list: its own word, or that of a schema it is all of.
fn others<'a>(schema: &'a Value, s: &'a Value) -> Option<&'a Value> {
    let own = [&s["additionalProperties"], &s["unevaluatedProperties"]];
    match own.into_iter().find(|o| !o.is_null()) {
        Some(word) => Some(word),
        None => branches(s, &["allOf"]).find_map(|b| others(schema, followed(schema, b))),
    }
}

/// The keys of `s` and of the branches it combines.
fn allowed(schema: &Value, s: &Value) -> BTreeSet<String> {
    let s = followed(schema, s);
    let own = s["properties"].as_object().into_iter().flat_map(Map::keys);
    let mut keys: BTreeSet<String> = own.cloned().collect();
    for branch in branches(s, &["allOf", "anyOf", "oneOf"]) {
        keys.extend(allowed(schema, branch));
    }
    keys
}

/// The keys `object` lacks of those `s` requires: its own and every `allOf` branch's, and
/// those of the nearest `anyOf` or `oneOf` branch.
fn missing(schema: &Value, s: &Value, object: &Map<String, Value>) -> Vec<String> {
    let s = followed(schema, s);
    let required = s["required"].as_array().into_iter().flatten();
    let mut lacking: Vec<String> = (required.filter_map(Value::as_str))
        .filter(|k| !object.contains_key(*k))
        .map(str::to_string)
        .collect();
    for branch in branches(s, &["allOf"]) {
        lacking.extend(missing(schema, branch, object));
    }
    let choices: Vec<Vec<String>> = (branches(s, &["anyOf", "oneOf"]))
        .map(|b| missing(schema, b, object))
        .collect();
    if let Some(least) = choices.into_iter().min_by_key(Vec::len) {
        lacking.extend(least);
    }
    lacking
}

fn branches<'a>(s: &'a Value, keys: &'a [&str]) -> impl Iterator<Item = &'a Value> {
    (keys.iter()).flat_map(move |k| s[*k].as_array().into_iter().flatten())
}

/// A recorded API case: its path under /api/v1/, status and body, when the answer is JSON.
fn recorded(text: &str) -> Option<(String, u16, Value)> {
    let (head, body) = text.split_once("\n--- body\n").expect("a recorded case");
    let mut lines = head.lines();
    let request = lines.next().expect("the request line");
    let status: u16 = lines.next()?.strip_prefix("status: ")?.parse().ok()?;
    if !head.contains("content-type: application/json") {
        return None;
    }
    let target = request.split(' ').nth(1).expect("METHOD PATH");
    let path = target.split('?').next().unwrap_or(target);
    let path = path.strip_prefix("/api/v1").unwrap_or(path);
    let path = path.strip_prefix('/').unwrap_or(path).to_string();
    Some((
        path,
        status,
        serde_json::from_str(body).expect("a JSON body"),
    ))
}

#[test]
fn every_recorded_json_answer_has_the_keys_its_schema_says() {
    let schema = committed();
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/corpus/api");
    let mut checked = 0;
    let mut wrong = Vec::new();
    for file in std::fs::read_dir(&dir).expect("tests/corpus/api") {
        let file = file.unwrap().path();
        let text = std::fs::read_to_string(&file).unwrap();
        let Some((path, status, body)) = recorded(&text) else {
            continue;
        };
        let part = match (status, path.strip_prefix("estimate/")) {
            (200, Some(endpoint)) => &schema["properties"][endpoint]["properties"]["estimate"],
            (200, None) => &schema["properties"][path.as_str()]["properties"]["answer"],
            _ => &schema["$defs"]["Error"],
        };
        assert!(
            !part.is_null(),
            "{}: no schema for '{path}'",
            file.display()
        );
        let name = file.file_name().unwrap().to_string_lossy().to_string();
        wrong.extend(
            misfits(&schema, part, &body)
                .into_iter()
                .map(|w| format!("{name}: {w}")),
        );
        checked += 1;
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    assert!(checked >= 50, "only {checked} JSON answers recorded");
}

#[test]
fn the_key_check_finds_a_key_the_schema_does_not_have() {
    let schema = committed();
    let answer = &schema["properties"]["swtcg/dice"]["properties"]["answer"];
    let mut body: Value = serde_json::from_str(
        r#"{"schema": 1, "target": "Health 2", "count": 1, "damage": {}, "hits": {}}"#,
    )
    .unwrap();
    assert_eq!(misfits(&schema, answer, &body), Vec::<String>::new());
    body["surprise"] = Value::Bool(true);
    body.as_object_mut().unwrap().remove("hits");
    assert_eq!(
        misfits(&schema, answer, &body),
        [
            "'hits' is required and missing",
            "'surprise' is not in the schema"
        ]
    );
}
