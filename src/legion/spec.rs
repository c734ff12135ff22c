//! Legion SPECs: `"4 red, 2 black, surge crit, aim 1, Pierce 1"`, comma-separated, any case.
//! Item names come from `data/legion/keywords.yaml`; this file gives each its field.

use super::cards::{Cards, Kind};
use super::from_card;
use super::pool::{self, Loadout};
use super::scenario::Scenario;
use super::units::UnitType;
use super::units::{AttackSurge, Attacker, Defender, DefenseDie};
use crate::data::{self, DataError};
use crate::error::quote;
use crate::error::Error;
use crate::swtcg::keywords::normalize;
use serde::Deserialize;
use std::collections::HashMap;
use std::sync::OnceLock;

/// The largest count any SPEC item may carry.
pub const MAX_COUNT: u32 = 100;

const FILE: &str = "data/legion/keywords.yaml";
const YAML: &str = include_str!("../../data/legion/keywords.yaml");

/// The SPEC a unit is given in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Role {
    Attacker,
    Defender,
    Guardian,
}

impl Role {
    /// The SPEC's name, as messages say it.
    pub(crate) fn name(self) -> &'static str {
        match self {
            Role::Attacker => "attacker",
            Role::Defender => "defender",
            Role::Guardian => "guardian",
        }
    }
}

/// The unit field an item sets.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Field {
    Red,
    Black,
    White,
    Melee,
    Ranged,
    Aim,
    Observation,
    Precise,
    SurgeHit,
    SurgeCrit,
    SurgeTokens,
    Critical,
    Sharpshooter,
    Blast,
    HighVelocity,
    Impact,
    Lethal,
    Ram,
    Duelist,
    Marksman,
    Pierce,
    RedDefense,
    WhiteDefense,
    SurgeBlock,
    Dodge,
    Cover,
    CoverNone,
    CoverLight,
    CoverHeavy,
    CoverKeyword,
    Suppression,
    Courage,
    LowProfile,
    Outmaneuver,
    Armor,
    ArmorX,
    Shielded,
    Backup,
    Guardian,
    DangerSense,
    Impervious,
    UncannyLuck,
    Block,
    Deflect,
    ImmunePierce,
    Overrun,
    Ion,
    Primitive,
    ImmuneDeflect,
    JediHunter,
    HoldTheLine,
    CompleteTheMission,
    DeathFromAbove,
    AdvancedTargeting,
    Makashi,
    JarKai,
    Vaapad,
    Wounded,
    Smoke,
    ImmuneMeleePierce,
    ImmuneBlast,
    ImmuneMelee,
    WeakPoint,
    ForceUser,
    Shien,
    Soresu,
    DjemSo,
    NotRegs,
    Unconcerned,
    Weapon,
    Range,
    Minis,
    Wounds,
    Moved,
    Within,
    Trooper,
    Vehicle,
    Arsenal,
    Spray,
    AntiMateriel,
    AntiPersonnel,
    Assault,
    Cumbersome,
    SniperTeam,
    LongShot,
    ImmuneRange1,
    None,
}

/// Whether an item is computed, recognised as irrelevant to dice, or refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Default)]
#[serde(rename_all = "kebab-case")]
pub enum Status {
    #[default]
    Modelled,
    NoDiceEffect,
    NotModelled,
}

/// One SPEC item as the data file defines it.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Keyword {
    pub name: String,
    #[serde(default)]
    pub aliases: Vec<String>,
    pub value: crate::swtcg::keywords::ValueKind,
    pub roles: Vec<Role>,
    pub step: String,
    pub sets: Field,
    #[serde(default)]
    pub status: Status,
    #[serde(default)]
    pub reason: Option<String>,
}

/// The item table: lookup by (name, whether a value is given).
#[derive(Debug)]
pub struct Keywords {
    list: Vec<Keyword>,
    by_name: HashMap<(String, bool), usize>,
}

