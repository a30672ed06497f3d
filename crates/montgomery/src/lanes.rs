//! Eight field elements at a time in 52-bit limbs: the algorithm of the
//! AVX-512 IFMA backend, written once over a [`Vector`] of eight `u64`
//! lanes.
//!
//! Why 52-bit limbs: IFMA's `vpmadd52luq` / `vpmadd52huq` add the low or
//! high 52 bits of the 104-bit product of two 52-bit lanes to a 64-bit
//! accumulator, eight lanes per instruction. An element of an `N`-word field
//! is `L` such limbs (`L = 5` for `N = 4`, `8` for `N = 6`), one element per
//! lane; a sum of products accumulates in `2L` columns without carries
//! (each column stays far below 2^64), and carries are propagated only once
//! per product.
//!
//! The Montgomery radix is arkworks' own `R = 2^(64·N)`, not `2^(52·L)`:
//! the reduction takes `S = ⌊64N/52⌋` steps of 52 bits and one last step of
//! `64N − 52S` bits (48 for `N = 4`, 20 for `N = 6`), then re-aligns the
//! result to 52-bit limbs. So an element's value is the arkworks limbs
//! re-cut into 52-bit pieces — loading, storing and the round constants need
//! no Montgomery conversion — and every bound of the crate documentation
//! holds unchanged in each lane (`R` is the same; `2^(52L) ≥ 16·R/2^4`
//! leaves the same headroom).
//!
//! [`Model`] runs this algorithm on plain `u64` arrays with exactly the IFMA
//! semantics, on every CPU; the x86-64 backend maps the same [`Vector`]
//! operations onto `__m512i` intrinsics (`arch/x86_64_ifma.rs`). Every
//! operation is straight-line code over the lanes: selections are masks, so
//! nothing branches on data.

use core::marker::PhantomData;

use ark_ff::MontConfig;

use crate::{FieldOps, MontParams};

/// 52 bits.
const MASK: u64 = (1 << 52) - 1;

/// Eight `u64` lanes and the few operations the lane algorithm needs.
/// Shift counts are below 64.
pub trait Vector: Copy {
    /// Every lane `x`.
    fn splat(x: u64) -> Self;
    /// Lane `k` is `x[k]`.
    fn from_array(x: [u64; 8]) -> Self;
    /// The lanes.
    fn to_array(self) -> [u64; 8];
    /// Lane-wise wrapping sum.
    fn add(self, b: Self) -> Self;
    /// Lane-wise wrapping difference.
    fn sub(self, b: Self) -> Self;
    /// Lane-wise and.
    fn and(self, b: Self) -> Self;
    /// Lane-wise or.
    fn or(self, b: Self) -> Self;
    /// Lane-wise logical right shift.
    fn shr(self, k: u32) -> Self;
    /// Lane-wise arithmetic right shift.
    fn sar(self, k: u32) -> Self;
    /// Lane-wise left shift.
    fn shl(self, k: u32) -> Self;
    /// `self + lo52(lo52(a)·lo52(b))` (wrapping): `vpmadd52luq`.
    fn madd52lo(self, a: Self, b: Self) -> Self;
    /// `self + hi52(lo52(a)·lo52(b))` (wrapping): `vpmadd52huq`.
    fn madd52hi(self, a: Self, b: Self) -> Self;
    /// Lane-wise `if_negative` where `self`'s top bit is set, else
    /// `otherwise`.
    fn select_negative(self, if_negative: Self, otherwise: Self) -> Self;
}

/// The lane algorithm on plain `u64` arrays, with the IFMA semantics: the
/// portable model every CPU runs, and the reference the intrinsics equal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Model([u64; 8]);

impl Model {
    #[inline(always)]
    fn map2(self, b: Self, f: impl Fn(u64, u64) -> u64) -> Self {
        Self(core::array::from_fn(|k| f(self.0[k], b.0[k])))
    }
}

