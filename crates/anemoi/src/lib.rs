#![doc = include_str!("../README.md")]
#![no_std]
#![cfg_attr(docsrs, feature(doc_cfg))]
#![deny(unsafe_code)]
// Without any field feature only the generic machinery is left.
#![cfg_attr(
    not(any(
        feature = "bls12-377",
        feature = "bls12-381",
        feature = "bn254",
        feature = "ed-on-bls12-377",
        feature = "jubjub",
        feature = "pallas",
        feature = "vesta"
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

/// BLS12-377 base field.
#[cfg(feature = "bls12-377")]
#[cfg_attr(docsrs, doc(cfg(feature = "bls12-377")))]
pub mod bls12_377 {
    /// The field type.
    pub type Felt = ark_bls12_377::Fq;
}

/// BLS12-381 base field.
#[cfg(feature = "bls12-381")]
#[cfg_attr(docsrs, doc(cfg(feature = "bls12-381")))]
pub mod bls12_381 {
    /// The field type.
    pub type Felt = ark_bls12_381::Fq;
}

/// BN254 base field.
#[cfg(feature = "bn254")]
#[cfg_attr(docsrs, doc(cfg(feature = "bn254")))]
pub mod bn254 {
    /// The field type.
    pub type Felt = ark_bn254::Fq;
}

/// ED_ON_BLS12-377 base field (the BLS12-377 scalar field).
#[cfg(feature = "ed-on-bls12-377")]
#[cfg_attr(docsrs, doc(cfg(feature = "ed-on-bls12-377")))]
pub mod ed_on_bls12_377 {
    /// The field type.
    pub type Felt = ark_bls12_377::Fr;
}

/// Jubjub base field (the BLS12-381 scalar field).
#[cfg(feature = "jubjub")]
#[cfg_attr(docsrs, doc(cfg(feature = "jubjub")))]
pub mod jubjub {
    /// The field type.
    pub type Felt = ark_bls12_381::Fr;
}

/// Pallas base field (the Vesta scalar field).
#[cfg(feature = "pallas")]
#[cfg_attr(docsrs, doc(cfg(feature = "pallas")))]
pub mod pallas {
    /// The field type.
    pub type Felt = ark_pallas::Fq;
}

/// Vesta base field (the Pallas scalar field).
#[cfg(feature = "vesta")]
#[cfg_attr(docsrs, doc(cfg(feature = "vesta")))]
pub mod vesta {
    /// The field type.
    pub type Felt = ark_pallas::Fr;
}
