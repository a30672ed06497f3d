//! Kernel measurements behind the AVX2 batch layout: they print figures
//! (the permutations are Rp64_256's). Not part of the API; the `kernels`
//! bench runs them:
//!
//! ```sh
//! cargo bench -p algebraic-hash-rescue --features kernel-measure --bench kernels
//! ```
//!
//! Times are `rdtsc` ticks, the minimum over many short trials taken in
//! turn (the minimum is what a preempted, shared machine disturbs least).

extern crate std;
use std::println;

use core::arch::x86_64::{__rdtscp, _mm256_set1_epi64x};

use super::batch::{BatchLane, Scalars};
use super::x86_64_avx2::{
    Mixed, MixedLanes, PackedGoldilocksAvx2, permute, permute_group_avx2, permute_interleaved_avx2,
};
use crate::constants::{NUM_ROUNDS, Rp64};
use crate::permutation::{Lane, RawState};

fn available() -> bool {
    std::is_x86_feature_detected!("avx2") && std::is_x86_feature_detected!("bmi2")
}

fn ticks() -> u64 {
    let mut aux = 0;
    // SAFETY: `rdtscp` reads the time-stamp counter; every x86_64 CPU this
    // crate's AVX2 code runs on has it.
    unsafe { __rdtscp(&mut aux) }
}

/// `steps` rounds of `N` independent vector squares beside `S` independent
/// scalar squares.
#[target_feature(enable = "avx2,bmi2")]
unsafe fn squares<const N: usize, const S: usize>(steps: usize, seed: u64) -> u64 {
    let mut v: [PackedGoldilocksAvx2; N] = core::array::from_fn(|i| {
        <PackedGoldilocksAvx2 as super::x86_64_avx2::Ymm>::from_ymm(_mm256_set1_epi64x(
            (seed + i as u64) as i64,
        ))
    });
    let mut s: [u64; S] = core::array::from_fn(|i| seed ^ (i as u64) << 40);
    for _ in 0..steps {
        for x in v.iter_mut() {
            *x = x.square();
        }
        for x in s.iter_mut() {
            *x = super::scalar_mul(*x, *x);
        }
    }
    let mut acc = 0;
    for x in v {
        let mut lanes = [0u64; 4];
        // SAFETY: 32-byte unaligned store into a 32-byte array; AVX2 is
        // enabled for this function.
        unsafe {
            core::arch::x86_64::_mm256_storeu_si256(
                lanes.as_mut_ptr().cast(),
                <PackedGoldilocksAvx2 as super::x86_64_avx2::Ymm>::ymm(x),
            )
        };
        acc ^= lanes[0];
    }
    s.iter().fold(acc, |a, &x| a ^ x)
}

/// The independent squares kernel: prints ticks per product for `N` vector
/// squares (4 products each) beside `S` scalar ones in flight. Prints a
/// line and returns on a CPU without AVX2 and BMI2.
pub fn square_kernel() {
    if !available() {
        println!("square kernel: this CPU lacks AVX2 or BMI2");
        return;
    }
    type K = unsafe fn(usize, u64) -> u64;
    let kernels: [(&str, usize, K); 14] = [
        ("vec 1 (latency)", 4, squares::<1, 0>),
        ("vec 2", 8, squares::<2, 0>),
        ("vec 4", 16, squares::<4, 0>),
        ("vec 6", 24, squares::<6, 0>),
        ("vec 8", 32, squares::<8, 0>),
        ("vec 12", 48, squares::<12, 0>),
        ("scalar 1 (latency)", 1, squares::<0, 1>),
        ("scalar 6", 6, squares::<0, 6>),
        ("scalar 12", 12, squares::<0, 12>),
        ("vec 2 + scalar 4", 12, squares::<2, 4>),
        ("vec 4 + scalar 4", 20, squares::<4, 4>),
        ("vec 4 + scalar 8", 24, squares::<4, 8>),
        ("vec 4 + scalar 12", 28, squares::<4, 12>),
        ("vec 8 + scalar 6", 38, squares::<8, 6>),
    ];
    let steps = 4000;
    let mut best = [u64::MAX; 14];
    let mut sink = 0;
    for trial in 0..400 {
        for (k, &(_, _, f)) in kernels.iter().enumerate() {
            let t = ticks();
            // SAFETY: AVX2 and BMI2 detected above.
            sink ^= unsafe { f(steps, trial) };
            best[k] = best[k].min(ticks() - t);
        }
    }
    for (k, &(name, products, _)) in kernels.iter().enumerate() {
        println!(
            "{name:20}: {:6.2} ticks per step, {:5.2} ticks per product",
            best[k] as f64 / steps as f64,
            best[k] as f64 / (steps * products) as f64
        );
    }
    println!("(sink {sink:x})");
}

