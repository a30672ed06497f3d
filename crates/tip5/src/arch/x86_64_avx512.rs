//! Tip5 on AVX-512 IFMA and VBMI: one state in two 512-bit registers
//! ([`permute`]), and eight states side by side, one per lane
//! ([`permute_many`]).
//!
//! Why code of its own rather than the rescue crate's shared lanes: the
//! products here are 52-bit multiply-adds on 32-bit limbs, left lazy from
//! one product to the next and read directly by the MDS layer, which
//! those lanes (canonical `u64` residues, 32-bit products) have no form
//! for; and a single state's MDS layer mixes cells across lanes.
//!
//! - **Montgomery form throughout.** The state enters Montgomery form
//!   (`x · 2^64 mod p`) once, at the start, and leaves it at the end. The
//!   lookups then apply to the bytes of the state as it is; the round
//!   constants are stored in Montgomery form; the MDS layer is linear; and
//!   `x^7` needs no correction because `(2^64)^6 = 2^384 ≡ 1 (mod p)` (`2^96
//!   ≡ −1`), so `(x · 2^64)^7 ≡ x^7 · 2^64`.
//! - **Limbs.** Products on pairs of 64-bit lanes `(l, h)` standing for
//!   `l + h · 2^32 mod p` (52-bit multiply-adds, folded and normalised
//!   without a carry test): the rescue crate's
//!   `algebraic_hash_rescue::arch::x86_64_ifma_limbs`, shared with
//!   Plonky2's Poseidon; the Montgomery conversions and biases of Tip5's
//!   own are here.
//!   The lookups read canonical
//!   values (one reduction of cells 0–7 per round); the lookup table is
//!   applied by two two-table byte permutations (`vpermi2b`) and a choice
//!   by each byte's top bit.
//! - **MDS layer, one state.** Each limb of each input cell is broadcast to
//!   a whole register from memory (a load: in-register broadcasts are
//!   shuffles, and the vector units are the bottleneck) and multiplied into
//!   the accumulators of both output halves with a register of matrix
//!   entries (16 bits · 33 bits: exact in the 52 bits of a multiply-add),
//!   the accumulators starting at the round constant's limbs; the row sums
//!   stay below 2^53. `x^7` of cells 4–7 runs on a 256-bit register (a
//!   512-bit one would carry four idle lanes), its input limbs taken from
//!   the MDS layer's sums (not from the canonical form that the lookups of
//!   cells 0–3 need, whose reduction is longer).
//! - **MDS layer, eight states.** Lane-wise, from the halves' sum and
//!   difference (`M = [[C0, C1], [C1, C0]]` in 8 × 8 blocks): `S = (C0 +
//!   C1)·(a + b)` exactly and `D = (C0 − C1)·(a − b)` modulo 2^52 by
//!   multiply-adds with constant entries (128 per limb instead of 256),
//!   `D` recovered by sign extension (`|D| < 2^51`), then `(S ± D) / 2`.
//!
//! Every function here is compiled with AVX-512 F/VL/BW/VBMI/IFMA and only
//! called through [`permute`] and [`permute_many`], whose contract is that
//! the CPU has them.

use core::arch::x86_64::*;

use algebraic_hash_rescue::arch::x86_64_ifma_limbs::{
    BIAS_HI, BIAS_LO, EPSILON, Limbs, NORMALIZE_BIAS_HI, NORMALIZE_BIAS_LO, broadcast, mul,
    normalize, pack, pow7_pair, splat, split, square,
};
use algebraic_hash_rescue::field::MODULUS as P;

use crate::constants::{LOOKUP_TABLE, MDS_MATRIX_FIRST_COLUMN, ROUND_CONSTANTS};
use crate::{NUM_ROUNDS, RATE, STATE_SIZE};

/// `x · 2^64 mod p`.
const fn montgomery(x: u64) -> u64 {
    (((x as u128) << 64) % (P as u128)) as u64
}

/// A second bias, `4 · p = EXIT_BIAS_LO + EXIT_BIAS_HI · 2^32`, with room
/// in the high limb for the subtraction of [`leave_montgomery`] (of the
/// sum of two limbs, below `2^33 + 2^32 + 2^23`).
const EXIT_BIAS_LO: u64 = 4;
const EXIT_BIAS_HI: u64 = (1 << 34) - 4;
const _: () = assert!(EXIT_BIAS_LO as u128 + ((EXIT_BIAS_HI as u128) << 32) == 4 * P as u128);

