//! Rp64_256's `ElementDigest` from bytes and from hex text: the byte decoder
//! against num-bigint and against winter-crypto 0.13's digest deserializer
//! (which reduces elements ≥ p where ours refuses them), and round trips of
//! both forms.

#![no_main]

use algebraic_hash::Error;
use algebraic_hash_rescue::ElementDigest;
use arbitrary::Arbitrary;
use libfuzzer_sys::fuzz_target;
use winter_crypto::Hasher;
use winter_crypto::hashers::Rp64_256 as WinterRp;
use winter_utils::{Deserializable, SliceReader};

type WinterDigest = <WinterRp as Hasher>::Digest;

const P: u64 = 0xffff_ffff_0000_0001;

#[derive(Arbitrary, Debug)]
struct Input<'a> {
    bytes: &'a [u8],
    text: &'a str,
}

fuzz_target!(|input: Input| {
    let bytes = input.bytes;
    let ours = ElementDigest::from_bytes(bytes);
    assert_eq!(ElementDigest::try_from(bytes), ours);
    if bytes.len() != 32 {
        assert!(
            matches!(ours, Err(Error::WrongLength { expected: 32, found, .. }) if found == bytes.len()),
            "{ours:?}"
        );
    } else {
        let words: Vec<u64> = bytes
            .chunks_exact(8)
            .map(|c| u64::from_le_bytes(c.try_into().expect("8 bytes")))
            .collect();
        let theirs = WinterDigest::read_from(&mut SliceReader::new(bytes)).expect("32 bytes");
        let theirs: Vec<u64> = theirs.as_elements().iter().map(|e| e.as_int()).collect();
        let reduced: Vec<u64> = words.iter().map(|&w| w % P).collect();
        assert_eq!(theirs, reduced);
        match ours {
            Ok(d) => {
                assert!(words.iter().all(|&w| w < P));
                let elements: Vec<u64> = d.as_elements().iter().map(|e| e.to_u64()).collect();
                assert_eq!(elements, words);
                assert_eq!(d.as_bytes().as_slice(), bytes);
                assert_eq!(d.to_string().parse::<ElementDigest>(), Ok(d));
            }
            Err(Error::NotCanonical { .. }) => assert!(words.iter().any(|&w| w >= P)),
            Err(e) => panic!("unexpected {e:?}"),
        }
    }

    let text = input.text;
    let parsed = text.parse::<ElementDigest>();
    let digits = text
        .strip_prefix("0x")
        .or_else(|| text.strip_prefix("0X"))
        .unwrap_or(text);
    match parsed {
        Ok(d) => {
            assert_eq!(digits.len(), 64);
            assert_eq!(d.to_string(), digits.to_ascii_lowercase());
        }
        Err(Error::MalformedNumber {
            position,
            character,
        }) => match character {
            Some(c) => {
                let offset = text.len() - digits.len();
                assert_eq!(text[position..].chars().next(), Some(c));
                assert!(!c.is_ascii_hexdigit());
                assert!(
                    text[offset..position]
                        .chars()
                        .all(|c| c.is_ascii_hexdigit())
                );
            }
            None => assert!(digits.is_empty()),
        },
        Err(Error::WrongLength {
            expected: 64,
            found,
            ..
        }) => {
            assert!(digits.chars().all(|c| c.is_ascii_hexdigit()));
            assert_eq!(found, digits.len());
            assert_ne!(found, 64);
        }
        Err(Error::NotCanonical { .. }) => {
            assert_eq!(digits.len(), 64);
            assert!(digits.chars().all(|c| c.is_ascii_hexdigit()));
        }
        Err(e) => panic!("unexpected {e:?} for {text:?}"),
    }
});
