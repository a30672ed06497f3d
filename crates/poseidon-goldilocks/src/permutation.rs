//! The permutation: 4 full rounds, 22 partial rounds, 4 full rounds on
//! twelve cells, S-box `x^7`.
//!
//! A full round adds the round's twelve constants, applies the S-box to
//! every cell and multiplies by the MDS matrix. A partial round, by
//! definition ([`permute_naive`]), does the same with the S-box on cell 0
//! only. The rounds that run ([`permute_raw`]) compute the partial rounds
//! as plonky2 does, with the same result: the constants of all 22 partial
//! rounds are moved ahead of them (one constant vector added before them,
//! one constant added to cell 0 after each S-box), and the MDS matrices
//! are factored into a dense matrix applied once before them and, per
//! round, a sparse one: `[[m_00, v], [ŵ, 1]]` (cell 0 becomes a dot
//! product, cell `i ≥ 1` becomes `x_i + v_i · x_0`). Plonky2 publishes
//! those constants with its permutation; `constants.rs` holds them.
//!
//! Values are raw `u64`s (any value below `2^64`, standing for its residue;
//! see `algebraic_hash_rescue::field::raw`), made canonical at the end.

use algebraic_hash_rescue::lanes::{
    self, GoldilocksLanes, LaneKernel, LinearPartialRounds12, SmallMatrix12, SparseRound12,
};

use crate::constants::*;
use crate::mds::mds_layer;

/// Full rounds before and after the partial rounds (each).
pub const HALF_N_FULL_ROUNDS: usize = 4;
/// Partial rounds.
pub const N_PARTIAL_ROUNDS: usize = 22;
/// All rounds.
pub const N_ROUNDS: usize = 2 * HALF_N_FULL_ROUNDS + N_PARTIAL_ROUNDS;

/// `x^7` as `x^3 · x^4`: four products, three deep.
#[inline(always)]
fn sbox<L: GoldilocksLanes>(x: L) -> L {
    let x2 = x.square();
    let x3 = x2.mul(x);
    let x4 = x2.square();
    x3.mul(x4)
}

/// Round `round`'s constants added to every cell.
#[inline(always)]
fn constant_layer<L: GoldilocksLanes>(state: &mut [L; 12], round: usize) {
    for (x, &c) in state
        .iter_mut()
        .zip(&ALL_ROUND_CONSTANTS[12 * round..12 * round + 12])
    {
        *x = x.add_canonical(L::splat(c));
    }
}

/// Full rounds `first..first + HALF_N_FULL_ROUNDS`.
#[inline(always)]
fn full_rounds<L: GoldilocksLanes>(state: &mut [L; 12], first: usize) {
    for round in first..first + HALF_N_FULL_ROUNDS {
        constant_layer(state, round);
        L::exp7_state(state);
        mds_layer(state);
    }
}

/// The MDS matrix by rows (`circ(MDS_MATRIX_CIRC) + diag(MDS_MATRIX_DIAG)`;
/// row `r` is plonky2's `mds_row_shf(r)`), for the one-state full rounds.
const MDS_MATRIX: SmallMatrix12 = SmallMatrix12::new(&MDS_ROWS);

/// The MDS matrix by rows (see [`MDS_MATRIX`]).
const MDS_ROWS: [[u64; 12]; 12] = {
    let mut rows = [[0u64; 12]; 12];
    let mut r = 0;
    while r < 12 {
        let mut c = 0;
        while c < 12 {
            rows[r][c] = MDS_MATRIX_CIRC[(c + 12 - r) % 12];
            c += 1;
        }
        rows[r][r] += MDS_MATRIX_DIAG[r];
        r += 1;
    }
    rows
};

/// [`ALL_ROUND_CONSTANTS`] round by round.
const ROUND_CONSTANTS: [[u64; 12]; N_ROUNDS] = {
    let mut rounds = [[0u64; 12]; N_ROUNDS];
    let mut i = 0;
    while i < 12 * N_ROUNDS {
        rounds[i / 12][i % 12] = ALL_ROUND_CONSTANTS[i];
        i += 1;
    }
    rounds
};

/// Full rounds `first..first + HALF_N_FULL_ROUNDS` of one state: on the
/// vector units where `lanes::x7_matrix_rounds` runs (AVX-512), else
/// [`full_rounds`] on `u64`.
#[inline(always)]
fn full_rounds_one_state(state: &mut [u64; 12], first: usize) {
    let constants = &ROUND_CONSTANTS[first..first + HALF_N_FULL_ROUNDS];
    if !lanes::x7_matrix_rounds(state, constants, &MDS_MATRIX) {
        full_rounds(state, first);
    }
}

