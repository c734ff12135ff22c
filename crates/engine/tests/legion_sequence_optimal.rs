//! A sequence's optimal policy against an expectimax written from the rules, sharing nothing
//! with the engine but the SPEC text. Each attack is a pool of one colour with one aim token
//! (it rerolls up to 2 dice): the attacker sees the roll, picks the dice to reroll (blanks,
//! hits, and surges the chart doesn't make crits; never a crit, as docs/legion.md's optimal
//! policy), and the best pick is the one whose expected value of the rest of the sequence (the
//! attacks after it meeting the unit it leaves) is highest, for the sequence's objective: the
//! mean wounds, the chance of at least K, the chance to wipe the unit.
//!
//! The rest of an attack, as in `legion_sequence.rs`: surges as the chart says; a ranged roll
//! with a hit or crit gives a suppression token; cover (+1 once suppressed, at most heavy)
//! rolls a white die per hit (light cancels on a block, heavy on a block or a surge); a dodge
//! token the unit holds cancels a hit and is spent (the next attack finds none); each result
//! left rolls the unit's defense die, and each not blocked is a wound, up to the unit's.

use crate::support::q;
use holodice_engine::legion::cards::Cards;
use holodice_engine::legion::sequence::{sequence, LegionSequence, SuppressionGained};
use holodice_engine::legion::Scenario;
use num_rational::BigRational;
use num_traits::{One, Zero};
use proptest::prelude::*;
use std::collections::{BTreeMap, HashMap};

#[derive(Debug, Clone, Copy)]
struct Attack {
    /// 0 red, 1 black, 2 white.
    colour: usize,
    dice: u32,
    /// "none", "hit" or "crit".
    surge: &'static str,
}

#[derive(Debug, Clone, Copy)]
struct Unit {
    red: bool,
    cover: u32,
    courage: u32,
    /// Its minis, of 1 wound each.
    wounds: u32,
    dodge: u32,
}

#[derive(Debug, Clone, Copy)]
enum Goal {
    Mean,
    AtLeast(u32),
    Wipe,
}

impl Goal {
    fn name(self) -> String {
        match self {
            Goal::Mean => "mean".into(),
            Goal::AtLeast(k) => format!("atleast:{k}"),
            Goal::Wipe => "wipe".into(),
        }
    }

    fn of(self, wounds: u32, u: &Unit) -> BigRational {
        let yes = |b: bool| {
            if b {
                BigRational::one()
            } else {
                BigRational::zero()
            }
        };
        match self {
            Goal::Mean => q(wounds.into(), 1),
            Goal::AtLeast(k) => yes(wounds >= k),
            Goal::Wipe => yes(wounds >= u.wounds),
        }
    }
}

/// (crit, surge, hit, blank) faces of 8.
fn faces(colour: usize) -> [i64; 4] {
    [[1, 1, 5, 1], [1, 1, 3, 3], [1, 1, 1, 5]][colour]
}

/// Every roll of `n` dice of `colour`: counts (crits, surges, hits, blanks) with probability.
fn rolls(colour: usize, n: u32) -> Vec<([u32; 4], BigRational)> {
    let f = faces(colour);
    let mut by: BTreeMap<[u32; 4], BigRational> = BTreeMap::from([([0; 4], BigRational::one())]);
    for _ in 0..n {
        let mut next = BTreeMap::new();
        for (k, p) in &by {
            for face in 0..4 {
                let mut k = *k;
                k[face] += 1;
                *next.entry(k).or_insert_with(BigRational::zero) += p * q(f[face], 8);
            }
        }
        by = next;
    }
    by.into_iter().collect()
}

/// Binomial: the chance each number of `n` dice succeeds, each with `p`.
fn binomial(n: u32, p: &BigRational) -> Vec<BigRational> {
    let mut by = vec![BigRational::one()];
    for _ in 0..n {
        let mut next = vec![BigRational::zero(); by.len() + 1];
        for (k, w) in by.iter().enumerate() {
            next[k + 1] += w * p;
            next[k] += w * (BigRational::one() - p);
        }
        by = next;
    }
    by
}

struct Oracle<'a> {
    attacks: &'a [Attack],
    unit: Unit,
    goal: Goal,
    memo: HashMap<(usize, u32, u32, u32), BigRational>,
    /// Until wiped: a unit wiped before attack i counts once for each attack from the one
    /// that wiped it to the last (the fewest attacks, as the chances summed).
    soonest: bool,
}

