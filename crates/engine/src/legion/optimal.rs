//! The optimal reroll policy: expectimax over the count state.
//!
//! Only the attacker's rerolls are real choices. Every other "may" has a dominant answer that
//! the attack sequence already takes (a crit is never worse than a hit for the attacker, so
//! Critical X, surge tokens and Impact are always used; the defender always dodges crits first,
//! guards as many hits as it may and rerolls every blank with Uncanny Luck), except Pierce on a
//! guardian, which the optimal attacker keeps for the defender.
//!
//! Values guide the choices in `f64`; the distribution of the chosen play is then computed
//! exactly. Ties (within 1e-12) go to the first choice in this order: keep the token, then fewer
//! dice, red before black before white, blanks before surges before hits.

mod play;

use super::units::Attacker;
use std::cell::RefCell;

/// What the attacker maximises, as the optimal policy reads a scenario's objective.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum Goal {
    /// Expected wounds on the defender.
    #[default]
    Mean,
    /// The chance of at least this many wounds.
    AtLeast(u32),
    /// The expected worth of what the attack leaves: a sequence's optimal policy weighs each
    /// outcome by what the rest of the sequence makes of the unit it leaves.
    Worth(Worth),
}

impl Goal {
    /// The goal's value for one outcome of the attack.
    pub(crate) fn score(&self, o: &Scored) -> f64 {
        match self {
            Goal::Mean => f64::from(o.wounds),
            Goal::AtLeast(k) => f64::from(u8::from(o.wounds >= *k)),
            Goal::Worth(w) => (w.0)(o),
        }
    }

    /// Whether the goal reads more of an outcome than its wounds.
    pub(crate) fn reads_tokens(&self) -> bool {
        matches!(self, Goal::Worth(_))
    }
}

/// One outcome of an attack as a goal reads it: the wounds on the defender, whether the
/// attack roll held a hit or crit once surges were converted (what gives a suppression
/// token), and the tokens spent, as the digits after the wounds of
/// [`LegionAttack`](super::attack::LegionAttack)'s joint outcome.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Scored {
    pub wounds: u32,
    pub hit: bool,
    pub spent: [u32; super::attack::CARRIED],
}

/// A worth for each outcome of an attack (see [`Goal::Worth`]).
#[derive(Clone)]
pub struct Worth(pub(crate) std::sync::Arc<dyn Fn(&Scored) -> f64 + Send + Sync>);

impl std::fmt::Debug for Worth {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Worth(..)")
    }
}

/// Two worths are the same when they are one function.
impl PartialEq for Worth {
    fn eq(&self, other: &Worth) -> bool {
        std::sync::Arc::ptr_eq(&self.0, &other.0)
    }
}

impl Eq for Worth {}

/// Per colour (red, black, white): counts of blank, surge, hit, crit; and aim tokens left.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(super) struct Dice {
    pub faces: [[u32; 4]; 3],
    pub aims: u32,
}

/// Which dice one token rerolls: per colour, counts of blanks, surges and hits.
pub(super) type Choice = [[u32; 3]; 3];

/// The new faces of some rerolled dice of one colour, with their probability.
type Outcomes = Vec<([u32; 4], f64)>;

/// The new faces of some rolled dice of one colour, with their integer weight.
type Exact = Vec<([u32; 4], u128)>;

/// Expected values by the dice kept, at their own index.
type KeptValues = (Index, Vec<f64>);

/// Expectimax over the reroll tokens, with memoised values.
pub(super) struct Planner<'a> {
    attacker: Attacker,
    /// Per colour: weights of blank, surge, hit, crit.
    weights: [[u32; 4]; 3],
    /// (capacity, spends an aim) for each token, in order.
    tokens: Vec<(u32, bool)>,
    /// The objective's value once the rerolls are over.
    terminal: Box<dyn Fn(&Dice) -> f64 + 'a>,
    /// [`Planner::terminal`]'s values by hits, crits, surges and aims left (NaN: not yet known):
    /// the planner asks for them at every leaf of its search.
    finals: RefCell<Vec<f64>>,
    /// The last token's expected values, by the dice rerolled per colour (at
    /// [`Planner::rerolled_at`]) and then as `finals`, by the totals of the dice kept: only
    /// those decide the outcome once no token is left.
    lasts: RefCell<Vec<Vec<f64>>>,
    /// Per token before the last and dice rerolled per colour (at `t` · the number of the
    /// latter + [`Planner::rerolled_at`]), the expected values by the dice kept, at their own
    /// index: dice that different choices leave the same share them.
    afters: RefCell<Vec<Option<Box<KeptValues>>>>,
    /// Per token, the values of the dice before it at [`Index::at`] (NaN: not yet known).
    values: RefCell<Vec<Vec<f64>>>,
    index: Index,
    /// The most surges of one colour kept apart: those that can convert (Critical X and surge
    /// tokens without a chart; 0 when the chart, or nothing converting, settles every surge).
    /// A colour's surges beyond it are blanks of that colour (see [`Planner::add`]).
    cap: u32,
    /// Reroll outcomes per colour and number of dice (up to the largest capacity): new face
    /// counts with their probabilities.
    outcomes: [Vec<Outcomes>; 3],
    /// Roll outcomes per colour and number of dice (up to all of them): new face counts with
    /// their integer weights (at most faces^30, in `u128`), for the exact play.
    exact: [Vec<Exact>; 3],
}

