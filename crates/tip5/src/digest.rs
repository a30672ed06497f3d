//! The 5-element digest of Tip5.

use core::fmt;
use core::str::FromStr;

use algebraic_hash::Error;
use algebraic_hash_rescue::Felt;

/// A Tip5 digest: five canonical Goldilocks elements (twenty-first's
/// `Digest`).
///
/// Its byte form ([`Digest::as_bytes`]) is the five canonical values in
/// little-endian order, as twenty-first's `<[u8; 40]>::from(Digest)`; its
/// text form (`Display`, `LowerHex`, [`Digest::to_hex`], `FromStr`) is those
/// 40 bytes in hex, as twenty-first's `Digest::to_hex`.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Digest(pub [Felt; Digest::LEN]);

impl Digest {
    /// Elements in a digest.
    pub const LEN: usize = 5;
    /// Bytes in the encoding.
    pub const BYTES: usize = 40;

    /// The digest made of `elements`.
    #[inline]
    pub const fn new(elements: [Felt; Self::LEN]) -> Self {
        Self(elements)
    }

    /// The five elements.
    #[inline]
    pub const fn values(self) -> [Felt; Self::LEN] {
        self.0
    }

    /// The 40-byte encoding: each element's canonical value, little-endian.
    pub fn as_bytes(&self) -> [u8; Self::BYTES] {
        let mut out = [0u8; Self::BYTES];
        for (chunk, e) in out.chunks_exact_mut(8).zip(&self.0) {
            chunk.copy_from_slice(&e.as_bytes());
        }
        out
    }

    /// Decodes exactly 40 bytes; a wrong length is [`Error::WrongLength`],
    /// an element `≥ p` is [`Error::NotCanonical`].
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, Error> {
        if bytes.len() != Self::BYTES {
            return Err(Error::WrongLength {
                what: "Tip5 digest bytes",
                expected: Self::BYTES,
                found: bytes.len(),
            });
        }
        let mut elements = [Felt::ZERO; Self::LEN];
        for (e, chunk) in elements.iter_mut().zip(bytes.chunks_exact(8)) {
            *e = Felt::from_bytes(chunk)?;
        }
        Ok(Self(elements))
    }

    /// The 80 lowercase hex digits of [`Digest::as_bytes`] (twenty-first's
    /// `Digest::to_hex`).
    #[cfg(feature = "std")]
    #[cfg_attr(docsrs, doc(cfg(feature = "std")))]
    pub fn to_hex(self) -> std::string::String {
        std::format!("{self:x}")
    }
}

impl From<[Felt; Digest::LEN]> for Digest {
    #[inline]
    fn from(elements: [Felt; Digest::LEN]) -> Self {
        Self(elements)
    }
}

impl From<Digest> for [Felt; Digest::LEN] {
    #[inline]
    fn from(digest: Digest) -> Self {
        digest.0
    }
}

impl fmt::Debug for Digest {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Digest").field(&self.0).finish()
    }
}

impl fmt::LowerHex for Digest {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for b in self.as_bytes() {
            write!(f, "{b:02x}")?;
        }
        Ok(())
    }
}

/// Hex, as [`fmt::LowerHex`].
impl fmt::Display for Digest {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::LowerHex::fmt(self, f)
    }
}

/// 80 hex digits (either case, no `0x`), as twenty-first's
/// `Digest::try_from_hex`; a bad digit is [`Error::MalformedNumber`], a
/// wrong count [`Error::WrongLength`], an element `≥ p`
/// [`Error::NotCanonical`].
impl FromStr for Digest {
    type Err = Error;

    fn from_str(s: &str) -> Result<Self, Error> {
        if let Some((position, character)) = s.char_indices().find(|(_, c)| !c.is_ascii_hexdigit())
        {
            return Err(Error::MalformedNumber {
                position,
                character: Some(character),
            });
        }
        if s.len() != 2 * Self::BYTES {
            return Err(Error::WrongLength {
                what: "Tip5 digest hex digits",
                expected: 2 * Self::BYTES,
                found: s.len(),
            });
        }
        let mut bytes = [0u8; Self::BYTES];
        for (b, pair) in bytes.iter_mut().zip(s.as_bytes().chunks_exact(2)) {
            let digit = |c: u8| (c as char).to_digit(16).unwrap_or(0) as u8;
            *b = digit(pair[0]) << 4 | digit(pair[1]);
        }
        Self::from_bytes(&bytes)
    }
}
