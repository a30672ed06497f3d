//! Neptune Cash's Merkle Mountain Ranges over Tip5, bit for bit:
//! twenty-first 3.1's `MmrAccumulator` (the peaks and the leaf count), its
//! `bag_peaks`, and `MmrMembershipProof`.
//!
//! A range of `n` leaves is a row of perfect Merkle trees (a parent is
//! [`Tip5::hash_pair`] of its children, as in [`crate::merkle`]), one for
//! each set bit of `n`, the tallest holding the first leaves; their roots
//! are the peaks, tallest first. Appending a leaf adds it as a peak of
//! height 0, then merges the last two peaks as often as `n` has trailing
//! ones. A leaf's membership proof is its authentication path in its tree;
//! which tree, and where in it, follow from the leaf index and `n` alone.
//! [`MmrAccumulator::bag_peaks`] commits to the whole range:
//! [`Tip5::hash_10`] of the leaf count's two 32-bit halves (low first)
//! followed by eight zeros, then `hash_pair(peak, accumulator)` from the
//! last peak to the first.
//!
//! Changing leaves: [`MmrAccumulator::mutate_leaf`] changes one leaf (its
//! old value checked by its proof); [`LeafMutation`]s change several at
//! once ([`MmrAccumulator::batch_mutate_leaf_and_update_mps`]), and the
//! proofs of other leaves follow them
//! ([`MembershipProof::update_from_leaf_mutation`],
//! [`MembershipProof::batch_update_from_batch_leaf_mutation`]): a proof's
//! sibling at some level changes exactly when that sibling is an ancestor
//! of a changed leaf, so the changed nodes are computed once, level by
//! level (each level's pairs through `compress_many`), and every proof
//! takes its new siblings from them. [`MmrAccumulator::verify_batch_update`]
//! checks a claimed range after such changes and some appends.

use alloc::vec;
use alloc::vec::Vec;
use core::fmt;

use algebraic_hash::Compression;

use crate::{Digest, Felt, RATE, Tip5};

/// Why a range could not be made or changed, or a proof was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MmrError {
    /// The number of peaks is not the number of set bits of the leaf count.
    PeakCount {
        /// Peaks the leaf count needs.
        expected: u32,
        /// Peaks given.
        found: usize,
    },
    /// A leaf index is not below the leaf count.
    IndexOutOfRange {
        /// The index given.
        index: u64,
        /// The leaf count.
        leaves: u64,
    },
    /// A membership proof's path does not have the height of the leaf's
    /// tree.
    PathLength {
        /// The height of the leaf's tree.
        expected: u32,
        /// Digests the path has.
        found: usize,
    },
    /// The proof leads to a digest that is not the leaf's peak.
    PeakMismatch,
    /// The range holds `u64::MAX` leaves: no index is left for another.
    Full,
    /// Two mutations of one batch name the same leaf.
    DuplicateLeaf {
        /// The leaf index named twice.
        index: u64,
    },
    /// A batch has not one leaf index per membership proof.
    LengthMismatch {
        /// Membership proofs given.
        proofs: usize,
        /// Leaf indices given.
        indices: usize,
    },
    /// The mutations and appends of a batch do not lead to the peaks
    /// claimed for the range after it.
    UpdateMismatch,
    /// The range said to follow holds fewer leaves than the one before.
    FewerLeaves {
        /// Leaves of the range before.
        old: u64,
        /// Leaves of the range said to follow it.
        new: u64,
    },
    /// A peak both ranges should share differs.
    SharedPeakMismatch,
    /// A successor proof does not have as many digests as the appends
    /// need.
    SuccessorPathLength {
        /// Digests the appends need.
        expected: usize,
        /// Digests the proof has.
        found: usize,
    },
    /// A successor proof does not lead to the first peak the appends
    /// changed.
    SuccessorMismatch,
}

