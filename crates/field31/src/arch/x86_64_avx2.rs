//! AVX2: 8 lanes of 32 bits in one `__m256i` register; also the registers
//! of the one-state path ([`crate::Row`], [`apply_one`]).

use core::arch::x86_64::*;

super::packed::simd_backend! {
    Avx2, __m256i, 8, "avx2", "AVX2",
    splat32 = _mm256_set1_epi32, add32 = _mm256_add_epi32, sub32 = _mm256_sub_epi32,
    reg = ymm_reg,
    min32 = _mm256_min_epu32, mul_even = _mm256_mul_epu32,
    mul_even_signed = _mm256_mul_epi32,
    // The constant broadcast straight from memory (`vpbroadcastd`) and
    // `p` subtracted in the vector unit, rather than `c − p` formed on a
    // general register and moved across (`vmovd`, `vpbroadcastd`): the
    // looped rounds read their constants at run time. `opaque` keeps LLVM
    // from folding the two splats back into one of `c − p`.
    splat_minus = |c, p| _mm256_sub_epi32(
        _mm256_set1_epi32(c as i32),
        <Avx2 as super::packed::Simd>::opaque(_mm256_set1_epi32(p as i32))
    ),
    add64 = _mm256_add_epi64,
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
    load = _mm256_loadu_si256, store = _mm256_storeu_si256, drive = drive_transposed,
}

// SAFETY: AVX2 shifts, blends and lane permutations only, which run where
// AVX2 is available (the trait's contract).
unsafe impl<F: crate::Field31> super::moves::Transpose<8> for Packed<F> {
    /// For `b` = 1, 2, 4 the off-diagonal `b × b` blocks of every `2b × 2b`
    /// block swap places. For the pair of registers `a`, `c = a + b` (bit
    /// `b` of `a` clear), the new `a` keeps its lanes whose index has bit
    /// `b` clear and takes `c`'s lane `j − b` at the others (`c` shifted
    /// up by `b` lanes, blended); the new `c` takes `a`'s lane `j + b`
    /// where bit `b` of `j` is clear (`a` shifted down) and keeps its own
    /// elsewhere. Steps 1 and 2 shift within 64- and 128-bit halves, step
    /// 4 exchanges 128-bit halves: 24 instructions for 64 words.
    #[inline(always)]
    unsafe fn transpose(block: &mut [Self; 8]) {
        let mut v: [__m256i; 8] = block.map(Packed::vector);
        // SAFETY: see above.
        unsafe {
            for a in [0, 2, 4, 6] {
                let (x, y) = (v[a], v[a + 1]);
                v[a] = _mm256_blend_epi32::<0b1010_1010>(x, _mm256_slli_epi64::<32>(y));
                v[a + 1] = _mm256_blend_epi32::<0b1010_1010>(_mm256_srli_epi64::<32>(x), y);
            }
            for a in [0, 1, 4, 5] {
                let (x, y) = (v[a], v[a + 2]);
                v[a] = _mm256_blend_epi32::<0b1100_1100>(x, _mm256_bslli_epi128::<8>(y));
                v[a + 2] = _mm256_blend_epi32::<0b1100_1100>(_mm256_bsrli_epi128::<8>(x), y);
            }
            for a in [0, 1, 2, 3] {
                let (x, y) = (v[a], v[a + 4]);
                v[a] = _mm256_permute2x128_si256::<0x20>(x, y);
                v[a + 4] = _mm256_permute2x128_si256::<0x31>(x, y);
            }
        }
        *block = v.map(Packed::from_vector);
    }
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
    unsafe fn swap_in_pairs(a: __m256i) -> __m256i {
        // SAFETY: see above.
        unsafe { _mm256_shuffle_epi32::<0b10_11_00_01>(a) }
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

/// `words[..8]` (`Row`'s methods take at least a register's worth).
#[inline(always)]
fn first_eight(words: &[u32]) -> &[u32; 8] {
    words[..8].try_into().unwrap()
}

impl<F: crate::Field31> crate::Row for Packed<F> {
    #[inline(always)]
    fn load(cells: &[F]) -> Self {
        let words = first_eight(super::moves::words(cells));
        // SAFETY: a `Packed` exists only where AVX2 is available (made
        // inside `apply_one` or `apply_many`, after the CPU check).
        unsafe { <Self as super::moves::Register<8>>::load(words) }
    }
    #[inline(always)]
    fn store(self, cells: &mut [F]) {
        let words: &mut [u32; 8] = (&mut super::moves::words_mut(cells)[..8])
            .try_into()
            .unwrap();
        // SAFETY: as above.
        unsafe { <Self as super::moves::Register<8>>::store(self, words) };
    }
    #[inline(always)]
    fn add_pow_each(self, constants: &[F], d: u64) -> Self {
        // SAFETY: as above.
        let constants = unsafe {
            <Avx2 as super::packed::Memory<8>>::load(first_eight(super::moves::words(constants)))
        };
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
    fn swap_in_pairs(self) -> Self {
        self.row_swap_in_pairs()
    }
    #[inline(always)]
    fn odd_of_pairs(self) -> Self {
        self.row_odd_of_pairs()
    }
    #[inline(always)]
    fn with_odd_lanes(self, odd: Self) -> Self {
        self.row_with_odd_lanes(odd)
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
