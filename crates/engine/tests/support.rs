//! Helpers the engine's test files share: exact fractions, the Legion policies by name, the
//! made-up SWTCG cards.

use num_rational::BigRational;

/// The fraction n/d.
pub fn q(n: i64, d: i64) -> BigRational {
    BigRational::new(n.into(), d.into())
}

/// A Legion policy with its objective, as the tests name them: [`GREEDY`] or [`optimal`].
pub type Play = (
    holodice_engine::policy::Policy,
    holodice_engine::policy::Objective,
);

/// The greedy policy.
pub const GREEDY: Play = (
    holodice_engine::policy::Policy::Greedy,
    holodice_engine::policy::Objective::Mean,
);

/// The optimal policy for `objective`.
pub fn optimal(objective: holodice_engine::policy::Objective) -> Play {
    (holodice_engine::policy::Policy::Optimal, objective)
}

/// The Legion scenario `s` under `edition` and `play`.
pub fn under(
    s: &holodice_engine::legion::Scenario,
    edition: holodice_engine::legion::Edition,
    (policy, objective): Play,
) -> holodice_engine::legion::Scenario {
    holodice_engine::legion::Scenario {
        edition,
        policy,
        objective,
        ..s.clone()
    }
}

/// An error as the command line words it: its inputs as the long options (`--cards`).
pub fn worded(e: &holodice_engine::Error) -> String {
    e.worded(&|i| format!("--{}", i.key()))
}

/// Notes as the command line words them.
pub fn worded_notes(notes: &[holodice_engine::error::Message]) -> Vec<String> {
    notes
        .iter()
        .map(|n| n.worded(&|i| format!("--{}", i.key())))
        .collect()
}

/// The built-in SWTCG cards and the made-up ones of `tests/fixtures/swtcg/cards.yaml`.
pub fn example_cards() -> holodice_engine::swtcg::cards::Cards {
    const FILE: &str = "tests/fixtures/swtcg/cards.yaml";
    const TEXT: &str = include_str!("../../../tests/fixtures/swtcg/cards.yaml");
    let mut cards = holodice_engine::swtcg::cards::Cards::builtin().clone();
    cards.add(
        holodice_engine::swtcg::cards::Cards::load(FILE, TEXT).expect("the example cards load"),
    );
    cards
}
