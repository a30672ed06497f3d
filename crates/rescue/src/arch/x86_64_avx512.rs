//! AVX-512 backend: Goldilocks arithmetic on eight 64-bit lanes of a
//! `__m512i`, for batches of states.
//!
//! Products are formed as in the AVX2 backend (`vpmuludq` on 32-bit halves:
//! four per product, three per square). The reduction of `lo + hi · 2^64`
//! is the scalar one, `lo - hi_hi + hi_lo · (2^32 - 1)`, but AVX-512 has
//! unsigned 64-bit compares into mask registers and masked additions, so
//! each carry or borrow costs one compare and one masked operation, with no
//! offset ("shifted") representation.
//!
//! Two layouts:
//! - batches ([`permute_many`]): eight states in twelve 512-bit registers,
//!   register `i` holding cell `i` of each state, so every step of the
//!   permutation (the MDS included) is lane-wise. (A ninth state riding
//!   along on the scalar units, as the AVX2 backend does with a fifth,
//!   measured 1.8× slower per batch here: the scalar state spills and the
//!   two 512-bit ports are already full.)
//! - one state ([`permute`]): the AVX2 backend's layout (two 256-bit
//!   registers beside four scalars) with the lane type [`PackedGoldilocksAvx512Vl`]: AVX2
//!   products, but the reduction's carries found by AVX-512VL unsigned
//!   compares into masks and masked additions: eight operations instead of
//!   twelve per reduction, no offset representation. (A state in 512-bit
//!   registers measured slower: one dependent 512-bit square takes ~30
//!   cycles here against ~21 for a 256-bit one, and a lone state is bound
//!   by that latency.)
//!
//! Every value of type [`PackedGoldilocksAvx512`] or [`PackedGoldilocksAvx512Vl`] is created inside a function
//! compiled with AVX-512F, AVX-512VL and AVX2
//! (`#[target_feature(enable = "avx512f,avx512vl,avx2")]`, with BMI2 for
//! the single-state entry point, whose scalar cells use it), and such
//! functions are only called once all of them are known to be present; that
//! is the invariant the `unsafe` blocks below rely on.

use core::arch::x86_64::*;
use core::ops::Range;

use super::batch::{BatchLane, permute_group};
use super::pair::Pair;
use super::x86_64_avx2::{
    Mixed, MixedLanes, Ymm, eps_opaque as eps_opaque4, mul_wide, permute_mixed, square_wide,
};
use super::{Columns, Output};
use crate::field::MODULUS;
use crate::lanes::{self, LaneKernel};
use crate::mds::{HalfLane, SplitLane};
use crate::permutation::{Instance, Lane, RawState};

/// Eight Goldilocks lanes (raw, non-canonical allowed).
#[derive(Clone, Copy)]
#[repr(transparent)]
pub(crate) struct PackedGoldilocksAvx512(__m512i);

const EPS: u64 = 0xffff_ffff;

macro_rules! avx512 {
    ($e:expr) => {
        // SAFETY: a `PackedGoldilocksAvx512` or a `PackedGoldilocksAvx512Vl` exists only inside code compiled with
        // AVX-512F, AVX-512VL and AVX2 (module doc), so the CPU has them; the
        // intrinsics take and return registers only (no memory access).
        unsafe { $e }
    };
}

/// `2^32 - 1` in eight lanes, hidden from the optimiser, for the
/// multiplications by it: with a visible constant, LLVM turns such a
/// `vpmuludq` into three shift / mask / subtract operations, and the two
/// 512-bit ports are the bottleneck here. (Miri runs no inline assembly and
/// needs no speed.)
///
/// (A `#[target_feature]` function, which the register class needs; LLVM
/// inlines it into the SIMD code that calls it.)
#[inline]
#[target_feature(enable = "avx512f")]
fn eps_opaque_inner() -> __m512i {
    opaque_inner(_mm512_set1_epi64(EPS as i64))
}

/// `v`, hidden from the optimiser (see [`eps_opaque_inner`]).
#[inline]
#[target_feature(enable = "avx512f")]
fn opaque_inner(v: __m512i) -> __m512i {
    #[allow(unused_mut)]
    let mut v = v;
    #[cfg(not(miri))]
    // SAFETY: an empty assembly statement that only declares `v` (a vector
    // register of this function's target feature) as possibly changed; it
    // reads and writes no memory, no stack and no flags.
    unsafe {
        core::arch::asm!("/* {0} */", inout(zmm_reg) v, options(pure, nomem, nostack, preserves_flags));
    }
    v
}

#[inline(always)]
fn eps_opaque() -> __m512i {
    // SAFETY: only SIMD code of this module calls this, which runs only when
    // the CPU has the feature (module doc).
    unsafe { eps_opaque_inner() }
}

#[inline(always)]
fn eps() -> __m512i {
    avx512!(_mm512_set1_epi64(EPS as i64))
}

impl PackedGoldilocksAvx512 {
    #[inline(always)]
    fn splat(v: u64) -> Self {
        PackedGoldilocksAvx512(avx512!(_mm512_set1_epi64(v as i64)))
    }

    /// `x + y` for `y < p` (raw out): a wrap past `2^64` adds `2^32 - 1`.
    #[inline(always)]
    fn add_small(x: __m512i, y: __m512i) -> __m512i {
        avx512!({
            let r = _mm512_add_epi64(x, y);
            let wrapped = _mm512_cmplt_epu64_mask(r, y);
            _mm512_mask_add_epi64(r, wrapped, r, eps())
        })
    }

    /// `(lo, hi)` of the eight 128-bit products.
    #[inline(always)]
    fn mul_wide(self, rhs: Self) -> (__m512i, __m512i) {
        avx512!({
            let (x, y) = (self.0, rhs.0);
            let x_hi = _mm512_srli_epi64::<32>(x);
            let y_hi = _mm512_srli_epi64::<32>(y);
            let ll = _mm512_mul_epu32(x, y);
            let lh = _mm512_mul_epu32(x, y_hi);
            let hl = _mm512_mul_epu32(x_hi, y);
            let hh = _mm512_mul_epu32(x_hi, y_hi);
            // x·y = ll + (hl + lh)·2^32 + hh·2^64; each partial sum < 2^64.
            let mid = _mm512_add_epi64(hl, _mm512_srli_epi64::<32>(ll));
            let mid2 = _mm512_add_epi64(lh, _mm512_and_si512(mid, eps()));
            let hi = _mm512_add_epi64(
                hh,
                _mm512_add_epi64(_mm512_srli_epi64::<32>(mid), _mm512_srli_epi64::<32>(mid2)),
            );
            let lo = _mm512_mask_blend_epi32(0xaaaa, ll, _mm512_slli_epi64::<32>(mid2));
            (lo, hi)
        })
    }

