//! Step 2's greedy rerolls over a dense table of the pool's counts: per colour the dice showing
//! blank and surge, and the aim tokens spent (only when something later reads them). Indexing by
//! counts spares hashing every state of every token; the weights are `u128` whenever the bound
//! on the denominator (faces^(dice + every token's capacity) · each colour's split^dice) fits,
//! big integers beyond.

use super::roll::{aims_left, aims_matter, Weights};
use super::state::Rolled;
use crate::legion::spec::{AttackSurge, Attacker};
use crate::states::{States, Weight};
use num_bigint::BigUint;

/// Blanks and surges per colour, and the aim tokens spent on rerolls.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Pool {
    blank: [u32; 3],
    surge: [u32; 3],
    spent: u32,
}

/// Every pool the dice can show, in the order of the table's weights, with what a reroll of
/// each colour can give.
struct Layout {
    /// Per colour, every (blanks, surges) its dice can show.
    pairs: [Vec<(u32, u32)>; 3],
    /// Per colour, where (blanks, surges) is in `pairs`, at blanks · (dice + 1) + surges.
    position: [Vec<usize>; 3],
    dice: [u32; 3],
    /// How many values the aims spent take: 1 when nothing later reads them.
    spent: usize,
    /// Per colour and number of dice rolled: (blanks, surges, weight) of every outcome.
    outcomes: [Vec<Vec<(u32, u32, u128)>>; 3],
    pools: Vec<Pool>,
}

