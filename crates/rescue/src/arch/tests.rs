//! Every SIMD backend equals the scalar code: random states, edge values
//! and non-canonical lanes, for each round piece and the whole permutation.
//! `ALGEBRAIC_HASH_CASES_PERCENT` scales the counts (qemu runs).

extern crate std;
use std::vec::Vec;

use crate::field::{MODULUS, raw};
use crate::mds::mds_multiply;
use core::ops::Range;

use crate::constants::{NUM_ROUNDS, Rp64, Rpo};
use crate::permutation::{Instance, RawState, inv_sbox, permute_scalar, sbox};

/// Edge values of the raw representation: zero, one, around p, around
/// 2^32, and non-canonical values up to 2^64 - 1.
const EDGES: [u64; 14] = [
    0,
    1,
    2,
    MODULUS - 2,
    MODULUS - 1,
    MODULUS,
    MODULUS + 1,
    u64::MAX - 1,
    u64::MAX,
    1 << 32,
    (1 << 32) - 1,
    (1 << 32) + 1,
    1 << 63,
    MODULUS - (1 << 32),
];

/// splitmix64; one draw in four is an edge value.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    fn value(&mut self) -> u64 {
        let r = self.next();
        if r & 3 == 0 {
            EDGES[(r >> 2) as usize % EDGES.len()]
        } else {
            self.next()
        }
    }
    fn canonical(&mut self) -> u64 {
        self.value() % MODULUS
    }
    fn state(&mut self) -> RawState {
        core::array::from_fn(|_| self.value())
    }
}

/// Runs a whole-permutation test on every instance and round range the
/// backends serve: all rounds of Rp64_256 and of RPO, and one RPO round
/// alone (RPX runs its FB rounds so); `seed` differs per run.
macro_rules! for_each_instance {
    ($check:ident, $seed:expr) => {
        $check::<Rp64>($seed, 0..NUM_ROUNDS);
        // Under Miri the full RPO permutation adds only other constants to
        // the code path Rp64_256 already takes; its one-round range stays.
        if !cfg!(miri) {
            $check::<Rpo>($seed + 100, 0..NUM_ROUNDS);
        }
        $check::<Rpo>($seed + 200, 2..3);
    };
}

fn cases(n: u32) -> usize {
    let percent = std::env::var("ALGEBRAIC_HASH_CASES_PERCENT")
        .ok()
        .and_then(|v| v.parse::<u64>().ok())
        .unwrap_or(100);
    (u64::from(n) * percent / 100).max(1) as usize
}

fn canon<const N: usize>(v: [u64; N]) -> [u64; N] {
    v.map(raw::canonical)
}

/// States of the property tests: edge values first (natively every edge
/// value in every cell position), then random ones.
fn states(seed: u64, n: usize) -> Vec<RawState> {
    let mut rng = Rng(seed);
    let mut out = Vec::with_capacity(n + EDGES.len() + 2);
    // Every edge value in some lane of these two.
    out.push(core::array::from_fn(|i| EDGES[i]));
    out.push(core::array::from_fn(|i| EDGES[i + 2]));
    if cfg!(miri) {
        // Miri (some 10^4 times slower) checks memory and intrinsics, not
        // arithmetic, which the native runs cover: two uniform states, then
        // the random ones (one, with ALGEBRAIC_HASH_CASES_PERCENT=0).
        out.push([0; 12]);
        out.push([u64::MAX; 12]);
    } else {
        for &e in &EDGES {
            out.push([e; 12]);
        }
    }
    for _ in 0..n {
        out.push(rng.state());
    }
    out
}

/// S-box and inverse S-box of one state by `f` (a SIMD layout) equal the
/// scalar ones, on edge-value states and 100 000 random ones.
fn single_state_sboxes(seed: u64, f: impl Fn(&RawState, bool) -> RawState) {
    for state in states(seed, cases(100_000)) {
        for inverse in [false, true] {
            let mut expected = state;
            if inverse {
                inv_sbox(&mut expected);
            } else {
                sbox(&mut expected);
            }
            let got = f(&state, inverse);
            assert_eq!(
                canon(got),
                canon(expected),
                "inverse {inverse} on {state:?}"
            );
        }
    }
}

/// The batch entry point `permute_many` equals the scalar permutation for
/// every batch size 1..=17 and 64: each size runs over the same edge-value
/// and 20 000 random states, cut into batches of that size (the last one
/// shorter), so every size sees at least 20 000 random states (scaled by
/// `ALGEBRAIC_HASH_CASES_PERCENT`). With 100 000 these were the longest
/// tests of the CI run (57 s of one core for the AVX2 and AVX-512
/// backends); the S-box, MDS and one-batch permutation tests keep 100 000.
/// Rounds `rounds` of instance `I`.
fn batch_sizes<I: Instance>(
    seed: u64,
    rounds: Range<usize>,
    permute_many: impl Fn(&mut [RawState], Range<usize>),
) {
    let mut all = states(seed, cases(20_000));
    if cfg!(miri) {
        all.truncate(3);
    }
    let expected: Vec<RawState> = all
        .iter()
        .map(|s| {
            let mut e = *s;
            permute_scalar::<I>(&mut e, rounds.clone());
            canon(e)
        })
        .collect();
    // Miri, some 10^4 times slower, takes three states and two sizes.
    let sizes: Vec<usize> = if cfg!(miri) {
        std::vec![1, 2]
    } else {
        (1..=17).chain([64]).collect()
    };
    for size in sizes {
        let mut got = all.clone();
        for batch in got.chunks_mut(size) {
            permute_many(batch, rounds.clone());
        }
        for ((state, g), want) in all.iter().zip(&got).zip(&expected) {
            assert_eq!(canon(*g), *want, "batch size {size}, on {state:?}");
        }
    }
}

#[cfg(all(target_arch = "x86_64", not(algebraic_hash_force_scalar)))]
mod avx2 {
    use super::*;
    use crate::arch::x86_64_avx2::{self as avx2, pieces};

    fn available() -> bool {
        let yes = std::is_x86_feature_detected!("avx2") && std::is_x86_feature_detected!("bmi2");
        if !yes {
            std::eprintln!("AVX2 or BMI2 not on this CPU: AVX2 tests skipped");
        }
        yes
    }

