//! Plonky3 adapter (feature `p3-adapter`, p3-symmetric / p3-field 0.8):
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
//! | [`Goldilocks`] | `p3_goldilocks::Goldilocks` | the same |
//!
//! Why an adapter and not our types in Plonky3's traits: Plonky3's generic
//! blocks are written over its `Field` trait, which our field types do not
//! implement. Values cross at the canonical integer (Plonky3 keeps its
//! elements canonical, so nothing is reduced that a user gave; BabyBear
//! and KoalaBear cross by the Montgomery word both sides store). A packed
//! state of 16 or 8 lanes over a 31-bit field runs where it lies on our
//! AVX-512 or AVX2 lanes, one register per cell (`Poseidon2::
//! permute_lane_major`); any other goes through
//! [`algebraic_hash::permute_packed`]: its lanes' states permuted as one
//! batch on our own packed lanes, whatever the build's target features.

use algebraic_hash_field31::{BabyBear, Field31, KoalaBear, Mersenne31};
use p3_field::{PackedValue, PrimeCharacteristicRing, PrimeField32, PrimeField64};
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
    /// [`Self::from_p3`] on every element of `theirs` into `ours` (as many).
    /// A field may override it with a loop that vectorises.
    #[inline]
    fn from_p3_slice(theirs: &[Self::P3], ours: &mut [Self]) {
        for (ours, &theirs) in ours.iter_mut().zip(theirs) {
            *ours = Self::from_p3(theirs);
        }
    }
    /// [`Self::to_p3`] on every element of `ours` into `theirs`.
    #[inline]
    fn to_p3_slice(ours: &[Self], theirs: &mut [Self::P3]) {
        for (theirs, &ours) in theirs.iter_mut().zip(ours) {
            *theirs = ours.to_p3();
        }
    }
}

/// BabyBear and KoalaBear: Plonky3 keeps an element as its Montgomery
/// word `x · 2^32 mod p`, as this workspace does, and reads and writes
/// that word through `to_unique_u32` and its serde encoding (a `u32`,
/// "faster in monty form", p3-monty-31). Crossing by the word is a copy
/// and a range check, where crossing by the canonical value costs a
/// Montgomery reduction on one side and a conversion on the other (one
/// permutation through the adapter: 485–509 against 383–390 ns for ours
/// alone, BabyBear 16 on AMD Zen 4). Whether the words agree is checked
/// on the element 1 (`2^32 mod p` both ways; a constant, so the check
/// folds away); if a Plonky3 release changed its form, the canonical
/// route is taken.
macro_rules! monty_counterpart {
    ($($ours:ty => $theirs:ty),*) => {$(
        impl P3Counterpart for $ours {
            type P3 = $theirs;
            #[inline]
            fn from_p3(value: $theirs) -> Self {
                let mut ours = [<$ours as Field31>::ZERO];
                Self::from_p3_slice(&[value], &mut ours);
                ours[0]
            }
            #[inline]
            fn to_p3(self) -> $theirs {
                let mut theirs = [<$theirs>::ZERO];
                Self::to_p3_slice(&[self], &mut theirs);
                theirs[0]
            }
            /// The words copied with their range checks, the check of the
            /// form made once: an element-wise loop with the canonical
            /// route inside vectorised both routes for every element
            /// (BabyBear 16 through the adapter 1.02 → 1.10–1.17 of
            /// Plonky3's time). Out-of-range words (none, from either
            /// side's elements) send the whole slice the canonical way.
            #[inline]
            fn from_p3_slice(theirs: &[$theirs], ours: &mut [Self]) {
                if same_monty_word::<$ours, $theirs>() {
                    let mut in_range = true;
                    for (ours, theirs) in ours.iter_mut().zip(theirs) {
                        let x = <$ours as Field31>::from_stored(theirs.to_unique_u32());
                        in_range &= x.is_some();
                        *ours = x.unwrap_or(<$ours as Field31>::ZERO);
                    }
                    if in_range {
                        return;
                    }
                }
                for (ours, &theirs) in ours.iter_mut().zip(theirs) {
                    // Canonical, so below p: nothing is reduced.
                    *ours = <$ours as Field31>::from_u64_reduced(u64::from(theirs.as_canonical_u32()));
                }
            }
            #[inline]
            fn to_p3_slice(ours: &[Self], theirs: &mut [$theirs]) {
                if same_monty_word::<$ours, $theirs>() {
                    let mut in_range = true;
                    for (theirs, ours) in theirs.iter_mut().zip(ours) {
                        let x = p3_from_monty_word::<$theirs>(ours.to_stored());
                        in_range &= x.is_some();
                        *theirs = x.unwrap_or(<$theirs>::ZERO);
                    }
                    if in_range {
                        return;
                    }
                }
                for (theirs, ours) in theirs.iter_mut().zip(ours) {
                    *theirs = <$theirs>::new(ours.to_canonical());
                }
            }
        }
    )*};
}

