//! A goodness-of-fit test's result for people and as the JSON contract (`holodice check`,
//! `simulate`).

use holodice_engine::gof::{Fit, Row, MIN_EXPECTED, SHOWN_IMPOSSIBLE};
use indexmap::IndexMap;
use serde::Serialize;

/// The verdict at significance level `alpha` in one line: `impossible` holds the observed
/// outcomes of probability 0 with their counts, which reject the samples whatever `p_value`.
pub(super) fn verdict(p_value: f64, alpha: f64, impossible: &[(i64, u64)]) -> String {
    let p = format!(
        "p-value {} {} alpha {}",
        number(p_value),
        if p_value >= alpha { "≥" } else { "<" },
        number(alpha)
    );
    if !impossible.is_empty() {
        format!(
            "rejected: impossible outcome observed (probability 0): {}; {p}",
            seen(impossible)
        )
    } else if p_value >= alpha {
        format!("consistent with the exact distribution ({p})")
    } else {
        format!("rejected ({p})")
    }
}

/// The first impossible outcomes with their counts, and how many more there are.
fn seen(impossible: &[(i64, u64)]) -> String {
    let seen: Vec<String> = (impossible.iter().take(SHOWN_IMPOSSIBLE))
        .map(|&(x, n)| format!("{x} ({n} {})", if n == 1 { "time" } else { "times" }))
        .collect();
    match impossible.len().saturating_sub(SHOWN_IMPOSSIBLE) {
        0 => seen.join(", "),
        n => format!("{} and {n} more", seen.join(", ")),
    }
}

/// The machine contract: `observed` and `expected` (outcome → count), `z` (outcome →
/// z-score, `null` for an impossible outcome), `bins`, `statistic`, `dof`, `p_value`,
/// `alpha`, `consistent`, `impossible`, `test`, `samples`.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "native", derive(schemars::JsonSchema))]
pub struct FitAnswer {
    test: &'static str,
    samples: u64,
    observed: IndexMap<String, u64>,
    expected: IndexMap<String, f64>,
    z: IndexMap<String, Option<f64>>,
    bins: Vec<Bin>,
    statistic: f64,
    dof: u64,
    p_value: f64,
    alpha: f64,
    consistent: bool,
    impossible: Vec<i64>,
}

/// Outcomes merged until each bin expects enough, and their counts.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(
    feature = "native",
    derive(schemars::JsonSchema),
    schemars(rename = "FitBin")
)]
struct Bin {
    first: i64,
    last: i64,
    observed: u64,
    expected: f64,
}

impl FitAnswer {
    pub fn new(fit: &Fit, alpha: f64) -> FitAnswer {
        fn per_row<T>(fit: &Fit, f: impl Fn(&Row) -> T) -> IndexMap<String, T> {
            fit.rows
                .iter()
                .map(|r| (r.outcome.to_string(), f(r)))
                .collect()
        }
        FitAnswer {
            test: fit.test,
            samples: fit.samples(),
            observed: per_row(fit, |r| r.observed),
            expected: per_row(fit, |r| r.expected),
            z: per_row(fit, |r| r.z.is_finite().then_some(r.z)),
            bins: (fit.bins.iter())
                .map(|b| Bin {
                    first: b.first,
                    last: b.last,
                    observed: b.observed,
                    expected: b.expected,
                })
                .collect(),
            statistic: fit.statistic,
            dof: fit.dof,
            p_value: fit.p_value,
            alpha,
            consistent: fit.consistent(alpha),
            impossible: fit.impossible.clone(),
        }
    }

    /// All observations, impossible ones included.
    pub fn samples(&self) -> u64 {
        self.samples
    }

    /// Whether the samples pass: no impossible outcome, and a p-value of at least alpha.
    pub fn consistent(&self) -> bool {
        self.consistent
    }

    /// For people: the per-outcome table, the bins when outcomes were merged, the statistic
    /// with its degrees of freedom and p-value, and the verdict.
    pub fn text(&self) -> String {
        let mut out = self.table();
        if self.merged() {
            out.push_str(&self.bins_line());
        }
        if self.dof == 0 && self.merged() {
            out.push_str(
                "Too few samples to test: one bin cannot speak against the distribution.\n",
            );
        }
        let possible: u64 = self.bins.iter().map(|b| b.observed).sum();
        if possible != self.samples {
            out.push_str(&format!(
                "Expected counts are of the {possible} samples at possible outcomes.\n"
            ));
        }
        out + &format!(
            "Test: {}, statistic {:.4}, {} degree{} of freedom, p-value {}\nVerdict: {}\n",
            self.test,
            self.statistic,
            self.dof,
            if self.dof == 1 { "" } else { "s" },
            number(self.p_value),
            self.verdict()
        )
    }

