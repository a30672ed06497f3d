//! Architecture-specific backends and the choice between them.
//!
//! - `x86_64_avx2`: AVX2, four lanes of 64 bits, beside scalar cells that
//!   use BMI2. Compiled on every x86_64 build; used directly when the build
//!   enables both (`-C target-feature=+avx2,+bmi2`, `-C target-cpu=native`
//!   or `x86-64-v3`), otherwise after a run-time check
//!   (`is_x86_feature_detected!`, which caches its answer; needs `std` —
//!   without it such builds stay scalar).
//! - `x86_64_avx512`: AVX-512F, eight lanes of 64 bits, for batches
//!   (`permute_many` and what is built on it: eight states side by side),
//!   and AVX-512VL for single permutations (the AVX2 layout of two 256-bit
//!   registers beside four scalars, with mask compares for the carries);
//!   needs AVX-512F, AVX-512VL, AVX2 and BMI2, chosen the same way
//!   (compiled in with `+avx512f,+avx512vl` or a `target-cpu` that has
//!   them, or detected at run time).
//! - `x86_64_ifma_sboxes`: where the CPU also has AVX-512 IFMA, single
//!   permutations take that layout with their S-boxes on 52-bit
//!   multiply-adds (`x86_64_ifma_limbs`), whose products are shorter
//!   chains (the inverse S-box is 72 products deep).
//! - `aarch64_neon`: NEON, two lanes of 64 bits; NEON is part of every
//!   aarch64 Linux/macOS target.
//! - `batch`: the rounds of a batch of states held transposed, generic
//!   over the lane type (AVX-512 and NEON registers, AVX2 registers beside
//!   states on the scalar units).
//! - `x86_64_scalar`: the scalar reduction's carry fix-ups in assembly, and
//!   the scalar permutation compiled with BMI2 for CPUs that have it
//!   (detected like AVX2); used whenever the permutation runs on scalars.
//! - `--cfg algebraic_hash_force_scalar` compiles no SIMD backend and always
//!   uses the scalar code (with BMI2 where the CPU has it).
//!
//! - [`apply_many`] (re-exported by [`crate::lanes`]): the AVX-512 and AVX2
//!   register types above as [`GoldilocksLanes`](crate::lanes::GoldilocksLanes) for kernels of other
//!   permutations, with the same CPU checks; the NEON one too with the
//!   `neon-lanes` feature (opt-in: only run under qemu so far).
//!
//! All `unsafe` of the crate lives in this module.
#![allow(unsafe_code)]

use core::ops::Range;

use crate::field::Felt;
use crate::lanes::LaneKernel;
use crate::permutation::{Instance, Lane, RawState, permute_scalar};

#[cfg(all(
    not(algebraic_hash_force_scalar),
    any(
        target_arch = "x86_64",
        all(target_arch = "aarch64", target_feature = "neon")
    )
))]
pub(crate) mod batch;

#[cfg(all(target_arch = "x86_64", not(algebraic_hash_force_scalar)))]
pub(crate) mod pair;

#[cfg(all(target_arch = "x86_64", not(algebraic_hash_force_scalar)))]
pub(crate) mod x86_64_avx2;

#[cfg(all(target_arch = "x86_64", not(algebraic_hash_force_scalar)))]
pub(crate) mod x86_64_avx512;

#[cfg(all(target_arch = "x86_64", not(miri)))]
pub(crate) mod x86_64_scalar;

#[cfg(all(target_arch = "x86_64", not(algebraic_hash_force_scalar)))]
pub(crate) mod x86_64_ifma_partial;

#[cfg(all(target_arch = "x86_64", not(algebraic_hash_force_scalar)))]
pub mod x86_64_ifma_limbs;

#[cfg(all(target_arch = "x86_64", not(algebraic_hash_force_scalar)))]
pub(crate) mod x86_64_ifma_full;

#[cfg(all(target_arch = "x86_64", not(algebraic_hash_force_scalar)))]
pub(crate) mod x86_64_ifma_sboxes;

/// `a · b mod p` (raw) for the scalar permutation: the x86_64 assembly
/// fix-ups where they exist, else `raw::mul`.
#[inline(always)]
pub(crate) fn scalar_mul(a: u64, b: u64) -> u64 {
    #[cfg(all(target_arch = "x86_64", not(miri)))]
    return x86_64_scalar::mul(a, b);
    #[allow(unreachable_code)]
    crate::field::raw::mul(a, b)
}

