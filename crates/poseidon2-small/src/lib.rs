#![doc = include_str!("../README.md")]
#![no_std]
#![cfg_attr(docsrs, feature(doc_cfg))]
#![forbid(unsafe_code)]

/// A 31-bit instance: `Poseidon2::new` with its batch and one-state paths
/// compiled here, for its constants. `$constants` is a `static`, so the
/// round code sees the round constants and the form of each internal
/// diagonal entry as values known when it is compiled: the branch on each
/// entry's form folds away and the partial rounds keep the state in
/// registers. Read through a reference at run time instead, BabyBear 16 on
/// AVX-512 took 1.26 of Plonky3's time per state; compiled for its
/// constants, 1.13 (NOTES.md).
///
/// Both paths are plain functions of this crate, reached through function
/// pointers: a crate that uses an instance calls them and does not compile
/// the packed rounds again (generic code is compiled anew in every crate
/// that instantiates it; the rounds on every backend are large enough that
/// this cost each test binary and the CLI minutes of CI time).
macro_rules! field31_instance {
    ($field:ty, $width:literal, $degree:literal, $constants:path, $name:literal) => {{
        struct Kernel;
        impl $crate::field::LaneKernel<$field, $width> for Kernel {
            #[inline(always)]
            fn apply<L: $crate::field::Lanes<Scalar = $field>>(&self, state: &mut [L; $width]) {
                $crate::rounds::permute_lanes::<L, $width, $degree>(&$constants, state);
            }

            /// A remainder of up to a quarter of the lanes one by one when
            /// one state runs in vector registers, an eighth otherwise (at
            /// least one). On
            /// AMD Zen 4 (AVX-512, 16 lanes): BabyBear 16 one state 387 ns
            /// against 1 805 for a group, whatever its real states (so up
            /// to four one by one); BabyBear 24 578 against 3 250; a
            /// BabyBear 24 state not in registers (the portable rounds)
            /// about 1 250 against 4 100. With AVX2's 8 lanes the quarter
            /// is two (BabyBear 16: a group 1 110 ns).
            fn single_states(&self, lanes: usize) -> usize {
                let share = if $crate::rows::OneState::<$field, $width, $degree>::serves() {
                    4
                } else {
                    8
                };
                (lanes / share).max(1)
            }

            /// The instance's one-state path (`single` below).
            #[inline(never)]
            fn apply_single(&self, state: &mut [$field; $width]) {
                single(state);
            }
        }
        fn batch(backend: Option<$crate::field::Backend>, states: &mut [[$field; $width]]) -> bool {
            match backend {
                None => {
                    $crate::field::apply_many(&Kernel, states);
                    true
                }
                Some(backend) => $crate::field::apply_many_with(backend, &Kernel, states),
            }
        }
        // States held lane-major: only the Plonky3 adapter's packed
        // states, so compiled only with it (a third copy of the rounds per
        // backend: about 35 s more for this crate's release build).
        #[cfg(feature = "p3-adapter")]
        fn lane_major(cells: &mut [$field]) -> bool {
            $crate::field::apply_lane_major(&Kernel, cells)
        }
        #[cfg(not(feature = "p3-adapter"))]
        let lane_major = None;
        #[cfg(feature = "p3-adapter")]
        let lane_major = Some(lane_major as $crate::LaneMajorFn<$field>);
        fn single(state: &mut [$field; $width]) {
            // In vector registers where the CPU and the width allow
            // (`rows`: AVX2, a width of 8, 16 or 24), otherwise one element
            // at a time.
            let in_registers = $crate::rows::OneState::<$field, $width, $degree>(&$constants);
            if $crate::rows::OneState::<$field, $width, $degree>::serves()
                && $crate::field::apply_one(&in_registers, state)
            {
                return;
            }
            $crate::rounds::permute::<$field, $width, $degree>(&$constants, state);
        }
        $crate::Poseidon2::<$field, $width, $degree>::new(
            &$constants,
            $name,
            batch,
            single,
            lane_major,
        )
    }};
}

