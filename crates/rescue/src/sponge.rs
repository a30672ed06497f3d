//! The crate's sponges on the workspace's `DuplexSponge` ([`RescueSponge`]):
//! Miden's rule for Rpo256 and Rpx256 (miden-crypto 0.36), written once for
//! both permutations (Rp64_256 plugs Winterfell's rule into the same sponge
//! in `rp64_256.rs`), and the macro that gives both Miden hash types the
//! same public API.
//!
//! Layout (miden-crypto 0.28 to 0.36; older miden-crypto, up to 0.13, had Winterfell's
//! capacity-first layout): rate `state[0..8]`, capacity `state[8..12]`,
//! digest `state[0..4]`. The sponge overwrites the rate (it does not add),
//! and pads as eprint 2023/1045 says:
//! - elements: `state[8] = len mod 8`, the last partial block zero-filled;
//! - bytes: 7 per element (little-endian), the last chunk followed by a
//!   `0x01` byte, `state[8] = 8 + (chunks mod 8)` (so bytes and elements
//!   never collide);
//! - domain separation (`merge_in_domain`, `hash_elements_in_domain`):
//!   `state[9] = domain`;
//! - no elements run no permutation: their digest is `[0, 0, 0, 0]`;
//! - no bytes are one block holding only the padding byte: `state[0] = 1`,
//!   `state[8] = 8`, one permutation (miden-crypto 0.28.2 and later, up to
//!   0.36.3, the current release; 0.28.1 and earlier gave `[0, 0, 0, 0]`).

use algebraic_hash::{DuplexSponge, Error, Permutation};

use crate::digest::ElementDigest;
use crate::field::Felt;
use crate::field::raw;
use crate::permutation::RawState;

/// Rate cells.
pub(crate) const RATE_WIDTH: usize = 8;
/// The capacity cell that carries the padding flag.
const PAD_CELL: usize = 8;
/// The capacity cell that carries the domain.
const DOMAIN_CELL: usize = 9;

/// A permutation the Miden sponge runs (raw in, raw out).
pub(crate) trait MidenPermutation {
    /// One state.
    fn permute(state: &mut RawState);
    /// Many independent states (the SIMD backends interleave them).
    fn permute_many(states: &mut [RawState]);
}

#[inline(always)]
pub(crate) fn digest_of(state: &RawState) -> ElementDigest {
    ElementDigest::new([
        Felt::from_raw(state[0]),
        Felt::from_raw(state[1]),
        Felt::from_raw(state[2]),
        Felt::from_raw(state[3]),
    ])
}

/// The crate's sponges: the workspace's [`DuplexSponge`] on a 12-cell
/// Goldilocks state, 8 rate cells from `RATE_START` (4 for Rp64_256, whose
/// capacity comes first; 0 for RPO and RPX).
pub(crate) type RescueSponge<P, const RATE_START: usize> =
    DuplexSponge<Felt, P, 12, RATE_WIDTH, RATE_START>;

/// The digest: the four cells from `start` of a sponge's state.
#[inline(always)]
pub(crate) fn digest_at(state: &[Felt; 12], start: usize) -> ElementDigest {
    ElementDigest::new([
        state[start],
        state[start + 1],
        state[start + 2],
        state[start + 3],
    ])
}

/// Miden's absorbing rule on the shared sponge: each value overwrites the
/// next rate cell, a partial last block is zero-filled, and the sponge
/// flushes (no value, no permutation). The digest is the first four cells.
#[inline(always)]
fn absorb<P>(initial_state: [Felt; 12], values: impl Iterator<Item = u64>) -> ElementDigest
where
    P: MidenPermutation + Permutation<[Felt; 12]> + Default,
{
    let mut sponge = RescueSponge::<P, 0>::new(P::default(), initial_state);
    for v in values {
        sponge.overwrite_one(Felt::from_raw(v));
    }
    let used = sponge.position();
    if used > 0 {
        sponge.state_mut()[used..RATE_WIDTH].fill(Felt::ZERO);
    }
    sponge.flush();
    digest_at(sponge.state(), 0)
}

