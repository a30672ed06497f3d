//! The `plonky3` feature against twenty-first 3.1.1: Tip5 permuting
//! Plonky3's Goldilocks values — one element per cell, and eight lanes per
//! cell (`[Goldilocks; 8]`, a Plonky3 `PackedValue` whatever the build's
//! target features) — gives twenty-first's permutation on 10 000 states
//! with edge values; the hasher and the compression give twenty-first's
//! `hash_varlen` (every length 0..=25) and `hash_pair`.
#![cfg(all(feature = "plonky3", not(any(miri, algebraic_hash_no_oracles))))]

use algebraic_hash_testkit::{Rng64, cases};
use algebraic_hash_tip5::{STATE_SIZE, Tip5};
use p3_field::PrimeField64;
use p3_goldilocks::Goldilocks;
use p3_symmetric::{CryptographicHasher, Permutation, PseudoCompressionFunction};
use twenty_first::prelude::BFieldElement;
use twenty_first::tip5 as tf;

const P: u64 = 0xffff_ffff_0000_0001;
const EDGES: &[u64] = &[0, 1, P - 1, P - 2, 1 << 32, (1 << 32) - 1];
const LANES: usize = 8;

fn theirs(values: &[Goldilocks]) -> Vec<BFieldElement> {
    values
        .iter()
        .map(|x| BFieldElement::new(x.as_canonical_u64()))
        .collect()
}

fn same(ours: &[Goldilocks], theirs: &[BFieldElement]) -> bool {
    ours.len() == theirs.len()
        && ours
            .iter()
            .zip(theirs)
            .all(|(a, b)| a.as_canonical_u64() == b.value())
}

#[test]
fn permutation_scalar_and_packed() {
    let mut rng = Rng64::new(0x3a11, P, EDGES);
    let n = cases(10_000) as usize;
    let states: Vec<[Goldilocks; STATE_SIZE]> = (0..n)
        .map(|_| core::array::from_fn(|_| Goldilocks::new(rng.element())))
        .collect();
    let mut expected = Vec::with_capacity(n);
    for state in &states {
        let mut peer = tf::Tip5 {
            state: theirs(state).try_into().expect("16 elements"),
        };
        peer.permutation();
        let ours = Permutation::<[Goldilocks; STATE_SIZE]>::permute(&Tip5, *state);
        assert!(same(&ours, &peer.state), "{state:?}");
        expected.push(ours);
    }
    for (group, answers) in states.chunks_exact(LANES).zip(expected.chunks_exact(LANES)) {
        let mut packed = [[Goldilocks::new(0); LANES]; STATE_SIZE];
        for (lane, state) in group.iter().enumerate() {
            for (cell, value) in packed.iter_mut().zip(state) {
                cell[lane] = *value;
            }
        }
        Permutation::<[[Goldilocks; LANES]; STATE_SIZE]>::permute_mut(&Tip5, &mut packed);
        for (lane, answer) in answers.iter().enumerate() {
            let got: [Goldilocks; STATE_SIZE] = core::array::from_fn(|cell| packed[cell][lane]);
            assert_eq!(got, *answer, "lane {lane}");
        }
    }
}

#[test]
fn hasher_and_compression_are_twenty_firsts() {
    let mut rng = Rng64::new(0x3a12, P, EDGES);
    for length in 0..=25 {
        let input: Vec<Goldilocks> = (0..length)
            .map(|_| Goldilocks::new(rng.element()))
            .collect();
        let ours = Tip5.hash_slice(&input);
        let peer = tf::Tip5::hash_varlen(&theirs(&input));
        assert!(same(&ours, &peer.values()), "hash_varlen of {length}");
    }
    for _ in 0..cases(1_000) {
        let left: [Goldilocks; 5] = core::array::from_fn(|_| Goldilocks::new(rng.element()));
        let right: [Goldilocks; 5] = core::array::from_fn(|_| Goldilocks::new(rng.element()));
        let ours = Tip5.compress([left, right]);
        let peer = tf::Tip5::hash_pair(
            tf::Digest::new(theirs(&left).try_into().expect("5")),
            tf::Digest::new(theirs(&right).try_into().expect("5")),
        );
        assert!(same(&ours, &peer.values()), "hash_pair");
    }
}
