//! Goldilocks products on AVX-512 IFMA, for kernels that keep their
//! values as limbs from one product to the next: Tip5's rounds
//! (`algebraic-hash-tip5`) and the full rounds of Poseidon over
//! Goldilocks on one state ([`crate::lanes::x7_matrix_rounds`]).
//!
//! - **Limbs.** A value is a pair of 64-bit lanes `(l, h)` standing for
//!   `l + h · 2^32 mod p`, with `l < 2^33` and `h < 2^32 + 2^23`. A
//!   product's four partial products of the limbs come from 52-bit
//!   multiply-adds (`vpmadd52luq`/`vpmadd52huq`), split at bit 52, and are
//!   folded with `2^64 ≡ 2^32 − 1` and `2^96 ≡ −1` into two lanes below
//!   `2^54`, a bias (a multiple of `p` in limb form) keeping every
//!   difference positive: no carry is ever looked at. Those two lanes
//!   become limbs again by splits, additions and subtractions only
//!   ([`normalize`], with a bias of its own), no product; [`pack`] makes
//!   such a pair canonical.
//! - **Sums of limbs.** A product of a limb by a small constant below
//!   `2^19` is exact in the 52 bits of a multiply-add, so a matrix with
//!   small entries multiplies limbs directly (`madd52lo` into sums that
//!   [`normalize`] or [`pack`] then read, with the biases named here).
//!
//! Every function is compiled with AVX-512F, AVX-512VL and AVX-512 IFMA
//! (`#[target_feature]`): callers compiled with them call it as any
//! function; elsewhere the call is `unsafe`, and the caller vouches for
//! the CPU. The [`LimbVector`] operations are `unsafe` for the same
//! reason.

use core::arch::x86_64::*;

use crate::field::MODULUS as P;

/// `2^64 mod p = 2^32 − 1`, also the mask of a low limb.
pub const EPSILON: u64 = crate::field::EPSILON;

/// A bias in limb form, `BIAS_LO + BIAS_HI · 2^32 = p`: added to a product's
/// limbs it changes nothing mod `p` and keeps the low limb positive
/// (everything subtracted from it is below `2^52 + 2^36 < BIAS_LO`).
pub const BIAS_LO: u64 = (1 << 53) + 1;
/// See [`BIAS_LO`].
pub const BIAS_HI: u64 = (1 << 32) - 1 - (1 << 21);
const _: () = assert!(BIAS_LO as u128 + ((BIAS_HI as u128) << 32) == P as u128);
/// The bias of [`normalize`]'s input: a pair `(l, h)` there stands for `l
/// + (h + 1) · 2^32`, so a sum of limbs read by it starts `2^32` lower
/// than its value — on the high limb, `p − 2^32 = 1 + (2^32 − 2) · 2^32`
/// is added instead: `NORMALIZE_BIAS_LO` to the low limb,
/// `NORMALIZE_BIAS_HI` to the high one.
pub const NORMALIZE_BIAS_LO: u64 = 1;
/// See [`NORMALIZE_BIAS_LO`].
pub const NORMALIZE_BIAS_HI: u64 = (1 << 32) - 2;
const _: () = assert!(NORMALIZE_BIAS_LO + (NORMALIZE_BIAS_HI << 32) == P - (1 << 32));

/// `2^32 − 1` in every lane, hidden from the optimiser: with a visible
/// constant, LLVM turns a `vpmuludq` by it into a shift and a
/// subtraction, two operations on the busy vector units instead of one.
/// (An empty assembly statement that declares the register changed; a
/// `#[target_feature]` function, which the register class needs, inlined
/// into its callers.)
#[inline]
#[target_feature(enable = "avx512f")]
fn epsilon512() -> __m512i {
    let mut x = _mm512_set1_epi64(EPSILON as i64);
    // SAFETY: an empty assembly statement that only declares `x` (a vector
    // register) as possibly changed; no memory, stack or flags.
    unsafe {
        core::arch::asm!("/* {0} */", inout(zmm_reg) x, options(pure, nomem, nostack, preserves_flags));
    }
    x
}

