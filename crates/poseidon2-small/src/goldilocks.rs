//! Goldilocks (`algebraic_hash_rescue::Felt`) in the round code: its
//! [`Cells`] wrapper, its internal diagonals, and its place among the
//! crate's [`Poseidon2Field`]s.
//!
//! The field itself is the Rescue crate's (one Goldilocks in the
//! workspace); this module only adapts it. A wrapper, not an implementation
//! of `Cells` for `Felt` itself: `Cells` is already implemented for every
//! `Lanes` of the 31-bit fields, and Rust cannot rule out that a foreign
//! type such as `Felt` might implement that foreign trait one day.

use core::ops::{Add, AddAssign, Mul, Sub};

use algebraic_hash_rescue::Felt;
use algebraic_hash_rescue::field::raw;

use crate::rounds::{self, Cells};
use crate::{Constants, Diagonal, Poseidon2Field, sealed};

/// One Goldilocks element in the rounds.
#[derive(Clone, Copy)]
#[repr(transparent)]
pub(crate) struct Cell(Felt);

impl Add for Cell {
    type Output = Self;
    #[inline(always)]
    fn add(self, rhs: Self) -> Self {
        Self(self.0 + rhs.0)
    }
}

impl AddAssign for Cell {
    #[inline(always)]
    fn add_assign(&mut self, rhs: Self) {
        self.0 += rhs.0;
    }
}

impl Sub for Cell {
    type Output = Self;
    #[inline(always)]
    fn sub(self, rhs: Self) -> Self {
        Self(self.0 - rhs.0)
    }
}

impl Mul for Cell {
    type Output = Self;
    #[inline(always)]
    fn mul(self, rhs: Self) -> Self {
        Self(self.0 * rhs.0)
    }
}

impl Cells for Cell {
    type Scalar = Felt;
    // One element: a product per diagonal entry measured faster than the
    // cheap forms chosen per entry (2.8 against 1.9 of Plonky3's time at
    // width 8, NOTES.md), as for the 31-bit fields.
    const MULTIPLY_DIAGONAL: bool = true;
    #[inline(always)]
    fn splat(value: Felt) -> Self {
        Self(value)
    }
    #[inline(always)]
    fn double(self) -> Self {
        Self(self.0.double())
    }
    #[inline(always)]
    fn mul_2exp(self, k: u32) -> Self {
        // x · 2^k < 2^127 for k < 64, reduced once.
        Self(Felt::from_u64_reduced(raw::reduce128(
            u128::from(self.0.to_u64()) << k,
        )))
    }
    #[inline(always)]
    fn div_2exp(self, k: u32) -> Self {
        let mut x = self.0.to_u64();
        for _ in 0..k {
            // x / 2 = x >> 1, or (x + p) / 2 = (x >> 1) + (p + 1) / 2 for
            // odd x (canonical x: no overflow).
            x = (x >> 1) + ((x & 1) * Felt::MODULUS.div_ceil(2));
        }
        Self(Felt::from_u64_reduced(x))
    }
}

impl<const W: usize> Diagonal<Felt, W> {
    /// The diagonal of canonical values `v` (each `< p`, checked).
    pub(crate) const fn goldilocks(v: [u64; W]) -> Self {
        let (scales, negative) = crate::classify(&v, Felt::MODULUS, 64);
        Self {
            values: crate::plonky3::felts(v),
            off_diagonal: None,
            scales,
            negative,
        }
    }
}

impl sealed::Sealed for Felt {}

impl Poseidon2Field for Felt {
    const NAME: &'static str = "Goldilocks";

    #[inline]
    fn permute_state<const W: usize, const D: u64>(
        constants: &'static Constants<Self, W>,
        state: &mut [Self; W],
    ) {
        let mut cells = state.map(Cell);
        rounds::permute_lanes::<Cell, W, D>(constants, &mut cells);
        *state = cells.map(|c| c.0);
    }

    #[inline]
    fn permute_states<const W: usize, const D: u64>(
        constants: &'static Constants<Self, W>,
        states: &mut [[Self; W]],
    ) {
        for state in states {
            Self::permute_state::<W, D>(constants, state);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The cheap forms equal multiplication by `2^k` and `2^-k`.
    #[test]
    fn powers_of_two() {
        let two = Felt::from(2u8);
        let half = two.inverse().unwrap();
        for x in [
            0,
            1,
            2,
            3,
            Felt::MODULUS - 1,
            Felt::MODULUS - 2,
            0x1234_5678_9abc_def0,
        ] {
            let x = Felt::from_canonical(x).unwrap();
            for k in 0..64 {
                assert_eq!(
                    Cell(x).mul_2exp(k).0,
                    x * two.exp(u64::from(k)),
                    "{x} · 2^{k}"
                );
                assert_eq!(
                    Cell(x).div_2exp(k).0,
                    x * half.exp(u64::from(k)),
                    "{x} / 2^{k}"
                );
            }
        }
    }
}
