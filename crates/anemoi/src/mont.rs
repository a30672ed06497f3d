//! Montgomery arithmetic on the raw limbs of an arkworks `Fp`, for the
//! x^(1/α) addition chains that dominate Anemoi's cost.
//!
//! The representation is arkworks' own (Montgomery form with R = 2^(64·N)),
//! so a chain reads `x.0.0` and hands back `Fp::new_unchecked`; the property
//! tests check every operation against ark-ff's.
//!
//! Two speed-ups over ark-ff's generic `square_in_place`/`mul_assign`:
//! * *lazy reduction*: where 4p < R (every field here but the three 255-bit
//!   ones), products of values below 2p stay below 2p without the final
//!   conditional subtraction, so a chain subtracts once, at its end;
//! * *lanes*: [`exp_chain`] runs the same chain on `LANES` independent
//!   inputs step by step (the columns of one Anemoi round), so their
//!   multiplications overlap in the pipeline.

// Limb loops read best with indices.
#![allow(clippy::needless_range_loop)]

use ark_ff::{BigInt, Fp, MontBackend, MontConfig};

use crate::constants::{Chain, NONE};

/// Most registers a chain may use (checked by a test on every field).
pub(crate) const MAX_REGISTERS: usize = 24;

/// `a + b·c + carry` as (low, high) words.
#[inline(always)]
const fn mac(a: u64, b: u64, c: u64, carry: u64) -> (u64, u64) {
    let t = (a as u128) + (b as u128) * (c as u128) + (carry as u128);
    (t as u64, (t >> 64) as u64)
}

/// `a + b + carry` as (low, high) words.
#[inline(always)]
const fn adc(a: u64, b: u64, carry: u64) -> (u64, u64) {
    let t = (a as u128) + (b as u128) + (carry as u128);
    (t as u64, (t >> 64) as u64)
}

/// Whether 4p < R = 2^(64·N): then the lazy (below 2p) representation is
/// closed under [`mul`] and [`square`].
pub(crate) const fn lazy<const N: usize>(p: &[u64; N]) -> bool {
    p[N - 1] < (1 << 62)
}

/// Montgomery product a·b·R⁻¹ (CIOS with the "no-carry" shortcut, valid
/// because every modulus here has its top bit clear and is not all ones
/// below it).
///
/// Bounds: with 4p < R and a, b < 2p the result is < 2p; with 2p < R and
/// a, b < p it is < 2p as well (then [`reduce`] brings it below p).
#[inline(always)]
pub(crate) fn mul<const N: usize>(a: &[u64; N], b: &[u64; N], p: &[u64; N], inv: u64) -> [u64; N] {
    let mut t = [0u64; N];
    for i in 0..N {
        let (t0, mut carry_a) = mac(t[0], a[0], b[i], 0);
        let m = t0.wrapping_mul(inv);
        let (_, mut carry_m) = mac(t0, m, p[0], 0);
        for j in 1..N {
            let (x, c1) = mac(t[j], a[j], b[i], carry_a);
            carry_a = c1;
            let (y, c2) = mac(x, m, p[j], carry_m);
            carry_m = c2;
            t[j - 1] = y;
        }
        // The running value stays below R (see the bounds above), so the two
        // top carries add up to its top word without overflowing.
        t[N - 1] = carry_a + carry_m;
    }
    t
}

/// Montgomery square a²·R⁻¹: the N(N−1)/2 cross products once, doubled,
/// plus the N squares, then a word-by-word Montgomery reduction.
/// Same bounds as [`mul`].
#[inline(always)]
pub(crate) fn square<const N: usize>(a: &[u64; N], p: &[u64; N], inv: u64) -> [u64; N] {
    // The 2N-word product, as low and high halves.
    let mut lo = [0u64; N];
    let mut hi = [0u64; N];
    macro_rules! at {
        ($k:expr) => {
            *(if $k < N { &mut lo[$k] } else { &mut hi[$k - N] })
        };
    }
    // Cross products a[i]·a[j], i < j.
    for i in 0..N - 1 {
        let mut carry = 0;
        for j in (i + 1)..N {
            let (x, c) = mac(at!(i + j), a[i], a[j], carry);
            at!(i + j) = x;
            carry = c;
        }
        at!(i + N) = carry;
    }
    // Double them.
    hi[N - 1] = hi[N - 2] >> 63;
    for k in (2..2 * N - 1).rev() {
        let v = (at!(k) << 1) | (at!(k - 1) >> 63);
        at!(k) = v;
    }
    lo[1] <<= 1;
    // Add the squares a[i]².
    let mut carry = 0;
    for i in 0..N {
        let (x, c) = mac(at!(2 * i), a[i], a[i], carry);
        at!(2 * i) = x;
        let (y, c2) = adc(at!(2 * i + 1), 0, c);
        at!(2 * i + 1) = y;
        carry = c2;
    }
    // Reduce: each step clears one low word.
    let mut carry_top = 0;
    for i in 0..N {
        let m = at!(i).wrapping_mul(inv);
        let (_, mut c) = mac(at!(i), m, p[0], 0);
        for j in 1..N {
            let (x, c1) = mac(at!(i + j), m, p[j], c);
            at!(i + j) = x;
            c = c1;
        }
        let (x, c2) = adc(hi[i], c, carry_top);
        hi[i] = x;
        carry_top = c2;
    }
    // The product was below R·p, so the result fits in N words.
    debug_assert_eq!(carry_top, 0);
    hi
}

