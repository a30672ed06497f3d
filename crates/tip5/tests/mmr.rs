//! test-vectors/tip5/mmr.json: twenty-first 3.1.1's Merkle Mountain Ranges
//! (peaks, `bag_peaks`, membership proofs) against [`mmr::MmrAccumulator`]
//! and [`mmr::MembershipProof`]; its `compress` cases (the steps of
//! `bag_peaks`) through the `Compression`; its batches of leaf mutations
//! (`mmr_batch`: the peaks, the proofs that changed, the range after
//! appends); its successor proofs (`mmr_successor`); twenty-first's
//! published `bag_peaks` snapshot of the empty range; and every refusal.

mod common;

use algebraic_hash_testkit::{VectorFile, check_compression};
use algebraic_hash_tip5::mmr::{
    LeafMutation, MembershipProof, MmrAccumulator, MmrError, SuccessorProof,
};
use algebraic_hash_tip5::{Digest, Felt, TIP5};
use common::{digest, digests, grown, leaves, parse, split, strings};

const FILE: &str = include_str!("../../../test-vectors/tip5/mmr.json");

#[test]
fn twenty_first_ranges_and_proofs() {
    let file = VectorFile::parse(FILE);
    assert!(
        file.source.contains("twenty-first 3.1.1"),
        "{}",
        file.source
    );
    let (mut ranges, mut proofs) = (0, 0);
    for case in file.require("mmr") {
        let leaves = digests(&case.input);
        let peaks = digests(&strings(&case.raw["peaks"]));
        let bag = digests(&case.output)[0];

        let whole = MmrAccumulator::from_leaves(&leaves);
        assert_eq!(whole.peaks(), peaks, "peaks of {}", leaves.len());
        assert_eq!(whole.bag_peaks(), bag, "bag of {}", leaves.len());
        let mut grown = MmrAccumulator::new();
        for &leaf in &leaves {
            grown.append(leaf).unwrap();
        }
        assert_eq!(grown, whole);
        assert_eq!(
            MmrAccumulator::init(peaks.clone(), leaves.len() as u64),
            Ok(whole.clone())
        );

        for proof in case.raw["proofs"].as_array().expect("proofs") {
            let index = proof["leaf_index"].as_u64().expect("an index");
            let path = MembershipProof {
                authentication_path: digests(&strings(&proof["authentication_path"])),
            };
            let leaf = leaves[index as usize];
            assert_eq!(whole.verify(index, leaf, &path), Ok(()), "leaf {index}");
            assert_eq!(
                path.verify(index, leaf, &peaks, leaves.len() as u64),
                Ok(())
            );
            proofs += 1;
        }
        ranges += 1;
    }
    assert!(ranges >= 20 && proofs >= 50);
    let mut large = 0;
    for case in file.require("bag_peaks") {
        let count: u64 = case.raw["leaf_count"]
            .as_str()
            .expect("a decimal count")
            .parse()
            .expect("a u64");
        let mmr = MmrAccumulator::init(digests(&case.input), count).unwrap();
        assert_eq!(mmr.bag_peaks(), digests(&case.output)[0], "bag of {count}");
        large += usize::from(count >> 32 != 0);
    }
    assert!(large >= 4);
    assert!(check_compression(&file, "compress", &TIP5, parse, split, digest) >= 40);
}

/// twenty-first's `bag_peaks_snapshot` (src/util_types/mmr/mmr_accumulator.rs
/// at d0672516): the bag of the empty range. (Its other cases draw their
/// leaves from `rand`'s `StdRng`.)
#[test]
fn published_empty_bag_snapshot() {
    assert_eq!(
        MmrAccumulator::new().bag_peaks().to_hex(),
        "cd65052100640f0d27e5654f97c47e49899add2f265967ccbefee7264e9bc08f588542d9dc3d5ac5"
    );
}

