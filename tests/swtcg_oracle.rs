//! The SWTCG attack engine against a brute force that rolls every face of every die.
//!
//! The oracle below shares nothing with the engine but the SPEC text it is given: it enumerates
//! each sequence of natural faces (power dice, then Fury's extra dice when the initial roll shows
//! a 4), applies the rules reference die by die, and counts. Property tests compare the two
//! exactly over random keyword mixes and rule options; closed forms check large pools.

use holodice::swtcg::{attack::attack, rules::Rules, spec::Unit};
use num_bigint::BigInt;
use num_rational::BigRational;
use proptest::prelude::*;
use std::collections::BTreeMap;

#[derive(Debug, Clone, Default)]
struct Readings {
    auto_hit: bool,
    fury_dice_not_triggers: bool,
    crit_needs_hit: bool,
    crit_unpreventable: bool,
    double_first: bool,
    double_all: bool,
    foresight_damage: bool,
    no_riposte_after_discard: bool,
}

impl Readings {
    fn rules(&self) -> Rules {
        let mut r = Rules::default();
        let pairs = [
            (self.auto_hit, "auto-hit=yes"),
            (self.fury_dice_not_triggers, "fury-dice-triggers=no"),
            (self.crit_needs_hit, "critical-hit-needs-hit=yes"),
            (self.crit_unpreventable, "critical-hit-preventable=no"),
            (self.double_first, "prevent-before-double=no"),
            (self.double_all, "double-damage=all-damage"),
            (self.foresight_damage, "foresight=damage"),
            (self.no_riposte_after_discard, "riposte-after-discard=no"),
        ];
        for (on, setting) in pairs {
            if on {
                r.set(setting).unwrap();
            }
        }
        r
    }
}

/// Everything an attack can say, as plain numbers.
#[derive(Debug, Clone, Default)]
struct Case {
    power: i64,
    accuracy: i64,
    critical: i64,
    fury: i64,
    focus: i64,
    foresight: bool,
    double: bool,
    ferocity: bool,
    att_health: Option<i64>,
    att_damage: i64,
    att_resilience: i64,
    att_evade: i64,
    att_absorb: i64,
    armor: bool,
    shields: i64,
    parry: i64,
    riposte: i64,
    evade: i64,
    absorb: i64,
    def_health: Option<i64>,
    def_damage: i64,
    def_resilience: i64,
    def_double: bool,
    def_ferocity: bool,
    readings: Readings,
}

impl Case {
    fn specs(&self) -> (String, String) {
        let mut a = vec![format!("Power {}", self.power)];
        let mut d = vec![];
        let num = |v: &mut Vec<String>, name: &str, x: i64| {
            if x != 0 {
                v.push(format!("{name} {x}"));
            }
        };
        num(&mut a, "Accuracy", self.accuracy);
        num(&mut a, "Critical Hit", self.critical);
        num(&mut a, "Fury", self.fury);
        num(&mut a, "Focus", self.focus);
        num(&mut a, "Damage", self.att_damage);
        num(&mut a, "Resilience", self.att_resilience);
        num(&mut a, "Evade", self.att_evade);
        num(&mut a, "Absorb", self.att_absorb);
        num(&mut d, "Shields", self.shields);
        num(&mut d, "Parry", self.parry);
        num(&mut d, "Riposte", self.riposte);
        num(&mut d, "Evade", self.evade);
        num(&mut d, "Absorb", self.absorb);
        num(&mut d, "Damage", self.def_damage);
        num(&mut d, "Resilience", self.def_resilience);
        if let Some(h) = self.att_health {
            a.push(format!("Health {h}"));
        }
        if let Some(h) = self.def_health {
            d.push(format!("Health {h}"));
        }
        for (on, name) in [
            (self.foresight, "Foresight"),
            (self.double, "Double Damage"),
            (self.ferocity, "Ferocity"),
        ] {
            if on {
                a.push(name.to_string());
            }
        }
        for (on, name) in [
            (self.armor, "Armor"),
            (self.def_double, "Double Damage"),
            (self.def_ferocity, "Ferocity"),
        ] {
            if on {
                d.push(name.to_string());
            }
        }
        (a.join(", "), d.join(", "))
    }

