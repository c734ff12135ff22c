//! Step 2's greedy rerolls over a dense table of the pool's counts: per colour the dice showing
//! blank and surge, and the aim tokens spent (only when something later reads them). Indexing by
//! counts spares hashing every state of every token; the weights are `u128` whenever the bound
//! on the denominator (faces^(dice + every token's capacity) · each colour's split^dice) fits,
//! big integers beyond.
//!
//! Without a surge chart only `cap` surges (Critical X and surge tokens) can convert; the rest
//! are blanks to every later step, and greedy rerolls them as it rerolls blanks: red first. So a
//! pool keeps at most `cap` surges, those of the last colours (white, then black, then red), and
//! counts the others as blanks of their colour. Greedy's picks per colour are the same either
//! way, and so is every later step, while the table grows as n³ rather than n⁶.

use super::faces::{aims_left, aims_matter, Weights};
use super::state::Rolled;
use crate::legion::units::Attacker;
use crate::states::{States, Weight};
use crate::weights::{Weight as _, U256};
use num_bigint::BigUint;

/// Blanks and surges per colour (at most `cap` surges in all), and the aim tokens spent on
/// rerolls.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Pool {
    blank: [u32; 3],
    surge: [u32; 3],
    spent: u32,
}

/// (blanks, surges, weight) of every outcome of some rolled dice, the surges beyond a cap
/// counted as blanks.
type Outcomes = Vec<(u32, u32, u128)>;

/// Every pool the dice can show, in the order of the table's weights, with what a reroll of
/// each colour can give.
struct Layout {
    /// Per colour, every (blanks, surges) its dice can show.
    pairs: [Vec<(u32, u32)>; 3],
    /// Per colour, where (blanks, surges) is in `pairs`, at blanks · (dice + 1) + surges.
    position: [Vec<usize>; 3],
    dice: [u32; 3],
    /// The most surges a pool keeps apart: those that can convert.
    cap: u32,
    /// How many values the aims spent take: 1 when nothing later reads them.
    spent: usize,
    /// Per colour, number of dice rolled and cap on their surges (up to the dice): every
    /// outcome.
    outcomes: [Vec<Vec<Outcomes>>; 3],
    pools: Vec<Pool>,
}

/// Colours in the order their surges are kept: white's first.
const KEPT_FIRST: [usize; 3] = [2, 1, 0];

impl Layout {
    fn new(a: &Attacker, weights: &Weights) -> Layout {
        // Dice without surge faces (the chart settled them) keep none.
        let surges = weights.iter().any(|w| w.0[1] > 0);
        let cap = match surges {
            true => a.surges_converted().min(a.dice.iter().sum()),
            false => 0,
        };
        let pairs = [0, 1, 2].map(|c| {
            let surges = |b: u32| match weights[c].0[1] {
                0 => 0,
                _ => (a.dice[c] - b).min(cap),
            };
            (0..=a.dice[c])
                .flat_map(|b| (0..=surges(b)).map(move |s| (b, s)))
                .collect::<Vec<_>>()
        });
        let position = [0, 1, 2].map(|c| {
            let side = a.dice[c] as usize + 1;
            let mut at = vec![usize::MAX; side * side];
            for (i, &(b, s)) in pairs[c].iter().enumerate() {
                at[b as usize * side + s as usize] = i;
            }
            at
        });
        let spent = if aims_matter(a) {
            a.aim as usize + 1
        } else {
            1
        };
        let outcomes = [0, 1, 2].map(|c| {
            (0..=a.dice[c])
                .map(|m| {
                    (0..=cap.min(m))
                        .map(|k| outcomes(m, k, weights[c].0))
                        .collect()
                })
                .collect()
        });
        let mut layout = Layout {
            pairs,
            position,
            dice: a.dice,
            cap,
            spent,
            outcomes,
            pools: Vec::new(),
        };
        layout.pools = layout.every_pool();
        layout
    }

    /// Every pool, in index order.
    fn every_pool(&self) -> Vec<Pool> {
        let mut pools = Vec::with_capacity(self.pools_len());
        for &(b0, s0) in &self.pairs[0] {
            for &(b1, s1) in &self.pairs[1] {
                for &(b2, s2) in &self.pairs[2] {
                    for spent in 0..self.spent as u32 {
                        pools.push(Pool {
                            blank: [b0, b1, b2],
                            surge: [s0, s1, s2],
                            spent,
                        });
                    }
                }
            }
        }
        pools
    }