/// The limbs of round constant `i` of `round` in Montgomery form, as the
/// MDS layer adds them: cells 0–3 go to [`pack`] (`l + h · 2^32`), the
/// others to [`normalize`] (`l + (h + 1) · 2^32`, its bias added).
const fn constant_limbs(round: usize, i: usize) -> (u64, u64) {
    let m = montgomery(ROUND_CONSTANTS[round * STATE_SIZE + i]);
    if i < 4 {
        (m & EPSILON, m >> 32)
    } else {
        (
            (m & EPSILON) + NORMALIZE_BIAS_LO,
            (m >> 32) + NORMALIZE_BIAS_HI,
        )
    }
}

/// The round constants' limbs ([`constant_limbs`]): for each round, the
/// low limbs of cells 0–7, their high limbs, then the same for cells
/// 8–15.
const ROUND_CONSTANT_LIMBS: [[[u64; 8]; 4]; NUM_ROUNDS] = {
    let mut out = [[[0u64; 8]; 4]; NUM_ROUNDS];
    let mut round = 0;
    while round < NUM_ROUNDS {
        let mut i = 0;
        while i < STATE_SIZE {
            let (lo, hi) = constant_limbs(round, i);
            out[round][2 * (i / 8)][i % 8] = lo;
            out[round][2 * (i / 8) + 1][i % 8] = hi;
            i += 1;
        }
        round += 1;
    }
    out
};

/// `MDS_COLUMNS[j][r]` = the matrix entry of output row `r` (0–7) and input
/// cell `j`: `c[(r − j) mod 16]`. Output row `r + 8` takes input `j` with
/// `MDS_COLUMNS[(j + 8) mod 16][r]` (the matrix is circulant).
const MDS_COLUMNS: [[u64; 8]; STATE_SIZE] = {
    let mut out = [[0u64; 8]; STATE_SIZE];
    let mut j = 0;
    while j < STATE_SIZE {
        let mut r = 0;
        while r < 8 {
            out[j][r] = MDS_MATRIX_FIRST_COLUMN[(r + STATE_SIZE - j) % STATE_SIZE];
            r += 1;
        }
        j += 1;
    }
    out
};

/// The round constants' limbs ([`constant_limbs`]) as the batches' MDS
/// layer adds them: for each round and limb, the sum and the difference of
/// the constants of cells `r` and `r + 8` (`r` = 0–7); order `[sum of low
/// limbs, sum of high limbs, difference of low limbs, difference of high
/// limbs]`, differences wrapping.
const ROUND_CONSTANT_HALVES: [[[u64; 8]; 4]; NUM_ROUNDS] = {
    let mut out = [[[0u64; 8]; 4]; NUM_ROUNDS];
    let mut round = 0;
    while round < NUM_ROUNDS {
        let mut r = 0;
        while r < 8 {
            let first = constant_limbs(round, r);
            let second = constant_limbs(round, r + 8);
            out[round][0][r] = first.0 + second.0;
            out[round][1][r] = first.1 + second.1;
            out[round][2][r] = first.0.wrapping_sub(second.0);
            out[round][3][r] = first.1.wrapping_sub(second.1);
            r += 1;
        }
        round += 1;
    }
    out
};

/// The MDS matrix `M` (circulant, first column `c`) in blocks of 8 × 8:
/// `M = [[C0, C1], [C1, C0]]` with `C0[r][j] = c[(r − j) mod 16]` and
/// `C1[r][j] = c[(r − j + 8) mod 16]`. `MDS_HALVES.0[j][r]` is `(C0 +
/// C1)[r][j]` (cyclic, entries below 2^17), `MDS_HALVES.1[j][r]` is `(C0 −
/// C1)[r][j]` (negacyclic, signed, wrapping; absolute row sums below
/// 2^17).
const MDS_HALVES: ([[u64; 8]; 8], [[u64; 8]; 8]) = {
    let c = MDS_MATRIX_FIRST_COLUMN;
    let mut sum = [[0u64; 8]; 8];
    let mut difference = [[0u64; 8]; 8];
    let mut j = 0;
    while j < 8 {
        let mut r = 0;
        while r < 8 {
            let c0 = c[(r + STATE_SIZE - j) % STATE_SIZE];
            let c1 = c[(r + STATE_SIZE + 8 - j) % STATE_SIZE];
            sum[j][r] = c0 + c1;
            difference[j][r] = c0.wrapping_sub(c1);
            r += 1;
        }
        j += 1;
    }
    (sum, difference)
};

/// The lookup table applied to every byte: two two-table byte
/// permutations (`vpermi2b`, low seven bits of each index) and a choice by
/// each byte's top bit.
#[inline]
#[target_feature(enable = "avx512f,avx512vl,avx512bw,avx512vbmi,avx512ifma")]
fn lookup(x: __m512i, table: &[__m512i; 4]) -> __m512i {
    let low = _mm512_permutex2var_epi8(table[0], x, table[1]);
    let high = _mm512_permutex2var_epi8(table[2], x, table[3]);
    _mm512_mask_blend_epi8(_mm512_movepi8_mask(x), low, high)
}

