//! The Hades Poseidon permutation (Grassi, Khovratovich, Rechberger,
//! Roy, Schofnegger, eprint 2019/458), written once for every instance of
//! this crate's ecosystems: any prime field of the Montgomery core, any
//! width, any S-box exponent, any linear layer.
//!
//! An ecosystem is a table ([`Spec`]) — field, width, α, round counts,
//! constants, linear layer and which cell takes the S-box of the partial
//! rounds — plus its mode (sponge, padding, output cell), which lives in
//! the ecosystem's own module (`starknet`, `orchard`, `mina`, `dusk`,
//! `filecoin`, `aleo`). The rounds are:
//!
//! ```text
//! R_F/2 full rounds:    x_i += c_i (every cell), x_i = x_i^α (every cell), x = M·x
//! R_P partial rounds:   x_s += c,                x_s = x_s^α,               x = M·x
//! R_F/2 full rounds:    as the first ones
//! ```
//!
//! # Constants after the linear layer
//!
//! Mina's Poseidons (Kimchi and the legacy one) have full rounds only, and
//! each adds its constants *after* the matrix: `x_i = x_i^α, x = M·x,
//! x_i += c_i`, so the round order of the paper is rotated by one step (the
//! first S-box takes the input as it is, the last step adds constants);
//! the legacy one also adds a row of constants before the first round. A
//! [`Spec`] says so with [`Spec::CONSTANTS_AFTER_MIX`] and
//! [`Spec::initial_constants`], and the same round code runs it; shifting
//! the table into the paper's order instead would need a round without
//! constants at the start and a lone addition at the end.
//!
//! # Why one constant per partial round
//!
//! A textbook partial round adds a constant to every cell, but only cell
//! `s` goes through the S-box: the other cells' constants pass through it
//! unchanged, so they can be carried through the linear layer into the
//! next round's constants, and so on to the first full round after the
//! partial rounds. Each partial round then adds one constant, to cell `s`
//! (R_P·(t − 1) fewer additions, the same permutation). The constant
//! generators (`scripts/poseidon-hades/`) do that carrying, from the
//! ecosystem's published textbook table.
//!
//! # Why the linear layer is the instance's code
//!
//! Some ecosystems chose matrices of small integers (Starknet's
//! `[[3, 1, 1], [1, −1, 1], [1, 1, −2]]`), applied with additions only;
//! others a dense matrix of field elements (one [`Arith::dot`] per
//! row: [`dense_mix`]). Each [`Spec`] supplies its own `mix`, and may give
//! the partial rounds another one: a dense matrix is then factored, round
//! by round, into a sparse matrix (one dense row and one column:
//! [`sparse_mix`], `2t − 1` products instead of `t²`) and a factor that
//! leaves the S-box cell alone and so moves back into the round before, up
//! to the last full round ([`Spec::mix_before_partial`]), as Neptune and
//! circomlib's optimized tables do ([`sparse_mix_at`] on the S-box cell:
//! 0 for Orchard, 4 for Dusk).
//!
//! # Arithmetic
//!
//! The round code uses only the methods of the Montgomery core's
//! [`Arith`] on limb arrays (`[u64; N]`, the arkworks Montgomery form), so
//! it reads the same with any `Arith` backend [`dispatch`] picks. Every cell
//! is below p between steps; on the fields where values below 2p are closed
//! under products (`MontParams::LAZY`) the S-box input `x + c` and the
//! products inside an S-box stay unreduced (below 2p), elsewhere they are
//! reduced. Nothing branches on data.
//!
//! The rounds step `L` independent states together (L = 1 for one
//! permutation, 2 for `permute_many`), as the circom and Poseidon2 code do,
//! so the long dependent chain of the partial rounds of one state overlaps
//! with another's.

use algebraic_hash_montgomery::{
    Arith, Backend, Kernel, MontConfig, MontParams, dispatch, from_limbs, limbs,
};
use ark_ff::{Fp, MontBackend};

