//! The Anemoi sponge hash, with the padding of the python/sage reference.

use algebraic_hash::{DuplexSponge, Hasher};

use crate::field::AnemoiField;
use crate::permutation::Anemoi;
use crate::version::Version;

/// The Anemoi sponge of `sponge_hash` in anemoi-hash/anemoi-hash: rate
/// `WIDTH − 1`, capacity one cell (the last), zero initial state.
///
/// Padding: a message whose length is a non-zero multiple of the rate is
/// absorbed as is and σ = 1 is added to the last (capacity) cell after the
/// final permutation; any other message (the empty one included) gets a 1
/// and then zeros up to a full block, and σ = 0. The digest is read from the
/// rate cells, permuting again whenever they are used up.
///
/// ```
/// use algebraic_hash_anemoi::{AnemoiHash, Version};
/// use ark_ff::One;
///
/// let hasher = AnemoiHash::<ark_bn254::Fq, 2, 4>::new(Version::Crypto2023);
/// let digest = hasher.hash_elements(&[ark_bn254::Fq::one(); 4]);
/// # let _ = digest;
/// ```
#[derive(Clone, Copy, Debug)]
pub struct AnemoiHash<F: 'static, const COLUMNS: usize, const WIDTH: usize> {
    permutation: Anemoi<F, COLUMNS, WIDTH>,
}

/// The reference's sponge on the workspace's [`DuplexSponge`] (rate
/// `W − 1` cells from cell 0, capacity the last cell, elements added), with
/// Anemoi's padding plugged in: after the input, a full last block is
/// permuted and σ = 1 is added to the capacity; otherwise 1 is added after
/// the last element and the block is permuted (σ = 0). The padded state is
/// then squeezed as it is, `H` elements, permuting after every `W − 1`.
fn sponge<F: AnemoiField, const L: usize, const W: usize, const R: usize, const H: usize>(
    version: Version,
    input: impl Iterator<Item = F>,
) -> [F; H] {
    let mut sponge =
        DuplexSponge::<F, Anemoi<F, L, W>, W, R, 0>::new(Anemoi::new(version), [F::zero(); W]);
    let mut absorbed = false;
    for element in input {
        sponge.absorb_one(element);
        absorbed = true;
    }
    let position = sponge.position();
    if absorbed && position == R {
        sponge.permute_now();
        sponge.state_mut()[W - 1] += F::one();
    } else {
        sponge.state_mut()[position] += F::one();
        sponge.permute_now();
    }
    sponge.squeeze_from_state();
    core::array::from_fn(|_| sponge.squeeze_one())
}

/// [`sponge`] at the column count `COLUMNS` (the rate `WIDTH − 1` must be
/// a literal for [`DuplexSponge`]).
fn sponge_of<F: AnemoiField, const COLUMNS: usize, const H: usize>(
    version: Version,
    input: impl Iterator<Item = F>,
) -> [F; H] {
    match COLUMNS {
        1 => sponge::<F, 1, 2, 1, H>(version, input),
        2 => sponge::<F, 2, 4, 3, H>(version, input),
        3 => sponge::<F, 3, 6, 5, H>(version, input),
        4 => sponge::<F, 4, 8, 7, H>(version, input),
        6 => sponge::<F, 6, 12, 11, H>(version, input),
        _ => unreachable!("Anemoi::new checks the column count"),
    }
}

impl<F: AnemoiField, const COLUMNS: usize, const WIDTH: usize> AnemoiHash<F, COLUMNS, WIDTH> {
    /// The sponge of `version` over `F` with `COLUMNS` columns.
    pub fn new(version: Version) -> Self {
        Self {
            permutation: Anemoi::new(version),
        }
    }

    /// The underlying permutation.
    pub fn permutation(&self) -> &Anemoi<F, COLUMNS, WIDTH> {
        &self.permutation
    }

    /// The one-element digest of the reference (`hash_field` of the Rust
    /// reference, `sponge_hash(P, r, 1, x)` of the python/sage one).
    pub fn hash_elements(&self, input: &[F]) -> F {
        self.hash_elements_to::<1>(input)[0]
    }

    /// An `H`-element digest of `input`.
    pub fn hash_elements_to<const H: usize>(&self, input: &[F]) -> [F; H] {
        sponge_of::<F, COLUMNS, H>(self.permutation.version(), input.iter().copied())
    }

    /// A one-element digest of bytes, under an injective encoding: append
    /// the byte 0x01, pad with zero bytes to a multiple of
    /// [`AnemoiField::BYTES_PER_ELEMENT`] (31, or 47 on the 377/381-bit
    /// fields, as the Rust reference), read each chunk as a little-endian
    /// integer, and hash those elements with [`AnemoiHash::hash_elements`].
    ///
    /// This differs from the Rust reference's `hash(&[u8])` only when the
    /// length is a multiple of the chunk size (there the reference adds no
    /// padding byte, so a message ending in 0x01 collides with the one
    /// without it).
    pub fn hash_bytes(&self, bytes: &[u8]) -> F {
        let chunks = bytes.chunks_exact(F::BYTES_PER_ELEMENT);
        let last = element_from_chunk(chunks.remainder(), true);
        let elements = chunks
            .map(|chunk| element_from_chunk(chunk, false))
            .chain(core::iter::once(last));
        sponge_of::<F, COLUMNS, 1>(self.permutation.version(), elements)[0]
    }
}

/// A little-endian chunk of fewer than 48 bytes, optionally followed by 0x01.
fn element_from_chunk<F: AnemoiField>(chunk: &[u8], terminate: bool) -> F {
    let mut buf = [0u8; 48];
    buf[..chunk.len()].copy_from_slice(chunk);
    if terminate {
        buf[chunk.len()] = 1;
    }
    // Below 2^(8 · BYTES_PER_ELEMENT) < p.
    F::from_le_bytes_mod_order(&buf[..F::BYTES_PER_ELEMENT])
}

impl<F: AnemoiField, const COLUMNS: usize, const WIDTH: usize> Hasher<F>
    for AnemoiHash<F, COLUMNS, WIDTH>
{
    type Digest = F;

    fn hash_elements(&self, input: &[F]) -> F {
        AnemoiHash::hash_elements(self, input)
    }
}
