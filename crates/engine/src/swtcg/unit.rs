//! A SWTCG unit as an attack reads it: its items in order, the conditional ones (an arena, the
//! Enhance cost, a paid ability) kept apart until [`Unit::resolve`] settles them.

use super::keywords::{Keyword, Stat, Transform, ValueKind};
use super::state::{describe_x, stat_change, Stateful, XIs};
use crate::error::{Error, Input, Message};
use std::str::FromStr;

/// The prefix of the keywords a unit makes its opponent in an attack lose.
pub(crate) const LOSES: &str = "opponent loses:";

/// One understood SPEC item.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Item {
    /// The keyword or statistic it names.
    pub keyword: &'static Keyword,
    /// X, 0 for keywords that take no value, or [`Item::UNCOUNTED`].
    pub value: i64,
}

impl Item {
    /// The value of an optional X left out: the keyword counts for itself.
    pub const UNCOUNTED: i64 = -1;

    /// The item in its canonical spelling.
    pub fn describe(&self) -> String {
        if let Some(stat) = stat_change(self.keyword) {
            return format!("{:+} {stat}", self.value);
        }
        match self.keyword.value {
            ValueKind::None => self.keyword.name.clone(),
            ValueKind::Optional if self.value == Item::UNCOUNTED => self.keyword.name.clone(),
            _ => format!("{} {}", self.keyword.name, self.value),
        }
    }
}

/// The arena a unit is in: Switch effects differ by arena.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Arena {
    /// The Space arena: starships.
    Space,
    /// The Ground arena: vehicles and troops.
    Ground,
    /// The Character arena.
    Character,
}

impl Arena {
    /// Every arena, in the order the rules list them.
    pub const ALL: [Arena; 3] = [Arena::Space, Arena::Ground, Arena::Character];

    /// The arena called `name` (any case, surrounding spaces ignored).
    pub fn parse(name: &str) -> Option<Arena> {
        Arena::ALL
            .into_iter()
            .find(|a| a.name().eq_ignore_ascii_case(name.trim()))
    }

    /// The arena's name as SPECs and `--arena` spell it.
    pub fn name(self) -> &'static str {
        match self {
            Arena::Space => "space",
            Arena::Ground => "ground",
            Arena::Character => "character",
        }
    }
}

/// Lets clap read `--arena` directly.
impl FromStr for Arena {
    type Err = String;

    fn from_str(s: &str) -> Result<Arena, String> {
        Arena::parse(s)
            .ok_or_else(|| format!("unknown arena '{s}'; write space, ground or character"))
    }
}

/// When a conditional item applies.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Condition {
    /// While the unit is in this arena (Switch).
    Arena(Arena),
    /// When the unit's Enhance cost is paid.
    Enhanced,
    /// When the unit pays for the ability as it attacks or is attacked (`Pay 2 Force -> Evade 2`).
    Paid,
}

impl Condition {
    pub(crate) fn parse(prefix: &str) -> Option<Condition> {
        match prefix.trim().to_ascii_lowercase().as_str() {
            "enhance" => Some(Condition::Enhanced),
            "pay" => Some(Condition::Paid),
            _ => Arena::parse(prefix).map(Condition::Arena),
        }
    }

    /// The SPEC prefix that writes it (`space`, `enhance`, `pay`).
    pub fn prefix(self) -> &'static str {
        match self {
            Condition::Arena(a) => a.name(),
            Condition::Enhanced => "enhance",
            Condition::Paid => "pay",
        }
    }
}

/// Which optional costs a unit pays when it is settled: they are the player's choice, so each
/// command says which it assumed (`--enhance`, `--pay`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Paid {
    /// Its Enhance cost (`enhance:` items).
    pub enhance: bool,
    /// Its paid abilities (`pay:` items).
    pub abilities: bool,
}

impl Paid {
    /// Nothing paid.
    pub const NONE: Paid = Paid {
        enhance: false,
        abilities: false,
    };
}

/// One entry of a unit in SPEC order ([`Unit::ordered`]).
enum Entry<'a> {
    /// An item, with its condition if it has one.
    Item(Option<Condition>, &'a Item),
    /// An item that reads the game state.
    Stateful(&'a Stateful),
}

/// An item that applies only under its condition.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Conditional {
    /// When it applies.
    pub when: Condition,
    /// What applies then.
    pub item: Item,
    /// How many of the unit's plain items come before it: order decides which statistic wins.
    pub at: usize,
}

