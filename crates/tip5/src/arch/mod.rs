//! The choice between the one-state backends of the permutation.
//!
//! - `x86_64_avx512`: one state in two 512-bit registers, products on
//!   AVX-512 IFMA, lookups on AVX-512 VBMI (needs AVX-512 F/VL/BW/VBMI/IFMA).
//!   Chosen at run time (`is_x86_feature_detected!`, which caches its
//!   answer; needs `std`) or at compile time when the build enables those
//!   features.
//! - otherwise the portable rounds of `crate::permutation` on `u64`s.
//!
//! All `unsafe` of the crate lives in this module.
#![allow(unsafe_code)]

use crate::{RATE, STATE_SIZE};

#[cfg(all(target_arch = "x86_64", not(algebraic_hash_force_scalar)))]
pub(crate) mod x86_64_avx512;

/// Whether the AVX-512 IFMA/VBMI one-state permutation may run here.
#[inline(always)]
pub(crate) fn avx512_available() -> bool {
    #[cfg(all(
        target_arch = "x86_64",
        not(algebraic_hash_force_scalar),
        target_feature = "avx512f",
        target_feature = "avx512vl",
        target_feature = "avx512bw",
        target_feature = "avx512vbmi",
        target_feature = "avx512ifma"
    ))]
    return true;
    #[cfg(all(
        target_arch = "x86_64",
        not(algebraic_hash_force_scalar),
        not(all(
            target_feature = "avx512f",
            target_feature = "avx512vl",
            target_feature = "avx512bw",
            target_feature = "avx512vbmi",
            target_feature = "avx512ifma"
        )),
        feature = "std"
    ))]
    return std::is_x86_feature_detected!("avx512f")
        && std::is_x86_feature_detected!("avx512vl")
        && std::is_x86_feature_detected!("avx512bw")
        && std::is_x86_feature_detected!("avx512vbmi")
        && std::is_x86_feature_detected!("avx512ifma");
    #[allow(unreachable_code)]
    false
}

/// The permutation of many states (canonical in, canonical out) on the
/// AVX-512 backend, eight at a time, or `false` (states untouched) where it
/// does not run.
#[inline]
pub(crate) fn permute_many_avx512(states: &mut [[u64; STATE_SIZE]]) -> bool {
    if !avx512_available() {
        return false;
    }
    // (`avx512_available` is `false` wherever the backend is compiled out.)
    #[cfg(all(target_arch = "x86_64", not(algebraic_hash_force_scalar)))]
    // SAFETY: AVX-512 F/VL/BW/VBMI/IFMA are enabled in this build or were
    // detected on this CPU.
    unsafe {
        x86_64_avx512::permute_many(states)
    };
    #[cfg(not(all(target_arch = "x86_64", not(algebraic_hash_force_scalar))))]
    let _ = states;
    true
}

/// The permutation of one state (canonical in, canonical out) on the
/// AVX-512 backend, or `false` (state untouched) where it does not run.
#[inline]
pub(crate) fn permute_avx512(state: &mut [u64; STATE_SIZE]) -> bool {
    if !avx512_available() {
        return false;
    }
    #[cfg(all(target_arch = "x86_64", not(algebraic_hash_force_scalar)))]
    // SAFETY: as in `permute_many_avx512`.
    unsafe {
        x86_64_avx512::permute(state)
    };
    #[cfg(not(all(target_arch = "x86_64", not(algebraic_hash_force_scalar))))]
    let _ = state;
    true
}

/// The absorption of a sponge in overwrite mode (canonical in and out: for
/// each block, the rate overwritten with it, then the permutation) on the
/// AVX-512 backend, or `false` (state untouched) where it does not run.
#[inline]
pub(crate) fn absorb_avx512(state: &mut [u64; STATE_SIZE], blocks: &[[u64; RATE]]) -> bool {
    if !avx512_available() {
        return false;
    }
    #[cfg(all(target_arch = "x86_64", not(algebraic_hash_force_scalar)))]
    // SAFETY: as in `permute_many_avx512`.
    unsafe {
        x86_64_avx512::absorb(state, blocks)
    };
    #[cfg(not(all(target_arch = "x86_64", not(algebraic_hash_force_scalar))))]
    let _ = (state, blocks);
    true
}
