//! Exact integer weights of a fixed width: adding and scaling [`BigUint`]s allocates for every
//! result, which dominates rolling many dice one at a time. Where the largest weight is known to
//! fit 256 bits (a denominator of 6^n for n up to 99), [`U256`] does the same without allocating;
//! beyond, [`BigUint`] does.

use num_bigint::BigUint;
use num_traits::Zero;

/// An exact non-negative integer weight.
pub trait Weight: Clone {
    /// The weight 0.
    fn zero() -> Self;
    /// `w`, which the caller knows fits.
    fn from_big(w: &BigUint) -> Self;
    /// The weight as a [`BigUint`].
    fn to_big(&self) -> BigUint;
    /// `self + other`, in place.
    fn add(&mut self, other: &Self);
    /// `self × k`.
    fn times(&self, k: u64) -> Self;
    /// `self × k`, for a `k` of the same width, which the caller knows fits with `self`.
    fn times_weight(&self, k: &Self) -> Self;
}

impl Weight for BigUint {
    fn zero() -> Self {
        Zero::zero()
    }

    fn from_big(w: &BigUint) -> Self {
        w.clone()
    }

    fn to_big(&self) -> BigUint {
        self.clone()
    }

    fn add(&mut self, other: &Self) {
        *self += other;
    }

    fn times(&self, k: u64) -> Self {
        self * k
    }

    fn times_weight(&self, k: &Self) -> Self {
        self * k
    }
}

/// Where the largest weight fits 128 bits (a denominator of 6^n for n up to 49), one machine
/// integer pair is cheaper still than [`U256`]'s four words. Overflow panics.
impl Weight for u128 {
    fn zero() -> Self {
        0
    }

    fn from_big(w: &BigUint) -> Self {
        u128::try_from(w).unwrap_or_else(|_| panic!("a weight of {} bits", w.bits()))
    }

    fn to_big(&self) -> BigUint {
        BigUint::from(*self)
    }

    fn add(&mut self, other: &Self) {
        *self = self.checked_add(*other).expect("a weight past 128 bits");
    }

    fn times(&self, k: u64) -> Self {
        self.checked_mul(u128::from(k))
            .expect("a weight past 128 bits")
    }

    fn times_weight(&self, k: &Self) -> Self {
        self.checked_mul(*k).expect("a weight past 128 bits")
    }
}

/// An unsigned integer of 256 bits, its 64-bit words least significant first. Arithmetic that
/// would overflow panics rather than give a wrong weight.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct U256([u64; 4]);

impl U256 {
    /// Its width.
    pub const BITS: u64 = 256;

    /// Whether every weight up to `w` fits.
    pub fn holds(w: &BigUint) -> bool {
        w.bits() <= U256::BITS
    }

    /// `a · b`, which always fits.
    pub fn product(a: u128, b: u128) -> U256 {
        let mut out = [0u64; 4];
        multiply(&words(a), &words(b), &mut out);
        U256(out)
    }
}

/// A `u128`'s two 64-bit words, least significant first.
fn words(x: u128) -> [u64; 2] {
    [x as u64, (x >> 64) as u64]
}

/// Schoolbook multiplication of `a` by the two words `b` into `out`, which is zero and long
/// enough for the product (two words past `a`).
fn multiply(a: &[u64], b: &[u64; 2], out: &mut [u64]) {
    for (i, &x) in a.iter().enumerate() {
        let mut carry = 0u128;
        for (j, &y) in b.iter().enumerate() {
            let p = u128::from(x) * u128::from(y) + u128::from(out[i + j]) + carry;
            out[i + j] = p as u64;
            carry = p >> 64;
        }
        out[i + 2] = carry as u64;
    }
}

impl From<u128> for U256 {
    fn from(w: u128) -> U256 {
        let [a, b] = words(w);
        U256([a, b, 0, 0])
    }
}

impl std::ops::AddAssign<&U256> for U256 {
    fn add_assign(&mut self, other: &U256) {
        Weight::add(self, other);
    }
}

