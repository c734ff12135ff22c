//! The project's tasks beyond cargo's own: `cargo xtask site DIR` builds the static site;
//! `cargo xtask import-legion-hq FILE` makes the built-in Legion cards from Legion HQ's data.

mod site;

use std::path::PathBuf;
use std::process::ExitCode;

const HELP: &str = "cargo xtask: holodice's build tasks

Usage:
  cargo xtask site DIR    build the page as a static site into DIR: the page, the engine compiled
                          to WebAssembly (run in a Web Worker), its manifest and service worker.
                          Adds the rustup target wasm32-unknown-unknown and installs the pinned
                          wasm-bindgen-cli when they are missing.
  cargo xtask import-legion-hq FILE
                          make data/legion/cards.yaml, the built-in Legion cards, from Legion
                          HQ's cards.json (FILE): the facts of its unit, upgrade and counterpart
                          cards (data/legion/SOURCE.md says what is kept)
  cargo xtask help        this text
";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.iter().map(String::as_str).collect::<Vec<_>>()[..] {
        ["site", dir] => site::build(&PathBuf::from(dir)),
        ["import-legion-hq", file] => import_legion_hq(file),
        ["help"] | ["--help"] | ["-h"] | [] => {
            print!("{HELP}");
            return ExitCode::SUCCESS;
        }
        _ => Err(format!(
            "unknown task {:?}: cargo xtask site DIR or cargo xtask import-legion-hq FILE (cargo \
             xtask help lists the tasks)",
            args.join(" ")
        )),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("xtask: error: {e}");
            ExitCode::from(2)
        }
    }
}

/// Writes data/legion/cards.yaml from Legion HQ's cards.json.
fn import_legion_hq(file: &str) -> Result<(), String> {
    let text = std::fs::read_to_string(file).map_err(|e| format!("{file}: {e}"))?;
    let yaml =
        holodice_engine::legion::import::legion_hq_facts(file, &text).map_err(|e| e.to_string())?;
    let out = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../data/legion/cards.yaml");
    std::fs::write(&out, yaml).map_err(|e| format!("{}: {e}", out.display()))?;
    println!("import-legion-hq: {}", out.display());
    Ok(())
}
