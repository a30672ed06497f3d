//! Rp64_256: the Rescue-Prime sponge of Winterfell over Goldilocks.
//!
//! Parameters: width 12, capacity `state[0..4]`, rate `state[4..12]`, digest
//! `state[4..8]`, 7 rounds of `x^7 → MDS → ARK1 → x^(1/7) → MDS → ARK2`.
//!
//! # Deviations from the Rescue-Prime paper (all Winterfell's, kept here)
//!
//! - 7 rounds (a 40 % security margin) instead of the paper's 8 (50 %).
//! - No `1 0 … 0` padding of element inputs: `state[0]` starts as the
//!   number of elements to hash, and the last block is padded with zeros.
//!   Hence the input length must be known up front (no streaming).
//! - Capacity in the first four cells and rate in the last eight (the paper
//!   puts the capacity last); the digest is the first four rate cells.
//! - The MDS matrix is a circulant one with small entries (first row
//!   `[7, 23, 8, 26, 13, 10, 9, 7, 6, 22, 21, 8]`) instead of a Vandermonde
//!   construction.
//!
//! # Deviation from winter-crypto 0.13.1
//!
//! winter-crypto's `hash(&[u8])` panics (slice length mismatch) when the
//! input is longer than 56 bytes and its length is not a multiple of 7: its
//! test for "last chunk" compares the rate index, which restarts at 0 after
//! each permutation, with the number of chunks. For such inputs this crate
//! returns what that code intends — the last chunk followed by a `0x01` byte —
//! instead of panicking. For every other input the answer is winter-crypto's,
//! including its quirk that inputs longer than 56 bytes whose length is a
//! multiple of 7 get no `0x01` marker at all.

use core::ops::Range;

use algebraic_hash::{Compression, Error, Hasher, Permutation};

use crate::arch;
use crate::constants::{NUM_ROUNDS, Rp64};
use crate::digest::{DIGEST_SIZE, ElementDigest};
use crate::field::{Felt, MODULUS, raw};
use crate::permutation::RawState;
use crate::sponge::{RescueSponge, RowSponge, digest_at};

/// State width in field elements.
pub const STATE_WIDTH: usize = 12;
/// Rate cells.
pub const RATE_RANGE: Range<usize> = 4..12;
/// Capacity cells.
pub const CAPACITY_RANGE: Range<usize> = 0..4;
/// Digest cells.
pub const DIGEST_RANGE: Range<usize> = 4..8;
const RATE_WIDTH: usize = 8;

/// Rescue-Prime Rp64_256 as in Winterfell (`winter_crypto::hashers::Rp64_256`):
/// the same inherent functions under the same names, plus the workspace's
/// traits ([`Permutation`], [`Hasher`], [`Compression`]).
///
/// ```
/// use algebraic_hash_rescue::{Felt, Rp64_256};
/// let a = Rp64_256::hash_elements(&[Felt::from(1u8), Felt::from(2u8)]);
/// let b = Rp64_256::hash(b"hello");
/// let m = Rp64_256::merge(&[a, b]);
/// assert_eq!(m, Rp64_256::merge_many(&[a, b]));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Rp64_256;

/// The Rp64_256 permutation on the best backend (raw out).
#[inline(always)]
fn permute_raw(state: &mut RawState) {
    arch::permute_raw::<Rp64>(state, 0..NUM_ROUNDS);
}

/// The Rp64_256 permutation of many states on the best backend (raw out).
#[inline(always)]
fn permute_many_raw(states: &mut [RawState]) {
    arch::permute_many_raw::<Rp64>(states, 0..NUM_ROUNDS);
}

#[inline(always)]
fn digest_of(state: &RawState) -> ElementDigest {
    ElementDigest::new([
        Felt::from_raw(state[4]),
        Felt::from_raw(state[5]),
        Felt::from_raw(state[6]),
        Felt::from_raw(state[7]),
    ])
}

#[inline(always)]
fn load_digest(cells: &mut [u64], digest: &ElementDigest) {
    for (c, e) in cells.iter_mut().zip(digest.as_elements()) {
        *c = e.to_u64();
    }
}

/// `hash_elements` of `len` canonical values given by an iterator:
/// Winterfell's rule on the workspace's sponge. `state[0]` starts as `len`,
/// each value is added to the next rate cell (`4 + i`), and the sponge
/// flushes (a partial last block is permuted too; no value, no
/// permutation).
#[inline]
pub(crate) fn hash_values(len: usize, values: impl Iterator<Item = u64>) -> ElementDigest {
    let mut state = [Felt::ZERO; STATE_WIDTH];
    state[0] = Felt::from_u64_reduced(len as u64);
    let mut sponge = RescueSponge::<Rp64_256, 4>::new(Rp64_256, state);
    for v in values {
        sponge.absorb_one(Felt::from_raw(v));
    }
    sponge.flush();
    digest_at(sponge.state(), 4)
}

