//! One Legion attack, in the order of the attack sequence (docs/legion.md), as steps over a
//! distribution of count states.
//!
//! While colour matters (the rerolls), the state holds blanks and surges per colour; dice showing
//! a hit or a crit are never rerolled, so they are only counted (a die of colour c that is
//! neither blank nor surge), and split into hits and crits once the rerolls are over. After
//! that the state is a handful of totals, and equal states merge at every step.

use super::dice::{attack_dice, defense_die};
use super::minis::{losses, Losses};
use super::optimal::{Choice, Dice, Objective, Planner};
use super::spec::{AttackSurge, Attacker, Defender, Scenario};
use crate::dist::{to_f64, Dist};
use crate::error::Error;
use crate::states::{Memo, Rolls, States};
use std::rc::Rc;

/// The most attack dice one attack may roll.
pub const MAX_DICE: u32 = 30;

/// The most reroll tokens (aim and observation) one attack may spend.
pub const MAX_TOKENS: u32 = 6;

/// The most defense dice one roll may have (results plus Danger Sense and Impervious dice).
pub const MAX_DEFENSE_DICE: u32 = 40;

/// Rerolls track each colour's blanks (and surges, without a surge chart): the number of such
/// states times the tokens spent may not exceed this, which keeps an answer near a second.
pub const MAX_REROLL_WORK: u64 = 150_000;

/// The optimal policy weighs, for every state of the dice, every way a token can pick up to its
/// capacity (2 + Precise for an aim) of them, over every outcome of the reroll: the states times
/// those ways and outcomes may not exceed this, which keeps an answer near a second.
pub const MAX_OPTIMAL_WORK: u64 = 100_000_000;

/// An upper bound of the optimal policy's work: states of the dice × tokens × the ways a token
/// of the largest capacity picks dice, each weighted by the outcomes of rerolling them.
fn optimal_work(a: &Attacker) -> (u64, u32) {
    let per_colour = |n: u64| (n + 1) * (n + 2) * (n + 3) / 6;
    // Per colour, picking n dice: the splits among blanks, surges and hits × their outcomes.
    let pick = |n: u64| if n == 0 { 1 } else { (n + 1) * per_colour(n) };
    let capacity = if a.aim > 0 { 2 + a.precise } else { 1 };
    let [r, b, w] = a.dice.map(u64::from);
    let mut per_state: u64 = 0;
    for x in 0..=r {
        for y in 0..=b {
            for z in 0..=w {
                if (1..=u64::from(capacity)).contains(&(x + y + z)) {
                    per_state = per_state.saturating_add(pick(x) * pick(y) * pick(z));
                }
            }
        }
    }
    let states = per_colour(r) * per_colour(b) * per_colour(w);
    let tokens = u64::from(a.aim + a.observation) + 1;
    (
        states.saturating_mul(tokens).saturating_mul(per_state),
        capacity,
    )
}

/// Which printing of the rules to follow.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Edition {
    /// Core Rulebook 2.6 and later: cover is rolled with white defense dice.
    #[default]
    Amg2024,
    /// Before 2.6: cover cancels hits outright; any suppression token improves it.
    Amg2021,
}

impl Edition {
    /// Every edition with its command-line name.
    pub const ALL: [(Edition, &'static str); 2] = [
        (Edition::Amg2024, "amg-2024"),
        (Edition::Amg2021, "amg-2021"),
    ];

    /// The command-line name.
    pub fn name(self) -> &'static str {
        Edition::ALL
            .iter()
            .find(|(e, _)| *e == self)
            .map(|(_, n)| *n)
            .expect("every edition is listed")
    }
}

/// Who decides the "may"s, and how.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Policy {
    /// The fixed choices of docs/legion.md: what players do.
    #[default]
    Greedy,
    /// Expectimax rerolls for an objective (src/legion/optimal.rs).
    Optimal(Objective),
}

impl Policy {
    /// The name shown with every result: `greedy`, or `optimal (mean)`, `optimal (atleast:2)`.
    pub fn name(self) -> String {
        match self {
            Policy::Greedy => "greedy".into(),
            Policy::Optimal(o) => format!("optimal ({})", o.name()),
        }
    }
}