impl fmt::Display for MmrError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::PeakCount { expected, found } => write!(
                f,
                "the leaf count needs {expected} peaks, {found} were given"
            ),
            Self::IndexOutOfRange { index, leaves } => {
                write!(f, "leaf index {index} out of range for {leaves} leaves")
            }
            Self::PathLength { expected, found } => write!(
                f,
                "membership proof has {found} digests, the leaf's tree has height {expected}"
            ),
            Self::PeakMismatch => write!(f, "the membership proof does not lead to the peak"),
            Self::Full => write!(f, "the range holds the most leaves a u64 counts"),
            Self::DuplicateLeaf { index } => {
                write!(f, "leaf {index} is mutated twice in one batch")
            }
            Self::LengthMismatch { proofs, indices } => write!(
                f,
                "{proofs} membership proofs were given with {indices} leaf indices"
            ),
            Self::UpdateMismatch => write!(
                f,
                "the mutations and appends do not lead to the claimed peaks"
            ),
            Self::FewerLeaves { old, new } => write!(
                f,
                "a range of {new} leaves does not follow one of {old} leaves"
            ),
            Self::SharedPeakMismatch => write!(f, "a peak the two ranges share differs"),
            Self::SuccessorPathLength { expected, found } => write!(
                f,
                "successor proof has {found} digests, the appends need {expected}"
            ),
            Self::SuccessorMismatch => {
                write!(f, "the successor proof does not lead to the first new peak")
            }
        }
    }
}

#[cfg(feature = "std")]
impl std::error::Error for MmrError {}

/// The peaks and the leaf count of a Merkle Mountain Range: twenty-first's
/// `MmrAccumulator`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MmrAccumulator {
    leaf_count: u64,
    peaks: Vec<Digest>,
}

impl MmrAccumulator {
    /// The empty range (no leaves, no peaks).
    pub fn new() -> Self {
        Self::default()
    }

    /// twenty-first's `MmrAccumulator::init`: a range given by its peaks
    /// and leaf count, refused if the peaks are not as many as the count's
    /// set bits.
    pub fn init(peaks: Vec<Digest>, leaf_count: u64) -> Result<Self, MmrError> {
        check_peak_count(&peaks, leaf_count)?;
        Ok(Self { leaf_count, peaks })
    }

    /// twenty-first's `MmrAccumulator::new_from_leafs`: the range of these
    /// leaves, each tree's levels through `compress_many`.
    pub fn from_leaves(leaves: &[Digest]) -> Self {
        let mut peaks = Vec::with_capacity(leaves.len().count_ones() as usize);
        let mut rest = leaves;
        while !rest.is_empty() {
            // The largest power of two in what is left is the next tree.
            let (tree, tail) = rest.split_at(1 << rest.len().ilog2());
            peaks.push(tree_root(tree));
            rest = tail;
        }
        Self {
            leaf_count: leaves.len() as u64,
            peaks,
        }
    }

    /// The number of leaves.
    pub fn leaf_count(&self) -> u64 {
        self.leaf_count
    }

    /// The roots of the range's trees, tallest first.
    pub fn peaks(&self) -> &[Digest] {
        &self.peaks
    }

    /// twenty-first's `bag_peaks`: one digest committing to the peaks and
    /// the leaf count.
    pub fn bag_peaks(&self) -> Digest {
        let mut count = [Felt::ZERO; RATE];
        count[0] = Felt::from(self.leaf_count as u32);
        count[1] = Felt::from((self.leaf_count >> 32) as u32);
        let start = Digest::new(Tip5::hash_10(&count));
        self.peaks
            .iter()
            .rev()
            .fold(start, |acc, &peak| Tip5::hash_pair(peak, acc))
    }

    /// twenty-first's `append`: adds `leaf` after the others and returns
    /// its membership proof (valid until the next append that merges its
    /// tree). Refused when the count is `u64::MAX`.
    pub fn append(&mut self, leaf: Digest) -> Result<MembershipProof, MmrError> {
        let merges = self.leaf_count.trailing_ones();
        self.leaf_count = self.leaf_count.checked_add(1).ok_or(MmrError::Full)?;
        let mut node = leaf;
        let mut authentication_path = Vec::with_capacity(merges as usize);
        // Each merge pairs the growing tree (right) with the peak of its
        // height (left); `init` and every append keep a peak per set bit,
        // so there is one to pop for each of the old count's trailing ones.
        for _ in 0..merges {
            if let Some(left) = self.peaks.pop() {
                authentication_path.push(left);
                node = Tip5::hash_pair(left, node);
            }
        }
        self.peaks.push(node);
        Ok(MembershipProof {
            authentication_path,
        })
    }

    /// [`MembershipProof::verify`] against this range's peaks and count.
    pub fn verify(
        &self,
        leaf_index: u64,
        leaf: Digest,
        proof: &MembershipProof,
    ) -> Result<(), MmrError> {
        proof.verify(leaf_index, leaf, &self.peaks, self.leaf_count)
    }

