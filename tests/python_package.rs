//! The Python package's metadata (crates/python: its Cargo.toml, whose version the wheel takes,
//! and pyproject.toml) held to the root crate's, so a bump or a move can't leave it behind.

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
