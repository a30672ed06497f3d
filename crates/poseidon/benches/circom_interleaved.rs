//! A load-robust companion to the `circom` criterion bench for shared,
//! noisy machines: the t = 3 hash of this crate, light-poseidon and zkhash's
//! optimized Poseidon (circom constants) timed in interleaved batches, so
//! that all three see the same background load; prints the best and the
//! median batch time per hash for each, and the ratios to the best peer.
//! A fourth row hashes 64 pairs per call through `compress_many` (whole
//! groups of eight on AVX-512 IFMA lanes where the CPU has them), per hash.
//!
//! `cargo bench -p algebraic-hash-poseidon --bench circom_interleaved`
//! (`CIRCOM_ROUNDS` batches, default 200; `--quick` or `--test` runs 3).

use std::hint::black_box;
use std::sync::Arc;
use std::time::Instant;

use algebraic_hash::Compression;
use algebraic_hash_poseidon::Fr;
use algebraic_hash_poseidon::circom::CircomPoseidon;
use algebraic_hash_poseidon::field::{fr_from_str, fr_to_le_bytes};
use light_poseidon::{Poseidon, PoseidonHasher, parameters::bn254_x5};
use zkhash::fields::bn256::FpBN256;
use zkhash::fields::utils::from_hex;
use zkhash::poseidon::poseidon::Poseidon as ZkPoseidon;
use zkhash::poseidon::poseidon_params::PoseidonParams;

const BATCH: u32 = 50;

fn to_zk(x: &Fr) -> FpBN256 {
    let mut be = fr_to_le_bytes(x);
    be.reverse();
    let hex: String = be.iter().map(|b| format!("{b:02x}")).collect();
    from_hex(&format!("0x{hex}"))
}

fn zkhash_circom_t3() -> ZkPoseidon<FpBN256> {
    let p = bn254_x5::get_poseidon_parameters::<Fr>(3).expect("light-poseidon t = 3");
    let mds: Vec<Vec<FpBN256>> = p
        .mds
        .iter()
        .map(|row| row.iter().map(to_zk).collect())
        .collect();
    let rounds: Vec<Vec<FpBN256>> = p
        .ark
        .chunks(3)
        .map(|c| c.iter().map(to_zk).collect())
        .collect();
    let params = PoseidonParams::new(3, 5, p.full_rounds, p.partial_rounds, &mds, &rounds);
    ZkPoseidon::new(&Arc::new(params))
}

/// Nanoseconds per call of `f`, over one batch.
fn batch(mut f: impl FnMut()) -> f64 {
    let start = Instant::now();
    for _ in 0..BATCH {
        f();
    }
    start.elapsed().as_nanos() as f64 / f64::from(BATCH)
}

fn main() {
    let quick = std::env::args().any(|a| a == "--quick" || a == "--test");
    let rounds: usize = if quick {
        3
    } else {
        std::env::var("CIRCOM_ROUNDS")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(200)
    };
    let ours = CircomPoseidon::<3>::new();
    let x = [Fr::from(1u64) - Fr::from(3u64), Fr::from(12345u64)];
    let expected = ours.compress(x);
    let mut light = Poseidon::<Fr>::new_circom(2).unwrap();
    assert_eq!(light.hash(&x).unwrap(), expected, "light-poseidon");
    let zk = zkhash_circom_t3();
    let state = vec![FpBN256::from(0u64), to_zk(&x[0]), to_zk(&x[1])];
    let zk_out = fr_from_str(&zk.permutation(&state)[0].to_string()).unwrap();
    assert_eq!(zk_out, expected, "zkhash");

    let pairs: Vec<[Fr; 2]> = (0..64u64)
        .map(|i| [Fr::from(i * 7919 + 1), Fr::from(i) - x[1]])
        .collect();
    let mut outs = vec![Fr::from(0u64); 64];
    ours.compress_many(&pairs, &mut outs);
    for (p, o) in pairs.iter().zip(&outs) {
        assert_eq!(
            light.hash(p).unwrap(),
            *o,
            "compress_many against light-poseidon"
        );
    }
    eprintln!(
        "lanes: {}",
        if algebraic_hash_montgomery::lanes_available() {
            "AVX-512 IFMA"
        } else {
            "none"
        }
    );

    let names = [
        "algebraic-hash",
        "light-poseidon",
        "zkhash-optimized",
        "ours many (64)",
    ];
    let mut times: [Vec<f64>; 4] = Default::default();
    for _ in 0..rounds {
        times[0].push(batch(|| {
            black_box(ours.compress(black_box(x)));
        }));
        times[1].push(batch(|| {
            black_box(light.hash(black_box(&x)).unwrap());
        }));
        times[2].push(batch(|| {
            black_box(zk.permutation(black_box(&state))[0]);
        }));
        times[3].push(
            batch(|| {
                ours.compress_many(black_box(&pairs), &mut outs);
            }) / 64.0,
        );
    }
    let mut best = [0f64; 4];
    let mut median = [0f64; 4];
    for (i, t) in times.iter_mut().enumerate() {
        t.sort_by(f64::total_cmp);
        best[i] = t[0];
        median[i] = t[t.len() / 2];
    }
    println!("circom t = 3 hash, {rounds} interleaved batches of {BATCH} hashes");
    for i in 0..4 {
        println!(
            "{:<18} best {:>9.0} ns   median {:>9.0} ns",
            names[i], best[i], median[i]
        );
    }
    let peer_best = best[1].min(best[2]);
    let peer_median = median[1].min(median[2]);
    println!(
        "ours / best peer: {:.2} (best batches), {:.2} (medians)",
        best[0] / peer_best,
        median[0] / peer_median
    );
    println!(
        "ours many (64) / light-poseidon: {:.2} (medians); / zkhash: {:.2}",
        median[3] / median[1],
        median[3] / median[2]
    );
}
