//! The fields Anemoi is instantiated over, and checked conversions into them.

use algebraic_hash::{Error, parse};
use ark_ff::{BigInt, Field, Fp, MontBackend, MontConfig, PrimeField};

use crate::version::Version;

/// A prime field with Anemoi constants in this crate: one of the eight
/// arkworks field types, each behind its cargo feature.
///
/// | feature (old alias) | type | field |
/// |---|---|---|
/// | `bls12-377-fq` (`bls12-377`) | `ark_bls12_377::Fq` | BLS12-377 base field |
/// | `bls12-381-fq` (`bls12-381`) | `ark_bls12_381::Fq` | BLS12-381 base field |
/// | `bn254-fq` (`bn254`) | `ark_bn254::Fq` | BN254 base field |
/// | `bn254-fr` | `ark_bn254::Fr` | BN254 scalar field |
/// | `bls12-377-fr` (`ed-on-bls12-377`) | `ark_bls12_377::Fr` | ED_ON_BLS12-377 base field |
/// | `bls12-381-fr` (`jubjub`) | `ark_bls12_381::Fr` | Jubjub base field |
/// | `pallas-fq` (`pallas`) | `ark_pallas::Fq` | Pallas base field |
/// | `pallas-fr` (`vesta`) | `ark_pallas::Fr` | Vesta base field |
///
/// The trait is sealed: its constants come from the generator script.
pub trait AnemoiField: PrimeField + private::Sealed {
    /// The field's name, as used in error messages.
    const NAME: &'static str;
    /// α, the smallest integer ≥ 3 coprime with p − 1.
    const ALPHA: u64;
    /// β = g, the smallest primitive root: the Flystel multiplier, and the `b` of the
    /// 2×2, 3×3 and 4×4 MDS matrices.
    const BETA: u64;
    /// δ = g⁻¹.
    const DELTA: Self;
    /// Bytes per element in [`crate::AnemoiHash::hash_bytes`]: 31, or 47 on
    /// the 377/381-bit fields (the Rust reference's chunk sizes; both are
    /// below the modulus).
    const BYTES_PER_ELEMENT: usize;

    /// x^(1/α) for each element of `xs`, by this field's fixed addition
    /// chain (the columns of a round go through it together).
    fn exp_inv_alpha<const LANES: usize>(xs: &mut [Self; LANES]);

    /// The round constants (C, D) of `version` with `columns` columns,
    /// `rounds · columns` each, round-major.
    #[doc(hidden)]
    fn round_constants(
        version: Version,
        columns: usize,
    ) -> Option<(&'static [Self], &'static [Self])>;

    /// The permutation of every state in `flat` (consecutive states of
    /// `2 · columns` cells) with round constants `c`, `d` of `version`;
    /// compiled once per field in this crate (see
    /// [`crate::Anemoi`]'s `Permutation` impl, the only caller).
    #[doc(hidden)]
    fn permute_flat(
        version: Version,
        c: &'static [Self],
        d: &'static [Self],
        columns: usize,
        flat: &mut [Self],
    );

    /// x^α.
    #[inline(always)]
    fn exp_alpha(self) -> Self {
        match Self::ALPHA {
            3 => self.square() * self,
            5 => self.square().square() * self,
            7 => (self.square() * self).square() * self,
            11 => {
                let x2 = self.square();
                x2.square().square() * x2 * self
            }
            _ => self.pow([Self::ALPHA]),
        }
    }

    /// x · g, by doublings and additions (g is small).
    #[inline(always)]
    fn mul_by_generator(self) -> Self {
        mul_small(self, Self::BETA)
    }

    /// Parses a number below p, decimal or `0x`-hexadecimal (the text rule
    /// of every `*_str` parser of the workspace); anything else is an error.
    fn element_from_str(text: &str) -> Result<Self, Error>;

    /// Parses a decimal (or `0x` hexadecimal) number below p.
    #[deprecated(note = "it accepts hexadecimal too; use `element_from_str`")]
    #[inline]
    fn from_decimal(text: &str) -> Result<Self, Error> {
        Self::element_from_str(text)
    }

    /// Reads the canonical little-endian encoding (exactly 8 · limbs bytes:
    /// 32 or 48, arkworks' order); values ≥ p are refused.
    fn from_le_bytes(bytes: &[u8]) -> Result<Self, Error>;

    /// Reads the canonical big-endian encoding (exactly 8 · limbs bytes: 32
    /// or 48); values ≥ p are refused.
    fn from_be_bytes(bytes: &[u8]) -> Result<Self, Error> {
        let mut buf = [0u8; 48];
        if bytes.len() > buf.len() {
            // A wrong length: `from_le_bytes` reports the count given.
            return Self::from_le_bytes(bytes);
        }
        let le = &mut buf[..bytes.len()];
        for (dst, src) in le.iter_mut().zip(bytes.iter().rev()) {
            *dst = *src;
        }
        Self::from_le_bytes(le)
    }
}

