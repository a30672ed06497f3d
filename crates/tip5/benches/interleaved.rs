//! Same-moment comparison with twenty-first 3.1.1's own Tip5 on a noisy
//! machine: one process times short batches of ours and of twenty-first's
//! in turn, many rounds over, and prints the quartiles of the per-round
//! ratios ours / twenty-first (both times of a round come from the same
//! milliseconds).
//!
//! - `permutation`: one permutation of a state, chained (ours:
//!   `Tip5::permutation` on `[Felt; 16]`; twenty-first:
//!   `Tip5::permutation`, which takes its AVX-512 path on CPUs with
//!   AVX-512 F/BW/DQ/VBMI/IFMA, detected at run time);
//! - `hash_pair`: one Merkle node, chained;
//! - `hash_pair batch`: time per node of 1024 nodes (ours:
//!   `compress_many`; twenty-first: `hash_pair_many`, eight lanes of
//!   AVX-512 where available);
//! - `hash_varlen 100`: one hash of 100 elements;
//! - `merkle 1024 1 thread`: time per leaf of a tree of 1024 leaves, both
//!   sides on a rayon pool of one thread (ours: `merkle::MerkleTree::new`;
//!   twenty-first: `MerkleTree::par_new`, which hashes each level by
//!   `hash_pair_many`; its `sequential_new` hashes node by node, slower);
//! - `merkle 2^14 pool`: the same for 16 384 leaves on rayon's global pool
//!   (one thread per core);
//! - `verify 80 of 2^14`: one inclusion proof of 80 random leaves of a
//!   tree of 16 384 leaves (the shape of a FRI query), checked against the
//!   root (ours `InclusionProof::verify`, twenty-first's `verify`, which
//!   consumes the proof: both sides clone it first);
//! - `mmr 1000 leaves`: time per leaf of a Merkle Mountain Range of 1000
//!   leaves from its leaves (ours `mmr::MmrAccumulator::from_leaves`,
//!   twenty-first's `MmrAccumulator::new_from_leafs`), both on the
//!   one-thread pool;
//! - `mmr batch 64 of 2^14`: a batch of 64 leaf mutations of a range of
//!   16 384 leaves that brings 256 other leaves' proofs along (ours
//!   `mmr::MmrAccumulator::batch_mutate_leaf_and_update_mps`, twenty-first's
//!   of the same name), the range and proofs cloned first on both sides.
//!
//! `cargo bench -p algebraic-hash-tip5 --bench interleaved [-- rounds]`
//! (default 200 rounds).

use std::hint::black_box;
use std::time::Instant;

use algebraic_hash::Compression;
use algebraic_hash_tip5::{Digest, Felt, TIP5, Tip5, merkle, mmr};
use twenty_first::prelude::BFieldElement;
use twenty_first::tip5 as tf;
use twenty_first::util_types::merkle_tree as tf_merkle;
use twenty_first::util_types::mmr::mmr_accumulator::MmrAccumulator as TfMmr;
use twenty_first::util_types::mmr::mmr_membership_proof::MmrMembershipProof as TfProof;
use twenty_first::util_types::mmr::mmr_trait::{LeafMutation as TfMutation, Mmr};

/// Nanoseconds per item of one timed batch of `n` items.
fn time(n: usize, f: impl FnOnce()) -> f64 {
    let t = Instant::now();
    f();
    t.elapsed().as_nanos() as f64 / n as f64
}

fn quartiles(ours: &[f64], theirs: &[f64]) -> [f64; 3] {
    let mut r: Vec<f64> = ours.iter().zip(theirs).map(|(x, y)| x / y).collect();
    r.sort_by(f64::total_cmp);
    let n = r.len();
    [r[n / 4], r[n / 2], r[3 * n / 4]]
}

