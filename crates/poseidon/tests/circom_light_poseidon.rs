//! circom Poseidon against the crates.io peer `light-poseidon` 0.5 (its
//! `new_circom` instances, widths 2..=13) on seeded pseudo-random inputs:
//! 1000 inputs per input count 1..=12 (12 000 in all; scaled by
//! `ALGEBRAIC_HASH_CASES_PERCENT`). light-poseidon uses ark-bn254 0.6, the
//! same `Fr` as this crate, so elements pass unconverted; the byte interface
//! is compared too.

use algebraic_hash::Hasher;
use algebraic_hash_poseidon::Fr;
use algebraic_hash_poseidon::circom::{
    CircomPoseidon, poseidon, poseidon_be_bytes, poseidon_le_bytes,
};
use algebraic_hash_poseidon::field::{fr_from_le_bytes, fr_to_le_bytes};
use algebraic_hash_testkit::cases;
use light_poseidon::{Poseidon, PoseidonBytesHasher, PoseidonHasher};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// A pseudo-random element: uniform below p most of the time, with the
/// edge values 0, 1, p - 1 mixed in.
fn element(rng: &mut StdRng) -> Fr {
    match rng.random_range(0..16u32) {
        0 => Fr::from(0u64),
        1 => Fr::from(1u64),
        2 => -Fr::from(1u64),
        _ => loop {
            let mut bytes: [u8; 32] = rng.random();
            bytes[31] &= 0x3f;
            if let Ok(x) = fr_from_le_bytes(&bytes) {
                break x;
            }
        },
    }
}

#[test]
fn equals_light_poseidon_for_1_to_12_inputs() {
    let per_count = cases(1000);
    let mut rng = StdRng::seed_from_u64(0xC1C0_2024);
    let mut checked = 0u32;
    for n in 1..=12usize {
        let mut peer = Poseidon::<Fr>::new_circom(n).expect("light-poseidon width");
        for _ in 0..per_count {
            let input: Vec<Fr> = (0..n).map(|_| element(&mut rng)).collect();
            let expected = peer.hash(&input).expect("light-poseidon hash");
            assert_eq!(poseidon(&input), Ok(expected), "{n} inputs {input:?}");
            checked += 1;
        }
    }
    assert!(checked >= 12 * per_count);
}

/// The fixed-width types through the shared `Hasher` trait, t = 3 and t = 5
/// (the widths of binary and quaternary Merkle trees).
#[test]
fn hasher_trait_equals_light_poseidon() {
    let mut rng = StdRng::seed_from_u64(7);
    let mut peer2 = Poseidon::<Fr>::new_circom(2).unwrap();
    let mut peer4 = Poseidon::<Fr>::new_circom(4).unwrap();
    for _ in 0..cases(500) {
        let a: Vec<Fr> = (0..2).map(|_| element(&mut rng)).collect();
        let b: Vec<Fr> = (0..4).map(|_| element(&mut rng)).collect();
        assert_eq!(
            CircomPoseidon::<3>::new().hash_elements(&a),
            peer2.hash(&a).unwrap()
        );
        assert_eq!(
            CircomPoseidon::<5>::new().hash_elements(&b),
            peer4.hash(&b).unwrap()
        );
    }
}

/// The big-endian byte interface against light-poseidon's `hash_bytes_be`.
#[test]
fn bytes_equal_light_poseidon() {
    let mut rng = StdRng::seed_from_u64(0xB17E5);
    for n in 1..=12usize {
        let mut peer = Poseidon::<Fr>::new_circom(n).unwrap();
        for _ in 0..cases(50) {
            let input: Vec<[u8; 32]> = (0..n)
                .map(|_| {
                    let mut be = fr_to_le_bytes(&element(&mut rng));
                    be.reverse();
                    be
                })
                .collect();
            let slices: Vec<&[u8]> = input.iter().map(|b| b.as_slice()).collect();
            let expected = peer.hash_bytes_be(&slices).expect("light-poseidon bytes");
            assert_eq!(poseidon_be_bytes(&input), Ok(expected), "{n} inputs");
            // The same elements little-endian, against light-poseidon's
            // `hash_bytes_le`.
            let le: Vec<[u8; 32]> = input
                .iter()
                .map(|w| {
                    let mut le = *w;
                    le.reverse();
                    le
                })
                .collect();
            let slices: Vec<&[u8]> = le.iter().map(|b| b.as_slice()).collect();
            let expected = peer.hash_bytes_le(&slices).expect("light-poseidon bytes");
            assert_eq!(poseidon_le_bytes(&le), Ok(expected), "{n} inputs");
        }
    }
}
