//! Step 3, converting attack surges: Critical X, the chart, surge tokens; then the tokens that
//! change results instead of rerolling them (Marksman's aims, Jar'Kai Mastery's dodges); then
//! Sniper Team's choice to cancel the dice for a wound.

use super::resolve::Resolver;
use super::state::{Results, Rolled};
use crate::legion::optimal::Scored;
use crate::legion::units::AttackSurge;
use crate::states::States;

impl Resolver {
    /// Step 3 on every state in one pass: surges converted, then the tokens spent, then Sniper
    /// Team's choice.
    pub(super) fn convert(&self, rolled: &States<Rolled>) -> States<Results> {
        rolled.map(|r| self.snipe(self.spend_tokens(self.converted(r))))
    }

    /// Critical X, then the chart, then surge tokens; surges left are blanks.
    fn converted(&self, r: &Rolled) -> Results {
        let a = &self.d.s.attacker;
        let critical = a.critical.min(r.surges);
        let rest = r.surges - critical;
        let (mut hits, mut crits) = (r.hits, r.crits + critical);
        match a.surge {
            AttackSurge::Hit => hits += rest,
            AttackSurge::Crit => crits += rest,
            AttackSurge::None => hits += a.surge_tokens.min(rest),
        }
        Results {
            results: hits + crits,
            hits,
            crits,
            aims: r.aims,
            // Only the rerolls have spent aims yet.
            rerolled: a.duelist && a.melee && r.aims < a.aim,
            dodged: false,
            dodges: 0,
            sniped: false,
        }
    }

    /// Marksman spends the aim tokens left, then Jar'Kai Mastery (melee) the dodge tokens.
    fn spend_tokens(&self, converted: Results) -> Results {
        let marked = match self.d.s.attacker.marksman {
            true => self.marksman(&converted),
            false => converted,
        };
        match self.jarkai_acts() {
            true => self.jarkai(&marked),
            false => marked,
        }
    }

    /// Sniper Team's other choice, once surges are converted: cancel every die, and the
    /// defender suffers a wound if a crit was among them.
    fn snipe(&self, spent: Results) -> Results {
        match self.d.s.attacker.sniper_team && self.snipes(&spent) {
            true => Results {
                hits: 0,
                crits: 0,
                sniped: true,
                ..spent
            },
            false => spent,
        }
    }

    /// Greedy cancels only when it cannot lose: a crit and no other result, with no Ram to add
    /// one (the attack could wound once at most). Optimal cancels when a sure wound is worth
    /// more than going on.
    pub(super) fn snipes(&self, r: &Results) -> bool {
        if r.crits == 0 {
            return false;
        }
        match &self.objective {
            None => r.hits + r.crits + self.d.s.attacker.ram <= 1,
            Some(objective) => {
                let sure = objective.score(&Scored {
                    wounds: 1,
                    hit: true,
                    spent: [0; super::CARRIED],
                });
                sure > self.value(r, objective) + 1e-12
            }
        }
    }

    fn jarkai_acts(&self) -> bool {
        let a = &self.d.s.attacker;
        a.jarkai && a.melee && a.dodge > 0
    }

    /// Marksman's choice for these results: greedy turns blanks into hits with every aim token
    /// left, then hits into crits unless Lethal wants the tokens; optimal takes the best of
    /// every split between blanks, hits and the tokens kept for Lethal.
    pub(super) fn marksman(&self, r: &Results) -> Results {
        let keep = self.d.s.attacker.lethal > 0;
        let apply = |to_hits: u32, to_crits: u32| Results {
            aims: r.aims - to_hits - to_crits,
            ..changed(r, to_hits, to_crits)
        };
        self.split(r, r.aims, keep, &apply, &|o| match self.jarkai_acts() {
            true => self.jarkai(o),
            false => o.clone(),
        })
    }

    /// Jar'Kai Mastery's choice, as Marksman's with the attacker's dodge tokens (nothing else
    /// wants them).
    pub(super) fn jarkai(&self, r: &Results) -> Results {
        let apply = |to_hits: u32, to_crits: u32| changed(r, to_hits, to_crits);
        self.split(r, self.d.s.attacker.dodge, false, &apply, &|o| o.clone())
    }

    /// Spends up to `tokens`, each turning a blank into a hit or a hit into a crit. Greedy turns
    /// blanks into hits, then (unless `keep` says to keep the rest) hits into crits; optimal
    /// takes the split whose results, after `then`, are worth most.
    fn split(
        &self,
        r: &Results,
        tokens: u32,
        keep: bool,
        apply: &dyn Fn(u32, u32) -> Results,
        then: &dyn Fn(&Results) -> Results,
    ) -> Results {
        let blanks = self.d.s.attacker.dice.iter().sum::<u32>() - r.results;
        let Some(objective) = &self.objective else {
            let to_hits = tokens.min(blanks);
            let to_crits = match keep {
                true => 0,
                false => (tokens - to_hits).min(r.hits + to_hits),
            };
            return apply(to_hits, to_crits);
        };
        let mut best: Option<(f64, Results)> = None;
        for to_hits in 0..=tokens.min(blanks) {
            for to_crits in 0..=(tokens - to_hits).min(r.hits + to_hits) {
                let option = apply(to_hits, to_crits);
                let v = self.value(&then(&option), objective);
                if best.as_ref().is_none_or(|(b, _)| v > b + 1e-12) {
                    best = Some((v, option));
                }
            }
        }
        best.map(|(_, r)| r).unwrap_or_else(|| r.clone())
    }
}

/// `r` with `to_hits` blanks made hits, then `to_crits` hits made crits.
fn changed(r: &Results, to_hits: u32, to_crits: u32) -> Results {
    Results {
        results: r.results + to_hits,
        hits: r.hits + to_hits - to_crits,
        crits: r.crits + to_crits,
        aims: r.aims,
        rerolled: r.rerolled,
        dodged: r.dodged,
        dodges: r.dodges,
        sniped: r.sniped,
    }
}