    /// twenty-first's `mutate_leaf`, checked: `proof` must show `old_leaf`
    /// at `leaf_index` (else nothing changes and the refusal is returned);
    /// then the leaf becomes `new_leaf` and its peak is recomputed along
    /// the same path. The proof stays valid for the new leaf.
    pub fn mutate_leaf(
        &mut self,
        leaf_index: u64,
        old_leaf: Digest,
        new_leaf: Digest,
        proof: &MembershipProof,
    ) -> Result<(), MmrError> {
        self.verify(leaf_index, old_leaf, proof)?;
        let (node, peak) = locate(leaf_index, self.leaf_count)?;
        self.peaks[peak] = climb(node, new_leaf, &proof.authentication_path);
        Ok(())
    }

    /// twenty-first's `batch_mutate_leaf_and_update_mps`: applies every
    /// mutation (each proof valid before the batch, as twenty-first
    /// requires: a mutation carries no old leaf to check it against) and
    /// brings `proofs`, of the leaves at `leaf_indices`, up to date. Returns
    /// the positions in `proofs` of those that changed, in order. Refused,
    /// with nothing changed, if the lists differ in length, an index is not
    /// below the count, a path is not as long as its leaf's tree is tall,
    /// or a leaf is mutated twice.
    pub fn batch_mutate_leaf_and_update_mps(
        &mut self,
        proofs: &mut [MembershipProof],
        leaf_indices: &[u64],
        mutations: &[LeafMutation],
    ) -> Result<Vec<usize>, MmrError> {
        let places = places(proofs, leaf_indices, self.leaf_count)?;
        let changes = Changes::of(mutations, self.leaf_count)?;
        for &(peak, digest) in &changes.peaks {
            self.peaks[peak] = digest;
        }
        Ok(changes.update(proofs, &places))
    }

    /// twenty-first's `verify_batch_update`: whether this range, after
    /// `mutations` (each proof valid before the batch) and then the appends
    /// of `appended_leaves`, has the peaks `new_peaks`. Where twenty-first
    /// answers `false` (a leaf mutated twice, an index out of range, other
    /// peaks) or panics (a path of the wrong length), this says why.
    pub fn verify_batch_update(
        &self,
        new_peaks: &[Digest],
        appended_leaves: &[Digest],
        mutations: &[LeafMutation],
    ) -> Result<(), MmrError> {
        let mut after = self.clone();
        for &(peak, digest) in &Changes::of(mutations, self.leaf_count)?.peaks {
            after.peaks[peak] = digest;
        }
        for &leaf in appended_leaves {
            after.append(leaf)?;
        }
        if after.peaks == new_peaks {
            Ok(())
        } else {
            Err(MmrError::UpdateMismatch)
        }
    }
}

/// That one range follows another by appends alone, without the appended
/// leaves: twenty-first's `MmrSuccessorProof`. The appends leave the old
/// range's first peaks as they were; the first new peak after those is the
/// root of a tree that holds the remaining old peaks as its leftmost
/// subtrees, the lowest old peak's tree then filled by appended leaves.
/// The proof holds the roots of the subtrees of appended leaves that the
/// climb from there to that new peak passes on its right: the first of
/// them as tall as the lowest old peak's tree, each next one a level
/// taller than where the climb meets it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SuccessorProof {
    /// The roots of appended leaves' subtrees, from the lowest up.
    pub paths: Vec<Digest>,
}

impl SuccessorProof {
    /// twenty-first's `MmrSuccessorProof::new_from_batch_append`: the proof
    /// that `old` followed by the appends of `new_leaves` (in order) follows
    /// `old`. Refused if the count would pass `u64::MAX`.
    pub fn new_from_batch_append(
        old: &MmrAccumulator,
        new_leaves: &[Digest],
    ) -> Result<Self, MmrError> {
        let new_count = u64::try_from(new_leaves.len())
            .ok()
            .and_then(|appended| old.leaf_count.checked_add(appended))
            .ok_or(MmrError::Full)?;
        let mut paths = Vec::new();
        if let Some(Climb { mut node, height }) = Climb::of(old.leaf_count, new_count) {
            // Appended leaves a subtree's root stands for, from the first.
            let mut used = 1usize << height;
            paths.push(tree_root(&new_leaves[..used]));
            for level in height.. {
                if node == 1 {
                    break;
                }
                if node & 1 == 0 {
                    let leaves = 1usize << level;
                    paths.push(tree_root(&new_leaves[used..used + leaves]));
                    used += leaves;
                }
                node /= 2;
            }
        }
        Ok(Self { paths })
    }