impl Keywords {
    /// The items shipped in the binary.
    pub fn builtin() -> &'static Keywords {
        static TABLE: OnceLock<Keywords> = OnceLock::new();
        TABLE.get_or_init(|| {
            Keywords::load(FILE, YAML)
                .unwrap_or_else(|e| panic!("the embedded Legion keyword data is malformed: {e}"))
        })
    }

    /// Parses and validates an item file.
    pub fn load(file: &str, text: &str) -> Result<Keywords, DataError> {
        let list: Vec<Keyword> = data::parse(file, text)?;
        let mut by_name = HashMap::new();
        for (i, k) in list.iter().enumerate() {
            let valued = k.value != crate::swtcg::keywords::ValueKind::None;
            for n in std::iter::once(&k.name).chain(&k.aliases) {
                if by_name.insert((normalize(n), valued), i).is_some() {
                    return Err(data::item_error(
                        file,
                        text,
                        &k.name,
                        format!("the name '{n}' is defined twice"),
                    ));
                }
            }
            if k.status != Status::Modelled && k.reason.is_none() {
                return Err(data::item_error(
                    file,
                    text,
                    &k.name,
                    "an item that is not modelled needs a reason".into(),
                ));
            }
        }
        Ok(Keywords { list, by_name })
    }

    /// Every item, in the data file's order.
    pub fn all(&self) -> &[Keyword] {
        &self.list
    }

    fn get(&self, name: &str, valued: bool) -> Option<&Keyword> {
        self.by_name
            .get(&(normalize(name), valued))
            .map(|&i| &self.list[i])
    }

    fn nearest(&self, name: &str) -> Option<&str> {
        let names = self
            .list
            .iter()
            .flat_map(|k| std::iter::once(&k.name).chain(&k.aliases));
        data::nearest(&normalize(name), names.map(String::as_str))
    }
}

impl Scenario {
    /// Parses the three SPECs.
    ///
    /// ```
    /// use holodice::legion::Scenario;
    /// let s = Scenario::parse("4 red, surge crit, aim 1", "white defense, cover light", None).unwrap();
    /// assert_eq!(s.attacker.dice, [4, 0, 0]);
    /// assert_eq!(s.defender.cover, 1);
    /// ```
    pub fn parse(
        attacker: &str,
        defender: &str,
        guardian: Option<&str>,
    ) -> Result<Scenario, Error> {
        Scenario::parse_with(attacker, defender, guardian, Cards::none())
    }

    /// Parses the three SPECs, whose `@Name` items name units of `cards`, and forms the
    /// attacker's pool.
    pub fn parse_with(
        attacker: &str,
        defender: &str,
        guardian: Option<&str>,
        cards: &Cards,
    ) -> Result<Scenario, Error> {
        let mut s = Scenario::new(
            Attacker::default(),
            Defender::default(),
            guardian.map(|_| Defender::default()),
        );
        let mut loadout = Loadout::default();
        for (role, spec) in [
            (Role::Attacker, Some(attacker)),
            (Role::Defender, Some(defender)),
            (Role::Guardian, guardian),
        ] {
            let Some(spec) = spec.filter(|s| !s.trim().is_empty()) else {
                continue;
            };
            for raw in spec.split(',') {
                item(&mut s, &mut loadout, role, raw.trim(), cards)?;
            }
        }
        s.check_units()?;
        pool::form(&mut s, &loadout)?;
        if s.attacker.dice.iter().sum::<u32>() == 0 {
            return Err(Error::Input(match loadout.unit {
                Some(_) => "the attacker's pool has no dice: its weapons have none on the card; \
                            add some, as in '1 black'"
                    .into(),
                None => "the attacker SPEC has no dice: add some, as in '4 red, 2 black'".into(),
            }));
        }
        let mut seen = std::collections::HashSet::new();
        s.notes.retain(|n| seen.insert(n.clone()));
        Ok(s)
    }

