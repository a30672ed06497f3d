//! NEON: 4 lanes of 32 bits in one `uint32x4_t` register (the `neon-lanes`
//! feature on aarch64).
//!
//! Why not the shared [`super::packed`] arithmetic: that is written over
//! x86's even-lane widening products (`vpmuludq`), which NEON lacks as
//! such. NEON instead has `sqdmulh` (`vqdmulhq_s32`), the high half of
//! the doubled 32 × 32-bit product of every lane, and `mul`
//! (`vmulq_u32`), the low half. With them a product of four lanes is
//! seven instructions (Montgomery) or six (Mersenne31) with no widening,
//! no shuffles and no even/odd split; the even-lane primitives mapped
//! onto NEON (`xtn` + `umull` for each half, `trn2` to recombine) would
//! take about nineteen. So this backend is its own [`Lanes`] type, and
//! the power-of-two products (`mul_2exp`, `div_2exp`) and the S-box step
//! (`add_pow`) are plain products: at seven instructions a product costs
//! about what the x86 backends' shift forms do.
//!
//! Every lane holds a stored word below `p` (Montgomery form for BabyBear
//! and KoalaBear, the value for Mersenne31), read as a signed 32-bit
//! integer where `sqdmulh` needs it (`p < 2^31`, so it is non-negative).
//!
//! NEON is part of every aarch64 Linux and macOS target; this module is
//! compiled only when the build has it (`cfg(target_feature = "neon")`),
//! which is what every `unsafe` block around an intrinsic relies on. No
//! speed has been measured: the only aarch64 here is qemu.

use core::arch::aarch64::*;
use core::marker::PhantomData;
use core::ops::{Add, AddAssign, Mul, MulAssign, Neg, Sub, SubAssign};

use super::LaneKernel;
use super::moves::Register;
use crate::{Field31, Lanes, Reduction};

/// Four elements of `F` side by side in a NEON register.
#[derive(Clone, Copy)]
pub(super) struct PackedNeon<F> {
    v: uint32x4_t,
    _field: PhantomData<F>,
}

macro_rules! neon {
    ($e:expr) => {
        // SAFETY: this module is compiled only with NEON enabled
        // (`cfg(target_feature = "neon")`); the intrinsics take and return
        // registers only (no memory access).
        unsafe { $e }
    };
}

impl<F: Field31> PackedNeon<F> {
    #[inline(always)]
    fn from_vector(v: uint32x4_t) -> Self {
        Self {
            v,
            _field: PhantomData,
        }
    }

    #[inline(always)]
    fn p() -> uint32x4_t {
        neon!(vdupq_n_u32(F::MODULUS))
    }

    /// `r` below `p` from a word `r` in `0..2p`, or from `r − p` wrapped
    /// (then `r + p` is the smaller): the unsigned minimum of `r` and
    /// `r ± p` picks the one below `p`.
    #[inline(always)]
    fn min_of(r: uint32x4_t, other: uint32x4_t) -> uint32x4_t {
        neon!(vminq_u32(r, other))
    }
}

impl<F: Field31> Add for PackedNeon<F> {
    type Output = Self;
    #[inline(always)]
    fn add(self, rhs: Self) -> Self {
        // The sum is below 2p < 2^32.
        let s = neon!(vaddq_u32(self.v, rhs.v));
        Self::from_vector(Self::min_of(s, neon!(vsubq_u32(s, Self::p()))))
    }
}

impl<F: Field31> Sub for PackedNeon<F> {
    type Output = Self;
    #[inline(always)]
    fn sub(self, rhs: Self) -> Self {
        // A wrapped difference is ≥ 2^32 − p and adding p brings it below
        // p; an unwrapped one is the smaller of the two.
        let d = neon!(vsubq_u32(self.v, rhs.v));
        Self::from_vector(Self::min_of(d, neon!(vaddq_u32(d, Self::p()))))
    }
}

impl<F: Field31> Neg for PackedNeon<F> {
    type Output = Self;
    #[inline(always)]
    fn neg(self) -> Self {
        Self::from_vector(neon!(vdupq_n_u32(0))) - self
    }
}

