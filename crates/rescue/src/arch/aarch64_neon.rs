//! NEON backend: Goldilocks arithmetic on two 64-bit lanes of a `uint64x2_t`.
//!
//! NEON has no 64-bit multiply, so a 64×64-bit product is built from 32×32 →
//! 64-bit partial products (`vmull_u32`, and `vmlal_u32` which also adds
//! into an accumulator): four for a product, three for a square (its cross
//! term counted once and shifted by 33, which `vsraq_n_u64` — shift right
//! and add — absorbs). The 128-bit result is reduced as in the scalar code,
//! `lo - hi_hi + hi_lo · (2^32 - 1)`, with NEON's unsigned 64-bit compares
//! giving the borrow and carry masks (an all-ones mask `>> 32` is the
//! correction `2^32 - 1`). No branches on data.
//!
//! Layouts as in the AVX2 backend: one state in six registers for
//! [`permute`] (S-boxes on the vector pipes, MDS on the scalar ones), two
//! states in twelve registers (register `i` holds cell `i` of both) for
//! [`permute_many`], where the MDS runs lane-wise too.
//!
//! NEON is enabled for the targets this module is compiled for
//! (`cfg(target_feature = "neon")`); that is what the `unsafe` blocks around
//! the intrinsics rely on.

use core::arch::aarch64::*;
use core::ops::Range;

use super::batch::{BatchLane, permute_group};
use crate::mds::{HalfLane, SplitLane, mds_multiply};
use crate::permutation::{Instance, Lane, RawState, inv_sbox, sbox};

/// Two Goldilocks lanes (raw, non-canonical allowed).
#[derive(Clone, Copy)]
#[repr(transparent)]
pub(crate) struct PackedGoldilocksNeon(uint64x2_t);

const EPS: u64 = 0xffff_ffff;

macro_rules! neon {
    ($e:expr) => {
        // SAFETY: this module is only compiled with NEON enabled
        // (`cfg(target_feature = "neon")`); the intrinsics take and return
        // registers only (no memory access).
        unsafe { $e }
    };
}

/// `(lo mod 2^32) + (hi mod 2^32) · 2^32` in each lane, by one
/// `vsliq_n_u64` (shift left and insert). Under miri, which does not
/// implement that intrinsic, by [`insert_high_word_portable`] instead.
#[inline(always)]
fn insert_high_word(lo: uint64x2_t, hi: uint64x2_t) -> uint64x2_t {
    #[cfg(not(miri))]
    let r = neon!(vsliq_n_u64::<32>(lo, hi));
    #[cfg(miri)]
    let r = insert_high_word_portable(lo, hi);
    r
}

/// [`insert_high_word`] by a mask, a shift and an or (three instructions
/// instead of one; the arch tests check that both agree).
#[cfg(any(miri, test))]
#[inline(always)]
fn insert_high_word_portable(lo: uint64x2_t, hi: uint64x2_t) -> uint64x2_t {
    neon!(vorrq_u64(
        vandq_u64(lo, vdupq_n_u64(EPS)),
        vshlq_n_u64::<32>(hi)
    ))
}

impl PackedGoldilocksNeon {
    #[inline(always)]
    fn splat(v: u64) -> Self {
        neon!(PackedGoldilocksNeon(vdupq_n_u64(v)))
    }

    #[inline(always)]
    fn load(v: &[u64; 2]) -> Self {
        // SAFETY: reads the 16 bytes of `v`.
        PackedGoldilocksNeon(unsafe { vld1q_u64(v.as_ptr()) })
    }

    #[inline(always)]
    fn store(self) -> [u64; 2] {
        let mut out = [0u64; 2];
        // SAFETY: writes the 16 bytes of `out`.
        unsafe { vst1q_u64(out.as_mut_ptr(), self.0) };
        out
    }

    /// `(lo, hi)` of the two 128-bit products.
    #[inline(always)]
    fn mul_wide(self, rhs: Self) -> (uint64x2_t, uint64x2_t) {
        neon!({
            let (x, y) = (self.0, rhs.0);
            let (xl, xh) = (vmovn_u64(x), vshrn_n_u64::<32>(x));
            let (yl, yh) = (vmovn_u64(y), vshrn_n_u64::<32>(y));
            let ll = vmull_u32(xl, yl);
            // x·y = ll + (xh·yl + xl·yh)·2^32 + xh·yh·2^64; each sum < 2^64.
            let mid = vmlal_u32(vshrq_n_u64::<32>(ll), xh, yl);
            let mid2 = vmlal_u32(vandq_u64(mid, vdupq_n_u64(EPS)), xl, yh);
            let hi = vmlal_u32(vsraq_n_u64::<32>(vshrq_n_u64::<32>(mid), mid2), xh, yh);
            // Low word: low half of ll, low half of mid2 above it.
            let lo = insert_high_word(ll, mid2);
            (lo, hi)
        })
    }