/// The [`Spec`] of an instance whose rounds all multiply by one dense
/// matrix (`constants::$mds`) and whose partial rounds, S-box on cell 0,
/// are in sparse form (`$pre`, `$rows`, `$cols` from
/// `hades.sparse_factors`): Orchard, Filecoin and Aleo. `constants` is the
/// invoking module's table module, written by its generator in
/// `scripts/poseidon-hades/`.
#[cfg(any(feature = "orchard", feature = "filecoin", feature = "aleo"))]
macro_rules! sparse_spec {
    ($table:ty, $width:literal, alpha: $alpha:literal, rounds: ($rf:literal, $rp:literal),
     $full:ident, $partial:ident, $mds:ident, $pre:ident, $rows:ident, $cols:ident) => {
        impl $crate::hades::Spec<4, $width> for $table {
            const ALPHA: u64 = $alpha;
            const ROUNDS_F: usize = $rf;
            const ROUNDS_P: usize = $rp;
            const SBOX_CELL: usize = 0;

            fn full_constants() -> &'static [[[u64; 4]; $width]] {
                &constants::$full
            }

            fn partial_constants() -> &'static [[u64; 4]] {
                &constants::$partial
            }

            #[inline(always)]
            fn mix<B: algebraic_hash_montgomery::Backend<4>>(
                f: algebraic_hash_montgomery::Arith<Self::Config, B, 4>,
                state: &mut [[u64; 4]; $width],
            ) {
                $crate::hades::dense_mix(f, &constants::$mds, state);
            }

            #[inline(always)]
            fn mix_before_partial<B: algebraic_hash_montgomery::Backend<4>>(
                f: algebraic_hash_montgomery::Arith<Self::Config, B, 4>,
                state: &mut [[u64; 4]; $width],
            ) {
                $crate::hades::dense_mix(f, &constants::$pre, state);
            }

            #[inline(always)]
            fn mix_partial<B: algebraic_hash_montgomery::Backend<4>>(
                f: algebraic_hash_montgomery::Arith<Self::Config, B, 4>,
                round: usize,
                state: &mut [[u64; 4]; $width],
            ) {
                $crate::hades::sparse_mix(
                    f,
                    &constants::$rows[round],
                    &constants::$cols[round],
                    state,
                );
            }
        }
    };
}

/// [`crate::PermuteOn`] for `$instance`, whose rounds are the [`Spec`]
/// `$spec` on states of `$width` `$element`s.
macro_rules! permute_on {
    ($instance:ty, $element:ty, $spec:ty, $width:tt) => {
        impl $crate::PermuteOn<[$element; $width]> for $instance {
            #[inline]
            fn permute_on<B: algebraic_hash_montgomery::Backend<4>>(
                &self,
                backend: B,
                state: &mut [$element; $width],
            ) {
                $crate::hades::permute_with::<$spec, B, 4, $width>(backend, state);
            }
        }
    };
}

#[cfg(feature = "aleo")]
pub mod aleo;
#[cfg(feature = "dusk")]
pub mod dusk;
#[cfg(feature = "filecoin")]
pub mod filecoin;
#[cfg(feature = "mina")]
pub mod mina;
#[cfg(feature = "orchard")]
pub mod orchard;
#[cfg(feature = "starknet")]
pub mod starknet;

/// The arkworks element type of a [`Spec`]'s field.
pub type Element<S, const N: usize> = Fp<MontBackend<<S as Field<N>>::Config, N>, N>;

/// The field of an instance (split from [`Spec`] so that
/// [`Element`] needs no width).
pub trait Field<const N: usize> {
    /// The field's arkworks Montgomery configuration.
    type Config: MontConfig<N>;
}

