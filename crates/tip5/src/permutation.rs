//! The Tip5 permutation on `u64` residues in Montgomery form.
//!
//! twenty-first keeps field elements in Montgomery form (`x · 2^64 mod p`)
//! and applies the 8-bit lookup table to the bytes of that form. The
//! rounds here do the same: the state enters Montgomery form once, before
//! the first round, and leaves it after the last (`2^64 ≡ 2^32 − 1` and
//! `2^-64 ≡ −2^32 (mod p)`, one multiplication by a constant each way).
//! Everything but the lookup is form-blind: the MDS matrix is linear, the
//! round constants are stored in Montgomery form, and `x^7` of `x · 2^64`
//! is `x^7 · 2^64`, since `(2^64)^6 ≡ 1 (mod p)` (`2^192 ≡ 1`), so the
//! plain products serve.
//!
//! Inside the rounds the cells are non-canonical `u64`s (any value standing
//! for its residue); only the lookup needs the canonical Montgomery form,
//! and the permutation's output is made canonical once at the end.
//!
//! The rounds are written once over `GoldilocksLanes`: one state on `u64`s
//! (its `x^7` layer in the rescue crate's single-state layout where the
//! CPU has AVX2 or AVX-512VL), or one state per lane of the rescue crate's
//! AVX-512 / AVX2 registers for `permute_many` (lookups by VBMI byte
//! permutations where the CPU has them, else lane by lane on the scalar
//! units). That is the portable path
//! and the batch path of CPUs without AVX-512 IFMA/VBMI; where the CPU has
//! them, one state and batches run on `crate::arch`'s own AVX-512 code
//! instead (52-bit multiply-adds), which the tests below compare with these
//! rounds.

use algebraic_hash_rescue::Felt;
use algebraic_hash_rescue::lanes::{GoldilocksLanes, LaneKernel, apply_many};

use crate::constants::{LOOKUP_TABLE, ROUND_CONSTANTS};
use crate::mds::mds16;
use crate::{NUM_ROUNDS, NUM_SPLIT_AND_LOOKUP, RATE, STATE_SIZE};

/// `2^64 mod p`: multiplying by it enters Montgomery form.
const MONTGOMERY_R: u64 = 0xffff_ffff;
/// `2^-64 mod p = p - 2^32`: multiplying by it leaves Montgomery form.
const MONTGOMERY_R_INV: u64 = 0xffff_fffe_0000_0001;

/// twenty-first's round constants in Montgomery form (`c · 2^64 mod p`).
const ROUND_CONSTANTS_MONTGOMERY: [u64; NUM_ROUNDS * STATE_SIZE] = {
    let mut table = [0; NUM_ROUNDS * STATE_SIZE];
    let mut i = 0;
    while i < table.len() {
        table[i] = (ROUND_CONSTANTS[i] as u128 * MONTGOMERY_R as u128
            % algebraic_hash_rescue::field::MODULUS as u128) as u64;
        i += 1;
    }
    table
};

/// `x · 2^64` on each lane (any residue in, any residue out).
#[inline(always)]
fn to_montgomery<L: GoldilocksLanes>(x: L) -> L {
    if L::LANES == 1 {
        // One state: a product (one `mul` and its reduction) is the
        // shortest form on the scalar units.
        return x.mul(L::splat(MONTGOMERY_R));
    }
    // Packed lanes: x · (2^32 - 1) = x · 2^32 - x, the product by 2^32 as
    // shifts with one carry fix-up (`GoldilocksLanes::mul_2exp`) instead
    // of four 32-bit products and a reduction.
    x.mul_2exp(32).sub(x)
}

/// `x · 2^-64` on each lane (any residue in, any residue out).
#[inline(always)]
fn from_montgomery<L: GoldilocksLanes>(x: L) -> L {
    if L::LANES == 1 {
        return x.mul(L::splat(MONTGOMERY_R_INV));
    }
    // y · 2^-64 ≡ -y · 2^32.
    L::splat(0).sub(x.mul_2exp(32))
}

/// The split-and-lookup map on each lane: the table applied to each byte
/// of the canonical form of `x`, a cell in Montgomery form. The table fixes
/// 0 and 255, so a canonical form stays canonical.
#[inline(always)]
pub(crate) fn split_and_lookup<L: GoldilocksLanes>(x: L) -> L {
    x.canonical().lookup_bytes(&LOOKUP_TABLE)
}

