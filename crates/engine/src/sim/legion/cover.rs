//! Step 4, applying dodge and cover: the cover value, rolled with white defense dice (red with
//! Dug In; 2.6 on) or cancelling hits outright (rrg-2021); then the defender's dodge tokens.

use super::declare::Sim;
use super::dice::{roll_defense, Block, DSurge, RED_DEFENSE, WHITE_DEFENSE};
use super::Trial;

impl Sim {
    /// Cover cancels hits; crits ignore it.
    pub(super) fn cover(&self, t: &mut Trial) {
        let cover = self.cover_value();
        if cover == 0 || t.hits == 0 {
            return;
        }
        let cancels = match self.edition.rolls_cover() {
            false => cover,
            true => {
                // Low Profile cancels one hit before the roll, its die not rolled.
                let low = u32::from(self.s.defender.low_profile);
                let die = match self.s.defender.dug_in {
                    true => &RED_DEFENSE,
                    false => &WHITE_DEFENSE,
                };
                let mut cancels = low;
                for _ in 0..t.hits - low {
                    match roll_defense(t.rng, die) {
                        Block => cancels += 1,
                        DSurge if cover >= 2 => cancels += 1,
                        _ => {}
                    }
                }
                cancels
            }
        };
        t.hits -= t.hits.min(cancels);
    }

    /// The cover the hits meet: 0 none, 1 light, 2 heavy. Only ranged attacks meet cover, and
    /// neither Blast (unless the defender has Immune: Blast) nor Death From Above does; an
    /// Unconcerned defender has none.
    fn cover_value(&self) -> u32 {
        let (a, d) = (&self.s.attacker, &self.s.defender);
        if !self.ranged || (a.blast && !d.immune_blast) || a.death_from_above || d.unconcerned {
            return 0;
        }
        let suppressed = d.cover_from_suppression(self.edition);
        let mut cover = (d.cover + u32::from(suppressed) + d.cover_keyword + d.smoke).min(2);
        if !self.edition.rolls_cover() && d.low_profile && cover == 1 {
            cover = 2;
        }
        cover.saturating_sub(a.sharpshooter)
    }

    /// Dodge tokens cancel hits (crits first with Outmaneuver); High Velocity allows none.
    pub(super) fn dodge(&self, t: &mut Trial) {
        let d = &self.s.defender;
        if self.s.attacker.high_velocity || d.dodge == 0 {
            return;
        }
        let mut tokens = d.dodge;
        if d.outmaneuver {
            let on_crits = tokens.min(t.crits);
            t.crits -= on_crits;
            tokens -= on_crits;
        }
        let on_hits = tokens.min(t.hits);
        t.hits -= on_hits;
        let spent = d.dodge - tokens + on_hits;
        // Block, and a defending Duelist in melee, reward a spent token: spend one anyway.
        let anyway = (d.block || (d.duelist && self.melee)) && t.hits + t.crits > 0;
        t.dodged = spent > 0 || anyway;
        t.out.dodges = spent.max(u32::from(t.dodged));
    }
}
