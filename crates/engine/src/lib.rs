#![doc = include_str!("../README.md")]
//!
//! ## The modules
//!
//! [`dist`] and [`joint`] hold exact distributions with integer weights over a common
//! denominator; [`dice`] builds pools that remember the natural faces keywords trigger on;
//! [`states`] runs multi-step procedures over merged count states. [`swtcg`] and [`legion`] read
//! each game's SPECs and card files and run its attack in the rulebook's order; [`game`] is the
//! one interface over both that [`compare`], [`table`] and the simulators ([`sim`]) are written
//! against, with the choices the players make ([`policy`]). [`gof`] tests observed counts (a
//! simulator's, dice rolled at a table) against an exact distribution. [`data`] loads the shipped
//! YAML, [`names`] reads card names inside SPECs, and [`weights`] holds fixed-width exact weights
//! for rolling many dice.
//!
//! [`dist::Dist`]: dist::Dist
//! [`swtcg::attack`]: fn@swtcg::attack
//! [`legion::attack`]: fn@legion::attack
//! [`swtcg::attack::Scenario`]: swtcg::attack::Scenario
//! [`legion::Scenario`]: legion::Scenario
//! [`swtcg::cards::Cards`]: swtcg::cards::Cards
//! [`legion::cards::Cards`]: legion::cards::Cards
//! [`table::TableSpec`]: table::TableSpec
//! [`table::estimate`]: table::estimate
//! [`table::compute`]: table::compute
//! [`gof::parse_samples`]: gof::parse_samples
//! [`Error`]: Error
//! [`error::Input`]: error::Input
//! [`legion::attack::attack_many`]: legion::attack::attack_many

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod compare;
pub mod data;
pub mod dice;
pub mod dist;
pub mod error;
pub mod game;
pub mod gof;
pub mod joint;
pub mod legion;
pub mod names;
mod parallel;
pub mod policy;
pub mod sim;
pub mod states;
pub mod swtcg;
pub mod table;
pub mod vocabulary;
pub mod weights;

pub use error::Error;
