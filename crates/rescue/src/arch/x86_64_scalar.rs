//! Scalar Goldilocks reduction on x86_64 with the carry flag read by `sbb`.
//!
//! `crate::field::raw::reduce128` turns each carry or borrow into a 32-bit
//! mask (`2^64 mod p = 2^32 - 1`); LLVM compiles that to `mov $0` +
//! `cmovb` with the constant in another register, four instructions per
//! fix-up. Here each fix-up is `sub`/`add`, `sbb r32, r32` (all-ones low
//! half on a carry, zero-extended), `sub`/`add`: three, with no constant
//! register. Same values as `raw::reduce128`, tested against it
//! (`crate::arch::tests`).
//!
//! Which register takes the mask matters on Intel: there `sbb r, r` still
//! waits for the register's previous value (AMD's cores read only the
//! flag). A mask written to a free register of the compiler's choice (an
//! `out` operand) waited for whatever that register last held, often the
//! mask of an unrelated sum just before, which chained independent sums
//! and products one after another (on an Emerald Rapids Xeon, a full
//! round of Poseidon2's Goldilocks state took about 15 % longer). So each
//! mask overwrites an operand that the instruction setting the flag has
//! just read (ready by then: no wait on any CPU), or a register this
//! block wrote itself; the compiler copies the operand first where it is
//! still needed. Used by the scalar permutation (also in builds
//! with `--cfg algebraic_hash_force_scalar`, which only turn off SIMD);
//! miri, which runs no inline assembly, gets the portable code.

use core::arch::asm;

use core::ops::Range;

use crate::permutation::{Instance, RawState, round_scalar};

/// The scalar permutation compiled with BMI2: `mulx` takes its factors in
/// any registers and `shrx` keeps its source, which saves a `mov` per
/// product (5 % against winter-crypto, interleaved harness).
///
/// # Safety
/// The CPU must support BMI2.
#[target_feature(enable = "bmi2")]
pub(crate) unsafe fn permute_bmi2<I: Instance>(state: &mut RawState, rounds: Range<usize>) {
    for r in rounds {
        round_scalar::<I>(state, r);
    }
}

/// `a · b mod p`, non-canonical (as `raw::mul`).
#[inline(always)]
pub(crate) fn mul(a: u64, b: u64) -> u64 {
    let x = (a as u128) * (b as u128);
    reduce128(x as u64, (x >> 64) as u64)
}

/// Reduces `x` (as `raw::reduce128`).
#[cfg(not(algebraic_hash_force_scalar))]
#[inline(always)]
pub(crate) fn reduce(x: u128) -> u64 {
    reduce128(x as u64, (x >> 64) as u64)
}

/// Reduces `lo + hi · 2^64` (as `raw::reduce128`).
#[inline(always)]
fn reduce128(lo: u64, hi: u64) -> u64 {
    let hi_hi = hi >> 32;
    let t1 = (hi & 0xffff_ffff).wrapping_mul(0xffff_ffff);
    let mut r = lo;
    // SAFETY: register-only arithmetic (no memory, no stack); the flags it
    // changes are declared clobbered by default (no `preserves_flags`).
    unsafe {
        asm!(
            // lo - hi_hi; a borrow added 2^64 ≡ 2^32 - 1: take that away
            // (the difference is then ≥ 2^64 - 2^32, so no second borrow).
            // (Each mask overwrites the operand just consumed: see the
            // module's doc on `sbb`'s dependency on its register.)
            "sub {r}, {hi_hi}",
            "sbb {hi_hi:e}, {hi_hi:e}",
            "sub {r}, {hi_hi}",
            // + hi_lo · (2^32 - 1); a carry dropped 2^64 ≡ 2^32 - 1: add it
            // back (the sum is then < t1 < p, so no second carry).
            "add {r}, {t1}",
            "sbb {t1:e}, {t1:e}",
            "add {r}, {t1}",
            r = inout(reg) r,
            hi_hi = inout(reg) hi_hi => _,
            t1 = inout(reg) t1 => _,
            options(pure, nomem, nostack),
        );
    }
    r
}

