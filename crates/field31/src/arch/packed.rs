//! Field arithmetic on packed 32-bit lanes, written once over the vector
//! primitives of a backend ([`Simd`]): AVX2 and AVX-512 supply only the
//! instructions.
//!
//! Lanes hold stored words below `p` (Montgomery form for BabyBear and
//! KoalaBear, the value for Mersenne31). A sum or difference is corrected
//! with an unsigned minimum (`min(s, s − p)` picks the one below `p`); a
//! product is formed in 64-bit halves, even lanes and odd lanes apart,
//! since the CPU multiplies 32 × 32 → 64 only in the even 32-bit slots.

use core::marker::PhantomData;
use core::ops::{Add, AddAssign, Mul, MulAssign, Neg, Sub, SubAssign};

use super::moves::Register;
use crate::{Field31, Lanes, Reduction};

/// The vector instructions the packed arithmetic needs.
///
/// # Safety
/// Implementations use instructions a CPU may lack: each function may only
/// run where the backend is available.
pub(super) unsafe trait Simd: Copy + Send + Sync + 'static {
    /// The register.
    type V: Copy + Send + Sync;
    /// 32-bit lanes per register.
    const N: usize;
    /// Every 32-bit lane `x`.
    unsafe fn splat32(x: u32) -> Self::V;
    /// Lane-wise 32-bit wrapping sum.
    unsafe fn add32(a: Self::V, b: Self::V) -> Self::V;
    /// Lane-wise 32-bit wrapping difference.
    unsafe fn sub32(a: Self::V, b: Self::V) -> Self::V;
    /// Lane-wise unsigned 32-bit minimum.
    unsafe fn min32(a: Self::V, b: Self::V) -> Self::V;
    /// Products of the even 32-bit lanes, as 64-bit lanes.
    unsafe fn mul_even(a: Self::V, b: Self::V) -> Self::V;
    /// Signed products of the even 32-bit lanes, as 64-bit lanes.
    unsafe fn mul_even_signed(a: Self::V, b: Self::V) -> Self::V;
    /// `a` unchanged, through an empty `asm!` that the compiler cannot see
    /// through: it stops LLVM from replacing `q = x·mu` followed by `q·p`
    /// (of which only `q`'s low half matters) by a 64-bit `vpmullq` plus a
    /// shift, three instructions where one suffices.
    unsafe fn opaque(a: Self::V) -> Self::V;
    /// Every 32-bit lane `c − p` (wrapping), for a round constant `c`:
    /// the scalar difference broadcast (AVX-512, whose sums take a
    /// broadcast operand from memory), or on AVX2 the broadcast `c` less
    /// a register of `p` (see the backend).
    unsafe fn splat_minus(c: u32, p: u32) -> Self::V;
    /// Lane-wise 64-bit wrapping sum.
    unsafe fn add64(a: Self::V, b: Self::V) -> Self::V;
    /// Bitwise and.
    unsafe fn and(a: Self::V, b: Self::V) -> Self::V;
    /// `!a & b`.
    unsafe fn andnot(a: Self::V, b: Self::V) -> Self::V;
    /// Each 32-bit lane's sign bit copied into all its bits (arithmetic
    /// shift right by 31).
    unsafe fn sign32(a: Self::V) -> Self::V;
    /// Each 32-bit lane shifted left by the matching lane of `count`.
    unsafe fn shl32(a: Self::V, count: Self::V) -> Self::V;
    /// Each 32-bit lane shifted right by the matching lane of `count`.
    unsafe fn shr32(a: Self::V, count: Self::V) -> Self::V;
    /// Each 64-bit lane shifted right by 32 (odd 32-bit lanes to even).
    unsafe fn shr64_32(a: Self::V) -> Self::V;
    /// Each 64-bit lane shifted right by 31.
    unsafe fn shr64_31(a: Self::V) -> Self::V;
    /// Each 64-bit lane shifted left by 32 (even 32-bit lanes to odd).
    unsafe fn shl64_32(a: Self::V) -> Self::V;
    /// Even 32-bit lanes of `even`, odd 32-bit lanes of `odd`.
    unsafe fn blend_odd(even: Self::V, odd: Self::V) -> Self::V;
    /// Each odd 32-bit lane copied into the even lane below it (a shuffle,
    /// not a shift: it runs beside the shifts and multiplications).
    unsafe fn odd_to_even(a: Self::V) -> Self::V;
    /// The high halves of the 64-bit lanes of `even_src` (into the even
    /// 32-bit lanes) and of `odd_src` (into the odd ones).
    unsafe fn high_halves(even_src: Self::V, odd_src: Self::V) -> Self::V;
    /// `a | (b & mask)` (AVX-512: one ternary-logic instruction).
    unsafe fn or_and(a: Self::V, b: Self::V, mask: Self::V) -> Self::V;
    /// `a + b` in the lanes where `test & bits` is not zero, `src` in the
    /// others (AVX-512: a test into a mask register and a masked sum).
    unsafe fn add_where(
        src: Self::V,
        test: Self::V,
        bits: Self::V,
        a: Self::V,
        b: Self::V,
    ) -> Self::V;
    /// `a − b` in the lanes where `test & bits` is not zero, `src` in the
    /// others.
    unsafe fn sub_where(
        src: Self::V,
        test: Self::V,
        bits: Self::V,
        a: Self::V,
        b: Self::V,
    ) -> Self::V;
}