    fn pools_len(&self) -> usize {
        self.pairs.iter().map(Vec::len).product::<usize>() * self.spent
    }

    fn index(&self, p: &Pool) -> usize {
        let mut i = 0;
        for c in 0..3 {
            let side = self.dice[c] as usize + 1;
            let at = self.position[c][p.blank[c] as usize * side + p.surge[c] as usize];
            i = i * self.pairs[c].len() + at;
        }
        i * self.spent + p.spent as usize
    }

    /// Adds `weight` times each outcome of rerolling `picks` (per colour, the dice picked up)
    /// to the pools they reach from `q`, colour by colour in [`KEPT_FIRST`] order from the
    /// `step`th, with `room` for surges left: a colour's surges beyond it count as blanks.
    fn scatter<W: Weight>(
        &self,
        next: &mut [W],
        mut q: Pool,
        (step, room): (usize, u32),
        picks: &[u32; 3],
        weight: W,
    ) {
        let Some(&c) = KEPT_FIRST.get(step) else {
            next[self.index(&q)] += &weight;
            return;
        };
        let own = q.surge[c].min(room);
        q.blank[c] += q.surge[c] - own;
        q.surge[c] = own;
        let (m, room) = (picks[c], room - own);
        if m == 0 {
            return self.scatter(next, q, (step + 1, room), picks, weight);
        }
        let outcomes = &self.outcomes[c][m as usize][room.min(m) as usize];
        for &(b, s, w) in outcomes {
            let mut q = q;
            q.blank[c] += b;
            q.surge[c] += s;
            let w = weight.scaled(w);
            self.scatter(next, q, (step + 1, room - s), picks, w);
        }
    }
}

/// The (blanks, surges, weight) of every outcome of `m` dice with weights (blank, surge, kept),
/// surges beyond `cap` counted as blanks: sums of the multinomials
/// m! / (b! s! k!) · blank^b · surge^s · kept^k (at most 8^30, in `u128`).
fn outcomes(m: u32, cap: u32, w: [u32; 3]) -> Outcomes {
    let choose =
        |n: u32, k: u32| (0..k).fold(1u128, |c, i| c * u128::from(n - i) / u128::from(i + 1));
    let pow = |x: u32, k: u32| u128::from(x).pow(k);
    let side = m as usize + 1;
    let mut dense = vec![0u128; side * side];
    for b in 0..=m {
        for s in 0..=m - b {
            let k = m - b - s;
            let kept = s.min(cap);
            dense[(b + s - kept) as usize * side + kept as usize] +=
                choose(m, b) * choose(m - b, s) * pow(w[0], b) * pow(w[1], s) * pow(w[2], k);
        }
    }
    (0..side * side)
        .filter(|&i| dense[i] != 0)
        .map(|i| ((i / side) as u32, (i % side) as u32, dense[i]))
        .collect()
}

/// The dice after the initial roll and every reroll token spent greedily, the kept dice split
/// into hits and crits. The table of the rerolls is in `u128` when faces^(dice + the tokens'
/// capacities) fits it, and the split when that times each colour's split^dice (the crit and
/// hit faces) does; big integers beyond.
pub(super) fn rerolled(a: &Attacker, weights: &Weights) -> States<Rolled> {
    rerolled_after(a, weights, None)
}

/// The same from a roll on the table (per colour: blanks, surges, hits, crits, surges the chart
/// settles already among the others). Greedy rerolls blanks and surges only, so they alone form
/// the table's pool, and the hits and crits are added to every outcome.
pub(super) fn rerolled_from(
    a: &Attacker,
    weights: &Weights,
    faces: &[[u32; 4]; 3],
) -> States<Rolled> {
    let open = Attacker {
        dice: faces.map(|[blank, surge, ..]| blank + surge),
        ..a.clone()
    };
    let pool = Pool {
        blank: faces.map(|f| f[0]),
        surge: faces.map(|f| f[1]),
        spent: 0,
    };
    let (hits, crits) = faces.iter().fold((0, 0), |(h, c), f| (h + f[2], c + f[3]));
    rerolled_after(&open, weights, Some(pool)).map(|r| Rolled {
        hits: r.hits + hits,
        crits: r.crits + crits,
        ..r.clone()
    })
}

