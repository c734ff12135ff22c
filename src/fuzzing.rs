//! Entry points for fuzzing: each takes arbitrary bytes and must return, within the stated
//! limits, without panicking. The cargo-fuzz targets in `fuzz/` (nightly Rust) and the stable
//! smoke test `tests/fuzz_smoke.rs` call the same functions; docs/fuzzing.md says how to run
//! them.

use holodice_engine::dist::Dist;
use holodice_engine::legion::on_table::{OnTable, Resumes};
use holodice_engine::swtcg::{attack::Scenario, cards::Cards, rules::Rules, unit::Unit};
use holodice_engine::{gof, legion, table};

/// The text of the input, invalid UTF-8 replaced (the parsers read text).
fn text(data: &[u8]) -> String {
    String::from_utf8_lossy(data).into_owned()
}

/// `attacker|defender|rule,rule`: the SWTCG SPEC parser, the rule options, then the attack; and
/// when the exact engine computes it, a few simulated trials, which it must not refuse.
pub fn swtcg_spec(data: &[u8]) {
    let text = text(data);
    let mut parts = text.splitn(3, '|');
    let (attacker, defender) = (parts.next().unwrap_or(""), parts.next().unwrap_or(""));
    let mut rules = Rules::default();
    for r in parts
        .next()
        .unwrap_or("")
        .split(',')
        .filter(|r| !r.is_empty())
    {
        let _ = rules.set(r);
    }
    let (Ok(a), Ok(d)) = (
        Unit::parse("attacker", attacker),
        Unit::parse("defender", defender),
    ) else {
        return;
    };
    let s = Scenario::new(a, d, rules);
    if holodice_engine::swtcg::attack::run(&s).is_ok() {
        let sim = holodice_engine::sim::swtcg::Simulation::attack(&s);
        sim.expect("the simulator plays what the exact engine computes")
            .run_with(32, 1, 1);
    }
}

/// `attacker|defender|guardian|results`: the Legion SPEC parser, then the attack with both
/// policies, and from the results on the table (as rolled and as converted).
pub fn legion_spec(data: &[u8]) {
    let text = text(data);
    let mut parts = text.splitn(4, '|');
    let (attacker, defender) = (parts.next().unwrap_or(""), parts.next().unwrap_or(""));
    let guardian = parts.next().filter(|g| !g.trim().is_empty());
    let on_table = parts.next();
    let Ok(s) = legion::Scenario::parse(attacker, defender, guardian) else {
        return;
    };
    let _ = legion::attack::attack(&s);
    for resumes in [Resumes::Reroll, Resumes::Cover] {
        if let Some(Ok(t)) = on_table.map(|r| OnTable::parse(r, resumes, &s.attacker)) {
            let from = legion::Scenario {
                on_table: Some(t),
                ..s.clone()
            };
            let _ = legion::attack::attack(&from);
        }
    }
    let optimal = legion::Scenario {
        edition: legion::Edition::Rrg2021,
        policy: holodice_engine::policy::Policy::Optimal,
        ..s
    };
    let _ = legion::attack::attack(&optimal);
}

/// A card file in every format holodice reads, then each card brought into a SPEC.
pub fn card_file(data: &[u8]) {
    let Ok(cards) = Cards::load("fuzz.yaml", &text(data)) else {
        return;
    };
    for card in cards.all() {
        let _ = Unit::parse_with("attacker", &format!("@{}", card.name), &cards);
    }
}

/// A Legion card file (Legion HQ's JSON or its YAML form), then its first units brought into
/// an attack as attacker and as defender.
pub fn legion_card_file(data: &[u8]) {
    use legion::attack::attack;
    use legion::cards::{Cards as LegionCards, Kind};
    use legion::Scenario;
    let Ok(cards) = LegionCards::load("fuzz.json", &text(data)) else {
        return;
    };
    let units = cards.all().iter().filter(|c| c.kind == Kind::Unit).take(8);
    for card in units {
        let name = format!("@{}", cards.spec_name(card));
        for (a, d) in [(name.as_str(), "white defense"), ("1 red", name.as_str())] {
            if let Ok(s) = Scenario::parse_with(a, d, None, &cards) {
                let _ = attack(&s);
            }
        }
    }
}

/// A table spec file, then the table it asks for.
pub fn table_spec(data: &[u8]) {
    if let Ok(spec) = holodice_engine::data::parse::<table::TableSpec>("fuzz.yaml", &text(data)) {
        let _ = table::compute(&spec);
    }
}

/// A samples file, then both tests of fit against a small distribution.
pub fn samples(data: &[u8]) {
    if let Ok(observed) = crate::command::read_samples("fuzz.csv", &mut &data[..]) {
        let exact = Dist::uniform(&[0, 1, 1, 2]);
        for fit in [
            gof::chi_square(&observed, &exact),
            gof::g_test(&observed, &exact),
        ] {
            let answer = crate::report::fit::FitAnswer::new(&fit, 1e-6);
            let _ = (answer.text(), serde_json::to_string(&answer));
        }
    }
}

/// A request to the JSON API: the first byte picks the endpoint and whether the rest is a body
/// or a query string.
pub fn api_request(data: &[u8]) {
    let Some((&pick, body)) = data.split_first() else {
        return;
    };
    let paths: Vec<&str> = crate::api::params::endpoint_paths().collect();
    let path = paths[usize::from(pick) % paths.len()];
    let _ = crate::api::params::parse_request(path, body, pick >= 128);
}
