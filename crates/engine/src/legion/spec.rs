//! Legion SPECs: `"4 red, 2 black, surge crit, aim 1, Pierce 1"`, comma-separated, any case:
//! each item looked up in the item table ([`super::items`]) and set on its unit.

use super::cards::{Card, Cards, Kind};
use super::fields::set;
use super::fitting::{fits, Truth};
use super::from_card;
use super::items::{lookup, Role, Status};
use super::loadout::Loadout;
use super::pool;
use super::resolved::NamedCard;
use super::scenario::Scenario;
use super::units::{Attacker, Defender};
use crate::error::{Error, Input, Message};
use crate::names::{elsewhere, Game};

impl Scenario {
    /// Parses the three SPECs, whose `@Name` items name the built-in cards.
    ///
    /// ```
    /// use holodice_engine::legion::Scenario;
    /// let s = Scenario::parse("4 red, surge crit, aim 1", "white defense, cover light", None).unwrap();
    /// assert_eq!(s.attacker.dice, [4, 0, 0]);
    /// assert_eq!(s.defender.cover, 1);
    /// ```
    pub fn parse(
        attacker: &str,
        defender: &str,
        guardian: Option<&str>,
    ) -> Result<Scenario, Error> {
        Scenario::parse_with(attacker, defender, guardian, Cards::builtin())
    }

    /// Parses the three SPECs, whose `@Name` items name units of `cards`, and forms the
    /// attacker's pool.
    pub fn parse_with(
        attacker: &str,
        defender: &str,
        guardian: Option<&str>,
        cards: &Cards,
    ) -> Result<Scenario, Error> {
        let mut s = Scenario::new(
            Attacker::default(),
            Defender::default(),
            guardian.map(|_| Defender::default()),
        );
        let mut loadout = Loadout::default();
        for (role, spec) in [
            (Role::Attacker, Some(attacker)),
            (Role::Defender, Some(defender)),
            (Role::Guardian, guardian),
        ] {
            let Some(spec) = spec.filter(|s| !s.trim().is_empty()) else {
                continue;
            };
            for raw in crate::names::items(spec) {
                item(&mut s, &mut loadout, role, raw.trim(), cards)?;
            }
        }
        s.check_units()?;
        pool::form(&mut s, &loadout)?;
        if s.attacker.dice.iter().sum::<u32>() == 0 {
            let message = match loadout.unit {
                Some(_) => {
                    "the attacker's pool has no dice: its weapons have none on the card; \
                            add some, as in '1 black'"
                }
                None => "the attacker SPEC has no dice: add some, as in '4 red, 2 black'",
            };
            return Err(Error::input(Message::about(Input::Attacker).text(message)));
        }
        s.notes.extend(cards.set_aside_note());
        let mut seen = std::collections::HashSet::new();
        s.notes.retain(|n| seen.insert(n.clone()));
        Ok(s)
    }

    /// The defender's and guardian's required items, and their wounds and minis.
    fn check_units(&self) -> Result<(), Error> {
        if self.defender.die.is_none() {
            return Err(Error::about(
                Some(Input::Defender),
                "the defender SPEC has no defense die: add 'red defense' or 'white defense'",
            ));
        }
        check_wounds("defender", &self.defender)?;
        if let Some(g) = &self.guardian {
            if g.die.is_none() {
                return Err(Error::about(
                    Some(Input::Guardian),
                    "the guardian SPEC has no defense die: add 'red defense' or 'white defense'",
                ));
            }
            if g.guardian == 0 {
                return Err(Error::about(
                    Some(Input::Guardian),
                    "the guardian SPEC has no Guardian X: add one, as in 'Guardian 2'",
                ));
            }
            check_wounds("guardian", g)?;
        }
        Ok(())
    }
}

/// Wound tokens sit on one mini, fewer than its wounds: more would have defeated it. Without
/// wounds per mini they only count for Vaapad Mastery, and no minis defeated are reported.
fn check_wounds(role: &str, d: &Defender) -> Result<(), Error> {
    match d.wounds {
        Some(w) if d.wounded >= w => Err(Error::about(
            Input::of_key(role),
            format!(
            "the {role} SPEC has 'wounded {}', but a mini has {w} wounds: wound tokens sit on one \
             mini, so give fewer than {w} and lower 'minis N' by the minis defeated",
            d.wounded
        ),
        )),
        _ => Ok(()),
    }
}

