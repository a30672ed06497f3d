//! The addition chains, against ark-ff, on every backend.

use ark_ff::{AdditiveGroup, BigInteger, Field, Fp, MontBackend, MontConfig, PrimeField};
use proptest::prelude::*;
use std::{vec, vec::Vec};

use crate::AnemoiField;
use crate::chain;
use crate::constants::Chain;
use algebraic_hash_montgomery::{LaneField, Narrow, Portable};

type Fe<C, const N: usize> = Fp<MontBackend<C, N>, N>;

/// A uniformly random element from 64 random bytes.
fn element<C: MontConfig<N>, const N: usize>(bytes: &[u8]) -> Fe<C, N> {
    Fe::<C, N>::from_le_bytes_mod_order(bytes)
}

/// Every backend runs the chain to the same words as the portable one
/// (the limb arithmetic itself is tested against ark-ff in
/// `algebraic-hash-montgomery`): the scalar backends, and eight inputs (edge
/// values among them) on the portable model of the lanes and on the
/// dispatched lanes (AVX-512 IFMA where the CPU has them).
fn check_backend_chains<C: LaneField<N>, const N: usize>(bytes: &[u8], chain: &Chain) {
    let x = element::<C, N>(bytes);
    let mut portable = [x, x.double()];
    chain::exp_chain_with::<C, Portable, N, 2>(Portable, &mut portable, chain);
    let mut dispatched = [x, x.double()];
    chain::exp_chain::<C, N, 2>(&mut dispatched, chain);
    assert_eq!(dispatched, portable);
    let mut narrow = [x, x.double()];
    chain::exp_chain_with::<C, Narrow, N, 2>(Narrow, &mut narrow, chain);
    assert_eq!(narrow, portable);
    #[cfg(all(target_arch = "x86_64", not(algebraic_hash_force_scalar), not(miri)))]
    if let Some(adx) = algebraic_hash_montgomery::Adx::detect() {
        let mut a = [x, x.double()];
        chain::exp_chain_with::<C, _, N, 2>(adx, &mut a, chain);
        assert_eq!(a, portable);
    }
    let eight: [Fe<C, N>; 8] = [
        x,
        x.double(),
        -x,
        Fe::<C, N>::from(0u64),
        Fe::<C, N>::from(1u64),
        -Fe::<C, N>::from(1u64),
        x.square(),
        x + Fe::<C, N>::from(1u64),
    ];
    let mut expected = eight;
    chain::exp_chain_with::<C, Portable, N, 8>(Portable, &mut expected, chain);
    let mut model = eight;
    C::run_model(chain::ChainKernel {
        xs: &mut model,
        chain,
    });
    assert_eq!(model, expected, "model lanes");
    let mut lanes = eight;
    chain::exp_chain::<C, N, 8>(&mut lanes, chain);
    assert_eq!(lanes, expected, "dispatched eight lanes");
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
    assert!(chain.registers <= chain::MAX_REGISTERS);
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
                for v in [0u64, 1, 2, 3] {
                    let x = <$ty>::from(v);
                    let mut lanes = [x, -x];
                    <$ty as crate::AnemoiField>::exp_inv_alpha(&mut lanes);
                    assert_eq!(lanes[0].exp_alpha(), x);
                    assert_eq!(lanes[1].exp_alpha(), -x);
                }
                // p − 1 (the largest input) through the chain.
                let m1 = -<$ty>::from(1u64);
                let mut lanes = [m1];
                <$ty as crate::AnemoiField>::exp_inv_alpha(&mut lanes);
                assert_eq!(lanes[0].exp_alpha(), m1);
            }

            proptest! {
                #![proptest_config(ProptestConfig::with_cases(
                    algebraic_hash_testkit::cases(256)
                ))]

                #[test]
                fn chain_is_the_inverse_power(a in prop::collection::vec(any::<u8>(), 64)) {
                    check_chain::<$ty>(&a);
                    check_backend_chains::<$config, $limbs>(
                        &a,
                        &crate::constants::$module::INV_ALPHA_CHAIN,
                    );
                }
            }
        }
    };
}