    #[test]
    fn field_ops_equal_scalar() {
        if !available() {
            return;
        }
        let mut rng = Rng(11);
        for _ in 0..cases(100_000) {
            let a: [u64; 4] = core::array::from_fn(|_| rng.value());
            let b: [u64; 4] = core::array::from_fn(|_| rng.value());
            let c: [u64; 4] = core::array::from_fn(|_| rng.canonical());
            // SAFETY: AVX2 detected above.
            let (m, s, ad) = unsafe {
                (
                    pieces::mul(a, b),
                    pieces::square(a),
                    pieces::add_canonical(a, c),
                )
            };
            for i in 0..4 {
                assert_eq!(raw::canonical(m[i]), raw::canonical(raw::mul(a[i], b[i])));
                assert_eq!(raw::canonical(s[i]), raw::canonical(raw::square(a[i])));
                assert_eq!(
                    raw::canonical(ad[i]),
                    raw::canonical(raw::add_canonical(a[i], c[i]))
                );
            }
        }
        for &x in &EDGES {
            for &y in &EDGES {
                // SAFETY: AVX2 detected above.
                let m = unsafe { pieces::mul([x, y, x, y], [y, x, x, y]) };
                assert_eq!(raw::canonical(m[0]), raw::canonical(raw::mul(x, y)));
                assert_eq!(raw::canonical(m[2]), raw::canonical(raw::mul(x, x)));
            }
        }
    }

    #[test]
    fn sboxes_equal_scalar() {
        if !available() {
            return;
        }
        // SAFETY: AVX2 detected above.
        single_state_sboxes(12, |s, inverse| unsafe { pieces::sboxes(s, inverse) });
    }

    #[test]
    fn mds_equals_scalar() {
        if !available() {
            return;
        }
        let all = states(13, cases(100_000));
        for four in all.chunks_exact(4) {
            let four: [RawState; 4] = four.try_into().unwrap();
            // SAFETY: AVX2 detected above.
            let got = unsafe { pieces::mds4(&four) };
            for (g, s) in got.iter().zip(four) {
                let mut expected = s;
                mds_multiply(&mut expected);
                assert_eq!(canon(*g), canon(expected), "on {s:?}");
            }
        }
    }

    #[test]
    fn batch_sizes_equal_scalar() {
        if !available() {
            return;
        }
        for_each_instance!(batch_sizes_for, 15);
    }

    fn batch_sizes_for<I: Instance>(seed: u64, rounds: Range<usize>) {
        // SAFETY: AVX2 and BMI2 detected by the caller.
        batch_sizes::<I>(seed, rounds, |b, r| unsafe {
            avx2::permute_many::<I>(b, r)
        });
    }

    /// The transposed groups of four (and five, one on the scalar units)
    /// that the AVX-512 backend uses for its remainders, on any AVX2 CPU.
    #[test]
    fn transposed_groups_equal_scalar() {
        if !available() {
            return;
        }
        for_each_instance!(transposed_groups_equal_scalar_for, 16);
    }

    fn transposed_groups_equal_scalar_for<I: Instance>(seed: u64, rounds: Range<usize>) {
        let mut all = states(seed, cases(100_000));
        if cfg!(miri) {
            all.truncate(5);
        }
        // Miri takes the group of five only (four registers and a scalar).
        let sizes: &[usize] = if cfg!(miri) { &[5] } else { &[4, 5] };
        for &size in sizes {
            let mut got = all.clone();
            for batch in got.chunks_exact_mut(size) {
                // SAFETY: AVX2 and BMI2 detected by the caller; 4 or 5
                // states.
                unsafe { avx2::permute_4_or_5::<I>(batch, rounds.clone()) };
            }
            for (state, g) in all.iter().zip(&got).take(all.len() / size * size) {
                let mut expected = *state;
                permute_scalar::<I>(&mut expected, rounds.clone());
                assert_eq!(canon(*g), canon(expected), "group of {size}, on {state:?}");
            }
        }
    }

    #[test]
    fn permutation_equals_scalar() {
        if !available() {
            return;
        }
        for_each_instance!(permutation_equals_scalar_for, 14);
    }

    fn permutation_equals_scalar_for<I: Instance>(seed: u64, rounds: Range<usize>) {
        let all = states(seed, cases(100_000));
        let mut batch = all.clone();
        // SAFETY: AVX2 detected by the caller.
        unsafe { avx2::permute_many::<I>(&mut batch, rounds.clone()) };
        for (state, got_many) in all.iter().zip(&batch) {
            let mut expected = *state;
            permute_scalar::<I>(&mut expected, rounds.clone());
            let mut got = *state;
            // SAFETY: AVX2 detected by the caller.
            unsafe { avx2::permute::<I>(&mut got, rounds.clone()) };
            assert_eq!(canon(got), canon(expected), "permute on {state:?}");
            assert_eq!(
                canon(*got_many),
                canon(expected),
                "permute_many on {state:?}"
            );
        }
    }
}

#[cfg(all(target_arch = "x86_64", not(algebraic_hash_force_scalar)))]
mod avx512 {
    use super::*;
    use crate::arch::x86_64_avx512::{self as avx512, pieces};

    /// Whether this CPU runs the AVX-512 backend. CI machines have it and
    /// set `ALGEBRAIC_HASH_REQUIRE_AVX512=1`, which turns its absence into
    /// a failure instead of a skip.
    fn available() -> bool {
        let yes = std::is_x86_feature_detected!("avx512f")
            && std::is_x86_feature_detected!("avx512vl")
            && std::is_x86_feature_detected!("avx2")
            && std::is_x86_feature_detected!("bmi2");
        if !yes {
            assert!(
                std::env::var_os("ALGEBRAIC_HASH_REQUIRE_AVX512").is_none(),
                "ALGEBRAIC_HASH_REQUIRE_AVX512 is set but this CPU lacks AVX-512F or AVX-512VL"
            );
            std::eprintln!("AVX-512F/VL not on this CPU: AVX-512 tests skipped");
        }
        yes
    }

    #[test]
    fn field_ops_equal_scalar() {
        if !available() {
            return;
        }
        let mut rng = Rng(31);
        let check = |a: [u64; 8], b: [u64; 8], c: [u64; 8]| {
            // SAFETY: AVX-512F/VL and AVX2 detected above.
            let (m, s, ad) = unsafe { pieces::field_ops(a, b, c) };
            for i in 0..8 {
                assert_eq!(raw::canonical(m[i]), raw::canonical(raw::mul(a[i], b[i])));
                assert_eq!(raw::canonical(s[i]), raw::canonical(raw::square(a[i])));
                assert_eq!(
                    raw::canonical(ad[i]),
                    raw::canonical(raw::add_canonical(a[i], c[i]))
                );
            }
        };
        // The 256-bit lanes of the single-state layout, with both forms of
        // the reduction's fold.
        let check4 = |a: [u64; 4], b: [u64; 4]| {
            // SAFETY: AVX-512F/VL and AVX2 detected above.
            let results = unsafe {
                [
                    pieces::field_ops4::<false>(a, b),
                    pieces::field_ops4::<true>(a, b),
                ]
            };
            for (m, s) in results {
                for i in 0..4 {
                    assert_eq!(raw::canonical(m[i]), raw::canonical(raw::mul(a[i], b[i])));
                    assert_eq!(raw::canonical(s[i]), raw::canonical(raw::square(a[i])));
                }
            }
        };
        for _ in 0..cases(100_000) {
            let a: [u64; 8] = core::array::from_fn(|_| rng.value());
            let b: [u64; 8] = core::array::from_fn(|_| rng.value());
            let c: [u64; 8] = core::array::from_fn(|_| rng.canonical());
            check(a, b, c);
            check4(
                core::array::from_fn(|i| a[i]),
                core::array::from_fn(|i| b[i + 4]),
            );
        }
        for &x in &EDGES {
            for &y in &EDGES {
                check4([x, y, x, y], [y, x, x, y]);
            }
        }
        for &x in &EDGES {
            let c = [0, 1, MODULUS - 1, MODULUS - 2, 1 << 32, (1 << 32) - 1, 2, 3];
            for y in EDGES.chunks_exact(2) {
                check(
                    [x, y[0], x, y[1], y[0], y[1], x, x],
                    [y[0], x, y[1], x, y[0], y[1], x, y[0]],
                    c,
                );
            }
        }
    }

