//! The optimal policy's decisions, one at a time, for play with actual dice (the simulator).

use super::declare::{declared, makashi_applies};
use super::faces::{planner_weights, surge_is, weights_of, SurgeIs};
use super::resolve::Resolver;
use super::state::Results;
use super::Play;
use crate::legion::optimal::Goal;
use crate::legion::optimal::{Choice, Dice, Planner};
use crate::legion::scenario::Scenario;
use crate::states::Memo;
use std::rc::Rc;

/// The optimal policy's decisions, for play with actual dice (the simulator): whether Makashi
/// Mastery is used, which dice each reroll token picks up, and how Marksman and Jar'Kai Mastery
/// split their tokens. The attacker keeps all its Pierce for the defender (a guardian's blocks
/// are not pierced). Decisions are those that [`super::attack`] takes under
/// [`Play::Optimal`], memoised.
///
/// ```
/// use holodice_engine::legion::{attack::OptimalPolicy, optimal::Goal, Scenario};
/// let s = Scenario::parse("1 red, aim 1, Pierce 99", "red defense, Armor", None).unwrap();
/// let p = OptimalPolicy::new(&s, Goal::Mean);
/// // Armor cancels the hit: the aim token rerolls it, fishing for a crit.
/// assert_eq!(p.reroll(0, [[0, 0, 1, 0], [0; 4], [0; 4]], 1), Some([[0, 0, 1], [0; 3], [0; 3]]));
/// // A crit is kept.
/// assert_eq!(p.reroll(0, [[0, 0, 0, 1], [0; 4], [0; 4]], 1), None);
/// ```
pub struct OptimalPolicy {
    makashi: bool,
    surge_is: SurgeIs,
    resolver: Rc<Resolver>,
    planner: Planner<'static>,
    /// Keyed by (token, dice before it).
    choices: Memo<(usize, Dice), Option<Choice>>,
    /// Keyed by (hits, crits, aims left, whether Jar'Kai spends dodges).
    splits: Memo<(u32, u32, u32, bool), (u32, u32)>,
}

impl OptimalPolicy {
    /// The optimal policy for scenario `s` (its edition), maximising `goal`.
    pub fn new(s: &Scenario, goal: Goal) -> OptimalPolicy {
        let play = Play::Optimal(goal.clone());
        let makashi = makashi_applies(s) && super::makashi_chosen(s, &play).0;
        let resolver = Resolver::new(declared(s, makashi), &play);
        let a = &resolver.d.s.attacker;
        let surge_is = surge_is(a);
        let terminal = resolver.terminal(&goal);
        let planner = Planner::new(a, planner_weights(&weights_of(surge_is)), terminal);
        OptimalPolicy {
            makashi,
            surge_is,
            resolver,
            planner,
            choices: Memo::default(),
            splits: Memo::default(),
        }
    }

    /// Whether Makashi Mastery is used: the pool's Pierce drops by 1 and the defender can't use
    /// Immune: Pierce, Immune: Melee Pierce or Impervious.
    pub fn makashi(&self) -> bool {
        self.makashi
    }

    /// How the decisions count a die showing a surge: as a crit, hit or blank face when the
    /// chart (or nothing converting) settles it, else as a surge face.
    pub fn surge_is(&self) -> SurgeIs {
        self.surge_is
    }

    /// Which dice reroll token `token` picks up (aim tokens first, then observation tokens,
    /// counted from 0), given per colour (red, black, white) the dice showing blank, surge, hit
    /// and crit (surges counted as [`OptimalPolicy::surge_is`] says) and the aim tokens left:
    /// per colour, how many blanks, surges and hits; `None` to keep the token.
    pub fn reroll(&self, token: usize, faces: [[u32; 4]; 3], aims: u32) -> Option<[[u32; 3]; 3]> {
        if token >= self.planner.tokens() {
            return None;
        }
        // The planner counts a colour's surges beyond those that can convert as blanks; the
        // blanks it picks beyond the dice showing one are such surges.
        let mut folded = faces;
        folded.iter_mut().for_each(|f| self.planner.fold(f));
        let mut choice = (*self.choices.get(
            (
                token,
                Dice {
                    faces: folded,
                    aims,
                },
            ),
            |(t, d)| self.planner.best(*t, d).1,
        ))?;
        for (pick, f) in choice.iter_mut().zip(&faces) {
            let beyond = pick[0].saturating_sub(f[0]);
            pick[0] -= beyond;
            pick[1] += beyond;
        }
        Some(choice)
    }

    /// Marksman's split of the aim tokens left, once surges are converted, given the hits and
    /// crits: how many blanks (or unconverted surges) become hits, and then how many hits become
    /// crits. The tokens not spent are left for Lethal.
    pub fn marksman(&self, hits: u32, crits: u32, aims: u32) -> (u32, u32) {
        self.split(hits, crits, aims, false)
    }

    /// Jar'Kai Mastery's split of the attacker's dodge tokens, after Marksman, given the hits,
    /// crits and aim tokens left: how many blanks become hits, then how many hits become crits.
    pub fn jarkai(&self, hits: u32, crits: u32, aims: u32) -> (u32, u32) {
        self.split(hits, crits, aims, true)
    }

    /// Whether Sniper Team cancels every die for a wound, once surges are converted and the
    /// tokens that change results are spent, given the hits, crits and aim tokens left.
    pub fn snipes(&self, hits: u32, crits: u32, aims: u32) -> bool {
        self.resolver.d.s.attacker.sniper_team && self.resolver.snipes(&results(hits, crits, aims))
    }

    fn split(&self, hits: u32, crits: u32, aims: u32, jarkai: bool) -> (u32, u32) {
        *self.splits.get((hits, crits, aims, jarkai), |_| {
            let r = results(hits, crits, aims);
            let m = match jarkai {
                true => self.resolver.jarkai(&r),
                false => self.resolver.marksman(&r),
            };
            (m.results - r.results, m.crits - r.crits)
        })
    }
}

/// The converted results the simulator reports: hits, crits and the aim tokens left.
fn results(hits: u32, crits: u32, aims: u32) -> Results {
    Results {
        results: hits + crits,
        hits,
        crits,
        aims,
        rerolled: false,
        dodged: false,
        dodges: 0,
        sniped: false,
    }
}
