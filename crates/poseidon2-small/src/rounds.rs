//! The Poseidon2 rounds, written once over [`Cells`]: one state of field
//! elements, or one state per lane of a packed register, of any of the
//! crate's fields (the 31-bit fields through their `Lanes`, Goldilocks
//! through `crate::goldilocks`).
//!
//! Layers, as Plonky3 orders them (which the Poseidon2 paper allows):
//! 1. the external linear layer `M_E` on the input;
//! 2. `R_F / 2` full rounds: add the round's constants to every cell,
//!    `x ↦ x^D` on every cell, `M_E`;
//! 3. `R_P` partial rounds: add the round's constant to cell 0, `x ↦ x^D`
//!    on cell 0, the internal linear layer `M_I`;
//! 4. `R_F / 2` full rounds as in 2.
//!
//! `M_E` for a width `W = 4k` is `circ(2·M4, M4, …, M4)` with the
//! instance's 4 × 4 block (`ExternalMatrix`): Plonky3's `M4 = circ(2, 3,
//! 1, 1)`, or HorizenLabs' (the paper's) `M4`, which RISC Zero uses; for
//! `W = 2, 3` it is `circ(2, 1)` and `circ(2, 1, 1)`. Which block is chosen
//! once per call, outside the rounds (a type parameter of the rounds).
//! `M_I = c·1·1ᵀ + diag(V)` (`c = 1` but for SP1): cell `i` becomes
//! `c·Σ x + V_i · x_i`, with `V_i · x_i` on packed lanes by doublings,
//! shifts or a rotation where `V_i` is `±2^k`, `±3` or `±2^-k` (as in every
//! Plonky3 diagonal; see `Diagonal`), on one element by a multiplication.

use core::ops::{Add, AddAssign, Mul, Sub};

use algebraic_hash_field31::{Lanes, small_power};

use crate::{Constants, Diagonal, ExternalMatrix, Scale};

/// What the rounds need of the values they work on: one field element, or
/// a packed register of several elements (lanes) that every operation
/// treats independently.
///
/// Every `Lanes` of the 31-bit fields is one (below); Goldilocks is one
/// through its wrapper in `crate::goldilocks` (a blanket implementation for
/// a foreign element type would collide with this one).
pub(crate) trait Cells:
    Copy + Add<Output = Self> + AddAssign + Sub<Output = Self> + Mul<Output = Self>
{
    /// The field element of each lane.
    type Scalar: Copy + 'static;
    /// Whether the internal layer multiplies by its diagonal entries
    /// (cheaper than the doublings and shifts of `Scale` on one element
    /// of a 31-bit field) rather than using their cheap forms.
    const MULTIPLY_DIAGONAL: bool;
    /// Every lane set to `value`.
    fn splat(value: Self::Scalar) -> Self;
    /// `2x`.
    fn double(self) -> Self;
    /// `(x + c)^D` (`D` = 3, 5, 7, checked when the instance is built): a
    /// round constant and the S-box.
    #[inline(always)]
    fn add_sbox<const D: u64>(self, c: Self::Scalar) -> Self {
        small_power(self + Self::splat(c), D)
    }
    /// Whether the full rounds' S-boxes are written out cell by cell
    /// (`add_sbox_all`) rather than looped over.
    const WRITE_OUT_SBOXES: bool = true;
    /// `(x_i + c_i)^D` on every cell: a full round's constants and
    /// S-boxes. Cell by cell by default, written out with constant
    /// indices (widths up to 24) where `WRITE_OUT_SBOXES`: as a loop,
    /// which the compiler does not unroll, the state goes through memory
    /// in every full round (the S-box loop loads and stores each cell, the
    /// external layer reloads them).
    #[inline(always)]
    fn add_sbox_all<const D: u64, const W: usize>(
        state: &mut [Self; W],
        constants: &[Self::Scalar; W],
    ) {
        if !Self::WRITE_OUT_SBOXES {
            for (x, &c) in state.iter_mut().zip(constants) {
                *x = x.add_sbox::<D>(c);
            }
            return;
        }
        macro_rules! cells {
            ($($i:literal)*) => {$(
                if $i < W {
                    state[$i] = state[$i].add_sbox::<D>(constants[$i]);
                }
            )*};
        }
        cells!(0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23);
        const { assert!(W <= 24, "full rounds are written out for widths up to 24") };
    }
    /// `Σ state[1..]`, the partial rounds' sum beside cell 0's S-box: a
    /// balanced tree of additions by default.
    #[inline(always)]
    fn sum_of_rest<const W: usize>(state: &[Self; W]) -> Self {
        sum_of_rest(state)
    }
    /// `x · 2^k` (`k` as `Scale::Mul2exp` found it for the field).
    fn mul_2exp(self, k: u32) -> Self;
    /// `x · 2^-k` (`k` as `Scale::Div2exp` found it for the field).
    fn div_2exp(self, k: u32) -> Self;
    /// `sum ± x · 2^-k` (`−` when `negative`).
    #[inline(always)]
    fn sum_plus_div_2exp(sum: Self, x: Self, k: u32, negative: bool) -> Self {
        let scaled = x.div_2exp(k);
        if negative { sum - scaled } else { sum + scaled }
    }
}

