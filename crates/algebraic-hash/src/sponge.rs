//! A duplex sponge over any [`Permutation`] of `[F; WIDTH]`.

use core::ops::AddAssign;

use crate::{Permutation, Sponge};

/// A duplex sponge with an additive rate of `RATE` cells starting at cell
/// `RATE_START` of a `WIDTH`-cell state; the other cells are the capacity.
///
/// The permutation is applied lazily: absorbing only adds into the rate, and
/// the state is permuted when a further element arrives for a full rate, or
/// when squeezing starts. So absorbing `n` elements and squeezing at most
/// `RATE` elements permutes `max(1, ceil(n / RATE))` times — the rule used by
/// Barretenberg's and Noir's Poseidon2 sponge and by arkworks' Poseidon sponge.
/// Squeezing reads the rate cells in order and permutes again whenever they
/// are used up. Absorbing after squeezing adds into the rate from its start.
///
/// The sponge neither pads nor separates domains: each family sets the initial
/// state (an IV, a length in the capacity) and pads its input on top of it,
/// because every reference system does that differently.
#[derive(Clone, Debug)]
pub struct DuplexSponge<F, P, const WIDTH: usize, const RATE: usize, const RATE_START: usize> {
    permutation: P,
    state: [F; WIDTH],
    /// Absorbing: rate cells used since the last permutation.
    /// Squeezing: rate cells read since the last permutation.
    position: usize,
    squeezing: bool,
}

impl<F, P, const WIDTH: usize, const RATE: usize, const RATE_START: usize>
    DuplexSponge<F, P, WIDTH, RATE, RATE_START>
where
    F: Copy + AddAssign,
    P: Permutation<[F; WIDTH]>,
{
    /// A sponge that starts from `initial_state` (capacity IV included).
    pub fn new(permutation: P, initial_state: [F; WIDTH]) -> Self {
        const {
            assert!(RATE >= 1, "the rate must be at least one cell");
            assert!(RATE_START + RATE <= WIDTH, "the rate must fit in the state");
            assert!(RATE < WIDTH, "a sponge needs at least one capacity cell");
        }
        Self {
            permutation,
            state: initial_state,
            position: 0,
            squeezing: false,
        }
    }

    /// The rate cell the next absorbed element goes to (permuting first
    /// when the rate is full, restarting the rate after squeezing).
    #[inline(always)]
    fn next_absorb_cell(&mut self) -> &mut F {
        if self.squeezing {
            self.squeezing = false;
            self.position = 0;
        } else if self.position == RATE {
            self.permutation.permute_mut(&mut self.state);
            self.position = 0;
        }
        let cell = &mut self.state[RATE_START + self.position];
        self.position += 1;
        cell
    }

    /// Absorbs one element: it is added to the next rate cell.
    #[inline]
    pub fn absorb_one(&mut self, element: F) {
        *self.next_absorb_cell() += element;
    }

    /// Absorbs one element in overwrite mode: it replaces the next rate cell
    /// (the sponge of Miden's RPO/RPX and of Plonky3's `PaddingFreeSponge`).
    /// The same lazy permutation rule as [`DuplexSponge::absorb_one`].
    #[inline]
    pub fn overwrite_one(&mut self, element: F) {
        *self.next_absorb_cell() = element;
    }

    /// Ends absorbing: permutes if any element was absorbed since the last
    /// permutation (a partial block included), and does nothing otherwise,
    /// so an empty input runs no permutation. Afterwards the state holds the
    /// output of the last permutation, and [`DuplexSponge::squeeze_one`]
    /// reads it from rate cell 0.
    pub fn flush(&mut self) {
        if !self.squeezing && self.position > 0 {
            self.permutation.permute_mut(&mut self.state);
        }
        self.squeeze_from_state();
    }

    /// Squeezes one element.
    #[inline]
    pub fn squeeze_one(&mut self) -> F {
        if !self.squeezing || self.position == RATE {
            self.permutation.permute_mut(&mut self.state);
            self.squeezing = true;
            self.position = 0;
        }
        let out = self.state[RATE_START + self.position];
        self.position += 1;
        out
    }

    /// Cells of the current block absorbed (or squeezed) so far: `RATE`
    /// when a full absorbed block waits for its permutation, which
    /// [`DuplexSponge::absorb_one`] runs lazily, before the next element.
    pub fn position(&self) -> usize {
        self.position
    }

    /// The state, for a family's padding rule (e.g. Anemoi adds its padding
    /// and domain-separation constants here before the last permutation).
    pub fn state_mut(&mut self) -> &mut [F; WIDTH] {
        &mut self.state
    }

    /// Permutes the state now; the next element absorbed starts a new block.
    pub fn permute_now(&mut self) {
        self.permutation.permute_mut(&mut self.state);
        self.position = 0;
    }

    /// Squeezes the state as it is: the next [`DuplexSponge::squeeze_one`]
    /// reads rate cell 0 without permuting first (for padding rules that
    /// end with the permutation themselves).
    pub fn squeeze_from_state(&mut self) {
        self.squeezing = true;
        self.position = 0;
    }

    /// The current state (inputs absorbed since the last permutation are
    /// already added into it).
    pub fn state(&self) -> &[F; WIDTH] {
        &self.state
    }

    /// Consumes the sponge and returns its state.
    pub fn into_state(self) -> [F; WIDTH] {
        self.state
    }

    /// The permutation.
    pub fn permutation(&self) -> &P {
        &self.permutation
    }
}

