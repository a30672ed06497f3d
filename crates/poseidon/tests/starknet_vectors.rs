//! Starknet's Poseidon: the vector file (answers from starknet-types-core
//! 1.0.0, written by `scripts/starknet-vectors`), through the trait view and
//! Starknet's named functions.

use algebraic_hash_poseidon::starknet::{
    self, Felt, StarknetPoseidon, felt_from_be_bytes, felt_from_str, felt_to_be_bytes,
};
use algebraic_hash_testkit::{VectorFile, check_compression, check_hasher, check_permutation};

const FILE: &str = include_str!("../../../test-vectors/starknet/poseidon.json");

fn parse(s: &str) -> Felt {
    felt_from_str(s).expect("vector element")
}

#[test]
fn traits() {
    let file = VectorFile::parse(FILE);
    assert!(check_permutation(&file, "hades_permutation", &StarknetPoseidon, parse) >= 8);
    check_compression(
        &file,
        "hash",
        &StarknetPoseidon,
        parse,
        |v| v.try_into().expect("two inputs"),
        |v| v[0],
    );
    let many = check_hasher(&file, "hash_many", &StarknetPoseidon, parse, |v| v[0]);
    assert!(many >= 10, "every padding boundary");
}

#[test]
fn named_functions() {
    let file = VectorFile::parse(FILE);
    for case in file.require("hades_permutation") {
        let mut state: [Felt; 3] = core::array::from_fn(|i| parse(&case.input[i]));
        starknet::hades_permutation(&mut state);
        let expected: Vec<Felt> = case.output.iter().map(|s| parse(s)).collect();
        assert_eq!(state.to_vec(), expected);
    }
    for case in file.require("hash") {
        let out = starknet::hash(parse(&case.input[0]), parse(&case.input[1]));
        assert_eq!(out, parse(&case.output[0]));
    }
    for case in file.require("hash_single") {
        assert_eq!(
            starknet::hash_single(parse(&case.input[0])),
            parse(&case.output[0])
        );
    }
    for case in file.require("hash_many") {
        let input: Vec<Felt> = case.input.iter().map(|s| parse(s)).collect();
        assert_eq!(starknet::hash_many(&input), parse(&case.output[0]));
        // The same through Starknet's byte encoding.
        let bytes: Vec<[u8; 32]> = input.iter().map(felt_to_be_bytes).collect();
        let back: Vec<Felt> = bytes
            .iter()
            .map(|b| felt_from_be_bytes(b).expect("canonical"))
            .collect();
        assert_eq!(back, input);
    }
}

#[test]
fn covers_the_edges() {
    // The file holds 0, 1 and p − 1 as inputs, and hash_many of every
    // length 0..=9.
    let file = VectorFile::parse(FILE);
    let p_minus_1 = "3618502788666131213697322783095070105623107215331596699973092056135872020480";
    let all: Vec<&String> = file.cases.iter().flat_map(|c| &c.input).collect();
    for edge in ["0", "1", p_minus_1] {
        assert!(all.iter().any(|s| s.as_str() == edge), "edge {edge}");
    }
    let lengths: Vec<usize> = file
        .require("hash_many")
        .iter()
        .map(|c| c.input.len())
        .collect();
    for n in 0..=9 {
        assert!(lengths.contains(&n), "hash_many of {n} elements");
    }
}
