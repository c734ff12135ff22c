//! The project's tasks beyond cargo's own: `cargo xtask site DIR` builds the static site;
//! `cargo xtask import-legion-hq FILE` makes the built-in Legion cards from Legion HQ's data;
//! `cargo xtask import-swtcg-lackey FILE…` the built-in SWTCG cards from LackeyCCG set files.

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
  cargo xtask import-swtcg-lackey FILE...
                          make data/swtcg/cards.yaml, the built-in SWTCG cards, from LackeyCCG
                          set files (ANH.txt, ESB.txt, ...): the facts of their units and the
                          SPEC items read from their text, no text (data/swtcg/SOURCE.md)
  cargo xtask help        this text
";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.iter().map(String::as_str).collect::<Vec<_>>()[..] {
        ["site", dir] => site::build(&PathBuf::from(dir)),
        ["import-legion-hq", file] => import_legion_hq(file),
        ["import-swtcg-lackey", ref files @ ..] if !files.is_empty() => import_swtcg_lackey(files),
        ["help"] | ["--help"] | ["-h"] | [] => {
            print!("{HELP}");
            return ExitCode::SUCCESS;
        }
        _ => Err(format!(
            "unknown task {:?}: cargo xtask site DIR, cargo xtask import-legion-hq FILE or cargo \
             xtask import-swtcg-lackey FILE... (cargo xtask help lists the tasks)",
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

/// Writes data/swtcg/cards.yaml from LackeyCCG set files.
fn import_swtcg_lackey(files: &[&str]) -> Result<(), String> {
    let mut texts = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(file).map_err(|e| format!("{file}: {e}"))?;
        texts.push((*file, text));
    }
    let named: Vec<(&str, &str)> = texts.iter().map(|(f, t)| (*f, t.as_str())).collect();
    let yaml = holodice_engine::swtcg::import::lackey_facts(&named).map_err(|e| e.to_string())?;
    let out = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../data/swtcg/cards.yaml");
    std::fs::write(&out, yaml).map_err(|e| format!("{}: {e}", out.display()))?;
    println!(
        "import-swtcg-lackey: {} ({} set files)",
        out.display(),
        files.len()
    );
    Ok(())
}
