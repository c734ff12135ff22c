//! Card text about the unit's own state and its attacks, read into the SPEC items that test it
//! (`if damage <= 4:`, `if attacking:`), count X (`Fury X, X = damage counters`), choose per
//! attack (`choose: A / B`), take abilities away (`opponent loses: Armor`) and re-roll
//! (`Reroll`). Each reading builds SPEC text from the card's words and parses it with the SPEC
//! parser, so the card file keeps it in SPEC form.

use super::text::{is_self, sentences, split_at_word, split_list, strip_end, strip_word, tidy};
use super::{plain, Facts};
use crate::swtcg::keywords::Keywords;
use crate::swtcg::spec::Syntax;
use crate::swtcg::unit::{Item, Unit};

/// The unit of SPEC entries made from a card's words, by the parser of users' SPECs.
pub(super) fn unit_of(entries: &[String]) -> Option<Unit> {
    let syntax = Syntax {
        cards: None,
        conditions: true,
    };
    Unit::parse_syntax(&entries.join(", "), syntax).ok()
}

/// Where an effect is read: after a cost (`Pay 1 Force -> …`), perhaps of X Force.
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct Effect {
    /// After a cost: `… for this attack` and `… until end of turn` last the attack it is paid for.
    pub under_cost: bool,
    /// After `Pay X Force`: items of value X (`Evade X`, `+X power`), X being the Force paid,
    /// which the SPEC naming the card gives (`X = 3`).
    pub x_paid: bool,
}

/// The SPEC entries of keywords whose value is X (`Evade X`, `+X power`).
fn x_entries(text: &str) -> Option<Vec<String>> {
    split_list(tidy(text))
        .into_iter()
        .map(|part| {
            let unit = unit_of(&[part.to_string()])?;
            let by_x = unit.items.is_empty()
                && unit.x.is_none()
                && unit.stateful.len() == 1
                && unit.stateful[0].per.is_some();
            by_x.then(|| unit.describe())
        })
        .collect()
}

/// The entries of the items an effect gives: keywords, or with `x_paid` keywords of value X.
fn effect_entries(text: &str, effect: Effect) -> Option<Vec<String>> {
    keyword_entries(text).or_else(|| effect.x_paid.then(|| x_entries(text)).flatten())
}

/// The SPEC entries of a list of keywords (`Accuracy 1, Critical Hit 2 and +2 power`).
pub(super) fn keyword_entries(text: &str) -> Option<Vec<String>> {
    let items = plain(tidy(text))?;
    Some(items.iter().map(Item::describe).collect())
}

/// What the unit gets from an effect with no condition of its own: keywords, X counted from its
/// counters, or `SELF gets ITEMS`.
pub(super) fn own_effect(text: &str, facts: &Facts, effect: Effect) -> Option<Unit> {
    if let Some(entries) = effect_entries(text, effect) {
        return unit_of(&entries);
    }
    if let Some((unit, false)) = x_counted(text, facts) {
        return Some(unit);
    }
    own_gets(text, facts, effect)
}

/// `SELF gets ITEMS`, `SELF gets ITEMS when attacking` (`while attacking`, `when defending`,
/// `while defending`): the items, tested on its role when the text says so.
fn own_gets(text: &str, facts: &Facts, effect: Effect) -> Option<Unit> {
    let (subject, mut items) = split_at_word(text, " gets ")?;
    if !is_self(subject, facts) {
        return None;
    }
    if effect.under_cost {
        for tail in [" for this attack", " until end of turn"] {
            if let Some(rest) = strip_end(items, tail) {
                items = rest;
                break;
            }
        }
    }
    let mut test = None;
    for (tail, role) in [
        (" when attacking", "attacking"),
        (" while attacking", "attacking"),
        (" when defending", "defending"),
        (" while defending", "defending"),
    ] {
        if let Some(rest) = strip_end(items, tail) {
            (items, test) = (rest, Some(role));
            break;
        }
    }
    let entries = effect_entries(items, effect)?;
    match test {
        None => unit_of(&entries),
        Some(role) => unit_of(&tested(&format!("if {role}"), &entries)),
    }
}

/// Each entry under `if TEST:`.
fn tested(test: &str, entries: &[String]) -> Vec<String> {
    entries.iter().map(|e| format!("{test}: {e}")).collect()
}

/// A kind of counters as a test or X names it (`damage`, `mastery counters`), from the card's
/// word (`damage`, `Mastery`).
fn counter_kind(word: &str) -> Option<&'static str> {
    let kinds = [
        ("damage", "damage counters"),
        ("mastery", "mastery counters"),
        ("redemption", "redemption counters"),
        ("corruption", "corruption counters"),
        ("captivity", "captivity counters"),
        ("credit", "credit counters"),
    ];
    kinds
        .into_iter()
        .find(|(w, _)| word.eq_ignore_ascii_case(w))
        .map(|(_, k)| k)
}