/// The moves between the lanes of a register of two blocks of four (8
/// lanes) that hold cells of one state (see [`crate::Row`]). Only AVX2
/// has them: measured on one AVX-512 register, a 16-cell state took 1.18
/// times as long as in two AVX2 registers (BabyBear 16; NOTES of the
/// Poseidon2 crate).
///
/// # Safety
/// As [`Simd`]: the functions may only run where the backend is available.
pub(super) unsafe trait Moves: Simd {
    /// Lane `4b + j` takes lane `4b + (j + 1) mod 4` (a rotation within
    /// each block of four lanes; one in-lane shuffle).
    unsafe fn next_in_four(a: Self::V) -> Self::V;
    /// Lane `4b + j` takes lane `4b + (j + 2) mod 4`.
    unsafe fn opposite_in_four(a: Self::V) -> Self::V;
    /// Lane `4b + j` takes lane `4b + (j xor 1)`.
    unsafe fn swap_in_pairs(a: Self::V) -> Self::V;
    /// The two blocks swapped.
    unsafe fn swap_halves(a: Self::V) -> Self::V;
    /// Every lane takes lane 0.
    unsafe fn broadcast_first(a: Self::V) -> Self::V;
    /// Lane 0 of `first`, the other lanes of `rest`.
    unsafe fn with_first(rest: Self::V, first: Self::V) -> Self::V;
}

/// `N` elements of `F` side by side in a register of backend `S`.
///
/// Only [`super::apply_many`] makes them, after checking the CPU.
#[derive(Clone, Copy)]
pub(super) struct Packed<S: Simd, F> {
    v: S::V,
    _field: PhantomData<F>,
}

impl<S: Simd, F: Field31> Packed<S, F> {
    #[inline(always)]
    pub(super) fn from_vector(v: S::V) -> Self {
        Self {
            v,
            _field: PhantomData,
        }
    }

    /// The register.
    #[inline(always)]
    pub(super) fn vector(self) -> S::V {
        self.v
    }

    /// `(x + c)^d` with the constants given as the words `c − p` (see
    /// `SignedMonty::add_pow`).
    #[inline(always)]
    fn add_pow_minus_p(self, c_minus_p: S::V, d: u64) -> Self {
        match F::REDUCTION {
            Reduction::Montgomery { mu, .. } => Self::from_vector(
                // SAFETY: a `Packed<S, F>` exists only where `S` is
                // available (see below).
                unsafe {
                    let monty = SignedMonty::<S> {
                        p: S::splat32(F::MODULUS),
                        mu: S::splat32(mu),
                    };
                    monty.add_pow(self.v, c_minus_p, d)
                },
            ),
            Reduction::Mersenne => Self::from_vector(
                // SAFETY: as above.
                unsafe {
                    let mersenne = SignedMersenne::<S> {
                        p: S::splat32(F::MODULUS),
                    };
                    mersenne.add_pow(self.v, c_minus_p, d)
                },
            ),
        }
    }

    /// `r` in `0..p` from `r` in `0..2p` (as a 32-bit word).
    #[inline(always)]
    unsafe fn reduce_once(r: S::V) -> S::V {
        // SAFETY: the caller runs on a CPU with the backend's instructions.
        unsafe { S::min32(r, S::sub32(r, S::splat32(F::MODULUS))) }
    }
}

/// Signed Montgomery arithmetic of the S-box (BabyBear, KoalaBear): values
/// in `(−p, p]` as signed 32-bit words and products of two of them as
/// signed 64-bit lanes, reduced only as far as the next product needs.
/// A product `x` with `|x| ≤ p²` reduces with a signed `q = x·mu mod 2^32`
/// to `(x − q·p)/2^32`, which lies in `(−p, p)` since `|q| ≤ 2^31` and
/// `p < 2^31` (then `p²/2^32 < p/2`).
///
/// # Safety
/// The functions may only run where the backend `S` is available.
struct SignedMonty<S: Simd> {
    p: S::V,
    mu: S::V,
}

