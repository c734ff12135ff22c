//! Which upgrades a unit may take, as a list builder offers them: for each slot of the unit's
//! upgrade bar (and each slot an upgrade it may take adds), the upgrade cards of that slot type
//! whose faction and [`requirements`](super::requirements) the unit meets. A requirement that
//! turns on a fact no card gives (a Force affinity) is offered, and says it was not checked.

use super::cards::{same, Card, Cards, Kind};
use super::requirements::{Fact, Requirement};
use std::collections::HashMap;

/// Whether a unit meets a requirement: yes, no, or unknown (it turns on a fact no card gives).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Truth {
    Yes,
    No,
    Unknown,
}

impl Truth {
    fn of(b: bool) -> Truth {
        match b {
            true => Truth::Yes,
            false => Truth::No,
        }
    }

    /// Both hold: no if either is no, else unknown if either is.
    pub fn and(self, other: Truth) -> Truth {
        match (self, other) {
            (Truth::No, _) | (_, Truth::No) => Truth::No,
            (Truth::Yes, Truth::Yes) => Truth::Yes,
            _ => Truth::Unknown,
        }
    }

    /// Either holds: yes if either is yes, else unknown if either is.
    pub fn or(self, other: Truth) -> Truth {
        match (self, other) {
            (Truth::Yes, _) | (_, Truth::Yes) => Truth::Yes,
            (Truth::No, Truth::No) => Truth::No,
            _ => Truth::Unknown,
        }
    }
}

impl std::ops::Not for Truth {
    type Output = Truth;

    /// The opposite; unknown stays unknown.
    fn not(self) -> Truth {
        match self {
            Truth::Yes => Truth::No,
            Truth::No => Truth::Yes,
            Truth::Unknown => Truth::Unknown,
        }
    }
}

/// Whether `unit` meets the requirement.
fn meets(unit: &Card, requirement: &Requirement) -> Truth {
    match requirement {
        Requirement::Any => Truth::Yes,
        Requirement::Facts(facts) => facts.iter().fold(Truth::Yes, |t, f| t.and(has(unit, f))),
        Requirement::Not(r) => !meets(unit, r),
        Requirement::And(rs) => rs.iter().fold(Truth::Yes, |t, r| t.and(meets(unit, r))),
        Requirement::Or(rs) => rs.iter().fold(Truth::No, |t, r| t.or(meets(unit, r))),
    }
}

/// Whether `unit` has the fact.
fn has(unit: &Card, fact: &Fact) -> Truth {
    let is = |have: Option<&str>, want: &str| {
        Truth::of(have.is_some_and(|h| h.trim().eq_ignore_ascii_case(want.trim())))
    };
    match fact {
        Fact::Name(n) => Truth::of(same(&unit.name, n)),
        Fact::Title(t) => Truth::of(unit.title.as_deref().is_some_and(|u| same(u, t))),
        Fact::Subtype(s) => is(Some(&unit.subtype), s),
        Fact::Faction(f) => is(unit.faction.as_deref(), f),
        Fact::Rank(r) => is(unit.rank.as_deref(), r),
        Fact::Affiliation(a) => is(unit.affiliation.as_deref(), a),
        Fact::Keywords(ks) => Truth::of(
            ks.iter()
                .all(|k| unit.keywords.iter().any(|uk| same(&uk.name, k))),
        ),
        Fact::Slots(slots) => Truth::of(slots.iter().all(|s| unit.has_slot(s))),
        Fact::Defense(d) => Truth::of(unit.stats.as_ref().is_some_and(|s| s.defense == *d)),
        Fact::ForceAffinity(_) | Fact::Picture(_) => Truth::Unknown,
    }
}

/// Whether `unit` may take `upgrade`: the unit meets its requirements, and an upgrade of a
/// faction (Legion HQ's upgrades for one army) goes to a unit of that faction or with it among
/// its affiliations (the armies a mercenary joins); for a mercenary unit without it, unknown,
/// since battle forces, which the cards don't give, let mercenaries into other armies.
pub(crate) fn fits(unit: &Card, upgrade: &Card) -> Truth {
    if upgrade.kind != Kind::Upgrade {
        return Truth::No;
    }
    let is = |have: Option<&str>, want: &str| have.is_some_and(|h| h.eq_ignore_ascii_case(want));
    let army = match upgrade.faction.as_deref().map(str::trim) {
        None | Some("") => Truth::Yes,
        Some(f) if is(unit.faction.as_deref(), f) => Truth::Yes,
        Some(f) if unit.affiliations.iter().any(|a| is(Some(a), f)) => Truth::Yes,
        Some(_) if is(unit.faction.as_deref(), "mercenary") => Truth::Unknown,
        Some(_) => Truth::No,
    };
    army.and(meets(unit, &upgrade.requirements))
}

