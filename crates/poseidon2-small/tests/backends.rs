//! `permute_many` on every backend this CPU runs (AVX-512, AVX2, NEON, scalar)
//! against `permute` one state at a time, for every batch size 0..=33,
//! on every instance (Plonky3's, RISC Zero's, SP1's, OpenVM's).

use algebraic_hash_poseidon2_small::field::{Backend, Field31};
use algebraic_hash_poseidon2_small::plonky3::*;
use algebraic_hash_poseidon2_small::{Poseidon2, Poseidon2Field};
use algebraic_hash_testkit::Rng64;

fn check<F: Field31 + Poseidon2Field, const W: usize, const D: u64>(
    perm: Poseidon2<F, W, D>,
    seed: u64,
) {
    let p = u64::from(F::MODULUS);
    let edges: &'static [u64] = Box::leak(vec![0, 1, p - 1].into_boxed_slice());
    let mut rng = Rng64::new(seed, p, edges);
    for backend in Backend::ALL {
        if !backend.available() {
            eprintln!("{backend:?} does not run here: skipped");
            continue;
        }
        for n in 0..=33usize {
            let mut states: Vec<[F; W]> = (0..n)
                .map(|_| core::array::from_fn(|_| F::from_canonical(rng.element() as u32).unwrap()))
                .collect();
            let expected: Vec<[F; W]> = states.iter().map(|s| perm.permute(*s)).collect();
            assert!(perm.permute_many_on(backend, &mut states));
            assert_eq!(states, expected, "{} {backend:?} n = {n}", perm.name());
        }
    }
}

#[test]
fn every_backend_matches_permute() {
    check(BABYBEAR_16, 1);
    check(BABYBEAR_24, 2);
    check(KOALABEAR_16, 3);
    check(KOALABEAR_24, 4);
    check(MERSENNE31_16, 5);
    check(MERSENNE31_24, 6);
    check(algebraic_hash_poseidon2_small::risc0::POSEIDON2, 7);
    check(algebraic_hash_poseidon2_small::sp1::POSEIDON2, 8);
    check(algebraic_hash_poseidon2_small::sp1::v5::POSEIDON2, 9);
    check(algebraic_hash_poseidon2_small::openvm::POSEIDON2, 10);
}
