//! A comparison of loadouts for people and as JSON: one grid (mean, chance to destroy, P(≥ k)
//! per k) and one P(≥ k) curve per loadout.

use super::{entries_json, matchup, Entry, Value, SCHEMA};
use crate::render::{Cell, Grid};
use holodice_engine::compare::label;
use holodice_engine::dist::{to_f64, Dist};
use num_rational::BigRational;
use serde_json::{json, Map, Value as Json};

/// One attacker against one defender, and what the attack does.
#[derive(Debug, Clone)]
pub struct Loadout {
    pub attacker: String,
    pub defender: String,
    /// The compared variable (damage counters, wounds).
    pub dist: Dist,
    /// The chance to destroy the defender, when that is known (SWTCG with Health; Legion with
    /// wounds per mini: the chance to wipe the unit).
    pub destroyed: Option<BigRational>,
    /// What the attacker costs, when its cards say (Legion).
    pub points: Option<u32>,
}

impl Loadout {
    /// `x` per 100 of the attacker's points.
    fn per_100_points(&self, x: &BigRational) -> Option<BigRational> {
        let points = self.points.filter(|&p| p > 0)?;
        Some(x * BigRational::new(100.into(), points.into()))
    }

    /// The mean and the chance of at least one, per 100 points.
    fn efficiency(&self) -> Option<(BigRational, BigRational)> {
        Some((
            self.per_100_points(&self.dist.mean())?,
            self.per_100_points(&self.dist.at_least(1))?,
        ))
    }
}

/// Several loadouts, in the order given, and what they share.
#[derive(Debug, Clone)]
pub struct Comparison {
    /// "SWTCG", "Legion".
    pub game: &'static str,
    /// The JSON key of each loadout's variable: `damage`, `wounds`.
    pub key: &'static str,
    /// The variable for people: "damage counters on the defender".
    pub variable: &'static str,
    /// The JSON key and the row of each loadout's `destroyed`: `destroyed`, "chance to
    /// destroy" (SWTCG); `wiped`, "chance to wipe" (Legion).
    pub destroyed: (&'static str, &'static str),
    pub loadouts: Vec<Loadout>,
    /// What every number depends on (rule options, edition, policy), as in the attack's report.
    pub context: Vec<Entry>,
    /// The context in one line, for captions.
    pub context_line: String,
}

/// P(X ≥ k) from [`Dist::at_least_all`]'s list: 1 below the least outcome, 0 past the largest.
fn at_least(tail: &[(i64, BigRational)], k: i64) -> BigRational {
    match tail.iter().find(|(x, _)| *x >= k) {
        Some((_, p)) => p.clone(),
        None => BigRational::from_integer(0.into()),
    }
}

impl Comparison {
    /// Each loadout's label and its units, in one line.
    pub fn legend(&self) -> Vec<(String, String)> {
        self.loadouts
            .iter()
            .enumerate()
            .map(|(i, l)| (label(i), matchup(&l.attacker, &l.defender)))
            .collect()
    }

    /// The largest outcome of any loadout.
    fn top(&self) -> i64 {
        self.loadouts
            .iter()
            .map(|l| l.dist.max())
            .max()
            .unwrap_or(0)
    }

    /// The rows: the mean, the chance to destroy (when any loadout has one), P(≥ k) for k ≥ 1.
    pub fn grid(&self) -> Grid {
        let mut header = vec!["statistic".to_string()];
        header.extend((0..self.loadouts.len()).map(label));
        let row = |name: String, cell: &dyn Fn(&Loadout) -> Cell| {
            std::iter::once(Cell::Label(name))
                .chain(self.loadouts.iter().map(cell))
                .collect::<Vec<Cell>>()
        };
        let mut rows = vec![row(format!("mean {}", self.variable), &|l| {
            Cell::Mean(l.dist.mean())
        })];
        if self.loadouts.iter().any(|l| l.destroyed.is_some()) {
            rows.push(row(self.destroyed.1.into(), &|l| match &l.destroyed {
                Some(p) => Cell::Prob(p.clone()),
                None => Cell::Label("n/a".into()),
            }));
        }
        if self.loadouts.iter().any(|l| l.points.is_some()) {
            let or_na = |x: Option<BigRational>| x.map_or(Cell::Label("n/a".into()), Cell::Mean);
            rows.push(row("points".into(), &|l| match l.points {
                Some(p) => Cell::Label(p.to_string()),
                None => Cell::Label("n/a".into()),
            }));
            rows.push(row(
                format!("mean {} per 100 points", self.variable),
                &|l| or_na(l.efficiency().map(|e| e.0)),
            ));
            rows.push(row("P(≥1) per 100 points".into(), &|l| {
                or_na(l.efficiency().map(|e| e.1))
            }));
        }
        let tails: Vec<Vec<(i64, BigRational)>> = self
            .loadouts
            .iter()
            .map(|l| l.dist.at_least_all())
            .collect();
        for k in 1..=self.top() {
            let cells = tails.iter().map(|t| Cell::Prob(at_least(t, k)));
            rows.push(
                std::iter::once(Cell::Label(format!("P(≥{k})")))
                    .chain(cells)
                    .collect(),
            );
        }
        Grid {
            title: format!("{} comparison (exact)", self.game),
            caption: self.context_line.clone(),
            legend: self.legend(),
            header,
            rows,
            json: self.to_json(),
        }
    }

    /// `{"schema", "loadouts": [{"label", "attacker", "defender", KEY, "destroyed"}], …context}`.
    pub fn to_json(&self) -> Json {
        let loadouts: Vec<Json> = self
            .loadouts
            .iter()
            .enumerate()
            .map(|(i, l)| {
                let mut entries = vec![
                    Entry::new("label", "", Value::Text(label(i))),
                    Entry::new("attacker", "", Value::Text(l.attacker.clone())),
                    Entry::new("defender", "", Value::Text(l.defender.clone())),
                    Entry::new(self.key, "", Value::Dist(l.dist.clone())),
                ];
                if let Some(p) = &l.destroyed {
                    entries.push(Entry::new(self.destroyed.0, "", Value::Prob(p.clone())));
                }
                if let Some(p) = l.points {
                    entries.push(Entry::new("points", "", Value::Int(i64::from(p))));
                }
                if let Some((mean, at_least_one)) = l.efficiency() {
                    let per = |key: &str, x| Entry::new(key, "", Value::Number(x));
                    entries.push(per(&format!("mean_{}_per_100_points", self.key), mean));
                    entries.push(per("at_least_one_per_100_points", at_least_one));
                }
                Json::Object(entries_json(&entries))
            })
            .collect();
        let mut top = Map::new();
        top.insert("schema".into(), json!(SCHEMA));
        top.insert("loadouts".into(), Json::Array(loadouts));
        top.extend(entries_json(&self.context));
        Json::Object(top)
    }

    /// One curve of P(≥ k) per loadout, over k = 0 … the largest outcome.
    pub fn curves(&self) -> (Vec<i64>, Vec<(String, Vec<f64>)>) {
        let x: Vec<i64> = (0..=self.top().max(1)).collect();
        let series = self
            .legend()
            .into_iter()
            .zip(&self.loadouts)
            .map(|((label, units), l)| {
                let ys = x.iter().map(|&k| to_f64(&l.dist.at_least(k))).collect();
                (format!("{label}: {units}"), ys)
            })
            .collect();
        (x, series)
    }
}
