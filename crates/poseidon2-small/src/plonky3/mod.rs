//! Plonky3's default Poseidon2 instances (Plonky3 0.8.0, whose outputs
//! are 0.6.3's: `default_babybear_poseidon2_16()` and its siblings), their sponge
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
//! | [`GOLDILOCKS_8`] | Goldilocks | x^7 | 8 | 22 | rate 4, out 4 | 2 × 4 → 4 |
//! | [`GOLDILOCKS_12`] | Goldilocks | x^7 | 8 | 22 | rate 8, out 4 | 2 × 4 → 4 |
//! | [`GOLDILOCKS_16`] | Goldilocks | x^7 | 8 | 22 | rate 8, out 8 | 2 × 8 → 8 |
//!
//! The round constants are Plonky3's (Grain LFSR, as published in its field
//! crates), the internal diagonals its own (powers of two and small values
//! chosen for its SIMD code). The sponge and compression parameters are the
//! ones Plonky3's examples and provers use with these permutations
//! (`PaddingFreeSponge<Perm16, 16, 8, 8>`, `PaddingFreeSponge<Perm24, 24,
//! 16, 8>`, `TruncatedPermutation<Perm16, 2, 8, 16>`); the width-24
//! compression applies the same rule (two 8-element digests at the start
//! of a zeroed state).
//!
//! Goldilocks (`p3_goldilocks::Poseidon2Goldilocks<W>`,
//! `default_goldilocks_poseidon2_{8,12,16}()`) runs on the same round code.
//! Its digests are 4 elements (256 bits) at widths 8 and 12, as
//! p3-goldilocks' own Merkle example builds width 8
//! (`PaddingFreeSponge<_, 8, 4, 4>`, `TruncatedPermutation<_, 2, 4, 8>`) and
//! with the rate that leaves a capacity of 4 at width 12
//! (`PaddingFreeSponge<_, 12, 8, 4>`, `TruncatedPermutation<_, 2, 4, 12>`);
//! width 16 keeps the shape of the width-16 instances above
//! (`PaddingFreeSponge<_, 16, 8, 8>`, `TruncatedPermutation<_, 2, 8, 16>`).
//! Plonky3 fixes none of these: they are the hasher and compression types a
//! prover declares.

pub(crate) mod constants;
mod goldilocks_constants;

use core::fmt;
use core::str::FromStr;

use algebraic_hash::{Error, PaddingFreeSponge, TruncatedPermutation};
use algebraic_hash_field31::{BabyBear, KoalaBear, Mersenne31};
use algebraic_hash_rescue::Felt;

use crate::Poseidon2;

/// Canonical values as elements (for the constant tables; a value `≥ p`
/// stops the build).
pub(crate) const fn felts<const N: usize>(values: [u64; N]) -> [Felt; N] {
    let mut out = [Felt::ZERO; N];
    let mut i = 0;
    while i < N {
        out[i] = match Felt::from_canonical(values[i]) {
            Some(x) => x,
            None => panic!("constant not canonical"),
        };
        i += 1;
    }
    out
}

/// Plonky3's Poseidon2 over BabyBear (x^7).
pub type Poseidon2BabyBear<const W: usize> = Poseidon2<BabyBear, W, 7>;
/// Plonky3's Poseidon2 over KoalaBear (x^3).
pub type Poseidon2KoalaBear<const W: usize> = Poseidon2<KoalaBear, W, 3>;
/// Plonky3's Poseidon2 over Mersenne31 (x^5).
pub type Poseidon2Mersenne31<const W: usize> = Poseidon2<Mersenne31, W, 5>;
/// Plonky3's Poseidon2 over Goldilocks (x^7), `p3_goldilocks::Poseidon2Goldilocks<W>`.
pub type Poseidon2Goldilocks<const W: usize> = Poseidon2<Felt, W, 7>;

