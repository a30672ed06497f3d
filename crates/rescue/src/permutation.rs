//! The Rescue-XLIX permutation of Rp64_256: portable (scalar) round pieces,
//! and the choice of backend.
//!
//! The scalar pieces work on raw `u64` states (non-canonical values allowed,
//! see [`crate::field::raw`]); they are the reference every SIMD backend in
//! `crate::arch` is tested against.

use crate::constants::{ARK1, ARK2, NUM_ROUNDS};
use crate::field::raw;
use crate::mds::mds_multiply;

/// A raw state: twelve possibly non-canonical `u64`s.
pub(crate) type RawState = [u64; 12];

/// `x ↦ x^7` on every cell.
#[inline(always)]
pub(crate) fn sbox(state: &mut RawState) {
    for s in state.iter_mut() {
        *s = raw::exp7(*s);
    }
}

/// `x ↦ x^(2^N) · tail` on every cell.
#[inline(always)]
fn square_n_mul<const N: usize>(mut x: RawState, tail: &RawState) -> RawState {
    for _ in 0..N {
        for v in x.iter_mut() {
            *v = raw::square(*v);
        }
    }
    for (v, t) in x.iter_mut().zip(tail) {
        *v = raw::mul(*v, *t);
    }
    x
}

/// `x ↦ x^(1/7)`, i.e. `x^10540996611094048183`, on every cell: an addition
/// chain of 63 squarings and 9 multiplications.
///
/// The exponent is `1001001001001001001001001001000110110110110110110110110110110111`
/// in binary; the chain builds `100100` (`x^36`) and doubles the run of
/// `100` blocks until it has 30 bits, then appends a shifted copy of itself.
#[inline(always)]
pub(crate) fn inv_sbox(state: &mut RawState) {
    let mut x2 = *state;
    x2.iter_mut().for_each(|v| *v = raw::square(*v)); // 10
    let mut x4 = x2;
    x4.iter_mut().for_each(|v| *v = raw::square(*v)); // 100
    let t3 = square_n_mul::<3>(x4, &x4); // 100100
    let t4 = square_n_mul::<6>(t3, &t3); // (100)×4
    let t5 = square_n_mul::<12>(t4, &t4); // (100)×8
    let t6 = square_n_mul::<6>(t5, &t3); // (100)×10
    let t7 = square_n_mul::<31>(t6, &t6); // (100)×10 0 (100)×10
    for i in 0..12 {
        // ((t7² · t6)²)² · x² · x⁴ · x
        let a = raw::square(raw::square(raw::mul(raw::square(t7[i]), t6[i])));
        let b = raw::mul(raw::mul(x2[i], x4[i]), state[i]);
        state[i] = raw::mul(a, b);
    }
}

/// `state += constants` (constants canonical).
#[inline(always)]
pub(crate) fn add_constants(state: &mut RawState, constants: &[u64; 12]) {
    for (s, &c) in state.iter_mut().zip(constants) {
        *s = raw::add_canonical(*s, c);
    }
}

/// The MDS layer (re-exported for the backends' tests).
#[inline(always)]
pub(crate) fn mds(state: &mut RawState) {
    mds_multiply(state);
}

/// One full round, scalar.
#[inline(always)]
pub(crate) fn round(state: &mut RawState, round: usize) {
    sbox(state);
    mds(state);
    add_constants(state, &ARK1[round]);
    inv_sbox(state);
    mds(state);
    add_constants(state, &ARK2[round]);
}

/// The whole permutation on the portable path; output raw.
#[inline(never)]
pub(crate) fn permute_scalar(state: &mut RawState) {
    for r in 0..NUM_ROUNDS {
        round(state, r);
    }
}

/// The whole permutation on the best backend of this build and CPU; the
/// output is raw (the caller canonicalises).
#[inline]
pub(crate) fn permute_raw(state: &mut RawState) {
    permute_scalar(state);
}
