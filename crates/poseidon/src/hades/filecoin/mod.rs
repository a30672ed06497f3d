//! Filecoin's Poseidon: bit-for-bit the `neptune` crate's
//! `Poseidon::<Fr, A>::hash` over the BLS12-381 scalar field (blstrs'
//! `Scalar`, arkworks' [`Fr`]), arity `A` = 2, 4, 8 and 11, standard and
//! strengthened — the hash of Filecoin's proofs (rust-fil-proofs'
//! `filecoin-hashers`): the Merkle trees of arity 2, 4 and 8
//! (`POSEIDON_CONSTANTS_2/4/8`, `PoseidonHasher`) and the column hash of
//! arity 11 (`POSEIDON_CONSTANTS_11`, `hash_single_column` of the
//! 11-layer SDR columns).
//!
//! Instance (neptune 13.0.0, `PoseidonConstants::new_with_strength_and_type`):
//! width `t = A + 1`, x^5, 8 full rounds and R_P partial rounds (standard:
//! 55, 56, 57, 57 for A = 2, 4, 8, 11; strengthened, 25 % more rounded up:
//! 69, 70, 72, 72), the partial rounds' S-box on cell 0, the Cauchy matrix
//! `M[i][j] = 1/(i + j + t)`, round constants from the Grain LFSR of the
//! Poseidon reference seeded as neptune seeds it. The constants are
//! re-derived, compressed to one per partial round and the partial rounds'
//! matrix factored into sparse form (`2t − 1` products a round instead of
//! `t²`) by `scripts/poseidon-hades/filecoin.py`, which checks the result
//! against the textbook permutation; the tests compare every output with
//! neptune itself.
//!
//! The hash (neptune's `Poseidon::new` + `input` + `hash`): the state is
//! `[tag, x_1, …, x_k, 0, …, 0]` with `k ≤ A` preimage elements after the
//! domain tag of the [`HashType`] in cell 0; one permutation; the hash is
//! cell 1. The tags: Merkle tree `2^A − 1`, constant length `k·2^64`,
//! encryption `2^32`, custom `id·2^40` (`id` in 1..=256).
//!
//! The trait view is [`Poseidon`]`<A, STRENGTHENED>`: the permutation of
//! `[Fr; A + 1]`, `Compression<Fr, A>` = the Merkle-tree hash
//! (`HashType::MerkleTree`, Filecoin's tree and column hashes), and
//! `Hasher<Fr>` = the constant-length hash of at most `A` elements
//! (`HashType::ConstantLength(k)`; more is [`Error::LengthOutOfRange`]).
//! Neptune's sponge API (`sponge::vanilla`, inputs longer than `A`) is not
//! here.

mod constants;

use algebraic_hash::{Compression, Error, Hasher, Permutation};
use ark_ff::{AdditiveGroup, Field as _};

use super::Field;

/// The BLS12-381 scalar field (blstrs' `Scalar`, neptune's `Fr`).
pub type Fr = ark_bls12_381::Fr;

/// Name of the field in error messages.
pub const FIELD_NAME: &str = "BLS12-381 Fr";

/// Filecoin's Poseidon of arity `ARITY` (2, 4, 8 or 11; width `ARITY + 1`),
/// neptune's standard strength or, with `STRENGTHENED`, its strengthened
/// one (25 % more partial rounds). See the module docs for the traits.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Poseidon<const ARITY: usize, const STRENGTHENED: bool = false>;

/// Filecoin's binary Merkle-tree hash (`POSEIDON_CONSTANTS_2`).
pub const MERKLE_2: Poseidon<2> = Poseidon;
/// Filecoin's quad Merkle-tree hash (`POSEIDON_CONSTANTS_4`).
pub const MERKLE_4: Poseidon<4> = Poseidon;
/// Filecoin's oct Merkle-tree hash (`POSEIDON_CONSTANTS_8`, the sector
/// trees `tree_r_last` and `tree_c`).
pub const MERKLE_8: Poseidon<8> = Poseidon;
/// Filecoin's column hash of the 11-layer SDR (`POSEIDON_CONSTANTS_11`,
/// `hash_single_column`).
pub const COLUMN_11: Poseidon<11> = Poseidon;