impl<S: Simd> SignedMonty<S> {
    /// The reduced product `x·2^-32` of 64-bit lanes `x` (`|x| ≤ p²`), in
    /// `(−p, p)`, in both 32-bit halves of each 64-bit lane.
    #[inline(always)]
    unsafe fn reduce(&self, x: S::V) -> S::V {
        // SAFETY: the caller runs where `S` is available. The low halves
        // of `x` and `q·p` agree, so the 32-bit difference of the high
        // halves is that of the 64-bit lanes (no borrow).
        unsafe {
            let q = S::opaque(S::mul_even_signed(x, self.mu));
            let qp = S::mul_even_signed(q, self.p);
            S::odd_to_even(S::sub32(x, qp))
        }
    }

    /// `h^d` (`d` = 3, 5, 7) of the even 32-bit lanes `h` (`|h| ≤ p`), as
    /// unreduced signed 64-bit products (`|·| ≤ p²`).
    #[inline(always)]
    unsafe fn pow_even(&self, h: S::V, d: u64) -> S::V {
        // SAFETY: the caller runs where `S` is available.
        unsafe {
            let h2 = self.reduce(S::mul_even_signed(h, h));
            match d {
                3 => S::mul_even_signed(h2, h),
                5 => S::mul_even_signed(self.reduce(S::mul_even_signed(h2, h2)), h),
                _ => S::mul_even_signed(
                    self.reduce(S::mul_even_signed(h2, h2)),
                    self.reduce(S::mul_even_signed(h2, h)),
                ),
            }
        }
    }

    /// `(x + c)^d` of stored words `x`, `c` below `p` (given as the 32-bit
    /// words `c − p`, for a broadcast constant formed before the broadcast:
    /// one vector instruction less per S-box), as stored words below `p`:
    /// `x + c − p` lies in `[−p, p)` and needs no reduction before the
    /// products; the even and odd lanes are reduced together at the end.
    #[inline(always)]
    unsafe fn add_pow(&self, x: S::V, c_minus_p: S::V, d: u64) -> S::V {
        // SAFETY: the caller runs where `S` is available.
        unsafe {
            let t = S::add32(x, c_minus_p);
            let even = self.pow_even(t, d);
            let odd = self.pow_even(S::odd_to_even(t), d);
            let qp_even = S::mul_even_signed(S::opaque(S::mul_even_signed(even, self.mu)), self.p);
            let qp_odd = S::mul_even_signed(S::opaque(S::mul_even_signed(odd, self.mu)), self.p);
            // In (−p, p); a negative one is brought up by p (a minimum, as
            // in `Mul`). The differences first (their high halves are those
            // of the 64-bit differences: the low halves agree), then one
            // gathering of the high halves (AVX2: a shuffle and a blend
            // fewer than gathering both operands).
            let r = S::high_halves(S::sub32(even, qp_even), S::sub32(odd, qp_odd));
            S::min32(r, S::add32(r, self.p))
        }
    }
}

/// Signed Mersenne31 arithmetic of the S-box: values in `[−p, p]` as signed
/// 32-bit words, products of two of them as signed 64-bit lanes. A product
/// `x` (`|x| ≤ p²`) folds with `2^31 ≡ 1`: `x ≡ (x >> 31) + (x mod 2^31)`.
///
/// # Safety
/// The functions may only run where the backend `S` is available.
struct SignedMersenne<S: Simd> {
    p: S::V,
}

impl<S: Simd> SignedMersenne<S> {
    /// A square `x ∈ [0, p²]` (64-bit lanes) as a value in `[−p, p)` in the
    /// low half of each 64-bit lane: `(x >> 31) − (p − x mod 2^31)`, both
    /// terms in `[0, p]`.
    #[inline(always)]
    unsafe fn reduce_square(&self, x: S::V) -> S::V {
        // SAFETY: the caller runs where `S` is available.
        unsafe { S::sub32(S::shr64_31(x), S::andnot(x, self.p)) }
    }

    /// `h^d` (`d` = 3, 5, 7) of the even 32-bit lanes `h` (`|h| ≤ p`), as
    /// unreduced signed 64-bit products (`|·| ≤ p²`).
    #[inline(always)]
    unsafe fn pow_even(&self, h: S::V, d: u64) -> S::V {
        // SAFETY: the caller runs where `S` is available.
        unsafe {
            let h2 = self.reduce_square(S::mul_even_signed(h, h));
            match d {
                3 => S::mul_even_signed(h2, h),
                5 => S::mul_even_signed(self.reduce_square(S::mul_even_signed(h2, h2)), h),
                _ => {
                    // h^3 is not a square: fold its sign as `reduce` does.
                    let h3 = self.reduce(S::mul_even_signed(h2, h), S::splat32(0));
                    let h4 = self.reduce_square(S::mul_even_signed(h2, h2));
                    S::mul_even_signed(h4, h3)
                }
            }
        }
    }