fn group<L: BatchLane>(states: &mut [RawState]) -> usize {
    let mut done = 0;
    for chunk in states.chunks_exact_mut(L::STATES) {
        // SAFETY: AVX2 and BMI2 detected by the caller; the chunk has
        // `L::STATES` states.
        unsafe { permute_group_avx2::<Rp64, L>(chunk, 0..NUM_ROUNDS) };
        done += L::STATES;
    }
    done
}

fn interleaved<L: MixedLanes>(states: &mut [RawState]) -> usize {
    let mut done = 0;
    for chunk in states.chunks_exact_mut(L::STATES) {
        // SAFETY: AVX2 and BMI2 detected by the caller; the chunk has
        // `L::STATES` states.
        unsafe { permute_interleaved_avx2::<Rp64, L>(chunk, 0..NUM_ROUNDS) };
        done += L::STATES;
    }
    done
}

fn single(states: &mut [RawState]) -> usize {
    for s in states.iter_mut() {
        // SAFETY: AVX2 and BMI2 detected by the caller.
        unsafe { permute::<Rp64>(s, 0..NUM_ROUNDS) };
    }
    states.len()
}

/// Whole permutations: prints ticks per state for each batch layout (and
/// the single-state code), 132 states (whole groups only: a remainder is
/// left out). Prints a line and returns on a CPU without AVX2 and BMI2.
pub fn batch_layouts() {
    if !available() {
        println!("batch layouts: this CPU lacks AVX2 or BMI2");
        return;
    }
    type G = fn(&mut [RawState]) -> usize;
    type M = Mixed<PackedGoldilocksAvx2>;
    let layouts: [(&str, G); 14] = [
        ("single state", single),
        ("4 vec", group::<PackedGoldilocksAvx2>),
        (
            "4 vec + 1 scalar",
            group::<(PackedGoldilocksAvx2, Scalars<1>)>,
        ),
        (
            "4 vec + 2 scalar",
            group::<(PackedGoldilocksAvx2, Scalars<2>)>,
        ),
        (
            "4 vec + 4 scalar",
            group::<(PackedGoldilocksAvx2, Scalars<4>)>,
        ),
        (
            "8 vec",
            group::<(PackedGoldilocksAvx2, PackedGoldilocksAvx2)>,
        ),
        (
            "8 vec + 1 scalar",
            group::<((PackedGoldilocksAvx2, PackedGoldilocksAvx2), Scalars<1>)>,
        ),
        (
            "8 vec + 2 scalar",
            group::<((PackedGoldilocksAvx2, PackedGoldilocksAvx2), Scalars<2>)>,
        ),
        (
            "8 vec + 3 scalar",
            group::<((PackedGoldilocksAvx2, PackedGoldilocksAvx2), Scalars<3>)>,
        ),
        (
            "12 vec",
            group::<(
                (PackedGoldilocksAvx2, PackedGoldilocksAvx2),
                PackedGoldilocksAvx2,
            )>,
        ),
        ("2 single layouts", interleaved::<(M, M)>),
        ("3 single layouts", interleaved::<((M, M), M)>),
        ("4 single layouts", interleaved::<((M, M), (M, M))>),
        ("1 single layout", interleaved::<M>),
    ];
    let n = 132;
    let mut states: std::vec::Vec<RawState> = (0..n)
        .map(|k| core::array::from_fn(|i| (k * 12 + i) as u64 * 0x9e37_79b9_7f4a_7c15))
        .collect();
    // Best ticks per state.
    let mut best = [f64::MAX; 14];
    for _ in 0..15 {
        for (k, &(_, f)) in layouts.iter().enumerate() {
            let t = ticks();
            let done = f(&mut states);
            best[k] = best[k].min((ticks() - t) as f64 / done as f64);
        }
    }
    for (k, &(name, _)) in layouts.iter().enumerate() {
        println!(
            "{name:18}: {:8.0} ticks per state ({:.3} of single)",
            best[k],
            best[k] / best[0]
        );
    }
}
