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
    if std::env::args().nth(1).as_deref() == Some("merkle") {
        merkle();
        return;
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
