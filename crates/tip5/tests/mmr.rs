//! test-vectors/tip5/mmr.json: twenty-first 3.1.1's Merkle Mountain Ranges
//! (peaks, `bag_peaks`, membership proofs) against [`mmr::MmrAccumulator`]
//! and [`mmr::MembershipProof`]; its `compress` cases (the steps of
//! `bag_peaks`) through the `Compression`; twenty-first's published
//! `bag_peaks` snapshot of the empty range; and every refusal.

mod common;

use algebraic_hash_testkit::{VectorFile, check_compression};
use algebraic_hash_tip5::mmr::{MembershipProof, MmrAccumulator, MmrError};
use algebraic_hash_tip5::{Digest, Felt, TIP5};
use common::{digest, digests, leaves, parse, split, strings};

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
    let mut mmr = MmrAccumulator::new();
    let mut proofs: Vec<MembershipProof> = Vec::new();
    for (i, &leaf) in all.iter().enumerate() {
        let (count, peaks) = (mmr.leaf_count(), mmr.peaks().to_vec());
        for (k, proof) in proofs.iter_mut().enumerate() {
            proof
                .update_from_append(k as u64, count, leaf, &peaks)
                .unwrap();
        }
        proofs.push(mmr.append(leaf).unwrap());
        for (k, proof) in proofs.iter().enumerate() {
            assert_eq!(mmr.verify(k as u64, all[k], proof), Ok(()), "{k} of {i}");
        }
    }
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
    let mut proofs = Vec::new();
    let mut grown = MmrAccumulator::new();
    for &leaf in &all {
        let (count, peaks) = (grown.leaf_count(), grown.peaks().to_vec());
        for (k, proof) in proofs.iter_mut().enumerate() {
            MembershipProof::update_from_append(proof, k as u64, count, leaf, &peaks).unwrap();
        }
        proofs.push(grown.append(leaf).unwrap());
    }
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
