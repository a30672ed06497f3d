//! Packed lanes and the choice between them.
//!
//! Code written once over [`Lanes`] (a [`LaneKernel`]) runs on many
//! independent states with [`apply_many`]: the states are transposed into
//! registers of several lanes (one state per lane), the kernel runs once per
//! group, and the leftover states run on scalars. On x86-64 whole groups
//! are loaded where the states lie, one register per state, and
//! transposed by shuffles in registers (`Transpose`); a last partial group
//! (and NEON) goes word by word through a buffer of columns.
//!
//! The backends, fastest first, chosen once per call by [`backend`]:
//! - AVX-512 (`avx512f`): 16 lanes of 32 bits;
//! - AVX2: 8 lanes of 32 bits;
//! - NEON (aarch64, with the `neon-lanes` feature): 4 lanes of 32 bits;
//!   opt-in because it has only run under qemu so far;
//! - scalar: one element at a time (always compiled; the reference every
//!   packed backend is tested against).
//!
//! A backend is used when the build enables its instructions
//! (`-C target-feature=…`, `target-cpu`), or else after a run-time check
//! (`is_x86_feature_detected!`, which needs `std`; without `std` such
//! builds stay scalar). `--cfg algebraic_hash_force_scalar` compiles no
//! packed backend.
//!
//! The packed types cannot be named outside this crate: a kernel sees them
//! only as the `L` of [`LaneKernel::apply`], which [`apply_many`] calls
//! after the CPU check. All `unsafe` of the crate lives in this module.
#![allow(unsafe_code)]

use crate::{Field31, Lanes, Row};

#[cfg(all(
    target_arch = "aarch64",
    target_feature = "neon",
    feature = "neon-lanes",
    not(algebraic_hash_force_scalar)
))]
mod aarch64_neon;
#[cfg(any(
    all(target_arch = "x86_64", not(algebraic_hash_force_scalar)),
    all(
        target_arch = "aarch64",
        target_feature = "neon",
        feature = "neon-lanes",
        not(algebraic_hash_force_scalar)
    )
))]
mod moves;
#[cfg(all(target_arch = "x86_64", not(algebraic_hash_force_scalar)))]
mod packed;
#[cfg(all(target_arch = "x86_64", not(algebraic_hash_force_scalar)))]
mod x86_64_avx2;
#[cfg(all(target_arch = "x86_64", not(algebraic_hash_force_scalar)))]
mod x86_64_avx512;

/// The memory layout every [`Field31`] type promises (a supertrait of
/// [`Field31`] that no other crate can implement).
pub(crate) mod stored {
    /// A type that is `#[repr(transparent)]` over the `u32` its
    /// [`crate::Field31::to_stored`] returns, so that the backends load
    /// and store states in place ([`super::moves`]).
    ///
    /// # Safety
    /// Implementors are `#[repr(transparent)]` over that `u32` (any other
    /// field is zero-sized), so every `u32` is a valid value of the type.
    pub unsafe trait StoredWord {}

    // SAFETY: `#[repr(transparent)]` over its word (`monty.rs`).
    unsafe impl<P: crate::MontyParams> StoredWord for crate::Monty<P> {}
    // SAFETY: `#[repr(transparent)]` over its value (`mersenne.rs`).
    unsafe impl StoredWord for crate::Mersenne31 {}
}

/// Code written once over [`Lanes`] that transforms one `W`-cell state
/// (one state per lane).
pub trait LaneKernel<F: Field31, const W: usize>: Sync {
    /// Transforms `state` (each lane independently).
    fn apply<L: Lanes<Scalar = F>>(&self, state: &mut [L; W]);

    /// How many states a batch's remainder may hold (the states after its
    /// full groups of `lanes` lanes) and still run one state at a time
    /// through [`apply_single`](Self::apply_single); a larger one runs as a
    /// group padded with zero states. By default one. (The same rule as
    /// the Goldilocks lanes' `LaneKernel::single_states` in the rescue
    /// crate.)
    #[inline(always)]
    fn single_states(&self, lanes: usize) -> usize {
        let _ = lanes;
        1
    }

