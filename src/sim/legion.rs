//! One Star Wars: Legion attack, simulated die by die under the greedy or the optimal policy of
//! `docs/legion.md`.
//!
//! Each trial rolls the attack pool one die at a time, spends reroll tokens one at a time
//! choosing dice as the policy does, converts surges die by die, then walks dodge and
//! cover, the attacker's and the defender's modifications, a guardian, the defense roll (with
//! Soresu Mastery or Uncanny Luck, and Deflect) and Pierce, as the attack sequence orders them
//! (docs/legion.md, steps 0 to 8, every keyword where it acts). The dice faces are those of the
//! rules reference, written out below. Soresu Mastery's greedy choice compares exact mean wounds,
//! which the simulator computes itself from the dice on the table ([`wound_sum`]).
//!
//! Under the optimal policy the simulator still rolls every die itself: it only asks the
//! optimal policy's decisions ([`OptimalPolicy`]) which dice each token rerolls and how
//! Marksman splits its aims, and keeps all Pierce for the defender.

use super::{default_workers, run, Samples};
use crate::error::Error;
use crate::legion::attack::{Edition, OptimalPolicy, Policy};
use crate::legion::spec::{AttackSurge, Defender, DefenseDie, Scenario};
use num_bigint::BigUint;
use rand::rngs::ChaCha8Rng;
use rand::RngExt;
use rustc_hash::FxHashMap as HashMap;

/// What an attack die shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Attack {
    Crit,
    Surge,
    Hit,
    Blank,
}

/// What a defense die shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Defense {
    Block,
    Surge,
    Blank,
}

use Attack::{Blank as ABlank, Crit, Hit, Surge as ASurge};
use Defense::{Blank as DBlank, Block, Surge as DSurge};

/// The eight faces of the red, black and white attack dice (crit, surge, hits, blanks).
const ATTACK_DICE: [[Attack; 8]; 3] = [
    [Crit, ASurge, Hit, Hit, Hit, Hit, Hit, ABlank],
    [Crit, ASurge, Hit, Hit, Hit, ABlank, ABlank, ABlank],
    [Crit, ASurge, Hit, ABlank, ABlank, ABlank, ABlank, ABlank],
];

/// The six faces of the red and white defense dice.
const RED_DEFENSE: [Defense; 6] = [Block, Block, Block, DSurge, DBlank, DBlank];
const WHITE_DEFENSE: [Defense; 6] = [Block, DSurge, DBlank, DBlank, DBlank, DBlank];

fn faces_of(die: DefenseDie) -> &'static [Defense; 6] {
    match die {
        DefenseDie::Red => &RED_DEFENSE,
        DefenseDie::White => &WHITE_DEFENSE,
    }
}

/// One attack die on the table: its colour (0 red, 1 black, 2 white), what it shows, and whether
/// it is picked up for the reroll being made.
#[derive(Debug, Clone, Copy)]
struct Die {
    colour: usize,
    face: Attack,
    picked: bool,
}

/// One defense die on the table: whether it is one of Vaapad Mastery's white dice (else of the
/// unit's colour), what it shows, and whether it is picked up for a reroll.
#[derive(Debug, Clone, Copy)]
struct DefenseRoll {
    vaapad: bool,
    face: Defense,
    picked: bool,
}

/// Dice kept between trials so that a trial allocates nothing, and Soresu Mastery's decisions
/// (they depend only on the dice showing and on what the wounds depend on).
#[derive(Default)]
struct Table {
    attack: Vec<Die>,
    defense: Vec<DefenseRoll>,
    /// The defender's: (unit dice, Vaapad dice: blocks, surges, blanks each) → reroll all.
    soresu: HashMap<([[u32; 3]; 2], Wounding), bool>,
    /// A guardian's: (blocks, surges, blanks) → reroll all.
    guardian_soresu: HashMap<([u32; 3], Wounding), bool>,
}

/// What a unit's wounds depend on once its defense dice are rolled.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
struct Wounding {
    /// Hits and crits it defends against.
    results: u32,
    /// The Pierce that cancels its blocks (0 when it is immune).
    pierce: u32,
    /// Every surge is a block.
    all_convert: bool,
    surge_tokens: u32,
}

impl Wounding {
    fn convertible(&self) -> u32 {
        if self.all_convert {
            u32::MAX
        } else {
            self.surge_tokens
        }
    }

    fn wounds(&self, blocks: u32, surges: u32) -> u32 {
        let blocks = blocks + surges.min(self.convertible());
        let blocks = blocks - self.pierce.min(blocks);
        self.results.saturating_sub(blocks)
    }
}

