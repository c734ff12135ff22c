//! Step 1, attack declared: which units take part, what is legal, and the notes the reader
//! gets about keywords that do nothing in this attack.

use super::units::{named, receives_damage, stats_of, Compiled, UnitStats};
use super::Scenario;
use crate::error::{Error, Input, Message};
use crate::policy::{Objective, Policy};
use crate::swtcg::keywords::Transform;
use crate::swtcg::unit::Unit;

/// Every unit of the scenario, with the role its notes are shown under.
fn units(s: &Scenario) -> [(&'static str, Option<&Unit>); 4] {
    [
        ("attacker", Some(&s.attacker)),
        ("defender", Some(&s.defender)),
        ("interceptor", s.interceptor.as_ref()),
        ("secondary unit", s.secondary.as_ref()),
    ]
}

/// The notes the units' SPECs gathered (cards, arenas), under their roles.
pub(super) fn unit_notes(s: &Scenario) -> Vec<Message> {
    units(s)
        .into_iter()
        .flat_map(|(role, u)| {
            u.into_iter().flat_map(move |u| {
                (u.notes.iter()).map(move |n| Message::from(format!("{role}: ")).then(n.clone()))
            })
        })
        .collect()
}

/// Items that apply only in one arena or with Enhance paid can't be settled by one attack.
pub(crate) fn refuse_conditionals(s: &Scenario) -> Result<(), Error> {
    for (role, unit) in units(s) {
        if let Some(c) = unit.and_then(|u| u.conditional.first()) {
            let role = role.trim_end_matches(" unit");
            return Err(Error::input(format!(
                "the {role} SPEC has '{}: {}', which applies only in one arena, with Enhance \
                 paid or with its cost paid: this query can't settle it; write the items that \
                 apply instead",
                c.when.prefix(),
                c.item.describe()
            )));
        }
    }
    Ok(())
}

/// Keywords that need another unit or mode of the query to act, when it isn't given.
pub(super) fn unused_keyword_notes(s: &Scenario) -> Vec<Message> {
    let mut notes = Vec::new();
    let no_interceptor = |n: &str| Message::from(format!("{n}: no ")).name(Input::Interceptor);
    if s.interceptor.is_none() {
        if let Some(n) = named(&s.attacker, |t| *t == Transform::CannotBeIntercepted) {
            notes.push(no_interceptor(&n).text(", so it changes nothing here"));
        }
        if let Some(n) = named(&s.defender, |t| *t == Transform::Redirect) {
            notes.push(no_interceptor(&n).text(" to move the attack to"));
        }
    }
    if let Some(n) = named(&s.defender, |t| *t == Transform::Intercept) {
        notes.push(
            Message::from(format!(
                "{n} on the defender: it acts when its unit is the "
            ))
            .name(Input::Interceptor)
            .text(" of an attack on another"),
        );
    }
    if s.mode.is_none() {
        if let Some(n) = named(&s.attacker, |t| matches!(t, Transform::OtherArena { .. })) {
            notes.push(
                Message::from(format!("{n}: an ordinary attack; "))
                    .name(Input::Mode)
                    .text(" makes the attack into the other arena"),
            );
        }
    }
    for unit in [&s.attacker, &s.defender] {
        if let Some(n) = named(unit, |t| *t == Transform::StandaloneDice) {
            notes.push(
                Message::from(format!("{n}: acts outside attacks; holodice swtcg dice "))
                    .name(Input::Count)
                    .text(" X ")
                    .name(Input::Target)
                    .text(" SPEC rolls it"),
            );
        }
    }
    notes
}

/// The unit the attack lands on, and whether an interceptor took it (Intercept, or the
/// defender's Redirect), unless Precision, Stealth or a discarded interceptor keeps it on the
/// defender.
pub(super) fn intercept<'s>(
    s: &'s Scenario,
    notes: &mut Vec<Message>,
) -> Result<(&'s Unit, bool), Error> {
    let Some(interceptor) = &s.interceptor else {
        return Ok((&s.defender, false));
    };
    let takes = named(interceptor, |t| *t == Transform::Intercept).is_some();
    let redirect = named(&s.defender, |t| *t == Transform::Redirect).is_some();
    if !takes && !redirect {
        return Err(Error::input(Message::flag(Input::Interceptor).text(
            " takes the attack only with Intercept in its SPEC or Redirect in the defender's: \
             add one of them",
        )));
    }
    let mut i = stats_of(interceptor);
    i.settle("interceptor", opponents(s).0);
    let stays = if named(&s.attacker, |t| *t == Transform::CannotBeIntercepted).is_some() {
        "Precision: the attack can't be intercepted or redirected; it stays on the defender"
    } else if i.hidden() {
        "the interceptor has Stealth and is untapped with no damage counters, so it can't be \
         attacked: the attack stays on the defender"
    } else if i.discarded().is_some() {
        "the interceptor is already discarded: the attack stays on the defender"
    } else {
        notes.push(
            format!(
                "the attack moves to the interceptor ({}): its keywords apply",
                if redirect { "Redirect" } else { "Intercept" }
            )
            .into(),
        );
        return Ok((interceptor, true));
    };
    notes.push(stays.into());
    Ok((&s.defender, false))
}