impl Rp64_256 {
    /// Rounds of the permutation.
    pub const NUM_ROUNDS: usize = crate::constants::NUM_ROUNDS;
    /// State width in field elements.
    pub const STATE_WIDTH: usize = STATE_WIDTH;
    /// Rate cells of the state.
    pub const RATE_RANGE: Range<usize> = RATE_RANGE;
    /// Capacity cells of the state.
    pub const CAPACITY_RANGE: Range<usize> = CAPACITY_RANGE;
    /// Cells read out as the digest.
    pub const DIGEST_RANGE: Range<usize> = DIGEST_RANGE;

    /// Applies the Rescue-XLIX permutation to `state`.
    #[inline]
    pub fn apply_permutation(state: &mut [Felt; STATE_WIDTH]) {
        let mut s: RawState = state.map(Felt::to_u64);
        permute_raw(&mut s);
        *state = s.map(Felt::from_raw);
    }

    /// Applies the permutation to each of `states`: the same as
    /// [`Rp64_256::apply_permutation`] on each, but the SIMD backends work on
    /// several states at once.
    pub fn apply_permutation_many(states: &mut [[Felt; STATE_WIDTH]]) {
        const CHUNK: usize = 16;
        for group in states.chunks_mut(CHUNK) {
            let mut raw = [[0u64; STATE_WIDTH]; CHUNK];
            let raw = &mut raw[..group.len()];
            for (r, s) in raw.iter_mut().zip(group.iter()) {
                *r = s.map(Felt::to_u64);
            }
            permute_many_raw(raw);
            for (s, r) in group.iter_mut().zip(raw.iter()) {
                *s = r.map(Felt::from_raw);
            }
        }
    }

    /// Hashes bytes as Winterfell does: 7-byte little-endian chunks, each an
    /// element, the last one followed by a `0x01` byte (see the module doc
    /// for winter-crypto's exceptions above 56 bytes); `state[0]` starts as
    /// the number of chunks.
    ///
    /// Not consistent with [`Rp64_256::hash_elements`] on the elements'
    /// byte encodings (as in Winterfell).
    pub fn hash(bytes: &[u8]) -> ElementDigest {
        let n = bytes.len();
        let num_elements = n.div_ceil(7);
        // Winterfell marks the last chunk only when it can: see module doc.
        let mark_last = n <= 56 || !n.is_multiple_of(7);
        let chunks = bytes.chunks(7).enumerate().map(|(k, chunk)| {
            let mut buf = [0u8; 8];
            buf[..chunk.len()].copy_from_slice(chunk);
            if mark_last && k + 1 == num_elements {
                buf[chunk.len()] = 1;
            }
            // At most 57 bits: always canonical.
            u64::from_le_bytes(buf)
        });
        hash_values(num_elements, chunks)
    }

    /// Hashes field elements: `state[0]` starts as `elements.len()`, the
    /// elements are absorbed 8 at a time into the rate, the last block is
    /// zero-padded.
    pub fn hash_elements(elements: &[Felt]) -> ElementDigest {
        hash_values(elements.len(), elements.iter().map(|e| e.to_u64()))
    }

    /// Hashes many rows of `width` elements at once: `outputs[i] =
    /// hash_elements(&rows[i * width..(i + 1) * width])`, with the SIMD
    /// backends running the rows' permutations side by side (one
    /// `permute_many` per block of 8 elements over 16 rows; eight states
    /// per AVX-512 register set). `rows.len()` must be `width *
    /// outputs.len()`, else [`Error::WrongLength`] (nothing is written
    /// then).
    ///
    /// ```
    /// use algebraic_hash_rescue::{ElementDigest, Felt, Rp64_256};
    /// let rows: Vec<Felt> = (0..30u32).map(Felt::from).collect();
    /// let mut digests = [ElementDigest::default(); 3];
    /// Rp64_256::hash_elements_many(&rows, 10, &mut digests).unwrap();
    /// assert_eq!(digests[2], Rp64_256::hash_elements(&rows[20..30]));
    /// ```
    pub fn hash_elements_many(
        rows: &[Felt],
        width: usize,
        outputs: &mut [ElementDigest],
    ) -> Result<(), Error> {
        crate::sponge::hash_elements_many_with::<Self>(rows, width, outputs)
    }

