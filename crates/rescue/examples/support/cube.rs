//! A small real AIR for the Winterfell examples and tests: one column,
//! `x_{i+1} = x_i³ + 42`, with the first and last values public, over
//! Goldilocks (winter-math's `f64::BaseElement`). The prover is generic over
//! the hash function, the vector commitment and the row commitments, so the
//! same computation is proved with winter-crypto's `Rp64_256`, with this
//! crate's `WinterRp64_256`, with `BatchedMerkleTree`, and with the batched
//! `BatchedTraceLde` / `BatchedConstraintCommitment`.

use core::marker::PhantomData;

use super::{Choice, Commitments};
use winterfell::crypto::{DefaultRandomCoin, ElementHasher, VectorCommitment};
use winterfell::math::fields::f64::BaseElement;
use winterfell::math::{FieldElement, ToElements};
use winterfell::matrix::ColMatrix;
use winterfell::{
    AcceptableOptions, Air, AirContext, Assertion, AuxRandElements, BatchingMethod,
    CompositionPoly, CompositionPolyTrace, ConstraintCompositionCoefficients,
    DefaultConstraintEvaluator, EvaluationFrame, FieldExtension, PartitionOptions, Proof,
    ProofOptions, Prover, StarkDomain, Trace, TraceInfo, TracePolyTable, TraceTable,
    TransitionConstraintDegree,
};

/// The public inputs: first and last value of the column.
#[derive(Clone, Copy, Debug)]
pub struct CubeInputs {
    pub first: BaseElement,
    pub last: BaseElement,
}

impl ToElements<BaseElement> for CubeInputs {
    fn to_elements(&self) -> Vec<BaseElement> {
        vec![self.first, self.last]
    }
}

/// `x_{i+1} = x_i³ + 42`.
pub struct CubeAir {
    context: AirContext<BaseElement>,
    inputs: CubeInputs,
}

impl Air for CubeAir {
    type BaseField = BaseElement;
    type PublicInputs = CubeInputs;

    fn new(trace_info: TraceInfo, inputs: CubeInputs, options: ProofOptions) -> Self {
        let degrees = vec![TransitionConstraintDegree::new(3)];
        Self {
            context: AirContext::new(trace_info, degrees, 2, options),
            inputs,
        }
    }

    fn evaluate_transition<E: FieldElement + From<BaseElement>>(
        &self,
        frame: &EvaluationFrame<E>,
        _periodic_values: &[E],
        result: &mut [E],
    ) {
        let x = frame.current()[0];
        result[0] = frame.next()[0] - (x * x * x + E::from(42u32));
    }

    fn get_assertions(&self) -> Vec<Assertion<BaseElement>> {
        let last = self.trace_length() - 1;
        vec![
            Assertion::single(0, 0, self.inputs.first),
            Assertion::single(0, last, self.inputs.last),
        ]
    }

    fn context(&self) -> &AirContext<BaseElement> {
        &self.context
    }
}

/// The trace of `steps` steps (a power of two, at least 8) from `first`.
pub fn cube_trace(first: u64, steps: usize) -> TraceTable<BaseElement> {
    let mut trace = TraceTable::new(1, steps);
    trace.fill(
        |state| state[0] = BaseElement::new(first),
        |_, state| state[0] = state[0] * state[0] * state[0] + BaseElement::from(42u32),
    );
    trace
}

/// The public inputs of `trace`.
pub fn cube_inputs(trace: &TraceTable<BaseElement>) -> CubeInputs {
    CubeInputs {
        first: trace.get(0, 0),
        last: trace.get(0, trace.length() - 1),
    }
}

/// ~96-bit conjectured security, as Winterfell's own examples.
pub fn cube_options() -> ProofOptions {
    ProofOptions::new(
        32,
        8,
        0,
        FieldExtension::Quadratic,
        8,
        31,
        BatchingMethod::Linear,
        BatchingMethod::Linear,
    )
}

/// The minimum the verifier accepts.
pub fn acceptable() -> AcceptableOptions {
    AcceptableOptions::MinConjecturedSecurity(90)
}

