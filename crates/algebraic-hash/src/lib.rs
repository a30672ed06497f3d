#![doc = include_str!("../README.md")]
#![no_std]
#![cfg_attr(docsrs, feature(doc_cfg))]
#![forbid(unsafe_code)]

#[cfg(feature = "alloc")]
extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

#[cfg(feature = "ark-crypto-primitives")]
mod ark;
mod compression;
mod error;
#[cfg(feature = "alloc")]
mod merkle;
pub mod parse;
#[cfg(feature = "plonky3")]
mod plonky3;
mod sponge;
pub mod word;

#[cfg(feature = "ark-crypto-primitives")]
#[cfg_attr(docsrs, doc(cfg(feature = "ark-crypto-primitives")))]
pub use ark::{ArkSponge, CompressionCrh, HasherCrh};
pub use compression::{Jive, TruncatedPermutation, compress_many_with, jive_output};
pub use error::Error;
#[cfg(feature = "alloc")]
#[cfg_attr(docsrs, doc(cfg(feature = "alloc")))]
pub use merkle::{MerkleError, MerklePath, MerkleTree};
#[cfg(feature = "plonky3")]
#[cfg_attr(docsrs, doc(cfg(feature = "plonky3")))]
pub use plonky3::permute_packed;
pub use sponge::{DuplexSponge, PaddingFreeSponge};

/// A fixed, public permutation of a state `S` (usually `[F; WIDTH]`).
///
/// Implementations are cheap to clone (they hold constants or references to
/// them) and shareable between threads, so that batch and parallel code can
/// hand them around freely.
pub trait Permutation<S>: Clone + Sync {
    /// Permutes `state` in place.
    fn permute_mut(&self, state: &mut S);

    /// Permutes `state` and returns it.
    #[inline]
    fn permute(&self, mut state: S) -> S {
        self.permute_mut(&mut state);
        state
    }

    /// Permutes many independent states.
    ///
    /// The result is the same as calling [`Permutation::permute_mut`] on each
    /// state in turn; SIMD backends override this to work on several states at
    /// once.
    #[inline]
    fn permute_many(&self, states: &mut [S]) {
        for state in states {
            self.permute_mut(state);
        }
    }
}

/// A sponge over field elements: absorb any number of elements, then squeeze.
pub trait Sponge<F> {
    /// Absorbs `input` (may be called several times; the pieces concatenate).
    fn absorb(&mut self, input: &[F]);
    /// Fills `output` with squeezed elements (may be called several times).
    fn squeeze(&mut self, output: &mut [F]);
}

/// An `N`-to-1 compression of digests `D`, as used by Merkle trees
/// (Jive, a truncated permutation, or a family's own `merge`).
pub trait Compression<D, const N: usize = 2>: Clone + Sync {
    /// Compresses `N` digests into one.
    fn compress(&self, input: [D; N]) -> D;

    /// Compresses many independent inputs: `outputs[i] = compress(inputs[i])`.
    ///
    /// Batch backends (SIMD) override this; Merkle trees call it per level.
    ///
    /// # Panics
    /// If `inputs` and `outputs` differ in length.
    #[inline]
    fn compress_many(&self, inputs: &[[D; N]], outputs: &mut [D])
    where
        D: Clone,
    {
        assert_eq!(inputs.len(), outputs.len(), "one output per input");
        for (input, output) in inputs.iter().zip(outputs.iter_mut()) {
            *output = self.compress(input.clone());
        }
    }

    /// [`Compression::compress_many`], or [`Error::WrongLength`] (what:
    /// `"compress_many outputs"`) when `outputs` and `inputs` differ in
    /// length, where `compress_many` panics.
    #[inline]
    fn try_compress_many(&self, inputs: &[[D; N]], outputs: &mut [D]) -> Result<(), Error>
    where
        D: Clone,
    {
        if inputs.len() != outputs.len() {
            return Err(Error::WrongLength {
                what: "compress_many outputs",
                expected: inputs.len(),
                found: outputs.len(),
            });
        }
        self.compress_many(inputs, outputs);
        Ok(())
    }
}

/// A hash of a sequence of field elements, with the instance's own padding
/// and domain separation.
pub trait Hasher<F>: Clone + Sync {
    /// The hash output.
    type Digest: Copy + Eq + core::fmt::Debug + Send + Sync;
    /// Hashes `input`.
    fn hash_elements(&self, input: &[F]) -> Self::Digest;

    /// Hashes `input`, or refuses it with a typed error. Most instances
    /// take any number of elements and never fail (this default); an
    /// instance whose input count is fixed (circomlib's `Poseidon(n)`)
    /// refuses another count here where [`Hasher::hash_elements`] panics.
    #[inline]
    fn try_hash_elements(&self, input: &[F]) -> Result<Self::Digest, Error> {
        Ok(self.hash_elements(input))
    }
}

impl<S, P: Permutation<S>> Permutation<S> for &P {
    #[inline]
    fn permute_mut(&self, state: &mut S) {
        (**self).permute_mut(state)
    }
    #[inline]
    fn permute_many(&self, states: &mut [S]) {
        (**self).permute_many(states)
    }
}

impl<D, C: Compression<D, N>, const N: usize> Compression<D, N> for &C {
    #[inline]
    fn compress(&self, input: [D; N]) -> D {
        (**self).compress(input)
    }
    #[inline]
    fn compress_many(&self, inputs: &[[D; N]], outputs: &mut [D])
    where
        D: Clone,
    {
        (**self).compress_many(inputs, outputs)
    }
}

impl<F, H: Hasher<F>> Hasher<F> for &H {
    type Digest = H::Digest;
    #[inline]
    fn hash_elements(&self, input: &[F]) -> Self::Digest {
        (**self).hash_elements(input)
    }
    #[inline]
    fn try_hash_elements(&self, input: &[F]) -> Result<Self::Digest, Error> {
        (**self).try_hash_elements(input)
    }
}
