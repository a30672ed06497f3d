//! The full product of two 64-bit words, for the fields built on them (the
//! Goldilocks arithmetic of the Rescue crate, the Montgomery core's limbs).
//!
//! Why it is written here once: WebAssembly has a 64 × 64 → 64-bit
//! multiply (`i64.mul`) and no instruction for the high half, so Rust lowers
//! a `u128` product on `wasm32` to a call of the compiler's 128 × 128-bit
//! routine (`__multi3`): six 64-bit multiplies, two of them by zero, with
//! the operands and the result passed through the shadow stack in memory.
//! [`widening_mul`] takes the product from four 32 × 32 → 64-bit multiplies
//! there instead, inline; every other target keeps the `u128` product (one
//! `mul`, `umulh`, … instruction; the 32-bit Arm and RISC-V targets compile
//! it inline too, in fewer instructions than the split: bindings/js/README).

/// `a · b`, exact.
///
/// On `wasm32`, [`widening_mul_by_halves`]; elsewhere the `u128` product.
#[inline(always)]
pub const fn widening_mul(a: u64, b: u64) -> u128 {
    #[cfg(target_arch = "wasm32")]
    {
        widening_mul_by_halves(a, b)
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        a as u128 * b as u128
    }
}

/// `a · b`, exact, from the four products of the words' 32-bit halves: the
/// `wasm32` form of [`widening_mul`], public so that every target can test
/// it against the `u128` product.
///
/// With `a = a1 · 2^32 + a0` and `b = b1 · 2^32 + b0`, the middle column
/// `⌊a0·b0 / 2^32⌋ + (a0·b1 mod 2^32) + (a1·b0 mod 2^32)` is below `3 ·
/// 2^32`, so no sum wraps.
#[inline(always)]
pub const fn widening_mul_by_halves(a: u64, b: u64) -> u128 {
    const LOW: u64 = 0xffff_ffff;
    let (a0, a1) = (a & LOW, a >> 32);
    let (b0, b1) = (b & LOW, b >> 32);
    let low = a0 * b0;
    let cross0 = a0 * b1;
    let cross1 = a1 * b0;
    let middle = (low >> 32) + (cross0 & LOW) + (cross1 & LOW);
    let lo = (low & LOW) | (middle << 32);
    let hi = a1 * b1 + (cross0 >> 32) + (cross1 >> 32) + (middle >> 32);
    (hi as u128) << 64 | lo as u128
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::{widening_mul, widening_mul_by_halves};

    #[test]
    fn halves_give_the_u128_product_at_the_edges() {
        // Words at the ends of each half: every carry of the middle column
        // at its largest.
        let edges = [
            0,
            1,
            0xffff_ffff,
            1 << 32,
            (1 << 32) + 1,
            0xffff_ffff_0000_0001,
            u64::MAX - 1,
            u64::MAX,
        ];
        for &a in &edges {
            for &b in &edges {
                assert_eq!(
                    widening_mul_by_halves(a, b),
                    a as u128 * b as u128,
                    "{a} · {b}"
                );
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(20_000))]
        #[test]
        fn halves_give_the_u128_product(a: u64, b: u64) {
            prop_assert_eq!(widening_mul_by_halves(a, b), a as u128 * b as u128);
            prop_assert_eq!(widening_mul(a, b), a as u128 * b as u128);
        }
    }
}