/// [`epsilon512`] in four lanes.
#[inline]
#[target_feature(enable = "avx2")]
fn epsilon256() -> __m256i {
    let mut x = _mm256_set1_epi64x(EPSILON as i64);
    // SAFETY: as in `epsilon512`.
    unsafe {
        core::arch::asm!("/* {0} */", inout(ymm_reg) x, options(pure, nomem, nostack, preserves_flags));
    }
    x
}

/// The register types of the limb arithmetic: 512-bit registers (eight
/// lanes) and 256-bit ones (four lanes). Sealed: its operations are this
/// module's.
pub trait LimbVector: ops::Ops {}
impl LimbVector for __m512i {}
impl LimbVector for __m256i {}

mod ops {
    use super::*;

    /// The register operations of the limb arithmetic, on 512-bit registers
    /// (eight lanes) and 256-bit ones (four lanes).
    ///
    /// # Safety
    /// Each operation needs AVX-512F, AVX-512VL and AVX-512 IFMA: the caller
    /// must be compiled with them or have checked the CPU.
    pub trait Ops: Copy {
        /// `x` in every lane.
        unsafe fn splat(x: u64) -> Self;
        /// Lane-wise wrapping sum.
        unsafe fn add(self, rhs: Self) -> Self;
        /// Lane-wise wrapping difference.
        unsafe fn sub(self, rhs: Self) -> Self;
        /// `self mod 2^32`.
        unsafe fn low32(self) -> Self;
        /// `(self mod 2^32) + 2^32`.
        unsafe fn low32_plus_2_32(self) -> Self;
        /// `self >> 32`.
        unsafe fn shr32(self) -> Self;
        /// `self << 20`.
        unsafe fn shl20(self) -> Self;
        /// `self · (2^32 − 1)` for `self < 2^32`.
        unsafe fn times_epsilon(self) -> Self;
        /// `self + (a · b mod 2^52)` (the low 52 bits of `a` and `b`).
        unsafe fn madd52lo(self, a: Self, b: Self) -> Self;
        /// `self + ⌊a · b / 2^52⌋` (the low 52 bits of `a` and `b`).
        unsafe fn madd52hi(self, a: Self, b: Self) -> Self;
    }

    impl Ops for __m512i {
        #[inline(always)]
        unsafe fn splat(x: u64) -> Self {
            // SAFETY: the trait's contract.
            unsafe { _mm512_set1_epi64(x as i64) }
        }
        #[inline(always)]
        unsafe fn add(self, rhs: Self) -> Self {
            // SAFETY: the trait's contract.
            unsafe { _mm512_add_epi64(self, rhs) }
        }
        #[inline(always)]
        unsafe fn sub(self, rhs: Self) -> Self {
            // SAFETY: the trait's contract.
            unsafe { _mm512_sub_epi64(self, rhs) }
        }
        #[inline(always)]
        unsafe fn low32(self) -> Self {
            // SAFETY: the trait's contract.
            unsafe { _mm512_and_si512(self, _mm512_set1_epi64(EPSILON as i64)) }
        }
        #[inline(always)]
        unsafe fn low32_plus_2_32(self) -> Self {
            // `(a & b) | c` (0xea) with b = 2^32 − 1, c = 2^32: one instruction.
            // SAFETY: the trait's contract.
            unsafe {
                _mm512_ternarylogic_epi64::<0xea>(
                    self,
                    _mm512_set1_epi64(EPSILON as i64),
                    _mm512_set1_epi64(1 << 32),
                )
            }
        }
        #[inline(always)]
        unsafe fn shr32(self) -> Self {
            // SAFETY: the trait's contract.
            unsafe { _mm512_srli_epi64::<32>(self) }
        }
        #[inline(always)]
        unsafe fn shl20(self) -> Self {
            // SAFETY: the trait's contract.
            unsafe { _mm512_slli_epi64::<20>(self) }
        }
        #[inline(always)]
        unsafe fn times_epsilon(self) -> Self {
            // SAFETY: the trait's contract.
            unsafe { _mm512_mul_epu32(self, epsilon512()) }
        }
        #[inline(always)]
        unsafe fn madd52lo(self, a: Self, b: Self) -> Self {
            // SAFETY: the trait's contract.
            unsafe { _mm512_madd52lo_epu64(self, a, b) }
        }
        #[inline(always)]
        unsafe fn madd52hi(self, a: Self, b: Self) -> Self {
            // SAFETY: the trait's contract.
            unsafe { _mm512_madd52hi_epu64(self, a, b) }
        }
    }

