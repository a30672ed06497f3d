//! Checked conversions between BN254 `Fr` and text or bytes.

use algebraic_hash::{Error, parse};
use ark_ff::{BigInt, PrimeField};

use crate::Fr;

/// Name of the field in error messages.
pub const FIELD_NAME: &str = "BN254 Fr";

/// The modulus of `Fr`, little-endian limbs.
const MODULUS: [u64; 4] = <Fr as PrimeField>::MODULUS.0;

/// Parses a decimal or `0x`-hex element; values ≥ the modulus are refused.
pub fn fr_from_str(text: &str) -> Result<Fr, Error> {
    let limbs = parse::parse_below(text, &MODULUS, FIELD_NAME)?;
    Fr::from_bigint(BigInt(limbs)).ok_or(Error::NotCanonical { field: FIELD_NAME })
}

/// Reads an element from exactly 32 little-endian bytes; values ≥ the modulus
/// are refused.
pub fn fr_from_le_bytes(bytes: &[u8]) -> Result<Fr, Error> {
    if bytes.len() != 32 {
        return Err(Error::WrongLength {
            what: "BN254 Fr element bytes",
            expected: 32,
            found: bytes.len(),
        });
    }
    let limbs = parse::le_bytes_below(bytes, &MODULUS, FIELD_NAME)?;
    Fr::from_bigint(BigInt(limbs)).ok_or(Error::NotCanonical { field: FIELD_NAME })
}

/// Reads an element from exactly 32 big-endian bytes (the order of circom,
/// Solidity and Barretenberg); values ≥ the modulus are refused.
pub fn fr_from_be_bytes(bytes: &[u8]) -> Result<Fr, Error> {
    let mut le = [0u8; 32];
    if bytes.len() != 32 {
        return Err(Error::WrongLength {
            what: "BN254 Fr element bytes",
            expected: 32,
            found: bytes.len(),
        });
    }
    for (dst, src) in le.iter_mut().zip(bytes.iter().rev()) {
        *dst = *src;
    }
    fr_from_le_bytes(&le)
}

/// The canonical 32 little-endian bytes of `x`.
pub fn fr_to_le_bytes(x: &Fr) -> [u8; 32] {
    let mut out = [0u8; 32];
    for (chunk, limb) in out.chunks_exact_mut(8).zip(x.into_bigint().0) {
        chunk.copy_from_slice(&limb.to_le_bytes());
    }
    out
}
