//! What an attacker SPEC says about forming its pool, before the pool is formed: its cards, the
//! weapons chosen, the conditions the cards can't know, and the keywords that change dice.

use super::cards::{Card, Weapon};
use super::items::Field;

/// The keywords that change a weapon's dice as it joins the pool.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct DiceKeywords {
    pub spray: bool,
    pub anti_materiel: u32,
    pub anti_personnel: u32,
    pub assault: u32,
    pub cumbersome: bool,
    pub sniper_team: bool,
}

impl DiceKeywords {
    /// Sets the field `field` (one of these keywords) to value `v`: values add up, flags are on
    /// if any has them. `false` when `field` is not one of them.
    pub fn set(&mut self, field: Field, v: u32) -> bool {
        match field {
            Field::Spray => self.spray = true,
            Field::AntiMateriel => self.anti_materiel = self.anti_materiel.saturating_add(v),
            Field::AntiPersonnel => self.anti_personnel = self.anti_personnel.saturating_add(v),
            Field::Assault => self.assault = self.assault.saturating_add(v),
            Field::Cumbersome => self.cumbersome = true,
            Field::SniperTeam => self.sniper_team = true,
            _ => return false,
        }
        true
    }

    /// Whether `field` is one of these keywords.
    pub fn holds(field: Field) -> bool {
        DiceKeywords::default().set(field, 0)
    }

    /// Adds another set of these keywords (the SPEC's typed ones to a weapon's).
    pub fn merge(&mut self, o: &DiceKeywords) {
        self.spray |= o.spray;
        self.anti_materiel = self.anti_materiel.saturating_add(o.anti_materiel);
        self.anti_personnel = self.anti_personnel.saturating_add(o.anti_personnel);
        self.assault = self.assault.saturating_add(o.assault);
        self.cumbersome |= o.cumbersome;
        self.sniper_team |= o.sniper_team;
    }
}

/// What the attacker SPEC says about forming its pool, before the pool is formed.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct Loadout {
    /// The unit card (`@Name`), if any.
    pub unit: Option<Card>,
    /// Upgrade cards that add a mini (`+@DLT-19 Stormtrooper`), each with its own weapons.
    pub upgrade_minis: Vec<Card>,
    /// Weapons the unit gains from upgrades that add no mini (hardpoints, grenades, …).
    pub upgrade_weapons: Vec<Weapon>,
    /// `weapon NAME` items, in order.
    pub chosen: Vec<String>,
    /// `range N` (0 is melee).
    pub range: Option<u32>,
    /// `minis N`: how many minis attack.
    pub minis: Option<u32>,
    /// Arsenal X: weapons each mini may add.
    pub arsenal: u32,
    /// The condition item `moved`.
    pub moved: bool,
    /// The condition item `within N`: the defender is within range N.
    pub within: Option<u32>,
    /// Long Shot given as a SPEC item: every weapon of the pool has it.
    pub long_shot: bool,
    /// Ram X from cards: applies only with `moved`.
    pub card_ram: u32,
    /// Pool keywords typed in the SPEC: they apply to the whole pool.
    pub typed: DiceKeywords,
}
