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

/// Integer lanes the MDS runs on: one `i64` in the scalar code, several in
/// a SIMD register in `crate::arch`. Arithmetic wraps (two's complement); the
/// algorithm keeps every true value far inside `i64`.
pub(crate) trait HalfLane: Copy {
    /// `self + rhs`.
    fn add(self, rhs: Self) -> Self;
    /// `self - rhs`.
    fn sub(self, rhs: Self) -> Self;
    /// `self · 2^S`.
    fn shl<const S: i32>(self) -> Self;
}

impl HalfLane for i64 {
    #[inline(always)]
    fn add(self, rhs: Self) -> Self {
        self.wrapping_add(rhs)
    }
    #[inline(always)]
    fn sub(self, rhs: Self) -> Self {
        self.wrapping_sub(rhs)
    }
    #[inline(always)]
    fn shl<const S: i32>(self) -> Self {
        self << S
    }
}

/// The lane-wise MDS of the SIMD backends (unused where no SIMD backend is
/// compiled).
#[cfg_attr(
    any(
        algebraic_hash_force_scalar,
        not(any(
            target_arch = "x86_64",
            all(target_arch = "aarch64", target_feature = "neon")
        ))
    ),
    allow(dead_code)
)]
mod lanes {
    use super::{HalfLane, mds_half};

    /// SIMD lanes of Goldilocks residues that can be cut into 32-bit halves
    /// (each half then a [`HalfLane`] value) and put back together: what the
    /// lane-wise MDS of the SIMD backends needs.
    pub(crate) trait SplitLane: HalfLane {
        /// The low and high 32-bit halves of each lane.
        fn split(self) -> (Self, Self);
        /// `lo + hi · 2^32 mod p` (raw) for row sums `lo, hi < 2^40` of the
        /// halves.
        fn combine(lo: Self, hi: Self) -> Self;
    }

    /// `state ← MDS · state` with cell `i` of every lane in `state[i]` (several
    /// states side by side, no shuffles); raw in, raw out.
    #[inline(always)]
    pub(crate) fn mds_lanes<L: SplitLane>(state: &mut [L; 12]) {
        let mut lo = *state;
        let mut hi = *state;
        for i in 0..12 {
            (lo[i], hi[i]) = state[i].split();
        }
        let lo = mds_half(&lo);
        let hi = mds_half(&hi);
        for i in 0..12 {
            state[i] = L::combine(lo[i], hi[i]);
        }
    }
}
// Unused, as the module, where no SIMD backend is compiled.
#[allow(unused_imports)]
pub(crate) use lanes::{SplitLane, mds_lanes};

/// Two kinds of lanes side by side.
impl<A: HalfLane, B: HalfLane> HalfLane for (A, B) {
    #[inline(always)]
    fn add(self, rhs: Self) -> Self {
        (self.0.add(rhs.0), self.1.add(rhs.1))
    }
    #[inline(always)]
    fn sub(self, rhs: Self) -> Self {
        (self.0.sub(rhs.0), self.1.sub(rhs.1))
    }
    #[inline(always)]
    fn shl<const S: i32>(self) -> Self {
        (self.0.shl::<S>(), self.1.shl::<S>())
    }
}

/// Good–Thomas groups: `GROUPS[a][b] = (4a + 9b) mod 12`.
const GROUPS: [[usize; 4]; 3] = [[0, 9, 6, 3], [4, 1, 10, 7], [8, 5, 2, 11]];

/// Kernel `[16, 8, 16]`: `u_a = 16 x_a + 8 x_{a-1} + 16 x_{a-2}` (indices mod 3).
#[inline(always)]
fn conv_one<H: HalfLane>(x: [H; 3]) -> [H; 3] {
    #[inline(always)]
    fn f<H: HalfLane>(a: H, b: H, c: H) -> H {
        a.add(c).shl::<1>().add(b).shl::<3>()
    }
    [
        f(x[0], x[2], x[1]),
        f(x[1], x[0], x[2]),
        f(x[2], x[1], x[0]),
    ]
}

