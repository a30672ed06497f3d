//! Goldilocks (`algebraic_hash_rescue::Felt`) in the round code: its
//! [`Cells`] wrapper, its internal diagonals, and its place among the
//! crate's [`Poseidon2Field`]s.
//!
//! The field and its lanes are the Rescue crate's (one Goldilocks in the
//! workspace): [`Packed`] wraps any `GoldilocksLanes` — a raw `u64` for one
//! state, or an AVX-512 / AVX2 register of eight or four states that
//! `algebraic_hash_rescue::lanes::apply_many_felts` hands to an instance's
//! kernel (`goldilocks_instance!`). A
//! wrapper, not an implementation of `Cells` for those types themselves:
//! `Cells` is already implemented for every `Lanes` of the 31-bit fields,
//! and Rust cannot rule out that a foreign type might implement that
//! foreign trait one day.

use core::ops::{Add, AddAssign, Mul, Sub};

use algebraic_hash_rescue::Felt;
use algebraic_hash_rescue::lanes::{GoldilocksLanes, LaneBackend, LaneKernel};

use crate::rounds::{self, Cells};
use crate::{Constants, Diagonal, Poseidon2Field, Scale, sealed};

/// `$body` for each `$i` in `0..$w` (`$w ≤ 24`), written out with constant
/// indices.
macro_rules! each_cell {
    ($w:expr, $i:ident, $body:block) => {
        const { assert!($w <= 24, "cells are written out for widths up to 24") };
        each_cell!(@ $w, $i, $body, 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23);
    };
    (@ $w:expr, $i:ident, $body:block, $($n:literal)*) => {$(
        if $n < $w {
            let $i = $n;
            $body
        }
    )*};
}

/// Goldilocks residues in the rounds: raw values (any `u64` standing for
/// its residue) in every lane of `L`.
#[derive(Clone, Copy)]
#[repr(transparent)]
pub(crate) struct Packed<L>(L);

/// Sums and differences on packed lanes make the right operand canonical
/// first (two operations), then need one carry fix-up: five operations, as
/// the lanes' own `add` with two fix-ups, but the canonical operand is
/// computed once where several sums share it (the internal layer's `sum`,
/// the external layer's column sums and pair sums), and LLVM keeps this
/// form, where it had turned the two masked fix-ups into seven operations
/// with blends and copies. One lane keeps `add` / `sub` (the assembly
/// fix-ups, cheaper than a canonical form on the scalar units).
impl<L: GoldilocksLanes> Add for Packed<L> {
    type Output = Self;
    #[inline(always)]
    fn add(self, rhs: Self) -> Self {
        if L::LANES == 1 {
            Self(self.0.add(rhs.0))
        } else {
            Self(self.0.add_canonical(rhs.0.canonical()))
        }
    }
}

impl<L: GoldilocksLanes> AddAssign for Packed<L> {
    #[inline(always)]
    fn add_assign(&mut self, rhs: Self) {
        *self = *self + rhs;
    }
}

impl<L: GoldilocksLanes> Sub for Packed<L> {
    type Output = Self;
    #[inline(always)]
    fn sub(self, rhs: Self) -> Self {
        if L::LANES == 1 {
            Self(self.0.sub(rhs.0))
        } else {
            Self(self.0.sub_canonical(rhs.0.canonical()))
        }
    }
}

impl<L: GoldilocksLanes> Mul for Packed<L> {
    type Output = Self;
    #[inline(always)]
    fn mul(self, rhs: Self) -> Self {
        Self(self.0.mul(rhs.0))
    }
}

/// Whether the full rounds' `x^7` layer runs a stage at a time over all
/// cells (`add_sbox_all`): on every target but `wasm32`. A WebAssembly
/// engine keeps few values in registers (V8 on x86-64, about a dozen), and
/// the stages keep three values per cell live (48 at width 16), which it
/// spills; one cell at a time, the Goldilocks instances' permutations took
/// about 0.8 of the staged time in Node (widths 12 and 16; width 8 level;
/// bindings/js/README.md, "Speed: every family").
const STAGED_SBOX_LAYER: bool = !cfg!(target_arch = "wasm32");

/// A wide value of the external layer (`GoldilocksLanes::widen`: `lo + hi ·
/// 2^64`, exact on one lane).
#[derive(Clone, Copy)]
pub(crate) struct Wide<L>(L, L);

