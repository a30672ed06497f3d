//! The narrow-limb backend: Montgomery products on 29-bit limbs summed in
//! 64-bit accumulators, for targets without a 64 × 64 → 128 multiply
//! (`wasm32`).
//!
//! A product of two 29-bit limbs is below `2^58`, so a 64-bit word can take
//! up to 64 of them before it overflows. A product of `L` limbs then needs
//! no carry inside its `2L` multiply-accumulates per step: one `i64.mul`
//! and one `i64.add` each, and one carry propagation at the end. The
//! 64-bit-limb code spends four 32 × 32 multiplies, their recombination and
//! two carry chains on each limb product instead.
//!
//! The representation outside stays arkworks' (`N` words, `R = 2^(64N)`).
//! Inside, an `N`-word value is `L = ⌈64N / 29⌉` limbs and the reduction
//! divides by `R' = 2^(29L)`, which is `R·2^s` with `s = 29L − 64N` (5 for
//! four words, 22 for six). One operand enters shifted left by `s` bits, so
//! the result is `(a·2^s·b + m·p) / R' = (a·b + m'·p) / R`: the same
//! congruence and the same bound as the 64-bit code (`< a·b/R + p`, rule 1
//! and 2 of the crate documentation). Shifted, an input below `R` fits the
//! `L` limbs.
//!
//! Accumulator bound: column `k` of a product receives at most `L` limb
//! products `a_i·b_j` and `L` products `m_i·p_j`, each below `2^58`, plus a
//! carry below `2^35`; for `L ≤ 14` (`N ≤ 6`) that is below `2^63`. Larger
//! `N` use the portable code.

use ark_ff::MontConfig;

use crate::{Backend, Portable, Wide, portable};

/// Limb width.
const BITS: u32 = 29;
/// The low `BITS` bits.
const MASK: u64 = (1 << BITS) - 1;
/// The most limbs of one operand (`N = 6`).
const MAX_L: usize = 14;

/// Montgomery products on 29-bit limbs in 64-bit accumulators (see the
/// module documentation). Any target; [`crate::dispatch`] picks it on
/// `wasm32`, where it is the fastest code (the property tests run it on
/// every target against ark-ff). `N > 6` uses [`Portable`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Narrow;

/// The limb count `L` for `N` words.
const fn limb_count(n: usize) -> usize {
    (64 * n).div_ceil(BITS as usize)
}

/// The modulus on 29-bit limbs and `−p⁻¹ mod 2^29`, from `C`.
trait NarrowParams<const N: usize>: MontConfig<N> {
    /// `−p⁻¹ mod 2^29`: the low bits of arkworks' `−p⁻¹ mod 2^64`.
    const MU: u64 = Self::INV & MASK;
}

impl<C: MontConfig<N>, const N: usize> NarrowParams<N> for C {}

/// Bits `[start, start + 29)` of the `N`-word value `x` (bits below 0 and at
/// or above `64N` read as zero).
#[inline(always)]
const fn bits_at<const N: usize>(x: &[u64; N], start: isize) -> u64 {
    if start < 0 {
        return (x[0] << (-start) as u32) & MASK;
    }
    let w = start as usize / 64;
    let o = (start as usize % 64) as u32;
    if w >= N {
        return 0;
    }
    let mut v = x[w] >> o;
    if o > 64 - BITS && w + 1 < N {
        v |= x[w + 1] << (64 - o);
    }
    v & MASK
}

/// `x·2^shift` on `L` limbs of 29 bits (the caller keeps it below
/// `2^(29L)`).
#[inline(always)]
const fn split<const N: usize, const L: usize>(x: &[u64; N], shift: usize) -> [u64; L] {
    let mut out = [0u64; L];
    let mut i = 0;
    while i < L {
        out[i] = bits_at(x, (BITS as usize * i) as isize - shift as isize);
        i += 1;
    }
    out
}