    /// The 64-bit lanes `even` and `odd` (`|·| ≤ p²`), reduced below `p`
    /// into the even and odd 32-bit lanes.
    #[inline(always)]
    unsafe fn reduce(&self, even: S::V, odd: S::V) -> S::V {
        // SAFETY: the caller runs where `S` is available.
        unsafe {
            // Bits 31..62 (a signed value in (−p, p)) and bits 0..30 of
            // each product: `2x` puts the odd product's bits 31..62 in its
            // high half.
            let high = S::blend_odd(S::shr64_31(even), S::add64(odd, odd));
            let low = S::and(S::blend_odd(even, S::shl64_32(odd)), self.p);
            // t = high + low lies in [0, 2p) when high ≥ 0, in (−p, p)
            // otherwise: subtract p or add it, and keep the smaller word.
            let t = S::add32(high, low);
            let two_p = S::add32(self.p, self.p);
            let correction = S::sub32(self.p, S::and(S::sign32(high), two_p));
            S::min32(t, S::sub32(t, correction))
        }
    }

    /// `(x + c)^d` of words `x`, `c` below `p` (given as `c − p`, as in
    /// `SignedMonty::add_pow`): `x + c − p` lies in `[−p, p)`, so the
    /// products need no reduction before they start.
    #[inline(always)]
    unsafe fn add_pow(&self, x: S::V, c_minus_p: S::V, d: u64) -> S::V {
        // SAFETY: the caller runs where `S` is available.
        unsafe {
            let t = S::add32(x, c_minus_p);
            let even = self.pow_even(t, d);
            let odd = self.pow_even(S::odd_to_even(t), d);
            self.reduce(even, odd)
        }
    }
}

// SAFETY (of every `unsafe` block below): a `Packed<S, F>` exists only
// inside `apply_many` of backend `S`, which runs after the check that the
// CPU has `S`'s instructions.

impl<S: Simd, F: Field31> Add for Packed<S, F> {
    type Output = Self;
    #[inline(always)]
    fn add(self, rhs: Self) -> Self {
        // SAFETY: see above.
        Self::from_vector(unsafe { Self::reduce_once(S::add32(self.v, rhs.v)) })
    }
}

impl<S: Simd, F: Field31> Sub for Packed<S, F> {
    type Output = Self;
    #[inline(always)]
    fn sub(self, rhs: Self) -> Self {
        // SAFETY: see above. A wrapped difference is ≥ 2^32 − p, and adding
        // p brings it below p; an unwrapped one is the smaller.
        Self::from_vector(unsafe {
            let d = S::sub32(self.v, rhs.v);
            S::min32(d, S::add32(d, S::splat32(F::MODULUS)))
        })
    }
}

impl<S: Simd, F: Field31> Neg for Packed<S, F> {
    type Output = Self;
    #[inline(always)]
    fn neg(self) -> Self {
        // SAFETY: see above.
        Self::from_vector(unsafe { S::splat32(0) }) - self
    }
}

impl<S: Simd, F: Field31> Mul for Packed<S, F> {
    type Output = Self;
    #[inline(always)]
    fn mul(self, rhs: Self) -> Self {
        // SAFETY: see above.
        Self::from_vector(unsafe {
            let p = S::splat32(F::MODULUS);
            let prod_even = S::mul_even(self.v, rhs.v);
            let prod_odd = S::mul_even(S::odd_to_even(self.v), S::odd_to_even(rhs.v));
            match F::REDUCTION {
                Reduction::Montgomery { mu, .. } => {
                    // Per 64-bit product x: q = x·mu mod 2^32, so x and
                    // q·p agree in their low halves and x·2^-32 is the
                    // difference of their high halves, in (−p, p); adding
                    // p to a negative one is a minimum.
                    let mu = S::splat32(mu);
                    let qp_even = S::mul_even(S::opaque(S::mul_even(prod_even, mu)), p);
                    let qp_odd = S::mul_even(S::opaque(S::mul_even(prod_odd, mu)), p);
                    let t = S::sub32(
                        S::high_halves(prod_even, prod_odd),
                        S::high_halves(qp_even, qp_odd),
                    );
                    S::min32(t, S::add32(t, p))
                }
                Reduction::Mersenne => {
                    // Per 64-bit product x < 2^62: (x mod 2^31) + (x >> 31),
                    // below 2p.
                    let low31 = S::shr64_32(S::shl64_32(p));
                    let fold_even = S::add64(S::and(prod_even, low31), S::shr64_31(prod_even));
                    let fold_odd = S::add64(S::and(prod_odd, low31), S::shr64_31(prod_odd));
                    Self::reduce_once(S::blend_odd(fold_even, S::shl64_32(fold_odd)))
                }
            }
        })
    }
}

