//! The Legion SPEC items: the table `data/legion/keywords.yaml` holds (each item's name, value,
//! roles, step and the unit field it sets), and finding an item from its text.

use crate::data::{self, DataError};
use crate::error::quote;
use crate::names::{did_you_mean, longer_names};
use crate::swtcg::keywords::{normalize, ValueKind};
use serde::Deserialize;
use std::collections::HashMap;
use std::sync::OnceLock;

/// The largest count any SPEC item may carry.
const MAX_COUNT: u32 = 100;

const FILE: &str = "data/legion/keywords.yaml";
const YAML: &str = include_str!("../../../../data/legion/keywords.yaml");

/// The SPEC a unit is given in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Role {
    /// The attacking unit.
    Attacker,
    /// The defending unit.
    Defender,
    /// A unit that uses Guardian X to take hits for the defender.
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

/// The unit field an item sets (its `sets` in the data file), named by the item that sets it;
/// a variant's X or N is the number the item is written with.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Field {
    /// `red N`: N red attack dice (5 hit, 1 crit, 1 surge, 1 blank of 8 faces).
    Red,
    /// `black N`: N black attack dice (3 hit, 1 crit, 1 surge, 3 blank of 8 faces).
    Black,
    /// `white N`: N white attack dice (1 hit, 1 crit, 1 surge, 5 blank of 8 faces).
    White,
    /// `melee` (or Charge): a melee attack: no cover, Guardian, Backup, Shielded or Deflect.
    Melee,
    /// `ranged`: a ranged attack (the default).
    Ranged,
    /// `aim N`: N aim tokens, each rerolling up to 2 attack dice.
    Aim,
    /// `observation N`: N observation tokens to spend, each rerolling 1 attack die after the aims.
    Observation,
    /// Precise X: each aim token rerolls X more attack dice.
    Precise,
    /// `surge hit`: the attack surge chart turns surges into hits.
    SurgeHit,
    /// `surge crit`: the attack surge chart turns surges into crits.
    SurgeCrit,
    /// `surge tokens N`: N surge tokens, each turning a surge the chart leaves into a hit
    /// (attacking) or a block (defending).
    SurgeTokens,
    /// Critical X: up to X attack surges become crits, before the surge chart.
    Critical,
    /// Sharpshooter X: the defender's cover is X lower.
    Sharpshooter,
    /// Blast: the defender gets no cover.
    Blast,
    /// High Velocity: the defender spends no dodge tokens, and Deflect does nothing.
    HighVelocity,
    /// Impact X: up to X hits become crits against Armor or Armor X.
    Impact,
    /// Lethal X: up to X aim tokens left after the rerolls give Pierce 1 each.
    Lethal,
    /// Ram X: up to X blanks, then hits, become crits.
    Ram,
    /// Duelist: in melee, an aim token spent gives the attacker Pierce 1, a dodge token spent
    /// gives the defender Immune: Pierce.
    Duelist,
    /// Marksman: each aim token left turns a blank into a hit or a hit into a crit.
    Marksman,
    /// Pierce X: cancels up to X blocks.
    Pierce,
    /// `red defense`: the unit rolls red defense dice (3 block, 1 surge, 2 blank of 6 faces).
    RedDefense,
    /// `white defense`: the unit rolls white defense dice (1 block, 1 surge, 4 blank of 6 faces).
    WhiteDefense,
    /// `surge block`: the defense surge chart turns surges into blocks.
    SurgeBlock,
    /// `dodge N`: N dodge tokens; defending, each cancels a hit (Jar'Kai and Soresu spend
    /// them too).
    Dodge,
    /// `terrain cover N`: the terrain's cover, 0 none, 1 light, 2 heavy.
    Cover,
    /// `cover none`: no cover from terrain.
    CoverNone,
    /// `cover light`: light cover, whose blocks cancel hits.
    CoverLight,
    /// `cover heavy`: heavy cover, whose blocks and surges cancel hits.
    CoverHeavy,
    /// Cover X (`Cover keyword N`): the unit's cover is X better, heavy at most.
    CoverKeyword,
    /// `suppression N`: N suppression tokens on the unit.
    Suppression,
    /// `courage N`: the unit is suppressed at N suppression tokens or more.
    Courage,
    /// `courage none`: a courage of "—": the unit is never suppressed.
    CourageNone,
    /// Low Profile: the cover roll has one die fewer and one block more.
    LowProfile,
    /// Dug In: cover is rolled with red defense dice.
    DugIn,
    /// Outmaneuver: dodge tokens cancel crits too, crits first.
    Outmaneuver,
    /// Armor: cancels every hit (crits stay).
    Armor,
    /// Armor X: cancels up to X hits.
    ArmorX,
    /// Shielded X: X shield tokens, cancelling up to X results of a ranged attack, crits first.
    Shielded,
    /// Backup: cancels up to 2 hits of a ranged attack.
    Backup,
    /// Guardian X: the guardian takes up to X hits of a ranged attack and rolls its own defense.
    Guardian,
    /// Danger Sense X: one more defense die per suppression token, up to X.
    DangerSense,
    /// Impervious: the attacker's Pierce is 1 lower.
    Impervious,
    /// Uncanny Luck X: rerolls up to X defense dice.
    UncannyLuck,
    /// Block: after a dodge token is spent, defense surges become blocks.
    Block,
    /// Deflect: against a ranged attack defense surges become blocks, and any surge wounds
    /// the attacker once.
    Deflect,
    /// Immune: Pierce: the attacker's Pierce cancels no blocks.
    ImmunePierce,
    /// `overrun`: an overrun attack, neither ranged nor melee.
    Overrun,
    /// Ion X: flips up to X of the defender's shield tokens, one per hit or crit.
    Ion,
    /// Primitive: against Armor or Armor X, every crit becomes a hit.
    Primitive,
    /// Immune: Deflect: the attacker takes no wounds from Deflect.
    ImmuneDeflect,
    /// Suppressive: one more suppression token after a ranged attack (`legion sequence`).
    Suppressive,
    /// Nimble: a dodge token back after an attack it spent one in (`legion sequence`).
    Nimble,
    /// Jedi Hunter: attack surges become crits against a Force user.
    JediHunter,
    /// Hold the Line: in melee, surges become hits (attacking, without a chart) or blocks.
    HoldTheLine,
    /// Complete the Mission: Critical 2 attacking; defending, defense surges become blocks.
    CompleteTheMission,
    /// Death From Above: the defender gets no cover.
    DeathFromAbove,
    /// Advanced Targeting X: X more aim tokens.
    AdvancedTargeting,
    /// Makashi Mastery: in melee, trades 1 Pierce to turn off the defender's Immune:
    /// (Melee) Pierce and Impervious.
    Makashi,
    /// Jar'Kai Mastery: in melee, each dodge token turns a blank into a hit or a hit into a crit.
    JarKai,
    /// Vaapad Mastery: a white die per wound token, at most 3.
    Vaapad,
    /// `wounded N`: N wound tokens already on one mini.
    Wounded,
    /// `smoke tokens N`: N smoke tokens, each improving cover by 1.
    Smoke,
    /// Immune: Melee Pierce: in melee, the attacker's Pierce cancels no blocks.
    ImmuneMeleePierce,
    /// Immune: Blast: the unit keeps its cover against Blast.
    ImmuneBlast,
    /// Immune: Melee: the unit can't be attacked in melee.
    ImmuneMelee,
    /// Weak Point X: the attacker gains Impact X.
    WeakPoint,
    /// `Force user`: a Force upgrade slot, for Jedi Hunter.
    ForceUser,
    /// Shien Mastery: Deflect wounds the attacker once per defense surge.
    Shien,
    /// Soresu Mastery: against a ranged attack, the unit may reroll all its defense dice.
    Soresu,
    /// Djem So Mastery: in melee, a blank in the attack roll wounds the attacker.
    DjemSo,
    /// We're Not Regs: the defender gets no Backup.
    NotRegs,
    /// Unconcerned: the defender gets no cover.
    Unconcerned,
    /// `weapon NAME`: a weapon of the card unit, chosen for the pool.
    Weapon,
    /// `range N`: only weapons that reach range N join the pool; 0 is melee.
    Range,
    /// `minis N`: the minis attacking, or in the defending unit.
    Minis,
    /// `wounds N`: wounds per mini of the defending unit.
    Wounds,
    /// `moved`: the attacker moved (Ram, Cumbersome and Sniper Team read it).
    Moved,
    /// `within N`: the attacker is within range N of the defender.
    Within,
    /// `trooper`: the defender is a trooper.
    Trooper,
    /// `vehicle`: the defender is a vehicle.
    Vehicle,
    /// Arsenal X: each mini adds up to X of its weapons to the pool.
    Arsenal,
    /// Spray: the weapon's dice are rolled once per mini of the defender.
    Spray,
    /// Anti-Materiel X: X of the weapon's dice upgrade against a vehicle.
    AntiMateriel,
    /// Anti-Personnel X: X of the weapon's dice upgrade against a trooper.
    AntiPersonnel,
    /// Assault X: X of the weapon's dice upgrade within range 1.
    Assault,
    /// Cumbersome: every die of the weapon downgrades when the unit moved.
    Cumbersome,
    /// Sniper Team: alone in the pool and unmoved, the weapon's dice upgrade; a crit may trade
    /// them all for a wound.
    SniperTeam,
    /// Long Shot: an aim token spent reaches one range beyond the weapon's maximum.
    LongShot,
    /// Immune: Range 1 Weapons: no weapon of maximum range 1 joins the attacker's pool.
    ImmuneRange1,
    /// No field: the item changes no dice (the notes name it) or is refused.
    None,
}

