//! A comparison of loadouts for people and as JSON: one grid (mean, chance to destroy, P(≥ k)
//! per k) and one P(≥ k) curve per loadout.

use super::answer::{Answer, View};
use super::context::Context;
use super::values::{Distribution, Fraction};
use super::{matchup, SCHEMA};
use crate::render::{Cell, Grid};
use holodice_engine::compare::label;
use holodice_engine::dist::{to_f64, Dist};
use num_rational::BigRational;
use serde::Serialize;

/// `compare`'s answer: each loadout in the order given, then what they share.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "native", derive(schemars::JsonSchema))]
pub struct CompareAnswer {
    schema: u32,
    loadouts: Vec<Loadout>,
    #[serde(flatten)]
    context: Context,
    /// How people read it, beside the loadouts.
    #[serde(skip)]
    phrases: Phrases,
}

/// What a comparison's grid says besides the numbers.
#[derive(Debug, Clone)]
pub struct Phrases {
    /// "SWTCG", "Legion".
    pub game: &'static str,
    /// The variable: "damage counters on the defender".
    pub variable: String,
    /// The row of the chance to destroy: "chance to destroy", "chance to wipe".
    pub destroyed: String,
    /// The context and the attacks' notes in one line.
    pub caption: String,
}

/// One attacker against one defender, and what the attack does.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(
    feature = "native",
    derive(schemars::JsonSchema),
    schemars(rename = "CompareLoadout")
)]
pub struct Loadout {
    label: String,
    attacker: String,
    defender: String,
    #[serde(flatten)]
    outcome: Outcome,
}

impl Loadout {
    /// The `i`th loadout (labelled A, B, …).
    pub fn new(i: usize, attacker: String, defender: String, outcome: Outcome) -> Loadout {
        Loadout {
            label: label(i),
            attacker,
            defender,
            outcome,
        }
    }
}

/// What one loadout's attack does, keyed as its game names it.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(
    feature = "native",
    derive(schemars::JsonSchema),
    schemars(rename = "CompareOutcome")
)]
#[serde(untagged)]
pub enum Outcome {
    /// The damage counters, and the chance to destroy a defender with Health.
    Swtcg {
        damage: Distribution,
        #[serde(skip_serializing_if = "Option::is_none")]
        destroyed: Option<Fraction>,
    },
    /// The wounds, the chance to wipe a unit whose wounds per mini are known, and what the
    /// attacker's points buy when its cards say.
    Legion {
        wounds: Distribution,
        #[serde(skip_serializing_if = "Option::is_none")]
        wiped: Option<Fraction>,
        #[serde(skip_serializing_if = "Option::is_none")]
        points: Option<u32>,
        #[serde(flatten)]
        per_100_points: Option<Per100Points>,
    },
}

/// The mean and the chance of at least one, per 100 of the attacker's points.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "native", derive(schemars::JsonSchema))]
pub struct Per100Points {
    mean_wounds_per_100_points: Fraction,
    at_least_one_per_100_points: Fraction,
}

impl Outcome {
    /// SWTCG's attack (no card costs points there).
    pub fn swtcg(damage: Dist, destroyed: Option<BigRational>) -> Outcome {
        Outcome::Swtcg {
            damage: Distribution(damage),
            destroyed: destroyed.map(Fraction),
        }
    }

    /// Legion's attack (or sequence) by an attacker of `points`.
    pub fn legion(wounds: Dist, wiped: Option<BigRational>, points: Option<u32>) -> Outcome {
        let per_100 = |x: BigRational, p: u32| Fraction(x * BigRational::new(100.into(), p.into()));
        let per_100_points = points.filter(|&p| p > 0).map(|p| Per100Points {
            mean_wounds_per_100_points: per_100(wounds.mean(), p),
            at_least_one_per_100_points: per_100(wounds.at_least(1), p),
        });
        Outcome::Legion {
            wounds: Distribution(wounds),
            wiped: wiped.map(Fraction),
            points,
            per_100_points,
        }
    }

    fn dist(&self) -> &Dist {
        match self {
            Outcome::Swtcg { damage: d, .. } | Outcome::Legion { wounds: d, .. } => &d.0,
        }
    }

    fn destroyed(&self) -> Option<&Fraction> {
        match self {
            Outcome::Swtcg { destroyed: p, .. } | Outcome::Legion { wiped: p, .. } => p.as_ref(),
        }
    }

    fn points(&self) -> Option<u32> {
        match self {
            Outcome::Swtcg { .. } => None,
            Outcome::Legion { points, .. } => *points,
        }
    }

    fn per_100_points(&self) -> Option<&Per100Points> {
        match self {
            Outcome::Swtcg { .. } => None,
            Outcome::Legion { per_100_points, .. } => per_100_points.as_ref(),
        }
    }
}

