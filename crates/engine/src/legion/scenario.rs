//! One Legion attack's query: the units, the rules edition, the policy and its objective.

use super::edition::Edition;
use super::on_table::OnTable;
use super::resolved::Provenance;
use super::units::{Attacker, Defender};
use crate::policy::{Objective, Policy};

/// Everything one attack depends on besides the dice: the units, the edition, who makes the
/// players' choices and for what, and what the computation should tell the reader.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Scenario {
    /// The unit that attacks, its pool formed.
    pub attacker: Attacker,
    /// The unit attacked.
    pub defender: Defender,
    /// A unit with Guardian that takes hits for the defender, if any.
    pub guardian: Option<Defender>,
    /// The rulebook the attack follows.
    pub edition: Edition,
    /// Who makes the players' choices (rerolls, tokens spent): the greedy or the optimal policy.
    pub policy: Policy,
    /// What the optimal policy maximises: mean wounds, the chance to wipe the unit, or to deal
    /// at least K wounds.
    pub objective: Objective,
    /// Results already rolled that the attack starts from, if any.
    pub on_table: Option<OnTable>,
    /// What `@card` SPECs became: the cards, the pool's weapons, each keyword's source.
    pub provenance: Provenance,
    /// Items recognised as having no effect on dice, or having none in this attack.
    pub notes: Vec<String>,
}

impl Scenario {
    /// This scenario under the edition, policy and objective of `choices`: what a query of many
    /// attacks (matchups, an army) gives each of them.
    pub fn under(self, choices: &Scenario) -> Scenario {
        Scenario {
            edition: choices.edition,
            policy: choices.policy,
            objective: choices.objective,
            ..self
        }
    }

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
            on_table: None,
            provenance: Provenance::default(),
            notes: Vec::new(),
        }
    }
}