    /// The defender's and guardian's required items, and their wounds and minis.
    fn check_units(&self) -> Result<(), Error> {
        if self.defender.die.is_none() {
            return Err(Error::Input(
                "the defender SPEC has no defense die: add 'red defense' or 'white defense'".into(),
            ));
        }
        check_wounds("defender", &self.defender)?;
        if let Some(g) = &self.guardian {
            if g.die.is_none() {
                return Err(Error::Input(
                    "the guardian SPEC has no defense die: add 'red defense' or 'white defense'"
                        .into(),
                ));
            }
            if g.guardian == 0 {
                return Err(Error::Input(
                    "the guardian SPEC has no Guardian X: add one, as in 'Guardian 2'".into(),
                ));
            }
            check_wounds("guardian", g)?;
        }
        Ok(())
    }
}

/// Wound tokens sit on one mini, fewer than its wounds: more would have defeated it. Without
/// wounds per mini they only count for Vaapad Mastery, and no minis defeated are reported.
fn check_wounds(role: &str, d: &Defender) -> Result<(), Error> {
    match d.wounds {
        Some(w) if d.wounded >= w => Err(Error::Input(format!(
            "the {role} SPEC has 'wounded {}', but a mini has {w} wounds: wound tokens sit on one \
             mini, so give fewer than {w} and lower 'minis N' by the minis defeated",
            d.wounded
        ))),
        _ => Ok(()),
    }
}

/// Reads one SPEC item into the scenario (and, for the attacker, its loadout).
fn item(
    s: &mut Scenario,
    l: &mut Loadout,
    role: Role,
    item: &str,
    cards: &Cards,
) -> Result<(), Error> {
    let fail = |message: String| Error::Spec {
        role: role.name().to_string(),
        item: item.to_string(),
        message,
    };
    if let Some(name) = item.strip_prefix("+@") {
        let card = cards.find(name, Kind::Upgrade).map_err(fail)?;
        return from_card::upgrade(s, l, role, card).map_err(fail);
    }
    if let Some(name) = item.strip_prefix('@') {
        from_card::unit(s, l, role, cards.find(name, Kind::Unit).map_err(fail)?);
        return Ok(());
    }
    if let Some(name) = weapon_name(item) {
        if role != Role::Attacker {
            return Err(fail("weapon belongs in the attacker SPEC".into()));
        }
        l.chosen.push(name.to_string());
        return Ok(());
    }
    let (keyword, value) = lookup(item).map_err(fail)?;
    if !keyword.roles.contains(&role) {
        let allowed: Vec<&str> = keyword.roles.iter().map(|r| r.name()).collect();
        return Err(fail(format!(
            "{} belongs in the {} SPEC",
            keyword.name,
            allowed.join(" or ")
        )));
    }
    match keyword.status {
        Status::NotModelled => {
            return Err(Error::NotModelled {
                keyword: keyword.name.clone(),
                reason: keyword.reason.clone().unwrap_or_default(),
            })
        }
        Status::NoDiceEffect => s.notes.push(format!(
            "{}: no effect on dice ({})",
            keyword.name,
            keyword.reason.clone().unwrap_or_default()
        )),
        Status::Modelled => {}
    }
    set(s, l, role, keyword.sets, value).map_err(fail)
}

/// `weapon NAME`: the name, if the item is one.
fn weapon_name(item: &str) -> Option<&str> {
    let (first, rest) = item.split_once(char::is_whitespace)?;
    (first.eq_ignore_ascii_case("weapon") && !rest.trim().is_empty()).then(|| rest.trim())
}

/// Sets the field an item names on the unit of `role`.
pub(crate) fn set(
    s: &mut Scenario,
    l: &mut Loadout,
    role: Role,
    field: Field,
    v: u32,
) -> Result<(), String> {
    match role {
        Role::Attacker => set_attacker(&mut s.attacker, l, field, v),
        Role::Defender => set_defender(&mut s.defender, field, v),
        Role::Guardian => set_defender(s.guardian.get_or_insert_with(Defender::default), field, v),
    }
}

/// The SPECs an item may appear in, if it is a known item.
pub fn roles_of(item: &str) -> Option<Vec<Role>> {
    lookup(item.trim()).ok().map(|(k, _)| k.roles.clone())
}