#[test]
fn proofs_follow_appends_and_mutations() {
    let all = leaves(23);
    for n in 1..=all.len() {
        let (range, proofs) = grown(&all[..n]);
        for (k, proof) in proofs.iter().enumerate() {
            assert_eq!(range.verify(k as u64, all[k], proof), Ok(()), "{k} of {n}");
        }
    }
    let (mut mmr, proofs) = grown(&all);
    // Leaf 20 is in the tree of leaves 20..=21 (23 = 16 + 4 + 2 + 1).
    let fresh = Digest::new([Felt::ONE; 5]);
    mmr.mutate_leaf(20, all[20], fresh, &proofs[20]).unwrap();
    assert_eq!(mmr.verify(20, fresh, &proofs[20]), Ok(()));
    assert_eq!(
        mmr.verify(21, all[21], &proofs[21]),
        Err(MmrError::PeakMismatch)
    );
    for k in (0..20).chain(22..23) {
        assert_eq!(mmr.verify(k, all[k as usize], &proofs[k as usize]), Ok(()));
    }
    let mut changed = all.clone();
    changed[20] = fresh;
    assert_eq!(MmrAccumulator::from_leaves(&changed), mmr);
}

#[test]
fn refusals() {
    let all = leaves(13); // 8 + 4 + 1
    let mmr = MmrAccumulator::from_leaves(&all);
    let (_, proofs) = grown(&all);
    let proof = &proofs[9]; // in the tree of 4: a path of 2
    assert_eq!(proof.authentication_path.len(), 2);

    assert_eq!(
        MmrAccumulator::init(mmr.peaks()[..2].to_vec(), 13),
        Err(MmrError::PeakCount {
            expected: 3,
            found: 2
        })
    );
    assert_eq!(
        mmr.verify(13, all[9], proof),
        Err(MmrError::IndexOutOfRange {
            index: 13,
            leaves: 13
        })
    );
    assert_eq!(mmr.verify(8, all[9], proof), Err(MmrError::PeakMismatch));
    assert_eq!(mmr.verify(9, all[8], proof), Err(MmrError::PeakMismatch));
    assert_eq!(
        mmr.verify(2, all[2], proof),
        Err(MmrError::PathLength {
            expected: 3,
            found: 2
        })
    );
    assert_eq!(
        proof.verify(9, all[9], &mmr.peaks()[1..], 13),
        Err(MmrError::PeakCount {
            expected: 3,
            found: 2
        })
    );
    let mut sibling = proof.clone();
    sibling.authentication_path[1].0[2] += Felt::ONE;
    assert_eq!(mmr.verify(9, all[9], &sibling), Err(MmrError::PeakMismatch));

    // A refused mutation changes nothing.
    let mut copy = mmr.clone();
    assert!(copy.mutate_leaf(9, all[8], all[0], proof).is_err());
    assert_eq!(copy, mmr);

    let mut stale = proof.clone();
    assert_eq!(
        stale.update_from_append(9, 12, all[0], mmr.peaks()),
        Err(MmrError::PeakCount {
            expected: 2,
            found: 3
        })
    );
    assert_eq!(
        stale.update_from_append(13, 13, all[0], mmr.peaks()),
        Err(MmrError::IndexOutOfRange {
            index: 13,
            leaves: 13
        })
    );
    stale.authentication_path.pop();
    assert_eq!(
        stale.update_from_append(9, 13, all[0], mmr.peaks()),
        Err(MmrError::PathLength {
            expected: 2,
            found: 1
        })
    );

    // The last index a u64 counts is never handed out.
    let full_peaks = vec![Digest::default(); 64];
    let mut full = MmrAccumulator::init(full_peaks, u64::MAX).unwrap();
    assert_eq!(full.append(all[0]), Err(MmrError::Full));
    assert_eq!(full.leaf_count(), u64::MAX);
}

