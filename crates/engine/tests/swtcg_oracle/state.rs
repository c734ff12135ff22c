//! The brute force of `swtcg_oracle` extended to the SPEC items that read the game state, to
//! choices, to `opponent loses:` and to Reroll. The engine gets the SPEC text; this oracle reads
//! the items itself, from what they mean (docs/rules.md, data/swtcg/keywords.yaml), and settles
//! each unit into the plain numbers of its parent's `U` before running its parent's brute force:
//!
//! - `+N power`, `+N health` add to the unit's power (every attack's dice, other arenas too) and
//!   Health; named counters (`Mastery Counters 2`) do nothing but be counted;
//! - X is a number or a count of the unit's own counters (`Damage N` or a named kind); an item
//!   worth `times`·X + `plus` takes that value, floored at 0 for a keyword that counts (Fury,
//!   Evade) and as it is for a signed one (Accuracy, power, health);
//! - `if TEST: ITEM` applies when the test holds as the attack starts: a count compared with a
//!   number, or the unit's role (the attacker is attacking; the defender, the secondary and the
//!   interceptor are defending);
//! - `opponent loses: K` takes every K from the other unit of the attack (the attacker's from the
//!   defender and the interceptor; the defending unit's from the attacker: the interceptor's when
//!   the attack moves to it, else the defender's), after the rest is settled;
//! - Reroll re-rolls any number of the attack dice: Lucky X with X every die the attack may roll
//!   (its power dice and Fury's);
//! - `choose: A / B`: every combination of options is an attack of its own, judged by the brute
//!   force; the attacker takes the one whose worst answer by the defender is best for it, the
//!   defender the worst for the attacker, the first listed on a tie. Greedy judges expected
//!   counters on the defender; optimal its objective (mean, destroy, atleast:K).
//!
//! Sequences and Double Strike settle the units again before each attack, from the counters the
//! earlier attacks left, and choose again: the oracle carries its own state between attacks
//! (counters on both units, power carried, Stun suffered) and settles each attack from it.
//!
//! Left out, as questions of their own: a change of Health that depends on the damage counters
//! (settled as the attack starts, it would not follow the counters the attack places), a Health
//! option chosen anew in a sequence (the engine refuses the sequence once one combination has
//! the unit discarded), the choices of an interceptor or a secondary (the engine refuses a
//! secondary's; an interceptor's is checked by hand in the test at the end).

use super::{
    check_against, lucky_unit_pair, mixes, objective_value, ratio, readings, within_size, Case,
    Oracle, Tally, U,
};
use crate::support::q;
use holodice_engine::policy::Objective;
use holodice_engine::swtcg::attack::{run, Attack, Scenario};
use holodice_engine::swtcg::sequence::{sequence, Attackers, Sequence, Until};
use holodice_engine::swtcg::unit::Unit;
use num_rational::BigRational;
use num_traits::Zero;
use proptest::prelude::*;
use std::collections::BTreeMap;

/// The named kinds of counters.
const KINDS: [&str; 5] = ["Mastery", "Redemption", "Corruption", "Captivity", "Credit"];

/// What X or a test counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Count {
    Damage,
    Named(usize),
    X,
}

/// What X is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum XIs {
    Number(i64),
    Damage,
    Named(usize),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Cmp {
    AtMost,
    AtLeast,
    Less,
    More,
    Equal,
}

impl Cmp {
    const ALL: [Cmp; 5] = [Cmp::AtMost, Cmp::AtLeast, Cmp::Less, Cmp::More, Cmp::Equal];

    fn holds(self, a: i64, b: i64) -> bool {
        match self {
            Cmp::AtMost => a <= b,
            Cmp::AtLeast => a >= b,
            Cmp::Less => a < b,
            Cmp::More => a > b,
            Cmp::Equal => a == b,
        }
    }

    fn text(self) -> &'static str {
        match self {
            Cmp::AtMost => "<=",
            Cmp::AtLeast => ">=",
            Cmp::Less => "<",
            Cmp::More => ">",
            Cmp::Equal => "=",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Test {
    Compare(Count, Cmp, i64),
    Attacking,
    Defending,
}

impl Test {
    fn text(self) -> String {
        match self {
            Test::Attacking => "attacking".into(),
            Test::Defending => "defending".into(),
            Test::Compare(c, cmp, n) => {
                let count = match c {
                    Count::Damage => "damage counters".to_string(),
                    Count::Named(k) => format!("{} counters", KINDS[k].to_lowercase()),
                    Count::X => "X".to_string(),
                };
                format!("{count} {} {n}", cmp.text())
            }
        }
    }
}

/// The keywords the new items carry, as the oracle applies them to a `U`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kw {
    Accuracy,
    Critical,
    Fury,
    Lucky,
    Evade,
    Shields,
    Absorb,
    Parry,
    Riposte,
    Armor,
    Overkill,
    Ferocity,
    Double,
    Reroll,
    Power,
    Health,
    /// `opponent loses: Armor`, `opponent loses: Accuracy` as an option of a choice.
    TakesArmor,
    TakesAccuracy,
}

impl Kw {
    fn name(self) -> &'static str {
        match self {
            Kw::Accuracy => "Accuracy",
            Kw::Critical => "Critical Hit",
            Kw::Fury => "Fury",
            Kw::Lucky => "Lucky",
            Kw::Evade => "Evade",
            Kw::Shields => "Shields",
            Kw::Absorb => "Absorb",
            Kw::Parry => "Parry",
            Kw::Riposte => "Riposte",
            Kw::Armor => "Armor",
            Kw::Overkill => "Overkill",
            Kw::Ferocity => "Ferocity",
            Kw::Double => "Double Damage",
            Kw::Reroll => "Reroll",
            Kw::Power => "power",
            Kw::Health => "health",
            Kw::TakesArmor => "opponent loses: Armor",
            Kw::TakesAccuracy => "opponent loses: Accuracy",
        }
    }

    /// A keyword without a value.
    fn flag(self) -> bool {
        matches!(
            self,
            Kw::Armor
                | Kw::Overkill
                | Kw::Ferocity
                | Kw::Double
                | Kw::Reroll
                | Kw::TakesArmor
                | Kw::TakesAccuracy
        )
    }

    /// A value that may be negative: Accuracy and the changes of power and health; the others
    /// count, so a value of X below 0 is 0.
    fn signed(self) -> bool {
        matches!(self, Kw::Accuracy | Kw::Power | Kw::Health)
    }

    /// The keyword's value `v` added to the unit (a flag set); Reroll noted in `reroll`.
    fn add(self, u: &mut U, reroll: &mut bool, v: i64) {
        match self {
            Kw::Accuracy => u.accuracy += v,
            Kw::Critical => u.critical += v,
            Kw::Fury => u.fury += v,
            Kw::Lucky => u.lucky += v,
            Kw::Evade => u.evade += v,
            Kw::Shields => u.shields += v,
            Kw::Absorb => u.absorb += v,
            Kw::Parry => u.parry += v,
            Kw::Riposte => u.riposte += v,
            Kw::Armor => u.armor = true,
            Kw::Overkill => u.overkill = true,
            Kw::Ferocity => u.ferocity = true,
            Kw::Double => u.double = true,
            Kw::Reroll => *reroll = true,
            Kw::Power => u.more_power += v,
            Kw::Health => u.more_health += v,
            // What the opponent loses: settled with the unit's `opponent loses:`.
            Kw::TakesArmor | Kw::TakesAccuracy => {}
        }
    }