impl Oracle<'_> {
    /// The best value of the sequence from attack `i` on a unit of `wounds` taken,
    /// `suppression` tokens and `dodge` tokens.
    fn value(&mut self, i: usize, wounds: u32, suppression: u32, dodge: u32) -> BigRational {
        let wiped = wounds >= self.unit.wounds;
        if self.soonest && wiped {
            return q((self.attacks.len() + 1 - i) as i64, 1);
        }
        if i == self.attacks.len() || wiped {
            return self.goal.of(wounds, &self.unit);
        }
        if let Some(v) = self.memo.get(&(i, wounds, suppression, dodge)) {
            return v.clone();
        }
        let a = self.attacks[i];
        let mut total = BigRational::zero();
        for (roll, p) in rolls(a.colour, a.dice) {
            let mut best: Option<BigRational> = None;
            // Reroll up to 2 of: blanks, then (once every blank is) hits and surges unless the
            // chart makes them crits.
            let surges = if a.surge == "crit" { 0 } else { roll[1] };
            for b in 0..=roll[3].min(2) {
                let rest = if b == roll[3] { 2 - b } else { 0 };
                for s in 0..=surges.min(rest) {
                    for h in 0..=roll[2].min(rest - s) {
                        let kept = [roll[0], roll[1] - s, roll[2] - h, roll[3] - b];
                        let mut v = BigRational::zero();
                        for (again, r) in rolls(a.colour, s + h + b) {
                            let k: Vec<u32> = (0..4).map(|f| kept[f] + again[f]).collect();
                            v += r * self.rest(i, (wounds, suppression, dodge), [k[0], k[1], k[2]]);
                        }
                        if best.as_ref().is_none_or(|b| v > *b) {
                            best = Some(v);
                        }
                    }
                }
            }
            total += p * best.unwrap_or_default();
        }
        self.memo
            .insert((i, wounds, suppression, dodge), total.clone());
        total
    }

    /// The value of the sequence once attack `i`'s dice show (crits, surges, hits), on the
    /// unit as (wounds, suppression, dodge).
    fn rest(&mut self, i: usize, unit: (u32, u32, u32), [c, s, h]: [u32; 3]) -> BigRational {
        let (wounds, suppression, dodge) = unit;
        let a = self.attacks[i];
        let u = self.unit;
        let (hits, crits) = match a.surge {
            "hit" => (h + s, c),
            "crit" => (h, c + s),
            _ => (h, c),
        };
        let token = u32::from(hits + crits > 0);
        let cover = (u.cover + u32::from(suppression >= u.courage)).min(2);
        let cancel = if cover == 2 { q(2, 6) } else { q(1, 6) };
        let kept: Vec<(u32, BigRational)> = match cover {
            0 => vec![(hits, BigRational::one())],
            _ => (binomial(hits, &cancel).into_iter().enumerate())
                .map(|(k, w)| (hits - k as u32, w))
                .collect(),
        };
        let block = if u.red { q(3, 6) } else { q(1, 6) };
        let mut v = BigRational::zero();
        for (left, w) in kept {
            let spent = dodge.min(left);
            let results = left - spent + crits;
            for (blocked, b) in binomial(results, &block).into_iter().enumerate() {
                let dealt = (wounds + results - blocked as u32).min(u.wounds);
                v += &w * b * self.value(i + 1, dealt, suppression + token, dodge - spent);
            }
        }
        v
    }
}

fn spec(a: &Attack) -> String {
    let mut dice = [0; 3];
    dice[a.colour] = a.dice;
    let mut items = vec![format!(
        "{} red, {} black, {} white, aim 1",
        dice[0], dice[1], dice[2]
    )];
    if a.surge != "none" {
        items.push(format!("surge {}", a.surge));
    }
    items.join(", ")
}

fn unit_spec(u: &Unit) -> String {
    let die = if u.red { "red" } else { "white" };
    let cover = ["cover none", "cover light", "cover heavy"][u.cover as usize];
    format!(
        "{die} defense, {cover}, courage {}, wounds 1, minis {}, dodge {}",
        u.courage, u.wounds, u.dodge
    )
}

/// The engine's sequence, under the optimal policy for `goal` (greedy without one).
fn engine(attacks: &[Attack], u: Unit, goal: Option<Goal>) -> LegionSequence {
    use holodice_engine::policy::{Objective, Policy};
    let specs: Vec<String> = attacks.iter().map(spec).collect();
    let specs: Vec<&str> = specs.iter().map(String::as_str).collect();
    let mut choices = Scenario::parse("1 red", "white defense", None).unwrap();
    if let Some(goal) = goal {
        choices.policy = Policy::Optimal;
        choices.objective = match goal {
            Goal::Mean => Objective::Mean,
            Goal::AtLeast(k) => Objective::AtLeast(k.into()),
            Goal::Wipe => Objective::Destroy,
        };
    }
    let defender = unit_spec(&u);
    sequence(
        &specs,
        &defender,
        None,
        Cards::builtin(),
        &choices,
        SuppressionGained::Hits,
    )
    .unwrap_or_else(|e| panic!("{specs:?} / {defender}: {e}"))
}