/// `a · b mod p` (raw) with the shortest dependency chain on the scalar
/// units (for products on a chain of latencies): the x86_64 assembly where
/// it exists, else `raw::mul`.
#[inline(always)]
pub(crate) fn scalar_mul_short_chain(a: u64, b: u64) -> u64 {
    #[cfg(all(target_arch = "x86_64", not(miri)))]
    return x86_64_scalar::mul_short_chain(a, b);
    #[allow(unreachable_code)]
    crate::field::raw::mul(a, b)
}

/// `x^7 mod p` (raw) on the scalar units, as `x^3 · x^4`, each product
/// reduced by the shortest chain: for S-boxes on a chain of latencies (the
/// IFMA kernels').
#[cfg(all(target_arch = "x86_64", not(algebraic_hash_force_scalar)))]
#[inline(always)]
pub(crate) fn scalar_pow7_short_chain(x: u64) -> u64 {
    let (x3, x4) = scalar_pow3_pow4_short_chain(x);
    scalar_mul_short_chain(x3, x4)
}

/// `x^3` and `x^4 mod p` (raw) on the scalar units, each product reduced
/// by the shortest chain: the factors of [`scalar_pow7_short_chain`], for
/// a caller that reads their product before it is reduced.
#[cfg(all(target_arch = "x86_64", not(algebraic_hash_force_scalar)))]
#[inline(always)]
pub(crate) fn scalar_pow3_pow4_short_chain(x: u64) -> (u64, u64) {
    let x2 = scalar_mul_short_chain(x, x);
    (
        scalar_mul_short_chain(x2, x),
        scalar_mul_short_chain(x2, x2),
    )
}

/// `c − a · b mod p` (raw) for any `c`, the product's reduction merged into
/// the subtraction on the scalar units: the x86_64 assembly where it
/// exists, else a product and a subtraction.
#[inline(always)]
pub(crate) fn scalar_sub_product(c: u64, a: u64, b: u64) -> u64 {
    #[cfg(all(target_arch = "x86_64", not(miri)))]
    return x86_64_scalar::sub_product(c, a, b);
    #[allow(unreachable_code)]
    scalar_sub(c, scalar_mul(a, b))
}

/// `a - b mod p` (raw) for `b < p` on the scalar units: the x86_64
/// assembly fix-up where it exists, else `scalar_sub`.
#[inline(always)]
pub(crate) fn scalar_sub_canonical(a: u64, b: u64) -> u64 {
    #[cfg(all(target_arch = "x86_64", not(miri)))]
    return x86_64_scalar::sub_canonical(a, b);
    #[allow(unreachable_code)]
    scalar_sub(a, b)
}

/// `s + a - b mod p` (raw) for `a, b < p` on the scalar units: the x86_64
/// assembly (both fix-ups' masks at the end) where it exists, else an
/// addition and a subtraction.
#[inline(always)]
pub(crate) fn scalar_add_sub_canonical(s: u64, a: u64, b: u64) -> u64 {
    #[cfg(all(target_arch = "x86_64", not(miri)))]
    return x86_64_scalar::add_sub_canonical(s, a, b);
    #[allow(unreachable_code)]
    scalar_sub(scalar_add_canonical(s, a), b)
}

/// `x mod p` (raw) on the scalar units: the x86_64 assembly fix-ups where
/// they exist, else `raw::reduce128`.
#[cfg(all(target_arch = "x86_64", not(algebraic_hash_force_scalar)))]
#[inline(always)]
pub(crate) fn scalar_reduce128(x: u128) -> u64 {
    #[cfg(all(target_arch = "x86_64", not(miri)))]
    return x86_64_scalar::reduce(x);
    #[allow(unreachable_code)]
    crate::field::raw::reduce128(x)
}

/// `x mod p` (raw) on the scalar units with a branch for the rare borrow,
/// for scalar rounds that interleave with no vector code: the x86_64
/// version where it exists (`x86_64_scalar::reduce_branching`), else
/// `raw::reduce128`.
#[inline(always)]
pub(crate) fn scalar_reduce128_branching(x: u128) -> u64 {
    #[cfg(all(target_arch = "x86_64", not(miri)))]
    return x86_64_scalar::reduce_branching(x);
    #[allow(unreachable_code)]
    crate::field::raw::reduce128(x)
}

/// `x mod p` (raw) with the shortest dependency chain on the scalar units
/// (for a reduction on a chain of latencies): the x86_64 assembly where it
/// exists, else `raw::reduce128`.
#[cfg(all(target_arch = "x86_64", not(algebraic_hash_force_scalar)))]
#[inline(always)]
pub(crate) fn scalar_reduce128_short_chain(x: u128) -> u64 {
    #[cfg(all(target_arch = "x86_64", not(miri)))]
    return x86_64_scalar::reduce_short_chain(x);
    #[allow(unreachable_code)]
    crate::field::raw::reduce128(x)
}

