//! Against twenty-first 3.1.1 itself: its constants, its published snapshot
//! tests (src/tip5/mod.rs at commit d0672516f1b57e3622e1470229740e7df7c55349,
//! the commit its crates.io package names), and random inputs with edge
//! values mixed in: 10 000 states through `permute` and `permute_many`,
//! 10 000 `hash_10` and `hash_pair` (also through `compress_many`), and
//! `hash_varlen` of every length 0..=30 plus 2 000 random lengths; and
//! 400 random Merkle trees of 1 to 1 024 leaves (`merkle`: roots,
//! authentication structures, proofs accepted and refused alike); and
//! Merkle Mountain Ranges (`mmr`) grown leaf by leaf to 300 leaves, with
//! every proof kept up to date (one by one and in a batch), checked and
//! changed, batches of leaf mutations in ranges of up to 1 000 leaves, and
//! successor proofs.
#![cfg(not(any(miri, algebraic_hash_no_oracles)))]

mod common;

use algebraic_hash::{Compression, Hasher, Permutation};
use algebraic_hash_testkit::{Rng64, cases};
use algebraic_hash_tip5::{Digest, Felt, STATE_SIZE, TIP5, Tip5, constants};
use common::grown;
use twenty_first::prelude::BFieldElement;
use twenty_first::tip5 as tf;
use twenty_first::util_types::merkle_tree as tf_merkle;

const P: u64 = Felt::MODULUS;
/// 0, 1, p − 1, p − 2, and values whose Montgomery forms are the lookup's
/// edge bytes: 2^32 ↦ p − 1 = 0xffffffff00000000, 2^32 ± 1 nearby.
const EDGES: &[u64] = &[0, 1, P - 1, P - 2, 1 << 32, (1 << 32) - 1, (1 << 32) + 1];

fn felt(v: u64) -> Felt {
    Felt::from_canonical(v).unwrap()
}

fn bfe(v: u64) -> BFieldElement {
    BFieldElement::new(v)
}

fn same(ours: &[Felt], theirs: &[BFieldElement]) -> bool {
    ours.len() == theirs.len()
        && ours
            .iter()
            .zip(theirs)
            .all(|(a, b)| a.to_u64() == b.value())
}

/// twenty-first's digest of the same elements.
fn theirs(digest: &Digest) -> tf::Digest {
    tf::Digest::new(digest.values().map(|v| bfe(v.to_u64())))
}

fn digest(values: &[u64]) -> (Digest, tf::Digest) {
    (
        Digest::new(core::array::from_fn(|i| felt(values[i]))),
        tf::Digest::new(core::array::from_fn(|i| bfe(values[i]))),
    )
}

#[test]
fn constants_are_twenty_firsts() {
    assert_eq!(constants::LOOKUP_TABLE, tf::LOOKUP_TABLE);
    let rc: Vec<u64> = tf::ROUND_CONSTANTS.iter().map(|c| c.value()).collect();
    assert_eq!(constants::ROUND_CONSTANTS.to_vec(), rc);
    let mds: Vec<u64> = tf::MDS_MATRIX_FIRST_COLUMN
        .iter()
        .map(|&c| c as u64)
        .collect();
    assert_eq!(constants::MDS_MATRIX_FIRST_COLUMN.to_vec(), mds);
    for (i, &t) in constants::LOOKUP_TABLE.iter().enumerate() {
        let x = i as u64 + 1;
        assert_eq!(
            u64::from(t),
            (x * x * x + 256) % 257,
            "offset Fermat cube map at {i}"
        );
    }
}

/// twenty-first's `hash10_test_vectors_snapshot`: six chained `hash_10`
/// calls, each digest written at offset i, then one more.
#[test]
fn published_hash10_snapshot() {
    let mut preimage = [Felt::ZERO; 10];
    for i in 0..6 {
        let digest = Tip5::hash_10(&preimage);
        preimage[i..i + Digest::LEN].copy_from_slice(&digest);
    }
    let last = Digest::new(Tip5::hash_10(&preimage));
    assert_eq!(
        last.to_hex(),
        "109cc2fe453bd9962f754b96d8f5b919b60af030940a275f5540da195fef65ee651c1b6fa19b2c6a"
    );
}

/// twenty-first's `hash_varlen_test_vectors`: the sum of the digests of
/// `[0, 1, …, i − 1]` for i in 0..20.
#[test]
fn published_hash_varlen_snapshot() {
    let mut sum = [Felt::ZERO; Digest::LEN];
    for i in 0..20u32 {
        let preimage: Vec<Felt> = (0..i).map(Felt::from).collect();
        for (s, d) in sum.iter_mut().zip(Tip5::hash_varlen(&preimage).values()) {
            *s += d;
        }
    }
    assert_eq!(
        Digest::new(sum).to_hex(),
        "efbafa86622a9c69652f8a1c4ffd734f021ad23a0a8085412a877de0f9170b18ea4ff69b6fff9a03"
    );
}

