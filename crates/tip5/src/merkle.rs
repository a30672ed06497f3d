//! Triton VM's and Neptune Cash's Merkle trees over Tip5, bit for bit:
//! twenty-first 3.1's `MerkleTree`, its authentication structures and
//! `MerkleTreeInclusionProof`.
//!
//! Leaves are digests, a parent is [`Tip5::hash_pair`] of its children
//! (left, right), and the number of leaves is a power of two. Nodes are
//! numbered as twenty-first numbers them: the root is node 1, the children
//! of node `i` are `2i` and `2i + 1`, so leaf `j` of `n` is node `n + j`.
//!
//! A proof for several leaves at once is one *authentication structure*:
//! the siblings that the leaves' paths to the root need, less those that
//! can be computed from the leaves and the other siblings, in decreasing
//! order of node index. For one leaf it is that leaf's path, bottom up.
//!
//! The levels are built by the workspace's [`algebraic_hash::MerkleTree`]
//! (each level through [`Compression::compress_many`], eight states at a
//! time on AVX-512 IFMA); a proof's levels are checked the same way, one
//! `compress_many` a level.

use alloc::collections::{BTreeMap, BTreeSet};
use alloc::vec::Vec;
use core::fmt;

use algebraic_hash::Compression;

use crate::{Digest, Tip5};

/// Why a tree could not be built, a structure computed or a proof accepted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TreeError {
    /// A tree has a power-of-two number of leaves, at least one.
    LeafCount {
        /// The number of leaves given.
        leaves: usize,
    },
    /// A proof's tree height is too large for this machine's `usize`
    /// (`2^height` leaves).
    TreeHeight {
        /// The height given.
        height: u32,
    },
    /// A leaf index is not below the number of leaves.
    IndexOutOfRange {
        /// The index given.
        index: usize,
        /// The number of leaves.
        leaves: usize,
    },
    /// A proof's authentication structure does not have the length that
    /// its leaf indices and tree height need.
    StructureLength {
        /// Digests the leaf indices need.
        expected: usize,
        /// Digests the proof has.
        found: usize,
    },
    /// A proof names one leaf twice with different digests.
    RepeatedLeafMismatch {
        /// The leaf index named twice.
        index: usize,
    },
    /// The proof leads to a different root.
    RootMismatch,
}

impl fmt::Display for TreeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::LeafCount { leaves } => write!(
                f,
                "a Tip5 Merkle tree needs a power-of-two number of leaves, not {leaves}"
            ),
            Self::TreeHeight { height } => {
                write!(f, "a tree of height {height} has too many leaves to index")
            }
            Self::IndexOutOfRange { index, leaves } => {
                write!(f, "leaf index {index} out of range for {leaves} leaves")
            }
            Self::StructureLength { expected, found } => write!(
                f,
                "authentication structure has {found} digests, the leaf indices need {expected}"
            ),
            Self::RepeatedLeafMismatch { index } => {
                write!(f, "leaf {index} is given twice with different digests")
            }
            Self::RootMismatch => write!(f, "the inclusion proof does not lead to the root"),
        }
    }
}

#[cfg(feature = "std")]
impl std::error::Error for TreeError {}

/// A Merkle tree with every node kept: twenty-first's `MerkleTree`.
#[derive(Clone, Debug)]
pub struct MerkleTree {
    tree: algebraic_hash::MerkleTree<Digest, Tip5>,
}

impl MerkleTree {
    /// twenty-first's `MerkleTree::par_new` / `sequential_new` (equal):
    /// refused if the number of leaves is zero or not a power of two.
    pub fn new(leaves: Vec<Digest>) -> Result<Self, TreeError> {
        let count = leaves.len();
        if !count.is_power_of_two() {
            return Err(TreeError::LeafCount { leaves: count });
        }
        let tree = algebraic_hash::MerkleTree::new(Tip5, leaves)
            .map_err(|_| TreeError::LeafCount { leaves: count })?;
        Ok(Self { tree })
    }

