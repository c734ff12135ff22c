//! The most one attack's exact outcome can hold, known before the attack is made: for the limits
//! of queries that keep many outcomes (a sequence's attacks, a comparison's distributions).

use super::{declare, Declared, Scenario};
use crate::dice::Faces;
use crate::error::{Error, Input};

/// Bounds on one attack's exact outcome ([`super::run`]'s `outcomes` and `damage`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Size {
    /// Attack dice rolled for power (as [`super::Attack::dice`]).
    pub dice: i64,
    /// Whether Lucky re-rolls (as [`super::Attack::lucky`]).
    pub rerolls: bool,
    /// Outcome states at most: the attack roll's cells (hits, tracked faces seen) times the
    /// results of each roll of dice of damage.
    pub outcomes: u64,
    /// The least and the most damage counters the defender may take.
    pub counters: (i64, i64),
    /// Bits of the weights' common denominator at most: 6 to the power of every die that may
    /// be rolled, re-rolls included.
    pub denominator_bits: u64,
}

impl Size {
    /// The 64-bit words of one weight.
    pub(crate) fn words(&self) -> u64 {
        self.denominator_bits / 64 + 1
    }

    /// The 64-bit words of the damage counters' distribution: a weight for every count from
    /// the least to the most (as a comparison's limit counts them).
    pub(crate) fn damage_words(&self) -> u64 {
        let (lo, hi) = self.counters;
        (hi - lo + 1).unsigned_abs().saturating_mul(self.words())
    }
}

/// The bounds on the attack `s` describes, refused as [`super::run`] would refuse it; the
/// counters come from resolving every cell of the attack roll, which costs no weights.
///
/// ```
/// use holodice_engine::swtcg::attack::{run, size, Scenario};
/// use holodice_engine::swtcg::{rules::Rules, unit::Unit};
/// let s = Scenario::new(
///     Unit::parse("attacker", "Power 3, Critical Hit 2").unwrap(),
///     Unit::parse("defender", "Health 9").unwrap(),
///     Rules::default(),
/// );
/// let bound = size(&s).unwrap();
/// // 0 to 3 hits, and 2 more counters where a six shows.
/// assert_eq!(bound.counters, (0, 5));
/// let a = run(&s).unwrap();
/// assert!(a.outcomes.len() as u64 <= bound.outcomes);
/// assert!(a.damage.denominator().bits() <= bound.denominator_bits);
/// ```
pub fn size(s: &Scenario) -> Result<Size, Error> {
    let sizes = super::limits::each_combination(s, |s| size_of(&s.in_state()?));
    sizes
        .map(|sizes| {
            sizes
                .into_iter()
                .reduce(Size::or)
                .expect("one combination at least")
        })
        .map_err(|e| e.limit_of(Input::Attacker))
}

impl Size {
    /// Bounds that hold for either attack: the larger of each.
    fn or(self, other: Size) -> Size {
        Size {
            dice: self.dice.max(other.dice),
            rerolls: self.rerolls || other.rerolls,
            outcomes: self.outcomes.max(other.outcomes),
            counters: (
                self.counters.0.min(other.counters.0),
                self.counters.1.max(other.counters.1),
            ),
            denominator_bits: self.denominator_bits.max(other.denominator_bits),
        }
    }
}

fn size_of(s: &Scenario) -> Result<Size, Error> {
    let a = declare(s)?;
    Ok(Size {
        dice: a.dice,
        rerolls: a.rerolls(),
        outcomes: a.outcome_bound(),
        counters: a.counters_range(),
        denominator_bits: bits_of_six_to(a.dice_rolled()),
    })
}

impl Declared<'_> {
    /// Hits run from 0 to every attack die; each subset of the tracked faces may show.
    fn cells(&self) -> impl Iterator<Item = (i64, Faces)> + '_ {
        let subsets = 1usize << self.tracked.len();
        (0..=self.dice + self.extra).flat_map(move |hits| {
            (0..subsets).map(move |mask| {
                let bits = self
                    .tracked
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| mask & (1 << i) != 0)
                    .fold(0i64, |b, (_, &f)| b | (1 << f));
                (hits, Faces::from_bits(bits))
            })
        })
    }

    fn outcome_bound(&self) -> u64 {
        let cells = (self.dice + self.extra).unsigned_abs() + 1;
        let rolls = self.damage_dice.named();
        let results = rolls
            .iter()
            .fold(1u64, |n, r| n.saturating_mul(r.1.unsigned_abs() + 1));
        (cells << self.tracked.len()).saturating_mul(results)
    }

    /// Dice of damage never land on the defender, so its counters are those of step 7.
    fn counters_range(&self) -> (i64, i64) {
        self.cells()
            .map(|(hits, seen)| self.resolve(hits, seen).counters)
            .fold((i64::MAX, i64::MIN), |(lo, hi), c| (lo.min(c), hi.max(c)))
    }

    /// Attack dice, extra dice, Lucky's re-rolls on both sides (twice under reroll-twice) and
    /// every die of damage.
    fn dice_rolled(&self) -> u64 {
        let rolled = (self.dice + self.extra).unsigned_abs();
        let lucky = match self.rerolls() {
            true => {
                let sides = [self.c.att.lucky, self.c.def.lucky];
                let once: u64 = sides.iter().map(|x| x.unsigned_abs().min(rolled)).sum();
                once * if self.s.rules.reroll_twice() { 2 } else { 1 }
            }
            false => 0,
        };
        let damage: u64 = self
            .damage_dice
            .named()
            .iter()
            .map(|r| r.1.unsigned_abs())
            .sum();
        rolled + lucky + damage
    }
}

/// The bits of `6^n` at most: `⌈n · log2 6⌉ + 1`, with room for rounding.
fn bits_of_six_to(n: u64) -> u64 {
    (n as f64 * 6f64.log2()).ceil() as u64 + 1
}