/// [`rerolled`] from the pool rolled, or from `rolled` when it is known.
fn rerolled_after(a: &Attacker, weights: &Weights, rolled: Option<Pool>) -> States<Rolled> {
    let tokens = tokens(a);
    let faces: u32 = weights[0].0.iter().sum();
    debug_assert!(weights.iter().all(|w| w.0.iter().sum::<u32>() == faces));
    let most = a.dice.iter().sum::<u32>() + tokens.iter().map(|t| t.0).sum::<u32>();
    let layout = Layout::new(a, weights);
    let splits = [0, 1, 2].map(|c| u128::from(weights[c].1.iter().sum::<u32>()));
    let table = u128::from(faces).checked_pow(most);
    let bound = [0, 1, 2].iter().try_fold(table, |b, &c| {
        Some(b?.checked_mul(splits[c].checked_pow(a.dice[c])?))
    });
    match (table, bound.flatten()) {
        (Some(_), Some(_)) => split::<u128, u128>(
            a,
            &layout,
            weights,
            played(a, &layout, &tokens, faces, rolled),
        ),
        (Some(_), None) => split::<u128, U256>(
            a,
            &layout,
            weights,
            played(a, &layout, &tokens, faces, rolled),
        ),
        (None, _) => split::<BigUint, BigUint>(
            a,
            &layout,
            weights,
            played(a, &layout, &tokens, faces, rolled),
        ),
    }
}

/// Sums of a pool's weight (`W`) times a split's (`u128`): `u128` when the bound fits, 256 bits
/// when only the pools' weights do (30 dice: at most 8^34 · 8^30), big integers beyond.
trait Sum<W>: Clone + Default {
    fn add_product(&mut self, w: &W, by: u128);
    /// Adds `sum · by`.
    fn add_scaled(&mut self, sum: &Self, by: u128);
    fn states(pairs: Vec<(Rolled, Self)>) -> States<Rolled>;
}

impl Sum<u128> for u128 {
    fn add_product(&mut self, w: &u128, by: u128) {
        *self += w * by;
    }

    fn add_scaled(&mut self, sum: &u128, by: u128) {
        *self += sum * by;
    }

    fn states(pairs: Vec<(Rolled, u128)>) -> States<Rolled> {
        <u128 as Weight>::states(pairs)
    }
}

impl Sum<u128> for U256 {
    fn add_product(&mut self, w: &u128, by: u128) {
        self.add(&U256::product(*w, by));
    }

    fn add_scaled(&mut self, sum: &U256, by: u128) {
        self.add(&sum.checked_times(by).expect("a sum is at most the bound"));
    }

    fn states(pairs: Vec<(Rolled, U256)>) -> States<Rolled> {
        States::from_wide(pairs)
    }
}

impl Sum<BigUint> for BigUint {
    fn add_product(&mut self, w: &BigUint, by: u128) {
        *self += w * by;
    }

    fn add_scaled(&mut self, sum: &BigUint, by: u128) {
        *self += sum * by;
    }

    fn states(pairs: Vec<(Rolled, BigUint)>) -> States<Rolled> {
        <BigUint as Weight>::states(pairs)
    }
}

/// (capacity, spends an aim) of each reroll token, in order: aims (2 + Precise), then
/// observation tokens (1).
fn tokens(a: &Attacker) -> Vec<(u32, bool)> {
    std::iter::repeat_n((2 + a.precise, true), a.aim as usize)
        .chain(std::iter::repeat_n((1, false), a.observation as usize))
        .collect()
}

/// Rolls the pool and spends every token on the table: the pools by the dice each colour keeps.
fn played<W: Weight>(
    a: &Attacker,
    layout: &Layout,
    tokens: &[(u32, bool)],
    faces: u32,
    rolled: Option<Pool>,
) -> Vec<(Pool, W)> {
    let mut table = vec![W::default(); layout.pools_len()];
    // The roll: every outcome of the pool, or the one on the table (nothing picked up, its
    // surges beyond the cap folded into blanks as a rolled pool's are).
    let none = Pool {
        blank: [0; 3],
        surge: [0; 3],
        spent: 0,
    };
    let (start, picks) = match rolled {
        Some(p) => (p, [0; 3]),
        None => (none, a.dice),
    };
    layout.scatter(&mut table, start, (0, layout.cap), &picks, W::from(1));
    for (i, &(capacity, is_aim)) in tokens.iter().enumerate() {
        // An attacking Duelist in melee spends its first aim even on no die, for Pierce 1.
        let idle = i == 0 && is_aim && a.duelist && a.melee;
        table = spend(layout, table, capacity, is_aim, idle, faces);
    }
    without_blanks(a, layout, table).collect()
}