/// The `2N`-word value `t·2^shift` on `L2 = 2L` limbs of 29 bits.
#[inline(always)]
fn split_wide<const N: usize, const L2: usize>(t: &Wide<N>, shift: usize) -> [u64; L2] {
    let mut out = [0u64; L2];
    for i in 0..L2 {
        let start = (BITS as usize * i) as isize - shift as isize;
        out[i] = bits_from(&t.lo, start) | bits_from(&t.hi, start - 64 * N as isize);
    }
    out
}

/// [`bits_at`] on one half of a wide value (bits outside it read as zero).
#[inline(always)]
const fn bits_from<const N: usize>(x: &[u64; N], start: isize) -> u64 {
    if start <= -(BITS as isize) || start >= 64 * N as isize {
        0
    } else {
        bits_at(x, start)
    }
}

/// Carries the `L` limbs through (each becomes 29 bits) and packs them into
/// `N` words; the value must be below `2^(64N)`.
#[inline(always)]
fn join<const N: usize, const L: usize>(limbs: &[u64; L]) -> [u64; N] {
    let mut norm = [0u64; L];
    let mut carry = 0u64;
    for i in 0..L {
        let v = limbs[i] + carry;
        norm[i] = v & MASK;
        carry = v >> BITS;
    }
    let mut out = [0u64; N];
    for i in 0..L {
        let pos = BITS as usize * i;
        let (w, o) = (pos / 64, (pos % 64) as u32);
        if w < N {
            out[w] |= norm[i] << o;
        }
        if o > 64 - BITS && w + 1 < N {
            out[w + 1] |= norm[i] >> (64 - o);
        }
    }
    out
}

/// Runs `$body` with `$i` = 0, 1, … while `$i < $l` (at most 14 times),
/// written out: the steps of a product stay in registers.
macro_rules! unrolled {
    ($i:ident < $l:expr, $body:block) => {
        unrolled!(@ $i, $l, $body, 0 1 2 3 4 5 6 7 8 9 10 11 12 13)
    };
    (@ $i:ident, $l:expr, $body:block, $($k:literal)*) => {
        $(
            if $k < $l {
                let $i: usize = $k;
                $body
            }
        )*
    };
}

/// `a·b·R⁻¹ mod p`, below `a·b/R + p`: CIOS on `L = L(N)` limbs of 29 bits
/// (see the module documentation).
#[inline(never)]
fn mul<C: MontConfig<N>, const N: usize, const L: usize>(a: &[u64; N], b: &[u64; N]) -> [u64; N] {
    const { assert!(L <= MAX_L) };
    debug_assert_eq!(L, limb_count(N));
    let s = (BITS as usize * L).saturating_sub(64 * N);
    let p: [u64; L] = const { split(&C::MODULUS.0, 0) };
    let mu = <C as NarrowParams<N>>::MU;
    let x: [u64; L] = split(a, s);
    let y: [u64; L] = split(b, 0);
    let mut t = [0u64; L];
    unrolled!(i < L, {
        for j in 0..L {
            t[j] += x[i] * y[j];
        }
        let m = t[0].wrapping_mul(mu) & MASK;
        for j in 0..L {
            t[j] += m * p[j];
        }
        // t[0] is now a multiple of 2^29: drop it, keep its carry.
        let carry = t[0] >> BITS;
        for j in 0..L - 1 {
            t[j] = t[j + 1];
        }
        t[L - 1] = 0;
        t[0] += carry;
    });
    join::<N, L>(&t)
}

/// Montgomery reduction `T·R⁻¹`, below `T/R + p`: SOS on 29-bit limbs
/// (`T·2^s` on `L2 = 2L` limbs, `L` reduction steps).
#[inline(never)]
fn redc<C: MontConfig<N>, const N: usize, const L: usize, const L2: usize>(
    t: &Wide<N>,
) -> [u64; N] {
    const { assert!(L <= MAX_L && L2 == 2 * L) };
    debug_assert_eq!(L, limb_count(N));
    let s = (BITS as usize * L).saturating_sub(64 * N);
    let p: [u64; L] = const { split(&C::MODULUS.0, 0) };
    let mu = <C as NarrowParams<N>>::MU;
    let mut w: [u64; L2] = split_wide(t, s);
    unrolled!(i < L, {
        let m = w[i].wrapping_mul(mu) & MASK;
        for j in 0..L {
            w[i + j] += m * p[j];
        }
        // w[i] is now a multiple of 2^29: its carry moves up.
        w[i + 1] += w[i] >> BITS;
    });
    let mut high = [0u64; L];
    high.copy_from_slice(&w[L..]);
    join::<N, L>(&high)
}