    /// twenty-first's `MmrSuccessorProof::verify`: whether `new` is `old`
    /// followed by appends, by this proof. Where twenty-first answers
    /// `false`, this says why.
    pub fn verify(&self, old: &MmrAccumulator, new: &MmrAccumulator) -> Result<(), MmrError> {
        let (old_count, new_count) = (old.leaf_count, new.leaf_count);
        if old_count > new_count {
            return Err(MmrError::FewerLeaves {
                old: old_count,
                new: new_count,
            });
        }
        // No old peak left when the old range is empty; every one when
        // nothing was appended.
        let shared = match (old_count, locate(old_count, new_count)) {
            (0, _) => 0,
            (_, Ok((_, first_new_peak))) => first_new_peak,
            (_, Err(_)) => old.peaks.len(),
        };
        if old.peaks[..shared] != new.peaks[..shared] {
            return Err(MmrError::SharedPeakMismatch);
        }
        let climb = Climb::of(old_count, new_count);
        let expected = climb.map_or(0, |climb| 1 + climb.right_siblings());
        if self.paths.len() != expected {
            return Err(MmrError::SuccessorPathLength {
                expected,
                found: self.paths.len(),
            });
        }
        let Some(Climb { mut node, .. }) = climb else {
            return Ok(());
        };
        let (mut digest, mut right) = (self.paths[0], self.paths[1..].iter());
        // The old peaks below the shared ones, lowest first: the left
        // siblings on the way (a range's peaks are one per set bit of its
        // count, so there are as many as the climb meets).
        let mut left = old.peaks[shared..].iter().rev();
        while node > 1 {
            digest = if node & 1 == 0 {
                let sibling = right.next().expect("as many right siblings as counted");
                Tip5::hash_pair(digest, *sibling)
            } else {
                let sibling = left.next().expect("an old peak for each left sibling");
                Tip5::hash_pair(*sibling, digest)
            };
            node /= 2;
        }
        if digest == new.peaks[shared] {
            Ok(())
        } else {
            Err(MmrError::SuccessorMismatch)
        }
    }
}

/// Where the climb of a successor proof starts: the node, in the first new
/// tree the appends made, whose subtree is the lowest old peak's place
/// filled by appended leaves, and that subtree's height.
#[derive(Clone, Copy)]
struct Climb {
    node: u64,
    height: u32,
}

impl Climb {
    /// None where no old peak is merged: the old range is empty, or fewer
    /// leaves were appended than the lowest old peak's tree holds.
    fn of(old_count: u64, new_count: u64) -> Option<Self> {
        if old_count == 0 {
            return None;
        }
        let height = old_count.trailing_zeros();
        if new_count - old_count < 1 << height {
            return None;
        }
        let (node, _) = locate(old_count, new_count).ok()?;
        Some(Self {
            node: node >> height,
            height,
        })
    }

    /// The right siblings on the way up: subtrees of appended leaves.
    fn right_siblings(self) -> usize {
        let mut node = self.node;
        let mut count = 0;
        while node > 1 {
            count += usize::from(node & 1 == 0);
            node /= 2;
        }
        count
    }
}

/// A leaf's new value with its membership proof from before the change:
/// twenty-first's `LeafMutation`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LeafMutation {
    /// The index of the leaf that changes.
    pub leaf_index: u64,
    /// Its new value.
    pub new_leaf: Digest,
    /// Its membership proof (the same before and after the change: the
    /// path holds only other nodes).
    pub membership_proof: MembershipProof,
}

impl LeafMutation {
    /// twenty-first's `LeafMutation::new`.
    pub fn new(leaf_index: u64, new_leaf: Digest, membership_proof: MembershipProof) -> Self {
        Self {
            leaf_index,
            new_leaf,
            membership_proof,
        }
    }
}

/// A leaf's authentication path in its tree, from the leaf level up:
/// twenty-first's `MmrMembershipProof`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MembershipProof {
    /// The siblings from the leaf's level up to its peak.
    pub authentication_path: Vec<Digest>,
}

