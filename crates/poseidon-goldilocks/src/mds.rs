//! Plonky2's 12×12 MDS matrix `circ(MDS_MATRIX_CIRC) + diag(8, 0, …, 0)`,
//! applied with integer arithmetic only.
//!
//! The circulant part is a cyclic convolution of length 12. Each input is
//! split into 32-bit halves; each half goes through a 3 × 4 decomposition:
//! a real 4-point FFT on the groups `(i, i + 3, i + 6, i + 9)`, a product
//! by the kernel's spectrum in each of the three frequency blocks (one real
//! block of length 3, one complex block of length 3, one real block of
//! length 3 for the negacyclic part), and the inverse 4-point FFT. The
//! kernel's spectrum, already divided by the inverse transform's factor of
//! 12, is `[16, 32, 16]`, `[(2, −1), (−4, 1), (16, 1)]` and `[−1, −8, 2]`
//! (plonky2 publishes these numbers for this matrix; the decomposition is
//! the one Winterfell uses for its own MDS). Everything is exact in `i64`:
//! the halves are below `2^32`, every row sum below `2^41`.
//!
//! The outputs are the true row sums of each half; the diagonal term
//! `8·x_0` joins row 0's sums, and `lo + hi · 2^32` is reduced once.
//! Written once over `GoldilocksLanes`' integer view: one state (`u64`), or
//! one state per lane of a packed register.

use algebraic_hash_rescue::lanes::GoldilocksLanes;

use crate::constants::MDS_MATRIX_DIAG;

/// Frequency block of the cyclic part (`y = 1` and `y = −1` together).
const FREQ_ONE: [i64; 3] = [16, 32, 16];
/// Frequency block at `y = i` (complex, as (real, imaginary) pairs).
const FREQ_TWO: [(i64, i64); 3] = [(2, -1), (-4, 1), (16, 1)];
/// Frequency block of the negacyclic part.
const FREQ_THREE: [i64; 3] = [-1, -8, 2];

/// Signed integers in lanes (two's complement in `u64` lanes of
/// [`GoldilocksLanes`]' integer view; every true value here stays far
/// inside `i64`, so wrapping arithmetic is exact).
#[derive(Clone, Copy)]
struct Int<L>(L);

impl<L: GoldilocksLanes> Int<L> {
    #[inline(always)]
    fn add(self, rhs: Self) -> Self {
        Self(self.0.wrapping_add(rhs.0))
    }
    #[inline(always)]
    fn sub(self, rhs: Self) -> Self {
        Self(self.0.wrapping_sub(rhs.0))
    }
    #[inline(always)]
    fn neg(self) -> Self {
        Self(L::splat(0).wrapping_sub(self.0))
    }
    /// `self · k` for a small constant `k`.
    #[inline(always)]
    fn times(self, k: i64) -> Self {
        Self(self.0.wrapping_mul(L::splat(k as u64)))
    }
}

/// A real 4-point spectrum `(X_0, X_1, X_2)`, `X_1` complex.
type Spectrum<L> = (Int<L>, Complex<L>, Int<L>);

/// The real 4-point transform of `x`: `(X_0, X_1, X_2)` with `X_1`
/// complex; `X_3` is `X_1`'s conjugate.
#[inline(always)]
fn fft4<L: GoldilocksLanes>(x: [Int<L>; 4]) -> Spectrum<L> {
    let (z0, z2) = (x[0].add(x[2]), x[0].sub(x[2]));
    let (z1, z3) = (x[1].add(x[3]), x[1].sub(x[3]));
    (z0.add(z1), (z2, z3.neg()), z0.sub(z1))
}

/// The inverse of [`fft4`], without its factor `1/4` (in the spectrum).
#[inline(always)]
fn ifft4<L: GoldilocksLanes>(y: Spectrum<L>) -> [Int<L>; 4] {
    let (z0, z1) = (y.0.add(y.2), y.0.sub(y.2));
    let (z2, z3) = (y.1.0, y.1.1.neg());
    [z0.add(z2), z1.add(z3), z0.sub(z2), z1.sub(z3)]
}

/// Cyclic convolution of length 3 with `k`.
#[inline(always)]
fn block_one<L: GoldilocksLanes>(x: [Int<L>; 3], k: [i64; 3]) -> [Int<L>; 3] {
    [
        x[0].times(k[0]).add(x[1].times(k[2])).add(x[2].times(k[1])),
        x[0].times(k[1]).add(x[1].times(k[0])).add(x[2].times(k[2])),
        x[0].times(k[2]).add(x[1].times(k[1])).add(x[2].times(k[0])),
    ]
}

type Complex<L> = (Int<L>, Int<L>);

/// Complex product with a constant.
#[inline(always)]
fn cmul<L: GoldilocksLanes>((ar, ai): Complex<L>, (br, bi): (i64, i64)) -> Complex<L> {
    (
        ar.times(br).sub(ai.times(bi)),
        ar.times(bi).add(ai.times(br)),
    )
}

#[inline(always)]
fn cadd<L: GoldilocksLanes>(a: Complex<L>, b: Complex<L>) -> Complex<L> {
    (a.0.add(b.0), a.1.add(b.1))
}

