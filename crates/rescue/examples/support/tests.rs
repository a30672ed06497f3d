//! The Winterfell provers of `examples/support`: proofs made with
//! winter-crypto's `Rp64_256` on winter-prover's default path, with
//! `WinterRp64_256`, with `BatchedMerkleTree`, and with the batched
//! `BatchedTraceLde` / `BatchedConstraintCommitment` are byte-identical and
//! verify under both hashers, for one column, many columns (partitioned
//! rows too) and an auxiliary segment over the quadratic and the cubic
//! extension; a wrong public input is refused. `row_digests` equals
//! winter-prover's own `commit_to_rows` with winter-crypto's hasher.
//!
//! Compiled into the `winterfell_prover` example as its unit tests (`test =
//! true` in Cargo.toml), so that `cargo test` compiles the provers once.

use crate::support::{Batched, WinterDefaults, columns, cube};
use algebraic_hash_rescue::winterfell_commit::row_digests;
use algebraic_hash_rescue::{BatchedMerkleTree, ElementDigest, Rp64_256, WinterRp64_256};
use winterfell::crypto::hashers::Rp64_256 as Winter;
use winterfell::crypto::{MerkleTree, VectorCommitment};
use winterfell::math::FieldElement;
use winterfell::math::fields::f64::BaseElement;
use winterfell::math::fields::{CubeExtension, QuadExtension};
use winterfell::matrix::{ColMatrix, RowMatrix};
use winterfell::{FieldExtension, PartitionOptions};

type Ours = WinterRp64_256;

#[test]
fn cube_proofs_are_byte_identical_and_verify_under_both_hashers() {
    for (first, log) in [(3u64, 6u32), (5, 10)] {
        let steps = 1 << log;
        let (winter, inputs) =
            cube::prove::<Winter, MerkleTree<Winter>, WinterDefaults>(first, steps);
        let (ours, ours_inputs) =
            cube::prove::<Ours, MerkleTree<Ours>, WinterDefaults>(first, steps);
        let (tree, _) = cube::prove::<Ours, BatchedMerkleTree, WinterDefaults>(first, steps);
        let (rows, _) = cube::prove::<Ours, MerkleTree<Ours>, Batched>(first, steps);
        let (batched, _) = cube::prove::<Ours, BatchedMerkleTree, Batched>(first, steps);
        assert_eq!(inputs.last, ours_inputs.last);
        for proof in [&ours, &tree, &rows, &batched] {
            assert_eq!(winter.to_bytes(), proof.to_bytes(), "2^{log} steps");
        }
        for proof in [&winter, &batched] {
            cube::verify::<Winter, MerkleTree<Winter>>(proof.clone(), inputs).unwrap();
            cube::verify::<Ours, MerkleTree<Ours>>(proof.clone(), inputs).unwrap();
            cube::verify::<Ours, BatchedMerkleTree>(proof.clone(), inputs).unwrap();
        }
        let mut wrong = inputs;
        wrong.last += BaseElement::new(1);
        assert!(cube::verify::<Ours, BatchedMerkleTree>(batched, wrong).is_err());
    }
}

/// Main widths below, across and well past one 8-element block, auxiliary
/// segments over both extensions, and partitioned rows (`19` columns in 4
/// partitions; `2` columns whose partition, at hash rate 8, is wider than
/// the row: one partition, then `merge_many` of its one digest).
#[test]
fn columns_proofs_are_byte_identical_and_verify_under_both_hashers() {
    let cases = [
        (11, 0, FieldExtension::Quadratic, 1),
        (5, 3, FieldExtension::Cubic, 1),
        (19, 2, FieldExtension::Quadratic, 4),
        (2, 1, FieldExtension::Cubic, 3),
    ];
    for (seed, (width, aux, extension, partitions)) in cases.into_iter().enumerate() {
        let options = columns::columns_options(extension, partitions);
        let shape = format!("{width} columns, {aux} aux, {extension:?}, {partitions} partitions");
        let seed = seed as u64 + 7;
        let (winter, inputs) = columns::prove::<Winter, MerkleTree<Winter>, WinterDefaults>(
            seed,
            width,
            aux,
            32,
            options.clone(),
        );
        let (batched, _) = columns::prove::<Ours, BatchedMerkleTree, Batched>(
            seed,
            width,
            aux,
            32,
            options.clone(),
        );
        assert_eq!(winter.to_bytes(), batched.to_bytes(), "{shape}");
        for proof in [&winter, &batched] {
            columns::verify::<Winter, MerkleTree<Winter>>(proof.clone(), inputs, options.clone())
                .unwrap_or_else(|e| panic!("{shape}: {e}"));
            columns::verify::<Ours, BatchedMerkleTree>(proof.clone(), inputs, options.clone())
                .unwrap_or_else(|e| panic!("{shape}: {e}"));
        }
        let mut wrong = inputs;
        wrong.last += BaseElement::new(1);
        assert!(
            columns::verify::<Ours, BatchedMerkleTree>(batched, wrong, options).is_err(),
            "{shape}"
        );
    }
}

