//! The Legion attack engine against a brute force that rolls every face of every die.
//!
//! The oracle below shares nothing with the engine but the SPEC text it is given. A case is a
//! plain struct of numbers and flags; it is rendered to SPEC strings for the engine, and the
//! oracle runs on the struct itself. It follows docs/legion.md literally, die by die: each attack
//! die is one of its 8 faces and each defense die (cover, guardian, defender, Uncanny Luck
//! rerolls) one of its 6 faces; every reroll is decided by the greedy rules of docs/legion.md,
//! token by token, on the physical dice. Faces showing the same symbol are enumerated once with
//! their multiplicity as a weight, so each random die is one branching level. Counts are exact
//! integers over one common denominator `8^A * 6^B`, where A and B bound the attack and defense
//! dice rolled on any path.
//!
//! docs/legion.md settles what it once left open (which surges greedy rerolls, Deflect against
//! High Velocity, extra defense dice with no hit or crit left, Lethal's Pierce for Impervious)
//! and now names every keyword of steps 0 to 8 (overrun attacks, Immune: Melee, the lightsaber
//! masteries, Vaapad's dice, Ion, Primitive, Impervious by edition, ...); the oracle follows its
//! current text. The Soresu Mastery rerolls compare exact means, each an enumeration of its own. Readings where the text still leaves room, each applied
//! below where it acts:
//!
//! 1. "Surges left are blanks" (step 3) holds for Marksman too: its "blank into a hit" may take
//!    a surge left unconverted, as Ram's "blanks (and surges left unconverted)" does.
//! 2. High Velocity forbids every dodge spend, including the one greedy makes for Block or a
//!    defending Duelist ("the defender spends dodge tokens (not against High Velocity)" heads the
//!    whole bullet).
//! 3. An attacking Duelist's Pierce 1 needs an aim token spent "during the Reroll Attack Dice
//!    step": not the aims Marksman or Lethal spend later. An aim may be spent rerolling no dice
//!    ("up to" its capacity): greedy does so with its first aim when no die is worth rerolling.
//!    Duelist's Pierce is part of "the attack's total Pierce" for Impervious.
//! 4. The guardian's wound "per blank" counts every die that is not a block after conversion and
//!    Pierce: an unconverted surge is a blank (as "Surges left are blanks" in step 3, and as a
//!    Pierce-cancelled block is "a blank, so a wound").
//! 5. Impervious adds "the attack's total Pierce" before any is spent on a guardian's blocks.
//! 6. Suppressed (2.6 on) and a guardian's "suppression >= courage" are read as written; a
//!    unit whose courage is "—" (`courage none`, courage 0 in these structs) is never
//!    suppressed, in either edition.
//! 7. A guardian that is given but cannot act (suppressed, defender with Guardian) has a guardian
//!    wound distribution of 0 with certainty; with `melee` or `overrun` the engine may instead
//!    refuse the query as illegal ("Melee attacks ... have no ... Guardian"; Guardian acts in
//!    ranged attacks only). Immune: Melee against a melee attack must be refused as illegal.
//! 8. Which surges step 2 counts as convertible uses step 3's chart and Critical X: Jedi Hunter
//!    against a Force user, Hold the Line in melee, and Complete the Mission's Critical 2, which
//!    adds to the unit's own Critical X.
//! 9. Uncanny Luck with Vaapad's white dice picks colour by colour, as step 2 does: the unit's
//!    dice first (blanks, then surges that will not convert), then Vaapad's (blanks, then
//!    surges); the surges that will not convert are counted over all the dice.
//! 10. Impervious (before crb-2026-05-29) rolls no extra die when Pierce cannot cancel blocks, and a defending
//!     Duelist that spent a dodge in melee is Immune: Pierce (step 7), so that counts too.
//! 11. Makashi Mastery's "the pool has Pierce ≥ 1" is the attacker's Pierce X (Lethal's and
//!     Duelist's Pierce come at step 5); a defending Duelist without the three keywords does not
//!     trigger it (but loses its gained immunity when they do).
//! 12. Impervious (2.6 on) lowers the Pierce left after the guardian's blocks by 1.
//! 13. Soresu Mastery's "wounds" are the rolling unit's own wounds (not Deflect's wound on the
//!     attacker), after conversion and Pierce (for the defender, after Impervious); the guardian
//!     compares its wounds from this roll with the mean of a reroll of the same dice, and the
//!     defender compares exact means (keep, then Uncanny Luck, against a reroll of every die).
//! 14. Ion's "at most one per hit or crit" counts the hits and crits left after dodge and cover.
//! 15. Djem So Mastery deals one wound however many blanks, counted after Marksman, Jar'Kai
//!     Mastery and Ram. Jar'Kai's dodge tokens turn hits into crits even with Lethal (Lethal
//!     wants aims, not dodges). Shien Mastery only changes Deflect's wound (nothing without
//!     Deflect).

use crate::support::{optimal, under, Play, GREEDY};
use holodice_engine::legion::attack::{attack, LegionAttack};
use holodice_engine::legion::on_table::{OnTable, Resumes};
use holodice_engine::legion::Edition;
use holodice_engine::legion::Scenario;
use holodice_engine::policy::Objective;
use num_bigint::BigInt;
use num_rational::BigRational;
use proptest::prelude::*;
use proptest::test_runner::FailurePersistence;
use statrs::distribution::{Binomial, DiscreteCDF};
use std::collections::{BTreeMap, HashMap};