/// The wounds summed over every way `random` fresh dice (their faces) can fall beside dice
/// already showing `fixed` (blocks, surges), each way counted once per face combination: the
/// mean wounds times 6^(random dice).
fn wound_sum(w: &Wounding, fixed: [u32; 2], random: &[&[Defense; 6]]) -> BigUint {
    let mut ways: HashMap<[u32; 2], BigUint> = HashMap::default();
    ways.insert(fixed, BigUint::from(1u32));
    for faces in random {
        let mut next: HashMap<[u32; 2], BigUint> = HashMap::default();
        for (shown, n) in &ways {
            for face in faces.iter() {
                let mut shown = *shown;
                match face {
                    Block => shown[0] += 1,
                    DSurge => shown[1] += 1,
                    DBlank => {}
                }
                *next.entry(shown).or_default() += n;
            }
        }
        ways = next;
    }
    ways.iter()
        .map(|(shown, n)| n * BigUint::from(w.wounds(shown[0], shown[1])))
        .sum()
}

/// Whether mean `a / 6^da` exceeds mean `b / 6^db`.
fn exceeds(a: &BigUint, da: usize, b: &BigUint, db: usize) -> bool {
    let six = BigUint::from(6u32);
    a * six.pow(db as u32) > b * six.pow(da as u32)
}

/// (blocks, surges, blanks) among `dice`.
fn shown(dice: impl Iterator<Item = Defense>) -> [u32; 3] {
    let mut n = [0; 3];
    for face in dice {
        n[match face {
            Block => 0,
            DSurge => 1,
            DBlank => 2,
        }] += 1;
    }
    n
}

#[inline]
fn roll_attack(rng: &mut ChaCha8Rng, colour: usize) -> Attack {
    ATTACK_DICE[colour][rng.random_range(0..8usize)]
}

#[inline]
fn roll_defense(rng: &mut ChaCha8Rng, faces: &[Defense; 6]) -> Defense {
    faces[rng.random_range(0..6usize)]
}

/// What one attack leaves.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct Outcome {
    attack_results: u32,
    wounds: u32,
    attacker_wounds: u32,
    guardian_wounds: u32,
}

struct Sim<'a> {
    s: &'a Scenario,
    edition: Edition,
    /// Neither melee nor overrun.
    ranged: bool,
    melee: bool,
    /// Defense dice of the defender.
    defense: &'static [Defense; 6],
    /// The guardian, when it may guard this attack.
    guardian: Option<(&'a Defender, &'static [Defense; 6])>,
    /// The surge chart of step 3 (Jedi Hunter, Hold the Line included).
    surge: AttackSurge,
    /// Critical X, with Complete the Mission's Critical 2.
    critical: u32,
    /// Makashi Mastery acts: the pool's Pierce drops by 1, the defender's immunities and
    /// Impervious are gone.
    makashi: bool,
    /// Vaapad Mastery's white attack dice and white defense dice.
    vaapad_attack: u32,
    vaapad_defense: u32,
}