/// Notes on choices this attack leaves idle: the defender's Double Damage, an objective the
/// greedy policy ignores, a Bounty on a defender that can't be discarded.
pub(super) fn declared_notes(s: &Scenario, c: &Compiled) -> Vec<Message> {
    let (att, def) = (&c.att, &c.def);
    let mut notes = Vec::new();
    if def.multiplier > 1 && !s.rules.double_damage_all() {
        notes.push(
            "Double Damage on the defender: it doubles only its attack damage \
             (double-damage=attack-only), so nothing here"
                .into(),
        );
    }
    let lucky = (att.lucky, def.lucky);
    if s.policy == Policy::Greedy && s.objective != Objective::Mean && lucky != (0, 0) {
        notes.push(
            Message::flag(Input::Objective)
                .text(format!(
                    " {}: the greedy policy does not read it; ",
                    s.objective.name()
                ))
                .name(Input::Policy)
                .text(" optimal does"),
        );
    }
    if att.bounty && def.health.is_none() {
        notes.push("Bounty: the defender has no Health, so it can't be discarded".into());
    }
    notes
}

/// The secondary unit's numbers (Overkill's and Area Damage's target); its keywords that
/// don't meet damage are noted.
pub(super) fn secondary(s: &Scenario, notes: &mut Vec<Message>) -> Option<UnitStats> {
    let unit = s.secondary.as_ref()?;
    let idle: Vec<&str> = unit
        .items
        .iter()
        .filter(|i| !receives_damage(&i.keyword.transform) && !protects(&i.keyword.transform))
        .map(|i| i.keyword.name.as_str())
        .collect();
    if !idle.is_empty() {
        notes.push(
            format!(
                "secondary unit: {} no effect on Overkill's damage or Area Damage's dice",
                match idle.as_slice() {
                    [one] => format!("{one} has"),
                    many => format!("{} have", many.join(", ")),
                }
            )
            .into(),
        );
    }
    Some(stats_of(unit))
}

/// A note that begins `text` and names the missing secondary unit next.
fn no_secondary(text: &str) -> Message {
    Message::from(text).name(Input::Secondary)
}

/// Whether the keyword is Protect, which guards the other unit rather than meeting damage.
fn protects(t: &Transform) -> bool {
    *t == Transform::Protect
}

/// The units of each side of the query an uncounted Intimidation on the other side counts: the
/// attacker's (it alone), and the defending side's (the defender, the secondary unit and the
/// interceptor given); none across arenas.
pub(super) fn opponents(s: &Scenario) -> (i64, i64) {
    if s.mode.is_some() {
        return (0, 0);
    }
    let defending = 1 + i64::from(s.secondary.is_some()) + i64::from(s.interceptor.is_some());
    (1, defending)
}

/// What the units of a side do for each other, and what depends on how many there are: an
/// uncounted Intimidation counts the opponent's units of the query (none across arenas);
/// Protect on the defender or the secondary unit guards the other (and the original defender
/// guards an interceptor); Cunning hides the roll from the defender's Lucky.
pub(super) fn sides(
    s: &Scenario,
    c: &mut Compiled,
    secondary: Option<&mut UnitStats>,
    intercepted: bool,
) -> Vec<Message> {
    let (attackers, defending) = opponents(s);
    let mut notes: Vec<Message> = [
        c.att.settle("attacker", defending),
        c.def.settle("defender", attackers),
    ]
    .into_iter()
    .flatten()
    .map(Message::from)
    .collect();
    match secondary {
        Some(sec) => {
            notes.extend(sec.settle("secondary unit", attackers).map(Message::from));
            c.def.guard.evade += sec.protect;
            sec.guard.evade += c.def.protect;
        }
        None if c.def.protect > 0 => {
            notes.push(no_secondary("Protect on the defender: no ").text(" unit for it to protect"))
        }
        None => {}
    }
    if intercepted {
        c.def.guard.evade += stats_of(&s.defender).protect;
    }
    if c.att.protect > 0 {
        notes.push(
            "Protect on the attacker: no other unit of its side takes damage in this attack".into(),
        );
    }
    if c.att.secret && (c.def.lucky > 0 || c.def.reroll_all) {
        c.def.lucky = 0;
        c.def.reroll_all = false;
        notes.push(
            "Cunning: the defender's Lucky can't see the secret roll, and a blind re-roll leaves \
             the odds as they are: it re-rolls nothing"
                .into(),
        );
    }
    notes
}

/// The attacker, the defender and the secondary unit must be in play: counters below health.
pub(super) fn in_play(c: &Compiled, secondary: Option<&UnitStats>) -> Result<(), Error> {
    let units = [("attacker", Some(&c.att)), ("defender", Some(&c.def))];
    for (role, unit) in units.into_iter().chain([("secondary unit", secondary)]) {
        if let Some(unit) = unit {
            if let Some(h) = unit.discarded() {
                return Err(Error::illegal(format!(
                    "the {role} already has {} damage counters, at least its health {h}: it is \
                     discarded",
                    unit.damage
                )));
            }
        }
    }
    Ok(())
}

/// Dice of damage and Overkill that have nothing to act on in this attack.
pub(super) fn damage_dice_notes(s: &Scenario, c: &Compiled, secondary: bool) -> Vec<Message> {
    let (att, def) = (&c.att, &c.def);
    let mut notes = Vec::new();
    if s.mode.is_some() && def.dice_of(super::Target::Attacker, super::When::AttackEnds) > 0 {
        notes.push("Retaliate does not answer an attack from another arena".into());
    }
    let area = att.dice_of(super::Target::Secondary, super::When::Discard);
    if !secondary {
        if att.overkill {
            notes.push(
                no_secondary("Overkill: no ").text(" unit, so every hit stays on the defender"),
            );
        }
        if area > 0 {
            notes.push(no_secondary("Area Damage: no ").text(" unit to roll it at"));
        }
    } else if att.overkill && def.health.is_none() {
        notes.push(
            "Overkill: the defender has no Health, so no hit is beyond it and none moves".into(),
        );
    }
    notes
}
