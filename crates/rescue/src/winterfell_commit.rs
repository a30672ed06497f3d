//! A Winterfell prover's trace and constraint commitments with the rows
//! hashed in batches (feature `winterfell`).
//!
//! winter-prover 0.13 commits to a low-degree extension (the trace's, then
//! the constraint composition's) by hashing each row of the extended matrix
//! with one `ElementHasher::hash_elements` call (`RowMatrix::commit_to_rows`)
//! and handing the digests to the prover's vector commitment. Those row
//! hashes are about half of a prover's permutations (the trees' merges are
//! most of the rest), and one call per row never reaches the SIMD path
//! of [`Rp64_256::hash_elements_many`], which runs 16 rows' permutations
//! side by side (eight per AVX-512 register set).
//!
//! [`BatchedTraceLde`] and [`BatchedConstraintCommitment`] do what
//! winter-prover's `DefaultTraceLde` and `DefaultConstraintCommitment` do —
//! the same interpolation and extension (`RowMatrix::evaluate_polys_over`),
//! the same row digests (partitioned rows included: each partition hashed,
//! then `merge_many` of a row's partition digests), the same queries — but
//! compute all row digests through [`row_digests`], i.e. through
//! `hash_elements_many`, and build the vector commitment `V` from them
//! ([`BatchedMerkleTree`] by default, whose levels are batched too). The
//! proofs are byte-identical to the default path's with
//! `winter_crypto::hashers::Rp64_256` (examples/support/tests.rs: the
//! `winterfell_prover` example's tests).
//!
//! # Switching a prover
//!
//! In an `impl winterfell::Prover` over `winterfell::math::fields::f64::BaseElement`
//! whose hash is this crate's `WinterRp64_256` (and, for the batched tree,
//! `type VC = BatchedMerkleTree`), two associated types and two constructor
//! methods change: `TraceLde` and `ConstraintCommitment` name the types of
//! this module instead of `DefaultTraceLde<E, H, V>` and
//! `DefaultConstraintCommitment<E, H, V>`, and `new_trace_lde` /
//! `build_constraint_commitment` call their `new` with the same arguments.
//! (Compiled and run: the `Batched` choice of `examples/support/mod.rs`,
//! used by the provers of `examples/support/cube.rs` and `columns.rs`.)
//!
//! ```ignore
//! use algebraic_hash_rescue::{
//!     BatchedConstraintCommitment, BatchedMerkleTree, BatchedTraceLde, WinterRp64_256,
//! };
//!
//! impl Prover for MyProver {
//!     // ...
//!     type HashFn = WinterRp64_256;
//!     type VC = BatchedMerkleTree;
//!     type RandomCoin = DefaultRandomCoin<WinterRp64_256>;
//!     type TraceLde<E: FieldElement<BaseField = BaseElement>> = BatchedTraceLde<E>;
//!     type ConstraintCommitment<E: FieldElement<BaseField = BaseElement>> =
//!         BatchedConstraintCommitment<E>;
//!
//!     fn new_trace_lde<E: FieldElement<BaseField = BaseElement>>(
//!         &self,
//!         trace_info: &TraceInfo,
//!         main_trace: &ColMatrix<BaseElement>,
//!         domain: &StarkDomain<BaseElement>,
//!         partition_options: PartitionOptions,
//!     ) -> (Self::TraceLde<E>, TracePolyTable<E>) {
//!         BatchedTraceLde::new(trace_info, main_trace, domain, partition_options)
//!     }
//!
//!     fn build_constraint_commitment<E: FieldElement<BaseField = BaseElement>>(
//!         &self,
//!         composition_poly_trace: CompositionPolyTrace<E>,
//!         num_constraint_composition_columns: usize,
//!         domain: &StarkDomain<BaseElement>,
//!         partition_options: PartitionOptions,
//!     ) -> (Self::ConstraintCommitment<E>, CompositionPoly<E>) {
//!         BatchedConstraintCommitment::new(
//!             composition_poly_trace,
//!             num_constraint_composition_columns,
//!             domain,
//!             partition_options,
//!         )
//!     }
//!     // ...
//! }
//! ```
//!
//! The verifier is unchanged: `winterfell::verify::<MyAir, WinterRp64_256,
//! DefaultRandomCoin<WinterRp64_256>, BatchedMerkleTree>` (or winter-crypto's
//! own `Rp64_256` and `MerkleTree`: the proof is the same).
//!
//! What stays one state at a time: the FRI layers. winter-fri 0.13 hashes
//! each folded leaf with its own `hash_elements` call and its prover is not
//! pluggable (see the crate's NOTES.md for the share of the time).