#[test]
fn twenty_first_batches_of_mutations() {
    let file = VectorFile::parse(FILE);
    let mut batches = 0;
    for case in file.require("mmr_batch") {
        let leaves = digests(&case.input);
        let n = leaves.len() as u64;
        let (before, mut proofs) = grown(&leaves);
        let mutations: Vec<LeafMutation> = case.raw["mutations"]
            .as_array()
            .expect("mutations")
            .iter()
            .map(|m| {
                let index = m["leaf_index"].as_u64().expect("an index");
                let leaf = digests(&strings(&m["new_leaf"]))[0];
                LeafMutation::new(index, leaf, proofs[index as usize].clone())
            })
            .collect();
        let appended = digests(&strings(&case.raw["appended"]));
        let peaks = digests(&strings(&case.raw["peaks"]));
        let last = digests(&case.output);
        assert_eq!(
            before.verify_batch_update(&last, &appended, &mutations),
            Ok(()),
            "{n}"
        );

        let mut range = before.clone();
        let all: Vec<u64> = (0..n).collect();
        let changed = range
            .batch_mutate_leaf_and_update_mps(&mut proofs, &all, &mutations)
            .unwrap();
        let expected: Vec<usize> = case.raw["changed"]
            .as_array()
            .expect("changed")
            .iter()
            .map(|k| k.as_u64().expect("a position") as usize)
            .collect();
        assert_eq!(changed, expected, "changed proofs of {n}");
        assert_eq!(range.peaks(), peaks, "peaks of {n}");
        for proof in case.raw["proofs"].as_array().expect("proofs") {
            let k = proof["leaf_index"].as_u64().expect("an index") as usize;
            let path = digests(&strings(&proof["authentication_path"]));
            assert_eq!(proofs[k].authentication_path, path, "proof of {k} of {n}");
        }
        for leaf in appended {
            range.append(leaf).unwrap();
        }
        assert_eq!(range.peaks(), last);
        batches += 1;
    }
    assert!(batches >= 6);
}

#[test]
fn one_proof_follows_one_mutation() {
    let all = leaves(13); // trees of 8, 4 and 1
    let (_, proofs) = grown(&all);
    let fresh = Digest::new([Felt::ONE; 5]);
    let mutation = LeafMutation::new(10, fresh, proofs[10].clone());
    let mut changed = all.clone();
    changed[10] = fresh;
    let after = MmrAccumulator::from_leaves(&changed);
    for k in 0..13 {
        let mut proof = proofs[k].clone();
        let says = proof
            .update_from_leaf_mutation(k as u64, 13, &mutation)
            .unwrap();
        // Leaves 8..=11 share leaf 10's tree; leaf 10's own path holds no
        // node of its path.
        assert_eq!(says, (8..12).contains(&k) && k != 10, "{k}");
        assert_eq!(after.verify(k as u64, changed[k], &proof), Ok(()), "{k}");
    }
}

