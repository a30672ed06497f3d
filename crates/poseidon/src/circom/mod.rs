//! Poseidon over BN254 with circomlib's parameters, for every circomlib width
//! t = 2..17.
//!
//! This is the hash of circomlib's `Poseidon(nInputs)` / `PoseidonEx` circuits
//! and of circomlibjs' `poseidon(inputs, initState, nOut)`: x^5 S-box,
//! RF = 8 full rounds, RP partial rounds as in [`ROUNDS_P`], the round
//! constants and Cauchy MDS matrices of circomlibjs' `poseidon_constants*.js`
//! (generated there with the Grain LFSR script of the Poseidon authors).
//! The state is `[initState, inputs...]` (capacity first, 0 by default) and
//! the hash is element 0 of the permuted state.
//!
//! The permutation runs in the optimized form of circomlibjs'
//! `poseidon_opt.js` (after Neptune): full rounds with the MDS matrix, one
//! dense "pre-sparse" matrix before the partial rounds, then each partial
//! round with a single S-box and a sparse matrix (one dense row, one column).
//! Its constants are circomlibjs' `poseidon_constants_opt.js`, written as
//! Montgomery limbs into one binary file per width, `tables/tT.bin` (each
//! a static of `tables.rs`; `tests/circom_vectors.rs` checks their
//! SHA-256), by
//! `scripts/poseidon-circom/gen-constants.mjs`.

use algebraic_hash::{Compression, Error, Hasher, Permutation};
use ark_ff::Zero;

use crate::Fr;
use crate::field::{fr_from_be_bytes, fr_from_le_bytes, fr_from_str, fr_to_le_bytes};
use algebraic_hash_montgomery::{
    Arith, Backend, FieldOps, Kernel, LaneKernel, dispatch, dispatch_lanes, dot_bound, from_limbs,
    limbs,
};
use ark_bn254::FrConfig;

/// Four little-endian words: an element's Montgomery form.
type Limbs = [u64; 4];

mod tables;

/// Full rounds of every width (4 before and 4 after the partial rounds).
pub const ROUNDS_F: usize = 8;

/// Partial rounds for t = 2..17 (`ROUNDS_P[t - 2]`), as in circomlib.
pub const ROUNDS_P: [usize; 16] = [
    56, 57, 56, 60, 60, 63, 64, 63, 60, 66, 60, 65, 70, 60, 64, 68,
];

/// Smallest circomlib width (one input).
pub const MIN_WIDTH: usize = 2;
/// Largest circomlib width (sixteen inputs).
pub const MAX_WIDTH: usize = 17;
/// Largest number of inputs of [`poseidon`].
pub const MAX_INPUTS: usize = MAX_WIDTH - 1;

/// One stored element (`tables/tT.bin`): four little-endian limbs, Montgomery form.
type Stored = [u8; 32];

/// The limbs of a stored element.
#[inline(always)]
fn load(e: &Stored) -> Limbs {
    let (words, _) = e.as_chunks::<8>();
    core::array::from_fn(|i| u64::from_le_bytes(words[i]))
}

/// Elements of width `t`'s file: full-round constants, partial-round
/// constants, sparse rows, sparse columns, MDS, pre-sparse matrix.
const fn section_len(t: usize) -> usize {
    let rp = ROUNDS_P[t - MIN_WIDTH];
    ROUNDS_F * t + rp + 2 * rp * t + 2 * t * t
}

/// Width `t`'s constants: its own static, chosen at compile time, so that
/// a build that calls only some widths (the WebAssembly module of t = 2..5)
/// links only their constants.
const fn width_bytes(t: usize) -> &'static [u8] {
    match t {
        2 => &tables::T2,
        3 => &tables::T3,
        4 => &tables::T4,
        5 => &tables::T5,
        6 => &tables::T6,
        7 => &tables::T7,
        8 => &tables::T8,
        9 => &tables::T9,
        10 => &tables::T10,
        11 => &tables::T11,
        12 => &tables::T12,
        13 => &tables::T13,
        14 => &tables::T14,
        15 => &tables::T15,
        16 => &tables::T16,
        17 => &tables::T17,
        _ => panic!("circomlib widths are 2..=17"),
    }
}