// ---------------------------------------------------------------------------------------------
// Dice, face by face.

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum AFace {
    Crit,
    Surge,
    Hit,
    Blank,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum DFace {
    Block,
    Surge,
    Blank,
}

const RED: usize = 0;
const BLACK: usize = 1;
const WHITE: usize = 2;

/// The 8 faces of the red, black and white attack dice (docs/legion.md, "Dice").
const ATTACK_DIE: [[AFace; 8]; 3] = {
    use AFace::*;
    [
        [Crit, Surge, Hit, Hit, Hit, Hit, Hit, Blank],
        [Crit, Surge, Hit, Hit, Hit, Blank, Blank, Blank],
        [Crit, Surge, Hit, Blank, Blank, Blank, Blank, Blank],
    ]
};

/// The 6 faces of the red and white defense dice.
const DEFENSE_DIE: [[DFace; 6]; 2] = {
    use DFace::*;
    [
        [Block, Block, Block, Surge, Blank, Blank],
        [Block, Surge, Blank, Blank, Blank, Blank],
    ]
};

const RED_DEFENSE: usize = 0;
const WHITE_DEFENSE: usize = 1;

/// The distinct faces of a die, each with how many physical faces show it.
fn grouped<T: Copy + PartialEq>(faces: &[T]) -> Vec<(T, u128)> {
    let mut out: Vec<(T, u128)> = Vec::new();
    for &f in faces {
        match out.iter_mut().find(|(g, _)| *g == f) {
            Some((_, n)) => *n += 1,
            None => out.push((f, 1)),
        }
    }
    out
}

/// Rolls the attack dice of the given colours, one die per level: calls `k` with every face
/// sequence and its weight. `w` is divided by 8 per die (the common denominator keeps it whole).
fn roll_attack(
    colours: &[usize],
    w: u128,
    faces: &mut Vec<AFace>,
    k: &mut dyn FnMut(&[AFace], u128),
) {
    let Some(&colour) = colours.get(faces.len()) else {
        k(faces, w);
        return;
    };
    assert_eq!(w % 8, 0, "the common denominator is too small");
    for (face, n) in grouped(&ATTACK_DIE[colour]) {
        faces.push(face);
        roll_attack(colours, w / 8 * n, faces, k);
        faces.pop();
    }
}

/// Rolls `n` defense dice of one colour, one die per level; `k` gets (blocks, surges, blanks).
fn roll_defense(
    colour: usize,
    n: u32,
    w: u128,
    shown: [u32; 3],
    k: &mut dyn FnMut([u32; 3], u128),
) {
    if n == 0 {
        k(shown, w);
        return;
    }
    assert_eq!(w % 6, 0, "the common denominator is too small");
    for (face, m) in grouped(&DEFENSE_DIE[colour]) {
        let mut next = shown;
        next[face as usize] += 1;
        roll_defense(colour, n - 1, w / 6 * m, next, k);
    }
}

// ---------------------------------------------------------------------------------------------
// Cases: plain numbers and flags, rendered to SPECs for the engine.

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
enum Ed {
    /// The Core Rulebook of 05.29.2026: rolled cover, Impervious lowers Pierce.
    #[default]
    Crb2026,
    /// The Core Rulebook of 11.24.2025: rolled cover, Impervious dice.
    Crb2025,
    /// The 2021 Rules Reference: cover cancels hits, Impervious dice.
    Rrg2021,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
enum Chart {
    #[default]
    None,
    Hit,
    Crit,
}

#[derive(Debug, Clone, Default)]
struct Atk {
    /// Red, black, white attack dice.
    dice: [u32; 3],
    chart: Chart,
    aim: u32,
    observation: u32,
    precise: u32,
    surge_tokens: u32,
    critical: u32,
    pierce: u32,
    impact: u32,
    lethal: u32,
    sharpshooter: u32,
    high_velocity: bool,
    blast: bool,
    melee: bool,
    /// Spell `melee` as `Charge` (a Charge attack is a melee attack).
    charge: bool,
    /// An overrun attack (ignored when `melee` is set): neither ranged nor melee.
    overrun: bool,
    marksman: bool,
    ram: u32,
    duelist: bool,
    ion: u32,
    primitive: bool,
    immune_deflect: bool,
    jedi_hunter: bool,
    hold_the_line: bool,
    complete_the_mission: bool,
    death_from_above: bool,
    advanced_targeting: u32,
    makashi: bool,
    jarkai: bool,
    /// The attacker's dodge tokens (Jar'Kai Mastery spends them).
    dodge: u32,
    vaapad: bool,
    /// Wound tokens on the attacker (Vaapad Mastery).
    wounded: u32,
}

#[derive(Debug, Clone)]
struct Def {
    red_die: bool,
    surge_block: bool,
    dodge: u32,
    surge_tokens: u32,
    /// 0 none, 1 light, 2 heavy.
    cover: u32,
    /// Spell cover as `cover none|light|heavy` rather than `terrain cover N`.
    cover_words: bool,
    cover_keyword: u32,
    suppression: u32,
    /// 0: courage "—".
    courage: u32,
    low_profile: bool,
    /// Dug In: the cover roll uses red defense dice.
    dug_in: bool,
    armor: bool,
    armor_x: u32,
    shielded: u32,
    impervious: bool,
    immune_pierce: bool,
    danger_sense: u32,
    uncanny_luck: u32,
    block: bool,
    outmaneuver: bool,
    deflect: bool,
    backup: bool,
    /// The defender's own Guardian X (0: none); it only stops a guardian.
    guardian: u32,
    duelist: bool,
    smoke: u32,
    immune_melee_pierce: bool,
    immune_blast: bool,
    /// Immune: Melee: a melee attack on this defender is refused.
    immune_melee: bool,
    weak_point: u32,
    force_user: bool,
    hold_the_line: bool,
    complete_the_mission: bool,
    shien: bool,
    soresu: bool,
    djem_so: bool,
    vaapad: bool,
    /// Wound tokens on the defender (Vaapad Mastery).
    wounded: u32,
}

impl Default for Def {
    fn default() -> Self {
        Def {
            red_die: false,
            surge_block: false,
            dodge: 0,
            surge_tokens: 0,
            cover: 0,
            cover_words: false,
            cover_keyword: 0,
            suppression: 0,
            courage: 1,
            low_profile: false,
            dug_in: false,
            armor: false,
            armor_x: 0,
            shielded: 0,
            impervious: false,
            immune_pierce: false,
            danger_sense: 0,
            uncanny_luck: 0,
            block: false,
            outmaneuver: false,
            deflect: false,
            backup: false,
            guardian: 0,
            duelist: false,
            smoke: 0,
            immune_melee_pierce: false,
            immune_blast: false,
            immune_melee: false,
            weak_point: 0,
            force_user: false,
            hold_the_line: false,
            complete_the_mission: false,
            shien: false,
            soresu: false,
            djem_so: false,
            vaapad: false,
            wounded: 0,
        }
    }
}

#[derive(Debug, Clone)]
struct Grd {
    guardian: u32,
    red_die: bool,
    surge_block: bool,
    surge_tokens: u32,
    suppression: u32,
    /// 0: courage "—".
    courage: u32,
    deflect: bool,
    immune_pierce: bool,
    immune_melee_pierce: bool,
    shien: bool,
    soresu: bool,
    /// The guardian's dodge tokens (Soresu Mastery spends one).
    dodge: u32,
}

impl Default for Grd {
    fn default() -> Self {
        Grd {
            guardian: 1,
            red_die: false,
            surge_block: false,
            surge_tokens: 0,
            suppression: 0,
            courage: 1,
            deflect: false,
            immune_pierce: false,
            immune_melee_pierce: false,
            shien: false,
            soresu: false,
            dodge: 0,
        }
    }
}

#[derive(Debug, Clone, Default)]
pub(crate) struct Case {
    edition: Ed,
    atk: Atk,
    def: Def,
    grd: Option<Grd>,
}

fn push_count(items: &mut Vec<String>, name: &str, n: u32) {
    if n > 0 {
        items.push(format!("{name} {n}"));
    }
}

/// `courage N`, or `courage none` for courage "—" (0 here); nothing for the default 1.
fn push_courage(items: &mut Vec<String>, courage: u32) {
    match courage {
        0 => items.push("courage none".into()),
        1 => {}
        n => items.push(format!("courage {n}")),
    }
}

/// Suppressed: suppression tokens reach the courage; never with courage "—".
fn suppressed(suppression: u32, courage: u32) -> bool {
    courage > 0 && suppression >= courage
}

fn push_flag(items: &mut Vec<String>, name: &str, on: bool) {
    if on {
        items.push(name.to_string());
    }
}

impl Case {
    /// The attacker, defender and guardian SPECs.
    pub(crate) fn specs(&self) -> (String, String, Option<String>) {
        let a = &self.atk;
        let mut at = Vec::new();
        for (n, colour) in a.dice.iter().zip(["red", "black", "white"]) {
            if *n > 0 {
                at.push(format!("{n} {colour}"));
            }
        }
        match a.chart {
            Chart::None => {}
            Chart::Hit => at.push("surge hit".into()),
            Chart::Crit => at.push("surge crit".into()),
        }
        push_count(&mut at, "aim", a.aim);
        push_count(&mut at, "observation", a.observation);
        push_count(&mut at, "Precise", a.precise);
        push_count(&mut at, "surge tokens", a.surge_tokens);
        push_count(&mut at, "Critical", a.critical);
        push_count(&mut at, "Pierce", a.pierce);
        push_count(&mut at, "Impact", a.impact);
        push_count(&mut at, "Lethal", a.lethal);
        push_count(&mut at, "Sharpshooter", a.sharpshooter);
        push_flag(&mut at, "High Velocity", a.high_velocity);
        push_flag(&mut at, "Blast", a.blast);
        push_flag(&mut at, if a.charge { "Charge" } else { "melee" }, a.melee);
        push_flag(&mut at, "overrun", a.overrun && !a.melee);
        push_flag(&mut at, "Marksman", a.marksman);
        push_count(&mut at, "Ram", a.ram);
        push_flag(&mut at, "Duelist", a.duelist);
        push_count(&mut at, "Ion", a.ion);
        push_flag(&mut at, "Primitive", a.primitive);
        push_flag(&mut at, "Immune: Deflect", a.immune_deflect);
        push_flag(&mut at, "Jedi Hunter", a.jedi_hunter);
        push_flag(&mut at, "Hold the Line", a.hold_the_line);
        push_flag(&mut at, "Complete the Mission", a.complete_the_mission);
        push_flag(&mut at, "Death From Above", a.death_from_above);
        push_count(&mut at, "Advanced Targeting", a.advanced_targeting);
        push_flag(&mut at, "Makashi Mastery", a.makashi);
        push_flag(&mut at, "Jar'Kai Mastery", a.jarkai);
        push_count(&mut at, "dodge", a.dodge);
        push_flag(&mut at, "Vaapad Mastery", a.vaapad);
        push_count(&mut at, "wounded", a.wounded);

        let d = &self.def;
        let mut de = vec![die_name(d.red_die)];
        push_flag(&mut de, "surge block", d.surge_block);
        push_count(&mut de, "dodge", d.dodge);
        push_count(&mut de, "surge tokens", d.surge_tokens);
        if d.cover_words {
            de.push(format!(
                "cover {}",
                ["none", "light", "heavy"][d.cover as usize]
            ));
        } else {
            push_count(&mut de, "terrain cover", d.cover);
        }
        push_count(&mut de, "Cover keyword", d.cover_keyword);
        push_count(&mut de, "suppression", d.suppression);
        push_courage(&mut de, d.courage);
        push_flag(&mut de, "Low Profile", d.low_profile);
        push_flag(&mut de, "Dug In", d.dug_in);
        push_flag(&mut de, "Armor", d.armor);
        push_count(&mut de, "Armor", d.armor_x);
        push_count(&mut de, "Shielded", d.shielded);
        push_flag(&mut de, "Impervious", d.impervious);
        push_flag(&mut de, "Immune: Pierce", d.immune_pierce);
        push_count(&mut de, "Danger Sense", d.danger_sense);
        push_count(&mut de, "Uncanny Luck", d.uncanny_luck);
        push_flag(&mut de, "Block", d.block);
        push_flag(&mut de, "Outmaneuver", d.outmaneuver);
        push_flag(&mut de, "Deflect", d.deflect);
        push_flag(&mut de, "Backup", d.backup);
        push_count(&mut de, "Guardian", d.guardian);
        push_flag(&mut de, "Duelist", d.duelist);
        push_count(&mut de, "smoke tokens", d.smoke);
        push_flag(&mut de, "Immune: Melee Pierce", d.immune_melee_pierce);
        push_flag(&mut de, "Immune: Blast", d.immune_blast);
        push_flag(&mut de, "Immune: Melee", d.immune_melee);
        push_count(&mut de, "Weak Point", d.weak_point);
        push_flag(&mut de, "Force user", d.force_user);
        push_flag(&mut de, "Hold the Line", d.hold_the_line);
        push_flag(&mut de, "Complete the Mission", d.complete_the_mission);
        push_flag(&mut de, "Shien Mastery", d.shien);
        push_flag(&mut de, "Soresu Mastery", d.soresu);
        push_flag(&mut de, "Djem So Mastery", d.djem_so);
        push_flag(&mut de, "Vaapad Mastery", d.vaapad);
        push_count(&mut de, "wounded", d.wounded);

        let gu = self.grd.as_ref().map(|g| {
            let mut gs = vec![format!("Guardian {}", g.guardian), die_name(g.red_die)];
            push_flag(&mut gs, "surge block", g.surge_block);
            push_count(&mut gs, "surge tokens", g.surge_tokens);
            push_count(&mut gs, "suppression", g.suppression);
            push_courage(&mut gs, g.courage);
            push_flag(&mut gs, "Deflect", g.deflect);
            push_flag(&mut gs, "Immune: Pierce", g.immune_pierce);
            push_flag(&mut gs, "Immune: Melee Pierce", g.immune_melee_pierce);
            push_flag(&mut gs, "Shien Mastery", g.shien);
            push_flag(&mut gs, "Soresu Mastery", g.soresu);
            push_count(&mut gs, "dodge", g.dodge);
            gs.join(", ")
        });
        (at.join(", "), de.join(", "), gu)
    }

    pub(crate) fn edition(&self) -> Edition {
        match self.edition {
            Ed::Crb2026 => Edition::Crb20260529,
            Ed::Crb2025 => Edition::Crb20251124,
            Ed::Rrg2021 => Edition::Rrg2021,
        }
    }

    fn context(&self) -> String {
        let (a, d, g) = self.specs();
        format!(
            "edition {} | attacker '{a}' | defender '{d}' | guardian {g:?}",
            self.edition().name()
        )
    }

    fn melee(&self) -> bool {
        self.atk.melee
    }

    /// Neither melee nor overrun.
    fn ranged(&self) -> bool {
        !self.atk.melee && !self.atk.overrun
    }

    /// Step 0: Immune: Melee refuses a melee attack.
    fn refused(&self) -> bool {
        self.melee() && self.def.immune_melee
    }

    /// Vaapad Mastery's white attack dice.
    fn vaapad_attack_dice(&self) -> u32 {
        if self.atk.vaapad {
            self.atk.wounded.min(3)
        } else {
            0
        }
    }

    /// Vaapad Mastery's white defense dice.
    fn vaapad_defense_dice(&self) -> u32 {
        if self.def.vaapad {
            self.def.wounded.min(3)
        } else {
            0
        }
    }

    /// Step 1: the attack pool, red dice, then black, then white (Vaapad's among them).
    fn pool(&self) -> Vec<usize> {
        let mut dice = self.atk.dice;
        dice[WHITE] += self.vaapad_attack_dice();
        (0..3)
            .flat_map(|colour| std::iter::repeat_n(colour, dice[colour] as usize))
            .collect()
    }

    fn dice(&self) -> u32 {
        self.atk.dice.iter().sum::<u32>() + self.vaapad_attack_dice()
    }

    /// Aim tokens, Advanced Targeting's included.
    fn aims(&self) -> u32 {
        self.atk.aim + self.atk.advanced_targeting
    }

    /// Makashi Mastery acts (and greedy always uses it then).
    fn makashi(&self) -> bool {
        let (a, d) = (&self.atk, &self.def);
        a.makashi
            && self.melee()
            && a.pierce >= 1
            && (d.immune_pierce || d.immune_melee_pierce || d.impervious)
    }

    /// The pool's Pierce X after Makashi Mastery.
    fn pierce(&self) -> u32 {
        self.atk.pierce - u32::from(self.makashi())
    }

    /// Impervious, unless Makashi Mastery stops it.
    fn impervious(&self) -> bool {
        self.def.impervious && !self.makashi()
    }

    /// The surge chart: the unit's, improved by Jedi Hunter (against a Force user) and, in
    /// melee, by Hold the Line.
    fn chart(&self) -> Chart {
        let a = &self.atk;
        if a.chart == Chart::Crit || (a.jedi_hunter && self.def.force_user) {
            Chart::Crit
        } else if a.chart == Chart::Hit || (a.hold_the_line && self.melee()) {
            Chart::Hit
        } else {
            Chart::None
        }
    }

    /// Critical X, with Complete the Mission's Critical 2.
    fn critical(&self) -> u32 {
        self.atk.critical + if self.atk.complete_the_mission { 2 } else { 0 }
    }

    /// Upper bounds on the attack dice and the defense dice rolled on any path.
    fn roll_bounds(&self) -> (u32, u32) {
        let a = &self.atk;
        let d = &self.def;
        let n = self.dice();
        let attack = n + self.aims() * n.min(2 + a.precise) + a.observation * n.min(1);
        let cover = n;
        let guardian = self.grd.as_ref().map_or(0, |g| {
            let taken = g.guardian.min(n);
            taken * if g.soresu && g.dodge > 0 { 2 } else { 1 }
        });
        let total_pierce = a.pierce + a.lethal.min(self.aims()) + u32::from(a.duelist);
        let first = n
            + d.suppression.min(d.danger_sense)
            + self.vaapad_defense_dice()
            + if d.impervious { total_pierce } else { 0 };
        let rerolls = if d.soresu {
            first
        } else {
            d.uncanny_luck.min(first)
        };
        (attack, cover + guardian + first + rerolls)
    }
}

fn die_name(red: bool) -> String {
    if red { "red defense" } else { "white defense" }.to_string()
}

// ---------------------------------------------------------------------------------------------
// The oracle.

/// Weights of each outcome over the common denominator `total`.
#[derive(Debug, Default)]
struct Tally {
    total: u128,
    attack_results: BTreeMap<i64, u128>,
    wounds: BTreeMap<i64, u128>,
    attacker_wounds: BTreeMap<i64, u128>,
    guardian_wounds: BTreeMap<i64, u128>,
    /// Soresu Mastery's mean wounds of a reroll (as a sum over 6^dice), by the dice rerolled
    /// and what the wounds depend on.
    reroll_sums: HashMap<([u32; 2], Defending), u128>,
}

impl Tally {
    fn add(&mut self, results: u32, wounds: u32, attacker: u32, guardian: u32, w: u128) {
        for (map, x) in [
            (&mut self.attack_results, results),
            (&mut self.wounds, wounds),
            (&mut self.attacker_wounds, attacker),
            (&mut self.guardian_wounds, guardian),
        ] {
            *map.entry(i64::from(x)).or_default() += w;
        }
    }

    fn pmf(&self, map: &BTreeMap<i64, u128>) -> Vec<(i64, BigRational)> {
        assert_eq!(
            map.values().sum::<u128>(),
            self.total,
            "the oracle's weights must add up to its denominator"
        );
        map.iter()
            .filter(|(_, &c)| c > 0)
            .map(|(&x, &c)| {
                (
                    x,
                    BigRational::new(BigInt::from(c), BigInt::from(self.total)),
                )
            })
            .collect()
    }
}

fn oracle(c: &Case) -> Tally {
    assert!(!c.refused(), "{}: a refused attack", c.context());
    let (attack_dice, defense_dice) = c.roll_bounds();
    let total = 8u128
        .checked_pow(attack_dice)
        .and_then(|a| a.checked_mul(6u128.checked_pow(defense_dice)?))
        .expect("the common denominator fits in a u128");
    let mut t = Tally {
        total,
        ..Tally::default()
    };
    // 1. Form the pool: red dice, then black, then white (Vaapad's white dice among them).
    let pool = c.pool();
    // 2. Roll attack dice.
    roll_attack(&pool, total, &mut Vec::new(), &mut |faces, w| {
        let dice: Vec<(usize, AFace)> = pool.iter().copied().zip(faces.iter().copied()).collect();
        reroll(c, dice, c.aims(), c.atk.observation, 0, w, &mut t);
    });
    t
}

/// The dice worth rerolling, in the order greedy rerolls them: per colour (red, black, white),
/// blanks, then surges, counting surges only while fewer than (surges − convertible) have been
/// taken (with a chart every surge converts). Reading 8: the chart and Critical X are the ones
/// step 3 uses (Jedi Hunter, Hold the Line, Complete the Mission included).
fn worth_rerolling(c: &Case, dice: &[(usize, AFace)]) -> Vec<usize> {
    let surges = dice.iter().filter(|d| d.1 == AFace::Surge).count() as u32;
    let mut unconvertible = match c.chart() {
        Chart::None => surges.saturating_sub(c.critical() + c.atk.surge_tokens),
        Chart::Hit | Chart::Crit => 0,
    };
    let mut out = Vec::new();
    for colour in [RED, BLACK, WHITE] {
        for (i, &(col, face)) in dice.iter().enumerate() {
            if col == colour && face == AFace::Blank {
                out.push(i);
            }
        }
        for (i, &(col, face)) in dice.iter().enumerate() {
            if col == colour && face == AFace::Surge && unconvertible > 0 {
                unconvertible -= 1;
                out.push(i);
            }
        }
    }
    out
}

/// Step 2, rerolls: one token at a time, every aim token first, then every observation token.
/// `kept` counts the aim tokens not spent (for Marksman and Lethal).
fn reroll(
    c: &Case,
    dice: Vec<(usize, AFace)>,
    aim: u32,
    observation: u32,
    kept: u32,
    w: u128,
    t: &mut Tally,
) {
    let (capacity, aim_left, observation_left, is_aim) = if aim > 0 {
        (2 + c.atk.precise, aim - 1, observation, true)
    } else if observation > 0 {
        (1, 0, observation - 1, false)
    } else {
        return after_roll(c, &dice, kept, w, t);
    };
    let worth = worth_rerolling(c, &dice);
    // Reading 3: a Duelist in melee spends its first aim on no die rather than keep it.
    let idle = is_aim && aim == c.aims() && c.atk.duelist && c.melee();
    if worth.is_empty() && idle {
        return reroll(c, dice, aim_left, observation_left, kept, w, t);
    }
    if worth.is_empty() {
        // Greedy spends a token only when a die is worth rerolling; an unspent aim is kept.
        return reroll(
            c,
            dice,
            aim_left,
            observation_left,
            kept + u32::from(is_aim),
            w,
            t,
        );
    }
    let chosen: Vec<usize> = worth.into_iter().take(capacity as usize).collect();
    let colours: Vec<usize> = chosen.iter().map(|&i| dice[i].0).collect();
    roll_attack(&colours, w, &mut Vec::new(), &mut |faces, w| {
        let mut next = dice.clone();
        for (&i, &face) in chosen.iter().zip(faces) {
            next[i].1 = face;
        }
        reroll(c, next, aim_left, observation_left, kept, w, t);
    });
}

/// The cover value of step 4 (0 when the attack ignores cover: not ranged, Blast against a
/// defender without Immune: Blast, Death From Above).
fn cover_value(c: &Case) -> u32 {
    let (a, d) = (&c.atk, &c.def);
    if !c.ranged() || (a.blast && !d.immune_blast) || a.death_from_above {
        return 0;
    }
    match c.edition {
        Ed::Crb2026 | Ed::Crb2025 => {
            let suppressed = suppressed(d.suppression, d.courage);
            (d.cover + u32::from(suppressed) + d.cover_keyword + d.smoke)
                .min(2)
                .saturating_sub(a.sharpshooter)
        }
        Ed::Rrg2021 => {
            let suppressed = d.courage > 0 && d.suppression >= 1;
            let mut cover = (d.cover + u32::from(suppressed) + d.cover_keyword + d.smoke).min(2);
            if d.low_profile && cover == 1 {
                cover = 2;
            }
            cover.saturating_sub(a.sharpshooter)
        }
    }
}

/// The attack dice after step 3, and what later steps need to know of the rerolls.
#[derive(Debug, Clone, Copy)]
struct Pool {
    hits: u32,
    crits: u32,
    /// Blanks, unconverted surges included ("Surges left are blanks").
    blanks: u32,
    /// hits + crits after step 3.
    results: u32,
    /// Aim tokens left after Marksman.
    aims: u32,
    /// Whether an aim token was spent on a reroll.
    aim_rerolled: bool,
}

/// Step 3 (convert attack surges, Marksman, Jar'Kai Mastery) and step 4's cover.
fn after_roll(c: &Case, dice: &[(usize, AFace)], kept: u32, w: u128, t: &mut Tally) {
    let a = &c.atk;
    let count = |f: AFace| dice.iter().filter(|d| d.1 == f).count() as u32;
    let (mut hits, mut crits, mut surges) =
        (count(AFace::Hit), count(AFace::Crit), count(AFace::Surge));
    let critical = c.critical().min(surges);
    crits += critical;
    surges -= critical;
    match c.chart() {
        Chart::Hit => {
            hits += surges;
            surges = 0;
        }
        Chart::Crit => {
            crits += surges;
            surges = 0;
        }
        Chart::None => {
            let x = a.surge_tokens.min(surges);
            hits += x;
            surges -= x;
        }
    }
    // Reading 1: a surge left is a blank, for Marksman (and Jar'Kai) as for Ram.
    let mut blanks = count(AFace::Blank) + surges;
    let mut aims = kept;
    if a.marksman {
        let x = aims.min(blanks);
        blanks -= x;
        hits += x;
        aims -= x;
        if a.lethal == 0 {
            let x = aims.min(hits);
            hits -= x;
            crits += x;
            aims -= x;
        }
    }
    // Jar'Kai Mastery, in melee: the attacker's dodge tokens, as Marksman spends aims.
    if a.jarkai && c.melee() {
        let mut dodges = a.dodge;
        let x = dodges.min(blanks);
        blanks -= x;
        hits += x;
        dodges -= x;
        let x = dodges.min(hits);
        hits -= x;
        crits += x;
    }
    let pool = Pool {
        hits,
        crits,
        blanks,
        results: hits + crits,
        aims,
        aim_rerolled: kept < c.aims(),
    };
    let cover = cover_value(c);
    match c.edition {
        Ed::Crb2026 | Ed::Crb2025 if cover >= 1 && hits >= 1 => {
            // One white defense die per hit (red with Dug In); Low Profile: one die fewer, one
            // block more.
            let low_profile = u32::from(c.def.low_profile);
            roll_defense(
                if c.def.dug_in {
                    RED_DEFENSE
                } else {
                    WHITE_DEFENSE
                },
                hits - low_profile,
                w,
                [0; 3],
                &mut |[blocks, surges, _], w| {
                    let blocks = blocks + low_profile;
                    let cancels = if cover >= 2 { blocks + surges } else { blocks };
                    let hits = hits - cancels.min(hits);
                    dodge_onwards(c, Pool { hits, ..pool }, w, t);
                },
            );
        }
        Ed::Crb2026 | Ed::Crb2025 => dodge_onwards(c, pool, w, t),
        Ed::Rrg2021 => {
            let hits = hits - cover.min(hits);
            dodge_onwards(c, Pool { hits, ..pool }, w, t);
        }
    }
}

/// Step 4's dodge, step 5 (modify attack dice, Guardian).
fn dodge_onwards(c: &Case, pool: Pool, w: u128, t: &mut Tally) {
    let (a, d) = (&c.atk, &c.def);
    let (mut hits, mut crits, mut blanks) = (pool.hits, pool.crits, pool.blanks);
    let ranged = c.ranged();
    let mut spent = 0;
    // Reading 2: no dodge spend at all against High Velocity, Block's and Duelist's included.
    if !a.high_velocity {
        let mut tokens = d.dodge;
        if d.outmaneuver {
            let x = tokens.min(crits);
            crits -= x;
            tokens -= x;
            spent += x;
        }
        let x = tokens.min(hits);
        hits -= x;
        tokens -= x;
        spent += x;
        if (d.block || (d.duelist && c.melee())) && spent == 0 && tokens > 0 && hits + crits > 0 {
            spent = 1;
        }
    }
    // 5. Ion X first: it flips shield tokens, at most one per hit or crit.
    let flipped = a.ion.min(d.shielded).min(hits + crits);
    let shielded = d.shielded - flipped;
    // The attacker: Impact (with Weak Point, against Armor or Armor X), Primitive, Ram, Lethal,
    // Duelist.
    let armored = d.armor || d.armor_x > 0;
    if armored {
        let x = (a.impact + d.weak_point).min(hits);
        hits -= x;
        crits += x;
        if a.primitive {
            hits += crits;
            crits = 0;
        }
    }
    let from_blanks = a.ram.min(blanks);
    let from_hits = (a.ram - from_blanks).min(hits);
    blanks -= from_blanks;
    hits -= from_hits;
    crits += from_blanks + from_hits;
    let lethal = a.lethal.min(pool.aims);
    // Reading 3: only an aim spent in the reroll step gives Duelist its Pierce.
    let duelist = a.duelist && c.melee() && pool.aim_rerolled;
    let total_pierce = c.pierce() + lethal + u32::from(duelist);
    // Then the defender: Armor, Armor X, Shielded X (crits first; ranged attacks only, in every
    // edition), Backup.
    if d.armor {
        hits = 0;
    }
    hits -= d.armor_x.min(hits);
    if ranged {
        let x = shielded.min(crits);
        crits -= x;
        hits -= (shielded - x).min(hits);
    }
    if d.backup && ranged {
        hits -= 2.min(hits);
    }
    // Djem So Mastery (step 8): a blank left in the roll of a melee attack, after Ram.
    let djem_so = u32::from(d.djem_so && c.melee() && blanks >= 1);
    let left = Left {
        results: hits + crits,
        total_pierce,
        pierce: total_pierce,
        dodge_spent: spent > 0,
        attacker_wounds: djem_so,
        guardian_wounds: 0,
    };
    match &c.grd {
        Some(g) if ranged && !suppressed(g.suppression, g.courage) && d.guardian == 0 => {
            let taken = g.guardian.min(hits);
            let left = Left {
                results: left.results - taken,
                ..left
            };
            let colour = if g.red_die {
                RED_DEFENSE
            } else {
                WHITE_DEFENSE
            };
            roll_defense(colour, taken, w, [0; 3], &mut |first, w| {
                // Deflect's wound (a wound per surge with Shien Mastery) is checked on this
                // first roll.
                let deflect_wound = deflect_wounds(c, g.deflect, g.shien, first[1]);
                let left = Left {
                    attacker_wounds: left.attacker_wounds + deflect_wound,
                    ..left
                };
                let now = guardian_after(c, g, taken, first, total_pierce);
                // Soresu Mastery: a dodge token rerolls all its dice when its wounds from this
                // roll exceed the mean wounds of a reroll (sum over 6^taken).
                let soresu = g.soresu && g.dodge >= 1 && {
                    let mut sum = 0u128;
                    roll_defense(colour, taken, 6u128.pow(taken), [0; 3], &mut |f, w| {
                        sum += w * u128::from(guardian_after(c, g, taken, f, total_pierce).0);
                    });
                    u128::from(now.0) * 6u128.pow(taken) > sum
                };
                if soresu {
                    roll_defense(colour, taken, w, [0; 3], &mut |f, w| {
                        let (wounds, pierce) = guardian_after(c, g, taken, f, total_pierce);
                        let next = Left {
                            pierce,
                            guardian_wounds: wounds,
                            ..left
                        };
                        defense(c, pool.results, next, w, t);
                    });
                } else {
                    let next = Left {
                        pierce: now.1,
                        guardian_wounds: now.0,
                        ..left
                    };
                    defense(c, pool.results, next, w, t);
                }
            });
        }
        _ => defense(c, pool.results, left, w, t),
    }
}

/// Whether Deflect acts in this attack: ranged, and not High Velocity.
fn deflect_acts(c: &Case, has_it: bool) -> bool {
    has_it && c.ranged() && !c.atk.high_velocity
}

/// The wounds Deflect deals the attacker for `surges` shown: one if any (a wound per surge with
/// Shien Mastery), none against Immune: Deflect.
fn deflect_wounds(c: &Case, deflect: bool, shien: bool, surges: u32) -> u32 {
    if !deflect_acts(c, deflect) || c.atk.immune_deflect {
        0
    } else if shien {
        surges
    } else {
        surges.min(1)
    }
}

/// The guardian's wounds and the Pierce left for the defender, from its dice (blocks, surges,
/// blanks): surges convert (its chart, Deflect, its surge tokens), Pierce cancels blocks unless
/// it is Immune: Pierce, and (reading 4) every die that is not a block is a wound.
fn guardian_after(c: &Case, g: &Grd, taken: u32, faces: [u32; 3], pierce: u32) -> (u32, u32) {
    let [mut blocks, mut surges, _] = faces;
    if g.surge_block || deflect_acts(c, g.deflect) {
        blocks += surges;
        surges = 0;
    }
    blocks += g.surge_tokens.min(surges);
    let mut pierce = pierce;
    if !g.immune_pierce {
        let x = pierce.min(blocks);
        blocks -= x;
        pierce -= x;
    }
    (taken - blocks, pierce)
}

/// What reaches step 6.
#[derive(Debug, Clone, Copy)]
struct Left {
    /// Hits and crits left for the defender.
    results: u32,
    /// The attack's total Pierce (Lethal's and Duelist's included).
    total_pierce: u32,
    /// Pierce not spent on a guardian.
    pierce: u32,
    dodge_spent: bool,
    attacker_wounds: u32,
    guardian_wounds: u32,
}

/// What the defender's wounds depend on, once its dice are rolled.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
struct Defending {
    /// Its die colour (RED_DEFENSE or WHITE_DEFENSE); Vaapad's dice are white.
    colour: usize,
    results: u32,
    /// The Pierce that cancels blocks (0 when the defender is immune).
    pierce: u32,
    /// Every surge is a block.
    all_convert: bool,
    surge_tokens: u32,
}

impl Defending {
    /// Surges converted to blocks.
    fn converted(&self, surges: u32) -> u32 {
        if self.all_convert {
            surges
        } else {
            self.surge_tokens.min(surges)
        }
    }

    /// Wounds from the final defense dice (blocks, surges, blanks).
    fn wounds(&self, [blocks, surges, _]: [u32; 3]) -> u32 {
        let blocks = blocks + self.converted(surges);
        let blocks = blocks - self.pierce.min(blocks);
        self.results.saturating_sub(blocks)
    }

    /// The sum of wounds · weight over rolling `n[0]` dice of its colour and `n[1]` white dice
    /// on top of `fixed`, weights over 6^(n[0] + n[1]).
    fn wound_sum(&self, n: [u32; 2], fixed: [u32; 3]) -> u128 {
        let mut sum = 0u128;
        roll_defense(
            self.colour,
            n[0],
            6u128.pow(n[0] + n[1]),
            fixed,
            &mut |f, w| {
                roll_defense(WHITE_DEFENSE, n[1], w, f, &mut |f, w| {
                    sum += w * u128::from(self.wounds(f));
                });
            },
        );
        sum
    }

    /// Uncanny Luck's picks among its dice (`unit`, `vaapad`: blocks, surges, blanks), as
    /// (unit dice kept, vaapad dice kept, dice of each kind rerolled). Reading 9: blanks, then
    /// surges that will not convert, the unit's dice before Vaapad's white dice.
    fn uncanny(&self, luck: u32, unit: [u32; 3], vaapad: [u32; 3]) -> ([u32; 3], [u32; 2]) {
        let surges = unit[1] + vaapad[1];
        let mut unconvertible = surges - self.converted(surges);
        let mut room = luck;
        let mut kept = [0; 3];
        let mut rerolled = [0; 2];
        for (i, faces) in [unit, vaapad].into_iter().enumerate() {
            let blanks = room.min(faces[2]);
            room -= blanks;
            let surges = room.min(faces[1]).min(unconvertible);
            room -= surges;
            unconvertible -= surges;
            rerolled[i] = blanks + surges;
            for (k, x) in [faces[0], faces[1] - surges, faces[2] - blanks]
                .into_iter()
                .enumerate()
            {
                kept[k] += x;
            }
        }
        (kept, rerolled)
    }
}

/// Steps 6 to 8: defense dice, Soresu Mastery or Uncanny Luck, Deflect, conversion, Impervious
/// and Pierce, wounds.
fn defense(c: &Case, attack_results: u32, left: Left, w: u128, t: &mut Tally) {
    let d = &c.def;
    let (ranged, melee) = (c.ranged(), c.melee());
    // Pierce cannot cancel blocks against Immune: Pierce, Immune: Melee Pierce in melee, or a
    // defending Duelist's Immune: Pierce (melee, a dodge spent); Makashi Mastery stops all three.
    let immune = !c.makashi()
        && (d.immune_pierce
            || (d.immune_melee_pierce && melee)
            || (d.duelist && melee && left.dodge_spent));
    // Impervious: before crb-2026-05-29 it rolls the attack's total Pierce in extra dice when
    // it can cancel blocks (reading 5: before any is spent on a guardian; reading 10: a
    // defending Duelist's gained Immune: Pierce counts); crb-2026-05-29 lowers the Pierce left
    // by 1 at step 7.
    let impervious_dice = match c.edition {
        Ed::Crb2025 | Ed::Rrg2021 if c.impervious() && !immune => left.total_pierce,
        _ => 0,
    };
    let pierce = match c.edition {
        _ if immune => 0,
        Ed::Crb2026 if c.impervious() => left.pierce.saturating_sub(1),
        _ => left.pierce,
    };
    let deflect = deflect_acts(c, d.deflect);
    let x = Defending {
        colour: if d.red_die {
            RED_DEFENSE
        } else {
            WHITE_DEFENSE
        },
        results: left.results,
        pierce,
        all_convert: d.surge_block
            || deflect
            || (d.block && left.dodge_spent)
            || (d.hold_the_line && melee)
            || d.complete_the_mission,
        surge_tokens: d.surge_tokens,
    };
    // The extra dice roll even with no hit or crit left.
    let n = [
        left.results + d.suppression.min(d.danger_sense) + impervious_dice,
        c.vaapad_defense_dice(),
    ];
    let finish = |faces: [u32; 3], w: u128, t: &mut Tally| {
        let deflect_wound = deflect_wounds(c, d.deflect, d.shien, faces[1]);
        t.add(
            attack_results,
            x.wounds(faces),
            left.attacker_wounds + deflect_wound,
            left.guardian_wounds,
            w,
        );
    };
    roll_defense(x.colour, n[0], w, [0; 3], &mut |unit, w| {
        roll_defense(WHITE_DEFENSE, n[1], w, [0; 3], &mut |vaapad, w| {
            let (kept, luck) = x.uncanny(d.uncanny_luck, unit, vaapad);
            let soresu = d.soresu && ranged && {
                // Keep (then Uncanny Luck) against a reroll of every die; ties keep.
                let keep = x.wound_sum(luck, kept);
                let reroll = *t
                    .reroll_sums
                    .entry((n, x))
                    .or_insert_with(|| x.wound_sum(n, [0; 3]));
                keep * 6u128.pow(n[0] + n[1]) > reroll * 6u128.pow(luck[0] + luck[1])
            };
            if soresu {
                roll_defense(x.colour, n[0], w, [0; 3], &mut |f, w| {
                    roll_defense(WHITE_DEFENSE, n[1], w, f, &mut |f, w| finish(f, w, t));
                });
            } else {
                roll_defense(x.colour, luck[0], w, kept, &mut |f, w| {
                    roll_defense(WHITE_DEFENSE, luck[1], w, f, &mut |f, w| finish(f, w, t));
                });
            }
        });
    });
}

// ---------------------------------------------------------------------------------------------
// Comparing with the engine.

fn engine(c: &Case) -> LegionAttack {
    let (a, d, g) = c.specs();
    let s = Scenario::parse(&a, &d, g.as_deref())
        .unwrap_or_else(|e| panic!("{}: the SPECs don't parse: {e}", c.context()));
    attack(&under(&s, c.edition(), GREEDY))
        .unwrap_or_else(|e| panic!("{}: the engine refused: {e}", c.context()))
}

/// A pmf with its zero entries dropped and its fractions reduced.
fn nonzero(pmf: Vec<(i64, BigRational)>) -> Vec<(i64, BigRational)> {
    pmf.into_iter()
        .filter(|(_, p)| *p != BigRational::from_integer(0.into()))
        .map(|(x, p)| (x, BigRational::new(p.numer().clone(), p.denom().clone())))
        .collect()
}

fn check(c: &Case) -> Result<(), TestCaseError> {
    let (a, d, g) = c.specs();
    let s = Scenario::parse(&a, &d, g.as_deref())
        .unwrap_or_else(|e| panic!("{}: the SPECs don't parse: {e}", c.context()));
    if c.refused() {
        // Step 0: a defender with Immune: Melee cannot be attacked in melee.
        let e = attack(&under(&s, c.edition(), GREEDY));
        prop_assert!(
            matches!(e, Err(holodice_engine::Error::Illegal(_))),
            "{}: Immune: Melee in melee must be refused as illegal, got {:?}",
            c.context(),
            e.map(|_| "an answer")
        );
        return Ok(());
    }
    if !c.ranged() && c.grd.is_some() {
        // Reading 7: a guardian cannot act in a melee or overrun attack; the engine may refuse
        // the query.
        if let Err(e) = attack(&under(&s, c.edition(), GREEDY)) {
            prop_assert!(
                matches!(e, holodice_engine::Error::Illegal(_)),
                "{}: {e}",
                c.context()
            );
            return Ok(());
        }
    }
    let got = engine(c);
    let want = oracle(c);
    let ctx = c.context();
    prop_assert_eq!(
        nonzero(got.attack_results.pmf()),
        want.pmf(&want.attack_results),
        "attack_results: {}",
        ctx
    );
    prop_assert_eq!(
        nonzero(got.wounds.pmf()),
        want.pmf(&want.wounds),
        "wounds: {}",
        ctx
    );
    prop_assert_eq!(
        nonzero(got.attacker_wounds.pmf()),
        want.pmf(&want.attacker_wounds),
        "attacker_wounds: {}",
        ctx
    );
    match (&got.guardian_wounds, &c.grd) {
        (Some(g), Some(_)) => prop_assert_eq!(
            nonzero(g.pmf()),
            want.pmf(&want.guardian_wounds),
            "guardian_wounds: {}",
            ctx
        ),
        (None, None) => {}
        (got, _) => prop_assert!(
            false,
            "guardian_wounds is {} though a guardian is {}: {}",
            if got.is_some() { "given" } else { "missing" },
            if c.grd.is_some() {
                "given"
            } else {
                "not given"
            },
            ctx
        ),
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// Random cases.

/// Mostly 0, sometimes 1..=max.
fn count(max: u32) -> impl Strategy<Value = u32> {
    prop_oneof![2 => Just(0u32), 1 => 1..=max]
}

fn flag() -> impl Strategy<Value = bool> {
    prop::bool::weighted(0.3)
}

fn attackers() -> impl Strategy<Value = Atk> {
    (
        (
            prop::collection::vec(0..3usize, 1..=4),
            prop_oneof![Just(Chart::None), Just(Chart::Hit), Just(Chart::Crit)],
            count(2),
            count(2),
            count(1),
            count(2),
            count(2),
        ),
        (
            count(2),
            count(2),
            count(2),
            count(2),
            flag(),
            flag(),
            prop::bool::weighted(0.25),
            any::<bool>(),
            prop::bool::weighted(0.15),
        ),
        (
            flag(),
            count(2),
            flag(),
            count(2),
            flag(),
            flag(),
            flag(),
            flag(),
            flag(),
            flag(),
        ),
        (count(1), flag(), flag(), count(2), flag(), count(4)),
    )
        .prop_map(
            |(
                (colours, chart, aim, observation, precise, surge_tokens, critical),
                (
                    pierce,
                    impact,
                    lethal,
                    sharpshooter,
                    high_velocity,
                    blast,
                    melee,
                    charge,
                    overrun,
                ),
                (
                    marksman,
                    ram,
                    duelist,
                    ion,
                    primitive,
                    immune_deflect,
                    jedi_hunter,
                    hold_the_line,
                    complete_the_mission,
                    death_from_above,
                ),
                (advanced_targeting, makashi, jarkai, dodge, vaapad, wounded),
            )| {
                let mut dice = [0; 3];
                for colour in &colours {
                    dice[*colour] += 1;
                }
                Atk {
                    dice,
                    chart,
                    aim,
                    observation,
                    precise,
                    surge_tokens,
                    critical,
                    pierce,
                    impact,
                    lethal,
                    sharpshooter,
                    high_velocity,
                    blast,
                    melee,
                    charge,
                    overrun,
                    marksman,
                    ram,
                    duelist,
                    ion,
                    primitive,
                    immune_deflect,
                    jedi_hunter,
                    hold_the_line,
                    complete_the_mission,
                    death_from_above,
                    advanced_targeting,
                    makashi,
                    jarkai,
                    dodge,
                    vaapad,
                    wounded,
                }
            },
        )
}

fn defenders() -> impl Strategy<Value = Def> {
    (
        (
            any::<bool>(),
            flag(),
            count(2),
            count(1),
            0..=2u32,
            any::<bool>(),
            count(1),
            count(2),
            prop_oneof![1 => Just(0u32), 4 => Just(1), 2 => Just(2)],
            flag(),
            prop::bool::weighted(0.15),
            flag(),
        ),
        (
            count(2),
            count(1),
            flag(),
            flag(),
            count(2),
            count(2),
            flag(),
            flag(),
            flag(),
            flag(),
            prop::bool::weighted(0.1),
            flag(),
        ),
        (
            count(1),
            flag(),
            flag(),
            prop::bool::weighted(0.1),
            count(1),
            flag(),
            flag(),
            flag(),
            flag(),
            flag(),
            flag(),
            (flag(), count(4)),
        ),
    )
        .prop_map(
            |(
                (
                    red_die,
                    surge_block,
                    dodge,
                    surge_tokens,
                    cover,
                    cover_words,
                    cover_keyword,
                    suppression,
                    courage,
                    low_profile,
                    armor,
                    dug_in,
                ),
                (
                    armor_x,
                    shielded,
                    impervious,
                    immune_pierce,
                    danger_sense,
                    uncanny_luck,
                    block,
                    outmaneuver,
                    deflect,
                    backup,
                    guardian,
                    duelist,
                ),
                (
                    smoke,
                    immune_melee_pierce,
                    immune_blast,
                    immune_melee,
                    weak_point,
                    force_user,
                    hold_the_line,
                    complete_the_mission,
                    shien,
                    soresu,
                    djem_so,
                    (vaapad, wounded),
                ),
            )| Def {
                red_die,
                surge_block,
                dodge,
                surge_tokens,
                cover,
                cover_words,
                cover_keyword,
                suppression,
                courage,
                low_profile,
                dug_in,
                armor,
                armor_x,
                shielded,
                impervious,
                immune_pierce,
                danger_sense,
                uncanny_luck,
                block,
                outmaneuver,
                deflect,
                backup,
                guardian: u32::from(guardian),
                duelist,
                smoke,
                immune_melee_pierce,
                immune_blast,
                immune_melee,
                weak_point,
                force_user,
                hold_the_line,
                complete_the_mission,
                shien,
                soresu,
                djem_so,
                vaapad,
                wounded,
            },
        )
}

fn guardians() -> impl Strategy<Value = Option<Grd>> {
    let guardian = (
        (
            1..=2u32,
            any::<bool>(),
            flag(),
            count(1),
            count(1),
            prop_oneof![1 => Just(0u32), 4 => Just(1), 2 => Just(2)],
        ),
        (flag(), flag(), flag(), flag(), flag(), count(1)),
    )
        .prop_map(
            |(
                (guardian, red_die, surge_block, surge_tokens, suppression, courage),
                (deflect, immune_pierce, immune_melee_pierce, shien, soresu, dodge),
            )| Grd {
                guardian,
                red_die,
                surge_block,
                surge_tokens,
                suppression,
                courage,
                deflect,
                immune_pierce,
                immune_melee_pierce,
                shien,
                soresu,
                dodge,
            },
        );
    prop_oneof![3 => Just(None), 2 => guardian.prop_map(Some)]
}

/// Whether the oracle enumerates a case promptly: its common denominator fits in a u128 with
/// room, and it rolls few enough defense dice.
fn small_enough(c: &Case) -> bool {
    let (attack_dice, defense_dice) = c.roll_bounds();
    let d = &c.def;
    let a = &c.atk;
    // The extra defense dice (Danger Sense, Impervious, Vaapad, Uncanny Luck rerolls): at most
    // 4, 2 with 4 attack dice; Soresu Mastery rerolls them all, so at most 2 then.
    let total_pierce = a.pierce + a.lethal.min(c.aims()) + u32::from(a.duelist);
    let extra = d.suppression.min(d.danger_sense)
        + c.vaapad_defense_dice()
        + if d.impervious { total_pierce } else { 0 };
    let limit = match (c.dice() >= 4, d.soresu) {
        (_, true) => 2,
        (true, false) => 2,
        (false, false) => 4,
    };
    let dice = c.dice();
    let tokens = c.aims() + a.observation;
    let tokens_fit = tokens <= 2 && (dice < 4 || (tokens <= 1 && a.precise == 0));
    dice <= 4
        && tokens_fit
        && extra + if d.soresu { 0 } else { d.uncanny_luck } <= limit
        && (!d.soresu || dice <= 3)
        && f64::from(attack_dice) * 3.0 + f64::from(defense_dice) * 2.585 <= 124.0
}

pub(crate) fn cases() -> impl Strategy<Value = Case> {
    (
        prop_oneof![Just(Ed::Crb2026), Just(Ed::Crb2025), Just(Ed::Rrg2021)],
        attackers(),
        defenders(),
        guardians(),
    )
        .prop_map(|(edition, atk, def, grd)| {
            let mut c = Case {
                edition,
                atk,
                def,
                grd,
            };
            // Keep the enumeration small: drop what costs the most first.
            while !small_enough(&c) {
                let (a, d) = (&mut c.atk, &mut c.def);
                if d.soresu && d.uncanny_luck + d.danger_sense + d.wounded > 0 {
                    d.soresu = false;
                } else if d.uncanny_luck > 0 {
                    d.uncanny_luck -= 1;
                } else if d.vaapad && d.wounded > 0 {
                    d.wounded -= 1;
                } else if d.danger_sense > 0 {
                    d.danger_sense -= 1;
                } else if d.impervious {
                    d.impervious = false;
                } else if a.advanced_targeting > 0 {
                    a.advanced_targeting -= 1;
                } else if a.vaapad && a.wounded > 0 {
                    a.wounded -= 1;
                } else if a.observation > 0 {
                    a.observation -= 1;
                } else if a.aim > 0 {
                    a.aim -= 1;
                } else if a.precise > 0 {
                    a.precise -= 1;
                } else if d.soresu {
                    d.soresu = false;
                } else if let Some(colour) =
                    (0..3).find(|&i| a.dice[i] > 0 && a.dice.iter().sum::<u32>() > 1)
                {
                    a.dice[colour] -= 1;
                } else {
                    panic!("no way to make the case small: {c:?}");
                }
            }
            c
        })
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: std::env::var("PROPTEST_CASES")
            .ok()
            .and_then(|n| n.parse().ok())
            .unwrap_or(200),
        failure_persistence: None::<Box<dyn FailurePersistence>>,
        ..ProptestConfig::default()
    })]

    #[test]
    fn engine_matches_brute_force_over_random_keyword_mixes(c in cases()) {
        check(&c)?;
    }
}

// ---------------------------------------------------------------------------------------------
// Anchors: hand-derived numbers, checked against the oracle and the engine, then both against
// each other.

#[derive(Debug, Clone, Copy)]
enum Var {
    AttackResults,
    Wounds,
    AttackerWounds,
    GuardianWounds,
}

fn frac(n: i64, d: i64) -> BigRational {
    BigRational::new(n.into(), d.into())
}

fn oracle_pmf(t: &Tally, v: Var) -> Vec<(i64, BigRational)> {
    t.pmf(match v {
        Var::AttackResults => &t.attack_results,
        Var::Wounds => &t.wounds,
        Var::AttackerWounds => &t.attacker_wounds,
        Var::GuardianWounds => &t.guardian_wounds,
    })
}

fn engine_pmf(e: &LegionAttack, v: Var) -> Vec<(i64, BigRational)> {
    nonzero(match v {
        Var::AttackResults => e.attack_results.pmf(),
        Var::Wounds => e.wounds.pmf(),
        Var::AttackerWounds => e.attacker_wounds.pmf(),
        Var::GuardianWounds => e
            .guardian_wounds
            .as_ref()
            .expect("a guardian is given")
            .pmf(),
    })
}

fn mean(pmf: &[(i64, BigRational)]) -> BigRational {
    pmf.iter().map(|(x, p)| p * BigInt::from(*x)).sum()
}

/// Who an anchor is checked against: the oracle alone, or the oracle and the engine (and then
/// the two against each other).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Side {
    Oracle,
    Both,
}