    /// Merges two digests (for Merkle trees): equal to
    /// [`Rp64_256::hash_elements`] of their 8 elements.
    pub fn merge(values: &[ElementDigest; 2]) -> ElementDigest {
        let mut state: RawState = [0; STATE_WIDTH];
        state[0] = RATE_WIDTH as u64;
        load_digest(&mut state[4..8], &values[0]);
        load_digest(&mut state[8..12], &values[1]);
        permute_raw(&mut state);
        digest_of(&state)
    }

    /// Hashes many digests: [`Rp64_256::hash_elements`] of all their
    /// elements in order (as Winterfell).
    pub fn merge_many(values: &[ElementDigest]) -> ElementDigest {
        hash_values(
            values.len() * DIGEST_SIZE,
            ElementDigest::digests_as_elements(values).map(Felt::to_u64),
        )
    }

    /// Merges many pairs at once (a Merkle tree layer): `outputs[i] =
    /// merge(&inputs[i])`, with the SIMD backends working on several pairs
    /// together. Lengths that differ are [`Error::WrongLength`] (nothing is
    /// written then).
    pub fn merge_pairs(
        inputs: &[[ElementDigest; 2]],
        outputs: &mut [ElementDigest],
    ) -> Result<(), Error> {
        crate::sponge::merge_pairs_with(
            inputs,
            outputs,
            |pair| {
                let mut state: RawState = [0; STATE_WIDTH];
                state[0] = RATE_WIDTH as u64;
                load_digest(&mut state[4..8], &pair[0]);
                load_digest(&mut state[8..12], &pair[1]);
                state
            },
            permute_many_raw,
            digest_of,
        )
    }

    /// Hashes `seed ‖ value` (Winterfell's PRNG / proof-of-work helper).
    ///
    /// Every `u64` is accepted, as in Winterfell: a `value < p` is one
    /// element (`state[0] = 5`); a `value ≥ p` is the two elements
    /// `value - p` and `1` (`value mod p` and `value / p`, `state[0] = 6`).
    pub fn merge_with_int(seed: ElementDigest, value: u64) -> ElementDigest {
        let mut state: RawState = [0; STATE_WIDTH];
        load_digest(&mut state[4..8], &seed);
        state[8] = raw::canonical(value);
        if value < MODULUS {
            state[0] = DIGEST_SIZE as u64 + 1;
        } else {
            state[9] = value / MODULUS;
            state[0] = DIGEST_SIZE as u64 + 2;
        }
        permute_raw(&mut state);
        digest_of(&state)
    }
}

/// Winterfell's rule: `state[0]` = the row's length, blocks added into
/// `state[4..12]`, digest `state[4..8]`.
impl RowSponge for Rp64_256 {
    const RATE_START: usize = 4;
    const OVERWRITE: bool = false;
    #[inline(always)]
    fn row_state(len: usize) -> RawState {
        let mut state: RawState = [0; STATE_WIDTH];
        state[0] = Felt::from_u64_reduced(len as u64).to_u64();
        state
    }
    #[inline(always)]
    fn permute_rows(states: &mut [RawState]) {
        permute_many_raw(states);
    }
}

impl Permutation<[Felt; STATE_WIDTH]> for Rp64_256 {
    #[inline]
    fn permute_mut(&self, state: &mut [Felt; STATE_WIDTH]) {
        Self::apply_permutation(state);
    }

    /// Several states at once on the SIMD backends (eight interleaved in
    /// AVX-512 registers, four in AVX2 registers beside a fifth on the
    /// scalar units, two in NEON registers); same results as one by one.
    #[inline]
    fn permute_many(&self, states: &mut [[Felt; STATE_WIDTH]]) {
        Self::apply_permutation_many(states);
    }
}

impl Hasher<Felt> for Rp64_256 {
    type Digest = ElementDigest;
    #[inline]
    fn hash_elements(&self, input: &[Felt]) -> ElementDigest {
        Self::hash_elements(input)
    }
}

impl Compression<ElementDigest, 2> for Rp64_256 {
    #[inline]
    fn compress(&self, input: [ElementDigest; 2]) -> ElementDigest {
        Self::merge(&input)
    }

    /// Batched: [`Rp64_256::merge_pairs`].
    ///
    /// # Panics
    /// If `inputs` and `outputs` differ in length (the trait's contract).
    fn compress_many(&self, inputs: &[[ElementDigest; 2]], outputs: &mut [ElementDigest]) {
        assert_eq!(inputs.len(), outputs.len(), "one output per input");
        let _ = Self::merge_pairs(inputs, outputs);
    }
}
