//! The Montgomery product of eight BN254 `Fr` elements on 64-bit lanes with
//! only AVX-512F's 32 × 32 → 64-bit multiply (`vpmuludq`), for CPUs that
//! have AVX-512 but no IFMA: the kernel that answers issue 28's question
//! whether such a lane path would beat the scalar MULX/ADX product. It did
//! not by a clear margin, so the library has no such backend;
//! `crates/montgomery/NOTES.md` has the figures and the operation count.
//!
//! Why 29-bit limbs: `vpmuludq` multiplies the low 32 bits of each lane, so
//! limbs must fit 32 bits, and the columns of a product must not pass 2^64
//! before the carry pass. With 29 bits a limb product is below 2^58; a
//! column receives at most 9 products of the operands, 9 of the reduction
//! and one carry below 2^35, so it stays below 2^63. 30-bit limbs need the
//! same 9 limbs (256 bits) with columns up to 18·2^60 > 2^64, and full
//! 32-bit limbs (8 of them) need a carry after every product. So an element
//! is 9 limbs of 29 bits, and the algorithm is that of the core's `Narrow`
//! backend on lanes: 81 limb products for `a·b`, then 8 reduction steps of
//! 29 bits and one of 24 (`256 = 8·29 + 24`, so the radix stays arkworks'
//! `R = 2^256` and no conversion is needed), 90 limb products, one carry
//! pass.
//!
//! The algorithm is written once over [`Lanes`]: [`Model`] runs it on every
//! CPU with plain `u64` arithmetic; `arch.rs` maps the same operations onto
//! `__m512i` and runs a [`Kernel`] compiled with AVX-512F alone.

#![deny(unsafe_code)]
// Limb loops read best with indices.
#![allow(clippy::needless_range_loop)]

use ark_ff::MontConfig;

mod arch;

/// Limb width.
const BITS: u32 = 29;
/// The low `BITS` bits.
const MASK: u64 = (1 << BITS) - 1;
/// Limbs of a 4-word element.
pub const LIMBS: usize = 9;
/// Full 29-bit reduction steps (`256 = 8·29 + 24`).
const FULL: usize = 8;
/// Bits of the last reduction step.
const REST: u32 = 64 * 4 - BITS * FULL as u32;

/// Eight `u64` lanes and the operations the kernel needs. Shift counts are
/// below 64.
pub trait Lanes: Copy {
    /// Every lane `x`.
    fn splat(x: u64) -> Self;
    /// Lane `k` is `x[k]`.
    fn from_array(x: [u64; 8]) -> Self;
    /// The lanes.
    fn to_array(self) -> [u64; 8];
    /// Lane-wise wrapping sum.
    fn add(self, b: Self) -> Self;
    /// Lane-wise and.
    fn and(self, b: Self) -> Self;
    /// Lane-wise or.
    fn or(self, b: Self) -> Self;
    /// Lane-wise logical right shift.
    fn shr(self, k: u32) -> Self;
    /// Lane-wise left shift.
    fn shl(self, k: u32) -> Self;
    /// Lane-wise `lo32(self)·lo32(b)`, the full 64-bit product
    /// (`vpmuludq`).
    fn mul32(self, b: Self) -> Self;
}

/// The kernel on plain `u64` arrays, with `vpmuludq`'s semantics: the
/// portable model every CPU runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Model([u64; 8]);

impl Model {
    fn map2(self, b: Self, f: impl Fn(u64, u64) -> u64) -> Self {
        Self(core::array::from_fn(|k| f(self.0[k], b.0[k])))
    }
}

impl Lanes for Model {
    fn splat(x: u64) -> Self {
        Self([x; 8])
    }
    fn from_array(x: [u64; 8]) -> Self {
        Self(x)
    }
    fn to_array(self) -> [u64; 8] {
        self.0
    }
    fn add(self, b: Self) -> Self {
        self.map2(b, u64::wrapping_add)
    }
    fn and(self, b: Self) -> Self {
        self.map2(b, |x, y| x & y)
    }
    fn or(self, b: Self) -> Self {
        self.map2(b, |x, y| x | y)
    }
    fn shr(self, k: u32) -> Self {
        Self(self.0.map(|x| x >> k))
    }
    fn shl(self, k: u32) -> Self {
        Self(self.0.map(|x| x << k))
    }
    fn mul32(self, b: Self) -> Self {
        self.map2(b, |x, y| (x & 0xffff_ffff) * (y & 0xffff_ffff))
    }
}

