//! Several Legion attacks on one unit (`legion sequence`) as the features over both games use an
//! attack: a comparison's loadout, a table's cell.

use super::{Game, Legion, Options, Tabulated, Target};
use crate::dist::Dist;
use crate::error::{Error, Message};
use crate::legion::attack;
use crate::legion::cards::Cards;
use crate::legion::sequence::{self, LegionSequence, SuppressionGained};
use crate::legion::units::{Attacker, Defender};
use crate::legion::Scenario;
use crate::policy::Objective;
use crate::vocabulary::Vocabulary;
use num_rational::BigRational;
use std::sync::Arc;

/// Legion attacks in sequence on one unit.
pub struct LegionSequences;

/// One sequence: its attackers' SPECs in order, the unit they attack and its guardian, what
/// their `@Name` items name, and the choices they are made under.
#[derive(Debug, Clone)]
pub struct SequenceQuery {
    /// Each attack's attacker SPEC, in order.
    pub attacks: Vec<String>,
    /// The SPEC of the unit attacked.
    pub defender: String,
    /// The SPEC of the defender's guardian, if it has one.
    pub guardian: Option<String>,
    /// When a ranged attack gives the defender its suppression token.
    pub gained: SuppressionGained,
    /// The edition, the policy and the whole sequence's objective.
    pub choices: Scenario,
    /// The cards `@Name` names: the built-in ones when `None`.
    pub cards: Option<Arc<Cards>>,
}

impl SequenceQuery {
    /// A sequence under `options`, its `@Name` items naming built-in cards.
    pub fn new(
        options: &Options,
        attacks: Vec<String>,
        defender: &str,
        guardian: Option<&str>,
    ) -> SequenceQuery {
        let mut choices = Scenario::new(Attacker::default(), Defender::default(), None);
        choices.edition = options.edition;
        choices.policy = options.policy;
        choices.objective = options.objective;
        SequenceQuery {
            attacks,
            defender: defender.to_string(),
            guardian: guardian.map(str::to_string),
            gained: SuppressionGained::default(),
            choices,
            cards: None,
        }
    }

    fn cards(&self) -> &Cards {
        self.cards.as_deref().unwrap_or_else(|| Cards::builtin())
    }

    fn attacks(&self) -> Vec<&str> {
        self.attacks.iter().map(String::as_str).collect()
    }

    /// Each attack as one `legion attack`.
    fn each(&self) -> impl Iterator<Item = Result<Scenario, Error>> + '_ {
        let guardian = self.guardian.as_deref();
        (self.attacks.iter())
            .map(move |a| Scenario::parse_with(a, &self.defender, guardian, self.cards()))
    }

    /// What the attacking unit costs: the one every attack names the same points for (a unit's
    /// activation); `None` for attacks of units of different points, or without them.
    pub fn points(&self) -> Option<u32> {
        use crate::legion::items::Role;
        let mut points = self
            .each()
            .map(|s| s.ok()?.provenance.points(Role::Attacker));
        let first = points.next()??;
        points.all(|p| p == Some(first)).then_some(first)
    }
}

impl Game for LegionSequences {
    const NAME: &'static str = "Legion";

    fn vocabulary() -> &'static Vocabulary {
        Vocabulary::legion()
    }
    type Query = SequenceQuery;
    type Outcome = LegionSequence;

    fn objective(text: &str) -> Result<Objective, Error> {
        Legion::objective(text)
    }

    fn cost(q: &SequenceQuery) -> Result<u64, Error> {
        let guardian = q.guardian.as_deref();
        sequence::estimate(&q.attacks(), &q.defender, guardian, q.cards(), &q.choices)
    }

    /// Each attack's words, as many times as there are attacks: the wounds of all reach the
    /// sum of each one's, over the product of their denominators.
    fn words(q: &SequenceQuery) -> Result<u64, Error> {
        let n = q.attacks.len() as u64;
        q.each().try_fold(0u64, |sum, s| {
            Ok(sum.saturating_add(attack::words(&s?)?.saturating_mul(n)))
        })
    }

    fn attack(q: &SequenceQuery) -> Result<LegionSequence, Error> {
        let guardian = q.guardian.as_deref();
        sequence::sequence(
            &q.attacks(),
            &q.defender,
            guardian,
            q.cards(),
            &q.choices,
            q.gained,
        )
    }

    fn damage(outcome: &LegionSequence) -> &Dist {
        &outcome.wounds
    }

    fn destroyed(outcome: &LegionSequence) -> Option<&BigRational> {
        outcome.losses.as_ref().map(|l| &l.wiped)
    }

    fn notes(outcome: &LegionSequence) -> &[Message] {
        &outcome.notes
    }
}

impl Tabulated for LegionSequences {
    fn cell(
        options: &Options,
        attackers: &[&str],
        defender: &str,
        guardian: Option<&str>,
    ) -> Result<SequenceQuery, Error> {
        let attacks = attackers.iter().map(|a| a.to_string()).collect();
        Ok(SequenceQuery::new(options, attacks, defender, guardian))
    }

    fn target(item: &str) -> Target {
        Legion::target(item)
    }

    fn item_name(item: &str) -> Option<String> {
        Legion::item_name(item)
    }

    fn written_out(target: Target, spec: &str) -> Result<String, Error> {
        Legion::written_out(target, spec)
    }

    fn suppression(outcome: &LegionSequence) -> Option<[&BigRational; 2]> {
        Some([&outcome.suppressed, &outcome.panicked])
    }
}