/// Whether an item is computed, recognised as irrelevant to dice, or refused: not modelled
/// yet, or a spelling that could mean two items (its reason says which, and how to write each).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Default)]
#[serde(rename_all = "kebab-case")]
pub enum Status {
    /// Computed: the item acts on the attack as its `model` says (the default).
    #[default]
    Modelled,
    /// Accepted and named in the notes: it changes no dice (its reason says what it does).
    NoDiceEffect,
    /// Refused: its effect on the dice is not modelled yet.
    NotModelled,
    /// Refused: the spelling could mean two items.
    Ambiguous,
}

/// How the page offers an item among a unit's controls.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Default)]
#[serde(rename_all = "kebab-case")]
pub enum Control {
    /// A toggle or a stepper by its value, listed with the keywords by step (the default).
    #[default]
    Keyword,
    /// A die colour's stepper.
    Dice,
    /// A token's stepper.
    Token,
    /// A board condition of the attack (range, moved, within).
    Condition,
    /// The unit's minis and wounds.
    Unit,
    /// One of a group of items of which a unit has at most one (its `group`).
    Choice,
    /// Typed only: the page sets it another way (a weapon) or offers another spelling.
    Text,
}

impl Control {
    /// The control in words, as the item listing gives it: `keyword`, `dice`, `token`, …
    pub fn name(self) -> &'static str {
        match self {
            Control::Keyword => "keyword",
            Control::Dice => "dice",
            Control::Token => "token",
            Control::Condition => "condition",
            Control::Unit => "unit",
            Control::Choice => "choice",
            Control::Text => "text",
        }
    }
}

