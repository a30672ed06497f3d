#![doc = include_str!("../README.md")]
#![no_std]
#![cfg_attr(docsrs, feature(doc_cfg))]
#![deny(unsafe_code)]

#[cfg(feature = "alloc")]
extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

mod arch;
pub mod constants;
mod digest;
mod mds;
#[cfg(feature = "alloc")]
#[cfg_attr(docsrs, doc(cfg(feature = "alloc")))]
pub mod merkle;
#[cfg(feature = "alloc")]
#[cfg_attr(docsrs, doc(cfg(feature = "alloc")))]
pub mod mmr;
mod permutation;
#[cfg(feature = "plonky3")]
#[cfg_attr(docsrs, doc(cfg(feature = "plonky3")))]
pub mod plonky3;

use algebraic_hash::{Compression, Hasher, Permutation};
pub use algebraic_hash_rescue::Felt;

pub use digest::Digest;

/// Field elements in the state.
pub const STATE_SIZE: usize = 16;
/// Cells that take the split-and-lookup S-box (the first four).
pub const NUM_SPLIT_AND_LOOKUP: usize = 4;
/// Elements absorbed per permutation (the first ten cells).
pub const RATE: usize = 10;
/// Capacity cells (the last six).
pub const CAPACITY: usize = 6;
/// Rounds of the permutation.
pub const NUM_ROUNDS: usize = 5;

/// How the capacity starts (twenty-first's `Domain`): zeros for
/// variable-length input ([`Tip5::hash_varlen`]), ones for fixed-length
/// input ([`Tip5::hash_10`], [`Tip5::hash_pair`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Domain {
    /// Capacity all zeros.
    VariableLength,
    /// Capacity all ones.
    FixedLength,
}

impl Domain {
    /// The initial state of this domain: rate cells zero, capacity cells 0
    /// or 1.
    pub const fn initial_state(self) -> [Felt; STATE_SIZE] {
        let capacity = match self {
            Self::VariableLength => Felt::ZERO,
            Self::FixedLength => Felt::ONE,
        };
        let mut state = [Felt::ZERO; STATE_SIZE];
        let mut i = RATE;
        while i < STATE_SIZE {
            state[i] = capacity;
            i += 1;
        }
        state
    }
}

/// Tip5 over Goldilocks as Triton VM and Neptune Cash use it (twenty-first
/// 3.1's `Tip5`): width 16, rate 10, 5 rounds, digests of 5 elements.
///
/// A unit value: the traits ([`Permutation`] on `[Felt; 16]`, [`Hasher`]
/// = [`Tip5::hash_varlen`], [`Compression`] = [`Tip5::hash_pair`]) and the
/// inherent functions with twenty-first's names use the same code.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Tip5;

/// The Tip5 instance as a value (same as `Tip5`).
pub const TIP5: Tip5 = Tip5;

impl Tip5 {
    /// The CLI's name of this instance.
    pub const NAME: &'static str = "tip5";

    /// The permutation, in place (twenty-first's `Tip5::permutation` on a
    /// sponge's state).
    #[inline]
    pub fn permutation(state: &mut [Felt; STATE_SIZE]) {
        let mut raw = state.map(Felt::to_u64);
        permutation::permute(&mut raw);
        *state = raw.map(Felt::from_u64_reduced);
    }

    /// Hashes exactly ten elements: they fill the rate, the capacity is all
    /// ones ([`Domain::FixedLength`]), one permutation, the first five cells
    /// out. No padding.
    pub fn hash_10(input: &[Felt; RATE]) -> [Felt; Digest::LEN] {
        let mut state = Domain::FixedLength.initial_state();
        state[..RATE].copy_from_slice(input);
        Self::permutation(&mut state);
        core::array::from_fn(|i| state[i])
    }

    /// Hashes two digests together: [`Tip5::hash_10`] of their
    /// concatenation (the Merkle tree node of Triton VM).
    pub fn hash_pair(left: Digest, right: Digest) -> Digest {
        // On raw words: only the digest's five cells are read back.
        let mut state = raw_pair_state(&left, &right);
        permutation::permute(&mut state);
        raw_digest(&state)
    }

