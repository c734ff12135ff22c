//! Legion sequences (several attacks on one unit) against a brute force written from
//! docs/legion.md and the rules reference, sharing nothing with the engine but the SPEC text: it
//! rolls every face of every die of each attack in turn, the unit carrying its wounds and its
//! suppression tokens from one attack to the next.
//!
//! The oracle's rules, for plain pools (dice and a surge chart) against a unit with a defense
//! die, a surge chart, terrain cover, courage, wounds per mini and minis:
//! - attack dice (d8): red crit 1, surge 1, hit 5, blank 1; black 1, 1, 3, 3; white 1, 1, 1, 5;
//!   a surge becomes what the chart says (hit, crit) or nothing;
//! - a ranged attack whose converted roll holds a hit or crit gives the unit 1 suppression token
//!   (Suppressive: 1 more after every ranged attack);
//! - cover (ranged only): terrain cover, +1 when the unit's suppression reaches its courage, at
//!   most heavy; one white defense die per hit (2.6 on): light cover cancels a hit per block,
//!   heavy per block or surge; crits ignore cover;
//! - then each dodge token the unit holds cancels a hit (never a crit) and is spent; with
//!   Nimble, a unit that spent one gains one after the attack;
//! - then, against a ranged attack, each shield token (Shielded) cancels a crit, else a hit, and
//!   is flipped;
//! - defense dice (d6): red block 3, surge 1, blank 2; white 1, 1, 4; a surge is a block with
//!   surge block, else a surge token makes one a block (the unit spends one per surge, as far as
//!   its tokens go, while a hit or crit is left to block); each hit or crit not blocked is a
//!   wound;
//! - a guardian (Guardian X, against a ranged attack, while it is not wiped) then takes up to X
//!   of the hits left: it rolls a defense die per hit taken (its surges blocks with surge block,
//!   else one per surge token it holds, spent), and each die not a block is a wound on it; a
//!   guardian of g wounds is wiped at g and guards no more;
//! - wounds go to the wounded mini first; a unit of m minis of w wounds is wiped at m × w
//!   wounds and takes no more.

use crate::support::q;
use holodice_engine::legion::cards::Cards;
use holodice_engine::legion::sequence::{sequence, LegionSequence, SuppressionGained};
use holodice_engine::legion::Scenario;
use num_rational::BigRational;
use num_traits::{One, Zero};
use proptest::prelude::*;
use std::collections::BTreeMap;

/// One attack: dice per colour (red, black, white), its surge chart, melee or ranged,
/// Suppressive.
#[derive(Debug, Clone)]
struct Attack {
    dice: [u32; 3],
    surge: &'static str,
    melee: bool,
    suppressive: bool,
}

/// The defending unit.
#[derive(Debug, Clone)]
struct Unit {
    red: bool,
    surge_block: bool,
    cover: u32,
    courage: u32,
    wounds: u32,
    minis: u32,
    dodge: u32,
    nimble: bool,
    shielded: u32,
    surge_tokens: u32,
    guardian: Option<Guard>,
}

/// A unit guarding it: Guardian X, its defense die, surge block or surge tokens, its wounds.
#[derive(Debug, Clone, Copy)]
struct Guard {
    x: u32,
    red: bool,
    surge_block: bool,
    surge_tokens: u32,
    wounds: u32,
}

impl Guard {
    fn spec(&self) -> String {
        let die = if self.red { "red" } else { "white" };
        let mut items = vec![
            format!("Guardian {}, {die} defense", self.x),
            format!("wounds {}, courage 1", self.wounds),
        ];
        if self.surge_block {
            items.push("surge block".into());
        }
        if self.surge_tokens > 0 {
            items.push(format!("surge tokens {}", self.surge_tokens));
        }
        items.join(", ")
    }
}

impl Attack {
    fn spec(&self) -> String {
        let mut items = vec![format!(
            "{} red, {} black, {} white",
            self.dice[0], self.dice[1], self.dice[2]
        )];
        if self.surge != "none" {
            items.push(format!("surge {}", self.surge));
        }
        if self.melee {
            items.push("melee".into());
        }
        if self.suppressive {
            items.push("Suppressive".into());
        }
        items.join(", ")
    }
}

