//! An AIR of many columns, optionally with an auxiliary segment, for the
//! Winterfell tests and example: rows wider than one hash block, partial
//! last blocks, extension-field rows.
//!
//! Main segment, `width` columns: `x_j(0) = seed + j` and
//! `x_j(i + 1) = x_j(i)³ + x_{j+1 mod width}(i) + j`; the last value of
//! column 0 is public. Auxiliary segment (`aux` ≤ `width` columns over the
//! extension field, drawn after the main commitment): running products
//! `z_k(0) = 1`, `z_k(i + 1) = z_k(i) · (α_k + x_k(i))` with random `α_k`.

use core::marker::PhantomData;

use super::{Choice, Commitments};
use winterfell::crypto::{DefaultRandomCoin, ElementHasher, VectorCommitment};
use winterfell::math::fields::f64::BaseElement;
use winterfell::math::{ExtensionOf, FieldElement, ToElements};
use winterfell::matrix::ColMatrix;
use winterfell::{
    AcceptableOptions, Air, AirContext, Assertion, AuxRandElements, BatchingMethod,
    CompositionPoly, CompositionPolyTrace, ConstraintCompositionCoefficients,
    DefaultConstraintEvaluator, EvaluationFrame, FieldExtension, PartitionOptions, Proof,
    ProofOptions, Prover, StarkDomain, Trace, TraceInfo, TracePolyTable,
    TransitionConstraintDegree,
};

/// The public inputs: the seed and the last value of column 0.
#[derive(Clone, Copy, Debug)]
pub struct ColumnsInputs {
    pub seed: BaseElement,
    pub last: BaseElement,
}

impl ToElements<BaseElement> for ColumnsInputs {
    fn to_elements(&self) -> Vec<BaseElement> {
        vec![self.seed, self.last]
    }
}

pub struct ColumnsAir {
    context: AirContext<BaseElement>,
    inputs: ColumnsInputs,
    width: usize,
    aux: usize,
}

impl Air for ColumnsAir {
    type BaseField = BaseElement;
    type PublicInputs = ColumnsInputs;

    fn new(trace_info: TraceInfo, inputs: ColumnsInputs, options: ProofOptions) -> Self {
        let width = trace_info.main_trace_width();
        let aux = trace_info.aux_segment_width();
        let main_degrees = vec![TransitionConstraintDegree::new(3); width];
        let context = if aux == 0 {
            AirContext::new(trace_info, main_degrees, width + 1, options)
        } else {
            let aux_degrees = vec![TransitionConstraintDegree::new(2); aux];
            AirContext::new_multi_segment(
                trace_info,
                main_degrees,
                aux_degrees,
                width + 1,
                aux,
                options,
            )
        };
        Self {
            context,
            inputs,
            width,
            aux,
        }
    }

    fn evaluate_transition<E: FieldElement + From<BaseElement>>(
        &self,
        frame: &EvaluationFrame<E>,
        _periodic_values: &[E],
        result: &mut [E],
    ) {
        let (cur, next) = (frame.current(), frame.next());
        for j in 0..self.width {
            let x = cur[j];
            let step = x * x * x + cur[(j + 1) % self.width] + E::from(j as u32);
            result[j] = next[j] - step;
        }
    }

    fn evaluate_aux_transition<F, E>(
        &self,
        main_frame: &EvaluationFrame<F>,
        aux_frame: &EvaluationFrame<E>,
        _periodic_values: &[F],
        aux_rand_elements: &AuxRandElements<E>,
        result: &mut [E],
    ) where
        F: FieldElement<BaseField = BaseElement>,
        E: FieldElement<BaseField = BaseElement> + ExtensionOf<F>,
    {
        let alphas = aux_rand_elements.rand_elements();
        for k in 0..self.aux {
            let factor = alphas[k] + E::from(main_frame.current()[k]);
            result[k] = aux_frame.next()[k] - aux_frame.current()[k] * factor;
        }
    }

    fn get_assertions(&self) -> Vec<Assertion<BaseElement>> {
        let mut assertions: Vec<_> = (0..self.width)
            .map(|j| Assertion::single(j, 0, self.inputs.seed + BaseElement::from(j as u32)))
            .collect();
        assertions.push(Assertion::single(
            0,
            self.trace_length() - 1,
            self.inputs.last,
        ));
        assertions
    }

    fn get_aux_assertions<E: FieldElement<BaseField = BaseElement>>(
        &self,
        _aux_rand_elements: &AuxRandElements<E>,
    ) -> Vec<Assertion<E>> {
        (0..self.aux)
            .map(|k| Assertion::single(k, 0, E::ONE))
            .collect()
    }

    fn context(&self) -> &AirContext<BaseElement> {
        &self.context
    }
}

/// The main segment and the shape of the auxiliary one.
pub struct ColumnsTrace {
    info: TraceInfo,
    main: ColMatrix<BaseElement>,
}

impl ColumnsTrace {
    /// `steps` rows (a power of two, at least 8) of `width` columns from
    /// `seed`, with `aux` auxiliary columns to come.
    pub fn new(seed: u64, width: usize, aux: usize, steps: usize) -> Self {
        let mut columns: Vec<Vec<BaseElement>> = (0..width)
            .map(|j| {
                let mut c = Vec::with_capacity(steps);
                c.push(BaseElement::new(seed) + BaseElement::from(j as u32));
                c
            })
            .collect();
        for i in 0..steps - 1 {
            for j in 0..width {
                let x = columns[j][i];
                let step = x * x * x + columns[(j + 1) % width][i] + BaseElement::from(j as u32);
                columns[j].push(step);
            }
        }
        let info = if aux == 0 {
            TraceInfo::new(width, steps)
        } else {
            TraceInfo::new_multi_segment(width, aux, aux, steps, vec![])
        };
        Self {
            info,
            main: ColMatrix::new(columns),
        }
    }
}

