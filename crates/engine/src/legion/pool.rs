//! Step 1 of the attack, forming the pool: which weapons each attacking mini adds, and the
//! keywords that change the pool's dice (Spray, Anti-Materiel, Anti-Personnel, Assault,
//! Cumbersome, Sniper Team; Vaapad Mastery's dice join when the attack is declared). After it the rest of the attack sees plain dice
//! counts and pool keywords in [`Attacker`], as for a SPEC that gives its dice outright.

use super::cards::{same, Card, Kind, Reach, Weapon};
use super::fields::set_attacker_field;
use super::from_card;
use super::items::{Field, Role};
use super::loadout::{DiceKeywords, Loadout};
use super::resolved::{Provenance, UsedWeapon};
use super::scenario::Scenario;
use super::units::UnitType;
use super::units::{Attacker, Defender};
use crate::error::{Error, Input, Message};

/// One weapon in the pool: its dice per copy and how many minis add it.
struct Part<'a> {
    weapon: Option<&'a Weapon>,
    dice: [u32; 3],
    copies: u32,
    keywords: DiceKeywords,
}

/// Forms the attacker's pool: a card unit's weapons, or a plain SPEC's dice, changed by the
/// pool keywords; the rest of the attack then reads `s.attacker` alone.
pub(crate) fn form(s: &mut Scenario, l: &Loadout) -> Result<(), Error> {
    if let Some(r) = l.range {
        if r > 0 && s.attacker.melee {
            return Err(Error::about(
                Some(Input::Attacker),
                format!(
                    "attacker SPEC: 'melee' and 'range {r}' contradict: a melee attack is at \
                     range 0 (drop 'melee' for a ranged attack, or 'range {r}')"
                ),
            ));
        }
        s.attacker.melee = r == 0;
    }
    let (mut parts, weapon_ram) = match &l.unit {
        None => (plain(l)?, 0),
        // A card file may give no weapons (the original Legion HQ's): the SPEC gives the dice.
        Some(unit) if unarmed(unit, l) => (Vec::new(), 0),
        Some(unit) => weapons(s, l, unit)?,
    };
    if let Some(unit) = l.unit.as_ref().filter(|u| unarmed(u, l)) {
        if s.attacker.dice == [0; 3] {
            return Err(Error::about(
                Some(Input::Attacker),
                format!(
                    "attacker SPEC: {} has no weapons in {} (the original Legion HQ's cards.json \
                     gives none): give the dice in the SPEC, as in '@{}, 3 red'",
                    unit.full_name(),
                    unit.file,
                    unit.full_name()
                ),
            ));
        }
    }
    // The SPEC's own dice: a plain SPEC's whole pool, or dice a card unit adds.
    if s.attacker.dice.iter().any(|&n| n > 0) {
        parts.push(Part {
            weapon: None,
            dice: s.attacker.dice,
            copies: 1,
            keywords: DiceKeywords::default(),
        });
    }
    for p in &mut parts {
        p.keywords.merge(&l.typed);
    }
    // Sniper Team acts when its weapon is the pool's only one and the unit has not moved.
    s.attacker.sniper_team = parts.len() == 1 && parts[0].keywords.sniper_team && !l.moved;
    let sniper = s.attacker.sniper_team;
    let mut dice = [0; 3];
    for p in &parts {
        let d = part_dice(p, l, &s.defender, sniper, &mut s.notes);
        (0..3).for_each(|c| dice[c] = d[c].saturating_add(dice[c]));
        record(&mut s.provenance, p);
    }
    s.attacker.dice = dice;
    let ram = l.card_ram.saturating_add(weapon_ram);
    if ram > 0 {
        match l.moved {
            true => s.attacker.ram = s.attacker.ram.saturating_add(ram),
            false => s.notes.push(format!(
                "Ram {ram} (card): applies only when the unit moved: add 'moved' to the attacker"
            )),
        }
    }
    Ok(())
}

