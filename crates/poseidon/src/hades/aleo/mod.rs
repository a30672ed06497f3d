//! Aleo's Poseidon: bit-for-bit snarkVM's console `Poseidon2`, `Poseidon4`
//! and `Poseidon8` (snarkvm-console-algorithms 4.12.0) over the BLS12-377
//! scalar field ([`Fr`], snarkVM's `Field` of the `Console` environment and
//! of every Aleo network) — the hashes behind Aleo's `hash.psd2`,
//! `hash.psd4` and `hash.psd8` instructions, its commitments' and
//! serial numbers' PRFs, and its Merkle trees.
//!
//! Instance (snarkvm-fields' `default_poseidon_parameters` with the
//! BLS12-377 Fr entries of snarkvm-curves): rate R = 2, 4 or 8 and
//! capacity 1 (width `R + 1`; the capacity is cell 0, the rate cells
//! 1..=R), x^17, 8 full and 31 partial rounds, the partial rounds' S-box on
//! cell 0, round constants and a Cauchy matrix `M[i][j] = 1/(x_i + y_j)`
//! drawn from the Grain LFSR of the Poseidon reference. The constants are
//! re-derived, compressed to one per partial round and the partial rounds'
//! matrix factored into sparse form by `scripts/poseidon-hades/aleo.py`,
//! which checks its table against snarkVM's own
//! (`test-vectors/aleo/parameters.json`) and the sparse form against the
//! textbook permutation.
//!
//! # The hash
//!
//! snarkVM's `hash_many(input, m)` (and `hash` = its first output) runs a
//! duplex sponge from the zero state over the preimage
//! `[domain, len(input), 0, …, 0 (up to R elements), input…]`: elements are
//! added into the rate cells in order, the state is permuted after every
//! full block and once more before the first output, and the outputs are
//! the rate cells, permuting again after every R. The first block — the
//! domain separator and the length — costs a permutation of its own: `n`
//! input elements take `1 + ⌈n/R⌉` permutations (one more than a sponge
//! without the prefix), and one more for each further R outputs. The
//! domain is the string given to snarkVM's `Poseidon::setup`, read as a
//! little-endian integer ([`domain_to_field`]); every Aleo network uses
//! `"AleoPoseidon2"`, `"AleoPoseidon4"` and `"AleoPoseidon8"`
//! ([`Poseidon::aleo`]). There is no other padding: the length in the
//! first block separates inputs that differ by trailing zeros.
//!
//! [`Poseidon::hash_to_scalar`] is snarkVM's `hash_to_scalar`: the hash's
//! low 250 bits, as an element of the Edwards BLS12-377 scalar field
//! ([`Scalar`]; snarkVM's `Scalar` of the same environment).
//!
//! The trait view is [`Poseidon`]`<R>`: the permutation of `[Fr; R + 1]`
//! and `Hasher<Fr>` = [`Poseidon::hash`] with the instance's domain.

mod constants;

use algebraic_hash::{DuplexSponge, Error, Hasher, Permutation, parse};
use ark_ff::{AdditiveGroup, BigInt, BigInteger, PrimeField};

use super::Field;

/// The BLS12-377 scalar field: snarkVM's `Field` on every Aleo network.
pub type Fr = ark_bls12_377::Fr;

/// The scalar field of the Edwards curve over BLS12-377 Fr: snarkVM's
/// `Scalar`, the output of [`Poseidon::hash_to_scalar`].
pub type Scalar = ark_ed_on_bls12_377::Fr;

/// Name of the field in error messages.
pub const FIELD_NAME: &str = "BLS12-377 Fr";

/// The longest domain string in bytes: snarkVM's `Poseidon::setup` takes
/// at most 252 bits (the field's data bits), 31 bytes.
pub const MAX_DOMAIN_LEN: usize = 31;

/// The modulus of [`Fr`], little-endian limbs.
const MODULUS: [u64; 4] = <Fr as PrimeField>::MODULUS.0;