/// The engine's value of its optimal sequence equals the expectimax's best, which it returns.
fn agree(attacks: &[Attack], u: Unit, goal: Goal) -> BigRational {
    let mut oracle = Oracle {
        attacks,
        unit: u,
        goal,
        memo: HashMap::new(),
        soonest: false,
    };
    let best = oracle.value(0, 0, 0, u.dodge);
    let s = engine(attacks, u, Some(goal));
    let got = match goal {
        Goal::Mean => s.wounds.mean(),
        Goal::AtLeast(k) => s.wounds.at_least(k.into()),
        Goal::Wipe => s.losses.unwrap().wiped,
    };
    assert_eq!(
        got,
        best,
        "{attacks:?} on {}, --objective {}",
        unit_spec(&u),
        goal.name()
    );
    best
}

#[test]
fn a_hit_the_dodge_would_cancel_is_rerolled_to_keep_the_dodge_from_the_second_attack() {
    // One red die (surge crit) then 2 white dice (surge hit) at a unit holding a dodge token,
    // for at least 2 wounds. Greedy keeps a first hit, which the dodge cancels; rerolling it
    // fishes for a crit, which the dodge can't cancel (but which leaves the dodge for the
    // second attack): the expectimax weighs both over the two attacks, and the engine's plan
    // must reach it, beating greedy.
    let attacks = [
        Attack {
            colour: 0,
            dice: 1,
            surge: "crit",
        },
        Attack {
            colour: 2,
            dice: 2,
            surge: "hit",
        },
    ];
    let unit = Unit {
        red: false,
        cover: 0,
        courage: 2,
        wounds: 4,
        dodge: 1,
    };
    let best = agree(&attacks, unit, Goal::AtLeast(2));
    let greedy = engine(&attacks, unit, None).wounds.at_least(2);
    assert!(
        greedy < best,
        "greedy {greedy} is not below the best {best}"
    );
    agree(&attacks, unit, Goal::Wipe);
    agree(&attacks, unit, Goal::Mean);
}

fn attack_strategy() -> impl Strategy<Value = Attack> {
    (
        0usize..3,
        1u32..=3,
        prop::sample::select(vec!["none", "hit", "crit"]),
    )
        .prop_map(|(colour, dice, surge)| Attack {
            colour,
            dice,
            surge,
        })
}

fn unit_strategy() -> impl Strategy<Value = Unit> {
    (any::<bool>(), 0u32..=2, 1u32..=2, 1u32..=3, 0u32..=1).prop_map(
        |(red, cover, courage, wounds, dodge)| Unit {
            red,
            cover,
            courage,
            wounds,
            dodge,
        },
    )
}

fn goal_strategy() -> impl Strategy<Value = Goal> {
    prop_oneof![
        Just(Goal::Mean),
        Just(Goal::Wipe),
        (1u32..=3).prop_map(Goal::AtLeast)
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn the_optimal_sequence_is_the_expectimax_of_the_whole_sequence(
        attacks in prop::collection::vec(attack_strategy(), 1..=3),
        unit in unit_strategy(),
        goal in goal_strategy(),
    ) {
        agree(&attacks, unit, goal);
    }
}

#[test]
fn until_wiped_the_plan_wipes_in_the_fewest_attacks_the_expectimax_finds() {
    use holodice_engine::legion::sequence::until_wiped;
    use holodice_engine::policy::{Objective, Policy};
    // One red die (surge crit) with an aim, repeated until a unit of 2 minis holding a dodge
    // token is wiped, at most 3 times: the expectimax counts a wiped unit once for each attack
    // it is wiped by (3 if the first attack wipes it, …), the engine's attacks to wipe give
    // the same sum, and greedy's (which keeps a hit the dodge cancels) is smaller.
    let a = Attack {
        colour: 0,
        dice: 1,
        surge: "crit",
    };
    let unit = Unit {
        red: false,
        cover: 0,
        courage: 2,
        wounds: 2,
        dodge: 1,
    };
    let attacks = [a; 3];
    let mut oracle = Oracle {
        attacks: &attacks,
        unit,
        goal: Goal::Wipe,
        memo: HashMap::new(),
        soonest: true,
    };
    let best = oracle.value(0, 0, 0, unit.dodge);
    let summed = |policy: Policy| {
        let mut choices = Scenario::parse("1 red", "white defense", None).unwrap();
        (choices.policy, choices.objective) = (policy, Objective::Destroy);
        let s = until_wiped(
            &spec(&a),
            &unit_spec(&unit),
            None,
            Cards::builtin(),
            &choices,
            SuppressionGained::Hits,
            3,
        )
        .unwrap();
        let (by, _) = s.attacks_to_wipe().unwrap();
        (by.into_iter().enumerate())
            .map(|(k, p)| p * q(3 - k as i64, 1))
            .sum::<BigRational>()
    };
    assert_eq!(summed(Policy::Optimal), best);
    assert!(summed(Policy::Greedy) < best);
}
