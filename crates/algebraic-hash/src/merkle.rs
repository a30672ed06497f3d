//! A binary Merkle tree over any 2-to-1 [`Compression`].

use alloc::vec::Vec;
use core::fmt;

use crate::Compression;

/// Pairs handed to one `compress_many` call by the parallel build: large
/// enough to keep batch (SIMD) backends busy, small enough to spread work.
#[cfg(feature = "parallel")]
const PARALLEL_BATCH: usize = 64;

/// Levels with fewer pairs than this are built sequentially even with the
/// `parallel` feature (the result is the same either way).
#[cfg(feature = "parallel")]
const PARALLEL_THRESHOLD: usize = 256;

/// Why a Merkle operation was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MerkleError {
    /// A tree needs at least one leaf.
    NoLeaves,
    /// The leaf index is not below the number of leaves.
    IndexOutOfRange {
        /// The index asked for.
        index: usize,
        /// The number of leaves.
        leaves: usize,
    },
    /// The path has a different number of siblings than the tree shape needs.
    PathLength {
        /// Siblings the shape needs.
        expected: usize,
        /// Siblings the path has.
        found: usize,
    },
    /// The path leads to a different root.
    RootMismatch,
    /// A path's sides and siblings differ in number.
    SidesLength {
        /// Siblings the path has.
        siblings: usize,
        /// Sides given.
        sides: usize,
    },
}

impl fmt::Display for MerkleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::NoLeaves => write!(f, "a Merkle tree needs at least one leaf"),
            Self::IndexOutOfRange { index, leaves } => {
                write!(f, "leaf index {index} out of range for {leaves} leaves")
            }
            Self::PathLength { expected, found } => {
                write!(
                    f,
                    "authentication path has {found} siblings, expected {expected}"
                )
            }
            Self::RootMismatch => write!(f, "authentication path does not lead to the root"),
            Self::SidesLength { siblings, sides } => {
                write!(
                    f,
                    "authentication path has {siblings} siblings but {sides} sides"
                )
            }
        }
    }
}

#[cfg(feature = "std")]
#[cfg_attr(docsrs, doc(cfg(feature = "std")))]
impl std::error::Error for MerkleError {}

/// A binary Merkle tree with every level kept in memory.
///
/// Each level pairs its nodes left to right and compresses each pair. When a
/// level has an odd number of nodes, its last node has no sibling and is
/// carried up to the next level unchanged (it is not hashed with itself or
/// with padding). For a power-of-two number of leaves this is the usual
/// complete tree; for other sizes it is the shape of RFC 6962 (the left
/// subtree holds the largest power of two below the leaf count) and of
/// zk-kit's LeanIMT, the tree of Semaphore v4's groups (over circom's
/// Poseidon t = 3 its roots are pinned by
/// `test-vectors/poseidon/lean_imt.json`). A tree of one leaf has that
/// leaf as its root.
///
/// Leaves are digests: hash your data into leaves first. Leaves and inner
/// nodes are not domain-separated (as in Winterfell and Plonky3), so fix the
/// tree depth, or the leaf count, in whatever verifies a path.
#[derive(Clone, Debug)]
pub struct MerkleTree<D, C> {
    compression: C,
    /// `levels[0]` holds the leaves, the last level holds only the root.
    levels: Vec<Vec<D>>,
}

/// The siblings met on the way from a leaf to the root, bottom first; levels
/// where the node was carried up contribute none.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MerklePath<D> {
    /// The sibling digests, from the leaf level upwards.
    pub siblings: Vec<D>,
}

/// One level up: each pair compressed, an odd last node carried up.
fn next_level_sequential<D: Clone, C: Compression<D, 2>>(compression: &C, level: &[D]) -> Vec<D> {
    let (pairs, rest) = level.as_chunks::<2>();
    let mut next = Vec::with_capacity(pairs.len() + rest.len());
    if let Some(first) = level.first() {
        next.resize(pairs.len(), first.clone());
    }
    compression.compress_many(pairs, &mut next);
    next.extend_from_slice(rest);
    next
}

