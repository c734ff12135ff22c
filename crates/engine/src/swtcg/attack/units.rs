//! The numbers each step of an attack reads, compiled from the units' keywords once.

use crate::dice::Faces;
use crate::error::Message;
use crate::swtcg::keywords::{
    attack_die, Again, Effect, Keyword, Mode, Roll, Side, Stat, Target, Transform, When,
};
use crate::swtcg::unit::{Item, Unit};

/// The side a unit is on in this attack: keywords act on one side only.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Role {
    Attacker,
    Defender,
}

impl Role {
    fn name(self) -> &'static str {
        match self {
            Role::Attacker => "attacker",
            Role::Defender => "defender",
        }
    }

    fn acts(self, side: Side) -> bool {
        match side {
            Side::Either => true,
            Side::Attacker => self == Role::Attacker,
            Side::Defender => self == Role::Defender,
        }
    }
}

/// Prevention a unit applies to each instance of damage it receives.
#[derive(Debug, Default, Clone, Copy)]
pub(super) struct Guard {
    pub absorb: i64,
    pub deflect: i64,
    pub persuade: i64,
    /// Evade, and an ally's Protect.
    pub evade: i64,
    /// Fortitude: its prevention also stops damage that can't be prevented.
    pub fortitude: bool,
}

/// One unit's numbers, after its keywords are read.
#[derive(Debug, Default)]
pub(super) struct UnitStats {
    pub power: Option<i64>,
    pub health: Option<i64>,
    pub damage: i64,
    pub tapped: bool,
    pub hit_on: i64,
    pub guard: Guard,
    pub multiplier: i64,
    pub unpreventable: bool,
    pub resilience: i64,
    pub stealth: bool,
    pub foresight: bool,
    pub lucky: i64,
    /// Reroll: any number of the attack dice (Lucky as large as the roll).
    pub reroll_all: bool,
    pub overload: i64,
    pub overkill: bool,
    pub stun: i64,
    pub surge: i64,
    pub bounty: bool,
    /// +X power and +X health (Inspiration of allies, Consume's cards, Intimidation).
    pub bonus: i64,
    /// +X power and +X health of their own (`+2 power`, `-1 health`).
    pub more_power: i64,
    pub more_health: i64,
    /// Intimidation left uncounted: it counts the opponent's units of the query.
    pub intimidation: bool,
    /// Consume: the chance it takes a card from the defender is reported.
    pub consume: bool,
    /// Protect X: prevention it gives another unit of its side.
    pub protect: i64,
    /// Cunning: its attack roll is secret until after prevention.
    pub secret: bool,
    /// Double Strike (X = 0) or Tenacity X: it may attack the same defender again.
    pub again: Option<(Again, i64)>,
    /// Dice of damage: (at, when, X).
    pub dice: Vec<(Target, When, i64)>,
    pub other_arena: Vec<(Mode, i64)>,
}

impl UnitStats {
    /// The X of this unit's dice of damage at `at` when `when`, all sources added.
    pub fn dice_of(&self, at: Target, when: When) -> i64 {
        self.dice
            .iter()
            .filter(|d| d.0 == at && d.1 == when)
            .map(|d| d.2)
            .sum()
    }

    /// Whether a unit in this state can't be attacked (Stealth, untapped, no counters).
    pub fn hidden(&self) -> bool {
        self.stealth && !self.tapped && self.damage == 0
    }

    /// Whether Resilience X (the sum of its sources, + or -) changes its power by X with this
    /// many counters on it: at least |X|.
    pub fn resilience_active(&self, counters: i64) -> bool {
        self.resilience != 0 && counters >= self.resilience.abs()
    }

    /// Whether `more` counters on top of those it has reach its health.
    pub fn discarded_with(&self, more: i64) -> bool {
        self.health.is_some_and(|h| self.damage + more >= h)
    }

    /// Whether its counters already reach its health.
    pub fn discarded(&self) -> Option<i64> {
        self.health.filter(|&h| self.damage >= h)
    }

