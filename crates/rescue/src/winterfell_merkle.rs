//! A Winterfell vector commitment that builds its Merkle tree with
//! [`Rp64_256::merge_pairs`], one batched call per tree level.
//!
//! Winterfell's `MerkleTree<H>` calls `H::merge` once per node, so a prover
//! never reaches the SIMD path of `merge_pairs`. [`BatchedMerkleTree`] is
//! the same tree — the node array is laid out exactly as
//! `winter_crypto::build_merkle_nodes` lays it out, and is handed to
//! `winter_crypto::MerkleTree::from_raw_parts` — so openings, proofs
//! (`Vec<digest>`, `BatchMerkleProof`) and verification are winter-crypto's
//! own, and a proof made with either tree verifies with the other and is
//! byte-identical. Use it as a prover's `type VC = BatchedMerkleTree;`
//! (with `type HashFn = WinterRp64_256;`) and in `winterfell::verify`.

use alloc::vec::Vec;

use winter_crypto::{BatchMerkleProof, MerkleTree, MerkleTreeError, VectorCommitment};

use crate::winterfell::WinterRp64_256;
use crate::{ElementDigest, Rp64_256};

/// Winterfell's Merkle tree over [`WinterRp64_256`], built level by level
/// with the batched [`Rp64_256::merge_pairs`]; see the [module
/// docs](self).
#[derive(Debug)]
pub struct BatchedMerkleTree(MerkleTree<WinterRp64_256>);

impl BatchedMerkleTree {
    /// Builds the tree over `leaves` (a power of two, at least 2; otherwise
    /// winter-crypto's `MerkleTreeError`).
    pub fn new(leaves: Vec<ElementDigest>) -> Result<Self, MerkleTreeError> {
        if leaves.len() < 2 {
            return Err(MerkleTreeError::TooFewLeaves(2, leaves.len()));
        }
        if !leaves.len().is_power_of_two() {
            return Err(MerkleTreeError::NumberOfLeavesNotPowerOfTwo(leaves.len()));
        }
        let nodes = build_nodes(&leaves);
        MerkleTree::from_raw_parts(nodes, leaves).map(Self)
    }

    /// The winter-crypto tree inside.
    pub fn as_winter(&self) -> &MerkleTree<WinterRp64_256> {
        &self.0
    }

    /// The winter-crypto tree inside.
    pub fn into_winter(self) -> MerkleTree<WinterRp64_256> {
        self.0
    }
}

/// `winter_crypto::build_merkle_nodes`' layout: `nodes[1]` is the root, the
/// children of `nodes[i]` are `nodes[2i]`, `nodes[2i + 1]`, the parents of
/// the leaves are `nodes[n/2 .. n]`, and `nodes[0]` is unused (default).
fn build_nodes(leaves: &[ElementDigest]) -> Vec<ElementDigest> {
    let n = leaves.len();
    let mut nodes = alloc::vec![ElementDigest::default(); n];
    let (pairs, _) = leaves.as_chunks::<2>();
    Rp64_256::merge_pairs(pairs, &mut nodes[n / 2..]).expect("n/2 pairs into n/2 nodes");
    let mut width = n / 2;
    while width > 1 {
        let (upper, lower) = nodes.split_at_mut(width);
        let (pairs, _) = lower[..width].as_chunks::<2>();
        Rp64_256::merge_pairs(pairs, &mut upper[width / 2..]).expect("equal lengths");
        width /= 2;
    }
    nodes
}

impl VectorCommitment<WinterRp64_256> for BatchedMerkleTree {
    type Options = ();
    type Proof = Vec<ElementDigest>;
    type MultiProof = BatchMerkleProof<WinterRp64_256>;
    type Error = MerkleTreeError;

    fn with_options(items: Vec<ElementDigest>, _options: ()) -> Result<Self, Self::Error> {
        Self::new(items)
    }

    fn commitment(&self) -> ElementDigest {
        *self.0.root()
    }

    fn domain_len(&self) -> usize {
        1 << self.0.depth()
    }

    fn get_proof_domain_len(proof: &Self::Proof) -> usize {
        <MerkleTree<WinterRp64_256> as VectorCommitment<WinterRp64_256>>::get_proof_domain_len(
            proof,
        )
    }

    fn get_multiproof_domain_len(proof: &Self::MultiProof) -> usize {
        <MerkleTree<WinterRp64_256> as VectorCommitment<WinterRp64_256>>::get_multiproof_domain_len(
            proof,
        )
    }

    fn open(&self, index: usize) -> Result<(ElementDigest, Self::Proof), Self::Error> {
        self.0.prove(index)
    }

    fn open_many(
        &self,
        indexes: &[usize],
    ) -> Result<(Vec<ElementDigest>, Self::MultiProof), Self::Error> {
        self.0.prove_batch(indexes)
    }

    fn verify(
        commitment: ElementDigest,
        index: usize,
        item: ElementDigest,
        proof: &Self::Proof,
    ) -> Result<(), Self::Error> {
        MerkleTree::<WinterRp64_256>::verify(commitment, index, item, proof)
    }

    fn verify_many(
        commitment: ElementDigest,
        indexes: &[usize],
        items: &[ElementDigest],
        proof: &Self::MultiProof,
    ) -> Result<(), Self::Error> {
        MerkleTree::<WinterRp64_256>::verify_batch(&commitment, indexes, items, proof)
    }
}
