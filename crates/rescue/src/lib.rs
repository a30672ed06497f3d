#![doc = include_str!("../README.md")]
#![no_std]
#![deny(unsafe_code)]

#[cfg(feature = "winterfell")]
extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

pub mod arch;
mod constants;
mod digest;
pub mod field;
mod mds;
mod permutation;
mod rp64_256;
#[cfg(feature = "winterfell")]
pub mod winterfell;

pub use arch::{Backend, backend};
pub use digest::{DIGEST_SIZE, ElementDigest};
pub use field::Felt;
pub use rp64_256::{CAPACITY_RANGE, DIGEST_RANGE, RATE_RANGE, Rp64_256, STATE_WIDTH};
#[cfg(feature = "winterfell")]
pub use winterfell::{WinterDigest, WinterRp64_256};