/// twenty-first's `snapshot`: a state given by its Montgomery forms (read
/// here as `m · 2^-64`), the first five cells after the permutation.
#[test]
fn published_permutation_snapshot() {
    let r_inv = felt(0xffff_fffe_0000_0001); // 2^-64 mod p
    let from_montgomery = |m: u64| Felt::from_u64_reduced(m) * r_inv;
    let mut state = [
        0x0000_000f_ffff_fff0,
        0x0000_0000_ffff_ffff,
        0x0000_0000_ffff_ffff,
        0x0000_0028_ffff_ffd7,
        0x0000_0006_ffff_fff9,
        0x0000_0002_ffff_fffd,
        0x0000_0000_ffff_ffff,
        0x0000_0030_ffff_ffcf,
        0x0000_0397_ffff_fc68,
        0x0000_000f_ffff_fff0,
        0x316b_fb72_3638_2123,
        0x216f_521b_66ef_83f5,
        0x5689_d7b3_63f5_2df0,
        0xeb2f_59e3_aeae_25fc,
        0xb082_99d2_77cb_b4dc,
        0xcbe3_d9fd_c534_9140,
    ]
    .map(from_montgomery);
    Tip5::permutation(&mut state);
    let expected = [
        0x15d3_8ea9_29f6_632a,
        0xf988_e509_ff73_8bb4,
        0x48bc_dfae_88a2_e9f3,
        0x8733_9e83_2daa_c02a,
        0x511e_4126_8150_fdac,
    ]
    .map(from_montgomery);
    assert_eq!(state[..5], expected);
}

/// twenty-first's `tip5_recovers_from_degenerate_field_element_representations`
/// (canonical values in and out).
#[test]
fn published_degenerate_representation_vector() {
    let state = [
        0x1063_c4bf_5d8b_b0dd,
        0xdb62_75d3_71fe_05d0,
        0xde58_cae3_0144_cdae,
        0xc774_e646_81d3_622e,
        0xc4a9_47d1_0a5a_a466,
        0xda55_77a0_0a91_3151,
        0xe80e_978b_3836_dcd0,
        0x8dd1_61f0_a3ac_00c2,
        0x6857_f251_a9c0_f693,
        0x4923_a368_3046_178e,
        0x6e6f_c54a_9b81_010b,
        0xcb84_fa5b_b9fa_ec36,
        0x93cb_f9db_4c5c_b1ea,
        0xf215_d9b9_2dc8_7266,
        0x88f0_9783_d2ae_3c57,
        0x6d29_f9ce_94a9_0b71,
    ]
    .map(felt);
    let expected = [
        0xa5d3_2d62_9e60_d72e,
        0x5516_ef90_d277_3d74,
        0x65d3_fa1c_de45_f6cb,
        0x7bf0_e725_dfa5_906b,
        0x67a2_db4b_141b_90e9,
        0x91db_162d_3230_9083,
        0xefec_1d00_146a_05c9,
        0xcca0_d656_6bca_8186,
        0x405b_aeb5_b3f8_7f02,
        0xd897_0158_7027_8f76,
        0xd4b2_ee48_10aa_c7d1,
        0x27b4_51e7_06a5_c2fc,
        0xe9b4_177f_0a0e_ffe4,
        0x0c60_def0_f2c5_287f,
        0x703a_a06d_327c_cc34,
        0x536f_2355_0ebf_98f1,
    ]
    .map(felt);
    assert_eq!(TIP5.permute(state), expected);
}

#[test]
fn permutation_against_twenty_first() {
    let mut rng = Rng64::new(0x7195, P, EDGES);
    let n = cases(10_000) as usize;
    let inputs: Vec<Vec<u64>> = (0..n).map(|_| rng.elements(STATE_SIZE)).collect();
    let mut states: Vec<[Felt; STATE_SIZE]> = inputs
        .iter()
        .map(|v| core::array::from_fn(|i| felt(v[i])))
        .collect();
    let mut expected = Vec::with_capacity(n);
    for (input, state) in inputs.iter().zip(&states) {
        let mut peer = tf::Tip5 {
            state: core::array::from_fn(|i| bfe(input[i])),
        };
        peer.permutation();
        assert!(
            same(&TIP5.permute(*state), &peer.state),
            "permute {input:?}"
        );
        expected.push(peer.state);
    }
    TIP5.permute_many(&mut states);
    for (state, answer) in states.iter().zip(&expected) {
        assert!(same(state, answer), "permute_many");
    }
    // Every batch length 0..=33 (groups of 4 and 8 lanes and their tails).
    for len in 0..=33 {
        let mut batch: Vec<[Felt; STATE_SIZE]> = inputs[..len]
            .iter()
            .map(|v| core::array::from_fn(|i| felt(v[i])))
            .collect();
        TIP5.permute_many(&mut batch);
        for (state, answer) in batch.iter().zip(&expected) {
            assert!(same(state, answer), "permute_many of {len}");
        }
    }
}

