//! A 32-bit-limb Montgomery multiplication in BN254 `Fr`, only to estimate
//! what a field path written for 32-bit targets would cost next to
//! arkworks' 64-bit limbs (which rv32 emulates with 32-bit halves).
//!
//! Both use R = 2^256, so an arkworks element's Montgomery limbs, split into
//! 32-bit halves, are this code's representation; `main.rs` checks the
//! product against arkworks' on the measured inputs.

use core::fmt;

use algebraic_hash_poseidon::Fr;
use ark_ff::PrimeField;

const LIMBS: usize = 8;

/// The modulus in 32-bit little-endian limbs.
const P: [u32; LIMBS] = split(<Fr as PrimeField>::MODULUS.0);

/// −p⁻¹ mod 2^32 (Newton's iteration for the inverse of an odd number).
const P_INV_NEG: u32 = {
    let mut inv = 1u32;
    let mut i = 0;
    while i < 5 {
        inv = inv.wrapping_mul(2u32.wrapping_sub(P[0].wrapping_mul(inv)));
        i += 1;
    }
    inv.wrapping_neg()
};

/// 64-bit limbs to 32-bit halves, low half first.
pub const fn split(limbs: [u64; 4]) -> [u32; LIMBS] {
    let mut out = [0u32; LIMBS];
    let mut i = 0;
    while i < 4 {
        out[2 * i] = limbs[i] as u32;
        out[2 * i + 1] = (limbs[i] >> 32) as u32;
        i += 1;
    }
    out
}

/// An element in Montgomery form, 32-bit little-endian limbs.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Limbs(pub [u32; LIMBS]);

impl From<&Fr> for Limbs {
    /// Montgomery limbs of an arkworks element, as 32-bit halves.
    fn from(x: &Fr) -> Self {
        Self(split((x.0).0))
    }
}

impl fmt::Display for Limbs {
    /// Montgomery form, `0x`-hex, most significant limb first.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("0x")?;
        for limb in self.0.iter().rev() {
            write!(f, "{limb:08x}")?;
        }
        Ok(())
    }
}

/// a·b·R⁻¹ mod p for a, b < p (coarsely integrated operand scanning).
#[inline(never)]
pub fn mont_mul(a: &Limbs, b: &Limbs) -> Limbs {
    let (a, b) = (&a.0, &b.0);
    let mut t = [0u32; LIMBS + 2];
    for &bi in b {
        let mut carry = 0u64;
        for j in 0..LIMBS {
            let s = u64::from(t[j]) + u64::from(a[j]) * u64::from(bi) + carry;
            t[j] = s as u32;
            carry = s >> 32;
        }
        let s = u64::from(t[LIMBS]) + carry;
        t[LIMBS] = s as u32;
        t[LIMBS + 1] = (s >> 32) as u32;

        let m = t[0].wrapping_mul(P_INV_NEG);
        let mut carry = (u64::from(t[0]) + u64::from(m) * u64::from(P[0])) >> 32;
        for j in 1..LIMBS {
            let s = u64::from(t[j]) + u64::from(m) * u64::from(P[j]) + carry;
            t[j - 1] = s as u32;
            carry = s >> 32;
        }
        let s = u64::from(t[LIMBS]) + carry;
        t[LIMBS - 1] = s as u32;
        t[LIMBS] = t[LIMBS + 1] + (s >> 32) as u32;
    }
    // t < 2p: one conditional subtraction.
    let mut out = [0u32; LIMBS];
    let mut borrow = 0u64;
    for j in 0..LIMBS {
        let d = u64::from(t[j])
            .wrapping_sub(u64::from(P[j]))
            .wrapping_sub(borrow);
        out[j] = d as u32;
        borrow = (d >> 63) & 1;
    }
    if t[LIMBS] == 0 && borrow == 1 {
        out.copy_from_slice(&t[..LIMBS]);
    }
    Limbs(out)
}