/// The optimized-form constants of one width: a view of its file
/// `tables/tT.bin`.
///
/// Full rounds: row 0 of the full-round constants is added before round 0;
/// rows 1..=4 after the S-boxes of the first four full rounds; rows 5..=7
/// after the S-boxes of the first three of the last four full rounds (the
/// last round adds none). Partial round `r` adds `partial(r)` to element 0
/// after its S-box, then applies its sparse matrix: the new element 0 is
/// `row · state`; for `k ≥ 1` the new element k is `state[k] + col[k] ·
/// state[0]` (`col[0]` is unused and zero). Matrices are row-major:
/// `m[i][j]` is the weight of input j in output i.
pub(crate) struct Tables<const T: usize> {
    elements: &'static [Stored],
}

impl<const T: usize> Tables<T> {
    const ROUNDS_P: usize = ROUNDS_P[T - MIN_WIDTH];
    const PARTIAL: usize = ROUNDS_F * T;
    const ROWS: usize = Self::PARTIAL + Self::ROUNDS_P;
    const COLS: usize = Self::ROWS + Self::ROUNDS_P * T;
    const MDS: usize = Self::COLS + Self::ROUNDS_P * T;
    const PRE_SPARSE: usize = Self::MDS + T * T;

    /// Width `T`'s constants.
    const fn new() -> Self {
        let (elements, rest) = width_bytes(T).as_chunks::<32>();
        assert!(rest.is_empty() && elements.len() == section_len(T));
        Self { elements }
    }

    /// The full-round constants of row `r`.
    #[inline(always)]
    fn full(&self, r: usize) -> &'static [Stored] {
        &self.elements[r * T..(r + 1) * T]
    }

    /// The partial-round constants.
    #[inline(always)]
    fn partial(&self) -> &'static [Stored] {
        &self.elements[Self::PARTIAL..Self::ROWS]
    }

    /// The dense row of partial round `r`'s sparse matrix.
    #[inline(always)]
    fn sparse_row(&self, r: usize) -> &'static [Stored] {
        &self.elements[Self::ROWS + r * T..Self::ROWS + (r + 1) * T]
    }

    /// The column of partial round `r`'s sparse matrix.
    #[inline(always)]
    fn sparse_col(&self, r: usize) -> &'static [Stored] {
        &self.elements[Self::COLS + r * T..Self::COLS + (r + 1) * T]
    }

    /// The MDS matrix.
    #[inline(always)]
    fn mds(&self) -> &'static [Stored] {
        &self.elements[Self::MDS..Self::PRE_SPARSE]
    }

    /// The dense matrix of the last full round before the partial rounds.
    #[inline(always)]
    fn pre_sparse(&self) -> &'static [Stored] {
        &self.elements[Self::PRE_SPARSE..Self::PRE_SPARSE + T * T]
    }
}

/// The tables of every width.
macro_rules! width_tables {
    ($($name:ident = $t:literal),*) => {
        $(pub(crate) static $name: Tables<$t> = Tables::new();)*
    };
}
width_tables!(
    T2 = 2,
    T3 = 3,
    T4 = 4,
    T5 = 5,
    T6 = 6,
    T7 = 7,
    T8 = 8,
    T9 = 9,
    T10 = 10,
    T11 = 11,
    T12 = 12,
    T13 = 13,
    T14 = 14,
    T15 = 15,
    T16 = 16,
    T17 = 17
);

/// A stored constant in every lane of `f`'s elements.
#[inline(always)]
fn constant<A: FieldOps<4>>(f: A, c: &Stored) -> A::Elem {
    f.constant(&load(c))
}

/// Adds round constants to every element of every group.
#[inline(always)]
fn add_constants<A: FieldOps<4>, const T: usize, const L: usize>(
    f: A,
    state: &mut [[A::Elem; T]; L],
    constants: &[Stored],
) {
    for (i, c) in constants.iter().enumerate().take(T) {
        let c = constant(f, c);
        for group in state.iter_mut() {
            group[i] = f.add(&group[i], &c);
        }
    }
}