/// `≡ (Σ a_k·b_k)·R⁻¹`, below `T/R + p`: the column sums of all `K`
/// products on `2L` limbs of 29 bits (one operand of each shifted by `s`),
/// carried through every `64/L − 1` products so that no column passes
/// `2^64` (module documentation), then the `L` reduction steps of [`redc`].
#[inline(never)]
fn dot_lazy<C: MontConfig<N>, const N: usize, const L: usize, const L2: usize, const K: usize>(
    a: &[[u64; N]; K],
    b: &[[u64; N]; K],
) -> [u64; N] {
    const { assert!(L <= MAX_L && L2 == 2 * L) };
    debug_assert_eq!(L, limb_count(N));
    let s = (BITS as usize * L).saturating_sub(64 * N);
    let per_carry = 64 / L - 1;
    let p: [u64; L] = const { split(&C::MODULUS.0, 0) };
    let mu = <C as NarrowParams<N>>::MU;
    let mut w = [0u64; L2];
    for k in 0..K {
        let x: [u64; L] = split(&a[k], s);
        let y: [u64; L] = split(&b[k], 0);
        unrolled!(i < L, {
            for j in 0..L {
                w[i + j] += x[i] * y[j];
            }
        });
        if (k + 1) % per_carry == 0 && k + 1 < K {
            let mut carry = 0;
            for limb in w[..L2 - 1].iter_mut() {
                let v = *limb + carry;
                *limb = v & MASK;
                carry = v >> BITS;
            }
            w[L2 - 1] += carry;
        }
    }
    unrolled!(i < L, {
        let m = w[i].wrapping_mul(mu) & MASK;
        for j in 0..L {
            w[i + j] += m * p[j];
        }
        w[i + 1] += w[i] >> BITS;
    });
    let mut high = [0u64; L];
    high.copy_from_slice(&w[L..]);
    join::<N, L>(&high)
}

impl<const N: usize> Backend<N> for Narrow {
    const NAME: &'static str = "narrow (29-bit limbs)";

    #[inline(always)]
    fn mul<C: MontConfig<N>>(self, a: &[u64; N], b: &[u64; N]) -> [u64; N] {
        match N {
            4 => mul::<C, N, 9>(a, b),
            6 => mul::<C, N, 14>(a, b),
            _ => Portable.mul::<C>(a, b),
        }
    }

    #[inline(always)]
    fn square<C: MontConfig<N>>(self, a: &[u64; N]) -> [u64; N] {
        match N {
            4 => mul::<C, N, 9>(a, a),
            6 => mul::<C, N, 14>(a, a),
            _ => Portable.square::<C>(a),
        }
    }

    #[inline(always)]
    fn redc<C: MontConfig<N>>(self, t: &Wide<N>) -> [u64; N] {
        match N {
            4 => redc::<C, N, 9, 18>(t),
            6 => redc::<C, N, 14, 28>(t),
            _ => portable::redc::<C, N>(t),
        }
    }

    #[inline(always)]
    fn dot_lazy<C: MontConfig<N>, const K: usize>(
        self,
        a: &[[u64; N]; K],
        b: &[[u64; N]; K],
    ) -> [u64; N] {
        match N {
            4 => dot_lazy::<C, N, 9, 18, K>(a, b),
            6 => dot_lazy::<C, N, 14, 28, K>(a, b),
            _ => {
                let mut acc = Wide::ZERO;
                for (x, y) in a.iter().zip(b) {
                    portable::mac_wide(&mut acc, x, y);
                }
                portable::redc::<C, N>(&acc)
            }
        }
    }
}
