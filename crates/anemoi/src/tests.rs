//! The limb arithmetic and the addition chains, against ark-ff.

use ark_ff::{AdditiveGroup, BigInt, BigInteger, Field, Fp, MontBackend, MontConfig, PrimeField};
use proptest::prelude::*;
use std::{vec, vec::Vec};

use crate::AnemoiField;
use crate::constants::Chain;
use crate::mont;

type Fe<C, const N: usize> = Fp<MontBackend<C, N>, N>;

/// A uniformly random element from 64 random bytes.
fn element<C: MontConfig<N>, const N: usize>(bytes: &[u8]) -> Fe<C, N> {
    Fe::<C, N>::from_le_bytes_mod_order(bytes)
}

/// Montgomery limbs of `x`, plus p when `high` and the field is lazy (so
/// the inputs of the lazy operations cover the whole range [0, 2p)).
fn limbs<C: MontConfig<N>, const N: usize>(x: &Fe<C, N>, high: bool) -> [u64; N] {
    let mut v = (x.0).0;
    if high && mont::lazy(&C::MODULUS.0) {
        let mut big = BigInt(v);
        big.add_with_carry(&C::MODULUS);
        v = big.0;
    }
    v
}

fn canonical<C: MontConfig<N>, const N: usize>(v: [u64; N]) -> Fe<C, N> {
    let r = mont::reduce(&v, &C::MODULUS.0);
    // Lazy results are below 2p: one subtraction makes them canonical.
    assert!(BigInt(r) < C::MODULUS, "result not below 2p");
    Fp::new_unchecked(BigInt(r))
}

fn check_ops<C: MontConfig<N>, const N: usize>(a: &[u8], b: &[u8], ha: bool, hb: bool) {
    let x = element::<C, N>(a);
    let y = element::<C, N>(b);
    let p = &C::MODULUS.0;
    let (lx, ly) = (limbs(&x, ha), limbs(&y, hb));
    let prod = mont::mul(&lx, &ly, p, C::INV);
    assert_eq!(canonical::<C, N>(prod), x * y);
    let sq = mont::square(&lx, p, C::INV);
    assert_eq!(canonical::<C, N>(sq), x.square());
    // The architecture-specific routines give the same words (both are
    // exact Montgomery steps with the same quotient digits).
    #[cfg(all(target_arch = "x86_64", not(algebraic_hash_force_scalar), not(miri)))]
    if let Some(adx) = crate::arch::Adx::new(p, C::INV) {
        use crate::mont::LimbOps;
        assert_eq!(adx.mul(&lx, &ly), prod);
        assert_eq!(adx.square(&lx), sq);
    }
}

/// The chain with the portable arithmetic equals the dispatched one.
fn check_portable_chain<C: MontConfig<N>, const N: usize>(bytes: &[u8], chain: &Chain) {
    let x = element::<C, N>(bytes);
    let mut a = [x, x.double()];
    let mut b = a;
    mont::exp_chain::<C, N, 2>(&mut a, chain);
    mont::exp_chain_portable::<C, N, 2>(&mut b, chain);
    assert_eq!(a, b);
}

/// The chain computes x^(α⁻¹ mod (p − 1)), on one lane and on several.
fn check_chain<F: crate::AnemoiField>(bytes: &[u8]) {
    let x = F::from_le_bytes_mod_order(bytes);
    let p_minus_1 = {
        let mut m = F::MODULUS;
        m.sub_with_borrow(&F::BigInt::from(1u64));
        m
    };
    let e = inverse_mod(F::ALPHA, &p_minus_1);
    let expected = x.pow(&e);
    let mut one = [x];
    F::exp_inv_alpha(&mut one);
    assert_eq!(one[0], expected);
    assert_eq!(one[0].exp_alpha(), x);
    let mut lanes = [x, x.square(), x + F::one(), -x, F::zero(), F::one()];
    let inputs = lanes;
    F::exp_inv_alpha(&mut lanes);
    for (out, inp) in lanes.iter().zip(inputs.iter()) {
        assert_eq!(*out, inp.pow(&e));
    }
}

