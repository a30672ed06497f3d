//! Dusk's Poseidon: the vector file (answers from dusk-poseidon 0.44.0,
//! written by `scripts/dusk-vectors`) through the named hashes and the trait
//! view, the permutation file (the generator's model, checked against
//! dusk-poseidon's hashes), and the permutation against the known answers of
//! dusk-poseidon's own unit test of it (`src/hades.rs`, `poseidon_hash`:
//! a sponge with a zero tag, the input then one element 1 absorbed, one
//! output), which exercise the permutation with a zero capacity cell.

use algebraic_hash::DuplexSponge;
use algebraic_hash_poseidon::dusk::{self, BlsScalar, Domain, DuskPoseidon};
use algebraic_hash_testkit::{VectorFile, check_compression, check_hasher, check_permutation};
use ark_ff::{BigInt, BigInteger, PrimeField, Zero};

const FILE: &str = include_str!("../../../test-vectors/dusk/dusk_poseidon.json");
/// The permutation alone, from the plain-integer model in
/// `scripts/poseidon-hades/dusk.py`, which checks the model against every
/// hash case of `FILE` before writing it.
const PERMUTATION: &str = include_str!("../../../test-vectors/dusk/permutation.json");

fn parse(s: &str) -> BlsScalar {
    let limbs =
        algebraic_hash::parse::parse_below(s, &BlsScalar::MODULUS.0, "vector").expect("element");
    BlsScalar::from_bigint(BigInt(limbs)).expect("canonical")
}

#[test]
fn vector_file() {
    let file = VectorFile::parse(FILE);
    let parsed = |case: &algebraic_hash_testkit::Case| -> Vec<BlsScalar> {
        case.input.iter().map(|s| parse(s)).collect()
    };
    for (name, domain) in [
        ("hash_other", Domain::Other),
        ("hash_encryption", Domain::Encryption),
        ("hash_merkle2", Domain::Merkle2),
        ("hash_merkle4", Domain::Merkle4),
    ] {
        let cases = file.require(name);
        assert!(cases.len() >= 10, "{name}");
        for case in cases {
            assert_eq!(
                dusk::hash(domain, &parsed(case)),
                Ok(parse(&case.output[0])),
                "{name}, {} elements",
                case.input.len()
            );
        }
    }
    // Every padding boundary of Domain::Other is in the file.
    let lengths: Vec<usize> = file
        .require("hash_other")
        .iter()
        .map(|c| c.input.len())
        .collect();
    assert!((1..=13).all(|n| lengths.contains(&n)));
    check_hasher(&file, "hash_other", &DuskPoseidon, parse, |v| v[0]);
    check_compression(
        &file,
        "hash_merkle2",
        &DuskPoseidon,
        parse,
        |v| <[BlsScalar; 2]>::try_from(v).expect("two inputs"),
        |v| v[0],
    );
    check_compression(
        &file,
        "hash_merkle4",
        &DuskPoseidon,
        parse,
        |v| <[BlsScalar; 4]>::try_from(v).expect("four inputs"),
        |v| v[0],
    );
    for case in file.require("hash_other_outputs") {
        let want: Vec<BlsScalar> = case.output.iter().map(|s| parse(s)).collect();
        let mut out = vec![BlsScalar::zero(); want.len()];
        dusk::hash_into(Domain::Other, &parsed(case), &mut out).expect("valid");
        assert_eq!(out, want, "{} in, {} out", case.input.len(), want.len());
    }
    for case in file.require("hash_truncated") {
        let got = dusk::hash_truncated(Domain::Other, &parsed(case)).expect("valid");
        assert_eq!(got, parse(&case.output[0]));
    }
}

/// dusk-poseidon's `TEST_INPUTS` (hex of 32 little-endian bytes) and the
/// hashes of their first 3, 4, 5, 6, 8 and 10 (as it prints them: hex,
/// most significant byte first).
const THEIR_INPUTS: [&str; 10] = [
    "bb67ed265bf1db490ded2e1ede55c0d14c55521509dc73f9c354e98ab76c9625",
    "7e74220084d75e10c89e9435d47bb5b8075991b2e29be3b84421dac3b1ee6007",
    "5ce5481a4d78cca03498f72761da1b9f1d2aa8fb300be39f0e4fe2534f9d4308",
    "b1e710e3c4a8c35154b0ce4e4f4af6f498ebd79f8e7cdf3150372c7501be250b",
    "33c9e2025f86b5d82149f1ab8e20a168fc3d99d09b48cbce0286db8752cc3306",
    "e98206bfdce791e4e5144079b997d4fc25006194b35655f0e48490b26e24ea35",
    "86d2a95cc552de8d5bb20bd4a407fee5ffdc314e93dfe6b2dc792bc71fd8cc2d",
    "4edd8307ce28a8c70963d20a7bc28df1e1720bbbc93878a18bd07fad7d51fa15",
    "eabc7a296704a68aa01f95adc85f6dd758b175745336d8fc795a17984024b21e",
    "cfc108673c93df305e31c283b9c767b7097ae4e174a223e0c24b15a67b701a3a",
];
const THEIR_HASHES: [(usize, &str); 6] = [
    (
        3,
        "26abf2d0476f154e69bf19740092fe36265680c294462b8e759ad73a99567dd5",
    ),
    (
        4,
        "1cc40219c7ec92919d6db7a41cd41953333a2ed544606daca182e4eaa6c7db2d",
    ),
    (
        5,
        "707c98a0e9a6e4832ac33ee08811bce122017a58dbbbf66a2f6fcdc69d45462d",
    ),
    (
        6,
        "26905a794d3d2fb0c3ed2276abc696c27a5bfdea7f106e596cbeedd86891c461",
    ),
    (
        8,
        "1b98a2c5f1fe54d21b5ce9bf0dcc99ea8784a64f3c544fa06d3f73569741006e",
    ),
    (
        10,
        "211b7ea21c9afca93dabdfbda8b2d5275b2dd802fed87bb431e98557c61667d2",
    ),
];

fn from_hex(hex: &str, little_endian: bool) -> BlsScalar {
    let mut bytes: Vec<u8> = (0..32)
        .map(|i| u8::from_str_radix(&hex[2 * i..2 * i + 2], 16).expect("hex"))
        .collect();
    if !little_endian {
        bytes.reverse();
    }
    let x = BlsScalar::from_le_bytes_mod_order(&bytes);
    assert_eq!(x.into_bigint().to_bytes_le(), bytes, "canonical");
    x
}

#[test]
fn permutation_file() {
    let file = VectorFile::parse(PERMUTATION);
    assert!(check_permutation(&file, "permute", &DuskPoseidon, parse) >= 10);
}

#[test]
fn permutation_against_their_unit_test() {
    let inputs: Vec<BlsScalar> = THEIR_INPUTS.iter().map(|h| from_hex(h, true)).collect();
    for (n, hex) in THEIR_HASHES {
        let mut sponge =
            DuplexSponge::<BlsScalar, _, 5, 4, 1>::new(DuskPoseidon, [BlsScalar::zero(); 5]);
        for &x in &inputs[..n] {
            sponge.absorb_one(x);
        }
        sponge.absorb_one(BlsScalar::from(1u64));
        assert_eq!(sponge.squeeze_one(), from_hex(hex, false), "{n} inputs");
    }
}
