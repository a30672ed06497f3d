//! The Goldilocks field `p = 2^64 - 2^32 + 1`.
//!
//! [`Felt`] always holds the canonical value (`< p`), so equality, hashing and
//! serialisation need no extra step. Inside the permutation the crate works on
//! plain `u64`s that may be *non-canonical* (any value `< 2^64` standing for
//! its residue mod `p`) with the functions of [`raw`]: `2^64 ≡ 2^32 - 1` and
//! `2^96 ≡ -1 (mod p)` reduce a 128-bit product to 64 bits with shifts,
//! subtractions and two carry fix-ups, no branches and no Montgomery form.

use core::fmt;
use core::iter::{Product, Sum};
use core::ops::{Add, AddAssign, Mul, MulAssign, Neg, Sub, SubAssign};
use core::str::FromStr;

use algebraic_hash::Error;
use algebraic_hash::parse::{le_bytes_below, parse_below};

/// The field modulus `p = 2^64 - 2^32 + 1`.
pub const MODULUS: u64 = 0xffff_ffff_0000_0001;

/// `2^64 mod p = 2^32 - 1`.
pub(crate) const EPSILON: u64 = 0xffff_ffff;

const FIELD_NAME: &str = "Goldilocks";

pub(crate) mod cubic;

/// Arithmetic on plain `u64`s that may be non-canonical (`0 ≤ x < 2^64`,
/// standing for `x mod p`). All functions are branch-free.
pub mod raw {
    use super::{EPSILON, MODULUS};
    use algebraic_hash::word::widening_mul;

    /// Reduces a 128-bit value to a (possibly non-canonical) `u64` congruent
    /// to it mod `p`.
    #[inline(always)]
    pub const fn reduce128(x: u128) -> u64 {
        let lo = x as u64;
        let hi = (x >> 64) as u64;
        let hi_hi = hi >> 32;
        let hi_lo = hi & EPSILON;
        // lo + hi_lo · 2^64 + hi_hi · 2^96 ≡ lo + hi_lo · (2^32 - 1) - hi_hi.
        let (t0, borrow) = lo.overflowing_sub(hi_hi);
        // A borrow added 2^64 ≡ 2^32 - 1: take it away again. t0 ≥ 2^64 - 2^32
        // in that case, so this does not wrap.
        let t0 = t0.wrapping_sub(mask32(borrow));
        let t1 = hi_lo.wrapping_mul(EPSILON);
        let (r, carry) = t0.overflowing_add(t1);
        // A carry dropped 2^64 ≡ 2^32 - 1: add it back; r < t1 then, so no wrap.
        r.wrapping_add(mask32(carry))
    }

    /// `2^32 - 1` if `flag`, else 0 (a 32-bit all-ones mask, which is how
    /// `2^64 mod p` is added or taken away after a carry or borrow).
    #[inline(always)]
    const fn mask32(flag: bool) -> u64 {
        0u32.wrapping_sub(flag as u32) as u64
    }

    /// Reduces `lo + hi · 2^64` with `hi < 2^32`.
    #[inline(always)]
    pub const fn reduce_small(lo: u64, hi: u64) -> u64 {
        let t = (hi << 32) - hi;
        let (r, carry) = lo.overflowing_add(t);
        r.wrapping_add(mask32(carry))
    }

    /// Reduces `x < 2^96` to a (possibly non-canonical) `u64` congruent to
    /// it, with two multiply-adds by `2^64 mod p` and no carry test (the
    /// second carry is 0 or 1 and is multiplied, not selected, so that the
    /// compiler emits no branch on data).
    #[inline(always)]
    pub const fn reduce96(x: u128) -> u64 {
        // x = lo + hi · 2^64 with hi < 2^32: w = lo + hi · (2^32 - 1) < 2^65.
        let w = (x as u64) as u128 + widening_mul((x >> 64) as u64, EPSILON);
        // w = w_lo + c · 2^64 with c ≤ 1, and w_lo < 2^64 - 2^33 when c = 1.
        (w as u64) + ((w >> 64) as u64) * EPSILON
    }

    /// `a · b mod p`, non-canonical.
    #[inline(always)]
    pub const fn mul(a: u64, b: u64) -> u64 {
        reduce128(widening_mul(a, b))
    }

    /// `a² mod p`, non-canonical.
    #[inline(always)]
    pub const fn square(a: u64) -> u64 {
        mul(a, a)
    }

    /// `a + b mod p` for any `a` and a canonical `b` (`b < p`): the result is
    /// below `2^64` without a second fix-up.
    #[inline(always)]
    pub const fn add_canonical(a: u64, b: u64) -> u64 {
        let (s, carry) = a.overflowing_add(b);
        s.wrapping_add(mask32(carry))
    }