    /// The unit without this keyword, whatever gave it.
    fn lose(self, u: &mut U, reroll: &mut bool) {
        match self {
            Kw::Accuracy => u.accuracy = 0,
            Kw::Critical => u.critical = 0,
            Kw::Fury => u.fury = 0,
            Kw::Lucky => u.lucky = 0,
            Kw::Evade => u.evade = 0,
            Kw::Shields => u.shields = 0,
            Kw::Absorb => u.absorb = 0,
            Kw::Parry => u.parry = 0,
            Kw::Riposte => u.riposte = 0,
            Kw::Armor => u.armor = false,
            Kw::Overkill => u.overkill = false,
            Kw::Ferocity => u.ferocity = false,
            Kw::Double => u.double = false,
            Kw::Reroll => *reroll = false,
            Kw::Power => u.more_power = 0,
            Kw::Health => u.more_health = 0,
            Kw::TakesArmor | Kw::TakesAccuracy => {}
        }
    }
}

/// An item's value: a number, or `times`·X + `plus`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Val {
    N(i64),
    PerX(i64, i64),
}

impl Val {
    fn text(self) -> String {
        match self {
            Val::N(n) => n.to_string(),
            Val::PerX(times, plus) => {
                let head = match times {
                    1 => "X".to_string(),
                    -1 => "-X".to_string(),
                    t => format!("{t}X"),
                };
                match plus {
                    0 => head,
                    p => format!("{head}{p:+}"),
                }
            }
        }
    }
}

/// One item, perhaps under a test.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct It {
    test: Option<Test>,
    kw: Kw,
    val: Val,
}

impl It {
    fn plain(kw: Kw, val: Val) -> It {
        It {
            test: None,
            kw,
            val,
        }
    }

    /// The item without its test, as a SPEC writes it.
    fn body(&self) -> String {
        let value = self.val.text();
        match self.kw {
            k if k.flag() => k.name().to_string(),
            Kw::Power | Kw::Health => {
                let sign = if value.starts_with('-') { "" } else { "+" };
                format!("{sign}{value} {}", self.kw.name())
            }
            k => format!("{} {value}", k.name()),
        }
    }

    fn text(&self) -> String {
        match self.test {
            None => self.body(),
            Some(t) => format!("if {}: {}", t.text(), self.body()),
        }
    }
}

/// What a unit's SPEC adds to its plain keywords.
#[derive(Debug, Clone, Default)]
struct Extra {
    /// Named counters: (kind, how many), one of each kind.
    counters: Vec<(usize, i64)>,
    x: Option<XIs>,
    items: Vec<It>,
    /// `opponent loses: …`.
    loses: Vec<Kw>,
    /// `choose: …`: each choice's options, each option's items.
    choices: Vec<Vec<Vec<It>>>,
}

/// An option as the engine names it: its items joined by "and", what it makes the opponent
/// lose last (as the engine spells a unit: its items, then `opponent loses:`).
fn option_text(items: &[It]) -> String {
    let takes = |i: &&It| matches!(i.kw, Kw::TakesArmor | Kw::TakesAccuracy);
    let (last, first): (Vec<&It>, Vec<&It>) = items.iter().partition(takes);
    first
        .into_iter()
        .chain(last)
        .map(It::text)
        .collect::<Vec<_>>()
        .join(" and ")
}

/// What a unit makes its opponent lose with the options `taken`: its `opponent loses:` and
/// those of its options.
fn loses(e: &Extra, taken: &[usize]) -> Vec<Kw> {
    let mut out = e.loses.clone();
    for (options, &i) in e.choices.iter().zip(taken) {
        out.extend(options[i].iter().filter_map(|it| match it.kw {
            Kw::TakesArmor => Some(Kw::Armor),
            Kw::TakesAccuracy => Some(Kw::Accuracy),
            _ => None,
        }));
    }
    out
}

impl Extra {
    fn texts(&self) -> Vec<String> {
        let mut v: Vec<String> = self
            .counters
            .iter()
            .map(|&(k, n)| format!("{} Counters {n}", KINDS[k]))
            .collect();
        v.extend(self.items.iter().map(It::text));
        v.extend(self.x.map(|x| match x {
            XIs::Number(n) => format!("X = {n}"),
            XIs::Damage => "X = damage counters".into(),
            XIs::Named(k) => format!("X = {} counters", KINDS[k].to_lowercase()),
        }));
        if !self.loses.is_empty() {
            let names: Vec<&str> = self.loses.iter().map(|k| k.name()).collect();
            v.push(format!("opponent loses: {}", names.join(" and ")));
        }
        for options in &self.choices {
            let options: Vec<String> = options.iter().map(|o| option_text(o)).collect();
            v.push(format!("choose: {}", options.join(" / ")));
        }
        v
    }

    /// Every combination of options (an option index per choice), the first choice's option
    /// varying slowest: the order "first listed" reads.
    fn combinations(&self) -> Vec<Vec<usize>> {
        let mut out = vec![vec![]];
        for options in &self.choices {
            out = out
                .into_iter()
                .flat_map(|taken: Vec<usize>| {
                    (0..options.len()).map(move |i| {
                        let mut t = taken.clone();
                        t.push(i);
                        t
                    })
                })
                .collect();
        }
        out
    }

    /// The generator's raw draw made a SPEC: one count of each kind, X given when read, counted
    /// keywords with whole values, a change of Health that never depends on the damage counters
    /// (they change during the attack: whether it reads them as they were is another question).
    fn tidy(mut self) -> Extra {
        let mut seen = vec![];
        self.counters.retain(|&(k, _)| {
            let new = !seen.contains(&k);
            seen.push(k);
            new
        });
        let mut lost = vec![];
        self.loses.retain(|&k| {
            let new = !lost.contains(&k);
            lost.push(k);
            new
        });
        let x = self.x;
        let fix = |i: &mut It| {
            if x.is_none() {
                if let Val::PerX(_, plus) = i.val {
                    i.val = Val::N(plus.abs());
                }
                if let Some(Test::Compare(c @ Count::X, ..)) = &mut i.test {
                    *c = Count::Damage;
                }
            }
            if matches!(i.kw, Kw::TakesArmor | Kw::TakesAccuracy) {
                // `opponent loses:` takes no test.
                i.test = None;
            }
            if i.kw == Kw::Health {
                let by_damage =
                    |c: Count| c == Count::Damage || (c == Count::X && x == Some(XIs::Damage));
                if matches!(i.test, Some(Test::Compare(c, ..)) if by_damage(c)) {
                    i.test = None;
                }
                if matches!(i.val, Val::PerX(..)) && x == Some(XIs::Damage) {
                    i.val = Val::N(1);
                }
            }
            match i.val {
                Val::N(n) if !i.kw.signed() => i.val = Val::N(n.abs()),
                Val::N(0) if matches!(i.kw, Kw::Power | Kw::Health) => i.val = Val::N(1),
                _ => {}
            }
        };
        self.items.iter_mut().for_each(fix);
        self.choices.iter_mut().flatten().flatten().for_each(fix);
        self
    }

