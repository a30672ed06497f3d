//! The workspace's `MerkleTree` over circom Poseidon t = 3 against Semaphore
//! v4's group trees (test-vectors/poseidon/lean_imt.json, written by
//! scripts/lean-imt-vectors from @semaphore-protocol/group 4.14.3: zk-kit's
//! LeanIMT over poseidon-lite's `poseidon2`). Both trees carry a node
//! without a right sibling up unchanged, so they agree on every group size:
//! the roots, and each member's path (LeanIMT's proof siblings, bottom
//! first, none at the levels where the node is carried up) with the sides
//! of its siblings (LeanIMT's proof `index`: a bit per sibling, set where
//! the sibling is on the left), which `MerkleTree::verify` accepts, and
//! `MerkleTree::verify_sides` with the stored `index`'s bits as LeanIMT's
//! verifier does; a changed leaf, sibling or side, another leaf's index and
//! an index past the end are refused.

use algebraic_hash::{MerkleError, MerklePath, MerkleTree};
use algebraic_hash_poseidon::Fr;
use algebraic_hash_poseidon::circom::CircomPoseidon;
use algebraic_hash_poseidon::field::fr_from_str;
use algebraic_hash_testkit::{VectorFile, check_compression};

fn file() -> VectorFile {
    VectorFile::parse(include_str!("../../../test-vectors/poseidon/lean_imt.json"))
}

fn parse(s: &str) -> Fr {
    fr_from_str(s).expect("vector element")
}

fn parse_all(items: &[String]) -> Vec<Fr> {
    items.iter().map(|s| parse(s)).collect()
}

/// A leaf other than `leaf`.
fn other_leaf(leaf: &Fr) -> Fr {
    *leaf + Fr::from(1u64)
}

#[test]
fn inner_nodes_are_poseidon_lite_poseidon2() {
    let n = check_compression(
        &file(),
        "compress",
        &CircomPoseidon::<3>::new(),
        parse,
        |input| input.try_into().expect("two inputs"),
        |out| out[0],
    );
    assert!(n >= 20);
}

#[test]
fn roots_and_paths_are_semaphores() {
    let file = file();
    let (mut trees, mut proofs) = (0, 0);
    for case in file.require("merkle_tree") {
        let leaves = parse_all(&case.input);
        let n = leaves.len();
        let tree = MerkleTree::new_sequential(CircomPoseidon::<3>::new(), leaves.clone())
            .expect("at least one leaf");
        assert_eq!(*tree.root(), parse(&case.output[0]), "root of {n} leaves");
        let root = *tree.root();
        for proof in case.raw["proofs"].as_array().expect("proofs") {
            let index = proof["leaf_index"].as_u64().expect("leaf_index") as usize;
            let siblings: Vec<Fr> = proof["siblings"]
                .as_array()
                .expect("siblings")
                .iter()
                .map(|s| parse(s.as_str().expect("sibling")))
                .collect();
            let path = tree.path(index).expect("index below the leaf count");
            assert_eq!(path.siblings, siblings, "path of leaf {index} of {n}");
            let sides = tree.path_sides(index).expect("index below the leaf count");
            assert_eq!(sides.len(), siblings.len(), "a side per sibling");
            let bits = sides
                .iter()
                .rev()
                .fold(0u64, |bits, &left| (bits << 1) | u64::from(left));
            let semaphore_index = proof["index"].as_u64().expect("index");
            assert_eq!(bits, semaphore_index, "sides of leaf {index} of {n}");
            let compression = tree.compression();
            let verify =
                |root: &Fr, count: usize, index: usize, leaf: &Fr, path: &MerklePath<Fr>| {
                    MerkleTree::verify(compression, root, count, index, leaf, path)
                };
            assert_eq!(verify(&root, n, index, &leaves[index], &path), Ok(()));
            // As LeanIMT verifies: the sides from the stored `index`, no
            // leaf index or count.
            let stored_sides: Vec<bool> = (0..siblings.len())
                .map(|k| semaphore_index >> k & 1 == 1)
                .collect();
            let verify_sides = |root: &Fr, leaf: &Fr, path: &MerklePath<Fr>, sides: &[bool]| {
                MerkleTree::verify_sides(compression, root, leaf, path, sides)
            };
            assert_eq!(
                verify_sides(&root, &leaves[index], &path, &stored_sides),
                Ok(())
            );
            assert_eq!(
                verify_sides(&root, &other_leaf(&leaves[index]), &path, &stored_sides),
                Err(MerkleError::RootMismatch),
                "a changed leaf, sides given"
            );
            // (Flipping a side changes nothing where the leaf equals its
            // sibling, as in the group of r − 1, r − 1 and 1.)
            if let Some(lowest) = stored_sides.first()
                && siblings[0] != leaves[index]
            {
                let mut flipped = stored_sides.clone();
                flipped[0] = !lowest;
                assert_eq!(
                    verify_sides(&root, &leaves[index], &path, &flipped),
                    Err(MerkleError::RootMismatch),
                    "the lowest side flipped"
                );
            }
            assert_eq!(
                verify_sides(
                    &root,
                    &leaves[index],
                    &path,
                    &[stored_sides.clone(), vec![false]].concat()
                ),
                Err(MerkleError::SidesLength {
                    siblings: siblings.len(),
                    sides: siblings.len() + 1
                })
            );
            assert_eq!(
                verify(&root, n, index, &other_leaf(&leaves[index]), &path),
                Err(MerkleError::RootMismatch),
                "a changed leaf"
            );
            if let Some(first) = path.siblings.first() {
                let mut changed = path.clone();
                changed.siblings[0] = *first + Fr::from(1u64);
                assert_eq!(
                    verify(&root, n, index, &leaves[index], &changed),
                    Err(MerkleError::RootMismatch)
                );
                // Another leaf's index with this leaf and path: refused as
                // a wrong length or a wrong root (unless the two leaves are
                // equal, as in the group of r − 1, r − 1 and 1).
                let elsewhere = if index == 0 { 1 } else { index - 1 };
                if leaves[elsewhere] != leaves[index] {
                    assert!(verify(&root, n, elsewhere, &leaves[index], &path).is_err());
                }
            }
            assert!(matches!(
                verify(&root, n, n, &leaves[index], &path),
                Err(MerkleError::IndexOutOfRange { .. })
            ));
            assert_eq!(
                tree.path_sides(n),
                Err(MerkleError::IndexOutOfRange {
                    index: n,
                    leaves: n
                })
            );
            proofs += 1;
        }
        trees += 1;
    }
    assert!(
        trees >= 40 && proofs >= 100,
        "{trees} trees, {proofs} proofs"
    );
}
