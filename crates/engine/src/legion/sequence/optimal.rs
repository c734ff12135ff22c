//! A sequence's optimal policy: each attack's choices (rerolls, Marksman's and Jar'Kai's tokens,
//! Makashi Mastery, Sniper Team) made for the objective of the whole sequence, by backward
//! induction. The last attack maximises the objective of the unit it leaves; each attack
//! before it, the value the attacks after it make of the unit it leaves: its wounds, its
//! suppression, the tokens it and its guardian have left. The values are computed, from the
//! last attack back, for every state the unit may be in when each attack comes (a grid bounded
//! by what the attacks before can do); then the sequence is carried forward exactly with the
//! choices they made.

use super::step::{Carried, Gives, Step};
use super::{in_attack, Planner, SuppressionGained};
use crate::error::{Error, Input, Message};
use crate::legion::attack::{cost, Play};
use crate::legion::optimal::{Goal, Scored, Worth};
use crate::policy::Objective;
use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;

/// The objective of a whole sequence, with the unit's wounds that wipe it.
#[derive(Debug, Clone, Copy)]
pub(super) struct Aim {
    objective: Objective,
    capacity: Option<u32>,
    /// Until wiped, of this many attacks: `wipe` is then the fewest attacks, the chance the
    /// unit is wiped by each attack summed (the chance to wipe it within the cap is all but
    /// certain, and would leave nothing to choose).
    soonest: Option<usize>,
}

impl Aim {
    /// `wipe` (the scenario's `Destroy`) needs the unit's wounds per mini; until wiped, it is
    /// the only objective.
    pub fn of(
        objective: Objective,
        capacity: Option<u32>,
        soonest: Option<usize>,
    ) -> Result<Aim, Error> {
        if objective == Objective::Destroy && capacity.is_none() {
            return Err(Error::input(Message::flag(Input::Objective).text(
                " wipe: the defender's wounds per mini are not known, so it is never wiped: \
                 name its card, or give 'wounds N' (and 'minis N'), or use 'mean' or 'atleast:K'",
            )));
        }
        if soonest.is_some() && objective != Objective::Destroy {
            return Err(Error::input(
                Message::flag(Input::Objective)
                    .text(format!(" {}: ", objective.name()))
                    .name(Input::UntilWiped)
                    .text(" under the optimal policy plays for the fewest attacks: give ")
                    .name(Input::Objective)
                    .text(" wipe"),
            ));
        }
        Ok(Aim {
            objective,
            capacity,
            soonest,
        })
    }

    /// The objective's value of the unit `c` when attack `level` comes (`level` past the last
    /// once the sequence ends), when no attack can change it any more: the objective as it
    /// stands; until wiped, a wiped unit counts once for each attack it is wiped by, from the
    /// one before `level` to the last.
    fn decided_value(self, level: usize, c: &Carried) -> f64 {
        match self.soonest {
            Some(n) if self.wiped(c) => (n + 1).saturating_sub(level) as f64,
            _ => self.terminal(c.wounds),
        }
    }

    /// The objective's value of a unit that has taken `wounds` when the sequence ends.
    fn terminal(self, wounds: u32) -> f64 {
        match self.objective {
            Objective::Mean => f64::from(wounds),
            Objective::AtLeast(k) => f64::from(u8::from(i64::from(wounds) >= k)),
            Objective::Destroy => f64::from(u8::from(self.capacity.is_some_and(|c| wounds >= c))),
        }
    }

    fn wiped(self, c: &Carried) -> bool {
        self.capacity.is_some_and(|cap| c.wounds >= cap)
    }

    /// Whether no attack can change the objective's value any more (the unit is wiped, or has
    /// taken the K wounds asked).
    fn decided(self, c: &Carried) -> bool {
        self.wiped(c) || matches!(self.objective, Objective::AtLeast(k) if i64::from(c.wounds) >= k)
    }

    /// Whether the value is the wounds taken plus what the attacks to come add, whatever the
    /// wounds (mean wounds, with no wipe to stop them): then the states drop their wounds.
    fn additive(self) -> bool {
        self.objective == Objective::Mean && self.capacity.is_none()
    }
}