    /// The same without re-rolls (`instead` in the options that had them): for the optimal
    /// policy's full distributions.
    fn without_rerolls(mut self, instead: Kw) -> Extra {
        let keep = |i: &It| !matches!(i.kw, Kw::Lucky | Kw::Reroll);
        self.items.retain(keep);
        for options in &mut self.choices {
            for o in options.iter_mut() {
                for i in o.iter_mut().filter(|i| !keep(i)) {
                    i.kw = instead;
                    i.val = Val::N(1);
                }
            }
        }
        self
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Role {
    Attacking,
    Defending,
}

/// The unit `base` with `e` settled as the attack starts, in `role`, the options `taken`: its
/// plain numbers, and whether it has Reroll.
fn settle(base: &U, e: &Extra, role: Role, taken: &[usize]) -> (U, bool) {
    let named = |k: usize| {
        e.counters
            .iter()
            .find(|(kind, _)| *kind == k)
            .map_or(0, |c| c.1)
    };
    let x = e.x.map(|x| match x {
        XIs::Number(n) => n,
        XIs::Damage => base.damage,
        XIs::Named(k) => named(k),
    });
    let count = |c: Count| match c {
        Count::Damage => base.damage,
        Count::Named(k) => named(k),
        Count::X => x.expect("X is given"),
    };
    let holds = |t: Option<Test>| match t {
        None => true,
        Some(Test::Attacking) => role == Role::Attacking,
        Some(Test::Defending) => role == Role::Defending,
        Some(Test::Compare(c, cmp, n)) => cmp.holds(count(c), n),
    };
    let mut u = base.clone();
    let mut reroll = false;
    let options = e
        .choices
        .iter()
        .zip(taken)
        .flat_map(|(options, &i)| options[i].iter());
    for it in e.items.iter().chain(options) {
        if !holds(it.test) {
            continue;
        }
        let v = match it.val {
            Val::N(n) => n,
            Val::PerX(times, plus) => times * x.expect("X is given") + plus,
        };
        let v = if it.kw.signed() { v } else { v.max(0) };
        it.kw.add(&mut u, &mut reroll, v);
    }
    (u, reroll)
}

/// An attack whose units carry the new items: the plain units of `c` and what each SPEC adds.
#[derive(Debug, Clone)]
struct Stated {
    c: Case,
    a: Extra,
    d: Extra,
    sec: Extra,
    int: Extra,
}

fn spec(base: &U, e: &Extra, power: bool) -> String {
    let mut v = vec![];
    let plain = base.spec(power);
    if !plain.is_empty() {
        v.push(plain);
    }
    v.extend(e.texts());
    v.join(", ")
}

impl Stated {
    fn unit(&self, role: &str, base: &U, e: &Extra, power: bool) -> Unit {
        let text = spec(base, e, power);
        Unit::parse(role, &text).unwrap_or_else(|e| panic!("{text}: {e}"))
    }

    fn scenario(&self) -> Scenario {
        let c = &self.c;
        Scenario {
            attacker: self.unit("attacker", &c.a, &self.a, true),
            defender: self.unit("defender", &c.d, &self.d, false),
            secondary: c
                .secondary
                .as_ref()
                .map(|u| self.unit("secondary", u, &self.sec, false)),
            interceptor: c
                .interceptor
                .as_ref()
                .map(|u| self.unit("interceptor", u, &self.int, false)),
            ..c.scenario()
        }
    }

    fn describe(&self) -> String {
        let c = &self.c;
        format!(
            "--attacker '{}' --defender '{}'{}{}{}{} carried {} {:?} {:?}",
            spec(&c.a, &self.a, true),
            spec(&c.d, &self.d, false),
            c.secondary
                .as_ref()
                .map(|u| format!(" --secondary '{}'", spec(u, &self.sec, false)))
                .unwrap_or_default(),
            c.interceptor
                .as_ref()
                .map(|u| format!(" --interceptor '{}'", spec(u, &self.int, false)))
                .unwrap_or_default(),
            c.mode.map(|m| format!(" --mode {m:?}")).unwrap_or_default(),
            if c.optimal { " --policy optimal" } else { "" },
            c.carried,
            c.objective,
            c.readings,
        )
    }

    /// The attack as plain numbers, the options `att` and `def` taken.
    fn settled(&self, att: &[usize], def: &[usize]) -> Case {
        let c = &self.c;
        let (a, mut a_reroll) = settle(&c.a, &self.a, Role::Attacking, att);
        let (mut d, mut d_reroll) = settle(&c.d, &self.d, Role::Defending, def);
        let secondary = c
            .secondary
            .as_ref()
            .map(|u| settle(u, &self.sec, Role::Defending, &[]).0);
        let mut interceptor = c
            .interceptor
            .as_ref()
            .map(|u| settle(u, &self.int, Role::Defending, &[]));
        for k in &loses(&self.a, att) {
            k.lose(&mut d, &mut d_reroll);
            if let Some((i, reroll)) = &mut interceptor {
                k.lose(i, reroll);
            }
        }
        let i_reroll = interceptor.as_ref().is_some_and(|i| i.1);
        let mut out = Case {
            a,
            d,
            secondary,
            interceptor: interceptor.map(|i| i.0),
            ..c.clone()
        };
        // The defending unit makes the attacker lose its keywords: the interceptor when the
        // attack moves to it ("becomes the defending unit"), the defender otherwise.
        let moved = out.target().is_some_and(|(_, moved)| moved);
        let lost = match moved {
            true => loses(&self.int, &[]),
            false => loses(&self.d, def),
        };
        for k in &lost {
            k.lose(&mut out.a, &mut a_reroll);
        }
        // Reroll: every die the attack may roll.
        let all = out.dice() + out.a.fury;
        if a_reroll {
            out.a.lucky = all;
        }
        if d_reroll {
            out.d.lucky = all;
        }
        if let (true, Some(i)) = (i_reroll, &mut out.interceptor) {
            i.lucky = all;
        }
        out
    }

    /// The same attack from another point of a sequence: counters on the defender and on the
    /// attacker, and the power it carries.
    fn at(&self, b: &Between) -> Stated {
        let mut next = self.clone();
        next.c.d.damage = b.def;
        next.c.a.damage = b.att;
        next.c.carried = b.next_power - b.stunned;
        next
    }

    /// Every combination of both units' options, settled.
    fn all_settled(&self) -> Vec<Case> {
        let def = self.d.combinations();
        self.a
            .combinations()
            .iter()
            .flat_map(|a| def.iter().map(|d| self.settled(a, d)))
            .collect()
    }

    /// The options the policy takes: each attacker combination meets the defender's answer worst
    /// for the attacker (the first such), and the attacker takes the combination whose answer is
    /// best for it (the first such).
    fn choose(&self) -> (Vec<usize>, Vec<usize>) {
        if self.a.choices.is_empty() && self.d.choices.is_empty() {
            return (vec![], vec![]);
        }
        let (att, def) = (self.a.combinations(), self.d.combinations());
        let mut best: Option<(BigRational, usize, usize)> = None;
        for (i, a) in att.iter().enumerate() {
            let mut worst: Option<(BigRational, usize)> = None;
            for (j, d) in def.iter().enumerate() {
                let w = worth(&self.settled(a, d));
                if worst.as_ref().is_none_or(|(v, _)| w < *v) {
                    worst = Some((w, j));
                }
            }
            let (w, j) = worst.expect("one combination at least");
            if best.as_ref().is_none_or(|(v, ..)| w > *v) {
                best = Some((w, i, j));
            }
        }
        let (_, i, j) = best.expect("one combination at least");
        (att[i].clone(), def[j].clone())
    }

    /// What the engine should say was chosen: (role, option, every option), attacker first.
    fn chosen(&self, att: &[usize], def: &[usize]) -> Vec<(&'static str, String, Vec<String>)> {
        let mut out = vec![];
        for (role, e, taken) in [("attacker", &self.a, att), ("defender", &self.d, def)] {
            for (options, &i) in e.choices.iter().zip(taken) {
                let names: Vec<String> = options.iter().map(|o| option_text(o)).collect();
                out.push((role, names[i].clone(), names));
            }
        }
        out
    }
}

/// What the policy weighs a combination by: expected counters (greedy), or the objective's
/// value under the optimal re-rolls.
fn worth(c: &Case) -> BigRational {
    let o = Oracle::new(c).expect("every combination is a legal attack");
    if c.optimal {
        return o.optimal();
    }
    mean(&o.tally())
}

fn mean(t: &Tally) -> BigRational {
    t.pmf("damage")
        .into_iter()
        .fold(BigRational::zero(), |s, (k, p)| {
            s + p * BigRational::from_integer(k.into())
        })
}

/// Whether either side re-rolls in the settled attack `c`.
fn rerolls(c: &Case) -> bool {
    Oracle::new(c).is_some_and(|o| c.dice() > 0 && (o.a.lucky > 0 || o.def.lucky > 0))
}

/// The engine against the oracle on one attack: the options chosen, then every number (the
/// objective's value where the optimal policy re-rolls, which the brute force knows only as
/// that).
fn check_stated(st: &Stated) -> Result<(), TestCaseError> {
    let s = st.scenario();
    let ctx = st.describe();
    let (att, def) = match best_first(st) {
        Some((f, _)) => (f, vec![]),
        None => st.choose(),
    };
    let c = st.settled(&att, &def);
    if c.optimal && rerolls(&c) {
        let got = run(&s).map_err(|e| TestCaseError::fail(format!("refused ({e}): {ctx}")))?;
        let o = Oracle::new(&c).expect("a legal attack");
        prop_assert_eq!(
            objective_value(&c, &got),
            o.optimal(),
            "optimal value: {}",
            ctx
        );
        let counters: Vec<i64> = got.damage.support().map(|(x, _)| x).collect();
        within_size(&s, &got, &counters, &ctx)?;
    } else {
        check_against(&c, &s, &ctx)?;
    }
    if let Ok(got) = run(&s) {
        check_chosen(st, &got, &att, &def, &ctx)?;
    }
    Ok(())
}

fn check_chosen(
    st: &Stated,
    got: &Attack,
    att: &[usize],
    def: &[usize],
    ctx: &str,
) -> Result<(), TestCaseError> {
    let got: Vec<(&str, String, Vec<String>)> = got
        .chosen
        .iter()
        .map(|c| (c.role, c.option.clone(), c.options.clone()))
        .collect();
    prop_assert_eq!(got, st.chosen(att, def), "chosen: {}", ctx);
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// Sequences: the state between attacks, each attack settled and chosen from it.

/// Where a sequence stands between attacks of one attacker.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
struct Between {
    /// Counters on the defender and on the attacker (those they started with included).
    def: i64,
    att: i64,
    /// Power for the next attack only, and the Stun suffered for the rest of the sequence.
    next_power: i64,
    stunned: i64,
    def_gone: bool,
    att_gone: bool,
}

/// After each attack: the defender's counters, P(it is discarded), P(the attacker is).
#[derive(Debug)]
struct After {
    counters: Vec<(i64, BigRational)>,
    destroyed: BigRational,
    attacker_destroyed: BigRational,
    /// P(neither unit is discarded): the next attack is made.
    goes_on: BigRational,
}

/// `n` attacks of the attacker of `st` on its defender, each settled and chosen from where the
/// earlier ones left both units.
fn attacks(st: &Stated, n: usize) -> Vec<After> {
    attacks_from(st, n, None)
}

/// [`attacks`], the first attack taking the attacker's options `first` when given.
fn attacks_from(st: &Stated, n: usize, first: Option<&[usize]>) -> Vec<After> {
    let mut states: BTreeMap<Between, BigRational> = BTreeMap::new();
    states.insert(
        Between {
            def: st.c.d.damage,
            att: st.c.a.damage,
            next_power: st.c.carried,
            stunned: 0,
            def_gone: false,
            att_gone: false,
        },
        q(1, 1),
    );
    let mut out = vec![];
    let mut memo: BTreeMap<(i64, i64, i64, bool), Tally> = BTreeMap::new();
    for k in 0..n {
        let forced = first.filter(|_| k == 0);
        let mut next: BTreeMap<Between, BigRational> = BTreeMap::new();
        for (b, w) in states {
            if b.def_gone || b.att_gone {
                *next.entry(b).or_insert_with(BigRational::zero) += w;
                continue;
            }
            let here = st.at(&b);
            let t = memo
                .entry((b.def, b.att, here.c.carried, forced.is_some()))
                .or_insert_with(|| {
                    let (a, d) = match forced {
                        Some(f) => (f.to_vec(), vec![]),
                        None => here.choose(),
                    };
                    Oracle::new(&here.settled(&a, &d))
                        .expect("a legal attack")
                        .tally()
                });
            for (e, &k) in &t.ends {
                let to = Between {
                    def: b.def + e.counters,
                    att: b.att + e.attacker_counters,
                    next_power: e.next_power,
                    stunned: b.stunned + e.stunned,
                    def_gone: e.destroyed,
                    att_gone: e.attacker_destroyed,
                };
                *next.entry(to).or_insert_with(BigRational::zero) += &w * ratio(k, t.total);
            }
        }
        states = next;
        let mut counters: BTreeMap<i64, BigRational> = BTreeMap::new();
        let (mut destroyed, mut attacker_destroyed, mut goes_on) = (
            BigRational::zero(),
            BigRational::zero(),
            BigRational::zero(),
        );
        for (b, w) in &states {
            *counters.entry(b.def).or_insert_with(BigRational::zero) += w;
            match (b.def_gone, b.att_gone) {
                (false, false) => goes_on += w,
                (d, a) => {
                    if d {
                        destroyed += w;
                    }
                    if a {
                        attacker_destroyed += w;
                    }
                }
            }
        }
        out.push(After {
            counters: counters.into_iter().filter(|(_, p)| !p.is_zero()).collect(),
            destroyed,
            attacker_destroyed,
            goes_on,
        });
    }
    out
}

/// `swtcg sequence`: the attacker of `st` attacking its defender `n` times.
fn check_sequence(st: &Stated, n: usize) -> Result<(), TestCaseError> {
    let ctx = format!("{} x{n}", st.describe());
    let s = st.scenario();
    let got = sequence(&Sequence {
        attackers: Attackers::Same(s.attacker.clone(), n),
        defender: s.defender.clone(),
        mode: None,
        policy: s.policy,
        objective: Objective::Mean,
        rules: s.rules.clone(),
        until: Until::AllAttacks,
    })
    .map_err(|e| TestCaseError::fail(format!("refused ({e}): {ctx}")))?;
    let want = attacks(st, n);
    prop_assert_eq!(got.counters_after.len(), n, "attacks: {}", ctx);
    for (k, w) in want.iter().enumerate() {
        prop_assert_eq!(
            got.counters_after[k].pmf(),
            w.counters.clone(),
            "counters after attack {}: {}",
            k + 1,
            ctx
        );
        prop_assert_eq!(
            &got.destroyed_by[k],
            &w.destroyed,
            "destroyed by attack {}: {}",
            k + 1,
            ctx
        );
    }
    if st.settled(&[], &[]).a.health.is_some() {
        let by: Vec<BigRational> = want.iter().map(|w| w.attacker_destroyed.clone()).collect();
        prop_assert_eq!(
            got.attacker_destroyed_by.as_ref(),
            Some(&by),
            "attacker destroyed: {}",
            ctx
        );
    }
    Ok(())
}

/// Double Strike: the first attack, then its follow_up from each end of it, settled and chosen
/// again.
/// Under the optimal policy, a Double Strike's first option is weighed by both attacks (when
/// only the attacker chooses): the attacker's options that do best over both, and the attacks
/// they make; `None` where the first attack chooses for itself.
fn best_first(st: &Stated) -> Option<(Vec<usize>, Vec<After>)> {
    let weighs_both = st.c.optimal && st.c.a.double_strike;
    if !weighs_both || !st.d.choices.is_empty() || st.a.choices.is_empty() {
        return None;
    }
    let start = st.c.d.damage;
    let health = st.settled(&[], &[]).d.health;
    let value = |after: &[After]| match st.c.objective {
        Objective::Destroy if health.is_some() => after[1].destroyed.clone(),
        Objective::AtLeast(k) => after[1]
            .counters
            .iter()
            .filter(|(c, _)| c - start >= k)
            .map(|(_, p)| p.clone())
            .sum(),
        _ => after[1]
            .counters
            .iter()
            .map(|(c, p)| p * BigRational::from_integer((*c).into()))
            .sum(),
    };
    let mut best: Option<(BigRational, Vec<usize>, Vec<After>)> = None;
    for f in st.a.combinations() {
        let after = attacks_from(st, 2, Some(&f));
        let v = value(&after);
        if best.as_ref().is_none_or(|(b, ..)| v > *b) {
            best = Some((v, f, after));
        }
    }
    best.map(|(_, f, after)| (f, after))
}

fn check_double_strike(st: &Stated) -> Result<(), TestCaseError> {
    check_stated(st)?;
    let ctx = st.describe();
    let got = run(&st.scenario())
        .map_err(|e| TestCaseError::fail(format!("refused ({e}): {ctx}")))?
        .follow_up
        .ok_or_else(|| TestCaseError::fail(format!("no follow_up: {ctx}")))?;
    let start = st.c.d.damage;
    let want = match best_first(st) {
        Some((_, after)) => after,
        None => attacks(st, 2),
    };
    let counters: Vec<(i64, BigRational)> = want[1]
        .counters
        .iter()
        .map(|(k, p)| (k - start, p.clone()))
        .collect();
    prop_assert_eq!(got.keyword.as_str(), "Double Strike", "{}", ctx);
    prop_assert_eq!(&got.made, &want[0].goes_on, "made: {}", ctx);
    prop_assert_eq!(got.counters.pmf(), counters, "counters: {}", ctx);
    let health = st.settled(&[], &[]).d.health;
    prop_assert_eq!(
        &got.destroyed,
        &health.map(|_| want[1].destroyed.clone()),
        "destroyed: {}",
        ctx
    );
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// Strategies.

/// Which unit an `Extra` is drawn for: what its items and `opponent loses:` may name.
#[derive(Debug, Clone, Copy)]
enum Side {
    Attacker,
    Defender,
    /// The secondary: items only.
    Other,
    /// The interceptor: items, and what the attacker loses when the attack moves to it.
    Interceptor,
}

impl Side {
    fn keywords(self) -> &'static [Kw] {
        match self {
            Side::Attacker => &[
                Kw::Accuracy,
                Kw::Critical,
                Kw::Fury,
                Kw::Lucky,
                Kw::Power,
                Kw::Health,
                Kw::Reroll,
            ],
            Side::Defender => &[
                Kw::Evade,
                Kw::Shields,
                Kw::Armor,
                Kw::Lucky,
                Kw::Absorb,
                Kw::Parry,
                Kw::Riposte,
                Kw::Health,
                Kw::Reroll,
            ],
            Side::Other | Side::Interceptor => {
                &[Kw::Evade, Kw::Armor, Kw::Health, Kw::Shields, Kw::Lucky]
            }
        }
    }

    /// What its opponent may be made to lose.
    fn loses(self) -> &'static [Kw] {
        match self {
            Side::Attacker => &[
                Kw::Armor,
                Kw::Evade,
                Kw::Shields,
                Kw::Lucky,
                Kw::Reroll,
                Kw::Parry,
                Kw::Riposte,
                Kw::Absorb,
            ],
            Side::Defender | Side::Interceptor => {
                &[Kw::Accuracy, Kw::Critical, Kw::Fury, Kw::Lucky, Kw::Reroll]
            }
            Side::Other => &[],
        }
    }

    /// The items of its options.
    fn options(self) -> &'static [(Kw, Val)] {
        match self {
            Side::Attacker => &[
                (Kw::Accuracy, Val::N(1)),
                (Kw::Critical, Val::N(1)),
                (Kw::Critical, Val::N(2)),
                (Kw::Fury, Val::N(1)),
                (Kw::Fury, Val::N(2)),
                (Kw::Lucky, Val::N(1)),
                (Kw::Power, Val::N(1)),
                (Kw::Overkill, Val::N(0)),
                (Kw::Ferocity, Val::N(0)),
                (Kw::Double, Val::N(0)),
                (Kw::Fury, Val::PerX(1, 0)),
                (Kw::Accuracy, Val::PerX(1, -1)),
                (Kw::TakesArmor, Val::N(0)),
            ],
            _ => &[
                (Kw::Evade, Val::N(1)),
                (Kw::Armor, Val::N(0)),
                (Kw::Shields, Val::N(1)),
                (Kw::Lucky, Val::N(1)),
                (Kw::Absorb, Val::N(1)),
                (Kw::Parry, Val::N(1)),
                (Kw::Riposte, Val::N(1)),
                (Kw::Health, Val::N(1)),
                (Kw::Evade, Val::PerX(1, 0)),
                (Kw::TakesAccuracy, Val::N(0)),
            ],
        }
    }
}

fn test() -> BoxedStrategy<Option<Test>> {
    let cmp = proptest::sample::select(Cmp::ALL.to_vec());
    prop_oneof![
        4 => Just(None),
        2 => (cmp.clone(), 0i64..=3).prop_map(|(c, n)| Some(Test::Compare(Count::Damage, c, n))),
        1 => (0usize..5, cmp.clone(), 0i64..=2)
            .prop_map(|(k, c, n)| Some(Test::Compare(Count::Named(k), c, n))),
        1 => (cmp, 0i64..=2).prop_map(|(c, n)| Some(Test::Compare(Count::X, c, n))),
        1 => Just(Some(Test::Attacking)),
        1 => Just(Some(Test::Defending)),
    ]
    .boxed()
}

fn val() -> BoxedStrategy<Val> {
    prop_oneof![
        1 => (-1i64..=2).prop_map(Val::N),
        1 => (
            proptest::sample::select(vec![1i64, 1, 2, -1]),
            proptest::sample::select(vec![-1i64, 0, 0, 1]),
        )
            .prop_map(|(t, p)| Val::PerX(t, p)),
    ]
    .boxed()
}

fn x_is(damage: u32) -> BoxedStrategy<Option<XIs>> {
    prop_oneof![
        3 => Just(None),
        damage => Just(Some(XIs::Damage)),
        1 => (0usize..5).prop_map(|k| Some(XIs::Named(k))),
        1 => (0i64..=3).prop_map(|n| Some(XIs::Number(n))),
    ]
    .boxed()
}

/// Options of one choice: two or three, of one or two items each.
fn choice(side: Side) -> BoxedStrategy<Vec<Vec<It>>> {
    let test = prop_oneof![4 => Just(None), 1 => test()];
    let atom = (proptest::sample::select(side.options()), test).prop_map(|((kw, val), test)| It {
        test,
        kw,
        val,
    });
    proptest::collection::vec(proptest::collection::vec(atom, 1..=2), 2..=3).boxed()
}

/// What a unit's SPEC adds: named counters, X, items (tests, values of X, power and health
/// changes, Reroll), `opponent loses:`; `damage` weighs `X = damage counters`; up to `choices`
/// choices.
fn extra(side: Side, damage: u32, choices: usize) -> BoxedStrategy<Extra> {
    let item = (proptest::sample::select(side.keywords()), test(), val())
        .prop_map(|(kw, test, val)| It { test, kw, val });
    let loses = match side.loses() {
        [] => Just(vec![]).boxed(),
        names => prop_oneof![
            3 => Just(vec![]),
            1 => proptest::collection::vec(proptest::sample::select(names), 1..=2),
        ]
        .boxed(),
    };
    (
        proptest::collection::vec((0usize..5, 0i64..=3), 0..=2),
        x_is(damage),
        proptest::collection::vec(item, 0..=3),
        loses,
        proptest::collection::vec(choice(side), 0..=choices),
    )
        .prop_map(|(counters, x, items, loses, choices)| {
            Extra {
                counters,
                x,
                items,
                loses,
                choices,
            }
            .tidy()
        })
        .boxed()
}

/// The attack's dice (power and Fury's) in every combination of options.
fn most_dice(st: &Stated) -> i64 {
    st.all_settled()
        .iter()
        .map(|c| c.dice() + c.a.fury)
        .max()
        .unwrap_or(0)
}

/// The parent's mixes (other units, arenas, interception, dice of damage) with the new items on
/// every unit, a choice now and then on the attacker and the defender.
fn stated_mixes() -> impl Strategy<Value = Stated> {
    (
        mixes(),
        extra(Side::Attacker, 2, 1),
        extra(Side::Defender, 2, 1),
        extra(Side::Other, 1, 0),
        extra(Side::Interceptor, 1, 0),
    )
        .prop_map(|(c, a, d, sec, int)| Stated { c, a, d, sec, int })
        .prop_filter(
            "at most 4 attack dice, a legal attack most of the time",
            |st| {
                let every = st.all_settled();
                let legal = every.iter().filter(|c| c.target().is_some()).count();
                let plain = st.a.choices.is_empty() && st.d.choices.is_empty();
                most_dice(st) <= 4
                    && (legal == every.len() || (plain && legal == 0 && st.c.a.power == 1))
            },
        )
}

/// Policies and objectives: greedy, or optimal for mean, destroy or atleast:K.
fn play() -> BoxedStrategy<(bool, Objective)> {
    prop_oneof![
        2 => Just((false, Objective::Mean)),
        1 => Just((true, Objective::Mean)),
        1 => Just((true, Objective::Destroy)),
        1 => (1i64..=3).prop_map(|k| (true, Objective::AtLeast(k))),
    ]
    .boxed()
}

/// An attacker with one or two choices, a defender with none or one, the new items besides,
/// under either policy; the optimal policy with few dice.
fn choosing() -> impl Strategy<Value = Stated> {
    (
        (lucky_unit_pair(), readings(), play(), 1i64..=4),
        extra(Side::Attacker, 1, 0),
        extra(Side::Defender, 1, 0),
        proptest::collection::vec(choice(Side::Attacker), 1..=2),
        proptest::collection::vec(choice(Side::Defender), 0..=1),
    )
        .prop_map(
            |(((a, mut d), readings, (optimal, objective), health), mut ea, mut ed, ca, cd)| {
                if d.health.is_none() && (objective == Objective::Destroy || health < 3) {
                    d.health = Some(health);
                }
                (ea.choices, ed.choices) = (ca, cd);
                Stated {
                    c: Case {
                        a,
                        d,
                        readings,
                        optimal,
                        objective,
                        ..Case::default()
                    },
                    a: ea.tidy(),
                    d: ed.tidy(),
                    sec: Extra::default(),
                    int: Extra::default(),
                }
            },
        )
        .prop_filter("few dice, every combination a legal attack", |st| {
            let every = st.all_settled();
            let most = if st.c.optimal && every.iter().any(rerolls) {
                3
            } else {
                4
            };
            every.iter().all(|c| c.target().is_some()) && most_dice(st) <= most
        })
}

/// A unit whose items read its damage counters attacking several times (or with Double
/// Strike), against a defender whose items read its own: Riposte and Retaliate put counters on
/// the attacker, Focus and Absorb carry power, Stun takes it.
fn repeated(double_strike: bool) -> impl Strategy<Value = Stated> {
    let attacker = (
        (1i64..=2, 0i64..=1, proptest::option::of(2i64..=4), 0i64..=1),
        (0i64..=1, 0i64..=1, 0i64..=1),
    );
    let defender = (
        (2i64..=5, 0i64..=2),
        (0i64..=1, 0i64..=1, 0i64..=1, 0i64..=1),
    );
    (
        (attacker, defender, readings(), play()),
        extra(Side::Attacker, 6, 1),
        extra(Side::Defender, 6, 1),
    )
        .prop_map(move |((a, d, readings, (optimal, objective)), ea, ed)| {
            let ((power, accuracy, health, damage), (focus, absorb, critical)) = a;
            let ((dhealth, ddamage), (riposte, retaliate, evade, stun)) = d;
            // A sequence's objective is the mean; the optimal policy where the brute force
            // knows its every number: without re-rolls.
            let optimal = optimal && (double_strike || objective == Objective::Mean);
            let (ea, mut ed) = match optimal {
                true => (
                    ea.without_rerolls(Kw::Accuracy),
                    ed.without_rerolls(Kw::Evade),
                ),
                false => (ea, ed),
            };
            // No Health as an option taken anew each attack: once counters reach the Health of
            // one option, the engine refuses the whole sequence (the unit is discarded in that
            // combination), a question of its own.
            for i in ed.choices.iter_mut().flatten().flatten() {
                if i.kw == Kw::Health {
                    *i = It::plain(Kw::Shields, Val::N(1));
                }
            }
            Stated {
                c: Case {
                    a: U {
                        power,
                        accuracy,
                        health: health.map(|h| h + damage),
                        damage,
                        focus,
                        absorb,
                        critical,
                        double_strike,
                        ..U::default()
                    },
                    d: U {
                        health: Some(dhealth + ddamage),
                        damage: ddamage,
                        riposte,
                        retaliate,
                        evade,
                        stun,
                        ..U::default()
                    },
                    readings,
                    optimal,
                    objective: if double_strike {
                        objective
                    } else {
                        Objective::Mean
                    },
                    ..Case::default()
                },
                a: ea,
                d: ed,
                sec: Extra::default(),
                int: Extra::default(),
            }
        })
        .prop_filter("few dice as it starts, a legal attack", |st| {
            let every = st.all_settled();
            every.iter().all(|c| c.target().is_some()) && most_dice(st) <= 3
        })
}

// Case counts keep these near 20 seconds of one core in a debug build.
proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn engine_settles_x_tests_lost_keywords_and_reroll_like_the_brute_force(c in stated_mixes()) {
        check_stated(&c)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(120))]

    #[test]
    fn choices_take_the_option_the_brute_force_finds_best(c in choosing()) {
        check_stated(&c)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(60))]

    #[test]
    fn sequence_settles_each_attack_from_the_counters_before_it(
        c in repeated(false),
        n in 2usize..=3,
    ) {
        check_sequence(&c, n)?;
    }

    #[test]
    fn double_strike_settles_and_chooses_again_for_its_second_attack(c in repeated(true)) {
        check_double_strike(&c)?;
    }
}

