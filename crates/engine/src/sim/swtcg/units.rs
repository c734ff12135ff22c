//! Each unit's numbers for one simulated attack, read from its keywords' transforms
//! (`data/swtcg/keywords.yaml`).
//!
//! [`Stats::apply`] has one arm per transform, and the match is exhaustive: a keyword with a new
//! transform does not compile until its arm says what the simulator does with it.

use crate::swtcg::keywords::{
    Again, Effect, Keyword, Mode, Roll, Side, Stat, Target, Transform, When,
};
use crate::swtcg::spec::MAX_VALUE;
use crate::swtcg::unit::{Item, Unit};

/// The part a unit plays in the attack: its keywords act only in their own role.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Role {
    Attacker,
    Defender,
}

/// What a unit's prevention stops of each instance of damage it receives.
#[derive(Debug, Default, Clone, Copy)]
pub(super) struct Guard {
    pub absorb: i64,
    pub deflect: i64,
    pub persuade: i64,
    /// Evade, and what allies' Protect adds.
    pub evade: i64,
    /// Fortitude: its prevention meets unpreventable damage too.
    pub fortitude: bool,
}

impl Guard {
    /// The same prevention once its Deflect has met the source at hand: Deflect acts "only
    /// once for each source of damage".
    pub fn deflect_spent(self, spent: bool) -> Guard {
        Guard {
            deflect: if spent { 0 } else { self.deflect },
            ..self
        }
    }
}

/// A natural-face trigger in play: its face, which roll it reads, what it does, and its X
/// (several sources of the same keyword add up).
#[derive(Debug, Clone)]
pub(super) struct Trigger {
    pub name: String,
    pub face: u8,
    pub roll: Roll,
    pub effect: Effect,
    pub amount: i64,
}

/// The keywords of the attack roll itself, whichever unit has them: Accuracy, power changes
/// (Shields) and the natural-face triggers.
#[derive(Debug, Clone, Default)]
pub(super) struct RollKeywords {
    pub accuracy: i64,
    pub power_change: i64,
    pub triggers: Vec<Trigger>,
}

impl RollKeywords {
    fn add_trigger(&mut self, keyword: &Keyword, face: u8, roll: Roll, effect: Effect, x: i64) {
        // X = 0 is no trigger at all.
        if x == 0 {
            return;
        }
        match self.triggers.iter_mut().find(|t| t.name == keyword.name) {
            Some(t) => t.amount += x,
            None => self.triggers.push(Trigger {
                name: keyword.name.clone(),
                face,
                roll,
                effect,
                amount: x,
            }),
        }
    }
}

/// One unit's numbers.
#[derive(Debug, Clone)]
pub(super) struct Stats {
    pub power: Option<i64>,
    pub health: Option<i64>,
    pub damage: i64,
    pub tapped: bool,
    /// Dice hit this unit on this natural face or more (Armor raises it), before Accuracy.
    pub hit_on: i64,
    pub guard: Guard,
    /// Counters per damage not prevented (Double Damage).
    pub multiplier: i64,
    pub ferocity: bool,
    pub resilience: i64,
    pub stealth: bool,
    pub precision: bool,
    pub intercept: bool,
    pub redirect: bool,
    pub foresight: bool,
    pub lucky: i64,
    pub overload: i64,
    pub overkill: bool,
    pub stun: i64,
    pub surge: i64,
    pub bounty: bool,
    /// +X power and +X health: Inspired, Consume's cards, Intimidation's units.
    pub bonus: i64,
    /// +X power and +X health of their own (`+2 power`, `-1 health`).
    pub more_power: i64,
    pub more_health: i64,
    /// Intimidation with no number: it counts the opponent's units the query gives.
    pub counts_opponents: bool,
    pub consume: bool,
    /// Protect X: prevention for another unit of its side.
    pub protect: i64,
    pub cunning: bool,
    /// Double Strike (X unused) or Tenacity X.
    pub again: Option<(Again, i64)>,
    /// Dice of damage: at whom, when, how many.
    pub dice: Vec<(Target, When, i64)>,
    /// Power for an attack into the other arena (Bombard, Ion Cannon).
    pub other_arena: Vec<(Mode, i64)>,
}

/// A die hits on 4 or more unless the unit it is rolled at says otherwise.
const HIT_ON: i64 = 4;

