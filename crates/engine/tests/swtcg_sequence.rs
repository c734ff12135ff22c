//! SWTCG attack sequences against a brute force written from docs/rules.md ("Sequences" and the
//! attack readings), not from the engine.
//!
//! The oracle carries a small state from attack to attack (the defender's counters, the current
//! attacker's counters, the power it carries to its next attack, the Stun it suffered, whether it
//! is discarded) and, for each state, rolls every face of every die of the attack: the attack
//! dice (summarised by hits and natural faces shown) and each source of dice of damage (Retaliate,
//! Backfire, Overload, Avenge: every face sequence, counted by hits). Probabilities are exact.
//!
//! Readings the oracle applies (docs/rules.md):
//! - dice = Power + Resilience X (when the attacker has ≥ X counters) + Overload X + carried
//!   power − Stun suffered − the defender's Shields, floored at 0;
//! - one attacker attacking N times carries its counters, gets its Focus, Absorb and own Surge
//!   power for the next attack only, keeps every Stun for the rest of the sequence, and stops once
//!   discarded; several attackers attack once each and only Surge passes on, to the next one;
//! - the defender's counters carry and the sequence stops once it is discarded; the first attack
//!   on a Stealth defender untapped and undamaged is refused;
//! - Riposte (default `riposte-after-discard=yes`) and Retaliate hit the attacker when the attack
//!   ends, even if the defender was discarded; Backfire (natural 3 in the initial roll) and
//!   Overload dice hit it too; Avenge dice hit it when the attack discards the defender; each is
//!   an instance prevented on its own by the attacker's Absorb (gaining power) then Evade, unless
//!   its source has Ferocity (the defender for Riposte and Retaliate, the attacker itself for
//!   Backfire and Overload; never for Avenge);
//! - the attacker's Surge fires once per attack when Riposte, Retaliate or Avenge place counters
//!   on it; the defender's Stun once per attack when its Riposte or Retaliate do.

use crate::support::q;
use holodice_engine::swtcg::{
    rules::Rules,
    sequence::{sequence, Attackers, Sequence, SequenceResult, Until},
    unit::Unit,
};
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Zero};
use proptest::prelude::*;
use std::collections::BTreeMap;

#[derive(Debug, Clone, Default)]
struct Att {
    power: i64,
    accuracy: i64,
    critical: i64,
    focus: i64,
    absorb: i64,
    evade: i64,
    surge: i64,
    resilience: i64,
    health: Option<i64>,
    damage: i64,
    backfire: i64,
    overload: i64,
    ferocity: bool,
}

#[derive(Debug, Clone, Default)]
struct Def {
    health: i64,
    damage: i64,
    armor: bool,
    shields: i64,
    parry: i64,
    evade: i64,
    riposte: i64,
    retaliate: i64,
    avenge: i64,
    stun: i64,
    stealth: bool,
    tapped: bool,
    ferocity: bool,
}

#[derive(Debug, Clone)]
enum Who {
    Same(Att, usize),
    Each(Vec<Att>),
}

#[derive(Debug, Clone)]
struct Case {
    who: Who,
    def: Def,
}

fn items(nums: &[(&str, i64)], flags: &[(&str, bool)]) -> String {
    let mut v: Vec<String> = nums
        .iter()
        .filter(|(_, x)| *x != 0)
        .map(|(name, x)| format!("{name} {x}"))
        .collect();
    v.extend(
        flags
            .iter()
            .filter(|(_, on)| *on)
            .map(|(n, _)| n.to_string()),
    );
    v.join(", ")
}

impl Att {
    fn spec(&self) -> String {
        let s = items(
            &[
                ("Accuracy", self.accuracy),
                ("Critical Hit", self.critical),
                ("Focus", self.focus),
                ("Absorb", self.absorb),
                ("Evade", self.evade),
                ("Surge", self.surge),
                ("Resilience", self.resilience),
                ("Health", self.health.unwrap_or(0)),
                ("Damage", self.damage),
                ("Backfire", self.backfire),
                ("Overload", self.overload),
            ],
            &[("Ferocity", self.ferocity)],
        );
        if s.is_empty() {
            format!("Power {}", self.power)
        } else {
            format!("Power {}, {s}", self.power)
        }
    }
}

impl Def {
    fn spec(&self) -> String {
        items(
            &[
                ("Health", self.health),
                ("Damage", self.damage),
                ("Shields", self.shields),
                ("Parry", self.parry),
                ("Evade", self.evade),
                ("Riposte", self.riposte),
                ("Retaliate", self.retaliate),
                ("Avenge", self.avenge),
                ("Stun", self.stun),
            ],
            &[
                ("Armor", self.armor),
                ("Stealth", self.stealth),
                ("Tapped", self.tapped),
                ("Ferocity", self.ferocity),
            ],
        )
    }
}