#[test]
fn fixed_length_hashes_against_twenty_first() {
    let mut rng = Rng64::new(0x10, P, EDGES);
    let n = cases(10_000) as usize;
    let mut pairs = Vec::with_capacity(n);
    let mut expected = Vec::with_capacity(n);
    for _ in 0..n {
        let v = rng.elements(10);
        let ours = Tip5::hash_10(&core::array::from_fn(|i| felt(v[i])));
        let theirs = tf::Tip5::hash_10(&core::array::from_fn(|i| bfe(v[i])));
        assert!(same(&ours, &theirs), "hash_10 {v:?}");

        let (l, tl) = digest(&v[..5]);
        let (r, tr) = digest(&v[5..]);
        let ours = Tip5::hash_pair(l, r);
        let theirs = tf::Tip5::hash_pair(tl, tr);
        assert!(same(&ours.values(), &theirs.values()), "hash_pair {v:?}");
        assert_eq!(TIP5.compress([l, r]), ours);
        pairs.push([l, r]);
        expected.push(ours);
    }
    let mut outputs = vec![Digest::default(); n];
    TIP5.compress_many(&pairs, &mut outputs);
    assert_eq!(outputs, expected, "compress_many");
}

#[test]
fn varlen_hash_against_twenty_first() {
    let mut rng = Rng64::new(0x7a11, P, EDGES);
    let check = |v: &[u64]| {
        let ours: Vec<Felt> = v.iter().map(|&x| felt(x)).collect();
        let theirs: Vec<BFieldElement> = v.iter().map(|&x| bfe(x)).collect();
        let digest = Tip5::hash_varlen(&ours);
        let peer = tf::Tip5::hash_varlen(&theirs);
        assert!(same(&digest.values(), &peer.values()), "hash_varlen {v:?}");
        assert_eq!(TIP5.hash_elements(&ours), digest);
        assert_eq!(digest.to_hex(), peer.to_hex());
    };
    for len in 0..=30 {
        for edge in [0, P - 1] {
            check(&vec![edge; len]);
        }
        for _ in 0..20 {
            check(&rng.elements(len));
        }
    }
    for _ in 0..cases(2_000) {
        let len = rng.below(200) as usize;
        check(&rng.elements(len));
    }
}

#[test]
fn digest_bytes_and_hex_are_twenty_firsts() {
    let mut rng = Rng64::new(0xd1, P, EDGES);
    for _ in 0..200 {
        let (ours, theirs) = digest(&rng.elements(5));
        assert_eq!(ours.as_bytes(), <[u8; 40]>::from(theirs));
        assert_eq!(ours.to_hex(), theirs.to_hex());
        assert_eq!(ours.to_hex().parse::<Digest>(), Ok(ours));
        assert_eq!(Digest::from_bytes(&ours.as_bytes()), Ok(ours));
    }
}

