//! The Rescue-XLIX permutations of Rp64_256 and of Miden's RPO (and RPX's
//! FB rounds): the round pieces, written once for any kind of lane (a
//! scalar `u64`, or a SIMD register of several `u64`s in `crate::arch`), and
//! the portable (scalar) permutation.
//!
//! The instances share the S-boxes and the MDS matrix; they differ in their
//! round constants and in where the S-boxes sit in a round ([`Instance`]):
//! Rp64_256 runs `x^7 → MDS → +ARK1 → x^(1/7) → MDS → +ARK2`, RPO runs
//! `MDS → +ARK1 → x^7 → MDS → +ARK2 → x^(1/7)`. Every backend takes the
//! instance as a type parameter (the order is known at compile time) and
//! the rounds to run as a range (RPX runs its FB rounds one at a time,
//! between its extension-field rounds).
//!
//! Lanes hold raw values: non-canonical residues below `2^64` (see
//! [`crate::field::raw`]). The scalar instance is the reference every SIMD
//! backend is tested against.

use core::ops::Range;

use crate::field::raw;
use crate::mds::mds_multiply;

/// A raw state: twelve possibly non-canonical `u64`s.
pub(crate) type RawState = [u64; 12];

/// What a Rescue instance on twelve Goldilocks cells brings to the shared
/// round code: its round constants and the place of its S-boxes.
pub(crate) trait Instance {
    /// `false`: a round is `x^7, MDS, +ARK1, x^(1/7), MDS, +ARK2`
    /// (Rp64_256); `true`: `MDS, +ARK1, x^7, MDS, +ARK2, x^(1/7)` (RPO).
    const MDS_FIRST: bool;
    /// Constants added after the first MDS of each round (canonical).
    const ARK1: &'static [[u64; 12]];
    /// Constants added after the second MDS of each round (canonical).
    const ARK2: &'static [[u64; 12]];
}

/// What the S-boxes need from a lane of Goldilocks residues.
pub(crate) trait Lane: Copy {
    /// `self · rhs mod p` (raw in, raw out).
    fn mul(self, rhs: Self) -> Self;
    /// `self² mod p` (raw in, raw out).
    fn square(self) -> Self;
}

// `u64` (one residue on the scalar units) is a lane too: its product is
// the arch layer's `scalar_mul` (assembly fix-ups on x86_64), so that impl
// lives in `arch`, which imports this module and never the other way.

/// Two kinds of lanes side by side (e.g. a SIMD register and a scalar): the
/// work of one interleaves with the other, so that the vector and the
/// scalar execution units are busy together.
impl<A: Lane, B: Lane> Lane for (A, B) {
    #[inline(always)]
    fn mul(self, rhs: Self) -> Self {
        (self.0.mul(rhs.0), self.1.mul(rhs.1))
    }
    #[inline(always)]
    fn square(self) -> Self {
        (self.0.square(), self.1.square())
    }
}

/// `x ↦ x^7` on every lane: `x² · x = x³` beside `x⁴ = (x²)²`, then
/// `x³ · x⁴`: four multiplications, three deep.
///
/// (Plain loops, no closures: the SIMD backends call this from
/// `#[target_feature]` functions, and everything must inline into them.)
#[inline(always)]
pub(crate) fn sbox<L: Lane, const N: usize>(state: &mut [L; N]) {
    let x2 = square_n::<L, N, 1>(*state);
    let x3 = mul_lanes(x2, state);
    let x4 = square_n::<L, N, 1>(x2);
    *state = mul_lanes(x3, &x4);
}

/// `x ↦ x^(2^M)` on every lane.
#[inline(always)]
fn square_n<L: Lane, const N: usize, const M: usize>(mut x: [L; N]) -> [L; N] {
    for _ in 0..M {
        for v in x.iter_mut() {
            *v = v.square();
        }
    }
    x
}

/// Lane-wise product.
#[inline(always)]
fn mul_lanes<L: Lane, const N: usize>(mut x: [L; N], y: &[L; N]) -> [L; N] {
    for i in 0..N {
        x[i] = x[i].mul(y[i]);
    }
    x
}