impl Unit {
    fn spec(&self) -> String {
        let die = if self.red { "red" } else { "white" };
        let cover = ["cover none", "cover light", "cover heavy"][self.cover as usize];
        let mut items = vec![
            format!("{die} defense"),
            cover.to_string(),
            format!("courage {}", self.courage),
            format!("wounds {}", self.wounds),
            format!("minis {}", self.minis),
        ];
        if self.surge_block {
            items.push("surge block".into());
        }
        if self.dodge > 0 {
            items.push(format!("dodge {}", self.dodge));
        }
        if self.nimble {
            items.push("Nimble".into());
        }
        if self.shielded > 0 {
            items.push(format!("Shielded {}", self.shielded));
        }
        if self.surge_tokens > 0 {
            items.push(format!("surge tokens {}", self.surge_tokens));
        }
        items.join(", ")
    }
}

/// The unit after some attacks: (wounds taken, suppression, dodge, shield and surge tokens,
/// the guardian's wounds and surge tokens).
type State = (u32, u32, u32, u32, u32, u32, u32);

/// Exact weights of outcomes, as a map.
type Weights<K> = BTreeMap<K, BigRational>;

fn add<K: Ord>(to: &mut Weights<K>, k: K, p: BigRational) {
    *to.entry(k).or_insert_with(BigRational::zero) += p;
}

/// The faces of an attack die: (crit, surge, hit, blank) counts of 8.
fn attack_faces(colour: usize) -> [u32; 4] {
    [[1, 1, 5, 1], [1, 1, 3, 3], [1, 1, 1, 5]][colour]
}

/// Every roll of `dice` attack dice, die by die: (hits, crits, surges) with its probability
/// (rolls of the same counts added up).
fn attack_rolls(dice: [u32; 3]) -> Weights<(u32, u32, u32)> {
    let mut rolls = Weights::from([((0, 0, 0), BigRational::one())]);
    for (colour, &n) in dice.iter().enumerate() {
        for _ in 0..n {
            let f = attack_faces(colour);
            let mut next = Weights::new();
            for ((h, c, s), p) in &rolls {
                add(&mut next, (*h, c + 1, *s), p * q(f[0].into(), 8));
                add(&mut next, (*h, *c, s + 1), p * q(f[1].into(), 8));
                add(&mut next, (h + 1, *c, *s), p * q(f[2].into(), 8));
                add(&mut next, (*h, *c, *s), p * q(f[3].into(), 8));
            }
            rolls = next;
        }
    }
    rolls
}

/// The chance that `n` defense dice of (block, surge) weights of 6 block exactly `k`, for each k.
/// Every roll of `n` defense dice of (block, surge) weights of 6, die by die: (blocks,
/// surges) with its probability (rolls of the same counts added up).
fn defense_rolls(n: u32, block: i64, surge: i64) -> Weights<(u32, u32)> {
    let mut rolls = Weights::from([((0, 0), BigRational::one())]);
    for _ in 0..n {
        let mut next = Weights::new();
        for ((b, s), p) in &rolls {
            add(&mut next, (b + 1, *s), p * q(block, 6));
            add(&mut next, (*b, s + 1), p * q(surge, 6));
            add(&mut next, (*b, *s), p * q(6 - block - surge, 6));
        }
        rolls = next;
    }
    rolls
}

fn blocks(n: u32, block: i64, surge_blocks: bool, surge: i64) -> Vec<BigRational> {
    let p = q(block + if surge_blocks { surge } else { 0 }, 6);
    let mut by = vec![BigRational::one()];
    for _ in 0..n {
        let mut next = vec![BigRational::zero(); by.len() + 1];
        for (k, w) in by.iter().enumerate() {
            next[k + 1] += w * &p;
            next[k] += w * (BigRational::one() - &p);
        }
        by = next;
    }
    by
}

