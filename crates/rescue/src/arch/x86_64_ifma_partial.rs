//! Poseidon's partial rounds over Goldilocks as affine forms
//! ([`crate::lanes::LinearPartialRounds12`]) on one state, with the products of
//! the forms on AVX-512 IFMA and the S-boxes on the scalar units.
//!
//! The scalar units run the chain: round `r`'s S-box input `u_r` is one
//! lane of the vector sums (every term known two rounds ahead) plus the
//! small weights of the two latest S-box outputs, reduced once; then
//! `x^7`. Meanwhile the vector units add each new S-box output, times its
//! coefficients, into the sums of the rounds after the next two and into
//! the output state, and, during the first rounds, the input state's terms
//! of the later rounds.
//!
//! A product `w · x` (`w` a stored coefficient below `p`, `x` any `u64`)
//! is `w · x_lo + (w · 2^32 mod p) · x_hi` with `x = x_lo + 2^32 · x_hi`:
//! with each coefficient split into 52-bit limbs `w_0 + 2^52 · w_1`
//! (`w_1 < 2^12`), six multiply-adds (`vpmadd52luq/huq`) add the low 52
//! bits of `w_0 · x_lo` to the sum of weight 1 and the high part and
//! `w_1 · x_lo` (below `2^44`) to the sum of weight `2^52`, and the same
//! for `x_hi`. A sum of up to 36 such terms stays below `2^60` in both
//! words, so nothing is reduced until a lane is read: `lo + 2^52 · hi`,
//! below `2^113`, reduced as a 128-bit value.

use core::arch::x86_64::*;

use super::RawState;
use crate::field::{EPSILON, raw};
use crate::lanes::{LinearPartialRounds12, RECENT_SBOX_OUTPUTS, SPLIT_PARTS};

/// Sums of products in eight lanes: each lane stands for `lo + 2^52 · hi`.
#[derive(Clone, Copy)]
struct Sums {
    lo: __m512i,
    hi: __m512i,
}

/// Eight words of `words` from `at`.
#[inline]
#[target_feature(enable = "avx512f")]
fn load(words: &[u64], at: usize) -> __m512i {
    let words = &words[at..at + 8];
    // SAFETY: a 64-byte unaligned read of the eight words just checked to
    // exist; AVX-512F is enabled in this function.
    unsafe { _mm512_loadu_si512(words.as_ptr().cast()) }
}

/// The four parts of eight stored coefficients (`parts[q][at..at + 8]`).
#[inline]
#[target_feature(enable = "avx512f")]
fn coefficients<const N: usize>(parts: &[[u64; N]; SPLIT_PARTS], at: usize) -> [__m512i; 4] {
    [
        load(&parts[0], at),
        load(&parts[1], at),
        load(&parts[2], at),
        load(&parts[3], at),
    ]
}

/// `acc + w · x` for the stored coefficients `w` and `x = x_lo + 2^32 ·
/// x_hi` (halves broadcast): six multiply-adds, four of them in a chain
/// through `acc.hi` (16 cycles), so a sum kept across rounds takes at
/// most a product or two a round.
#[inline]
#[target_feature(enable = "avx512f,avx512ifma")]
fn add_product(acc: Sums, w: [__m512i; 4], (x_lo, x_hi): (__m512i, __m512i)) -> Sums {
    let lo = _mm512_madd52lo_epu64(acc.lo, w[0], x_lo);
    let hi = _mm512_madd52hi_epu64(acc.hi, w[0], x_lo);
    let hi = _mm512_madd52lo_epu64(hi, w[1], x_lo);
    let lo = _mm512_madd52lo_epu64(lo, w[2], x_hi);
    let hi = _mm512_madd52hi_epu64(hi, w[2], x_hi);
    let hi = _mm512_madd52lo_epu64(hi, w[3], x_hi);
    Sums { lo, hi }
}

#[inline]
#[target_feature(enable = "avx512f")]
fn add_sums(a: Sums, b: Sums) -> Sums {
    Sums {
        lo: _mm512_add_epi64(a.lo, b.lo),
        hi: _mm512_add_epi64(a.hi, b.hi),
    }
}

