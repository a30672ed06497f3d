//! The lane algorithm of `lanes.rs` on AVX-512 IFMA: [`Ifma`] maps each
//! [`Vector`] operation onto one or two `__m512i` intrinsics, and
//! [`run`] runs a [`LaneKernel`] inside a function compiled with the
//! `avx512f` and `avx512ifma` target features, so that the whole kernel is
//! compiled with them and the intrinsics inline.

use core::arch::x86_64::*;

use crate::lanes::{LaneArith, Vector};
use crate::{FieldOps, LaneKernel, MontConfig};

cpufeatures::new!(cpu_ifma, "avx512f", "avx512ifma");

/// Whether this CPU has AVX-512F and AVX-512 IFMA (one cached `cpuid`
/// check; no `std` needed).
#[inline]
pub(crate) fn available() -> bool {
    cpu_ifma::get()
}

/// Eight `u64` lanes in a `__m512i`. Crate-private: a value exists only
/// inside [`run`], which is entered only after [`available`] said yes, so
/// every intrinsic below runs on a CPU that has it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Ifma(__m512i);

impl Vector for Ifma {
    #[inline(always)]
    fn splat(x: u64) -> Self {
        // SAFETY: `Ifma` is used only on a CPU with AVX-512F (type doc).
        Self(unsafe { _mm512_set1_epi64(x as i64) })
    }
    #[inline(always)]
    fn from_array(x: [u64; 8]) -> Self {
        // SAFETY: AVX-512F as above; `x` is 64 readable bytes (unaligned
        // load).
        Self(unsafe { _mm512_loadu_si512(x.as_ptr().cast()) })
    }
    #[inline(always)]
    fn to_array(self) -> [u64; 8] {
        let mut out = [0u64; 8];
        // SAFETY: AVX-512F as above; `out` is 64 writable bytes (unaligned
        // store).
        unsafe { _mm512_storeu_si512(out.as_mut_ptr().cast(), self.0) };
        out
    }
    #[inline(always)]
    fn add(self, b: Self) -> Self {
        // SAFETY: AVX-512F as above.
        Self(unsafe { _mm512_add_epi64(self.0, b.0) })
    }
    #[inline(always)]
    fn sub(self, b: Self) -> Self {
        // SAFETY: AVX-512F as above.
        Self(unsafe { _mm512_sub_epi64(self.0, b.0) })
    }
    #[inline(always)]
    fn and(self, b: Self) -> Self {
        // SAFETY: AVX-512F as above.
        Self(unsafe { _mm512_and_si512(self.0, b.0) })
    }
    #[inline(always)]
    fn or(self, b: Self) -> Self {
        // SAFETY: AVX-512F as above.
        Self(unsafe { _mm512_or_si512(self.0, b.0) })
    }
    #[inline(always)]
    fn shr(self, k: u32) -> Self {
        // SAFETY: AVX-512F (and SSE2, part of x86-64) as above.
        Self(unsafe { _mm512_srl_epi64(self.0, _mm_cvtsi32_si128(k as i32)) })
    }
    #[inline(always)]
    fn sar(self, k: u32) -> Self {
        // SAFETY: AVX-512F (and SSE2) as above.
        Self(unsafe { _mm512_sra_epi64(self.0, _mm_cvtsi32_si128(k as i32)) })
    }
    #[inline(always)]
    fn shl(self, k: u32) -> Self {
        // SAFETY: AVX-512F (and SSE2) as above.
        Self(unsafe { _mm512_sll_epi64(self.0, _mm_cvtsi32_si128(k as i32)) })
    }
    #[inline(always)]
    fn madd52lo(self, a: Self, b: Self) -> Self {
        // SAFETY: `Ifma` is used only on a CPU with AVX-512 IFMA (type doc).
        Self(unsafe { _mm512_madd52lo_epu64(self.0, a.0, b.0) })
    }
    #[inline(always)]
    fn madd52hi(self, a: Self, b: Self) -> Self {
        // SAFETY: as for `madd52lo`.
        Self(unsafe { _mm512_madd52hi_epu64(self.0, a.0, b.0) })
    }
    #[inline(always)]
    fn select_negative(self, if_negative: Self, otherwise: Self) -> Self {
        // SAFETY: AVX-512F as above.
        Self(unsafe {
            let negative = _mm512_cmplt_epi64_mask(self.0, _mm512_setzero_si512());
            _mm512_mask_blend_epi64(negative, otherwise.0, if_negative.0)
        })
    }
}

/// Runs `kernel` on IFMA lanes of the field of `C` if this CPU has them,
/// else hands it back.
#[inline(always)]
pub(crate) fn dispatch<C: MontConfig<N>, const N: usize, K: LaneKernel<N>>(
    kernel: K,
) -> Result<K::Output, K>
where
    LaneArith<C, Ifma, N>: FieldOps<N>,
{
    if !available() {
        return Err(kernel);
    }
    // SAFETY: the CPU has AVX-512F and IFMA (checked just above).
    Ok(unsafe { run::<C, N, K>(kernel) })
}

/// Runs `kernel` on IFMA lanes of the field of `C`.
///
/// # Safety
/// The CPU must have AVX-512F and AVX-512 IFMA ([`available`]).
#[target_feature(enable = "avx512f,avx512ifma")]
unsafe fn run<C: MontConfig<N>, const N: usize, K: LaneKernel<N>>(kernel: K) -> K::Output
where
    LaneArith<C, Ifma, N>: FieldOps<N>,
{
    kernel.run(LaneArith::<C, Ifma, N>::new_unchecked())
}
