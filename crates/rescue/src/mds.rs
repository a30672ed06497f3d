//! The circulant 12×12 MDS matrix of Rp64_256, applied without field
//! multiplications.
//!
//! Every entry is below 32, so each input is split into its low and high
//! 32-bit halves and each half is multiplied by the matrix in plain `u64`
//! arithmetic (a row sum is at most `160 · (2^32 - 1) < 2^40`, no overflow).
//! The two halves are recombined as `lo + hi · 2^32 < 2^73` and reduced once.

use crate::constants::MDS_ROW;
use crate::field::raw;

/// `state ← MDS · state` for a raw (possibly non-canonical) state; the
/// result is raw too.
#[inline(always)]
pub(crate) fn mds_multiply(state: &mut [u64; 12]) {
    let mut lo = [0u64; 12];
    let mut hi = [0u64; 12];
    for i in 0..12 {
        lo[i] = state[i] & 0xffff_ffff;
        hi[i] = state[i] >> 32;
    }
    for (i, out) in state.iter_mut().enumerate() {
        let mut sum_lo = 0u64;
        let mut sum_hi = 0u64;
        for (k, &c) in MDS_ROW.iter().enumerate() {
            let j = (i + k) % 12;
            sum_lo += c * lo[j];
            sum_hi += c * hi[j];
        }
        let wide = u128::from(sum_lo) + (u128::from(sum_hi) << 32);
        *out = raw::reduce_small(wide as u64, (wide >> 64) as u64);
    }
}