/// A prover for [`CubeAir`] with hash function `H`, vector commitment `V`
/// and row commitments `C`.
pub struct CubeProver<H, V, C> {
    options: ProofOptions,
    types: Choice<H, V, C>,
}

impl<H, V, C> CubeProver<H, V, C> {
    pub fn new(options: ProofOptions) -> Self {
        Self {
            options,
            types: PhantomData,
        }
    }
}

impl<H, V, C> Prover for CubeProver<H, V, C>
where
    H: ElementHasher<BaseField = BaseElement> + Sync,
    V: VectorCommitment<H> + Sync,
    C: Commitments<H, V>,
{
    type BaseField = BaseElement;
    type Air = CubeAir;
    type Trace = TraceTable<BaseElement>;
    type HashFn = H;
    type VC = V;
    type RandomCoin = DefaultRandomCoin<H>;
    type TraceLde<E: FieldElement<BaseField = BaseElement>> = C::TraceLde<E>;
    type ConstraintCommitment<E: FieldElement<BaseField = BaseElement>> =
        C::ConstraintCommitment<E>;
    type ConstraintEvaluator<'a, E: FieldElement<BaseField = BaseElement>> =
        DefaultConstraintEvaluator<'a, CubeAir, E>;

    fn get_pub_inputs(&self, trace: &Self::Trace) -> CubeInputs {
        cube_inputs(trace)
    }

    fn options(&self) -> &ProofOptions {
        &self.options
    }

    fn new_trace_lde<E: FieldElement<BaseField = BaseElement>>(
        &self,
        trace_info: &TraceInfo,
        main_trace: &ColMatrix<BaseElement>,
        domain: &StarkDomain<BaseElement>,
        partition_options: PartitionOptions,
    ) -> (Self::TraceLde<E>, TracePolyTable<E>) {
        C::new_trace_lde(trace_info, main_trace, domain, partition_options)
    }

    fn build_constraint_commitment<E: FieldElement<BaseField = BaseElement>>(
        &self,
        composition_poly_trace: CompositionPolyTrace<E>,
        num_constraint_composition_columns: usize,
        domain: &StarkDomain<BaseElement>,
        partition_options: PartitionOptions,
    ) -> (Self::ConstraintCommitment<E>, CompositionPoly<E>) {
        C::build_constraint_commitment(
            composition_poly_trace,
            num_constraint_composition_columns,
            domain,
            partition_options,
        )
    }

    fn new_evaluator<'a, E: FieldElement<BaseField = BaseElement>>(
        &self,
        air: &'a CubeAir,
        aux_rand_elements: Option<AuxRandElements<E>>,
        composition_coefficients: ConstraintCompositionCoefficients<E>,
    ) -> Self::ConstraintEvaluator<'a, E> {
        DefaultConstraintEvaluator::new(air, aux_rand_elements, composition_coefficients)
    }
}

/// Proves `steps` steps from `first` with hash `H`, vector commitment `V`
/// and row commitments `C`.
pub fn prove<H, V, C>(first: u64, steps: usize) -> (Proof, CubeInputs)
where
    H: ElementHasher<BaseField = BaseElement> + Sync,
    V: VectorCommitment<H> + Sync,
    C: Commitments<H, V>,
{
    let trace = cube_trace(first, steps);
    let prover = CubeProver::<H, V, C>::new(cube_options());
    let inputs = prover.get_pub_inputs(&trace);
    (
        prover.prove(trace).expect("the trace satisfies the AIR"),
        inputs,
    )
}

/// Verifies `proof` with hash `H` and commitment `V`.
pub fn verify<H, V>(proof: Proof, inputs: CubeInputs) -> Result<(), winterfell::VerifierError>
where
    H: ElementHasher<BaseField = BaseElement> + Sync,
    V: VectorCommitment<H> + Sync,
{
    winterfell::verify::<CubeAir, H, DefaultRandomCoin<H>, V>(proof, inputs, &acceptable())
}
