//! The circulant MDS layer: `16 · (M·v)` for `v` of 32-bit limbs, computed
//! as a cyclic convolution by splitting `x^16 - 1` into `x^8 ∓ 1`, then
//! `x^4 ∓ 1`, then `x^2 ∓ 1` (the classic recursive split the Tip5 paper
//! describes). Each cyclic half recurses; each negacyclic half is a small
//! signed matrix, precomputed here from the first column. The halvings
//! leave a factor 2 per level, 16 in all, which the caller removes with a
//! shift once the exact (< 2^56) result is known.
//!
//! All arithmetic wraps in `u64`: the exact results are integers below
//! 2^56 and every intermediate is below 2^63 in absolute value, so two's
//! complement wrapping gives them exactly.

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

/// The negacyclic matrix of column `c` (`x^N + 1`), scaled by `scale`, as
/// wrapping `u64`s: entry `(i, j)` is `±scale · c[(i - j) mod N]`, negative
/// where `i < j`.
const fn negacyclic<const N: usize>(c: [i64; N], scale: i64) -> [[u64; N]; N] {
    let mut m = [[0u64; N]; N];
    let mut i = 0;
    while i < N {
        let mut j = 0;
        while j < N {
            let v = if i >= j { c[i - j] } else { -c[N + i - j] };
            m[i][j] = (v * scale) as u64;
            j += 1;
        }
        i += 1;
    }
    m
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
/// Negacyclic parts, each scaled to the factor its level's cyclic part has.
const NEG8: [[u64; 8]; 8] = negacyclic(S8.1, 8);
const NEG4: [[u64; 4]; 4] = negacyclic(S4.1, 4);
const NEG2: [[u64; 2]; 2] = negacyclic(S2.1, 2);
/// The last cyclic level, `x^2 - 1`: `(c0 + c1)` and `(c0 - c1)`.
const CYC2: [u64; 2] = [(S2.0[0] + S2.0[1]) as u64, (S2.0[0] - S2.0[1]) as u64];

#[inline(always)]
fn negacyclic_mul<const N: usize>(m: &[[u64; N]; N], d: [u64; N]) -> [u64; N] {
    core::array::from_fn(|i| {
        let mut acc = 0u64;
        for j in 0..N {
            acc = acc.wrapping_add(m[i][j].wrapping_mul(d[j]));
        }
        acc
    })
}

/// Splits `v` into `v mod (x^H - 1)` and `v mod (x^H + 1)`.
#[inline(always)]
fn halves<const N: usize, const H: usize>(v: &[u64; N]) -> ([u64; H], [u64; H]) {
    (
        core::array::from_fn(|k| v[k].wrapping_add(v[k + H])),
        core::array::from_fn(|k| v[k].wrapping_sub(v[k + H])),
    )
}

/// Joins `s mod (x^H - 1)` and `d mod (x^H + 1)` (both scaled alike) into
/// twice the product mod `x^(2H) - 1`.
#[inline(always)]
fn join<const N: usize, const H: usize>(s: [u64; H], d: [u64; H]) -> [u64; N] {
    core::array::from_fn(|i| {
        if i < H {
            s[i].wrapping_add(d[i])
        } else {
            s[i - H].wrapping_sub(d[i - H])
        }
    })
}

#[inline(always)]
fn cyclic2(v: [u64; 2]) -> [u64; 2] {
    let p = v[0].wrapping_add(v[1]).wrapping_mul(CYC2[0]);
    let q = v[0].wrapping_sub(v[1]).wrapping_mul(CYC2[1]);
    [p.wrapping_add(q), p.wrapping_sub(q)]
}

#[inline(always)]
fn cyclic4(v: [u64; 4]) -> [u64; 4] {
    let (s, d) = halves::<4, 2>(&v);
    join(cyclic2(s), negacyclic_mul(&NEG2, d))
}

#[inline(always)]
fn cyclic8(v: [u64; 8]) -> [u64; 8] {
    let (s, d) = halves::<8, 4>(&v);
    join(cyclic4(s), negacyclic_mul(&NEG4, d))
}

/// `16 · (M·v)` with `M` the circulant matrix of
/// [`MDS_MATRIX_FIRST_COLUMN`](crate::constants::MDS_MATRIX_FIRST_COLUMN),
/// exact for `v[i] < 2^32` (the result is below 2^56).
#[inline(always)]
pub(crate) fn mds16(v: [u64; 16]) -> [u64; 16] {
    let (s, d) = halves::<16, 8>(&v);
    join(cyclic8(s), negacyclic_mul(&NEG8, d))
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
            let fast = mds16(v);
            let slow = reference(v);
            for i in 0..16 {
                assert_eq!(u128::from(fast[i]), 16 * slow[i], "{v:?}");
            }
        }
    }
}
