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

/// Word `k` of the modulus table of `C` (p, then −p⁻¹ mod 2^64 at `k = N`),
/// for routines that take the modulus as immediates (0 past the table, so
/// that monomorphizations for other `N`, whose call is never taken, still
/// compile).
pub(super) const fn word<C: MontConfig<N>, const N: usize>(k: usize) -> u64 {
    if k < N {
        C::MODULUS.0[k]
    } else if k == N {
        C::INV
    } else {
        0
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
                let a4 = a.first_chunk::<4>().expect("N = 4");
                // SAFETY: `self` exists only when the CPU has BMI2 and ADX;
                // N = 4 and `b` points to 4 words. `a` goes in registers and
                // the modulus in the code (immediates).
                widen(unsafe { asm::mul_4::<C, N>(a4, b.as_ptr()) })
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

    #[inline(always)]
    fn sub_if_ge(self, x: &[u64; N], m: &[u64; N]) -> [u64; N] {
        match N {
            4 => {
                let x4 = x.first_chunk::<4>().expect("N = 4");
                widen(sub_if_ge_4(x4, m.as_ptr()))
            }
            _ => crate::sub_if_ge(x, m),
        }
    }
}

/// `x − m` if `x ≥ m`, else `x`, on 4 words: a `sub`/`sbb` chain and four
/// `cmov`s (no branch, whatever the compiler's heuristics), 12 instructions
/// where the compiled masked select takes about 30.
#[inline(always)]
fn sub_if_ge_4(x: &[u64; 4], m: *const u64) -> [u64; 4] {
    let [mut x0, mut x1, mut x2, mut x3] = *x;
    // SAFETY: `m` points to 4 readable words (the caller's `&[u64; 4]`);
    // the asm reads them, writes only its declared registers and the flags,
    // and needs nothing of the CPU beyond x86-64 (`cmov`).
    unsafe {
        core::arch::asm!(
            "mov {d0}, {x0}",
            "sub {d0}, qword ptr [{m}]",
            "mov {d1}, {x1}",
            "sbb {d1}, qword ptr [{m} + 8]",
            "mov {d2}, {x2}",
            "sbb {d2}, qword ptr [{m} + 16]",
            "mov {d3}, {x3}",
            "sbb {d3}, qword ptr [{m} + 24]",
            // No borrow: x ≥ m, take the difference.
            "cmovnc {x0}, {d0}",
            "cmovnc {x1}, {d1}",
            "cmovnc {x2}, {d2}",
            "cmovnc {x3}, {d3}",
            x0 = inout(reg) x0,
            x1 = inout(reg) x1,
            x2 = inout(reg) x2,
            x3 = inout(reg) x3,
            d0 = out(reg) _,
            d1 = out(reg) _,
            d2 = out(reg) _,
            d3 = out(reg) _,
            m = in(reg) m,
            options(pure, readonly, nostack),
        );
    }
    [x0, x1, x2, x3]
}

/// Copies a routine's `M`-word result into `[u64; N]` (`M == N` at every
/// call; the match on `N` is resolved at compile time).
#[inline(always)]
fn widen<const M: usize, const N: usize>(r: [u64; M]) -> [u64; N] {
    let mut out = [0u64; N];
    out.copy_from_slice(&r[..N]);
    out
}
