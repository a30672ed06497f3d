//! Montgomery arithmetic on the four 64-bit limbs of BN254 `Fr`.
//!
//! `ark_bn254::Fr` stores `x · 2^256 mod p` as four little-endian limbs; the
//! functions here work on those limbs directly (`fr.0.0`, and back with
//! [`Fr::new_unchecked`]) and give the same results as ark-ff's operators on
//! canonical inputs. What they add over ark-ff is the split of a product into
//! its 512-bit wide form ([`mul_wide`], [`mac_wide`]) and one Montgomery
//! reduction ([`redc`]): a dot product `Σ a_i · b_i` of up to 17 terms then
//! costs one reduction instead of one per term, which is most of an MDS
//! multiplication.
//!
//! Everything is straight-line code on `u64`/`u128`: no heap, no table
//! look-ups, no branches or memory accesses that depend on the values
//! (conditional subtractions use masks), so the time does not depend on the
//! data.
//!
//! Bounds (p < 2^254, so `p / 2^256 < 0.19`): inputs of [`mul`], [`square`],
//! [`add`] and [`mul_wide`] must be below p; a [`Wide`] accumulator holds up
//! to 17 such products without overflow, and [`redc`] of a sum of `n`
//! products returns a value below `(1 + 0.19·n) · p`, which
//! [`reduce_dot`] brings below p.

use ark_ff::{BigInt, PrimeField};

use crate::Fr;

/// Four little-endian limbs of a value below 2^256.
pub type Limbs = [u64; 4];

/// An unreduced 512-bit value (eight little-endian limbs), such as a product
/// or a sum of products.
pub type Wide = [u64; 8];

/// The modulus p of `Fr`.
pub const MODULUS: Limbs = <Fr as PrimeField>::MODULUS.0;

/// `2p`.
const MODULUS_2: Limbs = shl_const(MODULUS, 1);
/// `4p`.
const MODULUS_4: Limbs = shl_const(MODULUS, 2);

/// `-p^{-1} mod 2^64`, the Montgomery constant.
pub const INV: u64 = inv();

/// The most products a [`Wide`] accumulator may hold (17 · p² < 2^512, and
/// the reduction of such a sum stays below 2^512 too).
pub const MAX_DOT_TERMS: usize = 17;

const fn shl_const(x: Limbs, bits: u32) -> Limbs {
    let mut out = [0u64; 4];
    let mut i = 0;
    while i < 4 {
        out[i] = x[i] << bits;
        if i > 0 {
            out[i] |= x[i - 1] >> (64 - bits);
        }
        i += 1;
    }
    out
}

const fn inv() -> u64 {
    // Newton iteration for p0^{-1} mod 2^64, then negate.
    let p0 = MODULUS[0];
    let mut x = 1u64;
    let mut i = 0;
    while i < 6 {
        x = x.wrapping_mul(2u64.wrapping_sub(p0.wrapping_mul(x)));
        i += 1;
    }
    x.wrapping_neg()
}

/// `a + b · c + carry`, as (low, high) words.
#[inline(always)]
const fn mac(a: u64, b: u64, c: u64, carry: u64) -> (u64, u64) {
    let t = (a as u128) + (b as u128) * (c as u128) + (carry as u128);
    (t as u64, (t >> 64) as u64)
}

/// `a + b + carry`, as (sum, carry out); `carry` is 0 or 1.
#[inline(always)]
const fn adc(a: u64, b: u64, carry: u64) -> (u64, u64) {
    let t = (a as u128) + (b as u128) + (carry as u128);
    (t as u64, (t >> 64) as u64)
}

/// `a - b - borrow`, as (difference, borrow out); `borrow` is 0 or 1.
#[inline(always)]
const fn sbb(a: u64, b: u64, borrow: u64) -> (u64, u64) {
    let t = (a as u128).wrapping_sub((b as u128) + (borrow as u128));
    (t as u64, ((t >> 64) as u64) & 1)
}