/// The initial state of Miden's sponge: the padding flag and the domain in
/// the capacity.
#[inline(always)]
fn miden_initial_state(pad: u64, domain: Felt) -> [Felt; 12] {
    let mut state = [Felt::ZERO; 12];
    state[PAD_CELL] = Felt::from_raw(pad);
    state[DOMAIN_CELL] = domain;
    state
}

/// The state Miden's `hash_elements` starts from for `len` elements.
#[inline(always)]
pub(crate) fn miden_row_state(len: usize) -> RawState {
    miden_initial_state((len % RATE_WIDTH) as u64, Felt::ZERO).map(Felt::to_u64)
}

/// `hash_elements_in_domain` over `len` canonical values.
pub(crate) fn hash_values<P>(
    len: usize,
    values: impl Iterator<Item = u64>,
    domain: Felt,
) -> ElementDigest
where
    P: MidenPermutation + Permutation<[Felt; 12]> + Default,
{
    absorb::<P>(
        miden_initial_state((len % RATE_WIDTH) as u64, domain),
        values,
    )
}

/// `hash` over bytes.
pub(crate) fn hash_bytes<P>(bytes: &[u8]) -> ElementDigest
where
    P: MidenPermutation + Permutation<[Felt; 12]> + Default,
{
    if bytes.is_empty() {
        // The padding byte alone, as a chunk of its own, under the flag of
        // zero chunks (miden-crypto since 0.28.2).
        return absorb::<P>(
            miden_initial_state(RATE_WIDTH as u64, Felt::ZERO),
            core::iter::once(1),
        );
    }
    let chunks = bytes.len().div_ceil(7);
    let values = bytes.chunks(7).enumerate().map(|(k, chunk)| {
        let mut buf = [0u8; 8];
        buf[..chunk.len()].copy_from_slice(chunk);
        if k + 1 == chunks {
            buf[chunk.len()] = 1;
        }
        // At most 57 bits: always canonical.
        u64::from_le_bytes(buf)
    });
    absorb::<P>(
        miden_initial_state((RATE_WIDTH + chunks % RATE_WIDTH) as u64, Felt::ZERO),
        values,
    )
}

/// The state `merge_in_domain` permutes.
#[inline(always)]
pub(crate) fn merge_state(values: &[ElementDigest; 2], domain: Felt) -> RawState {
    let mut state: RawState = [0; 12];
    for (cell, e) in state[..RATE_WIDTH]
        .iter_mut()
        .zip(ElementDigest::digests_as_elements(values))
    {
        *cell = e.to_u64();
    }
    state[DOMAIN_CELL] = domain.to_u64();
    state
}

/// The batched merge of the crate's three hashes: `outputs[i]` is the digest
/// (`digest`) of `permute_many` over `state(&inputs[i])`, 16 states at a
/// time. Lengths that differ are [`Error::WrongLength`] (nothing is written).
#[inline(always)]
pub(crate) fn merge_pairs_with(
    inputs: &[[ElementDigest; 2]],
    outputs: &mut [ElementDigest],
    state: impl Fn(&[ElementDigest; 2]) -> RawState,
    permute_many: impl Fn(&mut [RawState]),
    digest: impl Fn(&RawState) -> ElementDigest,
) -> Result<(), Error> {
    if inputs.len() != outputs.len() {
        return Err(Error::WrongLength {
            what: "merge_pairs outputs",
            expected: inputs.len(),
            found: outputs.len(),
        });
    }
    const CHUNK: usize = 16;
    for (ins, outs) in inputs.chunks(CHUNK).zip(outputs.chunks_mut(CHUNK)) {
        let mut raw = [[0u64; 12]; CHUNK];
        let raw = &mut raw[..ins.len()];
        for (s, pair) in raw.iter_mut().zip(ins) {
            *s = state(pair);
        }
        permute_many(raw);
        for (out, s) in outs.iter_mut().zip(raw.iter()) {
            *out = digest(s);
        }
    }
    Ok(())
}