impl Case {
    fn attackers(&self) -> Vec<&Att> {
        match &self.who {
            Who::Same(a, n) => vec![a; *n],
            Who::Each(v) => v.iter().collect(),
        }
    }

    fn same(&self) -> bool {
        matches!(self.who, Who::Same(..))
    }

    fn describe(&self) -> String {
        let who = match &self.who {
            Who::Same(a, n) => format!("[{}] x{n}", a.spec()),
            Who::Each(v) => v
                .iter()
                .map(|a| format!("[{}]", a.spec()))
                .collect::<Vec<_>>()
                .join(" then "),
        };
        format!("{who} vs [{}]", self.def.spec())
    }

    fn to_sequence(&self) -> Sequence {
        let attackers = match &self.who {
            Who::Same(a, n) => Attackers::Same(Unit::parse("attacker", &a.spec()).unwrap(), *n),
            Who::Each(v) => Attackers::Each(
                v.iter()
                    .map(|a| Unit::parse("attacker", &a.spec()).unwrap())
                    .collect(),
            ),
        };
        Sequence {
            attackers,
            defender: Unit::parse("defender", &self.def.spec()).unwrap(),
            mode: None,
            policy: Default::default(),
            objective: Default::default(),
            rules: Rules::default(),
            until: Default::default(),
        }
    }
}

fn ratio(n: u64, d: u64) -> BigRational {
    BigRational::new(BigInt::from(n), BigInt::from(d))
}

/// All sequences of `n` natural faces.
fn faces(n: i64) -> impl Iterator<Item = Vec<i64>> {
    (0..6u64.pow(n as u32)).map(move |mut code| {
        (0..n)
            .map(|_| {
                let f = (code % 6) as i64 + 1;
                code /= 6;
                f
            })
            .collect()
    })
}

/// Every roll of `x` dice of damage at the attacker (4+: the attacker has no Armor here), counted
/// by hits.
fn damage_dice(x: i64) -> Vec<u64> {
    let mut by_hits = vec![0u64; x as usize + 1];
    for roll in faces(x) {
        by_hits[roll.iter().filter(|&&f| f >= 4).count()] += 1;
    }
    by_hits
}

/// An attack roll summarised: hits, and which natural faces it shows (bit f-1 for face f).
type RollKey = (i64, u8);

/// Every roll of `n` attack dice, counted by summary.
fn attack_rolls(n: i64, accuracy: i64, armor: bool) -> BTreeMap<RollKey, u64> {
    let need = if armor { 5 } else { 4 };
    let mut m = BTreeMap::new();
    for roll in faces(n) {
        let hits = roll.iter().filter(|&&f| f + accuracy >= need).count() as i64;
        let shown = roll.iter().fold(0u8, |s, &f| s | 1 << (f - 1));
        *m.entry((hits, shown)).or_insert(0) += 1;
    }
    m
}

/// One instance of damage `x` to the attacker: its Absorb first, then its Evade, unless the
/// source has Ferocity. Returns (counters, absorbed).
fn to_attacker(a: &Att, x: i64, unpreventable: bool) -> (i64, i64) {
    if unpreventable {
        return (x, 0);
    }
    let absorbed = x.min(a.absorb);
    let evaded = (x - absorbed).min(a.evade);
    (x - absorbed - evaded, absorbed)
}

/// What one attack does from a state.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
struct Out {
    def: i64,
    att: i64,
    /// Focus and Absorb power for the attacker's next attack.
    own: i64,
    surge: bool,
    stun: bool,
}