impl<S: Simd, F: Field31> AddAssign for Packed<S, F> {
    #[inline(always)]
    fn add_assign(&mut self, rhs: Self) {
        *self = *self + rhs;
    }
}

impl<S: Simd, F: Field31> SubAssign for Packed<S, F> {
    #[inline(always)]
    fn sub_assign(&mut self, rhs: Self) {
        *self = *self - rhs;
    }
}

impl<S: Simd, F: Field31> MulAssign for Packed<S, F> {
    #[inline(always)]
    fn mul_assign(&mut self, rhs: Self) {
        *self = *self * rhs;
    }
}

impl<S: Simd, F: Field31> Lanes for Packed<S, F> {
    type Scalar = F;
    const COUNT: usize = S::N;
    type Wide = Self;
    const WIDE_IS_EXACT: bool = false;
    #[inline(always)]
    fn widen(self) -> Self {
        self
    }
    #[inline(always)]
    fn narrow(wide: Self) -> Self {
        wide
    }
    #[inline(always)]
    fn splat(value: F) -> Self {
        // SAFETY: see above.
        Self::from_vector(unsafe { S::splat32(value.to_stored()) })
    }

    #[inline(always)]
    fn add_pow(self, c: F, d: u64) -> Self {
        // SAFETY: see above.
        let c_minus_p = unsafe { S::splat_minus(c.to_stored(), F::MODULUS) };
        self.add_pow_minus_p(c_minus_p, d)
    }

    #[inline(always)]
    fn mul_2exp(self, k: u32) -> Self {
        match F::REDUCTION {
            // A rotation of the 31 bits (2^31 ≡ 1), as the scalar code.
            Reduction::Mersenne if k > 0 => Self::from_vector(
                // SAFETY: see above.
                unsafe {
                    let p = S::splat32(F::MODULUS);
                    S::or_and(
                        S::shr32(self.v, S::splat32(31 - k)),
                        S::shl32(self.v, S::splat32(k)),
                        p,
                    )
                },
            ),
            _ if k <= 3 => {
                let mut x = self;
                for _ in 0..k {
                    x = x + x;
                }
                x
            }
            _ => self * Self::splat(F::from_u64_reduced(1 << k)),
        }
    }

    #[inline(always)]
    fn div_2exp(self, k: u32) -> Self {
        match F::REDUCTION {
            _ if k == 0 => self,
            Reduction::Mersenne => self.mul_2exp(31 - k),
            Reduction::Montgomery { .. } if k == 1 => Self::from_vector(
                // SAFETY: see above. x / 2 is x >> 1 for an even x and
                // (x >> 1) + (p + 1) / 2 for an odd one, below p.
                unsafe {
                    let shifted = S::shr32(self.v, S::splat32(1));
                    let one = S::splat32(1);
                    S::add_where(
                        shifted,
                        self.v,
                        one,
                        shifted,
                        S::splat32(F::MODULUS.div_ceil(2)),
                    )
                },
            ),
            Reduction::Montgomery {
                two_adicity: s,
                c_bits: m,
                ..
            } if m != 0 && k <= s => Self::from_vector(
                // SAFETY: see above. The lane-wise form of the scalar
                // `div_2exp_shifts`.
                unsafe {
                    let t = S::and(S::sub32(S::splat32(0), self.v), S::splat32((1u32 << k) - 1));
                    let high = S::shr32(S::add32(self.v, t), S::splat32(k));
                    let tc = S::sub32(
                        S::shl32(t, S::splat32(s - k + m)),
                        S::shl32(t, S::splat32(s - k)),
                    );
                    Self::reduce_once(S::add32(high, tc))
                },
            ),
            _ => {
                let half = F::from_u64_reduced(u64::from(F::MODULUS).div_ceil(2));
                self * Self::splat(half.exp_u64(u64::from(k)))
            }
        }
    }

