//! Plonky3's default Poseidon2 instances (Plonky3 0.6.3:
//! `default_babybear_poseidon2_16()` and its siblings), their sponge
//! (`PaddingFreeSponge`) and their compression (`TruncatedPermutation`).
//!
//! | instance | field | S-box | `R_F` | `R_P` | hash (sponge) | compress |
//! |---|---|---|---|---|---|---|
//! | [`BABYBEAR_16`] | BabyBear | x^7 | 8 | 13 | rate 8, out 8 | 2 × 8 → 8 |
//! | [`BABYBEAR_24`] | BabyBear | x^7 | 8 | 21 | rate 16, out 8 | 2 × 8 → 8 |
//! | [`KOALABEAR_16`] | KoalaBear | x^3 | 8 | 20 | rate 8, out 8 | 2 × 8 → 8 |
//! | [`KOALABEAR_24`] | KoalaBear | x^3 | 8 | 23 | rate 16, out 8 | 2 × 8 → 8 |
//! | [`MERSENNE31_16`] | Mersenne31 | x^5 | 8 | 14 | rate 8, out 8 | 2 × 8 → 8 |
//! | [`MERSENNE31_24`] | Mersenne31 | x^5 | 8 | 22 | rate 16, out 8 | 2 × 8 → 8 |
//!
//! The round constants are Plonky3's (Grain LFSR, as published in its field
//! crates), the internal diagonals its own (powers of two and small values
//! chosen for its SIMD code). The sponge and compression parameters are the
//! ones Plonky3's examples and provers use with these permutations
//! (`PaddingFreeSponge<Perm16, 16, 8, 8>`, `PaddingFreeSponge<Perm24, 24,
//! 16, 8>`, `TruncatedPermutation<Perm16, 2, 8, 16>`); the width-24
//! compression applies the same rule (two 8-element digests at the start
//! of a zeroed state).

pub(crate) mod constants;

use core::fmt;
use core::str::FromStr;

use algebraic_hash::{Error, PaddingFreeSponge, TruncatedPermutation};
use algebraic_hash_field31::{BabyBear, KoalaBear, Mersenne31};

use crate::Poseidon2;

/// Plonky3's Poseidon2 over BabyBear (x^7).
pub type Poseidon2BabyBear<const W: usize> = Poseidon2<BabyBear, W, 7>;
/// Plonky3's Poseidon2 over KoalaBear (x^3).
pub type Poseidon2KoalaBear<const W: usize> = Poseidon2<KoalaBear, W, 3>;
/// Plonky3's Poseidon2 over Mersenne31 (x^5).
pub type Poseidon2Mersenne31<const W: usize> = Poseidon2<Mersenne31, W, 5>;

/// `default_babybear_poseidon2_16()`.
pub const BABYBEAR_16: Poseidon2BabyBear<16> =
    Poseidon2::new(&constants::BABYBEAR_16, "poseidon2-plonky3-babybear-16");
/// `default_babybear_poseidon2_24()`.
pub const BABYBEAR_24: Poseidon2BabyBear<24> =
    Poseidon2::new(&constants::BABYBEAR_24, "poseidon2-plonky3-babybear-24");
/// `default_koalabear_poseidon2_16()`.
pub const KOALABEAR_16: Poseidon2KoalaBear<16> =
    Poseidon2::new(&constants::KOALABEAR_16, "poseidon2-plonky3-koalabear-16");
/// `default_koalabear_poseidon2_24()`.
pub const KOALABEAR_24: Poseidon2KoalaBear<24> =
    Poseidon2::new(&constants::KOALABEAR_24, "poseidon2-plonky3-koalabear-24");
/// `default_mersenne31_poseidon2_16()`.
pub const MERSENNE31_16: Poseidon2Mersenne31<16> =
    Poseidon2::new(&constants::MERSENNE31_16, "poseidon2-plonky3-mersenne31-16");
/// `default_mersenne31_poseidon2_24()`.
pub const MERSENNE31_24: Poseidon2Mersenne31<24> =
    Poseidon2::new(&constants::MERSENNE31_24, "poseidon2-plonky3-mersenne31-24");

/// Elements of a digest (hash output, compression input and output).
pub const DIGEST_LEN: usize = 8;

/// The sponge hash of a width-16 permutation: `PaddingFreeSponge<P, 16, 8,
/// 8>` (rate 8, 8 out).
pub type Hash16<P> = PaddingFreeSponge<P, 16, 8, DIGEST_LEN>;
/// The sponge hash of a width-24 permutation: `PaddingFreeSponge<P, 24, 16,
/// 8>` (rate 16, 8 out).
pub type Hash24<P> = PaddingFreeSponge<P, 24, 16, DIGEST_LEN>;
/// Two 8-element digests into one: `TruncatedPermutation<P, 2, 8, W>`.
pub type Compress<P, const W: usize> = TruncatedPermutation<P, 2, DIGEST_LEN, W>;

