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
    let mut level = leaf_nodes(num_leaves, leaf_indices)?;
    let mut needed = Vec::new();
    // Level by level from the leaves up: the nodes on some leaf's way to
    // the root (sorted, distinct) and the siblings among them that are not
    // on such a way themselves. Every index of a level exceeds every index
    // of the levels above, so each level's siblings, largest first, extend
    // a decreasing list.
    while level.first().is_some_and(|&node| node > 1) {
        let from = needed.len();
        for_each_pair(&level, |node, sibling_on_path| {
            if !sibling_on_path {
                needed.push(node ^ 1);
            }
        });
        needed[from..].reverse();
        level.iter_mut().for_each(|node| *node /= 2);
        level.dedup();
    }
    Ok(needed)
}

/// The nodes of these leaves, sorted and distinct; refused if an index is
/// not below `num_leaves`.
fn leaf_nodes(num_leaves: usize, leaf_indices: &[usize]) -> Result<Vec<usize>, TreeError> {
    let mut nodes = Vec::with_capacity(leaf_indices.len());
    for &index in leaf_indices {
        if index >= num_leaves {
            return Err(TreeError::IndexOutOfRange {
                index,
                leaves: num_leaves,
            });
        }
        nodes.push(num_leaves + index);
    }
    nodes.sort_unstable();
    nodes.dedup();
    Ok(nodes)
}

/// Walks a level's sorted, distinct nodes, calling `f(node, sibling_on_path)`
/// once per parent: with the left child and `true` where both children are
/// in the level, else with the one that is and `false`.
fn for_each_pair(level: &[usize], mut f: impl FnMut(usize, bool)) {
    let mut i = 0;
    while i < level.len() {
        let node = level[i];
        let both = node & 1 == 0 && level.get(i + 1) == Some(&(node + 1));
        f(node, both);
        i += if both { 2 } else { 1 };
    }
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
        let levels = self.known_levels()?;
        match levels.last().map(Vec::as_slice) {
            Some([(1, top)]) if *top == root => Ok(()),
            _ => Err(TreeError::RootMismatch),
        }
    }

    /// twenty-first's `into_authentication_paths`: each proven leaf's path
    /// (its siblings from the leaf level up), in the order of
    /// [`InclusionProof::indexed_leaves`].
    pub fn authentication_paths(&self) -> Result<Vec<Vec<Digest>>, TreeError> {
        let levels = self.known_levels()?;
        let num_leaves = 1usize << self.tree_height;
        Ok(self
            .indexed_leaves
            .iter()
            .map(|&(index, _)| {
                let mut node = num_leaves + index;
                let mut path = Vec::with_capacity(levels.len());
                for level in &levels[..levels.len() - 1] {
                    // Every sibling on a proven leaf's way up is known:
                    // given in the structure or computed below it.
                    let sibling = level.binary_search_by_key(&(node ^ 1), |&(i, _)| i);
                    path.extend(sibling.ok().map(|k| level[k].1));
                    node /= 2;
                }
                path
            })
            .collect())
    }

    /// Every node the proof gives or implies, level by level from the
    /// leaves to the root, each level sorted by node index: the leaves,
    /// the structure's siblings, and the parents, each level's computed by
    /// one `compress_many`.
    fn known_levels(&self) -> Result<Vec<Vec<(usize, Digest)>>, TreeError> {
        let height = self.tree_height;
        let num_leaves = 1usize
            .checked_shl(height)
            .ok_or(TreeError::TreeHeight { height })?;
        let indices: Vec<usize> = self.indexed_leaves.iter().map(|&(i, _)| i).collect();
        let expected = authentication_structure_node_indices(num_leaves, &indices)?.len();
        if expected != self.authentication_structure.len() {
            return Err(TreeError::StructureLength {
                expected,
                found: self.authentication_structure.len(),
            });
        }

        let mut level: Vec<(usize, Digest)> = self
            .indexed_leaves
            .iter()
            .map(|&(index, digest)| (num_leaves + index, digest))
            .collect();
        level.sort_unstable_by_key(|&(node, _)| node);
        for pair in level.windows(2) {
            if pair[0].0 == pair[1].0 && pair[0].1 != pair[1].1 {
                return Err(TreeError::RepeatedLeafMismatch {
                    index: pair[0].0 - num_leaves,
                });
            }
        }
        level.dedup_by_key(|&mut (node, _)| node);

        // The structure lists the siblings level by level from the leaves
        // up, each level's largest index first; a level's share, read
        // backwards, comes in the increasing order of the walk over it.
        let mut taken = 0;
        let mut siblings = Vec::new();
        let mut levels = Vec::with_capacity(height as usize + 1);
        let mut pairs = Vec::new();
        while level.first().is_some_and(|&(node, _)| node > 1) {
            let nodes: Vec<usize> = level.iter().map(|&(node, _)| node).collect();
            let mut count = 0;
            for_each_pair(&nodes, |_, sibling_on_path| {
                count += usize::from(!sibling_on_path)
            });
            // In range: the levels' counts add up to `expected`, the
            // structure's length.
            let mut given = self.authentication_structure[taken..taken + count]
                .iter()
                .rev();
            taken += count;
            let mut on_path = level.iter();
            siblings.clear();
            for_each_pair(&nodes, |node, sibling_on_path| {
                let Some(&(_, digest)) = on_path.next() else {
                    return;
                };
                if sibling_on_path {
                    if let Some(&(_, right)) = on_path.next() {
                        pairs.push([digest, right]);
                    }
                } else if let Some(&sibling) = given.next() {
                    siblings.push((node ^ 1, sibling));
                    pairs.push(if node & 1 == 0 {
                        [digest, sibling]
                    } else {
                        [sibling, digest]
                    });
                }
            });
            let mut parents = alloc::vec![Digest::default(); pairs.len()];
            Tip5.compress_many(&pairs, &mut parents);
            pairs.clear();
            let mut next: Vec<(usize, Digest)> = Vec::with_capacity(parents.len());
            let mut parent_nodes = nodes.iter().map(|&node| node / 2).collect::<Vec<_>>();
            parent_nodes.dedup();
            next.extend(parent_nodes.into_iter().zip(parents));
            level.extend_from_slice(&siblings);
            level.sort_unstable_by_key(|&(node, _)| node);
            levels.push(core::mem::replace(&mut level, next));
        }
        levels.push(level);
        Ok(levels)
    }
}