/// The guardian `g` holding `tokens` surge tokens takes up to X of `hits`: (hits taken,
/// wounds on it, surge tokens it spent) with weights.
fn guard(g: Option<Guard>, hits: u32, tokens: u32) -> Weights<(u32, u32, u32)> {
    let Some(g) = g else {
        return Weights::from([((0, 0, 0), BigRational::one())]);
    };
    let taken = g.x.min(hits);
    let (block, surge) = if g.red { (3, 1) } else { (1, 1) };
    let mut out = Weights::new();
    for ((b, s), v) in defense_rolls(taken, block, surge) {
        let used = if g.surge_block { 0 } else { s.min(tokens) };
        let converted = if g.surge_block { s } else { used };
        add(&mut out, (taken, taken - b - converted, used), v);
    }
    out
}

/// One attack on the unit holding `suppression`, `dodge`, `shields` and `surges` tokens, its
/// guardian (when not wiped) `guardian_tokens` surge tokens: (wounds, suppression tokens given,
/// dodge tokens spent, shield tokens flipped, surge tokens spent, wounds on the guardian, its
/// surge tokens spent) with weights.
fn one_attack(
    a: &Attack,
    u: &Unit,
    held: (u32, u32, u32, u32),
    guardian: Option<Guard>,
    guardian_tokens: u32,
) -> Weights<State> {
    let (suppression, dodge, shields, surge_tokens) = held;
    let guardian = guardian.filter(|_| !a.melee);
    let mut out = Weights::new();
    for ((hits, crits, surges), p) in attack_rolls(a.dice) {
        let (hits, crits) = match a.surge {
            "hit" => (hits + surges, crits),
            "crit" => (hits, crits + surges),
            _ => (hits, crits),
        };
        let tokens = u32::from(!a.melee && hits + crits > 0) + u32::from(!a.melee && a.suppressive);
        // Cover: +1 once suppressed, at most heavy; a white die per hit.
        let cover = match a.melee {
            true => 0,
            false => (u.cover + u32::from(suppression >= u.courage)).min(2),
        };
        let kept_hits: Vec<(u32, BigRational)> = match cover {
            0 => vec![(hits, BigRational::one())],
            c => blocks(hits, 1, c == 2, 1)
                .into_iter()
                .enumerate()
                .map(|(cancelled, w)| (hits - cancelled as u32, w))
                .collect(),
        };
        for (left, w) in kept_hits {
            let spent = dodge.min(left);
            let shields = if a.melee { 0 } else { shields };
            let shield_crits = shields.min(crits);
            let shield_hits = (shields - shield_crits).min(left - spent);
            let flipped = shield_crits + shield_hits;
            let hits_left = left - spent - shield_hits;
            for ((taken, gw, gused), g) in guard(guardian, hits_left, guardian_tokens) {
                let results = hits_left - taken + crits - shield_crits;
                let (block, surge) = if u.red { (3, 1) } else { (1, 1) };
                for ((b, s), v) in defense_rolls(results, block, surge) {
                    let used = match (u.surge_block, results) {
                        (true, _) | (_, 0) => 0,
                        _ => s.min(surge_tokens),
                    };
                    let converted = if u.surge_block { s } else { used };
                    let wounds = results.saturating_sub(b + converted);
                    add(
                        &mut out,
                        (wounds, tokens, spent, flipped, used, gw, gused),
                        &p * &w * &g * v,
                    );
                }
            }
        }
    }
    out
}

