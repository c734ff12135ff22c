//! The API's table of options (`data/api/options.json`) is the command line's: built again from
//! clap's definitions, it must equal the committed file. When the command line's options change,
//! record it again with `HOLODICE_CORPUS=record cargo test --test tests options` and review the
//! diff.

use crate::common::assert_generated;

#[test]
fn the_api_options_are_the_command_lines() {
    let built = holodice::api::options::from_command_line();
    assert_generated(
        "data/api/options.json",
        &built,
        "the command line's options",
        "options",
    );
}