/// An upgrade that fits a slot.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Fitting<'a> {
    /// The upgrade card.
    pub card: &'a Card,
    /// Whether it was checked to fit; `false` when that turns on what no card gives (a Force
    /// affinity, a mercenary's battle force): offered, as a list builder that can't tell would.
    pub checked: bool,
}

/// One slot type of a unit, with the upgrades that fit it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Slot<'a> {
    /// The slot type, as upgrades name it: `heavy weapon`, `personnel`, `force`, …
    pub slot: String,
    /// How many slots of the type the unit's bar has (the slots the unit card adds counted);
    /// 0 for a slot only an upgrade adds.
    pub count: usize,
    /// The fitting upgrades that add a slot of this type when equipped.
    pub added_by: Vec<&'a Card>,
    /// The upgrades of the slot type that fit the unit, by name.
    pub upgrades: Vec<Fitting<'a>>,
}

/// The upgrades that fit `unit`, slot type by slot type: those of its upgrade bar in the
/// bar's order (and those the unit card adds), then those the fitting upgrades add, in the
/// order met. Each slot's upgrades are the cards of its type whose faction and requirements
/// the unit meets, by name.
///
/// ```
/// use holodice_engine::legion::cards::{Cards, Kind};
/// use holodice_engine::legion::fitting::upgrades_for;
/// let cards = Cards::builtin();
/// let troopers = cards.find("Stormtroopers (ay)", Kind::Unit).unwrap();
/// let slots = upgrades_for(cards, troopers);
/// assert_eq!(slots[0].slot, "heavy weapon");
/// assert!(slots[0].upgrades.iter().any(|f| f.card.name == "DLT-19 Stormtrooper"));
/// ```
pub fn upgrades_for<'a>(cards: &'a Cards, unit: &Card) -> Vec<Slot<'a>> {
    let mut by_slot: HashMap<String, Vec<&'a Card>> = HashMap::new();
    for c in cards.all().iter().filter(|c| c.kind == Kind::Upgrade) {
        by_slot.entry(c.subtype.clone()).or_default().push(c);
    }
    let mut slots: Vec<Slot<'a>> = Vec::new();
    let at = |slots: &mut Vec<Slot<'a>>, slot: &str| -> usize {
        let slot = slot.trim().to_lowercase();
        match slots.iter().position(|s| s.slot == slot) {
            Some(i) => i,
            None => {
                slots.push(Slot {
                    slot,
                    count: 0,
                    added_by: Vec::new(),
                    upgrades: Vec::new(),
                });
                slots.len() - 1
            }
        }
    };
    for s in unit.upgrade_bar.iter().chain(&unit.adds_slots) {
        let i = at(&mut slots, s);
        slots[i].count += 1;
    }
    let mut i = 0;
    while i < slots.len() {
        let mut fitting: Vec<Fitting<'a>> = by_slot
            .get(&slots[i].slot)
            .into_iter()
            .flatten()
            .filter_map(|&c| match fits(unit, c) {
                Truth::No => None,
                t => Some(Fitting {
                    card: c,
                    checked: t == Truth::Yes,
                }),
            })
            .collect();
        fitting.sort_by_cached_key(|f| (f.card.full_name().to_lowercase(), f.card.id.clone()));
        for f in &fitting {
            for added in &f.card.adds_slots {
                let j = at(&mut slots, added);
                if !slots[j].added_by.iter().any(|c| std::ptr::eq(*c, f.card)) {
                    slots[j].added_by.push(f.card);
                }
            }
        }
        slots[i].upgrades = fitting;
        i += 1;
    }
    slots
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Cards from a YAML list in Legion HQ's field names.
    fn cards(yaml: &str) -> Cards {
        Cards::load("test.yaml", yaml).unwrap_or_else(|e| panic!("{e}"))
    }

    fn requirement(json: &str) -> Result<Requirement, String> {
        Requirement::read(&serde_yaml::from_str(json).unwrap())
    }

    const UNITS: &str = "
