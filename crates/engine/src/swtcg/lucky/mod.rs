//! Lucky: the attacker re-rolls up to X attack dice, the defender makes it re-roll up to X; one
//! side acts after seeing the other's result.
//!
//! Dice showing faces of one class are interchangeable (a tracked final face; any other hitting
//! face; any other missing face), so a pool is a count per class and every step runs over merged
//! count states: their number grows polynomially with the dice, where sequences grow as 6^n. The
//! initial faces seen (Fury, Focus, Backfire) ride along as a mask no choice looks at, since
//! re-rolls never change them.
//!
//! # Policies
//!
//! A die *counts* when its face is read on the final roll: power dice always, extra dice when
//! `extra_count_final`. A *natural f* is a counting die showing f where f is a tracked final face.
//!
//! [`Policy::Greedy`] follows fixed orders; each side takes dice in its order until it has X or
//! none are left, skipping dice the first side re-rolled when `reroll_again` is false.
//!
//! - The attacker re-rolls natural 1s (hitting or not: a natural 1 hits only when every face
//!   does, so its re-roll loses no hit), then missing dice only: natural 2s, then counting dice
//!   showing a face not tracked for the final roll, then other naturals (lowest face first,
//!   never a natural 6), then extra dice that don't count.
//! - The defender makes it re-roll natural 6s (hitting or not), then hitting dice only:
//!   counting dice showing a face not tracked for the final roll, then other naturals (lowest
//!   face first, never a natural 1 or 2), then extra dice that don't count.
//!
//! Dice of one step of an order are interchangeable, so which of them is taken doesn't matter.
//!
//! [`Policy::Optimal`] is expectimax on the expected `value`: the second side picks, for each
//! result it sees, the re-roll best for it; the first side picks anticipating that. Values are
//! `f64` and only choose; the chosen plays are computed exactly. Ties (within 1e-12) go to fewer
//! dice, then to more dice from earlier classes: tracked final faces ascending, other hitting,
//! other missing, then extra dice that don't count, hitting before missing.

use crate::dice::{Faces, NaturalRoll};
use crate::error::Error;
use crate::policy::Policy;
use crate::states::Memo;
use crate::swtcg::keywords::Roll;
use crate::weights::{Weight, U256};
use num_bigint::BigUint;
use rustc_hash::FxHashMap as HashMap;
use std::cell::RefCell;
use std::hash::{Hash, Hasher};

mod last;

/// The most attack dice (power plus extra) the worst pool may have with [`Policy::Greedy`]: every
/// face its own class (Parry, Riposte, Critical Hit read on the final roll; Backfire, Fury, Focus
/// on the initial one, with Fury dice that don't count). With the defender first and Lucky 20 to
/// 24 it takes about 0.35 s and 66 MB; at 28 and 30 dice, 96 MB, and at 32, 128 MB: past the
/// 100 MB every query keeps to. Its states are [`MAX_STATES_GREEDY`].
pub const MAX_DICE_GREEDY: u32 = 26;

/// The same for [`Policy::Optimal`], whose search grows much faster with the pool and Lucky: the
/// worst pool with Lucky 16 each takes about 0.34 s and 39 MB with the attacker's dice locked,
/// 0.44 s and 47 MB with the defender's (the slowest order); at 17 dice 0.67 s, at 13 (the
/// limit before) 0.13 s.
pub const MAX_DICE_OPTIMAL: u32 = 16;

/// The states re-rolls go through with [`Policy::Greedy`] may not exceed the worst pool's at
/// [`MAX_DICE_GREEDY`]: pools reading fewer faces take more dice.
pub const MAX_STATES_GREEDY: u64 = states(MAX_DICE_GREEDY, 3, 3);

/// The same for [`Policy::Optimal`], at [`MAX_DICE_OPTIMAL`].
pub const MAX_STATES_OPTIMAL: u64 = states(MAX_DICE_OPTIMAL, 3, 3);

/// The most attack dice re-rolls are computed for, whatever their faces: the ways to choose
/// dice are counted in 64 bits, which hold them up to 67 dice.
pub const MAX_DICE: u32 = 64;

/// The states re-rolls go through, as the limits count them: the ways `dice` dice fall into the
/// classes (a class per face read on the final roll, the other hitting and missing faces, and
/// the extra dice that don't count, hitting or missing) times the sets of faces read on the
/// initial roll that may show.
pub const fn states(dice: u32, final_faces: u32, initial_faces: u32) -> u64 {
    let classes = final_faces + 4;
    let mut ways: u128 = 1;
    let mut i = 0;
    // C(dice + classes - 1, classes - 1), one factor at a time, each step a binomial.
    while i + 1 < classes {
        ways = ways * (dice as u128 + 1 + i as u128) / (i as u128 + 1);
        i += 1;
    }
    let states = ways << initial_faces;
    if states > u64::MAX as u128 {
        u64::MAX
    } else {
        states as u64
    }
}

/// The attack dice before re-rolls, as `attack` rolls them.
pub struct Pool<'a> {
    /// The attack dice the unit's power rolls.
    pub power_dice: u32,
    /// The faces of the die.
    pub sides: u8,
    /// Whether a natural face hits (Accuracy and Armor applied).
    pub hits: &'a dyn Fn(u8) -> bool,
    /// Sorted; the mask layout of the resulting [`NaturalRoll`].
    pub tracked: &'a [u8],
    /// Tracked faces read on the initial roll (power dice only).
    pub initial: &'a [u8],
    /// Tracked faces read on the final roll.
    pub final_faces: &'a [u8],
    /// `(face, n)`: if the initial power dice show `face`, roll `n` extra dice.
    pub extra: &'a [(u8, u32)],
    /// Whether extra dice count for `final_faces`.
    pub extra_count_final: bool,
}

/// Lucky on both sides.
#[derive(Debug, Clone, Copy)]
pub struct Rerolls {
    /// The attacker's Lucky X: dice of its own it may re-roll.
    pub attacker: u32,
    /// The defender's Lucky X: the attacker's dice it may make it re-roll.
    pub defender: u32,
    /// Whether the attacker re-rolls first (the rule option `lucky-first`).
    pub attacker_first: bool,
    /// Whether the second side may pick dice the first side already re-rolled.
    pub reroll_again: bool,
    /// How each side picks its dice.
    pub policy: Policy,
}

/// Refuses Lucky re-rolls of more attack dice than the policy computes promptly, given the
/// natural faces read and the roll each is read on (a face read twice on one roll counts once).
pub(crate) fn check_size(
    dice: i64,
    reads: impl IntoIterator<Item = (u8, Roll)>,
    policy: Policy,
) -> Result<(), Error> {
    let mut reads: Vec<(u8, Roll)> = reads.into_iter().collect();
    reads.sort_unstable_by_key(|&(face, roll)| (face, roll == Roll::Final));
    reads.dedup();
    let on = |roll: Roll| reads.iter().filter(|r| r.1 == roll).count();
    let (final_faces, initial_faces) = (on(Roll::Final), on(Roll::Initial));
    let (limit, name, fix) = match policy {
        Policy::Greedy => (MAX_STATES_GREEDY, "greedy", ""),
        Policy::Optimal => (MAX_STATES_OPTIMAL, "optimal", " or use the greedy policy"),
    };
    if dice > i64::from(MAX_DICE) {
        return Err(Error::too_large(format!(
            "Lucky re-rolls are computed for at most {MAX_DICE} attack dice; this attack rolls \
             {dice} (lower its power)"
        )));
    }
    let count = |n: usize| u32::try_from(n).unwrap_or(u32::MAX).min(8);
    let states = states(dice.max(0) as u32, count(final_faces), count(initial_faces));
    if states > limit {
        return Err(Error::too_large(format!(
            "Lucky re-rolls of {dice} attack dice reading {final_faces} faces of the final roll \
             and {initial_faces} of the initial one go through {states} states with the {name} \
             policy, over the limit of {limit}: lower its power{fix}"
        )));
    }
    Ok(())
}

/// The final attack roll after both sides' Lucky: hits of the final pool, initial faces from the
/// initial power dice, final faces from the final pool. `value(hits, final faces seen)` is what
/// the attacker maximises and the defender minimises (only [`Policy::Optimal`] reads it).
///
/// # Panics
/// If `initial` and `final_faces` do not split `tracked`, more than 8 faces are tracked, or a
/// tracked face is not a face of the die.
pub fn roll(
    pool: &Pool,
    rerolls: &Rerolls,
    value: &dyn Fn(i64, Faces) -> f64,
) -> Result<NaturalRoll, Error> {
    check_pool(pool, rerolls.policy)?;
    Ok(Engine::new(pool, rerolls, Box::new(value)).play(pool))
}

/// Refuses what [`roll`] refuses: more dice than `policy` computes promptly, and extra dice
/// triggered by the final roll (re-rolls come after extra dice).
fn check_pool(pool: &Pool, policy: Policy) -> Result<(), Error> {
    let dice = pool.power_dice + pool.extra.iter().map(|&(_, n)| n).sum::<u32>();
    let finals = pool.final_faces.iter().map(|&f| (f, Roll::Final));
    let initials = pool.initial.iter().map(|&f| (f, Roll::Initial));
    check_size(i64::from(dice), finals.chain(initials), policy)?;
    if let Some(&(face, _)) = pool.extra.iter().find(|(f, _)| !pool.initial.contains(f)) {
        return Err(Error::input(format!(
            "extra dice on a natural {face} of the final roll can't be combined with Lucky: \
             re-rolls come after extra dice, so only the initial roll may trigger them"
        )));
    }
    Ok(())
}

/// An attack die on the table, as [`OptimalPolicy::reroll`] reads it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct TableDie {
    /// The natural face it shows.
    pub face: u8,
    /// Whether its face is read for the final roll's triggers: power dice always, extra dice
    /// when the pool's `extra_count_final`.
    pub counts: bool,
    /// Whether the first side re-rolled it and the second may not (`reroll_again` false).
    pub locked: bool,
}