    /// `a + b mod p` for any `a`, `b`.
    #[inline(always)]
    pub const fn add(a: u64, b: u64) -> u64 {
        let (s, carry) = a.overflowing_add(b);
        let (s, carry2) = s.overflowing_add(mask32(carry));
        s.wrapping_add(mask32(carry2))
    }

    /// `a - b mod p` for canonical `a`, `b`; the result is canonical.
    #[inline(always)]
    pub const fn sub_canonical(a: u64, b: u64) -> u64 {
        let (d, borrow) = a.overflowing_sub(b);
        d.wrapping_add(MODULUS & (borrow as u64).wrapping_neg())
    }

    /// The canonical representative of `a`.
    #[inline(always)]
    pub const fn canonical(a: u64) -> u64 {
        let (r, borrow) = a.overflowing_sub(MODULUS);
        if borrow { a } else { r }
    }

    /// A sum of 128-bit products, unreduced: `lo + carries · 2^128` (a few
    /// products, so `carries` stays tiny). Reduced once, after the last
    /// product (the cubic extension's products, dot products by constants).
    #[derive(Clone, Copy)]
    pub(crate) struct ProductSum(u128, u64);

    impl ProductSum {
        /// `a · b` as a full 128-bit product.
        #[inline(always)]
        pub(crate) const fn of(a: u64, b: u64) -> Self {
            Self(widening_mul(a, b), 0)
        }

        /// `low + high · 2^64` for `low, high < 2^72` (sums of up to 255
        /// low and high words of products).
        #[inline(always)]
        pub(crate) const fn of_words(low: u128, high: u128) -> Self {
            let (middle, carry) = ((low >> 64) as u64).overflowing_add(high as u64);
            Self(
                (low as u64) as u128 | (middle as u128) << 64,
                (high >> 64) as u64 + carry as u64,
            )
        }

        #[inline(always)]
        pub(crate) const fn add(self, other: Self) -> Self {
            let (lo, carry) = self.0.overflowing_add(other.0);
            Self(lo, self.1 + other.1 + carry as u64)
        }

        /// The sum mod p, raw (for at most 255 products).
        #[inline(always)]
        pub(crate) fn reduce(self) -> u64 {
            self.reduce_by(reduce128)
        }

        /// [`ProductSum::reduce`] with `reduce128` (a function equal to
        /// [`reduce128`]: the scalar units' assembly form). With
        /// `2^128 ≡ −2^32 (mod p)` (as `2^64 ≡ 2^32 − 1`),
        /// `lo + c·2^128 ≡ reduce128(lo) − c·2^32`; when that subtraction
        /// borrows (`c < 2^8`), the wrapped value is at least `2^64 − 2^40`,
        /// so taking `2^64 − p = 2^32 − 1` away from it does not wrap again.
        #[inline(always)]
        pub(crate) fn reduce_by(self, reduce128: impl FnOnce(u128) -> u64) -> u64 {
            let r = reduce128(self.0);
            let (d, borrow) = r.overflowing_sub(self.1 << 32);
            d.wrapping_sub(mask32(borrow))
        }
    }

    /// `a^7`: four multiplications.
    #[inline(always)]
    pub const fn exp7(a: u64) -> u64 {
        let a2 = square(a);
        let a3 = mul(a2, a);
        let a6 = square(a3);
        mul(a6, a)
    }
}

/// An element of the Goldilocks field, always canonical (`< p`).
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(transparent)]
pub struct Felt(u64);

impl Felt {
    /// Zero.
    pub const ZERO: Self = Self(0);
    /// One.
    pub const ONE: Self = Self(1);
    /// The modulus `p = 2^64 - 2^32 + 1` (as an integer; not an element).
    pub const MODULUS: u64 = MODULUS;
    /// Bytes in the canonical encoding.
    pub const BYTES: usize = 8;

    /// The element `value`, or `None` if `value ≥ p`.
    #[inline]
    pub const fn from_canonical(value: u64) -> Option<Self> {
        if value < MODULUS {
            Some(Self(value))
        } else {
            None
        }
    }

    /// `value mod p`: every `u64` is accepted, and `p..2^64` wrap around.
    /// This is what Winterfell's `BaseElement::new` does; prefer
    /// [`Felt::from_canonical`] or [`TryFrom<u64>`] for user data.
    #[inline]
    pub const fn from_u64_reduced(value: u64) -> Self {
        Self(raw::canonical(value))
    }

    /// Canonical value of a raw (possibly non-canonical) `u64`.
    #[inline(always)]
    pub(crate) const fn from_raw(value: u64) -> Self {
        Self(raw::canonical(value))
    }

