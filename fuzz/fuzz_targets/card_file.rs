//! cargo fuzz run card_file: see docs/fuzzing.md.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| holodice::fuzzing::card_file(data));