/// The optimal policy's decisions, for play with actual dice (the simulator): which dice each
/// side re-rolls, given the dice on the table. They are the decisions [`roll`] takes under
/// [`Policy::Optimal`], from the same memoised search, ties included.
pub(crate) struct OptimalPolicy<'a> {
    engine: Engine<'a>,
    /// Per face, whether it hits (index 0 unused).
    hit: Vec<bool>,
    final_faces: Vec<u8>,
    /// The most dice the pool rolls.
    most: usize,
}

impl<'a> OptimalPolicy<'a> {
    /// The optimal policy for this pool and these re-rolls (`rerolls.policy` is not read),
    /// maximising `value(hits, final faces seen)` for the attacker. Refuses what [`roll`]
    /// refuses under [`Policy::Optimal`].
    ///
    /// # Panics
    /// As [`roll`], if the pool's faces are inconsistent.
    pub fn new(
        pool: &Pool,
        rerolls: &Rerolls,
        value: impl Fn(i64, Faces) -> f64 + 'a,
    ) -> Result<OptimalPolicy<'a>, Error> {
        check_pool(pool, Policy::Optimal)?;
        let rerolls = Rerolls {
            policy: Policy::Optimal,
            ..*rerolls
        };
        Ok(OptimalPolicy {
            engine: Engine::new(pool, &rerolls, Box::new(value)),
            hit: (0..=pool.sides).map(|f| f > 0 && (pool.hits)(f)).collect(),
            final_faces: pool.final_faces.to_vec(),
            most: (pool.power_dice + pool.extra.iter().map(|&(_, n)| n).sum::<u32>()) as usize,
        })
    }

    /// The dice (indices into `dice`, ascending) that `side` re-rolls. The first side to act
    /// sees no locked die (nothing was re-rolled before it), so its choice ignores the flag.
    /// Dice showing no face of the die, and a table with more dice than the pool rolls, are
    /// no roll of this pool: nothing is re-rolled.
    pub fn reroll(&self, side: Side, dice: &[TableDie]) -> Vec<usize> {
        let e = &self.engine;
        let Some(step) = e.steps.iter().position(|s| s.0 == side) else {
            return Vec::new();
        };
        let valid = |d: &TableDie| usize::from(d.face) < self.hit.len() && d.face > 0;
        if e.steps[step].1 == 0 || dice.len() > self.most || !dice.iter().all(valid) {
            return Vec::new();
        }
        let mut seen = Dice {
            free: [0; CLASSES],
            locked_hits: 0,
            locked_mask: 0,
        };
        for d in dice {
            let j = self.class(d);
            if step == 1 && d.locked {
                seen.locked_hits += u8::from(e.classes[j].hit);
                seen.locked_mask |= e.classes[j].natural.map_or(0, |(_, b)| b);
            } else {
                seen.free[j] += 1;
            }
        }
        // The second side decides on the folded view, as in the exact play: a natural already
        // seen on a die it can't or won't re-roll counts as a plain hit or miss.
        let seen = if step == 1 { e.fold(&seen) } else { seen };
        let mut left = e.choice(step, &seen);
        let mut picked = Vec::new();
        for (i, d) in dice.iter().enumerate() {
            if step == 1 && d.locked {
                continue;
            }
            let mut j = self.class(d);
            if step == 1
                && e.classes[j]
                    .natural
                    .is_some_and(|(_, b)| seen.locked_mask & b != 0)
            {
                j = e.counting - 1 - usize::from(e.classes[j].hit);
            }
            if left[j] > 0 {
                left[j] -= 1;
                picked.push(i);
            }
        }
        picked
    }

    /// The class of a die: its tracked final face, or a plain hit or miss, counting or not.
    fn class(&self, d: &TableDie) -> usize {
        let e = &self.engine;
        let miss = usize::from(!self.hit[usize::from(d.face)]);
        match self.final_faces.iter().position(|&f| f == d.face) {
            Some(j) if d.counts => j,
            _ if d.counts => e.counting - 2 + miss,
            _ => e.counting + miss,
        }
    }
}

/// At most 8 final faces plus two other classes, and two classes of extra dice that don't count.
const CLASSES: usize = 12;

/// Dice per class.
type Counts = [u8; CLASSES];

/// A value and the dice its play keeps or re-rolls.
type Play = (f64, Counts);

/// The hits and final faces that locked dice add, with their chances: the final faces in the
/// order they first show, and per sum its hits, the index of its final faces, and its chance.
struct Locked {
    masks: Vec<u8>,
    sums: Vec<(u8, usize, f64)>,
}

/// What some dice show: hits, final faces seen (over `tracked`), and a measure of the rolls.
type Sums<T> = Vec<(u8, u8, T)>;

/// A state whose dice set aside wait to be rolled: initial faces seen, the dice, and the counting
/// and other dice to roll.
type Waiting = (u8, Dice, u8, u8);

/// The dice a waiting state has left to roll.
fn left(s: &Waiting) -> u32 {
    u32::from(s.2 + s.3)
}

/// Dice the second side may still re-roll, and a summary (hits, final faces seen) of the rest:
/// dice the first side locked by re-rolling them, dice the second side would never take, and in
/// the last step every die.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Dice {
    free: Counts,
    locked_hits: u8,
    /// Bit `i` for `tracked[i]`.
    locked_mask: u8,
}

impl Hash for Dice {
    /// As one number: faster than field by field, and merging states is mostly hashing.
    fn hash<H: Hasher>(&self, state: &mut H) {
        let mut bytes = [0u8; 16];
        bytes[..CLASSES].copy_from_slice(&self.free);
        bytes[CLASSES] = self.locked_hits;
        bytes[CLASSES + 1] = self.locked_mask;
        state.write_u128(u128::from_le_bytes(bytes));
    }
}

#[derive(Debug)]
struct Class {
    /// How many faces of the die fall in the class.
    weight: u32,
    hit: bool,
    /// The tracked final face (`face`, its mask bit), for a class of one such face.
    natural: Option<(u8, u8)>,
}

/// The last roll's expected values by hits, final faces seen, and counting and other dice to
/// roll, in one array computed up front (there are few): looking one up is most of the optimal
/// search, and an index is cheaper than hashing or checking whether it is known yet. Hits vary
/// fastest, as the last side's search reads runs of them.
#[derive(Debug)]
struct Settled {
    values: Vec<f64>,
    /// Per mask over `tracked`, its part of a slot: only final faces' bits take room.
    masks: Vec<usize>,
    /// The most hits, plus one.
    hits: usize,
    /// The most dice of either kind the last step rolls, plus one.
    rolls: usize,
}

impl Settled {
    fn new(tracked: &[u8], finals: u8, dice: u32, rolls: usize) -> Settled {
        let hits = dice as usize + 1;
        let stride = hits * rolls * rolls;
        let masks = (0..1usize << tracked.len())
            .map(|m| {
                let bits = (0..8).filter(|&i| finals & (1 << i) != 0);
                let kept = bits.enumerate().filter(|&(_, i)| m & (1 << i) != 0);
                kept.map(|(k, _)| stride << k).sum()
            })
            .collect();
        Settled {
            values: Vec::new(),
            masks,
            hits,
            rolls,
        }
    }

    /// The slot of a state. Slots add: with the final faces of the two parts apart, the slot
    /// of the state of kept and locked dice together is the sum of theirs.
    fn slot(&self, hits: u8, mask: u8, counting: u8, other: u8) -> usize {
        let rolled = usize::from(counting) * self.rolls + usize::from(other);
        usize::from(hits) + self.masks[usize::from(mask)] + rolled * self.hits
    }

    /// Slots in all: every mask of final faces.
    fn len(&self, finals: u8) -> usize {
        (self.hits * self.rolls * self.rolls) << finals.count_ones()
    }
}

/// Which side re-rolls: the attacker with its own Lucky, or the defender making the attacker
/// re-roll.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Side {
    /// The attacker re-rolls its own dice (its Lucky).
    Attacker,
    /// The defender makes the attacker re-roll (the defender's Lucky).
    Defender,
}

struct Engine<'a> {
    /// Counting classes (`0..counting`), then the classes of extra dice that don't count.
    classes: Vec<Class>,
    counting: usize,
    counting_weights: Vec<u32>,
    other_weights: Vec<u32>,
    sides: f64,
    /// `Faces` of each mask over `tracked`.
    faces: Vec<Faces>,
    steps: [(Side, u32); 2],
    lock: bool,
    policy: Policy,
    /// Greedy orders of classes, attacker's then defender's.
    orders: [Vec<usize>; 2],
    /// Per class, the most dice the last side may re-roll from it.
    caps: Vec<u8>,
    /// Per class, the class its dice join for the last side (see [`joins`]).
    joins: Vec<Option<usize>>,
    value: Box<dyn Fn(i64, Faces) -> f64 + 'a>,
    /// Optimal plays: the first side's from kept dice and dice set aside; the second side's
    /// from the dice it sees; expected values of the first side's re-rolls, and of the last
    /// roll by hits, faces and dice to roll.
    firsts: RefCell<HashMap<(Dice, u8, u8), Play>>,
    lasts: RefCell<last::Lasts>,
    /// The last side's search's list of outcomes, kept to be reused.
    listing: RefCell<last::Listing>,
    expected: RefCell<HashMap<(Dice, u8, u8), f64>>,
    /// When the first side's re-rolled dice are locked, the chances of the hits and final faces
    /// they show, by how many counting and other dice roll (see [`Engine::expect_locked`]).
    locked_rolls: Memo<(u8, u8), Locked>,
    settled: Settled,
    /// [`Settled`]'s values signed for the last side: higher is better for it.
    signed: Vec<f64>,
    slope: last::Slope,
    /// Per class, its group for the last side's search ([`last`]).
    groups: Vec<usize>,
    /// Per class, the mask bit of its natural, or 0.
    bits: Vec<u8>,
    /// The last side's Lucky, as many as it can re-roll.
    budget: u8,
    /// The natural classes, with their mask bits.
    naturals: Vec<(usize, u8)>,
    /// Weights up to this many bits are added in `u128`s, then up to this many in [`U256`]
    /// words, longer ones in [`BigUint`]s: 128 and [`U256::BITS`], which tests lower to check
    /// the wider types.
    widths: [u64; 2],
}

