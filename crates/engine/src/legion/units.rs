//! The units of a Legion attack as the attack reads them: the attacker's pool and keywords, a
//! defending unit's dice, tokens and keywords.

use super::edition::Edition;

/// Attack surge chart.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum AttackSurge {
    #[default]
    None,
    Hit,
    Crit,
}

impl AttackSurge {
    /// The chart in words: `none`, `hit`, `crit`.
    pub fn word(self) -> &'static str {
        match self {
            AttackSurge::None => "none",
            AttackSurge::Hit => "hit",
            AttackSurge::Crit => "crit",
        }
    }
}

/// Defense die colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DefenseDie {
    Red,
    White,
}

impl DefenseDie {
    /// The colour in words: `red`, `white`.
    pub fn word(self) -> &'static str {
        match self {
            DefenseDie::Red => "red",
            DefenseDie::White => "white",
        }
    }
}

/// Attack dice by colour (red, black, white) in words: `2 red, 1 white`, or `no dice`.
pub fn describe_dice(dice: [u32; 3]) -> String {
    let parts: Vec<String> = ["red", "black", "white"]
        .iter()
        .zip(dice)
        .filter(|(_, n)| *n > 0)
        .map(|(c, n)| format!("{n} {c}"))
        .collect();
    match parts.is_empty() {
        true => "no dice".into(),
        false => parts.join(", "),
    }
}

/// The attacking unit.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct Attacker {
    /// Dice per colour: red, black, white.
    pub dice: [u32; 3],
    pub surge: AttackSurge,
    pub aim: u32,
    pub observation: u32,
    pub precise: u32,
    pub surge_tokens: u32,
    pub critical: u32,
    pub sharpshooter: u32,
    pub blast: bool,
    pub high_velocity: bool,
    /// Suppressive: after a ranged attack the defender gains 1 more suppression token, which
    /// only a sequence of attacks (`legion sequence`) carries.
    pub suppressive: bool,
    pub impact: u32,
    pub lethal: u32,
    /// Ram X: the unit moved, so up to X results become crits.
    pub ram: u32,
    pub duelist: bool,
    pub marksman: bool,
    pub pierce: u32,
    pub melee: bool,
    /// An overrun attack: neither ranged nor melee.
    pub overrun: bool,
    /// Ion X: flips up to X of the defender's shield tokens.
    pub ion: u32,
    pub primitive: bool,
    pub immune_deflect: bool,
    /// Jedi Hunter: surge crit against a defender with a Force upgrade slot.
    pub jedi_hunter: bool,
    /// Hold the Line: surge hit in melee.
    pub hold_the_line: bool,
    /// Complete the Mission (the defender is near the tokens): Critical 2.
    pub complete_the_mission: bool,
    /// Death From Above (the attacker is higher): the defender has no cover.
    pub death_from_above: bool,
    /// Advanced Targeting X (the defender is of the listed type): X more aim tokens.
    pub advanced_targeting: u32,
    pub makashi: bool,
    /// Jar'Kai Mastery spends these dodge tokens in melee.
    pub jarkai: bool,
    pub dodge: u32,
    /// Vaapad Mastery: a white die per wound token, at most 3.
    pub vaapad: bool,
    /// Wound tokens already on the unit.
    pub wounded: u32,
    /// Sniper Team applied as the pool formed (its only weapon, the unit not moved): after
    /// converting surges the attacker may cancel every die for a wound if it rolled a crit.
    pub sniper_team: bool,
}

impl Attacker {
    /// The dice the unit rolls: its pool, and Vaapad Mastery's white dice (one per wound
    /// token, at most 3).
    pub fn rolled_dice(&self) -> [u32; 3] {
        let mut dice = self.dice;
        if self.vaapad {
            dice[2] += self.wounded.min(3);
        }
        dice
    }

    /// How many surges convert (Critical X, then surge tokens, without a chart; all with one):
    /// the rest are blanks to every step after the rerolls.
    pub fn surges_converted(&self) -> u32 {
        match self.surge {
            AttackSurge::None => self.critical + self.surge_tokens,
            AttackSurge::Hit | AttackSurge::Crit => u32::MAX,
        }
    }
}

