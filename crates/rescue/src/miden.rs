//! Interoperability with miden-crypto 0.28 (feature `miden`).
//!
//! miden-crypto 0.28 has no hasher traits of its own any more (winter-crypto's
//! `Hasher` / `ElementHasher` went after 0.13): its extension points are
//! Plonky3's, re-exported as `miden_crypto::stark::symmetric` — a
//! `Permutation<[Felt; 12]>` + `CryptographicPermutation` is what
//! `PaddingFreeSponge`, `TruncatedPermutation`, `DuplexChallenger` and the
//! lifted STARK take (miden-crypto's own `RpoHasher`, `RpoCompression`,
//! `RpoChallenger` are those types over its `RpoPermutation256`). So:
//!
//! - [`Felt`] ⇄ `miden_crypto::Felt`, [`ElementDigest`] ⇄ `miden_crypto::Word`
//!   (both exact: this crate's values are canonical, miden's are read
//!   canonically);
//! - [`MidenRpo256`] / [`MidenRpx256`]: this crate's permutations behind
//!   those two traits over `[miden_crypto::Felt; 12]`, and the type aliases
//!   [`MidenRpoHasher`], [`MidenRpoCompression`], [`MidenRpxHasher`],
//!   [`MidenRpxCompression`] built from them exactly as miden-crypto builds
//!   its own.
//!
//! Why 0.28: it is the newest miden-crypto that builds on the workspace's
//! stable Rust (1.95); every later release (0.28.2 … 0.36.3, the current
//! one, on Plonky3 0.8) declares Rust 1.96.1. So this module's Plonky3
//! traits are miden-crypto's re-exported 0.6 ones, not the 0.8 ones of
//! the `plonky3` feature.

use miden_crypto_28::stark::symmetric::{
    CryptographicPermutation, PaddingFreeSponge, Permutation, TruncatedPermutation,
};
use miden_crypto_28::{Felt as MidenFelt, Word};

use crate::digest::ElementDigest;
use crate::field::Felt;
use crate::{Rpo256, Rpx256};

impl From<Felt> for MidenFelt {
    #[inline]
    fn from(value: Felt) -> Self {
        // Canonical, so the checked constructor's condition holds.
        MidenFelt::new_unchecked(value.to_u64())
    }
}

impl From<MidenFelt> for Felt {
    #[inline]
    fn from(value: MidenFelt) -> Self {
        // `as_canonical_u64` is `< p`; reducing again is a no-op kept for
        // safety.
        Felt::from_u64_reduced(value.as_canonical_u64())
    }
}

impl From<ElementDigest> for Word {
    #[inline]
    fn from(digest: ElementDigest) -> Self {
        Word::new(digest.as_elements().map(MidenFelt::from))
    }
}

impl From<Word> for ElementDigest {
    #[inline]
    fn from(word: Word) -> Self {
        ElementDigest::new(word.into_elements().map(Felt::from))
    }
}

macro_rules! miden_permutation {
    ($(#[$doc:meta])* $name:ident, $ours:ident) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
        pub struct $name;

        impl Permutation<[MidenFelt; 12]> for $name {
            #[inline]
            fn permute_mut(&self, state: &mut [MidenFelt; 12]) {
                let mut s = state.map(Felt::from);
                $ours::apply_permutation(&mut s);
                *state = s.map(MidenFelt::from);
            }
        }

        impl CryptographicPermutation<[MidenFelt; 12]> for $name {}
    };
}

miden_permutation!(
    /// This crate's [`Rpo256`] permutation as miden-crypto 0.28's
    /// `RpoPermutation256` (Plonky3's `Permutation` and
    /// `CryptographicPermutation` over `[miden_crypto::Felt; 12]`).
    MidenRpo256,
    Rpo256
);

miden_permutation!(
    /// This crate's [`Rpx256`] permutation as miden-crypto 0.28's
    /// `RpxPermutation256`.
    MidenRpx256,
    Rpx256
);

/// miden-crypto's `RpoHasher` over [`MidenRpo256`]: rate 8, digest 4.
pub type MidenRpoHasher = PaddingFreeSponge<MidenRpo256, 12, 8, 4>;
/// miden-crypto's `RpoCompression` over [`MidenRpo256`]: 2 × 4 → 4.
pub type MidenRpoCompression = TruncatedPermutation<MidenRpo256, 2, 4, 12>;
/// miden-crypto's `RpxHasher` over [`MidenRpx256`].
pub type MidenRpxHasher = PaddingFreeSponge<MidenRpx256, 12, 8, 4>;
/// miden-crypto's `RpxCompression` over [`MidenRpx256`].
pub type MidenRpxCompression = TruncatedPermutation<MidenRpx256, 2, 4, 12>;
