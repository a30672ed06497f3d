//! Choice of backend for the permutation.
//!
//! The permutation has one implementation ([`super::permutation`]); on x86-64
//! it is also compiled a second time with BMI2 enabled (`mulx`: fewer moves
//! around each 64×64-bit product, about 30 % fewer instructions in the field
//! multiplications) and that copy runs when the CPU has BMI2. Both copies
//! compute the same function; a test checks them against each other.
//!
//! Selection: BMI2 enabled at compile time (`-C target-feature=+bmi2` or a
//! `target-cpu` that has it) → always the BMI2 copy; otherwise with the `std`
//! feature → run-time detection (`is_x86_feature_detected!`, cached by std);
//! otherwise, other architectures, or `--cfg algebraic_hash_force_scalar` →
//! the portable copy.

use super::params::Params;
use crate::Fr;

#[cfg(all(target_arch = "x86_64", not(algebraic_hash_force_scalar)))]
mod x86_64;

/// Applies the permutation with the best backend this CPU has.
#[inline]
pub(crate) fn permute<const T: usize>(params: &Params<T>, state: &mut [Fr; T]) {
    #[cfg(all(target_arch = "x86_64", not(algebraic_hash_force_scalar)))]
    if x86_64::bmi2_available() {
        x86_64::permute_bmi2(params, state);
        return;
    }
    super::permutation::permute(params, state);
}

/// The name of the backend [`permute`] uses on this machine.
pub(crate) fn backend() -> &'static str {
    #[cfg(all(target_arch = "x86_64", not(algebraic_hash_force_scalar)))]
    if x86_64::bmi2_available() {
        return "x86-64 BMI2";
    }
    "portable"
}

#[cfg(all(test, feature = "std"))]
mod tests {
    use super::super::{NEW_T2, NEW_T3, NEW_T4, OLD_T2, OLD_T3, OLD_T4};
    use super::*;
    use ark_ff::PrimeField;

    fn states<const T: usize>(seed: u64) -> impl Iterator<Item = [Fr; T]> {
        let mut s = seed;
        core::iter::repeat_with(move || {
            core::array::from_fn(|_| {
                let mut bytes = [0u8; 40];
                for b in bytes.iter_mut() {
                    s = s
                        .wrapping_mul(6364136223846793005)
                        .wrapping_add(1442695040888963407);
                    *b = (s >> 56) as u8;
                }
                Fr::from_le_bytes_mod_order(&bytes)
            })
        })
        .take(2000)
    }

    fn same<const T: usize>(params: &Params<T>, seed: u64) {
        for state in states::<T>(seed) {
            let mut portable = state;
            super::super::permutation::permute(params, &mut portable);
            let mut chosen = state;
            permute(params, &mut chosen);
            assert_eq!(portable, chosen, "{} backend differs", backend());
        }
    }

    /// The backend in use equals the portable code on random states (on a
    /// machine without BMI2 this compares the portable code with itself;
    /// the vector tests pin both).
    #[test]
    fn backend_equals_portable() {
        same(NEW_T2.params, 1);
        same(NEW_T3.params, 2);
        same(NEW_T4.params, 3);
        same(OLD_T2.params, 4);
        same(OLD_T3.params, 5);
        same(OLD_T4.params, 6);
    }

    #[cfg(all(target_arch = "x86_64", not(algebraic_hash_force_scalar)))]
    #[test]
    fn bmi2_copy_equals_portable_when_available() {
        if !x86_64::bmi2_available() {
            return;
        }
        for state in states::<4>(7) {
            let mut portable = state;
            super::super::permutation::permute(NEW_T4.params, &mut portable);
            let mut bmi2 = state;
            x86_64::permute_bmi2(NEW_T4.params, &mut bmi2);
            assert_eq!(portable, bmi2);
        }
    }
}
