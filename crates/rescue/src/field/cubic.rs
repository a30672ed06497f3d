//! The cubic extension `F_p[φ] / (φ³ − φ − 1)` of Goldilocks, as RPX's (E)
//! rounds use it: an element is `a0 + a1·φ + a2·φ²`, stored as three raw
//! (possibly non-canonical) `u64`s.
//!
//! The polynomial `φ³ − φ − 1` is a fact from miden-crypto 0.28.1
//! (`src/hash/algebraic_sponge/rescue/rpx/mod.rs`, module `cubic_ext`); it
//! is irreducible over `F_p` (tested below). With `φ³ = φ + 1` and
//! `φ⁴ = φ² + φ`, the schoolbook product `c0 + c1·φ + … + c4·φ⁴` reduces to
//! `(c0 + c3) + (c1 + c3 + c4)·φ + (c2 + c4)·φ²`. Each output coefficient
//! is a sum of at most five full 128-bit products, kept unreduced on 192
//! bits (`raw::ProductSum`) and reduced once: three reductions per extension product
//! instead of one per base product and one per coefficient.

use super::raw::ProductSum as Sum;

/// An extension element: raw coefficients of `1, φ, φ²`.
pub(crate) type Ext = [u64; 3];

/// `a · b` (raw in, raw out): nine base-field products, three reductions.
#[inline(always)]
pub(crate) fn mul(a: Ext, b: Ext) -> Ext {
    let c3 = Sum::of(a[1], b[2]).add(Sum::of(a[2], b[1]));
    let c4 = Sum::of(a[2], b[2]);
    [
        Sum::of(a[0], b[0]).add(c3).reduce(),
        Sum::of(a[0], b[1])
            .add(Sum::of(a[1], b[0]))
            .add(c3)
            .add(c4)
            .reduce(),
        Sum::of(a[0], b[2])
            .add(Sum::of(a[1], b[1]))
            .add(Sum::of(a[2], b[0]))
            .add(c4)
            .reduce(),
    ]
}

/// `a²` (raw in, raw out): six base-field products, three reductions.
#[inline(always)]
pub(crate) fn square(a: Ext) -> Ext {
    let p12 = Sum::of(a[1], a[2]);
    let c3 = p12.add(p12);
    let c4 = Sum::of(a[2], a[2]);
    let p01 = Sum::of(a[0], a[1]);
    let p02 = Sum::of(a[0], a[2]);
    [
        Sum::of(a[0], a[0]).add(c3).reduce(),
        p01.add(p01).add(c3).add(c4).reduce(),
        p02.add(p02).add(Sum::of(a[1], a[1])).add(c4).reduce(),
    ]
}

/// `a⁷`: `a² · a = a³` beside `a⁴ = (a²)²`, then `a³ · a⁴`.
#[inline(always)]
pub(crate) fn exp7(a: Ext) -> Ext {
    let a2 = square(a);
    let a3 = mul(a2, a);
    let a4 = square(a2);
    mul(a3, a4)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::field::{MODULUS, raw};

    const P: u128 = MODULUS as u128;

    fn canon(a: Ext) -> Ext {
        a.map(raw::canonical)
    }

    /// The reference product: plain `u128` arithmetic mod p, the degree-4
    /// product reduced by rewriting `φ^d = φ^(d−2) + φ^(d−3)` from the top.
    fn reference_mul(a: Ext, b: Ext) -> Ext {
        let mut c = [0u128; 5];
        for i in 0..3 {
            for j in 0..3 {
                let t = (a[i] as u128 % P) * (b[j] as u128 % P) % P;
                c[i + j] = (c[i + j] + t) % P;
            }
        }
        for d in [4, 3] {
            c[d - 2] = (c[d - 2] + c[d]) % P;
            c[d - 3] = (c[d - 3] + c[d]) % P;
            c[d] = 0;
        }
        [c[0] as u64, c[1] as u64, c[2] as u64]
    }

    fn pow(mut base: Ext, mut e: u64) -> Ext {
        let mut acc = [1, 0, 0];
        while e > 0 {
            if e & 1 == 1 {
                acc = mul(acc, base);
            }
            base = square(base);
            e >>= 1;
        }
        canon(acc)
    }

    /// Edge values (raw: non-canonical ones too) and xorshift values.
    fn elements(n: usize) -> impl Iterator<Item = Ext> {
        let edges = [
            0,
            1,
            2,
            MODULUS - 1,
            MODULUS,
            MODULUS + 1,
            u64::MAX,
            1 << 32,
            (1 << 32) - 1,
            MODULUS - (1 << 32),
        ];
        let mut x = 0x0123_4567_89ab_cdefu64;
        (0..edges.len() * edges.len() + n).map(move |k| {
            core::array::from_fn(|i| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                match (k < edges.len() * edges.len(), i) {
                    (true, 0) => edges[k % edges.len()],
                    (true, 1) => edges[k / edges.len()],
                    (true, _) => edges[(k + 3) % edges.len()],
                    _ => x,
                }
            })
        })
    }

    #[test]
    fn mul_and_square_equal_the_reference() {
        let all: std::vec::Vec<Ext> = elements(3000).collect();
        for (k, &a) in all.iter().enumerate() {
            let b = all[(k * 7 + 1) % all.len()];
            assert_eq!(canon(mul(a, b)), reference_mul(a, b), "{a:?} · {b:?}");
            assert_eq!(canon(square(a)), reference_mul(a, a), "{a:?}²");
        }
    }

    #[test]
    fn exp7_is_seven_products() {
        for a in elements(2000) {
            let mut want = [1, 0, 0];
            for _ in 0..7 {
                want = reference_mul(want, a);
            }
            assert_eq!(canon(exp7(a)), want, "{a:?}^7");
        }
    }

    /// `φ³ − φ − 1` is irreducible. In `F_p[φ]/(f)` for a cubic `f`:
    /// three distinct linear factors give `φ^p = φ`; a linear factor times
    /// an irreducible quadratic gives `φ^(p³) ≠ φ` (the quadratic part is
    /// moved by odd powers of the Frobenius); a repeated factor gives a
    /// nilpotent part that no `p`-th power keeps, so `φ^(p³) ≠ φ` again.
    /// Hence `φ^p ≠ φ` with `φ^(p³) = φ` leaves only the irreducible case.
    #[test]
    fn the_modulus_polynomial_is_irreducible() {
        let phi = [0, 1, 0];
        let frob = |x: Ext| pow(x, MODULUS);
        assert_ne!(frob(phi), phi);
        assert_eq!(frob(frob(frob(phi))), phi);
        // And `x ↦ x^7` is a bijection of the extension: gcd(7, p³ − 1) = 1.
        let p = MODULUS as u128 % 7;
        assert_ne!(p * p % 7 * p % 7, 1);
    }
}
