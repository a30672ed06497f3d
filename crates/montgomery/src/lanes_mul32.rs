//! A measurement kernel, not a backend: the Montgomery product of eight
//! 4-word field elements (BN254) on 64-bit lanes with only AVX-512F's
//! 32 × 32 → 64-bit multiply (`vpmuludq`), for CPUs that have AVX-512 but no
//! IFMA. It answers issue 28's question whether such a lane path would beat
//! the scalar MULX/ADX product (`crates/montgomery/NOTES.md` has the
//! figures); the hash crates do not use it.
//!
//! Why 29-bit limbs: `vpmuludq` multiplies the low 32 bits of each lane, so
//! limbs must fit 32 bits, and the columns of a product must not pass 2^64
//! before the carry pass. With 29 bits a limb product is below 2^58; a
//! column receives at most 9 products of the operands, 9 of the reduction
//! and one carry below 2^35, so it stays below 2^63. 30-bit limbs would need
//! the same 9 limbs (256 bits) with columns up to 18·2^60 > 2^64, and full
//! 32-bit limbs (8 of them) would need a carry after every product. So an
//! element is 9 limbs of 29 bits, and the algorithm is that of
//! [`crate::Narrow`] on lanes: 81 limb products for `a·b`, then 8 reduction
//! steps of 29 bits and one of 24 (`256 = 8·29 + 24`, so the radix stays
//! arkworks' `R = 2^256`), 90 limb products, one carry pass.
//!
//! The algorithm is written once over [`Mul32`] (a [`Vector`] with
//! `vpmuludq`): [`Model`] runs it on every CPU; `arch/x86_64_ifma.rs` maps
//! the same operations onto `__m512i` and runs a kernel compiled with
//! AVX-512F alone.

use ark_ff::MontConfig;

use crate::lanes::{Model, Vector};
use crate::narrow::split as split29;

/// Limb width.
const BITS: u32 = 29;
/// The low `BITS` bits.
const MASK: u64 = (1 << BITS) - 1;
/// Limbs of a 4-word element.
pub const LIMBS: usize = 9;
/// Full 29-bit reduction steps (`256 = 8·29 + 24`).
const FULL: usize = 8;
/// Bits of the last reduction step.
const REST: u32 = 24;

/// Runs `$body` with `$i` = 0, 1, …, 8, written out: LLVM does not unroll
/// the nested 9-limb loops by itself, and the columns must stay in
/// registers.
macro_rules! each_limb {
    ($i:ident, $body:block) => {
        each_limb!(@ $i, $body, 0 1 2 3 4 5 6 7 8)
    };
    (@ $i:ident, $body:block, $($k:literal)*) => {
        $({
            let $i: usize = $k;
            $body
        })*
    };
}

/// A [`Vector`] with AVX-512F's `vpmuludq`.
pub trait Mul32: Vector {
    /// Lane-wise `lo32(self)·lo32(b)`, the full 64-bit product.
    fn mul32(self, b: Self) -> Self;
}

impl Mul32 for Model {
    #[inline(always)]
    fn mul32(self, b: Self) -> Self {
        let (x, y) = (self.to_array(), b.to_array());
        Self::from_array(core::array::from_fn(|k| {
            (x[k] & 0xffff_ffff) * (y[k] & 0xffff_ffff)
        }))
    }
}

/// Eight elements, one per lane, each in 9 limbs of 29 bits.
pub type Elem<V> = [V; LIMBS];

/// Lane `k` is `lane(k)` (4 words, below 2^256), cut into 29-bit limbs.
#[inline(always)]
pub fn load<V: Mul32>(lane: impl Fn(usize) -> [u64; 4]) -> Elem<V> {
    let mut cols = [[0u64; 8]; LIMBS];
    for k in 0..8 {
        let limbs: [u64; LIMBS] = split29(&lane(k));
        for j in 0..LIMBS {
            cols[j][k] = limbs[j];
        }
    }
    cols.map(V::from_array)
}

/// Every lane `c`.
#[inline(always)]
pub fn constant<V: Mul32>(c: &[u64; 4]) -> Elem<V> {
    split29::<4, LIMBS>(c).map(V::splat)
}

