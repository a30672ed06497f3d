//! BN254 `Fr` conversions of the poseidon crate (`field::fr_from_str`,
//! `fr_from_le_bytes`, `fr_from_be_bytes`, `fr_to_le_bytes`) on arbitrary
//! input, checked against num-bigint; accepted values round-trip through
//! bytes and through decimal and hex text.

#![no_main]

use algebraic_hash_fuzz::{bn254_modulus, check_le_bytes, check_text};
use algebraic_hash_poseidon::Fr;
use algebraic_hash_poseidon::field::{
    fr_from_be_bytes, fr_from_le_bytes, fr_from_str, fr_to_le_bytes,
};
use arbitrary::Arbitrary;
use ark_ff::{BigInteger, PrimeField};
use libfuzzer_sys::fuzz_target;
use num_bigint::BigUint;

#[derive(Arbitrary, Debug)]
struct Input<'a> {
    text: &'a str,
    bytes: &'a [u8],
}

/// The integer of an element, read through arkworks (not through the code
/// under test).
fn value(x: Fr) -> BigUint {
    BigUint::from_bytes_le(&x.into_bigint().to_bytes_le())
}

fn round_trips(x: Fr) {
    let le = fr_to_le_bytes(&x);
    assert_eq!(BigUint::from_bytes_le(&le), value(x));
    assert_eq!(fr_from_le_bytes(&le), Ok(x));
    let mut be = le;
    be.reverse();
    assert_eq!(fr_from_be_bytes(&be), Ok(x));
    assert_eq!(fr_from_str(&value(x).to_str_radix(10)), Ok(x));
    assert_eq!(
        fr_from_str(&format!("0x{}", value(x).to_str_radix(16))),
        Ok(x)
    );
}

fuzz_target!(|input: Input| {
    let r = bn254_modulus();

    let parsed = fr_from_str(input.text);
    check_text(input.text, 4, &r, parsed.map(value));
    if let Ok(x) = parsed {
        round_trips(x);
    }

    let le = fr_from_le_bytes(input.bytes);
    check_le_bytes(input.bytes, 4, &r, le.map(value));
    if let Ok(x) = le {
        round_trips(x);
    }

    let mut reversed = input.bytes.to_vec();
    reversed.reverse();
    let be = fr_from_be_bytes(input.bytes);
    check_le_bytes(&reversed, 4, &r, be.map(value));
});
