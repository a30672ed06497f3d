//! The permutation: 4 full rounds, 22 partial rounds, 4 full rounds on
//! twelve cells, S-box `x^7`.
//!
//! A full round adds the round's twelve constants, applies the S-box to
//! every cell and multiplies by the MDS matrix. A partial round, by
//! definition ([`permute_naive`]), does the same with the S-box on cell 0
//! only. The rounds that run ([`permute_raw`]) compute the partial rounds
//! as plonky2 does, with the same result: the constants of all 22 partial
//! rounds are moved ahead of them (one constant vector added before them,
//! one constant added to cell 0 after each S-box), and the MDS matrices
//! are factored into a dense matrix applied once before them and, per
//! round, a sparse one: `[[m_00, v], [ŵ, 1]]` (cell 0 becomes a dot
//! product, cell `i ≥ 1` becomes `x_i + v_i · x_0`). Plonky2 publishes
//! those constants with its permutation; `constants.rs` holds them.
//!
//! Values are raw `u64`s (any value below `2^64`, standing for its residue;
//! see `algebraic_hash_rescue::field::raw`), made canonical at the end.

use algebraic_hash_rescue::field::raw;

use crate::constants::*;
use crate::mds::mds_layer;

/// Full rounds before and after the partial rounds (each).
pub const HALF_N_FULL_ROUNDS: usize = 4;
/// Partial rounds.
pub const N_PARTIAL_ROUNDS: usize = 22;
/// All rounds.
pub const N_ROUNDS: usize = 2 * HALF_N_FULL_ROUNDS + N_PARTIAL_ROUNDS;

/// `x^7` as `x^3 · x^4`: four products, three deep.
#[inline(always)]
fn sbox(x: u64) -> u64 {
    let x2 = raw::square(x);
    let x3 = raw::mul(x2, x);
    let x4 = raw::square(x2);
    raw::mul(x3, x4)
}

/// Round `round`'s constants added to every cell.
#[inline(always)]
fn constant_layer(state: &mut [u64; 12], round: usize) {
    for (x, &c) in state
        .iter_mut()
        .zip(&ALL_ROUND_CONSTANTS[12 * round..12 * round + 12])
    {
        *x = raw::add_canonical(*x, c);
    }
}

/// Full rounds `first..first + HALF_N_FULL_ROUNDS`.
#[inline(always)]
fn full_rounds(state: &mut [u64; 12], first: usize) {
    for round in first..first + HALF_N_FULL_ROUNDS {
        constant_layer(state, round);
        for x in state.iter_mut() {
            *x = sbox(*x);
        }
        mds_layer(state);
    }
}

/// `Σ a_i · b_i` over 11 terms, each `< 2^64 · 2^64`, reduced once: the
/// sum is kept in 128 bits plus the count of its overflows (each worth
/// `2^128`, folded back at the end).
#[inline(always)]
fn dot(a: &[u64], b: &[u64; 11]) -> u64 {
    let mut sum = 0u128;
    let mut carries = 0u64;
    for (&x, &y) in a.iter().zip(b) {
        let (s, c) = sum.overflowing_add(u128::from(x) * u128::from(y));
        sum = s;
        carries += u64::from(c);
    }
    // carries · 2^128 = (carries · 2^64 mod p) · 2^64 (carries < 11).
    let folded = raw::reduce128(u128::from(raw::reduce_small(0, carries)) << 64);
    raw::add(raw::reduce128(sum), folded)
}

