//! A load-robust companion to the `poseidon2` criterion bench: this crate's
//! Poseidon2 (new parameters) against taceo-poseidon2 0.3 (t = 3, 4, 8, 12,
//! 16) and
//! bn254_blackbox_solver 1.0 (t = 4), timed in interleaved batches in one
//! process so that all see the same background load. Each permutation gets
//! the previous output (fresh data). Also a Merkle tree of 2^12 leaves
//! (sequential, compression `permute([l, r, 0])[0]` / `permute([l, r, 0, 0])[0]`
//! for t = 3 / 4): ours through `compress_many` (states interleaved), the
//! peers one compression at a time. Prints, per item, the median batch time
//! and the median over rounds of the per-round ratio ours / peer.
//!
//! `cargo bench -p algebraic-hash-poseidon --bench poseidon2_interleaved`
//! (`P2_ROUNDS` rounds, default 60; `--quick` or `--test` runs 3; `P2_ONLY=perm`
//! or another part of the names times only those items).

use std::hint::black_box;
use std::time::Instant;

use acir_field::GenericFieldElement;
use algebraic_hash::{Compression, Permutation};
use algebraic_hash_poseidon::Fr;
use algebraic_hash_poseidon::poseidon2::{NEW_T3, NEW_T4, NEW_T8, NEW_T12, NEW_T16, Poseidon2};
use ark_ff::PrimeField;

fn state<const T: usize>(seed: u8) -> [Fr; T] {
    core::array::from_fn(|i| {
        let bytes: [u8; 32] = core::array::from_fn(|k| {
            seed.wrapping_mul(31)
                .wrapping_add((i * 32 + k) as u8)
                .wrapping_mul(167)
        });
        Fr::from_le_bytes_mod_order(&bytes)
    })
}

fn blackbox(state: &[Fr; 4]) -> [Fr; 4] {
    let input: Vec<GenericFieldElement<Fr>> = state
        .iter()
        .map(|x| GenericFieldElement::from_repr(*x))
        .collect();
    let out = bn254_blackbox_solver::poseidon2_permutation(&input).expect("t = 4");
    core::array::from_fn(|i| out[i].into_repr())
}

/// Times `iters` chained calls of `f`, in ns per call.
fn time_chain<S: Copy>(iters: u32, start: S, f: impl Fn(S) -> S) -> f64 {
    let t = Instant::now();
    let mut s = start;
    for _ in 0..iters {
        s = f(black_box(s));
    }
    black_box(s);
    t.elapsed().as_nanos() as f64 / f64::from(iters)
}

/// The root of a Merkle tree over `leaves` with `level` compressing one
/// level (pairs → parents).
fn merkle_root(leaves: &[Fr], level: impl Fn(&[[Fr; 2]], &mut [Fr])) -> Fr {
    let mut cur = leaves.to_vec();
    while cur.len() > 1 {
        let pairs: Vec<[Fr; 2]> = cur.chunks_exact(2).map(|c| [c[0], c[1]]).collect();
        let mut next = vec![Fr::from(0u64); pairs.len()];
        level(&pairs, &mut next);
        cur = next;
    }
    cur[0]
}

/// A Merkle level computed one compression at a time.
fn one_by_one(c: &impl Fn([Fr; 2]) -> Fr) -> impl Fn(&[[Fr; 2]], &mut [Fr]) + '_ {
    move |p: &[[Fr; 2]], o: &mut [Fr]| {
        for (x, y) in p.iter().zip(o.iter_mut()) {
            *y = c(*x);
        }
    }
}

fn median(v: &mut [f64]) -> f64 {
    v.sort_by(|a, b| a.partial_cmp(b).expect("no NaN"));
    v[v.len() / 2]
}

