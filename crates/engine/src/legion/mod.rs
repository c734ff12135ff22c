//! Star Wars: Legion: dice, unit SPECs and the attack sequence.

pub mod army;
pub mod army_list;
pub mod attack;
pub mod card_effects;
pub mod cards;
pub mod dice;
pub mod fields;
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

pub use scenario::{Edition, Scenario};

use crate::error::Error;

/// The exact outcome of one attack by the unit the SPEC `attacker` describes on the unit
/// `defender` describes, as `holodice legion attack` computes it by default: `@Name` names a
/// built-in card, the newest rulebook is followed and the greedy policy makes the players'
/// choices. [`Scenario::parse`] reads a guardian too, and [`attack::attack`] takes the scenario
/// with another edition, policy or objective.
///
/// ```
/// use num_rational::BigRational;
/// let a = holodice_engine::legion::attack("4 red", "white defense")?;
/// // A red die hits or crits on 6 faces of 8, and a white defense die blocks on 1 of 6:
/// // each die wounds with chance 3/4 × 5/6, so four wound 5/2 times on average.
/// assert_eq!(a.wounds.mean(), BigRational::new(5.into(), 2.into()));
/// # Ok::<(), holodice_engine::Error>(())
/// ```
pub fn attack(attacker: &str, defender: &str) -> Result<attack::LegionAttack, Error> {
    attack::attack(&Scenario::parse(attacker, defender, None)?)
}
