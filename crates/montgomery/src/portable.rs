//! The portable backend: `u64` words, `u128` products, any target.

use ark_ff::MontConfig;

use crate::{Backend, Wide, adc, mac};

/// Portable Montgomery products (`u64`/`u128`): CIOS product in its
/// "no-carry" form, and a dedicated squaring (the `N(N−1)/2` cross
/// products once, doubled, plus the `N` squares, then one reduction).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Portable;

impl<const N: usize> Backend<N> for Portable {
    const NAME: &'static str = "portable";

    #[inline(always)]
    fn mul<C: MontConfig<N>>(self, a: &[u64; N], b: &[u64; N]) -> [u64; N] {
        mul::<C, N>(a, b)
    }

    #[inline(always)]
    fn square<C: MontConfig<N>>(self, a: &[u64; N]) -> [u64; N] {
        let mut w = Wide::ZERO;
        square_wide(&mut w, a);
        redc::<C, N>(&w)
    }
}

/// CIOS Montgomery product, "no-carry" form: valid because the top word of
/// p is below `2^63 − 1` (the running value stays below `R`, so its top word
/// is the sum of the two top carries). Bounds: rule 1 of the crate doc.
#[inline(always)]
pub(crate) fn mul<C: MontConfig<N>, const N: usize>(a: &[u64; N], b: &[u64; N]) -> [u64; N] {
    let p = &C::MODULUS.0;
    let mut t = [0u64; N];
    for i in 0..N {
        let (t0, mut carry_a) = mac(t[0], a[0], b[i], 0);
        let m = t0.wrapping_mul(C::INV);
        let (_, mut carry_m) = mac(t0, m, p[0], 0);
        for j in 1..N {
            let (x, c1) = mac(t[j], a[j], b[i], carry_a);
            carry_a = c1;
            let (y, c2) = mac(x, m, p[j], carry_m);
            carry_m = c2;
            t[j - 1] = y;
        }
        t[N - 1] = carry_a.wrapping_add(carry_m);
    }
    t
}

/// Word `k` of a wide value, as a place.
macro_rules! at {
    ($w:ident, $k:expr) => {
        *(if $k < N {
            &mut $w.lo[$k]
        } else {
            &mut $w.hi[$k - N]
        })
    };
}

/// `w = a²` (w zero on entry).
#[inline(always)]
fn square_wide<const N: usize>(w: &mut Wide<N>, a: &[u64; N]) {
    // Cross products a[i]·a[j], i < j.
    for i in 0..N - 1 {
        let mut carry = 0;
        for j in (i + 1)..N {
            let (x, c) = mac(at!(w, i + j), a[i], a[j], carry);
            at!(w, i + j) = x;
            carry = c;
        }
        at!(w, i + N) = carry;
    }
    // Doubled.
    w.hi[N - 1] = w.hi[N - 2] >> 63;
    for k in (2..2 * N - 1).rev() {
        let v = (at!(w, k) << 1) | (at!(w, k - 1) >> 63);
        at!(w, k) = v;
    }
    w.lo[1] <<= 1;
    // Plus the squares a[i]².
    let mut carry = 0;
    for i in 0..N {
        let (x, c) = mac(at!(w, 2 * i), a[i], a[i], carry);
        at!(w, 2 * i) = x;
        let (y, c2) = adc(at!(w, 2 * i + 1), 0, c);
        at!(w, 2 * i + 1) = y;
        carry = c2;
    }
}

/// `acc += a·b` (schoolbook), returning the carry out of the top word (the
/// sum's word `2N`).
#[inline(always)]
pub(crate) fn mac_wide_carry<const N: usize>(acc: &mut Wide<N>, a: &[u64; N], b: &[u64; N]) -> u64 {
    let mut row_carry = 0u64;
    for i in 0..N {
        let mut carry = 0u64;
        for j in 0..N {
            let (lo, hi) = mac(at!(acc, i + j), a[i], b[j], carry);
            at!(acc, i + j) = lo;
            carry = hi;
        }
        // The row's top word goes into word i + N, with the carry left by
        // the previous row there.
        let (s, c) = adc(acc.hi[i], carry, row_carry);
        acc.hi[i] = s;
        row_carry = c;
    }
    row_carry
}

/// Montgomery reduction `T·R⁻¹`, below `T/R + p` (rule 2: `T + p·R < R²`).
#[inline(always)]
pub(crate) fn redc<C: MontConfig<N>, const N: usize>(t: &Wide<N>) -> [u64; N] {
    redc_extended::<C, N>(t, 0).0
}

/// Montgomery reduction of `T = t + ext·R²`: `≡ T·R⁻¹`, below `T/R + p`,
/// as `N` words and the word above them (rule 2 without its `T + p·R < R²`:
/// the caller only keeps `T/R + p` below `2^64·R`).
#[inline(always)]
pub(crate) fn redc_extended<C: MontConfig<N>, const N: usize>(
    t: &Wide<N>,
    ext: u64,
) -> ([u64; N], u64) {
    let p = &C::MODULUS.0;
    let mut w = *t;
    let mut top = 0u64;
    for i in 0..N {
        let m = at!(w, i).wrapping_mul(C::INV);
        let (_, mut c) = mac(at!(w, i), m, p[0], 0);
        for j in 1..N {
            let (x, c1) = mac(at!(w, i + j), m, p[j], c);
            at!(w, i + j) = x;
            c = c1;
        }
        let (x, c2) = adc(w.hi[i], c, top);
        w.hi[i] = x;
        top = c2;
    }
    (w.hi, ext + top)
}
