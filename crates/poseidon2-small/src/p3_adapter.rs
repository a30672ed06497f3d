//! Plonky3 adapter (feature `p3-adapter`, p3-symmetric / p3-field 0.6):
//! every [`Poseidon2`] instance of this crate implements `p3_symmetric`'s
//! `Permutation` and `CryptographicPermutation` over Plonky3's own field
//! types — one element per cell, or one packed register per cell — so it
//! goes wherever Plonky3 takes a permutation: `PaddingFreeSponge`,
//! `TruncatedPermutation`, `MerkleTreeMmcs` (which permutes both `[F; W]`
//! and `[F::Packing; W]`), the duplex challenger.
//!
//! | our field | Plonky3's field | cell types `P` |
//! |---|---|---|
//! | [`BabyBear`] | `p3_baby_bear::BabyBear` | any `PackedValue<Value = …>`: the field itself, its `Packing`, `[F; N]` |
//! | [`KoalaBear`] | `p3_koala_bear::KoalaBear` | the same |
//! | [`Mersenne31`] | `p3_mersenne_31::Mersenne31` | the same |
//! | [`Goldilocks`](crate::Goldilocks) | `p3_goldilocks::Goldilocks` | the same |
//!
//! Why an adapter and not our types in Plonky3's traits: Plonky3's generic
//! blocks are written over its `Field` trait, which our field types do not
//! implement. Values cross at the canonical integer (Plonky3 keeps its
//! elements canonical, so nothing is reduced that a user gave). A packed
//! state of `N` lanes becomes `N` states of ours, permuted by one
//! [`permute_many`](algebraic_hash::Permutation::permute_many) (our packed
//! lanes, whatever the build's target features), and is packed again.

use algebraic_hash_field31::{BabyBear, Field31, KoalaBear, Mersenne31};
use p3_field::{PackedValue, PrimeField32, PrimeField64};
use p3_symmetric::{CryptographicPermutation, Permutation};

use crate::{Goldilocks, Poseidon2, Poseidon2Field};

/// A field of ours and its Plonky3 counterpart, with the exact maps
/// between them.
pub trait P3Counterpart: Poseidon2Field {
    /// Plonky3's type for the same field.
    type P3: p3_field::PrimeField + Copy + Send + Sync;
    /// Plonky3's element → ours (same value).
    fn from_p3(value: Self::P3) -> Self;
    /// Ours → Plonky3's element (same value).
    fn to_p3(self) -> Self::P3;
}

macro_rules! field31_counterpart {
    ($($ours:ty => $theirs:ty),*) => {$(
        impl P3Counterpart for $ours {
            type P3 = $theirs;
            #[inline]
            fn from_p3(value: $theirs) -> Self {
                // Canonical, so below p: nothing is reduced.
                <$ours as Field31>::from_u64_reduced(u64::from(value.as_canonical_u32()))
            }
            #[inline]
            fn to_p3(self) -> $theirs {
                <$theirs>::new(self.to_canonical())
            }
        }
    )*};
}

field31_counterpart!(
    BabyBear => p3_baby_bear::BabyBear,
    KoalaBear => p3_koala_bear::KoalaBear,
    Mersenne31 => p3_mersenne_31::Mersenne31
);

impl P3Counterpart for Goldilocks {
    type P3 = p3_goldilocks::Goldilocks;
    #[inline]
    fn from_p3(value: p3_goldilocks::Goldilocks) -> Self {
        // Canonical, so below p: nothing is reduced.
        Goldilocks::from_u64_reduced(value.as_canonical_u64())
    }
    #[inline]
    fn to_p3(self) -> p3_goldilocks::Goldilocks {
        p3_goldilocks::Goldilocks::new(self.to_u64())
    }
}

/// States of ours unpacked from one packed state at a time: Plonky3's
/// widest packing is 16 lanes (AVX-512 over a 31-bit field); wider cell
/// types go through in chunks of this many lanes.
const MAX_LANES: usize = 16;

impl<F, P, const W: usize, const D: u64> Permutation<[P; W]> for Poseidon2<F, W, D>
where
    F: P3Counterpart,
    P: PackedValue<Value = F::P3>,
{
    fn permute_mut(&self, state: &mut [P; W]) {
        let mut states = [[F::default(); W]; MAX_LANES];
        let mut first = 0;
        while first < P::WIDTH {
            let count = (P::WIDTH - first).min(MAX_LANES);
            let batch = &mut states[..count];
            for (lane, ours) in batch.iter_mut().enumerate() {
                for (cell, packed) in ours.iter_mut().zip(state.iter()) {
                    *cell = F::from_p3(packed.as_slice()[first + lane]);
                }
            }
            algebraic_hash::Permutation::permute_many(self, batch);
            for (lane, ours) in batch.iter().enumerate() {
                for (cell, packed) in ours.iter().zip(state.iter_mut()) {
                    packed.as_slice_mut()[first + lane] = cell.to_p3();
                }
            }
            first += count;
        }
    }
}

impl<F, P, const W: usize, const D: u64> CryptographicPermutation<[P; W]> for Poseidon2<F, W, D>
where
    F: P3Counterpart,
    P: PackedValue<Value = F::P3>,
{
}