/// The domain tag neptune puts in cell 0 (neptune's `HashType`, the kinds
/// its `Poseidon` hash supports).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HashType {
    /// A Merkle-tree node of `A` children: `2^A − 1`.
    MerkleTree,
    /// A preimage of exactly this many elements (at most `A`): `k·2^64`.
    ConstantLength(usize),
    /// Neptune's encryption tag: `2^32`.
    Encryption,
    /// A custom tag `id·2^40`, `id` in 1..=256.
    Custom(u64),
}

impl HashType {
    /// The tag of this type for arity `arity` (neptune's `domain_tag`); a
    /// custom `id` outside 1..=256 is [`Error::Unsupported`].
    pub fn domain_tag(self, arity: usize) -> Result<Fr, Error> {
        let two = Fr::from(2u64);
        Ok(match self {
            Self::MerkleTree => Fr::from((1u64 << arity) - 1),
            Self::ConstantLength(length) => Fr::from(length as u64) * two.pow([64]),
            Self::Encryption => two.pow([32]),
            Self::Custom(id @ 1..=256) => Fr::from(id) * two.pow([40]),
            Self::Custom(_) => {
                return Err(Error::Unsupported {
                    what: "neptune custom domain tag id (1..=256)",
                });
            }
        })
    }
}

impl<const ARITY: usize, const STRENGTHENED: bool> Poseidon<ARITY, STRENGTHENED> {
    /// Neptune's `Poseidon::hash` of `preimage` (at most `ARITY` elements,
    /// zero-padded) under `hash_type`: cell 1 of the permuted
    /// `[tag, preimage…, 0…]` (`W = ARITY + 1`, inferred). A longer
    /// preimage is [`Error::LengthOutOfRange`], a constant length other
    /// than `preimage.len()` [`Error::WrongLength`].
    pub fn hash<const W: usize>(&self, hash_type: HashType, preimage: &[Fr]) -> Result<Fr, Error>
    where
        Self: Permutation<[Fr; W]>,
    {
        if preimage.len() > ARITY {
            return Err(Error::LengthOutOfRange {
                what: "neptune Poseidon preimage",
                min: 0,
                max: ARITY,
                found: preimage.len(),
            });
        }
        if let HashType::ConstantLength(length) = hash_type
            && length != preimage.len()
        {
            return Err(Error::WrongLength {
                what: "neptune constant-length preimage",
                expected: length,
                found: preimage.len(),
            });
        }
        let mut state = [Fr::ZERO; W];
        state[0] = hash_type.domain_tag(ARITY)?;
        state[1..=preimage.len()].copy_from_slice(preimage);
        self.permute_mut(&mut state);
        Ok(state[1])
    }
}

/// The Hades table of one arity and strength.
pub(crate) struct Table<const ARITY: usize, const STRENGTHENED: bool>;

impl<const ARITY: usize, const STRENGTHENED: bool> Field<4> for Table<ARITY, STRENGTHENED> {
    type Config = ark_bls12_381::FrConfig;
}

