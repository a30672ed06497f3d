//! Compression of many inputs through `permute_many`, for the two BN254
//! families (circom puts the inputs after the capacity cell, Poseidon2
//! before it): the workspace's batched loop with that input rule plugged in.

use algebraic_hash::Permutation;
use ark_ff::Zero;

use crate::Fr;

/// `outputs[i] = permute(state_i)[0]` where `state_i` is zero but for
/// `inputs[i]` at cells `offset .. offset + R`.
///
/// # Panics
/// If `inputs` and `outputs` differ in length.
pub(crate) fn compress_many<P, const T: usize, const R: usize>(
    permutation: &P,
    inputs: &[[Fr; R]],
    outputs: &mut [Fr],
    offset: usize,
) where
    P: Permutation<[Fr; T]>,
{
    algebraic_hash::compress_many_with(
        permutation,
        inputs,
        outputs,
        |input| {
            let mut state = [Fr::zero(); T];
            state[offset..offset + R].copy_from_slice(input);
            state
        },
        |_, permuted| permuted[0],
    );
}