/// The partial rounds as plonky2 computes them (see the module doc).
#[inline(always)]
fn partial_rounds(state: &mut [u64; 12]) {
    for (x, &c) in state.iter_mut().zip(&FAST_PARTIAL_FIRST_ROUND_CONSTANT) {
        *x = raw::add_canonical(*x, c);
    }
    // The dense matrix: cell 0 kept, cells 1.. mixed.
    let rest: [u64; 11] = core::array::from_fn(|i| state[i + 1]);
    for c in 0..11 {
        let column: [u64; 11] = core::array::from_fn(|r| FAST_PARTIAL_ROUND_INITIAL_MATRIX[r][c]);
        state[c + 1] = dot(&rest, &column);
    }
    let m00 = MDS_MATRIX_CIRC[0] + MDS_MATRIX_DIAG[0];
    for round in 0..N_PARTIAL_ROUNDS {
        let s0 = raw::add_canonical(sbox(state[0]), FAST_PARTIAL_ROUND_CONSTANTS[round]);
        let d = raw::add(
            dot(&state[1..], &FAST_PARTIAL_ROUND_W_HATS[round]),
            raw::mul(s0, m00),
        );
        for (x, &v) in state[1..].iter_mut().zip(&FAST_PARTIAL_ROUND_VS[round]) {
            *x = raw::add(*x, raw::mul(s0, v));
        }
        state[0] = d;
    }
}

/// The permutation on raw values; raw out.
#[inline]
pub(crate) fn permute_raw(state: &mut [u64; 12]) {
    full_rounds(state, 0);
    partial_rounds(state);
    full_rounds(state, HALF_N_FULL_ROUNDS + N_PARTIAL_ROUNDS);
}

/// The permutation by its definition (every partial round with its own
/// constants and the whole MDS matrix): plonky2's `poseidon_naive`, for
/// the tests.
pub(crate) fn permute_naive(state: &mut [u64; 12]) {
    full_rounds(state, 0);
    for round in HALF_N_FULL_ROUNDS..HALF_N_FULL_ROUNDS + N_PARTIAL_ROUNDS {
        constant_layer(state, round);
        state[0] = sbox(state[0]);
        mds_layer(state);
    }
    full_rounds(state, HALF_N_FULL_ROUNDS + N_PARTIAL_ROUNDS);
}

#[cfg(test)]
mod tests {
    use super::*;

    const P: u64 = 0xffff_ffff_0000_0001;

    #[test]
    fn constants_are_canonical() {
        let tables: [&[u64]; 3] = [
            &ALL_ROUND_CONSTANTS,
            &FAST_PARTIAL_FIRST_ROUND_CONSTANT,
            &FAST_PARTIAL_ROUND_CONSTANTS,
        ];
        for v in tables.into_iter().flatten() {
            assert!(*v < P);
        }
        for row in FAST_PARTIAL_ROUND_VS
            .iter()
            .chain(&FAST_PARTIAL_ROUND_W_HATS)
            .chain(&FAST_PARTIAL_ROUND_INITIAL_MATRIX)
        {
            assert!(row.iter().all(|&v| v < P));
        }
    }

    /// The sum of products, with overflows of 128 bits, against `u128 %`.
    #[test]
    fn dot_matches_modular_sum() {
        let mut x = 0x0123_4567_89ab_cdefu64;
        for t in 0..3000 {
            let mut next = || {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                x
            };
            let a: [u64; 11] = core::array::from_fn(|_| if t < 10 { u64::MAX - t } else { next() });
            let b: [u64; 11] = core::array::from_fn(|_| if t < 10 { u64::MAX } else { next() });
            let want = a.iter().zip(&b).fold(0u128, |acc, (&x, &y)| {
                (acc + (u128::from(x) * u128::from(y)) % u128::from(P)) % u128::from(P)
            });
            assert_eq!(u128::from(raw::canonical(dot(&a, &b))), want);
        }
    }

    /// The fast partial rounds equal the rounds by definition (plonky2's
    /// own consistency check, on edge and random states).
    #[test]
    fn fast_equals_naive() {
        let mut x = 0xfeed_face_cafe_beefu64;
        for t in 0..2000 {
            let state: [u64; 12] = core::array::from_fn(|i| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                match t {
                    0 => 0,
                    1 => P - 1,
                    2 => i as u64,
                    3 => u64::MAX,
                    _ => x,
                }
            });
            let (mut a, mut b) = (state, state);
            permute_raw(&mut a);
            permute_naive(&mut b);
            assert_eq!(a.map(raw::canonical), b.map(raw::canonical), "{state:?}");
        }
    }
}
