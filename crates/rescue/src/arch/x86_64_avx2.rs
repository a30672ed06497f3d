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
//!   state) for [`permute_many`]: every step, the MDS included, is
//!   lane-wise with no shuffles (the MDS of `crate::mds` runs on vector lanes).
//!
//! Every value of type [`P4`] is created inside a function compiled with
//! AVX2 (`#[target_feature(enable = "avx2")]`, with BMI2 for the two entry
//! points, whose scalar cells use it), and such functions are only called
//! once AVX2 and BMI2 are known to be present (every AVX2 CPU of Intel and
//! AMD has BMI2); that is the invariant the `unsafe` blocks below rely on.
//! The free functions [`mul_wide`], [`square_wide`] and [`eps_opaque`] are
//! called only by the methods of `P4` and of `x86_64_avx512::Q4` (whose code
//! is compiled with AVX2 as well), so the same holds for them.

use core::arch::x86_64::*;
use core::ops::Range;

use crate::field::raw;
use crate::mds::{HalfLane, SplitLane, mds_half, mds_lanes, mds_multiply};
use crate::permutation::{Instance, Lane, RawState, add_constants, inv_sbox, sbox};

/// Four Goldilocks lanes (raw, non-canonical allowed).
#[derive(Clone, Copy)]
#[repr(transparent)]
pub(crate) struct P4(__m256i);

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
        // (module doc: a `P4`, or a `Q4` of `x86_64_avx512`, whose methods
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

impl P4 {
    #[inline(always)]
    fn splat(v: u64) -> Self {
        P4(avx2!(_mm256_set1_epi64x(v as i64)))
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
            P4(_mm256_xor_si256(Self::add_small_s(t_s, t1), sign))
        })
    }

    /// `self + c` for canonical `c` lanes.
    #[inline(always)]
    fn add_canonical(self, c: Self) -> Self {
        avx2!({
            let sign = _mm256_set1_epi64x(SIGN);
            P4(_mm256_xor_si256(
                Self::add_small_s(_mm256_xor_si256(self.0, sign), c.0),
                sign,
            ))
        })
    }
}

