//! arkworks adapters (feature `ark-crypto-primitives`, ark-crypto-primitives
//! 0.6): the Anemoi sponge hash as a [`CRHScheme`], two-cell Jive₂ as a
//! [`TwoToOneCRHScheme`], and an Anemoi duplex sponge as a
//! [`CryptographicSponge`](ark_crypto_primitives::sponge::CryptographicSponge).
//!
//! | type | scheme | parameters | evaluates |
//! |---|---|---|---|
//! | [`AnemoiCrh<F, L, W>`] | `CRHScheme<Input = [F], Output = F>` | [`AnemoiHash<F, L, W>`] | [`AnemoiHash::hash_elements`] (the reference's padded sponge) |
//! | [`AnemoiJiveCrh<F>`] | `TwoToOneCRHScheme<Input = F, Output = F>` | [`Anemoi<F, 1, 2>`] | Jive₂ on two cells, `Anemoi::compress([left, right])` |
//! | [`ArkSponge`]`<F, AnemoiDuplex2<F>>` (and 4, 6, 8, 12 cells) | `CryptographicSponge`, `FieldBasedCryptographicSponge<F>` | the duplex sponge, e.g. `anemoi_duplex::<F, 1, 2, 1>(anemoi)` | additive duplex, rate `W − 1` |
//!
//! With `LeafHash = AnemoiCrh<F, 1, 2>`, `TwoToOneHash = AnemoiJiveCrh<F>`
//! and `LeafDigest = InnerDigest = F`, `ark_crypto_primitives::merkle_tree::MerkleTree`
//! builds the tree that the workspace's `MerkleTree` over
//! [`AnemoiJive<F, 1, 2>`](crate::AnemoiJive) builds. Jive over more cells
//! has multi-element digests (`[F; L]`), which arkworks' `InnerDigest` cannot
//! be (it must implement `Absorb`); only the two-cell Jive is adapted.
//!
//! `setup` ignores its random source and returns the final version
//! ([`Version::Crypto2023`]); pass another instance as the parameters to use
//! the 2022 one. Parameters serialise (`CanonicalSerialize`) as one byte:
//! 0 = `Crypto2023`, 1 = `Eprint2022`.
//!
//! Sponge IV / domain: the reference's `sponge_hash` pads at the end (a 1
//! and zeros, or σ = 1 in the capacity cell for whole blocks), which a
//! duplex that may absorb again after squeezing cannot do. The duplex here
//! starts from the all-zero state (the reference's IV), adds elements into
//! cells `0 … W − 2`, and permutes lazily (before absorbing into a full rate
//! and before squeezing); the capacity is the last cell. A caller that
//! absorbs `m ‖ [1]` for a message `m` whose length is 0 or not a multiple
//! of the rate squeezes exactly `AnemoiHash::hash_elements_to(m)`; for other
//! uses (transcripts) choose a domain by absorbing a tag first.

use ark_crypto_primitives::Error as ArkError;
use ark_crypto_primitives::crh::{CRHScheme, TwoToOneCRHScheme};
use ark_serialize::{
    CanonicalDeserialize, CanonicalSerialize, Compress, Read, SerializationError, Valid, Validate,
    Write,
};
use ark_std::borrow::Borrow;
use ark_std::marker::PhantomData;
use ark_std::rand::Rng;

pub use algebraic_hash::ArkSponge;
use algebraic_hash::DuplexSponge;

use crate::{Anemoi, AnemoiField, AnemoiHash, Version};

/// The Anemoi sponge hash over `F` with `L` columns (`W = 2L` cells) as an
/// arkworks [`CRHScheme`]; the parameters are the [`AnemoiHash`].
pub struct AnemoiCrh<F, const L: usize, const W: usize>(PhantomData<fn() -> F>);

impl<F: AnemoiField, const L: usize, const W: usize> CRHScheme for AnemoiCrh<F, L, W> {
    type Input = [F];
    type Output = F;
    type Parameters = AnemoiHash<F, L, W>;

    fn setup<R: Rng>(_rng: &mut R) -> Result<AnemoiHash<F, L, W>, ArkError> {
        Ok(AnemoiHash::new(Version::Crypto2023))
    }

    fn evaluate<T: Borrow<[F]>>(parameters: &AnemoiHash<F, L, W>, input: T) -> Result<F, ArkError> {
        Ok(parameters.hash_elements(input.borrow()))
    }
}

/// Jive₂ on two cells (`Anemoi<F, 1, 2>`) as an arkworks
/// [`TwoToOneCRHScheme`]: the Merkle-tree compression of the paper.
pub struct AnemoiJiveCrh<F>(PhantomData<fn() -> F>);

impl<F: AnemoiField> TwoToOneCRHScheme for AnemoiJiveCrh<F> {
    type Input = F;
    type Output = F;
    type Parameters = Anemoi<F, 1, 2>;

