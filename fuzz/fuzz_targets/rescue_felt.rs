//! The Goldilocks element's constructors (`Felt::from_bytes`, `from_le_bytes`,
//! `FromStr`, `TryFrom<u64>`, `from_canonical`, `from_u64_reduced`) on
//! arbitrary input: answers checked against num-bigint and against
//! winter-math 0.13's `BaseElement`, and the text and byte forms round-trip.

#![no_main]

use algebraic_hash_fuzz::{check_le_bytes, check_text, goldilocks_modulus};
use algebraic_hash_rescue::Felt;
use arbitrary::Arbitrary;
use libfuzzer_sys::fuzz_target;
use num_bigint::BigUint;
use winter_math::fields::f64::BaseElement;

#[derive(Arbitrary, Debug)]
struct Input<'a> {
    bytes: &'a [u8],
    text: &'a str,
    value: u64,
    word: [u8; 8],
}

fuzz_target!(|input: Input| {
    let p = goldilocks_modulus();

    let from_bytes = Felt::from_bytes(input.bytes);
    check_le_bytes(
        input.bytes,
        1,
        &p,
        from_bytes.map(|x| BigUint::from(x.to_u64())),
    );
    if let Ok(x) = from_bytes {
        assert_eq!(x.as_bytes().as_slice(), input.bytes);
    }

    let from_le = Felt::from_le_bytes(input.word);
    check_le_bytes(
        &input.word,
        1,
        &p,
        from_le.map(|x| BigUint::from(x.to_u64())),
    );
    let winter = BaseElement::try_from(input.word);
    assert_eq!(from_le.is_ok(), winter.is_ok(), "{:02x?}", input.word);
    if let (Ok(ours), Ok(theirs)) = (from_le, winter) {
        assert_eq!(ours.to_u64(), theirs.as_int());
    }

    let parsed = input.text.parse::<Felt>();
    check_text(input.text, 1, &p, parsed.map(|x| BigUint::from(x.to_u64())));
    if let Ok(x) = parsed {
        assert_eq!(x.to_string().parse::<Felt>(), Ok(x));
    }

    let v = input.value;
    let canonical = Felt::from_canonical(v);
    assert_eq!(canonical.is_some(), BigUint::from(v) < p, "{v}");
    assert_eq!(Felt::try_from(v).ok(), canonical);
    assert_eq!(BaseElement::try_from(v).is_ok(), canonical.is_some(), "{v}");
    let reduced = Felt::from_u64_reduced(v);
    assert_eq!(BigUint::from(reduced.to_u64()), BigUint::from(v) % &p);
    assert_eq!(reduced.to_u64(), BaseElement::new(v).as_int());
    assert_eq!(reduced.to_string().parse::<Felt>(), Ok(reduced));
    assert_eq!(
        format!("{:#x}", reduced.to_u64()).parse::<Felt>(),
        Ok(reduced)
    );
    assert_eq!(Felt::from_bytes(&reduced.as_bytes()), Ok(reduced));
});