/// The exact outcome of one attack.
#[derive(Debug, Clone)]
pub struct LegionAttack {
    /// Hits plus crits after the attack roll, rerolls and surge conversion.
    pub attack_results: Dist,
    /// Wounds on the defender.
    pub wounds: Dist,
    /// Wounds on the attacker (Deflect).
    pub attacker_wounds: Dist,
    /// Wounds on the guardian, when one is given.
    pub guardian_wounds: Option<Dist>,
    /// Minis the defender loses and the chance it is wiped, when its wounds per mini are known.
    pub losses: Option<Losses>,
    /// The same for the guardian.
    pub guardian_losses: Option<Losses>,
    /// What the computation assumed or ignored.
    pub notes: Vec<String>,
}

/// While rerolling: blanks and surges per colour, and aim tokens left.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
struct Pool {
    blank: [u32; 3],
    surge: [u32; 3],
    aims: u32,
}

/// After the rerolls: kept dice per colour still to split into hits and crits.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
struct Rolled {
    kept: [u32; 3],
    hits: u32,
    crits: u32,
    surges: u32,
    aims: u32,
}

/// After converting surges, colour no longer matters.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
struct Results {
    results: u32,
    hits: u32,
    crits: u32,
    aims: u32,
    dodged: bool,
}

/// From modifying attack dice on.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
struct Defending {
    results: u32,
    hits: u32,
    crits: u32,
    pierce: u32,
    /// Pierce before any was spent: Impervious adds that many defense dice.
    pierce_total: u32,
    dodged: bool,
    attacker_wounds: u32,
    guardian_wounds: u32,
}

/// What a defense roll depends on: dice for results, extra dice, whether every surge converts,
/// and the Pierce that meets it.
type DefenseKey = (u32, u32, bool, u32);

/// What is reported.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
struct Outcome {
    results: u32,
    wounds: u32,
    attacker_wounds: u32,
    guardian_wounds: u32,
}

/// How much work the attack is, checked against every limit one attack has, without making it:
/// its dice, tokens and defense dice, and the states its rerolls (and the optimal policy's
/// choices) go through. In the units of [`crate::swtcg::attack::cost`] (about 5 million a
/// second), for bounding many attacks at once (a table).
pub fn cost(s: &Scenario, policy: Policy) -> Result<u64, Error> {
    let a = &s.attacker;
    let dice: u32 = a.dice.iter().sum();
    if dice > MAX_DICE {
        return Err(Error::TooLarge(format!(
            "{dice} attack dice is over the limit of {MAX_DICE} for one Legion attack"
        )));
    }
    if a.aim + a.observation > MAX_TOKENS {
        return Err(Error::TooLarge(format!(
            "{} aim and observation tokens is over the limit of {MAX_TOKENS}",
            a.aim + a.observation
        )));
    }
    let d = &s.defender;
    let extra = d.danger_sense.min(d.suppression)
        + if d.impervious {
            a.pierce + a.lethal.min(a.aim) + u32::from(a.duelist)
        } else {
            0
        };
    if dice + extra > MAX_DEFENSE_DICE {
        return Err(Error::TooLarge(format!(
            "up to {} defense dice (a result each, plus Danger Sense and Impervious dice) is over \
             the limit of {MAX_DEFENSE_DICE}",
            dice + extra
        )));
    }
    if a.melee && s.guardian.is_some() {
        return Err(Error::Illegal(
            "Guardian has no effect in melee: it only cancels hits of ranged attacks (remove \
             --guardian, or drop 'melee')"
                .into(),
        ));
    }
    let surge_is = surge_is(a);
    let tokens_spent = u64::from(a.aim + a.observation);
    // A reroll state costs about thirty units of SWTCG's attack work.
    const UNIT: u64 = 30;
    if tokens_spent == 0 {
        return Ok((u64::from(dice + extra) + 1) * UNIT);
    }
    let per_colour = |n: u64| match (policy, surge_is) {
        (Policy::Optimal(_), _) => (n + 1) * (n + 2) * (n + 3) / 6,
        (Policy::Greedy, Some(_)) => n + 1,
        (Policy::Greedy, None) => (n + 1) * (n + 2) / 2,
    };
    let work: u64 = a
        .dice
        .iter()
        .map(|&n| per_colour(u64::from(n)))
        .product::<u64>()
        * (tokens_spent + 1);
    if work > MAX_REROLL_WORK {
        return Err(Error::TooLarge(format!(
            "rerolling this pool takes {work} steps, over the limit of {MAX_REROLL_WORK}: \
             use fewer dice or tokens (a surge chart, or fewer colours, also helps)"
        )));
    }
    if !matches!(policy, Policy::Optimal(_)) {
        return Ok(work * UNIT);
    }
    let (choices, capacity) = optimal_work(a);
    if choices > MAX_OPTIMAL_WORK {
        return Err(Error::TooLarge(format!(
            "the optimal policy weighs {choices} ways to spend this pool's tokens (aims pick up \
             to {capacity} dice: 2 + Precise), over the limit of {MAX_OPTIMAL_WORK}: use a \
             lower Precise, fewer dice or tokens, or --policy greedy"
        )));
    }
    Ok(work.max(choices / 100) * UNIT)
}

