//! The circulant MDS layer: `16 · (M·v)` for `v` of 32-bit limbs, computed
//! as a cyclic convolution by splitting `x^16 - 1` into `x^8 ∓ 1`, then
//! `x^4 ∓ 1`, then `x^2 ∓ 1` (the classic recursive split the Tip5 paper
//! describes). Each cyclic half recurses; each negacyclic half is a
//! Karatsuba product (sizes 8, 4, 2: 27, 9 and 3 multiplications instead of
//! 64, 16 and 4) whose constant side is precomputed from the first column
//! by `const fn`s. The halvings
//! leave a factor 2 per level, 16 in all, which the caller removes with a
//! shift once the exact (< 2^56) result is known.
//!
//! All arithmetic wraps in `u64`, i.e. is exact modulo 2^64: there are only
//! additions, subtractions and multiplications, and the exact result is an
//! integer below 2^56, so it comes out exactly whatever the intermediates.
//! Written over `GoldilocksLanes`' integer view: one state (`u64`), or one
//! state per lane of a packed register.

use algebraic_hash_rescue::lanes::GoldilocksLanes;

use crate::STATE_SIZE;
use crate::constants::MDS_MATRIX_FIRST_COLUMN as C;

/// `c mod (x^(n/2) - 1)` and `c mod (x^(n/2) + 1)` of a column of length
/// `2H`, as signed integers.
const fn split<const H: usize>(c: &[i64]) -> ([i64; H], [i64; H]) {
    let mut sum = [0i64; H];
    let mut diff = [0i64; H];
    let mut k = 0;
    while k < H {
        sum[k] = c[k] + c[k + H];
        diff[k] = c[k] - c[k + H];
        k += 1;
    }
    (sum, diff)
}

/// `c · scale` as wrapping `u64`s.
const fn scaled<const N: usize>(c: [i64; N], scale: i64) -> [u64; N] {
    let mut out = [0u64; N];
    let mut i = 0;
    while i < N {
        out[i] = (c[i] * scale) as u64;
        i += 1;
    }
    out
}

/// `[c0, c1, c0 + c1]`: the constant side of a 2 × 2 Karatsuba product.
const fn karatsuba2(c: [u64; 2]) -> [u64; 3] {
    [c[0], c[1], c[0].wrapping_add(c[1])]
}

/// The low half, the high half and their sum, of a column of length `2H`.
const fn karatsuba_halves<const N: usize, const H: usize>(c: [u64; N]) -> [[u64; H]; 3] {
    let mut out = [[0u64; H]; 3];
    let mut k = 0;
    while k < H {
        out[0][k] = c[k];
        out[1][k] = c[k + H];
        out[2][k] = c[k].wrapping_add(c[k + H]);
        k += 1;
    }
    out
}

const fn karatsuba4(c: [u64; 4]) -> [[u64; 3]; 3] {
    let h = karatsuba_halves::<4, 2>(c);
    [karatsuba2(h[0]), karatsuba2(h[1]), karatsuba2(h[2])]
}

const fn karatsuba8(c: [u64; 8]) -> [[[u64; 3]; 3]; 3] {
    let h = karatsuba_halves::<8, 4>(c);
    [karatsuba4(h[0]), karatsuba4(h[1]), karatsuba4(h[2])]
}

const fn column() -> [i64; STATE_SIZE] {
    let mut c = [0i64; STATE_SIZE];
    let mut i = 0;
    while i < STATE_SIZE {
        c[i] = C[i] as i64;
        i += 1;
    }
    c
}

const C16: [i64; 16] = column();
const S8: ([i64; 8], [i64; 8]) = split::<8>(&C16);
const S4: ([i64; 4], [i64; 4]) = split::<4>(&S8.0);
const S2: ([i64; 2], [i64; 2]) = split::<2>(&S4.0);
/// Negacyclic parts (Karatsuba constant trees), each scaled to the factor
/// its level's cyclic part has.
const NEG8: [[[u64; 3]; 3]; 3] = karatsuba8(scaled(S8.1, 8));
const NEG4: [[u64; 3]; 3] = karatsuba4(scaled(S4.1, 4));
const NEG2: [u64; 3] = karatsuba2(scaled(S2.1, 2));
/// The last cyclic level, `x^2 - 1`: `(c0 + c1)` and `(c0 - c1)`.
const CYC2: [u64; 2] = [(S2.0[0] + S2.0[1]) as u64, (S2.0[0] - S2.0[1]) as u64];

/// The product of two linear polynomials (`d`, and the constant whose
/// tree is `k`), three multiplications.
#[inline(always)]
fn product2<L: GoldilocksLanes>(d: [L; 2], k: &[u64; 3]) -> [L; 3] {
    let z0 = d[0].wrapping_mul(L::splat(k[0]));
    let z2 = d[1].wrapping_mul(L::splat(k[1]));
    let z1 = d[0]
        .wrapping_add(d[1])
        .wrapping_mul(L::splat(k[2]))
        .wrapping_sub(z0)
        .wrapping_sub(z2);
    [z0, z1, z2]
}

/// The product of two cubic polynomials, nine multiplications.
#[inline(always)]
fn product4<L: GoldilocksLanes>(d: [L; 4], k: &[[u64; 3]; 3]) -> [L; 7] {
    let (a, b) = ([d[0], d[1]], [d[2], d[3]]);
    let z0 = product2(a, &k[0]);
    let z2 = product2(b, &k[1]);
    let s = product2([a[0].wrapping_add(b[0]), a[1].wrapping_add(b[1])], &k[2]);
    let mut r = [L::splat(0); 7];
    for i in 0..3 {
        let z1 = s[i].wrapping_sub(z0[i]).wrapping_sub(z2[i]);
        r[i] = r[i].wrapping_add(z0[i]);
        r[i + 2] = r[i + 2].wrapping_add(z1);
        r[i + 4] = r[i + 4].wrapping_add(z2[i]);
    }
    r
}

