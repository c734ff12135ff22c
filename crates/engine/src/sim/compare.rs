//! Simulated frequencies beside the exact distribution: standard errors, and a chi-square
//! goodness-of-fit test per variable (crates/engine/src/gof.rs).

use super::Samples;
use crate::dist::Dist;
use crate::gof::{chi_square, Fit};
use crate::legion::sequence::LegionSequence;
use crate::swtcg::attack::DiceResult;
use crate::vocabulary::Vocabulary;
use num_rational::BigRational;

/// One variable: what the dice showed, what the exact engine says, and the test between them.
#[derive(Debug, Clone)]
pub struct Compared {
    /// The variable's key, as in the attack JSON.
    pub key: String,
    /// The attacks simulated.
    pub trials: u64,
    /// The variable's exact distribution.
    pub exact: Dist,
    /// The chi-square test of the counts against `exact`.
    pub fit: Fit,
    /// How many trials showed each outcome.
    pub observed: std::collections::BTreeMap<i64, u64>,
}

/// Compares every simulated variable that has an exact distribution.
pub fn compare(samples: &Samples, exact: Vec<(String, Dist)>) -> Vec<Compared> {
    exact
        .into_iter()
        .filter_map(|(key, dist)| {
            let observed = samples.get(&key)?.clone();
            Some(Compared {
                fit: chi_square(&observed, &dist),
                key,
                trials: samples.trials,
                exact: dist,
                observed,
            })
        })
        .collect()
}

/// The exact distribution of each variable a simulation of dice of damage reports
/// ([`Simulation::dice`](super::swtcg::Simulation::dice)).
pub fn swtcg_dice(r: &DiceResult) -> Vec<(String, Dist)> {
    let v = Vocabulary::swtcg();
    let mut out = vec![(v.damage.clone(), r.damage.clone())];
    out.extend(
        r.destroyed
            .as_ref()
            .map(|p| (v.destroyed.clone(), Dist::bernoulli(p))),
    );
    out.push(("hits".to_string(), r.hits.clone()));
    for (key, d) in [
        ("absorb_power", &r.absorb_power),
        ("deflect_damage", &r.deflect_damage),
    ] {
        out.extend(d.as_ref().map(|d| (key.to_string(), d.clone())));
    }
    out.extend(
        r.surge
            .as_ref()
            .map(|(_, p)| ("surge".to_string(), Dist::bernoulli(p))),
    );
    out
}

/// The exact distribution of each variable a simulation of a Legion sequence reports
/// ([`SequenceSimulation::keys`](super::SequenceSimulation::keys)), with the same keys.
pub fn legion_sequence(r: &LegionSequence) -> Vec<(String, Dist)> {
    let v = Vocabulary::legion();
    let mut out = vec![(v.damage.clone(), r.wounds.clone())];
    let losses = |prefix: &str, l: &crate::legion::minis::Losses| {
        [
            (format!("{prefix}minis_defeated"), l.minis_defeated.clone()),
            (
                format!("{prefix}{}", v.destroyed),
                Dist::bernoulli(&l.wiped),
            ),
        ]
    };
    out.extend(r.losses.iter().flat_map(|l| losses("", l)));
    out.extend(
        r.guardian_wounds
            .iter()
            .map(|g| ("guardian_wounds".to_string(), g.clone())),
    );
    out.extend(
        r.guardian_losses
            .iter()
            .flat_map(|l| losses("guardian_", l)),
    );
    out.extend([
        ("suppression".to_string(), r.suppression.clone()),
        ("suppressed".to_string(), Dist::bernoulli(&r.suppressed)),
        ("panicked".to_string(), Dist::bernoulli(&r.panicked)),
    ]);
    if let Some((by, survives)) = r.attacks_to_wipe() {
        // The attack that wipes the unit, or one more than the attacks made when it survives.
        let survived = (by.len() as i64 + 1, survives);
        let needed = (by.into_iter().enumerate()).map(|(k, p)| (k as i64 + 1, p));
        let needed: Vec<(i64, BigRational)> = needed.chain([survived]).collect();
        out.extend(Dist::from_probs(needed).map(|d| ("attacks_needed".to_string(), d)));
    }
    for (n, a) in (1..).zip(&r.attacks) {
        out.push((format!("attacks.{n}.wounds"), a.wounds.clone()));
    }
    out
}

impl Compared {
    /// The share of trials that showed `x`.
    pub fn frequency(&self, x: i64) -> f64 {
        *self.observed.get(&x).unwrap_or(&0) as f64 / self.trials as f64
    }

    /// The standard error of an observed frequency `p`: √(p (1 − p) / n).
    pub fn standard_error(&self, p: f64) -> f64 {
        (p * (1.0 - p) / self.trials as f64).sqrt()
    }

    /// Every outcome to show, ascending: the exact distribution's possible ones and any
    /// impossible one the dice showed.
    pub fn outcomes(&self) -> Vec<i64> {
        let mut xs: Vec<i64> = self.exact.support().map(|(x, _)| x).collect();
        // Outcomes the exact distribution cannot produce, should the dice show them.
        xs.extend(self.observed.keys().filter(|&&x| {
            x < self.exact.min()
                || x > self.exact.max()
                || self.exact.weight(x) == num_bigint::BigUint::ZERO
        }));
        xs.sort_unstable();
        xs.dedup();
        xs
    }

    /// The sample mean and its standard error (from the sample variance).
    pub fn mean(&self) -> (f64, f64) {
        let n = self.trials as f64;
        let mean: f64 = self
            .observed
            .iter()
            .map(|(&x, &c)| x as f64 * c as f64)
            .sum::<f64>()
            / n;
        let var: f64 = self
            .observed
            .iter()
            .map(|(&x, &c)| (x as f64 - mean).powi(2) * c as f64)
            .sum::<f64>()
            / n;
        (mean, (var / n).sqrt())
    }
}