/// Reduces `x` as `raw::reduce128` (the same output), with a branch for
/// the rare borrow: for rounds whose products are independent and
/// interleave with no vector code (the generic rounds on one `u64` lane,
/// `lanes::GoldilocksLanes`).
///
/// `lo − hi_hi` borrows only when `lo < hi_hi < 2^32`: for a product of
/// raw values about once in 2^32. That case takes a branch (kept a branch
/// by an empty assembly statement, which LLVM cannot hoist), as plonky2's
/// and Plonky3's Goldilocks `reduce128` do, so the usual case is one `sub`
/// where [`reduce128`]'s fix-up is three instructions (`sub`, `sbb`,
/// `sub`). On an Intel Xeon (Granite Rapids) the scalar rounds of
/// Plonky2's Poseidon took 1 201 → 1 057 ns with it. Where scalar products
/// interleave with vector ones (Rescue's mixed AVX2 and scalar lanes) the
/// branches cut the interleaved code into blocks: Rescue's AVX2 path went
/// from 0.82 to 0.86 of winter-crypto's time with it, so it keeps
/// [`reduce128`]. The time of a reduction depends on its value in the rare
/// case (inputs built for it, e.g. `2^48 · 2^48`, take the branch), as
/// plonky2's does.
#[inline(always)]
pub(crate) fn reduce_branching(x: u128) -> u64 {
    let (lo, hi) = (x as u64, (x >> 64) as u64);
    let hi_hi = hi >> 32;
    let t1 = (hi & 0xffff_ffff).wrapping_mul(0xffff_ffff);
    let (mut r, borrow) = lo.overflowing_sub(hi_hi);
    if borrow {
        // SAFETY: an empty assembly statement: no memory, stack or flags.
        unsafe { asm!("", options(nomem, nostack, preserves_flags)) };
        // A borrow added 2^64 ≡ 2^32 − 1: take it away (the difference is
        // then ≥ 2^64 − 2^32, so no second borrow).
        r = r.wrapping_sub(0xffff_ffff);
    }
    // SAFETY: register-only arithmetic (no memory, no stack); the flags it
    // changes are declared clobbered by default (no `preserves_flags`).
    unsafe {
        asm!(
            // + hi_lo · (2^32 − 1), as in `reduce128`.
            "add {r}, {t1}",
            "sbb {t1:e}, {t1:e}",
            "add {r}, {t1}",
            r = inout(reg) r,
            t1 = inout(reg) t1 => _,
            options(pure, nomem, nostack),
        );
    }
    r
}

/// `lo + hi · 2^64 mod p` (raw) with the shortest dependency chain, for
/// products in a chain of latencies (the partial rounds' S-box of
/// Poseidon2): five steps after `hi` where [`reduce128`] takes seven.
/// `hi_lo · (2^32 − 1)` by a shift and a subtraction (not `imul`: ready a
/// step earlier), and both fix-ups' masks taken from the flags before
/// either is applied: with `r = lo − hi_hi + t1` (wrapped), a borrow of the
/// first step takes `2^32 − 1` away and a carry of the second adds it back.
/// Exact: borrow and carry together cancel; a borrow alone leaves `r ≥
/// 2^64 − 2^33 + 2` (`lo − hi_hi` wrapped is at least `2^64 − 2^32 + 1`),
/// a carry alone `r < t1 ≤ 2^64 − 2^33 + 1`, so the value stays in
/// `[0, 2^64)`. Two instructions more than [`reduce128`] (moves), no
/// `imul`.
#[inline(always)]
fn reduce128_short_chain(lo: u64, hi: u64) -> u64 {
    let mut r = lo;
    // SAFETY: register-only arithmetic (no memory, no stack); the flags it
    // changes are declared clobbered by default (no `preserves_flags`).
    unsafe {
        asm!(
            // t = hi_lo · (2^32 − 1) = (hi_lo << 32) − hi_lo.
            "mov {t}, {hi}",
            "shl {t}, 32",
            "mov {m:e}, {hi:e}",
            "sub {t}, {m}",
            "shr {hi}, 32",
            // r = lo − hi_hi + t, the two masks from the flags.
            "sub {r}, {hi}",
            "sbb {m:e}, {m:e}",
            "add {r}, {t}",
            "sbb {t:e}, {t:e}",
            "sub {r}, {m}",
            "add {r}, {t}",
            r = inout(reg) r,
            hi = inout(reg) hi => _,
            t = out(reg) _,
            m = out(reg) _,
            options(pure, nomem, nostack),
        );
    }
    r
}