impl Stats {
    /// `unit`'s numbers in `role`. Its attack-roll keywords go to `roll`, when this is its attack
    /// roll (`None` for the secondary unit, or an interceptor looked at before it takes the
    /// attack).
    pub fn read(unit: &Unit, role: Role, mut roll: Option<&mut RollKeywords>) -> Stats {
        let mut stats = Stats {
            power: None,
            health: None,
            damage: 0,
            tapped: false,
            hit_on: HIT_ON,
            guard: Guard::default(),
            multiplier: 1,
            ferocity: false,
            resilience: 0,
            stealth: false,
            precision: false,
            intercept: false,
            redirect: false,
            foresight: false,
            lucky: 0,
            overload: 0,
            overkill: false,
            stun: 0,
            surge: 0,
            bounty: false,
            bonus: 0,
            more_power: 0,
            more_health: 0,
            counts_opponents: false,
            consume: false,
            protect: 0,
            cunning: false,
            again: None,
            dice: Vec::new(),
            other_arena: Vec::new(),
        };
        for item in &unit.items {
            let acts = match item.keyword.side {
                Side::Either => true,
                Side::Attacker => role == Role::Attacker,
                Side::Defender => role == Role::Defender,
            };
            if acts {
                stats.apply(item, roll.as_deref_mut());
            }
        }
        stats
    }

    /// What one item does to the unit's numbers (or to the attack roll's).
    fn apply(&mut self, item: &Item, roll: Option<&mut RollKeywords>) {
        let x = item.value;
        match &item.keyword.transform {
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
            Transform::Unpreventable => self.ferocity = true,
            Transform::LegalIfTappedOrDamaged => self.stealth = true,
            Transform::CannotBeIntercepted => self.precision = true,
            Transform::Intercept => self.intercept = true,
            Transform::Redirect => self.redirect = true,
            Transform::PredictHits => self.foresight = true,
            Transform::Reroll => self.lucky += x,
            Transform::Overload => self.overload += x,
            Transform::Overkill => self.overkill = true,
            Transform::Stun => self.stun += x,
            Transform::Surge => self.surge += x,
            Transform::Bounty => self.bounty = true,
            Transform::DiceOfDamage { at, when } => self.dice.push((*at, *when, x)),
            Transform::OtherArena { mode } => self.other_arena.push((*mode, x)),
            Transform::HitShift => {
                if let Some(r) = roll {
                    r.accuracy += x
                }
            }
            Transform::Power { factor } => {
                if let Some(r) = roll {
                    r.power_change += factor * x
                }
            }
            Transform::Trigger {
                face,
                roll: read,
                effect,
            } => {
                if let Some(r) = roll {
                    r.add_trigger(item.keyword, *face, *read, *effect, x)
                }
            }
            Transform::PowerAndHealth => self.bonus += x,
            Transform::StatChange { stat: Stat::Power } => self.more_power += x,
            Transform::StatChange { stat: Stat::Health } => self.more_health += x,
            Transform::StatChange { .. } | Transform::Counters => {}
            // Any number: as many as the attack rolls, which no X passes.
            Transform::RerollAll => self.lucky = self.lucky.saturating_add(MAX_VALUE),
            Transform::Consume => {
                self.consume = true;
                // With no number, no card is beneath it yet.
                self.bonus += x.max(0);
            }
            Transform::PerOpponentUnit if x == Item::UNCOUNTED => self.counts_opponents = true,
            Transform::PerOpponentUnit => self.bonus += x,
            Transform::PreventUnpreventable => self.guard.fortitude = true,
            Transform::Persuade => self.guard.persuade += x,
            Transform::Protect => self.protect += x,
            Transform::SecretRoll => self.cunning = true,
            Transform::AttackAgain { when } => {
                let x = self.again.map_or(0, |(_, before)| before) + x;
                self.again = Some((*when, x));
            }
            // Ambush acts outside attacks (`dice` simulates it); the others change no die.
            Transform::StandaloneDice | Transform::NoDiceEffect { .. } => {}
        }
    }

    /// The dice of damage this unit's keywords roll at `at` when `when` comes.
    pub fn dice_of(&self, at: Target, when: When) -> i64 {
        self.dice
            .iter()
            .filter(|d| d.0 == at && d.1 == when)
            .map(|d| d.2)
            .sum()
    }

    /// Whether an attack on this unit is illegal: Stealth, untapped and no counters.
    pub fn hidden(&self) -> bool {
        self.stealth && !self.tapped && self.damage == 0
    }

    /// Whether its counters already reach its Health.
    pub fn discarded(&self) -> bool {
        self.health.is_some_and(|h| self.damage >= h)
    }

    /// Adds what depends on the other units: Intimidation with no number counts `opponents`;
    /// then the bonus raises Health (power is raised where the dice are counted).
    pub fn settle(&mut self, opponents: i64) {
        if self.counts_opponents {
            self.bonus += opponents;
        }
        self.health = self.health.map(|h| h + self.bonus + self.more_health);
    }

    /// The power its Resilience gives with `damage` counters on it: X (maybe negative) once
    /// it has at least |X|.
    pub fn resilience_at(&self, damage: i64) -> i64 {
        if self.resilience != 0 && damage >= self.resilience.abs() {
            self.resilience
        } else {
            0
        }
    }
}