// ---------------------------------------------------------------------------------------------
// Hand-derived anchors: each number is worked out in its comment, not by the oracle.

fn parse(role: &str, spec: &str) -> Unit {
    Unit::parse(role, spec).unwrap_or_else(|e| panic!("{spec}: {e}"))
}

fn scenario(attacker: &str, defender: &str) -> Scenario {
    Scenario::new(
        parse("attacker", attacker),
        parse("defender", defender),
        Default::default(),
    )
}

fn engine(s: &Scenario) -> Attack {
    run(s).unwrap()
}

fn attack(attacker: &str, defender: &str) -> Attack {
    engine(&scenario(attacker, defender))
}

fn optimal(mut s: Scenario, objective: Objective) -> Scenario {
    s.policy = holodice_engine::policy::Policy::Optimal;
    s.objective = objective;
    s
}

#[test]
fn x_counts_the_units_own_counters_as_the_attack_starts() {
    // Fury X with 2 damage counters is Fury 2: one die hits 1/2, and a natural 4 (1/6) adds two
    // dice hitting 1/2 each: E[hits] = 1/2 + 1/6 · 2 · 1/2 = 2/3. Without counters, Fury 0: 1/2.
    let fury = "Power 1, Fury X, X = damage counters";
    assert_eq!(
        attack(&format!("{fury}, Damage 2"), "").hits.mean(),
        q(2, 3)
    );
    assert_eq!(attack(fury, "").hits.mean(), q(1, 2));
    // +X power counting 3 mastery counters on Power 0: three dice, 3/2 hits.
    let a = attack(
        "Power 0, Mastery Counters 3, +X power, X = mastery counters",
        "",
    );
    assert_eq!((a.dice, a.hits.mean()), (3, q(3, 2)));
    // Evade X+1 with X = 2 is Evade 3: three certain hits (Accuracy 3) leave nothing; Evade -X
    // is Evade 0 (a count keyword's value floors at 0): all three stay.
    let certain = "Power 3, Accuracy 3";
    assert_eq!(attack(certain, "Evade X+1, X = 2").damage.mean(), q(0, 1));
    assert_eq!(attack(certain, "Evade -X, X = 2").damage.mean(), q(3, 1));
    // -X power with X = 2 takes two of the three dice: 1 certain hit.
    assert_eq!(
        attack(&format!("{certain}, -X power, X = 2"), "")
            .damage
            .mean(),
        q(1, 1)
    );
}

