#![doc = include_str!("../README.md")]
#![no_std]
#![deny(unsafe_code)]

#[cfg(feature = "std")]
extern crate std;
