//! Goodness of fit: are observed outcome counts (from a simulator, or from dice rolled at a
//! table) consistent with an exact distribution?
//!
//! Two tests of the same hypothesis, on the same bins: Pearson's chi-square,
//! `X² = Σ (O − E)² / E`, and the likelihood-ratio G-test, `G = 2 Σ O ln(O / E)`. Under the
//! hypothesis both follow a chi-square distribution with (bins − 1) degrees of freedom when every
//! bin expects enough observations, so:
//!
//! - **Binning.** The outcomes the exact distribution can produce are taken in increasing order
//!   and merged into consecutive bins: a bin takes outcomes until its expected count reaches
//!   [`MIN_EXPECTED`] (compared exactly, in fractions), then a new bin starts; a last bin still
//!   short of it joins the bin before it. Small tails thus merge with their neighbours, and when
//!   the whole distribution expects fewer than [`MIN_EXPECTED`] observations it is one bin
//!   (0 degrees of freedom, p-value 1: the counts cannot speak against the distribution).
//! - **Impossible outcomes.** An observed outcome of probability 0 goes into
//!   [`Fit::impossible`], and the fit is then never [consistent](Fit::consistent), whatever the
//!   p-value. Such outcomes are left out of the statistic (which could not be finite with them):
//!   the expected counts are those of the observations at possible outcomes.
//! - **p-value**: the chance of a statistic at least as large under the hypothesis, from the
//!   chi-square distribution's upper tail (`statrs`).
//!
//! Pure code: [`Samples`] counts the lines of a samples file as the caller reads them, and
//! [`parse_samples`] the text of a whole one.

use crate::dist::{to_f64, Dist};
use crate::error::Error;
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::Zero;
use statrs::distribution::{ChiSquared, ContinuousCDF};
use std::collections::BTreeMap;

/// A bin is closed once its expected count reaches this (the usual rule of thumb for the
/// chi-square approximation).
pub const MIN_EXPECTED: u64 = 5;

/// One outcome: what was seen and what the exact distribution predicts.
#[derive(Debug, Clone, PartialEq)]
pub struct Row {
    /// The outcome's value.
    pub outcome: i64,
    /// How many observations showed this outcome.
    pub observed: u64,
    /// `n · P(outcome)`, `n` the observations at possible outcomes (0 for an impossible one).
    pub expected: f64,
    /// The binomial z-score `(observed − n p) / √(n p (1 − p))`: 0 when the variance is 0
    /// (`p = 1`, or no observations), `+∞` for an observed impossible outcome.
    pub z: f64,
}

/// A bin of the test: the consecutive possible outcomes `first..=last`, merged.
#[derive(Debug, Clone, PartialEq)]
pub struct Bin {
    /// The bin's lowest outcome.
    pub first: i64,
    /// The bin's highest outcome.
    pub last: i64,
    /// How many observations fell in the bin.
    pub observed: u64,
    /// The observations the exact distribution expects in the bin.
    pub expected: f64,
}

/// The result of a goodness-of-fit test.
#[derive(Debug, Clone, PartialEq)]
pub struct Fit {
    /// Every outcome the distribution can produce, and every observed one, in increasing order.
    pub rows: Vec<Row>,
    /// The bins the statistic is computed over (see the module documentation).
    pub bins: Vec<Bin>,
    /// The chi-square or G statistic.
    pub statistic: f64,
    /// Degrees of freedom: bins − 1.
    pub dof: u64,
    /// P(statistic at least this large) under the hypothesis.
    pub p_value: f64,
    /// Observed outcomes of probability 0, in increasing order.
    pub impossible: Vec<i64>,
    /// `"chi-square"` or `"G-test"`.
    pub test: &'static str,
}

impl Fit {
    /// Whether the counts are consistent with the distribution at significance level `alpha`:
    /// no impossible outcome was observed and the p-value is at least `alpha`.
    pub fn consistent(&self, alpha: f64) -> bool {
        self.impossible.is_empty() && self.p_value >= alpha
    }