/// `x`'s 32-bit halves, each broadcast to eight lanes.
#[inline]
#[target_feature(enable = "avx512f")]
fn halves(x: u64) -> (__m512i, __m512i) {
    (
        _mm512_set1_epi64((x & 0xffff_ffff) as i64),
        _mm512_set1_epi64((x >> 32) as i64),
    )
}

/// The sums as 128-bit values `lo + 2^64 · hi` in each lane.
#[inline]
#[target_feature(enable = "avx512f")]
fn wide(sums: Sums) -> (__m512i, __m512i) {
    let lo = _mm512_add_epi64(sums.lo, _mm512_slli_epi64::<52>(sums.hi));
    let carry = _mm512_cmplt_epu64_mask(lo, sums.lo);
    let hi = _mm512_srli_epi64::<12>(sums.hi);
    (
        lo,
        _mm512_mask_add_epi64(hi, carry, hi, _mm512_set1_epi64(1)),
    )
}

/// Lane `lane` of `sums`, `lo + 2^52 · hi` (each word below `2^60`),
/// reduced (raw).
#[inline]
#[target_feature(enable = "avx512f")]
fn read_sum(sums: Sums, lane: usize) -> u64 {
    let index = _mm512_set1_epi64(lane as i64);
    let lane_of =
        |v| _mm_cvtsi128_si64(_mm512_castsi512_si128(_mm512_permutexvar_epi64(index, v))) as u64;
    raw::reduce128(u128::from(lane_of(sums.lo)) + (u128::from(lane_of(sums.hi)) << 52))
}

/// The state as the kernel reads it: cells 0–7 by one 512-bit load, moved
/// out of the register lane by lane, cells 8–11 by scalar loads, as the
/// full rounds' kernel writes them (one 512-bit store, four scalar ones).
/// Read word by word, cells 0–7 would wait for that store to reach the
/// cache (a scalar load of a word that a 512-bit store wrote is not
/// forwarded from the store); the register is hidden from LLVM, which would
/// otherwise turn the lane moves back into scalar loads. (On an Intel Xeon,
/// Granite Rapids: one permutation of Plonky2's Poseidon 713 → 701 ns.)
#[inline]
#[target_feature(enable = "avx512f,avx2")]
fn read_state(state: &RawState) -> RawState {
    // SAFETY: an unaligned read of words 0..8 of the state.
    let mut cells = unsafe { _mm512_loadu_si512(state.as_ptr().cast()) };
    // SAFETY: an empty assembly statement that only declares `cells` (a
    // vector register) as possibly changed; no memory, stack or flags.
    unsafe {
        core::arch::asm!("/* {0} */", inout(zmm_reg) cells, options(pure, nomem, nostack, preserves_flags));
    }
    let quarters = [
        _mm512_castsi512_si128(cells),
        _mm512_extracti32x4_epi32::<1>(cells),
        _mm512_extracti32x4_epi32::<2>(cells),
        _mm512_extracti32x4_epi32::<3>(cells),
    ];
    let mut words = *state;
    for (pair, quarter) in words[..8].chunks_exact_mut(2).zip(quarters) {
        pair[0] = _mm_cvtsi128_si64(quarter) as u64;
        pair[1] = _mm_extract_epi64::<1>(quarter) as u64;
    }
    words
}

/// Plonky2's count of partial rounds (its Poseidon, the one user of this
/// kernel), for which the kernel is compiled with the count as a constant,
/// every bound and branch on the round known (one permutation 705 → 691
/// ns on the Xeon above); other counts read it at run time.
const CONSTANT_ROUNDS: usize = 22;

