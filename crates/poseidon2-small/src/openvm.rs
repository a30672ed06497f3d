//! OpenVM's Poseidon2 (openvm-stark-sdk 2.0.1,
//! `config::baby_bear_poseidon2`): BabyBear, width 16, with HorizenLabs'
//! round constants (`zkhash`'s `RC16`) in Plonky3's layers.
//!
//! That is Plonky3's default BabyBear instance: OpenVM's `poseidon2_perm()`
//! is `p3_baby_bear::default_babybear_poseidon2_16()` (p3-baby-bear 0.4.3),
//! whose round constants are HorizenLabs' (OpenVM's own test checks them
//! against `zkhash`, and so does this workspace's
//! `tests/openvm_horizenlabs.rs`), and Plonky3 0.6.3 to 0.8.0 give the
//! same permutation. So the items here are the [`plonky3`] ones
//! under OpenVM's names (the permutations compare equal), pinned by a
//! vector file written from OpenVM's own crate
//! (`test-vectors/openvm/poseidon2-babybear-16.json`, `scripts/openvm-vectors`).
//!
//! OpenVM hashes with `PaddingFreeSponge<Perm, 16, 8, 8>` and compresses
//! Merkle nodes with `TruncatedPermutation<Perm, 2, 8, 16>`, as Plonky3's
//! examples do.

use algebraic_hash_field31::BabyBear;

use crate::plonky3::{self, Compress, DIGEST_LEN, Hash16, Poseidon2BabyBear};

/// `WIDTH`.
pub const WIDTH: usize = 16;
/// `RATE` of the sponge.
pub const RATE: usize = 8;
/// `CHUNK` (= `DIGEST_SIZE`): elements of a digest.
pub const CHUNK: usize = DIGEST_LEN;

/// OpenVM's digest (`Digest = [F; DIGEST_SIZE]`).
pub type Digest = [BabyBear; CHUNK];

/// `poseidon2_perm()`: Plonky3's default BabyBear 16 under OpenVM's name
/// (equal to [`plonky3::BABYBEAR_16`]).
pub const POSEIDON2: Poseidon2BabyBear<WIDTH> =
    plonky3::BABYBEAR_16.renamed("poseidon2-openvm-babybear-16");

/// OpenVM's hasher, `PaddingFreeSponge<Perm, 16, 8, 8>`.
pub const HASH: Hash16<Poseidon2BabyBear<WIDTH>> =
    algebraic_hash::PaddingFreeSponge::new(POSEIDON2);

/// OpenVM's compression, `TruncatedPermutation<Perm, 2, 8, 16>`.
pub const COMPRESS: Compress<Poseidon2BabyBear<WIDTH>, WIDTH> =
    algebraic_hash::TruncatedPermutation::new(POSEIDON2);

/// `poseidon2_compress_with_capacity`: permutes `[left, right]` and returns
/// both halves (the first is [`COMPRESS`]'s output).
pub fn poseidon2_compress_with_capacity(left: Digest, right: Digest) -> (Digest, Digest) {
    let mut state = [BabyBear::default(); WIDTH];
    state[..CHUNK].copy_from_slice(&left);
    state[CHUNK..].copy_from_slice(&right);
    POSEIDON2.permute_mut(&mut state);
    let mut first = [BabyBear::default(); CHUNK];
    let mut second = [BabyBear::default(); CHUNK];
    first.copy_from_slice(&state[..CHUNK]);
    second.copy_from_slice(&state[CHUNK..]);
    (first, second)
}