    /// `(lo, hi)` of the two 128-bit squares.
    #[inline(always)]
    fn square_wide(self) -> (uint64x2_t, uint64x2_t) {
        neon!({
            let x = self.0;
            let (xl, xh) = (vmovn_u64(x), vshrn_n_u64::<32>(x));
            let ll = vmull_u32(xl, xl);
            let lh = vmull_u32(xl, xh);
            // x² = ll + lh·2^33 + xh²·2^64; hi = xh² + ⌊(lh + ⌊ll/2^33⌋)/2^31⌋.
            let t = vsraq_n_u64::<33>(lh, ll);
            let hi = vsraq_n_u64::<31>(vmull_u32(xh, xh), t);
            let lo = vaddq_u64(ll, vshlq_n_u64::<33>(lh));
            (lo, hi)
        })
    }

    /// `x + y` for `y < p`, raw.
    #[inline(always)]
    fn add_small(x: uint64x2_t, y: uint64x2_t) -> uint64x2_t {
        neon!({
            let r = vaddq_u64(x, y);
            let wrapped = vcgtq_u64(x, r);
            vaddq_u64(r, vshrq_n_u64::<32>(wrapped))
        })
    }

    /// Reduces `lo + hi · 2^64` to a raw lane.
    #[inline(always)]
    fn reduce((lo, hi): (uint64x2_t, uint64x2_t)) -> Self {
        neon!({
            // lo - hi_hi (2^96 ≡ -1); on a borrow take 2^32 - 1 away again.
            let hi_hi = vshrq_n_u64::<32>(hi);
            let t = vsubq_u64(lo, hi_hi);
            let borrow = vcgtq_u64(hi_hi, lo);
            let t = vsubq_u64(t, vshrq_n_u64::<32>(borrow));
            // + hi_lo · (2^32 - 1) (2^64 ≡ 2^32 - 1), which is < p.
            let t1 = vmull_u32(vmovn_u64(hi), vdup_n_u32(EPS as u32));
            PackedGoldilocksNeon(Self::add_small(t, t1))
        })
    }

    /// `self + c` for canonical `c` lanes.
    #[inline(always)]
    fn add_canonical(self, c: Self) -> Self {
        PackedGoldilocksNeon(Self::add_small(self.0, c.0))
    }
}

impl Lane for PackedGoldilocksNeon {
    #[inline(always)]
    fn mul(self, rhs: Self) -> Self {
        Self::reduce(self.mul_wide(rhs))
    }
    #[inline(always)]
    fn square(self) -> Self {
        Self::reduce(self.square_wide())
    }
}

/// Lanes of `i64` (as wrapping `u64`) for the MDS halves.
impl HalfLane for PackedGoldilocksNeon {
    #[inline(always)]
    fn add(self, rhs: Self) -> Self {
        neon!(PackedGoldilocksNeon(vaddq_u64(self.0, rhs.0)))
    }
    #[inline(always)]
    fn sub(self, rhs: Self) -> Self {
        neon!(PackedGoldilocksNeon(vsubq_u64(self.0, rhs.0)))
    }
    #[inline(always)]
    fn shl<const S: i32>(self) -> Self {
        neon!(PackedGoldilocksNeon(vshlq_n_u64::<S>(self.0)))
    }
}

impl SplitLane for PackedGoldilocksNeon {
    #[inline(always)]
    fn split(self) -> (Self, Self) {
        neon!((
            PackedGoldilocksNeon(vandq_u64(self.0, vdupq_n_u64(EPS))),
            PackedGoldilocksNeon(vshrq_n_u64::<32>(self.0)),
        ))
    }

    #[inline(always)]
    fn combine(lo: Self, hi: Self) -> Self {
        // value = lo + hi·2^32 with lo, hi < 2^40. With m = ⌊lo/2^32⌋ + hi:
        // value = (lo mod 2^32) + (m mod 2^32)·2^32 + ⌊m/2^32⌋·2^64.
        let (l, h) = (lo.0, hi.0);
        PackedGoldilocksNeon(neon!({
            let m = vsraq_n_u64::<32>(h, l);
            let word = insert_high_word(l, m);
            let k = vmull_u32(vshrn_n_u64::<32>(m), vdup_n_u32(EPS as u32));
            PackedGoldilocksNeon::add_small(word, k)
        }))
    }
}

#[inline(always)]
fn load6(state: &RawState) -> [PackedGoldilocksNeon; 6] {
    let mut v = [PackedGoldilocksNeon::splat(0); 6];
    for (j, x) in v.iter_mut().enumerate() {
        *x = PackedGoldilocksNeon::load(&[state[2 * j], state[2 * j + 1]]);
    }
    v
}

#[inline(always)]
fn store6(state: &mut RawState, v: &[PackedGoldilocksNeon; 6]) {
    for (j, x) in v.iter().enumerate() {
        let [a, b] = x.store();
        state[2 * j] = a;
        state[2 * j + 1] = b;
    }
}

