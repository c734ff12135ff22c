//! Step 0, declaring the attack, and what the attack's keywords settle before any die is rolled:
//! the surge charts, Critical, Impact and cover each unit has for this attack, so that every
//! later step reads one unit.

use crate::error::{Error, Input, Message};
use crate::legion::scenario::Scenario;
use crate::legion::units::AttackSurge;
use crate::legion::Edition;

/// The units as this attack sees them.
#[derive(Clone)]
pub(super) struct Declared {
    /// The scenario with the attack's keywords settled (see [`declared`]).
    pub s: Scenario,
    pub edition: Edition,
    /// Makashi Mastery is used: the defender can't use Immune: Pierce, Immune: Melee Pierce or
    /// Impervious.
    pub makashi: bool,
}

impl Declared {
    /// Cover, Guardian, Backup, Deflect, Shielded and Soresu act only against these.
    pub fn ranged(&self) -> bool {
        !self.s.attacker.melee && !self.s.attacker.overrun
    }

    pub fn melee(&self) -> bool {
        self.s.attacker.melee
    }

    /// Whether the attacker's Pierce may cancel the defender's blocks, once it is known whether
    /// the defender spent a dodge token (a defending Duelist's Immune: Pierce in melee).
    pub fn pierce_acts(&self, dodged: bool) -> bool {
        let d = &self.s.defender;
        let melee = self.melee();
        let immune =
            d.immune_pierce || (melee && d.immune_melee_pierce) || (melee && d.duelist && dodged);
        self.makashi || !immune
    }

    /// Whether the defender may use Impervious.
    pub fn impervious(&self) -> bool {
        self.s.defender.impervious && !self.makashi
    }
}

/// Attacks the rules forbid.
pub(super) fn refuse_illegal(s: &Scenario) -> Result<(), Error> {
    let a = &s.attacker;
    if a.melee && s.defender.immune_melee {
        return Err(Error::illegal(
            "the defender has Immune: Melee: it cannot be attacked in melee (drop 'melee', or \
             'Immune: Melee')",
        ));
    }
    if (a.melee || a.overrun) && s.guardian.is_some() {
        let kind = if a.melee { "melee" } else { "overrun" };
        return Err(Error::illegal(
            Message::about(Input::Guardian)
                .text(format!(
                    "Guardian has no effect in {kind} attacks: it only cancels hits of ranged \
                     attacks (remove "
                ))
                .name(Input::Guardian)
                .text(format!(", or drop '{kind}')")),
        ));
    }
    Ok(())
}

/// Whether Makashi Mastery may be used: a melee attack whose pool has Pierce, against a
/// defender with a keyword it switches off.
pub(super) fn makashi_applies(s: &Scenario) -> bool {
    let (a, d) = (&s.attacker, &s.defender);
    a.makashi
        && a.melee
        && a.pierce >= 1
        && (d.immune_pierce || d.immune_melee_pierce || d.impervious)
}

/// The units with the attack's keywords settled: Vaapad's white dice, Advanced Targeting's aims,
/// Makashi's lost Pierce, the charts Jedi Hunter, Hold the Line and Complete the Mission give,
/// Complete the Mission's Critical 2, Weak Point's Impact, smoke's cover, Immune: Blast, We're
/// Not Regs (no Backup), and
/// Shielded against attacks that are not ranged (its text, in every edition).
pub(super) fn declared(s: &Scenario, makashi: bool) -> Declared {
    let mut s = s.clone();
    let edition = s.edition;
    let melee = s.attacker.melee;
    let ranged = !melee && !s.attacker.overrun;
    let (a, d) = (&mut s.attacker, &mut s.defender);
    a.dice = a.rolled_dice();
    a.aim += std::mem::take(&mut a.advanced_targeting);
    if makashi {
        a.pierce -= 1;
    }
    if a.jedi_hunter && d.force_user {
        a.surge = AttackSurge::Crit;
    }
    if a.hold_the_line && melee && a.surge == AttackSurge::None {
        a.surge = AttackSurge::Hit;
    }
    if a.complete_the_mission {
        a.critical += 2;
    }
    if (d.hold_the_line && melee) || d.complete_the_mission {
        d.surge_block = true;
    }
    a.impact += d.weak_point;
    d.cover_keyword += d.smoke;
    if d.immune_blast {
        a.blast = false;
    }
    if d.not_regs {
        d.backup = false;
    }
    if !ranged {
        d.shielded = 0;
    }
    Declared {
        s,
        edition,
        makashi,
    }
}
