//! arkworks adapters (feature `ark-crypto-primitives`, ark-crypto-primitives
//! 0.6): the hashes as [`CRHScheme`]s, the 2-to-1 compressions as
//! [`TwoToOneCRHScheme`]s, and the Poseidon2 sponges as
//! [`CryptographicSponge`](ark_crypto_primitives::sponge::CryptographicSponge)s.
//!
//! With them `ark_crypto_primitives::merkle_tree::MerkleTree` works out of
//! the box: a `Config` with `LeafHash = CircomCrh`, `TwoToOneHash =
//! CircomTwoToOneCrh` and `LeafDigest = InnerDigest = Fr` (identity digest
//! converter) gives the tree circom's `MerkleTreeChecker`-style circuits
//! verify, and `Poseidon2Crh<T>` / `Poseidon2TwoToOneCrh` the one over
//! Poseidon2 t = 3 (`permute([l, r, 0])[0]`).
//!
//! | type | scheme | parameters | evaluates |
//! |---|---|---|---|
//! | [`CircomCrh`] | `CRHScheme<Input = [Fr], Output = Fr>` | `()` | [`circom::poseidon`] (1 to 16 elements; other counts are an error) |
//! | [`CircomTwoToOneCrh`] | `TwoToOneCRHScheme<Input = Fr, Output = Fr>` | `()` | `poseidon([left, right])` |
//! | [`Poseidon2Crh<T>`] (t = 2, 3, 4) | `CRHScheme<Input = [Fr], Output = Fr>` | the instance, [`Poseidon2<T>`] | [`Poseidon2::hash`](crate::poseidon2::Poseidon2) (the length-IV sponge) |
//! | [`Poseidon2TwoToOneCrh`] | `TwoToOneCRHScheme<Input = Fr, Output = Fr>` | [`Poseidon2<3>`] | `permute([left, right, 0])[0]` |
//! | [`ArkSponge`]`<Fr, Sponge2/3/4>` | `CryptographicSponge`, `FieldBasedCryptographicSponge<Fr>` | the family's sponge, e.g. `NEW_T3.sponge(n)` | the duplex sponge |
//!
//! `setup` ignores its random source: for Poseidon2 it returns the `New`
//! parameter set (HorizenLabs since bb476b9, Barretenberg, Plonky3); pass
//! [`OLD_T3`](crate::poseidon2::OLD_T3) (or any instance) as the parameters
//! to use another. A [`Poseidon2<T>`] serialises (`CanonicalSerialize`) as
//! one byte naming its set: 0 = old, 1 = new.
//!
//! Sponge IV / domain: the Poseidon2 sponge puts `n · 2^64` in its capacity
//! cell, where `n` is the input length, which the sponge must know up front.
//! [`ArkSponge`] takes the family's sponge as its `Config`, so the caller
//! chooses: `NEW_T3.sponge(n)` and then absorbing exactly `n` elements gives
//! `NEW_T3.hash(input)` as the first squeezed element; a transcript that does
//! not know its length uses a fixed `n` of its own as a domain tag (it is
//! then the IV of hashing `n` elements, so pick a value no real input length
//! takes, such as `usize::MAX`). circom
//! Poseidon defines no sponge, so it has no `CryptographicSponge`.

// A build with one family only leaves the other's imports unused.
#![cfg_attr(
    not(all(feature = "circom", feature = "poseidon2")),
    allow(unused_imports, dead_code)
)]

use ark_crypto_primitives::Error as ArkError;
use ark_crypto_primitives::crh::{CRHScheme, TwoToOneCRHScheme};
#[cfg(feature = "poseidon2")]
use ark_serialize::{
    CanonicalDeserialize, CanonicalSerialize, Compress, Read, SerializationError, Valid, Validate,
    Write,
};
use ark_std::borrow::Borrow;
use ark_std::rand::Rng;

pub use algebraic_hash::ArkSponge;
#[cfg(feature = "poseidon2")]
use algebraic_hash::Hasher;

use crate::Fr;
#[cfg(feature = "circom")]
use crate::circom::{self, CircomPoseidon};
#[cfg(feature = "poseidon2")]
use crate::poseidon2::{ParamSet, Poseidon2};

extern crate alloc;

#[cfg(feature = "circom")]
fn ark_error(e: algebraic_hash::Error) -> ArkError {
    ArkError::GenericError(alloc::boxed::Box::new(e))
}

#[cfg(feature = "circom")]
#[cfg_attr(docsrs, doc(cfg(feature = "circom")))]
/// circom Poseidon of 1 to 16 elements as an arkworks [`CRHScheme`]
/// ([`circom::poseidon`]; another input count is an error, not a panic).
#[derive(Clone, Copy, Debug, Default)]
pub struct CircomCrh;

#[cfg(feature = "circom")]
impl CRHScheme for CircomCrh {
    type Input = [Fr];
    type Output = Fr;
    type Parameters = ();

    fn setup<R: Rng>(_rng: &mut R) -> Result<(), ArkError> {
        Ok(())
    }

    fn evaluate<T: Borrow<[Fr]>>(_parameters: &(), input: T) -> Result<Fr, ArkError> {
        circom::poseidon(input.borrow()).map_err(ark_error)
    }
}