/// Cells `1..12` of `state`.
#[inline(always)]
fn rest<L: GoldilocksLanes>(state: &[L; 12]) -> [L; 11] {
    let mut r = [state[1]; 11];
    r.copy_from_slice(&state[1..]);
    r
}

/// Row 0 of each fast partial round's sparse matrix, rotated: `[ŵ…, m_00]`
/// for the cells `[x_1, …, x_11, x_0]`, so that cell 0's new value is one
/// dot product (one reduction on `u64`) whose last term, the only one that
/// waits for the round's S-box, is added last.
const FAST_PARTIAL_ROUND_ROW0: [[u64; 12]; N_PARTIAL_ROUNDS] = {
    let mut rows = [[0u64; 12]; N_PARTIAL_ROUNDS];
    let mut r = 0;
    while r < N_PARTIAL_ROUNDS {
        let mut i = 0;
        while i < 11 {
            rows[r][i] = FAST_PARTIAL_ROUND_W_HATS[r][i];
            i += 1;
        }
        rows[r][11] = MDS_MATRIX_CIRC[0] + MDS_MATRIX_DIAG[0];
        r += 1;
    }
    rows
};

/// The partial rounds as plonky2 computes them (see the module doc).
#[inline(always)]
fn partial_rounds<L: GoldilocksLanes>(state: &mut [L; 12]) {
    partial_rounds_start(state);
    sparse_rounds(state);
}

/// Before the sparse partial rounds: plonky2's first constant vector and
/// its dense matrix (cell 0 kept, cells 1.. mixed).
#[inline(always)]
fn partial_rounds_start<L: GoldilocksLanes>(state: &mut [L; 12]) {
    for (x, &c) in state.iter_mut().zip(&FAST_PARTIAL_FIRST_ROUND_CONSTANT) {
        *x = x.add_canonical(L::splat(c));
    }
    let cells = rest(state);
    for c in 0..11 {
        let mut column = [0u64; 11];
        for (r, x) in column.iter_mut().enumerate() {
            *x = FAST_PARTIAL_ROUND_INITIAL_MATRIX[r][c];
        }
        state[c + 1] = L::dot_constants(&cells, &column);
    }
}

/// The 22 sparse partial rounds: cell 0 becomes a dot product (with the
/// S-box output `s`), cell `i ≥ 1` becomes `x_i + v_i · s`.
#[inline(always)]
fn sparse_rounds<L: GoldilocksLanes>(state: &mut [L; 12]) {
    for round in 0..N_PARTIAL_ROUNDS {
        let s0 = sbox(state[0]).add_canonical(L::splat(FAST_PARTIAL_ROUND_CONSTANTS[round]));
        let mut cells = [s0; 12];
        cells[..11].copy_from_slice(&state[1..]);
        let d = L::dot_constants(&cells, &FAST_PARTIAL_ROUND_ROW0[round]);
        for (x, &v) in state[1..].iter_mut().zip(&FAST_PARTIAL_ROUND_VS[round]) {
            *x = x.add_product(s0, L::splat(v));
        }
        state[0] = d;
    }
}

/// [`sparse_rounds`] for `lanes::sparse_x7_rounds`.
const SPARSE_ROUNDS: [SparseRound12; N_PARTIAL_ROUNDS] = {
    let m00 = MDS_MATRIX_CIRC[0] + MDS_MATRIX_DIAG[0];
    let mut rounds = [SparseRound12::new(0, &[0; 11], 0, &[0; 11]); N_PARTIAL_ROUNDS];
    let mut r = 0;
    while r < N_PARTIAL_ROUNDS {
        rounds[r] = SparseRound12::new(
            FAST_PARTIAL_ROUND_CONSTANTS[r],
            &FAST_PARTIAL_ROUND_W_HATS[r],
            m00,
            &FAST_PARTIAL_ROUND_VS[r],
        );
        r += 1;
    }
    rounds
};