/// `x - m` if `x ≥ m`, else `x`, without a data-dependent branch.
#[inline(always)]
pub fn sub_if_geq(x: Limbs, m: &Limbs) -> Limbs {
    let (d0, b) = sbb(x[0], m[0], 0);
    let (d1, b) = sbb(x[1], m[1], b);
    let (d2, b) = sbb(x[2], m[2], b);
    let (d3, b) = sbb(x[3], m[3], b);
    // b = 1: x < m, keep x.
    let keep = b.wrapping_neg();
    [
        (x[0] & keep) | (d0 & !keep),
        (x[1] & keep) | (d1 & !keep),
        (x[2] & keep) | (d2 & !keep),
        (x[3] & keep) | (d3 & !keep),
    ]
}

/// `a + b mod p` for `a, b < p`.
#[inline(always)]
pub fn add(a: &Limbs, b: &Limbs) -> Limbs {
    // a + b < 2p < 2^255: no carry out of the top limb.
    let (s0, c) = adc(a[0], b[0], 0);
    let (s1, c) = adc(a[1], b[1], c);
    let (s2, c) = adc(a[2], b[2], c);
    let (s3, _) = adc(a[3], b[3], c);
    sub_if_geq([s0, s1, s2, s3], &MODULUS)
}

/// The 512-bit product `a · b` (schoolbook).
#[inline(always)]
pub fn mul_wide(a: &Limbs, b: &Limbs) -> Wide {
    let mut t = [0u64; 8];
    mac_wide(&mut t, a, b);
    t
}

/// `acc += a · b` on 512 bits. The caller keeps the sum below 2^512 (at most
/// [`MAX_DOT_TERMS`] products of values below p).
#[inline(always)]
pub fn mac_wide(acc: &mut Wide, a: &Limbs, b: &Limbs) {
    let mut row_carry = 0u64;
    for i in 0..4 {
        let mut carry = 0u64;
        for j in 0..4 {
            let (lo, hi) = mac(acc[i + j], a[i], b[j], carry);
            acc[i + j] = lo;
            carry = hi;
        }
        // Add the row's top word into acc[i + 4], with the carry left over
        // from the previous row's top word.
        let (s, c) = adc(acc[i + 4], carry, row_carry);
        acc[i + 4] = s;
        row_carry = c;
    }
    // `row_carry` is now the carry out of acc[7]: zero by the caller's bound.
}

/// The 512-bit square `a²` (off-diagonal products once, doubled).
#[inline(always)]
pub fn square_wide(a: &Limbs) -> Wide {
    let mut r = [0u64; 8];
    // Off-diagonal a_i · a_j, i < j.
    let (r1, c) = mac(0, a[0], a[1], 0);
    let (r2, c) = mac(0, a[0], a[2], c);
    let (r3, r4) = mac(0, a[0], a[3], c);
    let (r3, c) = mac(r3, a[1], a[2], 0);
    let (r4, r5) = mac(r4, a[1], a[3], c);
    let (r5, r6) = mac(r5, a[2], a[3], 0);
    // Double.
    r[7] = r6 >> 63;
    r[6] = (r6 << 1) | (r5 >> 63);
    r[5] = (r5 << 1) | (r4 >> 63);
    r[4] = (r4 << 1) | (r3 >> 63);
    r[3] = (r3 << 1) | (r2 >> 63);
    r[2] = (r2 << 1) | (r1 >> 63);
    r[1] = r1 << 1;
    // Add the diagonal a_i².
    let (lo, hi) = mac(0, a[0], a[0], 0);
    r[0] = lo;
    let (s, c) = adc(r[1], hi, 0);
    r[1] = s;
    let (lo, hi) = mac(r[2], a[1], a[1], c);
    r[2] = lo;
    let (s, c) = adc(r[3], hi, 0);
    r[3] = s;
    let (lo, hi) = mac(r[4], a[2], a[2], c);
    r[4] = lo;
    let (s, c) = adc(r[5], hi, 0);
    r[5] = s;
    let (lo, hi) = mac(r[6], a[3], a[3], c);
    r[6] = lo;
    let (s, _) = adc(r[7], hi, 0);
    r[7] = s;
    r
}