/// The classes of dice the engine counts, and how many of them count: each final face the
/// keywords read, then the other hits and misses; after them the hits and misses of dice
/// that don't count.
///
/// # Panics
/// If the pool's initial and final faces don't split its tracked faces, at most 8 faces of
/// the die.
fn classes(pool: &Pool) -> (Vec<Class>, usize) {
    let mut split: Vec<u8> = pool
        .initial
        .iter()
        .chain(pool.final_faces)
        .copied()
        .collect();
    split.sort_unstable();
    assert_eq!(
        split, pool.tracked,
        "initial and final faces split the tracked faces"
    );
    assert!(pool.tracked.len() <= 8, "at most 8 tracked faces");
    let faces: Vec<u8> = (1..=pool.sides).collect();
    assert!(
        pool.tracked.iter().all(|f| faces.contains(f)),
        "tracked faces are faces of the die"
    );
    let hit = |f: &&u8| (pool.hits)(**f);
    let others = |f: &&u8| !pool.final_faces.contains(f);
    let mut classes: Vec<Class> = pool
        .final_faces
        .iter()
        .map(|&f| Class {
            weight: 1,
            hit: (pool.hits)(f),
            natural: Some((f, bit(pool.tracked, f))),
        })
        .collect();
    for h in [true, false] {
        let weight = faces.iter().filter(others).filter(|f| hit(f) == h).count() as u32;
        classes.push(Class {
            weight,
            hit: h,
            natural: None,
        });
    }
    let counting = classes.len();
    let hitting = faces.iter().filter(hit).count() as u32;
    for (h, weight) in [(true, hitting), (false, u32::from(pool.sides) - hitting)] {
        classes.push(Class {
            weight,
            hit: h,
            natural: None,
        });
    }
    (classes, counting)
}

/// The two re-roll steps in their order: each side with the dice it may re-roll.
fn steps(rerolls: &Rerolls) -> [(Side, u32); 2] {
    let by_side = |side| match side {
        Side::Attacker => (side, rerolls.attacker),
        Side::Defender => (side, rerolls.defender),
    };
    if rerolls.attacker_first {
        [by_side(Side::Attacker), by_side(Side::Defender)]
    } else {
        [by_side(Side::Defender), by_side(Side::Attacker)]
    }
}

