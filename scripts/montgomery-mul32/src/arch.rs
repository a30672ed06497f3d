//! The kernel's lane operations on `__m512i` (x86-64 with AVX-512F), and
//! the one entry that checks the CPU. Elsewhere every kernel is handed
//! back.

#![allow(unsafe_code)]

#[cfg(not(target_arch = "x86_64"))]
pub(crate) fn dispatch_avx512f<K: crate::Kernel>(kernel: K) -> Result<K::Output, K> {
    Err(kernel)
}

#[cfg(target_arch = "x86_64")]
pub(crate) use x86_64::dispatch_avx512f;

#[cfg(target_arch = "x86_64")]
mod x86_64 {
    use core::arch::x86_64::*;

    use crate::{Kernel, Lanes};

    /// Eight `u64` lanes in a `__m512i`. Private: a value exists only
    /// inside [`run`], entered only after the CPU check, so every
    /// intrinsic below runs on a CPU with AVX-512F.
    #[derive(Clone, Copy)]
    struct Avx512(__m512i);

    impl Lanes for Avx512 {
        #[inline(always)]
        fn splat(x: u64) -> Self {
            // SAFETY: AVX-512F is present (type doc).
            Self(unsafe { _mm512_set1_epi64(x as i64) })
        }
        #[inline(always)]
        fn from_array(x: [u64; 8]) -> Self {
            // SAFETY: AVX-512F as above; `x` is 64 readable bytes
            // (unaligned load).
            Self(unsafe { _mm512_loadu_si512(x.as_ptr().cast()) })
        }
        #[inline(always)]
        fn to_array(self) -> [u64; 8] {
            let mut out = [0u64; 8];
            // SAFETY: AVX-512F as above; `out` is 64 writable bytes
            // (unaligned store).
            unsafe { _mm512_storeu_si512(out.as_mut_ptr().cast(), self.0) };
            out
        }
        #[inline(always)]
        fn add(self, b: Self) -> Self {
            // SAFETY: AVX-512F as above.
            Self(unsafe { _mm512_add_epi64(self.0, b.0) })
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
        fn shl(self, k: u32) -> Self {
            // SAFETY: AVX-512F (and SSE2) as above.
            Self(unsafe { _mm512_sll_epi64(self.0, _mm_cvtsi32_si128(k as i32)) })
        }
        #[inline(always)]
        fn mul32(self, b: Self) -> Self {
            // SAFETY: AVX-512F as above (`vpmuludq`).
            Self(unsafe { _mm512_mul_epu32(self.0, b.0) })
        }
    }

    /// Runs `kernel` on AVX-512F lanes if this CPU has them, else hands it
    /// back.
    pub(crate) fn dispatch_avx512f<K: Kernel>(kernel: K) -> Result<K::Output, K> {
        if !std::is_x86_feature_detected!("avx512f") {
            return Err(kernel);
        }
        // SAFETY: the CPU has AVX-512F (checked just above).
        Ok(unsafe { run(kernel) })
    }

    /// Runs `kernel` on `__m512i`, compiled with AVX-512F only (so the code
    /// is what a CPU without IFMA would run).
    ///
    /// # Safety
    /// The CPU must have AVX-512F.
    #[target_feature(enable = "avx512f")]
    unsafe fn run<K: Kernel>(kernel: K) -> K::Output {
        kernel.run::<Avx512>()
    }
}
