//! RISC Zero's Poseidon2 (`risc0_zkp::core::hash::poseidon2`, risc0-zkp
//! 3.0.5): BabyBear, width 24, x^7, 8 full and 21 partial rounds, with
//! HorizenLabs' external block `M4`, HorizenLabs' internal diagonal
//! (`M_INT_DIAG_HZN`) and its round constants; its sponge and its 2-to-1
//! compression, under RISC Zero's names.
//!
//! The same rounds as Plonky3's instances (the external layer first, then
//! the full, partial and full rounds); only the constants and the 4 × 4
//! block differ.
//!
//! The sponge ([`unpadded_hash`], RISC Zero's name) overwrites a rate of 16
//! cells at the start of a zeroed state and outputs cells `0..8`. It is not
//! Plonky3's `PaddingFreeSponge`: a last partial block has the rest of its
//! rate set to zero before its permutation (Plonky3 leaves the previous
//! block's values there), and the empty input is one permutation of the
//! zero state (Plonky3 permutes nothing). As RISC Zero says, there is no
//! padding rule: inputs that differ by trailing zeros within a block
//! collide, and the surrounding protocol fixes the lengths.
//!
//! [`Poseidon2HashFn::hash_pair`], the Merkle-tree compression, is that
//! sponge on the 16 elements of two digests: one permutation of `[a, b,
//! 0…0]`, the first 8 cells.
//!
//! RISC Zero's `Digest` holds the 8 elements as Montgomery words (`x · 2^32
//! mod p`, `as_u32_montgomery`); this module works on field elements, and
//! [`digest_to_words`] / [`digest_from_words`] convert.

mod constants;

use algebraic_hash::{Compression, DuplexSponge, Error, Hasher, compress_many_with};
use algebraic_hash_field31::{BabyBear, Field31};

use crate::Poseidon2;

/// `CELLS`: the state width.
pub const CELLS: usize = 24;
/// `CELLS_RATE`: the sponge's rate.
pub const CELLS_RATE: usize = 16;
/// `CELLS_OUT`: the digest's length in elements.
pub const CELLS_OUT: usize = 8;
/// `ROUNDS_HALF_FULL`: full rounds before (and after) the partial rounds.
pub const ROUNDS_HALF_FULL: usize = 4;
/// `ROUNDS_PARTIAL`: partial rounds.
pub const ROUNDS_PARTIAL: usize = 21;

/// RISC Zero's Poseidon2 permutation type (BabyBear, width 24, x^7).
pub type Poseidon2Risc0 = Poseidon2<BabyBear, CELLS, 7>;

/// RISC Zero's permutation (`poseidon2_mix`).
pub const POSEIDON2: Poseidon2Risc0 = field31_instance!(
    BabyBear,
    24,
    7,
    constants::BABYBEAR_24,
    "poseidon2-risc0-babybear-24"
);

/// RISC Zero's digest: 8 BabyBear elements.
pub type Digest = [BabyBear; CELLS_OUT];

/// `poseidon2_mix`: permutes `cells` in place.
pub fn poseidon2_mix(cells: &mut [BabyBear; CELLS]) {
    POSEIDON2.permute_mut(cells);
}

/// `unpadded_hash`: the sponge hash of `input` (see the module doc).
pub fn unpadded_hash(input: &[BabyBear]) -> Digest {
    let mut sponge =
        DuplexSponge::<BabyBear, _, CELLS, CELLS_RATE, 0>::new(POSEIDON2, [BabyBear::ZERO; CELLS]);
    for &x in input {
        sponge.overwrite_one(x);
    }
    if input.is_empty() {
        sponge.permute_now();
    } else {
        // A partial last block: the rest of the rate is zero (a full one is
        // untouched: position = rate), then its permutation.
        let used = sponge.position();
        sponge.state_mut()[used..CELLS_RATE].fill(BabyBear::ZERO);
        sponge.flush();
    }
    let mut digest = [BabyBear::ZERO; CELLS_OUT];
    digest.copy_from_slice(&sponge.state()[..CELLS_OUT]);
    digest
}

/// RISC Zero's `Poseidon2HashFn` (the hash function of
/// `Poseidon2HashSuite::new_suite()`), on field elements.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Poseidon2HashFn;

/// The hash function, as [`Hasher`] (`hash_elem_slice`) and [`Compression`]
/// (`hash_pair`).
pub const HASH_FN: Poseidon2HashFn = Poseidon2HashFn;

impl Poseidon2HashFn {
    /// `hash_elem_slice`: [`unpadded_hash`] of `slice`.
    pub fn hash_elem_slice(&self, slice: &[BabyBear]) -> Digest {
        unpadded_hash(slice)
    }

    /// `hash_pair`: the Merkle compression of two digests.
    pub fn hash_pair(&self, a: &Digest, b: &Digest) -> Digest {
        let mut state = pair_state(&[*a, *b]);
        POSEIDON2.permute_mut(&mut state);
        digest_of(&state)
    }
}

/// `[a, b, 0…0]`: the state `hash_pair` permutes (16 elements fill the rate:
/// nothing to zero, one permutation).
fn pair_state(pair: &[Digest; 2]) -> [BabyBear; CELLS] {
    let mut state = [BabyBear::ZERO; CELLS];
    state[..CELLS_OUT].copy_from_slice(&pair[0]);
    state[CELLS_OUT..2 * CELLS_OUT].copy_from_slice(&pair[1]);
    state
}

fn digest_of(state: &[BabyBear; CELLS]) -> Digest {
    let mut digest = [BabyBear::ZERO; CELLS_OUT];
    digest.copy_from_slice(&state[..CELLS_OUT]);
    digest
}

impl Hasher<BabyBear> for Poseidon2HashFn {
    type Digest = Digest;

    fn hash_elements(&self, input: &[BabyBear]) -> Digest {
        unpadded_hash(input)
    }
}

impl Compression<Digest, 2> for Poseidon2HashFn {
    fn compress(&self, input: [Digest; 2]) -> Digest {
        self.hash_pair(&input[0], &input[1])
    }

    /// Through the permutation's `permute_many` (packed lanes).
    fn compress_many(&self, inputs: &[[Digest; 2]], outputs: &mut [Digest]) {
        compress_many_with(&POSEIDON2, inputs, outputs, pair_state, |_, after| {
            digest_of(after)
        });
    }
}

/// A digest as RISC Zero's `Digest` words: each element's Montgomery form
/// `x · 2^32 mod p` (`as_u32_montgomery`).
pub fn digest_to_words(digest: &Digest) -> [u32; CELLS_OUT] {
    digest.map(Field31::to_stored)
}

/// The digest of RISC Zero's `Digest` words (Montgomery forms); a word
/// `≥ p` (which RISC Zero's `is_digest_valid` refuses too) is
/// [`Error::NotCanonical`].
pub fn digest_from_words(words: &[u32; CELLS_OUT]) -> Result<Digest, Error> {
    let mut digest = [BabyBear::ZERO; CELLS_OUT];
    for (x, &w) in digest.iter_mut().zip(words) {
        *x = BabyBear::from_stored(w).ok_or(Error::NotCanonical {
            field: BabyBear::NAME,
        })?;
    }
    Ok(digest)
}
