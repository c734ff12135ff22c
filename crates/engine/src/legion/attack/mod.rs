//! One Legion attack, in the order of the attack sequence (docs/legion.md), as steps over a
//! distribution of count states: [`attack`] lists them, each step lives in the file named after
//! it, and the states they pass on are in `state.rs`.
//!
//! While colour matters (the rerolls), the state holds blanks and surges per colour; dice showing
//! a hit or a crit are never rerolled, so they are only counted (a die of colour c that is
//! neither blank nor surge), and split into hits and crits once the rerolls are over. After
//! that the state is a handful of totals, and equal states merge at every step.

mod batch;
mod convert;
mod cover;
mod declare;
mod defense;
mod faces;
mod greedy;
mod limits;
mod modify;
mod policy;
mod resolve;
mod roll;
mod state;

pub use batch::{attack_many, cost_many, profile};
pub use faces::SurgeIs;
pub use limits::{cost, words, MAX_OPTIMAL_WORK};
pub use policy::OptimalPolicy;

use super::minis::{losses, Losses};
use super::on_table::{OnTable, Resumes};
use super::optimal::Goal;
use super::scenario::Scenario;
use crate::dist::Dist;
use crate::error::{Error, Input, Message};
use crate::policy::{Objective, Policy};
use crate::states::States;
use declare::makashi_applies;
use resolve::Resolver;
use state::Results;
use std::rc::Rc;

/// Who decides the "may"s, and how: a scenario's policy and objective as the attack reads them.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum Play {
    /// The fixed choices of docs/legion.md: what players do.
    #[default]
    Greedy,
    /// Expectimax rerolls for a goal (crates/engine/src/legion/optimal.rs).
    Optimal(Goal),
}

impl Play {
    /// The play of `s`: its policy, and for the optimal one its objective (the mean wounds or
    /// the chance of at least K; a Legion attack has no chance to destroy).
    pub fn of(s: &Scenario) -> Result<Play, Error> {
        Ok(match (s.policy, s.objective) {
            (Policy::Greedy, _) => Play::Greedy,
            (Policy::Optimal, Objective::Mean) => Play::Optimal(Goal::Mean),
            (Policy::Optimal, Objective::AtLeast(k)) => {
                Play::Optimal(Goal::AtLeast(u32::try_from(k.max(0)).unwrap_or(u32::MAX)))
            }
            (Policy::Optimal, Objective::Destroy) => {
                return Err(Error::input(Message::flag(Input::Objective).text(
                    " 'wipe' is an objective of legion sequence: for one attack use 'mean' or \
                     'atleast:K' (the chance to wipe a unit of K wounds left)",
                )))
            }
        })
    }

    fn goal(&self) -> Option<&Goal> {
        match self {
            Play::Greedy => None,
            Play::Optimal(g) => Some(g),
        }
    }

    /// Whether the outcomes keep whether the attack roll held a hit or crit: only a goal that
    /// reads more than the wounds asks.
    pub(crate) fn tracks_hit(&self) -> bool {
        self.goal().is_some_and(Goal::reads_tokens)
    }
}

/// The exact outcome of one attack.
#[derive(Debug, Clone)]
pub struct LegionAttack {
    /// Hits plus crits after the attack roll, rerolls and surge conversion.
    pub attack_results: Dist,
    /// Wounds on the defender.
    pub wounds: Dist,
    /// Wounds on the attacker (Deflect, Djem So Mastery).
    pub attacker_wounds: Dist,
    /// Wounds on the guardian, when one is given.
    pub guardian_wounds: Option<Dist>,
    /// Minis the defender loses and the chance it is wiped, when its wounds per mini are known.
    pub losses: Option<Losses>,
    /// The same for the guardian.
    pub guardian_losses: Option<Losses>,
    /// What the computation assumed or ignored.
    pub notes: Vec<Message>,
    /// The defender's wounds and the tokens it spent (dodge, shield, surge), with the guardian's
    /// wounds and the tokens it spent (dodge, surge), jointly: each outcome as the digits
    /// `[wounds, dodges, shields, surges, guardian wounds, guardian dodges, guardian surges]`
    /// in the mixed radix `radix`: what a sequence carries to the next attack.
    pub(crate) carried: Dist,
    /// The radices of `carried`'s digits after the first, but for the last: whether the attack
    /// roll held a hit or crit (kept only under a goal that reads it, [`Goal::Worth`]), 0 or 1.
    pub(crate) radix: [i64; CARRIED],
    /// The optimal goal's expected value of the outcomes (0 under the greedy policy).
    pub(crate) value: f64,
}