/// One round on the state in Montgomery form: `a` holds cells 0–3
/// canonical in its lanes 0–3 (the lookups read their bytes; lanes 4–7
/// are read and their results dropped), `c` cells 4–7 as limbs, `b`
/// cells 8–15 as limbs (only the S-box reads them next).
#[inline]
#[target_feature(enable = "avx512f,avx512vl,avx512bw,avx512vbmi,avx512ifma")]
fn round(
    a: __m512i,
    c: Limbs<__m256i>,
    b: Limbs<__m512i>,
    table: &[__m512i; 4],
    round: usize,
) -> (__m512i, Limbs<__m256i>, Limbs<__m512i>) {
    // S-box layer: lookups on cells 0–3, x^7 on the others (cells 4–7 in
    // a 256-bit register).
    let looked_up = split(lookup(a, table));
    let (a7, b) = pow7_pair(c, b);

    // MDS layer and round constants, on each limb. The limbs go through
    // memory: a broadcast from memory is a load, and leaves the vector
    // units to the multiply-adds (in-register broadcasts are shuffles on
    // them). Cells 0–3 (the lookups, ready early) and 4–7 are stored
    // apart, so that the products of the first need not wait for the
    // second.
    let mut limbs = [[0u64; 8]; 4];
    store(&mut limbs[0], looked_up.lo);
    store(&mut limbs[1], looked_up.hi);
    store_upper(&mut limbs[0], a7.lo);
    store_upper(&mut limbs[1], a7.hi);
    store(&mut limbs[2], b.lo);
    store(&mut limbs[3], b.hi);
    // Each output register (low and high limbs of outputs 0–7 and 8–15)
    // sums 16 products in `CHAINS` multiply-add chains: the first starts at
    // the round constant and takes the four lookup cells (ready early),
    // then each chain takes `12 / CHAINS` of the cells that x^7 gives, all
    // ready at about the same time; the chains are then added in a tree.
    // Six chains: two multiply-adds after x^7 and three levels of
    // additions, five additions per output register.
    const CHAINS: usize = 6;
    const LATE_PER_CHAIN: usize = 12 / CHAINS;
    let constants = &ROUND_CONSTANT_LIMBS[round];
    // (Every index below is a constant once the macro is expanded: the
    // accumulators stay in registers, with no zero-filled array.)
    let zero = _mm512_setzero_si512();
    let mut chains = [[zero; 4]; CHAINS];
    for (acc, c) in chains[0].iter_mut().zip(constants) {
        *acc = load(c);
    }
    macro_rules! cells {
        ($($cell:literal)*) => {$({
            let chain = if $cell < 4 { 0 } else { ($cell - 4) / LATE_PER_CHAIN };
            let (words, lane) = if $cell < 8 { (0, $cell) } else { (2, $cell - 8) };
            let (x_lo, x_hi) = (
                broadcast(&limbs[words][lane]),
                broadcast(&limbs[words + 1][lane]),
            );
            // Outputs 0–7 take cell `j` with column `j`, outputs 8–15 with
            // column `j + 8` (mod 16).
            let (to_a, to_b) = (
                load(&MDS_COLUMNS[$cell]),
                load(&MDS_COLUMNS[($cell + 8) % STATE_SIZE]),
            );
            let acc = &mut chains[chain];
            acc[0] = _mm512_madd52lo_epu64(acc[0], to_a, x_lo);
            acc[1] = _mm512_madd52lo_epu64(acc[1], to_a, x_hi);
            acc[2] = _mm512_madd52lo_epu64(acc[2], to_b, x_lo);
            acc[3] = _mm512_madd52lo_epu64(acc[3], to_b, x_hi);
        })*};
    }
    cells!(0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15);
    let mut width = CHAINS;
    while width > 1 {
        let half = width.div_ceil(2);
        for i in 0..width / 2 {
            let other = chains[i + half];
            for (acc, x) in chains[i].iter_mut().zip(other) {
                *acc = _mm512_add_epi64(*acc, x);
            }
        }
        width = half;
    }
    let sums = chains[0];
    let [a_lo, a_hi, b_lo, b_hi] = sums;
    // Cells 4–7 go from the sums straight to limbs (x^7 reads them next),
    // not through the canonical form of the lookup cells: the reduction
    // to it is off the round's longest chain.
    let c = normalize(
        _mm512_extracti64x4_epi64::<1>(a_lo),
        _mm512_extracti64x4_epi64::<1>(a_hi),
    );
    (pack(a_lo, a_hi), c, normalize(b_lo, b_hi))
}

