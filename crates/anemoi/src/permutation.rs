//! The Anemoi permutation: rounds of constant addition, linear layer and
//! open Flystel S-boxes, then a final linear layer.

use algebraic_hash::{Compression, Error, Permutation};

use crate::field::{AnemoiField, mul_small};
use crate::version::Version;

/// The Anemoi permutation of `WIDTH = 2 · COLUMNS` cells over the field `F`,
/// in either [`Version`].
///
/// The state is `[x_0 … x_{l−1}, y_0 … y_{l−1}]` (the x row, then the y row),
/// as in the reference. `COLUMNS` is 1, 2, 3, 4 or 6; `WIDTH` must be twice
/// it (both are checked at compile time by [`Anemoi::new`]).
///
/// ```
/// use algebraic_hash::Permutation;
/// use algebraic_hash_anemoi::{Anemoi, Version};
/// use ark_ff::Zero;
///
/// let anemoi = Anemoi::<ark_bn254::Fq, 1, 2>::new(Version::Crypto2023);
/// let out = anemoi.permute([ark_bn254::Fq::zero(); 2]);
/// assert_eq!(anemoi.rounds(), 21);
/// # let _ = out;
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Anemoi<F: 'static, const COLUMNS: usize, const WIDTH: usize> {
    version: Version,
    c: &'static [F],
    d: &'static [F],
}

impl<F: AnemoiField, const COLUMNS: usize, const WIDTH: usize> Anemoi<F, COLUMNS, WIDTH> {
    /// The instance of `version` over `F` with `COLUMNS` columns.
    pub fn new(version: Version) -> Self {
        const {
            assert!(
                matches!(COLUMNS, 1 | 2 | 3 | 4 | 6),
                "Anemoi has 1, 2, 3, 4 or 6 columns"
            );
            assert!(WIDTH == 2 * COLUMNS, "WIDTH must be 2 · COLUMNS");
        }
        let (c, d) = F::round_constants(version, COLUMNS)
            .expect("the generated tables cover every version and column count");
        debug_assert_eq!(c.len() % COLUMNS, 0);
        Self { version, c, d }
    }

    /// The version.
    pub fn version(&self) -> Version {
        self.version
    }

    /// The number of rounds (the final linear layer is not counted).
    pub fn rounds(&self) -> usize {
        self.c.len() / COLUMNS
    }

    /// The open Flystel S-box on every column: for each (x, y),
    /// x ← x − g·y², y ← y − x^(1/α), x ← x + g·y² + δ.
    #[inline(always)]
    pub fn sbox_layer(&self, state: &mut [F; WIDTH]) {
        let mut x = [F::zero(); COLUMNS];
        for i in 0..COLUMNS {
            x[i] = state[i] - state[COLUMNS + i].square().mul_by_generator();
        }
        let mut root = x;
        F::exp_inv_alpha(&mut root);
        for i in 0..COLUMNS {
            let y = state[COLUMNS + i] - root[i];
            state[COLUMNS + i] = y;
            state[i] = x[i] + y.square().mul_by_generator() + F::DELTA;
        }
    }

    /// The inverse of [`Anemoi::sbox_layer`]: for each (u, v),
    /// x ← u − g·v² − δ, y ← v + x^(1/α), x ← x + g·y².
    pub fn sbox_layer_inverse(&self, state: &mut [F; WIDTH]) {
        let mut x = [F::zero(); COLUMNS];
        for i in 0..COLUMNS {
            x[i] = state[i] - state[COLUMNS + i].square().mul_by_generator() - F::DELTA;
        }
        let mut root = x;
        F::exp_inv_alpha(&mut root);
        for i in 0..COLUMNS {
            let y = state[COLUMNS + i] + root[i];
            state[COLUMNS + i] = y;
            state[i] = x[i] + y.square().mul_by_generator();
        }
    }

    /// The linear layer: the MDS matrix on x and on y rotated left by one
    /// cell, then (CRYPTO 2023) the pseudo-Hadamard transform y ← y + x,
    /// x ← x + y. With one column the 2022 version instead mixes (x, y) with
    /// the 2×2 matrix [[1, g], [g, 1 + g²]].
    #[inline(always)]
    pub fn linear_layer(&self, state: &mut [F; WIDTH]) {
        let (x, y) = state.split_at_mut(COLUMNS);
        match COLUMNS {
            1 => {
                if self.version == Version::Eprint2022 {
                    x[0] += y[0].mul_by_generator();
                    y[0] += x[0].mul_by_generator();
                    return;
                }
            }
            2 => {
                m2(x);
                y.rotate_left(1);
                m2(y);
            }
            3 => {
                m3(x);
                y.rotate_left(1);
                m3(y);
            }
            4 => {
                m4(x);
                y.rotate_left(1);
                m4(y);
            }
            6 => {
                circulant6(x);
                y.rotate_left(1);
                circulant6(y);
            }
            _ => unreachable!("checked in Anemoi::new"),
        }
        if self.version == Version::Crypto2023 {
            for (xi, yi) in x.iter_mut().zip(y.iter_mut()) {
                *yi += *xi;
                *xi += *yi;
            }
        }
    }

