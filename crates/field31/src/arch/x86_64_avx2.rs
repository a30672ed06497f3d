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
    next_in_four = |a| _mm256_shuffle_epi32::<0b00_11_10_01>(a),
    opposite_in_four = |a| _mm256_shuffle_epi32::<0b01_00_11_10>(a),
    swap_halves = |a| _mm256_permute2x128_si256::<1>(a, a),
    // Two blocks only: never called (`Packed::row_sum_of_fours`).
    swap_neighbour_blocks = |a| a,
    broadcast_first = |a| _mm256_broadcastd_epi32(_mm256_castsi256_si128(a)),
    with_first = |rest, first| _mm256_blend_epi32::<1>(rest, first),
    load = _mm256_loadu_si256, store = _mm256_storeu_si256,
}
