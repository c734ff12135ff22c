//! Probabilities for people read straight from a distribution's weights: a percentage is the
//! weight × 10,000 over the denominator by one integer division, so no fraction is reduced (a
//! gcd of numbers thousands of bits long, per outcome) unless `--exact` shows it.

use super::{mean, Options};
use crate::report::fraction;
use holodice_engine::dist::{to_f64, Dist};
use num_bigint::{BigInt, BigUint};
use num_integer::Integer;
use num_rational::BigRational;
use num_traits::{ToPrimitive, Zero};

/// `w / d` as a percentage to 2 decimals, exactly rounded (a tie to even, as formatting an
/// `f64` rounds it); `0%` and `100%` only when `w` is 0 or `d`; `<0.01%` and `>99.99%` for what
/// would otherwise round to them.
pub(crate) fn percent_of(w: &BigUint, d: &BigUint) -> String {
    if w.is_zero() {
        return "0%".into();
    }
    if w == d {
        return "100%".into();
    }
    let (q, r) = (w * 10_000u32).div_rem(d);
    let q = q.to_u32().unwrap_or(u32::MAX);
    let twice = r * 2u32;
    let up = twice > *d || (twice == *d && q % 2 == 1);
    match q.saturating_add(u32::from(up)) {
        0 => "<0.01%".into(),
        10_000.. => ">99.99%".into(),
        q => format!("{}.{:02}%", q / 100, q % 100),
    }
}

/// One outcome of a distribution as people read it.
pub(crate) struct Row {
    pub x: i64,
    /// P(= x), for sizing bars and leaving out outcomes too rare to show.
    pub p: f64,
    /// P(= x) and P(≥ x) as table cells (see [`super::cell`]).
    pub exactly: String,
    pub at_least: String,
}

/// Every outcome of `d` with its chances, P(≥ x) summed once from the top.
pub(crate) fn rows(d: &Dist, options: &Options) -> Vec<Row> {
    let den = d.denominator();
    let support: Vec<(i64, &BigUint)> = d.support().collect();
    let tails = d.tail_weights();
    let fractions = options.exact.then(|| exact_fractions(d));
    let cell = |w: &BigUint, i: usize, which: fn(&(BigRational, BigRational)) -> &BigRational| {
        let shown = percent_of(w, den);
        match &fractions {
            Some(f) => format!("{shown} ({})", fraction(which(&f[i]))),
            None => shown,
        }
    };
    let big_den = BigInt::from(den.clone());
    support
        .iter()
        .zip(&tails)
        .enumerate()
        .map(|(i, ((x, w), (_, ge)))| Row {
            x: *x,
            p: to_f64(&BigRational::new_raw(
                BigInt::from((*w).clone()),
                big_den.clone(),
            )),
            exactly: cell(w, i, |f| &f.0),
            at_least: cell(ge, i, |f| &f.1),
        })
        .collect()
}

/// P(= x) and P(≥ x) for each outcome of the support, reduced, for `--exact`.
fn exact_fractions(d: &Dist) -> Vec<(BigRational, BigRational)> {
    d.pmf()
        .into_iter()
        .zip(d.at_least_all())
        .map(|((_, p), (_, ge))| (p, ge))
        .collect()
}

/// A distribution's mean for people (see [`mean`]), its fraction reduced only when `--exact`
/// shows it.
pub(crate) fn dist_mean(d: &Dist, options: &Options) -> String {
    if options.exact {
        return mean(&d.mean(), options);
    }
    let total: BigInt = d
        .support()
        .map(|(x, w)| BigInt::from(x) * BigInt::from(w.clone()))
        .sum();
    let den = BigInt::from(d.denominator().clone());
    format!("{:.3}", to_f64(&BigRational::new_raw(total, den)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pct(w: u64, d: u64) -> String {
        percent_of(&w.into(), &d.into())
    }

    #[test]
    fn percentages_round_exactly_with_ties_to_even() {
        // 1/3 = 33.333…%, 2/3 = 66.666…%.
        assert_eq!(pct(1, 3), "33.33%");
        assert_eq!(pct(2, 3), "66.67%");
        // Exact ties: 1/32 = 3.125%, 3/32 = 9.375%, 1/64 = 1.5625% (not a tie at 2 decimals).
        assert_eq!(pct(1, 32), "3.12%");
        assert_eq!(pct(3, 32), "9.38%");
        assert_eq!(pct(1, 64), "1.56%");
        // Just either side of a tie: 3.125% ± 1/10^12 of the whole.
        let d = 32_000_000_000_000u64;
        assert_eq!(pct(d / 32 + 32, d), "3.13%");
        assert_eq!(pct(d / 32 - 32, d), "3.12%");
    }

    #[test]
    fn zero_and_one_only_when_impossible_or_certain() {
        assert_eq!(pct(0, 7), "0%");
        assert_eq!(pct(7, 7), "100%");
        // 1/6^6 = 0.0021…%, below half a hundredth: shown as below the smallest step.
        assert_eq!(pct(1, 46_656), "<0.01%");
        assert_eq!(pct(46_655, 46_656), ">99.99%");
        // 1/6^5 = 0.0129%: the smallest step. 1/2^14 = 0.0061%, rounds up to it.
        assert_eq!(pct(1, 7_776), "0.01%");
        assert_eq!(pct(1, 16_384), "0.01%");
        // 1 − 1/2^14 = 99.9939%: rounds down to 99.99%, not up to 100.
        assert_eq!(pct(16_383, 16_384), "99.99%");
        // 1 − 1/2^15 = 99.99695%: rounds to 100.00, so shown as above 99.99%.
        assert_eq!(pct(32_767, 32_768), ">99.99%");
    }

    #[test]
    fn weights_far_beyond_a_float_keep_every_digit() {
        // 1/3 over 6^1000 (2,585 bits): the same digits as 1/3.
        let d = BigUint::from(6u32).pow(1000);
        assert_eq!(percent_of(&(&d / 3u32), &d), "33.33%");
        assert_eq!(percent_of(&(&d - 1u32), &d), ">99.99%");
        assert_eq!(percent_of(&BigUint::from(1u32), &d), "<0.01%");
    }

    #[test]
    fn rows_sum_the_tail_and_show_fractions_only_when_exact() {
        // Two coins' heads: 1/4, 1/2, 1/4.
        let d = Dist::uniform(&[0, 1, 1, 2]);
        let plain = rows(&d, &Options::default());
        let cells: Vec<(&str, &str)> = plain
            .iter()
            .map(|r| (r.exactly.as_str(), r.at_least.as_str()))
            .collect();
        assert_eq!(
            cells,
            [
                ("25.00%", "100%"),
                ("50.00%", "75.00%"),
                ("25.00%", "25.00%")
            ]
        );
        assert_eq!(plain[1].p, 0.5);
        let exact = Options {
            exact: true,
            ..Options::default()
        };
        let shown = rows(&d, &exact);
        assert_eq!(shown[1].exactly, "50.00% (1/2)");
        assert_eq!(shown[1].at_least, "75.00% (3/4)");
        assert_eq!(dist_mean(&d, &Options::default()), "1.000");
    }
}