/// `a − p` if `a ≥ p` (for `a < 2p`), without a data-dependent branch.
#[inline(always)]
pub(crate) fn reduce<const N: usize>(a: &[u64; N], p: &[u64; N]) -> [u64; N] {
    let mut d = [0u64; N];
    let mut borrow = 0u64;
    for i in 0..N {
        let t = (a[i] as u128)
            .wrapping_sub(p[i] as u128)
            .wrapping_sub(borrow as u128);
        d[i] = t as u64;
        borrow = ((t >> 64) as u64) & 1;
    }
    // borrow = 1: a < p, keep a.
    let keep_a = borrow.wrapping_neg();
    let mut out = [0u64; N];
    for i in 0..N {
        out[i] = (a[i] & keep_a) | (d[i] & !keep_a);
    }
    out
}

/// Montgomery square and product on limbs, in some implementation.
pub(crate) trait LimbOps<const N: usize>: Copy {
    /// a²·R⁻¹, below 2p (for inputs within the bounds of [`mul`]).
    fn square(&self, a: &[u64; N]) -> [u64; N];
    /// a·b·R⁻¹, below 2p (for inputs within the bounds of [`mul`]).
    fn mul(&self, a: &[u64; N], b: &[u64; N]) -> [u64; N];
}

/// The portable [`square`] and [`mul`].
#[derive(Clone, Copy, Debug)]
pub(crate) struct Portable<const N: usize> {
    p: [u64; N],
    inv: u64,
}

impl<const N: usize> Portable<N> {
    pub(crate) fn new(p: &[u64; N], inv: u64) -> Self {
        Self { p: *p, inv }
    }
}

impl<const N: usize> LimbOps<N> for Portable<N> {
    #[inline(always)]
    fn square(&self, a: &[u64; N]) -> [u64; N] {
        square(a, &self.p, self.inv)
    }
    #[inline(always)]
    fn mul(&self, a: &[u64; N], b: &[u64; N]) -> [u64; N] {
        mul(a, b, &self.p, self.inv)
    }
}

/// Runs `chain` on each of the `LANES` inputs, in place, step by step across
/// the lanes, with the fastest [`LimbOps`] this CPU has.
#[inline(always)]
pub(crate) fn exp_chain<C: MontConfig<N>, const N: usize, const LANES: usize>(
    xs: &mut [Fp<MontBackend<C, N>, N>; LANES],
    chain: &Chain,
) {
    let p = &C::MODULUS.0;
    #[cfg(all(target_arch = "x86_64", not(algebraic_hash_force_scalar), not(miri)))]
    if let Some(ops) = crate::arch::Adx::new(p, C::INV) {
        return if lazy(p) {
            run::<C, N, LANES, true, _>(xs, chain, ops)
        } else {
            run::<C, N, LANES, false, _>(xs, chain, ops)
        };
    }
    let ops = Portable::new(p, C::INV);
    if lazy(p) {
        run::<C, N, LANES, true, _>(xs, chain, ops)
    } else {
        run::<C, N, LANES, false, _>(xs, chain, ops)
    }
}

/// [`exp_chain`] with the portable arithmetic only (for the tests).
#[cfg(test)]
pub(crate) fn exp_chain_portable<C: MontConfig<N>, const N: usize, const LANES: usize>(
    xs: &mut [Fp<MontBackend<C, N>, N>; LANES],
    chain: &Chain,
) {
    let p = &C::MODULUS.0;
    let ops = Portable::new(p, C::INV);
    if lazy(p) {
        run::<C, N, LANES, true, _>(xs, chain, ops)
    } else {
        run::<C, N, LANES, false, _>(xs, chain, ops)
    }
}

#[inline(always)]
fn run<C: MontConfig<N>, const N: usize, const LANES: usize, const LAZY: bool, O: LimbOps<N>>(
    xs: &mut [Fp<MontBackend<C, N>, N>; LANES],
    chain: &Chain,
    ops: O,
) {
    let p = &C::MODULUS.0;
    debug_assert!(chain.registers <= MAX_REGISTERS);
    let mut regs = [[[0u64; N]; LANES]; MAX_REGISTERS];
    for (lane, x) in xs.iter().enumerate() {
        regs[0][lane] = (x.0).0;
    }
    let mut last = 0;
    for &(dst, a, b, k) in chain.steps {
        let (dst, a) = (usize::from(dst), usize::from(a));
        let mut acc = regs[a];
        for _ in 0..k {
            for v in acc.iter_mut() {
                let r = ops.square(v);
                *v = if LAZY { r } else { reduce(&r, p) };
            }
        }
        if b != NONE {
            let other = &regs[usize::from(b)];
            for (v, w) in acc.iter_mut().zip(other.iter()) {
                let r = ops.mul(v, w);
                *v = if LAZY { r } else { reduce(&r, p) };
            }
        }
        regs[dst] = acc;
        last = dst;
    }
    for (lane, x) in xs.iter_mut().enumerate() {
        *x = Fp::new_unchecked(BigInt(reduce(&regs[last][lane], p)));
    }
}