/// Eight lanes to memory.
#[inline]
#[target_feature(enable = "avx512f,avx512vl,avx512bw,avx512vbmi,avx512ifma")]
fn store(v: &mut [u64; 8], x: __m512i) {
    // SAFETY: a 64-byte unaligned store into a 64-byte array; AVX-512F is
    // enabled here.
    unsafe { _mm512_storeu_si512(v.as_mut_ptr().cast(), x) }
}

/// Four lanes to the upper half of `v`.
#[inline]
#[target_feature(enable = "avx512f,avx512vl,avx512bw,avx512vbmi,avx512ifma")]
fn store_upper(v: &mut [u64; 8], x: __m256i) {
    // SAFETY: a 32-byte unaligned store into the last 32 bytes of a 64-byte
    // array; AVX is enabled here.
    unsafe { _mm256_storeu_si256(v[4..].as_mut_ptr().cast(), x) }
}

/// Eight lanes from memory.
#[inline]
#[target_feature(enable = "avx512f,avx512vl,avx512bw,avx512vbmi,avx512ifma")]
fn load(v: &[u64; 8]) -> __m512i {
    // SAFETY: a 64-byte unaligned load of a 64-byte array; AVX-512F is
    // enabled here.
    unsafe { _mm512_loadu_si512(v.as_ptr().cast()) }
}

/// `x · 2^64 mod p` of any lanes as `l + h · 2^32` (each below 2^54): with
/// `x = x_l + x_h · 2^32`, `x · (2^32 − 1) ≡ x_l · 2^32 − x_l − x_h` (`2^64
/// ≡ 2^32 − 1`), the bias keeping `l` positive. `h` has `h_bias` added:
/// `BIAS_HI` for [`pack`], `BIAS_HI − 1` for [`normalize`].
#[inline]
#[target_feature(enable = "avx512f,avx512vl,avx512bw,avx512vbmi,avx512ifma")]
fn enter_montgomery_parts(x: Limbs<__m512i>, h_bias: u64) -> (__m512i, __m512i) {
    let l = _mm512_sub_epi64(_mm512_sub_epi64(splat(BIAS_LO), x.lo), x.hi);
    (l, _mm512_add_epi64(x.lo, splat(h_bias)))
}

/// `x · 2^64 mod p` (canonical) of any lanes.
#[inline]
#[target_feature(enable = "avx512f,avx512vl,avx512bw,avx512vbmi,avx512ifma")]
fn enter_montgomery(x: __m512i) -> __m512i {
    let (l, h) = enter_montgomery_parts(split(x), BIAS_HI);
    pack(l, h)
}

/// `x · 2^64 mod p` of any lanes as [`Limbs`]: no reduction to the
/// canonical form, which the products do not need.
#[inline]
#[target_feature(enable = "avx512f,avx512vl,avx512bw,avx512vbmi,avx512ifma")]
fn enter_montgomery_limbs(x: __m512i) -> Limbs<__m512i> {
    let (l, h) = enter_montgomery_parts(split(x), BIAS_HI - 1);
    normalize(l, h)
}

/// `y · 2^-64 mod p` (canonical) of [`Limbs`] `y` (or of any lanes split
/// into limbs): `2^-64 ≡ −2^32`, and with `y = y_l + y_h · 2^32`, `−y ·
/// 2^32 ≡ y_h − (y_l + y_h) · 2^32`. One reduction (the limbs need not be
/// made canonical first).
#[inline]
#[target_feature(enable = "avx512f,avx512vl,avx512bw,avx512vbmi,avx512ifma")]
fn leave_montgomery(y: Limbs<__m512i>) -> __m512i {
    let l = _mm512_add_epi64(y.hi, splat(EXIT_BIAS_LO));
    let h = _mm512_sub_epi64(_mm512_sub_epi64(splat(EXIT_BIAS_HI), y.lo), y.hi);
    pack(l, h)
}

/// Cells 0–7 (canonical, any lanes below 2^64) into Montgomery form: cells
/// 0–3 canonical in lanes 0–3 (the lookups read their bytes; the other
/// lanes are read and their results dropped), cells 4–7 as limbs (read by
/// products only).
#[inline]
#[target_feature(enable = "avx512f,avx512vl,avx512bw,avx512vbmi,avx512ifma")]
fn enter_first_half(x: __m512i) -> (__m512i, Limbs<__m256i>) {
    let x = split(x);
    let (l, h) = enter_montgomery_parts(x, BIAS_HI);
    let a = pack(l, h);
    let (l, h) = enter_montgomery_parts(x, BIAS_HI - 1);
    let c = normalize(
        _mm512_extracti64x4_epi64::<1>(l),
        _mm512_extracti64x4_epi64::<1>(h),
    );
    (a, c)
}

