//! BabyBear and KoalaBear: 31-bit primes in Montgomery form, as Plonky3
//! stores them (`R = 2^32`).
//!
//! The two fields differ only by their modulus, so the arithmetic is written
//! once over [`MontyParams`]. Montgomery form makes a product one 32 × 32 →
//! 64-bit multiplication, one 32-bit multiplication by `p^-1` and one
//! 32 × 32 → 64-bit multiplication by `p`, with no division; the same three
//! steps vectorise lane by lane (the packed backends in `arch`).

use core::hash::{Hash, Hasher};
use core::marker::PhantomData;
use core::ops::{Add, Mul, Sub};

use crate::{Field31, Reduction, add_mod, div_2exp_shifts, scalar_lanes, sub_mod};

/// The constants of a Montgomery-form 31-bit field.
pub trait MontyParams: Copy + Send + Sync + 'static {
    /// The modulus `p < 2^31`.
    const MODULUS: u32;
    /// The field's name in messages.
    const NAME: &'static str;
}

/// `p^-1 mod 2^32` by Newton's iteration (each step doubles the correct
/// low bits; `p` is odd, so `p` itself is right to 3 bits).
const fn inverse_mod_2_32(p: u32) -> u32 {
    let mut inv = p;
    let mut i = 0;
    while i < 4 {
        inv = inv.wrapping_mul(2u32.wrapping_sub(p.wrapping_mul(inv)));
        i += 1;
    }
    inv
}

/// Montgomery reduction: `x · 2^-32 mod p` for `x < p · 2^32`, in `0..p`.
#[inline(always)]
pub(crate) const fn monty_reduce(x: u64, p: u32, mu: u32) -> u32 {
    // q·p agrees with x in its low 32 bits, so x − q·p is a multiple of
    // 2^32 in (−p·2^32, p·2^32).
    let q = (x as u32).wrapping_mul(mu);
    let qp = q as u64 * p as u64;
    let (diff, borrow) = x.overflowing_sub(qp);
    let high = (diff >> 32) as u32;
    if borrow { high.wrapping_add(p) } else { high }
}

/// An element of the field `P` in Montgomery form: the stored word is
/// `x · 2^32 mod p`, always below `p`. `#[repr(transparent)]`: the packed
/// backends load and store states of it in place.
#[repr(transparent)]
pub struct Monty<P: MontyParams> {
    word: u32,
    _field: PhantomData<P>,
}

/// `(s, m)` with `p = c · 2^s + 1`, `c = 2^m − 1`; `m = 0` when `c + 1`
/// is not a power of two.
const fn shape(p: u32) -> (u32, u32) {
    let s = (p - 1).trailing_zeros();
    let c = (p - 1) >> s;
    if (c + 1).is_power_of_two() {
        (s, (c + 1).trailing_zeros())
    } else {
        (s, 0)
    }
}

impl<P: MontyParams> Monty<P> {
    const MU: u32 = inverse_mod_2_32(P::MODULUS);

    const SHAPE: (u32, u32) = shape(P::MODULUS);

    /// `⌊2^58 / p⌋`, the quotient estimate's factor in `from_stored_sum`.
    const SUM_QUOTIENT: u64 = (1 << 58) / P::MODULUS as u64;

    /// The element whose stored word is `sum mod p` (`Lanes::narrow`), for
    /// `sum < 2^41`. Barrett on the bits above 26: with `y = ⌊sum / 2^26⌋`,
    /// `q = ⌊y · ⌊2^58/p⌋ / 2^32⌋` is at most `sum / p` and less than it by
    /// under `1 + 2^26/p + y/2^32 < 2` (`p > 2^30`), so `sum − q·p < 2p`
    /// takes one subtraction. Multiplications only: `u64 % p` is a
    /// division on targets without a 128-bit product (wasm32).
    #[inline(always)]
    fn from_stored_sum(sum: u64) -> Self {
        const { assert!(P::MODULUS > 1 << 30) };
        let p = P::MODULUS;
        let q = ((sum >> 26) * Self::SUM_QUOTIENT) >> 32;
        let r = (sum - q * u64::from(p)) as u32;
        let reduced = r.wrapping_sub(p);
        Self::from_word(if reduced < r { reduced } else { r })
    }

    /// `x · 2^k`: doublings for `k ≤ 3`, else one multiplication.
    #[inline(always)]
    fn mul_2exp_scalar(self, k: u32) -> Self {
        if k <= 3 {
            let mut x = self;
            for _ in 0..k {
                x = x + x;
            }
            x
        } else {
            self * Self::new_reduced(1 << k)
        }
    }

