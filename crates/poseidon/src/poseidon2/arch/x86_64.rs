//! The permutation compiled with BMI2 (`mulx`) on x86-64.
#![allow(unsafe_code)]

use super::super::params::Params;
use crate::Fr;

/// Whether this CPU has BMI2.
#[inline]
pub(super) fn bmi2_available() -> bool {
    #[cfg(target_feature = "bmi2")]
    {
        true
    }
    #[cfg(all(not(target_feature = "bmi2"), feature = "std"))]
    {
        std::is_x86_feature_detected!("bmi2")
    }
    #[cfg(all(not(target_feature = "bmi2"), not(feature = "std")))]
    {
        false
    }
}

/// The portable permutation, inlined here and compiled with BMI2.
#[target_feature(enable = "bmi2")]
fn permute_with_bmi2<const T: usize>(params: &Params<T>, state: &mut [Fr; T]) {
    super::super::permutation::permute(params, state);
}

/// Applies the BMI2 copy of the permutation. Callers check
/// [`bmi2_available`] first.
#[inline]
pub(super) fn permute_bmi2<const T: usize>(params: &Params<T>, state: &mut [Fr; T]) {
    debug_assert!(bmi2_available());
    // SAFETY: `permute_with_bmi2` only needs BMI2, which every caller checks
    // with `bmi2_available()` (compile-time target feature or run-time
    // detection) before calling this function.
    unsafe { permute_with_bmi2(params, state) }
}