impl<'a> Engine<'a> {
    fn new(
        pool: &Pool,
        rerolls: &Rerolls,
        value: Box<dyn Fn(i64, Faces) -> f64 + 'a>,
    ) -> Engine<'a> {
        let dice = pool.power_dice + pool.extra.iter().map(|e| e.1).sum::<u32>();
        let (classes, counting) = classes(pool);
        let weights = |r: std::ops::Range<usize>| classes[r].iter().map(|c| c.weight).collect();
        let (counting_weights, other_weights) =
            (weights(0..counting), weights(counting..classes.len()));
        let orders =
            [Side::Attacker, Side::Defender].map(|side| greedy_order(&classes, counting, side));
        let steps = steps(rerolls);
        let (last, budget) = steps[1];
        let caps = (0..classes.len())
            .map(|j| match rerolls.policy {
                Policy::Greedy if !orders[last as usize].contains(&j) => 0,
                _ => budget.min(u32::from(u8::MAX)) as u8,
            })
            .collect();
        let joins = match rerolls.policy {
            Policy::Greedy if budget >= dice => {
                joins(&orders[last as usize], counting, classes.len())
            }
            _ => vec![None; classes.len()],
        };
        let groups = (0..classes.len())
            .map(|j| usize::from(!classes[j].hit) + if j < counting { 0 } else { 2 })
            .collect();
        let bits: Vec<u8> = classes
            .iter()
            .map(|c| c.natural.map_or(0, |(_, b)| b))
            .collect();
        let finals = bits.iter().fold(0, |m, b| m | b);
        let rolls = budget.min(dice).min(u32::from(u8::MAX)) as usize + 1;
        let mut engine = Engine {
            caps,
            joins,
            classes,
            counting,
            counting_weights,
            other_weights,
            sides: f64::from(pool.sides),
            faces: (0..1usize << pool.tracked.len())
                .map(|m| {
                    let bits = pool.tracked.iter().enumerate();
                    let face_bits = bits.filter(|(i, _)| m & (1 << i) != 0);
                    Faces::from_bits(face_bits.fold(0, |b, (_, &f)| b | (1 << f)))
                })
                .collect(),
            steps,
            lock: !rerolls.reroll_again,
            policy: rerolls.policy,
            orders,
            value,
            firsts: RefCell::default(),
            lasts: RefCell::default(),
            listing: RefCell::default(),
            expected: RefCell::default(),
            locked_rolls: Memo::default(),
            settled: Settled::new(pool.tracked, finals, dice, rolls),
            signed: Vec::new(),
            slope: last::Slope::Mixed,
            groups,
            bits: bits.clone(),
            budget: (rolls - 1) as u8,
            naturals: (0..bits.len())
                .filter(|&j| bits[j] != 0)
                .map(|j| (j, bits[j]))
                .collect(),
            widths: [u128::BITS.into(), U256::BITS],
        };
        if engine.policy == Policy::Optimal {
            engine.settled.values = engine.settle(dice);
            let sign = engine.sign(1);
            engine.signed = engine.settled.values.iter().map(|v| sign * v).collect();
            engine.slope = last::Slope::of(&engine.signed, engine.settled.hits);
        }
        engine
    }

    /// The exact distribution: initial roll, extra dice, both re-roll steps. Weights are the
    /// narrowest fixed-width integers the largest, every die rolled and re-rolled, fits, as it
    /// does within the dice limits.
    fn play(&self, pool: &Pool) -> NaturalRoll {
        let dice = pool.power_dice + pool.extra.iter().map(|e| e.1).sum::<u32>();
        let rerolled: u32 = self.steps.iter().map(|s| s.1.min(dice)).sum();
        let total = BigUint::from(self.sides as u32).pow(dice + rerolled);
        if total.bits() <= self.widths[0] {
            self.play_in::<u128>(pool)
        } else if total.bits() <= self.widths[1] {
            self.play_in::<U256>(pool)
        } else {
            self.play_in::<BigUint>(pool)
        }
    }

    /// [`Engine::play`] in weights of type `W`.
    fn play_in<W: Weight>(&self, pool: &Pool) -> NaturalRoll {
        let mut states = self.initial_roll::<W>(pool.power_dice, &power_cells(pool));
        for &(face, n) in pool.extra.iter().filter(|e| e.1 > 0) {
            let bit = bit(pool.tracked, face);
            states = self.extra_dice(states, bit, n, pool.extra_count_final);
        }
        if self.policy == Policy::Greedy && self.lock {
            // The second side's greedy choice ignores the locked dice, so both sides' dice can
            // roll together.
            let waiting = merge(states.into_iter().map(|((initial, d), w)| {
                let (kept, counting, other) = self.set_aside(0, &d, &self.choice(0, &d));
                let (last, more, others) = self.set_aside(1, &kept, &self.choice(1, &kept));
                ((initial, last, counting + more, other + others), w)
            }));
            states = self.roll(1, waiting);
        } else {
            for step in 0..2 {
                let waiting = merge(states.into_iter().map(|((initial, d), w)| {
                    let (kept, counting, other) = self.set_aside(step, &d, &self.choice(step, &d));
                    ((initial, kept, counting, other), w)
                }));
                states = self.roll(step, waiting);
            }
        }
        let cells = merge(states.into_iter().map(|((initial, d), w)| {
            let mask = usize::from(initial | self.mask(&d));
            ((self.hits(&d) as usize, mask), w)
        }));
        let cells: Vec<((usize, usize), BigUint)> =
            cells.into_iter().map(|(c, w)| (c, w.to_big())).collect();
        let denominator = cells.iter().map(|(_, w)| w).sum::<BigUint>();
        let width = (pool.power_dice + pool.extra.iter().map(|e| e.1).sum::<u32>()) as usize + 1;
        NaturalRoll::from_cells(pool.tracked, width, cells, denominator)
    }

    /// The power dice, each showing a face of `cells` (initial face bit, class, faces), cell by
    /// cell: how many of the dice left show it, weighted by the ways to pick them (a binomial)
    /// and its faces per die, equal states merging after each cell. Far fewer states and steps
    /// than die by die, whose states are the same counts after every die.
    fn initial_roll<W: Weight>(
        &self,
        dice: u32,
        cells: &[(u8, usize, u32)],
    ) -> HashMap<(u8, Dice), W> {
        let empty = Dice {
            free: [0; CLASSES],
            locked_hits: 0,
            locked_mask: 0,
        };
        let binomials = binomials(dice);
        let one = W::from_big(&BigUint::from(1u32));
        let mut rolled = HashMap::from_iter([((0, empty, dice as u8), one)]);
        for (i, &(bit, class, faces)) in cells.iter().enumerate() {
            let mut next = HashMap::with_capacity_and_hasher(2 * rolled.len(), Default::default());
            for ((initial, d, left), w) in rolled {
                // The last cell takes every die left.
                let fewest = if i + 1 == cells.len() { left } else { 0 };
                // `w × faces^k`.
                let mut scaled = w;
                for k in 0..=left {
                    if k >= fewest {
                        let mut d = d;
                        d.free[class] += k;
                        let initial = if k > 0 { initial | bit } else { initial };
                        let w = scaled.times(binomials[usize::from(left)][usize::from(k)]);
                        add(&mut next, (initial, d, left - k), w);
                    }
                    if k < left {
                        scaled = scaled.times(u64::from(faces));
                    }
                }
            }
            rolled = next;
        }
        merge(
            rolled
                .into_iter()
                .map(|((initial, d, _), w)| ((initial, d), w)),
        )
    }

    /// `n` extra dice, rolled one at a time where the initial roll shows `bit`: dice of the
    /// counting classes when they count for the final roll, else of the others. The other
    /// states wait, their weights brought to the same denominator.
    fn extra_dice<W: Weight>(
        &self,
        mut states: HashMap<(u8, Dice), W>,
        bit: u8,
        n: u32,
        count_final: bool,
    ) -> HashMap<(u8, Dice), W> {
        let (offset, weights) = if count_final {
            (0, &self.counting_weights)
        } else {
            (self.counting, &self.other_weights)
        };
        for _ in 0..n {
            let mut next = HashMap::with_capacity_and_hasher(2 * states.len(), Default::default());
            for ((initial, d), w) in states {
                if initial & bit == 0 {
                    add(&mut next, (initial, d), w.times(self.sides as u64));
                    continue;
                }
                for (j, &faces) in weights.iter().enumerate().filter(|(_, &f)| f > 0) {
                    let mut d = d;
                    d.free[offset + j] += 1;
                    add(&mut next, (initial, d), w.times(faces.into()));
                }
            }
            states = next;
        }
        states
    }

    fn hits(&self, d: &Dice) -> i64 {
        let free = self.classes.iter().zip(&d.free).filter(|(c, _)| c.hit);
        i64::from(d.locked_hits) + free.map(|(_, &n)| i64::from(n)).sum::<i64>()
    }

    /// Final faces seen, over `tracked`.
    fn mask(&self, d: &Dice) -> u8 {
        let seen = self.classes.iter().zip(&d.free).filter(|(_, &n)| n > 0);
        let bits = seen.filter_map(|(c, _)| c.natural.map(|(_, b)| b));
        bits.fold(d.locked_mask, |m, b| m | b)
    }

    /// Adds a die showing class `j`: the last side's dice are kept apart; the first side's, when
    /// it may re-roll them again, are the second side's to re-roll.
    fn place(&self, step: usize, d: &mut Dice, j: usize) {
        if step == 1 {
            let c = &self.classes[j];
            d.locked_hits += u8::from(c.hit);
            d.locked_mask |= c.natural.map_or(0, |(_, b)| b);
        } else {
            d.free[j] += 1;
            self.refold(d, j);
        }
    }

    /// The dice side `step` re-rolls.
    fn choice(&self, step: usize, d: &Dice) -> Counts {
        let (side, budget) = self.steps[step];
        if budget == 0 {
            return [0; CLASSES];
        }
        match self.policy {
            Policy::Greedy => {
                let mut left = budget;
                let mut choice = [0; CLASSES];
                for &j in &self.orders[side as usize] {
                    let n = u32::from(d.free[j]).min(left);
                    choice[j] = n as u8;
                    left -= n;
                }
                choice
            }
            Policy::Optimal if step == 0 => {
                let kept = self.first(&d.free, 0, 0).1;
                let mut choice = d.free;
                for (c, k) in choice.iter_mut().zip(kept) {
                    *c -= k;
                }
                choice
            }
            Policy::Optimal => self.last_choice(d),
        }
    }

    /// Rolls the dice set aside in step `step`, exactly: one die at a time, equal states merging
    /// after each. States with fewer dice to roll start later, so that all finish together and
    /// merge on the way. The first side's dice, when locked, roll by [`Engine::roll_locked`].
    fn roll<W: Weight>(&self, step: usize, waiting: HashMap<Waiting, W>) -> HashMap<(u8, Dice), W> {
        if step == 0 && self.lock {
            return self.roll_locked(waiting);
        }
        let most = waiting.keys().map(left).max().unwrap_or(0);
        let mut starting: Vec<Vec<(Waiting, W)>> = vec![Vec::new(); most as usize + 1];
        for (s, w) in waiting {
            starting[(most - left(&s)) as usize].push((s, w));
        }
        let sides = self.sides as u32;
        let mut rolling: HashMap<Waiting, W> = HashMap::default();
        for (rolled, start) in starting.into_iter().enumerate() {
            let capacity = 2 * rolling.len() + start.len();
            let mut next = HashMap::with_capacity_and_hasher(capacity, Default::default());
            for ((initial, d, counting, other), w) in rolling {
                let (classes, counting, other) = self.next_die(counting, other);
                for j in classes {
                    let mut d = d;
                    self.place(step, &mut d, j);
                    add(
                        &mut next,
                        (initial, d, counting, other),
                        w.times(self.classes[j].weight.into()),
                    );
                }
            }
            for (s, mut w) in start {
                for _ in 0..rolled {
                    w = w.times(sides.into());
                }
                add(&mut next, s, w);
            }
            rolling = next;
        }
        merge(
            rolling
                .into_iter()
                .map(|((initial, d, _, _), w)| ((initial, d), w)),
        )
    }

    /// [`Engine::roll`] of the first side's dice when nobody may re-roll them again: they add
    /// only their hits and final faces, so each state meets the sums of its dice (counted in
    /// ways to roll them) once, the final faces folding the dice the second side sees, rather
    /// than die by die through states with every free dice. All states end with the denominator
    /// of the most dice rolled. (The last side's states hold no free dice and merge die by die.)
    fn roll_locked<W: Weight>(&self, waiting: HashMap<Waiting, W>) -> HashMap<(u8, Dice), W> {
        // States with fewer dice count each of the faces the others' extra dice may show.
        let most = waiting.keys().map(left).max().unwrap_or(0);
        let times = |w: &W, j: usize| w.times(self.classes[j].weight.into());
        let ways = |n: &(u8, u8)| {
            let missing = BigUint::from(self.sides as u32).pow(most - u32::from(n.0 + n.1));
            self.sums(*n, W::from_big(&missing), times, |a, b| a.add(b))
        };
        let mut sums: HashMap<(u8, u8), Sums<W>> = HashMap::default();
        let mut rolled = HashMap::with_capacity_and_hasher(waiting.len(), Default::default());
        for ((initial, d, counting, other), w) in waiting {
            for (hits, mask, ways) in sums.entry((counting, other)).or_insert_with_key(ways) {
                let mut d = self.fold_seen(&d, *mask);
                d.locked_hits += *hits;
                add(&mut rolled, (initial, d), w.times_weight(ways));
            }
        }
        rolled
    }

    /// The dice left when `choice` is picked up, and how many counting and other dice it holds.
    /// Before the last step, the dice become their hits and faces seen: nothing else matters.
    fn set_aside(&self, step: usize, d: &Dice, choice: &Counts) -> (Dice, u8, u8) {
        let mut kept = *d;
        for (k, c) in kept.free.iter_mut().zip(choice) {
            *k -= c;
        }
        kept = if step == 0 {
            self.fold(&kept)
        } else {
            Dice {
                free: [0; CLASSES],
                locked_hits: self.hits(&kept) as u8,
                locked_mask: self.mask(&kept),
            }
        };
        let count = |r: std::ops::Range<usize>| choice[r].iter().sum::<u8>();
        (kept, count(0..self.counting), count(self.counting..CLASSES))
    }

    fn sign(&self, step: usize) -> f64 {
        if self.steps[step].0 == Side::Attacker {
            1.0
        } else {
            -1.0
        }
    }

    /// The first side's best from kept dice `t`, `counting` and `other` dice set aside so far:
    /// its value and the dice to keep (`t` or fewer). Pools share sub-pools, so this runs once
    /// per sub-pool rather than once per re-roll of every pool.
    fn first(&self, t: &Counts, counting: u8, other: u8) -> Play {
        let dice = Dice {
            free: *t,
            locked_hits: 0,
            locked_mask: 0,
        };
        if let Some(&b) = self.firsts.borrow().get(&(dice, counting, other)) {
            return b;
        }
        let mut best = (self.expect(&self.fold(&dice), counting, other), *t);
        if u32::from(counting + other) < self.steps[0].1 {
            let size = |c: &Counts| c.iter().map(|&n| u32::from(n)).sum::<u32>();
            for j in (0..self.classes.len()).filter(|&j| t[j] > 0) {
                let mut fewer = *t;
                fewer[j] -= 1;
                let (c, o) = if j < self.counting {
                    (counting + 1, other)
                } else {
                    (counting, other + 1)
                };
                let next = self.first(&fewer, c, o);
                let gain = self.sign(0) * (next.0 - best.0);
                let (n, b) = (size(&next.1), size(&best.1));
                // Ties go to fewer dice re-rolled, then to more dice from earlier classes.
                if gain > 1e-12 || gain >= -1e-12 && (n > b || n == b && next.1 < best.1) {
                    best = next;
                }
            }
        }
        self.firsts
            .borrow_mut()
            .insert((dice, counting, other), best);
        best
    }

    /// The dice as the last side sees them: dice it would never re-roll (beyond its Lucky in
    /// one class, or outside its greedy order) join the locked ones, for the optimal policy a
    /// natural the locked dice show is a plain hit or miss, and for a greedy Lucky covering the
    /// pool dice it will re-roll are counted by kind alone ([`joins`]). Equal views have equal
    /// outcomes, so fewer states remain.
    fn fold(&self, d: &Dice) -> Dice {
        let mut d = *d;
        for j in 0..self.classes.len() {
            self.fold_class(&mut d, j);
        }
        d
    }

    /// [`Engine::fold`] once a die of class `j` joins dice already folded, as every die rolled
    /// in the first step does: only class `j` can pass its cap or show its natural, and only its
    /// plain class can gain dice from that.
    fn refold(&self, d: &mut Dice, j: usize) {
        self.fold_class(d, j);
        if let Some(plain) = self.plain(j) {
            self.fold_class(d, plain);
        }
    }

    /// [`Engine::fold`] of folded dice `d` once the locked dice show the final faces of `mask`
    /// too: only the naturals of `mask` may move (to their plain classes, which are capped
    /// again), so only they are folded again.
    fn fold_seen(&self, d: &Dice, mask: u8) -> Dice {
        let mut d = Dice {
            locked_mask: d.locked_mask | mask,
            ..*d
        };
        for &(j, b) in &self.naturals {
            if mask & b != 0 && d.free[j] > 0 {
                self.refold(&mut d, j);
            }
        }
        d
    }

    /// [`Engine::fold`]'s work on class `j`, whose plain class comes later.
    fn fold_class(&self, d: &mut Dice, j: usize) {
        let c = &self.classes[j];
        let excess = d.free[j].saturating_sub(self.caps[j]);
        d.free[j] -= excess;
        d.locked_hits += if c.hit { excess } else { 0 };
        if excess > 0 {
            d.locked_mask |= c.natural.map_or(0, |(_, b)| b);
        }
        let seen = c.natural.is_some_and(|(_, b)| d.locked_mask & b != 0);
        if let (Some(plain), true) = (self.plain(j), seen) {
            d.free[plain] += std::mem::take(&mut d.free[j]);
        }
        if let Some(first) = self.joins[j] {
            d.free[first] += std::mem::take(&mut d.free[j]);
        }
    }

    /// For the optimal policy, the plain class (hitting or missing) a natural class `j` becomes
    /// once the locked dice show its natural: the plain classes come after the naturals, so they
    /// are capped afterwards.
    fn plain(&self, j: usize) -> Option<usize> {
        let c = &self.classes[j];
        (self.policy == Policy::Optimal && c.natural.is_some())
            .then(|| self.counting - 1 - usize::from(c.hit))
    }

    /// The first step's expected value once `counting` and `other` more dice are rolled, one at
    /// a time.
    fn expect(&self, kept: &Dice, counting: u8, other: u8) -> f64 {
        if counting == 0 && other == 0 {
            return self.last(kept);
        }
        if self.lock {
            return self.expect_locked(kept, counting, other);
        }
        let key = (*kept, counting, other);
        if let Some(&v) = self.expected.borrow().get(&key) {
            return v;
        }
        let (range, counting, other) = self.next_die(counting, other);
        let v = range
            .map(|j| {
                let mut d = *kept;
                self.place(0, &mut d, j);
                self.chance(j) * self.expect(&d, counting, other)
            })
            .sum();
        self.expected.borrow_mut().insert(key, v);
        v
    }

    /// [`Engine::expect`] when the re-rolled dice are locked: they add only their hits and final
    /// faces, so the last side's view is the kept dice with each sum of those, and there are far
    /// fewer sums than partly rolled states to remember.
    fn expect_locked(&self, kept: &Dice, counting: u8, other: u8) -> f64 {
        let rolls = self
            .locked_rolls
            .get((counting, other), |&(c, o)| self.locked_roll(c, o));
        let views = self.views(kept, &rolls.masks);
        let lasts = self.lasts.borrow();
        let bests: Vec<&[(f64, last::Outcome)]> = views
            .iter()
            .map(|v| lasts[&(v.free, v.locked_mask)].as_slice())
            .collect();
        rolls
            .sums
            .iter()
            .map(|&(hits, i, p)| p * bests[i][usize::from(views[i].locked_hits + hits)].0)
            .sum()
    }

    /// Per final faces of `masks` the locked dice show, the last side's view of them with the
    /// kept dice before their hits are added, its best re-rolls with each of their hits known.
    /// Views of the same free dice differ only in their locked dice, so one search finds them
    /// all.
    fn views(&self, kept: &Dice, masks: &[u8]) -> Vec<Dice> {
        let views: Vec<Dice> = masks.iter().map(|&m| self.fold_seen(kept, m)).collect();
        for (i, v) in views.iter().enumerate() {
            if views[..i].iter().all(|u| u.free != v.free) {
                let same = views[i..].iter().filter(|u| u.free == v.free);
                let masks: Vec<u8> = same.map(|u| u.locked_mask).collect();
                self.learn(&v.free, &masks);
            }
        }
        views
    }

    /// The hits and final faces of `counting` and `other` dice, with their chances.
    fn locked_roll(&self, counting: u8, other: u8) -> Locked {
        let chance = |p: &f64, j: usize| p * self.chance(j);
        let sums = self.sums((counting, other), 1.0, chance, |a, b| *a += b);
        let mut masks: Vec<u8> = Vec::new();
        let mut index = |m: u8| match masks.iter().position(|&n| n == m) {
            Some(i) => i,
            None => {
                masks.push(m);
                masks.len() - 1
            }
        };
        let sums = sums.into_iter().map(|(h, m, p)| (h, index(m), p)).collect();
        Locked { masks, sums }
    }

    /// The hits and final faces `counting` and `other` dice show, one die at a time, each sum
    /// with its measure: `one` for no dice, `per(m, j)` for one more die showing class `j`, and
    /// `add` to join measures of one sum. Sorted by hits, then final faces.
    fn sums<T>(
        &self,
        (counting, other): (u8, u8),
        one: T,
        per: impl Fn(&T, usize) -> T,
        add: impl Fn(&mut T, &T),
    ) -> Sums<T> {
        let mut sums: HashMap<(u8, u8), T> = HashMap::from_iter([((0, 0), one)]);
        let (mut c, mut o) = (counting, other);
        while c + o > 0 {
            let (range, rest_c, rest_o) = self.next_die(c, o);
            let mut next: HashMap<(u8, u8), T> = HashMap::default();
            for j in range {
                let class = &self.classes[j];
                let bit = class.natural.map_or(0, |(_, b)| b);
                for (&(hits, mask), m) in &sums {
                    let key = (hits + u8::from(class.hit), mask | bit);
                    let m = per(m, j);
                    match next.get_mut(&key) {
                        Some(sum) => add(sum, &m),
                        None => {
                            next.insert(key, m);
                        }
                    }
                }
            }
            (sums, c, o) = (next, rest_c, rest_o);
        }
        let mut sums: Sums<T> = sums.into_iter().map(|((h, m), p)| (h, m, p)).collect();
        sums.sort_unstable_by_key(|&(h, m, _)| (h, m));
        sums
    }

    /// The last step's expected values from every number of hits and final faces seen once
    /// `counting` and `other` more dice are rolled, fewest dice to roll first, as
    /// [`Settled`] lays them out: `NaN` where the hits and dice pass the pool's `dice`.
    fn settle(&self, dice: u32) -> Vec<f64> {
        let s = &self.settled;
        let finals = self.bits.iter().fold(0, |m, b| m | b);
        let mut values = vec![f64::NAN; s.len(finals)];
        let rolls = s.rolls as u8;
        for n in 0..=(dice as u8).min(2 * (rolls - 1)) {
            let pairs =
                (0..rolls).filter_map(|c| n.checked_sub(c).filter(|&o| o < rolls).map(|o| (c, o)));
            for (counting, other) in pairs {
                for hits in 0..=dice as u8 - n {
                    for mask in (0..=u8::MAX)
                        .take(s.masks.len())
                        .filter(|m| m & !finals == 0)
                    {
                        let v = self.settled_value(&values, hits, mask, counting, other);
                        values[s.slot(hits, mask, counting, other)] = v;
                    }
                }
            }
        }
        values
    }

    /// One of [`Engine::settle`]'s values, from those of one die fewer to roll.
    fn settled_value(&self, values: &[f64], hits: u8, mask: u8, counting: u8, other: u8) -> f64 {
        if counting == 0 && other == 0 {
            return (self.value)(i64::from(hits), self.faces[usize::from(mask)]);
        }
        let (range, counting, other) = self.next_die(counting, other);
        range
            .map(|j| {
                let c = &self.classes[j];
                let mask = mask | c.natural.map_or(0, |(_, b)| b);
                let slot = self
                    .settled
                    .slot(hits + u8::from(c.hit), mask, counting, other);
                self.chance(j) * values[slot]
            })
            .sum()
    }

    /// The classes the next die may show (counting dice first), and the dice left after it.
    fn next_die(&self, counting: u8, other: u8) -> (impl Iterator<Item = usize> + '_, u8, u8) {
        let (range, counting, other) = if counting > 0 {
            (0..self.counting, counting - 1, other)
        } else {
            (self.counting..self.classes.len(), counting, other - 1)
        };
        (
            range.filter(|&j| self.classes[j].weight > 0),
            counting,
            other,
        )
    }

    fn chance(&self, j: usize) -> f64 {
        f64::from(self.classes[j].weight) / self.sides
    }
}