#[test]
fn if_tests_read_the_counters_and_the_role_as_the_attack_starts() {
    // Shields 2 while the defender has at most 4 counters: Power 2 rolls nothing against
    // Damage 4, two dice (mean 1) against Damage 5.
    let d = "Health 9, if damage <= 4: Shields 2";
    assert_eq!(attack("Power 2", &format!("{d}, Damage 4")).dice, 0);
    assert_eq!(
        attack("Power 2", &format!("{d}, Damage 5")).damage.mean(),
        q(1, 1)
    );
    // Accuracy 1 with a mastery counter: hits on 3+ (2/3), else on 4+ (1/2).
    let a = "Power 1, if mastery counters >= 1: Accuracy 1";
    assert_eq!(
        attack(&format!("{a}, Mastery Counters 1"), "").hits.mean(),
        q(2, 3)
    );
    assert_eq!(attack(a, "").hits.mean(), q(1, 2));
    // if X = 0 with X = damage counters: Critical Hit 1 only while undamaged.
    let a = "Power 1, if X = 0: Critical Hit 1, X = damage counters";
    assert_eq!(attack(a, "").damage.mean(), q(2, 3));
    assert_eq!(attack(&format!("{a}, Damage 1"), "").damage.mean(), q(1, 2));
    // The attacker is attacking, the defender defending: Lucky 2 "if attacking" re-rolls the
    // attacker's one die (1 − 1/4 = 3/4), on the defender it does nothing; Evade 1 "if
    // defending" stops the defender's one certain hit, on the attacker it does nothing.
    assert_eq!(
        attack("Power 1, if attacking: Lucky 2", "").hits.mean(),
        q(3, 4)
    );
    assert_eq!(
        attack("Power 1", "if attacking: Lucky 2").hits.mean(),
        q(1, 2)
    );
    let certain = "Power 1, Accuracy 3";
    assert_eq!(
        attack(certain, "if defending: Evade 1").damage.mean(),
        q(0, 1)
    );
    assert_eq!(
        attack(&format!("{certain}, if defending: Evade 1"), "")
            .damage
            .mean(),
        q(1, 1)
    );
}

