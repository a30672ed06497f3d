//! The constants of one Poseidon2 instance.

use crate::Fr;

/// Full rounds (R_F), split evenly before and after the partial rounds.
pub const FULL_ROUNDS: usize = 8;
/// Partial rounds (R_P) for t = 2, 3, 4.
pub const PARTIAL_ROUNDS: usize = 56;
/// Partial rounds (R_P) for t = 8, 12, 16 (what HorizenLabs' parameter
/// script gives for these widths; gnark-crypto and taceo-poseidon2 use it).
pub const PARTIAL_ROUNDS_WIDE: usize = 57;

/// The partial-round count of width `t`.
pub const fn partial_rounds(t: usize) -> usize {
    if t <= 4 {
        PARTIAL_ROUNDS
    } else {
        PARTIAL_ROUNDS_WIDE
    }
}

/// Round constants and internal diagonal of one instance (elements in
/// arkworks' Montgomery form).
pub(crate) struct Params<const T: usize> {
    /// Constants of the full rounds, in round order (4 before, 4 after).
    pub external: [[Fr; T]; FULL_ROUNDS],
    /// The one constant of each partial round (added to cell 0); its length
    /// is [`partial_rounds`]`(T)`.
    pub internal: &'static [Fr],
    /// The internal matrix is the all-ones matrix plus
    /// `diag(diagonal_minus_one)`: `(1, 2)` for t = 2, `(1, 1, 2)` for
    /// t = 3, full-size elements for t = 4, 8, 12, 16.
    pub diagonal_minus_one: [Fr; T],
}