/// Adds `w` to the weight of `s`.
fn add<S: Hash + Eq, W: Weight>(states: &mut HashMap<S, W>, s: S, w: W) {
    states.entry(s).or_insert_with(W::zero).add(&w);
}

/// States with their weights, equal states merged.
fn merge<S: Hash + Eq, W: Weight>(pairs: impl Iterator<Item = (S, W)>) -> HashMap<S, W> {
    let mut out = HashMap::with_capacity_and_hasher(pairs.size_hint().0, Default::default());
    for (s, w) in pairs {
        add(&mut out, s, w);
    }
    out
}

/// The power dice's faces by cell: an initial face alone (its mask bit) or the rest of a class,
/// as (mask bit or 0, class, faces).
fn power_cells(pool: &Pool) -> Vec<(u8, usize, u32)> {
    let mut cells: Vec<(u8, usize, u32)> = Vec::new();
    for f in 1..=pool.sides {
        let class = match pool.final_faces.iter().position(|&t| t == f) {
            Some(i) => i,
            None => pool.final_faces.len() + usize::from(!(pool.hits)(f)),
        };
        let bit = if pool.initial.contains(&f) {
            bit(pool.tracked, f)
        } else {
            0
        };
        match cells
            .iter_mut()
            .find(|c| bit == 0 && c.0 == 0 && c.1 == class)
        {
            Some(c) => c.2 += 1,
            None => cells.push((bit, class, 1)),
        }
    }
    cells
}

