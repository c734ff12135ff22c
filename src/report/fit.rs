//! A goodness-of-fit test's result for people and as the JSON contract (`holodice check`,
//! `simulate`).

use holodice_engine::gof::{Fit, Row, MIN_EXPECTED, SHOWN_IMPOSSIBLE};
use indexmap::IndexMap;
use serde::Serialize;

/// The verdict at significance level `alpha`, in one line.
pub fn verdict(fit: &Fit, alpha: f64) -> String {
    let p = format!(
        "p-value {} {} alpha {}",
        number(fit.p_value),
        if fit.p_value >= alpha { "≥" } else { "<" },
        number(alpha)
    );
    if !fit.impossible.is_empty() {
        let seen: Vec<String> = fit
            .rows
            .iter()
            .filter(|r| fit.impossible.binary_search(&r.outcome).is_ok())
            .take(SHOWN_IMPOSSIBLE)
            .map(|r| {
                format!(
                    "{} ({} {})",
                    r.outcome,
                    r.observed,
                    if r.observed == 1 { "time" } else { "times" }
                )
            })
            .collect();
        let more = match fit.impossible.len().saturating_sub(SHOWN_IMPOSSIBLE) {
            0 => String::new(),
            n => format!(" and {n} more"),
        };
        format!(
            "rejected: impossible outcome observed (probability 0): {}{more}; {p}",
            seen.join(", ")
        )
    } else if fit.p_value >= alpha {
        format!("consistent with the exact distribution ({p})")
    } else {
        format!("rejected ({p})")
    }
}

/// For people: the per-outcome table, the bins when outcomes were merged, the statistic with
/// its degrees of freedom and p-value, and the verdict at `alpha`.
pub fn text(fit: &Fit, alpha: f64) -> String {
    let header = ["outcome", "observed", "expected", "z"].map(String::from);
    let rows: Vec<[String; 4]> = fit
        .rows
        .iter()
        .map(|r| {
            [
                r.outcome.to_string(),
                r.observed.to_string(),
                format!("{:.2}", r.expected),
                if r.z.is_finite() {
                    format!("{:.2}", r.z)
                } else {
                    "impossible".into()
                },
            ]
        })
        .collect();
    let widths: Vec<usize> = (0..4)
        .map(|i| {
            std::iter::once(&header)
                .chain(&rows)
                .map(|r| r[i].chars().count())
                .max()
                .unwrap_or(0)
        })
        .collect();
    let mut out = String::new();
    for r in std::iter::once(&header).chain(&rows) {
        let cells: Vec<String> = r
            .iter()
            .zip(&widths)
            .map(|(c, w)| format!("{c:>w$}"))
            .collect();
        out.push_str(&format!("  {}\n", cells.join("  ")));
    }
    if fit.bins.iter().any(|b| b.first != b.last) {
        let bins: Vec<String> = fit
            .bins
            .iter()
            .map(|b| {
                if b.first == b.last {
                    b.first.to_string()
                } else {
                    format!("{}..{}", b.first, b.last)
                }
            })
            .collect();
        out.push_str(&format!(
            "Bins (outcomes merged until each expects at least {MIN_EXPECTED}): {}\n",
            bins.join(", ")
        ));
    }
    if fit.dof == 0 && fit.bins.iter().any(|b| b.first != b.last) {
        out.push_str("Too few samples to test: one bin cannot speak against the distribution.\n");
    }
    let possible: u64 = fit.bins.iter().map(|b| b.observed).sum();
    if possible != fit.samples() {
        out.push_str(&format!(
            "Expected counts are of the {possible} samples at possible outcomes.\n"
        ));
    }
    out.push_str(&format!(
        "Test: {}, statistic {:.4}, {} degree{} of freedom, p-value {}\n",
        fit.test,
        fit.statistic,
        fit.dof,
        if fit.dof == 1 { "" } else { "s" },
        number(fit.p_value)
    ));
    out.push_str(&format!("Verdict: {}\n", verdict(fit, alpha)));
    out
}

/// The machine contract: `observed` and `expected` (outcome → count), `z` (outcome →
/// z-score, `null` for an impossible outcome), `bins`, `statistic`, `dof`, `p_value`,
/// `alpha`, `consistent`, `impossible`, `test`, `samples`.
#[derive(Debug, Clone, Serialize)]
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
        let shown = text(&fit, 1e-6);
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
