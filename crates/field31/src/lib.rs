#![doc = include_str!("../README.md")]
#![no_std]
#![cfg_attr(docsrs, feature(doc_cfg))]
#![deny(unsafe_code)]

#[cfg(feature = "std")]
extern crate std;

pub mod arch;
mod mersenne;
mod monty;

use core::fmt::{Debug, Display};
use core::hash::Hash;
use core::ops::{Add, AddAssign, Mul, MulAssign, Neg, Sub, SubAssign};

use algebraic_hash::Error;

pub use arch::{
    Backend, LaneKernel, RowKernel, apply_lane_major, apply_many, apply_many_with, apply_one,
    backend, lane_major_runs,
};
pub use mersenne::Mersenne31;
pub use monty::{BabyBear, BabyBearParams, KoalaBear, KoalaBearParams, Monty, MontyParams};

/// How a field reduces a product; the packed backends read it to pick their
/// reduction (a compile-time constant of each field, so the choice folds
/// away).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reduction {
    /// Montgomery form with `R = 2^32`: the stored value is `x · 2^32 mod p`,
    /// and a product is reduced with `mu = p^-1 mod 2^32`.
    Montgomery {
        /// `p^-1 mod 2^32`.
        mu: u32,
        /// `s` with `p = c · 2^s + 1`, `c` odd.
        two_adicity: u32,
        /// `m` when `c = 2^m − 1` (BabyBear: 15 · 2^27 + 1, KoalaBear:
        /// 127 · 2^24 + 1), else 0: then `x · 2^-k` for `k ≤ s` is shifts
        /// and additions (see [`Lanes::div_2exp`]).
        c_bits: u32,
    },
    /// `p = 2^31 - 1`: the stored value is `x` itself, and `2^31 ≡ 1`
    /// folds the high bits of a product onto the low ones.
    Mersenne,
}

/// Values the Poseidon2 round code (or any other code written once over the
/// field) works on: one field element, or a packed register of several
/// elements (lanes) that every operation treats independently.
///
/// The field types implement it with [`Lanes::COUNT`] = 1; the packed types
/// of [`arch`] are reached only through [`apply_many`] and [`LaneKernel`],
/// once the CPU is known to have their instructions.
pub trait Lanes:
    Copy
    + Send
    + Sync
    + Add<Output = Self>
    + AddAssign
    + Sub<Output = Self>
    + SubAssign
    + Mul<Output = Self>
    + MulAssign
    + Neg<Output = Self>
{
    /// The field of each lane.
    type Scalar: Field31;
    /// Elements side by side.
    const COUNT: usize;
    /// Every lane set to `value`.
    fn splat(value: Self::Scalar) -> Self;
    /// `2x`.
    #[inline(always)]
    fn double(self) -> Self {
        self + self
    }
    /// `x²`.
    #[inline(always)]
    fn square(self) -> Self {
        self * self
    }
    /// `(x + c)^d` for `d` = 3, 5 or 7: a round constant and a power S-box
    /// in one step, so that packed lanes can leave the sum and the
    /// products between them unreduced.
    #[inline(always)]
    fn add_pow(self, c: Self::Scalar, d: u64) -> Self {
        small_power(self + Self::splat(c), d)
    }
    /// `x · 2^k` for `0 ≤ k < 31`.
    fn mul_2exp(self, k: u32) -> Self;
    /// `x · 2^-k` for `0 ≤ k < 31`.
    fn div_2exp(self, k: u32) -> Self;
    /// `sum + x · 2^-k`, or `sum − x · 2^-k` when `negative` (`0 ≤ k < 31`):
    /// the internal-layer step of a diagonal entry `±2^-k`, in one method
    /// so that packed lanes may leave `x · 2^-k` in `[0, p]` (one shift
    /// form gives `−x · 2^-k` there) and let the sum's reduction finish it.
    #[inline(always)]
    fn sum_plus_div_2exp(sum: Self, x: Self, k: u32, negative: bool) -> Self {
        let scaled = x.div_2exp(k);
        if negative { sum - scaled } else { sum + scaled }
    }
    /// Values of exact sums: for one element (the field types) its stored
    /// word in 64 bits, so that a sum of many (up to 1 024) is plain
    /// integer additions and one reduction ([`Lanes::narrow`]); packed
    /// lanes keep `Self`, whose modular additions cost less than widening
    /// every lane.
    type Wide: Copy + Add<Output = Self::Wide>;
    /// Whether [`Lanes::Wide`] sums exactly (one element) rather than
    /// being `Self`.
    const WIDE_IS_EXACT: bool;
    /// `self` as a [`Lanes::Wide`].
    fn widen(self) -> Self::Wide;
    /// A sum of up to 1 024 widened values, reduced.
    fn narrow(wide: Self::Wide) -> Self;
}

