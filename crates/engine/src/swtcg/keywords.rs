//! SWTCG keyword definitions, loaded from `data/swtcg/keywords.yaml` and validated at load.

use crate::data::{self, DataError};
use serde::Deserialize;
use std::collections::HashMap;
use std::sync::OnceLock;

const KEYWORDS_FILE: &str = "data/swtcg/keywords.yaml";
const KEYWORDS_YAML: &str = include_str!("../../../../data/swtcg/keywords.yaml");

/// Whether a keyword takes a number, and which numbers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ValueKind {
    /// No number: the keyword is present or not (Armor).
    None,
    /// A whole number X ≥ 0 (Critical Hit 2).
    Count,
    /// A number that may be negative (Accuracy -1).
    Signed,
    /// A count that may be left out: the keyword then counts for itself (Intimidation counts
    /// the opponent's units the query gives).
    Optional,
}

/// The role in which a keyword acts during an attack.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Side {
    /// Only on the attacking unit.
    Attacker,
    /// Only on the defending unit.
    Defender,
    /// On whichever unit has it.
    Either,
}

/// Where a keyword acts in the attack order (`unit` for statistics, `later` after this attack,
/// `outside` for effects outside attacks).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Step {
    /// A unit statistic or state, read before the attack.
    Unit,
    /// 1. The attack is declared.
    Declare,
    /// 2. The attack roll.
    Roll,
    /// 3. Re-rolls.
    Reroll,
    /// 4. Hits are assigned.
    Assign,
    /// 5. Pending damage.
    Pending,
    /// 6. Damage prevention.
    Prevent,
    /// 7. Damage counters are placed.
    Place,
    /// 8. Triggers on discarding the defender.
    Discard,
    /// 9. The attack ends.
    End,
    /// After this attack (the next attack's power).
    Later,
    /// Outside attacks: recognised, changes no attack.
    Outside,
}

/// A unit statistic or state.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Stat {
    /// Power: one attack die per point.
    Power,
    /// Health: the unit is discarded when its damage counters reach it.
    Health,
    /// Damage counters already on the unit.
    Damage,
    /// The unit is tapped (Stealth no longer protects it).
    Tapped,
}

/// Which attack roll a natural-face trigger reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Roll {
    /// The roll before re-rolls, power dice only.
    Initial,
    /// The roll used for the attack, extra dice included.
    Final,
}

/// What a natural-face trigger does, X times.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Effect {
    /// Roll X extra attack dice (Fury).
    ExtraDice,
    /// X more damage (Critical Hit).
    BonusDamage,
    /// Prevent X damage (Parry).
    Prevent,
    /// X damage to the attacker when the attack ends (Riposte).
    DamageAttacker,
    /// +X power on the unit's next attack (Focus).
    NextPower,
    /// X dice of damage to this unit when the attack ends (Backfire).
    DiceToSelf,
}

/// Who receives dice of damage.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Target {
    /// The attacking unit.
    Attacker,
    /// Another unit in the arena (`--secondary`).
    Secondary,
}

/// When dice of damage are rolled.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum When {
    /// Only if the attack discards the defender.
    Discard,
    /// When the attack ends, whatever happened.
    AttackEnds,
}

/// An attack into the other arena, with the keyword's X as power.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Mode {
    /// A Space unit attacks a Ground unit.
    Bombard,
    /// A Ground unit attacks a Space unit.
    IonCannon,
    /// A Space or Ground unit attacks a Character.
    Barrage,
}

impl Mode {
    /// Every mode, by its command-line name.
    pub const ALL: [(Mode, &'static str); 3] = [
        (Mode::Bombard, "bombard"),
        (Mode::IonCannon, "ion-cannon"),
        (Mode::Barrage, "barrage"),
    ];

    /// The keyword whose X is the attack's power.
    pub(crate) fn keyword(self) -> &'static str {
        match self {
            Mode::Bombard => "Bombard",
            Mode::IonCannon => "Ion Cannon",
            Mode::Barrage => "Barrage",
        }
    }

    /// The command-line name.
    pub fn name(self) -> &'static str {
        Mode::ALL
            .iter()
            .find(|(m, _)| *m == self)
            .map(|(_, n)| *n)
            .expect("every mode is listed")
    }
}

/// When the attacker may attack the same defender again right after an attack.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Again {
    /// Whenever the defender survives (Double Strike).
    Always,
    /// When the attack placed fewer than X counters (Tenacity X).
    LessThanX,
}