field_tests!(
    "bls12-377-fq",
    bls12_377,
    ark_bls12_377::Fq,
    ark_bls12_377::FqConfig,
    6,
    bls12_377
);
field_tests!(
    "bls12-381-fq",
    bls12_381,
    ark_bls12_381::Fq,
    ark_bls12_381::FqConfig,
    6,
    bls12_381
);
field_tests!(
    "bn254-fq",
    bn254,
    ark_bn254::Fq,
    ark_bn254::FqConfig,
    4,
    bn254
);
field_tests!(
    "bn254-fr",
    bn254_fr,
    ark_bn254::Fr,
    ark_bn254::FrConfig,
    4,
    bn254_fr
);
field_tests!(
    "bls12-377-fr",
    ed_on_bls12_377,
    ark_bls12_377::Fr,
    ark_bls12_377::FrConfig,
    4,
    ed_on_bls12_377
);
field_tests!(
    "bls12-381-fr",
    jubjub,
    ark_bls12_381::Fr,
    ark_bls12_381::FrConfig,
    4,
    jubjub
);
field_tests!(
    "pallas-fq",
    pallas,
    ark_pallas::Fq,
    ark_pallas::FqConfig,
    4,
    pallas
);
field_tests!(
    "pallas-fr",
    vesta,
    ark_pallas::Fr,
    ark_pallas::FrConfig,
    4,
    vesta
);

/// `permute_many` and the Jive `compress_many` (which forwards to it) equal
/// the one-state path for every batch size 0..=33 (groups of eight on the
/// lanes where the CPU has them, and tails).
fn check_batches<F: AnemoiField, const L: usize, const W: usize>(seed: u8) {
    use algebraic_hash::{Compression, Permutation};
    algebraic_hash_testkit::require_lanes_where_listed(algebraic_hash_montgomery::lanes_available());
    for version in crate::Version::ALL {
        let anemoi = crate::Anemoi::<F, L, W>::new(version);
        let jive = crate::AnemoiJive::<F, L, W>::new(anemoi);
        for n in 0..=33usize {
            let states: Vec<[F; W]> = (0..n)
                .map(|i| {
                    core::array::from_fn(|j| {
                        let bytes = [seed, i as u8, j as u8, 0xa5].repeat(16);
                        F::from_le_bytes_mod_order(&bytes)
                    })
                })
                .collect();
            let mut many = states.clone();
            anemoi.permute_many(&mut many);
            let one: Vec<[F; W]> = states.iter().map(|s| anemoi.permute(*s)).collect();
            assert_eq!(many, one, "permute_many of {n}");
            let inputs: Vec<[[F; L]; 2]> = states
                .iter()
                .map(|s| {
                    [
                        core::array::from_fn(|j| s[j]),
                        core::array::from_fn(|j| s[L + j]),
                    ]
                })
                .collect();
            let mut out = vec![[F::zero(); L]; n];
            jive.compress_many(&inputs, &mut out);
            let expected: Vec<[F; L]> = inputs.iter().map(|x| jive.compress(*x)).collect();
            assert_eq!(out, expected, "compress_many of {n}");
        }
    }
}

#[cfg(feature = "bn254-fq")]
#[test]
fn batches_bn254() {
    check_batches::<ark_bn254::Fq, 1, 2>(1);
    check_batches::<ark_bn254::Fq, 2, 4>(2);
}

#[cfg(feature = "bn254-fr")]
#[test]
fn batches_bn254_fr() {
    check_batches::<ark_bn254::Fr, 2, 4>(5);
}

#[cfg(feature = "bls12-381-fq")]
#[test]
fn batches_bls12_381() {
    check_batches::<ark_bls12_381::Fq, 1, 2>(3);
}

#[cfg(feature = "pallas-fq")]
#[test]
fn batches_pallas() {
    // A 255-bit field: values reduced after every product.
    check_batches::<ark_pallas::Fq, 1, 2>(4);
}
