//! The Poseidon2 permutation on `[Fr; T]`, T = 2, 3, 4, 8, 12, 16.
//!
//! Rounds (Grassi, Khovratovich, Schofnegger, eprint 2023/323): one external
//! linear layer, 4 full rounds (add constants, x^5 on every cell, external
//! layer), 56 partial rounds (57 for t = 8, 12, 16; add a constant to cell
//! 0, x^5 on cell 0, internal layer), 4 full rounds.
//!
//! Linear layers:
//! - external, t = 2, 3: circ(2, 1) and circ(2, 1, 1), i.e. `x_i + Σ x`;
//! - external, t = 4k: M4 on each block of four cells, then each block plus
//!   the sum of all blocks (circ(2·M4, M4, …, M4)), with HorizenLabs' M4 = `[[5,7,1,3],[4,6,1,1],[1,3,5,7],[1,1,4,6]]`
//!   (not 2·M4, which HorizenLabs' Rust code applied for t = 4 before bb476b9);
//! - internal: `x_i · d_i + Σ x` with `d = diagonal_minus_one`; for t = 2, 3
//!   the d_i are 1 and 2, so the layer is additions and doublings only.
//!
//! # Evaluation order of the partial rounds
//!
//! The partial rounds are one chain through cell 0 (constant, S-box, layer,
//! next constant, …) while the other cells only wait for it, so their cost is
//! the latency of that chain. It is kept short by regrouping, with the same
//! result:
//! - with `x` the S-box output and `A = Σ_{i≥1} s_i`, cell 0 becomes
//!   `(d_0 + 1)·x + A`, and the next round needs `(d_0 + 1)·x + (A + c_next)`:
//!   `A + c_next` is computed beside the chain;
//! - for t = 2, 3 (`d_0 + 1 = 2`), `2·x^5` is formed as `x^4 · 2x`, the
//!   doubling done while `x^4` is squared, so the chain per round is two
//!   squarings, one multiplication and one addition; `x^5` itself (for
//!   `Σ x`, which the other cells need) is half of it, beside the chain;
//! - for t = 4, `(d_0 + 1)·x^5` is one multiplication after `x^5` (forming
//!   it as `x^4 · (d_0 + 1)·x` would shorten the chain but cost one more
//!   multiplication per round, which measured slower here).
//!
//! Arithmetic is the workspace's Montgomery core
//! (`algebraic_hash_montgomery`, on BN254 `Fr`'s limbs): branch-free
//! additions, lazily reduced products (values below 2p between products);
//! every value is a canonical `Fr` again when the permutation returns.
//! Nothing branches on data, so the time does not depend on the input.
//!
//! # Several states at once
//!
//! The round code runs on `L` independent states ("lanes") step by step:
//! each step is written once and loops over the lanes, so with `L = 1` it
//! is the one-state permutation and with `L = 2..4` the dependent chains of
//! the partial rounds of different states overlap in the pipeline
//! (throughput for `permute_many`, not latency).

use algebraic_hash_montgomery::{
    Arith, Backend, FieldOps, Kernel, LaneKernel, MontParams, dispatch, dispatch_lanes, limbs,
};
use ark_bn254::FrConfig;

use super::params::{FULL_ROUNDS, Params};
use super::{ParamSet, constants};
use crate::Fr;

/// The limbs of `c`, in every lane of `f`'s elements.
#[inline(always)]
fn constant<A: FieldOps<4>>(f: A, c: &Fr) -> A::Elem {
    f.constant(&limbs(c))
}

/// M4 with 8 additions and 4 doublings (the sequence of the Poseidon2 paper,
/// appendix B), inputs and outputs below p.
#[inline(always)]
fn m4<A: FieldOps<4>>(f: A, s: &mut [A::Elem; 4]) {
    let t0 = f.add(&s[0], &s[1]);
    let t1 = f.add(&s[2], &s[3]);
    let t2 = f.add(&f.double(&s[1]), &t1);
    let t3 = f.add(&f.double(&s[3]), &t0);
    let t4 = f.add(&f.double(&f.double(&t1)), &t3);
    let t5 = f.add(&f.double(&f.double(&t0)), &t2);
    let t6 = f.add(&t3, &t5);
    let t7 = f.add(&t2, &t4);
    *s = [t6, t5, t7, t4];
}

