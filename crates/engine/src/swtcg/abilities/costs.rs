//! Abilities with a cost (`COST -> EFFECT`): paid as the unit attacks or is attacked, they are
//! `pay:` items, which apply as `--pay` says. The costs read are Force (`Pay 2 Force`, `Pay X
//! Force`) and those that change nothing on the unit itself: cards discarded from the hand or
//! the top of a deck, counters removed from the Resource, a card of the discard pile removed from
//! the game. A cost that taps the unit, damages it or removes its counters is not read, as it
//! changes the unit's own state.

use super::state::{own_effect, Effect};
use super::text::tidy;
use super::{Facts, Reading};
use crate::swtcg::keywords::normalize;

/// `COST -> EFFECT` with a cost it reads and an effect that is only the unit's own items:
/// `Pay 0 Force` costs nothing, so its items are the unit's own; any other cost makes them
/// `pay:` items.
pub(super) fn paid(text: &str, facts: &Facts) -> Option<Reading> {
    let (cost, effect_text) = text.split_once("->")?;
    let paid = read_cost(cost)?;
    let x_paid = cost.split(',').any(|c| normalize(c) == "pay x force");
    let effect = Effect {
        under_cost: true,
        x_paid,
    };
    let unit = own_effect(tidy(effect_text), facts, effect)?;
    if !unit.choices.is_empty() || !unit.strips.is_empty() {
        return None;
    }
    Some(match paid {
        false => Reading::Has(unit),
        true => Reading::Paid(unit),
    })
}

/// Whether a cost holodice reads is paid at all (`Pay 0 Force` is not); `None` for any other.
pub(super) fn read_cost(cost: &str) -> Option<bool> {
    let mut paid = false;
    for part in cost.split(',') {
        let p = normalize(part.trim().trim_end_matches('-').trim());
        let words: Vec<&str> = p.split(' ').collect();
        match words.as_slice() {
            ["pay", n, "force"] if n.parse::<u32>().is_ok() => {
                paid |= *n != "0";
            }
            ["pay", "x", "force"] => paid = true,
            _ if other_cost(&p) => paid = true,
            _ => return None,
        }
    }
    Some(paid)
}

/// A cost that changes nothing on the unit: cards discarded, Resource counters removed.
fn other_cost(cost: &str) -> bool {
    let number = |w: &str| w == "a" || w == "one" || w.parse::<u32>().is_ok();
    let w: Vec<&str> = cost.split(' ').collect();
    let deck_owner = |rest: &[&str]| {
        matches!(
            rest,
            ["your", "deck"]
                | ["your", "opponent's", "deck"]
                | ["your", "opponents", "deck"]
                | ["each", "player's", "deck"]
        )
    };
    match w.as_slice() {
        ["discard", n, "card" | "cards", "from", "your", "hand"] => number(n),
        ["discard", "a", "non-unit", "card", "from", "your", "hand"] => true,
        ["discard", "the", "top", "card", "from" | "of", rest @ ..] => deck_owner(rest),
        ["discard", "the", "top", n, "cards", "from" | "of", rest @ ..] => {
            number(n) && deck_owner(rest)
        }
        ["remove", n, "counter" | "counters", "from", "your", "resource"] => number(n),
        ["remove", "a", "card", "from", "your", "discard", "pile", "from", "the", "game"] => true,
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn costs_that_leave_the_unit_as_it_is_are_read() {
        for (cost, paid) in [
            ("Pay 0 Force", Some(false)),
            ("Pay 2 Force", Some(true)),
            ("Pay X Force", Some(true)),
            ("Pay 1 Force - ", Some(true)),
            ("Discard a card from your hand", Some(true)),
            ("Discard 2 cards from your hand", Some(true)),
            ("Discard the top card of your opponent's deck", Some(true)),
            (
                "Pay 2 Force, discard the top 2 cards from your opponents deck",
                Some(true),
            ),
            ("Remove 1 counter from your Resource", Some(true)),
            (
                "Remove a card from your discard pile from the game",
                Some(true),
            ),
            ("Tap", None),
            ("Put 1 damage counter on this unit", None),
            ("Remove 1 mastery counter from this unit", None),
            ("Pay 1 build point", None),
            ("Discard this unit", None),
        ] {
            assert_eq!(read_cost(cost), paid, "{cost}");
        }
    }
}