/// The S-box layer: split-and-lookup on the first four cells, `x^7` on the
/// other twelve.
#[inline(always)]
pub(crate) fn sbox_layer<L: GoldilocksLanes>(state: &mut [L; STATE_SIZE]) {
    for x in &mut state[..NUM_SPLIT_AND_LOOKUP] {
        *x = split_and_lookup(*x);
    }
    if L::LANES == 1 {
        // One state: the rescue crate's single-state layout where the CPU
        // has AVX2 or AVX-512VL (two vector registers beside four scalars),
        // cell by cell elsewhere.
        let power_cells = state
            .last_chunk_mut::<{ STATE_SIZE - NUM_SPLIT_AND_LOOKUP }>()
            .expect("twelve cells after the four lookup cells");
        L::exp7_state(power_cells);
        return;
    }
    // x^7 = x^3 · x^4, three multiplications deep, the twelve cells a step
    // at a time so that their chains overlap. (Plain loops, no closures:
    // everything must inline into the packed backends.)
    let mut x2 = [state[0]; STATE_SIZE];
    for i in NUM_SPLIT_AND_LOOKUP..STATE_SIZE {
        x2[i] = state[i].square();
    }
    let mut x3 = x2;
    for i in NUM_SPLIT_AND_LOOKUP..STATE_SIZE {
        x3[i] = x2[i].mul(state[i]);
    }
    for i in NUM_SPLIT_AND_LOOKUP..STATE_SIZE {
        state[i] = x3[i].mul(x2[i].square());
    }
}

/// The MDS layer and the round constants of round `round`.
#[inline(always)]
pub(crate) fn linear_layer<L: GoldilocksLanes>(state: &mut [L; STATE_SIZE], round: usize) {
    let (mut lo, mut hi) = (*state, *state);
    for i in 0..STATE_SIZE {
        lo[i] = state[i].low32();
        hi[i] = state[i].shr::<32>();
    }
    let (lo, hi) = (mds16(lo), mds16(hi));
    let constants = &ROUND_CONSTANTS_MONTGOMERY[round * STATE_SIZE..][..STATE_SIZE];
    for i in 0..STATE_SIZE {
        // Both products are 16 times the true row sums, which are below
        // 2^52.
        let value = L::combine(lo[i].shr::<4>(), hi[i].shr::<4>());
        state[i] = value.add_canonical(L::splat(constants[i]));
    }
}

/// The rounds on a state in Montgomery form (any residues in, any out).
#[inline(always)]
fn rounds<L: GoldilocksLanes>(state: &mut [L; STATE_SIZE]) {
    for round in 0..NUM_ROUNDS {
        sbox_layer(state);
        linear_layer(state, round);
    }
}

/// The permutation on any residues, on each lane; the result is canonical.
#[inline(always)]
pub(crate) fn permute_lanes<L: GoldilocksLanes>(state: &mut [L; STATE_SIZE]) {
    for x in state.iter_mut() {
        *x = to_montgomery(*x);
    }
    rounds(state);
    for x in state.iter_mut() {
        *x = from_montgomery(*x).canonical();
    }
}

/// The permutation of one canonical state; the result is canonical. On
/// the AVX-512 IFMA/VBMI backend where the CPU has it (`crate::arch`),
/// else the portable rounds on `u64`s.
#[inline]
pub(crate) fn permute(state: &mut [u64; STATE_SIZE]) {
    if !crate::arch::permute_avx512(state) {
        permute_lanes::<u64>(state);
    }
}

/// The absorption of a sponge in overwrite mode: for each block in turn,
/// the rate of `state` (canonical) is overwritten with it (canonical
/// words) and the state permuted. On the AVX-512 IFMA/VBMI backend where
/// the CPU has it (the state kept in registers from block to block), else
/// [`absorb_portable`].
pub(crate) fn absorb(state: &mut [u64; STATE_SIZE], blocks: &[[u64; RATE]]) {
    if !crate::arch::absorb_avx512(state, blocks) {
        absorb_portable(state, blocks);
    }
}

/// [`absorb`] on the portable rounds, the state kept in Montgomery form
/// from block to block (only each block's words enter it).
fn absorb_portable(state: &mut [u64; STATE_SIZE], blocks: &[[u64; RATE]]) {
    if blocks.is_empty() {
        return;
    }
    for x in &mut state[RATE..] {
        *x = to_montgomery(*x);
    }
    for block in blocks {
        for (x, &word) in state.iter_mut().zip(block) {
            *x = to_montgomery(word);
        }
        rounds(state);
    }
    for x in state.iter_mut() {
        *x = from_montgomery(*x).canonical();
    }
}

/// The permutation of many canonical states (canonical out): eight at a
/// time on the AVX-512 IFMA/VBMI backend where the CPU has it
/// (`crate::arch`), else on the shared Goldilocks lanes
/// (`lanes::apply_many`).
pub(crate) fn permute_many_raw(states: &mut [[u64; STATE_SIZE]]) {
    if !crate::arch::permute_many_avx512(states) {
        apply_many(&Rounds, states);
    }
}