/// The attacks' steps as the optimal policy chose them, by attack and the unit's state (as
/// [`Plan::normal`] writes it); a decided state has none (any choice does).
pub(super) struct Plan {
    steps: BTreeMap<(usize, Carried), Step>,
    aim: Aim,
    /// The suppression tokens (beyond those it started with) past which no attack meets the
    /// unit differently.
    suppression: u32,
    guardian_capacity: Option<u32>,
}

impl Plan {
    /// The step attack `i` takes on the unit `c`; `None` once its objective is decided.
    pub fn step(&self, i: usize, c: &Carried) -> Option<&Step> {
        self.steps.get(&(i, self.normal(c)))
    }

    /// What the plan says of itself, and its attacks' notes.
    pub fn notes(&self) -> Vec<Message> {
        let objective = match self.aim.objective {
            Objective::Mean => "the mean wounds".to_string(),
            Objective::AtLeast(k) => format!("the chance of at least {k} wounds"),
            Objective::Destroy if self.aim.soonest.is_some() => {
                "the fewest attacks to wipe the unit (the chances it is wiped by each attack, \
                 summed)"
                    .to_string()
            }
            Objective::Destroy => "the chance to wipe the unit".to_string(),
        };
        let mut notes = vec![Message::from(format!(
            "optimal: each attack's choices are made for the whole sequence, {objective} after \
             the last attack (backward induction over {} states of the unit)",
            self.steps.len()
        ))];
        notes.extend(self.steps.values().flat_map(|s| s.notes.iter().cloned()));
        notes
    }

    /// `c` as the values read it: wounds past those that change the value alike (none kept when
    /// the value is additive), suppression past what changes an attack alike, a guardian's
    /// wounds only when they can wipe it.
    fn normal(&self, c: &Carried) -> Carried {
        let wounds = match (self.aim.additive(), self.aim.objective, self.aim.capacity) {
            (true, ..) => 0,
            (false, Objective::AtLeast(k), cap) => {
                let k = u32::try_from(k.max(0)).unwrap_or(u32::MAX);
                c.wounds.min(cap.map_or(k, |cap| cap.min(k)))
            }
            (false, _, cap) => c.wounds.min(cap.unwrap_or(0)),
        };
        let [gw, gd, gs] = c.guardian;
        Carried {
            wounds,
            suppression: c.suppression.min(self.suppression),
            guardian: [self.guardian_capacity.map_or(0, |cap| gw.min(cap)), gd, gs],
            ..*c
        }
    }
}

/// The values of the unit's states before one attack (as [`Plan::normal`] writes them), and
/// what reads them: the value of a unit the attack before leaves.
#[derive(Clone)]
struct Values {
    /// The attack they come before (past the last: the values of the sequence's end).
    level: usize,
    by_state: Option<Arc<HashMap<Carried, f64>>>,
    plan: Arc<Plan>,
}

impl Values {
    /// The value of the unit `c` when the next attack comes (the objective itself after the
    /// last attack, or once it is decided).
    fn of(&self, c: &Carried) -> f64 {
        let aim = self.plan.aim;
        let Some(by_state) = self.by_state.as_ref().filter(|_| !aim.decided(c)) else {
            return aim.decided_value(self.level, c);
        };
        let offset = if aim.additive() {
            f64::from(c.wounds)
        } else {
            0.0
        };
        // Every state an attack can leave is in the grid; were one not, its value is the
        // objective's as it stands.
        let rest = by_state.get(&self.plan.normal(c)).copied();
        offset + rest.unwrap_or_else(|| aim.terminal(c.wounds) - offset)
    }
}