fn median(v: &[f64]) -> f64 {
    let mut v = v.to_vec();
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn report(what: &str, ours: &[f64], theirs: &[f64]) {
    let [q1, q2, q3] = quartiles(ours, theirs);
    println!(
        "{what:<20} ours {:>8.1} ns  twenty-first {:>8.1} ns  ratio {q2:.3} (quartiles {q1:.3}..{q3:.3})",
        median(ours),
        median(theirs)
    );
}

fn elements(n: usize, seed: u64) -> Vec<u64> {
    (0..n as u64)
        .map(|i| (seed.wrapping_add(i).wrapping_mul(0x9e37_79b9_7f4a_7c15)) % Felt::MODULUS)
        .collect()
}

fn main() {
    let rounds: usize = std::env::args()
        .skip(1)
        .find_map(|a| a.parse().ok())
        .unwrap_or(200);
    let start = elements(16, 1);
    let felts = |v: &[u64]| -> Vec<Felt> {
        v.iter()
            .map(|&x| Felt::from_canonical(x).unwrap())
            .collect()
    };
    let bfes =
        |v: &[u64]| -> Vec<BFieldElement> { v.iter().map(|&x| BFieldElement::new(x)).collect() };

    let chain = 64;
    let nodes = 1024;
    let pairs_raw: Vec<Vec<u64>> = (0..nodes).map(|i| elements(10, 100 + i as u64)).collect();
    let our_pairs: Vec<[Digest; 2]> = pairs_raw
        .iter()
        .map(|v| {
            let f = felts(v);
            [
                Digest::new(f[..5].try_into().unwrap()),
                Digest::new(f[5..].try_into().unwrap()),
            ]
        })
        .collect();
    let their_pairs: Vec<[tf::Digest; 2]> = pairs_raw
        .iter()
        .map(|v| {
            let b = bfes(v);
            [
                tf::Digest::new(b[..5].try_into().unwrap()),
                tf::Digest::new(b[5..].try_into().unwrap()),
            ]
        })
        .collect();
    let mut our_out = vec![Digest::default(); nodes];
    let long = elements(100, 7);
    let (our_long, their_long) = (felts(&long), bfes(&long));

    let leaves = 1024;
    let our_leaves: Vec<Digest> = our_pairs[..leaves].iter().map(|p| p[0]).collect();
    let their_leaves: Vec<tf::Digest> = their_pairs[..leaves].iter().map(|p| p[0]).collect();
    let one_thread = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .expect("a pool of one thread");

    let big = 1 << 14;
    let big_raw = elements(5 * big, 5);
    let big_ours: Vec<Digest> = felts(&big_raw)
        .chunks_exact(5)
        .map(|d| Digest::new(d.try_into().unwrap()))
        .collect();
    let big_theirs: Vec<tf::Digest> = bfes(&big_raw)
        .chunks_exact(5)
        .map(|d| tf::Digest::new(d.try_into().unwrap()))
        .collect();
    let queries: Vec<usize> = elements(80, 9).iter().map(|&x| x as usize % big).collect();
    let big_leaves = (big_ours.clone(), big_theirs.clone());
    let our_tree = merkle::MerkleTree::new(big_ours).unwrap();
    let their_tree = tf_merkle::MerkleTree::sequential_new(&big_theirs).unwrap();
    let our_proof = our_tree.inclusion_proof(&queries).unwrap();
    let their_proof = their_tree
        .inclusion_proof_for_leaf_indices(&queries)
        .unwrap();
    let (our_root, their_root) = (our_tree.root(), their_tree.root());
    assert!(our_proof.verify(our_root).is_ok() && their_proof.clone().verify(their_root));

    let mut t: [Vec<f64>; 16] = Default::default();
    for _ in 0..rounds {
        t[0].push(time(chain, || {
            let mut s: [Felt; 16] = felts(&start).try_into().unwrap();
            for _ in 0..chain {
                Tip5::permutation(&mut s);
            }
            black_box(s);
        }));
        t[1].push(time(chain, || {
            let mut s = tf::Tip5 {
                state: bfes(&start).try_into().unwrap(),
            };
            for _ in 0..chain {
                s.permutation();
            }
            black_box(s.state);
        }));
        t[2].push(time(chain, || {
            let mut d = our_pairs[0][0];
            for _ in 0..chain {
                d = Tip5::hash_pair(d, our_pairs[0][1]);
            }
            black_box(d);
        }));
        t[3].push(time(chain, || {
            let mut d = their_pairs[0][0];
            for _ in 0..chain {
                d = tf::Tip5::hash_pair(d, their_pairs[0][1]);
            }
            black_box(d);
        }));
        t[4].push(time(nodes, || {
            TIP5.compress_many(black_box(&our_pairs), &mut our_out);
            black_box(&our_out);
        }));
        t[5].push(time(nodes, || {
            black_box(tf::Tip5::hash_pair_many(black_box(&their_pairs)));
        }));
        t[6].push(time(8, || {
            for _ in 0..8 {
                black_box(Tip5::hash_varlen(black_box(&our_long)));
            }
        }));
        t[7].push(time(8, || {
            for _ in 0..8 {
                black_box(tf::Tip5::hash_varlen(black_box(&their_long)));
            }
        }));
        t[8].push(time(leaves, || {
            let tree = one_thread
                .install(|| merkle::MerkleTree::new(black_box(&our_leaves).clone()).unwrap());
            black_box(tree.root());
        }));
        t[9].push(time(leaves, || {
            let tree = one_thread
                .install(|| tf_merkle::MerkleTree::par_new(black_box(&their_leaves)).unwrap());
            black_box(tree.root());
        }));
        t[10].push(time(big, || {
            let tree = merkle::MerkleTree::new(black_box(&big_leaves.0).clone()).unwrap();
            black_box(tree.root());
        }));
        t[11].push(time(big, || {
            let tree = tf_merkle::MerkleTree::par_new(black_box(&big_leaves.1)).unwrap();
            black_box(tree.root());
        }));
        t[12].push(time(1, || {
            black_box(black_box(&our_proof).clone().verify(our_root)).unwrap();
        }));
        t[13].push(time(1, || {
            assert!(black_box(&their_proof).clone().verify(their_root));
        }));
        t[14].push(time(1000, || {
            let range = one_thread
                .install(|| mmr::MmrAccumulator::from_leaves(black_box(&our_leaves[..1000])));
            black_box(range.bag_peaks());
        }));
        t[15].push(time(1000, || {
            let range = one_thread
                .install(|| TfMmr::new_from_leafs(black_box(&their_leaves[..1000]).to_vec()));
            black_box(range.bag_peaks());
        }));
    }
    report("permutation", &t[0], &t[1]);
    report("hash_pair", &t[2], &t[3]);
    report("hash_pair batch", &t[4], &t[5]);
    report("hash_varlen 100", &t[6], &t[7]);
    report("merkle 1024 1 thread", &t[8], &t[9]);
    report("merkle 2^14 pool", &t[10], &t[11]);
    report("verify 80 of 2^14", &t[12], &t[13]);
    report("mmr 1000 leaves", &t[14], &t[15]);
    let [ours, theirs] = mmr_batch(rounds, &our_tree, &our_pairs);
    report("mmr batch 64 of 2^14", &ours, &theirs);
}

/// The `mmr batch 64 of 2^14` row, in rounds of its own (ours and
/// twenty-first's in turn) after the others: its code inside `main`'s loop
/// moved the other rows' timings (one permutation read 1.06 of
/// twenty-first's instead of 1.00 with the same library).
#[inline(never)]
fn mmr_batch(
    rounds: usize,
    tree: &merkle::MerkleTree,
    new_leaves: &[[Digest; 2]],
) -> [Vec<f64>; 2] {
    // A range of 2^14 leaves is one tree: each proof is the leaf's
    // authentication path in `tree` (nodes numbered from the root, 1).
    let big = tree.num_leaves();
    let our_root = tree.root();
    let path = |leaf: u64| -> Vec<Digest> {
        let node = big as u64 + leaf;
        (0..big.ilog2())
            .map(|level| tree.node(((node >> level) ^ 1) as usize).unwrap())
            .collect()
    };
    let to_theirs =
        |d: &Digest| tf::Digest::new(d.values().map(|v| BFieldElement::new(v.to_u64())));
    let our_range = mmr::MmrAccumulator::init(vec![our_root], big as u64).unwrap();
    let their_range = TfMmr::init(vec![to_theirs(&our_root)], big as u64);
    let kept: Vec<u64> = elements(256, 11).iter().map(|&x| x % big as u64).collect();
    let our_kept: Vec<mmr::MembershipProof> = kept
        .iter()
        .map(|&k| mmr::MembershipProof {
            authentication_path: path(k),
        })
        .collect();
    let their_kept: Vec<TfProof> = our_kept
        .iter()
        .map(|p| TfProof::new(p.authentication_path.iter().map(to_theirs).collect()))
        .collect();
    let mut mutated: Vec<u64> = elements(64, 13).iter().map(|&x| x % big as u64).collect();
    mutated.sort_unstable();
    mutated.dedup();
    let our_mutations: Vec<mmr::LeafMutation> = mutated
        .iter()
        .zip(new_leaves)
        .map(|(&k, pair)| {
            mmr::LeafMutation::new(
                k,
                pair[1],
                mmr::MembershipProof {
                    authentication_path: path(k),
                },
            )
        })
        .collect();
    let their_mutations: Vec<TfMutation> = our_mutations
        .iter()
        .map(|m| {
            TfMutation::new(
                m.leaf_index,
                to_theirs(&m.new_leaf),
                TfProof::new(
                    m.membership_proof
                        .authentication_path
                        .iter()
                        .map(to_theirs)
                        .collect(),
                ),
            )
        })
        .collect();

    let (mut ours, mut theirs) = (Vec::new(), Vec::new());
    for _ in 0..rounds {
        ours.push(time(1, || {
            let (mut range, mut proofs) = (our_range.clone(), our_kept.clone());
            let changed = range
                .batch_mutate_leaf_and_update_mps(&mut proofs, black_box(&kept), &our_mutations)
                .unwrap();
            black_box((range, proofs, changed));
        }));
        theirs.push(time(1, || {
            let (mut range, mut proofs) = (their_range.clone(), their_kept.clone());
            let changed = range.batch_mutate_leaf_and_update_mps(
                &mut proofs.iter_mut().collect::<Vec<_>>(),
                black_box(&kept),
                their_mutations.clone(),
            );
            black_box((range, proofs, changed));
        }));
    }
    [ours, theirs]
}
