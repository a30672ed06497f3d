//! Anemoi (CRYPTO 2023 version) over the seven fields of
//! `algebraic-hash-anemoi`: permutation with 2 and 4 cells, Jive_2 with
//! 2 cells (the 2-to-1 compression of one-element digests), the sponge with
//! 4 cells (rate 3) over 10 KiB of elements, and Merkle trees with Jive_2.
//!
//! No peer runs here: the Rust Anemoi reference is not on crates.io, so it
//! cannot be a dependency (figures recorded with it, if any, are added to
//! the table by `scripts/bench-table/render.py --external`).

use std::hint::black_box;

use algebraic_hash::{Compression, MerkleTree, Permutation};
use algebraic_hash_anemoi::{Anemoi, AnemoiField, AnemoiHash, AnemoiJive, Version};
use algebraic_hash_benches::{inputs, label, work};
use criterion::{BatchSize, Criterion, SamplingMode, criterion_group, criterion_main};

const VERSION: Version = Version::Crypto2023;

fn field<F: AnemoiField>(c: &mut Criterion, name: &str, seed: u64) {
    let instance = |cells: usize| format!("anemoi-{name}-w{cells}");
    let v = inputs::field::<F>(seed, 4);

    let mut g = c.benchmark_group(format!("{}/{}", instance(2), work::PERMUTATION));
    let p2 = Anemoi::<F, 1, 2>::new(VERSION);
    let mut s2 = [v[0], v[1]];
    g.bench_function(label::OURS, |b| {
        b.iter(|| p2.permute_mut(black_box(&mut s2)))
    });
    g.finish();

    let mut g = c.benchmark_group(format!("{}/{}", instance(4), work::PERMUTATION));
    let p4 = Anemoi::<F, 2, 4>::new(VERSION);
    let mut s4 = [v[0], v[1], v[2], v[3]];
    g.bench_function(label::OURS, |b| {
        b.iter(|| p4.permute_mut(black_box(&mut s4)))
    });
    g.finish();

    let jive = AnemoiJive::<F, 1, 2>::new(p2);
    let mut g = c.benchmark_group(format!("{}/{}", instance(2), work::COMPRESS));
    g.bench_function(label::OURS, |b| {
        b.iter(|| jive.compress(black_box([[v[0]], [v[1]]])))
    });
    g.finish();

    let n = work::elements_in_10kib(F::MODULUS_BIT_SIZE);
    let data = inputs::field::<F>(seed + 1, n);
    let hasher = AnemoiHash::<F, 2, 4>::new(VERSION);
    let mut g = c.benchmark_group(format!("{}/{}", instance(4), work::HASH_10KIB));
    g.sample_size(10);
    g.sampling_mode(SamplingMode::Flat);
    g.bench_function(label::OURS, |b| {
        b.iter(|| hasher.hash_elements(black_box(&data)))
    });
    g.finish();

    let leaves: Vec<[F; 1]> = inputs::field::<F>(seed + 2, work::MERKLE_LEAVES)
        .into_iter()
        .map(|x| [x])
        .collect();
    for (w, parallel) in [(work::MERKLE_SEQ, false), (work::MERKLE_PAR, true)] {
        let mut g = c.benchmark_group(format!("{}/{w}", instance(2)));
        g.sample_size(10);
        g.sampling_mode(SamplingMode::Flat);
        let mut turn = 0;
        g.bench_function(label::OURS, |b| {
            b.iter_batched(
                || work::rotated(&leaves, &mut turn),
                |leaves| {
                    let tree = if parallel {
                        MerkleTree::new_parallel(jive, leaves)
                    } else {
                        MerkleTree::new_sequential(jive, leaves)
                    };
                    *tree.expect("leaves").root()
                },
                BatchSize::LargeInput,
            )
        });
        g.finish();
    }
}

fn anemoi(c: &mut Criterion) {
    use algebraic_hash_anemoi as a;
    field::<a::bls12_377::Felt>(c, "bls12-377", 50);
    field::<a::bls12_381::Felt>(c, "bls12-381", 60);
    field::<a::bn254::Felt>(c, "bn254", 70);
    field::<a::ed_on_bls12_377::Felt>(c, "ed-on-bls12-377", 80);
    field::<a::jubjub::Felt>(c, "jubjub", 90);
    field::<a::pallas::Felt>(c, "pallas", 100);
    field::<a::vesta::Felt>(c, "vesta", 110);
}

criterion_group!(benches, anemoi);
criterion_main!(benches);