impl<'a> Sim<'a> {
    fn new(s: &'a Scenario, edition: Edition) -> Result<Sim<'a>, Error> {
        let (a, d) = (&s.attacker, &s.defender);
        if a.dice.iter().sum::<u32>() == 0 {
            return Err(Error::Input(
                "the attacker SPEC has no dice: add some, as in '4 red, 2 black'".into(),
            ));
        }
        let die = d.die.ok_or_else(|| {
            Error::Input(
                "the defender SPEC has no defense die: add 'red defense' or 'white defense'".into(),
            )
        })?;
        if let Some(g) = &s.guardian {
            if g.die.is_none() {
                return Err(Error::Input(
                    "the guardian SPEC has no defense die: add 'red defense' or 'white defense'"
                        .into(),
                ));
            }
            if g.guardian == 0 {
                return Err(Error::Input(
                    "the guardian SPEC has no Guardian X: add one, as in 'Guardian 2'".into(),
                ));
            }
            if a.melee || a.overrun {
                return Err(Error::Illegal(
                    "Guardian has no effect in melee or overrun attacks: it only cancels hits of \
                     ranged attacks"
                        .into(),
                ));
            }
        }
        // 0. Declare: a defender with Immune: Melee cannot be attacked in melee.
        if a.melee && d.immune_melee {
            return Err(Error::Illegal(
                "the defender has Immune: Melee: it cannot be attacked in melee".into(),
            ));
        }
        let melee = a.melee;
        let ranged = !a.melee && !a.overrun;
        // Guardian X guards ranged attacks, when the guardian is not suppressed and the
        // defender has no Guardian of its own.
        let guardian = s
            .guardian
            .as_ref()
            .filter(|g| ranged && g.suppression < g.courage && d.guardian == 0)
            .map(|g| (g, faces_of(g.die.expect("checked above"))));
        let surge = if a.surge == AttackSurge::Crit || (a.jedi_hunter && d.force_user) {
            AttackSurge::Crit
        } else if a.surge == AttackSurge::Hit || (a.hold_the_line && melee) {
            AttackSurge::Hit
        } else {
            AttackSurge::None
        };
        let makashi = a.makashi
            && melee
            && a.pierce >= 1
            && (d.immune_pierce || d.immune_melee_pierce || d.impervious);
        Ok(Sim {
            s,
            edition,
            ranged,
            melee,
            defense: faces_of(die),
            guardian,
            surge,
            critical: a.critical + if a.complete_the_mission { 2 } else { 0 },
            makashi,
            vaapad_attack: if a.vaapad { a.wounded.min(3) } else { 0 },
            vaapad_defense: if d.vaapad { d.wounded.min(3) } else { 0 },
        })
    }

    /// The cover the hits meet: 0 none, 1 light, 2 heavy. Only ranged attacks meet cover, and
    /// neither Blast (unless the defender has Immune: Blast) nor Death From Above does; an
    /// Unconcerned defender has none.
    fn cover(&self) -> u32 {
        let (a, d) = (&self.s.attacker, &self.s.defender);
        if !self.ranged || (a.blast && !d.immune_blast) || a.death_from_above || d.unconcerned {
            return 0;
        }
        let suppressed = match self.edition {
            Edition::Amg2024 => d.suppression >= d.courage,
            Edition::Amg2021 => d.suppression > 0,
        };
        let mut cover = (d.cover + u32::from(suppressed) + d.cover_keyword + d.smoke).min(2);
        if self.edition == Edition::Amg2021 && d.low_profile && cover == 1 {
            cover = 2;
        }
        cover.saturating_sub(a.sharpshooter)
    }

    /// Deflect's wounds on the attacker for `surges` showing: one if any, one per surge with
    /// Shien Mastery; none when Deflect does not act or the pool has Immune: Deflect.
    fn deflect_wounds(&self, unit: &Defender, surges: u32) -> u32 {
        let a = &self.s.attacker;
        if !self.deflects(unit) || a.immune_deflect {
            0
        } else if unit.shien {
            surges
        } else {
            surges.min(1)
        }
    }

    /// Deflect acts: ranged attacks, not High Velocity.
    fn deflects(&self, unit: &Defender) -> bool {
        unit.deflect && self.ranged && !self.s.attacker.high_velocity
    }

    /// One attack; `optimal` holds the optimal policy's decisions, `None` under the greedy one.
    fn trial(
        &self,
        rng: &mut ChaCha8Rng,
        table: &mut Table,
        optimal: Option<&OptimalPolicy>,
    ) -> Outcome {
        let (a, d) = (&self.s.attacker, &self.s.defender);
        let hv = a.high_velocity;
        let mut out = Outcome::default();

        // 1–2. Form the pool (Vaapad Mastery's white dice with the white ones) and roll it, red
        //      dice first, then black, then white.
        let pool = &mut table.attack;
        pool.clear();
        let mut dice = a.dice;
        dice[2] += self.vaapad_attack;
        for (colour, &n) in dice.iter().enumerate() {
            for _ in 0..n {
                pool.push(Die {
                    colour,
                    face: roll_attack(rng, colour),
                    picked: false,
                });
            }
        }

        // Rerolls: each aim token (Advanced Targeting's too: 2 + Precise dice), then each
        // observation token (1 die), one at a time. A die is worth rerolling if blank, or a
        // surge beyond those that will convert; picked red first, then black, then white,
        // blanks before surges in a colour.
        let convertible = match self.surge {
            AttackSurge::None => self.critical + a.surge_tokens,
            AttackSurge::Hit | AttackSurge::Crit => u32::MAX,
        };
        let aim_tokens = a.aim + a.advanced_targeting;
        let mut aims = aim_tokens;
        let tokens = (0..aim_tokens + a.observation).map(|i| i < aim_tokens);
        for (token, is_aim) in tokens.enumerate() {
            if let Some(policy) = optimal {
                if optimal_reroll(policy, token, pool, aims) {
                    if is_aim {
                        aims -= 1;
                    }
                    for die in pool.iter_mut().filter(|die| die.picked) {
                        die.face = roll_attack(rng, die.colour);
                        die.picked = false;
                    }
                }
                continue;
            }
            let capacity = if is_aim { 2 + a.precise } else { 1 };
            let surges = pool.iter().filter(|die| die.face == ASurge).count() as u32;
            let mut unconvertible = surges.saturating_sub(convertible);
            let mut room = capacity;
            for colour in 0..3 {
                for die in pool.iter_mut() {
                    if room > 0 && die.colour == colour && die.face == ABlank {
                        die.picked = true;
                        room -= 1;
                    }
                }
                for die in pool.iter_mut() {
                    if room > 0 && unconvertible > 0 && die.colour == colour && die.face == ASurge {
                        die.picked = true;
                        room -= 1;
                        unconvertible -= 1;
                    }
                }
            }
            if room == capacity {
                // Nothing worth rerolling: the token is kept.
                continue;
            }
            if is_aim {
                aims -= 1;
            }
            for die in pool.iter_mut().filter(|die| die.picked) {
                die.face = roll_attack(rng, die.colour);
                die.picked = false;
            }
        }

        // 3. Convert attack surges, die by die: Critical X first, then the chart, or without
        //    one the surge tokens; surges left are blanks.
        let mut critical = self.critical;
        let mut surge_tokens = a.surge_tokens;
        for die in pool.iter_mut().filter(|die| die.face == ASurge) {
            die.face = if critical > 0 {
                critical -= 1;
                Crit
            } else {
                match self.surge {
                    AttackSurge::Hit => Hit,
                    AttackSurge::Crit => Crit,
                    AttackSurge::None if surge_tokens > 0 => {
                        surge_tokens -= 1;
                        Hit
                    }
                    AttackSurge::None => ABlank,
                }
            };
        }
        // Marksman: each aim token left turns a blank into a hit, then (without Lethal) a hit
        // into a crit.
        if let (true, Some(policy)) = (a.marksman, optimal) {
            let count = |f: Attack| pool.iter().filter(|die| die.face == f).count() as u32;
            let (to_hits, to_crits) = policy.marksman(count(Hit), count(Crit), aims);
            aims -= to_hits + to_crits;
            convert_blanks_then_hits(pool, to_hits, to_crits);
        } else if a.marksman {
            let blanks = pool.iter().filter(|die| die.face == ABlank).count() as u32;
            let to_hits = aims.min(blanks);
            let to_crits = if a.lethal == 0 { aims - to_hits } else { 0 };
            aims -= to_hits;
            let hits = pool.iter().filter(|die| die.face == Hit).count() as u32 + to_hits;
            let to_crits = to_crits.min(hits);
            aims -= to_crits;
            convert_blanks_then_hits(pool, to_hits, to_crits);
        }
        // Jar'Kai Mastery, in melee: each of the attacker's dodge tokens turns a blank into a
        // hit, then a hit into a crit.
        if a.jarkai && self.melee {
            let blanks = pool.iter().filter(|die| die.face == ABlank).count() as u32;
            let to_hits = a.dodge.min(blanks);
            let hits = pool.iter().filter(|die| die.face == Hit).count() as u32 + to_hits;
            let to_crits = (a.dodge - to_hits).min(hits);
            convert_blanks_then_hits(pool, to_hits, to_crits);
        }
        let count = |f: Attack| pool.iter().filter(|die| die.face == f).count() as u32;
        let mut hits = count(Hit);
        let mut crits = count(Crit);
        let mut blanks = count(ABlank);
        out.attack_results = hits + crits;

        // 4. Dodge and cover. Crits ignore cover.
        let cover = self.cover();
        if cover >= 1 && hits >= 1 {
            match self.edition {
                Edition::Amg2021 => hits -= hits.min(cover),
                Edition::Amg2024 => {
                    let low = u32::from(d.low_profile);
                    let mut cancels = low;
                    for _ in 0..hits - low {
                        match roll_defense(rng, &WHITE_DEFENSE) {
                            Block => cancels += 1,
                            DSurge if cover >= 2 => cancels += 1,
                            _ => {}
                        }
                    }
                    hits -= hits.min(cancels);
                }
            }
        }
        let mut dodged = false;
        if !hv && d.dodge > 0 {
            let mut tokens = d.dodge;
            let mut spent = 0;
            if d.outmaneuver {
                while tokens > 0 && crits > 0 {
                    crits -= 1;
                    tokens -= 1;
                    spent += 1;
                }
            }
            while tokens > 0 && hits > 0 {
                hits -= 1;
                tokens -= 1;
                spent += 1;
            }
            // Block, and a defending Duelist in melee, reward a spent token: spend one anyway.
            if spent == 0 && (d.block || (d.duelist && self.melee)) && hits + crits > 0 {
                spent = 1;
            }
            dodged = spent > 0;
        }

        // 5. Modify attack dice. Ion X first flips shield tokens, one per hit or crit at most.
        let shielded = d.shielded - a.ion.min(d.shielded).min(hits + crits);
        // The attacker: Impact (and the defender's Weak Point) against Armor, then Primitive,
        // Ram, Lethal, Duelist.
        if d.armor || d.armor_x > 0 {
            let impact = (a.impact + d.weak_point).min(hits);
            hits -= impact;
            crits += impact;
            if a.primitive {
                hits += crits;
                crits = 0;
            }
        }
        let mut ram = a.ram;
        let ram_blanks = ram.min(blanks);
        crits += ram_blanks;
        blanks -= ram_blanks;
        ram -= ram_blanks;
        let ram_hits = ram.min(hits);
        hits -= ram_hits;
        crits += ram_hits;
        let lethal = a.lethal.min(aims);
        aims -= lethal;
        let mut pierce = a.pierce - u32::from(self.makashi) + lethal;
        // An aim spent on rerolls, Marksman or Lethal.
        if a.duelist && self.melee && aims < aim_tokens {
            pierce += 1;
        }
        let pierce_total = pierce;
        // The defender: Armor, Armor X, Shielded (crits first; in amg-2024 against ranged
        // attacks only), Backup.
        if d.armor {
            hits = 0;
        }
        hits -= d.armor_x.min(hits);
        if self.ranged || self.edition == Edition::Amg2021 {
            let shield_crits = shielded.min(crits);
            crits -= shield_crits;
            hits -= (shielded - shield_crits).min(hits);
        }
        if d.backup && self.ranged && !d.not_regs {
            hits -= 2.min(hits);
        }
        // 8, decided now: Djem So Mastery wounds the attacker of a melee attack whose roll
        // holds a blank after Ram.
        if d.djem_so && self.melee && blanks > 0 {
            out.attacker_wounds += 1;
        }
        // Guardian X: takes up to X hits and rolls its own defense dice for them.
        if let Some((g, faces)) = self.guardian {
            let taken = g.guardian.min(hits);
            if taken > 0 {
                hits -= taken;
                let roll = &mut table.defense;
                roll.clear();
                for _ in 0..taken {
                    roll.push(DefenseRoll {
                        vaapad: false,
                        face: roll_defense(rng, faces),
                        picked: false,
                    });
                }
                let first = shown(roll.iter().map(|r| r.face));
                // Deflect's wound is checked on this first roll.
                out.attacker_wounds += self.deflect_wounds(g, first[1]);
                // The optimal attacker keeps all its Pierce for the defender.
                let spend_pierce = !g.immune_pierce && optimal.is_none();
                let w = Wounding {
                    results: taken,
                    pierce: if spend_pierce { pierce } else { 0 },
                    all_convert: g.surge_block || self.deflects(g),
                    surge_tokens: g.surge_tokens,
                };
                let mut now = first;
                // Soresu Mastery: a dodge token rerolls every die when its wounds from this
                // roll exceed the mean wounds of a reroll.
                if g.soresu && g.dodge > 0 {
                    let reroll = *table.guardian_soresu.entry((first, w)).or_insert_with(|| {
                        let keep = BigUint::from(w.wounds(first[0], first[1]));
                        let all = vec![faces; taken as usize];
                        exceeds(&keep, 0, &wound_sum(&w, [0, 0], &all), taken as usize)
                    });
                    if reroll {
                        let roll = (0..taken).map(|_| roll_defense(rng, faces));
                        now = shown(roll);
                    }
                }
                let mut blocks = now[0] + now[1].min(w.convertible());
                if spend_pierce {
                    let pierced = pierce.min(blocks);
                    pierce -= pierced;
                    blocks -= pierced;
                }
                out.guardian_wounds = taken - blocks;
            }
        }

        // 6. Roll defense dice: one per hit and crit, plus Danger Sense and (amg-2021)
        //    Impervious dice, and Vaapad Mastery's white dice.
        let results = hits + crits;
        let immune = !self.makashi
            && (d.immune_pierce
                || (d.immune_melee_pierce && self.melee)
                || (d.duelist && self.melee && dodged));
        let impervious = d.impervious && !self.makashi;
        let impervious_dice = match self.edition {
            Edition::Amg2021 if impervious && !immune => pierce_total,
            _ => 0,
        };
        // 7, known now: amg-2024's Impervious lowers the Pierce left by 1.
        if impervious && self.edition == Edition::Amg2024 {
            pierce = pierce.saturating_sub(1);
        }
        let w = Wounding {
            results,
            pierce: if immune { 0 } else { pierce },
            all_convert: d.surge_block
                || self.deflects(d)
                || (d.block && dodged)
                || (d.hold_the_line && self.melee)
                || d.complete_the_mission,
            surge_tokens: d.surge_tokens,
        };
        let extra = d.danger_sense.min(d.suppression) + impervious_dice;
        let roll = &mut table.defense;
        roll.clear();
        for _ in 0..results + extra {
            roll.push(DefenseRoll {
                vaapad: false,
                face: roll_defense(rng, self.defense),
                picked: false,
            });
        }
        for _ in 0..self.vaapad_defense {
            roll.push(DefenseRoll {
                vaapad: true,
                face: roll_defense(rng, &WHITE_DEFENSE),
                picked: false,
            });
        }
        let faces_of_die = |r: &DefenseRoll| {
            if r.vaapad {
                &WHITE_DEFENSE
            } else {
                self.defense
            }
        };
        // Uncanny Luck X would reroll up to X dice: blanks, then surges that won't convert,
        // the unit's dice before Vaapad's.
        pick_uncanny(roll, d.uncanny_luck, w.convertible());
        // Soresu Mastery, against a ranged attack: reroll every die when keeping this roll
        // (then Uncanny Luck) means more wounds than a reroll.
        let soresu = d.soresu && self.ranged && {
            let unit = shown(roll.iter().filter(|r| !r.vaapad).map(|r| r.face));
            let vaapad = shown(roll.iter().filter(|r| r.vaapad).map(|r| r.face));
            let roll = &*roll;
            *table.soresu.entry(([unit, vaapad], w)).or_insert_with(|| {
                let kept = shown(roll.iter().filter(|r| !r.picked).map(|r| r.face));
                let luck: Vec<&[Defense; 6]> =
                    roll.iter().filter(|r| r.picked).map(faces_of_die).collect();
                let all: Vec<&[Defense; 6]> = roll.iter().map(faces_of_die).collect();
                let keep = wound_sum(&w, [kept[0], kept[1]], &luck);
                let reroll = wound_sum(&w, [0, 0], &all);
                exceeds(&keep, luck.len(), &reroll, all.len())
            })
        };
        for r in roll.iter_mut() {
            if soresu || r.picked {
                r.face = roll_defense(rng, faces_of_die(r));
            }
            r.picked = false;
        }
        let [blocks, surges, _] = shown(roll.iter().map(|r| r.face));
        // Deflect's wound, checked before converting.
        out.attacker_wounds += self.deflect_wounds(d, surges);
        // 7–8. Convert, Pierce (unless immune), wounds.
        out.wounds = w.wounds(blocks, surges);
        out
    }
}

/// Marks the defense dice Uncanny Luck X rerolls: the unit's dice first, then Vaapad's white
/// dice; in each, blanks, then surges beyond the `convertible` ones (counted over all dice).
fn pick_uncanny(roll: &mut [DefenseRoll], luck: u32, convertible: u32) {
    let surges = roll.iter().filter(|r| r.face == DSurge).count() as u32;
    let mut unconvertible = surges.saturating_sub(convertible);
    let mut room = luck;
    for vaapad in [false, true] {
        for r in roll.iter_mut() {
            if room > 0 && r.vaapad == vaapad && r.face == DBlank {
                r.picked = true;
                room -= 1;
            }
        }
        for r in roll.iter_mut() {
            if room > 0 && unconvertible > 0 && r.vaapad == vaapad && r.face == DSurge {
                r.picked = true;
                room -= 1;
                unconvertible -= 1;
            }
        }
    }
}

/// Turns `to_hits` blanks into hits, then `to_crits` hits into crits (Marksman, Jar'Kai).
fn convert_blanks_then_hits(pool: &mut [Die], mut to_hits: u32, mut to_crits: u32) {
    for die in pool.iter_mut() {
        if to_hits > 0 && die.face == ABlank {
            die.face = Hit;
            to_hits -= 1;
        }
    }
    for die in pool.iter_mut() {
        if to_crits > 0 && die.face == Hit {
            die.face = Crit;
            to_crits -= 1;
        }
    }
}

/// `trials` simulated attacks of scenario `s` under `edition`, with `policy`, from `seed`.
///
/// Under [`Policy::Optimal`] every die is still rolled: the optimal policy only chooses which
/// dice each reroll token picks up (and Marksman's split), as [`OptimalPolicy`] decides.
///
/// Reports `wounds`, `attack_results`, `attacker_wounds` and, with a guardian,
/// `guardian_wounds`. Refuses what the exact engine refuses for the rules' sake (a guardian in
/// melee, a melee attack on Immune: Melee, a missing defense die or dice); its size limits, which exist to keep exact answers
/// prompt, are not applied.
///
/// ```
/// use holodice::legion::{attack::{Edition, Policy}, spec::Scenario};
/// use holodice::sim::simulate_legion;
/// let s = Scenario::parse("1 red, surge hit", "white defense", None).unwrap();
/// let r = simulate_legion(&s, Edition::Amg2024, Policy::Greedy, 10_000, 1).unwrap();
/// assert!((r.mean("attack_results").unwrap() - 0.875).abs() < 0.02);
/// ```
pub fn simulate_legion(
    s: &Scenario,
    edition: Edition,
    policy: Policy,
    trials: u64,
    seed: u64,
) -> Result<Samples, Error> {
    simulate_legion_with(s, edition, policy, trials, seed, default_workers())
}

/// [`simulate_legion`] on a given number of worker threads (the result does not depend on it).
pub(crate) fn simulate_legion_with(
    s: &Scenario,
    edition: Edition,
    policy: Policy,
    trials: u64,
    seed: u64,
    workers: usize,
) -> Result<Samples, Error> {
    let sim = Sim::new(s, edition)?;
    let guarded = s.guardian.is_some();
    let keys: &[&str] = if guarded {
        &[
            "wounds",
            "attack_results",
            "attacker_wounds",
            "guardian_wounds",
        ]
    } else {
        &["wounds", "attack_results", "attacker_wounds"]
    };
    let sim = &sim;
    Ok(run(keys, trials, seed, workers, || {
        let mut table = Table::default();
        // The decisions are memoised, and not shared between threads: one set per chunk.
        let optimal = match policy {
            Policy::Greedy => None,
            Policy::Optimal(objective) => Some(OptimalPolicy::new(s, edition, objective)),
        };
        move |rng: &mut ChaCha8Rng, out: &mut [i64]| {
            let o = sim.trial(rng, &mut table, optimal.as_ref());
            out[0] = i64::from(o.wounds);
            out[1] = i64::from(o.attack_results);
            out[2] = i64::from(o.attacker_wounds);
            if guarded {
                out[3] = i64::from(o.guardian_wounds);
            }
        }
    }))
}

/// Marks the dice that the optimal policy rerolls with token `token` (`picked`), presenting the
/// dice as its decisions count them (a surge the chart settles counts as the result it becomes);
/// `false` when the token is kept.
fn optimal_reroll(policy: &OptimalPolicy, token: usize, pool: &mut [Die], aims: u32) -> bool {
    // The face index a die counts as: blank, surge, hit, crit.
    let index = |face: Attack| match face {
        ABlank => 0,
        ASurge => match policy.surge_is() {
            None => 1,
            Some(false) => 2,
            Some(true) => 3,
        },
        Hit => 2,
        Crit => 3,
    };
    let mut faces = [[0u32; 4]; 3];
    for die in pool.iter() {
        faces[die.colour][index(die.face)] += 1;
    }
    let Some(choice) = policy.reroll(token, faces, aims) else {
        return false;
    };
    // Blanks, surges and hits per colour; dice showing a hit before surges counted as hits
    // (the two are the same result). Crits are never rerolled.
    let mut left = choice;
    for face in [ABlank, Hit, ASurge] {
        let i = index(face);
        if i > 2 {
            continue;
        }
        for die in pool.iter_mut() {
            let n = &mut left[die.colour][i];
            if die.face == face && *n > 0 {
                die.picked = true;
                *n -= 1;
            }
        }
    }
    debug_assert_eq!(
        left, [[0; 3]; 3],
        "the policy picks dice that are on the table"
    );
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_samples_whatever_the_workers() {
        let s = Scenario::parse(
            "3 red, 2 white, aim 1, Pierce 1",
            "white defense, Deflect, cover light",
            Some("Guardian 2, red defense"),
        )
        .unwrap();
        let trials = super::super::CHUNK + 99;
        let e = Edition::Amg2024;
        let optimal = Policy::Optimal(crate::legion::optimal::Objective::Mean);
        let other = simulate_legion_with(&s, e, optimal, trials, 5, 1).unwrap();
        assert_eq!(
            other,
            simulate_legion_with(&s, e, optimal, trials, 5, 2).unwrap()
        );
        let p = Policy::Greedy;
        let one = simulate_legion_with(&s, e, p, trials, 5, 1).unwrap();
        assert_eq!(one, simulate_legion_with(&s, e, p, trials, 5, 2).unwrap());
        assert_eq!(one, simulate_legion(&s, e, p, trials, 5).unwrap());
        assert_ne!(one, simulate_legion(&s, e, p, trials, 6).unwrap());
        // The optimal attacker keeps its Pierce for the defender: the guardian fares better.
        assert_ne!(one, other);
        let keys: Vec<&str> = one.variables.iter().map(|(k, _)| k.as_str()).collect();
        assert_eq!(
            keys,
            [
                "wounds",
                "attack_results",
                "attacker_wounds",
                "guardian_wounds"
            ]
        );
    }

    #[test]
    fn refuses_what_the_exact_engine_refuses() {
        let s = Scenario::parse(
            "2 red, melee",
            "red defense",
            Some("Guardian 1, red defense"),
        )
        .unwrap();
        assert!(matches!(
            simulate_legion(&s, Edition::Amg2024, Policy::Greedy, 10, 1),
            Err(Error::Illegal(_))
        ));
        // Step 0: Immune: Melee refuses a melee attack (and only a melee one).
        let s = Scenario::parse("2 red, melee", "red defense, Immune: Melee", None).unwrap();
        assert!(matches!(
            simulate_legion(&s, Edition::Amg2024, Policy::Greedy, 10, 1),
            Err(Error::Illegal(_))
        ));
        let s = Scenario::parse("2 red, overrun", "red defense, Immune: Melee", None).unwrap();
        assert!(simulate_legion(&s, Edition::Amg2024, Policy::Greedy, 10, 1).is_ok());
        let mut s = Scenario::parse("2 red", "red defense", None).unwrap();
        s.defender.die = None;
        assert!(matches!(
            simulate_legion(&s, Edition::Amg2024, Policy::Greedy, 10, 1),
            Err(Error::Input(_))
        ));
    }

    #[test]
    fn soresu_compares_exact_means() {
        // One red die: kept, a non-block wounds for sure (1); rerolled, with 1/2.
        let w = Wounding {
            results: 1,
            pierce: 0,
            all_convert: false,
            surge_tokens: 0,
        };
        let reroll = wound_sum(&w, [0, 0], &[&RED_DEFENSE]);
        assert_eq!(reroll, BigUint::from(3u32));
        assert!(exceeds(&BigUint::from(1u32), 0, &reroll, 1));
        // Two white dice and Uncanny Luck 1: a block and a blank kept (the blank rerolled by
        // Uncanny Luck) mean 5/6, a reroll 10/6; two blanks kept mean 11/6.
        let w = Wounding { results: 2, ..w };
        let reroll = wound_sum(&w, [0, 0], &[&WHITE_DEFENSE, &WHITE_DEFENSE]);
        let one = wound_sum(&w, [1, 0], &[&WHITE_DEFENSE]);
        let none = wound_sum(&w, [0, 0], &[&WHITE_DEFENSE]);
        assert_eq!((one.clone(), none.clone()), (5u32.into(), 11u32.into()));
        assert!(!exceeds(&one, 1, &reroll, 2));
        assert!(exceeds(&none, 1, &reroll, 2));
        // Ties keep: two equal means do not exceed each other.
        assert!(!exceeds(&reroll, 2, &reroll, 2));
    }

    #[test]
    fn uncanny_luck_picks_the_units_dice_before_vaapads() {
        let die = |vaapad, face| DefenseRoll {
            vaapad,
            face,
            picked: false,
        };
        let mut roll = [die(true, DBlank), die(false, DSurge), die(false, DBlank)];
        pick_uncanny(&mut roll, 2, 0);
        assert_eq!(roll.map(|r| r.picked), [false, true, true]);
        let mut roll = [die(true, DBlank), die(false, DSurge), die(false, DBlank)];
        pick_uncanny(&mut roll, 2, 1);
        assert_eq!(roll.map(|r| r.picked), [true, false, true]);
    }

    #[test]
    fn the_faces_are_those_of_the_rules() {
        let count = |faces: &[Attack], f: Attack| faces.iter().filter(|&&x| x == f).count();
        for (die, [crit, surge, hit, blank]) in
            ATTACK_DICE
                .iter()
                .zip([[1, 1, 5, 1], [1, 1, 3, 3], [1, 1, 1, 5]])
        {
            assert_eq!(
                [
                    count(die, Crit),
                    count(die, ASurge),
                    count(die, Hit),
                    count(die, ABlank)
                ],
                [crit, surge, hit, blank]
            );
        }
        let count = |faces: &[Defense], f: Defense| faces.iter().filter(|&&x| x == f).count();
        assert_eq!(
            [Block, DSurge, DBlank].map(|f| count(&RED_DEFENSE, f)),
            [3, 1, 2]
        );
        assert_eq!(
            [Block, DSurge, DBlank].map(|f| count(&WHITE_DEFENSE, f)),
            [1, 1, 4]
        );
    }
}
