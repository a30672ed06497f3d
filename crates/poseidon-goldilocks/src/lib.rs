#![doc = include_str!("../README.md")]
#![no_std]
#![cfg_attr(docsrs, feature(doc_cfg))]
#![forbid(unsafe_code)]

#[cfg(feature = "alloc")]
extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

mod constants;
mod mds;
#[cfg(feature = "alloc")]
#[cfg_attr(docsrs, doc(cfg(feature = "alloc")))]
pub mod merkle;
mod permutation;
#[cfg(feature = "plonky3")]
#[cfg_attr(docsrs, doc(cfg(feature = "plonky3")))]
pub mod plonky3;

use algebraic_hash::{Compression, Hasher, PaddingFreeSponge, Permutation, TruncatedPermutation};

/// The Goldilocks field element (the Rescue crate's: canonical out,
/// checked in).
pub use algebraic_hash_rescue::Felt;
pub use permutation::{HALF_N_FULL_ROUNDS, N_PARTIAL_ROUNDS, N_ROUNDS};

/// Cells of the state.
pub const SPONGE_WIDTH: usize = 12;
/// Cells the sponge overwrites with input (the first eight).
pub const SPONGE_RATE: usize = 8;
/// Cells never written by input.
pub const SPONGE_CAPACITY: usize = 4;
/// Elements of a digest (`HashOut`).
pub const NUM_HASH_OUT_ELTS: usize = 4;

/// A digest: plonky2's `HashOut<GoldilocksField>` (its `elements`).
pub type HashOut = [Felt; NUM_HASH_OUT_ELTS];

/// Plonky2's Poseidon permutation over Goldilocks
/// (`<GoldilocksField as Poseidon>::poseidon`): width 12, `x^7`, 8 full
/// and 22 partial rounds, plonky2's MDS matrix and round constants.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Poseidon;

/// The permutation, as a value.
pub const POSEIDON: Poseidon = Poseidon;

impl Poseidon {
    /// Plonky2's `Poseidon::poseidon(input)`.
    pub fn poseidon(input: [Felt; SPONGE_WIDTH]) -> [Felt; SPONGE_WIDTH] {
        let mut state = input.map(Felt::to_u64);
        permutation::permute_raw(&mut state);
        state.map(Felt::from_u64_reduced)
    }

    /// Plonky2's `Poseidon::poseidon_naive(input)`: every partial round
    /// with its own constants and the whole MDS matrix (the definition;
    /// same result as [`Poseidon::poseidon`], slower).
    pub fn poseidon_naive(input: [Felt; SPONGE_WIDTH]) -> [Felt; SPONGE_WIDTH] {
        let mut state = input.map(Felt::to_u64);
        permutation::permute_naive(&mut state);
        state.map(Felt::from_u64_reduced)
    }
}

impl Permutation<[Felt; SPONGE_WIDTH]> for Poseidon {
    fn permute_mut(&self, state: &mut [Felt; SPONGE_WIDTH]) {
        *state = Self::poseidon(*state);
    }

    /// Groups of states on the packed lanes of this CPU (eight on
    /// AVX-512, four on AVX2; `algebraic_hash_rescue::lanes`), the rest one
    /// at a time.
    fn permute_many(&self, states: &mut [[Felt; SPONGE_WIDTH]]) {
        algebraic_hash_rescue::lanes::apply_many_felts(&permutation::Rounds, states);
    }
}

/// Plonky2's `hash_no_pad` as a sponge: overwrite mode, rate 8, capacity 4,
/// a zeroed start, the first four cells out (plonky2's
/// `PaddingFreeSponge`-style `hash_n_to_hash_no_pad`).
type Sponge = PaddingFreeSponge<Poseidon, SPONGE_WIDTH, SPONGE_RATE, NUM_HASH_OUT_ELTS>;
/// Plonky2's `compress`: the two digests in cells 0..8 of a zeroed state,
/// the first four cells out.
type Compress = TruncatedPermutation<Poseidon, 2, NUM_HASH_OUT_ELTS, SPONGE_WIDTH>;

/// Plonky2's `PoseidonHash` over Goldilocks: [`PoseidonHash::hash_no_pad`]
/// (its [`Hasher`]), [`PoseidonHash::hash_or_noop`],
/// [`PoseidonHash::two_to_one`] (its [`Compression`]) and
/// [`PoseidonHash::hash_pad`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PoseidonHash;

/// The hasher, as a value (`hash_elements` = `hash_no_pad`, `compress` =
/// `two_to_one`).
pub const POSEIDON_HASH: PoseidonHash = PoseidonHash;

/// [`PoseidonHash::hash_or_noop`] as a [`Hasher`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HashOrNoop;

/// [`HashOrNoop`], as a value.
pub const HASH_OR_NOOP: HashOrNoop = HashOrNoop;

