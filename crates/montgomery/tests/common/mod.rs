//! Inputs and meanings shared by the tests against ark-ff: random values
//! below a bound, edge values, and the element a limb array stands for.

#![allow(dead_code)]

use algebraic_hash_montgomery::{MontConfig, MontParams, from_limbs, sub_if_ge};
use ark_ff::{Fp, MontBackend};
use rand::Rng;
use rand::rngs::StdRng;

/// The arkworks field of `C`.
pub type F<C, const N: usize> = Fp<MontBackend<C, N>, N>;

pub fn lt<const N: usize>(a: &[u64; N], b: &[u64; N]) -> bool {
    a.iter().rev().cmp(b.iter().rev()).is_lt()
}

/// A uniformly random limb array below `bound` (rejection sampling).
pub fn below<const N: usize>(rng: &mut StdRng, bound: &[u64; N]) -> [u64; N] {
    let top_bits = 64 - bound[N - 1].leading_zeros();
    loop {
        let mut x: [u64; N] = core::array::from_fn(|_| rng.random());
        x[N - 1] &= if top_bits == 64 {
            u64::MAX
        } else {
            (1u64 << top_bits) - 1
        };
        if lt(&x, bound) {
            return x;
        }
    }
}

/// `p − j`, `p + j` and friends.
pub fn offset<const N: usize>(base: &[u64; N], j: u64, minus: bool) -> [u64; N] {
    let mut out = *base;
    let mut carry = j;
    for w in out.iter_mut() {
        let (v, c) = if minus {
            w.overflowing_sub(carry)
        } else {
            w.overflowing_add(carry)
        };
        *w = v;
        carry = u64::from(c);
    }
    out
}

/// Edge values below `bound`: 0, 1, 2, p − 1, p − 2, (p ± 1)/2, and limb
/// patterns at the 2^64k boundaries (all ones below word k, a single top bit
/// in word k, 2^64k itself), plus for `bound = 2p` the values around p and
/// 2p.
pub fn edges<C: MontConfig<N>, const N: usize>(bound: &[u64; N]) -> Vec<[u64; N]> {
    let p = C::MODULUS.0;
    let mut out = vec![
        [0u64; N],
        offset(&[0; N], 1, false),
        offset(&[0; N], 2, false),
    ];
    out.push(offset(&p, 1, true));
    out.push(offset(&p, 2, true));
    let mut half = [0u64; N];
    for i in 0..N {
        half[i] = (p[i] >> 1) | if i + 1 < N { p[i + 1] << 63 } else { 0 };
    }
    out.push(half);
    out.push(offset(&half, 1, false));
    for k in 0..N {
        let mut ones = [0u64; N];
        for w in ones.iter_mut().take(k + 1) {
            *w = u64::MAX;
        }
        out.push(ones);
        let mut bit = [0u64; N];
        bit[k] = 1 << 63;
        out.push(bit);
        let mut pow = [0u64; N];
        pow[k] = 1;
        out.push(pow);
        // 2^64k − 1 (all ones below word k).
        let mut below_pow = [0u64; N];
        for w in below_pow.iter_mut().take(k) {
            *w = u64::MAX;
        }
        out.push(below_pow);
    }
    if lt(&C::P, bound) {
        out.push(p);
        out.push(offset(&p, 1, false));
        out.push(offset(&C::P2, 1, true));
        out.push(offset(&C::P2, 2, true));
    }
    out.retain(|x| lt(x, bound));
    out
}

/// The element a limb array below 2p stands for.
pub fn value<C: MontConfig<N>, const N: usize>(x: &[u64; N]) -> F<C, N> {
    assert!(lt(x, &C::P2), "value below 2p");
    from_limbs::<C, N>(sub_if_ge(x, &C::P))
}

/// `x − p` if `x ≥ p`.
pub fn reduce<C: MontConfig<N>, const N: usize>(x: &[u64; N]) -> [u64; N] {
    sub_if_ge(x, &C::P)
}

/// `x` below `bound·p` brought below p, one subtraction of p at a time.
pub fn reduce_from<C: MontConfig<N>, const N: usize>(x: &[u64; N], bound: u32) -> [u64; N] {
    let mut x = *x;
    for _ in 1..bound {
        x = sub_if_ge(&x, &C::P);
    }
    x
}