/// A plain SPEC's pool: its dice, as one weapon.
fn plain(l: &Loadout) -> Result<Vec<Part<'static>>, Error> {
    let refuse = |item: &str| {
        Err(Error::input(
            Message::about(Input::Attacker)
                .text(format!(
                    "attacker SPEC: '{item}' picks a card unit's weapons or minis: name the unit \
                     with '@Name' (and "
                ))
                .name(Input::Cards)
                .text(" FILE), or give the pool's dice outright"),
        ))
    };
    if !l.chosen.is_empty() {
        return refuse("weapon");
    }
    if l.minis.is_some() || !l.upgrade_minis.is_empty() {
        return refuse("minis");
    }
    Ok(Vec::new())
}

/// What kind of attack the SPEC makes: which weapons may join.
#[derive(Debug, Clone, Copy)]
enum Attack {
    /// Range N (0 is melee).
    At(u32),
    /// Melee or ranged, without a range: any weapon of that kind.
    Melee,
    Ranged,
    Overrun,
}

impl Attack {
    /// The attack the SPEC makes: `overrun`, `range N`, `melee`; without them a melee attack
    /// when every weapon it may use (the chosen ones, or all) is a melee weapon, else ranged.
    fn of(a: &Attacker, l: &Loadout, every: &[&Weapon]) -> Attack {
        let usable: Vec<&&Weapon> = every
            .iter()
            .filter(|w| l.chosen.is_empty() || l.chosen.iter().any(|c| same(c, &w.name)))
            .filter(|w| w.reach != Reach::Overrun)
            .collect();
        let melee_only = |w: &&&Weapon| matches!(w.reach, Reach::Span { max: Some(0), .. });
        match (a.overrun, l.range) {
            (true, _) => Attack::Overrun,
            (false, Some(r)) => Attack::At(r),
            (false, None) if a.melee => Attack::Melee,
            _ if !usable.is_empty() && usable.iter().all(melee_only) => Attack::Melee,
            _ => Attack::Ranged,
        }
    }

    /// Whether `w` may join, and whether it needs Long Shot's aim to.
    fn fits(self, w: &Weapon, long_shot: bool) -> Option<bool> {
        match (self, w.reach) {
            (Attack::Overrun, r) => (r == Reach::Overrun || w.has("Overrun")).then_some(false),
            (_, Reach::Overrun) => None,
            (Attack::Melee, r) => r.reaches(0).then_some(false),
            (Attack::Ranged, Reach::Span { max, .. }) => {
                max.is_none_or(|m| m >= 1).then_some(false)
            }
            (Attack::At(n), r) if r.reaches(n) => Some(false),
            (Attack::At(n), Reach::Span { max: Some(m), .. }) => {
                (n >= 2 && m + 1 == n && (long_shot || w.has("Long Shot"))).then_some(true)
            }
            (Attack::At(_), _) => None,
        }
    }

    /// The attack in words, for messages.
    fn describe(self) -> String {
        match self {
            Attack::At(0) | Attack::Melee => "a melee attack".into(),
            Attack::At(n) => format!("range {n}"),
            Attack::Ranged => "a ranged attack".into(),
            Attack::Overrun => "an overrun attack".into(),
        }
    }
}