/// Colour stops mattering: each colour's kept dice split into crits and hits. Per pool, the crits
/// of all colours are the product of each colour's C(k, x) · crit^x · hit^(k - x); each pool is
/// scaled to the common denominator, the product of split^(most kept of that colour) (as
/// [`States::and_then`] would, colour by colour). Red's and black's splits are summed first by
/// white's kept dice and the results so far, so that white's split meets each sum once rather
/// than every pool: the work grows as n⁴, not n⁵.
fn split<W: Weight, S: Sum<W>>(
    a: &Attacker,
    layout: &Layout,
    weights: &Weights,
    kept: Vec<(Pool, W)>,
) -> States<Rolled> {
    let kept_of = |p: &Pool| [0, 1, 2].map(|c| a.dice[c] - p.blank[c] - p.surge[c]);
    let most = kept.iter().fold([0; 3], |m, (p, _)| {
        let k = kept_of(p);
        [0, 1, 2].map(|c| m[c].max(k[c]))
    });
    let side = a.dice.iter().sum::<u32>() as usize + 1;
    let surges = layout.cap as usize + 1;
    // (white's kept dice, red's and black's kept dice, surges, aims spent).
    let at = |white: u32, others: u32, p: &Pool| {
        let s = p.surge.iter().sum::<u32>() as usize;
        ((white as usize * side + others as usize) * surges + s) * layout.spent + p.spent as usize
    };
    let mut crits = Crits::new(most, weights);
    let mut partial: Vec<(Option<Pool>, Vec<S>)> =
        vec![(None, Vec::new()); (most[2] as usize + 1) * side * surges * layout.spent];
    for (p, w) in kept {
        let k = kept_of(&p);
        let row = crits.red_black(k[0], k[1]);
        let sum = &mut partial[at(k[2], k[0] + k[1], &p)];
        sum.0.get_or_insert(p);
        sum.1.resize(row.len(), S::default());
        for (s, &c) in sum.1.iter_mut().zip(row) {
            s.add_product(&w, c);
        }
    }
    whites_split(a, layout, &crits.rows[2], partial)
}

/// White's kept dice split into crits and hits on each of [`split`]'s sums, one pool standing
/// for each: the sums by results, crits, surges and aims spent.
fn whites_split<S: Sum<W>, W>(
    a: &Attacker,
    layout: &Layout,
    rows: &[Vec<u128>],
    partial: Vec<(Option<Pool>, Vec<S>)>,
) -> States<Rolled> {
    let side = a.dice.iter().sum::<u32>() as usize + 1;
    let surges = layout.cap as usize + 1;
    let mut sums: Vec<(Option<Rolled>, S)> =
        vec![(None, S::default()); side * side * surges * layout.spent];
    for (p, part) in partial.into_iter().filter_map(|(p, v)| p.map(|p| (p, v))) {
        let white = a.dice[2] - p.blank[2] - p.surge[2];
        let results =
            a.dice.iter().sum::<u32>() - p.blank.iter().sum::<u32>() - p.surge.iter().sum::<u32>();
        let s = p.surge.iter().sum::<u32>();
        for (y, f) in part.iter().enumerate() {
            for (x, &c) in rows[white as usize].iter().enumerate() {
                let crits = (x + y) as u32;
                let i = ((results as usize * side + crits as usize) * surges + s as usize)
                    * layout.spent
                    + p.spent as usize;
                let sum = &mut sums[i];
                sum.0.get_or_insert(Rolled {
                    hits: results - crits,
                    crits,
                    surges: s,
                    aims: aims_left(a, a.aim - p.spent),
                });
                sum.1.add_scaled(f, c);
            }
        }
    }
    S::states(
        sums.into_iter()
            .filter_map(|(r, w)| r.map(|r| (r, w)))
            .collect(),
    )
}

/// The weights of each number of crits among kept dice, scaled to each colour's common
/// denominator split^(most kept): per colour and number kept k, C(k, x) · crit^x · hit^(k - x)
/// · split^(most - k); and the product of the rows for the pools' current red and black kept
/// (pools come by the dice kept, red first, so each product is made once).
struct Crits {
    rows: [Vec<Vec<u128>>; 3],
    red_black: ([u32; 2], Vec<u128>),
}

