//! Step 3, converting attack surges die by die: Critical X, the chart, surge tokens; then the
//! tokens that change results instead of rerolling them (Marksman's aims, Jar'Kai Mastery's
//! dodges). The dice are counted into results here, and only counted after.

use super::declare::Sim;
use super::dice::{count, ABlank, ASurge, Crit, Die, Hit};
use super::Trial;
use crate::legion::units::AttackSurge;

impl Sim {
    /// Converts the pool and counts its hits, crits and blanks.
    pub(super) fn convert(&self, t: &mut Trial) {
        self.convert_surges(&mut t.table.attack);
        self.marksman(t);
        self.jarkai(t);
        let pool = &t.table.attack;
        (t.hits, t.crits, t.blanks) = (count(pool, Hit), count(pool, Crit), count(pool, ABlank));
        t.out.attack_results = t.hits + t.crits;
    }

    /// Critical X first, then the chart, or without one the surge tokens; surges left are
    /// blanks.
    fn convert_surges(&self, pool: &mut [Die]) {
        let mut critical = self.critical;
        let mut surge_tokens = self.s.attacker.surge_tokens;
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
    }

    /// Marksman: each aim token left turns a blank into a hit, then (without Lethal) a hit into
    /// a crit; the optimal policy chooses the split.
    fn marksman(&self, t: &mut Trial) {
        let a = &self.s.attacker;
        if !a.marksman {
            return;
        }
        let pool = &mut t.table.attack;
        let (to_hits, to_crits) = match t.optimal {
            Some(policy) => policy.marksman(count(pool, Hit), count(pool, Crit), t.aims),
            None => {
                let to_hits = t.aims.min(count(pool, ABlank));
                let to_crits = if a.lethal == 0 { t.aims - to_hits } else { 0 };
                (to_hits, to_crits.min(count(pool, Hit) + to_hits))
            }
        };
        t.aims -= to_hits + to_crits;
        convert_blanks_then_hits(pool, to_hits, to_crits);
    }

    /// Jar'Kai Mastery, in melee: each of the attacker's dodge tokens turns a blank into a hit,
    /// then a hit into a crit; the optimal policy chooses the split.
    fn jarkai(&self, t: &mut Trial) {
        let dodge = self.s.attacker.dodge;
        if !self.s.attacker.jarkai || !self.melee || dodge == 0 {
            return;
        }
        let pool = &mut t.table.attack;
        let (to_hits, to_crits) = match t.optimal {
            Some(policy) => policy.jarkai(count(pool, Hit), count(pool, Crit), t.aims),
            None => {
                let to_hits = dodge.min(count(pool, ABlank));
                (to_hits, (dodge - to_hits).min(count(pool, Hit) + to_hits))
            }
        };
        convert_blanks_then_hits(pool, to_hits, to_crits);
    }

    /// Sniper Team's other choice, once surges are converted: cancel every die for a wound if
    /// a crit was among them. Greedy takes it only with one crit and no other result (and no
    /// Ram to add one); the optimal policy decides otherwise.
    pub(super) fn snipes(&self, t: &Trial) -> bool {
        let a = &self.s.attacker;
        if !a.sniper_team || t.crits == 0 {
            return false;
        }
        match t.optimal {
            Some(policy) => policy.snipes(t.hits, t.crits, t.aims),
            None => t.hits + t.crits + a.ram <= 1,
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
