//! Rescue's one-state permutation with its S-boxes on AVX-512 IFMA, for
//! CPUs that have it.
//!
//! Why: the inverse S-box `x^(1/7)` is a chain of 72 dependent products
//! on each of twelve independent cells, so its time is the product's
//! latency. The AVX-512 backend's 32-bit products (two 256-bit registers
//! beside four scalars) are about 21 cycles deep on an Intel Xeon; the
//! 52-bit multiply-adds on lazy 32-bit limbs of [`super::x86_64_ifma_limbs`]
//! about 13. Here cells 0–7 take their products as limbs in one 512-bit
//! register and cells 8–11 on the scalar units, each scalar product
//! reduced by the shortest chain; `x^7` too (four products). The MDS and
//! the constants are the AVX-512 backend's single-state layout.
//!
//! Measured (2026-12-03, Intel Xeon, Emerald Rapids): one Rp64_256
//! permutation 5 660 → 5 245 ns (the inverse S-boxes alone gave 5 275).
//! Cells 8–11 as limbs in a 256-bit register instead: 5 780 ns. On AMD
//! Zen 4, whose 512-bit operations run as two halves, the inverse S-box
//! alone in this layout measured no faster (crates/rescue/NOTES.md).

use core::arch::x86_64::*;
use core::ops::Range;

use super::RawState;
use super::x86_64_avx2::{Mixed, MixedLanes, permute_interleaved};
use super::x86_64_avx512::PackedGoldilocksAvx512Vl;
use super::x86_64_ifma_limbs::{Limbs, mul, pack, split, square};
use crate::permutation::{Instance, Lane, inv_sbox, sbox};

/// The twelve cells of one state during its S-boxes: 0–7 as limbs, 8–11
/// on the scalar units.
#[derive(Clone, Copy)]
struct Cells {
    vector: Limbs<__m512i>,
    scalar: [u64; 4],
}

impl Lane for Cells {
    #[inline(always)]
    fn mul(self, rhs: Self) -> Self {
        Cells {
            // SAFETY: `Cells` are made only in `IfmaMixed::sboxes`, inlined
            // into [`permute`] (and the tests' `sboxes`), whose contract is
            // that the CPU has AVX-512F, AVX-512VL and AVX-512 IFMA.
            vector: unsafe { mul(self.vector, rhs.vector) },
            scalar: core::array::from_fn(|i| {
                super::scalar_mul_short_chain(self.scalar[i], rhs.scalar[i])
            }),
        }
    }
    #[inline(always)]
    fn square(self) -> Self {
        Cells {
            // SAFETY: as in `mul`.
            vector: unsafe { square(self.vector) },
            scalar: self.scalar.map(|x| super::scalar_mul_short_chain(x, x)),
        }
    }
}

/// The AVX-512 backend's single-state layout, with the S-boxes of this
/// module.
#[derive(Clone, Copy)]
struct IfmaMixed(Mixed<PackedGoldilocksAvx512Vl>);

impl Lane for IfmaMixed {
    #[inline(always)]
    fn mul(self, rhs: Self) -> Self {
        IfmaMixed(self.0.mul(rhs.0))
    }
    #[inline(always)]
    fn square(self) -> Self {
        IfmaMixed(self.0.square())
    }
}

impl MixedLanes for IfmaMixed {
    const STATES: usize = 1;
    #[inline(always)]
    fn load(states: &[RawState], h: usize) -> Self {
        IfmaMixed(Mixed::load(states, h))
    }
    #[inline(always)]
    fn store(self, states: &mut [RawState], h: usize) {
        self.0.store(states, h);
    }
    #[inline(always)]
    fn sboxes(states: &mut [RawState], inverse: bool) {
        let state = &mut states[0];
        // SAFETY: a 64-byte unaligned read of cells 0–7 of the state; the
        // CPU has AVX-512F ([`permute`]'s contract).
        let x = unsafe { _mm512_loadu_si512(state.as_ptr().cast()) };
        // SAFETY: as above (AVX-512F, AVX-512VL and IFMA).
        let vector = unsafe { split(x) };
        let mut cells = [Cells {
            vector,
            scalar: [state[8], state[9], state[10], state[11]],
        }];
        if inverse {
            inv_sbox(&mut cells);
        } else {
            sbox(&mut cells);
        }
        let [Cells { vector, scalar }] = cells;
        // SAFETY: as above; a 64-byte unaligned write of cells 0–7.
        unsafe {
            _mm512_storeu_si512(state.as_mut_ptr().cast(), pack(vector.lo, vector.hi));
        }
        state[8..].copy_from_slice(&scalar);
    }
}

/// Rounds `rounds` of instance `I` on one state, raw in, raw out: the
/// AVX-512 backend's single-state permutation with the S-boxes on IFMA
/// limbs.
///
/// # Safety
/// The CPU must support AVX-512F, AVX-512VL, AVX-512 IFMA, AVX2 and BMI2.
#[target_feature(enable = "avx512f,avx512vl,avx512ifma,avx2,bmi2")]
pub(crate) unsafe fn permute<I: Instance>(state: &mut RawState, rounds: Range<usize>) {
    permute_interleaved::<I, IfmaMixed>(core::slice::from_mut(state), rounds);
}

/// The S-boxes (`inverse`: `x^(1/7)`, else `x^7`) of one state as
/// [`permute`] runs them, for the tests.
///
/// # Safety
/// As [`permute`].
#[cfg(test)]
#[target_feature(enable = "avx512f,avx512vl,avx512ifma,avx2,bmi2")]
pub(crate) unsafe fn sboxes(state: &RawState, inverse: bool) -> RawState {
    let mut states = [*state];
    IfmaMixed::sboxes(&mut states, inverse);
    states[0]
}
