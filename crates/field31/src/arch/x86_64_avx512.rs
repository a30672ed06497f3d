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
    // Groups of 16 states by 16 × 16 transpositions in registers (below),
    // loaded and stored where the states lie.
    load = _mm512_loadu_si512, store = _mm512_storeu_si512, drive = drive_transposed,
}

// SAFETY: AVX-512F shuffles only, which run where AVX-512F is available
// (the trait's contract).
unsafe impl<F: crate::Field31> super::moves::Transpose<16> for super::packed::Packed<Avx512, F> {
    /// Rows paired word by word (`unpacklo/hi_epi32`), then pairs of
    /// words (`unpacklo/hi_epi64`): block `q` of register `4g + j` holds
    /// word `4q + j` of rows `4g..4g + 4`; then the 4 × 4 blocks of 128
    /// bits transposed across registers `j, 4 + j, 8 + j, 12 + j` by two
    /// rounds of `shuffle_i32x4`. 64 shuffles for 256 words.
    #[inline(always)]
    unsafe fn transpose(block: &mut [Self; 16]) {
        let r: [__m512i; 16] = block.map(super::packed::Packed::vector);
        // SAFETY: see above.
        let columns = unsafe {
            let mut t = r;
            for k in 0..8 {
                t[2 * k] = _mm512_unpacklo_epi32(r[2 * k], r[2 * k + 1]);
                t[2 * k + 1] = _mm512_unpackhi_epi32(r[2 * k], r[2 * k + 1]);
            }
            let mut u = r;
            for g in 0..4 {
                u[4 * g] = _mm512_unpacklo_epi64(t[4 * g], t[4 * g + 2]);
                u[4 * g + 1] = _mm512_unpackhi_epi64(t[4 * g], t[4 * g + 2]);
                u[4 * g + 2] = _mm512_unpacklo_epi64(t[4 * g + 1], t[4 * g + 3]);
                u[4 * g + 3] = _mm512_unpackhi_epi64(t[4 * g + 1], t[4 * g + 3]);
            }
            let mut out = r;
            for j in 0..4 {
                let (a, b, c, d) = (u[j], u[4 + j], u[8 + j], u[12 + j]);
                let v0 = _mm512_shuffle_i32x4::<0x88>(a, b);
                let v1 = _mm512_shuffle_i32x4::<0xdd>(a, b);
                let v2 = _mm512_shuffle_i32x4::<0x88>(c, d);
                let v3 = _mm512_shuffle_i32x4::<0xdd>(c, d);
                out[j] = _mm512_shuffle_i32x4::<0x88>(v0, v2);
                out[4 + j] = _mm512_shuffle_i32x4::<0x88>(v1, v3);
                out[8 + j] = _mm512_shuffle_i32x4::<0xdd>(v0, v2);
                out[12 + j] = _mm512_shuffle_i32x4::<0xdd>(v1, v3);
            }
            out
        };
        *block = columns.map(super::packed::Packed::from_vector);
    }
    /// A masked load: lanes past `words` are zero and not read.
    #[inline(always)]
    unsafe fn load_partial(words: &[u32]) -> Self {
        let mask = (1u16 << words.len()) - 1;
        // SAFETY: the mask enables the first `words.len()` (< 16) lanes,
        // inside `words`; masked-off lanes are not read. AVX-512F is
        // available (the trait's contract).
        super::packed::Packed::from_vector(unsafe {
            _mm512_maskz_loadu_epi32(mask, words.as_ptr().cast())
        })
    }
    /// A masked store of the first `words.len()` lanes.
    #[inline(always)]
    unsafe fn store_partial(self, words: &mut [u32]) {
        let mask = (1u16 << words.len()) - 1;
        // SAFETY: as `load_partial`: masked-off lanes are not written.
        unsafe { _mm512_mask_storeu_epi32(words.as_mut_ptr().cast(), mask, self.vector()) };
    }
}
