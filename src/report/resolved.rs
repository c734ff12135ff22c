//! What a Legion attack's `@card` SPECs became, typed as JSON spells it: per unit from a card,
//! the cards, the pool's weapons and dice (or the defending unit's minis, wounds and dice), and
//! each keyword applied with where it came from.

use super::Entry;
use holodice_engine::legion::items::Role;
use holodice_engine::legion::units::{describe_dice, Defender, DefenseDie};
use holodice_engine::legion::Scenario;
use serde::Serialize;

/// The units that came from a card; at least one is.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(
    feature = "native",
    derive(schemars::JsonSchema),
    schemars(rename = "LegionResolved")
)]
pub struct Resolved {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub attacker: Option<Attacker>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub defender: Option<Defending>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub guardian: Option<Defending>,
}

/// The attacker: its cards, weapons, pool, surge chart and keywords.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(
    feature = "native",
    derive(schemars::JsonSchema),
    schemars(rename = "LegionResolvedAttacker")
)]
pub struct Attacker {
    pub cards: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub points: Option<u32>,
    pub weapons: String,
    pub dice: String,
    pub surge: String,
    pub keywords: String,
}

/// A defending unit (the defender or a guardian): cards, minis, wounds, dice and keywords.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(
    feature = "native",
    derive(schemars::JsonSchema),
    schemars(rename = "LegionResolvedDefender")
)]
pub struct Defending {
    pub cards: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub points: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub minis: Option<u32>,
    /// Wounds per mini.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub wounds: Option<u32>,
    pub defense: String,
    pub surge: String,
    pub courage: String,
    pub keywords: String,
}

impl Resolved {
    /// What scenario `s`'s units from cards became; `None` when none came from one.
    pub fn new(s: &Scenario) -> Option<Resolved> {
        let p = &s.provenance;
        let guardian = s.guardian.as_ref().filter(|_| p.has_cards(Role::Guardian));
        let resolved = Resolved {
            attacker: p.has_cards(Role::Attacker).then(|| Attacker::new(s)),
            defender: (p.has_cards(Role::Defender))
                .then(|| Defending::new(s, Role::Defender, &s.defender)),
            guardian: guardian.map(|g| Defending::new(s, Role::Guardian, g)),
        };
        let any = resolved.attacker.is_some()
            || resolved.defender.is_some()
            || resolved.guardian.is_some();
        any.then_some(resolved)
    }

    pub(super) fn entry(&self) -> Entry {
        let mut units = Vec::new();
        units.extend(self.attacker.as_ref().map(Attacker::entry));
        let defending = [
            ("defender", "Defender", &self.defender),
            ("guardian", "Guardian", &self.guardian),
        ];
        for (key, label, d) in defending {
            units.extend(d.as_ref().map(|d| Entry::group(key, label, d.entries())));
        }
        Entry::group("resolved", "Units from their cards", units)
    }
}

impl Attacker {
    fn new(s: &Scenario) -> Attacker {
        let weapons: Vec<String> = (s.provenance.weapons.iter())
            .map(|w| {
                format!(
                    "{} ({}): {} × {}",
                    w.name,
                    w.reach,
                    describe_dice(w.dice),
                    w.copies
                )
            })
            .collect();
        let a = &s.attacker;
        Attacker {
            cards: cards(s, Role::Attacker),
            points: s.provenance.points(Role::Attacker),
            weapons: weapons.join("; "),
            dice: describe_dice(a.dice),
            surge: a.surge.word().into(),
            keywords: applied(s, Role::Attacker),
        }
    }

    fn entry(&self) -> Entry {
        let mut entries = vec![Entry::text("cards", "Cards", &self.cards)];
        entries.extend(self.points.map(points));
        entries.extend([
            Entry::text("weapons", "Weapons", &self.weapons),
            Entry::text("dice", "Dice", &self.dice),
            Entry::text("surge", "Attack surge", &self.surge),
            Entry::text("keywords", "Keywords", &self.keywords),
        ]);
        Entry::group("attacker", "Attacker", entries)
    }
}

impl Defending {
    fn new(s: &Scenario, role: Role, d: &Defender) -> Defending {
        Defending {
            cards: cards(s, role),
            points: s.provenance.points(role),
            minis: d.minis,
            wounds: d.wounds,
            defense: d.die.map_or("none", DefenseDie::word).into(),
            surge: (if d.surge_block { "block" } else { "none" }).into(),
            courage: d.courage.map_or("—".into(), |c| c.to_string()),
            keywords: applied(s, role),
        }
    }

    fn entries(&self) -> Vec<Entry> {
        let count = |key, label, n: Option<u32>| n.map(|n| Entry::int(key, label, i64::from(n)));
        let mut entries = vec![Entry::text("cards", "Cards", &self.cards)];
        entries.extend(self.points.map(points));
        entries.extend(count("minis", "Minis", self.minis));
        entries.extend(count("wounds", "Wounds per mini", self.wounds));
        entries.extend([
            Entry::text("defense", "Defense die", &self.defense),
            Entry::text("surge", "Defense surge", &self.surge),
            Entry::text("courage", "Courage", &self.courage),
            Entry::text("keywords", "Keywords", &self.keywords),
        ]);
        entries
    }
}

/// What the unit costs, with its upgrades, when its cards say.
fn points(p: u32) -> Entry {
    Entry::int("points", "Points", i64::from(p))
}

fn cards(s: &Scenario, role: Role) -> String {
    let named: Vec<&str> = s.provenance.cards_of(role).collect();
    named.join(", ")
}

/// Every keyword or item applied, with its source: `Precise 1 (Stormtroopers)`; "none" for
/// a unit whose cards give no keyword that changes the dice.
fn applied(s: &Scenario, role: Role) -> String {
    let items: Vec<String> = (s.provenance.applied_to(role))
        .map(|a| format!("{} ({})", a.item, a.from))
        .collect();
    match items.is_empty() {
        true => "none".to_string(),
        false => items.join(", "),
    }
}
