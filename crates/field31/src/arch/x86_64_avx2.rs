//! AVX2: 8 lanes of 32 bits in one `__m256i` register; also the registers
//! of the one-state path ([`crate::Row`], [`apply_one`]).

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
    load = _mm256_loadu_si256, store = _mm256_storeu_si256,
}

// SAFETY: one AVX2 shuffle, broadcast or blend per function, which run
// only where AVX2 is available (the trait's contract; so do the `unsafe`
// blocks inside).
unsafe impl super::packed::Moves for Avx2 {
    #[inline(always)]
    unsafe fn next_in_four(a: __m256i) -> __m256i {
        // SAFETY: see above.
        unsafe { _mm256_shuffle_epi32::<0b00_11_10_01>(a) }
    }
    #[inline(always)]
    unsafe fn opposite_in_four(a: __m256i) -> __m256i {
        // SAFETY: see above.
        unsafe { _mm256_shuffle_epi32::<0b01_00_11_10>(a) }
    }
    #[inline(always)]
    unsafe fn swap_halves(a: __m256i) -> __m256i {
        // SAFETY: see above.
        unsafe { _mm256_permute2x128_si256::<1>(a, a) }
    }
    #[inline(always)]
    unsafe fn broadcast_first(a: __m256i) -> __m256i {
        // SAFETY: see above.
        unsafe { _mm256_broadcastd_epi32(_mm256_castsi256_si128(a)) }
    }
    #[inline(always)]
    unsafe fn with_first(rest: __m256i, first: __m256i) -> __m256i {
        // SAFETY: see above.
        unsafe { _mm256_blend_epi32::<1>(rest, first) }
    }
}

type Packed<F> = super::packed::Packed<Avx2, F>;

impl<F: crate::Field31> crate::Row for Packed<F> {
    #[inline(always)]
    fn load(cells: &[F]) -> Self {
        let words: [u32; 8] = core::array::from_fn(|i| cells[i].to_stored());
        // SAFETY: a `Packed` exists only where AVX2 is available (made
        // inside `apply_one` or `apply_many`, after the CPU check).
        unsafe { <Self as super::Register<8>>::load(&words) }
    }
    #[inline(always)]
    fn store(self, cells: &mut [F]) {
        let mut words = [0u32; 8];
        // SAFETY: as above.
        unsafe { <Self as super::Register<8>>::store(self, &mut words) };
        for (cell, &word) in cells[..8].iter_mut().zip(&words) {
            // The packed arithmetic keeps every lane below p.
            *cell = F::from_stored(word).expect("packed lane below p");
        }
    }
    #[inline(always)]
    fn add_pow_each(self, constants: &[F], d: u64) -> Self {
        let words: [u32; 8] = core::array::from_fn(|i| constants[i].to_stored());
        // SAFETY: as above.
        let constants = unsafe { <Avx2 as super::packed::Memory<8>>::load(&words) };
        self.row_add_pow_each(constants, d)
    }
    #[inline(always)]
    fn next_in_four(self) -> Self {
        self.row_next_in_four()
    }
    #[inline(always)]
    fn opposite_in_four(self) -> Self {
        self.row_opposite_in_four()
    }
    #[inline(always)]
    fn sum_of_fours(self) -> Self {
        self.row_sum_of_fours()
    }
    #[inline(always)]
    fn broadcast_first(self) -> Self {
        self.row_broadcast_first()
    }
    #[inline(always)]
    fn with_first(self, first: Self) -> Self {
        self.row_with_first(first)
    }
}

/// Runs `kernel` on one state in AVX2 registers (8 lanes).
///
/// # Safety
/// The CPU must have AVX2.
#[target_feature(enable = "avx2")]
pub(super) unsafe fn apply_one<F: crate::Field31, K: super::RowKernel<F, W>, const W: usize>(
    kernel: &K,
    state: &mut [F; W],
) {
    kernel.apply::<Packed<F>>(state);
}