/// A matrix of `columns` columns of `E` over `rows` rows (a power of two,
/// at least 4), as winter-prover extends one (blowup 2).
fn matrix<E: FieldElement<BaseField = BaseElement>>(columns: usize, rows: usize) -> RowMatrix<E> {
    let mut x = BaseElement::new(columns as u64 + 1);
    let polys = (0..columns)
        .map(|_| {
            (0..rows / 2)
                .map(|_| {
                    let base: Vec<BaseElement> = (0..E::EXTENSION_DEGREE)
                        .map(|_| {
                            x = x * x + BaseElement::new(3);
                            x
                        })
                        .collect();
                    E::slice_from_base_elements(&base)[0]
                })
                .collect()
        })
        .collect();
    RowMatrix::evaluate_polys::<8>(&ColMatrix::new(polys), 2)
}

/// `row_digests`, built into winter-crypto's tree over winter-crypto's
/// hasher, gives the root winter-prover's `commit_to_rows` gives; for every
/// width 1..=20 in the base field and both extensions, with and without
/// partitions, over 8, 64 and 512 rows (partial, whole and many 16-row
/// groups; more than one 256-row partition chunk).
#[test]
fn row_digests_equal_winter_prover_commit_to_rows() {
    fn check<E: FieldElement<BaseField = BaseElement>>(columns: usize, rows: usize) {
        let m = matrix::<E>(columns, rows);
        assert_eq!(m.num_rows(), rows);
        for options in [
            PartitionOptions::default(),
            PartitionOptions::new(2, 8),
            PartitionOptions::new(3, 4),
            PartitionOptions::new(16, 64),
        ] {
            let ours = row_digests(&m, options);
            let winter_digests: Vec<_> = ours.iter().map(|d| d.to_winter()).collect();
            let root = *MerkleTree::<Winter>::new(winter_digests).unwrap().root();
            let want = m.commit_to_rows::<Winter, MerkleTree<Winter>>(options);
            assert_eq!(
                root,
                want.commitment(),
                "{} × {columns} columns, {rows} rows, {options:?}",
                E::EXTENSION_DEGREE
            );
        }
    }
    for columns in 1..=20 {
        for rows in [8, 64] {
            check::<BaseElement>(columns, rows);
            check::<QuadExtension<BaseElement>>(columns, rows);
            check::<CubeExtension<BaseElement>>(columns, rows);
        }
    }
    for columns in [3, 13] {
        check::<BaseElement>(columns, 512);
        check::<CubeExtension<BaseElement>>(columns, 512);
    }
}

fn leaves(n: usize) -> Vec<ElementDigest> {
    (0..n as u64)
        .map(|i| Rp64_256::hash(&i.to_le_bytes()))
        .collect()
}

#[test]
fn batched_tree_equals_winter_tree() {
    for log in 1..=9 {
        let items = leaves(1 << log);
        let ours = BatchedMerkleTree::new(items.clone()).unwrap();
        let theirs = MerkleTree::<WinterRp64_256>::new(items.clone()).unwrap();
        // Winter's tree over winter-crypto's own hasher, as an outside answer.
        let winter_items: Vec<_> = items.iter().map(|d| d.to_winter()).collect();
        let outside = MerkleTree::<Winter>::new(winter_items).unwrap();
        assert_eq!(ours.commitment(), *theirs.root());
        assert_eq!(ours.commitment().to_winter(), *outside.root());
        assert_eq!(ours.domain_len(), 1 << log);
        for index in [0, (1 << log) - 1, (1 << log) / 2] {
            let (item, proof) = ours.open(index).unwrap();
            assert_eq!(item, items[index]);
            assert_eq!(proof, theirs.open(index).unwrap().1);
            BatchedMerkleTree::verify(ours.commitment(), index, item, &proof).unwrap();
        }
        let indexes = [0, (1 << log) - 1];
        let (items_many, multi) = ours.open_many(&indexes).unwrap();
        BatchedMerkleTree::verify_many(ours.commitment(), &indexes, &items_many, &multi).unwrap();
    }
    assert!(BatchedMerkleTree::new(leaves(1)).is_err());
    assert!(BatchedMerkleTree::new(leaves(6)).is_err());
}
