//! Bad input to the circom Poseidon API: typed errors, never a panic (except
//! the documented panic of the fixed-arity `Hasher` impl).

use algebraic_hash::{Error, Hasher};
use algebraic_hash_poseidon::Fr;
use algebraic_hash_poseidon::circom::{
    CircomPoseidon, permute_state, poseidon, poseidon_be_bytes, poseidon_ex, poseidon_le_bytes,
    poseidon_strs,
};
use algebraic_hash_poseidon::field::{FIELD_NAME, fr_from_be_bytes, fr_from_str};

const P_DEC: &str = "21888242871839275222246405745257275088548364400416034343698204186575808495617";
const P_HEX: &str = "0x30644e72e131a029b85045b68181585d2833e84879b9709143e1f593f0000001";

fn p_be_bytes() -> [u8; 32] {
    let mut out = [0u8; 32];
    let hex = P_HEX.trim_start_matches("0x");
    for (i, byte) in out.iter_mut().enumerate() {
        *byte = u8::from_str_radix(&hex[2 * i..2 * i + 2], 16).unwrap();
    }
    out
}

fn ones(n: usize) -> Vec<Fr> {
    vec![Fr::from(1u64); n]
}

#[test]
fn wrong_input_counts() {
    let range = |found| Error::LengthOutOfRange {
        what: "circom Poseidon inputs",
        min: 1,
        max: 16,
        found,
    };
    assert_eq!(poseidon(&[]), Err(range(0)));
    assert_eq!(poseidon(&ones(17)), Err(range(17)));
    assert_eq!(poseidon_strs::<&str>(&[]), Err(range(0)));
    assert_eq!(poseidon_strs(&["1"; 17]), Err(range(17)));
    assert_eq!(poseidon_be_bytes(&[[0u8; 32]; 17]), Err(range(17)));
    let mut out = [Fr::from(0u64)];
    assert_eq!(
        poseidon_ex(&ones(20), Fr::from(0u64), &mut out),
        Err(range(20))
    );

    // A fixed width takes exactly T - 1 inputs.
    let t3 = CircomPoseidon::<3>::new();
    for n in [0, 1, 3, 16] {
        assert_eq!(
            t3.hash(&ones(n)),
            Err(Error::WrongLength {
                what: "circom Poseidon inputs",
                expected: 2,
                found: n
            })
        );
    }
    assert!(CircomPoseidon::<17>::new().hash(&ones(16)).is_ok());
    assert!(CircomPoseidon::<17>::new().hash(&ones(15)).is_err());
}

#[test]
fn wrong_output_counts_and_widths() {
    let outputs = |max, found| Error::LengthOutOfRange {
        what: "circom Poseidon outputs",
        min: 1,
        max,
        found,
    };
    let mut none: [Fr; 0] = [];
    assert_eq!(
        poseidon_ex(&ones(2), Fr::from(0u64), &mut none),
        Err(outputs(3, 0))
    );
    let mut four = [Fr::from(0u64); 4];
    assert_eq!(
        poseidon_ex(&ones(2), Fr::from(0u64), &mut four),
        Err(outputs(3, 4))
    );
    assert!(poseidon_ex(&ones(3), Fr::from(0u64), &mut four).is_ok());

    for len in [0usize, 1, 18, 40] {
        let mut state = ones(len);
        assert_eq!(
            permute_state(&mut state),
            Err(Error::LengthOutOfRange {
                what: "circom Poseidon state",
                min: 2,
                max: 17,
                found: len
            })
        );
        assert_eq!(state, ones(len), "a refused state is left alone");
    }
}

#[test]
fn elements_not_below_p() {
    let not_canonical = Err(Error::NotCanonical { field: FIELD_NAME });
    assert_eq!(fr_from_str(P_DEC), not_canonical);
    assert_eq!(fr_from_str(P_HEX), not_canonical);
    assert_eq!(
        fr_from_str(&"f".repeat(80)).map(|_| ()),
        Err(Error::MalformedNumber {
            position: 0,
            character: Some('f'),
        })
    );
    assert_eq!(poseidon_strs(&["1", P_DEC]), not_canonical);
    assert_eq!(poseidon_strs(&[P_HEX]), not_canonical);
    // 2^256 - 1 in hex does not even fit the limbs.
    assert_eq!(
        poseidon_strs(&[format!("0x{}", "f".repeat(64))]),
        not_canonical
    );
    assert_eq!(
        poseidon_strs(&["1", "2x"]),
        Err(Error::MalformedNumber {
            position: 1,
            character: Some('x')
        })
    );
    assert_eq!(
        poseidon_strs(&["", "2"]),
        Err(Error::MalformedNumber {
            position: 0,
            character: None
        })
    );

    let p = p_be_bytes();
    assert_eq!(fr_from_be_bytes(&p), not_canonical);
    assert_eq!(
        poseidon_be_bytes(&[[0u8; 32], p]).map(|_| ()),
        not_canonical.map(|_: Fr| ())
    );
    assert_eq!(
        poseidon_be_bytes(&[[0xff; 32]]).map(|_| ()),
        not_canonical.map(|_: Fr| ())
    );
    assert_eq!(
        poseidon_be_bytes(&[vec![0u8; 31]]),
        Err(Error::WrongLength {
            what: "BN254 Fr element bytes",
            expected: 32,
            found: 31
        })
    );
    // p - 1 is fine and equals the field element −1.
    let mut p_minus_1 = p;
    p_minus_1[31] -= 1;
    assert_eq!(fr_from_be_bytes(&p_minus_1), Ok(-Fr::from(1u64)));
    assert_eq!(poseidon_be_bytes(&[p_minus_1]).map(|b| b.len()), Ok(32));
    // The little-endian twin refuses the same values.
    let mut p_le = p;
    p_le.reverse();
    assert_eq!(
        poseidon_le_bytes(&[p_le]).map(|_| ()),
        not_canonical.map(|_: Fr| ())
    );
    assert_eq!(
        poseidon_le_bytes(&[vec![0u8; 33]]),
        Err(Error::WrongLength {
            what: "BN254 Fr element bytes",
            expected: 32,
            found: 33
        })
    );
    assert_eq!(
        poseidon_strs(&[&P_DEC[..P_DEC.len() - 1], "0x10"]),
        poseidon(&[
            fr_from_str(&P_DEC[..P_DEC.len() - 1]).unwrap(),
            Fr::from(16u64)
        ])
    );
}

/// The fixed-arity `Hasher` impl cannot return an error: it panics on a
/// wrong count (documented), the checked forms above do not.
#[test]
#[should_panic(expected = "circom Poseidon inputs: expected 2, got 3")]
fn hasher_trait_panics_on_wrong_count() {
    let _ = CircomPoseidon::<3>::new().hash_elements(&ones(3));
}
