//! Against RISC Zero's own Poseidon2 (risc0-zkp 3.0.5,
//! `risc0_zkp::core::hash::poseidon2`) in the same process: 10 000 random
//! states with edge values mixed in through `permute` and `permute_many`
//! (against `poseidon2_mix`), hashes of every length 0..=50 (against
//! `hash_elem_slice`), 1 000 pairs (against `hash_pair`, given RISC Zero's
//! Montgomery digest words), and the digest word conversion.
#![cfg(not(any(miri, algebraic_hash_no_oracles)))]

use algebraic_hash::{Compression, Hasher, Permutation};
use algebraic_hash_poseidon2_small::field::{BabyBear, Field31};
use algebraic_hash_poseidon2_small::risc0::{self, CELLS, Digest};
use algebraic_hash_testkit::{Rng64, cases};
use risc0_core::field::baby_bear::BabyBearElem;
use risc0_zkp::core::digest::Digest as Risc0Digest;
use risc0_zkp::core::hash::poseidon2::{Poseidon2HashSuite, poseidon2_mix};

const P: u64 = BabyBear::MODULUS as u64;

fn rng(seed: u64) -> Rng64 {
    Rng64::new(seed, P, &[0, 1, P - 1, P - 2])
}

fn ours(values: &[u64]) -> Vec<BabyBear> {
    values
        .iter()
        .map(|&v| BabyBear::from_canonical(v as u32).unwrap())
        .collect()
}

fn theirs(values: &[u64]) -> Vec<BabyBearElem> {
    values
        .iter()
        .map(|&v| BabyBearElem::new(v as u32))
        .collect()
}

fn same(a: &[BabyBear], b: &[BabyBearElem]) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x.to_canonical() == y.as_u32())
}

/// RISC Zero's digest words (Montgomery forms, as its `to_digest` writes).
fn risc0_digest(values: &[u64]) -> Risc0Digest {
    let words: Vec<u32> = theirs(values)
        .iter()
        .map(|x| x.as_u32_montgomery())
        .collect();
    Risc0Digest::from(<[u32; 8]>::try_from(words).unwrap())
}

fn values_of(digest: &Risc0Digest) -> Vec<BabyBearElem> {
    digest
        .as_words()
        .iter()
        .map(|&w| BabyBearElem::new_raw(w))
        .collect()
}

#[test]
fn permutation() {
    let mut rng = rng(0x4c30);
    let n = cases(10_000) as usize;
    let inputs: Vec<Vec<u64>> = (0..n).map(|_| rng.elements(CELLS)).collect();
    let mut states: Vec<[BabyBear; CELLS]> =
        inputs.iter().map(|v| ours(v).try_into().unwrap()).collect();
    let mut expected = Vec::with_capacity(n);
    for (input, state) in inputs.iter().zip(&states) {
        let mut answer: [BabyBearElem; CELLS] = theirs(input).try_into().unwrap();
        poseidon2_mix(&mut answer);
        assert!(
            same(&risc0::POSEIDON2.permute(*state), &answer),
            "permute {input:?}"
        );
        expected.push(answer);
    }
    risc0::POSEIDON2.permute_many(&mut states);
    for (state, answer) in states.iter().zip(&expected) {
        assert!(same(state, answer), "permute_many");
    }
}

#[test]
fn hash_elem_slice() {
    let suite = Poseidon2HashSuite::new_suite();
    let mut rng = rng(0x4c31);
    for len in 0..=50 {
        // Random inputs, and all zeros (the zero padding of a last partial
        // block must not be confused with input zeros of another length:
        // RISC Zero's answer decides).
        let mut inputs: Vec<Vec<u64>> = (0..8).map(|_| rng.elements(len)).collect();
        inputs.push(vec![0; len]);
        for input in inputs {
            let answer = values_of(&suite.hashfn.hash_elem_slice(&theirs(&input)));
            let ours_in = ours(&input);
            assert!(
                same(&risc0::HASH_FN.hash_elem_slice(&ours_in), &answer),
                "hash of {len}"
            );
            assert!(same(&risc0::HASH_FN.hash_elements(&ours_in), &answer));
            assert!(same(&risc0::unpadded_hash(&ours_in), &answer));
        }
    }
}

#[test]
fn hash_pair() {
    let suite = Poseidon2HashSuite::new_suite();
    let mut rng = rng(0x4c32);
    let pairs: Vec<Vec<u64>> = (0..cases(1_000)).map(|_| rng.elements(16)).collect();
    let inputs: Vec<[Digest; 2]> = pairs
        .iter()
        .map(|v| {
            let v = ours(v);
            [v[..8].try_into().unwrap(), v[8..].try_into().unwrap()]
        })
        .collect();
    let mut outputs = vec![[BabyBear::ZERO; 8]; inputs.len()];
    risc0::HASH_FN.compress_many(&inputs, &mut outputs);
    for ((v, input), batch) in pairs.iter().zip(&inputs).zip(&outputs) {
        let answer = suite
            .hashfn
            .hash_pair(&risc0_digest(&v[..8]), &risc0_digest(&v[8..]));
        let ours_out = risc0::HASH_FN.hash_pair(&input[0], &input[1]);
        assert!(same(&ours_out, &values_of(&answer)), "hash_pair {v:?}");
        assert!(same(&risc0::HASH_FN.compress(*input), &values_of(&answer)));
        assert!(same(batch, &values_of(&answer)), "compress_many {v:?}");
        // RISC Zero's digest words.
        assert_eq!(risc0::digest_to_words(&ours_out), answer.as_words());
        let words: [u32; 8] = answer.as_words().try_into().unwrap();
        assert_eq!(risc0::digest_from_words(&words), Ok(ours_out));
    }
}

#[test]
fn digest_words_at_or_above_p_are_refused() {
    for bad in [BabyBear::MODULUS, BabyBear::MODULUS + 1, u32::MAX] {
        let mut words = [0u32; 8];
        words[3] = bad;
        assert_eq!(
            risc0::digest_from_words(&words),
            Err(algebraic_hash::Error::NotCanonical { field: "BabyBear" })
        );
    }
}
