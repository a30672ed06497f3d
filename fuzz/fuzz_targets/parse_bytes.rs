//! `algebraic_hash::parse::{uint_from_le_bytes, le_bytes_below, uint_lt}` on
//! arbitrary bytes and moduli, checked against num-bigint.

#![no_main]

use algebraic_hash::parse::{le_bytes_below, uint_from_le_bytes, uint_lt};
use algebraic_hash_fuzz::{bn254_modulus, check_le_bytes, from_limbs, goldilocks_modulus};
use arbitrary::Arbitrary;
use libfuzzer_sys::fuzz_target;
use num_bigint::BigUint;

#[derive(Arbitrary, Debug)]
struct Input<'a> {
    bytes: &'a [u8],
    modulus: [u64; 2],
    other: [u64; 2],
}

const FIELD: &str = "fuzz";

fuzz_target!(|input: Input| {
    let bytes = input.bytes;
    let bound = |limbs: usize| BigUint::from(1u8) << (64 * limbs);
    check_le_bytes(
        bytes,
        1,
        &bound(1),
        uint_from_le_bytes::<1>(bytes).map(|l| from_limbs(&l)),
    );
    check_le_bytes(
        bytes,
        4,
        &bound(4),
        uint_from_le_bytes::<4>(bytes).map(|l| from_limbs(&l)),
    );

    let g = goldilocks_modulus();
    let g_limbs = [g.to_u64_digits()[0]];
    check_le_bytes(
        bytes,
        1,
        &g,
        le_bytes_below::<1>(bytes, &g_limbs, FIELD).map(|l| from_limbs(&l)),
    );

    let r = bn254_modulus();
    let r_limbs: [u64; 4] = r.to_u64_digits().try_into().expect("four limbs");
    check_le_bytes(
        bytes,
        4,
        &r,
        le_bytes_below::<4>(bytes, &r_limbs, FIELD).map(|l| from_limbs(&l)),
    );

    let m = from_limbs(&input.modulus);
    check_le_bytes(
        bytes,
        2,
        &m,
        le_bytes_below::<2>(bytes, &input.modulus, FIELD).map(|l| from_limbs(&l)),
    );

    assert_eq!(
        uint_lt(&input.other, &input.modulus),
        from_limbs(&input.other) < m,
        "uint_lt({:?}, {:?})",
        input.other,
        input.modulus
    );
});