/// One state's cells in the lanes of vector registers (`COUNT` cells per
/// register, a state of `W` cells in `W / COUNT` of them): the lane-wise
/// arithmetic of [`Lanes`], plus the moves between lanes that a permutation
/// of one state needs (the blocks of four lanes are the 4 × 4 blocks of an
/// external matrix such as Poseidon2's).
///
/// Made only by [`apply_one`] for a [`RowKernel`], once the CPU is known to
/// have the instructions.
pub trait Row: Lanes {
    /// The register of `cells[..COUNT]`.
    fn load(cells: &[Self::Scalar]) -> Self;
    /// The lanes into `cells[..COUNT]`.
    fn store(self, cells: &mut [Self::Scalar]);
    /// `(x_i + c_i)^d` (`d` = 3, 5, 7) with the constant of each lane from
    /// `constants[..COUNT]`.
    fn add_pow_each(self, constants: &[Self::Scalar], d: u64) -> Self;
    /// Lane `4b + j` takes lane `4b + (j + 1) mod 4` (a rotation within
    /// each block of four lanes).
    fn next_in_four(self) -> Self;
    /// Lane `4b + j` takes lane `4b + (j + 2) mod 4`.
    fn opposite_in_four(self) -> Self;
    /// Lane `4b + j` takes lane `4b + (j xor 1)` (the pairs of lanes
    /// `(0, 1)` and `(2, 3)` of each block swapped).
    fn swap_in_pairs(self) -> Self;
    /// Lane `4b + j` takes lane `4b + (j | 1)` (each pair's odd lane in
    /// both of its lanes).
    fn odd_of_pairs(self) -> Self;
    /// The even lanes of `self`, the odd lanes of `odd` (for matrices whose
    /// even and odd rows differ, such as HorizenLabs' 4 × 4 block).
    fn with_odd_lanes(self, odd: Self) -> Self;
    /// Lane `4b + j` takes the sum over the blocks `b'` of lane `4b' + j`
    /// (the column sums of the blocks of four, in every block).
    fn sum_of_fours(self) -> Self;
    /// Every lane takes lane 0.
    fn broadcast_first(self) -> Self;
    /// Lane 0 of `first`, the other lanes of `self`.
    fn with_first(self, first: Self) -> Self;
}

/// `x^d` for `d` = 3, 5 or 7 (anything else is `x^7`), three
/// multiplications deep: `x^7 = x^4 · x^3` with `x^4` and `x^3` side by side.
#[inline(always)]
pub fn small_power<T: Copy + Mul<Output = T>>(x: T, d: u64) -> T {
    let x2 = x * x;
    match d {
        3 => x2 * x,
        5 => (x2 * x2) * x,
        _ => (x2 * x2) * (x2 * x),
    }
}

/// A prime field below `2^31` (its elements fit in a `u32` with one bit to
/// spare, so a sum of two never overflows).
///
/// Elements are always reduced: [`Field31::to_canonical`] gives the value in
/// `0..p`, and the checked constructors refuse anything else
/// ([`Error::NotCanonical`]); the only reducing constructor,
/// [`Field31::from_u64_reduced`], says so in its name.
pub trait Field31:
    Lanes<Scalar = Self> + Eq + Hash + Debug + Display + Default + arch::stored::StoredWord + 'static
{
    /// The modulus `p`.
    const MODULUS: u32;
    /// The field's name in messages, e.g. `"BabyBear"`.
    const NAME: &'static str;
    /// How products are reduced (read by the packed backends).
    const REDUCTION: Reduction;
    /// `0`.
    const ZERO: Self;
    /// `1`.
    const ONE: Self;

    /// The element `value`, or `None` when `value ≥ p`.
    fn from_canonical(value: u32) -> Option<Self>;

    /// `value mod p` (reduces on purpose: for constants and tests, never
    /// for user input).
    fn from_u64_reduced(value: u64) -> Self;

    /// The value in `0..p`.
    fn to_canonical(self) -> u32;

    /// The stored word (the Montgomery form `x · 2^32 mod p`, or `x` for
    /// Mersenne31), below `p`; what the packed lanes hold.
    fn to_stored(self) -> u32;

    /// The element whose stored word is `word`, or `None` when `word ≥ p`.
    fn from_stored(word: u32) -> Option<Self>;

    /// The element `value`, or [`Error::NotCanonical`] when `value ≥ p`.
    #[inline]
    fn try_from_u64(value: u64) -> Result<Self, Error> {
        u32::try_from(value)
            .ok()
            .and_then(Self::from_canonical)
            .ok_or(Error::NotCanonical { field: Self::NAME })
    }

    /// Parses a decimal (or `0x` hexadecimal) number below `p`:
    /// [`Error::MalformedNumber`] for text that is not a number,
    /// [`Error::NotCanonical`] for a value `≥ p`.
    fn from_str_checked(text: &str) -> Result<Self, Error> {
        let [value] =
            algebraic_hash::parse::parse_below::<1>(text, &[u64::from(Self::MODULUS)], Self::NAME)?;
        Self::try_from_u64(value)
    }

    /// `self^exponent` by square-and-multiply.
    fn exp_u64(self, exponent: u64) -> Self {
        let mut result = Self::ONE;
        let mut base = self;
        let mut e = exponent;
        while e > 0 {
            if e & 1 == 1 {
                result *= base;
            }
            base = base.square();
            e >>= 1;
        }
        result
    }
}

