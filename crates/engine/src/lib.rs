//! holodice-engine: exact probabilities for the dice of the Star Wars Trading Card Game and Star
//! Wars: Legion, with no I/O, no terminal and no network, so that it builds for the browser too.
//!
//! [`dist`] and [`joint`] hold exact distributions with integer weights over a common
//! denominator; [`dice`] builds pools that remember the natural faces keywords trigger on;
//! [`states`] runs multi-step procedures over merged count states. [`swtcg`] and [`legion`] read
//! each game's SPECs and card files and run its attack in the rulebook's order; [`game`] is the
//! one interface over both that [`compare`], [`table`] and the simulators ([`sim`]) are written
//! against, with the choices the players make ([`policy`]). [`gof`] tests observed counts (a
//! simulator's, dice rolled at a table) against an exact distribution.
//!
//! ```
//! use holodice_engine::game::{Game, Swtcg};
//! use holodice_engine::swtcg::{attack::Scenario, rules::Rules, unit::Unit};
//! let attacker = Unit::parse("attacker", "Power 5, Accuracy 1, Critical Hit 2").unwrap();
//! let defender = Unit::parse("defender", "Health 4, Armor").unwrap();
//! let attack = Swtcg::attack(&Scenario::new(attacker, defender, Rules::default())).unwrap();
//! // The README's example: a 58.10% chance to destroy the defender.
//! let destroyed = Swtcg::destroyed(&attack).unwrap();
//! assert_eq!(format!("{:.4}", holodice_engine::dist::to_f64(destroyed)), "0.5810");
//! ```

#![forbid(unsafe_code)]

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
pub mod weights;

pub use error::Error;
