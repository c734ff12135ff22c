//! The npm package's metadata (crates/web/npm/package.json) held to the root crate's, so a
//! version bump or a new licence reaches the package too.

use serde_json::Value;

/// The value of `key = "..."` in the root Cargo.toml's [package].
fn cargo(key: &str) -> String {
    let manifest = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/Cargo.toml"))
        .expect("Cargo.toml");
    let prefix = format!("{key} = \"");
    let package = manifest.lines().skip_while(|l| *l != "[package]").skip(1);
    package
        .take_while(|l| !l.starts_with('['))
        .find_map(|l| l.strip_prefix(&prefix)?.strip_suffix('"'))
        .unwrap_or_else(|| panic!("Cargo.toml's [package] has no {key}"))
        .to_string()
}

#[test]
fn the_npm_package_has_the_crates_name_version_licence_and_repository() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/crates/web/npm/package.json"
    ))
    .expect("crates/web/npm/package.json");
    let package: Value = serde_json::from_str(&text).expect("package.json is JSON");
    assert_eq!(package["name"], "holodice");
    assert_eq!(package["version"], cargo("version").as_str());
    assert_eq!(package["license"], cargo("license").as_str());
    assert_eq!(package["description"], cargo("description").as_str());
    // npm's own spelling of a git repository (`npm pkg fix` writes it so).
    let repository = format!("git+{}.git", cargo("repository"));
    assert_eq!(package["repository"]["url"], repository.as_str());
}