/// `x^7` on the twelve cells of one state (raw in, raw out): Rescue's
/// single-state layout (two registers beside four scalars) on AVX-512VL or
/// AVX2 where the CPU has them (known at compile time, or detected), else
/// cell by cell on scalars.
#[inline]
pub(crate) fn exp7_state(state: &mut RawState) {
    #[cfg(all(target_arch = "x86_64", not(algebraic_hash_force_scalar)))]
    if avx512_available() {
        // SAFETY: AVX-512F, AVX-512VL, AVX2 and BMI2 are enabled in this
        // build or were detected on this CPU.
        unsafe { x86_64_avx512::exp7_state(state) };
        return;
    }
    #[cfg(all(target_arch = "x86_64", not(algebraic_hash_force_scalar)))]
    if avx2_available() {
        // SAFETY: AVX2 and BMI2 are enabled in this build or were detected
        // on this CPU.
        unsafe { x86_64_avx2::exp7_state(state) };
        return;
    }
    #[allow(unreachable_code)]
    crate::permutation::sbox(state)
}

/// Rounds of `x ← M · (x + c)^7` on one state on AVX-512 IFMA, else on
/// AVX-512, where the CPU has it (known at compile time, or detected);
/// `false`, with `state` unchanged, elsewhere.
#[inline]
pub(crate) fn x7_matrix_rounds(
    state: &mut RawState,
    constants: &[[u64; 12]],
    columns: &[[u64; 16]; 12],
) -> bool {
    #[cfg(all(target_arch = "x86_64", not(algebraic_hash_force_scalar)))]
    if ifma_available() {
        // SAFETY: AVX-512F, AVX-512VL, AVX-512 IFMA, AVX2 and BMI2 are
        // enabled in this build or were detected on this CPU.
        unsafe { x86_64_ifma_full::x7_matrix_rounds(state, constants, columns) };
        return true;
    }
    #[cfg(all(target_arch = "x86_64", not(algebraic_hash_force_scalar)))]
    if avx512_available() {
        // SAFETY: AVX-512F, AVX-512VL, AVX2 and BMI2 are enabled in this
        // build or were detected on this CPU.
        unsafe { x86_64_avx512::x7_matrix_rounds(state, constants, columns) };
        return true;
    }
    let _ = (state, constants, columns);
    false
}

/// Plonky2's sparse partial rounds on one state with the cell updates on
/// AVX-512 where the CPU has it (known at compile time, or detected);
/// `false`, with `state` unchanged, elsewhere.
#[inline]
pub(crate) fn sparse_x7_rounds(
    state: &mut RawState,
    rounds: &[crate::lanes::SparseRound12],
) -> bool {
    #[cfg(all(target_arch = "x86_64", not(algebraic_hash_force_scalar)))]
    if avx512_available() {
        // SAFETY: AVX-512F, AVX-512VL, AVX2 and BMI2 are enabled in this
        // build or were detected on this CPU.
        unsafe { x86_64_avx512::sparse_x7_rounds(state, rounds) };
        return true;
    }
    let _ = (state, rounds);
    false
}

/// Poseidon's partial rounds as affine forms on one state with AVX-512
/// IFMA where the CPU has it (known at compile time, or detected);
/// `false`, with `state` unchanged, elsewhere.
#[inline]
pub(crate) fn linear_partial_rounds(
    state: &mut RawState,
    plan: &crate::lanes::LinearPartialRounds12,
) -> bool {
    #[cfg(all(target_arch = "x86_64", not(algebraic_hash_force_scalar)))]
    if ifma_available() {
        // SAFETY: AVX-512F, AVX-512VL, AVX-512 IFMA, AVX2 and BMI2 are
        // enabled in this build or were detected on this CPU.
        unsafe { x86_64_ifma_partial::linear_partial_rounds(state, plan) };
        return true;
    }
    let _ = (state, plan);
    false
}

/// `a + b mod p` (raw) for `b < p` on the scalar units: the x86_64
/// assembly fix-up where it exists, else `raw::add_canonical`.
#[inline(always)]
pub(crate) fn scalar_add_canonical(a: u64, b: u64) -> u64 {
    #[cfg(all(target_arch = "x86_64", not(miri)))]
    return x86_64_scalar::add_canonical(a, b);
    #[allow(unreachable_code)]
    crate::field::raw::add_canonical(a, b)
}

