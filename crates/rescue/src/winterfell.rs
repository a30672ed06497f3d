//! Interoperability with Winterfell (feature `winterfell`).
//!
//! - [`Felt`] ⇄ `winter_math::fields::f64::BaseElement` (both canonical on
//!   the way out, so the conversions are exact and cannot fail).
//! - [`ElementDigest`] ⇄ winter-crypto's own Rp64_256 digest ([`WinterDigest`]).
//! - [`WinterRp64_256`]: this crate's Rp64_256 behind winter-crypto's
//!   `Hasher` and `ElementHasher` traits, so that a Winterfell prover or
//!   verifier can be instantiated with it unchanged. Its digest type is this
//!   crate's [`ElementDigest`], which implements winter-crypto's `Digest`
//!   and winter-utils' `Serializable`/`Deserializable`.
//!
//! One difference: winter-crypto's digest deserialisation reduces each
//! 64-bit word mod `p` silently; [`ElementDigest`]'s refuses words `≥ p`
//! (`DeserializationError::InvalidValue`). That path allocates the error
//! message (winter-utils' error type holds a `String`).

use alloc::string::ToString;

use winter_crypto::{ElementHasher, Hasher};
use winter_math::{FieldElement, fields::f64::BaseElement};
use winter_utils::{ByteReader, ByteWriter, Deserializable, DeserializationError, Serializable};

use crate::digest::ElementDigest;
use crate::field::Felt;
use crate::rp64_256::{Rp64_256, hash_values};

/// winter-crypto's Rp64_256 digest type (not nameable there directly).
pub type WinterDigest = <winter_crypto::hashers::Rp64_256 as Hasher>::Digest;

impl From<Felt> for BaseElement {
    #[inline]
    fn from(value: Felt) -> Self {
        BaseElement::new(value.to_u64())
    }
}

impl From<BaseElement> for Felt {
    #[inline]
    fn from(value: BaseElement) -> Self {
        // `as_int` is canonical; reducing again is a no-op kept for safety.
        Felt::from_u64_reduced(value.as_int())
    }
}

impl ElementDigest {
    /// The same digest as winter-crypto's Rp64_256 digest type.
    pub fn to_winter(self) -> WinterDigest {
        WinterDigest::from(self.as_elements().map(BaseElement::from))
    }

    /// The same digest as this crate's type.
    pub fn from_winter(digest: WinterDigest) -> Self {
        let elements: [BaseElement; 4] = digest.into();
        Self::new(elements.map(Felt::from))
    }
}

impl winter_crypto::Digest for ElementDigest {
    fn as_bytes(&self) -> [u8; 32] {
        ElementDigest::as_bytes(self)
    }
}

impl Serializable for ElementDigest {
    fn write_into<W: ByteWriter>(&self, target: &mut W) {
        target.write_bytes(&ElementDigest::as_bytes(self));
    }

    fn get_size_hint(&self) -> usize {
        ElementDigest::BYTES
    }
}

impl Deserializable for ElementDigest {
    fn read_from<R: ByteReader>(source: &mut R) -> Result<Self, DeserializationError> {
        let bytes: [u8; 32] = source.read_array()?;
        ElementDigest::from_bytes(&bytes)
            .map_err(|e| DeserializationError::InvalidValue(e.to_string()))
    }
}

/// This crate's Rp64_256 behind winter-crypto's `Hasher` / `ElementHasher`:
/// a drop-in replacement for `winter_crypto::hashers::Rp64_256` (same
/// answers, see the crate doc for the one input where winter-crypto panics).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct WinterRp64_256;

impl Hasher for WinterRp64_256 {
    type Digest = ElementDigest;

    const COLLISION_RESISTANCE: u32 = 128;

    fn hash(bytes: &[u8]) -> ElementDigest {
        Rp64_256::hash(bytes)
    }

    fn merge(values: &[ElementDigest; 2]) -> ElementDigest {
        Rp64_256::merge(values)
    }

    fn merge_many(values: &[ElementDigest]) -> ElementDigest {
        Rp64_256::merge_many(values)
    }

    fn merge_with_int(seed: ElementDigest, value: u64) -> ElementDigest {
        Rp64_256::merge_with_int(seed, value)
    }
}

impl ElementHasher for WinterRp64_256 {
    type BaseField = BaseElement;

    fn hash_elements<E: FieldElement<BaseField = BaseElement>>(elements: &[E]) -> ElementDigest {
        let base = E::slice_as_base_elements(elements);
        hash_values(base.len(), base.iter().map(|e| e.as_int()))
    }
}
