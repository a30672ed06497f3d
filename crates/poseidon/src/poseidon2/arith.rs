//! BN254 `Fr` arithmetic on Montgomery limbs for the permutation: branch-free
//! modular addition and Montgomery multiplication / squaring with lazy
//! reduction.
//!
//! `Fr` (arkworks) keeps `x · R mod p` (R = 2^256) in four little-endian
//! limbs, always below p; [`Limbs`] is that array, so converting is free.
//! Why not arkworks' own operations: the permutation is latency-bound (the
//! partial rounds are one long chain through cell 0), and arkworks reduces
//! after every addition and multiplication with a data-dependent branch
//! (`if a >= p { a -= p }`), which random data mispredicts about half the
//! time. Here:
//!
//! - additions reduce with a branch-free conditional subtraction (a select,
//!   `core::hint::select_unpredictable`, which compiles to `cmov`), so the
//!   permutation has no data-dependent branch and runs in the same time for
//!   every input (arkworks is much faster when a benchmark repeats one input
//!   and its branches are learnt, and slower on fresh data);
//! - squarings form the 512-bit square (10 word products instead of 16) and
//!   reduce it (REDC); multiplications use CIOS in its "no-carry" form;
//! - both skip the final conditional subtraction of p ("lazy reduction"):
//!   their results are only known to lie below 2p, which the next Montgomery
//!   operation accepts because 4p < R; the permutation reduces where a value
//!   meets an addition or leaves.
//!
//! Bounds (p < 2^254, so 4p < R):
//! - REDC of `T < p·R` returns `(T + m·p) / R < p·(T/(p·R)) + p < 2p`, and
//!   `T + m·p < 2^512` never overflows; a square of `a < 2p` is `< 4p² < p·R`.
//! - CIOS multiplication of `a, b < 2p` keeps its running value below
//!   `a + p < 3p < 2^256` (so the no-carry form, which keeps four words, is
//!   exact) and returns `(a·b + m·p) / R < 4p²/R + p < 2p`.
//! - A sum of two values below 2p is below 4p < 2^256 (no carry out); one
//!   conditional subtraction of p brings `[0, 2p)` to `[0, p)` and `[0, 3p)`
//!   to `[0, 2p)`; one of 2p brings `[0, 4p)` to `[0, 2p)`.

use crate::Fr;

/// Four little-endian words: the Montgomery form of an element, possibly not
/// fully reduced where a function says so.
pub(crate) type Limbs = [u64; 4];

/// p, little-endian words.
const P: [u64; 4] = [
    0x43e1_f593_f000_0001,
    0x2833_e848_79b9_7091,
    0xb850_45b6_8181_585d,
    0x3064_4e72_e131_a029,
];
/// 2p.
const TWO_P: [u64; 4] = [
    0x87c3_eb27_e000_0002,
    0x5067_d090_f372_e122,
    0x70a0_8b6d_0302_b0ba,
    0x60c8_9ce5_c263_4053,
];
/// −p⁻¹ mod 2^64.
const INV: u64 = 0xc2e1_f593_efff_ffff;

const _: () = {
    // the constants are those of arkworks' Fr
    let m = <Fr as ark_ff::PrimeField>::MODULUS.0;
    assert!(m[0] == P[0] && m[1] == P[1] && m[2] == P[2] && m[3] == P[3]);
    assert!(P[0].wrapping_mul(INV) == u64::MAX); // p·INV ≡ −1 mod 2^64
    assert!(P[3] < (1 << 62)); // p < 2^254, so 4p < 2^256
    // TWO_P = 2p
    let mut carry = 0u64;
    let mut i = 0;
    while i < 4 {
        let t = (P[i] as u128) * 2 + carry as u128;
        assert!(t as u64 == TWO_P[i]);
        carry = (t >> 64) as u64;
        i += 1;
    }
    assert!(carry == 0);
};

/// `a + b·c + carry` as (low word, high word).
#[inline(always)]
fn mac(a: u64, b: u64, c: u64, carry: u64) -> (u64, u64) {
    let t = u128::from(a) + u128::from(b) * u128::from(c) + u128::from(carry);
    (t as u64, (t >> 64) as u64)
}