/// A unit as a SPEC describes it: its items in the order given.
///
/// Conditional items are kept apart so that code reading `items` sees only what surely applies;
/// [`Unit::resolve`] merges the ones that apply back in their place.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Unit {
    /// The items that surely apply, in SPEC order; a later statistic overrides an earlier one.
    pub items: Vec<Item>,
    /// The items that apply only under a condition ([`Unit::resolve`] settles them).
    pub conditional: Vec<Conditional>,
    /// Items that read the game state (its counters, its role): settled as each attack starts
    /// ([`Unit::in_state`]).
    pub stateful: Vec<Stateful>,
    /// What X counts, for the items whose value is X.
    pub x: Option<XIs>,
    /// Choices made as it attacks or is attacked (`choose: A / B / C`): each the options, one
    /// taken per attack by the policy ([`super::attack::run`]).
    pub choices: Vec<Vec<Unit>>,
    /// Keywords the unit it attacks, or that attacks it, loses for the attack (`opponent
    /// loses: Armor`).
    pub strips: Vec<&'static Keyword>,
    /// For the reader: what was stacked under the unit and how its conditions were settled.
    pub notes: Vec<Message>,
}

impl Unit {
    /// Adds an item at the end, conditional or not.
    pub(crate) fn push(&mut self, when: Option<Condition>, item: Item) {
        match when {
            None => self.items.push(item),
            Some(when) => self.conditional.push(Conditional {
                when,
                item,
                at: self.items.len(),
            }),
        }
    }

    /// Adds an item that reads the game state at the end.
    pub(crate) fn push_stateful(&mut self, when: Option<Condition>, s: Stateful) {
        self.stateful.push(Stateful {
            when: when.or(s.when),
            at: self.items.len(),
            ..s
        });
    }

    /// Adds every item of `other` at the end, in its order, as `when` if given, with its
    /// state-reading items, its X and its choices.
    pub(crate) fn append(&mut self, other: &Unit, when: Option<Condition>) {
        for entry in other.ordered() {
            match entry {
                Entry::Item(w, item) => self.push(when.or(w), item.clone()),
                Entry::Stateful(s) => self.push_stateful(when, s.clone()),
            }
        }
        if other.x.is_some() {
            self.x = other.x;
        }
        self.choices.extend(other.choices.iter().cloned());
        self.strips.extend(other.strips.iter().copied());
    }

    /// The unit with `counters` damage counters on it: a Damage item last, which counts over
    /// any before it (a sequence's counters, a state settled with new counters).
    pub(crate) fn with_damage(&self, counters: i64) -> Unit {
        let damage = super::keywords::Keywords::builtin()
            .get("Damage")
            .expect("the keyword data defines Damage");
        let mut u = self.clone();
        u.items.push(Item {
            keyword: damage,
            value: counters,
        });
        u
    }