#[test]
fn batch_refusals() {
    let all = leaves(13); // 8 + 4 + 1
    let (mmr, proofs) = grown(&all);
    let indices: Vec<u64> = (0..13).collect();
    let fresh = Digest::new([Felt::ONE; 5]);
    let mutation = |k: usize| LeafMutation::new(k as u64, fresh, proofs[k].clone());
    let refused = |mutations: &[LeafMutation], indices: &[u64], error: MmrError| {
        let (mut range, mut copies) = (mmr.clone(), proofs.clone());
        assert_eq!(
            range.batch_mutate_leaf_and_update_mps(&mut copies, indices, mutations),
            Err(error)
        );
        assert_eq!(
            (range, &copies),
            (mmr.clone(), &proofs),
            "changed by a refusal"
        );
        assert_eq!(
            MembershipProof::batch_update_from_batch_leaf_mutation(
                &mut copies,
                indices,
                13,
                mutations
            ),
            Err(error)
        );
        assert_eq!(copies, proofs);
    };

    refused(
        &[mutation(3)],
        &indices[..12],
        MmrError::LengthMismatch {
            proofs: 13,
            indices: 12,
        },
    );
    refused(
        &[mutation(3), mutation(9), mutation(3)],
        &indices,
        MmrError::DuplicateLeaf { index: 3 },
    );
    let mut far = mutation(3);
    far.leaf_index = 13;
    refused(
        &[far.clone()],
        &indices,
        MmrError::IndexOutOfRange {
            index: 13,
            leaves: 13,
        },
    );
    let mut short = mutation(9);
    short.membership_proof.authentication_path.pop();
    refused(
        &[short.clone()],
        &indices,
        MmrError::PathLength {
            expected: 2,
            found: 1,
        },
    );
    let mut past = indices.clone();
    past[4] = 20;
    refused(
        &[mutation(3)],
        &past,
        MmrError::IndexOutOfRange {
            index: 20,
            leaves: 13,
        },
    );
    let mut swapped = indices.clone();
    swapped.swap(0, 12); // leaf 0's path of 3 digests for leaf 12, alone
    refused(
        &[mutation(3)],
        &swapped,
        MmrError::PathLength {
            expected: 0,
            found: 3,
        },
    );

    // The batch update from an append refuses a mismatch too.
    let mut copies = proofs.clone();
    assert_eq!(
        MembershipProof::batch_update_from_append(
            &mut copies,
            &indices[..3],
            13,
            fresh,
            mmr.peaks()
        ),
        Err(MmrError::LengthMismatch {
            proofs: 13,
            indices: 3
        })
    );
    assert_eq!(copies, proofs);

    // The single update refuses the same way.
    let mut proof = proofs[9].clone();
    assert_eq!(
        proof.update_from_leaf_mutation(9, 13, &short),
        Err(MmrError::PathLength {
            expected: 2,
            found: 1
        })
    );
    assert_eq!(
        proof.update_from_leaf_mutation(9, 13, &far),
        Err(MmrError::IndexOutOfRange {
            index: 13,
            leaves: 13
        })
    );
    assert_eq!(
        proof.update_from_leaf_mutation(13, 13, &mutation(3)),
        Err(MmrError::IndexOutOfRange {
            index: 13,
            leaves: 13
        })
    );
    assert_eq!(proof, proofs[9]);

    // verify_batch_update: refusals where twenty-first answers false or
    // panics, and a claim that the batch does not lead to.
    let after = {
        let mut changed = all.clone();
        changed[3] = fresh;
        MmrAccumulator::from_leaves(&changed)
    };
    assert_eq!(
        mmr.verify_batch_update(after.peaks(), &[], &[mutation(3)]),
        Ok(())
    );
    assert_eq!(
        mmr.verify_batch_update(after.peaks(), &[], &[mutation(3), mutation(3)]),
        Err(MmrError::DuplicateLeaf { index: 3 })
    );
    assert_eq!(
        mmr.verify_batch_update(after.peaks(), &[], &[far]),
        Err(MmrError::IndexOutOfRange {
            index: 13,
            leaves: 13
        })
    );
    assert_eq!(
        mmr.verify_batch_update(after.peaks(), &[], &[short]),
        Err(MmrError::PathLength {
            expected: 2,
            found: 1
        })
    );
    assert_eq!(
        mmr.verify_batch_update(after.peaks(), &[fresh], &[mutation(3)]),
        Err(MmrError::UpdateMismatch)
    );
    assert_eq!(
        mmr.verify_batch_update(mmr.peaks(), &[], &[mutation(3)]),
        Err(MmrError::UpdateMismatch)
    );
    let full = MmrAccumulator::init(vec![Digest::default(); 64], u64::MAX).unwrap();
    assert_eq!(
        full.verify_batch_update(full.peaks(), &[fresh], &[]),
        Err(MmrError::Full)
    );
}

