//! Mersenne31, `p = 2^31 − 1` (Circle STARKs: Plonky3's circle PCS, Stwo).
//!
//! Stored as the plain value in `0..p`: `2^31 ≡ 1 (mod p)`, so a 62-bit
//! product reduces by adding its bits above 31 to its low 31 bits and
//! subtracting `p` at most once; Montgomery form would buy nothing.

use core::hash::Hash;
use core::ops::{Add, Mul, Sub};

use crate::{Field31, Reduction, add_mod, scalar_lanes, sub_mod};

/// An element of Mersenne31 (`p = 2^31 − 1`), always in `0..p`.
/// `#[repr(transparent)]`: the packed backends load and store states of it
/// in place.
#[repr(transparent)]
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Mersenne31(u32);

const P: u32 = (1 << 31) - 1;

/// `x mod p` for `x < 2^62` (a product of two elements).
#[inline(always)]
pub(crate) const fn reduce_product(x: u64) -> u32 {
    // x = high · 2^31 + low ≡ high + low; low ≤ p and high < p (x < p²
    // < 2^62 − 2^32), so the sum is below 2p.
    let folded = (x & P as u64) as u32 + (x >> 31) as u32;
    let reduced = folded.wrapping_sub(P);
    if reduced < folded { reduced } else { folded }
}

impl Mersenne31 {
    /// `sum mod p` (`Lanes::narrow`): `2^31 ≡ 1` folds the high bits onto
    /// the low ones twice (below `2^31 + 2^33`, then `p + 8`), then one
    /// subtraction.
    #[inline(always)]
    fn from_stored_sum(sum: u64) -> Self {
        let once = (sum & u64::from(P)) + (sum >> 31);
        let twice = (once & u64::from(P)) + (once >> 31);
        let reduced = twice.wrapping_sub(u64::from(P));
        Self(if reduced < twice { reduced } else { twice } as u32)
    }

    /// `x · 2^k` (`k < 31`): `2^31 ≡ 1`, so a rotation of the 31 bits.
    #[inline(always)]
    fn mul_2exp_scalar(self, k: u32) -> Self {
        if k == 0 {
            return self;
        }
        // x < p has a zero among its 31 bits, and so has the rotation.
        Self(((self.0 << k) & P) | (self.0 >> (31 - k)))
    }

    /// `x · 2^-k = x · 2^(31−k)`.
    #[inline(always)]
    fn div_2exp_scalar(self, k: u32) -> Self {
        self.mul_2exp_scalar((31 - k) % 31)
    }

    /// The element `value mod p` (for constant tables: `const` and
    /// reducing; user input goes through [`Field31::from_canonical`]).
    pub const fn new_reduced(value: u32) -> Self {
        Self(value % P)
    }

    /// [`Mersenne31::new_reduced`] of every entry.
    pub const fn new_array<const N: usize>(values: [u32; N]) -> [Self; N] {
        let mut out = [Self(0); N];
        let mut i = 0;
        while i < N {
            out[i] = Self::new_reduced(values[i]);
            i += 1;
        }
        out
    }
}

impl Add for Mersenne31 {
    type Output = Self;
    #[inline(always)]
    fn add(self, rhs: Self) -> Self {
        Self(add_mod(self.0, rhs.0, P))
    }
}

impl Sub for Mersenne31 {
    type Output = Self;
    #[inline(always)]
    fn sub(self, rhs: Self) -> Self {
        Self(sub_mod(self.0, rhs.0, P))
    }
}

impl Mul for Mersenne31 {
    type Output = Self;
    #[inline(always)]
    fn mul(self, rhs: Self) -> Self {
        Self(reduce_product(self.0 as u64 * rhs.0 as u64))
    }
}

scalar_lanes!(Mersenne31);

impl Field31 for Mersenne31 {
    const MODULUS: u32 = P;
    const NAME: &'static str = "Mersenne31";
    const REDUCTION: Reduction = Reduction::Mersenne;
    const ZERO: Self = Self(0);
    const ONE: Self = Self(1);

    #[inline]
    fn from_canonical(value: u32) -> Option<Self> {
        (value < P).then_some(Self(value))
    }

    #[inline]
    fn from_u64_reduced(value: u64) -> Self {
        Self((value % u64::from(P)) as u32)
    }

    #[inline(always)]
    fn to_canonical(self) -> u32 {
        self.0
    }

    #[inline(always)]
    fn to_stored(self) -> u32 {
        self.0
    }

    #[inline(always)]
    fn from_stored(word: u32) -> Option<Self> {
        Self::from_canonical(word)
    }
}
