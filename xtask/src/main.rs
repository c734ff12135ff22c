//! The project's tasks beyond cargo's own: `cargo xtask site DIR` builds the static site.

mod site;

use std::path::PathBuf;
use std::process::ExitCode;

const HELP: &str = "cargo xtask: holodice's build tasks

Usage:
  cargo xtask site DIR    build the page as a static site into DIR: the page, the engine compiled
                          to WebAssembly (run in a Web Worker), its manifest and service worker.
                          Adds the rustup target wasm32-unknown-unknown and installs the pinned
                          wasm-bindgen-cli when they are missing.
  cargo xtask help        this text
";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.iter().map(String::as_str).collect::<Vec<_>>()[..] {
        ["site", dir] => site::build(&PathBuf::from(dir)),
        ["help"] | ["--help"] | ["-h"] | [] => {
            print!("{HELP}");
            return ExitCode::SUCCESS;
        }
        _ => Err(format!(
            "unknown task {:?}: cargo xtask site DIR (cargo xtask help lists the tasks)",
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
