//! One Star Wars: Legion attack, simulated die by die under the greedy or the optimal policy of
//! `docs/legion.md`.
//!
//! Each trial rolls the attack pool one die at a time, spends reroll tokens one at a time
//! choosing dice as the policy does, converts surges die by die, then walks dodge and
//! cover, the attacker's and the defender's modifications, a guardian, the defense roll (with
//! Uncanny Luck and Deflect) and Pierce, as the attack sequence orders them. The dice faces are
//! those of the rules reference, written out below.
//!
//! Under the optimal policy the simulator still rolls every die itself: it only asks the
//! optimal policy's decisions ([`OptimalPolicy`]) which dice each token rerolls and how
//! Marksman splits its aims, and keeps all Pierce for the defender.

use super::{default_workers, run, Samples};
use crate::error::Error;
use crate::legion::attack::{Edition, OptimalPolicy, Policy};
use crate::legion::spec::{AttackSurge, Defender, DefenseDie, Scenario};
use rand::rngs::ChaCha8Rng;
use rand::RngExt;

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

/// One defense die on the table.
#[derive(Debug, Clone, Copy)]
struct DefenseRoll {
    face: Defense,
    picked: bool,
}

/// Dice kept between trials so that a trial allocates nothing.
#[derive(Default)]
struct Table {
    attack: Vec<Die>,
    defense: Vec<DefenseRoll>,
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
    ranged: bool,
    /// Defense dice of the defender.
    defense: &'static [Defense; 6],
    /// The guardian, when it may guard this attack.
    guardian: Option<(&'a Defender, &'static [Defense; 6])>,
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
            if a.melee {
                return Err(Error::Illegal(
                    "Guardian has no effect in melee: it only cancels hits of ranged attacks"
                        .into(),
                ));
            }
        }
        let ranged = !a.melee;
        // Guardian X guards ranged attacks, when the guardian is not suppressed and the
        // defender has no Guardian of its own.
        let guardian = s
            .guardian
            .as_ref()
            .filter(|g| ranged && g.suppression < g.courage && d.guardian == 0)
            .map(|g| (g, faces_of(g.die.expect("checked above"))));
        Ok(Sim {
            s,
            edition,
            ranged,
            defense: faces_of(die),
            guardian,
        })
    }

    /// The cover the hits meet: 0 none, 1 light, 2 heavy.
    fn cover(&self) -> u32 {
        let (a, d) = (&self.s.attacker, &self.s.defender);
        if !self.ranged || a.blast {
            return 0;
        }
        let suppressed = match self.edition {
            Edition::Amg2024 => d.suppression >= d.courage,
            Edition::Amg2021 => d.suppression > 0,
        };
        let mut cover = (d.cover + u32::from(suppressed) + d.cover_keyword).min(2);
        if self.edition == Edition::Amg2021 && d.low_profile && cover == 1 {
            cover = 2;
        }
        cover.saturating_sub(a.sharpshooter)
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

        // 1–2. Form the pool and roll it, red dice first, then black, then white.
        let pool = &mut table.attack;
        pool.clear();
        for (colour, &n) in a.dice.iter().enumerate() {
            for _ in 0..n {
                pool.push(Die {
                    colour,
                    face: roll_attack(rng, colour),
                    picked: false,
                });
            }
        }

        // Rerolls: each aim token (2 + Precise dice), then each observation token (1 die), one
        // at a time. A die is worth rerolling if blank, or a surge beyond those that will
        // convert; picked red first, then black, then white, blanks before surges in a colour.
        let convertible = match a.surge {
            AttackSurge::None => a.critical + a.surge_tokens,
            AttackSurge::Hit | AttackSurge::Crit => u32::MAX,
        };
        let mut aims = a.aim;
        let tokens = (0..a.aim + a.observation).map(|i| i < a.aim);
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
        let mut critical = a.critical;
        let mut surge_tokens = a.surge_tokens;
        for die in pool.iter_mut().filter(|die| die.face == ASurge) {
            die.face = if critical > 0 {
                critical -= 1;
                Crit
            } else {
                match a.surge {
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
            let (mut to_hits, mut to_crits) = (to_hits, to_crits);
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
        } else if a.marksman {
            for die in pool.iter_mut() {
                if aims > 0 && die.face == ABlank {
                    die.face = Hit;
                    aims -= 1;
                }
            }
            if a.lethal == 0 {
                for die in pool.iter_mut() {
                    if aims > 0 && die.face == Hit {
                        die.face = Crit;
                        aims -= 1;
                    }
                }
            }
        }
        let count = |f: Attack| pool.iter().filter(|die| die.face == f).count() as u32;
        let mut hits = count(Hit);
        let mut crits = count(Crit);
        let blanks = count(ABlank);
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
            if spent == 0 && (d.block || (d.duelist && a.melee)) && hits + crits > 0 {
                spent = 1;
            }
            dodged = spent > 0;
        }

        // 5. Modify attack dice. The attacker: Impact (against Armor), Ram, Lethal, Duelist.
        if d.armor || d.armor_x > 0 {
            let impact = a.impact.min(hits);
            hits -= impact;
            crits += impact;
        }
        let mut ram = a.ram;
        let ram_blanks = ram.min(blanks);
        crits += ram_blanks;
        ram -= ram_blanks;
        let ram_hits = ram.min(hits);
        hits -= ram_hits;
        crits += ram_hits;
        let lethal = a.lethal.min(aims);
        aims -= lethal;
        let mut pierce = a.pierce + lethal;
        if a.duelist && a.melee && aims < a.aim {
            pierce += 1;
        }
        let pierce_total = pierce;
        // The defender: Armor, Armor X, Shielded (crits first), Backup.
        if d.armor {
            hits = 0;
        }
        hits -= d.armor_x.min(hits);
        let mut shielded = d.shielded;
        let shield_crits = shielded.min(crits);
        crits -= shield_crits;
        shielded -= shield_crits;
        hits -= shielded.min(hits);
        if d.backup && self.ranged {
            hits -= 2.min(hits);
        }
        // Guardian X: takes up to X hits and rolls its own defense dice for them.
        if let Some((g, faces)) = self.guardian {
            let taken = g.guardian.min(hits);
            if taken > 0 {
                hits -= taken;
                let deflects = g.deflect && !hv;
                let (mut blocks, mut surges) = (0, 0);
                for _ in 0..taken {
                    match roll_defense(rng, faces) {
                        Block => blocks += 1,
                        DSurge => surges += 1,
                        DBlank => {}
                    }
                }
                if deflects && surges > 0 {
                    out.attacker_wounds += 1;
                }
                blocks += if g.surge_block || deflects {
                    surges
                } else {
                    g.surge_tokens.min(surges)
                };
                // The optimal attacker keeps all its Pierce for the defender.
                if !g.immune_pierce && optimal.is_none() {
                    let pierced = pierce.min(blocks);
                    pierce -= pierced;
                    blocks -= pierced;
                }
                out.guardian_wounds = taken - blocks;
            }
        }

        // 6. Roll defense dice: one per hit and crit, plus Danger Sense and Impervious dice.
        let results = hits + crits;
        let extra = d.danger_sense.min(d.suppression) + if d.impervious { pierce_total } else { 0 };
        let deflects = d.deflect && self.ranged && !hv;
        let all_convert = d.surge_block || deflects || (d.block && dodged);
        let convertible = if all_convert {
            u32::MAX
        } else {
            d.surge_tokens
        };
        let roll = &mut table.defense;
        roll.clear();
        for _ in 0..results + extra {
            roll.push(DefenseRoll {
                face: roll_defense(rng, self.defense),
                picked: false,
            });
        }
        // Uncanny Luck X: reroll up to X dice, blanks first, then surges that won't convert.
        if d.uncanny_luck > 0 {
            let surges = roll.iter().filter(|r| r.face == DSurge).count() as u32;
            let mut unconvertible = surges.saturating_sub(convertible);
            let mut room = d.uncanny_luck;
            for r in roll.iter_mut() {
                if room > 0 && r.face == DBlank {
                    r.picked = true;
                    room -= 1;
                }
            }
            for r in roll.iter_mut() {
                if room > 0 && unconvertible > 0 && r.face == DSurge {
                    r.picked = true;
                    room -= 1;
                    unconvertible -= 1;
                }
            }
            for r in roll.iter_mut().filter(|r| r.picked) {
                r.face = roll_defense(rng, self.defense);
                r.picked = false;
            }
        }
        let surges = roll.iter().filter(|r| r.face == DSurge).count() as u32;
        if deflects && surges > 0 {
            out.attacker_wounds += 1;
        }
        let mut blocks = roll.iter().filter(|r| r.face == Block).count() as u32;
        blocks += surges.min(convertible);

        // 7. Pierce cancels blocks, unless the defender is immune to it.
        let immune = d.immune_pierce || (d.duelist && a.melee && dodged);
        if !immune {
            blocks -= pierce.min(blocks);
        }
        // 8. Wounds.
        out.wounds = results.saturating_sub(blocks);
        out
    }
}

/// `trials` simulated attacks of scenario `s` under `edition`, with `policy`, from `seed`.
///
/// Under [`Policy::Optimal`] every die is still rolled: the optimal policy only chooses which
/// dice each reroll token picks up (and Marksman's split), as [`OptimalPolicy`] decides.
///
/// Reports `wounds`, `attack_results`, `attacker_wounds` and, with a guardian,
/// `guardian_wounds`. Refuses what the exact engine refuses for the rules' sake (a guardian in
/// melee, a missing defense die or dice); its size limits, which exist to keep exact answers
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
        let mut s = Scenario::parse("2 red", "red defense", None).unwrap();
        s.defender.die = None;
        assert!(matches!(
            simulate_legion(&s, Edition::Amg2024, Policy::Greedy, 10, 1),
            Err(Error::Input(_))
        ));
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
