//! Goldilocks arithmetic on packed lanes, for every Goldilocks family of the
//! workspace: code written once over [`GoldilocksLanes`] (a [`LaneKernel`])
//! runs on many independent states with [`apply_many`], one state per lane.
//!
//! Why here: the Rescue backends of [`crate::arch`] already hold the
//! Goldilocks products and reductions on AVX2 and AVX-512 registers, with
//! the run-time CPU check. This module lends the same register types (the
//! same multiplications, reductions and carry handling Rescue's batches run)
//! to other permutations — Tip5, Plonky2's Poseidon, Plonky3's Goldilocks
//! Poseidon2 — so that the workspace has one Goldilocks, not one per family.
//!
//! [`apply_many`] transposes groups of states into registers (cell `i` of
//! every state of the group in register `i`; on AVX-512 and AVX2 by
//! shuffles of the loaded rows, 8 × 8 and 4 × 4 words at a time), runs
//! the kernel once per group and writes the states back the same way:
//! - AVX-512 (AVX-512F/VL with AVX2 and BMI2, as Rescue's AVX-512 backend):
//!   groups of eight, two groups at a time for states of up to twelve
//!   cells (so that one group's dependent chains overlap the other's); a
//!   remainder of up to [`LaneKernel::single_states`] states (by default
//!   one) runs one state at a time through [`LaneKernel::apply_single`],
//!   a larger one of five to seven is padded to eight, one of two to four
//!   runs as a group of four on AVX2; where the CPU also has AVX-512 VBMI and BW, the same with
//!   byte-table lookups on the vector units ([`LaneBackend::Avx512Vbmi`],
//!   for kernels that say they look up bytes,
//!   [`LaneKernel::LOOKS_UP_BYTES`]);
//! - AVX2 (with BMI2): groups of four; a remainder of two or three is
//!   padded (unless `single_states` says otherwise), a single state runs
//!   through `apply_single`;
//! - NEON on aarch64 with the `neon-lanes` feature (opt-in: run under qemu
//!   only so far): pairs, a single state through `apply_single`;
//! - otherwise every state on scalars: `u64` is a [`GoldilocksLanes`] of
//!   one lane.
//!
//! Values in lanes are raw: any `u64` standing for its residue mod `p` (see
//! [`crate::field::raw`]). The kernels decide when to make them canonical.

use algebraic_hash::word::widening_mul;

use crate::field::{Felt, MODULUS, raw};

pub use crate::arch::{LaneBackend, apply_many, apply_many_with, lanes_backend};

/// Goldilocks residues in one or more lanes (a `u64`, or a SIMD register of
/// four or eight `u64`s that the kernel sees only as its type parameter).
/// Every operation works on each lane independently.
///
/// Two views of the same lanes: field elements (raw residues: [`mul`],
/// [`square`], [`add`], …) and 64-bit integers with wrapping arithmetic
/// ([`wrapping_add`], [`shr`], …), for the integer tricks of MDS layers
/// (32-bit halves, exact small-coefficient products, [`combine`]).
///
/// [`mul`]: GoldilocksLanes::mul
/// [`square`]: GoldilocksLanes::square
/// [`add`]: GoldilocksLanes::add
/// [`wrapping_add`]: GoldilocksLanes::wrapping_add
/// [`shr`]: GoldilocksLanes::shr
/// [`combine`]: GoldilocksLanes::combine
pub trait GoldilocksLanes: Copy + Send + Sync {
    /// Lanes (states) per value.
    const LANES: usize;

    /// Every lane set to `value`.
    fn splat(value: u64) -> Self;
    /// `self · rhs mod p`.
    fn mul(self, rhs: Self) -> Self;
    /// `self² mod p`.
    fn square(self) -> Self;
    /// `self + rhs mod p` for `rhs < p` (cheaper than [`Self::add`]).
    fn add_canonical(self, rhs: Self) -> Self;
    /// The canonical representative (`< p`) of each lane.
    fn canonical(self) -> Self;
    /// `lo + hi · 2^32 mod p` for integers `lo, hi < 2^63` (e.g. the row
    /// sums of an MDS applied to the 32-bit halves of its input).
    fn combine(lo: Self, hi: Self) -> Self;

    /// `self + rhs` as 64-bit integers (wrapping).
    fn wrapping_add(self, rhs: Self) -> Self;
    /// `self - rhs` as 64-bit integers (wrapping).
    fn wrapping_sub(self, rhs: Self) -> Self;
    /// `self · rhs mod 2^64`.
    fn wrapping_mul(self, rhs: Self) -> Self;
    /// `self << S` (`S < 64`).
    fn shl<const S: u32>(self) -> Self;
    /// `self >> S` (logical, `S < 64`).
    fn shr<const S: u32>(self) -> Self;
    /// `self mod 2^32`.
    fn low32(self) -> Self;