    /// Transforms one state, the same map as [`apply`](Self::apply): by
    /// default `apply` on scalars, compiled out of line (inlined into a
    /// backend's `#[target_feature]` driver, LLVM may spread the scalar
    /// rounds over vector registers). A kernel with a faster one-state
    /// path overrides this, and may raise
    /// [`single_states`](Self::single_states).
    #[inline(never)]
    fn apply_single(&self, state: &mut [F; W]) {
        self.apply(state);
    }
}

/// Code written once over [`Row`] that transforms one `W`-cell state
/// held in the lanes of vector registers.
pub trait RowKernel<F: Field31, const W: usize>: Sync {
    /// Transforms `state`, loaded into registers of `R` (and stored back)
    /// by the kernel itself.
    fn apply<R: Row<Scalar = F>>(&self, state: &mut [F; W]);
}

/// Runs `kernel` on one `state` with its cells in the lanes of AVX2
/// registers (8 lanes each) when 8 divides `W`; returns `false` (nothing
/// done) when the CPU lacks AVX2 or 8 does not divide `W`.
///
/// AVX2 registers, also on AVX-512 CPUs: there one 16-cell state took 1.18
/// times as long in one AVX-512 register as in two AVX2 ones (the
/// partial rounds are a chain of latencies, and the sum across the lanes
/// is a level shorter in two 8-lane registers). Measured on AMD Zen 4
/// only.
#[inline]
pub fn apply_one<F: Field31, K: RowKernel<F, W>, const W: usize>(
    kernel: &K,
    state: &mut [F; W],
) -> bool {
    #[cfg(all(target_arch = "x86_64", not(algebraic_hash_force_scalar)))]
    if W.is_multiple_of(8) && avx2_available() {
        // SAFETY: AVX2 is enabled in this build or was detected on this
        // CPU.
        unsafe { x86_64_avx2::apply_one(kernel, state) };
        return true;
    }
    let _ = (kernel, state);
    false
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

/// A backend of [`apply_many`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    /// One element at a time.
    Scalar,
    /// x86_64 AVX2, 8 lanes.
    Avx2,
    /// x86_64 AVX-512F, 16 lanes.
    Avx512,
    /// aarch64 NEON, 4 lanes (with the `neon-lanes` feature).
    Neon,
}

impl Backend {
    /// Every backend (whether or not it runs here), fastest last.
    pub const ALL: [Self; 4] = [Self::Scalar, Self::Neon, Self::Avx2, Self::Avx512];

    /// Elements per register.
    pub const fn lanes(self) -> usize {
        match self {
            Self::Scalar => 1,
            Self::Avx2 => 8,
            Self::Avx512 => 16,
            Self::Neon => 4,
        }
    }