    /// `x · 2^-k`: shifts when `p` has the shape for it and `k ≤ s`,
    /// else one multiplication.
    #[inline(always)]
    fn div_2exp_scalar(self, k: u32) -> Self {
        let (s, m) = Self::SHAPE;
        if k == 0 {
            self
        } else if m != 0 && k <= s {
            Self::from_word(div_2exp_shifts(self.word, k, P::MODULUS, s, m))
        } else {
            // 2^-k = ((p + 1) / 2)^k.
            self * Self::new_reduced(P::MODULUS.div_ceil(2)).exp_u64(u64::from(k))
        }
    }

    /// The element `value mod p` (for constant tables: `const` and
    /// reducing; user input goes through [`Field31::from_canonical`]).
    pub const fn new_reduced(value: u32) -> Self {
        Self::from_word((((value as u64) << 32) % P::MODULUS as u64) as u32)
    }

    /// [`Monty::new_reduced`] of every entry.
    pub const fn new_array<const N: usize>(values: [u32; N]) -> [Self; N] {
        let mut out = [Self::from_word(0); N];
        let mut i = 0;
        while i < N {
            out[i] = Self::new_reduced(values[i]);
            i += 1;
        }
        out
    }

    #[inline(always)]
    const fn from_word(word: u32) -> Self {
        Self {
            word,
            _field: PhantomData,
        }
    }
}

impl<P: MontyParams> Clone for Monty<P> {
    #[inline(always)]
    fn clone(&self) -> Self {
        *self
    }
}
impl<P: MontyParams> Copy for Monty<P> {}

impl<P: MontyParams> PartialEq for Monty<P> {
    #[inline(always)]
    fn eq(&self, other: &Self) -> bool {
        self.word == other.word
    }
}
impl<P: MontyParams> Eq for Monty<P> {}

impl<P: MontyParams> Hash for Monty<P> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.to_canonical().hash(state);
    }
}

impl<P: MontyParams> Default for Monty<P> {
    fn default() -> Self {
        Self::from_word(0)
    }
}

impl<P: MontyParams> Add for Monty<P> {
    type Output = Self;
    #[inline(always)]
    fn add(self, rhs: Self) -> Self {
        Self::from_word(add_mod(self.word, rhs.word, P::MODULUS))
    }
}

impl<P: MontyParams> Sub for Monty<P> {
    type Output = Self;
    #[inline(always)]
    fn sub(self, rhs: Self) -> Self {
        Self::from_word(sub_mod(self.word, rhs.word, P::MODULUS))
    }
}

impl<P: MontyParams> Mul for Monty<P> {
    type Output = Self;
    #[inline(always)]
    fn mul(self, rhs: Self) -> Self {
        let product = self.word as u64 * rhs.word as u64;
        Self::from_word(monty_reduce(product, P::MODULUS, Self::MU))
    }
}

scalar_lanes!(Monty<P>, P: MontyParams);

impl<P: MontyParams> Field31 for Monty<P> {
    const MODULUS: u32 = P::MODULUS;
    const NAME: &'static str = P::NAME;
    const REDUCTION: Reduction = Reduction::Montgomery {
        mu: Self::MU,
        two_adicity: Self::SHAPE.0,
        c_bits: Self::SHAPE.1,
    };
    const ZERO: Self = Self::from_word(0);
    const ONE: Self = Self::new_reduced(1);

    #[inline]
    fn from_canonical(value: u32) -> Option<Self> {
        (value < P::MODULUS).then(|| Self::new_reduced(value))
    }

    #[inline]
    fn from_u64_reduced(value: u64) -> Self {
        Self::new_reduced((value % u64::from(P::MODULUS)) as u32)
    }

    #[inline]
    fn to_canonical(self) -> u32 {
        monty_reduce(u64::from(self.word), P::MODULUS, Self::MU)
    }

    #[inline(always)]
    fn to_stored(self) -> u32 {
        self.word
    }

    #[inline(always)]
    fn from_stored(word: u32) -> Option<Self> {
        (word < P::MODULUS).then_some(Self::from_word(word))
    }
}

/// BabyBear's modulus `p = 15 · 2^27 + 1 = 2^31 − 2^27 + 1`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BabyBearParams;

impl MontyParams for BabyBearParams {
    const MODULUS: u32 = 0x7800_0001;
    const NAME: &'static str = "BabyBear";
}

/// KoalaBear's modulus `p = 2^31 − 2^24 + 1`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KoalaBearParams;

impl MontyParams for KoalaBearParams {
    const MODULUS: u32 = 0x7f00_0001;
    const NAME: &'static str = "KoalaBear";
}

/// BabyBear, `p = 2^31 − 2^27 + 1` (RISC Zero, SP1 before v4, OpenVM,
/// Plonky3), in Montgomery form.
pub type BabyBear = Monty<BabyBearParams>;

/// KoalaBear, `p = 2^31 − 2^24 + 1` (SP1 v4 and later, Plonky3), in
/// Montgomery form.
pub type KoalaBear = Monty<KoalaBearParams>;