    /// `f` applied to each lane on the scalar units (for steps with no
    /// lane-wise form).
    fn map(self, f: impl Fn(u64) -> u64) -> Self;

    /// `table` applied to each byte of each lane (as integers; Tip5's
    /// split-and-lookup S-box). On the scalar units by default; by byte
    /// permutations on [`LaneBackend::Avx512Vbmi`].
    #[inline(always)]
    fn lookup_bytes(self, table: &[u8; 256]) -> Self {
        self.map(|x| u64::from_le_bytes(x.to_le_bytes().map(|b| table[usize::from(b)])))
    }

    /// `self + rhs mod p`.
    #[inline(always)]
    fn add(self, rhs: Self) -> Self {
        self.add_canonical(rhs.canonical())
    }
    /// `self - rhs mod p`.
    #[inline(always)]
    fn sub(self, rhs: Self) -> Self {
        // p - canonical(rhs) is in 1..=p: made canonical again, it is below p.
        let negated = Self::splat(MODULUS)
            .wrapping_sub(rhs.canonical())
            .canonical();
        self.add_canonical(negated)
    }
    /// `self - rhs mod p` for `rhs < p` (cheaper than [`Self::sub`] on
    /// AVX-512: one borrow fix-up).
    #[inline(always)]
    fn sub_canonical(self, rhs: Self) -> Self {
        self.sub(rhs)
    }
    /// `2 · self mod p`.
    #[inline(always)]
    fn double(self) -> Self {
        self.add(self)
    }
    /// `self · 2^k mod p` for `1 ≤ k ≤ 32` (the cheap diagonal entries of
    /// Poseidon2's internal layers). A product by default.
    #[inline(always)]
    fn mul_2exp(self, k: u32) -> Self {
        debug_assert!((1..=32).contains(&k));
        self.mul(Self::splat(1 << k))
    }
    /// `self · 2^-k mod p` for `1 ≤ k ≤ 32`. A product by default.
    #[inline(always)]
    fn div_2exp(self, k: u32) -> Self {
        debug_assert!((1..=32).contains(&k));
        // 2^-k ≡ -2^(96-k) = -(2^32 - 1) · 2^(32-k) = p - (2^(64-k) - 2^(32-k)).
        let positive = (u64::MAX >> k) + 1 - (1u64 << (32 - k));
        self.mul(Self::splat(MODULUS - positive))
    }
    /// `x^7` on every cell of a twelve-cell state (the S-box layer of
    /// Rescue-Prime and of Poseidon over Goldilocks): cell by cell by
    /// default; on `u64` (one state) in Rescue's single-state layout, two
    /// vector registers beside four scalars, where the CPU has AVX2 or
    /// AVX-512VL.
    #[inline(always)]
    fn exp7_state(state: &mut [Self; 12]) {
        for x in state.iter_mut() {
            let x2 = x.square();
            let x3 = x2.mul(*x);
            let x4 = x2.square();
            *x = x3.mul(x4);
        }
    }
    /// `self + a · b mod p` (a sparse round's `x_i + v_i · x_0`). A product
    /// and a sum by default; one reduction on `u64`.
    #[inline(always)]
    fn add_product(self, a: Self, b: Self) -> Self {
        self.add(a.mul(b))
    }
    /// `self · rhs mod p` for a product on a chain of latencies (each
    /// product waiting on the last, as the S-box of a partial round): as
    /// [`Self::mul`] by default; one lane takes a reduction two steps
    /// shorter, at two instructions more.
    #[inline(always)]
    fn mul_short_chain(self, rhs: Self) -> Self {
        self.mul(rhs)
    }
    /// `self − a · b mod p`: a product and a difference by default; one
    /// lane merges the product's reduction into the difference (six steps
    /// after the product instead of twelve).
    #[inline(always)]
    fn sub_product(self, a: Self, b: Self) -> Self {
        self.sub(a.mul(b))
    }
    /// `self ± m · x mod p` (`−` when `negative`) for `1 ≤ m < 2^32` (the
    /// internal diagonal's entries `±2^k`, `±3` of Poseidon2): a product
    /// and a sum by default; one lane sums exactly in 128 bits and folds
    /// the high word once.
    #[inline(always)]
    fn sum_plus_multiple(self, x: Self, m: u64, negative: bool) -> Self {
        debug_assert!((1..1 << 32).contains(&m));
        let product = x.mul(Self::splat(m));
        if negative {
            self.sub(product)
        } else {
            self.add(product)
        }
    }
    /// `self ± x · 2^-k mod p` (`−` when `negative`) for `1 ≤ k ≤ 32`:
    /// [`Self::div_2exp`] and a sum by default; one lane forms `x · 2^-k ≡
    /// a − c` (two canonical words) and adds both at once.
    #[inline(always)]
    fn sum_plus_div_2exp(self, x: Self, k: u32, negative: bool) -> Self {
        let scaled = x.div_2exp(k);
        if negative {
            self.sub(scaled)
        } else {
            self.add(scaled)
        }
    }
    /// `(self, 0)`: a wide value, a pair `(lo, hi)` standing for `lo + hi ·
    /// 2^64 mod p`, for linear layers with small integer coefficients
    /// (sums and doublings with [`Self::wide_add`], each output reduced
    /// once by [`Self::narrow`]).
    #[inline(always)]
    fn widen(self) -> (Self, Self) {
        (self, Self::splat(0))
    }
    /// `a + b` of wide values ([`Self::widen`]) whose sum has `hi < 2^32`:
    /// by default `lo` summed mod p and `hi` as integers; one lane sums
    /// exactly in 128 bits (`add`, `adc`: one carry fix-up fewer than a
    /// sum mod p with two, and none of their `sbb` masks).
    #[inline(always)]
    fn wide_add(a: (Self, Self), b: (Self, Self)) -> (Self, Self) {
        (a.0.add(b.0), a.1.wrapping_add(b.1))
    }
    /// `lo + hi · 2^64 mod p` for `hi < 2^32`: `hi · 2^64 ≡ hi · 2^32 − hi <
    /// p`, one carry fix-up.
    #[inline(always)]
    fn narrow((lo, hi): (Self, Self)) -> Self {
        lo.add_canonical(hi.shl::<32>().wrapping_sub(hi))
    }
    /// `Σ xs[start..] mod p` (`start < N`): the additions one after another
    /// by default; one lane sums in 128 bits and reduces once, AVX-512
    /// counts the carries and reduces once.
    #[inline(always)]
    fn sum_from<const N: usize>(xs: &[Self; N], start: usize) -> Self {
        let mut sum = xs[start];
        for &x in &xs[start + 1..] {
            sum = sum.add(x);
        }
        sum
    }
    /// `Σ a_i · b_i mod p` for constants `b_i < p` (an MDS row, a sparse
    /// round's vector).
    #[inline(always)]
    fn dot_constants<const N: usize>(a: &[Self; N], b: &[u64; N]) -> Self {
        let mut sum = a[0].mul(Self::splat(b[0]));
        for i in 1..N {
            sum = sum.add(a[i].mul(Self::splat(b[i])));
        }
        sum
    }
}