#[test]
fn opponent_loses_its_keywords_for_the_attack() {
    // Against Armor one die hits on 5+ (1/3); the attacker's 'opponent loses: Armor' makes it
    // 4+ again (1/2).
    assert_eq!(attack("Power 1", "Armor").hits.mean(), q(1, 3));
    assert_eq!(
        attack("Power 1, opponent loses: Armor", "Armor")
            .hits
            .mean(),
        q(1, 2)
    );
    // The defender's takes the attacker's Accuracy 3: 1/2 instead of a certain hit.
    let certain = "Power 1, Accuracy 3";
    assert_eq!(
        attack(certain, "opponent loses: Accuracy").hits.mean(),
        q(1, 2)
    );
    // When the attack moves to an interceptor, that unit is the defending unit: its 'opponent
    // loses:' applies, the original defender's does not.
    let mut s = scenario(certain, "Redirect, opponent loses: Accuracy");
    s.interceptor = Some(parse("interceptor", "Health 3"));
    let a = engine(&s);
    assert!(a.intercepted);
    assert_eq!(a.hits.mean(), q(1, 1));
    let mut s = scenario(certain, "Redirect");
    s.interceptor = Some(parse("interceptor", "Health 3, opponent loses: Accuracy"));
    assert_eq!(engine(&s).hits.mean(), q(1, 2));
}

