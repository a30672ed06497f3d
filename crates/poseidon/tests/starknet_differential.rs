//! Starknet's Poseidon against starknet-types-core 1.0.0 on random inputs:
//! the permutation, `hash`, `hash_single` and `hash_many` (lengths 0..=12,
//! every padding boundary), with 0, 1, 2^251 and p − 1 mixed into the
//! inputs. Elements pass between the crates as 32 big-endian bytes.
//!
//! Case counts scale with `ALGEBRAIC_HASH_CASES_PERCENT` (10 000 by default).

use algebraic_hash::{Compression, Hasher, Permutation};
use algebraic_hash_poseidon::starknet::{
    self, Felt, StarknetPoseidon, felt_from_be_bytes, felt_to_be_bytes,
};
use algebraic_hash_testkit::cases;
use ark_ff::{PrimeField, Zero};
use rand::rngs::StdRng;
use rand::{Rng, RngCore, SeedableRng};
use starknet_types_core::felt::Felt as TheirFelt;
use starknet_types_core::hash::{Poseidon, StarkHash};

fn random_felt(rng: &mut StdRng) -> Felt {
    match rng.random_range(0..16u32) {
        0 => Felt::zero(),
        1 => Felt::from(1u64),
        2 => -Felt::from(1u64),
        3 => Felt::from(2u64).pow([251u64]),
        _ => {
            let mut bytes = [0u8; 64];
            rng.fill_bytes(&mut bytes);
            Felt::from_le_bytes_mod_order(&bytes)
        }
    }
}

fn theirs(x: &Felt) -> TheirFelt {
    TheirFelt::from_bytes_be(&felt_to_be_bytes(x))
}

fn ours(x: &TheirFelt) -> Felt {
    felt_from_be_bytes(&x.to_bytes_be()).expect("canonical")
}

use ark_ff::Field as _;

#[test]
fn permutation() {
    let mut rng = StdRng::seed_from_u64(1);
    let mut batch = Vec::new();
    let mut expected = Vec::new();
    for _ in 0..cases(10_000) {
        let state: [Felt; 3] = core::array::from_fn(|_| random_felt(&mut rng));
        let mut their_state = state.map(|x| theirs(&x));
        Poseidon::hades_permutation(&mut their_state);
        let want = their_state.map(|x| ours(&x));
        assert_eq!(StarknetPoseidon.permute(state), want, "state {state:?}");
        batch.push(state);
        expected.push(want);
    }
    StarknetPoseidon.permute_many(&mut batch);
    assert_eq!(batch, expected, "permute_many");
}

#[test]
fn hash_and_hash_single() {
    let mut rng = StdRng::seed_from_u64(2);
    let mut inputs = Vec::new();
    let mut expected = Vec::new();
    for _ in 0..cases(10_000) {
        let (x, y) = (random_felt(&mut rng), random_felt(&mut rng));
        let want = ours(&Poseidon::hash(&theirs(&x), &theirs(&y)));
        assert_eq!(starknet::hash(x, y), want);
        assert_eq!(
            starknet::hash_single(x),
            ours(&Poseidon::hash_single(&theirs(&x)))
        );
        inputs.push([x, y]);
        expected.push(want);
    }
    let mut batch = vec![Felt::zero(); inputs.len()];
    StarknetPoseidon.compress_many(&inputs, &mut batch);
    assert_eq!(batch, expected, "compress_many");
}

#[test]
fn hash_many() {
    let mut rng = StdRng::seed_from_u64(3);
    for i in 0..cases(10_000) {
        let len = (i % 13) as usize;
        let input: Vec<Felt> = (0..len).map(|_| random_felt(&mut rng)).collect();
        let their_input: Vec<TheirFelt> = input.iter().map(theirs).collect();
        let want = ours(&Poseidon::hash_array(&their_input));
        assert_eq!(
            StarknetPoseidon.hash_elements(&input),
            want,
            "{len} elements"
        );
        assert_eq!(starknet::hash_many(&input), want);
    }
}