/// The exact distribution `want` (outcome, numerator, denominator) of `v`, from both sides.
fn expect_pmf(c: &Case, v: Var, want: &[(i64, i64, i64)]) {
    expect_pmf_on(Side::Both, c, v, want);
}

fn expect_pmf_on(side: Side, c: &Case, v: Var, want: &[(i64, i64, i64)]) {
    let want: Vec<(i64, BigRational)> = want
        .iter()
        .filter(|&&(_, n, _)| n != 0)
        .map(|&(x, n, d)| (x, frac(n, d)))
        .collect();
    assert_eq!(
        oracle_pmf(&oracle(c), v),
        want,
        "oracle, {v:?}: {}",
        c.context()
    );
    if side == Side::Both {
        assert_eq!(
            engine_pmf(&engine(c), v),
            want,
            "engine, {v:?}: {}",
            c.context()
        );
        check(c).unwrap();
    }
}

/// The exact mean of `v`, from both sides.
fn expect_mean(c: &Case, v: Var, n: i64, d: i64) {
    expect_mean_on(Side::Both, c, v, n, d);
}

fn expect_mean_on(side: Side, c: &Case, v: Var, n: i64, d: i64) {
    let want = frac(n, d);
    assert_eq!(
        mean(&oracle_pmf(&oracle(c), v)),
        want,
        "oracle, {v:?}: {}",
        c.context()
    );
    if side == Side::Both {
        assert_eq!(
            mean(&engine_pmf(&engine(c), v)),
            want,
            "engine, {v:?}: {}",
            c.context()
        );
    }
}

