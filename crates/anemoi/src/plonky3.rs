//! Plonky3 adapters (feature `plonky3`, p3-symmetric 0.8): `p3_symmetric`'s
//! traits over the arkworks field types directly (the traits are generic
//! over the item type, so no field bridge is needed).
//!
//! | type | trait | computes |
//! |---|---|---|
//! | [`Anemoi<F, L, W>`] | `Permutation<[F; W]>`, `CryptographicPermutation<[F; W]>` | the permutation |
//! | [`Anemoi<F, L, W>`] | `PseudoCompressionFunction<[F; L], 2>` | Jive₂, [`Anemoi::compress`] |
//! | [`AnemoiHash<F, L, W>`] | `CryptographicHasher<F, [F; 1]>` | [`AnemoiHash::hash_elements`] (the reference's padded sponge) |
//!
//! `hash_iter` collects its iterator into a `Vec` first (the reference's
//! padding depends on where the input ends).

extern crate alloc;
use alloc::vec::Vec;

use p3_symmetric::{
    CryptographicHasher, CryptographicPermutation, Permutation, PseudoCompressionFunction,
};

use crate::{Anemoi, AnemoiField, AnemoiHash};

impl<F: AnemoiField, const L: usize, const W: usize> Permutation<[F; W]> for Anemoi<F, L, W> {
    #[inline]
    fn permute_mut(&self, state: &mut [F; W]) {
        algebraic_hash::Permutation::permute_mut(self, state);
    }
}

impl<F: AnemoiField, const L: usize, const W: usize> CryptographicPermutation<[F; W]>
    for Anemoi<F, L, W>
{
}

impl<F: AnemoiField, const L: usize, const W: usize> PseudoCompressionFunction<[F; L], 2>
    for Anemoi<F, L, W>
{
    fn compress(&self, input: [[F; L]; 2]) -> [F; L] {
        let mut state = [F::zero(); W];
        state[..L].copy_from_slice(&input[0]);
        state[L..].copy_from_slice(&input[1]);
        Anemoi::compress(self, state)
    }
}

impl<F: AnemoiField, const L: usize, const W: usize> CryptographicHasher<F, [F; 1]>
    for AnemoiHash<F, L, W>
{
    fn hash_iter<I: IntoIterator<Item = F>>(&self, input: I) -> [F; 1] {
        let elements: Vec<F> = input.into_iter().collect();
        [self.hash_elements(&elements)]
    }

    fn hash_slice(&self, input: &[F]) -> [F; 1] {
        [self.hash_elements(input)]
    }
}