/// `state ← matrix · state` in every group, one reduction per output
/// element (T wide products below p², reduced once).
#[inline(always)]
fn mix<A: FieldOps<4>, const T: usize, const L: usize>(
    f: A,
    state: &mut [[A::Elem; T]; L],
    matrix: &[Stored],
) {
    let input = *state;
    for (i, row) in matrix.chunks_exact(T).enumerate() {
        let weights: [A::Elem; T] = core::array::from_fn(|k| constant(f, &row[k]));
        for (group, input) in state.iter_mut().zip(&input) {
            group[i] = f.reduce_from(&f.dot_lazy(&weights, input), dot_bound::<FrConfig, 4>(T));
        }
    }
}

/// `x^5` for `x < p`, below 2p (two squares and a product, none reduced).
#[inline(always)]
fn pow5_lazy<A: FieldOps<4>>(f: A, x: &A::Elem) -> A::Elem {
    let x4 = f.square(&f.square(x));
    f.mul(&x4, x)
}

/// A full round: S-box on every element, constants (none in the last
/// round), matrix.
#[inline(always)]
fn full_round<A: FieldOps<4>, const T: usize, const L: usize>(
    f: A,
    state: &mut [[A::Elem; T]; L],
    constants: Option<&[Stored]>,
    matrix: &[Stored],
) {
    for i in 0..T {
        for group in state.iter_mut() {
            group[i] = f.reduce(&pow5_lazy(f, &group[i]));
        }
    }
    if let Some(c) = constants {
        add_constants(f, state, c);
    }
    mix(f, state, matrix);
}

/// The permutation in circomlibjs' optimized form on `L` groups of states
/// stepped together (each cell one element of `f`: a state, or a group of
/// lanes; every element below p between rounds).
#[inline(always)]
fn permute_groups<A: FieldOps<4>, const T: usize, const L: usize>(
    f: A,
    s: &mut [[A::Elem; T]; L],
    tables: &Tables<T>,
) {
    add_constants(f, s, tables.full(0));
    for r in 0..ROUNDS_F / 2 {
        let matrix = if r + 1 < ROUNDS_F / 2 {
            tables.mds()
        } else {
            tables.pre_sparse()
        };
        full_round(f, s, Some(tables.full(r + 1)), matrix);
    }
    for (r, c) in tables.partial().iter().enumerate() {
        let (row, col) = (tables.sparse_row(r), tables.sparse_col(r));
        let c = constant(f, c);
        let weights: [A::Elem; T] = core::array::from_fn(|k| constant(f, &row[k]));
        let col: [A::Elem; T] = core::array::from_fn(|k| constant(f, &col[k]));
        for group in s.iter_mut() {
            // The S-box output and its constant are not reduced: s0 < 3p.
            let s0 = f.add_lazy(&pow5_lazy(f, &group[0]), &c);
            let mut values = *group;
            values[0] = s0;
            for (x, w) in group.iter_mut().zip(&col).skip(1) {
                // w < p first, s0 < 3p: the product is below 2p (rule 1).
                *x = f.add(x, &f.mul_reduced(w, &s0));
            }
            // T − 1 products below p² and one below 3p²: T + 2 terms.
            group[0] = f.reduce_from(
                &f.dot_lazy(&weights, &values),
                dot_bound::<FrConfig, 4>(T + 2),
            );
        }
    }
    for r in 0..ROUNDS_F / 2 {
        let constants = (r + 1 < ROUNDS_F / 2).then(|| tables.full(ROUNDS_F / 2 + 1 + r));
        full_round(f, s, constants, tables.mds());
    }
}

/// Permutes `states` (`L · f.LANES` of them) in `L` groups of lanes.
#[inline(always)]
fn permute_states<A: FieldOps<4>, const T: usize, const L: usize>(
    f: A,
    states: &mut [[Fr; T]],
    tables: &Tables<T>,
) {
    debug_assert_eq!(states.len(), L * A::LANES);
    let mut s: [[A::Elem; T]; L] = core::array::from_fn(|g| {
        core::array::from_fn(|i| f.load(|k| limbs(&states[g * A::LANES + k][i])))
    });
    permute_groups(f, &mut s, tables);
    for (g, group) in s.iter().enumerate() {
        for (i, x) in group.iter().enumerate() {
            f.store(x, |k, l| states[g * A::LANES + k][i] = from_limbs(l));
        }
    }
}