    fn setup<R: Rng>(_rng: &mut R) -> Result<Anemoi<F, 1, 2>, ArkError> {
        Ok(Anemoi::new(Version::Crypto2023))
    }

    fn evaluate<T: Borrow<F>>(
        parameters: &Anemoi<F, 1, 2>,
        left: T,
        right: T,
    ) -> Result<F, ArkError> {
        Ok(parameters.compress([*left.borrow(), *right.borrow()])[0])
    }

    fn compress<T: Borrow<F>>(
        parameters: &Anemoi<F, 1, 2>,
        left: T,
        right: T,
    ) -> Result<F, ArkError> {
        Self::evaluate(parameters, left, right)
    }
}

/// The additive duplex sponge over two-cell Anemoi (rate 1).
pub type AnemoiDuplex2<F> = DuplexSponge<F, Anemoi<F, 1, 2>, 2, 1, 0>;
/// The additive duplex sponge over four-cell Anemoi (rate 3).
pub type AnemoiDuplex4<F> = DuplexSponge<F, Anemoi<F, 2, 4>, 4, 3, 0>;
/// The additive duplex sponge over six-cell Anemoi (rate 5).
pub type AnemoiDuplex6<F> = DuplexSponge<F, Anemoi<F, 3, 6>, 6, 5, 0>;
/// The additive duplex sponge over eight-cell Anemoi (rate 7).
pub type AnemoiDuplex8<F> = DuplexSponge<F, Anemoi<F, 4, 8>, 8, 7, 0>;
/// The additive duplex sponge over twelve-cell Anemoi (rate 11).
pub type AnemoiDuplex12<F> = DuplexSponge<F, Anemoi<F, 6, 12>, 12, 11, 0>;

/// A fresh duplex sponge (all-zero state) over `anemoi`, rate `W − 1`
/// (`RATE` must be `W − 1`; checked at compile time).
pub fn anemoi_duplex<F: AnemoiField, const L: usize, const W: usize, const RATE: usize>(
    anemoi: Anemoi<F, L, W>,
) -> DuplexSponge<F, Anemoi<F, L, W>, W, RATE, 0> {
    const { assert!(RATE + 1 == W, "the Anemoi duplex has rate W - 1") };
    DuplexSponge::new(anemoi, [F::zero(); W])
}

fn version_tag(version: Version) -> u8 {
    match version {
        Version::Crypto2023 => 0,
        Version::Eprint2022 => 1,
    }
}

fn version_from_tag<R: Read>(
    reader: R,
    compress: Compress,
    validate: Validate,
) -> Result<Version, SerializationError> {
    match u8::deserialize_with_mode(reader, compress, validate)? {
        0 => Ok(Version::Crypto2023),
        1 => Ok(Version::Eprint2022),
        _ => Err(SerializationError::InvalidData),
    }
}

impl<F: AnemoiField, const L: usize, const W: usize> Valid for Anemoi<F, L, W> {
    fn check(&self) -> Result<(), SerializationError> {
        Ok(())
    }
}

impl<F: AnemoiField, const L: usize, const W: usize> CanonicalSerialize for Anemoi<F, L, W> {
    fn serialize_with_mode<Wr: Write>(
        &self,
        writer: Wr,
        compress: Compress,
    ) -> Result<(), SerializationError> {
        version_tag(self.version()).serialize_with_mode(writer, compress)
    }

    fn serialized_size(&self, _compress: Compress) -> usize {
        1
    }
}

impl<F: AnemoiField, const L: usize, const W: usize> CanonicalDeserialize for Anemoi<F, L, W> {
    fn deserialize_with_mode<R: Read>(
        reader: R,
        compress: Compress,
        validate: Validate,
    ) -> Result<Self, SerializationError> {
        Ok(Anemoi::new(version_from_tag(reader, compress, validate)?))
    }
}

impl<F: AnemoiField, const L: usize, const W: usize> Valid for AnemoiHash<F, L, W> {
    fn check(&self) -> Result<(), SerializationError> {
        Ok(())
    }
}

impl<F: AnemoiField, const L: usize, const W: usize> CanonicalSerialize for AnemoiHash<F, L, W> {
    fn serialize_with_mode<Wr: Write>(
        &self,
        writer: Wr,
        compress: Compress,
    ) -> Result<(), SerializationError> {
        self.permutation().serialize_with_mode(writer, compress)
    }

    fn serialized_size(&self, _compress: Compress) -> usize {
        1
    }
}

impl<F: AnemoiField, const L: usize, const W: usize> CanonicalDeserialize for AnemoiHash<F, L, W> {
    fn deserialize_with_mode<R: Read>(
        reader: R,
        compress: Compress,
        validate: Validate,
    ) -> Result<Self, SerializationError> {
        Ok(AnemoiHash::new(version_from_tag(
            reader, compress, validate,
        )?))
    }
}
