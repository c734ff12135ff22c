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
    /// The heading for people: "Legion attack, simulated".
    #[serde(skip)]
    title: String,
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
    /// Each frequency's distance from its probability, in standard errors of the probability:
    /// the table's last column.
    #[serde(skip)]
    z: IndexMap<String, f64>,
    mean: Mean,
    test: &'static str,
    statistic: f64,
    dof: u64,
    p_value: f64,
    consistent: bool,
    /// The outcomes of probability 0 the dice showed, and how often: the verdict names them.
    #[serde(skip)]
    impossible: Vec<(i64, u64)>,
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
            z: per(&|x| z(c, x)),
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
            impossible: (c.fit.impossible.iter())
                .map(|&x| (x, c.observed.get(&x).copied().unwrap_or(0)))
                .collect(),
        }
    }

    /// For people: the mean, a row per outcome, the test and its verdict at `alpha`.
    fn text(&self, key: &str, trials: u64, alpha: f64) -> String {
        let m = &self.mean;
        let mut out = format!(
            "\n{key} over {trials} trials: mean {:.4} ± {:.4} (exact {:.4})\n",
            m.observed,
            m.standard_error,
            to_f64(&m.expected.0)
        );
        out.push_str("       k    observed   std.err      exact       z\n");
        for (x, f) in &self.observed {
            out.push_str(&format!(
                "  {x:>6}  {f:>10.6}  {:>8.6}  {:>9.6}  {:>6.2}\n",
                self.standard_error[x],
                to_f64(&self.expected[x].0),
                self.z[x]
            ));
        }
        out + &format!(
            "  {} statistic {:.3} on {} degrees of freedom: {}\n",
            self.test,
            self.statistic,
            self.dof,
            super::fit::verdict(self.p_value, alpha, &self.impossible)
        )
    }
}

/// The frequency of `x` less its probability, in standard errors of the probability (0 for a
/// certain or impossible outcome).
fn z(c: &Compared, x: i64) -> f64 {
    let p = to_f64(&c.exact.prob(x));
    let se = c.standard_error(p);
    if se > 0.0 {
        (c.frequency(x) - p) / se
    } else {
        0.0
    }
}

impl SimulateAnswer {
    /// The comparison: `title` and the context for people, then a key per variable.
    pub fn new(
        title: &str,
        context: &[(String, String)],
        compared: &[Compared],
        alpha: f64,
    ) -> SimulateAnswer {
        SimulateAnswer {
            schema: super::SCHEMA,
            title: title.to_string(),
            context: context.iter().cloned().collect(),
            trials: compared.first().map(|c| c.trials),
            alpha,
            variables: (compared.iter())
                .map(|c| (c.key.clone(), Variable::new(c, alpha)))
                .collect(),
        }
    }

    /// For people: the title, the context, then a table per variable and the test's verdict.
    pub fn text(&self) -> String {
        let mut out = format!("{}\n", self.title);
        for (k, v) in &self.context {
            out.push_str(&format!("{k}: {v}\n"));
        }
        let trials = self.trials.unwrap_or_default();
        for (key, v) in &self.variables {
            out.push_str(&v.text(key, trials, self.alpha));
        }
        out
    }
}