    /// `(lo, hi)` of the eight 128-bit squares.
    #[inline(always)]
    fn square_wide(self) -> (__m512i, __m512i) {
        avx512!({
            let x = self.0;
            let x_hi = _mm512_srli_epi64::<32>(x);
            let ll = _mm512_mul_epu32(x, x);
            let lh = _mm512_mul_epu32(x, x_hi);
            let hh = _mm512_mul_epu32(x_hi, x_hi);
            // x² = ll + lh·2^33 + hh·2^64; hi = hh + ⌊(lh + ⌊ll/2^33⌋)/2^31⌋.
            let t = _mm512_add_epi64(lh, _mm512_srli_epi64::<33>(ll));
            let hi = _mm512_add_epi64(hh, _mm512_srli_epi64::<31>(t));
            let lo = _mm512_add_epi64(ll, _mm512_slli_epi64::<33>(lh));
            (lo, hi)
        })
    }

    /// Reduces `lo + hi · 2^64` to a raw lane.
    #[inline(always)]
    fn reduce((lo, hi): (__m512i, __m512i)) -> Self {
        avx512!({
            // lo - hi_hi (2^96 ≡ -1); a borrow added 2^64 ≡ 2^32 - 1, so take
            // that away (no second borrow: the difference is then ≥ 2^64 -
            // 2^32).
            let hi_hi = _mm512_srli_epi64::<32>(hi);
            let t = _mm512_sub_epi64(lo, hi_hi);
            let borrow = _mm512_cmplt_epu64_mask(lo, hi_hi);
            let t = _mm512_mask_sub_epi64(t, borrow, t, eps());
            // + hi_lo · (2^32 - 1) (2^64 ≡ 2^32 - 1), which is < p.
            let t1 = _mm512_mul_epu32(hi, eps_opaque());
            PackedGoldilocksAvx512(Self::add_small(t, t1))
        })
    }

    /// `self + c` for canonical `c` lanes.
    #[inline(always)]
    fn add_canonical(self, c: Self) -> Self {
        PackedGoldilocksAvx512(Self::add_small(self.0, c.0))
    }
}

impl Lane for PackedGoldilocksAvx512 {
    #[inline(always)]
    fn mul(self, rhs: Self) -> Self {
        Self::reduce(self.mul_wide(rhs))
    }
    #[inline(always)]
    fn square(self) -> Self {
        Self::reduce(self.square_wide())
    }
}

/// Lanes of `i64` for the MDS halves.
impl HalfLane for PackedGoldilocksAvx512 {
    #[inline(always)]
    fn add(self, rhs: Self) -> Self {
        PackedGoldilocksAvx512(avx512!(_mm512_add_epi64(self.0, rhs.0)))
    }
    #[inline(always)]
    fn sub(self, rhs: Self) -> Self {
        PackedGoldilocksAvx512(avx512!(_mm512_sub_epi64(self.0, rhs.0)))
    }
    #[inline(always)]
    fn shl<const S: i32>(self) -> Self {
        // The immediate form needs a literal count: the counts `crate::mds`
        // uses (1 to 3) get one each (`S` is a constant, so one arm is
        // left), any other goes through the per-lane variable shift.
        avx512!(PackedGoldilocksAvx512(match S {
            1 => _mm512_slli_epi64::<1>(self.0),
            2 => _mm512_slli_epi64::<2>(self.0),
            3 => _mm512_slli_epi64::<3>(self.0),
            _ => _mm512_sllv_epi64(self.0, _mm512_set1_epi64(S as i64)),
        }))
    }
}

impl SplitLane for PackedGoldilocksAvx512 {
    #[inline(always)]
    fn split(self) -> (Self, Self) {
        avx512!((
            PackedGoldilocksAvx512(_mm512_and_si512(self.0, eps())),
            PackedGoldilocksAvx512(_mm512_srli_epi64::<32>(self.0)),
        ))
    }

    #[inline(always)]
    fn combine(lo: Self, hi: Self) -> Self {
        avx512!({
            // With m = ⌊lo/2^32⌋ + hi (< 2^41), the value is (lo mod 2^32) +
            // (m mod 2^32)·2^32 + ⌊m/2^32⌋·2^64: the first two terms side by
            // side in one word, the last ≡ ⌊m/2^32⌋·(2^32 - 1) < p.
            let m = _mm512_add_epi64(_mm512_srli_epi64::<32>(lo.0), hi.0);
            let word = _mm512_mask_blend_epi32(0xaaaa, lo.0, _mm512_slli_epi64::<32>(m));
            let k = _mm512_mul_epu32(_mm512_srli_epi64::<32>(m), eps());
            PackedGoldilocksAvx512(PackedGoldilocksAvx512::add_small(word, k))
        })
    }
}

/// Four Goldilocks lanes in a 256-bit register (raw, non-canonical
/// allowed), for the single-state layout: the AVX2 backend's products, a
/// reduction with AVX-512VL masks.
///
/// `SHIFTED_FOLD` chooses how the reduction forms `hi_lo · (2^32 − 1)`: as
/// `(hi_lo · 2^32) − hi_lo`, a shift and a subtraction beside the first
/// step (two cycles), or as a product by `2^32 − 1` (five cycles, one
/// vector operation fewer). Plonky2's full rounds, bound by their chain of
/// three dependent products, take the shift (four rounds 325 → 313 ns on
/// the Intel Xeon of 2026-11-29); Rescue's one-state permutation, which
/// interleaves more independent work, measured 0.8 % slower with it and
/// keeps the product.
#[derive(Clone, Copy)]
#[repr(transparent)]
pub(crate) struct PackedGoldilocksAvx512Vl<const SHIFTED_FOLD: bool = false>(__m256i);

impl<const SHIFTED_FOLD: bool> PackedGoldilocksAvx512Vl<SHIFTED_FOLD> {
    /// Reduces `lo + hi · 2^64` to a raw lane: `lo - hi_hi + hi_lo · (2^32 -
    /// 1)` as in [`PackedGoldilocksAvx512::reduce`], on four lanes.
    #[inline(always)]
    fn reduce((lo, hi): (__m256i, __m256i)) -> Self {
        avx512!({
            let e = _mm256_set1_epi64x(EPS as i64);
            // lo - hi_hi; a borrow added 2^64 ≡ 2^32 - 1: take it away (the
            // difference is then ≥ 2^64 - 2^32, so no second borrow).
            let hi_hi = _mm256_srli_epi64::<32>(hi);
            let t = _mm256_sub_epi64(lo, hi_hi);
            let borrow = _mm256_cmplt_epu64_mask(lo, hi_hi);
            let t = _mm256_mask_sub_epi64(t, borrow, t, e);
            // + hi_lo · (2^32 - 1) < p; a carry dropped 2^64 ≡ 2^32 - 1: add
            // it back (the sum is then < t1, so no second carry).
            let t1 = if SHIFTED_FOLD {
                _mm256_sub_epi64(_mm256_slli_epi64::<32>(hi), _mm256_and_si256(hi, e))
            } else {
                _mm256_mul_epu32(hi, eps_opaque4())
            };
            let r = _mm256_add_epi64(t, t1);
            let carry = _mm256_cmplt_epu64_mask(r, t1);
            Self(_mm256_mask_add_epi64(r, carry, r, e))
        })
    }
}

impl<const SHIFTED_FOLD: bool> Lane for PackedGoldilocksAvx512Vl<SHIFTED_FOLD> {
    #[inline(always)]
    fn mul(self, rhs: Self) -> Self {
        Self::reduce(mul_wide(self.0, rhs.0))
    }
    #[inline(always)]
    fn square(self) -> Self {
        Self::reduce(square_wide(self.0))
    }
}