    /// Every item in SPEC order, its state-reading items in their places (each after the
    /// plain items its `at` counts).
    fn ordered(&self) -> Vec<Entry<'_>> {
        let mut out = Vec::new();
        let mut stateful = self.stateful.iter().peekable();
        let mut plain = 0;
        for (when, item) in self.entries() {
            while let Some(s) = stateful.next_if(|s| s.at <= plain) {
                out.push(Entry::Stateful(s));
            }
            plain += usize::from(when.is_none());
            out.push(Entry::Item(when, item));
        }
        out.extend(stateful.map(Entry::Stateful));
        out
    }

    /// Every item in SPEC order, with its condition if it has one.
    pub fn entries(&self) -> Vec<(Option<Condition>, &Item)> {
        let mut out = Vec::with_capacity(self.items.len() + self.conditional.len());
        let mut conditional = self.conditional.iter().peekable();
        for (i, item) in self.items.iter().enumerate() {
            while let Some(c) = conditional.next_if(|c| c.at <= i) {
                out.push((Some(c.when), &c.item));
            }
            out.push((None, item));
        }
        out.extend(conditional.map(|c| (Some(c.when), &c.item)));
        out
    }

    /// Whether the unit has items that apply only with its Enhance cost paid.
    pub fn has_enhance(&self) -> bool {
        self.has(Condition::Enhanced)
    }

    /// Whether the unit has abilities it pays for as it attacks or is attacked (`pay:` items).
    pub fn has_paid(&self) -> bool {
        self.has(Condition::Paid)
    }

    fn has(&self, when: Condition) -> bool {
        self.conditional.iter().any(|c| c.when == when)
            || self.stateful.iter().any(|c| c.when == Some(when))
    }

    /// The items conditioned on `when`, described.
    pub(crate) fn conditioned(&self, when: Condition) -> Vec<String> {
        let stateful = self.stateful.iter().filter(|s| s.when == Some(when));
        self.conditional
            .iter()
            .filter(|c| c.when == when)
            .map(|c| c.item.describe())
            .chain(stateful.map(|s| {
                Stateful {
                    when: None,
                    ..s.clone()
                }
                .describe()
            }))
            .collect()
    }

    /// The unit in `arena`, with the optional costs `paid` paid: the conditional items that
    /// apply become plain items in their place, the others are dropped, and `notes` say which.
    ///
    /// ```
    /// use holodice_engine::swtcg::unit::{Arena, Paid, Unit};
    /// let u = Unit::parse("attacker", "Power 3, space: Accuracy 1, enhance: Power 5").unwrap();
    /// assert!(u.resolve(None, Paid::NONE).is_err()); // the arena decides Accuracy 1
    /// let paid = Paid { enhance: true, ..Paid::NONE };
    /// let space = u.resolve(Some(Arena::Space), paid).unwrap();
    /// assert_eq!(space.describe(), "Power 3, Accuracy 1, Power 5");
    /// ```
    pub fn resolve(&self, arena: Option<Arena>, paid: Paid) -> Result<Unit, Error> {
        let switched = |a: Arena| self.conditioned(Condition::Arena(a));
        let has_switch = Arena::ALL.into_iter().any(|a| !switched(a).is_empty());
        if has_switch && arena.is_none() {
            let items: Vec<String> = self
                .entries()
                .into_iter()
                .filter_map(|(w, item)| match w {
                    Some(Condition::Arena(a)) => Some(format!("{}: {}", a.name(), item.describe())),
                    _ => None,
                })
                .collect();
            return Err(Error::input(
                Message::about(Input::Arena)
                    .text(format!(
                        "the unit's Switch items ({}) depend on its arena; give ",
                        items.join(", ")
                    ))
                    .name(Input::Arena)
                    .text(" space|ground|character"),
            ));
        }
        let mut unit = Unit {
            notes: self.notes.clone(),
            x: self.x,
            choices: self.choices.clone(),
            strips: self.strips.clone(),
            ..Unit::default()
        };
        let applies = |when: Option<Condition>| match when {
            None => true,
            Some(Condition::Arena(a)) => Some(a) == arena,
            Some(Condition::Enhanced) => paid.enhance,
            Some(Condition::Paid) => paid.abilities,
        };
        for entry in self.ordered() {
            match entry {
                Entry::Item(when, item) if applies(when) => unit.items.push(item.clone()),
                Entry::Stateful(s) if applies(s.when) => unit.push_stateful(
                    None,
                    Stateful {
                        when: None,
                        ..s.clone()
                    },
                ),
                _ => {}
            }
        }
        if let (true, Some(arena)) = (has_switch, arena) {
            let here = switched(arena);
            let mut note = if here.is_empty() {
                format!("Switch: no {} effects", arena.name())
            } else {
                format!(
                    "Switch: {} effects apply ({})",
                    arena.name(),
                    here.join(", ")
                )
            };
            let dropped: Vec<String> = Arena::ALL
                .into_iter()
                .filter(|&a| a != arena)
                .filter_map(|a| {
                    let items = switched(a);
                    (!items.is_empty()).then(|| format!("{} ({})", a.name(), items.join(", ")))
                })
                .collect();
            if !dropped.is_empty() {
                note.push_str(&format!("; dropped: {}", dropped.join(", ")));
            }
            unit.notes.push(note.into());
        }
        let costs = [
            (
                Condition::Enhanced,
                "Enhance",
                paid.enhance,
                Message::from("swtcg attack ")
                    .name(Input::Enhance)
                    .text(" evaluates both"),
            ),
            (
                Condition::Paid,
                "Paid abilities",
                paid.abilities,
                Message::default().name(Input::Pay).text(" all pays them"),
            ),
        ];
        for (when, what, applied, how) in costs {
            let items = self.conditioned(when).join(", ");
            if items.is_empty() {
                continue;
            }
            unit.notes.push(if applied {
                format!("{what} paid: {items} applied").into()
            } else {
                Message::from(format!("{what} not paid: {items} not applied ("))
                    .then(how)
                    .text(")")
            });
        }
        Ok(unit)
    }

    /// The last value given for a statistic (later items override earlier ones).
    pub fn stat(&self, stat: Stat) -> Option<i64> {
        self.items
            .iter()
            .rev()
            .find_map(|i| match i.keyword.transform {
                Transform::Stat { stat: s } if s == stat => Some(i.value),
                _ => None,
            })
    }

    /// The unit as an option of `choose:` writes it: its items joined by "and".
    pub(crate) fn describe_option(&self) -> String {
        self.describe().replace(", ", " and ")
    }

    /// The SPEC in canonical spelling, conditional items with their prefix.
    pub fn describe(&self) -> String {
        let mut out: Vec<String> = self
            .ordered()
            .into_iter()
            .map(|entry| match entry {
                Entry::Item(None, item) => item.describe(),
                Entry::Item(Some(w), item) => format!("{}: {}", w.prefix(), item.describe()),
                Entry::Stateful(s) => s.describe(),
            })
            .collect();
        out.extend(self.x.map(describe_x));
        out.extend(self.strips.iter().map(|k| format!("{LOSES} {}", k.name)));
        out.extend(self.choices.iter().map(|options| {
            let options: Vec<String> = options.iter().map(Unit::describe_option).collect();
            format!("choose: {}", options.join(" / "))
        }));
        out.join(", ")
    }
}
