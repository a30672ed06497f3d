//! The constants of one Poseidon2 instance.

use crate::Fr;

/// Full rounds (R_F), split evenly before and after the partial rounds.
pub const FULL_ROUNDS: usize = 8;
/// Partial rounds (R_P).
pub const PARTIAL_ROUNDS: usize = 56;

/// Round constants and internal diagonal of one instance (elements in
/// arkworks' Montgomery form).
pub(crate) struct Params<const T: usize> {
    /// Constants of the full rounds, in round order (4 before, 4 after).
    pub external: [[Fr; T]; FULL_ROUNDS],
    /// The one constant of each partial round (added to cell 0).
    pub internal: [Fr; PARTIAL_ROUNDS],
    /// The internal matrix is the all-ones matrix plus
    /// `diag(diagonal_minus_one)`: `(1, 2)` for t = 2, `(1, 1, 2)` for
    /// t = 3, four full-size elements for t = 4.
    pub diagonal_minus_one: [Fr; T],
}