impl Vector for Model {
    #[inline(always)]
    fn splat(x: u64) -> Self {
        Self([x; 8])
    }
    #[inline(always)]
    fn from_array(x: [u64; 8]) -> Self {
        Self(x)
    }
    #[inline(always)]
    fn to_array(self) -> [u64; 8] {
        self.0
    }
    #[inline(always)]
    fn add(self, b: Self) -> Self {
        self.map2(b, u64::wrapping_add)
    }
    #[inline(always)]
    fn sub(self, b: Self) -> Self {
        self.map2(b, u64::wrapping_sub)
    }
    #[inline(always)]
    fn and(self, b: Self) -> Self {
        self.map2(b, |x, y| x & y)
    }
    #[inline(always)]
    fn or(self, b: Self) -> Self {
        self.map2(b, |x, y| x | y)
    }
    #[inline(always)]
    fn shr(self, k: u32) -> Self {
        Self(self.0.map(|x| x >> k))
    }
    #[inline(always)]
    fn sar(self, k: u32) -> Self {
        Self(self.0.map(|x| ((x as i64) >> k) as u64))
    }
    #[inline(always)]
    fn shl(self, k: u32) -> Self {
        Self(self.0.map(|x| x << k))
    }
    #[inline(always)]
    fn madd52lo(self, a: Self, b: Self) -> Self {
        Self(core::array::from_fn(|k| {
            let prod = u128::from(a.0[k] & MASK) * u128::from(b.0[k] & MASK);
            self.0[k].wrapping_add(prod as u64 & MASK)
        }))
    }
    #[inline(always)]
    fn madd52hi(self, a: Self, b: Self) -> Self {
        Self(core::array::from_fn(|k| {
            let prod = u128::from(a.0[k] & MASK) * u128::from(b.0[k] & MASK);
            self.0[k].wrapping_add((prod >> 52) as u64)
        }))
    }
    #[inline(always)]
    fn select_negative(self, if_negative: Self, otherwise: Self) -> Self {
        Self(core::array::from_fn(|k| {
            if (self.0[k] as i64) < 0 {
                if_negative.0[k]
            } else {
                otherwise.0[k]
            }
        }))
    }
}

/// The most limbs an element has (`L ≤ 8`: fields up to 6 words).
const MAX_LIMBS: usize = 8;

/// `x` (`N` words) cut into `L` limbs of 52 bits; what does not fit is
/// dropped.
#[inline(always)]
pub(crate) const fn to_limbs52<const N: usize, const L: usize>(x: &[u64; N]) -> [u64; L] {
    let mut out = [0u64; L];
    let mut j = 0;
    while j < L {
        let bit = 52 * j;
        let (w, s) = (bit / 64, (bit % 64) as u32);
        let mut v = 0;
        if w < N {
            v = x[w] >> s;
            if s > 12 && w + 1 < N {
                v |= x[w + 1] << (64 - s);
            }
        }
        out[j] = v & MASK;
        j += 1;
    }
    out
}

/// `L` limbs of 52 bits (each below 2^52) as `N` words; what does not fit
/// is dropped.
#[inline(always)]
pub(crate) const fn from_limbs52<const N: usize, const L: usize>(x: &[u64; L]) -> [u64; N] {
    let mut out = [0u64; N];
    let mut j = 0;
    while j < L {
        let bit = 52 * j;
        let (w, s) = (bit / 64, (bit % 64) as u32);
        if w < N {
            out[w] |= x[j] << s;
            if s > 12 && w + 1 < N {
                out[w + 1] |= x[j] >> (64 - s);
            }
        }
        j += 1;
    }
    out
}

/// The modulus constants of the lane algorithm for the field of `C`.
struct Consts<C, const N: usize, const L: usize>(PhantomData<C>);

impl<C: MontConfig<N>, const N: usize, const L: usize> Consts<C, N, L> {
    /// p in 52-bit limbs.
    const P: [u64; L] = to_limbs52(&C::MODULUS.0);
    /// 2p in 52-bit limbs.
    const P2: [u64; L] = to_limbs52(&<C as MontParams<N>>::P2);
    /// `−p⁻¹ mod 2^52`.
    const MU: u64 = C::INV & MASK;
    /// Full 52-bit reduction steps: `⌊64N/52⌋`.
    const STEPS: usize = 64 * N / 52;
    /// Bits of the last reduction step: `64N − 52·STEPS`.
    const LAST: u32 = (64 * N - 52 * Self::STEPS) as u32;
    /// Compile-time checks: `L` is the limb count for `N` words plus four
    /// bits of headroom, and at most [`MAX_LIMBS`].
    const CHECK: () = assert!(
        L == (64 * N + 4).div_ceil(52) && L <= MAX_LIMBS && Self::LAST > 0,
        "lane limb count does not match the field"
    );
}

