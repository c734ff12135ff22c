//! The project's tasks beyond cargo's own: `cargo xtask site DIR` builds the static site and
//! `cargo xtask serve DIR` serves it compressed; `cargo xtask npm DIR` packs the npm package and
//! `cargo xtask wheel DIR` builds the Python wheel; `cargo xtask corpus` writes the scenario corpus;
//! `cargo xtask import-legion-hq FILE` makes the built-in Legion cards from Legion HQ's data;
//! `cargo xtask import-swtcg-lackey FILE|DIR…` the built-in SWTCG cards from LackeyCCG set files.

mod compress;
mod corpus;
mod examples;
mod npm;
mod serve;
mod site;
mod wheel;

use std::path::PathBuf;
use std::process::ExitCode;

const HELP: &str = "cargo xtask: holodice's build tasks

Usage:
  cargo xtask site DIR    build the page as a static site into DIR: the page, the engine compiled
                          to WebAssembly (run in a Web Worker), its manifest and service worker.
                          Adds the rustup target wasm32-unknown-unknown and installs the pinned
                          wasm-bindgen-cli when they are missing. Each text file and the
                          engine are also written compressed beside themselves (.br, .gz).
  cargo xtask serve DIR [ADDR]
                          serve a built site on this machine (default 127.0.0.1:8000), each
                          file brotli- or gzip-compressed as the browser accepts
  cargo xtask npm DIR     build the npm package holodice into DIR: the engine compiled to
                          WebAssembly with its JS glue, crates/web/npm's files and the LICENSE,
                          packed by npm pack as DIR/holodice-VERSION.tgz
  cargo xtask import-legion-hq FILE
                          make data/legion/cards.yaml, the built-in Legion cards, and
                          data/legion/list-cards.yaml, the command and battle cards, from Legion
                          HQ's cards.json (FILE): the facts of its unit, upgrade and counterpart
                          cards (data/legion/SOURCE.md says what is kept)
  cargo xtask import-swtcg-lackey FILE|DIR...
                          make data/swtcg/cards.yaml, the built-in SWTCG cards, from LackeyCCG
                          set files (ANH.txt, ESB.txt, ..., or every set file of a folder, by
                          name): the facts of their units and the SPEC items read from their
                          text, no text (data/swtcg/SOURCE.md); their sets must be in
                          data/swtcg/sets.yaml
  cargo xtask corpus [DIR]
                          write the exact scenario corpus (default corpus/v1/): per game and
                          Legion edition, JSON Lines of requests, the engine's answers and
                          sampling tolerances (docs/simulators.md)
  cargo xtask wheel DIR   build the Python package (crates/python) into a wheel in DIR with
                          maturin (pip install maturin)
  cargo xtask help        this text
";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.iter().map(String::as_str).collect::<Vec<_>>()[..] {
        ["site", dir] => site::build(&PathBuf::from(dir)),
        ["npm", dir] => npm::build(&PathBuf::from(dir)),
        ["serve", dir] => serve::run(&PathBuf::from(dir), serve::ADDR),
        ["serve", dir, addr] => serve::run(&PathBuf::from(dir), addr),
        ["corpus"] => corpus::write(None),
        ["corpus", dir] => corpus::write(Some(dir)),
        ["import-legion-hq", file] => import_legion_hq(file),
        ["wheel", dir] => wheel::build(&PathBuf::from(dir)),
        ["import-swtcg-lackey", ref files @ ..] if !files.is_empty() => import_swtcg_lackey(files),
        ["help"] | ["--help"] | ["-h"] | [] => {
            print!("{HELP}");
            return ExitCode::SUCCESS;
        }
        _ => Err(format!(
            "unknown task {:?}: the tasks are site DIR, serve DIR [ADDR], npm DIR, wheel DIR, \
             corpus [DIR], import-legion-hq FILE and import-swtcg-lackey FILE... (cargo xtask \
             help says what each does)",
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

/// Writes data/legion/cards.yaml (units, upgrades, counterparts) and data/legion/list-cards.yaml
/// (command and battle cards, the list formats' names and codes) from Legion HQ's cards.json.
fn import_legion_hq(file: &str) -> Result<(), String> {
    use holodice_engine::legion::import::{legion_hq_facts, list_card_facts};
    let text = std::fs::read_to_string(file).map_err(|e| format!("{file}: {e}"))?;
    let made = [
        ("cards.yaml", legion_hq_facts(file, &text)),
        ("list-cards.yaml", list_card_facts(file, &text)),
    ];
    for (name, yaml) in made {
        let yaml = yaml.map_err(|e| e.to_string())?;
        let out = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("../data/legion")
            .join(name);
        std::fs::write(&out, yaml).map_err(|e| format!("{}: {e}", out.display()))?;
        println!("import-legion-hq: {}", out.display());
    }
    Ok(())
}

/// Writes data/swtcg/cards.yaml from LackeyCCG set files: those given, or every set file in a
/// folder given, by file name.
fn import_swtcg_lackey(given: &[&str]) -> Result<(), String> {
    let read = |file: &str| std::fs::read_to_string(file).map_err(|e| format!("{file}: {e}"));
    let mut texts = Vec::new();
    for path in given {
        match std::fs::read_dir(path) {
            Ok(entries) => {
                let mut files: Vec<String> = entries
                    .filter_map(|e| Some(e.ok()?.path().display().to_string()))
                    .filter(|f| f.ends_with(".txt"))
                    .collect();
                files.sort();
                for file in files {
                    let text = read(&file)?;
                    if holodice_engine::swtcg::set_file::is_set_file(&text) {
                        texts.push((file, text));
                    }
                }
            }
            Err(_) => texts.push((path.to_string(), read(path)?)),
        }
    }
    let named: Vec<(&str, &str)> = texts
        .iter()
        .map(|(f, t)| (f.as_str(), t.as_str()))
        .collect();
    let sets = holodice_engine::swtcg::sets::Sets::builtin();
    let yaml =
        holodice_engine::swtcg::import::lackey_facts(&named, sets).map_err(|e| e.to_string())?;
    let out = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../data/swtcg/cards.yaml");
    std::fs::write(&out, yaml).map_err(|e| format!("{}: {e}", out.display()))?;
    println!(
        "import-swtcg-lackey: {} ({} set files)",
        out.display(),
        texts.len()
    );
    Ok(())
}
