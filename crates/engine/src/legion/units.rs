//! The units of a Legion attack as the attack reads them: the attacker's pool and keywords, a
//! defending unit's dice, tokens and keywords.

use super::edition::Edition;

/// An attack surge chart: what the unit's attack surges become.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum AttackSurge {
    /// No chart: Critical X and surge tokens convert surges, and the rest are blanks.
    #[default]
    None,
    /// Surges become hits.
    Hit,
    /// Surges become crits.
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

/// A defense die colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DefenseDie {
    /// 3 block, 1 surge and 2 blank faces of 6.
    Red,
    /// 1 block, 1 surge and 4 blank faces of 6.
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
    /// The attack surge chart.
    pub surge: AttackSurge,
    /// Aim tokens: each rerolls up to 2 attack dice (more with Precise).
    pub aim: u32,
    /// Observation tokens on the defender the attacker may spend: each rerolls 1 attack die,
    /// after the aim tokens.
    pub observation: u32,
    /// Precise X: each aim token rerolls X more dice.
    pub precise: u32,
    /// Surge tokens: each turns a surge the chart leaves into a hit.
    pub surge_tokens: u32,
    /// Critical X: up to X surges become crits, before the chart.
    pub critical: u32,
    /// Sharpshooter X: the defender's cover is X lower.
    pub sharpshooter: u32,
    /// Blast: the defender gets no cover.
    pub blast: bool,
    /// High Velocity: the defender spends no dodge tokens, and Deflect does nothing.
    pub high_velocity: bool,
    /// Suppressive: after a ranged attack the defender gains 1 more suppression token, which
    /// only a sequence of attacks (`legion sequence`) carries.
    pub suppressive: bool,
    /// Impact X: up to X hits become crits against Armor or Armor X.
    pub impact: u32,
    /// Lethal X: up to X aim tokens left after the rerolls give Pierce 1 each.
    pub lethal: u32,
    /// Ram X: the unit moved, so up to X results become crits.
    pub ram: u32,
    /// Duelist: in melee, an aim token spent rerolling gives Pierce 1.
    pub duelist: bool,
    /// Marksman: each aim token left turns a blank into a hit or a hit into a crit.
    pub marksman: bool,
    /// Pierce X: cancels up to X blocks.
    pub pierce: u32,
    /// A melee attack; neither this nor `overrun` is a ranged attack.
    pub melee: bool,
    /// An overrun attack: neither ranged nor melee.
    pub overrun: bool,
    /// Ion X: flips up to X of the defender's shield tokens.
    pub ion: u32,
    /// Primitive: against Armor or Armor X, every crit becomes a hit.
    pub primitive: bool,
    /// Immune: Deflect: the defender's Deflect deals the attacker no wound.
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
    /// Makashi Mastery: in melee, trades 1 Pierce to turn off the defender's Immune:
    /// (Melee) Pierce and Impervious.
    pub makashi: bool,
    /// Jar'Kai Mastery: in melee, each dodge token turns a blank into a hit or a hit into a
    /// crit.
    pub jarkai: bool,
    /// Dodge tokens, which Jar'Kai Mastery spends.
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
    pub(crate) fn rolled_dice(&self) -> [u32; 3] {
        let mut dice = self.dice;
        if self.vaapad {
            dice[2] += self.wounded.min(3);
        }
        dice
    }

    /// How many surges convert (Critical X, then surge tokens, without a chart; all with one):
    /// the rest are blanks to every step after the rerolls.
    pub(crate) fn surges_converted(&self) -> u32 {
        match self.surge {
            AttackSurge::None => self.critical + self.surge_tokens,
            AttackSurge::Hit | AttackSurge::Crit => u32::MAX,
        }
    }
}