    fn dice(&self) -> i64 {
        let resilience = if self.att_resilience > 0 && self.att_damage >= self.att_resilience {
            self.att_resilience
        } else {
            0
        };
        (self.power + resilience - self.shields).max(0)
    }
}

/// Counts of each outcome over all equally likely face sequences, and their number.
#[derive(Debug, Default)]
struct Tally {
    total: u64,
    vars: BTreeMap<&'static str, BTreeMap<i64, u64>>,
}

impl Tally {
    fn add(&mut self, var: &'static str, x: i64, w: u64) {
        *self.vars.entry(var).or_default().entry(x).or_default() += w;
    }

    fn pmf(&self, var: &str) -> Vec<(i64, BigRational)> {
        self.vars[var]
            .iter()
            .filter(|(_, &c)| c > 0)
            .map(|(&x, &c)| (x, ratio(c, self.total)))
            .collect()
    }

    fn prob(&self, var: &str) -> BigRational {
        ratio(self.vars[var].get(&1).copied().unwrap_or(0), self.total)
    }
}

fn ratio(n: u64, d: u64) -> BigRational {
    BigRational::new(BigInt::from(n), BigInt::from(d))
}

/// All sequences of `n` natural faces.
fn sequences(n: i64) -> impl Iterator<Item = Vec<i64>> {
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

/// Prevention as the rules reference orders it: the receiver's Absorb first (it gains the most
/// power), then fixed prevention, then Evade; `mult` counters per damage, applied after
/// prevention or before it. Returns (counters, absorbed).
fn prevent(
    pending: i64,
    unpreventable: i64,
    fixed: i64,
    evade: i64,
    absorb: i64,
    mult: i64,
    prevent_first: bool,
) -> (i64, i64) {
    let scale = if prevent_first { 1 } else { mult };
    let mut damage = pending * scale;
    let mut room = damage - unpreventable * scale;
    let mut absorbed = 0;
    for _ in 0..absorb {
        if room > 0 {
            room -= 1;
            damage -= 1;
            absorbed += 1;
        }
    }
    for _ in 0..fixed + evade {
        if room > 0 {
            room -= 1;
            damage -= 1;
        }
    }
    (if prevent_first { damage * mult } else { damage }, absorbed)
}

fn oracle(c: &Case) -> Tally {
    let r = &c.readings;
    let hit_on = if c.armor { 5 } else { 4 };
    let hits = |f: i64| {
        if r.auto_hit && f == 6 {
            true
        } else if r.auto_hit && f == 1 {
            false
        } else {
            f + c.accuracy >= hit_on
        }
    };
    let n = c.dice();
    let mut t = Tally {
        total: 6u64.pow((n + c.fury) as u32),
        ..Tally::default()
    };
    for initial in sequences(n) {
        let fury = c.fury > 0 && initial.contains(&4);
        let focus = c.focus > 0 && initial.contains(&5);
        let (extra, weight) = if fury {
            (c.fury, 1)
        } else {
            (0, 6u64.pow(c.fury as u32))
        };
        for more in sequences(extra) {
            // The final roll: every die, each tagged with whether it may trigger final-roll keywords.
            let dice: Vec<(i64, bool)> = initial
                .iter()
                .map(|&f| (f, true))
                .chain(more.iter().map(|&f| (f, !r.fury_dice_not_triggers)))
                .collect();
            let shows = |face: i64, need_hit: bool| {
                dice.iter()
                    .any(|&(f, counts)| counts && f == face && (!need_hit || hits(f)))
            };
            let h = dice.iter().filter(|&&(f, _)| hits(f)).count() as i64;
            let crit = c.critical > 0 && shows(6, r.crit_needs_hit);
            let parry = c.parry > 0 && shows(1, false);
            let riposte = c.riposte > 0 && shows(2, false);
            let bonus = if crit { c.critical } else { 0 };
            let pending = h + bonus;
            let unpreventable = if c.ferocity {
                pending
            } else if r.crit_unpreventable {
                bonus
            } else {
                0
            };
            let (counters, absorbed) = prevent(
                pending,
                unpreventable,
                if parry { c.parry } else { 0 },
                c.evade,
                c.absorb,
                if c.double { 2 } else { 1 },
                !r.double_first,
            );
            let destroyed = c.def_health.is_some_and(|hp| c.def_damage + counters >= hp);
            let back = if riposte && !(destroyed && r.no_riposte_after_discard) {
                c.riposte
            } else {
                0
            };
            let (att_counters, att_absorbed) = prevent(
                back,
                if c.def_ferocity { back } else { 0 },
                0,
                c.att_evade,
                c.att_absorb,
                if c.def_double && r.double_all { 2 } else { 1 },
                !r.double_first,
            );
            t.add("hits", h, weight);
            t.add("pending", pending, weight);
            t.add("damage", counters, weight);
            t.add("attacker_damage", att_counters, weight);
            t.add("absorb", absorbed, weight);
            t.add("attacker_absorb", att_absorbed, weight);
            t.add("focus", if focus { c.focus } else { 0 }, weight);
            t.add("destroyed", i64::from(destroyed), weight);
            t.add(
                "attacker_destroyed",
                i64::from(
                    c.att_health
                        .is_some_and(|hp| c.att_damage + att_counters >= hp),
                ),
                weight,
            );
            t.add(
                "resilience",
                i64::from(
                    c.def_resilience > 0
                        && !destroyed
                        && c.def_damage + counters >= c.def_resilience,
                ),
                weight,
            );
            t.add("Critical Hit", i64::from(crit), weight);
            t.add("Fury", i64::from(fury), weight);
            t.add("Focus", i64::from(focus), weight);
            t.add("Parry", i64::from(parry), weight);
            t.add("Riposte", i64::from(riposte), weight);
        }
    }
    t
}

fn check(c: &Case) -> Result<(), TestCaseError> {
    let (a, d) = c.specs();
    let attacker = Unit::parse("attacker", &a).unwrap();
    let defender = Unit::parse("defender", &d).unwrap();
    let got = attack(&attacker, &defender, &c.readings.rules()).unwrap();
    let want = oracle(c);
    let ctx = format!("{a} | {d} | {:?}", c.readings);
    prop_assert_eq!(got.hits.pmf(), want.pmf("hits"), "hits: {}", ctx);
    prop_assert_eq!(got.damage.pmf(), want.pmf("damage"), "damage: {}", ctx);
    prop_assert_eq!(
        got.attacker_damage.pmf(),
        want.pmf("attacker_damage"),
        "attacker damage: {}",
        ctx
    );
    prop_assert_eq!(
        got.destroyed,
        c.def_health.map(|_| want.prob("destroyed")),
        "destroyed: {}",
        ctx
    );
    prop_assert_eq!(
        got.attacker_destroyed,
        c.att_health.map(|_| want.prob("attacker_destroyed")),
        "attacker destroyed: {}",
        ctx
    );
    for (name, p) in &got.triggers {
        prop_assert_eq!(p, &want.prob(name), "{} trigger: {}", name, ctx);
    }
    let present = [
        ("Critical Hit", c.critical),
        ("Fury", c.fury),
        ("Focus", c.focus),
        ("Parry", c.parry),
        ("Riposte", c.riposte),
    ]
    .iter()
    .filter(|(_, x)| *x > 0)
    .count();
    prop_assert_eq!(got.triggers.len(), present, "triggers listed: {}", ctx);
    if c.focus > 0 {
        prop_assert_eq!(got.focus_power.unwrap().pmf(), want.pmf("focus"), "{}", ctx);
    }
    if c.absorb > 0 {
        prop_assert_eq!(
            got.absorb_power.unwrap().pmf(),
            want.pmf("absorb"),
            "{}",
            ctx
        );
    }
    if c.att_absorb > 0 && c.riposte > 0 {
        prop_assert_eq!(
            got.attacker_absorb_power.unwrap().pmf(),
            want.pmf("attacker_absorb"),
            "{}",
            ctx
        );
    }
    if c.def_resilience > 0 {
        prop_assert_eq!(
            got.defender_resilience,
            Some(want.prob("resilience")),
            "{}",
            ctx
        );
    }
    if c.foresight {
        let predicted = want.pmf(if c.readings.foresight_damage {
            "pending"
        } else {
            "hits"
        });
        let best = predicted.iter().map(|(_, p)| p).max().unwrap();
        let mode = predicted.iter().find(|(_, p)| p == best).unwrap();
        prop_assert_eq!(got.foresight, Some(mode.clone()), "foresight: {}", ctx);
    }
    Ok(())
}

fn readings() -> impl Strategy<Value = Readings> {
    proptest::collection::vec(any::<bool>(), 8).prop_map(|b| Readings {
        auto_hit: b[0],
        fury_dice_not_triggers: b[1],
        crit_needs_hit: b[2],
        crit_unpreventable: b[3],
        double_first: b[4],
        double_all: b[5],
        foresight_damage: b[6],
        no_riposte_after_discard: b[7],
    })
}

fn cases() -> impl Strategy<Value = Case> {
    let attacker = (
        0i64..=6,
        -4i64..=4,
        prop_oneof![Just(0i64), 1i64..=3],
        prop_oneof![Just(0i64), 1i64..=3],
        prop_oneof![Just(0i64), 1i64..=2],
        any::<(bool, bool, bool)>(),
        (proptest::option::of(1i64..=4), 0i64..=3, 0i64..=2),
        (0i64..=1, 0i64..=1),
    );
    let defender = (
        any::<bool>(),
        0i64..=2,
        (0i64..=2, 0i64..=2),
        (0i64..=2, 0i64..=2),
        (proptest::option::of(1i64..=8), 0i64..=3, 0i64..=3),
        any::<(bool, bool)>(),
    );
    (attacker, defender, readings())
        .prop_map(|(a, d, readings)| {
            let (power, accuracy, critical, fury, focus, flags, life, prevention) = a;
            let (armor, shields, (parry, riposte), (evade, absorb), dlife, dflags) = d;
            Case {
                power,
                accuracy,
                critical,
                fury,
                focus,
                foresight: flags.0,
                double: flags.1,
                ferocity: flags.2,
                att_health: life.0.map(|h| h + life.1),
                att_damage: life.1,
                att_resilience: life.2,
                att_evade: prevention.0,
                att_absorb: prevention.1,
                armor,
                shields,
                parry,
                riposte,
                evade,
                absorb,
                def_health: dlife.0.map(|h| h + dlife.1),
                def_damage: dlife.1,
                def_resilience: dlife.2,
                def_double: dflags.0,
                def_ferocity: dflags.1,
                readings,
            }
        })
        .prop_filter("at most 6 dice for the brute force", |c| {
            c.dice() + c.fury <= 6
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn engine_matches_brute_force_over_random_keyword_mixes(c in cases()) {
        check(&c)?;
    }
}

#[test]
fn brute_force_agrees_on_hand_picked_edge_cases() {
    let base = Case {
        power: 3,
        ..Case::default()
    };
    let cases = [
        // Accuracy +3 hits on every face; −3 misses even a six (no auto-hit).
        Case {
            accuracy: 3,
            ..base.clone()
        },
        Case {
            accuracy: -3,
            critical: 2,
            ..base.clone()
        },
        // Shields larger than power: no dice, yet Fury on the attacker must not fire.
        Case {
            shields: 2,
            power: 1,
            fury: 2,
            ..base.clone()
        },
        // Fury's dice carry Critical Hit, Parry and Riposte; Focus reads power dice only.
        Case {
            power: 2,
            fury: 3,
            critical: 1,
            focus: 1,
            parry: 1,
            riposte: 1,
            ..base.clone()
        },
        // Everything prevented, then doubled.
        Case {
            evade: 2,
            absorb: 2,
            double: true,
            def_health: Some(2),
            ..base.clone()
        },
        // Riposte against a discarded defender, read both ways.
        Case {
            riposte: 2,
            def_health: Some(1),
            att_health: Some(2),
            readings: Readings {
                no_riposte_after_discard: true,
                ..Readings::default()
            },
            ..base.clone()
        },
    ];
    for c in &cases {
        check(c).unwrap();
    }
}