impl ColumnsTrace {
    /// The public inputs of this trace.
    pub fn inputs(&self) -> ColumnsInputs {
        ColumnsInputs {
            seed: self.main.get(0, 0),
            last: self.main.get(0, self.main.num_rows() - 1),
        }
    }
}

impl Trace for ColumnsTrace {
    type BaseField = BaseElement;

    fn info(&self) -> &TraceInfo {
        &self.info
    }

    fn main_segment(&self) -> &ColMatrix<BaseElement> {
        &self.main
    }

    fn read_main_frame(&self, row: usize, frame: &mut EvaluationFrame<BaseElement>) {
        let next = (row + 1) % self.main.num_rows();
        self.main.read_row_into(row, frame.current_mut());
        self.main.read_row_into(next, frame.next_mut());
    }
}

/// Options for `extension` (quadratic or cubic), `num_partitions` row
/// partitions of hash rate 8; small tests, so few queries.
pub fn columns_options(extension: FieldExtension, num_partitions: usize) -> ProofOptions {
    ProofOptions::new(
        28,
        8,
        0,
        extension,
        4,
        7,
        BatchingMethod::Linear,
        BatchingMethod::Linear,
    )
    .with_partitions(num_partitions, 8)
}

/// A prover for [`ColumnsAir`] with hash `H`, vector commitment `V`, row
/// commitments `C`.
pub struct ColumnsProver<H, V, C> {
    options: ProofOptions,
    types: Choice<H, V, C>,
}

impl<H, V, C> Prover for ColumnsProver<H, V, C>
where
    H: ElementHasher<BaseField = BaseElement> + Sync,
    V: VectorCommitment<H> + Sync,
    C: Commitments<H, V>,
{
    type BaseField = BaseElement;
    type Air = ColumnsAir;
    type Trace = ColumnsTrace;
    type HashFn = H;
    type VC = V;
    type RandomCoin = DefaultRandomCoin<H>;
    type TraceLde<E: FieldElement<BaseField = BaseElement>> = C::TraceLde<E>;
    type ConstraintCommitment<E: FieldElement<BaseField = BaseElement>> =
        C::ConstraintCommitment<E>;
    type ConstraintEvaluator<'a, E: FieldElement<BaseField = BaseElement>> =
        DefaultConstraintEvaluator<'a, ColumnsAir, E>;

    fn get_pub_inputs(&self, trace: &ColumnsTrace) -> ColumnsInputs {
        trace.inputs()
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
        air: &'a ColumnsAir,
        aux_rand_elements: Option<AuxRandElements<E>>,
        composition_coefficients: ConstraintCompositionCoefficients<E>,
    ) -> Self::ConstraintEvaluator<'a, E> {
        DefaultConstraintEvaluator::new(air, aux_rand_elements, composition_coefficients)
    }

    fn build_aux_trace<E: FieldElement<BaseField = BaseElement>>(
        &self,
        trace: &ColumnsTrace,
        aux_rand_elements: &AuxRandElements<E>,
    ) -> ColMatrix<E> {
        let rows = trace.main.num_rows();
        let aux = trace.info.aux_segment_width();
        let columns = (0..aux)
            .map(|k| {
                let alpha = aux_rand_elements.rand_elements()[k];
                let mut z = Vec::with_capacity(rows);
                z.push(E::ONE);
                for i in 0..rows - 1 {
                    z.push(z[i] * (alpha + E::from(trace.main.get(k, i))));
                }
                z
            })
            .collect();
        ColMatrix::new(columns)
    }
}

/// Proves the computation of `width` columns (and `aux` auxiliary ones)
/// over `steps` rows from `seed`, with hash `H`, vector commitment `V`, row
/// commitments `C` and `options`.
pub fn prove<H, V, C>(
    seed: u64,
    width: usize,
    aux: usize,
    steps: usize,
    options: ProofOptions,
) -> (Proof, ColumnsInputs)
where
    H: ElementHasher<BaseField = BaseElement> + Sync,
    V: VectorCommitment<H> + Sync,
    C: Commitments<H, V>,
{
    let trace = ColumnsTrace::new(seed, width, aux, steps);
    let prover = ColumnsProver::<H, V, C> {
        options,
        types: PhantomData,
    };
    let inputs = prover.get_pub_inputs(&trace);
    (
        prover.prove(trace).expect("the trace satisfies the AIR"),
        inputs,
    )
}

/// Verifies `proof` with hash `H` and commitment `V`, accepting exactly
/// the options it was made with.
pub fn verify<H, V>(
    proof: Proof,
    inputs: ColumnsInputs,
    options: ProofOptions,
) -> Result<(), winterfell::VerifierError>
where
    H: ElementHasher<BaseField = BaseElement> + Sync,
    V: VectorCommitment<H> + Sync,
{
    let acceptable = AcceptableOptions::OptionSet(vec![options]);
    winterfell::verify::<ColumnsAir, H, DefaultRandomCoin<H>, V>(proof, inputs, &acceptable)
}