/// [`apply_many`] on states of [`Felt`]s, canonical out: the registers
/// load the states where they lie and store the canonical forms of the
/// kernel's results (made in the registers) back in place. The
/// `permute_many` of every Goldilocks family but Rescue's.
#[inline]
pub fn apply_many_felts<K: LaneKernel<W>, const W: usize>(kernel: &K, states: &mut [[Felt; W]]) {
    crate::arch::apply_many_felts_with(crate::arch::lanes_backend(), kernel, states);
}

/// [`apply_many_felts`] with `backend`, or `false` (and nothing done) when
/// that backend does not run here. For tests and measurements.
#[inline]
pub fn apply_many_felts_with<K: LaneKernel<W>, const W: usize>(
    backend: LaneBackend,
    kernel: &K,
    states: &mut [[Felt; W]],
) -> bool {
    crate::arch::apply_many_felts_with(backend, kernel, states)
}

/// A 12×12 matrix of small entries (each below `2^19`, each row's entries
/// summing to less than `2^20`, e.g. the MDS matrix of Poseidon over
/// Goldilocks), laid out for [`x7_matrix_rounds`]: column by column, rows
/// 0–7 and 8–11 in two halves of 8 words (the last four zero).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SmallMatrix12 {
    pub(crate) columns: [[u64; 16]; 12],
}

impl SmallMatrix12 {
    /// The matrix with rows `rows`. Panics (at compile time in a `const`)
    /// when an entry is `2^19` or more (the IFMA path multiplies 33-bit
    /// limbs by the entries in 52 bits) or a row's entries sum to `2^20` or
    /// more.
    pub const fn new(rows: &[[u64; 12]; 12]) -> Self {
        let mut columns = [[0u64; 16]; 12];
        let mut r = 0;
        while r < 12 {
            let mut sum = 0u64;
            let mut c = 0;
            while c < 12 {
                assert!(rows[r][c] < 1 << 19, "SmallMatrix12: entry too large");
                sum += rows[r][c];
                columns[c][r] = rows[r][c];
                c += 1;
            }
            assert!(sum < 1 << 20, "SmallMatrix12: row sum too large");
            r += 1;
        }
        Self { columns }
    }
}

