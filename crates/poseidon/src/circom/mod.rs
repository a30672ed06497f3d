//! Poseidon over BN254 with circomlib's parameters, for every circomlib width
//! t = 2..17.
//!
//! This is the hash of circomlib's `Poseidon(nInputs)` / `PoseidonEx` circuits
//! and of circomlibjs' `poseidon(inputs, initState, nOut)`: x^5 S-box,
//! RF = 8 full rounds, RP partial rounds as in [`ROUNDS_P`], the round
//! constants and Cauchy MDS matrices of circomlibjs' `poseidon_constants*.js`
//! (generated there with the Grain LFSR script of the Poseidon authors).
//! The state is `[initState, inputs...]` (capacity first, 0 by default) and
//! the hash is element 0 of the permuted state.
//!
//! The permutation runs in the optimized form of circomlibjs'
//! `poseidon_opt.js` (after Neptune): full rounds with the MDS matrix, one
//! dense "pre-sparse" matrix before the partial rounds, then each partial
//! round with a single S-box and a sparse matrix (one dense row, one column).
//! Its constants are circomlibjs' `poseidon_constants_opt.js`, written as
//! Montgomery limbs into `tables.rs` by `scripts/poseidon-circom/gen-constants.mjs`.

use algebraic_hash::{Compression, Error, Hasher, Permutation};
use ark_ff::{BigInt, Zero};

use crate::Fr;
use crate::field::{fr_from_be_bytes, fr_from_str, fr_to_le_bytes};
use crate::mont::{self, Limbs, Wide};

#[rustfmt::skip]
mod tables;

#[cfg(test)]
mod reference;
#[cfg(test)]
#[rustfmt::skip]
mod reference_tables;
#[cfg(test)]
mod tests_support;

/// Full rounds of every width (4 before and 4 after the partial rounds).
pub const ROUNDS_F: usize = 8;

/// Partial rounds for t = 2..17 (`ROUNDS_P[t - 2]`), as in circomlib.
pub const ROUNDS_P: [usize; 16] = [
    56, 57, 56, 60, 60, 63, 64, 63, 60, 66, 60, 65, 70, 60, 64, 68,
];

/// Smallest circomlib width (one input).
pub const MIN_WIDTH: usize = 2;
/// Largest circomlib width (sixteen inputs).
pub const MAX_WIDTH: usize = 17;
/// Largest number of inputs of [`poseidon`].
pub const MAX_INPUTS: usize = MAX_WIDTH - 1;

/// An element from its Montgomery-form limbs (the generated tables' format).
const fn f(limbs: [u64; 4]) -> Fr {
    Fr::new_unchecked(BigInt::new(limbs))
}

/// One sparse partial-round matrix: the new element 0 is `row · state`; for
/// `k ≥ 1` the new element k is `state[k] + col[k] · state[0]` (`col[0]` is
/// unused and zero).
pub(crate) struct Sparse<const T: usize> {
    row: [Fr; T],
    col: [Fr; T],
}

/// The optimized-form constants of one width.
pub(crate) struct Tables<const T: usize> {
    /// Row 0 is added before round 0; rows 1..=4 after the S-boxes of the
    /// first four full rounds; rows 5..=7 after the S-boxes of the first
    /// three of the last four full rounds (the last round adds none).
    full: &'static [[Fr; T]; ROUNDS_F],
    /// Added to element 0 after the S-box of each partial round.
    partial: &'static [Fr],
    /// The matrix of each partial round.
    sparse: &'static [Sparse<T>],
    /// The MDS matrix, row-major: `mds[i][j]` is the weight of input j in
    /// output i.
    mds: [[Fr; T]; T],
    /// The dense matrix of the last full round before the partial rounds.
    pre_sparse: [[Fr; T]; T],
}

/// Adds round constants to every element.
#[inline(always)]
fn add_constants<const T: usize>(state: &mut [Limbs; T], constants: &[Fr; T]) {
    for (x, c) in state.iter_mut().zip(constants) {
        *x = mont::add(x, &mont::limbs(c));
    }
}

/// `state ← matrix · state`, one reduction per output element.
#[inline(always)]
fn mix<const T: usize>(state: &mut [Limbs; T], matrix: &[[Fr; T]; T]) {
    let input = *state;
    for (out, row) in state.iter_mut().zip(matrix) {
        let mut acc: Wide = [0; 8];
        for (w, x) in row.iter().zip(&input) {
            mont::mac_wide(&mut acc, &mont::limbs(w), x);
        }
        *out = mont::reduce_dot(mont::redc(acc), T);
    }
}

/// A full round: S-box on every element, constants (none in the last
/// round), matrix.
#[inline(always)]
fn full_round<const T: usize>(
    state: &mut [Limbs; T],
    constants: Option<&[Fr; T]>,
    matrix: &[[Fr; T]; T],
) {
    for x in state.iter_mut() {
        *x = mont::pow5(x);
    }
    if let Some(c) = constants {
        add_constants(state, c);
    }
    mix(state, matrix);
}

