//! The Rust side of `bench/numpy_batch.py`: `Rpo256::permute_many` over
//! 10^6 random Goldilocks states, no Python, median of `rounds` runs, wall
//! and CPU time of the thread (Linux `/proc/thread-self/schedstat`).
//!
//!     cargo run --release --example rust_batch -- [rounds] [states]

use std::time::Instant;

use algebraic_hash::Permutation;
use algebraic_hash_rescue::{Felt, Rpo256};

/// CPU time of this thread in ns (Linux: the first field of schedstat).
fn thread_cpu_ns() -> u64 {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse().ok())
        .unwrap_or(0)
}

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
    let (mut wall, mut cpu) = (Vec::new(), Vec::new());
    for _ in 0..rounds {
        let mut work = states.clone();
        let (start, cpu_start) = (Instant::now(), thread_cpu_ns());
        Rpo256.permute_many(&mut work);
        wall.push(start.elapsed().as_nanos() as f64 / count as f64);
        cpu.push((thread_cpu_ns() - cpu_start) as f64 / count as f64);
        std::hint::black_box(&work);
    }
    let median = |v: &mut Vec<f64>| {
        v.sort_by(f64::total_cmp);
        v[v.len() / 2]
    };
    println!(
        "Rpo256::permute_many, {count} states, median of {rounds}: {:.0} ns/state wall, {:.0} ns/state CPU",
        median(&mut wall),
        median(&mut cpu)
    );
}