    #[test]
    fn single_state_sboxes_equal_scalar() {
        if !available() {
            return;
        }
        // SAFETY: AVX-512F/VL, AVX2 and BMI2 detected above.
        single_state_sboxes(35, |s, inverse| unsafe { pieces::sboxes1(s, inverse) });
    }

    #[test]
    fn sboxes_equal_scalar() {
        if !available() {
            return;
        }
        let all = states(32, cases(100_000));
        for eight in all.chunks_exact(8) {
            let eight: [RawState; 8] = eight.try_into().unwrap();
            for inverse in [false, true] {
                // SAFETY: AVX-512F/VL and AVX2 detected above.
                let got = unsafe { pieces::sboxes8(&eight, inverse) };
                for (g, s) in got.iter().zip(eight) {
                    let mut expected = s;
                    if inverse {
                        inv_sbox(&mut expected);
                    } else {
                        sbox(&mut expected);
                    }
                    assert_eq!(canon(*g), canon(expected), "inverse {inverse} on {s:?}");
                }
            }
        }
    }

    #[test]
    fn mds_equals_scalar() {
        if !available() {
            return;
        }
        let all = states(33, cases(100_000));
        for eight in all.chunks_exact(8) {
            let eight: [RawState; 8] = eight.try_into().unwrap();
            // SAFETY: AVX-512F/VL and AVX2 detected above.
            let got = unsafe { pieces::mds8(&eight) };
            for (g, s) in got.iter().zip(eight) {
                let mut expected = s;
                mds_multiply(&mut expected);
                assert_eq!(canon(*g), canon(expected), "on {s:?}");
            }
        }
    }

    #[test]
    fn batch_sizes_equal_scalar() {
        if !available() {
            return;
        }
        for_each_instance!(batch_sizes_for, 35);
    }

    fn batch_sizes_for<I: Instance>(seed: u64, rounds: Range<usize>) {
        // SAFETY: AVX-512F/VL, AVX2 and BMI2 detected by the caller.
        batch_sizes::<I>(seed, rounds, |b, r| unsafe {
            avx512::permute_many::<I>(b, r)
        });
    }

    #[test]
    fn permutation_equals_scalar() {
        if !available() {
            return;
        }
        for_each_instance!(permutation_equals_scalar_for, 34);
    }

    fn permutation_equals_scalar_for<I: Instance>(seed: u64, rounds: Range<usize>) {
        let all = states(seed, cases(100_000));
        let expected: Vec<RawState> = all
            .iter()
            .map(|s| {
                let mut e = *s;
                permute_scalar::<I>(&mut e, rounds.clone());
                e
            })
            .collect();
        for (state, want) in all.iter().zip(&expected) {
            let mut got = *state;
            // SAFETY: AVX-512F/VL, AVX2 and BMI2 detected by the caller.
            unsafe { avx512::permute::<I>(&mut got, rounds.clone()) };
            assert_eq!(canon(got), canon(*want), "single, on {state:?}");
        }
        // Batch sizes that use every path: eights, a padded remainder (6,
        // 7), the AVX2 remainders (5 and 4 batched), single ones (1 to 3).
        for n in [all.len(), 8, 6, 7, 15, 13, 12, 11, 9, 1] {
            let mut batch = all[..n].to_vec();
            // SAFETY: AVX-512F/VL and AVX2 detected by the caller.
            unsafe { avx512::permute_many::<I>(&mut batch, rounds.clone()) };
            for ((state, got), want) in all.iter().zip(&batch).zip(&expected) {
                assert_eq!(canon(*got), canon(*want), "batch of {n}, on {state:?}");
            }
        }
    }
}

#[cfg(all(
    target_arch = "aarch64",
    target_feature = "neon",
    not(algebraic_hash_force_scalar)
))]
mod neon {
    use super::*;
    use crate::arch::aarch64_neon::{self as neon, pieces};

    #[test]
    fn field_ops_equal_scalar() {
        let mut rng = Rng(21);
        for _ in 0..cases(100_000) {
            let a: [u64; 2] = [rng.value(), rng.value()];
            let b: [u64; 2] = [rng.value(), rng.value()];
            let c: [u64; 2] = [rng.canonical(), rng.canonical()];
            let (m, s, ad) = (
                pieces::mul(a, b),
                pieces::square(a),
                pieces::add_canonical(a, c),
            );
            for i in 0..2 {
                assert_eq!(raw::canonical(m[i]), raw::canonical(raw::mul(a[i], b[i])));
                assert_eq!(raw::canonical(s[i]), raw::canonical(raw::square(a[i])));
                assert_eq!(
                    raw::canonical(ad[i]),
                    raw::canonical(raw::add_canonical(a[i], c[i]))
                );
            }
        }
        for &x in &EDGES {
            for &y in &EDGES {
                let m = pieces::mul([x, x], [y, x]);
                assert_eq!(raw::canonical(m[0]), raw::canonical(raw::mul(x, y)));
                assert_eq!(raw::canonical(m[1]), raw::canonical(raw::mul(x, x)));
                let s = pieces::square([x, y]);
                assert_eq!(raw::canonical(s[1]), raw::canonical(raw::square(y)));
            }
        }
    }

    #[test]
    fn insert_high_word_forms_agree() {
        let mut rng = Rng(25);
        for _ in 0..cases(10_000) {
            let (lo, hi) = ([rng.next(), rng.next()], [rng.next(), rng.next()]);
            let (fast, portable) = pieces::insert_high_word_both(lo, hi);
            assert_eq!(fast, portable);
            for i in 0..2 {
                assert_eq!(fast[i], (lo[i] & 0xffff_ffff) | (hi[i] << 32));
            }
        }
    }

    #[test]
    fn sboxes_equal_scalar() {
        single_state_sboxes(22, pieces::sboxes);
    }