/// The permutation in circomlibjs' optimized form, on Montgomery limbs
/// (every intermediate value stays below p).
fn permute<const T: usize>(state: &mut [Fr; T], tables: &Tables<T>) {
    let mut s: [Limbs; T] = state.map(|x| mont::limbs(&x));
    add_constants(&mut s, &tables.full[0]);
    for r in 0..ROUNDS_F / 2 {
        let matrix = if r + 1 < ROUNDS_F / 2 {
            &tables.mds
        } else {
            &tables.pre_sparse
        };
        full_round(&mut s, Some(&tables.full[r + 1]), matrix);
    }
    for (c, sparse) in tables.partial.iter().zip(tables.sparse) {
        // The S-box output and its constant are not reduced: s0 < 2.4p.
        let s0 = mont::add_lazy(&mont::pow5_lazy(&s[0]), &mont::limbs(c));
        let mut acc: Wide = [0; 8];
        for (w, x) in sparse.row.iter().zip(&s).skip(1) {
            mont::mac_wide(&mut acc, &mont::limbs(w), x);
        }
        mont::mac_wide(&mut acc, &mont::limbs(&sparse.row[0]), &s0);
        for (x, w) in s.iter_mut().zip(&sparse.col).skip(1) {
            // w < p, s0 < 3p: the product is below 3p², `mul` reduces fully.
            *x = mont::add(x, &mont::mul(&mont::limbs(w), &s0));
        }
        // The sum is below (T - 1 + 3) p² (≤ 19 p²).
        s[0] = mont::reduce_dot(mont::redc(acc), T + 2);
    }
    for r in 0..ROUNDS_F / 2 {
        let constants = tables.full.get(ROUNDS_F / 2 + 1 + r);
        full_round(&mut s, constants, &tables.mds);
    }
    *state = s.map(mont::from_limbs);
}

/// circomlib's Poseidon permutation of width `T` (2..=17), a zero-sized
/// handle on the constant tables.
///
/// * [`Permutation<[Fr; T]>`](Permutation): the full-state permutation;
/// * [`Compression<Fr, {T - 1}>`](Compression): `permute([0, x...])[0]`,
///   circomlib's layout (capacity first), equal to [`poseidon`] of `x`;
/// * [`Hasher<Fr>`](Hasher): [`poseidon`] of exactly `T - 1` elements.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CircomPoseidon<const T: usize>;

impl<const T: usize> CircomPoseidon<T> {
    /// The permutation of width `T`; fails to compile unless `2 <= T <= 17`.
    pub const fn new() -> Self {
        const {
            assert!(
                T >= MIN_WIDTH && T <= MAX_WIDTH,
                "circomlib widths are 2..=17"
            )
        };
        Self
    }

    /// Number of partial rounds of this width.
    pub const fn rounds_p(&self) -> usize {
        ROUNDS_P[T - MIN_WIDTH]
    }
}

/// Error for a hash input count that does not fit width `t`.
fn wrong_input_count(t: usize, found: usize) -> Error {
    Error::WrongLength {
        what: "circom Poseidon inputs",
        expected: t - 1,
        found,
    }
}

macro_rules! widths {
    ($(($t:literal, $n:literal, $tables:ident)),* $(,)?) => {
        $(
            impl Permutation<[Fr; $t]> for CircomPoseidon<$t> {
                #[inline]
                fn permute_mut(&self, state: &mut [Fr; $t]) {
                    permute(state, &tables::$tables);
                }
            }

            impl Compression<Fr, $n> for CircomPoseidon<$t> {
                #[inline]
                fn compress(&self, input: [Fr; $n]) -> Fr {
                    let mut state = [Fr::zero(); $t];
                    state[1..].copy_from_slice(&input);
                    self.permute_mut(&mut state);
                    state[0]
                }
            }

            impl Hasher<Fr> for CircomPoseidon<$t> {
                type Digest = Fr;

                /// circomlib's `Poseidon(T - 1)` of `input`.
                ///
                /// # Panics
                /// If `input` does not hold exactly `T - 1` elements (the
                /// width fixes the arity); [`CircomPoseidon::hash`] and
                /// [`poseidon`] return an error instead.
                #[inline]
                fn hash_elements(&self, input: &[Fr]) -> Fr {
                    match self.hash(input) {
                        Ok(digest) => digest,
                        Err(e) => panic!("{e}"),
                    }
                }
            }

            impl CircomPoseidon<$t> {
                /// circomlib's `Poseidon(T - 1)`: the first element of the
                /// permuted state `[0, input...]`; `input` must hold exactly
                /// `T - 1` elements.
                #[inline]
                pub fn hash(&self, input: &[Fr]) -> Result<Fr, Error> {
                    let input: [Fr; $n] =
                        input.try_into().map_err(|_| wrong_input_count($t, input.len()))?;
                    Ok(self.compress(input))
                }
            }
        )*

        /// Permutes `state` in place with the width `state.len()`.
        fn permute_dyn(state: &mut [Fr]) -> Result<(), Error> {
            let len = state.len();
            match len {
                $(
                    $t => {
                        let fixed: &mut [Fr; $t] = state.try_into().map_err(|_| width_error(len))?;
                        CircomPoseidon::<$t>::new().permute_mut(fixed);
                        Ok(())
                    }
                )*
                other => Err(width_error(other)),
            }
        }
    };
}

