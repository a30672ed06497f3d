//! AVX2 backend: Goldilocks arithmetic on four 64-bit lanes of a `__m256i`.
//!
//! Products: `vpmuludq` multiplies the low 32 bits of each lane, so a
//! 64×64-bit product takes four of them (three for a square, whose cross term
//! is counted once and shifted by 33). Reduction of `lo + hi · 2^64` is the
//! scalar one, `lo - hi_hi + hi_lo · (2^32 - 1)`, with carries found by
//! compares: AVX2 has only signed compares, so the values compared are
//! offset by `2^63` ("shifted", suffix `_s`), and since a wrap always moves
//! the high 32-bit half, comparing the high halves with the 32-bit
//! `vpcmpgtd` is enough (its answer is read through `>> 32`, which also turns
//! an all-ones mask into `2^32 - 1`, the correction). No branches on data.
//!
//! Two layouts:
//! - one state in two registers (cells 0–3, 4–7) beside four scalars
//!   (cells 8–11) for [`permute`]: the S-boxes run on both kinds at once,
//!   the MDS runs on the scalar pipes;
//! - four states in twelve registers (register `i` holds cell `i` of each
//!   state), through the generic batch driver of `super::batch`: every
//!   step, the MDS included, is lane-wise with no shuffles. The AVX-512
//!   backend uses it for a remainder of four or five states;
//!   [`permute_many`] itself runs the single-state layout state by state,
//!   which measured fastest on an AVX2-only CPU (see its doc).
//!
//! Every value of type [`PackedGoldilocksAvx2`] is created inside a function compiled with
//! AVX2 (`#[target_feature(enable = "avx2")]`, with BMI2 for the two entry
//! points, whose scalar cells use it), and such functions are only called
//! once AVX2 and BMI2 are known to be present (every AVX2 CPU of Intel and
//! AMD has BMI2); that is the invariant the `unsafe` blocks below rely on.
//! The free functions [`mul_wide`], [`square_wide`] and [`eps_opaque`] are
//! called only by the methods of `PackedGoldilocksAvx2` and of `x86_64_avx512::PackedGoldilocksAvx512Vl` (whose code
//! is compiled with AVX2 as well), so the same holds for them.

use core::arch::x86_64::*;
use core::ops::Range;

use super::batch::{BatchLane, Scalars, permute_group};
use super::pair::{BesideScalar, Pair};
use super::{Columns, Output};
use crate::field::MODULUS;
use crate::lanes::{self, LaneKernel};
use crate::mds::{HalfLane, SplitLane, mds_multiply};
use crate::permutation::{Instance, Lane, RawState, add_constants, inv_sbox, sbox};

/// Four Goldilocks lanes (raw, non-canonical allowed).
#[derive(Clone, Copy)]
#[repr(transparent)]
pub(crate) struct PackedGoldilocksAvx2(__m256i);

const SIGN: i64 = i64::MIN;
const EPS: i64 = 0xffff_ffff;

/// `2^32 - 1` in four lanes, hidden from the optimiser, for the
/// multiplications by it: with a visible constant, LLVM replaces that
/// `vpmuludq` by three shift / blend / subtract operations, and the vector
/// ALUs, not the multipliers, are the bottleneck here. (Miri runs no inline
/// assembly and needs no speed.)
///
/// (A `#[target_feature]` function, which the register class needs; LLVM
/// inlines it into the SIMD code that calls it.)
#[inline]
#[target_feature(enable = "avx2")]
fn eps_opaque_inner() -> __m256i {
    #[allow(unused_mut)]
    let mut v = _mm256_set1_epi64x(EPS);
    #[cfg(not(miri))]
    // SAFETY: an empty assembly statement that only declares `v` (a vector
    // register of this function's target feature) as possibly changed; it
    // reads and writes no memory, no stack and no flags.
    unsafe {
        core::arch::asm!("/* {0} */", inout(ymm_reg) v, options(pure, nomem, nostack, preserves_flags));
    }
    v
}

#[inline(always)]
pub(crate) fn eps_opaque() -> __m256i {
    // SAFETY: only SIMD code of this module calls this, which runs only when
    // the CPU has the feature (module doc).
    unsafe { eps_opaque_inner() }
}

macro_rules! avx2 {
    ($e:expr) => {
        // SAFETY: this module's SIMD code runs only inside AVX2-enabled code
        // (module doc: a `PackedGoldilocksAvx2`, or a `PackedGoldilocksAvx512Vl` of `x86_64_avx512`, whose methods
        // call the free functions here, exists only there), so the CPU has
        // AVX2; the intrinsics take and return registers only (no memory
        // access).
        unsafe { $e }
    };
}