/// Random trees of every height 0..=10 against twenty-first's
/// `MerkleTree`: the root, every node, and for random sets of leaf indices
/// (empty, repeated, sorted or not) the structure's node indices, the
/// structure, the paths, and both verifiers' answers on the honest proof
/// and on one with a changed leaf, sibling or index.
#[test]
fn merkle_trees_against_twenty_first() {
    use algebraic_hash_tip5::merkle::{MerkleTree, authentication_structure_node_indices};

    let mut rng = Rng64::new(0x3e2c, P, EDGES);
    for case in 0..cases(400) {
        let height = case % 11;
        let n = 1usize << height;
        let values: Vec<u64> = rng.elements(5 * n);
        let leaves: Vec<Digest> = values.chunks_exact(5).map(|v| digest(v).0).collect();
        let peer_leaves: Vec<tf::Digest> = values.chunks_exact(5).map(|v| digest(v).1).collect();
        let tree = MerkleTree::new(leaves).unwrap();
        let peer = tf_merkle::MerkleTree::sequential_new(&peer_leaves).unwrap();
        assert!(
            same(&tree.root().values(), &peer.root().values()),
            "root of {n}"
        );
        for node in 0..=2 * n {
            let (ours, theirs) = (tree.node(node), peer.node(node));
            assert_eq!(ours.is_some(), theirs.is_some(), "node {node} of {n}");
            if let (Some(a), Some(b)) = (ours, theirs) {
                assert!(same(&a.values(), &b.values()), "node {node} of {n}");
            }
        }

        for _ in 0..4 {
            let count = rng.below(9) as usize;
            let indices: Vec<usize> = (0..count).map(|_| rng.below(n as u64) as usize).collect();
            let nodes: Vec<usize> =
                tf_merkle::MerkleTree::authentication_structure_node_indices(n, &indices)
                    .unwrap()
                    .collect();
            assert_eq!(
                authentication_structure_node_indices(n, &indices).unwrap(),
                nodes
            );
            let proof = tree.inclusion_proof(&indices).unwrap();
            let peer_proof = peer.inclusion_proof_for_leaf_indices(&indices).unwrap();
            assert_eq!(proof.tree_height, peer_proof.tree_height);
            assert_eq!(
                proof.authentication_structure.len(),
                peer_proof.authentication_structure.len()
            );
            for (a, b) in proof
                .authentication_structure
                .iter()
                .zip(&peer_proof.authentication_structure)
            {
                assert!(
                    same(&a.values(), &b.values()),
                    "structure of {indices:?} in {n}"
                );
            }
            let paths = proof.authentication_paths().unwrap();
            let peer_paths = peer_proof.clone().into_authentication_paths().unwrap();
            assert_eq!(paths.len(), peer_paths.len());
            for (a, b) in paths.iter().zip(&peer_paths) {
                let a: Vec<Felt> = a.iter().flat_map(|d| d.values()).collect();
                let b: Vec<BFieldElement> = b.iter().flat_map(|d| d.values()).collect();
                assert!(same(&a, &b), "paths of {indices:?} in {n}");
            }
            assert_eq!(proof.verify(tree.root()), Ok(()));
            assert!(peer_proof.clone().verify(peer.root()));

            // One change, judged by both verifiers.
            let mut bad = proof.clone();
            let mut peer_bad = peer_proof.clone();
            match rng.below(3) {
                0 if !bad.indexed_leaves.is_empty() => {
                    let k = rng.below(bad.indexed_leaves.len() as u64) as usize;
                    let (fresh, peer_fresh) = digest(&rng.elements(5));
                    bad.indexed_leaves[k].1 = fresh;
                    peer_bad.indexed_leafs[k].1 = peer_fresh;
                }
                1 if !bad.authentication_structure.is_empty() => {
                    let k = rng.below(bad.authentication_structure.len() as u64) as usize;
                    let (fresh, peer_fresh) = digest(&rng.elements(5));
                    bad.authentication_structure[k] = fresh;
                    peer_bad.authentication_structure[k] = peer_fresh;
                }
                _ if !bad.indexed_leaves.is_empty() => {
                    let k = rng.below(bad.indexed_leaves.len() as u64) as usize;
                    let index = rng.below(2 * n as u64) as usize;
                    bad.indexed_leaves[k].0 = index;
                    peer_bad.indexed_leafs[k].0 = index;
                }
                _ => {}
            }
            let ours_accepts = bad.verify(tree.root()).is_ok();
            assert_eq!(
                ours_accepts,
                peer_bad.verify(peer.root()),
                "changed proof of {indices:?} in {n}: {bad:?}"
            );
        }
    }
}