/// A Goldilocks instance, as `field31_instance!` for the 31-bit fields: the
/// form of each internal diagonal entry is known when the rounds are
/// compiled, so they take the cheap forms (shifts) without a branch per
/// entry, on packed lanes and on one state alike. The batch path runs on
/// the backend the rescue crate's dispatch picks, or on the rescue crate's
/// lanes of the instruction set `permute_many_on` names.
macro_rules! goldilocks_instance {
    ($width:literal, $degree:literal, $constants:path, $name:literal) => {{
        struct Kernel;
        impl algebraic_hash_rescue::lanes::LaneKernel<$width> for Kernel {
            #[inline(always)]
            fn apply<L: algebraic_hash_rescue::lanes::GoldilocksLanes>(
                &self,
                state: &mut [L; $width],
            ) {
                $crate::goldilocks::permute_raw::<L, $width, $degree>(&$constants, state);
            }

            /// Two states left after a batch's groups of lanes go one by one
            /// on the scalar units rather than as a padded AVX2 group of
            /// four (AMD Zen 4, per state: widths 8 / 12 / 16 one by one
            /// about 640 / 880 / 1 150 ns, two in the group 790 / 1 080 /
            /// 1 540); three are faster as the group.
            fn single_states(&self, _lanes: usize) -> usize {
                2
            }
        }
        fn batch(
            backend: Option<$crate::field::Backend>,
            states: &mut [[$crate::Goldilocks; $width]],
        ) -> bool {
            match backend {
                None => {
                    algebraic_hash_rescue::lanes::apply_many_felts(&Kernel, states);
                    true
                }
                Some(backend) => algebraic_hash_rescue::lanes::apply_many_felts_with(
                    $crate::goldilocks::lane_backend(backend),
                    &Kernel,
                    states,
                ),
            }
        }
        fn single(state: &mut [$crate::Goldilocks; $width]) {
            $crate::goldilocks::permute_one(&Kernel, state);
        }
        $crate::Poseidon2::<$crate::Goldilocks, $width, $degree>::new(
            &$constants,
            $name,
            batch,
            single,
            None,
        )
    }};
}

mod goldilocks;
pub mod openvm;
#[cfg(feature = "p3-adapter")]
#[cfg_attr(docsrs, doc(cfg(feature = "p3-adapter")))]
pub mod p3_adapter;
pub mod plonky3;
pub mod risc0;
mod rounds;
mod rows;
pub mod sp1;

use core::fmt;

use algebraic_hash::{Error, Permutation};
use algebraic_hash_field31::{BabyBear, Backend, Field31, KoalaBear, Mersenne31};

pub use algebraic_hash_field31 as field;
/// The Goldilocks field `p = 2^64 − 2^32 + 1` (the Rescue crate's element
/// type, canonical out, checked in).
pub use algebraic_hash_rescue::Felt as Goldilocks;

mod sealed {
    pub trait Sealed {}
}

/// A field this crate's Poseidon2 runs over: the 31-bit fields of
/// [`field`] (BabyBear, KoalaBear, Mersenne31) and [`Goldilocks`]. Sealed:
/// each instance brings its rounds compiled for its own constants and its
/// field's batch backend (`field31_instance!`, `goldilocks_instance!`).
pub trait Poseidon2Field:
    Copy + Eq + fmt::Debug + Default + Send + Sync + 'static + sealed::Sealed
{
    /// The field's name in messages, e.g. `"BabyBear"`.
    const NAME: &'static str;
}

macro_rules! field31_poseidon2 {
    ($($ty:ty),*) => {$(
        impl sealed::Sealed for $ty {}
        impl Poseidon2Field for $ty {
            const NAME: &'static str = <$ty as Field31>::NAME;
        }
    )*};
}

field31_poseidon2!(BabyBear, KoalaBear, Mersenne31);

/// The constants of one Poseidon2 instance of width `W` over `F`: the 4 × 4
/// block of the external matrix, the round constants of the first and last
/// full rounds, of the partial rounds (one per round, added to cell 0), and
/// the internal matrix `c·1·1ᵀ + diag(V)`.
#[derive(Debug)]
pub struct Constants<F: 'static, const W: usize> {
    pub(crate) external: ExternalMatrix,
    pub(crate) initial: &'static [[F; W]],
    pub(crate) partial: &'static [F],
    pub(crate) terminal: &'static [[F; W]],
    pub(crate) diagonal: Diagonal<F, W>,
}

/// The 4 × 4 block `M4` of the external matrix `circ(2·M4, M4, …, M4)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExternalMatrix {
    /// Plonky3's `circ(2, 3, 1, 1)` (its `MDSMat4`; Plonky3, SP1, OpenVM).
    Plonky3,
    /// The Poseidon2 paper's and HorizenLabs' `[[5, 7, 1, 3], [4, 6, 1, 1],
    /// [1, 3, 5, 7], [1, 1, 4, 6]]` (RISC Zero).
    HorizenLabs,
}