/// The exact outcome of one attack.
///
/// ```
/// use holodice::legion::{attack::{attack, Edition, Policy}, spec::Scenario};
/// let s = Scenario::parse("1 red, surge hit", "white defense", None).unwrap();
/// let a = attack(&s, Edition::Amg2024, Policy::Greedy).unwrap();
/// // Crit, surge and 5 hits of 8 faces: 7/8.
/// assert_eq!(a.attack_results.mean().to_string(), "7/8");
/// ```
pub fn attack(s: &Scenario, edition: Edition, policy: Policy) -> Result<LegionAttack, Error> {
    cost(s, policy)?;
    let a = &s.attacker;
    let rolls = Rc::new(Rolls::default());
    let roll = |n: u32, weights: &[u32]| rolls.roll(n, weights);

    // 1–2. Form the pool and roll it. A surge that the chart will turn into a crit (or into a hit,
    //      when Critical X cannot claim it) is as good as that result and is never rerolled, so
    //      it is counted with the hits and crits ("kept" dice); otherwise surges stay apart.
    let surge_is = surge_is(a);
    // Per colour: weights of (blank, surge, kept), and of (crit, hit) among kept dice.
    let weights = weights_of(surge_is);
    let tokens_spent = u64::from(a.aim + a.observation);
    let resolver = Rc::new(Resolver {
        s,
        edition,
        rolls: Rc::clone(&rolls),
        defenses: Memo::default(),
        pierce_guardian_first: policy == Policy::Greedy,
        objective: match policy {
            Policy::Greedy => None,
            Policy::Optimal(o) => Some(o),
        },
    });
    let rolled = if let (Policy::Optimal(objective), true) = (policy, tokens_spent > 0) {
        let terminal = terminal(Rc::clone(&resolver), a, objective);
        Planner::new(a, planner_weights(&weights), Rc::clone(&rolls), terminal)
            .play()
            .map(|d| rolled_of(d, a))
    } else if tokens_spent == 0 {
        // Nothing is rerolled, so colour never matters: count results straight away.
        let mut rolled = States::certain(Rolled {
            kept: [0; 3],
            hits: 0,
            crits: 0,
            surges: 0,
            aims: 0,
        });
        for (c, (w, split)) in weights.iter().enumerate() {
            rolled = rolled.and_then(|r| {
                roll(a.dice[c], &[w[0], w[1], split[0], split[1]]).map(|k| {
                    let mut r = r.clone();
                    r.surges += k[1];
                    r.crits += k[2];
                    r.hits += k[3];
                    r
                })
            });
        }
        rolled
    } else {
        rerolled(a, &weights, &rolls)
    };

    let outcome = resolver.resolve(&rolled);

    let wounds = outcome.to_dist(|o| i64::from(o.wounds));
    let guardian_wounds = s
        .guardian
        .as_ref()
        .map(|_| outcome.to_dist(|o| i64::from(o.guardian_wounds)));
    Ok(LegionAttack {
        attack_results: outcome.to_dist(|o| i64::from(o.results)),
        losses: losses(&wounds, &s.defender),
        guardian_losses: s
            .guardian
            .as_ref()
            .zip(guardian_wounds.as_ref())
            .and_then(|(g, w)| losses(w, g)),
        wounds,
        attacker_wounds: outcome.to_dist(|o| i64::from(o.attacker_wounds)),
        guardian_wounds,
        notes: s.notes.clone(),
    })
}