#[cfg(feature = "parallel")]
fn next_level_parallel<D, C>(compression: &C, level: &[D]) -> Vec<D>
where
    D: Clone + Send + Sync,
    C: Compression<D, 2>,
{
    use rayon::prelude::*;
    let (pairs, rest) = level.as_chunks::<2>();
    if pairs.len() < PARALLEL_THRESHOLD {
        return next_level_sequential(compression, level);
    }
    let mut next = Vec::with_capacity(pairs.len() + rest.len());
    next.resize(pairs.len(), level[0].clone());
    pairs
        .par_chunks(PARALLEL_BATCH)
        .zip(next.par_chunks_mut(PARALLEL_BATCH))
        .for_each(|(inputs, outputs)| compression.compress_many(inputs, outputs));
    next.extend_from_slice(rest);
    next
}

fn build_levels<D: Clone>(leaves: Vec<D>, mut step: impl FnMut(&[D]) -> Vec<D>) -> Vec<Vec<D>> {
    let mut levels = Vec::new();
    levels.push(leaves);
    while let Some(last) = levels.last().filter(|l| l.len() > 1) {
        let next = step(last);
        levels.push(next);
    }
    levels
}

impl<D: Clone + PartialEq, C: Compression<D, 2>> MerkleTree<D, C> {
    /// Builds the tree over `leaves` (with the `parallel` feature, large
    /// levels are built on rayon's pool; the result is the same).
    pub fn new(compression: C, leaves: Vec<D>) -> Result<Self, MerkleError>
    where
        D: Send + Sync,
    {
        #[cfg(feature = "parallel")]
        {
            Self::new_parallel(compression, leaves)
        }
        #[cfg(not(feature = "parallel"))]
        {
            Self::new_sequential(compression, leaves)
        }
    }

    /// Builds the tree on the calling thread only.
    pub fn new_sequential(compression: C, leaves: Vec<D>) -> Result<Self, MerkleError> {
        if leaves.is_empty() {
            return Err(MerkleError::NoLeaves);
        }
        let levels = build_levels(leaves, |level| next_level_sequential(&compression, level));
        Ok(Self {
            compression,
            levels,
        })
    }

    /// Builds the levels on rayon's thread pool; equal to
    /// [`MerkleTree::new_sequential`].
    #[cfg(feature = "parallel")]
    #[cfg_attr(docsrs, doc(cfg(feature = "parallel")))]
    pub fn new_parallel(compression: C, leaves: Vec<D>) -> Result<Self, MerkleError>
    where
        D: Send + Sync,
    {
        if leaves.is_empty() {
            return Err(MerkleError::NoLeaves);
        }
        let levels = build_levels(leaves, |level| next_level_parallel(&compression, level));
        Ok(Self {
            compression,
            levels,
        })
    }

    /// The root.
    pub fn root(&self) -> &D {
        // Invariant: at least one level, and the last one holds one node.
        &self.levels[self.levels.len() - 1][0]
    }

    /// The leaves, in order.
    pub fn leaves(&self) -> &[D] {
        &self.levels[0]
    }

    /// All levels, leaves first, root last.
    pub fn levels(&self) -> &[Vec<D>] {
        &self.levels
    }

    /// The compression the tree was built with.
    pub fn compression(&self) -> &C {
        &self.compression
    }

    /// The authentication path of leaf `index`.
    pub fn path(&self, index: usize) -> Result<MerklePath<D>, MerkleError> {
        let leaves = self.leaves().len();
        if index >= leaves {
            return Err(MerkleError::IndexOutOfRange { index, leaves });
        }
        let siblings = self.levels[..self.levels.len() - 1]
            .iter()
            .zip(path_levels(leaves, index))
            .filter_map(|(level, step)| step.map(|(i, _)| level[i ^ 1].clone()))
            .collect();
        Ok(MerklePath { siblings })
    }