/// Rounds of `x ← M · (x + c)^7` (Poseidon's full rounds over Goldilocks:
/// the round's constants `c < p` added to every cell, `x^7` on every cell,
/// then the product by `matrix`) on one twelve-cell state of raw values,
/// one round per entry of `constants`. With AVX-512 IFMA: cells 0–7 as
/// 32-bit limbs in 512-bit registers from the first round to the last,
/// `x^7` by 52-bit multiply-adds, cells 8–11 on the scalar units, the
/// product by `matrix` on the limbs; with AVX-512F/VL only: the state in
/// two registers, the products by `matrix` on the 32-bit halves of the
/// cells, summed exactly, one reduction per cell. Returns `false` and
/// leaves the state unchanged where the build or the CPU has no such path
/// (no AVX-512F/VL); the caller then runs its own rounds.
pub fn x7_matrix_rounds(
    state: &mut [u64; 12],
    constants: &[[u64; 12]],
    matrix: &SmallMatrix12,
) -> bool {
    debug_assert!(constants.iter().flatten().all(|&c| c < MODULUS));
    crate::arch::x7_matrix_rounds(state, constants, &matrix.columns)
}

/// One of plonky2's sparse ("fast") partial rounds of Poseidon over
/// Goldilocks (width 12), for [`sparse_x7_rounds`]: with
/// `s = x_0^7 + constant`, cell 0 becomes `Σ_i ŵ_i · x_(i+1) + m_00 · s`
/// and cell `i + 1` becomes `x_(i+1) + v_i · s`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SparseRound12 {
    pub(crate) constant: u64,
    /// `ŵ` then `m_00`.
    pub(crate) row: [u64; 12],
    /// `v`, then zeros.
    pub(crate) v: [u64; 16],
}

impl SparseRound12 {
    /// The round with these constants (each below `p`).
    pub const fn new(constant: u64, w_hat: &[u64; 11], m_00: u64, v: &[u64; 11]) -> Self {
        let mut row = [m_00; 12];
        let mut padded = [0u64; 16];
        let mut i = 0;
        while i < 11 {
            row[i] = w_hat[i];
            padded[i] = v[i];
            i += 1;
        }
        Self {
            constant,
            row,
            v: padded,
        }
    }
}

/// Plonky2's sparse partial rounds ([`SparseRound12`], one per entry of
/// `rounds`) on one twelve-cell state of raw values, raw out: cell 0's
/// S-box and dot product on the scalar units, the updates of cells 1–11
/// on AVX-512 registers. Returns `false` and leaves the state unchanged
/// where the build or the CPU has no such path (no AVX-512F/VL); the
/// caller then runs its own rounds.
pub fn sparse_x7_rounds(state: &mut [u64; 12], rounds: &[SparseRound12]) -> bool {
    crate::arch::sparse_x7_rounds(state, rounds)
}

/// Partial rounds of a width-12 Poseidon over Goldilocks (`x^7` on cell 0
/// only, the rest of each round affine), written as affine forms, for
/// [`linear_partial_rounds`]. With `y` the state before the first round
/// and `s_j = u_j^7` the S-box output of round `j`:
/// - round `r`'s S-box input is `u_r = α_r · y + Σ_(j<r) β_(r−1−j) · s_j
///   + γ_r` (`α_0 = e_0`: the first input is cell 0 plus a constant);
/// - the state after the last round is `A · y + Σ_j b_j · s_j + c`.
///
/// Why: a partial round done as defined (or in plonky2's sparse form)
/// puts a dot product over every cell on the chain from one S-box to the
/// next; in this form every product but the S-box's and those of the two
/// latest S-box outputs is known ahead, and runs on the vector units
/// beside the chain.
///
/// The constants are stored for the AVX-512 IFMA kernel: every coefficient
/// `w` as the 52-bit limbs of `w` and of `w · 2^32 mod p`, so that `w · x`
/// is `w · (x mod 2^32) + (w · 2^32) · ⌊x / 2^32⌋`, six 52-bit
/// multiply-adds into two accumulators (weights 1 and `2^52`).
#[derive(Clone, Debug, PartialEq, Eq)]
#[repr(C, align(64))]
pub struct LinearPartialRounds12 {
    /// `α_r[k]` (lane `r`), split, for each cell `k` of `y`.
    pub(crate) sbox_in_from_state: [[[u64; 24]; SPLIT_PARTS]; 12],
    /// `γ_r` (lane `r`): its low 52 bits, then the rest.
    pub(crate) sbox_in_constant: [[u64; 24]; 2],
    /// `β_(d−1)` at index `d + 24` where `d − 1 ≥ RECENT_SBOX_OUTPUTS`,
    /// zero elsewhere, split: lane `r` of the coefficients of `s_j` that
    /// the vector units add is at index `r − j + 24`.
    pub(crate) sbox_in_from_sbox: [[u64; 48]; SPLIT_PARTS],
    /// Column `k` of `A` (lane `i`: output cell `i`), split.
    pub(crate) out_from_state: [[[u64; 16]; SPLIT_PARTS]; 12],
    /// `b_j` (lane `i`: output cell `i`), split, for each round `j`.
    pub(crate) out_from_sbox: [[[u64; 16]; SPLIT_PARTS]; 24],
    /// `c`: its low 52 bits, then the rest.
    pub(crate) out_constant: [[u64; 16]; 2],
    /// `β_0, …`: the weights of the latest S-box outputs, added on the
    /// scalar units (each below `2^16`).
    pub(crate) recent_sbox_weights: [u64; RECENT_SBOX_OUTPUTS],
    pub(crate) rounds: usize,
}

