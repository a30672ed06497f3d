//! Backends (the narrow one is `wasm32`'s) and batches against the
//! one-state portable permutation (the circomlibjs vectors and the
//! light-poseidon differential tests pin the permutation itself).

use std::vec::Vec;

use algebraic_hash::{Compression, Permutation};
use algebraic_hash_montgomery::{Narrow, Portable};

use super::{
    CircomPoseidon, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, T13, T14, T15, T16, T17, Tables,
    permute_model, permute_with,
};
use crate::Fr;
use crate::batch::random_states;

fn portable<const T: usize>(tables: &Tables<T>, state: &[Fr; T]) -> [Fr; T] {
    let mut out = *state;
    permute_with(Portable, &mut out, tables);
    out
}

/// Every backend, the portable model of the lanes (eight states, edge
/// states among them), `permute_many` and `compress_many` (every batch size
/// in `sizes`: whole groups of eight on the lanes where the CPU has them,
/// and tails) equal the portable one-state permutation.
fn check<const T: usize, const R: usize>(
    tables: &Tables<T>,
    seed: u64,
    sizes: impl Iterator<Item = usize>,
) where
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
    let mut group = random_states::<T>(seed + 500, 8);
    group[0] = [-Fr::from(1u64); T];
    group[1] = [Fr::from(0u64); T];
    let expected: Vec<[Fr; T]> = group.iter().map(|s| portable(tables, s)).collect();
    permute_model(&mut group, tables);
    assert_eq!(group, expected, "model lanes, t = {T}");
    for n in sizes {
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
    algebraic_hash_testkit::require_lanes_where_listed(algebraic_hash_montgomery::lanes_available());
    check::<2, 1>(&T2, 1, 0..=33);
    check::<3, 2>(&T3, 2, 0..=33);
    check::<4, 3>(&T4, 3, 0..=33);
    check::<5, 4>(&T5, 4, 0..=33);
    check::<9, 8>(&T9, 5, 0..=33);
    check::<13, 12>(&T13, 6, 0..=33);
    check::<17, 16>(&T17, 7, 0..=33);
    // The other widths: one group of lanes, a group and a tail, a pair of
    // groups (stepped together) and a tail.
    let some = || [8, 9, 17].into_iter();
    check::<6, 5>(&T6, 8, some());
    check::<7, 6>(&T7, 9, some());
    check::<8, 7>(&T8, 10, some());
    check::<10, 9>(&T10, 11, some());
    check::<11, 10>(&T11, 12, some());
    check::<12, 11>(&T12, 13, some());
    check::<14, 13>(&T14, 14, some());
    check::<15, 14>(&T15, 15, some());
    check::<16, 15>(&T16, 16, some());
}