/// The partial rounds as affine forms (`lanes::LinearPartialRounds12`),
/// derived from their definition (constants of every cell, `x^7` on cell
/// 0, the MDS matrix `M`). With `P` the matrix `M` with column 0 set to
/// zero and `m_0` its column 0, a round takes the state `z` to `P · (z +
/// RC_r) + s_r · m_0`, `s_r` the S-box output. So after `r` rounds, from
/// `y`: `z_r = P^r · y + Σ_(j<r) P^(r−1−j) · m_0 · s_j + c_r` with `c_0 =
/// 0`, `c_(r+1) = P · (c_r + RC_r)`; round `r`'s S-box input is cell 0 of
/// `z_r + RC_r`. (`M`'s entries are small, so each entry of a product by
/// `P` is one `u128` sum and one reduction.)
static LINEAR_PARTIAL_ROUNDS: LinearPartialRounds12 = {
    // (`P` above is the matrix; the modulus is `MODULUS`.)
    const MODULUS: u128 = algebraic_hash_rescue::field::MODULUS as u128;
    const R: usize = N_PARTIAL_ROUNDS;
    /// `row · P`.
    const fn row_times_p(row: &[u64; 12]) -> [u64; 12] {
        let mut out = [0u64; 12];
        let mut k = 1;
        while k < 12 {
            let mut sum = 0u128;
            let mut i = 0;
            while i < 12 {
                sum += row[i] as u128 * MDS_ROWS[i][k] as u128;
                i += 1;
            }
            out[k] = (sum % MODULUS) as u64;
            k += 1;
        }
        out
    }
    /// `P · column`.
    const fn p_times_column(column: &[u64; 12]) -> [u64; 12] {
        let mut out = [0u64; 12];
        let mut i = 0;
        while i < 12 {
            let mut sum = 0u128;
            let mut k = 1;
            while k < 12 {
                sum += MDS_ROWS[i][k] as u128 * column[k] as u128;
                k += 1;
            }
            out[i] = (sum % MODULUS) as u64;
            i += 1;
        }
        out
    }
    let mut alpha = [[0u64; 12]; R];
    alpha[0][0] = 1;
    let mut gamma = [0u64; R];
    let mut c = [0u64; 12];
    let mut b = [[0u64; 12]; R];
    let mut beta = [0u64; R - 1];
    let mut k = 0;
    while k < 12 {
        b[0][k] = MDS_ROWS[k][0];
        k += 1;
    }
    let mut r = 0;
    while r < R {
        if r > 0 {
            alpha[r] = row_times_p(&alpha[r - 1]);
            b[r] = p_times_column(&b[r - 1]);
            beta[r - 1] = b[r - 1][0];
        }
        let mut t = [0u64; 12];
        let mut i = 0;
        while i < 12 {
            t[i] = ((c[i] as u128 + ROUND_CONSTANTS[HALF_N_FULL_ROUNDS + r][i] as u128) % MODULUS)
                as u64;
            i += 1;
        }
        gamma[r] = t[0];
        c = p_times_column(&t);
        r += 1;
    }
    // out_from_sbox[j] = b_(R−1−j); A = P^R by rows.
    let mut out_from_sbox = [[0u64; 12]; R];
    let mut j = 0;
    while j < R {
        out_from_sbox[j] = b[R - 1 - j];
        j += 1;
    }
    let mut a = [[0u64; 12]; 12];
    let mut i = 0;
    while i < 12 {
        a[i][i] = 1;
        let mut r = 0;
        while r < R {
            a[i] = row_times_p(&a[i]);
            r += 1;
        }
        i += 1;
    }
    LinearPartialRounds12::new(&alpha, &gamma, &beta, &a, &out_from_sbox, &c)
};

/// The permutation on raw values, on each lane; raw out.
#[inline(always)]
pub(crate) fn permute_lanes<L: GoldilocksLanes>(state: &mut [L; 12]) {
    full_rounds(state, 0);
    partial_rounds(state);
    full_rounds(state, HALF_N_FULL_ROUNDS + N_PARTIAL_ROUNDS);
}

/// The permutation of one state on raw values; raw out.
#[inline]
pub(crate) fn permute_raw(state: &mut [u64; 12]) {
    full_rounds_one_state(state, 0);
    if !lanes::linear_partial_rounds(state, &LINEAR_PARTIAL_ROUNDS) {
        partial_rounds_start(state);
        if !lanes::sparse_x7_rounds(state, &SPARSE_ROUNDS) {
            sparse_rounds(state);
        }
    }
    full_rounds_one_state(state, HALF_N_FULL_ROUNDS + N_PARTIAL_ROUNDS);
}

/// The permutation as a kernel of the shared Goldilocks lanes.
pub(crate) struct Rounds;

impl LaneKernel<12> for Rounds {
    #[inline(always)]
    fn apply<L: GoldilocksLanes>(&self, state: &mut [L; 12]) {
        permute_lanes(state);
    }

    /// Up to six states after a batch's groups of lanes go one by one,
    /// whatever the lanes (only the AVX-512 driver's groups of eight leave
    /// more than three). A scratch timer, fastest per state of
    /// `permute_many` on n states: on AMD Zen 4 with IFMA one state takes
    /// about 780 ns, as much as a state of a full group of eight, while a
    /// remainder of two to four ran as a padded AVX2 group of four (1 950,
    /// 1 290, 970 ns per state) and one of five to seven as a padded group
    /// of eight (1 220, 1 020–1 050, 875–900 ns each). On an Intel Xeon
    /// (Emerald Rapids, IFMA) one state in a batch takes about 915 ns, a
    /// padded group of six 1 046 ns per state and of seven 897: seven
    /// stays a group.
    fn single_states(&self, _lanes: usize) -> usize {
        6
    }

