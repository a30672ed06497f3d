//! AVX2: 8 lanes of 32 bits in one `__m256i` register.

use core::arch::x86_64::*;

use super::packed::{Memory, Packed, Simd};
use super::{LaneKernel, drive};
use crate::Field31;

/// The AVX2 instructions of the packed arithmetic.
#[derive(Clone, Copy)]
pub(super) struct Avx2;

// SAFETY: every function uses AVX2 instructions only; `Simd` functions run
// only inside `apply_many` below, after the CPU check.
unsafe impl Simd for Avx2 {
    type V = __m256i;
    const N: usize = 8;
    #[inline(always)]
    unsafe fn splat32(x: u32) -> __m256i {
        // SAFETY: AVX2 is available (trait contract).
        unsafe { _mm256_set1_epi32(x as i32) }
    }
    #[inline(always)]
    unsafe fn add32(a: __m256i, b: __m256i) -> __m256i {
        // SAFETY: AVX2 is available (trait contract).
        unsafe { _mm256_add_epi32(a, b) }
    }
    #[inline(always)]
    unsafe fn sub32(a: __m256i, b: __m256i) -> __m256i {
        // SAFETY: AVX2 is available (trait contract).
        unsafe { _mm256_sub_epi32(a, b) }
    }
    #[inline(always)]
    unsafe fn min32(a: __m256i, b: __m256i) -> __m256i {
        // SAFETY: AVX2 is available (trait contract).
        unsafe { _mm256_min_epu32(a, b) }
    }
    #[inline(always)]
    unsafe fn mul_even(a: __m256i, b: __m256i) -> __m256i {
        // SAFETY: AVX2 is available (trait contract).
        unsafe { _mm256_mul_epu32(a, b) }
    }
    #[inline(always)]
    unsafe fn add64(a: __m256i, b: __m256i) -> __m256i {
        // SAFETY: AVX2 is available (trait contract).
        unsafe { _mm256_add_epi64(a, b) }
    }
    #[inline(always)]
    unsafe fn sub64(a: __m256i, b: __m256i) -> __m256i {
        // SAFETY: AVX2 is available (trait contract).
        unsafe { _mm256_sub_epi64(a, b) }
    }
    #[inline(always)]
    unsafe fn and(a: __m256i, b: __m256i) -> __m256i {
        // SAFETY: AVX2 is available (trait contract).
        unsafe { _mm256_and_si256(a, b) }
    }
    #[inline(always)]
    unsafe fn or(a: __m256i, b: __m256i) -> __m256i {
        // SAFETY: AVX2 is available (trait contract).
        unsafe { _mm256_or_si256(a, b) }
    }
    #[inline(always)]
    unsafe fn shl32(a: __m256i, count: __m256i) -> __m256i {
        // SAFETY: AVX2 is available (trait contract).
        unsafe { _mm256_sllv_epi32(a, count) }
    }
    #[inline(always)]
    unsafe fn shr32(a: __m256i, count: __m256i) -> __m256i {
        // SAFETY: AVX2 is available (trait contract).
        unsafe { _mm256_srlv_epi32(a, count) }
    }
    #[inline(always)]
    unsafe fn shr64_32(a: __m256i) -> __m256i {
        // SAFETY: AVX2 is available (trait contract).
        unsafe { _mm256_srli_epi64::<32>(a) }
    }
    #[inline(always)]
    unsafe fn shr64_31(a: __m256i) -> __m256i {
        // SAFETY: AVX2 is available (trait contract).
        unsafe { _mm256_srli_epi64::<31>(a) }
    }
    #[inline(always)]
    unsafe fn shl64_32(a: __m256i) -> __m256i {
        // SAFETY: AVX2 is available (trait contract).
        unsafe { _mm256_slli_epi64::<32>(a) }
    }
    #[inline(always)]
    unsafe fn blend_odd(even: __m256i, odd: __m256i) -> __m256i {
        // SAFETY: AVX2 is available (trait contract).
        unsafe { _mm256_blend_epi32::<0b1010_1010>(even, odd) }
    }
}

// SAFETY: unaligned loads and stores of exactly 32 bytes, within the
// arrays; AVX2 is available (trait contract).
unsafe impl Memory<8> for Avx2 {
    #[inline(always)]
    unsafe fn load(words: &[u32; 8]) -> __m256i {
        // SAFETY: 32 readable bytes; AVX2 is available.
        unsafe { _mm256_loadu_si256(words.as_ptr().cast()) }
    }
    #[inline(always)]
    unsafe fn store(v: __m256i, words: &mut [u32; 8]) {
        // SAFETY: 32 writable bytes; AVX2 is available.
        unsafe { _mm256_storeu_si256(words.as_mut_ptr().cast(), v) }
    }
}

/// Runs `kernel` on `states`, eight at a time.
///
/// # Safety
/// The CPU must have AVX2.
#[target_feature(enable = "avx2")]
pub(super) unsafe fn apply_many<F: Field31, K: LaneKernel<F, W>, const W: usize>(
    kernel: &K,
    states: &mut [[F; W]],
) {
    // SAFETY: AVX2 is available (this function's contract).
    unsafe { drive::<F, K, Packed<Avx2, F>, W, 8>(kernel, states) }
}
