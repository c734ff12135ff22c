//! Steps 6 to 8: roll defense dice, reroll them (Soresu Mastery, Uncanny Luck), Deflect, convert
//! defense surges, modify defense dice (Impervious, Pierce), compare results (Djem So Mastery).

use super::resolve::Resolver;
use super::state::{Defending, Outcome};
use crate::legion::dice::defense_die;
use crate::legion::units::DefenseDie;
use crate::states::{Memo, States};
use std::rc::Rc;

/// A defense roll's faces (block, surge, blank): the unit's dice, then Vaapad's white dice.
type Roll = [[u32; 3]; 2];

/// The weights of those faces on the unit's die and on the white die.
type Faces = [[u32; 3]; 2];

/// What one defense roll is met with: the results it may cancel, the surges that convert, the
/// Pierce that cancels its blocks.
#[derive(Clone, Copy)]
struct Against {
    results: u32,
    convertible: u32,
    pierce: u32,
}

impl Against {
    fn wounds(self, k: &Roll) -> u32 {
        let surges = k[0][1] + k[1][1];
        let blocks = k[0][0] + k[1][0] + surges.min(self.convertible);
        let blocks = blocks - self.pierce.min(blocks);
        self.results.saturating_sub(blocks)
    }
}

impl Resolver {
    /// Each state meets the defense roll its key names. States that differ only in what no
    /// later step reads (how their results split into hits and crits) merge first, so that each
    /// roll is met once per outcome it adds to.
    pub(super) fn defense(&self, guarded: &States<Defending>) -> States<Outcome> {
        let d = &self.d.s.defender;
        let deflects = d.deflect && self.d.ranged() && !self.d.s.attacker.high_velocity;
        let facing = guarded.map(|r| match r.sniped {
            // Sniper Team skipped the rest of the attack for a wound: nothing more is rolled.
            true => (
                None,
                Outcome {
                    wounds: 1,
                    attacker_wounds: 0,
                    guardian: Default::default(),
                    hit: r.hit,
                    dodges: 0,
                    shields: 0,
                    surges: 0,
                },
            ),
            false => (
                Some(self.defense_key(r, deflects)),
                Outcome {
                    wounds: 0,
                    attacker_wounds: r.attacker_wounds + u32::from(r.blank && self.d.melee()),
                    guardian: r.guardian,
                    hit: r.hit,
                    dodges: r.dodges,
                    shields: r.shields,
                    surges: 0,
                },
            ),
        });
        let sure = Rc::new(States::certain((0, 0, 0)));
        facing.and_then_each(
            |(key, _)| match *key {
                None => Rc::clone(&sure),
                Some(key) => self.defenses.get(key, |_| self.defense_roll(key, deflects)),
            },
            |(_, o), &(wounds, deflected, surges)| Outcome {
                wounds: o.wounds + wounds,
                attacker_wounds: o.attacker_wounds + deflected,
                surges,
                ..o.clone()
            },
        )
    }

    /// What the defense roll for `r` depends on.
    fn defense_key(&self, r: &Defending, deflects: bool) -> super::resolve::DefenseKey {
        let d = &self.d.s.defender;
        let pierce_acts = self.d.pierce_acts(r.dodged);
        // Danger Sense and Impervious dice are rolled even when no result is left: they
        // cannot wound, but their surges still trigger Deflect.
        let edition = self.d.edition;
        let impervious = match edition.impervious_rolls_dice() {
            true if self.d.impervious() && pierce_acts => r.pierce_total,
            _ => 0,
        };
        let extra = d.danger_sense.min(d.suppression) + impervious;
        let all_convert = d.surge_block || deflects || (d.block && r.dodged);
        let pierce = match (pierce_acts, edition.impervious_rolls_dice()) {
            (false, _) => 0,
            (true, false) if self.d.impervious() => r.pierce.saturating_sub(1),
            (true, _) => r.pierce,
        };
        (r.hits + r.crits, extra, all_convert, pierce)
    }

    /// One defense roll: (wounds, Deflect's wounds on the attacker, surge tokens spent). The
    /// defender spends a surge token on each surge its chart leaves, as far as its tokens go,
    /// while a hit or crit is left to block.
    fn defense_roll(
        &self,
        (results, extra, all_convert, pierce): super::resolve::DefenseKey,
        deflects: bool,
    ) -> States<(u32, u32, u32)> {
        let (a, d) = (&self.d.s.attacker, &self.d.s.defender);
        let against = Against {
            results,
            convertible: if all_convert {
                u32::MAX
            } else {
                d.surge_tokens
            },
            pierce,
        };
        let vaapad = if d.vaapad { d.wounded.min(3) } else { 0 };
        let reflects = deflects && !a.immune_deflect;
        let tokens = if all_convert { 0 } else { d.surge_tokens };
        let outcome = |k: &Roll| {
            let surges = k[0][1] + k[1][1];
            let deflected = match reflects {
                true if d.shien => surges,
                true => u32::from(surges > 0),
                false => 0,
            };
            let spent = if results > 0 { surges.min(tokens) } else { 0 };
            (against.wounds(k), deflected, spent)
        };
        let n = [results + extra, vaapad];
        // Surges are kept apart from blocks while the tokens spent on them are counted.
        let counted = reflects || tokens > 0;
        let faces = self.defense_faces(against.convertible, n[0] + n[1], counted);
        let rerolls = (d.soresu && self.d.ranged()) || d.uncanny_luck > 0;
        if !rerolls && vaapad == 0 {
            // Only the unit's dice, kept as rolled: their outcomes straight from the roll.
            let unit = self.rolls.roll(n[0], &faces[0]);
            return unit.map(|k| outcome(&[[k[0], k[1], k[2]], [0; 3]]));
        }
        self.rerolled(self.roll_defense(n, &faces), against, &faces)
            .map(outcome)
    }