/// `a + b mod p` (raw) for any `a`, `b` on the scalar units: the x86_64
/// assembly fix-ups where they exist, else `raw::add`.
#[inline(always)]
pub(crate) fn scalar_add(a: u64, b: u64) -> u64 {
    #[cfg(all(target_arch = "x86_64", not(miri)))]
    return x86_64_scalar::add(a, b);
    #[allow(unreachable_code)]
    crate::field::raw::add(a, b)
}

/// `a - b mod p` (raw) for any `a`, `b` on the scalar units: the x86_64
/// assembly fix-ups where they exist, else the same two borrow fix-ups in
/// portable code.
#[inline(always)]
pub(crate) fn scalar_sub(a: u64, b: u64) -> u64 {
    #[cfg(all(target_arch = "x86_64", not(miri)))]
    return x86_64_scalar::sub(a, b);
    #[allow(unreachable_code)]
    {
        // A borrow added 2^64 ≡ 2^32 - 1: take it away, once more if that
        // borrows too.
        let (d, borrow) = a.overflowing_sub(b);
        let (d, borrow2) = d.overflowing_sub(u64::from(borrow) * 0xffff_ffff);
        d.wrapping_sub(u64::from(borrow2) * 0xffff_ffff)
    }
}

/// One residue on the scalar units, for the scalar permutation.
impl Lane for u64 {
    #[inline(always)]
    fn mul(self, rhs: Self) -> Self {
        scalar_mul(self, rhs)
    }
    #[inline(always)]
    fn square(self) -> Self {
        scalar_mul(self, self)
    }
}

#[cfg(all(
    target_arch = "aarch64",
    target_feature = "neon",
    not(algebraic_hash_force_scalar)
))]
pub(crate) mod aarch64_neon;

/// Kernel measurements behind the AVX2 batch layout (the `kernel-measure`
/// feature; run by `cargo bench -p algebraic-hash-rescue --features
/// kernel-measure --bench kernels`).
#[cfg(all(
    feature = "kernel-measure",
    target_arch = "x86_64",
    not(algebraic_hash_force_scalar)
))]
#[doc(hidden)]
pub mod x86_64_measure;

#[cfg(all(
    test,
    not(algebraic_hash_force_scalar),
    any(
        target_arch = "x86_64",
        all(target_arch = "aarch64", target_feature = "neon")
    )
))]
mod tests;

/// A backend of the permutation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    /// Portable `u64` code.
    Scalar,
    /// x86_64 AVX2.
    Avx2,
    /// x86_64 AVX-512: AVX-512F for batches of states (`permute_many` and
    /// the batch entry points built on it), AVX-512VL on 256-bit registers
    /// for single permutations.
    Avx512,
    /// aarch64 NEON.
    Neon,
}

/// The backend this build uses on this CPU.
#[inline]
pub fn backend() -> Backend {
    #[cfg(all(target_arch = "x86_64", not(algebraic_hash_force_scalar)))]
    if avx512_available() {
        return Backend::Avx512;
    }
    #[cfg(all(target_arch = "x86_64", not(algebraic_hash_force_scalar)))]
    if avx2_available() {
        return Backend::Avx2;
    }
    #[cfg(all(
        target_arch = "aarch64",
        target_feature = "neon",
        not(algebraic_hash_force_scalar)
    ))]
    return Backend::Neon;
    #[allow(unreachable_code)]
    Backend::Scalar
}

/// Whether BMI2 (`mulx`, `shrx`) may be used: known at compile time, or
/// detected.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
pub(crate) fn bmi2_available() -> bool {
    #[cfg(target_feature = "bmi2")]
    return true;
    #[cfg(all(not(target_feature = "bmi2"), feature = "std"))]
    return std::is_x86_feature_detected!("bmi2");
    #[allow(unreachable_code)]
    false
}

/// Whether the AVX2 backend may run (its scalar cells use BMI2, which every
/// AVX2 CPU of Intel and AMD has): known at compile time, or detected.
#[cfg(all(target_arch = "x86_64", not(algebraic_hash_force_scalar)))]
#[inline(always)]
pub(crate) fn avx2_available() -> bool {
    #[cfg(target_feature = "avx2")]
    return bmi2_available();
    #[cfg(all(not(target_feature = "avx2"), feature = "std"))]
    return std::is_x86_feature_detected!("avx2") && bmi2_available();
    #[allow(unreachable_code)]
    false
}