impl PoseidonHash {
    /// Plonky2's `hash_no_pad`: the inputs overwrite cells 0..8 of a zeroed
    /// state, eight at a time (a last shorter chunk overwrites its first
    /// cells and keeps the rest), with a permutation after each chunk; the
    /// digest is cells 0..4. The empty input is the zero digest (no
    /// permutation). No padding: inputs that differ only by trailing zeros
    /// within their last chunk collide, as in plonky2.
    pub fn hash_no_pad(input: &[Felt]) -> HashOut {
        Sponge::new(POSEIDON).hash_elements(input)
    }

    /// Plonky2's `hash_n_to_m_no_pad`: as [`PoseidonHash::hash_no_pad`],
    /// but `output.len()` elements, squeezed eight at a time with a
    /// permutation between.
    pub fn hash_n_to_m_no_pad(input: &[Felt], output: &mut [Felt]) {
        let mut state = [Felt::ZERO; SPONGE_WIDTH];
        for chunk in input.chunks(SPONGE_RATE) {
            state[..chunk.len()].copy_from_slice(chunk);
            POSEIDON.permute_mut(&mut state);
        }
        let mut blocks = output.chunks_mut(SPONGE_RATE).peekable();
        while let Some(block) = blocks.next() {
            block.copy_from_slice(&state[..block.len()]);
            if blocks.peek().is_some() {
                POSEIDON.permute_mut(&mut state);
            }
        }
    }

    /// Plonky2's `hash_or_noop`: up to four elements are the digest
    /// themselves (zero-filled); more are hashed with
    /// [`PoseidonHash::hash_no_pad`].
    pub fn hash_or_noop(input: &[Felt]) -> HashOut {
        if input.len() <= NUM_HASH_OUT_ELTS {
            let mut out = [Felt::ZERO; NUM_HASH_OUT_ELTS];
            out[..input.len()].copy_from_slice(input);
            out
        } else {
            Self::hash_no_pad(input)
        }
    }

    /// Plonky2's `hash_pad`: the input with plonky2's `pad10*1` (a one,
    /// zeros, a one, to a multiple of the rate), then
    /// [`PoseidonHash::hash_no_pad`]. Computed block by block, without
    /// copying the input.
    pub fn hash_pad(input: &[Felt]) -> HashOut {
        // Padded length: the smallest multiple of 8 that holds input + 2.
        let padded = (input.len() + 2).div_ceil(SPONGE_RATE) * SPONGE_RATE;
        let element = |i: usize| match i {
            i if i < input.len() => input[i],
            i if i == input.len() || i == padded - 1 => Felt::ONE,
            _ => Felt::ZERO,
        };
        let mut state = [Felt::ZERO; SPONGE_WIDTH];
        for start in (0..padded).step_by(SPONGE_RATE) {
            for (k, cell) in state[..SPONGE_RATE].iter_mut().enumerate() {
                *cell = element(start + k);
            }
            POSEIDON.permute_mut(&mut state);
        }
        core::array::from_fn(|i| state[i])
    }

    /// Plonky2's `two_to_one` (`compress`): `left` in cells 0..4, `right`
    /// in cells 4..8 of a zeroed state, permuted, cells 0..4 out.
    pub fn two_to_one(left: HashOut, right: HashOut) -> HashOut {
        Compress::new(POSEIDON).compress([left, right])
    }
}

impl Hasher<Felt> for PoseidonHash {
    type Digest = HashOut;
    /// [`PoseidonHash::hash_no_pad`].
    fn hash_elements(&self, input: &[Felt]) -> HashOut {
        Self::hash_no_pad(input)
    }
}

impl Compression<HashOut, 2> for PoseidonHash {
    /// [`PoseidonHash::two_to_one`].
    fn compress(&self, [left, right]: [HashOut; 2]) -> HashOut {
        Self::two_to_one(left, right)
    }

    /// Through [`Poseidon`]'s `permute_many`.
    fn compress_many(&self, inputs: &[[HashOut; 2]], outputs: &mut [HashOut]) {
        Compress::new(POSEIDON).compress_many(inputs, outputs);
    }
}

impl Hasher<Felt> for HashOrNoop {
    type Digest = HashOut;
    /// [`PoseidonHash::hash_or_noop`].
    fn hash_elements(&self, input: &[Felt]) -> HashOut {
        PoseidonHash::hash_or_noop(input)
    }
}

/// A state from plain values: a wrong count is
/// [`algebraic_hash::Error::WrongLength`], a value `≥ p`
/// [`algebraic_hash::Error::NotCanonical`].
pub fn state_from_u64s(values: &[u64]) -> Result<[Felt; SPONGE_WIDTH], algebraic_hash::Error> {
    if values.len() != SPONGE_WIDTH {
        return Err(algebraic_hash::Error::WrongLength {
            what: "permutation state",
            expected: SPONGE_WIDTH,
            found: values.len(),
        });
    }
    let mut state = [Felt::ZERO; SPONGE_WIDTH];
    for (cell, &v) in state.iter_mut().zip(values) {
        *cell = Felt::try_from(v)?;
    }
    Ok(state)
}