impl<L: Lanes> Cells for L {
    type Scalar = L::Scalar;
    const MULTIPLY_DIAGONAL: bool = L::COUNT == 1;
    /// Not on AVX2 (8 lanes): its 16 registers do not hold a 16- or
    /// 24-cell state, and the written-out S-boxes spilled (Mersenne31 16
    /// went from 1.20 to 1.58 of Plonky3's time per state). AVX-512 has 32
    /// registers. One element (general registers) mostly gains: one
    /// permutation of Mersenne31 16 went from 0.66 to 0.48 of Plonky3's
    /// time, BabyBear 16 from 1.01 to 1.04.
    const WRITE_OUT_SBOXES: bool = L::COUNT != 8;
    #[inline(always)]
    fn splat(value: Self::Scalar) -> Self {
        Lanes::splat(value)
    }
    #[inline(always)]
    fn double(self) -> Self {
        Lanes::double(self)
    }
    #[inline(always)]
    fn add_sbox<const D: u64>(self, c: Self::Scalar) -> Self {
        Lanes::add_pow(self, c, D)
    }
    #[inline(always)]
    fn mul_2exp(self, k: u32) -> Self {
        Lanes::mul_2exp(self, k)
    }
    #[inline(always)]
    fn div_2exp(self, k: u32) -> Self {
        Lanes::div_2exp(self, k)
    }
    #[inline(always)]
    fn sum_plus_div_2exp(sum: Self, x: Self, k: u32, negative: bool) -> Self {
        Lanes::sum_plus_div_2exp(sum, x, k, negative)
    }
}

/// A 4 × 4 block of the external matrix, applied in place.
trait Mat4 {
    fn apply<L: Cells>(x: &mut [L]);
}

/// Plonky3's `M4 = circ(2, 3, 1, 1)`.
struct Plonky3Mat4;

impl Mat4 for Plonky3Mat4 {
    /// `y_i = 2·x_i + 3·x_{i+1} + x_{i+2} + x_{i+3}` (indices mod 4), as
    /// `y_i = s + x_i + 2·x_{i+1}` with `s = Σ x`; the pair sums that make
    /// `s` serve two outputs each.
    #[inline(always)]
    fn apply<L: Cells>(x: &mut [L]) {
        let (x0, x1, x2, x3) = (x[0], x[1], x[2], x[3]);
        let p01 = x0 + x1;
        let p23 = x2 + x3;
        let s = p01 + p23;
        let s1 = s + x1;
        let s3 = s + x3;
        x[0] = s1 + p01;
        x[1] = s1 + x2.double();
        x[2] = s3 + p23;
        x[3] = s3 + x0.double();
    }
}

