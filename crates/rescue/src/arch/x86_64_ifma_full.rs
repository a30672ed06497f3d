//! Rounds of `x ← M · (x + c)^7` on one twelve-cell state
//! ([`crate::lanes::x7_matrix_rounds`]: Poseidon's full rounds over
//! Goldilocks) with AVX-512 IFMA, for CPUs that have it.
//!
//! - Cells 0–7 stay in two 512-bit registers as limbs
//!   ([`super::x86_64_ifma_limbs`]) from the first round to the last:
//!   `x^7` by limb products, whose chain is shorter than the 32-bit
//!   products' of the AVX-512 path, and no reduction to canonical form
//!   between rounds.
//! - Cells 8–11 take their `x^7` on the scalar units, in parallel: the
//!   vector units bound these rounds (about 1.2–1.4 512-bit operations a
//!   cycle on an Intel Xeon, Emerald Rapids, under KVM), and four more
//!   cells in a 256-bit register cost them more than the scalar units'
//!   round trip through memory (there, 4 rounds: 245 ns with every cell
//!   on the vector units, 213 ns so).
//! - The matrix's entries are small (below `2^19`), so its product is
//!   exact on limbs: each limb of each S-box output, broadcast from memory
//!   (a load, not a shuffle), is multiplied into the sums of rows 0–7 (a
//!   512-bit register) and 8–11 (a 256-bit one) by one multiply-add
//!   (`vpmadd52luq`), in three chains per sum; the sums start at the next
//!   round's constants. Rows 0–7 become limbs again ([`normalize`]), rows
//!   8–11 go to the scalar units, reduced there as 128-bit values.

use core::arch::x86_64::*;

use super::RawState;
use super::x86_64_ifma_limbs::{
    EPSILON, Limbs, NORMALIZE_BIAS_HI, NORMALIZE_BIAS_LO, broadcast, normalize, pack, pow7, splat,
    split,
};

/// A buffer on a cache line of its own: the S-box outputs' limbs and rows
/// 8–11's sums pass through memory, and a 64-byte store that is not
/// 64-byte aligned spans two lines. Unaligned, the one-state permutation's
/// speed on AMD Zen 4 moved with the stack's address from run to run
/// (Plonky2's Poseidon: 770–920 ns; aligned 792–827 ns).
#[repr(C, align(64))]
struct CacheLineAligned<T>(T);

/// Multiply-add chains per sum of the matrix product (two to four measured
/// the same).
const CHAINS: usize = 3;

/// The limbs of `x + c` for cells 0–7 of `x` (any `u64`) and `c` (below
/// `p`), as [`normalize`] reads them (its bias added); with `x` zero, the
/// limbs that the matrix product's sums start at.
#[inline]
#[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
fn biased_limbs(x: __m512i, c: &[u64; 12]) -> Limbs<__m512i> {
    // SAFETY: an unaligned read of words 0..8 of a 12-word array.
    let c = unsafe { _mm512_loadu_si512(c.as_ptr().cast()) };
    let (x, c) = (split(x), split(c));
    Limbs {
        lo: _mm512_add_epi64(_mm512_add_epi64(x.lo, c.lo), splat(NORMALIZE_BIAS_LO)),
        hi: _mm512_add_epi64(_mm512_add_epi64(x.hi, c.hi), splat(NORMALIZE_BIAS_HI)),
    }
}

