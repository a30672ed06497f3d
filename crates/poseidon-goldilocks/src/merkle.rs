//! Plonky2's Merkle trees over this hash, bit for bit:
//! `plonky2::hash::merkle_tree::MerkleTree<GoldilocksField, PoseidonHash>`
//! and `verify_merkle_proof_to_cap`.
//!
//! A leaf is a vector of field elements, its digest
//! [`PoseidonHash::hash_or_noop`] (up to four elements are their own
//! digest); two nodes make their parent by [`PoseidonHash::two_to_one`]
//! (left, right). What a prover commits to is not the root but the cap:
//! the `2^cap_height` nodes `cap_height` levels below it (the root when
//! `cap_height` is 0, the leaves' digests when it is the tree's height),
//! and a proof is the siblings from the leaf up to the cap, one a level.
//! As in plonky2, the number of leaves is a power of two.
//!
//! The levels are built by the workspace's [`algebraic_hash::MerkleTree`]
//! (each level through `compress_many`, on this CPU's packed lanes; on
//! rayon's pool with `algebraic-hash`'s `parallel` feature); only the
//! leaves' hashing, the cap and the proofs' length are Plonky2's.

use alloc::vec::Vec;
use core::fmt;

use algebraic_hash::Permutation;

use crate::{Felt, HashOut, NUM_HASH_OUT_ELTS, POSEIDON, PoseidonHash, SPONGE_RATE, SPONGE_WIDTH};

/// Why a tree could not be built, a proof made or a proof accepted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CapError {
    /// Plonky2's trees have a power-of-two number of leaves, at least one.
    LeafCount {
        /// The number of leaves given.
        leaves: usize,
    },
    /// The cap is above the root: `cap_height` exceeds the tree's height
    /// (`log2` of its number of leaves).
    CapHeight {
        /// The cap height asked for.
        cap_height: usize,
        /// The tree's height.
        tree_height: usize,
    },
    /// The leaf index is not below the number of leaves the tree has, or
    /// that the cap and the proof's length reach.
    IndexOutOfRange {
        /// The index given.
        index: usize,
        /// The number of leaves.
        leaves: usize,
    },
    /// The proof does not lead to the cap's node at its index.
    CapMismatch,
}

impl fmt::Display for CapError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::LeafCount { leaves } => write!(
                f,
                "a Plonky2 Merkle tree needs a power-of-two number of leaves, not {leaves}"
            ),
            Self::CapHeight {
                cap_height,
                tree_height,
            } => write!(
                f,
                "cap height {cap_height} is above the tree's height {tree_height}"
            ),
            Self::IndexOutOfRange { index, leaves } => {
                write!(f, "leaf index {index} out of range for {leaves} leaves")
            }
            Self::CapMismatch => write!(f, "the Merkle proof does not lead to the cap"),
        }
    }
}

#[cfg(feature = "std")]
impl std::error::Error for CapError {}

/// A Plonky2 Merkle tree: its leaves, every level, and its cap height.
#[derive(Clone, Debug)]
pub struct MerkleTree {
    leaves: Vec<Vec<Felt>>,
    tree: algebraic_hash::MerkleTree<HashOut, PoseidonHash>,
    cap_height: usize,
}

impl MerkleTree {
    /// Plonky2's `MerkleTree::new(leaves, cap_height)`: refused (where
    /// plonky2 panics) if the number of leaves is not a power of two or the
    /// cap is above the root.
    pub fn new(leaves: Vec<Vec<Felt>>, cap_height: usize) -> Result<Self, CapError> {
        if !leaves.len().is_power_of_two() {
            return Err(CapError::LeafCount {
                leaves: leaves.len(),
            });
        }
        let tree_height = leaves.len().trailing_zeros() as usize;
        if cap_height > tree_height {
            return Err(CapError::CapHeight {
                cap_height,
                tree_height,
            });
        }
        let tree =
            algebraic_hash::MerkleTree::new(PoseidonHash, leaf_digests(&leaves)).map_err(|_| {
                CapError::LeafCount {
                    leaves: leaves.len(),
                }
            })?;
        Ok(Self {
            leaves,
            tree,
            cap_height,
        })
    }