/// The canonical name of an item, if it is a known item.
pub fn name_of(item: &str) -> Option<String> {
    lookup(item.trim()).ok().map(|(k, _)| k.name.clone())
}

/// Finds the item for `text`: a name, with a number after it (or before it: `4 red`).
pub(crate) fn lookup(text: &str) -> Result<(&'static Keyword, u32), String> {
    if text.is_empty() {
        return Err("empty item (two commas in a row?)".into());
    }
    let keywords = Keywords::builtin();
    let words: Vec<&str> = text.split_whitespace().collect();
    let numeric = |w: &str| {
        let digits = w.strip_prefix(['+', '-']).unwrap_or(w);
        !digits.is_empty() && digits.chars().all(|c| c.is_ascii_digit())
    };
    let (name, number) = match words.as_slice() {
        [first, rest @ ..] if numeric(first) && !rest.is_empty() => (rest.join(" "), Some(*first)),
        [rest @ .., last] if numeric(last) && !rest.is_empty() => (rest.join(" "), Some(*last)),
        _ => (text.to_string(), None),
    };
    let Some(keyword) = keywords.get(&name, number.is_some()) else {
        if keywords.get(&name, number.is_none()).is_some() {
            return Err(match number {
                Some(_) => format!("'{}' takes no number", quote(&name)),
                None => format!("'{0}' needs a number, as in '{0} 1'", quote(&name)),
            });
        }
        return Err(
            match suggestion(keywords, &name, number, numeric(first_word(text))) {
                Some(near) => format!("unknown item '{}'; did you mean '{near}'?", quote(&name)),
                None => {
                    format!(
                        "unknown item '{}' (holodice legion keywords lists the SPEC items)",
                        quote(&name)
                    )
                }
            },
        );
    };
    let value =
        match number {
            None => 0,
            Some(n) => {
                let v: i64 = n.strip_prefix('+').unwrap_or(n).parse().map_err(|_| {
                    match n.starts_with('-') {
                        true => format!("{} can't be negative", keyword.name),
                        false => format!("{} is over the limit of {MAX_COUNT}", quote(n)),
                    }
                })?;
                if v < 0 {
                    return Err(format!("{} can't be negative", keyword.name));
                }
                if v > i64::from(MAX_COUNT) {
                    return Err(format!(
                        "{v} is over the limit of {MAX_COUNT} for {}",
                        keyword.name
                    ));
                }
                v as u32
            }
        };
    Ok((keyword, value))
}

fn first_word(text: &str) -> &str {
    text.split_whitespace().next().unwrap_or("")
}

/// The whole item a misspelt one most likely meant: a number glued to a name split off
/// ("Pierce1" → "Pierce 1", "4red" → "4 red"), else the nearest name with the number where
/// it was.
fn suggestion(
    keywords: &Keywords,
    name: &str,
    number: Option<&str>,
    number_first: bool,
) -> Option<String> {
    if number.is_none() {
        let trailing = name.trim_end_matches(|c: char| c.is_ascii_digit());
        let leading = name.trim_start_matches(|c: char| c.is_ascii_digit());
        if trailing.len() < name.len() && keywords.get(trailing, true).is_some() {
            return Some(format!("{trailing} {}", &name[trailing.len()..]));
        }
        if leading.len() < name.len() && keywords.get(leading, true).is_some() {
            return Some(format!("{} {leading}", &name[..name.len() - leading.len()]));
        }
    }
    let near = keywords.nearest(name)?;
    Some(match number {
        Some(n) if number_first => format!("{n} {near}"),
        Some(n) => format!("{near} {n}"),
        None => near.to_string(),
    })
}

/// The attacker's items that form its pool, then the others.
fn set_attacker(a: &mut Attacker, l: &mut Loadout, field: Field, v: u32) -> Result<(), String> {
    match field {
        Field::Weapon => {
            return Err(
                "'weapon' needs the weapon's name, as in 'weapon E-11 Blaster Rifle'".into(),
            )
        }
        Field::Range => l.range = Some(v),
        Field::Minis => l.minis = Some(v),
        Field::Wounded => a.wounded = v,
        Field::Moved => l.moved = true,
        Field::Within => l.within = Some(v),
        Field::Arsenal => l.arsenal = l.arsenal.max(v),
        Field::LongShot => l.long_shot = true,
        Field::Overrun => {
            a.overrun = true;
            a.melee = false;
        }
        f if l.typed.set(f, v) => {}
        f => return set_attacker_field(a, f, v),
    }
    Ok(())
}

