//! Simulated frequencies beside the exact distribution: standard errors, and a chi-square
//! goodness-of-fit test per variable (src/gof.rs).

use super::Samples;
use crate::dist::Dist;
use crate::gof::{chi_square, Fit};
use crate::swtcg::attack::{Attack, DiceResult};
use crate::swtcg::{key_of, rules::Rules};
use num_rational::BigRational;

/// One variable: what the dice showed, what the exact engine says, and the test between them.
#[derive(Debug, Clone)]
pub struct Compared {
    pub key: String,
    pub trials: u64,
    pub exact: Dist,
    pub fit: Fit,
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

/// The exact distribution of each variable a SWTCG attack's simulation reports
/// ([`Simulation::attack`](super::swtcg::Simulation::attack)), with its key: a chance as a 0/1
/// variable, Foresight as the distribution of what it predicts (its best prediction is that
/// distribution's most likely value).
pub fn swtcg_attack(a: &Attack, rules: &Rules) -> Vec<(String, Dist)> {
    let chance = |key: &str, p: &Option<BigRational>| {
        p.as_ref().map(|p| (key.to_string(), Dist::bernoulli(p)))
    };
    let dist = |key: &str, d: &Option<Dist>| d.as_ref().map(|d| (key.to_string(), d.clone()));
    // Foresight and Forewarning: the distribution of what they predict.
    let damage = rules.foresight_damage();
    let predicted = |key: &str, p: &Option<(i64, BigRational)>| {
        p.as_ref().map(|_| {
            let d = a
                .outcomes
                .to_dist(|o| if damage { o.pending } else { o.hits });
            (key.to_string(), d)
        })
    };
    let fired = |key: &str, f: &Option<(i64, BigRational)>| {
        f.as_ref()
            .map(|(_, p)| (key.to_string(), Dist::bernoulli(p)))
    };
    let mut out = vec![
        Some(("damage".to_string(), a.damage.clone())),
        chance("destroyed", &a.destroyed),
        Some(("hits".to_string(), a.hits.clone())),
        Some(("attacker_damage".to_string(), a.attacker_damage.clone())),
        chance("attacker_destroyed", &a.attacker_destroyed),
        dist("secondary_damage", &a.secondary_damage),
        chance("secondary_destroyed", &a.secondary_destroyed),
    ];
    out.extend(
        a.triggers
            .iter()
            .map(|(name, p)| Some((format!("triggers.{}", key_of(name)), Dist::bernoulli(p)))),
    );
    out.extend([
        dist("focus_power", &a.focus_power),
        dist("absorb_power", &a.absorb_power),
        dist("attacker_absorb_power", &a.attacker_absorb_power),
        dist("deflect_damage", &a.deflect_damage),
        dist("attacker_deflect_damage", &a.attacker_deflect_damage),
        fired("stun", &a.stun),
        fired("defender_stun", &a.defender_stun),
        fired("surge", &a.surge),
        fired("attacker_surge", &a.attacker_surge),
        chance("bounty", &a.bounty),
        predicted("foresight", &a.foresight),
        predicted("forewarning", &a.forewarning),
        dist("persuade_power", &a.persuade_power),
        chance("consume", &a.consume),
    ]);
    if let Some(f) = &a.follow_up {
        out.extend([
            chance("follow_up.made", &Some(f.made.clone())),
            Some(("follow_up.damage".to_string(), f.counters.clone())),
            chance("follow_up.destroyed", &f.destroyed),
        ]);
    }
    out.push(chance("defender_resilience", &a.defender_resilience));
    out.into_iter().flatten().collect()
}

/// The exact distribution of each variable a simulation of dice of damage reports
/// ([`Simulation::dice`](super::swtcg::Simulation::dice)).
pub fn swtcg_dice(r: &DiceResult) -> Vec<(String, Dist)> {
    let mut out = vec![("damage".to_string(), r.damage.clone())];
    out.extend(
        r.destroyed
            .as_ref()
            .map(|p| ("destroyed".to_string(), Dist::bernoulli(p))),
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

impl Compared {
    pub fn frequency(&self, x: i64) -> f64 {
        *self.observed.get(&x).unwrap_or(&0) as f64 / self.trials as f64
    }

    /// The standard error of an observed frequency `p`: √(p (1 − p) / n).
    pub fn standard_error(&self, p: f64) -> f64 {
        (p * (1.0 - p) / self.trials as f64).sqrt()
    }

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