/// Ranges grown leaf by leaf beside twenty-first's `MmrAccumulator`: the
/// peaks and `bag_peaks` after every append, each append's proof, every
/// earlier proof kept up to date by `update_from_append` (twenty-first's
/// on its own copy) and verified by both; `from_leaves` against
/// `new_from_leafs`; mutations of random leaves; and changed proofs judged
/// alike by both verifiers.
#[test]
fn mmr_against_twenty_first() {
    use algebraic_hash_tip5::mmr::{MembershipProof, MmrAccumulator};
    use twenty_first::util_types::mmr::mmr_accumulator::MmrAccumulator as TfMmr;
    use twenty_first::util_types::mmr::mmr_membership_proof::MmrMembershipProof;
    use twenty_first::util_types::mmr::mmr_trait::{LeafMutation, Mmr};

    fn same_digests(ours: &[Digest], theirs: &[tf::Digest]) -> bool {
        ours.len() == theirs.len()
            && ours
                .iter()
                .zip(theirs)
                .all(|(a, b)| same(&a.values(), &b.values()))
    }

    let mut rng = Rng64::new(0x33e5, P, EDGES);
    let runs = cases(6) as usize;
    let mut total_mutations = 0;
    for run in 0..runs {
        let len = [300, 64, 65, 127, 1, 2][run % 6];
        let mut ours = MmrAccumulator::new();
        let mut peer = TfMmr::new_from_leafs(vec![]);
        let mut leaves: Vec<(Digest, tf::Digest)> = Vec::new();
        let mut proofs: Vec<(MembershipProof, MmrMembershipProof)> = Vec::new();
        for i in 0..len {
            let leaf = digest(&rng.elements(5));
            let (old_count, old_peaks) = (ours.leaf_count(), ours.peaks().to_vec());
            let peer_old_peaks = peer.peaks();
            // The batch update beside the single ones: the same proofs
            // change, on both sides, to what the single updates give.
            let indices: Vec<u64> = (0..proofs.len() as u64).collect();
            let mut batch: Vec<MembershipProof> = proofs.iter().map(|p| p.0.clone()).collect();
            let mut peer_batch: Vec<MmrMembershipProof> =
                proofs.iter().map(|p| p.1.clone()).collect();
            let changed = MembershipProof::batch_update_from_append(
                &mut batch, &indices, old_count, leaf.0, &old_peaks,
            )
            .unwrap();
            let peer_changed = MmrMembershipProof::batch_update_from_append(
                &mut peer_batch.iter_mut().collect::<Vec<_>>(),
                &indices,
                old_count,
                leaf.1,
                &peer_old_peaks,
            );
            assert_eq!(changed, peer_changed, "batch update at {i}");
            for (k, (proof, peer_proof)) in proofs.iter_mut().enumerate() {
                let changed = proof
                    .update_from_append(k as u64, old_count, leaf.0, &old_peaks)
                    .unwrap();
                let peer_changed =
                    peer_proof.update_from_append(k as u64, old_count, leaf.1, &peer_old_peaks);
                assert_eq!(changed, peer_changed, "update of {k} at {i}");
            }
            assert!(batch.iter().zip(&proofs).all(|(b, p)| *b == p.0));
            assert!(
                peer_batch
                    .iter()
                    .zip(&proofs)
                    .all(|(b, p)| same_digests(&p.0.authentication_path, &b.authentication_path))
            );
            let proof = ours.append(leaf.0).unwrap();
            let peer_proof = peer.append(leaf.1);
            leaves.push(leaf);
            proofs.push((proof, peer_proof));
            assert!(same_digests(ours.peaks(), &peer.peaks()), "peaks after {i}");
            assert!(
                same(&ours.bag_peaks().values(), &peer.bag_peaks().values()),
                "bag after {i}"
            );
            for (k, (proof, peer_proof)) in proofs.iter().enumerate() {
                assert!(
                    same_digests(&proof.authentication_path, &peer_proof.authentication_path),
                    "proof of {k} after {i}"
                );
                if k % 7 == i % 7 || k + 1 == proofs.len() {
                    assert_eq!(ours.verify(k as u64, leaves[k].0, proof), Ok(()));
                    assert!(peer_proof.verify(
                        k as u64,
                        leaves[k].1,
                        &peer.peaks(),
                        peer.num_leafs()
                    ));
                }
            }
        }
        let all: Vec<Digest> = leaves.iter().map(|l| l.0).collect();
        let peer_all: Vec<tf::Digest> = leaves.iter().map(|l| l.1).collect();
        assert_eq!(
            MmrAccumulator::from_leaves(&all),
            ours,
            "from_leaves of {len}"
        );
        assert_eq!(TfMmr::new_from_leafs(peer_all).peaks(), peer.peaks());

        // Mutations: a leaf whose proof both sides still accept (a
        // mutation leaves the other proofs of its tree stale, on both
        // sides alike), then a changed proof.
        let mut mutated = 0;
        for _ in 0..200 {
            let k = rng.below(len as u64) as usize;
            let (proof, peer_proof) = &proofs[k];
            let fresh = ours.verify(k as u64, leaves[k].0, proof).is_ok();
            let peer_fresh =
                peer_proof.verify(k as u64, leaves[k].1, &peer.peaks(), peer.num_leafs());
            assert_eq!(fresh, peer_fresh, "proof of {k} after mutations");
            if !fresh {
                assert!(
                    ours.mutate_leaf(k as u64, leaves[k].0, leaves[k].0, proof)
                        .is_err()
                );
                continue;
            }
            let new = digest(&rng.elements(5));
            ours.mutate_leaf(k as u64, leaves[k].0, new.0, proof)
                .unwrap();
            peer.mutate_leaf(LeafMutation::new(k as u64, new.1, peer_proof.clone()));
            leaves[k] = new;
            mutated += 1;
            assert!(
                same_digests(ours.peaks(), &peer.peaks()),
                "peaks after mutating {k}"
            );
            assert!(same(&ours.bag_peaks().values(), &peer.bag_peaks().values()));
            assert_eq!(ours.verify(k as u64, new.0, proof), Ok(()));

            let index = rng.below(len as u64 + 2);
            let wrong = digest(&rng.elements(5));
            let ours_says = ours.verify(index, wrong.0, proof).is_ok();
            let peer_says = peer_proof.verify(index, wrong.1, &peer.peaks(), peer.num_leafs());
            assert_eq!(ours_says, peer_says, "changed proof of {index}");
        }
        assert!(mutated >= 1, "no mutation of {len}");
        total_mutations += mutated;
    }
    assert!(
        total_mutations >= 10 || runs < 6,
        "{total_mutations} mutations"
    );

    // Any count (both halves hashed): ranges given by random peaks.
    for _ in 0..cases(200) {
        let count = match rng.below(3) {
            0 => rng.below(1 << 20),
            1 => (1 << 32) + rng.below(1 << 20),
            _ => rng.u64() >> rng.below(64),
        };
        let values = rng.elements(5 * count.count_ones() as usize);
        let peaks: Vec<Digest> = values.chunks_exact(5).map(|v| digest(v).0).collect();
        let peer_peaks: Vec<tf::Digest> = values.chunks_exact(5).map(|v| digest(v).1).collect();
        let ours = MmrAccumulator::init(peaks, count).unwrap();
        let peer = TfMmr::init(peer_peaks, count);
        assert!(
            same(&ours.bag_peaks().values(), &peer.bag_peaks().values()),
            "bag of {count}"
        );
    }
}

