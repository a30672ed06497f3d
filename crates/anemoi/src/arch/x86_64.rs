//! MULX/ADCX/ADOX Montgomery arithmetic for 4- and 6-limb moduli.

use super::x86_64_generated as asm;
use crate::mont::LimbOps;

/// The modulus and −p⁻¹ mod 2^64, contiguous as the routines read them.
#[derive(Clone, Copy, Debug)]
#[repr(C)]
struct Modulus<const N: usize> {
    p: [u64; N],
    inv: u64,
}

/// A token that the CPU has BMI2 and ADX, with the field's modulus: the
/// only way to reach the assembly routines.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Adx<const N: usize> {
    modulus: Modulus<N>,
}

impl<const N: usize> Adx<N> {
    /// `Some` if this CPU runs the routines and they exist for `N` limbs.
    #[inline(always)]
    pub(crate) fn new(p: &[u64; N], inv: u64) -> Option<Self> {
        if !(N == 4 || N == 6) || !cpu_has_adx() {
            return None;
        }
        Some(Self {
            modulus: Modulus { p: *p, inv },
        })
    }

    #[inline(always)]
    fn pinv(&self) -> *const u64 {
        (&self.modulus as *const Modulus<N>).cast::<u64>()
    }
}

#[inline(always)]
fn cpu_has_adx() -> bool {
    #[cfg(all(target_feature = "bmi2", target_feature = "adx"))]
    {
        true
    }
    #[cfg(all(
        not(all(target_feature = "bmi2", target_feature = "adx")),
        feature = "std"
    ))]
    {
        std::is_x86_feature_detected!("bmi2") && std::is_x86_feature_detected!("adx")
    }
    #[cfg(all(
        not(all(target_feature = "bmi2", target_feature = "adx")),
        not(feature = "std")
    ))]
    {
        false
    }
}

/// Copies the first `M` words of a routine's result into `[u64; N]`
/// (`M == N` at every call).
#[inline(always)]
fn widen<const M: usize, const N: usize>(r: [u64; M]) -> [u64; N] {
    let mut out = [0u64; N];
    out.copy_from_slice(&r[..N]);
    out
}

impl<const N: usize> LimbOps<N> for Adx<N> {
    #[inline(always)]
    fn square(&self, a_limbs: &[u64; N]) -> [u64; N] {
        let (a, m) = (a_limbs.as_ptr(), self.pinv());
        match N {
            4 => {
                let a4 = a_limbs.first_chunk::<4>().expect("N = 4");
                // SAFETY: an `Adx` exists only when the CPU has BMI2 and
                // ADX; `m` points to the 5-word `Modulus<4>`.
                widen(unsafe { asm::square_4(a4, m) })
            }
            // SAFETY: an `Adx` exists only when the CPU has BMI2 and ADX;
            // `a` points to N = 6 words and `m` to the 7-word `Modulus<6>`.
            6 => widen(unsafe { asm::square_6(a, m) }),
            _ => unreachable!("Adx::new refuses other limb counts"),
        }
    }

    #[inline(always)]
    fn mul(&self, a: &[u64; N], b: &[u64; N]) -> [u64; N] {
        let (a, b, m) = (a.as_ptr(), b.as_ptr(), self.pinv());
        match N {
            // SAFETY: an `Adx` exists only when the CPU has BMI2 and ADX;
            // `a`, `b` point to N = 4 words and `m` to the 5-word `Modulus<4>`.
            4 => widen(unsafe { asm::mul_4(a, b, m) }),
            // SAFETY: as above, with 6 and 7 words.
            6 => widen(unsafe { asm::mul_6(a, b, m) }),
            _ => unreachable!("Adx::new refuses other limb counts"),
        }
    }
}