/// `KIND counter(s) on SELF`: the kind.
fn counters_on_self(text: &str, facts: &Facts) -> Option<&'static str> {
    let (kind, on) = text.split_once(' ')?;
    let on = strip_word(on, "counters on ").or_else(|| strip_word(on, "counter on "))?;
    is_self(on, facts).then_some(())?;
    counter_kind(kind)
}

/// X as the card's text counts it: `KIND counters on SELF` (`X = KIND counters`), or the units
/// the opponent has in an arena, which only the player knows (no definition: a SPEC naming the
/// card must say `X = N`). `None`: anything else.
fn x_is(text: &str, facts: &Facts) -> Option<Option<String>> {
    if let Some(kind) = counters_on_self(text, facts) {
        return Some(Some(format!("X = {kind}")));
    }
    let rest = strip_word(text, "units your opponent has in ")?;
    [
        "this arena",
        "the space arena",
        "the ground arena",
        "the character arena",
    ]
    .iter()
    .any(|a| rest.eq_ignore_ascii_case(a))
    .then_some(None)
}

/// `KEYWORD X, where X is the number of …` (`Fury X`, `Evade X+1`, `SELF gets Accuracy -X`) and
/// `SELF gets +N power for each KIND counter on SELF`: the items with their X; `true` when a
/// speed change per counter was left out (`+10 speed and +1 power for each …`).
pub(super) fn x_counted(text: &str, facts: &Facts) -> Option<(Unit, bool)> {
    if let Some((head, what)) = split_at_word(text, ", where X is the number of ") {
        let head = match split_at_word(head, " gets ") {
            Some((subject, items)) if is_self(subject, facts) => items,
            Some(_) => return None,
            None => head,
        };
        let mut entries = vec![head.to_string()];
        entries.extend(x_is(what, facts)?);
        let unit = unit_of(&entries)?;
        let by_x = unit.items.is_empty() && unit.stateful.iter().all(|s| s.per.is_some());
        return by_x.then_some((unit, false));
    }
    let (head, each) = split_at_word(text, " for each ")?;
    let (subject, items) = split_at_word(head, " gets ")?;
    is_self(subject, facts).then_some(())?;
    let kind = counters_on_self(each, facts)?;
    let mut entries = Vec::new();
    let mut speed = false;
    for part in split_list(items) {
        let part = part.replacen("+ ", "+", 1).replacen("- ", "-", 1);
        if let Some(n) = strip_end(&part, " speed") {
            speed |= n.starts_with(['+', '-']) && n[1..].parse::<u32>().is_ok();
            if speed {
                continue;
            }
            return None;
        }
        let item = plain(&part)?.into_iter().next()?;
        entries.push(match item.describe().split_once(' ') {
            Some((value, stat)) if value.starts_with(['+', '-']) => format!("{value}X {stat}"),
            _ => format!("{} {}X", item.keyword.name, item.value),
        });
    }
    if entries.is_empty() {
        return None;
    }
    entries.push(format!("X = {kind}"));
    Some((unit_of(&entries)?, speed))
}

/// `As long as SELF has N or less KIND counters on SELF, SELF gets ITEMS` (`N or fewer`, `N or
/// more`, `one or more`, `no`), and `SELF gets ITEMS as long as there are no damage counters on
/// SELF`: each item under the test.
pub(super) fn as_long_as(text: &str, facts: &Facts) -> Option<Unit> {
    let (condition, effect) = match strip_word(text, "as long as ") {
        Some(rest) => split_at_word(rest, ", ")?,
        None => {
            let (effect, condition) = split_at_word(text, " as long as ")?;
            (condition, effect)
        }
    };
    let test = counter_test(condition, facts)?;
    let (subject, items) = split_at_word(effect, " gets ")?;
    is_self(subject, facts).then_some(())?;
    unit_of(&tested(&format!("if {test}"), &keyword_entries(items)?))
}

/// `SELF has 4 or less damage counters on SELF`, `there are no damage counters on SELF`: the
/// SPEC test (`damage counters <= 4`).
fn counter_test(text: &str, facts: &Facts) -> Option<String> {
    if let Some(rest) = strip_word(text, "there are no ") {
        return Some(format!("{} <= 0", counters_on_self(rest, facts)?));
    }
    let (subject, rest) = split_at_word(text, " has ")?;
    is_self(subject, facts).then_some(())?;
    let number = |w: &str| match w.to_ascii_lowercase().as_str() {
        "no" => Some(0),
        "one" => Some(1),
        n => n.parse::<u32>().ok(),
    };
    let words: Vec<&str> = rest.splitn(4, ' ').collect();
    let (n, cmp, counters) = match words.as_slice() {
        [no, rest @ ..] if no.eq_ignore_ascii_case("no") => (0, "<=", rest.join(" ")),
        [n, "or", "less" | "fewer", rest] => (number(n)?, "<=", rest.to_string()),
        [n, "or", "more", rest] => (number(n)?, ">=", rest.to_string()),
        _ => return None,
    };
    let kind = counters_on_self(&counters, facts)?;
    Some(format!("{kind} {cmp} {n}"))
}

