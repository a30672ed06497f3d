//! Filecoin's Poseidon: the vector files (answers from neptune 13.0.0,
//! written by `scripts/filecoin-vectors`), through the trait view and the
//! tagged hash, for every arity and both strengths.

use algebraic_hash::{Compression, Hasher, Permutation};
use algebraic_hash_poseidon::filecoin::{Fr, HashType, Poseidon};
use algebraic_hash_testkit::{VectorFile, check_compression, check_hasher, check_permutation};
use ark_ff::{BigInt, PrimeField};

fn parse(s: &str) -> Fr {
    let limbs = algebraic_hash::parse::parse_below(s, &Fr::MODULUS.0, "vector").expect("element");
    Fr::from_bigint(BigInt(limbs)).expect("canonical")
}

fn check_file<const A: usize, const W: usize, const STRENGTHENED: bool>(json: &str)
where
    Poseidon<A, STRENGTHENED>: Permutation<[Fr; W]> + Compression<Fr, A> + Hasher<Fr, Digest = Fr>,
{
    let file = VectorFile::parse(json);
    let ours = Poseidon::<A, STRENGTHENED>;
    assert!(check_permutation(&file, "permute", &ours, parse) >= 10);
    assert!(
        check_compression(
            &file,
            "merkle_tree",
            &ours,
            parse,
            |v| v.try_into().expect("arity inputs"),
            |v| v[0],
        ) >= 10
    );
    // Every length 0..=A.
    assert!(check_hasher(&file, "hash_constant_length", &ours, parse, |v| v[0]) > A);
    let tagged = |function: &str, tag: &dyn Fn(&serde_json::Value) -> HashType| {
        let tag_of = |case: &algebraic_hash_testkit::Case| tag(&case.raw);
        let cases = file.require(function);
        for case in &cases {
            let input: Vec<Fr> = case.input.iter().map(|s| parse(s)).collect();
            let hash = ours.hash(tag_of(case), &input);
            assert_eq!(
                hash,
                Ok(parse(&case.output[0])),
                "{function} {:?}",
                case.input
            );
        }
        cases.len()
    };
    assert!(tagged("hash_encryption", &|_| HashType::Encryption) >= 2);
    assert!(
        tagged("hash_custom", &|raw| HashType::Custom(
            raw["id"].as_u64().expect("id")
        )) >= 3
    );
}

macro_rules! files {
    ($($name:ident, $arity:literal, $width:literal, $strengthened:literal, $file:literal;)*) => {$(
        #[test]
        fn $name() {
            check_file::<$arity, $width, $strengthened>(include_str!(concat!(
                "../../../test-vectors/filecoin/",
                $file
            )));
        }
    )*};
}

files! {
    arity_2, 2, 3, false, "neptune_a2.json";
    arity_2_strengthened, 2, 3, true, "neptune_a2_strengthened.json";
    arity_4, 4, 5, false, "neptune_a4.json";
    arity_4_strengthened, 4, 5, true, "neptune_a4_strengthened.json";
    arity_8, 8, 9, false, "neptune_a8.json";
    arity_8_strengthened, 8, 9, true, "neptune_a8_strengthened.json";
    arity_11, 11, 12, false, "neptune_a11.json";
    arity_11_strengthened, 11, 12, true, "neptune_a11_strengthened.json";
}
