//! Star Wars: Legion: exact distributions of what an attack does, from units written as SPECs.
//!
//! A **SPEC** is one unit written as comma-separated items, in any case: its dice, surge chart,
//! tokens, keywords, cover and conditions (`"4 red, surge crit, aim 1, Pierce 1"` attacks,
//! `"white defense, wounds 1, minis 4, cover light"` defends), or a unit card named with `@`
//! and its upgrades with `+@` (`"@Stormtroopers, +@DLT-19 Stormtrooper, range 2"`), whose
//! statistics, weapons and keywords go through the same items. docs/legion.md lists every item.
//!
//! # Where to start
//!
//! - [`Scenario::parse`] reads an attacker's, a defender's and maybe a guardian's SPEC into a
//!   [`Scenario`], naming the built-in [`cards`] (or [`Scenario::parse_with`] with your own
//!   [`Cards`](cards::Cards)); its fields choose the [`Edition`], the policy and its objective.
//! - [`attack::attack`] makes the attack: a [`LegionAttack`](attack::LegionAttack) of exact
//!   distributions (hits and crits, wounds, minis lost and the chance to wipe the unit).
//! - [`sequence::sequence`] makes several attacks on one unit in order, carrying its wounds and
//!   tokens from one to the next.
//! - [`matchups::matchups`] makes one attacker's attack on every unit card;
//!   [`army_list::ArmyList`] reads a Legion HQ link or a JSON list into SPECs, and [`army`]
//!   pits an army's units against defenders at each range band.
//!
//! ```
//! use holodice_engine::legion::{attack::attack, Scenario};
//! let s = Scenario::parse("2 red, surge hit", "white defense", None).unwrap();
//! let a = attack(&s).unwrap();
//! assert_eq!(a.attack_results.mean().to_string(), "7/4");
//! ```
//!
//! # The attack, in the rulebook's order
//!
//! [`attack`](mod@attack) follows the attack sequence step by step, each step in a file of its own:
//!
//! 0. Declare the attack: the surge charts, keywords and cover each unit brings to it.
//! 1. Form the attack pool: a card unit's weapons and the keywords that change their dice.
//! 2. Roll attack dice and reroll them with aim and observation tokens, or start from dice
//!    already on the table ([`on_table`]).
//! 3. Convert attack surges.
//! 4. Apply dodge and cover.
//! 5. Modify attack dice (Ion, Impact, Armor, Shielded, a guardian's share).
//! 6. Roll defense dice, and reroll them.
//! 7. Convert defense surges and modify defense dice (Impervious, Pierce).
//! 8. Compare results: the wounds, and the minis they defeat ([`minis`]).
//!
//! Every choice a player may make is the policy's: the greedy policy does what players do, the
//! optimal one ([`optimal`]) what is best for the objective.

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
