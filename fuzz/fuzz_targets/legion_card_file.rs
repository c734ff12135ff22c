//! cargo fuzz run legion_card_file: see docs/fuzzing.md.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| holodice::fuzzing::legion_card_file(data));
