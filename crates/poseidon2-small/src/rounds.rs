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
    /// Whether the partial rounds (where `M_I` has `c = 1`, `V_0 = −2`)
    /// add each round's constant to the sum beside cell 0's S-box rather
    /// than to cell 0 before it: cell 0 becomes `(rest + c_next) − s` in
    /// place of `rest − s`, and the next S-box starts from it, an addition
    /// less on the chain of latencies through cell 0 (the first constant
    /// is added before the first partial round). Same count of operations;
    /// only where that chain bounds the rounds (one Goldilocks state on
    /// the scalar units).
    const FOLD_PARTIAL_CONSTANTS: bool = false;
    /// `self + c` for a round constant.
    #[inline(always)]
    fn add_scalar(self, c: Self::Scalar) -> Self {
        self + Self::splat(c)
    }
    /// Cell 0 of a partial round whose `M_I` has `c = 1`, `V_0 = −2`: with
    /// `s = (self + constant)^D` (`self^D` where the constant was folded,
    /// `None`), the sum of the cells `rest + s` and cell 0's new value
    /// `next − s` (`next` is `rest`, plus the next round's constant where
    /// folded). By parts by default.
    #[inline(always)]
    fn partial_cell0<const D: u64>(
        self,
        constant: Option<Self::Scalar>,
        rest: Self,
        next: Self,
    ) -> (Self, Self) {
        partial_cell0_by_parts::<Self, D>(self, constant, rest, next)
    }
    /// `Σ state[1..]`, the partial rounds' sum beside cell 0's S-box: a
    /// balanced tree of additions by default.
    #[inline(always)]
    fn sum_of_rest<const W: usize>(state: &[Self; W]) -> Self {
        sum_of_rest(state)
    }
    /// `sum + V · x` for an entry `V` of the internal diagonal: `±V` of
    /// the form `scale` (`−` when `negative`), `value` itself for
    /// `Scale::General`. By parts by default.
    #[inline(always)]
    fn sum_plus_scaled(
        sum: Self,
        x: Self,
        scale: Scale,
        negative: bool,
        value: Self::Scalar,
    ) -> Self {
        sum_plus_scaled_by_parts(sum, x, scale, negative, value)
    }
    /// A value of the external layer's sums (`external_wide`): `Self`
    /// where the sums stay reduced.
    type Wide: Copy + Add<Output = Self::Wide>;
    /// Whether the external layer with Plonky3's block sums each output
    /// exactly and reduces it once (`external_wide`; one Goldilocks lane).
    const WIDE_EXTERNAL: bool = false;
    /// `self` as a [`Self::Wide`].
    fn widen(self) -> Self::Wide;
    /// A [`Self::Wide`] reduced: at least `external_wide`'s sums of up to
    /// 49 words (Goldilocks: any value below `2^96`; a 31-bit field: up to
    /// 1 024 stored words, `Lanes::narrow`).
    fn narrow(wide: Self::Wide) -> Self;
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
    /// One element: the stored words summed exactly, one reduction
    /// ([`Lanes::Wide`]); packed lanes: the balanced tree.
    #[inline(always)]
    fn sum_of_rest<const W: usize>(state: &[Self; W]) -> Self {
        if !L::WIDE_IS_EXACT {
            return sum_of_rest(state);
        }
        let mut total = state[1].widen();
        for &x in &state[2..] {
            total = total + x.widen();
        }
        L::narrow(total)
    }
    /// Exact for one element ([`Lanes::Wide`]).
    const WIDE_EXTERNAL: bool = L::WIDE_IS_EXACT;
    /// Not on AVX2 (8 lanes): its 16 registers do not hold a 16- or
    /// 24-cell state, and the written-out S-boxes spilled (Mersenne31 16
    /// went from 1.20 to 1.58 of Plonky3's time per state). AVX-512 has 32
    /// registers. One element (general registers) mostly gains: one
    /// permutation of Mersenne31 16 went from 0.66 to 0.48 of Plonky3's
    /// time, BabyBear 16 from 1.01 to 1.04.
    const WRITE_OUT_SBOXES: bool = L::COUNT != 8;
    type Wide = L::Wide;
    #[inline(always)]
    fn widen(self) -> L::Wide {
        Lanes::widen(self)
    }
    #[inline(always)]
    fn narrow(wide: L::Wide) -> Self {
        Lanes::narrow(wide)
    }
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
    /// Plonky3's block (`external_wide` computes it).
    const PLONKY3: bool = false;
    fn apply<L: Cells>(x: &mut [L]);
}

/// Plonky3's `M4 = circ(2, 3, 1, 1)`.
struct Plonky3Mat4;

