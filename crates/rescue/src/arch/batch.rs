//! The batch permutation, written once for every SIMD backend: a group of
//! states held transposed (cell `i` of every state of the group in one
//! "lane" value), so that every step — S-boxes, MDS and constants — is
//! lane-wise, with no shuffles.
//!
//! A group is any [`BatchLane`]: a SIMD register type of a backend (four
//! states for AVX2, two for NEON, eight for AVX-512), [`Scalars`] (states
//! on the scalar units), or a pair of them side by side, e.g.
//! `((PackedGoldilocksAvx2, PackedGoldilocksAvx2), Scalars<3>)`: eleven states whose products run on the
//! vector and the scalar units at the same time. The backends choose the
//! group from a measured kernel (see each backend's `permute_many`).

use core::ops::Range;

#[cfg(target_arch = "x86_64")]
use crate::mds::{HalfLane, combine_halves};
use crate::mds::{SplitLane, mds_lanes};
use crate::permutation::{Instance, Lane, RawState, inv_sbox, sbox};

/// A lane type that holds cell `i` of [`Self::STATES`] states.
pub(crate) trait BatchLane: Lane + SplitLane {
    /// How many states one value holds.
    const STATES: usize;
    /// Cell `cell` of `states[..STATES]`.
    fn load(states: &[RawState], cell: usize) -> Self;
    /// Writes cell `cell` of `states[..STATES]`.
    fn store(self, states: &mut [RawState], cell: usize);
    /// `self + c` in every lane, for a canonical constant `c`.
    fn add_constant(self, c: u64) -> Self;
}

/// Two groups side by side: the first holds the first `A::STATES` states.
impl<A: BatchLane, B: BatchLane> BatchLane for (A, B) {
    const STATES: usize = A::STATES + B::STATES;
    #[inline(always)]
    fn load(states: &[RawState], cell: usize) -> Self {
        (A::load(states, cell), B::load(&states[A::STATES..], cell))
    }
    #[inline(always)]
    fn store(self, states: &mut [RawState], cell: usize) {
        self.0.store(states, cell);
        self.1.store(&mut states[A::STATES..], cell);
    }
    #[inline(always)]
    fn add_constant(self, c: u64) -> Self {
        (self.0.add_constant(c), self.1.add_constant(c))
    }
}

impl<A: SplitLane, B: SplitLane> SplitLane for (A, B) {
    #[inline(always)]
    fn split(self) -> (Self, Self) {
        let (a, b) = (self.0.split(), self.1.split());
        ((a.0, b.0), (a.1, b.1))
    }
    #[inline(always)]
    fn combine(lo: Self, hi: Self) -> Self {
        (A::combine(lo.0, hi.0), B::combine(lo.1, hi.1))
    }
}

/// `K` states on the scalar units: cell `i` of each, as `u64`. As MDS
/// halves the values are `i64`s kept in `u64`s (wrapping arithmetic is the
/// same on both). (Used by the AVX2 backend only.)
#[cfg(target_arch = "x86_64")]
#[derive(Clone, Copy)]
pub(crate) struct Scalars<const K: usize>(pub(crate) [u64; K]);

#[cfg(target_arch = "x86_64")]
impl<const K: usize> Lane for Scalars<K> {
    #[inline(always)]
    fn mul(self, rhs: Self) -> Self {
        Scalars(core::array::from_fn(|k| {
            super::scalar_mul(self.0[k], rhs.0[k])
        }))
    }
    #[inline(always)]
    fn square(self) -> Self {
        self.mul(self)
    }
}

#[cfg(target_arch = "x86_64")]
impl<const K: usize> HalfLane for Scalars<K> {
    #[inline(always)]
    fn add(mut self, rhs: Self) -> Self {
        for k in 0..K {
            self.0[k] = self.0[k].wrapping_add(rhs.0[k]);
        }
        self
    }
    #[inline(always)]
    fn sub(mut self, rhs: Self) -> Self {
        for k in 0..K {
            self.0[k] = self.0[k].wrapping_sub(rhs.0[k]);
        }
        self
    }
    #[inline(always)]
    fn shl<const S: i32>(mut self) -> Self {
        for k in 0..K {
            self.0[k] <<= S;
        }
        self
    }
}

#[cfg(target_arch = "x86_64")]
impl<const K: usize> SplitLane for Scalars<K> {
    #[inline(always)]
    fn split(self) -> (Self, Self) {
        (
            Scalars(self.0.map(|x| x & 0xffff_ffff)),
            Scalars(self.0.map(|x| x >> 32)),
        )
    }
    #[inline(always)]
    fn combine(lo: Self, hi: Self) -> Self {
        Scalars(core::array::from_fn(|k| {
            combine_halves(lo.0[k] as i64, hi.0[k] as i64)
        }))
    }
}

#[cfg(target_arch = "x86_64")]
impl<const K: usize> BatchLane for Scalars<K> {
    const STATES: usize = K;
    #[inline(always)]
    fn load(states: &[RawState], cell: usize) -> Self {
        Scalars(core::array::from_fn(|k| states[k][cell]))
    }
    #[inline(always)]
    fn store(self, states: &mut [RawState], cell: usize) {
        for (state, x) in states[..K].iter_mut().zip(self.0) {
            state[cell] = x;
        }
    }
    #[inline(always)]
    fn add_constant(mut self, c: u64) -> Self {
        for k in 0..K {
            self.0[k] = crate::field::raw::add_canonical(self.0[k], c);
        }
        self
    }
}

/// Rounds `rounds` of instance `I` on `L::STATES` states (`states.len()`
/// must be that), raw in, raw out. Inlined into the backend's
/// `#[target_feature]` function.
#[inline(always)]
pub(crate) fn permute_group<I: Instance, L: BatchLane>(
    states: &mut [RawState],
    rounds: Range<usize>,
) {
    debug_assert_eq!(states.len(), L::STATES);
    let mut v: [L; 12] = core::array::from_fn(|i| L::load(states, i));
    for r in rounds {
        if !I::MDS_FIRST {
            sbox(&mut v);
        }
        mds_lanes(&mut v);
        for (x, &c) in v.iter_mut().zip(&I::ARK1[r]) {
            *x = x.add_constant(c);
        }
        if I::MDS_FIRST {
            sbox(&mut v);
        } else {
            inv_sbox(&mut v);
        }
        mds_lanes(&mut v);
        for (x, &c) in v.iter_mut().zip(&I::ARK2[r]) {
            *x = x.add_constant(c);
        }
        if I::MDS_FIRST {
            inv_sbox(&mut v);
        }
    }
    for (i, x) in v.into_iter().enumerate() {
        x.store(states, i);
    }
}