impl Layout {
    fn new(a: &Attacker, weights: &Weights) -> Layout {
        let pairs = [0, 1, 2].map(|c| {
            let surges = |b: u32| {
                if weights[c].0[1] == 0 {
                    0
                } else {
                    a.dice[c] - b
                }
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
        let outcomes =
            [0, 1, 2].map(|c| (0..=a.dice[c]).map(|m| outcomes(m, weights[c].0)).collect());
        let mut layout = Layout {
            pairs,
            position,
            dice: a.dice,
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

    /// Adds `weight` times each outcome of rerolling `picks` (per colour, the dice picked up),
    /// colour `c` on, to the pools they reach from `q`.
    fn scatter<W: Weight>(&self, next: &mut [W], q: Pool, c: usize, picks: &[u32; 3], weight: W) {
        if c == 3 {
            next[self.index(&q)] += &weight;
            return;
        }
        let m = picks[c] as usize;
        if m == 0 {
            return self.scatter(next, q, c + 1, picks, weight);
        }
        for &(b, s, w) in &self.outcomes[c][m] {
            let mut q = q;
            q.blank[c] += b;
            q.surge[c] += s;
            self.scatter(next, q, c + 1, picks, weight.clone().times(&W::from(w)));
        }
    }
}

/// The (blanks, surges, weight) of every outcome of `m` dice with weights (blank, surge, kept):
/// the multinomial m! / (b! s! k!) · blank^b · surge^s · kept^k (at most 8^30, in `u128`).
fn outcomes(m: u32, w: [u32; 3]) -> Vec<(u32, u32, u128)> {
    let choose =
        |n: u32, k: u32| (0..k).fold(1u128, |c, i| c * u128::from(n - i) / u128::from(i + 1));
    let pow = |x: u32, k: u32| u128::from(x).pow(k);
    let mut out = Vec::new();
    for b in 0..=m {
        for s in 0..=m - b {
            let k = m - b - s;
            let weight =
                choose(m, b) * choose(m - b, s) * pow(w[0], b) * pow(w[1], s) * pow(w[2], k);
            if weight != 0 {
                out.push((b, s, weight));
            }
        }
    }
    out
}

/// The dice after the initial roll and every reroll token spent greedily, the kept dice split
/// into hits and crits: in `u128` when faces^(dice + the tokens' capacities) times each colour's
/// split^dice (the crit and hit faces) fits it, else in big integers.
pub(super) fn rerolled(a: &Attacker, weights: &Weights) -> States<Rolled> {
    let tokens = tokens(a);
    let faces: u32 = weights[0].0.iter().sum();
    debug_assert!(weights.iter().all(|w| w.0.iter().sum::<u32>() == faces));
    let most = a.dice.iter().sum::<u32>() + tokens.iter().map(|t| t.0).sum::<u32>();
    let layout = Layout::new(a, weights);
    let splits = [0, 1, 2].map(|c| u128::from(weights[c].1.iter().sum::<u32>()));
    let bound = [0, 1, 2]
        .iter()
        .try_fold(u128::from(faces).checked_pow(most), |b, &c| {
            Some(b?.checked_mul(splits[c].checked_pow(a.dice[c])?))
        });
    match bound.flatten() {
        Some(_) => played::<u128>(a, &layout, weights, &tokens, faces),
        None => played::<BigUint>(a, &layout, weights, &tokens, faces),
    }
}

/// (capacity, spends an aim) of each reroll token, in order: aims (2 + Precise), then
/// observation tokens (1).
fn tokens(a: &Attacker) -> Vec<(u32, bool)> {
    std::iter::repeat_n((2 + a.precise, true), a.aim as usize)
        .chain(std::iter::repeat_n((1, false), a.observation as usize))
        .collect()
}

/// Rolls the pool and spends every token on the table.
fn played<W: Weight>(
    a: &Attacker,
    layout: &Layout,
    weights: &Weights,
    tokens: &[(u32, bool)],
    faces: u32,
) -> States<Rolled> {
    let mut table = vec![W::default(); layout.pools_len()];
    let none = Pool {
        blank: [0; 3],
        surge: [0; 3],
        spent: 0,
    };
    layout.scatter(&mut table, none, 0, &a.dice, W::from(1));
    for &(capacity, is_aim) in tokens {
        table = spend(a, layout, table, capacity, is_aim, faces);
    }
    let kept: Vec<(Pool, W)> = without_blanks(a, layout, table).collect();
    W::states(split(a, layout, weights, kept))
}

/// Colour stops mattering: each colour's kept dice split into crits and hits. Per pool, the crits
/// of all colours are the product of each colour's C(k, x) · crit^x · hit^(k - x); each pool is
/// scaled to the common denominator, the product of split^(most kept of that colour) (as
/// [`States::and_then`] would, colour by colour).
fn split<W: Weight>(
    a: &Attacker,
    layout: &Layout,
    weights: &Weights,
    kept: Vec<(Pool, W)>,
) -> Vec<(Rolled, W)> {
    let kept_of = |p: &Pool| [0, 1, 2].map(|c| a.dice[c] - p.blank[c] - p.surge[c]);
    let most = kept.iter().fold([0; 3], |m, (p, _)| {
        let k = kept_of(p);
        [0, 1, 2].map(|c| m[c].max(k[c]))
    });
    let side = a.dice.iter().sum::<u32>() as usize + 1;
    let at = |results: u32, crits: u32, p: &Pool| {
        let s: u32 = p.surge.iter().sum();
        ((results as usize * side + crits as usize) * side + s as usize) * layout.spent
            + p.spent as usize
    };
    let mut sums: Vec<(Option<Rolled>, W)> =
        vec![(None, W::default()); side * side * side * layout.spent];
    for (p, w) in kept {
        let k = kept_of(&p);
        let crits = crit_weights(k, most, weights);
        let results = k.iter().sum::<u32>();
        for (x, &c) in crits.iter().enumerate() {
            let sum = &mut sums[at(results, x as u32, &p)];
            sum.0.get_or_insert(Rolled {
                hits: results - x as u32,
                crits: x as u32,
                surges: p.surge.iter().sum(),
                aims: aims_left(a, a.aim - p.spent),
            });
            sum.1 += &w.clone().times(&W::from(c));
        }
    }
    sums.into_iter()
        .filter_map(|(r, w)| r.map(|r| (r, w)))
        .collect()
}

/// The weight of each number of crits among `kept` dice per colour, scaled by
/// split^(most - kept) per colour: at most 6^30, in `u128`.
fn crit_weights(kept: [u32; 3], most: [u32; 3], weights: &Weights) -> Vec<u128> {
    let mut crits = vec![1u128];
    for c in 0..3 {
        let [crit, hit] = weights[c].1.map(u128::from);
        let scale = (crit + hit).pow(most[c] - kept[c]);
        let mut next = vec![0u128; crits.len() + kept[c] as usize];
        let mut choose = 1u128;
        for x in 0..=kept[c] {
            let term = choose * crit.pow(x) * hit.pow(kept[c] - x) * scale;
            for (i, w) in crits.iter().enumerate() {
                next[i + x as usize] += w * term;
            }
            choose = choose * u128::from(kept[c] - x) / u128::from(x + 1);
        }
        crits = next;
    }
    crits
}

/// Blanks no longer matter once the rerolls are over: the pools summed by the dice each colour
/// keeps, the surges and the aims spent, in a dense table (one pool standing for each sum).
fn without_blanks<W: Weight>(
    a: &Attacker,
    layout: &Layout,
    table: Vec<W>,
) -> impl Iterator<Item = (Pool, W)> {
    let side = a.dice.map(|n| n as usize + 1);
    let surges = a.dice.iter().sum::<u32>() as usize + 1;
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

/// One reroll token, spent greedily on every pool. The pools that pick up fewer dice than the
/// most any pool picks are scaled to the common denominator faces^most.
fn spend<W: Weight>(
    a: &Attacker,
    layout: &Layout,
    table: Vec<W>,
    capacity: u32,
    is_aim: bool,
    faces: u32,
) -> Vec<W> {
    let zero = W::default();
    let live = || layout.pools.iter().zip(&table).filter(|(_, w)| **w != zero);
    let picked = |p: &Pool| picks(a, p, capacity);
    let total = |p: &[(u32, u32); 3]| p.iter().map(|(b, s)| b + s).sum::<u32>();
    let most = live().map(|(p, _)| total(&picked(p))).max().unwrap_or(0);
    let mut next = vec![W::default(); table.len()];
    for (p, w) in live() {
        let pick = picked(p);
        let scale = W::from(u128::from(faces).pow(most - total(&pick)));
        let mut kept = *p;
        if total(&pick) > 0 && is_aim && layout.spent > 1 {
            kept.spent += 1;
        }
        for (c, &(b, s)) in pick.iter().enumerate() {
            kept.blank[c] -= b;
            kept.surge[c] -= s;
        }
        let counts = pick.map(|(b, s)| b + s);
        layout.scatter(&mut next, kept, 0, &counts, w.clone().times(&scale));
    }
    next
}

/// Which dice one token picks up greedily, per colour (blanks, surges): red dice first, blanks
/// before surges that will not convert.
fn picks(a: &Attacker, p: &Pool, capacity: u32) -> [(u32, u32); 3] {
    let convertible = match a.surge {
        AttackSurge::None => a.critical + a.surge_tokens,
        _ => u32::MAX,
    };
    let surges: u32 = p.surge.iter().sum();
    let mut unconvertible = surges.saturating_sub(convertible);
    let mut room = capacity;
    let mut picked = [(0u32, 0u32); 3];
    for (c, pick) in picked.iter_mut().enumerate() {
        let blanks = room.min(p.blank[c]);
        room -= blanks;
        let surges = room.min(p.surge[c]).min(unconvertible);
        room -= surges;
        unconvertible -= surges;
        *pick = (blanks, surges);
    }
    picked
}