/// One Hades instance: the data the round code reads.
pub trait Spec<const N: usize, const T: usize>: Field<N> + 'static {
    /// The S-box exponent α (3, 5, 7, … with gcd(α, p − 1) = 1).
    const ALPHA: u64;
    /// Full rounds, half before and half after the partial rounds.
    const ROUNDS_F: usize;
    /// Partial rounds.
    const ROUNDS_P: usize;
    /// The cell that takes the S-box in the partial rounds.
    const SBOX_CELL: usize;

    /// Whether a full round adds its constants after the linear layer
    /// (S-boxes, matrix, constants: Mina's order) rather than before the
    /// S-boxes. Only for instances without partial rounds (the constant
    /// compression of the partial rounds assumes the paper's order).
    const CONSTANTS_AFTER_MIX: bool = false;

    /// The full-round constants, `ROUNDS_F` rows, added before the S-boxes
    /// (after the linear layer with [`Spec::CONSTANTS_AFTER_MIX`]).
    fn full_constants() -> &'static [[[u64; N]; T]];

    /// Constants added to every cell before the first round, if the
    /// instance has them (Mina's legacy Poseidon).
    #[inline(always)]
    fn initial_constants() -> Option<&'static [[u64; N]; T]> {
        None
    }

    /// One constant per partial round, added to [`Spec::SBOX_CELL`] before
    /// its S-box (the module docs say how the other cells' constants were
    /// carried forward).
    fn partial_constants() -> &'static [[u64; N]];

    /// Whether the linear layers ([`Spec::mix`], [`Spec::mix_before_partial`],
    /// [`Spec::mix_partial`]) take cells below 2p rather than below p (their
    /// outputs stay below p): the S-boxes then skip their final conditional
    /// subtraction.
    const MIX_TAKES_2P: bool = false;

    /// The linear layer of the full rounds; inputs below p (below 2p with
    /// [`Spec::MIX_TAKES_2P`]), outputs below p.
    fn mix<B: Backend<N>>(f: Arith<Self::Config, B, N>, state: &mut [[u64; N]; T]);

    /// The linear layer of the last full round before the partial rounds;
    /// the full-round one unless the instance writes its partial rounds in
    /// sparse form ([`sparse_mix`]), whose leftover factor lands here.
    #[inline(always)]
    fn mix_before_partial<B: Backend<N>>(f: Arith<Self::Config, B, N>, state: &mut [[u64; N]; T]) {
        Self::mix(f, state);
    }

    /// The linear layer of partial round `round` (0-based); the full-round
    /// one unless the instance factors it.
    #[inline(always)]
    fn mix_partial<B: Backend<N>>(
        f: Arith<Self::Config, B, N>,
        round: usize,
        state: &mut [[u64; N]; T],
    ) {
        let _ = round;
        Self::mix(f, state);
    }
}

/// `value` below p if the field is not lazy (so that the next product's
/// inputs stay within the Montgomery core's bound 1), as is otherwise.
#[inline(always)]
fn lazy<C: MontConfig<N>, B: Backend<N>, const N: usize>(
    f: Arith<C, B, N>,
    value: [u64; N],
) -> [u64; N] {
    if C::LAZY { value } else { f.reduce(&value) }
}

/// `x + c` for `x, c < p`, as the input of an S-box: below `2p` on a lazy
/// field (where products take that), below p elsewhere.
#[inline(always)]
fn add_before_sbox<C: MontConfig<N>, B: Backend<N>, const N: usize>(
    f: Arith<C, B, N>,
    x: &[u64; N],
    c: &[u64; N],
) -> [u64; N] {
    if C::LAZY {
        f.add_lazy(x, c)
    } else {
        f.add(x, c)
    }
}

/// `x^α` for `x` below p, or below 2p on a lazy field; the result is below
/// p, or below 2p when `reduced` is false (the last product's bound).
/// α = 3, 5, 7 are the usual chains (2, 3 and 4 products); other
/// exponents square and multiply.
#[inline(always)]
fn sbox<C: MontConfig<N>, B: Backend<N>, const N: usize>(
    f: Arith<C, B, N>,
    x: &[u64; N],
    alpha: u64,
    reduced: bool,
) -> [u64; N] {
    let x2 = lazy(f, f.square(x));
    let power = match alpha {
        3 => f.mul(&x2, x),
        5 => f.mul(&lazy(f, f.square(&x2)), x),
        7 => {
            let x3 = lazy(f, f.mul(&x2, x));
            f.mul(&lazy(f, f.square(&x2)), &x3)
        }
        _ => {
            // Left to right over the bits of α below the top one.
            let mut acc = *x;
            for bit in (0..63 - alpha.leading_zeros()).rev() {
                acc = lazy(f, f.square(&acc));
                if (alpha >> bit) & 1 == 1 {
                    acc = lazy(f, f.mul(&acc, x));
                }
            }
            acc
        }
    };
    if reduced { f.reduce(&power) } else { power }
}

