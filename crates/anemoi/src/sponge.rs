//! The Anemoi sponge hash, with the padding of the python/sage reference.

use algebraic_hash::{Hasher, Permutation};

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

/// The absorbing half of the sponge, fed one element at a time.
struct Absorber<'a, F: AnemoiField, const COLUMNS: usize, const WIDTH: usize> {
    permutation: &'a Anemoi<F, COLUMNS, WIDTH>,
    state: [F; WIDTH],
    position: usize,
    absorbed: usize,
}

impl<'a, F: AnemoiField, const COLUMNS: usize, const WIDTH: usize> Absorber<'a, F, COLUMNS, WIDTH> {
    const RATE: usize = WIDTH - 1;

    fn new(permutation: &'a Anemoi<F, COLUMNS, WIDTH>) -> Self {
        Self {
            permutation,
            state: [F::zero(); WIDTH],
            position: 0,
            absorbed: 0,
        }
    }

    #[inline]
    fn absorb(&mut self, element: F) {
        self.state[self.position] += element;
        self.position += 1;
        self.absorbed += 1;
        if self.position == Self::RATE {
            self.permutation.permute_mut(&mut self.state);
            self.position = 0;
        }
    }

    /// Pads, and returns the state after the last permutation (with σ).
    fn finish(mut self) -> [F; WIDTH] {
        if self.absorbed != 0 && self.position == 0 {
            // Whole blocks: the last one is already permuted; σ = 1.
            self.state[WIDTH - 1] += F::one();
        } else {
            // 1 then zeros to the end of the block; σ = 0.
            self.state[self.position] += F::one();
            self.permutation.permute_mut(&mut self.state);
        }
        self.state
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

    /// The sponge state after absorbing `input` with padding.
    fn absorb_all(&self, input: &[F]) -> [F; WIDTH] {
        let mut absorber = Absorber::new(&self.permutation);
        for &element in input {
            absorber.absorb(element);
        }
        absorber.finish()
    }

    /// Squeezes `H` elements from an absorbed state.
    fn squeeze<const H: usize>(&self, mut state: [F; WIDTH]) -> [F; H] {
        let rate = WIDTH - 1;
        let mut out = [F::zero(); H];
        let mut position = 0;
        for o in out.iter_mut() {
            *o = state[position];
            position += 1;
            if position == rate {
                position = 0;
                self.permutation.permute_mut(&mut state);
            }
        }
        out
    }

    /// The one-element digest of the reference (`hash_field` of the Rust
    /// reference, `sponge_hash(P, r, 1, x)` of the python/sage one).
    pub fn hash_elements(&self, input: &[F]) -> F {
        self.hash_elements_to::<1>(input)[0]
    }

    /// An `H`-element digest of `input`.
    pub fn hash_elements_to<const H: usize>(&self, input: &[F]) -> [F; H] {
        self.squeeze(self.absorb_all(input))
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
        let mut absorber = Absorber::new(&self.permutation);
        let mut chunks = bytes.chunks_exact(F::BYTES_PER_ELEMENT);
        for chunk in chunks.by_ref() {
            absorber.absorb(element_from_chunk(chunk, false));
        }
        absorber.absorb(element_from_chunk(chunks.remainder(), true));
        let state = absorber.finish();
        self.squeeze::<1>(state)[0]
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
