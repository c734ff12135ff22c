//! Step 0, declaring the attack: what the rules refuse, and what the keywords settle before any
//! die is rolled (the surge chart, Critical, a guardian, Makashi and Vaapad Mastery), so that
//! every trial reads them once.

use super::dice::{faces_of, Defense};
use crate::error::{Error, Input};
use crate::legion::scenario::Scenario;
use crate::legion::units::{AttackSurge, Defender};
use crate::legion::Edition;

/// The attack as declared: the same for every trial. It owns its scenario, so that a sequence
/// keeps one for each state of the unit.
pub(super) struct Sim {
    pub s: Scenario,
    pub edition: Edition,
    /// Neither melee nor overrun.
    pub ranged: bool,
    pub melee: bool,
    /// Defense dice of the defender.
    pub defense: &'static [Defense; 6],
    /// The guardian's defense dice, when it may guard this attack.
    guardian_faces: Option<&'static [Defense; 6]>,
    /// The surge chart of step 3 (Jedi Hunter, Hold the Line included).
    pub surge: AttackSurge,
    /// Critical X, with Complete the Mission's Critical 2.
    pub critical: u32,
    /// Makashi Mastery acts: the pool's Pierce drops by 1, the defender's immunities and
    /// Impervious are gone.
    pub makashi: bool,
    /// Vaapad Mastery's white attack dice and white defense dice.
    pub vaapad_attack: u32,
    pub vaapad_defense: u32,
}

impl Sim {
    pub(super) fn new(s: Scenario) -> Result<Sim, Error> {
        let edition = s.edition;
        let (a, d) = (&s.attacker, &s.defender);
        refuse(&s)?;
        let die = d.die.expect("refused without one");
        let melee = a.melee;
        let ranged = !a.melee && !a.overrun;
        // Guardian X guards ranged attacks, when the guardian is not suppressed and the
        // defender has no Guardian of its own.
        let guardian_faces = s
            .guardian
            .as_ref()
            .filter(|g| ranged && !g.suppressed() && d.guardian == 0)
            .map(|g| faces_of(g.die.expect("refused without one")));
        let surge = if a.surge == AttackSurge::Crit || (a.jedi_hunter && d.force_user) {
            AttackSurge::Crit
        } else if a.surge == AttackSurge::Hit || (a.hold_the_line && melee) {
            AttackSurge::Hit
        } else {
            AttackSurge::None
        };
        let makashi = a.makashi
            && melee
            && a.pierce >= 1
            && (d.immune_pierce || d.immune_melee_pierce || d.impervious);
        let critical = a.critical + if a.complete_the_mission { 2 } else { 0 };
        let vaapad_attack = if a.vaapad { a.wounded.min(3) } else { 0 };
        let vaapad_defense = if d.vaapad { d.wounded.min(3) } else { 0 };
        Ok(Sim {
            edition,
            ranged,
            melee,
            defense: faces_of(die),
            guardian_faces,
            surge,
            critical,
            makashi,
            vaapad_attack,
            vaapad_defense,
            s,
        })
    }

    /// The guardian and its defense dice, when it may guard this attack.
    pub(super) fn guardian(&self) -> Option<(&Defender, &'static [Defense; 6])> {
        Some((self.s.guardian.as_ref()?, self.guardian_faces?))
    }

    /// Aim tokens, Advanced Targeting's included.
    pub(super) fn aim_tokens(&self) -> u32 {
        self.s.attacker.aim + self.s.attacker.advanced_targeting
    }
}

/// What the exact engine refuses for the rules' sake: no dice, no defense die, a guardian
/// without its die or Guardian X or in an attack that is not ranged, a melee attack on Immune:
/// Melee.
fn refuse(s: &Scenario) -> Result<(), Error> {
    let (a, d) = (&s.attacker, &s.defender);
    if a.dice.iter().sum::<u32>() == 0 {
        return Err(Error::about(
            Some(Input::Attacker),
            "the attacker SPEC has no dice: add some, as in '4 red, 2 black'",
        ));
    }
    if d.die.is_none() {
        return Err(Error::about(
            Some(Input::Defender),
            "the defender SPEC has no defense die: add 'red defense' or 'white defense'",
        ));
    }
    if let Some(g) = &s.guardian {
        if g.die.is_none() {
            return Err(Error::about(
                Some(Input::Guardian),
                "the guardian SPEC has no defense die: add 'red defense' or 'white defense'",
            ));
        }
        if g.guardian == 0 {
            return Err(Error::about(
                Some(Input::Guardian),
                "the guardian SPEC has no Guardian X: add one, as in 'Guardian 2'",
            ));
        }
        if a.melee || a.overrun {
            return Err(Error::illegal(
                "Guardian has no effect in melee or overrun attacks: it only cancels hits of \
                 ranged attacks",
            ));
        }
    }
    // A defender with Immune: Melee cannot be attacked in melee.
    if a.melee && d.immune_melee {
        return Err(Error::illegal(
            "the defender has Immune: Melee: it cannot be attacked in melee",
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::super::simulate_legion;
    use super::*;

    #[test]
    fn refuses_what_the_exact_engine_refuses() {
        let s = Scenario::parse(
            "2 red, melee",
            "red defense",
            Some("Guardian 1, red defense"),
        )
        .unwrap();
        assert!(matches!(simulate_legion(&s, 10, 1), Err(Error::Illegal(_))));
        // Step 0: Immune: Melee refuses a melee attack (and only a melee one).
        let s = Scenario::parse("2 red, melee", "red defense, Immune: Melee", None).unwrap();
        assert!(matches!(simulate_legion(&s, 10, 1), Err(Error::Illegal(_))));
        let s = Scenario::parse("2 red, overrun", "red defense, Immune: Melee", None).unwrap();
        assert!(simulate_legion(&s, 10, 1).is_ok());
        let mut s = Scenario::parse("2 red", "red defense", None).unwrap();
        s.defender.die = None;
        assert!(matches!(simulate_legion(&s, 10, 1), Err(Error::Input(_))));
    }
}
