//! How a card becomes SPEC items: its statistics set the unit's fields and its keywords go
//! through the same keyword table as typed items (`data/legion/keywords.yaml`), so each effect
//! is implemented once. What holodice does not model goes to the result's notes; a condition
//! (melee, moved, …) is never turned on by a card, only by the SPEC.

use super::card_effects::{CardEffects, Effect};
use super::cards::{Card, CardKeyword, KeywordValue, Kind, Weapon};
use super::fields;
use super::items::{self, Field, Role, Status};
use super::loadout::{DiceKeywords, Loadout};
use super::scenario::Scenario;
use super::units::Defender;

/// The fields that state a board condition, the attack's kind or the tokens a unit holds:
/// only the SPEC says them (a card's "Surge Token" or "Dodge" names a token type, not tokens;
/// its Weak Point, Death From Above, Complete the Mission and Advanced Targeting act only where
/// the board says so).
fn condition(field: Field) -> bool {
    matches!(
        field,
        Field::Aim
            | Field::Observation
            | Field::SurgeTokens
            | Field::Dodge
            | Field::Suppression
            | Field::Cover
            | Field::CoverNone
            | Field::CoverLight
            | Field::CoverHeavy
            | Field::Courage
            | Field::Melee
            | Field::Ranged
            | Field::Moved
            | Field::Within
            | Field::Overrun
            | Field::Range
            | Field::Weapon
            | Field::Minis
            | Field::Wounds
            | Field::Wounded
            | Field::Trooper
            | Field::Vehicle
            | Field::WeakPoint
            | Field::DeathFromAbove
            | Field::CompleteTheMission
            | Field::AdvancedTargeting
    )
}

/// Card keywords whose SPEC item has another name because the card's name is taken by an
/// item of the board (an alias can't say it: names match in any case): the card's Cover X is
/// the item `Cover keyword X`, not the terrain's `cover N`.
const CARD_NAMES: [(&str, &str); 1] = [("Cover", "Cover keyword")];

/// The SPEC item a card's keyword `k` (on `source`, a card or weapon name) is, for `role`:
/// `None` when it does nothing there, with a note in `notes` when the reader should know why.
pub(crate) fn resolve(
    k: &CardKeyword,
    role: Role,
    source: &str,
    notes: &mut Vec<String>,
) -> Option<(Field, u32)> {
    let not_modelled = |why: &str| {
        format!(
            "Legion HQ keyword not modelled: {} ({source}{why})",
            k.describe()
        )
    };
    let Ok((keyword, v)) = items::lookup(&item_text(k)) else {
        let numbered = items::lookup(&format!("{} 1", item_text(k))).ok();
        notes.push(match (&k.value, numbered) {
            (Some(KeywordValue::Text(x)), _) if x.eq_ignore_ascii_case("x") => format!(
                "{} X ({source}): the card leaves X open; add '{} N' to the SPEC",
                k.name, k.name
            ),
            (None, Some((item, _))) if item.roles.contains(&role) => format!(
                "{} ({source}): the card file gives no number (the original Legion HQ's gives \
                 none); add '{} N' to the SPEC",
                k.name, item.name
            ),
            _ => not_modelled(""),
        });
        return None;
    };
    if !keyword.roles.contains(&role) {
        return None;
    }
    let reason = keyword.reason.clone().unwrap_or_default();
    let valued = keyword.value != crate::swtcg::keywords::ValueKind::None;
    let note = match keyword.status {
        Status::NoDiceEffect => Some(format!("{}: no effect on dice ({reason})", keyword.name)),
        Status::NotModelled | Status::Ambiguous => Some(not_modelled(&format!(": {reason}"))),
        Status::Modelled if condition(keyword.sets) => Some(format!(
            "{} ({source}): only the SPEC states a condition or tokens; add '{}{}' to the {} \
             SPEC when it applies",
            k.describe(),
            keyword.name,
            if valued { " N" } else { "" },
            role.name()
        )),
        Status::Modelled => None,
    };
    if let Some(note) = note {
        notes.push(note);
        return None;
    }
    if let Some(KeywordValue::Text(t)) = &k.value {
        notes.push(match valued {
            false => format!(
                "{} ({source}): read as '{}'; '{t}' is not modelled",
                k.describe(),
                keyword.name
            ),
            true => format!(
                "{} ({source}): read as '{} {v}'; the card's '{t}' says when it applies",
                k.describe(),
                keyword.name
            ),
        });
    }
    Some((keyword.sets, v))
}

/// The SPEC item a card's keyword reads as: its name (or the item named for it in
/// [`CARD_NAMES`]) with its number, or the first number of a text value ("2: Commander",
/// "Trooper 1") when the item takes one.
fn item_text(k: &CardKeyword) -> String {
    let name = CARD_NAMES
        .iter()
        .find(|(card, _)| k.name.eq_ignore_ascii_case(card))
        .map_or(k.name.as_str(), |(_, item)| item);
    match &k.value {
        Some(KeywordValue::Number(n)) => format!("{name} {n}"),
        Some(KeywordValue::Text(t)) if items::lookup(name).is_err() => {
            number_in(t).map_or(name.to_string(), |n| format!("{name} {n}"))
        }
        _ => name.to_string(),
    }
}

/// The first whole number in a keyword's text value.
fn number_in(text: &str) -> Option<u32> {
    text.split(|c: char| !c.is_ascii_digit())
        .find(|w| !w.is_empty())
        .and_then(|w| w.parse().ok())
}

/// The keywords a card applies itself: a keyword printed without a value that one of its
/// weapons carries is the card restating that weapon's keyword, applied with the weapon.
fn own_keywords(card: &Card) -> impl Iterator<Item = &CardKeyword> {
    card.keywords
        .iter()
        .filter(|k| k.value.is_some() || !card.weapons.iter().any(|w| w.has(&k.name)))
}