impl<'a> Planner<'a> {
    pub fn new(
        attacker: &Attacker,
        weights: [[u32; 4]; 3],
        terminal: Box<dyn Fn(&Dice) -> f64 + 'a>,
    ) -> Planner<'a> {
        let tokens: Vec<(u32, bool)> =
            std::iter::repeat_n((2 + attacker.precise, true), attacker.aim as usize)
                .chain(std::iter::repeat_n(
                    (1, false),
                    attacker.observation as usize,
                ))
                .collect();
        // A token picks up no more dice than the pool holds, whatever its capacity.
        let pool: u32 = attacker.dice.iter().sum();
        let largest = tokens.iter().map(|t| t.0).max().unwrap_or(0).min(pool);
        let rerolls = (largest as usize + 1).pow(3);
        let afters = tokens.len().saturating_sub(1) * rerolls;
        let outcomes = [0, 1, 2].map(|c| (0..=largest).map(|n| outcomes(weights[c], n)).collect());
        let dice = attacker.dice.iter().sum::<u32>() as usize + 1;
        // No more surges than dice: a chart converts them all (`u32::MAX`), and the index's
        // `surges + 1` must not wrap where `usize` is 32 bits (the page's WebAssembly).
        let cap = match weights.iter().any(|w| w[1] > 0) {
            true => attacker.surges_converted().min(pool),
            false => 0,
        };
        Planner {
            attacker: attacker.clone(),
            weights,
            terminal,
            finals: RefCell::new(vec![
                f64::NAN;
                dice * dice * dice * (attacker.aim as usize + 1)
            ]),
            lasts: RefCell::new(vec![Vec::new(); rerolls]),
            values: RefCell::new(vec![Vec::new(); tokens.len()]),
            tokens,
            index: Index::new(attacker.dice, attacker.aim, cap),
            cap,
            afters: RefCell::new((0..afters).map(|_| None).collect()),
            outcomes,
            exact: [0, 1, 2].map(|c| {
                (0..=attacker.dice[c])
                    .map(|n| exact(weights[c], n))
                    .collect()
            }),
        }
    }

    /// The dice left on the table when token `t` picks up `choice` (and its aim is spent).
    fn set_aside(&self, t: usize, d: &Dice, choice: &Choice) -> Dice {
        let mut kept = *d;
        kept.aims -= u32::from(self.tokens[t].1);
        for (faces, pick) in kept.faces.iter_mut().zip(choice) {
            for (count, taken) in faces.iter_mut().zip(pick) {
                *count -= taken;
            }
        }
        kept
    }

    /// The value of the dice before token `t`, played optimally from there.
    fn value(&self, t: usize, d: &Dice) -> f64 {
        if t == self.tokens.len() {
            return self.terminal(d);
        }
        let at = self.index.at(d);
        if let Some(&v) = self.values.borrow()[t].get(at).filter(|v| !v.is_nan()) {
            return v;
        }
        let v = self.best(t, d).0;
        let mut values = self.values.borrow_mut();
        if values[t].is_empty() {
            values[t] = vec![f64::NAN; self.index.len()];
        }
        values[t][at] = v;
        v
    }

    /// The objective's value once the rerolls are over, which only the totals decide.
    fn terminal(&self, d: &Dice) -> f64 {
        let at = self.totals_at(d);
        let known = self.finals.borrow()[at];
        if !known.is_nan() {
            return known;
        }
        let v = (self.terminal)(d);
        self.finals.borrow_mut()[at] = v;
        v
    }

    /// Where the totals of `d` (hits, crits, surges) and its aims left are in `finals`.
    fn totals_at(&self, d: &Dice) -> usize {
        let side = self.attacker.dice.iter().sum::<u32>() as usize + 1;
        let total = |f: usize| d.faces.iter().map(|c| c[f] as usize).sum::<usize>();
        ((total(2) * side + total(3)) * side + total(1)) * (self.attacker.aim as usize + 1)
            + d.aims as usize
    }

    /// Where the dice `choice` rerolls per colour are in `lasts`.
    fn rerolled_at(&self, choice: &Choice) -> usize {
        let side = self.outcomes[0].len();
        choice
            .iter()
            .fold(0, |i, pick| i * side + pick.iter().sum::<u32>() as usize)
    }

    /// [`Planner::expect`] for the last token, memoised by what decides it.
    fn expect_last(&self, t: usize, kept: Dice, choice: &Choice) -> f64 {
        let (m, at) = (self.rerolled_at(choice), self.totals_at(&kept));
        if let Some(&v) = self.lasts.borrow()[m].get(at).filter(|v| !v.is_nan()) {
            return v;
        }
        let v = self.expect(t, kept, choice, 0);
        let mut lasts = self.lasts.borrow_mut();
        if lasts[m].is_empty() {
            lasts[m] = vec![f64::NAN; self.finals.borrow().len()];
        }
        lasts[m][at] = v;
        v
    }

    /// [`Planner::expect`] for a token before the last, memoised by the dice kept and the dice
    /// rerolled per colour.
    fn expect_after(&self, t: usize, kept: Dice, choice: &Choice) -> f64 {
        let slot = t * self.lasts.borrow().len() + self.rerolled_at(choice);
        if let Some(kept_values) = &self.afters.borrow()[slot] {
            let (index, values) = &**kept_values;
            let v = values[index.at(&kept)];
            if !v.is_nan() {
                return v;
            }
        }
        let v = self.expect(t, kept, choice, 0);
        let mut afters = self.afters.borrow_mut();
        let (index, values) = &mut **afters[slot].get_or_insert_with(|| {
            let dice = [0, 1, 2].map(|c| self.attacker.dice[c] - choice[c].iter().sum::<u32>());
            let index = Index::new(dice, self.attacker.aim, self.cap);
            let values = vec![f64::NAN; index.len()];
            Box::new((index, values))
        });
        values[index.at(&kept)] = v;
        v
    }

    /// Adds rerolled dice's new faces to a colour's counts, its surges beyond [`Planner::cap`]
    /// counted as blanks. Only `cap` surges in all convert; the rest are blanks to every later
    /// step. Dice with a colour's extra surges shown as blanks are worth no less: they play as
    /// the surges would (a die of the same colour rolls either way), and while any is left,
    /// that colour still holds `cap` surges, so as many convert. Nor more, as a surge that
    /// converts is never worse than a blank (as a crit is never worse than a hit).
    fn add(&self, faces: &mut [u32; 4], new: &[u32]) {
        for (count, n) in faces.iter_mut().zip(new) {
            *count += n;
        }
        self.fold(faces);
    }

    /// A colour's surges beyond [`Planner::cap`] counted as blanks.
    pub fn fold(&self, faces: &mut [u32; 4]) {
        let beyond = faces[1].saturating_sub(self.cap);
        faces[0] += beyond;
        faces[1] -= beyond;
    }

    /// How many tokens there are to spend (aims first, then observation tokens).
    pub fn tokens(&self) -> usize {
        self.tokens.len()
    }

    /// The best value of token `t` and the choice reaching it (`None`: keep the token).
    pub fn best(&self, t: usize, d: &Dice) -> (f64, Option<Choice>) {
        let mut best = (self.value(t + 1, d), None);
        let capacity = self.tokens[t].0;
        let last = t + 1 == self.tokens.len();
        // An aim may reroll up to its capacity, none included: worth it to a Duelist in melee.
        let idle = self.tokens[t].1 && self.attacker.duelist && self.attacker.melee;
        let none = idle.then_some([[0; 3]; 3]);
        for choice in none.into_iter().chain(choices(d, capacity)) {
            let kept = self.set_aside(t, d, &choice);
            let v = match last {
                true => self.expect_last(t, kept, &choice),
                false => self.expect_after(t, kept, &choice),
            };
            if v > best.0 + 1e-12 {
                best = (v, Some(choice));
            }
        }
        best
    }

    /// Expected value after rerolling the chosen dice of colours `c..`, one colour at a time.
    fn expect(&self, t: usize, kept: Dice, choice: &Choice, c: usize) -> f64 {
        if c == 3 {
            return self.value(t + 1, &kept);
        }
        let n: u32 = choice[c].iter().sum();
        if n == 0 {
            return self.expect(t, kept, choice, c + 1);
        }
        self.outcomes[c][n as usize]
            .iter()
            .map(|(k, p)| {
                let mut q = kept;
                self.add(&mut q.faces[c], k);
                p * self.expect(t, q, choice, c + 1)
            })
            .sum()
    }
}

