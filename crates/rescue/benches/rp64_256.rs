//! Rp64_256: this crate against winter-crypto 0.13 (Rp64_256), in the same
//! run. (Miden's Rpo256 against miden-crypto's own: the `miden_interleaved`
//! bench, `miden` feature.)
//!
//! `cargo bench -p algebraic-hash-rescue --bench rp64_256`; add
//! `RUSTFLAGS="-C target-feature=+avx2"` or `-C target-cpu=native` for the
//! SIMD builds, `--cfg algebraic_hash_force_scalar` for the portable code.
//! Compare the `ours` and `winter` lines of each group.

use std::hint::black_box;

use algebraic_hash::Permutation;
use algebraic_hash_rescue::{ElementDigest, Felt, Rp64_256};
use criterion::{BatchSize, Criterion, Throughput, criterion_group, criterion_main};
use winter_crypto::{ElementHasher, Hasher, hashers::Rp64_256 as WRp};
use winter_math::fields::f64::BaseElement;

type WDigest = <WRp as Hasher>::Digest;

fn values(n: usize) -> Vec<u64> {
    let mut x = 0x0123_4567_89ab_cdefu64;
    (0..n)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x % Felt::MODULUS
        })
        .collect()
}

fn ours(v: &[u64]) -> Vec<Felt> {
    v.iter()
        .map(|&x| Felt::from_canonical(x).unwrap())
        .collect()
}

fn theirs(v: &[u64]) -> Vec<BaseElement> {
    v.iter().map(|&x| BaseElement::new(x)).collect()
}

fn permutation(c: &mut Criterion) {
    eprintln!(
        "rp64_256 bench: backend {:?}",
        algebraic_hash_rescue::backend()
    );
    let v = values(12);
    let mut g = c.benchmark_group("rp64_256/permutation");
    let mut a: [Felt; 12] = ours(&v).try_into().unwrap();
    g.bench_function("ours", |b| {
        b.iter(|| Rp64_256::apply_permutation(black_box(&mut a)))
    });
    let mut w: [BaseElement; 12] = theirs(&v).try_into().unwrap();
    g.bench_function("winter", |b| {
        b.iter(|| WRp::apply_permutation(black_box(&mut w)))
    });
    g.finish();
}

fn permute_many(c: &mut Criterion) {
    for n in [4usize, 5, 16, 64] {
        let v = values(12 * n);
        let states: Vec<[Felt; 12]> = ours(&v).chunks(12).map(|s| s.try_into().unwrap()).collect();
        let mut g = c.benchmark_group(format!("rp64_256/permute_many_{n}"));
        g.throughput(Throughput::Elements(n as u64));
        g.bench_function("ours", |b| {
            b.iter_batched_ref(
                || states.clone(),
                |s| Rp64_256.permute_many(black_box(s)),
                BatchSize::SmallInput,
            )
        });
        let wstates: Vec<[BaseElement; 12]> = theirs(&v)
            .chunks(12)
            .map(|s| s.try_into().unwrap())
            .collect();
        g.bench_function("winter", |b| {
            b.iter_batched_ref(
                || wstates.clone(),
                |s| {
                    s.iter_mut()
                        .for_each(|s| WRp::apply_permutation(black_box(s)))
                },
                BatchSize::SmallInput,
            )
        });
        g.finish();
    }
}

fn hashing(c: &mut Criterion) {
    for n in [8usize, 1250] {
        let v = values(n);
        let (a, w) = (ours(&v), theirs(&v));
        let mut g = c.benchmark_group(format!("rp64_256/hash_elements_{n}"));
        g.bench_function("ours", |b| {
            b.iter(|| Rp64_256::hash_elements(black_box(&a)))
        });
        g.bench_function("winter", |b| b.iter(|| WRp::hash_elements(black_box(&w))));
        g.finish();
    }
    let v = values(8);
    let (a, w) = (ours(&v), theirs(&v));
    let da = [
        ElementDigest::new(a[..4].try_into().unwrap()),
        ElementDigest::new(a[4..].try_into().unwrap()),
    ];
    let dw = [
        WDigest::from(<[BaseElement; 4]>::try_from(&w[..4]).unwrap()),
        WDigest::from(<[BaseElement; 4]>::try_from(&w[4..]).unwrap()),
    ];
    let mut g = c.benchmark_group("rp64_256/merge");
    g.bench_function("ours", |b| b.iter(|| Rp64_256::merge(black_box(&da))));
    g.bench_function("winter", |b| b.iter(|| WRp::merge(black_box(&dw))));
    g.finish();
}

criterion_group!(benches, permutation, permute_many, hashing);
criterion_main!(benches);