/// The attacker's fields the attack itself reads.
pub(crate) fn set_attacker_field(a: &mut Attacker, field: Field, v: u32) -> Result<(), String> {
    match field {
        Field::Red => a.dice[0] = v,
        Field::Black => a.dice[1] = v,
        Field::White => a.dice[2] = v,
        Field::Melee => (a.melee, a.overrun) = (true, false),
        Field::Ranged => (a.melee, a.overrun) = (false, false),
        Field::Overrun => (a.melee, a.overrun) = (false, true),
        Field::Ion => a.ion += v,
        Field::Primitive => a.primitive = true,
        Field::ImmuneDeflect => a.immune_deflect = true,
        Field::JediHunter => a.jedi_hunter = true,
        Field::HoldTheLine => a.hold_the_line = true,
        Field::CompleteTheMission => a.complete_the_mission = true,
        Field::DeathFromAbove => a.death_from_above = true,
        Field::AdvancedTargeting => a.advanced_targeting += v,
        Field::Makashi => a.makashi = true,
        Field::JarKai => a.jarkai = true,
        Field::Dodge => a.dodge = v,
        Field::Vaapad => a.vaapad = true,
        Field::Aim => a.aim = v,
        Field::Observation => a.observation = v,
        Field::Precise => a.precise += v,
        Field::SurgeHit => a.surge = AttackSurge::Hit,
        Field::SurgeCrit => a.surge = AttackSurge::Crit,
        Field::SurgeTokens => a.surge_tokens = v,
        Field::Critical => a.critical += v,
        Field::Sharpshooter => a.sharpshooter += v,
        Field::Blast => a.blast = true,
        Field::HighVelocity => a.high_velocity = true,
        Field::Impact => a.impact += v,
        Field::Lethal => a.lethal += v,
        Field::Ram => a.ram += v,
        Field::Duelist => a.duelist = true,
        Field::Marksman => a.marksman = true,
        Field::Pierce => a.pierce += v,
        Field::None => {}
        other => return Err(format!("{other:?} is not an attacker item")),
    }
    Ok(())
}