/// The eight lanes of a normalized `x` (limbs below 2^29), as 4 words each.
#[inline(always)]
pub fn store<V: Mul32>(x: &Elem<V>) -> [[u64; 4]; 8] {
    let cols = x.map(V::to_array);
    core::array::from_fn(|k| {
        let mut out = [0u64; 4];
        for j in 0..LIMBS {
            let bit = BITS as usize * j;
            let (w, s) = (bit / 64, (bit % 64) as u32);
            if w < 4 {
                out[w] |= cols[j][k] << s;
                if s > 64 - BITS && w + 1 < 4 {
                    out[w + 1] |= cols[j][k] >> (64 - s);
                }
            }
        }
        out
    })
}

/// `a·b·R⁻¹ mod p` lane by lane (`R = 2^256`), below `a·b/R + p`, with
/// normalized limbs: below 2p for inputs below 2p on a lazy 4-word field
/// (rule 1 of the crate documentation).
#[inline(always)]
pub fn mul<C: MontConfig<4>, V: Mul32>(a: &Elem<V>, b: &Elem<V>) -> Elem<V> {
    let mut t = [V::splat(0); 2 * LIMBS];
    each_limb!(i, {
        each_limb!(j, {
            t[i + j] = t[i + j].add(a[i].mul32(b[j]));
        });
    });
    redc::<C, V>(t)
}

/// Montgomery reduction of the columns `t` (each below 2^63 minus the
/// reduction's share, see the module documentation): `≡ T·2^(−256)`, below
/// `T/R + p`, normalized.
#[inline(always)]
fn redc<C: MontConfig<4>, V: Mul32>(mut t: [V; 2 * LIMBS]) -> Elem<V> {
    let p: [V; LIMBS] = const { split29::<4, LIMBS>(&C::MODULUS.0) }.map(V::splat);
    // −p⁻¹ mod 2^29: the low bits of arkworks' −p⁻¹ mod 2^64.
    let mu = V::splat(C::INV & MASK);
    let mask = V::splat(MASK);
    // Full steps: column i becomes a multiple of 2^29; its carry moves up.
    each_limb!(i, {
        if i < FULL {
            let m = t[i].mul32(mu).and(mask);
            each_limb!(j, {
                t[i + j] = t[i + j].add(m.mul32(p[j]));
            });
            t[i + 1] = t[i + 1].add(t[i].shr(BITS));
        }
    });
    // The last step clears the low `REST` bits of column FULL.
    let m = t[FULL].mul32(mu).and(V::splat((1 << REST) - 1));
    each_limb!(j, {
        t[FULL + j] = t[FULL + j].add(m.mul32(p[j]));
    });
    // Carries through columns FULL.., then the value shifted right by
    // `REST` bits, re-cut into 29-bit limbs.
    for k in FULL..2 * LIMBS - 1 {
        t[k + 1] = t[k + 1].add(t[k].shr(BITS));
        t[k] = t[k].and(mask);
    }
    core::array::from_fn(|j| {
        let lo = t[FULL + j].shr(REST);
        let hi = t[FULL + j + 1].shl(BITS - REST).and(mask);
        lo.or(hi)
    })
}

/// Code generic over the vector type, to run on the model or on AVX-512F.
pub trait Mul32Kernel {
    /// What the code returns.
    type Output;
    /// Runs the code on vectors `V`.
    fn run<V: Mul32>(self) -> Self::Output;
}

/// Runs `kernel` on the portable model.
pub fn run_model<K: Mul32Kernel>(kernel: K) -> K::Output {
    kernel.run::<Model>()
}

/// Runs `kernel` on `__m512i` compiled with AVX-512F alone, if this CPU has
/// AVX-512F; else hands it back.
#[inline(always)]
pub fn dispatch_avx512f<K: Mul32Kernel>(kernel: K) -> Result<K::Output, K> {
    #[cfg(all(target_arch = "x86_64", not(algebraic_hash_force_scalar), not(miri)))]
    return crate::arch::x86_64_ifma::dispatch_avx512f(kernel);
    #[cfg(not(all(target_arch = "x86_64", not(algebraic_hash_force_scalar), not(miri))))]
    Err(kernel)
}