/// States stepped together by `permute_many` on the scalar backends.
#[cfg(not(target_arch = "wasm32"))]
const LANES: usize = 2;
/// One on wasm32: each width's permutation is then compiled once, not for
/// one state and for two, which keeps the WebAssembly module of t = 2..5
/// under 200 KB.
#[cfg(target_arch = "wasm32")]
const LANES: usize = 1;

/// Groups of lanes stepped together on the lane backend.
const LANE_GROUPS: usize = 2;

/// One state or many: on the scalar backends [`LANES`] at a time (the rest
/// one by one); on lanes, whole groups of `f.LANES` (the caller leaves fewer
/// than a group to the scalar backends).
struct Permute<'a, const T: usize> {
    states: &'a mut [[Fr; T]],
    tables: &'a Tables<T>,
}

impl<const T: usize> Kernel<4> for Permute<'_, T> {
    type Output = ();
    #[inline(always)]
    fn run<B: Backend<4>>(self, backend: B) {
        let f = Arith::<FrConfig, B, 4>::new(backend);
        let mut chunks = self.states.chunks_exact_mut(LANES);
        for chunk in chunks.by_ref() {
            permute_states::<_, T, LANES>(f, chunk, self.tables);
        }
        for state in chunks.into_remainder().chunks_exact_mut(1) {
            permute_states::<_, T, 1>(f, state, self.tables);
        }
    }
}

impl<const T: usize> LaneKernel<4> for Permute<'_, T> {
    type Output = ();
    #[inline(always)]
    fn run<A: FieldOps<4>>(self, f: A) {
        let mut chunks = self.states.chunks_exact_mut(LANE_GROUPS * A::LANES);
        for chunk in chunks.by_ref() {
            permute_states::<A, T, LANE_GROUPS>(f, chunk, self.tables);
        }
        for group in chunks.into_remainder().chunks_exact_mut(A::LANES) {
            permute_states::<A, T, 1>(f, group, self.tables);
        }
    }
}

/// The permutation of one state.
#[inline]
fn permute<const T: usize>(state: &mut [Fr; T], tables: &Tables<T>) {
    dispatch(Permute {
        states: core::slice::from_mut(state),
        tables,
    });
}

/// The permutation of many states: whole groups of eight on the lanes of
/// this CPU (AVX-512 IFMA) when it has them, the rest [`LANES`] at a time
/// on the scalar backend.
#[inline]
fn permute_many<const T: usize>(states: &mut [[Fr; T]], tables: &Tables<T>) {
    let split = states.len() / 8 * 8;
    if split == 0 {
        return dispatch(Permute { states, tables });
    }
    let (grouped, tail) = states.split_at_mut(split);
    let tail = match dispatch_lanes::<FrConfig, 4, _>(Permute {
        states: grouped,
        tables,
    }) {
        Ok(()) => tail,
        // No lanes: every state on the scalar backend.
        Err(_) => states,
    };
    dispatch(Permute {
        states: tail,
        tables,
    });
}

/// The permutation of one state on `backend` ([`crate::PermuteOn`]).
#[inline]
fn permute_with<B: Backend<4>, const T: usize>(
    backend: B,
    state: &mut [Fr; T],
    tables: &Tables<T>,
) {
    permute_states::<_, T, 1>(
        Arith::<FrConfig, B, 4>::new(backend),
        core::slice::from_mut(state),
        tables,
    );
}

/// [`permute_many`] with the lanes' portable model in place of the lanes:
/// whole groups of eight on the model, the rest on the portable backend.
#[inline]
fn permute_many_on_model<const T: usize>(states: &mut [[Fr; T]], tables: &Tables<T>) {
    use algebraic_hash_montgomery::{LaneField, Portable};
    let split = states.len() / 8 * 8;
    let (grouped, tail) = states.split_at_mut(split);
    FrConfig::run_model(Permute {
        states: grouped,
        tables,
    });
    Kernel::<4>::run(
        Permute {
            states: tail,
            tables,
        },
        Portable,
    );
}

