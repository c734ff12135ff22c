//! Simulated frequencies beside the exact distribution: standard errors, and a chi-square
//! goodness-of-fit test per variable (src/gof.rs).

use super::Samples;
use crate::dist::{to_f64, Dist};
use crate::gof::{chi_square, Fit};
use crate::report::fraction;
use serde_json::{json, Map, Value};

/// One variable: what the dice showed, what the exact engine says, and the test between them.
#[derive(Debug, Clone)]
pub struct Compared {
    pub key: String,
    pub trials: u64,
    pub exact: Dist,
    pub fit: Fit,
    observed: std::collections::BTreeMap<i64, u64>,
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

impl Compared {
    fn frequency(&self, x: i64) -> f64 {
        *self.observed.get(&x).unwrap_or(&0) as f64 / self.trials as f64
    }

    /// The standard error of an observed frequency `p`: √(p (1 − p) / n).
    fn standard_error(&self, p: f64) -> f64 {
        (p * (1.0 - p) / self.trials as f64).sqrt()
    }

    fn outcomes(&self) -> Vec<i64> {
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
    fn mean(&self) -> (f64, f64) {
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

    fn to_json(&self, alpha: f64) -> Value {
        let mut observed = Map::new();
        let mut errors = Map::new();
        let mut expected = Map::new();
        for x in self.outcomes() {
            let f = self.frequency(x);
            observed.insert(x.to_string(), json!(f));
            errors.insert(x.to_string(), json!(self.standard_error(f)));
            expected.insert(x.to_string(), json!(fraction(&self.exact.prob(x))));
        }
        let (mean, se) = self.mean();
        json!({
            "observed": observed,
            "standard_error": errors,
            "expected": expected,
            "mean": {"observed": mean, "standard_error": se, "expected": fraction(&self.exact.mean())},
            "test": self.fit.test,
            "statistic": self.fit.statistic,
            "dof": self.fit.dof,
            "p_value": self.fit.p_value,
            "consistent": self.fit.consistent(alpha),
        })
    }
}

/// The comparison as one JSON object: the context, then a key per variable.
pub fn to_json(context: &[(String, String)], compared: &[Compared], alpha: f64) -> Value {
    let mut top = Map::new();
    top.insert("schema".into(), json!(crate::report::SCHEMA));
    for (k, v) in context {
        top.insert(k.clone(), json!(v));
    }
    if let Some(c) = compared.first() {
        top.insert("trials".into(), json!(c.trials));
    }
    top.insert("alpha".into(), json!(alpha));
    for c in compared {
        top.insert(c.key.clone(), c.to_json(alpha));
    }
    Value::Object(top)
}

/// The comparison for people: a table per variable and the test's verdict.
pub fn to_text(
    title: &str,
    context: &[(String, String)],
    compared: &[Compared],
    alpha: f64,
) -> String {
    let mut out = format!("{title}\n");
    for (k, v) in context {
        out.push_str(&format!("{k}: {v}\n"));
    }
    for c in compared {
        let (mean, se) = c.mean();
        out.push_str(&format!(
            "\n{} over {} trials: mean {mean:.4} ± {se:.4} (exact {:.4})\n",
            c.key,
            c.trials,
            to_f64(&c.exact.mean())
        ));
        out.push_str("       k    observed   std.err      exact       z\n");
        for x in c.outcomes() {
            let f = c.frequency(x);
            let p = to_f64(&c.exact.prob(x));
            let se = c.standard_error(p);
            let z = if se > 0.0 { (f - p) / se } else { 0.0 };
            out.push_str(&format!(
                "  {x:>6}  {f:>10.6}  {:>8.6}  {p:>9.6}  {z:>6.2}\n",
                c.standard_error(f)
            ));
        }
        out.push_str(&format!(
            "  {} statistic {:.3} on {} degrees of freedom: {}\n",
            c.fit.test,
            c.fit.statistic,
            c.fit.dof,
            c.fit.verdict(alpha)
        ));
    }
    out
}