#[cfg(feature = "circom")]
#[cfg_attr(docsrs, doc(cfg(feature = "circom")))]
/// circom Poseidon of two elements (`Poseidon(2)`, width 3) as an arkworks
/// [`TwoToOneCRHScheme`]: the inner compression of a circom Merkle tree.
#[derive(Clone, Copy, Debug, Default)]
pub struct CircomTwoToOneCrh;

#[cfg(feature = "circom")]
impl TwoToOneCRHScheme for CircomTwoToOneCrh {
    type Input = Fr;
    type Output = Fr;
    type Parameters = ();

    fn setup<R: Rng>(_rng: &mut R) -> Result<(), ArkError> {
        Ok(())
    }

    fn evaluate<T: Borrow<Fr>>(_parameters: &(), left: T, right: T) -> Result<Fr, ArkError> {
        use algebraic_hash::Compression;
        Ok(CircomPoseidon::<3>::new().compress([*left.borrow(), *right.borrow()]))
    }

    fn compress<T: Borrow<Fr>>(parameters: &(), left: T, right: T) -> Result<Fr, ArkError> {
        Self::evaluate(parameters, left, right)
    }
}

#[cfg(feature = "poseidon2")]
#[cfg_attr(docsrs, doc(cfg(feature = "poseidon2")))]
/// The Poseidon2 sponge hash of width `T` (2, 3 or 4) as an arkworks
/// [`CRHScheme`]; the parameters are the instance ([`Poseidon2<T>`]).
#[derive(Clone, Copy, Debug, Default)]
pub struct Poseidon2Crh<const T: usize>;

#[cfg(feature = "poseidon2")]
#[cfg_attr(docsrs, doc(cfg(feature = "poseidon2")))]
/// Poseidon2 t = 3 compression `permute([left, right, 0])[0]` as an
/// arkworks [`TwoToOneCRHScheme`]; the parameters are the instance
/// ([`Poseidon2<3>`]).
#[derive(Clone, Copy, Debug, Default)]
pub struct Poseidon2TwoToOneCrh;

#[cfg(feature = "poseidon2")]
impl TwoToOneCRHScheme for Poseidon2TwoToOneCrh {
    type Input = Fr;
    type Output = Fr;
    type Parameters = Poseidon2<3>;

    fn setup<R: Rng>(_rng: &mut R) -> Result<Poseidon2<3>, ArkError> {
        Ok(Poseidon2::<3>::new(ParamSet::New))
    }

    fn evaluate<T: Borrow<Fr>>(
        parameters: &Poseidon2<3>,
        left: T,
        right: T,
    ) -> Result<Fr, ArkError> {
        Ok(parameters.compress([*left.borrow(), *right.borrow()]))
    }

    fn compress<T: Borrow<Fr>>(
        parameters: &Poseidon2<3>,
        left: T,
        right: T,
    ) -> Result<Fr, ArkError> {
        Self::evaluate(parameters, left, right)
    }
}

#[cfg(feature = "poseidon2")]
macro_rules! poseidon2_width {
    ($t:literal) => {
        impl CRHScheme for Poseidon2Crh<$t> {
            type Input = [Fr];
            type Output = Fr;
            type Parameters = Poseidon2<$t>;

            fn setup<R: Rng>(_rng: &mut R) -> Result<Poseidon2<$t>, ArkError> {
                Ok(Poseidon2::<$t>::new(ParamSet::New))
            }

            fn evaluate<I: Borrow<[Fr]>>(
                parameters: &Poseidon2<$t>,
                input: I,
            ) -> Result<Fr, ArkError> {
                Ok(parameters.hash_elements(input.borrow()))
            }
        }

        impl Valid for Poseidon2<$t> {
            fn check(&self) -> Result<(), SerializationError> {
                Ok(())
            }
        }

        impl CanonicalSerialize for Poseidon2<$t> {
            fn serialize_with_mode<W: Write>(
                &self,
                writer: W,
                compress: Compress,
            ) -> Result<(), SerializationError> {
                let tag: u8 = match self.param_set() {
                    ParamSet::Old => 0,
                    ParamSet::New => 1,
                };
                tag.serialize_with_mode(writer, compress)
            }

            fn serialized_size(&self, _compress: Compress) -> usize {
                1
            }
        }

        impl CanonicalDeserialize for Poseidon2<$t> {
            fn deserialize_with_mode<R: Read>(
                reader: R,
                compress: Compress,
                validate: Validate,
            ) -> Result<Self, SerializationError> {
                match u8::deserialize_with_mode(reader, compress, validate)? {
                    0 => Ok(Poseidon2::<$t>::new(ParamSet::Old)),
                    1 => Ok(Poseidon2::<$t>::new(ParamSet::New)),
                    _ => Err(SerializationError::InvalidData),
                }
            }
        }
    };
}

#[cfg(feature = "poseidon2")]
poseidon2_width!(2);
#[cfg(feature = "poseidon2")]
poseidon2_width!(3);
#[cfg(feature = "poseidon2")]
poseidon2_width!(4);
