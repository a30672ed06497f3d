//! Bad input gives typed errors, never panics.

use algebraic_hash::Error;
use algebraic_hash_rescue::{ElementDigest, Felt, Rp64_256};

const P: u64 = Felt::MODULUS;

#[test]
fn element_bytes() {
    let not_canonical = Err(Error::NotCanonical {
        field: "Goldilocks",
    });
    for v in [P, P + 1, u64::MAX] {
        assert_eq!(Felt::from_bytes(&v.to_le_bytes()), not_canonical);
        assert_eq!(Felt::from_le_bytes(v.to_le_bytes()), not_canonical);
        assert_eq!(Felt::try_from(v), not_canonical);
        assert_eq!(Felt::from_canonical(v), None);
    }
    for len in [0, 1, 7, 9, 16] {
        assert!(matches!(
            Felt::from_bytes(&vec![0; len]),
            Err(Error::WrongLength { expected: 8, found, .. }) if found == len
        ));
    }
    assert_eq!(
        Felt::from_bytes(&(P - 1).to_le_bytes()).map(Felt::to_u64),
        Ok(P - 1)
    );
}

#[test]
fn element_text() {
    assert!(matches!(
        "".parse::<Felt>(),
        Err(Error::MalformedNumber { .. })
    ));
    assert!(matches!(
        "12x".parse::<Felt>(),
        Err(Error::MalformedNumber { position: 2, .. })
    ));
    assert!(matches!(
        "-1".parse::<Felt>(),
        Err(Error::MalformedNumber { .. })
    ));
    assert!(matches!(
        "18446744069414584321".parse::<Felt>(),
        Err(Error::NotCanonical { .. })
    ));
    assert!(matches!(
        "99999999999999999999999".parse::<Felt>(),
        Err(Error::NotCanonical { .. })
    ));
    assert_eq!(
        "0xffffffff00000000".parse::<Felt>().map(Felt::to_u64),
        Ok(P - 1)
    );
}

#[test]
fn digest_bytes() {
    let d = Rp64_256::hash(b"digest");
    let bytes = d.as_bytes();
    assert_eq!(ElementDigest::from_bytes(&bytes), Ok(d));
    for len in [0, 8, 31, 33, 64] {
        assert_eq!(
            ElementDigest::from_bytes(&vec![0; len]),
            Err(Error::WrongLength {
                what: "Rp64_256 digest bytes",
                expected: 32,
                found: len
            })
        );
    }
    for word in 0..4 {
        let mut bad = bytes;
        bad[8 * word..8 * word + 8].copy_from_slice(&P.to_le_bytes());
        assert_eq!(
            ElementDigest::from_bytes(&bad),
            Err(Error::NotCanonical {
                field: "Goldilocks"
            })
        );
    }
}

#[test]
fn digest_text() {
    let d = Rp64_256::hash_elements(&[Felt::from(9u8)]);
    let text = d.to_string();
    assert_eq!(text.len(), 64);
    assert_eq!(text.parse::<ElementDigest>(), Ok(d));
    assert_eq!(format!("0x{text}").parse::<ElementDigest>(), Ok(d));
    assert_eq!(text.to_uppercase().parse::<ElementDigest>(), Ok(d));
    assert!(matches!(
        text[..62].parse::<ElementDigest>(),
        Err(Error::WrongLength {
            expected: 64,
            found: 62,
            ..
        })
    ));
    assert!(matches!(
        format!("{text}00").parse::<ElementDigest>(),
        Err(Error::WrongLength {
            expected: 64,
            found: 66,
            ..
        })
    ));
    assert!(matches!(
        format!("{}g", &text[..63]).parse::<ElementDigest>(),
        Err(Error::MalformedNumber {
            position: 63,
            character: Some('g')
        })
    ));
    assert!(matches!(
        "".parse::<ElementDigest>(),
        Err(Error::MalformedNumber { .. })
    ));
    assert!(matches!(
        "0x".parse::<ElementDigest>(),
        Err(Error::MalformedNumber { .. })
    ));
    // A word >= p in hex.
    let bad = format!("{}{}", "ff".repeat(8), &text[16..]);
    assert!(matches!(
        bad.parse::<ElementDigest>(),
        Err(Error::NotCanonical { .. })
    ));
}

/// `merge_with_int` takes any u64, as Winterfell does (values >= p become
/// two elements); the winter-crypto differential test checks the answers.
#[test]
fn merge_with_int_accepts_every_u64() {
    let seed = Rp64_256::hash(b"seed");
    let a = Rp64_256::merge_with_int(seed, P - 1);
    let b = Rp64_256::merge_with_int(seed, P);
    let c = Rp64_256::merge_with_int(seed, u64::MAX);
    assert_ne!(a, b);
    assert_ne!(b, c);
    // p and 0 differ: p is encoded as the two elements [0, 1].
    assert_ne!(b, Rp64_256::merge_with_int(seed, 0));
}

/// Lengths of every size are fine for `hash`, including those where
/// winter-crypto 0.13.1 panics (see the crate doc).
#[test]
fn hash_any_length() {
    let digests: std::collections::HashSet<ElementDigest> =
        (0..200).map(|n| Rp64_256::hash(&vec![0xa5; n])).collect();
    assert_eq!(digests.len(), 200, "every length hashes, and differently");
}

#[test]
fn merge_pairs_lengths() {
    let d = Rp64_256::hash(b"leaf");
    let pairs = [[d, d]; 3];
    let mut out = [ElementDigest::default(); 2];
    assert_eq!(
        Rp64_256::merge_pairs(&pairs, &mut out),
        Err(Error::WrongLength {
            what: "merge_pairs outputs",
            expected: 3,
            found: 2
        })
    );
    assert_eq!(out, [ElementDigest::default(); 2], "nothing written");
    let mut out = [ElementDigest::default(); 3];
    assert_eq!(Rp64_256::merge_pairs(&pairs, &mut out), Ok(()));
    assert_eq!(out, [Rp64_256::merge(&[d, d]); 3]);
}
