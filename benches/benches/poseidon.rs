//! Poseidon over BN254: circomlib's Poseidon and Poseidon2 from this
//! workspace against light-poseidon, zkhash, taceo-poseidon2 and Noir's
//! bn254_blackbox_solver, on the same work in the same run.
//!
//! Poseidon2 groups are per width (`poseidon2-t3/...`): `ours:new` and
//! `ours:old` are this workspace's two parameter sets, every peer implements
//! the new set; the two sets differ only in constants (and for t = 4 the
//! internal diagonal), so they cost the same.

use std::hint::black_box;

use algebraic_hash::{Compression, MerkleTree, Permutation};
use algebraic_hash_benches::glue::HashPair;
use algebraic_hash_benches::peers::bn254::{
    LightCircomT3, NoirFr, NoirHashPairT4, TaceoCompressT3, TaceoHashPairT4, ZkFr, ZkhashCircomT3,
    ZkhashCompressT3, light_circom, noir_hash_t4, noir_permutation, taceo_hash, to_noir, to_zk,
    zkhash_circom, zkhash_hash_t3, zkhash_poseidon2_t3,
};
use algebraic_hash_benches::{inputs, label, work};
use algebraic_hash_poseidon::Fr;
use algebraic_hash_poseidon::circom::CircomPoseidon;
use algebraic_hash_poseidon::poseidon2::{
    NEW_T2, NEW_T3, NEW_T4, NEW_T8, NEW_T12, NEW_T16, OLD_T2, OLD_T3, OLD_T4,
};
use criterion::measurement::WallTime;
use criterion::{
    BatchSize, BenchmarkGroup, Criterion, SamplingMode, criterion_group, criterion_main,
};
use light_poseidon::PoseidonHasher;

/// This workspace's Poseidon2 with HorizenLabs' new constants (the peers' set).
const OURS_NEW: &str = "ours:new";
/// This workspace's Poseidon2 with the old constants (no peer has them).
const OURS_OLD: &str = "ours:old";

/// circom widths with a peer (light-poseidon stops at t = 13).
macro_rules! circom_permutation {
    ($c:expr, $($t:literal),*) => {$(
        {
            let v = inputs::bn254(10 + $t, $t);
            let mut g = $c.benchmark_group(format!("circom-t{}/{}", $t, work::PERMUTATION));
            let ours = CircomPoseidon::<$t>::new();
            let mut state: [Fr; $t] = v.clone().try_into().unwrap();
            g.bench_function(label::OURS, |b| b.iter(|| ours.permute_mut(black_box(&mut state))));
            // light-poseidon's entry point is the hash: one permutation of [0, x...].
            // Its output goes back into the inputs, so that no two calls
            // see the same data (as the in-place permutations above).
            let mut light = light_circom($t);
            let mut xs = v[1..].to_vec();
            g.bench_function(label::LIGHT, |b| {
                b.iter(|| {
                    let h = light.hash(black_box(&xs)).unwrap();
                    xs[0] = h;
                    h
                })
            });
            let zk = zkhash_circom($t);
            let mut zv: Vec<ZkFr> = v.iter().map(|&x| to_zk(x)).collect();
            g.bench_function(label::ZKHASH_CIRCOM, |b| {
                b.iter(|| zv = zk.permutation(black_box(&zv)))
            });
            g.finish();
        }
    )*};
}