    /// The element encoded by exactly 8 little-endian bytes; values `≥ p`
    /// are [`Error::NotCanonical`], other lengths [`Error::WrongLength`].
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, Error> {
        if bytes.len() != Self::BYTES {
            return Err(Error::WrongLength {
                what: "Goldilocks element bytes",
                expected: Self::BYTES,
                found: bytes.len(),
            });
        }
        let [v] = le_bytes_below::<1>(bytes, &[MODULUS], FIELD_NAME)?;
        Ok(Self(v))
    }

    /// The element encoded by 8 little-endian bytes; values `≥ p` are
    /// [`Error::NotCanonical`].
    #[inline]
    pub fn from_le_bytes(bytes: [u8; 8]) -> Result<Self, Error> {
        Self::from_canonical(u64::from_le_bytes(bytes))
            .ok_or(Error::NotCanonical { field: FIELD_NAME })
    }

    /// The canonical value, `< p`.
    #[inline(always)]
    pub const fn to_u64(self) -> u64 {
        self.0
    }

    /// The canonical value (Winterfell's name).
    #[inline(always)]
    pub const fn as_int(self) -> u64 {
        self.0
    }

    /// The canonical 8-byte little-endian encoding.
    #[inline]
    pub const fn as_bytes(self) -> [u8; 8] {
        self.0.to_le_bytes()
    }

    /// `self²`.
    #[inline]
    pub const fn square(self) -> Self {
        Self::from_raw(raw::square(self.0))
    }

    /// `2 · self`.
    #[inline]
    pub const fn double(self) -> Self {
        Self::from_raw(raw::add_canonical(self.0, self.0))
    }

    /// `self^exponent` (with `0^0 = 1`).
    pub const fn exp(self, mut exponent: u64) -> Self {
        let mut base = self.0;
        let mut acc = 1u64;
        while exponent != 0 {
            if exponent & 1 == 1 {
                acc = raw::mul(acc, base);
            }
            base = raw::square(base);
            exponent >>= 1;
        }
        Self::from_raw(acc)
    }

    /// `self^7`, the Rescue S-box.
    #[inline]
    pub const fn exp7(self) -> Self {
        Self::from_raw(raw::exp7(self.0))
    }

    /// The multiplicative inverse, `None` for zero.
    pub const fn inverse(self) -> Option<Self> {
        if self.0 == 0 {
            None
        } else {
            Some(self.exp(MODULUS - 2))
        }
    }
}

impl Add for Felt {
    type Output = Self;
    #[inline]
    fn add(self, rhs: Self) -> Self {
        Self::from_raw(raw::add_canonical(self.0, rhs.0))
    }
}

impl Sub for Felt {
    type Output = Self;
    #[inline]
    fn sub(self, rhs: Self) -> Self {
        Self(raw::sub_canonical(self.0, rhs.0))
    }
}

impl Neg for Felt {
    type Output = Self;
    #[inline]
    fn neg(self) -> Self {
        Self::ZERO - self
    }
}

impl Mul for Felt {
    type Output = Self;
    #[inline]
    fn mul(self, rhs: Self) -> Self {
        Self::from_raw(raw::mul(self.0, rhs.0))
    }
}

impl AddAssign for Felt {
    #[inline]
    fn add_assign(&mut self, rhs: Self) {
        *self = *self + rhs;
    }
}

impl SubAssign for Felt {
    #[inline]
    fn sub_assign(&mut self, rhs: Self) {
        *self = *self - rhs;
    }
}

impl MulAssign for Felt {
    #[inline]
    fn mul_assign(&mut self, rhs: Self) {
        *self = *self * rhs;
    }
}

impl Sum for Felt {
    fn sum<I: Iterator<Item = Self>>(iter: I) -> Self {
        iter.fold(Self::ZERO, Add::add)
    }
}

impl Product for Felt {
    fn product<I: Iterator<Item = Self>>(iter: I) -> Self {
        iter.fold(Self::ONE, Mul::mul)
    }
}

impl From<u32> for Felt {
    #[inline]
    fn from(value: u32) -> Self {
        Self(u64::from(value))
    }
}

impl From<u16> for Felt {
    #[inline]
    fn from(value: u16) -> Self {
        Self(u64::from(value))
    }
}

impl From<u8> for Felt {
    #[inline]
    fn from(value: u8) -> Self {
        Self(u64::from(value))
    }
}

impl From<bool> for Felt {
    #[inline]
    fn from(value: bool) -> Self {
        Self(u64::from(value))
    }
}