/// `x` plus a top word `top` (the bits above word `N − 1`) in 52-bit limbs.
const fn to_limbs52_wide<const N: usize, const L: usize>(x: &[u64; N], top: u64) -> [u64; L] {
    let mut out: [u64; L] = to_limbs52(x);
    // The limb holding bit 64N, and the bits of `top` it and the next take.
    let bit = 64 * N;
    let j = bit / 52;
    let s = (bit % 52) as u32;
    if j < L {
        out[j] |= (top << s) & MASK;
        if j + 1 < L && s > 0 {
            out[j + 1] |= top >> (52 - s);
        }
    }
    out
}

/// `L` limbs of a value on vector lanes.
type Limbs<V, const L: usize> = [V; L];

/// Propagates carries (and borrows: arithmetic shifts) so that every limb
/// but the top one is below 2^52; the value is unchanged.
#[inline(always)]
fn normalize<V: Vector, const L: usize>(x: &mut Limbs<V, L>) {
    let mask = V::splat(MASK);
    for j in 0..L - 1 {
        let carry = x[j].sar(52);
        x[j] = x[j].and(mask);
        x[j + 1] = x[j + 1].add(carry);
    }
}

/// `x − m` where `x ≥ m`, else `x`, for normalized `x` and `m`.
#[inline(always)]
fn sub_if_ge<V: Vector, const L: usize>(x: &Limbs<V, L>, m: &[u64; L]) -> Limbs<V, L> {
    let mut d: Limbs<V, L> = core::array::from_fn(|j| x[j].sub(V::splat(m[j])));
    normalize(&mut d);
    let borrow = d[L - 1];
    core::array::from_fn(|j| borrow.select_negative(x[j], d[j]))
}

/// The `2L` columns of a product, unreduced.
type Columns<V> = [V; 2 * MAX_LIMBS];

/// `t += a·b` into the columns (`a`, `b` below 2^52 per limb).
#[inline(always)]
fn mac_columns<V: Vector, const L: usize>(t: &mut Columns<V>, a: &Limbs<V, L>, b: &Limbs<V, L>) {
    for i in 0..L {
        for j in 0..L {
            t[i + j] = t[i + j].madd52lo(a[i], b[j]);
            t[i + j + 1] = t[i + j + 1].madd52hi(a[i], b[j]);
        }
    }
}

/// `t += a²` into the columns: the cross products once, doubled, then the
/// squares.
#[inline(always)]
fn square_columns<V: Vector, const L: usize>(a: &Limbs<V, L>) -> Columns<V> {
    let mut t = [V::splat(0); 2 * MAX_LIMBS];
    for i in 0..L {
        for j in i + 1..L {
            t[i + j] = t[i + j].madd52lo(a[i], a[j]);
            t[i + j + 1] = t[i + j + 1].madd52hi(a[i], a[j]);
        }
    }
    for k in 1..2 * L - 1 {
        t[k] = t[k].add(t[k]);
    }
    for i in 0..L {
        t[2 * i] = t[2 * i].madd52lo(a[i], a[i]);
        t[2 * i + 1] = t[2 * i + 1].madd52hi(a[i], a[i]);
    }
    t
}

