//! Same-moment comparison of Rpo256 and Rpx256 with miden-crypto 0.28.1's
//! own (its AVX2 / AVX-512 / NEON code where the build enables it): one
//! process times short batches of ours and theirs in turn, many rounds, and
//! prints per kind the minimum and median time per permutation and the
//! median (quartiles) of the per-round ratios ours ÷ miden — the two times
//! of a round are milliseconds apart, so that ratio is the one a noisy
//! machine disturbs least.
//!
//! Kinds: one permutation (chained: each input is the previous output), and
//! `permute_many` on a batch of independent states (ours) against miden's
//! single permutation on each of them.
//!
//! `cargo bench -p algebraic-hash-rescue --bench miden_interleaved -- [rounds] [batch]`
//! with the build flags under test in RUSTFLAGS (e.g. `-C target-cpu=native`);
//! defaults: 300 rounds, batches of 64.

use std::hint::black_box;
use std::time::Instant;

use algebraic_hash::Permutation;
use algebraic_hash_rescue::{Felt, Rpo256, Rpx256, backend};
use miden_crypto_28::Felt as MFelt;
use miden_crypto_28::hash::{rpo::Rpo256 as MRpo, rpx::Rpx256 as MRpx};

fn states(n: usize) -> Vec<[u64; 12]> {
    let mut x = 0x0f1e_2d3c_4b5a_6978u64;
    (0..n)
        .map(|_| {
            core::array::from_fn(|_| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                x % Felt::MODULUS
            })
        })
        .collect()
}

/// Nanoseconds per item of one timed run of `n` items.
fn time(n: usize, f: impl FnOnce()) -> f64 {
    let t = Instant::now();
    f();
    t.elapsed().as_nanos() as f64 / n as f64
}

fn min_median(v: &[f64]) -> (f64, f64) {
    let mut v = v.to_vec();
    v.sort_by(f64::total_cmp);
    (v[0], v[v.len() / 2])
}

/// Quartiles and median of the per-round ratios `a[i] / b[i]`.
fn paired(a: &[f64], b: &[f64]) -> (f64, f64, f64) {
    let mut r: Vec<f64> = a.iter().zip(b).map(|(x, y)| x / y).collect();
    r.sort_by(f64::total_cmp);
    let n = r.len();
    (r[n / 4], r[n / 2], r[3 * n / 4])
}

fn report(what: &str, ours: &[f64], theirs: &[f64]) {
    let (o_min, o_med) = min_median(ours);
    let (m_min, m_med) = min_median(theirs);
    let (q1, med, q3) = paired(ours, theirs);
    println!(
        "  {what:<40} ours min {o_min:>7.0} med {o_med:>7.0} ns | miden min {m_min:>7.0} med {m_med:>7.0} ns | ratio median {med:.3} ({q1:.3}-{q3:.3})"
    );
}

/// One hash: ours (single, batched) and miden's single permutation.
struct Kind {
    name: &'static str,
    ours: fn(&mut [Felt; 12]),
    ours_many: fn(&mut [[Felt; 12]]),
    theirs: fn(&mut [MFelt; 12]),
}

fn run(kind: &Kind, rounds: usize, batch: usize) {
    const CHAIN: usize = 32;
    let init = states(batch);
    let mut o_single = Vec::with_capacity(rounds);
    let mut m_single = Vec::with_capacity(rounds);
    let mut o_many = Vec::with_capacity(rounds);
    let mut m_many = Vec::with_capacity(rounds);
    let mut o: [Felt; 12] = init[0].map(|v| Felt::from_canonical(v).unwrap());
    let mut m: [MFelt; 12] = init[0].map(|v| MFelt::new(v).unwrap());
    let ours_batch: Vec<[Felt; 12]> = init
        .iter()
        .map(|s| s.map(|v| Felt::from_canonical(v).unwrap()))
        .collect();
    let theirs_batch: Vec<[MFelt; 12]> = init
        .iter()
        .map(|s| s.map(|v| MFelt::new(v).unwrap()))
        .collect();
    for round in 0..rounds {
        // Alternate which side goes first, so neither always runs second.
        let first_ours = round % 2 == 0;
        for side in [first_ours, !first_ours] {
            if side {
                o_single.push(time(CHAIN, || {
                    for _ in 0..CHAIN {
                        (kind.ours)(black_box(&mut o));
                    }
                }));
                let mut b = ours_batch.clone();
                o_many.push(time(batch, || (kind.ours_many)(black_box(&mut b))));
                black_box(&b);
            } else {
                m_single.push(time(CHAIN, || {
                    for _ in 0..CHAIN {
                        (kind.theirs)(black_box(&mut m));
                    }
                }));
                let mut b = theirs_batch.clone();
                m_many.push(time(batch, || {
                    for s in b.iter_mut() {
                        (kind.theirs)(black_box(s));
                    }
                }));
                black_box(&b);
            }
        }
    }
    println!("{} (our backend: {:?})", kind.name, backend());
    report("permutation (chained)", &o_single, &m_single);
    report(
        &format!("permute_many, {batch} states, per state"),
        &o_many,
        &m_single,
    );
    report(
        &format!("(miden one by one over the same {batch})"),
        &o_many,
        &m_many,
    );
    black_box((o, m));
}

fn main() {
    // `cargo bench` passes `--bench`; numbers are ours.
    let nums: Vec<usize> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let rounds = nums.first().copied().unwrap_or(300).max(4);
    let batch = nums.get(1).copied().unwrap_or(64).max(1);
    println!(
        "rounds {rounds}, batch {batch}; ratio = ours / miden-crypto 0.28.1, per round, median (quartiles)"
    );
    let kinds = [
        Kind {
            name: "Rpo256",
            ours: Rpo256::apply_permutation,
            ours_many: |s| Rpo256.permute_many(s),
            theirs: MRpo::apply_permutation,
        },
        Kind {
            name: "Rpx256",
            ours: Rpx256::apply_permutation,
            ours_many: |s| Rpx256.permute_many(s),
            theirs: MRpx::apply_permutation,
        },
    ];
    for kind in &kinds {
        run(kind, rounds, batch);
    }
}
