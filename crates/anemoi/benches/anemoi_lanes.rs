//! `permute_many` of 64 states against 64 single permutations, timed in
//! interleaved rounds in one process (load-robust on shared machines): the
//! batch path steps eight states together and runs their x^(1/α) chains on
//! AVX-512 IFMA lanes where the CPU has them. Prints the median per-state
//! time of each and the median per-round ratio batch / single, for BN254
//! (2 cells; 4-word field) and BLS12-381 (2 cells; 6-word field).
//!
//! `cargo bench -p algebraic-hash-anemoi --bench anemoi_lanes`
//! (`ANEMOI_ROUNDS` rounds, default 30; `--quick` or `--test` runs 2).

use std::hint::black_box;
use std::time::Instant;

use algebraic_hash::Permutation;
use algebraic_hash_anemoi::{Anemoi, AnemoiField, Version};

const STATES: usize = 64;

fn median(v: &mut [f64]) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn compare<F: AnemoiField>(name: &str, rounds: usize) {
    let p = Anemoi::<F, 1, 2>::new(Version::Crypto2023);
    let start: Vec<[F; 2]> = (0..STATES as u64)
        .map(|i| [F::from(i * 7919 + 3), F::from(i + 11)])
        .collect();
    let mut many = start.clone();
    p.permute_many(&mut many);
    let single: Vec<[F; 2]> = start.iter().map(|s| p.permute(*s)).collect();
    assert_eq!(many, single, "{name}: permute_many equals single states");
    let (mut t_single, mut t_many, mut ratios) = (Vec::new(), Vec::new(), Vec::new());
    let mut states = start.clone();
    for _ in 0..rounds {
        let t = Instant::now();
        for s in states.iter_mut() {
            p.permute_mut(black_box(s));
        }
        let a = t.elapsed().as_nanos() as f64 / STATES as f64;
        let t = Instant::now();
        p.permute_many(black_box(&mut states));
        let b = t.elapsed().as_nanos() as f64 / STATES as f64;
        t_single.push(a);
        t_many.push(b);
        ratios.push(b / a);
    }
    println!(
        "{name:24} single {:>9.0} ns/state   many {:>9.0} ns/state   many/single {:.3}",
        median(&mut t_single),
        median(&mut t_many),
        median(&mut ratios)
    );
}

fn main() {
    let quick = std::env::args().any(|a| a == "--quick" || a == "--test");
    let rounds = if quick {
        2
    } else {
        std::env::var("ANEMOI_ROUNDS")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(30)
    };
    eprintln!(
        "lanes: {}",
        if algebraic_hash_montgomery::lanes_available() {
            "AVX-512 IFMA"
        } else {
            "none"
        }
    );
    compare::<ark_bn254::Fq>("anemoi bn254 2 cells", rounds);
    compare::<ark_bls12_381::Fq>("anemoi bls12-381 2 cells", rounds);
}
