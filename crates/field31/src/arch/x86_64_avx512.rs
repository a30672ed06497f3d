//! AVX-512F: 16 lanes of 32 bits in one `__m512i` register.

use core::arch::x86_64::*;

super::packed::simd_backend! {
    Avx512, __m512i, 16, "avx512f,avx2", "AVX-512F",
    splat32 = _mm512_set1_epi32, add32 = _mm512_add_epi32, sub32 = _mm512_sub_epi32,
    reg = zmm_reg,
    min32 = _mm512_min_epu32, mul_even = _mm512_mul_epu32,
    mul_even_signed = _mm512_mul_epi32,
    splat_minus = |c, p| _mm512_set1_epi32(c.wrapping_sub(p) as i32),
    add64 = _mm512_add_epi64,
    and = _mm512_and_si512,
    andnot = _mm512_andnot_si512, sign32 = _mm512_srai_epi32::<31>,
    shl32 = _mm512_sllv_epi32, shr32 = _mm512_srlv_epi32,
    shr64_32 = _mm512_srli_epi64::<32>, shr64_31 = _mm512_srli_epi64::<31>,
    shl64_32 = _mm512_slli_epi64::<32>,
    blend_odd = |even, odd| _mm512_mask_blend_epi32(0xaaaa, even, odd),
    odd_to_even = |a| _mm512_castps_si512(_mm512_movehdup_ps(_mm512_castsi512_ps(a))),
    // Odd lanes of `o` kept; even lanes take the odd lane above them in `e`:
    // a masked `vmovshdup`. Through the intrinsic LLVM emits a two-source
    // `vpermt2ps` instead (slower on the S-box's critical path), so on
    // hardware it is written out; Miri runs no `asm!` and takes the
    // intrinsic.
    high_halves = |e, o| {
        #[cfg(not(miri))]
        {
            let mut halves = o;
            core::arch::asm!(
                "vmovshdup {halves}{{{evens}}}, {e}",
                halves = inout(zmm_reg) halves,
                evens = in(kreg) 0x5555u16,
                e = in(zmm_reg) e,
                options(pure, nomem, nostack, preserves_flags),
            );
            halves
        }
        #[cfg(miri)]
        _mm512_castps_si512(_mm512_mask_movehdup_ps(
            _mm512_castsi512_ps(o),
            0x5555,
            _mm512_castsi512_ps(e),
        ))
    },
    // 0xf8: a | (b & c) as the truth table of (a, b, c).
    or_and = |a, b, mask| _mm512_ternarylogic_epi32::<0xf8>(a, b, mask),
    add_where = |src, test, bits, a, b| _mm512_mask_add_epi32(src, _mm512_test_epi32_mask(test, bits), a, b),
    sub_where = |src, test, bits, a, b| _mm512_mask_sub_epi32(src, _mm512_test_epi32_mask(test, bits), a, b),
    // Word by word through a buffer of columns: an in-register
    // transposition measured no clear gain at width 16 and slower at 24
    // (poseidon2-small NOTES).
    load = _mm512_loadu_si512, store = _mm512_storeu_si512, drive = drive,
}