/// The weapons every attacking mini adds, with the weapons' keywords applied to the attacker,
/// and the weapons' Ram X.
fn weapons<'a>(
    s: &mut Scenario,
    l: &'a Loadout,
    unit: &'a Card,
) -> Result<(Vec<Part<'a>>, u32), Error> {
    let unit_weapons: Vec<&Weapon> = unit.weapons.iter().chain(&l.upgrade_weapons).collect();
    let every: Vec<&Weapon> = unit_weapons
        .iter()
        .copied()
        .chain(l.upgrade_minis.iter().flat_map(|u| &u.weapons))
        .collect();
    let kind = Attack::of(&s.attacker, l, &every);
    s.attacker.melee = matches!(kind, Attack::At(0) | Attack::Melee);
    check_chosen(l, &every, kind, &s.defender)?;
    let pick = Picker {
        l,
        kind,
        aim: s.attacker.aim > 0,
        defender: &s.defender,
    };
    let mut used: Vec<(&Weapon, u32, bool)> = Vec::new();
    if let Attack::Overrun = kind {
        for w in pick.fitting(&every) {
            add(&mut used, w, 1);
        }
    } else {
        let (upgrade_minis, regular) = attacking_minis(l, unit)?;
        for u in &l.upgrade_minis[..upgrade_minis as usize] {
            let own = pick.fitting(&u.weapons.iter().collect::<Vec<_>>());
            // A counterpart's mini attacks with its own weapons only.
            let chosen = match (own.is_empty(), u.kind) {
                (false, _) | (true, Kind::Counterpart) => own,
                (true, _) => pick.fitting(&sidearm_allowed(u, &unit_weapons, kind)),
            };
            for w in pick.limit(chosen, &unit.full_name())? {
                add(&mut used, w, 1);
            }
        }
        if regular > 0 {
            for w in pick.limit(pick.fitting(&unit_weapons), &unit.full_name())? {
                add(&mut used, w, regular);
            }
        }
    }
    if used.is_empty() {
        return Err(no_weapon(unit, &every, kind));
    }
    if used.iter().any(|u| u.2) {
        s.attacker.aim -= 1;
        s.notes
            .push("Long Shot: one aim token spent for +1 maximum range".into());
    }
    let ram = apply_weapon_keywords(s, &used);
    let parts = used
        .iter()
        .map(|&(w, copies, _)| Part {
            weapon: Some(w),
            dice: w.dice,
            copies,
            keywords: from_card::dice_keywords(w),
        })
        .collect();
    Ok((parts, ram))
}

/// Adds `copies` of `w` to the pool (the weapon once, its copies summed).
fn add<'a>(used: &mut Vec<(&'a Weapon, u32, bool)>, w: (&'a Weapon, bool), copies: u32) {
    match used.iter_mut().find(|u| std::ptr::eq(u.0, w.0)) {
        Some(u) => u.1 = u.1.saturating_add(copies),
        None => used.push((w.0, copies, w.1)),
    }
}

/// How many upgrade minis and regular minis attack: `minis N` counts upgrade minis first.
fn attacking_minis(l: &Loadout, unit: &Card) -> Result<(u32, u32), Error> {
    let upgrades = l.upgrade_minis.len() as u32;
    let own = unit.stats.as_ref().map_or(1, |s| s.minis);
    let all = own.saturating_add(upgrades);
    let n = l.minis.unwrap_or(all);
    if all == 0 {
        return Err(Error::about(
            Some(Input::Attacker),
            format!(
            "attacker SPEC: {} has no minis of its own (they come from its upgrades): add them \
             with '+@UPGRADE'",
            unit.full_name()
        ),
        ));
    }
    if n > all {
        return Err(Error::about(
            Some(Input::Attacker),
            format!(
                "attacker SPEC: minis {n}, but {} has {all} minis{}",
                unit.full_name(),
                if upgrades > 0 {
                    " with its upgrades"
                } else {
                    ""
                }
            ),
        ));
    }
    Ok((n.min(upgrades), n - n.min(upgrades)))
}

/// The unit's weapons an upgrade mini may use: Sidearm keeps the mini to its own weapons of a
/// kind, so it may add only the unit's weapons of the other kind.
fn sidearm_allowed<'a>(u: &Card, unit_weapons: &[&'a Weapon], kind: Attack) -> Vec<&'a Weapon> {
    let Some((melee, ranged)) = sidearm_kinds(u) else {
        return unit_weapons.to_vec();
    };
    let barred = match kind {
        Attack::At(0) | Attack::Melee => melee,
        Attack::Overrun => false,
        _ => ranged,
    };
    if barred {
        Vec::new()
    } else {
        unit_weapons.to_vec()
    }
}

