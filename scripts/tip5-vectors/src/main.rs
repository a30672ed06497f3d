//! Prints the Tip5 known-answer file (JSON) computed by twenty-first 3.1.1:
//! `permute` (`Tip5::permutation` on a state of canonical values), `hash`
//! (`Tip5::hash_varlen`, every length 0..=30 plus a few long ones),
//! `compress` (`Tip5::hash_pair`, input: the two digests' ten elements) and
//! `hash_10` (`Tip5::hash_10`). Inputs: edge values (0, 1, p − 1, and
//! 2^32, whose Montgomery form is p − 1) and a fixed splitmix64 stream.
//!
//! With the argument `merkle`, prints the Merkle-tree file instead
//! (test-vectors/tip5/merkle.json): twenty-first's `MerkleTree` over 1 to
//! 128 leaves, its root, and for several sets of leaf indices the node
//! indices and the authentication structure, each proof accepted by
//! `MerkleTreeInclusionProof::verify`; plus every inner node of the
//! smaller trees as a `compress` (`Tip5::hash_pair`) case.

use twenty_first::prelude::BFieldElement;
use twenty_first::tip5::{Digest, Tip5};
use twenty_first::util_types::merkle_tree::{MerkleTree, MerkleTreeInclusionProof};
use twenty_first::util_types::mmr::mmr_accumulator::MmrAccumulator;
use twenty_first::util_types::mmr::mmr_membership_proof::MmrMembershipProof;
use twenty_first::util_types::mmr::mmr_successor_proof::MmrSuccessorProof;
use twenty_first::util_types::mmr::mmr_trait::{LeafMutation, Mmr};

const P: u64 = BFieldElement::P;

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    fn elements(&mut self, n: usize) -> Vec<u64> {
        (0..n).map(|_| self.next() % P).collect()
    }
}

fn list(values: &[u64]) -> String {
    let items: Vec<String> = values.iter().map(|v| format!("\"{v}\"")).collect();
    format!("[{}]", items.join(", "))
}

fn values(elements: &[BFieldElement]) -> Vec<u64> {
    elements.iter().map(|e| e.value()).collect()
}

fn bfes(v: &[u64]) -> Vec<BFieldElement> {
    v.iter().map(|&x| BFieldElement::new(x)).collect()
}

fn main() {
    match std::env::args().nth(1).as_deref() {
        Some("merkle") => return merkle(),
        Some("mmr") => return mmr(),
        _ => {}
    }
    let mut rng = Rng(0x7195_5eed);
    let mut cases = Vec::new();
    let mut case = |f: &str, input: &[u64], output: &[u64]| {
        cases.push(format!(
            "    {{ \"fn\": \"{f}\", \"input\": {}, \"output\": {} }}",
            list(input),
            list(output)
        ));
    };

    let mut states: Vec<Vec<u64>> = vec![
        vec![0; 16],
        (0..16).collect(),
        vec![P - 1; 16],
        vec![1 << 32; 16],
        vec![1; 16],
    ];
    states.extend((0..10).map(|_| rng.elements(16)));
    for s in &states {
        let mut t = Tip5 {
            state: bfes(s).try_into().unwrap(),
        };
        t.permutation();
        case("permute", s, &values(&t.state));
    }

    let mut inputs: Vec<Vec<u64>> = (0..=30).map(|n| rng.elements(n)).collect();
    inputs.push(vec![0; 10]);
    inputs.push(vec![P - 1; 19]);
    inputs.push(rng.elements(100));
    for v in &inputs {
        case("hash", v, &values(&Tip5::hash_varlen(&bfes(v)).values()));
    }

    let mut pairs: Vec<Vec<u64>> = vec![vec![0; 10], vec![P - 1; 10], (0..10).collect()];
    pairs.extend((0..10).map(|_| rng.elements(10)));
    for v in &pairs {
        let e = bfes(v);
        let l = Digest::new(e[..5].try_into().unwrap());
        let r = Digest::new(e[5..].try_into().unwrap());
        case("compress", v, &values(&Tip5::hash_pair(l, r).values()));
        case("hash_10", v, &values(&Tip5::hash_10(&e.try_into().unwrap())));
    }

    println!("{{");
    println!(
        "  \"source\": \"twenty-first 3.1.1 (crates.io, =3.1.1; git d0672516f1b57e3622e1470229740e7df7c55349): \
         Tip5::permutation for permute, Tip5::hash_varlen for hash, Tip5::hash_pair for compress \
         (input: left digest then right digest), Tip5::hash_10 for hash_10\","
    );
    println!("  \"generator\": \"scripts/tip5-vectors (run.sh)\",");
    println!("  \"instance\": \"tip5\",");
    println!("  \"cases\": [");
    println!("{}", cases.join(",\n"));
    println!("  ]");
    println!("}}");
}

