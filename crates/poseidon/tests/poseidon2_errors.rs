//! Poseidon2: bad input gives typed errors, never a panic or a silent
//! reduction.

use algebraic_hash::Error;
use algebraic_hash_poseidon::Fr;
use algebraic_hash_poseidon::field::FIELD_NAME;
use algebraic_hash_poseidon::poseidon2::{Instance, NEW_T3, NEW_T4, OLD_T2, ParamSet, Poseidon2};

const P: &str = "21888242871839275222246405745257275088548364400416034343698204186575808495617";
const P_MINUS_1: &str =
    "21888242871839275222246405745257275088548364400416034343698204186575808495616";
const P_HEX: &str = "0x30644e72e131a029b85045b68181585d2833e84879b9709143e1f593f0000001";
/// Barretenberg's consistency-test literal, which exceeds p.
const BB_LITERAL: &str = "0x9a807b615c4d3e2fa0b1c2d3e4f56789fedcba9876543210abcdef0123456789";

const NOT_CANONICAL: Error = Error::NotCanonical { field: FIELD_NAME };

fn be_bytes_of_p() -> [u8; 32] {
    let mut out = [0u8; 32];
    let hex = P_HEX.trim_start_matches("0x");
    for (i, byte) in out.iter_mut().enumerate() {
        *byte = u8::from_str_radix(&hex[2 * i..2 * i + 2], 16).expect("hex");
    }
    out
}

#[test]
fn wrong_width() {
    let mut three = [Fr::from(1u64); 3];
    assert_eq!(
        NEW_T4.permute_slice(&mut three),
        Err(Error::WrongLength {
            what: "Poseidon2 state",
            expected: 4,
            found: 3
        })
    );
    assert_eq!(three, [Fr::from(1u64); 3], "state untouched on error");
    let mut five = [Fr::from(1u64); 5];
    assert!(matches!(
        Instance::new(ParamSet::Old, 2)
            .expect("t = 2")
            .permute_slice(&mut five),
        Err(Error::WrongLength {
            expected: 2,
            found: 5,
            ..
        })
    ));
    assert!(matches!(
        NEW_T3.state_from_strs(&["1", "2"]),
        Err(Error::WrongLength {
            expected: 3,
            found: 2,
            ..
        })
    ));
    assert!(matches!(
        NEW_T4.state_from_be_bytes(&[[0u8; 32]; 3]),
        Err(Error::WrongLength {
            what: "Poseidon2 state",
            expected: 4,
            found: 3,
        })
    ));
    assert!(matches!(
        NEW_T4.state_from_le_bytes(&[[0u8; 31]; 4]),
        Err(Error::WrongLength {
            what: "BN254 Fr element bytes",
            expected: 32,
            found: 31,
        })
    ));
    let instance = Instance::from_name("new-t4").expect("name");
    assert!(matches!(
        instance.compress_slice(&[Fr::from(1u64); 2]),
        Err(Error::WrongLength {
            expected: 3,
            found: 2,
            ..
        })
    ));
    assert!(matches!(
        instance.hash_be_bytes(&[[0u8; 33]]),
        Err(Error::WrongLength {
            what: "BN254 Fr element bytes",
            expected: 32,
            found: 33,
        })
    ));
    assert!(matches!(
        instance.hash_le_bytes(&[vec![0u8; 32], vec![0u8; 8]]),
        Err(Error::WrongLength {
            what: "BN254 Fr element bytes",
            expected: 32,
            found: 8,
        })
    ));
}