/// Which kinds of attack an upgrade's Sidearm keeps to its own weapons (melee, ranged), `None`
/// without Sidearm. The card's value names them ("Melee", "Ranged", "Melee, Ranged"); a Sidearm
/// printed without one (as Legion HQ's data gives the T-Series Tactical Droid's) is of the kind
/// of the weapons that carry it, else of the card's weapons: the rulebook's own example has the
/// T-Series droid, whose only weapon is ranged, add its unit's melee weapon. Weapons of both
/// kinds, or none, keep both.
fn sidearm_kinds(u: &Card) -> Option<(bool, bool)> {
    let k = u.keywords.iter().find(|k| same(&k.name, "Sidearm"))?;
    let text = k.describe().to_lowercase();
    let named = (text.contains("melee"), text.contains("ranged"));
    if named != (false, false) {
        return Some(named);
    }
    let carrying: Vec<&Weapon> = u.weapons.iter().filter(|w| w.has("Sidearm")).collect();
    let weapons: Vec<&Weapon> = match carrying.is_empty() {
        true => u.weapons.iter().collect(),
        false => carrying,
    };
    let melee = weapons.iter().any(|w| w.reach.reaches(0));
    let ranged = weapons
        .iter()
        .any(|w| matches!(w.reach, Reach::Span { max, .. } if max.is_none_or(|m| m >= 1)));
    match (melee, ranged) {
        (false, false) => Some((true, true)),
        kinds => Some(kinds),
    }
}

/// Chooses the weapons that may join: the attack's kind, the `weapon` items, the defender's
/// Immune: Range 1 Weapons and Arsenal.
struct Picker<'a> {
    l: &'a Loadout,
    kind: Attack,
    aim: bool,
    defender: &'a Defender,
}

impl Picker<'_> {
    /// The weapons of `from` that fit the attack and the choice, each with whether it needs
    /// Long Shot's aim.
    fn fitting<'w>(&self, from: &[&'w Weapon]) -> Vec<(&'w Weapon, bool)> {
        from.iter()
            .filter(|w| self.l.chosen.is_empty() || self.l.chosen.iter().any(|c| same(c, &w.name)))
            .filter(|w| !(self.defender.immune_range_1 && range_1(w)))
            .filter_map(|w| {
                let fit = self.kind.fits(w, self.l.long_shot)?;
                (!fit || self.aim).then_some((*w, fit))
            })
            .collect()
    }

    /// The weapons one mini adds: all that fit, at most Arsenal X (1 without it).
    fn limit<'w>(
        &self,
        fitting: Vec<(&'w Weapon, bool)>,
        unit: &str,
    ) -> Result<Vec<(&'w Weapon, bool)>, Error> {
        let most = self.l.arsenal.max(1) as usize;
        if fitting.len() <= most {
            return Ok(fitting);
        }
        let names: Vec<String> = fitting.iter().map(|(w, _)| weapon_line(w)).collect();
        let how = match self.l.chosen.is_empty() {
            true => "choose with 'weapon NAME' or 'range N'",
            false => "choose fewer with 'weapon NAME'",
        };
        Err(Error::about(Some(Input::Attacker),format!(
            "attacker SPEC: each mini of {unit} adds {most} weapon{} ({}), and {} fit {}: {how}: {}",
            if most == 1 { "" } else { "s" },
            if self.l.arsenal > 1 { "Arsenal" } else { "no Arsenal" },
            fitting.len(),
            self.kind.describe(),
            names.join(", ")
        )))
    }
}

/// Whether a weapon's maximum range is 1 (Immune: Range 1 Weapons bars it).
fn range_1(w: &Weapon) -> bool {
    matches!(w.reach, Reach::Span { max: Some(1), .. })
}

/// A weapon as messages list it: `E-11 Blaster Rifle (1–3)`.
fn weapon_line(w: &Weapon) -> String {
    format!("{} ({})", w.name, w.reach.describe())
}