impl U256 {
    /// `self · k`, or `None` past 256 bits.
    pub fn checked_times(&self, k: u128) -> Option<U256> {
        let mut out = [0u64; 6];
        multiply(&self.0, &words(k), &mut out);
        match out[4..] {
            [0, 0] => Some(U256([out[0], out[1], out[2], out[3]])),
            _ => None,
        }
    }

    /// The same weight in `u128`, when it fits.
    pub fn to_u128(&self) -> Option<u128> {
        let [a, b, c, d] = self.0;
        (c == 0 && d == 0).then_some(u128::from(b) << 64 | u128::from(a))
    }
}

impl Weight for U256 {
    fn zero() -> Self {
        U256::default()
    }

    fn from_big(w: &BigUint) -> Self {
        assert!(U256::holds(w), "a weight of {} bits", w.bits());
        let mut words = [0; 4];
        for (word, digit) in words.iter_mut().zip(w.iter_u64_digits()) {
            *word = digit;
        }
        U256(words)
    }

    fn to_big(&self) -> BigUint {
        let [a, b, c, d] = self.0;
        if c == 0 && d == 0 {
            return BigUint::from(u128::from(b) << 64 | u128::from(a));
        }
        let halves = |w: u64| [w as u32, (w >> 32) as u32];
        let [a, b, c, d] = [halves(a), halves(b), halves(c), halves(d)];
        BigUint::from_slice(&[a[0], a[1], b[0], b[1], c[0], c[1], d[0], d[1]])
    }

    fn add(&mut self, other: &Self) {
        let mut carry = false;
        for (a, &b) in self.0.iter_mut().zip(&other.0) {
            let (s, c1) = a.overflowing_add(b);
            let (s, c2) = s.overflowing_add(u64::from(carry));
            *a = s;
            carry = c1 || c2;
        }
        assert!(!carry, "a weight past 256 bits");
    }

    fn times(&self, k: u64) -> Self {
        let mut out = [0; 4];
        let mut carry = 0u128;
        for (o, &w) in out.iter_mut().zip(&self.0) {
            let p = u128::from(w) * u128::from(k) + carry;
            *o = p as u64;
            carry = p >> 64;
        }
        assert!(carry == 0, "a weight past 256 bits");
        U256(out)
    }

