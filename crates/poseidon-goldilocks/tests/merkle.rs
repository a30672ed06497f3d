//! test-vectors/plonky2/merkle.json: plonky2 1.1.0's Merkle trees
//! (`MerkleTree::<GoldilocksField, PoseidonHash>::new`), their caps and
//! proofs, against [`merkle::MerkleTree`] and
//! [`merkle::verify_merkle_proof_to_cap`]; and the refusals where plonky2
//! panics.

use algebraic_hash_poseidon_goldilocks::merkle::{
    CapError, MerkleTree, verify_merkle_proof_to_cap,
};
use algebraic_hash_poseidon_goldilocks::{Felt, HASH_OR_NOOP, HashOut, PoseidonHash};
use algebraic_hash_testkit::{VectorFile, check_hasher};

const FILE: &str = include_str!("../../../test-vectors/plonky2/merkle.json");

fn parse(text: &str) -> Felt {
    text.parse().expect("vector value")
}

fn digests(elements: &[String]) -> Vec<HashOut> {
    elements
        .chunks_exact(4)
        .map(|d| core::array::from_fn(|i| parse(&d[i])))
        .collect()
}

fn number(value: &serde_json::Value) -> usize {
    value.as_u64().expect("a number") as usize
}

#[test]
fn plonky2_trees_caps_and_proofs() {
    let file = VectorFile::parse(FILE);
    assert!(file.source.contains("plonky2 1.1.0"), "{}", file.source);
    let (mut trees, mut proofs, mut batched) = (0, 0, 0);
    for case in file.require("merkle_tree") {
        let lengths: Vec<usize> = case.raw["leaf_lengths"]
            .as_array()
            .expect("leaf_lengths")
            .iter()
            .map(number)
            .collect();
        let elements: Vec<Felt> = case.input.iter().map(|s| parse(s)).collect();
        assert_eq!(elements.len(), lengths.iter().sum::<usize>());
        let mut rest = elements.as_slice();
        let leaves: Vec<Vec<Felt>> = lengths
            .iter()
            .map(|&len| {
                let (leaf, tail) = rest.split_at(len);
                rest = tail;
                leaf.to_vec()
            })
            .collect();
        if lengths.iter().all(|&l| l == lengths[0] && l > 4) {
            batched += 1;
        }
        let cap_height = number(&case.raw["cap_height"]);
        let tree = MerkleTree::new(leaves.clone(), cap_height).unwrap();
        assert_eq!(
            tree.cap(),
            digests(&case.output),
            "cap, {} leaves",
            leaves.len()
        );
        assert_eq!(tree.cap().len(), 1 << cap_height);
        for proof in case.raw["proofs"].as_array().expect("proofs") {
            let index = number(&proof["index"]);
            let siblings: Vec<String> = proof["siblings"]
                .as_array()
                .expect("siblings")
                .iter()
                .map(|s| s.as_str().expect("a decimal string").to_owned())
                .collect();
            let siblings = digests(&siblings);
            assert_eq!(
                tree.prove(index).unwrap(),
                siblings,
                "proof of leaf {index}"
            );
            let cap = tree.cap();
            assert_eq!(
                verify_merkle_proof_to_cap(&leaves[index], index, cap, &siblings),
                Ok(())
            );
            // Another leaf's data, another index, a changed sibling: refused.
            let mut other = leaves[index].clone();
            other.push(Felt::ONE);
            assert_eq!(
                verify_merkle_proof_to_cap(&other, index, cap, &siblings),
                Err(CapError::CapMismatch)
            );
            if !siblings.is_empty() {
                // (Unless the neighbour's digest is the same: the tree of
                // four empty leaves.)
                let digest = PoseidonHash::hash_or_noop;
                if digest(&leaves[index]) != digest(&leaves[index ^ 1]) {
                    assert_eq!(
                        verify_merkle_proof_to_cap(&leaves[index], index ^ 1, cap, &siblings),
                        Err(CapError::CapMismatch)
                    );
                }
                let mut changed = siblings.clone();
                changed[siblings.len() - 1][3] += Felt::ONE;
                assert_eq!(
                    verify_merkle_proof_to_cap(&leaves[index], index, cap, &changed),
                    Err(CapError::CapMismatch)
                );
            }
            proofs += 1;
        }
        trees += 1;
    }
    assert!(
        trees >= 15 && proofs >= 50 && batched >= 5,
        "{trees} trees, {proofs} proofs, {batched} batched"
    );
    // The smaller trees' leaves one by one (the cases the bindings check).
    let digest = |e: &[Felt]| -> HashOut { e.try_into().expect("4-element digest") };
    assert!(check_hasher(&file, "hash_or_noop", &HASH_OR_NOOP, parse, digest) >= 30);
}

