//! `simulate`'s answer: each variable's simulated frequencies with their standard errors beside
//! the exact probabilities, and the test's verdict, for people and as JSON.

use super::values::Fraction;
use holodice_engine::dist::to_f64;
use holodice_engine::sim::compare::Compared;
use indexmap::IndexMap;
use serde::Serialize;

/// `simulate`'s answer: what was simulated, the trials and the significance level, then a
/// key per variable.
#[derive(Debug, Clone, Serialize)]
pub struct SimulateAnswer {
    schema: u32,
    #[serde(flatten)]
    context: IndexMap<String, String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    trials: Option<u64>,
    alpha: f64,
    #[serde(flatten)]
    variables: IndexMap<String, Variable>,
}

/// One variable: observed frequencies with their standard errors, the exact probabilities, the
/// mean, the test.
#[derive(Debug, Clone, Serialize)]
struct Variable {
    observed: IndexMap<String, f64>,
    standard_error: IndexMap<String, f64>,
    expected: IndexMap<String, Fraction>,
    mean: Mean,
    test: &'static str,
    statistic: f64,
    dof: u64,
    p_value: f64,
    consistent: bool,
}

#[derive(Debug, Clone, Serialize)]
struct Mean {
    observed: f64,
    standard_error: f64,
    expected: Fraction,
}

impl Variable {
    fn new(c: &Compared, alpha: f64) -> Variable {
        let outcomes = c.outcomes();
        let per = |f: &dyn Fn(i64) -> f64| -> IndexMap<String, f64> {
            outcomes.iter().map(|&x| (x.to_string(), f(x))).collect()
        };
        let (mean, se) = c.mean();
        Variable {
            observed: per(&|x| c.frequency(x)),
            standard_error: per(&|x| c.standard_error(c.frequency(x))),
            expected: (outcomes.iter())
                .map(|&x| (x.to_string(), Fraction(c.exact.prob(x))))
                .collect(),
            mean: Mean {
                observed: mean,
                standard_error: se,
                expected: Fraction(c.exact.mean()),
            },
            test: c.fit.test,
            statistic: c.fit.statistic,
            dof: c.fit.dof,
            p_value: c.fit.p_value,
            consistent: c.fit.consistent(alpha),
        }
    }
}

impl SimulateAnswer {
    /// The comparison: the context, then a key per variable.
    pub fn new(context: &[(String, String)], compared: &[Compared], alpha: f64) -> SimulateAnswer {
        SimulateAnswer {
            schema: super::SCHEMA,
            context: context.iter().cloned().collect(),
            trials: compared.first().map(|c| c.trials),
            alpha,
            variables: (compared.iter())
                .map(|c| (c.key.clone(), Variable::new(c, alpha)))
                .collect(),
        }
    }
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
