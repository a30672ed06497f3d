//! The batch and one-state paths against each other, on every instance
//! (Plonky3's, RISC Zero's, SP1's, OpenVM's; Goldilocks on the rescue
//! crate's lanes):
//! - `permute_many` on every backend this CPU runs (AVX-512, AVX2, NEON,
//!   scalar) against `permute` one state at a time, for every batch size
//!   0..=33;
//! - `permute` (on AVX2 CPUs the one-state path in vector registers, for
//!   the instances with Plonky3's external matrix) against the portable
//!   batch rounds (`Backend::Scalar`, one element at a time) on edge
//!   states: 0, 1, p − 1, p − 2 in every cell, then mixed with random
//!   cells.
//!
//! These were the crate's unit tests; as integration tests they reach the
//! paths through the public API only, so `cargo test` does not compile
//! the crate a second time in test mode (about 1 350 s of CI time: every
//! instance's rounds on every backend).

use algebraic_hash::Permutation;
use algebraic_hash_poseidon2_small::field::{Backend, Field31};
use algebraic_hash_poseidon2_small::plonky3::*;
use algebraic_hash_poseidon2_small::{Goldilocks, Poseidon2, Poseidon2Field};
use algebraic_hash_poseidon2_small::{openvm, risc0, sp1};
use algebraic_hash_testkit::{Rng64, cases, lane_test_states};

/// `permute_many` (the backend the dispatch picks) and `permute_many_on`
/// every backend against `permute`; the number of backends that ran.
fn check<F: Poseidon2Field, const W: usize, const D: u64>(
    perm: Poseidon2<F, W, D>,
    seed: u64,
    p: u64,
    element: impl Fn(u64) -> F,
) -> usize {
    let edges: &'static [u64] = Box::leak(vec![0, 1, p - 1].into_boxed_slice());
    let mut rng = Rng64::new(seed, p, edges);
    for n in 0..=33usize {
        let mut states: Vec<[F; W]> = (0..n)
            .map(|_| core::array::from_fn(|_| element(rng.element())))
            .collect();
        let expected: Vec<[F; W]> = states.iter().map(|s| perm.permute(*s)).collect();
        perm.permute_many(&mut states);
        assert_eq!(states, expected, "{} permute_many n = {n}", perm.name());
    }
    let mut ran = 0;
    for backend in Backend::ALL {
        if !backend.available() {
            eprintln!("{backend:?} does not run here: skipped");
            continue;
        }
        let mut backend_ran = true;
        for n in 0..=33usize {
            let mut states: Vec<[F; W]> = (0..n)
                .map(|_| core::array::from_fn(|_| element(rng.element())))
                .collect();
            let expected: Vec<[F; W]> = states.iter().map(|s| perm.permute(*s)).collect();
            if !perm.permute_many_on(backend, &mut states) {
                backend_ran = false;
                break;
            }
            assert_eq!(states, expected, "{} {backend:?} n = {n}", perm.name());
        }
        ran += usize::from(backend_ran);
    }
    ran
}

fn check31<F: Field31 + Poseidon2Field, const W: usize, const D: u64>(
    perm: Poseidon2<F, W, D>,
    seed: u64,
) {
    let available = Backend::ALL.iter().filter(|b| b.available()).count();
    let ran = check(perm, seed, u64::from(F::MODULUS), |x| {
        F::from_canonical(x as u32).unwrap()
    });
    assert_eq!(
        ran,
        available,
        "{}: every available backend runs",
        perm.name()
    );
}

#[test]
fn every_backend_matches_permute() {
    check31(BABYBEAR_16, 1);
    check31(BABYBEAR_24, 2);
    check31(KOALABEAR_16, 3);
    check31(KOALABEAR_24, 4);
    check31(MERSENNE31_16, 5);
    check31(MERSENNE31_24, 6);
    check31(risc0::POSEIDON2, 7);
    check31(sp1::POSEIDON2, 8);
    check31(sp1::v5::POSEIDON2, 9);
    check31(openvm::POSEIDON2, 10);
}

/// Goldilocks on the rescue crate's lanes: the scalar lanes always, and
/// AVX-512 where `ALGEBRAIC_HASH_REQUIRE_AVX512=1` (x86-64 builds; its
/// Goldilocks lanes also need AVX-512DQ, which every AVX-512 CPU CI meets
/// has).
#[test]
fn every_goldilocks_backend_matches_permute() {
    let p = Goldilocks::MODULUS;
    let element = |x| Goldilocks::from_canonical(x).unwrap();
    let required = cfg!(target_arch = "x86_64")
        && std::env::var_os("ALGEBRAIC_HASH_REQUIRE_AVX512").is_some_and(|v| v == "1");
    for ran in [
        check(GOLDILOCKS_8, 11, p, element),
        check(GOLDILOCKS_12, 12, p, element),
        check(GOLDILOCKS_16, 13, p, element),
    ] {
        assert!(
            ran > usize::from(required),
            "Goldilocks ran on {ran} backends"
        );
    }
}

/// `permute` against the portable batch rounds on edge and random states;
/// `ALGEBRAIC_HASH_REQUIRE_AVX512=1` (x86-64 builds) also requires AVX2,
/// which the one-state path in registers needs (every AVX-512 CPU has it).
#[test]
fn one_state_matches_portable_rounds_on_edge_states() {
    fn edges<F: Field31 + Poseidon2Field, const W: usize, const D: u64>(perm: Poseidon2<F, W, D>) {
        let p = u64::from(F::MODULUS);
        let edge_values: &'static [u64] = Box::leak(vec![0, 1, p - 1, p - 2].into_boxed_slice());
        let states: Vec<[F; W]> =
            lane_test_states::<W>(p ^ W as u64, p, edge_values, cases(2_000) as usize)
                .iter()
                .map(|s| s.map(|x| F::from_canonical(x as u32).unwrap()))
                .collect();
        let mut portable = states.clone();
        assert!(perm.permute_many_on(Backend::Scalar, &mut portable));
        for (state, want) in states.iter().zip(&portable) {
            assert_eq!(&perm.permute(*state), want, "{} on {state:?}", perm.name());
        }
    }
    let required = cfg!(target_arch = "x86_64")
        && std::env::var_os("ALGEBRAIC_HASH_REQUIRE_AVX512").is_some_and(|v| v == "1");
    assert!(
        !required || Backend::Avx2.available(),
        "ALGEBRAIC_HASH_REQUIRE_AVX512=1 but AVX2 is not detected"
    );
    edges(BABYBEAR_16);
    edges(BABYBEAR_24);
    edges(KOALABEAR_16);
    edges(KOALABEAR_24);
    edges(MERSENNE31_16);
    edges(MERSENNE31_24);
    edges(risc0::POSEIDON2);
    edges(sp1::POSEIDON2);
    edges(sp1::v5::POSEIDON2);
    edges(openvm::POSEIDON2);
}
