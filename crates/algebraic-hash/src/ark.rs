//! arkworks adapters: any [`Sponge`] of this workspace as an
//! `ark_crypto_primitives` [`CryptographicSponge`], any [`Hasher`] as a
//! [`CRHScheme`] and any 2-to-1 [`Compression`] as a
//! [`TwoToOneCRHScheme`] — so `ark_crypto_primitives::merkle_tree` takes
//! every family's hashes without an adapter of its own.

use alloc::vec;
use alloc::vec::Vec;
use core::marker::PhantomData;

use ark_crypto_primitives::Error as ArkError;
use ark_crypto_primitives::crh::{CRHScheme, TwoToOneCRHScheme};
use ark_crypto_primitives::sponge::{
    Absorb, CryptographicSponge, FieldBasedCryptographicSponge, FieldElementSize,
};
use ark_ff::{BigInteger, PrimeField};

use ark_serialize::{CanonicalDeserialize, CanonicalSerialize};
use ark_std::borrow::Borrow;
use ark_std::rand::Rng;
use core::fmt::Debug;
use core::hash::Hash;

use crate::{Compression, Hasher, Sponge};

/// A duplex sponge `S` over the prime field `F` seen as an arkworks
/// [`CryptographicSponge`] and [`FieldBasedCryptographicSponge<F>`].
///
/// The sponge's configuration ([`CryptographicSponge::Config`]) is the
/// family's own sponge in its initial state, so the IV / domain separation
/// is exactly the family's: for example
/// `algebraic_hash_poseidon::poseidon2::NEW_T3.sponge(n)` starts with the
/// capacity cell `n · 2^64` (Poseidon2's length IV; a transcript that does
/// not know its length up front can use any fixed `n` as a domain tag), and
/// absorbing `n` elements then squeezing one gives the family's `hash`.
///
/// Conversions follow arkworks' own `PoseidonSponge`:
/// - `absorb` turns its input into elements of `F` with
///   [`Absorb::to_sponge_field_elements`];
/// - `squeeze_bytes` / `squeeze_bits` squeeze native elements and keep their
///   low `(MODULUS_BIT_SIZE − 1) / 8` bytes / `MODULUS_BIT_SIZE − 1` bits,
///   little-endian;
/// - `squeeze_field_elements::<F2>` of a field with `F`'s characteristic
///   squeezes native elements; other fields are built from squeezed bits.
pub struct ArkSponge<F, S> {
    sponge: S,
    field: PhantomData<fn() -> F>,
}

impl<F, S: Clone> Clone for ArkSponge<F, S> {
    fn clone(&self) -> Self {
        Self {
            sponge: self.sponge.clone(),
            field: PhantomData,
        }
    }
}

impl<F, S: core::fmt::Debug> core::fmt::Debug for ArkSponge<F, S> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_tuple("ArkSponge").field(&self.sponge).finish()
    }
}

impl<F, S> ArkSponge<F, S> {
    /// Wraps `sponge` (in whatever state it is).
    pub fn from_sponge(sponge: S) -> Self {
        Self {
            sponge,
            field: PhantomData,
        }
    }

    /// The wrapped sponge.
    pub fn into_inner(self) -> S {
        self.sponge
    }
}

impl<F: PrimeField, S: Sponge<F> + Clone> ArkSponge<F, S> {
    fn squeeze_native(&mut self, n: usize) -> Vec<F> {
        let mut out = vec![F::zero(); n];
        self.sponge.squeeze(&mut out);
        out
    }
}

impl<F: PrimeField, S: Sponge<F> + Clone> CryptographicSponge for ArkSponge<F, S> {
    type Config = S;

    fn new(params: &S) -> Self {
        Self::from_sponge(params.clone())
    }

    fn absorb(&mut self, input: &impl Absorb) {
        let elements = input.to_sponge_field_elements_as_vec::<F>();
        self.sponge.absorb(&elements);
    }

    fn squeeze_bytes(&mut self, num_bytes: usize) -> Vec<u8> {
        let usable = ((F::MODULUS_BIT_SIZE - 1) / 8) as usize;
        let elements = self.squeeze_native(num_bytes.div_ceil(usable));
        let mut bytes = Vec::with_capacity(usable * elements.len());
        for e in &elements {
            bytes.extend_from_slice(&e.into_bigint().to_bytes_le()[..usable]);
        }
        bytes.truncate(num_bytes);
        bytes
    }

    fn squeeze_bits(&mut self, num_bits: usize) -> Vec<bool> {
        let usable = (F::MODULUS_BIT_SIZE - 1) as usize;
        let elements = self.squeeze_native(num_bits.div_ceil(usable));
        let mut bits = Vec::with_capacity(usable * elements.len());
        for e in &elements {
            bits.extend_from_slice(&e.into_bigint().to_bits_le()[..usable]);
        }
        bits.truncate(num_bits);
        bits
    }

