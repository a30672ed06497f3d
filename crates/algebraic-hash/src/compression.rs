//! Compression functions built from a permutation.

use core::ops::Add;

use crate::{Compression, Permutation};

/// States handed to one `permute_many` call by the `compress_many` of the
/// compressions below (a buffer on the stack: no allocation).
const BATCH: usize = 16;

/// The batched loop of every `compress_many` built on a permutation (the
/// generic compressions here, and the families' own input rules such as
/// circom's "inputs after the capacity cell"): for each chunk of at most 16
/// inputs, the states `load` builds are permuted together with
/// [`Permutation::permute_many`], and `outputs[i] = store(state_i,
/// permuted_i)`. No allocation (the chunk's states are on the stack).
///
/// # Panics
/// If `inputs` and `outputs` differ in length (the contract of
/// [`Compression::compress_many`]).
pub fn compress_many_with<
    In,
    Out,
    F: Copy + Default,
    P: Permutation<[F; WIDTH]>,
    const WIDTH: usize,
>(
    permutation: &P,
    inputs: &[In],
    outputs: &mut [Out],
    load: impl Fn(&In) -> [F; WIDTH],
    store: impl Fn(&[F; WIDTH], &[F; WIDTH]) -> Out,
) {
    assert_eq!(inputs.len(), outputs.len(), "one output per input");
    let mut before = [[F::default(); WIDTH]; BATCH];
    let mut after = [[F::default(); WIDTH]; BATCH];
    for (ins, outs) in inputs.chunks(BATCH).zip(outputs.chunks_mut(BATCH)) {
        let n = ins.len();
        for (state, input) in before.iter_mut().zip(ins) {
            *state = load(input);
        }
        after[..n].copy_from_slice(&before[..n]);
        permutation.permute_many(&mut after[..n]);
        for ((out, b), a) in outs.iter_mut().zip(&before).zip(&after) {
            *out = store(b, a);
        }
    }
}

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
        let mut state = load(&input);
        self.permutation.permute_mut(&mut state);
        truncate(&state)
    }

    /// Through the permutation's `permute_many` (batch backends interleave
    /// several states there).
    fn compress_many(&self, inputs: &[[[F; CHUNK]; N]], outputs: &mut [[F; CHUNK]]) {
        compress_many_with(&self.permutation, inputs, outputs, load, |_, after| {
            truncate(after)
        });
    }
}

/// The chunks one after the other at the start of a zeroed state.
fn load<F: Copy + Default, const N: usize, const CHUNK: usize, const WIDTH: usize>(
    input: &[[F; CHUNK]; N],
) -> [F; WIDTH] {
    let mut state = [F::default(); WIDTH];
    for (cells, chunk) in state.chunks_exact_mut(CHUNK).zip(input.iter()) {
        cells.copy_from_slice(chunk);
    }
    state
}

/// The first `CHUNK` cells.
fn truncate<F: Copy + Default, const CHUNK: usize, const WIDTH: usize>(
    state: &[F; WIDTH],
) -> [F; CHUNK] {
    let mut out = [F::default(); CHUNK];
    out.copy_from_slice(&state[..CHUNK]);
    out
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
        let state = load(&input);
        let permuted = self.permutation.permute(state);
        jive_sum::<F, B, CHUNK, WIDTH>(&state, &permuted)
    }

    /// Through the permutation's `permute_many` (batch backends interleave
    /// several states there).
    fn compress_many(&self, inputs: &[[[F; CHUNK]; B]], outputs: &mut [[F; CHUNK]]) {
        compress_many_with(
            &self.permutation,
            inputs,
            outputs,
            load,
            jive_sum::<F, B, CHUNK, WIDTH>,
        );
    }
}

/// `Σ_i (x_i + P(x)_i)` over the `B` chunks.
fn jive_sum<F, const B: usize, const CHUNK: usize, const WIDTH: usize>(
    state: &[F; WIDTH],
    permuted: &[F; WIDTH],
) -> [F; CHUNK]
where
    F: Copy + Default + Add<Output = F>,
{
    let mut out = [F::default(); CHUNK];
    jive_output(state, permuted, &mut out);
    out
}

/// The Jive output of a state and its permutation: with `c = output.len()`
/// cells per chunk, `output[j] = Σ_i (x_{i·c + j} + P(x)_{i·c + j})` over
/// the `state.len() / c` chunks. The one Jive sum of the workspace: the
/// generic [`Jive`] uses it, and so do families whose chunk count is chosen
/// at run time (Anemoi's `compress_k`).
///
/// # Panics
/// If `state` and `permuted` differ in length, or `output` is empty or its
/// length does not divide theirs (callers check lengths first).
pub fn jive_output<F>(state: &[F], permuted: &[F], output: &mut [F])
where
    F: Copy + Add<Output = F>,
{
    let c = output.len();
    assert!(
        state.len() == permuted.len() && c > 0 && state.len().is_multiple_of(c),
        "Jive: chunks must fill the state"
    );
    for (j, o) in output.iter_mut().enumerate() {
        let mut acc = state[j] + permuted[j];
        for i in 1..state.len() / c {
            acc = acc + state[i * c + j] + permuted[i * c + j];
        }
        *o = acc;
    }
}