    impl Ops for __m256i {
        #[inline(always)]
        unsafe fn splat(x: u64) -> Self {
            // SAFETY: the trait's contract.
            unsafe { _mm256_set1_epi64x(x as i64) }
        }
        #[inline(always)]
        unsafe fn add(self, rhs: Self) -> Self {
            // SAFETY: the trait's contract.
            unsafe { _mm256_add_epi64(self, rhs) }
        }
        #[inline(always)]
        unsafe fn sub(self, rhs: Self) -> Self {
            // SAFETY: the trait's contract.
            unsafe { _mm256_sub_epi64(self, rhs) }
        }
        #[inline(always)]
        unsafe fn low32(self) -> Self {
            // SAFETY: the trait's contract.
            unsafe { _mm256_and_si256(self, _mm256_set1_epi64x(EPSILON as i64)) }
        }
        #[inline(always)]
        unsafe fn low32_plus_2_32(self) -> Self {
            // As for `__m512i`.
            // SAFETY: the trait's contract.
            unsafe {
                _mm256_ternarylogic_epi64::<0xea>(
                    self,
                    _mm256_set1_epi64x(EPSILON as i64),
                    _mm256_set1_epi64x(1 << 32),
                )
            }
        }
        #[inline(always)]
        unsafe fn shr32(self) -> Self {
            // SAFETY: the trait's contract.
            unsafe { _mm256_srli_epi64::<32>(self) }
        }
        #[inline(always)]
        unsafe fn shl20(self) -> Self {
            // SAFETY: the trait's contract.
            unsafe { _mm256_slli_epi64::<20>(self) }
        }
        #[inline(always)]
        unsafe fn times_epsilon(self) -> Self {
            // SAFETY: the trait's contract.
            unsafe { _mm256_mul_epu32(self, epsilon256()) }
        }
        #[inline(always)]
        unsafe fn madd52lo(self, a: Self, b: Self) -> Self {
            // SAFETY: the trait's contract.
            unsafe { _mm256_madd52lo_epu64(self, a, b) }
        }
        #[inline(always)]
        unsafe fn madd52hi(self, a: Self, b: Self) -> Self {
            // SAFETY: the trait's contract.
            unsafe { _mm256_madd52hi_epu64(self, a, b) }
        }
    }
}

/// Field elements as limbs `lo + hi · 2^32` (module doc), one per lane.
#[derive(Clone, Copy, Debug)]
pub struct Limbs<V> {
    /// The low limb, below `2^33`.
    pub lo: V,
    /// The high limb, below `2^32 + 2^23`.
    pub hi: V,
}

/// `x` in every lane of a 512-bit register.
///
/// # Safety
/// Callers not compiled with AVX-512F, AVX-512VL and AVX-512 IFMA must
/// know that the CPU has them (module doc).
#[inline]
#[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
pub fn splat(x: u64) -> __m512i {
    _mm512_set1_epi64(x as i64)
}

