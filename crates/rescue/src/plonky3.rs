//! Plonky3 adapters (feature `plonky3`, p3-symmetric / p3-goldilocks 0.8):
//! [`Rp64_256`] implements `p3_symmetric`'s traits over this crate's
//! [`Felt`] and over `p3_goldilocks::Goldilocks`, so it plugs into a Plonky3
//! MMCS / Merkle tree or challenger as it is.
//!
//! | trait | state / items | computes |
//! |---|---|---|
//! | `Permutation`, `CryptographicPermutation` | `[Felt; 12]`, `[Goldilocks; 12]` | [`Rp64_256::apply_permutation`] |
//! | `CryptographicHasher` | `Felt` → [`ElementDigest`], `Goldilocks` → `[Goldilocks; 4]` | [`Rp64_256::hash_elements`] (Winterfell's layout: `state[0]` = length, rate `4..12`, digest `4..8`) |
//! | `PseudoCompressionFunction<_, 2>` | [`ElementDigest`], `[Goldilocks; 4]` | [`Rp64_256::merge`] |
//!
//! Plonky3's generic blocks (`PaddingFreeSponge`, `TruncatedPermutation`)
//! put the rate at cells `0..` and read the digest from cell 0, so over this
//! permutation they compute other functions than Winterfell's `hash` and
//! `merge`; use the `CryptographicHasher` / `PseudoCompressionFunction`
//! impls here for Winterfell-compatible digests.
//!
//! `hash_iter` needs the input length before the first permutation
//! (Winterfell writes it into the capacity), so it collects the iterator
//! into a `Vec`: the feature uses `alloc`.

use alloc::vec::Vec;

use p3_field::PrimeField64;
use p3_goldilocks::Goldilocks;
use p3_symmetric::{
    CryptographicHasher, CryptographicPermutation, Permutation, PseudoCompressionFunction,
};

use crate::{DIGEST_SIZE, ElementDigest, Felt, Rp64_256, STATE_WIDTH};

/// `Felt` → Plonky3's Goldilocks.
#[inline]
pub fn to_goldilocks(x: Felt) -> Goldilocks {
    Goldilocks::new(x.to_u64())
}

/// Plonky3's Goldilocks → `Felt` (Plonky3 keeps values non-canonical; they
/// are reduced here).
#[inline]
pub fn from_goldilocks(x: Goldilocks) -> Felt {
    Felt::from_u64_reduced(x.as_canonical_u64())
}

fn digest_to_goldilocks(d: ElementDigest) -> [Goldilocks; DIGEST_SIZE] {
    d.as_elements().map(to_goldilocks)
}

fn digest_from_goldilocks(d: [Goldilocks; DIGEST_SIZE]) -> ElementDigest {
    ElementDigest::new(d.map(from_goldilocks))
}

impl Permutation<[Felt; STATE_WIDTH]> for Rp64_256 {
    #[inline]
    fn permute_mut(&self, state: &mut [Felt; STATE_WIDTH]) {
        Rp64_256::apply_permutation(state);
    }
}

impl CryptographicPermutation<[Felt; STATE_WIDTH]> for Rp64_256 {}

impl Permutation<[Goldilocks; STATE_WIDTH]> for Rp64_256 {
    #[inline]
    fn permute_mut(&self, state: &mut [Goldilocks; STATE_WIDTH]) {
        let mut ours = state.map(from_goldilocks);
        Rp64_256::apply_permutation(&mut ours);
        *state = ours.map(to_goldilocks);
    }
}

impl CryptographicPermutation<[Goldilocks; STATE_WIDTH]> for Rp64_256 {}

impl CryptographicHasher<Felt, ElementDigest> for Rp64_256 {
    fn hash_iter<I: IntoIterator<Item = Felt>>(&self, input: I) -> ElementDigest {
        let elements: Vec<Felt> = input.into_iter().collect();
        Rp64_256::hash_elements(&elements)
    }

    fn hash_slice(&self, input: &[Felt]) -> ElementDigest {
        Rp64_256::hash_elements(input)
    }
}

impl CryptographicHasher<Goldilocks, [Goldilocks; DIGEST_SIZE]> for Rp64_256 {
    fn hash_iter<I: IntoIterator<Item = Goldilocks>>(&self, input: I) -> [Goldilocks; DIGEST_SIZE] {
        let elements: Vec<Felt> = input.into_iter().map(from_goldilocks).collect();
        digest_to_goldilocks(Rp64_256::hash_elements(&elements))
    }
}

impl PseudoCompressionFunction<ElementDigest, 2> for Rp64_256 {
    #[inline]
    fn compress(&self, input: [ElementDigest; 2]) -> ElementDigest {
        Rp64_256::merge(&input)
    }
}

impl PseudoCompressionFunction<[Goldilocks; DIGEST_SIZE], 2> for Rp64_256 {
    fn compress(&self, input: [[Goldilocks; DIGEST_SIZE]; 2]) -> [Goldilocks; DIGEST_SIZE] {
        digest_to_goldilocks(Rp64_256::merge(&input.map(digest_from_goldilocks)))
    }
}