/// `a + b + carry` as (sum, carry).
#[inline(always)]
fn adc(a: u64, b: u64, carry: u64) -> (u64, u64) {
    let t = u128::from(a) + u128::from(b) + u128::from(carry);
    (t as u64, (t >> 64) as u64)
}

/// `a − b − borrow` as (difference, borrow ∈ {0, 1}); written with
/// `overflowing_sub`, which compiles to a `sbb` chain.
#[inline(always)]
fn sbb(a: u64, b: u64, borrow: u64) -> (u64, u64) {
    let (d, b1) = a.overflowing_sub(b);
    let (d, b2) = d.overflowing_sub(borrow);
    (d, u64::from(b1 | b2))
}

/// `t − m` if `t ≥ m`, else `t`, without branching on `t`.
#[inline(always)]
fn sub_if_ge(t: Limbs, m: &Limbs) -> Limbs {
    let (r0, b) = sbb(t[0], m[0], 0);
    let (r1, b) = sbb(t[1], m[1], b);
    let (r2, b) = sbb(t[2], m[2], b);
    let (r3, b) = sbb(t[3], m[3], b);
    // b = 1: t < m, keep t; b = 0: take t − m (a select, which compiles
    // to `cmov`, not a branch)
    let keep = b != 0;
    [
        core::hint::select_unpredictable(keep, t[0], r0),
        core::hint::select_unpredictable(keep, t[1], r1),
        core::hint::select_unpredictable(keep, t[2], r2),
        core::hint::select_unpredictable(keep, t[3], r3),
    ]
}

/// `t − p` if `t ≥ p`: `[0, 2p) → [0, p)`, `[0, 3p) → [0, 2p)`.
#[inline(always)]
pub(crate) fn reduce_once(t: Limbs) -> Limbs {
    sub_if_ge(t, &P)
}

/// `t − 2p` if `t ≥ 2p`: `[0, 4p) → [0, 2p)`.
#[inline(always)]
pub(crate) fn reduce_2p(t: Limbs) -> Limbs {
    sub_if_ge(t, &TWO_P)
}

/// `a + b` without reduction; the caller keeps `a + b < 2^256`.
#[inline(always)]
pub(crate) fn add_lazy(a: &Limbs, b: &Limbs) -> Limbs {
    let (r0, c) = adc(a[0], b[0], 0);
    let (r1, c) = adc(a[1], b[1], c);
    let (r2, c) = adc(a[2], b[2], c);
    let (r3, _) = adc(a[3], b[3], c);
    [r0, r1, r2, r3]
}

/// `a + b mod p` for `a, b < p`, fully reduced.
#[inline(always)]
pub(crate) fn add(a: &Limbs, b: &Limbs) -> Limbs {
    reduce_once(add_lazy(a, b))
}

/// `2a mod p` for `a < p`, fully reduced.
#[inline(always)]
pub(crate) fn double(a: &Limbs) -> Limbs {
    add(a, a)
}

/// Montgomery product `a·b/R mod p`, inputs below 2p, result below 2p.
#[inline(always)]
pub(crate) fn mul_lazy(a: &Limbs, b: &Limbs) -> Limbs {
    let mut t = [0u64; 4];
    for &bi in b {
        let (t0, mut carry_a) = mac(t[0], a[0], bi, 0);
        let m = t0.wrapping_mul(INV);
        let (_, mut carry_m) = mac(t0, m, P[0], 0);
        for j in 1..4 {
            let (x, c) = mac(t[j], a[j], bi, carry_a);
            carry_a = c;
            let (y, c) = mac(x, m, P[j], carry_m);
            carry_m = c;
            t[j - 1] = y;
        }
        t[3] = carry_a + carry_m;
    }
    t
}

