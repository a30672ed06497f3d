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
use p3_field::{PackedValue, PrimeField32, PrimeField64};
use p3_symmetric::{CryptographicPermutation, Permutation};

use crate::{Goldilocks, Poseidon2, Poseidon2Field};

/// A field of ours and its Plonky3 counterpart, with the exact maps
/// between them. A field gives the maps of slices (the adapter converts a
/// whole packed state at a time, in loops that vectorise); the maps of one
/// element are those of a slice of one.
pub trait P3Counterpart: Poseidon2Field {
    /// Plonky3's type for the same field.
    type P3: p3_field::PrimeField + Copy + Send + Sync;
    /// Each of Plonky3's elements in `theirs` → ours, the same value, into
    /// `ours` (as many: the shorter slice's length).
    fn from_p3_slice(theirs: &[Self::P3], ours: &mut [Self]);
    /// Each of our elements in `ours` → Plonky3's, the same value, into
    /// `theirs` (as many: the shorter slice's length).
    fn to_p3_slice(ours: &[Self], theirs: &mut [Self::P3]);
    /// Plonky3's element → ours (same value).
    #[inline]
    fn from_p3(value: Self::P3) -> Self {
        let mut ours = [Self::default()];
        Self::from_p3_slice(&[value], &mut ours);
        ours[0]
    }
    /// Ours → Plonky3's element (same value).
    #[inline]
    fn to_p3(self) -> Self::P3 {
        let mut theirs = [Self::P3::default()];
        Self::to_p3_slice(&[self], &mut theirs);
        theirs[0]
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
            /// The words copied with their range checks (`convert_slice`),
            /// the check of the form made once.
            #[inline]
            fn from_p3_slice(theirs: &[$theirs], ours: &mut [Self]) {
                let same = same_monty_word::<$ours, $theirs>();
                convert_slice(
                    theirs,
                    ours,
                    |theirs| if same { <$ours as Field31>::from_stored(theirs.to_unique_u32()) } else { None },
                    // Canonical, so below p: nothing is reduced.
                    |theirs| <$ours as Field31>::from_u64_reduced(u64::from(theirs.as_canonical_u32())),
                );
            }
            #[inline]
            fn to_p3_slice(ours: &[Self], theirs: &mut [$theirs]) {
                let same = same_monty_word::<$ours, $theirs>();
                convert_slice(
                    ours,
                    theirs,
                    |ours| if same { p3_from_monty_word::<$theirs>(ours.to_stored()) } else { None },
                    |ours| <$theirs>::new(ours.to_canonical()),
                );
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
    T::deserialize(serde::de::value::U32Deserializer::<Refused>::new(word)).ok()
}

/// The error of [`p3_from_monty_word`]'s deserializer: only that there was
/// one. serde's own `value::Error` holds the message, whose drop kept
/// LLVM from vectorising the conversion loops (KoalaBear 16 through the
/// adapter: the loop back into Plonky3's elements, one word at a time with
/// a branch each, took 12 % of the time on Intel).
#[derive(Debug)]
struct Refused;

impl core::fmt::Display for Refused {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("not a Montgomery word of this field")
    }
}

impl serde::de::StdError for Refused {}

impl serde::de::Error for Refused {
    fn custom<M: core::fmt::Display>(_message: M) -> Self {
        Refused
    }
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
/// the checks refuse, which canonical values never are (`convert_slice`).
impl P3Counterpart for Mersenne31 {
    type P3 = p3_mersenne_31::Mersenne31;
    #[inline]
    fn from_p3_slice(theirs: &[p3_mersenne_31::Mersenne31], ours: &mut [Self]) {
        convert_slice(
            theirs,
            ours,
            |theirs| <Mersenne31 as Field31>::from_canonical(theirs.as_canonical_u32()),
            |theirs| {
                <Mersenne31 as Field31>::from_u64_reduced(u64::from(theirs.as_canonical_u32()))
            },
        );
    }
    #[inline]
    fn to_p3_slice(ours: &[Self], theirs: &mut [p3_mersenne_31::Mersenne31]) {
        convert_slice(
            ours,
            theirs,
            |ours| p3_mersenne_31::Mersenne31::new_checked(ours.to_canonical()),
            |ours| p3_mersenne_31::Mersenne31::new(ours.to_canonical()),
        );
    }
}

/// `to[i] = checked(from[i])` for every `i` when `checked` accepts every
/// element, otherwise `fallback(from[i])` for every `i` (Plonky3's
/// elements are canonical and ours below `p`: the fallback never runs for
/// them). The first loop has no branch per element, so LLVM vectorises
/// it. With the fallback inside that loop, element by element, LLVM
/// computed both routes for every element: BabyBear 16 through the
/// adapter 1.02 → 1.10–1.17 of Plonky3's time (AMD Zen 4).
#[inline(always)]
fn convert_slice<S: Copy, D: Default>(
    from: &[S],
    to: &mut [D],
    checked: impl Fn(S) -> Option<D>,
    fallback: impl Fn(S) -> D,
) {
    let mut accepted = true;
    for (to, &from) in to.iter_mut().zip(from) {
        let x = checked(from);
        accepted &= x.is_some();
        *to = x.unwrap_or_default();
    }
    if !accepted {
        convert_slice_by(from, to, fallback);
    }
}

/// `to[i] = f(from[i])`: [`convert_slice`]'s fallback, out of line.
/// Inline, LLVM vectorised it across the rows of a packed state and ran
/// it for every state, its stores masked off (the remainders by `p` and
/// the scatters included): through the adapter, Mersenne31 16 took
/// 1.08–1.11 of Plonky3's time, and 0.97–1.02 out of line (Intel).
#[cold]
#[inline(never)]
fn convert_slice_by<S: Copy, D>(from: &[S], to: &mut [D], f: impl Fn(S) -> D) {
    for (to, &from) in to.iter_mut().zip(from) {
        *to = f(from);
    }
}

impl P3Counterpart for Goldilocks {
    type P3 = p3_goldilocks::Goldilocks;
    #[inline]
    fn from_p3_slice(theirs: &[p3_goldilocks::Goldilocks], ours: &mut [Self]) {
        for (ours, theirs) in ours.iter_mut().zip(theirs) {
            // Canonical, so below p: nothing is reduced.
            *ours = Goldilocks::from_u64_reduced(theirs.as_canonical_u64());
        }
    }
    #[inline]
    fn to_p3_slice(ours: &[Self], theirs: &mut [p3_goldilocks::Goldilocks]) {
        for (theirs, ours) in theirs.iter_mut().zip(ours) {
            *theirs = p3_goldilocks::Goldilocks::new(ours.to_u64());
        }
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
/// does not run here. The way in is one flat loop over all `W · N`
/// values into a buffer of `N` lanes a row (as nested loops, LLVM had
/// vectorised it across the cells with gathers: Mersenne31 16 through the
/// adapter 1.38 of Plonky3's time on AMD Zen 4, 1.08 flat); the way out
/// writes each row straight into its pack (`as_slice_mut`), with no
/// second buffer to fill and copy.
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
    for (packed, row) in state.iter_mut().zip(cells.chunks_exact(N)) {
        F::to_p3_slice(row, packed.as_slice_mut());
    }
    true
}

impl<F, P, const W: usize, const D: u64> CryptographicPermutation<[P; W]> for Poseidon2<F, W, D>
where
    F: P3Counterpart,
    P: PackedValue<Value = F::P3>,
{
}
