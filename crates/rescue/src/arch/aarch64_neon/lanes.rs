//! Rescue's NEON register ([`PackedGoldilocksNeon`], two lanes of 64 bits)
//! lent to the other Goldilocks permutations as a [`GoldilocksLanes`] (the
//! `neon-lanes` feature): Tip5, Plonky2's Poseidon and Plonky3's Goldilocks
//! Poseidon2 run their kernels on two states at a time with the same
//! products, squares, reductions and sums as Rescue's NEON batches, so the
//! workspace keeps one Goldilocks NEON.
//!
//! Opt-in, unlike Rescue's own NEON permutation: these paths have run under
//! qemu-user only. Nor is it known that two NEON lanes beat the scalar
//! units here: a NEON product of two lanes is about 24 instructions (four
//! `umull`/`umlal` partial products, their carries, the reduction with
//! compare masks), against about eight per lane with the scalar `mul`,
//! `umulh` and carry-select; only an aarch64 machine can say which wins.

use core::arch::aarch64::*;

use super::{EPS, PackedGoldilocksNeon};
use crate::arch::{Columns, Output};
use crate::field::MODULUS;
use crate::lanes::{self, LaneKernel};
use crate::mds::{HalfLane, SplitLane};
use crate::permutation::Lane;

impl lanes::GoldilocksLanes for PackedGoldilocksNeon {
    const LANES: usize = 2;

    #[inline(always)]
    fn splat(value: u64) -> Self {
        PackedGoldilocksNeon::splat(value)
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
        PackedGoldilocksNeon::add_canonical(self, rhs)
    }
    #[inline(always)]
    fn canonical(self) -> Self {
        neon!({
            // p is subtracted from the lanes at or above it.
            let p = vdupq_n_u64(MODULUS);
            let above = vcgeq_u64(self.0, p);
            PackedGoldilocksNeon(vsubq_u64(self.0, vandq_u64(above, p)))
        })
    }
    #[inline(always)]
    fn combine(lo: Self, hi: Self) -> Self {
        // `SplitLane::combine`'s steps hold for lo, hi < 2^63: m < 2^63 +
        // 2^31 does not wrap, and ⌊m/2^32⌋ · (2^32 − 1) < 2^63 < p.
        SplitLane::combine(lo, hi)
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
        neon!({
            // ll + (lh + hl) · 2^32 mod 2^64: one widening product and two
            // 32-bit ones (only the low halves of the cross terms count).
            let (x, y) = (self.0, rhs.0);
            let (xl, xh) = (vmovn_u64(x), vshrn_n_u64::<32>(x));
            let (yl, yh) = (vmovn_u64(y), vshrn_n_u64::<32>(y));
            let cross = vmla_u32(vmul_u32(xl, yh), xh, yl);
            PackedGoldilocksNeon(vaddq_u64(vmull_u32(xl, yl), vshll_n_u32::<32>(cross)))
        })
    }
    #[inline(always)]
    fn shl<const S: u32>(self) -> Self {
        // A shift by a register that LLVM folds into the immediate form
        // (`vshlq_n_u64` takes an `i32` const, which `S` cannot become).
        PackedGoldilocksNeon(neon!(vshlq_u64(self.0, vdupq_n_s64(S as i64))))
    }
    #[inline(always)]
    fn shr<const S: u32>(self) -> Self {
        // A negative count shifts right (logically, on unsigned lanes).
        PackedGoldilocksNeon(neon!(vshlq_u64(self.0, vdupq_n_s64(-(S as i64)))))
    }
    #[inline(always)]
    fn low32(self) -> Self {
        PackedGoldilocksNeon(neon!(vandq_u64(self.0, vdupq_n_u64(EPS))))
    }
    #[inline(always)]
    fn map(self, f: impl Fn(u64) -> u64) -> Self {
        crate::arch::map_lanes::<Self, 2>(self, f)
    }
}

impl Columns<2> for PackedGoldilocksNeon {
    #[inline(always)]
    fn load(words: &[u64; 2]) -> Self {
        PackedGoldilocksNeon::load(words)
    }
    #[inline(always)]
    fn store(self, words: &mut [u64; 2]) {
        *words = PackedGoldilocksNeon::store(self);
    }
    /// Cell by cell: the pair of words loaded into one register.
    #[inline(always)]
    fn transpose_in<const W: usize>(states: &[[u64; W]; 2]) -> [Self; W] {
        let [a, b] = states;
        let mut registers = [Self::load(&[a[0], b[0]]); W];
        for (i, register) in registers.iter_mut().enumerate().skip(1) {
            *register = Self::load(&[a[i], b[i]]);
        }
        registers
    }
    #[inline(always)]
    fn transpose_out<const W: usize>(registers: [Self; W], states: &mut [[u64; W]; 2]) {
        let [a, b] = states;
        for (i, register) in registers.into_iter().enumerate() {
            [a[i], b[i]] = PackedGoldilocksNeon::store(register);
        }
    }
}

/// Runs `kernel` on `states`: pairs transposed into NEON registers, a
/// last single state on the kernel's one-state path.
pub(crate) fn apply_many<K: LaneKernel<W>, const W: usize>(
    kernel: &K,
    states: &mut [[u64; W]],
    output: Output,
) {
    let mut pairs = states.chunks_exact_mut(2);
    for pair in &mut pairs {
        crate::arch::drive_group::<K, PackedGoldilocksNeon, W, 2>(kernel, pair, output);
    }
    crate::arch::apply_singles(kernel, pairs.into_remainder(), output);
}
