//! The Star Wars Trading Card Game: keywords, unit SPECs, rule options and the attack.

pub(crate) mod abilities;
pub mod attack;
pub mod card;
pub mod cards;
pub mod coverage;
pub mod import;
pub mod keywords;
pub mod lucky;
pub(crate) mod patterns;
pub mod rules;
pub mod set_file;
pub mod sets;
pub mod spec;
pub mod state;
pub mod unit;

pub use attack::sequence;

/// The snake_case key of a keyword name in JSON ("Critical Hit" → `critical_hit`).
pub fn key_of(name: &str) -> String {
    keywords::normalize(name).replace(' ', "_")
}
