//! The permutation of one state of a 31-bit field with its cells in the
//! lanes of vector registers ([`Row`]: two AVX2 registers of 8 lanes hold
//! a 16-cell state, three a 24-cell one), for every 31-bit instance whose
//! width the registers hold.
//!
//! Why: on one element at a time, a full round is `W` S-boxes and the
//! external layer's additions one by one; in registers it is one
//! vectorised S-box per register (the latency of one S-box, not the work
//! of `W`) and the 4 × 4 blocks as shuffles within each block of four
//! lanes. The partial rounds stay a chain of latencies (cell 0's S-box,
//! the sum of all cells, the broadcast back), which a register does not
//! shorten; they keep cell 0 broadcast in a register of its own, so the
//! next S-box starts from `rest − s0` without moving it between lanes.
//!
//! The rounds are those of `crate::rounds` (same order, same matrices):
//! - `M_E`: the 4 × 4 block in each block of four lanes, then the column
//!   sums of the blocks added to every block. Plonky3's `circ(2, 3, 1, 1)`
//!   is `y_j = s + x_j + 2·x_{j+1}` with `s` the block's sum. HorizenLabs'
//!   `M4` (RISC Zero) is not circulant: its even rows (`5 7 1 3`, `1 3 5 7`)
//!   and odd rows (`4 6 1 1`, `1 1 4 6`) differ. With `t` the sum of a
//!   lane's pair (`x0 + x1` in lanes 0 and 1, `x2 + x3` in 2 and 3) and `h`
//!   the pair's odd cell (`x1` or `x3`), even lanes are `s + 4t + 2·(x1 +
//!   x3)` and odd lanes `s + 3t + 2h`: two blends of otherwise lane-wise
//!   work.
//! - partial rounds: `s0 = (x_0 + c)^D` on the broadcast cell 0, the sum of
//!   cells `1..W` (lane 0 of the first register zeroed) reduced across the
//!   lanes into every lane, cell `i` becomes `c·Σ + V_i·x_i` with `V` as a
//!   vector of products.

use algebraic_hash_field31::{Field31, Row, RowKernel};

use crate::{Constants, ExternalMatrix, Scale};

/// Registers of one state: three of 8 lanes hold the widest (24).
const MAX_ROWS: usize = 3;

/// The rounds of one instance as a [`RowKernel`] (`serves` says which
/// instances).
pub(crate) struct OneState<F: 'static, const W: usize, const D: u64>(
    pub(crate) &'static Constants<F, W>,
);

impl<F, const W: usize, const D: u64> OneState<F, W, D> {
    /// Whether these rounds serve the instance: a width the registers
    /// hold (either external matrix).
    pub(crate) const fn serves() -> bool {
        W.is_multiple_of(8) && W <= 24
    }
}

impl<F: Field31, const W: usize, const D: u64> RowKernel<F, W> for OneState<F, W, D> {
    #[inline(always)]
    fn apply<R: Row<Scalar = F>>(&self, state: &mut [F; W]) {
        let n = R::COUNT;
        let rows = W / n;
        assert!(
            rows * n == W && rows <= MAX_ROWS,
            "a width the registers hold"
        );
        let mut r = [R::splat(F::ZERO); MAX_ROWS];
        for (i, row) in r.iter_mut().enumerate().take(rows) {
            *row = R::load(&state[i * n..]);
        }
        permute_rows::<R, W, D>(self.0, &mut r, rows);
        for (i, row) in r.iter().enumerate().take(rows) {
            row.store(&mut state[i * n..]);
        }
    }
}

/// `M_E` on the `rows` registers of `r`.
#[inline(always)]
fn external<R: Row>(matrix: ExternalMatrix, r: &mut [R; MAX_ROWS], rows: usize) {
    for x in r.iter_mut().take(rows) {
        *x = match matrix {
            ExternalMatrix::Plonky3 => {
                let next = x.next_in_four();
                let pairs = *x + next;
                let block = pairs + pairs.opposite_in_four();
                block + (*x + next.double())
            }
            ExternalMatrix::HorizenLabs => {
                // Lanes [x0, x1, x2, x3] of a block; t = [t0, t0, t1, t1]
                // with t0 = x0 + x1, t1 = x2 + x3; s = t0 + t1.
                let t = *x + x.swap_in_pairs();
                let block = t + t.opposite_in_four();
                let odd = x.odd_of_pairs(); // [x1, x1, x3, x3]
                let odd_sum = odd + odd.opposite_in_four(); // x1 + x3
                let two_t = t.double();
                // [4t0, 3t0, 4t1, 3t1]
                let multiple_of_t = two_t.double().with_odd_lanes(two_t + t);
                // [x1 + x3, x1, x1 + x3, x3]
                let cross = odd_sum.with_odd_lanes(odd);
                block + multiple_of_t + cross.double()
            }
        };
    }
    let mut columns = r[0];
    for &x in r.iter().take(rows).skip(1) {
        columns += x;
    }
    let columns = columns.sum_of_fours();
    for x in r.iter_mut().take(rows) {
        *x += columns;
    }
}

/// The whole permutation on the registers.
#[inline(always)]
fn permute_rows<R: Row, const W: usize, const D: u64>(
    constants: &Constants<R::Scalar, W>,
    r: &mut [R; MAX_ROWS],
    rows: usize,
) {
    let n = R::COUNT;
    let matrix = constants.external;
    external(matrix, r, rows);
    for round in constants.initial {
        for (i, x) in r.iter_mut().enumerate().take(rows) {
            *x = x.add_pow_each(&round[i * n..], D);
        }
        external(matrix, r, rows);
    }

    let diagonal = &constants.diagonal;
    let mut v = [R::splat(R::Scalar::ZERO); MAX_ROWS];
    for (i, x) in v.iter_mut().enumerate().take(rows) {
        *x = R::load(&diagonal.values[i * n..]);
    }
    // Every Plonky3 diagonal starts with V_0 = −2 (and c = 1): cell 0
    // becomes sum − 2·s0 = rest − s0.
    let first_is_rest_minus_s0 = diagonal.off_diagonal.is_none()
        && diagonal.scales[0] == Scale::Mul2exp(1)
        && diagonal.negative[0];
    let zero = R::splat(R::Scalar::ZERO);
    let mut first = r[0].broadcast_first();
    for &c in constants.partial {
        let s0 = first.add_pow(c, D);
        let mut rest = r[0].with_first(zero);
        for &x in r.iter().take(rows).skip(1) {
            rest += x;
        }
        let pairs = rest + rest.next_in_four();
        let rest = (pairs + pairs.opposite_in_four()).sum_of_fours();
        let mut sum = rest + s0;
        if let Some(c) = diagonal.off_diagonal {
            sum *= R::splat(c);
        }
        first = if first_is_rest_minus_s0 {
            rest - s0
        } else {
            sum + s0 * R::splat(diagonal.values[0])
        };
        for (x, &vi) in r.iter_mut().zip(&v).take(rows) {
            *x = sum + *x * vi;
        }
    }
    r[0] = r[0].with_first(first);

    for round in constants.terminal {
        for (i, x) in r.iter_mut().enumerate().take(rows) {
            *x = x.add_pow_each(&round[i * n..], D);
        }
        external(matrix, r, rows);
    }
}