    /// Settles what depends on the other units: an uncounted Intimidation counts `opponents`
    /// (returning the note that says so), and the bonus raises its health (its power is
    /// raised where the attack's dice are counted).
    pub fn settle(&mut self, role: &str, opponents: i64) -> Option<String> {
        let note = self.intimidation.then(|| {
            self.bonus += opponents;
            format!(
                "Intimidation on the {role}: counts {opponents} of the opponent's units in its \
                 arena (those of this query); write 'Intimidation N' for N units"
            )
        });
        self.intimidation = false;
        self.health = self.health.map(|h| h + self.bonus + self.more_health);
        note
    }

    /// Its own keywords: everything except what the attack as a whole reads ([`Compiled`]).
    fn read(&mut self, keyword: &Keyword, x: i64) {
        match &keyword.transform {
            Transform::Stat { stat } => match stat {
                Stat::Power => self.power = Some(x),
                Stat::Health => self.health = Some(x),
                Stat::Damage => self.damage = x,
                Stat::Tapped => self.tapped = true,
            },
            Transform::HitThreshold { at } => self.hit_on = self.hit_on.max(*at),
            Transform::PowerWhenDamaged => self.resilience += x,
            Transform::PreventUpTo => self.guard.evade += x,
            Transform::Absorb => self.guard.absorb += x,
            Transform::Deflect => self.guard.deflect += x,
            Transform::MultiplyDamage { factor } => self.multiplier = self.multiplier.max(*factor),
            Transform::Unpreventable => self.unpreventable = true,
            Transform::LegalIfTappedOrDamaged => self.stealth = true,
            Transform::PredictHits => self.foresight = true,
            Transform::Reroll => self.lucky += x,
            Transform::Overload => self.overload += x,
            Transform::Overkill => self.overkill = true,
            Transform::Stun => self.stun += x,
            Transform::Surge => self.surge += x,
            Transform::Bounty => self.bounty = true,
            Transform::DiceOfDamage { at, when } => self.dice.push((*at, *when, x)),
            Transform::OtherArena { mode } => self.other_arena.push((*mode, x)),
            Transform::PowerAndHealth => self.bonus += x,
            Transform::StatChange { stat: Stat::Power } => self.more_power += x,
            Transform::StatChange { stat: Stat::Health } => self.more_health += x,
            Transform::StatChange { .. } | Transform::Counters => {}
            Transform::RerollAll => self.reroll_all = true,
            Transform::Consume => {
                self.consume = true;
                self.bonus += x.max(0);
            }
            Transform::PerOpponentUnit if x == Item::UNCOUNTED => self.intimidation = true,
            Transform::PerOpponentUnit => self.bonus += x,
            Transform::PreventUnpreventable => self.guard.fortitude = true,
            Transform::Persuade => self.guard.persuade += x,
            Transform::Protect => self.protect += x,
            Transform::SecretRoll => self.secret = true,
            Transform::AttackAgain { when } => {
                let before = self.again.map_or(0, |a| a.1);
                self.again = Some((*when, before + x));
            }
            _ => {}
        }
    }
}

/// A natural-face trigger in play, its X summed over sources.
#[derive(Debug, Clone)]
pub(super) struct Trigger {
    pub keyword: String,
    pub face: u8,
    pub roll: Roll,
    pub effect: Effect,
    pub amount: i64,
}

/// Both units of an attack, and what the attack as a whole reads from them: Accuracy, power
/// changes (Shields) and the natural-face triggers.
#[derive(Debug)]
pub(super) struct Compiled {
    pub att: UnitStats,
    pub def: UnitStats,
    pub accuracy: i64,
    pub power_change: i64,
    pub triggers: Vec<Trigger>,
    pub notes: Vec<Message>,
}

impl Compiled {
    pub fn new(attacker: &Unit, defender: &Unit) -> Compiled {
        let mut c = Compiled {
            att: UnitStats::default(),
            def: UnitStats::default(),
            accuracy: 0,
            power_change: 0,
            triggers: Vec::new(),
            notes: Vec::new(),
        };
        for (unit, role) in [(attacker, Role::Attacker), (defender, Role::Defender)] {
            let mut stats = fresh();
            for &Item { keyword, value } in &unit.items {
                if !role.acts(keyword.side) {
                    c.notes.push(off_role(&keyword.name, role).into());
                    continue;
                }
                stats.read(keyword, value);
                c.read(keyword, value);
            }
            match role {
                Role::Attacker => c.att = stats,
                Role::Defender => c.def = stats,
            }
        }
        c
    }