/// `a · b mod p` (raw) through [`reduce128_short_chain`]: for products on a
/// chain of latencies; [`mul`] for throughput.
#[inline(always)]
pub(crate) fn mul_short_chain(a: u64, b: u64) -> u64 {
    reduce_short_chain(u128::from(a) * u128::from(b))
}

/// Reduces `x` through [`reduce128_short_chain`]: for a reduction on a
/// chain of latencies; [`reduce`] for throughput.
#[inline(always)]
pub(crate) fn reduce_short_chain(x: u128) -> u64 {
    reduce128_short_chain(x as u64, (x >> 64) as u64)
}

/// `c − a · b mod p` (raw) for any `c`, the reduction of the product
/// merged into the subtraction: with `a · b = lo + hi · 2^64` and `t =
/// hi_lo · (2^32 − 1)`, `c − lo + hi_hi − t`, six steps after `hi` where a
/// reduction and a subtraction take twelve (cell 0 of Poseidon2's
/// partial rounds).
///
/// Each wrap of a step (borrow or carry) is a mask of `2^32 − 1 ≡ 2^64`.
/// The first borrow's mask joins `t` before `t` is subtracted (`t + mask ≤
/// 2^64 − 2^32`: no overflow); the other two are applied at the end. The
/// result is exact: a carry of `+ hi_hi` leaves a value below `hi_hi <
/// 2^32` (which its mask keeps below `2^33`), a borrow of `− t` one of at
/// least `2^64 − (t + mask) ≥ 2^32` (its mask takes away less), and both
/// together cancel. Checked against `u128` arithmetic in this module's
/// tests (edge values, products with `hi_lo = 0`, a million random
/// triples).
#[inline(always)]
pub(crate) fn sub_product(c: u64, a: u64, b: u64) -> u64 {
    let x = u128::from(a) * u128::from(b);
    let mut r = c;
    // SAFETY: register-only arithmetic (no memory, no stack); the flags it
    // changes are declared clobbered by default (no `preserves_flags`).
    unsafe {
        asm!(
            // t = hi_lo · (2^32 − 1) = (hi_lo << 32) − hi_lo.
            "mov {t}, {hi}",
            "shl {t}, 32",
            "mov {m:e}, {hi:e}",
            "sub {t}, {m}",
            "shr {hi}, 32",
            // r = c − lo; its borrow's mask into t.
            "sub {r}, {lo}",
            "sbb {m:e}, {m:e}",
            "add {t}, {m}",
            // + hi_hi, − t: their masks.
            "add {r}, {hi}",
            "sbb {lo:e}, {lo:e}",
            "sub {r}, {t}",
            "sbb {t:e}, {t:e}",
            "add {r}, {lo}",
            "sub {r}, {t}",
            r = inout(reg) r,
            lo = inout(reg) x as u64 => _,
            hi = inout(reg) (x >> 64) as u64 => _,
            t = out(reg) _,
            m = out(reg) _,
            options(pure, nomem, nostack),
        );
    }
    r
}