impl Planner<'_> {
    /// The optimal policy's steps for the whole sequence, from the last attack back.
    pub(super) fn plan(&self, gained: SuppressionGained) -> Result<Plan, Error> {
        let carry = self.carry();
        let mut steps = BTreeMap::new();
        let mut next = Values {
            level: self.first.len(),
            by_state: None,
            plan: Arc::new(self.empty_plan()?),
        };
        for i in (0..self.first.len()).rev() {
            let gives = Gives::of(&self.first[i], gained);
            let mut by_state = HashMap::new();
            for c in self.grid(i, &next.plan) {
                let after = next.clone();
                let worth = move |o: &Scored| after.of(&carry.after(&c, o, gives));
                let play = Play::Optimal(Goal::Worth(Worth(Arc::new(worth))));
                let s = self.scenario(i, c)?;
                let step = Step::of(&s, gives, &play).map_err(|e| in_attack(e, i))?;
                by_state.insert(c, step.value);
                steps.insert((i, c), step);
            }
            next.by_state = Some(Arc::new(by_state));
            next.level = i;
        }
        Ok(Plan {
            steps,
            ..self.empty_plan()?
        })
    }

    /// A plan of no steps yet: how it reads the unit's states.
    fn empty_plan(&self) -> Result<Plan, Error> {
        Ok(Plan {
            steps: BTreeMap::new(),
            aim: Aim::of(self.choices.objective, self.capacity(), self.soonest)?,
            suppression: self
                .bound
                .saturating_sub(self.first[0].defender.suppression),
            guardian_capacity: self.guardian_capacity,
        })
    }

    /// The states the unit may be in when attack `i` comes whose value is not yet decided, as
    /// `plan` writes them: the first attack finds it as it starts; a later one, with up to the
    /// wounds the attacks before can deal, 2 suppression tokens each (to what changes an
    /// attack), any tokens it and its guardian held, its guardian's wounds up to its X each.
    fn grid(&self, i: usize, plan: &Plan) -> Vec<Carried> {
        if i == 0 {
            let start = plan.normal(&self.start());
            return (!plan.aim.decided(&start))
                .then_some(start)
                .into_iter()
                .collect();
        }
        let [wounds, suppression, dodge, shields, surges, gw, gd, gs] = self.ranges(i, plan);
        let mut grid = Vec::new();
        for w in 0..=wounds {
            for s in 0..=suppression {
                for d in 0..=dodge {
                    for sh in 0..=shields {
                        for su in 0..=surges {
                            for g in 0..=gw {
                                for gd in 0..=gd {
                                    for gs in 0..=gs {
                                        grid.push(Carried {
                                            wounds: w,
                                            suppression: s,
                                            dodge: d,
                                            shields: sh,
                                            surges: su,
                                            guardian: [g, gd, gs],
                                        });
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        grid.retain(|c| !plan.aim.decided(c) && plan.normal(c) == *c);
        grid
    }

    /// The most of each part of the unit's state before attack `i` (its wounds, suppression,
    /// dodge, shield and surge tokens, its guardian's wounds, dodge and surge tokens).
    fn ranges(&self, i: usize, plan: &Plan) -> [u32; 8] {
        let dealt: u32 = (self.first[..i].iter())
            .map(|s| s.attacker.dice.iter().sum::<u32>())
            .sum();
        let wounds = plan.normal(&Carried {
            wounds: dealt,
            suppression: 2 * i as u32,
            ..self.start()
        });
        let start = self.start();
        let guarded =
            (self.guardian_unit.as_ref()).map_or(0, |g| g.guardian.saturating_mul(i as u32));
        let gw = self.guardian_capacity.map_or(0, |cap| cap.min(guarded));
        [
            wounds.wounds,
            wounds.suppression,
            start.dodge,
            start.shields,
            start.surges,
            gw,
            start.guardian[1],
            start.guardian[2],
        ]
    }

    /// The work of [`Planner::plan`]: each attack's estimate (as the optimal policy's) times the
    /// states of its grid, twice over: a goal that reads every outcome's tokens merges fewer
    /// states and weighs each by a lookup (measured: about 1.8 times the estimate).
    pub(super) fn plan_work(&self) -> Result<u64, Error> {
        let plan = self.empty_plan()?;
        let mut work = 0u64;
        for (i, s) in self.first.iter().enumerate() {
            let each = cost(s).map_err(|e| in_attack(e, i))?;
            let states = match i {
                0 => 1,
                _ => (self.ranges(i, &plan).iter())
                    .fold(1u64, |n, &r| n.saturating_mul(u64::from(r) + 1)),
            };
            work = work.saturating_add(each.saturating_mul(states).saturating_mul(2));
        }
        Ok(work)
    }
}