impl TryFrom<u64> for Felt {
    type Error = Error;
    /// Values `≥ p` are [`Error::NotCanonical`].
    #[inline]
    fn try_from(value: u64) -> Result<Self, Error> {
        Self::from_canonical(value).ok_or(Error::NotCanonical { field: FIELD_NAME })
    }
}

impl From<Felt> for u64 {
    #[inline]
    fn from(value: Felt) -> Self {
        value.0
    }
}

impl fmt::Debug for Felt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0, f)
    }
}

/// Decimal.
impl fmt::Display for Felt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0, f)
    }
}

/// Decimal, or hexadecimal with a `0x` prefix; values `≥ p` are refused.
impl FromStr for Felt {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self, Error> {
        let [v] = parse_below::<1>(s, &[MODULUS], FIELD_NAME)?;
        Ok(Self(v))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Reference product through u128 `%`.
    fn mul_ref(a: u64, b: u64) -> u64 {
        ((a as u128 * b as u128) % MODULUS as u128) as u64
    }

    const EDGES: [u64; 12] = [
        0,
        1,
        2,
        EPSILON - 1,
        EPSILON,
        EPSILON + 1,
        MODULUS - 2,
        MODULUS - 1,
        MODULUS,
        MODULUS + 1,
        u64::MAX - 1,
        u64::MAX,
    ];

    #[test]
    fn raw_ops_on_edges() {
        for &a in &EDGES {
            assert_eq!(raw::canonical(a) as u128, a as u128 % MODULUS as u128);
            for &b in &EDGES {
                assert_eq!(raw::canonical(raw::mul(a, b)), mul_ref(a, b), "{a} * {b}");
                let sum = ((a as u128 + b as u128) % MODULUS as u128) as u64;
                assert_eq!(raw::canonical(raw::add(a, b)), sum, "{a} + {b}");
                if b < MODULUS {
                    assert_eq!(raw::canonical(raw::add_canonical(a, b)), sum, "{a} + {b}");
                }
            }
        }
        for hi in [0u64, 1, 255, EPSILON] {
            for &lo in &EDGES {
                let x = (hi as u128) << 64 | lo as u128;
                let v = (x % MODULUS as u128) as u64;
                assert_eq!(raw::canonical(raw::reduce96(x)), v);
            }
            for &lo in &EDGES {
                let v = ((hi as u128) << 64 | lo as u128) % MODULUS as u128;
                assert_eq!(raw::canonical(raw::reduce_small(lo, hi)) as u128, v);
            }
        }
    }

    #[test]
    fn raw_mul_random() {
        let mut x = 0x1234_5678_9abc_def0u64;
        for _ in 0..20_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let a = x;
            let b = x.rotate_left(29) ^ 0xdead_beef;
            assert_eq!(raw::canonical(raw::mul(a, b)), mul_ref(a, b));
        }
    }

    #[test]
    fn felt_ops() {
        let a = Felt::from_canonical(MODULUS - 1).unwrap();
        assert_eq!(a + Felt::ONE, Felt::ZERO);
        assert_eq!(Felt::ZERO - Felt::ONE, a);
        assert_eq!(-Felt::ONE, a);
        assert_eq!(a * a, Felt::ONE);
        let x = Felt::from(123_456_789u32);
        assert_eq!(x * x.inverse().unwrap(), Felt::ONE);
        assert_eq!(Felt::ZERO.inverse(), None);
        assert_eq!(x.exp(7), x.exp7());
        // 7 · (1/7 mod p-1) ≡ 1 (mod p - 1): the inverse S-box exponent.
        assert_eq!(x.exp7().exp(10_540_996_611_094_048_183), x);
        assert_eq!(Felt::from_u64_reduced(MODULUS + 5), Felt::from(5u8));
    }

    #[test]
    fn checked_conversions() {
        assert_eq!(Felt::from_canonical(MODULUS), None);
        assert!(Felt::try_from(u64::MAX).is_err());
        assert_eq!(
            Felt::from_le_bytes(MODULUS.to_le_bytes()),
            Err(Error::NotCanonical { field: FIELD_NAME })
        );
        assert_eq!(
            Felt::from_bytes(&[0u8; 7]),
            Err(Error::WrongLength {
                what: "Goldilocks element bytes",
                expected: 8,
                found: 7
            })
        );
        let v = Felt::from_canonical(MODULUS - 1).unwrap();
        assert_eq!(Felt::from_bytes(&v.as_bytes()), Ok(v));
        assert_eq!("18446744069414584320".parse::<Felt>(), Ok(v));
        assert!("18446744069414584321".parse::<Felt>().is_err());
        assert!("0x".parse::<Felt>().is_err());
    }
}
