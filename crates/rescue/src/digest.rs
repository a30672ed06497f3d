//! The 4-element digest of Rp64_256.

use core::fmt;
use core::str::FromStr;

use algebraic_hash::Error;

use crate::field::Felt;

/// Number of field elements in a digest.
pub const DIGEST_SIZE: usize = 4;

/// A Rp64_256 digest: four canonical Goldilocks elements (32 bytes).
///
/// Its byte form ([`ElementDigest::as_bytes`]) is the four elements in
/// little-endian order, as Winterfell's `ElementDigest::as_bytes`; its text
/// form (`Display`/`FromStr`) is those 32 bytes in lowercase hex.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(transparent)]
pub struct ElementDigest([Felt; DIGEST_SIZE]);

impl ElementDigest {
    /// Bytes in the encoding.
    pub const BYTES: usize = 32;

    /// The digest made of `elements`.
    #[inline]
    pub const fn new(elements: [Felt; DIGEST_SIZE]) -> Self {
        Self(elements)
    }

    /// The four elements.
    #[inline]
    pub const fn as_elements(&self) -> &[Felt; DIGEST_SIZE] {
        &self.0
    }

    /// The elements of `digests`, one digest after the other.
    pub fn digests_as_elements(digests: &[Self]) -> impl Iterator<Item = Felt> + '_ {
        digests.iter().flat_map(|d| d.0)
    }

    /// The 32-byte encoding: each element's canonical value, little-endian.
    pub fn as_bytes(&self) -> [u8; 32] {
        let mut out = [0u8; 32];
        for (chunk, e) in out.chunks_exact_mut(8).zip(&self.0) {
            chunk.copy_from_slice(&e.as_bytes());
        }
        out
    }

    /// Decodes exactly 32 bytes; a wrong length is [`Error::WrongLength`], an
    /// element `≥ p` is [`Error::NotCanonical`].
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, Error> {
        if bytes.len() != Self::BYTES {
            return Err(Error::WrongLength {
                what: "Rp64_256 digest bytes",
                expected: Self::BYTES,
                found: bytes.len(),
            });
        }
        let mut elements = [Felt::ZERO; DIGEST_SIZE];
        for (e, chunk) in elements.iter_mut().zip(bytes.chunks_exact(8)) {
            *e = Felt::from_bytes(chunk)?;
        }
        Ok(Self(elements))
    }
}

impl From<[Felt; DIGEST_SIZE]> for ElementDigest {
    #[inline]
    fn from(elements: [Felt; DIGEST_SIZE]) -> Self {
        Self(elements)
    }
}

impl From<ElementDigest> for [Felt; DIGEST_SIZE] {
    #[inline]
    fn from(digest: ElementDigest) -> Self {
        digest.0
    }
}

impl From<ElementDigest> for [u8; 32] {
    #[inline]
    fn from(digest: ElementDigest) -> Self {
        digest.as_bytes()
    }
}

impl TryFrom<&[u8]> for ElementDigest {
    type Error = Error;
    fn try_from(bytes: &[u8]) -> Result<Self, Error> {
        Self::from_bytes(bytes)
    }
}

impl fmt::Debug for ElementDigest {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "ElementDigest({self})")
    }
}

/// 64 lowercase hex digits of [`ElementDigest::as_bytes`].
impl fmt::Display for ElementDigest {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for b in self.as_bytes() {
            write!(f, "{b:02x}")?;
        }
        Ok(())
    }
}

/// 64 hex digits (either case), optionally after `0x`; the bytes must
/// decode as by [`ElementDigest::from_bytes`].
impl FromStr for ElementDigest {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self, Error> {
        let (digits, offset) = match s.strip_prefix("0x").or_else(|| s.strip_prefix("0X")) {
            Some(rest) => (rest, 2),
            None => (s, 0),
        };
        let mut bytes = [0u8; 32];
        let mut count = 0usize;
        for (i, c) in digits.char_indices() {
            let v = c.to_digit(16).ok_or(Error::MalformedNumber {
                position: offset + i,
                character: Some(c),
            })?;
            if count < 64 {
                bytes[count / 2] |= (v as u8) << if count.is_multiple_of(2) { 4 } else { 0 };
            }
            count += 1;
        }
        if count == 0 {
            return Err(Error::MalformedNumber {
                position: s.len(),
                character: None,
            });
        }
        if count != 64 {
            return Err(Error::WrongLength {
                what: "Rp64_256 digest hex digits",
                expected: 64,
                found: count,
            });
        }
        Self::from_bytes(&bytes)
    }
}