/// P(one wound) for a one-die attack (wounds are 0 or 1), from both sides.
fn expect_wound(c: &Case, n: i64, d: i64) {
    expect_wound_on(Side::Both, c, n, d);
}

fn expect_wound_on(side: Side, c: &Case, n: i64, d: i64) {
    expect_pmf_on(side, c, Var::Wounds, &[(0, d - n, d), (1, n, d)]);
}

fn red(n: u32) -> Atk {
    Atk {
        dice: [n, 0, 0],
        ..Atk::default()
    }
}

fn white(n: u32) -> Atk {
    Atk {
        dice: [0, 0, n],
        ..Atk::default()
    }
}

fn red_defense() -> Def {
    Def {
        red_die: true,
        ..Def::default()
    }
}

fn case(atk: Atk, def: Def) -> Case {
    Case {
        atk,
        def,
        ..Case::default()
    }
}

#[test]
fn one_red_die_with_surge_hit_scores_seven_eighths() {
    // crit 1 + surge 1 (→ hit) + hit 5 = 7 of 8 faces score one result.
    let c = case(
        Atk {
            chart: Chart::Hit,
            ..red(1)
        },
        red_defense(),
    );
    expect_pmf(&c, Var::AttackResults, &[(0, 1, 8), (1, 7, 8)]);
    expect_mean(&c, Var::AttackResults, 7, 8);
}

#[test]
fn six_dice_with_surge_crit_score_fifteen_quarters() {
    // Hits: red 5/8, black 3/8, white 1/8, two of each: E[hits] = 2·9/8 = 9/4.
    // Crits: crit or surge (→ crit) = 2/8 on every die: E[crits] = 6·2/8 = 3/2.
    // E[attack_results] = 9/4 + 3/2 = 15/4. Against Armor every hit is cancelled and each crit
    // rolls one white defense die that fails to block with 5/6: E[wounds] = 3/2 · 5/6 = 5/4.
    let mut c = case(
        Atk {
            dice: [2, 2, 2],
            chart: Chart::Crit,
            ..Atk::default()
        },
        Def {
            armor: true,
            ..Def::default()
        },
    );
    expect_mean(&c, Var::AttackResults, 15, 4);
    expect_mean(&c, Var::Wounds, 5, 4);
    c.def.armor = false;
    expect_mean(&c, Var::AttackResults, 15, 4);
    // Without Armor: E[wounds] = 15/4 · 5/6 = 25/8.
    expect_mean(&c, Var::Wounds, 25, 8);
}

#[test]
fn one_red_die_against_red_defense() {
    // P(hit or crit) · P(red defense die does not block) = 6/8 · 3/6 = 3/8. No surge chart:
    // the attack surge is a blank, the defense surge is not a block.
    let c = case(red(1), red_defense());
    expect_wound(&c, 3, 8);
    expect_pmf(&c, Var::AttackerWounds, &[(0, 1, 1)]);
}

#[test]
fn rolled_cover_amg_2024() {
    // Light cover: a hit (5/8) survives the white cover die unless it blocks (5/6 survives); a
    // crit (1/8) ignores cover. Then a white defense die fails to block with 5/6:
    // (5/8 · 5/6 + 1/8) · 5/6 = 31/48 · 5/6 = 155/288.
    let mut c = case(
        red(1),
        Def {
            cover: 1,
            ..Def::default()
        },
    );
    expect_wound(&c, 155, 288);
    // Heavy cover: blocks and surges cancel (4/6 survives): (5/8 · 4/6 + 1/8) · 5/6 = 65/144.
    c.def.cover = 2;
    expect_wound(&c, 65, 144);
    // Sharpshooter 1 makes heavy cover light again.
    c.atk.sharpshooter = 1;
    expect_wound(&c, 155, 288);
    // Suppressed (suppression 1 ≥ courage 1) improves none to light.
    let c = case(
        red(1),
        Def {
            suppression: 1,
            ..Def::default()
        },
    );
    expect_wound(&c, 155, 288);
    // Low Profile: the one hit rolls no die and gets one block, so it is always cancelled; only
    // the crit wounds: 1/8 · 5/6 = 5/48.
    let c = case(
        red(1),
        Def {
            cover: 1,
            low_profile: true,
            ..Def::default()
        },
    );
    expect_wound(&c, 5, 48);
    // Reading 6: courage "—" is never suppressed: no cover, so 6/8 · 5/6 = 5/8, however many
    // tokens.
    let c = case(
        red(1),
        Def {
            courage: 0,
            suppression: 3,
            ..Def::default()
        },
    );
    expect_wound(&c, 5, 8);
    // Dug In rolls a red defense die per hit: light cover cancels on a block (3/6 survive):
    // (5/8 · 3/6 + 1/8) · 5/6 = 7/16 · 5/6 = 35/96; heavy on a block or a surge (2/6 survive):
    // (5/8 · 2/6 + 1/8) · 5/6 = 1/3 · 5/6 = 5/18.
    let mut c = case(
        red(1),
        Def {
            cover: 1,
            dug_in: true,
            ..Def::default()
        },
    );
    expect_wound(&c, 35, 96);
    c.def.cover = 2;
    expect_wound(&c, 5, 18);
}

