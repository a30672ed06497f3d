//! Plonky3 adapter (feature `plonky3`, p3-symmetric / p3-goldilocks 0.8):
//! [`Tip5`] as `p3_symmetric`'s `CryptographicPermutation` over
//! `p3_goldilocks::Goldilocks` (one element per cell, or any packing:
//! `Goldilocks::Packing`, `[Goldilocks; N]`), so Plonky3's
//! `PaddingFreeSponge`, `TruncatedPermutation` and `MerkleTreeMmcs` take
//! it; a packed state is permuted by our own lanes
//! ([`algebraic_hash::permute_packed`]). Tip5's own modes with Plonky3's
//! types: `CryptographicHasher` = [`Tip5::hash_varlen`] and
//! `PseudoCompressionFunction<_, 2>` = [`Tip5::hash_pair`] on
//! `[Goldilocks; 5]` digests (twenty-first's answers, which Plonky3's
//! generic sponge over this permutation does not give: Tip5 pads and
//! starts from its own domain).

extern crate alloc;
use alloc::vec::Vec;

use algebraic_hash_rescue::plonky3::{from_goldilocks, to_goldilocks};
use p3_field::PackedValue;
use p3_goldilocks::Goldilocks;
use p3_symmetric::{
    CryptographicHasher, CryptographicPermutation, Permutation, PseudoCompressionFunction,
};

use crate::{Digest, STATE_SIZE, Tip5};

impl<P: PackedValue<Value = Goldilocks>> Permutation<[P; STATE_SIZE]> for Tip5 {
    fn permute_mut(&self, state: &mut [P; STATE_SIZE]) {
        algebraic_hash::permute_packed(self, state, from_goldilocks, to_goldilocks);
    }
}

impl<P: PackedValue<Value = Goldilocks>> CryptographicPermutation<[P; STATE_SIZE]> for Tip5 {}

impl CryptographicHasher<Goldilocks, [Goldilocks; Digest::LEN]> for Tip5 {
    fn hash_iter<I: IntoIterator<Item = Goldilocks>>(&self, input: I) -> [Goldilocks; Digest::LEN] {
        let elements: Vec<_> = input.into_iter().map(from_goldilocks).collect();
        Tip5::hash_varlen(&elements).values().map(to_goldilocks)
    }
}

impl PseudoCompressionFunction<[Goldilocks; Digest::LEN], 2> for Tip5 {
    fn compress(&self, input: [[Goldilocks; Digest::LEN]; 2]) -> [Goldilocks; Digest::LEN] {
        let [left, right] = input.map(|d| Digest::new(d.map(from_goldilocks)));
        Tip5::hash_pair(left, right).values().map(to_goldilocks)
    }
}
