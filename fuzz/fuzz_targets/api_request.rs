//! cargo fuzz run api_request: see docs/fuzzing.md.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| holodice::fuzzing::api_request(data));
