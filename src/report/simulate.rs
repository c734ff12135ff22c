//! `simulate`'s answer: each variable's simulated frequencies with their standard errors beside
//! the exact probabilities, and the test's verdict, for people and as JSON.

use super::fraction;
use holodice_engine::dist::to_f64;
use holodice_engine::sim::compare::Compared;
use serde_json::{json, Map, Value};

/// One variable as JSON: observed and expected frequencies, the mean, the test.
fn variable_json(c: &Compared, alpha: f64) -> Value {
    let mut observed = Map::new();
    let mut errors = Map::new();
    let mut expected = Map::new();
    for x in c.outcomes() {
        let f = c.frequency(x);
        observed.insert(x.to_string(), json!(f));
        errors.insert(x.to_string(), json!(c.standard_error(f)));
        expected.insert(x.to_string(), json!(fraction(&c.exact.prob(x))));
    }
    let (mean, se) = c.mean();
    json!({
        "observed": observed,
        "standard_error": errors,
        "expected": expected,
        "mean": {"observed": mean, "standard_error": se, "expected": fraction(&c.exact.mean())},
        "test": c.fit.test,
        "statistic": c.fit.statistic,
        "dof": c.fit.dof,
        "p_value": c.fit.p_value,
        "consistent": c.fit.consistent(alpha),
    })
}

/// The comparison as one JSON object: the context, then a key per variable.
pub fn json(context: &[(String, String)], compared: &[Compared], alpha: f64) -> Value {
    let mut top = Map::new();
    top.insert("schema".into(), json!(super::SCHEMA));
    for (k, v) in context {
        top.insert(k.clone(), json!(v));
    }
    if let Some(c) = compared.first() {
        top.insert("trials".into(), json!(c.trials));
    }
    top.insert("alpha".into(), json!(alpha));
    for c in compared {
        top.insert(c.key.clone(), variable_json(c, alpha));
    }
    Value::Object(top)
}

/// The comparison for people: a table per variable and the test's verdict.
pub fn text(
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
            super::fit::verdict(&c.fit, alpha)
        ));
    }
    out
}
