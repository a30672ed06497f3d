//! Backends (the narrow one is `wasm32`'s) and batches against the
//! one-state portable permutation (the circomlibjs vectors and the
//! light-poseidon differential tests pin the permutation itself).

use std::vec::Vec;

use algebraic_hash::{Compression, Permutation};
use algebraic_hash_montgomery::{Narrow, Portable};

use super::{CircomPoseidon, T2, T3, T4, T5, T9, T13, T17, Tables, permute_with};
use crate::Fr;
use crate::batch::random_states;

fn portable<const T: usize>(tables: &Tables<T>, state: &[Fr; T]) -> [Fr; T] {
    let mut out = *state;
    permute_with(Portable, &mut out, tables);
    out
}

/// Every backend, `permute_many` and `compress_many` (batch sizes 0..=17)
/// equal the portable one-state permutation.
fn check<const T: usize, const R: usize>(tables: &Tables<T>, seed: u64)
where
    CircomPoseidon<T>: Permutation<[Fr; T]> + Compression<Fr, R>,
{
    let p = CircomPoseidon::<T>;
    for state in random_states::<T>(seed, 300) {
        let expected = portable(tables, &state);
        assert_eq!(p.permute(state), expected, "dispatched backend, t = {T}");
        let mut s = state;
        permute_with(Narrow, &mut s, tables);
        assert_eq!(s, expected, "narrow backend, t = {T}");
        #[cfg(all(target_arch = "x86_64", not(algebraic_hash_force_scalar), not(miri)))]
        if let Some(adx) = algebraic_hash_montgomery::Adx::detect() {
            let mut s = state;
            permute_with(adx, &mut s, tables);
            assert_eq!(s, expected, "ADX backend, t = {T}");
        }
    }
    for n in 0..=17 {
        let batch = random_states::<T>(seed + 1000 + n as u64, n);
        let mut many = batch.clone();
        p.permute_many(&mut many);
        let one: Vec<[Fr; T]> = batch.iter().map(|s| portable(tables, s)).collect();
        assert_eq!(many, one, "permute_many of {n}, t = {T}");
        let inputs: Vec<[Fr; R]> = batch
            .iter()
            .map(|s| core::array::from_fn(|i| s[i]))
            .collect();
        let mut outputs = std::vec![Fr::from(0u64); n];
        p.compress_many(&inputs, &mut outputs);
        let expected: Vec<Fr> = inputs.iter().map(|x| p.compress(*x)).collect();
        assert_eq!(outputs, expected, "compress_many of {n}, t = {T}");
    }
}

#[test]
fn backends_and_batches_equal_portable() {
    check::<2, 1>(&T2, 1);
    check::<3, 2>(&T3, 2);
    check::<4, 3>(&T4, 3);
    check::<5, 4>(&T5, 4);
    check::<9, 8>(&T9, 5);
    check::<13, 12>(&T13, 6);
    check::<17, 16>(&T17, 7);
}
