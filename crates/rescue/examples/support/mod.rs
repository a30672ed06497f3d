//! Winterfell provers for the example and its tests: two AIRs over
//! Goldilocks (`cube`: one column; `columns`: many columns, optionally an
//! auxiliary segment), each prover generic over the hash `H`, the vector
//! commitment `V`, and the row commitments `C` ([`Commitments`]: winter-prover's
//! defaults or this crate's batched ones).

#![allow(dead_code)]

pub mod columns;
pub mod cube;

use algebraic_hash_rescue::{BatchedConstraintCommitment, BatchedTraceLde, WinterRp64_256};
use winter_prover::ConstraintCommitment;
use winterfell::crypto::{ElementHasher, VectorCommitment};
use winterfell::math::FieldElement;
use winterfell::math::fields::f64::BaseElement;
use winterfell::matrix::ColMatrix;
use winterfell::{
    CompositionPoly, CompositionPolyTrace, DefaultConstraintCommitment, DefaultTraceLde,
    PartitionOptions, StarkDomain, TraceInfo, TraceLde, TracePolyTable,
};

/// The hash, vector commitment and row commitments a prover is built with
/// (a zero-sized marker; `fn` keeps the prover `Send` and `Sync`).
pub type Choice<H, V, C> = core::marker::PhantomData<fn() -> (H, V, C)>;

/// The `Prover` items that choose how the LDE rows are committed: the two
/// associated types `TraceLde` and `ConstraintCommitment` and the two
/// methods that build them. A prover written for one choice names these
/// directly (see [`Batched`] for the switch, item by item).
pub trait Commitments<H, V>
where
    H: ElementHasher<BaseField = BaseElement> + Sync,
    V: VectorCommitment<H> + Sync,
{
    type TraceLde<E: FieldElement<BaseField = BaseElement>>: TraceLde<E, HashFn = H, VC = V>;
    type ConstraintCommitment<E: FieldElement<BaseField = BaseElement>>: ConstraintCommitment<E, HashFn = H, VC = V>;

    fn new_trace_lde<E: FieldElement<BaseField = BaseElement>>(
        trace_info: &TraceInfo,
        main_trace: &ColMatrix<BaseElement>,
        domain: &StarkDomain<BaseElement>,
        partition_options: PartitionOptions,
    ) -> (Self::TraceLde<E>, TracePolyTable<E>);

    fn build_constraint_commitment<E: FieldElement<BaseField = BaseElement>>(
        composition_poly_trace: CompositionPolyTrace<E>,
        num_constraint_composition_columns: usize,
        domain: &StarkDomain<BaseElement>,
        partition_options: PartitionOptions,
    ) -> (Self::ConstraintCommitment<E>, CompositionPoly<E>);
}

/// winter-prover's defaults: one `hash_elements` call per row.
pub struct WinterDefaults;

impl<H, V> Commitments<H, V> for WinterDefaults
where
    H: ElementHasher<BaseField = BaseElement> + Sync,
    V: VectorCommitment<H> + Sync,
{
    type TraceLde<E: FieldElement<BaseField = BaseElement>> = DefaultTraceLde<E, H, V>;
    type ConstraintCommitment<E: FieldElement<BaseField = BaseElement>> =
        DefaultConstraintCommitment<E, H, V>;

    fn new_trace_lde<E: FieldElement<BaseField = BaseElement>>(
        trace_info: &TraceInfo,
        main_trace: &ColMatrix<BaseElement>,
        domain: &StarkDomain<BaseElement>,
        partition_options: PartitionOptions,
    ) -> (Self::TraceLde<E>, TracePolyTable<E>) {
        DefaultTraceLde::new(trace_info, main_trace, domain, partition_options)
    }

    fn build_constraint_commitment<E: FieldElement<BaseField = BaseElement>>(
        composition_poly_trace: CompositionPolyTrace<E>,
        num_constraint_composition_columns: usize,
        domain: &StarkDomain<BaseElement>,
        partition_options: PartitionOptions,
    ) -> (Self::ConstraintCommitment<E>, CompositionPoly<E>) {
        DefaultConstraintCommitment::new(
            composition_poly_trace,
            num_constraint_composition_columns,
            domain,
            partition_options,
        )
    }
}

/// This crate's batched row commitments (hash `WinterRp64_256`; `V` is
/// usually `BatchedMerkleTree`). In a prover of one fixed choice these are
/// the lines that change from the defaults above: the two types become
/// `BatchedTraceLde<E>` and `BatchedConstraintCommitment<E>`, and the two
/// methods call their `new` with the same arguments.
pub struct Batched;

impl<V> Commitments<WinterRp64_256, V> for Batched
where
    V: VectorCommitment<WinterRp64_256> + Sync,
{
    type TraceLde<E: FieldElement<BaseField = BaseElement>> = BatchedTraceLde<E, V>;
    type ConstraintCommitment<E: FieldElement<BaseField = BaseElement>> =
        BatchedConstraintCommitment<E, V>;

    fn new_trace_lde<E: FieldElement<BaseField = BaseElement>>(
        trace_info: &TraceInfo,
        main_trace: &ColMatrix<BaseElement>,
        domain: &StarkDomain<BaseElement>,
        partition_options: PartitionOptions,
    ) -> (Self::TraceLde<E>, TracePolyTable<E>) {
        BatchedTraceLde::new(trace_info, main_trace, domain, partition_options)
    }

    fn build_constraint_commitment<E: FieldElement<BaseField = BaseElement>>(
        composition_poly_trace: CompositionPolyTrace<E>,
        num_constraint_composition_columns: usize,
        domain: &StarkDomain<BaseElement>,
        partition_options: PartitionOptions,
    ) -> (Self::ConstraintCommitment<E>, CompositionPoly<E>) {
        BatchedConstraintCommitment::new(
            composition_poly_trace,
            num_constraint_composition_columns,
            domain,
            partition_options,
        )
    }
}