    /// The keywords that act on the attack as a whole, and the notes of those that do nothing.
    fn read(&mut self, keyword: &Keyword, x: i64) {
        match &keyword.transform {
            Transform::HitShift => self.accuracy += x,
            Transform::Power { factor } => self.power_change += factor * x,
            // X = 0 is no trigger at all: nothing to track.
            Transform::Trigger { .. } if x == 0 => {}
            Transform::Trigger { face, roll, effect } => {
                match self.triggers.iter_mut().find(|t| t.keyword == keyword.name) {
                    Some(t) => t.amount += x,
                    None => self.triggers.push(Trigger {
                        keyword: keyword.name.clone(),
                        face: *face,
                        roll: *roll,
                        effect: *effect,
                        amount: x,
                    }),
                }
            }
            Transform::NoDiceEffect { reason } => self
                .notes
                .push(format!("{}: no effect on dice ({reason})", keyword.name).into()),
            _ => {}
        }
    }

    /// The triggers that fire in this roll, their amounts added up, for one effect.
    pub fn fired(&self, effect: Effect, seen: Faces, counts: impl Fn(&Trigger) -> bool) -> i64 {
        self.triggers
            .iter()
            .filter(|t| t.effect == effect && seen.contains(t.face) && counts(t))
            .map(|t| t.amount)
            .sum()
    }

    /// The X of the first trigger with this effect, and its face.
    pub fn trigger(&self, effect: Effect) -> Option<(u8, i64)> {
        self.triggers
            .iter()
            .find(|t| t.effect == effect)
            .map(|t| (t.face, t.amount))
    }

    /// Whether any trigger has this effect.
    pub fn has(&self, effect: Effect) -> bool {
        self.triggers.iter().any(|t| t.effect == effect)
    }
}

/// Stats before any keyword: one counter per damage, the die's usual threshold.
fn fresh() -> UnitStats {
    UnitStats {
        multiplier: 1,
        hit_on: attack_die().hit_on,
        ..UnitStats::default()
    }
}

fn off_role(name: &str, role: Role) -> String {
    format!(
        "{name} on the {}: no effect here, it acts when its unit {}",
        role.name(),
        match role {
            Role::Attacker => "defends",
            Role::Defender => "attacks",
        }
    )
}

/// A unit as the secondary, interceptor or target of dice of damage: its own numbers only, read
/// as a unit that receives damage.
pub(super) fn stats_of(unit: &Unit) -> UnitStats {
    let mut s = fresh();
    for &Item { keyword, value } in &unit.items {
        if Role::Defender.acts(keyword.side) {
            s.read(keyword, value);
        }
    }
    s
}

/// The name of the unit's first keyword whose transform satisfies `pred`.
pub(super) fn named(unit: &Unit, pred: impl Fn(&Transform) -> bool) -> Option<String> {
    unit.items
        .iter()
        .find(|i| pred(&i.keyword.transform))
        .map(|i| i.keyword.name.clone())
}

/// Whether a keyword of a unit matters when it receives damage that is not an attack on it.
pub(super) fn receives_damage(t: &Transform) -> bool {
    matches!(
        t,
        Transform::Stat { .. }
            | Transform::HitThreshold { .. }
            | Transform::PreventUpTo
            | Transform::Absorb
            | Transform::Deflect
            | Transform::Persuade
            | Transform::PreventUnpreventable
            | Transform::PowerAndHealth
            | Transform::Consume
            | Transform::PerOpponentUnit
    )
}

/// Whether `unit` with `counters` on it is discarded once its state is settled: a test that
/// lowers its Health as counters grow (`if damage >= 1: -1 health`) discards it as soon as
/// they reach the Health it then has, where the attack that placed them saw its Health as it
/// was.
/// `opponents` are the opponent's units a bare Intimidation counts, as the attack counts them.
pub(super) fn discarded_in_state(
    unit: &Unit,
    counters: i64,
    role: crate::swtcg::state::Role,
    opponents: i64,
) -> bool {
    if unit.stateful.is_empty() {
        return false;
    }
    let Ok(settled) = unit.with_damage(counters).in_state(role) else {
        return false;
    };
    let mut s = stats_of(&settled);
    s.settle("unit", opponents);
    s.health.is_some_and(|h| counters >= h)
}