fn circom(c: &mut Criterion) {
    circom_permutation!(c, 2, 3, 5, 9, 13);

    let v = inputs::bn254(20, 2);
    let mut g = c.benchmark_group(format!("circom-t3/{}", work::COMPRESS));
    compress_chain(
        &mut g,
        label::OURS,
        CircomPoseidon::<3>::new(),
        [v[0], v[1]],
    );
    compress_chain(&mut g, label::LIGHT, LightCircomT3, [v[0], v[1]]);
    let (z0, z1) = (to_zk(v[0]), to_zk(v[1]));
    compress_chain(
        &mut g,
        label::ZKHASH_CIRCOM,
        ZkhashCircomT3::default(),
        [z0, z1],
    );
    g.finish();

    let leaves = inputs::bn254(21, work::MERKLE_LEAVES);
    let zleaves: Vec<ZkFr> = leaves.iter().map(|&x| to_zk(x)).collect();
    for (name, parallel) in [(work::MERKLE_SEQ, false), (work::MERKLE_PAR, true)] {
        let mut g = c.benchmark_group(format!("circom-t3/{name}"));
        g.sample_size(10);
        g.sampling_mode(SamplingMode::Flat);
        merkle(
            &mut g,
            label::OURS,
            parallel,
            CircomPoseidon::<3>::new(),
            &leaves,
        );
        merkle(&mut g, label::LIGHT, parallel, LightCircomT3, &leaves);
        merkle(
            &mut g,
            label::ZKHASH_CIRCOM,
            parallel,
            ZkhashCircomT3::default(),
            &zleaves,
        );
        g.finish();
    }
}

