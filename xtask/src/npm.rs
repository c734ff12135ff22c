//! `cargo xtask npm DIR`: the npm package `holodice`, packed as `DIR/holodice-VERSION.tgz`.
//!
//! DIR gets the engine compiled to WebAssembly with wasm-bindgen's `--target web` glue (the
//! site's build, [`site::engine`]), the package's own files from `crates/web/npm/` (its
//! package.json, README and the hand-written modules its `files` lists) and the LICENSE; then
//! `npm pack` packs exactly what package.json's `files` names.

use crate::site::{self, copy, output, read, workspace_root};
use serde_json::Value;
use std::path::Path;
use std::process::Command;

pub fn build(dir: &Path) -> Result<(), String> {
    let root = workspace_root();
    let npm = root.join("crates/web/npm");
    let manifest: Value = serde_json::from_str(&read(&npm.join("package.json"))?)
        .map_err(|e| format!("crates/web/npm/package.json: {e}"))?;
    let version = site::version(&root)?;
    if manifest["version"].as_str() != Some(version.as_str()) {
        return Err(format!(
            "crates/web/npm/package.json has version {}, the crate {version}: give it the crate's",
            manifest["version"]
        ));
    }
    let files: Vec<&str> = (manifest["files"].as_array().into_iter().flatten())
        .filter_map(Value::as_str)
        .collect();
    site::engine(&root, dir)?;
    // The package's own files; the others `files` names are the engine's, built above.
    for name in ["package.json", "README.md"].iter().chain(&files) {
        if npm.join(name).is_file() {
            copy(&npm.join(name), &dir.join(name))?;
        }
    }
    copy(&root.join("LICENSE"), &dir.join("LICENSE"))?;
    if let Some(missing) = files.iter().find(|f| !dir.join(f).is_file()) {
        return Err(format!(
            "package.json's files names {missing}, which neither crates/web/npm nor the engine's \
             build made"
        ));
    }
    let packed = output(
        Command::new("npm")
            .current_dir(dir)
            .args(["pack", "--json"]),
    )?;
    let packed: Value =
        serde_json::from_str(&packed).map_err(|e| format!("npm pack --json: {e}"))?;
    let tarball = &packed[0];
    println!(
        "npm: {} ({} files, {} KB packed, {} KB unpacked)",
        dir.join(tarball["filename"].as_str().unwrap_or_default())
            .display(),
        tarball["entryCount"],
        tarball["size"].as_u64().unwrap_or_default() / 1000,
        tarball["unpackedSize"].as_u64().unwrap_or_default() / 1000,
    );
    Ok(())
}