#[test]
fn twenty_first_successor_proofs() {
    let file = VectorFile::parse(FILE);
    let mut with_paths = 0;
    for case in file.require("mmr_successor") {
        let count: u64 = case.raw["leaf_count"]
            .as_str()
            .expect("a decimal count")
            .parse()
            .expect("a u64");
        let old = MmrAccumulator::init(digests(&strings(&case.raw["peaks"])), count).unwrap();
        let appended = digests(&case.input);
        let paths = digests(&strings(&case.raw["paths"]));
        let proof = SuccessorProof::new_from_batch_append(&old, &appended).unwrap();
        assert_eq!(proof.paths, paths, "{count} + {}", appended.len());
        let mut new = old.clone();
        for &leaf in &appended {
            new.append(leaf).unwrap();
        }
        assert_eq!(new.peaks(), digests(&case.output));
        assert_eq!(proof.verify(&old, &new), Ok(()));
        with_paths += usize::from(!paths.is_empty());
    }
    assert!(with_paths >= 5);
}

#[test]
fn successor_refusals() {
    let all = leaves(50);
    let old = MmrAccumulator::from_leaves(&all[..42]); // 32 + 8 + 2
    let new = MmrAccumulator::from_leaves(&all); // 32 + 16 + 2
    let proof = SuccessorProof::new_from_batch_append(&old, &all[42..]).unwrap();
    // The climb to the new peak of 16 (leaves 32..=47) starts at leaves 42
    // and 43 (the first digest), meets the old peak of 2 (leaves 40, 41) on
    // its left, leaves 44..=47 (the second digest) on its right, the old
    // peak of 8 on its left.
    assert_eq!(proof.paths.len(), 2);
    assert_eq!(proof.verify(&old, &new), Ok(()));

    assert_eq!(
        proof.verify(&new, &old),
        Err(MmrError::FewerLeaves { old: 50, new: 42 })
    );
    let other = MmrAccumulator::from_leaves(&leaves(51)[1..]); // 50 others
    assert_eq!(
        proof.verify(&old, &other),
        Err(MmrError::SharedPeakMismatch)
    );
    assert_eq!(
        SuccessorProof::default().verify(&old, &other_range_of(&old)),
        Err(MmrError::SharedPeakMismatch)
    );
    let mut short = proof.clone();
    short.paths.pop();
    assert_eq!(
        short.verify(&old, &new),
        Err(MmrError::SuccessorPathLength {
            expected: 2,
            found: 1
        })
    );
    let mut changed = proof.clone();
    changed.paths[1].0[4] += Felt::ONE;
    assert_eq!(changed.verify(&old, &new), Err(MmrError::SuccessorMismatch));
    // Too few appends to merge any old peak: nothing to prove.
    let few = MmrAccumulator::from_leaves(&all[..43]);
    assert_eq!(
        proof.verify(&old, &few),
        Err(MmrError::SuccessorPathLength {
            expected: 0,
            found: 2
        })
    );
    assert_eq!(SuccessorProof::default().verify(&old, &few), Ok(()));
    assert_eq!(
        SuccessorProof::default().verify(&MmrAccumulator::new(), &new),
        Ok(())
    );

    // The count would pass u64::MAX.
    let nearly = MmrAccumulator::init(vec![Digest::default(); 63], u64::MAX - 1).unwrap();
    assert_eq!(
        SuccessorProof::new_from_batch_append(&nearly, &all[..2]),
        Err(MmrError::Full)
    );
    assert!(SuccessorProof::new_from_batch_append(&nearly, &all[..1]).is_ok());
}

/// A range of the same count whose peaks are all different.
fn other_range_of(range: &MmrAccumulator) -> MmrAccumulator {
    let peaks = range
        .peaks()
        .iter()
        .map(|peak| Digest::new(peak.values().map(|v| v + Felt::ONE)))
        .collect();
    MmrAccumulator::init(peaks, range.leaf_count()).unwrap()
}