/// How many digits follow the wounds in [`LegionAttack::carried`].
pub(crate) const CARRIED: usize = 6;

/// The exact outcome of one attack.
///
/// ```
/// use holodice_engine::legion::{attack::attack, Scenario};
/// let s = Scenario::parse("1 red, surge hit", "white defense", None).unwrap();
/// let a = attack(&s).unwrap();
/// // Crit, surge and 5 hits of 8 faces: 7/8.
/// assert_eq!(a.attack_results.mean().to_string(), "7/8");
/// ```
pub fn attack(s: &Scenario) -> Result<LegionAttack, Error> {
    let play = checked(s)?;
    Ok(reported(s, makashi_chosen(s, &play).1))
}

/// The play of `s` once every check that refuses the attack before any work has passed, with
/// the errors [`attack`] gives.
fn checked(s: &Scenario) -> Result<Play, Error> {
    let play = Play::of(s).and_then(|play| allowed(s).map(|()| play));
    play.map_err(|e| e.limit_of(Input::Attacker))
}

/// One attack under `play`: a sequence's optimal policy gives its own goal.
pub(crate) fn attack_for(s: &Scenario, play: &Play) -> Result<LegionAttack, Error> {
    allowed(s)?;
    Ok(reported(s, makashi_chosen(s, play).1))
}

/// What refuses an attack before any work: its limits, the rules, and results on the table
/// that are not the attacker's dice.
fn allowed(s: &Scenario) -> Result<(), Error> {
    cost(s)?;
    declare::refuse_illegal(s)?;
    match &s.on_table {
        Some(t) => t.accounts_for(&s.attacker),
        None => Ok(()),
    }
}

/// `result`, computed for `s` or for a scenario of its profile ([`batch::profile`]), with what
/// only `s` says: the minis its units lose and its notes.
fn reported(s: &Scenario, result: LegionAttack) -> LegionAttack {
    LegionAttack {
        losses: losses(&result.wounds, &s.defender),
        guardian_losses: s
            .guardian
            .as_ref()
            .zip(result.guardian_wounds.as_ref())
            .and_then(|(g, w)| losses(w, g)),
        notes: edition_notes(s),
        ..result
    }
}

/// The scenario's notes, what its edition leaves without effect, and where results on the
/// table pick the attack up.
fn edition_notes(s: &Scenario) -> Vec<Message> {
    let mut notes: Vec<Message> = s.notes.iter().cloned().map(Message::from).collect();
    match s.on_table.as_ref().map(|t| t.resumes) {
        Some(Resumes::Reroll) => notes.push(
            Message::default()
                .name(Input::Rolled)
                .text(": the attack goes on from the dice given, at the Reroll Attack Dice step"),
        ),
        Some(Resumes::Cover) => notes.push(Message::default().name(Input::Converted).text(
            ": the attack goes on from the results given, at Apply Dodge and Cover; the \
             rerolls, surge conversion, Marksman and Jar'Kai Mastery are over, 'aim N' counts \
             the aim tokens left (Lethal), and Duelist's Pierce 1 for an aim spent on a reroll \
             is given as 'Pierce 1'",
        )),
        None => {}
    }
    if s.defender.nimble {
        notes.push(
            "Nimble: the defender gains a dodge token after an attack in which it spent one; \
             this attack's dice don't change (legion sequence carries the token)"
                .into(),
        );
    }
    if s.attacker.suppressive {
        notes.push(
            "Suppressive: the defender gains 1 more suppression token after a ranged attack; \
             this attack's dice don't change (legion sequence carries the token)"
                .into(),
        );
    }
    if s.defender.dug_in && !s.edition.rolls_cover() {
        notes.push(
            format!(
                "Dug In: no effect under {}, where cover cancels hits rather than rolling dice",
                s.edition.name()
            )
            .into(),
        );
    }
    notes
}

/// Results given once surges are converted: step 3 is over, its aim tokens left are the SPEC's.
fn converted_on_table(resolver: &Resolver, t: &OnTable) -> Results {
    let [_, _, hits, crits] = t.totals();
    Results {
        results: hits + crits,
        hits,
        crits,
        aims: resolver.d.s.attacker.aim,
        rerolled: false,
        dodged: false,
        dodges: 0,
        sniped: false,
    }
}