/// A unit that rolls defense dice: the defender, or a guardian.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Defender {
    pub die: Option<DefenseDie>,
    pub surge_block: bool,
    pub surge_tokens: u32,
    pub dodge: u32,
    /// Cover from terrain: 0 none, 1 light, 2 heavy.
    pub cover: u32,
    /// The Cover X keyword.
    pub cover_keyword: u32,
    pub suppression: u32,
    /// `None` for a courage of "—": the unit is never suppressed.
    pub courage: Option<u32>,
    pub low_profile: bool,
    /// Dug In: cover is rolled with red defense dice rather than white.
    pub dug_in: bool,
    pub outmaneuver: bool,
    pub armor: bool,
    pub armor_x: u32,
    pub shielded: u32,
    pub backup: bool,
    /// Guardian X: on a guardian, how many hits it may take; on the defender, only whether it has it.
    pub guardian: u32,
    pub danger_sense: u32,
    pub impervious: bool,
    pub uncanny_luck: u32,
    pub block: bool,
    /// Nimble: after an attack in which it spent a dodge token it gains 1, which only a
    /// sequence of attacks (`legion sequence`) carries.
    pub nimble: bool,
    pub deflect: bool,
    pub immune_pierce: bool,
    pub duelist: bool,
    /// Smoke tokens improving this unit's cover.
    pub smoke: u32,
    pub immune_melee_pierce: bool,
    pub immune_blast: bool,
    pub immune_melee: bool,
    /// Weak Point X (the attacker is in the arc): the pool gains Impact X.
    pub weak_point: u32,
    /// A Force upgrade slot (for Jedi Hunter).
    pub force_user: bool,
    /// Hold the Line: surge block in melee.
    pub hold_the_line: bool,
    /// Complete the Mission (near the tokens): surge block.
    pub complete_the_mission: bool,
    pub shien: bool,
    pub soresu: bool,
    pub djem_so: bool,
    /// Vaapad Mastery: a white defense die per wound token, at most 3.
    pub vaapad: bool,
    /// Wound tokens already on the unit, all on one mini (`wounded K`): Vaapad Mastery's
    /// dice, and the minis defeated.
    pub wounded: u32,
    /// We're Not Regs: no Backup.
    pub not_regs: bool,
    /// Unconcerned: no cover.
    pub unconcerned: bool,
    /// Wounds per mini (a card's `hp`, or `wounds N`), for the minis defeated.
    pub wounds: Option<u32>,
    /// Minis in the unit (a card's `minicount` and upgrade minis, or `minis N`).
    pub minis: Option<u32>,
    /// Trooper or vehicle (the card's subtype, or the item), for Anti-Materiel and
    /// Anti-Personnel.
    pub unit_type: Option<UnitType>,
    /// Immune: Range 1 Weapons: no weapon of maximum range 1 joins the pool.
    pub immune_range_1: bool,
}

impl Default for Defender {
    fn default() -> Self {
        Defender {
            die: None,
            surge_block: false,
            surge_tokens: 0,
            dodge: 0,
            cover: 0,
            cover_keyword: 0,
            suppression: 0,
            courage: Some(1),
            low_profile: false,
            dug_in: false,
            outmaneuver: false,
            armor: false,
            armor_x: 0,
            shielded: 0,
            backup: false,
            guardian: 0,
            danger_sense: 0,
            impervious: false,
            uncanny_luck: 0,
            block: false,
            nimble: false,
            deflect: false,
            immune_pierce: false,
            duelist: false,
            smoke: 0,
            immune_melee_pierce: false,
            immune_blast: false,
            immune_melee: false,
            weak_point: 0,
            force_user: false,
            hold_the_line: false,
            complete_the_mission: false,
            shien: false,
            soresu: false,
            djem_so: false,
            vaapad: false,
            wounded: 0,
            not_regs: false,
            unconcerned: false,
            wounds: None,
            minis: None,
            unit_type: None,
            immune_range_1: false,
        }
    }
}

impl Defender {
    /// Whether the unit is suppressed: its suppression tokens reach its courage. A unit whose
    /// courage is "—" never is.
    pub fn suppressed(&self) -> bool {
        self.courage.is_some_and(|c| self.suppression >= c)
    }

    /// Whether suppression improves its cover: suppressed (2.6 on), or any suppression token
    /// on a unit that has a courage (rrg-2021).
    pub fn cover_from_suppression(&self, edition: Edition) -> bool {
        match edition {
            Edition::Rrg2021 => self.courage.is_some() && self.suppression > 0,
            _ => self.suppressed(),
        }
    }
}

/// A defending unit's type, for Anti-Materiel X and Anti-Personnel X.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum UnitType {
    Trooper,
    Vehicle,
}
