//! Rpx256: Miden's Rescue Prime eXtension hash (the XHash12 construction of
//! eprint 2023/1045, as miden-crypto 0.36 has it), bit for bit.
//!
//! Width 12, the sponge of Rpo256 (`crate::sponge`), and a permutation of
//! seven rounds of three kinds, with RPO's round constants (round `r` uses
//! row `r` of RPO's `ARK1` / `ARK2`):
//! - (FB) rounds 0, 2, 4: RPO's round, `MDS → +ARK1 → x^7 → MDS → +ARK2 →
//!   x^(1/7)` — run by the shared round code on the best backend, one round
//!   at a time;
//! - (E) rounds 1, 3, 5: `+ARK1`, then cells `3k..3k+3` taken as one element
//!   `a0 + a1·φ + a2·φ²` of the cubic extension `F_p[φ]/(φ³ − φ − 1)` and
//!   raised to the 7th power, for `k = 0..4` (scalar, `crate::field::cubic`);
//! - (M) round 6: `MDS → +ARK1`.
//!
//! Deviations from miden-crypto: as for [`Rpo256`](crate::Rpo256).

use algebraic_hash::{Compression, Error, Hasher, Permutation};

use crate::arch::{permute_many_raw, permute_raw};
use crate::constants::{RPO_ARK1, Rpo};
use crate::digest::ElementDigest;
use crate::field::{Felt, cubic};
use crate::mds::mds_multiply;
use crate::permutation::{RawState, add_constants};
use crate::sponge::{MidenPermutation, miden_hash_api};

/// Miden's Rpx256 (`miden_crypto::hash::rpx::Rpx256`, miden-crypto 0.36):
/// the same inherent functions under the same names, plus the workspace's
/// traits ([`Permutation`], [`Hasher`], [`Compression`]).
///
/// ```
/// use algebraic_hash_rescue::{Felt, Rpo256, Rpx256};
/// let a = Rpx256::hash_elements(&[Felt::from(1u8), Felt::from(2u8)]);
/// let b = Rpx256::hash(b"hello");
/// let m = Rpx256::merge(&[a, b]);
/// assert_eq!(m, Rpx256::merge_many(&[a, b]));
/// assert_ne!(m, Rpo256::merge(&[a, b]));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Rpx256;

/// (E) round `round`: constants, then `x^7` on four cubic-extension cells.
#[inline(always)]
fn ext_round(state: &mut RawState, round: usize) {
    add_constants(state, &RPO_ARK1[round]);
    for k in 0..4 {
        let x = cubic::exp7([state[3 * k], state[3 * k + 1], state[3 * k + 2]]);
        state[3 * k..3 * k + 3].copy_from_slice(&x);
    }
}

/// (M) round `round`: MDS, then constants.
#[inline(always)]
fn final_round(state: &mut RawState, round: usize) {
    mds_multiply(state);
    add_constants(state, &RPO_ARK1[round]);
}

impl MidenPermutation for Rpx256 {
    #[inline]
    fn permute(state: &mut RawState) {
        for r in [0, 2, 4] {
            permute_raw::<Rpo>(state, r..r + 1);
            ext_round(state, r + 1);
        }
        final_round(state, 6);
    }

    #[inline]
    fn permute_many(states: &mut [RawState]) {
        for r in [0, 2, 4] {
            permute_many_raw::<Rpo>(states, r..r + 1);
            for state in states.iter_mut() {
                ext_round(state, r + 1);
            }
        }
        for state in states.iter_mut() {
            final_round(state, 6);
        }
    }
}

miden_hash_api!(Rpx256, "RPX");