/// `state ← matrix · state` for a dense row-major `matrix` of elements
/// below p: one [`Arith::dot`] (one reduction) per output cell.
// Used by the instances with a dense matrix (`orchard`, `mina`, `dusk`,
// `filecoin`, `aleo`).
#[cfg_attr(
    not(any(
        feature = "orchard",
        feature = "mina",
        feature = "dusk",
        feature = "filecoin",
        feature = "aleo"
    )),
    allow(dead_code)
)]
#[inline(always)]
pub fn dense_mix<C: MontConfig<N>, B: Backend<N>, const N: usize, const T: usize>(
    f: Arith<C, B, N>,
    matrix: &[[[u64; N]; T]; T],
    state: &mut [[u64; N]; T],
) {
    let input = *state;
    for (out, row) in state.iter_mut().zip(matrix) {
        *out = f.dot(row, &input);
    }
}

/// `state ← S·state` for a sparse matrix `S` of partial-round form on the
/// S-box cell `CELL`: the dense row `row` (writing cell `CELL`), the column
/// `col` (entry `CELL` unused), the identity elsewhere. One `T`-term
/// [`Arith::dot`] and `T − 1` products instead of `T²`: the form of Neptune
/// and circomlib's optimized tables, which the constant generators derive
/// from a dense matrix.
// Used by the instances with a dense matrix (`orchard`, `dusk`, `filecoin`,
// `aleo`).
#[cfg_attr(
    not(any(
        feature = "orchard",
        feature = "dusk",
        feature = "filecoin",
        feature = "aleo"
    )),
    allow(dead_code)
)]
#[inline(always)]
pub fn sparse_mix_at<
    C: MontConfig<N>,
    B: Backend<N>,
    const N: usize,
    const T: usize,
    const CELL: usize,
>(
    f: Arith<C, B, N>,
    row: &[[u64; N]; T],
    col: &[[u64; N]; T],
    state: &mut [[u64; N]; T],
) {
    let xs = state[CELL];
    let new = f.dot(row, state);
    for (i, (x, c)) in state.iter_mut().zip(col).enumerate() {
        if i != CELL {
            *x = f.add(x, &f.mul_reduced(c, &xs));
        }
    }
    state[CELL] = new;
}

/// [`sparse_mix_at`] on cell 0, the S-box cell of most instances.
#[cfg_attr(
    not(any(feature = "orchard", feature = "filecoin", feature = "aleo")),
    allow(dead_code)
)]
#[inline(always)]
pub fn sparse_mix<C: MontConfig<N>, B: Backend<N>, const N: usize, const T: usize>(
    f: Arith<C, B, N>,
    row: &[[u64; N]; T],
    col: &[[u64; N]; T],
    state: &mut [[u64; N]; T],
) {
    sparse_mix_at::<C, B, N, T, 0>(f, row, col, state);
}

/// `state += constants`, cell by cell (below p in and out).
#[inline(always)]
fn add_constants<C: MontConfig<N>, B: Backend<N>, const N: usize, const T: usize>(
    f: Arith<C, B, N>,
    state: &mut [[u64; N]; T],
    constants: &[[u64; N]; T],
) {
    for (x, c) in state.iter_mut().zip(constants) {
        *x = f.add(x, c);
    }
}

/// A full round on every lane; `before_partial` selects
/// [`Spec::mix_before_partial`]. The constants go in before the S-boxes,
/// or after the linear layer with [`Spec::CONSTANTS_AFTER_MIX`].
#[inline(always)]
fn full_round<S: Spec<N, T>, B: Backend<N>, const N: usize, const T: usize, const L: usize>(
    f: Arith<S::Config, B, N>,
    states: &mut [[[u64; N]; T]; L],
    constants: &[[u64; N]; T],
    before_partial: bool,
) {
    for i in 0..T {
        for state in states.iter_mut() {
            state[i] = if S::CONSTANTS_AFTER_MIX {
                sbox(f, &state[i], S::ALPHA, !S::MIX_TAKES_2P)
            } else {
                sbox(
                    f,
                    &add_before_sbox(f, &state[i], &constants[i]),
                    S::ALPHA,
                    !S::MIX_TAKES_2P,
                )
            };
        }
    }
    for state in states.iter_mut() {
        if before_partial {
            S::mix_before_partial(f, state);
        } else {
            S::mix(f, state);
        }
        if S::CONSTANTS_AFTER_MIX {
            add_constants(f, state, constants);
        }
    }
}