    fn squeeze_field_elements_with_sizes<F2: PrimeField>(
        &mut self,
        sizes: &[FieldElementSize],
    ) -> Vec<F2> {
        if F::characteristic() == F2::characteristic()
            && sizes.iter().all(|s| *s == FieldElementSize::Full)
        {
            self.squeeze_field_elements(sizes.len())
        } else {
            // arkworks' generic rule: elements built from squeezed bits.
            let total: usize = sizes
                .iter()
                .map(|s| match s {
                    FieldElementSize::Full => (F2::MODULUS_BIT_SIZE - 1) as usize,
                    FieldElementSize::Truncated(n) => *n,
                })
                .sum();
            let bits = self.squeeze_bits(total);
            let mut window = bits.as_slice();
            let mut out = Vec::with_capacity(sizes.len());
            for s in sizes {
                let n = match s {
                    FieldElementSize::Full => (F2::MODULUS_BIT_SIZE - 1) as usize,
                    FieldElementSize::Truncated(n) => *n,
                };
                let bytes: Vec<u8> = window[..n]
                    .chunks(8)
                    .map(|c| c.iter().rev().fold(0u8, |acc, &b| (acc << 1) | b as u8))
                    .collect();
                window = &window[n..];
                out.push(F2::from_le_bytes_mod_order(&bytes));
            }
            out
        }
    }

    fn squeeze_field_elements<F2: PrimeField>(&mut self, num_elements: usize) -> Vec<F2> {
        if F::characteristic() == F2::characteristic() {
            self.squeeze_native(num_elements)
                .iter()
                .map(|e| F2::from_le_bytes_mod_order(&e.into_bigint().to_bytes_le()))
                .collect()
        } else {
            self.squeeze_field_elements_with_sizes::<F2>(&vec![
                FieldElementSize::Full;
                num_elements
            ])
        }
    }
}

impl<F: PrimeField, S: Sponge<F> + Clone> FieldBasedCryptographicSponge<F> for ArkSponge<F, S> {
    fn squeeze_native_field_elements(&mut self, num_elements: usize) -> Vec<F> {
        self.squeeze_native(num_elements)
    }
}

/// A [`Hasher`] `H` over `F` as an arkworks [`CRHScheme`]: `evaluate`
/// hashes the input slice with `H::default()` (the instance value: the
/// families' instance types that carry no data are `Default`), and an
/// input the hasher refuses (a length its instance does not take) is an
/// arkworks error, not a panic. Parameters are `()`; `setup` ignores its
/// random source.
pub struct HasherCrh<F, H>(PhantomData<fn() -> (F, H)>);

impl<F, H> CRHScheme for HasherCrh<F, H>
where
    F: Send,
    H: Hasher<F> + Default,
    H::Digest: Hash + Default + CanonicalSerialize + CanonicalDeserialize,
{
    type Input = [F];
    type Output = H::Digest;
    type Parameters = ();

    fn setup<R: Rng>(_: &mut R) -> Result<(), ArkError> {
        Ok(())
    }

    fn evaluate<T: Borrow<[F]>>(_: &(), input: T) -> Result<H::Digest, ArkError> {
        H::default()
            .try_hash_elements(input.borrow())
            .map_err(|e| ArkError::GenericError(alloc::boxed::Box::new(e)))
    }
}

/// A 2-to-1 [`Compression`] `C` of digests `D` as an arkworks
/// [`TwoToOneCRHScheme`]: `evaluate` and `compress` both give
/// `C::default().compress([left, right])` (leaves and inner nodes are the
/// same digest type). Parameters are `()`; `setup` ignores its random
/// source.
pub struct CompressionCrh<D, C>(PhantomData<fn() -> (D, C)>);

impl<D, C> TwoToOneCRHScheme for CompressionCrh<D, C>
where
    D: Clone + Eq + Debug + Hash + Default + CanonicalSerialize + CanonicalDeserialize,
    C: Compression<D, 2> + Default,
{
    type Input = D;
    type Output = D;
    type Parameters = ();

    fn setup<R: Rng>(_: &mut R) -> Result<(), ArkError> {
        Ok(())
    }

    fn evaluate<T: Borrow<D>>(_: &(), left: T, right: T) -> Result<D, ArkError> {
        Ok(C::default().compress([left.borrow().clone(), right.borrow().clone()]))
    }

    fn compress<T: Borrow<D>>(_: &(), left: T, right: T) -> Result<D, ArkError> {
        Ok(C::default().compress([left.borrow().clone(), right.borrow().clone()]))
    }
}