    #[test]
    fn mds_equals_scalar() {
        let all = states(23, cases(100_000));
        for two in all.chunks_exact(2) {
            let two: [RawState; 2] = two.try_into().unwrap();
            let got = pieces::mds2(&two);
            for (g, s) in got.iter().zip(two) {
                let mut expected = s;
                mds_multiply(&mut expected);
                assert_eq!(canon(*g), canon(expected), "on {s:?}");
            }
        }
    }

    #[test]
    fn batch_sizes_equal_scalar() {
        for_each_instance!(batch_sizes_for, 25);
    }

    fn batch_sizes_for<I: Instance>(seed: u64, rounds: Range<usize>) {
        batch_sizes::<I>(seed, rounds, neon::permute_many::<I>);
    }

    #[test]
    fn permutation_equals_scalar() {
        for_each_instance!(permutation_equals_scalar_for, 24);
    }

    fn permutation_equals_scalar_for<I: Instance>(seed: u64, rounds: Range<usize>) {
        let all = states(seed, cases(100_000));
        let mut batch = all.clone();
        neon::permute_many::<I>(&mut batch, rounds.clone());
        for (state, got_many) in all.iter().zip(&batch) {
            let mut expected = *state;
            permute_scalar::<I>(&mut expected, rounds.clone());
            let mut got = *state;
            neon::permute::<I>(&mut got, rounds.clone());
            assert_eq!(canon(got), canon(expected), "permute on {state:?}");
            assert_eq!(
                canon(*got_many),
                canon(expected),
                "permute_many on {state:?}"
            );
        }
    }
}

/// The register types lent to other permutations (`crate::lanes`): every
/// operation of [`GoldilocksLanes`] on every backend this CPU runs equals
/// its definition in `u128` arithmetic, through [`apply_many_with`] at every
/// batch size 0..=33 (each leaves a different remainder), on edge values
/// and random states (on aarch64: scalars, and NEON with `neon-lanes`).
mod shared_lanes {
    use super::*;
    use crate::arch::{LaneBackend, Output, apply_many_with, run_kernel};
    use crate::lanes::{GoldilocksLanes, LaneKernel};

    /// One operation per cell, on the cells of the input.
    struct Ops;

    /// Constants of the dot product (below p).
    const DOT: [u64; 3] = [MODULUS - 1, 12345, 1 << 63];

    /// A byte table with no structure the lookups could rely on.
    const TABLE: [u8; 256] = {
        let mut t = [0u8; 256];
        let mut i = 0;
        while i < 256 {
            t[i] = ((i * 167 + 13) % 256) as u8 ^ ((i >> 3) as u8);
            i += 1;
        }
        t
    };

    impl LaneKernel<12> for Ops {
        const LOOKS_UP_BYTES: bool = true;

        fn apply<L: GoldilocksLanes>(&self, s: &mut [L; 12]) {
            let x = *s;
            s[0] = x[0].mul(x[1]);
            s[1] = x[2].square();
            s[2] = x[3].add(x[4]);
            s[3] = x[5].sub(x[6]);
            s[4] = x[7].add_canonical(x[8].canonical());
            s[5] = L::dot_constants(&[x[9], x[0], x[11]], &DOT);
            s[6] = L::combine(x[10].shr::<1>(), x[11].shr::<1>());
            s[7] = x[0].wrapping_mul(x[3]);
            s[8] = x[1].wrapping_add(x[2]).wrapping_sub(x[4].shl::<5>());
            s[9] = x[5].low32().wrapping_add(x[6].shr::<33>());
            s[10] = x[7].map(|v| v.rotate_left(13) ^ 0x55);
            s[9] = s[9].wrapping_add(x[9].lookup_bytes(&TABLE).shl::<1>());
            s[11] = x[8].double().add(x[2].sub_canonical(x[1].canonical()));
        }
    }

    /// [`Ops`] by definition: field results canonical.
    fn expected(x: &RawState) -> RawState {
        let p = u128::from(MODULUS);
        let m = |v: u128| (v % p) as u64;
        let (a, b) = (|i: usize| u128::from(x[i]), |i: usize| u128::from(x[i]) % p);
        [
            m(a(0) * a(1)),
            m(a(2) * a(2)),
            m(a(3) + a(4)),
            m(b(5) + p - b(6)),
            m(a(7) + a(8)),
            m([9, 0, 11]
                .iter()
                .zip(DOT)
                .map(|(&i, c)| a(i) * u128::from(c) % p)
                .sum()),
            m((a(10) >> 1) + ((a(11) >> 1) << 32)),
            x[0].wrapping_mul(x[3]),
            x[1].wrapping_add(x[2]).wrapping_sub(x[4] << 5),
            ((x[5] & 0xffff_ffff) + (x[6] >> 33)).wrapping_add(
                u64::from_le_bytes(x[9].to_le_bytes().map(|b| TABLE[usize::from(b)])) << 1,
            ),
            x[7].rotate_left(13) ^ 0x55,
            m(2 * a(8) + a(2) + p - b(1)),
        ]
    }

    /// Cells 0–6 and 11 are residues (compared canonically), 7–10 integers.
    fn normalized(mut s: RawState) -> RawState {
        for i in [0, 1, 2, 3, 4, 5, 6, 11] {
            s[i] = raw::canonical(s[i]);
        }
        s
    }

    /// `x · 2^k` on cells 0–5, `x · 2^-k` on cells 6–11.
    struct Powers(u32);

    impl LaneKernel<12> for Powers {
        fn apply<L: GoldilocksLanes>(&self, s: &mut [L; 12]) {
            for x in &mut s[..6] {
                *x = x.mul_2exp(self.0);
            }
            for x in &mut s[6..] {
                *x = x.div_2exp(self.0);
            }
        }
    }

    /// `mul_2exp` and `div_2exp` for every `k` in 1..=32 on every backend
    /// equal products by `2^k` and by its inverse in `u128` arithmetic
    /// (batch sizes 1, 4, 5, 8 and 13: scalar, AVX2 and AVX-512 groups).
    #[test]
    fn powers_of_two_equal_products() {
        let p = u128::from(MODULUS);
        let all = states(78, cases(2_000));
        for k in 1..=32u32 {
            let up = (1u128 << k) % p;
            // 2^-k = ((p + 1) / 2)^k.
            let down = (0..k).fold(1u128, |acc, _| acc * p.div_ceil(2) % p);
            let want: Vec<RawState> = all
                .iter()
                .map(|x| {
                    core::array::from_fn(|i| {
                        let factor = if i < 6 { up } else { down };
                        (u128::from(x[i]) * factor % p) as u64
                    })
                })
                .collect();
            for backend in LaneBackend::ALL {
                if !apply_many_with(backend, &Powers(k), &mut []) {
                    continue;
                }
                for size in [1, 4, 5, 8, 13] {
                    let mut got = all.clone();
                    for chunk in got.chunks_mut(size) {
                        assert!(apply_many_with(backend, &Powers(k), chunk));
                    }
                    for (j, (g, w)) in got.iter().zip(&want).enumerate() {
                        assert_eq!(
                            g.map(raw::canonical),
                            *w,
                            "{backend:?} k {k} size {size} state {j}: {:?}",
                            all[j]
                        );
                    }
                }
            }
        }
    }