    /// The root (node 1).
    pub fn root(&self) -> Digest {
        *self.tree.root()
    }

    /// The leaves, in order.
    pub fn leaves(&self) -> &[Digest] {
        self.tree.leaves()
    }

    /// The number of leaves (a power of two).
    pub fn num_leaves(&self) -> usize {
        self.tree.leaves().len()
    }

    /// Levels below the root: `log2` of the number of leaves.
    pub fn height(&self) -> u32 {
        self.num_leaves().trailing_zeros()
    }

    /// Leaf `index`, if the tree has it.
    pub fn leaf(&self, index: usize) -> Option<Digest> {
        self.leaves().get(index).copied()
    }

    /// Node `index` in twenty-first's numbering (the root is 1; 0 is no
    /// node), if the tree has it.
    pub fn node(&self, index: usize) -> Option<Digest> {
        if index == 0 {
            return None;
        }
        let depth = index.ilog2();
        let height = self.height();
        if depth > height {
            return None;
        }
        // `levels()[0]` holds the leaves (depth `height`), the last level
        // the root (depth 0); a node's place in its level is its index
        // less the level's first index.
        self.tree.levels()[(height - depth) as usize]
            .get(index - (1 << depth))
            .copied()
    }

    /// twenty-first's `authentication_structure`: the digests of the
    /// nodes [`authentication_structure_node_indices`] names for these
    /// leaves.
    pub fn authentication_structure(
        &self,
        leaf_indices: &[usize],
    ) -> Result<Vec<Digest>, TreeError> {
        let indices = authentication_structure_node_indices(self.num_leaves(), leaf_indices)?;
        // Every index named is a node of this tree (below `2 · leaves`).
        Ok(indices.into_iter().filter_map(|i| self.node(i)).collect())
    }

    /// twenty-first's `inclusion_proof_for_leaf_indices`: the leaves at
    /// these indices, in the order given, with their authentication
    /// structure.
    pub fn inclusion_proof(&self, leaf_indices: &[usize]) -> Result<InclusionProof, TreeError> {
        let authentication_structure = self.authentication_structure(leaf_indices)?;
        let leaves = self.leaves();
        let indexed_leaves = leaf_indices.iter().map(|&i| (i, leaves[i])).collect();
        Ok(InclusionProof {
            tree_height: self.height(),
            indexed_leaves,
            authentication_structure,
        })
    }
}

/// twenty-first's `MerkleTree::authentication_structure_node_indices`:
/// the nodes a proof for these leaves of a tree of `num_leaves` leaves
/// carries, in decreasing order. Refused if `num_leaves` is not a power of
/// two or an index is not below it.
pub fn authentication_structure_node_indices(
    num_leaves: usize,
    leaf_indices: &[usize],
) -> Result<Vec<usize>, TreeError> {
    if !num_leaves.is_power_of_two() {
        return Err(TreeError::LeafCount { leaves: num_leaves });
    }
    // Nodes on some leaf's way to the root (computable by the verifier)
    // and their siblings (needed); the root is neither.
    let mut on_paths = BTreeSet::new();
    let mut siblings = BTreeSet::new();
    for &index in leaf_indices {
        if index >= num_leaves {
            return Err(TreeError::IndexOutOfRange {
                index,
                leaves: num_leaves,
            });
        }
        let mut node = num_leaves + index;
        while node > 1 {
            on_paths.insert(node);
            siblings.insert(node ^ 1);
            node /= 2;
        }
    }
    let mut needed: Vec<usize> = siblings.difference(&on_paths).copied().collect();
    needed.reverse();
    Ok(needed)
}