/// Out of Montgomery form, canonical, from the registers of [`round`]:
/// cells 0–3 split, cells 4–7 and 8–15 as the limbs they are; one
/// reduction per register.
#[inline]
#[target_feature(enable = "avx512f,avx512vl,avx512bw,avx512vbmi,avx512ifma")]
fn leave_state(a: __m512i, c: Limbs<__m256i>, b: Limbs<__m512i>, state: &mut [u64; STATE_SIZE]) {
    let a = split(a);
    let a = Limbs {
        lo: _mm512_inserti64x4::<1>(a.lo, c.lo),
        hi: _mm512_inserti64x4::<1>(a.hi, c.hi),
    };
    let (first, second) = state.split_at_mut(8);
    store(first.try_into().expect("eight cells"), leave_montgomery(a));
    store(second.try_into().expect("eight cells"), leave_montgomery(b));
}

/// The permutation of one state: canonical in, canonical out.
///
/// # Safety
/// The CPU must support AVX-512 F, VL, BW, VBMI and IFMA.
#[target_feature(enable = "avx512f,avx512vl,avx512bw,avx512vbmi,avx512ifma")]
pub(crate) unsafe fn permute(state: &mut [u64; STATE_SIZE]) {
    sponge(state, None);
}

/// The absorption of a sponge in overwrite mode (canonical in and out): for
/// each block in turn, the rate (cells 0–9) is overwritten with it and the
/// state permuted. The state stays in registers, in Montgomery form, from
/// the first block to the last: only the blocks enter it, and the state
/// leaves it once.
///
/// # Safety
/// The CPU must support AVX-512 F, VL, BW, VBMI and IFMA.
#[target_feature(enable = "avx512f,avx512vl,avx512bw,avx512vbmi,avx512ifma")]
pub(crate) unsafe fn absorb(state: &mut [u64; STATE_SIZE], blocks: &[[u64; RATE]]) {
    if !blocks.is_empty() {
        sponge(state, Some(blocks));
    }
}

/// [`permute`] (`blocks` `None`) and [`absorb`] (`Some`, not empty) in one
/// function: the only caller of [`round`], which is then inlined into it
/// (with two callers LLVM kept it as a function of its own, with the state
/// passed through memory every round).
#[inline(never)]
#[target_feature(enable = "avx512f,avx512vl,avx512bw,avx512vbmi,avx512ifma")]
fn sponge(state: &mut [u64; STATE_SIZE], blocks: Option<&[[u64; RATE]]>) {
    let table = lookup_table();
    let (first, second) = state.split_at(8);
    let (mut a, mut c) = enter_first_half(load(first.try_into().expect("eight cells")));
    let mut b = enter_montgomery_limbs(load(second.try_into().expect("eight cells")));
    let permutations = blocks.map_or(1, <[_]>::len);
    for i in 0..permutations {
        if let Some(blocks) = blocks {
            let (first, rest) = blocks[i].split_at(8);
            (a, c) = enter_first_half(load(first.try_into().expect("eight cells")));
            // SAFETY: a 16-byte unaligned load of `rest`, the block's last
            // two words; SSE2 is enabled here (lanes 2–7 are zero).
            let rest = unsafe { _mm512_zextsi128_si512(_mm_loadu_si128(rest.as_ptr().cast())) };
            let rest = enter_montgomery_limbs(rest);
            // Cells 8 and 9 from the block, 10–15 kept.
            b = Limbs {
                lo: _mm512_mask_blend_epi64(0b11, b.lo, rest.lo),
                hi: _mm512_mask_blend_epi64(0b11, b.hi, rest.hi),
            };
        }
        for r in 0..NUM_ROUNDS {
            (a, c, b) = round(a, c, b, &table, r);
        }
    }
    leave_state(a, c, b, state);
}

/// States per group of [`permute_many`]: one per 64-bit lane.
const GROUP: usize = 8;

/// Eight states side by side: register `i` holds cell `i` of each, cells
/// 0–3 canonical (the lookups read their bytes), the others as limbs.
struct Group {
    lookup_cells: [__m512i; 4],
    power_cells: [Limbs<__m512i>; STATE_SIZE - 4],
}