    /// The leaves, in order.
    pub fn leaves(&self) -> &[Vec<Felt>] {
        &self.leaves
    }

    /// The cap height the tree was built with.
    pub fn cap_height(&self) -> usize {
        self.cap_height
    }

    /// Every level, the leaves' digests first, the root last.
    pub fn levels(&self) -> &[Vec<HashOut>] {
        self.tree.levels()
    }

    /// Plonky2's `cap`: the `2^cap_height` nodes `cap_height` levels below
    /// the root, left to right.
    pub fn cap(&self) -> &[HashOut] {
        let levels = self.tree.levels();
        &levels[levels.len() - 1 - self.cap_height]
    }

    /// Plonky2's `prove(index).siblings`: the sibling of each node from
    /// leaf `index` up to, not including, the cap (the tree's height minus
    /// the cap height of them).
    pub fn prove(&self, index: usize) -> Result<Vec<HashOut>, CapError> {
        let leaves = self.leaves.len();
        let path = self
            .tree
            .path(index)
            .map_err(|_| CapError::IndexOutOfRange { index, leaves })?;
        let mut siblings = path.siblings;
        siblings.truncate(self.tree.levels().len() - 1 - self.cap_height);
        Ok(siblings)
    }
}

/// Plonky2's `verify_merkle_proof_to_cap`: `leaf` at `index` hashes, with
/// `siblings` from the leaf level up (each to the right of the node where
/// the index's bit at that level is 0, to its left where it is 1), to
/// `cap[index >> siblings.len()]`. An index beyond the cap is refused
/// (where plonky2 panics).
pub fn verify_merkle_proof_to_cap(
    leaf: &[Felt],
    index: usize,
    cap: &[HashOut],
    siblings: &[HashOut],
) -> Result<(), CapError> {
    let mut node = PoseidonHash::hash_or_noop(leaf);
    let mut i = index;
    for sibling in siblings {
        node = if i & 1 == 0 {
            PoseidonHash::two_to_one(node, *sibling)
        } else {
            PoseidonHash::two_to_one(*sibling, node)
        };
        i >>= 1;
    }
    match cap.get(i) {
        Some(top) if *top == node => Ok(()),
        Some(_) => Err(CapError::CapMismatch),
        None => Err(CapError::IndexOutOfRange {
            index,
            leaves: 1usize
                .checked_shl(siblings.len() as u32)
                .map_or(usize::MAX, |per_node| per_node.saturating_mul(cap.len())),
        }),
    }
}

/// `hash_or_noop` of every leaf. Leaves of one length above four (a
/// matrix's rows, the usual case) are absorbed together, a block of eight
/// elements at a time, through `permute_many` (this CPU's packed lanes);
/// others one by one.
fn leaf_digests(leaves: &[Vec<Felt>]) -> Vec<HashOut> {
    let len = leaves.first().map_or(0, Vec::len);
    if len <= NUM_HASH_OUT_ELTS || leaves.iter().any(|leaf| leaf.len() != len) {
        return leaves
            .iter()
            .map(|leaf| PoseidonHash::hash_or_noop(leaf))
            .collect();
    }
    let mut digests = Vec::with_capacity(leaves.len());
    let mut states = alloc::vec![[Felt::ZERO; SPONGE_WIDTH]; LEAVES_AT_ONCE.min(leaves.len())];
    for group in leaves.chunks(LEAVES_AT_ONCE) {
        let states = &mut states[..group.len()];
        states.fill([Felt::ZERO; SPONGE_WIDTH]);
        for start in (0..len).step_by(SPONGE_RATE) {
            let end = (start + SPONGE_RATE).min(len);
            for (state, leaf) in states.iter_mut().zip(group) {
                state[..end - start].copy_from_slice(&leaf[start..end]);
            }
            POSEIDON.permute_many(states);
        }
        digests.extend(
            states
                .iter()
                .map(|state| -> HashOut { core::array::from_fn(|i| state[i]) }),
        );
    }
    digests
}

/// Leaves absorbed together by [`leaf_digests`]: their states (96 bytes
/// each) stay in the cache between blocks, and a tree's extra memory stays
/// small.
const LEAVES_AT_ONCE: usize = 1024;
