//! The API's table of options (`data/api/options.json`) is the command line's: built again from
//! clap's definitions, it must equal the committed file. When the command line's options change,
//! record it again with `HOLODICE_CORPUS=record cargo test --test tests options` and review the
//! diff.

use std::path::Path;

#[test]
fn the_api_options_are_the_command_lines() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("data/api/options.json");
    let built = holodice::api::options::from_command_line();
    if std::env::var("HOLODICE_CORPUS").is_ok_and(|v| v == "record") {
        std::fs::write(&path, &built).expect("data/api/options.json written");
        return;
    }
    let committed = std::fs::read_to_string(&path).expect("data/api/options.json");
    let first = (built.lines().zip(committed.lines()))
        .position(|(b, c)| b != c)
        .map_or_else(|| "its length".to_string(), |n| format!("line {}", n + 1));
    assert!(
        built == committed,
        "data/api/options.json differs from the command line's options at {first}: record it \
         again with HOLODICE_CORPUS=record cargo test --test tests options"
    );
}
