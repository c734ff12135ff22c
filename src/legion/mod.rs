//! Star Wars: Legion: dice, unit SPECs and the attack sequence.

pub mod attack;
pub mod dice;
pub mod spec;