#[test]
fn fixed_cover_amg_2021() {
    // Light cover cancels the one hit outright; the crit wounds with 5/6: 1/8 · 5/6 = 5/48.
    let mut c = case(
        red(1),
        Def {
            cover: 1,
            ..Def::default()
        },
    );
    c.edition = Ed::Rrg2021;
    expect_wound(&c, 5, 48);
    // Any suppression token gives light cover (courage 2 does not matter in rrg-2021).
    c.def.cover = 0;
    c.def.suppression = 1;
    c.def.courage = 2;
    expect_wound(&c, 5, 48);
    // Courage "—": tokens give it no cover, in rrg-2021 too.
    c.def.courage = 0;
    expect_wound(&c, 5, 8);
    c.def.courage = 2;
    // Dug In changes nothing when cover cancels hits outright.
    c.def.dug_in = true;
    expect_wound(&c, 5, 48);
    // Blast ignores cover: 6/8 · 5/6 = 5/8.
    c.atk.blast = true;
    expect_wound(&c, 5, 8);
}

#[test]
fn deflect_against_one_red_die() {
    // A hit or crit (6/8) rolls one white defense die; a surge (1/6) wounds the attacker and
    // becomes a block: P(attacker wound) = 6/8 · 1/6 = 1/8; P(wound) = 6/8 · 4/6 = 1/2.
    let c = case(
        red(1),
        Def {
            deflect: true,
            ..Def::default()
        },
    );
    expect_pmf(&c, Var::AttackerWounds, &[(0, 7, 8), (1, 1, 8)]);
    expect_wound(&c, 1, 2);
    // Melee: no Deflect at all: 6/8 · 5/6 = 5/8, and no attacker wound.
    let mut m = c.clone();
    m.atk.melee = true;
    expect_pmf(&m, Var::AttackerWounds, &[(0, 1, 1)]);
    expect_wound(&m, 5, 8);
}

#[test]
fn guardian_takes_the_hit() {
    // The hit (5/8) goes to the guardian (Guardian 1, red defense, surge block): it blocks with
    // 4/6 and suffers a wound with 2/6: 5/8 · 2/6 = 5/24. The crit (1/8) stays on the defender,
    // white defense: 1/8 · 5/6 = 5/48.
    let mut c = case(red(1), Def::default());
    c.grd = Some(Grd {
        guardian: 1,
        red_die: true,
        surge_block: true,
        ..Grd::default()
    });
    expect_pmf(&c, Var::GuardianWounds, &[(0, 19, 24), (1, 5, 24)]);
    expect_wound(&c, 5, 48);
    // Reading 4: without surge block, the guardian's unconverted surge is a blank: it blocks
    // only with 3/6, so 5/8 · 3/6 = 5/16.
    let mut g = c.clone();
    g.grd.as_mut().unwrap().surge_block = false;
    expect_pmf(&g, Var::GuardianWounds, &[(0, 11, 16), (1, 5, 16)]);
    // A defender with Guardian itself cannot be guarded: 6/8 · 5/6 = 5/8.
    g.def.guardian = 1;
    expect_pmf(&g, Var::GuardianWounds, &[(0, 1, 1)]);
    expect_wound(&g, 5, 8);
    // Pierce 1 cancels the guardian's one block first: the guardian always suffers the wound
    // (5/8). On a crit (1/8) no guardian rolls, so the defender gets Pierce 1: always a wound.
    c.atk.pierce = 1;
    expect_pmf(&c, Var::GuardianWounds, &[(0, 3, 8), (1, 5, 8)]);
    expect_wound(&c, 1, 8);
    // A suppressed guardian (suppression 1 ≥ courage 1) cannot guard: 6/8 wounds (Pierce 1).
    c.grd.as_mut().unwrap().suppression = 1;
    expect_pmf(&c, Var::GuardianWounds, &[(0, 1, 1)]);
    expect_wound(&c, 3, 4);
}

#[test]
fn aim_rerolls_blanks_and_unconvertible_surges() {
    // One white die, aim 1, no chart: a blank (5/8) or a surge (1/8) is rerolled; the final die
    // scores with 2/8 (crit, hit): 2/8 + 6/8 · 2/8 = 7/16.
    let c = case(Atk { aim: 1, ..white(1) }, Def::default());
    expect_pmf(&c, Var::AttackResults, &[(0, 9, 16), (1, 7, 16)]);
    // With Critical 1 the surge converts (to a crit), so only blanks are rerolled: the first
    // roll scores with 3/8, the reroll of a blank (5/8) with 3/8: 3/8 + 5/8 · 3/8 = 39/64.
    let c = case(
        Atk {
            aim: 1,
            critical: 1,
            ..white(1)
        },
        Def::default(),
    );
    expect_pmf(&c, Var::AttackResults, &[(0, 25, 64), (1, 39, 64)]);
}

#[test]
fn lethal_spends_the_unspent_aim() {
    // One red die, aim 1, Lethal 1, against red defense. A hit or crit (6/8) leaves the aim
    // unspent: Pierce 1 cancels the only possible block, so it always wounds. Otherwise (2/8)
    // the aim rerolls: a hit or crit (6/8) then wounds unless blocked (3/6).
    // 6/8 + 2/8 · 6/8 · 1/2 = 96/128 + 12/128 = 27/32.
    let c = case(
        Atk {
            aim: 1,
            lethal: 1,
            ..red(1)
        },
        red_defense(),
    );
    expect_wound(&c, 27, 32);
    // rrg-2021: Impervious counts Lethal's Pierce (docs/legion.md, step 6). White defense with
    // Impervious: with the aim unspent (6/8) two dice roll and Pierce 1 cancels a block: a wound
    // unless both block, 35/36. Otherwise the reroll scores (6/8) against one die without
    // Pierce: 5/6. 6/8 · 35/36 + 2/8 · 6/8 · 5/6 = 35/48 + 5/32 = 85/96.
    let mut c = case(
        Atk {
            aim: 1,
            lethal: 1,
            ..red(1)
        },
        Def {
            impervious: true,
            ..Def::default()
        },
    );
    c.edition = Ed::Rrg2021;
    expect_wound(&c, 85, 96);
    // crb-2026-05-29: Impervious lowers Lethal's Pierce 1 to 0 (step 7): one white die that fails to
    // block with 5/6 either way: 6/8 · 5/6 + 2/8 · 6/8 · 5/6 = 5/8 + 5/32 = 25/32.
    c.edition = Ed::Crb2026;
    expect_wound(&c, 25, 32);
}

#[test]
fn impervious_danger_sense_and_uncanny_luck() {
    // rrg-2021: Impervious against Pierce 1: two white dice for the one result; Pierce cancels
    // one block, so only two blocks save: 6/8 · (1 − 1/36) = 35/48 (impervious_acts_only_when_
    // pierce_can has crb-2026-05-29).
    let mut c = case(
        Atk {
            pierce: 1,
            ..red(1)
        },
        Def {
            impervious: true,
            ..Def::default()
        },
    );
    c.edition = Ed::Rrg2021;
    expect_wound(&c, 35, 48);
    // Danger Sense 1 with suppression 2 (courage 3: not suppressed, so no cover in crb-2026-05-29):
    // two white dice, a wound if neither blocks: 6/8 · 25/36 = 25/48.
    let c = case(
        red(1),
        Def {
            danger_sense: 1,
            suppression: 2,
            courage: 3,
            ..Def::default()
        },
    );
    expect_wound(&c, 25, 48);
    // Uncanny Luck 1 rerolls a non-block (blank, or surge that will not convert): the die blocks
    // with 1/6 + 5/6 · 1/6 = 11/36, so 6/8 · 25/36 = 25/48 wound.
    let c = case(
        red(1),
        Def {
            uncanny_luck: 1,
            ..Def::default()
        },
    );
    expect_wound(&c, 25, 48);
}

#[test]
fn dodge_outmaneuver_and_block() {
    // One red die with surge crit, dodge 1, against red defense with surge block. A hit (5/8) is
    // dodged; a crit (2/8) is not, and is blocked with 4/6: 2/8 · 2/6 = 1/12.
    let base = case(
        Atk {
            chart: Chart::Crit,
            ..red(1)
        },
        Def {
            dodge: 1,
            red_die: true,
            surge_block: true,
            ..Def::default()
        },
    );
    expect_wound(&base, 1, 12);
    // Outmaneuver dodges the crit too.
    let mut c = base.clone();
    c.def.outmaneuver = true;
    expect_wound(&c, 0, 1);
    // High Velocity: no dodge: 7/8 · 2/6 = 7/24.
    let mut c = base.clone();
    c.atk.high_velocity = true;
    expect_wound(&c, 7, 24);
    // Reading 2: with High Velocity, Block makes no spend either: white defense, the hit or crit
    // (7/8) wounds unless the die blocks (1/6; the surge is not a block): 7/8 · 5/6 = 35/48.
    c.def.red_die = false;
    c.def.surge_block = false;
    c.def.block = true;
    expect_wound(&c, 35, 48);
    // White defense, no chart: the crit (2/8) wounds with 5/6 = 5/24; with Block, greedy spends
    // the dodge for the surge: blocks with 2/6, 2/8 · 4/6 = 1/6.
    let mut c = base;
    c.def.red_die = false;
    c.def.surge_block = false;
    expect_wound(&c, 5, 24);
    c.def.block = true;
    expect_wound(&c, 1, 6);
}

#[test]
fn armor_impact_shielded_and_backup() {
    // Two red dice with surge hit against Armor: every hit is cancelled; only crits (1/8 each)
    // roll. Impact 1 turns one hit into a crit first. With white defense, E[wounds] =
    // E[crits] · 5/6. E[crits] = 2/8 = 1/4 → 5/24.
    let mut c = case(
        Atk {
            chart: Chart::Hit,
            ..red(2)
        },
        Def {
            armor: true,
            ..Def::default()
        },
    );
    expect_mean(&c, Var::Wounds, 5, 24);
    // Impact 1: a crit is added whenever at least one hit shows; P(no hit on a die) = 2/8
    // (crit or blank; surges are hits), so P(≥1 hit) = 1 − 1/16 = 15/16.
    // E[crits] = 1/4 + 15/16 = 19/16 → E[wounds] = 19/16 · 5/6 = 95/96.
    c.atk.impact = 1;
    expect_mean(&c, Var::Wounds, 95, 96);
    // Backup cancels up to two hits: with no Armor, only crits are left: 5/24 again.
    c.def.armor = false;
    c.def.backup = true;
    expect_mean(&c, Var::Wounds, 5, 24);
    // Shielded 1 (no Backup) cancels one result, crits first: E[results] = 2 · 7/8 = 7/4, and
    // one is cancelled unless none shows (1/64): E[left] = 7/4 − 63/64 = 49/64; · 5/6 = 245/384.
    c.def.backup = false;
    c.def.shielded = 1;
    expect_mean(&c, Var::Wounds, 245, 384);
}

// ---------------------------------------------------------------------------------------------
// Points docs/legion.md settled after a first reading: Deflect against High Velocity, extra
// defense dice with no result left, which surge greedy rerolls.

#[test]
fn deflect_has_no_effect_against_high_velocity() {
    // One red die with High Velocity against white defense with Deflect: no attacker wound, and
    // the surge does not convert: a hit or crit (6/8) is blocked only with 1/6, so
    // P(wound) = 6/8 · 5/6 = 5/8 (with surge:block it would be 6/8 · 4/6 = 1/2).
    let c = case(
        Atk {
            high_velocity: true,
            ..red(1)
        },
        Def {
            deflect: true,
            ..Def::default()
        },
    );
    expect_wound(&c, 5, 8);
    expect_pmf(&c, Var::AttackerWounds, &[(0, 1, 1)]);
    // The same on a guardian (Guardian 1, white defense, Deflect) taking the hit (5/8):
    // 5/8 · 5/6 = 25/48 (with surge:block: 5/8 · 4/6 = 5/12).
    let mut g = case(
        Atk {
            high_velocity: true,
            ..red(1)
        },
        Def::default(),
    );
    g.grd = Some(Grd {
        deflect: true,
        ..Grd::default()
    });
    expect_pmf(&g, Var::GuardianWounds, &[(0, 23, 48), (1, 25, 48)]);
    expect_pmf(&g, Var::AttackerWounds, &[(0, 1, 1)]);
}

#[test]
fn danger_sense_and_impervious_dice_roll_without_results() {
    // One white die against white defense with Deflect and Danger Sense 1, suppression 1,
    // courage 2 (not suppressed: no cover in crb-2026-05-29). A hit or crit (2/8) rolls 2 dice: some
    // surge with 1 − 25/36 = 11/36. Otherwise (6/8) the Danger Sense die still rolls: a surge
    // with 1/6. P(attacker wound) = 2/8 · 11/36 + 6/8 · 1/6 = 22/288 + 36/288 = 29/144 (with no
    // roll without a result it would be 22/288 = 11/144).
    let c = case(
        white(1),
        Def {
            deflect: true,
            danger_sense: 1,
            suppression: 1,
            courage: 2,
            ..Def::default()
        },
    );
    expect_pmf(&c, Var::AttackerWounds, &[(0, 115, 144), (1, 29, 144)]);
    // rrg-2021: Impervious against Pierce 1 adds the same one die: the same numbers.
    let mut c = case(
        Atk {
            pierce: 1,
            ..white(1)
        },
        Def {
            deflect: true,
            impervious: true,
            ..Def::default()
        },
    );
    c.edition = Ed::Rrg2021;
    expect_pmf(&c, Var::AttackerWounds, &[(0, 115, 144), (1, 29, 144)]);
}

#[test]
fn greedy_rerolls_the_red_surge_and_keeps_the_white_one() {
    // `1 red, 1 white, observation 1, Critical 1`, no chart: one surge converts (to a crit).
    // P(2 results), by the first roll (red, white) and the observation reroll:
    //   red crit/hit (6/8): white crit/hit 2/8 → 12/64; white surge (the only surge, converts)
    //     1/8 → 6/64; white blank 5/8 rerolled, scores on crit/hit/surge 3/8 → 90/512;
    //   red surge (1/8): white crit/hit 2/8 → 2/64; white blank 5/8 rerolled, scores on
    //     crit/hit 2/8 (a second surge would not convert) → 10/512; white surge 1/8: both surge,
    //     one converts, and greedy rerolls the red one (red first), which scores on crit/hit
    //     6/8 → 6/512 (rerolling the white one instead: 2/8 → 2/512);
    //   red blank (1/8) rerolled: white crit/hit 2/8, red scores on crit/hit/surge 7/8 → 14/512;
    //     white surge 1/8, red scores on crit/hit 6/8 → 6/512; white blank: never 2.
    // P(2) = (96 + 48 + 90 + 16 + 10 + 6 + 14 + 6)/512 = 286/512.
    // P(0): red blank rerolled to blank, white blank: 1/8 · 1/8 · 5/8 = 5/512.
    let c = case(
        Atk {
            dice: [1, 0, 1],
            observation: 1,
            critical: 1,
            ..Atk::default()
        },
        Def::default(),
    );
    expect_pmf(
        &c,
        Var::AttackResults,
        &[(0, 5, 512), (1, 221, 512), (2, 286, 512)],
    );
}