/// Montgomery reduction `t · 2^-256 mod p`, not fully reduced: for
/// `t < n · p²` the result is below `t / 2^256 + p < (1 + 0.19·n) · p`.
/// Needs `t + p · 2^256 < 2^512`, true for sums of up to
/// [`MAX_DOT_TERMS`] products of values below p.
#[inline(always)]
pub fn redc(mut t: Wide) -> Limbs {
    let mut carry2 = 0u64;
    for i in 0..4 {
        let k = t[i].wrapping_mul(INV);
        // t[i] + k · p0 ≡ 0 mod 2^64: only the carry is kept.
        let (_, mut carry) = mac(t[i], k, MODULUS[0], 0);
        for j in 1..4 {
            let (lo, hi) = mac(t[i + j], k, MODULUS[j], carry);
            t[i + j] = lo;
            carry = hi;
        }
        let (s, c) = adc(t[i + 4], carry, carry2);
        t[i + 4] = s;
        carry2 = c;
    }
    [t[4], t[5], t[6], t[7]]
}

/// Brings the [`redc`] of a sum of products below `bound · p²` (with
/// `bound ≤ 22`, so that the reduction cannot overflow) below p. `bound` is
/// a constant at every call site, so the choice of steps is not
/// data-dependent.
#[inline(always)]
pub fn reduce_dot(x: Limbs, bound: usize) -> Limbs {
    debug_assert!(bound <= 22);
    if bound <= 5 {
        // x < (1 + 0.19·5) p < 2p.
        sub_if_geq(x, &MODULUS)
    } else {
        // x < (1 + 0.19·22) p < 5.2p < 2^256.
        let x = sub_if_geq(x, &MODULUS_4);
        let x = sub_if_geq(x, &MODULUS_2);
        sub_if_geq(x, &MODULUS)
    }
}

/// `a · b · 2^-256 mod p` (the Montgomery product: `Fr` multiplication on
/// limbs) for `a · b < 5p²` (for instance both below p, or one below p and
/// the other below 5p); the result is below p.
#[inline(always)]
pub fn mul(a: &Limbs, b: &Limbs) -> Limbs {
    sub_if_geq(redc(mul_wide(a, b)), &MODULUS)
}

/// `a² · 2^-256 mod p` for `a < p`; the result is below p.
#[inline(always)]
pub fn square(a: &Limbs) -> Limbs {
    sub_if_geq(redc(square_wide(a)), &MODULUS)
}

/// The Montgomery product without the final subtraction, for `a, b < 2p`:
/// the result is congruent to [`mul`]'s and below 2p (because 4p < 2^256).
#[inline(always)]
pub fn mul_lazy(a: &Limbs, b: &Limbs) -> Limbs {
    redc(mul_wide(a, b))
}

/// The Montgomery square without the final subtraction, for `a < 2p`: the
/// result is below 2p.
#[inline(always)]
pub fn square_lazy(a: &Limbs) -> Limbs {
    redc(square_wide(a))
}

/// `a^5` in Montgomery form (the Poseidon S-box) for `a < p`; the result is
/// below p. The two squarings skip their final subtraction.
#[inline(always)]
pub fn pow5(a: &Limbs) -> Limbs {
    let a4 = square_lazy(&square_lazy(a));
    // a4 < 2p, a < p: a4 · a < 2p².
    mul(&a4, a)
}

/// `a^5` for `a < p`, not fully reduced: the result is congruent to
/// [`pow5`]'s and below 1.4p.
#[inline(always)]
pub fn pow5_lazy(a: &Limbs) -> Limbs {
    let a4 = square_lazy(&square_lazy(a));
    // redc(a4 · a) < 2p²/2^256 + p < 1.4p.
    mul_lazy(&a4, a)
}

/// `a + b` without reduction; the caller keeps the sum below 2^256 (for
/// instance `a < 3p`, `b < p`).
#[inline(always)]
pub fn add_lazy(a: &Limbs, b: &Limbs) -> Limbs {
    let (s0, c) = adc(a[0], b[0], 0);
    let (s1, c) = adc(a[1], b[1], c);
    let (s2, c) = adc(a[2], b[2], c);
    let (s3, _) = adc(a[3], b[3], c);
    [s0, s1, s2, s3]
}

/// The limbs of an element (its Montgomery form, below p).
#[inline(always)]
pub const fn limbs(x: &Fr) -> Limbs {
    (x.0).0
}

/// The element with Montgomery limbs `l`, which must be below p.
#[inline(always)]
pub const fn from_limbs(l: Limbs) -> Fr {
    Fr::new_unchecked(BigInt::new(l))
}

/// `Fr` multiplication through [`mul`].
#[inline]
pub fn mul_fr(a: &Fr, b: &Fr) -> Fr {
    from_limbs(mul(&limbs(a), &limbs(b)))
}

