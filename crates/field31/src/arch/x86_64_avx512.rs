//! AVX-512F: 16 lanes of 32 bits in one `__m512i` register.

use core::arch::x86_64::*;

use super::packed::{Memory, Packed, Simd};
use super::{LaneKernel, drive};
use crate::Field31;

/// The AVX-512F instructions of the packed arithmetic.
#[derive(Clone, Copy)]
pub(super) struct Avx512;

// SAFETY: every function uses AVX-512F instructions only; `Simd` functions run
// only inside `apply_many` below, after the CPU check.
unsafe impl Simd for Avx512 {
    type V = __m512i;
    const N: usize = 16;
    #[inline(always)]
    unsafe fn splat32(x: u32) -> __m512i {
        // SAFETY: AVX-512F is available (trait contract).
        unsafe { _mm512_set1_epi32(x as i32) }
    }
    #[inline(always)]
    unsafe fn add32(a: __m512i, b: __m512i) -> __m512i {
        // SAFETY: AVX-512F is available (trait contract).
        unsafe { _mm512_add_epi32(a, b) }
    }
    #[inline(always)]
    unsafe fn sub32(a: __m512i, b: __m512i) -> __m512i {
        // SAFETY: AVX-512F is available (trait contract).
        unsafe { _mm512_sub_epi32(a, b) }
    }
    #[inline(always)]
    unsafe fn min32(a: __m512i, b: __m512i) -> __m512i {
        // SAFETY: AVX-512F is available (trait contract).
        unsafe { _mm512_min_epu32(a, b) }
    }
    #[inline(always)]
    unsafe fn mul_even(a: __m512i, b: __m512i) -> __m512i {
        // SAFETY: AVX-512F is available (trait contract).
        unsafe { _mm512_mul_epu32(a, b) }
    }
    #[inline(always)]
    unsafe fn add64(a: __m512i, b: __m512i) -> __m512i {
        // SAFETY: AVX-512F is available (trait contract).
        unsafe { _mm512_add_epi64(a, b) }
    }
    #[inline(always)]
    unsafe fn sub64(a: __m512i, b: __m512i) -> __m512i {
        // SAFETY: AVX-512F is available (trait contract).
        unsafe { _mm512_sub_epi64(a, b) }
    }
    #[inline(always)]
    unsafe fn and(a: __m512i, b: __m512i) -> __m512i {
        // SAFETY: AVX-512F is available (trait contract).
        unsafe { _mm512_and_si512(a, b) }
    }
    #[inline(always)]
    unsafe fn or(a: __m512i, b: __m512i) -> __m512i {
        // SAFETY: AVX-512F is available (trait contract).
        unsafe { _mm512_or_si512(a, b) }
    }
    #[inline(always)]
    unsafe fn shl32(a: __m512i, count: __m512i) -> __m512i {
        // SAFETY: AVX-512F is available (trait contract).
        unsafe { _mm512_sllv_epi32(a, count) }
    }
    #[inline(always)]
    unsafe fn shr32(a: __m512i, count: __m512i) -> __m512i {
        // SAFETY: AVX-512F is available (trait contract).
        unsafe { _mm512_srlv_epi32(a, count) }
    }
    #[inline(always)]
    unsafe fn shr64_32(a: __m512i) -> __m512i {
        // SAFETY: AVX-512F is available (trait contract).
        unsafe { _mm512_srli_epi64::<32>(a) }
    }
    #[inline(always)]
    unsafe fn shr64_31(a: __m512i) -> __m512i {
        // SAFETY: AVX-512F is available (trait contract).
        unsafe { _mm512_srli_epi64::<31>(a) }
    }
    #[inline(always)]
    unsafe fn shl64_32(a: __m512i) -> __m512i {
        // SAFETY: AVX-512F is available (trait contract).
        unsafe { _mm512_slli_epi64::<32>(a) }
    }
    #[inline(always)]
    unsafe fn blend_odd(even: __m512i, odd: __m512i) -> __m512i {
        // SAFETY: AVX-512F is available (trait contract).
        unsafe { _mm512_mask_blend_epi32(0xaaaa, even, odd) }
    }
}

// SAFETY: unaligned loads and stores of exactly 64 bytes, within the
// arrays; AVX-512F is available (trait contract).
unsafe impl Memory<16> for Avx512 {
    #[inline(always)]
    unsafe fn load(words: &[u32; 16]) -> __m512i {
        // SAFETY: 64 readable bytes; AVX-512F is available.
        unsafe { _mm512_loadu_si512(words.as_ptr().cast()) }
    }
    #[inline(always)]
    unsafe fn store(v: __m512i, words: &mut [u32; 16]) {
        // SAFETY: 64 writable bytes; AVX-512F is available.
        unsafe { _mm512_storeu_si512(words.as_mut_ptr().cast(), v) }
    }
}

/// Runs `kernel` on `states`, sixteen at a time.
///
/// # Safety
/// The CPU must have AVX-512F and AVX2.
#[target_feature(enable = "avx512f,avx2")]
pub(super) unsafe fn apply_many<F: Field31, K: LaneKernel<F, W>, const W: usize>(
    kernel: &K,
    states: &mut [[F; W]],
) {
    // SAFETY: AVX-512F is available (this function's contract).
    unsafe { drive::<F, K, Packed<Avx512, F>, W, 16>(kernel, states) }
}