/// P(X ≥ k) from [`Dist::at_least_all`]'s list: 1 below the least outcome, 0 past the largest.
fn at_least(tail: &[(i64, BigRational)], k: i64) -> BigRational {
    match tail.iter().find(|(x, _)| *x >= k) {
        Some((_, p)) => p.clone(),
        None => BigRational::from_integer(0.into()),
    }
}

impl CompareAnswer {
    pub fn new(loadouts: Vec<Loadout>, context: Context, phrases: Phrases) -> CompareAnswer {
        CompareAnswer {
            schema: SCHEMA,
            loadouts,
            context,
            phrases,
        }
    }

    /// Each loadout's label and its units, in one line.
    fn legend(&self) -> Vec<(String, String)> {
        (self.loadouts.iter())
            .map(|l| (l.label.clone(), matchup(&l.attacker, &l.defender)))
            .collect()
    }

    /// The largest outcome of any loadout.
    fn top(&self) -> i64 {
        (self.loadouts.iter())
            .map(|l| l.outcome.dist().max())
            .max()
            .unwrap_or(0)
    }

    /// A row: its name, then a cell per loadout.
    fn row(&self, name: String, cell: impl Fn(&Outcome) -> Cell) -> Vec<Cell> {
        std::iter::once(Cell::Label(name))
            .chain(self.loadouts.iter().map(|l| cell(&l.outcome)))
            .collect()
    }

    /// The points rows, when any attacker's cards say what it costs.
    fn points_rows(&self) -> Vec<Vec<Cell>> {
        if !self.loadouts.iter().any(|l| l.outcome.points().is_some()) {
            return Vec::new();
        }
        let na = || Cell::Label("n/a".into());
        let per = |o: &Outcome, f: fn(&Per100Points) -> &Fraction| {
            o.per_100_points()
                .map_or_else(na, |e| Cell::Mean(f(e).0.clone()))
        };
        vec![
            self.row("points".into(), |o| {
                o.points().map_or_else(na, |p| Cell::Label(p.to_string()))
            }),
            self.row(
                format!("mean {} per 100 points", self.phrases.variable),
                |o| per(o, |e| &e.mean_wounds_per_100_points),
            ),
            self.row("P(≥1) per 100 points".into(), |o| {
                per(o, |e| &e.at_least_one_per_100_points)
            }),
        ]
    }

    /// One curve of P(≥ k) per loadout, over k = 0 … the largest outcome.
    pub fn curves(&self) -> (Vec<i64>, Vec<(String, Vec<f64>)>) {
        let x: Vec<i64> = (0..=self.top().max(1)).collect();
        let series = (self.legend().into_iter())
            .zip(&self.loadouts)
            .map(|((label, units), l)| {
                let ys = (x.iter())
                    .map(|&k| to_f64(&l.outcome.dist().at_least(k)))
                    .collect();
                (format!("{label}: {units}"), ys)
            })
            .collect();
        (x, series)
    }
}

impl Answer for CompareAnswer {
    /// The rows: the mean, the chance to destroy (when any loadout has one), the points (when
    /// any has them), P(≥ k) for k ≥ 1.
    fn view(&self) -> View {
        let mut header = vec!["statistic".to_string()];
        header.extend(self.loadouts.iter().map(|l| l.label.clone()));
        let mut rows = vec![self.row(format!("mean {}", self.phrases.variable), |o| {
            Cell::Mean(o.dist().mean())
        })];
        if self
            .loadouts
            .iter()
            .any(|l| l.outcome.destroyed().is_some())
        {
            rows.push(self.row(self.phrases.destroyed.clone(), |o| {
                o.destroyed()
                    .map_or(Cell::Label("n/a".into()), |p| Cell::Prob(p.0.clone()))
            }));
        }
        rows.extend(self.points_rows());
        let tails: Vec<Vec<(i64, BigRational)>> = (self.loadouts.iter())
            .map(|l| l.outcome.dist().at_least_all())
            .collect();
        for k in 1..=self.top() {
            let cells = tails.iter().map(|t| Cell::Prob(at_least(t, k)));
            rows.push(
                std::iter::once(Cell::Label(format!("P(≥{k})")))
                    .chain(cells)
                    .collect(),
            );
        }
        View::Grid(Grid {
            title: format!("{} comparison (exact)", self.phrases.game),
            caption: self.phrases.caption.clone(),
            legend: self.legend(),
            header,
            rows,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// No recorded case compares Legion attackers with points: the keys the page and tools read.
    #[test]
    fn a_legion_loadout_with_points_keys_its_efficiency_after_its_points() {
        let o = Outcome::legion(Dist::uniform(&[0, 2]), None, Some(50));
        let l = Loadout::new(0, "a".into(), "d".into(), o);
        let j = serde_json::to_value(l).unwrap();
        let keys: Vec<&String> = j.as_object().unwrap().keys().collect();
        let order = [
            "label",
            "attacker",
            "defender",
            "wounds",
            "points",
            "mean_wounds_per_100_points",
            "at_least_one_per_100_points",
        ];
        assert_eq!(keys, order);
    }
}