/// The external layer, inputs and outputs below p.
#[inline(always)]
fn external_layer<A: FieldOps<4>, const T: usize>(f: A, s: &mut [A::Elem; T]) {
    match T {
        2 | 3 => {
            let mut sum = s[0];
            for x in &s[1..] {
                sum = f.add(&sum, x);
            }
            for x in s.iter_mut() {
                *x = f.add(x, &sum);
            }
        }
        _ => {
            // t = 4k: M4 per block of four, then every block plus the sum of
            // the blocks (t = 4: the sum is the block itself, so M4 alone).
            let mut sums = [s[0]; 4];
            for (b, block) in s.chunks_exact_mut(4).enumerate() {
                let block: &mut [A::Elem; 4] = block.try_into().expect("4 cells");
                m4(f, block);
                for (acc, x) in sums.iter_mut().zip(block.iter()) {
                    *acc = if b == 0 { *x } else { f.add(acc, x) };
                }
            }
            if T > 4 {
                for block in s.chunks_exact_mut(4) {
                    for (x, acc) in block.iter_mut().zip(&sums) {
                        *x = f.add(x, acc);
                    }
                }
            }
        }
    }
}

/// `x^5` for `x < 2p`, below 2p.
#[inline(always)]
fn pow5_lazy<A: FieldOps<4>>(f: A, x: &A::Elem) -> A::Elem {
    let x4 = f.square(&f.square(x));
    f.mul(&x4, x)
}

#[inline(always)]
fn full_round<A: FieldOps<4>, const T: usize, const L: usize>(
    f: A,
    s: &mut [[A::Elem; T]; L],
    constants: &[Fr; T],
) {
    for i in 0..T {
        let c = constant(f, &constants[i]);
        for lane in s.iter_mut() {
            let x = &mut lane[i];
            // x and c below p: their sum below 2p is a valid S-box input.
            *x = f.reduce(&pow5_lazy(f, &f.add_lazy(x, &c)));
        }
    }
    for lane in s.iter_mut() {
        external_layer(f, lane);
    }
}

/// The partial rounds (56 or 57); `s` below p before and after.
#[inline(always)]
fn partial_rounds<A: FieldOps<4>, const T: usize, const L: usize>(
    f: A,
    params: &Params<T>,
    s: &mut [[A::Elem; T]; L],
) {
    let constants = params.internal;
    let diag = &params.diagonal_minus_one;
    // d_0 + 1 (t ≥ 4; for t = 2, 3 it is 2 and the code doubles instead)
    let d0_plus_1 = constant(f, &(diag[0] + Fr::from(1u64)));
    // the sum of cells 1.., below p. For t ≥ 4 the cells are below 2p
    // (lazy, see below) and summed with no reduction per addition
    // (`sum_reduced`: a few conditional subtractions at the end); for t = 2,
    // 3 they are below p.
    let rest_sum = |s: &[A::Elem; T]| {
        if T >= 4 {
            return f.sum_reduced(&s[1..]);
        }
        let mut a = s[1];
        for x in &s[2..] {
            a = f.add(&a, x);
        }
        a
    };
    let next_constant = |r: usize| match constants.get(r + 1) {
        Some(c) => constant(f, c),
        None => f.constant(&[0; 4]),
    };
    // per lane — u: cell 0 plus this round's constant, below 2p; a: Σ cells
    // 1..; b: a plus the next round's constant
    let c0 = constant(f, &constants[0]);
    let mut u: [A::Elem; L] = core::array::from_fn(|l| f.add(&s[l][0], &c0));
    let mut a: [A::Elem; L] = core::array::from_fn(|l| rest_sum(&s[l]));
    let next = next_constant(0);
    let mut b: [A::Elem; L] = core::array::from_fn(|l| f.add(&a[l], &next));
    for r in 0..constants.len() {
        let mut head = u;
        let mut x5 = u;
        if T >= 4 {
            // the chain: u^5, then (d_0 + 1)·u^5
            for l in 0..L {
                let p5 = pow5_lazy(f, &u[l]);
                head[l] = f.mul(&p5, &d0_plus_1);
                x5[l] = f.reduce(&p5);
            }
        } else {
            // the chain: u^4 · 2u; u^5 is half of it, beside the chain
            for l in 0..L {
                let factor = f.reduce_2p(&f.add_lazy(&u[l], &u[l]));
                let u4 = f.square(&f.square(&u[l]));
                head[l] = f.mul(&u4, &factor);
                x5[l] = f.reduce(&f.half(&head[l]));
            }
        }
        for l in 0..L {
            u[l] = f.reduce(&f.add_lazy(&head[l], &b[l]));
            // beside the chain: the other cells get x_i·d_i + Σ x
            let sum = f.add(&x5[l], &a[l]);
            let lane = &mut s[l];
            match T {
                2 => lane[1] = f.add(&f.double(&lane[1]), &sum),
                3 => {
                    lane[1] = f.add(&lane[1], &sum);
                    lane[2] = f.add(&f.double(&lane[2]), &sum);
                }
                _ => {
                    // Cells 1.. stay below 2p between rounds: d_i·x_i is
                    // below 2p for x_i below 2p (rule 1 of the core, BN254
                    // Fr is lazy), plus Σ below p is below 3p, and one
                    // conditional subtraction of 2p brings it below 2p
                    // again: one reduction per cell instead of two.
                    for (x, d) in lane[1..].iter_mut().zip(&diag[1..]) {
                        *x = f.reduce_2p(&f.add_lazy(&f.mul(x, &constant(f, d)), &sum));
                    }
                }
            }
            a[l] = rest_sum(lane);
        }
        let next = next_constant(r + 1);
        for l in 0..L {
            b[l] = f.add(&a[l], &next);
        }
    }
    // after the last round the "next constant" is 0: u is cell 0; the lazy
    // cells (t ≥ 4) are brought below p for the full rounds
    for l in 0..L {
        s[l][0] = f.reduce(&u[l]);
        if T >= 4 {
            for x in s[l][1..].iter_mut() {
                *x = f.reduce(x);
            }
        }
    }
}