/// `default_babybear_poseidon2_16()`.
pub const BABYBEAR_16: Poseidon2BabyBear<16> = field31_instance!(
    BabyBear,
    16,
    7,
    constants::BABYBEAR_16,
    "poseidon2-plonky3-babybear-16"
);
/// `default_babybear_poseidon2_24()`.
pub const BABYBEAR_24: Poseidon2BabyBear<24> = field31_instance!(
    BabyBear,
    24,
    7,
    constants::BABYBEAR_24,
    "poseidon2-plonky3-babybear-24"
);
/// `default_koalabear_poseidon2_16()`.
pub const KOALABEAR_16: Poseidon2KoalaBear<16> = field31_instance!(
    KoalaBear,
    16,
    3,
    constants::KOALABEAR_16,
    "poseidon2-plonky3-koalabear-16"
);
/// `default_koalabear_poseidon2_24()`.
pub const KOALABEAR_24: Poseidon2KoalaBear<24> = field31_instance!(
    KoalaBear,
    24,
    3,
    constants::KOALABEAR_24,
    "poseidon2-plonky3-koalabear-24"
);
/// `default_mersenne31_poseidon2_16()`.
pub const MERSENNE31_16: Poseidon2Mersenne31<16> = field31_instance!(
    Mersenne31,
    16,
    5,
    constants::MERSENNE31_16,
    "poseidon2-plonky3-mersenne31-16"
);
/// `default_mersenne31_poseidon2_24()`.
pub const MERSENNE31_24: Poseidon2Mersenne31<24> = field31_instance!(
    Mersenne31,
    24,
    5,
    constants::MERSENNE31_24,
    "poseidon2-plonky3-mersenne31-24"
);

/// `default_goldilocks_poseidon2_8()`.
pub const GOLDILOCKS_8: Poseidon2Goldilocks<8> = goldilocks_instance!(
    8,
    7,
    goldilocks_constants::GOLDILOCKS_8,
    "poseidon2-plonky3-goldilocks-8"
);
/// `default_goldilocks_poseidon2_12()`.
pub const GOLDILOCKS_12: Poseidon2Goldilocks<12> = goldilocks_instance!(
    12,
    7,
    goldilocks_constants::GOLDILOCKS_12,
    "poseidon2-plonky3-goldilocks-12"
);
/// `default_goldilocks_poseidon2_16()`.
pub const GOLDILOCKS_16: Poseidon2Goldilocks<16> = goldilocks_instance!(
    16,
    7,
    goldilocks_constants::GOLDILOCKS_16,
    "poseidon2-plonky3-goldilocks-16"
);

/// Elements of a digest (hash output, compression input and output) of
/// the 31-bit instances and of [`GOLDILOCKS_16`].
pub const DIGEST_LEN: usize = 8;
/// Elements of a Goldilocks digest at widths 8 and 12 (256 bits).
pub const GOLDILOCKS_DIGEST_LEN: usize = 4;

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

/// `PaddingFreeSponge<Poseidon2Goldilocks<8>, 8, 4, 4>` (p3-goldilocks'
/// Merkle example).
pub const GOLDILOCKS_8_HASH: PaddingFreeSponge<
    Poseidon2Goldilocks<8>,
    8,
    4,
    GOLDILOCKS_DIGEST_LEN,
> = PaddingFreeSponge::new(GOLDILOCKS_8);
/// `PaddingFreeSponge<Poseidon2Goldilocks<12>, 12, 8, 4>`.
pub const GOLDILOCKS_12_HASH: PaddingFreeSponge<
    Poseidon2Goldilocks<12>,
    12,
    8,
    GOLDILOCKS_DIGEST_LEN,
> = PaddingFreeSponge::new(GOLDILOCKS_12);
/// `PaddingFreeSponge<Poseidon2Goldilocks<16>, 16, 8, 8>`.
pub const GOLDILOCKS_16_HASH: Hash16<Poseidon2Goldilocks<16>> =
    PaddingFreeSponge::new(GOLDILOCKS_16);

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

