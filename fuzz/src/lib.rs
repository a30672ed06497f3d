//! Oracles shared by the fuzz targets: the documented semantics of the
//! parsers, restated with `num-bigint` arithmetic so that a target checks
//! the value and the exact error of every answer, not only "no panic".

use algebraic_hash::Error;
use num_bigint::BigUint;

/// BN254's scalar field modulus `r`, from its published decimal value.
pub fn bn254_modulus() -> BigUint {
    BigUint::parse_bytes(
        b"21888242871839275222246405745257275088548364400416034343698204186575808495617",
        10,
    )
    .expect("decimal constant")
}

/// Goldilocks' modulus `2^64 - 2^32 + 1`.
pub fn goldilocks_modulus() -> BigUint {
    (BigUint::from(1u8) << 64u32) - (BigUint::from(1u8) << 32u32) + 1u8
}

/// The integer of little-endian 64-bit limbs.
pub fn from_limbs(limbs: &[u64]) -> BigUint {
    limbs
        .iter()
        .rev()
        .fold(BigUint::default(), |acc, &l| (acc << 64u32) + l)
}

/// Checks a checked text parser's answer `got` for `text` against the
/// contract of `algebraic_hash::parse::parse_below`: decimal, or hex after
/// `0x`/`0X`; no sign, space or separator; an empty digit string is
/// `MalformedNumber { position: text.len(), character: None }`; the first
/// non-digit is `MalformedNumber` at its byte offset, unless the digits
/// before it already reach `2^(64·limbs)` (then `NotCanonical`, as the
/// parser stops at the overflow); a value `≥ modulus` is `NotCanonical`.
///
/// `modulus ≤ 2^(64·limbs)`.
pub fn check_text(text: &str, limbs: usize, modulus: &BigUint, got: Result<BigUint, Error>) {
    let (digits, radix, offset) = match text.strip_prefix("0x").or_else(|| text.strip_prefix("0X"))
    {
        Some(rest) => (rest, 16u32, 2usize),
        None => (text, 10u32, 0usize),
    };
    let bound = BigUint::from(1u8) << (64 * limbs);
    let bad = digits
        .char_indices()
        .find(|&(_, c)| c.to_digit(radix).is_none());
    let prefix = &digits[..bad.map_or(digits.len(), |(i, _)| i)];
    let value = prefix.chars().fold(BigUint::default(), |acc, c| {
        acc * radix + c.to_digit(radix).expect("digit of the prefix")
    });
    let context = || format!("text {text:?}, limbs {limbs}, modulus {modulus}");
    match got {
        Ok(v) => {
            assert!(
                !digits.is_empty() && bad.is_none(),
                "accepted a non-number: {}",
                context()
            );
            assert!(
                &value < modulus,
                "accepted {value} ≥ modulus: {}",
                context()
            );
            assert_eq!(v, value, "wrong value: {}", context());
        }
        Err(Error::MalformedNumber {
            position,
            character: None,
        }) => {
            assert!(
                digits.is_empty(),
                "no-digits error for digits: {}",
                context()
            );
            assert_eq!(position, text.len(), "{}", context());
        }
        Err(Error::MalformedNumber {
            position,
            character: Some(c),
        }) => {
            let (i, bad_char) =
                bad.unwrap_or_else(|| panic!("malformed with no bad char: {}", context()));
            assert_eq!((position, c), (offset + i, bad_char), "{}", context());
            assert!(
                value < bound,
                "overflow should be reported first: {}",
                context()
            );
        }
        Err(Error::NotCanonical { .. }) => {
            assert!(!digits.is_empty(), "{}", context());
            if bad.is_some() {
                assert!(
                    value >= bound,
                    "malformed reported as too large: {}",
                    context()
                );
            } else {
                assert!(
                    &value >= modulus,
                    "rejected {value} < modulus: {}",
                    context()
                );
            }
        }
        Err(e) => panic!("unexpected error {e:?}: {}", context()),
    }
}

/// Checks a checked little-endian bytes parser's answer: exactly
/// `8·limbs` bytes (else `WrongLength` with those counts), a value below
/// `modulus` (else `NotCanonical`).
pub fn check_le_bytes(bytes: &[u8], limbs: usize, modulus: &BigUint, got: Result<BigUint, Error>) {
    let context = || format!("bytes {bytes:02x?}, limbs {limbs}, modulus {modulus}");
    if bytes.len() != 8 * limbs {
        match got {
            Err(Error::WrongLength {
                expected, found, ..
            }) => assert_eq!((expected, found), (8 * limbs, bytes.len()), "{}", context()),
            other => panic!("length {} gave {other:?}: {}", bytes.len(), context()),
        }
        return;
    }
    let value = BigUint::from_bytes_le(bytes);
    match got {
        Ok(v) => {
            assert!(
                &value < modulus,
                "accepted {value} ≥ modulus: {}",
                context()
            );
            assert_eq!(v, value, "{}", context());
        }
        Err(Error::NotCanonical { .. }) => {
            assert!(
                &value >= modulus,
                "rejected {value} < modulus: {}",
                context()
            )
        }
        Err(e) => panic!("unexpected error {e:?}: {}", context()),
    }
}
