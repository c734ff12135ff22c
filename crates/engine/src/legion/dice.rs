//! Legion dice, from `data/legion/dice.yaml`.

use super::units::DefenseDie;
use crate::data;
use serde::Deserialize;
use std::sync::OnceLock;

/// Faces of an attack die by result.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct AttackFaces {
    pub crit: u32,
    pub surge: u32,
    pub hit: u32,
    pub blank: u32,
}

/// Faces of a defense die by result.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct DefenseFaces {
    pub block: u32,
    pub surge: u32,
    pub blank: u32,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct AttackDice {
    red: AttackFaces,
    black: AttackFaces,
    white: AttackFaces,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct DefenseDice {
    red: DefenseFaces,
    white: DefenseFaces,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct DiceFile {
    attack: AttackDice,
    defense: DefenseDice,
}

fn dice() -> &'static DiceFile {
    static DICE: OnceLock<DiceFile> = OnceLock::new();
    DICE.get_or_init(|| {
        data::parse(
            "data/legion/dice.yaml",
            include_str!("../../../../data/legion/dice.yaml"),
        )
        .unwrap_or_else(|e| panic!("the embedded Legion dice data is malformed: {e}"))
    })
}

/// The attack dice in pool order: red, black, white.
pub(crate) fn attack_dice() -> [AttackFaces; 3] {
    let d = &dice().attack;
    [d.red, d.black, d.white]
}

/// The faces of a defense die.
pub(crate) fn defense_die(die: DefenseDie) -> DefenseFaces {
    match die {
        DefenseDie::Red => dice().defense.red,
        DefenseDie::White => dice().defense.white,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn attack_dice_have_eight_faces_and_defense_dice_six() {
        for d in attack_dice() {
            assert_eq!(d.crit + d.surge + d.hit + d.blank, 8);
        }
        for d in [DefenseDie::Red, DefenseDie::White] {
            let f = defense_die(d);
            assert_eq!(f.block + f.surge + f.blank, 6);
        }
        assert_eq!(attack_dice()[0].hit, 5);
        assert_eq!(defense_die(DefenseDie::Red).block, 3);
    }
}
