//! Star Wars: Legion: dice, unit SPECs and the attack sequence.

pub mod army;
pub mod army_list;
pub mod attack;
pub mod card_effects;
pub mod cards;
mod dice;
mod edition;
mod fields;
pub mod fitting;
mod from_card;
pub mod import;
pub mod items;
mod loadout;
pub mod matchups;
pub mod minis;
pub mod on_table;
pub mod optimal;
mod pool;
pub mod requirements;
pub mod resolved;
pub mod scenario;
pub mod sequence;
mod spec;
pub mod units;

pub use edition::Edition;
pub use scenario::Scenario;