    /// One factor fits 128 bits whenever the product fits 256.
    fn times_weight(&self, k: &Self) -> Self {
        let product = match (self.to_u128(), k.to_u128()) {
            (_, Some(k)) => self.checked_times(k),
            (Some(w), None) => k.checked_times(w),
            (None, None) => None,
        };
        product.expect("a weight past 256 bits")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sums_and_products_match_big_integers_across_words() {
        // 6^98 × 6 = 6^99 < 2^256, carried through every word; 2^64 − 1 + 1 carries once.
        let mut w = U256::from_big(&BigUint::from(1u32));
        for _ in 0..99 {
            w = w.times(6);
        }
        assert_eq!(w.to_big(), BigUint::from(6u32).pow(99));
        let mut x = U256::from_big(&BigUint::from(u64::MAX));
        x.add(&U256::from_big(&BigUint::from(1u32)));
        assert_eq!(x.to_big(), BigUint::from(2u32).pow(64));
        let mut y = U256::from_big(&(BigUint::from(2u32).pow(200) - 1u32));
        y.add(&U256::from_big(&BigUint::from(3u32).pow(100)));
        assert_eq!(
            y.to_big(),
            BigUint::from(2u32).pow(200) - 1u32 + BigUint::from(3u32).pow(100)
        );
    }

    #[test]
    fn products_of_two_u128_match_big_integers() {
        for (a, b) in [
            (0, 5),
            (u128::MAX, u128::MAX),
            (3u128.pow(80), 7u128.pow(45)),
            (1 << 64, 1 << 64),
        ] {
            assert_eq!(
                U256::product(a, b).to_big(),
                BigUint::from(a) * BigUint::from(b)
            );
        }
    }

    #[test]
    fn products_by_u128_match_big_integers_up_to_256_bits() {
        let big = |w: &U256| w.to_big();
        for (w, k) in [
            (BigUint::from(6u32).pow(50), 6u128.pow(49)),
            (BigUint::from(u128::MAX), u128::MAX),
            (BigUint::from(2u32).pow(255), 1),
            (
                (BigUint::from(2u32).pow(128) - 1u32) << 64u32,
                u64::MAX.into(),
            ),
        ] {
            let got = U256::from_big(&w).checked_times(k).map(|p| big(&p));
            assert_eq!(got, Some(w * k));
        }
        // 6^50 · 6^49 = 6^99 fits; 6^51 · 6^49 does not, nor 2^255 · 2.
        let six = |n| U256::from_big(&BigUint::from(6u32).pow(n));
        let product = six(50).checked_times(6u128.pow(49)).map(|p| big(&p));
        assert_eq!(product, Some(BigUint::from(6u32).pow(99)));
        assert_eq!(six(51).checked_times(6u128.pow(49)), None);
        assert_eq!(
            U256::from_big(&BigUint::from(2u32).pow(255)).checked_times(2),
            None
        );
        assert_eq!(six(49).to_u128(), Some(6u128.pow(49)));
        assert_eq!(six(50).to_u128(), None);
        assert_eq!(U256::from(u128::MAX).to_big(), BigUint::from(u128::MAX));
    }

    #[test]
    fn products_of_two_weights_match_big_integers_in_every_width() {
        let six = |n| BigUint::from(6u32).pow(n);
        // 6^99 from factors on either side of 128 bits, in either order.
        for (a, b) in [(50, 49), (49, 50), (0, 99), (99, 0), (60, 39)] {
            let product = U256::from_big(&six(a)).times_weight(&U256::from_big(&six(b)));
            assert_eq!(product.to_big(), six(99), "6^{a} · 6^{b}");
            assert_eq!(six(a).times_weight(&six(b)), six(99));
        }
        for (a, b) in [(24, 25), (49, 0), (0, 49)] {
            let product = u128::from_big(&six(a)).times_weight(&u128::from_big(&six(b)));
            assert_eq!(product.to_big(), six(49), "6^{a} · 6^{b}");
        }
    }

    #[test]
    #[should_panic(expected = "past 256 bits")]
    fn products_of_two_weights_past_256_bits_panic() {
        let half = U256::from_big(&BigUint::from(6u32).pow(50));
        half.times_weight(&half);
    }

    #[test]
    #[should_panic(expected = "past 128 bits")]
    fn products_of_two_u128_weights_past_128_bits_panic() {
        6u128.pow(25).times_weight(&6u128.pow(25));
    }

    #[test]
    fn the_width_holds_6_to_the_99_not_6_to_the_100() {
        assert!(U256::holds(&BigUint::from(6u32).pow(99)));
        assert!(!U256::holds(&BigUint::from(6u32).pow(100)));
    }

    #[test]
    fn u128_sums_and_products_match_big_integers_up_to_6_to_the_49() {
        let mut w = u128::from_big(&BigUint::from(1u32));
        for _ in 0..49 {
            w = w.times(6);
        }
        assert_eq!(w.to_big(), BigUint::from(6u32).pow(49));
        let mut x = u128::from_big(&BigUint::from(u64::MAX));
        x.add(&1);
        assert_eq!(x.to_big(), BigUint::from(2u32).pow(64));
        assert!(BigUint::from(6u32).pow(49).bits() <= 128);
        assert!(BigUint::from(6u32).pow(50).bits() > 128);
    }

    #[test]
    #[should_panic(expected = "past 128 bits")]
    fn u128_overflow_panics() {
        u128::from_big(&BigUint::from(6u32).pow(49)).times(6);
    }

    #[test]
    #[should_panic(expected = "past 256 bits")]
    fn overflow_panics() {
        U256::from_big(&BigUint::from(6u32).pow(99)).times(6);
    }
}
