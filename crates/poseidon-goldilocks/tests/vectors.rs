//! test-vectors/plonky2/poseidon.json: every answer computed by plonky2
//! 1.1.0 (the first four permutations are plonky2's own test vectors):
//! the permutation (one by one, `permute_many`, and the definition
//! `poseidon_naive`), `hash_no_pad`, `hash_or_noop`, `two_to_one` (one by
//! one and with `compress_many`).

use algebraic_hash::Error;
use algebraic_hash_poseidon_goldilocks::*;
use algebraic_hash_testkit::{VectorFile, check_compression, check_hasher, check_permutation};

const FILE: &str = include_str!("../../../test-vectors/plonky2/poseidon.json");

fn parse(text: &str) -> Felt {
    text.parse().expect("vector value")
}

fn digest(elements: &[Felt]) -> HashOut {
    elements.try_into().expect("4-element digest")
}

#[test]
fn plonky2_vectors() {
    let file = VectorFile::parse(FILE);
    assert!(file.source.contains("plonky2 1.1.0"), "{}", file.source);
    assert!(check_permutation::<Felt, _, 12>(&file, "permute", &POSEIDON, parse) >= 15);
    for case in file.require("permute") {
        let input: [Felt; 12] = case
            .input
            .iter()
            .map(|s| parse(s))
            .collect::<Vec<_>>()
            .try_into()
            .unwrap();
        let output: Vec<Felt> = case.output.iter().map(|s| parse(s)).collect();
        assert_eq!(Poseidon::poseidon_naive(input).to_vec(), output);
    }
    assert!(check_hasher(&file, "hash_no_pad", &POSEIDON_HASH, parse, digest) >= 16);
    assert!(check_hasher(&file, "hash_or_noop", &HASH_OR_NOOP, parse, digest) >= 11);
    let split = |e: &[Felt]| [digest(&e[..4]), digest(&e[4..])];
    assert!(check_compression(&file, "two_to_one", &POSEIDON_HASH, parse, split, digest) >= 10);
}

/// plonky2's own four test vectors, as written in poseidon_goldilocks.rs,
/// are the first four cases of the file.
#[test]
fn upstream_vectors_come_first() {
    let file = VectorFile::parse(FILE);
    let permute = file.require("permute");
    assert_eq!(permute[0].input, ["0"; 12]);
    assert_eq!(permute[0].output[0], 0x3c18a9786cb0b359u64.to_string());
    assert_eq!(permute[3].output[11], 0x401f3f2ed524a2bau64.to_string());
}

/// `hash_n_to_m_no_pad` with four outputs is `hash_no_pad`; more outputs
/// squeeze with a permutation between blocks of eight; `hash_pad` is
/// `hash_no_pad` of the padded input.
#[test]
fn other_modes() {
    let input: Vec<Felt> = (0..21u32).map(Felt::from).collect();
    for n in 0..input.len() {
        let mut four = [Felt::ZERO; 4];
        PoseidonHash::hash_n_to_m_no_pad(&input[..n], &mut four);
        assert_eq!(four, PoseidonHash::hash_no_pad(&input[..n]));

        let mut twenty = [Felt::ZERO; 20];
        PoseidonHash::hash_n_to_m_no_pad(&input[..n], &mut twenty);
        let mut state = [Felt::ZERO; 12];
        for chunk in input[..n].chunks(8) {
            state[..chunk.len()].copy_from_slice(chunk);
            state = Poseidon::poseidon(state);
        }
        assert_eq!(twenty[..8], state[..8]);
        let state = Poseidon::poseidon(state);
        assert_eq!(twenty[8..16], state[..8]);
        assert_eq!(twenty[16..], Poseidon::poseidon(state)[..4]);

        let mut padded = input[..n].to_vec();
        padded.push(Felt::ONE);
        while !(padded.len() + 1).is_multiple_of(8) {
            padded.push(Felt::ZERO);
        }
        padded.push(Felt::ONE);
        assert_eq!(
            PoseidonHash::hash_pad(&input[..n]),
            PoseidonHash::hash_no_pad(&padded)
        );
    }
}

#[test]
fn bad_input_is_refused() {
    assert_eq!(
        state_from_u64s(&[0; 11]),
        Err(Error::WrongLength {
            what: "permutation state",
            expected: 12,
            found: 11
        })
    );
    assert!(matches!(
        state_from_u64s(&[Felt::MODULUS; 12]),
        Err(Error::NotCanonical { .. })
    ));
    assert_eq!(
        state_from_u64s(&[Felt::MODULUS - 1; 12]).unwrap()[0].to_u64(),
        Felt::MODULUS - 1
    );
}