impl Mat4 for Plonky3Mat4 {
    const PLONKY3: bool = true;
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
    if M::PLONKY3 && L::WIDE_EXTERNAL {
        return external_wide(state);
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

/// `M_E` with Plonky3's block on exact sums, each output reduced once:
/// `circ(2·M4, M4, …)` sends block `b` to `2·M4·x_b + Σ_{c≠b} M4·x_c =
/// M4·(x_b + S)` with `S = Σ_c x_c` (the column sums), so `S` first, then
/// block by block `x_b + S` and `M4` (`y_i = s + x_i + 2·x_{i+1}` with
/// shared pair sums, as `Plonky3Mat4`), each output reduced as soon as it
/// is formed (fewer values held at once than the column sums of the
/// outputs would need). Every output is a sum of at most `7 · (W/4 + 1)
/// = 49` words for `W ≤ 24` (below `2^70` for Goldilocks), which
/// `Cells::narrow` takes.
#[inline(always)]
fn external_wide<L: Cells, const W: usize>(state: &mut [L; W]) {
    const { assert!(W >= 4 && W.is_multiple_of(4) && W <= 24) };
    let mut columns = [
        state[0].widen(),
        state[1].widen(),
        state[2].widen(),
        state[3].widen(),
    ];
    for block in state[4..].chunks_exact(4) {
        for (c, &x) in columns.iter_mut().zip(block) {
            *c = *c + x.widen();
        }
    }
    for block in state.chunks_exact_mut(4) {
        // (Not `array::map`: it was left a call.)
        let x0 = block[0].widen() + columns[0];
        let x1 = block[1].widen() + columns[1];
        let x2 = block[2].widen() + columns[2];
        let x3 = block[3].widen() + columns[3];
        let p01 = x0 + x1;
        let p23 = x2 + x3;
        let s = p01 + p23;
        let s1 = s + x1;
        let s3 = s + x3;
        block[0] = L::narrow(s1 + p01);
        block[1] = L::narrow(s1 + (x2 + x2));
        block[2] = L::narrow(s3 + p23);
        block[3] = L::narrow(s3 + (x0 + x0));
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

/// [`Cells::partial_cell0`] by parts: the S-box, then the sum and the
/// difference.
#[inline(always)]
pub(crate) fn partial_cell0_by_parts<L: Cells, const D: u64>(
    x: L,
    constant: Option<L::Scalar>,
    rest: L,
    next: L,
) -> (L, L) {
    let s0 = match constant {
        Some(c) => x.add_sbox::<D>(c),
        None => small_power(x, D),
    };
    (rest + s0, next - s0)
}

/// The partial rounds, one constant each.
#[inline(always)]
fn partial_rounds<L: Cells, const W: usize, const D: u64>(
    state: &mut [L; W],
    constants: &[L::Scalar],
    diagonal: &Diagonal<L::Scalar, W>,
) {
    // Every Plonky3 diagonal starts with V_0 = −2 (and c = 1): cell 0
    // becomes sum − 2·s0 = rest − s0.
    let difference = diagonal.off_diagonal.is_none()
        && diagonal.scales[0] == Scale::Mul2exp(1)
        && diagonal.negative[0];
    if !(L::FOLD_PARTIAL_CONSTANTS && difference) {
        for &c in constants {
            partial_round::<L, W, D>(state, c, None, false, difference, diagonal);
        }
        return;
    }
    let Some((&last, _)) = constants.split_last() else {
        return;
    };
    state[0] = state[0].add_scalar(constants[0]);
    // The last round apart (no next constant): a choice inside the loop
    // had cost a branch and spilled cells to the stack.
    for pair in constants.windows(2) {
        partial_round::<L, W, D>(state, pair[0], Some(pair[1]), true, true, diagonal);
    }
    partial_round::<L, W, D>(state, last, None, true, true, diagonal);
}

/// A partial round: the constant and S-box on cell 0 (the constant already
/// in cell 0 where `fold`, which then adds `next_constant` to cell 0's new
/// value), then the internal linear layer `M_I = c·1·1ᵀ + diag(V)`
/// (`difference`: `c = 1` and `V_0 = −2`). The sum of cells `1..W` and
/// their products with `V` do not wait for the S-box of cell 0 (they
/// overlap its latency, which otherwise bounds these rounds).
#[inline(always)]
fn partial_round<L: Cells, const W: usize, const D: u64>(
    state: &mut [L; W],
    constant: L::Scalar,
    next_constant: Option<L::Scalar>,
    fold: bool,
    difference: bool,
    diagonal: &Diagonal<L::Scalar, W>,
) {
    let rest = L::sum_of_rest(state);
    let (sum, first) = if difference {
        let next = match next_constant {
            Some(c) => rest.add_scalar(c),
            None => rest,
        };
        let constant = if fold { None } else { Some(constant) };
        state[0].partial_cell0::<D>(constant, rest, next)
    } else {
        let s0 = state[0].add_sbox::<D>(constant);
        let mut sum = rest + s0;
        if let Some(c) = diagonal.off_diagonal {
            sum = sum * L::splat(c);
        }
        (sum, sum_plus_scaled(sum, s0, diagonal, 0))
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
    L::sum_plus_scaled(
        sum,
        x,
        diagonal.scales[i],
        diagonal.negative[i],
        diagonal.values[i],
    )
}

/// [`Cells::sum_plus_scaled`] by parts: `V · x` in its cheap form, then
/// the sum or difference.
#[inline(always)]
pub(crate) fn sum_plus_scaled_by_parts<L: Cells>(
    sum: L,
    x: L,
    scale: Scale,
    negative: bool,
    value: L::Scalar,
) -> L {
    let scaled = match scale {
        Scale::Mul2exp(k) => x.mul_2exp(k),
        Scale::Three => x.double() + x,
        Scale::Div2exp(k) => return L::sum_plus_div_2exp(sum, x, k, negative),
        Scale::General => x * L::splat(value),
    };
    // `scaled + sum`, not `sum + scaled`: Goldilocks lanes make the right
    // operand canonical, and `sum` is shared by every cell.
    if negative { sum - scaled } else { scaled + sum }
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
    partial_rounds::<L, W, D>(state, constants.partial, &constants.diagonal);
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