/// `TruncatedPermutation<Poseidon2Goldilocks<8>, 2, 4, 8>` (p3-goldilocks'
/// Merkle example).
pub const GOLDILOCKS_8_COMPRESS: TruncatedPermutation<
    Poseidon2Goldilocks<8>,
    2,
    GOLDILOCKS_DIGEST_LEN,
    8,
> = TruncatedPermutation::new(GOLDILOCKS_8);
/// `TruncatedPermutation<Poseidon2Goldilocks<12>, 2, 4, 12>`.
pub const GOLDILOCKS_12_COMPRESS: TruncatedPermutation<
    Poseidon2Goldilocks<12>,
    2,
    GOLDILOCKS_DIGEST_LEN,
    12,
> = TruncatedPermutation::new(GOLDILOCKS_12);
/// `TruncatedPermutation<Poseidon2Goldilocks<16>, 2, 8, 16>`.
pub const GOLDILOCKS_16_COMPRESS: Compress<Poseidon2Goldilocks<16>, 16> =
    TruncatedPermutation::new(GOLDILOCKS_16);

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
    /// [`GOLDILOCKS_8`].
    Goldilocks8,
    /// [`GOLDILOCKS_12`].
    Goldilocks12,
    /// [`GOLDILOCKS_16`].
    Goldilocks16,
}

impl Instance {
    /// Every instance.
    pub const ALL: [Self; 9] = [
        Self::BabyBear16,
        Self::BabyBear24,
        Self::KoalaBear16,
        Self::KoalaBear24,
        Self::Mersenne31_16,
        Self::Mersenne31_24,
        Self::Goldilocks8,
        Self::Goldilocks12,
        Self::Goldilocks16,
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
            Self::Goldilocks8 => GOLDILOCKS_8.name(),
            Self::Goldilocks12 => GOLDILOCKS_12.name(),
            Self::Goldilocks16 => GOLDILOCKS_16.name(),
        }
    }

    /// The state width.
    pub const fn width(self) -> usize {
        match self {
            Self::Goldilocks8 => 8,
            Self::Goldilocks12 => 12,
            Self::BabyBear16 | Self::KoalaBear16 | Self::Mersenne31_16 | Self::Goldilocks16 => 16,
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

// Every diagonal entry of Plonky3's instances takes a cheap form
// (doublings, shifts, a rotation), none a multiplication; and Plonky3's
// Goldilocks diagonals (`-2, 1, 2, 1/2, 3, 4, -1/2, -3, -4, 1/2^k,
// -1/2^k, 1/2^32`) are classified as the forms Plonky3 applies. Checked
// when the crate is compiled.
const _: () = {
    use goldilocks_constants::{GOLDILOCKS_8, GOLDILOCKS_12, GOLDILOCKS_16};
    assert!(constants::BABYBEAR_16.diagonal.all_cheap());
    assert!(constants::BABYBEAR_24.diagonal.all_cheap());
    assert!(constants::KOALABEAR_16.diagonal.all_cheap());
    assert!(constants::KOALABEAR_24.diagonal.all_cheap());
    assert!(constants::MERSENNE31_16.diagonal.all_cheap());
    assert!(constants::MERSENNE31_24.diagonal.all_cheap());
    assert!(GOLDILOCKS_8.diagonal.all_cheap());
    assert!(GOLDILOCKS_12.diagonal.all_cheap());
    assert!(GOLDILOCKS_16.diagonal.all_cheap());
    assert!(matches!(
        GOLDILOCKS_16.diagonal.scales[15],
        crate::Scale::Div2exp(32)
    ));
    assert!(matches!(
        GOLDILOCKS_8.diagonal.scales[0],
        crate::Scale::Mul2exp(1)
    ));
    assert!(GOLDILOCKS_8.diagonal.negative[0]);
};