/// One round on eight states.
///
/// The S-box as for one state, a register per cell. The MDS layer is
/// lane-wise here: each output limb is a chain of 16 multiply-adds of an
/// input limb by a matrix entry (in a register for all lanes), starting at
/// the round constant's limb; with 32 such chains per round there is
/// independent work enough, and 16 multiply-adds per output limb are fewer
/// operations than a convolution's Karatsuba products and their sums.
#[inline]
#[target_feature(enable = "avx512f,avx512vl,avx512bw,avx512vbmi,avx512ifma")]
fn group_round(group: &mut Group, table: &[__m512i; 4], round: usize) {
    // (Every index below is a constant once the loops and macros are
    // unrolled, so the arrays live in registers or fixed stack slots, with
    // no zero-filling.)
    // The S-box layer, into limbs; x^7 four cells at a time, their steps
    // interleaved (more would not fit the 32 registers).
    let mut lo = [group.lookup_cells[0]; STATE_SIZE];
    let mut hi = lo;
    for i in 0..4 {
        let looked_up = split(lookup(group.lookup_cells[i], table));
        lo[i] = looked_up.lo;
        hi[i] = looked_up.hi;
    }
    macro_rules! powers {
        ($($first:literal)*) => {$({
            let x = [
                group.power_cells[$first],
                group.power_cells[$first + 1],
                group.power_cells[$first + 2],
                group.power_cells[$first + 3],
            ];
            let mut x2 = x;
            for k in 0..4 {
                x2[k] = square(x[k]);
            }
            let mut x3 = x;
            for k in 0..4 {
                x3[k] = mul(x[k], x2[k]);
            }
            let mut x4 = x;
            for k in 0..4 {
                x4[k] = square(x2[k]);
            }
            for k in 0..4 {
                let x7 = mul(x3[k], x4[k]);
                lo[4 + $first + k] = x7.lo;
                hi[4 + $first + k] = x7.hi;
            }
        })*};
    }
    powers!(0 4 8);

    // The MDS layer and the round constants, a row of each half at a
    // time (each row's function unrolls its loops, with the matrix entries
    // as constants): the sum and the difference of the halves, `S = (C0 +
    // C1)·(a + b)` exactly and `D = (C0 − C1)·(a − b)` modulo 2^52, then
    // `out_a = (S + D) / 2`, `out_b = (S − D) / 2`.
    let constants = &ROUND_CONSTANT_HALVES[round];
    let mds = |v: &[__m512i; STATE_SIZE], limb: usize| {
        let mut sum = [v[0]; 8];
        let mut difference = sum;
        for j in 0..8 {
            sum[j] = _mm512_add_epi64(v[j], v[j + 8]);
            difference[j] = _mm512_sub_epi64(v[j], v[j + 8]);
        }
        let mut out = *v;
        macro_rules! rows {
            ($($r:literal)*) => {$({
                let (a, b) = mds_half_rows::<$r>(
                    &sum,
                    &difference,
                    constants[limb][$r],
                    constants[2 + limb][$r],
                );
                out[$r] = a;
                out[$r + 8] = b;
            })*};
        }
        rows!(0 1 2 3 4 5 6 7);
        out
    };
    let (lo, hi) = (mds(&lo, 0), mds(&hi, 1));
    for i in 0..4 {
        group.lookup_cells[i] = pack(lo[i], hi[i]);
    }
    for i in 4..STATE_SIZE {
        group.power_cells[i - 4] = normalize(lo[i], hi[i]);
    }
}

/// Rows `R` and `R + 8` of the MDS layer from the halves' sum and
/// difference and the round constants' (see [`group_round`]): 16
/// multiply-adds (products below 2^51; `|D| < 2^17 · 2^34`).
#[inline(always)]
fn mds_half_rows<const R: usize>(
    sum: &[__m512i; 8],
    difference: &[__m512i; 8],
    constant_sum: u64,
    constant_difference: u64,
) -> (__m512i, __m512i) {
    // SAFETY: registers only; every caller is compiled with AVX-512F and
    // AVX-512 IFMA (`permute_many`'s contract, module doc).
    unsafe {
        let mut s = splat(constant_sum);
        let mut d = splat(constant_difference);
        for j in 0..8 {
            s = _mm512_madd52lo_epu64(s, splat(MDS_HALVES.0[j][R]), sum[j]);
            d = _mm512_madd52lo_epu64(d, splat(MDS_HALVES.1[j][R]), difference[j]);
        }
        let d = _mm512_srai_epi64::<12>(_mm512_slli_epi64::<12>(d));
        (
            _mm512_srli_epi64::<1>(_mm512_add_epi64(s, d)),
            _mm512_srli_epi64::<1>(_mm512_sub_epi64(s, d)),
        )
    }
}

#[inline(always)]
fn zero512() -> __m512i {
    // SAFETY: a register only; every caller is compiled with AVX-512F
    // (module doc).
    unsafe { _mm512_setzero_si512() }
}