    /// One lane's fused internal-layer steps (`u64`: `sum_plus_multiple`
    /// for `m` from 1 to `2^32 − 1`, `sum_plus_div_2exp` for every `k` in
    /// 1..=32, `mul_short_chain`, `sub_product`, wide sums reduced once by
    /// `narrow`) equal `u128` arithmetic mod `p`, on edge and random raw
    /// values, both signs.
    #[test]
    fn one_lane_fused_steps_equal_u128() {
        use crate::lanes::GoldilocksLanes;
        let p = u128::from(MODULUS);
        let mut values = std::vec![
            0,
            1,
            2,
            MODULUS - 1,
            MODULUS,
            MODULUS + 1,
            u64::MAX,
            1 << 63,
            (1 << 32) - 1,
            1 << 32,
            0xffff_ffff_0000_0000,
        ];
        let mut x = 0x2545_f491_4f6c_dd1du64;
        for _ in 0..cases(300) {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            values.push(x);
        }
        let signed = |sum: u64, term: u128, negative: bool| {
            let (sum, term) = (u128::from(sum) % p, term % p);
            if negative {
                (sum + p - term) % p
            } else {
                (sum + term) % p
            }
        };
        let half = p.div_ceil(2);
        for (i, &s) in values.iter().enumerate() {
            let x = values[(i * 7 + 3) % values.len()];
            for negative in [false, true] {
                for m in [1u64, 2, 3, 4, 5, 1 << 31, (1 << 32) - 1] {
                    let got = s.sum_plus_multiple(x, m, negative);
                    let want = signed(s, u128::from(x) * u128::from(m), negative);
                    assert_eq!(u128::from(got) % p, want, "{s} ± {m}·{x}");
                }
                for k in 1..=32u32 {
                    let inverse = (0..k).fold(1u128, |acc, _| acc * half % p);
                    let got = s.sum_plus_div_2exp(x, k, negative);
                    let want = signed(s, u128::from(x) % p * inverse, negative);
                    assert_eq!(u128::from(got) % p, want, "{s} ± {x}/2^{k}");
                }
            }
            let y = values[(i * 5 + 1) % values.len()];
            // Wide sums as the external layer forms them: up to 35 words
            // (`7 · (16/4 + 1)`), then one reduction.
            let mut wide = GoldilocksLanes::widen(s);
            let mut exact = u128::from(s);
            for j in 0..35 {
                let term = values[(i * 3 + j) % values.len()];
                wide = u64::wide_add(wide, GoldilocksLanes::widen(term));
                exact += u128::from(term);
            }
            assert_eq!(
                u128::from(u64::narrow(wide)) % p,
                exact % p,
                "wide sum from {s}"
            );
            let product = u128::from(x) * u128::from(y) % p;
            assert_eq!(u128::from(x.mul_short_chain(y)) % p, product);
            assert_eq!(
                u128::from(s.sub_product(x, y)) % p,
                (u128::from(s) % p + p - product) % p
            );
        }
    }

    /// Constants of the 12-term dot product: the largest ones, so that
    /// the 128-bit sums overflow (up to 11 times) on large inputs.
    const DOT12: [u64; 12] = [
        MODULUS - 1,
        MODULUS - 2,
        1 << 63,
        MODULUS - 1,
        u32::MAX as u64,
        MODULUS - 1,
        MODULUS - (1 << 32),
        MODULUS - 1,
        25,
        MODULUS - 1,
        MODULUS - 3,
        MODULUS - 1,
    ];

    /// The accumulating operations: `add_product` on every cell (with the
    /// next two cells) and a 12-term dot product into cell 0.
    struct Accumulations;

    impl LaneKernel<12> for Accumulations {
        fn apply<L: GoldilocksLanes>(&self, s: &mut [L; 12]) {
            let x = *s;
            for i in 1..12 {
                s[i] = x[i].add_product(x[(i + 1) % 12], x[(i + 2) % 12]);
            }
            s[0] = L::dot_constants(&x, &DOT12);
        }
    }

    /// Rounds of `x ← M · (x + c)^7` as `lanes::x7_matrix_rounds` runs them,
    /// by a kernel given the matrix's columns; `false` where it does not
    /// run.
    type X7MatrixRounds = fn(&mut [u64; 12], &[[u64; 12]], &[[u64; 16]; 12]) -> bool;

    /// `run` equals the rounds' definition in `u128` arithmetic (constants,
    /// `x^7`, the matrix product), for one to four rounds with the largest
    /// constants, on edge and random states, with small matrices, one at
    /// the row-sum bound and one with an entry at the entry bound. `false`
    /// when `run` does not run here.
    fn x7_matrix_rounds_equal_definition_on(run: X7MatrixRounds) -> bool {
        use crate::lanes::SmallMatrix12;
        let p = u128::from(MODULUS);
        let rows: [[u64; 12]; 12] = core::array::from_fn(|r| {
            core::array::from_fn(|c| ((r * 7 + c * 13) % 23) as u64 + (r == c) as u64 * 8)
        });
        let mut big = rows;
        big[5] = [(1 << 20) / 12; 12];
        let mut largest_entry = rows;
        largest_entry[9] = [1; 12];
        largest_entry[9][3] = (1 << 19) - 1;
        let mut rng = Rng(81);
        let constants: Vec<[u64; 12]> = (0..4)
            .map(|k| {
                core::array::from_fn(|_| {
                    if k == 0 {
                        MODULUS - 1
                    } else {
                        rng.next() % MODULUS
                    }
                })
            })
            .collect();
        for rows in [rows, big, largest_entry] {
            let matrix = SmallMatrix12::new(&rows);
            for state in states(82, cases(20_000)) {
                for n in 1..=4 {
                    let mut want = state.map(|x| u128::from(x) % p);
                    for c in &constants[..n] {
                        let x: Vec<u128> = want
                            .iter()
                            .zip(c)
                            .map(|(&x, &c)| {
                                let y = (x + u128::from(c)) % p;
                                (0..6).fold(y, |acc, _| acc * y % p)
                            })
                            .collect();
                        want = core::array::from_fn(|r| {
                            (0..12).map(|k| u128::from(rows[r][k]) * x[k]).sum::<u128>() % p
                        });
                    }
                    let mut got = state;
                    if !run(&mut got, &constants[..n], &matrix.columns) {
                        assert_eq!(got, state);
                        return false;
                    }
                    assert_eq!(
                        canon(got),
                        want.map(|x| x as u64),
                        "{n} rounds on {state:?}"
                    );
                }
            }
        }
        true
    }