    /// Permutes a state given as a slice, checking its length.
    pub fn permute_slice(&self, state: &mut [F]) -> Result<(), Error> {
        let found = state.len();
        let array: &mut [F; WIDTH] = state.try_into().map_err(|_| Error::WrongLength {
            what: "Anemoi state",
            expected: WIDTH,
            found,
        })?;
        self.permute_mut(array);
        Ok(())
    }

    /// Jive₂ (the reference's `compress`): the state is two digests of
    /// `COLUMNS` cells, the output `x_i + x_{i+l} + P(x)_i + P(x)_{i+l}`;
    /// the workspace's [`algebraic_hash::Jive`] (as [`crate::AnemoiJive`])
    /// with the two digests laid out as one state.
    pub fn compress(&self, input: [F; WIDTH]) -> [F; COLUMNS] {
        let digests: [[F; COLUMNS]; 2] =
            core::array::from_fn(|i| core::array::from_fn(|j| input[i * COLUMNS + j]));
        crate::AnemoiJive::<F, COLUMNS, WIDTH>::new(*self).compress(digests)
    }

    /// Jive_b (the reference's `compress_k`): `input` (exactly `WIDTH`
    /// cells) is `b` chunks of `c = WIDTH / b` cells; `output` (exactly `c`
    /// cells) receives `Σ_j x_{i+c·j} + P(x)_{i+c·j}`
    /// ([`algebraic_hash::jive_output`]).
    ///
    /// Errors: `input` or `output` of the wrong length, or `b` not a divisor
    /// of `WIDTH` of at least 2.
    pub fn compress_k(&self, input: &[F], b: usize, output: &mut [F]) -> Result<(), Error> {
        let state: [F; WIDTH] = input.try_into().map_err(|_| Error::WrongLength {
            what: "Jive input",
            expected: WIDTH,
            found: input.len(),
        })?;
        if b < 2 || !WIDTH.is_multiple_of(b) {
            return Err(Error::Unsupported {
                what: "Jive compression factor (it must divide the state width and be at least 2)",
            });
        }
        let c = WIDTH / b;
        if output.len() != c {
            return Err(Error::WrongLength {
                what: "Jive output",
                expected: c,
                found: output.len(),
            });
        }
        let permuted = self.permute(state);
        algebraic_hash::jive_output(&state, &permuted, output);
        Ok(())
    }
}

impl<F: AnemoiField, const COLUMNS: usize, const WIDTH: usize> Permutation<[F; WIDTH]>
    for Anemoi<F, COLUMNS, WIDTH>
{
    #[inline]
    fn permute_mut(&self, state: &mut [F; WIDTH]) {
        F::permute_flat(self.version, self.c, self.d, COLUMNS, state.as_mut_slice());
    }

    /// Eight states at a time, their S-box exponentiations stepped together
    /// (on AVX-512 IFMA lanes where the CPU has them).
    #[inline]
    fn permute_many(&self, states: &mut [[F; WIDTH]]) {
        F::permute_flat(
            self.version,
            self.c,
            self.d,
            COLUMNS,
            states.as_flattened_mut(),
        );
    }
}

/// Permutes every state of `flat` (consecutive states of `2 · columns`
/// cells) with round constants `c`, `d`: the body of
/// [`AnemoiField::permute_flat`], which each field implements by calling
/// this, so that the permutation of each field and column count is compiled
/// once, in this crate, and not again in every crate that calls it.
pub(crate) fn permute_flat<F: AnemoiField>(
    version: Version,
    c: &'static [F],
    d: &'static [F],
    columns: usize,
    flat: &mut [F],
) {
    macro_rules! columns {
        ($($l:literal => $w:literal),*) => {
            match columns {
                $($l => {
                    let (states, rest) = flat.as_chunks_mut::<$w>();
                    assert!(rest.is_empty(), "whole states");
                    Anemoi::<F, $l, $w> { version, c, d }.permute_many_impl(states);
                })*
                _ => unreachable!("Anemoi::new checks the column count"),
            }
        };
    }
    columns!(1 => 2, 2 => 4, 3 => 6, 4 => 8, 6 => 12);
}