widths!(
    (2, 1, T2),
    (3, 2, T3),
    (4, 3, T4),
    (5, 4, T5),
    (6, 5, T6),
    (7, 6, T7),
    (8, 7, T8),
    (9, 8, T9),
    (10, 9, T10),
    (11, 10, T11),
    (12, 11, T12),
    (13, 12, T13),
    (14, 13, T14),
    (15, 14, T15),
    (16, 15, T16),
    (17, 16, T17),
);

fn width_error(found: usize) -> Error {
    Error::LengthOutOfRange {
        what: "circom Poseidon state",
        min: MIN_WIDTH,
        max: MAX_WIDTH,
        found,
    }
}

fn input_count_error(found: usize) -> Error {
    Error::LengthOutOfRange {
        what: "circom Poseidon inputs",
        min: 1,
        max: MAX_INPUTS,
        found,
    }
}

/// circomlib's `Poseidon(n)` / circomlibjs' `poseidon(inputs)` for
/// `n = inputs.len()` in 1..=16: the width is `n + 1`, the state
/// `[0, inputs...]` is permuted and element 0 is the hash.
///
/// Fails with [`Error::LengthOutOfRange`] for 0 or more than 16 inputs.
pub fn poseidon(inputs: &[Fr]) -> Result<Fr, Error> {
    let mut out = [Fr::zero()];
    poseidon_ex(inputs, Fr::zero(), &mut out)?;
    Ok(out[0])
}

/// circomlib's `PoseidonEx(n, nOuts)` / circomlibjs'
/// `poseidon(inputs, initState, nOut)`: permutes `[init_state, inputs...]`
/// (width `inputs.len() + 1`) and writes its first `out.len()` elements to
/// `out`.
///
/// Fails with [`Error::LengthOutOfRange`] unless `inputs` holds 1..=16
/// elements and `out` 1..=`inputs.len() + 1`.
pub fn poseidon_ex(inputs: &[Fr], init_state: Fr, out: &mut [Fr]) -> Result<(), Error> {
    let t = inputs.len() + 1;
    if !(1..=MAX_INPUTS).contains(&inputs.len()) {
        return Err(input_count_error(inputs.len()));
    }
    if !(1..=t).contains(&out.len()) {
        return Err(Error::LengthOutOfRange {
            what: "circom Poseidon outputs",
            min: 1,
            max: t,
            found: out.len(),
        });
    }
    let mut state = [Fr::zero(); MAX_WIDTH];
    state[0] = init_state;
    state[1..t].copy_from_slice(inputs);
    permute_dyn(&mut state[..t])?;
    out.copy_from_slice(&state[..out.len()]);
    Ok(())
}

/// The full-state permutation of width `state.len()` (2..=17), in place;
/// element 0 is the capacity (circomlibjs' `initState`).
///
/// Fails with [`Error::LengthOutOfRange`] for other lengths.
pub fn permute_state(state: &mut [Fr]) -> Result<(), Error> {
    permute_dyn(state)
}

/// [`poseidon`] of elements written in decimal or `0x`-hex.
///
/// Fails with the parsing error of the first bad element
/// ([`Error::MalformedNumber`], or [`Error::NotCanonical`] for a value ≥ p:
/// inputs are never reduced), or as [`poseidon`] for a bad count.
pub fn poseidon_strs<S: AsRef<str>>(inputs: &[S]) -> Result<Fr, Error> {
    if !(1..=MAX_INPUTS).contains(&inputs.len()) {
        return Err(input_count_error(inputs.len()));
    }
    let mut elements = [Fr::zero(); MAX_INPUTS];
    for (x, text) in elements.iter_mut().zip(inputs) {
        *x = fr_from_str(text.as_ref())?;
    }
    poseidon(&elements[..inputs.len()])
}

/// [`poseidon`] of 32-byte big-endian elements (the encoding of circom,
/// Solidity and light-poseidon's `hash_bytes_be`), with the hash in the same
/// encoding.
///
/// Fails with [`Error::WrongLength`] for an input that is not 32 bytes,
/// [`Error::NotCanonical`] for a value ≥ p (inputs are never reduced), or as
/// [`poseidon`] for a bad count.
pub fn poseidon_be_bytes<B: AsRef<[u8]>>(inputs: &[B]) -> Result<[u8; 32], Error> {
    if !(1..=MAX_INPUTS).contains(&inputs.len()) {
        return Err(input_count_error(inputs.len()));
    }
    let mut elements = [Fr::zero(); MAX_INPUTS];
    for (x, bytes) in elements.iter_mut().zip(inputs) {
        *x = fr_from_be_bytes(bytes.as_ref())?;
    }
    let mut out = fr_to_le_bytes(&poseidon(&elements[..inputs.len()])?);
    out.reverse();
    Ok(out)
}