/// Reads one SPEC item into the scenario (and, for the attacker, its loadout).
fn item(
    s: &mut Scenario,
    l: &mut Loadout,
    role: Role,
    item: &str,
    cards: &Cards,
) -> Result<(), Error> {
    let fail = |message: Message| Error::Spec {
        role: role.name().to_string(),
        item: item.to_string(),
        message,
    };
    if let Some(name) = item.strip_prefix("+@") {
        let unit = l.unit.as_ref().filter(|_| role == Role::Attacker);
        let unfit = |c: &Card| unit.is_some_and(|u| fits(u, c) == Truth::No);
        let card = (cards.find_suggesting(name, Kind::Upgrade, &unfit)).map_err(fail)?;
        from_card::upgrade(s, l, role, card).map_err(|e| fail(e.into()))?;
        s.provenance.cards.push(NamedCard {
            role,
            name: format!("+@{}", cards.spec_name(card)),
            cost: card.cost,
        });
        return Ok(());
    }
    if let Some(name) = item.strip_prefix('@') {
        let card = cards.find(name, Kind::Unit).map_err(fail)?;
        from_card::unit(s, l, role, card);
        s.provenance.cards.push(NamedCard {
            role,
            name: format!("@{}", cards.spec_name(card)),
            cost: card.cost,
        });
        return Ok(());
    }
    if let Some(name) = weapon_name(item) {
        if role != Role::Attacker {
            return Err(fail("weapon belongs in the attacker SPEC".into()));
        }
        l.chosen.push(name.to_string());
        return Ok(());
    }
    let (keyword, value) = lookup(item).map_err(|e| Error::Spec {
        role: role.name().to_string(),
        item: item.to_string(),
        message: elsewhere(Game::Legion, item).unwrap_or_else(|| e.into()),
    })?;
    if !keyword.roles.contains(&role) {
        let allowed: Vec<&str> = keyword.roles.iter().map(|r| r.name()).collect();
        return Err(fail(
            format!(
                "{} belongs in the {} SPEC",
                keyword.name,
                allowed.join(" or ")
            )
            .into(),
        ));
    }
    match keyword.status {
        Status::NotModelled => {
            return Err(Error::NotModelled {
                keyword: keyword.name.clone(),
                reason: keyword.reason.clone().unwrap_or_default(),
            })
        }
        Status::NoDiceEffect => s.notes.push(format!(
            "{}: no effect on dice ({})",
            keyword.name,
            keyword.reason.clone().unwrap_or_default()
        )),
        Status::Ambiguous => {
            let reason = keyword.reason.as_deref().unwrap_or_default();
            return Err(fail(reason.replace("{N}", &value.to_string()).into()));
        }
        Status::Modelled => s.provenance.apply(role, item, "SPEC"),
    }
    set(s, l, role, keyword.sets, value).map_err(|e| fail(e.into()))
}

/// `weapon NAME`: the name, if the item is one.
fn weapon_name(item: &str) -> Option<&str> {
    let (first, rest) = item.split_once(char::is_whitespace)?;
    (first.eq_ignore_ascii_case("weapon") && !rest.trim().is_empty()).then(|| rest.trim())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::legion::units::{AttackSurge, DefenseDie};

    fn err(a: &str, d: &str) -> String {
        Scenario::parse(a, d, None).unwrap_err().to_string()
    }

    #[test]
    fn parses_dice_both_ways_and_word_values() {
        let s = Scenario::parse(
            "4 red, black 2, 1 WHITE, surge crit, aim 2, Pierce 1",
            "red defense, surge block, cover heavy, Armor 1, Immune: Pierce, dodge 1",
            Some("Guardian 2, white defense, Deflect"),
        )
        .unwrap();
        assert_eq!(s.attacker.dice, [4, 2, 1]);
        assert_eq!(s.attacker.surge, AttackSurge::Crit);
        assert_eq!((s.attacker.aim, s.attacker.pierce), (2, 1));
        assert_eq!(s.defender.die, Some(DefenseDie::Red));
        assert_eq!((s.defender.cover, s.defender.armor_x), (2, 1));
        assert!(!s.defender.armor && s.defender.immune_pierce && s.defender.surge_block);
        let g = s.guardian.unwrap();
        assert_eq!(
            (g.guardian, g.die, g.deflect),
            (2, Some(DefenseDie::White), true)
        );
    }

    #[test]
    fn bad_items_name_the_fix() {
        assert!(err("4 red", "").contains("no defense die"));
        assert!(err("", "red defense").contains("no dice"));
        assert!(err("4 rde", "red defense").contains("did you mean '4 red'?"));
        assert!(err("4red", "red defense").contains("did you mean '4 red'?"));
        assert!(err("4 red, Pierce1", "red defense").contains("did you mean 'Pierce 1'?"));
        assert!(err("4 red, Peirce 1", "red defense").contains("did you mean 'Pierce 1'?"));
        assert!(err("4 red, xyzzy", "red defense").contains("holodice legion keywords"));
        assert!(err("4 red, Pierce", "red defense").contains("needs a number"));
        assert!(err("4 red, Blast 2", "red defense").contains("takes no number"));
        assert!(err("-1 red", "red defense").contains("can't be negative"));
        assert!(err("4 red, cover light", "red defense").contains("belongs in the defender SPEC"));
        assert!(err("4 red, Jump 1, Marksman 1", "red defense").contains("takes no number"));
        let s =
            Scenario::parse("4 red, Ram 1, Duelist, melee", "red defense, Duelist", None).unwrap();
        assert!(s.attacker.duelist && s.defender.duelist && s.attacker.ram == 1);
        assert!(err("4 red", "red defense, terrain cover 3").contains("0, 1 or 2"));
        assert!(err("101 red", "red defense").contains("limit of 100"));
        assert!(err("4 red", "red defense,,dodge 1").contains("empty item"));
    }
}