/// One SPEC item as the data file defines it.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Keyword {
    /// The canonical name, as listings and notes spell it.
    pub name: String,
    /// Other spellings a SPEC may use.
    #[serde(default)]
    pub aliases: Vec<String>,
    /// Whether the item is written with a number, and of what kind.
    pub value: ValueKind,
    /// The SPECs it may appear in.
    pub roles: Vec<Role>,
    /// The step of the attack sequence it acts in (`5 modify attack dice`, `outside attacks`).
    pub step: String,
    /// The unit field it sets.
    pub sets: Field,
    /// Whether it is computed, accepted without effect, or refused.
    #[serde(default)]
    pub status: Status,
    /// Why an item that is not modelled isn't; for an ambiguous one, how to write each meaning
    /// (`{N}` stands for its number).
    #[serde(default)]
    pub reason: Option<String>,
    /// What a modelled item does to the dice or the attack, in one line (every modelled item
    /// has one; the others have none and a `reason`).
    #[serde(default)]
    pub model: Option<String>,
    /// How the page offers it; a `choice` names its `group`.
    #[serde(default)]
    pub control: Control,
    /// A choice's group: the items of which a unit has at most one (`cover`, `defense die`).
    #[serde(default)]
    pub group: Option<String>,
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
    fn load(file: &str, text: &str) -> Result<Keywords, DataError> {
        let list: Vec<Keyword> = data::parse(file, text)?;
        let mut by_name = HashMap::new();
        for (i, k) in list.iter().enumerate() {
            // Located at the entry's own line (an entry's name may be another entry's too).
            let fail =
                |message: String| data::entry_error(file, text, (i, list.len()), &k.name, message);
            let valued = k.value != ValueKind::None;
            for n in std::iter::once(&k.name).chain(&k.aliases) {
                if by_name.insert((normalize(n), valued), i).is_some() {
                    return Err(fail(format!("the name '{n}' is defined twice")));
                }
            }
            if k.status != Status::Modelled && k.reason.is_none() {
                return Err(fail("an item that is not modelled needs a reason".into()));
            }
            match (k.status, k.model.as_deref()) {
                (Status::Modelled, None) => {
                    return Err(fail(
                        "a modelled item needs 'model': one line saying what it does to the \
                         dice or the attack"
                            .into(),
                    ))
                }
                (Status::Modelled, Some(m)) if m.trim().is_empty() || m.contains('\n') => {
                    return Err(fail("the model must be one line of text".into()))
                }
                (Status::Modelled, Some(_)) | (_, None) => {}
                (_, Some(_)) => {
                    return Err(fail(
                        "only a modelled item has a model (the others say why in their reason)"
                            .into(),
                    ))
                }
            }
            match (k.control, &k.group) {
                (Control::Choice, None) => {
                    return Err(fail(
                        "a choice needs 'group': the items of which a unit has at most one".into(),
                    ))
                }
                (Control::Choice, Some(_)) | (_, None) => {}
                (_, Some(_)) => return Err(fail("only a choice has a group".into())),
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

    /// The canonical names of the items whose names start with the words of `name` and that
    /// take a number if `valued` ("surge" → "surge tokens").
    fn longer(&self, name: &str, valued: bool) -> Vec<&str> {
        let spellings = (self.list.iter())
            .filter(|k| (k.value != ValueKind::None) == valued)
            .flat_map(|k| {
                let names = std::iter::once(&k.name).chain(&k.aliases);
                names.map(move |n| (n.as_str(), k.name.as_str()))
            });
        longer_names(name, spellings)
    }

    /// The canonical name of the item nearest to a misspelt `name`: of the items that take a
    /// number when `valued` says one is given, if any is near, else of them all.
    fn nearest(&self, name: &str, valued: bool) -> Option<&str> {
        let near = |shaped: bool| {
            let names = (self.list.iter())
                .filter(|k| !shaped || (k.value != ValueKind::None) == valued)
                .flat_map(|k| std::iter::once(&k.name).chain(&k.aliases));
            data::nearest(&normalize(name), names.map(String::as_str))
        };
        let found = near(true).or_else(|| near(false))?;
        let canonical = |v: bool| self.get(found, v).map(|k| k.name.as_str());
        canonical(valued).or_else(|| canonical(!valued))
    }
}

/// The SPECs an item may appear in, if it is a known item.
pub(crate) fn roles_of(item: &str) -> Option<Vec<Role>> {
    lookup(item.trim()).ok().map(|(k, _)| k.roles.clone())
}

/// The canonical name of an item, if it is a known item.
pub(crate) fn name_of(item: &str) -> Option<String> {
    lookup(item.trim()).ok().map(|(k, _)| k.name.clone())
}

/// Whether `name` is the name of an item, with a number or without.
pub(crate) fn knows_name(name: &str) -> bool {
    let keywords = Keywords::builtin();
    keywords.get(name, true).is_some() || keywords.get(name, false).is_some()
}

/// An item's name and its number, if one is given after the name or before it (`4 red`).
pub(crate) fn split(text: &str) -> (String, Option<&str>) {
    let words: Vec<&str> = text.split_whitespace().collect();
    match words.as_slice() {
        [first, rest @ ..] if numeric(first) && !rest.is_empty() => (rest.join(" "), Some(*first)),
        [rest @ .., last] if numeric(last) && !rest.is_empty() => (rest.join(" "), Some(*last)),
        _ => (text.to_string(), None),
    }
}

/// Whether a word is a number, signed or not.
fn numeric(w: &str) -> bool {
    let digits = w.strip_prefix(['+', '-']).unwrap_or(w);
    !digits.is_empty() && digits.chars().all(|c| c.is_ascii_digit())
}

/// Finds the item for `text`: a name, with a number after it (or before it: `4 red`).
pub(crate) fn lookup(text: &str) -> Result<(&'static Keyword, u32), String> {
    if text.is_empty() {
        return Err("empty item (two commas in a row?)".into());
    }
    let keywords = Keywords::builtin();
    let (name, number) = split(text);
    let Some(keyword) = keywords.get(&name, number.is_some()) else {
        if let Some(other) = keywords.get(&name, number.is_none()) {
            return Err(match number {
                Some(n) => takes_no_number(keywords, other, &name, n),
                None => needs_a_number(keywords, &name),
            });
        }
        let near = suggestion(keywords, &name, number, numeric(first_word(text)));
        return Err(match near.is_empty() {
            false => format!("unknown item '{}'; {}", quote(&name), did_you_mean(&near)),
            true => format!(
                "unknown item '{}' (holodice legion keywords lists the SPEC items)",
                quote(&name)
            ),
        });
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

/// "'smoke' takes no number", with the item that takes it: its token item ('smoke tokens 1'),
/// else the one item its reason says to give (Shields: 'Shielded N').
fn takes_no_number(keywords: &Keywords, item: &Keyword, name: &str, number: &str) -> String {
    let tokens = [" tokens", " token"]
        .iter()
        .find_map(|t| keywords.get(&format!("{name}{t}"), true));
    let said = || {
        let reason = item.reason.as_deref().unwrap_or_default();
        let forms: Vec<&str> = (reason.split('\'').skip(1).step_by(2))
            .filter_map(|form| form.strip_suffix(" N"))
            .filter(|form| keywords.get(form, true).is_some())
            .collect();
        match forms.as_slice() {
            [one] => keywords.get(one, true),
            _ => None,
        }
    };
    match tokens.or_else(said) {
        Some(full) => format!(
            "'{}' takes no number; did you mean '{} {number}'?",
            quote(name),
            full.name
        ),
        None => format!("'{}' takes no number", quote(name)),
    }
}

/// "'aim' needs a number, as in 'aim 1'"; for an item whose number could mean two things
/// ('cover'), what to write for each.
fn needs_a_number(keywords: &Keywords, name: &str) -> String {
    match keywords.get(name, true) {
        Some(k) if k.status == Status::Ambiguous => {
            let reason = k.reason.as_deref().unwrap_or_default();
            format!("'{}' {}", quote(name), reason.replace("{N}", "N"))
        }
        _ => format!("'{0}' needs a number, as in '{0} 1'", quote(name)),
    }
}

/// The whole items a misspelt one most likely meant: a number glued to a name split off
/// ("Pierce1" → "Pierce 1", "4red" → "4 red"), else the items whose names start with it
/// ("surge 1" → "surge tokens 1"), else the nearest name, each with the number where it was.
fn suggestion(
    keywords: &Keywords,
    name: &str,
    number: Option<&str>,
    number_first: bool,
) -> Vec<String> {
    if number.is_none() {
        let trailing = name.trim_end_matches(|c: char| c.is_ascii_digit());
        let leading = name.trim_start_matches(|c: char| c.is_ascii_digit());
        if trailing.len() < name.len() && keywords.get(trailing, true).is_some() {
            return vec![format!("{trailing} {}", &name[trailing.len()..])];
        }
        if leading.len() < name.len() && keywords.get(leading, true).is_some() {
            return vec![format!("{} {leading}", &name[..name.len() - leading.len()])];
        }
    }
    let longer = keywords.longer(name, number.is_some());
    let near = match longer.is_empty() {
        true => keywords
            .nearest(name, number.is_some())
            .into_iter()
            .collect(),
        false => longer,
    };
    let numbered = |item: &str| match number {
        Some(n) if number_first => format!("{n} {item}"),
        Some(n) => format!("{item} {n}"),
        None => item.to_string(),
    };
    near.into_iter().map(numbered).collect()
}

/// Whether the words of `text` start the names of items that take its number, if it has one
/// ("surge 1": "surge tokens"): it is a partial name of this game's, not an item of the other's.
pub(crate) fn starts_names(text: &str) -> bool {
    let (name, number) = split(text);
    !Keywords::builtin()
        .longer(&name, number.is_some())
        .is_empty()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_modelled_item_says_in_one_line_what_it_does() {
        let modelled: Vec<&Keyword> = Keywords::builtin()
            .all()
            .iter()
            .filter(|k| k.status == Status::Modelled)
            .collect();
        assert!(modelled.len() > 80, "{}", modelled.len());
        for k in modelled {
            let model = k.model.as_deref().unwrap_or_default();
            assert!(!model.trim().is_empty(), "{}: no model", k.name);
            assert!(
                !model.contains('\n'),
                "{}: {model:?} is not one line",
                k.name
            );
            assert!(
                model.chars().count() <= 90,
                "{}: {model:?} is over 90 characters",
                k.name
            );
            assert!(
                !model.starts_with(char::is_uppercase) && !model.ends_with('.'),
                "{}: {model:?} should start in lower case and have no full stop",
                k.name
            );
        }
        for k in Keywords::builtin().all() {
            if k.status != Status::Modelled {
                assert!(k.model.is_none() && k.reason.is_some(), "{}", k.name);
            }
        }
    }

    #[test]
    fn a_modelled_item_without_a_model_is_refused_naming_the_file_line_and_item() {
        let text = "# two items\n\
            - {name: Armor, value: none, roles: [defender], step: 5 modify attack dice, \
               sets: armor, model: \"cancels every hit\"}\n\
            - {name: Jump, value: count, roles: [attacker], step: outside attacks, sets: none, \
               status: no-dice-effect, reason: \"movement only\"}\n\
            - {name: Armor, value: count, roles: [defender], step: 5 modify attack dice, \
               sets: armor-x}\n";
        let e = Keywords::load("mine.yaml", text).unwrap_err();
        assert_eq!((e.file.as_str(), e.line), ("mine.yaml", 4), "{e}");
        assert_eq!(e.item.as_deref(), Some("Armor"), "{e}");
        assert!(
            e.to_string()
                .starts_with("mine.yaml:4: item 'Armor': a modelled item needs 'model'"),
            "{e}"
        );
        // In block style too, and an empty model is no model.
        let block = "- name: Pierce\n  value: count\n  roles: [attacker]\n  step: 7\n  \
                     sets: pierce\n  model: \" \"\n";
        let e = Keywords::load("block.yaml", block).unwrap_err();
        assert_eq!((e.line, e.item.as_deref()), (1, Some("Pierce")), "{e}");
        assert!(e.message.contains("one line"), "{e}");
        // The other statuses keep their reason and take no model.
        let given = text.replace(
            "sets: armor-x}",
            "sets: armor-x, model: \"cancels N hits\"}",
        );
        assert!(Keywords::load("mine.yaml", &given).is_ok());
        let wrong = given.replace("reason: \"movement only\"", "model: \"moves\"");
        let e = Keywords::load("mine.yaml", &wrong).unwrap_err();
        assert_eq!((e.line, e.item.as_deref()), (3, Some("Jump")), "{e}");
    }

    #[test]
    fn a_choice_names_its_group_and_only_a_choice_has_one() {
        let item = |extra: &str| {
            format!(
                "- {{name: surge hit, value: none, roles: [attacker], step: 3, sets: surge-hit, \
                 model: \"attack surges become hits\"{extra}}}\n"
            )
        };
        let ok = Keywords::load("mine.yaml", &item(", control: choice, group: attack surge"));
        assert_eq!(ok.unwrap().all()[0].group.as_deref(), Some("attack surge"));
        let e = Keywords::load("mine.yaml", &item(", control: choice")).unwrap_err();
        assert_eq!((e.line, e.item.as_deref()), (1, Some("surge hit")), "{e}");
        assert!(e.message.contains("needs 'group'"), "{e}");
        let e = Keywords::load("mine.yaml", &item(", control: token, group: x")).unwrap_err();
        assert!(e.message.contains("only a choice has a group"), "{e}");
        let e = Keywords::load("mine.yaml", &item(", control: slider")).unwrap_err();
        assert!(e.to_string().contains("slider"), "{e}");
        // The built-in groups: the surge chart, the defense die, the cover.
        let group = |name: &str| {
            Keywords::builtin()
                .all()
                .iter()
                .filter(|k| k.group.as_deref() == Some(name))
                .map(|k| k.name.as_str())
                .collect::<Vec<_>>()
        };
        assert_eq!(group("attack surge"), ["surge hit", "surge crit"]);
        assert_eq!(group("defense die"), ["red defense", "white defense"]);
        assert_eq!(group("cover"), ["cover none", "cover light", "cover heavy"]);
    }
}