/// How one of the crate's hashes absorbs a row of field elements, for the
/// batched `hash_elements_many`: the sponge rule of its `hash_elements`
/// (see [`hash_rows`]) and its permutation of many states.
pub(crate) trait RowSponge {
    /// The first rate cell, which is also the first digest cell (4 for
    /// Rp64_256, 0 for RPO and RPX).
    const RATE_START: usize;
    /// `true`: each block overwrites the rate, a partial last block
    /// zero-filled (Miden); `false`: each block is added into the rate
    /// (Rp64_256).
    const OVERWRITE: bool;
    /// The state before the first block of a row of `len` elements (the
    /// length or padding flag in the capacity).
    fn row_state(len: usize) -> RawState;
    /// The permutation of many independent states (SIMD lanes).
    fn permute_rows(states: &mut [RawState]);
}

/// States hashed side by side: two AVX-512 groups of eight.
const ROW_GROUP: usize = 16;

/// `outputs[i]` = `hash_elements` of row `i` (`width` elements), for every
/// row at once: the rows go through the sponge [`ROW_GROUP`] at a time,
/// block by block, each block one `permute_rows` over the group's states.
/// Rows of equal length take the same number of permutations, so a group
/// never waits for a longer row. `load(row, start, dst)` writes the
/// canonical values of elements `start..start + dst.len()` of row `row`
/// into `dst`. A row of no elements runs no permutation: its digest is
/// zero, as for `hash_elements` of all three hashes.
#[inline]
pub(crate) fn hash_rows<S: RowSponge>(
    width: usize,
    outputs: &mut [ElementDigest],
    mut load: impl FnMut(usize, usize, &mut [u64]),
) {
    if width == 0 {
        outputs.fill(ElementDigest::default());
        return;
    }
    let rate = S::RATE_START..S::RATE_START + RATE_WIDTH;
    for (g, outs) in outputs.chunks_mut(ROW_GROUP).enumerate() {
        let mut states = [S::row_state(width); ROW_GROUP];
        let states = &mut states[..outs.len()];
        for start in (0..width).step_by(RATE_WIDTH) {
            let n = RATE_WIDTH.min(width - start);
            for (k, state) in states.iter_mut().enumerate() {
                let mut block = [0u64; RATE_WIDTH];
                load(g * ROW_GROUP + k, start, &mut block[..n]);
                let cells = &mut state[rate.clone()];
                if S::OVERWRITE {
                    cells.copy_from_slice(&block);
                } else {
                    for (c, v) in cells.iter_mut().zip(&block[..n]) {
                        *c = raw::add_canonical(*c, *v);
                    }
                }
            }
            S::permute_rows(states);
        }
        for (out, state) in outs.iter_mut().zip(states.iter()) {
            *out = ElementDigest::new(core::array::from_fn(|i| {
                Felt::from_raw(state[S::RATE_START + i])
            }));
        }
    }
}

/// `hash_elements_many` of the three hashes: `rows` holds `outputs.len()`
/// rows of `width` elements one after the other; anything else is
/// [`Error::WrongLength`] (nothing is written then).
pub(crate) fn hash_elements_many_with<S: RowSponge>(
    rows: &[Felt],
    width: usize,
    outputs: &mut [ElementDigest],
) -> Result<(), Error> {
    let expected = width.saturating_mul(outputs.len());
    if rows.len() != expected {
        return Err(Error::WrongLength {
            what: "hash_elements_many rows (width × outputs)",
            expected,
            found: rows.len(),
        });
    }
    hash_rows::<S>(width, outputs, |row, start, dst| {
        let from = &rows[row * width + start..][..dst.len()];
        for (d, e) in dst.iter_mut().zip(from) {
            *d = e.to_u64();
        }
    });
    Ok(())
}

