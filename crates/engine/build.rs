//! Converts the embedded keyword tables from YAML to JSON at build time: serde_json reads them
//! many times faster than a YAML parser, and every command starts by reading one
//! (`src/data.rs`, `parse`). The YAML stays the source; a malformed file still fails at load,
//! with its YAML line, because the loader falls back to the YAML whenever the JSON fails.

use std::path::Path;

/// The data files converted, under [`DATA`].
const CONVERTED: [&str; 2] = ["legion/keywords.yaml", "swtcg/keywords.yaml"];

/// The repository's data folder, from the package root.
const DATA: &str = "../../data";

fn main() {
    let out = std::env::var("OUT_DIR").expect("cargo sets OUT_DIR");
    for file in CONVERTED {
        let path = format!("{DATA}/{file}");
        println!("cargo::rerun-if-changed={path}");
        let text = std::fs::read_to_string(&path).expect("the data file exists");
        // A file that is not valid YAML is left for the loader to report, with its line.
        let json = serde_yaml::from_str::<serde_json::Value>(&text)
            .map(|v| v.to_string())
            .unwrap_or_default();
        let name = format!("data/{file}")
            .replace('/', "_")
            .replace(".yaml", ".json");
        let target = Path::new(&out).join(name);
        std::fs::write(target, json).expect("OUT_DIR is writable");
    }
}