/// circomlib's Poseidon permutation of width `T` (2..=17), a zero-sized
/// handle on the constant tables.
///
/// * [`Permutation<[Fr; T]>`](Permutation): the full-state permutation;
/// * [`Compression<Fr, {T - 1}>`](Compression): `permute([0, x...])[0]`,
///   circomlib's layout (capacity first), equal to [`poseidon`] of `x`;
/// * [`Hasher<Fr>`](Hasher): [`poseidon`] of exactly `T - 1` elements.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CircomPoseidon<const T: usize>;

impl<const T: usize> CircomPoseidon<T> {
    /// The permutation of width `T`; fails to compile unless `2 <= T <= 17`.
    pub const fn new() -> Self {
        const {
            assert!(
                T >= MIN_WIDTH && T <= MAX_WIDTH,
                "circomlib widths are 2..=17"
            )
        };
        Self
    }

    /// Number of partial rounds of this width.
    pub const fn rounds_p(&self) -> usize {
        ROUNDS_P[T - MIN_WIDTH]
    }

    /// [`Permutation::permute_many`] by the lanes' algorithm (the AVX-512
    /// IFMA path's arithmetic) run on their portable model, on any CPU:
    /// whole groups of eight states on the model, the rest on the portable
    /// backend. For testing that algorithm where the CPU has no lanes;
    /// every path computes the same permutation.
    #[inline]
    pub fn permute_many_on_lane_model(&self, states: &mut [[Fr; T]]) {
        permute_many_on_model(states, &const { Tables::<T>::new() });
    }
}

/// Error for a hash input count that does not fit width `t`.
fn wrong_input_count(t: usize, found: usize) -> Error {
    Error::WrongLength {
        what: "circom Poseidon inputs",
        expected: t - 1,
        found,
    }
}

macro_rules! widths {
    ($(($t:literal, $n:literal, $tables:ident)),* $(,)?) => {
        $(
            // Not `#[inline]`: each width's permutation is compiled once,
            // here, and not again in every crate that calls it.
            impl Permutation<[Fr; $t]> for CircomPoseidon<$t> {
                fn permute_mut(&self, state: &mut [Fr; $t]) {
                    permute(state, &$tables);
                }

                /// Two states stepped together (throughput; same results
                /// as one by one).
                fn permute_many(&self, states: &mut [[Fr; $t]]) {
                    permute_many(states, &$tables);
                }
            }

            impl Compression<Fr, $n> for CircomPoseidon<$t> {
                #[inline]
                fn compress(&self, input: [Fr; $n]) -> Fr {
                    let mut state = [Fr::zero(); $t];
                    state[1..].copy_from_slice(&input);
                    self.permute_mut(&mut state);
                    state[0]
                }

                #[inline]
                fn compress_many(&self, inputs: &[[Fr; $n]], outputs: &mut [Fr]) {
                    crate::batch::compress_many::<_, $t, $n>(self, inputs, outputs, 1);
                }
            }

            impl Hasher<Fr> for CircomPoseidon<$t> {
                type Digest = Fr;

                /// circomlib's `Poseidon(T - 1)` of `input`.
                ///
                /// # Panics
                /// If `input` does not hold exactly `T - 1` elements (the
                /// width fixes the arity); [`CircomPoseidon::hash`] and
                /// [`poseidon`] return an error instead.
                #[inline]
                fn hash_elements(&self, input: &[Fr]) -> Fr {
                    match self.hash(input) {
                        Ok(digest) => digest,
                        Err(e) => panic!("{e}"),
                    }
                }

                /// As [`CircomPoseidon::hash`]: another input count than
                /// `T - 1` is [`Error::WrongLength`].
                #[inline]
                fn try_hash_elements(&self, input: &[Fr]) -> Result<Fr, Error> {
                    self.hash(input)
                }
            }

            impl crate::PermuteOn<[Fr; $t]> for CircomPoseidon<$t> {
                #[inline]
                fn permute_on<B: Backend<4>>(&self, backend: B, state: &mut [Fr; $t]) {
                    permute_with(backend, state, &$tables);
                }
            }

            impl CircomPoseidon<$t> {
                /// circomlib's `Poseidon(T - 1)`: the first element of the
                /// permuted state `[0, input...]`; `input` must hold exactly
                /// `T - 1` elements.
                #[inline]
                pub fn hash(&self, input: &[Fr]) -> Result<Fr, Error> {
                    let input: [Fr; $n] =
                        input.try_into().map_err(|_| wrong_input_count($t, input.len()))?;
                    Ok(self.compress(input))
                }
            }
        )*

        /// Permutes `state` in place with the width `state.len()`.
        fn permute_dyn(state: &mut [Fr]) -> Result<(), Error> {
            let len = state.len();
            match len {
                $(
                    $t => {
                        let fixed: &mut [Fr; $t] = state.try_into().map_err(|_| width_error(len))?;
                        CircomPoseidon::<$t>::new().permute_mut(fixed);
                        Ok(())
                    }
                )*
                other => Err(width_error(other)),
            }
        }
    };
}