/// Whether the AVX-512 backend may run (AVX-512F and AVX-512VL, every
/// AVX-512 CPU but the Xeon Phi has both; it needs the AVX2 backend too):
/// known at compile time, or detected.
#[cfg(all(target_arch = "x86_64", not(algebraic_hash_force_scalar)))]
#[inline(always)]
pub(crate) fn avx512_available() -> bool {
    #[cfg(all(target_feature = "avx512f", target_feature = "avx512vl"))]
    return avx2_available();
    #[cfg(all(
        not(all(target_feature = "avx512f", target_feature = "avx512vl")),
        feature = "std"
    ))]
    return std::is_x86_feature_detected!("avx512f")
        && std::is_x86_feature_detected!("avx512vl")
        && avx2_available();
    #[allow(unreachable_code)]
    false
}

/// Whether AVX-512 IFMA may be used beside the AVX-512 backend's
/// features: known at compile time, or detected.
#[cfg(all(target_arch = "x86_64", not(algebraic_hash_force_scalar)))]
#[inline(always)]
pub(crate) fn ifma_available() -> bool {
    #[cfg(target_feature = "avx512ifma")]
    return avx512_available();
    #[cfg(all(not(target_feature = "avx512ifma"), feature = "std"))]
    return std::is_x86_feature_detected!("avx512ifma") && avx512_available();
    #[allow(unreachable_code)]
    false
}

/// Rounds `rounds` of instance `I` on the scalar path; on x86_64 CPUs with
/// BMI2 (detected once, or known at compile time) the same code compiled
/// with it. Not SIMD: builds with `--cfg algebraic_hash_force_scalar` use
/// it too.
#[inline]
pub(crate) fn permute_scalar_fast<I: Instance>(state: &mut RawState, rounds: Range<usize>) {
    #[cfg(all(target_arch = "x86_64", not(miri)))]
    if bmi2_available() {
        // SAFETY: BMI2 is enabled in this build or was detected on this CPU.
        unsafe { x86_64_scalar::permute_bmi2::<I>(state, rounds) };
        return;
    }
    #[allow(unreachable_code)]
    permute_scalar::<I>(state, rounds)
}

/// Rounds `rounds` of instance `I` (all of them: `0..NUM_ROUNDS`) on the
/// best backend; output raw (non-canonical).
#[inline]
pub(crate) fn permute_raw<I: Instance>(state: &mut RawState, rounds: Range<usize>) {
    #[cfg(all(target_arch = "x86_64", not(algebraic_hash_force_scalar)))]
    if ifma_available() {
        // SAFETY: AVX-512F, AVX-512VL, AVX-512 IFMA, AVX2 and BMI2 are
        // enabled in this build or were detected on this CPU.
        unsafe { x86_64_ifma_sboxes::permute::<I>(state, rounds) };
        return;
    }
    #[cfg(all(target_arch = "x86_64", not(algebraic_hash_force_scalar)))]
    if avx512_available() {
        // SAFETY: AVX-512F, AVX-512VL, AVX2 and BMI2 are enabled in this
        // build or were detected on this CPU.
        unsafe { x86_64_avx512::permute::<I>(state, rounds) };
        return;
    }
    #[cfg(all(target_arch = "x86_64", not(algebraic_hash_force_scalar)))]
    if avx2_available() {
        // SAFETY: AVX2 is enabled in this build or was detected on this CPU.
        unsafe { x86_64_avx2::permute::<I>(state, rounds) };
        return;
    }
    #[cfg(all(
        target_arch = "aarch64",
        target_feature = "neon",
        not(algebraic_hash_force_scalar)
    ))]
    return aarch64_neon::permute::<I>(state, rounds);
    #[allow(unreachable_code)]
    permute_scalar_fast::<I>(state, rounds)
}

/// Rounds `rounds` of instance `I` on many independent states (raw out).
#[inline]
pub(crate) fn permute_many_raw<I: Instance>(states: &mut [RawState], rounds: Range<usize>) {
    #[cfg(all(target_arch = "x86_64", not(algebraic_hash_force_scalar)))]
    if avx512_available() {
        // SAFETY: AVX-512F, AVX-512VL, AVX2 and BMI2 are enabled in this
        // build or were detected on this CPU.
        unsafe { x86_64_avx512::permute_many::<I>(states, rounds) };
        return;
    }
    #[cfg(all(target_arch = "x86_64", not(algebraic_hash_force_scalar)))]
    if avx2_available() {
        // SAFETY: AVX2 is enabled in this build or was detected on this CPU.
        unsafe { x86_64_avx2::permute_many::<I>(states, rounds) };
        return;
    }
    #[cfg(all(
        target_arch = "aarch64",
        target_feature = "neon",
        not(algebraic_hash_force_scalar)
    ))]
    return aarch64_neon::permute_many::<I>(states, rounds);
    #[allow(unreachable_code)]
    for state in states {
        permute_scalar_fast::<I>(state, rounds.clone());
    }
}