/// The new faces of `n` rerolled dice with these face weights, with their probabilities.
fn outcomes(weights: [u32; 4], n: u32) -> Outcomes {
    let total = f64::from(weights.iter().sum::<u32>()).powi(n as i32);
    crate::states::roll_counts(n, &weights)
        .weights()
        .map(|(k, w)| {
            let p = num_traits::ToPrimitive::to_f64(&w).unwrap_or(0.0) / total;
            ([k[0], k[1], k[2], k[3]], p)
        })
        .collect()
}

/// The new faces of `n` rolled dice with these face weights, with their integer weights.
fn exact(weights: [u32; 4], n: u32) -> Exact {
    crate::states::roll_counts(n, &weights)
        .weights()
        .map(|(k, w)| {
            let w = u128::try_from(&w).expect("faces^30 fits u128");
            ([k[0], k[1], k[2], k[3]], w)
        })
        .collect()
}

/// Where the dice (with all of each colour's dice counted) are in a table of values: per colour
/// the position of its (blanks, surges, hits) among every split of its dice, then aims left.
struct Index {
    dice: [u32; 3],
    /// Per colour, at (blanks · (dice + 1) + surges) · (dice + 1) + hits: the split's position.
    position: [Vec<usize>; 3],
    /// Per colour, every split (blanks, surges, hits, crits), in position order.
    every: [Vec<[u32; 4]>; 3],
    /// Per colour, the number of splits.
    splits: [usize; 3],
    aims: usize,
}