/// `(lo, hi)` of the four 128-bit products (AVX2 operations; also used by
/// the AVX-512VL lane type).
#[inline(always)]
pub(crate) fn mul_wide(x: __m256i, y: __m256i) -> (__m256i, __m256i) {
    avx2!({
        let x_hi = _mm256_castps_si256(_mm256_movehdup_ps(_mm256_castsi256_ps(x)));
        let y_hi = _mm256_castps_si256(_mm256_movehdup_ps(_mm256_castsi256_ps(y)));
        let ll = _mm256_mul_epu32(x, y);
        let lh = _mm256_mul_epu32(x, y_hi);
        let hl = _mm256_mul_epu32(x_hi, y);
        let hh = _mm256_mul_epu32(x_hi, y_hi);
        // x·y = ll + (hl + lh)·2^32 + hh·2^64; each partial sum < 2^64.
        let mid = _mm256_add_epi64(hl, _mm256_srli_epi64::<32>(ll));
        let mid2 = _mm256_add_epi64(lh, _mm256_and_si256(mid, _mm256_set1_epi64x(EPS)));
        let hi = _mm256_add_epi64(
            hh,
            _mm256_add_epi64(_mm256_srli_epi64::<32>(mid), _mm256_srli_epi64::<32>(mid2)),
        );
        let lo = _mm256_blend_epi32::<0b1010_1010>(ll, _mm256_slli_epi64::<32>(mid2));
        (lo, hi)
    })
}

/// `(lo, hi)` of the four 128-bit squares.
#[inline(always)]
pub(crate) fn square_wide(x: __m256i) -> (__m256i, __m256i) {
    avx2!({
        let x_hi = _mm256_castps_si256(_mm256_movehdup_ps(_mm256_castsi256_ps(x)));
        let ll = _mm256_mul_epu32(x, x);
        let lh = _mm256_mul_epu32(x, x_hi);
        let hh = _mm256_mul_epu32(x_hi, x_hi);
        // x² = ll + lh·2^33 + hh·2^64; hi = hh + ⌊(lh + ⌊ll/2^33⌋)/2^31⌋.
        let t = _mm256_add_epi64(lh, _mm256_srli_epi64::<33>(ll));
        let hi = _mm256_add_epi64(hh, _mm256_srli_epi64::<31>(t));
        let lo = _mm256_add_epi64(ll, _mm256_slli_epi64::<33>(lh));
        (lo, hi)
    })
}

impl PackedGoldilocksAvx2 {
    #[inline(always)]
    fn splat(v: u64) -> Self {
        PackedGoldilocksAvx2(avx2!(_mm256_set1_epi64x(v as i64)))
    }

    /// `x_s + y` for a shifted `x_s` and `y < p`; result shifted, raw.
    #[inline(always)]
    fn add_small_s(x_s: __m256i, y: __m256i) -> __m256i {
        avx2!({
            let r_s = _mm256_add_epi64(x_s, y);
            // Wrapped iff r < x; the high halves tell (y < p moves them).
            let wrapped = _mm256_cmpgt_epi32(x_s, r_s);
            _mm256_add_epi64(r_s, _mm256_srli_epi64::<32>(wrapped))
        })
    }

    /// Reduces `lo + hi · 2^64` to a raw lane.
    #[inline(always)]
    fn reduce((lo, hi): (__m256i, __m256i)) -> Self {
        avx2!({
            let sign = _mm256_set1_epi64x(SIGN);
            let lo_s = _mm256_xor_si256(lo, sign);
            // lo - hi_hi (2^96 ≡ -1); on a borrow take 2^32 - 1 away again.
            let hi_hi = _mm256_srli_epi64::<32>(hi);
            let t_s = _mm256_sub_epi64(lo_s, hi_hi);
            let borrow = _mm256_cmpgt_epi32(t_s, lo_s);
            let t_s = _mm256_sub_epi64(t_s, _mm256_srli_epi64::<32>(borrow));
            // + hi_lo · (2^32 - 1) (2^64 ≡ 2^32 - 1), which is < p.
            let t1 = _mm256_mul_epu32(hi, eps_opaque());
            PackedGoldilocksAvx2(_mm256_xor_si256(Self::add_small_s(t_s, t1), sign))
        })
    }

    /// `self + c` for canonical `c` lanes.
    #[inline(always)]
    fn add_canonical(self, c: Self) -> Self {
        avx2!({
            let sign = _mm256_set1_epi64x(SIGN);
            PackedGoldilocksAvx2(_mm256_xor_si256(
                Self::add_small_s(_mm256_xor_si256(self.0, sign), c.0),
                sign,
            ))
        })
    }
}

impl Lane for PackedGoldilocksAvx2 {
    #[inline(always)]
    fn mul(self, rhs: Self) -> Self {
        Self::reduce(mul_wide(self.0, rhs.0))
    }
    #[inline(always)]
    fn square(self) -> Self {
        Self::reduce(square_wide(self.0))
    }
}