    /// All observations, impossible ones included.
    pub fn samples(&self) -> u64 {
        self.rows.iter().map(|r| r.observed).sum()
    }
}

/// Pearson's chi-square test of `observed` (outcome → count) against `exact`.
///
/// ```
/// use holodice_engine::{dist::Dist, gof};
/// use std::collections::BTreeMap;
/// let coin = Dist::uniform(&[0, 1]);
/// let fit = gof::chi_square(&BTreeMap::from([(0, 40), (1, 60)]), &coin);
/// assert_eq!((fit.statistic, fit.dof), (4.0, 1));
/// assert!((fit.p_value - 0.0455).abs() < 5e-5);
/// ```
pub fn chi_square(observed: &BTreeMap<i64, u64>, exact: &Dist) -> Fit {
    fit(observed, exact, "chi-square", |o, e| {
        let d = o - e;
        d * d / e
    })
}

/// The G-test (likelihood ratio) of `observed` against `exact`, on the same bins as
/// [`chi_square`]: `G = 2 Σ O ln(O / E)`, a bin with `O = 0` adding nothing.
pub fn g_test(observed: &BTreeMap<i64, u64>, exact: &Dist) -> Fit {
    fit(observed, exact, "G-test", |o, e| {
        if o == 0.0 {
            0.0
        } else {
            2.0 * o * (o / e).ln()
        }
    })
}

/// The common part: rows, bins, then `Σ term(O, E)` over the bins and its p-value.
fn fit(
    observed: &BTreeMap<i64, u64>,
    exact: &Dist,
    test: &'static str,
    term: impl Fn(f64, f64) -> f64,
) -> Fit {
    let pmf = exact.pmf();
    let impossible: Vec<i64> = observed
        .iter()
        .filter(|&(x, &count)| count > 0 && exact.weight(*x).is_zero())
        .map(|(x, _)| *x)
        .collect();
    let n: u64 = pmf
        .iter()
        .map(|(x, _)| observed.get(x).copied().unwrap_or(0))
        .sum();
    let count = |x: i64| observed.get(&x).copied().unwrap_or(0);

    let mut rows: Vec<Row> = pmf
        .iter()
        .map(|(x, p)| {
            let expected = to_f64(p) * n as f64;
            let variance = expected * (1.0 - to_f64(p));
            let z = if variance > 0.0 {
                (count(*x) as f64 - expected) / variance.sqrt()
            } else {
                0.0
            };
            Row {
                outcome: *x,
                observed: count(*x),
                expected,
                z,
            }
        })
        .chain(impossible.iter().map(|&x| Row {
            outcome: x,
            observed: count(x),
            expected: 0.0,
            z: f64::INFINITY,
        }))
        .collect();
    rows.sort_by_key(|r| r.outcome);

    let bins = bins(&pmf, n, count);
    let statistic: f64 = bins
        .iter()
        .map(|b| term(b.observed as f64, b.expected))
        .sum();
    // Rounding can make a perfect fit's G a hair below 0.
    let statistic = statistic.max(0.0);
    let dof = bins.len().saturating_sub(1) as u64;
    let p_value = if dof == 0 {
        1.0
    } else {
        ChiSquared::new(dof as f64)
            .expect("positive degrees of freedom")
            .sf(statistic)
    };
    Fit {
        rows,
        bins,
        statistic,
        dof,
        p_value,
        impossible,
        test,
    }
}

