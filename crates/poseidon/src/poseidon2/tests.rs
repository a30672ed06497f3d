//! Backends and batches against the one-state portable permutation (the
//! vector and differential tests in `tests/` pin the permutation itself).

use std::vec::Vec;

use algebraic_hash::{Compression, Permutation};
use algebraic_hash_montgomery::{LaneField, Narrow, Portable};
use ark_bn254::FrConfig;

use super::params::Params;
use super::permutation::{PermuteMany, permute_with};
use super::{NEW_T2, NEW_T3, NEW_T4, NEW_T8, NEW_T12, NEW_T16, OLD_T2, OLD_T3, OLD_T4, Poseidon2};
use crate::Fr;
use crate::batch::random_states;

fn portable<const T: usize>(params: &Params<T>, state: &[Fr; T]) -> [Fr; T] {
    let mut out = *state;
    permute_with(Portable, params, &mut out);
    out
}

/// The dispatched permutation, the narrow backend (`wasm32`'s) and the ADX
/// backend (where the CPU has it) equal the portable code on random states.
fn backends_agree<const T: usize>(p: Poseidon2<T>, seed: u64) {
    for state in random_states::<T>(seed, 2000) {
        let expected = portable(p.params, &state);
        assert_eq!(
            p.permute(state),
            expected,
            "{} backend",
            Poseidon2::<T>::backend()
        );
        let mut s = state;
        permute_with(Narrow, p.params, &mut s);
        assert_eq!(s, expected, "narrow backend");
        #[cfg(all(target_arch = "x86_64", not(algebraic_hash_force_scalar), not(miri)))]
        if let Some(adx) = algebraic_hash_montgomery::Adx::detect() {
            let mut s = state;
            permute_with(adx, p.params, &mut s);
            assert_eq!(s, expected, "ADX backend");
        }
    }
}

#[test]
fn every_backend_equals_portable() {
    backends_agree(NEW_T2, 1);
    backends_agree(NEW_T3, 2);
    backends_agree(NEW_T4, 3);
    backends_agree(OLD_T2, 4);
    backends_agree(OLD_T3, 5);
    backends_agree(OLD_T4, 6);
    backends_agree(NEW_T8, 7);
    backends_agree(NEW_T12, 8);
    backends_agree(NEW_T16, 9);
}

/// The portable model of the lane arithmetic (the algorithm of the AVX-512
/// IFMA path, on any CPU) runs two groups of eight states, edge states
/// among them, to the portable one-state answers.
fn model_lanes_agree<const T: usize>(p: Poseidon2<T>, seed: u64) {
    let mut states = random_states::<T>(seed, 16);
    states[0] = [-Fr::from(1u64); T];
    states[1] = [Fr::from(0u64); T];
    states[9] = core::array::from_fn(|i| {
        if i % 2 == 0 {
            -Fr::from(1u64)
        } else {
            Fr::from(1u64)
        }
    });
    let expected: Vec<[Fr; T]> = states.iter().map(|s| portable(p.params, s)).collect();
    FrConfig::run_model(PermuteMany {
        params: p.params,
        states: &mut states,
    });
    assert_eq!(states, expected, "model lanes, t = {T}");
}

#[test]
fn model_lanes_equal_portable() {
    model_lanes_agree(NEW_T2, 11);
    model_lanes_agree(NEW_T3, 12);
    model_lanes_agree(NEW_T4, 13);
    model_lanes_agree(OLD_T2, 14);
    model_lanes_agree(OLD_T3, 15);
    model_lanes_agree(OLD_T4, 16);
    model_lanes_agree(NEW_T8, 17);
    model_lanes_agree(NEW_T12, 18);
    model_lanes_agree(NEW_T16, 19);
}

/// `permute_many` and `compress_many` equal the one-state path for every
/// batch size 0..=33: whole groups of eight on the lanes (where the CPU has
/// them) and every tail.
fn batches_agree<const T: usize, const R: usize>(p: Poseidon2<T>, seed: u64)
where
    Poseidon2<T>: Compression<Fr, R>,
{
    for n in 0..=33 {
        let batch = random_states::<T>(seed + n as u64, n);
        let mut many = batch.clone();
        p.permute_many(&mut many);
        let one: Vec<[Fr; T]> = batch.iter().map(|s| portable(p.params, s)).collect();
        assert_eq!(many, one, "permute_many of {n}");
        let inputs: Vec<[Fr; R]> = batch
            .iter()
            .map(|s| core::array::from_fn(|i| s[i]))
            .collect();
        let mut outputs = std::vec![Fr::from(0u64); n];
        p.compress_many(&inputs, &mut outputs);
        let expected: Vec<Fr> = inputs.iter().map(|x| p.compress(*x)).collect();
        assert_eq!(outputs, expected, "compress_many of {n}");
    }
}

#[test]
fn batches_equal_one_by_one() {
    algebraic_hash_testkit::require_lanes_where_listed(algebraic_hash_montgomery::lanes_available());
    batches_agree::<2, 1>(NEW_T2, 10);
    batches_agree::<3, 2>(NEW_T3, 20);
    batches_agree::<4, 3>(NEW_T4, 30);
    batches_agree::<2, 1>(OLD_T2, 40);
    batches_agree::<3, 2>(OLD_T3, 50);
    batches_agree::<4, 3>(OLD_T4, 60);
    batches_agree::<8, 7>(NEW_T8, 70);
    batches_agree::<12, 11>(NEW_T12, 80);
    batches_agree::<16, 15>(NEW_T16, 90);
}