impl<L: GoldilocksLanes> Add for Wide<L> {
    type Output = Self;
    #[inline(always)]
    fn add(self, rhs: Self) -> Self {
        let (lo, hi) = L::wide_add((self.0, self.1), (rhs.0, rhs.1));
        Self(lo, hi)
    }
}

impl<L: GoldilocksLanes> Cells for Packed<L> {
    type Scalar = Felt;
    type Wide = Wide<L>;
    /// One lane: the external layer's sums in 128 bits (`add`, `adc`),
    /// one reduction per cell, where each sum reduced took two `sbb`
    /// fix-ups. Packed lanes keep their sums (a canonical operand and one
    /// fix-up, below).
    const WIDE_EXTERNAL: bool = L::LANES == 1;
    #[inline(always)]
    fn widen(self) -> Wide<L> {
        let (lo, hi) = self.0.widen();
        Wide(lo, hi)
    }
    #[inline(always)]
    fn narrow(wide: Wide<L>) -> Self {
        Self(L::narrow((wide.0, wide.1)))
    }
    #[inline(always)]
    fn splat(value: Felt) -> Self {
        Self(L::splat(value.to_u64()))
    }
    #[inline(always)]
    fn double(self) -> Self {
        self + self
    }
    /// The round constant is canonical: the cheaper `add_canonical`.
    #[inline(always)]
    fn add_sbox<const D: u64>(self, c: Felt) -> Self {
        let x = Self(self.0.add_canonical(L::splat(c.to_u64())));
        algebraic_hash_field31::small_power(x, D)
    }
    /// On one lane, where cell 0's chain of latencies bounds the partial
    /// rounds (`partial_cell0`).
    const FOLD_PARTIAL_CONSTANTS: bool = L::LANES == 1;
    /// The constant is canonical: the cheaper `add_canonical`.
    #[inline(always)]
    fn add_scalar(self, c: Felt) -> Self {
        Self(self.0.add_canonical(L::splat(c.to_u64())))
    }
    /// One lane, `x^7`: the three dependent products with the shorter
    /// reduction (`mul_short_chain`), and `x^3 · x^4` reduced twice from
    /// one product, into the sum (`add_product`) and into the difference
    /// (`sub_product`, the reduction merged into it).
    #[inline(always)]
    fn partial_cell0<const D: u64>(
        self,
        constant: Option<Felt>,
        rest: Self,
        next: Self,
    ) -> (Self, Self) {
        if L::LANES != 1 || D != 7 {
            return rounds::partial_cell0_by_parts::<Self, D>(self, constant, rest, next);
        }
        let x = match constant {
            Some(c) => self.add_scalar(c).0,
            None => self.0,
        };
        let x2 = x.mul_short_chain(x);
        let x3 = x2.mul_short_chain(x);
        let x4 = x2.mul_short_chain(x2);
        (
            Self(rest.0.add_product(x3, x4)),
            Self(next.0.sub_product(x3, x4)),
        )
    }
    /// One reduction for the whole sum (`GoldilocksLanes::sum_from`: a
    /// 128-bit sum on one lane, a count of the carries on AVX-512).
    #[inline(always)]
    fn sum_of_rest<const W: usize>(state: &[Self; W]) -> Self {
        let mut lanes = [state[0].0; W];
        for (lane, cell) in lanes.iter_mut().zip(state) {
            *lane = cell.0;
        }
        Self(L::sum_from(&lanes, 1))
    }
    /// `x^7` a stage at a time over the whole state (all squares, then
    /// all `x^3` and `x^4`, then all `x^7`), so that the products of
    /// different cells overlap; the constants are canonical, so the
    /// cheaper `add_canonical`. One cell at a time where
    /// [`STAGED_SBOX_LAYER`] is false.
    #[inline(always)]
    fn add_sbox_all<const D: u64, const W: usize>(state: &mut [Self; W], constants: &[Felt; W]) {
        if D != 7 || !STAGED_SBOX_LAYER {
            for (x, &c) in state.iter_mut().zip(constants) {
                *x = x.add_sbox::<D>(c);
            }
            return;
        }
        // Each stage written out cell by cell (`each_cell!`): as loops,
        // LLVM kept them rolled, with `x2` and `x4` on the stack.
        let mut x2 = *state;
        each_cell!(W, i, {
            state[i] = Self(state[i].0.add_canonical(L::splat(constants[i].to_u64())));
            x2[i] = Self(state[i].0.square());
        });
        let mut x4 = x2;
        each_cell!(W, i, {
            x2[i] = x2[i] * state[i];
            x4[i] = Self(x4[i].0.square());
        });
        each_cell!(W, i, {
            state[i] = x2[i] * x4[i];
        });
    }
    /// One lane: `sum ± 2^k · x`, `sum ± 3 · x` summed exactly in 128 bits
    /// with one fold, `sum ± x · 2^-k` (`k ≥ 2`) as `sum ± (a − c)` with
    /// both fix-ups at once (`GoldilocksLanes::sum_plus_multiple`,
    /// `sum_plus_div_2exp`): fewer instructions than the value scaled and
    /// then added, which counts where the partial rounds are bound by
    /// their instructions (widths 12 and 16). `x / 2` keeps its
    /// three-instruction form (measured faster at widths 8 and 12).
    #[inline(always)]
    fn sum_plus_scaled(sum: Self, x: Self, scale: Scale, negative: bool, value: Felt) -> Self {
        if L::LANES == 1 {
            match scale {
                Scale::Mul2exp(k @ 1..=31) => {
                    return Self(sum.0.sum_plus_multiple(x.0, 1 << k, negative));
                }
                Scale::Three => return Self(sum.0.sum_plus_multiple(x.0, 3, negative)),
                Scale::Div2exp(k @ 2..=32) => {
                    return Self(sum.0.sum_plus_div_2exp(x.0, k, negative));
                }
                _ => {}
            }
        }
        rounds::sum_plus_scaled_by_parts(sum, x, scale, negative, value)
    }
    /// `k ≤ 32`: the diagonal's classification takes no larger `k` for
    /// Goldilocks (`Diagonal::goldilocks`).
    #[inline(always)]
    fn mul_2exp(self, k: u32) -> Self {
        match k {
            0 => self,
            1 => self.double(),
            _ => Self(self.0.mul_2exp(k)),
        }
    }
    /// `k ≤ 32`, as for `mul_2exp`.
    #[inline(always)]
    fn div_2exp(self, k: u32) -> Self {
        match k {
            0 => self,
            _ => Self(self.0.div_2exp(k)),
        }
    }
}