use alloc::vec::Vec;

use winter_air::proof::Queries;
use winter_air::{EvaluationFrame, PartitionOptions, TraceInfo};
use winter_crypto::VectorCommitment;
use winter_math::FieldElement;
use winter_math::fields::f64::BaseElement;
use winter_prover::matrix::{ColMatrix, RowMatrix};
use winter_prover::{
    CompositionPoly, CompositionPolyTrace, ConstraintCommitment, StarkDomain, TraceLde,
    TracePolyTable,
};

use crate::digest::{DIGEST_SIZE, ElementDigest};
use crate::rp64_256::Rp64_256;
use crate::sponge::hash_rows;
use crate::winterfell::WinterRp64_256;
use crate::winterfell_merkle::BatchedMerkleTree;

/// Columns of base elements per segment when extending (winter-prover's
/// `DEFAULT_SEGMENT_WIDTH`, not exported there).
const SEGMENT_WIDTH: usize = 8;

/// Rows whose partition digests are held at once when rows are partitioned.
const PARTITION_CHUNK: usize = 256;

/// The digest of every row of `matrix`, as winter-prover 0.13's
/// `RowMatrix::commit_to_rows` computes them with `WinterRp64_256` (or
/// winter-crypto's `Rp64_256`), through the batched
/// [`Rp64_256::hash_elements_many`] path:
/// - when the partition size the options give for the matrix's columns is
///   all of them: `hash_elements` of the row's base elements;
/// - otherwise: `hash_elements` of each partition (`partition_size` columns
///   of `E`, the last one shorter), then `merge_many` of those digests (also
///   when that is one digest, as winter-prover does).
pub fn row_digests<E: FieldElement<BaseField = BaseElement>>(
    matrix: &RowMatrix<E>,
    partition_options: PartitionOptions,
) -> Vec<ElementDigest> {
    let rows = matrix.num_rows();
    let mut digests = alloc::vec![ElementDigest::default(); rows];
    if rows == 0 {
        return digests;
    }
    let data = matrix.data();
    // Rows may be padded to whole segments: `stride` base elements apart.
    let stride = data.len() / rows;
    let columns = matrix.num_cols();
    let degree = E::EXTENSION_DEGREE;
    // Base elements `from..` of rows `first..` of the matrix.
    let load = |first: usize, from: usize| {
        move |row: usize, start: usize, dst: &mut [u64]| {
            let at = (first + row) * stride + from + start;
            for (d, e) in dst.iter_mut().zip(&data[at..]) {
                *d = e.as_int();
            }
        }
    };
    let partition = partition_options.partition_size::<E>(columns);
    if partition == columns {
        hash_rows::<Rp64_256>(columns * degree, &mut digests, load(0, 0));
        return digests;
    }
    let parts = partition_options.num_partitions::<E>(columns);
    // Row `r`'s partition digests are `by_row[r * parts..(r + 1) * parts]`.
    let mut by_row = alloc::vec![ElementDigest::default(); PARTITION_CHUNK * parts];
    let mut column = [ElementDigest::default(); PARTITION_CHUNK];
    for (chunk, outs) in digests.chunks_mut(PARTITION_CHUNK).enumerate() {
        let first = chunk * PARTITION_CHUNK;
        let n = outs.len();
        for p in 0..parts {
            let lo = p * partition;
            let hi = columns.min(lo + partition);
            hash_rows::<Rp64_256>(
                (hi - lo) * degree,
                &mut column[..n],
                load(first, lo * degree),
            );
            for (r, d) in column[..n].iter().enumerate() {
                by_row[r * parts + p] = *d;
            }
        }
        // merge_many = hash_elements of the digests' elements.
        hash_rows::<Rp64_256>(parts * DIGEST_SIZE, outs, |row, start, dst| {
            let own = &by_row[row * parts..(row + 1) * parts];
            let elements = ElementDigest::digests_as_elements(own).skip(start);
            for (d, e) in dst.iter_mut().zip(elements) {
                *d = e.to_u64();
            }
        });
    }
    digests
}