#[inline(always)]
fn add_ark6(v: &mut [PackedGoldilocksNeon; 6], ark: &[u64; 12]) {
    let c = load6(ark);
    for j in 0..6 {
        v[j] = v[j].add_canonical(c[j]);
    }
}

/// Rounds `rounds` of instance `I` on one state (raw in, raw out).
pub(crate) fn permute<I: Instance>(state: &mut RawState, rounds: Range<usize>) {
    for r in rounds {
        if !I::MDS_FIRST {
            let mut v = load6(state);
            sbox(&mut v);
            store6(state, &v);
        }
        mds_multiply(state);
        let mut v = load6(state);
        add_ark6(&mut v, &I::ARK1[r]);
        if I::MDS_FIRST {
            sbox(&mut v);
        } else {
            inv_sbox(&mut v);
        }
        store6(state, &v);
        mds_multiply(state);
        let mut v = load6(state);
        add_ark6(&mut v, &I::ARK2[r]);
        if I::MDS_FIRST {
            inv_sbox(&mut v);
        }
        store6(state, &v);
    }
}

/// Two states, transposed: register `i` holds cell `i` of both; the rounds
/// are [`permute_group`]'s.
impl BatchLane for PackedGoldilocksNeon {
    const STATES: usize = 2;
    #[inline(always)]
    fn load(states: &[RawState], cell: usize) -> Self {
        PackedGoldilocksNeon::load(&[states[0][cell], states[1][cell]])
    }
    #[inline(always)]
    fn store(self, states: &mut [RawState], cell: usize) {
        [states[0][cell], states[1][cell]] = PackedGoldilocksNeon::store(self);
    }
    #[inline(always)]
    fn add_constant(self, c: u64) -> Self {
        self.add_canonical(PackedGoldilocksNeon::splat(c))
    }
}

/// Rounds `rounds` of instance `I` on many states (raw in, raw out), two
/// at a time.
pub(crate) fn permute_many<I: Instance>(states: &mut [RawState], rounds: Range<usize>) {
    let mut pairs = states.chunks_exact_mut(2);
    for pair in &mut pairs {
        permute_group::<I, PackedGoldilocksNeon>(pair, rounds.clone());
    }
    for state in pairs.into_remainder() {
        permute::<I>(state, rounds.clone());
    }
}

/// The round pieces, for the tests against the scalar code.
#[cfg(test)]
pub(crate) mod pieces {
    use super::*;
    use crate::mds::mds_lanes;

    /// Lane-wise product of two pairs.
    pub(crate) fn mul(a: [u64; 2], b: [u64; 2]) -> [u64; 2] {
        PackedGoldilocksNeon::load(&a)
            .mul(PackedGoldilocksNeon::load(&b))
            .store()
    }

    /// Lane-wise square.
    pub(crate) fn square(a: [u64; 2]) -> [u64; 2] {
        PackedGoldilocksNeon::load(&a).square().store()
    }

    /// `insert_high_word` and its portable form (used under miri).
    pub(crate) fn insert_high_word_both(lo: [u64; 2], hi: [u64; 2]) -> ([u64; 2], [u64; 2]) {
        let (l, h) = (
            PackedGoldilocksNeon::load(&lo).0,
            PackedGoldilocksNeon::load(&hi).0,
        );
        (
            PackedGoldilocksNeon(insert_high_word(l, h)).store(),
            PackedGoldilocksNeon(insert_high_word_portable(l, h)).store(),
        )
    }

    /// Lane-wise `a + c` (c canonical).
    pub(crate) fn add_canonical(a: [u64; 2], c: [u64; 2]) -> [u64; 2] {
        PackedGoldilocksNeon::load(&a)
            .add_canonical(PackedGoldilocksNeon::load(&c))
            .store()
    }

    /// S-box or inverse S-box on one state (six registers).
    pub(crate) fn sboxes(state: &RawState, inverse: bool) -> RawState {
        let mut v = load6(state);
        if inverse {
            inv_sbox(&mut v);
        } else {
            sbox(&mut v);
        }
        let mut out = [0u64; 12];
        store6(&mut out, &v);
        out
    }

    /// The lane-wise MDS on two states.
    pub(crate) fn mds2(states: &[RawState; 2]) -> [RawState; 2] {
        let mut v = [PackedGoldilocksNeon::splat(0); 12];
        for i in 0..12 {
            v[i] = PackedGoldilocksNeon::load(&[states[0][i], states[1][i]]);
        }
        mds_lanes(&mut v);
        let mut out = [[0u64; 12]; 2];
        for i in 0..12 {
            [out[0][i], out[1][i]] = v[i].store();
        }
        out
    }
}

/// The same register as a [`GoldilocksLanes`](crate::lanes::GoldilocksLanes)
/// for the other Goldilocks permutations (opt-in).
#[cfg(feature = "neon-lanes")]
pub(crate) mod lanes;