/// The limbs of any 64-bit lanes.
///
/// # Safety
/// Callers not compiled with AVX-512F, AVX-512VL and AVX-512 IFMA must
/// know that the CPU has them (module doc).
#[inline]
#[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
pub fn split<V: LimbVector>(x: V) -> Limbs<V> {
    // SAFETY: the trait's contract is this function's target features.
    unsafe {
        Limbs {
            lo: x.low32(),
            hi: x.shr32(),
        }
    }
}

/// `l + (h + 1) · 2^32` (each below 2^54; the `+ 1` is the bias that the
/// producers of `l` and `h` subtract, see [`NORMALIZE_BIAS_HI`]) as
/// [`Limbs`] of the same residue. With `l = l_0 + l_1 · 2^32`, `h = h_0 +
/// h_1 · 2^32` (`l_1, h_1 < 2^22`) and `h_1 · 2^64 ≡ h_1 · (2^32 − 1)`, the
/// value is `(l_0 + 2^32 − h_1) + (l_1 + h_0 + h_1) · 2^32`: a low limb in
/// `(2^32 − 2^22, 2^33)`, a high one below `2^32 + 2^23`. No product: two
/// operations deep on each limb after the splits.
///
/// # Safety
/// Callers not compiled with AVX-512F, AVX-512VL and AVX-512 IFMA must
/// know that the CPU has them (module doc).
#[inline]
#[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
pub fn normalize<V: LimbVector>(l: V, h: V) -> Limbs<V> {
    // SAFETY: the trait's contract is this function's target features.
    unsafe {
        let h_1 = h.shr32();
        Limbs {
            lo: l.low32_plus_2_32().sub(h_1),
            hi: l.shr32().add(h.low32()).add(h_1),
        }
    }
}

/// `l + h · 2^32 mod p` (each below 2^54) as canonical lanes: `a` as in
/// [`normalize`], plus `h_lo · 2^32`; a carry out of 64 bits is worth
/// `2^64 ≡ 2^32 − 1` (and cannot recur: the sum is then below `2^55`); the
/// result is below `2^64 < 2p`, and `min(r, r + 2^32 − 1)` subtracts `p`
/// exactly when `r ≥ p` (the sum then wraps to `r − p`).
///
/// # Safety
/// Callers not compiled with AVX-512F, AVX-512VL and AVX-512 IFMA must
/// know that the CPU has them (module doc).
#[inline]
#[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
pub fn pack(l: __m512i, h: __m512i) -> __m512i {
    let eps = splat(EPSILON);
    // SAFETY: the trait's contract is this function's target features.
    let a = unsafe { ops::Ops::add(l, ops::Ops::times_epsilon(_mm512_srli_epi64::<32>(h))) };
    let r = _mm512_add_epi64(a, _mm512_slli_epi64::<32>(h));
    let carried = _mm512_cmplt_epu64_mask(r, a);
    let r = _mm512_mask_add_epi64(r, carried, r, eps);
    _mm512_min_epu64(r, _mm512_add_epi64(r, eps))
}

/// Folds the split partial products of `x · y` (`x = x_l + x_h · 2^32`,
/// likewise `y`, limbs as [`Limbs`]) into limbs. The arguments are the low
/// and high 52 bits of `P00 = x_l·y_l` (low part with `BIAS_LO` added), of
/// `M = x_l·y_h + x_h·y_l` (low part with `BIAS_HI − 1` added: the `− 1`
/// is [`normalize`]'s bias) and of `P11 = x_h·y_h`. With `2^52 = 2^20 ·
/// 2^32`, `2^84 ≡ 2^20 · (2^32 − 1)` and `2^116 ≡ −2^20`:
///
/// `x·y ≡ (p00_lo − p11_lo − (m_hi + p11_hi)·2^20)
///      + (m_lo + p11_lo + (p00_hi + m_hi)·2^20) · 2^32`,
///
/// both parts in `0..2^54` thanks to the bias (the high 52-bit parts are
/// below 2^14, 2^15 and 2^13 for limbs below `2^33` and `2^32 + 2^23`).
#[inline(always)]
unsafe fn fold<V: LimbVector>(p00: (V, V), m: (V, V), p11: (V, V)) -> Limbs<V> {
    // SAFETY: the caller's contract (the trait's).
    unsafe {
        let to_low = m.1.add(p11.1).shl20();
        let to_high = p00.1.add(m.1).shl20();
        let l = p00.0.sub(p11.0).sub(to_low);
        let h = m.0.add(p11.0).add(to_high);
        normalize(l, h)
    }
}