/// The vector commitment `V` over [`row_digests`] of `matrix`.
///
/// # Panics
/// If `V` refuses the digests (winter-prover panics there too; a Merkle
/// tree needs a power of two of at least two rows, which every LDE domain
/// has).
fn commit_rows<E, V>(matrix: &RowMatrix<E>, partition_options: PartitionOptions) -> V
where
    E: FieldElement<BaseField = BaseElement>,
    V: VectorCommitment<WinterRp64_256>,
{
    V::new(row_digests(matrix, partition_options))
        .expect("a vector commitment over the LDE rows (a power of two of them)")
}

/// Interpolates `trace`'s columns, evaluates them over `domain`'s LDE
/// domain and commits to the extended rows: (extension, commitment,
/// column polynomials), as winter-prover's default does.
fn extend_and_commit<F, V>(
    trace: &ColMatrix<F>,
    domain: &StarkDomain<BaseElement>,
    partition_options: PartitionOptions,
) -> (RowMatrix<F>, V, ColMatrix<F>)
where
    F: FieldElement<BaseField = BaseElement>,
    V: VectorCommitment<WinterRp64_256>,
{
    let polys = trace.interpolate_columns();
    let lde = RowMatrix::evaluate_polys_over::<SEGMENT_WIDTH>(&polys, domain);
    let commitment = commit_rows::<F, V>(&lde, partition_options);
    (lde, commitment, polys)
}

/// The rows of `lde` at `positions` with `commitment`'s batch opening of
/// them.
fn query_rows<E, V>(lde: &RowMatrix<E>, commitment: &V, positions: &[usize]) -> Queries
where
    E: FieldElement<BaseField = BaseElement>,
    V: VectorCommitment<WinterRp64_256>,
{
    let rows = positions.iter().map(|&p| lde.row(p).to_vec()).collect();
    let (_, proof) = commitment
        .open_many(positions)
        .expect("a batch opening of LDE rows");
    Queries::new::<WinterRp64_256, E, V>(proof, rows)
}

/// winter-prover's `TraceLde` with batched row hashing: the extended main
/// trace segment and, once set, the auxiliary one, each committed with `V`
/// over [`row_digests`]; everything else as `DefaultTraceLde<E,
/// WinterRp64_256, V>`. See the [module docs](self) for how a `Prover` uses
/// it.
pub struct BatchedTraceLde<E: FieldElement<BaseField = BaseElement>, V = BatchedMerkleTree> {
    main_lde: RowMatrix<BaseElement>,
    main_commitment: V,
    aux_lde: Option<RowMatrix<E>>,
    aux_commitment: Option<V>,
    blowup: usize,
    trace_info: TraceInfo,
    partition_options: PartitionOptions,
}

impl<E, V> BatchedTraceLde<E, V>
where
    E: FieldElement<BaseField = BaseElement>,
    V: VectorCommitment<WinterRp64_256>,
{
    /// Extends the main trace segment over `domain` and commits to its rows;
    /// returns the LDE and the table of the main segment's column
    /// polynomials (`Prover::new_trace_lde`'s answer).
    pub fn new(
        trace_info: &TraceInfo,
        main_trace: &ColMatrix<BaseElement>,
        domain: &StarkDomain<BaseElement>,
        partition_options: PartitionOptions,
    ) -> (Self, TracePolyTable<E>) {
        let (main_lde, main_commitment, polys) =
            extend_and_commit::<BaseElement, V>(main_trace, domain, partition_options);
        let lde = Self {
            main_lde,
            main_commitment,
            aux_lde: None,
            aux_commitment: None,
            blowup: domain.trace_to_lde_blowup(),
            trace_info: trace_info.clone(),
            partition_options,
        };
        (lde, TracePolyTable::new(polys))
    }
}

