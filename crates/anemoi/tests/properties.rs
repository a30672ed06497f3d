//! Properties on random inputs: Jive is the fold of input and permuted
//! output, the S-box layer inverts, the sponge's long digests extend the
//! short one, and every field, width and version agrees.

use algebraic_hash::{Compression, Jive, Permutation};
use algebraic_hash_anemoi::{Anemoi, AnemoiField, AnemoiHash, AnemoiJive, Version};
use proptest::prelude::*;

/// A state of `W` random elements from 64 bytes each.
fn state<F: AnemoiField, const W: usize>(bytes: &[u8]) -> [F; W] {
    core::array::from_fn(|i| F::from_le_bytes_mod_order(&bytes[64 * i..64 * (i + 1)]))
}

/// Σ over the b chunks of input and permuted cells, computed from
/// `permute` by hand.
fn fold<F: AnemoiField, const L: usize, const W: usize>(
    anemoi: &Anemoi<F, L, W>,
    x: &[F; W],
    b: usize,
) -> Vec<F> {
    let u = anemoi.permute(*x);
    let c = W / b;
    (0..c)
        .map(|i| (0..b).map(|j| x[i + c * j] + u[i + c * j]).sum())
        .collect()
}

fn check<F: AnemoiField, const L: usize, const W: usize>(bytes: &[u8], version: Version) {
    let anemoi = Anemoi::<F, L, W>::new(version);
    let x: [F; W] = state(bytes);

    // Jive_2 through the workspace block, the inherent `compress`, and
    // `compress_k` with every admissible b, against the fold.
    let jive = AnemoiJive::<F, L, W>::new(anemoi);
    let halves: [[F; L]; 2] = [
        core::array::from_fn(|i| x[i]),
        core::array::from_fn(|i| x[L + i]),
    ];
    let expected = fold(&anemoi, &x, 2);
    assert_eq!(jive.compress(halves).as_slice(), expected.as_slice());
    assert_eq!(anemoi.compress(x).as_slice(), expected.as_slice());
    for b in (2..=W).filter(|b| W.is_multiple_of(*b)) {
        let mut out = vec![F::zero(); W / b];
        anemoi.compress_k(&x, b, &mut out).unwrap();
        assert_eq!(out, fold(&anemoi, &x, b), "b = {b}");
    }
    let cells: [[F; 1]; W] = core::array::from_fn(|i| [x[i]]);
    let wide = Jive::<Anemoi<F, L, W>, W, 1, W>::new(anemoi);
    assert_eq!(wide.compress(cells).to_vec(), fold(&anemoi, &x, W));

    // The S-box layer and its inverse.
    let mut s = x;
    anemoi.sbox_layer(&mut s);
    anemoi.sbox_layer_inverse(&mut s);
    assert_eq!(s, x);
    anemoi.sbox_layer_inverse(&mut s);
    anemoi.sbox_layer(&mut s);
    assert_eq!(s, x);

    // permute_many = permute on each.
    let mut many = [x, s, anemoi.permute(x)];
    let singles = many.map(|v| anemoi.permute(v));
    anemoi.permute_many(&mut many);
    assert_eq!(many, singles);

    // Sponge: the checked slice entry point, and longer digests start
    // with the one-element digest.
    let mut slice = x.to_vec();
    anemoi.permute_slice(&mut slice).unwrap();
    assert_eq!(slice, anemoi.permute(x).to_vec());
    let hasher = AnemoiHash::<F, L, W>::new(version);
    let one = hasher.hash_elements(&x[..W - 1]);
    let long = hasher.hash_elements_to::<5>(&x[..W - 1]);
    assert_eq!(long[0], one);
}

macro_rules! field_properties {
    ($feature:literal, $name:ident, $ty:ty) => {
        #[cfg(feature = $feature)]
        mod $name {
            use super::*;
            type F = $ty;

            proptest! {
                #![proptest_config(ProptestConfig::with_cases(algebraic_hash_testkit::cases(16)))]

                #[test]
                fn properties(bytes in prop::collection::vec(any::<u8>(), 64 * 12), v in 0usize..2) {
                    let version = Version::ALL[v];
                    check::<F, 1, 2>(&bytes, version);
                    check::<F, 2, 4>(&bytes, version);
                    check::<F, 3, 6>(&bytes, version);
                    check::<F, 4, 8>(&bytes, version);
                    check::<F, 6, 12>(&bytes, version);
                }
            }
        }
    };
}

field_properties!("bls12-377-fq", bls12_377, ark_bls12_377::Fq);
field_properties!("bls12-381-fq", bls12_381, ark_bls12_381::Fq);
field_properties!("bn254-fq", bn254, ark_bn254::Fq);
field_properties!("bn254-fr", bn254_fr, ark_bn254::Fr);
field_properties!("bls12-377-fr", ed_on_bls12_377, ark_bls12_377::Fr);
field_properties!("bls12-381-fr", jubjub, ark_bls12_381::Fr);
field_properties!("pallas-fq", pallas, ark_pallas::Fq);
field_properties!("pallas-fr", vesta, ark_pallas::Fr);
