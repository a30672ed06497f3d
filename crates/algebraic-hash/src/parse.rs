//! Field-agnostic parsing of unsigned integers, for the families' checked
//! constructors (each family then rejects values not below its modulus).

use crate::Error;

/// Parses a non-negative integer written in decimal, or in hexadecimal with a
/// `0x`/`0X` prefix, into `LIMBS` little-endian 64-bit limbs.
///
/// Leading and trailing whitespace is not accepted, nor signs, underscores or
/// an empty digit string. A value that does not fit in `LIMBS` limbs is
/// [`Error::NotCanonical`] for `field` (it cannot be below any `LIMBS`-limb
/// modulus).
pub fn parse_uint<const LIMBS: usize>(
    text: &str,
    field: &'static str,
) -> Result<[u64; LIMBS], Error> {
    let (digits, radix, offset) = match text.strip_prefix("0x").or_else(|| text.strip_prefix("0X"))
    {
        Some(rest) => (rest, 16u64, 2),
        None => (text, 10u64, 0),
    };
    if digits.is_empty() {
        return Err(Error::MalformedNumber {
            position: text.len(),
            character: None,
        });
    }
    let mut limbs = [0u64; LIMBS];
    for (i, c) in digits.char_indices() {
        let digit = c.to_digit(radix as u32).ok_or(Error::MalformedNumber {
            position: offset + i,
            character: Some(c),
        })?;
        // limbs = limbs * radix + digit, failing on overflow.
        let mut carry = u128::from(digit);
        for limb in limbs.iter_mut() {
            let wide = u128::from(*limb) * u128::from(radix) + carry;
            *limb = wide as u64;
            carry = wide >> 64;
        }
        if carry != 0 {
            return Err(Error::NotCanonical { field });
        }
    }
    Ok(limbs)
}

/// [`parse_uint`], then a check that the value is below `modulus`: the
/// checked text-to-field-element conversion of every family.
pub fn parse_below<const LIMBS: usize>(
    text: &str,
    modulus: &[u64; LIMBS],
    field: &'static str,
) -> Result<[u64; LIMBS], Error> {
    limbs_below(&parse_uint::<LIMBS>(text, field)?, modulus, field)
}

/// [`uint_from_le_bytes`], then a check that the value is below `modulus`.
pub fn le_bytes_below<const LIMBS: usize>(
    bytes: &[u8],
    modulus: &[u64; LIMBS],
    field: &'static str,
) -> Result<[u64; LIMBS], Error> {
    limbs_below(&uint_from_le_bytes::<LIMBS>(bytes)?, modulus, field)
}

/// Exactly `LIMBS` little-endian 64-bit limbs whose value is below
/// `modulus`: the check behind every checked conversion here, and the
/// conversion of the bindings' binary form (limbs handed over as words).
pub fn limbs_below<const LIMBS: usize>(
    limbs: &[u64],
    modulus: &[u64; LIMBS],
    field: &'static str,
) -> Result<[u64; LIMBS], Error> {
    let limbs: [u64; LIMBS] = limbs.try_into().map_err(|_| Error::WrongLength {
        what: "integer limbs",
        expected: LIMBS,
        found: limbs.len(),
    })?;
    if uint_lt(&limbs, modulus) {
        Ok(limbs)
    } else {
        Err(Error::NotCanonical { field })
    }
}

/// Reads `LIMBS` little-endian limbs from exactly `8 · LIMBS` little-endian
/// bytes.
pub fn uint_from_le_bytes<const LIMBS: usize>(bytes: &[u8]) -> Result<[u64; LIMBS], Error> {
    if bytes.len() != 8 * LIMBS {
        return Err(Error::WrongLength {
            what: "integer bytes",
            expected: 8 * LIMBS,
            found: bytes.len(),
        });
    }
    let mut limbs = [0u64; LIMBS];
    for (limb, chunk) in limbs.iter_mut().zip(bytes.chunks_exact(8)) {
        let mut word = [0u8; 8];
        word.copy_from_slice(chunk);
        *limb = u64::from_le_bytes(word);
    }
    Ok(limbs)
}