/// Eight elements, one per lane, each in 9 limbs of 29 bits.
pub type Elem<V> = [V; LIMBS];

/// `x` (4 words) cut into 9 limbs of 29 bits.
const fn split(x: &[u64; 4]) -> [u64; LIMBS] {
    let mut out = [0u64; LIMBS];
    let mut j = 0;
    while j < LIMBS {
        let bit = BITS as usize * j;
        let (w, s) = (bit / 64, (bit % 64) as u32);
        let mut v = x[w] >> s;
        if s > 64 - BITS && w + 1 < 4 {
            v |= x[w + 1] << (64 - s);
        }
        out[j] = v & MASK;
        j += 1;
    }
    out
}

/// Lane `k` is `lane(k)` (4 words).
#[inline(always)]
pub fn load<V: Lanes>(lane: impl Fn(usize) -> [u64; 4]) -> Elem<V> {
    let mut cols = [[0u64; 8]; LIMBS];
    for k in 0..8 {
        let limbs = split(&lane(k));
        for j in 0..LIMBS {
            cols[j][k] = limbs[j];
        }
    }
    cols.map(V::from_array)
}

/// Every lane `c`.
#[inline(always)]
pub fn constant<V: Lanes>(c: &[u64; 4]) -> Elem<V> {
    split(c).map(V::splat)
}

/// The eight lanes of a normalized `x` (limbs below 2^29, value below
/// 2^256), as 4 words each.
#[inline(always)]
pub fn store<V: Lanes>(x: &Elem<V>) -> [[u64; 4]; 8] {
    let cols = x.map(V::to_array);
    core::array::from_fn(|k| {
        let mut out = [0u64; 4];
        for j in 0..LIMBS {
            let bit = BITS as usize * j;
            let (w, s) = (bit / 64, (bit % 64) as u32);
            out[w] |= cols[j][k] << s;
            if s > 64 - BITS && w + 1 < 4 {
                out[w + 1] |= cols[j][k] >> (64 - s);
            }
        }
        out
    })
}

/// Runs `$body` with `$i` = 0, 1, …, 8, written out: LLVM does not unroll
/// the nested 9-limb loops by itself (it then keeps the columns in memory).
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

/// `a·b·R⁻¹ mod p` lane by lane (`R = 2^256`), below `a·b/R + p`, with
/// normalized limbs: below 2p for inputs below 2p on a 4-word field with
/// `4p < R` (BN254), the core's lazy-reduction contract.
#[inline(always)]
pub fn mul<C: MontConfig<4>, V: Lanes>(a: &Elem<V>, b: &Elem<V>) -> Elem<V> {
    let mut t = [V::splat(0); 2 * LIMBS];
    each_limb!(i, {
        each_limb!(j, {
            t[i + j] = t[i + j].add(a[i].mul32(b[j]));
        });
    });
    redc::<C, V>(t)
}

/// Montgomery reduction of the columns `t` of one product: `≡ T·2^(−256)`,
/// below `T/R + p`, normalized.
#[inline(always)]
fn redc<C: MontConfig<4>, V: Lanes>(mut t: [V; 2 * LIMBS]) -> Elem<V> {
    let p: [V; LIMBS] = const { split(&C::MODULUS.0) }.map(V::splat);
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

/// Code generic over the lane type, to run on the model or on AVX-512F.
pub trait Kernel {
    /// What the code returns.
    type Output;
    /// Runs the code on lanes `V`.
    fn run<V: Lanes>(self) -> Self::Output;
}

/// Runs `kernel` on the portable model.
pub fn run_model<K: Kernel>(kernel: K) -> K::Output {
    kernel.run::<Model>()
}

/// Runs `kernel` on `__m512i`, compiled with AVX-512F alone, if this CPU
/// has AVX-512F; else hands it back.
pub fn dispatch_avx512f<K: Kernel>(kernel: K) -> Result<K::Output, K> {
    arch::dispatch_avx512f(kernel)
}