fn set_defender(d: &mut Defender, field: Field, v: u32) -> Result<(), String> {
    match field {
        Field::RedDefense => d.die = Some(DefenseDie::Red),
        Field::WhiteDefense => d.die = Some(DefenseDie::White),
        Field::SurgeBlock => d.surge_block = true,
        Field::SurgeTokens => d.surge_tokens = v,
        Field::Dodge => d.dodge = v,
        Field::Cover if v > 2 => {
            return Err("cover is 0, 1 or 2 (none, light, heavy)".into());
        }
        Field::Cover => d.cover = v,
        Field::CoverNone => d.cover = 0,
        Field::CoverLight => d.cover = 1,
        Field::CoverHeavy => d.cover = 2,
        Field::CoverKeyword => d.cover_keyword += v,
        Field::Suppression => d.suppression = v,
        Field::Courage => d.courage = v,
        Field::LowProfile => d.low_profile = true,
        Field::Outmaneuver => d.outmaneuver = true,
        Field::Armor => d.armor = true,
        Field::ArmorX => d.armor_x += v,
        Field::Shielded => d.shielded += v,
        Field::Backup => d.backup = true,
        Field::Guardian => d.guardian += v,
        Field::DangerSense => d.danger_sense += v,
        Field::Impervious => d.impervious = true,
        Field::UncannyLuck => d.uncanny_luck += v,
        Field::Block => d.block = true,
        Field::Deflect => d.deflect = true,
        Field::ImmunePierce => d.immune_pierce = true,
        Field::Duelist => d.duelist = true,
        Field::Smoke => d.smoke = v,
        Field::ImmuneMeleePierce => d.immune_melee_pierce = true,
        Field::ImmuneBlast => d.immune_blast = true,
        Field::ImmuneMelee => d.immune_melee = true,
        Field::WeakPoint => d.weak_point += v,
        Field::ForceUser => d.force_user = true,
        Field::HoldTheLine => d.hold_the_line = true,
        Field::CompleteTheMission => d.complete_the_mission = true,
        Field::Shien => d.shien = true,
        Field::Soresu => d.soresu = true,
        Field::DjemSo => d.djem_so = true,
        Field::Vaapad => d.vaapad = true,
        Field::Wounded => d.wounded = v,
        Field::NotRegs => d.not_regs = true,
        Field::Unconcerned => d.unconcerned = true,
        Field::Wounds if v == 0 => return Err("a mini has at least 1 wound".into()),
        Field::Wounds => d.wounds = Some(v),
        Field::Minis if v == 0 => return Err("a unit has at least 1 mini".into()),
        Field::Minis => d.minis = Some(v),
        Field::Trooper => d.unit_type = Some(UnitType::Trooper),
        Field::Vehicle => d.unit_type = Some(UnitType::Vehicle),
        Field::ImmuneRange1 => d.immune_range_1 = true,
        Field::None => {}
        other => return Err(format!("{other:?} is not a defender item")),
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(a: &str, d: &str) -> String {
        Scenario::parse(a, d, None).unwrap_err().to_string()
    }

    #[test]
    fn parses_dice_both_ways_and_word_values() {
        let s = Scenario::parse(
            "4 red, black 2, 1 WHITE, surge crit, aim 2, Pierce 1",
            "red defense, surge block, cover heavy, Armor 1, Immune: Pierce, dodge 1",
            Some("Guardian 2, white defense, Deflect"),
        )
        .unwrap();
        assert_eq!(s.attacker.dice, [4, 2, 1]);
        assert_eq!(s.attacker.surge, AttackSurge::Crit);
        assert_eq!((s.attacker.aim, s.attacker.pierce), (2, 1));
        assert_eq!(s.defender.die, Some(DefenseDie::Red));
        assert_eq!((s.defender.cover, s.defender.armor_x), (2, 1));
        assert!(!s.defender.armor && s.defender.immune_pierce && s.defender.surge_block);
        let g = s.guardian.unwrap();
        assert_eq!(
            (g.guardian, g.die, g.deflect),
            (2, Some(DefenseDie::White), true)
        );
    }

    #[test]
    fn bad_items_name_the_fix() {
        assert!(err("4 red", "").contains("no defense die"));
        assert!(err("", "red defense").contains("no dice"));
        assert!(err("4 rde", "red defense").contains("did you mean '4 red'?"));
        assert!(err("4red", "red defense").contains("did you mean '4 red'?"));
        assert!(err("4 red, Pierce1", "red defense").contains("did you mean 'Pierce 1'?"));
        assert!(err("4 red, Peirce 1", "red defense").contains("did you mean 'Pierce 1'?"));
        assert!(err("4 red, xyzzy", "red defense").contains("holodice legion keywords"));
        assert!(err("4 red, Pierce", "red defense").contains("needs a number"));
        assert!(err("4 red, Blast 2", "red defense").contains("takes no number"));
        assert!(err("-1 red", "red defense").contains("can't be negative"));
        assert!(err("4 red, cover light", "red defense").contains("belongs in the defender SPEC"));
        assert!(err("4 red, Jump 1, Marksman 1", "red defense").contains("takes no number"));
        let s =
            Scenario::parse("4 red, Ram 1, Duelist, melee", "red defense, Duelist", None).unwrap();
        assert!(s.attacker.duelist && s.defender.duelist && s.attacker.ram == 1);
        assert!(err("4 red", "red defense, cover 3").contains("0, 1 or 2"));
        assert!(err("101 red", "red defense").contains("limit of 100"));
        assert!(err("4 red", "red defense,,dodge 1").contains("empty item"));
    }
}