    #[inline(always)]
    fn sum_plus_div_2exp(sum: Self, x: Self, k: u32, negative: bool) -> Self {
        match F::REDUCTION {
            Reduction::Montgomery {
                two_adicity: s,
                c_bits: m,
                ..
            } if m != 0 && 2 <= k && k <= s => {
                // SAFETY: see above. With p = r·2^s + 1, r = 2^m − 1:
                // −2^-k ≡ r·2^(s−k), so for x = lo + 2^k·hi (lo < 2^k),
                // −x·2^-k ≡ r·2^(s−k)·lo − hi. When lo > 0, hi < r·2^(s−k)
                // ≤ r·2^(s−k)·lo < p and the difference is in [1, p); when
                // lo = 0 it is p − hi, in (0, p]. So `y = −x·2^-k` lies in
                // [0, p], which a sum (`sum + y < 2p`) or a difference
                // (`sum − y > −p`) reduces as it would a canonical word.
                let y = Self::from_vector(unsafe {
                    let low = S::splat32((1 << k) - 1);
                    let lo = S::and(x.v, low);
                    let hi = S::shr32(x.v, S::splat32(k));
                    let lo_times_r = S::sub_where(
                        S::splat32(F::MODULUS),
                        x.v,
                        low,
                        S::shl32(lo, S::splat32(s - k + m)),
                        S::shl32(lo, S::splat32(s - k)),
                    );
                    S::sub32(lo_times_r, hi)
                });
                if negative { sum + y } else { sum - y }
            }
            _ => {
                let scaled = x.div_2exp(k);
                if negative { sum - scaled } else { sum + scaled }
            }
        }
    }
}

/// The operations of [`crate::Row`] that the lane-wise arithmetic does not
/// have (the trait is implemented in the backend's module, which knows the
/// register's width).
impl<S: Moves, F: Field31> Packed<S, F> {
    #[inline(always)]
    pub(super) fn row_add_pow_each(self, constants: S::V, d: u64) -> Self {
        // SAFETY: a `Packed<S, F>` exists only where `S` is available.
        let c_minus_p = unsafe { S::sub32(constants, S::splat32(F::MODULUS)) };
        self.add_pow_minus_p(c_minus_p, d)
    }

    #[inline(always)]
    pub(super) fn row_next_in_four(self) -> Self {
        // SAFETY: as above.
        Self::from_vector(unsafe { S::next_in_four(self.v) })
    }

    #[inline(always)]
    pub(super) fn row_opposite_in_four(self) -> Self {
        // SAFETY: as above.
        Self::from_vector(unsafe { S::opposite_in_four(self.v) })
    }

    #[inline(always)]
    pub(super) fn row_swap_in_pairs(self) -> Self {
        // SAFETY: as above.
        Self::from_vector(unsafe { S::swap_in_pairs(self.v) })
    }

    #[inline(always)]
    pub(super) fn row_odd_of_pairs(self) -> Self {
        // SAFETY: as above.
        Self::from_vector(unsafe { S::odd_to_even(self.v) })
    }

    #[inline(always)]
    pub(super) fn row_with_odd_lanes(self, odd: Self) -> Self {
        // SAFETY: as above.
        Self::from_vector(unsafe { S::blend_odd(self.v, odd.v) })
    }

    /// Column sums of the two blocks of four: the halves swapped and
    /// added.
    #[inline(always)]
    pub(super) fn row_sum_of_fours(self) -> Self {
        // SAFETY: as above.
        self + Self::from_vector(unsafe { S::swap_halves(self.v) })
    }

    #[inline(always)]
    pub(super) fn row_broadcast_first(self) -> Self {
        // SAFETY: as above.
        Self::from_vector(unsafe { S::broadcast_first(self.v) })
    }

    #[inline(always)]
    pub(super) fn row_with_first(self, first: Self) -> Self {
        // SAFETY: as above.
        Self::from_vector(unsafe { S::with_first(self.v, first.v) })
    }
}

/// Loads and stores through a `[u32; N]` buffer.
///
/// # Safety
/// As [`Simd`]: the functions may only run where the backend is available.
pub(super) unsafe trait Memory<const N: usize>: Simd {
    /// The words as one register.
    unsafe fn load(words: &[u32; N]) -> Self::V;
    /// The register's words.
    unsafe fn store(v: Self::V, words: &mut [u32; N]);
}

// SAFETY: the loads and stores run only where the backend is available (the
// contract of `Register`, passed on from `Memory`).
unsafe impl<S: Memory<N>, F: Field31, const N: usize> Register<N> for Packed<S, F> {
    #[inline(always)]
    unsafe fn load(words: &[u32; N]) -> Self {
        // SAFETY: the caller's contract.
        Self::from_vector(unsafe { S::load(words) })
    }
    #[inline(always)]
    unsafe fn store(self, words: &mut [u32; N]) {
        // SAFETY: the caller's contract.
        unsafe { S::store(self.v, words) }
    }
}