/// Which result a surge is as good as, when the chart settles it: `Some(true)` a crit (surge
/// crit), `Some(false)` a hit (surge hit without Critical X); `None` when it stays a surge.
fn surge_is(a: &Attacker) -> Option<bool> {
    match a.surge {
        AttackSurge::Crit => Some(true),
        AttackSurge::Hit if a.critical == 0 => Some(false),
        _ => None,
    }
}

/// Per colour: weights of (blank, surge, kept), and of (crit, hit) among kept dice, with settled
/// surges folded into the result they become.
fn weights_of(surge_is: Option<bool>) -> Vec<([u32; 3], [u32; 2])> {
    attack_dice()
        .iter()
        .map(|f| {
            let (crit, hit, surge) = match surge_is {
                Some(true) => (f.crit + f.surge, f.hit, 0),
                Some(false) => (f.crit, f.hit + f.surge, 0),
                None => (f.crit, f.hit, f.surge),
            };
            ([f.blank, surge, crit + hit], [crit, hit])
        })
        .collect()
}

/// The planner's weights per colour: blank, surge, hit, crit.
fn planner_weights(weights: &[([u32; 3], [u32; 2])]) -> [[u32; 4]; 3] {
    [0, 1, 2].map(|c| {
        let (w, split) = weights[c];
        [w[0], w[1], split[1], split[0]]
    })
}

/// The objective's value of a fully known roll once the rerolls are over, memoised.
fn terminal<'a>(
    resolver: Rc<Resolver<'a>>,
    a: &'a Attacker,
    objective: Objective,
) -> Box<dyn Fn(&Dice) -> f64 + 'a> {
    let values: Memo<Rolled, f64> = Memo::default();
    Box::new(move |d: &Dice| {
        *values.get(rolled_of(d, a), |r| {
            let wounds = resolver
                .resolve(&States::certain(r.clone()))
                .to_dist(|o| i64::from(o.wounds));
            to_f64(&objective.value(&wounds))
        })
    })
}

/// The optimal policy's decisions, for play with actual dice (the simulator): which dice each
/// reroll token picks up, and how Marksman splits its aim tokens. The attacker keeps all its
/// Pierce for the defender (a guardian's blocks are not pierced). Decisions are those that
/// [`attack`] takes under [`Policy::Optimal`], memoised.
///
/// ```
/// use holodice::legion::{attack::{Edition, OptimalPolicy}, optimal::Objective, spec::Scenario};
/// let s = Scenario::parse("1 red, aim 1, Pierce 99", "red defense, Armor", None).unwrap();
/// let p = OptimalPolicy::new(&s, Edition::Amg2024, Objective::Mean);
/// // Armor cancels the hit: the aim token rerolls it, fishing for a crit.
/// assert_eq!(p.reroll(0, [[0, 0, 1, 0], [0; 4], [0; 4]], 1), Some([[0, 0, 1], [0; 3], [0; 3]]));
/// // A crit is kept.
/// assert_eq!(p.reroll(0, [[0, 0, 0, 1], [0; 4], [0; 4]], 1), None);
/// ```
pub struct OptimalPolicy<'a> {
    surge_is: Option<bool>,
    resolver: Rc<Resolver<'a>>,
    planner: Planner<'a>,
    /// Keyed by (token, dice before it).
    choices: Memo<(usize, Dice), Option<Choice>>,
    /// Keyed by (hits, crits, aims left).
    splits: Memo<(u32, u32, u32), (u32, u32)>,
}