/// `d · c mod (x^2 + 1)`.
#[inline(always)]
fn negacyclic2<L: GoldilocksLanes>(d: [L; 2]) -> [L; 2] {
    let f = product2(d, &NEG2);
    [f[0].wrapping_sub(f[2]), f[1]]
}

/// `d · c mod (x^4 + 1)`: the Karatsuba product, then the wrap with a
/// minus sign.
#[inline(always)]
fn negacyclic4<L: GoldilocksLanes>(d: [L; 4]) -> [L; 4] {
    let f = product4(d, &NEG4);
    [
        f[0].wrapping_sub(f[4]),
        f[1].wrapping_sub(f[5]),
        f[2].wrapping_sub(f[6]),
        f[3],
    ]
}

/// `d · c mod (x^8 + 1)`, 27 multiplications.
#[inline(always)]
fn negacyclic8<L: GoldilocksLanes>(d: [L; 8]) -> [L; 8] {
    let a = [d[0], d[1], d[2], d[3]];
    let b = [d[4], d[5], d[6], d[7]];
    let z0 = product4(a, &NEG8[0]);
    let z2 = product4(b, &NEG8[1]);
    let mut sum = a;
    for i in 0..4 {
        sum[i] = a[i].wrapping_add(b[i]);
    }
    let s = product4(sum, &NEG8[2]);
    let mut full = [L::splat(0); 16];
    for i in 0..7 {
        let z1 = s[i].wrapping_sub(z0[i]).wrapping_sub(z2[i]);
        full[i] = full[i].wrapping_add(z0[i]);
        full[i + 4] = full[i + 4].wrapping_add(z1);
        full[i + 8] = full[i + 8].wrapping_add(z2[i]);
    }
    let mut out = [full[0]; 8];
    for i in 0..8 {
        out[i] = full[i].wrapping_sub(full[i + 8]);
    }
    out
}

/// Splits `v` into `v mod (x^H - 1)` and `v mod (x^H + 1)`.
#[inline(always)]
fn halves<L: GoldilocksLanes, const N: usize, const H: usize>(v: &[L; N]) -> ([L; H], [L; H]) {
    let (mut s, mut d) = ([v[0]; H], [v[0]; H]);
    for k in 0..H {
        s[k] = v[k].wrapping_add(v[k + H]);
        d[k] = v[k].wrapping_sub(v[k + H]);
    }
    (s, d)
}

/// Joins `s mod (x^H - 1)` and `d mod (x^H + 1)` (both scaled alike) into
/// twice the product mod `x^(2H) - 1` (`N = 2H`).
///
/// (Here and above: plain loops, no closures, so that everything inlines
/// into the packed backends' `#[target_feature]` functions.)
#[inline(always)]
fn join<L: GoldilocksLanes, const N: usize, const H: usize>(s: [L; H], d: [L; H]) -> [L; N] {
    let mut out = [s[0]; N];
    for i in 0..H {
        out[i] = s[i].wrapping_add(d[i]);
        out[i + H] = s[i].wrapping_sub(d[i]);
    }
    out
}

#[inline(always)]
fn cyclic2<L: GoldilocksLanes>(v: [L; 2]) -> [L; 2] {
    let p = v[0].wrapping_add(v[1]).wrapping_mul(L::splat(CYC2[0]));
    let q = v[0].wrapping_sub(v[1]).wrapping_mul(L::splat(CYC2[1]));
    [p.wrapping_add(q), p.wrapping_sub(q)]
}

#[inline(always)]
fn cyclic4<L: GoldilocksLanes>(v: [L; 4]) -> [L; 4] {
    let (s, d) = halves::<L, 4, 2>(&v);
    join(cyclic2(s), negacyclic2(d))
}

#[inline(always)]
fn cyclic8<L: GoldilocksLanes>(v: [L; 8]) -> [L; 8] {
    let (s, d) = halves::<L, 8, 4>(&v);
    join(cyclic4(s), negacyclic4(d))
}

/// `16 · (M·v)` with `M` the circulant matrix of
/// [`MDS_MATRIX_FIRST_COLUMN`](crate::constants::MDS_MATRIX_FIRST_COLUMN),
/// exact for `v[i] < 2^32` (the result is below 2^56); on each lane.
#[inline(always)]
pub(crate) fn mds16<L: GoldilocksLanes>(v: [L; 16]) -> [L; 16] {
    let (s, d) = halves::<L, 16, 8>(&v);
    join(cyclic8(s), negacyclic8(d))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The textbook product, in u128.
    fn reference(v: [u64; 16]) -> [u128; 16] {
        core::array::from_fn(|i| {
            (0..16)
                .map(|j| u128::from(C[(16 + i - j) % 16]) * u128::from(v[j]))
                .sum()
        })
    }

    #[test]
    fn equals_the_textbook_product() {
        let mut x = 0x0123_4567_89ab_cdefu64;
        let mut inputs = std::vec![[0u64; 16], [u32::MAX as u64; 16]];
        for k in 0..16 {
            let mut unit = [0u64; 16];
            unit[k] = u32::MAX as u64;
            inputs.push(unit);
        }
        for _ in 0..2000 {
            inputs.push(core::array::from_fn(|_| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                x >> 32
            }));
        }
        for v in inputs {
            let fast = mds16::<u64>(v);
            let slow = reference(v);
            for i in 0..16 {
                assert_eq!(u128::from(fast[i]), 16 * slow[i], "{v:?}");
            }
        }
    }
}
