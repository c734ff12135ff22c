//! Step 5, modify attack dice: Ion X, then the attacker (Impact, Primitive, Ram, Lethal,
//! Duelist), then the defender (Armor, Armor X, Shielded, Backup), then a guardian.

use super::resolve::Resolver;
use super::state::{Defending, Guarded, Results};
use crate::legion::dice::defense_die;
use crate::legion::units::Defender;
use crate::states::States;
use num_bigint::BigInt;
use num_rational::BigRational;

impl Resolver {
    /// Step 4's dodge tokens and step 5 on every state in one pass.
    pub(super) fn modify(&self, covered: &States<Results>) -> States<Defending> {
        covered.map(|r| {
            let r = self.dodge(r);
            // Ion X acts first, on the hits and crits the step starts with.
            let ion = self.d.s.attacker.ion.min(r.hits + r.crits);
            self.defender_cancels(self.attacker_modifies(&r), ion)
        })
    }

    /// The attacker's keywords change results into crits and gain Pierce (nothing is left to
    /// change once Sniper Team cancelled the dice).
    fn attacker_modifies(&self, r: &Results) -> Defending {
        let (a, d) = (&self.d.s.attacker, &self.d.s.defender);
        if r.sniped {
            return Defending {
                hits: 0,
                crits: 0,
                pierce: 0,
                pierce_total: 0,
                dodged: false,
                dodges: 0,
                shields: 0,
                blank: false,
                attacker_wounds: 0,
                guardian: Guarded::default(),
                hit: self.tracks_hit,
                sniped: true,
            };
        }
        let armored = d.armor || d.armor_x > 0;
        let (mut hits, mut crits) = (r.hits, r.crits);
        if armored {
            let impact = a.impact.min(hits);
            hits -= impact;
            crits += impact;
            if a.primitive {
                hits += std::mem::take(&mut crits);
            }
        }
        // Ram turns blanks (and surges left unconverted) into crits first, then hits.
        let dice: u32 = a.dice.iter().sum();
        let ram_blanks = a.ram.min(dice - r.results);
        let ram_hits = (a.ram - ram_blanks).min(hits);
        hits -= ram_hits;
        crits += ram_blanks + ram_hits;
        let lethal = a.lethal.min(r.aims);
        // Duelist reads only the aims spent in the Reroll Attack Dice step.
        let duelist = u32::from(a.duelist && a.melee && r.rerolled);
        let pierce = a.pierce + lethal + duelist;
        Defending {
            hits,
            crits,
            pierce,
            pierce_total: pierce,
            dodged: r.dodged,
            dodges: r.dodges,
            shields: 0,
            blank: d.djem_so && dice > r.results + ram_blanks,
            attacker_wounds: 0,
            guardian: Guarded::default(),
            hit: self.tracks_hit && r.results > 0,
            sniped: false,
        }
    }

    /// Armor, Armor X, Shielded (less the tokens Ion flipped), Backup.
    fn defender_cancels(&self, mut r: Defending, ion: u32) -> Defending {
        let d = &self.d.s.defender;
        let shields = d.shielded.saturating_sub(ion);
        if d.armor {
            r.hits = 0;
        }
        r.hits -= d.armor_x.min(r.hits);
        let shield_crits = shields.min(r.crits);
        r.crits -= shield_crits;
        let shield_hits = (shields - shield_crits).min(r.hits);
        r.hits -= shield_hits;
        r.shields = ion.min(d.shielded) + shield_crits + shield_hits;
        if d.backup && self.d.ranged() {
            r.hits -= 2.min(r.hits);
        }
        r
    }

    /// Guardian X (ranged attacks only; not when the guardian is suppressed past its courage,
    /// nor when the defender has Guardian itself).
    pub(super) fn guard(&self, modified: States<Defending>) -> States<Defending> {
        let s = &self.d.s;
        match &s.guardian {
            Some(g) if self.d.ranged() && !g.suppressed() && s.defender.guardian == 0 => {
                modified.and_then(|r| self.guardian_takes(r, g))
            }
            _ => modified,
        }
    }

    /// The guardian takes up to X hits and rolls its own defense dice for them: Deflect checks
    /// this first roll, Soresu Mastery may reroll it, then surges convert and the attacker's
    /// Pierce cancels its blocks first (greedy).
    fn guardian_takes(&self, r: &Defending, g: &Defender) -> States<Defending> {
        let taken = g.guardian.min(r.hits);
        if taken == 0 {
            return States::certain(r.clone());
        }
        let a = &self.d.s.attacker;
        let f = defense_die(g.die.expect("the parser requires a defense die"));
        let faces = [f.block, f.surge, f.blank];
        let deflects = g.deflect && !a.high_velocity;
        let convertible = |surges: u32| match g.surge_block || deflects {
            true => surges,
            false => g.surge_tokens.min(surges),
        };
        let pierced = |blocks: u32| match g.immune_pierce || !self.pierce_guardian_first {
            true => 0,
            false => r.pierce.min(blocks),
        };
        let wounds = |k: &[u32]| {
            let blocks = k[0] + convertible(k[1]);
            taken - (blocks - pierced(blocks))
        };
        let first = self.rolls.roll(taken, &faces);
        let deflected = |k: &[u32]| match deflects && !a.immune_deflect {
            true if g.shien => k[1],
            true => u32::from(k[1] > 0),
            false => 0,
        };
        // The guardian's blocks (after Pierce) on roll `k`, Deflect having read roll `seen`; a
        // surge token is spent on each surge its chart and Deflect leave.
        let after = |k: &[u32], seen: &[u32]| {
            let blocks = k[0] + convertible(k[1]);
            let pierced = pierced(blocks);
            let mut r = r.clone();
            r.hits -= taken;
            r.pierce -= pierced;
            r.attacker_wounds += deflected(seen);
            r.guardian = Guarded {
                wounds: taken - (blocks - pierced),
                dodges: 0,
                surges: match g.surge_block || deflects {
                    true => 0,
                    false => convertible(k[1]),
                },
            };
            r
        };
        if !(g.soresu && g.dodge > 0) {
            return first.map(|k| after(k, k));
        }
        // Soresu Mastery spends a dodge token to reroll every die when the mean wounds of doing
        // so are fewer.
        let again: BigRational = first.to_dist(|k| i64::from(wounds(k))).mean();
        first.and_then(
            |seen| match BigRational::from_integer(BigInt::from(wounds(seen))) > again {
                true => first.map(|k| after(k, seen)).map(|r| Defending {
                    guardian: Guarded {
                        dodges: 1,
                        ..r.guardian
                    },
                    ..r.clone()
                }),
                false => States::certain(after(seen, seen)),
            },
        )
    }
}