/// `x ↦ x^(1/7)`, i.e. `x^10540996611094048183`, on every lane: an addition
/// chain of 63 squarings and 9 multiplications.
///
/// The exponent is `1001001001001001001001001001000110110110110110110110110110110111`
/// in binary; the chain builds `100100` (`x^36`), doubles the run of `100`
/// blocks up to 30 bits, appends a shifted copy of it, and finishes with the
/// last six bits `110111` from `x`, `x²` and `x⁴`.
#[inline(always)]
pub(crate) fn inv_sbox<L: Lane, const N: usize>(state: &mut [L; N]) {
    let x2 = square_n::<L, N, 1>(*state); // 10
    let x4 = square_n::<L, N, 1>(x2); // 100
    let t3 = mul_lanes(square_n::<L, N, 3>(x4), &x4); // 100100
    let t4 = mul_lanes(square_n::<L, N, 6>(t3), &t3); // (100)×4
    let t5 = mul_lanes(square_n::<L, N, 12>(t4), &t4); // (100)×8
    let t6 = mul_lanes(square_n::<L, N, 6>(t5), &t3); // (100)×10
    let t7 = mul_lanes(square_n::<L, N, 31>(t6), &t6); // (100)×10 0 (100)×10
    // ((t7² · t6)²)² · x² · x⁴ · x
    let a = square_n::<L, N, 2>(mul_lanes(square_n::<L, N, 1>(t7), &t6));
    let b = mul_lanes(mul_lanes(x2, &x4), state);
    *state = mul_lanes(a, &b);
}

/// `state += constants` (constants canonical).
#[inline(always)]
pub(crate) fn add_constants(state: &mut RawState, constants: &[u64; 12]) {
    for (s, &c) in state.iter_mut().zip(constants) {
        *s = raw::add_canonical(*s, c);
    }
}

/// One full round, scalar.
#[inline(always)]
pub(crate) fn round_scalar<I: Instance>(state: &mut RawState, round: usize) {
    if !I::MDS_FIRST {
        sbox(state);
    }
    mds_multiply(state);
    add_constants(state, &I::ARK1[round]);
    if I::MDS_FIRST {
        sbox(state);
    } else {
        inv_sbox(state);
    }
    mds_multiply(state);
    add_constants(state, &I::ARK2[round]);
    if I::MDS_FIRST {
        inv_sbox(state);
    }
}

/// Rounds `rounds` of instance `I` on the portable path; output raw.
#[inline(never)]
pub(crate) fn permute_scalar<I: Instance>(state: &mut RawState, rounds: Range<usize>) {
    for r in rounds {
        round_scalar::<I>(state, r);
    }
}

/// States for the scalar unit tests: `n` states of xorshift values, the
/// first few made of edge values (0, 1, p−1, p, 2^64−1, 2^32, 2^32−1, 2^63,
/// each in every position).
#[cfg(test)]
pub(crate) fn test_states(n: usize) -> impl Iterator<Item = RawState> {
    use crate::field::MODULUS;
    let edges = [
        0,
        1,
        MODULUS - 1,
        MODULUS,
        u64::MAX,
        1 << 32,
        (1 << 32) - 1,
        1 << 63,
    ];
    let mut x = 0x9e37_79b9_7f4a_7c15u64;
    (0..edges.len() + n).map(move |k| {
        core::array::from_fn(|i| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            if k < edges.len() {
                edges[(k + i) % edges.len()]
            } else {
                x
            }
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::field::MODULUS;

    /// `1/7 mod (p - 1)`: the exponent of the inverse S-box.
    const INV_ALPHA: u64 = 10540996611094048183;

    /// Square and multiply, bit by bit (the definition, not a chain).
    fn pow(x: u64, mut e: u64) -> u64 {
        let (mut acc, mut base) = (1u64, x);
        while e > 0 {
            if e & 1 == 1 {
                acc = raw::mul(acc, base);
            }
            base = raw::mul(base, base);
            e >>= 1;
        }
        raw::canonical(acc)
    }

    /// The chains of the S-box and of the inverse S-box equal plain
    /// exponentiation, and undo each other, on edge and random values.
    #[test]
    fn chains_equal_exponentiation() {
        assert_eq!(7 * INV_ALPHA as u128 % (MODULUS - 1) as u128, 1);
        for state in test_states(2000) {
            let (mut a, mut c) = (state, state);
            inv_sbox(&mut a);
            sbox(&mut c);
            for i in 0..12 {
                let want = pow(state[i], INV_ALPHA);
                assert_eq!(raw::canonical(a[i]), want, "inv_sbox({})", state[i]);
                assert_eq!(raw::canonical(c[i]), pow(state[i], 7), "sbox({})", state[i]);
                assert_eq!(
                    pow(want, 7),
                    raw::canonical(state[i]),
                    "({})^(1/7)^7",
                    state[i]
                );
            }
        }
    }
}