/// S-box outputs whose weights in the next rounds' inputs are added on the
/// scalar units ([`LinearPartialRounds12`]): the vector units add
/// `β_(r−1−j) · s_j` for `j < r − RECENT_SBOX_OUTPUTS` only, which gives
/// their products that many rounds to reach the scalar units.
pub(crate) const RECENT_SBOX_OUTPUTS: usize = 2;

/// Parts of a coefficient as stored: the 52-bit limbs of `w`, then those
/// of `w · 2^32 mod p`.
pub(crate) const SPLIT_PARTS: usize = 4;

const LIMB52: u64 = (1 << 52) - 1;

/// Writes the coefficient `w` (below `p`) at index `at` of `table`, as
/// stored in [`LinearPartialRounds12`].
const fn put_coefficient<const N: usize>(table: &mut [[u64; N]; SPLIT_PARTS], at: usize, w: u64) {
    assert!(
        w < MODULUS,
        "LinearPartialRounds12: a coefficient is not below p"
    );
    let shifted = raw::canonical(raw::mul(w, 1 << 32));
    let parts = [w & LIMB52, w >> 52, shifted & LIMB52, shifted >> 52];
    let mut q = 0;
    while q < SPLIT_PARTS {
        table[q][at] = parts[q];
        q += 1;
    }
}

/// Writes the constant `c` (below `p`) at index `at` of `table`: its low 52
/// bits, then the rest (the two sums' starting values).
const fn put_constant<const N: usize>(table: &mut [[u64; N]; 2], at: usize, c: u64) {
    assert!(
        c < MODULUS,
        "LinearPartialRounds12: a constant is not below p"
    );
    table[0][at] = c & LIMB52;
    table[1][at] = c >> 52;
}

impl LinearPartialRounds12 {
    /// Rounds at most.
    pub const MAX_ROUNDS: usize = 24;

    /// The forms of `rounds = sbox_in_from_state.len()` partial rounds
    /// (1 to [`Self::MAX_ROUNDS`]): `sbox_in_from_state[r]` is `α_r`,
    /// `sbox_in_constant[r]` is `γ_r`, `sbox_weights[k]` is `β_k` (`rounds
    /// − 1` of them), `out_from_state` is `A` by rows, `out_from_sbox[j]`
    /// is `b_j`, `out_constant` is `c`. Every value below `p`, `α_0 = e_0`,
    /// `β_0` and `β_1` below `2^16`; panics otherwise (at compile time in a
    /// constant).
    pub const fn new(
        sbox_in_from_state: &[[u64; 12]],
        sbox_in_constant: &[u64],
        sbox_weights: &[u64],
        out_from_state: &[[u64; 12]; 12],
        out_from_sbox: &[[u64; 12]],
        out_constant: &[u64; 12],
    ) -> Self {
        let rounds = sbox_in_from_state.len();
        assert!(rounds >= 1 && rounds <= Self::MAX_ROUNDS);
        assert!(sbox_in_constant.len() == rounds && out_from_sbox.len() == rounds);
        assert!(sbox_weights.len() + 1 == rounds);
        let mut plan = Self {
            sbox_in_from_state: [[[0; 24]; SPLIT_PARTS]; 12],
            sbox_in_constant: [[0; 24]; 2],
            sbox_in_from_sbox: [[0; 48]; SPLIT_PARTS],
            out_from_state: [[[0; 16]; SPLIT_PARTS]; 12],
            out_from_sbox: [[[0; 16]; SPLIT_PARTS]; 24],
            out_constant: [[0; 16]; 2],
            recent_sbox_weights: [0; RECENT_SBOX_OUTPUTS],
            rounds,
        };
        let mut k = 0;
        while k < 12 {
            assert!(
                sbox_in_from_state[0][k] == (k == 0) as u64,
                "α_0 must be e_0"
            );
            k += 1;
        }
        let mut r = 0;
        while r < rounds {
            let mut k = 0;
            while k < 12 {
                put_coefficient(&mut plan.sbox_in_from_state[k], r, sbox_in_from_state[r][k]);
                put_coefficient(&mut plan.out_from_sbox[r], k, out_from_sbox[r][k]);
                k += 1;
            }
            put_constant(&mut plan.sbox_in_constant, r, sbox_in_constant[r]);
            r += 1;
        }
        // Lane r of s_j's column is β_(r−1−j), at index d + 24, d = r − j.
        let mut k = 0;
        while k < sbox_weights.len() {
            if k < RECENT_SBOX_OUTPUTS {
                assert!(sbox_weights[k] < 1 << 16, "β_0, β_1 must be below 2^16");
                plan.recent_sbox_weights[k] = sbox_weights[k];
            } else {
                put_coefficient(&mut plan.sbox_in_from_sbox, k + 1 + 24, sbox_weights[k]);
            }
            k += 1;
        }
        let mut i = 0;
        while i < 12 {
            let mut k = 0;
            while k < 12 {
                put_coefficient(&mut plan.out_from_state[k], i, out_from_state[i][k]);
                k += 1;
            }
            put_constant(&mut plan.out_constant, i, out_constant[i]);
            i += 1;
        }
        plan
    }