/// Aleo's Poseidon of rate `RATE` (2, 4 or 8; width `RATE + 1`) with its
/// domain separator: snarkVM's `Poseidon<E, RATE>` after `setup(domain)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Poseidon<const RATE: usize> {
    domain: Fr,
}

/// Rate 2: snarkVM's `Poseidon2`, Aleo's `hash.psd2`.
pub type Poseidon2 = Poseidon<2>;
/// Rate 4: snarkVM's `Poseidon4`, Aleo's `hash.psd4`.
pub type Poseidon4 = Poseidon<4>;
/// Rate 8: snarkVM's `Poseidon8`, Aleo's `hash.psd8`.
pub type Poseidon8 = Poseidon<8>;

/// snarkVM's `Field::new_domain_separator`: the string's bytes as a
/// little-endian integer. More than [`MAX_DOMAIN_LEN`] bytes is
/// [`Error::LengthOutOfRange`], as snarkVM's `setup` refuses it.
pub fn domain_to_field(domain: &str) -> Result<Fr, Error> {
    if domain.len() > MAX_DOMAIN_LEN {
        return Err(Error::LengthOutOfRange {
            what: "Aleo Poseidon domain string (bytes)",
            min: 0,
            max: MAX_DOMAIN_LEN,
            found: domain.len(),
        });
    }
    // Below 2^248 < p: nothing is reduced.
    Ok(Fr::from_le_bytes_mod_order(domain.as_bytes()))
}

impl<const RATE: usize> Poseidon<RATE> {
    /// snarkVM's `Poseidon::<E, RATE>::setup(domain)`.
    pub fn setup(domain: &str) -> Result<Self, Error> {
        Ok(Self {
            domain: domain_to_field(domain)?,
        })
    }

    /// The instance of every Aleo network (snarkvm-console-network's
    /// `POSEIDON_2/4/8`, behind `Network::hash_psd2/4/8`): domain
    /// `"AleoPoseidon2"`, `"AleoPoseidon4"` or `"AleoPoseidon8"`.
    pub fn aleo() -> Self {
        // "AleoPoseidon" and the rate's one digit (2, 4 or 8).
        let mut name = *b"AleoPoseidon0";
        name[12] += RATE as u8;
        Self {
            domain: Fr::from_le_bytes_mod_order(&name),
        }
    }

    /// The domain separator (snarkVM's `Poseidon::domain`).
    pub fn domain(&self) -> Fr {
        self.domain
    }

    /// The sponge after absorbing `[domain, len, 0…]` and `input`.
    fn absorbed<const W: usize>(&self, input: &[Fr]) -> DuplexSponge<Fr, Self, W, RATE, 1>
    where
        Self: Permutation<[Fr; W]>,
    {
        let mut sponge = DuplexSponge::new(*self, [Fr::ZERO; W]);
        sponge.absorb_one(self.domain);
        sponge.absorb_one(Fr::from(input.len() as u64));
        for _ in 2..RATE {
            sponge.absorb_one(Fr::ZERO);
        }
        for &x in input {
            sponge.absorb_one(x);
        }
        sponge
    }

    /// snarkVM's `hash_many(input, outputs.len())`, written into
    /// `outputs` (the module docs give the sponge; `W = RATE + 1`,
    /// inferred).
    pub fn hash_many<const W: usize>(&self, input: &[Fr], outputs: &mut [Fr])
    where
        Self: Permutation<[Fr; W]>,
    {
        if outputs.is_empty() {
            return;
        }
        let mut sponge = self.absorbed::<W>(input);
        for out in outputs {
            *out = sponge.squeeze_one();
        }
    }

    /// snarkVM's `hash(input)`: the first output of [`Poseidon::hash_many`].
    pub fn hash<const W: usize>(&self, input: &[Fr]) -> Fr
    where
        Self: Permutation<[Fr; W]>,
    {
        self.absorbed::<W>(input).squeeze_one()
    }