/// The primitive a keyword compiles to; each is implemented once, in the attack pipeline.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Transform {
    /// The unit's statistic or state (Power X, Health X, Damage X, Tapped).
    Stat {
        /// Which statistic X sets.
        stat: Stat,
    },
    /// Adds X to every attack die; natural faces stay as rolled (Accuracy).
    HitShift,
    /// Attack dice hit this unit only on `at` or more (Armor).
    HitThreshold {
        /// The lowest face that hits.
        at: i64,
    },
    /// The attacking unit gets `factor`·X power (Shields: −X).
    Power {
        /// Power per point of X; negative takes power away.
        factor: i64,
    },
    /// +X power while this unit has at least X damage counters (Resilience).
    PowerWhenDamaged,
    /// At least one natural `face` in the roll: the effect, X times (Fury, Critical Hit, Parry).
    Trigger {
        /// The natural face that triggers it.
        face: u8,
        /// The roll the face is read on.
        roll: Roll,
        /// What happens, X times.
        effect: Effect,
    },
    /// Prevents up to X damage to this unit (Evade).
    PreventUpTo,
    /// Prevents up to X damage; the unit gains that much power next attack (Absorb).
    Absorb,
    /// `factor` damage counters per unprevented damage (Double Damage).
    MultiplyDamage {
        /// Counters per damage, at least 1.
        factor: i64,
    },
    /// This unit's damage can't be prevented (Ferocity).
    Unpreventable,
    /// Can't be attacked while untapped and undamaged (Stealth).
    LegalIfTappedOrDamaged,
    /// This unit's attacks can't be intercepted or redirected (Precision).
    CannotBeIntercepted,
    /// The player predicts the number of hits (Foresight).
    PredictHits,
    /// Up to X attack dice are re-rolled, chosen by the policy (Lucky X).
    Reroll,
    /// +X power for this attack, then X dice of damage to itself (Overload).
    Overload,
    /// Hits beyond the defender's health may go to the secondary unit (Overkill).
    Overkill,
    /// Prevents up to X damage; that much may go to another unit (Deflect).
    Deflect,
    /// When its damage places counters, the damaged unit gets −X power: carried in sequences
    /// (Stun X).
    Stun,
    /// When another unit places counters on it, +X power to a unit: carried in sequences
    /// (Surge X).
    Surge,
    /// The chance the attack discards the defender is reported (Bounty).
    Bounty,
    /// X dice of damage to a unit (4+ hits, 5+ against Armor), at a point of the attack.
    DiceOfDamage {
        /// Who takes the dice of damage.
        at: Target,
        /// When they are rolled.
        when: When,
    },
    /// X dice of damage outside attacks (`holodice swtcg dice`).
    StandaloneDice,
    /// X power for an attack into another arena (Bombard, Ion Cannon, Barrage).
    OtherArena {
        /// Which arenas the attack goes between.
        mode: Mode,
    },
    /// This unit may take the attack in place of the defender (an interceptor).
    Intercept,
    /// The attack may move to another unit (an interceptor).
    Redirect,
    /// +X power and +X health (an ally's Inspiration).
    PowerAndHealth,
    /// +X power and +X health for X cards beneath it; the chance it consumes one is reported.
    Consume,
    /// +1 power and +1 health for each of the opponent's units in the arena.
    PerOpponentUnit,
    /// The unit can prevent damage that can't be prevented (Ferocity), to itself.
    PreventUnpreventable,
    /// Prevents up to X damage to this unit; the attacker loses that much power next attack.
    Persuade,
    /// Prevents up to X damage to another unit of its side in the arena.
    Protect,
    /// The attack roll is hidden until after prevention: the defender's Lucky picks blind.
    SecretRoll,
    /// The attacker attacks the same defender again after this attack.
    AttackAgain {
        /// When the second attack is allowed.
        when: Again,
    },
    /// Recognised, but changes nothing in an attack.
    NoDiceEffect {
        /// Why it changes nothing, as the listing shows it.
        reason: String,
    },
    /// +X to a statistic (`+2 power`, `-1 health`): added to what the unit has.
    StatChange {
        /// The statistic X is added to.
        stat: Stat,
    },
    /// Named counters on the unit (mastery, redemption, …): only what counts them reads them.
    Counters,
    /// Re-roll any number of the attack dice (Lucky without a limit).
    RerollAll,
}

/// One keyword as the data file defines it.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Keyword {
    /// The spelling shown to users (matched in any case and spacing).
    pub name: String,
    /// Other spellings that name it ("Crit" for Critical Hit).
    #[serde(default)]
    pub aliases: Vec<String>,
    /// Whether it takes a number X.
    pub value: ValueKind,
    /// The role in which it acts.
    pub side: Side,
    /// Where it acts in the attack order.
    pub step: Step,
    /// The primitive it compiles to.
    pub transform: Transform,
}

/// The faces of the SWTCG attack die and its base hit number, from `data/swtcg/dice.yaml`.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct AttackDie {
    /// The faces, 1 to the number of sides.
    pub faces: Vec<u8>,
    /// The lowest face that hits a unit without Armor.
    pub hit_on: i64,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct DiceFile {
    attack_die: AttackDie,
}