/// `x · y mod p` on limbs.
///
/// # Safety
/// Callers not compiled with AVX-512F, AVX-512VL and AVX-512 IFMA must
/// know that the CPU has them (module doc).
#[inline]
#[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
pub fn mul<V: LimbVector>(x: Limbs<V>, y: Limbs<V>) -> Limbs<V> {
    // SAFETY: the trait's contract is this function's target features.
    unsafe {
        let zero = V::splat(0);
        let p00 = (
            V::splat(BIAS_LO).madd52lo(x.lo, y.lo),
            zero.madd52hi(x.lo, y.lo),
        );
        let m = (
            V::splat(BIAS_HI - 1)
                .madd52lo(x.lo, y.hi)
                .madd52lo(x.hi, y.lo),
            zero.madd52hi(x.lo, y.hi).madd52hi(x.hi, y.lo),
        );
        let p11 = (zero.madd52lo(x.hi, y.hi), zero.madd52hi(x.hi, y.hi));
        fold(p00, m, p11)
    }
}

/// `x² mod p` on limbs: the two cross products are one, with a doubled
/// high limb (below 2^34).
///
/// # Safety
/// Callers not compiled with AVX-512F, AVX-512VL and AVX-512 IFMA must
/// know that the CPU has them (module doc).
#[inline]
#[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
pub fn square<V: LimbVector>(x: Limbs<V>) -> Limbs<V> {
    // SAFETY: the trait's contract is this function's target features.
    unsafe {
        let zero = V::splat(0);
        let twice_hi = x.hi.add(x.hi);
        let p00 = (
            V::splat(BIAS_LO).madd52lo(x.lo, x.lo),
            zero.madd52hi(x.lo, x.lo),
        );
        let m = (
            V::splat(BIAS_HI - 1).madd52lo(x.lo, twice_hi),
            zero.madd52hi(x.lo, twice_hi),
        );
        let p11 = (zero.madd52lo(x.hi, x.hi), zero.madd52hi(x.hi, x.hi));
        fold(p00, m, p11)
    }
}

/// `x^7` on limbs, as `x^3 · x^4`: four products, three deep.
///
/// # Safety
/// Callers not compiled with AVX-512F, AVX-512VL and AVX-512 IFMA must
/// know that the CPU has them (module doc).
#[inline]
#[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
pub fn pow7<V: LimbVector>(x: Limbs<V>) -> Limbs<V> {
    let x2 = square(x);
    let x3 = mul(x, x2);
    let x4 = square(x2);
    mul(x3, x4)
}

/// `x^7` of two registers (of either width), their steps interleaved so
/// that each waits for its own products only.
///
/// # Safety
/// Callers not compiled with AVX-512F, AVX-512VL and AVX-512 IFMA must
/// know that the CPU has them (module doc).
#[inline]
#[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
pub fn pow7_pair<V: LimbVector, W: LimbVector>(a: Limbs<V>, b: Limbs<W>) -> (Limbs<V>, Limbs<W>) {
    let (a2, b2) = (square(a), square(b));
    let (a3, b3) = (mul(a, a2), mul(b, b2));
    let (a4, b4) = (square(a2), square(b2));
    (mul(a3, a4), mul(b3, b4))
}