    /// `γ_r`, round `r`'s constant, from its stored limbs.
    pub(crate) fn sbox_in_constant(&self, r: usize) -> u64 {
        self.sbox_in_constant[0][r] | self.sbox_in_constant[1][r] << 52
    }

    /// The rounds by their forms on the scalar units, one product at a
    /// time (`u128` sums, one reduction per form), from the stored limbs:
    /// the definition [`linear_partial_rounds`] is tested against.
    pub fn apply_by_definition(&self, state: &mut [u64; 12]) {
        let coefficient = |parts: [u64; SPLIT_PARTS]| parts[0] | parts[1] << 52;
        let limbs = |lo: u64, hi: u64| lo | hi << 52;
        let mut sbox_outputs = [0u64; Self::MAX_ROUNDS];
        for r in 0..self.rounds {
            let mut u = self.sbox_in_constant(r);
            for (k, &y) in state.iter().enumerate() {
                let w = coefficient(core::array::from_fn(|q| self.sbox_in_from_state[k][q][r]));
                u = raw::add(u, raw::mul(w, y));
            }
            for (j, &s) in sbox_outputs[..r].iter().enumerate() {
                let back = r - 1 - j;
                let w = if back < RECENT_SBOX_OUTPUTS {
                    self.recent_sbox_weights[back]
                } else {
                    coefficient(core::array::from_fn(|q| {
                        self.sbox_in_from_sbox[q][r - j + 24]
                    }))
                };
                u = raw::add(u, raw::mul(w, s));
            }
            sbox_outputs[r] = raw::exp7(u);
        }
        let input = *state;
        for (i, out) in state.iter_mut().enumerate() {
            let mut x = limbs(self.out_constant[0][i], self.out_constant[1][i]);
            for (k, &y) in input.iter().enumerate() {
                let w = coefficient(core::array::from_fn(|q| self.out_from_state[k][q][i]));
                x = raw::add(x, raw::mul(w, y));
            }
            for (j, &s) in sbox_outputs[..self.rounds].iter().enumerate() {
                let w = coefficient(core::array::from_fn(|q| self.out_from_sbox[j][q][i]));
                x = raw::add(x, raw::mul(w, s));
            }
            *out = x;
        }
    }
}

/// The partial rounds of `plan` on one twelve-cell state of raw values, raw
/// out: the S-boxes and the weights of the two latest S-box outputs on the
/// scalar units, every other product of the affine forms on AVX-512 IFMA
/// (52-bit multiply-adds, exact sums, one reduction per form). Returns
/// `false` and leaves the state unchanged where the build or the CPU has
/// no such path (no AVX-512F/VL/IFMA); the caller then runs its own rounds.
pub fn linear_partial_rounds(state: &mut [u64; 12], plan: &LinearPartialRounds12) -> bool {
    crate::arch::linear_partial_rounds(state, plan)
}

/// Code written once over [`GoldilocksLanes`] that transforms one `W`-cell
/// state (one state per lane).
pub trait LaneKernel<const W: usize>: Sync {
    /// Transforms `state` (each lane independently).
    fn apply<L: GoldilocksLanes>(&self, state: &mut [L; W]);

    /// Whether [`apply`](Self::apply) looks up bytes
    /// ([`GoldilocksLanes::lookup_bytes`]). Only such a kernel gets a copy
    /// compiled for [`LaneBackend::Avx512Vbmi`]; any other runs there on
    /// the AVX-512 copy, which is the same code: a second copy had cost
    /// compile time for nothing (the three Goldilocks kernels of
    /// Plonky3's Poseidon2 were 14 % of that crate's optimised code).
    /// A kernel that looks up bytes and leaves this `false` still computes
    /// the same map, with the lookups on the scalar units.
    const LOOKS_UP_BYTES: bool = false;

