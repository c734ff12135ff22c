//! Who makes the choices the rules leave to the players, and what for: the same two policies and
//! objectives in both games.

/// Who makes the choices the rules leave to the players (SWTCG's Lucky re-rolls, Legion's
/// rerolls and tokens).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
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
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
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