/// How the internal layer applies one entry `V_i` of its diagonal: as
/// `±2^k` (doublings, or a rotation in Mersenne31), `±3`, `±2^-k` (shifts,
/// see `Lanes::div_2exp`) or, for any other value, a multiplication.
/// Plonky3 chose its diagonals to be such values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Scale {
    Mul2exp(u32),
    Three,
    Div2exp(u32),
    General,
}

/// The internal matrix `c·1·1ᵀ + diag(V)`: the diagonal values `V`, how
/// each is applied (found when the constants are built), and `c` where it
/// is not 1 (SP1's matrix is Plonky3's old one times `2^-32`, a Montgomery
/// factor kept in its definition).
#[derive(Debug)]
pub struct Diagonal<F, const W: usize> {
    pub(crate) values: [F; W],
    /// `c`, the value off the diagonal, when it is not 1.
    pub(crate) off_diagonal: Option<F>,
    pub(crate) scales: [Scale; W],
    /// Whether `V_i = −scale_i` (subtracted from the sum instead of added).
    pub(crate) negative: [bool; W],
}

/// `Some(scale)` when `u` (below `p`) is `2^k`, `3` or `2^-k mod p` with
/// `k < max_k` (31 for the 31-bit fields, whose lanes take shifts below 31;
/// 33 for Goldilocks, whose lanes' `mul_2exp` and `div_2exp` take `k ≤ 32`).
const fn scale_of(u: u64, p: u64, max_k: u32) -> Option<Scale> {
    if u == 3 {
        return Some(Scale::Three);
    }
    if u.is_power_of_two() && u.trailing_zeros() < max_k {
        return Some(Scale::Mul2exp(u.trailing_zeros()));
    }
    let mut inverse = 1u64; // 2^-k mod p
    let mut k = 1;
    while k < max_k {
        inverse = if inverse.is_multiple_of(2) {
            inverse / 2
        } else {
            // (inverse + p) / 2 without overflowing 64 bits.
            inverse / 2 + p / 2 + 1
        };
        if inverse == u {
            return Some(Scale::Div2exp(k));
        }
        k += 1;
    }
    None
}

/// The scale and sign of each diagonal entry `v[i] < p` (see [`Scale`]).
const fn classify<const W: usize>(v: &[u64; W], p: u64, max_k: u32) -> ([Scale; W], [bool; W]) {
    let mut scales = [Scale::General; W];
    let mut negative = [false; W];
    let mut i = 0;
    while i < W {
        assert!(v[i] < p, "diagonal entry not canonical");
        if let Some(scale) = scale_of(v[i], p, max_k) {
            scales[i] = scale;
        } else if v[i] != 0
            && let Some(scale) = scale_of(p - v[i], p, max_k)
        {
            scales[i] = scale;
            negative[i] = true;
        }
        i += 1;
    }
    (scales, negative)
}

impl<F, const W: usize> Diagonal<F, W> {
    /// Whether every entry takes a cheap form (doublings, shifts, a
    /// rotation), none a multiplication. Plonky3 chose its diagonals so;
    /// `plonky3` asserts it of each when the crate is compiled.
    pub(crate) const fn all_cheap(&self) -> bool {
        let mut i = 0;
        while i < W {
            if matches!(self.scales[i], Scale::General) {
                return false;
            }
            i += 1;
        }
        true
    }
}

impl<F: Field31, const W: usize> Diagonal<F, W> {
    /// The diagonal of canonical values `v` (`values` holds the same
    /// values as field elements, built by the caller's `const` constructor).
    pub(crate) const fn new(v: [u32; W], values: [F; W]) -> Self {
        let mut wide = [0u64; W];
        let mut i = 0;
        while i < W {
            wide[i] = v[i] as u64;
            i += 1;
        }
        let (scales, negative) = classify(&wide, F::MODULUS as u64, 31);
        Self {
            values,
            off_diagonal: None,
            scales,
            negative,
        }
    }

    /// The matrix `c·1·1ᵀ + diag(V)`: `v` as for [`Diagonal::new`], `c`
    /// the value off the diagonal.
    pub(crate) const fn with_off_diagonal(v: [u32; W], values: [F; W], c: F) -> Self {
        let mut diagonal = Self::new(v, values);
        diagonal.off_diagonal = Some(c);
        diagonal
    }
}

