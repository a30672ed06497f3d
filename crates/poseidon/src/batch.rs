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

/// `count` pseudo-random states (a fixed LCG from `seed`), for the unit tests
/// of both families.
#[cfg(all(test, feature = "std"))]
pub(crate) fn random_states<const T: usize>(seed: u64, count: usize) -> std::vec::Vec<[Fr; T]> {
    use ark_ff::PrimeField;
    let mut s = seed;
    core::iter::repeat_with(move || {
        core::array::from_fn(|_| {
            let mut bytes = [0u8; 40];
            for b in bytes.iter_mut() {
                s = s
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                *b = (s >> 56) as u8;
            }
            Fr::from_le_bytes_mod_order(&bytes)
        })
    })
    .take(count)
    .collect()
}
