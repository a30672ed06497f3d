//! The Rust side of `bench/numpy_batch.py`: `Rpo256::permute_many` over
//! 10^6 random Goldilocks states, no Python, median of `rounds` runs.
//!
//!     cargo run --release --example rust_batch -- [rounds] [states]

use std::time::Instant;

use algebraic_hash::Permutation;
use algebraic_hash_rescue::{Felt, Rpo256};

fn main() {
    let mut args = std::env::args()
        .skip(1)
        .map(|a| a.parse::<usize>().expect("a count"));
    let rounds = args.next().unwrap_or(3);
    let count = args.next().unwrap_or(1_000_000);
    let mut x = 0x9e37_79b9_7f4a_7c15u64;
    let states: Vec<[Felt; 12]> = (0..count)
        .map(|_| {
            core::array::from_fn(|_| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                Felt::from_u64_reduced(x)
            })
        })
        .collect();
    let mut times = Vec::new();
    for _ in 0..rounds {
        let mut work = states.clone();
        let start = Instant::now();
        Rpo256.permute_many(&mut work);
        times.push(start.elapsed().as_secs_f64());
        std::hint::black_box(&work);
    }
    times.sort_by(f64::total_cmp);
    let median = times[times.len() / 2];
    println!(
        "Rpo256::permute_many, {count} states: {median:.3} s, {:.0} ns/state (median of {rounds})",
        median * 1e9 / count as f64
    );
}