    /// The side of each sibling on the path of leaf `index`, one per sibling
    /// of [`MerkleTree::path`], bottom first: `true` where the sibling is on
    /// the left (the path's node is a right child). Read as a number, the
    /// first sibling's side its lowest bit, these are the `index` of a
    /// LeanIMT proof (zk-kit's tree of Semaphore v4 groups).
    pub fn path_sides(&self, index: usize) -> Result<Vec<bool>, MerkleError> {
        let leaves = self.leaves().len();
        if index >= leaves {
            return Err(MerkleError::IndexOutOfRange { index, leaves });
        }
        Ok(sides(leaves, index))
    }

    /// Checks that `leaf` sits at `index` in a tree of `leaf_count` leaves
    /// with root `root`, as `path` claims.
    pub fn verify(
        compression: &C,
        root: &D,
        leaf_count: usize,
        index: usize,
        leaf: &D,
        path: &MerklePath<D>,
    ) -> Result<(), MerkleError> {
        if index >= leaf_count {
            return Err(MerkleError::IndexOutOfRange {
                index,
                leaves: leaf_count,
            });
        }
        let sides = sides(leaf_count, index);
        if path.siblings.len() != sides.len() {
            return Err(MerkleError::PathLength {
                expected: sides.len(),
                found: path.siblings.len(),
            });
        }
        Self::verify_sides(compression, root, leaf, path, &sides)
    }

    /// Checks that `path` leads from `leaf` to `root` with each sibling on
    /// the side `sides` gives (`true`: on the left, as
    /// [`MerkleTree::path_sides`] says), bottom first. This is how a
    /// LeanIMT proof (zk-kit's tree of Semaphore v4 groups) is verified:
    /// neither the leaf's index nor the leaf count is known, the sides come
    /// with the proof. Since leaves and inner nodes are not
    /// domain-separated, an inner node with the path above it passes too;
    /// where that matters, check the number of siblings against the depth
    /// you expect, or use [`MerkleTree::verify`] with the leaf count.
    pub fn verify_sides(
        compression: &C,
        root: &D,
        leaf: &D,
        path: &MerklePath<D>,
        sides: &[bool],
    ) -> Result<(), MerkleError> {
        if sides.len() != path.siblings.len() {
            return Err(MerkleError::SidesLength {
                siblings: path.siblings.len(),
                sides: sides.len(),
            });
        }
        let mut node = leaf.clone();
        for (&sibling_on_left, sibling) in sides.iter().zip(&path.siblings) {
            node = if sibling_on_left {
                compression.compress([sibling.clone(), node])
            } else {
                compression.compress([node, sibling.clone()])
            };
        }
        if node == *root {
            Ok(())
        } else {
            Err(MerkleError::RootMismatch)
        }
    }
}

/// The levels below the root on the path of leaf `index` in a tree of
/// `leaf_count` leaves, bottom up: `Some((i, sibling_on_left))` where the
/// path's node (position `i` in its level) has a sibling, `None` where it is
/// carried up (the odd last node of its level).
fn path_levels(leaf_count: usize, index: usize) -> impl Iterator<Item = Option<(usize, bool)>> {
    let (mut i, mut len) = (index, leaf_count);
    core::iter::from_fn(move || {
        (len > 1).then(|| {
            let step = ((i ^ 1) < len).then_some((i, i & 1 == 1));
            i >>= 1;
            len = len.div_ceil(2);
            step
        })
    })
}

/// The side of each sibling on the path of leaf `index` in a tree of
/// `leaf_count` leaves, bottom first (`true`: on the left); one per sibling,
/// so its length is the path's.
fn sides(leaf_count: usize, index: usize) -> Vec<bool> {
    path_levels(leaf_count, index)
        .flatten()
        .map(|(_, sibling_on_left)| sibling_on_left)
        .collect()
}
