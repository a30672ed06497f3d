//! Differential: our circom Poseidon (`poseidon_be_bytes`) against
//! light-poseidon 0.5 (`Poseidon::<Fr>::new_circom(n).hash_bytes_be`) on
//! 1..=12 arbitrary 32-byte big-endian inputs: both accept the same inputs
//! (values below the BN254 modulus) and give the same hash.

#![no_main]

use algebraic_hash::Error;
use algebraic_hash_poseidon::circom;
use arbitrary::Arbitrary;
use ark_bn254::Fr;
use libfuzzer_sys::fuzz_target;
use light_poseidon::{Poseidon, PoseidonBytesHasher};

#[derive(Arbitrary, Debug)]
struct Input {
    inputs: Vec<[u8; 32]>,
    /// Clear the top bits of every input, so that most inputs are valid.
    mask_top: bool,
}

fuzz_target!(|input: Input| {
    let mut inputs = input.inputs;
    if inputs.is_empty() || inputs.len() > 12 {
        return;
    }
    if input.mask_top {
        for x in &mut inputs {
            x[0] &= 0x1f;
        }
    }
    let refs: Vec<&[u8]> = inputs.iter().map(|x| x.as_slice()).collect();
    let ours = circom::poseidon_be_bytes(&refs);
    let theirs = Poseidon::<Fr>::new_circom(inputs.len())
        .expect("1..=12 inputs")
        .hash_bytes_be(&refs);
    match (ours, theirs) {
        (Ok(a), Ok(b)) => assert_eq!(a, b),
        (Err(Error::NotCanonical { .. }), Err(_)) => {}
        (a, b) => panic!("ours {a:?}, light-poseidon {b:?}"),
    }
});