/// `lanes::x7_matrix_rounds` (module doc): raw in, raw out; `columns` as
/// `lanes::SmallMatrix12` lays them out (entries below `2^19`, row sums
/// below `2^20`).
///
/// # Safety
/// The CPU must support AVX-512F, AVX-512VL, AVX-512 IFMA and BMI2.
#[target_feature(enable = "avx512f,avx512vl,avx512ifma,avx2,bmi2")]
pub(crate) unsafe fn x7_matrix_rounds(
    state: &mut RawState,
    constants: &[[u64; 12]],
    columns: &[[u64; 16]; 12],
) {
    let Some(first) = constants.first() else {
        return;
    };
    // SAFETY: an unaligned read of words 0..8 of the state.
    let x = unsafe { _mm512_loadu_si512(state.as_ptr().cast()) };
    let first_limbs = biased_limbs(x, first);
    let mut vector_cells = normalize(first_limbs.lo, first_limbs.hi);
    let mut scalar_cells: [u64; 4] =
        core::array::from_fn(|i| super::scalar_add_canonical(state[8 + i], first[8 + i]));
    for round in 0..constants.len() {
        let next = constants.get(round + 1);
        // The S-boxes; their outputs' limbs to memory, for the broadcasts.
        let y = pow7(vector_cells);
        let (mut lo, mut hi) = (CacheLineAligned([0u64; 12]), CacheLineAligned([0u64; 12]));
        let (lo, hi) = (&mut lo.0, &mut hi.0);
        // SAFETY: writes of words 0..8 of 12-word arrays.
        unsafe {
            _mm512_storeu_si512(lo.as_mut_ptr().cast(), y.lo);
            _mm512_storeu_si512(hi.as_mut_ptr().cast(), y.hi);
        }
        for (i, &x) in scalar_cells.iter().enumerate() {
            let y = super::scalar_pow7_short_chain(x);
            lo[8 + i] = y & EPSILON;
            hi[8 + i] = y >> 32;
        }
        // The matrix product, rows 0–7 from the next constants' limbs.
        let mut rows_0_7 = [(_mm512_setzero_si512(), _mm512_setzero_si512()); CHAINS];
        let mut rows_8_11 = [(_mm256_setzero_si256(), _mm256_setzero_si256()); CHAINS];
        if let Some(next) = next {
            let k = biased_limbs(_mm512_setzero_si512(), next);
            rows_0_7[0] = (k.lo, k.hi);
        }
        // (A macro rather than a loop: with every index a constant, the
        // sums stay in registers; the loop kept them on the stack, 4
        // rounds 213 → 286 ns.)
        macro_rules! cells {
            ($($j:literal)*) => {$({
                let chain = $j % CHAINS;
                let (l, h) = (broadcast(&lo[$j]), broadcast(&hi[$j]));
                // SAFETY: unaligned reads of words 0..8 and 8..12 of a
                // 16-word column.
                let (upper, lower) = unsafe {
                    (
                        _mm512_loadu_si512(columns[$j].as_ptr().cast()),
                        _mm256_loadu_si256(columns[$j][8..].as_ptr().cast()),
                    )
                };
                let (sl, sh) = rows_0_7[chain];
                rows_0_7[chain] = (
                    _mm512_madd52lo_epu64(sl, upper, l),
                    _mm512_madd52lo_epu64(sh, upper, h),
                );
                let (sl, sh) = rows_8_11[chain];
                rows_8_11[chain] = (
                    _mm256_madd52lo_epu64(sl, lower, _mm512_castsi512_si256(l)),
                    _mm256_madd52lo_epu64(sh, lower, _mm512_castsi512_si256(h)),
                );
            })*};
        }
        cells!(0 1 2 3 4 5 6 7 8 9 10 11);
        let (mut upper_lo, mut upper_hi) = rows_0_7[0];
        let (mut lower_lo, mut lower_hi) = rows_8_11[0];
        for c in 1..CHAINS {
            upper_lo = _mm512_add_epi64(upper_lo, rows_0_7[c].0);
            upper_hi = _mm512_add_epi64(upper_hi, rows_0_7[c].1);
            lower_lo = _mm256_add_epi64(lower_lo, rows_8_11[c].0);
            lower_hi = _mm256_add_epi64(lower_hi, rows_8_11[c].1);
        }
        // Rows 8–11 to the scalar units: `lo + hi · 2^32` (each below
        // 2^54) plus the next constant, one 128-bit reduction.
        let (mut sum_lo, mut sum_hi) = (CacheLineAligned([0u64; 4]), CacheLineAligned([0u64; 4]));
        let (sum_lo, sum_hi) = (&mut sum_lo.0, &mut sum_hi.0);
        // SAFETY: writes of 4-word arrays.
        unsafe {
            _mm256_storeu_si256(sum_lo.as_mut_ptr().cast(), lower_lo);
            _mm256_storeu_si256(sum_hi.as_mut_ptr().cast(), lower_hi);
        }
        for (i, x) in scalar_cells.iter_mut().enumerate() {
            let sum = u128::from(sum_lo[i]) + (u128::from(sum_hi[i]) << 32);
            let sum = match next {
                Some(k) => sum + u128::from(k[8 + i]),
                None => sum,
            };
            *x = super::scalar_reduce128(sum);
        }
        if next.is_some() {
            vector_cells = normalize(upper_lo, upper_hi);
        } else {
            // SAFETY: an unaligned write of words 0..8 of the state.
            unsafe { _mm512_storeu_si512(state.as_mut_ptr().cast(), pack(upper_lo, upper_hi)) };
            state[8..].copy_from_slice(&scalar_cells);
        }
    }
}
