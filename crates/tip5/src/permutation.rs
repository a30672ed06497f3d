//! The Tip5 permutation on plain `u64` residues.
//!
//! twenty-first keeps field elements in Montgomery form (`x · 2^64 mod p`)
//! and applies the 8-bit lookup table to the bytes of that form. This crate
//! keeps canonical values ([`Felt`](algebraic_hash_rescue::Felt)), so each
//! of the four split-and-lookup cells enters Montgomery form and leaves it
//! again: `2^64 ≡ 2^32 - 1` and `2^-64 ≡ -2^32 (mod p)`, one multiplication
//! by a constant each way. Everything else is linear or a power map and
//! commutes with the Montgomery factor: the MDS matrix, the round constants
//! (stored as the canonical values twenty-first lists) and `x^7`.
//!
//! Inside the rounds the cells are non-canonical `u64`s (any value standing
//! for its residue); only the lookup needs the canonical Montgomery form,
//! and the permutation's output is made canonical once at the end.

use algebraic_hash_rescue::field::raw;

use crate::constants::{LOOKUP_TABLE, ROUND_CONSTANTS};
use crate::mds::mds16;
use crate::{NUM_ROUNDS, NUM_SPLIT_AND_LOOKUP, STATE_SIZE};

/// `2^64 mod p`: multiplying by it enters Montgomery form.
const MONTGOMERY_R: u64 = 0xffff_ffff;
/// `2^-64 mod p = p - 2^32`: multiplying by it leaves Montgomery form.
const MONTGOMERY_R_INV: u64 = 0xffff_fffe_0000_0001;

/// The split-and-lookup map: the table applied to each byte of the
/// canonical Montgomery form of `x` (any `u64` residue). The table fixes 0
/// and 255, so a canonical form stays canonical.
#[inline(always)]
pub(crate) fn split_and_lookup(x: u64) -> u64 {
    let m = raw::canonical(raw::mul(x, MONTGOMERY_R));
    let bytes = m.to_le_bytes().map(|b| LOOKUP_TABLE[usize::from(b)]);
    raw::mul(u64::from_le_bytes(bytes), MONTGOMERY_R_INV)
}

/// The S-box layer: split-and-lookup on the first four cells, `x^7` on the
/// other twelve.
#[inline(always)]
pub(crate) fn sbox_layer(state: &mut [u64; STATE_SIZE]) {
    const POWER: usize = STATE_SIZE - NUM_SPLIT_AND_LOOKUP;
    let (lookup, power) = state.split_at_mut(NUM_SPLIT_AND_LOOKUP);
    for x in lookup {
        *x = split_and_lookup(*x);
    }
    // x^7 = x^3 · x^4, three multiplications deep, the twelve cells a step
    // at a time so that their chains overlap.
    let x: [u64; POWER] = core::array::from_fn(|i| power[i]);
    let x2 = x.map(raw::square);
    let x3: [u64; POWER] = core::array::from_fn(|i| raw::mul(x2[i], x[i]));
    let x4 = x2.map(raw::square);
    for (i, cell) in power.iter_mut().enumerate() {
        *cell = raw::mul(x3[i], x4[i]);
    }
}

/// The MDS layer and the round constants of round `round`.
#[inline(always)]
pub(crate) fn linear_layer(state: &mut [u64; STATE_SIZE], round: usize) {
    let lo = mds16(state.map(|x| x & 0xffff_ffff));
    let hi = mds16(state.map(|x| x >> 32));
    let constants = &ROUND_CONSTANTS[round * STATE_SIZE..][..STATE_SIZE];
    for i in 0..STATE_SIZE {
        // Both products are 16 times the true value, which is below 2^52,
        // so the sum with the constant is below 2^96.
        let value =
            u128::from(lo[i] >> 4) + (u128::from(hi[i] >> 4) << 32) + u128::from(constants[i]);
        state[i] = raw::reduce96(value);
    }
}

/// The permutation on canonical values; the result is canonical.
#[inline]
pub(crate) fn permute(state: &mut [u64; STATE_SIZE]) {
    for round in 0..NUM_ROUNDS {
        sbox_layer(state);
        linear_layer(state, round);
    }
    for x in state.iter_mut() {
        *x = raw::canonical(*x);
    }
}