/// Whether the lane backends may run: not in builds with debug assertions
/// (debug builds). At opt-level 0 every `#[inline(always)]` call is still
/// inlined but no stack slot is reused, so a lane driver, which inlines
/// its whole kernel for full groups and for the tail, gets a slot for
/// every temporary: 3.7 to 16.9 MB of stack frame (field31 AVX2 to rescue
/// AVX-512 VBMI, measured 2026-11-29), more than a thread's stack (8 MB
/// for `main`, 2 MB for spawned threads). Debug builds take the scalar
/// code; tests run the lanes in release builds.
const LANES_IN_THIS_BUILD: bool = !cfg!(debug_assertions);

/// A backend of [`apply_many`] (the shared Goldilocks lanes).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LaneBackend {
    /// One state at a time on `u64`s.
    Scalar,
    /// x86_64 AVX2 (with BMI2): four lanes.
    Avx2,
    /// x86_64 AVX-512F/VL/DQ (with AVX2, BMI2): eight lanes.
    Avx512,
    /// As [`LaneBackend::Avx512`], with byte-table lookups
    /// ([`GoldilocksLanes::lookup_bytes`](crate::lanes::GoldilocksLanes::lookup_bytes))
    /// on AVX-512 VBMI and BW: 64 bytes by a few byte permutations.
    Avx512Vbmi,
    /// aarch64 NEON (Rescue's registers): two lanes; with the `neon-lanes`
    /// feature only.
    Neon,
}

impl LaneBackend {
    /// Every backend, fastest last.
    pub const ALL: [Self; 5] = [
        Self::Scalar,
        Self::Neon,
        Self::Avx2,
        Self::Avx512,
        Self::Avx512Vbmi,
    ];

    /// Whether [`apply_many_with`] can use this backend on this CPU with
    /// this build. Builds with debug assertions (debug builds) run the
    /// scalar code only (`LANES_IN_THIS_BUILD`).
    pub fn available(self) -> bool {
        if !LANES_IN_THIS_BUILD {
            return self == Self::Scalar;
        }
        match self {
            Self::Scalar => true,
            #[cfg(all(target_arch = "x86_64", not(algebraic_hash_force_scalar)))]
            Self::Avx2 => avx2_available(),
            #[cfg(all(target_arch = "x86_64", not(algebraic_hash_force_scalar)))]
            Self::Avx512 => avx512_lanes_available(),
            #[cfg(all(target_arch = "x86_64", not(algebraic_hash_force_scalar)))]
            Self::Avx512Vbmi => avx512_vbmi_available(),
            #[cfg(all(
                target_arch = "aarch64",
                target_feature = "neon",
                feature = "neon-lanes",
                not(algebraic_hash_force_scalar)
            ))]
            Self::Neon => true,
            #[allow(unreachable_patterns)]
            _ => false,
        }
    }
}

/// The backend [`apply_many`] uses on this CPU with this build: the
/// fastest available one (on aarch64 NEON with the `neon-lanes` feature,
/// scalars without it).
#[inline]
pub fn lanes_backend() -> LaneBackend {
    LaneBackend::ALL
        .into_iter()
        .rev()
        .find(|b| b.available())
        .unwrap_or(LaneBackend::Scalar)
}

/// Whether the AVX-512 lanes of [`apply_many`] may run: Rescue's AVX-512
/// backend and AVX-512DQ (64-bit products `vpmullq`, for
/// [`GoldilocksLanes::wrapping_mul`](crate::lanes::GoldilocksLanes::wrapping_mul)),
/// known at compile time, or detected.
#[cfg(all(target_arch = "x86_64", not(algebraic_hash_force_scalar)))]
#[inline(always)]
fn avx512_lanes_available() -> bool {
    #[cfg(target_feature = "avx512dq")]
    return avx512_available();
    #[cfg(all(not(target_feature = "avx512dq"), feature = "std"))]
    return std::is_x86_feature_detected!("avx512dq") && avx512_available();
    #[allow(unreachable_code)]
    false
}

/// Whether the AVX-512 lanes may run with VBMI byte lookups (AVX-512BW and
/// AVX-512VBMI on top): known at compile time, or detected.
#[cfg(all(target_arch = "x86_64", not(algebraic_hash_force_scalar)))]
#[inline(always)]
fn avx512_vbmi_available() -> bool {
    #[cfg(all(target_feature = "avx512bw", target_feature = "avx512vbmi"))]
    return avx512_lanes_available();
    #[cfg(all(
        not(all(target_feature = "avx512bw", target_feature = "avx512vbmi")),
        feature = "std"
    ))]
    return std::is_x86_feature_detected!("avx512bw")
        && std::is_x86_feature_detected!("avx512vbmi")
        && avx512_lanes_available();
    #[allow(unreachable_code)]
    false
}