/// Consecutive outcomes merged until each bin expects at least [`MIN_EXPECTED`] of the `n`
/// observations, a short last bin joining the one before (exact comparisons).
fn bins(pmf: &[(i64, BigRational)], n: u64, count: impl Fn(i64) -> u64) -> Vec<Bin> {
    let n = BigRational::from_integer(BigInt::from(n));
    let enough = BigRational::from_integer(BigInt::from(MIN_EXPECTED));
    // (first, last, observed, exact expected)
    let mut closed: Vec<(i64, i64, u64, BigRational)> = Vec::new();
    let mut open: Option<(i64, i64, u64, BigRational)> = None;
    for (x, p) in pmf {
        let e = &n * p;
        let bin = match open.take() {
            Some((first, _, o, acc)) => (first, *x, o + count(*x), acc + e),
            None => (*x, *x, count(*x), e),
        };
        if bin.3 >= enough {
            closed.push(bin);
        } else {
            open = Some(bin);
        }
    }
    if let Some((first, last, o, e)) = open {
        match closed.last_mut() {
            Some(prev) => {
                prev.1 = last;
                prev.2 += o;
                prev.3 += e;
            }
            None => closed.push((first, last, o, e)),
        }
    }
    closed
        .into_iter()
        .map(|(first, last, observed, e)| Bin {
            first,
            last,
            observed,
            expected: to_f64(&e),
        })
        .collect()
}

/// Reads samples: one integer outcome per line, or `outcome,count` rows (the two may mix; an
/// outcome listed twice adds up). Blank lines are ignored, as is a first line `outcome` or
/// `outcome,count` (a header). `source` names the input in error messages, which give the line.
///
/// ```
/// use holodice_engine::gof::parse_samples;
/// let s = parse_samples("s.csv", "outcome,count\n0,2\n\n1\n1,3\n").unwrap();
/// assert_eq!(s.into_iter().collect::<Vec<_>>(), vec![(0, 2), (1, 4)]);
/// assert!(parse_samples("s.csv", "1\nx\n").unwrap_err().to_string().contains("line 2"));
/// ```
pub fn parse_samples(source: &str, text: &str) -> Result<BTreeMap<i64, u64>, Error> {
    let mut samples = Samples::new(source);
    for line in text.split_inclusive('\n') {
        samples.line(line.as_bytes())?;
    }
    samples.counts()
}

/// The impossible outcomes a verdict names; it counts the rest.
pub const SHOWN_IMPOSSIBLE: usize = 10;

/// The most distinct outcomes samples may hold.
pub const MAX_OUTCOMES: usize = 100_000;
/// The longest line of samples, in bytes.
pub const MAX_LINE: usize = 4096;
/// The most input samples may take, in bytes.
pub const MAX_INPUT: u64 = 128 << 20;

/// Counts samples a line at a time, as a caller reads them: memory follows the distinct
/// outcomes (at most [`MAX_OUTCOMES`]), lines are at most [`MAX_LINE`] bytes, and the input at
/// most [`MAX_INPUT`] bytes. A UTF-8 byte-order mark is skipped.
#[derive(Debug)]
pub struct Samples {
    source: String,
    counts: BTreeMap<i64, u64>,
    total: u64,
    read: u64,
    /// The number of the next line.
    next: usize,
}

impl Samples {
    /// No samples yet of the input that `source` names in messages.
    pub fn new(source: &str) -> Samples {
        Samples {
            source: source.to_string(),
            counts: BTreeMap::new(),
            total: 0,
            read: 0,
            next: 1,
        }
    }

    /// An error about the line just read.
    fn at(&self, message: String) -> Error {
        Error::input(format!(
            "{}, line {}: {message}",
            self.source,
            self.next - 1
        ))
    }

    /// Counts the next line: its bytes with their `\n`, or up to [`MAX_LINE`] + 1 bytes of a
    /// line longer than that.
    pub fn line(&mut self, bytes: &[u8]) -> Result<(), Error> {
        self.next += 1;
        self.read += bytes.len() as u64;
        if bytes.len() > MAX_LINE && bytes.last() != Some(&b'\n') {
            return Err(self.at(format!("the line is longer than {MAX_LINE} bytes")));
        }
        if self.read > MAX_INPUT {
            return Err(Error::too_large(format!(
                "{} is over the limit of {} MiB of samples: give outcome,count rows",
                self.source,
                MAX_INPUT >> 20
            )));
        }
        let line =
            std::str::from_utf8(bytes).map_err(|_| self.at("the line is not UTF-8 text".into()))?;
        let first = self.next == 2;
        let line = match first {
            true => line.trim_start_matches('\u{feff}'),
            false => line,
        };
        let Some((outcome, count)) = sample(line.trim(), first).map_err(|m| self.at(m))? else {
            return Ok(());
        };
        self.total = self
            .total
            .checked_add(count)
            .ok_or_else(|| self.at("the counts add up to more than 2^64 - 1".into()))?;
        *self.counts.entry(outcome).or_insert(0) += count;
        if self.counts.len() > MAX_OUTCOMES {
            return Err(self.at(format!(
                "more than {MAX_OUTCOMES} distinct outcomes, the limit"
            )));
        }
        Ok(())
    }

