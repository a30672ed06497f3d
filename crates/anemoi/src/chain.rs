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
//!   pipeline; eight inputs run as one group of AVX-512 IFMA lanes where the
//!   CPU has them (the chain is written once over the core's `FieldOps`).

use algebraic_hash_montgomery::{
    Arith, Backend, FieldOps, Kernel, LaneField, LaneKernel, MontParams, dispatch, dispatch_lanes,
};
use ark_ff::{BigInt, Fp, MontBackend, MontConfig};

use crate::constants::{Chain, NONE};

/// Most registers a chain may use (checked by a test on every field).
pub(crate) const MAX_REGISTERS: usize = 24;

/// Runs `chain` on each of the `LANES` inputs, in place, step by step across
/// the lanes: eight inputs on the hardware lanes of this CPU (AVX-512 IFMA)
/// when it has them, else with the fastest scalar backend.
#[inline(always)]
pub(crate) fn exp_chain<C: LaneField<N>, const N: usize, const LANES: usize>(
    xs: &mut [Fp<MontBackend<C, N>, N>; LANES],
    chain: &Chain,
) {
    let kernel = ChainKernel { xs, chain };
    let kernel = if LANES == 8 {
        match dispatch_lanes::<C, N, _>(kernel) {
            Ok(()) => return,
            Err(kernel) => kernel,
        }
    } else {
        kernel
    };
    dispatch(kernel);
}

/// [`exp_chain`] as a [`Kernel`] (scalar: one element per input) and a
/// [`LaneKernel`] (eight inputs in one group of lanes) for the core's
/// dispatch.
pub(crate) struct ChainKernel<'a, C: MontConfig<N>, const N: usize, const LANES: usize> {
    pub xs: &'a mut [Fp<MontBackend<C, N>, N>; LANES],
    pub chain: &'a Chain,
}

impl<C: MontConfig<N>, const N: usize, const LANES: usize> Kernel<N>
    for ChainKernel<'_, C, N, LANES>
{
    type Output = ();
    #[inline(always)]
    fn run<B: Backend<N>>(self, backend: B) {
        let f = Arith::<C, B, N>::new(backend);
        let mut regs: [[[u64; N]; LANES]; MAX_REGISTERS] = [[[0; N]; LANES]; MAX_REGISTERS];
        for (lane, x) in self.xs.iter().enumerate() {
            regs[0][lane] = (x.0).0;
        }
        let last = run::<C, _, N, LANES>(f, &mut regs, self.chain);
        for (lane, x) in self.xs.iter_mut().enumerate() {
            *x = Fp::new_unchecked(BigInt(regs[last][lane]));
        }
    }
}

impl<C: MontConfig<N>, const N: usize, const LANES: usize> LaneKernel<N>
    for ChainKernel<'_, C, N, LANES>
{
    type Output = ();
    #[inline(always)]
    fn run<A: FieldOps<N>>(self, f: A) {
        assert_eq!(LANES, A::LANES, "one group of lanes");
        let xs = &*self.xs;
        let mut regs = [[f.load(|k| (xs[k].0).0)]; MAX_REGISTERS];
        let last = run::<C, _, N, 1>(f, &mut regs, self.chain);
        f.store(&regs[last][0], |k, l| {
            self.xs[k] = Fp::new_unchecked(BigInt(l));
        });
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
    Kernel::run(ChainKernel { xs, chain }, backend);
}

/// The chain on `G` groups in registers (`regs[0]` holds the input);
/// returns the register of the result, below p.
#[inline(always)]
fn run<C: MontConfig<N>, A: FieldOps<N>, const N: usize, const G: usize>(
    f: A,
    regs: &mut [[A::Elem; G]; MAX_REGISTERS],
    chain: &Chain,
) -> usize {
    debug_assert!(chain.registers <= MAX_REGISTERS);
    // Values stay below 2p on lazy fields and below p on the others.
    let settle = |r: A::Elem| if C::LAZY { r } else { f.reduce(&r) };
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
    for v in regs[last].iter_mut() {
        *v = f.reduce(v);
    }
    last
}
