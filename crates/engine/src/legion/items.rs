//! The Legion SPEC items: the table `data/legion/keywords.yaml` holds (each item's name, value,
//! roles, step and the unit field it sets), and finding an item from its text.

use crate::data::{self, DataError};
use crate::error::quote;
use crate::swtcg::keywords::{normalize, ValueKind};
use serde::Deserialize;
use std::collections::HashMap;
use std::sync::OnceLock;

/// The largest count any SPEC item may carry.
pub const MAX_COUNT: u32 = 100;

const FILE: &str = "data/legion/keywords.yaml";
const YAML: &str = include_str!("../../../../data/legion/keywords.yaml");

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
    pub fn name(self) -> &'static str {
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
    CourageNone,
    LowProfile,
    DugIn,
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

/// Whether an item is computed, recognised as irrelevant to dice, or refused: not modelled
/// yet, or a spelling that could mean two items (its reason says which, and how to write each).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Default)]
#[serde(rename_all = "kebab-case")]
pub enum Status {
    #[default]
    Modelled,
    NoDiceEffect,
    NotModelled,
    Ambiguous,
}

/// One SPEC item as the data file defines it.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Keyword {
    pub name: String,
    #[serde(default)]
    pub aliases: Vec<String>,
    pub value: ValueKind,
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
            let valued = k.value != ValueKind::None;
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