    /// How many states a batch's remainder may hold (the states after its
    /// full groups of `lanes` lanes) and still run one state at a time
    /// through [`apply_single`](Self::apply_single); a larger one runs as a
    /// group padded with zero states. By default one. The break-even is
    /// the group's time over one state's, which depends on the lanes.
    #[inline(always)]
    fn single_states(&self, lanes: usize) -> usize {
        let _ = lanes;
        1
    }

    /// Transforms one state (raw in, raw out), the same map as
    /// [`apply`](Self::apply): by default `apply` on `u64` lanes, compiled
    /// out of line — inlined into a SIMD driver's `#[target_feature]`
    /// function, LLVM spreads the `u64` rounds over vector registers with
    /// shuffles (on AMD Zen 4, Plonky3's Goldilocks 12 one state took
    /// 1 744 ns there against 877 ns out of line). A kernel with a faster
    /// path of its own for one state (another layout on the vector units)
    /// overrides this, and may raise
    /// [`single_states`](Self::single_states).
    #[inline(never)]
    fn apply_single(&self, state: &mut [u64; W]) {
        self.apply(state);
    }
}

/// One residue on the scalar units: sums with the assembly carry fix-ups
/// of the scalar Rescue permutation on x86_64 (no branches on data),
/// products reduced by `arch::scalar_reduce128_branching` (a branch in the
/// case of about one in 2^32 values: these rounds interleave with no
/// vector code, and there the branch-free fix-up cost about 12 %: Plonky2's
/// scalar rounds, 1 201 against 1 057 ns on an Intel Xeon, Granite Rapids).
impl GoldilocksLanes for u64 {
    const LANES: usize = 1;