/// Every `weapon NAME` must name a weapon of the unit or its upgrades that fits the attack.
fn check_chosen(l: &Loadout, every: &[&Weapon], kind: Attack, d: &Defender) -> Result<(), Error> {
    let listed = || {
        every
            .iter()
            .map(|w| weapon_line(w))
            .collect::<Vec<_>>()
            .join(", ")
    };
    for c in &l.chosen {
        // Two weapons may share a name (a melee and a ranged one): the one that fits is meant.
        let named: Vec<&&Weapon> = every.iter().filter(|w| same(&w.name, c)).collect();
        let fitting = named.iter().find(|w| kind.fits(w, l.long_shot).is_some());
        let Some(w) = fitting.or(named.first()) else {
            let near = crate::data::nearest(c, every.iter().map(|w| w.name.as_str()));
            return Err(Error::about(
                Some(Input::Attacker),
                format!(
                    "attacker SPEC, item 'weapon {}': no such weapon{}; the weapons are {}",
                    crate::error::quote(c),
                    near.map(|n| format!(" (did you mean '{n}'?)"))
                        .unwrap_or_default(),
                    listed()
                ),
            ));
        };
        if d.immune_range_1 && range_1(w) {
            return Err(Error::about(
                Some(Input::Attacker),
                format!(
                "attacker SPEC, item 'weapon {}': the defender has Immune: Range 1 Weapons, and \
                 its range is {}",
                w.name,
                w.reach.describe()
            ),
            ));
        }
        if kind.fits(w, l.long_shot).is_none() {
            let fix = match w.reach {
                Reach::Overrun => "give 'overrun' for an overrun attack",
                _ => "give 'range N' or 'melee' to match",
            };
            return Err(Error::about(
                Some(Input::Attacker),
                format!(
                    "attacker SPEC, item 'weapon {}': its range is {}, so it can't join {} ({fix})",
                    w.name,
                    w.reach.describe(),
                    kind.describe()
                ),
            ));
        }
    }
    Ok(())
}

/// "No weapon fits": the unit's weapons and how to choose.
fn no_weapon(unit: &Card, every: &[&Weapon], kind: Attack) -> Error {
    let listed: Vec<String> = every.iter().map(|w| weapon_line(w)).collect();
    Error::about(
        Some(Input::Attacker),
        format!(
            "attacker SPEC: no weapon of {} can join {}{}: its weapons are {}",
            unit.full_name(),
            kind.describe(),
            match kind {
                Attack::At(_) => " (Long Shot needs an aim token to reach one further)",
                _ => "",
            },
            if listed.is_empty() {
                "none".into()
            } else {
                listed.join(", ")
            }
        ),
    )
}

/// The used weapons' other keywords, once per weapon: values add up, flags are on if any
/// weapon has them, High Velocity only if every weapon has it. Returns the weapons' Ram X,
/// which applies only when the unit moved.
fn apply_weapon_keywords(s: &mut Scenario, used: &[(&Weapon, u32, bool)]) -> u32 {
    let every_high_velocity = used.iter().all(|u| u.0.has("High Velocity"));
    let mut ram = 0;
    for (w, _, _) in used {
        for k in &w.keywords {
            let Some((field, v)) = from_card::resolve(k, Role::Attacker, &w.name, &mut s.notes)
            else {
                continue;
            };
            match field {
                Field::HighVelocity => s.attacker.high_velocity |= every_high_velocity,
                Field::Ram => ram += v,
                // Applied as the weapons are chosen.
                Field::LongShot => {}
                f if DiceKeywords::holds(f) => {}
                f => {
                    if let Err(e) = set_attacker_field(&mut s.attacker, f, v) {
                        s.notes.push(format!(
                            "Legion HQ keyword not modelled: {} ({}: {e})",
                            k.describe(),
                            w.name
                        ));
                    }
                }
            }
        }
    }
    ram
}

/// Whether a card unit attacks with no weapon of its own, its upgrades' or their minis'.
fn unarmed(unit: &Card, l: &Loadout) -> bool {
    unit.weapons.is_empty()
        && l.upgrade_weapons.is_empty()
        && l.upgrade_minis.iter().all(|u| u.weapons.is_empty())
}