/// The option each unit took, in order.
fn taken(a: &Attack) -> Vec<(&str, &str)> {
    a.chosen
        .iter()
        .map(|c| (c.role, c.option.as_str()))
        .collect()
}

#[test]
fn greedy_and_optimal_choose_by_their_own_measure() {
    // Power 1 against Health 2. Accuracy 1: hits on 3+, mean 2/3, never 2 counters. Critical
    // Hit 1: 1/2 + 1/6 = 2/3, and 2 counters on a six (1/6). Greedy sees a tie and takes the
    // first listed; optimal for destroy takes Critical Hit 1.
    let s = scenario("Power 1, choose: Accuracy 1 / Critical Hit 1", "Health 2");
    assert_eq!(taken(&engine(&s)), [("attacker", "Accuracy 1")]);
    let a = engine(&optimal(s, Objective::Destroy));
    assert_eq!(taken(&a), [("attacker", "Critical Hit 1")]);
    assert_eq!(a.destroyed, Some(q(1, 6)));
    // Critical Hit 2 (1/2 + 2/6 = 5/6) beats Accuracy 1 (2/3) for the greedy attacker.
    let a = attack("Power 1, choose: Accuracy 1 / Critical Hit 2", "");
    assert_eq!(taken(&a), [("attacker", "Critical Hit 2")]);
    assert_eq!(a.damage.mean(), q(5, 6));
    // The defender against Power 2: Evade 1 leaves 1 counter on two hits (1/4), Armor 2 · 1/3:
    // it takes Evade 1.
    let a = attack("Power 2", "choose: Armor / Evade 1");
    assert_eq!(taken(&a), [("defender", "Evade 1")]);
    assert_eq!(a.damage.mean(), q(1, 4));
    // Max-min: the attacker's Accuracy 1 or Critical Hit 2 against the defender's Armor or
    // Evade 1, Power 1. Accuracy 1: 1/2 against Armor (4+), 0 against Evade: worst 0. Critical
    // Hit 2: against Armor 1/3 + 2/6 = 2/3, against Evade 1 a six leaves 2 (2/6): worst 1/3.
    let a = attack(
        "Power 1, choose: Accuracy 1 / Critical Hit 2",
        "choose: Armor / Evade 1",
    );
    assert_eq!(
        taken(&a),
        [("attacker", "Critical Hit 2"), ("defender", "Evade 1")]
    );
    assert_eq!(a.damage.mean(), q(1, 3));
}