/// Implements [`Simd`] and [`Memory`] for a backend from its intrinsics
/// (the backends differ only in these names), and its `apply_many`.
macro_rules! simd_backend {
    (
        $backend:ident, $v:ty, $n:literal, $features:literal, $name:literal,
        splat32 = $splat32:path, add32 = $add32:path, sub32 = $sub32:path,
        reg = $reg:ident,
        min32 = $min32:path, mul_even = $mul_even:path,
        mul_even_signed = $mul_even_signed:path,
        splat_minus = |$sm_c:ident, $sm_p:ident| $splat_minus:expr,
        add64 = $add64:path,
        and = $and:path, andnot = $andnot:path, sign32 = $sign32:expr,
        shl32 = $shl32:path, shr32 = $shr32:path,
        shr64_32 = $shr64_32:expr, shr64_31 = $shr64_31:expr, shl64_32 = $shl64_32:expr,
        blend_odd = |$even:ident, $odd:ident| $blend:expr,
        odd_to_even = |$o2e:ident| $odd_to_even:expr,
        high_halves = |$hh_even:ident, $hh_odd:ident| $high_halves:expr,
        or_and = |$oa_a:ident, $oa_b:ident, $oa_mask:ident| $or_and:expr,
        add_where = |$aw_src:ident, $aw_test:ident, $aw_bits:ident, $aw_a:ident, $aw_b:ident| $add_where:expr,
        sub_where = |$sw_src:ident, $sw_test:ident, $sw_bits:ident, $sw_a:ident, $sw_b:ident| $sub_where:expr,
        load = $load:path, store = $store:path, drive = $drive:ident $(,)?
    ) => {
        #[doc = concat!("The ", $name, " instructions of the packed arithmetic.")]
        #[derive(Clone, Copy)]
        pub(super) struct $backend;

        // SAFETY: every function uses the backend's instructions only;
        // `Simd` functions run only inside `apply_many` below, after the
        // CPU check.
        unsafe impl $crate::arch::packed::Simd for $backend {
            type V = $v;
            const N: usize = $n;
            // SAFETY (of every `unsafe` block in this impl): the backend is
            // available (the trait's contract).
            #[inline(always)]
            unsafe fn splat32(x: u32) -> $v {
                // SAFETY: see above.
                unsafe { $splat32(x as i32) }
            }
            #[inline(always)]
            unsafe fn add32(a: $v, b: $v) -> $v {
                // SAFETY: see above.
                unsafe { $add32(a, b) }
            }
            #[inline(always)]
            unsafe fn sub32(a: $v, b: $v) -> $v {
                // SAFETY: see above.
                unsafe { $sub32(a, b) }
            }
            #[inline(always)]
            unsafe fn min32(a: $v, b: $v) -> $v {
                // SAFETY: see above.
                unsafe { $min32(a, b) }
            }
            #[inline(always)]
            unsafe fn mul_even(a: $v, b: $v) -> $v {
                // SAFETY: see above.
                unsafe { $mul_even(a, b) }
            }
            #[inline(always)]
            unsafe fn mul_even_signed(a: $v, b: $v) -> $v {
                // SAFETY: see above.
                unsafe { $mul_even_signed(a, b) }
            }
            // The register class needs the backend's features named here
            // (a portable build enables them only in `apply_many`, into
            // which this inlines).
            #[inline]
            #[target_feature(enable = $features)]
            unsafe fn opaque(mut a: $v) -> $v {
                // SAFETY: an empty template: no instruction runs, `a` stays
                // in its register. (Miri runs no `asm!`: there `a` passes
                // straight through.)
                #[cfg(not(miri))]
                unsafe {
                    core::arch::asm!("/* {0} */", inout($reg) a, options(pure, nomem, nostack, preserves_flags));
                }
                a
            }
            #[inline(always)]
            unsafe fn splat_minus($sm_c: u32, $sm_p: u32) -> $v {
                // SAFETY: see above.
                unsafe { $splat_minus }
            }
            #[inline(always)]
            unsafe fn add64(a: $v, b: $v) -> $v {
                // SAFETY: see above.
                unsafe { $add64(a, b) }
            }
            #[inline(always)]
            unsafe fn and(a: $v, b: $v) -> $v {
                // SAFETY: see above.
                unsafe { $and(a, b) }
            }
            #[inline(always)]
            unsafe fn andnot(a: $v, b: $v) -> $v {
                // SAFETY: see above.
                unsafe { $andnot(a, b) }
            }
            #[inline(always)]
            unsafe fn sign32(a: $v) -> $v {
                // SAFETY: see above.
                unsafe { $sign32(a) }
            }
            #[inline(always)]
            unsafe fn shl32(a: $v, count: $v) -> $v {
                // SAFETY: see above.
                unsafe { $shl32(a, count) }
            }
            #[inline(always)]
            unsafe fn shr32(a: $v, count: $v) -> $v {
                // SAFETY: see above.
                unsafe { $shr32(a, count) }
            }
            #[inline(always)]
            unsafe fn shr64_32(a: $v) -> $v {
                // SAFETY: see above.
                unsafe { $shr64_32(a) }
            }
            #[inline(always)]
            unsafe fn shr64_31(a: $v) -> $v {
                // SAFETY: see above.
                unsafe { $shr64_31(a) }
            }
            #[inline(always)]
            unsafe fn shl64_32(a: $v) -> $v {
                // SAFETY: see above.
                unsafe { $shl64_32(a) }
            }
            #[inline(always)]
            unsafe fn blend_odd($even: $v, $odd: $v) -> $v {
                // SAFETY: see above.
                unsafe { $blend }
            }
            #[inline(always)]
            unsafe fn odd_to_even($o2e: $v) -> $v {
                // SAFETY: see above.
                unsafe { $odd_to_even }
            }
            // An `asm!` in the AVX-512 form needs the features named here
            // (as `opaque`).
            #[inline]
            #[target_feature(enable = $features)]
            unsafe fn high_halves($hh_even: $v, $hh_odd: $v) -> $v {
                // SAFETY: see above (only the `asm!` needs the block: the
                // intrinsics are safe inside this function).
                #[allow(unused_unsafe)]
                unsafe { $high_halves }
            }
            #[inline(always)]
            unsafe fn or_and($oa_a: $v, $oa_b: $v, $oa_mask: $v) -> $v {
                // SAFETY: see above.
                unsafe { $or_and }
            }
            #[inline(always)]
            unsafe fn add_where($aw_src: $v, $aw_test: $v, $aw_bits: $v, $aw_a: $v, $aw_b: $v) -> $v {
                // SAFETY: see above.
                unsafe { $add_where }
            }
            #[inline(always)]
            unsafe fn sub_where($sw_src: $v, $sw_test: $v, $sw_bits: $v, $sw_a: $v, $sw_b: $v) -> $v {
                // SAFETY: see above.
                unsafe { $sub_where }
            }
        }

        // SAFETY: unaligned loads and stores of exactly the register's
        // bytes, within the arrays; the backend is available (the trait's
        // contract).
        unsafe impl $crate::arch::packed::Memory<$n> for $backend {
            #[inline(always)]
            unsafe fn load(words: &[u32; $n]) -> $v {
                // SAFETY: as above.
                unsafe { $load(words.as_ptr().cast()) }
            }
            #[inline(always)]
            unsafe fn store(v: $v, words: &mut [u32; $n]) {
                // SAFETY: as above.
                unsafe { $store(words.as_mut_ptr().cast(), v) }
            }
        }

        #[doc = concat!("Runs `kernel` on `states`, ", $n, " at a time.")]
        ///
        /// # Safety
        #[doc = concat!("The CPU must have ", $features, ".")]
        #[target_feature(enable = $features)]
        pub(super) unsafe fn apply_many<
            F: $crate::Field31,
            K: $crate::arch::LaneKernel<F, W>,
            const W: usize,
        >(
            kernel: &K,
            states: &mut [[F; W]],
        ) {
            // SAFETY: the backend is available (this function's contract).
            unsafe {
                $crate::arch::moves::$drive::<F, K, $crate::arch::packed::Packed<$backend, F>, W, $n>(
                    kernel, states,
                )
            }
        }

        #[doc = concat!("Runs `kernel` on the ", $n, " states held lane-major in `cells` (`W` rows of ", $n, ").")]
        ///
        /// # Safety
        #[doc = concat!("The CPU must have ", $features, ".")]
        #[target_feature(enable = $features)]
        pub(super) unsafe fn apply_lane_major<
            F: $crate::Field31,
            K: $crate::arch::LaneKernel<F, W>,
            const W: usize,
        >(
            kernel: &K,
            cells: &mut [F],
        ) {
            // SAFETY: the backend is available (this function's contract).
            unsafe {
                $crate::arch::moves::drive_lane_major::<
                    F,
                    K,
                    $crate::arch::packed::Packed<$backend, F>,
                    W,
                    $n,
                >(kernel, cells)
            }
        }
    };
}
pub(super) use simd_backend;