#[test]
fn element_not_below_p() {
    assert_eq!(NEW_T3.state_from_strs(&["1", P, "2"]), Err(NOT_CANONICAL));
    assert_eq!(
        NEW_T3.state_from_strs(&[P_HEX, "0", "0"]),
        Err(NOT_CANONICAL)
    );
    assert_eq!(
        NEW_T4.state_from_strs(&[BB_LITERAL, "0", "0", "0"]),
        Err(NOT_CANONICAL)
    );
    assert!(NEW_T3.state_from_strs(&["1", P_MINUS_1, "2"]).is_ok());

    let mut words = [[0u8; 32]; 2];
    words[1] = be_bytes_of_p();
    assert_eq!(OLD_T2.state_from_be_bytes(&words), Err(NOT_CANONICAL));
    let mut le = words;
    le[1].reverse();
    assert_eq!(OLD_T2.state_from_le_bytes(&le), Err(NOT_CANONICAL));
    assert_eq!(NEW_T4.hash_le_bytes(&le), Err(NOT_CANONICAL));
    words[1][31] -= 1; // p - 1
    assert_eq!(
        OLD_T2.state_from_be_bytes(&words),
        Ok([Fr::from(0u64), -Fr::from(1u64)])
    );
    words[1][31] += 1;
    assert_eq!(NEW_T4.hash_be_bytes(&words), Err(NOT_CANONICAL));
    assert_eq!(NEW_T4.hash_be_bytes(&[[0xff; 32]]), Err(NOT_CANONICAL));
    assert_eq!(NEW_T4.hash_strs(&["5", P]), Err(NOT_CANONICAL));
    assert_eq!(
        Instance::from_name("old-t3")
            .expect("name")
            .hash_strs(&["1", "2", BB_LITERAL]),
        Err(NOT_CANONICAL)
    );
}

#[test]
fn malformed_numbers() {
    assert!(matches!(
        NEW_T3.state_from_strs(&["1", "0x", "2"]),
        Err(Error::MalformedNumber { .. })
    ));
    assert!(matches!(
        NEW_T3.state_from_strs(&["1", "12a", "2"]),
        Err(Error::MalformedNumber { .. })
    ));
    assert!(matches!(
        NEW_T4.hash_strs(&["-1"]),
        Err(Error::MalformedNumber { .. })
    ));
    assert!(matches!(
        NEW_T4.hash_strs(&[""]),
        Err(Error::MalformedNumber { .. })
    ));
}

#[test]
fn unknown_parameters() {
    for bad in ["", "newer", "NEW2", "old ", "0"] {
        assert!(
            matches!(bad.parse::<ParamSet>(), Err(Error::Unsupported { .. })),
            "{bad:?}"
        );
    }
    for t in [0, 1, 5, 6, 7, 9, 13, 17, usize::MAX] {
        for set in [ParamSet::New, ParamSet::Old] {
            assert!(
                matches!(Instance::new(set, t), Err(Error::Unsupported { .. })),
                "{set} t = {t}"
            );
        }
    }
    // t = 8, 12, 16 exist in the new set only
    for t in [8, 12, 16] {
        assert!(
            matches!(
                Instance::new(ParamSet::Old, t),
                Err(Error::Unsupported { .. })
            ),
            "old t = {t}"
        );
        assert_eq!(Instance::new(ParamSet::New, t).map(|i| i.width()), Ok(t));
    }
    for bad in [
        "",
        "poseidon2",
        "poseidon2-bn254",
        "poseidon2-bn254-new",
        "poseidon2-bn254-new-t5",
        "poseidon2-bn254-new-t44",
        "poseidon2-bn254-old-t8",
        "poseidon2-bn254-new-t13",
        "poseidon2-bn254-mid-t3",
        "poseidon-bn254-new-t3",
        "poseidon2-bls12-new-t3",
        "new-3",
        "new-t",
        "t3",
        "néw-t3",
        "poseidon2-bn254-new-t4-extra",
    ] {
        assert!(
            matches!(Instance::from_name(bad), Err(Error::Unsupported { .. })),
            "{bad:?}"
        );
    }
}

#[test]
fn names() {
    for name in Instance::NAMES {
        let instance: Instance = name.parse().expect("canonical name");
        assert_eq!(instance.name(), name);
        assert_eq!(instance.to_string(), name);
    }
    for (alias, canonical) in [
        ("new-t4", "poseidon2-new-t4"),
        ("OLD_T3", "poseidon2-old-t3"),
        ("poseidon2-bn254-new-t2", "poseidon2-new-t2"),
        ("Poseidon2_BN254_Old_T4", "poseidon2-old-t4"),
    ] {
        assert_eq!(Instance::from_name(alias).expect(alias).name(), canonical);
    }
    let instance = Instance::new(ParamSet::Old, 3).expect("old t3");
    assert_eq!(instance.width(), 3);
    assert_eq!(instance.param_set(), ParamSet::Old);
    assert_eq!(instance, Instance::T3(Poseidon2::<3>::new(ParamSet::Old)));
    assert_eq!(ParamSet::New.to_string(), "new");
    // The permutation handle names itself as its instance does (the CLI's
    // names).
    assert_eq!(
        Poseidon2::<4>::new(ParamSet::New).name(),
        "poseidon2-new-t4"
    );
}