#[test]
fn greedy_keeps_apart_only_the_surges_that_convert() {
    // The engine keeps at most Critical X + surge tokens surges per pool (the last colours'),
    // counting the rest as blanks; the oracle rerolls die by die. Every mix of up to three
    // colours and four dice, with up to two surges that convert and one or two tokens.
    let mut checked = 0;
    for dice in (0..=4u32)
        .flat_map(|r| (0..=4 - r).flat_map(move |b| (0..=4 - r - b).map(move |w| [r, b, w])))
    {
        let total: u32 = dice.iter().sum();
        if total == 0 {
            continue;
        }
        for (critical, surge_tokens) in [(0, 0), (1, 0), (0, 1), (1, 1), (2, 0)] {
            for (aim, observation) in [(1, 0), (0, 1), (1, 1)] {
                if total == 4 && aim + observation > 1 {
                    continue;
                }
                let c = case(
                    Atk {
                        dice,
                        aim,
                        observation,
                        critical,
                        surge_tokens,
                        ..Atk::default()
                    },
                    Def::default(),
                );
                check(&c).unwrap();
                checked += 1;
            }
        }
    }
    assert_eq!(checked, 435);
}

// ---------------------------------------------------------------------------------------------
// Marksman, Ram, Duelist.

#[test]
fn marksman_turns_a_kept_aim_into_a_crit() {
    // One red die, aim 1, Marksman, against white defense with Armor (hits are cancelled, crits
    // roll a die that fails to block with 5/6). A crit (1/8) or a hit (5/8) leaves the aim
    // unspent, and Marksman turns the hit into a crit; a surge or blank (2/8) is rerolled and is
    // a crit with 1/8. P(crit) = 1/8 + 5/8 + 2/8 · 1/8 = 25/32; P(wound) = 25/32 · 5/6 = 125/192.
    let mut c = case(
        Atk {
            aim: 1,
            marksman: true,
            ..red(1)
        },
        Def {
            armor: true,
            ..Def::default()
        },
    );
    expect_wound(&c, 125, 192);
    // Without Marksman: P(crit) = 1/8 + 2/8 · 1/8 = 5/32, P(wound) = 25/192.
    c.atk.marksman = false;
    expect_wound(&c, 25, 192);
    // Marksman with Lethal 1: the kept aim goes to Lethal (Pierce 1), not to a crit. A crit on
    // the first roll (1/8) then always wounds; a hit (5/8) is cancelled by Armor; a rerolled
    // crit (2/8 · 1/8) wounds with 5/6. P = 1/8 + 2/64 · 5/6 = 48/384 + 10/384 = 29/192.
    c.atk.marksman = true;
    c.atk.lethal = 1;
    expect_wound(&c, 29, 192);
}

#[test]
fn ram_turns_blanks_then_hits_into_crits() {
    // One white die with Ram 1 against white defense with Armor: a blank or an unconverted
    // surge becomes a crit, a hit becomes a crit, a crit stays: always one crit, which wounds
    // with 5/6.
    let c = case(
        Atk { ram: 1, ..white(1) },
        Def {
            armor: true,
            ..Def::default()
        },
    );
    expect_wound(&c, 5, 6);
    // Ram does not change attack_results (measured at step 3): 2/8.
    expect_pmf(&c, Var::AttackResults, &[(0, 3, 4), (1, 1, 4)]);
}

#[test]
fn duelist_pierces_after_an_aim_and_ignores_pierce_after_a_dodge() {
    // Attacking Duelist, `1 red, aim 1, Duelist, melee`, against red defense. A hit or crit
    // (6/8) spends the aim rerolling no die; a surge or blank (2/8) spends it on a reroll. Pierce
    // 1 either way, so a hit or crit always wounds: 6/8 + 2/8 · 6/8 = 48/64 + 12/64 = 15/16.
    // (Keeping the aim when no die is worth rerolling, as greedy did: 6/8 · 1/2 + 2/8 · 6/8 =
    // 9/16.)
    let mut c = case(
        Atk {
            aim: 1,
            duelist: true,
            melee: true,
            ..red(1)
        },
        red_defense(),
    );
    expect_wound(&c, 15, 16);
    // Ranged: no Pierce: 6/8 · 1/2 + 2/8 · 6/8 · 1/2 = 30/64 = 15/32.
    c.atk.melee = false;
    expect_wound(&c, 15, 32);
    // Defending Duelist in melee: `1 red, surge crit, Pierce 1, melee` against `red defense,
    // dodge 1, Duelist`. A hit (5/8) is dodged. A crit (2/8) cannot be dodged, so greedy spends
    // the dodge for Immune: Pierce: blocked with 3/6 (its surge is not a block): 2/8 · 1/2 = 1/8.
    let mut c = case(
        Atk {
            chart: Chart::Crit,
            pierce: 1,
            melee: true,
            ..red(1)
        },
        Def {
            dodge: 1,
            duelist: true,
            ..red_defense()
        },
    );
    expect_wound(&c, 1, 8);
    // Without Duelist the crit always wounds (Pierce 1): 2/8.
    c.def.duelist = false;
    expect_wound(&c, 1, 4);
}

#[test]
fn duelist_pierce_counts_only_an_aim_spent_in_the_reroll_step() {
    // Reading 3. `1 red, aim 1, Marksman, Duelist, melee` against red defense (blocks 3/6; its
    // surge is not a block). A surge or blank (2/8) spends the aim on a reroll; a hit or crit
    // (6/8) spends it rerolling no die, which Duelist counts (Marksman, which would have made
    // the hit a crit, has no aim left; an aim Marksman spent would not count). Pierce 1 either
    // way, so a hit or crit always wounds: P(wound) = 6/8 + 2/8 · 6/8 = 48/64 + 12/64 = 15/16.
    // (Counting Marksman's aim, as holodice did, gave 7/8; keeping the aim for Marksman and
    // counting by the text gives 5/8 · 1/2 + 1/8 · 1/2 + 2/8 · 6/8 = 9/16.)
    let c = case(
        Atk {
            aim: 1,
            marksman: true,
            duelist: true,
            melee: true,
            ..red(1)
        },
        red_defense(),
    );
    expect_wound(&c, 15, 16);
}

// ---------------------------------------------------------------------------------------------
// The keywords docs/legion.md's attack sequence gained (Impervious by edition, the lightsaber
// masteries, Ion, Primitive, Vaapad, Hold the Line, Makashi, overrun attacks). Each anchor is
// checked against the oracle alone (new_keyword_anchors_hold_for_the_oracle) and against both
// (its own test).

/// An anchor, checked against the oracle alone or against both sides.
type Anchor = fn(Side);

/// The anchors below, by name.
const NEW_ANCHORS: &[(&str, Anchor)] = &[
    ("impervious", impervious_anchor),
    ("shien", shien_anchor),
    ("immune deflect", immune_deflect_anchor),
    ("djem so", djem_so_anchor),
    ("jar'kai", jarkai_anchor),
    ("primitive", primitive_anchor),
    ("ion", ion_anchor),
    ("vaapad", vaapad_anchor),
    ("soresu", soresu_anchor),
    ("hold the line", hold_the_line_anchor),
    ("makashi", makashi_anchor),
    ("overrun", overrun_anchor),
    ("cover keywords", cover_keywords_anchor),
    ("surge keywords", surge_keywords_anchor),
];

#[test]
fn new_keyword_anchors_hold_for_the_oracle() {
    for (name, anchor) in NEW_ANCHORS {
        eprintln!("anchor: {name}");
        anchor(Side::Oracle);
    }
}

fn with_edition(mut c: Case, edition: Ed) -> Case {
    c.edition = edition;
    c
}

fn impervious_anchor(side: Side) {
    // `1 red, Pierce 1` against `white defense, Impervious, Immune: Pierce`: Pierce cannot
    // cancel blocks, so rrg-2021 rolls no Impervious die, and crb-2026-05-29's lowering of Pierce
    // changes nothing: one white die, 6/8 · 5/6 = 5/8 in both editions.
    let c = case(
        Atk {
            pierce: 1,
            ..red(1)
        },
        Def {
            impervious: true,
            immune_pierce: true,
            ..Def::default()
        },
    );
    expect_wound_on(side, &with_edition(c.clone(), Ed::Crb2026), 5, 8);
    expect_wound_on(side, &with_edition(c.clone(), Ed::Rrg2021), 5, 8);
    // Without Immune: Pierce: crb-2026-05-29 lowers Pierce 1 to 0: one white die, 5/8; rrg-2021 rolls
    // two white dice and Pierce cancels one block: a wound unless both block, 6/8 · 35/36 =
    // 35/48.
    let mut c = c;
    c.def.immune_pierce = false;
    expect_wound_on(side, &with_edition(c.clone(), Ed::Crb2026), 5, 8);
    expect_wound_on(side, &with_edition(c.clone(), Ed::Rrg2021), 35, 48);
    // Immune: Melee Pierce acts in melee only: rrg-2021, `melee`: one die, 5/8; ranged: 35/48.
    c.def.immune_melee_pierce = true;
    expect_wound_on(side, &with_edition(c.clone(), Ed::Rrg2021), 35, 48);
    c.atk.melee = true;
    expect_wound_on(side, &with_edition(c.clone(), Ed::Rrg2021), 5, 8);
    // crb-2026-05-29, Pierce 2 against Impervious: Pierce 1 is left, which cancels the one die's
    // block: 6/8.
    let c = case(
        Atk {
            pierce: 2,
            ..red(1)
        },
        Def {
            impervious: true,
            ..Def::default()
        },
    );
    expect_wound_on(side, &c, 3, 4);
    // Reading 10: a defending Duelist that spent a dodge in melee is Immune: Pierce, so rrg-2021
    // rolls no Impervious die. `1 red, surge crit, Pierce 1, melee` against `white defense,
    // Impervious, Duelist, dodge 1`: a hit (5/8) is dodged; on a crit (2/8) greedy spends the
    // dodge for Immune: Pierce, and one white die fails to block with 5/6: 2/8 · 5/6 = 5/24
    // (with the Impervious die rolled it would be 2/8 · 25/36 = 25/144).
    let c = case(
        Atk {
            chart: Chart::Crit,
            pierce: 1,
            melee: true,
            ..red(1)
        },
        Def {
            impervious: true,
            duelist: true,
            dodge: 1,
            ..Def::default()
        },
    );
    expect_wound_on(side, &with_edition(c, Ed::Rrg2021), 5, 24);
}

#[test]
fn impervious_acts_only_when_pierce_can() {
    impervious_anchor(Side::Both);
}

fn shien_anchor(side: Side) {
    // `2 red, surge hit` against `white defense, Deflect, Shien Mastery`: a wound on the attacker
    // per defense surge. Results: 0 (1/64), 1 (14/64), 2 (49/64), a white die each (surge 1/6).
    // P(2) = 49/64 · 1/36 = 49/2304; P(1) = 14/64 · 1/6 + 49/64 · 10/36 = (84 + 490)/2304 =
    // 287/1152; P(0) = (36 + 420 + 1225)/2304 = 1681/2304.
    let c = case(
        Atk {
            chart: Chart::Hit,
            ..red(2)
        },
        Def {
            deflect: true,
            shien: true,
            ..Def::default()
        },
    );
    expect_pmf_on(
        side,
        &c,
        Var::AttackerWounds,
        &[(0, 1681, 2304), (1, 287, 1152), (2, 49, 2304)],
    );
    // Without Shien, one wound if any surge: P(1) = (84 + 490 + 49)/2304 = 623/2304.
    let mut c = c;
    c.def.shien = false;
    expect_pmf_on(
        side,
        &c,
        Var::AttackerWounds,
        &[(0, 1681, 2304), (1, 623, 2304)],
    );
    // On a guardian: `Guardian 2, white defense, Deflect, Shien Mastery` takes the hits (the
    // surge is a hit: 6/8 a die; the crit stays on the defender). Hits 1 (6/16), 2 (9/16).
    // P(2) = 9/16 · 1/36 = 1/64; P(1) = 6/16 · 1/6 + 9/16 · 10/36 = 14/64; P(0) = 49/64.
    c.def.deflect = false;
    c.grd = Some(Grd {
        guardian: 2,
        deflect: true,
        shien: true,
        ..Grd::default()
    });
    expect_pmf_on(
        side,
        &c,
        Var::AttackerWounds,
        &[(0, 49, 64), (1, 7, 32), (2, 1, 64)],
    );
}

#[test]
fn shien_mastery_deals_a_wound_per_surge() {
    shien_anchor(Side::Both);
}

fn immune_deflect_anchor(side: Side) {
    // `1 red, Immune: Deflect` against `white defense, Deflect`: no wound on the attacker, and
    // the surge still blocks: 6/8 · 4/6 = 1/2.
    let c = case(
        Atk {
            immune_deflect: true,
            ..red(1)
        },
        Def {
            deflect: true,
            ..Def::default()
        },
    );
    expect_pmf_on(side, &c, Var::AttackerWounds, &[(0, 1, 1)]);
    expect_wound_on(side, &c, 1, 2);
    // A guardian with Deflect takes the hit (5/8): no wound on the attacker, and it blocks with
    // a block or a surge: guardian wound 5/8 · 4/6 = 5/12.
    let mut c = case(
        Atk {
            immune_deflect: true,
            ..red(1)
        },
        Def::default(),
    );
    c.grd = Some(Grd {
        deflect: true,
        ..Grd::default()
    });
    expect_pmf_on(side, &c, Var::AttackerWounds, &[(0, 1, 1)]);
    expect_pmf_on(side, &c, Var::GuardianWounds, &[(0, 7, 12), (1, 5, 12)]);
}

#[test]
fn immune_deflect_takes_no_deflect_wound() {
    immune_deflect_anchor(Side::Both);
}

fn djem_so_anchor(side: Side) {
    // `1 red, melee` against `white defense, Djem So Mastery`: the attacker suffers a wound when
    // its die is a blank (1/8) or a surge with no chart (1/8): 1/4. The defender: 6/8 · 5/6.
    let c = case(
        Atk {
            melee: true,
            ..red(1)
        },
        Def {
            djem_so: true,
            ..Def::default()
        },
    );
    expect_pmf_on(side, &c, Var::AttackerWounds, &[(0, 3, 4), (1, 1, 4)]);
    expect_wound_on(side, &c, 5, 8);
    // With surge hit only the blank: 1/8. With Ram 1 the blank is a crit: never.
    let mut h = c.clone();
    h.atk.chart = Chart::Hit;
    expect_pmf_on(side, &h, Var::AttackerWounds, &[(0, 7, 8), (1, 1, 8)]);
    h.atk.ram = 1;
    expect_pmf_on(side, &h, Var::AttackerWounds, &[(0, 1, 1)]);
    // Two dice, `1 red, 1 white, surge hit, melee`: a wound unless neither is blank, one wound
    // however many blanks: 1 − 7/8 · 3/8 = 43/64.
    let mut two = h;
    two.atk.ram = 0;
    two.atk.dice = [1, 0, 1];
    expect_pmf_on(side, &two, Var::AttackerWounds, &[(0, 21, 64), (1, 43, 64)]);
    // Ranged: no Djem So.
    let mut r = c;
    r.atk.melee = false;
    expect_pmf_on(side, &r, Var::AttackerWounds, &[(0, 1, 1)]);
}

#[test]
fn djem_so_mastery_wounds_the_attacker_for_a_blank() {
    djem_so_anchor(Side::Both);
}

fn jarkai_anchor(side: Side) {
    // `1 white, melee, Jar'Kai Mastery, dodge 1` against `white defense`: the dodge turns a blank
    // (or unconverted surge, 6/8) into a hit, or a hit (1/8) into a crit: always one result,
    // and a wound with 5/6.
    let c = case(
        Atk {
            melee: true,
            jarkai: true,
            dodge: 1,
            ..white(1)
        },
        Def::default(),
    );
    expect_pmf_on(side, &c, Var::AttackResults, &[(1, 1, 1)]);
    expect_wound_on(side, &c, 5, 6);
    // Against Armor only crits count: the rolled crit (1/8) and the hit made a crit (1/8):
    // 2/8 · 5/6 = 5/24.
    let mut a = c.clone();
    a.def.armor = true;
    expect_wound_on(side, &a, 5, 24);
    // Ranged: no Jar'Kai: 2/8 results.
    let mut r = c;
    r.atk.melee = false;
    expect_pmf_on(side, &r, Var::AttackResults, &[(0, 3, 4), (1, 1, 4)]);
}

#[test]
fn jarkai_mastery_turns_a_blank_into_a_hit() {
    jarkai_anchor(Side::Both);
}