/// Plonky3's `PaddingFreeSponge<Poseidon2BabyBear<16>, 16, 8, 8>`.
pub const BABYBEAR_16_HASH: Hash16<Poseidon2BabyBear<16>> = PaddingFreeSponge::new(BABYBEAR_16);
/// Plonky3's `PaddingFreeSponge<Poseidon2BabyBear<24>, 24, 16, 8>`.
pub const BABYBEAR_24_HASH: Hash24<Poseidon2BabyBear<24>> = PaddingFreeSponge::new(BABYBEAR_24);
/// Plonky3's `PaddingFreeSponge<Poseidon2KoalaBear<16>, 16, 8, 8>`.
pub const KOALABEAR_16_HASH: Hash16<Poseidon2KoalaBear<16>> = PaddingFreeSponge::new(KOALABEAR_16);
/// Plonky3's `PaddingFreeSponge<Poseidon2KoalaBear<24>, 24, 16, 8>`.
pub const KOALABEAR_24_HASH: Hash24<Poseidon2KoalaBear<24>> = PaddingFreeSponge::new(KOALABEAR_24);
/// Plonky3's `PaddingFreeSponge<Poseidon2Mersenne31<16>, 16, 8, 8>`.
pub const MERSENNE31_16_HASH: Hash16<Poseidon2Mersenne31<16>> =
    PaddingFreeSponge::new(MERSENNE31_16);
/// Plonky3's `PaddingFreeSponge<Poseidon2Mersenne31<24>, 24, 16, 8>`.
pub const MERSENNE31_24_HASH: Hash24<Poseidon2Mersenne31<24>> =
    PaddingFreeSponge::new(MERSENNE31_24);

/// Plonky3's `TruncatedPermutation<Poseidon2BabyBear<16>, 2, 8, 16>`.
pub const BABYBEAR_16_COMPRESS: Compress<Poseidon2BabyBear<16>, 16> =
    TruncatedPermutation::new(BABYBEAR_16);
/// `TruncatedPermutation<Poseidon2BabyBear<24>, 2, 8, 24>`.
pub const BABYBEAR_24_COMPRESS: Compress<Poseidon2BabyBear<24>, 24> =
    TruncatedPermutation::new(BABYBEAR_24);
/// Plonky3's `TruncatedPermutation<Poseidon2KoalaBear<16>, 2, 8, 16>`.
pub const KOALABEAR_16_COMPRESS: Compress<Poseidon2KoalaBear<16>, 16> =
    TruncatedPermutation::new(KOALABEAR_16);
/// `TruncatedPermutation<Poseidon2KoalaBear<24>, 2, 8, 24>`.
pub const KOALABEAR_24_COMPRESS: Compress<Poseidon2KoalaBear<24>, 24> =
    TruncatedPermutation::new(KOALABEAR_24);
/// `TruncatedPermutation<Poseidon2Mersenne31<16>, 2, 8, 16>`.
pub const MERSENNE31_16_COMPRESS: Compress<Poseidon2Mersenne31<16>, 16> =
    TruncatedPermutation::new(MERSENNE31_16);
/// `TruncatedPermutation<Poseidon2Mersenne31<24>, 2, 8, 24>`.
pub const MERSENNE31_24_COMPRESS: Compress<Poseidon2Mersenne31<24>, 24> =
    TruncatedPermutation::new(MERSENNE31_24);

/// The instances by name, for selection at run time.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Instance {
    /// [`BABYBEAR_16`].
    BabyBear16,
    /// [`BABYBEAR_24`].
    BabyBear24,
    /// [`KOALABEAR_16`].
    KoalaBear16,
    /// [`KOALABEAR_24`].
    KoalaBear24,
    /// [`MERSENNE31_16`].
    Mersenne31_16,
    /// [`MERSENNE31_24`].
    Mersenne31_24,
}

impl Instance {
    /// Every instance.
    pub const ALL: [Self; 6] = [
        Self::BabyBear16,
        Self::BabyBear24,
        Self::KoalaBear16,
        Self::KoalaBear24,
        Self::Mersenne31_16,
        Self::Mersenne31_24,
    ];

    /// The name, e.g. `"poseidon2-plonky3-babybear-16"` (the CLI's).
    pub const fn name(self) -> &'static str {
        match self {
            Self::BabyBear16 => BABYBEAR_16.name(),
            Self::BabyBear24 => BABYBEAR_24.name(),
            Self::KoalaBear16 => KOALABEAR_16.name(),
            Self::KoalaBear24 => KOALABEAR_24.name(),
            Self::Mersenne31_16 => MERSENNE31_16.name(),
            Self::Mersenne31_24 => MERSENNE31_24.name(),
        }
    }

    /// The state width.
    pub const fn width(self) -> usize {
        match self {
            Self::BabyBear16 | Self::KoalaBear16 | Self::Mersenne31_16 => 16,
            _ => 24,
        }
    }
}

impl fmt::Display for Instance {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Instance {
    type Err = Error;

    /// An instance's name (ASCII case-insensitive), or
    /// [`Error::Unsupported`].
    fn from_str(s: &str) -> Result<Self, Error> {
        Self::ALL
            .into_iter()
            .find(|i| i.name().eq_ignore_ascii_case(s))
            .ok_or(Error::Unsupported {
                what: "Plonky3 Poseidon2 instance",
            })
    }
}

#[cfg(test)]
mod tests {
    use super::constants::*;
    use crate::Scale;

    /// Every diagonal entry of Plonky3's instances takes the cheap path
    /// (doublings, shifts, rotation), none a multiplication.
    #[test]
    fn every_diagonal_entry_is_cheap() {
        fn check(scales: &[Scale]) {
            assert!(scales.iter().all(|s| *s != Scale::General), "{scales:?}");
        }
        check(&BABYBEAR_16.diagonal.scales);
        check(&BABYBEAR_24.diagonal.scales);
        check(&KOALABEAR_16.diagonal.scales);
        check(&KOALABEAR_24.diagonal.scales);
        check(&MERSENNE31_16.diagonal.scales);
        check(&MERSENNE31_24.diagonal.scales);
    }
}
