//! Same-moment comparison with Plonky3 0.8.0's own Poseidon2 on a noisy
//! machine: one process times short batches of ours and of Plonky3's in
//! turn, many rounds over, and prints the median of the per-round ratios
//! ours / Plonky3 (both times of a round come from the same milliseconds).
//!
//! Per instance:
//! - `scalar`: one permutation of `[F; W]` (ours: `permute_mut`; Plonky3:
//!   `Poseidon2<…>::permute_mut` on `[F; W]`);
//! - `packed`: time per state of many states (ours: `permute_many` on
//!   `[F; W]` states with the backend named, transposition included;
//!   Plonky3: `permute_mut` on `[F::Packing; W]`, states already packed).
//!
//! Plonky3 packs only what the build enables at compile time, so run it
//! with the SIMD width under test in RUSTFLAGS:
//! `RUSTFLAGS="-C target-cpu=native" cargo bench -p algebraic-hash-poseidon2-small --bench interleaved`
//! (AVX-512 on a CPU that has it: Plonky3 16 lanes, ours AVX-512), or
//! `-C target-feature=+avx2` (Plonky3 8 lanes, ours forced to AVX2; for
//! Goldilocks Plonky3 4 lanes, ours forced to the rescue crate's AVX2
//! lanes of 4).
//! Optional arguments: rounds (default 200); `goldilocks` (only the
//! Goldilocks rows); any other word times only the 31-bit instances whose
//! name contains it (e.g. `babybear-16`).
//!
//! With the `p3-adapter` feature, each 31-bit instance has a third row,
//! `adapter`: ours through the Plonky3 adapter on Plonky3's packed states
//! (`p3_symmetric::Permutation<[F::Packing; W]>`, the call Plonky3's MMCS
//! makes) against Plonky3's own permutation on the same packed states,
//! and `mmcs`: a `MerkleTreeMmcs` commitment to a 2^12 × 8 matrix, its
//! sponge and compression over ours (the adapter) and over Plonky3's.
//!
//! Then the zkVM instances against their own crates, which have no packed
//! form to call (`scalar` as above; `many`: ours `permute_many` per state
//! against theirs one state at a time): RISC Zero (risc0-zkp 3.0.5
//! `poseidon2_mix`) and SP1 v6 (sp1-primitives 6.10.0 `poseidon2_init()`).
//! OpenVM's permutation is Plonky3's default BabyBear 16, timed above.

use std::hint::black_box;
use std::time::Instant;

use algebraic_hash::Permutation;
use algebraic_hash_poseidon2_small::field::{Backend, Field31};
use algebraic_hash_poseidon2_small::plonky3::*;
use algebraic_hash_poseidon2_small::{Goldilocks, Poseidon2, Poseidon2Field};
use p3_field::{Field, PackedValue, PrimeField32};
use p3_symmetric::Permutation as P3Permutation;

/// Nanoseconds per item of one timed batch of `n` items.
fn time(n: usize, f: impl FnOnce()) -> f64 {
    let t = Instant::now();
    f();
    t.elapsed().as_nanos() as f64 / n as f64
}

fn median_ratio(a: &[f64], b: &[f64]) -> (f64, f64, f64) {
    let mut r: Vec<f64> = a.iter().zip(b).map(|(x, y)| x / y).collect();
    r.sort_by(f64::total_cmp);
    let n = r.len();
    (r[n / 4], r[n / 2], r[3 * n / 4])
}