/// The attack die, from the embedded data.
pub(crate) fn attack_die() -> &'static AttackDie {
    static DIE: OnceLock<AttackDie> = OnceLock::new();
    DIE.get_or_init(|| {
        let file: DiceFile = data::parse(
            "data/swtcg/dice.yaml",
            include_str!("../../../../data/swtcg/dice.yaml"),
        )
        .unwrap_or_else(|e| panic!("the embedded dice data is malformed: {e}"));
        let faces = &file.attack_die.faces;
        assert!(
            !faces.is_empty()
                && faces
                    .iter()
                    .enumerate()
                    .all(|(i, &f)| usize::from(f) == i + 1),
            "the attack die's faces must be 1, 2, …, n"
        );
        file.attack_die
    })
}

/// The keyword table, with lookup by name or alias.
#[derive(Debug)]
pub struct Keywords {
    list: Vec<Keyword>,
    by_name: HashMap<String, usize>,
}

/// Lower case with single spaces: how SPEC names are compared.
pub fn normalize(name: &str) -> String {
    name.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

impl Keywords {
    /// The keywords shipped in the binary.
    pub fn builtin() -> &'static Keywords {
        static TABLE: OnceLock<Keywords> = OnceLock::new();
        TABLE.get_or_init(|| {
            Keywords::load(KEYWORDS_FILE, KEYWORDS_YAML)
                .unwrap_or_else(|e| panic!("the embedded keyword data is malformed: {e}"))
        })
    }

    /// Parses and validates a keyword file.
    pub(crate) fn load(file: &str, text: &str) -> Result<Keywords, DataError> {
        let list: Vec<Keyword> = data::parse(file, text)?;
        let sides = attack_die().faces.len() as u8;
        let mut by_name = HashMap::new();
        let mut faces_read: HashMap<u8, (Roll, String)> = HashMap::new();
        for (i, k) in list.iter().enumerate() {
            let fail = |msg: String| data::item_error(file, text, &k.name, msg);
            for n in std::iter::once(&k.name).chain(&k.aliases) {
                if by_name.insert(normalize(n), i).is_some() {
                    return Err(fail(format!("the name '{n}' is defined twice")));
                }
            }
            let wants = match &k.transform {
                Transform::Stat { stat: Stat::Tapped }
                | Transform::HitThreshold { .. }
                | Transform::MultiplyDamage { .. }
                | Transform::Unpreventable
                | Transform::LegalIfTappedOrDamaged
                | Transform::CannotBeIntercepted
                | Transform::PredictHits
                | Transform::Overkill
                | Transform::Bounty
                | Transform::Intercept
                | Transform::Redirect
                | Transform::PreventUnpreventable
                | Transform::SecretRoll
                | Transform::RerollAll
                | Transform::AttackAgain {
                    when: Again::Always,
                } => Some(ValueKind::None),
                Transform::Consume | Transform::PerOpponentUnit => Some(ValueKind::Optional),
                Transform::HitShift
                | Transform::PowerWhenDamaged
                | Transform::StatChange { .. } => Some(ValueKind::Signed),
                Transform::NoDiceEffect { .. } => None,
                _ => Some(ValueKind::Count),
            };
            if wants.is_some_and(|w| w != k.value) {
                return Err(fail(format!(
                    "value must be '{}' for this transform",
                    match wants {
                        Some(ValueKind::None) => "none",
                        Some(ValueKind::Signed) => "signed",
                        _ => "count",
                    }
                )));
            }
            match &k.transform {
                Transform::Trigger { face, roll, .. } => {
                    if *face == 0 || *face > sides {
                        return Err(fail(format!(
                            "trigger face {face} is not a face of the die (1 to {sides})"
                        )));
                    }
                    if let Some((other, who)) = faces_read.insert(*face, (*roll, k.name.clone())) {
                        if other != *roll {
                            return Err(fail(format!(
                                "face {face} is read on the initial roll by one keyword and the \
                                 final roll by another ('{who}')"
                            )));
                        }
                    }
                }
                Transform::MultiplyDamage { factor } if *factor < 1 => {
                    return Err(fail(format!("factor {factor} must be at least 1")));
                }
                _ => {}
            }
        }
        Ok(Keywords { list, by_name })
    }

    /// Every keyword, in the data file's order.
    pub fn all(&self) -> &[Keyword] {
        &self.list
    }

    /// The keyword called `name` (any case, any spacing), or one of its aliases.
    pub fn get(&self, name: &str) -> Option<&Keyword> {
        self.by_name.get(&normalize(name)).map(|&i| &self.list[i])
    }

    /// The names of the keywords whose names start with the words of `name` and that take a
    /// value if `valued` says one is given ("Ion" → "Ion Cannon").
    pub(crate) fn longer(&self, name: &str, valued: bool) -> Vec<&str> {
        let spellings = (self.list.iter())
            .filter(|k| match k.value {
                ValueKind::None => !valued,
                ValueKind::Optional => true,
                ValueKind::Count | ValueKind::Signed => valued,
            })
            .flat_map(|k| {
                let names = std::iter::once(&k.name).chain(&k.aliases);
                names.map(move |n| (n.as_str(), k.name.as_str()))
            });
        crate::names::longer_names(name, spellings)
    }

    /// The known name nearest to a misspelt one, if any is near enough to be a likely meaning.
    pub(crate) fn nearest(&self, name: &str) -> Option<&str> {
        let names = self
            .list
            .iter()
            .flat_map(|k| std::iter::once(&k.name).chain(&k.aliases));
        let hit = data::nearest(&normalize(name), names.map(String::as_str))?;
        self.get(hit).map(|k| k.name.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shipped_keywords_load() {
        let k = Keywords::builtin();
        assert_eq!(k.get("critical  HIT").unwrap().name, "Critical Hit");
        assert_eq!(k.get("elude").unwrap().name, "Precision");
    }

    #[test]
    fn every_glossary_keyword_is_known() {
        let k = Keywords::builtin();
        for name in [
            "Accuracy",
            "Ambush",
            "Area Damage",
            "Armor",
            "Bombard",
            "Bounty",
            "Critical Hit",
            "Double Damage",
            "Enhance",
            "Focus",
            "Foresight",
            "Fury",
            "Hidden Cost",
            "INSERT",
            "Ion Cannon",
            "Meditate",
            "Overkill",
            "Precision",
            "Reduced Cost",
            "Resilience",
            "Retaliate",
            "Riposte",
            "Shields",
            "Stack",
            "Stealth",
            "Switch",
            "Upkeep",
            "Redirect",
            "Absorb",
            "Surge",
            "Parry",
            "Lucky",
            "Evade",
            "Stun",
            "Deflect",
            "Intercept",
            "Backfire",
            "Overload",
            "Avenge",
            "Ferocity",
        ] {
            assert!(k.get(name).is_some(), "{name} missing");
        }
        // The community glossary (the LackeyCCG plugin's scripts/keywords.txt), every name.
        for name in [
            "Absorb",
            "Accuracy",
            "Adapt",
            "Alternative Cost",
            "Ambush",
            "Area Damage",
            "Armor",
            "Avenge",
            "Backfire",
            "Barrage",
            "Bombard",
            "Bounty",
            "Consume",
            "Critical Hit",
            "Cunning",
            "Damage Control",
            "Deflect",
            "Deploy",
            "Double Damage",
            "Double Strike",
            "Elude",
            "Enhance",
            "Equip",
            "Evade",
            "Ferocity",
            "Focus",
            "Foresight",
            "Forewarning",
            "Fortitude",
            "Fury",
            "Hidden Cost",
            "INSERT",
            "Inspiration",
            "Intercept",
            "Intimidation",
            "Ion Cannon",
            "Last Stand",
            "Lucky",
            "Meditate",
            "Overkill",
            "Overload",
            "Parry",
            "Persuade",
            "Pilot",
            "Precision",
            "Protect",
            "Redirect",
            "Reduced Cost",
            "Reserves",
            "Resilience",
            "Retaliate",
            "Riposte",
            "Shields",
            "Stack",
            "Stealth",
            "Stun",
            "Surge",
            "Switch",
            "Tenacity",
            "Upkeep",
            "Velocity",
        ] {
            assert!(k.get(name).is_some(), "{name} missing");
        }
    }

    #[test]
    fn misspellings_find_the_nearest_name() {
        let k = Keywords::builtin();
        assert_eq!(k.nearest("Acuracy"), Some("Accuracy"));
        assert_eq!(k.nearest("critcal hit"), Some("Critical Hit"));
        assert_eq!(k.nearest("zzzzzz"), None);
    }

    #[test]
    fn bad_data_names_file_line_and_item() {
        let text = "- name: A\n  value: count\n  side: attacker\n  step: roll\n  transform: {kind: hit-shift}\n";
        let err = Keywords::load("k.yaml", text).unwrap_err();
        assert_eq!(
            err.to_string(),
            "k.yaml:1: item 'A': value must be 'signed' for this transform"
        );
        let text = "- name: A\n  value: count\n  side: attacker\n  step: roll\n  transform: {kind: trigger, face: 9, roll: final, effect: prevent}\n";
        let err = Keywords::load("k.yaml", text).unwrap_err();
        assert!(err.to_string().contains("face 9 is not a face"), "{err}");
        let text = "- name: A\n  value: count\n  side: sideways\n  step: roll\n  transform: {kind: hit-shift}\n";
        let err = Keywords::load("k.yaml", text).unwrap_err();
        assert_eq!((err.line, err.file.as_str()), (3, "k.yaml"), "{err}");
    }
}
