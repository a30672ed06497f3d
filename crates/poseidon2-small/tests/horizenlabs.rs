//! Against HorizenLabs' reference Poseidon2 (zkhash 0.2, its BabyBear
//! parameters `poseidon2_instance_babybear`):
//! - RISC Zero's permutation is HorizenLabs' BabyBear width-24 instance
//!   (same round constants `RC24`, diagonal `MAT_DIAG24_M_1`, `M4`): 2 000
//!   random states with edge values through both;
//! - OpenVM's (Plonky3's default BabyBear 16) round constants are
//!   HorizenLabs' `RC16`, in Plonky3's layers (so the permutations differ
//!   from HorizenLabs' own, whose `M4` and diagonal are not Plonky3's).
#![cfg(not(any(miri, algebraic_hash_no_oracles)))]

use algebraic_hash_poseidon2_small::field::{BabyBear, Field31};
use algebraic_hash_poseidon2_small::{ExternalMatrix, openvm, plonky3, risc0};
use algebraic_hash_testkit::{Rng64, cases};
use zkhash::ark_ff::{BigInteger, PrimeField};
use zkhash::fields::babybear::FpBabyBear;
use zkhash::poseidon2::poseidon2::Poseidon2;
use zkhash::poseidon2::poseidon2_instance_babybear::{POSEIDON2_BABYBEAR_24_PARAMS, RC16};

const P: u64 = BabyBear::MODULUS as u64;

fn value(x: &FpBabyBear) -> u32 {
    let bytes = x.into_bigint().to_bytes_le();
    u32::from_le_bytes(bytes[..4].try_into().unwrap())
}

#[test]
fn risc0_is_horizenlabs_babybear_24() {
    let reference = Poseidon2::new(&POSEIDON2_BABYBEAR_24_PARAMS);
    let mut rng = Rng64::new(0x4824, P, &[0, 1, P - 1, P - 2]);
    for _ in 0..cases(2_000) {
        let input = rng.elements(24);
        let theirs: Vec<u32> = reference
            .permutation(
                &input
                    .iter()
                    .map(|&v| FpBabyBear::from(v))
                    .collect::<Vec<_>>(),
            )
            .iter()
            .map(value)
            .collect();
        let state: [BabyBear; 24] =
            core::array::from_fn(|i| BabyBear::from_canonical(input[i] as u32).unwrap());
        let ours: Vec<u32> = risc0::POSEIDON2
            .permute(state)
            .iter()
            .map(|x| x.to_canonical())
            .collect();
        assert_eq!(ours, theirs, "{input:?}");
    }
    assert_eq!(
        risc0::POSEIDON2.constants().external_matrix(),
        ExternalMatrix::HorizenLabs
    );
}

#[test]
fn openvm_round_constants_are_horizenlabs_rc16() {
    let rows: Vec<Vec<u32>> = RC16.iter().map(|r| r.iter().map(value).collect()).collect();
    assert_eq!(rows.len(), 8 + 13);
    let constants = openvm::POSEIDON2.constants();
    let canonical = |row: &[BabyBear]| row.iter().map(|x| x.to_canonical()).collect::<Vec<_>>();
    let initial: Vec<Vec<u32>> = constants
        .initial_round_constants()
        .iter()
        .map(|r| canonical(r))
        .collect();
    let terminal: Vec<Vec<u32>> = constants
        .terminal_round_constants()
        .iter()
        .map(|r| canonical(r))
        .collect();
    assert_eq!(initial, rows[..4]);
    assert_eq!(canonical(constants.partial_round_constants()), {
        rows[4..17].iter().map(|r| r[0]).collect::<Vec<_>>()
    });
    assert_eq!(terminal, rows[17..]);
    assert_eq!(constants.external_matrix(), ExternalMatrix::Plonky3);
    // OpenVM's permutation is Plonky3's default BabyBear 16.
    assert_eq!(openvm::POSEIDON2, plonky3::BABYBEAR_16);
}