fn digest_values(digests: &[Digest]) -> Vec<u64> {
    digests.iter().flat_map(|d| values(&d.values())).collect()
}

fn merkle() {
    let mut rng = Rng(0x3e2c_1e5a);
    let mut trees: Vec<Vec<Digest>> = Vec::new();
    for height in 0..=7 {
        let leaves = (0..1usize << height)
            .map(|_| Digest::new(bfes(&rng.elements(5)).try_into().unwrap()))
            .collect();
        trees.push(leaves);
    }
    trees.push(vec![Digest::new(bfes(&[0; 5]).try_into().unwrap()); 4]);
    trees.push(vec![Digest::new(bfes(&[P - 1; 5]).try_into().unwrap()); 8]);

    let mut cases = Vec::new();
    let mut nodes = Vec::new();
    for leaves in &trees {
        let n = leaves.len();
        let tree = MerkleTree::sequential_new(leaves).unwrap();
        let mut index_sets: Vec<Vec<usize>> = vec![vec![], vec![0], vec![n - 1]];
        if n > 1 {
            let r = rng.next() as usize % n;
            index_sets.push(vec![r]);
            let mut several: Vec<usize> = (0..5).map(|_| rng.next() as usize % n).collect();
            several.push(several[0]);
            index_sets.push(several);
            if n <= 64 {
                index_sets.push((0..n).step_by(3).collect());
            }
        }
        let mut proofs = Vec::new();
        for indices in &index_sets {
            let node_indices: Vec<usize> =
                MerkleTree::authentication_structure_node_indices(n, indices).unwrap().collect();
            let structure = tree.authentication_structure(indices).unwrap();
            let proof: MerkleTreeInclusionProof = tree.inclusion_proof_for_leaf_indices(indices).unwrap();
            assert!(proof.verify(tree.root()), "twenty-first accepts its proof");
            let numbers = |v: &[usize]| v.iter().map(|i| i.to_string()).collect::<Vec<_>>().join(", ");
            proofs.push(format!(
                "{{ \"leaf_indices\": [{}], \"node_indices\": [{}], \"authentication_structure\": {} }}",
                numbers(indices),
                numbers(&node_indices),
                list(&digest_values(&structure))
            ));
        }
        cases.push(format!(
            "    {{ \"fn\": \"merkle_tree\", \"input\": {}, \"output\": {}, \"proofs\": [{}] }}",
            list(&digest_values(leaves)),
            list(&values(&tree.root().values())),
            proofs.join(", ")
        ));
        if n <= 8 {
            for i in (1..n).rev() {
                let (l, r) = (tree.node(2 * i).unwrap(), tree.node(2 * i + 1).unwrap());
                let parent = tree.node(i).unwrap();
                assert_eq!(Tip5::hash_pair(l, r), parent);
                nodes.push(format!(
                    "    {{ \"fn\": \"compress\", \"input\": {}, \"output\": {} }}",
                    list(&digest_values(&[l, r])),
                    list(&values(&parent.values()))
                ));
            }
        }
    }
    cases.extend(nodes);

    println!("{{");
    println!(
        "  \"source\": \"twenty-first 3.1.1 (crates.io, =3.1.1; git d0672516f1b57e3622e1470229740e7df7c55349): \
         MerkleTree::sequential_new(leafs), its root, and for each set of leaf indices \
         MerkleTree::authentication_structure_node_indices and authentication_structure, \
         each inclusion proof accepted by MerkleTreeInclusionProof::verify; compress cases: \
         the inner nodes of the trees of up to 8 leaves (Tip5::hash_pair of their children)\","
    );
    println!("  \"generator\": \"scripts/tip5-vectors (run.sh; cargo run --release -- merkle)\",");
    println!("  \"instance\": \"tip5\",");
    println!(
        "  \"format\": \"merkle_tree: input, the leaves' digests (5 elements each), concatenated; \
         output, the root; proofs, for each leaf_indices the node_indices (twenty-first's numbering: \
         the root is 1, leaf j of n is n + j) and the authentication_structure's digests, concatenated. \
         compress: left digest then right digest -> parent\","
    );
    println!("  \"cases\": [");
    println!("{}", cases.join(",\n"));
    println!("  ]");
    println!("}}");
}

