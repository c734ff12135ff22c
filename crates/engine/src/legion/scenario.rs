//! One Legion attack's query: the units, the rules edition, the policy and its objective.

use super::units::{Attacker, Defender};
use crate::policy::{Objective, Policy};

/// Which printing of the rules to follow.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Edition {
    /// Core Rulebook 2.6 and later: cover is rolled with white defense dice.
    #[default]
    Amg2024,
    /// Before 2.6: cover cancels hits outright; any suppression token improves it.
    Amg2021,
}

impl Edition {
    /// Every edition with its command-line name.
    pub const ALL: [(Edition, &'static str); 2] = [
        (Edition::Amg2024, "amg-2024"),
        (Edition::Amg2021, "amg-2021"),
    ];

    /// The command-line name.
    pub fn name(self) -> &'static str {
        Edition::ALL
            .iter()
            .find(|(e, _)| *e == self)
            .map(|(_, n)| *n)
            .expect("every edition is listed")
    }
}

/// Everything one attack depends on besides the dice: the units, the edition, who makes the
/// players' choices and for what, and what the computation should tell the reader.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Scenario {
    pub attacker: Attacker,
    pub defender: Defender,
    pub guardian: Option<Defender>,
    pub edition: Edition,
    pub policy: Policy,
    pub objective: Objective,
    /// Items recognised as having no effect on dice, or having none in this attack.
    pub notes: Vec<String>,
}

impl Scenario {
    /// `attacker` against `defender` (and `guardian`), under the newest edition with the greedy
    /// policy.
    pub fn new(attacker: Attacker, defender: Defender, guardian: Option<Defender>) -> Scenario {
        Scenario {
            attacker,
            defender,
            guardian,
            edition: Edition::default(),
            policy: Policy::default(),
            objective: Objective::default(),
            notes: Vec::new(),
        }
    }
}