    /// The counts of each outcome; an error when there were none.
    pub fn counts(self) -> Result<BTreeMap<i64, u64>, Error> {
        if self.total == 0 {
            return Err(Error::input(format!("{} holds no samples", self.source)));
        }
        Ok(self.counts)
    }
}

/// One line's outcome and count; `None` for a blank line or the header (on the first line).
fn sample(line: &str, first: bool) -> Result<Option<(i64, u64)>, String> {
    if line.is_empty() {
        return Ok(None);
    }
    let (outcome, count) = match line.split_once(',') {
        None => (line, None),
        Some((o, c)) => (o.trim(), Some(c.trim())),
    };
    if first && is_header(outcome, count) {
        return Ok(None);
    }
    let outcome: i64 = outcome.parse().map_err(|_| {
        format!(
            "'{}' is not an integer outcome (give one outcome per line, or outcome,count)",
            crate::error::quote(outcome)
        )
    })?;
    let count: u64 = match count {
        None => 1,
        Some(c) if c.contains(',') => {
            return Err(format!(
                "'{}' has {} fields; give one outcome per line, or outcome,count",
                crate::error::quote(line),
                line.split(',').count()
            ))
        }
        Some(c) => c.parse().map_err(|_| {
            format!(
                "count '{}' is not a whole number (0 or more)",
                crate::error::quote(c)
            )
        })?,
    };
    Ok(Some((outcome, count)))
}