/// `Σ a_i · b_i` over `Fr` with one reduction (at most [`MAX_DOT_TERMS`]
/// terms; the shorter slice sets the length).
///
/// # Panics
/// With more than [`MAX_DOT_TERMS`] terms.
#[inline]
pub fn dot_fr(a: &[Fr], b: &[Fr]) -> Fr {
    let terms = a.len().min(b.len());
    assert!(terms <= MAX_DOT_TERMS, "at most 17 terms");
    let mut acc = [0u64; 8];
    for (x, y) in a.iter().zip(b) {
        mac_wide(&mut acc, &limbs(x), &limbs(y));
    }
    from_limbs(reduce_dot(redc(acc), terms))
}

#[cfg(test)]
mod tests {
    extern crate std;
    use std::vec::Vec;

    use ark_ff::{Field, Zero};
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

    use super::*;

    fn random(rng: &mut StdRng) -> Fr {
        let bytes: [u8; 64] = rng.random();
        Fr::from_le_bytes_mod_order(&bytes)
    }

    fn edge() -> [Fr; 6] {
        [
            Fr::zero(),
            Fr::from(1u64),
            Fr::from(2u64),
            -Fr::from(1u64),
            -Fr::from(2u64),
            from_limbs([u64::MAX, u64::MAX, 0, 0]),
        ]
    }

    fn uint_lt_limbs(a: &Limbs, b: &Limbs) -> bool {
        algebraic_hash::parse::uint_lt(a, b)
    }

    #[test]
    fn constants() {
        assert_eq!(MODULUS[0].wrapping_mul(INV), u64::MAX);
        let double = |x: Limbs| {
            let mut out = [0u64; 4];
            let mut c = 0;
            for i in 0..4 {
                (out[i], c) = adc(x[i], x[i], c);
            }
            assert_eq!(c, 0);
            out
        };
        assert_eq!(MODULUS_2, double(MODULUS));
        assert_eq!(MODULUS_4, double(MODULUS_2));
    }

    #[test]
    fn equal_to_ark_on_random_and_edge_inputs() {
        let mut rng = StdRng::seed_from_u64(42);
        let mut values: Vec<Fr> = edge().to_vec();
        values.extend((0..4000).map(|_| random(&mut rng)));
        for w in values.windows(2) {
            let (a, b) = (w[0], w[1]);
            assert_eq!(mul_fr(&a, &b), a * b);
            assert_eq!(from_limbs(square(&limbs(&a))), a.square());
            assert_eq!(from_limbs(add(&limbs(&a), &limbs(&b))), a + b);
            assert_eq!(from_limbs(pow5(&limbs(&a))), a.pow([5]));
            let lazy = pow5_lazy(&limbs(&a));
            assert!(uint_lt_limbs(&lazy, &MODULUS_2), "pow5_lazy below 2p");
            assert_eq!(from_limbs(sub_if_geq(lazy, &MODULUS)), a.pow([5]));
            let wide_sum = add_lazy(&lazy, &limbs(&b));
            assert_eq!(from_limbs(reduce_dot(wide_sum, 6)), a.pow([5]) + b);
        }
        for a in edge() {
            for b in edge() {
                assert_eq!(mul_fr(&a, &b), a * b);
                assert_eq!(from_limbs(add(&limbs(&a), &limbs(&b))), a + b);
            }
        }
    }

    #[test]
    fn dot_products_up_to_17_terms() {
        let mut rng = StdRng::seed_from_u64(7);
        for n in 0..=MAX_DOT_TERMS {
            for round in 0..200 {
                let (a, b): (Vec<Fr>, Vec<Fr>) = if round == 0 {
                    // The largest values: every term (p - 1)².
                    (std::vec![-Fr::from(1u64); n], std::vec![-Fr::from(1u64); n])
                } else {
                    (
                        (0..n).map(|_| random(&mut rng)).collect(),
                        (0..n).map(|_| random(&mut rng)).collect(),
                    )
                };
                let expected = a
                    .iter()
                    .zip(&b)
                    .fold(Fr::zero(), |acc, (x, y)| acc + *x * y);
                assert_eq!(dot_fr(&a, &b), expected, "{n} terms");
            }
        }
    }
}