    /// The dispatched rounds (IFMA limbs, else AVX-512, else none).
    #[test]
    fn x7_matrix_rounds_equal_definition() {
        if !x7_matrix_rounds_equal_definition_on(crate::arch::x7_matrix_rounds) {
            std::eprintln!("x7_matrix_rounds does not run here: skipped");
        }
    }

    /// The AVX-512 rounds, which CPUs with IFMA do not dispatch to.
    #[cfg(all(target_arch = "x86_64", not(algebraic_hash_force_scalar)))]
    #[test]
    fn x7_matrix_rounds_on_avx512_equal_definition() {
        let ran = x7_matrix_rounds_equal_definition_on(|state, constants, columns| {
            if !crate::arch::avx512_available() {
                return false;
            }
            // SAFETY: AVX-512F, AVX-512VL, AVX2 and BMI2 detected.
            unsafe { crate::arch::x86_64_avx512::x7_matrix_rounds(state, constants, columns) };
            true
        });
        assert!(
            ran || std::env::var_os("ALGEBRAIC_HASH_REQUIRE_AVX512").is_none(),
            "ALGEBRAIC_HASH_REQUIRE_AVX512 is set but the AVX-512 rounds did not run"
        );
    }

    /// Rescue's one-state permutation with its S-boxes on IFMA limbs: the
    /// S-boxes and every instance's permutation equal the scalar ones, on
    /// edge-value and random states.
    #[cfg(all(target_arch = "x86_64", not(algebraic_hash_force_scalar)))]
    #[test]
    fn ifma_sboxes_permutation_equals_scalar() {
        let ran = crate::arch::ifma_available();
        algebraic_hash_testkit::require_lanes_where_listed(ran);
        if !ran {
            return;
        }
        // SAFETY: AVX-512F, AVX-512VL, AVX-512 IFMA, AVX2 and BMI2 detected.
        single_state_sboxes(36, |s, inverse| unsafe {
            crate::arch::x86_64_ifma_sboxes::sboxes(s, inverse)
        });
        for_each_instance!(ifma_sboxes_permutation_for, 37);
    }

    #[cfg(all(target_arch = "x86_64", not(algebraic_hash_force_scalar)))]
    fn ifma_sboxes_permutation_for<I: Instance>(seed: u64, rounds: Range<usize>) {
        for state in states(seed, cases(100_000)) {
            let mut want = state;
            permute_scalar::<I>(&mut want, rounds.clone());
            let mut got = state;
            // SAFETY: IFMA and the rest detected by the caller.
            unsafe { crate::arch::x86_64_ifma_sboxes::permute::<I>(&mut got, rounds.clone()) };
            assert_eq!(canon(got), canon(want), "on {state:?}");
        }
    }

    /// The IFMA rounds.
    #[cfg(all(target_arch = "x86_64", not(algebraic_hash_force_scalar)))]
    #[test]
    fn x7_matrix_rounds_on_ifma_equal_definition() {
        let ran = x7_matrix_rounds_equal_definition_on(|state, constants, columns| {
            if !crate::arch::ifma_available() {
                return false;
            }
            // SAFETY: AVX-512F, AVX-512VL, AVX-512 IFMA, AVX2 and BMI2 detected.
            unsafe { crate::arch::x86_64_ifma_full::x7_matrix_rounds(state, constants, columns) };
            true
        });
        algebraic_hash_testkit::require_lanes_where_listed(ran);
    }

    /// `lanes::sparse_x7_rounds` (where it runs: AVX-512) equals its
    /// definition in `u128` arithmetic, for 1 to 5 rounds with edge-value
    /// and random constants, on edge and random states.
    #[test]
    fn sparse_x7_rounds_equal_definition() {
        use crate::lanes::{SparseRound12, sparse_x7_rounds};
        let p = u128::from(MODULUS);
        let mut rng = Rng(83);
        let mut constant = |k: usize, i: usize| match (k + i) % 4 {
            0 => MODULUS - 1,
            _ => rng.next() % MODULUS,
        };
        let rounds: Vec<([u64; 11], u64, [u64; 11], u64)> = (0..5)
            .map(|k| {
                let w: [u64; 11] = core::array::from_fn(|i| constant(k, i));
                let v: [u64; 11] = core::array::from_fn(|i| constant(k + 1, i));
                (w, 25 + k as u64, v, constant(k, 7))
            })
            .collect();
        let packed: Vec<SparseRound12> = rounds
            .iter()
            .map(|(w, m, v, c)| SparseRound12::new(*c, w, *m, v))
            .collect();
        for state in states(84, cases(20_000)) {
            for n in 1..=5 {
                let mut want = state.map(|x| u128::from(x) % p);
                for (w, m, v, c) in &rounds[..n] {
                    let s = ((0..6).fold(want[0], |acc, _| acc * want[0] % p) + u128::from(*c)) % p;
                    let d = (0..11)
                        .map(|i| u128::from(w[i]) * want[i + 1] % p)
                        .sum::<u128>()
                        + u128::from(*m) * s;
                    for i in 0..11 {
                        want[i + 1] = (want[i + 1] + u128::from(v[i]) * s) % p;
                    }
                    want[0] = d % p;
                }
                let mut got = state;
                if !sparse_x7_rounds(&mut got, &packed[..n]) {
                    assert_eq!(got, state);
                    std::eprintln!("sparse_x7_rounds does not run here: skipped");
                    return;
                }
                assert_eq!(
                    canon(got),
                    want.map(|x| x as u64),
                    "{n} rounds on {state:?}"
                );
            }
        }
    }

