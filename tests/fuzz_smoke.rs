//! The fuzz targets' entry points on stable Rust: random bytes and random mixes of the inputs'
//! own words, of bounded size, must never panic. The cargo-fuzz targets (fuzz/, nightly) run
//! the same functions without bounds; docs/fuzzing.md says how.

use holodice::fuzzing;
use proptest::prelude::*;

/// Words the parsers read, numbers kept small so each case stays quick.
fn words() -> impl Strategy<Value = String> {
    let vocabulary = prop::sample::select(vec![
        "Power",
        "Health",
        "Damage",
        "Accuracy",
        "Armor",
        "Critical Hit",
        "Fury",
        "Parry",
        "Riposte",
        "Lucky",
        "Overkill",
        "Retaliate",
        "Backfire",
        "Overload",
        "Avenge",
        "Evade",
        "Stealth",
        "Tapped",
        "space:",
        "enhance:",
        "@Red Squadron X-wing",
        "red",
        "black",
        "white",
        "red defense",
        "white defense",
        "surge crit",
        "surge block",
        "aim",
        "dodge",
        "cover",
        "Pierce",
        "Impact",
        "Guardian",
        "Deflect",
        "Precise",
        "Impervious",
        "Immune: Pierce",
        ",",
        ", ",
        "|",
        ":",
        "-",
        "..",
        "auto-hit=yes",
        "overkill=all",
        "\n",
        "- name: ",
        "  spec: ",
        "game: swtcg\n",
        "game: legion\n",
        "rows: ",
        "cols: ",
        "stat: ",
        "mean",
        "destroyed",
        "atleast:2",
        "[",
        "]",
        "{",
        "}",
        "\"",
        "'",
        "\u{feff}",
        "outcome,count\n",
        "\t",
        "Character",
        "Ground/Character",
        "Subordinate",
        "Equipment",
        "Pay 2 Force ->",
        "Switch:",
        "[Pilot] Starfighter Pilot. The Starfighter gets: *",
        "INSERT:",
        "Equipped unit gets",
        "and",
        "(",
        ")",
        "*",
        "\"cardName\":",
        "\"cardType\": \"unit\",",
        "cardType: upgrade",
        "\"stats\": {\"minicount\": 2, \"hp\": 1, \"defense\": \"w\", \"courage\": 1}",
        "\"weapons\": [{\"name\": \"W\", \"range\": [1, null], \"dice\": {\"r\": 1}}]",
        "keywords:",
        "@",
        "+@",
        "weapon",
        "range",
        "minis",
        "wounds",
        "wounded",
        "Spray",
        "moved",
    ]);
    let number = (0u32..30).prop_map(|n| n.to_string());
    let token = prop_oneof![3 => vocabulary.prop_map(String::from), 1 => number];
    prop::collection::vec(token, 0..24).prop_map(|ts| ts.join(" "))
}

fn input() -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        prop::collection::vec(any::<u8>(), 0..256),
        words().prop_map(String::into_bytes),
        // A LackeyCCG set file: its header, then rows of the same words.
        words().prop_map(|w| format!("Name\tSet\tType\tPower\tHealth\tText\n{w}").into_bytes()),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn swtcg_specs_never_panic(data in input()) {
        fuzzing::swtcg_spec(&data);
    }

    #[test]
    fn legion_specs_never_panic(data in input()) {
        fuzzing::legion_spec(&data);
    }

    #[test]
    fn card_files_never_panic(data in input()) {
        fuzzing::card_file(&data);
    }

    #[test]
    fn legion_card_files_never_panic(data in input()) {
        fuzzing::legion_card_file(&data);
    }

    #[test]
    fn table_specs_never_panic(data in input()) {
        fuzzing::table_spec(&data);
    }

    #[test]
    fn samples_never_panic(data in input()) {
        fuzzing::samples(&data);
    }

    #[test]
    fn api_requests_never_panic(data in input()) {
        fuzzing::api_request(&data);
    }
}

/// Inputs that once needed a fix, kept as cases: each entry point returns on them.
#[test]
fn regressions_return() {
    let deep = format!("- name: {}x{}", "[".repeat(50_000), "]".repeat(50_000));
    fuzzing::card_file(deep.as_bytes());
    fuzzing::legion_card_file(deep.as_bytes());
    fuzzing::legion_card_file(br#"{"a": {"cardName": "X", "cardType": "unit", "stats": {"minicount": 5, "hp": 1, "defense": "r", "courage": -1}, "weapons": [{"name": "W", "range": "- 1", "dice": {"r": null}}]}}"#);
    fuzzing::table_spec(deep.as_bytes());
    fuzzing::swtcg_spec("Power 3, Accuracy -9223372036854775808|".as_bytes());
    fuzzing::legion_spec(b"4 white, aim 6, Precise 100|white defense");
    fuzzing::legion_spec(b"2 red, aim 1|white defense||1 red hit, 1 red blank");
    fuzzing::legion_spec(b"2 red, aim 1|white defense||4294967295 hits, 4294967295 hits");
    fuzzing::samples(&[0u8; 10_000]);
    fuzzing::samples("\u{feff}outcome,count\n0,1\n".as_bytes());
    fuzzing::api_request(b"\x00{\"attacker\": [[[]]]}");
}

/// The fuzz targets' seed corpora (fuzz/corpus/TARGET/) go through the same entry points.
#[test]
fn the_seed_corpora_return() {
    type Target = (&'static str, fn(&[u8]));
    let targets: [Target; 7] = [
        ("swtcg_spec", fuzzing::swtcg_spec),
        ("legion_spec", fuzzing::legion_spec),
        ("card_file", fuzzing::card_file),
        ("legion_card_file", fuzzing::legion_card_file),
        ("table_spec", fuzzing::table_spec),
        ("samples", fuzzing::samples),
        ("api_request", fuzzing::api_request),
    ];
    for (target, run) in targets {
        let dir = format!("fuzz/corpus/{target}");
        let seeds: Vec<_> = std::fs::read_dir(&dir)
            .unwrap_or_else(|e| panic!("{dir}: {e}"))
            .map(|e| e.unwrap().path())
            .collect();
        assert!(!seeds.is_empty(), "{dir} holds seeds");
        for seed in seeds {
            run(&std::fs::read(&seed).unwrap());
        }
        let source = std::fs::read_to_string(format!("fuzz/fuzz_targets/{target}.rs")).unwrap();
        assert!(source.contains(&format!("holodice::fuzzing::{target}(data)")));
    }
}