fn primitive_anchor(side: Side) {
    // `1 red, Impact 1, Primitive` against `white defense, Armor`: Impact makes the hit a crit,
    // then Primitive turns every crit into a hit, which Armor cancels: never a wound.
    let c = case(
        Atk {
            impact: 1,
            primitive: true,
            ..red(1)
        },
        Def {
            armor: true,
            ..Def::default()
        },
    );
    expect_wound_on(side, &c, 0, 1);
    // Without Primitive: the hit or crit (6/8) is a crit: 6/8 · 5/6 = 5/8.
    let mut p = c.clone();
    p.atk.primitive = false;
    expect_wound_on(side, &p, 5, 8);
    // Ram 1 acts after Primitive: the one die is always a crit: 5/6.
    let mut r = c.clone();
    r.atk.ram = 1;
    expect_wound_on(side, &r, 5, 6);
    // Without Armor Primitive does nothing: 5/8.
    let mut n = c;
    n.def.armor = false;
    expect_wound_on(side, &n, 5, 8);
}

#[test]
fn primitive_undoes_impact_against_armor() {
    primitive_anchor(Side::Both);
}

fn ion_anchor(side: Side) {
    // `1 red, surge hit, Ion 1` against `white defense, Shielded 1`: the result (7/8) flips the
    // shield token, which cancels nothing: 7/8 · 5/6 = 35/48 (without Ion: never).
    let c = case(
        Atk {
            chart: Chart::Hit,
            ion: 1,
            ..red(1)
        },
        Def {
            shielded: 1,
            ..Def::default()
        },
    );
    expect_wound_on(side, &c, 35, 48);
    let mut n = c.clone();
    n.atk.ion = 0;
    expect_wound_on(side, &n, 0, 1);
    // Two dice against Shielded 2: one token flipped when a result shows; one result (14/64) is
    // then cancelled, of two (49/64) one is left: P(1 wound) = 49/64 · 5/6 = 245/384.
    let mut two = c.clone();
    two.atk.dice = [2, 0, 0];
    two.def.shielded = 2;
    expect_pmf_on(side, &two, Var::Wounds, &[(0, 139, 384), (1, 245, 384)]);
    // Shielded acts against ranged attacks only, in every edition (every text found says
    // "ranged"): `1 red, surge hit, melee` against `white defense, Shielded 1`: 7/8 · 5/6.
    let mut m = c;
    m.atk.ion = 0;
    m.atk.melee = true;
    for edition in [Ed::Crb2026, Ed::Crb2025, Ed::Rrg2021] {
        expect_wound_on(side, &with_edition(m.clone(), edition), 35, 48);
    }
}

#[test]
fn ion_flips_shield_tokens() {
    ion_anchor(Side::Both);
}

fn vaapad_anchor(side: Side) {
    // `1 red` against `red defense, Vaapad Mastery, wounded 2`: a red die per result and two
    // white dice; a wound when none blocks: 6/8 · 3/6 · (5/6)² = 25/96.
    let c = case(
        red(1),
        Def {
            vaapad: true,
            wounded: 2,
            ..red_defense()
        },
    );
    expect_wound_on(side, &c, 25, 96);
    // At most 3 dice: wounded 5 gives 6/8 · 3/6 · (5/6)³ = 125/576.
    let mut five = c.clone();
    five.def.wounded = 5;
    expect_wound_on(side, &five, 125, 576);
    // Wound tokens without Vaapad: 6/8 · 3/6 = 3/8.
    let mut none = c.clone();
    none.def.vaapad = false;
    expect_wound_on(side, &none, 3, 8);
    // Reading 9, Uncanny Luck 1 with wounded 1: it rerolls the red die unless it blocks, before
    // the white die. A wound when the red die fails twice and the white die fails:
    // 6/8 · 3/6 · 3/6 · 5/6 = 5/32 (rerolling a white blank before a red surge: 53/288).
    let mut luck = c;
    luck.def.wounded = 1;
    luck.def.uncanny_luck = 1;
    expect_wound_on(side, &luck, 5, 32);
    // The attacker: `1 red, Vaapad Mastery, wounded 1` adds a white die: results 0 with
    // 2/8 · 6/8 = 3/16, 2 with 6/8 · 2/8 = 3/16, 1 with 5/8.
    let a = case(
        Atk {
            vaapad: true,
            wounded: 1,
            ..red(1)
        },
        Def::default(),
    );
    expect_pmf_on(
        side,
        &a,
        Var::AttackResults,
        &[(0, 3, 16), (1, 5, 8), (2, 3, 16)],
    );
}

#[test]
fn vaapad_mastery_adds_white_dice() {
    vaapad_anchor(Side::Both);
}

fn soresu_anchor(side: Side) {
    // `1 red` against `red defense, Soresu Mastery`: a die that does not block (3/6) wounds for
    // sure if kept (1) and with 1/2 if rerolled, so greedy rerolls: 6/8 · 3/6 · 3/6 = 3/16.
    let c = case(
        red(1),
        Def {
            soresu: true,
            ..red_defense()
        },
    );
    expect_wound_on(side, &c, 3, 16);
    // Soresu acts against ranged attacks only: in melee 6/8 · 3/6 = 3/8.
    let mut m = c;
    m.atk.melee = true;
    expect_wound_on(side, &m, 3, 8);
    // `2 white, Ram 2` (always two crits) against `white defense, Soresu Mastery, Uncanny Luck
    // 1`. A block and a non-block (10/36): keeping then rerolling the non-block with Uncanny
    // Luck means 5/6 wounds, a reroll 5/3: keep. Two non-blocks (25/36): keeping means 11/6, a
    // reroll 10/6: reroll both (no Uncanny Luck after). Two blocks (1/36): keep.
    // P(0) = 1/36 + 10/36 · 1/6 + 25/36 · 1/36 = 121/1296;
    // P(1) = 10/36 · 5/6 + 25/36 · 10/36 = 550/1296; P(2) = 25/36 · 25/36 = 625/1296.
    let two = case(
        Atk { ram: 2, ..white(2) },
        Def {
            soresu: true,
            uncanny_luck: 1,
            ..Def::default()
        },
    );
    expect_pmf_on(
        side,
        &two,
        Var::Wounds,
        &[(0, 121, 1296), (1, 275, 648), (2, 625, 1296)],
    );
    // A guardian with Soresu Mastery and a dodge token: `1 red, surge hit` against
    // `Guardian 1, red defense, Soresu Mastery, dodge 1`: it takes the hit (6/8) and rerolls a
    // non-block (3/6): a wound with 6/8 · 1/4 = 3/16 (3/8 without the dodge token).
    let mut g = case(
        Atk {
            chart: Chart::Hit,
            ..red(1)
        },
        Def::default(),
    );
    g.grd = Some(Grd {
        red_die: true,
        soresu: true,
        dodge: 1,
        ..Grd::default()
    });
    expect_pmf_on(side, &g, Var::GuardianWounds, &[(0, 13, 16), (1, 3, 16)]);
    g.grd.as_mut().unwrap().dodge = 0;
    expect_pmf_on(side, &g, Var::GuardianWounds, &[(0, 5, 8), (1, 3, 8)]);
}

#[test]
fn soresu_mastery_rerolls_when_a_reroll_is_better() {
    soresu_anchor(Side::Both);
}

fn hold_the_line_anchor(side: Side) {
    // `1 white, melee, Hold the Line` against `white defense, Hold the Line`: surge hit and
    // surge block in melee: results 3/8, blocks 2/6: 3/8 · 4/6 = 1/4.
    let c = case(
        Atk {
            melee: true,
            hold_the_line: true,
            ..white(1)
        },
        Def {
            hold_the_line: true,
            ..Def::default()
        },
    );
    expect_pmf_on(side, &c, Var::AttackResults, &[(0, 5, 8), (1, 3, 8)]);
    expect_wound_on(side, &c, 1, 4);
    // Ranged: neither acts: 2/8 · 5/6 = 5/24.
    let mut r = c;
    r.atk.melee = false;
    expect_wound_on(side, &r, 5, 24);
}

#[test]
fn hold_the_line_converts_surges_in_melee() {
    hold_the_line_anchor(Side::Both);
}

fn makashi_anchor(side: Side) {
    // `1 red, Pierce 2, melee, Makashi Mastery` against `red defense, Immune: Pierce`: Pierce 1
    // is left and the defender loses Immune: Pierce: the one block is cancelled, 6/8.
    let c = case(
        Atk {
            pierce: 2,
            melee: true,
            makashi: true,
            ..red(1)
        },
        Def {
            immune_pierce: true,
            ..red_defense()
        },
    );
    expect_wound_on(side, &c, 3, 4);
    // Without Makashi, or ranged: 6/8 · 3/6 = 3/8; Pierce 1 with Makashi drops to 0: 3/8.
    let mut n = c.clone();
    n.atk.makashi = false;
    expect_wound_on(side, &n, 3, 8);
    let mut r = c.clone();
    r.atk.melee = false;
    expect_wound_on(side, &r, 3, 8);
    let mut one = c;
    one.atk.pierce = 1;
    expect_wound_on(side, &one, 3, 8);
    // rrg-2021, `1 red, Pierce 1, melee, Makashi Mastery` against `white defense, Impervious`:
    // Pierce 0, and no Impervious die: 6/8 · 5/6 = 5/8 (35/48 without Makashi).
    let mut imp = case(
        Atk {
            pierce: 1,
            melee: true,
            makashi: true,
            ..red(1)
        },
        Def {
            impervious: true,
            ..Def::default()
        },
    );
    imp.edition = Ed::Rrg2021;
    expect_wound_on(side, &imp, 5, 8);
    imp.atk.makashi = false;
    expect_wound_on(side, &imp, 35, 48);
}

#[test]
fn makashi_mastery_trades_pierce_for_immunity() {
    makashi_anchor(Side::Both);
}

fn overrun_anchor(side: Side) {
    // `1 red, overrun` against `white defense, cover heavy, Deflect`: neither cover nor Deflect
    // acts: 6/8 · 5/6 = 5/8, and no wound on the attacker.
    let c = case(
        Atk {
            overrun: true,
            ..red(1)
        },
        Def {
            cover: 2,
            deflect: true,
            ..Def::default()
        },
    );
    expect_wound_on(side, &c, 5, 8);
    expect_pmf_on(side, &c, Var::AttackerWounds, &[(0, 1, 1)]);
    // Ranged: the hit survives heavy cover with 4/6, the crit ignores it: 13/24 results; a
    // wound with 4/6 (surge:block), an attacker wound with 1/6: 13/36 and 13/144.
    let mut r = c;
    r.atk.overrun = false;
    expect_wound_on(side, &r, 13, 36);
    expect_pmf_on(
        side,
        &r,
        Var::AttackerWounds,
        &[(0, 131, 144), (1, 13, 144)],
    );
}

#[test]
fn overrun_attacks_ignore_cover_and_deflect() {
    overrun_anchor(Side::Both);
}

fn cover_keywords_anchor(side: Side) {
    // `1 red` against `white defense, smoke tokens 1`: light cover, 155/288 (as rolled_cover_amg_2024).
    let c = case(
        red(1),
        Def {
            smoke: 1,
            ..Def::default()
        },
    );
    expect_wound_on(side, &c, 155, 288);
    // Death From Above: no cover, 5/8.
    let mut dfa = c.clone();
    dfa.atk.death_from_above = true;
    expect_wound_on(side, &dfa, 5, 8);
    // Blast ignores cover, unless the defender has Immune: Blast.
    let mut blast = c;
    blast.atk.blast = true;
    expect_wound_on(side, &blast, 5, 8);
    blast.def.immune_blast = true;
    expect_wound_on(side, &blast, 155, 288);
}

#[test]
fn smoke_death_from_above_and_immune_blast() {
    cover_keywords_anchor(Side::Both);
}

fn surge_keywords_anchor(side: Side) {
    // Jedi Hunter against a Force user: surge crit. `1 red, Jedi Hunter` against `white
    // defense, Armor, Force user`: crits (2/8) wound with 5/6: 5/24 (without Force user 5/48).
    let c = case(
        Atk {
            jedi_hunter: true,
            ..red(1)
        },
        Def {
            armor: true,
            force_user: true,
            ..Def::default()
        },
    );
    expect_wound_on(side, &c, 5, 24);
    let mut n = c.clone();
    n.def.force_user = false;
    expect_wound_on(side, &n, 5, 48);
    // Complete the Mission: the attacker's Critical 2 (the same 5/24); the defender's surge
    // block: `1 red` against `white defense, Complete the Mission`: 6/8 · 4/6 = 1/2.
    let mut m = n;
    m.atk.jedi_hunter = false;
    m.atk.complete_the_mission = true;
    expect_wound_on(side, &m, 5, 24);
    let d = case(
        red(1),
        Def {
            complete_the_mission: true,
            ..Def::default()
        },
    );
    expect_wound_on(side, &d, 1, 2);
    // Weak Point 1 is Impact 1 against Armor: `1 red` against `white defense, Armor, Weak
    // Point 1`: 6/8 · 5/6 = 5/8.
    let w = case(
        red(1),
        Def {
            armor: true,
            weak_point: 1,
            ..Def::default()
        },
    );
    expect_wound_on(side, &w, 5, 8);
    // Advanced Targeting 1 is an aim token: 7/16 results for one white die, as
    // aim_rerolls_blanks_and_unconvertible_surges.
    let at = case(
        Atk {
            advanced_targeting: 1,
            ..white(1)
        },
        Def::default(),
    );
    expect_pmf_on(side, &at, Var::AttackResults, &[(0, 9, 16), (1, 7, 16)]);
}

#[test]
fn jedi_hunter_complete_the_mission_weak_point_and_advanced_targeting() {
    surge_keywords_anchor(Side::Both);
}

#[test]
fn immune_melee_refuses_a_melee_attack() {
    let c = case(
        Atk {
            melee: true,
            ..red(1)
        },
        Def {
            immune_melee: true,
            ..Def::default()
        },
    );
    check(&c).unwrap();
    // Ranged, it does nothing: 6/8 · 5/6.
    let mut r = c;
    r.atk.melee = false;
    expect_wound(&r, 5, 8);
}

// ---------------------------------------------------------------------------------------------
// The simulator (src/sim/legion/, which rolls physical dice) against the oracle: it follows
// the same text in other code, and shares nothing with the exact engine under the greedy policy.

/// Problems of `samples` of `key` against the oracle's exact pmf: an [implausible] count, or
/// an outcome of probability 0.
fn sampled_problems(
    c: &Case,
    key: &str,
    exact: &[(i64, BigRational)],
    samples: &holodice_engine::sim::Samples,
) -> Vec<String> {
    let counts = samples.get(key).expect("the variable is simulated");
    let n = samples.trials as f64;
    let p: BTreeMap<i64, f64> = exact
        .iter()
        .map(|(x, p)| (*x, holodice_engine::dist::to_f64(p)))
        .collect();
    let mut problems = Vec::new();
    for x in counts.keys() {
        if !p.contains_key(x) {
            problems.push(format!("{key} = {x} is impossible: {}", c.context()));
        }
    }
    for (x, p) in p {
        let count = counts.get(&x).copied().unwrap_or(0);
        if implausible(count, samples.trials, p) {
            let freq = count as f64 / n;
            problems.push(format!(
                "P({key} = {x}) simulated {freq:.5}, exact {p:.5}: {}",
                c.context()
            ));
        }
    }
    problems
}

/// Whether `count` in `n` trials is implausible for an outcome of probability `p`: the exact
/// binomial tail beyond it, on either side, holds under 3e-7, as 5 standard errors do where the
/// normal approximation holds. It fails for rare outcomes: one occurrence in 20,000 trials of an
/// outcome of probability 1e-6 is 7 standard errors off, yet happens 2% of the time.
fn implausible(count: u64, n: u64, p: f64) -> bool {
    let b = Binomial::new(p, n).expect("a probability");
    let at_least = match count {
        0 => 1.0,
        k => b.sf(k - 1),
    };
    at_least.min(b.cdf(count)) < 3e-7
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: std::env::var("PROPTEST_CASES")
            .ok()
            .and_then(|n| n.parse().ok())
            .map_or(24, |n: u32| n.div_ceil(8)),
        failure_persistence: None::<Box<dyn FailurePersistence>>,
        ..ProptestConfig::default()
    })]

    #[test]
    fn simulator_matches_brute_force_over_random_keyword_mixes(c in cases(), seed in any::<u64>()) {
        let (a, d, g) = c.specs();
        let s = Scenario::parse(&a, &d, g.as_deref()).unwrap();
        let sim = holodice_engine::sim::simulate_legion(&under(&s, c.edition(), GREEDY), 20_000, seed);
        if c.refused() || (!c.ranged() && c.grd.is_some()) {
            prop_assert!(matches!(sim, Err(holodice_engine::Error::Illegal(_))), "{}", c.context());
            return Ok(());
        }
        let samples = sim.unwrap_or_else(|e| panic!("{}: the simulator refused: {e}", c.context()));
        let t = oracle(&c);
        let mut problems = Vec::new();
        for (key, map) in [
            ("attack_results", &t.attack_results),
            ("wounds", &t.wounds),
            ("attacker_wounds", &t.attacker_wounds),
        ] {
            problems.extend(sampled_problems(&c, key, &t.pmf(map), &samples));
        }
        if c.grd.is_some() {
            problems.extend(sampled_problems(&c, "guardian_wounds", &t.pmf(&t.guardian_wounds), &samples));
        }
        prop_assert!(problems.is_empty(), "{}", problems.join("\n"));
    }
}

