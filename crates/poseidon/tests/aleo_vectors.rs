//! Aleo's Poseidon against snarkVM (snarkvm-console-algorithms 4.12.0,
//! which is too heavy to build in CI): the vector files its answers were
//! written to by `scripts/aleo-vectors` — edge and boundary cases, the
//! snapshot files snarkVM's own tests check (its `test_hash` cases with
//! domains `Poseidon2/4/8` and its rate-2 `test_sponge` cases), and 10 000
//! random inputs per entry point and rate, derived here as the generator
//! derives them, whose answers must hash to the generator's SHA-256.

use std::fmt::Write;

use algebraic_hash::{DuplexSponge, Error, Hasher, Permutation};
use algebraic_hash_poseidon::aleo::{
    self, Fr, Poseidon, Poseidon2, Scalar, domain_to_field, fr_from_le_bytes, fr_from_str,
};
use algebraic_hash_testkit::{VectorFile, check_hasher, check_permutation};
use ark_ff::{PrimeField, Zero};
use sha2::{Digest, Sha256};

const POSEIDON2: &str = include_str!("../../../test-vectors/aleo/poseidon2.json");
const POSEIDON4: &str = include_str!("../../../test-vectors/aleo/poseidon4.json");
const POSEIDON8: &str = include_str!("../../../test-vectors/aleo/poseidon8.json");

fn parse(s: &str) -> Fr {
    fr_from_str(s).expect("vector element")
}

fn parse_all(items: &[String]) -> Vec<Fr> {
    items.iter().map(|s| parse(s)).collect()
}

/// Element `j` of random input `i` of entry point `tag` at rate `rate`, as
/// `scripts/aleo-vectors` derives it: 0, 1 or p − 1 when `(i + j) % 8` is
/// 0, 1 or 2, else the low 252 bits of SHA-256("aleo-vectors:RATE:TAG:I:J")
/// read little-endian.
fn element(rate: usize, tag: &str, i: usize, j: usize) -> Fr {
    match (i + j) % 8 {
        0 => Fr::zero(),
        1 => Fr::from(1u64),
        2 => -Fr::from(1u64),
        _ => {
            let mut bytes: [u8; 32] =
                Sha256::digest(format!("aleo-vectors:{rate}:{tag}:{i}:{j}")).into();
            bytes[31] &= 0x0f;
            fr_from_le_bytes(&bytes).expect("below 2^252 < p")
        }
    }
}

fn input(rate: usize, tag: &str, i: usize, n: usize) -> Vec<Fr> {
    (0..n).map(|j| element(rate, tag, i, j)).collect()
}

/// SHA-256 (hex) over one line per input: the answer's decimals,
/// space-separated.
fn digest(lines: impl Iterator<Item = Vec<String>>) -> String {
    let mut h = Sha256::new();
    for line in lines {
        h.update(line.join(" ").as_bytes());
        h.update(b"\n");
    }
    h.finalize().iter().fold(String::new(), |mut s, b| {
        write!(s, "{b:02x}").expect("a String takes any text");
        s
    })
}

fn decimal(x: &Fr) -> String {
    x.into_bigint().to_string()
}

fn scalar_decimal(x: &Scalar) -> String {
    x.into_bigint().to_string()
}