    #[inline(always)]
    fn splat(value: u64) -> Self {
        value
    }
    #[inline(always)]
    fn mul(self, rhs: Self) -> Self {
        crate::arch::scalar_reduce128_branching(widening_mul(self, rhs))
    }
    #[inline(always)]
    fn square(self) -> Self {
        crate::arch::scalar_reduce128_branching(widening_mul(self, self))
    }
    #[inline(always)]
    fn add_canonical(self, rhs: Self) -> Self {
        crate::arch::scalar_add_canonical(self, rhs)
    }
    #[inline(always)]
    fn canonical(self) -> Self {
        raw::canonical(self)
    }
    #[inline(always)]
    fn combine(lo: Self, hi: Self) -> Self {
        // lo + hi · 2^32 < 2^96.
        raw::reduce96(u128::from(lo) + (u128::from(hi) << 32))
    }
    #[inline(always)]
    fn add(self, rhs: Self) -> Self {
        crate::arch::scalar_add(self, rhs)
    }
    #[inline(always)]
    fn sub(self, rhs: Self) -> Self {
        crate::arch::scalar_sub(self, rhs)
    }
    /// `lo + hi · 2^64` with `hi = ⌊x / 2^(64-k)⌋ < 2^32`, and `hi · 2^64 ≡
    /// hi · 2^32 - hi < p` (a doubling for `k = 1`).
    #[inline(always)]
    fn mul_2exp(self, k: u32) -> Self {
        debug_assert!((1..=32).contains(&k));
        if k == 1 {
            return self.add(self);
        }
        let hi = self >> (64 - k);
        crate::arch::scalar_add_canonical(self << k, (hi << 32) - hi)
    }
    /// `x = a · 2^k + b` (`b < 2^k`): `x · 2^-k ≡ a - b · 2^(96-k)`, and
    /// `b · 2^(96-k) = c · 2^64 ≡ c · 2^32 - c < p` with `c = b · 2^(32-k)`
    /// (for `k = 1`: `⌊x / 2⌋`, plus `(p + 1) / 2` if `x` is odd).
    #[inline(always)]
    fn div_2exp(self, k: u32) -> Self {
        debug_assert!((1..=32).contains(&k));
        if k == 1 {
            return (self >> 1) + ((self & 1).wrapping_neg() & MODULUS.div_ceil(2));
        }
        let c_high = self << (64 - k);
        crate::arch::scalar_sub(self >> k, c_high - (c_high >> 32))
    }
    /// `self ± m · x = r + h · 2^64` exactly (`h ≤ m`, counting the carry
    /// or borrow of `self ± lo`), and `h · 2^64 ≡ h · (2^32 − 1) < p`:
    /// one fix-up.
    #[inline(always)]
    fn sum_plus_multiple(self, x: Self, m: u64, negative: bool) -> Self {
        debug_assert!((1..1 << 32).contains(&m));
        let product = widening_mul(x, m);
        let (lo, hi) = (product as u64, (product >> 64) as u64);
        if negative {
            let (r, borrow) = self.overflowing_sub(lo);
            let h = hi + u64::from(borrow);
            crate::arch::scalar_sub_canonical(r, (h << 32) - h)
        } else {
            let (r, carry) = self.overflowing_add(lo);
            let h = hi + u64::from(carry);
            crate::arch::scalar_add_canonical(r, (h << 32) - h)
        }
    }
    /// `x = a · 2^k + b`: `x · 2^-k ≡ a − c` with `c = c_high − ⌊c_high /
    /// 2^32⌋`, `c_high = b · 2^(64−k)` (as [`Self::div_2exp`]); `a < 2^63`
    /// and `c < p`, so `self ± (a − c)` is one `add_sub_canonical`.
    #[inline(always)]
    fn sum_plus_div_2exp(self, x: Self, k: u32, negative: bool) -> Self {
        debug_assert!((1..=32).contains(&k));
        let a = x >> k;
        let c_high = x << (64 - k);
        let c = c_high - (c_high >> 32);
        if negative {
            crate::arch::scalar_add_sub_canonical(self, c, a)
        } else {
            crate::arch::scalar_add_sub_canonical(self, a, c)
        }
    }
    #[inline(always)]
    fn sub_canonical(self, rhs: Self) -> Self {
        crate::arch::scalar_sub_canonical(self, rhs)
    }
    /// `lo + hi · 2^64` exactly (the caller keeps `hi < 2^32`).
    #[inline(always)]
    fn wide_add(a: (Self, Self), b: (Self, Self)) -> (Self, Self) {
        let wide = |(lo, hi): (u64, u64)| u128::from(lo) | u128::from(hi) << 64;
        let sum = wide(a) + wide(b);
        (sum as u64, (sum >> 64) as u64)
    }
    /// One 128-bit sum (`add`, `adc` per term) and one reduction.
    #[inline(always)]
    fn sum_from<const N: usize>(xs: &[Self; N], start: usize) -> Self {
        const { assert!(N <= u32::MAX as usize) };
        let mut sum = 0u128;
        for &x in &xs[start..] {
            sum += u128::from(x);
        }
        // sum = lo + hi · 2^64 with hi < N: hi · 2^64 ≡ hi · 2^32 - hi < p.
        let hi = (sum >> 64) as u64;
        crate::arch::scalar_add_canonical(sum as u64, (hi << 32) - hi)
    }
    #[inline(always)]
    fn wrapping_add(self, rhs: Self) -> Self {
        u64::wrapping_add(self, rhs)
    }
    #[inline(always)]
    fn wrapping_sub(self, rhs: Self) -> Self {
        u64::wrapping_sub(self, rhs)
    }
    #[inline(always)]
    fn wrapping_mul(self, rhs: Self) -> Self {
        u64::wrapping_mul(self, rhs)
    }
    #[inline(always)]
    fn shl<const S: u32>(self) -> Self {
        self << S
    }
    #[inline(always)]
    fn shr<const S: u32>(self) -> Self {
        self >> S
    }
    #[inline(always)]
    fn low32(self) -> Self {
        self & 0xffff_ffff
    }
    #[inline(always)]
    fn map(self, f: impl Fn(u64) -> u64) -> Self {
        f(self)
    }
    #[inline(always)]
    fn exp7_state(state: &mut [Self; 12]) {
        crate::arch::exp7_state(state);
    }
    /// One reduction of the exact `self + a · b` (below `2^128`).
    #[inline(always)]
    fn add_product(self, a: Self, b: Self) -> Self {
        crate::arch::scalar_reduce128_branching(widening_mul(a, b) + u128::from(self))
    }
    #[inline(always)]
    fn mul_short_chain(self, rhs: Self) -> Self {
        crate::arch::scalar_mul_short_chain(self, rhs)
    }
    #[inline(always)]
    fn sub_product(self, a: Self, b: Self) -> Self {
        crate::arch::scalar_sub_product(self, a, b)
    }
    /// One reduction for the whole sum: the low and the high words of the
    /// products summed apart in 128 bits, then joined (`N ≤ 255`).
    #[inline(always)]
    fn dot_constants<const N: usize>(a: &[Self; N], b: &[u64; N]) -> Self {
        dot_words(a, b, crate::arch::scalar_reduce128_branching)
    }
}

/// `Σ a_i · b_i mod p` on the scalar units, the sum reduced once by
/// `reduce`: the low and the high words of the products summed apart in
/// 128 bits (no carries to count, which LLVM would otherwise recompute by
/// comparisons), then joined (`N ≤ 255`).
#[inline(always)]
pub(crate) fn dot_words<const N: usize>(
    a: &[u64; N],
    b: &[u64; N],
    reduce: impl Fn(u128) -> u64,
) -> u64 {
    let (mut low, mut high) = (0u128, 0u128);
    for (&x, &y) in a.iter().zip(b) {
        let product = widening_mul(x, y);
        low += u128::from(product as u64);
        high += product >> 64;
    }
    raw::ProductSum::of_words(low, high).reduce_by(reduce)
}