/// The permutation of eight states (canonical in, canonical out).
#[inline]
#[target_feature(enable = "avx512f,avx512vl,avx512bw,avx512vbmi,avx512ifma")]
fn permute_group(states: &mut [[u64; STATE_SIZE]; GROUP], table: &[__m512i; 4]) {
    // Each state's halves into registers, then transposed: register `i`
    // holds cell `i` of every state.
    let mut halves = [[zero512(); GROUP]; 2];
    for (lane, state) in states.iter().enumerate() {
        let (first, second) = state.split_at(8);
        halves[0][lane] = load(first.try_into().expect("eight cells"));
        halves[1][lane] = load(second.try_into().expect("eight cells"));
    }
    let (first, second) = (transpose8(halves[0]), transpose8(halves[1]));
    let cells: [__m512i; STATE_SIZE] =
        core::array::from_fn(|i| if i < 8 { first[i] } else { second[i - 8] });
    let mut group = Group {
        lookup_cells: [
            enter_montgomery(cells[0]),
            enter_montgomery(cells[1]),
            enter_montgomery(cells[2]),
            enter_montgomery(cells[3]),
        ],
        power_cells: [split(zero512()); STATE_SIZE - 4],
    };
    for (limbs, &cell) in group.power_cells.iter_mut().zip(&cells[4..]) {
        *limbs = enter_montgomery_limbs(cell);
    }
    macro_rules! rounds {
        ($($round:literal)*) => { $(group_round(&mut group, table, $round);)* };
    }
    rounds!(0 1 2 3 4);
    let mut cells = [zero512(); STATE_SIZE];
    for (cell, &x) in cells.iter_mut().zip(&group.lookup_cells) {
        *cell = leave_montgomery(split(x));
    }
    for (cell, &limbs) in cells[4..].iter_mut().zip(&group.power_cells) {
        *cell = leave_montgomery(limbs);
    }
    let first = transpose8([
        cells[0], cells[1], cells[2], cells[3], cells[4], cells[5], cells[6], cells[7],
    ]);
    let second = transpose8([
        cells[8], cells[9], cells[10], cells[11], cells[12], cells[13], cells[14], cells[15],
    ]);
    for (lane, state) in states.iter_mut().enumerate() {
        let (low, high) = state.split_at_mut(8);
        store(low.try_into().expect("eight cells"), first[lane]);
        store(high.try_into().expect("eight cells"), second[lane]);
    }
}

/// The transpose of an 8 × 8 matrix of 64-bit words, one row per
/// register: pairs of rows interleaved word by word, then 128-bit blocks
/// gathered in two steps (24 shuffles).
#[inline]
#[target_feature(enable = "avx512f,avx512vl,avx512bw,avx512vbmi,avx512ifma")]
fn transpose8(r: [__m512i; 8]) -> [__m512i; 8] {
    // t[2k] holds words 0, 2, 4, 6 of rows 2k and 2k + 1 (in pairs),
    // t[2k + 1] words 1, 3, 5, 7.
    let mut t = r;
    for k in 0..4 {
        t[2 * k] = _mm512_unpacklo_epi64(r[2 * k], r[2 * k + 1]);
        t[2 * k + 1] = _mm512_unpackhi_epi64(r[2 * k], r[2 * k + 1]);
    }
    // 0x88 picks blocks 0 and 2 of each operand, 0xdd blocks 1 and 3.
    let even = |a: __m512i, b: __m512i| _mm512_shuffle_i64x2::<0x88>(a, b);
    let odd = |a: __m512i, b: __m512i| _mm512_shuffle_i64x2::<0xdd>(a, b);
    let mut out = r;
    for parity in 0..2 {
        // Rows 0–3 and 4–7, words {0, 4} (or {1, 5}) and {2, 6} (or {3, 7}).
        let u0 = even(t[parity], t[2 + parity]);
        let u1 = odd(t[parity], t[2 + parity]);
        let u2 = even(t[4 + parity], t[6 + parity]);
        let u3 = odd(t[4 + parity], t[6 + parity]);
        out[parity] = even(u0, u2);
        out[4 + parity] = odd(u0, u2);
        out[2 + parity] = even(u1, u3);
        out[6 + parity] = odd(u1, u3);
    }
    out
}

/// A batch's last states, after its groups of eight, up to this many go
/// one by one through [`permute`]; more run as a group padded with zero
/// states. One by one wins up to five on both CPUs measured (a scratch
/// timer, fastest per state of `permute_many` on n states): on AMD Zen 4
/// one state took about 292 ns and a padded group about 1 580 ns; on an
/// Intel Xeon (Emerald Rapids) one state in a batch about 320 ns, a
/// padded group of five 355 ns per state and of six 294.
const SINGLE_STATES: usize = 5;

