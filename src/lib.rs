//! holodice: exact probabilities for the dice of the Star Wars Trading Card Game and Star Wars:
//! Legion.
//!
//! The engine is pure: no I/O, no printing. [`dist`] and [`joint`] hold exact distributions with
//! integer weights over a common denominator; [`dice`] builds pools that remember the natural
//! faces keywords trigger on; [`swtcg`] compiles keywords and runs the attack in the rulebook's
//! order; [`states`] runs multi-step procedures over merged count states, which [`legion`] uses
//! for the Legion attack sequence; [`report`] and [`render`] turn results into text, JSON, YAML, CSV or Markdown;
//! [`gof`] tests observed counts (a simulator's, a table's) against an exact distribution.
//! [`command`] holds every command as one request type with the one function that runs it;
//! the command line and [`server`], the web page and JSON API, are front ends on it.

pub mod command;
pub mod compare;
pub mod data;
pub mod dice;
pub mod dist;
pub mod error;
pub mod fuzzing;
pub mod game;
pub mod gof;
pub mod joint;
pub mod legion;
pub mod listing;
pub mod plot;
pub mod policy;
pub mod render;
pub mod report;
pub mod server;
pub mod sim;
pub mod states;
pub mod swtcg;
pub mod table;
pub mod weights;

pub use error::Error;

// The engine's paths as they will be once it is its own crate.
extern crate self as holodice_engine;
