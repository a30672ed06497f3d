//! The `plonky3` feature against plonky2 1.1.0's answers
//! (test-vectors/plonky2/poseidon.json): the permutation on Plonky3's
//! Goldilocks values, one element per cell and four lanes per cell
//! (`[Goldilocks; 4]`, a Plonky3 `PackedValue` whatever the build's target
//! features); Plonky3's own `PaddingFreeSponge<_, 12, 8, 4>` and
//! `TruncatedPermutation<_, 2, 4, 12>` over it give plonky2's
//! `hash_no_pad` and `two_to_one`.
#![cfg(feature = "plonky3")]

use algebraic_hash_poseidon_goldilocks::{POSEIDON, Poseidon, SPONGE_WIDTH};
use algebraic_hash_testkit::VectorFile;
use p3_goldilocks::Goldilocks;
use p3_symmetric::{
    CryptographicHasher, PaddingFreeSponge, Permutation, PseudoCompressionFunction,
    TruncatedPermutation,
};

const FILE: &str = include_str!("../../../test-vectors/plonky2/poseidon.json");
const LANES: usize = 4;

fn parse(values: &[String]) -> Vec<Goldilocks> {
    values
        .iter()
        .map(|s| Goldilocks::new(s.parse().expect("vector value")))
        .collect()
}

#[test]
fn permutation_scalar_and_packed() {
    let file = VectorFile::parse(FILE);
    let cases = file.require("permute");
    assert!(cases.len() >= 15);
    let states: Vec<[Goldilocks; SPONGE_WIDTH]> = cases
        .iter()
        .map(|c| parse(&c.input).try_into().expect("12 elements"))
        .collect();
    let answers: Vec<Vec<Goldilocks>> = cases.iter().map(|c| parse(&c.output)).collect();
    for (state, answer) in states.iter().zip(&answers) {
        let ours = Permutation::<[Goldilocks; SPONGE_WIDTH]>::permute(&POSEIDON, *state);
        assert_eq!(ours.to_vec(), *answer);
    }
    // Lane i of a pack holds case (start + i) mod n, so every case sits in
    // every lane once.
    for start in 0..states.len() {
        let mut packed = [[Goldilocks::new(0); LANES]; SPONGE_WIDTH];
        for lane in 0..LANES {
            for (cell, value) in packed
                .iter_mut()
                .zip(&states[(start + lane) % states.len()])
            {
                cell[lane] = *value;
            }
        }
        Permutation::<[[Goldilocks; LANES]; SPONGE_WIDTH]>::permute_mut(&POSEIDON, &mut packed);
        for lane in 0..LANES {
            let got: Vec<Goldilocks> = packed.iter().map(|cell| cell[lane]).collect();
            assert_eq!(got, answers[(start + lane) % states.len()], "lane {lane}");
        }
    }
}

#[test]
fn plonky3_sponge_and_compression_are_plonky2s_hashes() {
    let file = VectorFile::parse(FILE);
    let sponge = PaddingFreeSponge::<Poseidon, SPONGE_WIDTH, 8, 4>::new(POSEIDON);
    let hashes = file.require("hash_no_pad");
    assert!(hashes.len() >= 16);
    for case in hashes {
        let got = sponge.hash_slice(&parse(&case.input));
        assert_eq!(
            got.to_vec(),
            parse(&case.output),
            "hash_no_pad {:?}",
            case.input
        );
    }
    let compress = TruncatedPermutation::<Poseidon, 2, 4, SPONGE_WIDTH>::new(POSEIDON);
    let pairs = file.require("two_to_one");
    assert!(pairs.len() >= 10);
    for case in pairs {
        let input = parse(&case.input);
        let left: [Goldilocks; 4] = input[..4].try_into().expect("4");
        let right: [Goldilocks; 4] = input[4..].try_into().expect("4");
        let got = compress.compress([left, right]);
        assert_eq!(
            got.to_vec(),
            parse(&case.output),
            "two_to_one {:?}",
            case.input
        );
    }
}