/// The rounds on raw lanes (the body of the kernel `goldilocks_instance!`
/// compiles for an instance's constants).
#[inline(always)]
pub(crate) fn permute_raw<L: GoldilocksLanes, const W: usize, const D: u64>(
    constants: &Constants<Felt, W>,
    state: &mut [L; W],
) {
    // (Loops, not `array::map`: everything must inline into the packed
    // backends' `#[target_feature]` functions.)
    let mut cells = [Packed(state[0]); W];
    for (cell, &x) in cells.iter_mut().zip(state.iter()) {
        *cell = Packed(x);
    }
    rounds::permute_lanes::<Packed<L>, W, D>(constants, &mut cells);
    for (x, cell) in state.iter_mut().zip(cells) {
        *x = cell.0;
    }
}

/// The rescue crate's Goldilocks lanes of the instruction set `backend`
/// names (`Poseidon2::permute_many_on`).
pub(crate) fn lane_backend(backend: algebraic_hash_field31::Backend) -> LaneBackend {
    use algebraic_hash_field31::Backend;
    match backend {
        Backend::Scalar => LaneBackend::Scalar,
        Backend::Avx2 => LaneBackend::Avx2,
        Backend::Avx512 => LaneBackend::Avx512,
        Backend::Neon => LaneBackend::Neon,
    }
}

/// `kernel` on one state on the scalar units, canonical out.
#[inline(always)]
pub(crate) fn permute_one<K: LaneKernel<W>, const W: usize>(kernel: &K, state: &mut [Felt; W]) {
    let mut raw = state.map(Felt::to_u64);
    kernel.apply(&mut raw);
    *state = raw.map(Felt::from_u64_reduced);
}

impl<const W: usize> Diagonal<Felt, W> {
    /// The diagonal of canonical values `v` (each `< p`, checked).
    pub(crate) const fn goldilocks(v: [u64; W]) -> Self {
        let (scales, negative) = crate::classify(&v, Felt::MODULUS, 33);
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
}