/// Lanes of `i64` for the MDS halves.
impl HalfLane for PackedGoldilocksAvx2 {
    #[inline(always)]
    fn add(self, rhs: Self) -> Self {
        PackedGoldilocksAvx2(avx2!(_mm256_add_epi64(self.0, rhs.0)))
    }
    #[inline(always)]
    fn sub(self, rhs: Self) -> Self {
        PackedGoldilocksAvx2(avx2!(_mm256_sub_epi64(self.0, rhs.0)))
    }
    #[inline(always)]
    fn shl<const S: i32>(self) -> Self {
        PackedGoldilocksAvx2(avx2!(_mm256_slli_epi64::<S>(self.0)))
    }
}

impl SplitLane for PackedGoldilocksAvx2 {
    #[inline(always)]
    fn split(self) -> (Self, Self) {
        avx2!((
            PackedGoldilocksAvx2(_mm256_and_si256(self.0, _mm256_set1_epi64x(EPS))),
            PackedGoldilocksAvx2(_mm256_srli_epi64::<32>(self.0)),
        ))
    }

    #[inline(always)]
    fn combine(lo: Self, hi: Self) -> Self {
        avx2!({
            // Let m = ⌊lo/2^32⌋ + hi (< 2^41): the value is (lo mod 2^32) +
            // (m mod 2^32)·2^32 + ⌊m/2^32⌋·2^64, the first two terms side by
            // side in one word, the last ≡ ⌊m/2^32⌋·(2^32 - 1).
            let (l, h) = (lo.0, hi.0);
            let m = _mm256_add_epi64(_mm256_srli_epi64::<32>(l), h);
            let word = _mm256_blend_epi32::<0b1010_1010>(l, _mm256_slli_epi64::<32>(m));
            let k = _mm256_mul_epu32(_mm256_srli_epi64::<32>(m), _mm256_set1_epi64x(EPS));
            let sign = _mm256_set1_epi64x(SIGN);
            PackedGoldilocksAvx2(_mm256_xor_si256(
                PackedGoldilocksAvx2::add_small_s(_mm256_xor_si256(word, sign), k),
                sign,
            ))
        })
    }
}

/// `x << S` and `x >> S` with a count the compiler folds into the
/// immediate form.
#[inline(always)]
fn shift_count<const S: u32>() -> __m128i {
    avx2!(_mm_set_epi64x(0, S as i64))
}

/// Four lanes for the kernels of other permutations (`crate::lanes`): the
/// field operations are the batch permutation's.
impl lanes::GoldilocksLanes for PackedGoldilocksAvx2 {
    const LANES: usize = 4;

