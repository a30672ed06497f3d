//! Scalar Goldilocks reduction on x86_64 with the carry flag read by `sbb`.
//!
//! `crate::field::raw::reduce128` turns each carry or borrow into a 32-bit
//! mask (`2^64 mod p = 2^32 - 1`); LLVM compiles that to `mov $0` +
//! `cmovb` with the constant in another register, four instructions per
//! fix-up. Here each fix-up is `sub`/`add`, `sbb r32, r32` (all-ones low
//! half on a carry, zero-extended), `sub`/`add`: three, with no constant
//! register. Same values as `raw::reduce128`, tested against it
//! (`crate::arch::tests`). Used by the scalar permutation (also in builds
//! with `--cfg algebraic_hash_force_scalar`, which only turn off SIMD);
//! miri, which runs no inline assembly, gets the portable code.

use core::arch::asm;

/// `a · b mod p`, non-canonical (as `raw::mul`).
#[inline(always)]
pub(crate) fn mul(a: u64, b: u64) -> u64 {
    let x = (a as u128) * (b as u128);
    reduce128(x as u64, (x >> 64) as u64)
}

/// Reduces `lo + hi · 2^64` (as `raw::reduce128`).
#[inline(always)]
fn reduce128(lo: u64, hi: u64) -> u64 {
    let hi_hi = hi >> 32;
    let t1 = (hi & 0xffff_ffff).wrapping_mul(0xffff_ffff);
    let mut r = lo;
    // SAFETY: register-only arithmetic (no memory, no stack); the flags it
    // changes are declared clobbered by default (no `preserves_flags`).
    unsafe {
        asm!(
            // lo - hi_hi; a borrow added 2^64 ≡ 2^32 - 1: take that away
            // (the difference is then ≥ 2^64 - 2^32, so no second borrow).
            "sub {r}, {hi_hi}",
            "sbb {m:e}, {m:e}",
            "sub {r}, {m}",
            // + hi_lo · (2^32 - 1); a carry dropped 2^64 ≡ 2^32 - 1: add it
            // back (the sum is then < t1 < p, so no second carry).
            "add {r}, {t1}",
            "sbb {m:e}, {m:e}",
            "add {r}, {m}",
            r = inout(reg) r,
            hi_hi = in(reg) hi_hi,
            t1 = in(reg) t1,
            m = out(reg) _,
            options(pure, nomem, nostack),
        );
    }
    r
}

#[cfg(test)]
mod tests {
    use crate::field::{MODULUS, raw};

    /// The assembly equals `raw::mul` bit for bit (same non-canonical
    /// output), on edge values and on random pairs.
    #[test]
    fn equals_portable_reduction() {
        let edges = [
            0,
            1,
            2,
            MODULUS - 1,
            MODULUS,
            MODULUS + 1,
            u64::MAX,
            u64::MAX - 1,
            1 << 32,
            (1 << 32) - 1,
            (1 << 32) + 1,
            1 << 63,
            MODULUS - (1 << 32),
        ];
        for &a in &edges {
            for &b in &edges {
                assert_eq!(super::mul(a, b), raw::mul(a, b), "{a} · {b}");
            }
        }
        let mut x = 0x2545_f491_4f6c_dd1du64;
        for _ in 0..1_000_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let a = x;
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            assert_eq!(super::mul(a, x), raw::mul(a, x), "{a} · {x}");
            assert_eq!(super::mul(a, a), raw::mul(a, a), "{a}²");
        }
    }
}