widths!(
    (2, 1, T2),
    (3, 2, T3),
    (4, 3, T4),
    (5, 4, T5),
    (6, 5, T6),
    (7, 6, T7),
    (8, 7, T8),
    (9, 8, T9),
    (10, 9, T10),
    (11, 10, T11),
    (12, 11, T12),
    (13, 12, T13),
    (14, 13, T14),
    (15, 14, T15),
    (16, 15, T16),
    (17, 16, T17),
);

fn width_error(found: usize) -> Error {
    Error::LengthOutOfRange {
        what: "circom Poseidon state",
        min: MIN_WIDTH,
        max: MAX_WIDTH,
        found,
    }
}

fn input_count_error(found: usize) -> Error {
    Error::LengthOutOfRange {
        what: "circom Poseidon inputs",
        min: 1,
        max: MAX_INPUTS,
        found,
    }
}

/// circomlibjs' `poseidon(inputs)` as a [`Hasher`]: the width follows the
/// input count (1..=16 inputs, width 2..=17), as [`poseidon`].
///
/// [`Hasher::try_hash_elements`] refuses 0 or more than 16 inputs with
/// [`Error::LengthOutOfRange`]; [`Hasher::hash_elements`] panics on them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PoseidonAnyWidth;

impl Hasher<Fr> for PoseidonAnyWidth {
    type Digest = Fr;

    /// [`poseidon`] of `input`.
    ///
    /// # Panics
    /// If `input` holds 0 or more than 16 elements.
    #[inline]
    fn hash_elements(&self, input: &[Fr]) -> Fr {
        match poseidon(input) {
            Ok(digest) => digest,
            Err(e) => panic!("{e}"),
        }
    }

    #[inline]
    fn try_hash_elements(&self, input: &[Fr]) -> Result<Fr, Error> {
        poseidon(input)
    }
}

/// circomlib's `Poseidon(n)` / circomlibjs' `poseidon(inputs)` for
/// `n = inputs.len()` in 1..=16: the width is `n + 1`, the state
/// `[0, inputs...]` is permuted and element 0 is the hash.
///
/// Fails with [`Error::LengthOutOfRange`] for 0 or more than 16 inputs.
pub fn poseidon(inputs: &[Fr]) -> Result<Fr, Error> {
    let mut out = [Fr::zero()];
    poseidon_ex(inputs, Fr::zero(), &mut out)?;
    Ok(out[0])
}

/// circomlib's `PoseidonEx(n, nOuts)` / circomlibjs'
/// `poseidon(inputs, initState, nOut)`: permutes `[init_state, inputs...]`
/// (width `inputs.len() + 1`) and writes its first `out.len()` elements to
/// `out`.
///
/// Fails with [`Error::LengthOutOfRange`] unless `inputs` holds 1..=16
/// elements and `out` 1..=`inputs.len() + 1`.
pub fn poseidon_ex(inputs: &[Fr], init_state: Fr, out: &mut [Fr]) -> Result<(), Error> {
    poseidon_ex_with(inputs, init_state, out, permute_dyn)
}

