//! Same-moment comparison of Rp64_256 with its peer on a noisy machine:
//! one process times short batches of ours and winter-crypto 0.13's
//! (Rp64_256) in turn, many times over, so that both see the same machine
//! states; it prints the minimum and median time per permutation of each,
//! the ratios ours / peer, and the median of the per-round ratios.
//! (criterion runs one kind after the other; on a shared VM whose speed
//! drifts by 2× within minutes that misleads.) Miden's Rpo256 and Rpx256
//! against miden-crypto's own are `miden_interleaved` (the `miden`
//! feature); until 2026-12-06 this bench also timed miden-crypto 0.13's
//! Rpo256 as a stand-in of the same shape (NOTES.md's first tables).
//!
//! `cargo bench -p algebraic-hash-rescue --bench interleaved`, with the
//! build flags under test in RUSTFLAGS (none = portable build with run-time
//! dispatch; `--cfg algebraic_hash_force_scalar`; `-C target-cpu=native`).
//! Optional arguments: rounds (default 300), states per batch for the
//! batched figure (default 64).

use std::hint::black_box;
use std::time::Instant;

use algebraic_hash::Permutation;
use algebraic_hash_rescue::{ElementDigest, Felt, Rp64_256};
use winter_crypto::{Hasher, hashers::Rp64_256 as WRp};
use winter_math::fields::f64::BaseElement;

/// Distinct starting values (xorshift), canonical.
fn values(n: usize) -> Vec<u64> {
    let mut x = 0x0123_4567_89ab_cdefu64;
    (0..n)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x % Felt::MODULUS
        })
        .collect()
}

/// Nanoseconds per permutation of one timed batch of `n` permutations.
fn time(n: usize, mut f: impl FnMut()) -> f64 {
    let t = Instant::now();
    f();
    t.elapsed().as_nanos() as f64 / n as f64
}

fn summary(name: &str, v: &mut [f64]) -> (f64, f64) {
    v.sort_by(f64::total_cmp);
    let (min, med) = (v[0], v[v.len() / 2]);
    println!("  {name:<28} min {min:>9.1} ns   median {med:>9.1} ns");
    (min, med)
}

/// Median and quartiles of the per-round ratios `a[i] / b[i]`: both
/// times of a round come from the same few milliseconds, so this is the
/// figure that the machine's drift disturbs least.
fn paired(a: &[f64], b: &[f64]) -> (f64, f64, f64) {
    let mut r: Vec<f64> = a.iter().zip(b).map(|(x, y)| x / y).collect();
    r.sort_by(f64::total_cmp);
    let n = r.len();
    (r[n / 4], r[n / 2], r[3 * n / 4])
}

/// Prints the minimum and median of ours and of the peer, our ratios to
/// it, and the median (quartiles) of the per-round ratios.
fn report(title: &str, ours_name: &str, t: &mut [Vec<f64>]) {
    println!("{title}");
    let pw = paired(&t[0], &t[1]);
    let o = summary(ours_name, &mut t[0]);
    let w = summary("winter-crypto Rp64_256", &mut t[1]);
    println!(
        "  ours / winter: min {:.2}, median {:.2}",
        o.0 / w.0,
        o.1 / w.1
    );
    println!(
        "  per-round ratios, median (quartiles): ours / winter {:.3} ({:.3}-{:.3})",
        pw.1, pw.0, pw.2
    );
}

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .collect();
    let rounds: usize = args.first().and_then(|a| a.parse().ok()).unwrap_or(300);
    let batch: usize = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(64);
    println!(
        "rp64_256 interleaved: backend {:?}, {rounds} rounds, batches of {batch}",
        algebraic_hash_rescue::backend()
    );

    let v = values(12 * batch);
    // Single permutations: each kind chains its own state through `batch`
    // permutations per timed batch (every input is the previous output).
    let mut ours: [Felt; 12] = core::array::from_fn(|i| Felt::from_canonical(v[i]).unwrap());
    let mut winter: [BaseElement; 12] = core::array::from_fn(|i| BaseElement::new(v[i]));
    // Batches: `batch` independent states, permuted in place again and again.
    let mut ours_many: Vec<[Felt; 12]> = v
        .chunks(12)
        .map(|c| core::array::from_fn(|i| Felt::from_canonical(c[i]).unwrap()))
        .collect();
    let mut winter_many: Vec<[BaseElement; 12]> = v
        .chunks(12)
        .map(|c| core::array::from_fn(|i| BaseElement::new(c[i])))
        .collect();

    // 2-to-1 merges, chained: each output replaces the older input.
    let mut ours_d = [0, 4].map(|o| ElementDigest::new(core::array::from_fn(|i| ours[o + i])));
    let mut winter_d = [0, 4].map(|o| {
        <WRp as Hasher>::Digest::from(<[BaseElement; 4]>::try_from(&winter[o..o + 4]).unwrap())
    });

    let mut t = [(); 6].map(|_| Vec::with_capacity(rounds));
    for round in 0..rounds + 5 {
        let s = [
            time(batch, || {
                for _ in 0..batch {
                    Rp64_256::apply_permutation(black_box(&mut ours));
                }
            }),
            time(batch, || {
                for _ in 0..batch {
                    WRp::apply_permutation(black_box(&mut winter));
                }
            }),
            time(batch, || Rp64_256.permute_many(black_box(&mut ours_many))),
            time(batch, || {
                for s in black_box(&mut winter_many).iter_mut() {
                    WRp::apply_permutation(s);
                }
            }),
            time(batch, || {
                for _ in 0..batch {
                    ours_d = [ours_d[1], Rp64_256::merge(black_box(&ours_d))];
                }
            }),
            time(batch, || {
                for _ in 0..batch {
                    winter_d = [winter_d[1], WRp::merge(black_box(&winter_d))];
                }
            }),
        ];
        // The first rounds warm up caches and clocks.
        if round >= 5 {
            for (k, x) in s.into_iter().enumerate() {
                t[k].push(x);
            }
        }
    }

    report("single permutation (chained):", "ours", &mut t[..2]);
    report(
        &format!("{batch} independent states (ours: permute_many; winter: one by one):"),
        "ours permute_many",
        &mut t[2..4],
    );
    report("merge, 2-to-1 (chained):", "ours merge", &mut t[4..]);
    black_box((&ours, &winter, &ours_many, &winter_many, &ours_d, &winter_d));
}