impl<F, const W: usize> Constants<F, W> {
    /// Full rounds `R_F` (first and last halves together).
    pub const fn full_rounds(&self) -> usize {
        self.initial.len() + self.terminal.len()
    }

    /// Partial rounds `R_P`.
    pub const fn partial_rounds(&self) -> usize {
        self.partial.len()
    }

    /// The 4 × 4 block of the external matrix.
    pub const fn external_matrix(&self) -> ExternalMatrix {
        self.external
    }

    /// The round constants of the first `R_F / 2` full rounds.
    pub const fn initial_round_constants(&self) -> &'static [[F; W]] {
        self.initial
    }

    /// The round constants of the partial rounds (one each, for cell 0).
    pub const fn partial_round_constants(&self) -> &'static [F] {
        self.partial
    }

    /// The round constants of the last `R_F / 2` full rounds.
    pub const fn terminal_round_constants(&self) -> &'static [[F; W]] {
        self.terminal
    }

    /// The diagonal `V` of the internal matrix `c·1·1ᵀ + diag(V)`.
    pub const fn internal_diagonal(&self) -> &[F; W] {
        &self.diagonal.values
    }
}

/// The Poseidon2 permutation of width `W` over `F` with S-box `x^D`, in
/// Plonky3's layer structure (which RISC Zero's, SP1's and OpenVM's share):
/// the external matrix first, `R_F / 2` full rounds, `R_P` partial rounds,
/// `R_F / 2` full rounds (see the `rounds` module for the matrices).
///
/// A `Copy` handle to static constants: take one of the instances of
/// [`plonky3`] (`plonky3::BABYBEAR_16`, …), [`risc0`], [`sp1`] or
/// [`openvm`] (a Plonky3 one can be selected by name with
/// [`plonky3::Instance`]).
pub struct Poseidon2<F: 'static, const W: usize, const D: u64> {
    constants: &'static Constants<F, W>,
    name: &'static str,
    /// The batch path compiled for these constants.
    batch: BatchFn<F, W>,
    /// The one-state path compiled for these constants.
    single: SingleFn<F, W>,
    /// The batch path on states held lane-major, compiled for these
    /// constants (none for Goldilocks). Only the Plonky3 adapter reads it.
    #[cfg_attr(not(feature = "p3-adapter"), allow(dead_code))]
    lane_major: Option<LaneMajorFn<F>>,
}

/// A batch path compiled for one instance's constants: runs `states` on
/// the given backend (`None`: the fastest here), or returns `false` when
/// that backend does not run here.
pub(crate) type BatchFn<F, const W: usize> = fn(Option<Backend>, &mut [[F; W]]) -> bool;

/// A one-state path compiled for one instance's constants.
pub(crate) type SingleFn<F, const W: usize> = fn(&mut [F; W]);

/// A batch path compiled for one instance's constants on states held
/// lane-major (`W` rows of 8 or 16 lanes, see `field::apply_lane_major`),
/// or `false` (nothing done) where no backend of that many lanes runs
/// here.
pub(crate) type LaneMajorFn<F> = fn(&mut [F]) -> bool;

impl<F, const W: usize, const D: u64> Clone for Poseidon2<F, W, D> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<F, const W: usize, const D: u64> Copy for Poseidon2<F, W, D> {}

impl<F, const W: usize, const D: u64> fmt::Debug for Poseidon2<F, W, D> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Poseidon2({})", self.name)
    }
}

impl<F, const W: usize, const D: u64> PartialEq for Poseidon2<F, W, D> {
    fn eq(&self, other: &Self) -> bool {
        core::ptr::eq(self.constants, other.constants)
    }
}
impl<F, const W: usize, const D: u64> Eq for Poseidon2<F, W, D> {}

impl<F: Poseidon2Field, const W: usize, const D: u64> Poseidon2<F, W, D> {
    /// The state width.
    pub const WIDTH: usize = W;
    /// The S-box exponent.
    pub const DEGREE: u64 = D;