impl<const SHIFTED_FOLD: bool> Ymm for PackedGoldilocksAvx512Vl<SHIFTED_FOLD> {
    #[inline(always)]
    fn from_ymm(v: __m256i) -> Self {
        Self(v)
    }
    #[inline(always)]
    fn ymm(self) -> __m256i {
        self.0
    }
}

/// Cell `i` of eight states in one register.
#[inline(always)]
fn gather(states: &[RawState], i: usize) -> PackedGoldilocksAvx512 {
    PackedGoldilocksAvx512(avx512!(_mm512_set_epi64(
        states[7][i] as i64,
        states[6][i] as i64,
        states[5][i] as i64,
        states[4][i] as i64,
        states[3][i] as i64,
        states[2][i] as i64,
        states[1][i] as i64,
        states[0][i] as i64,
    )))
}

/// Writes cell `i` of eight states back from one register.
#[inline(always)]
fn scatter(states: &mut [RawState], i: usize, x: PackedGoldilocksAvx512) {
    let mut lanes = [0u64; 8];
    // SAFETY: 64-byte unaligned store into a 64-byte array; AVX-512F present
    // (module doc).
    unsafe { _mm512_storeu_si512(lanes.as_mut_ptr().cast(), x.0) };
    for (s, l) in states.iter_mut().zip(lanes) {
        s[i] = l;
    }
}

/// Eight states, transposed: register `i` holds cell `i` of each; the
/// rounds are [`permute_group`]'s.
impl BatchLane for PackedGoldilocksAvx512 {
    const STATES: usize = 8;
    #[inline(always)]
    fn load(states: &[RawState], cell: usize) -> Self {
        gather(states, cell)
    }
    #[inline(always)]
    fn store(self, states: &mut [RawState], cell: usize) {
        scatter(states, cell, self);
    }
    #[inline(always)]
    fn add_constant(self, c: u64) -> Self {
        self.add_canonical(PackedGoldilocksAvx512::splat(c))
    }
}

/// The permutation of one state (raw in, raw out): the AVX2 backend's
/// layout (two registers beside four scalars) with [`PackedGoldilocksAvx512Vl`] lanes.
///
/// (Against the AVX2 lanes on the same CPU, alternating the two binaries 16
/// times: median paired ratio 0.94 in the native and in the portable build,
/// interleaved harness; the fewer vector operations matter most when the
/// core is shared.)
///
/// # Safety
/// The CPU must support AVX-512F, AVX-512VL, AVX2 and BMI2.
#[target_feature(enable = "avx512f,avx512vl,avx2,bmi2")]
pub(crate) unsafe fn permute<I: Instance>(state: &mut RawState, rounds: Range<usize>) {
    permute_mixed::<I, PackedGoldilocksAvx512Vl>(state, rounds);
}

/// `x^7` on the twelve cells of one state (raw in, raw out) in the
/// single-state layout of [`permute`] (AVX-512VL registers beside
/// scalars): `GoldilocksLanes::exp7_state` of `u64`.
///
/// # Safety
/// The CPU must support AVX-512F, AVX-512VL, AVX2 and BMI2.
#[target_feature(enable = "avx512f,avx512vl,avx2,bmi2")]
pub(crate) unsafe fn exp7_state(state: &mut RawState) {
    <Mixed<PackedGoldilocksAvx512Vl> as MixedLanes>::sboxes(core::slice::from_mut(state), false);
}

/// Rounds of `x ← M · (x + c)^7` on one state, raw in, raw out:
/// `lanes::x7_matrix_rounds`. The constants on the scalar units, the
/// S-boxes in the single-state layout of [`permute`] (two AVX-512VL
/// registers beside four scalars), the product by `M`, whose entries are
/// small, column by column on the vector units: the 32-bit halves of each
/// cell, broadcast, times the column (`vpmuludq`; rows 0–7 in a 512-bit
/// register, 8–11 in a 256-bit one), summed exactly in 64-bit lanes, and
/// the two sums joined as `lo + hi · 2^32` (one reduction per cell).
///
/// # Safety
/// The CPU must support AVX-512F, AVX-512VL, AVX2 and BMI2.
#[target_feature(enable = "avx512f,avx512vl,avx2,bmi2")]
pub(crate) unsafe fn x7_matrix_rounds(
    state: &mut RawState,
    constants: &[[u64; 12]],
    columns: &[[u64; 16]; 12],
) {
    if let Some(first) = constants.first() {
        // On the vector units, four cells per store, as the S-box layout
        // loads them (see below).
        for at in [0, 4, 8] {
            // SAFETY: unaligned 32-byte reads and writes of words at..at + 4
            // of 12-word arrays; AVX-512F/VL present.
            unsafe {
                let x = _mm256_loadu_si256(state[at..].as_ptr().cast());
                let k = _mm256_loadu_si256(first[at..].as_ptr().cast());
                let sum = PackedGoldilocksAvx512(_mm512_zextsi256_si512(x))
                    .add_canonical(PackedGoldilocksAvx512(_mm512_zextsi256_si512(k)));
                _mm256_storeu_si256(
                    state[at..].as_mut_ptr().cast(),
                    _mm512_castsi512_si256(sum.0),
                );
            }
        }
    }
    for (round, _) in constants.iter().enumerate() {
        <Mixed<PackedGoldilocksAvx512Vl<true>> as MixedLanes>::sboxes(
            core::slice::from_mut(state),
            false,
        );
        // The high halves of the cells, for the broadcasts (`vpmuludq`
        // reads the low halves of the cells themselves). Each load lies
        // inside one store of the S-box layout (four cells, four cells,
        // one cell each), so that the stores forward to it.
        let mut high = [0u64; 12];
        // SAFETY: unaligned 32-byte reads and writes of words 0..4 and 4..8
        // of 12-word arrays; AVX2 present.
        unsafe {
            for h in [0, 4] {
                let x = _mm256_loadu_si256(state[h..].as_ptr().cast());
                _mm256_storeu_si256(high[h..].as_mut_ptr().cast(), _mm256_srli_epi64::<32>(x));
            }
        }
        for k in 8..12 {
            high[k] = state[k] >> 32;
        }
        let (mut low_a, mut high_a) = (_mm512_setzero_si512(), _mm512_setzero_si512());
        let (mut low_b, mut high_b) = (_mm256_setzero_si256(), _mm256_setzero_si256());
        for (k, column) in columns.iter().enumerate() {
            // SAFETY: unaligned 64- and 32-byte reads of words 0..8 and
            // 8..12 of a 16-word column; AVX-512F/VL present.
            let (col_a, col_b) = unsafe {
                (
                    _mm512_loadu_si512(column.as_ptr().cast()),
                    _mm256_loadu_si256(column[8..].as_ptr().cast()),
                )
            };
            let (lo, hi) = (state[k] as i64, high[k] as i64);
            low_a = _mm512_add_epi64(low_a, _mm512_mul_epu32(col_a, _mm512_set1_epi64(lo)));
            high_a = _mm512_add_epi64(high_a, _mm512_mul_epu32(col_a, _mm512_set1_epi64(hi)));
            low_b = _mm256_add_epi64(low_b, _mm256_mul_epu32(col_b, _mm256_set1_epi64x(lo)));
            high_b = _mm256_add_epi64(high_b, _mm256_mul_epu32(col_b, _mm256_set1_epi64x(hi)));
        }
        let a = SplitLane::combine(
            PackedGoldilocksAvx512(low_a),
            PackedGoldilocksAvx512(high_a),
        );
        // The second half through the 512-bit combine (its upper lanes are
        // zero sums).
        let b = SplitLane::combine(
            PackedGoldilocksAvx512(_mm512_zextsi256_si512(low_b)),
            PackedGoldilocksAvx512(_mm512_zextsi256_si512(high_b)),
        );
        // The next round's constants, here on the vector units (the
        // S-box layout's loads then lie inside these stores).
        let (a, b) = match constants.get(round + 1) {
            Some(next) => (
                a.add_canonical(PackedGoldilocksAvx512(load_half(next, 0))),
                b.add_canonical(PackedGoldilocksAvx512(load_half(next, 8))),
            ),
            None => (a, b),
        };
        // Four cells per store, as the S-box layout loads them.
        // SAFETY: unaligned 32-byte writes of words 0..4, 4..8 and 8..12 of
        // `state`; AVX-512F/VL present.
        unsafe {
            _mm256_storeu_si256(state.as_mut_ptr().cast(), _mm512_castsi512_si256(a.0));
            _mm256_storeu_si256(
                state[4..].as_mut_ptr().cast(),
                _mm512_extracti64x4_epi64::<1>(a.0),
            );
            _mm256_storeu_si256(state[8..].as_mut_ptr().cast(), _mm512_castsi512_si256(b.0));
        }
    }
}

