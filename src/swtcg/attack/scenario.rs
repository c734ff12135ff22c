//! What an attack depends on besides the dice, and what its re-rolls aim for.

use super::super::keywords::Mode;
use super::super::lucky::Policy;
use super::super::rules::Rules;
use super::super::spec::Unit;
use crate::error::Error;

/// What the optimal re-roll policy maximises for the attacker (and minimises for the defender).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Objective {
    /// Expected damage counters on the defender.
    #[default]
    Mean,
    /// The chance to discard the defender.
    Destroy,
    /// The chance to place at least this many counters.
    AtLeast(i64),
}

impl Objective {
    /// Parses `mean`, `destroy` or `atleast:K`.
    ///
    /// ```
    /// use holodice::swtcg::attack::Objective;
    /// assert_eq!(Objective::parse("atleast:3").unwrap(), Objective::AtLeast(3));
    /// assert!(Objective::parse("max").is_err());
    /// ```
    pub fn parse(text: &str) -> Result<Objective, Error> {
        let t = text.trim().to_lowercase();
        match t.as_str() {
            "mean" => return Ok(Objective::Mean),
            "destroy" => return Ok(Objective::Destroy),
            _ => {}
        }
        t.strip_prefix("atleast:")
            .and_then(|k| k.trim().parse::<i64>().ok())
            .filter(|k| *k >= 0)
            .map(Objective::AtLeast)
            .ok_or_else(|| {
                Error::Input(format!(
                    "--objective '{text}': use mean, destroy or atleast:K (K a whole number, as in \
                     atleast:3)"
                ))
            })
    }

    /// The objective as the user writes it.
    pub fn describe(self) -> String {
        match self {
            Objective::Mean => "mean".into(),
            Objective::Destroy => "destroy".into(),
            Objective::AtLeast(k) => format!("atleast:{k}"),
        }
    }
}

/// Everything one attack depends on besides the dice.
#[derive(Debug, Clone, Default)]
pub struct Scenario {
    pub attacker: Unit,
    pub defender: Unit,
    /// Another unit in the defender's arena: Overkill's and Area Damage's target.
    pub secondary: Option<Unit>,
    /// A unit that may take the attack (Intercept, or the defender's Redirect).
    pub interceptor: Option<Unit>,
    /// An attack into the other arena (Bombard, Ion Cannon).
    pub mode: Option<Mode>,
    pub policy: Policy,
    pub objective: Objective,
    pub rules: Rules,
    /// Power the attacker carries from earlier attacks (sequences): Focus, Absorb, Surge, Stun.
    pub carried_power: i64,
    /// An attack evaluated as one of a sequence's: Double Strike and Tenacity make no second
    /// attack of their own.
    pub alone: bool,
}

impl Scenario {
    /// An ordinary attack of `attacker` on `defender`.
    pub fn new(attacker: Unit, defender: Unit, rules: Rules) -> Scenario {
        Scenario {
            attacker,
            defender,
            rules,
            ..Scenario::default()
        }
    }
}
