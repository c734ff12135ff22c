//! Several Legion attacks on one unit, simulated trial by trial (docs/legion.md, "Sequences"):
//! each trial walks the attacks in order, each rolled die by die by [`Sim::trial`] on the unit
//! as the attacks before it left it, and then carries what that attack did: the wounds (to the
//! wounded mini first; the minis it has left, which Spray counts, and the wound tokens on its
//! current mini, which Vaapad Mastery reads), its suppression tokens, the dodge, shield and
//! surge tokens it spent (Nimble gives a dodge back), and its guardian's wounds (wiped, it
//! guards no more) and the dodge and surge tokens the guardian spent.
//!
//! Each state of the unit an attack meets is declared once per chunk of trials ([`Sim::new`]),
//! and kept: later trials that meet it again roll at once.

use super::declare::Sim;
use super::{Outcome, Table};
use crate::error::{Error, Input, Message};
use crate::legion::cards::Cards;
use crate::legion::sequence::{SuppressionGained, MAX_ATTACKS};
use crate::legion::{Edition, Scenario};
use crate::policy::Policy;
use crate::sim::{default_workers, run, Samples};
use crate::vocabulary::Vocabulary;
use rand::rngs::ChaCha8Rng;
use rustc_hash::FxHashMap as HashMap;
use std::collections::hash_map::Entry;
use std::sync::Mutex;

/// A sequence of Legion attacks on one unit, read and checked, ready to simulate.
pub struct SequenceSimulation<'a> {
    defender: &'a str,
    guardian: Option<&'a str>,
    cards: &'a Cards,
    edition: Edition,
    gained: SuppressionGained,
    /// Each different attacker SPEC, and its attack on the unit as it starts.
    specs: Vec<(&'a str, Scenario)>,
    /// For each attack in order, its SPEC's index in `specs`.
    kinds: Vec<usize>,
    /// The unit before any attack.
    start: Unit,
    /// Wounds per mini, minis and wound tokens at the start, when its wounds are known.
    size: Option<(u32, u32, u32)>,
    /// The wounds that wipe the guardian, when one is given and its wounds are known, with its
    /// wounds per mini and wound tokens at the start.
    guardian_size: Option<(u32, u32, u32)>,
    /// The defender has Vaapad Mastery: the wound tokens on its current mini change an attack.
    vaapad: bool,
    /// A guardian guards some attack.
    guarded: bool,
    courage: Option<u32>,
    keys: Vec<String>,
}

/// The unit between two attacks: the wounds it has taken, its suppression tokens (those it
/// started with included), its dodge, shield and surge tokens; its guardian's wounds, dodge and
/// surge tokens.
#[derive(Debug, Clone, Copy, Default)]
struct Unit {
    wounds: u32,
    suppression: u32,
    dodge: u32,
    shields: u32,
    surges: u32,
    guardian: [u32; 3],
}

/// What of the unit one attack meets: its SPEC, the minis the unit has lost, the wound tokens on
/// its current mini (with Vaapad Mastery, else 0), its suppression and tokens, and its
/// guardian's dodge and surge tokens (`None` without a guardian, or once it is wiped).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
struct Key {
    kind: usize,
    minis_lost: u32,
    wound_tokens: u32,
    suppression: u32,
    tokens: [u32; 3],
    guardian: Option<[u32; 2]>,
}

/// What one chunk of trials keeps: each state's attack declared, each SPEC read on the unit
/// with fewer minis (Spray), and the dice on the table.
#[derive(Default)]
struct Kept {
    sims: HashMap<Key, Sim>,
    read: HashMap<(usize, u32), Scenario>,
    table: Table,
}