/// Leaves of a tree with the authentication structure that proves them:
/// twenty-first's `MerkleTreeInclusionProof`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct InclusionProof {
    /// The height of the tree the proof claims (`log2` of its leaves).
    pub tree_height: u32,
    /// The leaves proven, as (index, digest), in any order; an index may
    /// repeat with the same digest.
    pub indexed_leaves: Vec<(usize, Digest)>,
    /// The siblings [`authentication_structure_node_indices`] names for
    /// these indices, in its order.
    pub authentication_structure: Vec<Digest>,
}

impl InclusionProof {
    /// twenty-first's `try_verify`: the leaves and the structure hash to
    /// `root`. As in twenty-first, a proof of no leaves with an empty
    /// structure is accepted for any root.
    pub fn verify(&self, root: Digest) -> Result<(), TreeError> {
        if self.indexed_leaves.is_empty() && self.authentication_structure.is_empty() {
            return Ok(());
        }
        if self.known_nodes()?.get(&1) == Some(&root) {
            Ok(())
        } else {
            Err(TreeError::RootMismatch)
        }
    }

    /// twenty-first's `into_authentication_paths`: each proven leaf's path
    /// (its siblings from the leaf level up), in the order of
    /// [`InclusionProof::indexed_leaves`].
    pub fn authentication_paths(&self) -> Result<Vec<Vec<Digest>>, TreeError> {
        let nodes = self.known_nodes()?;
        let num_leaves = 1usize << self.tree_height;
        Ok(self
            .indexed_leaves
            .iter()
            .map(|&(index, _)| {
                let mut path = Vec::with_capacity(self.tree_height as usize);
                let mut node = num_leaves + index;
                while node > 1 {
                    // Every sibling on a proven leaf's path is known: given
                    // in the structure or computed by `known_nodes`.
                    path.extend(nodes.get(&(node ^ 1)).copied());
                    node /= 2;
                }
                path
            })
            .collect())
    }

    /// Every node the proof gives or implies: the structure's, the
    /// leaves', and their ancestors up to the root, each level's parents
    /// computed by one `compress_many`.
    fn known_nodes(&self) -> Result<BTreeMap<usize, Digest>, TreeError> {
        let height = self.tree_height;
        let num_leaves = 1usize
            .checked_shl(height)
            .ok_or(TreeError::TreeHeight { height })?;
        let leaf_indices: Vec<usize> = self.indexed_leaves.iter().map(|&(i, _)| i).collect();
        let given = authentication_structure_node_indices(num_leaves, &leaf_indices)?;
        if given.len() != self.authentication_structure.len() {
            return Err(TreeError::StructureLength {
                expected: given.len(),
                found: self.authentication_structure.len(),
            });
        }
        let mut nodes: BTreeMap<usize, Digest> = given
            .into_iter()
            .zip(self.authentication_structure.iter().copied())
            .collect();
        for &(index, digest) in &self.indexed_leaves {
            // A leaf's node is never in the structure: only a repeated
            // index can find it taken.
            if *nodes.entry(num_leaves + index).or_insert(digest) != digest {
                return Err(TreeError::RepeatedLeafMismatch { index });
            }
        }

        let mut level: Vec<usize> = leaf_indices.iter().map(|&i| num_leaves + i).collect();
        level.sort_unstable();
        level.dedup();
        let mut pairs = Vec::with_capacity(level.len());
        let mut parents = Vec::with_capacity(level.len());
        for _ in 0..height {
            level.iter_mut().for_each(|node| *node /= 2);
            level.dedup();
            // Both children of each parent are known: one is on a proven
            // leaf's path, the other on one too or in the structure.
            pairs.clear();
            pairs.extend(
                level
                    .iter()
                    .map(|&parent| [nodes[&(2 * parent)], nodes[&(2 * parent + 1)]]),
            );
            parents.clear();
            parents.resize(pairs.len(), Digest::default());
            Tip5.compress_many(&pairs, &mut parents);
            nodes.extend(level.iter().copied().zip(parents.iter().copied()));
        }
        Ok(nodes)
    }
}
