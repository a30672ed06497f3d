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
//! Inside, an `N`-word value is `L = ⌈64N / 29⌉` limbs. A product (or a
//! wide value, or a dot product) is first summed into `2L` columns; the
//! reduction then divides by exactly `R`: `64N = 29F + r` (`F = 8, r = 24`
//! for four words; `F = 13, r = 7` for six), so `F` steps clear one 29-bit
//! limb each and a last step clears `r` bits. The result is read from bit
//! `r` of limb `F` on: the same congruence and the same bound as the
//! 64-bit code (`< T/R + p` for a sum `T` of products; rules 1 and 2 of the
//! crate documentation). Squares take the `L(L+1)/2` distinct limb products
//! only (45 instead of 81 for four words).
//!
//! Accumulator bound: a column receives at most `L` limb products of the
//! operands (a dot product carries its columns through every `64/L − 1`
//! terms), at most `L` products `m_i·p_j` of the reduction, each below
//! `2^58` (doubled cross products of a square count twice), and a carry
//! below `2^35`; for `L ≤ 14` (`N ≤ 6`) that stays below `2^64`. Larger
//! `N` use the portable code.

use ark_ff::MontConfig;

use crate::{Backend, Portable};

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

/// Runs `$body` with `$i` = 0, 1, … while `$i < $l` (at most 16 times),
/// written out: the steps of a product stay in registers, whatever the
/// optimization level. Every loop of a product is written so, since LLVM
/// unrolls none at `opt-level = "z"`, the level of the wasm module of
/// Anemoi (its 80 instances): with the inner loops left rolled, its products
/// took three times as long there as at level 3.
macro_rules! unrolled {
    ($i:ident < $l:expr, $body:block) => {
        unrolled!(@ $i, $l, $body, 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15)
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

/// Bits `[start, start + 29)` of the `N`-word value `x` (bits at or above
/// `64N` read as zero).
#[inline(always)]
const fn bits_at<const N: usize>(x: &[u64; N], start: usize) -> u64 {
    let w = start / 64;
    let o = (start % 64) as u32;
    if w >= N {
        return 0;
    }
    let mut v = x[w] >> o;
    if o > 64 - BITS && w + 1 < N {
        v |= x[w + 1] << (64 - o);
    }
    v & MASK
}

/// `x` on `L` limbs of 29 bits (`29L ≥ 64N`).
#[inline(always)]
const fn split<const N: usize, const L: usize>(x: &[u64; N]) -> [u64; L] {
    let mut out = [0u64; L];
    unrolled!(i < L, {
        out[i] = bits_at(x, BITS as usize * i);
    });
    out
}

/// Montgomery reduction of the column sums `w` of `T` (each below the
/// accumulator bound of the module documentation): `≡ T·R⁻¹`, below
/// `T/R + p`, as `N` words. `F` steps of 29 bits and one of `r` bits divide
/// by exactly `R`; the rest is carried through and read from bit `r` of
/// limb `F` on.
#[inline(always)]
fn reduce_columns<C: MontConfig<N>, const N: usize, const L: usize, const L2: usize>(
    mut w: [u64; L2],
) -> [u64; N] {
    let full = 64 * N / BITS as usize;
    let rest = (64 * N - BITS as usize * full) as u32;
    // The carry pass below is unrolled 16 times at most (checked where
    // `L` fits `N`: the backend's dead branches instantiate other pairs).
    const { assert!(L != limb_count(N) || L2 - 64 * N / BITS as usize <= 16) };
    let p: [u64; L] = const { split(&C::MODULUS.0) };
    // −p⁻¹ mod 2^29: the low bits of arkworks' −p⁻¹ mod 2^64.
    let mu = C::INV & MASK;
    unrolled!(i < full, {
        let m = w[i].wrapping_mul(mu) & MASK;
        unrolled!(j < L, {
            w[i + j] += m * p[j];
        });
        // w[i] is now a multiple of 2^29: its carry moves up.
        w[i + 1] += w[i] >> BITS;
    });
    if rest > 0 {
        // The low `rest` bits of limb F (−p⁻¹ mod 2^rest is mu's low bits).
        let m = w[full].wrapping_mul(mu) & ((1 << rest) - 1);
        unrolled!(j < L, {
            w[full + j] += m * p[j];
        });
    }
    // Carry limbs F.. through, then read bits [29F + r, 29F + r + 64N).
    let mut out = [0u64; N];
    unrolled!(t < L2 - full, {
        let k = full + t;
        let limb = if k + 1 < L2 {
            w[k + 1] += w[k] >> BITS;
            w[k] & MASK
        } else {
            w[k]
        };
        let pos = (BITS as usize * (k - full)) as isize - rest as isize;
        if pos < 0 {
            out[0] |= limb >> (-pos) as u32;
        } else {
            let (word, o) = (pos as usize / 64, (pos % 64) as u32);
            if word < N {
                out[word] |= limb << o;
            }
            if o > 64 - BITS && word + 1 < N {
                out[word + 1] |= limb >> (64 - o);
            }
        }
    });
    out
}

/// `w += x·y` in columns: `w[i + j] += x_i·y_j`, the `L²` limb products.
#[inline(always)]
fn add_product<const L: usize, const L2: usize>(w: &mut [u64; L2], x: &[u64; L], y: &[u64; L]) {
    unrolled!(i < L, {
        unrolled!(j < L, {
            w[i + j] += x[i] * y[j];
        });
    });
}

/// `a·b·R⁻¹ mod p`, below `a·b/R + p`: the `L²` limb products in columns,
/// then [`reduce_columns`].
#[inline(never)]
fn mul<C: MontConfig<N>, const N: usize, const L: usize, const L2: usize>(
    a: &[u64; N],
    b: &[u64; N],
) -> [u64; N] {
    const { assert!(L <= MAX_L && L2 == 2 * L) };
    debug_assert_eq!(L, limb_count(N));
    let x: [u64; L] = split(a);
    let y: [u64; L] = split(b);
    let mut w = [0u64; L2];
    add_product(&mut w, &x, &y);
    reduce_columns::<C, N, L, L2>(w)
}

/// `a²·R⁻¹ mod p`, below `a²/R + p`: the `L(L+1)/2` distinct limb
/// products (cross products taken with one factor doubled), then
/// [`reduce_columns`].
#[inline(never)]
fn square<C: MontConfig<N>, const N: usize, const L: usize, const L2: usize>(
    a: &[u64; N],
) -> [u64; N] {
    const { assert!(L <= MAX_L && L2 == 2 * L) };
    debug_assert_eq!(L, limb_count(N));
    let x: [u64; L] = split(a);
    let mut w = [0u64; L2];
    unrolled!(i < L, {
        w[2 * i] += x[i] * x[i];
        let twice = 2 * x[i];
        unrolled!(j < L, {
            if j > i {
                w[i + j] += twice * x[j];
            }
        });
    });
    reduce_columns::<C, N, L, L2>(w)
}

/// `≡ (Σ a_k·b_k)·R⁻¹`, below `T/R + p`: the column sums of all `K`
/// products on `2L` limbs, carried through every `64/L − 1` products so
/// that no column passes `2^64` (module documentation), then
/// [`reduce_columns`].
#[inline(never)]
fn dot_lazy<C: MontConfig<N>, const N: usize, const L: usize, const L2: usize, const K: usize>(
    a: &[[u64; N]; K],
    b: &[[u64; N]; K],
) -> [u64; N] {
    const { assert!(L <= MAX_L && L2 == 2 * L) };
    debug_assert_eq!(L, limb_count(N));
    let per_carry = 64 / L - 1;
    let mut w = [0u64; L2];
    for k in 0..K {
        let x: [u64; L] = split(&a[k]);
        let y: [u64; L] = split(&b[k]);
        add_product(&mut w, &x, &y);
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
    reduce_columns::<C, N, L, L2>(w)
}

impl<const N: usize> Backend<N> for Narrow {
    const NAME: &'static str = "narrow (29-bit limbs)";

    #[inline(always)]
    fn mul<C: MontConfig<N>>(self, a: &[u64; N], b: &[u64; N]) -> [u64; N] {
        match N {
            4 => mul::<C, N, 9, 18>(a, b),
            6 => mul::<C, N, 14, 28>(a, b),
            _ => Portable.mul::<C>(a, b),
        }
    }

    #[inline(always)]
    fn square<C: MontConfig<N>>(self, a: &[u64; N]) -> [u64; N] {
        match N {
            4 => square::<C, N, 9, 18>(a),
            6 => square::<C, N, 14, 28>(a),
            _ => Portable.square::<C>(a),
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
            _ => Portable.dot_lazy::<C, K>(a, b),
        }
    }
}
