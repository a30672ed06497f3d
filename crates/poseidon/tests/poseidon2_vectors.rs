//! Poseidon2: the vector files (answers from HorizenLabs, Barretenberg, Noir,
//! bb.js, taceo-poseidon2, bn254_blackbox_solver, the seed, and the Python
//! reference where no outside system covers an instance).

use algebraic_hash_poseidon::Fr;
use algebraic_hash_poseidon::field::fr_from_str;
use algebraic_hash_poseidon::poseidon2::{self, Poseidon2};
use algebraic_hash_testkit::{VectorFile, check_permutation};

fn parse(s: &str) -> Fr {
    fr_from_str(s).expect("vector element")
}

const OLD_T2: &str = include_str!("../../../test-vectors/poseidon/poseidon2_old_t2.json");
const OLD_T3: &str = include_str!("../../../test-vectors/poseidon/poseidon2_old_t3.json");
const OLD_T4: &str = include_str!("../../../test-vectors/poseidon/poseidon2_old_t4.json");
const NEW_T2: &str = include_str!("../../../test-vectors/poseidon/poseidon2_new_t2.json");
const NEW_T3: &str = include_str!("../../../test-vectors/poseidon/poseidon2_new_t3.json");
const NEW_T4: &str = include_str!("../../../test-vectors/poseidon/poseidon2_new_t4.json");

fn permutation_vectors<const T: usize>(json: &str, p: Poseidon2<T>) {
    let file = VectorFile::parse(json);
    // the KAT, permute [0, 1, ..., t-1], comes first in every file
    let kat = &file.cases[0];
    assert_eq!(kat.function, "permutation");
    let zero_to_t: Vec<String> = (0..T).map(|i| i.to_string()).collect();
    assert_eq!(kat.input, zero_to_t);
    let n = check_permutation(&file, "permutation", &p, parse);
    assert!(n >= 1);
}

#[test]
fn permutation_old_t2() {
    permutation_vectors(OLD_T2, poseidon2::OLD_T2);
}

#[test]
fn permutation_old_t3() {
    permutation_vectors(OLD_T3, poseidon2::OLD_T3);
}

#[test]
fn permutation_old_t4() {
    permutation_vectors(OLD_T4, poseidon2::OLD_T4);
}

#[test]
fn permutation_new_t2() {
    permutation_vectors(NEW_T2, poseidon2::NEW_T2);
}

#[test]
fn permutation_new_t3() {
    permutation_vectors(NEW_T3, poseidon2::NEW_T3);
}

#[test]
fn permutation_new_t4() {
    permutation_vectors(NEW_T4, poseidon2::NEW_T4);
}
