//! Step 5, modifying attack dice: Ion X, then the attacker (Impact, Primitive, Ram, Lethal,
//! Duelist), then the defender (Armor, Armor X, Shielded, Backup); Djem So Mastery's wound,
//! decided now; then a guardian, which takes hits and rolls its own defense dice for them.

use super::declare::Sim;
use super::defense::{exceeds, wound_sum, Wounding};
use super::dice::{roll_defense, roll_defense_dice, shown};
use super::Trial;
use num_bigint::BigUint;

impl Sim {
    /// The attacker's modifications, then the defender's.
    pub(super) fn modify(&self, t: &mut Trial) {
        let d = &self.s.defender;
        // Ion X first flips shield tokens, one per hit or crit at most.
        let ion = self.s.attacker.ion.min(d.shielded).min(t.hits + t.crits);
        self.attacker_modifies(t);
        t.out.shields = ion + self.defender_cancels(t, d.shielded - ion);
        // 8, decided now: Djem So Mastery wounds the attacker of a melee attack whose roll
        // holds a blank after Ram.
        if d.djem_so && self.melee && t.blanks > 0 {
            t.out.attacker_wounds += 1;
        }
    }

    /// Impact (and the defender's Weak Point) against Armor, then Primitive, Ram, Lethal and
    /// Duelist, which set the Pierce.
    fn attacker_modifies(&self, t: &mut Trial) {
        let (a, d) = (&self.s.attacker, &self.s.defender);
        if d.armor || d.armor_x > 0 {
            let impact = (a.impact + d.weak_point).min(t.hits);
            t.hits -= impact;
            t.crits += impact;
            if a.primitive {
                t.hits += t.crits;
                t.crits = 0;
            }
        }
        let ram_blanks = a.ram.min(t.blanks);
        t.crits += ram_blanks;
        t.blanks -= ram_blanks;
        let ram_hits = (a.ram - ram_blanks).min(t.hits);
        t.hits -= ram_hits;
        t.crits += ram_hits;
        let lethal = a.lethal.min(t.aims);
        t.aims -= lethal;
        t.pierce = a.pierce - u32::from(self.makashi) + lethal;
        // An aim spent in the reroll step (not Marksman's or Lethal's).
        if a.duelist && self.melee && t.rerolled {
            t.pierce += 1;
        }
        t.pool_pierce = t.pierce;
    }

    /// Armor, Armor X, Shielded (crits first; against ranged attacks only), Backup. Returns
    /// the shield tokens flipped, one per result they cancel.
    fn defender_cancels(&self, t: &mut Trial, shielded: u32) -> u32 {
        let d = &self.s.defender;
        if d.armor {
            t.hits = 0;
        }
        t.hits -= d.armor_x.min(t.hits);
        let mut flipped = 0;
        if self.ranged {
            let shield_crits = shielded.min(t.crits);
            let shield_hits = (shielded - shield_crits).min(t.hits);
            t.crits -= shield_crits;
            t.hits -= shield_hits;
            flipped = shield_crits + shield_hits;
        }
        if d.backup && self.ranged && !d.not_regs {
            t.hits -= 2.min(t.hits);
        }
        flipped
    }

    /// Guardian X takes up to X hits and rolls its own defense dice for them: Deflect on that
    /// first roll, Soresu Mastery's reroll, then the greedy attacker's Pierce.
    pub(super) fn guard(&self, t: &mut Trial) {
        let Some((g, faces)) = self.guardian() else {
            return;
        };
        let taken = g.guardian.min(t.hits);
        if taken == 0 {
            return;
        }
        t.hits -= taken;
        let roll = &mut t.table.defense;
        roll.clear();
        roll_defense_dice(t.rng, roll, taken, faces, false);
        let first = shown(roll.iter().map(|r| r.face));
        t.out.attacker_wounds += self.deflect_wounds(g, first[1]);
        // The optimal attacker keeps all its Pierce for the defender.
        let spend_pierce = !g.immune_pierce && t.optimal.is_none();
        let w = Wounding {
            results: taken,
            pierce: if spend_pierce { t.pierce } else { 0 },
            all_convert: g.surge_block || self.deflects(g),
            surge_tokens: g.surge_tokens,
        };
        let mut now = first;
        if self.guardian_soresu(t, first, &w) {
            t.out.guardian_dodges = 1;
            now = shown((0..taken).map(|_| roll_defense(t.rng, faces)));
        }
        // A surge token is spent on each surge its chart (and Deflect) leaves.
        t.out.guardian_surges = w.tokens_spent(now[1]);
        let mut blocks = now[0] + now[1].min(w.convertible());
        if spend_pierce {
            let pierced = t.pierce.min(blocks);
            t.pierce -= pierced;
            blocks -= pierced;
        }
        t.out.guardian_wounds = taken - blocks;
    }

    /// A guardian's Soresu Mastery: a dodge token rerolls every die when its wounds from the
    /// roll `first` exceed the mean wounds of a reroll.
    fn guardian_soresu(&self, t: &mut Trial, first: [u32; 3], w: &Wounding) -> bool {
        let Some((g, faces)) = self.guardian() else {
            return false;
        };
        if !(g.soresu && g.dodge > 0) {
            return false;
        }
        let entry = t.table.guardian_soresu.entry((first, *w));
        *entry.or_insert_with(|| {
            let keep = BigUint::from(w.wounds(first[0], first[1]));
            let all = vec![faces; w.results as usize];
            exceeds(&keep, 0, &wound_sum(w, [0, 0], &all), all.len())
        })
    }
}