/// A weapon of the pool, and its keywords, in the provenance.
fn record(provenance: &mut Provenance, p: &Part) {
    let Some(w) = p.weapon else {
        return;
    };
    provenance.weapons.push(UsedWeapon {
        name: w.name.clone(),
        reach: w.reach.describe(),
        dice: p.dice,
        copies: p.copies,
    });
    for k in &w.keywords {
        provenance.apply(Role::Attacker, k.describe(), format!("weapon {}", w.name));
    }
}

/// One weapon's dice in the pool: its copies (times the defender's minis with Spray), then
/// Cumbersome's downgrades, then the upgrades of Anti-Materiel, Anti-Personnel, Assault and
/// Sniper Team (`sniper`: it acts), one effect after another, each where its condition holds (a
/// note says what to add where it can't tell).
fn part_dice(
    p: &Part,
    l: &Loadout,
    d: &Defender,
    sniper: bool,
    notes: &mut Vec<String>,
) -> [u32; 3] {
    let k = &p.keywords;
    let name = p.weapon.map_or("the pool".to_string(), |w| w.name.clone());
    let mut copies = p.copies;
    if k.spray {
        let minis = d.minis.unwrap_or_else(|| {
            notes.push(format!(
                "Spray ({name}): the defender's minis are not given; counted as 1 (add 'minis N' \
                 to the defender)"
            ));
            1
        });
        copies = copies.saturating_mul(minis);
    }
    // Saturating: an absurd pool is refused by the attack's dice limit, not by an overflow.
    let mut dice = p.dice.map(|n| n.saturating_mul(copies));
    if k.cumbersome && l.moved {
        dice = downgrade_each(dice);
    }
    // Each effect upgrades its own dice: the rulebook forbids only a second upgrade of a die
    // "by the same effect", so a white die that two effects upgrade becomes red.
    for (x, wanted, word) in [
        (k.anti_materiel, UnitType::Vehicle, "Anti-Materiel"),
        (k.anti_personnel, UnitType::Trooper, "Anti-Personnel"),
    ] {
        match (x, d.unit_type) {
            (0, _) => {}
            (x, Some(t)) if t == wanted => dice = upgrade(dice, x),
            (_, Some(_)) => {}
            (x, None) => notes.push(format!(
                "{word} {x} ({name}): the defender's unit type is not given (add 'trooper' or \
                 'vehicle' to the defender)"
            )),
        }
    }
    match (k.assault, l.within) {
        (0, _) => {}
        (x, Some(r)) if r <= 1 => dice = upgrade(dice, x),
        (x, _) => notes.push(format!(
            "Assault {x} ({name}): applies only within range 1: add 'within 1' to the attacker"
        )),
    }
    if sniper {
        dice = upgrade(dice, dice.iter().fold(0, |u: u32, &n| u.saturating_add(n)));
        notes.push(format!(
            "Sniper Team ({name}): every die upgraded (the unit has not moved)"
        ));
    }
    dice
}

/// Upgrades up to `x` dice one step each (white → black → red): whites first, then blacks.
pub(crate) fn upgrade(d: [u32; 3], x: u32) -> [u32; 3] {
    let w = x.min(d[2]);
    let b = (x - w).min(d[1]);
    [
        d[0].saturating_add(b),
        (d[1] - b).saturating_add(w),
        d[2] - w,
    ]
}

/// Downgrades every die one step (red → black → white); a white die stays white.
pub(crate) fn downgrade_each(d: [u32; 3]) -> [u32; 3] {
    [0, d[0], d[1].saturating_add(d[2])]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn upgrades_take_whites_first_and_downgrades_every_die() {
        assert_eq!(upgrade([0, 1, 2], 1), [0, 2, 1]);
        assert_eq!(upgrade([0, 1, 2], 3), [1, 2, 0]);
        assert_eq!(upgrade([1, 1, 1], 10), [2, 1, 0]);
        assert_eq!(downgrade_each([2, 1, 1]), [0, 2, 2]);
    }
}
