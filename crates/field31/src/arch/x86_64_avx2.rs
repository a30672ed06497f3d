//! AVX2: 8 lanes of 32 bits in one `__m256i` register.

use core::arch::x86_64::*;

super::packed::simd_backend! {
    Avx2, __m256i, 8, "avx2", "AVX2",
    splat32 = _mm256_set1_epi32, add32 = _mm256_add_epi32, sub32 = _mm256_sub_epi32,
    reg = ymm_reg,
    min32 = _mm256_min_epu32, mul_even = _mm256_mul_epu32,
    mul_even_signed = _mm256_mul_epi32, add64 = _mm256_add_epi64,
    and = _mm256_and_si256,
    andnot = _mm256_andnot_si256, sign32 = _mm256_srai_epi32::<31>,
    shl32 = _mm256_sllv_epi32, shr32 = _mm256_srlv_epi32,
    shr64_32 = _mm256_srli_epi64::<32>, shr64_31 = _mm256_srli_epi64::<31>,
    shl64_32 = _mm256_slli_epi64::<32>,
    blend_odd = |even, odd| _mm256_blend_epi32::<0b1010_1010>(even, odd),
    odd_to_even = |a| _mm256_castps_si256(_mm256_movehdup_ps(_mm256_castsi256_ps(a))),
    high_halves = |e, o| _mm256_blend_epi32::<0b1010_1010>(
        _mm256_castps_si256(_mm256_movehdup_ps(_mm256_castsi256_ps(e))),
        o
    ),
    or_and = |a, b, mask| _mm256_or_si256(a, _mm256_and_si256(b, mask)),
    // A byte blend on the lanes where `test & bits` is zero (all-ones words
    // from the comparison).
    add_where = |src, test, bits, a, b| _mm256_blendv_epi8(
        _mm256_add_epi32(a, b),
        src,
        _mm256_cmpeq_epi32(_mm256_and_si256(test, bits), _mm256_setzero_si256())
    ),
    sub_where = |src, test, bits, a, b| _mm256_blendv_epi8(
        _mm256_sub_epi32(a, b),
        src,
        _mm256_cmpeq_epi32(_mm256_and_si256(test, bits), _mm256_setzero_si256())
    ),
    load = _mm256_loadu_si256, store = _mm256_storeu_si256, transpose = transpose,
}

/// Transposes 8 registers of 8 words: for `b` = 1, 2, 4, the off-diagonal
/// `b × b` blocks of every `2b × 2b` block swap places. For the pair of
/// rows `a`, `c = a + b` (bit `b` of `a` clear), the new row `a` keeps
/// `a`'s words whose index has bit `b` clear and takes `c`'s word `j − b`
/// at the others (`c` shifted up by `b` words, blended); the new row `c`
/// takes `a`'s word `j + b` where bit `b` of `j` is clear (`a` shifted
/// down) and keeps its own elsewhere. Steps 1 and 2 shift within 64- and
/// 128-bit halves, step 4 swaps 128-bit halves.
///
/// # Safety
/// The CPU must have AVX2.
#[inline(always)]
unsafe fn transpose(block: &mut [__m256i; 8]) {
    // SAFETY: AVX2 is available (the caller's contract).
    unsafe {
        for a in [0, 2, 4, 6] {
            let (x, y) = (block[a], block[a + 1]);
            block[a] = _mm256_blend_epi32::<0b1010_1010>(x, _mm256_slli_epi64::<32>(y));
            block[a + 1] = _mm256_blend_epi32::<0b1010_1010>(_mm256_srli_epi64::<32>(x), y);
        }
        for a in [0, 1, 4, 5] {
            let (x, y) = (block[a], block[a + 2]);
            block[a] = _mm256_blend_epi32::<0b1100_1100>(x, _mm256_bslli_epi128::<8>(y));
            block[a + 2] = _mm256_blend_epi32::<0b1100_1100>(_mm256_bsrli_epi128::<8>(x), y);
        }
        for a in [0, 1, 2, 3] {
            let (x, y) = (block[a], block[a + 4]);
            block[a] = _mm256_permute2x128_si256::<0x20>(x, y);
            block[a + 4] = _mm256_permute2x128_si256::<0x31>(x, y);
        }
    }
}
