//! The x^(1/α) addition chains that dominate Anemoi's cost, on the raw limbs
//! of an arkworks `Fp` with the workspace's Montgomery core
//! (`algebraic_hash_montgomery`).
//!
//! The representation is arkworks' own, so a chain reads `x.0.0` and hands
//! back `Fp::new_unchecked`. Two speed-ups over ark-ff's generic
//! `square_in_place`/`mul_assign`:
//! * *lazy reduction*: where 4p < R (every field here but the three 255-bit
//!   ones), products of values below 2p stay below 2p without the final
//!   conditional subtraction, so a chain subtracts once, at its end (the
//!   bounds are those of the core's documentation);
//! * *lanes*: [`exp_chain`] runs the same chain on `LANES` independent
//!   inputs step by step (the columns of one Anemoi round, or the columns of
//!   several states in `permute_many`), so their products overlap in the
//!   pipeline.

use algebraic_hash_montgomery::{Arith, Backend, Kernel, MontParams, dispatch};
use ark_ff::{BigInt, Fp, MontBackend, MontConfig};

use crate::constants::{Chain, NONE};

/// Most registers a chain may use (checked by a test on every field).
pub(crate) const MAX_REGISTERS: usize = 24;

/// Runs `chain` on each of the `LANES` inputs, in place, step by step across
/// the lanes, with the fastest backend this CPU has.
#[inline(always)]
pub(crate) fn exp_chain<C: MontConfig<N>, const N: usize, const LANES: usize>(
    xs: &mut [Fp<MontBackend<C, N>, N>; LANES],
    chain: &Chain,
) {
    dispatch(ChainKernel { xs, chain });
}

/// [`exp_chain`] as a [`Kernel`] for the core's dispatch.
struct ChainKernel<'a, C: MontConfig<N>, const N: usize, const LANES: usize> {
    xs: &'a mut [Fp<MontBackend<C, N>, N>; LANES],
    chain: &'a Chain,
}

impl<C: MontConfig<N>, const N: usize, const LANES: usize> Kernel<N>
    for ChainKernel<'_, C, N, LANES>
{
    type Output = ();
    #[inline(always)]
    fn run<B: Backend<N>>(self, backend: B) {
        run::<C, B, N, LANES>(self.xs, self.chain, Arith::new(backend));
    }
}

/// [`exp_chain`] with a given backend (for the tests).
#[cfg(test)]
pub(crate) fn exp_chain_with<
    C: MontConfig<N>,
    B: Backend<N>,
    const N: usize,
    const LANES: usize,
>(
    backend: B,
    xs: &mut [Fp<MontBackend<C, N>, N>; LANES],
    chain: &Chain,
) {
    run::<C, B, N, LANES>(xs, chain, Arith::new(backend));
}

#[inline(always)]
fn run<C: MontConfig<N>, B: Backend<N>, const N: usize, const LANES: usize>(
    xs: &mut [Fp<MontBackend<C, N>, N>; LANES],
    chain: &Chain,
    f: Arith<C, B, N>,
) {
    debug_assert!(chain.registers <= MAX_REGISTERS);
    // Values stay below 2p on lazy fields and below p on the others.
    let settle = |r: [u64; N]| if C::LAZY { r } else { f.reduce(&r) };
    let mut regs = [[[0u64; N]; LANES]; MAX_REGISTERS];
    for (lane, x) in xs.iter().enumerate() {
        regs[0][lane] = (x.0).0;
    }
    let mut last = 0;
    for &(dst, a, b, k) in chain.steps {
        let (dst, a) = (usize::from(dst), usize::from(a));
        let mut acc = regs[a];
        for _ in 0..k {
            for v in acc.iter_mut() {
                *v = settle(f.square(v));
            }
        }
        if b != NONE {
            let other = &regs[usize::from(b)];
            for (v, w) in acc.iter_mut().zip(other.iter()) {
                *v = settle(f.mul(v, w));
            }
        }
        regs[dst] = acc;
        last = dst;
    }
    for (lane, x) in xs.iter_mut().enumerate() {
        *x = Fp::new_unchecked(BigInt(f.reduce(&regs[last][lane])));
    }
}