fn median(v: &[f64]) -> f64 {
    let mut v = v.to_vec();
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn compare<F, G, Q, const W: usize, const D: u64>(
    ours: Poseidon2<F, W, D>,
    theirs: Q,
    backend: Backend,
    rounds: usize,
) where
    F: Field31 + Poseidon2Field,
    G: PrimeField32,
    Q: P3Permutation<[G; W]> + P3Permutation<[G::Packing; W]>,
{
    let lanes = G::Packing::WIDTH;
    let singles = 64;
    let groups = 16;
    let states = groups * lanes.max(backend.lanes());
    let start: Vec<[u32; W]> = (0..states)
        .map(|i| core::array::from_fn(|j| ((i * 7919 + j * 104_729) as u32) % F::MODULUS))
        .collect();
    let mut our_states: Vec<[F; W]> = start
        .iter()
        .map(|s| s.map(|v| F::from_canonical(v).unwrap()))
        .collect();
    let mut their_states: Vec<[G; W]> = start.iter().map(|s| s.map(G::from_u32)).collect();
    let mut their_packed: Vec<[G::Packing; W]> = their_states
        .chunks_exact(lanes)
        .map(|chunk| core::array::from_fn(|j| G::Packing::from_fn(|l| chunk[l][j])))
        .collect();

    let (mut s_ours, mut s_theirs, mut p_ours, mut p_theirs) = (vec![], vec![], vec![], vec![]);
    for _ in 0..rounds {
        s_ours.push(time(singles, || {
            let mut s = our_states[0];
            for _ in 0..singles {
                ours.permute_mut(&mut s);
            }
            black_box(s);
        }));
        s_theirs.push(time(singles, || {
            let mut s = their_states[0];
            for _ in 0..singles {
                theirs.permute_mut(&mut s);
            }
            black_box(s);
        }));
        p_ours.push(time(states, || {
            assert!(ours.permute_many_on(backend, &mut our_states));
            black_box(&our_states);
        }));
        p_theirs.push(time(states, || {
            for s in their_packed.iter_mut() {
                theirs.permute_mut(s);
            }
            black_box(&their_packed);
        }));
    }
    their_states.truncate(1);
    let (q1, m, q3) = median_ratio(&s_ours, &s_theirs);
    println!(
        "{:<34} scalar  ours {:>7.1} ns  Plonky3 {:>7.1} ns  ratio {m:.2} (quartiles {q1:.2}-{q3:.2})",
        ours.name(),
        median(&s_ours),
        median(&s_theirs)
    );
    let (q1, m, q3) = median_ratio(&p_ours, &p_theirs);
    println!(
        "{:<34} packed  ours {:>7.1} ns/state ({backend:?}, {} lanes)  Plonky3 {:>7.1} ns/state ({lanes} lanes)  ratio {m:.2} (quartiles {q1:.2}-{q3:.2})",
        ours.name(),
        median(&p_ours),
        backend.lanes(),
        median(&p_theirs)
    );
}

/// The `adapter` and `mmcs` rows (module doc) for one 31-bit instance.
#[cfg(feature = "p3-adapter")]
fn compare_adapter<F, Q, const W: usize, const D: u64>(
    ours: Poseidon2<F, W, D>,
    theirs: Q,
    rounds: usize,
) where
    F: Field31 + algebraic_hash_poseidon2_small::p3_adapter::P3Counterpart,
    F::P3: PrimeField32,
    Q: P3Permutation<[<F::P3 as Field>::Packing; W]>
        + p3_symmetric::CryptographicPermutation<[<F::P3 as Field>::Packing; W]>
        + P3Permutation<[F::P3; W]>
        + p3_symmetric::CryptographicPermutation<[F::P3; W]>
        + Clone,
{
    use p3_commit::Mmcs;
    use p3_field::PrimeCharacteristicRing;
    use p3_matrix::dense::RowMajorMatrix;
    use p3_merkle_tree::MerkleTreeMmcs;
    use p3_symmetric::{PaddingFreeSponge, TruncatedPermutation};
    type Packing<F> =
        <<F as algebraic_hash_poseidon2_small::p3_adapter::P3Counterpart>::P3 as Field>::Packing;
    let lanes = Packing::<F>::WIDTH;
    let groups = 64;
    let mut packed: Vec<[Packing<F>; W]> = (0..groups)
        .map(|g| {
            core::array::from_fn(|j| {
                Packing::<F>::from_fn(|l| {
                    F::P3::from_u32(((g * lanes + l) * 7919 + j * 104_729) as u32 % F::MODULUS)
                })
            })
        })
        .collect();
    let mut theirs_packed = packed.clone();
    let (height, width) = (1 << 12, 8);
    let matrix = RowMajorMatrix::new(
        (0..height * width)
            .map(|i| F::P3::from_u32((i as u32).wrapping_mul(2_654_435_761) % F::MODULUS))
            .collect(),
        width,
    );
    let ours_mmcs = MerkleTreeMmcs::<Packing<F>, Packing<F>, _, _, 2, 8>::new(
        PaddingFreeSponge::<_, W, 8, 8>::new(ours),
        TruncatedPermutation::<_, 2, 8, W>::new(ours),
        0,
    );
    let theirs_mmcs = MerkleTreeMmcs::<Packing<F>, Packing<F>, _, _, 2, 8>::new(
        PaddingFreeSponge::<_, W, 8, 8>::new(theirs.clone()),
        TruncatedPermutation::<_, 2, 8, W>::new(theirs.clone()),
        0,
    );
    let (mut a_ours, mut a_theirs, mut m_ours, mut m_theirs) = (vec![], vec![], vec![], vec![]);
    for _ in 0..rounds {
        a_ours.push(time(groups * lanes, || {
            for s in packed.iter_mut() {
                P3Permutation::permute_mut(&ours, s);
            }
            black_box(&packed);
        }));
        a_theirs.push(time(groups * lanes, || {
            for s in theirs_packed.iter_mut() {
                theirs.permute_mut(s);
            }
            black_box(&theirs_packed);
        }));
        m_ours.push(time(1, || {
            black_box(ours_mmcs.commit_matrix(matrix.clone()));
        }));
        m_theirs.push(time(1, || {
            black_box(theirs_mmcs.commit_matrix(matrix.clone()));
        }));
    }
    let (q1, m, q3) = median_ratio(&a_ours, &a_theirs);
    println!(
        "{:<34} adapter ours {:>7.1} ns/state (Plonky3's packed states, {lanes} lanes)  Plonky3 {:>7.1} ns/state  ratio {m:.2} (quartiles {q1:.2}-{q3:.2})",
        ours.name(),
        median(&a_ours),
        median(&a_theirs)
    );
    let (q1, m, q3) = median_ratio(&m_ours, &m_theirs);
    println!(
        "{:<34} mmcs    ours {:>7.1} µs (2^12 × 8 commitment)  Plonky3 {:>7.1} µs  ratio {m:.2} (quartiles {q1:.2}-{q3:.2})",
        ours.name(),
        median(&m_ours) / 1e3,
        median(&m_theirs) / 1e3
    );
}

/// Ours against a peer that permutes one state at a time.
fn compare_single<F, S, const W: usize, const D: u64>(
    ours: Poseidon2<F, W, D>,
    peer: &str,
    their_state: S,
    theirs: impl Fn(&mut S),
    backend: Backend,
    rounds: usize,
) where
    F: Field31 + Poseidon2Field,
    S: Copy,
{
    let singles = 64;
    let states = 16 * backend.lanes();
    let mut our_states: Vec<[F; W]> = (0..states)
        .map(|i| {
            core::array::from_fn(|j| {
                F::from_canonical(((i * 7919 + j * 104_729) as u32) % F::MODULUS).unwrap()
            })
        })
        .collect();
    let (mut s_ours, mut s_theirs, mut m_ours) = (vec![], vec![], vec![]);
    for _ in 0..rounds {
        s_ours.push(time(singles, || {
            let mut s = our_states[0];
            for _ in 0..singles {
                ours.permute_mut(&mut s);
            }
            black_box(s);
        }));
        s_theirs.push(time(singles, || {
            let mut s = their_state;
            for _ in 0..singles {
                theirs(&mut s);
            }
            black_box(s);
        }));
        m_ours.push(time(states, || {
            assert!(ours.permute_many_on(backend, &mut our_states));
            black_box(&our_states);
        }));
    }
    let (q1, m, q3) = median_ratio(&s_ours, &s_theirs);
    println!(
        "{:<34} scalar  ours {:>7.1} ns  {peer} {:>7.1} ns  ratio {m:.2} (quartiles {q1:.2}-{q3:.2})",
        ours.name(),
        median(&s_ours),
        median(&s_theirs)
    );
    let (q1, m, q3) = median_ratio(&m_ours, &s_theirs);
    println!(
        "{:<34} many    ours {:>7.1} ns/state ({backend:?})  {peer} {:>7.1} ns (one state)  ratio {m:.2} (quartiles {q1:.2}-{q3:.2})",
        ours.name(),
        median(&m_ours),
        median(&s_theirs)
    );
}

/// Goldilocks: ours `permute_mut` and `permute_many` (the shared
/// Goldilocks lanes of `algebraic_hash_rescue::lanes`, the backend its
/// dispatch picks, transposition included) against Plonky3's `permute_mut`
/// on one state and on its packed states.
fn compare_goldilocks<const W: usize>(
    ours: Poseidon2<Goldilocks, W, 7>,
    theirs: p3_goldilocks::Poseidon2Goldilocks<W>,
    rounds: usize,
) where
    p3_goldilocks::Poseidon2Goldilocks<W>: P3Permutation<[p3_goldilocks::Goldilocks; W]>
        + P3Permutation<[<p3_goldilocks::Goldilocks as Field>::Packing; W]>,
{
    use p3_field::PrimeCharacteristicRing;
    type G = p3_goldilocks::Goldilocks;
    let lanes = <G as Field>::Packing::WIDTH;
    // The same SIMD width on both sides: Plonky3 packs what the build
    // enables (8 lanes with AVX-512, 4 with AVX2 alone), ours chooses at
    // run time, so a `+avx2` build runs ours on AVX2 by name.
    let backend = match lanes {
        4 => Some(Backend::Avx2),
        _ => None,
    };
    let singles = 64;
    let states = 16 * lanes.max(8);
    let start: Vec<[u64; W]> = (0..states)
        .map(|i| {
            core::array::from_fn(|j| {
                ((i as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ (j as u64 * 104_729))
                    % Goldilocks::MODULUS
            })
        })
        .collect();
    let mut our_states: Vec<[Goldilocks; W]> = start
        .iter()
        .map(|s| s.map(|v| Goldilocks::from_canonical(v).unwrap()))
        .collect();
    let their_states: Vec<[G; W]> = start.iter().map(|s| s.map(G::from_u64)).collect();
    let mut their_packed: Vec<[<G as Field>::Packing; W]> = their_states
        .chunks_exact(lanes)
        .map(|chunk| core::array::from_fn(|j| <G as Field>::Packing::from_fn(|l| chunk[l][j])))
        .collect();
    let (mut s_ours, mut s_theirs, mut p_ours, mut p_theirs) = (vec![], vec![], vec![], vec![]);
    for _ in 0..rounds {
        s_ours.push(time(singles, || {
            let mut s = our_states[0];
            for _ in 0..singles {
                ours.permute_mut(&mut s);
            }
            black_box(s);
        }));
        s_theirs.push(time(singles, || {
            let mut s = their_states[0];
            for _ in 0..singles {
                theirs.permute_mut(&mut s);
            }
            black_box(s);
        }));
        p_ours.push(time(states, || {
            match backend {
                Some(backend) => assert!(ours.permute_many_on(backend, &mut our_states)),
                None => ours.permute_many(&mut our_states),
            }
            black_box(&our_states);
        }));
        p_theirs.push(time(states, || {
            for s in their_packed.iter_mut() {
                theirs.permute_mut(s);
            }
            black_box(&their_packed);
        }));
    }
    let (q1, m, q3) = median_ratio(&s_ours, &s_theirs);
    println!(
        "{:<34} scalar  ours {:>7.1} ns  Plonky3 {:>7.1} ns  ratio {m:.2} (quartiles {q1:.2}-{q3:.2})",
        ours.name(),
        median(&s_ours),
        median(&s_theirs)
    );
    let (q1, m, q3) = median_ratio(&p_ours, &p_theirs);
    println!(
        "{:<34} many    ours {:>7.1} ns/state (permute_many, {})  Plonky3 {:>7.1} ns/state ({lanes} lanes)  ratio {m:.2} (quartiles {q1:.2}-{q3:.2})",
        ours.name(),
        median(&p_ours),
        backend.map_or_else(
            || format!("{:?}", algebraic_hash_rescue::lanes::lanes_backend()),
            |b| format!("{b:?}")
        ),
        median(&p_theirs)
    );
}

fn main() {
    let rounds: usize = std::env::args()
        .skip(1)
        .find_map(|a| a.parse().ok())
        .unwrap_or(200);
    let goldilocks_only = std::env::args().any(|a| a == "goldilocks");
    let only: Option<String> = std::env::args()
        .skip(1)
        .find(|a| a.parse::<usize>().is_err() && a != "goldilocks" && !a.starts_with('-'));
    let chosen = |name: &str| only.as_deref().is_none_or(|o| name.contains(o));
    if only.is_none() {
        println!(
            "Goldilocks: Plonky3 packing width {}",
            <p3_goldilocks::Goldilocks as Field>::Packing::WIDTH
        );
        compare_goldilocks(
            GOLDILOCKS_8,
            p3_goldilocks::default_goldilocks_poseidon2_8(),
            rounds,
        );
        compare_goldilocks(
            GOLDILOCKS_12,
            p3_goldilocks::default_goldilocks_poseidon2_12(),
            rounds,
        );
        compare_goldilocks(
            GOLDILOCKS_16,
            p3_goldilocks::default_goldilocks_poseidon2_16(),
            rounds,
        );
    }
    if goldilocks_only {
        return;
    }
    // Ours at the SIMD width Plonky3 was compiled with.
    let backend = match <p3_baby_bear::BabyBear as Field>::Packing::WIDTH {
        16 => Backend::Avx512,
        8 => Backend::Avx2,
        _ => algebraic_hash_poseidon2_small::field::backend(),
    };
    println!(
        "rounds {rounds}; Plonky3 packing width {}; ours {backend:?}",
        <p3_baby_bear::BabyBear as Field>::Packing::WIDTH
    );
    if chosen(BABYBEAR_16.name()) {
        compare::<_, p3_baby_bear::BabyBear, _, 16, 7>(
            BABYBEAR_16,
            p3_baby_bear::default_babybear_poseidon2_16(),
            backend,
            rounds,
        );
        #[cfg(feature = "p3-adapter")]
        compare_adapter(
            BABYBEAR_16,
            p3_baby_bear::default_babybear_poseidon2_16(),
            rounds,
        );
    }
    if chosen(BABYBEAR_24.name()) {
        compare::<_, p3_baby_bear::BabyBear, _, 24, 7>(
            BABYBEAR_24,
            p3_baby_bear::default_babybear_poseidon2_24(),
            backend,
            rounds,
        );
        #[cfg(feature = "p3-adapter")]
        compare_adapter(
            BABYBEAR_24,
            p3_baby_bear::default_babybear_poseidon2_24(),
            rounds,
        );
    }
    if chosen(KOALABEAR_16.name()) {
        compare::<_, p3_koala_bear::KoalaBear, _, 16, 3>(
            KOALABEAR_16,
            p3_koala_bear::default_koalabear_poseidon2_16(),
            backend,
            rounds,
        );
        #[cfg(feature = "p3-adapter")]
        compare_adapter(
            KOALABEAR_16,
            p3_koala_bear::default_koalabear_poseidon2_16(),
            rounds,
        );
    }
    if chosen(KOALABEAR_24.name()) {
        compare::<_, p3_koala_bear::KoalaBear, _, 24, 3>(
            KOALABEAR_24,
            p3_koala_bear::default_koalabear_poseidon2_24(),
            backend,
            rounds,
        );
        #[cfg(feature = "p3-adapter")]
        compare_adapter(
            KOALABEAR_24,
            p3_koala_bear::default_koalabear_poseidon2_24(),
            rounds,
        );
    }
    if chosen(MERSENNE31_16.name()) {
        compare::<_, p3_mersenne_31::Mersenne31, _, 16, 5>(
            MERSENNE31_16,
            p3_mersenne_31::default_mersenne31_poseidon2_16(),
            backend,
            rounds,
        );
        #[cfg(feature = "p3-adapter")]
        compare_adapter(
            MERSENNE31_16,
            p3_mersenne_31::default_mersenne31_poseidon2_16(),
            rounds,
        );
    }
    if chosen(MERSENNE31_24.name()) {
        compare::<_, p3_mersenne_31::Mersenne31, _, 24, 5>(
            MERSENNE31_24,
            p3_mersenne_31::default_mersenne31_poseidon2_24(),
            backend,
            rounds,
        );
        #[cfg(feature = "p3-adapter")]
        compare_adapter(
            MERSENNE31_24,
            p3_mersenne_31::default_mersenne31_poseidon2_24(),
            rounds,
        );
    }
    if chosen(algebraic_hash_poseidon2_small::risc0::POSEIDON2.name()) {
        compare_single(
            algebraic_hash_poseidon2_small::risc0::POSEIDON2,
            "risc0-zkp",
            core::array::from_fn::<_, 24, _>(|i| {
                risc0_core::field::baby_bear::BabyBearElem::new(i as u32)
            }),
            risc0_zkp::core::hash::poseidon2::poseidon2_mix,
            backend,
            rounds,
        );
    }
    let sp1_perm = sp1_primitives::poseidon2_init();
    if chosen(algebraic_hash_poseidon2_small::sp1::POSEIDON2.name()) {
        compare_single(
            algebraic_hash_poseidon2_small::sp1::POSEIDON2,
            "sp1-primitives",
            core::array::from_fn::<_, 16, _>(|i| {
                <sp1_primitives::SP1Field as slop_algebra::AbstractField>::from_canonical_u32(
                    i as u32,
                )
            }),
            |s| slop_symmetric::Permutation::permute_mut(&sp1_perm, s),
            backend,
            rounds,
        );
    }
}