    #[inline(always)]
    fn splat(value: u64) -> Self {
        PackedGoldilocksAvx2::splat(value)
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
        PackedGoldilocksAvx2::add_canonical(self, rhs)
    }
    #[inline(always)]
    fn canonical(self) -> Self {
        avx2!({
            // x ≥ p as a signed compare of the shifted values.
            let sign = _mm256_set1_epi64x(SIGN);
            let x_s = _mm256_xor_si256(self.0, sign);
            let limit_s = _mm256_set1_epi64x(((MODULUS - 1) as i64) ^ SIGN);
            let above = _mm256_cmpgt_epi64(x_s, limit_s);
            let p = _mm256_set1_epi64x(MODULUS as i64);
            PackedGoldilocksAvx2(_mm256_sub_epi64(self.0, _mm256_and_si256(above, p)))
        })
    }
    #[inline(always)]
    fn combine(lo: Self, hi: Self) -> Self {
        // `SplitLane::combine`'s steps hold for lo, hi < 2^63 (the added
        // ⌊m/2^32⌋ · (2^32 - 1) stays below p).
        SplitLane::combine(lo, hi)
    }
    #[inline(always)]
    fn mul_2exp(self, k: u32) -> Self {
        debug_assert!((1..=32).contains(&k));
        avx2!({
            // x · 2^k = lo + hi · 2^64 with hi = ⌊x / 2^(64-k)⌋ < 2^32, and
            // hi · 2^64 ≡ hi · 2^32 - hi < p.
            let lo = _mm256_sll_epi64(self.0, _mm_cvtsi32_si128(k as i32));
            let hi = _mm256_srl_epi64(self.0, _mm_cvtsi32_si128(64 - k as i32));
            let folded = _mm256_sub_epi64(_mm256_slli_epi64::<32>(hi), hi);
            PackedGoldilocksAvx2::add_canonical(
                PackedGoldilocksAvx2(lo),
                PackedGoldilocksAvx2(folded),
            )
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
        avx2!({
            // ll + (lh + hl) · 2^32 mod 2^64: three 32 × 32-bit products.
            let (x, y) = (self.0, rhs.0);
            let ll = _mm256_mul_epu32(x, y);
            let lh = _mm256_mul_epu32(x, _mm256_srli_epi64::<32>(y));
            let hl = _mm256_mul_epu32(_mm256_srli_epi64::<32>(x), y);
            let cross = _mm256_slli_epi64::<32>(_mm256_add_epi64(lh, hl));
            PackedGoldilocksAvx2(_mm256_add_epi64(ll, cross))
        })
    }
    #[inline(always)]
    fn shl<const S: u32>(self) -> Self {
        PackedGoldilocksAvx2(avx2!(_mm256_sll_epi64(self.0, shift_count::<S>())))
    }
    #[inline(always)]
    fn shr<const S: u32>(self) -> Self {
        PackedGoldilocksAvx2(avx2!(_mm256_srl_epi64(self.0, shift_count::<S>())))
    }
    #[inline(always)]
    fn low32(self) -> Self {
        PackedGoldilocksAvx2(avx2!(_mm256_and_si256(self.0, _mm256_set1_epi64x(EPS))))
    }
    #[inline(always)]
    fn map(self, f: impl Fn(u64) -> u64) -> Self {
        super::map_lanes::<Self, 4>(self, f)
    }
}

impl Columns<4> for PackedGoldilocksAvx2 {
    #[inline(always)]
    fn load(words: &[u64; 4]) -> Self {
        // SAFETY: 32-byte unaligned load of a 32-byte array; AVX2 present
        // (module doc).
        PackedGoldilocksAvx2(unsafe { _mm256_loadu_si256(words.as_ptr().cast()) })
    }
    #[inline(always)]
    fn store(self, words: &mut [u64; 4]) {
        // SAFETY: 32-byte unaligned store into a 32-byte array; AVX2
        // present (module doc).
        unsafe { _mm256_storeu_si256(words.as_mut_ptr().cast(), self.0) };
    }
    /// Four cells at a time: one load per state (masked for a last block
    /// of fewer than four cells), then [`transpose4`].
    #[inline(always)]
    fn transpose_in<const W: usize>(states: &[[u64; W]; 4]) -> [Self; W] {
        let zero = avx2!(_mm256_setzero_si256());
        let mut registers = [PackedGoldilocksAvx2(zero); W];
        for start in (0..W).step_by(4) {
            let mask = block_mask(W - start);
            let mut rows = [zero; 4];
            for (row, state) in rows.iter_mut().zip(states) {
                let at = state[start..].as_ptr();
                *row = if W - start >= 4 {
                    // SAFETY: words `start..start + 4` lie inside `state`;
                    // AVX2 present (module doc).
                    unsafe { _mm256_loadu_si256(at.cast()) }
                } else {
                    // SAFETY: the mask enables words `start..W` of
                    // `state` (masked-off words are not read); AVX2
                    // present (module doc).
                    unsafe { _mm256_maskload_epi64(at.cast(), mask) }
                };
            }
            for (register, column) in registers[start..].iter_mut().zip(transpose4(rows)) {
                *register = PackedGoldilocksAvx2(column);
            }
        }
        registers
    }
    /// [`transpose4`] of four registers at a time, then one store per
    /// state (masked for a last block of fewer than four cells).
    #[inline(always)]
    fn transpose_out<const W: usize>(registers: [Self; W], states: &mut [[u64; W]; 4]) {
        for start in (0..W).step_by(4) {
            let mask = block_mask(W - start);
            let mut columns = [avx2!(_mm256_setzero_si256()); 4];
            for (column, register) in columns.iter_mut().zip(&registers[start..]) {
                *column = register.0;
            }
            for (state, row) in states.iter_mut().zip(transpose4(columns)) {
                let at = state[start..].as_mut_ptr();
                if W - start >= 4 {
                    // SAFETY: words `start..start + 4` lie inside `state`;
                    // AVX2 present (module doc).
                    unsafe { _mm256_storeu_si256(at.cast(), row) };
                } else {
                    // SAFETY: the mask enables words `start..W` of `state`
                    // (masked-off words are not written); AVX2 present
                    // (module doc).
                    unsafe { _mm256_maskstore_epi64(at.cast(), mask, row) };
                }
            }
        }
    }
}

/// The lanes of the first `min(4, remaining)` of four words (all bits
/// set: the form of the AVX2 masked loads and stores).
#[inline(always)]
fn block_mask(remaining: usize) -> __m256i {
    avx2!(_mm256_cmpgt_epi64(
        _mm256_set1_epi64x(remaining.min(4) as i64),
        _mm256_setr_epi64x(0, 1, 2, 3),
    ))
}

/// The transpose of a 4 × 4 matrix of 64-bit words held one row per
/// register (8 shuffles): rows paired word by word (`unpacklo/hi`), then
/// 128-bit halves paired across registers (`permute2x128`).
#[inline(always)]
fn transpose4(r: [__m256i; 4]) -> [__m256i; 4] {
    avx2!({
        // Words (0, 2) of rows 0 and 1 interleaved, words (1, 3); then the
        // same of rows 2 and 3.
        let even01 = _mm256_unpacklo_epi64(r[0], r[1]);
        let odd01 = _mm256_unpackhi_epi64(r[0], r[1]);
        let even23 = _mm256_unpacklo_epi64(r[2], r[3]);
        let odd23 = _mm256_unpackhi_epi64(r[2], r[3]);
        // 0x20: the low halves of both operands; 0x31: the high halves.
        [
            _mm256_permute2x128_si256::<0x20>(even01, even23),
            _mm256_permute2x128_si256::<0x20>(odd01, odd23),
            _mm256_permute2x128_si256::<0x31>(even01, even23),
            _mm256_permute2x128_si256::<0x31>(odd01, odd23),
        ]
    })
}

/// `kernel` on every state: groups of five, four states in a
/// [`PackedGoldilocksAvx2`] register beside a fifth on the scalar units
/// ([`Pair`], [`BesideScalar`]), so that the scalar multiplier works
/// beside the vector units; a remainder of four as one register; a smaller
/// one of up to the kernel's `single_states(4)` states one at a time on
/// its one-state path, else padded to four.
///
/// Why five: on an Intel Xeon (Granite Rapids) with AVX2 alone, one state
/// on the scalar units takes about as long as a state of a register of
/// four (Goldilocks Poseidon2 12: 718 against 676 ns), so a fifth state
/// costs little beside them. Measured there (AVX2 builds, or AVX-512
/// hidden from the dispatch): Plonky3's Goldilocks Poseidon2 8 / 12 / 16
/// batches 1.02–1.04 / 1.03 / 1.09–1.10 → 0.95 / 0.95–0.96 / 1.02 of
/// Plonky3's AVX2 packing, Plonky2's Poseidon 1.10 → 1.02 of plonky2 per
/// state, Tip5 unchanged (393 ns a state). Not measured on AMD CPUs
/// without AVX-512 (Zen 1 to Zen 3), where the scalar and vector units
/// share no ports.
///
/// # Safety
/// The CPU must support AVX2 and BMI2.
#[target_feature(enable = "avx2,bmi2")]
pub(crate) unsafe fn apply_many<K: LaneKernel<W>, const W: usize>(
    kernel: &K,
    states: &mut [[u64; W]],
    output: Output,
) {
    let mut fives = states.chunks_exact_mut(5);
    for five in &mut fives {
        super::drive_group::<K, Pair<PackedGoldilocksAvx2, BesideScalar>, W, 5>(
            kernel, five, output,
        );
    }
    let rest = fives.into_remainder();
    match rest.len() {
        0 => {}
        n if n <= kernel.single_states(4) => super::apply_singles(kernel, rest, output),
        _ => super::drive_group::<K, PackedGoldilocksAvx2, W, 4>(kernel, rest, output),
    }
}

/// Four AVX2 lanes beside a fifth state on the scalar units.
impl Columns<5> for Pair<PackedGoldilocksAvx2, BesideScalar> {
    #[inline(always)]
    fn load(words: &[u64; 5]) -> Self {
        let (four, fifth) = words.split_at(4);
        Pair(
            <PackedGoldilocksAvx2 as Columns<4>>::load(four.try_into().expect("four words")),
            BesideScalar(fifth[0]),
        )
    }
    #[inline(always)]
    fn store(self, words: &mut [u64; 5]) {
        let (four, fifth) = words.split_at_mut(4);
        <PackedGoldilocksAvx2 as Columns<4>>::store(self.0, four.try_into().expect("four words"));
        fifth[0] = self.1.0;
    }
    #[inline(always)]
    fn transpose_in<const W: usize>(states: &[[u64; W]; 5]) -> [Self; W] {
        let (four, fifth) = states.split_at(4);
        let four = PackedGoldilocksAvx2::transpose_in(four.try_into().expect("four states"));
        core::array::from_fn(|i| Pair(four[i], BesideScalar(fifth[0][i])))
    }
    #[inline(always)]
    fn transpose_out<const W: usize>(registers: [Self; W], states: &mut [[u64; W]; 5]) {
        let (four, fifth) = states.split_at_mut(4);
        PackedGoldilocksAvx2::transpose_out(
            registers.map(|r| r.0),
            four.try_into().expect("four states"),
        );
        for (cell, r) in fifth[0].iter_mut().zip(registers) {
            *cell = r.1.0;
        }
    }
}

/// A lane type of four Goldilocks values in one 256-bit register: [`PackedGoldilocksAvx2`]
/// here (AVX2), `PackedGoldilocksAvx512Vl` in `x86_64_avx512` (the same products, AVX-512VL
/// compares for the reduction's carries). The single-state layout below
/// works with either.
pub(crate) trait Ymm: Lane {
    /// Wraps a register; call it only inside code compiled with the lane
    /// type's features (the invariant of each module's `unsafe` blocks).
    fn from_ymm(v: __m256i) -> Self;
    /// The register.
    fn ymm(self) -> __m256i;
}

impl Ymm for PackedGoldilocksAvx2 {
    #[inline(always)]
    fn from_ymm(v: __m256i) -> Self {
        PackedGoldilocksAvx2(v)
    }
    #[inline(always)]
    fn ymm(self) -> __m256i {
        self.0
    }
}

/// The permutation of one state (raw in, raw out): the S-boxes on two
/// registers beside four scalars, the MDS and the constants on the scalar
/// units.
///
/// (Measured against the same S-boxes on three registers: 0.50 vs 0.52 of
/// winter-crypto's time, native build, interleaved harness. The three-register
/// form had been faster while each reduction also reloaded its constant
/// through memory.)
///
/// Compiled with BMI2 too: the scalar cells then use `mulx` and `shrx`
/// (no fixed registers for the products, shifts that keep their source),
/// which measured 3 % faster in the portable build.
///
/// # Safety
/// The CPU must support AVX2 and BMI2.
#[target_feature(enable = "avx2,bmi2")]
pub(crate) unsafe fn permute<I: Instance>(state: &mut RawState, rounds: Range<usize>) {
    permute_mixed::<I, PackedGoldilocksAvx2>(state, rounds);
}

/// `x^7` on the twelve cells of one state (raw in, raw out) in the
/// single-state layout of [`permute`]: `GoldilocksLanes::exp7_state` of
/// `u64` for the S-box layers of other permutations.
///
/// # Safety
/// The CPU must support AVX2 and BMI2.
#[target_feature(enable = "avx2,bmi2")]
pub(crate) unsafe fn exp7_state(state: &mut RawState) {
    <Mixed<PackedGoldilocksAvx2> as MixedLanes>::sboxes(core::slice::from_mut(state), false);
}

/// [`permute`] for any [`Ymm`] lane type; inlined into the caller's
/// `#[target_feature]` function.
#[inline(always)]
pub(crate) fn permute_mixed<I: Instance, V: Ymm>(state: &mut RawState, rounds: Range<usize>) {
    permute_interleaved::<I, Mixed<V>>(core::slice::from_mut(state), rounds);
}

/// One state in the single-state layout: half `h` (0 or 1) of it as one
/// register (cells `4h..4h + 4`) beside two scalars (cells `8 + 2h`,
/// `9 + 2h`).
#[derive(Clone, Copy)]
pub(crate) struct Mixed<V>(V, u64, u64);

impl<V: Lane> Lane for Mixed<V> {
    #[inline(always)]
    fn mul(self, rhs: Self) -> Self {
        Mixed(self.0.mul(rhs.0), self.1.mul(rhs.1), self.2.mul(rhs.2))
    }
    #[inline(always)]
    fn square(self) -> Self {
        Mixed(self.0.square(), self.1.square(), self.2.square())
    }
}

/// Several states in the single-state layout, side by side: their S-boxes
/// interleave (more independent products in flight, on the vector and the
/// scalar units at once); the MDS and the constants run on the scalar units,
/// state by state.
pub(crate) trait MixedLanes: Lane {
    /// How many states one value holds.
    const STATES: usize;
    /// Half `h` of `states[..STATES]`.
    fn load(states: &[RawState], h: usize) -> Self;
    /// Writes half `h` of `states[..STATES]`.
    fn store(self, states: &mut [RawState], h: usize);
    /// The S-boxes (`inverse`: `x^(1/7)`, else `x^7`) of
    /// `states[..STATES]`, in place: by default on this layout's lanes.
    #[inline(always)]
    fn sboxes(states: &mut [RawState], inverse: bool) {
        let mut v = [Self::load(states, 0), Self::load(states, 1)];
        if inverse {
            inv_sbox(&mut v);
        } else {
            sbox(&mut v);
        }
        v[0].store(states, 0);
        v[1].store(states, 1);
    }
}

impl<V: Ymm> MixedLanes for Mixed<V> {
    const STATES: usize = 1;
    #[inline(always)]
    fn load(states: &[RawState], h: usize) -> Self {
        let state = &states[0];
        let cells = &state[4 * h..4 * h + 4];
        // SAFETY: a 32-byte unaligned read of the four cells of `cells`;
        // AVX2 present (module doc).
        let v = unsafe { _mm256_loadu_si256(cells.as_ptr().cast()) };
        Mixed(V::from_ymm(v), state[8 + 2 * h], state[9 + 2 * h])
    }
    #[inline(always)]
    fn store(self, states: &mut [RawState], h: usize) {
        let state = &mut states[0];
        let cells = &mut state[4 * h..4 * h + 4];
        // SAFETY: a 32-byte unaligned write of the four cells of `cells`;
        // AVX2 present (module doc).
        unsafe { _mm256_storeu_si256(cells.as_mut_ptr().cast(), self.0.ymm()) };
        (state[8 + 2 * h], state[9 + 2 * h]) = (self.1, self.2);
    }
}

impl<A: MixedLanes, B: MixedLanes> MixedLanes for (A, B) {
    const STATES: usize = A::STATES + B::STATES;
    #[inline(always)]
    fn load(states: &[RawState], h: usize) -> Self {
        (A::load(states, h), B::load(&states[A::STATES..], h))
    }
    #[inline(always)]
    fn store(self, states: &mut [RawState], h: usize) {
        self.0.store(states, h);
        self.1.store(&mut states[A::STATES..], h);
    }
}

/// Rounds `rounds` of instance `I` on `L::STATES` states in the
/// single-state layout (`states.len()` must be that), raw in, raw out.
#[inline(always)]
pub(crate) fn permute_interleaved<I: Instance, L: MixedLanes>(
    states: &mut [RawState],
    rounds: Range<usize>,
) {
    debug_assert_eq!(states.len(), L::STATES);
    for r in rounds {
        if !I::MDS_FIRST {
            L::sboxes(states, false);
        }
        for state in states.iter_mut() {
            mds_multiply(state);
            add_constants(state, &I::ARK1[r]);
        }
        L::sboxes(states, !I::MDS_FIRST);
        for state in states.iter_mut() {
            mds_multiply(state);
            add_constants(state, &I::ARK2[r]);
        }
        if I::MDS_FIRST {
            L::sboxes(states, true);
        }
    }
}

/// [`permute_interleaved`] compiled with AVX2 and BMI2 (for the kernel
/// measurements).
///
/// # Safety
/// The CPU must support AVX2 and BMI2; `states.len()` must be `L::STATES`.
#[cfg(feature = "kernel-measure")]
#[target_feature(enable = "avx2,bmi2")]
pub(crate) unsafe fn permute_interleaved_avx2<I: Instance, L: MixedLanes>(
    states: &mut [RawState],
    rounds: Range<usize>,
) {
    permute_interleaved::<I, L>(states, rounds);
}

/// One state as two registers (cells 0–3, 4–7) beside four scalars (cells
/// 8, 9 with the first, 10, 11 with the second), for the S-box tests.
#[cfg(test)]
#[inline(always)]
fn load_mixed<V: Ymm>(state: &RawState) -> [Mixed<V>; 2] {
    let states = core::slice::from_ref(state);
    [Mixed::load(states, 0), Mixed::load(states, 1)]
}

#[cfg(test)]
#[inline(always)]
fn store_mixed<V: Ymm>(state: &mut RawState, v: [Mixed<V>; 2]) {
    let states = core::slice::from_mut(state);
    v[0].store(states, 0);
    v[1].store(states, 1);
}

impl BatchLane for PackedGoldilocksAvx2 {
    const STATES: usize = 4;
    #[inline(always)]
    fn load(states: &[RawState], cell: usize) -> Self {
        PackedGoldilocksAvx2(avx2!(_mm256_set_epi64x(
            states[3][cell] as i64,
            states[2][cell] as i64,
            states[1][cell] as i64,
            states[0][cell] as i64,
        )))
    }
    #[inline(always)]
    fn store(self, states: &mut [RawState], cell: usize) {
        let mut lanes = [0u64; 4];
        // SAFETY: 32-byte unaligned store into a 32-byte array; AVX2 present
        // (module doc).
        unsafe { _mm256_storeu_si256(lanes.as_mut_ptr().cast(), self.0) };
        for (s, l) in states[..4].iter_mut().zip(lanes) {
            s[cell] = l;
        }
    }
    #[inline(always)]
    fn add_constant(self, c: u64) -> Self {
        self.add_canonical(PackedGoldilocksAvx2::splat(c))
    }
}

/// [`permute_group`] for a group of AVX2 lanes (and scalars), compiled with
/// AVX2 and BMI2 (for the kernel measurements).
///
/// # Safety
/// The CPU must support AVX2 and BMI2; `states.len()` must be `L::STATES`.
#[cfg(feature = "kernel-measure")]
#[target_feature(enable = "avx2,bmi2")]
pub(crate) unsafe fn permute_group_avx2<I: Instance, L: BatchLane>(
    states: &mut [RawState],
    rounds: Range<usize>,
) {
    permute_group::<I, L>(states, rounds);
}

/// Four states transposed in registers, beside a fifth on the scalar units
/// if there is one: the AVX-512 backend's remainder of four or five states.
///
/// # Safety
/// The CPU must support AVX2 and BMI2; `states.len()` must be 4 or 5.
#[target_feature(enable = "avx2,bmi2")]
pub(crate) unsafe fn permute_4_or_5<I: Instance>(states: &mut [RawState], rounds: Range<usize>) {
    if states.len() == 5 {
        permute_group::<I, (PackedGoldilocksAvx2, Scalars<1>)>(states, rounds);
    } else {
        permute_group::<I, PackedGoldilocksAvx2>(states, rounds);
    }
}

/// The permutation of many states (raw in, raw out): one by one, each in
/// the single-state layout ([`permute`]).
///
/// On the AVX2-only CPU measured (AMD EPYC, family 17h: 256-bit operations
/// run as two 128-bit halves), that layout is the fastest per state of all
/// tried: states transposed in registers (four, eight or twelve per group,
/// with zero to four more on the scalar units) took 1.19–1.53× its time per
/// state, and two to four states interleaved in the single-state layout
/// 1.22–1.31× (register spills); see `x86_64_measure.rs` (the `kernels`
/// bench).
///
/// # Safety
/// The CPU must support AVX2 and BMI2.
#[target_feature(enable = "avx2,bmi2")]
pub(crate) unsafe fn permute_many<I: Instance>(states: &mut [RawState], rounds: Range<usize>) {
    for state in states {
        permute_mixed::<I, PackedGoldilocksAvx2>(state, rounds.clone());
    }
}

/// The round pieces on one register, for the tests against the scalar code.
#[cfg(test)]
pub(crate) mod pieces {
    use super::*;
    use crate::mds::mds_lanes;

    /// Lane-wise product of four pairs.
    #[target_feature(enable = "avx2")]
    pub(crate) unsafe fn mul(a: [u64; 4], b: [u64; 4]) -> [u64; 4] {
        let mut out = [0u64; 4];
        // SAFETY: 32-byte unaligned loads/stores of 32-byte arrays; AVX2 is
        // enabled for this function.
        unsafe {
            let x = PackedGoldilocksAvx2(_mm256_loadu_si256(a.as_ptr().cast()));
            let y = PackedGoldilocksAvx2(_mm256_loadu_si256(b.as_ptr().cast()));
            _mm256_storeu_si256(out.as_mut_ptr().cast(), x.mul(y).0);
        }
        out
    }

    /// Lane-wise square.
    #[target_feature(enable = "avx2")]
    pub(crate) unsafe fn square(a: [u64; 4]) -> [u64; 4] {
        let mut out = [0u64; 4];
        // SAFETY: as in `mul`.
        unsafe {
            let x = PackedGoldilocksAvx2(_mm256_loadu_si256(a.as_ptr().cast()));
            _mm256_storeu_si256(out.as_mut_ptr().cast(), x.square().0);
        }
        out
    }

    /// Lane-wise `a + c` (c canonical).
    #[target_feature(enable = "avx2")]
    pub(crate) unsafe fn add_canonical(a: [u64; 4], c: [u64; 4]) -> [u64; 4] {
        let mut out = [0u64; 4];
        // SAFETY: as in `mul`.
        unsafe {
            let x = PackedGoldilocksAvx2(_mm256_loadu_si256(a.as_ptr().cast()));
            let y = PackedGoldilocksAvx2(_mm256_loadu_si256(c.as_ptr().cast()));
            _mm256_storeu_si256(out.as_mut_ptr().cast(), x.add_canonical(y).0);
        }
        out
    }

    /// S-box, inverse S-box on one state (the layout of `permute`).
    #[target_feature(enable = "avx2")]
    pub(crate) unsafe fn sboxes(state: &RawState, inverse: bool) -> RawState {
        sboxes_mixed::<PackedGoldilocksAvx2>(state, inverse)
    }

    /// S-box, inverse S-box on one state in the layout of [`permute_mixed`],
    /// with any [`Ymm`] lanes (inlined into the caller's target features).
    #[inline(always)]
    pub(crate) fn sboxes_mixed<V: Ymm>(state: &RawState, inverse: bool) -> RawState {
        let mut v = load_mixed::<V>(state);
        if inverse {
            inv_sbox(&mut v);
        } else {
            sbox(&mut v);
        }
        let mut out = [0u64; 12];
        store_mixed(&mut out, v);
        out
    }

    /// The lane-wise MDS on four states (transposed inside).
    #[target_feature(enable = "avx2")]
    pub(crate) unsafe fn mds4(states: &[RawState; 4]) -> [RawState; 4] {
        let mut v: [PackedGoldilocksAvx2; 12] = core::array::from_fn(|i| {
            PackedGoldilocksAvx2(_mm256_set_epi64x(
                states[3][i] as i64,
                states[2][i] as i64,
                states[1][i] as i64,
                states[0][i] as i64,
            ))
        });
        mds_lanes(&mut v);
        let mut out = [[0u64; 12]; 4];
        for (i, x) in v.iter().enumerate() {
            let mut lanes = [0u64; 4];
            // SAFETY: 32-byte store into a 32-byte array.
            unsafe { _mm256_storeu_si256(lanes.as_mut_ptr().cast(), x.0) };
            for (s, l) in out.iter_mut().zip(lanes) {
                s[i] = l;
            }
        }
        out
    }
}
