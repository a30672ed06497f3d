//! Poseidon2: the vector files (answers from HorizenLabs, Barretenberg, Noir,
//! bb.js, taceo-poseidon2, bn254_blackbox_solver, the seed, and this
//! project's Python reference where no outside system covers an instance).

use algebraic_hash::{Compression, Error, Hasher, Permutation};
use algebraic_hash_poseidon::Fr;
use algebraic_hash_poseidon::field::{FIELD_NAME, fr_from_str};
use algebraic_hash_poseidon::poseidon2::{self, Poseidon2};
use algebraic_hash_testkit::{VectorFile, check_compression, check_hasher, check_permutation};

fn parse(s: &str) -> Fr {
    fr_from_str(s).expect("vector element")
}

const OLD_T2: &str = include_str!("../../../test-vectors/poseidon/poseidon2_old_t2.json");
const OLD_T3: &str = include_str!("../../../test-vectors/poseidon/poseidon2_old_t3.json");
const OLD_T4: &str = include_str!("../../../test-vectors/poseidon/poseidon2_old_t4.json");
const NEW_T2: &str = include_str!("../../../test-vectors/poseidon/poseidon2_new_t2.json");
const NEW_T3: &str = include_str!("../../../test-vectors/poseidon/poseidon2_new_t3.json");
const NEW_T4: &str = include_str!("../../../test-vectors/poseidon/poseidon2_new_t4.json");
// gnark-crypto v0.22.0 (permutation, compress) and grain.py (sponge).
const NEW_T8: &str = include_str!("../../../test-vectors/poseidon/poseidon2_new_t8.json");
const NEW_T12: &str = include_str!("../../../test-vectors/poseidon/poseidon2_new_t12.json");
const NEW_T16: &str = include_str!("../../../test-vectors/poseidon/poseidon2_new_t16.json");

/// Permutation, compression and hash cases of one file; `N` = t − 1.
fn check_file<const T: usize, const N: usize>(json: &str, p: Poseidon2<T>)
where
    Poseidon2<T>: Compression<Fr, N> + Hasher<Fr, Digest = Fr>,
{
    let file = VectorFile::parse(json);
    // the KAT, permute [0, 1, ..., t-1], comes first in every file
    let kat = &file.cases[0];
    assert_eq!(kat.function, "permutation");
    let zero_to_t: Vec<String> = (0..T).map(|i| i.to_string()).collect();
    assert_eq!(kat.input, zero_to_t);
    check_permutation(&file, "permutation", &p, parse);
    check_compression(
        &file,
        "compress",
        &p,
        parse,
        |v| v.try_into().expect("t - 1 inputs"),
        |v| v[0],
    );
    check_hasher(&file, "hash_elements", &p, parse, |v| v[0]);

    // the hash through the sponge object and through the checked string API
    for case in file.require("hash_elements") {
        let input: Vec<Fr> = case.input.iter().map(|s| parse(s)).collect();
        let strs: Vec<&str> = case.input.iter().map(String::as_str).collect();
        let expected = parse(&case.output[0]);
        assert_eq!(Hasher::hash_elements(&p, &input), expected);
        let le_words: Vec<[u8; 32]> = input
            .iter()
            .map(algebraic_hash_poseidon::field::fr_to_le_bytes)
            .collect();
        let be_words: Vec<[u8; 32]> = le_words
            .iter()
            .map(|w| {
                let mut be = *w;
                be.reverse();
                be
            })
            .collect();
        let instance = poseidon2::Instance::new(p.param_set(), T).expect("instance");
        assert_eq!(instance.hash_strs(&strs), Ok(expected));
        assert_eq!(instance.hash_be_bytes(&be_words), Ok(expected));
        assert_eq!(instance.hash_le_bytes(&le_words), Ok(expected));
        assert_eq!(instance.hash(&input), expected);
    }
    for case in file.require("compress") {
        let input: Vec<Fr> = case.input.iter().map(|s| parse(s)).collect();
        let instance = poseidon2::Instance::new(p.param_set(), T).expect("instance");
        assert_eq!(instance.compress_slice(&input), Ok(parse(&case.output[0])));
    }
    // literals >= p (Barretenberg's consistency checks) are refused here
    for case in &file.cases {
        if let Some(literals) = case.raw.get("input_literal").and_then(|v| v.as_array()) {
            for literal in literals {
                let literal = literal.as_str().expect("literal string");
                assert_eq!(
                    fr_from_str(literal),
                    Err(Error::NotCanonical { field: FIELD_NAME })
                );
            }
        }
    }
}

#[test]
fn vectors_old_t2() {
    check_file::<2, 1>(OLD_T2, poseidon2::OLD_T2);
}

#[test]
fn vectors_old_t3() {
    check_file::<3, 2>(OLD_T3, poseidon2::OLD_T3);
}

#[test]
fn vectors_old_t4() {
    check_file::<4, 3>(OLD_T4, poseidon2::OLD_T4);
}

#[test]
fn vectors_new_t2() {
    check_file::<2, 1>(NEW_T2, poseidon2::NEW_T2);
}

#[test]
fn vectors_new_t3() {
    check_file::<3, 2>(NEW_T3, poseidon2::NEW_T3);
}

#[test]
fn vectors_new_t4() {
    check_file::<4, 3>(NEW_T4, poseidon2::NEW_T4);
}

#[test]
fn vectors_new_t8() {
    check_file::<8, 7>(NEW_T8, poseidon2::NEW_T8);
}

#[test]
fn vectors_new_t12() {
    check_file::<12, 11>(NEW_T12, poseidon2::NEW_T12);
}

#[test]
fn vectors_new_t16() {
    check_file::<16, 15>(NEW_T16, poseidon2::NEW_T16);
}

/// The old set does not exist at t = 8, 12, 16: a typed error, not a guess.
#[test]
fn old_wide_widths_are_unsupported() {
    for t in [8, 12, 16] {
        assert!(matches!(
            poseidon2::Instance::new(poseidon2::ParamSet::Old, t),
            Err(Error::Unsupported { .. })
        ));
        assert!(poseidon2::Instance::from_name(&format!("old-t{t}")).is_err());
        let name = format!("poseidon2-new-t{t}");
        let inst = poseidon2::Instance::from_name(&name).expect("new wide instance");
        assert_eq!(inst.width(), t);
        assert_eq!(inst.name(), name);
        // The older, longer spelling still parses.
        let long = poseidon2::Instance::from_name(&format!("poseidon2-bn254-new-t{t}"));
        assert_eq!(long.expect("long name"), inst);
    }
    for bad in ["new-t5", "new-t1", "new-t10", "new-t160", "new-t"] {
        assert!(poseidon2::Instance::from_name(bad).is_err(), "{bad}");
    }
}

/// The per-instance module functions are the same instances.
#[test]
fn instance_modules() {
    let file = VectorFile::parse(NEW_T4);
    let case = &file.require("hash_elements")[0];
    let input: Vec<Fr> = case.input.iter().map(|s| parse(s)).collect();
    assert_eq!(poseidon2::new::t4::hash(&input), parse(&case.output[0]));
    let kat = [0u64, 1, 2, 3].map(Fr::from);
    assert_eq!(
        poseidon2::new::t4::permutation(&kat),
        poseidon2::NEW_T4.permute(kat)
    );
    let file = VectorFile::parse(OLD_T3);
    let case = &file.require("compress")[0];
    let input: Vec<Fr> = case.input.iter().map(|s| parse(s)).collect();
    assert_eq!(
        poseidon2::old::t3::compress([input[0], input[1]]),
        parse(&case.output[0])
    );
}