/// Every outcome of one attack of `dice` dice by `a` on `d` with `def_counters` on it, counted
/// over all equally likely face sequences (attack dice, Retaliate, Backfire, Overload, Avenge).
fn one_attack(
    a: &Att,
    d: &Def,
    dice: i64,
    def_counters: i64,
    cache: &mut BTreeMap<i64, BTreeMap<RollKey, u64>>,
) -> (BTreeMap<Out, u64>, u64) {
    let rolls = cache
        .entry(dice)
        .or_insert_with(|| attack_rolls(dice, a.accuracy, d.armor))
        .clone();
    let retaliate = damage_dice(d.retaliate);
    let backfire = damage_dice(a.backfire);
    let overload = damage_dice(a.overload);
    let avenge = damage_dice(d.avenge);
    let total = 6u64.pow((dice + d.retaliate + a.backfire + a.overload + d.avenge) as u32);
    let mut outs = BTreeMap::new();
    for (&(hits, shown), &n_roll) in &rolls {
        let shows = |f: i64| shown & (1 << (f - 1)) != 0;
        let bonus = if a.critical > 0 && shows(6) {
            a.critical
        } else {
            0
        };
        let pending = hits + bonus;
        let prevention = if a.ferocity {
            0
        } else {
            (if d.parry > 0 && shows(1) { d.parry } else { 0 }) + d.evade
        };
        let placed = (pending - prevention).max(0);
        let discarded = def_counters + placed >= d.health;
        let focus = if a.focus > 0 && shows(5) { a.focus } else { 0 };
        let (rip, rip_abs) = to_attacker(
            a,
            if d.riposte > 0 && shows(2) {
                d.riposte
            } else {
                0
            },
            d.ferocity,
        );
        for (ret_hits, &n_ret) in retaliate.iter().enumerate() {
            let (ret, ret_abs) = to_attacker(a, ret_hits as i64, d.ferocity);
            for (bf_hits, &n_bf) in backfire.iter().enumerate() {
                let bf_hits = if a.backfire > 0 && shows(3) {
                    bf_hits as i64
                } else {
                    0
                };
                let (bf, bf_abs) = to_attacker(a, bf_hits, a.ferocity);
                for (ov_hits, &n_ov) in overload.iter().enumerate() {
                    let (ov, ov_abs) = to_attacker(a, ov_hits as i64, a.ferocity);
                    for (av_hits, &n_av) in avenge.iter().enumerate() {
                        let av_hits = if discarded { av_hits as i64 } else { 0 };
                        let (av, av_abs) = to_attacker(a, av_hits, false);
                        let out = Out {
                            def: placed,
                            att: rip + ret + bf + ov + av,
                            own: focus + rip_abs + ret_abs + bf_abs + ov_abs + av_abs,
                            surge: a.surge > 0 && rip + ret + av > 0,
                            stun: d.stun > 0 && rip + ret > 0,
                        };
                        *outs.entry(out).or_insert(0) += n_roll * n_ret * n_bf * n_ov * n_av;
                    }
                }
            }
        }
    }
    debug_assert_eq!(outs.values().sum::<u64>(), total);
    (outs, total)
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
struct State {
    def: i64,
    att: i64,
    own: i64,
    surge: i64,
    stun: i64,
    att_discarded: bool,
}

#[derive(Debug, PartialEq)]
struct Want {
    counters_after: Vec<Vec<(i64, BigRational)>>,
    destroyed_by: Vec<BigRational>,
    attacker_destroyed_by: Vec<BigRational>,
}

/// The brute force; `None` when the first attack is illegal.
fn oracle(c: &Case) -> Option<Want> {
    let d = &c.def;
    let attackers = c.attackers();
    let first = attackers[0];
    let mut states: BTreeMap<State, BigRational> = BTreeMap::new();
    states.insert(
        State {
            def: d.damage,
            att: first.damage,
            own: 0,
            surge: 0,
            stun: 0,
            att_discarded: false,
        },
        BigRational::one(),
    );
    let mut want = Want {
        counters_after: vec![],
        destroyed_by: vec![],
        attacker_destroyed_by: vec![],
    };
    let mut cache = BTreeMap::new();
    for (k, &a) in attackers.iter().enumerate() {
        if !c.same() {
            // A fresh attacker: its own counters, no Stun, only the Surge passed on.
            cache.clear();
            let mut fresh = BTreeMap::new();
            for (s, w) in states {
                let s = State {
                    att: a.damage,
                    own: 0,
                    stun: 0,
                    att_discarded: false,
                    ..s
                };
                *fresh.entry(s).or_insert_with(BigRational::zero) += w;
            }
            states = fresh;
        }
        let mut next: BTreeMap<State, BigRational> = BTreeMap::new();
        for (s, w) in states {
            let stopped = s.def >= d.health || s.att_discarded;
            let hidden = d.stealth && !d.tapped && s.def == 0;
            if hidden && k == 0 {
                return None;
            }
            if stopped || hidden {
                *next.entry(s).or_insert_with(BigRational::zero) += w;
                continue;
            }
            let resilience = if a.resilience > 0 && s.att >= a.resilience {
                a.resilience
            } else {
                0
            };
            let dice =
                (a.power + resilience + a.overload + s.own + s.surge - s.stun - d.shields).max(0);
            let (outs, total) = one_attack(a, d, dice, s.def, &mut cache);
            for (o, n) in outs {
                let att = s.att + o.att;
                let t = State {
                    def: s.def + o.def,
                    att,
                    own: o.own,
                    surge: if o.surge { a.surge } else { 0 },
                    stun: s.stun + if o.stun { d.stun } else { 0 },
                    att_discarded: a.health.is_some_and(|h| att >= h),
                };
                *next.entry(t).or_insert_with(BigRational::zero) += &w * ratio(n, total);
            }
        }
        states = next;
        let mut counters: BTreeMap<i64, BigRational> = BTreeMap::new();
        let mut destroyed = BigRational::zero();
        let mut att_destroyed = BigRational::zero();
        for (s, w) in &states {
            *counters.entry(s.def).or_insert_with(BigRational::zero) += w;
            if s.def >= d.health {
                destroyed += w;
            }
            if s.att_discarded {
                att_destroyed += w;
            }
        }
        want.counters_after.push(counters.into_iter().collect());
        want.destroyed_by.push(destroyed);
        want.attacker_destroyed_by.push(att_destroyed);
    }
    Some(want)
}

fn check(c: &Case) -> Result<(), TestCaseError> {
    let ctx = c.describe();
    let got = sequence(&c.to_sequence());
    let Some(want) = oracle(c) else {
        prop_assert!(
            got.is_err(),
            "first attack illegal, engine answered: {}",
            ctx
        );
        return Ok(());
    };
    let got: SequenceResult = match got {
        Ok(g) => g,
        Err(e) => return Err(TestCaseError::fail(format!("engine refused {ctx}: {e}"))),
    };
    let n = c.attackers().len();
    prop_assert_eq!(got.counters_after.len(), n, "attacks: {}", ctx);
    for k in 0..n {
        prop_assert_eq!(
            got.counters_after[k].pmf(),
            want.counters_after[k].clone(),
            "counters after attack {}: {}",
            k + 1,
            ctx
        );
    }
    prop_assert_eq!(
        &got.destroyed_by,
        &want.destroyed_by,
        "destroyed_by: {}",
        ctx
    );
    let shots = got.shots_to_kill();
    let mut before = BigRational::zero();
    for (k, p) in want.destroyed_by.iter().enumerate() {
        prop_assert_eq!(
            &shots[k],
            &(p - &before),
            "shots_to_kill {}: {}",
            k + 1,
            ctx
        );
        before = p.clone();
    }
    prop_assert_eq!(
        got.survives(),
        BigRational::one() - before,
        "survives: {}",
        ctx
    );
    if let Who::Same(a, _) = &c.who {
        if a.health.is_some() {
            prop_assert_eq!(
                got.attacker_destroyed_by.as_ref(),
                Some(&want.attacker_destroyed_by),
                "attacker_destroyed_by: {}",
                ctx
            );
        }
    }
    Ok(())
}

/// One attacker attacking until the defender is destroyed, its attacks a cap: the attacks needed
/// are the brute force's shots to kill given a kill within the cap, and the rest is the chance
/// it outlasts the cap.
fn check_until_destroyed(c: &Case) -> Result<(), TestCaseError> {
    let (Who::Same(..), Some(want)) = (&c.who, oracle(c)) else {
        return Ok(());
    };
    let ctx = c.describe();
    let mut s = c.to_sequence();
    s.until = Until::Destroyed;
    let got = sequence(&s).map_err(|e| TestCaseError::fail(format!("{ctx}: {e}")))?;
    let killed = want.destroyed_by.last().unwrap().clone();
    prop_assert_eq!(got.survives(), BigRational::one() - &killed, "{}", ctx);
    let needed = got.attacks_needed();
    prop_assert_eq!(needed.is_none(), killed.is_zero(), "{}", ctx);
    let Some(needed) = needed else { return Ok(()) };
    let mut before = BigRational::zero();
    for (k, p) in (1..).zip(&want.destroyed_by) {
        prop_assert_eq!(
            needed.prob(k),
            (p - &before) / &killed,
            "k = {}: {}",
            k,
            ctx
        );
        before = p.clone();
    }
    Ok(())
}

fn run(c: &Case) {
    check(c).unwrap_or_else(|e| panic!("{e}"));
}

fn att(power: i64) -> Att {
    Att {
        power,
        ..Att::default()
    }
}

fn def(health: i64) -> Def {
    Def {
        health,
        ..Def::default()
    }
}

fn same(a: Att, n: usize, d: Def) -> Case {
    Case {
        who: Who::Same(a, n),
        def: d,
    }
}

fn engine(c: &Case) -> SequenceResult {
    sequence(&c.to_sequence()).unwrap()
}

#[test]
fn repeated_plain_attacks_and_closed_forms() {
    // Power 1 against Health 2, twice: both dice must hit, 1/4.
    let c = same(att(1), 2, def(2));
    run(&c);
    let r = engine(&c);
    assert_eq!(r.destroyed_by, vec![q(0, 1), q(1, 4)]);
    assert_eq!(
        r.counters_after[1].pmf(),
        vec![(0, q(1, 4)), (1, q(1, 2)), (2, q(1, 4))]
    );
    // Three attacks of Power 2 against Health 3 with a counter already on it.
    run(&same(
        att(2),
        3,
        Def {
            damage: 1,
            ..def(3)
        },
    ));
    // Armor, Shields, Parry, Evade and Critical Hit in every attack.
    run(&same(
        Att {
            critical: 1,
            accuracy: 1,
            ..att(3)
        },
        3,
        Def {
            armor: true,
            shields: 1,
            parry: 1,
            evade: 1,
            ..def(4)
        },
    ));
}

#[test]
fn until_destroyed_power_1_is_a_negative_binomial() {
    // One die hitting on 4+ against Health 3: the third hit ends it, so
    // P(T = n) = C(n - 1, 2) / 2^n, and within a cap of 40 the rest outlasts it.
    let cap = 40;
    let mut s = same(att(1), cap, def(3)).to_sequence();
    s.until = Until::Destroyed;
    let got = sequence(&s).unwrap();
    let needed = got.attacks_needed().unwrap();
    let mut killed = BigRational::zero();
    for n in 3..=cap as i64 {
        let p =
            q((n - 1) * (n - 2) / 2, 1) / BigRational::from_integer(BigInt::from(2).pow(n as u32));
        killed += &p;
        assert_eq!(got.shots_to_kill()[n as usize - 1], p, "P(T = {n})");
    }
    assert_eq!(got.survives(), BigRational::one() - &killed);
    assert_eq!(needed.min(), 3);
    assert_eq!(needed.prob(3), q(1, 8) / &killed);
}

#[test]
fn until_destroyed_stops_once_every_path_has_ended() {
    // Two dice that always hit (Accuracy 5) place 2 counters an attack: Health 3 falls at the
    // second attack, whatever the cap.
    let mut a = att(2);
    a.accuracy = 5;
    let mut s = same(a, 100, def(3)).to_sequence();
    s.until = Until::Destroyed;
    let got = sequence(&s).unwrap();
    assert_eq!(
        got.destroyed_by.len(),
        2,
        "no attack after the last path ended"
    );
    assert_eq!(got.attacks_needed().unwrap().prob(2), q(1, 1));
    assert!(got.survives().is_zero());
}

// hardening: sequence-states
#[test]
fn until_destroyed_without_a_cap_stops_before_the_state_limit_and_says_where() {
    use holodice_engine::swtcg::sequence::MAX_STATES;
    // Power 4 against Health 10000: attack k (from 0) starts from the 4k + 1 counter values
    // k attacks can leave. The cap is the most attacks whose starting states fit the limit.
    let mut held = 0;
    let expected = (0..)
        .find(|&k| {
            held += 4 * k + 1;
            held > MAX_STATES
        })
        .unwrap();
    let mut s = same(att(4), 100, def(10_000)).to_sequence();
    s.until = Until::DestroyedWithinLimits;
    let got = sequence(&s).unwrap();
    assert_eq!(got.cap, expected);
    assert_eq!(got.destroyed_by.len(), expected);
    let note = format!("the attacks stop at {expected}, not 100");
    assert!(
        got.notes.iter().any(|n| n.to_string().contains(&note)),
        "{:?}",
        got.notes
    );
    // A cap the user gave is kept, or refused before the attack that would pass the limit.
    s.until = Until::Destroyed;
    let refused = sequence(&s).unwrap_err().to_string();
    assert!(
        refused.contains(&format!("first {} attacks", expected + 1)),
        "{refused}"
    );
}

// hardening: sequence-merge
#[test]
fn weights_that_outgrow_the_merge_limit_are_refused_with_the_limit_and_the_attack() {
    use holodice_engine::swtcg::sequence::MAX_MERGE_WORK;
    // 300 dice against Health 60: after the first attack a few live states and hundreds of
    // ended ones are carried, each weight some 775 bits longer with every attack.
    let s = same(att(300), 100, def(60)).to_sequence();
    let refused = sequence(&s).unwrap_err().to_string();
    assert!(
        refused.contains("too large to merge by attack"),
        "{refused}"
    );
    assert!(refused.contains(&MAX_MERGE_WORK.to_string()), "{refused}");
    assert!(refused.contains("give fewer attacks"), "{refused}");
}

// hardening: sequence-merge
#[test]
fn merges_bound_to_pass_the_limit_are_refused_after_the_first_attack() {
    use holodice_engine::swtcg::sequence::MAX_MERGE_WORK;
    // Power 700 against Health 99 leaves 0 to 700 counters: 701 states, 602 of them ended, over
    // 6^700. The untouched start state attacks again every time, so merge k (from 0) handles at
    // least those 602 + 701 states, over a denominator of at least (6^700)^k times a branch of
    // 6^700; the first handles 701 states over 6^700.
    let bits = BigInt::from(6).pow(700).bits();
    let words = |k: u64| (k * (bits - 1) + 1 + bits) / 64 + 1;
    let mut merged = 701 * words(0);
    let predicted = (1..)
        .find(|&k| {
            merged += 1303 * words(k);
            merged > MAX_MERGE_WORK
        })
        .unwrap();
    let mut s = same(att(700), 100, def(99)).to_sequence();
    let refused = sequence(&s).unwrap_err().to_string();
    let named = format!("too large to merge by attack {} ", predicted + 1);
    assert!(refused.contains(&named), "{refused}");
    // A lower bound: the attacks made one by one pass a limit no later.
    s.until = Until::DestroyedWithinLimits;
    assert!(sequence(&s).unwrap().cap <= predicted as usize);
}

#[test]
fn focus_powers_the_next_attack_only() {
    // Three counters after two attacks: the first die hits on a natural 5 (Focus), then both
    // dice hit: 1/6 × 1/4.
    let c = same(Att { focus: 1, ..att(1) }, 2, def(10));
    run(&c);
    assert_eq!(engine(&c).counters_after[1].prob(3), q(1, 24));
    // Over three attacks the third attack's power depends on the second roll only.
    run(&same(Att { focus: 2, ..att(1) }, 3, def(10)));
}

#[test]
fn attackers_absorb_gains_power_from_riposte_and_retaliate() {
    // Two counters: two hits in a row (1/4), or a natural 2 (a miss) whose Riposte 1 is
    // absorbed for +1 power, then two hits (1/6 × 1/4). Without Absorb it would be 1/4.
    let c = same(
        Att {
            absorb: 1,
            ..att(1)
        },
        2,
        Def {
            riposte: 1,
            ..def(10)
        },
    );
    run(&c);
    assert_eq!(engine(&c).counters_after[1].prob(2), q(7, 24));
    run(&same(
        Att {
            absorb: 1,
            health: Some(3),
            ..att(1)
        },
        3,
        Def {
            retaliate: 2,
            riposte: 1,
            ..def(10)
        },
    ));
    // The defender's Ferocity: nothing to absorb.
    run(&same(
        Att {
            absorb: 2,
            ..att(1)
        },
        2,
        Def {
            riposte: 1,
            retaliate: 1,
            ferocity: true,
            ..def(10)
        },
    ));
}

#[test]
fn attackers_surge_powers_its_next_attack_or_the_next_attacker() {
    // Three counters: a hit, Retaliate places a counter (Surge +1), then two hits:
    // 1/2 × 1/2 × 1/4.
    let c = same(
        Att {
            surge: 1,
            health: Some(5),
            ..att(1)
        },
        2,
        Def {
            retaliate: 1,
            ..def(10)
        },
    );
    run(&c);
    assert_eq!(engine(&c).counters_after[1].prob(3), q(1, 16));
    // Riposte and Retaliate both placing counters: one Surge for the attack.
    run(&same(
        Att { surge: 1, ..att(2) },
        3,
        Def {
            retaliate: 1,
            riposte: 1,
            ..def(10)
        },
    ));
    // Each mode: the Surge goes to the next attacker, Focus stays behind.
    let c = Case {
        who: Who::Each(vec![
            Att {
                surge: 2,
                focus: 2,
                ..att(1)
            },
            att(1),
        ]),
        def: Def {
            retaliate: 1,
            riposte: 1,
            ..def(10)
        },
    };
    run(&c);
    // The first attacker discarded by the Retaliate that makes it surge still passes the Surge
    // on: three counters need a hit, then Retaliate's hit, then two hits (1/2 × 1/2 × 1/4).
    let c = Case {
        who: Who::Each(vec![
            Att {
                surge: 1,
                health: Some(1),
                ..att(1)
            },
            att(1),
        ]),
        def: Def {
            retaliate: 1,
            ..def(10)
        },
    };
    run(&c);
    assert_eq!(engine(&c).counters_after[1].prob(3), q(1, 16));
    run(&Case {
        who: Who::Each(vec![
            Att { surge: 1, ..att(1) },
            Att { surge: 1, ..att(0) },
            att(1),
        ]),
        def: Def {
            retaliate: 1,
            ..def(10)
        },
    });
}

#[test]
fn defenders_stun_lowers_the_attackers_power_for_the_rest_of_the_sequence() {
    // Each Stun is another −X until the sequence ends: stunned twice, the third attack of
    // Power 2 rolls no dice.
    run(&same(
        att(2),
        3,
        Def {
            retaliate: 1,
            stun: 1,
            ..def(10)
        },
    ));
    run(&same(
        Att { evade: 1, ..att(3) },
        3,
        Def {
            riposte: 2,
            stun: 1,
            ..def(12)
        },
    ));
    // Riposte placing a counter (a natural 2) leaves the second attack without dice.
    let c = same(
        att(1),
        2,
        Def {
            riposte: 1,
            stun: 1,
            ..def(10)
        },
    );
    run(&c);
    // No counter: a 1 or a 3, then a miss (1/3 × 1/2), or a 2 and no die left (1/6).
    assert_eq!(engine(&c).counters_after[1].prob(0), q(1, 3));
}

#[test]
fn attackers_resilience_after_its_counters_reach_x() {
    run(&same(
        Att {
            resilience: 1,
            health: Some(5),
            ..att(1)
        },
        3,
        Def {
            riposte: 1,
            ..def(10)
        },
    ));
    run(&same(
        Att {
            resilience: 2,
            damage: 1,
            ..att(1)
        },
        3,
        Def {
            retaliate: 1,
            ..def(10)
        },
    ));
}

#[test]
fn attacker_discarded_by_retaliate_backfire_or_overload_stops_attacking() {
    let c = same(
        Att {
            health: Some(1),
            ..att(2)
        },
        3,
        Def {
            retaliate: 1,
            ..def(10)
        },
    );
    run(&c);
    assert_eq!(
        engine(&c).attacker_destroyed_by,
        Some(vec![q(1, 2), q(3, 4), q(7, 8)])
    );
    run(&same(
        Att {
            health: Some(2),
            backfire: 1,
            ..att(2)
        },
        3,
        def(10),
    ));
    run(&same(
        Att {
            health: Some(2),
            overload: 1,
            ..att(1)
        },
        3,
        def(10),
    ));
    // Absorb gains power from its own Overload and Backfire dice too.
    run(&same(
        Att {
            health: Some(3),
            overload: 1,
            backfire: 1,
            absorb: 1,
            ..att(1)
        },
        3,
        def(10),
    ));
    // The attacker's own Ferocity makes its Backfire and Overload dice unpreventable.
    run(&same(
        Att {
            health: Some(2),
            overload: 1,
            backfire: 1,
            absorb: 1,
            ferocity: true,
            ..att(1)
        },
        2,
        def(10),
    ));
}

#[test]
fn stealth_defender() {
    let hidden = Def {
        stealth: true,
        ..def(3)
    };
    // Untapped and undamaged: the first attack is illegal.
    assert!(sequence(&same(att(2), 2, hidden.clone()).to_sequence()).is_err());
    run(&same(att(2), 2, hidden.clone()));
    // Tapped or damaged: legal throughout, the same as without Stealth. (Counters never go
    // down and a sequence taps nothing, so a later attack from a hidden state, which the rules
    // skip, cannot arise once the first attack is legal.)
    for d in [
        Def {
            tapped: true,
            ..hidden.clone()
        },
        Def {
            damage: 1,
            ..hidden.clone()
        },
    ] {
        let c = same(att(2), 3, d.clone());
        run(&c);
        let plain = same(
            att(2),
            3,
            Def {
                stealth: false,
                tapped: false,
                ..d
            },
        );
        assert_eq!(engine(&c).destroyed_by, engine(&plain).destroyed_by);
    }
}

#[test]
fn each_mode_with_different_attackers() {
    run(&Case {
        who: Who::Each(vec![
            Att {
                critical: 1,
                ..att(2)
            },
            Att {
                accuracy: 1,
                focus: 1,
                ..att(1)
            },
            Att {
                resilience: 1,
                damage: 1,
                health: Some(3),
                ..att(1)
            },
        ]),
        def: Def {
            parry: 1,
            riposte: 1,
            ..def(4)
        },
    });
}

#[test]
fn defender_discarded_stops_the_sequence() {
    // Power 3 against Health 1: no Retaliate after the attack that discards it.
    let c = same(
        Att {
            health: Some(1),
            ..att(3)
        },
        3,
        Def {
            retaliate: 1,
            ..def(1)
        },
    );
    run(&c);
    let r = engine(&c);
    // Discarded by the first attack with 7/8; Retaliate still hits (1/2) when it ends.
    assert_eq!(r.destroyed_by[0], q(7, 8));
    // Each attack from a live pair: Retaliate discards the attacker with 1/2, and the pair
    // lives on only if the attacker survives (1/2) and the defender too (1/8).
    assert_eq!(
        r.attacker_destroyed_by.unwrap()[2],
        q(1, 2) + q(1, 32) + q(1, 512)
    );
    // Avenge is an ally's dice: the defender's Ferocity does not stop the attacker's Evade.
    let c = same(
        Att {
            health: Some(1),
            evade: 1,
            ..att(2)
        },
        2,
        Def {
            avenge: 1,
            ferocity: true,
            ..def(1)
        },
    );
    run(&c);
    assert_eq!(
        engine(&c).attacker_destroyed_by,
        Some(vec![q(0, 1), q(0, 1)])
    );
    // Avenge answers only the attack that discards the defender.
    run(&same(
        Att {
            health: Some(2),
            surge: 1,
            ..att(1)
        },
        3,
        Def {
            avenge: 2,
            ..def(2)
        },
    ));
}

fn attacker() -> impl Strategy<Value = Att> {
    (
        (0i64..=3, -1i64..=1, 0i64..=1, 0i64..=2, 0i64..=1, 0i64..=1),
        (0i64..=2, 0i64..=2, proptest::option::of(1i64..=3), 0i64..=2),
        (0i64..=1, 0i64..=1, proptest::bool::weighted(0.15)),
    )
        .prop_map(
            |(
                (power, accuracy, critical, focus, absorb, evade),
                (surge, resilience, health, damage),
                (backfire, overload, ferocity),
            )| Att {
                power,
                accuracy,
                critical,
                focus,
                absorb,
                evade,
                surge,
                resilience,
                health: health.map(|h| h + damage),
                damage,
                backfire,
                overload,
                ferocity,
            },
        )
}

fn defender() -> impl Strategy<Value = Def> {
    (
        (1i64..=5, 0i64..=2, proptest::bool::weighted(0.3), 0i64..=1),
        (0i64..=1, 0i64..=1, 0i64..=2, 0i64..=2, 0i64..=1, 0i64..=2),
        (
            proptest::bool::weighted(0.2),
            any::<bool>(),
            proptest::bool::weighted(0.15),
        ),
    )
        .prop_map(
            |(
                (health, damage, armor, shields),
                (parry, evade, riposte, retaliate, avenge, stun),
                (stealth, tapped, ferocity),
            )| Def {
                health: health + damage,
                damage,
                armor,
                shields,
                parry,
                evade,
                riposte,
                retaliate,
                avenge,
                stun,
                stealth,
                tapped,
                ferocity,
            },
        )
}

/// The most dice any attack of the case may roll (carried power at its largest).
fn max_dice(c: &Case) -> i64 {
    let d = &c.def;
    let atts = c.attackers();
    let surge = atts.iter().map(|a| a.surge).max().unwrap_or(0);
    atts.iter()
        .map(|a| {
            let own = if c.same() {
                a.focus
                    + a.absorb.min(d.riposte)
                    + a.absorb.min(d.retaliate)
                    + a.absorb.min(d.avenge)
                    + a.absorb.min(a.backfire)
                    + a.absorb.min(a.overload)
            } else {
                0
            };
            (a.power + a.resilience + a.overload + own + surge - d.shields).max(0)
        })
        .max()
        .unwrap()
}

fn cases() -> impl Strategy<Value = Case> {
    let who = prop_oneof![
        (attacker(), 1usize..=3).prop_map(|(a, n)| Who::Same(a, n)),
        proptest::collection::vec(attacker(), 2..=3).prop_map(Who::Each),
    ];
    (who, defender())
        .prop_map(|(who, def)| Case { who, def })
        .prop_filter("tiny pools for the brute force", |c| max_dice(c) <= 5)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn engine_matches_brute_force_over_random_sequences(c in cases()) {
        check(&c)?;
        check_until_destroyed(&c)?;
    }
}