fn check_file<const R: usize, const W: usize>(json: &str)
where
    Poseidon<R>: Permutation<[Fr; W]> + Hasher<Fr, Digest = Fr>,
{
    let file = VectorFile::parse(json);
    let aleo = Poseidon::<R>::aleo();

    let domain = &file.require("domain")[0];
    assert_eq!(domain.raw["domain"], format!("AleoPoseidon{R}"));
    assert_eq!(aleo.domain(), parse(&domain.output[0]));
    assert_eq!(Poseidon::<R>::setup(&format!("AleoPoseidon{R}")), Ok(aleo));

    assert!(check_permutation(&file, "permute", &aleo, parse) >= 10);

    // Every length 0..=20 and the rate boundaries with 0, 1 and p − 1,
    // through the trait and the named hash.
    assert!(check_hasher(&file, "hash", &aleo, parse, |v| v[0]) >= 33);
    for case in file.require("hash") {
        let input = parse_all(&case.input);
        assert_eq!(aleo.hash::<W>(&input), parse(&case.output[0]));
    }

    // snarkVM's own test_suite_hash2/4/8 (5, 8 and 11 cases), with the
    // domains `Poseidon2/4/8`.
    let snapshots = file.require("hash_domain");
    assert_eq!(snapshots.len(), [5, 8, 11][R.trailing_zeros() as usize - 1]);
    for case in snapshots {
        let domain = case.raw["domain"].as_str().expect("domain");
        let poseidon = Poseidon::<R>::setup(domain).expect("domain");
        let input = parse_all(&case.input);
        assert_eq!(
            poseidon.hash::<W>(&input),
            parse(&case.output[0]),
            "{}",
            case.raw["from"]
        );
    }

    for case in file.require("hash_many") {
        let input = parse_all(&case.input);
        let count = case.raw["outputs"].as_u64().expect("outputs") as usize;
        let mut out = vec![Fr::zero(); count];
        aleo.hash_many::<W>(&input, &mut out);
        assert_eq!(
            out,
            parse_all(&case.output),
            "hash_many {count} of {:?}",
            case.input
        );
    }

    for case in file.require("hash_to_scalar") {
        let input = parse_all(&case.input);
        let scalar = aleo.hash_to_scalar::<W>(&input);
        assert_eq!(
            scalar_decimal(&scalar),
            case.output[0],
            "hash_to_scalar of {:?}",
            case.input
        );
    }

    let mut random = 0;
    for case in file.require("random_digest") {
        let count = case.raw["count"].as_u64().expect("count") as usize;
        assert!(count >= 10_000);
        let expected = case.raw["sha256"].as_str().expect("sha256");
        let entry = case.raw["entry"].as_str().expect("entry");
        let got = match entry {
            "permute" => {
                // permute_many over all the states at once, too.
                let mut states: Vec<[Fr; W]> = (0..count)
                    .map(|i| input(R, "permute", i, W).try_into().expect("W elements"))
                    .collect();
                let one_by_one: Vec<[Fr; W]> = states.iter().map(|s| aleo.permute(*s)).collect();
                aleo.permute_many(&mut states);
                assert_eq!(states, one_by_one);
                digest(states.iter().map(|s| s.iter().map(decimal).collect()))
            }
            "hash" => digest(
                (0..count).map(|i| vec![decimal(&aleo.hash::<W>(&input(R, "hash", i, i % 21)))]),
            ),
            "hash_many" => digest((0..count).map(|i| {
                let mut out = vec![Fr::zero(); 1 + i % (2 * R + 3)];
                aleo.hash_many::<W>(&input(R, "hash_many", i, i % 17), &mut out);
                out.iter().map(decimal).collect()
            })),
            "hash_to_scalar" => digest((0..count).map(|i| {
                let scalar = aleo.hash_to_scalar::<W>(&input(R, "hash_to_scalar", i, i % 13));
                vec![scalar_decimal(&scalar)]
            })),
            other => panic!("unknown entry point {other}"),
        };
        assert_eq!(got, expected, "{entry} at rate {R}: {count} random inputs");
        random += 1;
    }
    assert_eq!(random, 4);
}

#[test]
fn poseidon2() {
    check_file::<2, 3>(POSEIDON2);
}

#[test]
fn poseidon4() {
    check_file::<4, 5>(POSEIDON4);
}

#[test]
fn poseidon8() {
    check_file::<8, 9>(POSEIDON8);
}

/// snarkVM's `test_sponge` snapshots: its rate-2 sponge without the
/// domain and length block is `DuplexSponge` with rate cells 1..=2 over
/// the same permutation (absorb adds, permutes lazily, and once before
/// the first output).
#[test]
fn snarkvm_sponge_snapshots() {
    let file = VectorFile::parse(POSEIDON2);
    let cases = file.require("sponge");
    assert_eq!(cases.len(), 100);
    for case in cases {
        let absorb = case.raw["absorb"].as_u64().expect("absorb") as usize;
        let element = parse(case.raw["element"].as_str().expect("element"));
        let mut sponge =
            DuplexSponge::<Fr, Poseidon2, 3, 2, 1>::new(Poseidon2::aleo(), [Fr::zero(); 3]);
        for _ in 0..absorb {
            sponge.absorb_one(element);
        }
        let out: Vec<Fr> = case.output.iter().map(|_| sponge.squeeze_one()).collect();
        assert_eq!(
            out,
            parse_all(&case.output),
            "absorb {absorb}, squeeze {}",
            case.output.len()
        );
    }
}

/// Values ≥ p and wrong byte counts get the typed errors; domain strings
/// longer than snarkVM takes are refused.
#[test]
fn bad_input_is_refused() {
    let p = "8444461749428370424248824938781546531375899335154063827935233455917409239041";
    let not_canonical = Err(Error::NotCanonical {
        field: aleo::FIELD_NAME,
    });
    assert_eq!(fr_from_str(p), not_canonical);
    assert_eq!(fr_from_str(&format!("{p}field")), not_canonical);
    assert_eq!(fr_from_str("7field"), Ok(Fr::from(7u64)));
    let minus_one = -Fr::from(1u64);
    let mut bytes = [0u8; 32];
    bytes.copy_from_slice(&ark_ff::BigInteger::to_bytes_le(&minus_one.into_bigint()));
    assert_eq!(fr_from_le_bytes(&bytes), Ok(minus_one));
    bytes[0] += 1;
    assert_eq!(fr_from_le_bytes(&bytes), not_canonical);
    assert!(matches!(
        fr_from_le_bytes(&bytes[1..]),
        Err(Error::WrongLength { .. })
    ));
    let longest = "x".repeat(aleo::MAX_DOMAIN_LEN);
    assert_eq!(
        domain_to_field(&longest),
        Ok(Fr::from_le_bytes_mod_order(longest.as_bytes()))
    );
    assert!(matches!(
        Poseidon2::setup(&format!("{longest}x")),
        Err(Error::LengthOutOfRange {
            max: 31,
            found: 32,
            ..
        })
    ));
}