/// [`permute_many_raw`] on states of [`Felt`]s, through a buffer of raw
/// words 32 states at a time.
pub(crate) fn permute_many(states: &mut [[Felt; STATE_SIZE]]) {
    const CHUNK: usize = 32;
    let mut buffer = [[0u64; STATE_SIZE]; CHUNK];
    for chunk in states.chunks_mut(CHUNK) {
        let raw = &mut buffer[..chunk.len()];
        for (r, state) in raw.iter_mut().zip(chunk.iter()) {
            *r = state.map(Felt::to_u64);
        }
        permute_many_raw(raw);
        for (state, r) in chunk.iter_mut().zip(raw.iter()) {
            *state = r.map(Felt::from_u64_reduced);
        }
    }
}

/// The permutation as a kernel of the shared Goldilocks lanes.
pub(crate) struct Rounds;

impl LaneKernel<STATE_SIZE> for Rounds {
    const LOOKS_UP_BYTES: bool = true;

    #[inline(always)]
    fn apply<L: GoldilocksLanes>(&self, state: &mut [L; STATE_SIZE]) {
        permute_lanes(state);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use algebraic_hash_rescue::field::MODULUS;
    use algebraic_hash_rescue::lanes::LaneBackend;
    use algebraic_hash_rescue::lanes::apply_many_with;
    use algebraic_hash_testkit::{
        cases, check_batch_sizes, lane_test_states, require_lanes_where_listed,
    };

    /// 0, 1, p − 1, and 2^32, whose Montgomery form is p − 1 (the lookup's
    /// all-0xff bytes but for one).
    const EDGES: &[u64] = &[0, 1, MODULUS - 1, 1 << 32, (1 << 32) - 1];

    /// The portable one-state permutation, the reference of every backend.
    fn portable(state: &mut [u64; STATE_SIZE]) {
        permute_lanes::<u64>(state);
    }

    /// Every backend of the shared lanes this CPU runs, and the one-state
    /// AVX-512 IFMA/VBMI backend where it runs, equals the portable
    /// one-state permutation at every batch size 1..=33, on edge and
    /// random states.
    #[test]
    fn every_backend_equals_one_state() {
        let states = lane_test_states::<STATE_SIZE>(5, MODULUS, EDGES, cases(2_000) as usize);
        let mut ran = 0;
        for backend in LaneBackend::ALL {
            ran += usize::from(check_batch_sizes(
                &states,
                |batch| apply_many_with(backend, &Rounds, batch),
                portable,
            ));
        }
        assert!(ran >= 1);
        let avx512 = check_batch_sizes(
            &states,
            |batch| {
                crate::arch::avx512_available() && batch.iter_mut().all(crate::arch::permute_avx512)
            },
            portable,
        );
        // Every CPU with AVX-512 IFMA has F/VL/BW/VBMI too: where the CPU
        // lists IFMA, this backend must have run (unless compiled out).
        require_lanes_where_listed(avx512 || cfg!(algebraic_hash_force_scalar));
        let avx512_many = check_batch_sizes(&states, crate::arch::permute_many_avx512, portable);
        assert_eq!(avx512, avx512_many);
        // Through the dispatching entry point too.
        check_batch_sizes(
            &states,
            |batch| {
                batch.iter_mut().for_each(permute);
                true
            },
            portable,
        );
    }

    /// The absorption on the AVX-512 backend (where it runs), on the
    /// portable rounds and through the dispatching entry point equals one
    /// portable permutation per block, the rate overwritten first: 0..=40 blocks (more than one
    /// chunk of `hash_varlen`), edge and random states and blocks.
    #[test]
    fn absorption_equals_one_permutation_per_block() {
        let states = lane_test_states::<STATE_SIZE>(7, MODULUS, EDGES, cases(200) as usize);
        let words = lane_test_states::<RATE>(11, MODULUS, EDGES, 40 * states.len());
        let mut ran = false;
        for (i, start) in states.iter().enumerate() {
            let count = i % 41;
            let blocks = &words[40 * i..40 * i + count];
            let mut want = *start;
            for block in blocks {
                want[..RATE].copy_from_slice(block);
                portable(&mut want);
            }
            let mut state = *start;
            ran |= crate::arch::absorb_avx512(&mut state, blocks);
            if crate::arch::avx512_available() {
                assert_eq!(state, want, "{count} blocks from {start:?}");
            }
            let mut state = *start;
            absorb(&mut state, blocks);
            assert_eq!(state, want, "{count} blocks from {start:?}");
            let mut state = *start;
            absorb_portable(&mut state, blocks);
            assert_eq!(state, want, "portable, {count} blocks from {start:?}");
        }
        require_lanes_where_listed(ran || cfg!(algebraic_hash_force_scalar));
    }
}