/// What a batch leaves in the states: the kernel's words as they are, or
/// their canonical forms (made in the registers, before the states are
/// written back).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Output {
    /// As the kernel leaves them (raw residues, or integers).
    Raw,
    /// Each word reduced below `p`.
    Canonical,
}

/// Runs `kernel` on every state (raw residues in, as the kernel leaves
/// them out), on the fastest backend of this CPU ([`lanes_backend`]).
#[inline]
pub fn apply_many<K: LaneKernel<W>, const W: usize>(kernel: &K, states: &mut [[u64; W]]) {
    run_kernel(lanes_backend(), kernel, states, Output::Raw);
}

/// Runs `kernel` on every state of [`Felt`]s (canonical in, canonical
/// out) with `backend`, in place: the registers load the states' words
/// where they lie and store their canonical forms back. Returns `false`
/// (and does nothing) when that backend does not run here.
#[inline]
pub(crate) fn apply_many_felts_with<K: LaneKernel<W>, const W: usize>(
    backend: LaneBackend,
    kernel: &K,
    states: &mut [[Felt; W]],
) -> bool {
    if !backend.available() {
        return false;
    }
    let len = states.len();
    // SAFETY: `Felt` is `#[repr(transparent)]` over `u64`, so a slice of
    // `[Felt; W]` is a slice of `[u64; W]` of the same length and layout,
    // and any `u64` is a valid `u64`. `Felt`'s own invariant (a value
    // below p) is kept: with `Output::Canonical` every word written back is
    // canonical (kernels are arithmetic and do not panic, so no state is
    // left half-written), and no unsafe code relies on it.
    let words =
        unsafe { core::slice::from_raw_parts_mut(states.as_mut_ptr().cast::<[u64; W]>(), len) };
    run_kernel(backend, kernel, words, Output::Canonical);
    true
}

/// Runs `kernel` on every state with `backend`, or returns `false` (and
/// does nothing) when that backend does not run here. For tests and
/// measurements; [`apply_many`] chooses by itself.
pub fn apply_many_with<K: LaneKernel<W>, const W: usize>(
    backend: LaneBackend,
    kernel: &K,
    states: &mut [[u64; W]],
) -> bool {
    let available = backend.available();
    if available {
        run_kernel(backend, kernel, states, Output::Raw);
    }
    available
}

/// `backend` must be available.
#[inline]
pub(crate) fn run_kernel<K: LaneKernel<W>, const W: usize>(
    backend: LaneBackend,
    kernel: &K,
    states: &mut [[u64; W]],
    output: Output,
) {
    match backend {
        #[cfg(all(target_arch = "x86_64", not(algebraic_hash_force_scalar)))]
        LaneBackend::Avx512Vbmi if K::LOOKS_UP_BYTES => {
            // SAFETY: callers pass an available backend: AVX-512F/VL/DQ/BW/
            // VBMI, AVX2 and BMI2 are enabled in this build or were detected
            // on this CPU.
            unsafe { x86_64_avx512::apply_many_vbmi(kernel, states, output) }
        }
        // Kernels without byte lookups have no VBMI copy: the AVX-512 one
        // is the same code (`LaneKernel::LOOKS_UP_BYTES`).
        #[cfg(all(target_arch = "x86_64", not(algebraic_hash_force_scalar)))]
        LaneBackend::Avx512 | LaneBackend::Avx512Vbmi => {
            // SAFETY: callers pass an available backend: AVX-512F/VL/DQ, AVX2
            // and BMI2 are enabled in this build or were detected on this CPU.
            unsafe { x86_64_avx512::apply_many(kernel, states, output) }
        }
        #[cfg(all(target_arch = "x86_64", not(algebraic_hash_force_scalar)))]
        LaneBackend::Avx2 => {
            // SAFETY: callers pass an available backend: AVX2 and BMI2 are
            // enabled in this build or were detected on this CPU.
            unsafe { x86_64_avx2::apply_many(kernel, states, output) }
        }
        #[cfg(all(
            target_arch = "aarch64",
            target_feature = "neon",
            feature = "neon-lanes",
            not(algebraic_hash_force_scalar)
        ))]
        LaneBackend::Neon => aarch64_neon::lanes::apply_many(kernel, states, output),
        _ => {
            for state in states {
                apply_one(kernel, state, output);
            }
        }
    }
}

