//! The known-answer file test-vectors/tip5/tip5.json (every answer computed
//! by twenty-first 3.1.1, see the generator named in the file): the
//! permutation (one by one and with `permute_many`), `hash_varlen` (the
//! `Hasher`), `hash_pair` (the `Compression`, one by one and with
//! `compress_many`) and `hash_10`; and the refusals of non-canonical input.

mod common;

use algebraic_hash::Error;
use algebraic_hash_testkit::{VectorFile, check_compression, check_hasher, check_permutation};
use algebraic_hash_tip5::{Digest, Felt, TIP5, Tip5};
use common::{digest, parse, split};

const JSON: &str = include_str!("../../../test-vectors/tip5/tip5.json");

#[test]
fn vector_file() {
    let file = VectorFile::parse(JSON);
    assert!(
        file.source.contains("twenty-first 3.1.1"),
        "{}",
        file.source
    );
    assert!(JSON.contains(&format!("\"instance\": \"{}\"", Tip5::NAME)));
    assert!(check_permutation::<Felt, _, 16>(&file, "permute", &TIP5, parse) >= 10);
    assert!(check_hasher(&file, "hash", &TIP5, parse, digest) >= 31);
    assert!(check_compression(&file, "compress", &TIP5, parse, split, digest) >= 10);
    let cases = file.require("hash_10");
    for case in &cases {
        let input: Vec<Felt> = case.input.iter().map(|s| parse(s)).collect();
        let output: Vec<Felt> = case.output.iter().map(|s| parse(s)).collect();
        assert_eq!(Tip5::hash_10(&input.try_into().unwrap()).to_vec(), output);
    }
    assert!(cases.len() >= 10);
}

#[test]
fn non_canonical_input_is_refused() {
    let not_canonical = Error::NotCanonical {
        field: "Goldilocks",
    };
    assert_eq!(Felt::try_from(Felt::MODULUS), Err(not_canonical));
    assert_eq!("18446744069414584321".parse::<Felt>(), Err(not_canonical));
    // A digest whose third element is p.
    let mut bytes = [0u8; 40];
    bytes[16..24].copy_from_slice(&Felt::MODULUS.to_le_bytes());
    assert_eq!(Digest::from_bytes(&bytes), Err(not_canonical));
    let hex: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
    assert_eq!(hex.parse::<Digest>(), Err(not_canonical));
    assert_eq!(
        Digest::from_bytes(&bytes[..39]),
        Err(Error::WrongLength {
            what: "Tip5 digest bytes",
            expected: 40,
            found: 39
        })
    );
    assert_eq!(
        "00".parse::<Digest>(),
        Err(Error::WrongLength {
            what: "Tip5 digest hex digits",
            expected: 80,
            found: 2
        })
    );
    assert_eq!(
        "0x".parse::<Digest>(),
        Err(Error::MalformedNumber {
            position: 1,
            character: Some('x')
        })
    );
}