/// The permutation of many states (canonical in, canonical out): groups of
/// eight, then a remainder of up to [`SINGLE_STATES`] one by one through
/// [`permute`], or a larger one as a group padded with zero states.
///
/// # Safety
/// The CPU must support AVX-512 F, VL, BW, VBMI and IFMA.
#[target_feature(enable = "avx512f,avx512vl,avx512bw,avx512vbmi,avx512ifma")]
pub(crate) unsafe fn permute_many(states: &mut [[u64; STATE_SIZE]]) {
    let table = lookup_table();
    let mut groups = states.chunks_exact_mut(GROUP);
    for group in &mut groups {
        let group: &mut [[u64; STATE_SIZE]; GROUP] =
            group.try_into().expect("chunks of exactly GROUP states");
        permute_group(group, &table);
    }
    let rest = groups.into_remainder();
    match rest.len() {
        0 => {}
        n if n <= SINGLE_STATES => {
            for state in rest {
                // SAFETY: the features are this function's contract.
                unsafe { permute(state) }
            }
        }
        n => {
            let mut padded = [[0u64; STATE_SIZE]; GROUP];
            padded[..n].copy_from_slice(rest);
            permute_group(&mut padded, &table);
            rest.copy_from_slice(&padded[..n]);
        }
    }
}

/// The four 64-byte quarters of the lookup table.
#[inline]
#[target_feature(enable = "avx512f,avx512vl,avx512bw,avx512vbmi,avx512ifma")]
fn lookup_table() -> [__m512i; 4] {
    let mut quarters = [zero512(); 4];
    for (quarter, bytes) in quarters.iter_mut().zip(LOOKUP_TABLE.chunks_exact(64)) {
        // SAFETY: a 64-byte unaligned load of a 64-byte chunk; AVX-512F is
        // enabled here.
        *quarter = unsafe { _mm512_loadu_si512(bytes.as_ptr().cast()) };
    }
    quarters
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Runs `check` where the CPU has this backend's features; where it
    /// lacks them, passes only if the lanes are not required
    /// (`ALGEBRAIC_HASH_REQUIRE_IFMA`).
    fn on_avx512(check: impl FnOnce()) {
        let available = crate::arch::avx512_available();
        if available {
            check();
        }
        algebraic_hash_testkit::require_lanes_where_listed(available);
    }

    use algebraic_hash_testkit::{goldilocks_limb_value as value, goldilocks_reduce as reduce};

    /// Entering and leaving Montgomery form on boundary values.
    #[target_feature(enable = "avx512f,avx512vl,avx512bw,avx512vbmi,avx512ifma")]
    fn montgomery_on_boundary_values() {
        let values = [
            0,
            1,
            2,
            EPSILON,
            1 << 32,
            P - 2,
            P - 1,
            P,
            u64::MAX,
            1 << 63,
        ];
        for chunk in values.chunks(8) {
            let x: [u64; 8] = core::array::from_fn(|i| chunk[i % chunk.len()]);
            let (mut entered, mut left) = ([0u64; 8], [0u64; 8]);
            let mut limbs = [[0u64; 8]; 2];
            store(&mut entered, enter_montgomery(load(&x)));
            store(&mut left, leave_montgomery(split(load(&x))));
            let entered_limbs = enter_montgomery_limbs(load(&x));
            store(&mut limbs[0], entered_limbs.lo);
            store(&mut limbs[1], entered_limbs.hi);
            for lane in 0..8 {
                assert_eq!(entered[lane], montgomery(x[lane]), "{}", x[lane]);
                let (lo, hi) = (limbs[0][lane], limbs[1][lane]);
                assert!(lo < 1 << 33 && hi < (1 << 32) + (1 << 23), "{}", x[lane]);
                assert_eq!(value((lo, hi)) as u64, montgomery(x[lane]), "{}", x[lane]);
                // 2^-64 ≡ p − 2^32.
                let inverse = reduce(u128::from(x[lane]) * u128::from(P - (1 << 32)));
                assert_eq!(left[lane], inverse, "{}", x[lane]);
            }
        }
        // Out of Montgomery form from limbs anywhere in their ranges.
        let limbs = algebraic_hash_testkit::goldilocks_boundary_limbs();
        for chunk in limbs.chunks(8) {
            let lo: [u64; 8] = core::array::from_fn(|i| chunk[i % chunk.len()].0);
            let hi: [u64; 8] = core::array::from_fn(|i| chunk[i % chunk.len()].1);
            let mut left = [0u64; 8];
            store(
                &mut left,
                leave_montgomery(Limbs {
                    lo: load(&lo),
                    hi: load(&hi),
                }),
            );
            for lane in 0..8 {
                let y = value((lo[lane], hi[lane]));
                let inverse = reduce(y * u128::from(P - (1 << 32)));
                assert_eq!(left[lane], inverse, "{:?}", (lo[lane], hi[lane]));
            }
        }
    }

    #[test]
    fn montgomery_form_in_and_out() {
        // SAFETY: `on_avx512` runs it only where the features are detected.
        on_avx512(|| unsafe { montgomery_on_boundary_values() });
    }
}
