//! Parsing of field elements from text and bytes: canonical values only,
//! the modulus and beyond refused with a typed error.

use algebraic_hash_poseidon::field::*;
use algebraic_hash_poseidon::{Error, Fr};

const P: &str = "21888242871839275222246405745257275088548364400416034343698204186575808495617";

#[test]
fn text() {
    assert_eq!(fr_from_str("0"), Ok(Fr::from(0u64)));
    assert_eq!(fr_from_str("0x10"), Ok(Fr::from(16u64)));
    assert_eq!(
        fr_from_str(
            "21888242871839275222246405745257275088548364400416034343698204186575808495616"
        ),
        Ok(-Fr::from(1u64))
    );
    assert_eq!(
        fr_from_str(P),
        Err(Error::NotCanonical { field: FIELD_NAME })
    );
    assert_eq!(
        fr_from_str(&"9".repeat(100)),
        Err(Error::NotCanonical { field: FIELD_NAME })
    );
    assert!(matches!(
        fr_from_str("1.5"),
        Err(Error::MalformedNumber { .. })
    ));
}

#[test]
fn bytes() {
    let minus_one = -Fr::from(1u64);
    let le = fr_to_le_bytes(&minus_one);
    assert_eq!(fr_from_le_bytes(&le), Ok(minus_one));
    let mut be = le;
    be.reverse();
    assert_eq!(fr_from_be_bytes(&be), Ok(minus_one));
    let mut p_bytes = le;
    p_bytes[0] += 1; // p − 1 ends in an even byte: +1 gives p
    assert_eq!(
        fr_from_le_bytes(&p_bytes),
        Err(Error::NotCanonical { field: FIELD_NAME })
    );
    assert!(matches!(
        fr_from_le_bytes(&le[..31]),
        Err(Error::WrongLength { .. })
    ));
}

#[cfg(feature = "starknet")]
mod starknet {
    use algebraic_hash_poseidon::Error;
    use algebraic_hash_poseidon::starknet::*;

    #[test]
    fn parsing_refuses_p() {
        let p = "3618502788666131213697322783095070105623107215331596699973092056135872020481";
        assert_eq!(
            felt_from_str(p),
            Err(Error::NotCanonical { field: FIELD_NAME })
        );
        let minus_one = -Felt::from(1u64);
        assert_eq!(
            felt_from_str("0x800000000000011000000000000000000000000000000000000000000000000"),
            Ok(minus_one)
        );
        let be = felt_to_be_bytes(&minus_one);
        assert_eq!(felt_from_be_bytes(&be), Ok(minus_one));
        let mut p_bytes = be;
        p_bytes[31] += 1;
        assert_eq!(
            felt_from_be_bytes(&p_bytes),
            Err(Error::NotCanonical { field: FIELD_NAME })
        );
        assert!(matches!(
            felt_from_be_bytes(&be[1..]),
            Err(Error::WrongLength { .. })
        ));
    }
}
