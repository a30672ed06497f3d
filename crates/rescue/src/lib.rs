#![doc = include_str!("../README.md")]
#![no_std]
#![deny(unsafe_code)]

#[cfg(feature = "std")]
extern crate std;

mod constants;
mod digest;
pub mod field;
mod mds;
mod permutation;
mod rp64_256;

pub use digest::{DIGEST_SIZE, ElementDigest};
pub use field::Felt;
pub use rp64_256::{CAPACITY_RANGE, DIGEST_RANGE, RATE_RANGE, Rp64_256, STATE_WIDTH};
