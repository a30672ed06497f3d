//! A Winterfell STARK prover for `x_{i+1} = x_i³ + 42` (one column), proved
//! and verified with winter-crypto's `Rp64_256`, with this crate's
//! `WinterRp64_256`, and with `WinterRp64_256` + `BatchedMerkleTree`; then
//! prover times, interleaved (the three provers take turns, so a noisy
//! machine disturbs them alike), as medians of per-round ratios.
//!
//! ```sh
//! cargo run --release -p algebraic-hash-rescue --features winterfell \
//!     --example winterfell_prover -- [log2 trace length = 16] [rounds = 5]
//! ```

#[path = "support/cube.rs"]
mod cube;

use std::time::Instant;

use algebraic_hash_rescue::{BatchedMerkleTree, WinterRp64_256};
use winterfell::crypto::MerkleTree;
use winterfell::crypto::hashers::Rp64_256 as Winter;

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(|a, b| a.partial_cmp(b).unwrap());
    let n = v.len();
    if n % 2 == 1 {
        v[n / 2]
    } else {
        (v[n / 2 - 1] + v[n / 2]) / 2.0
    }
}

fn main() {
    let mut args = std::env::args().skip(1);
    let log: u32 = args
        .next()
        .map_or(16, |a| a.parse().expect("log2 trace length"));
    let rounds: usize = args.next().map_or(5, |a| a.parse().expect("rounds"));
    let steps = 1usize << log;

    let (winter, inputs) = cube::prove::<Winter, MerkleTree<Winter>>(3, steps);
    let (ours, _) = cube::prove::<WinterRp64_256, MerkleTree<WinterRp64_256>>(3, steps);
    let (batched, _) = cube::prove::<WinterRp64_256, BatchedMerkleTree>(3, steps);
    let bytes = winter.to_bytes();
    assert_eq!(
        bytes,
        ours.to_bytes(),
        "winter-crypto and ours give one proof"
    );
    assert_eq!(
        bytes,
        batched.to_bytes(),
        "the batched tree gives the same proof"
    );
    cube::verify::<Winter, MerkleTree<Winter>>(batched.clone(), inputs).expect("verifies");
    cube::verify::<WinterRp64_256, BatchedMerkleTree>(winter, inputs).expect("verifies");
    println!(
        "trace 2^{log}: one proof of {} bytes from all three provers; verified under both hashers",
        bytes.len()
    );
    println!("backend: {:?}", algebraic_hash_rescue::backend());

    let mut times = [Vec::new(), Vec::new(), Vec::new()];
    let mut ratio_ours = Vec::new();
    let mut ratio_batched = Vec::new();
    for _ in 0..rounds {
        let t = Instant::now();
        let _ = cube::prove::<Winter, MerkleTree<Winter>>(3, steps);
        let w = t.elapsed().as_secs_f64();
        let t = Instant::now();
        let _ = cube::prove::<WinterRp64_256, MerkleTree<WinterRp64_256>>(3, steps);
        let o = t.elapsed().as_secs_f64();
        let t = Instant::now();
        let _ = cube::prove::<WinterRp64_256, BatchedMerkleTree>(3, steps);
        let b = t.elapsed().as_secs_f64();
        times[0].push(w);
        times[1].push(o);
        times[2].push(b);
        ratio_ours.push(o / w);
        ratio_batched.push(b / w);
    }
    let names = [
        "winter-crypto Rp64_256 + MerkleTree",
        "ours WinterRp64_256 + MerkleTree",
        "ours WinterRp64_256 + BatchedMerkleTree",
    ];
    for (name, t) in names.iter().zip(times) {
        let min = t.iter().cloned().fold(f64::INFINITY, f64::min);
        println!(
            "{name:42} min {:8.1} ms  median {:8.1} ms",
            min * 1e3,
            median(t) * 1e3
        );
    }
    println!(
        "median per-round ratio ours / winter:          {:.3}",
        median(ratio_ours)
    );
    println!(
        "median per-round ratio ours+batched / winter:  {:.3}",
        median(ratio_batched)
    );
}