fn mmr() {
    let mut rng = Rng(0x6d6d_7200);
    let mut batch_rng = Rng(0x6d6d_7201);
    let mut cases = Vec::new();
    let mut steps = Vec::new();
    let sizes: Vec<usize> = (0..=20).chain([31, 32, 33, 63]).collect();
    for &n in &sizes {
        let leaves: Vec<Digest> = (0..n)
            .map(|_| Digest::new(bfes(&rng.elements(5)).try_into().unwrap()))
            .collect();
        let mut mmr = MmrAccumulator::new_from_leafs(vec![]);
        let mut proofs: Vec<MmrMembershipProof> = Vec::new();
        for (i, &leaf) in leaves.iter().enumerate() {
            let (old_count, old_peaks) = (mmr.num_leafs(), mmr.peaks());
            for (k, proof) in proofs.iter_mut().enumerate() {
                proof.update_from_append(k as u64, old_count, leaf, &old_peaks);
            }
            proofs.push(mmr.append(leaf));
            assert_eq!(mmr.num_leafs(), i as u64 + 1);
        }
        assert_eq!(MmrAccumulator::new_from_leafs(leaves.clone()).peaks(), mmr.peaks());
        let peaks = mmr.peaks();
        let mut proven: Vec<usize> = if n == 0 { vec![] } else { vec![0, n - 1, n / 2] };
        proven.sort_unstable();
        proven.dedup();
        let proof_cases: Vec<String> = proven
            .iter()
            .map(|&k| {
                let proof = &proofs[k];
                assert!(proof.verify(k as u64, leaves[k], &peaks, n as u64));
                format!(
                    "{{ \"leaf_index\": {k}, \"authentication_path\": {} }}",
                    list(&digest_values(&proof.authentication_path))
                )
            })
            .collect();
        cases.push(format!(
            "    {{ \"fn\": \"mmr\", \"input\": {}, \"output\": {}, \"peaks\": {}, \"proofs\": [{}] }}",
            list(&digest_values(&leaves)),
            list(&values(&mmr.bag_peaks().values())),
            list(&digest_values(&peaks)),
            proof_cases.join(", ")
        ));
        if [1, 5, 13, 32, 33, 63].contains(&n) {
            cases.push(mmr_batch(&mut batch_rng, &leaves, &mmr, &proofs));
        }
        // bag_peaks: hash_10 of the count's limbs, then hash_pair(peak, acc)
        // from the last peak to the first; the steps as compress cases.
        let limbs = [n as u64 & 0xffff_ffff, n as u64 >> 32, 0, 0, 0, 0, 0, 0, 0, 0];
        let mut acc = Digest::new(Tip5::hash_10(&bfes(&limbs).try_into().unwrap()));
        for &peak in peaks.iter().rev() {
            let next = Tip5::hash_pair(peak, acc);
            steps.push(format!(
                "    {{ \"fn\": \"compress\", \"input\": {}, \"output\": {} }}",
                list(&digest_values(&[peak, acc])),
                list(&values(&next.values()))
            ));
            acc = next;
        }
        assert_eq!(acc, mmr.bag_peaks(), "bag_peaks as its steps");
    }
    // Counts beyond 32 bits (bag_peaks hashes both halves): ranges given
    // by random peaks and their count (MmrAccumulator::init).
    for count in [1u64 << 32, (1 << 32) + 5, 0x0000_ffff_0000_ffff, u64::MAX - 1] {
        let peaks: Vec<Digest> = (0..count.count_ones())
            .map(|_| Digest::new(bfes(&rng.elements(5)).try_into().unwrap()))
            .collect();
        let mmr = MmrAccumulator::init(peaks.clone(), count);
        cases.push(format!(
            "    {{ \"fn\": \"bag_peaks\", \"leaf_count\": \"{count}\", \"input\": {}, \"output\": {} }}",
            list(&digest_values(&peaks)),
            list(&values(&mmr.bag_peaks().values()))
        ));
    }
    // Successor proofs: a range given by random peaks and its count, then
    // appends.
    for (count, appended) in [
        (0u64, 5usize),
        (1, 1),
        (6, 1),
        (6, 2),
        (6, 10),
        (42, 3),
        (42, 8),
        (42, 30),
        (64, 64),
        (100, 0),
        ((1 << 32) + 3, 9),
    ] {
        let peaks: Vec<Digest> = (0..count.count_ones())
            .map(|_| Digest::new(bfes(&batch_rng.elements(5)).try_into().unwrap()))
            .collect();
        let old = MmrAccumulator::init(peaks.clone(), count);
        let leaves: Vec<Digest> = (0..appended)
            .map(|_| Digest::new(bfes(&batch_rng.elements(5)).try_into().unwrap()))
            .collect();
        let mut new = old.clone();
        for &leaf in &leaves {
            new.append(leaf);
        }
        let proof = MmrSuccessorProof::new_from_batch_append(&old, &leaves);
        assert!(proof.verify(&old, &new));
        cases.push(format!(
            "    {{ \"fn\": \"mmr_successor\", \"leaf_count\": \"{count}\", \"peaks\": {}, \
             \"input\": {}, \"paths\": {}, \"output\": {} }}",
            list(&digest_values(&peaks)),
            list(&digest_values(&leaves)),
            list(&digest_values(&proof.paths)),
            list(&digest_values(&new.peaks()))
        ));
    }
    cases.extend(steps);

    println!("{{");
    println!(
        "  \"source\": \"twenty-first 3.1.1 (crates.io, =3.1.1; git d0672516f1b57e3622e1470229740e7df7c55349): \
         MmrAccumulator grown leaf by leaf with append (checked against new_from_leafs), its peaks and \
         bag_peaks, and membership proofs kept up to date by MmrMembershipProof::update_from_append, \
         each accepted by MmrMembershipProof::verify; bag_peaks cases: MmrAccumulator::init(peaks, \
         leaf_count) of counts beyond 32 bits and its bag_peaks; compress cases: the hash_pair steps \
         of each grown range's bag_peaks; mmr_batch cases: Mmr::batch_mutate_leaf_and_update_mps \
         on such a range with every leaf's proof, then appends, the result accepted by \
         Mmr::verify_batch_update; mmr_successor cases: MmrSuccessorProof::new_from_batch_append \
         on a range given by MmrAccumulator::init, accepted by MmrSuccessorProof::verify against \
         the range after the appends\","
    );
    println!("  \"generator\": \"scripts/tip5-vectors (run.sh; cargo run --release -- mmr)\",");
    println!("  \"instance\": \"tip5\",");
    println!(
        "  \"format\": \"mmr: input, the leaves' digests (5 elements each) in order, concatenated; \
         output, bag_peaks; peaks, concatenated, tallest tree first; proofs, the authentication_path \
         of leaf leaf_index, leaf level first, concatenated. bag_peaks: input, the peaks, \
         concatenated; leaf_count, decimal; output, bag_peaks. compress: peak then accumulator -> \
         the next accumulator of bag_peaks. mmr_batch: input, the leaves as in mmr; mutations, \
         leaf_index and new_leaf, each with the leaf's proof of the range before the batch; \
         changed, the positions of the proofs (one per leaf, in leaf order) that \
         batch_mutate_leaf_and_update_mps changed; peaks, after the mutations; proofs, some of the \
         updated proofs; appended, leaves appended after the batch; output, the peaks after them. \
         mmr_successor: leaf_count (decimal) and peaks, the range before; input, the appended \
         leaves; paths, the successor proof; output, the peaks after the appends\","
    );
    println!("  \"cases\": [");
    println!("{}", cases.join(",\n"));
    println!("  ]");
    println!("}}");
}

