//! Plonky3 adapters (feature `plonky3`, p3-symmetric 0.8): the permutations,
//! compressions and the Poseidon2 sponge hash implement `p3_symmetric`'s
//! traits over arkworks' BN254 [`Fr`] directly — `p3_symmetric`'s traits are
//! generic over the item type, so no field bridge (such as `p3-bn254`) is
//! needed; Plonky3's generic blocks (`TruncatedPermutation`,
//! `PaddingFreeSponge`, its Merkle tree) accept these instances with items
//! `Fr` and digests `[Fr; 1]`.
//!
//! | type | `Permutation` + `CryptographicPermutation` | `PseudoCompressionFunction<[Fr; 1], N>` | `CryptographicHasher<Fr, [Fr; 1]>` |
//! |---|---|---|---|
//! | [`Poseidon2<T>`] (t = 2, 3, 4) | `[Fr; T]` | `N = T − 1`: `permute([x_0, …, x_{t−2}, 0])[0]`, which is what Plonky3's `TruncatedPermutation<_, N, 1, T>` computes | the length-IV sponge, [`Poseidon2::hash`](crate::poseidon2::Poseidon2) |
//! | [`CircomPoseidon<T>`] (t = 2 … 17) | `[Fr; T]` | `N = T − 1`: circomlib's `Poseidon(N)` (capacity first: `permute([0, x…])[0]`) | — (circomlib fixes the input count per width; use [`circom::poseidon`](crate::circom::poseidon)) |
//!
//! `hash_iter` needs the input length before the first permutation (the
//! sponge's IV), so it collects the iterator into a `Vec`.

// A build with one family only leaves the other's imports unused.
#![cfg_attr(
    not(all(feature = "circom", feature = "poseidon2")),
    allow(unused_imports, dead_code)
)]

#[cfg(feature = "poseidon2")]
extern crate alloc;
#[cfg(feature = "poseidon2")]
use alloc::vec::Vec;

#[cfg(feature = "poseidon2")]
use p3_symmetric::CryptographicHasher;
#[allow(unused_imports)]
use p3_symmetric::{CryptographicPermutation, Permutation, PseudoCompressionFunction};

#[allow(unused_imports)]
use crate::Fr;
#[cfg(feature = "circom")]
use crate::circom::CircomPoseidon;
#[cfg(feature = "poseidon2")]
use crate::poseidon2::Poseidon2;

#[cfg(feature = "poseidon2")]
macro_rules! poseidon2_width {
    ($t:literal, $n:literal) => {
        impl Permutation<[Fr; $t]> for Poseidon2<$t> {
            #[inline]
            fn permute_mut(&self, state: &mut [Fr; $t]) {
                self.permutation_in_place(state);
            }
        }

        impl CryptographicPermutation<[Fr; $t]> for Poseidon2<$t> {}

        impl PseudoCompressionFunction<[Fr; 1], $n> for Poseidon2<$t> {
            #[inline]
            fn compress(&self, input: [[Fr; 1]; $n]) -> [Fr; 1] {
                [Poseidon2::<$t>::compress(self, input.map(|x| x[0]))]
            }
        }

        impl CryptographicHasher<Fr, [Fr; 1]> for Poseidon2<$t> {
            fn hash_iter<I: IntoIterator<Item = Fr>>(&self, input: I) -> [Fr; 1] {
                let elements: Vec<Fr> = input.into_iter().collect();
                [self.hash(&elements)]
            }

            fn hash_slice(&self, input: &[Fr]) -> [Fr; 1] {
                [self.hash(input)]
            }
        }
    };
}

#[cfg(feature = "poseidon2")]
poseidon2_width!(2, 1);
#[cfg(feature = "poseidon2")]
poseidon2_width!(3, 2);
#[cfg(feature = "poseidon2")]
poseidon2_width!(4, 3);

#[cfg(feature = "circom")]
macro_rules! circom_widths {
    ($(($t:literal, $n:literal)),*) => {$(
        impl Permutation<[Fr; $t]> for CircomPoseidon<$t> {
            #[inline]
            fn permute_mut(&self, state: &mut [Fr; $t]) {
                algebraic_hash::Permutation::permute_mut(self, state);
            }
        }

        impl CryptographicPermutation<[Fr; $t]> for CircomPoseidon<$t> {}

        impl PseudoCompressionFunction<[Fr; 1], $n> for CircomPoseidon<$t> {
            #[inline]
            fn compress(&self, input: [[Fr; 1]; $n]) -> [Fr; 1] {
                [algebraic_hash::Compression::compress(self, input.map(|x| x[0]))]
            }
        }
    )*};
}

#[cfg(feature = "circom")]
circom_widths!(
    (2, 1),
    (3, 2),
    (4, 3),
    (5, 4),
    (6, 5),
    (7, 6),
    (8, 7),
    (9, 8),
    (10, 9),
    (11, 10),
    (12, 11),
    (13, 12),
    (14, 13),
    (15, 14),
    (16, 15),
    (17, 16)
);