/// `*x` in every lane, loaded by `vpbroadcastq` from memory: a load, which
/// leaves the vector units to the arithmetic. (Written as
/// `_mm512_set1_epi64(*x)`, LLVM sees through the store of the register
/// that `x` was read from and broadcasts in registers, on the shuffle
/// units.)
///
/// # Safety
/// Callers not compiled with AVX-512F, AVX-512VL and AVX-512 IFMA must
/// know that the CPU has them (module doc).
#[inline]
#[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
pub fn broadcast(x: &u64) -> __m512i {
    let out: __m512i;
    // SAFETY: reads the eight bytes of `x`, a valid reference; writes only
    // the output register; AVX-512F is enabled here. No stack, no flags.
    unsafe {
        core::arch::asm!(
            "vpbroadcastq {out}, qword ptr [{x}]",
            out = out(zmm_reg) out,
            x = in(reg) x,
            options(pure, readonly, nostack, preserves_flags),
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::vec::Vec;

    /// Runs `check` where the CPU has AVX-512 IFMA; where it lacks it,
    /// passes only if the lanes are not required
    /// (`ALGEBRAIC_HASH_REQUIRE_IFMA`).
    fn on_ifma(check: impl FnOnce()) {
        let available = crate::arch::ifma_available();
        if available {
            check();
        }
        algebraic_hash_testkit::require_lanes_where_listed(available);
    }

    use algebraic_hash_testkit::{goldilocks_limb_value as value, goldilocks_reduce as reduce};

    #[target_feature(enable = "avx512f")]
    fn load(v: &[u64; 8]) -> __m512i {
        // SAFETY: a 64-byte unaligned read of a 64-byte array.
        unsafe { _mm512_loadu_si512(v.as_ptr().cast()) }
    }

    #[target_feature(enable = "avx512f")]
    fn store(v: &mut [u64; 8], x: __m512i) {
        // SAFETY: a 64-byte unaligned write of a 64-byte array.
        unsafe { _mm512_storeu_si512(v.as_mut_ptr().cast(), x) }
    }

    /// `mul`, `square` (512- and 256-bit), `normalize`'s output ranges and
    /// `pack` on every pair of boundary limbs, against `u128` arithmetic.
    #[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
    fn products_on_boundary_limbs() {
        let limbs = algebraic_hash_testkit::goldilocks_boundary_limbs();
        let lanes = |v: &[(u64, u64)], pick: fn(&(u64, u64)) -> u64| -> [u64; 8] {
            core::array::from_fn(|i| pick(&v[i % v.len()]))
        };
        for x in &limbs {
            for ys in limbs.chunks(8) {
                let xs = [*x; 8];
                let a = Limbs {
                    lo: load(&lanes(&xs, |p| p.0)),
                    hi: load(&lanes(&xs, |p| p.1)),
                };
                let b = Limbs {
                    lo: load(&lanes(ys, |p| p.0)),
                    hi: load(&lanes(ys, |p| p.1)),
                };
                let (product, squared) = (mul(a, b), square(a));
                let narrow = Limbs {
                    lo: _mm512_castsi512_si256(a.lo),
                    hi: _mm512_castsi512_si256(a.hi),
                };
                let narrow_squared = square(narrow);
                let mut words = [[0u64; 8]; 6];
                store(&mut words[0], product.lo);
                store(&mut words[1], product.hi);
                store(&mut words[2], squared.lo);
                store(&mut words[3], squared.hi);
                store(&mut words[4], pack(product.lo, product.hi));
                store(&mut words[5], pack(squared.lo, squared.hi));
                let mut narrow_words = [0u64; 8];
                store(
                    &mut narrow_words,
                    _mm512_inserti64x4::<1>(
                        _mm512_castsi256_si512(narrow_squared.lo),
                        narrow_squared.hi,
                    ),
                );
                for lane in 0..8 {
                    let y = ys[lane % ys.len()];
                    let want = reduce(value(*x) * value(y));
                    let want_square = reduce(value(*x) * value(*x));
                    for (lo, hi, want) in [
                        (words[0][lane], words[1][lane], want),
                        (words[2][lane], words[3][lane], want_square),
                    ] {
                        assert!(lo < 1 << 33 && hi < (1 << 32) + (1 << 23), "{x:?} {y:?}");
                        assert_eq!(value((lo, hi)) as u64, want, "{x:?} {y:?}");
                    }
                    assert_eq!(words[4][lane], want, "{x:?} {y:?}");
                    assert_eq!(words[5][lane], want_square, "{x:?}");
                    if lane < 4 {
                        let (lo, hi) = (narrow_words[lane], narrow_words[4 + lane]);
                        assert_eq!(value((lo, hi)) as u64, want_square, "{x:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn limb_products_equal_u128_arithmetic() {
        // SAFETY: `on_ifma` runs it only where the features are detected.
        on_ifma(|| unsafe { products_on_boundary_limbs() });
    }

    /// `normalize` (512- and 256-bit) on its whole input range, `l, h <
    /// 2^54` (the ends, the values next to the limb boundaries, and random
    /// pairs), against `u128` arithmetic: the residue of `l + (h + 1) ·
    /// 2^32`, a low limb in `(2^32 − 2^22, 2^33)`, a high one below `2^32 +
    /// 2^23`.
    #[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
    fn normalize_on_its_range() {
        let top = (1u64 << 54) - 1;
        let edges = [
            0,
            1,
            EPSILON,
            1 << 32,
            (1 << 32) + 1,
            (1 << 33) - 1,
            1 << 53,
            top - EPSILON,
            top - 1,
            top,
        ];
        let mut rng = algebraic_hash_testkit::Rng64::new(0x7105, u64::MAX, &[0]);
        let mut pairs: Vec<(u64, u64)> = Vec::new();
        for &l in &edges {
            for &h in &edges {
                pairs.push((l, h));
            }
        }
        for _ in 0..20_000 {
            let (l, h) = (rng.u64() >> 10, rng.u64() >> 10);
            // Also values with few bits, where carries and zeros meet.
            let bits = rng.below(55) as u32;
            pairs.push((l, h));
            pairs.push((l >> (54 - bits.min(54)), h & ((1u64 << bits.min(54)) - 1)));
        }
        for chunk in pairs.chunks(8) {
            let l: [u64; 8] = core::array::from_fn(|i| chunk[i % chunk.len()].0);
            let h: [u64; 8] = core::array::from_fn(|i| chunk[i % chunk.len()].1);
            let wide = normalize(load(&l), load(&h));
            let narrow = normalize(
                _mm512_castsi512_si256(load(&l)),
                _mm512_castsi512_si256(load(&h)),
            );
            let mut words = [[0u64; 8]; 4];
            store(&mut words[0], wide.lo);
            store(&mut words[1], wide.hi);
            store(&mut words[2], _mm512_castsi256_si512(narrow.lo));
            store(&mut words[3], _mm512_castsi256_si512(narrow.hi));
            for lane in 0..8 {
                let want = reduce(u128::from(l[lane]) + ((u128::from(h[lane]) + 1) << 32));
                let mut outputs = std::vec![(words[0][lane], words[1][lane])];
                if lane < 4 {
                    outputs.push((words[2][lane], words[3][lane]));
                }
                for (lo, hi) in outputs {
                    let input = (l[lane], h[lane]);
                    assert!(lo > (1 << 32) - (1 << 22) && lo < 1 << 33, "{input:?}");
                    assert!(hi < (1 << 32) + (1 << 23), "{input:?}");
                    assert_eq!(value((lo, hi)) as u64, want, "{input:?}");
                }
            }
        }
    }

    #[test]
    fn normalize_equals_u128_arithmetic() {
        // SAFETY: `on_ifma` runs it only where the features are detected.
        on_ifma(|| unsafe { normalize_on_its_range() });
    }
}