/// [`poseidon_ex`] with the permutation `permute` of the state
/// `[init_state, inputs...]` (its length is the width): the same checks and
/// errors, for callers that link only some widths (the library's own
/// dispatch links all sixteen: 800 KB of constants in a WebAssembly module).
/// `permute` runs only when the counts are right; its error is returned.
pub fn poseidon_ex_with(
    inputs: &[Fr],
    init_state: Fr,
    out: &mut [Fr],
    permute: impl FnOnce(&mut [Fr]) -> Result<(), Error>,
) -> Result<(), Error> {
    let t = inputs.len() + 1;
    if !(1..=MAX_INPUTS).contains(&inputs.len()) {
        return Err(input_count_error(inputs.len()));
    }
    if !(1..=t).contains(&out.len()) {
        return Err(Error::LengthOutOfRange {
            what: "circom Poseidon outputs",
            min: 1,
            max: t,
            found: out.len(),
        });
    }
    let mut state = [Fr::zero(); MAX_WIDTH];
    state[0] = init_state;
    state[1..t].copy_from_slice(inputs);
    permute(&mut state[..t])?;
    out.copy_from_slice(&state[..out.len()]);
    Ok(())
}

/// The full-state permutation of width `state.len()` (2..=17), in place;
/// element 0 is the capacity (circomlibjs' `initState`).
///
/// Fails with [`Error::LengthOutOfRange`] for other lengths.
pub fn permute_state(state: &mut [Fr]) -> Result<(), Error> {
    permute_dyn(state)
}

/// [`poseidon`] of elements written in decimal or `0x`-hex.
///
/// Fails with the parsing error of the first bad element
/// ([`Error::MalformedNumber`], or [`Error::NotCanonical`] for a value ≥ p:
/// inputs are never reduced), or as [`poseidon`] for a bad count.
pub fn poseidon_strs<S: AsRef<str>>(inputs: &[S]) -> Result<Fr, Error> {
    if !(1..=MAX_INPUTS).contains(&inputs.len()) {
        return Err(input_count_error(inputs.len()));
    }
    let mut elements = [Fr::zero(); MAX_INPUTS];
    for (x, text) in elements.iter_mut().zip(inputs) {
        *x = fr_from_str(text.as_ref())?;
    }
    poseidon(&elements[..inputs.len()])
}

/// [`poseidon`] of 32-byte big-endian elements (the encoding of circom,
/// Solidity and light-poseidon's `hash_bytes_be`), with the hash in the same
/// encoding.
///
/// Fails with [`Error::WrongLength`] for an input that is not 32 bytes,
/// [`Error::NotCanonical`] for a value ≥ p (inputs are never reduced), or as
/// [`poseidon`] for a bad count.
pub fn poseidon_be_bytes<B: AsRef<[u8]>>(inputs: &[B]) -> Result<[u8; 32], Error> {
    let mut out = poseidon_words(inputs, fr_from_be_bytes)?;
    out.reverse();
    Ok(out)
}

/// [`poseidon`] of 32-byte little-endian elements (arkworks' encoding, and
/// light-poseidon's `hash_bytes_le`), with the hash in the same encoding.
/// Errors as [`poseidon_be_bytes`].
pub fn poseidon_le_bytes<B: AsRef<[u8]>>(inputs: &[B]) -> Result<[u8; 32], Error> {
    poseidon_words(inputs, fr_from_le_bytes)
}

/// [`poseidon`] of words read by `read`, as 32 little-endian bytes.
fn poseidon_words<B: AsRef<[u8]>>(
    inputs: &[B],
    read: fn(&[u8]) -> Result<Fr, Error>,
) -> Result<[u8; 32], Error> {
    if !(1..=MAX_INPUTS).contains(&inputs.len()) {
        return Err(input_count_error(inputs.len()));
    }
    let mut elements = [Fr::zero(); MAX_INPUTS];
    for (x, bytes) in elements.iter_mut().zip(inputs) {
        *x = read(bytes.as_ref())?;
    }
    Ok(fr_to_le_bytes(&poseidon(&elements[..inputs.len()])?))
}