impl<'a> OptimalPolicy<'a> {
    /// The optimal policy for scenario `s` under `edition`, maximising `objective`.
    pub fn new(s: &'a Scenario, edition: Edition, objective: Objective) -> OptimalPolicy<'a> {
        let a = &s.attacker;
        let rolls = Rc::new(Rolls::default());
        let resolver = Rc::new(Resolver {
            s,
            edition,
            rolls: Rc::clone(&rolls),
            defenses: Memo::default(),
            pierce_guardian_first: false,
            objective: Some(objective),
        });
        let surge_is = surge_is(a);
        let terminal = terminal(Rc::clone(&resolver), a, objective);
        let planner = Planner::new(a, planner_weights(&weights_of(surge_is)), rolls, terminal);
        OptimalPolicy {
            surge_is,
            resolver,
            planner,
            choices: Memo::default(),
            splits: Memo::default(),
        }
    }

    /// How the decisions count a die showing a surge: `Some(true)` as a crit face (surge crit),
    /// `Some(false)` as a hit face (surge hit without Critical X), `None` as a surge face.
    pub fn surge_is(&self) -> Option<bool> {
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
        *self.choices.get((token, Dice { faces, aims }), |(t, d)| {
            self.planner.best(*t, d).1
        })
    }

    /// Marksman's split of the aim tokens left, once surges are converted, given the hits and
    /// crits: how many blanks (or unconverted surges) become hits, and then how many hits become
    /// crits. The tokens not spent are left for Lethal.
    pub fn marksman(&self, hits: u32, crits: u32, aims: u32) -> (u32, u32) {
        *self.splits.get((hits, crits, aims), |_| {
            let r = Results {
                results: hits + crits,
                hits,
                crits,
                aims,
                dodged: false,
            };
            let m = self.resolver.marksman(&r);
            (m.results - r.results, m.crits - r.crits)
        })
    }
}

/// Steps 3 to 8, from the rolled dice to the wounds. Defense rolls are built once per key and
/// shared by every call.
struct Resolver<'a> {
    s: &'a Scenario,
    edition: Edition,
    rolls: Rc<Rolls>,
    /// Keyed by (dice for results, extra dice, every surge converts, Pierce): (wounds, Deflect).
    defenses: Memo<DefenseKey, States<(u32, u32)>>,
    /// Whether the attacker spends Pierce on a guardian's blocks before the defender's.
    pierce_guardian_first: bool,
    /// What the optimal policy maximises; `None` under the greedy policy.
    objective: Option<Objective>,
}

