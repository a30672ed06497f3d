//! A Plonky3 Merkle-tree commitment (`p3_merkle_tree::MerkleTreeMmcs`) built
//! on `Rp64_256` through the `plonky3` feature's trait impls: its root is
//! winter-crypto 0.13's `MerkleTree` root over the same rows (each leaf
//! `Rp64_256::hash_elements(row)`, each node `Rp64_256::merge`), and its
//! openings verify, while a changed value or a wrong index does not.
#![cfg(all(feature = "plonky3", feature = "winterfell"))]

use algebraic_hash_rescue::{Felt, Rp64_256};
use algebraic_hash_testkit::Rng64;
use p3_commit::{BatchOpeningRef, Mmcs};
use p3_goldilocks::Goldilocks;
use p3_matrix::Dimensions;
use p3_matrix::dense::RowMajorMatrix;
use p3_merkle_tree::MerkleTreeMmcs;
use winter_crypto::hashers::Rp64_256 as Winter;
use winter_crypto::{ElementHasher, MerkleTree};
use winter_math::fields::f64::BaseElement;

/// Rows hashed by our Rp64_256 sponge, nodes by its 2-to-1 compression,
/// scalar (unpacked) Goldilocks, binary tree, 4-element digests.
type RescueMmcs = MerkleTreeMmcs<Goldilocks, Goldilocks, Rp64_256, Rp64_256, 2, 4>;

/// Edge values mixed into the random rows (one in four elements).
const EDGES: [u64; 4] = [0, 1, Felt::MODULUS - 1, 1 << 32];

fn canonical(x: Goldilocks) -> u64 {
    use p3_field::PrimeField64;
    x.as_canonical_u64()
}

/// winter-crypto's root over the rows of a `height × width` matrix.
fn winter_root(values: &[u64], width: usize) -> [u64; 4] {
    let leaves: Vec<_> = values
        .chunks_exact(width)
        .map(|row| {
            Winter::hash_elements(&row.iter().map(|&x| BaseElement::new(x)).collect::<Vec<_>>())
        })
        .collect();
    let tree = MerkleTree::<Winter>::new(leaves).expect("a power-of-two number of leaves ≥ 2");
    let root = tree.root().as_elements();
    core::array::from_fn(|i| root[i].as_int())
}

#[test]
fn mmcs_root_equals_winter_crypto_merkle_root() {
    let mut g = Rng64::new(11, Felt::MODULUS, &EDGES);
    let mmcs = RescueMmcs::new(Rp64_256, Rp64_256, 0);
    // Widths below, at and above the sponge rate (8), several blocks.
    for (log_height, width) in [(1, 1), (2, 8), (3, 5), (4, 9), (6, 17), (8, 3)] {
        let height = 1usize << log_height;
        let values = g.elements(height * width);
        let matrix =
            RowMajorMatrix::new(values.iter().map(|&x| Goldilocks::new(x)).collect(), width);
        let (cap, prover_data) = mmcs.commit_matrix(matrix);
        assert_eq!(cap.num_roots(), 1);
        let root = cap[0].map(canonical);
        assert_eq!(
            root,
            winter_root(&values, width),
            "height {height}, width {width}"
        );

        // Openings verify against the commitment.
        let dims = [Dimensions { width, height }];
        for index in [0, height / 2, height - 1] {
            let opening = mmcs.open_batch(index, &prover_data);
            let row: Vec<u64> = opening.opened_values[0]
                .iter()
                .copied()
                .map(canonical)
                .collect();
            assert_eq!(row, values[index * width..(index + 1) * width]);
            mmcs.verify_batch(&cap, &dims, index, BatchOpeningRef::from(&opening))
                .expect("an honest opening verifies");

            // A changed value does not.
            let mut forged = opening.opened_values.clone();
            forged[0][0] += Goldilocks::new(1);
            assert!(
                mmcs.verify_batch(
                    &cap,
                    &dims,
                    index,
                    BatchOpeningRef::new(&forged, &opening.opening_proof)
                )
                .is_err()
            );
            // Nor does the same opening at another index (rows differ).
            let other = (index + 1) % height;
            assert!(
                mmcs.verify_batch(&cap, &dims, other, BatchOpeningRef::from(&opening))
                    .is_err()
            );
        }
    }
}
