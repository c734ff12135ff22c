//! `cargo xtask site DIR`: the page `holodice serve` serves, with the engine compiled to
//! WebAssembly beside it, as files any static host can serve.
//!
//! DIR gets the files of `web/` (the one page), `engine/` (the engine's module and its JS glue
//! from wasm-bindgen), `sw.js` with the list of files to keep offline and a cache name that
//! changes with them, and `site.json` (holodice's version), by which the page knows it runs the
//! engine itself; `examples.json` carries its worked examples' answers (`examples`) and
//! `index.html` asks for the engine at once (`preload`). Each text file and the engine are also
//! written compressed beside themselves (`compress`), for file servers that serve them.

use crate::{compress, examples};
use std::path::{Path, PathBuf};
use std::process::Command;

const TARGET: &str = "wasm32-unknown-unknown";

pub fn build(dir: &Path) -> Result<(), String> {
    let root = workspace_root();
    engine(&root, &dir.join("engine"))?;
    // The page's files, as `holodice serve` embeds them (its build script lists the same
    // folder); the service worker is written below, with the list of files to keep.
    let mut files: Vec<String> = Vec::new();
    let page = page_files(&root.join("web"))?;
    let modules: Vec<&String> = page.iter().filter(|f| f.starts_with("js/")).collect();
    for name in page.iter().cloned() {
        if name == "sw.js" {
            continue;
        }
        let to = dir.join(&name);
        if let Some(parent) = to.parent() {
            std::fs::create_dir_all(parent)
                .map_err(|e| format!("cannot create {}: {e}", parent.display()))?;
        }
        let from = root.join("web").join(&name);
        match name.as_str() {
            "examples.json" => write(&to, &examples::answered(&read(&from)?)?)?,
            "index.html" => write(&to, &preload(&read(&from)?, &modules)?)?,
            _ => copy(&from, &to)?,
        }
        files.push(name);
    }
    files.extend(["engine/holodice_web.js", "engine/holodice_web_bg.wasm"].map(String::from));
    let version = version(&root)?;
    write(
        &dir.join("site.json"),
        &format!("{{\"version\": \"{version}\"}}\n"),
    )?;
    files.push("site.json".into());
    let cache = format!("holodice-{version}-{:016x}", digest(dir, &files)?);
    let worker = read(&root.join("web/sw.js"))?
        .replace("\"__CACHE__\"", &format!("\"{cache}\""))
        .replace("[\"__FILES__\"]", &files_list(&files));
    write(&dir.join("sw.js"), &worker)?;
    files.push("sw.js".into());
    let (br, gz) = compress::precompress(dir, &files)?;
    println!(
        "site: {} ({} files, cache {cache}; {} KB brotli, {} KB gzip, each file beside itself as \
         .br and .gz)",
        dir.display(),
        files.len(),
        br / 1000,
        gz / 1000
    );
    Ok(())
}

/// The page with what its first answer needs asked for as it starts, beside its stylesheet:
/// the engine (most of the site's bytes, which the page would otherwise ask for only once its
/// scripts have run; `web/js/engine.js` fetches the same URL, which the browser then answers
/// from this), every script module (asked for at once rather than level by level of their
/// imports) and the worked examples with their answers.
fn preload(page: &str, modules: &[&String]) -> Result<String, String> {
    let stylesheet = "<link rel=\"stylesheet\" href=\"app.css\">";
    if !page.contains(stylesheet) {
        return Err(format!(
            "web/index.html has no {stylesheet} to put the engine's preload before"
        ));
    }
    let mut links = vec![
        "<link rel=\"preload\" href=\"engine/holodice_web_bg.wasm\" as=\"fetch\" \
         type=\"application/wasm\" crossorigin>"
            .to_string(),
        "<link rel=\"preload\" href=\"examples.json\" as=\"fetch\" crossorigin>".to_string(),
    ];
    links.extend(
        modules
            .iter()
            .map(|m| format!("<link rel=\"modulepreload\" href=\"{m}\">")),
    );
    links.push(stylesheet.to_string());
    Ok(page.replacen(stylesheet, &links.join("\n"), 1))
}

/// The files under `web`, as paths relative to it with `/` between folders, in a stable order.
fn page_files(web: &Path) -> Result<Vec<String>, String> {
    let mut out = Vec::new();
    let mut folders = vec![PathBuf::new()];
    while let Some(folder) = folders.pop() {
        let entries = std::fs::read_dir(web.join(&folder))
            .map_err(|e| format!("cannot read {}: {e}", web.join(&folder).display()))?;
        for entry in entries {
            let entry = entry.map_err(|e| format!("cannot read {}: {e}", web.display()))?;
            let relative = folder.join(entry.file_name());
            if entry.path().is_dir() {
                folders.push(relative);
            } else {
                out.push(relative.to_string_lossy().replace('\\', "/"));
            }
        }
    }
    out.sort();
    Ok(out)
}

