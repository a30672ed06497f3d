//! The circulant 12×12 MDS matrix of Rp64_256, applied with shifts and
//! additions only.
//!
//! `out[i] = Σ_k MDS_ROW[k] · s[(i + k) mod 12]` is a cyclic convolution of
//! length 12 (with the row reversed). Each input is split into 32-bit halves
//! and each half goes through the same exact integer algorithm:
//!
//! 1. Good–Thomas index map `n = (4a + 9b) mod 12` turns the length-12 cyclic
//!    convolution into a 3×4 two-dimensional one (`a` mod 3, `b` mod 4).
//! 2. Along `b`, the residues mod `y - 1`, `y + 1` and `y² + 1` (CRT for
//!    `y⁴ - 1`) leave three length-3 cyclic convolutions: two over the
//!    integers and one over the Gaussian integers.
//! 3. The kernel's residues, divided by the factors the inverse CRT needs
//!    (4, 4 and 2), are `[16, 8, 16]`, `[-8, -1, 1]` and
//!    `[-1+2i, -1-i, -4-8i]`: small integers, mostly powers of two — this
//!    matrix was chosen (by Polygon Zero, for Winterfell) to have such a
//!    frequency-domain form.
//! 4. The inverse CRT is additions and subtractions only.
//!
//! Everything is exact in `i64` (a half is `< 2^32`, intermediate values
//! stay below `2^42` in magnitude), and each output is the true row sum
//! `< 160 · 2^32`. The halves are recombined as `lo + hi · 2^32 < 2^73` and
//! reduced once.

use crate::field::raw;

/// Length-3 cyclic convolution of `x` with the kernel `k` (`k[d]` multiplies
/// `x[a - d]` into output `a`).
#[inline(always)]
fn conv3(k: [i64; 3], x: [i64; 3]) -> [i64; 3] {
    [
        k[0] * x[0] + k[2] * x[1] + k[1] * x[2],
        k[1] * x[0] + k[0] * x[1] + k[2] * x[2],
        k[2] * x[0] + k[1] * x[1] + k[0] * x[2],
    ]
}

/// `(a + bi)(c + di)`.
#[inline(always)]
fn cmul(k: (i64, i64), w: (i64, i64)) -> (i64, i64) {
    (k.0 * w.0 - k.1 * w.1, k.0 * w.1 + k.1 * w.0)
}

#[inline(always)]
fn cadd3(a: (i64, i64), b: (i64, i64), c: (i64, i64)) -> (i64, i64) {
    (a.0 + b.0 + c.0, a.1 + b.1 + c.1)
}

/// Length-3 cyclic convolution over the Gaussian integers.
#[inline(always)]
fn conv3_complex(k: [(i64, i64); 3], w: [(i64, i64); 3]) -> [(i64, i64); 3] {
    [
        cadd3(cmul(k[0], w[0]), cmul(k[2], w[1]), cmul(k[1], w[2])),
        cadd3(cmul(k[1], w[0]), cmul(k[0], w[1]), cmul(k[2], w[2])),
        cadd3(cmul(k[2], w[0]), cmul(k[1], w[1]), cmul(k[0], w[2])),
    ]
}

const K_ONE: [i64; 3] = [16, 8, 16];
const K_MINUS_ONE: [i64; 3] = [-8, -1, 1];
const K_I: [(i64, i64); 3] = [(-1, 2), (-1, -1), (-4, -8)];

/// Good–Thomas groups: `GROUPS[a][b] = (4a + 9b) mod 12`.
const GROUPS: [[usize; 4]; 3] = [[0, 9, 6, 3], [4, 1, 10, 7], [8, 5, 2, 11]];

/// The matrix times a vector of values `< 2^32` (exact integers).
#[inline(always)]
pub(crate) fn mds_half(s: &[i64; 12]) -> [i64; 12] {
    let mut sum = [0i64; 3];
    let mut alt = [0i64; 3];
    let mut gauss = [(0i64, 0i64); 3];
    for a in 0..3 {
        let [n0, n1, n2, n3] = GROUPS[a];
        let (e0, e1) = (s[n0] + s[n2], s[n1] + s[n3]);
        sum[a] = e0 + e1;
        alt[a] = e0 - e1;
        gauss[a] = (s[n0] - s[n2], s[n1] - s[n3]);
    }
    let u = conv3(K_ONE, sum);
    let v = conv3(K_MINUS_ONE, alt);
    let z = conv3_complex(K_I, gauss);
    let mut out = [0i64; 12];
    for a in 0..3 {
        let [n0, n1, n2, n3] = GROUPS[a];
        let (p, m) = (u[a] + v[a], u[a] - v[a]);
        out[n0] = p + z[a].0;
        out[n2] = p - z[a].0;
        out[n1] = m + z[a].1;
        out[n3] = m - z[a].1;
    }
    out
}

/// `state ← MDS · state` for a raw (possibly non-canonical) state; the
/// result is raw too.
#[inline(always)]
pub(crate) fn mds_multiply(state: &mut [u64; 12]) {
    let lo = state.map(|x| (x & 0xffff_ffff) as i64);
    let hi = state.map(|x| (x >> 32) as i64);
    let lo = mds_half(&lo);
    let hi = mds_half(&hi);
    for i in 0..12 {
        // Both are true row sums: non-negative and below 2^40.
        let wide = (lo[i] as u128) + ((hi[i] as u128) << 32);
        state[i] = raw::reduce_small(wide as u64, (wide >> 64) as u64);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::constants::MDS_ROW;

    /// The matrix by definition, row by row.
    fn direct(s: &[i64; 12]) -> [i64; 12] {
        core::array::from_fn(|i| (0..12).map(|k| MDS_ROW[k] as i64 * s[(i + k) % 12]).sum())
    }

    #[test]
    fn fast_equals_definition() {
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        for t in 0..2000 {
            let s: [i64; 12] = core::array::from_fn(|i| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                match t {
                    0 => 0,
                    1 => 0xffff_ffff,
                    2 => (i as i64 & 1) * 0xffff_ffff,
                    _ => (x >> 32) as i64,
                }
            });
            assert_eq!(mds_half(&s), direct(&s));
        }
    }
}
