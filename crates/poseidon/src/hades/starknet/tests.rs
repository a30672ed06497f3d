//! Parsing of Stark252 elements from text and bytes.

use super::*;

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