impl MembershipProof {
    /// The leaf's node in its tree and its peak's index ([`locate`]),
    /// once the peaks fit the count and the path is as long as the tree is
    /// tall; else the refusal.
    fn place(
        &self,
        leaf_index: u64,
        peaks: &[Digest],
        leaf_count: u64,
    ) -> Result<(u64, usize), MmrError> {
        check_peak_count(peaks, leaf_count)?;
        self.place_in(leaf_index, leaf_count)
    }

    /// [`Self::place`] where no peaks are at hand: the count alone.
    fn place_in(&self, leaf_index: u64, leaf_count: u64) -> Result<(u64, usize), MmrError> {
        let (node, peak) = locate(leaf_index, leaf_count)?;
        let height = node.ilog2();
        if self.authentication_path.len() != height as usize {
            return Err(MmrError::PathLength {
                expected: height,
                found: self.authentication_path.len(),
            });
        }
        Ok((node, peak))
    }

    /// twenty-first's `MmrMembershipProof::verify`: `leaf` at `leaf_index`
    /// of a range of `leaf_count` leaves with these `peaks` hashes along
    /// the path to its peak. Where twenty-first answers `false`, this says
    /// why.
    pub fn verify(
        &self,
        leaf_index: u64,
        leaf: Digest,
        peaks: &[Digest],
        leaf_count: u64,
    ) -> Result<(), MmrError> {
        let (node, peak) = self.place(leaf_index, peaks, leaf_count)?;
        if climb(node, leaf, &self.authentication_path) == peaks[peak] {
            Ok(())
        } else {
            Err(MmrError::PeakMismatch)
        }
    }

    /// twenty-first's `update_from_append`: after `new_leaf` was appended
    /// to a range of `old_leaf_count` leaves whose peaks were `old_peaks`,
    /// extends this proof of leaf `leaf_index` where the append merged its
    /// tree into a taller one; says whether it changed. Refused if the
    /// peaks do not fit the count, the index is not below it, or the path
    /// is not as long as the leaf's tree is tall.
    pub fn update_from_append(
        &mut self,
        leaf_index: u64,
        old_leaf_count: u64,
        new_leaf: Digest,
        old_peaks: &[Digest],
    ) -> Result<bool, MmrError> {
        let changed = Self::batch_update_from_append(
            core::slice::from_mut(self),
            &[leaf_index],
            old_leaf_count,
            new_leaf,
            old_peaks,
        )?;
        Ok(!changed.is_empty())
    }

    /// twenty-first's `batch_update_from_append`: [`Self::update_from_append`]
    /// for `proofs` of the leaves at `leaf_indices`, the nodes grown from
    /// the new leaf hashed once for all. Returns the positions in `proofs`
    /// of those that changed, in order. Refused, with nothing changed, as
    /// the single update is, or if the lists differ in length.
    pub fn batch_update_from_append(
        proofs: &mut [MembershipProof],
        leaf_indices: &[u64],
        old_leaf_count: u64,
        new_leaf: Digest,
        old_peaks: &[Digest],
    ) -> Result<Vec<usize>, MmrError> {
        check_peak_count(old_peaks, old_leaf_count)?;
        let places = places(proofs, leaf_indices, old_leaf_count)?;
        // The append merged the peaks of heights 0 .. merged (the count's
        // trailing ones), the last ones; the peak of height k is at
        // `last − k`. A tree of height `h` among them gains, as its right
        // sibling, the node of height `h` grown from the new leaf over the
        // lower peaks, then as left siblings the taller merged peaks.
        let merged = old_leaf_count.trailing_ones() as usize;
        let height = |node: u64| node.ilog2() as usize;
        let Some(tallest) = places
            .iter()
            .map(|&(node, _)| height(node))
            .filter(|&h| h < merged)
            .max()
        else {
            return Ok(Vec::new());
        };
        let last = old_peaks.len() - 1;
        let mut grown = Vec::with_capacity(tallest + 1);
        grown.push(new_leaf);
        for k in 0..tallest {
            grown.push(Tip5::hash_pair(old_peaks[last - k], grown[k]));
        }
        let mut changed = Vec::new();
        for (i, (proof, &(node, _))) in proofs.iter_mut().zip(&places).enumerate() {
            let h = height(node);
            if h < merged {
                proof.authentication_path.push(grown[h]);
                proof
                    .authentication_path
                    .extend((h + 1..merged).map(|k| old_peaks[last - k]));
                changed.push(i);
            }
        }
        Ok(changed)
    }