fn main() {
    let quick = std::env::args().any(|a| a == "--quick" || a == "--test");
    let rounds: usize = if quick {
        3
    } else {
        std::env::var("P2_ROUNDS")
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or(60)
    };
    eprintln!("poseidon2 backend: {}", Poseidon2::<3>::backend());
    let (s3, s4) = (state::<3>(3), state::<4>(4));
    // Same answers before timing anything.
    assert_eq!(
        taceo_poseidon2::bn254::t3::permutation(&s3),
        NEW_T3.permute(s3)
    );
    assert_eq!(
        taceo_poseidon2::bn254::t4::permutation(&s4),
        NEW_T4.permute(s4)
    );
    assert_eq!(blackbox(&s4), NEW_T4.permute(s4));
    let (s8, s12, s16) = (state::<8>(8), state::<12>(12), state::<16>(16));
    assert_eq!(
        taceo_poseidon2::bn254::t8::permutation(&s8),
        NEW_T8.permute(s8)
    );
    assert_eq!(
        taceo_poseidon2::bn254::t12::permutation(&s12),
        NEW_T12.permute(s12)
    );
    assert_eq!(
        taceo_poseidon2::bn254::t16::permutation(&s16),
        NEW_T16.permute(s16)
    );
    let leaves: Vec<Fr> = (0..1u64 << 12).map(|i| Fr::from(i * 7919 + 13)).collect();
    let c3 = |x: [Fr; 2]| taceo_poseidon2::bn254::t3::permutation(&[x[0], x[1], Fr::from(0u64)])[0];
    let c4 = |x: [Fr; 2]| {
        taceo_poseidon2::bn254::t4::permutation(&[x[0], x[1], Fr::from(0u64), Fr::from(0u64)])[0]
    };
    let cb = |x: [Fr; 2]| blackbox(&[x[0], x[1], Fr::from(0u64), Fr::from(0u64)])[0];
    let ours3 = |p: &[[Fr; 2]], o: &mut [Fr]| Compression::<Fr, 2>::compress_many(&NEW_T3, p, o);
    let ours4_trunc = algebraic_hash::TruncatedPermutation::<Poseidon2<4>, 2, 1, 4>::new(NEW_T4);
    let ours4 = |p: &[[Fr; 2]], o: &mut [Fr]| {
        let ins: Vec<[[Fr; 1]; 2]> = p.iter().map(|x| [[x[0]], [x[1]]]).collect();
        let mut outs = vec![[Fr::from(0u64)]; o.len()];
        ours4_trunc.compress_many(&ins, &mut outs);
        for (a, b) in o.iter_mut().zip(outs) {
            *a = b[0];
        }
    };
    let r3 = merkle_root(&leaves, ours3);
    assert_eq!(r3, merkle_root(&leaves, one_by_one(&c3)));
    let r4 = merkle_root(&leaves, ours4);
    assert_eq!(r4, merkle_root(&leaves, one_by_one(&c4)));
    assert_eq!(r4, merkle_root(&leaves, one_by_one(&cb)));

    // 64 states through `permute_many` (lanes where the CPU has them)
    // against the peer one state at a time.
    let batch3: [[Fr; 3]; 64] = core::array::from_fn(|i| state::<3>(i as u8));
    let batch4: [[Fr; 4]; 64] = core::array::from_fn(|i| state::<4>(i as u8));
    let mut check3 = batch3;
    NEW_T3.permute_many(&mut check3);
    let mut check4 = batch4;
    NEW_T4.permute_many(&mut check4);
    for i in 0..64 {
        assert_eq!(
            check3[i],
            taceo_poseidon2::bn254::t3::permutation(&batch3[i])
        );
        assert_eq!(
            check4[i],
            taceo_poseidon2::bn254::t4::permutation(&batch4[i])
        );
    }
    eprintln!(
        "lanes: {}",
        if algebraic_hash_montgomery::lanes_available() {
            "AVX-512 IFMA"
        } else {
            "none (permute_many runs the scalar backend)"
        }
    );

    const ITERS: u32 = 300;
    let names = [
        "t3 perm: ours",
        "t3 perm: taceo",
        "t4 perm: ours",
        "t4 perm: taceo",
        "t4 perm: blackbox",
        "t3 merkle 2^12: ours",
        "t3 merkle 2^12: taceo",
        "t4 merkle 2^12: ours",
        "t4 merkle 2^12: taceo",
        "t4 merkle 2^12: blackbox",
        "t8 perm: ours",
        "t8 perm: taceo",
        "t12 perm: ours",
        "t12 perm: taceo",
        "t16 perm: ours",
        "t16 perm: taceo",
        "t3 64 states: ours many",
        "t3 64 states: taceo",
        "t4 64 states: ours many",
        "t4 64 states: taceo",
    ];
    // `P2_ONLY=<text>`: time only the items whose name contains it.
    let only = std::env::var("P2_ONLY").ok();
    let on: Vec<bool> = names
        .iter()
        .map(|n| only.as_deref().is_none_or(|o| n.contains(o)))
        .collect();
    let mut times: Vec<Vec<f64>> = vec![Vec::new(); names.len()];
    for _ in 0..rounds {
        let t = [
            on[0].then(|| time_chain(ITERS, s3, |s| NEW_T3.permute(s))),
            on[1].then(|| time_chain(ITERS, s3, |s| taceo_poseidon2::bn254::t3::permutation(&s))),
            on[2].then(|| time_chain(ITERS, s4, |s| NEW_T4.permute(s))),
            on[3].then(|| time_chain(ITERS, s4, |s| taceo_poseidon2::bn254::t4::permutation(&s))),
            on[4].then(|| time_chain(ITERS, s4, |s| blackbox(&s))),
            on[5].then(|| {
                time_chain(1, (), |_| {
                    black_box(merkle_root(&leaves, ours3));
                })
            }),
            on[6].then(|| {
                time_chain(1, (), |_| {
                    black_box(merkle_root(&leaves, one_by_one(&c3)));
                })
            }),
            on[7].then(|| {
                time_chain(1, (), |_| {
                    black_box(merkle_root(&leaves, ours4));
                })
            }),
            on[8].then(|| {
                time_chain(1, (), |_| {
                    black_box(merkle_root(&leaves, one_by_one(&c4)));
                })
            }),
            on[9].then(|| {
                time_chain(1, (), |_| {
                    black_box(merkle_root(&leaves, one_by_one(&cb)));
                })
            }),
            on[10].then(|| time_chain(ITERS / 2, s8, |s| NEW_T8.permute(s))),
            on[11].then(|| {
                time_chain(ITERS / 2, s8, |s| {
                    taceo_poseidon2::bn254::t8::permutation(&s)
                })
            }),
            on[12].then(|| time_chain(ITERS / 3, s12, |s| NEW_T12.permute(s))),
            on[13].then(|| {
                time_chain(ITERS / 3, s12, |s| {
                    taceo_poseidon2::bn254::t12::permutation(&s)
                })
            }),
            on[14].then(|| time_chain(ITERS / 4, s16, |s| NEW_T16.permute(s))),
            on[15].then(|| {
                time_chain(ITERS / 4, s16, |s| {
                    taceo_poseidon2::bn254::t16::permutation(&s)
                })
            }),
            on[16].then(|| {
                time_chain(ITERS / 32, batch3, |mut b| {
                    NEW_T3.permute_many(&mut b);
                    b
                })
            }),
            on[17].then(|| {
                time_chain(ITERS / 32, batch3, |mut b| {
                    for s in b.iter_mut() {
                        *s = taceo_poseidon2::bn254::t3::permutation(s);
                    }
                    b
                })
            }),
            on[18].then(|| {
                time_chain(ITERS / 32, batch4, |mut b| {
                    NEW_T4.permute_many(&mut b);
                    b
                })
            }),
            on[19].then(|| {
                time_chain(ITERS / 32, batch4, |mut b| {
                    for s in b.iter_mut() {
                        *s = taceo_poseidon2::bn254::t4::permutation(s);
                    }
                    b
                })
            }),
        ];
        for (v, x) in times.iter_mut().zip(t) {
            v.extend(x);
        }
    }
    for (name, v) in names.iter().zip(&times) {
        if v.is_empty() {
            continue;
        }
        let mut v = v.clone();
        println!("{name:28} median {:>12.1} ns", median(&mut v));
    }
    let ratio = |a: usize, b: usize| {
        let mut r: Vec<f64> = times[a].iter().zip(&times[b]).map(|(x, y)| x / y).collect();
        median(&mut r)
    };
    let show = |label: &str, a: usize, b: usize| {
        if on[a] && on[b] {
            println!("{label:27} {:.3}", ratio(a, b));
        }
    };
    show("t3 perm ours/taceo", 0, 1);
    show("t4 perm ours/taceo", 2, 3);
    show("t4 perm ours/blackbox", 2, 4);
    show("t3 merkle ours/taceo", 5, 6);
    show("t4 merkle ours/taceo", 7, 8);
    show("t4 merkle ours/blackbox", 7, 9);
    show("t8 perm ours/taceo", 10, 11);
    show("t12 perm ours/taceo", 12, 13);
    show("t16 perm ours/taceo", 14, 15);
    show("t3 64 states ours/taceo", 16, 17);
    show("t4 64 states ours/taceo", 18, 19);
}