    /// [`permute_raw`], the one-state path of `permute` (on AVX-512 and
    /// IFMA its own layouts): faster than the rounds on `u64` lanes (on
    /// AMD Zen 4 with IFMA, 800 against 1 350 ns).
    fn apply_single(&self, state: &mut [u64; 12]) {
        permute_raw(state);
    }
}

/// The permutation by its definition (every partial round with its own
/// constants and the whole MDS matrix): plonky2's `poseidon_naive`, for
/// the tests.
pub(crate) fn permute_naive(state: &mut [u64; 12]) {
    full_rounds(state, 0);
    partial_rounds_naive(state);
    full_rounds(state, HALF_N_FULL_ROUNDS + N_PARTIAL_ROUNDS);
}

/// The partial rounds by their definition (see [`permute_naive`]).
fn partial_rounds_naive(state: &mut [u64; 12]) {
    for round in HALF_N_FULL_ROUNDS..HALF_N_FULL_ROUNDS + N_PARTIAL_ROUNDS {
        constant_layer(state, round);
        state[0] = sbox(state[0]);
        mds_layer(state);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use algebraic_hash_rescue::field::raw;
    use algebraic_hash_rescue::lanes::{LaneBackend, apply_many_with};
    use algebraic_hash_testkit::{cases, check_batch_sizes, lane_test_states};

    const P: u64 = 0xffff_ffff_0000_0001;

    /// Every backend of the shared lanes this CPU runs equals the one-state
    /// permutation (outputs made canonical) at every batch size 1..=33, on
    /// edge and random states.
    #[test]
    fn every_backend_equals_one_state() {
        const EDGES: &[u64] = &[0, 1, P - 1, 1 << 32, (1 << 32) - 1];
        let states = lane_test_states::<12>(9, P, EDGES, cases(2_000) as usize);
        let canonical = |s: &mut [u64; 12]| *s = s.map(raw::canonical);
        let mut ran = 0;
        for backend in LaneBackend::ALL {
            ran += usize::from(check_batch_sizes(
                &states,
                |batch| {
                    let ran = apply_many_with(backend, &Rounds, batch);
                    batch.iter_mut().for_each(canonical);
                    ran
                },
                |s| {
                    permute_raw(s);
                    canonical(s);
                },
            ));
        }
        assert!(ran >= 1);
    }

    #[test]
    fn constants_are_canonical() {
        let tables: [&[u64]; 3] = [
            &ALL_ROUND_CONSTANTS,
            &FAST_PARTIAL_FIRST_ROUND_CONSTANT,
            &FAST_PARTIAL_ROUND_CONSTANTS,
        ];
        for v in tables.into_iter().flatten() {
            assert!(*v < P);
        }
        for row in FAST_PARTIAL_ROUND_VS
            .iter()
            .chain(&FAST_PARTIAL_ROUND_W_HATS)
            .chain(&FAST_PARTIAL_ROUND_INITIAL_MATRIX)
        {
            assert!(row.iter().all(|&v| v < P));
        }
    }

    /// The partial rounds as affine forms (the AVX-512 IFMA path's
    /// constants), evaluated one product at a time, equal the partial
    /// rounds by definition, on any CPU.
    #[test]
    fn linear_forms_equal_partial_rounds() {
        const EDGES: &[u64] = &[0, 1, P - 1, P, u64::MAX, 1 << 32, (1 << 32) - 1];
        for state in lane_test_states::<12>(13, P, EDGES, cases(2_000) as usize) {
            let (mut got, mut want) = (state, state);
            LINEAR_PARTIAL_ROUNDS.apply_by_definition(&mut got);
            partial_rounds_naive(&mut want);
            assert_eq!(
                got.map(raw::canonical),
                want.map(raw::canonical),
                "{state:?}"
            );
        }
    }

    /// The fast partial rounds equal the rounds by definition (plonky2's
    /// own consistency check, on edge and random states).
    #[test]
    fn fast_equals_naive() {
        let mut x = 0xfeed_face_cafe_beefu64;
        for t in 0..2000 {
            let state: [u64; 12] = core::array::from_fn(|i| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                match t {
                    0 => 0,
                    1 => P - 1,
                    2 => i as u64,
                    3 => u64::MAX,
                    _ => x,
                }
            });
            let (mut a, mut b) = (state, state);
            permute_raw(&mut a);
            permute_naive(&mut b);
            assert_eq!(a.map(raw::canonical), b.map(raw::canonical), "{state:?}");
        }
    }
}
