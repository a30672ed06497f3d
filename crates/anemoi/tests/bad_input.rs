//! Bad input gives typed errors, never a panic.

use algebraic_hash_anemoi::{Anemoi, AnemoiField, Error, Version};
use ark_ff::BigInteger;

fn counts<F: AnemoiField, const L: usize, const W: usize>() {
    let anemoi = Anemoi::<F, L, W>::new(Version::Crypto2023);
    for n in [0, W - 1, W + 1, 2 * W] {
        let mut state = vec![F::one(); n];
        assert_eq!(
            anemoi.permute_slice(&mut state),
            Err(Error::WrongLength {
                what: "Anemoi state",
                expected: W,
                found: n
            })
        );
        let mut out = vec![F::zero(); L];
        assert_eq!(
            anemoi.compress_k(&state, 2, &mut out),
            Err(Error::WrongLength {
                what: "Jive input",
                expected: W,
                found: n
            })
        );
    }
    let input = vec![F::one(); W];
    for b in [0, 1, W + 1, 2 * W]
        .into_iter()
        .chain((2..W).filter(|b| !W.is_multiple_of(*b)))
    {
        let mut out = vec![F::zero(); 1];
        assert!(matches!(
            anemoi.compress_k(&input, b, &mut out),
            Err(Error::Unsupported { .. })
        ));
    }
    let mut short = vec![F::zero(); L - 1];
    assert_eq!(
        anemoi.compress_k(&input, 2, &mut short),
        Err(Error::WrongLength {
            what: "Jive output",
            expected: L,
            found: L - 1
        })
    );
}

/// p as decimal and as little-endian bytes, from the field's modulus.
fn modulus<F: AnemoiField>() -> (String, Vec<u8>) {
    let p = F::MODULUS;
    let bytes = p.to_bytes_le();
    let mut digits = Vec::new();
    let mut limbs: Vec<u64> = p.as_ref().to_vec();
    while limbs.iter().any(|&l| l != 0) {
        let mut rem = 0u128;
        for l in limbs.iter_mut().rev() {
            let cur = (rem << 64) | u128::from(*l);
            *l = (cur / 10) as u64;
            rem = cur % 10;
        }
        digits.push(b'0' + rem as u8);
    }
    digits.reverse();
    (String::from_utf8(digits).unwrap(), bytes)
}

fn elements<F: AnemoiField>() {
    let (p, p_bytes) = modulus::<F>();
    let not_canonical = Err(Error::NotCanonical { field: F::NAME });
    assert_eq!(F::element_from_str(&p), not_canonical);
    // p - 1 is fine (the last digit of p is odd, so no borrow).
    let mut below = p.clone().into_bytes();
    *below.last_mut().unwrap() -= 1;
    let below = String::from_utf8(below).unwrap();
    assert_eq!(F::element_from_str(&below), Ok(-F::one()));
    assert_eq!(F::element_from_str(&format!("{p}0")), not_canonical);
    assert_eq!(F::element_from_str(&"9".repeat(200)), not_canonical);
    assert_eq!(
        F::element_from_str(""),
        Err(Error::MalformedNumber {
            position: 0,
            character: None
        })
    );
    assert_eq!(
        F::element_from_str("12a"),
        Err(Error::MalformedNumber {
            position: 2,
            character: Some('a')
        })
    );
    assert_eq!(
        F::element_from_str("-1").unwrap_err(),
        Error::MalformedNumber {
            position: 0,
            character: Some('-')
        }
    );
    assert_eq!(F::element_from_str("0x0f"), Ok(F::from(15u64)));

    assert_eq!(F::from_le_bytes(&p_bytes), not_canonical);
    assert_eq!(F::from_le_bytes(&vec![0xff; p_bytes.len()]), not_canonical);
    let mut one = vec![0u8; p_bytes.len()];
    one[0] = 1;
    assert_eq!(F::from_le_bytes(&one), Ok(F::one()));
    // Big-endian: the same values, bytes reversed.
    let mut p_be = p_bytes.clone();
    p_be.reverse();
    assert_eq!(F::from_be_bytes(&p_be), not_canonical);
    let mut one_be = one.clone();
    one_be.reverse();
    assert_eq!(F::from_be_bytes(&one_be), Ok(F::one()));
    let label = format!("{} element bytes", F::NAME);
    for n in [0, 31, p_bytes.len() - 1, p_bytes.len() + 1, 49, 64] {
        for got in [
            F::from_le_bytes(&vec![0u8; n]),
            F::from_be_bytes(&vec![0u8; n]),
        ] {
            match got {
                Err(Error::WrongLength {
                    what,
                    expected,
                    found,
                }) => {
                    assert_eq!((what, expected, found), (label.as_str(), p_bytes.len(), n));
                }
                other => panic!("{n} bytes: {other:?}"),
            }
        }
    }
}

#[test]
fn unknown_version() {
    assert!(matches!(
        Version::from_name("crypto2022"),
        Err(Error::Unsupported { .. })
    ));
    for v in Version::ALL {
        assert_eq!(Version::from_name(v.name()), Ok(v));
    }
}

macro_rules! field_bad_input {
    ($feature:literal, $name:ident, $ty:ty) => {
        #[cfg(feature = $feature)]
        mod $name {
            use super::*;
            type F = $ty;

            #[test]
            fn wrong_counts() {
                counts::<F, 1, 2>();
                counts::<F, 2, 4>();
                counts::<F, 3, 6>();
                counts::<F, 4, 8>();
                counts::<F, 6, 12>();
            }

            #[test]
            fn elements_not_below_p() {
                elements::<F>();
            }
        }
    };
}

field_bad_input!("bls12-377-fq", bls12_377, ark_bls12_377::Fq);
field_bad_input!("bls12-381-fq", bls12_381, ark_bls12_381::Fq);
field_bad_input!("bn254-fq", bn254, ark_bn254::Fq);
field_bad_input!("bn254-fr", bn254_fr, ark_bn254::Fr);
field_bad_input!("bls12-377-fr", ed_on_bls12_377, ark_bls12_377::Fr);
field_bad_input!("bls12-381-fr", jubjub, ark_bls12_381::Fr);
field_bad_input!("pallas-fq", pallas, ark_pallas::Fq);
field_bad_input!("pallas-fr", vesta, ark_pallas::Fr);