impl<F, P, const WIDTH: usize, const RATE: usize, const RATE_START: usize> Sponge<F>
    for DuplexSponge<F, P, WIDTH, RATE, RATE_START>
where
    F: Copy + AddAssign,
    P: Permutation<[F; WIDTH]>,
{
    fn absorb(&mut self, input: &[F]) {
        for &element in input {
            self.absorb_one(element);
        }
    }

    fn squeeze(&mut self, output: &mut [F]) {
        for out in output {
            *out = self.squeeze_one();
        }
    }
}

/// Plonky3's `PaddingFreeSponge`: a hash of any number of elements with a
/// `RATE`-cell overwrite rate at the start of a zeroed `WIDTH`-cell state
/// (`F::default()` must be zero), output the first `OUT` cells.
///
/// Elements overwrite the rate cells in order; the state is permuted after
/// each full block and after a last partial block (whose other rate cells
/// keep their values), so `n` elements take `⌈n / RATE⌉` permutations and
/// the empty input gives `OUT` zeros. There is no padding and no length in
/// the state: inputs that differ only by trailing zeros can collide, as in
/// Plonky3, where the surrounding protocol fixes the lengths.
#[derive(Clone, Copy, Debug, Default)]
pub struct PaddingFreeSponge<P, const WIDTH: usize, const RATE: usize, const OUT: usize> {
    permutation: P,
}

impl<P, const WIDTH: usize, const RATE: usize, const OUT: usize>
    PaddingFreeSponge<P, WIDTH, RATE, OUT>
{
    /// Wraps `permutation`.
    pub const fn new(permutation: P) -> Self {
        const {
            assert!(RATE >= 1 && RATE < WIDTH, "the rate must leave a capacity");
            assert!(OUT >= 1 && OUT <= WIDTH, "the output must fit in the state");
        }
        Self { permutation }
    }

    /// The permutation.
    pub const fn permutation(&self) -> &P {
        &self.permutation
    }
}

impl<F, P, const WIDTH: usize, const RATE: usize, const OUT: usize> crate::Hasher<F>
    for PaddingFreeSponge<P, WIDTH, RATE, OUT>
where
    F: Copy + Default + AddAssign + Eq + core::fmt::Debug + Send + Sync,
    P: Permutation<[F; WIDTH]>,
{
    type Digest = [F; OUT];

    fn hash_elements(&self, input: &[F]) -> [F; OUT] {
        let mut sponge =
            DuplexSponge::<F, &P, WIDTH, RATE, 0>::new(&self.permutation, [F::default(); WIDTH]);
        for &element in input {
            sponge.overwrite_one(element);
        }
        sponge.flush();
        let mut out = [F::default(); OUT];
        out.copy_from_slice(&sponge.state()[..OUT]);
        out
    }
}