/// Montgomery reduction of the columns: `≡ T·2^(−64N)`, below `T/R + p`,
/// normalized.
#[inline(always)]
fn redc<C: MontConfig<N>, V: Vector, const N: usize, const L: usize>(
    mut t: Columns<V>,
) -> Limbs<V, L> {
    #[allow(clippy::let_unit_value)]
    let () = Consts::<C, N, L>::CHECK;
    let p = Consts::<C, N, L>::P.map(V::splat);
    let mu = V::splat(Consts::<C, N, L>::MU);
    let zero = V::splat(0);
    let steps = Consts::<C, N, L>::STEPS;
    let last = Consts::<C, N, L>::LAST;
    // Full steps: column i becomes a multiple of 2^52; its carry moves up.
    for i in 0..steps {
        let m = zero.madd52lo(t[i], mu);
        for j in 0..L {
            t[i + j] = t[i + j].madd52lo(m, p[j]);
            t[i + j + 1] = t[i + j + 1].madd52hi(m, p[j]);
        }
        t[i + 1] = t[i + 1].add(t[i].shr(52));
    }
    // The last step clears the low `last` bits of column `steps`.
    let m = zero.madd52lo(t[steps], mu).and(V::splat((1 << last) - 1));
    for j in 0..L {
        t[steps + j] = t[steps + j].madd52lo(m, p[j]);
        t[steps + j + 1] = t[steps + j + 1].madd52hi(m, p[j]);
    }
    // Carries through columns steps..steps + L, then the value shifted
    // right by `last` bits, re-cut into 52-bit limbs.
    let mask = V::splat(MASK);
    for k in steps..steps + L {
        t[k + 1] = t[k + 1].add(t[k].shr(52));
        t[k] = t[k].and(mask);
    }
    core::array::from_fn(|j| {
        let lo = t[steps + j].shr(last);
        let hi = t[steps + j + 1].shl(52 - last).and(mask);
        lo.or(hi)
    })
}

/// Montgomery arithmetic of the field of `C` on eight lanes of `V`: one
/// element per lane in `L` limbs of 52 bits (see the module documentation).
/// The contracts are those of [`crate::Arith`], lane by lane.
#[derive(Debug)]
pub struct LaneArith<C, V, const N: usize> {
    field: PhantomData<fn() -> (C, V)>,
}

impl<C, V, const N: usize> Clone for LaneArith<C, V, N> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<C, V, const N: usize> Copy for LaneArith<C, V, N> {}

impl<C: MontConfig<N>, const N: usize> LaneArith<C, Model, N> {
    /// The portable model of the lane arithmetic (any CPU).
    pub const fn model() -> Self {
        Self { field: PhantomData }
    }
}

impl<C, V, const N: usize> LaneArith<C, V, N> {
    /// The lane arithmetic on `V`; only the crate makes one for a hardware
    /// vector, after checking the CPU (compiled where such a vector is).
    #[cfg(all(target_arch = "x86_64", not(algebraic_hash_force_scalar), not(miri)))]
    #[inline(always)]
    pub(crate) const fn new_unchecked() -> Self {
        Self { field: PhantomData }
    }
}