/// HorizenLabs' `M4 = [[5, 7, 1, 3], [4, 6, 1, 1], [1, 3, 5, 7], [1, 1, 4,
/// 6]]`.
struct HorizenLabsMat4;

impl Mat4 for HorizenLabsMat4 {
    /// The Poseidon2 paper's chain (appendix B): 8 additions and 4
    /// doublings.
    #[inline(always)]
    fn apply<L: Cells>(x: &mut [L]) {
        let (x0, x1, x2, x3) = (x[0], x[1], x[2], x[3]);
        let t0 = x0 + x1; // x0 + x1
        let t1 = x2 + x3; // x2 + x3
        let t2 = x1.double() + t1; // 2x1 + x2 + x3
        let t3 = x3.double() + t0; // x0 + x1 + 2x3
        let t4 = t1.double().double() + t3; // x0 + x1 + 4x2 + 6x3
        let t5 = t0.double().double() + t2; // 4x0 + 6x1 + x2 + x3
        x[0] = t3 + t5; // 5x0 + 7x1 + x2 + 3x3
        x[1] = t5;
        x[2] = t2 + t4; // x0 + 3x1 + 5x2 + 7x3
        x[3] = t4;
    }
}

/// The external linear layer `M_E`.
#[inline(always)]
fn external<L: Cells, M: Mat4, const W: usize>(state: &mut [L; W]) {
    if W < 4 {
        let mut sum = state[0];
        for &x in &state[1..] {
            sum += x;
        }
        for x in state.iter_mut() {
            *x += sum;
        }
        return;
    }
    for block in state.chunks_exact_mut(4) {
        M::apply(block);
    }
    // circ(2·M4, M4, …): add to each cell the sum of its column over the
    // blocks.
    let mut columns = [state[0], state[1], state[2], state[3]];
    for block in state[4..].chunks_exact(4) {
        for (c, &x) in columns.iter_mut().zip(block) {
            *c += x;
        }
    }
    for block in state.chunks_exact_mut(4) {
        for (x, &c) in block.iter_mut().zip(&columns) {
            *x += c;
        }
    }
}

/// `Σ state[1..]` as a balanced tree of additions (depth `log2 W`, not
/// `W`: modular additions are not reassociated by the compiler). A loop,
/// not recursion, so that it inlines into the packed backends.
#[inline(always)]
fn sum_of_rest<L: Cells, const W: usize>(state: &[L; W]) -> L {
    // First level straight from the state (no copy of it), then pairwise
    // in place.
    let mut level = [state[0]; W];
    let mut n = 0;
    let mut i = 1;
    while i + 1 < W {
        level[n] = state[i] + state[i + 1];
        n += 1;
        i += 2;
    }
    if i < W {
        level[n] = state[i];
        n += 1;
    }
    while n > 1 {
        let half = n / 2;
        for j in 0..half {
            level[j] = level[2 * j] + level[2 * j + 1];
        }
        if n % 2 == 1 {
            level[half] = level[n - 1];
        }
        n = half + n % 2;
    }
    level[0]
}