impl<F: AnemoiField, const COLUMNS: usize, const WIDTH: usize> Anemoi<F, COLUMNS, WIDTH> {
    /// The permutation of one state (generic; reached through
    /// [`permute_flat`]).
    #[inline(always)]
    fn permute_one_impl(&self, state: &mut [F; WIDTH]) {
        for (c, d) in self
            .c
            .chunks_exact(COLUMNS)
            .zip(self.d.chunks_exact(COLUMNS))
        {
            for i in 0..COLUMNS {
                state[i] += c[i];
                state[COLUMNS + i] += d[i];
            }
            self.linear_layer(state);
            self.sbox_layer(state);
        }
        self.linear_layer(state);
    }

    /// Eight states at a time, their S-box exponentiations stepped
    /// together: one group of AVX-512 IFMA lanes where the CPU has them, or
    /// eight chains overlapped on the scalar backend (a Merkle-tree level or
    /// a batch of Jive compressions gains the overlap a single state of one
    /// column cannot have: the x^(1/α) chain is one long dependent sequence
    /// of squarings).
    #[inline(always)]
    fn permute_many_impl(&self, states: &mut [[F; WIDTH]]) {
        let mut chunks = states.chunks_exact_mut(LANES);
        for chunk in chunks.by_ref() {
            let lanes: &mut [[F; WIDTH]; LANES] = chunk.try_into().expect("LANES states");
            self.permute_lanes(lanes);
        }
        // The one to seven states left go one at a time: a pass of fewer
        // lanes would be a third instantiation of the round code for every
        // field and width (a two-lane one cost about 90 s of the crate's
        // 124 s release build).
        for state in chunks.into_remainder() {
            self.permute_one_impl(state);
        }
    }
}

/// States stepped together by [`Permutation::permute_many`]: one group of
/// IFMA lanes.
const LANES: usize = 8;

impl<F: AnemoiField, const COLUMNS: usize, const WIDTH: usize> Anemoi<F, COLUMNS, WIDTH> {
    /// [`Permutation::permute_mut`] on `L` states, round by round, with the
    /// x^(1/α) of each column of all states computed together.
    fn permute_lanes<const L: usize>(&self, states: &mut [[F; WIDTH]; L]) {
        for (c, d) in self
            .c
            .chunks_exact(COLUMNS)
            .zip(self.d.chunks_exact(COLUMNS))
        {
            for state in states.iter_mut() {
                for i in 0..COLUMNS {
                    state[i] += c[i];
                    state[COLUMNS + i] += d[i];
                }
                self.linear_layer(state);
            }
            for i in 0..COLUMNS {
                let x: [F; L] = core::array::from_fn(|l| {
                    states[l][i] - states[l][COLUMNS + i].square().mul_by_generator()
                });
                let mut root = x;
                F::exp_inv_alpha(&mut root);
                for ((state, x), r) in states.iter_mut().zip(x).zip(root) {
                    let y = state[COLUMNS + i] - r;
                    state[COLUMNS + i] = y;
                    state[i] = x + y.square().mul_by_generator() + F::DELTA;
                }
            }
        }
        for state in states.iter_mut() {
            self.linear_layer(state);
        }
    }
}

/// The 2×2 matrix [[1, g], [g, 1 + g²]]: x₀ += g·x₁, then x₁ += g·x₀.
#[inline(always)]
fn m2<F: AnemoiField>(v: &mut [F]) {
    v[0] += v[1].mul_by_generator();
    v[1] += v[0].mul_by_generator();
}

/// The 3×3 matrix of Duval–Leurent (ToSC 2018, Figure 6) with b = g.
#[inline(always)]
fn m3<F: AnemoiField>(v: &mut [F]) {
    let t = v[0] + v[2].mul_by_generator();
    v[2] += v[1];
    v[2] += v[0].mul_by_generator();
    v[0] = t + v[2];
    v[1] += t;
}

/// The 4×4 matrix of Duval–Leurent (ToSC 2018, Figure 8) with b = g.
#[inline(always)]
fn m4<F: AnemoiField>(v: &mut [F]) {
    v[0] += v[1];
    v[2] += v[3];
    v[3] += v[0].mul_by_generator();
    v[1] = (v[1] + v[2]).mul_by_generator();
    v[0] += v[1];
    v[2] += v[3].mul_by_generator();
    v[1] += v[2];
    v[3] += v[0];
}

/// The circulant matrix with first row [1, 1, 3, 4, 5, 6] (row i is the
/// first row rotated right by i).
#[inline(always)]
fn circulant6<F: AnemoiField>(v: &mut [F]) {
    const ROW: [u64; 6] = [1, 1, 3, 4, 5, 6];
    let x: [F; 6] = [v[0], v[1], v[2], v[3], v[4], v[5]];
    for (i, out) in v.iter_mut().enumerate() {
        let mut acc = F::zero();
        for (j, xj) in x.iter().enumerate() {
            acc += mul_small(*xj, ROW[(j + 6 - i) % 6]);
        }
        *out = acc;
    }
}