/// Montgomery square `a²/R mod p`, input below 2p, result below 2p.
#[inline(always)]
pub(crate) fn square_lazy(a: &Limbs) -> Limbs {
    // cross products a_i·a_j, i < j
    let (r1, c) = mac(0, a[0], a[1], 0);
    let (r2, c) = mac(0, a[0], a[2], c);
    let (r3, r4) = mac(0, a[0], a[3], c);
    let (r3, c) = mac(r3, a[1], a[2], 0);
    let (r4, r5) = mac(r4, a[1], a[3], c);
    let (r5, r6) = mac(r5, a[2], a[3], 0);
    // doubled
    let r7 = r6 >> 63;
    let r6 = (r6 << 1) | (r5 >> 63);
    let r5 = (r5 << 1) | (r4 >> 63);
    let r4 = (r4 << 1) | (r3 >> 63);
    let r3 = (r3 << 1) | (r2 >> 63);
    let r2 = (r2 << 1) | (r1 >> 63);
    let r1 = r1 << 1;
    // plus the squares a_i²
    let (r0, c) = mac(0, a[0], a[0], 0);
    let (r1, c) = adc(r1, 0, c);
    let (r2, c) = mac(r2, a[1], a[1], c);
    let (r3, c) = adc(r3, 0, c);
    let (r4, c) = mac(r4, a[2], a[2], c);
    let (r5, c) = adc(r5, 0, c);
    let (r6, c) = mac(r6, a[3], a[3], c);
    let (r7, _) = adc(r7, 0, c);
    redc([r0, r1, r2, r3, r4, r5, r6, r7])
}

/// Montgomery reduction `r/R mod p` of `r < p·R`, result below 2p.
#[inline(always)]
fn redc(mut r: [u64; 8]) -> Limbs {
    let mut top = 0u64;
    for i in 0..4 {
        let m = r[i].wrapping_mul(INV);
        let (_, mut c) = mac(r[i], m, P[0], 0);
        for j in 1..4 {
            let (x, c1) = mac(r[i + j], m, P[j], c);
            r[i + j] = x;
            c = c1;
        }
        let (x, c1) = adc(r[i + 4], c, top);
        r[i + 4] = x;
        top = c1;
    }
    [r[4], r[5], r[6], r[7]]
}

/// `x / 2 mod p` for `x < 2p`, below `1.5p` (branch-free: add p when `x` is
/// odd, then shift).
#[inline(always)]
pub(crate) fn half(x: &Limbs) -> Limbs {
    let odd = 0u64.wrapping_sub(x[0] & 1);
    let y = add_lazy(x, &[P[0] & odd, P[1] & odd, P[2] & odd, P[3] & odd]);
    [
        (y[0] >> 1) | (y[1] << 63),
        (y[1] >> 1) | (y[2] << 63),
        (y[2] >> 1) | (y[3] << 63),
        y[3] >> 1,
    ]
}

/// `a·b/R mod p` for `a, b < 2p`, fully reduced.
#[inline(always)]
pub(crate) fn mul(a: &Limbs, b: &Limbs) -> Limbs {
    reduce_once(mul_lazy(a, b))
}

/// `x^5` for `x < 2p`, below 2p (canonical after [`reduce_once`]), and `x^4`.
#[inline(always)]
pub(crate) fn pow5_lazy(x: &Limbs) -> (Limbs, Limbs) {
    let x4 = square_lazy(&square_lazy(x));
    (mul_lazy(&x4, x), x4)
}

/// The limbs of `x`.
#[inline(always)]
pub(crate) fn limbs(x: &Fr) -> Limbs {
    x.0.0
}

/// The element with Montgomery limbs `l`, which must be below p.
#[inline(always)]
pub(crate) fn from_limbs(l: Limbs) -> Fr {
    Fr::new_unchecked(ark_ff::BigInt(l))
}

#[cfg(all(test, feature = "std"))]
mod tests {
    use std::{vec, vec::Vec};

    use ark_ff::{AdditiveGroup, Field};

    use super::*;

    fn next(s: &mut u64) -> u64 {
        *s ^= *s << 13;
        *s ^= *s >> 7;
        *s ^= *s << 17;
        *s
    }

    /// `k·p − j` as limbs (k ≤ 4, small j).
    fn multiple_of_p_minus(k: u64, j: u64) -> Limbs {
        let mut out = [0u64; 4];
        let mut carry = 0u128;
        for (o, w) in out.iter_mut().zip(P) {
            let t = u128::from(w) * u128::from(k) + carry;
            *o = t as u64;
            carry = t >> 64;
        }
        let (a, b) = sbb(out[0], j, 0);
        let (c, b) = sbb(out[1], 0, b);
        let (d, b) = sbb(out[2], 0, b);
        [a, c, d, out[3] - b]
    }