/// `kernel` on one state on the scalar units (`u64` lanes).
#[inline(always)]
pub(crate) fn apply_one<K: LaneKernel<W>, const W: usize>(
    kernel: &K,
    state: &mut [u64; W],
    output: Output,
) {
    kernel.apply(state);
    finish_one(state, output);
}

/// One state's words made canonical if `output` asks for it.
#[inline(always)]
fn finish_one<const W: usize>(state: &mut [u64; W], output: Output) {
    if output == Output::Canonical {
        for x in state {
            *x = crate::field::raw::canonical(*x);
        }
    }
}

/// The drivers of the lane backends: register types that move groups of
/// states in and out, and the run of a kernel on one group.
#[cfg(any(
    all(target_arch = "x86_64", not(algebraic_hash_force_scalar)),
    all(
        target_arch = "aarch64",
        target_feature = "neon",
        feature = "neon-lanes",
        not(algebraic_hash_force_scalar)
    )
))]
mod groups {
    use super::Output;
    use crate::lanes::LaneKernel;

    /// A SIMD backend's remainder of single states: the kernel's one-state
    /// path ([`LaneKernel::apply_single`]) on each.
    #[inline(always)]
    pub(crate) fn apply_singles<K: LaneKernel<W>, const W: usize>(
        kernel: &K,
        states: &mut [[u64; W]],
        output: Output,
    ) {
        for state in states {
            kernel.apply_single(state);
            super::finish_one(state, output);
        }
    }

    /// A register type of `N` lanes that loads and stores `N` words, and
    /// moves `N` states in and out of registers (cell `i` of every state in
    /// register `i`).
    pub(crate) trait Columns<const N: usize>: crate::lanes::GoldilocksLanes {
        /// One lane per word.
        fn load(words: &[u64; N]) -> Self;
        /// The words of the lanes.
        fn store(self, words: &mut [u64; N]);
        /// Register `i` holds cell `i` of each state (lane `j`: state `j`).
        fn transpose_in<const W: usize>(states: &[[u64; W]; N]) -> [Self; W];
        /// The inverse of [`Columns::transpose_in`]: lane `j` of register `i`
        /// into cell `i` of state `j`.
        fn transpose_out<const W: usize>(registers: [Self; W], states: &mut [[u64; W]; N]);
    }

    /// `f` on each lane of `x`, on the scalar units (through memory).
    #[inline(always)]
    pub(crate) fn map_lanes<R: Columns<N>, const N: usize>(x: R, f: impl Fn(u64) -> u64) -> R {
        let mut lanes = [0u64; N];
        x.store(&mut lanes);
        for lane in &mut lanes {
            *lane = f(*lane);
        }
        R::load(&lanes)
    }

    /// Runs `kernel` on a group of at most `N` states transposed into `W`
    /// registers `R` (a last partial group padded with zero states, through a
    /// copy on the stack), canonical forms made in the registers if `output`
    /// asks for them; inlined into the backend's `#[target_feature]`
    /// function, whose instructions `R` uses.
    #[inline(always)]
    pub(crate) fn drive_group<K, R, const W: usize, const N: usize>(
        kernel: &K,
        group: &mut [[u64; W]],
        output: Output,
    ) where
        K: LaneKernel<W>,
        R: Columns<N>,
    {
        debug_assert!(group.len() <= N);
        let len = group.len();
        match <&mut [[u64; W]; N]>::try_from(&mut *group) {
            Ok(full) => drive_full_group::<K, R, W, N>(kernel, full, output),
            Err(_) => {
                let mut padded = [[0u64; W]; N];
                padded[..len].copy_from_slice(group);
                drive_full_group::<K, R, W, N>(kernel, &mut padded, output);
                group.copy_from_slice(&padded[..len]);
            }
        }
    }

    /// [`drive_group`] on `N` states.
    #[inline(always)]
    fn drive_full_group<K, R, const W: usize, const N: usize>(
        kernel: &K,
        states: &mut [[u64; W]; N],
        output: Output,
    ) where
        K: LaneKernel<W>,
        R: Columns<N>,
    {
        let mut registers = R::transpose_in(states);
        kernel.apply(&mut registers);
        if output == Output::Canonical {
            for register in &mut registers {
                *register = register.canonical();
            }
        }
        R::transpose_out(registers, states);
    }
}

#[cfg(any(
    all(target_arch = "x86_64", not(algebraic_hash_force_scalar)),
    all(
        target_arch = "aarch64",
        target_feature = "neon",
        feature = "neon-lanes",
        not(algebraic_hash_force_scalar)
    )
))]
pub(crate) use groups::{Columns, apply_singles, drive_group, map_lanes};