/// Applies the permutation of `params` to the `L` groups of states in
/// `s` (each cell one element of `f`: a state, or a group of lanes), their
/// rounds stepped together.
#[inline(always)]
fn permute_groups<A: FieldOps<4>, const T: usize, const L: usize>(
    f: A,
    params: &Params<T>,
    s: &mut [[A::Elem; T]; L],
) {
    const {
        assert!(
            matches!(T, 2 | 3 | 4 | 8 | 12 | 16),
            "Poseidon2 widths are 2, 3, 4, 8, 12, 16"
        );
        // The lazy cells of the partial rounds need 4p < R.
        assert!(<FrConfig as MontParams<4>>::LAZY, "BN254 Fr is lazy");
    }
    for lane in s.iter_mut() {
        external_layer(f, lane);
    }
    let (first, last) = params.external.split_at(FULL_ROUNDS / 2);
    for constants in first {
        full_round(f, s, constants);
    }
    partial_rounds(f, params, s);
    for constants in last {
        full_round(f, s, constants);
    }
}

/// Permutes `states` (`L · f.LANES` of them) in `L` groups of lanes.
#[inline(always)]
fn permute_states<A: FieldOps<4>, const T: usize, const L: usize>(
    f: A,
    params: &Params<T>,
    states: &mut [[Fr; T]],
) {
    debug_assert_eq!(states.len(), L * A::LANES);
    let mut s: [[A::Elem; T]; L] = core::array::from_fn(|g| {
        core::array::from_fn(|i| f.load(|k| limbs(&states[g * A::LANES + k][i])))
    });
    permute_groups(f, params, &mut s);
    for (g, group) in s.iter().enumerate() {
        for (i, x) in group.iter().enumerate() {
            f.store(x, |k, l| {
                states[g * A::LANES + k][i] = algebraic_hash_montgomery::from_limbs(l)
            });
        }
    }
}

/// States stepped together by [`PermuteMany`] on the scalar backends.
pub(crate) const LANES: usize = 2;

/// Groups of lanes stepped together on the lane backend.
const LANE_GROUPS: usize = 1;

/// Many states: on the scalar backends [`LANES`] at a time (the remainder
/// one by one); on lanes, whole groups of `f.LANES` (the caller leaves
/// fewer than a group to the scalar backends).
pub(crate) struct PermuteMany<'a, const T: usize> {
    pub params: &'a Params<T>,
    pub states: &'a mut [[Fr; T]],
}

