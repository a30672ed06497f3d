//! Zcash Orchard's Poseidon, `P128Pow5T3`, over both Pasta base fields,
//! with the `ConstantLength<L>` hash: bit-for-bit halo2_poseidon's
//! `Hash::<F, P128Pow5T3, ConstantLength<L>, 3, 2>::init().hash(message)`
//! (Zcash protocol spec §5.4.1.10, the Orchard nullifier and note
//! commitment tree hash for L = 2).
//!
//! Instance (halo2_poseidon `p128pow5t3.rs`): Pallas Fp ([`PallasFp`],
//! arkworks' `ark_pallas::Fq`) and Vesta Fp ([`VestaFp`], = Pallas Fq,
//! arkworks' `ark_pallas::Fr`); width 3, rate 2, x^5, 8 full and 56 partial
//! rounds, S-box of the partial rounds on cell 0, a Cauchy MDS matrix; all
//! constants from the Grain LFSR of the Poseidon reference, re-derived,
//! compressed to one constant per partial round, and the partial rounds'
//! matrix factored into sparse form (5 products a round instead of 9) by
//! `scripts/poseidon-hades/orchard.py`, which checks the result against
//! the textbook permutation.
//!
//! `ConstantLength<L>` ([`hash`], [`ConstantLength`]): the state starts as
//! `[0, 0, L·2^64]` (capacity in cell 2), the message is zero-padded to a
//! multiple of the rate and each pair is added into cells 0, 1 and
//! permuted; the hash is cell 0 (`max(1, ⌈L/2⌉)` permutations).
//!
//! The trait view: [`P128Pow5T3`] is the permutation of `[F; 3]` and, as
//! `Compression<F, 2>`, `ConstantLength<2>`'s hash; [`ConstantLength`] is a
//! `Hasher<F>` of exactly `L` elements (another count is
//! [`Error::WrongLength`] from `try_hash_elements`).

mod constants;

use algebraic_hash::{Compression, DuplexSponge, Error, Hasher, Permutation};
use ark_ff::PrimeField;

use super::Field;

/// Pallas's base field Fp (`pallas::Base` of pasta_curves).
pub type PallasFp = ark_pallas::Fq;
/// Vesta's base field Fp, Pallas's scalar field (`vesta::Base` of
/// pasta_curves).
pub type VestaFp = ark_pallas::Fr;

/// The Hades table over Pallas Fp.
pub(crate) struct Pallas;
/// The Hades table over Vesta Fp.
pub(crate) struct Vesta;

impl Field<4> for Pallas {
    type Config = ark_pallas::FqConfig;
}

impl Field<4> for Vesta {
    type Config = ark_pallas::FrConfig;
}

// The two tables differ only in their field and constants.
sparse_spec!(
    Pallas,
    3,
    alpha: 5,
    rounds: (8, 56),
    PALLAS_FULL,
    PALLAS_PARTIAL,
    PALLAS_MDS,
    PALLAS_PRE_SPARSE,
    PALLAS_SPARSE_ROWS,
    PALLAS_SPARSE_COLS
);
sparse_spec!(
    Vesta,
    3,
    alpha: 5,
    rounds: (8, 56),
    VESTA_FULL,
    VESTA_PARTIAL,
    VESTA_MDS,
    VESTA_PRE_SPARSE,
    VESTA_SPARSE_ROWS,
    VESTA_SPARSE_COLS
);

/// Orchard's Poseidon permutation, `P128Pow5T3`, over [`PallasFp`] and
/// [`VestaFp`]; as `Compression<F, 2>` it is `ConstantLength<2>`'s hash.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct P128Pow5T3;

/// `ConstantLength<L>` hashing of exactly `L` elements of [`PallasFp`] or
/// [`VestaFp`] (halo2_poseidon's domain of the same name).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ConstantLength<const L: usize>;

/// Halo2's `ConstantLength<L>` hash of `message` (over either field).
pub fn hash<F, const L: usize>(message: [F; L]) -> F
where
    F: PrimeField,
    P128Pow5T3: Permutation<[F; 3]>,
{
    let capacity = F::from((L as u128) << 64);
    let mut sponge =
        DuplexSponge::<F, _, 3, 2, 0>::new(P128Pow5T3, [F::zero(), F::zero(), capacity]);
    for x in message {
        sponge.absorb_one(x);
    }
    // The zero padding adds nothing; the last (partial) block is permuted
    // when squeezing starts.
    sponge.squeeze_one()
}

/// The trait impls of one field.
macro_rules! field_impls {
    ($element:ty, $table:ty) => {
        permute_on!(P128Pow5T3, $element, $table, 3);

        // Not `#[inline]`: the permutation is compiled once, here.
        impl Permutation<[$element; 3]> for P128Pow5T3 {
            fn permute_mut(&self, state: &mut [$element; 3]) {
                super::permute_many::<$table, 4, 3>(core::slice::from_mut(state));
            }

            /// Two states stepped together (throughput; same results as
            /// one by one).
            fn permute_many(&self, states: &mut [[$element; 3]]) {
                super::permute_many::<$table, 4, 3>(states);
            }
        }

        impl Compression<$element, 2> for P128Pow5T3 {
            /// `ConstantLength<2>`'s [`hash`] of `input`.
            #[inline]
            fn compress(&self, input: [$element; 2]) -> $element {
                hash(input)
            }

            #[inline]
            fn compress_many(&self, inputs: &[[$element; 2]], outputs: &mut [$element]) {
                let capacity = <$element>::from(2u128 << 64);
                algebraic_hash::compress_many_with(
                    self,
                    inputs,
                    outputs,
                    |&[x, y]| [x, y, capacity],
                    |_, permuted| permuted[0],
                );
            }
        }

        impl<const L: usize> Hasher<$element> for ConstantLength<L> {
            type Digest = $element;

            /// [`hash`] of `input`.
            ///
            /// # Panics
            /// If `input` does not hold exactly `L` elements;
            /// `try_hash_elements` returns an error instead.
            #[inline]
            fn hash_elements(&self, input: &[$element]) -> $element {
                match self.try_hash_elements(input) {
                    Ok(digest) => digest,
                    Err(e) => panic!("{e}"),
                }
            }

            /// [`hash`] of `input`; another count than `L` is
            /// [`Error::WrongLength`].
            #[inline]
            fn try_hash_elements(&self, input: &[$element]) -> Result<$element, Error> {
                let message: [$element; L] = input.try_into().map_err(|_| Error::WrongLength {
                    what: "ConstantLength message",
                    expected: L,
                    found: input.len(),
                })?;
                Ok(hash(message))
            }
        }
    };
}
field_impls!(PallasFp, Pallas);
field_impls!(VestaFp, Vesta);
