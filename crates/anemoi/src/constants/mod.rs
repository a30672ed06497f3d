//! Constant tables, one generated file per field
//! (`scripts/anemoi/generate.py constants`).
//!
//! Every value is stored as the Montgomery-form limbs arkworks keeps inside
//! its `Fp` (`Fp::new_unchecked(BigInt(limbs))`), so the tables cost the
//! compiler a few array copies instead of thousands of `MontFp!` evaluations.

use ark_ff::{BigInt, Fp, MontBackend, MontConfig};

use crate::version::Version;

/// The column counts of the tables, in the order of [`Tables`]' arrays.
pub(crate) const COLUMNS: [usize; 5] = [1, 2, 3, 4, 6];

/// One field's round constants: for each column count of [`COLUMNS`], the
/// C and D tables of crypto2023 (`rounds · columns` each, round-major), and
/// the round count of eprint2022, whose constants are the first rounds of
/// the same tables (the generator checks it).
pub(crate) struct Tables<F: 'static> {
    pub(crate) c: [&'static [F]; 5],
    pub(crate) d: [&'static [F]; 5],
    pub(crate) rounds_eprint2022: [usize; 5],
}

impl<F> Tables<F> {
    /// The round constants (C, D) of `version` with `columns` columns, or
    /// `None` for a column count Anemoi does not define.
    pub(crate) fn round_constants(
        &'static self,
        version: Version,
        columns: usize,
    ) -> Option<(&'static [F], &'static [F])> {
        let i = COLUMNS.iter().position(|&c| c == columns)?;
        let (c, d) = (self.c[i], self.d[i]);
        let len = match version {
            Version::Crypto2023 => c.len(),
            Version::Eprint2022 => self.rounds_eprint2022[i] * columns,
        };
        Some((&c[..len], &d[..len]))
    }
}

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

#[cfg(feature = "bls12-377-fq")]
pub(crate) mod bls12_377;
#[cfg(feature = "bls12-381-fq")]
pub(crate) mod bls12_381;
#[cfg(feature = "bn254-fq")]
pub(crate) mod bn254;
#[cfg(feature = "bn254-fr")]
pub(crate) mod bn254_fr;
#[cfg(feature = "bls12-377-fr")]
pub(crate) mod ed_on_bls12_377;
#[cfg(feature = "bls12-381-fr")]
pub(crate) mod jubjub;
#[cfg(feature = "pallas-fq")]
pub(crate) mod pallas;
#[cfg(feature = "pallas-fr")]
pub(crate) mod vesta;