    /// Whether this backend runs on this CPU with this build. Builds
    /// with debug assertions (debug builds) run the scalar code only
    /// (`LANES_IN_THIS_BUILD`).
    pub fn available(self) -> bool {
        if !LANES_IN_THIS_BUILD {
            return self == Self::Scalar;
        }
        match self {
            Self::Scalar => true,
            #[cfg(all(target_arch = "x86_64", not(algebraic_hash_force_scalar)))]
            Self::Avx2 => avx2_available(),
            #[cfg(all(target_arch = "x86_64", not(algebraic_hash_force_scalar)))]
            Self::Avx512 => avx512_available(),
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
/// fastest available one.
#[inline]
pub fn backend() -> Backend {
    Backend::ALL
        .into_iter()
        .rev()
        .find(|b| b.available())
        .unwrap_or(Backend::Scalar)
}

/// Runs `kernel` on every state, on the fastest backend of this CPU.
#[inline]
pub fn apply_many<F: Field31, K: LaneKernel<F, W>, const W: usize>(
    kernel: &K,
    states: &mut [[F; W]],
) {
    run(backend(), kernel, states);
}

/// Runs `kernel` on every state with `backend`, or returns `false` (and
/// does nothing) when that backend does not run here. For tests and
/// measurements; [`apply_many`] chooses by itself.
pub fn apply_many_with<F: Field31, K: LaneKernel<F, W>, const W: usize>(
    backend: Backend,
    kernel: &K,
    states: &mut [[F; W]],
) -> bool {
    if !backend.available() {
        return false;
    }
    run(backend, kernel, states);
    true
}

/// Runs `kernel` on the states held lane-major in `cells` — `W` rows of
/// `N = cells.len() / W` elements, row `i` holding cell `i` of every state
/// (the layout of one packed register per cell, as Plonky3's packed
/// states) — in place, on the backend of exactly `N` lanes (16: AVX-512,
/// 8: AVX2), with nothing transposed. Returns `false` (nothing done) when
/// that backend does not run here (debug builds included) or `cells` is
/// not `W` rows of 8 or 16.
#[inline]
pub fn apply_lane_major<F: Field31, K: LaneKernel<F, W>, const W: usize>(
    kernel: &K,
    cells: &mut [F],
) -> bool {
    let backend = match cells.len().checked_div(W) {
        Some(lanes) if cells.len().is_multiple_of(W) => lane_major_backend(lanes),
        _ => None,
    };
    match backend {
        #[cfg(all(target_arch = "x86_64", not(algebraic_hash_force_scalar)))]
        Some(Backend::Avx512) => {
            // SAFETY: available, so AVX-512F and AVX2 are enabled in this
            // build or were detected on this CPU.
            unsafe { x86_64_avx512::apply_lane_major(kernel, cells) };
            true
        }
        #[cfg(all(target_arch = "x86_64", not(algebraic_hash_force_scalar)))]
        Some(Backend::Avx2) => {
            // SAFETY: available, so AVX2 is enabled in this build or was
            // detected on this CPU.
            unsafe { x86_64_avx2::apply_lane_major(kernel, cells) };
            true
        }
        _ => {
            // No lane-major backend here (NEON's four lanes are not wired
            // to it; the Plonky3 adapter unpacks such packs into states).
            let _ = kernel;
            false
        }
    }
}

/// Whether [`apply_lane_major`] runs rows of `lanes` lanes here (so that a
/// caller converting into that layout first can tell beforehand).
#[inline]
pub fn lane_major_runs(lanes: usize) -> bool {
    lane_major_backend(lanes).is_some()
}

/// The backend of exactly `lanes` lanes that runs lane-major rows here.
#[inline]
fn lane_major_backend(lanes: usize) -> Option<Backend> {
    let backend = match lanes {
        16 => Backend::Avx512,
        8 => Backend::Avx2,
        _ => return None,
    };
    backend.available().then_some(backend)
}

/// `backend` must be available.
#[inline]
fn run<F: Field31, K: LaneKernel<F, W>, const W: usize>(
    backend: Backend,
    kernel: &K,
    states: &mut [[F; W]],
) {
    match backend {
        #[cfg(all(target_arch = "x86_64", not(algebraic_hash_force_scalar)))]
        Backend::Avx512 => {
            // SAFETY: callers pass an available backend: AVX-512F (and
            // AVX2) are enabled in this build or were detected on this CPU.
            unsafe { x86_64_avx512::apply_many(kernel, states) }
        }
        #[cfg(all(target_arch = "x86_64", not(algebraic_hash_force_scalar)))]
        Backend::Avx2 => {
            // SAFETY: callers pass an available backend: AVX2 is enabled in
            // this build or was detected on this CPU.
            unsafe { x86_64_avx2::apply_many(kernel, states) }
        }
        #[cfg(all(
            target_arch = "aarch64",
            target_feature = "neon",
            feature = "neon-lanes",
            not(algebraic_hash_force_scalar)
        ))]
        Backend::Neon => aarch64_neon::apply_many(kernel, states),
        _ => {
            for state in states {
                kernel.apply(state);
            }
        }
    }
}

/// Whether AVX2 may be used: known at compile time, or detected.
#[cfg(all(target_arch = "x86_64", not(algebraic_hash_force_scalar)))]
#[inline(always)]
fn avx2_available() -> bool {
    #[cfg(target_feature = "avx2")]
    return true;
    #[cfg(all(not(target_feature = "avx2"), feature = "std"))]
    return std::is_x86_feature_detected!("avx2");
    #[allow(unreachable_code)]
    false
}

/// Whether AVX-512F may be used (with AVX2, which every AVX-512 CPU has):
/// known at compile time, or detected.
#[cfg(all(target_arch = "x86_64", not(algebraic_hash_force_scalar)))]
#[inline(always)]
fn avx512_available() -> bool {
    #[cfg(target_feature = "avx512f")]
    return avx2_available();
    #[cfg(all(not(target_feature = "avx512f"), feature = "std"))]
    return std::is_x86_feature_detected!("avx512f") && avx2_available();
    #[allow(unreachable_code)]
    false
}