/// Kernel `[-8, -1, 1]`: `v_a = -8 x_a - x_{a-1} + x_{a-2}`.
#[inline(always)]
fn conv_minus_one<H: HalfLane>(x: [H; 3]) -> [H; 3] {
    #[inline(always)]
    fn f<H: HalfLane>(a: H, b: H, c: H) -> H {
        c.sub(b).sub(a.shl::<3>())
    }
    [
        f(x[0], x[2], x[1]),
        f(x[1], x[0], x[2]),
        f(x[2], x[1], x[0]),
    ]
}

/// Kernel `[-1+2i, -1-i, -4-8i]` over the Gaussian integers:
/// `z_a = (-1+2i) w_a + (-1-i) w_{a-1} + (-4-8i) w_{a-2}`.
#[inline(always)]
fn conv_i<H: HalfLane>(re: [H; 3], im: [H; 3]) -> ([H; 3], [H; 3]) {
    #[inline(always)]
    fn f<H: HalfLane>((ar, ai): (H, H), (br, bi): (H, H), (cr, ci): (H, H)) -> (H, H) {
        // (-1+2i)(ar+ai i) = (-ar - 2ai) + (2ar - ai) i
        // (-1-i)(br+bi i)  = (bi - br) + (-br - bi) i
        // (-4-8i)(cr+ci i) = (8ci - 4cr) + (-8cr - 4ci) i
        let re = bi
            .sub(br)
            .sub(ar)
            .sub(ai.shl::<1>())
            .add(ci.shl::<1>().sub(cr).shl::<2>());
        let im = ar
            .shl::<1>()
            .sub(ai)
            .sub(br)
            .sub(bi)
            .sub(cr.shl::<1>().add(ci).shl::<2>());
        (re, im)
    }
    let w = [(re[0], im[0]), (re[1], im[1]), (re[2], im[2])];
    let (z0, z1, z2) = (
        f(w[0], w[2], w[1]),
        f(w[1], w[0], w[2]),
        f(w[2], w[1], w[0]),
    );
    ([z0.0, z1.0, z2.0], [z0.1, z1.1, z2.1])
}

/// The matrix times a vector of non-negative values `< 2^32` (exact; the
/// outputs are the true row sums, `< 2^40`).
#[inline(always)]
pub(crate) fn mds_half<H: HalfLane>(s: &[H; 12]) -> [H; 12] {
    let mut sum = [s[0]; 3];
    let mut alt = [s[0]; 3];
    let mut re = [s[0]; 3];
    let mut im = [s[0]; 3];
    for a in 0..3 {
        let [n0, n1, n2, n3] = GROUPS[a];
        let (e0, e1) = (s[n0].add(s[n2]), s[n1].add(s[n3]));
        sum[a] = e0.add(e1);
        alt[a] = e0.sub(e1);
        re[a] = s[n0].sub(s[n2]);
        im[a] = s[n1].sub(s[n3]);
    }
    let u = conv_one(sum);
    let v = conv_minus_one(alt);
    let (zr, zi) = conv_i(re, im);
    let mut out = *s;
    for a in 0..3 {
        let [n0, n1, n2, n3] = GROUPS[a];
        let (p, m) = (u[a].add(v[a]), u[a].sub(v[a]));
        out[n0] = p.add(zr[a]);
        out[n2] = p.sub(zr[a]);
        out[n1] = m.add(zi[a]);
        out[n3] = m.sub(zi[a]);
    }
    out
}

/// `state ← MDS · state` for a raw (possibly non-canonical) state; the
/// result is raw too.
#[inline(always)]
pub(crate) fn mds_multiply(state: &mut [u64; 12]) {
    let mut lo = [0i64; 12];
    let mut hi = [0i64; 12];
    for i in 0..12 {
        lo[i] = (state[i] & 0xffff_ffff) as i64;
        hi[i] = (state[i] >> 32) as i64;
    }
    let lo = mds_half(&lo);
    let hi = mds_half(&hi);
    for i in 0..12 {
        state[i] = combine_halves(lo[i], hi[i]);
    }
}

/// `lo + hi · 2^32 mod p` (raw) for the two halves' row sums (both true
/// sums: non-negative and below 2^40).
#[inline(always)]
pub(crate) fn combine_halves(lo: i64, hi: i64) -> u64 {
    let wide = (lo as u128) + ((hi as u128) << 32);
    raw::reduce_small(wide as u64, (wide >> 64) as u64)
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
