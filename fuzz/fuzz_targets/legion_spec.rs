//! cargo fuzz run legion_spec: see docs/fuzzing.md.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| holodice::fuzzing::legion_spec(data));
