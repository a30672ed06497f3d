//! The MULX/ADCX/ADOX backend (x86-64 with BMI2 and ADX).

use ark_ff::MontConfig;

use super::x86_64_generated as asm;
use crate::{Backend, MontParams, Portable, Wide, adc};

cpufeatures::new!(cpu_adx_bmi2, "adx", "bmi2");

/// MULX/ADCX/ADOX Montgomery products for 4- and 6-limb moduli (CIOS with
/// two carry chains; other limb counts use the portable code), and for
/// 4-limb moduli of the sparse shape ([`MontParams::SPARSE`], the Stark252
/// prime) a product with one MULX per reduction step instead of five; the
/// unreduced 8-word product of 4-limb values, the terms of every dot
/// product ([`Backend::mac_wide_carry`]). A value of
/// this type is a token that the CPU has BMI2 and ADX: the only way to get
/// one is [`Adx::detect`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Adx {
    _token: (),
}

impl Adx {
    /// `Some` when this CPU has BMI2 and ADX: known at compile time when the
    /// build enables both target features, else from `cpuid` once (cached
    /// in an atomic; no `std` needed).
    #[inline(always)]
    pub fn detect() -> Option<Self> {
        if cpu_adx_bmi2::get() {
            Some(Self { _token: () })
        } else {
            None
        }
    }
}

/// The modulus table of `C` (p, then −p⁻¹ mod 2^64) as the routines read it.
#[inline(always)]
fn table<C: MontConfig<N>, const N: usize>() -> *const u64 {
    let t: &'static crate::ModulusTable<N> = &<C as MontParams<N>>::TABLE;
    (t as *const crate::ModulusTable<N>).cast::<u64>()
}

impl<const N: usize> Backend<N> for Adx {
    const NAME: &'static str = "x86-64 MULX/ADX";

    #[inline(always)]
    fn mul<C: MontConfig<N>>(self, a: &[u64; N], b: &[u64; N]) -> [u64; N] {
        let m = table::<C, N>();
        match N {
            4 if C::SPARSE => {
                // SAFETY: as below; the modulus has the sparse shape the
                // routine needs (`MontParams::SPARSE`).
                widen(unsafe { asm::mul_4_sparse(a.as_ptr(), b.as_ptr(), m) })
            }
            4 => {
                // SAFETY: `self` exists only when the CPU has BMI2 and ADX;
                // `a` and `b` point to N = 4 words and `m` to the 5-word
                // `ModulusTable<4>` (a 'static constant).
                widen(unsafe { asm::mul_4(a.as_ptr(), b.as_ptr(), m) })
            }
            6 => {
                // SAFETY: as above, with 6 words and the 7-word table.
                widen(unsafe { asm::mul_6(a.as_ptr(), b.as_ptr(), m) })
            }
            _ => Portable.mul::<C>(a, b),
        }
    }

    #[inline(always)]
    fn mac_wide_carry(self, acc: &mut Wide<N>, a: &[u64; N], b: &[u64; N]) -> u64 {
        if N != 4 {
            return Portable.mac_wide_carry(acc, a, b);
        }
        // SAFETY: `self` exists only when the CPU has BMI2 and ADX; `a` and
        // `b` point to N = 4 words.
        let t = unsafe { asm::mul_wide_4(a.as_ptr(), b.as_ptr()) };
        let mut carry = 0;
        for k in 0..N {
            (acc.lo[k], carry) = adc(acc.lo[k], t[k], carry);
        }
        for k in 0..N {
            (acc.hi[k], carry) = adc(acc.hi[k], t[N + k], carry);
        }
        carry
    }

    #[inline(always)]
    fn square<C: MontConfig<N>>(self, a: &[u64; N]) -> [u64; N] {
        let m = table::<C, N>();
        match N {
            4 if C::SPARSE => {
                let a4 = a.first_chunk::<4>().expect("N = 4");
                // SAFETY: as below; the modulus has the sparse shape the
                // routine needs (`MontParams::SPARSE`).
                widen(unsafe { asm::square_4_sparse(a4, m) })
            }
            4 => {
                let a4 = a.first_chunk::<4>().expect("N = 4");
                // SAFETY: `self` exists only when the CPU has BMI2 and ADX;
                // `m` points to the 5-word `ModulusTable<4>`.
                widen(unsafe { asm::square_4(a4, m) })
            }
            6 => {
                // SAFETY: as above; `a` points to 6 words, `m` to the 7-word
                // table.
                widen(unsafe { asm::square_6(a.as_ptr(), m) })
            }
            _ => Portable.square::<C>(a),
        }
    }
}

/// Copies a routine's `M`-word result into `[u64; N]` (`M == N` at every
/// call; the match on `N` is resolved at compile time).
#[inline(always)]
fn widen<const M: usize, const N: usize>(r: [u64; M]) -> [u64; N] {
    let mut out = [0u64; N];
    out.copy_from_slice(&r[..N]);
    out
}
