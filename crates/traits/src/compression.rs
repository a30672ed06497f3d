//! Compression functions built from a permutation.

use core::ops::Add;

use crate::{Compression, Permutation};

/// Compresses `N` chunks of `CHUNK` elements into one chunk by writing them
/// one after the other at the start of a zeroed `WIDTH`-cell state
/// (`F::default()` must be zero), permuting, and keeping the first `CHUNK`
/// cells.
///
/// With `CHUNK = 1` and `N = WIDTH - 1` this is the Poseidon2 compression
/// `permute([x_0, …, x_{t-2}, 0])[0]`.
#[derive(Clone, Copy, Debug, Default)]
pub struct TruncatedPermutation<P, const N: usize, const CHUNK: usize, const WIDTH: usize> {
    permutation: P,
}

impl<P, const N: usize, const CHUNK: usize, const WIDTH: usize>
    TruncatedPermutation<P, N, CHUNK, WIDTH>
{
    /// Wraps `permutation`.
    pub const fn new(permutation: P) -> Self {
        const {
            assert!(N >= 1 && CHUNK >= 1, "need at least one non-empty chunk");
            assert!(N * CHUNK <= WIDTH, "the chunks must fit in the state");
        }
        Self { permutation }
    }

    /// The permutation.
    pub const fn permutation(&self) -> &P {
        &self.permutation
    }
}

impl<F, P, const N: usize, const CHUNK: usize, const WIDTH: usize> Compression<[F; CHUNK], N>
    for TruncatedPermutation<P, N, CHUNK, WIDTH>
where
    F: Copy + Default,
    P: Permutation<[F; WIDTH]>,
{
    fn compress(&self, input: [[F; CHUNK]; N]) -> [F; CHUNK] {
        let mut state = [F::default(); WIDTH];
        for (cells, chunk) in state.chunks_exact_mut(CHUNK).zip(input.iter()) {
            cells.copy_from_slice(chunk);
        }
        self.permutation.permute_mut(&mut state);
        let mut out = [F::default(); CHUNK];
        out.copy_from_slice(&state[..CHUNK]);
        out
    }
}

/// The Jive compression mode of Anemoi (Bouvier et al., CRYPTO 2023):
/// `B` chunks of `CHUNK` elements fill a `WIDTH = B · CHUNK`-cell state `x`,
/// and the output is `Σ_i (x_i + P(x)_i)`, the sum over the `B` chunks of the
/// input and of the permuted state.
#[derive(Clone, Copy, Debug, Default)]
pub struct Jive<P, const B: usize, const CHUNK: usize, const WIDTH: usize> {
    permutation: P,
}

impl<P, const B: usize, const CHUNK: usize, const WIDTH: usize> Jive<P, B, CHUNK, WIDTH> {
    /// Wraps `permutation`.
    pub const fn new(permutation: P) -> Self {
        const {
            assert!(B >= 2, "Jive compresses at least two chunks");
            assert!(CHUNK >= 1, "chunks must not be empty");
            assert!(B * CHUNK == WIDTH, "the chunks must fill the state exactly");
        }
        Self { permutation }
    }

    /// The permutation.
    pub const fn permutation(&self) -> &P {
        &self.permutation
    }
}

impl<F, P, const B: usize, const CHUNK: usize, const WIDTH: usize> Compression<[F; CHUNK], B>
    for Jive<P, B, CHUNK, WIDTH>
where
    F: Copy + Default + Add<Output = F>,
    P: Permutation<[F; WIDTH]>,
{
    fn compress(&self, input: [[F; CHUNK]; B]) -> [F; CHUNK] {
        let mut state = [F::default(); WIDTH];
        for (cells, chunk) in state.chunks_exact_mut(CHUNK).zip(input.iter()) {
            cells.copy_from_slice(chunk);
        }
        let permuted = self.permutation.permute(state);
        let mut out = [F::default(); CHUNK];
        for (j, o) in out.iter_mut().enumerate() {
            let mut acc = state[j] + permuted[j];
            for i in 1..B {
                acc = acc + state[i * CHUNK + j] + permuted[i * CHUNK + j];
            }
            *o = acc;
        }
        out
    }
}
