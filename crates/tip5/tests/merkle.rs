//! test-vectors/tip5/merkle.json: twenty-first 3.1.1's Merkle trees (root,
//! authentication structures and their node indices, for several sets of
//! leaf indices) against [`merkle::MerkleTree`] and
//! [`merkle::InclusionProof::verify`]; its `compress` cases (inner nodes)
//! through the `Compression`; and every refusal.

mod common;

use algebraic_hash_testkit::{VectorFile, check_compression};
use algebraic_hash_tip5::merkle::{
    InclusionProof, MerkleTree, TreeError, authentication_structure_node_indices,
};
use algebraic_hash_tip5::{Felt, TIP5, Tip5};
use common::{digest, digests, leaves, parse, split, strings};

const FILE: &str = include_str!("../../../test-vectors/tip5/merkle.json");

fn numbers(value: &serde_json::Value) -> Vec<usize> {
    value
        .as_array()
        .expect("an array")
        .iter()
        .map(|n| n.as_u64().expect("a number") as usize)
        .collect()
}

#[test]
fn twenty_first_trees_and_proofs() {
    let file = VectorFile::parse(FILE);
    assert!(
        file.source.contains("twenty-first 3.1.1"),
        "{}",
        file.source
    );
    let (mut trees, mut proofs, mut several) = (0, 0, 0);
    for case in file.require("merkle_tree") {
        let tree = MerkleTree::new(digests(&case.input)).unwrap();
        let root = digests(&case.output)[0];
        assert_eq!(tree.root(), root, "root of {} leaves", tree.num_leaves());
        assert_eq!(tree.node(1), Some(root));
        for proof in case.raw["proofs"].as_array().expect("proofs") {
            let indices = numbers(&proof["leaf_indices"]);
            let structure = digests(&strings(&proof["authentication_structure"]));
            assert_eq!(
                authentication_structure_node_indices(tree.num_leaves(), &indices).unwrap(),
                numbers(&proof["node_indices"]),
                "node indices for {indices:?}"
            );
            assert_eq!(
                tree.authentication_structure(&indices).unwrap(),
                structure,
                "structure for {indices:?}"
            );
            let ours = tree.inclusion_proof(&indices).unwrap();
            assert_eq!(ours.authentication_structure, structure);
            assert_eq!(ours.verify(root), Ok(()), "proof of {indices:?}");
            // The paths agree with the tree, leaf by leaf.
            for (path, &index) in ours.authentication_paths().unwrap().iter().zip(&indices) {
                let mut node = tree.num_leaves() + index;
                let mut want = Vec::new();
                while node > 1 {
                    want.push(tree.node(node ^ 1).unwrap());
                    node /= 2;
                }
                assert_eq!(*path, want, "path of leaf {index}");
            }
            proofs += 1;
            several += usize::from(indices.len() > 1);
        }
        trees += 1;
    }
    assert!(trees >= 10 && proofs >= 50 && several >= 10);
    assert!(check_compression(&file, "compress", &TIP5, parse, split, digest) >= 20);
}

#[test]
fn tampered_proofs_are_refused() {
    let tree = MerkleTree::new(leaves(16)).unwrap();
    let root = tree.root();
    let proof = tree.inclusion_proof(&[3, 9, 10]).unwrap();
    assert_eq!(proof.verify(root), Ok(()));

    let mut other_root = root;
    other_root.0[4] += Felt::ONE;
    assert_eq!(proof.verify(other_root), Err(TreeError::RootMismatch));

    let mut leaf = proof.clone();
    leaf.indexed_leaves[1].1 = tree.leaf(8).unwrap();
    assert_eq!(leaf.verify(root), Err(TreeError::RootMismatch));

    let mut moved = proof.clone();
    moved.indexed_leaves[0].0 = 2;
    assert!(moved.verify(root).is_err());

    for i in 0..proof.authentication_structure.len() {
        let mut sibling = proof.clone();
        sibling.authentication_structure[i].0[0] += Felt::ONE;
        assert_eq!(
            sibling.verify(root),
            Err(TreeError::RootMismatch),
            "sibling {i}"
        );
    }

    let mut short = proof.clone();
    short.authentication_structure.pop();
    assert_eq!(
        short.verify(root),
        Err(TreeError::StructureLength {
            expected: proof.authentication_structure.len(),
            found: proof.authentication_structure.len() - 1,
        })
    );

    let mut height = proof.clone();
    height.tree_height = 5;
    assert!(height.verify(root).is_err());

    let mut repeated = proof.clone();
    repeated.indexed_leaves.push((9, tree.leaf(9).unwrap()));
    assert_eq!(repeated.verify(root), Ok(()));
    repeated.indexed_leaves.push((9, tree.leaf(8).unwrap()));
    assert_eq!(
        repeated.verify(root),
        Err(TreeError::RepeatedLeafMismatch { index: 9 })
    );
}

#[test]
fn bad_shapes_and_indices_are_refused() {
    for n in [0, 3, 5, 6, 7, 12, 100] {
        assert_eq!(
            MerkleTree::new(leaves(n)).unwrap_err(),
            TreeError::LeafCount { leaves: n }
        );
        assert_eq!(
            authentication_structure_node_indices(n, &[0]),
            Err(TreeError::LeafCount { leaves: n })
        );
    }
    let tree = MerkleTree::new(leaves(8)).unwrap();
    let out_of_range = TreeError::IndexOutOfRange {
        index: 8,
        leaves: 8,
    };
    assert_eq!(tree.authentication_structure(&[1, 8]), Err(out_of_range));
    assert_eq!(tree.inclusion_proof(&[8]).unwrap_err(), out_of_range);
    assert_eq!(tree.leaf(8), None);
    assert_eq!(tree.node(0), None);
    assert_eq!(tree.node(16), None);
    assert_eq!(tree.node(15), tree.leaf(7));

    let mut beyond = tree.inclusion_proof(&[2]).unwrap();
    beyond.indexed_leaves[0].0 = 8;
    assert_eq!(beyond.verify(tree.root()), Err(out_of_range));
    let mut huge = beyond.clone();
    huge.tree_height = usize::BITS;
    assert_eq!(
        huge.verify(tree.root()),
        Err(TreeError::TreeHeight {
            height: usize::BITS
        })
    );
    assert_eq!(
        huge.authentication_paths(),
        Err(TreeError::TreeHeight {
            height: usize::BITS
        })
    );
}

#[test]
fn one_leaf_and_no_leaves() {
    let leaf = leaves(1);
    let tree = MerkleTree::new(leaf.clone()).unwrap();
    assert_eq!((tree.root(), tree.height()), (leaf[0], 0));
    let proof = tree.inclusion_proof(&[0]).unwrap();
    assert!(proof.authentication_structure.is_empty());
    assert_eq!(proof.verify(leaf[0]), Ok(()));
    assert_eq!(
        proof.verify(Tip5::hash_pair(leaf[0], leaf[0])),
        Err(TreeError::RootMismatch)
    );
    // twenty-first accepts a proof of nothing for any root; so does this.
    assert_eq!(InclusionProof::default().verify(leaf[0]), Ok(()));
    // A structure without leaves is not nothing.
    let stray = InclusionProof {
        tree_height: 3,
        indexed_leaves: Vec::new(),
        authentication_structure: leaf.clone(),
    };
    assert_eq!(
        stray.verify(leaf[0]),
        Err(TreeError::StructureLength {
            expected: 0,
            found: 1
        })
    );
}