/// The implementation for `N` words in `L` limbs.
macro_rules! lane_ops {
    ($n:literal, $l:literal) => {
        impl<C: MontConfig<$n>, V: Vector> FieldOps<$n> for LaneArith<C, V, $n> {
            const LANES: usize = 8;
            type Elem = Limbs<V, $l>;

            #[inline(always)]
            fn constant(self, c: &[u64; $n]) -> Self::Elem {
                to_limbs52::<$n, $l>(c).map(V::splat)
            }

            #[inline(always)]
            fn load(self, lane: impl Fn(usize) -> [u64; $n]) -> Self::Elem {
                let mut cols = [[0u64; 8]; $l];
                for k in 0..8 {
                    let limbs = to_limbs52::<$n, $l>(&lane(k));
                    for j in 0..$l {
                        cols[j][k] = limbs[j];
                    }
                }
                cols.map(V::from_array)
            }

            #[inline(always)]
            fn store(self, x: &Self::Elem, mut out: impl FnMut(usize, [u64; $n])) {
                let cols = x.map(V::to_array);
                for k in 0..8 {
                    let limbs: [u64; $l] = core::array::from_fn(|j| cols[j][k]);
                    out(k, from_limbs52::<$n, $l>(&limbs));
                }
            }

            #[inline(always)]
            fn mul(self, a: &Self::Elem, b: &Self::Elem) -> Self::Elem {
                let mut t = [V::splat(0); 2 * MAX_LIMBS];
                mac_columns(&mut t, a, b);
                redc::<C, V, $n, $l>(t)
            }

            #[inline(always)]
            fn square(self, a: &Self::Elem) -> Self::Elem {
                redc::<C, V, $n, $l>(square_columns(a))
            }

            #[inline(always)]
            fn reduce(self, x: &Self::Elem) -> Self::Elem {
                sub_if_ge(x, &Consts::<C, $n, $l>::P)
            }

            #[inline(always)]
            fn reduce_2p(self, x: &Self::Elem) -> Self::Elem {
                sub_if_ge(x, &Consts::<C, $n, $l>::P2)
            }

            #[inline(always)]
            fn reduce_from(self, x: &Self::Elem, bound: u32) -> Self::Elem {
                assert!(bound <= 8, "reduce_from: bound above 8p");
                let mut x = *x;
                // Without LAZY, 4p ≥ R > x: the 4p step is never needed.
                if bound > 4 && <C as MontParams<$n>>::LAZY {
                    x = sub_if_ge(&x, &to_limbs52::<$n, $l>(&<C as MontParams<$n>>::P4));
                }
                if bound > 2 {
                    x = self.reduce_2p(&x);
                }
                if bound > 1 {
                    x = self.reduce(&x);
                }
                x
            }

            #[inline(always)]
            fn add_lazy(self, a: &Self::Elem, b: &Self::Elem) -> Self::Elem {
                let mut s: Self::Elem = core::array::from_fn(|j| a[j].add(b[j]));
                normalize(&mut s);
                s
            }

            #[inline(always)]
            fn add(self, a: &Self::Elem, b: &Self::Elem) -> Self::Elem {
                self.reduce(&self.add_lazy(a, b))
            }

            #[inline(always)]
            fn sub(self, a: &Self::Elem, b: &Self::Elem) -> Self::Elem {
                let mut d: Self::Elem = core::array::from_fn(|j| a[j].sub(b[j]));
                normalize(&mut d);
                // A negative difference: add p back (masked by the sign).
                let sign = d[$l - 1].sar(63);
                let p = Consts::<C, $n, $l>::P;
                let mut out: Self::Elem =
                    core::array::from_fn(|j| d[j].add(V::splat(p[j]).and(sign)));
                normalize(&mut out);
                out
            }

            #[inline(always)]
            fn half(self, x: &Self::Elem) -> Self::Elem {
                let one = V::splat(1);
                let odd = V::splat(0).sub(x[0].and(one));
                let p = Consts::<C, $n, $l>::P;
                let mut y: Self::Elem = core::array::from_fn(|j| x[j].add(V::splat(p[j]).and(odd)));
                normalize(&mut y);
                core::array::from_fn(|j| {
                    let lo = y[j].shr(1);
                    if j + 1 < $l {
                        lo.or(y[j + 1].and(one).shl(51))
                    } else {
                        lo
                    }
                })
            }

            #[inline(always)]
            fn sum_reduced(self, xs: &[Self::Elem]) -> Self::Elem {
                let mut acc = [V::splat(0); $l];
                for x in xs {
                    for j in 0..$l {
                        acc[j] = acc[j].add(x[j]);
                    }
                }
                normalize(&mut acc);
                // Below 2k·p ≤ 2^(j_max + 1)·p: subtract 2^j·p, largest first.
                let k = xs.len().max(1);
                let j_max = usize::BITS - (k - 1).leading_zeros();
                for j in (0..=j_max).rev() {
                    let p = &C::MODULUS.0;
                    // p·2^j on N + 1 words, then in limbs.
                    let mut m = [0u64; $n];
                    for i in 0..$n {
                        m[i] = p[i] << j;
                        if j > 0 && i > 0 {
                            m[i] |= p[i - 1] >> (64 - j);
                        }
                    }
                    let top = if j > 0 { p[$n - 1] >> (64 - j) } else { 0 };
                    acc = sub_if_ge(&acc, &to_limbs52_wide::<$n, $l>(&m, top));
                }
                acc
            }

            #[inline(always)]
            fn dot_lazy<const K: usize>(
                self,
                a: &[Self::Elem; K],
                b: &[Self::Elem; K],
            ) -> Self::Elem {
                let mut t = [V::splat(0); 2 * MAX_LIMBS];
                for (x, y) in a.iter().zip(b) {
                    mac_columns(&mut t, x, y);
                }
                redc::<C, V, $n, $l>(t)
            }
        }
    };
}