impl<E, V> TraceLde<E> for BatchedTraceLde<E, V>
where
    E: FieldElement<BaseField = BaseElement>,
    V: VectorCommitment<WinterRp64_256> + Sync,
{
    type HashFn = WinterRp64_256;
    type VC = V;

    fn get_main_trace_commitment(&self) -> ElementDigest {
        self.main_commitment.commitment()
    }

    /// Extends and commits to the auxiliary segment.
    ///
    /// # Panics
    /// As winter-prover's default: if an auxiliary segment was set already
    /// or the trace info has none, or if its row count differs from the
    /// main segment's.
    fn set_aux_trace(
        &mut self,
        aux_trace: &ColMatrix<E>,
        domain: &StarkDomain<BaseElement>,
    ) -> (ColMatrix<E>, ElementDigest) {
        assert!(
            usize::from(self.aux_lde.is_some()) < self.trace_info.num_aux_segments(),
            "the auxiliary trace has already been added"
        );
        let (lde, commitment, polys) =
            extend_and_commit::<E, V>(aux_trace, domain, self.partition_options);
        assert_eq!(
            lde.num_rows(),
            self.main_lde.num_rows(),
            "the auxiliary segment must have as many rows as the main segment"
        );
        let root = commitment.commitment();
        self.aux_lde = Some(lde);
        self.aux_commitment = Some(commitment);
        (polys, root)
    }

    fn read_main_trace_frame_into(
        &self,
        lde_step: usize,
        frame: &mut EvaluationFrame<BaseElement>,
    ) {
        // The last step's next row is the first (the domain wraps around).
        let next = (lde_step + self.blowup) % self.trace_len();
        frame
            .current_mut()
            .copy_from_slice(self.main_lde.row(lde_step));
        frame.next_mut().copy_from_slice(self.main_lde.row(next));
    }

    /// # Panics
    /// If no auxiliary segment was set (as winter-prover's default).
    fn read_aux_trace_frame_into(&self, lde_step: usize, frame: &mut EvaluationFrame<E>) {
        let next = (lde_step + self.blowup) % self.trace_len();
        let lde = self.aux_lde.as_ref().expect("an auxiliary segment");
        frame.current_mut().copy_from_slice(lde.row(lde_step));
        frame.next_mut().copy_from_slice(lde.row(next));
    }

    fn query(&self, positions: &[usize]) -> Vec<Queries> {
        let mut queries = alloc::vec![query_rows(&self.main_lde, &self.main_commitment, positions)];
        if let (Some(lde), Some(commitment)) = (&self.aux_lde, &self.aux_commitment) {
            queries.push(query_rows(lde, commitment, positions));
        }
        queries
    }

    /// Rows of the extended trace (winter-prover's name; the LDE domain's
    /// size).
    fn trace_len(&self) -> usize {
        self.main_lde.num_rows()
    }

    fn blowup(&self) -> usize {
        self.blowup
    }

    fn trace_info(&self) -> &TraceInfo {
        &self.trace_info
    }
}

/// winter-prover's `ConstraintCommitment` with batched row hashing: the
/// composition polynomial's columns extended over the LDE domain and
/// committed with `V` over [`row_digests`]; everything else as
/// `DefaultConstraintCommitment<E, WinterRp64_256, V>`. See the [module
/// docs](self) for how a `Prover` uses it.
pub struct BatchedConstraintCommitment<
    E: FieldElement<BaseField = BaseElement>,
    V = BatchedMerkleTree,
> {
    evaluations: RowMatrix<E>,
    commitment: V,
}

impl<E, V> BatchedConstraintCommitment<E, V>
where
    E: FieldElement<BaseField = BaseElement>,
    V: VectorCommitment<WinterRp64_256>,
{
    /// Splits the composition polynomial into `num_constraint_composition_columns`
    /// columns, extends them over `domain` and commits to the rows
    /// (`Prover::build_constraint_commitment`'s answer).
    pub fn new(
        composition_poly_trace: CompositionPolyTrace<E>,
        num_constraint_composition_columns: usize,
        domain: &StarkDomain<BaseElement>,
        partition_options: PartitionOptions,
    ) -> (Self, CompositionPoly<E>) {
        let poly = CompositionPoly::new(
            composition_poly_trace,
            domain,
            num_constraint_composition_columns,
        );
        let evaluations = RowMatrix::evaluate_polys_over::<SEGMENT_WIDTH>(poly.data(), domain);
        let commitment = commit_rows::<E, V>(&evaluations, partition_options);
        (
            Self {
                evaluations,
                commitment,
            },
            poly,
        )
    }
}

impl<E, V> ConstraintCommitment<E> for BatchedConstraintCommitment<E, V>
where
    E: FieldElement<BaseField = BaseElement>,
    V: VectorCommitment<WinterRp64_256>,
{
    type HashFn = WinterRp64_256;
    type VC = V;

    fn commitment(&self) -> ElementDigest {
        self.commitment.commitment()
    }

    fn query(self, positions: &[usize]) -> Queries {
        query_rows(&self.evaluations, &self.commitment, positions)
    }
}