/// The oracle: (total wounds, suppression at the end, dodge and shield tokens left) after every
/// attack, and the chance each attack wipes the unit.
fn oracle(attacks: &[Attack], u: &Unit) -> (Weights<State>, Vec<BigRational>) {
    let cap = u.wounds * u.minis;
    let g_tokens = u.guardian.map_or(0, |g| g.surge_tokens);
    let start = (0, 0, u.dodge, u.shielded, u.surge_tokens, 0, g_tokens);
    let mut states = Weights::from([(start, BigRational::one())]);
    let mut wiped_by = Vec::new();
    for a in attacks {
        let mut next = Weights::new();
        let mut wiped = BigRational::zero();
        for (&state, p) in &states {
            let (dealt, suppression, dodge, shields, surges, g_dealt, g_tokens) = state;
            if dealt >= cap {
                add(&mut next, state, p.clone());
                continue;
            }
            let held = (suppression, dodge, shields, surges);
            let guardian = u.guardian.filter(|g| g_dealt < g.wounds);
            let g_cap = u.guardian.map_or(0, |g| g.wounds);
            for ((w, t, spent, flipped, used, gw, gused), v) in
                one_attack(a, u, held, guardian, g_tokens)
            {
                let total = (dealt + w).min(cap);
                if total >= cap {
                    wiped += p * &v;
                }
                let back = u32::from(u.nimble && spent > 0);
                let left = (dodge - spent + back, shields - flipped, surges - used);
                let g_left = ((g_dealt + gw).min(g_cap), g_tokens - gused);
                add(
                    &mut next,
                    (
                        total,
                        suppression + t,
                        left.0,
                        left.1,
                        left.2,
                        g_left.0,
                        g_left.1,
                    ),
                    p * v,
                );
            }
        }
        wiped_by.push(wiped);
        states = next;
    }
    (states, wiped_by)
}

fn engine(attacks: &[Attack], u: &Unit) -> LegionSequence {
    let specs: Vec<String> = attacks.iter().map(Attack::spec).collect();
    let specs: Vec<&str> = specs.iter().map(String::as_str).collect();
    let choices = Scenario::parse("1 red", "white defense", None).unwrap();
    // A guardian with nothing to guard (every attack melee) is refused: the oracle's has no effect.
    let ranged = attacks.iter().any(|a| !a.melee);
    let guardian = u.guardian.filter(|_| ranged).map(|g| g.spec());
    sequence(
        &specs,
        &u.spec(),
        guardian.as_deref(),
        Cards::builtin(),
        &choices,
        SuppressionGained::Hits,
    )
    .unwrap_or_else(|e| panic!("{specs:?} / {}: {e}", u.spec()))
}

/// The oracle's and the engine's answers agree on every total, token count and wipe.
fn agree(attacks: &[Attack], u: &Unit) {
    let (states, wiped_by) = oracle(attacks, u);
    let s = engine(attacks, u);
    let marginal = |f: fn(&State) -> u32| {
        let mut by: BTreeMap<i64, BigRational> = BTreeMap::new();
        for (k, p) in &states {
            *by.entry(i64::from(f(k))).or_insert_with(BigRational::zero) += p;
        }
        by.into_iter()
            .filter(|(_, p)| !p.is_zero())
            .collect::<Vec<_>>()
    };
    let context = format!("{attacks:?} on {u:?}");
    assert_eq!(s.wounds.pmf(), marginal(|k| k.0), "wounds: {context}");
    assert_eq!(
        s.suppression.pmf(),
        marginal(|k| k.1),
        "suppression: {context}"
    );
    let by: Vec<BigRational> = s
        .attacks
        .iter()
        .map(|a| a.wiped_by.clone().unwrap())
        .collect();
    assert_eq!(by, wiped_by, "wiped by: {context}");
    if u.guardian.is_some() && attacks.iter().any(|a| !a.melee) {
        let g = s.guardian_wounds.as_ref().expect("a guardian's wounds");
        assert_eq!(g.pmf(), marginal(|k| k.5), "guardian wounds: {context}");
    }
    let at_least = |k: u32| -> BigRational {
        (states.iter())
            .filter(|((_, t, ..), _)| *t >= k)
            .map(|(_, p)| p.clone())
            .sum()
    };
    assert_eq!(s.suppressed, at_least(u.courage), "suppressed: {context}");
    assert_eq!(s.panicked, at_least(2 * u.courage), "panicked: {context}");
}