/// Eight words from `words[start..start + 8]`, or the four of
/// `words[8..12]` and zeros when `start` is 8.
#[inline(always)]
fn load_half(words: &[u64; 12], start: usize) -> __m512i {
    if start == 0 {
        // SAFETY: a 64-byte unaligned read of words 0..8; AVX-512F present
        // (callers' contract).
        unsafe { _mm512_loadu_si512(words.as_ptr().cast()) }
    } else {
        debug_assert_eq!(start, 8);
        // SAFETY: a masked read of words 8..12 (the masked-off lanes are
        // not accessed); AVX-512F present.
        unsafe { _mm512_maskz_loadu_epi64(0x0f, words[8..].as_ptr().cast()) }
    }
}

/// Plonky2's sparse partial rounds on one state, raw in, raw out:
/// `lanes::sparse_x7_rounds`. Cell 0's S-box and dot product on the
/// scalar units (the dot product summed unreduced, one reduction), the
/// updates `x_i + v_i · s` of cells 1–11 on the vector units (cells 1–8
/// and 9–11 in two 512-bit registers), so that the scalar multiplier, the
/// bottleneck of these rounds, does only the S-box and the dot product.
/// Each round's dot product reads the cells from the previous round's
/// vector store.
///
/// # Safety
/// The CPU must support AVX-512F, AVX-512VL, AVX2 and BMI2.
#[target_feature(enable = "avx512f,avx512vl,avx2,bmi2")]
pub(crate) unsafe fn sparse_x7_rounds(state: &mut RawState, rounds: &[lanes::SparseRound12]) {
    use lanes::GoldilocksLanes;
    // Cells 1..12 at 0..11, zeros after.
    let mut cells = [0u64; 16];
    cells[..11].copy_from_slice(&state[1..]);
    // SAFETY: 64-byte unaligned reads of words 0..8 and 8..16 of `cells`;
    // AVX-512F present.
    let (mut xa, mut xb) = unsafe {
        (
            PackedGoldilocksAvx512(_mm512_loadu_si512(cells.as_ptr().cast())),
            PackedGoldilocksAvx512(_mm512_loadu_si512(cells[8..].as_ptr().cast())),
        )
    };
    let mut x0 = state[0];
    for round in rounds {
        let x2 = super::scalar_mul(x0, x0);
        let x3 = super::scalar_mul(x2, x0);
        let x4 = super::scalar_mul(x2, x2);
        let s = super::scalar_add_canonical(super::scalar_mul(x3, x4), round.constant);
        let mut terms = [s; 12];
        terms[..11].copy_from_slice(&cells[..11]);
        x0 = <u64 as GoldilocksLanes>::dot_constants(&terms, &round.row);
        // SAFETY: 64-byte unaligned reads of words 0..8 and 8..16 of the
        // 16-word `v`; AVX-512F present.
        let (va, vb) = unsafe {
            (
                PackedGoldilocksAvx512(_mm512_loadu_si512(round.v.as_ptr().cast())),
                PackedGoldilocksAvx512(_mm512_loadu_si512(round.v[8..].as_ptr().cast())),
            )
        };
        let s = PackedGoldilocksAvx512::splat(s);
        xa = GoldilocksLanes::add(xa, Lane::mul(s, va));
        xb = GoldilocksLanes::add(xb, Lane::mul(s, vb));
        // SAFETY: 64-byte unaligned writes of words 0..8 and 8..16 of
        // `cells`; AVX-512F present.
        unsafe {
            _mm512_storeu_si512(cells.as_mut_ptr().cast(), xa.0);
            _mm512_storeu_si512(cells[8..].as_mut_ptr().cast(), xb.0);
        }
    }
    state[0] = x0;
    state[1..].copy_from_slice(&cells[..11]);
}

/// The permutation of many states (raw in, raw out): eight at a time; a
/// remainder of six or seven is padded to eight (cheaper than the AVX2
/// path for them), one of four or five goes to the AVX2 batches, and one to
/// three states go one by one through [`permute`].
///
/// # Safety
/// The CPU must support AVX-512F, AVX-512VL, AVX2 and BMI2.
#[target_feature(enable = "avx512f,avx512vl,avx2,bmi2")]
pub(crate) unsafe fn permute_many<I: Instance>(states: &mut [RawState], rounds: Range<usize>) {
    let mut eights = states.chunks_exact_mut(8);
    for eight in &mut eights {
        permute_group::<I, PackedGoldilocksAvx512>(eight, rounds.clone());
    }
    let rest = eights.into_remainder();
    if rest.len() >= 6 {
        let mut padded = [[0u64; 12]; 8];
        padded[..rest.len()].copy_from_slice(rest);
        permute_group::<I, PackedGoldilocksAvx512>(&mut padded, rounds);
        rest.copy_from_slice(&padded[..rest.len()]);
    } else if rest.len() >= 4 {
        // SAFETY: AVX2 and BMI2 present (this function's contract).
        unsafe { super::x86_64_avx2::permute_4_or_5::<I>(rest, rounds) };
    } else {
        for state in rest {
            // SAFETY: AVX-512F/VL, AVX2 and BMI2 present (this function's
            // contract).
            unsafe { permute::<I>(state, rounds.clone()) };
        }
    }
}

/// `x << S` and `x >> S` with a count the compiler folds into the
/// immediate form (the immediate intrinsics take the count as a literal).
#[inline(always)]
fn shift_count<const S: u32>() -> __m128i {
    avx512!(_mm_set_epi64x(0, S as i64))
}