/// The permutation of `L` states on their limbs (below p in and out).
#[inline(always)]
fn permute_lanes<S: Spec<N, T>, B: Backend<N>, const N: usize, const T: usize, const L: usize>(
    f: Arith<S::Config, B, N>,
    states: &mut [[[u64; N]; T]; L],
) {
    const {
        assert!(
            !S::CONSTANTS_AFTER_MIX || S::ROUNDS_P == 0,
            "constants after the linear layer need an instance without partial rounds"
        );
    }
    let full = S::full_constants();
    let half = S::ROUNDS_F / 2;
    debug_assert_eq!(full.len(), S::ROUNDS_F);
    debug_assert_eq!(S::partial_constants().len(), S::ROUNDS_P);
    if let Some(initial) = S::initial_constants() {
        for state in states.iter_mut() {
            add_constants(f, state, initial);
        }
    }
    for (r, constants) in full[..half].iter().enumerate() {
        full_round::<S, B, N, T, L>(f, states, constants, r + 1 == half);
    }
    for (round, c) in S::partial_constants().iter().enumerate() {
        for state in states.iter_mut() {
            let x = &mut state[S::SBOX_CELL];
            *x = sbox(f, &add_before_sbox(f, x, c), S::ALPHA, !S::MIX_TAKES_2P);
            S::mix_partial(f, round, state);
        }
    }
    for constants in &full[half..] {
        full_round::<S, B, N, T, L>(f, states, constants, false);
    }
}

/// States stepped together by `permute_many`.
const LANES: usize = 2;

/// One state or many, with the backend [`dispatch`] picks.
struct Permute<'a, S: Spec<N, T>, const N: usize, const T: usize> {
    states: &'a mut [[Element<S, N>; T]],
}

impl<S: Spec<N, T>, const N: usize, const T: usize> Permute<'_, S, N, T> {
    #[inline(always)]
    fn lanes<B: Backend<N>, const L: usize>(
        f: Arith<S::Config, B, N>,
        chunk: &mut [[Element<S, N>; T]],
    ) {
        let mut lanes: [[[u64; N]; T]; L] = core::array::from_fn(|l| chunk[l].map(|x| limbs(&x)));
        permute_lanes::<S, B, N, T, L>(f, &mut lanes);
        for (out, lane) in chunk.iter_mut().zip(lanes) {
            *out = lane.map(from_limbs);
        }
    }
}

impl<S: Spec<N, T>, const N: usize, const T: usize> Kernel<N> for Permute<'_, S, N, T> {
    type Output = ();
    #[inline(always)]
    fn run<B: Backend<N>>(self, backend: B) {
        let f = Arith::<S::Config, B, N>::new(backend);
        let mut chunks = self.states.chunks_exact_mut(LANES);
        for chunk in chunks.by_ref() {
            Self::lanes::<B, LANES>(f, chunk);
        }
        for state in chunks.into_remainder().chunks_exact_mut(1) {
            Self::lanes::<B, 1>(f, state);
        }
    }
}

/// The permutation of `states`, [`LANES`] at a time, with the fastest
/// backend of this CPU. Instances call it from one non-generic, non-inlined
/// function each, so the round code is compiled once per instance.
#[inline(always)]
pub(crate) fn permute_many<S: Spec<N, T>, const N: usize, const T: usize>(
    states: &mut [[Element<S, N>; T]],
) {
    dispatch(Permute::<S, N, T> { states });
}

/// The permutation of one state on `backend` ([`crate::PermuteOn`]).
#[inline]
pub(crate) fn permute_with<S: Spec<N, T>, B: Backend<N>, const N: usize, const T: usize>(
    backend: B,
    state: &mut [Element<S, N>; T],
) {
    Permute::<S, N, T>::lanes::<B, 1>(Arith::new(backend), core::slice::from_mut(state));
}