    /// snarkVM's `hash_to_scalar(input)`: the low 250 bits of
    /// [`Poseidon::hash`] (the scalar field's data bits), as a [`Scalar`].
    pub fn hash_to_scalar<const W: usize>(&self, input: &[Fr]) -> Scalar
    where
        Self: Permutation<[Fr; W]>,
    {
        let mut bytes = self.hash::<W>(input).into_bigint().to_bytes_le();
        let keep = (Scalar::MODULUS_BIT_SIZE - 1) as usize;
        bytes[keep / 8] &= (1u8 << (keep % 8)) - 1;
        bytes[keep / 8 + 1..].fill(0);
        Scalar::from_le_bytes_mod_order(&bytes)
    }
}

/// Parses a decimal or `0x`-hex element, with or without Aleo's `field`
/// suffix (`"7field"`); values ≥ p are refused ([`Error::NotCanonical`]),
/// never reduced.
pub fn fr_from_str(text: &str) -> Result<Fr, Error> {
    let number = text.strip_suffix("field").unwrap_or(text);
    let limbs = parse::parse_below(number, &MODULUS, FIELD_NAME)?;
    Fr::from_bigint(BigInt(limbs)).ok_or(Error::NotCanonical { field: FIELD_NAME })
}

/// Reads an element from exactly 32 little-endian bytes (snarkVM's
/// `Field::from_bytes_le`); values ≥ p are refused.
pub fn fr_from_le_bytes(bytes: &[u8]) -> Result<Fr, Error> {
    if bytes.len() != 32 {
        return Err(Error::WrongLength {
            what: "BLS12-377 Fr element bytes",
            expected: 32,
            found: bytes.len(),
        });
    }
    let limbs = parse::le_bytes_below(bytes, &MODULUS, FIELD_NAME)?;
    Fr::from_bigint(BigInt(limbs)).ok_or(Error::NotCanonical { field: FIELD_NAME })
}

/// The Hades table of one rate.
pub(crate) struct Table<const RATE: usize>;

impl<const RATE: usize> Field<4> for Table<RATE> {
    type Config = ark_bls12_377::FrConfig;
}

/// One rate's table and the trait impls of its instance; the rates differ
/// only in their width and constants.
macro_rules! instance {
    ($rate:literal, $width:literal, $full:ident, $partial:ident, $mds:ident, $pre:ident,
     $rows:ident, $cols:ident) => {
        sparse_spec!(
            Table<$rate>,
            $width,
            alpha: 17,
            rounds: (8, 31),
            $full,
            $partial,
            $mds,
            $pre,
            $rows,
            $cols
        );

        permute_on!(Poseidon<$rate>, Fr, Table<$rate>, $width);

        // Not `#[inline]`: the permutation is compiled once, here.
        impl Permutation<[Fr; $width]> for Poseidon<$rate> {
            fn permute_mut(&self, state: &mut [Fr; $width]) {
                super::permute_many::<Table<$rate>, 4, $width>(core::slice::from_mut(state));
            }

            /// Two states stepped together (throughput; same results as
            /// one by one).
            fn permute_many(&self, states: &mut [[Fr; $width]]) {
                super::permute_many::<Table<$rate>, 4, $width>(states);
            }
        }

        impl Hasher<Fr> for Poseidon<$rate> {
            type Digest = Fr;

            /// snarkVM's `hash` with this instance's domain.
            #[inline]
            fn hash_elements(&self, input: &[Fr]) -> Fr {
                self.hash::<$width>(input)
            }
        }
    };
}

instance!(
    2,
    3,
    R2_FULL,
    R2_PARTIAL,
    R2_MDS,
    R2_PRE_SPARSE,
    R2_SPARSE_ROWS,
    R2_SPARSE_COLS
);
instance!(
    4,
    5,
    R4_FULL,
    R4_PARTIAL,
    R4_MDS,
    R4_PRE_SPARSE,
    R4_SPARSE_ROWS,
    R4_SPARSE_COLS
);
instance!(
    8,
    9,
    R8_FULL,
    R8_PARTIAL,
    R8_MDS,
    R8_PRE_SPARSE,
    R8_SPARSE_ROWS,
    R8_SPARSE_COLS
);