/// The public API of a Miden hash type `$name` over permutation `$perm`
/// (a [`MidenPermutation`]), documented with the hash's `$label`.
macro_rules! miden_hash_api {
    ($name:ident, $label:literal) => {
        impl $name {
            /// Rounds of the permutation.
            pub const NUM_ROUNDS: usize = crate::constants::NUM_ROUNDS;
            /// State width in field elements.
            pub const STATE_WIDTH: usize = 12;
            /// Rate cells (first in the state, unlike Rp64_256).
            pub const RATE_RANGE: core::ops::Range<usize> = 0..8;
            /// The first word of the rate.
            pub const RATE0_RANGE: core::ops::Range<usize> = 0..4;
            /// The second word of the rate.
            pub const RATE1_RANGE: core::ops::Range<usize> = 4..8;
            /// Capacity cells.
            pub const CAPACITY_RANGE: core::ops::Range<usize> = 8..12;
            /// Cells read out as the digest.
            pub const DIGEST_RANGE: core::ops::Range<usize> = 0..4;

            #[doc = concat!("Applies the ", $label, " permutation to `state`.")]
            #[inline]
            pub fn apply_permutation(state: &mut [Felt; 12]) {
                let mut s: RawState = state.map(Felt::to_u64);
                <Self as MidenPermutation>::permute(&mut s);
                *state = s.map(Felt::from_raw);
            }

            #[doc = concat!(
                "Applies the permutation to each of `states`: the same as [`",
                stringify!($name),
                "::apply_permutation`] on each, but the SIMD backends work on several states at once."
            )]
            pub fn apply_permutation_many(states: &mut [[Felt; 12]]) {
                const CHUNK: usize = 16;
                for group in states.chunks_mut(CHUNK) {
                    let mut raw = [[0u64; 12]; CHUNK];
                    let raw = &mut raw[..group.len()];
                    for (r, s) in raw.iter_mut().zip(group.iter()) {
                        *r = s.map(Felt::to_u64);
                    }
                    <Self as MidenPermutation>::permute_many(raw);
                    for (s, r) in group.iter_mut().zip(raw.iter()) {
                        *s = r.map(Felt::from_raw);
                    }
                }
            }

            /// Hashes bytes as miden-crypto (0.28.2 to 0.36.3): 7-byte
            /// little-endian chunks, each an element, the last one followed
            /// by a `0x01` byte; `state[8] = 8 + (chunks mod 8)`. Empty
            /// input is the `0x01` byte alone in `state[0]` with
            /// `state[8] = 8` (miden-crypto 0.28.1 and earlier returned the
            /// zero digest). Not consistent with `hash_elements` on the
            /// elements' byte encodings (as in miden-crypto).
            pub fn hash(bytes: &[u8]) -> ElementDigest {
                crate::sponge::hash_bytes::<Self>(bytes)
            }

            /// Hashes field elements: the rate is overwritten 8 elements at
            /// a time, the last block zero-filled; `state[8] = len mod 8`.
            /// Empty input gives the zero digest.
            pub fn hash_elements(elements: &[Felt]) -> ElementDigest {
                Self::hash_elements_in_domain(elements, Felt::ZERO)
            }

            /// [`hash_elements`](Self::hash_elements) with `state[9] = domain`.
            pub fn hash_elements_in_domain(elements: &[Felt], domain: Felt) -> ElementDigest {
                crate::sponge::hash_values::<Self>(
                    elements.len(),
                    elements.iter().map(|e| e.to_u64()),
                    domain,
                )
            }

            /// Hashes many rows of `width` elements at once:
            /// `outputs[i] = hash_elements(&rows[i * width..(i + 1) * width])`,
            /// with the SIMD backends running the rows' permutations side
            /// by side (one `permute_many` per block of 8 elements over 16
            /// rows). `rows.len()` must be `width * outputs.len()`, else
            /// [`Error::WrongLength`] (nothing is written then).
            pub fn hash_elements_many(
                rows: &[Felt],
                width: usize,
                outputs: &mut [ElementDigest],
            ) -> Result<(), Error> {
                crate::sponge::hash_elements_many_with::<Self>(rows, width, outputs)
            }

            /// Merges two digests (for Merkle trees): one permutation of
            /// their 8 elements with a zero capacity; equal to
            /// [`hash_elements`](Self::hash_elements) of the 8 elements.
            pub fn merge(values: &[ElementDigest; 2]) -> ElementDigest {
                Self::merge_in_domain(values, Felt::ZERO)
            }

            /// [`merge`](Self::merge) with `state[9] = domain`.
            pub fn merge_in_domain(values: &[ElementDigest; 2], domain: Felt) -> ElementDigest {
                let mut state = crate::sponge::merge_state(values, domain);
                <Self as MidenPermutation>::permute(&mut state);
                crate::sponge::digest_of(&state)
            }

            /// Hashes many digests: [`hash_elements`](Self::hash_elements)
            /// of all their elements in order.
            pub fn merge_many(values: &[ElementDigest]) -> ElementDigest {
                crate::sponge::hash_values::<Self>(
                    values.len() * crate::digest::DIGEST_SIZE,
                    ElementDigest::digests_as_elements(values).map(Felt::to_u64),
                    Felt::ZERO,
                )
            }

            /// Merges many pairs at once (a Merkle tree layer): `outputs[i]
            /// = merge(&inputs[i])`, with the SIMD backends working on
            /// several pairs together. Lengths that differ are
            /// [`Error::WrongLength`] (nothing is written then).
            pub fn merge_pairs(
                inputs: &[[ElementDigest; 2]],
                outputs: &mut [ElementDigest],
            ) -> Result<(), Error> {
                crate::sponge::merge_pairs_with(
                    inputs,
                    outputs,
                    |pair| crate::sponge::merge_state(pair, Felt::ZERO),
                    <Self as MidenPermutation>::permute_many,
                    crate::sponge::digest_of,
                )
            }
        }

        impl Permutation<[Felt; 12]> for $name {
            #[inline]
            fn permute_mut(&self, state: &mut [Felt; 12]) {
                Self::apply_permutation(state);
            }

            /// Several states at once on the SIMD backends; same results as
            /// one by one.
            #[inline]
            fn permute_many(&self, states: &mut [[Felt; 12]]) {
                Self::apply_permutation_many(states);
            }
        }

        impl crate::sponge::RowSponge for $name {
            const RATE_START: usize = 0;
            const OVERWRITE: bool = true;
            #[inline(always)]
            fn row_state(len: usize) -> RawState {
                crate::sponge::miden_row_state(len)
            }
            #[inline(always)]
            fn permute_rows(states: &mut [RawState]) {
                <Self as MidenPermutation>::permute_many(states);
            }
        }

        impl Hasher<Felt> for $name {
            type Digest = ElementDigest;
            #[inline]
            fn hash_elements(&self, input: &[Felt]) -> ElementDigest {
                Self::hash_elements(input)
            }
        }

        impl Compression<ElementDigest, 2> for $name {
            #[inline]
            fn compress(&self, input: [ElementDigest; 2]) -> ElementDigest {
                Self::merge(&input)
            }

            #[doc = concat!("Batched: [`", stringify!($name), "::merge_pairs`].")]
            ///
            /// # Panics
            /// If `inputs` and `outputs` differ in length (the trait's contract).
            fn compress_many(&self, inputs: &[[ElementDigest; 2]], outputs: &mut [ElementDigest]) {
                assert_eq!(inputs.len(), outputs.len(), "one output per input");
                let _ = Self::merge_pairs(inputs, outputs);
            }
        }
    };
}

pub(crate) use miden_hash_api;
