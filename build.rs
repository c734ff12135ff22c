//! Lists the page's files (`web/`, less the static site's service worker) for `holodice serve`
//! to embed (`src/server/page.rs`), so a file added to the page is served without a second list
//! to keep in step. `cargo xtask site` copies the same folder.

use std::path::{Path, PathBuf};

/// The media type of a page file, by its extension.
fn media_type(path: &Path) -> &'static str {
    match path.extension().and_then(|e| e.to_str()) {
        Some("html") => "text/html; charset=utf-8",
        Some("js") => "text/javascript; charset=utf-8",
        Some("css") => "text/css; charset=utf-8",
        Some("svg") => "image/svg+xml",
        Some("png") => "image/png",
        Some("webmanifest") => "application/manifest+json",
        Some("json") => "application/json",
        other => panic!("web/: no media type for the extension {other:?}"),
    }
}

fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("web/ is readable")
        .map(|e| e.expect("web/ is readable").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            files(&path, out);
        } else {
            out.push(path);
        }
    }
}

fn main() {
    let root = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets it"));
    let web = root.join("web");
    println!("cargo::rerun-if-changed=web");
    let mut found = Vec::new();
    files(&web, &mut found);
    let mut table = String::from("&[\n");
    for path in found {
        let relative = path.strip_prefix(&web).expect("under web/");
        let route = relative.to_string_lossy().replace('\\', "/");
        if route == "sw.js" {
            continue;
        }
        println!("cargo::rerun-if-changed={}", path.display());
        let route = if route == "index.html" {
            String::new()
        } else {
            route
        };
        table.push_str(&format!(
            "    (\"/{route}\", {:?}, include_bytes!({:?})),\n",
            media_type(&path),
            path.display().to_string()
        ));
    }
    table.push_str("]\n");
    let out = PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets OUT_DIR"));
    std::fs::write(out.join("page_files.rs"), table).expect("OUT_DIR is writable");
}