    /// Deterministic limb arrays below `k·p`: edges, then random ones.
    fn samples(k: u64) -> Vec<Limbs> {
        let mut out = vec![[0, 0, 0, 0], [1, 0, 0, 0]];
        for m in 1..=k {
            out.push(multiple_of_p_minus(m, 1));
            out.push(multiple_of_p_minus(m, 2));
            if m < k {
                out.push(multiple_of_p_minus(m, 0));
            }
        }
        let bound = multiple_of_p_minus(k, 0);
        let mut s = 0x9e37_79b9_7f4a_7c15u64 ^ k;
        while out.len() < 20_000 {
            let x = [
                next(&mut s),
                next(&mut s),
                next(&mut s),
                next(&mut s) % (bound[3] + 1),
            ];
            if lt(&x, &bound) {
                out.push(x);
            }
        }
        out
    }

    fn lt(x: &Limbs, y: &Limbs) -> bool {
        x.iter().rev().cmp(y.iter().rev()).is_lt()
    }

    /// The element a limb array (possibly ≥ p) stands for: limbs · R⁻¹.
    fn value(limbs: &Limbs) -> Fr {
        let mut bytes = [0u8; 32];
        for (chunk, l) in bytes.chunks_exact_mut(8).zip(limbs) {
            chunk.copy_from_slice(&l.to_le_bytes());
        }
        Fr::from_le_bytes_mod_order(&bytes) / Fr::from(2u64).pow([256u64])
    }

    use ark_ff::PrimeField as _;

    #[test]
    fn lazy_products_match_arkworks() {
        let two_p = multiple_of_p_minus(2, 0);
        let xs = samples(2);
        for (x, y) in xs.iter().zip(xs.iter().rev()) {
            let sq = square_lazy(x);
            assert!(lt(&sq, &two_p), "square bound for {x:?}");
            assert_eq!(value(&sq), value(x).square(), "square of {x:?}");
            let prod = mul_lazy(x, y);
            assert!(lt(&prod, &two_p), "product bound for {x:?}, {y:?}");
            assert_eq!(value(&prod), value(x) * value(y), "{x:?} · {y:?}");
            let full = mul(x, y);
            assert!(lt(&full, &P));
            assert_eq!(value(&full), value(&prod));
            let (x5, x4) = pow5_lazy(x);
            assert!(lt(&x5, &two_p) && lt(&x4, &two_p));
            assert_eq!(value(&x5), value(x).pow([5u64]));
            assert_eq!(value(&x4), value(x).pow([4u64]));
        }
    }

    #[test]
    fn reductions_and_sums() {
        let two_p = multiple_of_p_minus(2, 0);
        for x in samples(4) {
            let r = reduce_2p(x);
            assert!(lt(&r, &two_p));
            assert_eq!(value(&r), value(&x));
        }
        for x in samples(3) {
            let r = reduce_once(x);
            let expected_bound = if lt(&x, &two_p) { P } else { two_p };
            assert!(lt(&r, &expected_bound));
            assert_eq!(value(&r), value(&x));
        }
        let three_halves_p = {
            let h = half(&multiple_of_p_minus(3, 1));
            add_lazy(&h, &[1, 0, 0, 0])
        };
        for x in samples(2) {
            let h = half(&x);
            assert!(lt(&h, &three_halves_p), "half bound for {x:?}");
            assert_eq!(value(&h).double(), value(&x));
        }
        let xs = samples(1);
        for (x, y) in xs.iter().zip(xs.iter().skip(1)) {
            let s = add(x, y);
            assert!(lt(&s, &P));
            assert_eq!(from_limbs(s), from_limbs(*x) + from_limbs(*y));
            assert_eq!(from_limbs(double(x)), from_limbs(*x).double());
            assert_eq!(limbs(&from_limbs(*x)), *x);
        }
    }
}