/// The engine compiled to WebAssembly with its JS glue in `out` (`holodice_web_bg.wasm`,
/// `holodice_web.js`, wasm-bindgen's `--target web`: an ES module that loads it), for the site
/// and the npm package alike.
pub(crate) fn engine(root: &Path, out: &Path) -> Result<(), String> {
    ensure_target()?;
    let bindgen = ensure_bindgen(root)?;
    let wasm = build_engine(root)?;
    std::fs::create_dir_all(out).map_err(|e| format!("cannot create {}: {e}", out.display()))?;
    run(Command::new(&bindgen)
        .args(["--target", "web", "--no-typescript", "--out-dir"])
        .arg(out)
        .arg(&wasm))
}

pub(crate) fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("xtask sits in the workspace")
        .to_path_buf()
}

/// Adds the rustup target for the browser when it is missing.
fn ensure_target() -> Result<(), String> {
    let installed = output(Command::new("rustup").args(["target", "list", "--installed"]))?;
    if !installed.lines().any(|l| l.trim() == TARGET) {
        run(Command::new("rustup").args(["target", "add", TARGET]))?;
    }
    Ok(())
}

/// wasm-bindgen-cli at the version the web crate pins, installed (`cargo install --locked`) when
/// missing or another version.
fn ensure_bindgen(root: &Path) -> Result<PathBuf, String> {
    let manifest = read(&root.join("crates/web/Cargo.toml"))?;
    let pinned = manifest
        .lines()
        .find_map(|l| l.strip_prefix("wasm-bindgen = \"="))
        .and_then(|rest| rest.strip_suffix('"'))
        .ok_or("crates/web/Cargo.toml pins no wasm-bindgen version (wasm-bindgen = \"=X.Y.Z\")")?
        .to_string();
    let have = output(Command::new("wasm-bindgen").arg("--version")).unwrap_or_default();
    if have.split_whitespace().nth(1) != Some(pinned.as_str()) {
        let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
        run(Command::new(cargo).args([
            "install",
            "--locked",
            "wasm-bindgen-cli",
            "--version",
            &pinned,
        ]))?;
    }
    Ok(PathBuf::from("wasm-bindgen"))
}

/// The engine's module, built with the size-optimised `web` profile.
fn build_engine(root: &Path) -> Result<PathBuf, String> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    run(Command::new(cargo).current_dir(root).args([
        "build",
        "--package",
        "holodice-web",
        "--target",
        TARGET,
        "--profile",
        "web",
    ]))?;
    let target =
        std::env::var_os("CARGO_TARGET_DIR").map_or_else(|| root.join("target"), PathBuf::from);
    Ok(target.join(TARGET).join("web/holodice_web.wasm"))
}

/// holodice's version, from its manifest.
pub(crate) fn version(root: &Path) -> Result<String, String> {
    read(&root.join("Cargo.toml"))?
        .lines()
        .find_map(|l| l.strip_prefix("version = \""))
        .and_then(|rest| rest.strip_suffix('"'))
        .map(str::to_string)
        .ok_or_else(|| "Cargo.toml gives no version".to_string())
}

/// FNV-1a over the site's files: a new cache name whenever any of them changes.
fn digest(dir: &Path, files: &[String]) -> Result<u64, String> {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for name in files {
        let bytes =
            std::fs::read(dir.join(name)).map_err(|e| format!("cannot read {name}: {e}"))?;
        for b in name.as_bytes().iter().chain(&bytes) {
            hash = (hash ^ u64::from(*b)).wrapping_mul(0x0100_0000_01b3);
        }
    }
    Ok(hash)
}

fn files_list(files: &[String]) -> String {
    let quoted: Vec<String> = std::iter::once("./".to_string())
        .chain(files.iter().cloned())
        .map(|f| format!("\"{f}\""))
        .collect();
    format!("[{}]", quoted.join(", "))
}

pub(crate) fn read(path: &Path) -> Result<String, String> {
    std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))
}

fn write(path: &Path, text: &str) -> Result<(), String> {
    std::fs::write(path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))
}

pub(crate) fn copy(from: &Path, to: &Path) -> Result<(), String> {
    std::fs::copy(from, to)
        .map(|_| ())
        .map_err(|e| format!("cannot copy {} to {}: {e}", from.display(), to.display()))
}

fn run(command: &mut Command) -> Result<(), String> {
    let status = command
        .status()
        .map_err(|e| format!("cannot run {:?}: {e}", command.get_program()))?;
    match status.success() {
        true => Ok(()),
        false => Err(format!("{command:?} failed ({status})")),
    }
}

pub(crate) fn output(command: &mut Command) -> Result<String, String> {
    let out = command
        .output()
        .map_err(|e| format!("cannot run {:?}: {e}", command.get_program()))?;
    match out.status.success() {
        true => Ok(String::from_utf8_lossy(&out.stdout).into_owned()),
        false => Err(format!(
            "{command:?} failed: {}",
            String::from_utf8_lossy(&out.stderr).trim()
        )),
    }
}