    /// twenty-first's `update_from_leaf_mutation`: after `mutation` changed
    /// another leaf of a range of `leaf_count` leaves, brings this proof of
    /// leaf `leaf_index` up to date. Says whether the proof holds a node the
    /// mutation changes (the leaves share a tree and differ), as
    /// twenty-first does. Refused if an index is not below the count or a
    /// path is not as long as its leaf's tree is tall.
    pub fn update_from_leaf_mutation(
        &mut self,
        leaf_index: u64,
        leaf_count: u64,
        mutation: &LeafMutation,
    ) -> Result<bool, MmrError> {
        let (node, peak) = self.place_in(leaf_index, leaf_count)?;
        let changed = &mutation.membership_proof;
        let (changed_node, changed_peak) = changed.place_in(mutation.leaf_index, leaf_count)?;
        if peak != changed_peak || node == changed_node {
            return Ok(false);
        }
        // The two leaves' paths meet where their nodes' highest differing
        // bit is: this proof's sibling there is the changed leaf's ancestor.
        let level = (node ^ changed_node).ilog2() as usize;
        self.authentication_path[level] = climb(
            changed_node,
            mutation.new_leaf,
            &changed.authentication_path[..level],
        );
        Ok(true)
    }

    /// twenty-first's `batch_update_from_batch_leaf_mutation` (and, with one
    /// mutation, its `batch_update_from_leaf_mutation`): brings `proofs`, of
    /// the leaves at `leaf_indices` of a range of `leaf_count` leaves, up to
    /// date after `mutations` (each proof valid before the batch). Returns
    /// the positions in `proofs` of those that changed, in order. Refused,
    /// with nothing changed, as
    /// [`MmrAccumulator::batch_mutate_leaf_and_update_mps`] is.
    pub fn batch_update_from_batch_leaf_mutation(
        proofs: &mut [MembershipProof],
        leaf_indices: &[u64],
        leaf_count: u64,
        mutations: &[LeafMutation],
    ) -> Result<Vec<usize>, MmrError> {
        let places = places(proofs, leaf_indices, leaf_count)?;
        Ok(Changes::of(mutations, leaf_count)?.update(proofs, &places))
    }
}

/// Each proof's leaf node and peak ([`MembershipProof::place_in`]), or the
/// first refusal.
fn places(
    proofs: &[MembershipProof],
    leaf_indices: &[u64],
    leaf_count: u64,
) -> Result<Vec<(u64, usize)>, MmrError> {
    if proofs.len() != leaf_indices.len() {
        return Err(MmrError::LengthMismatch {
            proofs: proofs.len(),
            indices: leaf_indices.len(),
        });
    }
    proofs
        .iter()
        .zip(leaf_indices)
        .map(|(proof, &index)| proof.place_in(index, leaf_count))
        .collect()
}

/// What a batch of leaf mutations changes: the new digest of every changed
/// node below a peak, a level at a time from the leaves up, each level
/// sorted by its peak's index and its node (numbered as in [`locate`]);
/// and the new peaks.
struct Changes {
    levels: Vec<Vec<(Place, Digest)>>,
    peaks: Vec<(usize, Digest)>,
}

/// A node of the range: its peak's index, then its node in that tree
/// (the order of the leaves they lie above).
type Place = (usize, u64);