impl Crits {
    fn new(most: [u32; 3], weights: &Weights) -> Crits {
        let rows = [0, 1, 2].map(|c| {
            let [crit, hit] = weights[c].1.map(u128::from);
            (0..=most[c])
                .map(|k| {
                    let scale = (crit + hit).pow(most[c] - k);
                    let mut choose = 1u128;
                    (0..=k)
                        .map(|x| {
                            let term = choose * crit.pow(x) * hit.pow(k - x) * scale;
                            choose = choose * u128::from(k - x) / u128::from(x + 1);
                            term
                        })
                        .collect()
                })
                .collect()
        });
        Crits {
            rows,
            red_black: ([u32::MAX; 2], Vec::new()),
        }
    }

    /// The weight of each number of crits among `red` and `black` kept dice: at most 8^30.
    fn red_black(&mut self, red: u32, black: u32) -> &[u128] {
        if self.red_black.0 != [red, black] {
            let rows = [&self.rows[0][red as usize], &self.rows[1][black as usize]];
            self.red_black = ([red, black], convolve(rows[0], rows[1]));
        }
        &self.red_black.1
    }
}

fn convolve(a: &[u128], b: &[u128]) -> Vec<u128> {
    let mut out = vec![0u128; a.len() + b.len() - 1];
    for (i, x) in a.iter().enumerate() {
        for (o, y) in out[i..].iter_mut().zip(b) {
            *o += x * y;
        }
    }
    out
}

/// Blanks no longer matter once the rerolls are over: the pools summed by the dice each colour
/// keeps, the surges and the aims spent, in a dense table (one pool standing for each sum).
fn without_blanks<W: Weight>(
    a: &Attacker,
    layout: &Layout,
    table: Vec<W>,
) -> impl Iterator<Item = (Pool, W)> {
    let side = a.dice.map(|n| n as usize + 1);
    let surges = layout.cap as usize + 1;
    let at = |p: &Pool| {
        let kept = |c: usize| (a.dice[c] - p.blank[c] - p.surge[c]) as usize;
        let k = (kept(0) * side[1] + kept(1)) * side[2] + kept(2);
        (k * surges + p.surge.iter().sum::<u32>() as usize) * layout.spent + p.spent as usize
    };
    let len = side.iter().product::<usize>() * surges * layout.spent;
    let mut sums: Vec<(Option<Pool>, W)> = vec![(None, W::default()); len];
    let zero = W::default();
    for (p, w) in layout.pools.iter().zip(table).filter(|(_, w)| *w != zero) {
        let sum = &mut sums[at(p)];
        sum.0.get_or_insert(*p);
        sum.1 += &w;
    }
    sums.into_iter().filter_map(|(p, w)| p.map(|p| (p, w)))
}

/// One reroll token, spent greedily on every pool; an aim counts as spent when it picks up a
/// die, or always when `idle`. The pools that pick up fewer dice than the most any pool picks
/// are scaled to the common denominator faces^most.
fn spend<W: Weight>(
    layout: &Layout,
    table: Vec<W>,
    capacity: u32,
    is_aim: bool,
    idle: bool,
    faces: u32,
) -> Vec<W> {
    let zero = W::default();
    let live = || layout.pools.iter().zip(&table).filter(|(_, w)| **w != zero);
    let total = |p: &[u32; 3]| p.iter().sum::<u32>();
    let most = live()
        .map(|(p, _)| total(&picks(p, capacity)))
        .max()
        .unwrap_or(0);
    let mut next = vec![W::default(); table.len()];
    for (p, w) in live() {
        let pick = picks(p, capacity);
        let scale = u128::from(faces).pow(most - total(&pick));
        let mut kept = *p;
        if (total(&pick) > 0 || idle) && is_aim && layout.spent > 1 {
            kept.spent += 1;
        }
        for (blanks, picked) in kept.blank.iter_mut().zip(pick) {
            *blanks -= picked;
        }
        let start = (0, layout.cap);
        layout.scatter(&mut next, kept, start, &pick, w.scaled(scale));
    }
    next
}

/// Which dice one token picks up greedily, per colour: blanks, red first. Surges that will not
/// convert are among the blanks (see the module's comment), so this is the rule "blanks, then
/// surges that will not convert, red first".
fn picks(p: &Pool, capacity: u32) -> [u32; 3] {
    let mut room = capacity;
    p.blank.map(|blanks| {
        let picked = room.min(blanks);
        room -= picked;
        picked
    })
}
