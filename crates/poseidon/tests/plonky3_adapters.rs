//! The Plonky3 adapters (feature `plonky3`): Plonky3's own generic blocks
//! (`TruncatedPermutation`, `PaddingFreeSponge`) over our Poseidon2 t = 3,
//! and our `p3_symmetric` impls, give the answers of taceo-poseidon2 0.3.1
//! and light-poseidon 0.5 on random inputs.
#![cfg(feature = "plonky3")]

use algebraic_hash_poseidon::Fr;
use algebraic_hash_poseidon::circom::CircomPoseidon;
use algebraic_hash_poseidon::poseidon2::{NEW_T3, NEW_T4, length_iv};
use light_poseidon::{Poseidon, PoseidonHasher};
use p3_symmetric::{
    CryptographicHasher, PaddingFreeSponge, Permutation, PseudoCompressionFunction,
    TruncatedPermutation,
};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

fn random_fr(rng: &mut StdRng) -> Fr {
    use ark_ff::PrimeField;
    let bytes: [u8; 32] = rng.random();
    Fr::from_le_bytes_mod_order(&bytes)
}

fn taceo_compress_t3(a: Fr, b: Fr) -> Fr {
    taceo_poseidon2::bn254::t3::permutation(&[a, b, Fr::from(0u64)])[0]
}

/// Poseidon2 sponge hash (length IV, rate t − 1, cell 0) on taceo's t = 4.
fn taceo_hash_t4(input: &[Fr]) -> Fr {
    let mut state = [
        Fr::from(0u64),
        Fr::from(0u64),
        Fr::from(0u64),
        length_iv(input.len()),
    ];
    let mut used = 0;
    for &x in input {
        if used == 3 {
            state = taceo_poseidon2::bn254::t4::permutation(&state);
            used = 0;
        }
        state[used] += x;
        used += 1;
    }
    taceo_poseidon2::bn254::t4::permutation(&state)[0]
}

#[test]
fn plonky3_blocks_over_poseidon2_t3_equal_taceo() {
    let mut rng = StdRng::seed_from_u64(31);
    let truncated = TruncatedPermutation::<_, 2, 1, 3>::new(NEW_T3);
    let sponge = PaddingFreeSponge::<_, 3, 2, 1>::new(NEW_T3);
    for _ in 0..200 {
        let (a, b, c) = (
            random_fr(&mut rng),
            random_fr(&mut rng),
            random_fr(&mut rng),
        );
        let expected = taceo_compress_t3(a, b);
        assert_eq!(truncated.compress([[a], [b]]), [expected]);
        assert_eq!(
            PseudoCompressionFunction::compress(&NEW_T3, [[a], [b]]),
            [expected]
        );
        // Two elements fill the rate once: one permutation of [a, b, 0].
        assert_eq!(sponge.hash_slice(&[a, b]), [expected]);
        let state = [a, b, c];
        assert_eq!(
            Permutation::permute(&NEW_T3, state),
            taceo_poseidon2::bn254::t3::permutation(&state)
        );
    }
}

#[test]
fn poseidon2_hasher_equals_taceo_sponge() {
    let mut rng = StdRng::seed_from_u64(32);
    for n in 0..12 {
        let input: Vec<Fr> = (0..n).map(|_| random_fr(&mut rng)).collect();
        assert_eq!(
            NEW_T4.hash_iter(input.iter().copied()),
            [taceo_hash_t4(&input)]
        );
        assert_eq!(NEW_T4.hash_slice(&input), [taceo_hash_t4(&input)]);
    }
}

#[test]
fn circom_compression_equals_light_poseidon() {
    let mut rng = StdRng::seed_from_u64(33);
    for _ in 0..50 {
        let (a, b) = (random_fr(&mut rng), random_fr(&mut rng));
        let mut peer = Poseidon::<Fr>::new_circom(2).unwrap();
        assert_eq!(
            PseudoCompressionFunction::compress(&CircomPoseidon::<3>::new(), [[a], [b]]),
            [peer.hash(&[a, b]).unwrap()]
        );
    }
    let inputs: [[Fr; 1]; 5] = core::array::from_fn(|i| [Fr::from(i as u64 + 1)]);
    let mut peer = Poseidon::<Fr>::new_circom(5).unwrap();
    assert_eq!(
        PseudoCompressionFunction::compress(&CircomPoseidon::<6>::new(), inputs),
        [peer.hash(&inputs.map(|x| x[0])).unwrap()]
    );
}
