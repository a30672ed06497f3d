//! Field elements as the CLI sees them: checked parsing from text, and
//! canonical integers printed in decimal or hex.

use algebraic_hash::Error;

/// Limbs of the widest field (BLS12-377 and BLS12-381 Fq, 381 bits).
pub const MAX_LIMBS: usize = 6;

/// A canonical field element as a non-negative integer (little-endian
/// limbs, held inline: a batch's answers are thousands of these).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Element {
    limbs: [u64; MAX_LIMBS],
    len: usize,
}

impl Element {
    /// From little-endian 64-bit limbs, at most [`MAX_LIMBS`] (a field's
    /// [`Codec::LIMBS`]); more is a bug of the caller and panics.
    pub fn from_limbs(limbs: &[u64]) -> Self {
        assert!(
            limbs.len() <= MAX_LIMBS,
            "{} limbs: no field here has more than {MAX_LIMBS}",
            limbs.len()
        );
        let mut inline = [0; MAX_LIMBS];
        inline[..limbs.len()].copy_from_slice(limbs);
        Self {
            limbs: inline,
            len: limbs.len(),
        }
    }

    /// The little-endian limbs, as many as the field has
    /// ([`Codec::LIMBS`]).
    pub fn limbs(&self) -> &[u64] {
        &self.limbs[..self.len]
    }

    /// Decimal, no leading zeros (`0` for zero).
    pub fn to_decimal(&self) -> String {
        const CHUNK: u64 = 10_000_000_000_000_000_000; // 10^19
        let mut limbs = self.limbs;
        let mut chunks = Vec::new();
        while limbs.iter().any(|&l| l != 0) {
            let mut rem = 0u128;
            for limb in limbs.iter_mut().rev() {
                let cur = (rem << 64) | u128::from(*limb);
                *limb = (cur / u128::from(CHUNK)) as u64;
                rem = cur % u128::from(CHUNK);
            }
            chunks.push(rem as u64);
        }
        match chunks.split_last() {
            None => "0".to_owned(),
            Some((top, rest)) => {
                let mut s = top.to_string();
                for c in rest.iter().rev() {
                    s.push_str(&format!("{c:019}"));
                }
                s
            }
        }
    }

    /// `0x`-prefixed lowercase hex, no leading zeros (`0x0` for zero).
    pub fn to_hex(&self) -> String {
        let mut s = String::from("0x");
        let mut started = false;
        for limb in self.limbs().iter().rev() {
            if started {
                s.push_str(&format!("{limb:016x}"));
            } else if *limb != 0 {
                s.push_str(&format!("{limb:x}"));
                started = true;
            }
        }
        if !started {
            s.push('0');
        }
        s
    }
}

/// A field type the CLI can read and print.
pub trait Codec: Copy + PartialEq + Send + Sync + 'static {
    /// Name of the field, for messages.
    const FIELD: &'static str;
    /// Bytes of data one element carries when hashing bytes (the benchmark's
    /// "10 KiB of field elements" uses `10240 / BYTES` elements, rounded up).
    const BYTES: usize;
    /// 64-bit limbs per element: the length of [`Codec::element`]'s limbs
    /// and of the input of [`Codec::from_limbs`].
    const LIMBS: usize;
    /// Checked parse of a decimal or `0x`-hex element: the number's limbs,
    /// then [`Codec::from_limbs`].
    fn parse(text: &str) -> Result<Self, Error> {
        const {
            assert!(
                Self::LIMBS <= MAX_LIMBS,
                "a field of more limbs than MAX_LIMBS"
            )
        };
        let limbs = algebraic_hash::parse::parse_uint::<MAX_LIMBS>(text, Self::FIELD)?;
        let (own, beyond) = limbs.split_at(Self::LIMBS);
        if beyond.iter().any(|&l| l != 0) {
            return Err(Error::NotCanonical { field: Self::FIELD });
        }
        Self::from_limbs(own)
    }
    /// Checked conversion of exactly [`Codec::LIMBS`] little-endian limbs
    /// (the bindings' binary form): [`Error::NotCanonical`] for a value not
    /// below the modulus, [`Error::WrongLength`] for another count.
    fn from_limbs(limbs: &[u64]) -> Result<Self, Error>;
    /// The canonical integer.
    fn element(&self) -> Element;
    /// A deterministic element derived from `seed`, for timing runs.
    fn sample(seed: u64) -> Self;
}

/// Implements [`Codec`] for arkworks prime fields.
macro_rules! ark_codec {
    ($($ty:ty => $name:literal, $limbs:literal;)*) => {$(
        impl Codec for $ty {
            const FIELD: &'static str = $name;
            const BYTES: usize = ((<$ty as ark_ff::PrimeField>::MODULUS_BIT_SIZE as usize) - 1) / 8;
            const LIMBS: usize = $limbs;
            fn from_limbs(limbs: &[u64]) -> Result<Self, Error> {
                use ark_ff::PrimeField;
                let limbs = algebraic_hash::parse::limbs_below::<$limbs>(
                    limbs,
                    &<$ty as PrimeField>::MODULUS.0,
                    $name,
                )?;
                <$ty>::from_bigint(ark_ff::BigInt(limbs)).ok_or(Error::NotCanonical { field: $name })
            }
            fn element(&self) -> Element {
                use ark_ff::PrimeField;
                Element::from_limbs(&self.into_bigint().0)
            }
            fn sample(seed: u64) -> Self {
                let x = <$ty>::from(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1);
                x * x * x
            }
        }

        /// One element is the digest of the BN254 hashes and of Anemoi's sponge.
        impl $crate::registry::DigestElements<$ty> for $ty {
            const LEN: usize = 1;
            fn from_elements(elements: &[$ty]) -> Self {
                elements[0]
            }
            fn to_elements(&self) -> Vec<$ty> {
                vec![*self]
            }
        }
    )*};
}
pub(crate) use ark_codec;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats() {
        let e = Element::from_limbs(&[0, 1]);
        assert_eq!(e.to_decimal(), "18446744073709551616");
        assert_eq!(e.to_hex(), "0x10000000000000000");
        let z = Element::from_limbs(&[0, 0, 0, 0]);
        assert_eq!(z.to_decimal(), "0");
        assert_eq!(z.to_hex(), "0x0");
        let big = Element::from_limbs(&[u64::MAX; 4]);
        assert_eq!(
            big.to_decimal(),
            "115792089237316195423570985008687907853269984665640564039457584007913129639935"
        );
        assert_eq!(big.to_hex(), format!("0x{}", "f".repeat(64)));
        let ten19 = Element::from_limbs(&[10_000_000_000_000_000_000, 0]);
        assert_eq!(ten19.to_decimal(), "10000000000000000000");
    }
}