/// Batches of leaf mutations in ranges of 1 to 1 000 leaves, every leaf's
/// proof kept: the peaks, every proof brought up to date and the positions
/// of those that changed equal twenty-first's
/// `batch_mutate_leaf_and_update_mps`; a proofs-only batch on every other
/// proof equals its `batch_update_from_batch_leaf_mutation`, one proof after
/// one mutation its `update_from_leaf_mutation`; and `verify_batch_update`
/// accepts the range after the batch and some appends, and refuses it with
/// a peak changed, as twenty-first does.
#[test]
fn mmr_batch_mutations_against_twenty_first() {
    use algebraic_hash_tip5::mmr::{LeafMutation, MembershipProof, MmrAccumulator, MmrError};
    use twenty_first::util_types::mmr::mmr_accumulator::MmrAccumulator as TfMmr;
    use twenty_first::util_types::mmr::mmr_membership_proof::MmrMembershipProof as TfProof;
    use twenty_first::util_types::mmr::mmr_trait::{LeafMutation as TfMutation, Mmr};

    fn their_proof(proof: &MembershipProof) -> TfProof {
        TfProof::new(proof.authentication_path.iter().map(theirs).collect())
    }
    fn same_proof(ours: &MembershipProof, peer: &TfProof) -> bool {
        ours.authentication_path.len() == peer.authentication_path.len()
            && ours
                .authentication_path
                .iter()
                .zip(&peer.authentication_path)
                .all(|(a, b)| theirs(a) == *b)
    }
    fn their_peaks(peaks: &[Digest]) -> Vec<tf::Digest> {
        peaks.iter().map(theirs).collect()
    }

    let mut rng = Rng64::new(0x6d75_7461, P, EDGES);
    let mut random_leaf = || {
        Digest::new(
            rng.elements(5)
                .iter()
                .map(|&v| felt(v))
                .collect::<Vec<_>>()
                .try_into()
                .unwrap(),
        )
    };
    let mut indices_rng = Rng64::new(0x1dc5, P, EDGES);
    let rounds = cases(8) as usize;
    let (mut batches, mut mutations_done, mut proofs_changed) = (0, 0, 0);
    for len in [1u64, 2, 3, 7, 8, 64, 65, 127, 300, 1000] {
        let mut leaves: Vec<Digest> = (0..len).map(|_| random_leaf()).collect();
        // Every leaf's proof, grown with the range.
        let (mut ours, mut proofs) = grown(&leaves);
        let mut peer = TfMmr::init(their_peaks(ours.peaks()), len);
        let mut peer_proofs: Vec<TfProof> = proofs.iter().map(their_proof).collect();
        let all: Vec<u64> = (0..len).collect();
        for round in 0..rounds {
            let wanted = indices_rng.below(len.min(16) + 1);
            let mut indices: Vec<u64> = Vec::new();
            while (indices.len() as u64) < wanted {
                let k = indices_rng.below(len);
                if !indices.contains(&k) {
                    indices.push(k);
                }
            }
            let mutations: Vec<LeafMutation> = indices
                .iter()
                .map(|&k| LeafMutation::new(k, random_leaf(), proofs[k as usize].clone()))
                .collect();
            let peer_mutations: Vec<TfMutation> = mutations
                .iter()
                .map(|m| {
                    TfMutation::new(
                        m.leaf_index,
                        theirs(&m.new_leaf),
                        their_proof(&m.membership_proof),
                    )
                })
                .collect();

            // One proof after one mutation.
            if let (Some(mutation), Some(peer_mutation)) =
                (mutations.first(), peer_mutations.first())
            {
                let k = indices_rng.below(len) as usize;
                let (mut one, mut peer_one) = (proofs[k].clone(), peer_proofs[k].clone());
                let says = one
                    .update_from_leaf_mutation(k as u64, len, mutation)
                    .unwrap();
                let peer_says = peer_one.update_from_leaf_mutation(k as u64, peer_mutation);
                assert_eq!(
                    says, peer_says,
                    "proof of {k} after mutating {}",
                    mutation.leaf_index
                );
                assert!(same_proof(&one, &peer_one), "proof of {k} of {len}");
            }

            // The range after the batch and some appends, claimed.
            let appended: Vec<Digest> = (0..round % 4).map(|_| random_leaf()).collect();
            let mut peer_after = peer.clone();
            let mut scratch: Vec<TfProof> = peer_proofs.clone();
            peer_after.batch_mutate_leaf_and_update_mps(
                &mut scratch.iter_mut().collect::<Vec<_>>(),
                &all,
                peer_mutations.clone(),
            );
            for leaf in &appended {
                peer_after.append(theirs(leaf));
            }
            let peer_claim = peer_after.peaks();
            let claim: Vec<Digest> = peer_claim
                .iter()
                .map(|d| Digest::new(d.values().map(|v| felt(v.value()))))
                .collect();
            let peer_appended: Vec<tf::Digest> = appended.iter().map(theirs).collect();
            assert!(peer.verify_batch_update(&peer_claim, &peer_appended, peer_mutations.clone()));
            assert_eq!(
                ours.verify_batch_update(&claim, &appended, &mutations),
                Ok(())
            );
            let mut wrong = claim.clone();
            let place = indices_rng.below(wrong.len() as u64) as usize;
            wrong[place].0[indices_rng.below(5) as usize] += Felt::ONE;
            assert!(!peer.verify_batch_update(
                &their_peaks(&wrong),
                &peer_appended,
                peer_mutations.clone()
            ));
            assert_eq!(
                ours.verify_batch_update(&wrong, &appended, &mutations),
                Err(MmrError::UpdateMismatch)
            );

            // Every other proof through the proofs-only batch.
            let evens: Vec<u64> = all.iter().copied().step_by(2).collect();
            let mut some: Vec<MembershipProof> =
                evens.iter().map(|&k| proofs[k as usize].clone()).collect();
            let mut peer_some: Vec<TfProof> = evens
                .iter()
                .map(|&k| peer_proofs[k as usize].clone())
                .collect();
            let changed = MembershipProof::batch_update_from_batch_leaf_mutation(
                &mut some, &evens, len, &mutations,
            )
            .unwrap();
            let peer_changed = TfProof::batch_update_from_batch_leaf_mutation(
                &mut peer_some.iter_mut().collect::<Vec<_>>(),
                &evens,
                peer_mutations.clone(),
            );
            assert_eq!(changed, peer_changed, "proofs-only batch of {len}");
            assert!(some.iter().zip(&peer_some).all(|(a, b)| same_proof(a, b)));

            // The batch itself, every proof brought along.
            let changed = ours
                .batch_mutate_leaf_and_update_mps(&mut proofs, &all, &mutations)
                .unwrap();
            let peer_changed = peer.batch_mutate_leaf_and_update_mps(
                &mut peer_proofs.iter_mut().collect::<Vec<_>>(),
                &all,
                peer_mutations,
            );
            assert_eq!(changed, peer_changed, "changed proofs of {len}");
            assert_eq!(their_peaks(ours.peaks()), peer.peaks(), "peaks of {len}");
            assert!(
                proofs
                    .iter()
                    .zip(&peer_proofs)
                    .all(|(a, b)| same_proof(a, b))
            );
            for m in &mutations {
                leaves[m.leaf_index as usize] = m.new_leaf;
            }
            for (k, proof) in proofs.iter().enumerate() {
                assert_eq!(
                    ours.verify(k as u64, leaves[k], proof),
                    Ok(()),
                    "{k} of {len}"
                );
            }
            batches += 1;
            mutations_done += mutations.len();
            proofs_changed += changed.len();
        }
        assert_eq!(MmrAccumulator::from_leaves(&leaves), ours, "range of {len}");
    }
    assert!(
        mutations_done >= 5 * batches && proofs_changed >= batches || rounds < 8,
        "{batches} batches, {mutations_done} mutations, {proofs_changed} proofs changed"
    );
}