/// a⁻¹ mod m for small a (m = p − 1 as little-endian limbs), as limbs.
fn inverse_mod<B: BigInteger>(a: u64, m: &B) -> Vec<u64> {
    // Find k < a with k·m + 1 ≡ 0 (mod a); then (k·m + 1) / a.
    let limbs = m.as_ref();
    let m_mod_a = limbs.iter().rev().fold(0u128, |acc, &l| {
        ((acc << 64) + u128::from(l)) % u128::from(a)
    }) as u64;
    let k = (1..a)
        .find(|k| (k * m_mod_a + 1).is_multiple_of(a))
        .expect("alpha is coprime with p - 1");
    // (k·m + 1) / a over u128 limb arithmetic.
    let mut wide: Vec<u128> = limbs
        .iter()
        .map(|&l| u128::from(l) * u128::from(k))
        .collect();
    wide[0] += 1;
    let mut words = Vec::with_capacity(wide.len() + 1);
    let mut carry = 0u128;
    for w in wide {
        let t = w + carry;
        words.push(t as u64);
        carry = t >> 64;
    }
    words.push(carry as u64);
    let mut out = vec![0u64; words.len()];
    let mut rem = 0u128;
    for i in (0..words.len()).rev() {
        let cur = (rem << 64) | u128::from(words[i]);
        out[i] = (cur / u128::from(a)) as u64;
        rem = cur % u128::from(a);
    }
    assert_eq!(rem, 0);
    out
}

fn chain_fits(chain: &Chain) {
    assert!(chain.registers <= mont::MAX_REGISTERS);
    for &(dst, a, b, _) in chain.steps {
        assert!(usize::from(dst) < chain.registers);
        assert!(usize::from(a) < chain.registers);
        assert!(b == crate::constants::NONE || usize::from(b) < chain.registers);
    }
}

macro_rules! field_tests {
    ($feature:literal, $name:ident, $ty:ty, $config:ty, $limbs:literal, $module:ident) => {
        #[cfg(feature = $feature)]
        mod $name {
            use super::*;

            #[test]
            fn chain_registers() {
                chain_fits(&crate::constants::$module::INV_ALPHA_CHAIN);
            }

            #[test]
            fn edge_values() {
                let p = &<$config as MontConfig<$limbs>>::MODULUS.0;
                for v in [0u64, 1, 2, 3] {
                    let x = <$ty>::from(v);
                    let mut lanes = [x, -x];
                    <$ty as crate::AnemoiField>::exp_inv_alpha(&mut lanes);
                    assert_eq!(lanes[0].exp_alpha(), x);
                    assert_eq!(lanes[1].exp_alpha(), -x);
                }
                // p - 1 in Montgomery form squared and multiplied.
                let m1 = -<$ty>::from(1u64);
                let s = mont::square(&(m1.0).0, p, <$config as MontConfig<$limbs>>::INV);
                assert_eq!(canonical::<$config, $limbs>(s), <$ty>::from(1u64));
            }

            proptest! {
                #![proptest_config(ProptestConfig::with_cases(
                    algebraic_hash_testkit::cases(256)
                ))]

                #[test]
                fn mul_and_square_match_ark(
                    a in prop::collection::vec(any::<u8>(), 64),
                    b in prop::collection::vec(any::<u8>(), 64),
                    ha in any::<bool>(),
                    hb in any::<bool>(),
                ) {
                    check_ops::<$config, $limbs>(&a, &b, ha, hb);
                }

                #[test]
                fn chain_is_the_inverse_power(a in prop::collection::vec(any::<u8>(), 64)) {
                    check_chain::<$ty>(&a);
                    check_portable_chain::<$config, $limbs>(
                        &a,
                        &crate::constants::$module::INV_ALPHA_CHAIN,
                    );
                }
            }
        }
    };
}

field_tests!(
    "bls12-377",
    bls12_377,
    ark_bls12_377::Fq,
    ark_bls12_377::FqConfig,
    6,
    bls12_377
);
field_tests!(
    "bls12-381",
    bls12_381,
    ark_bls12_381::Fq,
    ark_bls12_381::FqConfig,
    6,
    bls12_381
);
field_tests!("bn254", bn254, ark_bn254::Fq, ark_bn254::FqConfig, 4, bn254);
field_tests!(
    "ed-on-bls12-377",
    ed_on_bls12_377,
    ark_bls12_377::Fr,
    ark_bls12_377::FrConfig,
    4,
    ed_on_bls12_377
);
field_tests!(
    "jubjub",
    jubjub,
    ark_bls12_381::Fr,
    ark_bls12_381::FrConfig,
    4,
    jubjub
);
field_tests!(
    "pallas",
    pallas,
    ark_pallas::Fq,
    ark_pallas::FqConfig,
    4,
    pallas
);
field_tests!(
    "vesta",
    vesta,
    ark_pallas::Fr,
    ark_pallas::FrConfig,
    4,
    vesta
);
