//! The Anemoi crate's entry points for user input: `AnemoiField::from_decimal`
//! and `from_le_bytes` for all seven fields (checked against the num-bigint
//! contract), `Version::from_name`, and the length checks of `permute_slice`
//! and `compress_k`; `hash_bytes` on any bytes equals `hash_elements` of its
//! documented encoding (0x01 appended, zero padding, 31-byte little-endian
//! chunks).

#![no_main]

use algebraic_hash::Error;
use algebraic_hash_anemoi::{Anemoi, AnemoiField, AnemoiHash, Version};
use algebraic_hash_fuzz::{check_le_bytes, check_text};
use arbitrary::Arbitrary;
use ark_ff::{BigInteger, PrimeField};
use libfuzzer_sys::fuzz_target;
use num_bigint::BigUint;

#[derive(Arbitrary, Debug)]
struct Input<'a> {
    text: &'a str,
    bytes: &'a [u8],
    name: &'a str,
    crypto2023: bool,
    cells: Vec<u64>,
    b: u8,
    out_len: u8,
}

fn value<F: PrimeField>(x: F) -> BigUint {
    BigUint::from_bytes_le(&x.into_bigint().to_bytes_le())
}

fn parsers<F: AnemoiField>(input: &Input) {
    let modulus = BigUint::from_bytes_le(&F::MODULUS.to_bytes_le());
    let limbs = F::MODULUS.as_ref().len();
    check_text(
        input.text,
        limbs,
        &modulus,
        F::from_decimal(input.text).map(value),
    );
    check_le_bytes(
        input.bytes,
        limbs,
        &modulus,
        F::from_le_bytes(input.bytes).map(value),
    );
}

fn wrong_length(got: Result<(), Error>, expected: usize, found: usize) {
    match got {
        Err(Error::WrongLength {
            expected: e,
            found: f,
            ..
        }) => assert_eq!((e, f), (expected, found)),
        other => panic!("{other:?}, want WrongLength {expected} / {found}"),
    }
}

fuzz_target!(|input: Input| {
    parsers::<algebraic_hash_anemoi::bls12_377::Felt>(&input);
    parsers::<algebraic_hash_anemoi::bls12_381::Felt>(&input);
    parsers::<algebraic_hash_anemoi::bn254::Felt>(&input);
    parsers::<algebraic_hash_anemoi::ed_on_bls12_377::Felt>(&input);
    parsers::<algebraic_hash_anemoi::jubjub::Felt>(&input);
    parsers::<algebraic_hash_anemoi::pallas::Felt>(&input);
    parsers::<algebraic_hash_anemoi::vesta::Felt>(&input);

    match Version::from_name(input.name) {
        Ok(v) => assert_eq!(v.name(), input.name),
        Err(Error::Unsupported { .. }) => {
            assert!(!Version::ALL.iter().any(|v| v.name() == input.name))
        }
        Err(e) => panic!("{e:?}"),
    }

    type F = algebraic_hash_anemoi::pallas::Felt;
    const WIDTH: usize = 4;
    let version = if input.crypto2023 {
        Version::Crypto2023
    } else {
        Version::Eprint2022
    };
    let anemoi = Anemoi::<F, 2, WIDTH>::new(version);
    let cells: Vec<F> = input.cells.iter().map(|&x| F::from(x)).collect();

    let mut state = cells.clone();
    let got = anemoi.permute_slice(&mut state);
    if cells.len() == WIDTH {
        got.expect("width 4");
    } else {
        wrong_length(got, WIDTH, cells.len());
        assert_eq!(state, cells, "state changed on error");
    }

    let b = usize::from(input.b);
    let mut out = vec![F::from(0u64); usize::from(input.out_len)];
    let got = anemoi.compress_k(&cells, b, &mut out);
    if cells.len() != WIDTH {
        wrong_length(got, WIDTH, cells.len());
    } else if b < 2 || WIDTH % b != 0 {
        assert!(
            matches!(got, Err(Error::Unsupported { .. })),
            "b = {b}: {got:?}"
        );
    } else if out.len() != WIDTH / b {
        wrong_length(got, WIDTH / b, out.len());
    } else {
        got.expect("valid Jive");
    }

    let hasher = AnemoiHash::<F, 1, 2>::new(version);
    let mut encoded = input.bytes.to_vec();
    encoded.push(1);
    let elements: Vec<F> = encoded
        .chunks(F::BYTES_PER_ELEMENT)
        .map(|chunk| {
            let mut buf = chunk.to_vec();
            buf.resize(F::BYTES_PER_ELEMENT, 0);
            F::from_le_bytes_mod_order(&buf)
        })
        .collect();
    assert_eq!(
        hasher.hash_bytes(input.bytes),
        hasher.hash_elements(&elements)
    );
});
