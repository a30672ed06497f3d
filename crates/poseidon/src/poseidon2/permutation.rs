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

use ark_ff::{AdditiveGroup, Field};

use super::params::{FULL_ROUNDS, PARTIAL_ROUNDS, Params};
use crate::Fr;

#[inline(always)]
fn sbox(x: &mut Fr) {
    let x2 = x.square();
    let x4 = x2.square();
    *x *= x4;
}

/// M4 with 8 additions and 4 doublings (the sequence of the Poseidon2 paper,
/// appendix B).
#[inline(always)]
fn m4(s: &mut [Fr; 4]) {
    let t0 = s[0] + s[1];
    let t1 = s[2] + s[3];
    let t2 = s[1].double() + t1;
    let t3 = s[3].double() + t0;
    let t4 = t1.double().double() + t3;
    let t5 = t0.double().double() + t2;
    let t6 = t3 + t5;
    let t7 = t2 + t4;
    *s = [t6, t5, t7, t4];
}

#[inline(always)]
fn external_layer<const T: usize>(s: &mut [Fr; T]) {
    match T {
        2 | 3 => {
            let mut sum = s[0];
            for x in &s[1..] {
                sum += x;
            }
            for x in s.iter_mut() {
                *x += sum;
            }
        }
        4 => {
            let s4: &mut [Fr; 4] = s.as_mut_slice().try_into().expect("T = 4");
            m4(s4);
        }
        _ => unreachable!("Poseidon2 widths are 2, 3, 4"),
    }
}

#[inline(always)]
fn internal_layer<const T: usize>(s: &mut [Fr; T], diagonal_minus_one: &[Fr; T]) {
    let mut sum = s[0];
    for x in &s[1..] {
        sum += x;
    }
    match T {
        2 => {
            s[0] += sum;
            s[1].double_in_place();
            s[1] += sum;
        }
        3 => {
            s[0] += sum;
            s[1] += sum;
            s[2].double_in_place();
            s[2] += sum;
        }
        _ => {
            for (x, d) in s.iter_mut().zip(diagonal_minus_one) {
                *x *= d;
                *x += sum;
            }
        }
    }
}

#[inline(always)]
fn full_round<const T: usize>(s: &mut [Fr; T], constants: &[Fr; T]) {
    for (x, c) in s.iter_mut().zip(constants) {
        *x += c;
        sbox(x);
    }
    external_layer(s);
}

/// Applies the permutation of `params` to `state`.
pub(crate) fn permute<const T: usize>(params: &Params<T>, state: &mut [Fr; T]) {
    const {
        assert!(T >= 2 && T <= 4, "Poseidon2 widths are 2, 3, 4");
    }
    external_layer(state);
    let (first, last) = params.external.split_at(FULL_ROUNDS / 2);
    for constants in first {
        full_round(state, constants);
    }
    for c in &params.internal[..PARTIAL_ROUNDS] {
        state[0] += c;
        sbox(&mut state[0]);
        internal_layer(state, &params.diagonal_minus_one);
    }
    for constants in last {
        full_round(state, constants);
    }
}