    /// `lanes::linear_partial_rounds` (where it runs: AVX-512 IFMA) equals
    /// the forms evaluated one product at a time
    /// (`LinearPartialRounds12::apply_by_definition`), for 1 to 24 rounds of
    /// forms with random and edge coefficients, on edge and random states
    /// (raw values, non-canonical ones among them).
    #[test]
    fn linear_partial_rounds_equal_definition() {
        use crate::lanes::{LinearPartialRounds12, linear_partial_rounds};
        let mut rng = Rng(91);
        let mut ran = false;
        for n in [1, 2, 3, 4, 7, 8, 9, 12, 13, 16, 17, 22, 24] {
            let mut coefficient = || match rng.next() % 5 {
                0 => MODULUS - 1,
                1 => 0,
                _ => rng.canonical(),
            };
            let mut alpha = std::vec![[0u64; 12]; n];
            alpha[0][0] = 1;
            for row in &mut alpha[1..] {
                *row = core::array::from_fn(|_| coefficient());
            }
            let gamma: Vec<u64> = (0..n).map(|_| coefficient()).collect();
            let mut beta: Vec<u64> = (1..n).map(|_| coefficient()).collect();
            for (k, b) in beta.iter_mut().take(2).enumerate() {
                *b = [(1 << 16) - 1, 25][k] - (*b % 2);
            }
            let a: [[u64; 12]; 12] =
                core::array::from_fn(|_| core::array::from_fn(|_| coefficient()));
            let out: Vec<[u64; 12]> = (0..n)
                .map(|_| core::array::from_fn(|_| coefficient()))
                .collect();
            let c: [u64; 12] = core::array::from_fn(|_| coefficient());
            let plan = LinearPartialRounds12::new(&alpha, &gamma, &beta, &a, &out, &c);
            for state in states(92 + n as u64, cases(2_000)) {
                let mut want = state;
                plan.apply_by_definition(&mut want);
                let mut got = state;
                if !linear_partial_rounds(&mut got, &plan) {
                    assert_eq!(got, state);
                    algebraic_hash_testkit::require_lanes_where_listed(cfg!(
                        algebraic_hash_force_scalar
                    ));
                    std::eprintln!("linear_partial_rounds does not run here: skipped");
                    return;
                }
                ran = true;
                assert_eq!(canon(got), canon(want), "{n} rounds on {state:?}");
            }
        }
        assert!(ran);
    }

    /// `x^7` on the whole state.
    struct Exp7State;

    impl LaneKernel<12> for Exp7State {
        fn apply<L: GoldilocksLanes>(&self, s: &mut [L; 12]) {
            L::exp7_state(s);
        }
    }

    /// `exp7_state` on every backend this CPU runs (on scalars: the
    /// single-state vector layout) equals `x^7` in `u128` arithmetic, at
    /// batch sizes 1..=9.
    #[test]
    fn exp7_state_equals_definition() {
        let p = u128::from(MODULUS);
        let all = states(80, cases(20_000));
        let want: Vec<RawState> = all
            .iter()
            .map(|x| {
                x.map(|v| {
                    let v = u128::from(v) % p;
                    (0..6).fold(v, |acc, _| acc * v % p) as u64
                })
            })
            .collect();
        field_results_equal(&Exp7State, &all, &want, 9);
    }

    /// `kernel` on every backend this CPU runs, at every batch size
    /// `1..=max_size`, gives `want` (field results, compared canonically).
    fn field_results_equal<K: LaneKernel<12>>(
        kernel: &K,
        all: &[RawState],
        want: &[RawState],
        max_size: usize,
    ) {
        let mut ran = 0;
        for backend in LaneBackend::ALL {
            if !apply_many_with(backend, kernel, &mut []) {
                continue;
            }
            ran += 1;
            for size in 1..=max_size {
                let mut got = all.to_vec();
                for chunk in got.chunks_mut(size) {
                    assert!(apply_many_with(backend, kernel, chunk));
                }
                for (k, (g, w)) in got.iter().zip(want).enumerate() {
                    assert_eq!(
                        g.map(raw::canonical),
                        *w,
                        "{backend:?} size {size} state {k}: {:?}",
                        all[k]
                    );
                }
            }
        }
        assert!(ran >= 1);
    }

    /// `add_product` and `dot_constants` of 12 terms on every backend this
    /// CPU runs equal their definitions in `u128` arithmetic, at batch
    /// sizes 1..=17.
    #[test]
    fn accumulations_equal_definitions() {
        let p = u128::from(MODULUS);
        let all = states(79, cases(20_000));
        let want: Vec<RawState> = all
            .iter()
            .map(|x| {
                let a = |i: usize| u128::from(x[i % 12]) % p;
                core::array::from_fn(|i| match i {
                    0 => {
                        ((0..12)
                            .map(|k| a(k) * u128::from(DOT12[k]) % p)
                            .sum::<u128>()
                            % p) as u64
                    }
                    _ => ((a(i) + a(i + 1) * a(i + 2)) % p) as u64,
                })
            })
            .collect();
        field_results_equal(&Accumulations, &all, &want, 17);
    }

    /// `Σ x[i..]` in cell `i`.
    struct Sums;

    impl LaneKernel<12> for Sums {
        fn apply<L: GoldilocksLanes>(&self, s: &mut [L; 12]) {
            let x = *s;
            for (i, cell) in s.iter_mut().enumerate() {
                *cell = L::sum_from(&x, i);
            }
        }
    }

    /// Cell `i`: 35 cells from `i` on (cyclically) summed as wide values
    /// ([`GoldilocksLanes::wide_add`]) and reduced once (`narrow`): as many
    /// terms as an output of Poseidon2's width-16 external layer.
    struct WideSums;

    const WIDE_TERMS: usize = 35;

    impl LaneKernel<12> for WideSums {
        fn apply<L: GoldilocksLanes>(&self, s: &mut [L; 12]) {
            let x = *s;
            for (i, cell) in s.iter_mut().enumerate() {
                let mut wide = x[i].widen();
                for k in 1..WIDE_TERMS {
                    wide = L::wide_add(wide, x[(i + k) % 12].widen());
                }
                *cell = L::narrow(wide);
            }
        }
    }

    /// The wide sums (`widen`, `wide_add`, `narrow`) on every backend
    /// (the `u64` override and the packed backends' defaults) equal the
    /// sum in `u128` arithmetic (edge and random states; every batch size
    /// 1..=19).
    #[test]
    fn wide_sums_equal_definitions() {
        let p = u128::from(MODULUS);
        let all = states(83, cases(5_000));
        let want: Vec<RawState> = all
            .iter()
            .map(|x| {
                core::array::from_fn(|i| {
                    let sum: u128 = (0..WIDE_TERMS).map(|k| u128::from(x[(i + k) % 12])).sum();
                    (sum % p) as u64
                })
            })
            .collect();
        field_results_equal(&WideSums, &all, &want, 19);
    }

    /// `sum_from` on every backend equals the sum in `u128` arithmetic
    /// (edge and random states; batch sizes 1, 4, 5, 8 and 13).
    #[test]
    fn sums_equal_definitions() {
        let p = u128::from(MODULUS);
        let all = states(79, cases(5_000));
        let want: Vec<RawState> = all
            .iter()
            .map(|x| {
                core::array::from_fn(|i| {
                    (x[i..].iter().map(|&v| u128::from(v)).sum::<u128>() % p) as u64
                })
            })
            .collect();
        for backend in LaneBackend::ALL {
            if !apply_many_with(backend, &Sums, &mut []) {
                continue;
            }
            for size in [1, 4, 5, 8, 13] {
                let mut got = all.clone();
                for chunk in got.chunks_mut(size) {
                    assert!(apply_many_with(backend, &Sums, chunk));
                }
                for (j, (g, w)) in got.iter().zip(&want).enumerate() {
                    assert_eq!(
                        g.map(raw::canonical),
                        *w,
                        "{backend:?} size {size} state {j}: {:?}",
                        all[j]
                    );
                }
            }
        }
    }

