//! What the two games' attacks have in common, so that the features over both (comparisons,
//! tables, simulations, checks) are written once: who makes the players' choices and for what,
//! and the [`Game`] interface each game implements ([`crate::swtcg::Swtcg`],
//! [`crate::legion::Legion`]).

use crate::dist::Dist;
use crate::error::Error;
use crate::sim::Samples;
use num_rational::BigRational;

/// Who makes the choices the rules leave to the players (SWTCG's Lucky re-rolls, Legion's
/// rerolls and tokens).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Policy {
    /// Fixed choices that match what players do, documented per game (docs/rules.md for
    /// SWTCG's Lucky, docs/legion.md).
    #[default]
    Greedy,
    /// Expectimax: each choice is the one best for the [`Objective`] (the attacker maximises
    /// it, a defending side minimises it).
    Optimal,
}

impl Policy {
    /// The spelling the command line and the reports use.
    pub fn name(self) -> &'static str {
        match self {
            Policy::Greedy => "greedy",
            Policy::Optimal => "optimal",
        }
    }
}

/// What the optimal policy maximises for the attacker.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Objective {
    /// The expected damage counters (SWTCG) or wounds (Legion) on the defender.
    #[default]
    Mean,
    /// The chance to discard the defender (SWTCG).
    Destroy,
    /// The chance of at least this many counters or wounds.
    AtLeast(i64),
}

impl Objective {
    /// The objective as it is written: `mean`, `destroy` or `atleast:K`.
    pub fn name(self) -> String {
        match self {
            Objective::Mean => "mean".into(),
            Objective::Destroy => "destroy".into(),
            Objective::AtLeast(k) => format!("atleast:{k}"),
        }
    }
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
    fn notes(outcome: &Self::Outcome) -> &[String];

    /// Every variable the simulator reports, with its key and its exact distribution (a chance
    /// as a 0/1 variable).
    fn variables(query: &Self::Query, outcome: &Self::Outcome) -> Vec<(String, Dist)>;

    /// The most dice one simulated attack rolls, for the limit on dice rolled.
    fn dice_rolled(query: &Self::Query, outcome: &Self::Outcome) -> Result<i64, Error>;

    /// `trials` attacks rolled die by die by the independent simulator, from `seed`.
    fn simulate(query: &Self::Query, trials: u64, seed: u64) -> Result<Samples, Error>;
}