impl Resolver<'_> {
    fn resolve(&self, rolled: &States<Rolled>) -> States<Outcome> {
        let a = &self.s.attacker;
        // 3. Convert attack surges: Critical X, then the chart, then surge tokens.
        let converted = rolled.map(|r| {
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
                dodged: false,
            }
        });
        // 3b. Marksman: aim tokens left turn blanks into hits or hits into crits.
        let marked = if a.marksman {
            converted.map(|r| self.marksman(r))
        } else {
            converted
        };
        self.defend(&marked)
    }

    /// Marksman's choice for these results: greedy turns blanks into hits with every aim token
    /// left, then hits into crits unless Lethal wants the tokens; optimal takes the best of
    /// every split between blanks, hits and the tokens kept for Lethal.
    fn marksman(&self, r: &Results) -> Results {
        let a = &self.s.attacker;
        let blanks = a.dice.iter().sum::<u32>() - r.results;
        let apply = |to_hits: u32, to_crits: u32| Results {
            results: r.results + to_hits,
            hits: r.hits + to_hits - to_crits,
            crits: r.crits + to_crits,
            aims: r.aims - to_hits - to_crits,
            dodged: r.dodged,
        };
        let Some(objective) = self.objective else {
            let to_hits = r.aims.min(blanks);
            let to_crits = if a.lethal > 0 {
                0
            } else {
                (r.aims - to_hits).min(r.hits + to_hits)
            };
            return apply(to_hits, to_crits);
        };
        let mut best: Option<(f64, Results)> = None;
        for to_hits in 0..=r.aims.min(blanks) {
            for to_crits in 0..=(r.aims - to_hits).min(r.hits + to_hits) {
                let option = apply(to_hits, to_crits);
                let wounds = self
                    .defend(&States::certain(option.clone()))
                    .to_dist(|o| i64::from(o.wounds));
                let v = to_f64(&objective.value(&wounds));
                if best.as_ref().is_none_or(|(b, _)| v > b + 1e-12) {
                    best = Some((v, option));
                }
            }
        }
        best.map(|(_, r)| r).unwrap_or_else(|| r.clone())
    }

    /// Steps 4 to 8, from converted results to the wounds.
    fn defend(&self, converted: &States<Results>) -> States<Outcome> {
        let s = self.s;
        let edition = self.edition;
        let (a, d) = (&s.attacker, &s.defender);
        let ranged = !a.melee;
        let rolls: &Rolls = &self.rolls;
        let roll = |n: u32, weights: &[u32]| rolls.roll(n, weights);

        // 4. Dodge and cover.
        let cover = cover_value(s, edition);
        let white = defense_die(super::spec::DefenseDie::White);
        let covered = converted.and_then(|r| {
            if cover == 0 || r.hits == 0 {
                return States::certain(r.clone());
            }
            match edition {
                Edition::Amg2021 => {
                    let mut r = r.clone();
                    r.hits -= r.hits.min(cover);
                    States::certain(r)
                }
                Edition::Amg2024 => {
                    let low = u32::from(d.low_profile);
                    let cancel = white.block + if cover >= 2 { white.surge } else { 0 };
                    let other = white.block + white.surge + white.blank - cancel;
                    roll(r.hits - low, &[cancel, other]).map(|k| {
                        let mut r = r.clone();
                        r.hits -= r.hits.min(k[0] + low);
                        r
                    })
                }
            }
        });
        let dodged = covered.map(|r| {
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
            // Block and a defending Duelist reward a spent dodge even when it cancels nothing.
            let rewarded = d.block || (d.duelist && a.melee);
            r.dodged = crits + hits > 0 || (rewarded && r.hits + r.crits > 0);
            r
        });

        // 5. Modify attack dice: the attacker (Impact, Ram, Lethal, Duelist), then the defender
        //    (Armor, Armor X, Shielded, Backup), then a guardian.
        let armored = d.armor || d.armor_x > 0;
        let dice: u32 = a.dice.iter().sum();
        let modified = dodged.map(|r| {
            let mut hits = r.hits;
            let mut crits = r.crits;
            if armored {
                let impact = a.impact.min(hits);
                hits -= impact;
                crits += impact;
            }
            // Ram turns blanks (and surges left unconverted) into crits first, then hits.
            let ram_blanks = a.ram.min(dice - r.results);
            let ram_hits = (a.ram - ram_blanks).min(hits);
            hits -= ram_hits;
            crits += ram_blanks + ram_hits;
            let lethal = a.lethal.min(r.aims);
            let aims_spent = a.aim - r.aims + lethal;
            let duelist = u32::from(a.duelist && a.melee && aims_spent > 0);
            let pierce = a.pierce + lethal + duelist;
            if d.armor {
                hits = 0;
            }
            hits -= d.armor_x.min(hits);
            let shield_crits = d.shielded.min(crits);
            crits -= shield_crits;
            hits -= (d.shielded - shield_crits).min(hits);
            if d.backup && ranged {
                hits -= 2.min(hits);
            }
            Defending {
                results: r.results,
                hits,
                crits,
                pierce,
                pierce_total: pierce,
                dodged: r.dodged,
                attacker_wounds: 0,
                guardian_wounds: 0,
            }
        });
        let guarded = match &s.guardian {
            Some(g) if ranged && g.suppression < g.courage && d.guardian == 0 => modified
                .and_then(|r| guard(r, g, a.high_velocity, self.pierce_guardian_first, rolls)),
            _ => modified,
        };

        // 6–8. Roll defense dice, reroll, convert surges, Pierce, wounds.
        let deflects = d.deflect && ranged && !a.high_velocity;
        let faces_d = defense_die(d.die.expect("the parser requires a defense die"));
        let defense_faces = [faces_d.block, faces_d.surge, faces_d.blank];
        let defenses = &self.defenses;
        guarded.and_then(|r| {
            // Danger Sense and Impervious dice are rolled even when no result is left: they
            // cannot wound, but their surges still trigger Deflect.
            let results = r.hits + r.crits;
            let extra =
                d.danger_sense.min(d.suppression) + if d.impervious { r.pierce_total } else { 0 };
            let all_convert = d.surge_block || deflects || (d.block && r.dodged);
            let immune = d.immune_pierce || (d.duelist && a.melee && r.dodged);
            let pierce = if immune { 0 } else { r.pierce };
            // The defense roll depends on these four numbers only: built once for each.
            let defended = defenses.get((results, extra, all_convert, pierce), |_| {
                let convertible = if all_convert {
                    u32::MAX
                } else {
                    d.surge_tokens
                };
                let rerolled = roll(results + extra, &defense_faces).and_then(|k| {
                    let unconvertible = k[1].saturating_sub(convertible);
                    let n = d.uncanny_luck.min(k[2] + unconvertible);
                    roll(n, &defense_faces).map(|m| {
                        let from_blanks = n.min(k[2]);
                        [
                            k[0] + m[0],
                            k[1] - (n - from_blanks) + m[1],
                            k[2] - from_blanks + m[2],
                        ]
                    })
                });
                rerolled.map(|k| {
                    let blocks = k[0] + k[1].min(convertible);
                    let blocks = blocks - pierce.min(blocks);
                    (
                        results.saturating_sub(blocks),
                        u32::from(deflects && k[1] > 0),
                    )
                })
            });
            defended.map(|&(wounds, deflected)| Outcome {
                results: r.results,
                wounds,
                attacker_wounds: r.attacker_wounds + deflected,
                guardian_wounds: r.guardian_wounds,
            })
        })
    }
}