impl Lane for P4 {
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
impl HalfLane for P4 {
    #[inline(always)]
    fn add(self, rhs: Self) -> Self {
        P4(avx2!(_mm256_add_epi64(self.0, rhs.0)))
    }
    #[inline(always)]
    fn sub(self, rhs: Self) -> Self {
        P4(avx2!(_mm256_sub_epi64(self.0, rhs.0)))
    }
    #[inline(always)]
    fn shl<const S: i32>(self) -> Self {
        P4(avx2!(_mm256_slli_epi64::<S>(self.0)))
    }
}

impl SplitLane for P4 {
    #[inline(always)]
    fn split(self) -> (Self, Self) {
        avx2!((
            P4(_mm256_and_si256(self.0, _mm256_set1_epi64x(EPS))),
            P4(_mm256_srli_epi64::<32>(self.0)),
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
            P4(_mm256_xor_si256(
                P4::add_small_s(_mm256_xor_si256(word, sign), k),
                sign,
            ))
        })
    }
}

/// MDS on four transposed states in registers and a fifth in scalars.
#[inline(always)]
fn mds_mixed(state: &mut [(P4, u64); 12]) {
    let mut lo = [(state[0].0, 0i64); 12];
    let mut hi = lo;
    for i in 0..12 {
        let (l, h) = state[i].0.split();
        lo[i] = (l, (state[i].1 & 0xffff_ffff) as i64);
        hi[i] = (h, (state[i].1 >> 32) as i64);
    }
    let lo = mds_half(&lo);
    let hi = mds_half(&hi);
    for i in 0..12 {
        state[i] = (
            P4::combine(lo[i].0, hi[i].0),
            crate::mds::combine_halves(lo[i].1, hi[i].1),
        );
    }
}

/// A lane type of four Goldilocks values in one 256-bit register: [`P4`]
/// here (AVX2), `Q4` in `x86_64_avx512` (the same products, AVX-512VL
/// compares for the reduction's carries). The single-state layout below
/// works with either.
pub(crate) trait Ymm: Lane {
    /// Wraps a register; call it only inside code compiled with the lane
    /// type's features (the invariant of each module's `unsafe` blocks).
    fn from_ymm(v: __m256i) -> Self;
    /// The register.
    fn ymm(self) -> __m256i;
}

impl Ymm for P4 {
    #[inline(always)]
    fn from_ymm(v: __m256i) -> Self {
        P4(v)
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
    permute_mixed::<I, P4>(state, rounds);
}

/// [`permute`] for any [`Ymm`] lane type; inlined into the caller's
/// `#[target_feature]` function.
#[inline(always)]
pub(crate) fn permute_mixed<I: Instance, V: Ymm>(state: &mut RawState, rounds: Range<usize>) {
    for r in rounds {
        if !I::MDS_FIRST {
            let mut v = load_mixed::<V>(state);
            sbox(&mut v);
            store_mixed(state, v);
        }
        mds_multiply(state);
        add_constants(state, &I::ARK1[r]);
        let mut v = load_mixed::<V>(state);
        if I::MDS_FIRST {
            sbox(&mut v);
        } else {
            inv_sbox(&mut v);
        }
        store_mixed(state, v);
        mds_multiply(state);
        add_constants(state, &I::ARK2[r]);
        if I::MDS_FIRST {
            let mut v = load_mixed::<V>(state);
            inv_sbox(&mut v);
            store_mixed(state, v);
        }
    }
}

/// One state as two registers (cells 0–3, 4–7) beside four scalars (cells
/// 8, 9 with the first, 10, 11 with the second).
#[inline(always)]
fn load_mixed<V: Ymm>(state: &RawState) -> [(V, (u64, u64)); 2] {
    // SAFETY: two 32-byte reads inside `state` (96 bytes), unaligned; AVX2
    // present (module doc).
    unsafe {
        let p = state.as_ptr();
        [
            (
                V::from_ymm(_mm256_loadu_si256(p.cast())),
                (state[8], state[9]),
            ),
            (
                V::from_ymm(_mm256_loadu_si256(p.add(4).cast())),
                (state[10], state[11]),
            ),
        ]
    }
}

#[inline(always)]
fn store_mixed<V: Ymm>(state: &mut RawState, v: [(V, (u64, u64)); 2]) {
    // SAFETY: two 32-byte writes inside `state` (96 bytes), unaligned; AVX2
    // present (module doc).
    unsafe {
        let p = state.as_mut_ptr();
        _mm256_storeu_si256(p.cast(), v[0].0.ymm());
        _mm256_storeu_si256(p.add(4).cast(), v[1].0.ymm());
    }
    (state[8], state[9]) = v[0].1;
    (state[10], state[11]) = v[1].1;
}

/// Four states, transposed: register `i` holds cell `i` of each.
#[inline(always)]
fn permute4<I: Instance>(states: &mut [RawState], rounds: Range<usize>) {
    debug_assert_eq!(states.len(), 4);
    let mut v = [P4::splat(0); 12];
    for i in 0..12 {
        v[i] = P4(avx2!(_mm256_set_epi64x(
            states[3][i] as i64,
            states[2][i] as i64,
            states[1][i] as i64,
            states[0][i] as i64,
        )));
    }
    for r in rounds {
        if !I::MDS_FIRST {
            sbox(&mut v);
        }
        mds_lanes(&mut v);
        for (x, &c) in v.iter_mut().zip(&I::ARK1[r]) {
            *x = x.add_canonical(P4::splat(c));
        }
        if I::MDS_FIRST {
            sbox(&mut v);
        } else {
            inv_sbox(&mut v);
        }
        mds_lanes(&mut v);
        for (x, &c) in v.iter_mut().zip(&I::ARK2[r]) {
            *x = x.add_canonical(P4::splat(c));
        }
        if I::MDS_FIRST {
            inv_sbox(&mut v);
        }
    }
    for (i, x) in v.iter().enumerate() {
        let mut lanes = [0u64; 4];
        // SAFETY: 32-byte unaligned store into a 32-byte array; AVX2 present.
        unsafe { _mm256_storeu_si256(lanes.as_mut_ptr().cast(), x.0) };
        for (s, l) in states.iter_mut().zip(lanes) {
            s[i] = l;
        }
    }
}

/// Four states in registers (transposed) and a fifth in scalars, side by
/// side.
#[inline(always)]
fn permute5<I: Instance>(states: &mut [RawState], rounds: Range<usize>) {
    debug_assert_eq!(states.len(), 5);
    let mut v = [(P4::splat(0), 0u64); 12];
    for i in 0..12 {
        v[i] = (
            P4(avx2!(_mm256_set_epi64x(
                states[3][i] as i64,
                states[2][i] as i64,
                states[1][i] as i64,
                states[0][i] as i64,
            ))),
            states[4][i],
        );
    }
    for r in rounds {
        if !I::MDS_FIRST {
            sbox(&mut v);
        }
        mds_mixed(&mut v);
        for (x, &c) in v.iter_mut().zip(&I::ARK1[r]) {
            *x = (x.0.add_canonical(P4::splat(c)), raw::add_canonical(x.1, c));
        }
        if I::MDS_FIRST {
            sbox(&mut v);
        } else {
            inv_sbox(&mut v);
        }
        mds_mixed(&mut v);
        for (x, &c) in v.iter_mut().zip(&I::ARK2[r]) {
            *x = (x.0.add_canonical(P4::splat(c)), raw::add_canonical(x.1, c));
        }
        if I::MDS_FIRST {
            inv_sbox(&mut v);
        }
    }
    for (i, x) in v.iter().enumerate() {
        let mut lanes = [0u64; 4];
        // SAFETY: 32-byte unaligned store into a 32-byte array; AVX2 present.
        unsafe { _mm256_storeu_si256(lanes.as_mut_ptr().cast(), x.0.0) };
        for (s, l) in states.iter_mut().zip(lanes) {
            s[i] = l;
        }
        states[4][i] = x.1;
    }
}

/// The permutation of many states (raw in, raw out): five at a time (four
/// in registers, one in scalars), then four, then one by one.
///
/// # Safety
/// The CPU must support AVX2 and BMI2.
#[target_feature(enable = "avx2,bmi2")]
pub(crate) unsafe fn permute_many<I: Instance>(states: &mut [RawState], rounds: Range<usize>) {
    let mut fives = states.chunks_exact_mut(5);
    for five in &mut fives {
        permute5::<I>(five, rounds.clone());
    }
    let rest = fives.into_remainder();
    let mut fours = rest.chunks_exact_mut(4);
    for four in &mut fours {
        permute4::<I>(four, rounds.clone());
    }
    for state in fours.into_remainder() {
        // SAFETY: AVX2 and BMI2 present (this function's contract).
        unsafe { permute::<I>(state, rounds.clone()) };
    }
}

/// The round pieces on one register, for the tests against the scalar code.
#[cfg(test)]
pub(crate) mod pieces {
    use super::*;