impl<F: Field31> Mul for PackedNeon<F> {
    type Output = Self;
    #[inline(always)]
    fn mul(self, rhs: Self) -> Self {
        let p = Self::p();
        let (a, b) = neon!((vreinterpretq_s32_u32(self.v), vreinterpretq_s32_u32(rhs.v)));
        // For a, b in [0, p): hi = ⌊2ab / 2^32⌋ = ⌊ab / 2^31⌋ (no
        // saturation: that needs both operands −2^31) and lo = ab mod 2^32.
        let hi = neon!(vqdmulhq_s32(a, b));
        let r = match F::REDUCTION {
            Reduction::Montgomery { mu, .. } => neon!({
                // q = ab·mu mod 2^32 (signed), so qp ≡ ab mod 2^32 and
                // ab − qp = 2^32·r with r in (−p, p) (|q| ≤ 2^31, ab < p²).
                // ⌊ab/2^31⌋ − ⌊qp/2^31⌋ is then exactly 2r (the two agree
                // below bit 32), and the halving subtraction gives r
                // without overflow.
                let b_mu = vmulq_s32(b, vdupq_n_s32(mu as i32));
                let q = vmulq_s32(a, b_mu);
                let qp_hi = vqdmulhq_s32(q, vreinterpretq_s32_u32(p));
                let r = vreinterpretq_u32_s32(vhsubq_s32(hi, qp_hi));
                // A negative r wraps above 2^31: r + p is then below p.
                Self::min_of(r, vaddq_u32(r, p))
            }),
            Reduction::Mersenne => neon!({
                // ab = ⌊ab/2^31⌋·2^31 + (ab mod 2^31) ≡ hi + (lo mod 2^31)
                // (2^31 ≡ 1); both terms below p, the sum below 2p.
                let lo = vmulq_u32(self.v, rhs.v);
                let t = vaddq_u32(vreinterpretq_u32_s32(hi), vandq_u32(lo, p));
                Self::min_of(t, vsubq_u32(t, p))
            }),
        };
        Self::from_vector(r)
    }
}

impl<F: Field31> AddAssign for PackedNeon<F> {
    #[inline(always)]
    fn add_assign(&mut self, rhs: Self) {
        *self = *self + rhs;
    }
}

impl<F: Field31> SubAssign for PackedNeon<F> {
    #[inline(always)]
    fn sub_assign(&mut self, rhs: Self) {
        *self = *self - rhs;
    }
}

impl<F: Field31> MulAssign for PackedNeon<F> {
    #[inline(always)]
    fn mul_assign(&mut self, rhs: Self) {
        *self = *self * rhs;
    }
}

impl<F: Field31> Lanes for PackedNeon<F> {
    type Scalar = F;
    const COUNT: usize = 4;
    type Wide = Self;
    const WIDE_IS_EXACT: bool = false;
    #[inline(always)]
    fn widen(self) -> Self {
        self
    }
    #[inline(always)]
    fn narrow(wide: Self) -> Self {
        wide
    }

    #[inline(always)]
    fn splat(value: F) -> Self {
        Self::from_vector(neon!(vdupq_n_u32(value.to_stored())))
    }

    /// One product by the constant `2^k` (doublings for `k ≤ 3`).
    #[inline(always)]
    fn mul_2exp(self, k: u32) -> Self {
        if k <= 3 {
            let mut x = self;
            for _ in 0..k {
                x = x + x;
            }
            x
        } else {
            self * Self::splat(F::from_u64_reduced(1 << k))
        }
    }

    /// One product by the constant `2^-k`.
    #[inline(always)]
    fn div_2exp(self, k: u32) -> Self {
        if k == 0 {
            return self;
        }
        let half = F::from_u64_reduced(u64::from(F::MODULUS).div_ceil(2));
        self * Self::splat(half.exp_u64(u64::from(k)))
    }
}

// SAFETY: NEON is enabled in every build that compiles this module, so the
// loads and stores may run anywhere; they touch exactly the 16 bytes of
// the arrays.
unsafe impl<F: Field31> Register<4> for PackedNeon<F> {
    #[inline(always)]
    unsafe fn load(words: &[u32; 4]) -> Self {
        // SAFETY: see above.
        Self::from_vector(unsafe { vld1q_u32(words.as_ptr()) })
    }
    #[inline(always)]
    unsafe fn store(self, words: &mut [u32; 4]) {
        // SAFETY: see above.
        unsafe { vst1q_u32(words.as_mut_ptr(), self.v) }
    }
}

/// Runs `kernel` on `states`, 4 at a time.
#[inline]
pub(super) fn apply_many<F: Field31, K: LaneKernel<F, W>, const W: usize>(
    kernel: &K,
    states: &mut [[F; W]],
) {
    // SAFETY: NEON is enabled in this build (module doc), so `PackedNeon`'s
    // instructions run on this CPU.
    unsafe { super::moves::drive::<F, K, PackedNeon<F>, W, 4>(kernel, states) }
}
