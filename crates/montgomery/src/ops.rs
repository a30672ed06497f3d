//! [`FieldOps`]: the arithmetic that round code is written against, for one
//! element ([`Arith`], `LANES = 1`) or for a group of lanes
//! ([`crate::LaneArith`], one element per lane), so that each hash writes
//! its rounds once and runs them on either.
//!
//! Every method has the contract of the [`Arith`] method of the same name
//! (the bounds of the crate documentation, relative to p); a lane type
//! meets them in every lane.

use ark_ff::MontConfig;

use crate::{Arith, Backend};

/// Montgomery arithmetic on [`FieldOps::Elem`]: one field element, or
/// [`FieldOps::LANES`] of them side by side. Contracts: those of the
/// [`Arith`] methods of the same names.
pub trait FieldOps<const N: usize>: Copy {
    /// Elements one value of [`FieldOps::Elem`] holds.
    const LANES: usize;
    /// One element, or a group of lanes.
    type Elem: Copy;

    /// The arkworks Montgomery limbs `c` (below p) in every lane.
    fn constant(self, c: &[u64; N]) -> Self::Elem;
    /// The element whose lane `k` holds `lane(k)` (arkworks Montgomery limbs,
    /// below p).
    fn load(self, lane: impl Fn(usize) -> [u64; N]) -> Self::Elem;
    /// Hands each lane of `x` (below p) to `out` as arkworks Montgomery
    /// limbs.
    fn store(self, x: &Self::Elem, out: impl FnMut(usize, [u64; N]));

    /// Montgomery product, below `2p`.
    fn mul(self, a: &Self::Elem, b: &Self::Elem) -> Self::Elem;
    /// Montgomery square, below `2p`.
    fn square(self, a: &Self::Elem) -> Self::Elem;
    /// `x − p` if `x ≥ p`.
    fn reduce(self, x: &Self::Elem) -> Self::Elem;
    /// `x − 2p` if `x ≥ 2p`.
    fn reduce_2p(self, x: &Self::Elem) -> Self::Elem;
    /// `x` below `bound·p` (`bound ≤ 8`) to below `p`.
    fn reduce_from(self, x: &Self::Elem, bound: u32) -> Self::Elem;
    /// `a + b`, unreduced (the caller keeps it below `R`).
    fn add_lazy(self, a: &Self::Elem, b: &Self::Elem) -> Self::Elem;
    /// `a + b mod p`, inputs and result below p.
    fn add(self, a: &Self::Elem, b: &Self::Elem) -> Self::Elem;
    /// `a − b mod p`, inputs and result below p.
    fn sub(self, a: &Self::Elem, b: &Self::Elem) -> Self::Elem;
    /// `x / 2 mod p` (see [`Arith::half`]).
    fn half(self, x: &Self::Elem) -> Self::Elem;
    /// `Σ xs` below p, for values below `2p`.
    fn sum_reduced(self, xs: &[Self::Elem]) -> Self::Elem;
    /// `≡ (Σ a_k·b_k)·R⁻¹`, below `T/R + p`.
    fn dot_lazy<const K: usize>(self, a: &[Self::Elem; K], b: &[Self::Elem; K]) -> Self::Elem;

    /// Montgomery product, below p.
    #[inline(always)]
    fn mul_reduced(self, a: &Self::Elem, b: &Self::Elem) -> Self::Elem {
        self.reduce(&self.mul(a, b))
    }
    /// Montgomery square, below p.
    #[inline(always)]
    fn square_reduced(self, a: &Self::Elem) -> Self::Elem {
        self.reduce(&self.square(a))
    }
    /// `2a mod p`, input and result below p.
    #[inline(always)]
    fn double(self, a: &Self::Elem) -> Self::Elem {
        self.add(a, a)
    }
}

impl<C: MontConfig<N>, B: Backend<N>, const N: usize> FieldOps<N> for Arith<C, B, N> {
    const LANES: usize = 1;
    type Elem = [u64; N];

    #[inline(always)]
    fn constant(self, c: &[u64; N]) -> [u64; N] {
        *c
    }
    #[inline(always)]
    fn load(self, lane: impl Fn(usize) -> [u64; N]) -> [u64; N] {
        lane(0)
    }
    #[inline(always)]
    fn store(self, x: &[u64; N], mut out: impl FnMut(usize, [u64; N])) {
        out(0, *x)
    }
    #[inline(always)]
    fn mul(self, a: &[u64; N], b: &[u64; N]) -> [u64; N] {
        Arith::mul(self, a, b)
    }
    #[inline(always)]
    fn square(self, a: &[u64; N]) -> [u64; N] {
        Arith::square(self, a)
    }
    #[inline(always)]
    fn reduce(self, x: &[u64; N]) -> [u64; N] {
        Arith::reduce(self, x)
    }
    #[inline(always)]
    fn reduce_2p(self, x: &[u64; N]) -> [u64; N] {
        Arith::reduce_2p(self, x)
    }
    #[inline(always)]
    fn reduce_from(self, x: &[u64; N], bound: u32) -> [u64; N] {
        Arith::reduce_from(self, x, bound)
    }
    #[inline(always)]
    fn add_lazy(self, a: &[u64; N], b: &[u64; N]) -> [u64; N] {
        Arith::add_lazy(self, a, b)
    }
    #[inline(always)]
    fn add(self, a: &[u64; N], b: &[u64; N]) -> [u64; N] {
        Arith::add(self, a, b)
    }
    #[inline(always)]
    fn sub(self, a: &[u64; N], b: &[u64; N]) -> [u64; N] {
        Arith::sub(self, a, b)
    }
    #[inline(always)]
    fn half(self, x: &[u64; N]) -> [u64; N] {
        Arith::half(self, x)
    }
    #[inline(always)]
    fn sum_reduced(self, xs: &[[u64; N]]) -> [u64; N] {
        Arith::sum_reduced(self, xs)
    }
    #[inline(always)]
    fn dot_lazy<const K: usize>(self, a: &[[u64; N]; K], b: &[[u64; N]; K]) -> [u64; N] {
        Arith::dot_lazy(self, a, b)
    }
}
