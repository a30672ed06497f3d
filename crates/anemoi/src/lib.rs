#![doc = include_str!("../README.md")]
#![no_std]
#![cfg_attr(docsrs, feature(doc_cfg))]
#![deny(unsafe_code)]
// Without any field feature only the generic machinery is left.
#![cfg_attr(
    not(any(
        feature = "bls12-377-fq",
        feature = "bls12-381-fq",
        feature = "bn254-fq",
        feature = "bn254-fr",
        feature = "bls12-377-fr",
        feature = "bls12-381-fr",
        feature = "pallas-fq",
        feature = "pallas-fr"
    )),
    allow(dead_code, unused_imports)
)]

#[cfg(any(test, feature = "std"))]
extern crate std;

#[cfg(feature = "ark-crypto-primitives")]
#[cfg_attr(docsrs, doc(cfg(feature = "ark-crypto-primitives")))]
pub mod ark;
mod chain;
mod constants;
mod field;
mod permutation;
#[cfg(feature = "plonky3")]
#[cfg_attr(docsrs, doc(cfg(feature = "plonky3")))]
pub mod plonky3;
mod sponge;
mod version;

#[cfg(test)]
mod tests;

pub use algebraic_hash::Error;
pub use field::AnemoiField;
pub use permutation::Anemoi;
pub use sponge::AnemoiHash;
pub use version::Version;

/// Jive₂ over an Anemoi permutation of `WIDTH = 2 · COLUMNS` cells: two
/// digests of `COLUMNS` elements in, one out (the workspace's generic
/// [`algebraic_hash::Jive`] block, which computes exactly the reference's
/// `compress`).
pub type AnemoiJive<F, const COLUMNS: usize, const WIDTH: usize> =
    algebraic_hash::Jive<Anemoi<F, COLUMNS, WIDTH>, 2, COLUMNS, WIDTH>;

// Short names that state the size once (see the README's "Short names").

macro_rules! width_aliases {
    ($($width:literal: $columns:literal => $perm:ident, $jive:ident, $hash:ident;)*) => {$(
        #[doc = concat!("Anemoi on ", stringify!($width), " cells (", stringify!($columns), " columns).")]
        pub type $perm<F> = Anemoi<F, $columns, $width>;
        #[doc = concat!("Jive₂ over Anemoi on ", stringify!($width), " cells.")]
        pub type $jive<F> = AnemoiJive<F, $columns, $width>;
        #[doc = concat!("The Anemoi sponge hash on ", stringify!($width), " cells.")]
        pub type $hash<F> = AnemoiHash<F, $columns, $width>;
    )*};
}

width_aliases! {
    2: 1 => AnemoiT2, JiveT2, AnemoiHashT2;
    4: 2 => AnemoiT4, JiveT4, AnemoiHashT4;
    6: 3 => AnemoiT6, JiveT6, AnemoiHashT6;
    8: 4 => AnemoiT8, JiveT8, AnemoiHashT8;
    12: 6 => AnemoiT12, JiveT12, AnemoiHashT12;
}

/// BLS12-377 base field.
#[cfg(feature = "bls12-377-fq")]
#[cfg_attr(docsrs, doc(cfg(feature = "bls12-377-fq")))]
pub mod bls12_377 {
    /// The field type.
    pub type Felt = ark_bls12_377::Fq;
}

/// BLS12-381 base field.
#[cfg(feature = "bls12-381-fq")]
#[cfg_attr(docsrs, doc(cfg(feature = "bls12-381-fq")))]
pub mod bls12_381 {
    /// The field type.
    pub type Felt = ark_bls12_381::Fq;
}

/// BN254 base field.
#[cfg(feature = "bn254-fq")]
#[cfg_attr(docsrs, doc(cfg(feature = "bn254-fq")))]
pub mod bn254 {
    /// The field type.
    pub type Felt = ark_bn254::Fq;
}

/// BN254 scalar field: the field of BN254 circuits (Circom, Noir, gnark).
/// Not one of the Anemoi reference's fields; its constants follow the
/// reference's rules (α = 5, g = 5) and match FindoraNetwork/noah's
/// `AnemoiJive254` (two columns, 14 rounds of the CRYPTO 2023 version).
#[cfg(feature = "bn254-fr")]
#[cfg_attr(docsrs, doc(cfg(feature = "bn254-fr")))]
pub mod bn254_fr {
    /// The field type.
    pub type Felt = ark_bn254::Fr;
}

/// ED_ON_BLS12-377 base field (the BLS12-377 scalar field).
#[cfg(feature = "bls12-377-fr")]
#[cfg_attr(docsrs, doc(cfg(feature = "bls12-377-fr")))]
pub mod ed_on_bls12_377 {
    /// The field type.
    pub type Felt = ark_bls12_377::Fr;
}

/// Jubjub base field (the BLS12-381 scalar field).
#[cfg(feature = "bls12-381-fr")]
#[cfg_attr(docsrs, doc(cfg(feature = "bls12-381-fr")))]
pub mod jubjub {
    /// The field type.
    pub type Felt = ark_bls12_381::Fr;
}

/// Pallas base field (the Vesta scalar field).
#[cfg(feature = "pallas-fq")]
#[cfg_attr(docsrs, doc(cfg(feature = "pallas-fq")))]
pub mod pallas {
    /// The field type.
    pub type Felt = ark_pallas::Fq;
}

/// Vesta base field (the Pallas scalar field).
#[cfg(feature = "pallas-fr")]
#[cfg_attr(docsrs, doc(cfg(feature = "pallas-fr")))]
pub mod vesta {
    /// The field type.
    pub type Felt = ark_pallas::Fr;
}