- {cardName: Troopers, cardType: unit, cardSubtype: trooper, faction: empire, rank: corps,
   keywords: [{name: Precise, value: 1}], upgradeBar: [heavy weapon, personnel, gear],
   stats: {minicount: 4, hp: 1, defense: w, courage: 1}}
- {cardName: Clones, cardType: unit, cardSubtype: clone trooper, faction: republic,
   rank: corps, upgradeBar: [heavy weapon, gear], stats: {minicount: 4, hp: 1, defense: r,
   courage: 1}}
- {cardName: Knight, title: Jedi Knight, cardType: unit, cardSubtype: trooper,
   faction: rebels, rank: operative, upgradeBar: [force, force, training],
   stats: {minicount: 1, hp: 7, defense: r, courage: 4}}
- {cardName: Hunter, cardType: unit, cardSubtype: mandalorian trooper, faction: mercenary,
   affiliation: Clan Wren, affiliations: [rebels], rank: special, upgradeBar: [personnel],
   stats: {minicount: 3, hp: 1, defense: w, courage: 1}}
";

    fn unit<'a>(cards: &'a Cards, name: &str) -> &'a Card {
        cards.find(name, Kind::Unit).unwrap()
    }

    fn truth(json: &str, name: &str) -> Truth {
        let cards = cards(UNITS);
        meets(unit(&cards, name), &requirement(json).unwrap())
    }

    #[test]
    fn an_object_holds_when_all_its_facts_do() {
        assert_eq!(
            truth(r#"[{"cardName": "Troopers"}]"#, "Troopers"),
            Truth::Yes
        );
        assert_eq!(truth(r#"[{"cardName": "Troopers"}]"#, "Clones"), Truth::No);
        let corps_clones = r#"[{"cardSubtype": "clone trooper", "rank": "corps"}]"#;
        assert_eq!(truth(corps_clones, "Clones"), Truth::Yes);
        assert_eq!(truth(corps_clones, "Troopers"), Truth::No);
        let rebel_corps = r#"[{"faction": "rebels", "rank": "corps", "cardSubtype": "trooper"}]"#;
        assert_eq!(truth(rebel_corps, "Troopers"), Truth::No);
        assert_eq!(truth(r#"[{"title": "Jedi Knight"}]"#, "Knight"), Truth::Yes);
        assert_eq!(
            truth(r#"[{"affiliation": "Clan Wren"}]"#, "Hunter"),
            Truth::Yes
        );
        assert_eq!(
            truth(r#"[{"affiliation": "Clan Wren"}]"#, "Troopers"),
            Truth::No
        );
        assert_eq!(
            truth(r#"[{"keywords": ["Precise"]}]"#, "Troopers"),
            Truth::Yes
        );
        assert_eq!(
            truth(r#"[{"upgradeBar": ["force"]}]"#, "Knight"),
            Truth::Yes
        );
        assert_eq!(
            truth(r#"[{"upgradeBar": ["force"]}]"#, "Troopers"),
            Truth::No
        );
        assert_eq!(
            truth(r#"[{"stats": {"defense": "w"}}]"#, "Troopers"),
            Truth::Yes
        );
        assert_eq!(
            truth(r#"[{"stats": {"defense": "w"}}]"#, "Clones"),
            Truth::No
        );
        // A mercenary's faction is its own: its affiliations are armies, not its faction.
        assert_eq!(truth(r#"[{"faction": "rebels"}]"#, "Hunter"), Truth::No);
        assert_eq!(truth("[]", "Hunter"), Truth::Yes);
        assert_eq!(truth("[{}]", "Hunter"), Truth::Yes);
    }

    #[test]
    fn and_or_not_nest() {
        let echo = r#"["AND", {"cardSubtype": "clone trooper"},
                       ["OR", {"rank": "corps"}, {"rank": "special"}]]"#;
        assert_eq!(truth(echo, "Clones"), Truth::Yes);
        assert_eq!(truth(echo, "Troopers"), Truth::No);
        let jedi = r#"["OR", {"cardName": "Knight"}, {"cardName": "Jedi Knight General"}]"#;
        assert_eq!(truth(jedi, "Knight"), Truth::Yes);
        assert_eq!(truth(jedi, "Troopers"), Truth::No);
        let not_commanders =
            r#"["AND", ["NOT", {"rank": "commander"}], ["NOT", {"rank": "operative"}]]"#;
        assert_eq!(truth(not_commanders, "Troopers"), Truth::Yes);
        assert_eq!(truth(not_commanders, "Knight"), Truth::No);
        let not_titled = r#"["AND", {"cardName": "Knight"}, ["NOT", {"title": "Sith"}]]"#;
        assert_eq!(truth(not_titled, "Knight"), Truth::Yes);
        assert_eq!(
            truth(r#"["NOT", ["OR", {"rank": "corps"}]]"#, "Clones"),
            Truth::No
        );
    }

    #[test]
    fn a_force_affinity_is_unknown_unless_the_rest_decides() {
        assert_eq!(
            truth(r#"[{"forceAffinity": "dark side"}]"#, "Knight"),
            Truth::Unknown
        );
        assert_eq!(truth(r#"[{"dark side": true}]"#, "Knight"), Truth::Unknown);
        let and = r#"["AND", {"forceAffinity": "dark side"}, {"cardName": "Troopers"}]"#;
        assert_eq!(truth(and, "Knight"), Truth::No);
        assert_eq!(truth(and, "Troopers"), Truth::Unknown);
        let or = r#"["OR", {"forceAffinity": "light side"}, {"rank": "operative"}]"#;
        assert_eq!(truth(or, "Knight"), Truth::Yes);
        assert_eq!(
            truth(r#"["NOT", {"forceAffinity": "light side"}]"#, "Knight"),
            Truth::Unknown
        );
    }

    #[test]
    fn each_slot_offers_the_upgrades_of_its_type_that_fit() {
        let yaml = format!(
            "{UNITS}
- {{cardName: Trooper Gun, cardType: upgrade, cardSubtype: heavy weapon,
   requirements: [{{cardName: Troopers}}]}}
- {{cardName: Clone Gun, cardType: upgrade, cardSubtype: heavy weapon,
   requirements: [{{cardSubtype: clone trooper}}]}}
- {{cardName: Captain, cardType: upgrade, cardSubtype: personnel, additionalUpgradeSlots: [training],
   requirements: [{{rank: corps}}]}}
- {{cardName: Aide, cardType: upgrade, cardSubtype: personnel, faction: republic}}
- {{cardName: Rebel Aide, cardType: upgrade, cardSubtype: personnel, faction: rebels}}
- {{cardName: Clan Aide, cardType: upgrade, cardSubtype: personnel, faction: mandalorians}}
- {{cardName: Drill, cardType: upgrade, cardSubtype: training}}
- {{cardName: Armour, cardType: upgrade, cardSubtype: gear}}
- {{cardName: Choke, cardType: upgrade, cardSubtype: force, requirements: [{{forceAffinity: dark side}}]}}
- {{cardName: Push, cardType: upgrade, cardSubtype: force}}
"
        );
        let cards = cards(&yaml);
        let names = |slot: &Slot| -> Vec<String> {
            slot.upgrades.iter().map(|f| f.card.name.clone()).collect()
        };
        let troopers = upgrades_for(&cards, unit(&cards, "Troopers"));
        let listed: Vec<(&str, usize)> = troopers
            .iter()
            .map(|s| (s.slot.as_str(), s.count))
            .collect();
        assert_eq!(
            listed,
            [
                ("heavy weapon", 1),
                ("personnel", 1),
                ("gear", 1),
                ("training", 0)
            ]
        );
        assert_eq!(names(&troopers[0]), ["Trooper Gun"]);
        // The republic's aide is not for an empire unit; the captain adds a training slot.
        assert_eq!(names(&troopers[1]), ["Captain"]);
        assert_eq!(names(&troopers[2]), ["Armour"]);
        assert_eq!(troopers[3].added_by[0].name, "Captain");
        assert_eq!(names(&troopers[3]), ["Drill"]);
        // A mercenary takes its affiliations' upgrades; another army's, through a battle force
        // the cards don't give, maybe: offered unchecked.
        let hunter = upgrades_for(&cards, unit(&cards, "Hunter"));
        assert_eq!(names(&hunter[0]), ["Aide", "Clan Aide", "Rebel Aide"]);
        let checked: Vec<bool> = hunter[0].upgrades.iter().map(|f| f.checked).collect();
        assert_eq!(checked, [false, false, true]);
        // Two Force slots are one slot type of count 2; the dark side power is offered unchecked.
        let knight = upgrades_for(&cards, unit(&cards, "Knight"));
        assert_eq!((knight[0].slot.as_str(), knight[0].count), ("force", 2));
        assert_eq!(names(&knight[0]), ["Choke", "Push"]);
        assert!(!knight[0].upgrades[0].checked && knight[0].upgrades[1].checked);
    }
}
