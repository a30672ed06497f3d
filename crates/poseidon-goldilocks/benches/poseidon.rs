//! Plonky2's Poseidon: the permutation as it runs (plonky2's fast partial
//! rounds) against the permutation by its definition (`poseidon_naive`),
//! and the hash and compression built on it. The comparison with plonky2
//! itself needs nightly and lives in `scripts/plonky2-vectors` (`bench`).
//!
//! `cargo bench -p algebraic-hash-poseidon-goldilocks --bench poseidon`.

use std::hint::black_box;

use algebraic_hash::{Compression, Hasher, Permutation};
use algebraic_hash_poseidon_goldilocks::{Felt, POSEIDON, POSEIDON_HASH, Poseidon};
use criterion::{Criterion, criterion_group, criterion_main};

fn elements(n: usize) -> Vec<Felt> {
    let mut x = 0x0123_4567_89ab_cdefu64;
    (0..n)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            Felt::from_u64_reduced(x)
        })
        .collect()
}

fn bench(c: &mut Criterion) {
    let state: [Felt; 12] = elements(12).try_into().unwrap();
    let mut g = c.benchmark_group("poseidon-plonky2");
    g.bench_function("permute", |b| b.iter(|| POSEIDON.permute(black_box(state))));
    g.bench_function("permute_naive", |b| {
        b.iter(|| Poseidon::poseidon_naive(black_box(state)))
    });
    let mut states = vec![state; 64];
    g.bench_function("permute_many_64", |b| {
        b.iter(|| POSEIDON.permute_many(black_box(&mut states)))
    });
    let long = elements(100);
    g.bench_function("hash_no_pad_100", |b| {
        b.iter(|| POSEIDON_HASH.hash_elements(black_box(&long)))
    });
    let pair = [
        [state[0], state[1], state[2], state[3]],
        [state[4], state[5], state[6], state[7]],
    ];
    g.bench_function("two_to_one", |b| {
        b.iter(|| POSEIDON_HASH.compress(black_box(pair)))
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
