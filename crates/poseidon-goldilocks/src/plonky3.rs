//! Plonky3 adapter (feature `plonky3`, p3-symmetric / p3-goldilocks 0.8):
//! Plonky2's [`Poseidon`] as `p3_symmetric`'s `CryptographicPermutation`
//! over `p3_goldilocks::Goldilocks` (one element per cell, or any packing:
//! `Goldilocks::Packing`, `[Goldilocks; N]`); a packed state is permuted by
//! our own lanes ([`algebraic_hash::permute_packed`]).
//!
//! Plonky3's generic blocks over it compute Plonky2's hashes:
//! `PaddingFreeSponge<Poseidon, 12, 8, 4>` is
//! [`PoseidonHash::hash_no_pad`](crate::PoseidonHash::hash_no_pad) (rate
//! overwritten, zero start, the first four cells out) and
//! `TruncatedPermutation<Poseidon, 2, 4, 12>` is
//! [`PoseidonHash::two_to_one`](crate::PoseidonHash::two_to_one), so a
//! Plonky3 `MerkleTreeMmcs` built from them commits as Plonky2 hashes
//! (`tests/plonky3.rs` checks both against plonky2's answers).

use algebraic_hash_rescue::plonky3::{from_goldilocks, to_goldilocks};
use p3_field::PackedValue;
use p3_goldilocks::Goldilocks;
use p3_symmetric::{CryptographicPermutation, Permutation};

use crate::{Poseidon, SPONGE_WIDTH};

impl<P: PackedValue<Value = Goldilocks>> Permutation<[P; SPONGE_WIDTH]> for Poseidon {
    fn permute_mut(&self, state: &mut [P; SPONGE_WIDTH]) {
        algebraic_hash::permute_packed(self, state, from_goldilocks, to_goldilocks);
    }
}

impl<P: PackedValue<Value = Goldilocks>> CryptographicPermutation<[P; SPONGE_WIDTH]> for Poseidon {}