/// Implements `Lanes` with one lane and the operator traits' assigning and
/// negating forms for a field type whose `Add`, `Sub` and `Mul` are written.
macro_rules! scalar_lanes {
    ($ty:ty $(, $param:ident: $bound:path)?) => {
        impl$(<$param: $bound>)? $crate::Lanes for $ty {
            type Scalar = Self;
            const COUNT: usize = 1;
            #[inline(always)]
            fn splat(value: Self) -> Self {
                value
            }
            #[inline(always)]
            fn mul_2exp(self, k: u32) -> Self {
                <$ty>::mul_2exp_scalar(self, k)
            }
            #[inline(always)]
            fn div_2exp(self, k: u32) -> Self {
                <$ty>::div_2exp_scalar(self, k)
            }
            /// The stored word (Montgomery's `x · 2^32`, or `x`): the
            /// stored form is additive, so a reduced sum of stored words
            /// is the stored word of the sum.
            type Wide = u64;
            const WIDE_IS_EXACT: bool = true;
            #[inline(always)]
            fn widen(self) -> u64 {
                u64::from(<$ty as $crate::Field31>::to_stored(self))
            }
            #[inline(always)]
            fn narrow(wide: u64) -> Self {
                <$ty>::from_stored_sum(wide)
            }
        }

        impl$(<$param: $bound>)? core::ops::AddAssign for $ty {
            #[inline(always)]
            fn add_assign(&mut self, rhs: Self) {
                *self = *self + rhs;
            }
        }

        impl$(<$param: $bound>)? core::ops::SubAssign for $ty {
            #[inline(always)]
            fn sub_assign(&mut self, rhs: Self) {
                *self = *self - rhs;
            }
        }

        impl$(<$param: $bound>)? core::ops::MulAssign for $ty {
            #[inline(always)]
            fn mul_assign(&mut self, rhs: Self) {
                *self = *self * rhs;
            }
        }

        impl$(<$param: $bound>)? core::ops::Neg for $ty {
            type Output = Self;
            #[inline(always)]
            fn neg(self) -> Self {
                <$ty as $crate::Field31>::ZERO - self
            }
        }

        impl$(<$param: $bound>)? core::fmt::Display for $ty {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                core::fmt::Display::fmt(&$crate::Field31::to_canonical(*self), f)
            }
        }

        impl$(<$param: $bound>)? core::fmt::Debug for $ty {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                core::fmt::Display::fmt(&$crate::Field31::to_canonical(*self), f)
            }
        }

        impl$(<$param: $bound>)? core::str::FromStr for $ty {
            type Err = algebraic_hash::Error;
            /// [`Field31::from_str_checked`](crate::Field31::from_str_checked).
            fn from_str(text: &str) -> Result<Self, algebraic_hash::Error> {
                <$ty as $crate::Field31>::from_str_checked(text)
            }
        }
    };
}
pub(crate) use scalar_lanes;

/// `a + b mod p` of two stored words below `p < 2^31` (no overflow).
#[inline(always)]
pub(crate) const fn add_mod(a: u32, b: u32, p: u32) -> u32 {
    let sum = a + b;
    let reduced = sum.wrapping_sub(p);
    // `sum < p` exactly when the subtraction wraps above `sum`.
    if reduced < sum { reduced } else { sum }
}

/// `x · 2^-k mod p` of a stored word `x < p` for `p = (2^m − 1) · 2^s + 1`
/// and `k ≤ s`, by shifts: with `t = −x mod 2^k`, `x + t·p` is a multiple
/// of `2^k`, and `(x + t·p) / 2^k = (x + t) / 2^k + t·(2^m − 1)·2^(s−k)`,
/// below `2p` (one subtraction). Montgomery form is kept: the stored word
/// of `a` is `a · 2^32`, and `(a · 2^32) · 2^-k` is that of `a · 2^-k`.
#[inline(always)]
pub(crate) const fn div_2exp_shifts(x: u32, k: u32, p: u32, s: u32, m: u32) -> u32 {
    let t = 0u32.wrapping_sub(x) & ((1u32 << k) - 1);
    let high = (x + t) >> k;
    let tc = (t << (s - k + m)).wrapping_sub(t << (s - k));
    let r = high + tc;
    let reduced = r.wrapping_sub(p);
    if reduced < r { reduced } else { r }
}

/// `a - b mod p` of two stored words below `p`.
#[inline(always)]
pub(crate) const fn sub_mod(a: u32, b: u32, p: u32) -> u32 {
    let (diff, borrow) = a.overflowing_sub(b);
    if borrow { diff.wrapping_add(p) } else { diff }
}
