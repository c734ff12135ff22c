//! One Star Wars: Legion attack, simulated die by die under the greedy or the optimal policy of
//! `docs/legion.md`.
//!
//! Each trial walks the attack sequence (docs/legion.md, steps 0 to 8, every keyword where it
//! acts), one step per file, as the exact engine (`crates/engine/src/legion/attack/`) is laid out:
//! the attack is declared once (`declare.rs`); then each trial rolls the pool one die at a time and
//! spends reroll tokens one at a time (`roll.rs`), converts surges die by die (`convert.rs`), walks
//! cover and dodge (`cover.rs`), the attacker's and the defender's modifications and a guardian
//! (`modify.rs`), then the defense roll with Soresu Mastery or Uncanny Luck, Deflect and Pierce
//! (`defense.rs`). The dice faces are those of the rules reference, written out in `dice.rs`.
//!
//! Under the optimal policy the simulator still rolls every die itself: it only asks the
//! optimal policy's decisions ([`OptimalPolicy`]) which dice each token rerolls and how
//! Marksman splits its aims, and keeps all Pierce for the defender.

mod convert;
mod cover;
mod declare;
mod defense;
mod dice;
mod modify;
mod roll;
mod sequence;

pub use sequence::SequenceSimulation;

use super::{default_workers, run, Samples};
use crate::error::{Error, Message};
use crate::legion::attack::{OptimalPolicy, Play};
use crate::legion::scenario::Scenario;
use crate::vocabulary::Vocabulary;
use declare::Sim;
use defense::Wounding;
use dice::{DefenseRoll, Die};
use rand::rngs::ChaCha8Rng;
use rustc_hash::FxHashMap as HashMap;

/// Dice kept between trials so that a trial allocates nothing, and Soresu Mastery's decisions
/// (they depend only on the dice showing and on what the wounds depend on).
#[derive(Default)]
struct Table {
    attack: Vec<Die>,
    defense: Vec<DefenseRoll>,
    /// The defender's: (unit dice, Vaapad dice: blocks, surges, blanks each) → reroll all.
    soresu: HashMap<([[u32; 3]; 2], Wounding), bool>,
    /// A guardian's: (blocks, surges, blanks) → reroll all.
    guardian_soresu: HashMap<([u32; 3], Wounding), bool>,
}

/// What one attack leaves: its results and wounds, and the tokens the defender and its guardian
/// spent, which a sequence carries to the next attack.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct Outcome {
    attack_results: u32,
    wounds: u32,
    attacker_wounds: u32,
    guardian_wounds: u32,
    /// The defender's dodge tokens spent (cancelling results, or for Block or Duelist).
    dodges: u32,
    /// The defender's shield tokens flipped (by Ion, or cancelling results).
    shields: u32,
    /// The defender's surge tokens spent on defense surges.
    surges: u32,
    /// The guardian's dodge token spent on a Soresu Mastery reroll.
    guardian_dodges: u32,
    /// The guardian's surge tokens spent on its defense surges.
    guardian_surges: u32,
}

/// One attack as it stands between steps: what it rolls with, the tokens and results left, and
/// what it has done so far. The attack dice stay on the table until step 3 counts them.
struct Trial<'t> {
    rng: &'t mut ChaCha8Rng,
    table: &'t mut Table,
    /// The optimal policy's decisions, `None` under the greedy one.
    optimal: Option<&'t OptimalPolicy>,
    /// Aim tokens not yet spent.
    aims: u32,
    /// An aim token was spent in the reroll step (Duelist reads it).
    rerolled: bool,
    hits: u32,
    crits: u32,
    blanks: u32,
    /// A dodge token was spent (Block, Duelist).
    dodged: bool,
    /// The Pierce left to cancel blocks.
    pierce: u32,
    /// The pool's Pierce before a guardian spends any: Impervious rolls as many dice before crb-2026-05-29.
    pool_pierce: u32,
    out: Outcome,
}