/// A unit that rolls defense dice: the defender, or a guardian.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Defender {
    /// The defense die it rolls; a SPEC without one is refused.
    pub die: Option<DefenseDie>,
    /// The defense surge chart: surges become blocks.
    pub surge_block: bool,
    /// Surge tokens: each turns a surge the chart leaves into a block.
    pub surge_tokens: u32,
    /// Dodge tokens: each cancels a hit (crits too with Outmaneuver).
    pub dodge: u32,
    /// Cover from terrain: 0 none, 1 light, 2 heavy.
    pub cover: u32,
    /// The Cover X keyword.
    pub cover_keyword: u32,
    /// Suppression tokens on the unit.
    pub suppression: u32,
    /// `None` for a courage of "—": the unit is never suppressed.
    pub courage: Option<u32>,
    /// Low Profile: the cover roll has one die fewer and one block more.
    pub low_profile: bool,
    /// Dug In: cover is rolled with red defense dice rather than white.
    pub dug_in: bool,
    /// Outmaneuver: dodge tokens cancel crits too, crits first.
    pub outmaneuver: bool,
    /// Armor: cancels every hit.
    pub armor: bool,
    /// Armor X: cancels up to X hits.
    pub armor_x: u32,
    /// Shielded X: shield tokens cancelling up to X results of a ranged attack, crits first.
    pub shielded: u32,
    /// Backup: cancels up to 2 hits of a ranged attack.
    pub backup: bool,
    /// Guardian X: on a guardian, how many hits it may take; on the defender, only whether it
    /// has it.
    pub guardian: u32,
    /// Danger Sense X: one more defense die per suppression token, up to X.
    pub danger_sense: u32,
    /// Impervious: the attacker's Pierce is 1 lower.
    pub impervious: bool,
    /// Uncanny Luck X: rerolls up to X defense dice.
    pub uncanny_luck: u32,
    /// Block: after a dodge token is spent, defense surges become blocks.
    pub block: bool,
    /// Nimble: after an attack in which it spent a dodge token it gains 1, which only a
    /// sequence of attacks (`legion sequence`) carries.
    pub nimble: bool,
    /// Deflect: against a ranged attack defense surges become blocks, and any surge wounds
    /// the attacker once.
    pub deflect: bool,
    /// Immune: Pierce: the attacker's Pierce cancels no blocks.
    pub immune_pierce: bool,
    /// Duelist: in melee, a dodge token spent gives Immune: Pierce.
    pub duelist: bool,
    /// Smoke tokens improving this unit's cover.
    pub smoke: u32,
    /// Immune: Melee Pierce: in melee, the attacker's Pierce cancels no blocks.
    pub immune_melee_pierce: bool,
    /// Immune: Blast: the unit keeps its cover against Blast.
    pub immune_blast: bool,
    /// Immune: Melee: the unit can't be attacked in melee.
    pub immune_melee: bool,
    /// Weak Point X (the attacker is in the arc): the pool gains Impact X.
    pub weak_point: u32,
    /// A Force upgrade slot (for Jedi Hunter).
    pub force_user: bool,
    /// Hold the Line: surge block in melee.
    pub hold_the_line: bool,
    /// Complete the Mission (near the tokens): surge block.
    pub complete_the_mission: bool,
    /// Shien Mastery: Deflect wounds the attacker once per defense surge.
    pub shien: bool,
    /// Soresu Mastery: against a ranged attack, the unit may reroll all its defense dice.
    pub soresu: bool,
    /// Djem So Mastery: in melee, a blank in the attack roll wounds the attacker.
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
    pub(crate) fn suppressed(&self) -> bool {
        self.courage.is_some_and(|c| self.suppression >= c)
    }

    /// Whether suppression improves its cover: suppressed (2.6 on), or any suppression token
    /// on a unit that has a courage (rrg-2021).
    pub(crate) fn cover_from_suppression(&self, edition: Edition) -> bool {
        match edition {
            Edition::Rrg2021 => self.courage.is_some() && self.suppression > 0,
            _ => self.suppressed(),
        }
    }
}

/// A defending unit's type, for Anti-Materiel X and Anti-Personnel X.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum UnitType {
    /// A trooper: Anti-Personnel X acts against it.
    Trooper,
    /// A vehicle: Anti-Materiel X acts against it.
    Vehicle,
}