impl Index {
    /// For `dice` of each colour and up to `aims` aim tokens left, with at most `surges` surges
    /// of a colour.
    fn new(dice: [u32; 3], aims: u32, surges: u32) -> Index {
        let mut every: [Vec<[u32; 4]>; 3] = Default::default();
        let position = [0, 1, 2].map(|c| {
            let side = dice[c] as usize + 1;
            let mut at = vec![usize::MAX; side * side * side];
            for b in 0..side {
                for s in 0..(side - b).min(surges as usize + 1) {
                    for h in 0..side - b - s {
                        at[(b * side + s) * side + h] = every[c].len();
                        let crits = side - 1 - b - s - h;
                        every[c].push([b, s, h, crits].map(|n| n as u32));
                    }
                }
            }
            at
        });
        Index {
            dice,
            position,
            splits: [0, 1, 2].map(|c| every[c].len()),
            every,
            aims: aims as usize + 1,
        }
    }

    fn len(&self) -> usize {
        self.splits.iter().product::<usize>() * self.aims
    }

    fn at(&self, d: &Dice) -> usize {
        let mut i = 0;
        for c in 0..3 {
            let side = self.dice[c] as usize + 1;
            let [b, s, h, _] = d.faces[c].map(|n| n as usize);
            i = i * self.splits[c] + self.position[c][(b * side + s) * side + h];
        }
        i * self.aims + d.aims as usize
    }

    /// The dice at position `i`.
    fn dice(&self, mut i: usize) -> Dice {
        let aims = (i % self.aims) as u32;
        i /= self.aims;
        let mut faces = [[0; 4]; 3];
        for c in (0..3).rev() {
            faces[c] = self.every[c][i % self.splits[c]];
            i /= self.splits[c];
        }
        Dice { faces, aims }
    }
}

/// Every way to spend a token of this capacity: per colour a number of dice, blanks first (a
/// blank is never worth keeping over another face of its colour), the rest split between surges
/// and hits. Crits are never rerolled.
fn choices(d: &Dice, capacity: u32) -> Vec<Choice> {
    let mut out = Vec::new();
    // A token picks up no more dice than there are to reroll (Precise may allow more).
    let rerollable: u32 = d.faces.iter().map(|f| f[0] + f[1] + f[2]).sum();
    for total in 1..=capacity.min(rerollable) {
        for red in (0..=total).rev() {
            for black in (0..=total - red).rev() {
                let white = total - red - black;
                for x in splits(d.faces[0], red) {
                    for y in splits(d.faces[1], black) {
                        for z in splits(d.faces[2], white) {
                            out.push([x, y, z]);
                        }
                    }
                }
            }
        }
    }
    out
}

/// The ways to reroll `n` dice of one colour: blanks first, then surges and hits.
fn splits(faces: [u32; 4], n: u32) -> impl Iterator<Item = [u32; 3]> {
    let blanks = n.min(faces[0]);
    let rest = n - blanks;
    (0..=rest)
        .rev()
        .filter(move |&s| s <= faces[1] && rest - s <= faces[2])
        .map(move |s| [blanks, s, rest - s])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::legion::units::AttackSurge;

    #[test]
    fn a_chart_keeps_no_more_surges_apart_than_the_pool_has_dice() {
        // A chart converts every surge (`surges_converted` is u32::MAX); the planner's index
        // counts `cap + 1` surge values, which wrapped to 0 on the page's 32-bit WebAssembly.
        let a = Attacker {
            dice: [4, 2, 4],
            surge: AttackSurge::Hit,
            critical: 2,
            aim: 3,
            ..Attacker::default()
        };
        let planner = Planner::new(&a, [[2, 1, 4, 1]; 3], Box::new(|_: &Dice| 0.0));
        assert_eq!(planner.cap, 10);
    }
}