/// Whether little-endian `limbs` are strictly below little-endian `modulus`.
pub fn uint_lt<const LIMBS: usize>(limbs: &[u64; LIMBS], modulus: &[u64; LIMBS]) -> bool {
    for i in (0..LIMBS).rev() {
        if limbs[i] != modulus[i] {
            return limbs[i] < modulus[i];
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decimal_and_hex() {
        assert_eq!(parse_uint::<1>("0", "t"), Ok([0]));
        assert_eq!(parse_uint::<1>("18446744073709551615", "t"), Ok([u64::MAX]));
        assert_eq!(parse_uint::<1>("0xffffffffffffffff", "t"), Ok([u64::MAX]));
        assert_eq!(parse_uint::<1>("0XFF", "t"), Ok([255]));
        assert_eq!(parse_uint::<2>("18446744073709551616", "t"), Ok([0, 1]));
        assert_eq!(parse_uint::<2>("0x10000000000000000", "t"), Ok([0, 1]));
        assert_eq!(
            parse_uint::<2>("000000000000000000000000000000000000000001", "t"),
            Ok([1, 0])
        );
    }

    #[test]
    fn rejects() {
        assert_eq!(
            parse_uint::<1>("18446744073709551616", "t"),
            Err(Error::NotCanonical { field: "t" })
        );
        assert_eq!(
            parse_uint::<1>("", "t"),
            Err(Error::MalformedNumber {
                position: 0,
                character: None
            })
        );
        assert_eq!(
            parse_uint::<1>("0x", "t"),
            Err(Error::MalformedNumber {
                position: 2,
                character: None
            })
        );
        assert_eq!(
            parse_uint::<1>("12a", "t"),
            Err(Error::MalformedNumber {
                position: 2,
                character: Some('a')
            })
        );
        assert_eq!(
            parse_uint::<1>("-1", "t"),
            Err(Error::MalformedNumber {
                position: 0,
                character: Some('-')
            })
        );
        assert_eq!(
            parse_uint::<1>(" 1", "t"),
            Err(Error::MalformedNumber {
                position: 0,
                character: Some(' ')
            })
        );
        assert_eq!(
            parse_uint::<1>("0x1g", "t"),
            Err(Error::MalformedNumber {
                position: 3,
                character: Some('g')
            })
        );
    }

    #[test]
    fn below_modulus() {
        let p = [0xffff_ffff_0000_0001u64];
        assert_eq!(parse_below("18446744069414584320", &p, "G"), Ok([p[0] - 1]));
        assert_eq!(
            parse_below("18446744069414584321", &p, "G"),
            Err(Error::NotCanonical { field: "G" })
        );
        assert_eq!(
            le_bytes_below(&u64::MAX.to_le_bytes(), &p, "G"),
            Err(Error::NotCanonical { field: "G" })
        );
        assert_eq!(le_bytes_below(&7u64.to_le_bytes(), &p, "G"), Ok([7]));
        // Limbs: p − 1 in, p and a wrong count out.
        let q = [0x43e1_f593_f000_0001u64, 0x2833_e848_79b9_7091];
        assert_eq!(
            limbs_below(&[q[0] - 1, q[1]], &q, "F"),
            Ok([q[0] - 1, q[1]])
        );
        assert_eq!(
            limbs_below(&q, &q, "F"),
            Err(Error::NotCanonical { field: "F" })
        );
        assert_eq!(
            limbs_below(&[0, q[1] + 1], &q, "F"),
            Err(Error::NotCanonical { field: "F" })
        );
        assert_eq!(
            limbs_below(&[1], &q, "F"),
            Err(Error::WrongLength {
                what: "integer limbs",
                expected: 2,
                found: 1
            })
        );
    }

    #[test]
    fn bytes_and_order() {
        let mut bytes = [0u8; 16];
        bytes[0] = 1;
        bytes[8] = 2;
        assert_eq!(uint_from_le_bytes::<2>(&bytes), Ok([1, 2]));
        assert!(uint_from_le_bytes::<2>(&bytes[..15]).is_err());
        assert!(uint_lt(&[5, 1], &[0, 2]));
        assert!(!uint_lt(&[0, 2], &[0, 2]));
        assert!(!uint_lt(&[1, 2], &[0, 2]));
    }
}