/// `a op b` (`add` or `sub`) followed by carry or borrow fix-ups, each
/// `sbb r32, r32` (all-ones low half on a carry, zero-extended) and the
/// same `op` of that mask: a carry dropped `2^64 ≡ 2^32 - 1`, which is
/// added back; a borrow added it, which is taken away. The mask goes to
/// `b`'s register (`b` is consumed by then; see the module's doc).
macro_rules! op_with_fixups {
    ($(#[$doc:meta])* fn $name:ident = $op:literal, fix-ups: $($fix:literal)+) => {
        $(#[$doc])*
        #[inline(always)]
        pub(crate) fn $name(a: u64, b: u64) -> u64 {
            let mut r = a;
            // SAFETY: register-only arithmetic (no memory, no stack); the
            // flags it changes are declared clobbered by default (no
            // `preserves_flags`).
            unsafe {
                asm!(
                    concat!($op, " {r}, {b}"),
                    $("sbb {b:e}, {b:e}", concat!($fix, " {r}, {b}"),)+
                    r = inout(reg) r,
                    b = inout(reg) b => _,
                    options(pure, nomem, nostack),
                );
            }
            r
        }
    };
}

op_with_fixups!(
    /// `a + b mod p` for `b < p` (as `raw::add_canonical`): one fix-up (the
    /// sum is then below `b < p`, so no second carry), by `sbb`, not a
    /// branch (LLVM turns `raw::add_canonical`'s mask into a jump around
    /// a `xor`, which data make unpredictable).
    fn add_canonical = "add", fix-ups: "add"
);

op_with_fixups!(
    /// `a + b mod p` for any `a`, `b` (as `raw::add`): the first fix-up can
    /// carry again only when the wrapped sum was at least `2^64 - 2^32 +
    /// 1`; the second cannot.
    fn add = "add", fix-ups: "add" "add"
);

op_with_fixups!(
    /// `a - b mod p` for `b < p`: one fix-up (a borrow leaves at least
    /// `2^64 - b > 2^32 - 1`, so taking `2^32 - 1` away cannot borrow).
    fn sub_canonical = "sub", fix-ups: "sub"
);

/// `s + a - b mod p` for `a, b < p` and any `s`, both masks taken from
/// the flags before either is applied (four steps where an addition and a
/// subtraction take six): a carry alone leaves a value below `a`, which
/// `+ (2^32 - 1)` keeps below `2^64`; a borrow alone leaves at least
/// `2^64 - b > 2^32 - 1`; both together cancel.
#[inline(always)]
pub(crate) fn add_sub_canonical(s: u64, a: u64, b: u64) -> u64 {
    let mut r = s;
    // SAFETY: register-only arithmetic (no memory, no stack); the flags it
    // changes are declared clobbered by default (no `preserves_flags`).
    unsafe {
        asm!(
            // The carry's mask in `a`'s register, the borrow's in `b`'s
            // (each consumed by then; see the module's doc).
            "add {r}, {a}",
            "sbb {a:e}, {a:e}",
            "sub {r}, {b}",
            "sbb {b:e}, {b:e}",
            "add {r}, {a}",
            "sub {r}, {b}",
            r = inout(reg) r,
            a = inout(reg) a => _,
            b = inout(reg) b => _,
            options(pure, nomem, nostack),
        );
    }
    r
}

op_with_fixups!(
    /// `a - b mod p` for any `a`, `b`: the first fix-up can borrow again;
    /// the second cannot.
    fn sub = "sub", fix-ups: "sub" "sub"
);

#[cfg(test)]
mod tests {
    extern crate std;

    use crate::constants::{NUM_ROUNDS, Rp64, Rpo};
    use crate::field::{MODULUS, raw};
    use crate::permutation::{permute_scalar, test_states};

    /// Raw words at the edges of the reductions' cases: around 0, p,
    /// 2^32, 2^63 and 2^64, and values whose low or high half is zero.
    const EDGES: [u64; 15] = [
        0,
        1,
        2,
        MODULUS - 1,
        MODULUS,
        MODULUS + 1,
        u64::MAX,
        u64::MAX - 1,
        1 << 32,
        (1 << 32) - 1,
        (1 << 32) + 1,
        1 << 63,
        (1 << 63) + 5,
        MODULUS - (1 << 32),
        0xffff_ffff_0000_0000,
    ];

    /// The BMI2 build of the scalar permutation equals the portable one
    /// bit for bit, on edge-value states and 20 000 random ones (Rp64_256
    /// and RPO rounds).
    #[test]
    fn bmi2_permutation_equals_portable() {
        if !std::is_x86_feature_detected!("bmi2") {
            std::eprintln!("BMI2 not on this CPU: test skipped");
            return;
        }
        for state in test_states(20_000) {
            let (mut a, mut b) = (state, state);
            permute_scalar::<Rp64>(&mut a, 0..NUM_ROUNDS);
            // SAFETY: BMI2 detected above.
            unsafe { super::permute_bmi2::<Rp64>(&mut b, 0..NUM_ROUNDS) };
            assert_eq!(a, b, "on {state:?}");
            let (mut a, mut b) = (state, state);
            permute_scalar::<Rpo>(&mut a, 0..NUM_ROUNDS);
            // SAFETY: BMI2 detected above.
            unsafe { super::permute_bmi2::<Rpo>(&mut b, 0..NUM_ROUNDS) };
            assert_eq!(a, b, "RPO on {state:?}");
        }
    }

    /// `mul_short_chain`, `reduce_short_chain`, `sub_product`,
    /// `add_sub_canonical` and `sub_canonical` against `u128` arithmetic
    /// mod `p` (any raw inputs,
    /// canonical where required): edge values, products whose high word has a
    /// zero low half (`hi_lo = 0`, where `t = 0`) or an all-ones one, and a
    /// million random triples.
    #[test]
    fn short_chain_forms_equal_u128() {
        let p = u128::from(MODULUS);
        let check = |a: u64, b: u64, c: u64| {
            let product = u128::from(a) * u128::from(b) % p;
            assert_eq!(
                u128::from(super::mul_short_chain(a, b)) % p,
                product,
                "{a} · {b}"
            );
            let want = (u128::from(c) % p + p - product) % p;
            assert_eq!(
                u128::from(super::sub_product(c, a, b)) % p,
                want,
                "{c} − {a} · {b}"
            );
            let (ca, cb) = (a % MODULUS, b % MODULUS);
            let want = (u128::from(c) + u128::from(ca) + p - u128::from(cb)) % p;
            assert_eq!(
                u128::from(super::add_sub_canonical(c, ca, cb)) % p,
                want,
                "{c} + {ca} − {cb}"
            );
            let want = (u128::from(c) + p - u128::from(cb)) % p;
            assert_eq!(
                u128::from(super::sub_canonical(c, cb)) % p,
                want,
                "{c} − {cb}"
            );
            let wide = u128::from(a) << 64 | u128::from(c);
            assert_eq!(
                u128::from(super::reduce_short_chain(wide)) % p,
                wide % p,
                "{wide} mod p"
            );
        };
        for &a in &EDGES {
            for &b in &EDGES {
                for &c in &EDGES {
                    check(a, b, c);
                }
            }
        }
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        for _ in 0..1_000_000 {
            let (a, b, c) = (next(), next(), next());
            check(a, b, c);
            // hi = a' · b' >> 64 with a zero or all-ones low half: a' =
            // 2^32 · k, b' = 2^32 · j gives hi = k · j (k, j < 2^32).
            let (k, j) = (a >> 32, b >> 32);
            check(k << 32, j << 32, c);
            check(k << 32, j << 32, c >> 40);
            // Large lo, a small c and t near lo (the order of the masks).
            check(a | 1 << 63, b, c >> 33);
        }
    }

    /// The assembly equals `raw::mul` bit for bit (same non-canonical
    /// output), on edge values and on random pairs.
    #[test]
    fn equals_portable_reduction() {
        for &a in &EDGES {
            for &b in &EDGES {
                assert_eq!(super::mul(a, b), raw::mul(a, b), "{a} · {b}");
                let product = u128::from(a) * u128::from(b);
                assert_eq!(
                    super::reduce_branching(product),
                    raw::reduce128(product),
                    "{a} · {b} (branching)"
                );
                assert_eq!(super::add(a, b), raw::add(a, b), "{a} + {b}");
                let d =
                    (u128::from(a) + 2 * u128::from(MODULUS) - u128::from(b)) % u128::from(MODULUS);
                assert_eq!(raw::canonical(super::sub(a, b)), d as u64, "{a} - {b}");
                let wide = u128::from(a) * u128::from(b) + u128::from(a);
                assert_eq!(
                    super::reduce_branching(wide),
                    raw::reduce128(wide),
                    "{a} + {a} · {b} (branching)"
                );
                let c = b % MODULUS;
                assert_eq!(
                    super::add_canonical(a, c),
                    raw::add_canonical(a, c),
                    "{a} + {c}"
                );
            }
        }
        let mut x = 0x2545_f491_4f6c_dd1du64;
        for _ in 0..1_000_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let a = x;
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            assert_eq!(super::mul(a, x), raw::mul(a, x), "{a} · {x}");
            let c = x % MODULUS;
            assert_eq!(
                super::add_canonical(a, c),
                raw::add_canonical(a, c),
                "{a} + {c}"
            );
            assert_eq!(super::mul(a, a), raw::mul(a, a), "{a}²");
            for wide in [
                u128::from(a) * u128::from(x) + u128::from(c),
                // lo < hi_hi: the branch.
                u128::from(a >> 32) << 96 | u128::from(x >> 40),
            ] {
                assert_eq!(
                    super::reduce_branching(wide),
                    raw::reduce128(wide),
                    "{wide}"
                );
            }
            assert_eq!(super::add(a, x), raw::add(a, x), "{a} + {x}");
            let d = (u128::from(a) + 2 * u128::from(MODULUS) - u128::from(x)) % u128::from(MODULUS);
            assert_eq!(raw::canonical(super::sub(a, x)), d as u64, "{a} - {x}");
        }
    }
}
