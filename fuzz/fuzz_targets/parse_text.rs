//! `algebraic_hash::parse::{parse_uint, parse_below}` on arbitrary text, for
//! 0, 1, 2 and 4 limbs and the Goldilocks, BN254 and arbitrary moduli, each
//! answer checked against the num-bigint restatement of the contract.

#![no_main]

use algebraic_hash::parse::{parse_below, parse_uint};
use algebraic_hash_fuzz::{bn254_modulus, check_text, from_limbs, goldilocks_modulus};
use arbitrary::Arbitrary;
use libfuzzer_sys::fuzz_target;
use num_bigint::BigUint;

#[derive(Arbitrary, Debug)]
struct Input<'a> {
    text: &'a str,
    modulus: [u64; 2],
}

const FIELD: &str = "fuzz";

fuzz_target!(|input: Input| {
    let text = input.text;

    let bound = |limbs: usize| BigUint::from(1u8) << (64 * limbs);
    check_text(
        text,
        0,
        &bound(0),
        parse_uint::<0>(text, FIELD).map(|l| from_limbs(&l)),
    );
    check_text(
        text,
        1,
        &bound(1),
        parse_uint::<1>(text, FIELD).map(|l| from_limbs(&l)),
    );
    check_text(
        text,
        4,
        &bound(4),
        parse_uint::<4>(text, FIELD).map(|l| from_limbs(&l)),
    );

    let g = goldilocks_modulus();
    let g_limbs = [g.to_u64_digits()[0]];
    check_text(
        text,
        1,
        &g,
        parse_below::<1>(text, &g_limbs, FIELD).map(|l| from_limbs(&l)),
    );

    let r = bn254_modulus();
    let r_limbs: [u64; 4] = r.to_u64_digits().try_into().expect("four limbs");
    check_text(
        text,
        4,
        &r,
        parse_below::<4>(text, &r_limbs, FIELD).map(|l| from_limbs(&l)),
    );

    let m = from_limbs(&input.modulus);
    check_text(
        text,
        2,
        &m,
        parse_below::<2>(text, &input.modulus, FIELD).map(|l| from_limbs(&l)),
    );
});
