//! cargo fuzz run table_spec: see docs/fuzzing.md.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| holodice::fuzzing::table_spec(data));
