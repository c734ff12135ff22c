//! What `@card` SPECs became, for a reader to check an answer against the cards: the cards
//! named, the weapons that formed the pool, and every keyword applied with where it came from
//! (a card, a weapon, an upgrade, or the SPEC itself).

use super::items::Role;

/// Where the units of one query came from, kept as the SPECs are read.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct Provenance {
    /// Each card named: `@Stormtroopers`, `+@DLT-19 Stormtrooper`.
    pub cards: Vec<NamedCard>,
    /// Each keyword or item applied: its role, the item as applied, and its source.
    pub applied: Vec<Applied>,
    /// The weapons that formed the attacker's pool.
    pub weapons: Vec<UsedWeapon>,
}

/// A card a SPEC named, with the points it costs (when its file gives them).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct NamedCard {
    /// The unit whose SPEC names it.
    pub role: Role,
    /// As the SPEC names it: `@Stormtroopers`, `+@DLT-19 Stormtrooper`.
    pub name: String,
    /// The card's points, when its file gives them.
    pub cost: Option<u32>,
}

/// One keyword or SPEC item applied to a unit.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Applied {
    /// The unit it applies to.
    pub role: Role,
    /// As the card prints it or the SPEC gives it: `Precise 1`, `aim 1`.
    pub item: String,
    /// `Stormtroopers` (a card), `weapon E-11 Blaster Rifle`, or `SPEC`.
    pub from: String,
}

/// One weapon in the pool: its name, reach, dice per copy and copies (one per mini).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct UsedWeapon {
    /// The weapon's name, as its card prints it.
    pub name: String,
    /// The ranges it reaches, as the card shows them: `melee`, `1–3`, `2+`.
    pub reach: String,
    /// Dice per copy and colour: red, black, white.
    pub dice: [u32; 3],
    /// How many copies join the pool: one per mini that adds it.
    pub copies: u32,
}

impl Provenance {
    /// Whether `role`'s unit came from a card.
    pub fn has_cards(&self, role: Role) -> bool {
        self.cards.iter().any(|c| c.role == role)
    }

    /// The cards `role`'s unit came from, as the SPEC named them.
    pub fn cards_of(&self, role: Role) -> impl Iterator<Item = &str> {
        self.cards
            .iter()
            .filter(move |c| c.role == role)
            .map(|c| c.name.as_str())
    }

    /// What `role`'s unit costs: its cards' points, when it came from cards that all give
    /// them.
    ///
    /// ```
    /// use holodice_engine::legion::{items::Role, Scenario};
    /// let s = Scenario::parse("@Stormtroopers, +@DLT-19 Stormtrooper", "white defense", None).unwrap();
    /// let (troopers, dlt) = (42, 20); // Legion HQ's costs
    /// assert_eq!(s.provenance.points(Role::Attacker), Some(troopers + dlt));
    /// assert_eq!(s.provenance.points(Role::Defender), None);
    /// ```
    pub fn points(&self, role: Role) -> Option<u32> {
        let mut of_role = self.cards.iter().filter(|c| c.role == role).peekable();
        of_role.peek()?;
        of_role.try_fold(0u32, |sum, c| Some(sum.saturating_add(c.cost?)))
    }

    /// The keywords and items applied to `role`'s unit.
    pub fn applied_to(&self, role: Role) -> impl Iterator<Item = &Applied> {
        self.applied.iter().filter(move |a| a.role == role)
    }

    pub(crate) fn apply(&mut self, role: Role, item: impl Into<String>, from: impl Into<String>) {
        self.applied.push(Applied {
            role,
            item: item.into(),
            from: from.into(),
        });
    }
}