impl Sim {
    /// One attack, step by step.
    fn trial(
        &self,
        rng: &mut ChaCha8Rng,
        table: &mut Table,
        optimal: Option<&OptimalPolicy>,
    ) -> Outcome {
        let mut t = Trial {
            rng,
            table,
            optimal,
            aims: self.aim_tokens(),
            rerolled: false,
            hits: 0,
            crits: 0,
            blanks: 0,
            dodged: false,
            pierce: 0,
            pool_pierce: 0,
            out: Outcome::default(),
        };
        self.roll(&mut t); // 1–2
        self.reroll(&mut t);
        self.convert(&mut t); // 3
        if self.snipes(&t) {
            t.out.wounds = 1;
            return t.out;
        }
        self.cover(&mut t); // 4
        self.dodge(&mut t);
        self.modify(&mut t); // 5
        self.guard(&mut t);
        self.defend(&mut t); // 6–8
        t.out
    }
}

/// `trials` simulated attacks of scenario `s` (its edition, policy and objective), from `seed`.
///
/// Under [`Policy::Optimal`](crate::policy::Policy::Optimal) every die is still rolled: the optimal policy only chooses which
/// dice each reroll token picks up (and Marksman's split), as [`OptimalPolicy`] decides.
///
/// Reports `wounds`, `attack_results`, `attacker_wounds` and, with a guardian,
/// `guardian_wounds`. Refuses what the exact engine refuses for the rules' sake (a guardian in
/// melee, a melee attack on Immune: Melee, a missing defense die or dice); its size limits,
/// which exist to keep exact answers prompt, are not applied.
///
/// ```
/// use holodice_engine::legion::Scenario;
/// use holodice_engine::sim::simulate_legion;
/// let s = Scenario::parse("1 red, surge hit", "white defense", None).unwrap();
/// let r = simulate_legion(&s, 10_000, 1).unwrap();
/// assert!((r.mean("attack_results").unwrap() - 0.875).abs() < 0.02);
/// ```
pub fn simulate_legion(s: &Scenario, trials: u64, seed: u64) -> Result<Samples, Error> {
    simulate_legion_with(s, trials, seed, default_workers())
}

/// [`simulate_legion`] on a given number of worker threads (the result does not depend on it).
pub(crate) fn simulate_legion_with(
    s: &Scenario,
    trials: u64,
    seed: u64,
    workers: usize,
) -> Result<Samples, Error> {
    if let Some(t) = &s.on_table {
        return Err(Error::input(Message::flag(t.resumes.input()).text(
            ": the simulator rolls every die itself; ask `legion attack` for an attack from \
             results on the table",
        )));
    }
    let play = Play::of(s)?;
    let sim = Sim::new(s.clone())?;
    let guarded = s.guardian.is_some();
    let wounds = Vocabulary::legion().damage.as_str();
    let keys: &[&str] = if guarded {
        &[
            wounds,
            "attack_results",
            "attacker_wounds",
            "guardian_wounds",
        ]
    } else {
        &[wounds, "attack_results", "attacker_wounds"]
    };
    let sim = &sim;
    Ok(run(keys, trials, seed, workers, || {
        let mut table = Table::default();
        // The decisions are memoised, and not shared between threads: one set per chunk.
        let optimal = match &play {
            Play::Greedy => None,
            Play::Optimal(goal) => Some(OptimalPolicy::new(s, goal.clone())),
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
        let optimal = Scenario {
            policy: crate::policy::Policy::Optimal,
            ..s.clone()
        };
        let other = simulate_legion_with(&optimal, trials, 5, 1).unwrap();
        assert_eq!(other, simulate_legion_with(&optimal, trials, 5, 2).unwrap());
        let one = simulate_legion_with(&s, trials, 5, 1).unwrap();
        assert_eq!(one, simulate_legion_with(&s, trials, 5, 2).unwrap());
        assert_eq!(one, simulate_legion(&s, trials, 5).unwrap());
        assert_ne!(one, simulate_legion(&s, trials, 6).unwrap());
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
}