    /// Hashes any number of elements: capacity all zeros
    /// ([`Domain::VariableLength`]); the input, followed by a 1 and then
    /// zeros up to the next multiple of 10 (always at least the 1), is
    /// written over the rate ten elements at a time, each block followed
    /// by one permutation; the digest is the first five cells.
    pub fn hash_varlen(input: &[Felt]) -> Digest {
        // The blocks as raw words, up to `CHUNK` per absorption (the
        // AVX-512 backend keeps the state in registers within one).
        const CHUNK: usize = 16;
        let mut state = Domain::VariableLength.initial_state().map(Felt::to_u64);
        let mut buffer = [[0u64; RATE]; CHUNK];
        let mut blocks = input.chunks_exact(RATE);
        let rest = blocks.remainder();
        loop {
            let mut n = 0;
            for (raw, block) in buffer.iter_mut().zip(&mut blocks) {
                for (word, x) in raw.iter_mut().zip(block) {
                    *word = x.to_u64();
                }
                n += 1;
            }
            if n < CHUNK {
                // The last block: the rest of the input, a 1, zeros.
                let last = &mut buffer[n];
                last.fill(0);
                for (word, x) in last.iter_mut().zip(rest) {
                    *word = x.to_u64();
                }
                last[rest.len()] = 1;
                permutation::absorb(&mut state, &buffer[..=n]);
                return raw_digest(&state);
            }
            permutation::absorb(&mut state, &buffer);
        }
    }
}

/// The state [`Tip5::hash_pair`] permutes, as raw words: the two digests,
/// then the capacity of [`Domain::FixedLength`] (ones).
#[inline]
fn raw_pair_state(left: &Digest, right: &Digest) -> [u64; STATE_SIZE] {
    let mut state = Domain::FixedLength.initial_state().map(Felt::to_u64);
    for (cell, x) in state.iter_mut().zip(left.0.iter().chain(&right.0)) {
        *cell = x.to_u64();
    }
    state
}

/// The digest (the first five cells) of a permuted raw state.
#[inline]
fn raw_digest(state: &[u64; STATE_SIZE]) -> Digest {
    Digest::new(core::array::from_fn(|i| Felt::from_u64_reduced(state[i])))
}

impl Permutation<[Felt; STATE_SIZE]> for Tip5 {
    #[inline]
    fn permute_mut(&self, state: &mut [Felt; STATE_SIZE]) {
        Self::permutation(state);
    }

    /// Groups of eight states on AVX-512 IFMA/VBMI where the CPU has it,
    /// else on the packed lanes of this CPU (eight on AVX-512, four on
    /// AVX2), the rest one at a time.
    fn permute_many(&self, states: &mut [[Felt; STATE_SIZE]]) {
        permutation::permute_many(states);
    }
}

impl Hasher<Felt> for Tip5 {
    type Digest = Digest;

    /// [`Tip5::hash_varlen`].
    #[inline]
    fn hash_elements(&self, input: &[Felt]) -> Digest {
        Self::hash_varlen(input)
    }
}

impl Compression<Digest, 2> for Tip5 {
    /// [`Tip5::hash_pair`].
    #[inline]
    fn compress(&self, input: [Digest; 2]) -> Digest {
        Self::hash_pair(input[0], input[1])
    }

    /// [`Tip5::hash_pair`] of each pair, through the batch permutation
    /// of [`Permutation::permute_many`] in groups of 32 (on raw words: only
    /// the digests' five cells are read back).
    fn compress_many(&self, inputs: &[[Digest; 2]], outputs: &mut [Digest]) {
        assert_eq!(inputs.len(), outputs.len(), "one output per input");
        const GROUP: usize = 32;
        let mut states = [[0u64; STATE_SIZE]; GROUP];
        for (inputs, outputs) in inputs.chunks(GROUP).zip(outputs.chunks_mut(GROUP)) {
            let states = &mut states[..inputs.len()];
            for (state, [left, right]) in states.iter_mut().zip(inputs) {
                *state = raw_pair_state(left, right);
            }
            permutation::permute_many_raw(states);
            for (out, state) in outputs.iter_mut().zip(states.iter()) {
                *out = raw_digest(state);
            }
        }
    }
}