    /// The instance of `constants` with its paths compiled for them (by
    /// `field31_instance!` or `goldilocks_instance!`, which name the same
    /// constants and degree).
    pub(crate) const fn new(
        constants: &'static Constants<F, W>,
        name: &'static str,
        batch: BatchFn<F, W>,
        single: SingleFn<F, W>,
        lane_major: Option<LaneMajorFn<F>>,
    ) -> Self {
        const {
            assert!(
                W == 2 || W == 3 || (W >= 4 && W.is_multiple_of(4)),
                "Plonky3's external layer takes widths 2, 3 and multiples of 4"
            );
            assert!(D == 3 || D == 5 || D == 7, "S-box x^3, x^5 or x^7");
        }
        Self {
            constants,
            name,
            batch,
            single,
            lane_major,
        }
    }

    /// The same instance under another name (another ecosystem's name for
    /// it).
    pub(crate) const fn renamed(self, name: &'static str) -> Self {
        Self { name, ..self }
    }

    /// The instance's name, e.g. `"poseidon2-plonky3-babybear-16"`.
    pub const fn name(&self) -> &'static str {
        self.name
    }

    /// The constants.
    pub const fn constants(&self) -> &'static Constants<F, W> {
        self.constants
    }

    /// Permutes `state` (Plonky3's `permute`).
    pub fn permute(&self, mut state: [F; W]) -> [F; W] {
        self.permute_mut(&mut state);
        state
    }

    /// Permutes `state` in place (Plonky3's `permute_mut`).
    pub fn permute_mut(&self, state: &mut [F; W]) {
        (self.single)(state);
    }

    /// Whether [`Self::permute_lane_major`] runs states of `lanes` lanes
    /// here (a 31-bit instance, and a backend of exactly that many lanes).
    #[cfg(feature = "p3-adapter")]
    pub(crate) fn lane_major_runs(&self, lanes: usize) -> bool {
        self.lane_major.is_some() && field::lane_major_runs(lanes)
    }

    /// Permutes the states held lane-major in `cells` (`W` rows of 8 or
    /// 16 lanes, row `i` holding cell `i` of every state: Plonky3's packed
    /// layout) where they lie, or returns `false` (nothing done) where
    /// that does not run here ([`Self::lane_major_runs`]).
    #[cfg(feature = "p3-adapter")]
    pub(crate) fn permute_lane_major(&self, cells: &mut [F]) -> bool {
        self.lane_major.is_some_and(|run| run(cells))
    }
}

impl<F: Poseidon2Field, const W: usize, const D: u64> Poseidon2<F, W, D> {
    /// [`Permutation::permute_many`] on `backend`, or `false` (nothing
    /// done) when that backend does not run here. For tests and
    /// measurements; `permute_many` chooses the fastest by itself.
    /// Goldilocks runs on the rescue crate's lanes of the instruction set
    /// `backend` names (half as many lanes: 64-bit elements; AVX-512 its
    /// `LaneBackend::Avx512`).
    pub fn permute_many_on(&self, backend: Backend, states: &mut [[F; W]]) -> bool {
        (self.batch)(Some(backend), states)
    }
}

impl<F: Field31 + Poseidon2Field, const W: usize, const D: u64> Poseidon2<F, W, D> {
    /// Permutes a state given as a slice of user values: a wrong count is
    /// [`Error::WrongLength`], a value `≥ p` [`Error::NotCanonical`].
    pub fn permute_u32s(&self, values: &[u32]) -> Result<[F; W], Error> {
        let state = state_from_u32s::<F, W>(values)?;
        Ok(self.permute(state))
    }
}

/// A `W`-element state from user values: a wrong count is
/// [`Error::WrongLength`], a value `≥ p` [`Error::NotCanonical`].
pub fn state_from_u32s<F: Field31, const W: usize>(values: &[u32]) -> Result<[F; W], Error> {
    if values.len() != W {
        return Err(Error::WrongLength {
            what: "permutation state",
            expected: W,
            found: values.len(),
        });
    }
    let mut state = [F::ZERO; W];
    for (cell, &value) in state.iter_mut().zip(values) {
        *cell = F::try_from_u64(u64::from(value))?;
    }
    Ok(state)
}

impl<F: Poseidon2Field, const W: usize, const D: u64> Permutation<[F; W]> for Poseidon2<F, W, D> {
    fn permute_mut(&self, state: &mut [F; W]) {
        Poseidon2::permute_mut(self, state);
    }

    /// Several states side by side in packed registers when the field has
    /// them and the CPU runs them (31-bit fields: AVX-512, 16 lanes, or
    /// AVX2, 8 lanes).
    fn permute_many(&self, states: &mut [[F; W]]) {
        (self.batch)(None, states);
    }
}
