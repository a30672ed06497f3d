//! Constant tables, one generated file per field
//! (`scripts/anemoi/generate.py constants`).
//!
//! Every value is stored as the Montgomery-form limbs arkworks keeps inside
//! its `Fp` (`Fp::new_unchecked(BigInt(limbs))`), so the tables cost the
//! compiler a few array copies instead of thousands of `MontFp!` evaluations.

use ark_ff::{BigInt, Fp, MontBackend, MontConfig};

/// "No multiplication" in a [`Chain`] step.
pub(crate) const NONE: u8 = u8::MAX;

/// A fixed addition chain as a straight-line register program: step
/// `(dst, a, b, k)` sets `reg[dst] = reg[a]^(2^k) · reg[b]` (no product when
/// `b == NONE`); `reg[0]` is the input and the last step's `dst` the result.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Chain {
    /// Registers used (including the input).
    pub(crate) registers: usize,
    /// The steps, in order.
    pub(crate) steps: &'static [(u8, u8, u8, u16)],
}

/// Turns a table of Montgomery-form limbs into field elements at compile time.
pub(crate) const fn fields<C: MontConfig<N>, const N: usize, const K: usize>(
    limbs: &[[u64; N]; K],
) -> [Fp<MontBackend<C, N>, N>; K] {
    let mut out = [Fp::new_unchecked(BigInt([0; N])); K];
    let mut i = 0;
    while i < K {
        out[i] = Fp::new_unchecked(BigInt(limbs[i]));
        i += 1;
    }
    out
}

#[cfg(feature = "bls12-377")]
pub(crate) mod bls12_377;
#[cfg(feature = "bls12-381")]
pub(crate) mod bls12_381;
#[cfg(feature = "bn254")]
pub(crate) mod bn254;
#[cfg(feature = "ed-on-bls12-377")]
pub(crate) mod ed_on_bls12_377;
#[cfg(feature = "jubjub")]
pub(crate) mod jubjub;
#[cfg(feature = "pallas")]
pub(crate) mod pallas;
#[cfg(feature = "vesta")]
pub(crate) mod vesta;
