//! Compression (t − 1 → 1) and the sponge hash (Barretenberg / Noir rule).
//!
//! **Compression**: `compress([x_0, …, x_{t−2}]) = permute([x_0, …, x_{t−2}, 0])[0]`,
//! the layout of the seed (logos-storage/rust-poseidon-bn254-pure) and of
//! Codex / Logos storage Merkle trees.
//!
//! **Sponge hash** of `n` elements, the rule of Barretenberg's
//! `crypto::Poseidon2::hash` (`FieldSponge::hash_internal`) and Noir's
//! `Poseidon2::hash(input, n)`, for t = 4, and the same construction for every
//! other instance:
//! - the rate is cells `0 … t−2`, the capacity is cell `t−1`, which starts as
//!   the IV `n · 2^64` (all other cells 0);
//! - elements are added into the rate in order; the state is permuted when a
//!   further element arrives for a full rate, and once more at the end (so
//!   `max(1, ⌈n / (t−1)⌉)` permutations; an input filling the rate exactly is
//!   not followed by an extra permutation, and no padding is added);
//! - the digest is cell 0.
//!
//! This is [`DuplexSponge`] with `RATE = t − 1`, `RATE_START = 0`, started
//! from `[0, …, 0, n · 2^64]` and squeezed once. Because the length goes into
//! the IV, the whole input must be known before absorbing (or at least its
//! length): [`Poseidon2::sponge`] takes it. Noir's `hash(input, message_size)`
//! with `message_size < N` equals `hash(&input[..message_size])` here.

use algebraic_hash::{Compression, DuplexSponge, Error, Hasher, Sponge};

use super::{Instance, Poseidon2};
use crate::Fr;
use crate::field::{fr_from_be_bytes, fr_from_le_bytes, fr_from_str};

/// The sponge of width 2 (rate 1).
pub type Sponge2 = DuplexSponge<Fr, Poseidon2<2>, 2, 1, 0>;
/// The sponge of width 3 (rate 2).
pub type Sponge3 = DuplexSponge<Fr, Poseidon2<3>, 3, 2, 0>;
/// The sponge of width 4 (rate 3), Barretenberg's and Noir's.
pub type Sponge4 = DuplexSponge<Fr, Poseidon2<4>, 4, 3, 0>;
/// The sponge of width 8 (rate 7).
pub type Sponge8 = DuplexSponge<Fr, Poseidon2<8>, 8, 7, 0>;
/// The sponge of width 12 (rate 11).
pub type Sponge12 = DuplexSponge<Fr, Poseidon2<12>, 12, 11, 0>;
/// The sponge of width 16 (rate 15).
pub type Sponge16 = DuplexSponge<Fr, Poseidon2<16>, 16, 15, 0>;

/// The capacity IV for an input of `len` elements: `len · 2^64`.
pub fn length_iv(len: usize) -> Fr {
    Fr::from((len as u128) << 64)
}

macro_rules! width_impls {
    ($t:literal, $rate:literal, $sponge:ident) => {
        impl Poseidon2<$t> {
            /// A sponge for an input of `input_len` elements: capacity IV
            /// `input_len · 2^64`, rate cells `0 … t−2`. Absorb exactly
            /// `input_len` elements, then squeeze (the first squeezed
            /// element is [`Poseidon2::hash`] of the input).
            pub fn sponge(&self, input_len: usize) -> $sponge {
                let mut state = [Fr::from(0u64); $t];
                state[$t - 1] = length_iv(input_len);
                DuplexSponge::new(*self, state)
            }

            /// [`Poseidon2::hash`] of the `len` elements yielded by
            /// `elements`, each of which may be an error (a bad string or
            /// word), returned at once; no buffer.
            fn hash_checked(
                &self,
                len: usize,
                elements: impl Iterator<Item = Result<Fr, Error>>,
            ) -> Result<Fr, Error> {
                let mut sponge = self.sponge(len);
                for element in elements {
                    sponge.absorb_one(element?);
                }
                Ok(sponge.squeeze_one())
            }

            /// The sponge hash of `input` (Barretenberg's
            /// `Poseidon2::hash` for t = 4; see the module docs).
            pub fn hash(&self, input: &[Fr]) -> Fr {
                let mut sponge = self.sponge(input.len());
                sponge.absorb(input);
                sponge.squeeze_one()
            }

            /// The sponge hash of elements given as decimal or `0x`-hex
            /// strings; a malformed string or a value ≥ p is an error.
            pub fn hash_strs(&self, input: &[&str]) -> Result<Fr, Error> {
                self.hash_checked(input.len(), input.iter().map(|s| fr_from_str(s)))
            }

            /// The sponge hash of elements given as 32-byte big-endian words
            /// (the order of Barretenberg, Noir and Solidity), one word per
            /// element; a word of another length or a value ≥ p is an error.
            pub fn hash_be_bytes<B: AsRef<[u8]>>(&self, input: &[B]) -> Result<Fr, Error> {
                self.hash_checked(
                    input.len(),
                    input.iter().map(|w| fr_from_be_bytes(w.as_ref())),
                )
            }

            /// The sponge hash of elements given as 32-byte little-endian
            /// words (arkworks' order), one word per element; a word of
            /// another length or a value ≥ p is an error.
            pub fn hash_le_bytes<B: AsRef<[u8]>>(&self, input: &[B]) -> Result<Fr, Error> {
                self.hash_checked(
                    input.len(),
                    input.iter().map(|w| fr_from_le_bytes(w.as_ref())),
                )
            }

            /// `permute([x_0, …, x_{t−2}, 0])[0]`.
            #[inline]
            pub fn compress(&self, input: [Fr; $rate]) -> Fr {
                let mut state = [Fr::from(0u64); $t];
                state[..$rate].copy_from_slice(&input);
                self.permutation_in_place(&mut state);
                state[0]
            }
        }

        impl Compression<Fr, $rate> for Poseidon2<$t> {
            #[inline]
            fn compress(&self, input: [Fr; $rate]) -> Fr {
                Poseidon2::<$t>::compress(self, input)
            }

            /// Through `permute_many` (two states stepped together).
            #[inline]
            fn compress_many(&self, inputs: &[[Fr; $rate]], outputs: &mut [Fr]) {
                crate::batch::compress_many::<_, $t, $rate>(self, inputs, outputs, 0);
            }
        }

        impl Hasher<Fr> for Poseidon2<$t> {
            type Digest = Fr;

            #[inline]
            fn hash_elements(&self, input: &[Fr]) -> Fr {
                self.hash(input)
            }
        }
    };
}