/// `−i · z`.
#[inline(always)]
fn times_minus_i<L: GoldilocksLanes>((r, im): Complex<L>) -> Complex<L> {
    (im, r.neg())
}

/// Convolution of length 3 over the Gaussian integers where a wrap-around
/// is a factor `−i`: `z_0 = x_0 k_0 − i(x_1 k_2 + x_2 k_1)`,
/// `z_1 = x_0 k_1 + x_1 k_0 − i x_2 k_2`, `z_2 = x_0 k_2 + x_1 k_1 + x_2 k_0`.
#[inline(always)]
fn block_two<L: GoldilocksLanes>(x: [Complex<L>; 3], k: [(i64, i64); 3]) -> [Complex<L>; 3] {
    [
        cadd(
            cmul(x[0], k[0]),
            times_minus_i(cadd(cmul(x[1], k[2]), cmul(x[2], k[1]))),
        ),
        cadd(
            cadd(cmul(x[0], k[1]), cmul(x[1], k[0])),
            times_minus_i(cmul(x[2], k[2])),
        ),
        cadd(cadd(cmul(x[0], k[2]), cmul(x[1], k[1])), cmul(x[2], k[0])),
    ]
}

/// Negacyclic convolution of length 3 with `k`.
#[inline(always)]
fn block_three<L: GoldilocksLanes>(x: [Int<L>; 3], k: [i64; 3]) -> [Int<L>; 3] {
    [
        x[0].times(k[0]).sub(x[1].times(k[2])).sub(x[2].times(k[1])),
        x[0].times(k[1]).add(x[1].times(k[0])).sub(x[2].times(k[2])),
        x[0].times(k[2]).add(x[1].times(k[1])).add(x[2].times(k[0])),
    ]
}

/// The circulant part times a vector of values `< 2^32`: the exact row
/// sums, on each lane.
#[inline(always)]
fn circulant_half<L: GoldilocksLanes>(s: [L; 12]) -> [L; 12] {
    // (No closures or `array::map` here: everything must inline into the
    // packed backends' `#[target_feature]` functions.)
    let x = s;
    let mut s = [Int(x[0]); 12];
    for i in 1..12 {
        s[i] = Int(x[i]);
    }
    let (u0, u1, u2) = fft4([s[0], s[3], s[6], s[9]]);
    let (u4, u5, u6) = fft4([s[1], s[4], s[7], s[10]]);
    let (u8, u9, u10) = fft4([s[2], s[5], s[8], s[11]]);
    let [v0, v4, v8] = block_one([u0, u4, u8], FREQ_ONE);
    let [v1, v5, v9] = block_two([u1, u5, u9], FREQ_TWO);
    let [v2, v6, v10] = block_three([u2, u6, u10], FREQ_THREE);
    let [r0, r3, r6, r9] = ifft4((v0, v1, v2));
    let [r1, r4, r7, r10] = ifft4((v4, v5, v6));
    let [r2, r5, r8, r11] = ifft4((v8, v9, v10));
    let r = [r0, r1, r2, r3, r4, r5, r6, r7, r8, r9, r10, r11];
    let mut out = x;
    for i in 0..12 {
        out[i] = r[i].0;
    }
    out
}

/// `state ← MDS · state` on raw (possibly non-canonical) values, on each
/// lane; raw out.
#[inline(always)]
pub(crate) fn mds_layer<L: GoldilocksLanes>(state: &mut [L; 12]) {
    let (mut lo, mut hi) = (*state, *state);
    for i in 0..12 {
        lo[i] = state[i].low32();
        hi[i] = state[i].shr::<32>();
    }
    let (lo_sums, hi_sums) = (circulant_half(lo), circulant_half(hi));
    for i in 0..12 {
        // Row sums: below 2^41 with the diagonal term (Σ row = 256, + 8 on
        // row 0).
        let (mut lo_i, mut hi_i) = (lo_sums[i], hi_sums[i]);
        if MDS_MATRIX_DIAG[i] != 0 {
            let d = L::splat(MDS_MATRIX_DIAG[i]);
            lo_i = lo_i.wrapping_add(lo[i].wrapping_mul(d));
            hi_i = hi_i.wrapping_add(hi[i].wrapping_mul(d));
        }
        state[i] = L::combine(lo_i, hi_i);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::constants::MDS_MATRIX_CIRC;

    /// The circulant part by its definition, row by row (plonky2's
    /// `mds_row_shf`: row `r` is `Σ_i CIRC[i] · x[(i + r) mod 12]`).
    fn direct(s: &[i64; 12]) -> [i64; 12] {
        core::array::from_fn(|r| {
            (0..12)
                .map(|i| MDS_MATRIX_CIRC[i] as i64 * s[(i + r) % 12])
                .sum()
        })
    }

    #[test]
    fn fast_equals_definition() {
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        for t in 0..5000 {
            let s: [i64; 12] = core::array::from_fn(|i| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                match t {
                    0 => 0,
                    1 => 0xffff_ffff,
                    2 => (i as i64 & 1) * 0xffff_ffff,
                    3 => (i == 0) as i64,
                    _ => (x >> 32) as i64,
                }
            });
            let fast = circulant_half(s.map(|x| x as u64)).map(|x| x as i64);
            assert_eq!(fast, direct(&s), "{s:?}");
        }
    }
}
