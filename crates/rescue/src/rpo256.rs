//! Rpo256: Miden's Rescue Prime Optimized hash (miden-crypto 0.36, the
//! current line; the same as 0.28 but for `hash` of no bytes), bit for bit.
//!
//! The permutation is Rp64_256's Rescue-XLIX shape — width 12, 7 rounds,
//! `x^7` and `x^(1/7)`, the same circulant MDS — with its own round
//! constants and the S-boxes after the constants instead of before the MDS:
//! a round is `MDS → +ARK1 → x^7 → MDS → +ARK2 → x^(1/7)`. It runs on the
//! same round code and backends as Rp64_256 (`crate::permutation`,
//! `crate::arch`). The sponge (rate first, overwrite mode, eprint 2023/1045
//! padding) is in `crate::sponge`.
//!
//! # Deviations from miden-crypto
//!
//! - `hash_elements` takes base-field elements only (miden-crypto's is
//!   generic over extension-field elements, absorbed by their coefficients:
//!   flatten them first).
//! - The digest type is the crate's [`ElementDigest`] (miden-crypto's
//!   `Word`: the same four elements and 32-byte encoding).
//! - miden-crypto (since 0.28) has no `merge_with_int` (it left with winter-crypto's
//!   `Hasher` trait after 0.13), so neither has this type.

use algebraic_hash::{Compression, Error, Hasher, Permutation};

use crate::arch::{permute_many_raw, permute_raw};
use crate::constants::{NUM_ROUNDS, Rpo};
use crate::digest::ElementDigest;
use crate::field::Felt;
use crate::permutation::RawState;
use crate::sponge::{MidenPermutation, miden_hash_api};

/// Miden's Rpo256 (`miden_crypto::hash::rpo::Rpo256`, miden-crypto 0.36):
/// the same inherent functions under the same names, plus the workspace's
/// traits ([`Permutation`], [`Hasher`], [`Compression`]).
///
/// ```
/// use algebraic_hash_rescue::{Felt, Rpo256};
/// let a = Rpo256::hash_elements(&[Felt::from(1u8), Felt::from(2u8)]);
/// let b = Rpo256::hash(b"hello");
/// let m = Rpo256::merge(&[a, b]);
/// let mut elements = a.as_elements().to_vec();
/// elements.extend(b.as_elements());
/// assert_eq!(m, Rpo256::hash_elements(&elements));
/// assert_ne!(m, Rpo256::merge_in_domain(&[a, b], Felt::from(7u8)));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Rpo256;

impl MidenPermutation for Rpo256 {
    #[inline]
    fn permute(state: &mut RawState) {
        permute_raw::<Rpo>(state, 0..NUM_ROUNDS);
    }
    #[inline]
    fn permute_many(states: &mut [RawState]) {
        permute_many_raw::<Rpo>(states, 0..NUM_ROUNDS);
    }
}

miden_hash_api!(Rpo256, "RPO");