/// Step 1's choice of Makashi Mastery, made before any die is rolled, with the attack it
/// gives: greedy uses it whenever it may, optimal when the whole attack is worth at least as
/// much with it.
fn makashi_chosen(s: &Scenario, play: &Play) -> (bool, LegionAttack) {
    if let Some(d) = declared_once(s, play) {
        return (d.makashi, attack_as_declared(d, play));
    }
    let with = |used: bool| attack_as_declared(declare::declared(s, used), play);
    let (used, unused) = (with(true), with(false));
    match used.value + 1e-12 >= unused.value {
        true => (true, used),
        false => (false, unused),
    }
}

/// The units as declared when Makashi Mastery is no choice to weigh: greedy uses it whenever it
/// may, and the optimal policy has none to make where it does not apply. `None` where the
/// optimal policy weighs the attack with and without it.
fn declared_once(s: &Scenario, play: &Play) -> Option<declare::Declared> {
    match (play.goal(), makashi_applies(s)) {
        (None, _) => Some(greedy_declared(s)),
        (Some(_), false) => Some(declare::declared(s, false)),
        (Some(_), true) => None,
    }
}

/// The units as the greedy policy declares them: with Makashi Mastery whenever it may.
fn greedy_declared(s: &Scenario) -> declare::Declared {
    declare::declared(s, makashi_applies(s))
}

/// The radices of [`LegionAttack::carried`]: the defender's dodge, shield and surge tokens, the
/// guardian's X, dodge and surge tokens, each + 1. No attack spends more than 100 of any (it
/// has fewer dice), which keeps the number within an `i64`.
fn carried_radix(s: &Scenario) -> [i64; CARRIED] {
    let d = &s.defender;
    let g = s.guardian.clone().unwrap_or_default();
    [
        d.dodge,
        d.shielded,
        d.surge_tokens,
        g.guardian,
        g.dodge,
        g.surge_tokens,
    ]
    .map(|t| i64::from(t.min(100)) + 1)
}

/// Steps 1 to 8 on the units as declared (their keywords settled for this attack), or from the
/// results on the table.
fn attack_as_declared(d: declare::Declared, play: &Play) -> LegionAttack {
    let resolver = Resolver::new(d, play);
    let converted = converted(&resolver, play);
    defended(&resolver, converted, play)
}

/// Steps 1 to 3: the roll, its rerolls and the surges converted, or the results on the table.
/// Under the greedy policy they read only the declared attacker and the results on the table
/// (the optimal policy's choices weigh what the defender makes of them).
fn converted(resolver: &Rc<Resolver>, play: &Play) -> States<Results> {
    match &resolver.d.s.on_table {
        Some(t) if t.resumes == Resumes::Cover => States::certain(converted_on_table(resolver, t)),
        _ => resolver.convert(&roll::rolled(resolver, play)),
    }
}

/// Steps 4 to 8 from the converted results, and the attack's distributions of both.
fn defended(resolver: &Resolver, converted: States<Results>, play: &Play) -> LegionAttack {
    let attack_results = converted.to_dist(|r| i64::from(r.results));
    let outcome = resolver.defend(converted);
    let d = &resolver.d;
    let radix = carried_radix(&d.s);
    LegionAttack {
        attack_results,
        radix,
        value: play.goal().map_or(0.0, |g| resolve::worth(&outcome, g)),
        carried: outcome.to_dist(|o| {
            let g = o.guardian;
            let digits = [o.dodges, o.shields, o.surges, g.wounds, g.dodges, g.surges];
            let n = (radix.iter().zip(digits))
                .fold(i64::from(o.wounds), |n, (r, d)| n * r + i64::from(d));
            2 * n + i64::from(o.hit)
        }),
        wounds: outcome.to_dist(|o| i64::from(o.wounds)),
        attacker_wounds: outcome.to_dist(|o| i64::from(o.attacker_wounds)),
        guardian_wounds: d
            .s
            .guardian
            .as_ref()
            .map(|_| outcome.to_dist(|o| i64::from(o.guardian.wounds))),
        losses: None,
        guardian_losses: None,
        notes: Vec::new(),
    }
}