/// One `mmr_batch` case: a batch of mutations of distinct leaves of the
/// range, every leaf's proof brought along, then appends.
fn mmr_batch(
    rng: &mut Rng,
    leaves: &[Digest],
    mmr: &MmrAccumulator,
    proofs: &[MmrMembershipProof],
) -> String {
    let n = leaves.len() as u64;
    let mut indices: Vec<u64> = Vec::new();
    while (indices.len() as u64) < n.min(5) {
        let k = rng.next() % n;
        if !indices.contains(&k) {
            indices.push(k);
        }
    }
    let new_leaves: Vec<Digest> = indices
        .iter()
        .map(|_| Digest::new(bfes(&rng.elements(5)).try_into().unwrap()))
        .collect();
    let mutations: Vec<LeafMutation> = indices
        .iter()
        .zip(&new_leaves)
        .map(|(&k, &leaf)| LeafMutation::new(k, leaf, proofs[k as usize].clone()))
        .collect();
    let mut after = mmr.clone();
    let mut updated = proofs.to_vec();
    let all: Vec<u64> = (0..n).collect();
    let changed = after.batch_mutate_leaf_and_update_mps(
        &mut updated.iter_mut().collect::<Vec<_>>(),
        &all,
        mutations.clone(),
    );
    let mut now = leaves.to_vec();
    for (&k, &leaf) in indices.iter().zip(&new_leaves) {
        now[k as usize] = leaf;
    }
    assert_eq!(MmrAccumulator::new_from_leafs(now.clone()).peaks(), after.peaks());
    for (k, proof) in updated.iter().enumerate() {
        assert!(proof.verify(k as u64, now[k], &after.peaks(), n));
    }
    let appended: Vec<Digest> = (0..2)
        .map(|_| Digest::new(bfes(&rng.elements(5)).try_into().unwrap()))
        .collect();
    let mut last = after.clone();
    for &leaf in &appended {
        last.append(leaf);
    }
    assert!(mmr.verify_batch_update(&last.peaks(), &appended, mutations));
    let mutation_cases: Vec<String> = indices
        .iter()
        .zip(&new_leaves)
        .map(|(k, leaf)| {
            format!(
                "{{ \"leaf_index\": {k}, \"new_leaf\": {} }}",
                list(&values(&leaf.values()))
            )
        })
        .collect();
    let mut shown: Vec<usize> = vec![0, now.len() / 3, now.len() - 1];
    shown.extend(changed.iter().take(3));
    shown.sort_unstable();
    shown.dedup();
    let proof_cases: Vec<String> = shown
        .iter()
        .map(|&k| {
            format!(
                "{{ \"leaf_index\": {k}, \"authentication_path\": {} }}",
                list(&digest_values(&updated[k].authentication_path))
            )
        })
        .collect();
    let changed: Vec<String> = changed.iter().map(|k| k.to_string()).collect();
    format!(
        "    {{ \"fn\": \"mmr_batch\", \"input\": {}, \"mutations\": [{}], \"changed\": [{}], \
         \"peaks\": {}, \"proofs\": [{}], \"appended\": {}, \"output\": {} }}",
        list(&digest_values(leaves)),
        mutation_cases.join(", "),
        changed.join(", "),
        list(&digest_values(&after.peaks())),
        proof_cases.join(", "),
        list(&digest_values(&appended)),
        list(&digest_values(&last.peaks()))
    )
}