    /// Soresu Mastery (ranged) rerolls every die when the mean wounds of doing so are fewer than
    /// of Uncanny Luck's rerolls; without it, Uncanny Luck rerolls, each roll meeting the
    /// rerolls its picks share.
    fn rerolled(&self, rolled: States<Roll>, against: Against, faces: &Faces) -> States<Roll> {
        let d = &self.d.s.defender;
        let wounds = |k: &Roll| i64::from(against.wounds(k));
        match d.soresu && self.d.ranged() {
            true => {
                let again = rolled.to_dist(wounds).mean();
                rolled.and_then(|k| {
                    let kept = self.uncanny_luck(k, against.convertible, faces);
                    match kept.to_dist(wounds).mean() > again {
                        true => rolled.clone(),
                        false => kept,
                    }
                })
            }
            false if d.uncanny_luck == 0 => rolled,
            false => {
                let rerolls: Memo<[u32; 2], States<Roll>> = Memo::default();
                let picked = |k: &Roll| self.lucky_picks(k, against.convertible);
                rolled.and_then_each(
                    |k| {
                        let m = picked(k).map(|(b, s)| b + s);
                        rerolls.get(m, |&m| self.roll_defense(m, faces))
                    },
                    |k, m| lucky(k, picked(k), m),
                )
            }
        }
    }

    /// Rolls `n[0]` of the defender's dice and `n[1]` white dice.
    fn roll_defense(&self, n: [u32; 2], faces: &Faces) -> States<Roll> {
        let unit = self.rolls.roll(n[0], &faces[0]);
        if n[1] == 0 {
            return unit.map(|k| [[k[0], k[1], k[2]], [0; 3]]);
        }
        unit.and_then(|k| {
            self.rolls
                .roll(n[1], &faces[1])
                .map(|m| [[k[0], k[1], k[2]], [m[0], m[1], m[2]]])
        })
    }

    /// The faces (block, surge, blank) of the defender's die and of the white die for a roll
    /// of `dice` dice. A surge is folded into a block when every surge converts, or into a blank
    /// when none does, unless surges are counted (`apart`: Deflect, surge tokens spent): two
    /// faces make fewer outcomes than three.
    fn defense_faces(&self, convertible: u32, dice: u32, apart: bool) -> Faces {
        let die = self
            .d
            .s
            .defender
            .die
            .expect("the parser requires a defense die");
        [die, DefenseDie::White].map(|die| {
            let f = defense_die(die);
            match convertible {
                _ if apart => [f.block, f.surge, f.blank],
                0 => [f.block, 0, f.surge + f.blank],
                c if c >= dice => [f.block + f.surge, 0, f.blank],
                _ => [f.block, f.surge, f.blank],
            }
        })
    }

    /// Uncanny Luck X's rerolls of `k`, for Soresu Mastery to weigh.
    fn uncanny_luck(&self, k: &Roll, convertible: u32, faces: &Faces) -> States<Roll> {
        let picks = self.lucky_picks(k, convertible);
        let m = picks.map(|(blanks, surges)| blanks + surges);
        self.roll_defense(m, faces).map(|m| lucky(k, picks, m))
    }

    /// Uncanny Luck X rerolls blanks, then surges that will not convert: the unit's dice first,
    /// then Vaapad's white dice (a unit's own die never has worse odds than a white one). Per
    /// colour: (blanks, surges) picked up.
    fn lucky_picks(&self, k: &Roll, convertible: u32) -> [(u32, u32); 2] {
        let mut room = self.d.s.defender.uncanny_luck;
        let mut unconvertible = (k[0][1] + k[1][1]).saturating_sub(convertible);
        let mut picked = [(0u32, 0u32); 2];
        for (c, pick) in picked.iter_mut().enumerate() {
            pick.0 = room.min(k[c][2]);
            room -= pick.0;
            pick.1 = room.min(k[c][1]).min(unconvertible);
            room -= pick.1;
            unconvertible -= pick.1;
        }
        picked
    }
}

/// Roll `k` with the `picks` (blanks, surges) per colour picked up, and the faces `m` they
/// show when rerolled.
fn lucky(k: &Roll, picks: [(u32, u32); 2], m: &Roll) -> Roll {
    let mut q = *k;
    for (c, (blanks, surges)) in picks.into_iter().enumerate() {
        q[c][2] -= blanks;
        q[c][1] -= surges;
        for (f, n) in q[c].iter_mut().zip(m[c]) {
            *f += n;
        }
    }
    q
}