/// `lo + hi · 2^64` in each lane reduced to a raw residue, for the other
/// x86_64 kernels of this crate.
///
/// # Safety
/// The CPU must support AVX-512F, AVX-512VL and AVX2.
#[inline]
#[target_feature(enable = "avx512f,avx512vl,avx2")]
pub(super) unsafe fn reduce_wide(lo: __m512i, hi: __m512i) -> __m512i {
    PackedGoldilocksAvx512::reduce((lo, hi)).0
}

/// Eight lanes for the kernels of other permutations (`crate::lanes`): the
/// field operations are the batch permutation's.
impl lanes::GoldilocksLanes for PackedGoldilocksAvx512 {
    const LANES: usize = 8;

    #[inline(always)]
    fn splat(value: u64) -> Self {
        PackedGoldilocksAvx512::splat(value)
    }
    #[inline(always)]
    fn mul(self, rhs: Self) -> Self {
        Lane::mul(self, rhs)
    }
    #[inline(always)]
    fn square(self) -> Self {
        Lane::square(self)
    }
    #[inline(always)]
    fn add_canonical(self, rhs: Self) -> Self {
        PackedGoldilocksAvx512::add_canonical(self, rhs)
    }
    #[inline(always)]
    fn canonical(self) -> Self {
        avx512!({
            let p = _mm512_set1_epi64(MODULUS as i64);
            let above = _mm512_cmpge_epu64_mask(self.0, p);
            PackedGoldilocksAvx512(_mm512_mask_sub_epi64(self.0, above, self.0, p))
        })
    }
    #[inline(always)]
    fn combine(lo: Self, hi: Self) -> Self {
        // `SplitLane::combine`'s steps hold for lo, hi < 2^63: m < 2^64,
        // ⌊m/2^32⌋ < 2^32, its product with 2^32 - 1 below p.
        SplitLane::combine(lo, hi)
    }
    #[inline(always)]
    fn add(self, rhs: Self) -> Self {
        avx512!({
            // A carry drops 2^64 ≡ 2^32 - 1: add it back, and once more if
            // that carries too.
            let r = _mm512_add_epi64(self.0, rhs.0);
            let carry = _mm512_cmplt_epu64_mask(r, rhs.0);
            let r2 = _mm512_mask_add_epi64(r, carry, r, eps());
            let carry2 = _mm512_mask_cmplt_epu64_mask(carry, r2, eps());
            PackedGoldilocksAvx512(_mm512_mask_add_epi64(r2, carry2, r2, eps()))
        })
    }
    #[inline(always)]
    fn sub(self, rhs: Self) -> Self {
        avx512!({
            // A borrow adds 2^64 ≡ 2^32 - 1: take it away, and once more if
            // that borrows too.
            let r = _mm512_sub_epi64(self.0, rhs.0);
            let borrow = _mm512_cmplt_epu64_mask(self.0, rhs.0);
            let borrow2 = _mm512_mask_cmplt_epu64_mask(borrow, r, eps());
            let r2 = _mm512_mask_sub_epi64(r, borrow, r, eps());
            PackedGoldilocksAvx512(_mm512_mask_sub_epi64(r2, borrow2, r2, eps()))
        })
    }
    #[inline(always)]
    fn sub_canonical(self, rhs: Self) -> Self {
        avx512!({
            // A borrow added 2^64 ≡ 2^32 - 1: take it away (the difference
            // is then ≥ 2^64 - rhs > 2^32 - 1, so no second borrow).
            let r = _mm512_sub_epi64(self.0, rhs.0);
            let borrow = _mm512_cmplt_epu64_mask(self.0, rhs.0);
            PackedGoldilocksAvx512(_mm512_mask_sub_epi64(r, borrow, r, eps()))
        })
    }
    #[inline(always)]
    fn mul_2exp(self, k: u32) -> Self {
        debug_assert!((1..=32).contains(&k));
        if k == 1 {
            return lanes::GoldilocksLanes::double(self);
        }
        avx512!({
            // x · 2^k = lo + hi · 2^64 with hi = ⌊x / 2^(64-k)⌋ < 2^32, and
            // hi · 2^64 ≡ hi · (2^32 - 1) = hi · 2^32 - hi < p.
            let lo = _mm512_sll_epi64(self.0, _mm_cvtsi32_si128(k as i32));
            let hi = _mm512_srl_epi64(self.0, _mm_cvtsi32_si128(64 - k as i32));
            let folded = _mm512_sub_epi64(_mm512_slli_epi64::<32>(hi), hi);
            PackedGoldilocksAvx512(PackedGoldilocksAvx512::add_small(lo, folded))
        })
    }
    #[inline(always)]
    fn div_2exp(self, k: u32) -> Self {
        debug_assert!((1..=32).contains(&k));
        avx512!(PackedGoldilocksAvx512(if k == 1 {
            // x odd: (x + p) / 2 = ⌊x / 2⌋ + (p + 1) / 2, below 2^64 for
            // any raw x.
            let odd = _mm512_test_epi64_mask(self.0, _mm512_set1_epi64(1));
            let half = _mm512_srli_epi64::<1>(self.0);
            let half_p = _mm512_set1_epi64(MODULUS.div_ceil(2) as i64);
            _mm512_mask_add_epi64(half, odd, half, half_p)
        } else {
            // x = a · 2^k + b (b < 2^k): x · 2^-k ≡ a - b · 2^(96-k) (2^96
            // ≡ -1), and b · 2^(96-k) = c · 2^64 with c = b · 2^(32-k) <
            // 2^32, ≡ c · 2^32 - c = t < p. a - t, plus p on a borrow
            // (+p ≡ -(2^32 - 1) mod 2^64).
            let a = _mm512_srl_epi64(self.0, _mm_cvtsi32_si128(k as i32));
            let c_high = _mm512_sll_epi64(self.0, _mm_cvtsi32_si128(64 - k as i32));
            let t = _mm512_sub_epi64(c_high, _mm512_srli_epi64::<32>(c_high));
            let r = _mm512_sub_epi64(a, t);
            let borrow = _mm512_cmplt_epu64_mask(a, t);
            _mm512_mask_sub_epi64(r, borrow, r, eps())
        }))
    }
    /// The sum in 64 bits and a count of its carries (each dropped `2^64 ≡
    /// 2^32 - 1`), folded in once: three operations a term instead of the
    /// five of `add`.
    #[inline(always)]
    fn sum_from<const N: usize>(xs: &[Self; N], start: usize) -> Self {
        const { assert!(N <= u32::MAX as usize) };
        avx512!({
            let mut sum = xs[start].0;
            let mut carries = _mm512_setzero_si512();
            // With a visible constant 1, LLVM turns each masked increment
            // into a mask-to-vector move and a subtraction (two operations).
            let one = opaque_inner(_mm512_set1_epi64(1));
            for x in &xs[start + 1..] {
                sum = _mm512_add_epi64(sum, x.0);
                let carry = _mm512_cmplt_epu64_mask(sum, x.0);
                carries = _mm512_mask_add_epi64(carries, carry, carries, one);
            }
            // carries < N ≤ 2^32, so carries · (2^32 - 1) < p.
            let folded = _mm512_mul_epu32(carries, eps_opaque());
            PackedGoldilocksAvx512(PackedGoldilocksAvx512::add_small(sum, folded))
        })
    }
    #[inline(always)]
    fn wrapping_add(self, rhs: Self) -> Self {
        HalfLane::add(self, rhs)
    }
    #[inline(always)]
    fn wrapping_sub(self, rhs: Self) -> Self {
        HalfLane::sub(self, rhs)
    }
    #[inline(always)]
    fn wrapping_mul(self, rhs: Self) -> Self {
        // SAFETY: the `GoldilocksLanes` methods of this type run only inside
        // `apply_many` and `apply_many_vbmi` (the kernels see the type there
        // and nowhere else), which are compiled with AVX-512DQ as well and
        // called only where the CPU has it; registers only.
        PackedGoldilocksAvx512(unsafe { _mm512_mullo_epi64(self.0, rhs.0) })
    }
    #[inline(always)]
    fn shl<const S: u32>(self) -> Self {
        PackedGoldilocksAvx512(avx512!(_mm512_sll_epi64(self.0, shift_count::<S>())))
    }
    #[inline(always)]
    fn shr<const S: u32>(self) -> Self {
        PackedGoldilocksAvx512(avx512!(_mm512_srl_epi64(self.0, shift_count::<S>())))
    }
    #[inline(always)]
    fn low32(self) -> Self {
        PackedGoldilocksAvx512(avx512!(_mm512_and_si512(self.0, eps())))
    }
    #[inline(always)]
    fn map(self, f: impl Fn(u64) -> u64) -> Self {
        super::map_lanes::<Self, 8>(self, f)
    }
}

