//! The Hades instances (Starknet, Orchard, Dusk, Filecoin) in arkworks
//! through the generic adapters `algebraic_hash::{HasherCrh,
//! CompressionCrh}` (feature `ark-crypto-primitives`): `evaluate` gives the
//! answers of the vector files, which come from each ecosystem's own crate
//! (starknet-types-core, halo2_poseidon, dusk-poseidon, neptune), an input
//! length an instance does not take is an arkworks error, and arkworks'
//! `MerkleTree` over Starknet's hashes has the root that Starknet's
//! `poseidon_hash_many` / `poseidon_hash` give.
#![cfg(all(
    feature = "ark-crypto-primitives",
    feature = "starknet",
    feature = "orchard",
    feature = "dusk",
    feature = "filecoin"
))]

use algebraic_hash::{Compression, CompressionCrh, Hasher, HasherCrh};
use algebraic_hash_poseidon::dusk::DuskPoseidon;
use algebraic_hash_poseidon::filecoin::Poseidon as Neptune;
use algebraic_hash_poseidon::orchard::{ConstantLength, PallasFp, VestaFp};
use algebraic_hash_poseidon::starknet::{self, Felt, StarknetPoseidon};
use algebraic_hash_testkit::VectorFile;
use ark_crypto_primitives::crh::{CRHScheme, TwoToOneCRHScheme};
use ark_crypto_primitives::merkle_tree::{Config, IdentityDigestConverter, MerkleTree};
use ark_ff::{BigInt, PrimeField};

fn parse<F: PrimeField<BigInt = BigInt<4>>>(s: &str) -> F {
    let limbs = algebraic_hash::parse::parse_below(s, &F::MODULUS.0, "vector").expect("element");
    F::from_bigint(BigInt(limbs)).expect("canonical")
}

/// Every case of `function` in `json` through `HasherCrh<F, H>`.
fn hasher_cases<F, H>(json: &str, function: &str) -> usize
where
    F: PrimeField<BigInt = BigInt<4>>,
    H: Hasher<F, Digest = F> + Default,
{
    let file = VectorFile::parse(json);
    let cases = file.require(function);
    for case in &cases {
        let input: Vec<F> = case.input.iter().map(|s| parse(s)).collect();
        let got = HasherCrh::<F, H>::evaluate(&(), input.as_slice()).expect("a length it takes");
        assert_eq!(got, parse(&case.output[0]), "{function} {:?}", case.input);
    }
    cases.len()
}

/// Every case of `function` in `json` (two inputs) through
/// `CompressionCrh<F, C>`, as leaves (`evaluate`) and as inner nodes
/// (`compress`).
fn two_to_one_cases<F, C>(json: &str, function: &str) -> usize
where
    F: PrimeField<BigInt = BigInt<4>>,
    C: Compression<F, 2> + Default,
{
    let file = VectorFile::parse(json);
    let cases = file.require(function);
    for case in &cases {
        let [left, right]: [F; 2] = [parse(&case.input[0]), parse(&case.input[1])];
        let expected = parse(&case.output[0]);
        let evaluated = CompressionCrh::<F, C>::evaluate(&(), left, right).expect("no error");
        let compressed = CompressionCrh::<F, C>::compress(&(), left, right).expect("no error");
        assert_eq!(
            (evaluated, compressed),
            (expected, expected),
            "{function} {:?}",
            case.input
        );
    }
    cases.len()
}

const STARKNET: &str = include_str!("../../../test-vectors/starknet/poseidon.json");
const PALLAS: &str = include_str!("../../../test-vectors/orchard/p128pow5t3_pallas.json");
const VESTA: &str = include_str!("../../../test-vectors/orchard/p128pow5t3_vesta.json");
const DUSK: &str = include_str!("../../../test-vectors/dusk/dusk_poseidon.json");
const NEPTUNE_2: &str = include_str!("../../../test-vectors/filecoin/neptune_a2.json");

#[test]
fn starknet_answers() {
    assert!(hasher_cases::<Felt, StarknetPoseidon>(STARKNET, "hash_many") >= 10);
    assert!(two_to_one_cases::<Felt, StarknetPoseidon>(STARKNET, "hash") > 0);
}

#[test]
fn orchard_answers() {
    assert!(hasher_cases::<PallasFp, ConstantLength<2>>(PALLAS, "hash") > 0);
    assert!(hasher_cases::<VestaFp, ConstantLength<2>>(VESTA, "hash") > 0);
}

#[test]
fn dusk_answers() {
    assert!(hasher_cases::<ark_bls12_381::Fr, DuskPoseidon>(DUSK, "hash_other") > 0);
    assert!(two_to_one_cases::<ark_bls12_381::Fr, DuskPoseidon>(DUSK, "hash_merkle2") > 0);
}

#[test]
fn filecoin_answers() {
    let hashed = hasher_cases::<ark_bls12_381::Fr, Neptune<2>>(NEPTUNE_2, "hash_constant_length");
    assert!(hashed > 0);
    assert!(two_to_one_cases::<ark_bls12_381::Fr, Neptune<2>>(NEPTUNE_2, "merkle_tree") > 0);
}

#[test]
fn a_length_the_instance_refuses_is_an_arkworks_error() {
    // Orchard's ConstantLength<2> takes exactly two elements.
    let three = [PallasFp::from(1u64); 3];
    assert!(HasherCrh::<PallasFp, ConstantLength<2>>::evaluate(&(), three.as_slice()).is_err());
}

struct StarknetTree;
impl Config for StarknetTree {
    type Leaf = [Felt];
    type LeafDigest = Felt;
    type LeafInnerDigestConverter = IdentityDigestConverter<Felt>;
    type InnerDigest = Felt;
    type LeafHash = HasherCrh<Felt, StarknetPoseidon>;
    type TwoToOneHash = CompressionCrh<Felt, StarknetPoseidon>;
}

#[test]
fn arkworks_merkle_tree_over_starknet() {
    let leaves: Vec<Vec<Felt>> = (0..8u64)
        .map(|i| (0..=i % 3).map(|j| Felt::from(i * 10 + j)).collect())
        .collect();
    let tree = MerkleTree::<StarknetTree>::new(&(), &(), leaves.iter().map(Vec::as_slice))
        .expect("eight leaves");
    let mut level: Vec<Felt> = leaves.iter().map(|l| starknet::hash_many(l)).collect();
    while level.len() > 1 {
        level = level
            .chunks(2)
            .map(|p| starknet::hash(p[0], p[1]))
            .collect();
    }
    assert_eq!(tree.root(), level[0]);
    let proof = tree.generate_proof(5).expect("leaf 5");
    assert!(
        proof
            .verify(&(), &(), &tree.root(), leaves[5].as_slice())
            .expect("no error")
    );
    assert!(
        !proof
            .verify(&(), &(), &tree.root(), leaves[4].as_slice())
            .expect("no error")
    );
}
