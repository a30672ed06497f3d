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
//! - `hash_varlen 100`: one hash of 100 elements.
//!
//! `cargo bench -p algebraic-hash-tip5 --bench interleaved [-- rounds]`
//! (default 200 rounds).

use std::hint::black_box;
use std::time::Instant;

use algebraic_hash::Compression;
use algebraic_hash_tip5::{Digest, Felt, TIP5, Tip5};
use twenty_first::prelude::BFieldElement;
use twenty_first::tip5 as tf;

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
        "{what:<18} ours {:>8.1} ns  twenty-first {:>8.1} ns  ratio {q2:.3} (quartiles {q1:.3}..{q3:.3})",
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

    let mut t: [Vec<f64>; 8] = Default::default();
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
    }
    report("permutation", &t[0], &t[1]);
    report("hash_pair", &t[2], &t[3]);
    report("hash_pair batch", &t[4], &t[5]);
    report("hash_varlen 100", &t[6], &t[7]);
}