/// `C(n, k)` for every `n` up to `most`, by Pascal's rule: they fit 64 bits up to `n` = 67.
fn binomials(most: u32) -> Vec<Vec<u64>> {
    let mut rows: Vec<Vec<u64>> = vec![vec![1]];
    for n in 1..=most as usize {
        let above = &rows[n - 1];
        let row = (0..=n)
            .map(|k| match k {
                0 => 1,
                _ if k == n => 1,
                _ => above[k - 1]
                    .checked_add(above[k])
                    .expect("a binomial past 64 bits"),
            })
            .collect();
        rows.push(row);
    }
    rows
}

/// The mask bit of a tracked face.
fn bit(tracked: &[u8], face: u8) -> u8 {
    1 << tracked
        .iter()
        .position(|&t| t == face)
        .expect("a tracked face")
}

/// When the last side's greedy Lucky covers the pool, it re-rolls every die of its `order`: the
/// classes there differ only in whether their dice count, so each joins the first class of its
/// kind in the order, and states that differ only in which of them a die shows merge.
fn joins(order: &[usize], counting: usize, classes: usize) -> Vec<Option<usize>> {
    let kind = |j: usize| j < counting;
    let first = |j: usize| order.iter().copied().find(|&k| kind(k) == kind(j));
    (0..classes)
        .map(|j| first(j).filter(|&f| f != j && order.contains(&j)))
        .collect()
}