#[test]
fn double_strike_chooses_again_from_where_the_first_attack_left() {
    // Power 1 against Health 2, optimal for destroy, Accuracy 1 or Critical Hit 1 each attack;
    // the first option is weighed by both attacks, the second taken from where the first left.
    // First Critical Hit 1: a six destroys (1/6), a 4 or 5 leaves 1 counter (1/3), else none
    // (1/2). From 1 counter Accuracy 1 destroys 2/3 (Critical Hit 1: 1/2); from none Critical
    // Hit 1 again, 1/6. In all 1/6 + 1/3 · 2/3 + 1/2 · 1/6 = 17/36 (Critical Hit 1 twice:
    // 15/36). First Accuracy 1: 1 counter (2/3), then Accuracy 1 again, 2/3; none (1/3), then
    // Critical Hit 1, 1/6. In all 2/3 · 2/3 + 1/3 · 1/6 = 18/36, the better: the first attack
    // alone would have taken Critical Hit 1, the only option that can destroy at once.
    let s = optimal(
        scenario(
            "Power 1, Double Strike, choose: Accuracy 1 / Critical Hit 1",
            "Health 2",
        ),
        Objective::Destroy,
    );
    let a = engine(&s);
    assert_eq!(taken(&a), [("attacker", "Accuracy 1")]);
    assert_eq!(a.follow_up.unwrap().destroyed, Some(q(18, 36)));
}

#[test]
fn sequence_settles_each_attack_from_the_counters_before_it_by_hand() {
    let twice = |attacker: &str, defender: &str| {
        let s = scenario(attacker, defender);
        sequence(&Sequence {
            attackers: Attackers::Same(s.attacker, 2),
            defender: s.defender,
            mode: None,
            policy: Default::default(),
            objective: Objective::Mean,
            rules: Default::default(),
            until: Until::AllAttacks,
        })
        .unwrap()
    };
    // Two certain hits a turn against Health 6, Damage 3, Shields 1 while at most 3 counters:
    // the first attack rolls one die (4 counters), the second two (6: destroyed).
    let r = twice(
        "Power 2, Accuracy 3",
        "Health 6, Damage 3, if damage <= 3: Shields 1",
    );
    assert_eq!(r.counters_after[0].pmf(), [(4, q(1, 1))]);
    assert_eq!(r.counters_after[1].pmf(), [(6, q(1, 1))]);
    assert_eq!(r.destroyed_by, [q(0, 1), q(1, 1)]);
    // +X power counting the attacker's counters: its certain hit shows a natural 2 with 1/6,
    // and Riposte 1 puts a counter on it: the second attack rolls two dice then.
    let r = twice(
        "Power 1, Accuracy 3, +X power, X = damage counters",
        "Health 9, Riposte 1",
    );
    assert_eq!(r.counters_after[1].pmf(), [(2, q(5, 6)), (3, q(1, 6))]);
}

#[test]
fn brute_force_agrees_on_the_units_of_the_brief() {
    // 'Power 2, Fury X, X = damage counters, Health 6' attacking twice (and with Double Strike)
    // into Riposte, whose counters feed X; a defender whose Shields and Evade read its own.
    let fury_x = Extra {
        x: Some(XIs::Damage),
        items: vec![It::plain(Kw::Fury, Val::PerX(1, 0))],
        ..Extra::default()
    };
    let guarded = Extra {
        x: Some(XIs::Damage),
        items: vec![
            It {
                test: Some(Test::Compare(Count::Damage, Cmp::AtMost, 4)),
                kw: Kw::Shields,
                val: Val::N(2),
            },
            It::plain(Kw::Evade, Val::PerX(1, -2)),
        ],
        ..Extra::default()
    };
    let attacker = U {
        power: 2,
        health: Some(6),
        ..U::default()
    };
    let defender = U {
        health: Some(8),
        damage: 3,
        riposte: 1,
        ..U::default()
    };
    for (a, d) in [
        (fury_x.clone(), Extra::default()),
        (fury_x.clone(), guarded.clone()),
        (Extra::default(), guarded),
    ] {
        let st = Stated {
            c: Case {
                a: attacker.clone(),
                d: defender.clone(),
                ..Case::default()
            },
            a,
            d,
            sec: Extra::default(),
            int: Extra::default(),
        };
        check_sequence(&st, 3).unwrap();
        let mut ds = st.clone();
        ds.c.a.double_strike = true;
        check_double_strike(&ds).unwrap();
    }
}

#[test]
fn an_interceptor_that_takes_the_attack_makes_its_choice() {
    // The attack moves to the interceptor (Redirect), which is then the defending unit: against
    // one certain hit it takes Evade 1 (0 counters) over Armor (still 1, Accuracy 3).
    let mut s = scenario("Power 1, Accuracy 3", "Redirect");
    s.interceptor = Some(parse("interceptor", "Health 3, choose: Armor / Evade 1"));
    let a = engine(&s);
    assert!(a.intercepted);
    assert!(a.chosen.iter().any(|c| c.option == "Evade 1"));
    assert_eq!(a.damage.mean(), q(0, 1));
}
