//! Star Wars: Legion: dice, unit SPECs and the attack sequence.

pub mod army;
pub mod army_list;
pub mod attack;
pub mod card_effects;
pub mod cards;
pub mod dice;
mod edition;
pub mod fields;
pub mod fitting;
pub mod from_card;
pub mod import;
pub mod items;
pub mod loadout;
pub mod matchups;
pub mod minis;
pub mod on_table;
pub mod optimal;
pub mod pool;
pub mod requirements;
pub mod resolved;
pub mod scenario;
pub mod sequence;
pub mod spec;
pub mod units;

pub use edition::Edition;
pub use scenario::Scenario;