/// Whether `text` starts a trigger of the unit's attacks: `Whenever SELF attacks`, `When SELF
/// attacks`.
fn when_attacks<'a>(text: &'a str, facts: &Facts, verb: &str) -> Option<&'a str> {
    let rest = strip_word(text, "whenever ").or_else(|| strip_word(text, "when "))?;
    let (subject, after) = split_at_word(rest, &format!(" {verb}, "))?;
    is_self(subject, facts).then_some(after)
}

/// `Whenever SELF attacks, choose one: A; B; or C` (then perhaps `It gets the chosen abilities
/// for that attack`), and a choice for the turn as a battle step starts (`When the battle phase
/// starts, choose one: SELF gets A until end of turn. Or: SELF gets B until end of turn`;
/// `SELF gets A or B until end of turn`), where each option is keywords: `choose: A / B / C`,
/// one option per attack.
pub(super) fn choice(text: &str, facts: &Facts) -> Option<Unit> {
    if let Some(rest) = when_attacks(text, facts, "attacks") {
        let parts = sentences(rest);
        let options = strip_word(parts.first()?, "choose one:")?;
        if let Some(then) = parts.get(1) {
            let (subject, gets) = split_at_word(then, " gets the chosen abilit")?;
            let ok = is_self(subject, facts)
                && ["y for that attack", "ies for that attack"]
                    .iter()
                    .any(|t| gets.eq_ignore_ascii_case(t));
            (ok && parts.len() == 2).then_some(())?;
        }
        let options: Vec<&str> = options
            .split(';')
            .map(|o| strip_word(o.trim(), "or ").unwrap_or(o.trim()))
            .collect();
        return choose(&options);
    }
    let rest = [
        "battle phase",
        "space battle step",
        "ground battle step",
        "character battle step",
    ]
    .iter()
    .find_map(|s| strip_word(text, &format!("when the {s} starts, choose one:")))?;
    let options: Vec<&str> = match split_at_word(rest, ". or:") {
        Some(_) => rest.split(". Or:").collect(),
        None => rest.split(", or ").collect(),
    };
    let options: Vec<&str> = options
        .into_iter()
        .map(|o| own_for_turn(o.trim(), facts))
        .collect::<Option<_>>()?;
    match options.as_slice() {
        [one] => choose(&one.split(" or ").collect::<Vec<_>>()),
        _ => choose(&options),
    }
}

/// `SELF gets ITEMS until end of turn` (or `of battle`): the items.
fn own_for_turn<'a>(text: &'a str, facts: &Facts) -> Option<&'a str> {
    let (subject, items) = split_at_word(text, " gets ")?;
    is_self(subject, facts).then_some(())?;
    [
        "until end of turn",
        "until end of battle",
        "until the end of battle",
    ]
    .iter()
    .find_map(|t| strip_end(items, &format!(" {t}")))
}

/// `choose: A / B` of options that are keywords each.
fn choose(options: &[&str]) -> Option<Unit> {
    if options.len() < 2 {
        return None;
    }
    let options: Vec<String> = options
        .iter()
        .map(|o| Some(keyword_entries(o)?.join(" and ")))
        .collect::<Option<_>>()?;
    unit_of(&[format!("choose: {}", options.join(" / "))])
}

/// `Whenever SELF attacks, the defending unit loses KEYWORDS for that attack`, and `Whenever
/// SELF is attacked, the attacking unit loses …`: `opponent loses: KEYWORDS`.
pub(super) fn loses(text: &str, facts: &Facts) -> Option<Unit> {
    let rest = when_attacks(text, facts, "attacks")
        .and_then(|r| strip_word(r, "the defending unit loses "))
        .or_else(|| {
            when_attacks(text, facts, "is attacked")
                .and_then(|r| strip_word(r, "the attacking unit loses "))
        })?;
    let names = ["for that attack", "during that attack", "for this attack"]
        .iter()
        .find_map(|t| strip_end(rest, &format!(" {t}")))?;
    let names: Vec<&str> = split_list(names);
    let known = names.iter().all(|n| Keywords::builtin().get(n).is_some());
    (known && !names.is_empty()).then_some(())?;
    unit_of(&[format!("opponent loses: {}", names.join(" and "))])
}

/// `When you roll SELF's attack dice, you may reroll any number of those dice (once)`:
/// `Reroll`.
pub(super) fn reroll(text: &str, facts: &Facts) -> Option<Unit> {
    let rest = strip_word(text, "when you roll ")?;
    let (subject, rest) = split_at_word(rest, "'s attack dice, you may ")?;
    is_self(subject, facts).then_some(())?;
    let rest = strip_word(rest, "reroll any number of those dice")
        .or_else(|| strip_word(rest, "re-roll any number of those dice"))?;
    (rest.is_empty() || rest.eq_ignore_ascii_case("once")).then_some(())?;
    unit_of(&["Reroll".to_string()])
}