/// A Merkle tree over `leaves` with the workspace's generic tree.
fn merkle<D, C>(g: &mut BenchmarkGroup<'_, WallTime>, id: &str, parallel: bool, c: C, leaves: &[D])
where
    D: Copy + PartialEq + Send + Sync,
    C: Compression<D, 2>,
{
    let mut turn = 0;
    g.bench_function(id, |b| {
        b.iter_batched(
            || work::rotated(leaves, &mut turn),
            |leaves| {
                let tree = if parallel {
                    MerkleTree::new_parallel(c.clone(), leaves)
                } else {
                    MerkleTree::new_sequential(c.clone(), leaves)
                };
                *tree.expect("leaves").root()
            },
            BatchSize::LargeInput,
        )
    });
}

fn poseidon2_permutation(c: &mut Criterion) {
    {
        let v = inputs::bn254(30, 2);
        let mut g = c.benchmark_group(format!("poseidon2-t2/{}", work::PERMUTATION));
        let mut s: [Fr; 2] = v.clone().try_into().unwrap();
        g.bench_function(OURS_NEW, |b| {
            b.iter(|| NEW_T2.permutation_in_place(black_box(&mut s)))
        });
        g.bench_function(OURS_OLD, |b| {
            b.iter(|| OLD_T2.permutation_in_place(black_box(&mut s)))
        });
        g.bench_function(label::TACEO, |b| {
            b.iter(|| taceo_poseidon2::bn254::t2::permutation_in_place(black_box(&mut s)))
        });
        g.finish();
    }
    {
        let v = inputs::bn254(31, 3);
        let mut g = c.benchmark_group(format!("poseidon2-t3/{}", work::PERMUTATION));
        let mut s: [Fr; 3] = v.clone().try_into().unwrap();
        g.bench_function(OURS_NEW, |b| {
            b.iter(|| NEW_T3.permutation_in_place(black_box(&mut s)))
        });
        g.bench_function(OURS_OLD, |b| {
            b.iter(|| OLD_T3.permutation_in_place(black_box(&mut s)))
        });
        g.bench_function(label::TACEO, |b| {
            b.iter(|| taceo_poseidon2::bn254::t3::permutation_in_place(black_box(&mut s)))
        });
        let zk = zkhash_poseidon2_t3();
        let mut zv: Vec<ZkFr> = v.iter().map(|&x| to_zk(x)).collect();
        g.bench_function(label::ZKHASH_P2, |b| {
            b.iter(|| zv = zk.permutation(black_box(&zv)))
        });
        g.finish();
    }
    {
        let v = inputs::bn254(32, 4);
        let mut g = c.benchmark_group(format!("poseidon2-t4/{}", work::PERMUTATION));
        let mut s: [Fr; 4] = v.clone().try_into().unwrap();
        g.bench_function(OURS_NEW, |b| {
            b.iter(|| NEW_T4.permutation_in_place(black_box(&mut s)))
        });
        g.bench_function(OURS_OLD, |b| {
            b.iter(|| OLD_T4.permutation_in_place(black_box(&mut s)))
        });
        g.bench_function(label::TACEO, |b| {
            b.iter(|| taceo_poseidon2::bn254::t4::permutation_in_place(black_box(&mut s)))
        });
        let n = v.iter().map(|&x| to_noir(x)).collect::<Vec<_>>();
        let mut n: [NoirFr; 4] = n.try_into().unwrap();
        g.bench_function(label::NOIR, |b| {
            b.iter(|| n = noir_permutation(black_box(&n)))
        });
        g.finish();
    }
    // Wide states: new constants only (the old set has none for t ≥ 8).
    macro_rules! wide {
        ($t:literal, $ours:expr, $taceo:path, $seed:expr) => {{
            let v = inputs::bn254($seed, $t);
            let mut g = c.benchmark_group(format!("poseidon2-t{}/{}", $t, work::PERMUTATION));
            let mut s: [Fr; $t] = v.clone().try_into().unwrap();
            g.bench_function(OURS_NEW, |b| {
                b.iter(|| $ours.permutation_in_place(black_box(&mut s)))
            });
            g.bench_function(label::TACEO, |b| b.iter(|| $taceo(black_box(&mut s))));
            g.finish();
        }};
    }
    wide!(
        8,
        NEW_T8,
        taceo_poseidon2::bn254::t8::permutation_in_place,
        40
    );
    wide!(
        12,
        NEW_T12,
        taceo_poseidon2::bn254::t12::permutation_in_place,
        41
    );
    wide!(
        16,
        NEW_T16,
        taceo_poseidon2::bn254::t16::permutation_in_place,
        42
    );
}

/// The 2-to-1 compressions: t = 3 `permute([a, b, 0])[0]`; t = 4 the sponge
/// hash of the pair (Barretenberg's Merkle hash, one permutation).
fn poseidon2_compress(c: &mut Criterion) {
    let v = inputs::bn254(33, 2);
    let (a, b2) = (v[0], v[1]);
    let mut g = c.benchmark_group(format!("poseidon2-t3/{}", work::COMPRESS));
    compress_chain(&mut g, OURS_NEW, NEW_T3, [a, b2]);
    compress_chain(&mut g, OURS_OLD, OLD_T3, [a, b2]);
    compress_chain(&mut g, label::TACEO, TaceoCompressT3, [a, b2]);
    let (za, zb) = (to_zk(a), to_zk(b2));
    compress_chain(
        &mut g,
        label::ZKHASH_P2,
        ZkhashCompressT3::default(),
        [za, zb],
    );
    g.finish();

    let mut g = c.benchmark_group(format!("poseidon2-t4/{}", work::COMPRESS));
    compress_chain(&mut g, OURS_NEW, HashPair(NEW_T4), [a, b2]);
    compress_chain(&mut g, OURS_OLD, HashPair(OLD_T4), [a, b2]);
    compress_chain(&mut g, label::TACEO, TaceoHashPairT4, [a, b2]);
    let (na, nb) = (to_noir(a), to_noir(b2));
    compress_chain(&mut g, label::NOIR, NoirHashPairT4, [na, nb]);
    g.finish();
}

/// One 2-to-1 compression per iteration, its output taking the place of the
/// older input, so that no two calls see the same data.
fn compress_chain<D, C>(g: &mut BenchmarkGroup<'_, WallTime>, id: &str, c: C, init: [D; 2])
where
    D: Copy,
    C: Compression<D, 2>,
{
    let mut x = init;
    g.bench_function(id, |b| {
        b.iter(|| {
            let h = c.compress(black_box(x));
            x = [x[1], h];
            h
        })
    });
}

/// A sponge hash per iteration, its output replacing the first input
/// element, so that no two calls see the same data.
fn hash_chain<T: Copy>(
    g: &mut BenchmarkGroup<'_, WallTime>,
    id: &str,
    input: Vec<T>,
    hash: impl Fn(&[T]) -> T,
) {
    let mut data = input;
    g.bench_function(id, |b| {
        b.iter(|| {
            let h = hash(black_box(&data));
            data[0] = h;
            h
        })
    });
}

/// The sponge hash of 331 elements (10 KiB at 31 bytes each); peers without
/// a sponge run the same sponge rule around their permutation.
fn poseidon2_hash(c: &mut Criterion) {
    let v = inputs::bn254(34, work::BN254_10KIB);
    {
        let mut g = c.benchmark_group(format!("poseidon2-t2/{}", work::HASH_10KIB));
        g.sample_size(20);
        hash_chain(&mut g, OURS_NEW, v.clone(), |d| NEW_T2.hash(d));
        hash_chain(&mut g, OURS_OLD, v.clone(), |d| OLD_T2.hash(d));
        hash_chain(&mut g, label::TACEO, v.clone(), |d| {
            taceo_hash(d, taceo_poseidon2::bn254::t2::permutation_in_place)
        });
        g.finish();
    }
    {
        let mut g = c.benchmark_group(format!("poseidon2-t3/{}", work::HASH_10KIB));
        g.sample_size(20);
        hash_chain(&mut g, OURS_NEW, v.clone(), |d| NEW_T3.hash(d));
        hash_chain(&mut g, OURS_OLD, v.clone(), |d| OLD_T3.hash(d));
        hash_chain(&mut g, label::TACEO, v.clone(), |d| {
            taceo_hash(d, taceo_poseidon2::bn254::t3::permutation_in_place)
        });
        let zk = zkhash_poseidon2_t3();
        let zv: Vec<ZkFr> = v.iter().map(|&x| to_zk(x)).collect();
        hash_chain(&mut g, label::ZKHASH_P2, zv, |d| zkhash_hash_t3(&zk, d));
        g.finish();
    }
    {
        let mut g = c.benchmark_group(format!("poseidon2-t4/{}", work::HASH_10KIB));
        g.sample_size(20);
        hash_chain(&mut g, OURS_NEW, v.clone(), |d| NEW_T4.hash(d));
        hash_chain(&mut g, OURS_OLD, v.clone(), |d| OLD_T4.hash(d));
        hash_chain(&mut g, label::TACEO, v.clone(), |d| {
            taceo_hash(d, taceo_poseidon2::bn254::t4::permutation_in_place)
        });
        let nv: Vec<NoirFr> = v.iter().map(|&x| to_noir(x)).collect();
        hash_chain(&mut g, label::NOIR, nv, noir_hash_t4);
        g.finish();
    }
}

fn poseidon2_merkle(c: &mut Criterion) {
    let leaves = inputs::bn254(35, work::MERKLE_LEAVES);
    let zleaves: Vec<ZkFr> = leaves.iter().map(|&x| to_zk(x)).collect();
    let nleaves: Vec<NoirFr> = leaves.iter().map(|&x| to_noir(x)).collect();
    for (name, parallel) in [(work::MERKLE_SEQ, false), (work::MERKLE_PAR, true)] {
        let mut g = c.benchmark_group(format!("poseidon2-t3/{name}"));
        g.sample_size(10);
        g.sampling_mode(SamplingMode::Flat);
        merkle(&mut g, OURS_NEW, parallel, NEW_T3, &leaves);
        merkle(&mut g, OURS_OLD, parallel, OLD_T3, &leaves);
        merkle(&mut g, label::TACEO, parallel, TaceoCompressT3, &leaves);
        merkle(
            &mut g,
            label::ZKHASH_P2,
            parallel,
            ZkhashCompressT3::default(),
            &zleaves,
        );
        g.finish();

        let mut g = c.benchmark_group(format!("poseidon2-t4/{name}"));
        g.sample_size(10);
        g.sampling_mode(SamplingMode::Flat);
        merkle(&mut g, OURS_NEW, parallel, HashPair(NEW_T4), &leaves);
        merkle(&mut g, OURS_OLD, parallel, HashPair(OLD_T4), &leaves);
        merkle(&mut g, label::TACEO, parallel, TaceoHashPairT4, &leaves);
        merkle(&mut g, label::NOIR, parallel, NoirHashPairT4, &nleaves);
        g.finish();
    }
}

criterion_group!(
    benches,
    circom,
    poseidon2_permutation,
    poseidon2_compress,
    poseidon2_hash,
    poseidon2_merkle
);
criterion_main!(benches);
