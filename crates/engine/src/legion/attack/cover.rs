//! Step 4, apply dodge and cover: the cover value, the cover roll (2.6 on: white defense dice,
//! red with Dug In) or cancellation (rrg-2021), then dodge tokens.

use super::declare::Declared;
use super::resolve::Resolver;
use super::state::Results;
use crate::legion::dice::defense_die;
use crate::legion::units::DefenseDie;
use crate::states::States;

impl Resolver {
    /// Cover cancels hits (never crits). Without cover the states pass on untouched; rolled
    /// cover meets each state with the roll its hits share, sparing a table per state. The
    /// total of the results is reported from the converted states: past them only Ram and Djem
    /// So Mastery read it (and a goal whether it is 0), so otherwise it is dropped here, and
    /// states that differ only by it once hits are cancelled merge.
    pub(super) fn cover(&self, converted: States<Results>) -> States<Results> {
        let cover = cover_value(&self.d);
        if cover == 0 {
            return converted;
        }
        let read = self.d.s.attacker.ram > 0 || self.d.s.defender.djem_so;
        // A goal that reads whether the roll held a result keeps that much of the total.
        let kept = |results: u32| match (read, self.tracks_hit) {
            (true, _) => results,
            (false, true) => results.min(1),
            (false, false) => 0,
        };
        let cancelled = |r: &Results, cancels: u32| Results {
            results: kept(r.results),
            hits: r.hits - r.hits.min(cancels),
            ..r.clone()
        };
        match self.d.edition.rolls_cover() {
            false => converted.map(|r| cancelled(r, cover)),
            true => {
                // Low Profile rolls one die fewer and adds a block; Dug In rolls red dice.
                let d = &self.d.s.defender;
                let low = u32::from(d.low_profile);
                let die = defense_die(match d.dug_in {
                    true => DefenseDie::Red,
                    false => DefenseDie::White,
                });
                let cancel = die.block + if cover >= 2 { die.surge } else { 0 };
                let other = die.block + die.surge + die.blank - cancel;
                converted.and_then_each(
                    |r| {
                        self.rolls
                            .roll(r.hits.saturating_sub(low), &[cancel, other])
                    },
                    |r, k| cancelled(r, k[0] + low),
                )
            }
        }
    }

    /// The defender spends dodge tokens (not against High Velocity): crits first with
    /// Outmaneuver, then hits; Block and a defending Duelist in melee spend one anyway.
    pub(super) fn dodge(&self, r: &Results) -> Results {
        let (a, d) = (&self.d.s.attacker, &self.d.s.defender);
        let mut r = r.clone();
        if a.high_velocity || d.dodge == 0 {
            return r;
        }
        let crits = if d.outmaneuver {
            d.dodge.min(r.crits)
        } else {
            0
        };
        let hits = (d.dodge - crits).min(r.hits);
        r.crits -= crits;
        r.hits -= hits;
        let rewarded = d.block || (d.duelist && a.melee);
        r.dodged = crits + hits > 0 || (rewarded && r.hits + r.crits > 0);
        r.dodges = (crits + hits).max(u32::from(r.dodged));
        r
    }
}

/// The cover value the hits meet: 0 (none), 1 (light) or 2 (heavy). Only ranged attacks meet
/// cover, and neither Blast nor Death From Above does; an Unconcerned defender has none.
pub(super) fn cover_value(declared: &Declared) -> u32 {
    let (a, d) = (&declared.s.attacker, &declared.s.defender);
    if !declared.ranged() || a.blast || a.death_from_above || d.unconcerned {
        return 0;
    }
    let suppressed = d.cover_from_suppression(declared.edition);
    let mut cover = (d.cover + u32::from(suppressed) + d.cover_keyword).min(2);
    if !declared.edition.rolls_cover() && d.low_profile && cover == 1 {
        cover = 2;
    }
    cover.saturating_sub(a.sharpshooter)
}