    /// Cell `i` becomes `x_i + 2 · x_(i+1 mod W) + i` as a 64-bit integer
    /// (wrapping: any word, canonical or not), or stays as it is: a kernel
    /// under which a cell or a state moved by the transpositions shows.
    struct Shifted {
        mix: bool,
    }

    impl<const W: usize> LaneKernel<W> for Shifted {
        fn apply<L: GoldilocksLanes>(&self, s: &mut [L; W]) {
            if !self.mix {
                return;
            }
            let x = *s;
            for (i, cell) in s.iter_mut().enumerate() {
                *cell = x[i]
                    .wrapping_add(x[(i + 1) % W].shl::<1>())
                    .wrapping_add(L::splat(i as u64));
            }
        }
    }

    impl Shifted {
        /// The kernel on one state in plain integer arithmetic.
        fn expected<const W: usize>(&self, x: &[u64; W], output: Output) -> [u64; W] {
            let mut y = *x;
            if self.mix {
                y = core::array::from_fn(|i| {
                    x[i].wrapping_add(x[(i + 1) % W] << 1)
                        .wrapping_add(i as u64)
                });
            }
            if output == Output::Canonical {
                y = y.map(raw::canonical);
            }
            y
        }
    }

    /// States of `W` words: the edge words in every cell and lane
    /// position (state `k`, cell `i`: edge `k + 3i`), then random words
    /// (a quarter of them edges).
    fn words<const W: usize>(seed: u64, random: usize) -> Vec<[u64; W]> {
        let mut rng = Rng(seed);
        let mut all: Vec<[u64; W]> = (0..2 * EDGES.len())
            .map(|k| core::array::from_fn(|i| EDGES[(k + 3 * i) % EDGES.len()]))
            .collect();
        all.extend((0..random).map(|_| core::array::from_fn(|_| rng.value())));
        all
    }

    /// The moves of states into and out of lanes (the 8 × 8 and 4 × 4
    /// transpositions on AVX-512 and AVX2, their masked last blocks of
    /// cells, the padded last group of states) and the canonical forms
    /// made in lanes equal plain scalar code: every backend this CPU
    /// runs, widths 7, 8, 12, 13 and 16 (every remainder of cells on 8 and
    /// 4 lanes), every batch size 1..=33, raw and canonical output, edge
    /// words (0, p − 1, p, 2^64 − 1, …) and non-canonical results.
    #[test]
    fn transpositions_and_canonical_forms_equal_scalar() {
        transpositions_for::<7>();
        transpositions_for::<8>();
        transpositions_for::<12>();
        transpositions_for::<13>();
        transpositions_for::<16>();
    }

    fn transpositions_for<const W: usize>() {
        let all = words::<W>(81 + W as u64, cases(300));
        let mut ran = 0;
        for backend in LaneBackend::ALL {
            if !backend.available() {
                continue;
            }
            ran += 1;
            for kernel in [Shifted { mix: false }, Shifted { mix: true }] {
                for output in [Output::Raw, Output::Canonical] {
                    let want: Vec<[u64; W]> =
                        all.iter().map(|x| kernel.expected(x, output)).collect();
                    for size in 1..=33 {
                        let mut got = all.clone();
                        for chunk in got.chunks_mut(size) {
                            run_kernel(backend, &kernel, chunk, output);
                        }
                        for (k, (g, w)) in got.iter().zip(&want).enumerate() {
                            assert_eq!(
                                g, w,
                                "{backend:?} W {W} mix {} {output:?} size {size} state {k}: {:?}",
                                kernel.mix, all[k]
                            );
                        }
                    }
                }
            }
        }
        assert!(ran >= 2 || !cfg!(target_arch = "x86_64"));
    }

    /// `lanes::apply_many_felts` (the states' words read and written in
    /// place, canonical out) equals the scalar kernel and canonical forms,
    /// at every batch size 1..=33.
    #[test]
    fn felt_batches_equal_scalar() {
        use crate::field::Felt;
        let kernel = Shifted { mix: true };
        let all: Vec<[Felt; 13]> = words::<13>(90, cases(300))
            .iter()
            .map(|x| x.map(Felt::from_u64_reduced))
            .collect();
        let want: Vec<[Felt; 13]> = all
            .iter()
            .map(|x| {
                kernel
                    .expected(&x.map(Felt::to_u64), Output::Canonical)
                    .map(|v| Felt::from_canonical(v).unwrap())
            })
            .collect();
        for size in 1..=33 {
            let mut got = all.clone();
            for chunk in got.chunks_mut(size) {
                crate::lanes::apply_many_felts(&kernel, chunk);
            }
            assert_eq!(got, want, "size {size}");
        }
    }

    #[test]
    fn operations_equal_definitions_at_every_batch_size() {
        let all = states(77, cases(20_000));
        let want: Vec<RawState> = all.iter().map(expected).collect();
        for backend in LaneBackend::ALL {
            if !apply_many_with(backend, &Ops, &mut []) {
                // Not on this CPU; AVX2 runs wherever AVX-512 does, and CI
                // sets ALGEBRAIC_HASH_REQUIRE_AVX512=1 where the CPU lists
                // AVX-512 (every such CPU but the Xeon Phi has DQ too).
                #[cfg(target_arch = "x86_64")]
                assert!(backend != LaneBackend::Avx2 || !super::super::avx512_available());
                // NEON is part of the aarch64 target: with `neon-lanes` its
                // lanes always run.
                assert!(
                    backend != LaneBackend::Neon
                        || !cfg!(all(target_arch = "aarch64", feature = "neon-lanes")),
                    "the NEON lanes do not run with neon-lanes on aarch64"
                );
                // The variable speaks of the host: an aarch64 run under qemu
                // inherits it.
                assert!(
                    backend != LaneBackend::Avx512
                        || !cfg!(target_arch = "x86_64")
                        || std::env::var_os("ALGEBRAIC_HASH_REQUIRE_AVX512").is_none(),
                    "ALGEBRAIC_HASH_REQUIRE_AVX512 is set but the AVX-512 lanes do not run"
                );
                std::eprintln!("{backend:?} lanes not on this CPU: skipped");
                continue;
            }
            for size in 1..=33 {
                let mut got = all.clone();
                for chunk in got.chunks_mut(size) {
                    assert!(apply_many_with(backend, &Ops, chunk));
                }
                for (k, (g, w)) in got.iter().zip(&want).enumerate() {
                    assert_eq!(
                        normalized(*g),
                        normalized(*w),
                        "{backend:?} size {size} state {k}: {:?}",
                        all[k]
                    );
                }
            }
        }
    }
}