impl Columns<8> for PackedGoldilocksAvx512 {
    #[inline(always)]
    fn load(words: &[u64; 8]) -> Self {
        // SAFETY: 64-byte unaligned load of a 64-byte array; AVX-512F
        // present (module doc).
        PackedGoldilocksAvx512(unsafe { _mm512_loadu_si512(words.as_ptr().cast()) })
    }
    #[inline(always)]
    fn store(self, words: &mut [u64; 8]) {
        // SAFETY: 64-byte unaligned store into a 64-byte array; AVX-512F
        // present (module doc).
        unsafe { _mm512_storeu_si512(words.as_mut_ptr().cast(), self.0) };
    }
    /// Eight cells at a time: one (masked, for a last block of fewer than
    /// eight cells) load per state, then [`transpose8`].
    #[inline(always)]
    fn transpose_in<const W: usize>(states: &[[u64; W]; 8]) -> [Self; W] {
        let zero = avx512!(_mm512_setzero_si512());
        let mut registers = [PackedGoldilocksAvx512(zero); W];
        for start in (0..W).step_by(8) {
            let mask = block_mask(W - start);
            let mut rows = [zero; 8];
            for (row, state) in rows.iter_mut().zip(states) {
                // SAFETY: the mask enables words `start..start + min(8,
                // W - start)` of `state`, inside it (masked-off words are
                // not read); AVX-512F present (module doc).
                *row = unsafe { _mm512_maskz_loadu_epi64(mask, state.as_ptr().add(start).cast()) };
            }
            for (register, column) in registers[start..].iter_mut().zip(transpose8(rows)) {
                *register = PackedGoldilocksAvx512(column);
            }
        }
        registers
    }
    /// [`transpose8`] of eight registers at a time, then one (masked)
    /// store per state.
    #[inline(always)]
    fn transpose_out<const W: usize>(registers: [Self; W], states: &mut [[u64; W]; 8]) {
        for start in (0..W).step_by(8) {
            let mask = block_mask(W - start);
            let mut columns = [avx512!(_mm512_setzero_si512()); 8];
            for (column, register) in columns.iter_mut().zip(&registers[start..]) {
                *column = register.0;
            }
            for (state, row) in states.iter_mut().zip(transpose8(columns)) {
                // SAFETY: the mask enables words `start..start + min(8,
                // W - start)` of `state`, inside it (masked-off words are
                // not written); AVX-512F present (module doc).
                unsafe {
                    _mm512_mask_storeu_epi64(state.as_mut_ptr().add(start).cast(), mask, row)
                };
            }
        }
    }
}

/// Two groups of eight in flight ([`Pair`]) up to this width: the state
/// of both groups (up to 24 registers) and the temporaries of a round fit
/// the 32 registers. Width 12 gains (Goldilocks Poseidon2 12: 302–306
/// against 325–344 ns per state, Intel Xeon model 167, 2026-12-04); at
/// width 16 (32 registers of state) the pairs measured no faster than
/// one group (0.89–0.90 against 0.86–0.89 of Plonky3's time, same CPU).
/// Width 12 in pairs is not measured on AMD Zen 4 (the pairs up to width
/// 8 gained 11 % there).
const PAIRED_WIDTH: usize = 12;

/// Sixteen states: the first eight in the first register of each pair.
impl<R: Columns<8>> Columns<16> for Pair<R> {
    #[inline(always)]
    fn load(words: &[u64; 16]) -> Self {
        let (a, b) = words.split_at(8);
        Pair(
            R::load(a.try_into().expect("eight words")),
            R::load(b.try_into().expect("eight words")),
        )
    }
    #[inline(always)]
    fn store(self, words: &mut [u64; 16]) {
        let (a, b) = words.split_at_mut(8);
        self.0.store(a.try_into().expect("eight words"));
        self.1.store(b.try_into().expect("eight words"));
    }
    #[inline(always)]
    fn transpose_in<const W: usize>(states: &[[u64; W]; 16]) -> [Self; W] {
        let (a, b) = states.split_at(8);
        let a = R::transpose_in(a.try_into().expect("eight states"));
        let b = R::transpose_in(b.try_into().expect("eight states"));
        let mut registers = [Pair(a[0], b[0]); W];
        for ((register, a), b) in registers.iter_mut().zip(a).zip(b) {
            *register = Pair(a, b);
        }
        registers
    }
    #[inline(always)]
    fn transpose_out<const W: usize>(registers: [Self; W], states: &mut [[u64; W]; 16]) {
        let mut a = [registers[0].0; W];
        let mut b = [registers[0].1; W];
        for ((a, b), register) in a.iter_mut().zip(b.iter_mut()).zip(registers) {
            *a = register.0;
            *b = register.1;
        }
        let (first, second) = states.split_at_mut(8);
        R::transpose_out(a, first.try_into().expect("eight states"));
        R::transpose_out(b, second.try_into().expect("eight states"));
    }
}

/// The mask of the first `min(8, remaining)` of eight words.
#[inline(always)]
fn block_mask(remaining: usize) -> __mmask8 {
    (0xffu16 >> 8usize.saturating_sub(remaining)) as __mmask8
}

