//! The interface both games' attacks offer, so that the features over both (comparisons,
//! tables, simulations, checks) are written once: [`Game`], implemented by [`Swtcg`] and
//! [`Legion`].

mod legion;
mod legion_sequence;
mod swtcg;

pub use crate::policy::{Objective, Policy};
pub use legion::Legion;
pub use legion_sequence::{LegionSequences, SequenceQuery};
pub use swtcg::Swtcg;

use crate::dist::Dist;
use crate::error::{Error, Message};
use crate::legion::Edition;
use crate::sim::Samples;
use crate::swtcg::rules::Rules;
use crate::vocabulary::Vocabulary;
use num_rational::BigRational;

/// What a query of either game may choose besides its units: SWTCG's rule options, Legion's
/// edition, and the policy with its objective (every cell of a table shares them).
#[derive(Debug, Clone, Default)]
pub struct Options {
    /// SWTCG's rule options.
    pub rules: Rules,
    /// The Legion edition whose rules apply.
    pub edition: Edition,
    /// How the players' choices (re-rolls, tokens, `choose:`) are picked.
    pub policy: Policy,
    /// What the optimal policy maximises for the attacker.
    pub objective: Objective,
}

/// Which unit of a query a SPEC item belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    /// The attacking unit (each attacker of a sequence).
    Attacker,
    /// The unit attacked.
    Defender,
    /// A Legion unit that takes hits for the defender (Guardian).
    Guardian,
}

/// One game's attack, as the features over both games use it: a typed query, its exact outcome,
/// the variables every outcome reports, and the independent simulator of the same attack.
pub trait Game {
    /// The game's name for people: `SWTCG`, `Legion`.
    const NAME: &'static str;
    /// Everything one attack depends on besides the dice: the units, the rule options or
    /// edition, the policy and its objective.
    type Query: Clone;
    /// The exact outcome of one attack.
    type Outcome;

    /// The variables this game's results report, and which of them comparisons measure.
    fn vocabulary() -> &'static Vocabulary;

    /// The objective `text` names, as this game reads it (`mean`, `atleast:K`, and for SWTCG
    /// `destroy`).
    fn objective(text: &str) -> Result<Objective, Error>;

    /// The work of the attack, in the units comparisons and tables add up (a unit is about a
    /// microsecond), refusing an attack over its own limits; checked before any work.
    fn cost(query: &Self::Query) -> Result<u64, Error>;

    /// The 64-bit words the attack's main distribution may take at most (its outcomes × the
    /// words of their weights), known before the attack is made.
    fn words(query: &Self::Query) -> Result<u64, Error>;

    /// The exact outcome.
    fn attack(query: &Self::Query) -> Result<Self::Outcome, Error>;

    /// The main variable: damage counters (SWTCG) or wounds (Legion) on the defender.
    fn damage(outcome: &Self::Outcome) -> &Dist;

    /// The chance to destroy (SWTCG) or wipe (Legion) the defender, when it is known.
    fn destroyed(outcome: &Self::Outcome) -> Option<&BigRational>;

    /// What the computation assumed or left out.
    fn notes(outcome: &Self::Outcome) -> &[Message];
}

/// A game's attack as the independent simulator plays it (`simulate`, `check`).
pub trait Simulated: Game {
    /// Every variable the simulator reports, with its key and its exact distribution (a chance
    /// as a 0/1 variable).
    fn variables(query: &Self::Query, outcome: &Self::Outcome) -> Vec<(String, Dist)>;

    /// The most dice one simulated attack rolls, for the limit on dice rolled.
    fn dice_rolled(query: &Self::Query, outcome: &Self::Outcome) -> Result<i64, Error>;

    /// `trials` attacks rolled die by die by the independent simulator, from `seed`.
    fn simulate(query: &Self::Query, trials: u64, seed: u64) -> Result<Samples, Error>;
}

/// A game's attack as a table's cells ask it: from SPECs, whose items a range replaces.
pub(crate) trait Tabulated: Game {
    /// A table cell's query: these SPECs (one attacker, or a sequence's in order), whose
    /// `@Name` items name built-in cards, under the table's options.
    fn cell(
        options: &Options,
        attackers: &[&str],
        defender: &str,
        guardian: Option<&str>,
    ) -> Result<Self::Query, Error>;

    /// The SPEC a table's range item goes to when it names none (SWTCG: the attacker; Legion:
    /// the unit its keyword belongs to).
    fn target(item: &str) -> Target;

    /// The canonical name of a SPEC item (`accuracy 2` is `Accuracy`), so that a table's range
    /// item replaces the same item of a base SPEC; `None` for text that is no item.
    fn item_name(item: &str) -> Option<String>;

    /// A base SPEC with its `@Name` items written out as the items they stand for, so that a
    /// range item replaces the card's own item.
    fn written_out(target: Target, spec: &str) -> Result<String, Error>;

    /// The chance the defender ends suppressed and panicked, when the query carries its
    /// suppression (a sequence).
    fn suppression(_outcome: &Self::Outcome) -> Option<[&BigRational; 2]> {
        None
    }
}

/// The one attacker of a table cell of a single attack.
fn one<'a>(attackers: &[&'a str]) -> Result<&'a str, Error> {
    match attackers {
        [one] => Ok(one),
        _ => Err(Error::input("a cell of one attack has one attacker SPEC")),
    }
}