fn is_header(outcome: &str, count: Option<&str>) -> bool {
    outcome.eq_ignore_ascii_case("outcome") && count.is_none_or(|c| c.eq_ignore_ascii_case("count"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use num_bigint::BigUint;

    fn counts(pairs: &[(i64, u64)]) -> BTreeMap<i64, u64> {
        pairs.iter().copied().collect()
    }

    fn close(a: f64, b: f64, tol: f64) -> bool {
        (a - b).abs() <= tol
    }

    #[test]
    fn fair_coin_forty_sixty() {
        let coin = Dist::uniform(&[0, 1]);
        let fit = chi_square(&counts(&[(0, 40), (1, 60)]), &coin);
        // E = 50 each: (10²/50)·2 = 4 on 1 degree of freedom; P(χ²₁ ≥ 4) = erfc(√2) = 0.04550.
        assert_eq!(fit.statistic, 4.0);
        assert_eq!(fit.dof, 1);
        assert!(close(fit.p_value, 0.0455, 5e-5), "{}", fit.p_value);
        assert!(close(fit.p_value, 0.045_500_263_896_358_4, 1e-12));
        assert_eq!(fit.test, "chi-square");
        assert!(fit.consistent(1e-6));
        assert!(!fit.consistent(0.05));
        assert!(fit.impossible.is_empty());
        // z of outcome 1: (60 − 50)/√(100·½·½) = 2.
        assert_eq!(fit.rows[1].z, 2.0);
        assert_eq!(fit.rows[0].z, -2.0);
        assert_eq!(fit.samples(), 100);
    }

    #[test]
    fn g_test_of_the_same_coin() {
        let coin = Dist::uniform(&[0, 1]);
        let fit = g_test(&counts(&[(0, 40), (1, 60)]), &coin);
        // G = 2 (40 ln 0.8 + 60 ln 1.2) = 4.027102710137...
        let g = 2.0 * (40.0 * 0.8f64.ln() + 60.0 * 1.2f64.ln());
        assert!(close(fit.statistic, g, 1e-12));
        assert!(close(fit.statistic, 4.0271, 1e-4));
        assert_eq!(fit.dof, 1);
        // P(χ²₁ ≥ 4.0271) = erfc(√(4.0271/2)) ≈ 0.04478.
        assert!(close(fit.p_value, 0.04478, 5e-5), "{}", fit.p_value);
        assert_eq!(fit.test, "G-test");
    }

    #[test]
    fn perfect_counts_give_p_value_one() {
        // Binomial(3, 1/2) times 8000: 1000, 3000, 3000, 1000.
        let d = Dist::binomial(3, 1, 2);
        let obs = counts(&[(0, 1000), (1, 3000), (2, 3000), (3, 1000)]);
        for fit in [chi_square(&obs, &d), g_test(&obs, &d)] {
            assert_eq!(fit.statistic, 0.0);
            assert_eq!(fit.dof, 3);
            assert!(fit.p_value > 0.999_999, "{}", fit.p_value);
            assert!(fit.rows.iter().all(|r| r.z == 0.0));
        }
    }

    #[test]
    fn small_tails_merge_with_their_neighbours() {
        // Weights 1, 2, 47, 45, 4, 1 over 100, and 100 observations: expected 1, 2, 47, 45, 4, 1.
        // Bins: {0,1,2} reaches 50, {3} is 45, {4,5} is 5 → 3 bins, 2 degrees of freedom.
        let w = [1u32, 2, 47, 45, 4, 1];
        let d = Dist::from_pairs(
            w.iter()
                .enumerate()
                .map(|(i, &w)| (i as i64, BigUint::from(w))),
        )
        .unwrap();
        let obs = counts(&[(0, 3), (1, 2), (2, 45), (3, 40), (4, 10)]);
        let fit = chi_square(&obs, &d);
        let spans: Vec<(i64, i64, u64)> = fit
            .bins
            .iter()
            .map(|b| (b.first, b.last, b.observed))
            .collect();
        assert_eq!(spans, vec![(0, 2, 50), (3, 3, 40), (4, 5, 10)]);
        assert_eq!(fit.dof, 2);
        // (50−50)²/50 + (40−45)²/45 + (10−5)²/5 = 0 + 25/45 + 5.
        assert!(close(fit.statistic, 25.0 / 45.0 + 5.0, 1e-12));
        // P(χ²₂ ≥ x) = e^(−x/2).
        assert!(close(fit.p_value, (-fit.statistic / 2.0).exp(), 1e-12));
        // Rows stay per outcome, the outcome never seen included.
        assert_eq!(fit.rows.len(), 6);
        assert_eq!((fit.rows[5].outcome, fit.rows[5].observed), (5, 0));
        assert_eq!(fit.rows[5].expected, 1.0);
    }

    #[test]
    fn a_short_last_bin_joins_the_one_before() {
        // Expected 10, 10, 3 (out of 23): the tail {2} alone is short, so it joins {1}.
        let d = Dist::from_pairs([(0, 10u32.into()), (1, 10u32.into()), (2, 3u32.into())]).unwrap();
        let fit = chi_square(&counts(&[(0, 10), (1, 10), (2, 3)]), &d);
        let spans: Vec<(i64, i64)> = fit.bins.iter().map(|b| (b.first, b.last)).collect();
        assert_eq!(spans, vec![(0, 0), (1, 2)]);
        assert_eq!(fit.dof, 1);
        assert_eq!(fit.statistic, 0.0);
    }

    #[test]
    fn too_few_observations_make_one_bin() {
        let d = Dist::uniform(&[1, 2, 3, 4, 5, 6]);
        let fit = chi_square(&counts(&[(6, 4)]), &d);
        assert_eq!(fit.bins.len(), 1);
        assert_eq!((fit.dof, fit.statistic, fit.p_value), (0, 0.0, 1.0));
        assert!(fit.consistent(0.5));
    }

    #[test]
    fn a_certain_outcome_is_one_bin() {
        let fit = g_test(&counts(&[(0, 500)]), &Dist::constant(0));
        assert_eq!((fit.dof, fit.statistic, fit.p_value), (0, 0.0, 1.0));
        assert_eq!(fit.rows[0].z, 0.0);
        assert!(fit.consistent(1e-6));
    }

    #[test]
    fn impossible_outcomes_are_reported_and_fail_the_check() {
        // Damage 0 or 2, never 1 or 3; the gap and the outside are both impossible.
        let d = Dist::from_pairs([(0, 1u32.into()), (2, 1u32.into())]).unwrap();
        let obs = counts(&[(0, 50), (1, 2), (2, 50), (3, 1), (-1, 0)]);
        let fit = chi_square(&obs, &d);
        assert_eq!(fit.impossible, vec![1, 3]);
        assert!(!fit.consistent(1e-6));
        // The statistic is over the 100 possible observations: a perfect fit.
        assert_eq!(fit.statistic, 0.0);
        assert_eq!(fit.samples(), 103);
        let outcomes: Vec<i64> = fit.rows.iter().map(|r| r.outcome).collect();
        assert_eq!(outcomes, vec![0, 1, 2, 3]);
        assert_eq!(fit.rows[1].expected, 0.0);
        assert_eq!(fit.rows[1].z, f64::INFINITY);
        assert_eq!(fit.rows[0].expected, 50.0);
    }

    #[test]
    fn a_missing_outcome_is_rejected() {
        // Power 4, Accuracy −3, Critical Hit 2: damage 2 with probability 1 − (5/6)^4, else 0.
        // A simulator that never fires Critical Hit shows 0 every time.
        let d = Dist::from_pairs([(0, 625u32.into()), (2, 671u32.into())]).unwrap();
        let fit = chi_square(&counts(&[(0, 10_000)]), &d);
        assert!(fit.impossible.is_empty());
        assert!(fit.statistic > 9000.0);
        assert!(fit.p_value < 1e-100);
        assert!(!fit.consistent(1e-6));
        assert!(!g_test(&counts(&[(0, 10_000)]), &d).consistent(1e-6));
    }

    #[test]
    fn samples_in_both_forms() {
        let s = parse_samples("s", "Outcome, Count\n 2 , 5\n\n-1\n2\r\n0,0\n").unwrap();
        assert_eq!(s, counts(&[(-1, 1), (0, 0), (2, 6)]));
        let s = parse_samples("s", "outcome\n3\n3\n").unwrap();
        assert_eq!(s, counts(&[(3, 2)]));
    }

    #[test]
    fn bad_sample_lines_name_their_line() {
        let e = parse_samples("s.csv", "outcome\n1\n\n1.5\n").unwrap_err();
        assert_eq!(
            e.to_string(),
            "s.csv, line 4: '1.5' is not an integer outcome (give one outcome per \
             line, or outcome,count)"
        );
        let e = parse_samples("s", "1,-2").unwrap_err().to_string();
        assert!(e.contains("line 1") && e.contains("count '-2'"), "{e}");
        let e = parse_samples("s", "1,2,3").unwrap_err().to_string();
        assert!(e.contains("line 1") && e.contains("3 fields"), "{e}");
        // A header is allowed only as the first line.
        let e = parse_samples("s", "1\noutcome\n").unwrap_err().to_string();
        assert!(e.contains("line 2"), "{e}");
        let e = parse_samples("s", "1,18446744073709551615\n2\n").unwrap_err();
        assert!(e.to_string().contains("line 2"), "{e}");
    }

    #[test]
    fn no_samples_is_an_error() {
        for text in ["", "\n\n", "outcome,count\n", "0,0\n"] {
            let e = parse_samples("s.csv", text).unwrap_err();
            assert_eq!(e.to_string(), "s.csv holds no samples");
        }
    }
}