    /// Lane-wise product of four pairs.
    #[target_feature(enable = "avx2")]
    pub(crate) unsafe fn mul(a: [u64; 4], b: [u64; 4]) -> [u64; 4] {
        let mut out = [0u64; 4];
        // SAFETY: 32-byte unaligned loads/stores of 32-byte arrays; AVX2 is
        // enabled for this function.
        unsafe {
            let x = P4(_mm256_loadu_si256(a.as_ptr().cast()));
            let y = P4(_mm256_loadu_si256(b.as_ptr().cast()));
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
            let x = P4(_mm256_loadu_si256(a.as_ptr().cast()));
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
            let x = P4(_mm256_loadu_si256(a.as_ptr().cast()));
            let y = P4(_mm256_loadu_si256(c.as_ptr().cast()));
            _mm256_storeu_si256(out.as_mut_ptr().cast(), x.add_canonical(y).0);
        }
        out
    }

    /// S-box, inverse S-box on one state (the layout of `permute`).
    #[target_feature(enable = "avx2")]
    pub(crate) unsafe fn sboxes(state: &RawState, inverse: bool) -> RawState {
        sboxes_mixed::<P4>(state, inverse)
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
        let mut v: [P4; 12] = core::array::from_fn(|i| {
            P4(_mm256_set_epi64x(
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
