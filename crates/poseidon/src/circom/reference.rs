//! The plain (textbook) form of circomlib's Poseidon, from circomlibjs'
//! `poseidon_constants.js` as stored in
//! `test-vectors/poseidon/circom_constants.json`: every round adds `t`
//! constants, full rounds apply the S-box to every element and partial
//! rounds to element 0 only, and every round multiplies by the MDS matrix.
//! Test reference only: it checks the optimized tables against the plain
//! ones, and both against circomlibjs.

extern crate std;
use std::string::{String, ToString};
use std::vec::Vec;

use ark_ff::{Field, Zero};
use serde_json::Value;

use super::{Fr, ROUNDS_F};
use crate::field::fr_from_str;

fn pow5(x: Fr) -> Fr {
    x.square().square() * x
}

/// The plain-form constants of one width.
struct ReferenceTables {
    rounds_p: usize,
    /// `t` constants per round, `ROUNDS_F + rounds_p` rounds.
    round_constants: Vec<Vec<Fr>>,
    /// Row-major MDS matrix.
    mds: Vec<Vec<Fr>>,
}

fn elements(v: &Value) -> Vec<Fr> {
    v.as_array()
        .expect("an array of elements")
        .iter()
        .map(|x| fr_from_str(x.as_str().expect("an element as text")).expect("an element"))
        .collect()
}

fn matrix(v: &Value) -> Vec<Vec<Fr>> {
    v.as_array()
        .expect("an array of rows")
        .iter()
        .map(elements)
        .collect()
}

/// The plain tables of width `t` from the JSON file.
fn reference_tables(t: usize) -> ReferenceTables {
    let json: Value = serde_json::from_str(include_str!(
        "../../../../test-vectors/poseidon/circom_constants.json"
    ))
    .expect("valid JSON");
    let width = &json["widths"][t.to_string()];
    assert_eq!(width["rounds_f"].as_u64(), Some(ROUNDS_F as u64));
    let tables = ReferenceTables {
        rounds_p: width["rounds_p"].as_u64().expect("rounds_p") as usize,
        round_constants: matrix(&width["round_constants"]),
        mds: matrix(&width["mds"]),
    };
    assert_eq!(tables.rounds_p, super::ROUNDS_P[t - 2]);
    assert_eq!(tables.round_constants.len(), ROUNDS_F + tables.rounds_p);
    assert!(tables.round_constants.iter().all(|r| r.len() == t));
    assert!(tables.mds.len() == t && tables.mds.iter().all(|r| r.len() == t));
    tables
}

fn permute(state: &mut [Fr], tables: &ReferenceTables) {
    let half = ROUNDS_F / 2;
    for (r, constants) in tables.round_constants.iter().enumerate() {
        for (x, c) in state.iter_mut().zip(constants) {
            *x += c;
        }
        if r < half || r >= half + tables.rounds_p {
            for x in state.iter_mut() {
                *x = pow5(*x);
            }
        } else {
            state[0] = pow5(state[0]);
        }
        let input = state.to_vec();
        for (out, row) in state.iter_mut().zip(&tables.mds) {
            *out = row
                .iter()
                .zip(&input)
                .fold(Fr::zero(), |acc, (w, x)| acc + *w * x);
        }
    }
}

fn parse(items: &[String]) -> Vec<Fr> {
    items.iter().map(|s| fr_from_str(s).unwrap()).collect()
}

/// The plain form against circomlibjs, every width, every full-state case.
#[test]
fn plain_form_matches_circomlibjs() {
    let mut checked = 0;
    for (t, json) in crate::circom::tests_support::VECTORS {
        let tables = reference_tables(t);
        let file = algebraic_hash_testkit::VectorFile::parse(json);
        for case in file.require("permutation") {
            let mut state = parse(&case.input);
            assert_eq!(state.len(), t);
            permute(&mut state, &tables);
            assert_eq!(
                state,
                parse(&case.output),
                "t = {t}, input {:?}",
                case.input
            );
            checked += 1;
        }
    }
    assert!(checked >= 16 * 12);
}

/// The optimized tables (`tables/tT.bin`) equal the plain ones on
/// pseudo-random states, every width.
#[test]
fn optimized_equals_plain() {
    let mut seed = 0x1234_5678_9abc_def0u64;
    let mut next = || {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        Fr::from(seed) * Fr::from(seed.rotate_left(17)) + Fr::from(seed >> 3)
    };
    for t in 2..=17 {
        let tables = reference_tables(t);
        for _ in 0..20 {
            let mut a: Vec<Fr> = (0..t).map(|_| next()).collect();
            let mut b = a.clone();
            permute(&mut a, &tables);
            crate::circom::permute_state(&mut b).unwrap();
            assert_eq!(a, b, "t = {t}");
        }
    }
}

/// Each `tables/tT.bin` is byte for byte what the generator wrote.
#[test]
fn stored_tables_have_the_generators_digest() {
    use sha2::{Digest, Sha256};
    for (t, bytes, expected) in super::tables::SHA256 {
        let digest = Sha256::digest(bytes);
        let hex: String = digest.iter().map(|b| std::format!("{b:02x}")).collect();
        assert_eq!(hex, expected, "t = {t}");
    }
}