/// One table (arity, strength) and the trait impls of its instance; the
/// tables differ only in their width, round count and constants.
macro_rules! instance {
    ($arity:literal, $strengthened:literal, $width:literal, $rp:literal,
     $full:ident, $partial:ident, $mds:ident, $pre:ident, $rows:ident, $cols:ident) => {
        sparse_spec!(
            Table<$arity, $strengthened>,
            $width,
            alpha: 5,
            rounds: (8, $rp),
            $full,
            $partial,
            $mds,
            $pre,
            $rows,
            $cols
        );

        permute_on!(Poseidon<$arity, $strengthened>, Fr, Table<$arity, $strengthened>, $width);

        // Not `#[inline]`: the permutation is compiled once, here.
        impl Permutation<[Fr; $width]> for Poseidon<$arity, $strengthened> {
            fn permute_mut(&self, state: &mut [Fr; $width]) {
                super::permute_many::<Table<$arity, $strengthened>, 4, $width>(
                    core::slice::from_mut(state),
                );
            }

            /// Two states stepped together (throughput; same results as
            /// one by one).
            fn permute_many(&self, states: &mut [[Fr; $width]]) {
                super::permute_many::<Table<$arity, $strengthened>, 4, $width>(states);
            }
        }

        impl Poseidon<$arity, $strengthened> {
            /// The Merkle-tree hash of `children` (Filecoin's tree node, or
            /// its column hash for arity 11).
            #[inline]
            pub fn merkle_tree(&self, children: [Fr; $arity]) -> Fr {
                self.compress(children)
            }
        }

        impl Compression<Fr, $arity> for Poseidon<$arity, $strengthened> {
            /// The Merkle-tree hash (tag `2^A − 1`) of `input`.
            #[inline]
            fn compress(&self, input: [Fr; $arity]) -> Fr {
                let mut out = [Fr::ZERO];
                self.compress_many(core::slice::from_ref(&input), &mut out);
                out[0]
            }

            #[inline]
            fn compress_many(&self, inputs: &[[Fr; $arity]], outputs: &mut [Fr]) {
                let tag = Fr::from((1u64 << $arity) - 1);
                algebraic_hash::compress_many_with(
                    self,
                    inputs,
                    outputs,
                    |input| {
                        let mut state = [tag; $width];
                        state[1..].copy_from_slice(input);
                        state
                    },
                    |_, permuted| permuted[1],
                );
            }
        }

        impl Hasher<Fr> for Poseidon<$arity, $strengthened> {
            type Digest = Fr;

            /// The constant-length hash of `input` (tag `k·2^64`).
            ///
            /// # Panics
            /// If `input` holds more than `A` elements;
            /// `try_hash_elements` returns an error instead.
            #[inline]
            fn hash_elements(&self, input: &[Fr]) -> Fr {
                match self.try_hash_elements(input) {
                    Ok(digest) => digest,
                    Err(e) => panic!("{e}"),
                }
            }

            /// The constant-length hash of `input`; more than `A` elements
            /// is [`Error::LengthOutOfRange`].
            #[inline]
            fn try_hash_elements(&self, input: &[Fr]) -> Result<Fr, Error> {
                self.hash(HashType::ConstantLength(input.len()), input)
            }
        }
    };
}

instance!(
    2,
    false,
    3,
    55,
    A2_FULL,
    A2_PARTIAL,
    A2_MDS,
    A2_PRE_SPARSE,
    A2_SPARSE_ROWS,
    A2_SPARSE_COLS
);
instance!(
    2,
    true,
    3,
    69,
    A2S_FULL,
    A2S_PARTIAL,
    A2_MDS,
    A2S_PRE_SPARSE,
    A2S_SPARSE_ROWS,
    A2S_SPARSE_COLS
);
instance!(
    4,
    false,
    5,
    56,
    A4_FULL,
    A4_PARTIAL,
    A4_MDS,
    A4_PRE_SPARSE,
    A4_SPARSE_ROWS,
    A4_SPARSE_COLS
);
instance!(
    4,
    true,
    5,
    70,
    A4S_FULL,
    A4S_PARTIAL,
    A4_MDS,
    A4S_PRE_SPARSE,
    A4S_SPARSE_ROWS,
    A4S_SPARSE_COLS
);
instance!(
    8,
    false,
    9,
    57,
    A8_FULL,
    A8_PARTIAL,
    A8_MDS,
    A8_PRE_SPARSE,
    A8_SPARSE_ROWS,
    A8_SPARSE_COLS
);
instance!(
    8,
    true,
    9,
    72,
    A8S_FULL,
    A8S_PARTIAL,
    A8_MDS,
    A8S_PRE_SPARSE,
    A8S_SPARSE_ROWS,
    A8S_SPARSE_COLS
);
instance!(
    11,
    false,
    12,
    57,
    A11_FULL,
    A11_PARTIAL,
    A11_MDS,
    A11_PRE_SPARSE,
    A11_SPARSE_ROWS,
    A11_SPARSE_COLS
);
instance!(
    11,
    true,
    12,
    72,
    A11S_FULL,
    A11S_PARTIAL,
    A11_MDS,
    A11S_PRE_SPARSE,
    A11S_SPARSE_ROWS,
    A11S_SPARSE_COLS
);