impl<'a> SequenceSimulation<'a> {
    /// The attacks `attacks` (attacker SPECs, in order) on the unit `defender`, guarded by
    /// `guardian` against the ranged ones, their `@Name` items naming `cards`, under `choices`'
    /// edition; a ranged attack gives its suppression token as `gained` says.
    ///
    /// Refuses what a single attack's simulation refuses (led by the attack's place), a guardian
    /// among melee and overrun attacks only, and the optimal policy: the simulator of sequences
    /// plays greedy.
    pub fn new(
        attacks: &'a [&'a str],
        defender: &'a str,
        guardian: Option<&'a str>,
        cards: &'a Cards,
        choices: &Scenario,
        gained: SuppressionGained,
    ) -> Result<SequenceSimulation<'a>, Error> {
        if attacks.is_empty() || attacks.len() > MAX_ATTACKS {
            return Err(Error::too_large(Message::about(Input::Attack).text(
                format!(
                    "a sequence makes 1 to {MAX_ATTACKS} attacks, not {}",
                    attacks.len()
                ),
            )));
        }
        SequenceSimulation::check_policy(choices.policy)?;
        let mut sim = SequenceSimulation {
            defender,
            guardian,
            cards,
            edition: choices.edition,
            gained,
            specs: Vec::new(),
            kinds: Vec::with_capacity(attacks.len()),
            start: Unit::default(),
            size: None,
            guardian_size: None,
            vaapad: false,
            guarded: false,
            courage: None,
            keys: Vec::new(),
        };
        for (i, &spec) in attacks.iter().enumerate() {
            let kind = match sim.specs.iter().position(|(s, _)| *s == spec) {
                Some(kind) => kind,
                None => {
                    let s = sim.read(spec, defender).map_err(|e| e.within(&place(i)))?;
                    Sim::new(s.clone()).map_err(|e| e.within(&place(i)))?;
                    sim.specs.push((spec, s));
                    sim.specs.len() - 1
                }
            };
            sim.kinds.push(kind);
        }
        sim.settle()?;
        Ok(sim)
    }

    /// Refuses the optimal policy, whose choices across attacks the simulator of sequences does
    /// not make: it plays greedy.
    pub fn check_policy(policy: Policy) -> Result<(), Error> {
        match policy {
            Policy::Greedy => Ok(()),
            Policy::Optimal => Err(Error::input(
                Message::flag(Input::Policy)
                    .text(" optimal: the simulator of sequences plays greedy; drop ")
                    .name(Input::Policy)
                    .text(" optimal"),
            )),
        }
    }

    /// The unit and its guardian as they start, and the variables reported.
    fn settle(&mut self) -> Result<(), Error> {
        let d = &self.specs[0].1.defender;
        let g = self.specs.iter().find_map(|(_, s)| s.guardian.as_ref());
        if self.guardian.is_some() && g.is_none() {
            return Err(Error::illegal(
                Message::about(Input::Guardian)
                    .text(
                        "a guardian guards only ranged attacks, and every attack here is melee \
                         or overrun: remove ",
                    )
                    .name(Input::Guardian),
            ));
        }
        self.start = Unit {
            dodge: d.dodge,
            shields: d.shielded,
            surges: d.surge_tokens,
            suppression: d.suppression,
            guardian: g.map_or([0; 3], |g| [0, g.dodge, g.surge_tokens]),
            wounds: 0,
        };
        self.size = d.wounds.map(|w| (w, d.minis.unwrap_or(1), d.wounded));
        self.guardian_size = g.and_then(|g| Some((g.wounds?, g.minis.unwrap_or(1), g.wounded)));
        self.vaapad = d.vaapad;
        self.guarded = g.is_some();
        self.courage = d.courage;
        self.keys = self.variables();
        Ok(())
    }

    /// The variables reported, in order, with the exact sequence's keys.
    fn variables(&self) -> Vec<String> {
        let v = Vocabulary::legion();
        let mut keys = vec![v.damage.as_str()];
        if self.size.is_some() {
            keys.extend(["minis_defeated", v.destroyed.as_str()]);
        }
        if self.guarded {
            keys.push("guardian_wounds");
        }
        if self.guardian_size.is_some() {
            keys.extend(["guardian_minis_defeated", "guardian_wiped"]);
        }
        keys.extend(["suppression", "suppressed", "panicked"]);
        if self.size.is_some() {
            keys.push("attacks_needed");
        }
        let mut keys: Vec<String> = keys.into_iter().map(String::from).collect();
        keys.extend((1..=self.kinds.len()).map(|n| format!("attacks.{n}.wounds")));
        keys
    }

    /// The reported variables' keys, in order: `wounds`; with the unit's wounds per mini known
    /// `minis_defeated` and `wiped` (0/1); with a guardian `guardian_wounds` (and with its
    /// wounds known `guardian_minis_defeated`, `guardian_wiped`); `suppression` (at the end,
    /// those it started with included), `suppressed` and `panicked` (0/1, never for a unit
    /// without courage); with the wounds known `attacks_needed`, the attack that wipes the unit
    /// (1 to the attacks made; one more than the attacks made when it survives them all); and
    /// `attacks.N.wounds` for each attack N from 1.
    pub fn keys(&self) -> Vec<&str> {
        self.keys.iter().map(String::as_str).collect()
    }

    /// About the most dice one trial rolls: each attack's pool, its rerolls, and up to two
    /// dice per result (cover or a guardian's, then defense) with a reroll of the defense dice.
    pub fn most_dice(&self) -> i64 {
        let dice = |s: &Scenario| {
            let a = &s.attacker;
            let pool = i64::from(a.dice.iter().sum::<u32>());
            let rerolls = i64::from(a.aim) * (2 + i64::from(a.precise)) + i64::from(a.observation);
            pool * 4 + rerolls
        };
        (self.kinds.iter())
            .map(|&k| dice(&self.specs[k].1))
            .fold(0, i64::saturating_add)
    }

    /// `trials` trials from `seed`, on every available core (the result does not depend on it).
    pub fn run(&self, trials: u64, seed: u64) -> Result<Samples, Error> {
        self.run_with(trials, seed, default_workers())
    }

    /// [`SequenceSimulation::run`] on a given number of worker threads.
    pub fn run_with(&self, trials: u64, seed: u64, workers: usize) -> Result<Samples, Error> {
        let failed: Mutex<Option<Error>> = Mutex::new(None);
        let samples = run(&self.keys(), trials, seed, workers, || {
            let mut kept = Kept::default();
            let failed = &failed;
            move |rng: &mut ChaCha8Rng, out: &mut [i64]| {
                if let Err(e) = self.trial(&mut kept, rng, out) {
                    if let Ok(mut f) = failed.lock() {
                        f.get_or_insert(e);
                    }
                }
            }
        });
        match failed.into_inner().ok().flatten() {
            Some(e) => Err(e),
            None => Ok(samples),
        }
    }

    /// One trial: the attacks in order on the unit (none once it is wiped), then what is
    /// reported of it.
    fn trial(&self, kept: &mut Kept, rng: &mut ChaCha8Rng, out: &mut [i64]) -> Result<(), Error> {
        let mut unit = self.start;
        let mut needed = None;
        let first = self.keys.len() - self.kinds.len();
        for (i, &kind) in self.kinds.iter().enumerate() {
            let mut dealt = 0;
            if !self.wiped(&unit) {
                let key = self.key(kind, &unit);
                let sim = match kept.sims.entry(key) {
                    Entry::Occupied(e) => e.into_mut(),
                    Entry::Vacant(e) => e.insert(self.declare(key, &mut kept.read)?),
                };
                let o = sim.trial(rng, &mut kept.table, None);
                dealt = self.carry(&mut unit, sim, &o);
            }
            out[first + i] = i64::from(dealt);
            if needed.is_none() && self.wiped(&unit) {
                needed = Some(i + 1);
            }
        }
        let needed = needed.unwrap_or(self.kinds.len() + 1);
        self.record(&unit, needed, out);
        Ok(())
    }

    /// The unit after an attack `sim` made on it with outcome `o`; the wounds it took.
    fn carry(&self, unit: &mut Unit, sim: &Sim, o: &Outcome) -> u32 {
        let dealt = match self.capacity() {
            Some(cap) => o.wounds.min(cap - unit.wounds),
            None => o.wounds,
        };
        unit.wounds += dealt;
        let ranged = sim.ranged;
        let hit = self.gained == SuppressionGained::Always || o.attack_results > 0;
        let suppressive = sim.s.attacker.suppressive;
        unit.suppression += u32::from(ranged && hit) + u32::from(ranged && suppressive);
        let nimble = sim.s.defender.nimble && o.dodges > 0;
        unit.dodge = unit.dodge.saturating_sub(o.dodges) + u32::from(nimble);
        unit.shields = unit.shields.saturating_sub(o.shields);
        unit.surges = unit.surges.saturating_sub(o.surges);
        let [wounds, dodge, surges] = unit.guardian;
        let left = self
            .guardian_capacity()
            .map_or(u32::MAX, |cap| cap - wounds);
        unit.guardian = [
            wounds + o.guardian_wounds.min(left),
            dodge.saturating_sub(o.guardian_dodges),
            surges.saturating_sub(o.guardian_surges),
        ];
        dealt
    }

    /// Writes the unit's variables (all but the attacks', which come last).
    fn record(&self, unit: &Unit, needed: usize, out: &mut [i64]) {
        let suppressed = |times: u32| {
            (self.courage).is_some_and(|c| unit.suppression >= c.saturating_mul(times))
        };
        let mut values = vec![unit.wounds];
        if let Some((per_mini, _, tokens)) = self.size {
            let defeated = (unit.wounds + tokens).checked_div(per_mini).unwrap_or(0);
            values.extend([defeated, u32::from(self.wiped(unit))]);
        }
        let [guardian_wounds, ..] = unit.guardian;
        if self.guarded {
            values.push(guardian_wounds);
        }
        if let Some((per_mini, _, tokens)) = self.guardian_size {
            let wiped = self.guardian_wiped(unit);
            let defeated = (guardian_wounds + tokens)
                .checked_div(per_mini)
                .unwrap_or(0);
            values.extend([defeated, u32::from(wiped)]);
        }
        values.extend([unit.suppression, u32::from(suppressed(1))]);
        values.push(u32::from(suppressed(2)));
        if self.size.is_some() {
            values.push(u32::try_from(needed).unwrap_or(u32::MAX));
        }
        for (slot, v) in out.iter_mut().zip(values) {
            *slot = i64::from(v);
        }
    }

    /// The wounds that wipe the unit, when its wounds per mini are known.
    fn capacity(&self) -> Option<u32> {
        let (per_mini, minis, tokens) = self.size?;
        Some((per_mini * minis).saturating_sub(tokens))
    }

    fn guardian_capacity(&self) -> Option<u32> {
        let (per_mini, minis, tokens) = self.guardian_size?;
        Some((per_mini * minis).saturating_sub(tokens))
    }

    fn wiped(&self, unit: &Unit) -> bool {
        self.capacity().is_some_and(|cap| unit.wounds >= cap)
    }

    fn guardian_wiped(&self, unit: &Unit) -> bool {
        (self.guardian_capacity()).is_some_and(|cap| unit.guardian[0] >= cap)
    }

    /// What an attack of SPEC `kind` meets of `unit`.
    fn key(&self, kind: usize, unit: &Unit) -> Key {
        let (minis_lost, wound_tokens) = match self.size {
            Some((per_mini, _, tokens)) => {
                let taken = unit.wounds + tokens;
                let lost = taken.checked_div(per_mini).unwrap_or(0);
                (lost, taken.checked_rem(per_mini).unwrap_or(0))
            }
            None => (0, 0),
        };
        let [_, dodge, surges] = unit.guardian;
        let guarded = self.guarded && !self.guardian_wiped(unit);
        Key {
            kind,
            minis_lost,
            wound_tokens: if self.vaapad { wound_tokens } else { 0 },
            suppression: unit.suppression,
            tokens: [unit.dodge, unit.shields, unit.surges],
            guardian: guarded.then_some([dodge, surges]),
        }
    }

    /// The attack of `key`'s SPEC on the unit as `key` finds it: the SPEC read again on the
    /// minis it has left (so that Spray counts them), its tokens and its guardian's.
    fn declare(&self, key: Key, read: &mut HashMap<(usize, u32), Scenario>) -> Result<Sim, Error> {
        let (spec, first) = &self.specs[key.kind];
        let mut s = match self.size {
            Some((_, minis, _)) if key.minis_lost > 0 => {
                let left = minis - key.minis_lost;
                match read.entry((key.kind, left)) {
                    Entry::Occupied(e) => e.get().clone(),
                    Entry::Vacant(e) => {
                        let defender = format!("{}, minis {left}, wounded 0", self.defender);
                        e.insert(self.read(spec, &defender)?).clone()
                    }
                }
            }
            _ => first.clone(),
        };
        let d = &mut s.defender;
        if self.vaapad {
            d.wounded = key.wound_tokens;
        }
        d.suppression = key.suppression;
        [d.dodge, d.shielded, d.surge_tokens] = key.tokens;
        match key.guardian {
            Some([dodge, surges]) => {
                if let Some(g) = s.guardian.as_mut() {
                    (g.dodge, g.surge_tokens) = (dodge, surges);
                }
            }
            None => s.guardian = None,
        }
        Sim::new(s)
    }

    /// Attack `spec` on `defender`, guarded only when it is ranged, under the edition.
    fn read(&self, spec: &str, defender: &str) -> Result<Scenario, Error> {
        let mut s = Scenario::parse_with(spec, defender, self.guardian, self.cards)?;
        if s.attacker.melee || s.attacker.overrun {
            s.guardian = None;
        }
        s.edition = self.edition;
        Ok(s)
    }
}

/// Where in the sequence attack `i` (from 0) is.
fn place(i: usize) -> String {
    format!("attack {}", i + 1)
}