/// Aim tokens left after the rerolls, kept in the state only when something later reads them
/// (Lethal and Marksman spend them; Duelist asks whether any was spent); otherwise every state says `a.aim`,
/// so equal rolls merge.
fn aims_left(a: &super::spec::Attacker, aims: u32) -> u32 {
    if a.lethal > 0 || a.marksman || (a.duelist && a.melee) {
        aims
    } else {
        a.aim
    }
}

/// The totals of a fully known roll.
fn rolled_of(d: &Dice, a: &super::spec::Attacker) -> Rolled {
    let total = |f: usize| d.faces.iter().map(|c| c[f]).sum();
    Rolled {
        kept: [0; 3],
        hits: total(2),
        crits: total(3),
        surges: total(1),
        aims: aims_left(a, d.aims),
    }
}

/// The cover value the hits meet: 0 (none), 1 (light) or 2 (heavy).
fn cover_value(s: &Scenario, edition: Edition) -> u32 {
    let (a, d) = (&s.attacker, &s.defender);
    if a.melee || a.blast {
        return 0;
    }
    let suppressed = match edition {
        Edition::Amg2024 => d.suppression >= d.courage,
        Edition::Amg2021 => d.suppression > 0,
    };
    let mut cover = (d.cover + u32::from(suppressed) + d.cover_keyword).min(2);
    if edition == Edition::Amg2021 && d.low_profile && cover == 1 {
        cover = 2;
    }
    cover.saturating_sub(a.sharpshooter)
}