    /// The verdict at the answer's alpha, in one line.
    fn verdict(&self) -> String {
        let impossible: Vec<(i64, u64)> = (self.impossible.iter())
            .map(|&x| (x, self.observed[&x.to_string()]))
            .collect();
        verdict(self.p_value, self.alpha, &impossible)
    }

    /// Whether some bin merges outcomes.
    fn merged(&self) -> bool {
        self.bins.iter().any(|b| b.first != b.last)
    }

    /// The outcomes, observed and expected counts and z-scores, in right-aligned columns.
    fn table(&self) -> String {
        let header = ["outcome", "observed", "expected", "z"].map(String::from);
        let rows: Vec<[String; 4]> = (self.observed.iter())
            .map(|(x, observed)| {
                let z = self.z[x].map_or("impossible".into(), |z| format!("{z:.2}"));
                [
                    x.clone(),
                    observed.to_string(),
                    format!("{:.2}", self.expected[x]),
                    z,
                ]
            })
            .collect();
        let rows: Vec<&[String; 4]> = std::iter::once(&header).chain(&rows).collect();
        let widths: [usize; 4] = std::array::from_fn(|i| {
            (rows.iter().map(|r| r[i].chars().count()))
                .max()
                .unwrap_or(0)
        });
        rows.iter()
            .map(|r| {
                let cells: Vec<String> = (r.iter().zip(widths))
                    .map(|(c, w)| format!("{c:>w$}"))
                    .collect();
                format!("  {}\n", cells.join("  "))
            })
            .collect()
    }

    /// The bins the statistic is computed over, when outcomes were merged into them.
    fn bins_line(&self) -> String {
        let bins: Vec<String> = (self.bins.iter())
            .map(|b| match b.first == b.last {
                true => b.first.to_string(),
                false => format!("{}..{}", b.first, b.last),
            })
            .collect();
        format!(
            "Bins (outcomes merged until each expects at least {MIN_EXPECTED}): {}\n",
            bins.join(", ")
        )
    }
}

/// A p-value or a significance level for people: 4 decimals, or scientific notation when small.
fn number(x: f64) -> String {
    if x == 0.0 {
        "0".into()
    } else if x >= 1e-3 {
        let s = format!("{x:.4}");
        let s = s.trim_end_matches('0').trim_end_matches('.');
        s.to_string()
    } else {
        format!("{x:.2e}").replace(".00e", "e")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use holodice_engine::dist::Dist;
    use holodice_engine::gof::chi_square;

    #[test]
    fn text_and_json_reports() {
        let coin = Dist::uniform(&[0, 1]);
        let fit = chi_square(&[(0, 40), (1, 60), (2, 1)].into_iter().collect(), &coin);
        let shown = FitAnswer::new(&fit, 1e-6).text();
        assert!(shown
            .contains("Test: chi-square, statistic 4.0000, 1 degree of freedom, p-value 0.0455"));
        assert!(
            shown.contains("2         1      0.00  impossible"),
            "{shown}"
        );
        assert!(shown.contains("Expected counts are of the 100 samples at possible outcomes."));
        assert!(shown.ends_with(
            "Verdict: rejected: impossible outcome observed (probability 0): 2 (1 time); p-value \
             0.0455 ≥ alpha 1e-6\n"
        ));
        let j = serde_json::to_value(FitAnswer::new(&fit, 0.05)).unwrap();
        assert_eq!(j["observed"]["2"], 1);
        assert_eq!(j["expected"]["1"], 50.0);
        assert_eq!(j["z"]["1"], 2.0);
        assert!(j["z"]["2"].is_null());
        assert_eq!(j["impossible"], serde_json::json!([2]));
        assert_eq!(j["consistent"], false);
        assert_eq!(j["alpha"], 0.05);
        assert_eq!(j["samples"], 101);
        assert_eq!(number(1.0), "1");
        assert_eq!(number(0.05), "0.05");
        assert_eq!(number(1e-6), "1e-6");
        assert_eq!(number(1.234e-40), "1.23e-40");
    }
}