impl<const T: usize> Kernel<4> for PermuteMany<'_, T> {
    type Output = ();
    #[inline(always)]
    fn run<B: Backend<4>>(self, backend: B) {
        let f = Arith::<FrConfig, B, 4>::new(backend);
        let mut chunks = self.states.chunks_exact_mut(LANES);
        for chunk in chunks.by_ref() {
            permute_states::<_, T, LANES>(f, self.params, chunk);
        }
        for state in chunks.into_remainder().chunks_exact_mut(1) {
            permute_states::<_, T, 1>(f, self.params, state);
        }
    }
}

impl<const T: usize> LaneKernel<4> for PermuteMany<'_, T> {
    type Output = ();
    #[inline(always)]
    fn run<A: FieldOps<4>>(self, f: A) {
        let mut chunks = self.states.chunks_exact_mut(LANE_GROUPS * A::LANES);
        for chunk in chunks.by_ref() {
            permute_states::<A, T, LANE_GROUPS>(f, self.params, chunk);
        }
        for group in chunks.into_remainder().chunks_exact_mut(A::LANES) {
            permute_states::<A, T, 1>(f, self.params, group);
        }
    }
}

/// Permutes `states`: whole groups of eight on the lanes of this CPU (AVX-512
/// IFMA) when it has them, the rest on the scalar backend `dispatch` picks.
fn permute_all<const T: usize>(params: &Params<T>, states: &mut [[Fr; T]]) {
    let split = states.len() / 8 * 8;
    if split == 0 {
        return dispatch(PermuteMany { params, states });
    }
    let (grouped, tail) = states.split_at_mut(split);
    let tail = match dispatch_lanes::<FrConfig, 4, _>(PermuteMany {
        params,
        states: grouped,
    }) {
        Ok(()) => tail,
        // No lanes: every state on the scalar backend.
        Err(_) => states,
    };
    dispatch(PermuteMany {
        params,
        states: tail,
    });
}

/// Permutes every state of `flat` (consecutive `t`-element states) with
/// parameter set `set`. Not generic and not inlined: each width's
/// permutation is compiled once, in this crate, and every caller (the
/// generic [`super::Poseidon2`] methods included) reaches it through this
/// one function instead of compiling it again. Returns `false` for a width
/// or set without constants, or a length that is not a multiple of `t`.
pub(crate) fn permute_flat(set: ParamSet, t: usize, flat: &mut [Fr]) -> bool {
    macro_rules! width {
        ($t:literal, $params:expr) => {{
            let (states, rest) = flat.as_chunks_mut::<$t>();
            if !rest.is_empty() {
                return false;
            }
            permute_all($params, states);
            true
        }};
    }
    match (t, set) {
        (2, ParamSet::Old) => width!(2, &constants::OLD_T2),
        (3, ParamSet::Old) => width!(3, &constants::OLD_T3),
        (4, ParamSet::Old) => width!(4, &constants::OLD_T4),
        (2, ParamSet::New) => width!(2, &constants::NEW_T2),
        (3, ParamSet::New) => width!(3, &constants::NEW_T3),
        (4, ParamSet::New) => width!(4, &constants::NEW_T4),
        (8, ParamSet::New) => width!(8, &constants::NEW_T8),
        (12, ParamSet::New) => width!(12, &constants::NEW_T12),
        (16, ParamSet::New) => width!(16, &constants::NEW_T16),
        _ => false,
    }
}

/// The permutation of one state on `backend` ([`crate::PermuteOn`]).
#[inline]
pub(crate) fn permute_with<B: Backend<4>, const T: usize>(
    backend: B,
    params: &Params<T>,
    state: &mut [Fr; T],
) {
    permute_states::<_, T, 1>(
        Arith::<FrConfig, B, 4>::new(backend),
        params,
        core::slice::from_mut(state),
    );
}

/// [`permute_all`] with the lanes' portable model in place of the lanes:
/// whole groups of eight on the model, the rest on the portable backend.
#[inline]
pub(crate) fn permute_all_on_model<const T: usize>(params: &Params<T>, states: &mut [[Fr; T]]) {
    use algebraic_hash_montgomery::{LaneField, Portable};
    let split = states.len() / 8 * 8;
    let (grouped, tail) = states.split_at_mut(split);
    FrConfig::run_model(PermuteMany {
        params,
        states: grouped,
    });
    Kernel::<4>::run(
        PermuteMany {
            params,
            states: tail,
        },
        Portable,
    );
}