fn attack_strategy() -> impl Strategy<Value = Attack> {
    (
        prop::array::uniform3(0u32..=2),
        prop::sample::select(vec!["none", "hit", "crit"]),
        any::<bool>(),
        any::<bool>(),
    )
        .prop_filter("an attack has dice", |(d, ..)| d.iter().sum::<u32>() > 0)
        .prop_map(|(dice, surge, melee, suppressive)| Attack {
            dice,
            surge,
            melee,
            suppressive,
        })
}

fn guard_strategy() -> impl Strategy<Value = Option<Guard>> {
    let guard = (1u32..=2, any::<bool>(), any::<bool>(), 0u32..=1, 1u32..=2);
    prop::option::of(
        guard.prop_map(|(x, red, surge_block, surge_tokens, wounds)| Guard {
            x,
            red,
            surge_block,
            surge_tokens,
            wounds,
        }),
    )
}

fn unit_strategy() -> impl Strategy<Value = Unit> {
    let unit = (any::<bool>(), any::<bool>(), 0u32..=2, 1u32..=2);
    let tokens = (
        1u32..=2,
        1u32..=3,
        0u32..=2,
        any::<bool>(),
        0u32..=1,
        0u32..=2,
    );
    (unit, tokens, guard_strategy()).prop_map(
        |(
            (red, surge_block, cover, courage),
            (wounds, minis, dodge, nimble, shielded, surge_tokens),
            guardian,
        )| Unit {
            red,
            surge_block,
            cover,
            courage,
            wounds,
            minis,
            dodge,
            nimble,
            shielded,
            surge_tokens,
            guardian,
        },
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn a_sequence_is_the_brute_force_of_its_attacks_carrying_wounds_and_suppression(
        attacks in prop::collection::vec(attack_strategy(), 1..=3),
        unit in unit_strategy(),
    ) {
        agree(&attacks, &unit);
    }
}

#[test]
fn a_suppressed_unit_takes_the_second_shot_in_cover() {
    // Two ranged shots of 1 red die (no surge chart) on a white-defense unit of courage 1 in
    // the open. The first roll holds a hit or crit with 6/8: the token makes the unit
    // suppressed, so the second shot's hit (5/8) meets light cover (a white die, a block 1/6
    // cancels it) and its crit (1/8) does not: 5/8 × 5/6 + 1/8 = 31/48 gets through, and a
    // white defense die leaves 5/6 of it: 155/288. Unsuppressed (1/4), 5/8.
    let shot = Attack {
        dice: [1, 0, 0],
        surge: "none",
        melee: false,
        suppressive: false,
    };
    let unit = Unit {
        red: false,
        surge_block: false,
        cover: 0,
        courage: 1,
        wounds: 2,
        minis: 1,
        dodge: 0,
        nimble: false,
        shielded: 0,
        surge_tokens: 0,
        guardian: None,
    };
    let s = engine(&[shot.clone(), shot], &unit);
    assert_eq!(
        s.attacks[1].wounds.prob(1),
        q(3, 4) * q(155, 288) + q(1, 4) * q(5, 8)
    );
    // Two wounds: the first shot's wound (5/8, its roll held a hit) and the second's in cover.
    assert_eq!(s.wounds.prob(2), q(5, 8) * q(155, 288));
    assert_eq!(s.losses.as_ref().unwrap().wiped, q(5, 8) * q(155, 288));
    // Each shot gives a token with 3/4: Binomial(2, 3/4); suppressed at 1, panicked at 2.
    assert_eq!(
        s.suppression.pmf(),
        vec![(0, q(1, 16)), (1, q(6, 16)), (2, q(9, 16))]
    );
    assert_eq!((s.suppressed, s.panicked), (q(15, 16), q(9, 16)));
}

#[test]
fn two_melee_attacks_are_the_sum_of_the_single_attacks_capped_at_the_unit() {
    // Melee gives no suppression and the pools read nothing of the unit's state: the total is
    // the convolution of the two single attacks, capped at the unit's 3 wounds.
    let choices = Scenario::parse("1 red", "white defense", None).unwrap();
    let unit = "red defense, surge block, wounds 1, minis 3";
    let (a, b) = (
        "2 red, 1 black, surge crit, melee",
        "3 black, surge hit, melee",
    );
    let s = sequence(
        &[a, b],
        unit,
        None,
        Cards::builtin(),
        &choices,
        SuppressionGained::Hits,
    )
    .unwrap();
    let single = |spec: &str| {
        let s = Scenario::parse(spec, unit, None).unwrap();
        holodice_engine::legion::attack::attack(&s).unwrap().wounds
    };
    let total = single(a).add(&single(b)).map(|w| w.min(3));
    assert_eq!(s.wounds.pmf(), total.pmf());
    assert_eq!(s.losses.unwrap().wiped, total.at_least(3));
    assert_eq!(s.suppression.pmf(), vec![(0, BigRational::one())]);
}

#[test]
fn a_wiped_unit_takes_no_more_wounds() {
    // One mini of one wound: once the first attack wipes it, the second deals nothing.
    let choices = Scenario::parse("1 red", "white defense", None).unwrap();
    let unit = "white defense, wounds 1, minis 1";
    let shot = "4 red, surge crit, melee";
    let s = sequence(
        &[shot, shot],
        unit,
        None,
        Cards::builtin(),
        &choices,
        SuppressionGained::Hits,
    )
    .unwrap();
    let single = Scenario::parse(shot, unit, None).unwrap();
    let hit = holodice_engine::legion::attack::attack(&single)
        .unwrap()
        .wounds
        .at_least(1);
    let missed = BigRational::one() - &hit;
    assert_eq!(s.attacks[1].wounds.prob(1), &missed * &hit);
    assert_eq!(s.attacks[1].wiped_by.clone().unwrap(), &missed * &hit);
    assert_eq!(s.wounds.max(), 1);
    assert_eq!(
        s.losses.unwrap().wiped,
        BigRational::one() - &missed * &missed
    );
}

#[test]
fn every_ranged_attack_gives_its_token_under_the_always_reading() {
    // 1 white die: its roll holds a result with 2/8, but under `always` both shots give a token.
    let choices = Scenario::parse("1 red", "white defense", None).unwrap();
    let s = sequence(
        &["1 white", "1 white"],
        "white defense",
        None,
        Cards::builtin(),
        &choices,
        SuppressionGained::Always,
    )
    .unwrap();
    assert_eq!(s.suppression.pmf(), vec![(2, BigRational::one())]);
    assert!(s.losses.is_none());
}

// hardening: legion-sequence
#[test]
fn a_sequence_past_its_attacks_limit_is_refused_in_one_line() {
    let choices = Scenario::parse("1 red", "white defense", None).unwrap();
    let run = |defender: &str, n: usize| {
        let shots = vec!["1 red"; n];
        sequence(
            &shots,
            defender,
            None,
            Cards::builtin(),
            &choices,
            SuppressionGained::Hits,
        )
        .unwrap_err()
        .to_string()
    };
    let e = run("white defense", 101);
    assert!(e.contains("1 to 100 attacks"), "{e}");
    // A unit of 10,000 wounds hit by 100 attacks of 30 dice: too many states to carry.
    let e = holodice_engine::legion::sequence::until_wiped(
        "30 red, surge crit",
        "white defense, wounds 100, minis 100",
        None,
        Cards::builtin(),
        &choices,
        SuppressionGained::Hits,
        100,
    )
    .unwrap_err()
    .to_string();
    assert!(e.contains("over the limit of 5000000"), "{e}");
    // Each attack made for every state it may meet (here 101³ token counts): too much work.
    let e = sequence(
        &["12 red, aim 3, Precise 2", "1 red"],
        "white defense, dodge 100, Shielded 100, surge tokens 100",
        None,
        Cards::builtin(),
        &choices,
        SuppressionGained::Hits,
    )
    .unwrap_err()
    .to_string();
    assert!(e.contains("over the limit"), "{e}");
    let e = run("white defense", 0);
    assert!(e.contains("1 to 100 attacks"), "{e}");
}

#[test]
fn attacks_to_wipe_are_the_first_passage_of_the_partial_sums() {
    // A melee attack gives no suppression and reads nothing of the unit's state: the k-th
    // attack wipes the unit when the sum of k single attacks first reaches its 5 wounds.
    let choices = Scenario::parse("1 red", "white defense", None).unwrap();
    let unit = "red defense, wounds 1, minis 5";
    let shot = "2 red, 1 white, surge crit, melee";
    let s = holodice_engine::legion::sequence::until_wiped(
        shot,
        unit,
        None,
        Cards::builtin(),
        &choices,
        SuppressionGained::Hits,
        12,
    )
    .unwrap();
    let single = Scenario::parse(shot, unit, None).unwrap();
    let one = holodice_engine::legion::attack::attack(&single)
        .unwrap()
        .wounds;
    let (by, survives) = s.attacks_to_wipe().unwrap();
    let mut sum = holodice_engine::dist::Dist::constant(0);
    let mut before = BigRational::zero();
    for (k, p) in by.iter().enumerate() {
        sum = sum.add(&one);
        let reached = sum.at_least(5);
        assert_eq!(*p, &reached - &before, "attack {}", k + 1);
        before = reached;
    }
    assert_eq!(survives, BigRational::one() - before);
    let mean: BigRational = (by.iter().enumerate())
        .map(|(k, p)| p * BigRational::from_integer((k as i64 + 1).into()))
        .sum::<BigRational>()
        / (BigRational::one() - &survives);
    assert_eq!(s.mean_attacks_to_wipe().unwrap(), mean);
    // A unit whose wounds are not known is never wiped: refused.
    let e = holodice_engine::legion::sequence::until_wiped(
        shot,
        "red defense",
        None,
        Cards::builtin(),
        &choices,
        SuppressionGained::Hits,
        12,
    )
    .unwrap_err()
    .to_string();
    assert!(
        e.starts_with("until-wiped: ") && e.contains("wounds per mini"),
        "{e}"
    );
}

#[test]
fn a_guardian_wiped_by_the_first_shot_guards_the_second_no_more() {
    // Two ranged shots of 1 red die (no surge chart) on a white-defense unit that never
    // suppresses, guarded by a 1-wound Guardian 1 on a red die. A hit (5/8) goes to the
    // guardian, whose red die blocks with 1/2 (no surge converts): it is wiped with 5/16 a shot,
    // so by the second shot with 5/16, and by the end with 1 − (11/16)². The second shot's crit
    // (1/8) reaches the unit, and its hit does once the guardian is gone: each wounds through a
    // white die with 5/6, 1/8 × 5/6 + 5/8 × 5/16 × 5/6 = 205/768; the first shot's 5/48.
    let choices = Scenario::parse("1 red", "white defense", None).unwrap();
    let s = sequence(
        &["1 red", "1 red"],
        "white defense, wounds 5, courage none",
        Some("Guardian 1, red defense, wounds 1"),
        Cards::builtin(),
        &choices,
        SuppressionGained::Hits,
    )
    .unwrap();
    assert_eq!(s.attacks[0].wounds.prob(1), q(5, 48));
    assert_eq!(s.attacks[1].wounds.prob(1), q(205, 768));
    let guardian = s.guardian_losses.unwrap();
    assert_eq!(guardian.wiped, q(1, 1) - q(121, 256));
}

#[test]
fn a_guardian_among_melee_attacks_only_is_refused_in_one_line() {
    let choices = Scenario::parse("1 red", "white defense", None).unwrap();
    let e = sequence(
        &["1 red, melee", "1 red, melee"],
        "white defense",
        Some("Guardian 1, red defense"),
        Cards::builtin(),
        &choices,
        SuppressionGained::Hits,
    )
    .unwrap_err()
    .to_string();
    assert!(
        e.contains("every attack here is") && e.contains("(remove guardian)"),
        "{e}"
    );
    assert!(!e.contains('\n'), "{e}");
}