#[test]
fn refusals_where_plonky2_panics() {
    let leaf = |i: u32| vec![Felt::from(i); 7];
    for n in [0, 3, 5, 6, 12] {
        let leaves: Vec<Vec<Felt>> = (0..n).map(leaf).collect();
        assert_eq!(
            MerkleTree::new(leaves, 0).unwrap_err(),
            CapError::LeafCount { leaves: n as usize }
        );
    }
    let leaves: Vec<Vec<Felt>> = (0..8).map(leaf).collect();
    assert_eq!(
        MerkleTree::new(leaves.clone(), 4).unwrap_err(),
        CapError::CapHeight {
            cap_height: 4,
            tree_height: 3
        }
    );
    let tree = MerkleTree::new(leaves.clone(), 1).unwrap();
    assert_eq!(tree.cap_height(), 1);
    assert_eq!(tree.leaves(), leaves.as_slice());
    assert_eq!(tree.levels().len(), 4);
    assert_eq!(
        tree.prove(8).unwrap_err(),
        CapError::IndexOutOfRange {
            index: 8,
            leaves: 8
        }
    );
    let siblings = tree.prove(5).unwrap();
    assert_eq!(siblings.len(), 2);
    // Index 9 with two siblings points at cap entry 2 of a cap of two.
    assert_eq!(
        verify_merkle_proof_to_cap(&leaves[5], 9, tree.cap(), &siblings),
        Err(CapError::IndexOutOfRange {
            index: 9,
            leaves: 8
        })
    );
    // A proof longer than an index has bits: the index runs out (as
    // plonky2's, shifted once a level) and cap entry 0 is compared.
    let long = vec![siblings[0]; 70];
    for index in [5, usize::MAX] {
        assert_eq!(
            verify_merkle_proof_to_cap(&leaves[5], index, tree.cap(), &long),
            Err(CapError::CapMismatch)
        );
    }
    assert_eq!(
        verify_merkle_proof_to_cap(&leaves[5], 0, &[], &[]),
        Err(CapError::IndexOutOfRange {
            index: 0,
            leaves: 0
        })
    );
    assert!(
        CapError::LeafCount { leaves: 3 }
            .to_string()
            .contains("power-of-two")
    );
}

/// Leaves of one length above four are absorbed together in groups of
/// 1 024: past a group's end, each leaf's digest is still its own
/// `hash_or_noop` (which the vector files pin).
#[test]
fn rows_hashed_together_past_one_group() {
    let leaves: Vec<Vec<Felt>> = (0..2048u32)
        .map(|i| (0..9).map(|j| Felt::from(i * 9 + j)).collect())
        .collect();
    let tree = MerkleTree::new(leaves.clone(), 3).unwrap();
    for (digest, leaf) in tree.levels()[0].iter().zip(&leaves) {
        assert_eq!(*digest, PoseidonHash::hash_or_noop(leaf));
    }
    for index in [0, 1023, 1024, 2047] {
        let siblings = tree.prove(index).unwrap();
        assert_eq!(siblings.len(), 8);
        assert_eq!(
            verify_merkle_proof_to_cap(&leaves[index], index, tree.cap(), &siblings),
            Ok(())
        );
    }
}