/// The partial rounds of `plan` on one state, raw in, raw out:
/// `lanes::linear_partial_rounds`.
///
/// # Safety
/// The CPU must support AVX-512F, AVX-512VL, AVX-512 IFMA and BMI2.
#[target_feature(enable = "avx512f,avx512vl,avx512ifma,avx2,bmi2")]
pub(crate) unsafe fn linear_partial_rounds(state: &mut RawState, plan: &LinearPartialRounds12) {
    if plan.rounds == CONSTANT_ROUNDS {
        rounds_of::<CONSTANT_ROUNDS>(state, plan);
    } else {
        rounds_of::<0>(state, plan);
    }
}

/// [`linear_partial_rounds`] with `ROUNDS` rounds, or `plan.rounds` if
/// `ROUNDS` is zero.
#[inline]
#[target_feature(enable = "avx512f,avx512vl,avx512ifma,avx2,bmi2")]
fn rounds_of<const ROUNDS: usize>(state: &mut RawState, plan: &LinearPartialRounds12) {
    let rounds = if ROUNDS == 0 { plan.rounds } else { ROUNDS };
    let registers = rounds.div_ceil(8);
    let input = read_state(state);
    let zero = Sums {
        lo: _mm512_setzero_si512(),
        hi: _mm512_setzero_si512(),
    };
    // The S-box inputs' sums, round r's in lane r % 8 of `sums[r / 8]`.
    // Every accumulator of this function stays in a register: each index
    // into an array of them is a constant once the loops over it are
    // unrolled, and a round's choice among them is a branch. (Kept in
    // memory, each sum made a round trip through a store and a load every
    // round; on the Xeon above the partial rounds took 325 ns, 295 so.)
    let mut sums = [0, 8, 16].map(|at| Sums {
        lo: load(&plan.sbox_in_constant[0], at),
        hi: load(&plan.sbox_in_constant[1], at),
    });
    // Rounds 0–7 first: every cell of the input state, in six chains (the
    // next rounds wait for these sums).
    {
        let mut chains = [zero; 6];
        for (k, &y) in input.iter().enumerate() {
            let w = coefficients(&plan.sbox_in_from_state[k], 0);
            chains[k % 6] = add_product(chains[k % 6], w, halves(y));
        }
        sums[0] = add_sums(
            add_sums(
                add_sums(chains[0], chains[1]),
                add_sums(chains[2], chains[3]),
            ),
            add_sums(add_sums(chains[4], chains[5]), sums[0]),
        );
    }
    // Rounds 8.. take the input state's terms during rounds 0–5, two cells
    // a round; added to their sums after round 5.
    let mut later_from_state = [zero; 2];
    // The output state: the S-box outputs' terms of even and odd rounds in
    // two chains, the input state's in a third, one cell a round in the
    // last twelve rounds (the first ones carry the input's terms of the
    // next rounds' inputs; one permutation 691 → 674 ns on the Xeon above).
    let mut out_from_sbox = [[zero; 2]; 2];
    let mut out_from_state = [0, 8].map(|at| Sums {
        lo: load(&plan.out_constant[0], at),
        hi: load(&plan.out_constant[1], at),
    });
    let [beta_0, beta_1] = plan.recent_sbox_weights;
    // `β_0 · 2^64 mod p` as a factor of a product's high word (`β_0 <
    // 2^16`, so below 2^48).
    let beta_0_times_2_64 = beta_0 * EPSILON;
    // The vector sums of the next rounds' inputs, reduced: each lane is
    // read as soon as it is complete (round t's after round t − 1 −
    // RECENT_SBOX_OUTPUTS), not when it is needed.
    let mut ahead = [0u64; RECENT_SBOX_OUTPUTS + 1];
    for (t, a) in ahead.iter_mut().enumerate().take(rounds) {
        *a = read_sum(sums[0], t);
    }
    let mut u = raw::add(input[0], plan.sbox_in_constant(0));
    let mut previous_s = 0;
    for r in 0..rounds {
        let (x3, x4) = super::scalar_pow3_pow4_short_chain(u);
        let x7 = u128::from(x3) * u128::from(x4);
        let s = super::scalar_reduce128_short_chain(x7);
        if r + 1 < rounds {
            // `β_0 · s` from the product before its reduction: `β_0 · (lo
            // + hi · 2^64) ≡ β_0 · lo + (β_0 · 2^64 mod p) · hi`, two
            // products beside each other, so the next input waits for one
            // reduction after `x^3 · x^4`, not two. Below 2^113.
            let (lo, hi) = (x7 as u64, (x7 >> 64) as u64);
            u = super::scalar_reduce128_short_chain(
                u128::from(ahead[1])
                    + u128::from(beta_1) * u128::from(previous_s)
                    + u128::from(beta_0) * u128::from(lo)
                    + u128::from(beta_0_times_2_64) * u128::from(hi),
            );
        }
        previous_s = s;
        let s = halves(s);
        if r < 6 && registers > 1 {
            for k in [2 * r, 2 * r + 1] {
                let y = halves(input[k]);
                for (q, sums) in later_from_state.iter_mut().enumerate().take(registers - 1) {
                    let w = coefficients(&plan.sbox_in_from_state[k], 8 * (q + 1));
                    *sums = add_product(*sums, w, y);
                }
            }
            if r == 5 {
                for (q, later) in later_from_state.iter().enumerate().take(registers - 1) {
                    sums[q + 1] = add_sums(sums[q + 1], *later);
                }
            }
        }
        // s_r's terms in rounds r + 1 + RECENT_SBOX_OUTPUTS.. (lane t of
        // the coefficients at index t − r + 24).
        let first = (r + 1 + RECENT_SBOX_OUTPUTS) / 8;
        for (q, sum) in sums.iter_mut().enumerate() {
            if first <= q && q < registers {
                let w = coefficients(&plan.sbox_in_from_sbox, 8 * q + 24 - r);
                *sum = add_product(*sum, w, s);
            }
        }
        ahead.copy_within(1.., 0);
        let t = r + 1 + RECENT_SBOX_OUTPUTS;
        if t < rounds {
            let register = match first {
                0 => sums[0],
                1 => sums[1],
                _ => sums[2],
            };
            ahead[RECENT_SBOX_OUTPUTS] = read_sum(register, t % 8);
        }
        for (parity, pair) in out_from_sbox.iter_mut().enumerate() {
            if parity == r % 2 {
                for (half, at) in pair.iter_mut().zip([0, 8]) {
                    *half = add_product(*half, coefficients(&plan.out_from_sbox[r], at), s);
                }
            }
        }
        if let Some(k) = (r + 12).checked_sub(rounds) {
            let y = halves(input[k]);
            for (half, at) in out_from_state.iter_mut().zip([0, 8]) {
                *half = add_product(*half, coefficients(&plan.out_from_state[k], at), y);
            }
        }
    }
    // Cells that no round took (fewer than 12 rounds): the first ones.
    for (k, &y) in input
        .iter()
        .enumerate()
        .take(12usize.saturating_sub(rounds))
    {
        let y = halves(y);
        for (half, at) in out_from_state.iter_mut().zip([0, 8]) {
            *half = add_product(*half, coefficients(&plan.out_from_state[k], at), y);
        }
    }
    let [low, high] = [0, 1].map(|half| {
        let sum = add_sums(
            out_from_state[half],
            add_sums(out_from_sbox[0][half], out_from_sbox[1][half]),
        );
        let (lo, hi) = wide(sum);
        // SAFETY: AVX-512F/VL and AVX2 are enabled in this function.
        unsafe { super::x86_64_avx512::reduce_wide(lo, hi) }
    });
    // Four cells per store, as the full rounds' S-box layout loads them (a
    // load that spans two stores, or reads a masked store, is not
    // forwarded from them).
    for (at, cells) in [
        (0, _mm512_castsi512_si256(low)),
        (4, _mm512_extracti64x4_epi64::<1>(low)),
        (8, _mm512_castsi512_si256(high)),
    ] {
        let words = &mut state[at..at + 4];
        // SAFETY: a 32-byte unaligned write of the four words just checked
        // to exist; AVX2 is enabled in this function.
        unsafe { _mm256_storeu_si256(words.as_mut_ptr().cast(), cells) };
    }
}
