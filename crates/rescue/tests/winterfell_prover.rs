//! The Winterfell example prover (`examples/winterfell_prover.rs`): the
//! proofs made with winter-crypto's `Rp64_256`, with `WinterRp64_256`, and
//! with `WinterRp64_256` + `BatchedMerkleTree` are byte-identical, each
//! verifies under both hashers, and a wrong public input is refused.
#![cfg(feature = "winterfell")]

#[path = "../examples/support/cube.rs"]
mod cube;

use algebraic_hash_rescue::{BatchedMerkleTree, ElementDigest, Rp64_256, WinterRp64_256};
use winterfell::crypto::hashers::Rp64_256 as Winter;
use winterfell::crypto::{MerkleTree, VectorCommitment};
use winterfell::math::fields::f64::BaseElement;

#[test]
fn proofs_are_byte_identical_and_verify_under_both_hashers() {
    for (first, log) in [(3u64, 6u32), (5, 10)] {
        let steps = 1 << log;
        let (winter, inputs) = cube::prove::<Winter, MerkleTree<Winter>>(first, steps);
        let (ours, ours_inputs) =
            cube::prove::<WinterRp64_256, MerkleTree<WinterRp64_256>>(first, steps);
        let (batched, _) = cube::prove::<WinterRp64_256, BatchedMerkleTree>(first, steps);
        assert_eq!(inputs.last, ours_inputs.last);
        assert_eq!(winter.to_bytes(), ours.to_bytes(), "2^{log} steps");
        assert_eq!(winter.to_bytes(), batched.to_bytes(), "2^{log} steps");

        for proof in [&winter, &ours, &batched] {
            cube::verify::<Winter, MerkleTree<Winter>>(proof.clone(), inputs).unwrap();
            cube::verify::<WinterRp64_256, MerkleTree<WinterRp64_256>>(proof.clone(), inputs)
                .unwrap();
            cube::verify::<WinterRp64_256, BatchedMerkleTree>(proof.clone(), inputs).unwrap();
        }
        let mut wrong = inputs;
        wrong.last += BaseElement::new(1);
        assert!(cube::verify::<WinterRp64_256, BatchedMerkleTree>(batched, wrong).is_err());
    }
}

fn leaves(n: usize) -> Vec<ElementDigest> {
    (0..n as u64)
        .map(|i| Rp64_256::hash(&i.to_le_bytes()))
        .collect()
}

#[test]
fn batched_tree_equals_winter_tree() {
    for log in 1..=9 {
        let items = leaves(1 << log);
        let ours = BatchedMerkleTree::new(items.clone()).unwrap();
        let theirs = MerkleTree::<WinterRp64_256>::new(items.clone()).unwrap();
        // Winter's tree over winter-crypto's own hasher, as an outside answer.
        let winter_items: Vec<_> = items.iter().map(|d| d.to_winter()).collect();
        let outside = MerkleTree::<Winter>::new(winter_items).unwrap();
        assert_eq!(ours.commitment(), *theirs.root());
        assert_eq!(ours.commitment().to_winter(), *outside.root());
        assert_eq!(ours.domain_len(), 1 << log);
        for index in [0, (1 << log) - 1, (1 << log) / 2] {
            let (item, proof) = ours.open(index).unwrap();
            assert_eq!(item, items[index]);
            assert_eq!(proof, theirs.open(index).unwrap().1);
            BatchedMerkleTree::verify(ours.commitment(), index, item, &proof).unwrap();
        }
        let indexes = [0, (1 << log) - 1];
        let (items_many, multi) = ours.open_many(&indexes).unwrap();
        BatchedMerkleTree::verify_many(ours.commitment(), &indexes, &items_many, &multi).unwrap();
    }
    assert!(BatchedMerkleTree::new(leaves(1)).is_err());
    assert!(BatchedMerkleTree::new(leaves(6)).is_err());
}