/// x · k for a small constant k, by double-and-add.
#[inline(always)]
pub(crate) fn mul_small<F: Field>(x: F, k: u64) -> F {
    debug_assert!(k > 0);
    let mut acc = x;
    let top = 63 - k.leading_zeros();
    for bit in (0..top).rev() {
        acc.double_in_place();
        if (k >> bit) & 1 == 1 {
            acc += x;
        }
    }
    acc
}

fn from_str_limbs<C: MontConfig<N>, const N: usize>(
    text: &str,
    name: &'static str,
) -> Result<Fp<MontBackend<C, N>, N>, Error> {
    let limbs = parse::parse_below::<N>(text, &C::MODULUS.0, name)?;
    Fp::from_bigint(BigInt(limbs)).ok_or(Error::NotCanonical { field: name })
}

fn from_le_bytes_limbs<C: MontConfig<N>, const N: usize>(
    bytes: &[u8],
    name: &'static str,
    bytes_label: &'static str,
) -> Result<Fp<MontBackend<C, N>, N>, Error> {
    if bytes.len() != 8 * N {
        return Err(Error::WrongLength {
            what: bytes_label,
            expected: 8 * N,
            found: bytes.len(),
        });
    }
    let limbs = parse::le_bytes_below::<N>(bytes, &C::MODULUS.0, name)?;
    Fp::from_bigint(BigInt(limbs)).ok_or(Error::NotCanonical { field: name })
}

mod private {
    pub trait Sealed {}
}

macro_rules! anemoi_field {
    ($feature:literal, $ty:ty, $config:ty, $limbs:literal, $module:ident, $name:literal) => {
        #[cfg(feature = $feature)]
        impl private::Sealed for $ty {}

        #[cfg(feature = $feature)]
        impl AnemoiField for $ty {
            const NAME: &'static str = $name;
            const ALPHA: u64 = crate::constants::$module::ALPHA;
            const BETA: u64 = crate::constants::$module::GENERATOR;
            const DELTA: Self = crate::constants::$module::DELTA;
            const BYTES_PER_ELEMENT: usize = if $limbs == 6 { 47 } else { 31 };

            #[inline(always)]
            fn exp_inv_alpha<const LANES: usize>(xs: &mut [Self; LANES]) {
                crate::chain::exp_chain::<$config, $limbs, LANES>(
                    xs,
                    &crate::constants::$module::INV_ALPHA_CHAIN,
                )
            }

            fn round_constants(
                version: Version,
                columns: usize,
            ) -> Option<(&'static [Self], &'static [Self])> {
                crate::constants::$module::TABLES.round_constants(version, columns)
            }

            fn permute_flat(
                version: Version,
                c: &'static [Self],
                d: &'static [Self],
                columns: usize,
                flat: &mut [Self],
            ) {
                crate::permutation::permute_flat(version, c, d, columns, flat)
            }

            fn element_from_str(text: &str) -> Result<Self, Error> {
                from_str_limbs::<$config, $limbs>(text, $name)
            }

            fn from_le_bytes(bytes: &[u8]) -> Result<Self, Error> {
                from_le_bytes_limbs::<$config, $limbs>(
                    bytes,
                    $name,
                    concat!($name, " element bytes"),
                )
            }
        }
    };
}

anemoi_field!(
    "bls12-377-fq",
    ark_bls12_377::Fq,
    ark_bls12_377::FqConfig,
    6,
    bls12_377,
    "BLS12-377 base field"
);
anemoi_field!(
    "bls12-381-fq",
    ark_bls12_381::Fq,
    ark_bls12_381::FqConfig,
    6,
    bls12_381,
    "BLS12-381 base field"
);
anemoi_field!(
    "bn254-fq",
    ark_bn254::Fq,
    ark_bn254::FqConfig,
    4,
    bn254,
    "BN254 base field"
);
anemoi_field!(
    "bn254-fr",
    ark_bn254::Fr,
    ark_bn254::FrConfig,
    4,
    bn254_fr,
    "BN254 scalar field"
);
anemoi_field!(
    "bls12-377-fr",
    ark_bls12_377::Fr,
    ark_bls12_377::FrConfig,
    4,
    ed_on_bls12_377,
    "ED_ON_BLS12-377 base field"
);
anemoi_field!(
    "bls12-381-fr",
    ark_bls12_381::Fr,
    ark_bls12_381::FrConfig,
    4,
    jubjub,
    "Jubjub base field"
);
anemoi_field!(
    "pallas-fq",
    ark_pallas::Fq,
    ark_pallas::FqConfig,
    4,
    pallas,
    "Pallas base field"
);
anemoi_field!(
    "pallas-fr",
    ark_pallas::Fr,
    ark_pallas::FrConfig,
    4,
    vesta,
    "Vesta base field"
);
