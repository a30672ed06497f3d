//! The Poseidon2 permutation on `[Fr; T]`, T = 2, 3, 4.
//!
//! Rounds (Grassi, Khovratovich, Schofnegger, eprint 2023/323): one external
//! linear layer, 4 full rounds (add constants, x^5 on every cell, external
//! layer), 56 partial rounds (add a constant to cell 0, x^5 on cell 0,
//! internal layer), 4 full rounds.
//!
//! Linear layers:
//! - external, t = 2, 3: circ(2, 1) and circ(2, 1, 1), i.e. `x_i + Σ x`;
//! - external, t = 4: HorizenLabs' M4 = `[[5,7,1,3],[4,6,1,1],[1,3,5,7],[1,1,4,6]]`
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
//! Arithmetic is on Montgomery limbs (`super::arith`): branch-free
//! additions, lazily reduced products; every value is a canonical `Fr` again
//! when the permutation returns. Nothing branches on data, so the time does
//! not depend on the input.

use super::arith::{
    Limbs, add, add_lazy, double, from_limbs, half, limbs, mul, mul_lazy, pow5_lazy, reduce_2p,
    reduce_once, square_lazy,
};
use super::params::{FULL_ROUNDS, PARTIAL_ROUNDS, Params};
use crate::Fr;

/// M4 with 8 additions and 4 doublings (the sequence of the Poseidon2 paper,
/// appendix B), inputs and outputs below p.
#[inline(always)]
fn m4(s: &mut [Limbs; 4]) {
    let t0 = add(&s[0], &s[1]);
    let t1 = add(&s[2], &s[3]);
    let t2 = add(&double(&s[1]), &t1);
    let t3 = add(&double(&s[3]), &t0);
    let t4 = add(&double(&double(&t1)), &t3);
    let t5 = add(&double(&double(&t0)), &t2);
    let t6 = add(&t3, &t5);
    let t7 = add(&t2, &t4);
    *s = [t6, t5, t7, t4];
}

/// The external layer, inputs and outputs below p.
#[inline(always)]
fn external_layer<const T: usize>(s: &mut [Limbs; T]) {
    match T {
        2 | 3 => {
            let mut sum = s[0];
            for x in &s[1..] {
                sum = add(&sum, x);
            }
            for x in s.iter_mut() {
                *x = add(x, &sum);
            }
        }
        4 => {
            let s4: &mut [Limbs; 4] = s.as_mut_slice().try_into().expect("T = 4");
            m4(s4);
        }
        _ => unreachable!("Poseidon2 widths are 2, 3, 4"),
    }
}

#[inline(always)]
fn full_round<const T: usize>(s: &mut [Limbs; T], constants: &[Fr; T]) {
    for (x, c) in s.iter_mut().zip(constants) {
        let (x5, _) = pow5_lazy(&add(x, &limbs(c)));
        *x = reduce_once(x5);
    }
    external_layer(s);
}

/// The 56 partial rounds; `s` below p before and after.
#[inline(always)]
fn partial_rounds<const T: usize>(params: &Params<T>, s: &mut [Limbs; T]) {
    let constants = &params.internal;
    let diag = &params.diagonal_minus_one;
    // d_0 + 1 (t = 4; for t = 2, 3 it is 2 and the code doubles instead)
    let d0_plus_1 = add(&limbs(&diag[0]), &limbs(&Fr::from(1u64)));
    // the sum of cells 1.. (below p)
    let rest_sum = |s: &[Limbs; T]| {
        let mut a = s[1];
        for x in &s[2..] {
            a = add(&a, x);
        }
        a
    };
    let next_constant = |r: usize| match constants.get(r + 1) {
        Some(c) => limbs(c),
        None => [0; 4],
    };
    // u: cell 0 plus this round's constant, below 2p; a: Σ cells 1..;
    // b: a plus the next round's constant
    let mut u = add(&s[0], &limbs(&constants[0]));
    let mut a = rest_sum(s);
    let mut b = add(&a, &next_constant(0));
    for r in 0..PARTIAL_ROUNDS {
        let (head, x5) = if T == 4 {
            // the chain: u^5, then (d_0 + 1)·u^5
            let x5 = pow5_lazy(&u).0;
            (mul_lazy(&x5, &d0_plus_1), reduce_once(x5))
        } else {
            // the chain: u^4 · 2u; u^5 is half of it, beside the chain
            let factor = reduce_2p(add_lazy(&u, &u));
            let u4 = square_lazy(&square_lazy(&u));
            let head = mul_lazy(&u4, &factor);
            (head, reduce_once(half(&head)))
        };
        u = reduce_once(add_lazy(&head, &b));
        // beside the chain: the other cells get x_i·d_i + Σ x
        let sum = add(&x5, &a);
        match T {
            2 => s[1] = add(&double(&s[1]), &sum),
            3 => {
                s[1] = add(&s[1], &sum);
                s[2] = add(&double(&s[2]), &sum);
            }
            _ => {
                for (x, d) in s[1..].iter_mut().zip(&diag[1..]) {
                    *x = add(&mul(x, &limbs(d)), &sum);
                }
            }
        }
        a = rest_sum(s);
        b = add(&a, &next_constant(r + 1));
    }
    // after the last round the "next constant" is 0: u is cell 0
    s[0] = reduce_once(u);
}

/// Applies the permutation of `params` to `state` (the portable code; the
/// BMI2 copy in `arch` inlines this function).
#[inline(always)]
pub(crate) fn permute<const T: usize>(params: &Params<T>, state: &mut [Fr; T]) {
    const {
        assert!(T >= 2 && T <= 4, "Poseidon2 widths are 2, 3, 4");
    }
    let mut s: [Limbs; T] = core::array::from_fn(|i| limbs(&state[i]));
    external_layer(&mut s);
    let (first, last) = params.external.split_at(FULL_ROUNDS / 2);
    for constants in first {
        full_round(&mut s, constants);
    }
    partial_rounds(params, &mut s);
    for constants in last {
        full_round(&mut s, constants);
    }
    for (out, x) in state.iter_mut().zip(s) {
        *out = from_limbs(x);
    }
}