/// `@NAME`: the unit card's statistics and keywords for `role`.
pub(crate) fn unit(s: &mut Scenario, l: &mut Loadout, role: Role, card: &Card) {
    if let Some(st) = &card.stats {
        match role {
            Role::Attacker => s.attacker.surge = st.surge,
            _ => {
                let d = defender(s, role);
                d.die = Some(st.defense);
                d.surge_block = st.surge_block;
                d.courage = st.courage;
                d.wounds = (st.wounds > 0).then_some(st.wounds);
                d.minis = (st.minis > 0).then_some(st.minis);
                d.unit_type = card.unit_type();
                d.force_user = card.has_slot("force");
            }
        }
    }
    if role == Role::Attacker {
        l.unit = Some(card.clone());
    }
    keywords(s, l, role, card);
}

/// `+@UPGRADE`: a mini with its weapons, or weapons for the unit, and the card's keywords; a
/// counterpart's mini attacks with its own weapons.
pub(crate) fn upgrade(
    s: &mut Scenario,
    l: &mut Loadout,
    role: Role,
    card: &Card,
) -> Result<(), String> {
    let has_unit = match role {
        Role::Attacker => l.unit.is_some(),
        _ => defender(s, role).die.is_some(),
    };
    if !has_unit {
        return Err(format!(
            "an upgrade joins a unit: give the unit first, as in '@Stormtroopers, +@{}'",
            card.name
        ));
    }
    match role {
        Role::Attacker if card.adds_mini() => l.upgrade_minis.push(card.clone()),
        Role::Attacker => l.upgrade_weapons.extend(card.weapons.iter().cloned()),
        _ if card.kind == Kind::Counterpart => s.notes.push(format!(
            "{}: a counterpart's mini defends with wounds of its own, which holodice does not \
             model: the defending minis are the unit's",
            card.full_name()
        )),
        _ if card.adds_mini() => {
            let d = defender(s, role);
            d.minis = Some(d.minis.unwrap_or(0).saturating_add(1));
        }
        _ => {}
    }
    keywords(s, l, role, card);
    if card.keywords.is_empty() && card.weapons.is_empty() && !card.adds_mini() {
        effect(s, l, role, card);
    }
    Ok(())
}

/// What an upgrade the card data gives neither keywords nor weapons does
/// (`data/legion/card-effects.yaml`): it acts as SPEC items, or a note says it changes no dice
/// or is not modelled; never nothing, in silence.
fn effect(s: &mut Scenario, l: &mut Loadout, role: Role, card: &Card) {
    let source = card.full_name();
    let reason = match CardEffects::builtin().of(&card.name) {
        Some(Effect::Acts(acts)) => {
            let as_keywords: Vec<CardKeyword> = (acts.iter())
                .map(|a| CardKeyword {
                    name: a.clone(),
                    value: None,
                })
                .collect();
            let roles: Vec<String> = (acts.iter())
                .filter_map(|a| items::roles_of(a))
                .filter(|r| !r.contains(&role))
                .map(|r| r.iter().map(|r| r.name()).collect::<Vec<_>>().join(" or "))
                .collect();
            if let Some(other) = roles.first() {
                s.notes.push(format!(
                    "{source}: acts as {} only for the {other}: it changes no dice here",
                    acts.join(", ")
                ));
            }
            apply(s, l, role, &source, as_keywords.iter());
            return;
        }
        Some(Effect::NoDice(why)) => {
            s.notes.push(format!("{source}: no effect on dice ({why})"));
            return;
        }
        Some(Effect::NotModelled(why)) => why.clone(),
        None => "the card data gives it neither keywords nor weapons, and \
                 data/legion/card-effects.yaml has no entry for it"
            .into(),
    };
    s.notes
        .push(format!("Legion HQ card not modelled: {source} ({reason})"));
}

/// A card's own keywords, as SPEC items of `role`; what can't be set goes to the notes.
fn keywords(s: &mut Scenario, l: &mut Loadout, role: Role, card: &Card) {
    apply(s, l, role, &card.full_name(), own_keywords(card));
}

/// Keywords of the card `source`, as SPEC items of `role`; what can't be set goes to the notes.
fn apply<'a>(
    s: &mut Scenario,
    l: &mut Loadout,
    role: Role,
    source: &str,
    keywords: impl Iterator<Item = &'a CardKeyword>,
) {
    let source = source.to_string();
    for k in keywords {
        let Some((field, v)) = resolve(k, role, &source, &mut s.notes) else {
            continue;
        };
        let set = match (role, field) {
            (Role::Attacker, Field::Ram) => {
                l.card_ram = l.card_ram.saturating_add(v);
                Ok(())
            }
            _ => fields::set(s, l, role, field, v),
        };
        match set {
            Ok(()) => s.provenance.apply(role, k.describe(), &source),
            Err(e) => s.notes.push(format!(
                "Legion HQ keyword not modelled: {} ({source}: {e})",
                k.describe()
            )),
        }
    }
}

/// The defending unit of `role`: the defender or the guardian.
fn defender(s: &mut Scenario, role: Role) -> &mut Defender {
    match role {
        Role::Guardian => s.guardian.get_or_insert_with(Default::default),
        _ => &mut s.defender,
    }
}

/// A weapon's keywords that change its dice as it joins the pool.
pub(crate) fn dice_keywords(w: &Weapon) -> DiceKeywords {
    let mut k = DiceKeywords::default();
    let mut ignored = Vec::new();
    for kw in &w.keywords {
        if let Some((field, v)) = resolve(kw, Role::Attacker, &w.name, &mut ignored) {
            k.set(field, v);
        }
    }
    k
}