/// The transpose of an 8 × 8 matrix of 64-bit words held one row per
/// register (24 shuffles): rows paired word by word (`unpacklo/hi`), then
/// twice 128-bit blocks paired across registers (`shuffle_i64x2`).
#[inline(always)]
fn transpose8(r: [__m512i; 8]) -> [__m512i; 8] {
    avx512!({
        // pairs[2k]: words (0, 2, 4, 6) of rows 2k and 2k + 1, interleaved;
        // pairs[2k + 1]: words (1, 3, 5, 7).
        let mut pairs = r;
        for k in 0..4 {
            pairs[2 * k] = _mm512_unpacklo_epi64(r[2 * k], r[2 * k + 1]);
            pairs[2 * k + 1] = _mm512_unpackhi_epi64(r[2 * k], r[2 * k + 1]);
        }
        // Blocks (0, 2) of both operands, or blocks (1, 3).
        // quads[j] (j < 4): words j and j + 4 of rows 0–3, in blocks of two
        // rows; quads[4 + j] the same of rows 4–7.
        let mut quads = r;
        for half in 0..2 {
            let (a, b) = (pairs[4 * half], pairs[4 * half + 2]);
            let (c, d) = (pairs[4 * half + 1], pairs[4 * half + 3]);
            quads[4 * half] = _mm512_shuffle_i64x2::<0x88>(a, b);
            quads[4 * half + 1] = _mm512_shuffle_i64x2::<0x88>(c, d);
            quads[4 * half + 2] = _mm512_shuffle_i64x2::<0xdd>(a, b);
            quads[4 * half + 3] = _mm512_shuffle_i64x2::<0xdd>(c, d);
        }
        let mut columns = r;
        for j in 0..4 {
            columns[j] = _mm512_shuffle_i64x2::<0x88>(quads[j], quads[4 + j]);
            columns[4 + j] = _mm512_shuffle_i64x2::<0xdd>(quads[j], quads[4 + j]);
        }
        columns
    })
}

/// `kernel` on every state: groups of eight in [`PackedGoldilocksAvx512`]
/// registers (two groups at a time, [`Pair`], for states of up to
/// [`PAIRED_WIDTH`] cells); a remainder of five to seven padded to eight,
/// one of two to four as a group of four on AVX2, a single state on
/// scalars.
///
/// # Safety
/// The CPU must support AVX-512F, AVX-512VL, AVX-512DQ, AVX2 and BMI2.
#[target_feature(enable = "avx512f,avx512vl,avx512dq,avx2,bmi2")]
pub(crate) unsafe fn apply_many<K: LaneKernel<W>, const W: usize>(
    kernel: &K,
    states: &mut [[u64; W]],
    output: Output,
) {
    drive_eights::<K, PackedGoldilocksAvx512, W>(kernel, states, output);
}

/// Groups of eight in `R` registers, two at a time up to [`PAIRED_WIDTH`]
/// cells; a remainder of up to the kernel's `single_states(8)` one state at a
/// time on its one-state path, else one of five to seven padded to eight,
/// one of two to four as a group of four on AVX2. Inlined into
/// [`apply_many`] and [`apply_many_vbmi`].
#[inline(always)]
fn drive_eights<K: LaneKernel<W>, R: Columns<8>, const W: usize>(
    kernel: &K,
    states: &mut [[u64; W]],
    output: Output,
) {
    let states = if W <= PAIRED_WIDTH {
        let mut sixteens = states.chunks_exact_mut(16);
        for sixteen in &mut sixteens {
            super::drive_group::<K, Pair<R>, W, 16>(kernel, sixteen, output);
        }
        sixteens.into_remainder()
    } else {
        states
    };
    let mut eights = states.chunks_exact_mut(8);
    for eight in &mut eights {
        super::drive_group::<K, R, W, 8>(kernel, eight, output);
    }
    let rest = eights.into_remainder();
    match rest.len() {
        0 => {}
        n if n <= kernel.single_states(8) => super::apply_singles(kernel, rest, output),
        2..=4 => super::drive_group::<K, super::x86_64_avx2::PackedGoldilocksAvx2, W, 4>(
            kernel, rest, output,
        ),
        _ => super::drive_group::<K, R, W, 8>(kernel, rest, output),
    }
}

/// [`PackedGoldilocksAvx512`] with byte-table lookups on AVX-512 VBMI:
/// every value of this type is created inside a function compiled with
/// AVX-512F/VL/DQ/BW/VBMI and AVX2 ([`apply_many_vbmi`]), which only runs once
/// all of them are known to be present.
#[derive(Clone, Copy)]
#[repr(transparent)]
pub(crate) struct PackedGoldilocksAvx512Vbmi(PackedGoldilocksAvx512);

impl lanes::GoldilocksLanes for PackedGoldilocksAvx512Vbmi {
    const LANES: usize = 8;

    #[inline(always)]
    fn splat(value: u64) -> Self {
        Self(lanes::GoldilocksLanes::splat(value))
    }
    #[inline(always)]
    fn mul(self, rhs: Self) -> Self {
        Self(Lane::mul(self.0, rhs.0))
    }
    #[inline(always)]
    fn square(self) -> Self {
        Self(Lane::square(self.0))
    }
    #[inline(always)]
    fn add_canonical(self, rhs: Self) -> Self {
        Self(lanes::GoldilocksLanes::add_canonical(self.0, rhs.0))
    }
    #[inline(always)]
    fn canonical(self) -> Self {
        Self(lanes::GoldilocksLanes::canonical(self.0))
    }
    #[inline(always)]
    fn combine(lo: Self, hi: Self) -> Self {
        Self(lanes::GoldilocksLanes::combine(lo.0, hi.0))
    }
    #[inline(always)]
    fn add(self, rhs: Self) -> Self {
        Self(lanes::GoldilocksLanes::add(self.0, rhs.0))
    }
    #[inline(always)]
    fn sub(self, rhs: Self) -> Self {
        Self(lanes::GoldilocksLanes::sub(self.0, rhs.0))
    }
    #[inline(always)]
    fn sub_canonical(self, rhs: Self) -> Self {
        Self(lanes::GoldilocksLanes::sub_canonical(self.0, rhs.0))
    }
    #[inline(always)]
    fn mul_2exp(self, k: u32) -> Self {
        Self(lanes::GoldilocksLanes::mul_2exp(self.0, k))
    }
    #[inline(always)]
    fn div_2exp(self, k: u32) -> Self {
        Self(lanes::GoldilocksLanes::div_2exp(self.0, k))
    }
    #[inline(always)]
    fn sum_from<const N: usize>(xs: &[Self; N], start: usize) -> Self {
        let mut inner = [xs[0].0; N];
        for (y, x) in inner.iter_mut().zip(xs) {
            *y = x.0;
        }
        Self(lanes::GoldilocksLanes::sum_from(&inner, start))
    }
    #[inline(always)]
    fn wrapping_add(self, rhs: Self) -> Self {
        Self(HalfLane::add(self.0, rhs.0))
    }
    #[inline(always)]
    fn wrapping_sub(self, rhs: Self) -> Self {
        Self(HalfLane::sub(self.0, rhs.0))
    }
    #[inline(always)]
    fn wrapping_mul(self, rhs: Self) -> Self {
        Self(lanes::GoldilocksLanes::wrapping_mul(self.0, rhs.0))
    }
    #[inline(always)]
    fn shl<const S: u32>(self) -> Self {
        Self(lanes::GoldilocksLanes::shl::<S>(self.0))
    }
    #[inline(always)]
    fn shr<const S: u32>(self) -> Self {
        Self(lanes::GoldilocksLanes::shr::<S>(self.0))
    }
    #[inline(always)]
    fn low32(self) -> Self {
        Self(lanes::GoldilocksLanes::low32(self.0))
    }
    #[inline(always)]
    fn map(self, f: impl Fn(u64) -> u64) -> Self {
        Self(lanes::GoldilocksLanes::map(self.0, f))
    }
    #[inline(always)]
    fn lookup_bytes(self, table: &[u8; 256]) -> Self {
        // SAFETY: a value of this type exists only inside code compiled with
        // AVX-512F/BW/VBMI (type doc); the loads read 64 bytes at offsets
        // 0, 64, 128 and 192 of the 256-byte table.
        unsafe {
            let t = table.as_ptr().cast::<__m512i>();
            let quarter = |k: usize| _mm512_loadu_si512(t.add(k));
            let x = self.0.0;
            // Bytes below 128 index the first half of the table, the others
            // the second (the permutations use an index's low seven bits).
            let low = _mm512_permutex2var_epi8(quarter(0), x, quarter(1));
            let high = _mm512_permutex2var_epi8(quarter(2), x, quarter(3));
            Self(PackedGoldilocksAvx512(_mm512_mask_blend_epi8(
                _mm512_movepi8_mask(x),
                low,
                high,
            )))
        }
    }
}