/// The classes one side takes, in greedy order (see [`Policy::Greedy`]).
fn greedy_order(classes: &[Class], counting: usize, side: Side) -> Vec<usize> {
    let mut ranked: Vec<(u32, usize)> = classes
        .iter()
        .enumerate()
        .filter(|(_, c)| c.weight > 0)
        .filter_map(|(j, c)| {
            let rank = match (side, c.natural, c.hit) {
                (Side::Attacker, Some((1, _)), _) => 1,
                (Side::Attacker, Some((6, _)), _) | (Side::Attacker, _, true) => return None,
                (Side::Attacker, Some((f, _)), false) if f <= 2 => u32::from(f),
                (Side::Defender, Some((6, _)), _) => 0,
                (Side::Defender, Some((1 | 2, _)), _) | (Side::Defender, _, false) => return None,
                (_, Some((f, _)), _) => 3 + u32::from(f),
                // Counting dice of no tracked face, then extra dice that don't count.
                (_, None, _) => 3 + if j < counting { 0 } else { 300 },
            };
            Some((rank, j))
        })
        .collect();
    ranked.sort_unstable();
    ranked.into_iter().map(|(_, j)| j).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dist::Dist;
    use num_bigint::BigInt;
    use num_rational::BigRational;

    #[test]
    fn the_optimal_policy_rerolls_a_miss_only() {
        // Two dice hitting on 4+, Critical Hit 1 on a natural 6; the attacker has Lucky 1.
        let hits = |f: u8| f >= 4;
        let pool = Pool {
            power_dice: 2,
            sides: 6,
            hits: &hits,
            tracked: &[6],
            initial: &[],
            final_faces: &[6],
            extra: &[],
            extra_count_final: true,
        };
        let rerolls = Rerolls {
            attacker: 1,
            defender: 0,
            attacker_first: true,
            reroll_again: true,
            policy: Policy::Optimal,
        };
        let damage = |h: i64, seen: Faces| (h + i64::from(seen.contains(6))) as f64;
        let policy = OptimalPolicy::new(&pool, &rerolls, damage).unwrap();
        let die = |face| TableDie {
            face,
            counts: true,
            locked: false,
        };
        // A 6 and a 2: the miss is re-rolled.
        assert_eq!(policy.reroll(Side::Attacker, &[die(6), die(2)]), [1]);
        // Two hits: nothing is worth re-rolling.
        assert!(policy.reroll(Side::Attacker, &[die(5), die(6)]).is_empty());
    }

    /// A pool as `attack` would build it.
    struct Shape {
        power: u32,
        hits: fn(u8) -> bool,
        tracked: &'static [u8],
        initial: &'static [u8],
        final_faces: &'static [u8],
        extra: &'static [(u8, u32)],
        extra_count_final: bool,
    }

    impl Shape {
        fn pool(&self) -> Pool<'_> {
            Pool {
                power_dice: self.power,
                sides: 6,
                hits: &self.hits,
                tracked: self.tracked,
                initial: self.initial,
                final_faces: self.final_faces,
                extra: self.extra,
                extra_count_final: self.extra_count_final,
            }
        }

        fn with_power(&self, power: u32) -> Shape {
            Shape { power, ..*self }
        }
    }

    /// Critical Hit, Parry and Fury 1 on 4+; the Fury die counts or not.
    const FURY: Shape = Shape {
        power: 3,
        hits: |f| f >= 4,
        tracked: &[1, 4, 6],
        initial: &[4],
        final_faces: &[1, 6],
        extra: &[(4, 1)],
        extra_count_final: true,
    };
    const FURY_UNCOUNTED: Shape = Shape {
        extra_count_final: false,
        ..FURY
    };
    /// Backfire and Focus read initially, Parry, Riposte and Critical Hit finally, 3+.
    const MANY: Shape = Shape {
        power: 2,
        hits: |f| f >= 3,
        tracked: &[1, 2, 3, 5, 6],
        initial: &[3, 5],
        final_faces: &[1, 2, 6],
        extra: &[(3, 1)],
        extra_count_final: false,
    };
    const PLAIN: Shape = Shape {
        power: 4,
        hits: |f| f >= 5,
        tracked: &[],
        initial: &[],
        final_faces: &[],
        extra: &[],
        extra_count_final: true,
    };
    /// A natural 6 that misses (Critical Hit under a high hit number), Riposte on 2 that hits.
    const ODD: Shape = Shape {
        power: 3,
        hits: |f| (2..=5).contains(&f),
        tracked: &[2, 6],
        initial: &[],
        final_faces: &[2, 6],
        extra: &[],
        extra_count_final: true,
    };
    /// Two extra-dice triggers.
    const TWO_FURIES: Shape = Shape {
        power: 2,
        hits: |f| f >= 4,
        tracked: &[3, 4, 6],
        initial: &[3, 4],
        final_faces: &[6],
        extra: &[(4, 1), (3, 1)],
        extra_count_final: true,
    };

    fn rerolls(attacker: u32, defender: u32, attacker_first: bool, again: bool) -> Rerolls {
        Rerolls {
            attacker,
            defender,
            attacker_first,
            reroll_again: again,
            policy: Policy::Greedy,
        }
    }

    /// Every combination of order and `reroll_again`.
    fn orders(attacker: u32, defender: u32, policy: Policy) -> Vec<Rerolls> {
        let mut out = Vec::new();
        for first in [true, false] {
            for again in [true, false] {
                out.push(Rerolls {
                    policy,
                    ..rerolls(attacker, defender, first, again)
                });
            }
        }
        out
    }

    /// Hits, two for a Critical Hit, minus one for a Parry.
    fn damage(h: i64, seen: Faces) -> i64 {
        h + 2 * i64::from(seen.contains(6)) - i64::from(seen.contains(1))
    }

    fn damage_f64(h: i64, seen: Faces) -> f64 {
        damage(h, seen) as f64
    }

    /// Every (hits, faces seen) cell, as one number.
    fn cells(roll: &NaturalRoll) -> Dist {
        roll.map(|h, seen| h * 1024 + seen.bits())
    }

    fn lucky(shape: &Shape, r: &Rerolls) -> NaturalRoll {
        roll(&shape.pool(), r, &damage_f64).unwrap()
    }

    /// [`lucky`] in each wider weight type: [`U256`] words, as pools too large for `u128` have
    /// them, and [`BigUint`]s, as pools too large for [`U256`] have them.
    fn lucky_in_wider_weights(shape: &Shape, r: &Rerolls) -> [NaturalRoll; 2] {
        let pool = shape.pool();
        [[0, U256::BITS], [0, 0]].map(|widths| {
            let mut engine = Engine::new(&pool, r, Box::new(damage_f64));
            engine.widths = widths;
            engine.play(&pool)
        })
    }

    fn mean(shape: &Shape, r: &Rerolls) -> BigRational {
        lucky(shape, r).map(damage).mean()
    }

    #[test]
    fn zero_lucky_is_the_plain_roll() {
        for shape in [&FURY, &FURY_UNCOUNTED, &MANY, &PLAIN, &ODD, &TWO_FURIES] {
            for power in [0, 1, 5] {
                let shape = shape.with_power(power);
                let pool = shape.pool();
                // The roll as `attack` builds it without re-rolls.
                let extra_counts: &[u8] = if shape.extra_count_final {
                    shape.final_faces
                } else {
                    &[]
                };
                let mut plain = NaturalRoll::pool(power, 6, shape.hits, pool.tracked, pool.tracked);
                for &(face, n) in shape.extra {
                    let more = NaturalRoll::pool(n, 6, shape.hits, pool.tracked, extra_counts);
                    plain = plain.extend_if(face, &more);
                }
                for policy in [Policy::Greedy, Policy::Optimal] {
                    for r in orders(0, 0, policy) {
                        assert_eq!(cells(&lucky(&shape, &r)), cells(&plain), "power {power}");
                    }
                }
            }
        }
    }

    /// A die of the brute forces: its face, whether it is read for the final faces, whether the
    /// second side may not re-roll it.
    type Die = TableDie;

    /// The brute forces' setting: every face sequence, weighted over `6^slots`.
    struct Brute<'a> {
        shape: &'a Shape,
        r: &'a Rerolls,
    }

    impl Brute<'_> {
        fn steps(&self) -> [(bool, u32); 2] {
            let (a, d) = ((true, self.r.attacker), (false, self.r.defender));
            if self.r.attacker_first {
                [a, d]
            } else {
                [d, a]
            }
        }

        /// Every initial roll with its extra dice: (initial faces, dice, weight over 6^all dice).
        fn initial(&self) -> Vec<(u16, Vec<Die>, u64)> {
            let s = self.shape;
            let most: u32 = s.power + s.extra.iter().map(|e| e.1).sum::<u32>();
            let mut out = Vec::new();
            for power in sequences(s.power) {
                let seen = power
                    .iter()
                    .filter(|f| s.initial.contains(f))
                    .fold(0u16, |m, &f| m | (1 << f));
                let mut rolls = vec![(power.iter().map(|&f| die(f, true)).collect(), 1u64)];
                for &(_, n) in s.extra.iter().filter(|e| seen & (1 << e.0) != 0) {
                    rolls = rolls
                        .into_iter()
                        .flat_map(|(dice, w): (Vec<Die>, u64)| {
                            sequences(n).into_iter().map(move |more| {
                                let mut dice = dice.clone();
                                dice.extend(more.iter().map(|&f| die(f, s.extra_count_final)));
                                (dice, w)
                            })
                        })
                        .collect();
                }
                for (dice, w) in rolls {
                    let rolled = dice.len() as u32;
                    out.push((seen, dice, w * 6u64.pow(most - rolled)));
                }
            }
            out
        }

        /// (hits, initial faces and final faces seen).
        fn outcome(&self, initial: u16, dice: &[Die]) -> (i64, u16) {
            let s = self.shape;
            let hits = dice.iter().filter(|d| (s.hits)(d.face)).count() as i64;
            let finals = dice
                .iter()
                .filter(|d| d.counts && s.final_faces.contains(&d.face))
                .fold(initial, |m, d| m | (1 << d.face));
            (hits, finals)
        }

        /// The greedy rank of a die for one side (lower first); `None`: never re-rolled.
        fn rank(&self, d: &Die, attacker: bool) -> Option<u32> {
            let s = self.shape;
            let natural = |f: u8| d.counts && d.face == f && s.final_faces.contains(&f);
            let tracked = s.final_faces.contains(&d.face);
            let hit = (s.hits)(d.face);
            let rest = match (d.counts, tracked) {
                (false, _) => 300,
                (true, false) => 3,
                (true, true) => 3 + u32::from(d.face),
            };
            if attacker {
                match () {
                    _ if hit || natural(6) => None,
                    _ if natural(1) => Some(1),
                    _ if natural(2) => Some(2),
                    _ => Some(rest),
                }
            } else {
                match () {
                    _ if natural(6) => Some(0),
                    _ if !hit || natural(1) || natural(2) => None,
                    _ => Some(rest),
                }
            }
        }

        /// The greedy engine, die by die: adds each final outcome's weight over `6^slots`.
        fn greedy(
            &self,
            step: usize,
            initial: u16,
            dice: Vec<Die>,
            w: u64,
            out: &mut HashMap<i64, u64>,
        ) {
            if step == 2 {
                let (h, seen) = self.outcome(initial, &dice);
                *out.entry(h * 1024 + i64::from(seen)).or_default() += w;
                return;
            }
            let (attacker, x) = self.steps()[step];
            let mut candidates: Vec<(u32, usize)> = dice
                .iter()
                .enumerate()
                .filter(|(_, d)| !d.locked)
                .filter_map(|(i, d)| self.rank(d, attacker).map(|r| (r, i)))
                .collect();
            candidates.sort();
            candidates.truncate(x as usize);
            let picked: Vec<usize> = candidates.into_iter().map(|(_, i)| i).collect();
            let spare = 6u64.pow(x - picked.len() as u32);
            for faces in sequences(picked.len() as u32) {
                let mut next = dice.clone();
                for (&i, &f) in picked.iter().zip(&faces) {
                    next[i].face = f;
                    next[i].locked = !self.r.reroll_again;
                }
                self.greedy(step + 1, initial, next, w * spare, out);
            }
        }

        /// The optimal policy's decisions for the dice on the table, applied die by die: adds each
        /// final outcome's weight over `6^slots`, as [`Brute::greedy`] does.
        fn decided(
            &self,
            policy: &OptimalPolicy,
            step: usize,
            initial: u16,
            dice: Vec<Die>,
            w: u64,
            out: &mut HashMap<i64, u64>,
        ) {
            if step == 2 {
                let (h, seen) = self.outcome(initial, &dice);
                *out.entry(h * 1024 + i64::from(seen)).or_default() += w;
                return;
            }
            let (attacker, x) = self.steps()[step];
            let side = if attacker {
                Side::Attacker
            } else {
                Side::Defender
            };
            let picked = policy.reroll(side, &dice);
            assert!(picked.len() <= x as usize, "{picked:?}");
            assert!(picked.iter().all(|&i| step == 0 || !dice[i].locked));
            let spare = 6u64.pow(x - picked.len() as u32);
            for faces in sequences(picked.len() as u32) {
                let mut next = dice.clone();
                for (&i, &f) in picked.iter().zip(&faces) {
                    next[i].face = f;
                    next[i].locked = !self.r.reroll_again;
                }
                self.decided(policy, step + 1, initial, next, w * spare, out);
            }
        }

        /// Optimal play by trying every subset of dice: the value scaled by `6^slots left`.
        fn optimal(&self, step: usize, initial: u16, dice: &[Die]) -> i64 {
            if step == 2 {
                let (h, seen) = self.outcome(initial, dice);
                return damage(h, Faces::from_bits(i64::from(seen)));
            }
            let (attacker, x) = self.steps()[step];
            let free: Vec<usize> = (0..dice.len()).filter(|&i| !dice[i].locked).collect();
            let mut best: Option<i64> = None;
            for subset in 0..1u32 << free.len() {
                if subset.count_ones() > x {
                    continue;
                }
                let picked: Vec<usize> = (0..free.len())
                    .filter(|b| subset & (1 << b) != 0)
                    .map(|b| free[b])
                    .collect();
                let spare = 6i64.pow(x - picked.len() as u32);
                let v: i64 = sequences(picked.len() as u32)
                    .into_iter()
                    .map(|faces| {
                        let mut next = dice.to_vec();
                        for (&i, &f) in picked.iter().zip(&faces) {
                            next[i].face = f;
                            next[i].locked = !self.r.reroll_again;
                        }
                        spare * self.optimal(step + 1, initial, &next)
                    })
                    .sum();
                best = Some(match best {
                    None => v,
                    Some(b) if attacker => b.max(v),
                    Some(b) => b.min(v),
                });
            }
            best.expect("the empty subset")
        }

        /// 6 to the number of dice rolled at most, re-rolls included.
        fn slots(&self) -> u32 {
            let s = self.shape;
            s.power + s.extra.iter().map(|e| e.1).sum::<u32>() + self.r.attacker + self.r.defender
        }
    }

    fn die(face: u8, counts: bool) -> Die {
        Die {
            face,
            counts,
            locked: false,
        }
    }

    /// Every sequence of `n` d6 faces.
    fn sequences(n: u32) -> Vec<Vec<u8>> {
        (0..6u32.pow(n))
            .map(|mut code| {
                (0..n)
                    .map(|_| {
                        let f = (code % 6) as u8 + 1;
                        code /= 6;
                        f
                    })
                    .collect()
            })
            .collect()
    }

    /// The greedy engine against [`Brute::greedy`], in every order and in every weight type.
    fn check_greedy(shape: &Shape, a: u32, d: u32) {
        for r in orders(a, d, Policy::Greedy) {
            let brute = Brute { shape, r: &r };
            let mut out = HashMap::default();
            for (initial, dice, w) in brute.initial() {
                brute.greedy(0, initial, dice, w, &mut out);
            }
            let expected =
                Dist::from_pairs(out.into_iter().map(|(c, w)| (c, BigUint::from(w)))).unwrap();
            assert_eq!(
                expected.denominator(),
                &BigUint::from(6u32).pow(brute.slots())
            );
            assert_in_every_width(shape, &r, &expected);
        }
    }

    /// The engine's roll, in its own weights and in each wider type, is `expected`.
    fn assert_in_every_width(shape: &Shape, r: &Rerolls, expected: &Dist) {
        assert_eq!(
            &cells(&lucky(shape, r)),
            expected,
            "{:?} {r:?}",
            shape.tracked
        );
        for wide in lucky_in_wider_weights(shape, r) {
            assert_eq!(&cells(&wide), expected, "{:?} {r:?}", shape.tracked);
        }
    }

    #[test]
    fn greedy_with_lucky_covering_the_pool_matches_die_by_die_enumeration() {
        // The last side's Lucky at least the dice rolled, so its dice join by kind.
        let cases: [(Shape, u32, u32); 5] = [
            (FURY.with_power(1), 2, 2),
            (FURY_UNCOUNTED.with_power(1), 1, 2),
            (MANY.with_power(1), 2, 2),
            (ODD.with_power(2), 2, 3),
            (PLAIN.with_power(2), 3, 2),
        ];
        for (shape, a, d) in &cases {
            check_greedy(shape, *a, *d);
        }
    }

    #[test]
    fn greedy_matches_die_by_die_enumeration() {
        let cases: [(&Shape, u32, u32); 8] = [
            (&FURY, 2, 1),
            (&FURY_UNCOUNTED, 1, 2),
            (&MANY, 2, 1),
            (&MANY, 1, 1),
            (&PLAIN, 1, 2),
            (&ODD, 2, 2),
            (&ODD, 3, 0),
            (&TWO_FURIES, 1, 1),
        ];
        for (shape, a, d) in cases {
            check_greedy(shape, a, d);
        }
    }

    #[test]
    fn weights_agree_on_both_sides_of_128_bits() {
        // 17 dice and 32 re-rolls: 6^49 fits 128 bits; 18 dice and 32: 6^50 doesn't.
        for (power, fits) in [(17, true), (18, false)] {
            let shape = MANY.with_power(power - 1);
            let r = rerolls(16, 16, false, true);
            let total = BigUint::from(6u32).pow(power + 32);
            assert_eq!(total.bits() <= 128, fits);
            let [wide, big] = lucky_in_wider_weights(&shape, &r);
            assert_eq!(cells(&lucky(&shape, &r)), cells(&big), "{power} dice");
            assert_eq!(cells(&wide), cells(&big), "{power} dice");
        }
    }

    #[test]
    fn optimal_matches_every_subset_tried() {
        let cases: [(Shape, u32, u32); 7] = [
            (FURY.with_power(2), 2, 1),
            (FURY.with_power(1), 2, 2),
            (FURY_UNCOUNTED.with_power(2), 1, 2),
            (MANY.with_power(2), 2, 1),
            (PLAIN.with_power(2), 2, 2),
            (ODD.with_power(3), 2, 1),
            (TWO_FURIES.with_power(1), 1, 2),
        ];
        for (shape, a, d) in &cases {
            for r in orders(*a, *d, Policy::Optimal) {
                let brute = Brute { shape, r: &r };
                let total: i64 = brute
                    .initial()
                    .into_iter()
                    .map(|(initial, dice, w)| w as i64 * brute.optimal(0, initial, &dice))
                    .sum();
                let expected =
                    BigRational::new(BigInt::from(total), BigInt::from(6).pow(brute.slots()));
                assert_eq!(mean(shape, &r), expected, "{:?} {r:?}", shape.tracked);
                for wide in lucky_in_wider_weights(shape, &r) {
                    assert_eq!(
                        wide.map(damage).mean(),
                        expected,
                        "{:?} {r:?}",
                        shape.tracked
                    );
                }
            }
        }
    }

    #[test]
    fn the_optimal_decisions_die_by_die_make_the_exact_roll() {
        let cases: [(Shape, u32, u32); 7] = [
            (FURY.with_power(2), 2, 1),
            (FURY.with_power(3), 1, 2),
            (FURY_UNCOUNTED.with_power(2), 1, 2),
            (MANY.with_power(2), 2, 1),
            (PLAIN.with_power(3), 2, 2),
            (ODD.with_power(3), 2, 1),
            (TWO_FURIES.with_power(1), 1, 2),
        ];
        for (shape, a, d) in &cases {
            for r in orders(*a, *d, Policy::Optimal) {
                let policy = OptimalPolicy::new(&shape.pool(), &r, damage_f64).unwrap();
                let brute = Brute { shape, r: &r };
                let mut out = HashMap::default();
                for (initial, dice, w) in brute.initial() {
                    brute.decided(&policy, 0, initial, dice, w, &mut out);
                }
                let expected =
                    Dist::from_pairs(out.into_iter().map(|(c, w)| (c, BigUint::from(w)))).unwrap();
                assert_in_every_width(shape, &r, &expected);
            }
        }
    }

    #[test]
    fn the_optimal_decisions_refuse_what_the_roll_refuses_and_read_only_real_rolls() {
        let r = Rerolls {
            policy: Policy::Greedy,
            ..rerolls(1, 1, true, false)
        };
        let big = MANY.with_power(30);
        let err = OptimalPolicy::new(&big.pool(), &r, damage_f64)
            .err()
            .unwrap();
        assert!(matches!(err, Error::TooLarge(_)), "{err}");
        let shape = PLAIN.with_power(2);
        let policy = OptimalPolicy::new(&shape.pool(), &r, damage_f64).unwrap();
        let miss = die(1, true);
        assert_eq!(policy.reroll(Side::Attacker, &[miss, die(5, true)]), [0]);
        // A face the die does not have, or more dice than the pool rolls: no roll of this pool.
        for table in [vec![die(0, true)], vec![die(7, true)], vec![miss; 4]] {
            assert!(
                policy.reroll(Side::Attacker, &table).is_empty(),
                "{table:?}"
            );
        }
    }

    #[test]
    fn optimal_is_never_worse_than_greedy_or_nothing() {
        for shape in [&FURY, &FURY_UNCOUNTED, &MANY, &ODD, &TWO_FURIES] {
            let shape = shape.with_power(5);
            let none = mean(&shape, &rerolls(0, 0, true, true));
            for x in 1..=3 {
                for (a, d) in [(x, 0), (0, x)] {
                    let greedy = mean(&shape, &rerolls(a, d, true, true));
                    let optimal = mean(
                        &shape,
                        &Rerolls {
                            policy: Policy::Optimal,
                            ..rerolls(a, d, true, true)
                        },
                    );
                    if a > 0 {
                        assert!(
                            optimal >= greedy && optimal >= none,
                            "{:?} {x}",
                            shape.tracked
                        );
                    } else {
                        assert!(
                            optimal <= greedy && optimal <= none,
                            "{:?} {x}",
                            shape.tracked
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn extra_dice_from_the_final_roll_are_refused() {
        let shape = Shape {
            tracked: &[4, 6],
            initial: &[4],
            final_faces: &[6],
            extra: &[(6, 1)],
            ..FURY
        };
        let err = roll(&shape.pool(), &rerolls(1, 0, true, true), &damage_f64).unwrap_err();
        assert!(matches!(err, Error::Input(_)), "{err}");
    }

    #[test]
    fn folding_for_more_final_faces_matches_folding_the_whole_view() {
        let pool = MANY.with_power(8);
        let pool = pool.pool();
        let finals = 0b1_0011;
        let subsets = || (0..=finals).filter(|m| m & !finals == 0);
        // Lucky 2 caps the classes, so naturals moving to a full plain class lock some dice.
        for lucky in [1, 2, 9] {
            let r = Rerolls {
                policy: Policy::Optimal,
                ..rerolls(lucky, lucky, true, false)
            };
            let e = Engine::new(&pool, &r, Box::new(|h, _| h as f64));
            assert_eq!(e.bits.iter().fold(0, |m, b| m | b), finals);
            let mut frees = vec![[0; CLASSES]];
            for j in 0..e.classes.len() {
                let more = frees.iter().flat_map(|&f| {
                    (0..=3).map(move |n| {
                        let mut f = f;
                        f[j] = n;
                        f
                    })
                });
                frees = more.collect();
            }
            for free in frees {
                for locked_mask in subsets() {
                    let kept = e.fold(&Dice {
                        free,
                        locked_hits: 1,
                        locked_mask,
                    });
                    for mask in subsets() {
                        let whole = e.fold(&Dice {
                            locked_mask: kept.locked_mask | mask,
                            ..kept
                        });
                        assert_eq!(e.fold_seen(&kept, mask), whole, "{kept:?} {mask}");
                    }
                }
            }
        }
    }

    #[test]
    fn large_pools_are_refused_by_the_states_they_go_through() {
        // Three faces read on the final roll and two on the initial one: 30 dice make
        // C(36, 6) · 4 states, 30 plain dice only C(33, 3). MANY adds an extra die.
        let r = Rerolls {
            policy: Policy::Optimal,
            ..rerolls(1, 1, true, true)
        };
        assert_eq!(states(30, 3, 2), 1_947_792 * 4);
        assert_eq!(states(30, 0, 0), 5_456);
        let err = roll(&MANY.with_power(30).pool(), &r, &damage_f64).unwrap_err();
        let limit = format!(
            "{} states with the optimal policy, over the limit of {MAX_STATES_OPTIMAL}",
            states(31, 3, 2)
        );
        assert!(
            matches!(&err, Error::TooLarge(m) if m.to_string().contains(&limit)),
            "{err}"
        );
        assert!(roll(&PLAIN.with_power(30).pool(), &r, &damage_f64).is_ok());
        let err = roll(&PLAIN.with_power(MAX_DICE + 1).pool(), &r, &damage_f64).unwrap_err();
        let most = format!("at most {MAX_DICE} attack dice");
        assert!(
            matches!(&err, Error::TooLarge(m) if m.to_string().contains(&most)),
            "{err}"
        );
    }

    #[test]
    fn the_worst_pools_are_accepted_up_to_their_dice() {
        // Every face its own class: three read finally, three initially. C(32, 6) and C(22, 6)
        // ways for 26 and 16 dice in 7 classes, times 2^3 initial faces.
        assert_eq!(MAX_STATES_GREEDY, 906_192 * 8);
        assert_eq!(MAX_STATES_OPTIMAL, 74_613 * 8);
        for (dice, policy) in [
            (MAX_DICE_GREEDY, Policy::Greedy),
            (MAX_DICE_OPTIMAL, Policy::Optimal),
        ] {
            let reads = [1, 2, 6].map(|f| (f, Roll::Final));
            let reads = reads
                .into_iter()
                .chain([3, 4, 5].map(|f| (f, Roll::Initial)));
            assert!(check_size(i64::from(dice), reads.clone(), policy).is_ok());
            assert!(check_size(i64::from(dice) + 1, reads, policy).is_err());
        }
    }
}
