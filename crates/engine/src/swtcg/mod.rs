//! The Star Wars Trading Card Game: keywords, unit SPECs, rule options and the attack.

pub mod abilities;
pub mod attack;
pub mod card;
pub mod cards;
pub mod coverage;
pub mod import;
pub mod keywords;
pub mod lucky;
pub mod patterns;
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
