#![doc = include_str!("../README.md")]
#![no_std]
#![cfg_attr(docsrs, feature(doc_cfg))]
#![deny(unsafe_code)]

#[cfg(any(feature = "winterfell", feature = "plonky3"))]
extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

pub mod arch;
mod constants;
mod digest;
pub mod field;
pub mod lanes;
mod mds;
#[cfg(feature = "miden")]
pub mod miden;
mod permutation;
#[cfg(feature = "plonky3")]
#[cfg_attr(docsrs, doc(cfg(feature = "plonky3")))]
pub mod plonky3;
mod rp64_256;
mod rpo256;
mod rpx256;
mod sponge;
#[cfg(feature = "winterfell")]
#[cfg_attr(docsrs, doc(cfg(feature = "winterfell")))]
pub mod winterfell;
#[cfg(feature = "winterfell")]
#[cfg_attr(docsrs, doc(cfg(feature = "winterfell")))]
pub mod winterfell_commit;
#[cfg(feature = "winterfell")]
#[cfg_attr(docsrs, doc(cfg(feature = "winterfell")))]
pub mod winterfell_merkle;

pub use arch::{Backend, backend};
pub use digest::{DIGEST_SIZE, ElementDigest};
pub use field::Felt;
#[cfg(feature = "miden")]
pub use miden::{MidenRpo256, MidenRpx256};
pub use rp64_256::{CAPACITY_RANGE, DIGEST_RANGE, RATE_RANGE, Rp64_256, STATE_WIDTH};
pub use rpo256::Rpo256;
pub use rpx256::Rpx256;
#[cfg(feature = "winterfell")]
#[cfg_attr(docsrs, doc(cfg(feature = "winterfell")))]
pub use winterfell::{WinterDigest, WinterRp64_256};
#[cfg(feature = "winterfell")]
#[cfg_attr(docsrs, doc(cfg(feature = "winterfell")))]
pub use winterfell_commit::{BatchedConstraintCommitment, BatchedTraceLde};
#[cfg(feature = "winterfell")]
#[cfg_attr(docsrs, doc(cfg(feature = "winterfell")))]
pub use winterfell_merkle::BatchedMerkleTree;