/// Successor proofs: ranges of random counts below 2^40 (given by random
/// peaks) followed by 0 to 300 appends: the proof equals twenty-first's
/// `MmrSuccessorProof::new_from_batch_append`, and both verifiers answer
/// alike on it, on it with a digest changed, one more or one fewer, on a
/// new range with a peak changed, and on the ranges swapped.
#[test]
fn mmr_successor_proofs_against_twenty_first() {
    use algebraic_hash_tip5::mmr::{MmrAccumulator, SuccessorProof};
    use twenty_first::util_types::mmr::mmr_accumulator::MmrAccumulator as TfMmr;
    use twenty_first::util_types::mmr::mmr_successor_proof::MmrSuccessorProof;

    fn their_range(range: &MmrAccumulator) -> TfMmr {
        TfMmr::init(
            range.peaks().iter().map(theirs).collect(),
            range.leaf_count(),
        )
    }
    fn their_proof(proof: &SuccessorProof) -> MmrSuccessorProof {
        MmrSuccessorProof {
            paths: proof.paths.iter().map(theirs).collect(),
        }
    }

    let mut rng = Rng64::new(0x5ecc, P, EDGES);
    let random_leaf = |rng: &mut Rng64| Digest::new(core::array::from_fn(|_| felt(rng.below(P))));
    let (mut proofs, mut with_paths, mut refusals) = (0, 0, 0);
    for _ in 0..cases(300) {
        let count = match rng.below(4) {
            0 => rng.below(70),
            1 => rng.below(1 << 12) << rng.below(4),
            2 => 1 << rng.below(40),
            _ => rng.below(1 << 40),
        };
        let peaks = (0..count.count_ones())
            .map(|_| random_leaf(&mut rng))
            .collect();
        let old = MmrAccumulator::init(peaks, count).unwrap();
        let appended: Vec<Digest> = (0..rng.below(301)).map(|_| random_leaf(&mut rng)).collect();
        let mut new = old.clone();
        for &leaf in &appended {
            new.append(leaf).unwrap();
        }
        let (peer_old, peer_new) = (their_range(&old), their_range(&new));
        let peer_appended: Vec<tf::Digest> = appended.iter().map(theirs).collect();

        let proof = SuccessorProof::new_from_batch_append(&old, &appended).unwrap();
        let peer_proof = MmrSuccessorProof::new_from_batch_append(&peer_old, &peer_appended);
        assert_eq!(
            their_proof(&proof).paths,
            peer_proof.paths,
            "{count} + {}",
            appended.len()
        );
        assert_eq!(
            proof.verify(&old, &new),
            Ok(()),
            "{count} + {}",
            appended.len()
        );
        assert!(peer_proof.verify(&peer_old, &peer_new));
        proofs += 1;
        with_paths += usize::from(!proof.paths.is_empty());

        let alike = |proof: &SuccessorProof, old: &MmrAccumulator, new: &MmrAccumulator| {
            let ours = proof.verify(old, new);
            let peer = their_proof(proof).verify(&their_range(old), &their_range(new));
            assert_eq!(ours.is_ok(), peer, "{ours:?}, {count} + {}", appended.len());
            usize::from(!peer)
        };
        if !proof.paths.is_empty() {
            let mut changed = proof.clone();
            let at = rng.below(changed.paths.len() as u64) as usize;
            changed.paths[at].0[rng.below(5) as usize] += Felt::ONE;
            refusals += alike(&changed, &old, &new);
            let mut fewer = proof.clone();
            fewer.paths.pop();
            refusals += alike(&fewer, &old, &new);
        }
        let mut more = proof.clone();
        more.paths.push(random_leaf(&mut rng));
        refusals += alike(&more, &old, &new);
        if !new.peaks().is_empty() {
            let mut peaks = new.peaks().to_vec();
            let at = rng.below(peaks.len() as u64) as usize;
            peaks[at].0[0] += Felt::ONE;
            let other = MmrAccumulator::init(peaks, new.leaf_count()).unwrap();
            refusals += alike(&proof, &old, &other);
        }
        refusals += alike(&proof, &new, &old);
    }
    assert!(
        with_paths >= proofs / 4 && refusals >= proofs || proofs < 300,
        "{proofs} proofs, {with_paths} with paths, {refusals} refusals"
    );
}