/// Guardian X: the guardian takes up to X hits and rolls its own defense dice for them; the
/// attacker's Pierce cancels its blocks first.
fn guard(
    r: &Defending,
    g: &Defender,
    high_velocity: bool,
    pierce_first: bool,
    rolls: &Rolls,
) -> States<Defending> {
    let taken = g.guardian.min(r.hits);
    if taken == 0 {
        return States::certain(r.clone());
    }
    let f = defense_die(g.die.expect("the parser requires a defense die"));
    let deflects = g.deflect && !high_velocity;
    rolls.roll(taken, &[f.block, f.surge, f.blank]).map(|k| {
        let converted = if g.surge_block || deflects {
            k[1]
        } else {
            g.surge_tokens.min(k[1])
        };
        let blocks = k[0] + converted;
        let pierced = if g.immune_pierce || !pierce_first {
            0
        } else {
            r.pierce.min(blocks)
        };
        let mut r = r.clone();
        r.hits -= taken;
        r.pierce -= pierced;
        r.attacker_wounds += u32::from(deflects && k[1] > 0);
        r.guardian_wounds += taken - (blocks - pierced);
        r
    })
}

/// Rolls the pool, spends the reroll tokens greedily (red first; blanks before unconvertible
/// surges), then splits each colour's kept dice into crits and hits.
fn rerolled(
    a: &super::spec::Attacker,
    weights: &[([u32; 3], [u32; 2])],
    rolls: &Rolls,
) -> States<Rolled> {
    let roll = |n: u32, weights: &[u32]| rolls.roll(n, weights);
    let mut pool = States::certain(Pool {
        blank: [0; 3],
        surge: [0; 3],
        aims: a.aim,
    });
    for (c, (w, _)) in weights.iter().enumerate() {
        pool = pool.and_then(|p| {
            roll(a.dice[c], w).map(|k| {
                let mut p = p.clone();
                p.blank[c] = k[0];
                p.surge[c] = k[1];
                p
            })
        });
    }

    // 2. Reroll: aim tokens, then observation tokens, one at a time.
    let convertible = match a.surge {
        AttackSurge::None => a.critical + a.surge_tokens,
        _ => u32::MAX,
    };
    let tokens = std::iter::repeat_n((2 + a.precise, true), a.aim as usize)
        .chain(std::iter::repeat_n((1, false), a.observation as usize));
    for (capacity, is_aim) in tokens {
        pool = pool.and_then(|p| {
            let surges: u32 = p.surge.iter().sum();
            let mut unconvertible = surges.saturating_sub(convertible);
            let mut room = capacity;
            let mut picked = [(0u32, 0u32); 3];
            for (c, pick) in picked.iter_mut().enumerate() {
                let blanks = room.min(p.blank[c]);
                room -= blanks;
                let surges = room.min(p.surge[c]).min(unconvertible);
                room -= surges;
                unconvertible -= surges;
                *pick = (blanks, surges);
            }
            if room == capacity {
                return States::certain(p.clone());
            }
            let mut kept = p.clone();
            kept.aims -= u32::from(is_aim);
            let mut next = States::certain(kept);
            for (c, &(blanks, surges)) in picked.iter().enumerate() {
                next = next.and_then(|q| {
                    roll(blanks + surges, &weights[c].0).map(|k| {
                        let mut q = q.clone();
                        q.blank[c] = q.blank[c] - blanks + k[0];
                        q.surge[c] = q.surge[c] - surges + k[1];
                        q
                    })
                });
            }
            next
        });
    }

    // Colour stops mattering: split each colour's kept dice into crits and hits, one colour at a
    // time so that equal states merge in between.
    let mut rolled = pool.map(|p| Rolled {
        kept: [0, 1, 2].map(|c| a.dice[c] - p.blank[c] - p.surge[c]),
        hits: 0,
        crits: 0,
        surges: p.surge.iter().sum(),
        aims: aims_left(a, p.aims),
    });
    for (c, (_, split)) in weights.iter().enumerate() {
        rolled = rolled.and_then(|r| {
            roll(r.kept[c], split).map(|k| {
                let mut r = r.clone();
                r.kept[c] = 0;
                r.crits += k[0];
                r.hits += k[1];
                r
            })
        });
    }
    rolled
}
