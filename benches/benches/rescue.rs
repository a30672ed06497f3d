//! Rescue-Prime over Goldilocks: this workspace's Rp64_256 against
//! winter-crypto's Rp64_256 (the same function) and miden-crypto's Rpo256
//! (same shape, other constants), and this workspace's Rpo256 and Rpx256
//! against miden-crypto's (the same functions), on the same work in the same
//! run.

use std::hint::black_box;

use algebraic_hash::MerkleTree;
use algebraic_hash_benches::peers::goldilocks::{
    MidenMerge, WinterMerge, miden_elements, miden_words, winter_digests, winter_elements,
};
use algebraic_hash_benches::{inputs, label, work};
use algebraic_hash_rescue::{ElementDigest, Felt, Rp64_256};
use criterion::{BatchSize, Criterion, SamplingMode, criterion_group, criterion_main};
use miden_crypto::hash::rpo::Rpo256;
use winter_crypto::hashers::Rp64_256 as WinterRp;
use winter_crypto::{ElementHasher, Hasher};

const INSTANCE: &str = "rp64_256";

fn ours(values: &[u64]) -> Vec<Felt> {
    values
        .iter()
        .map(|&x| Felt::from_canonical(x).expect("canonical"))
        .collect()
}

fn our_digests(values: &[u64]) -> Vec<ElementDigest> {
    ours(values)
        .chunks_exact(4)
        .map(|c| ElementDigest::new([c[0], c[1], c[2], c[3]]))
        .collect()
}

fn permutation(c: &mut Criterion) {
    let v = inputs::goldilocks(1, 12);
    let mut g = c.benchmark_group(format!("{INSTANCE}/{}", work::PERMUTATION));
    let mut state: [Felt; 12] = ours(&v).try_into().unwrap();
    g.bench_function(label::OURS, |b| {
        b.iter(|| Rp64_256::apply_permutation(black_box(&mut state)))
    });
    let mut state: [_; 12] = winter_elements(&v).try_into().unwrap();
    g.bench_function(label::WINTER, |b| {
        b.iter(|| WinterRp::apply_permutation(black_box(&mut state)))
    });
    let mut state: [_; 12] = miden_elements(&v).try_into().unwrap();
    g.bench_function(label::MIDEN_RPO, |b| {
        b.iter(|| Rpo256::apply_permutation(black_box(&mut state)))
    });
    g.finish();
}

fn compress(c: &mut Criterion) {
    let v = inputs::goldilocks(2, 8);
    let mut g = c.benchmark_group(format!("{INSTANCE}/{}", work::COMPRESS));
    // Each output replaces the older input: no two calls see the same data.
    let mut d: [ElementDigest; 2] = our_digests(&v).try_into().unwrap();
    g.bench_function(label::OURS, |b| {
        b.iter(|| d = [d[1], Rp64_256::merge(black_box(&d))])
    });
    let mut d: [_; 2] = winter_digests(&v).try_into().unwrap();
    g.bench_function(label::WINTER, |b| {
        b.iter(|| d = [d[1], WinterRp::merge(black_box(&d))])
    });
    let mut d: [_; 2] = miden_words(&v).try_into().unwrap();
    g.bench_function(label::MIDEN_RPO, |b| {
        b.iter(|| d = [d[1], Rpo256::merge(black_box(&d))])
    });
    g.finish();
}

fn hash_10kib(c: &mut Criterion) {
    let v = inputs::goldilocks(3, work::GOLDILOCKS_10KIB);
    let mut g = c.benchmark_group(format!("{INSTANCE}/{}", work::HASH_10KIB));
    g.sample_size(20);
    let e = ours(&v);
    g.bench_function(label::OURS, |b| {
        b.iter(|| Rp64_256::hash_elements(black_box(&e)))
    });
    let e = winter_elements(&v);
    g.bench_function(label::WINTER, |b| {
        b.iter(|| WinterRp::hash_elements(black_box(&e)))
    });
    let e = miden_elements(&v);
    g.bench_function(label::MIDEN_RPO, |b| {
        b.iter(|| Rpo256::hash_elements(black_box(&e)))
    });
    g.finish();
}