impl Changes {
    /// Climbs from the mutated leaves a level at a time: a changed node's
    /// sibling is the changed sibling where there is one (next to it in
    /// the sorted level), else the path's digest of a mutation below it;
    /// the level's parents are hashed in one `compress_many`, each once
    /// however many mutated leaves lie below it.
    fn of(mutations: &[LeafMutation], leaf_count: u64) -> Result<Self, MmrError> {
        // Each changed node, with its digest and the mutation below it
        // whose path gives its siblings.
        let mut level = mutations
            .iter()
            .enumerate()
            .map(|(m, mutation)| {
                let (node, peak) = mutation
                    .membership_proof
                    .place_in(mutation.leaf_index, leaf_count)?;
                Ok(((peak, node), mutation.new_leaf, m))
            })
            .collect::<Result<Vec<(Place, Digest, usize)>, MmrError>>()?;
        level.sort_unstable_by_key(|&(place, _, _)| place);
        if let Some(twice) = level.windows(2).find(|pair| pair[0].0 == pair[1].0) {
            return Err(MmrError::DuplicateLeaf {
                index: mutations[twice[0].2].leaf_index,
            });
        }
        let mut changes = Self {
            levels: Vec::new(),
            peaks: Vec::new(),
        };
        let mut height = 0;
        while !level.is_empty() {
            let sibling_in_path =
                |m: usize| mutations[m].membership_proof.authentication_path[height];
            let (mut pairs, mut parents) = (Vec::new(), Vec::new());
            let mut changed = Vec::with_capacity(level.len());
            let mut rest = level.iter().peekable();
            while let Some(&((peak, node), digest, m)) = rest.next() {
                if node == 1 {
                    changes.peaks.push((peak, digest));
                    continue;
                }
                changed.push(((peak, node), digest));
                let pair = if node & 1 == 1 {
                    [sibling_in_path(m), digest]
                } else if let Some(&(right, sibling, _)) =
                    rest.next_if(|&&(place, _, _)| place == (peak, node + 1))
                {
                    changed.push((right, sibling));
                    [digest, sibling]
                } else {
                    [digest, sibling_in_path(m)]
                };
                pairs.push(pair);
                parents.push(((peak, node / 2), m));
            }
            let mut digests = vec![Digest::default(); pairs.len()];
            Tip5.compress_many(&pairs, &mut digests);
            changes.levels.push(changed);
            // Parents of nodes in order are in order.
            level = parents
                .into_iter()
                .zip(digests)
                .map(|((place, m), digest)| (place, digest, m))
                .collect();
            height += 1;
        }
        Ok(changes)
    }

    /// Replaces every sibling of `proofs` that changed; the positions of
    /// the proofs that did, in order.
    fn update(&self, proofs: &mut [MembershipProof], places: &[(u64, usize)]) -> Vec<usize> {
        let mut changed = Vec::new();
        for (i, (proof, &(node, peak))) in proofs.iter_mut().zip(places).enumerate() {
            let mut any = false;
            for (digest, (level, nodes)) in proof
                .authentication_path
                .iter_mut()
                .zip(self.levels.iter().enumerate())
            {
                let sibling = (peak, (node >> level) ^ 1);
                if let Ok(at) = nodes.binary_search_by_key(&sibling, |&(place, _)| place) {
                    any |= nodes[at].1 != *digest;
                    *digest = nodes[at].1;
                }
            }
            if any {
                changed.push(i);
            }
        }
        changed
    }
}

/// Peaks as many as the set bits of `leaf_count`, or the refusal.
fn check_peak_count(peaks: &[Digest], leaf_count: u64) -> Result<(), MmrError> {
    if peaks.len() == leaf_count.count_ones() as usize {
        Ok(())
    } else {
        Err(MmrError::PeakCount {
            expected: leaf_count.count_ones(),
            found: peaks.len(),
        })
    }
}

/// Where leaf `leaf_index` of `leaf_count` lies: its node in its tree
/// (numbered as in [`crate::merkle`]: the tree's root is 1, a tree of `2^h`
/// leaves has its leaves at `2^h ..`) and the index of that tree's peak.
fn locate(leaf_index: u64, leaf_count: u64) -> Result<(u64, usize), MmrError> {
    if leaf_index >= leaf_count {
        return Err(MmrError::IndexOutOfRange {
            index: leaf_index,
            leaves: leaf_count,
        });
    }
    // The highest bit where the index and the count differ is set in the
    // count: the leaf's tree is that bit's, of height `h`; the trees
    // before it are the count's set bits above `h`.
    let height = (leaf_index ^ leaf_count).ilog2();
    let tree_leaves = 1u64 << height;
    let node = tree_leaves + (leaf_index & (tree_leaves - 1));
    let peak = (leaf_count >> height >> 1).count_ones() as usize;
    Ok((node, peak))
}

/// The root reached from `leaf` at `node` up `path` (one sibling a level).
fn climb(mut node: u64, leaf: Digest, path: &[Digest]) -> Digest {
    let mut digest = leaf;
    for &sibling in path {
        digest = if node & 1 == 0 {
            Tip5::hash_pair(digest, sibling)
        } else {
            Tip5::hash_pair(sibling, digest)
        };
        node /= 2;
    }
    digest
}

/// The root of the perfect tree over `leaves` (a power of two of them, at
/// least one): the workspace's tree, each level through `compress_many`.
fn tree_root(leaves: &[Digest]) -> Digest {
    let tree = algebraic_hash::MerkleTree::new(Tip5, leaves.to_vec())
        .expect("from_leaves hands over at least one leaf, the tree's only refusal");
    *tree.root()
}
