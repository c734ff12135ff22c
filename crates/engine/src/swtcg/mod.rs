//! The Star Wars Trading Card Game: keywords, unit SPECs, rule options and the attack.
//!
//! A *SPEC* is a unit written as text: comma-separated items, each a statistic or a keyword with
//! its value (`"Power 5, Health 4, Accuracy 1, Critical Hit 2"`), in any case. An item may name a
//! card instead (`@Red Squadron X-Wing`), be conditioned on the unit's arena, Enhance cost or a
//! paid ability (`space: Accuracy 1`, `enhance: Power 5`, `pay: Evade 2`), read the game state
//! (`if damage <= 4: Shields 2`, `Fury X, X = damage counters`) or offer a choice (`choose: Evade
//! 2 / Shields 1`). [`spec`] reads SPECs, [`keywords`] holds the keywords they may name
//! (`data/swtcg/keywords.yaml`) and [`cards`] the cards `@Name` names.
//!
//! Where to start:
//! - [`Unit::parse`](unit::Unit::parse) reads a SPEC into a [`Unit`], with `@Name`
//!   naming a built-in card; [`Unit::parse_with`](unit::Unit::parse_with) takes other
//!   [`Cards`](cards::Cards) (a card file, a LackeyCCG set file).
//! - [`Scenario`](attack::Scenario) is everything one attack depends on besides the dice: the
//!   attacker and defender, the units it may reach (secondary, interceptor), the arena mode,
//!   the [`Rules`](rules::Rules) in force and the policy that makes the players' choices.
//! - [`attack::run`] makes the attack exactly, in the rulebook's order of steps, and answers an
//!   [`Attack`](attack::Attack): the distributions of hits and damage, the chance to discard
//!   each unit, and every trigger's chance. [`attack::attack`] is the short form for two units
//!   under given rules; [`attack::dice`] rolls dice of damage on their own (Ambush).
//! - [`sequence::sequence`] runs several attacks on one defender, each from what the earlier
//!   ones left.
//!
//! ```
//! use holodice_engine::swtcg::{attack::{run, Scenario}, rules::Rules, unit::Unit};
//! let attacker = Unit::parse("attacker", "Power 4, Critical Hit 1").unwrap();
//! let defender = Unit::parse("defender", "Health 3, Armor").unwrap();
//! let mut rules = Rules::default();
//! rules.set("critical-hit-needs-hit=yes").unwrap();
//! let attack = run(&Scenario::new(attacker, defender, rules)).unwrap();
//! // Four dice hitting on 5+ against Armor; a six (which hits) adds 1 damage.
//! assert_eq!(attack.hits.mean().to_string(), "4/3");
//! assert_eq!(attack.destroyed.unwrap().to_string(), "1/3");
//! ```
//!
//! [`crate::game::Swtcg`] offers the same attack through the interface both games share.

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

use crate::error::Error;
use unit::{Paid, Unit};

/// The exact outcome of one attack by the unit the SPEC `attacker` describes on the unit
/// `defender` describes, as `holodice swtcg attack` computes it by default: `@Name` names a
/// built-in card, no optional cost is paid, every rule option is at its default and Lucky
/// re-rolls are greedy. [`attack::run`] takes a whole [`attack::Scenario`] (another unit in the
/// arena, an interceptor, rule options, the optimal policy).
///
/// ```
/// use num_rational::BigRational;
/// let a = holodice_engine::swtcg::attack("Power 5, Accuracy 1, Critical Hit 2", "Health 4, Armor")?;
/// // Accuracy 1 cancels Armor: each die hits on 4 or more, and Critical Hit adds 2 when one of
/// // the five shows a six; Health 4 falls to 4 hits, or to 2 or 3 with a six.
/// assert_eq!(a.destroyed, Some(BigRational::new(251.into(), 432.into())));
/// # Ok::<(), holodice_engine::Error>(())
/// ```
pub fn attack(attacker: &str, defender: &str) -> Result<attack::Attack, Error> {
    let settled = |role: &str, spec: &str| Unit::parse(role, spec)?.resolve(None, Paid::NONE);
    attack::run(&attack::Scenario::new(
        settled("attacker", attacker)?,
        settled("defender", defender)?,
        rules::Rules::default(),
    ))
}

/// The snake_case key of a keyword name in JSON ("Critical Hit" → `critical_hit`).
pub fn key_of(name: &str) -> String {
    keywords::normalize(name).replace(' ', "_")
}
