#![doc = include_str!("../README.md")]
#![no_std]
#![cfg_attr(docsrs, feature(doc_cfg))]
#![deny(unsafe_code)]

#[cfg(feature = "std")]
extern crate std;

#[cfg(feature = "ark-crypto-primitives")]
#[cfg_attr(docsrs, doc(cfg(feature = "ark-crypto-primitives")))]
pub mod ark;
#[cfg(any(feature = "circom", feature = "poseidon2"))]
mod batch;
#[cfg(feature = "circom")]
#[cfg_attr(docsrs, doc(cfg(feature = "circom")))]
pub mod circom;
pub mod field;
#[cfg(any(
    feature = "starknet",
    feature = "orchard",
    feature = "mina",
    feature = "dusk",
    feature = "filecoin",
    feature = "aleo"
))]
mod hades;
#[cfg(feature = "plonky3")]
#[cfg_attr(docsrs, doc(cfg(feature = "plonky3")))]
pub mod plonky3;
#[cfg(feature = "poseidon2")]
#[cfg_attr(docsrs, doc(cfg(feature = "poseidon2")))]
pub mod poseidon2;

pub use algebraic_hash::Error;
pub use ark_bn254::Fr;
#[cfg(feature = "circom")]
#[cfg_attr(docsrs, doc(cfg(feature = "circom")))]
pub use circom::{CircomPoseidon, poseidon};
#[cfg(feature = "aleo")]
#[cfg_attr(docsrs, doc(cfg(feature = "aleo")))]
pub use hades::aleo;
#[cfg(feature = "dusk")]
#[cfg_attr(docsrs, doc(cfg(feature = "dusk")))]
pub use hades::dusk;
#[cfg(feature = "filecoin")]
#[cfg_attr(docsrs, doc(cfg(feature = "filecoin")))]
pub use hades::filecoin;
#[cfg(feature = "mina")]
#[cfg_attr(docsrs, doc(cfg(feature = "mina")))]
pub use hades::mina;
#[cfg(feature = "orchard")]
#[cfg_attr(docsrs, doc(cfg(feature = "orchard")))]
pub use hades::orchard;
#[cfg(feature = "starknet")]
#[cfg_attr(docsrs, doc(cfg(feature = "starknet")))]
pub use hades::starknet;

/// A permutation that also runs on a backend of the Montgomery core named
/// by the caller, instead of the one
/// [`Permutation`](algebraic_hash::Permutation) picks for this CPU:
/// [`Portable`](algebraic_hash_montgomery::Portable),
/// [`Narrow`](algebraic_hash_montgomery::Narrow) (the `wasm32` build's) or
/// [`Adx`](algebraic_hash_montgomery::Adx) (where `Adx::detect` finds it).
/// Every backend computes the same permutation; this is how the backends
/// are compared with each other (`tests/backends.rs`) on one CPU.
///
/// Generic over the backend, so nothing of it is compiled until a caller
/// names one.
pub trait PermuteOn<S>: algebraic_hash::Permutation<S> {
    /// Permutes `state` in place on `backend`.
    fn permute_on<B: algebraic_hash_montgomery::Backend<4>>(&self, backend: B, state: &mut S);
}
