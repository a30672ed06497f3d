//! Zcash Orchard's Poseidon: the vector files (answers from halo2_poseidon
//! 0.2.0 and the zcash test vectors it carries, written by
//! `scripts/orchard-vectors`), through the trait view and the named hash.

use algebraic_hash::Hasher;
use algebraic_hash_poseidon::orchard::{self, ConstantLength, P128Pow5T3, PallasFp, VestaFp};
use algebraic_hash_testkit::{VectorFile, check_compression, check_hasher, check_permutation};
use ark_ff::{BigInt, PrimeField};

const PALLAS: &str = include_str!("../../../test-vectors/orchard/p128pow5t3_pallas.json");
const VESTA: &str = include_str!("../../../test-vectors/orchard/p128pow5t3_vesta.json");

fn parse<F: PrimeField<BigInt = BigInt<4>>>(s: &str) -> F {
    let limbs = algebraic_hash::parse::parse_below(s, &F::MODULUS.0, "vector").expect("element");
    F::from_bigint(BigInt(limbs)).expect("canonical")
}

/// `ConstantLength<L>` of a case whose input has `L` elements.
fn constant_length<F>(input: &[F]) -> F
where
    F: PrimeField,
    P128Pow5T3: algebraic_hash::Permutation<[F; 3]>,
{
    match input.len() {
        1 => orchard::hash::<F, 1>(input.try_into().expect("1")),
        3 => orchard::hash::<F, 3>(input.try_into().expect("3")),
        4 => orchard::hash::<F, 4>(input.try_into().expect("4")),
        5 => orchard::hash::<F, 5>(input.try_into().expect("5")),
        n => panic!("no case of length {n} expected"),
    }
}

fn check_file<F>(json: &str)
where
    F: PrimeField<BigInt = BigInt<4>>,
    P128Pow5T3: algebraic_hash::Permutation<[F; 3]> + algebraic_hash::Compression<F, 2>,
    ConstantLength<2>: Hasher<F, Digest = F>,
{
    let file = VectorFile::parse(json);
    assert!(check_permutation(&file, "permute", &P128Pow5T3, parse::<F>) >= 3);
    check_compression(
        &file,
        "hash",
        &P128Pow5T3,
        parse::<F>,
        |v| v.try_into().expect("two inputs"),
        |v| v[0],
    );
    check_hasher(&file, "hash", &ConstantLength::<2>, parse::<F>, |v| v[0]);
    for case in file.require("hash_constant_length") {
        let input: Vec<F> = case.input.iter().map(|s| parse(s)).collect();
        assert_eq!(
            constant_length(&input),
            parse::<F>(&case.output[0]),
            "L = {}",
            input.len()
        );
    }
}

#[test]
fn pallas() {
    check_file::<PallasFp>(PALLAS);
}

#[test]
fn vesta() {
    check_file::<VestaFp>(VESTA);
}