/// A partial round: the constant and S-box on cell 0, then the internal
/// linear layer `M_I = c·1·1ᵀ + diag(V)`. The sum of cells `1..W` and their
/// products with `V` do not wait for the S-box of cell 0 (they overlap
/// its latency, which otherwise bounds these rounds).
#[inline(always)]
fn partial_round<L: Cells, const W: usize, const D: u64>(
    state: &mut [L; W],
    constant: L::Scalar,
    diagonal: &Diagonal<L::Scalar, W>,
) {
    let rest = L::sum_of_rest(state);
    let s0 = state[0].add_sbox::<D>(constant);
    let mut sum = rest + s0;
    if let Some(c) = diagonal.off_diagonal {
        sum = sum * L::splat(c);
    }
    // Every Plonky3 diagonal starts with V_0 = −2 (and c = 1): cell 0
    // becomes sum − 2·s0 = rest − s0.
    let first = if diagonal.off_diagonal.is_none()
        && diagonal.scales[0] == Scale::Mul2exp(1)
        && diagonal.negative[0]
    {
        rest - s0
    } else {
        sum_plus_scaled(sum, s0, diagonal, 0)
    };
    // Written out cell by cell (widths up to 24): a loop whose body
    // branches on the entry's form is not unrolled by the compiler, which
    // then keeps the state in memory; with constant indices it stays in
    // registers.
    macro_rules! cells {
        ($($i:literal)*) => {$(
            if $i < W {
                state[$i] = sum_plus_scaled(sum, state[$i], diagonal, $i);
            }
        )*};
    }
    cells!(1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23);
    const {
        assert!(
            W <= 24,
            "partial rounds are written out for widths up to 24"
        )
    };
    state[0] = first;
}

/// `sum + V_i · x`.
#[inline(always)]
fn sum_plus_scaled<L: Cells, const W: usize>(
    sum: L,
    x: L,
    diagonal: &Diagonal<L::Scalar, W>,
    i: usize,
) -> L {
    if L::MULTIPLY_DIAGONAL {
        // One element of a 31-bit field: a multiplication (about three
        // cycles, pipelined) costs less than choosing between the cheap
        // forms per entry.
        return sum + x * L::splat(diagonal.values[i]);
    }
    let scaled = match diagonal.scales[i] {
        Scale::Mul2exp(k) => x.mul_2exp(k),
        Scale::Three => x.double() + x,
        Scale::Div2exp(k) => return L::sum_plus_div_2exp(sum, x, k, diagonal.negative[i]),
        Scale::General => x * L::splat(diagonal.values[i]),
    };
    // `scaled + sum`, not `sum + scaled`: Goldilocks lanes make the right
    // operand canonical, and `sum` is shared by every cell.
    if diagonal.negative[i] {
        sum - scaled
    } else {
        scaled + sum
    }
}

/// A full round: constants on every cell, S-box on every cell, `M_E`.
#[inline(always)]
fn full_round<L: Cells, M: Mat4, const W: usize, const D: u64>(
    state: &mut [L; W],
    constants: &[L::Scalar; W],
) {
    L::add_sbox_all::<D, W>(state, constants);
    external::<L, M, W>(state);
}

/// The whole permutation on lanes, with the external block `M`.
#[inline(always)]
fn permute_with<L: Cells, M: Mat4, const W: usize, const D: u64>(
    constants: &Constants<L::Scalar, W>,
    state: &mut [L; W],
) {
    external::<L, M, W>(state);
    for round in constants.initial {
        full_round::<L, M, W, D>(state, round);
    }
    for &c in constants.partial {
        partial_round::<L, W, D>(state, c, &constants.diagonal);
    }
    for round in constants.terminal {
        full_round::<L, M, W, D>(state, round);
    }
}

/// The whole permutation on lanes.
#[inline(always)]
pub(crate) fn permute_lanes<L: Cells, const W: usize, const D: u64>(
    constants: &Constants<L::Scalar, W>,
    state: &mut [L; W],
) {
    match constants.external {
        ExternalMatrix::Plonky3 => permute_with::<L, Plonky3Mat4, W, D>(constants, state),
        ExternalMatrix::HorizenLabs => {
            permute_with::<L, HorizenLabsMat4, W, D>(constants, state);
        }
    }
}

/// The permutation of one state of field elements.
#[inline]
pub(crate) fn permute<F: Cells<Scalar = F>, const W: usize, const D: u64>(
    constants: &Constants<F, W>,
    state: &mut [F; W],
) {
    permute_lanes::<F, W, D>(constants, state);
}