monty_counterpart!(
    BabyBear => p3_baby_bear::BabyBear,
    KoalaBear => p3_koala_bear::KoalaBear
);

/// Plonky3's element whose serde encoding is `word` (its Montgomery word),
/// if Plonky3 accepts it.
#[inline(always)]
fn p3_from_monty_word<T: for<'de> serde::Deserialize<'de>>(word: u32) -> Option<T> {
    T::deserialize(serde::de::value::U32Deserializer::<serde::de::value::Error>::new(word)).ok()
}

/// Whether Plonky3's `T` and our `F` store the element 1 as the same word,
/// read and written: then they share the Montgomery form.
#[inline(always)]
fn same_monty_word<F: Field31, T>() -> bool
where
    T: PrimeField32 + for<'de> serde::Deserialize<'de>,
{
    let one = F::ONE.to_stored();
    T::ONE.to_unique_u32() == one && p3_from_monty_word::<T>(one) == Some(T::ONE)
}

/// Mersenne31: both sides keep the canonical value (Plonky3 may also
/// keep `p` for 0, which `as_canonical_u32` maps to 0). Crossing takes a
/// comparison each way (`from_canonical`, `new_checked`); the reducing
/// constructors (a remainder by `p` each) are only the fallbacks of values
/// the checks refuse, which canonical values never are.
impl P3Counterpart for Mersenne31 {
    type P3 = p3_mersenne_31::Mersenne31;
    #[inline]
    fn from_p3(value: p3_mersenne_31::Mersenne31) -> Self {
        let value = value.as_canonical_u32();
        <Mersenne31 as Field31>::from_canonical(value)
            .unwrap_or_else(|| <Mersenne31 as Field31>::from_u64_reduced(u64::from(value)))
    }
    #[inline]
    fn to_p3(self) -> p3_mersenne_31::Mersenne31 {
        let value = self.to_canonical();
        p3_mersenne_31::Mersenne31::new_checked(value)
            .unwrap_or_else(|| p3_mersenne_31::Mersenne31::new(value))
    }
}

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

impl<F, P, const W: usize, const D: u64> Permutation<[P; W]> for Poseidon2<F, W, D>
where
    F: P3Counterpart,
    P: PackedValue<Value = F::P3>,
{
    fn permute_mut(&self, state: &mut [P; W]) {
        // Plonky3's packing is 16 lanes on AVX-512 and 8 on AVX2 for the
        // 31-bit fields: its cells are our lane-major rows, run where
        // they lie (no transposition either way). Other widths, and CPUs
        // without that backend, unpack the lanes into states.
        let ran = match P::WIDTH {
            16 => lane_major::<F, P, W, D, 16>(self, state),
            8 => lane_major::<F, P, W, D, 8>(self, state),
            _ => false,
        };
        if !ran {
            algebraic_hash::permute_packed(self, state, F::from_p3, F::to_p3);
        }
    }
}

/// `state` (packs of `N` lanes) through [`Poseidon2::permute_lane_major`],
/// converted on the way in and out; `false` (nothing done) where that
/// does not run here. The conversions are flat loops over all `W · N`
/// values (as nested loops, LLVM vectorised them across the cells with
/// gathers and scatters: Mersenne31 16 through the adapter 1.38 of
/// Plonky3's time on AMD Zen 4, 1.08 flat); the buffers are `N` lanes
/// wide, not zero-filled beyond them.
#[inline]
fn lane_major<F, P, const W: usize, const D: u64, const N: usize>(
    permutation: &Poseidon2<F, W, D>,
    state: &mut [P; W],
) -> bool
where
    F: P3Counterpart,
    P: PackedValue<Value = F::P3>,
{
    if P::WIDTH != N || !permutation.lane_major_runs(N) {
        return false;
    }
    let mut ours = [[F::default(); N]; W];
    let cells = ours.as_flattened_mut();
    F::from_p3_slice(P::unpack_slice(state), cells);
    if !permutation.permute_lane_major(cells) {
        return false;
    }
    let mut theirs = [[F::P3::ZERO; N]; W];
    F::to_p3_slice(cells, theirs.as_flattened_mut());
    for (packed, row) in state.iter_mut().zip(&theirs) {
        *packed = *P::from_slice(row);
    }
    true
}

impl<F, P, const W: usize, const D: u64> CryptographicPermutation<[P; W]> for Poseidon2<F, W, D>
where
    F: P3Counterpart,
    P: PackedValue<Value = F::P3>,
{
}
