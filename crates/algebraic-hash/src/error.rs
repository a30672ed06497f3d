//! The error type shared by every family crate.

use core::fmt;

/// Why a value handed in by a user was refused.
///
/// Every library function that takes user data (numbers as text or bytes,
/// lengths, parameters) returns this rather than panicking; the CLI prints
/// its `Display` form as a one-line message.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Error {
    /// The text is not a number: empty, or a character that is not a digit
    /// of its base (`position` is the byte offset of the first bad one).
    MalformedNumber {
        /// Byte offset of the offending character (0 for empty input).
        position: usize,
        /// The offending character (`None` for empty input or a bare `0x`).
        character: Option<char>,
    },
    /// The value is at least the field modulus; it is never reduced silently.
    NotCanonical {
        /// The field, e.g. `"Goldilocks"` or `"BN254 Fr"`.
        field: &'static str,
    },
    /// A count of elements or bytes other than the one required.
    WrongLength {
        /// What was counted, e.g. `"permutation state"`.
        what: &'static str,
        /// The count required.
        expected: usize,
        /// The count given.
        found: usize,
    },
    /// A count outside the range the operation accepts.
    LengthOutOfRange {
        /// What was counted.
        what: &'static str,
        /// Smallest count accepted.
        min: usize,
        /// Largest count accepted.
        max: usize,
        /// The count given.
        found: usize,
    },
    /// A parameter (instance, width, version, field...) this crate does not have.
    Unsupported {
        /// What kind of parameter.
        what: &'static str,
    },
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Self::MalformedNumber {
                character: None, ..
            } => write!(f, "malformed number: no digits"),
            Self::MalformedNumber {
                position,
                character: Some(c),
            } => write!(f, "malformed number: unexpected {c:?} at byte {position}"),
            Self::NotCanonical { field } => {
                write!(f, "value is not below the {field} modulus")
            }
            Self::WrongLength {
                what,
                expected,
                found,
            } => write!(f, "{what}: expected {expected}, got {found}"),
            Self::LengthOutOfRange {
                what,
                min,
                max,
                found,
            } => write!(f, "{what}: expected {min} to {max}, got {found}"),
            Self::Unsupported { what } => write!(f, "unsupported {what}"),
        }
    }
}

impl core::error::Error for Error {}