fn merkle(c: &mut Criterion) {
    let v = inputs::goldilocks(4, 4 * work::MERKLE_LEAVES);
    let (ol, wl, ml) = (our_digests(&v), winter_digests(&v), miden_words(&v));
    for (name, parallel) in [(work::MERKLE_SEQ, false), (work::MERKLE_PAR, true)] {
        let mut g = c.benchmark_group(format!("{INSTANCE}/{name}"));
        g.sample_size(10);
        g.sampling_mode(SamplingMode::Flat);
        macro_rules! tree {
            ($label:expr, $compression:expr, $leaves:expr) => {
                let mut turn = 0;
                g.bench_function($label, |b| {
                    b.iter_batched(
                        || work::rotated(&$leaves, &mut turn),
                        |leaves| {
                            let tree = if parallel {
                                MerkleTree::new_parallel($compression, leaves)
                            } else {
                                MerkleTree::new_sequential($compression, leaves)
                            };
                            *tree.expect("leaves").root()
                        },
                        BatchSize::LargeInput,
                    )
                });
            };
        }
        tree!(label::OURS, Rp64_256, ol);
        tree!(label::WINTER, WinterMerge, wl);
        tree!(label::MIDEN_RPO, MidenMerge, ml);
        g.finish();
    }
}

/// Miden's hashes, ours against miden-crypto 0.28's (the same functions):
/// permutation, 2-to-1 merge, hash of 10 KiB of elements.
fn miden_hashes(c: &mut Criterion) {
    macro_rules! family {
        ($instance:literal, $ours:ty, $theirs:ty, $seed:expr) => {{
            let v = inputs::goldilocks($seed, 12);
            let mut g = c.benchmark_group(format!("{}/{}", $instance, work::PERMUTATION));
            let mut state: [Felt; 12] = ours(&v).try_into().unwrap();
            g.bench_function(label::OURS, |b| {
                b.iter(|| <$ours>::apply_permutation(black_box(&mut state)))
            });
            let mut state: [_; 12] = miden_elements(&v).try_into().unwrap();
            g.bench_function(label::MIDEN, |b| {
                b.iter(|| <$theirs>::apply_permutation(black_box(&mut state)))
            });
            g.finish();

            let v = inputs::goldilocks($seed + 1, 8);
            let mut g = c.benchmark_group(format!("{}/{}", $instance, work::COMPRESS));
            let mut d: [ElementDigest; 2] = our_digests(&v).try_into().unwrap();
            g.bench_function(label::OURS, |b| {
                b.iter(|| d = [d[1], <$ours>::merge(black_box(&d))])
            });
            let mut d: [_; 2] = miden_words(&v).try_into().unwrap();
            g.bench_function(label::MIDEN, |b| {
                b.iter(|| d = [d[1], <$theirs>::merge(black_box(&d))])
            });
            g.finish();

            let v = inputs::goldilocks($seed + 2, work::GOLDILOCKS_10KIB);
            let mut g = c.benchmark_group(format!("{}/{}", $instance, work::HASH_10KIB));
            g.sample_size(20);
            let e = ours(&v);
            g.bench_function(label::OURS, |b| {
                b.iter(|| <$ours>::hash_elements(black_box(&e)))
            });
            let e = miden_elements(&v);
            g.bench_function(label::MIDEN, |b| {
                b.iter(|| <$theirs>::hash_elements(black_box(&e)))
            });
            g.finish();
        }};
    }
    family!("rpo256", algebraic_hash_rescue::Rpo256, Rpo256, 10);
    family!(
        "rpx256",
        algebraic_hash_rescue::Rpx256,
        miden_crypto::hash::rpx::Rpx256,
        20
    );
}

criterion_group!(
    benches,
    permutation,
    compress,
    hash_10kib,
    merkle,
    miden_hashes
);
criterion_main!(benches);