width_impls!(2, 1, Sponge2);
width_impls!(3, 2, Sponge3);
width_impls!(4, 3, Sponge4);
width_impls!(8, 7, Sponge8);
width_impls!(12, 11, Sponge12);
width_impls!(16, 15, Sponge16);

impl Instance {
    /// The sponge hash of `input` (see the module docs).
    pub fn hash(&self, input: &[Fr]) -> Fr {
        match self {
            Self::T2(p) => p.hash(input),
            Self::T3(p) => p.hash(input),
            Self::T4(p) => p.hash(input),
            Self::T8(p) => p.hash(input),
            Self::T12(p) => p.hash(input),
            Self::T16(p) => p.hash(input),
        }
    }

    /// [`Instance::hash`] of decimal or `0x`-hex strings (checked).
    pub fn hash_strs(&self, input: &[&str]) -> Result<Fr, Error> {
        match self {
            Self::T2(p) => p.hash_strs(input),
            Self::T3(p) => p.hash_strs(input),
            Self::T4(p) => p.hash_strs(input),
            Self::T8(p) => p.hash_strs(input),
            Self::T12(p) => p.hash_strs(input),
            Self::T16(p) => p.hash_strs(input),
        }
    }

    /// [`Instance::hash`] of 32-byte big-endian words, one per element (checked).
    pub fn hash_be_bytes<B: AsRef<[u8]>>(&self, input: &[B]) -> Result<Fr, Error> {
        match self {
            Self::T2(p) => p.hash_be_bytes(input),
            Self::T3(p) => p.hash_be_bytes(input),
            Self::T4(p) => p.hash_be_bytes(input),
            Self::T8(p) => p.hash_be_bytes(input),
            Self::T12(p) => p.hash_be_bytes(input),
            Self::T16(p) => p.hash_be_bytes(input),
        }
    }

    /// [`Instance::hash`] of 32-byte little-endian words, one per element (checked).
    pub fn hash_le_bytes<B: AsRef<[u8]>>(&self, input: &[B]) -> Result<Fr, Error> {
        match self {
            Self::T2(p) => p.hash_le_bytes(input),
            Self::T3(p) => p.hash_le_bytes(input),
            Self::T4(p) => p.hash_le_bytes(input),
            Self::T8(p) => p.hash_le_bytes(input),
            Self::T12(p) => p.hash_le_bytes(input),
            Self::T16(p) => p.hash_le_bytes(input),
        }
    }

    /// Compresses exactly `width − 1` elements; another count is
    /// [`Error::WrongLength`].
    pub fn compress_slice(&self, input: &[Fr]) -> Result<Fr, Error> {
        let wrong = |expected| Error::WrongLength {
            what: "Poseidon2 compression input",
            expected,
            found: input.len(),
        };
        match self {
            Self::T2(p) => Ok(p.compress(*<&[Fr; 1]>::try_from(input).map_err(|_| wrong(1))?)),
            Self::T3(p) => Ok(p.compress(*<&[Fr; 2]>::try_from(input).map_err(|_| wrong(2))?)),
            Self::T4(p) => Ok(p.compress(*<&[Fr; 3]>::try_from(input).map_err(|_| wrong(3))?)),
            Self::T8(p) => Ok(p.compress(*<&[Fr; 7]>::try_from(input).map_err(|_| wrong(7))?)),
            Self::T12(p) => Ok(p.compress(*<&[Fr; 11]>::try_from(input).map_err(|_| wrong(11))?)),
            Self::T16(p) => Ok(p.compress(*<&[Fr; 15]>::try_from(input).map_err(|_| wrong(15))?)),
        }
    }
}
