//! The Python package's metadata (crates/python: its Cargo.toml, whose version the wheel takes,
//! and pyproject.toml) held to the root crate's, so a bump or a move can't leave it behind.

use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

fn read(path: &str) -> String {
    let full = Path::new(env!("CARGO_MANIFEST_DIR")).join(path);
    std::fs::read_to_string(&full).unwrap_or_else(|e| panic!("{}: {e}", full.display()))
}

/// The string `key = "value"` of a TOML `[section]` (the files keep these on one line).
fn field(toml: &str, section: &str, key: &str) -> String {
    let mut current = "";
    for line in toml.lines().map(str::trim) {
        if let Some(name) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
            current = name;
        } else if let Some((k, v)) = line.split_once('=') {
            if current == section && k.trim() == key {
                return v.trim().trim_matches('"').to_string();
            }
        }
    }
    panic!("no {key} in [{section}]")
}

#[test]
fn the_python_package_names_the_root_crate_s_version_licence_and_repository() {
    let (root, native, project) = (
        read("Cargo.toml"),
        read("crates/python/Cargo.toml"),
        read("crates/python/pyproject.toml"),
    );
    for key in ["version", "license", "repository"] {
        assert_eq!(
            field(&native, "package", key),
            field(&root, "package", key),
            "{key}"
        );
    }
    assert_eq!(field(&project, "project", "dynamic"), r#"["version"]"#);
    assert_eq!(field(&project, "project", "name"), "holodice");
    for key in ["license", "description"] {
        assert_eq!(
            field(&project, "project", key),
            field(&root, "package", key),
            "{key}"
        );
    }
    assert_eq!(
        field(&project, "project.urls", "Repository"),
        field(&root, "package", "repository")
    );
    assert_eq!(
        field(&project, "tool.maturin", "module-name"),
        "holodice._native"
    );
    assert_eq!(read("crates/python/LICENSE"), read("LICENSE"));
}

/// The quoted names of the statement starting `start` in the package's answers module (one
/// line, or up to a line that closes it): its key lists, in order.
fn python_keys(start: &str) -> Vec<String> {
    let source = read("crates/python/python/holodice/_answers.py");
    let at = source
        .find(start)
        .unwrap_or_else(|| panic!("_answers.py has no {start}"));
    let block = &source[at..];
    let line = &block[..block.find('\n').unwrap_or(block.len())];
    let block = if line.ends_with(')') {
        line
    } else {
        &block[..block.find("\n)").unwrap()]
    };
    (block.split('"').skip(1).step_by(2))
        .filter(|name| {
            (name.chars()).all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
        })
        .map(str::to_string)
        .collect()
}

/// The schema `s` points to, past references other than to a Fraction.
fn resolved<'a>(defs: &'a Value, mut s: &'a Value) -> &'a Value {
    while let Some(name) = s["$ref"].as_str().and_then(|r| r.strip_prefix("#/$defs/")) {
        if name == "Fraction" {
            break;
        }
        s = &defs[name];
    }
    s
}

/// The schemas of a schema's parts: its alternatives and combinations, items and values.
fn parts(s: &Value) -> Vec<&Value> {
    let listed = ["anyOf", "oneOf", "allOf"]
        .iter()
        .flat_map(|k| s[*k].as_array().into_iter().flatten());
    let keyed = ["properties", "patternProperties"]
        .iter()
        .flat_map(|k| s[*k].as_object().into_iter().flat_map(|m| m.values()));
    let single = [&s["items"], &s["additionalProperties"]]
        .into_iter()
        .filter(|v| v.is_object());
    (listed.filter(|v| v["type"] != "null"))
        .chain(keyed)
        .chain(single)
        .collect()
}

/// Whether every value the schema allows is an exact fraction, or a list or map of them.
fn exact(defs: &Value, s: &Value) -> bool {
    let s = resolved(defs, s);
    if s["$ref"] == "#/$defs/Fraction" {
        return true;
    }
    let parts = parts(s);
    !parts.is_empty() && parts.iter().all(|p| exact(defs, p))
}

/// Each key of an answer whose value is exact, with the keys it is found under ("" at the
/// top): a distribution's own keys are the package's `Distribution`'s business.
fn exact_keys(defs: &Value, s: &Value, parent: &str, out: &mut BTreeMap<String, BTreeSet<String>>) {
    let s = resolved(defs, s);
    if s == &defs["Distribution"] {
        return;
    }
    for (name, sub) in s["properties"].as_object().into_iter().flatten() {
        if exact(defs, sub) {
            out.entry(name.clone())
                .or_default()
                .insert(parent.to_string());
        } else {
            exact_keys(defs, sub, name, out);
        }
    }
    let props = s["properties"].as_object();
    for part in parts(s) {
        if !props.is_some_and(|p| p.values().any(|v| std::ptr::eq(v, part))) {
            exact_keys(defs, part, parent, out);
        }
    }
}

/// The package converts exact values by key (a regex would take a Legion surge chart's "hit"
/// for text and a SPEC like "5" for a number), so its key list must be the schema's: every key
/// an answer gives a Fraction is converted, and no other.
#[test]
fn the_python_package_converts_exactly_the_keys_the_schema_says_are_fractions() {
    let schema: Value = serde_json::from_str(&read("data/api/schema.json")).unwrap();
    let defs = &schema["$defs"];
    let mut keys = BTreeMap::new();
    for entry in schema["properties"].as_object().unwrap().values() {
        exact_keys(defs, &entry["properties"]["answer"], "", &mut keys);
    }
    let everywhere: BTreeSet<String> = python_keys("_EXACT = frozenset(").into_iter().collect();
    let under = python_keys("_EXACT_UNDER = frozenset(");
    let under: Vec<(&String, &String)> = under
        .iter()
        .step_by(2)
        .zip(under.iter().skip(1).step_by(2))
        .collect();
    let converted: BTreeSet<String> = (everywhere.iter().cloned())
        .chain(under.iter().map(|(_, key)| (*key).clone()))
        .collect();
    let schema_keys: BTreeSet<String> = keys.keys().cloned().collect();
    assert_eq!(
        converted, schema_keys,
        "crates/python/python/holodice/_answers.py's _EXACT and _EXACT_UNDER must list the \
         answers' fraction keys of data/api/schema.json"
    );
    for (parent, key) in under {
        assert!(
            !everywhere.contains(key) && keys[key] == BTreeSet::from([parent.clone()]),
            "'{key}' is listed as exact under '{parent}' only; the schema has it under {:?}",
            keys[key]
        );
    }
}
