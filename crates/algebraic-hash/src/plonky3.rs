//! Plonky3 packing (feature `plonky3`, p3-field 0.8): a permutation of this
//! workspace applied to a Plonky3 state of packed cells.
//!
//! Plonky3's `MerkleTreeMmcs` and sponges permute `[P; W]` where each cell
//! `P` holds one element of several states (the field's `Packing`, or
//! `[F; N]`). Our permutations take whole states and batch them by
//! themselves (`Permutation::permute_many`, on this workspace's own SIMD
//! lanes), so a packed state is unpacked into its lanes' states, permuted
//! as one batch and packed again. Each family's Plonky3 adapter calls
//! [`permute_packed`] with its field's exact conversions.

use p3_field::PackedValue;

use crate::Permutation;

/// States unpacked at a time: Plonky3's widest packing is 16 lanes
/// (AVX-512 over a 31-bit field); a wider cell type goes in chunks.
const MAX_LANES: usize = 16;

/// Permutes every lane of the packed state `state` with `permutation`:
/// lane `i` of the result is `permutation` applied to lane `i` of the
/// input. `into` and `back` convert one element between Plonky3's type and
/// ours (exactly: no reduction of a value a user gave).
pub fn permute_packed<F, P, Perm, const W: usize>(
    permutation: &Perm,
    state: &mut [P; W],
    into: impl Fn(P::Value) -> F,
    back: impl Fn(F) -> P::Value,
) where
    F: Copy + Default,
    P: PackedValue,
    Perm: Permutation<[F; W]>,
{
    let mut states = [[F::default(); W]; MAX_LANES];
    let mut first = 0;
    while first < P::WIDTH {
        let count = (P::WIDTH - first).min(MAX_LANES);
        let batch = &mut states[..count];
        for (lane, ours) in batch.iter_mut().enumerate() {
            for (cell, packed) in ours.iter_mut().zip(state.iter()) {
                *cell = into(packed.as_slice()[first + lane]);
            }
        }
        permutation.permute_many(batch);
        for (lane, ours) in batch.iter().enumerate() {
            for (cell, packed) in ours.iter().zip(state.iter_mut()) {
                packed.as_slice_mut()[first + lane] = back(*cell);
            }
        }
        first += count;
    }
}
