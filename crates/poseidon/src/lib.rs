#![doc = include_str!("../README.md")]
#![no_std]
#![deny(unsafe_code)]

#[cfg(feature = "std")]
extern crate std;

mod batch;
pub mod circom;
pub mod field;
pub mod poseidon2;

pub use algebraic_hash::Error;
pub use ark_bn254::Fr;
pub use circom::{CircomPoseidon, poseidon};