impl Columns<8> for PackedGoldilocksAvx512Vbmi {
    #[inline(always)]
    fn load(words: &[u64; 8]) -> Self {
        Self(Columns::load(words))
    }
    #[inline(always)]
    fn store(self, words: &mut [u64; 8]) {
        Columns::store(self.0, words);
    }
    // (Loops, not `array::map`: everything must inline into
    // `apply_many_vbmi`.)
    #[inline(always)]
    fn transpose_in<const W: usize>(states: &[[u64; W]; 8]) -> [Self; W] {
        let inner = PackedGoldilocksAvx512::transpose_in(states);
        let mut registers = [Self(inner[0]); W];
        for (register, x) in registers.iter_mut().zip(inner).skip(1) {
            *register = Self(x);
        }
        registers
    }
    #[inline(always)]
    fn transpose_out<const W: usize>(registers: [Self; W], states: &mut [[u64; W]; 8]) {
        let mut inner = [registers[0].0; W];
        for (x, register) in inner.iter_mut().zip(registers).skip(1) {
            *x = register.0;
        }
        PackedGoldilocksAvx512::transpose_out(inner, states);
    }
}

/// [`apply_many`] with [`PackedGoldilocksAvx512Vbmi`] registers.
///
/// # Safety
/// The CPU must support AVX-512F, AVX-512VL, AVX-512DQ, AVX-512BW,
/// AVX-512VBMI, AVX2 and BMI2.
#[target_feature(enable = "avx512f,avx512vl,avx512dq,avx512bw,avx512vbmi,avx2,bmi2")]
pub(crate) unsafe fn apply_many_vbmi<K: LaneKernel<W>, const W: usize>(
    kernel: &K,
    states: &mut [[u64; W]],
    output: Output,
) {
    drive_eights::<K, PackedGoldilocksAvx512Vbmi, W>(kernel, states, output);
}

/// The round pieces on eight lanes, for the tests against the scalar code.
#[cfg(test)]
pub(crate) mod pieces {
    use super::*;
    use crate::arch::x86_64_avx2::pieces::sboxes_mixed;
    use crate::mds::mds_lanes;
    use crate::permutation::{inv_sbox, sbox};

    #[inline(always)]
    fn load(a: &[u64; 8]) -> PackedGoldilocksAvx512 {
        // SAFETY: 64-byte unaligned load of a 64-byte array; AVX-512F is
        // enabled in every caller.
        PackedGoldilocksAvx512(unsafe { _mm512_loadu_si512(a.as_ptr().cast()) })
    }

    #[inline(always)]
    fn store(x: PackedGoldilocksAvx512) -> [u64; 8] {
        let mut out = [0u64; 8];
        // SAFETY: 64-byte unaligned store into a 64-byte array; AVX-512F is
        // enabled in every caller.
        unsafe { _mm512_storeu_si512(out.as_mut_ptr().cast(), x.0) };
        out
    }

    /// Lane-wise product, square and `a + c` (c canonical).
    #[target_feature(enable = "avx512f,avx512vl,avx2")]
    pub(crate) unsafe fn field_ops(
        a: [u64; 8],
        b: [u64; 8],
        c: [u64; 8],
    ) -> ([u64; 8], [u64; 8], [u64; 8]) {
        let (x, y, z) = (load(&a), load(&b), load(&c));
        (
            store(x.mul(y)),
            store(x.square()),
            store(x.add_canonical(z)),
        )
    }

    /// Lane-wise product and square on [`PackedGoldilocksAvx512Vl`] (the
    /// single-state lanes), with either form of the reduction's fold.
    #[target_feature(enable = "avx512f,avx512vl,avx2")]
    pub(crate) unsafe fn field_ops4<const SHIFTED_FOLD: bool>(
        a: [u64; 4],
        b: [u64; 4],
    ) -> ([u64; 4], [u64; 4]) {
        let mut m = [0u64; 4];
        let mut s = [0u64; 4];
        // SAFETY: 32-byte unaligned loads/stores of 32-byte arrays; AVX2 and
        // AVX-512VL are enabled for this function.
        unsafe {
            let x = PackedGoldilocksAvx512Vl::<SHIFTED_FOLD>(_mm256_loadu_si256(a.as_ptr().cast()));
            let y = PackedGoldilocksAvx512Vl::<SHIFTED_FOLD>(_mm256_loadu_si256(b.as_ptr().cast()));
            _mm256_storeu_si256(m.as_mut_ptr().cast(), x.mul(y).0);
            _mm256_storeu_si256(s.as_mut_ptr().cast(), x.square().0);
        }
        (m, s)
    }

    /// S-box or inverse S-box on one state in the layout of [`permute`].
    #[target_feature(enable = "avx512f,avx512vl,avx2,bmi2")]
    pub(crate) unsafe fn sboxes1(state: &RawState, inverse: bool) -> RawState {
        sboxes_mixed::<PackedGoldilocksAvx512Vl>(state, inverse)
    }

    /// S-box or inverse S-box on eight transposed states.
    #[target_feature(enable = "avx512f,avx512vl,avx2")]
    pub(crate) unsafe fn sboxes8(states: &[RawState; 8], inverse: bool) -> [RawState; 8] {
        let mut v: [PackedGoldilocksAvx512; 12] = core::array::from_fn(|i| gather(states, i));
        if inverse {
            inv_sbox(&mut v);
        } else {
            sbox(&mut v);
        }
        let mut out = [[0u64; 12]; 8];
        for (i, x) in v.into_iter().enumerate() {
            scatter(&mut out, i, x);
        }
        out
    }

    /// The lane-wise MDS on eight transposed states.
    #[target_feature(enable = "avx512f,avx512vl,avx2")]
    pub(crate) unsafe fn mds8(states: &[RawState; 8]) -> [RawState; 8] {
        let mut v: [PackedGoldilocksAvx512; 12] = core::array::from_fn(|i| gather(states, i));
        mds_lanes(&mut v);
        let mut out = [[0u64; 12]; 8];
        for (i, x) in v.into_iter().enumerate() {
            scatter(&mut out, i, x);
        }
        out
    }
}