// ---------------------------------------------------------------------------------------------
// The optimal policy: expectimax over every subset of dice by position.

/// Mean wounds of one fully known attack roll, through the oracle's later steps.
fn mean_wounds(c: &Case, dice: &[(usize, AFace)], kept: u32) -> BigRational {
    let total = 6u128.pow(c.roll_bounds().1);
    let mut t = Tally {
        total,
        ..Tally::default()
    };
    after_roll(c, dice, kept, total, &mut t);
    let sum: u128 = t.wounds.iter().map(|(&x, &w)| x as u128 * w).sum();
    BigRational::new(BigInt::from(sum), BigInt::from(total))
}

/// Values by the dice sorted (colour, face) and the tokens (aims, observation, aims kept).
type Values = HashMap<(Vec<(usize, u8)>, (u32, u32, u32)), BigRational>;

/// The best mean wounds from these dice on, each token (aims, then observation tokens) picking
/// up any set of dice within its capacity, crits included, or kept; memoised by the dice sorted.
fn expectimax(
    c: &Case,
    dice: &[(usize, AFace)],
    tokens: (u32, u32, u32),
    memo: &mut Values,
) -> BigRational {
    let (aim, observation, kept) = tokens;
    let mut key: Vec<(usize, u8)> = dice.iter().map(|&(c, f)| (c, f as u8)).collect();
    key.sort();
    if let Some(v) = memo.get(&(key.clone(), tokens)) {
        return v.clone();
    }
    let (capacity, next) = match (aim, observation) {
        (0, 0) => return mean_wounds(c, dice, kept),
        (0, _) => (1, (0, observation - 1, kept)),
        _ => (2 + c.atk.precise, (aim - 1, observation, kept)),
    };
    let kept_token = (next.0, next.1, kept + u32::from(aim > 0));
    let mut best = expectimax(c, dice, kept_token, memo);
    // An aim rerolls "up to" its capacity: none is a choice (which only Duelist rewards).
    let least = u32::from(aim == 0);
    for set in least..1 << dice.len() {
        if set.count_ones() > capacity {
            continue;
        }
        let picked: Vec<usize> = (0..dice.len()).filter(|i| set >> i & 1 == 1).collect();
        let colours: Vec<usize> = picked.iter().map(|&i| dice[i].0).collect();
        let whole = 8u128.pow(picked.len() as u32);
        let mut sum = BigRational::from_integer(0.into());
        roll_attack(&colours, whole, &mut Vec::new(), &mut |faces, w| {
            let mut rolled = dice.to_vec();
            for (&i, &face) in picked.iter().zip(faces) {
                rolled[i].1 = face;
            }
            sum += expectimax(c, &rolled, next, memo) * BigInt::from(w);
        });
        best = best.max(sum / BigInt::from(whole));
    }
    memo.insert((key, tokens), best.clone());
    best
}

#[test]
fn an_attacking_duelist_spends_an_aim_even_on_no_die_under_both_policies() {
    // Outside checks' value: `3 red, surge hit, Duelist, aim 1, melee` against `red defense,
    // surge block`, always spending the aim (exact enumeration; Tell Me the Odds measured 1.944 ±
    // 0.002) has a mean of 214879/110592 wounds; greedy kept the aim when no die was blank
    // (47845/36864) and optimal never spent it on no die (70303/36864).
    let c = case(
        Atk {
            aim: 1,
            duelist: true,
            melee: true,
            chart: Chart::Hit,
            ..red(3)
        },
        Def {
            surge_block: true,
            ..red_defense()
        },
    );
    expect_mean(&c, Var::Wounds, 214879, 110592);
    let (a, d, g) = c.specs();
    let s = Scenario::parse(&a, &d, g.as_deref()).unwrap();
    let optimal = attack(&under(&s, c.edition(), optimal(Objective::Mean))).unwrap();
    assert_eq!(optimal.wounds.mean(), frac(214879, 110592));
    // With Lethal 1 the aim gives Pierce 1 once either way (the issue's values by the text).
    let c = case(
        Atk {
            aim: 1,
            lethal: 1,
            duelist: true,
            melee: true,
            ..red(2)
        },
        red_defense(),
    );
    expect_pmf(
        &c,
        Var::Wounds,
        &[(0, 1, 256), (1, 345, 1024), (2, 675, 1024)],
    );
}

#[test]
fn optimal_rerolls_reach_the_expectimax_optimum() {
    // Up to three dice of any colours, each chart with and without surges that convert, aims
    // and observation tokens, against a plain defender and one with cover, a dodge and Armor.
    let defenders = [
        Def::default(),
        Def {
            red_die: true,
            cover: 1,
            dodge: 1,
            armor: true,
            ..Def::default()
        },
    ];
    let mut checked = 0;
    for dice in (0..=3u32)
        .flat_map(|r| (0..=3 - r).flat_map(move |b| (0..=3 - r - b).map(move |w| [r, b, w])))
    {
        if dice == [0; 3] {
            continue;
        }
        for chart in [Chart::None, Chart::Hit, Chart::Crit] {
            for (critical, surge_tokens) in [(0, 0), (1, 0), (0, 1)] {
                for (aim, observation, duelist) in [(1, 0, false), (1, 1, false), (1, 0, true)] {
                    for def in &defenders {
                        let c = case(
                            Atk {
                                dice,
                                chart,
                                aim,
                                observation,
                                critical,
                                surge_tokens,
                                impact: 1,
                                duelist,
                                melee: duelist,
                                ..Atk::default()
                            },
                            Def {
                                cover: if duelist { 0 } else { def.cover },
                                ..def.clone()
                            },
                        );
                        let (a, d, g) = c.specs();
                        let s = Scenario::parse(&a, &d, g.as_deref()).unwrap();
                        let optimal = optimal(Objective::Mean);
                        let got = attack(&under(&s, c.edition(), optimal))
                            .unwrap()
                            .wounds
                            .mean();
                        let pool: Vec<usize> = c.pool();
                        let mut memo = HashMap::new();
                        let mut want = BigRational::from_integer(0.into());
                        let whole = 8u128.pow(pool.len() as u32);
                        roll_attack(&pool, whole, &mut Vec::new(), &mut |faces, w| {
                            let dice: Vec<(usize, AFace)> =
                                pool.iter().copied().zip(faces.iter().copied()).collect();
                            want += expectimax(&c, &dice, (aim, observation, 0), &mut memo)
                                * BigInt::from(w);
                        });
                        want /= BigInt::from(whole);
                        assert_eq!(got, want, "{}", c.context());
                        checked += 1;
                    }
                }
            }
        }
    }
    assert_eq!(checked, 1026);
}

#[test]
fn impervious_follows_the_rulebook_the_edition_names() {
    // `1 red, Pierce 1` against `white defense, Impervious`: a result (6/8) meets one white
    // defense die. The 11.24.2025 rulebook (and 2021's) adds a die per Pierce: two dice, Pierce
    // cancels one block, so only two blocks save: 6/8 · 35/36 = 35/48. The 05.29.2026 rulebook
    // lowers Pierce to 0 instead: one die that fails to block with 5/6: 6/8 · 5/6 = 5/8.
    let mut c = case(
        Atk {
            pierce: 1,
            ..red(1)
        },
        Def {
            impervious: true,
            ..Def::default()
        },
    );
    for (edition, n, d) in [
        (Ed::Crb2025, 35, 48),
        (Ed::Rrg2021, 35, 48),
        (Ed::Crb2026, 5, 8),
    ] {
        c.edition = edition;
        expect_wound(&c, n, d);
    }
    // Both rulebooks of 2025 and 2026 roll cover: light cover and a suppressed defender make it
    // heavy alike (the hit survives a white die with 4/6), while rrg-2021 cancels the hit:
    // crb: (5/8 · 4/6 + 1/8) · 5/6 = 65/144 (no Impervious, no Pierce); rrg-2021: 1/8 · 5/6.
    let mut c = case(
        red(1),
        Def {
            cover: 1,
            suppression: 1,
            ..Def::default()
        },
    );
    for (edition, n, d) in [
        (Ed::Crb2025, 65, 144),
        (Ed::Crb2026, 65, 144),
        (Ed::Rrg2021, 5, 48),
    ] {
        c.edition = edition;
        expect_wound(&c, n, d);
    }
}

// ---------------------------------------------------------------------------------------------
// Results already on the table: the same brute force, from known faces.

/// `N colour face` items for every die, as a player reads them off the table.
fn faces_text(dice: &[(usize, AFace)]) -> String {
    let colour = ["red", "black", "white"];
    let face = |f: AFace| match f {
        AFace::Crit => "crit",
        AFace::Surge => "surge",
        AFace::Hit => "hit",
        AFace::Blank => "blank",
    };
    let items: Vec<String> = dice
        .iter()
        .map(|&(c, f)| format!("1 {} {}", colour[c], face(f)))
        .collect();
    items.join(", ")
}

/// The engine from faces on the table, before the rerolls (`Resumes::Reroll`) or after the
/// conversion (`Resumes::Cover`).
fn engine_from(c: &Case, dice: &[(usize, AFace)], resumes: Resumes, play: Play) -> LegionAttack {
    let (a, d, g) = c.specs();
    let s = Scenario::parse(&a, &d, g.as_deref())
        .unwrap_or_else(|e| panic!("{}: the SPECs don't parse: {e}", c.context()));
    let text = faces_text(dice);
    let on_table = OnTable::parse(&text, resumes, &s.attacker)
        .unwrap_or_else(|e| panic!("{}: '{text}' is refused: {e}", c.context()));
    let s = Scenario {
        on_table: Some(on_table),
        ..under(&s, c.edition(), play)
    };
    attack(&s).unwrap_or_else(|e| panic!("{}: the engine refused: {e}", c.context()))
}

/// The brute force from the attack roll `dice`: the rerolls on (step 2 of [`oracle`]).
fn oracle_rolled(c: &Case, dice: &[(usize, AFace)]) -> Tally {
    let (attack_dice, defense_dice) = c.roll_bounds();
    // The faces are known: of the common denominator, the share of one roll of the pool.
    let total = 8u128.pow(attack_dice - dice.len() as u32) * 6u128.pow(defense_dice);
    let mut t = Tally {
        total,
        ..Tally::default()
    };
    reroll(
        c,
        dice.to_vec(),
        c.aims(),
        c.atk.observation,
        0,
        total,
        &mut t,
    );
    t
}

/// The brute force from results once surges are converted: step 3 is over, so no surge shows,
/// Marksman and Jar'Kai Mastery have acted, and the aim tokens given are those left.
fn oracle_converted(c: &Case, dice: &[(usize, AFace)]) -> Tally {
    let done = Case {
        atk: Atk {
            marksman: false,
            jarkai: false,
            ..c.atk.clone()
        },
        ..c.clone()
    };
    let total = 6u128.pow(c.roll_bounds().1);
    let mut t = Tally {
        total,
        ..Tally::default()
    };
    after_roll(&done, dice, c.aims(), total, &mut t);
    t
}

/// A face per die of the pool, picked by `picks` (indices into each die's 8 faces).
fn faces_of(c: &Case, picks: &[usize], surges: bool) -> Vec<(usize, AFace)> {
    c.pool()
        .into_iter()
        .zip(picks.iter().cycle())
        .map(|(colour, &i)| match ATTACK_DIE[colour][i % 8] {
            AFace::Surge if !surges => (colour, AFace::Blank),
            f => (colour, f),
        })
        .collect()
}

fn same(got: &LegionAttack, want: &Tally, ctx: &str) -> Result<(), TestCaseError> {
    for v in [Var::AttackResults, Var::Wounds, Var::AttackerWounds] {
        prop_assert_eq!(engine_pmf(got, v), oracle_pmf(want, v), "{:?}: {}", v, ctx);
    }
    if got.guardian_wounds.is_some() {
        let v = Var::GuardianWounds;
        prop_assert_eq!(engine_pmf(got, v), oracle_pmf(want, v), "{:?}: {}", v, ctx);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 128,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    #[test]
    fn attacks_from_results_on_the_table_match_brute_force(
        c in cases().prop_filter("a legal attack", |c| !c.refused() && (c.ranged() || c.grd.is_none())),
        picks in prop::collection::vec(0..8usize, 1..8),
    ) {
        let rolled = faces_of(&c, &picks, true);
        let ctx = format!("{} | rolled '{}'", c.context(), faces_text(&rolled));
        same(&engine_from(&c, &rolled, Resumes::Reroll, GREEDY), &oracle_rolled(&c, &rolled), &ctx)?;
        let converted = faces_of(&c, &picks, false);
        let ctx = format!("{} | converted '{}'", c.context(), faces_text(&converted));
        let got = engine_from(&c, &converted, Resumes::Cover, GREEDY);
        same(&got, &oracle_converted(&c, &converted), &ctx)?;
    }
}

#[test]
fn optimal_rerolls_from_the_table_reach_the_expectimax_optimum() {
    // Every roll of up to three dice (red and black), with an aim and an observation token,
    // each chart, against a defender in cover with a dodge and Armor.
    let def = Def {
        red_die: true,
        cover: 1,
        dodge: 1,
        armor: true,
        ..Def::default()
    };
    let mut checked = 0;
    for (dice, chart) in [
        ([2, 1, 0], Chart::None),
        ([1, 1, 0], Chart::Hit),
        ([0, 2, 0], Chart::Crit),
    ] {
        let c = case(
            Atk {
                dice,
                chart,
                aim: 1,
                observation: 1,
                critical: 1,
                impact: 1,
                ..Atk::default()
            },
            def.clone(),
        );
        let pool = c.pool();
        let mut memo = HashMap::new();
        let whole = 8u128.pow(pool.len() as u32);
        roll_attack(&pool, whole, &mut Vec::new(), &mut |faces, _| {
            let rolled: Vec<(usize, AFace)> =
                pool.iter().copied().zip(faces.iter().copied()).collect();
            let got = engine_from(&c, &rolled, Resumes::Reroll, optimal(Objective::Mean));
            let want = expectimax(&c, &rolled, (1, 1, 0), &mut memo);
            assert_eq!(
                got.wounds.mean(),
                want,
                "{} | {}",
                c.context(),
                faces_text(&rolled)
            );
            checked += 1;
        });
    }
    assert!(checked >= 20, "{checked}");
}

#[test]
fn results_on_the_table_by_hand() {
    // `2 red, aim 1` with one hit and one blank on the table, against white defense: the aim
    // rerolls the blank (a result with 6/8), each result wounds with 5/6:
    // P(2) = 6/8 · 25/36 = 25/48; P(0) = 1/6 · (2/8 + 6/8 · 1/6) = 1/6 · 3/8 = 1/16.
    let c = case(Atk { aim: 1, ..red(2) }, Def::default());
    let rolled = [(RED, AFace::Hit), (RED, AFace::Blank)];
    let got = engine_from(&c, &rolled, Resumes::Reroll, GREEDY);
    assert_eq!(
        engine_pmf(&got, Var::Wounds),
        vec![(0, frac(1, 16)), (1, frac(5, 12)), (2, frac(25, 48))]
    );
    // The same two dice once converted: the blank stays (the rerolls are over); the hit wounds
    // with 5/6.
    let got = engine_from(&c, &rolled, Resumes::Cover, GREEDY);
    assert_eq!(
        engine_pmf(&got, Var::Wounds),
        vec![(0, frac(1, 6)), (1, frac(5, 6))]
    );
}