lane_ops!(4, 5);
lane_ops!(6, 8);

/// The arithmetic kernels run on the portable model
/// ([`LaneField::run_model`](crate::LaneField::run_model)): [`LaneArith`]
/// on [`Model`], each field operation a function of its own instead of
/// inlined into the kernel. The model runs in tests only, and each of its
/// products is hundreds of scalar operations: inlined, a kernel's
/// permutation on it was megabytes of code to compile (circom's sixteen
/// widths on the model were half the code of the poseidon crate's
/// `backends` test). The hardware vectors keep everything inline.
pub(crate) struct ModelArith<C, const N: usize>(LaneArith<C, Model, N>);

impl<C, const N: usize> Clone for ModelArith<C, N> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<C, const N: usize> Copy for ModelArith<C, N> {}

impl<C: MontConfig<N>, const N: usize> ModelArith<C, N> {
    pub(crate) const fn new() -> Self {
        Self(LaneArith::model())
    }
}

impl<C, const N: usize> FieldOps<N> for ModelArith<C, N>
where
    LaneArith<C, Model, N>: FieldOps<N>,
{
    const LANES: usize = 8;
    type Elem = <LaneArith<C, Model, N> as FieldOps<N>>::Elem;

    fn constant(self, c: &[u64; N]) -> Self::Elem {
        self.0.constant(c)
    }
    fn load(self, lane: impl Fn(usize) -> [u64; N]) -> Self::Elem {
        self.0.load(lane)
    }
    fn store(self, x: &Self::Elem, out: impl FnMut(usize, [u64; N])) {
        self.0.store(x, out)
    }
    #[inline(never)]
    fn mul(self, a: &Self::Elem, b: &Self::Elem) -> Self::Elem {
        self.0.mul(a, b)
    }
    #[inline(never)]
    fn square(self, a: &Self::Elem) -> Self::Elem {
        self.0.square(a)
    }
    #[inline(never)]
    fn reduce(self, x: &Self::Elem) -> Self::Elem {
        self.0.reduce(x)
    }
    #[inline(never)]
    fn reduce_2p(self, x: &Self::Elem) -> Self::Elem {
        self.0.reduce_2p(x)
    }
    #[inline(never)]
    fn reduce_from(self, x: &Self::Elem, bound: u32) -> Self::Elem {
        self.0.reduce_from(x, bound)
    }
    #[inline(never)]
    fn add_lazy(self, a: &Self::Elem, b: &Self::Elem) -> Self::Elem {
        self.0.add_lazy(a, b)
    }
    #[inline(never)]
    fn add(self, a: &Self::Elem, b: &Self::Elem) -> Self::Elem {
        self.0.add(a, b)
    }
    #[inline(never)]
    fn sub(self, a: &Self::Elem, b: &Self::Elem) -> Self::Elem {
        self.0.sub(a, b)
    }
    #[inline(never)]
    fn half(self, x: &Self::Elem) -> Self::Elem {
        self.0.half(x)
    }
    #[inline(never)]
    fn sum_reduced(self, xs: &[Self::Elem]) -> Self::Elem {
        self.0.sum_reduced(xs)
    }
    #[inline(never)]
    fn dot_lazy<const K: usize>(self, a: &[Self::Elem; K], b: &[Self::Elem; K]) -> Self::Elem {
        self.0.dot_lazy(a, b)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limb_cuts_round_trip() {
        let x = [
            0x0123_4567_89ab_cdef,
            0xfedc_ba98_7654_3210,
            0x0f1e_2d3c_4b5a_6978,
            0x3fff_ffff_ffff_ffff,
        ];
        let l: [u64; 5] = to_limbs52(&x);
        assert!(l.iter().all(|&v| v <= MASK));
        assert_eq!(from_limbs52::<4, 5>(&l), x);
        let y = [u64::MAX; 6];
        let l: [u64; 8] = to_limbs52(&y);
        assert_eq!(from_limbs52::<6, 8>(&l), y);
        // Bit 63 of word 0 is bit 11 of limb 1.
        let l: [u64; 5] = to_limbs52(&[1 << 63, 0, 0, 0]);
        assert_eq!(l, [0, 1 << 11, 0, 0, 0]);
    }
}
